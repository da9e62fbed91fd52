"""Shared fixtures. Playwright's sync API runs an event loop in this thread, so Django's
async-safety check must be relaxed for the whole run (see ../shared/NOTES.md)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Records Content-Security-Policy violations in the page, so tests can assert there are none.
CSP_RECORDER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__cspViolations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the site's default language. A German request of the test client
    leaves German active in this thread (LocaleMiddleware activates a language and never
    deactivates it), so a later test reading a message in code got it in German or English
    depending on the order the tests ran in."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        message = f"Chromium is missing at {CHROMIUM}: apt-get install chromium (make test does)."
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def page(browser: Any, live_server: Any) -> Iterator[Any]:
    """A fresh browser page; console errors and CSP violations are collected and must be none."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1100, "height": 900})
    context.add_init_script(CSP_RECORDER)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.console_errors = errors
    yield page
    context.close()


@pytest.fixture
def fixed_game_seed(monkeypatch: Any) -> Any:
    """``fixed_game_seed(n)`` deals every game started afterwards in this test from seed ``n``.

    Patching the seed field's ``default`` is not enough: Django keeps the default's callable in
    ``Field._get_default``, a cached property, so once any game was created in the process the
    patched ``default`` is never read again (and a game started here would be dealt at random).
    The cached callable is set instead; monkeypatch puts it back after the test."""

    def fix(seed: int) -> None:
        from cardtutor.games.models import Game

        field = Game._meta.get_field("seed")
        monkeypatch.setattr(field, "default", lambda: seed)
        monkeypatch.setitem(field.__dict__, "_get_default", lambda: seed)

    return fix


def assert_enter_ticks(page: Any, box: Any) -> None:
    """Enter on the checkbox (or card to pick) ``box`` ticks it, and again unticks it, as Space
    does (site.js), instead of sending its form."""
    from playwright.sync_api import expect

    box.focus()
    page.keyboard.press("Enter")
    expect(box).to_be_checked()
    page.keyboard.press("Enter")
    expect(box).not_to_be_checked()


def assert_clean(page: Any) -> None:
    """No console error and no CSP violation happened on the page."""
    assert page.console_errors == []
    assert page.evaluate("window.__cspViolations") == []
