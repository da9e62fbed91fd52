"""Context shared by every page: deck preference and the source texts."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from cardtutor.core.preferences import four_colour_deck


def site(request: HttpRequest) -> dict[str, Any]:
    return {"four_colour": four_colour_deck(request)}
