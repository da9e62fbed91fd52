"""The move list of a replay: its tricks and decisions, each linked to its step.

:func:`build_moves` reads a computed :class:`~cardtutor.replays.timeline.Timeline` and returns
one :class:`Move` per trick (both cards, the winner, Besik's running Augen) and per decision
(Piquet's exchanges and declarations; Besik's melds, trump sevens and the seven's exchange).
It is pure: no database, no request, no language. What a seat may know comes from the engine's
own views at each step (``state.view(seat)``), never from the record, so an entry seen "as A
sees it" holds only what A could see at that step: B's discard is a count, the cards B took
only those A left in the stock, B's talon draws nothing at all (draws are not listed).

:func:`visible_moves` cuts the list at the step being shown: a seat's list ends there (it
cannot know what comes next), the all-seeing list goes on to the end of the record.
:func:`move_list` adds the links and the current marker for the viewer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from cardtutor.engine import GAMES
from cardtutor.engine.besik.melds import meld_name
from cardtutor.engine.cards import Card, PhysicalCard

AnyCard = Card | PhysicalCard

TRICK_EVENTS = frozenset(
    {"piquet.info.trick", "besik.trick", "besik.trick.last", "besik.trick.identical"}
)
"""Message keys of the event that ends a trick; its seat is the trick's winner (Besik has
three: the winning card named, or not when it was the card just played, and with two identical
cards in the trick the first played wins, and says so)."""


@dataclass(frozen=True)
class Played:
    """A card played to a trick, and the step that played it."""

    seat: str
    card: AnyCard
    step: int


@dataclass(frozen=True)
class Move:
    """One entry of the move list.

    ``kind`` is ``"deal"``, ``"trick"``, ``"exchange"`` (Piquet), ``"declare"`` (Piquet),
    ``"meld"``, ``"seven"`` or ``"seven_exchange"`` (Besik). ``step`` is the step the entry
    links to (a trick: the step that completed it); ``first``..``last`` are the steps it covers
    (a trick from its lead to the draws after it).
    """

    kind: str
    step: int
    first: int
    last: int
    seat: str | None = None
    number: int = 0
    """The trick's number in its deal (tricks), the deal's number (deals)."""
    played: tuple[Played, ...] = ()
    winner: str | None = None
    augen: tuple[tuple[str, int], ...] = ()
    """Besik: each party's card points won in tricks so far, after this trick."""
    count: int = 0
    """Piquet exchange: how many cards were exchanged (always public)."""
    discarded: tuple[AnyCard, ...] = ()
    """Piquet exchange: the discarded cards, when the viewer may see them."""
    taken: tuple[AnyCard, ...] = ()
    """Piquet exchange: the cards taken that the viewer may know; Besik seven exchange:
    the turned-up card taken."""
    category: str = ""
    """Piquet declaration: ``"point"``, ``"sequence"`` or ``"set"``."""
    lines: tuple[tuple[str, Any], ...] = ()
    """Piquet declaration: what the players say, ``(seat, Msg)``."""
    meld: str = ""
    """Besik meld: its kind (a rule anchor, e.g. ``"quint-major"``)."""
    cards: tuple[AnyCard, ...] = ()
    """Besik meld or seven: the cards shown; seven exchange: the seven given."""
    scores: tuple[tuple[str, int], ...] = ()
    """Points scored by this decision, ``(seat, points)``."""

    @property
    def complete(self) -> bool:
        return self.kind != "trick" or self.winner is not None


def _trick_points(game: str, first_view: Any) -> Callable[[AnyCard], int] | None:
    """Besik's card points of a card won in a trick (Augen, or brisques in standard Bezique)."""
    if game != "besik":
        return None
    from cardtutor.engine.besik import AUGEN, BRISQUE
    from cardtutor.engine.besik.rulesets import ruleset_by_name

    if ruleset_by_name(getattr(first_view, "ruleset", "seed")).augen:
        return lambda card: AUGEN[card.uid] if isinstance(card, PhysicalCard) else 0
    return lambda card: 10 * BRISQUE[card.uid] if isinstance(card, PhysicalCard) else 0


