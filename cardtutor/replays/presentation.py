"""Turns a timeline step into what the viewer shows, in the learner's language.

Everything here goes through the one engine contract (:mod:`cardtutor.engine.contract`) and is
the same for every game: the table is the engine's typed ``view`` for the chosen seat (which
already hides what that seat may not know), drawn by the game's own template
``replays/_<game>_table.html``; scores come from the state's ``outcome()`` and
``score_breakdown()``, keyed by party (``state.party_of(seat)``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardtutor.core.glossary import rule_term_links, rule_title
from cardtutor.core.rules_text import rule_anchors
from cardtutor.engine import GAMES
from cardtutor.engine.besik.constants import DOUBLE_MARRIAGE_TRUMP_POINTS, MELD_POINTS
from cardtutor.engine.cards import Card
from cardtutor.engine.contract import GameState, View
from cardtutor.engine.errors import NotationError
from cardtutor.engine.events import Event
from cardtutor.replays.models import WORKED_EXAMPLES, Annotation, Replay
from cardtutor.replays.moves import move_list
from cardtutor.replays.source import has_gloss, source_segments
from cardtutor.replays.table import board
from cardtutor.replays.timeline import Timeline

CATEGORY_LABELS = {
    "carte_blanche": gettext_lazy("Carte blanche"),
    "point": gettext_lazy("Point"),
    "sequence": gettext_lazy("Sequences"),
    "set": gettext_lazy("Quatorzes and trios"),  # as the rules call them ("Sets" was both)
    "lead": gettext_lazy("Leads"),
    "trick": gettext_lazy("Winning the opponent's lead"),
    "last_trick": gettext_lazy("Last trick"),
    "cards": gettext_lazy("The cards"),
    "capot": gettext_lazy("Capot"),
    "pique": gettext_lazy("Pique"),
    "repique": gettext_lazy("Repique"),
    "partie": gettext_lazy("Partie"),
    "meld": gettext_lazy("Melds"),
    "melds": gettext_lazy("Melds"),
    "trump_seven": gettext_lazy("Trump seven"),
    "seven_turned_up": gettext_lazy("Turned-up seven"),
    "augen": gettext_lazy("Card points (Augen)"),
    "brisques": gettext_lazy("Brisques"),
    "play": gettext_lazy("Play"),
    "previous_deals": gettext_lazy("Earlier deals"),
}


SETTLEMENT = "partie"
"""The category of a Piquet partie's settlement: the winner's gain, added to no total."""

SUMMED_LABELS = {
    "marriage": ("Marriages", "Einfache Heiraten"),
    "trump_marriage": ("Trump marriages", "Trumpf-Heiraten"),
    "double_marriage": ("Double marriages", "Doppel-Heiraten"),
}
"""The meld kinds most often declared twice in a deal, named in the plural where a score
table sums more than one of them: "Einfache Heirat 40" read as a wrong value for one."""
SINGLE_MELD_AT_MOST = {
    "marriage": MELD_POINTS["marriage"],
    "trump_marriage": MELD_POINTS["trump-marriage"],
    "double_marriage": DOUBLE_MARRIAGE_TRUMP_POINTS,  # (two others make as much as one in trumps)
}


def _points_of(value: object) -> int:
    """A stated figure as points, where it is a whole number (else 0: named as one meld)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def category_label(category: str, game: str = "", lang: str = "en", summed: int = 0) -> str:
    """A scoring category or meld kind in words (meld kinds take the rule's title); ``summed``:
    the points a score table's row adds up, named in the plural when more than one meld's.

    >>> category_label("marriage", "besik", "de", 20), category_label("marriage", "besik", "de", 40)
    ('Einfache Heirat', 'Einfache Heiraten')
    """
    key = category.replace("-", "_")
    if summed > SINGLE_MELD_AT_MOST.get(key, summed):
        english, german = SUMMED_LABELS[key]
        return german if lang.startswith("de") else english
    label = CATEGORY_LABELS.get(category)
    if label is not None:
        return str(label)
    titles = rule_anchors(game).get(category.replace("_", "-"))
    if titles:
        return titles[1] if lang.startswith("de") else titles[0]
    return category.replace("_", " ").capitalize()


