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
from cardtutor.engine.besik.play import apply_draw, apply_play, playable
from cardtutor.engine.besik.rulesets import ruleset_by_name
from cardtutor.engine.besik.sevens import apply_exchange, apply_seven
from cardtutor.engine.besik.state import DRAW, PLAY, State
from cardtutor.engine.besik.view import BesikView, visible_events
from cardtutor.engine.cards import PhysicalCard
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
    events are a :class:`~cardtutor.engine.contract.LazyEvents`: the state is computed
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
    if not _plainly_legal(state, action):
        m = why_illegal(state, action)
        if m is not None:
            raise IllegalActionError(m)
    new, _ = transition(state, action, False)
    return new, LazyEvents(lambda: transition(state, action, True)[1])


def _plainly_legal(s: State, action: Action) -> bool:
    """A fast sufficient test for the two commonest actions (a card from the playable mask,
    the trick winner's draw); anything else goes through :func:`why_illegal`."""
    cls = type(action)
    if cls is Play:
        card = action.card  # type: ignore[union-attr]  # narrowed by ``cls is Play``
        return (
            s.phase is PLAY
            and action.seat == s.table.seats[s.turn]
            and type(card) is PhysicalCard
            and bool(playable(s, s.turn) >> card.uid & 1)
        )
    return cls is Draw and s.phase is DRAW and action.seat == s.table.seats[s.turn]


def transition(state: State, action: Action, explain: bool) -> tuple[State, tuple[Event, ...]]:
    """The next state of a legal ``action`` and, with ``explain``, its events.

    Plays, draws and the end of the deal skip their events when ``explain`` is false;
    the rare declarations and deals build theirs either way (a few per deal).
    """
    if isinstance(action, Play):
        return apply_play(state, action.card.uid, explain)
    if isinstance(action, Draw):
        return apply_draw(state, explain)
    if isinstance(action, Meld):
        new, events = apply_meld(state, action)
    elif isinstance(action, DeclareSeven):
        new, events = apply_seven(state, action.cards)
    elif isinstance(action, Exchange):
        new, events = apply_exchange(state, action.card.uid)
    else:
        new, events = apply_new_deal(state, action)
    return new, events if explain else ()


EXAMPLE_PATH = Path(__file__).resolve().parent.parent / "examples" / "besik_example.json"
"""The seed's worked deal as a game record (annotations beside it)."""


class BesikEngine:
    """The :class:`cardtutor.engine.contract.Engine` of Besik (:data:`ENGINE`)."""

    game = "besik"
    rule_anchors: Mapping[str, tuple[str, str]] = RULE_ANCHORS

    def start(self, record: GameRecord) -> tuple[State, tuple[Event, ...]]:
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

    def apply(self, state: State, action: Action) -> tuple[State, Sequence[Event]]:
        return apply(state, action)

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
