"""What the engines report: every point scored and every word said is an :class:`Event`.

A scoring event carries the seat that scores, the category (``"point"``,
``"meld"``...), the points, the cards concerned, the running totals after it
and a rule reference ``"<page>#<anchor>"`` (e.g. ``"piquet#point"``) that the
site turns into a link to its rule page. Other kinds describe the game for the
explanation of a step: ``"say"`` (a spoken declaration or answer), ``"play"``
(a card led or played, a draw), ``"info"`` (anything else worth telling).

>>> from cardtutor.engine.text import Msg, register_messages
>>> register_messages({"demo.score": ("{seat} scores {points}.", "{seat} zählt {points}.")})
>>> e = Event.score("A", "lead", 1, Msg("demo.score", seat="A", points=1),
...                 rule="piquet#play", totals={"A": 10, "B": 0})
>>> e.is_score, e.points, e.totals["A"], e.msg.render("de")
(True, 1, 10, 'A zählt 1.')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from cardtutor.engine.text import Msg

__all__ = ["Event"]


class Event(NamedTuple):
    kind: str
    """``"score"``, ``"say"``, ``"play"`` or ``"info"``."""
    seat: str | None
    """The seat the event belongs to (the scorer, the speaker, the player)."""
    msg: Msg
    """The explanation in words."""
    category: str = ""
    """Scoring category, e.g. ``"point"``, ``"sequence"``, ``"set"``, ``"lead"``, ``"meld"``."""
    points: int = 0
    cards: Sequence[Any] = ()
    """The cards concerned (:class:`Card` or :class:`PhysicalCard`)."""
    totals: Mapping[str, int] = {}
    """Running totals of every scoring party after this event (score events only)."""
    rule: str = ""
    """Rule reference ``"<page>#<anchor>"``."""

    @property
    def is_score(self) -> bool:
        return self.kind == "score"

    @classmethod
    def score(
        cls,
        seat: str,
        category: str,
        points: int,
        msg: Msg,
        *,
        rule: str,
        totals: Mapping[str, int],
        cards: Sequence[Any] = (),
    ) -> Event:
        return cls("score", seat, msg, category, points, tuple(cards), totals, rule)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able form (cards in notation, message in both languages)."""
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "text": self.msg.to_json()}
        if self.kind == "score":
            data.update(
                category=self.category,
                points=self.points,
                totals=dict(self.totals),
            )
        if self.cards:
            data["cards"] = [str(c) for c in self.cards]
        if self.rule:
            data["rule"] = self.rule
        return data