def _known(cards: Sequence[AnyCard | None]) -> tuple[AnyCard, ...]:
    return tuple(c for c in cards if c is not None)


def build_moves(timeline: Any, perspective: str) -> tuple[Move, ...]:
    """Every entry of the record, each as ``perspective`` (``"all"`` or a seat) saw it then."""
    from cardtutor.replays.table import sort_hand  # table.py imports this module

    seat = None if perspective == "all" else perspective
    steps = timeline.steps
    game = timeline.game
    engine = GAMES[game].engine
    engine_views = [step.state.view(seat) for step in steps]
    first_state = steps[0].state
    points_of = _trick_points(game, first_state.view(None))
    parties = tuple(first_state.parties)
    augen = dict.fromkeys(parties, 0)

    moves: list[Move] = [Move("deal", 0, 0, 0, number=1)]
    deal_no = 1
    trick_no = 0
    played: list[Played] = []
    for step in steps[1:]:
        n = step.number
        data: Mapping[str, Any] = step.action_json or {}
        kind = data.get("type")
        before, after = engine_views[n - 1], engine_views[n]
        actor = step.seat
        events = engine.visible_events(step.events, seat)
        scores = tuple((e.seat or "", e.points) for e in events if e.is_score)
        if kind == "play":
            if not played:  # a trick is led: listed at once, completed when it is won
                moves.append(Move("trick", n, n, n, number=trick_no + 1))
            played.append(Played(actor or "", step.action.card, n))
            winner = next((e.seat for e in step.events if e.msg.key in TRICK_EVENTS), None)
            if winner is not None:
                trick_no += 1
                if points_of is not None:
                    party = step.state.party_of(winner)
                    augen[party] += sum(points_of(p.card) for p in played)
            moves[-1] = dataclasses.replace(
                moves[-1],
                step=n,
                last=n,
                played=tuple(played),
                winner=winner,
                augen=tuple(augen.items()) if points_of is not None and winner else (),
            )
            if winner is not None:
                played = []
        elif kind == "deal":
            deal_no += 1
            trick_no = 0
            played = []
            augen = dict.fromkeys(parties, 0)
            moves.append(Move("deal", n, n, n, seat=actor, number=deal_no))
        elif kind == "exchange" and game == "piquet" and actor is not None:
            discarded = after.discards[actor]
            taken = [c for c in _known(after.hands[actor]) if c not in before.hands[actor]]
            moves.append(
                Move(
                    "exchange",
                    n,
                    n,
                    n,
                    seat=actor,
                    count=len(discarded),
                    discarded=tuple(sort_hand(_known(discarded), game)),
                    taken=tuple(sort_hand(taken, game)),
                )
            )
        elif (
            kind == "declare" and moves and not scores and not any(e.kind == "say" for e in events)
        ):
            # nothing said or scored (younger, with nothing to answer): no entry of its own
            moves[-1] = dataclasses.replace(moves[-1], last=n)
        elif kind == "declare":
            lines = tuple((e.seat or "", e.msg) for e in events if e.kind == "say")
            moves.append(
                Move(
                    "declare",
                    n,
                    n,
                    n,
                    seat=actor,
                    category=str(data.get("category", "")),
                    lines=lines,
                    scores=scores,
                )
            )
        elif kind == "meld":
            moves.append(
                Move(
                    "meld",
                    n,
                    n,
                    n,
                    seat=actor,
                    meld=str(data.get("kind", "")),
                    cards=tuple(step.action.cards),
                    scores=scores,
                )
            )
        elif kind == "seven":
            moves.append(
                Move("seven", n, n, n, seat=actor, cards=tuple(step.action.cards), scores=scores)
            )
        elif kind == "exchange":  # Besik: a trump seven for the turned-up card (both public)
            up = getattr(before, "up_card", None)
            moves.append(
                Move(
                    "seven_exchange",
                    n,
                    n,
                    n,
                    seat=actor,
                    cards=(step.action.card,),
                    taken=() if up is None else (up,),
                    scores=scores,
                )
            )
        else:  # a draw, or anything without an entry: part of the entry before it
            moves[-1] = dataclasses.replace(moves[-1], last=n)
    return tuple(moves)


