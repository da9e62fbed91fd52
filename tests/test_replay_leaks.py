"""Hidden information stays hidden: a replay step seen "as A sees it" names no card A cannot know.

What a seat knows is taken from the engine's own views: every card that has appeared in the
seat's view at this step or any earlier one (its hand, the cards played, the cards declared and
shown, the turned-up card, the part of the stock it may look at). Every other card of the deal is
unknown to it, and must not appear anywhere in the page for that seat: not in the text, not in an
attribute (``data-card``), not in an aria label, in English or in German, by name or by code.
With two packs (Besik) a name is fine as soon as the seat knows one copy of the card.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from cardtutor.engine.cards import Card, PhysicalCard
from cardtutor.replays.models import Replay
from cardtutor.replays.timeline import build_timeline

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "replays.json"
SPRITE = re.compile(r'<svg class="card-sprite".*?</symbol></svg>', re.S)


def cards_in(value: Any) -> Iterator[Card]:
    """Every card anywhere inside an engine view (dataclasses, tuples, mappings)."""
    if isinstance(value, PhysicalCard):
        yield value.card
    elif isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from cards_in(item)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from cards_in(item)


def names(card: Card) -> list[str]:
    """How a page could name the card: English, German (Bube and Bauer), the old "knave", codes."""
    forms = [
        card.name("en"),
        card.name("de"),
        card.name("de", jack="Bauer"),
        card.name("en").replace("jack", "knave"),
    ]
    return [f.lower() for f in forms]


def code_pattern(card: Card) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z0-9#-]){re.escape(card.code)}(?:#\d)?(?![A-Za-z0-9])")


def known_cards(timeline: Any, seat: str) -> list[set[Card]]:
    """For each step, the cards the seat has seen up to and including that step."""
    seen: set[Card] = set()
    out = []
    for step in timeline.steps:
        seen |= set(cards_in(step.state.view(seat)))
        out.append(set(seen))
    return out


@pytest.fixture
def replays(db) -> list[Replay]:
    call_command("loaddata", str(FIXTURE), verbosity=0)
    return list(Replay.objects.all())


def test_the_knowledge_model_is_the_seats_own_hand_at_the_deal(replays) -> None:
    """Guards the test itself: at the deal a seat knows its own cards and nothing of the other."""
    for replay in replays:
        timeline = build_timeline(replay.game, replay.record)
        state = timeline.steps[0].state
        everything = state.view(None)
        for seat in timeline.record.seats:
            own = {c.card if isinstance(c, PhysicalCard) else c for c in everything.hands[seat]}
            known = known_cards(timeline, seat)[0]
            assert own <= known
            others = {
                c.card if isinstance(c, PhysicalCard) else c
                for other, hand in everything.hands.items()
                if other != seat
                for c in hand
            }
            assert others - known, "the other seat's hand must not be fully known at the deal"


def _leaks(html: str, unknown: set[Card]) -> list[str]:
    page = SPRITE.sub("", html)
    lowered = page.lower()
    found = []
    for card in sorted(unknown, key=lambda c: c.code):
        for form in names(card):
            if form in lowered:
                at = lowered.index(form)
                found.append(f"{form!r} …{page[max(0, at - 60) : at + 40]!r}…")
                break
        else:
            match = code_pattern(card).search(page)
            if match:
                found.append(
                    f"{card.code!r} …{page[max(0, match.start() - 60) : match.end() + 20]!r}…"
                )
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_step_names_a_card_the_seat_cannot_know(replays, lang: str) -> None:
    client = Client()
    client.cookies["django_language"] = lang
    problems: list[str] = []
    views = 0
    for replay in replays:
        timeline = build_timeline(replay.game, replay.record)
        all_cards = set(cards_in(timeline.steps[0].state.view(None)))
        for seat in timeline.record.seats:
            known = known_cards(timeline, seat)
            for number in range(len(timeline.steps)):
                url = reverse("replays:step", args=[replay.slug, number]) + f"?seat={seat}"
                for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                    response = client.get(url, **headers)
                    assert response.status_code == 200, url
                    views += 1
                    unknown = all_cards - known[number]
                    for leak in _leaks(response.content.decode(), unknown):
                        problems.append(f"{replay.slug} step {number} as {seat}: {leak}")
    assert views > 400
    assert not problems, f"{len(problems)} leaks:\n" + "\n".join(problems[:40])


def test_the_detector_finds_a_named_card_in_text_and_attributes() -> None:
    queen = Card.parse("QS")
    assert _leaks("<p>B holds the Queen of Spades.</p>", {queen})
    assert _leaks("<p>B hat die Pik-Dame.</p>", {queen})
    assert _leaks('<svg data-card="QS"></svg>', {queen})
    assert _leaks("<p>QS#1</p>", {queen})
    assert not _leaks("<p>B holds four tens. QSX</p>", {queen})
