"""Browser: the source text panel is readable on a phone, its gloss toggles without
JavaScript, and its step links still step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.conftest import assert_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "replays.json"

WIDTHS = """() => {
  const body = document.querySelector('.source-body');
  return {page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth,
          body: body.scrollWidth, bodyView: body.clientWidth};
}"""


@pytest.fixture(autouse=True)
def replays(db) -> None:
    call_command("loaddata", str(FIXTURE), verbosity=0)


@pytest.mark.parametrize(("slug", "number"), [("piquet-example", 4), ("besik-example", 10)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_source_panel_is_readable_at_360_px(browser, live_server, slug, number, lang) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 740})
    context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"/replays/{slug}/step/{number}/")
    body = page.locator(".source-body")
    expect(body).to_be_visible()
    widths = page.evaluate(WIDTHS)
    assert widths["page"] <= widths["view"] == 360, widths
    assert widths["body"] <= widths["bodyView"], widths
    # Readable: body text of at least 14 px, and the current sentence scrolled into the panel.
    size = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.source-de')).fontSize)"
    )
    assert size >= 14
    current = page.locator(f"a.source-sentence.is-current[data-step='{number}']").first
    expect(current).to_be_attached()
    box, panel = current.bounding_box(), body.bounding_box()
    assert panel["y"] <= box["y"] <= panel["y"] + panel["height"]
    glosses = page.locator(".source-gloss")
    if lang == "en" or slug == "piquet-example":  # the Besik article is written in German
        expect(glosses.first).to_be_visible()
        expect(page.locator(f".source-gloss[lang='{lang}']")).to_have_count(glosses.count())
    else:
        expect(glosses).to_have_count(0)
    context.close()


def test_gloss_toggle_works_without_javascript(browser, live_server) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/replays/piquet-example/step/0/")
    gloss = page.locator(".source-gloss").first
    expect(gloss).to_be_visible()
    page.get_by_label("Show our translation").uncheck()
    expect(gloss).to_be_hidden()
    page.get_by_label("Show our translation").check()
    expect(gloss).to_be_visible()
    # Without JavaScript a sentence is a plain link to its step.
    page.locator("a.source-sentence[data-step='3']").first.click()
    assert page.url.endswith("/replays/piquet-example/step/3/#replay-step")  # at the step
    context.close()


def test_a_sentence_link_steps_and_the_gloss_stays_as_chosen(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/piquet-example/step/0/")
    page.get_by_label("Show our translation").uncheck()
    page.locator("a.source-sentence[data-step='9']").first.click()
    expect(page).to_have_url(re.compile(r"/step/9/$"))
    expect(page.locator("#replay-step")).to_have_attribute("data-step", "9")
    expect(page.locator("a.source-sentence.is-current").first).to_have_attribute("data-step", "9")
    # The panel is not re-rendered by the step swap, so the reader's choice holds.
    expect(page.locator(".source-gloss").first).to_be_hidden()
    assert_clean(page)


def _in_panel(page, locator) -> bool:
    box, panel = locator.bounding_box(), page.locator(".source-body").bounding_box()
    return panel["y"] <= box["y"] and box["y"] + box["height"] <= panel["y"] + panel["height"]


@pytest.mark.parametrize("javascript", [True, False])
def test_a_rule_s_quotation_links_to_its_words_in_the_source(
    browser, live_server, javascript
) -> None:
    """ "Read them in the source text" under a ruling's quotation opens the worked example with
    the quoted words in view in the source panel (a text fragment). With JavaScript the panel
    was put back on the step's sentence when the advice below it loaded."""
    from playwright.sync_api import expect

    context = browser.new_context(base_url=live_server.url, java_script_enabled=javascript)
    page = context.new_page()
    page.goto("/rules/piquet/")
    link = page.locator("figcaption a[href*='Der%20nachteilige%20Ausschu']").first
    expect(link).to_have_text("Read them in the source text")
    link.click()
    expect(page).to_have_url(re.compile(r"/replays/piquet-example/step/0/"))
    quoted = page.locator(".source-de", has_text="Der nachteilige Ausschuß wird dann").first
    expect(quoted).to_be_attached()
    if javascript:  # the advice loads when it comes into view (the panel must stay put)
        placeholder = page.get_by_role("link", name="Show the advice and the verdicts")
        expect(placeholder).to_have_count(0)
    page.wait_for_timeout(500)
    assert _in_panel(page, quoted), "the quoted words are not in view in the source panel"
    context.close()


def test_a_step_swap_brings_the_step_s_sentence_into_the_panel(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/piquet-example/step/30/")
    page.locator("a.source-sentence[data-step='3']").first.click()
    expect(page.locator("#replay-step")).to_have_attribute("data-step", "3")
    current = page.locator("a.source-sentence.is-current[data-step='3']").first
    expect(current).to_be_attached()
    page.wait_for_timeout(200)
    assert _in_panel(page, current)


def test_a_keyboard_can_pass_the_source_text_s_links_by(page) -> None:
    """The Besik source puts about 160 sentence links in the tab order before the advice."""
    from playwright.sync_api import expect

    page.goto("/replays/besik-example/step/0/")
    skip = page.get_by_role("link", name="Skip the source text")
    skip.focus()
    expect(skip).to_be_in_viewport()  # shown when focused
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    inside = page.evaluate("() => !!document.activeElement.closest('.source-body')")
    assert not inside, "Tab went on into the source's links"
