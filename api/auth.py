"""Tokens for programs (``Authorization: Token …``): a login's username and password
give its token. Throttled, since it is the one place a password can be guessed."""

from __future__ import annotations

from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.throttling import ScopedRateThrottle


class TokenObtain(ObtainAuthToken):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"
