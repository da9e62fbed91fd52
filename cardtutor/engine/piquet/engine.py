"""Applying actions, and :data:`ENGINE`, Piquet's :class:`cardtutor.engine.contract.Engine`.

:func:`apply` computes the next state without building any event or message (the
``explain=False`` path of every rule function); the events are a
:class:`~cardtutor.engine.contract.LazyEvents` that re-runs the action on the explaining path
the first time someone reads them. A random playout, the solver or a computer player never
pays for sentences nobody reads.

Deal JSON (the ``deal`` of a :class:`~cardtutor.engine.record.GameRecord`, game ``"piquet"``,
ruleset ``"rubicon"``): one deal (``"partie": false``, the default) or a whole partie
(``"partie": true``)::

    {"dealer": "B", "seed": 42}                                   # one shuffled deal
    {"dealer": "B", "hands": {"A": "AS KS ...", "B": "..."},      # one explicit deal:
     "stock": "9S 8S KH 9C KD QS AC 7D"}                          #   12 + 12, stock top first
    {"partie": true, "seed": 7}                                   # partie, cut for deal by seed
    {"partie": true, "dealer": "A", "seed": 7}                    # partie, first dealer given
    {"partie": true, "dealer": "A", "deals": [{"hands": {...}, "stock": "..."}, ...]}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtutor.engine.contract import Engine, LazyEvents
from cardtutor.engine.errors import IllegalActionError, NotationError, RecordError
from cardtutor.engine.events import Event
from cardtutor.engine.piquet.actions import Action, Declare, Exchange, Play, action_from_json
from cardtutor.engine.piquet.categories import DECLARATION_CATEGORIES, RULE_ANCHORS
from cardtutor.engine.piquet.constants import ELDER_MIN_DISCARD, ELDER_STOCK
from cardtutor.engine.piquet.dealing import apply_next_deal, new_deal, new_partie
from cardtutor.engine.piquet.declarations import apply_declare
from cardtutor.engine.piquet.exchange import apply_exchange
from cardtutor.engine.piquet.legal import check
from cardtutor.engine.piquet.masks import CLAIM_VALID
from cardtutor.engine.piquet.phase import DECLARE, EXCHANGE_ELDER, PLAY
from cardtutor.engine.piquet.play import apply_play, full_play, quiet_play
from cardtutor.engine.piquet.state import State
from cardtutor.engine.record import GameRecord
from cardtutor.engine.text import Msg

__all__ = ["apply", "ENGINE", "PiquetEngine"]


def step(state: State, action: Action, explain: bool) -> tuple[State, list[Event]]:
    """The state after a legal ``action`` and, if ``explain``, its events (unchecked)."""
    if isinstance(action, Play):
        new_state, tally = apply_play(state, action, explain)
    elif isinstance(action, Declare):
        new_state, tally = apply_declare(state, action, explain)
    elif isinstance(action, Exchange):
        new_state, tally = apply_exchange(state, action, explain)
    else:
        new_state, tally = apply_next_deal(state, explain)
    return new_state, tally.events


def apply(state: State, action: Action) -> tuple[State, Sequence[Event]]:
    """The state after ``action`` and the events it caused (pure; the state is not changed).

    The events are built when first read. Raises :class:`IllegalActionError` with the reason,
    in English and German:

    >>> from cardtutor.engine.piquet import new_deal
    >>> state, _ = new_deal(seed=5)
    >>> apply(state, Play.of("B", "AS"))
    Traceback (most recent call last):
    ...
    cardtutor.engine.errors.IllegalActionError: It is not B's turn: A is to discard 1 to 5 cards and take as many from the stock.
    """
    if isinstance(action, Play):  # first: 24 of a deal's 32 decisions
        # The quiet play checks the card in a few integer tests (anything it does not accept
        # goes through :func:`check` for the reason, or the full path).
        new_state = quiet_play(state, action)
        if new_state is None:
            msg = check(state, action)
            if msg is not None:
                raise IllegalActionError(msg)
            new_state = full_play(state, action, False)[0]
        return new_state, LazyEvents(_events, state, action)
    elif type(action) is Declare:  # six a deal: a sufficient test in a few integer tests
        seats, _, stage, t, hands = state[:5]
        if DECLARE <= stage < PLAY and action.seat == seats[t]:
            cat = (stage - DECLARE) >> 1
            m = action.cards
            if (
                action.category == DECLARATION_CATEGORIES[cat]
                and type(m) is int
                and not m & ~hands[t]  # (also: not negative)
                and CLAIM_VALID[cat](m)
            ):
                new_state = apply_declare(state, action, False)[0]
                return new_state, LazyEvents(_events, state, action)
    elif type(action) is Exchange:  # two a deal: likewise
        seats, _, stage, t, hands = state[:5]
        if stage < DECLARE and action.seat == seats[t]:
            d = action.discard
            if type(d) is int and not d & ~hands[t]:
                n = d.bit_count()
                look = action.look
                if stage == EXCHANGE_ELDER:  # 1 to 5 cards; he sees what he leaves anyway
                    legal = ELDER_MIN_DISCARD <= n <= ELDER_STOCK and not look
                else:  # 1 to all that are left; no looking when none are left over
                    left = len(state.stock)
                    legal = ELDER_MIN_DISCARD <= n <= left and not (look and n == left)
                if legal:
                    new_state = apply_exchange(state, action, False)[0]
                    return new_state, LazyEvents(_events, state, action)
    msg = check(state, action)
    if msg is not None:
        raise IllegalActionError(msg)
    new_state, _ = step(state, action, False)
    return new_state, LazyEvents(_events, state, action)


def _events(state: State, action: Action) -> list[Event]:
    """The events of a legal ``action`` (the explaining path)."""
    return step(state, action, True)[1]


class PiquetEngine:
    """:class:`cardtutor.engine.contract.Engine` for Rubicon Piquet (the deal JSON is above).

    >>> ENGINE.game, ENGINE.rule_anchors["repique"][0]
    ('piquet', 'Repique')
    """

    game = "piquet"
    ruleset = "rubicon"
    rule_anchors: Mapping[str, tuple[str, str]] = RULE_ANCHORS

    def start(self, record: GameRecord) -> tuple[State, Sequence[Event]]:
        if record.ruleset != self.ruleset:
            raise RecordError(Msg("piquet.record.ruleset", ruleset=record.ruleset))
        if len(record.seats) != 2:
            raise RecordError(Msg("piquet.record.seats"))
        seats = (record.seats[0], record.seats[1])
        deal = record.deal
        seed = deal.get("seed")
        if seed is not None and (not isinstance(seed, (int, str)) or isinstance(seed, bool)):
            raise NotationError(Msg("piquet.notation.field", field="seed", text=repr(seed)))
        dealer = deal.get("dealer")
        if dealer is not None and not isinstance(dealer, str):
            raise NotationError(Msg("piquet.notation.field", field="dealer", text=repr(dealer)))
        if deal.get("partie", False):
            deals = deal.get("deals")
            if deals is not None and (
                not isinstance(deals, list) or not all(isinstance(d, Mapping) for d in deals)
            ):
                raise NotationError(Msg("piquet.notation.field", field="deals", text="..."))
            return new_partie(seed=seed, first_dealer=dealer, deals=deals, seats=seats)
        if "hands" in deal:
            return new_deal(
                hands=deal["hands"], stock=deal.get("stock"), dealer=dealer, seats=seats
            )
        return new_deal(seed=seed, dealer=dealer, seats=seats)

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(data)

    apply = staticmethod(apply)
    """:func:`apply` itself (one call less in every playout)."""

    def visible_events(self, events: Sequence[Event], seat: str | None) -> Sequence[Event]:
        """The events themselves: Piquet's events never carry a card before it is shown
        (exchanges are told without their cards, claims are scored with their cards only when
        they are good, and then they are shown), so every seat may read them all."""
        return events


ENGINE: Engine[State, Action] = PiquetEngine()
"""The engine object (:class:`cardtutor.engine.contract.Engine`) for records and the site."""
