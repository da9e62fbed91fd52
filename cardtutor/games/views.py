"""Games against the computer: start one, play it move by move, take a move back, resume later.

One view and one template serve the full page and, for htmx requests, the ``game_area``
partial (django-htmx's example project): every form also works without JavaScript (a move
posts, then the page is fetched again), and a history-restore request gets the full page.

Each move is a POST carrying the number of moves made when its form was served (``ply``):
the write is conditional on that number (:func:`_store`), so a double click or a stale form is
answered with the position as it stands and a short note, and never applied twice.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.db.models import F, QuerySet
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseNotAllowed,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from cardtutor.core.http import NotFound
from cardtutor.core.owners import owner_token
from cardtutor.engine.errors import EngineError
from cardtutor.engine.piquet.constants import PARTIE_DEALS
from cardtutor.engine.text import Msg
from cardtutor.games import computer, presentation, service, widgets
from cardtutor.games.models import Game
from cardtutor.replays.models import (
    EXAMPLE_SEAT_SOURCE_TITLE,
    GAME_SOURCE_TITLE,
    WORKED_EXAMPLES,
    Annotation,
    Replay,
)
from cardtutor.replays.rendering import forget_replay
from cardtutor.replays.transfer import (
    EXPORT_FORMAT,
    EXPORT_VERSION,
    LEARNERS_PREFIX,
    ReplayImportError,
    export_steps,
    import_replay,
)

MAX_GAMES_LISTED = 50


def post_or_back_to_game(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A game's action (a move, a take-back, a hint) takes a POST; a GET or HEAD of its address
    (the address a refused move without JavaScript leaves in the address bar, opened again
    or bookmarked) is sent to the game (303); any other method is 405, as ``require_POST``."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, public_id: str) -> HttpResponse:
        if request.method in ("GET", "HEAD"):
            url = reverse("games:game", args=[public_id])
            return HttpResponseRedirect(f"{url}#game-area", status=303)
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        return view(request, public_id)

    return wrapper


def _lang() -> str:
    return (get_language() or "en")[:2]


def my_games(request: HttpRequest) -> QuerySet[Game]:
    """The learner's games: his account's when signed in, else his session's."""
    if request.user.is_authenticated:
        return Game.objects.filter(user=request.user)
    token = owner_token(request)
    if not token:
        return Game.objects.none()
    return Game.objects.filter(user__isnull=True, owner_token=token)


def _get_game(request: HttpRequest, public_id: str) -> Game:
    games = my_games(request)
    try:
        return games.get(public_id=public_id)
    except Game.DoesNotExist:
        raise NotFound(_("There is no game of yours at this address.")) from None


