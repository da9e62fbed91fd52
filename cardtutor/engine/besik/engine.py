"""The engine object (:data:`ENGINE`, :class:`cardtutor.engine.contract.Engine`), :func:`apply`
and records (:func:`make_record`, :func:`example_record`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtutor.engine.besik.actions import Action, DeclareSeven, Draw, Exchange, Meld, Play
from cardtutor.engine.besik.dealing import apply_new_deal, start_deal
from cardtutor.engine.besik.legal import why_illegal
from cardtutor.engine.besik.melds import apply_meld
from cardtutor.engine.besik.messages import RULE_ANCHORS
from cardtutor.engine.besik.notation import parse_action
from cardtutor.engine.besik.play import apply_draw, apply_play, draw_action, play_action
from cardtutor.engine.besik.rulesets import ruleset_by_name
from cardtutor.engine.besik.sevens import apply_exchange, apply_seven
from cardtutor.engine.besik.state import State
from cardtutor.engine.besik.view import BesikView, visible_events
from cardtutor.engine.contract import LazyEvents
from cardtutor.engine.errors import IllegalActionError, NotationError
from cardtutor.engine.events import Event
from cardtutor.engine.record import GameRecord
from cardtutor.engine.text import Msg

if TYPE_CHECKING:
    from cardtutor.engine.contract import Engine, GameState, View


def apply(state: State, action: Action) -> tuple[State, Sequence[Event]]:
    """Apply a legal action: the new state and what happened, in words.

    Raises :class:`~cardtutor.engine.errors.IllegalActionError` with the reason. The
    events are lazy (:class:`~cardtutor.engine.contract.LazyEvents`): the state is computed
    without any sentence, and the explaining path (the same transition with
    ``explain=True``) runs only when the events are first read, so random playouts,
    the solver and computer players never pay for words nobody reads.

    >>> from cardtutor.engine.besik import Draw, start_deal
    >>> state, _ = start_deal(seed=1)
    >>> card = state.legal_actions.plays()[0]
    >>> state2, events = apply(state, card)
    >>> events[0].kind, state2.seat_to_act
    ('play', 'B')
    >>> apply(state2, Draw("B"))
    Traceback (most recent call last):
    ...
    cardtutor.engine.errors.IllegalActionError: there is nothing to draw now
    """
    # The two commonest actions, a card from the hand and the trick winner's draw, are
    # checked here with a few integer tests (a sufficient test: anything it does not
    # accept goes through :func:`why_illegal`) and applied without their events, which
    # are built only if they are read. One function, no dispatch: a random deal
    # makes about 90 of these calls.
    if isinstance(action, Play):
        new = play_action(state, action)
        if new is not None:
            return new, LazyEvents(_play_events, state, action.card.uid)
    elif isinstance(action, Draw):
        new = draw_action(state, action)
        if new is not None:
            return new, LazyEvents(_draw_events, state)
    m = why_illegal(state, action)
    if m is not None:
        raise IllegalActionError(m)
    new, _ = transition(state, action, False)
    return new, LazyEvents(_events, state, action)


def _play_events(state: State, uid: int) -> tuple[Event, ...]:
    return apply_play(state, uid, True)[1]


def _draw_events(state: State) -> tuple[Event, ...]:
    return apply_draw(state, True)[1]


def _events(state: State, action: Action) -> tuple[Event, ...]:
    return transition(state, action, True)[1]


def transition(state: State, action: Action, explain: bool) -> tuple[State, tuple[Event, ...]]:
    """The next state of a legal ``action`` and, with ``explain``, its events.

    Every transition skips its events when ``explain`` is false (a new deal's are told
    from the new state, when read).
    """
    if isinstance(action, Play):
        return apply_play(state, action.card.uid, explain)
    if isinstance(action, Draw):
        return apply_draw(state, explain)
    if isinstance(action, Meld):
        return apply_meld(state, action, explain)
    if isinstance(action, DeclareSeven):
        return apply_seven(state, action.cards, explain)
    if isinstance(action, Exchange):
        return apply_exchange(state, action.card.uid, explain)
    new, events = apply_new_deal(state, action)
    return new, tuple(events) if explain else ()


EXAMPLE_PATH = Path(__file__).resolve().parent.parent / "examples" / "besik_example.json"
"""The seed's worked deal as a game record (annotations beside it)."""


class BesikEngine:
    """The :class:`cardtutor.engine.contract.Engine` of Besik (:data:`ENGINE`)."""

    game = "besik"
    rule_anchors: Mapping[str, tuple[str, str]] = RULE_ANCHORS

    def start(self, record: GameRecord) -> tuple[State, Sequence[Event]]:
        deal = record.deal
        players = deal.get("players", len(record.seats))
        if players != len(record.seats):
            raise NotationError(Msg("besik.err.deal", reason=Msg("besik.deal.players")))
        scores = deal.get("scores")
        if scores is not None and not isinstance(scores, Mapping):
            raise NotationError(Msg("besik.err.deal", reason=Msg("besik.deal.scores")))
        return start_deal(
            ruleset=ruleset_by_name(record.ruleset),
            seats=record.seats,
            dealer=deal.get("dealer", record.seats[-1]),
            partnerships=bool(deal.get("partnerships", False)),
            seed=deal.get("seed"),
            hands=deal.get("hands"),
            up_card=deal.get("up_card"),
            talon=deal.get("talon"),
            play_to=str(deal.get("play_to", "deal")),
            scores=scores,
        )

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return parse_action(data)

    # the module function itself, not a method calling it: one call less per action
    apply = staticmethod(apply)

    def visible_events(self, events: Sequence[Event], seat: str | None) -> Sequence[Event]:
        return visible_events(events, seat)


ENGINE = BesikEngine()


def make_record(
    state: State, actions: Iterable[Action], meta: Mapping[str, Any] | None = None
) -> GameRecord:
    """A game record of ``actions`` played from ``state``'s deal (an initial state).

    >>> from cardtutor.engine.record import replay
    >>> s0, _ = start_deal(seed=11, ruleset="standard")
    >>> a = s0.legal_actions.plays()[0]
    >>> rec = make_record(s0, [a])
    >>> rec.ruleset, rec.deal["seed"], rec.actions[0]["type"], rec.actions[0]["seat"]
    ('standard', 11, 'play', 'A')
    >>> replay(ENGINE, rec)[-1].state == apply(s0, a)[0]
    True
    """
    t = state.table
    return GameRecord(
        "besik",
        t.rules.name,
        t.seats,
        dict(t.deal),
        tuple(a.to_json() for a in actions),
        dict(meta or {}),
    )


def example_record() -> GameRecord:
    """The seed's worked deal (``examples/besik_example.json``)."""
    return GameRecord.from_json(json.loads(EXAMPLE_PATH.read_text(encoding="utf-8")))


if TYPE_CHECKING:  # the type checker proves that Besik implements the contract

    def _is_game_state(state: State) -> GameState[Action]:
        return state

    def _is_engine(engine: BesikEngine) -> Engine[State, Action]:
        return engine

    def _is_view(view: BesikView) -> View:
        return view
