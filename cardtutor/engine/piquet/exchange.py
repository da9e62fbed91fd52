"""The exchange: elder, then younger, discards and takes as many from the top of the stock.

Elder's discard of *n* (1 to 5) takes the top *n* of the stock; he always sees the cards of the
top five he leaves (looking costs him nothing and younger never sees them). Younger discards 1
to all the cards left (3 plus what elder left); his :class:`~.actions.Exchange` carries
``look``: if he looks at the cards left over, elder sees them too once he has led his first
card. Carte blanche is shown after the opponent's exchange: younger's after elder's, elder's
after younger's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtutor.engine.cards import cards_from_mask
from cardtutor.engine.piquet.actions import Exchange
from cardtutor.engine.piquet.constants import ELDER_STOCK
from cardtutor.engine.piquet.masks import mask
from cardtutor.engine.piquet.phase import DECLARE, EXCHANGE_ELDER, EXCHANGE_YOUNGER
from cardtutor.engine.piquet.tally import Tally
from cardtutor.engine.text import Msg

if TYPE_CHECKING:
    from cardtutor.engine.piquet.state import State

__all__: list[str] = []


def _show_carte_blanche(tally: Tally, state: State, seat: int) -> None:
    if state.carte_blanche >> seat & 1:
        tally.info(
            seat,
            "piquet.info.show_cb",
            rule="piquet#carte-blanche",
            cards=cards_from_mask(state.dealt[seat]),
            seat=state.seats[seat],
        )


_SILENT = Tally(("", ""), (0, 0), explain=False)
"""The tally of a quiet exchange: no score, and its events are never read."""

_new_state = tuple.__new__


def apply_exchange(state: State, action: Exchange, explain: bool) -> tuple[State, Tally]:
    """The state after a (legal) exchange and its tally (no score: only words).

    The new state is built from slices of the old one's fields (seats, dealer | stage, turn,
    hands | dealt | stock, discards, elder_left, looked | the rest; the field order is
    checked in ``play.py``): ``_replace`` costs several times as much.
    """
    t = state.turn
    d = action.discard
    n = d.bit_count()
    stock = state.stock
    rest = stock[n:]
    h = [state.hands[0], state.hands[1]]
    h[t] = (h[t] ^ d) | mask(stock[:n])
    x = [state.discards[0], state.discards[1]]
    x[t] = d
    hands, discards = (h[0], h[1]), (x[0], x[1])
    other = 1 - t
    cls = type(state)  # State (imported here only for the type checker: a cycle)
    if state.stage == EXCHANGE_ELDER:
        left = ELDER_STOCK - n
        new_state = _new_state(
            cls,
            state[:2]
            + (EXCHANGE_YOUNGER, other, hands)
            + state[5:6]
            + (rest, discards, mask(rest[:left]))
            + state[9:],
        )
        if not explain:
            return new_state, _SILENT
        tally = Tally(state.seats, state.totals, explain)
        tally.info(
            t,
            "piquet.info.exchange_elder" if left else "piquet.info.exchange_elder_all",
            rule="piquet#exchange",
            seat=state.seats[t],
            n=n,
            left=left,
            own=Msg(f"piquet.num.{ELDER_STOCK}"),
        )
        _show_carte_blanche(tally, state, other)
        return new_state, tally
    new_state = _new_state(
        cls,
        state[:2]
        + (DECLARE, other, hands)
        + state[5:6]
        + (rest, discards)
        + state[8:9]
        + (action.look,)
        + state[10:],
    )
    if not explain:
        return new_state, _SILENT
    tally = Tally(state.seats, state.totals, explain)
    left = len(rest)
    key = (
        "piquet.info.exchange_younger_looks"
        if action.look
        else "piquet.info.exchange_younger"
        if left
        else "piquet.info.exchange_younger_all"
    )
    tally.info(t, key, rule="piquet#exchange", seat=state.seats[t], n=n, left=left)
    _show_carte_blanche(tally, state, other)
    return new_state, tally
