"""Recorded games between computer players, replayable with some hidden cards relabelled.

A game is its deal (explicit cards) and its actions. :func:`positions` replays it and gives, at
every decision, the state and the events so far. :func:`relabelled_piquet` and
:func:`relabelled_besik` swap two physical cards everywhere (the deal and every action) and
replay: the same game with two cards changing places.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardtutor.engine import besik, piquet
from cardtutor.engine.cards import Card, PhysicalCard
from cardtutor.engine.errors import EngineError
from cardtutor.engine.events import Event
from cardtutor.engine.players import observe, player_for
from cardtutor.engine.players.base import Observation
from cardtutor.engine.text import Msg


@dataclass(frozen=True)
class Game:
    game: str
    start: Any
    """Keyword arguments of ``piquet.new_deal`` or ``besik.start_deal`` (explicit cards)."""
    actions: tuple[Any, ...]


def piquet_game(strengths: dict[str, str], seed: int, dealer: str = "B") -> Game:
    state, _ = piquet.new_deal(seed=seed, dealer=dealer)
    start = {
        "hands": {s: " ".join(c.code for c in state.hand(s)) for s in state.seats},
        "stock": " ".join(c.code for c in state.stock_cards),
        "dealer": dealer,
    }
    return _play("piquet", start, strengths, seed)


def besik_game(
    strengths: dict[str, str], seed: int, players: int = 2, partnerships: bool = False
) -> Game:
    seats = ("A", "B", "C", "D")[:players]
    state, _ = besik.start_deal(seed=seed, seats=seats, partnerships=partnerships)
    start = {
        "seats": seats,
        "partnerships": partnerships,
        "hands": {s: [c.code for c in state.hand(s)] for s in seats},
        "up_card": besik.PC[state.table.up_initial].code,
        "talon": [c.code for c in state.talon_order],
        "dealer": state.dealer,
    }
    return _play("besik", start, strengths, seed)


def _start(game: str, start: Any) -> tuple[Any, Any]:
    if game == "piquet":
        return piquet.new_deal(**start)
    return besik.start_deal(**start)


def _engine(game: str) -> Any:
    return piquet.ENGINE if game == "piquet" else besik.ENGINE


def _play(game: str, start: Any, strengths: dict[str, str], seed: int) -> Game:
    state, events = _start(game, start)
    engine = _engine(game)
    players = {s: player_for(game, v) for s, v in strengths.items()}
    history = list(events)
    rng = random.Random(seed)
    actions = []
    while not state.is_over:
        seat = state.seat_to_act
        action = players[seat].choose(observe(state, seat, history), rng)
        state, events = engine.apply(state, action)
        history += events
        actions.append(action)
    return Game(game, start, tuple(actions))


def positions(game: Game) -> Iterator[tuple[int, Any, list[Event]]]:
    """Every decision of the game: (its index, the state before it, the events so far)."""
    state, events = _start(game.game, game.start)
    engine = _engine(game.game)
    history = list(events)
    for i, action in enumerate(game.actions):
        yield i, state, list(history)
        state, events = engine.apply(state, action)
        history += events


def replay(game: Game, upto: int) -> tuple[Any, list[Event]] | None:
    """The state before decision ``upto`` and the events so far; ``None`` if the game does
    not replay (a relabelled card made an action illegal)."""
    try:
        state, events = _start(game.game, game.start)
        engine = _engine(game.game)
        history = list(events)
        for action in game.actions[:upto]:
            state, events = engine.apply(state, action)
            history += events
    except EngineError:
        return None
    return state, history


# -- relabelling two cards --------------------------------------------------------------------


def _swap_piquet_card(c: Card, a: Card, b: Card) -> Card:
    return b if c == a else a if c == b else c


def _swap_mask(m: int, a: Card, b: Card) -> int:
    bits = m & (a.bit | b.bit)
    if bits in (0, a.bit | b.bit):
        return m
    return m ^ a.bit ^ b.bit


def relabelled_piquet(game: Game, a: Card, b: Card) -> Game:
    def codes(text: str) -> str:
        return " ".join(_swap_piquet_card(Card.parse(c), a, b).code for c in text.split())

    start = dict(game.start)
    start["hands"] = {s: codes(h) for s, h in start["hands"].items()}
    start["stock"] = codes(start["stock"])
    actions = []
    for act in game.actions:
        if isinstance(act, piquet.Exchange):
            act = replace(act, discard=_swap_mask(act.discard, a, b))
        elif isinstance(act, piquet.Declare):
            act = replace(act, cards=_swap_mask(act.cards, a, b))
        elif isinstance(act, piquet.Play):
            act = replace(act, card=_swap_piquet_card(act.card, a, b))
        actions.append(act)
    return Game(game.game, start, tuple(actions))


def _swap_pc(c: PhysicalCard, a: PhysicalCard, b: PhysicalCard) -> PhysicalCard:
    return b if c == a else a if c == b else c


def relabelled_besik(game: Game, a: PhysicalCard, b: PhysicalCard) -> Game:
    def codes(cards: Sequence[str]) -> list[str]:
        return [_swap_pc(PhysicalCard.parse(c), a, b).code for c in cards]

    start = dict(game.start)
    start["hands"] = {s: codes(h) for s, h in start["hands"].items()}
    start["up_card"] = codes([start["up_card"]])[0]
    start["talon"] = codes(start["talon"])
    actions = []
    for act in game.actions:
        if isinstance(act, besik.Play):
            act = replace(act, card=_swap_pc(act.card, a, b))
        elif isinstance(act, besik.Meld):
            act = besik.Meld.of(act.seat, act.kind, [_swap_pc(c, a, b) for c in act.cards])
        elif isinstance(act, besik.DeclareSeven):
            act = besik.DeclareSeven.of(act.seat, [_swap_pc(c, a, b) for c in act.cards])
        elif isinstance(act, besik.Exchange):
            act = replace(act, card=_swap_pc(act.card, a, b))
        actions.append(act)
    return Game(game.game, start, tuple(actions))


def seen_cards(obs: Observation) -> set[Any]:
    """Every card named anywhere in what the seat was shown (its view and its events)."""
    out: set[Any] = set()

    def walk(value: Any) -> None:
        if isinstance(value, (Card, PhysicalCard)):
            out.add(value)
        elif isinstance(value, Msg):
            walk(list(value.params.values()))
        elif isinstance(value, dict) or hasattr(value, "items"):
            for v in value.values():
                walk(v)
        elif isinstance(value, (tuple, list)):
            for v in value:
                walk(v)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name))

    walk(obs.view)
    for e in obs.history:
        walk(e.cards)
        walk(list(e.msg.params.values()))
    return out
