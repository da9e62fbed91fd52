"""Browser: stepping through replays with buttons and keys, history, perspective, German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.conftest import assert_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "replays.json"


@pytest.fixture(autouse=True)
def replays(db) -> None:
    call_command("loaddata", str(FIXTURE), verbosity=0)


def test_step_with_buttons_and_keys_url_follows_and_back_returns(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/")
    page.get_by_role("link", name="Piquet: the Encyclopaedia's example deal").click()
    expect(page).to_have_url(re.compile(r"/replays/piquet-example/step/0/$"))
    expect(page.locator("#step-heading")).to_have_text("The deal")

    # the live region that reads each new step out stays the same element (a new one each
    # time, as htmx's swap of the whole element made, need not be announced at all)
    page.evaluate("document.getElementById('replay-announcer').dataset.original = 'yes'")
    page.get_by_role("link", name="Next", exact=True).click()
    expect(page).to_have_url(re.compile(r"/step/1/$"))
    expect(page.locator("#replay-announcer")).to_contain_text("Step 1")
    expect(page.locator("#replay-announcer")).to_have_attribute("data-original", "yes")
    expect(page.locator("#step-heading")).to_have_text(re.compile(r"^Step 1 of \d+: A's move$"))
    # The swap kept focus on the control that was used.
    expect(page.locator("a[data-nav='next']")).to_be_focused()

    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"/step/2/$"))
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"/step/3/$"))
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(r"/step/2/$"))
    page.keyboard.press("End")
    expect(page).to_have_url(re.compile(r"/step/\d+/$"))
    expect(page.get_by_test_id("total-A")).to_have_text("28")
    expect(page.get_by_test_id("total-B")).to_have_text("23")
    expect(page.locator("#replay-announcer")).to_contain_text("Step")

    page.go_back()
    expect(page).to_have_url(re.compile(r"/step/2/$"))
    expect(page.locator("#step-heading")).to_contain_text("Step 2 of")
    expect(page.locator("#step-heading")).to_be_focused()
    page.keyboard.press("Home")
    expect(page).to_have_url(re.compile(r"/step/0/$"))
    expect(page.locator("a[data-nav='prev']")).to_have_count(0)
    assert_clean(page)


def test_perspective_switch_hides_the_other_seats_cards(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/besik-example/step/0/")
    hand_b = page.get_by_test_id("hand-B")
    expect(hand_b.locator("svg[data-card]")).to_have_count(8)
    page.get_by_role("link", name="As A sees it").click()
    expect(page).to_have_url(re.compile(r"\?seat=A#replay-step$"))
    expect(page.get_by_test_id("hand-B").locator("svg[data-card]")).to_have_count(0)
    expect(page.get_by_test_id("hand-B").locator("svg.card--back")).to_have_count(8)
    expect(page.get_by_test_id("hand-A").locator("svg[data-card]")).to_have_count(8)
    # The perspective is kept while stepping.
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"/step/1/\?seat=A$"))
    expect(page.get_by_test_id("hand-B").locator("svg[data-card]")).to_have_count(0)
    assert_clean(page)


def test_clicking_a_source_sentence_goes_to_its_step(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/besik-example/step/0/")
    sentence = page.locator("a.source-sentence").nth(3)
    step = sentence.get_attribute("data-step")
    sentence.click()
    # The step follows and the sentence is marked as current.
    expect(page).to_have_url(re.compile(rf"/step/{step}/$"))
    expect(page.locator("#replay-step")).to_have_attribute("data-step", step)
    expect(page.locator(f"a.source-sentence[data-step='{step}']").first).to_have_class(
        re.compile("is-current")
    )
    expect(page.locator("a.source-sentence.is-current")).to_have_count(
        page.locator(f"a.source-sentence[data-step='{step}']").count()
    )
    assert_clean(page)


def test_a_seats_view_puts_the_books_text_away(page) -> None:
    """The book names every card of both hands: following one seat, it is hidden (not just
    out of sight: not in the page), and one link brings back all cards with the text."""
    from playwright.sync_api import expect

    page.goto("/replays/besik-example/step/3/")
    expect(page.locator("a.source-sentence").first).to_be_visible()
    page.get_by_role("link", name="As A sees it").click()
    expect(page).to_have_url(re.compile(r"/step/3/\?seat=A#replay-step$"))
    expect(page.locator("a.source-sentence")).to_have_count(0)
    expect(page.get_by_test_id("hand-B").locator("svg[data-card]")).to_have_count(0)
    page.get_by_role("link", name="Show all cards and the text").click()
    expect(page).to_have_url(re.compile(r"/step/3/$"))
    expect(page.locator("a.source-sentence").first).to_be_visible()
    assert_clean(page)


def test_german_interface(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/besik-example/step/0/")
    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#step-heading")).to_have_text("Das Geben")
    page.get_by_role("link", name="Weiter", exact=True).click()
    # the heading says whose move it is in words, not by a bare letter ("…: A")
    expect(page.locator("#step-heading")).to_have_text(
        re.compile(r"^Schritt 1 von \d+: Zug von A$")
    )
    expect(page.get_by_test_id("explanation")).to_contain_text("Kreuz-Neun")
    expect(page.get_by_role("img", name="Kreuz-Neun").first).to_be_visible()
    assert_clean(page)


def test_works_without_javascript(browser, live_server) -> None:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/replays/piquet-example/step/0/")
    # the keys work only with the script: no list of them is shown without it
    assert not page.locator("#replay-keys").is_visible()
    page.get_by_role("link", name="Next", exact=True).click()
    assert page.url.endswith("/replays/piquet-example/step/1/#replay-step")
    assert "Step 1 of" in page.locator("#step-heading").inner_text()
    # the new step opens at the step: Next is the third Tab (First, Previous, Next), not the
    # fifteenth, past the site's header
    for _ in range(3):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.nav") == "next"
    page.keyboard.press("Enter")
    page.wait_for_url("**/step/2/#replay-step")
    # a step that does not exist (the browser's own check keeps the box in range; an address
    # typed or kept from before does not): said, and the box marked and kept
    page.goto("/replays/piquet-example/goto/?step=99")
    box = page.locator("#goto-step")
    assert box.get_attribute("aria-invalid") == "true" and box.input_value() == "99"
    assert "no step “99”" in page.locator("#goto-error").inner_text()
    page.locator("#goto-step").fill("5")
    page.locator("#goto-step").press("Enter")
    page.wait_for_url("**/step/5/#replay-step")
    context.close()


def test_narrow_screen_has_no_horizontal_scroll(browser, live_server) -> None:
    context = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto("/replays/besik-example/step/40/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    context.close()


@pytest.mark.parametrize("width", [1280, 360])
def test_the_advice_loading_below_leaves_the_page_and_the_focus_where_they_are(
    page, width: int
) -> None:
    """The source's advice loads when it scrolls into view; the page must not jump back to
    the step's heading then (it did: the focus handler answered every swap, not only a step's)."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": width, "height": 740})
    page.goto("/replays/piquet-example/step/12/")
    expect(page.locator("#step-heading")).to_be_visible()
    page.locator("#source-advice").scroll_into_view_if_needed()
    expect(page.get_by_test_id("advice-list")).to_be_attached()  # the loaded advice
    page.wait_for_timeout(300)  # htmx settles after the swap
    assert page.evaluate("window.scrollY") > 500
    assert page.evaluate("document.activeElement.id") != "step-heading"
    # a step's own swap still lands on its heading or its control
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"/step/13/$"))
    expect(page.locator("#step-heading")).to_be_focused()
    assert_clean(page)


