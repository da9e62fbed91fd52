"""Turns a timeline step into what the viewer shows, in the learner's language.

The game-specific parts (the table: hands, stock or talon, trick, melds, discards) come
from an adapter per game in :mod:`cardtutor.replays.tables`; everything else here is the
same for Piquet and Besik.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardtutor.core.rules_text import rule_anchors
from cardtutor.engine.events import Event
from cardtutor.replays.models import Annotation, Replay
from cardtutor.replays.tables import adapter_for
from cardtutor.replays.timeline import Timeline

CATEGORY_LABELS = {
    "carte_blanche": gettext_lazy("Carte blanche"),
    "point": gettext_lazy("Point"),
    "sequence": gettext_lazy("Sequences"),
    "set": gettext_lazy("Sets"),
    "lead": gettext_lazy("Leads"),
    "trick": gettext_lazy("Tricks won"),
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


def category_label(category: str, game: str = "", lang: str = "en") -> str:
    """A scoring category or meld kind in words (meld kinds take the rule's title)."""
    label = CATEGORY_LABELS.get(category)
    if label is not None:
        return str(label)
    titles = rule_anchors(game).get(category.replace("_", "-"))
    if titles:
        return titles[1] if lang.startswith("de") else titles[0]
    return category.replace("_", " ").capitalize()


def rule_url(rule: str) -> str:
    """``"piquet#point"`` → ``/rules/piquet/#point``."""
    page, _sep, anchor = rule.partition("#")
    if page not in ("piquet", "besik"):
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


def _step_url(replay: Replay, number: int, perspective: str) -> str:
    url = reverse("replays:step", args=[replay.slug, number])
    return f"{url}?{urlencode({'seat': perspective})}" if perspective != "all" else url


@lru_cache(maxsize=64)
def _source_spans(source_text: str, sentences: tuple[tuple[int, tuple[str, ...]], ...]
                  ) -> tuple[tuple[int, int, int], ...]:
    """Where each annotated step's source sentences stand in the source text.

    Returns sorted, non-overlapping ``(start, end, step)`` spans. Each sentence is looked up
    from where the previous step's sentence was found, so repeated phrases go to the right step.
    """
    spans: list[tuple[int, int, int]] = []
    cursor = 0
    for step, texts in sentences:
        for text in texts:
            if not text:
                continue
            at = source_text.find(text, cursor)
            if at < 0:
                at = source_text.find(text)
            if at < 0:
                continue
            spans.append((at, at + len(text), step))
            cursor = max(cursor, at)
    spans.sort()
    kept: list[tuple[int, int, int]] = []
    for span in spans:
        if kept and span[0] < kept[-1][1]:
            continue
        kept.append(span)
    return tuple(kept)


def source_segments(replay: Replay, annotations: list[Annotation], current: int,
                    perspective: str) -> list[dict[str, Any]]:
    key = tuple((a.step, tuple(a.source)) for a in annotations if a.source)
    spans = _source_spans(replay.source_text, key)
    out: list[dict[str, Any]] = []
    pos = 0
    text = replay.source_text
    for start, end, step in spans:
        if start > pos:
            out.append({"text": text[pos:start], "step": None})
        out.append({"text": text[start:end], "step": step, "current": step == current,
                    "url": _step_url(replay, step, perspective),
                    "base_url": _step_url(replay, step, "all")})
        pos = end
    if pos < len(text):
        out.append({"text": text[pos:], "step": None})
    return out


def part_value(part: str, seat: str, totals: dict[str, int],
               breakdown: dict[str, dict[str, int]]) -> int | None:
    """The engine's figure for a named part of a seat's score.

    ``"melds"`` is everything but the card points, as the Besik source's score sheet counts
    it (its "Meldungen" include the last trick); any other name is a breakdown category.
    """
    parts = breakdown.get(seat, {})
    if part == "melds":
        return totals.get(seat, 0) - parts.get("augen", 0) - parts.get("brisques", 0)
    return parts.get(part)


def _say_lines(events: tuple[Event, ...], lang: str) -> list[dict[str, str]]:
    return [{"seat": e.seat or "", "text": e.msg.render(lang)} for e in events if e.kind == "say"]


def _checks(annotation: Annotation | None, step_totals: dict[str, int],
            hands: dict[str, list[str]], breakdown: dict[str, dict[str, int]],
            game: str, lang: str, events: tuple[Event, ...] = ()) -> list[dict[str, Any]]:
    """The source's own statements at this step, each compared with the engine's result."""
    if annotation is None:
        return []
    checks: list[dict[str, Any]] = []
    stated = annotation.stated or {}
    for seat, value in (stated.get("totals") or {}).items():
        computed = step_totals.get(seat)
        checks.append({"kind": "total", "seat": seat, "stated": value, "computed": computed,
                       "agrees": computed == value})
    for seat, values in (stated.get("during") or {}).items():
        reached = [e.totals.get(seat) for e in events if e.is_score and e.totals]
        for value in values:
            checks.append({"kind": "during", "seat": seat, "stated": value,
                           "computed": value if value in reached else reached,
                           "agrees": value in reached})
    for seat, value in (stated.get("scored") or {}).items():
        computed = sum(e.points for e in events if e.is_score and e.seat == seat)
        checks.append({"kind": "scored", "seat": seat, "stated": value, "computed": computed,
                       "agrees": computed == value})
    for seat, parts in (stated.get("breakdown") or {}).items():
        for part, value in parts.items():
            computed = breakdown.get(seat, {}).get(part)
            checks.append({"kind": "part", "seat": seat, "part": category_label(part, game, lang),
                           "stated": value, "computed": computed, "agrees": computed == value})
    for part, values in (stated.get("parts") or {}).items():
        for seat, value in values.items():
            computed = part_value(part, seat, step_totals, breakdown)
            checks.append({"kind": "part", "seat": seat, "part": category_label(part, game, lang),
                           "stated": value, "computed": computed, "agrees": computed == value})
    for seat, cards in (stated.get("hands") or {}).items():
        computed_cards = sorted(hands.get(seat, []))
        checks.append({"kind": "hand", "seat": seat, "stated": " ".join(cards),
                       "computed": " ".join(computed_cards),
                       "agrees": sorted(cards) == computed_cards})
    for key, value in (stated.get("other") or {}).items():
        checks.append({"kind": "other", "seat": key, "stated": value, "computed": None,
                       "agrees": None})
    return checks


def step_context(replay: Replay, timeline: Timeline, number: int, perspective: str,
                 lang: str) -> dict[str, Any]:
    step = timeline.steps[number]
    adapter = adapter_for(timeline.game)
    seats = list(timeline.record.seats)
    annotations = list(replay.annotations.all())
    annotation = next((a for a in annotations if a.step == number), None)

    ledger: dict[str, list[LedgerEntry]] = {seat: [] for seat in seats}
    for event_step, event in timeline.score_events_until(number):
        seat = event.seat or ""
        entry = LedgerEntry(
            step=event_step, seat=seat, category=event.category,
            label=category_label(event.category, timeline.game, lang), points=event.points,
            text=event.msg.render(lang), rule_url=rule_url(event.rule),
            step_url=_step_url(replay, event_step, perspective),
        )
        for target in seats:
            if target == seat or (seat not in seats and target in seat):
                ledger[target].append(entry)
    breakdown = adapter.breakdown(step.state)
    ledger_rows = []
    for seat in seats:
        parts = breakdown.get(seat) or next(
            (v for k, v in breakdown.items() if seat in k), {})
        ledger_rows.append({
            "seat": seat,
            "total": step.totals.get(seat, 0),
            "parts": [{"category": c, "label": category_label(c, timeline.game, lang), "points": p}
                      for c, p in parts.items() if p],
            "entries": ledger[seat],
        })

    hands_all = adapter.hand_codes(step.state, seats)
    roles = {s.get("seat"): s.get("role", {}) for s in replay.seats}
    seat_labels = {
        seat: f"{seat} ({roles.get(seat, {}).get('de' if lang.startswith('de') else 'en', '')})"
        .replace(" ()", "")
        for seat in seats
    }
    table = adapter.table(step.state, perspective, seats, lang)
    for hand in table.get("hands", []):
        hand["label"] = seat_labels.get(hand["seat"], hand["seat"])
    events = adapter.visible_events(step.events, perspective)
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
    perspectives = [{"value": "all", "label": _("All cards"),
                     "url": _step_url(replay, number, "all"), "current": perspective == "all"}]
    perspectives += [{"value": seat, "label": _("As %(seat)s sees it") % {"seat": seat},
                      "url": _step_url(replay, number, seat), "current": perspective == seat}
                     for seat in seats]
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
        "step_scores": [
            {"seat": e.seat, "label": category_label(e.category, timeline.game, lang),
             "points": e.points,
             "text": e.msg.render(lang), "rule_url": rule_url(e.rule)}
            for e in step.score_events
        ],
        "ledger": ledger_rows,
        "totals": step.totals,
        "table": table,
        "table_template": adapter.template,
        "annotation": annotation,
        "commentary": annotation.commentary(lang) if annotation else "",
        "notes": [
            {"kind": n.get("kind", ""), "text": n.get("de" if lang.startswith("de") else "en", "")}
            for n in (annotation.notes if annotation else [])
        ],
        "checks": _checks(annotation, step.totals, hands_all, breakdown, timeline.game, lang,
                          step.events),
        "source_segments": source_segments(replay, annotations, number, perspective),
        "nav": nav,
        "perspective": perspective,
        "perspectives": perspectives,
        "announcement": announcement,
        "export_url": reverse("replays:export", args=[replay.slug]),
    }
