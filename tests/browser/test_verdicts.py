"""Browser: the source's advice loads in the background once scrolled to, a step swapped in
by htmx brings its own verdict, and nothing overflows a 360 px phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

from tests.conftest import assert_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "replays.json"


@pytest.fixture(autouse=True)
def replays(db) -> None:
    call_command("loaddata", str(FIXTURE), verbosity=0)


def test_the_advice_list_loads_when_scrolled_to(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/piquet-example/step/19/")
    section = page.locator("#source-advice")
    expect(section.locator("[data-advice]")).to_have_count(0)  # the step page solved nothing for it
    section.scroll_into_view_if_needed()
    expect(page.locator('#source-advice [data-advice="piquet-any-other-card"]')).to_have_attribute(
        "data-status", "refuted"
    )
    expect(page.locator("#source-advice [data-testid=costly-plays]")).to_be_visible()
    assert_clean(page)


def test_a_step_swapped_in_brings_its_verdict(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/besik-example/step/83/")
    page.get_by_role("link", name="Next", exact=True).first.click()
    expect(page.locator('#replay-step[data-step="84"]')).to_be_visible()
    expect(page.locator("[data-testid=verdict] .verdict-badge").first).to_have_text(
        "Loses 22 points"
    )
    assert_clean(page)


@pytest.mark.parametrize(
    "url", ["/replays/besik-example/step/84/", "/replays/piquet-example/step/19/"]
)
def test_verdict_fits_a_phone(browser, live_server, url) -> None:
    context = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 740})
    context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    page = context.new_page()
    page.goto(url)
    verdict = page.locator("[data-testid=verdict]")
    verdict.scroll_into_view_if_needed()
    box = verdict.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()
