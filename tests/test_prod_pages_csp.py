"""The CSP and no-inline-code checks over every page a visitor can reach: a crawl from the
home page through every same-site link (step pages, drills, games, rules, accounts), plus the
htmx step swap, the import page, the lock-out, 403 and 404 pages. A new page is covered as
soon as something links to it."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

ROOT = Path(__file__).resolve().parent.parent
MAX_PAGES = 150
SKIP = ("/static/", "/admin/", "/i18n/", "/accounts/logout/")


@pytest.fixture
def replays(db) -> None:  # type: ignore[no-untyped-def]
    call_command("loaddata", str(ROOT / "fixtures" / "replays.json"), verbosity=0)


def assert_strict(response, url: str) -> None:  # type: ignore[no-untyped-def]
    header = response.get("Content-Security-Policy", "")
    assert "script-src 'self'" in header and "style-src 'self'" in header, url
    assert "'unsafe-inline'" not in header and "'unsafe-eval'" not in header, url
    html = response.content.decode()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, f"inline script on {url}: {tag}"
    assert "<style" not in html, url
    assert not re.search(r"\sstyle=", html), f"style attribute on {url}"
    assert not re.search(r"\son[a-z]+=", html), f"inline event handler on {url}"
    assert "hx-on" not in html and "javascript:" not in html, url


def _links(html: str) -> list[str]:
    found = []
    for href in re.findall(r'href="([^"]+)"', html):
        href = urldefrag(href.replace("&amp;", "&"))[0]
        parts = urlsplit(href)
        if not parts.scheme and not parts.netloc and href.startswith("/"):
            if not href.startswith(SKIP) and not href.endswith(".json"):
                found.append(href)
    return found


def test_every_linked_page_has_a_strict_csp_and_no_inline_code(replays) -> None:
    client = Client()
    seen: set[str] = set()
    queue = deque(
        [
            "/",
            "/replays/",
            "/replays/piquet-example/step/3/",
            "/replays/besik-example/step/9/",
            "/practice/",
            "/practice/progress/",
            "/play/",
            "/rules/",
            "/rules/piquet/",
            "/rules/besik/",
            "/cards/",
            "/accounts/login/",
            "/accounts/signup/",
        ]
    )
    checked = 0
    while queue and checked < MAX_PAGES:
        url = queue.popleft()
        # one address per view shape is enough: steps, drill items and rule anchors repeat
        shape = re.sub(r"/\d+/", "/N/", url.split("?")[0])
        if shape in seen:
            continue
        seen.add(shape)
        response = client.get(url, follow=True)
        assert response.status_code in (200, 404), (url, response.status_code)
        if "text/html" not in response.get("Content-Type", ""):
            continue
        assert_strict(response, url)
        checked += 1
        queue.extend(_links(response.content.decode()))
    assert checked >= 15, seen
    assert any("/step/" in s for s in seen) and any(s.startswith("/practice/") for s in seen)


@pytest.mark.parametrize("seat", ["", "?seat=A"])
def test_the_htmx_step_swap_has_no_inline_code(client: Client, replays, seat: str) -> None:
    url = f"/replays/piquet-example/step/4/{seat}"
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert_strict(response, url)


def test_import_lockout_403_and_404_pages_have_no_inline_code(replays, settings) -> None:  # type: ignore[no-untyped-def]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    staff = Client()
    staff.force_login(User.objects.create_superuser("boss", password="pw-123456"))
    assert_strict(staff.get("/replays/import/"), "import")
    learner = Client()
    learner.force_login(User.objects.create_user("anna", password="pw-123456"))
    forbidden = learner.get("/replays/import/")
    assert forbidden.status_code == 403
    assert_strict(forbidden, "403")
    missing = Client().get("/replays/no-such/step/0/")
    assert missing.status_code == 404
    assert_strict(missing, "404")
    client = Client()
    for _attempt in range(settings.AXES_FAILURE_LIMIT + 1):
        response = client.post("/accounts/login/", {"username": "anna", "password": "no"})
    assert response.status_code == 429
    assert_strict(response, "locked out")
