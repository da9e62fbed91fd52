"""The rule reference in Chromium: an engine anchor opens its section in English and German, a
contents link scrolls to its section, and at 360 px nothing scrolls sideways."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.conftest import CSP_RECORDER

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def _in_view(page: Any, selector: str, height: int) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and -4 <= box["y"] < height


@pytest.mark.parametrize(("lang", "heading"), [("en", "Pique"), ("de", "Pique")])
@pytest.mark.parametrize("width", [1280, 360])
def test_an_anchor_opens_its_section_and_the_contents_scroll(
    browser: Any, live_server: Any, lang: str, heading: str, width: int
) -> None:
    height = 800
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": width, "height": height},
        locale="de-DE" if lang == "de" else "en-GB",
    )
    context.add_init_script(CSP_RECORDER)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    try:
        page.goto("/rules/piquet/#pique")
        assert page.locator("html").get_attribute("lang") == lang
        expect(page.locator("#pique-title")).to_contain_text(heading)
        expect(page.locator("#pique")).to_be_visible()
        assert _in_view(page, "#pique-title", height), "the section is scrolled into view"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # a link in the contents scrolls to its section
        page.goto("/rules/piquet/")
        link = page.locator(".rules-toc a[href='#rubicon']")
        link.click()
        page.wait_for_url("**/rules/piquet/#rubicon")
        expect(page.locator("#rubicon-title")).to_be_in_viewport()
        # cards are drawn and named
        cards = page.locator(".rules-example svg.card")
        if cards.count():
            assert cards.first.get_attribute("aria-label")
        assert errors == []
        assert page.evaluate("window.__cspViolations") == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_besik_page_and_the_index_fit_360_px(browser: Any, live_server: Any, lang: str) -> None:
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 360, "height": 740},
        locale="de-DE" if lang == "de" else "en-GB",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        for url in ("/rules/", "/rules/besik/", "/rules/piquet/"):
            page.goto(url)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, url
            # no table scrolls sideways inside its box either (its caption would be cut off)
            cut = page.evaluate(
                "[...document.querySelectorAll('.rules-table-wrap')]"
                ".filter(w => w.scrollWidth > w.clientWidth + 1).length"
            )
            assert cut == 0, url
        page.goto("/rules/besik/#end-play")
        expect(page.locator("#end-play")).to_be_visible()
        assert _in_view(page, "#end-play-title", 740)
    finally:
        context.close()


def test_switching_language_keeps_the_section_the_learner_was_reading(page: Any) -> None:
    page.goto("/rules/besik/#trump-seven")
    page.locator("form.language-switch button[value=de]").click()
    page.wait_for_url("**/rules/besik/#trump-seven")
    assert page.locator("html").get_attribute("lang") == "de"
    page.locator("form.language-switch button[value=en]").click()
    page.wait_for_url("**/rules/besik/#trump-seven")
    assert page.locator("html").get_attribute("lang") == "en"


@pytest.mark.parametrize("game", ["piquet", "besik"])
def test_only_the_top_sections_are_landmarks(page: Any, game: str) -> None:
    """Each top section is a named region a screen reader can jump to; its subsections are
    not (they made about 35 landmarks a page)."""
    page.goto(f"/rules/{game}/")
    regions = page.get_by_role("region").count()
    top = page.locator("section.rules-depth-2").count()
    assert top >= 5 and regions == top, (regions, top)
    assert page.locator("section.rules-depth-3").count() > 0