def _is_htmx(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not getattr(htmx, "history_restore_request", False)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return _index_page(request)


def _index_page(request: HttpRequest, status: int = 200) -> HttpResponse:
    games = list(my_games(request)[:MAX_GAMES_LISTED])
    lang = _lang()
    return render(
        request,
        "games/index.html",
        {
            "games": [_summary(g, lang) for g in games],
            "kinds": [{"key": k.key, "name": k.name(lang)} for k in service.KINDS.values()],
            "strengths": Game.Strength.choices,
            "kept": [
                {"title": r.title(lang), "url": reverse("replays:step", args=[r.slug, 0])}
                for r in kept_replays(request).order_by("-updated")[:MAX_GAMES_LISTED]
            ],
            "examples": [
                {
                    "slug": r.slug,
                    "title": r.title_de if lang == "de" else r.title_en,
                    "seats": [
                        {"seat": seat, "role": _role(r.seats, seat, lang)}
                        for seat in r.record.get("seats", [])
                    ],
                }
                for r in Replay.objects.filter(slug__in=WORKED_EXAMPLES).order_by("game")
            ],
        },
        status=status,
    )


def _role(seats: Any, seat: str, lang: str) -> str:
    """A worked example's seat described ("elder hand"), from the replay's list of seats."""
    for item in seats if isinstance(seats, list) else ():
        if (
            isinstance(item, dict)
            and item.get("seat") == seat
            and isinstance(item.get("role"), dict)
        ):
            return str(item["role"].get(lang) or item["role"].get("en") or "")
    return ""


def _learner_moves(game: Game) -> int:
    """The moves the learner chose (not the computer's, not the draws and deals)."""
    seats = game.learner_seats if isinstance(game.learner_seats, list) else []
    learner = {s for s in seats if isinstance(s, str)}
    return sum(
        1
        for a in game.actions
        if isinstance(a, dict)
        and a.get("seat") in learner
        and a.get("type") not in ("draw", "deal", "new_deal")
    )


def _summary(game: Game, lang: str) -> dict[str, Any]:
    try:
        name = _kind(game).name(lang)
    except EngineError:
        name = game.kind
    return {
        "game": game,
        "name": name,
        "url": reverse("games:game", args=[game.public_id]),
        "moves": _learner_moves(game),
        "result": _result_words(game) if game.is_over else "",
        "progress": "" if game.is_over else _progress_words(game),
    }


def _progress_words(game: Game) -> str:
    """How far a game in progress is ("deal 3 of 6"), counted from its record's deals (the
    list replays no game); nothing for a worked example, one deal."""
    if game.kind == "example":
        return ""
    deals = 1 + sum(
        1 for a in game.actions if isinstance(a, dict) and a.get("type") in ("deal", "new_deal")
    )
    if game.kind == "piquet":
        if deals > PARTIE_DEALS:  # (an equal partie goes on: "deal 7")
            return _("deal %(number)s") % {"number": deals}
        return _("deal %(number)s of %(deals)s") % {"number": deals, "deals": PARTIE_DEALS}
    return _("deal %(number)s") % {"number": deals}


def _result_words(game: Game) -> str:
    """How a finished game ended, from the learner's side ("you won (A 1250 · B 980)"), as kept
    when it ended (games finished before that was kept say nothing)."""
    meta = game.record.get("meta") if isinstance(game.record, dict) else None
    result = meta.get("result") if isinstance(meta, dict) else None
    if not isinstance(result, dict) or not isinstance(result.get("scores"), list):
        return ""
    scores = [s for s in result["scores"] if isinstance(s, list) and len(s) == 2]
    mine = str(result.get("mine") or "")
    winner = str(result.get("winner") or "")
    if isinstance(meta, dict) and meta.get("kind") == "example":  # one deal: ahead, not won
        if not winner:
            words = _("level")
        elif winner == mine:
            words = _("you were ahead")
        else:
            words = _("%(seat)s was ahead") % {"seat": winner}
    elif not winner:
        words = _("drawn")
    elif winner == mine:
        words = _("your side won") if "+" in mine else _("you won")
    elif "+" in winner:
        words = _("the other side won")
    else:  # every other seat is the computer's: "B won" left the learner to work that out
        words = _("the computer (%(seat)s) won") % {"seat": winner}
    points = " · ".join(f"{p} {n}" for p, n in scores)
    return f"{words} ({points})"


@require_POST
def new(request: HttpRequest) -> HttpResponse:
    kind = service.KINDS.get(request.POST.get("kind", ""))
    strength = request.POST.get("strength", Game.Strength.CLUB)
    first = request.POST.get("first", "cut")
    if kind is None or strength not in Game.Strength.values or first not in service.FIRST_DEALERS:
        # not a form of ours (each field offers only valid choices): the page, saying so
        messages.error(request, _("Choose a game, the computer's strength and who deals first."))
        return _index_page(request, status=400)
    game = Game(kind=kind.key, strength=strength, learner_seats=list(kind.learner))
    return _begin(request, game, kind, service.new_record(kind, game.seed, first))


def _begin(
    request: HttpRequest, game: Game, kind: service.Kind, record: dict[str, Any]
) -> HttpResponse:
    """Store a new game for the learner, the computer's first moves made, and go to it."""
    position = service.replay(kind, record)
    learner = tuple(game.learner_seats)
    service.advance(position, learner, game.strength, game.seed, record)
    game.record = service.record_with(record, position.actions)
    game.is_over = bool(position.state.is_over)
    if request.user.is_authenticated:
        game.user = request.user
    else:
        game.owner_token = owner_token(request, create=True)
    game.save()  # (sets the move count from the record)
    return HttpResponseRedirect(reverse("games:game", args=[game.public_id]), status=303)


def _context(
    game: Game, position: service.Position, still: bool = False, **extra: Any
) -> dict[str, Any]:
    """``still``: nothing was played since the page the learner saw (a refused move, a hint):
    the computer's last moves are not shown one after another again."""
    lang = _lang()
    seat = game.learner_seats[0]
    learner = tuple(game.learner_seats)
    state = position.state
    to_act = state.seat_to_act
    moves = presentation.moves(position, seat, lang)
    # (at the end of a deal the learner goes on to the next, whoever deals it)
    your_turn = (to_act in learner or moves.get("kind") == "deal") and not state.is_over
    table = presentation.table(position, seat, learner, lang)
    frames = [] if still else presentation.frames(position, seat, learner, lang)
    score = presentation.score(position, lang)
    several_opponents = not position.kind.partners and len(position.kind.seats) > 2
    # The table, the card buttons and the score are drawn in Python (games/widgets.py): in
    # template loops they were more than 40 % of a move.
    return {
        "game": game,
        "kind_name": position.kind.name(lang),
        "strength": game.get_strength_display(),
        "seat": seat,
        "table_html": widgets.table_html(table, frames, your_turn, moves.get("kind", ""), lang),
        "score": score,
        "score_html": widgets.score_html(
            score, presentation.ledger(position, seat, lang), state.party_of(seat)
        ),
        "recent": presentation.recent(position, seat, learner, lang),
        "moves": moves,
        "card_buttons_html": widgets.card_buttons_html(moves["cards"], lang)
        if moves.get("kind") in ("play", "besik")
        else "",
        "ply": position.ply,
        "your_turn": your_turn,
        "hint_useful": your_turn and not _one_move(moves),
        "to_act_label": presentation.seat_label(position, to_act, learner) if to_act else "",
        "is_over": bool(state.is_over),
        "learner_won": bool(score["winner"]) and score["winner"] == state.party_of(seat),
        "partnership": bool(position.kind.partners),
        "two_players": len(position.kind.seats) == 2,  # the solver judges two players only
        # each for himself against two or three computers: which of them won, and the
        # learner's place
        "winner_seat": score["winner"] if several_opponents else "",
        "final_place": _final_place(score, state.party_of(seat))
        if several_opponents and score["over"]
        else None,
        "following_book": game.kind == "example"
        and "off_book" not in (game.record.get("meta") or {}),
        "can_undo": not state.is_over and service.take_back_point(position, learner) is not None,
        "ticked": None,  # a refused exchange or declaration: the cards the learner ticked
        "looked": False,
        **game_urls(game.public_id),
        **extra,
    }


def _one_move(moves: dict[str, Any]) -> bool:
    """The learner has one move only (dealing, the one card he may play): no hint is offered,
    or counted, for it."""
    kind = moves.get("kind")
    if kind == "deal":
        return True
    if kind in ("play", "besik") and not moves.get("others"):
        return sum(1 for c in moves.get("cards", ()) if c["playable"]) == 1
    return False


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def _final_place(score: dict[str, Any], mine: str) -> dict[str, int]:
    """The learner's place at the end (1 + the players with more points), of how many."""
    totals = dict(zip(score["parties"], score["game"], strict=True))
    points = totals.get(mine, 0)
    place = 1 + sum(1 for p, v in totals.items() if p != mine and v > points)
    return {"place": place, "players": len(totals), "points": points}


GAME_URLS = {
    "game_url": "",
    "move_url": "move/",
    "undo_url": "undo/",
    "hint_url": "hint/",
    "export_url": "export.json",
    "keep_url": "keep/",
    "says_url": "says/",
}
"""A game's addresses, each its page's address and this (``games/urls.py``; a test checks
them against ``reverse``, which costs about as much as the rest of them together here)."""


def game_urls(public_id: str) -> dict[str, str]:
    page = reverse("games:game", args=[public_id])
    return {name: page + tail for name, tail in GAME_URLS.items()}


def _render(
    request: HttpRequest, game: Game, position: service.Position, status: int = 200, **extra: Any
) -> HttpResponse:
    htmx = _is_htmx(request)  # the area only, and the heading (outside it) out of band
    template = "games/game.html#game_area" if htmx else "games/game.html"
    context = _context(game, position, swap_heading=htmx, **extra)
    ticked = extra.get("ticked")
    if ticked is not None and (context.get("moves") or {}).get("says"):
        # A refused declaration comes back with the learner's ticks: the line under them says
        # what these make him say (it said what his best declaration says, ticked or not).
        said = presentation.elder_says(position, game.learner_seats[0], ticked, _lang())
        if said is not None:
            context["ticked_says"], context["refused"] = said
            context["now"] = True
    return render(request, template, context, status=status)


def _kind(game: Game) -> service.Kind:
    """The game's kind; an ``EngineError`` if the row does not describe one (edited by hand):
    an unknown kind, or learner seats that are not distinct seats of it."""
    seats = game.learner_seats
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise EngineError(Msg("games.err.form"))
    kind: service.Kind | None
    if game.kind == "example" and isinstance(game.record, dict):
        try:
            kind = service.example_kind(game.record, seats)
        except (KeyError, TypeError, AttributeError, ValueError):
            kind = None
    else:
        kind = service.KINDS.get(game.kind)
    if kind is None or len(set(seats)) != len(seats) or not all(s in kind.seats for s in seats):
        raise EngineError(Msg("games.err.form"))
    return kind


def _replay(game: Game) -> service.Position:
    try:
        return service.replay(_kind(game), game.record)
    except (KeyError, TypeError, AttributeError):
        raise EngineError(Msg("games.err.form")) from None


def _damaged(request: HttpRequest, game: Game) -> HttpResponse:
    """A stored record the engine cannot replay (edited by hand): say so, never a 500 (409,
    as a damaged replay: the request was fine, the stored game is not)."""
    return render(request, "games/damaged.html", {"game": game}, status=409)


@vary_on_headers("HX-Request")
@never_cache
@require_safe
def game_page(request: HttpRequest, public_id: str) -> HttpResponse:
    game = _get_game(request, public_id)
    try:
        position = _replay(game)
    except EngineError:
        return _damaged(request, game)
    extra: dict[str, Any] = {}
    stored = request.session.get(NOTE_KEY) if hasattr(request, "session") else None
    if isinstance(stored, dict) and stored.get("game") == game.public_id:
        request.session.pop(NOTE_KEY, None)
        if stored.get("ply") == position.ply:
            extra["note"] = str(stored.get("text", ""))
            reasons = stored.get("reasons")
            if isinstance(reasons, list):
                extra["note_reasons"] = [str(r) for r in reasons]
            extra["note_link"] = str(stored.get("link", ""))
    chosen = request.session.get(BOOK_CHOICE_KEY) if hasattr(request, "session") else None
    if isinstance(chosen, dict) and chosen.get("game") == game.public_id:
        request.session.pop(BOOK_CHOICE_KEY, None)
        book = service.book_move(position, game.record) if game.kind == "example" else None
        if chosen.get("ply") == position.ply and book is not None:
            try:
                action = position.engine.parse_action(chosen.get("action") or {})
            except EngineError:
                action = None  # (a session row edited by hand: the page as it is)
            if action is not None and action != book:
                extra["book_choice"] = _book_choice(game, position, action, book, _lang())
                extra["still"] = True
                extra.update(_ticks_of(action))
    if "again" in request.GET and "ticked" not in extra:
        # "Try again" after the comparison with the example's move: the learner's picks (only
        # which boxes start ticked: the move itself is checked when it is sent)
        extra["ticked"] = [code[:4] for code in request.GET.getlist("ticked")[:20]]
        extra["looked"] = request.GET.get("look") == "yes"
    hinted = request.session.get(HINT_KEY) if hasattr(request, "session") else None
    if isinstance(hinted, dict) and hinted.get("game") == game.public_id:
        request.session.pop(HINT_KEY, None)
        if hinted.get("ply") == position.ply:
            extra["advice"] = {k: hinted.get(k) for k in ("move", "reason", "samples")}
            extra["still"] = True
    return _render(request, game, position, **extra)


@vary_on_headers("HX-Request")
@never_cache
@require_safe
def says(request: HttpRequest, public_id: str) -> HttpResponse:
    """What the cards ticked on the elder hand's declaration form make him say, asked by
    htmx as he ticks and unticks them (the form itself says what his best declaration says,
    which is all a page without JavaScript can say). Another request gets the game's page;
    a form of a position since left, nothing (htmx then leaves the line as it is)."""
    game = _get_game(request, public_id)
    if not _is_htmx(request):
        return redirect(reverse("games:game", args=[game.public_id]))
    raw = request.GET.get("ply", "")
    if not (raw.isascii() and raw.isdigit() and len(raw) < 7 and int(raw) == game.moves):
        return HttpResponse(status=204)  # (a stale form: no replay needed to say so)
    try:
        position = _replay(game)
    except EngineError:
        return HttpResponse(status=204)
    if position.ply != game.moves:
        return HttpResponse(status=204)
    seat = game.learner_seats[0]
    said = presentation.elder_says(position, seat, request.GET.getlist("cards"), _lang())
    if said is None:
        return HttpResponse(status=204)
    text, refused = said
    return render(
        request, "games/game.html#declare_says", {"says": text, "refused": refused, "now": True}
    )


MAX_PLY = 999_999
"""The largest move number a form may carry (six digits)."""


def _posted_ply(request: HttpRequest) -> int | None:
    raw = request.POST.get("ply", "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 7 else None


def _store(game: Game, moves_before: int, since: Any = None, **fields: Any) -> bool:
    """Write ``fields`` only if the game still has ``moves_before`` moves (optimistic
    concurrency: of two requests for one position only the first writes; the other is told the
    move was already made), and, given ``since``, was last written then. One short UPDATE, so
    no lock is held while the computer plays."""
    fields["updated"] = timezone.now()
    rows = Game.objects.filter(pk=game.pk, moves=moves_before)
    if since is not None:
        rows = rows.filter(updated=since)
    return bool(rows.update(**fields) == 1)


def _stale(request: HttpRequest, public_id: str, key: str = "games.stale") -> HttpResponse:
    """The game as it stands now, with the note that the move was already made (``key``:
    another note)."""
    game = _get_game(request, public_id)
    try:
        position = _replay(game)
    except EngineError:
        return _damaged(request, game)
    return _render(request, game, position, note=Msg(key).render(_lang()))


def _reached(game: Game) -> int:
    """The furthest move the game has reached, take-backs included (kept by ``undo``; a game
    taken back before it was kept: any move number, as it was then)."""
    meta = game.record.get("meta") if isinstance(game.record, dict) else None
    reached = meta.get("reached") if isinstance(meta, dict) else None
    if isinstance(reached, int) and not isinstance(reached, bool):
        return max(reached, game.moves)
    return MAX_PLY if game.undo_count else game.moves


def _posted_position(
    request: HttpRequest, public_id: str
) -> tuple[Game, service.Position] | HttpResponse:
    """The learner's game and its position for a form posted at its current move; otherwise
    the answer to send (the game as it stands with "already made", or the damaged page)."""
    game = _get_game(request, public_id)
    ply = _posted_ply(request)
    if ply is not None and game.moves < ply <= _reached(game):
        # a form for a position since taken back (another tab, the back button)
        return _stale(request, public_id, "games.stale_undone")
    if ply is None or ply > game.moves:
        # no move number, or one the game never reached: not a form of ours (a stale one has
        # the number of a move since made)
        try:
            position = _replay(game)
        except EngineError:
            return _damaged(request, game)
        status = 200 if _is_htmx(request) else 400
        error = Msg("games.err.form").render(_lang())
        return _render(request, game, position, status=status, error=error, still=True)
    if ply != game.moves:
        return _stale(request, public_id)
    try:
        return game, _replay(game)
    except EngineError:
        return _damaged(request, game)


@vary_on_headers("HX-Request")
@never_cache
@post_or_back_to_game
def move(request: HttpRequest, public_id: str) -> HttpResponse:
    lang = _lang()
    found = _posted_position(request, public_id)
    if isinstance(found, HttpResponse):
        return found
    game, position = found
    moves_before = game.moves
    seat = game.learner_seats[0]
    book = service.book_move(position, game.record) if game.kind == "example" else None
    note = ""
    same = 0  # how many of the example's moves the learner's comes to (another order)
    moves: list[Any] = []  # the example's moves, when the learner's is compared with them
    if request.POST.get("type") == "book":
        if book is None:  # not a worked example still followed: no form of ours asks this
            status = 200 if _is_htmx(request) else 400
            error = Msg("games.err.form").render(lang)
            return _render(request, game, position, status=status, error=error, still=True)
        if position.state.seat_to_act != seat:
            return _render(request, game, position, note=Msg("games.stale").render(lang))
        action = book
        meta = game.record.setdefault("meta", {})
        meta["shown"] = int(meta.get("shown", 0)) + 1
        note = Msg("games.book.shown").render(lang)
    else:
        data = {key: request.POST.getlist(key) for key in request.POST}
        try:
            action = service.parse_move(position, seat, data, game.seed)
        except service.MoveRefused as refusal:
            status = 200 if _is_htmx(request) else refusal.status
            return _render(
                request,
                game,
                position,
                status=status,
                error=presentation.sentence(refusal.msg.render(lang)),
                still=True,
                # the learner's picks stay ticked, to be mended, not made again
                ticked=request.POST.getlist("cards"),
                looked=request.POST.get("look") == "yes",
                **_kept_advice(game, position),
            )
        alike = False  # says and scores what the example's move does, to the deal's end
        if book is not None and action != book:
            moves = service.book_moves(position, game.record) or []
            same = service.book_equivalent(position, action, seat, moves)
            if not same and service.plays_out_alike(position, action, moves):
                same, alike = 1, True
        if book is not None and action == book:
            note = Msg("games.book.same").render(lang)
        elif same:
            # the example's own moves are made: the game goes on following it
            note = Msg("games.book.same_words" if alike else "games.book.same_in_effect").render(
                lang
            )
        elif book is not None and request.POST.get("then") != "play-on":
            # Legal, but not the example's move: nothing is applied; the learner chooses.
            if not _is_htmx(request):
                # Shown by the game's page after a redirect, as a note is: a page answering
                # the POST left the back button on "Confirm form resubmission".
                request.session[BOOK_CHOICE_KEY] = {
                    "game": game.public_id,
                    "ply": position.ply,
                    "action": action.to_json(),
                }
                return _back_to_game(game, "book-choice")
            choice = _book_choice(game, position, action, book, lang)
            return _render(
                request, game, position, book_choice=choice, still=True, **_ticks_of(action)
            )
        elif book is not None:
            game.record.setdefault("meta", {})["off_book"] = position.ply
            position.kind = dataclasses.replace(position.kind, following_book=False)
            note = Msg("games.book.off").render(lang)
    reasons: list[str] = []
    link = ""
    made = [action]
    if book is not None and same:
        made = moves[position.ply : position.ply + same]
    if book is not None and (action == book or same):
        # The example's reasons are read only once its move is made: written for the
        # position after it, they may name what the move brought (the cards drawn).
        reasons = _book_reasons(game, position.ply + len(made), lang)
        link = _replay_step_url(game, position.ply + len(made))
    for one in made:
        service.apply(position, one)
    learner = tuple(game.learner_seats)
    service.advance(position, learner, game.strength, game.seed, game.record)
    game.record = service.record_with(game.record, position.actions)
    game.moves = position.ply
    game.is_over = bool(position.state.is_over)
    if game.is_over:  # for the list of games, which does not replay each game
        outcome = position.state.outcome()
        game.record.setdefault("meta", {})["result"] = {
            "winner": outcome.winner or "",
            "mine": position.state.party_of(seat),
            "scores": [[p, outcome.game.get(p, 0)] for p in outcome.parties],
        }
    if not _store(game, moves_before, record=game.record, moves=game.moves, is_over=game.is_over):
        return _stale(request, public_id)
    if _is_htmx(request):
        return _render(request, game, position, note=note, note_reasons=reasons, note_link=link)
    if note:
        request.session[NOTE_KEY] = {
            "game": game.public_id,
            "ply": position.ply,
            "text": note,
            "reasons": reasons,
            "link": link,
        }
    return _back_to_game(game, "game-area")


def _back_to_game(game: Game, anchor: str) -> HttpResponse:
    """The redirect after a move, a take-back or a hint without JavaScript: to the game, at
    the part that changed. The browser scrolls there and the next Tab starts from there (the
    next decision's first control, or the hint), not from the top of the page."""
    url = reverse("games:game", args=[game.public_id])
    return HttpResponseRedirect(f"{url}#{anchor}", status=303)


NOTE_KEY = "games_note"
"""A note for the page that follows a move without JavaScript (its redirect)."""

BOOK_CHOICE_KEY = "games_book_choice"
"""A move of the learner's that differs from the worked example's, sent without JavaScript:
the page its redirect opens shows it beside "Try again" and the example's move, once."""


def _book_choice(
    game: Game, position: service.Position, action: Any, book: Any, lang: str
) -> dict[str, Any]:
    """What to show when the learner's legal move differs from the worked example's: the
    learner's move and, for a card, the solver's verdict on it against the example's. Not the
    example's move itself (the learner may try again; "Show the example's move" makes it), nor
    what it brings (its reasons are shown once it is made)."""
    solver, standing = presentation.solver_standing(position, action, book, lang)
    is_discard = action.to_json().get("type") == "exchange"
    ticks = _ticks_of(action)
    again = [("again", "1"), *(("ticked", code) for code in ticks.get("ticked", ()))]
    if ticks.get("looked"):
        again.append(("look", "yes"))
    return {
        # "Try again" opens the decision with the learner's picks still ticked (it cleared
        # them: a learner tester)
        "again_query": urlencode(again),
        "yours": presentation.describe(action, lang),
        "solver": solver,
        # a card as good as the example's, or better, is not called a miss (it was)
        "standing": standing,
        "is_discard": is_discard,
        "action_json": json.dumps(action.to_json()),
    }


def _ticks_of(action: Any) -> dict[str, Any]:
    """A discard's or a declaration's cards, to stay ticked under the comparison with the
    example's move ("Try again" mends them; they were cleared, unlike a refused move's)."""
    data = action.to_json()
    cards = data.get("discard") if data.get("type") == "exchange" else data.get("cards")
    if data.get("type") not in ("exchange", "declare") or not isinstance(cards, str):
        return {}
    return {"ticked": cards.split(), "looked": bool(data.get("look"))}


def _book_reasons(game: Game, step: int, lang: str) -> list[str]:
    """The example's reasons for the move that led to ``step``, as the learner's seat may
    read them (notes limited to other seats are left out)."""
    seat = game.learner_seats[0]
    slug = str((game.record.get("meta") or {}).get("replay", ""))
    reasons: list[str] = []
    annotation = Annotation.objects.filter(replay__slug=slug, step=step).first()
    if annotation is None or not isinstance(annotation.notes, list):
        return reasons
    for note in annotation.notes:
        if not isinstance(note, dict) or note.get("kind") != "reason":
            continue
        seats = note.get("seats")
        if isinstance(seats, list) and seat not in seats:
            continue
        text = note.get("de" if lang == "de" else "en")
        if isinstance(text, str) and text:
            reasons.append(text)
    return reasons


def _replay_step_url(game: Game, step: int) -> str:
    slug = str((game.record.get("meta") or {}).get("replay", ""))
    if not slug:
        return ""
    return reverse("replays:step", args=[slug, step]) + f"?seat={game.learner_seats[0]}"


@never_cache
@post_or_back_to_game
def undo(request: HttpRequest, public_id: str) -> HttpResponse:
    lang = _lang()
    found = _posted_position(request, public_id)
    if isinstance(found, HttpResponse):
        return found
    game, position = found
    moves_before = game.moves
    if position.state.is_over:
        # A finished game's every card may be seen (kept as a replay, downloaded): taken back,
        # it would be played on with the hidden cards known.
        return _render(request, game, position, note=Msg("games.over_no_undo").render(lang))
    learner = tuple(game.learner_seats)
    cut = service.take_back_point(position, learner)
    if cut is None:
        why = (
            "games.undo_new_deal"
            if service.undo_point(position, learner) is not None
            else "games.nothing_to_undo"
        )
        return _render(request, game, position, note=Msg(why).render(lang))
    taken_back = presentation.describe(position.actions[cut], lang)
    record = service.record_with(game.record, position.actions[:cut])
    # the furthest move the game has reached: a form for a move up to it is one of ours from
    # before the take-back (another tab, the back button); beyond it, not one of ours
    kept = record.get("meta")
    meta: dict[str, Any] = kept if isinstance(kept, dict) else {}
    record["meta"] = {**meta, "reached": max(_reached(game), moves_before)}
    off_book = meta.get("off_book")
    if isinstance(off_book, int) and not isinstance(off_book, bool) and cut <= off_book:
        # taken back to the move played on with (or before it): the moves kept are the
        # example's, and the game follows it again (playing on could not be undone)
        del record["meta"]["off_book"]
        note = Msg("games.undone.book", move=taken_back).render(lang)
    else:
        note = Msg("games.undone", move=taken_back).render(lang)
    stored = _store(
        game,
        moves_before,
        record=record,
        moves=cut,
        is_over=False,
        undo_count=F("undo_count") + 1,
    )
    if not stored:
        return _stale(request, public_id)
    if _is_htmx(request):
        game.refresh_from_db()
        return _render(request, game, _replay(game), note=note)
    request.session[NOTE_KEY] = {"game": game.public_id, "ply": cut, "text": note}
    return _back_to_game(game, "game-area")


@require_POST
def take_seat(request: HttpRequest, slug: str) -> HttpResponse:
    """Start a game from a worked example, the learner at the seat he chose."""
    replay = Replay.objects.filter(slug=slug, slug__in=WORKED_EXAMPLES).first()
    if replay is None:
        raise NotFound(_("There is no worked example %(slug)s.") % {"slug": slug})
    seat = request.POST.get("seat", "")
    strength = request.POST.get("strength", Game.Strength.CLUB)
    if seat not in replay.record.get("seats", []) or strength not in Game.Strength.values:
        messages.error(request, _("Choose a seat of the worked example."))
        return _index_page(request, status=400)
    titles = {"en": replay.title_en, "de": replay.title_de}
    game = Game(kind="example", strength=strength, learner_seats=[seat])
    record = service.example_record(replay.record, titles, replay.slug)
    return _begin(request, game, service.example_kind(record, [seat]), record)


@vary_on_headers("HX-Request")
@never_cache
@post_or_back_to_game
def hint(request: HttpRequest, public_id: str) -> HttpResponse:
    """The strong player's choice for the learner's decision, with its reason (counted)."""
    found = _posted_position(request, public_id)
    if isinstance(found, HttpResponse):
        return found
    game, position = found
    moves_before = game.moves
    seat = game.learner_seats[0]
    if position.state.is_over:  # (it said "That move was already made")
        return _render(request, game, position, note=Msg("games.err.over").render(_lang()))
    # no form of ours asks these: the next deal ("On to the next deal", whoever deals) and a
    # decision with one move
    if service.is_deal_phase(position.state) or (
        position.state.seat_to_act == seat
        and _one_move(presentation.moves(position, seat, _lang()))
    ):
        note = Msg("games.one_move").render(_lang())
        return _render(request, game, position, note=note, still=True)
    if position.state.seat_to_act != seat:
        return _render(request, game, position, note=Msg("games.stale").render(_lang()))
    decision = computer.advice(position, seat, game.seed)
    lang = _lang()
    advice = _advice_words(decision, lang)
    # Counted once per decision: asked again (a double click, a reload) it is not a new hint.
    meta = game.record.get("meta") if isinstance(game.record, dict) else None
    meta = meta if isinstance(meta, dict) else {}
    if meta.get("hint_ply") != position.ply:
        # kept with the game, in both languages, for a refused move at the same decision
        other = "en" if lang == "de" else "de"
        with translation.override(other):
            words = {lang: advice, other: _advice_words(decision, other)}
        record = {**game.record, "meta": {**meta, "hint_ply": position.ply, "hint": words}}
        # also unchanged since read: of two hints asked at once, only one is counted
        stored = _store(
            game, moves_before, record=record, hint_count=F("hint_count") + 1, since=game.updated
        )
        if not stored and not Game.objects.filter(pk=game.pk, moves=moves_before).exists():
            return _stale(request, public_id)
        if stored:
            game.record = record
            game.hint_count += 1
    if _is_htmx(request):
        return _render(request, game, position, advice=advice, still=True)
    # Without JavaScript: the game's page shows the hint (a reload does not post again).
    request.session[HINT_KEY] = {"game": game.public_id, "ply": position.ply, **advice}
    return _back_to_game(game, "hint")


def _advice_words(decision: Any, lang: str) -> dict[str, Any]:
    return {
        # after "Hint from the strong player:", always with a capital ("Play the …", as
        # "Draw from the talon")
        "move": _capitalized(presentation.describe(decision.action, lang)),
        "reason": decision.reason.render(lang),
        "samples": decision.samples,
    }


def _kept_advice(game: Game, position: service.Position) -> dict[str, Any]:
    """The hint asked for at this decision, for the page that refuses a move made after it
    (the hint stays beside the refusal, not replaced by the Hint button); else nothing."""
    meta = game.record.get("meta") if isinstance(game.record, dict) else None
    if not isinstance(meta, dict) or meta.get("hint_ply") != position.ply:
        return {}
    words = meta.get("hint")
    advice = words.get(_lang()) if isinstance(words, dict) else None
    if not isinstance(advice, dict):
        return {}
    return {"advice": {k: advice.get(k) for k in ("move", "reason", "samples")}}


HINT_KEY = "games_hint"
"""The hint for the page that follows asking for one without JavaScript (its redirect)."""


def export_document(game: Game) -> dict[str, Any]:
    """A finished game as a replay document (the format of ``/replays/<slug>/export.json``,
    which the replay import reads): the engine's record, the seats, a title; no annotations.
    Raises :class:`EngineError` for a record the engine cannot replay (edited by hand), as the
    game's page does (it was exported as it stood, or raised an AttributeError: a 500)."""
    position = _replay(game)
    kind = _kind(game)
    learner = set(game.learner_seats)
    partners = {kind.partners.get(s) for s in learner} - {None}
    strength = {"en": str(game.Strength(game.strength).label), "de": ""}
    with translation.override("de"):
        strength["de"] = str(game.Strength(game.strength).label)
    meta = game.record.get("meta") or {}
    example = game.kind == "example"
    off_book = meta.get("off_book") if isinstance(meta, dict) else None
    off_book = off_book if isinstance(off_book, int) and not isinstance(off_book, bool) else None
    roles = []
    for seat in kind.seats:
        if seat in learner:
            # the replay is the learner's own ("A (you)"; "der Lernende" read stiffly)
            role = {"en": "you", "de": "du"}
        elif seat in partners:
            role = {
                "en": f"your partner: computer, {strength['en']}",
                "de": f"dein Partner: Computer, {strength['de']}",
            }
        elif example and off_book is None:  # the example's own player, all the way
            role = {"en": "the worked example's moves", "de": "Züge des Beispielspiels"}
        elif example and off_book:  # played on from the learner's own move at step off_book + 1
            role = {
                "en": f"the worked example's moves to step {off_book}, then computer, "
                f"{strength['en']}",
                "de": f"Züge des Beispielspiels bis Schritt {off_book}, dann Computer, "
                f"{strength['de']}",
            }
        else:  # (the viewer puts a role in brackets: "B (computer, strong)")
            role = {"en": f"computer, {strength['en']}", "de": f"Computer, {strength['de']}"}
        roles.append({"seat": seat, "role": role})
    day = game.created.date().isoformat()
    record = {key: value for key, value in game.record.items() if key != "meta"}
    where = "a seat taken in a worked example" if example else "game against the computer"
    record["meta"] = {"source": where, "played": day}
    told = f"{kind.name('en')}, played on {day} against the computer."
    if example:
        if off_book is None:
            others = "the worked example's moves"
        elif off_book:
            others = f"the worked example's moves to step {off_book}, then the computer's"
        else:  # played on from the first move
            others = "the computer's moves"
        seats = ", ".join(game.learner_seats)
        told = f"{kind.name('en')}: seat {seats} played on {day}; the other seat played {others}."
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        # a replay's slug is lower-case letters, digits and hyphens: the address, hashed
        "slug": LEARNERS_PREFIX + hashlib.sha256(game.public_id.encode()).hexdigest()[:16],
        "game": kind.game,
        "ruleset": kind.ruleset,
        "title": {
            "en": f"{kind.name('en')}, played on {day}",
            "de": f"{kind.name('de')}, gespielt am {game.created:%d.%m.%Y}",
        },
        "summary": {"en": "", "de": ""},
        "source": {
            "title": EXAMPLE_SEAT_SOURCE_TITLE if example else GAME_SOURCE_TITLE,
            "language": "en",
            "location": "",
            "text": told,
        },
        "seats": roles,
        "record": record,
        "annotations": _example_annotations(game, position) if example else [],
        "steps": export_steps(kind.game, record),  # as a replay's export has them
    }


KEPT_NOTE_KINDS = ("reason", "aside", "deduction")
"""The example's notes a seat game keeps: what they say of the moves and the cards. Not its
source's words explained ("translation", "ocr"): the kept replay does not quote the source."""


def _example_annotations(game: Game, position: service.Position) -> list[dict[str, Any]]:
    """The worked example's notes and commentary for the steps a seat game shares with it (its
    moves the example's, from the start): what they say holds for those steps only; after the
    learner's own move they would speak of moves not made. Its source quotes and stated
    totals are left out: they cite the example's source, not this game's."""
    meta = game.record.get("meta") or {}
    book = meta.get("book") if isinstance(meta, dict) else None
    if not isinstance(book, list):
        return []
    shared = 0
    # as the engine reads them: the stored example may order a move's cards otherwise
    for mine, theirs in zip(position.actions, book, strict=False):
        if mine != position.engine.parse_action(theirs):
            break
        shared += 1
    kept = []
    found = Annotation.objects.filter(replay__slug=str(meta.get("replay", "")), step__lte=shared)
    for annotation in found.order_by("step"):
        notes = annotation.notes if isinstance(annotation.notes, list) else []
        notes = [n for n in notes if isinstance(n, dict) and n.get("kind") in KEPT_NOTE_KINDS]
        if not notes and not annotation.commentary_en and not annotation.commentary_de:
            continue
        kept.append(
            {
                "step": annotation.step,
                "source": [],
                "stated": {},
                "notes": notes,
                "commentary": {"en": annotation.commentary_en, "de": annotation.commentary_de},
            }
        )
    return kept


@never_cache
@require_safe
def export(request: HttpRequest, public_id: str) -> HttpResponse:
    """A finished game as a replay document to download (a game in progress is not exported:
    its record holds the cards still hidden)."""
    game = _get_game(request, public_id)
    if not game.is_over:
        # 409, not 404: the game is there (a learner read "Page not found" for his own game)
        url = reverse("games:game", args=[game.public_id])
        return render(request, "games/not_over.html", {"game_url": url}, status=409)
    try:
        document = export_document(game)
    except EngineError:
        return _damaged(request, game)
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{document["slug"]}.json"'
    return response


@require_POST
def keep(request: HttpRequest, public_id: str) -> HttpResponse:
    """Keep a finished game as the learner's own replay: the replay viewer then steps through
    it with every card's verdict with all cards known. Only he can open it."""
    game = _get_game(request, public_id)
    if not game.is_over:  # (as its download: 409, the game is there)
        url = reverse("games:game", args=[game.public_id])
        context = {"game_url": url, "keeping": True}
        return render(request, "games/not_over.html", context, status=409)
    try:
        document = export_document(game)
    except EngineError:
        return _damaged(request, game)
    slug = str(document["slug"])
    # A finished game cannot change (no moves are taken back once it is over): kept once, it
    # stays as it is. Stored with its owner in one transaction, so it is never public.
    if not Replay.objects.filter(slug=slug).exists():
        try:
            import_replay(document, owner=game.user, owner_token=game.owner_token)
        except ReplayImportError:
            pass  # kept a moment ago by a second click: it exists now
        forget_replay(slug)
    return HttpResponseRedirect(reverse("replays:step", args=[slug, 0]), status=303)


def kept_replays(request: HttpRequest) -> QuerySet[Replay]:
    """The replays the learner kept from his games."""
    if request.user.is_authenticated:
        return Replay.objects.filter(owner=request.user)
    token = owner_token(request)
    if not token:
        return Replay.objects.none()
    return Replay.objects.filter(owner__isnull=True, owner_token=token)
