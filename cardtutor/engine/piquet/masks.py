"""Bit tables for the hot paths: a hand is a 32-bit mask of ``Card.bit``.

``Card.index = suit * 8 + (rank - 7)``: within a suit byte, bit 0 is the seven and bit 7 the
ace, which is also the sequence order. Per-byte tables (256 entries) answer pips, runs and
sequence questions for one suit with one lookup.

>>> pips(SUIT_MASKS[2])  # all eight hearts: 7 + 8 + 9 + 10 + 3 * 10 + 11
75
>>> RUNS[0b11101100]  # 9, 10 and J, K: (lowest offset, length) of each run
((2, 2), (5, 3))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cardtutor.engine.cards import bit_indices
from cardtutor.engine.piquet.constants import (
    MIN_SEQUENCE,
    PACK,
    PIPS_ACE,
    PIPS_COURT,
    SET_MIN,
    sequence_points,
)

__all__: list[str] = []

FULL = (1 << PACK) - 1
"""Every card."""

# Offsets within a suit byte: 0 seven, 1 eight, 2 nine, 3 ten, 4 jack, 5 queen, 6 king, 7 ace.
_PIP_OF_OFFSET = (7, 8, 9, 10, PIPS_COURT, PIPS_COURT, PIPS_COURT, PIPS_ACE)
PIPS_BYTE = tuple(sum(_PIP_OF_OFFSET[i] for i in range(8) if b >> i & 1) for b in range(256))
SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
RANK_MASKS = tuple(sum(1 << (8 * s + o) for s in range(4)) for o in range(8))
COURT_MASK = RANK_MASKS[4] | RANK_MASKS[5] | RANK_MASKS[6]
"""Jacks, queens and kings (the ten is no court card)."""
SET_OFFSETS = (7, 6, 5, 4, 3)
"""A K Q J 10, best first: the ranks that make sets."""
SET_MASK = sum(RANK_MASKS[o] for o in SET_OFFSETS)

_SUIT_BITS = tuple(
    tuple(tuple(8 * s + i for i in range(8) if b >> i & 1) for b in range(256)) for s in range(4)
)
"""Per suit, per byte value: the card indices of its set bits (:func:`bits`)."""
_CLUBS_BITS, _DIAMONDS_BITS, _HEARTS_BITS, _SPADES_BITS = _SUIT_BITS


def bits(m: int) -> list[int]:
    """The card indices of a mask, lowest first (:func:`~cardtutor.engine.cards.bit_indices`),
    one table look-up per suit rather than a step per card.

    >>> bits(0b1000_0001_0000_0000_0000_0000_0000_0110)
    [1, 2, 24, 31]
    >>> bits(1 << 40) == bit_indices(1 << 40)
    True
    """
    if m >> 32:  # not a mask of one pack's cards
        return bit_indices(m)
    return [
        *_CLUBS_BITS[m & 255],
        *_DIAMONDS_BITS[m >> 8 & 255],
        *_HEARTS_BITS[m >> 16 & 255],
        *_SPADES_BITS[m >> 24],
    ]


def mask(indices: Iterable[int]) -> int:
    """The mask of card indices."""
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def submasks(b: int) -> Iterator[int]:
    """Every submask of ``b``, ``b`` first and 0 last."""
    sub = b
    while True:
        yield sub
        if not sub:
            return
        sub = (sub - 1) & b


def _runs_of(b: int) -> tuple[tuple[int, int], ...]:
    runs: list[tuple[int, int]] = []
    i = 0
    while i < 8:
        if b >> i & 1:
            j = i
            while j < 8 and b >> j & 1:
                j += 1
            runs.append((i, j - i))
            i = j
        else:
            i += 1
    return tuple(runs)


RUNS = tuple(_runs_of(b) for b in range(256))
"""Per suit byte: the runs of consecutive cards, as (lowest offset, length)."""
SEQ_VALID = tuple(all(n >= MIN_SEQUENCE for _, n in runs) for runs in RUNS)
"""The byte is made of sequences only (a valid sequence claim in one suit)."""
SEQ_HONEST = tuple(
    sum(((1 << n) - 1) << lo for lo, n in runs if n >= MIN_SEQUENCE) for runs in RUNS
)
"""Every sequence held in the byte."""
SEQ_BEST = tuple(
    max(((n, lo + n - 1) for lo, n in runs if n >= MIN_SEQUENCE), default=(0, -1)) for runs in RUNS
)
"""The best sequence of the byte: (length, top offset)."""
SEQ_SCORE = tuple(sum(sequence_points(n) for _, n in runs if n >= MIN_SEQUENCE) for runs in RUNS)
"""The points of the sequences of a (valid) byte."""
SEQ_SUBS = tuple(tuple(sorted(s for s in submasks(b) if SEQ_VALID[s])) for b in range(256))
"""Every valid sequence claim within the byte (0 included)."""


def pips(m: int) -> int:
    """The pip total of the cards of ``m``."""
    return (
        PIPS_BYTE[m & 255]
        + PIPS_BYTE[(m >> 8) & 255]
        + PIPS_BYTE[(m >> 16) & 255]
        + PIPS_BYTE[(m >> 24) & 255]
    )


def one_suit(m: int) -> bool:
    """Every card of ``m`` is of one suit (true of no card).

    >>> one_suit(0), one_suit(SUIT_MASKS[3]), one_suit(1 | 1 << 8)
    (True, True, False)
    """
    # The lowest and the highest card in one suit (no generator: checked on every claim).
    return (m & -m).bit_length() + 7 >> 3 == m.bit_length() + 7 >> 3


def seq_valid(m: int) -> bool:
    """``m`` is made of sequences only."""
    return (
        SEQ_VALID[m & 255]
        and SEQ_VALID[(m >> 8) & 255]
        and SEQ_VALID[(m >> 16) & 255]
        and SEQ_VALID[(m >> 24) & 255]
    )


def sets_valid(m: int) -> bool:
    """``m`` is made of quatorzes and trios only."""
    if m & ~SET_MASK:
        return False
    # rank by rank, unrolled (no generator): 0, 3 or 4 cards of each (SET_COUNT_VALID)
    return (
        SET_COUNT_VALID[(m & _ACES).bit_count()]
        and SET_COUNT_VALID[(m & _KINGS).bit_count()]
        and SET_COUNT_VALID[(m & _QUEENS).bit_count()]
        and SET_COUNT_VALID[(m & _JACKS).bit_count()]
        and SET_COUNT_VALID[(m & _TENS).bit_count()]
    )


SET_COUNT_VALID = tuple(n in (0, SET_MIN, 4) for n in range(5))
"""Per number of cards of one rank: whether a set claim may hold that many (none, a trio, a
quatorze)."""
_ACES, _KINGS, _QUEENS, _JACKS, _TENS = (RANK_MASKS[o] for o in SET_OFFSETS)


def seq_invalid_part(m: int) -> int:
    """The cards of ``m`` in no run of three or more of their suit within ``m`` (what a
    refusal names: in a quart ticked with two stray hearts the hearts are wrong, not the
    quart; in A K Q 9 the nine).

    >>> from cardtutor.engine.cards import cards_from_mask, mask_of, parse_cards
    >>> part = seq_invalid_part(mask_of(parse_cards("8C 9C 10C JC 10H JH AS KS QS 9S")))
    >>> [c.code for c in cards_from_mask(part)]
    ['10H', 'JH', '9S']
    """
    held = (
        SEQ_HONEST[m & 255]
        | SEQ_HONEST[(m >> 8) & 255] << 8
        | SEQ_HONEST[(m >> 16) & 255] << 16
        | SEQ_HONEST[(m >> 24) & 255] << 24
    )
    return m & ~held


def sets_invalid_part(m: int) -> int:
    """The cards of ``m`` that are not in its trios and quatorzes: ranks below the ten, and
    ranks held once or twice.

    >>> from cardtutor.engine.cards import cards_from_mask, mask_of, parse_cards
    >>> part = sets_invalid_part(mask_of(parse_cards("AS AH AD 9S KH KD")))
    >>> [c.code for c in cards_from_mask(part)]
    ['KD', 'KH', '9S']
    """
    bad = m & ~SET_MASK
    for rank in (_ACES, _KINGS, _QUEENS, _JACKS, _TENS):
        if not SET_COUNT_VALID[(m & rank).bit_count()]:
            bad |= m & rank
    return bad


CLAIM_VALID = (one_suit, seq_valid, sets_valid)
"""Per declaration category (0 point, 1 sequences, 2 sets): whether a claim's cards make a
legal claim (no card is legal in each)."""
