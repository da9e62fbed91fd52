"""Learner preferences kept in cookies, so they work without an account or JavaScript."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

DECK_COOKIE = "cardtutor_deck"
DECK_FOUR_COLOUR = "four"
DECK_TWO_COLOUR = "two"
COOKIE_AGE = 365 * 24 * 3600


def four_colour_deck(request: HttpRequest) -> bool:
    """True when the learner chose the four-colour deck (clubs green, diamonds blue)."""
    return request.COOKIES.get(DECK_COOKIE) == DECK_FOUR_COLOUR


def remember_deck(response: HttpResponse, request: HttpRequest, four_colour: bool) -> None:
    response.set_cookie(
        DECK_COOKIE,
        DECK_FOUR_COLOUR if four_colour else DECK_TWO_COLOUR,
        max_age=COOKIE_AGE,
        samesite="Lax",
        secure=request.is_secure(),
        httponly=True,
    )