@lru_cache(maxsize=512)
def rule_url(rule: str) -> str:
    """``"piquet#point"`` → ``/rules/piquet/#point`` (worked out once per rule and process: a
    game move's scores link a dozen rules, and the URLconf does not change while it runs)."""
    page, _sep, anchor = rule.partition("#")
    if page not in GAMES:
        return ""
    url = reverse("rules_game", args=[page])
    return f"{url}#{anchor}" if anchor else url


@dataclass(frozen=True)
class LedgerEntry:
    step: int
    seat: str
    category: str
    label: str
    points: int
    text: str
    rule_url: str
    step_url: str
    rule_title: str = ""
    """The rule link's name ("Rule: Trump marriage"): the category's ("Melds") named links to
    different rules alike."""


def rule_title_of(rule: str, lang: str) -> str:
    """A rule reference's title ("besik#trump-marriage" → "Trump marriage"), for the name of a
    link to it."""
    game, _sep, anchor = rule.partition("#")
    return rule_title(game, anchor, lang.startswith("de")) if anchor else ""


def _step_url(replay: Replay, number: int, perspective: str) -> str:
    url = reverse("replays:step", args=[replay.slug, number])
    return f"{url}?{urlencode({'seat': perspective})}" if perspective != "all" else url


def part_value(
    part: str, seat: str, totals: Mapping[str, int], parts: Mapping[str, int]
) -> int | None:
    """The engine's figure for a named part of a seat's score.

    ``"melds"`` is everything but the card points, as the Besik source's score sheet counts
    it (its "Meldungen" include the last trick); any other name is a breakdown category.
    """
    if part == "melds":
        return totals.get(seat, 0) - parts.get("augen", 0) - parts.get("brisques", 0)
    return parts.get(part)


def _say_lines(events: Sequence[Event], lang: str) -> list[dict[str, str]]:
    return [{"seat": e.seat or "", "text": e.msg.render(lang)} for e in events if e.kind == "say"]


def _checks(
    annotation: Annotation | None,
    step_totals: dict[str, int],
    hands: dict[str, list[str]],
    breakdown: Mapping[str, Mapping[str, int]],
    game: str,
    lang: str,
    events: Sequence[Event],
    state: GameState[Any],
    perspective: str = "all",
) -> list[dict[str, Any]]:
    """The source's own statements at this step, each compared with the engine's result."""
    if annotation is None:
        return []
    checks: list[dict[str, Any]] = []
    stated = annotation.stated or {}

    def party(seat: str) -> str:  # stated seats come from imported files: may be anything
        return state.party_of(seat) if seat in state.seats else seat

    for seat, value in (stated.get("totals") or {}).items():
        computed = step_totals.get(seat)
        checks.append(
            {
                "kind": "total",
                "seat": seat,
                "stated": value,
                "computed": computed,
                "agrees": computed == value,
            }
        )
    for seat, values in (stated.get("during") or {}).items():
        reached = [e.totals.get(party(seat)) for e in events if e.is_score and e.totals]
        for value in values:
            checks.append(
                {
                    "kind": "during",
                    "seat": seat,
                    "stated": value,
                    "computed": value if value in reached else reached,
                    "agrees": value in reached,
                }
            )
    for seat, value in (stated.get("scored") or {}).items():
        computed = sum(
            e.points for e in events if e.is_score and event_party(state, e) == party(seat)
        )
        checks.append(
            {
                "kind": "scored",
                "seat": seat,
                "stated": value,
                "computed": computed,
                "agrees": computed == value,
            }
        )
    listed: set[tuple[str, str, object]] = set()
    """(seat, part, value) already checked: a source's total and its breakdown may state the
    same figure (the Besik Example's Augen), which is said once."""
    for seat, parts in (stated.get("breakdown") or {}).items():
        for part, value in parts.items():
            listed.add((str(seat), part, value))
            computed = breakdown.get(party(seat), {}).get(part)
            checks.append(
                {
                    "kind": "part",
                    "seat": seat,
                    "part": category_label(part, game, lang, summed=_points_of(value)),
                    "stated": value,
                    "computed": computed,
                    "agrees": computed == value,
                }
            )
    for part, values in (stated.get("parts") or {}).items():
        for seat, value in values.items():
            if (str(seat), part, value) in listed:
                continue
            computed = part_value(part, seat, step_totals, breakdown.get(party(seat), {}))
            checks.append(
                {
                    "kind": "part",
                    "seat": seat,
                    "part": category_label(part, game, lang, summed=_points_of(value)),
                    "stated": value,
                    "computed": computed,
                    "agrees": computed == value,
                }
            )
    for seat, cards in (stated.get("hands") or {}).items():
        if perspective not in ("all", seat):
            continue  # the source's listing of another seat's hand is hidden from this seat
        computed_cards = sorted(hands.get(seat, []))
        checks.append(
            {
                "kind": "hand",
                "seat": seat,
                "stated": card_names(cards, game, lang),
                "computed": card_names(computed_cards, game, lang),
                "agrees": sorted(cards) == computed_cards,
            }
        )
    for key, value in (stated.get("other") or {}).items():
        checks.append(
            {"kind": "other", "seat": key, "stated": value, "computed": None, "agrees": None}
        )
    return checks


