"""The registry of games: :data:`GAMES` (also :data:`cardtutor.engine.GAMES`).

Everything that lists the games or dispatches on one (replays, rule pages, the model's
choices, the fixture builder) reads this mapping; adding a game is one entry here and one
engine package implementing :mod:`cardtutor.engine.contract`.

>>> [game.key for game in GAMES.values()]
['piquet', 'besik']
>>> GAMES["piquet"].name("de"), GAMES["besik"].name("en"), GAMES["besik"].player_counts
('Rubikon-Piquet', 'Besik (Bezique)', (2, 3, 4))
>>> GAMES["piquet"].engine.game
'piquet'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cardtutor.engine.contract import GameInfo

__all__ = ["GAMES", "game_info"]

GAMES: Mapping[str, GameInfo] = MappingProxyType(
    {
        "piquet": GameInfo(
            key="piquet",
            names={"en": "Rubicon Piquet", "de": "Rubikon-Piquet"},
            seats=("A", "B"),
            rulesets=("rubicon",),
            player_counts=(2,),
            partnerships=False,
            module="cardtutor.engine.piquet",
        ),
        "besik": GameInfo(
            key="besik",
            names={"en": "Besik (Bezique)", "de": "Besik"},
            seats=("A", "B"),
            rulesets=("seed", "standard"),
            player_counts=(2, 3, 4),
            partnerships=True,
            module="cardtutor.engine.besik",
        ),
    }
)


def game_info(key: str) -> GameInfo:
    """The registry entry for ``key``; ``KeyError`` quoting it when there is none."""
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}: one of {', '.join(GAMES)}") from None
