"""Engine values in the learner's language: ``{% load words %}``.

``{{ value|in_words }}`` renders an engine message (:class:`~cardtutor.engine.text.Msg`), a suit
or a rank in the active language; ``{{ kind|rule_title:"besik" }}`` is the title of a rule anchor
(a meld kind, a scoring category) as the game's rule page names it.
"""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.translation import get_language

from cardtutor.core.rules_text import rule_anchors
from cardtutor.engine import GAMES
from cardtutor.engine.cards import lang_key

register = template.Library()


@register.filter
def in_words(value: object) -> str:
    lang = lang_key(get_language() or "en")
    render = getattr(value, "render", None)
    if callable(render):
        return str(render(lang))
    name_in = getattr(value, "name_in", None)
    if callable(name_in):
        return str(name_in(lang))
    return str(value)


@register.filter
def rule_title(anchor: str, game: str) -> str:
    titles = rule_anchors(game).get(str(anchor).replace("_", "-"))
    if not titles:
        return str(anchor).replace("-", " ").replace("_", " ")
    return titles[1] if lang_key(get_language() or "en") == "de" else titles[0]


@register.filter
def rule_area(concept: str) -> str:
    """``"piquet#point"`` → "Piquet: Point" (the game and the rule section's title)."""
    game, _sep, anchor = str(concept).partition("#")
    info = GAMES.get(game)
    lang = lang_key(get_language() or "en")
    title = rule_title(anchor, game) if anchor else ""
    name = info.name(lang) if info else game
    return f"{name}: {title}" if title else name


@register.filter
def rule_area_url(concept: str) -> str:
    """``"piquet#point"`` → ``/rules/piquet/#point`` (``""`` for an unknown game)."""
    game, _sep, anchor = str(concept).partition("#")
    if game not in GAMES:
        return ""
    url = reverse("rules_game", args=[game])
    return f"{url}#{anchor}" if anchor else url
