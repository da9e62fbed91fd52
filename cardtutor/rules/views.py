"""The rule pages: ``/rules/`` (both games and their contents) and ``/rules/<game>/``."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_safe

from cardtutor.core.http import NotFound
from cardtutor.engine import GAMES
from cardtutor.rules.reference import GAMES_WITH_RULES, example_slug, page_html, toc


def _lang() -> str:
    return get_language() or "en"


def _etag(request: HttpRequest, game: str = "") -> str | None:
    """What the page depends on: the code (the reference is a pure function of it), the game,
    the language and the visitor's cookies (the page's CSRF token, name and deck preference).
    ``None`` (no conditional answer) in DEBUG and when there is no CSRF cookie yet: that page
    sets a new one, so an earlier copy would carry a dead token."""
    if settings.DEBUG or settings.CSRF_COOKIE_NAME not in request.COOKIES:
        return None
    if game and game not in GAMES_WITH_RULES:
        return None
    from cardtutor.replays.rendering import release

    parts = ["rules", release(), game, _lang(), request.META.get("HTTP_COOKIE", "")]
    # Weak: every page carries a freshly masked token, equal in meaning, not in bytes.
    return 'W/"rules-' + hashlib.sha256("|".join(parts).encode()).hexdigest()[:32] + '"'


@require_safe
@condition(etag_func=_etag)
def rules(request: HttpRequest) -> HttpResponse:
    """Both games with a short introduction and their contents, and the glossary."""
    german = _lang().startswith("de")
    games = [
        {"key": key, "name": GAMES[key].name(_lang()), "toc": toc(key, german)}
        for key in GAMES_WITH_RULES
    ]
    return render(request, "rules/index.html", {"games": games})


@require_safe
@condition(etag_func=_etag)
def rules_game(request: HttpRequest, game: str) -> HttpResponse:
    """One game's full rule reference (rendered once per language, see ``page_html``)."""
    if game not in GAMES_WITH_RULES or game not in GAMES:
        raise NotFound(_("There are no rules for this game."))
    return render(
        request,
        "rules/game.html",
        {
            "game": game,
            "game_name": GAMES[game].name(_lang()),
            "example_slug": example_slug(game),
            "reference": page_html(game, _lang()),
        },
    )