def visible_moves(moves: Sequence[Move], number: int, perspective: str) -> list[Move]:
    """The entries shown at step ``number``: a seat's list stops there (a trick under way shows
    the cards played so far); the all-seeing list is the whole record."""
    if perspective == "all":
        return list(moves)
    shown: list[Move] = []
    for move in moves:
        if move.first > number:
            break
        if move.kind == "trick" and move.step > number:
            played = tuple(p for p in move.played if p.step <= number)
            move = dataclasses.replace(
                move, step=played[-1].step, last=number, played=played, winner=None, augen=()
            )
        elif move.last > number:
            move = dataclasses.replace(move, last=number)
        shown.append(move)
    return shown


def current_index(moves: Sequence[Move], number: int) -> int | None:
    """The index of the entry that covers step ``number`` (the last one if several do)."""
    found = None
    for i, move in enumerate(moves):
        if move.first <= number <= move.last:
            found = i
    return found


_CACHE: dict[tuple[int, str], tuple[Any, tuple[Move, ...]]] = {}
_CACHE_SIZE = 32


def moves_for(timeline: Any, perspective: str) -> tuple[Move, ...]:
    """:func:`build_moves`, remembered per timeline object and perspective (bounded)."""
    key = (id(timeline), perspective)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is timeline:
        return hit[1]
    moves = build_moves(timeline, perspective)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (timeline, moves)
    return moves


def trick_points_name(timeline: Any) -> str:
    """What the running trick points are called: ``"augen"`` (Besik), ``"brisques"`` (standard
    Bezique) or ``""`` (no running count: Piquet)."""
    if timeline.game != "besik":
        return ""
    from cardtutor.engine.besik.rulesets import ruleset_by_name

    ruleset = getattr(timeline.steps[0].state.view(None), "ruleset", "seed")
    return "augen" if ruleset_by_name(ruleset).augen else "brisques"


def step_url(slug: str, number: int, perspective: str) -> str:
    """The address of a step as a perspective sees it (``?seat=`` only for a seat)."""
    from django.urls import reverse

    url = reverse("replays:step", args=[slug, number])
    return url if perspective == "all" else f"{url}?{urlencode({'seat': perspective})}"


def _meld_words(move: Move, lang: str) -> str:
    """A Besik meld as a sentence names it, with its article and suit ("a marriage in
    diamonds", „eine Karo-Heirat“); ``""`` for any other move."""
    if move.kind != "meld":
        return ""
    uids = [card.uid for card in move.cards if isinstance(card, PhysicalCard)]
    return meld_name(move.meld, uids).render(lang)


def move_list(
    replay: Any, timeline: Any, number: int, perspective: str, lang: str
) -> dict[str, Any]:
    """The viewer's move list at step ``number``: entries with their links, the current one
    marked, the running Augen and the "go to step" form's address."""
    from django.urls import reverse

    every = moves_for(timeline, perspective)
    moves = visible_moves(every, number, perspective)
    current = current_index(moves, number)
    entries = [
        {
            "move": move,
            "url": step_url(replay.slug, move.step, perspective),
            "current": i == current,
            "future": move.first > number,
            "lines": [(seat, msg.render(lang)) for seat, msg in move.lines],
            "meld": _meld_words(move, lang),
        }
        for i, move in enumerate(moves)
    ]
    augen: tuple[tuple[str, int], ...] = ()
    points_name = trick_points_name(timeline)
    if points_name:
        augen = tuple((party, 0) for party in timeline.steps[0].state.parties)
        zero = augen
        for move in moves:
            if move.step > number:
                break
            if move.kind == "deal":
                augen = zero
            elif move.augen:
                augen = move.augen
    return {
        "entries": entries,
        "augen": augen,
        "points_name": points_name,
        "later_hidden": perspective != "all" and number < timeline.last,
        # a game of several deals numbers its first too ("Deal 1", "Deal 2"); one deal is
        # "The deal"
        "several_deals": any(m.kind == "deal" and m.number > 1 for m in every),
        "goto_url": reverse("replays:goto", args=[replay.slug]),
        "last": timeline.last,
    }
