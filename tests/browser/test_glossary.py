"""The glossary and the search in Chromium: German at 360 px without sideways scrolling, an
entry reached by its anchor, and a search typed and sent with JavaScript off."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.conftest import assert_clean

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_the_glossary_in_german_at_360_px_and_a_search_without_javascript(
    browser: Any, live_server: Any
) -> None:
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 360, "height": 740},
        locale="de-DE",
        java_script_enabled=False,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto("/glossary/")
        assert page.locator("html").get_attribute("lang") == "de"
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        entry = page.locator("#term-younger-hand")
        expect(entry.locator("dt")).to_have_text("Hinterhand")
        expect(entry.locator("[lang=en]")).to_have_text("younger hand")
        expect(page.locator("#term-repique [lang=fr]")).to_have_text("repic")
        page.goto("/glossary/#term-sixieme")
        box = page.locator("#term-sixieme").bounding_box()
        assert box is not None and -2 <= box["y"] < 740, "the entry is scrolled into view"
        # the search field is labelled (in German once the catalogue has the words)
        field = page.get_by_label(re.compile("Regeln und Glossar durchsuchen|Search the rules"))
        field.fill("Konig")
        field.press("Enter")
        page.wait_for_url("**/search/?q=Konig")
        first = page.locator(".search-results a").first
        expect(first).to_have_text("König")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        first.click()
        page.wait_for_url("**/glossary/#term-king")
        expect(page.locator("#term-king dt")).to_have_text("König")
    finally:
        context.close()


def test_the_search_page_has_no_console_errors_or_csp_violations(page: Any) -> None:
    page.goto("/glossary/")
    page.locator("#glossary-q").fill("Quint-Major")
    page.locator("form.glossary-search button").click()
    page.wait_for_url("**/search/?q=Quint-Major")
    expect(page.locator(".search-results a").first).to_have_text("Quint-Major")
    assert_clean(page)
    page.goto("/search/?q=%00")  # refused with a 400 and a message (the browser logs the 400)
    expect(page.locator(".search-error")).to_be_visible()
