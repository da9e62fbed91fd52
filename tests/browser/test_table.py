"""Browser: the card table on a 360 px phone and at 1280 px, the move list and "go to step"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.conftest import assert_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "replays.json"
PHONE = {"width": 360, "height": 740}

# The fullest tables: both Besik seats with declared rows in the all-seeing view, Piquet with
# shown cards and a trick; German labels are the longest.
CROWDED = [
    ("besik-example/step/21/", "en"),
    ("besik-example/step/80/", "de"),
    ("besik-example/step/46/?seat=B", "de"),
    ("piquet-example/step/14/?seat=B", "en"),
    ("piquet-example/step/1/", "de"),
]


@pytest.fixture(autouse=True)
def replays(db) -> None:
    call_command("loaddata", str(FIXTURE), verbosity=0)


def _box(page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def _set_language(page, live_server, lang: str) -> None:
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])


@pytest.mark.parametrize(("path", "lang"), CROWDED)
def test_phone_first_screen_holds_table_trick_and_controls(
    page, live_server, path: str, lang: str
) -> None:
    page.set_viewport_size(PHONE)
    _set_language(page, live_server, lang)
    page.goto(f"/replays/{path}")
    bar = _box(page, "nav.replay-controls")
    table = _box(page, "[data-testid=card-table]")
    trick = _box(page, "[data-testid=trick]")
    following = _box(page, "[data-nav=next]")
    assert bar["y"] + bar["height"] <= PHONE["height"] + 0.5
    assert table["y"] >= 0 and table["y"] + table["height"] <= bar["y"] + 0.5, (table, bar)
    assert trick["y"] + trick["height"] <= bar["y"]
    assert 0 <= following["y"] and following["y"] + following["height"] <= PHONE["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # the score is on screen, compactly
    mini = _box(page, "[data-testid=score-mini]")
    assert mini["y"] + mini["height"] <= PHONE["height"] + 0.5
    assert_clean(page)


@pytest.mark.parametrize(("path", "lang"), [*CROWDED, ("besik-example/step/29/?seat=A", "de")])
def test_phone_table_labels_stay_inside_the_table(page, live_server, path: str, lang: str) -> None:
    """ "Auf der Hand" above a hand one card wide ran over the table's edge (it did not wrap)."""
    page.set_viewport_size(PHONE)
    _set_language(page, live_server, lang)
    page.goto(f"/replays/{path}")
    table = _box(page, "[data-testid=card-table]")
    labels = page.locator("[data-testid=card-table] .zone-label")
    for n in range(labels.count()):
        label = labels.nth(n)
        box = label.bounding_box()
        assert box is not None
        text = label.inner_text()
        assert table["x"] <= box["x"] and box["x"] + box["width"] <= table["x"] + table["width"], (
            text
        )
        # nor over the edge of its own zone (a hand one card wide beside the table's edge)
        inside = label.evaluate(
            "e => { const z = e.closest('.hand-zone, .declared-zone') || e.parentElement;"
            " const a = e.getBoundingClientRect(), b = z.getBoundingClientRect();"
            " return a.left >= b.left - 1 && a.right <= b.right + 1; }"
        )
        assert inside, text


def test_phone_controls_stay_reachable_while_the_notes_scroll(page) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(PHONE)
    page.goto("/replays/besik-example/step/21/")
    page.locator("#ledger-heading").scroll_into_view_if_needed()
    page.mouse.wheel(0, 600)
    assert page.evaluate("window.scrollY") > 400
    following = page.locator("a[data-nav=next]")
    box = following.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    mini = page.get_by_test_id("score-mini")
    expect(mini).to_be_in_viewport()
    following.click()
    expect(page).to_have_url(re.compile(r"/step/22/$"))
    expect(page.locator("#step-heading")).to_contain_text("22")
    # nothing sticks out sideways, and the bar does not hide the page's last lines
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    footer = page.locator(".site-footer").bounding_box()
    bar = page.locator("nav.replay-controls").bounding_box()
    assert footer is not None and bar is not None
    assert footer["y"] + footer["height"] <= bar["y"] + 1
    assert_clean(page)


def test_desktop_table_beside_the_step_text(page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/replays/piquet-example/step/14/?seat=B")
    table = _box(page, "[data-testid=card-table]")
    text = _box(page, ".step-text")
    heading = _box(page, "#step-heading")
    moves = _box(page, "[data-testid=move-list]")
    assert text["x"] >= table["x"] + table["width"]  # side by side
    assert heading["y"] < table["y"] + 60
    assert moves["y"] >= table["y"] + table["height"]  # the move list under the table
    assert table["y"] + table["height"] <= 800  # the whole table on the first screen
    # the followed seat at the bottom, the other at the top, the trick between them
    top, trick, bottom = (
        _box(page, "[data-seat=A]"),
        _box(page, "[data-testid=trick]"),
        _box(page, "[data-seat=B]"),
    )
    assert top["y"] < trick["y"] < bottom["y"]
    # every card of the followed hand is visible (shrunk to fit, none cut off)
    hand = _box(page, "[data-testid=hand-B]")
    assert hand["x"] >= table["x"] and hand["x"] + hand["width"] <= table["x"] + table["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert_clean(page)


def test_move_list_link_and_go_to_step(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/piquet-example/step/0/")
    moves = page.get_by_test_id("move-list")
    moves.get_by_role("link", name=re.compile(r"^Trick 3\b")).click()
    expect(page).to_have_url(re.compile(r"/step/14/$"))
    current = page.locator("[data-testid=move-list] [aria-current=step]")
    expect(current).to_have_count(1)
    expect(current).to_contain_text("Trick 3")

    page.get_by_label("Go to step").fill("5")
    page.get_by_role("button", name="Go", exact=True).click()
    expect(page).to_have_url(re.compile(r"/step/5/$"))
    expect(page.locator("#step-heading")).to_contain_text("Step 5 of")
    expect(page.locator(".replay-header h1")).to_be_visible()  # swapped in place
    assert_clean(page)


def test_go_to_step_without_javascript(browser, live_server) -> None:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/replays/besik-example/step/3/?seat=A")
    page.get_by_label("Go to step").fill("40")
    page.get_by_role("button", name="Go", exact=True).click()
    assert re.search(r"/replays/besik-example/step/40/\?seat=A#replay-step$", page.url)
    assert "Step 40 of" in page.locator("#step-heading").inner_text()
    response = page.goto("/replays/besik-example/goto/?step=400&seat=A")
    assert response is not None and response.status == 400
    assert "from 0 to 98" in page.content()
    context.close()
