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
    page.get_by_test_id("deck-toggle").click()
    expect(page.locator("body")).to_have_class(re.compile("deck-four-colour"))
    expect(page.get_by_test_id("deck-toggle")).to_have_attribute("aria-pressed", "true")
    green = clubs.evaluate("el => getComputedStyle(el).color")
    assert black != green == "rgb(11, 122, 42)"
    page.reload()
    expect(page.locator("body")).to_have_class(re.compile("deck-four-colour"))
    page.get_by_test_id("deck-toggle").click()
    expect(page.locator("body")).not_to_have_class(re.compile("deck-four-colour"))

    assert_clean(page)


def test_htmx_is_loaded_without_csp_violations(page) -> None:
    page.goto("/")
    page.wait_for_function("window.htmx !== undefined")
    assert page.evaluate("htmx.config.allowEval") is False
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    assert page.locator("head style").count() == 0
    assert_clean(page)
