"""Every rule value of Rubicon Piquet, named (``RULES.md`` section 2).

Messages never repeat these numbers: they take them as parameters, so a rule value lives here
only.

>>> POINTS_CARTE_BLANCHE, POINTS_PIQUE, POINTS_REPIQUE, POINTS_CAPOT
(10, 30, 60, 40)
>>> sequence_points(3), sequence_points(5), sequence_points(8)
(3, 15, 18)
"""

from __future__ import annotations

__all__ = [
    "PACK",
    "CARDS_DEALT",
    "STOCK",
    "ELDER_STOCK",
    "ELDER_MIN_DISCARD",
    "YOUNGER_STOCK",
    "TRICKS",
    "PIPS_ACE",
    "PIPS_COURT",
    "POINTS_CARTE_BLANCHE",
    "MIN_SEQUENCE",
    "SEQUENCE_BONUS_FROM",
    "SEQUENCE_BONUS",
    "sequence_points",
    "SET_MIN",
    "POINTS_TRIO",
    "POINTS_QUATORZE",
    "POINTS_LEAD",
    "POINTS_TRICK",
    "POINTS_LAST_TRICK",
    "TRICKS_FOR_THE_CARDS",
    "POINTS_CARDS",
    "POINTS_CAPOT",
    "PIQUE_AT",
    "POINTS_PIQUE",
    "POINTS_REPIQUE",
    "PARTIE_DEALS",
    "PARTIE_EXTRA_DEALS",
    "PARTIE_BONUS",
    "RUBICON",
]

# The pack and the deal
PACK = 32
"""A K Q J 10 9 8 7 in four suits."""
CARDS_DEALT = 12
"""Cards dealt to each player (in twos)."""
STOCK = PACK - 2 * CARDS_DEALT
"""The stock (talon): 8 cards."""
ELDER_STOCK = 5
"""The top five of the stock are elder's to take from: he discards 1 to 5."""
ELDER_MIN_DISCARD = 1
"""Each player must discard at least one card."""
YOUNGER_STOCK = STOCK - ELDER_STOCK
"""The bottom three are younger's, plus what elder leaves."""
TRICKS = CARDS_DEALT
"""Twelve tricks are played."""

# The point: pips count A 11, K Q J 10 ten, the others their face value.
PIPS_ACE = 11
PIPS_COURT = 10

# Carte blanche: no king, queen or jack among the twelve cards dealt.
POINTS_CARTE_BLANCHE = 10

# Sequences: 3 or more in suit order; a tierce scores 3, a quart 4, a quint and longer 10 more
# than their length (quint 15, sixieme 16, septieme 17, huitieme 18).
MIN_SEQUENCE = 3
SEQUENCE_BONUS_FROM = 5
SEQUENCE_BONUS = 10


def sequence_points(length: int) -> int:
    """Points of one sequence of ``length`` cards (3 or more)."""
    return length + SEQUENCE_BONUS if length >= SEQUENCE_BONUS_FROM else length


# Sets: three (trio, 3) or four (quatorze, 14) aces, kings, queens, jacks or tens.
SET_MIN = 3
POINTS_TRIO = 3
POINTS_QUATORZE = 14

# The play (exported for the double-dummy solver, which scores the play alone).
POINTS_LEAD = 1
"""Every card led scores 1."""
POINTS_TRICK = 1
"""The second player scores 1 when he wins the trick."""
POINTS_LAST_TRICK = 1
"""1 more for winning the last trick."""
TRICKS_FOR_THE_CARDS = 7
"""Seven tricks or more win the cards (six each: divided)."""
POINTS_CARDS = 10
"""The cards."""
POINTS_CAPOT = 40
"""All twelve tricks: capot, instead of the cards."""

# Pique and repique
PIQUE_AT = 30
"""The total to reach, in hand (repique) or hand and play (pique), before the opponent reckons."""
POINTS_PIQUE = 30
POINTS_REPIQUE = 60

# The partie
PARTIE_DEALS = 6
"""Six deals, three dealt by each player."""
PARTIE_EXTRA_DEALS = 2
"""After a tie, each deals once more; still tied: drawn."""
PARTIE_BONUS = 100
"""The winner gains the difference plus 100 (rubiconed loser: the sum plus 100)."""
RUBICON = 100
"""A loser under 100 is rubiconed."""
