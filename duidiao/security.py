"""Who is asking, and how often they may guess.

* :func:`client_address` — the client's address: ``REMOTE_ADDR``, or — only when the
  request came through a proxy listed in ``TRUSTED_PROXIES`` — the last address in
  ``X-Forwarded-For`` that is not one of those proxies. A client cannot choose its own
  address by sending the header (docs/deploy.md, "Trusted proxies").
* :class:`Misses` — a count of failed guesses per key in a time window (Django's
  cache, shared by every process when it is the database or Redis), so that logins,
  the token endpoint and table codes cannot be guessed without end.
* :class:`DeviceCookieMiddleware` — a browser that types or opens a table code carries
  a random, signed device id (``duidiao_device``), so that table-code misses count per
  address *and* device: one phone's typos never stop the other phones behind a venue's
  shared address. Each
  address is handed at most ``DEVICE_IDS_PER_ADDRESS`` new ids an hour, so a guesser who
  throws the cookie away after each run of misses is bounded (then its tries count in
  the address's cookie-less bucket alone).
* :class:`LoginThrottleMiddleware` — ``/login/``, ``/admin/login/`` and the API's token
  endpoint: past a few failed logins for an account or from an address, each failure
  makes the next try wait longer (429 with ``Retry-After``); never a lockout.
* :class:`ContentSecurityPolicyMiddleware` — the pages load only their own scripts.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import math
import secrets
import time
from collections.abc import Callable
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

__all__ = [
    "ContentSecurityPolicyMiddleware",
    "DeviceCookieMiddleware",
    "LoginThrottleMiddleware",
    "Misses",
    "TooManyGuesses",
    "client_address",
    "device_id_wanted",
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


def too_many(wait: int = 60) -> HttpResponse:
    """The 429 every throttle answers (bilingual, Chinese first), with how long to wait."""
    response = HttpResponse(
        _("尝试次数过多，请稍后再试。") + " / Too many attempts; try again later.",
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(max(1, wait))
    return response


class TooManyGuesses(Exception):
    """Raised by a page when its client has guessed wrong too often: answered with 429
    (:class:`LoginThrottleMiddleware` turns it into the response)."""


def _guesses() -> Misses:
    return Misses("table-code", limit=settings.TABLE_CODE_MISSES_PER_MINUTE, window=60)


def _guess_key(request: HttpRequest, about: str) -> str:
    """Whose misses a table-code try counts with. The API (``about``: one table) keys
    on the address and that table. The web pages key on the address and the device
    cookie (:class:`DeviceCookieMiddleware`): a venue's phones share one NAT address, so
    one phone's typos stop only that phone. A request without a device cookie counts in
    its address's cookie-less bucket, so dropping the cookie gains a guesser nothing."""
    if about:
        return f"{client_address(request)}|{about}"
    return f"{client_address(request)}|device:{getattr(request, 'device', '')}"


def guesses_left(request: HttpRequest, about: str = "") -> None:
    """Before a table code is tried: raise :class:`TooManyGuesses` when this client
    (address and device, or address and table through the API) has missed too often
    this minute. PINs are not counted here but per table and side
    (``boards.services``)."""
    if not about:
        device_id_wanted(request)
    if _guesses().blocked(_guess_key(request, about)):
        raise TooManyGuesses()


def guess_missed(request: HttpRequest, about: str = "") -> None:
    """A table code that opened no table, counted against this client."""
    _guesses().miss(_guess_key(request, about))


DEVICE_COOKIE = "duidiao_device"
_DEVICE_SALT = "duidiao.security.device"


def _device_ids() -> Misses:
    return Misses("device-ids", limit=settings.DEVICE_IDS_PER_ADDRESS, window=DEVICE_IDS_WINDOW)


#: The window, in seconds, of ``DEVICE_IDS_PER_ADDRESS``.
DEVICE_IDS_WINDOW = 3600


def _device_id_granted(address: str) -> bool:
    """Whether ``address`` may be handed one more new device id this hour, counting it.

    Without a cap a guesser who keeps cookies fetches a fresh id after each run of
    ``TABLE_CODE_MISSES_PER_MINUTE`` misses, and so guesses without end. With it, once an
    address has had ``DEVICE_IDS_PER_ADDRESS`` new ids this hour, a browser there without
    a valid cookie gets none and its tries count in the address's cookie-less bucket
    (:func:`_guess_key`): the guesser's tries an hour are bounded by about
    ``(DEVICE_IDS_PER_ADDRESS + 60) × TABLE_CODE_MISSES_PER_MINUTE``, with no new id at
    all. The cap is generous (200 by default: a venue of 60+ phones behind one NAT
    address gets each its own id, and keeps it all day); phones that already carry an id
    are never touched by it. Counted in Django's cache, shared by every process."""
    ids = _device_ids()
    if ids.blocked(address):
        return False
    ids.miss(address)
    return True


