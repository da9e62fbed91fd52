"""Context shared by every page: deck preference and the source texts."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from cardtutor.core.preferences import four_colour_deck

OWN_GAME_PREFIX = "game-"
"""The slug prefix of a learner's own games kept as replays (``replays.transfer``'s
``LEARNERS_PREFIX``; the core app does not import the replays app)."""


def nav_section(request: HttpRequest) -> str:
    """Which main navigation entry is the current page ("" for none): the header's
    ``aria-current``, and part of its cached fragment's key (see base.html)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return ""
    if match.namespace == "replays" and str(match.kwargs.get("slug", "")).startswith(
        OWN_GAME_PREFIX
    ):
        return "games"  # the replay of a learner's own game: one of his games, not an example
    if match.namespace in ("replays", "practice", "games"):
        return str(match.namespace)
    return "rules" if match.url_name in ("rules", "rules_game", "glossary", "search") else ""


def site(request: HttpRequest) -> dict[str, Any]:
    return {"four_colour": four_colour_deck(request), "nav_section": nav_section(request)}