def visible_notes(
    annotation: Annotation | None, perspective: str, actor: str | None, lang: str
) -> dict[str, Any]:
    """The step's notes that this perspective may read, and whether a reason is kept from it.

    A note may name the seats that may read it (``"seats": ["A"]``): a reason that rests on the
    actor's own concealed cards is for the actor (and the all-cards view) only. When every reason
    is kept from this perspective, ``reason_seat`` names the seat whose view shows it.
    """
    notes: list[dict[str, str]] = []
    hidden_reason = False
    for note in annotation.notes if annotation and isinstance(annotation.notes, list) else []:
        if not isinstance(note, Mapping):
            continue
        seats = note.get("seats")
        kind = str(note.get("kind", ""))
        if perspective != "all" and isinstance(seats, list) and perspective not in seats:
            hidden_reason = hidden_reason or kind == "reason"
            continue
        text = note.get("de" if lang.startswith("de") else "en", "")
        notes.append({"kind": kind, "text": text if isinstance(text, str) else ""})
    shown_reason = any(n["kind"] == "reason" for n in notes)
    reason_seat = actor if hidden_reason and not shown_reason and actor else ""
    notes.sort(key=lambda n: n["kind"] != "reason")  # the why first, then the asides
    return {"notes": notes, "reason_seat": reason_seat}


def card_names(codes: Sequence[str], game: str, lang: str) -> str:
    """Card codes as the learner reads them: ``["QS", "JD"]`` → "Pik-Dame, Karo-Bauer".

    A code that does not parse (stored content may be anything) is shown as it is.
    """
    jack = "Bauer" if game == "besik" else "Bube"
    names = []
    for code in codes:
        try:
            names.append(Card.parse(str(code).split("#")[0]).name(lang, jack=jack))
        except NotationError:
            names.append(str(code))
    return ", ".join(names)


def event_party(state: GameState[Any], event: Event) -> str:
    """The party an event scores for (events name the seat or the party)."""
    seat = event.seat or ""
    return seat if seat in state.parties else state.party_of(seat)


