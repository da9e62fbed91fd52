"""The tally of one action: running totals, the score log and, when explaining, the events.

Every rule function takes a :class:`Tally`. With ``explain=False`` (random playouts, the
solver, computer players) it keeps only what the next state needs (the totals and the score
log) and builds no event and no message; ``apply`` re-runs the action with ``explain=True`` when
someone reads its events (:class:`cardtutor.engine.contract.LazyEvents`).
"""

from __future__ import annotations

from typing import Any

from cardtutor.engine.cards import Card
from cardtutor.engine.events import Event
from cardtutor.engine.piquet.categories import CATEGORIES, CATEGORY_RULE
from cardtutor.engine.text import Msg

__all__: list[str] = []


class Tally:
    """Scores and words of one action, starting from the deal's running ``totals``."""

    __slots__ = ("seats", "t", "log", "events", "explain")

    def __init__(self, seats: tuple[str, str], totals: tuple[int, int], explain: bool) -> None:
        self.seats = seats
        self.t = [totals[0], totals[1]]
        self.log: list[tuple[int, int, int]] = []
        self.events: list[Event] = []
        self.explain = explain

    @property
    def totals(self) -> tuple[int, int]:
        return (self.t[0], self.t[1])

    def score(
        self, seat: int, cat: int, pts: int, key: str, cards: tuple[Card, ...] = (), **params: Any
    ) -> None:
        """``seat`` scores ``pts`` in category ``cat`` (an index of ``CATEGORIES``)."""
        t = self.t
        t[seat] += pts
        self.log.append((seat, cat, pts))
        if not self.explain:
            return
        s = self.seats
        self.events.append(
            Event(
                "score",
                s[seat],
                Msg(key, seat=s[seat], points=pts, total=t[seat], cards=cards, **params),
                CATEGORIES[cat],
                pts,
                cards,
                {s[0]: t[0], s[1]: t[1]},
                CATEGORY_RULE[cat],
            )
        )

    def say(self, who: int, key: str, /, rule: str = "", **params: Any) -> None:
        """``who`` says something (a declaration, an answer)."""
        if self.explain:
            self.events.append(
                Event("say", self.seats[who], Msg(key, **params), "", 0, (), {}, rule)
            )

    def info(
        self,
        who: int | None,
        key: str,
        /,
        rule: str = "",
        cards: tuple[Card, ...] = (),
        **params: Any,
    ) -> None:
        """Anything else worth telling (``who``: the seat it is about, or ``None``)."""
        if not self.explain:
            return
        name = None if who is None else self.seats[who]
        msg = Msg(key, cards=cards, **params) if cards else Msg(key, **params)
        self.events.append(Event("info", name, msg, "", 0, cards, {}, rule))

    def play(self, seat: int, key: str, card: Card, rule: str = "piquet#play") -> None:
        """``seat`` leads or plays ``card`` (``rule``: the rule of the move)."""
        if not self.explain:
            return
        name = self.seats[seat]
        self.events.append(
            Event("play", name, Msg(key, seat=name, card=card), "", 0, (card,), {}, rule)
        )
