"""The actions of Piquet: frozen dataclasses that carry their seat, with JSON forms.

Cards of an :class:`Exchange` or a :class:`Declare` are a mask of ``Card.bit`` (the
``of(...)`` constructors take card codes); two actions are equal only when they are of the
same type with the same fields.

Action JSON: ``{"type": "exchange", "seat": "A", "discard": "KS 8C 7C 9D 8D"}`` (younger may
add ``"look": true``); ``{"type": "declare", "seat": "A", "category": "point", "cards": "AH KH
QH JH 8H"}`` (``"cards": ""`` declares nothing); ``{"type": "play", "seat": "A", "card":
"AH"}``; ``{"type": "deal", "seat": "B"}`` (next deal of a partie, by its dealer). Card lists
are strings of codes or lists of codes.

>>> Play.of("A", "AH") == Play.of("A", "ah"), Play.of("A", "AH") == ("A", Card.parse("AH"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtutor.engine.cards import Card, cards_from_mask, format_cards, parse_cards
from cardtutor.engine.errors import NotationError
from cardtutor.engine.piquet.categories import DECLARATION_CATEGORIES
from cardtutor.engine.text import Msg

__all__ = ["Exchange", "Declare", "Play", "NextDeal", "Action", "action_from_json"]


def category_index(category: str) -> int:
    """The index of a declaration category name (``NotationError`` if there is none)."""
    try:
        return DECLARATION_CATEGORIES.index(category)
    except ValueError:
        raise NotationError(Msg("piquet.notation.category", text=category)) from None


def cards_arg(cards: str | Iterable[Card] | Iterable[str]) -> int:
    """The mask of cards given as codes or cards (``NotationError`` if one is named twice)."""
    if isinstance(cards, str):
        parsed: Iterable[Card] = parse_cards(cards)
    else:
        parsed = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
    m = 0
    for c in parsed:
        if m & c.bit:
            raise NotationError(Msg("piquet.notation.twice", card=c))
        m |= c.bit
    return m


def _cards_repr(mask: int) -> str:
    return repr(format_cards(cards_from_mask(mask)))


@dataclass(frozen=True, slots=True)
class Exchange:
    """Discard the cards of ``discard`` (a card mask) and take as many from the top of the stock.

    ``look`` (younger only): look at the cards left over; elder then sees them after his first
    lead.

    >>> Exchange.of("B", "7S 9H 7H", look=True)
    Exchange.of('B', '7H 9H 7S', look=True)
    >>> Exchange.of("B", "7S 9H 7H").to_json()
    {'type': 'exchange', 'seat': 'B', 'discard': '7H 9H 7S'}
    """

    seat: str
    discard: int
    look: bool = False

    @classmethod
    def of(
        cls, seat: str, cards: str | Iterable[Card] | Iterable[str], look: bool = False
    ) -> Exchange:
        return cls(seat, cards_arg(cards), look)

    @property
    def cards(self) -> tuple[Card, ...]:
        return cards_from_mask(self.discard)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "type": "exchange",
            "seat": self.seat,
            "discard": format_cards(cards_from_mask(self.discard)),
        }
        if self.look:
            data["look"] = True
        return data

    def __repr__(self) -> str:
        look = ", look=True" if self.look else ""
        return f"Exchange.of({self.seat!r}, {_cards_repr(self.discard)}{look})"


@dataclass(frozen=True, slots=True)
class Declare:
    """Claim the cards of ``cards`` (a mask; 0 = nothing) in ``category``.

    >>> Declare.of("A", "point", "AH KH QH JH 8H")
    Declare.of('A', 'point', '8H JH QH KH AH')
    >>> Declare.of("B", "set", "").to_json()
    {'type': 'declare', 'seat': 'B', 'category': 'set', 'cards': ''}
    """

    seat: str
    category: str
    cards: int

    @classmethod
    def of(cls, seat: str, category: str, cards: str | Iterable[Card] | Iterable[str]) -> Declare:
        category_index(category)
        return cls(seat, category, cards_arg(cards))

    @property
    def card_list(self) -> tuple[Card, ...]:
        return cards_from_mask(self.cards)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "declare",
            "seat": self.seat,
            "category": self.category,
            "cards": format_cards(cards_from_mask(self.cards)),
        }

    def __repr__(self) -> str:
        return f"Declare.of({self.seat!r}, {self.category!r}, {_cards_repr(self.cards)})"


@dataclass(frozen=True, slots=True)
class Play:
    """Lead or play a card.

    >>> Play.of("A", "ah")
    Play.of('A', 'AH')
    """

    seat: str
    card: Card

    @classmethod
    def of(cls, seat: str, card: str | Card) -> Play:
        return cls(seat, card if isinstance(card, Card) else Card.parse(card))

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "seat": self.seat, "card": self.card.code}

    def __repr__(self) -> str:
        return f"Play.of({self.seat!r}, {self.card.code!r})"


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Deal the next deal of a partie (by its dealer).

    >>> NextDeal("A").to_json()
    {'type': 'deal', 'seat': 'A'}
    >>> NextDeal("A")
    NextDeal('A')
    """

    seat: str

    def __repr__(self) -> str:
        return f"NextDeal({self.seat!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "deal", "seat": self.seat}


Action = Exchange | Declare | Play | NextDeal
"""Any Piquet action."""
ACTION_TYPES = (Exchange, Declare, Play, NextDeal)


def _json_cards(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key, "")
    if not isinstance(value, (str, list)) or (
        isinstance(value, list) and not all(isinstance(v, str) for v in value)
    ):
        raise NotationError(Msg("piquet.notation.field", field=key, text=repr(value)))
    return cards_arg(value)


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read an action from its JSON form (:class:`NotationError` if malformed).

    >>> action_from_json({"type": "play", "seat": "A", "card": "AH"})
    Play.of('A', 'AH')
    >>> action_from_json({"type": "jump", "seat": "A"})
    Traceback (most recent call last):
    ...
    cardtutor.engine.errors.NotationError: 'jump' is not a Piquet action type: use exchange, declare, play or deal.
    """
    if not isinstance(data, Mapping):
        raise NotationError(Msg("piquet.notation.action", text=repr(data)))
    kind, seat = data.get("type"), data.get("seat")
    if not isinstance(seat, str):
        raise NotationError(Msg("piquet.notation.seat", text=repr(dict(data))))
    if kind == "play":
        card = data.get("card")
        if not isinstance(card, str):
            raise NotationError(Msg("piquet.notation.field", field="card", text=repr(card)))
        return Play(seat, Card.parse(card))
    if kind == "exchange":
        look = data.get("look", False)
        if not isinstance(look, bool):
            raise NotationError(Msg("piquet.notation.field", field="look", text=repr(look)))
        if "discard" not in data:
            raise NotationError(Msg("piquet.notation.field", field="discard", text="None"))
        return Exchange(seat, _json_cards(data, "discard"), look)
    if kind == "declare":
        category = data.get("category")
        if not isinstance(category, str):
            raise NotationError(Msg("piquet.notation.field", field="category", text=repr(category)))
        category_index(category)
        return Declare(seat, category, _json_cards(data, "cards"))
    if kind == "deal":
        return NextDeal(seat)
    raise NotationError(Msg("piquet.notation.type", text=repr(kind)))