def test_tabbing_on_while_a_step_loads_keeps_the_focus_where_the_learner_took_it(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/piquet-example/step/3/")
    page.route(
        re.compile(r"/step/4/"),
        lambda route: (page.wait_for_timeout(600), route.continue_())[-1],
    )
    page.locator("a[data-nav='next']").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # on to "Last" while step 4 is on its way
    expect(page.locator("#step-heading")).to_contain_text("Step 4 of")
    page.wait_for_timeout(300)
    expect(page.locator("a[data-nav='last']")).to_be_focused()


def test_on_a_phone_no_control_reached_with_tab_is_hidden_under_the_step_bar(page) -> None:
    """The step controls are fixed at the foot of a phone's screen: every other control Tab
    reaches is scrolled into view above them (16 of the first 70 were under them)."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/replays/piquet-example/step/12/")
    expect(page.locator("#step-heading")).to_be_visible()
    hidden = []
    for _ in range(70):
        page.keyboard.press("Tab")
        where = page.evaluate(
            """() => {
                 const el = document.activeElement, bar = document.querySelector('.replay-controls');
                 if (!el || el === document.body || bar.contains(el)) return null;
                 const box = el.getBoundingClientRect(), top = bar.getBoundingClientRect().top;
                 return box.height && box.bottom > top + 1 ? el.textContent.trim().slice(0, 40) : null;
               }"""
        )
        if where is not None:
            hidden.append(where)
    assert not hidden, hidden


@pytest.mark.parametrize(("width", "height", "fixed"), [(360, 740, True), (320, 180, False)])
def test_the_step_bar_is_fixed_only_where_the_screen_has_room_for_it(
    page, width, height, fixed
) -> None:
    """At 400 % zoom (a 1280 by 720 screen is 320 by 180 CSS pixels) the fixed step bar
    covered about 40 % of the screen; on a short screen it stays in the page."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": width, "height": height})
    page.goto("/replays/piquet-example/step/12/")
    controls = page.locator(".replay-controls")
    expect(controls).to_be_attached()
    position = controls.evaluate("(el) => getComputedStyle(el).position")
    assert (position == "fixed") == fixed, position
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_move_links_are_named_by_their_move_with_pauses_and_without_the_marker(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/piquet-example/step/25/")
    current = page.locator(".move-link[aria-current='step']")
    expect(current).to_be_visible()
    # the ▶ drawn before the current move is not part of its name
    # (Chromium puts a space before each hidden pause: "A : ace of hearts , B : …")
    expect(current).to_have_accessible_name(re.compile(r"^Trick \d+ [AB] ?: \w"))
    trick = page.locator(".move-link", has_text="Trick 1").first
    expect(trick).to_have_accessible_name(
        re.compile(r"^Trick 1 A ?: ace of hearts ?, B ?: ten of hearts ?, won by A")
    )
    exchange = page.locator(".move-link", has_text="A exchanges").first
    expect(exchange).to_have_accessible_name(
        re.compile(r"discards king of spades ?, nine of diamonds ?, eight of diamonds ?, ")
    )
