"""Who is asking, and how often they may guess.

* :func:`client_address` — the client's address: ``REMOTE_ADDR``, or — only when the
  request came through a proxy listed in ``TRUSTED_PROXIES`` — the last address in
  ``X-Forwarded-For`` that is not one of those proxies. A client cannot choose its own
  address by sending the header (docs/deploy.md, "Trusted proxies").
* :class:`Misses` — a count of failed guesses per key in a time window (the cache), so
  that logins, the token endpoint, table codes and PINs cannot be guessed without end.
* :class:`LoginThrottleMiddleware` — ``/login/``, ``/admin/login/`` and the API's token
  endpoint answer 429 after too many failed logins for one account or from one address.
* :class:`ContentSecurityPolicyMiddleware` — the pages load only their own scripts.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
from collections.abc import Callable
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

__all__ = [
    "ContentSecurityPolicyMiddleware",
    "LoginThrottleMiddleware",
    "Misses",
    "TooManyGuesses",
    "client_address",
    "guess_missed",
    "guesses_left",
    "too_many",
]


@lru_cache(maxsize=8)
def _networks(
    proxies: tuple[str, ...],
) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(p.strip(), strict=False) for p in proxies if p.strip())


def _trusted(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in _networks(tuple(settings.TRUSTED_PROXIES)))


def client_address(request: HttpRequest) -> str:
    """The client's address; ``X-Forwarded-For`` counts only as set by a trusted proxy."""
    address = str(request.META.get("REMOTE_ADDR", ""))
    if not _trusted(address):
        return address
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
    for hop in reversed([h.strip() for h in forwarded.split(",") if h.strip()]):
        address = hop
        if not _trusted(hop):
            break
    return address


class Misses:
    """Failed guesses per key within ``window`` seconds; ``limit`` of them block."""

    def __init__(self, scope: str, *, limit: int, window: int) -> None:
        self.scope, self.limit, self.window = scope, limit, window

    def _key(self, key: str) -> str:
        # Hashed: an account name may hold any character (a cache key may not).
        return f"misses:{self.scope}:{hashlib.sha256(key.encode()).hexdigest()[:32]}"

    def count(self, key: str) -> int:
        return int(cache.get(self._key(key), 0))

    def blocked(self, key: str) -> bool:
        return self.count(key) >= self.limit

    def miss(self, key: str) -> int:
        name = self._key(key)
        cache.add(name, 0, self.window)
        try:
            return int(cache.incr(name))
        except ValueError:  # expired between add and incr
            cache.set(name, 1, self.window)
            return 1


def too_many() -> HttpResponse:
    """The 429 every throttle answers (bilingual, Chinese first)."""
    response = HttpResponse(
        _("尝试次数过多，请稍后再试。") + " / Too many attempts; try again later.",
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = "60"
    return response


class TooManyGuesses(Exception):
    """Raised by a page when its client has guessed wrong too often: answered with 429
    (:class:`LoginThrottleMiddleware` turns it into the response)."""


def _guesses() -> Misses:
    return Misses("table-code", limit=settings.TABLE_CODE_MISSES_PER_MINUTE, window=60)


def guesses_left(request: HttpRequest) -> None:
    """Before a table code (or a PIN) is tried: raise :class:`TooManyGuesses` when this
    client address has missed too often this minute."""
    if _guesses().blocked(client_address(request)):
        raise TooManyGuesses()


def guess_missed(request: HttpRequest) -> None:
    """A table code or a PIN that did not match, counted against the client address."""
    _guesses().miss(client_address(request))


def _login_paths() -> dict[str, int]:
    """Login path → the status its failure answers with (the forms: 200, the token: 400)."""
    return {reverse("web:login"): 200, reverse("admin:login"): 200, reverse("api:token"): 400}


def _username(request: HttpRequest) -> str:
    name = request.POST.get("username", "")
    if not name and request.content_type == "application/json":
        try:
            body = json.loads(request.body or b"{}")
        except ValueError:
            body = {}
        name = body.get("username", "") if isinstance(body, dict) else ""
    return str(name).strip().lower()[:150]


class LoginThrottleMiddleware:
    """Failed logins counted per account and per client address; past the limits the
    login answers 429 before any password is tried (``LOGIN_FAILURES_PER_ACCOUNT``,
    ``LOGIN_FAILURES_PER_ADDRESS`` in ``LOGIN_FAILURE_WINDOW`` seconds)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST":
            return self.get_response(request)
        failed_status = _login_paths().get(request.path_info)
        if failed_status is None:
            return self.get_response(request)
        window = settings.LOGIN_FAILURE_WINDOW
        accounts = Misses("login-account", limit=settings.LOGIN_FAILURES_PER_ACCOUNT, window=window)
        addresses = Misses(
            "login-address", limit=settings.LOGIN_FAILURES_PER_ADDRESS, window=window
        )
        account, address = _username(request), client_address(request)
        if accounts.blocked(account) or addresses.blocked(address):
            return too_many()
        response = self.get_response(request)
        if response.status_code == failed_status:
            accounts.miss(account)
            addresses.miss(address)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return too_many() if isinstance(exception, TooManyGuesses) else None


class ContentSecurityPolicyMiddleware:
    """``Content-Security-Policy`` on every response (``CONTENT_SECURITY_POLICY``): the
    pages run only their own scripts, so an injected ``<script>`` does not run."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not any(request.path.startswith(p) for p in settings.CONTENT_SECURITY_POLICY_EXEMPT):
            response.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        return response
