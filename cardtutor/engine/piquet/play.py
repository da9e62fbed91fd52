"""The play: twelve tricks, pique, the last trick, the cards, capot and the end of a deal.

No trumps; follow suit if able, otherwise any card; no duty to win. The higher card of the suit
led wins and leads next. Every card led scores 1; the second player scores 1 when he wins the
trick; 1 more for the last trick. Seven tricks or more win the cards (10), all twelve capot
(40 instead); six each divide them. Pique (30, elder only): elder reaches 30 in hand and play
before younger has reckoned anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtutor.engine.cards import ALL_CARDS
from cardtutor.engine.piquet.actions import Play
from cardtutor.engine.piquet.categories import CAPOT, CARDS, LAST, LEAD, PIQUE, TRICK
from cardtutor.engine.piquet.constants import (
    PIQUE_AT,
    POINTS_CAPOT,
    POINTS_CARDS,
    POINTS_LAST_TRICK,
    POINTS_LEAD,
    POINTS_PIQUE,
    POINTS_TRICK,
    TRICKS,
    TRICKS_FOR_THE_CARDS,
)
from cardtutor.engine.piquet.declarations import score_younger_claims
from cardtutor.engine.piquet.phase import (
    OVER,
    PIQUE_DEAD,
    PIQUE_HAND,
    PIQUE_LIVE,
    PIQUE_PLAY,
)
from cardtutor.engine.piquet.scoring import settle_partie
from cardtutor.engine.piquet.tally import Tally
from cardtutor.engine.text import Msg

if TYPE_CHECKING:
    from cardtutor.engine.piquet.state import State

__all__: list[str] = []


def _pique_after(tally: Tally, pique: int, seat: int, elder: int) -> int:
    """The pique state after ``seat`` scored a point in play (scoring the pique if due)."""
    if pique == PIQUE_LIVE:
        if seat != elder:
            return PIQUE_PLAY
        if tally.t[elder] >= PIQUE_AT:
            tally.score(
                elder,
                PIQUE,
                POINTS_PIQUE,
                "piquet.score.pique",
                other=tally.seats[1 - elder],
                reached=tally.t[elder],
            )
            return PIQUE_DEAD
        return pique
    if (pique == PIQUE_HAND or pique == PIQUE_PLAY) and seat == elder:
        if tally.t[elder] >= PIQUE_AT:
            tally.info(
                elder,
                "piquet.info.no_pique_hand" if pique == PIQUE_HAND else "piquet.info.no_pique_play",
                rule="piquet#pique",
                seat=tally.seats[elder],
                other=tally.seats[1 - elder],
                total=tally.t[elder],
            )
            return PIQUE_DEAD
    return pique


def apply_play(state: State, action: Play, explain: bool) -> tuple[State, Tally]:
    """The state after a (legal) card and its tally."""
    t = state.turn
    card = action.card
    idx = card.index
    h = [state.hands[0], state.hands[1]]
    h[t] ^= card.bit
    hands = (h[0], h[1])
    tally = Tally(state.seats, state.totals, explain)
    elder = 1 - state.dealer
    pique = state.pique
    if state.lead < 0:
        tally.play(t, "piquet.play.lead", card)
        tally.score(t, LEAD, POINTS_LEAD, "piquet.score.lead", (card,))
        pique = _pique_after(tally, pique, t, elder)
        new_state = state._replace(
            turn=1 - t,
            hands=hands,
            lead=idx,
            leader=t,
            totals=tally.totals,
            log=state.log + tuple(tally.log),
            pique=pique,
        )
        return new_state, tally
    if not state.tricks:
        score_younger_claims(tally, state)
    lead = state.lead
    leader = state.leader
    winner = t if (lead >> 3) == (idx >> 3) and idx > lead else leader
    tally.play(t, "piquet.play.follow", card)
    if winner == t:
        tally.score(t, TRICK, POINTS_TRICK, "piquet.score.trick", (ALL_CARDS[lead], card))
        pique = _pique_after(tally, pique, t, elder)
    tricks = state.tricks + ((leader, lead, idx, winner),)
    w = [state.won[0], state.won[1]]
    w[winner] += 1
    won = (w[0], w[1])
    tally.info(winner, "piquet.info.trick", seat=state.seats[winner], n=won[winner])
    if len(tricks) < TRICKS:
        new_state = state._replace(
            turn=winner,
            hands=hands,
            lead=-1,
            leader=winner,
            tricks=tricks,
            won=won,
            totals=tally.totals,
            log=state.log + tuple(tally.log),
            pique=pique,
        )
        return new_state, tally
    tally.score(winner, LAST, POINTS_LAST_TRICK, "piquet.score.last_trick", (ALL_CARDS[lead], card))
    pique = _pique_after(tally, pique, winner, elder)
    _score_the_cards(tally, won)
    new_state = state._replace(
        hands=hands,
        lead=-1,
        leader=winner,
        tricks=tricks,
        won=won,
        totals=tally.totals,
        log=state.log + tuple(tally.log),
        pique=pique,
    )
    return _end_of_deal(tally, new_state), tally


def _score_the_cards(tally: Tally, won: tuple[int, int]) -> None:
    """The cards (seven tricks or more) or capot (all twelve); divided at six each."""
    for s in (0, 1):
        if won[s] == TRICKS:
            tally.score(s, CAPOT, POINTS_CAPOT, "piquet.score.capot", cards_points=POINTS_CARDS)
        elif won[s] >= TRICKS_FOR_THE_CARDS:
            tally.score(s, CARDS, POINTS_CARDS, "piquet.score.cards", tricks=won[s])
    if won[0] == won[1]:
        tally.info(
            None,
            "piquet.info.divided",
            rule="piquet#the-cards",
            n=Msg(f"piquet.num.{won[0]}"),
            N=Msg(f"piquet.Num.{won[0]}"),
        )


def _end_of_deal(tally: Tally, state: State) -> State:
    """A single deal is over; a partie records the deal and goes on, or is settled."""
    seats = state.seats
    tally.info(None, "piquet.info.deal_over", a=seats[0], b=seats[1], ta=tally.t[0], tb=tally.t[1])
    partie = state.partie
    if partie is None:
        return state._replace(stage=OVER, turn=-1)
    partie = partie._replace(results=partie.results + (state.totals,))
    stage, turn = settle_partie(tally, seats, partie.results, 1 - state.dealer)
    return state._replace(stage=stage, turn=turn, partie=partie)
