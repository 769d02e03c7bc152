"""Token authentication whose tokens expire (``API_TOKEN_DAYS`` after they were issued).

Kept apart from the views: REST framework imports the authentication classes while its
own views module loads."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token


def token_expired(token: Token) -> bool:
    return bool(token.created < timezone.now() - timedelta(days=settings.API_TOKEN_DAYS))


class ExpiringTokenAuthentication(TokenAuthentication):
    """A token older than ``API_TOKEN_DAYS`` no longer authenticates (and is deleted)."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            token.delete()
            raise exceptions.AuthenticationFailed(
                "令牌已过期，请重新获取 / the token has expired; obtain a new one"
            )
        return user, token
