"""What the practice templates show: an item's parts and a verdict, in the learner's language.

The drills describe their pages with engine types (:class:`~cardtutor.engine.drills.base.Show`,
:class:`~cardtutor.engine.drills.base.Field`, messages, cards); this module turns them into
plain template values once per request, so the templates stay simple.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django.urls import NoReverseMatch, reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from cardtutor.core.rules_text import rule_anchors
from cardtutor.engine.cards import lang_key
from cardtutor.engine.drills import Drill, Feedback, Item
from cardtutor.engine.drills.base import FieldKind, Show, ShowKind, check_seed
from cardtutor.engine.text import Msg, join_names
from cardtutor.practice.widgets import fieldset_html, show_html
from cardtutor.replays.table import sort_hand


def _lang() -> str:
    return lang_key(get_language() or "en")


def words(value: Any, lang: str) -> str:
    if isinstance(value, Msg):
        return value.render(lang)
    if isinstance(value, (list, tuple)):
        return join_names(value, lang) if value else "–"
    name = getattr(value, "name", None)
    if callable(name):
        return str(name(lang))
    return str(value)


def drill_url(drill: Drill) -> str:
    """The drill's address (``/practice/<game>/<drill>/``: a new item there)."""
    return _drill_url(drill.game, drill.key.split(".", 1)[1])


@lru_cache(maxsize=64)
def _drill_url(game: str, name: str) -> str:
    # reversed once per drill and process: the URLconf does not change while it runs
    return reverse("practice:start", args=[game, name])


def item_url(drill: Drill, level: int, seed: str) -> str:
    """An item's address, as ``reverse("practice:item", ...)`` gives it, from the drill's
    (a seed is URL-safe: :data:`~cardtutor.engine.drills.base.SEED_PATTERN`)."""
    return f"{drill_url(drill)}{int(level)}/{check_seed(seed)}/"


@lru_cache(maxsize=16)
def url_of(name: str, *args: str) -> str:
    """A fixed address (a view without arguments, or a game's rule page), reversed once."""
    return reverse(name, args=args)


def rule_link(rule: str, lang: str) -> dict[str, str] | None:
    game, _sep, anchor = rule.partition("#")
    titles = _anchors(game).get(anchor)
    if titles is None:
        return None
    return {
        "url": f"{url_of('rules_game', game)}#{anchor}",
        "title": titles[1] if lang == "de" else titles[0],
    }


@lru_cache(maxsize=8)
def _anchors(game: str) -> dict[str, tuple[str, str]]:
    return rule_anchors(game)


def _jack(game: str) -> str:
    return "Bauer" if game == "besik" else "Bube"


def _hint(low: int, high: int) -> str:
    if low == high:
        return ngettext("Choose %(n)s card.", "Choose %(n)s cards.", low) % {"n": low}
    return _("Choose %(low)s to %(high)s cards.") % {"low": low, "high": high}


def _show(show: Show, lang: str, jack: str, game: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": show.kind.value,
        "label": words(show.label, lang) if show.label else "",
    }
    if show.kind is ShowKind.TEXT:
        out["text"] = words(show.text, lang) if show.text else ""
    elif show.kind is ShowKind.CARDS:
        # a hand as the games and the rules show it: by suit, highest first (a trick as played)
        cards = show.cards if show.in_play_order else sort_hand(show.cards, game)
        out["cards"] = [{"card": c, "marked": c in show.marked} for c in cards]
    else:
        out["header"] = [words(h, lang) for h in show.header]
        out["rows"] = [[words(v, lang) for v in row] for row in show.rows]
    out["html"] = show_html(out, jack, lang)
    return out


def _chosen(values: Mapping[str, str], name: str) -> set[str]:
    return set(str(values.get(name) or "").split())


