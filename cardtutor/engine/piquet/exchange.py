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
            # as a hand is read: spades, hearts, diamonds, clubs, each from the ace down
            cards=tuple(
                sorted(cards_from_mask(state.dealt[seat]), key=lambda c: (-c.suit, -c.rank))
            ),
            seat=state.seats[seat],
        )


_SILENT = Tally(("", ""), (0, 0), explain=False)
"""The tally of a quiet exchange: no score, and its events are never read."""

_new_state = tuple.__new__


def apply_exchange(state: State, action: Exchange, explain: bool) -> tuple[State, Tally]:
    """The state after a (legal) exchange and its tally (no score: only words).

    The fields are unpacked by name and the new state built as one tuple display (as the
    quiet play in ``play.py``, which checks the field order).
    """
    (
        seats,
        dealer,
        stage,
        t,
        h,
        dealt,
        stock,
        x,
        elder_left,
        looked,
        claims,
        outcomes,
        lead,
        leader,
        tricks,
        won,
        totals,
        log,
        pique,
        carte_blanche,
        deal_number,
        partie,
    ) = state[:]  # a plain tuple: one unpacking step (see quiet_play)
    d = action.discard
    n = d.bit_count()
    rest = stock[n:]
    drawn = (h[t] ^ d) | mask(stock[:n])
    hands = (drawn, h[1]) if t == 0 else (h[0], drawn)
    discards = (d, x[1]) if t == 0 else (x[0], d)
    other = 1 - t
    left = ELDER_STOCK - n
    if stage == EXCHANGE_ELDER:
        stage = EXCHANGE_YOUNGER
        elder_left = mask(rest[:left])
    else:
        stage = DECLARE
        looked = action.look
    new_state = _new_state(
        type(state),  # State (imported here only for the type checker: a cycle)
        (
            seats,
            dealer,
            stage,
            other,  # turn
            hands,
            dealt,
            rest,  # stock
            discards,
            elder_left,
            looked,
            claims,
            outcomes,
            lead,
            leader,
            tricks,
            won,
            totals,
            log,
            pique,
            carte_blanche,
            deal_number,
            partie,
        ),
    )
    if not explain:
        return new_state, _SILENT
    tally = Tally(seats, totals, explain)
    if stage == EXCHANGE_YOUNGER:  # elder exchanged
        tally.info(
            t,
            ("piquet.info.exchange_elder" + (".1" if left == 1 else ""))  # "it" or "them"
            if left
            else "piquet.info.exchange_elder_all",
            rule="piquet#exchange",
            seat=seats[t],
            n=_ncards(n),
            left=_ncards(left),
            own=Msg(f"piquet.num.{ELDER_STOCK}"),
        )
    else:
        left = len(rest)
        key = (
            ("piquet.info.exchange_younger_looks" + (".1" if left == 1 else ""))
            if action.look
            else "piquet.info.exchange_younger"
            if left
            else "piquet.info.exchange_younger_all"
        )
        tally.info(
            t,
            key,
            rule="piquet#exchange",
            seat=seats[t],
            n=_ncards(n),
            left=_ncards(left),
        )
    _show_carte_blanche(tally, state, other)
    return new_state, tally


def _ncards(n: int) -> Msg:
    """``five cards`` / ``eine Karte``: a count of cards in words, for running text."""
    if n == 1:
        return Msg("piquet.info.ncards.1")
    return Msg("piquet.info.ncards", n=Msg(f"piquet.num.{n}"))
