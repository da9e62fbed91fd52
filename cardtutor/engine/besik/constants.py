"""Every Besik rule value, named (RULES.md sections 3 and 4).

Messages never repeat these numbers: they take them as parameters.

>>> MELD_POINTS["double-besik"], DOUBLE_MARRIAGE_TRUMP_POINTS, POINTS_LAST_TRICK
(500, 80, 10)
>>> GAME_TARGET, GAME_TARGET_STANDARD_MANY
(1000, 2000)
"""

from __future__ import annotations

MELD_KINDS: tuple[str, ...] = (
    "marriage",
    "trump-marriage",
    "double-marriage",
    "four-jacks",
    "four-queens",
    "four-kings",
    "four-aces",
    "besik",
    "double-besik",
    "triple-besik",
    "quint-major",
)
"""Every meld kind; each is also the rule anchor of its rule section."""

MARRIAGE_POINTS = 20
TRUMP_MARRIAGE_POINTS = 40
DOUBLE_MARRIAGE_POINTS = 2 * MARRIAGE_POINTS
"""A Doppel-Heirat counts as two marriages declared at once: 40, or 80 in trumps."""
DOUBLE_MARRIAGE_TRUMP_POINTS = 2 * TRUMP_MARRIAGE_POINTS
FOUR_JACKS_POINTS = 40
FOUR_QUEENS_POINTS = 60
FOUR_KINGS_POINTS = 80
FOUR_ACES_POINTS = 100
BESIK_POINTS = 40
DOUBLE_BESIK_POINTS = 500
TRIPLE_BESIK_POINTS = 1500
QUINT_MAJOR_POINTS = 250

MELD_POINTS: dict[str, int] = {
    "marriage": MARRIAGE_POINTS,
    "trump-marriage": TRUMP_MARRIAGE_POINTS,
    "double-marriage": DOUBLE_MARRIAGE_POINTS,  # in trumps: DOUBLE_MARRIAGE_TRUMP_POINTS
    "four-jacks": FOUR_JACKS_POINTS,
    "four-queens": FOUR_QUEENS_POINTS,
    "four-kings": FOUR_KINGS_POINTS,
    "four-aces": FOUR_ACES_POINTS,
    "besik": BESIK_POINTS,
    "double-besik": DOUBLE_BESIK_POINTS,
    "triple-besik": TRIPLE_BESIK_POINTS,
    "quint-major": QUINT_MAJOR_POINTS,
}
"""Points per meld kind."""

POINTS_TRUMP_SEVEN = 10
"""Each trump seven declared (both at once: twice this); a turned-up seven for the dealer."""
POINTS_LAST_TRICK = 10
"""The last trick of a deal scores 10 (RULES.md 3.6)."""
POINTS_BRISQUE = 10
"""Standard Bezique: each ace and ten won in tricks."""

GAME_TARGET = 1000
"""The game ends at the end of a deal once a party has this many points."""
GAME_TARGET_STANDARD_MANY = 2000
"""Standard Bezique with three or four players plays to 2000."""

HAND_SIZE = 8
"""Cards dealt to each player."""
DEAL_BATCHES = (3, 2, 3)
"""The deal: three cards each, then two, then three."""
CARDS_PER_PACK = 32
