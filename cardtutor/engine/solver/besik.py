"""The solver for Besik: two players, once the talon is empty (the last eight tricks), also in
the middle of a trick.

The duties are the engine's: follow suit, else trump, else any card; in the standard ruleset
also win the trick when possible. The value counts the card points of the tricks still to
play (Augen, or brisques in the standard ruleset; the card already led included) plus the last
trick's 10. Cards won before are not counted (they are already decided). Three players each
for himself is not a two-sided game and is refused; four players in partnerships is not
supported yet.

>>> from cardtutor.engine.besik import PC, Play, SeedRuleset
>>> # Hearts are trumps. A leads, holding AS KS; B holds 10S 7H.
>>> node = position_of_cards({"A": ["AS", "KS"], "B": ["10S", "7H"]}, to_act="A")
>>> solution = solve_position(node, ("A", "B"), SeedRuleset, trump=2)
>>> ace, king = Play("A", PC[31]), Play("A", PC[30])
>>> # The ace takes the ten (21); then B, void in spades, must trump the king (4 + 10 last).
>>> solution.value(ace), solution.points(ace), solution.best == (ace,)
(7, {'A': 21, 'B': 14}, True)
>>> # The king loses to the ten; B's trump seven then takes the ace and the last trick.
>>> solution.value(king), solution.loss(king)
(-35, 42)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtutor.engine.besik import (
    AUGEN,
    BRISQUE,
    PC,
    POINTS_LAST_TRICK,
    STRENGTH,
    SUIT_OF,
    Phase,
    Play,
    Ruleset,
    State,
)

# POINTS_BRISQUE is not (yet) re-exported by the package; its engine module names it.
from cardtutor.engine.besik.constants import POINTS_BRISQUE
from cardtutor.engine.cards import PhysicalCard
from cardtutor.engine.solver.besik_core import (
    BesikPosition,
    BesikRules,
    BesikSearch,
    add_card,
    card_classes,
    play_card,
)
from cardtutor.engine.solver.solution import OutOfScopeError, Solution

__all__ = [
    "BesikNode",
    "INCLUDED",
    "POINTS_BRISQUE",
    "position_of_cards",
    "rules_for",
    "solve_besik",
    "solve_position",
]


_POS_OF_UID: tuple[int, ...] = tuple(SUIT_OF[u] * 8 + STRENGTH[u] for u in range(len(SUIT_OF)))
"""The solver's position (suit * 8 + strength) of each physical card."""

INCLUDED = (
    "Card points still to be won in tricks (Augen, or brisques in the standard ruleset) and "
    "the last trick. Cards won before and melds are not included."
)

BesikNode = tuple[BesikPosition, tuple[int, int]]
"""A position and the two hands as uid masks (to name the physical cards played)."""


def rules_for(trump: int, ruleset: type[Ruleset]) -> BesikRules:
    """The end-play rules of a ruleset with ``trump`` (a suit index), from the engine's tables.

    >>> from cardtutor.engine.besik import StandardRuleset
    >>> rules_for(0, StandardRuleset).values[:8]
    (0, 0, 0, 0, 0, 0, 10, 10)
    """
    values = [0] * 32
    for u in range(32):
        values[_POS_OF_UID[u]] = AUGEN[u] if ruleset.augen else BRISQUE[u] * POINTS_BRISQUE
    return BesikRules(trump, ruleset.must_win_last_eight, tuple(values), POINTS_LAST_TRICK)


def _count_mask(uids: int) -> int:
    hand = 0
    while uids:
        low = uids & -uids
        hand = add_card(hand, _POS_OF_UID[low.bit_length() - 1])
        uids ^= low
    return hand


