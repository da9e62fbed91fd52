"""Browser: script stored in a replay's title, summary, commentary and notes never runs and
never becomes markup, on the step page nor in the htmx step swap. Rendering any of these with
``|safe`` (or ``mark_safe``) makes this fail: the payload's elements would then exist in the
page, and the blocked inline script would show as a CSP violation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.conftest import assert_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "replays.json"


def payload(where: str) -> str:
    return (
        f"<script>window.__pwned='{where}'</script>"
        f'<img src="/x" id="pwned-{where}" data-x="1">'
        f'"><b id="pwned-{where}-b">bold</b>'
    )


@pytest.fixture(autouse=True)
def poisoned(db) -> None:  # type: ignore[no-untyped-def]
    from cardtutor.replays.models import Annotation, Replay

    call_command("loaddata", str(FIXTURE), verbosity=0)
    replay = Replay.objects.get(slug="piquet-example")
    replay.title_en = "Piquet " + payload("title")
    replay.summary_en = payload("summary")
    replay.save()
    for step in (1, 2):
        annotation, _ = Annotation.objects.get_or_create(replay=replay, step=step)
        annotation.commentary_en = payload(f"commentary{step}")
        annotation.notes = [
            *[n for n in annotation.notes if n.get("kind") != "aside"],
            {"kind": "aside", "en": payload(f"note{step}"), "de": "x"},
        ]
        annotation.save()


def _assert_inert(page) -> None:  # type: ignore[no-untyped-def]
    assert page.evaluate("window.__pwned === undefined")
    assert page.locator("[id^=pwned]").count() == 0
    assert_clean(page)  # no console error and no CSP violation (a blocked inline script)


def test_stored_script_is_shown_as_text_on_the_page_and_in_the_swap(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/piquet-example/step/1/")
    expect(page.locator(".commentary").first).to_contain_text(
        "<script>window.__pwned='commentary1'"
    )
    expect(page.locator(".note-aside").first).to_contain_text("<img src=")
    expect(page.locator("h1").first).to_contain_text("<script>")
    assert "<script>" in page.title()
    _assert_inert(page)

    # the htmx swap (the step fragment and its out-of-band title)
    page.get_by_role("link", name="Next", exact=True).click()
    expect(page).to_have_url(re.compile(r"/step/2/$"))
    expect(page.locator(".commentary").first).to_contain_text("window.__pwned='commentary2'")
    expect(page.locator(".note-aside").first).to_contain_text('id="pwned-note2"')
    _assert_inert(page)

    # and back through htmx's history
    page.go_back()
    expect(page).to_have_url(re.compile(r"/step/1/$"))
    expect(page.locator(".commentary").first).to_contain_text("commentary1")
    _assert_inert(page)


def test_stored_script_is_inert_in_the_list_and_the_seat_views(page) -> None:
    from playwright.sync_api import expect

    page.goto("/replays/")
    expect(page.get_by_text("window.__pwned='title'").first).to_be_visible()
    _assert_inert(page)
    page.goto("/replays/piquet-example/step/2/?seat=A")
    expect(page.locator("#step-heading")).to_contain_text("Step 2")
    _assert_inert(page)
