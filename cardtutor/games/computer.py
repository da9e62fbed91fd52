"""The computer's moves in a game: the engine's players at the chosen strength.

The player is given only what its seat may know (:func:`cardtutor.engine.players.observe`:
the engine's ``view`` and the events that seat saw), never the state itself, so it cannot play
on cards it could not see.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cardtutor.engine.players import Decision, hint, observe, player_for

if TYPE_CHECKING:
    from cardtutor.games.service import Position


def _rng(seed: int, position: Position, seat: str) -> random.Random:
    """Deterministic for a game, a position and a seat: taking a move back and making it again
    brings the same answer."""
    return random.Random(f"{seed}:{position.ply}:{seat}")


def _observation(position: Position, seat: str) -> Any:
    """The seat's observation. The players read only the current deal's events, so the events
    of earlier deals (built only when read) are not built at all."""
    start = 0
    for index in range(len(position.actions) - 1, -1, -1):
        if position.actions[index].to_json().get("type") == "deal":
            start = index + 1
            break
    history = [event for events in position.events[start:] for event in events]
    return observe(position.state, seat, history, position.kind.game)


def choose(position: Position, seat: str, strength: str, seed: int) -> Any:
    """The computer's action for ``seat`` at ``strength``."""
    player = player_for(position.kind.game, strength)
    return player.choose(_observation(position, seat), _rng(seed, position, seat))


def advice(position: Position, seat: str, seed: int) -> Decision:
    """The strong player's choice for the learner's seat, with its reason (the hint)."""
    return hint(_observation(position, seat), _rng(seed, position, seat))
