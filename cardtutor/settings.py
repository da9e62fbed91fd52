"""Settings for cardtutor, read from environment variables.

Production is the default: ``DJANGO_DEBUG`` unset or false requires ``DJANGO_SECRET_KEY`` and
turns on every security setting, so ``manage.py check --deploy --fail-level WARNING`` is clean.
Development (``make run``) and the tests (``[tool.pytest.ini_options] env`` in pyproject.toml)
set ``DJANGO_DEBUG=true``: an SQLite file in the project folder and a fixed, clearly insecure
secret key.

Variables:

- ``DJANGO_DEBUG``: ``false`` (default) or ``true``.
- ``DJANGO_SECRET_KEY``: required when debug is off.
- ``DJANGO_ALLOWED_HOSTS``: comma-separated; default ``127.0.0.1,localhost,testserver,[::1]``.
- ``DATABASE_URL``: e.g. ``postgres://user:pw@host/db``; default ``sqlite:///<project>/db.sqlite3``.
  ``DJANGO_CONN_MAX_AGE``: seconds a database connection is kept (default 60).
- ``REDIS_URL``: e.g. ``redis://127.0.0.1:6379/0``. Then the cache (rendered steps, replay
  versions, verdicts) is Django's ``RedisCache`` shared by every process and host (a Redis
  that fails is a cache miss: cardtutor/core/cache.py). Without it: local memory per
  process. Sessions are in the database either way. ``DJANGO_CACHE_KEY_PREFIX`` (default
  ``cardtutor``) separates several sites or releases in one Redis.
- ``DJANGO_SECURE_SSL_REDIRECT``, ``DJANGO_SECURE_COOKIES``, ``DJANGO_HSTS_SECONDS``:
  production defaults ``true``, ``true``, ``31536000``; switch off only when serving plain
  HTTP on loopback (``make serve-prod`` does, see the Makefile).
- ``DJANGO_HSTS_INCLUDE_SUBDOMAINS``, ``DJANGO_HSTS_PRELOAD``: opt-in (default ``false``):
  both bind every subdomain, preload for a long time; only the domain's owner can decide that.
- ``DJANGO_LOGIN_FAILURE_LIMIT``, ``DJANGO_LOGIN_COOLOFF_MINUTES``: failed log-ins of one user
  name from one address before it is locked (default 5), and for how long (default 15).
- ``DJANGO_BEHIND_PROXY``: ``true`` behind nginx (``deploy/nginx.conf.template``): trust its
  ``X-Forwarded-Proto`` and take the client's address for the log-in throttle from its
  ``X-Real-IP``. Only with the application server reachable from the proxy alone.
- ``DJANGO_CSRF_TRUSTED_ORIGINS``: comma-separated origins (``https://example.org``).
- ``DJANGO_CACHE_BACKEND``, ``DJANGO_CACHE_LOCATION``, ``DJANGO_CACHE_TIMEOUT``,
  ``DJANGO_CACHE_MAX_ENTRIES``: the cache without ``REDIS_URL`` (default local memory,
  86400 s, 3000 entries); ``DJANGO_REPLAY_VERSION_TTL``: seconds a replay's content version
  is reused (default 2).
- ``DJANGO_STATIC_ROOT``, ``DJANGO_LOG_LEVEL``: where collectstatic writes; the log level.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

# Lets the admin's and other Django generics take type arguments at run time (django-stubs).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false "
            "(the default; for development set DJANGO_DEBUG=true, as make run does)."
        )
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver", "[::1]"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "axes",
    "cardtutor.core",
    "cardtutor.replays",
    "cardtutor.accounts",
    "cardtutor.practice",
    "cardtutor.games",
]

MIDDLEWARE = [
    # Compresses HTML and JSON (Django's GZip at a faster level; random padding against BREACH).
    "cardtutor.core.compression.PageGZipMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "cardtutor.core.http.method_not_allowed_page",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "cardtutor.urls"

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
                "cardtutor.core.context_processors.site",
                # After Django's own (built in, first): the same token, made faster.
                "cardtutor.core.csrf.csrf",
            ],
        },
    },
]

WSGI_APPLICATION = "cardtutor.wsgi.application"
ASGI_APPLICATION = "cardtutor.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers wait for each other (IMMEDIATE) instead of failing with "database is locked";
    # the write-ahead log lets readers go on during a write, and synchronous=NORMAL (safe with
    # WAL: a power cut may lose the last commits, never corrupt the file) spares an fsync
    # per commit: every practice answer is a write.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Rendered replay steps (cardtutor/replays/rendering.py). Keys carry a content version, so
# entries never go stale and any backend Django ships can hold them. With REDIS_URL every
# process and host shares one Redis (Django's own RedisCache, with redis-py): an edit through
# one is served by all at once. Otherwise local memory, per process (an LRU);
# DJANGO_CACHE_BACKEND is a backend's dotted path.
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHE_TIMEOUT = int(os.environ.get("DJANGO_CACHE_TIMEOUT", "86400"))
_default_cache: dict[str, Any]
if REDIS_URL:
    _default_cache = {
        # Django's RedisCache, but a Redis that is down is a cache miss, not an error
        # (cardtutor/core/cache.py): everything cached can be made again from the database.
        "BACKEND": "cardtutor.core.cache.FailSafeRedisCache",
        "LOCATION": REDIS_URL,
        "TIMEOUT": CACHE_TIMEOUT,
        "KEY_PREFIX": os.environ.get("DJANGO_CACHE_KEY_PREFIX", "cardtutor"),
        # A Redis that does not answer costs a request a second at most, then is left alone.
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
else:
    _default_cache = {
        "BACKEND": os.environ.get(
            "DJANGO_CACHE_BACKEND", "django.core.cache.backends.locmem.LocMemCache"
        ),
        "LOCATION": os.environ.get("DJANGO_CACHE_LOCATION", "cardtutor"),
        "TIMEOUT": CACHE_TIMEOUT,
        "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("DJANGO_CACHE_MAX_ENTRIES", "3000"))},
    }
# Sessions (anonymous learners' progress, game ownership, log-ins) in the database, one SQL
# statement per load and save (see the module), with or without Redis: a session read from
# Redis would be stale after an outage in which its writes reached only the database, and one
# indexed SELECT costs about what a Redis round trip does.
SESSION_ENGINE = "cardtutor.core.session_db"
CACHES = {
    "default": _default_cache,
    # {% cache %} fragments of base.html (header, footer: the same for every visitor and every
    # replay, so per process is enough); none while DEBUG is on, so edited templates show.
    "template_fragments": {
        "BACKEND": "django.core.cache.backends.dummy.DummyCache"
        if DEBUG
        else "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "cardtutor-fragments",
        "TIMEOUT": 86400,
    },
}
# Seconds a process may reuse a replay's content version without asking the database (a write
# renews it at once in its own process; with a per-process cache others follow within this).
REPLAY_VERSION_TTL = float(os.environ.get("DJANGO_REPLAY_VERSION_TTL", "2"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Accounts: django.contrib.auth, log-in attempts throttled by django-axes. Axes' backend comes
# first: it refuses a locked-out attempt before any password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# Lock one user name from one address after this many failures, for this long; a success resets.
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DJANGO_LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# A try while locked out does not start the wait again: the page says "wait 15 minutes", and
# each try restarted them (a learner who came back after ten waited another fifteen).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "cardtutor.accounts.views.locked_out"
AXES_VERBOSE = False
# The address the throttle counts: REMOTE_ADDR, or behind nginx the X-Real-IP it sets.
AXES_CLIENT_IP_CALLABLE = "cardtutor.accounts.views.client_ip"
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", False)

# Internationalisation: English and German, chosen by the switcher (cookie) or the browser.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("Deutsch"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
FORMAT_MODULE_PATH = ["cardtutor.formats"]  # English dates: "28 Nov 2026, 07:05"
USE_TZ = True

# Static files: whitenoise serves them in every mode. Production uses hashed,
# compressed files from collectstatic; development and tests serve from the finders.
STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# Security. CSRF on every form; htmx sends the token as a header (see base.html).
CSRF_FAILURE_VIEW = "cardtutor.core.views.csrf_failure"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    # A load balancer's health check reaches gunicorn in plain HTTP, past the TLS terminator:
    # sent to https, it would count every healthy host as down.
    SECURE_REDIRECT_EXEMPT = [r"^healthz/$"]
    SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    # Opt-in: both bind every subdomain of the site's domain for a year or more (preload is
    # compiled into browsers), which only the domain's owner can decide. Their deploy-check
    # warnings are silenced only while they are off on purpose.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)
    SILENCED_SYSTEM_CHECKS = [
        *([] if SECURE_HSTS_INCLUDE_SUBDOMAINS else ["security.W005"]),
        *([] if SECURE_HSTS_PRELOAD else ["security.W021"]),
    ]
    if BEHIND_PROXY:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

# Content Security Policy: no inline script or style anywhere, no eval.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"no_security_traceback": {"()": "cardtutor.core.logs.NoSecurityTraceback"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["no_security_traceback"]}
    },
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}
