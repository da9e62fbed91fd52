"""Games against the computer: start one, play it move by move, take a move back, resume later.

One view and one template serve the full page and, for htmx requests, the ``game_area``
partial (django-htmx's example project): every form also works without JavaScript (a move
posts, then the page is fetched again), and a history-restore request gets the full page.

Each move is a POST carrying the number of moves made when its form was served (``ply``):
the game's row is locked for the whole check-and-apply, so a double click or a stale form is
answered with the position as it stands and a short note, and never applied twice.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from cardtutor.engine.errors import EngineError
from cardtutor.engine.text import Msg
from cardtutor.games import presentation, service
from cardtutor.games.models import Game

SESSION_OWNER = "games_owner"
"""The session key of an anonymous learner's owner token (his games carry the same token)."""

MAX_GAMES_LISTED = 50


def _lang() -> str:
    return (get_language() or "en")[:2]


def owner_token(request: HttpRequest, create: bool = False) -> str:
    token = request.session.get(SESSION_OWNER, "") if hasattr(request, "session") else ""
    if not isinstance(token, str):
        token = ""
    if not token and create:
        token = secrets.token_urlsafe(24)
        request.session[SESSION_OWNER] = token
    return token


def my_games(request: HttpRequest) -> QuerySet[Game]:
    """The learner's games: his account's when signed in, else his session's."""
    if request.user.is_authenticated:
        return Game.objects.filter(user=request.user)
    token = owner_token(request)
    if not token:
        return Game.objects.none()
    return Game.objects.filter(user__isnull=True, owner_token=token)


def _get_game(request: HttpRequest, public_id: str, lock: bool = False) -> Game:
    games = my_games(request)
    if lock:
        games = games.select_for_update()
    try:
        return games.get(public_id=public_id)
    except Game.DoesNotExist:
        raise Http404(_("There is no game of yours at this address.")) from None


