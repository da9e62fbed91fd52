"""Browser: the back button far into the history, the tab title, language and deck switches
that keep the step, fast key presses, and the key list."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command

from tests.conftest import assert_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "replays.json"
PIQUET_TITLE = "Piquet: the Encyclopaedia's example deal"


@pytest.fixture(autouse=True)
def replays(db: Any) -> None:
    cache.clear()
    call_command("loaddata", str(FIXTURE), verbosity=0)


def _step(page: Any, number: int) -> None:
    from playwright.sync_api import expect

    expect(page.locator("#replay-step")).to_have_attribute("data-step", str(number))


def test_back_button_beyond_htmx_history_cache_keeps_the_whole_page(page: Any) -> None:
    """htmx keeps 10 snapshots; going back further asks the server (history restore), which
    must answer with the whole page, not the step fragment that would replace <body>."""
    from playwright.sync_api import expect

    page.goto("/replays/piquet-example/step/0/")
    for number in range(1, 16):
        page.locator("#replay-step a[data-nav='next']").click()
        _step(page, number)
        expect(page).to_have_url(re.compile(rf"/step/{number}/$"))
    restores: list[str] = []
    page.on(
        "request",
        lambda r: restores.append(r.url) if r.headers.get("hx-history-restore-request") else None,
    )
    for number in range(14, 2, -1):
        page.go_back()
        expect(page).to_have_url(re.compile(rf"/step/{number}/$"))
        _step(page, number)
    assert restores, "going back 12 steps should miss htmx's 10-entry history cache"
    expect(page.locator("header.site-header")).to_be_visible()
    expect(page.locator(".replay-header h1")).to_have_text(PIQUET_TITLE)
    expect(page.locator("#source-heading")).to_be_visible()
    expect(page.locator(".source-text")).to_contain_text("Piquet")
    expect(page.locator("footer.site-footer")).to_be_visible()
    # and stepping on from the restored page still swaps in place (a click: the arrow key's
    # handler may not be bound yet on a page restored under load)
    page.wait_for_load_state()
    page.locator("#replay-step a[data-nav='next']").click()
    expect(page).to_have_url(re.compile(r"/step/4/$"))
    expect(page.locator(".replay-header h1")).to_have_text(PIQUET_TITLE)
    assert_clean(page)


def test_tab_title_names_the_step_while_stepping_and_in_history(page: Any) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/piquet-example/step/0/")
    expect(page).to_have_title(f"{PIQUET_TITLE} · The deal · cardtutor")
    page.keyboard.press("ArrowRight")
    _step(page, 1)
    expect(page).to_have_title(f"{PIQUET_TITLE} · Step 1 of 32 · cardtutor")
    page.keyboard.press("ArrowRight")
    _step(page, 2)
    expect(page).to_have_title(re.compile("Step 2 of 32"))
    page.go_back()
    _step(page, 1)
    expect(page).to_have_title(re.compile("Step 1 of 32"))
    page.go_back()
    _step(page, 0)
    expect(page).to_have_title(re.compile("The deal"))
    page.go_forward()
    _step(page, 1)
    expect(page).to_have_title(re.compile("Step 1 of 32"))
    # the title is the only <title> in the document head, and the cards' SVG titles stay
    assert page.evaluate("document.head.querySelectorAll('title').length") == 1
    assert page.evaluate("document.body.querySelectorAll(':scope > title').length") == 0
    assert_clean(page)


@pytest.mark.parametrize("switch", ["language", "deck"])
def test_switching_language_or_deck_after_stepping_keeps_step_and_perspective(
    page: Any, switch: str
) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/besik-example/step/0/?seat=A")
    for number in range(1, 7):
        page.keyboard.press("ArrowRight")
        _step(page, number)
    expect(page).to_have_url(re.compile(r"/step/6/\?seat=A$"))
    if switch == "language":
        page.get_by_role("button", name="Deutsch").click()
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("#step-heading")).to_contain_text("Schritt 6 von")
    else:
        page.get_by_test_id("deck-toggle").click()
        expect(page.locator("body")).to_have_class(re.compile("deck-four-colour"))
    expect(page).to_have_url(re.compile(r"/besik-example/step/6/\?seat=A$"))
    _step(page, 6)
    expect(page.locator("[data-perspective='A']")).to_have_attribute("aria-current", "true")
    assert_clean(page)


def test_switching_language_without_javascript_keeps_the_step(
    browser: Any, live_server: Any
) -> None:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/replays/piquet-example/step/0/?seat=B")
    for _ in range(6):
        page.locator("#replay-step a[data-nav='next']").click()
    assert page.url.endswith("/replays/piquet-example/step/6/?seat=B#replay-step")
    page.get_by_role("button", name="Deutsch").click()
    assert page.url.endswith("/replays/piquet-example/step/6/?seat=B")
    assert "Schritt 6 von" in page.locator("#step-heading").inner_text()
    context.close()


def _slow_steps_from_the_deal(page: Any, monkeypatch: Any, seconds: float) -> None:
    """Each step takes ``seconds`` to arrive; the Besik example opens at its deal, marked so
    that a full reload (which a press must never cause) would show."""
    from cardtutor.replays import views

    swap = views.step_swap

    def swapped_slowly(*args: Any, **kwargs: Any) -> Any:
        time.sleep(seconds)
        return swap(*args, **kwargs)

    monkeypatch.setattr(views, "step_swap", swapped_slowly)
    page.goto("/replays/besik-example/step/0/")
    page.evaluate("window.__notReloaded = true")


def test_every_fast_key_press_counts_and_none_reloads_the_page(page: Any, monkeypatch) -> None:
    """10 presses 50 ms apart move 10 steps, even when each step takes 150 ms to arrive."""
    from playwright.sync_api import expect

    _slow_steps_from_the_deal(page, monkeypatch, 0.15)
    for _ in range(10):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(50)
    expect(page).to_have_url(re.compile(r"/besik-example/step/10/$"), timeout=15_000)
    _step(page, 10)
    assert page.evaluate("window.__notReloaded") is True
    # back again: Left three times fast, then End and Home
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
        page.wait_for_timeout(50)
    expect(page).to_have_url(re.compile(r"/step/7/$"), timeout=15_000)
    _step(page, 7)
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(r"/step/97/$"), timeout=15_000)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"/step/2/$"), timeout=15_000)
    _step(page, 2)
    assert page.evaluate("window.__notReloaded") is True
    assert_clean(page)


def test_every_fast_press_of_next_counts_too(page: Any, monkeypatch) -> None:
    """Enter on "Next" three times while steps take 300 ms to arrive moves three steps (htmx
    dropped the presses made while its request was under way: one step for three)."""
    from playwright.sync_api import expect

    _slow_steps_from_the_deal(page, monkeypatch, 0.3)
    page.locator("#replay-step a[data-nav='next']").focus()
    for _ in range(3):
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
    expect(page).to_have_url(re.compile(r"/besik-example/step/3/$"), timeout=15_000)
    _step(page, 3)
    expect(page.locator("#replay-step a[data-nav='next']")).to_be_focused()
    page.locator("#replay-step a[data-nav='prev']").click()
    expect(page).to_have_url(re.compile(r"/besik-example/step/2/$"), timeout=15_000)
    # they look like buttons, so Space presses them too (and does not scroll the page)
    page.locator("#replay-step a[data-nav='next']").focus()
    page.keyboard.press("Space")
    expect(page).to_have_url(re.compile(r"/besik-example/step/3/$"), timeout=15_000)
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("window.__notReloaded") is True
    # another view loads the whole page, opened at the step
    page.get_by_role("link", name="As A sees it").click()
    expect(page).to_have_url(re.compile(r"/step/3/\?seat=A#replay-step$"))
    assert_clean(page)


def _inside_viewport(page: Any, locator: Any) -> None:
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"], (box, size)
    assert box["y"] + box["height"] <= size["height"], (box, size)


def test_key_hint_is_visible_and_question_mark_opens_the_key_list(page: Any) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/piquet-example/step/3/")
    keys = page.locator("#replay-keys")
    hint = keys.locator("summary")
    expect(hint).to_be_visible()
    for key in ("←", "→", "Home", "End", "?"):
        expect(hint).to_contain_text(key)
    listing = keys.locator(".key-list")
    close = keys.get_by_role("button", name="Close")
    expect(listing).to_be_hidden()
    page.keyboard.press("?")
    expect(listing).to_be_visible()
    expect(listing).to_contain_text("previous step")
    expect(listing).to_contain_text("close this list")  # Escape, listed where JS makes it work
    expect(close).to_be_focused()  # focus moves into the opened list
    _inside_viewport(page, keys.locator(".key-panel"))
    # the list stays open while stepping, and the keys still step
    page.keyboard.press("ArrowRight")
    _step(page, 4)
    expect(listing).to_be_visible()
    page.keyboard.press("?")
    expect(listing).to_be_hidden()
    expect(hint).to_be_focused()  # focus is put back, not lost on <body>
    # Escape closes it, and focus goes back where it was before "?"
    page.locator("#replay-step a[data-nav='next']").focus()
    page.keyboard.press("?")
    expect(close).to_be_focused()
    page.keyboard.press("Escape")
    expect(listing).to_be_hidden()
    expect(page.locator("#replay-step a[data-nav='next']")).to_be_focused()
    # the Close button closes it (by click and by keyboard)
    page.keyboard.press("?")
    close.click()
    expect(listing).to_be_hidden()
    expect(page.locator("#replay-step a[data-nav='next']")).to_be_focused()
    hint.click()
    expect(listing).to_be_visible()
    close.focus()
    page.keyboard.press("Enter")
    expect(listing).to_be_hidden()
    expect(hint).to_be_focused()
    assert_clean(page)


def test_key_list_on_a_phone_opens_above_the_step_controls(browser: Any, live_server: Any) -> None:
    """At 360 px the hint is hidden (no room, few keyboards), but "?" from a keyboard still
    opens the list, on screen and clear of the fixed step controls; Escape closes it and
    focus lands on the step heading."""
    from playwright.sync_api import expect

    context = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 740})
    context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    page = context.new_page()
    page.goto("/replays/besik-example/step/5/?seat=A")
    keys = page.locator("#replay-keys")
    expect(keys.locator("summary")).to_be_hidden()
    page.keyboard.press("?")
    panel = keys.locator(".key-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Pos1")
    close = keys.get_by_role("button", name="Schließen")
    expect(close).to_be_focused()
    _inside_viewport(page, panel)
    controls = page.locator(".replay-controls").bounding_box()
    box = panel.bounding_box()
    assert controls is not None and box is not None
    assert box["y"] + box["height"] <= controls["y"], (box, controls)
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(page.locator("#step-heading")).to_be_focused()
    context.close()


def test_the_key_list_shows_only_where_the_keys_work(browser: Any, live_server: Any) -> None:
    """The keys need the script: without it no list promises them; with it the list is a
    disclosure that opens on a click."""
    for script in (False, True):
        context = browser.new_context(base_url=live_server.url, java_script_enabled=script)
        page = context.new_page()
        page.goto("/replays/piquet-example/step/3/")
        assert page.locator("#replay-keys").is_visible() is script
        if script:
            page.locator("#replay-keys summary").click()
            assert "next step" in page.locator("#replay-keys .key-list").inner_text()
        context.close()
