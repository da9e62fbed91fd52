"""Template tags for the solver's verdicts, the source's advice and the items a replay never
shows (``{% load verdicts %}``); the logic lives in :mod:`cardtutor.replays.verdicts`,
:mod:`cardtutor.replays.advice` and :mod:`cardtutor.replays.coverage`.

- ``{% step_verdict replay number perspective as v %}``: what ``replays/_verdict.html`` shows at
  a step, or ``None``. In a seat's perspective it carries no verdict at all (a verdict names
  cards that seat cannot see), only the address of the All cards view.
- ``{% not_in_example_items replay as items %}``: the scoring items the replay never shows,
  each with its label and the address of its rule section.
- ``{{ code|game_card:game }}``: a card's name in the active language (Besik's jack is
  "Bauer" in German).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.translation import get_language

from cardtutor.core.rules_text import rule_anchors
from cardtutor.engine.cards import Card, lang_key
from cardtutor.engine.errors import NotationError
from cardtutor.practice.links import practice_url
from cardtutor.replays.advice import advice_for
from cardtutor.replays.coverage import not_in_example
from cardtutor.replays.timeline import timeline_for
from cardtutor.replays.verdicts import AdviceVerdict, Judge

register = template.Library()


@register.simple_tag
def step_verdict(replay: Any, number: Any, perspective: Any) -> dict[str, Any] | None:
    if not isinstance(number, int):
        return None
    timeline = timeline_for(replay)
    if not 0 <= number <= timeline.last:
        return None
    illustrated = [
        a for a in advice_for(replay.slug, replay.source_text or "") if number in a.steps
    ]
    judge = Judge(timeline)
    scope, solution = judge.step(number)
    if scope == "not-a-play" and not illustrated:
        return None
    everything = perspective == "all"
    return {
        "hidden": not everything,
        "all_url": reverse("replays:step", args=[replay.slug, number]),
        "game": timeline.game,
        "scope": scope,
        "solution": solution if everything else None,
        "advice": advice_items(judge.advice_list(illustrated), talon=scope == "talon")
        if everything
        else [],
        "illustrated": len(illustrated),
    }


def advice_items(verdicts: list[AdviceVerdict], talon: bool = False) -> list[dict[str, Any]]:
    """The advice as the templates show it: a sentence quoted once for the pieces of advice
    that share it, the link to a source paragraph once, and (``talon``: the step already says
    that the solver does not judge it) no repeated reason why the talon stops the solver.
    A reason already given above is not given again ("for the reason above"): the Besik
    advice page said the same 40 words fourteen times."""
    out = []
    quote = anchor = ""
    reasons: set[str] = set()
    for verdict in verdicts:
        advice = verdict.advice
        reason = str(verdict.reason or "")
        shown = not (talon and advice.untestable == "talon")
        out.append(
            {
                "verdict": verdict,
                "show_quote": advice.quote != quote,
                "show_anchor": bool(advice.anchor) and advice.anchor != anchor,
                "show_reason": shown and reason not in reasons,
                "reason_above": shown and bool(reason) and reason in reasons,
            }
        )
        if shown and reason:
            reasons.add(reason)
        quote, anchor = advice.quote, advice.anchor or anchor
    return out


@register.simple_tag
def not_in_example_items(replay: Any) -> list[dict[str, str]]:
    timeline = timeline_for(replay)
    page = reverse("rules_game", args=[timeline.game])
    titles = rule_anchors(timeline.game)
    german = lang_key(get_language() or "en") == "de"
    out = []
    for item in not_in_example(timeline):
        if item.label is None:
            english, deutsch = titles.get(item.anchor, (item.anchor, item.anchor))
            label = deutsch if german else english
        else:
            label = str(item.label)
        out.append(
            {
                "key": item.key,
                "label": label,
                "url": f"{page}#{item.anchor}",
                "practice_url": practice_url(item.key),
            }
        )
    return out


@register.filter
def game_card(code: Any, game: Any) -> str:
    """A card code's name in the active language (``"JD"|game_card:"besik"`` → "Karo-Bauer")."""
    try:
        card = Card.parse(str(code).partition("#")[0])
    except NotationError:
        return str(code)
    lang = lang_key(get_language() or "en")
    return card.name(lang, jack="Bauer" if game == "besik" else "Bube")
