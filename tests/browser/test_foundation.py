"""Browser: the home page, the language switcher and the four-colour deck in Chromium."""

from __future__ import annotations

import re

import pytest

from tests.conftest import assert_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_language_switch_and_four_colour_deck(page) -> None:
    from playwright.sync_api import expect

    page.goto("/")
    expect(page.locator("h1")).to_have_text("Learn Piquet and Besik from the classic sources")
    expect(page.locator("html")).to_have_attribute("lang", "en")

    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("h1")).to_have_text("Lerne Piquet und Besik aus den klassischen Quellen")
    expect(page.get_by_role("img", name="Pik-Dame").first).to_be_visible()
    page.goto("/rules/")  # the choice persists across pages
    expect(page.locator("h1")).to_have_text("Regeln")

    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")

    clubs = page.locator("svg.card.suit-clubs").first
    page.goto("/cards/")
    black = clubs.evaluate("el => getComputedStyle(el).color")
    toggle = page.get_by_role("button", name="Four-colour deck", exact=True)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert _ticked(toggle) is False
    toggle.click()
    expect(page.locator("body")).to_have_class(re.compile("deck-four-colour"))
    # the name says what it is, aria-pressed and the box whether it is on ("on" in the name
    # was read twice: "Four-colour deck: on, toggle button, pressed")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert _ticked(toggle) is True
    green = clubs.evaluate("el => getComputedStyle(el).color")
    assert black != green == "rgb(11, 122, 42)"
    page.reload()
    expect(page.locator("body")).to_have_class(re.compile("deck-four-colour"))
    page.get_by_test_id("deck-toggle").click()
    expect(page.locator("body")).not_to_have_class(re.compile("deck-four-colour"))

    assert_clean(page)


def _ticked(toggle) -> bool:
    """Whether the deck switch's box shows a tick (drawn by CSS, with no text of its own)."""
    content = toggle.evaluate("el => getComputedStyle(el, '::before').content")
    return "\u2713" in content


def test_a_switch_pressed_with_the_keyboard_keeps_the_focus(page) -> None:
    """After the page comes back in the new language (or deck), the focus is on the switch
    pressed, now showing the choice; not at the top of the page, six Tabs away from it."""
    from playwright.sync_api import expect

    page.goto("/rules/")
    page.get_by_role("button", name="Deutsch").focus()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("button", name="Deutsch")).to_be_focused()
    expect(page.get_by_role("button", name="Deutsch")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_role("button", name="English")).to_be_focused()

    toggle = page.get_by_role("button", name="Vierfarbiges Blatt", exact=True)
    toggle.focus()
    page.keyboard.press("Space")
    expect(page.locator("body")).to_have_class(re.compile("deck-four-colour"))
    expect(toggle).to_be_focused()
    assert page.evaluate("window.scrollY") == 0
    # the next page opened is not refocused
    page.get_by_role("link", name="Glossar", exact=True).click()
    expect(page.locator("h1")).to_contain_text("Glossar")
    assert page.evaluate("document.activeElement === document.body")
    assert_clean(page)


def test_htmx_is_loaded_without_csp_violations(page) -> None:
    page.goto("/")
    page.wait_for_function("window.htmx !== undefined")
    assert page.evaluate("htmx.config.allowEval") is False
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    assert page.locator("head style").count() == 0
    assert_clean(page)
