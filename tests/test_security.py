"""Security from the start: a strict CSP, no inline code, and a clean deploy check."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parent.parent


def _directives(header: str) -> dict[str, list[str]]:
    out = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/cards/", "/rules/", "/no-such-page/"])
def test_csp_header_is_present_and_strict(client: Client, url: str) -> None:
    response = client.get(url)
    header = response["Content-Security-Policy"]
    directives = _directives(header)
    assert "'unsafe-inline'" not in header and "'unsafe-eval'" not in header
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/cards/", "/practice/", "/rules/", "/replays/", "/nope/"])
def test_no_inline_script_or_style(client: Client, url: str) -> None:
    html = client.get(url).content.decode()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, f"inline script: {tag}"
    assert "<style" not in html
    assert not re.search(r"\sstyle=", html)
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"
    assert "hx-on" not in html


@pytest.mark.django_db
def test_htmx_is_served_locally_and_configured_not_to_inject_or_eval(client: Client) -> None:
    html = client.get("/").content.decode()
    assert re.search(r'<script src="/static/django_htmx/htmx[^"]*\.js"', html)
    assert '"includeIndicatorStyles": false' in html and '"allowEval": false' in html
    assert "x-csrftoken" in html


@pytest.mark.django_db
def test_every_form_carries_a_csrf_token(client: Client) -> None:
    html = client.get("/").content.decode()
    forms = re.findall(r"<form\b.*?</form>", html, flags=re.S)
    assert forms
    for form in forms:
        if 'method="post"' in form:
            assert 'name="csrfmiddlewaretoken"' in form


def _production_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="cardtutor.example",
        DJANGO_SETTINGS_MODULE="cardtutor.settings",
    )
    env.update(extra)
    return env


def test_production_deploy_check_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=_production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    env = _production_env()
    del env["DJANGO_SECRET_KEY"]
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_production_static_files_collect_with_hashes(tmp_path: Path) -> None:
    """collectstatic with the manifest storage also catches broken static references."""
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            (
                "import django, os; from django.conf import settings; "
                f"os.environ['DJANGO_SETTINGS_MODULE']='cardtutor.settings'; django.setup(); "
                f"settings.STATIC_ROOT={str(tmp_path)!r}; "
                "from django.core.management import call_command; "
                "call_command('collectstatic', interactive=False, verbosity=0)"
            ),
        ],
        cwd=ROOT,
        env=_production_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    names = {p.name for p in tmp_path.rglob("*")}
    assert "staticfiles.json" in names
    assert any(re.fullmatch(r"site\.[0-9a-f]{12}\.css", n) for n in names)
    assert any(n.endswith(".css.gz") for n in names)


def _health(static_root: Path) -> str:
    """``/healthz/``'s status and text in a production process with this static root."""
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            (
                "import django; django.setup(); from django.test import Client; "
                "r = Client().get('/healthz/', HTTP_HOST='cardtutor.example', secure=True); "
                "print(r.status_code, r.content.decode())"
            ),
        ],
        cwd=ROOT,
        env=_production_env(DJANGO_STATIC_ROOT=str(static_root)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_health_check_fails_until_the_static_files_are_collected(tmp_path: Path) -> None:
    """Without collectstatic every page fails (no manifest): a load balancer must not send
    learners to such a process. With the files collected (and the process restarted) it is
    healthy."""
    assert _health(tmp_path) == "503 static files missing: run collectstatic, then restart"
    (tmp_path / "staticfiles.json").write_text(
        '{"paths": {"css/site.css": "css/site.0123456789ab.css"}, "version": "1.1"}'
    )
    assert _health(tmp_path) == "200 ok"
