"""Practice in Chromium: one item of every drill answered with the keyboard alone, with
JavaScript (htmx swaps the verdict in place) and without (the form posts, the page comes back);
at 360 px the card buttons and the check button fit the screen."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from cardtutor.engine.drills import DRILLS, Level
from cardtutor.engine.drills.base import FieldKind
from tests.conftest import CHROMIUM_ARGS, assert_clean, assert_enter_ticks  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

KEYS = sorted(DRILLS)

# Reads what has the keyboard focus: its kind, its field's name and how many of that card
# field's boxes are ticked.
FOCUS = """() => {
  const el = document.activeElement;
  if (!el) return null;
  const field = el.closest('fieldset');
  return {tag: el.tagName, type: el.type || '', name: el.name || '', value: el.value || '',
          checked: !!el.checked, text: (el.textContent || '').trim(),
          ticked: field ? field.querySelectorAll('input:checked').length : 0};
}"""


def _item_url(key: str) -> str:
    drill = DRILLS[key]
    return reverse("practice:item", args=[drill.game, key.split(".", 1)[1], 1, "3"])


def _answer_with_the_keyboard(page: Any, key: str) -> None:
    """Tab through the form: tick what each field needs with Space, type numbers, then Enter
    on the check button. Nothing is clicked."""
    item = DRILLS[key].item("3", Level.EASY)
    needs = {f.name: f for f in item.fields}
    done: set[str] = set()
    page.locator(".drill-form").first.wait_for()
    page.evaluate("document.querySelector('.breadcrumbs a').focus()")
    for _ in range(200):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS)
        if focus is None:
            continue
        if focus["tag"] == "BUTTON" and focus["type"] == "submit":
            page.keyboard.press("Enter")
            return
        spec = needs.get(focus["name"])
        if spec is None:
            continue
        if spec.kind is FieldKind.NUMBER and spec.name not in done:
            page.keyboard.type(str(max(spec.low, min(spec.high, 10))))
            done.add(spec.name)
        elif spec.kind is FieldKind.CHOICE and spec.name not in done:
            page.keyboard.press("Space")  # a radio group takes one Tab stop
            done.add(spec.name)
        elif spec.kind in (FieldKind.CARDS, FieldKind.CHOICES) and focus["ticked"] < max(
            spec.low, 1 if spec.kind is FieldKind.CARDS else 0
        ):
            page.keyboard.press("Space")
    raise AssertionError(f"{key}: the check button was never reached with Tab")


def _tabs_to_the_answer(page: Any) -> int:
    """How many presses of Tab, from where the page opened, reach the answer form."""
    for tabs in range(1, 30):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('.drill-form')"):
            return tabs
    raise AssertionError("Tab never reached the answer form")


def _question_tables(page: Any) -> int:
    """The question's tables that scroll in their own box (each a Tab stop, before the form)."""
    return int(page.locator("#question .table-scroll").count())


@pytest.mark.parametrize("key", KEYS)
def test_one_item_of_every_drill_answered_with_the_keyboard_and_htmx(
    page: Any, live_server: Any, key: str
) -> None:
    page.goto(_item_url(key))
    page.evaluate("window.__samePage = true")
    _answer_with_the_keyboard(page, key)
    expect(page.locator("#feedback")).to_be_visible()
    assert page.locator("#feedback h2").inner_text() in ("Right.", "Not quite.")
    assert page.evaluate("window.__samePage === true"), "htmx swapped the verdict in place"
    assert page.url.endswith(_item_url(key))
    # the verdict has the keyboard focus; the answered form can no longer be sent
    # The focus moves after htmx settles the swap, a moment after the text appears: wait for it.
    expect(page.locator("#feedback")).to_be_focused()
    assert page.locator(".drill-form button[type=submit]").count() == 0
    expect(page.get_by_role("link", name="Next question")).to_be_visible()
    # the next question opens at the question: the next Tab reaches its answer (past any
    # table of the question), not the site's header
    page.get_by_role("link", name="Next question").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".drill-form button[type=submit]")).to_be_visible()
    assert page.url.endswith("#question")
    assert _tabs_to_the_answer(page) == 1 + _question_tables(page)
    assert_clean(page)