class BesikGame:
    """The :class:`~cardtutor.engine.solver.solution.Game` of a Besik end-play position."""

    def __init__(self, seats: tuple[str, str], rules: BesikRules) -> None:
        self.seats = seats
        self.rules = rules
        self.search = BesikSearch(rules)

    def to_act(self, node: BesikNode) -> int:
        return node[0].to_act

    def is_over(self, node: BesikNode) -> bool:
        return not node[1][0] and not node[1][1]

    def _uid(self, node: BesikNode, p: int) -> int:
        """The lowest physical card at position ``p`` in the hand of the seat to act."""
        uids = node[1][node[0].to_act]
        for u in range(p & ~7, len(PC)):
            if uids >> u & 1 and _POS_OF_UID[u] == p:
                return u
        raise KeyError(p)  # pragma: no cover - positions come from the hand

    def classes(self, node: BesikNode) -> list[list[Play]]:
        pos, uids = node
        seat = self.seats[pos.to_act]
        mine = uids[pos.to_act]
        out = []
        for mask in card_classes(pos, self.rules):
            out.append(
                [
                    Play(seat, PC[u])
                    for u in range(len(PC))
                    if mine >> u & 1 and mask >> _POS_OF_UID[u] & 1
                ]
            )
        return out

    def play(self, node: BesikNode, action: Play) -> tuple[BesikNode, tuple[int, int]]:
        pos, uids = node
        u = action.card.uid
        t = pos.to_act
        child, pts = play_card(pos, _POS_OF_UID[u], self.rules)
        hands = [uids[0], uids[1]]
        hands[t] ^= 1 << u
        return (child, (hands[0], hands[1])), pts

    def value(self, node: BesikNode) -> int:
        return self.search.value(node[0])

    def move_value(self, node: BesikNode, action: Play, guess: int) -> int:
        return self.search.move_value(node[0], _POS_OF_UID[action.card.uid], guess)


def position_of_cards(
    hands: Mapping[str, Sequence[str | PhysicalCard]],
    to_act: str,
    led: str | PhysicalCard | None = None,
) -> BesikNode:
    """A node from card codes by seat (two seats, in play order); ``led``: the card the
    other seat has led to the current trick."""
    seats = tuple(hands)
    uid_hands = [0, 0]
    for i, seat in enumerate(seats):
        for c in hands[seat]:
            pc = c if isinstance(c, PhysicalCard) else PhysicalCard.parse(c)
            uid_hands[i] |= 1 << pc.uid
    t = seats.index(to_act)
    led_pos = -1
    if led is not None:
        pc = led if isinstance(led, PhysicalCard) else PhysicalCard.parse(led)
        led_pos = _POS_OF_UID[pc.uid]
    pos = BesikPosition((_count_mask(uid_hands[0]), _count_mask(uid_hands[1])), t, led_pos)
    return pos, (uid_hands[0], uid_hands[1])


def solve_position(
    node: BesikNode,
    seats: tuple[str, str],
    ruleset: type[Ruleset],
    trump: int,
) -> Solution[BesikNode, Play]:
    """The :class:`Solution` of an end-play node (see :func:`position_of_cards`) with
    ``trump`` (a suit index) under ``ruleset``."""
    if not node[1][node[0].to_act]:
        raise OutOfScopeError("there is no card left to play")
    return Solution(BesikGame(seats, rules_for(trump, ruleset)), node, INCLUDED)


def solve_besik(state: State) -> Solution[BesikNode, Play]:
    """The :class:`Solution` of a Besik engine state in the last eight tricks."""
    table = state.table
    players = len(table.seats)
    if players == 3:
        raise OutOfScopeError(
            "three players each for himself is not a two-sided game: the solver only judges "
            "two sides playing against each other"
        )
    if players != 2:
        kind = "in partnerships" if table.partnerships else "each for himself"
        raise OutOfScopeError(
            f"the solver judges two-player Besik only; {players} players {kind} are not supported"
        )
    if state.phase is not Phase.PLAY:
        raise OutOfScopeError(
            f"the solver reads positions where a card is to be played; this one is in the "
            f"{state.phase.value} phase"
        )
    if not state.end_play:
        raise OutOfScopeError(
            "the solver applies once the talon is empty (the last eight tricks); "
            f"{state.talon_count} cards are still to be drawn"
        )
    t = state.turn
    led = -1
    if state.trick:
        led = _POS_OF_UID[state.trick[0][1]]
    uids = (state.hands[0], state.hands[1])
    pos = BesikPosition((_count_mask(uids[0]), _count_mask(uids[1])), t, led)
    seats = (table.seats[0], table.seats[1])
    return Solution(BesikGame(seats, rules_for(table.trump, table.rules)), (pos, uids), INCLUDED)
