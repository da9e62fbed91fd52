"""Production settings from the environment: debug off unless asked for, HSTS preload and
includeSubDomains only when opted in, Redis for the cache and sessions with REDIS_URL, and a
clean deploy check in each case."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

PRINT = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({'debug': s.DEBUG, 'hsts_sub': getattr(s, 'SECURE_HSTS_INCLUDE_SUBDOMAINS', None), "
    "'preload': getattr(s, 'SECURE_HSTS_PRELOAD', None), 'cache': s.CACHES['default']['BACKEND'], "
    "'location': s.CACHES['default'].get('LOCATION'), 'sessions': s.SESSION_ENGINE}))"
)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "REDIS_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="cardtutor.settings",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="cardtutor.example",
    )
    env.update(extra)
    return env


def _settings(**extra: str) -> dict[str, Any]:
    result = subprocess.run(
        [sys.executable, "-c", PRINT],
        cwd=ROOT,
        env=_env(**extra),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return dict(json.loads(result.stdout.strip().splitlines()[-1]))


def _deploy_check(**extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=_env(**extra),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_debug_is_off_unless_asked_for() -> None:
    assert _settings()["debug"] is False
    assert _settings(DJANGO_DEBUG="true")["debug"] is True


def test_hsts_preload_and_subdomains_are_opt_in_and_the_deploy_check_stays_clean() -> None:
    default = _settings()
    assert default["hsts_sub"] is False and default["preload"] is False
    opted = _settings(DJANGO_HSTS_INCLUDE_SUBDOMAINS="true", DJANGO_HSTS_PRELOAD="true")
    assert opted["hsts_sub"] is True and opted["preload"] is True
    for extra in ({}, {"DJANGO_HSTS_INCLUDE_SUBDOMAINS": "true", "DJANGO_HSTS_PRELOAD": "true"}):
        result = _deploy_check(**extra)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "System check identified no issues" in result.stdout


def test_redis_url_shares_the_cache_and_sessions_stay_in_the_database() -> None:
    shared = _settings(REDIS_URL="redis://127.0.0.1:6390/2")
    assert shared["cache"] == "cardtutor.core.cache.FailSafeRedisCache"  # Django's, failing safe
    assert shared["location"] == "redis://127.0.0.1:6390/2"
    assert shared["sessions"] == "cardtutor.core.session_db"
    alone = _settings()
    assert alone["cache"] == "django.core.cache.backends.locmem.LocMemCache"
    assert alone["sessions"] == "cardtutor.core.session_db"


def test_the_deploy_check_fails_without_the_compiled_german_catalogue(tmp_path: Path) -> None:
    """An operator tester set a server up by the README's recipe: with no `compilemessages`
    (only the .po file is in git) German learners got the English site, and nothing said so."""
    from django.core.checks import Error
    from django.test import override_settings

    from cardtutor.core.checks import german_catalogue_compiled

    messages = tmp_path / "de" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    (messages / "django.po").write_text('msgid ""\nmsgstr ""\n')
    with override_settings(LOCALE_PATHS=[tmp_path]):
        found = german_catalogue_compiled()
        assert [m.id for m in found] == ["cardtutor.E001"] and isinstance(found[0], Error)
        (messages / "django.mo").write_bytes(b"")
        os.utime(messages / "django.mo", (1, 1))
        assert [m.id for m in german_catalogue_compiled()] == ["cardtutor.E002"]
        os.utime(messages / "django.mo")
        assert german_catalogue_compiled() == []
