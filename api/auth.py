"""Tokens for programs (``Authorization: Token …``): a login's username and password
give its token. Failed attempts are counted per account and per client address by
``duidiao.security.LoginThrottleMiddleware`` (the client address as the trusted proxies
give it, never as the client claims). A token expires ``API_TOKEN_DAYS`` after it was
issued (a new one is issued at the next login), and logging out deletes it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .authentication import token_expired


class TokenObtain(ObtainAuthToken):
    """POST username and password → the token (a fresh one once the old has expired)."""

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        token, _created = Token.objects.get_or_create(user=user)
        if token_expired(token):
            token.delete()
            token = Token.objects.create(user=user)
        return Response({"token": token.key})


class TokenLogout(APIView):
    """Log a program out: its token is deleted and no longer authenticates."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