def _is_htmx(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not getattr(htmx, "history_restore_request", False)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    games = list(my_games(request)[:MAX_GAMES_LISTED])
    lang = _lang()
    return render(
        request,
        "games/index.html",
        {
            "games": [_summary(g, lang) for g in games],
            "kinds": [{"key": k.key, "name": k.name(lang)} for k in service.KINDS.values()],
            "strengths": Game.Strength.choices,
        },
    )


def _summary(game: Game, lang: str) -> dict[str, Any]:
    kind = service.KINDS.get(game.kind)
    return {
        "game": game,
        "name": kind.name(lang) if kind else game.kind,
        "url": reverse("games:game", args=[game.public_id]),
        "moves": game.ply,
    }


@require_POST
def new(request: HttpRequest) -> HttpResponse:
    kind = service.KINDS.get(request.POST.get("kind", ""))
    strength = request.POST.get("strength", Game.Strength.CLUB)
    first = request.POST.get("first", "cut")
    if kind is None or strength not in Game.Strength.values or first not in service.FIRST_DEALERS:
        messages.error(request, _("Choose a game, the computer's strength and who deals first."))
        return HttpResponseRedirect(reverse("games:index"), status=303)
    game = Game(kind=kind.key, strength=strength, learner_seats=list(kind.learner))
    game.record = service.new_record(kind, game.seed, first)
    position = service.replay(kind, game.record)
    service.advance(position, kind.learner, strength, game.seed)
    game.record = service.record_with(game.record, position.actions)
    game.is_over = bool(position.state.is_over)
    if request.user.is_authenticated:
        game.user = request.user
    else:
        game.owner_token = owner_token(request, create=True)
    game.save()
    return HttpResponseRedirect(reverse("games:game", args=[game.public_id]), status=303)


def _context(game: Game, position: service.Position, **extra: Any) -> dict[str, Any]:
    lang = _lang()
    seat = game.learner_seats[0]
    learner = tuple(game.learner_seats)
    state = position.state
    to_act = state.seat_to_act
    return {
        "game": game,
        "kind_name": position.kind.name(lang),
        "strength": game.get_strength_display(),
        "seat": seat,
        "table": presentation.table(position, seat, learner, lang),
        "score": presentation.score(position, lang),
        "recent": presentation.recent(position, seat, learner, lang),
        "moves": presentation.moves(position, seat, lang),
        "ply": position.ply,
        "your_turn": to_act in learner and not state.is_over,
        "to_act_label": presentation.seat_label(position, to_act, learner) if to_act else "",
        "is_over": bool(state.is_over),
        "can_undo": service.undo_point(position, learner) is not None,
        "move_url": reverse("games:move", args=[game.public_id]),
        "undo_url": reverse("games:undo", args=[game.public_id]),
        "game_url": reverse("games:game", args=[game.public_id]),
        **extra,
    }


def _render(
    request: HttpRequest, game: Game, position: service.Position, status: int = 200, **extra: Any
) -> HttpResponse:
    template = "games/game.html#game_area" if _is_htmx(request) else "games/game.html"
    return render(request, template, _context(game, position, **extra), status=status)


def _replay(game: Game) -> service.Position:
    kind = service.KINDS.get(game.kind)
    if kind is None:
        raise EngineError(Msg("games.err.form"))
    return service.replay(kind, game.record)


def _damaged(request: HttpRequest, game: Game) -> HttpResponse:
    """A stored record the engine cannot replay (edited by hand): say so, never a 500."""
    return render(request, "games/damaged.html", {"game": game})


@vary_on_headers("HX-Request")
@never_cache
@require_safe
def game_page(request: HttpRequest, public_id: str) -> HttpResponse:
    game = _get_game(request, public_id)
    try:
        position = _replay(game)
    except EngineError:
        return _damaged(request, game)
    return _render(request, game, position)


def _posted_ply(request: HttpRequest) -> int | None:
    raw = request.POST.get("ply", "")
    return int(raw) if raw.isdigit() and len(raw) < 7 else None


@vary_on_headers("HX-Request")
@never_cache
@require_POST
def move(request: HttpRequest, public_id: str) -> HttpResponse:
    lang = _lang()
    with transaction.atomic():
        game = _get_game(request, public_id, lock=True)
        try:
            position = _replay(game)
        except EngineError:
            return _damaged(request, game)
        if _posted_ply(request) != position.ply:
            return _render(request, game, position, note=Msg("games.stale").render(lang))
        seat = game.learner_seats[0]
        data = {key: request.POST.getlist(key) for key in request.POST}
        try:
            action = service.parse_move(position, seat, data, game.seed)
        except service.MoveRefused as refusal:
            status = 200 if _is_htmx(request) else refusal.status
            return _render(request, game, position, status=status, error=refusal.msg.render(lang))
        service.apply(position, action)
        service.advance(position, tuple(game.learner_seats), game.strength, game.seed)
        game.record = service.record_with(game.record, position.actions)
        game.is_over = bool(position.state.is_over)
        game.save(update_fields=["record", "is_over", "updated"])
    if _is_htmx(request):
        return _render(request, game, position)
    return HttpResponseRedirect(reverse("games:game", args=[game.public_id]), status=303)


@never_cache
@require_POST
def undo(request: HttpRequest, public_id: str) -> HttpResponse:
    lang = _lang()
    with transaction.atomic():
        game = _get_game(request, public_id, lock=True)
        try:
            position = _replay(game)
        except EngineError:
            return _damaged(request, game)
        if _posted_ply(request) != position.ply:
            return _render(request, game, position, note=Msg("games.stale").render(lang))
        cut = service.undo_point(position, tuple(game.learner_seats))
        if cut is None:
            return _render(request, game, position, note=Msg("games.nothing_to_undo").render(lang))
        game.record = service.record_with(game.record, position.actions[:cut])
        game.undo_count += 1
        game.is_over = False
        game.save(update_fields=["record", "is_over", "undo_count", "updated"])
    if _is_htmx(request):
        return _render(request, game, _replay(game))
    return HttpResponseRedirect(reverse("games:game", args=[game.public_id]), status=303)
