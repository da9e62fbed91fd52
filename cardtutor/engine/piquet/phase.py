"""The phases of a deal, and the finer integer stages the state stores.

:class:`Phase` is what the contract shows (``state.phase``); the state's int ``stage`` also
says who declares which category, so that the hot paths compare small ints.

>>> [PHASE_OF_STAGE[s].value for s in (EXCHANGE_ELDER, DECLARE + 5, PLAY, OVER)]
['exchange', 'declare', 'play', 'over']
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """The phase of a deal (``State.phase``)."""

    EXCHANGE = "exchange"
    """Elder, then younger, discards and takes from the stock."""
    DECLARE = "declare"
    """Point, sequences, sets: elder declares, younger answers (``State.category``)."""
    PLAY = "play"
    """The twelve tricks."""
    DEAL_OVER = "deal_over"
    """A partie awaits its next deal: the new dealer acts with ``NextDeal``."""
    OVER = "over"
    """The deal (single-deal record) or the partie is over."""


# Stages (State.stage). Declaring stages are DECLARE + 2 * category + (0 elder, 1 younger).
EXCHANGE_ELDER, EXCHANGE_YOUNGER = 0, 1
DECLARE = 2
PLAY, DEAL_OVER, OVER = 8, 9, 10

PHASE_OF_STAGE: tuple[Phase, ...] = (
    (Phase.EXCHANGE,) * 2 + (Phase.DECLARE,) * 6 + (Phase.PLAY, Phase.DEAL_OVER, Phase.OVER)
)

# Outcomes of a declaration category (State.outcomes): a seat index, or one of these.
UNDECIDED, EQUAL, NOBODY = -1, 2, 3

# Pique states (State.pique): whether elder may still score a pique in play.
PIQUE_PENDING = 0
"""Declarations not finished."""
PIQUE_LIVE = 1
"""Younger has reckoned nothing: elder's pique is still possible."""
PIQUE_DEAD = 2
"""Decided: scored, or a repique was scored, or elder reached 30 too late."""
PIQUE_HAND = 3
"""Younger has reckoned in hand: no pique (an explanation is due when elder reaches 30)."""
PIQUE_PLAY = 4
"""Younger has scored in play: no pique (likewise)."""
