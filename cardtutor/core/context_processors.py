"""Context shared by every page: deck preference and the source texts."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from cardtutor.core.preferences import four_colour_deck


def nav_section(request: HttpRequest) -> str:
    """Which main navigation entry is the current page ("" for none): the header's
    ``aria-current``, and part of its cached fragment's key (see base.html)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return ""
    if match.namespace in ("replays", "practice", "games"):
        return str(match.namespace)
    return "rules" if match.url_name in ("rules", "rules_game", "glossary", "search") else ""


def site(request: HttpRequest) -> dict[str, Any]:
    return {"four_colour": four_colour_deck(request), "nav_section": nav_section(request)}
