"""The one settings module; everything that differs between machines comes from the
environment (see ``duidiao/env.py``)."""

from __future__ import annotations

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from duidiao.env import (
    cache_config,
    celery_config,
    database_config,
    env_bool,
    env_list,
    security_config,
)
from duidiao.venue import venue_hosts

BASE_DIR = Path(__file__).resolve().parent.parent

DEV_SECRET_KEY = "dev-only-insecure-key-change-me-in-production-duidiao"
SECRET_KEY = os.environ.get("SECRET_KEY", DEV_SECRET_KEY)
DEBUG = env_bool(os.environ, "DEBUG", default=True)
if not DEBUG and SECRET_KEY.strip() in ("", DEV_SECRET_KEY):
    raise ImproperlyConfigured("set SECRET_KEY when DEBUG is off (empty or the default refused)")
# Unless set: this machine, and the venue addresses phones use when `make run` listens
# on every interface (HOST=0.0.0.0; duidiao/venue.py).
ALLOWED_HOSTS = env_list(
    os.environ, "ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", *venue_hosts()]
)
CSRF_TRUSTED_ORIGINS = env_list(os.environ, "CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "tournament",
    "scoring",
    "boards",
    "printing",
    "web",
    "api",
    "rulings",
]

MIDDLEWARE = [
    "duidiao.observability.RequestLogMiddleware",  # request id, access line, API 500s as JSON
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files from any web process
    "django.contrib.sessions.middleware.SessionMiddleware",
    "duidiao.middleware.ChineseFirstMiddleware",  # Chinese unless switched, whatever the browser
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "web.errors.NotFoundPageMiddleware",  # the bilingual 404 page, DEBUG on or off
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "duidiao.security.DeviceCookieMiddleware",  # a signed device id: table codes per phone
    "duidiao.security.LoginThrottleMiddleware",  # failed logins per account and address
    "duidiao.security.ContentSecurityPolicyMiddleware",
]

ROOT_URLCONF = "duidiao.urls"

# Everything to stderr (systemd's journal, the terminal of `make run`), each line with
# its request id (duidiao/observability.py): one access line per request, and every
# 500 with its traceback (django.request; duidiao.errors for the API's).
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "line": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "filters": {"request_id": {"()": "duidiao.logfilters.RequestIdDefault"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "line",
            "filters": ["request_id"],
        },
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        # Django's own handlers (a console only with DEBUG, mail to admins) give way to
        # the root's stderr; django.server is runserver's access log (make dev).
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
    },
}

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "duidiao.wsgi.application"
ASGI_APPLICATION = "duidiao.asgi.application"

DATABASES = {"default": database_config(os.environ, BASE_DIR)}
CACHES = {"default": cache_config(os.environ)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation: source strings are Chinese; English is a translation.
# Language names stay untranslated so each reads in its own language in the switcher.
LANGUAGE_CODE = "zh-hans"
LANGUAGES = [
    ("zh-hans", "简体中文"),
    ("en", "English"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Asia/Shanghai"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
# collectstatic compresses; whitenoise serves STATIC_ROOT (production runs collectstatic).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Before collectstatic (a checkout, the tests) whitenoise finds the files in the apps.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = not STATIC_ROOT.is_dir()

MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))

# Printed papers make links absolute with this (a table card's QR code: SITE_URL/t/<code>/).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

LOGIN_URL = "web:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

REST_FRAMEWORK = {
    # Token first: a request without credentials is told 401 and how to authenticate.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "api.parsers.SafeJSONParser",  # deep nesting is a 400, not a RecursionError
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "对调复式赛 API / Duidiao duplicate tournaments API",
    "DESCRIPTION": "Events, entrants, stages, schedules, boards, results, standings.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "LevelEnum": "tournament.models.LEVEL_CHOICES",
        "SeatEnum": "boards.models.SEAT_CHOICES",
        "SideEnum": "boards.models.SIDE_CHOICES",
        "EventStatusEnum": "tournament.models.Event.Status",
        "StageStatusEnum": "tournament.models.Stage.Status",
        "MatchStatusEnum": "tournament.models.Match.Status",
        "MatchSideEnum": "tournament.models.Match.Side",
        "ResultStatusEnum": "boards.models.Result.Status",
        "EntrantKindEnum": "tournament.models.Entrant.Kind",
    },
}