def seat_table(view: View, labels: Mapping[str, str]) -> list[dict[str, Any]]:
    """One entry per seat: every field of the view that maps seats to something, for that seat.

    The view is the engine's typed dataclass; its per-seat mappings (hands, discards, declared
    rows, tricks won...) are gathered per seat here so the game's template can draw each seat
    without knowing anything but the view's field names.
    """
    seats = set(view.seats)
    per_seat = [
        f.name
        for f in dataclasses.fields(view)
        if isinstance(getattr(view, f.name), Mapping) and set(getattr(view, f.name)) <= seats
    ]
    return [
        {
            "seat": seat,
            "label": labels.get(seat, seat),
            "is_turn": view.seat_to_act == seat,
            **{name: getattr(view, name).get(seat) for name in per_seat},
        }
        for seat in view.seats
    ]


def _hand_codes(view: View) -> dict[str, list[str]]:
    return {
        seat: [c.card.code if hasattr(c, "card") else c.code for c in cards if c is not None]
        for seat, cards in view.hands.items()
    }


def move_rules(
    events: Sequence[Event], score_events: Sequence[Event], game: str, lang: str
) -> list[dict[str, str]]:
    """The rules of what happens at a step that its scores do not already link (the exchange,
    a declaration that scores nothing, following suit, a draw from the talon), each once, in
    order: ``[{"title": ..., "url": ...}]``. A step that scores nothing links its rule too."""
    titles = rule_anchors(game)
    linked = {e.rule for e in score_events}
    found: list[dict[str, str]] = []
    seen: set[str] = set()
    for event in events:
        rule = event.rule
        if not rule or rule in linked or rule in seen:
            continue
        seen.add(rule)
        names = titles.get(rule.partition("#")[2])
        if names is None:
            continue  # (an anchor without a title: no link, rather than a bare "Rule")
        found.append(
            {"title": names[1] if lang.startswith("de") else names[0], "url": rule_url(rule)}
        )
    return found


