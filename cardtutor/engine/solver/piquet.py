"""The solver for Piquet: any position of the play phase, also in the middle of a trick.

The value counts what the play still scores from here: a point for every card led, a point
for the second player's win, the last trick's point, and the cards (seven tricks or more,
counting the tricks already won) or capot (all twelve). It leaves out **pique** (elder's 30
reached with the play before younger scores: a bonus that depends on the declarations, not on
the cards alone), and the declarations younger scores when he plays to the first trick.

>>> from cardtutor.engine.piquet import Play, new_deal
>>> state, _ = new_deal(hands={"A": "AS KS QS JS 10S 9S AH KH QH JH 10H 9H",
...     "B": "8S 7S 8H 7H AC KC QC JC AD KD QD JD"}, stock="10C 9C 8C 7C 10D 9D 8D 7D")
>>> # (exchange and declarations skipped: the position is given by its hands)
>>> solution = solve_position(position_of_hands(state.hands, to_act=0), state.seats)
>>> # A cashes all twelve tricks: 12 leads, the last trick and capot (12 + 1 + 40).
>>> solution.best_value, solution.points(Play.of("A", "9S"))
(53, {'A': 53, 'B': 0})
"""

from __future__ import annotations

from cardtutor.engine.cards import ALL_CARDS
from cardtutor.engine.piquet import (
    POINTS_CAPOT,
    POINTS_CARDS,
    POINTS_LAST_TRICK,
    POINTS_LEAD,
    POINTS_TRICK,
    Phase,
    Play,
    State,
)
from cardtutor.engine.solver.piquet_core import (
    PiquetPosition,
    PiquetScoring,
    PiquetSearch,
    card_classes,
    play_card,
)
from cardtutor.engine.solver.solution import OutOfScopeError, Solution

__all__ = ["SCORING", "INCLUDED", "solve_piquet", "solve_position", "position_of_hands"]

TRICKS = 12
"""Tricks in a Piquet deal (twelve cards each)."""

SCORING = PiquetScoring(
    lead=POINTS_LEAD,
    trick=POINTS_TRICK,
    last_trick=POINTS_LAST_TRICK,
    cards=POINTS_CARDS,
    capot=POINTS_CAPOT,
    tricks=TRICKS,
)
"""The play's rule values, from the engine's constants."""

INCLUDED = (
    "Points still made in play: leads, the second player's wins, the last trick, and the "
    "cards or capot. Pique and the declarations are not included."
)


class PiquetGame:
    """The :class:`~cardtutor.engine.solver.solution.Game` of a Piquet play position."""

    def __init__(self, seats: tuple[str, str]) -> None:
        self.seats = seats
        self.search = PiquetSearch(SCORING)

    def to_act(self, node: PiquetPosition) -> int:
        return node.to_act

    def is_over(self, node: PiquetPosition) -> bool:
        return not node.hands[0] and not node.hands[1]

    def classes(self, node: PiquetPosition) -> list[list[Play]]:
        seat = self.seats[node.to_act]
        out = []
        for mask in card_classes(node):
            cards = []
            while mask:
                low = mask & -mask
                cards.append(Play(seat, ALL_CARDS[low.bit_length() - 1]))
                mask ^= low
            out.append(cards)
        return out

    def play(self, node: PiquetPosition, action: Play) -> tuple[PiquetPosition, tuple[int, int]]:
        return play_card(node, action.card.index, SCORING)

    def value(self, node: PiquetPosition) -> int:
        return self.search.value(node)

    def move_value(self, node: PiquetPosition, action: Play, guess: int) -> int:
        return self.search.move_value(node, action.card.index, guess)


def position_of_hands(
    hands: tuple[int, int], to_act: int, led: int = -1, won: tuple[int, int] = (0, 0)
) -> PiquetPosition:
    """A play position from card masks (``Card.bit``) by seat index."""
    return PiquetPosition(hands, to_act, led, won)


def solve_position(pos: PiquetPosition, seats: tuple[str, str]) -> Solution[PiquetPosition, Play]:
    """The :class:`Solution` of a play position given as masks."""
    if not pos.hands[pos.to_act]:
        raise OutOfScopeError("there is no card left to play")
    return Solution(PiquetGame(seats), pos, INCLUDED)


def solve_piquet(state: State) -> Solution[PiquetPosition, Play]:
    """The :class:`Solution` of a Piquet engine state in the play phase."""
    if state.phase is not Phase.PLAY:
        raise OutOfScopeError(
            f"the solver reads Piquet positions of the play phase; this one is in the "
            f"{state.phase.value.replace('_', ' ')} phase"
        )
    pos = PiquetPosition(
        (state.hands[0], state.hands[1]),
        state.turn,
        state.lead,
        (state.won[0], state.won[1]),
    )
    return solve_position(pos, state.seats)
