"""The one settings module; everything that differs between machines comes from the
environment (see ``duidiao/env.py``)."""

from __future__ import annotations

import os
from pathlib import Path

from duidiao.env import celery_config, database_config, env_bool, env_list

BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-change-me-in-production-duidiao")
DEBUG = env_bool(os.environ, "DEBUG", default=True)
ALLOWED_HOSTS = env_list(os.environ, "ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list(os.environ, "CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "tournament",
    "scoring",
    "boards",
    "printing",
    "web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "duidiao.urls"

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

MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))

# Printed papers make links absolute with this (a table card's QR code: SITE_URL/t/<code>/).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

LOGIN_URL = "web:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

REST_FRAMEWORK = {
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
}

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
CELERY_TIMEZONE = TIME_ZONE