# Who is asking (docs/deploy.md, "Trusted proxies"): X-Forwarded-For is read only from
# these addresses or networks (the reverse proxy in front of gunicorn), never from anyone.
TRUSTED_PROXIES = env_list(os.environ, "TRUSTED_PROXIES", [])
# Failed logins (/login/, /admin/login/, the API token) per account and per address.
LOGIN_FAILURES_PER_ACCOUNT = int(os.environ.get("LOGIN_FAILURES_PER_ACCOUNT", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "20"))
LOGIN_FAILURE_WINDOW = int(os.environ.get("LOGIN_FAILURE_WINDOW", "900"))  # seconds
# Past those, each failure doubles the wait before the next try, up to these (seconds);
# the account from anywhere waits less, so a guesser elsewhere never locks it out.
LOGIN_MAX_DELAY = int(os.environ.get("LOGIN_MAX_DELAY", "300"))
LOGIN_ACCOUNT_MAX_DELAY = int(os.environ.get("LOGIN_ACCOUNT_MAX_DELAY", "15"))
# Table codes that do not open a table (unknown, future or closed alike), per client
# address and minute: then 429.
TABLE_CODE_MISSES_PER_MINUTE = int(os.environ.get("TABLE_CODE_MISSES_PER_MINUTE", "10"))
# New device ids (the ``duidiao_device`` cookie a table-code miss counts with) handed to
# one client address an hour: past it, a browser there without its cookie counts its
# misses in the address's cookie-less bucket. Generous: a venue's 60+ phones share one
# NAT address, and each keeps its id all day.
DEVICE_IDS_PER_ADDRESS = int(os.environ.get("DEVICE_IDS_PER_ADDRESS", "200"))
# Wrong PINs per table and side (never per address): then that side waits for the director.
PIN_MISSES_PER_SIDE = int(os.environ.get("PIN_MISSES_PER_SIDE", "5"))
# Board files (JSON or a zip of JSON): refused before unpacking or judging past these.
BOARD_FILE_MAX_BYTES = int(os.environ.get("BOARD_FILE_MAX_BYTES", str(5 * 1024 * 1024)))
BOARD_FILE_MAX_UNPACKED = int(os.environ.get("BOARD_FILE_MAX_UNPACKED", str(20 * 1024 * 1024)))
BOARD_FILE_MAX_MEMBERS = int(os.environ.get("BOARD_FILE_MAX_MEMBERS", "200"))
BOARD_FILE_MAX_BOARDS = int(os.environ.get("BOARD_FILE_MAX_BOARDS", "1000"))
# API tokens expire this many days after they were issued; logging out deletes them.
API_TOKEN_DAYS = int(os.environ.get("API_TOKEN_DAYS", "30"))
# The pages use only their own scripts and styles (the API's Swagger page is left out).
CONTENT_SECURITY_POLICY = os.environ.get(
    "CONTENT_SECURITY_POLICY",
    # Inline styles stay allowed (the bracket's SVG carries its own); scripts never.
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
)
CONTENT_SECURITY_POLICY_EXEMPT = ["/api/docs/"]
# Excel uploads (entrants, scorecards): larger files, or sheets declaring more rows or
# columns, are refused before they are read (a "zip bomb" ends as a failed job).
EXCEL_MAX_BYTES = int(os.environ.get("EXCEL_MAX_BYTES", str(5 * 1024 * 1024)))
EXCEL_MAX_ROWS = int(os.environ.get("EXCEL_MAX_ROWS", "5000"))
EXCEL_MAX_COLUMNS = int(os.environ.get("EXCEL_MAX_COLUMNS", "100"))

# HTTPS, cookies and headers when DEBUG is off (see duidiao/env.py and docs/deploy.md).
globals().update(security_config(os.environ, debug=DEBUG))

# Celery: read by duidiao/celery.py through the CELERY_ namespace.
_celery = celery_config(os.environ)
CELERY_BROKER_URL = _celery["BROKER_URL"]
CELERY_RESULT_BACKEND = _celery["RESULT_BACKEND"]
CELERY_TASK_ALWAYS_EAGER = _celery["TASK_ALWAYS_EAGER"]
CELERY_TASK_EAGER_PROPAGATES = _celery["TASK_EAGER_PROPAGATES"]
CELERY_TASK_ACKS_LATE = _celery["TASK_ACKS_LATE"]
CELERY_WORKER_PREFETCH_MULTIPLIER = _celery["WORKER_PREFETCH_MULTIPLIER"]
CELERY_TASK_SERIALIZER = _celery["TASK_SERIALIZER"]
CELERY_RESULT_SERIALIZER = _celery["RESULT_SERIALIZER"]
CELERY_ACCEPT_CONTENT = _celery["ACCEPT_CONTENT"]
CELERY_TASK_REJECT_ON_WORKER_LOST = _celery["TASK_REJECT_ON_WORKER_LOST"]
CELERY_BROKER_TRANSPORT_OPTIONS = _celery["BROKER_TRANSPORT_OPTIONS"]
CELERY_TIMEZONE = TIME_ZONE
# Celery beat (``celery -A duidiao beat``; deploy/duidiao-beat.service): the reconcilers.
# A rescore whose task was lost or failed is made within RECONCILE_EVERY + 10 s; a print
# or import job that has not moved for JOB_STUCK_AFTER seconds is marked failed.
RECONCILE_EVERY = int(os.environ.get("RECONCILE_EVERY", "20"))  # seconds
JOB_STUCK_AFTER = int(os.environ.get("JOB_STUCK_AFTER", "600"))  # seconds
CELERY_BEAT_SCHEDULE = {
    "reconcile-scores": {"task": "scoring.reconcile", "schedule": RECONCILE_EVERY},
    "fail-stuck-jobs": {"task": "printing.fail_stuck_jobs", "schedule": 60},
}
