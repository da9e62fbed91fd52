"""What one seat may see: :class:`PiquetView` (the contract's ``View`` plus Piquet's table).

Hidden cards are ``None`` (face down), known cards first. A seat sees its own hand and discard;
of the opponent's hand, the cards he has shown (good or equal claims) and, for elder, the cards
of his five he left in the stock that younger took; the stock's cards elder left (to elder),
and the cards left over once younger has looked at them (to younger; to elder after his first
lead); a carte blanche once shown (to its holder always).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from cardtutor.engine.cards import ALL_CARDS, Card, cards_from_mask
from cardtutor.engine.contract import View
from cardtutor.engine.piquet.constants import CARDS_DEALT
from cardtutor.engine.piquet.phase import DECLARE, EQUAL, EXCHANGE_YOUNGER, PLAY
from cardtutor.engine.piquet.scoring import outcome, score_breakdown, seat_map

if TYPE_CHECKING:
    from cardtutor.engine.piquet.state import State

__all__ = ["PiquetView", "TrickView"]


class TrickView(NamedTuple):
    """A completed trick as the site shows it."""

    leader: str
    lead: Card
    follower: str
    follow: Card
    winner: str


@dataclass(frozen=True, kw_only=True)
class PiquetView(View):
    """The state as one seat may see it (``seat is None``: everything). Hidden cards are
    ``None`` (face down), known cards first.

    Beside the contract's fields (``seat``, ``seats``, ``parties``, ``phase``, ``seat_to_act``,
    ``hands``, ``trick``, ``tricks_won``, ``outcome``, ``breakdown``): the table of Piquet.
    """

    hands: Mapping[str, tuple[Card | None, ...]]
    """Piquet's cards are :class:`Card` (one pack)."""
    deal_number: int
    dealer: str
    elder: str
    category: str | None
    """The declaration category being declared, else ``None``."""
    stock: tuple[Card | None, ...]
    """Top first."""
    discards: Mapping[str, tuple[Card | None, ...]]
    left_over_looked: bool
    carte_blanche: Mapping[str, tuple[Card | None, ...]]
    """Holders of carte blanche: the 12 dealt cards once shown (to the holder always)."""
    shown: Mapping[str, tuple[Card, ...]]
    """Declared cards shown (good or equal claims)."""
    tricks: tuple[TrickView, ...]
    totals: Mapping[str, int]
    """This deal's running totals (``outcome.deal``)."""
    deal_scores: tuple[Mapping[str, int], ...]
    """The completed deals of a partie (``outcome.deals``)."""
    partie_totals: Mapping[str, int]
    """The sum of the completed deals (zeros for a single deal)."""


def _hidden(known: int, total: int) -> tuple[Card | None, ...]:
    cards: tuple[Card | None, ...] = cards_from_mask(known)
    return cards + (None,) * (total.bit_count() - known.bit_count())


def view(state: State, seat: str | None) -> PiquetView:
    """What ``seat`` may see of ``state`` (``State.view``)."""
    seats = state.seats
    me = None if seat is None else seats.index(seat)
    elder, younger = 1 - state.dealer, state.dealer
    stage = state.stage
    led_first = stage > PLAY or (stage == PLAY and (state.lead >= 0 or bool(state.tricks)))
    younger_shown = stage > PLAY or bool(state.tricks)

    shown = [0, 0]
    for cat in range(3):
        w = state.outcomes[cat]
        if w == EQUAL:
            shown[0] |= state.claims[2 * cat]
            shown[1] |= state.claims[2 * cat + 1]
        elif w == elder or (w == younger and younger_shown):
            shown[w] |= state.claims[2 * cat + w]

    hands: dict[str, tuple[Card | None, ...]] = {}
    discards: dict[str, tuple[Card | None, ...]] = {}
    for s in (0, 1):
        hand = state.hands[s]
        if me is None or me == s:
            hands[seats[s]] = cards_from_mask(hand)
            discards[seats[s]] = cards_from_mask(state.discards[s])
        else:
            known = hand & shown[s]
            if me == elder:
                known |= hand & state.elder_left
            hands[seats[s]] = _hidden(known, hand)
            discards[seats[s]] = _hidden(0, state.discards[s])

    stock: list[Card | None] = []
    left_over_visible = (
        stage >= DECLARE and state.looked and (me == younger or (me == elder and led_first))
    )
    for i in state.stock:
        bit = 1 << i
        if me is None or left_over_visible or (me == elder and state.elder_left & bit):
            stock.append(ALL_CARDS[i])
        else:
            stock.append(None)

    cb: dict[str, tuple[Card | None, ...]] = {}
    for s in (0, 1):
        if state.carte_blanche >> s & 1:
            shown_cb = stage >= (DECLARE if s == elder else EXCHANGE_YOUNGER)
            if me is None or me == s or shown_cb:
                cb[seats[s]] = cards_from_mask(state.dealt[s])
            else:
                cb[seats[s]] = (None,) * CARDS_DEALT

    result = outcome(state)
    deal_totals = seat_map(seats, state.totals)
    return PiquetView(
        seat=seat,
        seats=seats,
        parties=seats,
        phase=state.phase,
        seat_to_act=state.seat_to_act,
        hands=hands,
        trick=state.current_trick,
        tricks_won={seats[s]: state.won[s] for s in (0, 1)},
        outcome=result,
        breakdown=score_breakdown(state),
        deal_number=state.deal_number,
        dealer=seats[state.dealer],
        elder=seats[elder],
        category=state.category,
        stock=tuple(stock),
        discards=discards,
        left_over_looked=state.looked,
        carte_blanche=cb,
        shown={seats[s]: cards_from_mask(shown[s]) for s in (0, 1)},
        tricks=tuple(
            TrickView(seats[lr], ALL_CARDS[lc], seats[1 - lr], ALL_CARDS[fc], seats[w])
            for lr, lc, fc, w in state.tricks
        ),
        totals=deal_totals,
        deal_scores=result.deals,
        partie_totals={seats[i]: sum(deal[seats[i]] for deal in result.deals) for i in (0, 1)},
    )
