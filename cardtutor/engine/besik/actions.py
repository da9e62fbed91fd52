"""The Besik actions: frozen dataclasses with the acting seat first.

Dataclass equality compares only actions of the same class, so
``Play("A", c) != Exchange("A", c)`` and no action equals a tuple.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardtutor.engine.besik.uids import SORT_KEY
from cardtutor.engine.cards import PhysicalCard


def sorted_cards(cards: Iterable[PhysicalCard | str]) -> tuple[PhysicalCard, ...]:
    pcs = [c if isinstance(c, PhysicalCard) else PhysicalCard.parse(c) for c in cards]
    return tuple(sorted(pcs, key=lambda c: SORT_KEY[c.uid]))


@dataclass(frozen=True, slots=True)
class Play:
    """Lead or play a card to the trick: ``{"type": "play", "seat": "A", "card": "QS#2"}``."""

    seat: str
    card: PhysicalCard

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "seat": self.seat, "card": self.card.code}


@dataclass(frozen=True, slots=True)
class Meld:
    """Declare a meld: ``{"type": "meld", "seat": "B", "kind": "besik", "cards": [...]}``.

    Build it with :meth:`of` so the cards are in canonical order (suit, rank, pack).

    >>> Meld.of("B", "besik", ["JD#2", "QS"])
    Meld(seat='B', kind='besik', cards=(PhysicalCard.parse('JD#2'), PhysicalCard.parse('QS#1')))
    """

    seat: str
    kind: str
    cards: tuple[PhysicalCard, ...]

    @classmethod
    def of(cls, seat: str, kind: str, cards: Iterable[PhysicalCard | str]) -> Meld:
        return cls(seat, kind, sorted_cards(cards))

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "meld",
            "seat": self.seat,
            "kind": self.kind,
            "cards": [c.code for c in self.cards],
        }


@dataclass(frozen=True, slots=True)
class DeclareSeven:
    """Declare one or both trump sevens: ``{"type": "seven", "seat": "B", "cards": ["7H#1"]}``.

    :meth:`of` sorts the cards (canonical order, as :meth:`Meld.of`).
    """

    seat: str
    cards: tuple[PhysicalCard, ...]

    @classmethod
    def of(cls, seat: str, cards: Iterable[PhysicalCard | str]) -> DeclareSeven:
        return cls(seat, sorted_cards(cards))

    def to_json(self) -> dict[str, Any]:
        return {"type": "seven", "seat": self.seat, "cards": [c.code for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Exchange:
    """Exchange a trump seven for the face-up card:
    ``{"type": "exchange", "seat": "B", "card": "7H#1"}``.

    If the seven has not been declared yet, the exchange declares it (10 points).
    """

    seat: str
    card: PhysicalCard

    def to_json(self) -> dict[str, Any]:
        return {"type": "exchange", "seat": self.seat, "card": self.card.code}


@dataclass(frozen=True, slots=True)
class Draw:
    """The trick winner draws, then the others in play order:
    ``{"type": "draw", "seat": "B"}`` (``seat`` is the trick winner)."""

    seat: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class NewDeal:
    """Whole-game records only: the next dealer (``seat``) deals, from a seed or cards.

    ``{"type": "deal", "seat": "A", "seed": 7}`` or with ``"hands": {...}, "up_card": ...,
    "talon": [...]`` (the same card fields as the record's deal).
    """

    seat: str
    seed: int | None = None
    hands: tuple[tuple[str, tuple[PhysicalCard, ...]], ...] = ()
    up_card: PhysicalCard | None = None
    talon: tuple[PhysicalCard, ...] = ()

    def to_json(self) -> dict[str, Any]:
        if self.seed is not None:
            return {"type": "deal", "seat": self.seat, "seed": self.seed}
        return {
            "type": "deal",
            "seat": self.seat,
            "hands": {seat: [c.code for c in cards] for seat, cards in self.hands},
            "up_card": self.up_card.code if self.up_card else None,
            "talon": [c.code for c in self.talon],
        }


Action = Play | Meld | DeclareSeven | Exchange | Draw | NewDeal


ACTION_TYPES = (Play, Meld, DeclareSeven, Exchange, Draw, NewDeal)