@pytest.mark.parametrize("key", KEYS)
def test_one_item_of_every_drill_answered_with_the_keyboard_without_javascript(
    browser: Any, live_server: Any, key: str
) -> None:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(_item_url(key))
        _answer_with_the_keyboard(page, key)
        page.wait_for_load_state()
        expect(page.locator("#feedback")).to_be_visible()
        assert page.locator("#feedback h2").inner_text() in ("Richtig.", "Nicht ganz.")
        assert page.locator("html").get_attribute("lang") == "de"
        page.get_by_role("link", name="Eine ähnliche versuchen").click()
        expect(page.locator(".drill-form button[type=submit]")).to_be_visible()
        assert _tabs_to_the_answer(page) == 1 + _question_tables(page)
    finally:
        context.close()


def test_a_missing_answer_is_explained_in_place(page: Any, live_server: Any) -> None:
    page.goto(reverse("practice:item", args=["piquet", "partie", 1, "5"]))
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator("#answer-error")).to_contain_text("Please answer every part")
    expect(page.locator("#answer-error")).to_be_focused()
    # each part left empty is marked, in words and for screen readers
    expect(page.locator(".drill-field--invalid")).to_have_count(3)
    expect(page.locator(".field-error").first).to_have_text("Answer this part.")
    expect(page.get_by_label("How many points does the winner gain?")).to_have_attribute(
        "aria-invalid", "true"
    )
    winner_group = page.locator("fieldset").filter(has=page.get_by_label("Player A"))
    expect(winner_group).to_have_accessible_description(re.compile("^Answer this part"))
    page.get_by_label("Player A").check()
    page.get_by_label("How many points does the winner gain?").fill("150")
    page.get_by_label("No", exact=True).check()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator("#feedback")).to_be_visible()
    assert_clean(page)


@pytest.mark.parametrize(
    "key",
    [
        k
        for k in KEYS
        if any(f.kind is FieldKind.CARDS for f in DRILLS[k].item("3", Level.EASY).fields)
    ],
)
def test_card_buttons_fit_a_phone_screen(browser: Any, live_server: Any, key: str) -> None:
    context = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(_item_url(key))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"the page scrolls sideways ({width} px)"
        picks = page.locator("label.card-pick")
        assert picks.count() > 0
        box = picks.first.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, "a touch target"
    finally:
        context.close()


def test_enter_on_a_meld_to_tick_ticks_it_and_sends_nothing(page: Any) -> None:
    """The meld spotter's melds are checkboxes: Enter on one ticks or unticks it, as Space
    does; it does not send a half-made answer (judged and counted)."""
    page.goto(reverse("practice:item", args=["besik", "melds", 1, "502004285"]))
    assert_enter_ticks(page, page.locator(".drill-field--choices input[type=checkbox]").first)
    page.wait_for_timeout(300)
    expect(page.locator("#feedback")).to_have_count(0)
    expect(page.locator("#answer-error")).to_have_count(0)
    assert_clean(page)


def test_on_a_phone_the_progress_table_shows_every_figure(browser: Any, live_server: Any) -> None:
    """At 360 px each drill's row is a card: all five figures on the screen's width, each
    under its column's name, none scrolled out of sight; the table keeps its column headers
    for screen readers."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(reverse("practice:progress"))
        row = page.locator(".progress-table tbody tr").first
        cells = row.locator("td")
        expect(cells).to_have_count(5)
        for n in range(5):
            box = cells.nth(n).bounding_box()
            assert box is not None and box["x"] + box["width"] <= 360, n
        label = cells.last.evaluate("e => getComputedStyle(e, '::before').content")
        assert "Next level" in label, label
        expect(page.get_by_role("columnheader", name="Next level")).to_have_count(1)
    finally:
        context.close()


def test_on_a_phone_the_exchange_verdict_s_table_shows_every_figure(page: Any) -> None:
    """The exchange verdict's table of averages (seven columns) is a card per discard at
    360 px: every figure within the screen's width, under its column's name."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(reverse("practice:item", args=["piquet", "exchange", 2, "9"]))
    page.locator("label.card-pick").nth(2).click()
    page.locator(".drill-form button.primary-button").click()
    table = page.locator(".drill-table--wide").first
    expect(table).to_be_visible()
    cells = table.locator("tbody tr").first.locator("td")
    assert cells.count() == 6
    for n in range(6):
        box = cells.nth(n).bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360, n
    assert "Average" in cells.first.evaluate("e => getComputedStyle(e, '::before').content")
