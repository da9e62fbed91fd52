"""The card tables: a physical card is its uid, ``copy * 32 + card.index`` (0..127).

Hands, tricks and melds are bit masks of uids; these tuples, indexed by uid, answer
every question the rules ask of a card without building a :class:`PhysicalCard`.

>>> PC[0].code, SUIT_OF[0], STRENGTH[PC.index(PhysicalCard.parse('AS#2'))]
('7C#1', 0, 7)
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtutor.engine.cards import ALL_CARDS, Card, PhysicalCard

MAXU = 128


PC: tuple[PhysicalCard, ...] = tuple(PhysicalCard(ALL_CARDS[u & 31], u >> 5) for u in range(MAXU))


SUIT_OF: tuple[int, ...] = tuple((u & 31) >> 3 for u in range(MAXU))


RANK_OF: tuple[int, ...] = tuple((u & 7) + 7 for u in range(MAXU))


_ORDER = {7: 0, 8: 1, 9: 2, 11: 3, 12: 4, 13: 5, 10: 6, 14: 7}  # A 10 K D B 9 8 7


STRENGTH: tuple[int, ...] = tuple(_ORDER[RANK_OF[u]] for u in range(MAXU))


_AUGEN = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}


AUGEN: tuple[int, ...] = tuple(_AUGEN.get(RANK_OF[u], 0) for u in range(MAXU))


BRISQUE: tuple[int, ...] = tuple(1 if RANK_OF[u] in (14, 10) else 0 for u in range(MAXU))


SUIT_MASK: tuple[int, ...] = tuple(
    sum(1 << u for u in range(MAXU) if SUIT_OF[u] == s) for s in range(4)
)


SEVEN_MASK = sum(1 << u for u in range(MAXU) if RANK_OF[u] == 7)
TRUMP_SEVENS: tuple[int, ...] = tuple(SEVEN_MASK & SUIT_MASK[s] for s in range(4))
"""Every copy of the seven of each suit (index: the trump suit)."""


CARD_MASK: tuple[int, ...] = tuple(sum(1 << (k * 32 + i) for k in range(4)) for i in range(32))
"""Every copy of card index i."""


RANK_MASK: dict[int, int] = {
    r: sum(1 << u for u in range(MAXU) if RANK_OF[u] == r) for r in range(7, 15)
}


ACE, TEN, KING, QUEEN, JACK, SEVEN = 14, 10, 13, 12, 11, 7


QS_INDEX = Card.parse("QS").index


JD_INDEX = Card.parse("JD").index


SORT_KEY: tuple[tuple[int, int, int], ...] = tuple(
    (SUIT_OF[u], -STRENGTH[u], u >> 5) for u in range(MAXU)
)
"""Display and canonical order: by suit (C D H S), then A 10 K D B 9 8 7, then pack."""


def pcs(uids: Iterable[int]) -> tuple[PhysicalCard, ...]:
    return tuple(PC[u] for u in sorted(uids, key=SORT_KEY.__getitem__))


def lowest(mask: int) -> int:
    """The lowest uid in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def mask_of_cards(cards: Iterable[PhysicalCard]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.uid
    return m