def step_context(
    replay: Replay, timeline: Timeline, number: int, perspective: str, lang: str
) -> dict[str, Any]:
    step = timeline.steps[number]
    state = step.state
    engine = GAMES[timeline.game].engine
    seats = list(timeline.record.seats)
    annotations = list(replay.annotations.all())
    annotation = next((a for a in annotations if a.step == number), None)

    # One row per scoring party: a seat, or a partnership ("A+C"), whose partners share one
    # score (it was shown once per partner: "A 1454 · B 706 · C 1454 · D 706").
    parties = list(dict.fromkeys(state.party_of(seat) for seat in seats))
    ledger: dict[str, list[LedgerEntry]] = {party: [] for party in parties}
    this_deal = step.outcome.deal_number
    for event_step, event in timeline.score_events_until(number):
        if timeline.steps[event_step].outcome.deal_number != this_deal:
            continue  # earlier deals are summed up in "completed_deals"
        if event.category == SETTLEMENT:
            continue  # in no deal's points: the result line under the totals says it
        party = event_party(state, event)
        entry = LedgerEntry(
            step=event_step,
            seat=event.seat or "",
            category=event.category,
            label=category_label(event.category, timeline.game, lang),
            points=event.points,
            text=event.msg.render(lang),
            rule_url=rule_url(event.rule),
            step_url=_step_url(replay, event_step, perspective),
            rule_title=rule_title_of(event.rule, lang),
        )
        if party in ledger:
            ledger[party].append(entry)
    breakdown = state.score_breakdown()
    outcome = step.outcome
    ledger_rows = []
    for party in parties:
        ledger_rows.append(
            {
                "seat": party,
                "total": outcome.game[party],
                "deal_total": outcome.deal[party],
                "parts": [
                    {
                        "category": c,
                        "label": category_label(c, timeline.game, lang, summed=p),
                        "points": p,
                    }
                    for c, p in breakdown[party].items()
                    if p and c != SETTLEMENT
                ],
                "entries": ledger[party],
            }
        )
    completed_deals = [
        {"number": i, "scores": [(party, deal[party]) for party in parties]}
        for i, deal in enumerate(outcome.deals, start=1)
    ]

    everything = state.view(None)
    roles = {s.get("seat"): s.get("role", {}) for s in replay.seats}
    seat_labels = {
        seat: f"{seat} ({roles.get(seat, {}).get('de' if lang.startswith('de') else 'en', '')})".replace(
            " ()", ""
        )
        for seat in seats
    }
    view = everything if perspective == "all" else state.view(perspective)
    table = {"view": view, "seats": seat_table(view, seat_labels)}
    events = engine.visible_events(step.events, None if perspective == "all" else perspective)
    explanation = " ".join(e.msg.render(lang) for e in events if e.kind != "say")
    spoken = " ".join(f"{e.seat}: {e.msg.render(lang)}" for e in events if e.kind == "say")
    actor = step.seat
    if number == 0:
        heading = _("The deal")
    else:
        heading = _("Step %(number)d of %(last)d") % {"number": number, "last": timeline.last}
    nav = {
        "first": _step_url(replay, 0, perspective) if number > 0 else "",
        "prev": _step_url(replay, number - 1, perspective) if number > 0 else "",
        "next": _step_url(replay, number + 1, perspective) if number < timeline.last else "",
        "last": _step_url(replay, timeline.last, perspective) if number < timeline.last else "",
    }
    perspectives = [
        {
            "value": "all",
            "label": _("All cards"),
            "url": _step_url(replay, number, "all"),
            "current": perspective == "all",
        }
    ]
    perspectives += [
        {
            "value": seat,
            "label": _("As %(seat)s sees it") % {"seat": seat},
            "url": _step_url(replay, number, seat),
            "current": perspective == seat,
        }
        for seat in seats
    ]
    announcement = " ".join(part for part in (f"{heading}.", spoken, explanation) if part)
    return {
        "replay": replay,
        "title": replay.title(lang),
        "summary": replay.summary(lang),
        "number": number,
        "last": timeline.last,
        "heading": heading,
        "actor": actor,
        "seats": seats,
        "seat_labels": seat_labels,
        "explanation": explanation,
        "dialogue": _say_lines(events, lang),
        "move_rules": move_rules(events, step.score_events, timeline.game, lang),
        "step_scores": [
            {
                # the partie's settlement: what the winner gains, in no total (said apart;
                # listed as "+350" it read as points scored, the totals saying otherwise)
                "settlement": e.category == SETTLEMENT,
                "seat": e.seat,
                "label": category_label(e.category, timeline.game, lang),
                "points": e.points,
                "text": e.msg.render(lang),
                "rule_url": rule_url(e.rule),
                "terms": rule_term_links(e.rule, lang.startswith("de")),
            }
            for e in step.score_events
        ],
        "ledger": ledger_rows,
        "partnerships": len(parties) < len(seats),
        "totals": step.totals,
        "outcome": outcome,
        "multi_deal": outcome.multi_deal,
        "deal_number": outcome.deal_number,
        "completed_deals": completed_deals,
        "table": table,
        "table_template": f"replays/_{timeline.game}_table.html",
        "board": board(timeline, number, perspective, table),
        "moves": move_list(replay, timeline, number, perspective, lang),
        "annotation": annotation,
        "commentary": annotation.commentary(lang) if annotation else "",
        **visible_notes(annotation, perspective, actor, lang),
        "actor_view_url": _step_url(replay, number, actor) if actor else "",
        "checks": _checks(
            annotation,
            step.totals,
            _hand_codes(everything),
            breakdown,
            timeline.game,
            lang,
            step.events,
            state,
            perspective,
        ),
        "source_segments": source_segments(replay, annotations, number, perspective, lang),
        "source_glossed": has_gloss(replay.source_gloss, lang),
        "nav": nav,
        "perspective": perspective,
        "perspectives": perspectives,
        "all_cards_url": _step_url(replay, number, "all"),
        "announcement": announcement,
        "export_url": reverse("replays:export", args=[replay.slug]),
        # a link, not the seat's form: this part is cached for every visitor (no CSRF token)
        "seat_url": (
            reverse("games:index") + "#take-a-seat-heading"
            if replay.slug in WORKED_EXAMPLES and not (replay.owner_id or replay.owner_token)
            else ""
        ),
    }
