"""Scores: the deal's breakdown, the outcome (deal, completed deals, partie) and the partie's
settlement under the rubicon rule.

A partie is six deals; the higher aggregate wins and gains the difference plus 100, or, when
the loser has under 100 (he is *rubiconed*), the sum of both totals plus 100. A tie after six
deals: each deals once more; still tied: drawn.

>>> rubicon_settlement(180, 120)
(160, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtutor.engine.contract import Outcome
from cardtutor.engine.events import Event
from cardtutor.engine.piquet.categories import CATEGORIES
from cardtutor.engine.piquet.constants import (
    PARTIE_BONUS,
    PARTIE_DEALS,
    PARTIE_EXTRA_DEALS,
    RUBICON,
)
from cardtutor.engine.piquet.phase import DEAL_OVER, OVER
from cardtutor.engine.piquet.tally import Tally
from cardtutor.engine.text import Msg

if TYPE_CHECKING:
    from cardtutor.engine.piquet.state import State

__all__ = ["rubicon_settlement"]


def rubicon_settlement(winner: int, loser: int) -> tuple[int, bool]:
    """What the winner of a partie gains, and whether the loser is rubiconed (under 100).

    The winner gains the difference plus 100; if the loser has less than 100, the sum plus 100.

    >>> rubicon_settlement(180, 95)
    (375, True)
    """
    if loser < RUBICON:
        return winner + loser + PARTIE_BONUS, True
    return winner - loser + PARTIE_BONUS, False


def settle_partie(
    tally: Tally,
    seats: tuple[str, str],
    results: tuple[tuple[int, int], ...],
    next_dealer: int,
) -> tuple[int, int]:
    """After a deal of a partie: (stage, seat to act) and the settlement or tie events."""
    n = len(results)
    if n not in (PARTIE_DEALS, PARTIE_DEALS + PARTIE_EXTRA_DEALS):
        return DEAL_OVER, next_dealer
    sa = sum(r[0] for r in results)
    sb = sum(r[1] for r in results)
    if sa != sb:
        if tally.explain:
            w = 0 if sa > sb else 1
            hi, lo = max(sa, sb), min(sa, sb)
            gain, rubiconed = rubicon_settlement(hi, lo)
            msg = Msg(
                "piquet.score.rubicon" if rubiconed else "piquet.score.partie",
                seat=seats[w],
                loser=seats[1 - w],
                hi=hi,
                lo=lo,
                points=gain,
                bonus=PARTIE_BONUS,
                rubicon=RUBICON,
            )
            rule = "piquet#rubicon" if rubiconed else "piquet#partie"
            totals = {seats[0]: sa, seats[1]: sb}
            tally.events.append(
                Event.score(seats[w], "partie", gain, msg, rule=rule, totals=totals)
            )
        return OVER, -1
    if n > PARTIE_DEALS:
        tally.info(None, "piquet.info.drawn", rule="piquet#partie", total=sa)
        return OVER, -1
    tally.info(
        None,
        "piquet.info.tied",
        rule="piquet#partie",
        total=sa,
        deals=Msg(f"piquet.num.{PARTIE_DEALS}"),
    )
    return DEAL_OVER, next_dealer


def score_breakdown(state: State) -> dict[str, dict[str, int]]:
    """The deal's points per seat and category (every category, zeros included)."""
    out = {seat: dict.fromkeys(CATEGORIES, 0) for seat in state.seats}
    for seat, cat, pts in state.log:
        out[state.seats[seat]][CATEGORIES[cat]] += pts
    return out


def seat_map(seats: tuple[str, str], pair: tuple[int, int]) -> dict[str, int]:
    return {seats[0]: pair[0], seats[1]: pair[1]}


def outcome(state: State) -> Outcome:
    """Where the deal and the partie stand (``State.outcome``)."""
    seats = state.seats
    deal = seat_map(seats, state.totals)
    over = state.stage == OVER
    partie = state.partie
    if partie is None:
        winner = None
        if over and state.totals[0] != state.totals[1]:
            winner = seats[0] if state.totals[0] > state.totals[1] else seats[1]
        return Outcome(
            parties=seats,
            deal=deal,
            game=dict(deal),
            deal_number=state.deal_number,
            deal_over=over,
            game_over=over,
            winner=winner,
        )
    results = partie.results
    # The deal's result joins partie.results when its last trick is played.
    deal_done = len(results) >= state.deal_number
    ga = sum(r[0] for r in results)
    gb = sum(r[1] for r in results)
    if not deal_done:
        ga += state.totals[0]
        gb += state.totals[1]
    winner = None
    settlement = None
    rubiconed = False
    if over and ga != gb:
        winner = seats[0] if ga > gb else seats[1]
        settlement, rubiconed = rubicon_settlement(max(ga, gb), min(ga, gb))
    return Outcome(
        parties=seats,
        deal=deal,
        game={seats[0]: ga, seats[1]: gb},
        deal_number=state.deal_number,
        deals=tuple(seat_map(seats, r) for r in results),
        deal_over=deal_done,
        game_over=over,
        winner=winner,
        settlement=settlement,
        rubiconed=rubiconed,
        multi_deal=True,
    )