def item_context(
    drill: Drill,
    item: Item,
    values: Mapping[str, str],
    *,
    answered: bool = False,
    invalid: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """What the item page shows of ``item``: its parts as HTML (``shows_html``,
    ``fields_html``; ``answered`` disables the fields, which keep ``values``). ``invalid``:
    the fields a refused answer got wrong, by name: ``"missing"`` (left empty) or ``"wrong"``
    (an answer that is no answer to them); they are marked, for the eye and for screen
    readers."""
    invalid = invalid or {}
    lang = _lang()
    jack = _jack(drill.game)
    fields = []
    for spec in item.fields:
        chosen = _chosen(values, spec.name)
        field: dict[str, Any] = {
            "name": spec.name,
            "kind": spec.kind.value,
            "label": words(spec.label, lang),
            "say": words(spec.say, lang) if spec.say else "",
            "low": spec.low,
            "high": spec.high,
            "id": f"field-{spec.name}",
            "invalid": invalid.get(spec.name, ""),
        }
        hint = ""
        if spec.kind is FieldKind.CARDS:
            hint = _hint(spec.low, spec.high)
            field["cards"] = [
                {
                    "code": c.code,
                    "card": c,
                    "checked": c.code in chosen,
                    "id": f"field-{spec.name}-{c.code.replace('#', '-')}",
                }
                for c in sort_hand(spec.cards, drill.game)
            ]
        elif spec.kind in (FieldKind.CHOICE, FieldKind.CHOICES):
            field["options"] = [
                {
                    "value": o.value,
                    "label": words(o.label, lang),
                    "checked": o.value in chosen,
                    "id": f"field-{spec.name}-{n}",
                }
                for n, o in enumerate(spec.options)
            ]
        else:
            field["value"] = str(values.get(spec.name) or "")[:12]
        field["html"] = fieldset_html(field, jack, hint, lang, answered)
        fields.append(field)
    shows = [_show(s, lang, jack, drill.game) for s in item.shows]
    return {
        "drill": drill,
        "drill_title": words(drill.title, lang),
        "drill_url": drill_url(drill),
        "item": item,
        "level": int(item.level),
        "prompt": words(item.prompt, lang) if item.prompt else "",
        "shows": shows,
        "shows_html": mark_safe("".join(s["html"] for s in shows)),  # noqa: S308 (widgets)
        "fields": fields,
        "fields_html": mark_safe("\n    ".join(f["html"] for f in fields)),  # noqa: S308
        "jack": jack,
    }


def _nested(lines: list[str], subpoints: frozenset[int]) -> list[dict[str, Any]]:
    """The verdict's reasons as a list of ``{"text", "sub"}``: each line a subpoint
    (``subpoints``) goes under the nearest line above it that is not one.

    >>> _nested(["a", "b", "c", "d"], frozenset({1, 2}))
    [{'text': 'a', 'sub': ['b', 'c']}, {'text': 'd', 'sub': []}]
    """
    out: list[dict[str, Any]] = []
    for n, line in enumerate(lines):
        if n in subpoints and out:
            out[-1]["sub"].append(line)
        else:
            out.append({"text": line, "sub": []})
    return out


def feedback_context(feedback: Feedback, game: str) -> dict[str, Any]:
    lang = _lang()
    replay_url = ""
    if feedback.replay is not None:
        slug, step = feedback.replay
        try:
            replay_url = reverse("replays:step", args=[slug, step])
        except NoReverseMatch:
            replay_url = ""
    rules = [link for link in (rule_link(r, lang) for r in feedback.rules) if link]
    return {
        "correct": feedback.correct,
        "answer": [words(m, lang) for m in feedback.answer],
        "reasons": _nested([words(m, lang) for m in feedback.reasons], feedback.subpoints),
        "shows_html": mark_safe(  # noqa: S308 (widgets: every value escaped)
            "".join(_show(s, lang, _jack(game), game)["html"] for s in feedback.shows)
        ),
        "rules": rules,
        "replay_url": replay_url,
        "method": [words(m, lang) for m in feedback.method],
    }