def device_id_wanted(request: HttpRequest) -> None:
    """This page counts table-code misses by device, or is where a code is typed (the
    home page's form): a browser without a device id is given one with its answer."""
    request.device_wanted = True  # type: ignore[attr-defined]


class DeviceCookieMiddleware:
    """``request.device``: the random id this browser carries in a signed cookie ("" when
    it carries none, or a forged one). A browser without one is given one by a page
    that wants it (:func:`device_id_wanted`: where a table code is typed or tried) and
    answers (an HTML page, status below 400, outside the API). Nothing else mints one:
    a standings read, a health check or a file burns no round trip and none of its
    address's hourly cap (:func:`_device_id_granted`). An unknown, future or closed
    table code still answers alike, and the id is worthless to guess (128 random bits,
    signed with ``SECRET_KEY``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        device = request.get_signed_cookie(DEVICE_COOKIE, default="", salt=_DEVICE_SALT)
        request.device = device  # type: ignore[attr-defined]
        response = self.get_response(request)
        if (
            not device
            and getattr(request, "device_wanted", False)
            and response.status_code < 400
            and not request.path.startswith("/api/")
            and response.get("Content-Type", "").startswith("text/html")
            and _device_id_granted(client_address(request))
        ):
            response.set_signed_cookie(
                DEVICE_COOKIE,
                secrets.token_urlsafe(16),
                salt=_DEVICE_SALT,
                max_age=365 * 24 * 3600,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response


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


def now() -> float:
    """The clock the login delays read (a test moves it on)."""
    return time.time()


class LoginDelay:
    """Failed logins under one key (an account; an account from one address; one
    address) within ``window`` seconds: the first ``free`` cost nothing, each further
    one doubles the wait before the next try, up to ``cap`` seconds. A wait, never a
    lockout: once it has passed, the right password logs in."""

    def __init__(self, scope: str, *, free: int, cap: int, window: int) -> None:
        self.misses = Misses(scope, limit=free, window=window)
        self.free, self.cap, self.window = free, cap, window

    def _until(self, key: str) -> str:
        return self.misses._key(key) + ":until"

    def wait(self, key: str) -> float:
        """Seconds before ``key`` may try again (0: now)."""
        return max(0.0, float(cache.get(self._until(key), 0)) - now())

    def failed(self, key: str) -> None:
        count = self.misses.miss(key)
        if count >= self.free:
            delay = min(self.cap, 2 ** (count - self.free))
            cache.set(self._until(key), now() + delay, self.window)


def _login_delays() -> list[tuple[LoginDelay, Callable[[str, str], str]]]:
    window, cap = settings.LOGIN_FAILURE_WINDOW, settings.LOGIN_MAX_DELAY
    return [
        # The account from this address: the steepest (a guesser at one machine).
        (
            LoginDelay(
                "login-pair", free=settings.LOGIN_FAILURES_PER_ACCOUNT, cap=cap, window=window
            ),
            lambda account, address: f"{account}|{address}",
        ),
        # The account from anywhere: gentle, so a guesser elsewhere costs the director a
        # few seconds at most, never the account.
        (
            LoginDelay(
                "login-account",
                free=settings.LOGIN_FAILURES_PER_ACCOUNT,
                cap=settings.LOGIN_ACCOUNT_MAX_DELAY,
                window=window,
            ),
            lambda account, address: account,
        ),
        # Many accounts from one address.
        (
            LoginDelay(
                "login-address", free=settings.LOGIN_FAILURES_PER_ADDRESS, cap=cap, window=window
            ),
            lambda account, address: address,
        ),
    ]


class LoginThrottleMiddleware:
    """Failed logins counted per account, per account and address and per address:
    past a few, each failure makes the next try wait longer (``LOGIN_FAILURES_PER_*``
    free, then doubling up to ``LOGIN_MAX_DELAY`` — ``LOGIN_ACCOUNT_MAX_DELAY`` for the
    account from anywhere); a try before its wait is over answers 429 with
    ``Retry-After``. Nobody can lock the right password out: it works once the wait is
    over. The counts live in Django's cache, shared by every process."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST":
            return self.get_response(request)
        failed_status = _login_paths().get(request.path_info)
        if failed_status is None:
            return self.get_response(request)
        account, address = _username(request), client_address(request)
        delays = [(delay, key(account, address)) for delay, key in _login_delays()]
        wait = max(delay.wait(key) for delay, key in delays)
        if wait > 0:
            return too_many(math.ceil(wait))
        response = self.get_response(request)
        if response.status_code == failed_status:
            for delay, key in delays:
                delay.failed(key)
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
