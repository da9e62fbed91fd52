"""The engines' rule anchors, by game.

The anchors and titles come from the engines (``GAMES[game].rule_anchors``); engine events link to
``/rules/<game>/#<anchor>``. The rule text itself is the full reference in
:mod:`cardtutor.rules` (every anchor here is a section or a sub-section there; tested).
"""

from __future__ import annotations

from cardtutor.engine import GAMES


def rule_anchors(game: str) -> dict[str, tuple[str, str]]:
    """The engine's rule anchors: anchor -> (English title, German title); ``{}`` if no game."""
    info = GAMES.get(game)
    return dict(info.rule_anchors) if info else {}
