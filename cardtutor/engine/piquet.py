"""Rubicon Piquet: the rules engine (pure Python, no Django).

The rules are those of ``RULES.md`` sections 1 and 2 (the 1911 Britannica article, which condenses
Cavendish's *Laws of Piquet*, plus the rulings recorded there). Every rule has a stable anchor in
:data:`RULE_ANCHORS`; events and refusals point at ``"piquet#<anchor>"``.

Overview
========

- :func:`new_deal` / :func:`new_partie` build the first :class:`State` (from a seed, or from
  explicit hands and stock) and return the events reckoned before any action (carte blanche).
- :func:`apply` ``(state, action) -> (new_state, events)`` is pure; an illegal action raises
  :class:`~cardtutor.engine.errors.IllegalActionError` whose message reads in English and German.
- :class:`State` implements :class:`cardtutor.engine.contract.GameState`: ``seat_to_act``,
  ``phase`` (:class:`Phase`), ``is_over``, ``outcome()`` (deal, completed deals and partie
  totals), ``view(seat)`` (:class:`PiquetView`: what that seat may see; ``None``: everything,
  for replays), ``score_breakdown()`` (the deal's points per seat and category).
- :attr:`State.legal_actions` is a lazy :class:`LegalActions` view: ``action in
  state.legal_actions`` is one check (elder's 1,585 discards are never listed for it); it also
  iterates, counts (``count()``), samples (``sample(rng)``) and explains a refusal
  (``why_illegal(action)``).
- Actions are frozen dataclasses that carry their seat, with JSON forms: :class:`Exchange`,
  :class:`Declare`, :class:`Play`, :class:`NextDeal` (:func:`action_from_json`,
  ``action.to_json()``).
- :func:`best_declaration` is the "best honest" declaration (declaring less is *sinking*, legal).
- :data:`ENGINE` implements :class:`cardtutor.engine.contract.Engine` for
  :func:`cardtutor.engine.record.replay` and the site.
- The points of the play are named constants for the double-dummy solver:
  :data:`POINTS_LEAD`, :data:`POINTS_TRICK`, :data:`POINTS_LAST_TRICK`, :data:`POINTS_CARDS`,
  :data:`POINTS_CAPOT`.

Seats, roles and phases
=======================

Seats are names (default ``"A"``, ``"B"``). The dealer is the *younger* hand, the other the
*elder* hand. :attr:`State.phase` is one of ``Phase.EXCHANGE`` (elder, then younger),
``Phase.DECLARE`` (:attr:`State.category` is ``"point"``, ``"sequence"`` or ``"set"``; elder
declares, younger answers, in that order for each category), ``Phase.PLAY`` (12 tricks),
``Phase.DEAL_OVER`` (a partie awaits the next deal: the new dealer acts with :class:`NextDeal`)
and ``Phase.OVER``. :attr:`State.seat_to_act` is the seat to act (``None`` when over).

Modelling choices (each documented on the rule pages):

- **Exchange.** Elder's discard of *n* takes the top *n* of the stock; he always sees the cards
  of the top five he leaves (looking costs him nothing and younger never sees them).
  Younger's :class:`Exchange` carries ``look``: if he looks at the cards left over, elder sees
  them too once he has led his first card (:meth:`State.view`).
- **Carte blanche** is found on the 12 dealt cards, announced and scored (10) when the deal
  starts, and shown after the opponent's exchange: younger's after elder's, elder's after
  younger's. "Elder with carte blanche first says how many cards he will take" is modelled by
  elder's exchange being fixed before younger discards, younger learning only its size.
- **Declarations.** A :class:`Declare` names the cards a player claims in the current category
  (``cards=0`` or ``""``: nothing). Elder's claim is spoken first; younger's claim is his answer
  ("good" / "not good" / "equal" follow from the two claims and are produced as ``"say"``
  events). Elder scores what is good at once; younger's good claims are shown and scored when he
  plays to the first trick (after elder's lead). A claim may be less than the player holds
  (*sinking*): any cards of one suit for the point; runs of 3+ in suit order for sequences;
  three or four of a rank (A K Q J 10) for sets.
- **Pique and repique** are judged in the reckoning order (I carte blanche, II point,
  III sequences, IV sets, V play, VI the cards), not the speaking order; when a player has 30
  but the order denies him, an ``"info"`` event explains why.

Score events (:meth:`cardtutor.engine.events.Event.score`) carry the seat, one of
:data:`CATEGORIES` (plus ``"partie"`` for the settlement of a partie, whose ``totals`` are the
partie totals), the points, the cards concerned, the deal's running totals and the rule.

Rendering (all-seeing helpers on :class:`State`; :meth:`State.view` for one seat)
==================================================================================

``state.hand(seat)``, ``state.discard(seat)``, ``state.stock_cards`` (top first; ``len`` is the
count), ``state.current_trick`` (``((seat, card),)`` or ``()``), ``state.tricks`` (leader, lead,
second card, winner as indices; :meth:`State.view` gives :class:`TrickView` with names and
cards), ``state.tricks_won(seat)``, ``state.category``, ``state.total(seat)``,
``state.deal_number``. Raw fields are card masks (``Card.bit``) and card indices
(``Card.index``), seat *indices* into ``state.seats``; the double-dummy solver reads ``seats``,
``dealer``, ``turn``, ``hands``, ``lead``, ``leader``, ``tricks``, ``won`` and ``totals``.

Event kinds: ``"say"`` (the declaration dialogue, e.g. A "Five cards." B "Equal." A
"Forty-nine." B "Good."), ``"play"`` (a card led or played), ``"score"``, ``"info"``
(exchanges without their cards, carte blanche shown, trick won, equalities, reckoning-order
explanations, deal and partie ends). Event cards never reveal a hidden card before it is shown.

Action JSON
===========

``{"type": "exchange", "seat": "A", "discard": "KS 8C 7C 9D 8D"}`` (younger may add
``"look": true``); ``{"type": "declare", "seat": "A", "category": "point", "cards": "AH KH QH JH
8H"}`` (``"cards": ""`` declares nothing); ``{"type": "play", "seat": "A", "card": "AH"}``;
``{"type": "deal", "seat": "B"}`` (next deal of a partie, by its dealer). Card lists are strings
of codes or lists of codes.

Deal JSON (the ``deal`` of a :class:`~cardtutor.engine.record.GameRecord`, game ``"piquet"``,
ruleset ``"rubicon"``)
=====================================================================================

A record covers one deal (``"partie": false``, the default) or a whole partie
(``"partie": true``)::

    {"dealer": "B", "seed": 42}                                   # one shuffled deal
    {"dealer": "B", "hands": {"A": "AS KS ...", "B": "..."},      # one explicit deal:
     "stock": "9S 8S KH 9C KD QS AC 7D"}                          #   12 + 12, stock top first
    {"partie": true, "seed": 7}                                   # partie, cut for deal by seed
    {"partie": true, "dealer": "A", "seed": 7}                    # partie, first dealer given
    {"partie": true, "dealer": "A", "deals": [{"hands": {...}, "stock": "..."}, ...]}

A single deal's seed shuffles with ``random.Random(seed)``; deal *k* (1-based) of a seeded partie
uses ``random.Random(f"{seed}:{k}")`` and the cut ``random.Random(f"{seed}:cut")``; explicit
``deals`` are used first, the seed (if any) after them. Cards are dealt in twos, elder first.

Example
=======

>>> state, events = new_deal(seed=2024)
>>> state.seat_to_act, state.phase, state.legal_actions.count()
('A', <Phase.EXCHANGE: 'exchange'>, 1585)
>>> discard = Exchange.of("A", cards_from_mask(state.hands[0])[:5])
>>> discard in state.legal_actions
True
>>> Exchange.of("A", cards_from_mask(state.hands[1])[:1]) in state.legal_actions
False
>>> state, events = apply(state, discard)
>>> state.seat_to_act, len(state.stock)
('B', 3)
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any, NamedTuple

from cardtutor.engine.cards import (
    ALL_CARDS,
    Card,
    Suit,
    bit_indices,
    cards_from_mask,
    format_cards,
    parse_cards,
)
from cardtutor.engine.contract import Engine, Outcome
from cardtutor.engine.contract import View as ContractView
from cardtutor.engine.errors import IllegalActionError, NotationError, RecordError
from cardtutor.engine.events import Event
from cardtutor.engine.record import GameRecord
from cardtutor.engine.text import Msg, register_messages

__all__ = [
    "RULE_ANCHORS",
    "CATEGORIES",
    "DECLARATION_CATEGORIES",
    "Phase",
    "State",
    "Partie",
    "Exchange",
    "Declare",
    "Play",
    "NextDeal",
    "Action",
    "LegalActions",
    "PiquetView",
    "TrickView",
    "new_deal",
    "new_partie",
    "deal_from_seed",
    "apply",
    "rubicon_settlement",
    "best_declaration",
    "honest_claim",
    "is_carte_blanche",
    "point_value",
    "action_from_json",
    "ENGINE",
    "POINTS_LEAD",
    "POINTS_TRICK",
    "POINTS_LAST_TRICK",
    "POINTS_CARDS",
    "POINTS_CAPOT",
]

# --------------------------------------------------------------------------------------------
# Rule anchors and categories
# --------------------------------------------------------------------------------------------

RULE_ANCHORS: dict[str, tuple[str, str]] = {
    "deal": ("The deal", "Das Geben"),
    "carte-blanche": ("Carte blanche", "Carte blanche"),
    "exchange": ("The exchange", "Der Kauf aus dem Talon"),
    "declaring": ("Declaring", "Das Ansagen"),
    "point": ("The point", "Der Point"),
    "sequences": ("Sequences", "Sequenzen"),
    "sets": ("Quatorzes and trios", "Quatorze und Trios"),
    "sinking": ("Sinking", "Verschweigen (Sinking)"),
    "play": ("The play", "Das Spiel der Karten"),
    "last-trick": ("The last trick", "Der letzte Stich"),
    "the-cards": ("The cards", "Die Karten"),
    "capot": ("Capot", "Capot"),
    "reckoning-order": ("The order of reckoning", "Die Reihenfolge der Zählung"),
    "pique": ("Pique", "Pique"),
    "repique": ("Repique", "Repique"),
    "partie": ("The partie", "Die Partie"),
    "rubicon": ("The rubicon", "Der Rubikon"),
}
"""Anchor -> (English title, German title) of the rule pages; events use ``"piquet#<anchor>"``."""

CATEGORIES: tuple[str, ...] = (
    "carte_blanche",
    "point",
    "sequence",
    "set",
    "lead",
    "trick",
    "last_trick",
    "cards",
    "capot",
    "pique",
    "repique",
)
"""Scoring categories of a deal, in the order of :func:`score_breakdown`."""

DECLARATION_CATEGORIES: tuple[str, str, str] = ("point", "sequence", "set")

_CB, _POINT, _SEQ, _SET, _LEAD, _TRICK, _LAST, _CARDS, _CAPOT, _PIQUE, _REPIQUE = range(11)
_CAT_RULE = (
    "piquet#carte-blanche",
    "piquet#point",
    "piquet#sequences",
    "piquet#sets",
    "piquet#play",
    "piquet#play",
    "piquet#last-trick",
    "piquet#the-cards",
    "piquet#capot",
    "piquet#pique",
    "piquet#repique",
)


class Phase(enum.Enum):
    """The phase of a deal (:attr:`State.phase`)."""

    EXCHANGE = "exchange"
    """Elder, then younger, discards and takes from the stock."""
    DECLARE = "declare"
    """Point, sequences, sets: elder declares, younger answers (:attr:`State.category`)."""
    PLAY = "play"
    """The twelve tricks."""
    DEAL_OVER = "deal_over"
    """A partie awaits its next deal: the new dealer acts with :class:`NextDeal`."""
    OVER = "over"
    """The deal (single-deal record) or the partie is over."""


# Stages (the int State.stage, finer than the phase: it says who declares what). Declaring
# stages are 2 + 2 * category + (0 elder, 1 younger).
_EXCH_E, _EXCH_Y = 0, 1
_DECL = 2
_PLAY, _DEAL_OVER, _OVER = 8, 9, 10
_PHASE_OF_STAGE = (
    (Phase.EXCHANGE,) * 2
    + (Phase.DECLARE,) * 6
    + (
        Phase.PLAY,
        Phase.DEAL_OVER,
        Phase.OVER,
    )
)

# Points of the play (exported for the double-dummy solver, which scores the play alone).
POINTS_LEAD = 1
"""Every card led scores 1."""
POINTS_TRICK = 1
"""The second player scores 1 when he wins the trick."""
POINTS_LAST_TRICK = 1
"""1 more for winning the last trick."""
POINTS_CARDS = 10
"""Seven tricks or more: the cards."""
POINTS_CAPOT = 40
"""All twelve tricks: capot, instead of the cards."""

# Outcomes of a declaration category (State.outcomes): a seat index, or one of these.
_UNDECIDED, _EQUAL, _NOBODY = -1, 2, 3

# Pique states (State.pique).
_PQ_PENDING, _PQ_LIVE, _PQ_DEAD, _PQ_HAND, _PQ_PLAY = 0, 1, 2, 3, 4

# --------------------------------------------------------------------------------------------
# Bit tables. Card.index = suit * 8 + (rank - 7): within a suit byte, bit 0 is the seven and
# bit 7 the ace, which is also the sequence order.
# --------------------------------------------------------------------------------------------

_FULL = (1 << 32) - 1
_PIP_OF_OFFSET = (7, 8, 9, 10, 10, 10, 10, 11)
_PIPS_BYTE = tuple(sum(_PIP_OF_OFFSET[i] for i in range(8) if b >> i & 1) for b in range(256))
_SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
_RANK_MASKS = tuple(sum(1 << (8 * s + o) for s in range(4)) for o in range(8))
_COURT_MASK = _RANK_MASKS[4] | _RANK_MASKS[5] | _RANK_MASKS[6]
_SET_OFFSETS = (7, 6, 5, 4, 3)  # A K Q J 10, best first
_SET_MASK = sum(_RANK_MASKS[o] for o in _SET_OFFSETS)
_OFFSET_CODES = ("7", "8", "9", "10", "J", "Q", "K", "A")


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


def _submasks(b: int) -> Iterator[int]:
    sub = b
    while True:
        yield sub
        if not sub:
            return
        sub = (sub - 1) & b


_RUNS = tuple(_runs_of(b) for b in range(256))
_SEQ_VALID = tuple(all(n >= 3 for _, n in runs) for runs in _RUNS)
_SEQ_HONEST = tuple(sum(((1 << n) - 1) << lo for lo, n in runs if n >= 3) for runs in _RUNS)
_SEQ_BEST = tuple(
    max(((n, lo + n - 1) for lo, n in runs if n >= 3), default=(0, -1)) for runs in _RUNS
)
_SEQ_SCORE = tuple(sum(n if n < 5 else n + 10 for _, n in runs if n >= 3) for runs in _RUNS)
_SEQ_SUBS = tuple(tuple(sorted(s for s in _submasks(b) if _SEQ_VALID[s])) for b in range(256))


_bits = bit_indices


def _mask(indices: Iterable[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


# --------------------------------------------------------------------------------------------
# Combinations
# --------------------------------------------------------------------------------------------


def _pips(m: int) -> int:
    return (
        _PIPS_BYTE[m & 255]
        + _PIPS_BYTE[(m >> 8) & 255]
        + _PIPS_BYTE[(m >> 16) & 255]
        + _PIPS_BYTE[(m >> 24) & 255]
    )


def _one_suit(m: int) -> bool:
    return any(m & ~sm == 0 for sm in _SUIT_MASKS)


def _seq_valid(m: int) -> bool:
    return (
        _SEQ_VALID[m & 255]
        and _SEQ_VALID[(m >> 8) & 255]
        and _SEQ_VALID[(m >> 16) & 255]
        and _SEQ_VALID[(m >> 24) & 255]
    )


def _sets_valid(m: int) -> bool:
    if m & ~_SET_MASK:
        return False
    return all((m & _RANK_MASKS[o]).bit_count() in (0, 3, 4) for o in _SET_OFFSETS)


def _value(cat: int, m: int) -> tuple[int, int]:
    """Comparable value of a (valid, non-empty) claim: higher is better."""
    if cat == 0:
        return (m.bit_count(), _pips(m))
    if cat == 1:
        return max(_SEQ_BEST[(m >> (8 * s)) & 255] for s in range(4))
    return max(((m & _RANK_MASKS[o]).bit_count(), o) for o in _SET_OFFSETS)


def _combos(cat: int, m: int) -> list[tuple[int, int, Msg]]:
    """The scoring combinations of a claim: (cards mask, points, name)."""
    if cat == 0:
        return [(m, m.bit_count(), _point_name(m))]
    out: list[tuple[int, int, Msg]] = []
    if cat == 1:
        for s in (3, 2, 1, 0):
            for lo, n in _RUNS[(m >> (8 * s)) & 255]:
                run = (((1 << n) - 1) << lo) << (8 * s)
                out.append((run, n if n < 5 else n + 10, _seq_name(lo, n)))
        out.sort(key=lambda c: -c[1])
        return out
    for o in _SET_OFFSETS:
        cards = m & _RANK_MASKS[o]
        n = cards.bit_count()
        if n:
            kind = Msg("piquet.kind.quatorze" if n == 4 else "piquet.kind.trio")
            out.append(
                (
                    cards,
                    14 if n == 4 else 3,
                    Msg("piquet.setname.kind", name=_set_name(o, n), kind=kind),
                )
            )
    out.sort(key=lambda c: -c[1])
    return out


def _high_first(mask: int) -> tuple[Card, ...]:
    """Cards of a mask, highest index first (spades to clubs, ace to seven)."""
    return cards_from_mask(mask)[::-1]


def _claim_score(cat: int, m: int) -> int:
    if cat == 0:
        return m.bit_count()
    if cat == 1:
        return sum(_SEQ_SCORE[(m >> (8 * s)) & 255] for s in range(4))
    return sum(
        (14 if n == 4 else 3 if n == 3 else 0)
        for n in ((m & _RANK_MASKS[o]).bit_count() for o in _SET_OFFSETS)
    )


def _honest(cat: int, hand: int) -> int:
    if cat == 0:
        best, best_v = 0, (0, 0)
        for sm in _SUIT_MASKS:
            suit = hand & sm
            v = (suit.bit_count(), _pips(suit))
            if v > best_v:
                best, best_v = suit, v
        return best
    if cat == 1:
        return sum(_SEQ_HONEST[(hand >> (8 * s)) & 255] << (8 * s) for s in range(4))
    return sum(
        hand & _RANK_MASKS[o] for o in _SET_OFFSETS if (hand & _RANK_MASKS[o]).bit_count() >= 3
    )


def _claim_options(cat: int, hand: int) -> Iterator[int]:
    if cat == 0:
        yield 0
        for s in range(4):
            b = (hand >> (8 * s)) & 255
            for sub in _submasks(b):
                if sub:
                    yield sub << (8 * s)
        return
    if cat == 1:
        per: list[list[int]] = [
            [sub << (8 * s) for sub in _SEQ_SUBS[(hand >> (8 * s)) & 255]] for s in range(4)
        ]
    else:
        per = []
        for o in _SET_OFFSETS:
            cards = _bits(hand & _RANK_MASKS[o])
            opts = [0]
            if len(cards) >= 3:
                opts += [_mask(c) for c in itertools.combinations(cards, 3)]
            if len(cards) == 4:
                opts.append(_mask(cards))
            per.append(opts)
    for parts in itertools.product(*per):
        yield sum(parts)


def _random_claim(cat: int, hand: int, rng: random.Random) -> int:
    if cat == 0:
        suits = [hand & sm for sm in _SUIT_MASKS if hand & sm]
        if not suits or rng.random() < 0.2:
            return 0
        suit = rng.choice(suits)
        sub = 0
        while not sub:
            sub = suit & rng.getrandbits(32)
        return sub
    if cat == 1:
        return sum(rng.choice(_SEQ_SUBS[(hand >> (8 * s)) & 255]) << (8 * s) for s in range(4))
    out = 0
    for o in _SET_OFFSETS:
        cards = _bits(hand & _RANK_MASKS[o])
        if len(cards) >= 3 and rng.random() < 0.7:
            out |= _mask(cards if rng.random() < 0.5 else rng.sample(cards, 3))
    return out


def _point_name(m: int) -> Msg:
    n = m.bit_count()
    return Msg("piquet.name.point", n=Msg(f"piquet.num.{n}"), pips=_pips(m))


def _seq_name(lo: int, n: int, cap: bool = False) -> Msg:
    kind = Msg(f"piquet.seqkind.{n}.cap" if cap else f"piquet.seqkind.{n}")
    top = lo + n - 1
    if top == 7:
        return Msg("piquet.seqname.major", kind=kind)
    if lo == 0:
        return Msg("piquet.seqname.minor", kind=kind)
    return Msg("piquet.seqname.to", kind=kind, to=Msg(f"piquet.seqto.{top}"))


def _set_name(o: int, n: int, cap: bool = False) -> Msg:
    return Msg(
        "piquet.setname",
        n=Msg(f"piquet.Num.{n}" if cap else f"piquet.num.{n}"),
        ranks=Msg(f"piquet.ranks.{o}"),
    )


def point_value(cards: Iterable[Card]) -> tuple[int, int]:
    """(number of cards, pip total) of cards of one suit: A 11, K Q J 10 ten, others face value.

    >>> point_value(parse_cards("AH KH QH JH 8H"))
    (5, 49)
    """
    m = 0
    for c in cards:
        m |= c.bit
    return (m.bit_count(), _pips(m))


def is_carte_blanche(cards: Iterable[Card]) -> bool:
    """No king, queen or jack among the cards (the ten is no court card).

    >>> is_carte_blanche(parse_cards("AS 10S 9S 8S AH 10H 9H 7H AC 9C 8D 7D"))
    True
    """
    return not any(c.bit & _COURT_MASK for c in cards)


def honest_claim(cards: Iterable[Card], category: str) -> tuple[Card, ...]:
    """The best honest claim from ``cards`` in a declaration category.

    For the point, the best suit (most cards, then highest pip total); for sequences and sets,
    every run of 3+ and every trio or quatorze held.

    >>> honest_claim(parse_cards("AS JS 9S 8S AH KH QH JH 8H JC 9C KD"), "point")
    (Card.parse('8H'), Card.parse('JH'), Card.parse('QH'), Card.parse('KH'), Card.parse('AH'))
    >>> format_cards(honest_claim(parse_cards("AS JS 9S 8S AH KH QH JH 8H JC 9C KD"), "set"))
    'JC JH JS'
    """
    m = 0
    for c in cards:
        m |= c.bit
    return cards_from_mask(_honest(_category_index(category), m))


def _category_index(category: str) -> int:
    try:
        return DECLARATION_CATEGORIES.index(category)
    except ValueError:
        raise NotationError(Msg("piquet.notation.category", text=category)) from None


# --------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------


def _cards_arg(cards: str | Iterable[Card] | Iterable[str]) -> int:
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
        return cls(seat, _cards_arg(cards), look)

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
        _category_index(category)
        return cls(seat, category, _cards_arg(cards))

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
_ACTION_TYPES = (Exchange, Declare, Play, NextDeal)


def _json_cards(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key, "")
    if not isinstance(value, (str, list)) or (
        isinstance(value, list) and not all(isinstance(v, str) for v in value)
    ):
        raise NotationError(Msg("piquet.notation.field", field=key, text=repr(value)))
    return _cards_arg(value)


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
        _category_index(category)
        return Declare(seat, category, _json_cards(data, "cards"))
    if kind == "deal":
        return NextDeal(seat)
    raise NotationError(Msg("piquet.notation.type", text=repr(kind)))


# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


class Partie(NamedTuple):
    """The partie a deal belongs to (``None`` on a single-deal :class:`State`)."""

    seed: int | str | None
    deals: tuple[tuple[tuple[int, int], tuple[int, ...]], ...]
    """Explicit deals: (hand masks by seat index, stock card indices top first)."""
    first_dealer: int
    results: tuple[tuple[int, int], ...]
    """Scores of the completed deals, by seat index."""


class State(NamedTuple):
    """An immutable game state. Cards are masks (``Card.bit``) or indices (``Card.index``);
    the properties and :func:`view` give :class:`Card` values for rendering."""

    seats: tuple[str, str]
    dealer: int
    stage: int
    turn: int
    """Seat index to act, -1 when the game is over."""
    hands: tuple[int, int]
    dealt: tuple[int, int]
    """The 12 cards each was dealt (carte blanche is judged on them)."""
    stock: tuple[int, ...]
    """Card indices, top first."""
    discards: tuple[int, int]
    elder_left: int
    """The cards of his five that elder left (he has seen them)."""
    looked: bool
    """Younger looked at the cards left over."""
    claims: tuple[int, int, int, int, int, int]
    """Claimed cards, index ``2 * category + seat``."""
    outcomes: tuple[int, int, int]
    """Per declaration category: winning seat index, 2 equal, 3 nobody, -1 undecided."""
    lead: int
    """Card index led to the current trick, -1 if none."""
    leader: int
    tricks: tuple[tuple[int, int, int, int], ...]
    """Completed tricks: (leader seat, lead card index, second card index, winner seat)."""
    won: tuple[int, int]
    totals: tuple[int, int]
    log: tuple[tuple[int, int, int], ...]
    """Every score of the deal: (seat, category index, points)."""
    pique: int
    carte_blanche: int
    """Bit 1 << seat for each holder of carte blanche."""
    deal_number: int
    partie: Partie | None

    # -- the contract (cardtutor.engine.contract.GameState) --

    @property
    def parties(self) -> tuple[str, str]:
        """The scoring parties: the two seats."""
        return self.seats

    def party_of(self, seat: str) -> str:
        """The party ``seat`` scores for: itself.

        >>> new_deal(seed=1)[0].party_of("B")
        'B'
        """
        if seat not in self.seats:
            raise KeyError(seat)
        return seat

    @property
    def phase(self) -> Phase:
        """The phase: ``Phase.EXCHANGE``, ``DECLARE``, ``PLAY``, ``DEAL_OVER`` or ``OVER``."""
        return _PHASE_OF_STAGE[self.stage]

    @property
    def seat_to_act(self) -> str | None:
        """The seat whose decision it is, ``None`` when the game is over."""
        return self.seats[self.turn] if self.turn >= 0 else None

    @property
    def is_over(self) -> bool:
        """The single deal, or the whole partie, is over."""
        return self.stage == _OVER

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def outcome(self) -> Outcome:
        """Where the deal and the partie stand.

        ``deal``: this deal's running totals; ``deals``: the completed deals of a partie;
        ``game``: those plus this deal so far (a single deal: the deal itself).

        >>> state, _ = new_partie(seed=1, first_dealer="A")
        >>> o = state.outcome()
        >>> o.deal_number, dict(o.game), o.deals, o.multi_deal, o.winner
        (1, {'A': 0, 'B': 0}, (), True, None)
        """
        return _outcome(self)

    def view(self, seat: str | None) -> PiquetView:
        """What ``seat`` may see of this state (``None``: the all-seeing view of a replay).

        >>> state, _ = new_deal(seed=11)
        >>> v = state.view("A")
        >>> len(v.hands["A"]), v.hands["B"].count(None), v.stock.count(None), v.phase
        (12, 12, 8, <Phase.EXCHANGE: 'exchange'>)
        """
        return _view(self, seat)

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """The deal's points per seat and category (every category, zeros included).

        >>> state, _ = new_deal(seed=1)
        >>> state.score_breakdown()["A"]["point"]
        0
        """
        return _score_breakdown(self)

    # -- roles and category --

    @property
    def elder(self) -> int:
        return 1 - self.dealer

    @property
    def younger(self) -> int:
        return self.dealer

    @property
    def category(self) -> str | None:
        """The declaration category being declared, else ``None``."""
        if _DECL <= self.stage < _PLAY:
            return DECLARATION_CATEGORIES[(self.stage - _DECL) >> 1]
        return None

    # -- rendering helpers (all-seeing) --

    def seat_index(self, seat: str) -> int:
        return self.seats.index(seat)

    def hand(self, seat: str) -> tuple[Card, ...]:
        return cards_from_mask(self.hands[self.seats.index(seat)])

    def discard(self, seat: str) -> tuple[Card, ...]:
        return cards_from_mask(self.discards[self.seats.index(seat)])

    @property
    def stock_cards(self) -> tuple[Card, ...]:
        """The stock, top first."""
        return tuple(ALL_CARDS[i] for i in self.stock)

    @property
    def current_trick(self) -> tuple[tuple[str, Card], ...]:
        if self.lead < 0:
            return ()
        return ((self.seats[self.leader], ALL_CARDS[self.lead]),)

    def tricks_won(self, seat: str) -> int:
        return self.won[self.seats.index(seat)]

    def total(self, seat: str) -> int:
        """The seat's running total in this deal."""
        return self.totals[self.seats.index(seat)]


def _tuple2(pair: list[int]) -> tuple[int, int]:
    return (pair[0], pair[1])


# --------------------------------------------------------------------------------------------
# Event accumulation
# --------------------------------------------------------------------------------------------


class _Acc:
    __slots__ = ("seats", "t", "log", "events")

    def __init__(self, state: State) -> None:
        self.seats = state.seats
        self.t = [state.totals[0], state.totals[1]]
        self.log: list[tuple[int, int, int]] = []
        self.events: list[Event] = []

    def score(
        self, seat: int, cat: int, pts: int, key: str, cards: tuple[Card, ...] = (), **params: Any
    ) -> None:
        t = self.t
        t[seat] += pts
        self.log.append((seat, cat, pts))
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
                _CAT_RULE[cat],
            )
        )

    def say(self, who: int, key: str, /, rule: str = "", **params: Any) -> None:
        self.events.append(Event("say", self.seats[who], Msg(key, **params), "", 0, (), {}, rule))

    def info(
        self,
        who: int | None,
        key: str,
        /,
        rule: str = "",
        cards: tuple[Card, ...] = (),
        **params: Any,
    ) -> None:
        name = None if who is None else self.seats[who]
        msg = Msg(key, cards=cards, **params) if cards else Msg(key, **params)
        self.events.append(Event("info", name, msg, "", 0, cards, {}, rule))

    def play(self, seat: int, key: str, card: Card) -> None:
        name = self.seats[seat]
        self.events.append(
            Event("play", name, Msg(key, seat=name, card=card), "", 0, (card,), {}, "piquet#play")
        )


# --------------------------------------------------------------------------------------------
# Dealing
# --------------------------------------------------------------------------------------------


def _shuffled(seed: int | str) -> tuple[tuple[int, int], tuple[int, ...]]:
    """(elder mask, younger mask), stock: dealt in twos, elder first."""
    deck = list(range(32))
    random.Random(seed).shuffle(deck)
    elder = younger = 0
    for k in range(0, 24, 4):
        elder |= (1 << deck[k]) | (1 << deck[k + 1])
        younger |= (1 << deck[k + 2]) | (1 << deck[k + 3])
    return (elder, younger), tuple(deck[24:])


def deal_from_seed(seed: int | str) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """Elder's 12 cards, the dealer's 12 and the stock (top first) of the deal seeded ``seed``.

    >>> elder, younger, stock = deal_from_seed(7)
    >>> len(elder), len(younger), len(stock), deal_from_seed(7) == (elder, younger, stock)
    (12, 12, 8, True)
    """
    (e, y), stock = _shuffled(seed)
    return cards_from_mask(e), cards_from_mask(y), tuple(ALL_CARDS[i] for i in stock)


def _deal_state(
    seats: tuple[str, str],
    dealer: int,
    hands: tuple[int, int],
    stock: tuple[int, ...],
    deal_number: int,
    partie: Partie | None,
) -> tuple[State, tuple[Event, ...]]:
    elder = 1 - dealer
    cb = 0
    for s in (0, 1):
        if not hands[s] & _COURT_MASK:
            cb |= 1 << s
    state = State(
        seats=seats,
        dealer=dealer,
        stage=_EXCH_E,
        turn=elder,
        hands=hands,
        dealt=hands,
        stock=stock,
        discards=(0, 0),
        elder_left=0,
        looked=False,
        claims=(0, 0, 0, 0, 0, 0),
        outcomes=(_UNDECIDED, _UNDECIDED, _UNDECIDED),
        lead=-1,
        leader=elder,
        tricks=(),
        won=(0, 0),
        totals=(0, 0),
        log=(),
        pique=_PQ_PENDING,
        carte_blanche=cb,
        deal_number=deal_number,
        partie=partie,
    )
    acc = _Acc(state)
    acc.info(
        dealer,
        "piquet.info.deal",
        rule="piquet#deal",
        n=deal_number,
        dealer=seats[dealer],
        elder=seats[elder],
    )
    for s in (elder, dealer):
        if cb >> s & 1:
            acc.say(s, "piquet.say.carte_blanche", rule="piquet#carte-blanche")
            acc.score(s, _CB, 10, "piquet.score.carte_blanche")
    if cb:
        state = state._replace(totals=_tuple2(acc.t), log=tuple(acc.log))
    return state, tuple(acc.events)


def _hands_from_json(
    seats: tuple[str, str], hands: Any, stock: Any
) -> tuple[tuple[int, int], tuple[int, ...]]:
    if not isinstance(hands, Mapping) or set(hands) != set(seats):
        raise NotationError(Msg("piquet.deal.hands", seats=" ".join(seats)))
    masks = []
    for seat in seats:
        cards = hands[seat]
        if not isinstance(cards, (str, list)):
            raise NotationError(Msg("piquet.deal.hands", seats=" ".join(seats)))
        m = _cards_arg(cards)
        if m.bit_count() != 12:
            raise NotationError(Msg("piquet.deal.count", seat=seat, n=m.bit_count()))
        masks.append(m)
    if not isinstance(stock, (str, list)):
        raise NotationError(Msg("piquet.deal.stock", n=0))
    stock_cards = parse_cards(stock)
    if len(stock_cards) != 8:
        raise NotationError(Msg("piquet.deal.stock", n=len(stock_cards)))
    all_mask = masks[0] | masks[1] | _cards_arg(stock_cards)
    if masks[0] & masks[1] or all_mask.bit_count() != 32:
        raise NotationError(Msg("piquet.deal.pack"))
    return (masks[0], masks[1]), tuple(c.index for c in stock_cards)


def _seat_arg(seats: tuple[str, str], seat: str) -> int:
    if seat not in seats:
        raise NotationError(Msg("piquet.deal.seat", seat=seat, seats=" ".join(seats)))
    return seats.index(seat)


def new_deal(
    *,
    seed: int | str | None = None,
    hands: Mapping[str, str | list[str]] | None = None,
    stock: str | list[str] | None = None,
    dealer: str | None = None,
    seats: tuple[str, str] = ("A", "B"),
) -> tuple[State, tuple[Event, ...]]:
    """A single deal: shuffled from ``seed``, or explicit ``hands`` (by seat) and ``stock``
    (top first). ``dealer`` defaults to the second seat.

    >>> state, events = new_deal(hands={"A": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    ...     "B": "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D"},
    ...     stock="9S 8S KH 9C KD QS AC 7D", dealer="B")
    >>> state.seat_to_act, format_cards(state.stock_cards[:2])
    ('A', '9S 8S')
    """
    dealer_i = _seat_arg(seats, dealer) if dealer is not None else 1
    if hands is not None:
        by_seat, stock_t = _hands_from_json(seats, hands, stock)
    elif seed is not None:
        (e, y), stock_t = _shuffled(seed)
        by_seat = (y, e) if dealer_i == 0 else (e, y)
    else:
        raise NotationError(Msg("piquet.deal.source"))
    return _deal_state(seats, dealer_i, by_seat, stock_t, 1, None)


def _cut(seed: int | str) -> tuple[int, int, int]:
    """Cut for deal: (card cut by seat 0, by seat 1, first dealer). Higher card deals first."""
    rng = random.Random(f"{seed}:cut")
    while True:
        a, b = rng.sample(range(32), 2)
        if a & 7 != b & 7:
            return a, b, 0 if a & 7 > b & 7 else 1


def new_partie(
    *,
    seed: int | str | None = None,
    first_dealer: str | None = None,
    deals: Sequence[Mapping[str, Any]] | None = None,
    seats: tuple[str, str] = ("A", "B"),
) -> tuple[State, tuple[Event, ...]]:
    """A partie of six deals (more after a tie), the first deal ready to play.

    Without ``first_dealer`` the seats cut for deal (from ``seed``); the higher card chooses,
    and chooses to deal first (being elder in the sixth deal).

    >>> state, events = new_partie(seed=1)
    >>> state.deal_number, state.partie is not None, events[0].msg.key
    (1, True, 'piquet.info.cut')
    """
    explicit = tuple(_hands_from_json(seats, d.get("hands"), d.get("stock")) for d in deals or [])
    if not explicit and seed is None:
        raise NotationError(Msg("piquet.deal.source"))
    events: list[Event] = []
    if first_dealer is not None:
        dealer_i = _seat_arg(seats, first_dealer)
    else:
        if seed is None:
            raise NotationError(Msg("piquet.deal.cut"))
        a, b, dealer_i = _cut(seed)
        events.append(
            Event(
                "info",
                None,
                Msg(
                    "piquet.info.cut",
                    a=seats[0],
                    b=seats[1],
                    ca=ALL_CARDS[a],
                    cb=ALL_CARDS[b],
                    dealer=seats[dealer_i],
                ),
                "",
                0,
                (ALL_CARDS[a], ALL_CARDS[b]),
                {},
                "piquet#partie",
            )
        )
    partie = Partie(seed, explicit, dealer_i, ())
    hands, stock = _partie_deal(seats, partie, 1, dealer_i)
    state, more = _deal_state(seats, dealer_i, hands, stock, 1, partie)
    return state, tuple(events) + more


def _partie_deal(
    seats: tuple[str, str], partie: Partie, number: int, dealer: int
) -> tuple[tuple[int, int], tuple[int, ...]]:
    if number <= len(partie.deals):
        return partie.deals[number - 1]
    if partie.seed is None:
        raise IllegalActionError(Msg("piquet.illegal.no_deal", n=number))
    (e, y), stock = _shuffled(f"{partie.seed}:{number}")
    return ((y, e) if dealer == 0 else (e, y)), stock


# --------------------------------------------------------------------------------------------
# Legality
# --------------------------------------------------------------------------------------------


def _expected(state: State) -> Msg:
    stage = state.stage
    if stage == _EXCH_E:
        return Msg("piquet.expect.exchange_elder")
    if stage == _EXCH_Y:
        return Msg("piquet.expect.exchange_younger", n=len(state.stock))
    if stage < _PLAY:
        return Msg(f"piquet.expect.declare.{(stage - _DECL) >> 1}")
    if stage == _PLAY:
        return Msg("piquet.expect.play")
    return Msg("piquet.expect.deal")


def _check(state: State, action: object) -> Msg | None:
    """Why ``action`` is illegal in ``state`` (``None`` if it is legal)."""
    if not isinstance(action, _ACTION_TYPES):
        return Msg("piquet.illegal.not_action", text=repr(action))
    stage = state.stage
    if stage == _OVER:
        return Msg("piquet.illegal.over")
    t = state.turn
    seat = action.seat
    if seat != state.seats[t]:
        if seat not in state.seats:
            return Msg("piquet.illegal.seat", seat=seat)
        return Msg("piquet.illegal.turn", seat=seat, turn=state.seats[t], expected=_expected(state))
    hand = state.hands[t]
    if stage == _PLAY:
        if not isinstance(action, Play):
            return Msg("piquet.illegal.phase", seat=seat, expected=_expected(state))
        card = action.card
        bit = card.bit
        if not hand & bit:
            return Msg("piquet.illegal.not_held", seat=seat, cards=(card,))
        if state.lead >= 0:
            sm = _SUIT_MASKS[state.lead >> 3]
            if hand & sm and not bit & sm:
                return Msg(
                    "piquet.illegal.follow",
                    seat=seat,
                    suit=Suit(state.lead >> 3),
                    led=ALL_CARDS[state.lead],
                    cards=cards_from_mask(hand & sm),
                )
        return None
    if stage < _DECL:
        if not isinstance(action, Exchange):
            return Msg("piquet.illegal.phase", seat=seat, expected=_expected(state))
        d = action.discard
        look = action.look
        if not isinstance(d, int) or d < 0 or d > _FULL:
            return Msg("piquet.illegal.mask")
        if d & ~hand:
            return Msg("piquet.illegal.not_held", seat=seat, cards=cards_from_mask(d & ~hand))
        n = d.bit_count()
        if stage == _EXCH_E:
            if not 1 <= n <= 5:
                return Msg("piquet.illegal.elder_count", n=n)
            if look:
                return Msg("piquet.illegal.elder_look")
            return None
        avail = len(state.stock)
        if not 1 <= n <= avail:
            return Msg("piquet.illegal.younger_count", n=n, max=avail, left=avail - 3)
        if look and n == avail:
            return Msg("piquet.illegal.no_left_over")
        return None
    if stage < _PLAY:
        if not isinstance(action, Declare):
            return Msg("piquet.illegal.phase", seat=seat, expected=_expected(state))
        cat = (stage - _DECL) >> 1
        category = action.category
        if category != DECLARATION_CATEGORIES[cat]:
            return Msg(
                "piquet.illegal.category", expected=Msg(f"piquet.catname.{cat}"), got=category
            )
        m = action.cards
        if not isinstance(m, int) or m < 0 or m > _FULL:
            return Msg("piquet.illegal.mask")
        if m & ~hand:
            return Msg("piquet.illegal.not_held", seat=seat, cards=cards_from_mask(m & ~hand))
        if cat == 0:
            if m and not _one_suit(m):
                return Msg("piquet.illegal.point_suit", cards=cards_from_mask(m))
        elif cat == 1:
            if not _seq_valid(m):
                return Msg("piquet.illegal.sequence", cards=cards_from_mask(m))
        elif not _sets_valid(m):
            return Msg("piquet.illegal.set", cards=cards_from_mask(m))
        return None
    # deal over
    if not isinstance(action, NextDeal):
        return Msg("piquet.illegal.phase", seat=seat, expected=_expected(state))
    return None


class LegalActions:
    """The legal actions of a state, computed lazily (python-chess style).

    ``action in legal`` checks one action against the rules without listing the others;
    iteration lists them (elder's exchange has 1,585); :meth:`sample` draws one cheaply.

    >>> state, _ = new_deal(seed=3)
    >>> legal = state.legal_actions
    >>> legal.count(), legal.sample(random.Random(0)) in legal
    (1585, True)
    """

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __contains__(self, action: object) -> bool:
        return _check(self.state, action) is None

    def why_illegal(self, action: object) -> Msg | None:
        """Why ``action`` is illegal, in words a learner reads; ``None`` if it is legal.

        >>> state, _ = new_deal(seed=3)
        >>> print(state.legal_actions.why_illegal(Play.of("A", "AS")))
        Not now: A is to discard 1 to 5 cards and take as many from the stock.
        """
        return _check(self.state, action)

    def __bool__(self) -> bool:
        return self.state.stage != _OVER

    def __iter__(self) -> Iterator[Action]:
        state = self.state
        stage = state.stage
        if stage == _OVER:
            return
        t = state.turn
        seat = state.seats[t]
        hand = state.hands[t]
        if stage == _PLAY:
            for i in _bits(self._playable()):
                yield Play(seat, ALL_CARDS[i])
        elif stage < _DECL:
            cards = _bits(hand)
            top = 5 if stage == _EXCH_E else len(state.stock)
            for n in range(1, top + 1):
                for combo in itertools.combinations(cards, n):
                    m = _mask(combo)
                    yield Exchange(seat, m, False)
                    if stage == _EXCH_Y and n < top:
                        yield Exchange(seat, m, True)
        elif stage < _PLAY:
            cat = (stage - _DECL) >> 1
            name = DECLARATION_CATEGORIES[cat]
            for m in _claim_options(cat, hand):
                yield Declare(seat, name, m)
        else:
            yield NextDeal(seat)

    def count(self) -> int:
        """How many legal actions there are (exchanges are counted, not listed)."""
        state = self.state
        stage = state.stage
        if stage == _EXCH_E:
            return sum(comb(12, n) for n in range(1, 6))
        if stage == _EXCH_Y:
            top = len(state.stock)
            return sum(comb(12, n) * (2 if n < top else 1) for n in range(1, top + 1))
        if stage == _PLAY:
            return self._playable().bit_count()
        return sum(1 for _ in self)

    def _playable(self) -> int:
        state = self.state
        hand = state.hands[state.turn]
        if state.lead >= 0:
            follow = hand & _SUIT_MASKS[state.lead >> 3]
            if follow:
                return follow
        return hand

    def sample(self, rng: random.Random) -> Action:
        """A random legal action (not uniform: exchanges pick the count first, declarations are
        the best honest one three times in four, else a random legal claim)."""
        state = self.state
        stage = state.stage
        if stage == _OVER:
            raise IndexError("no legal actions: the game is over")
        t = state.turn
        seat = state.seats[t]
        if stage == _PLAY:
            m = self._playable()
            k = rng.randrange(m.bit_count())
            for _ in range(k):
                m &= m - 1
            return Play(seat, ALL_CARDS[(m & -m).bit_length() - 1])
        hand = state.hands[t]
        if stage < _DECL:
            top = 5 if stage == _EXCH_E else len(state.stock)
            n = rng.randint(1, top)
            d = _mask(rng.sample(_bits(hand), n))
            look = stage == _EXCH_Y and n < top and rng.random() < 0.5
            return Exchange(seat, d, look)
        if stage < _PLAY:
            cat = (stage - _DECL) >> 1
            if rng.random() < 0.75:
                m = _honest(cat, hand)
            else:
                m = _random_claim(cat, hand, rng)
            return Declare(seat, DECLARATION_CATEGORIES[cat], m)
        return NextDeal(seat)

    def __repr__(self) -> str:
        state = self.state
        return f"<LegalActions: {state.phase.value} by {state.seat_to_act}>"


def best_declaration(state: State) -> Declare:
    """The best honest declaration for the player to act (in a declaring phase).

    >>> state, _ = new_deal(hands={"A": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    ...     "B": "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D"},
    ...     stock="9S 8S KH 9C KD QS AC 7D", dealer="B")
    >>> state, _ = apply(state, Exchange.of("A", "KS 8C 7C 9D 8D"))
    >>> state, _ = apply(state, Exchange.of("B", "7S 9H 7H"))
    >>> best_declaration(state)
    Declare.of('A', 'point', '8H JH QH KH AH')
    """
    cat = state.category
    if cat is None:
        raise ValueError("not a declaring phase")
    i = DECLARATION_CATEGORIES.index(cat)
    return Declare(state.seats[state.turn], cat, _honest(i, state.hands[state.turn]))


# --------------------------------------------------------------------------------------------
# Applying actions
# --------------------------------------------------------------------------------------------


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after ``action`` and the events it caused (pure; the state is not changed).

    Raises :class:`IllegalActionError` with the reason, in English and German:

    >>> state, _ = new_deal(seed=5)
    >>> apply(state, Play.of("B", "AS"))
    Traceback (most recent call last):
    ...
    cardtutor.engine.errors.IllegalActionError: It is not B's turn: A is to discard 1 to 5 cards and take as many from the stock.
    """
    msg = _check(state, action)
    if msg is not None:
        raise IllegalActionError(msg)
    if isinstance(action, Play):
        return _apply_play(state, action)
    if isinstance(action, Declare):
        return _apply_declare(state, action)
    if isinstance(action, Exchange):
        return _apply_exchange(state, action)
    return _apply_next_deal(state)


def _apply_exchange(state: State, action: Exchange) -> tuple[State, tuple[Event, ...]]:
    t = state.turn
    d = action.discard
    n = d.bit_count()
    stock = state.stock
    take = _mask(stock[:n])
    rest = stock[n:]
    hands = [state.hands[0], state.hands[1]]
    hands[t] = (hands[t] ^ d) | take
    discards = [state.discards[0], state.discards[1]]
    discards[t] = d
    acc = _Acc(state)
    cb = state.carte_blanche
    if state.stage == _EXCH_E:
        left = 5 - n
        acc.info(
            t,
            "piquet.info.exchange_elder" if left else "piquet.info.exchange_elder_all",
            rule="piquet#exchange",
            seat=state.seats[t],
            n=n,
            left=left,
        )
        younger = 1 - t
        if cb >> younger & 1:
            acc.info(
                younger,
                "piquet.info.show_cb",
                rule="piquet#carte-blanche",
                cards=cards_from_mask(state.dealt[younger]),
                seat=state.seats[younger],
            )
        return state._replace(
            stage=_EXCH_Y,
            turn=younger,
            hands=_tuple2(hands),
            stock=rest,
            discards=_tuple2(discards),
            elder_left=_mask(rest[:left]),
        ), tuple(acc.events)
    left = len(rest)
    key = (
        "piquet.info.exchange_younger_looks"
        if action.look
        else "piquet.info.exchange_younger"
        if left
        else "piquet.info.exchange_younger_all"
    )
    acc.info(t, key, rule="piquet#exchange", seat=state.seats[t], n=n, left=left)
    elder = 1 - t
    if cb >> elder & 1:
        acc.info(
            elder,
            "piquet.info.show_cb",
            rule="piquet#carte-blanche",
            cards=cards_from_mask(state.dealt[elder]),
            seat=state.seats[elder],
        )
    return state._replace(
        stage=_DECL,
        turn=elder,
        hands=_tuple2(hands),
        stock=rest,
        discards=_tuple2(discards),
        looked=action.look,
    ), tuple(acc.events)


def _apply_declare(state: State, action: Declare) -> tuple[State, tuple[Event, ...]]:
    stage = state.stage
    t = state.turn
    cat = (stage - _DECL) >> 1
    m = action.cards
    claims = list(state.claims)
    claims[2 * cat + t] = m
    acc = _Acc(state)
    rule = _CAT_RULE[1 + cat]
    if not (stage - _DECL) & 1:
        # Elder declares.
        if not m:
            acc.say(t, f"piquet.say.none.{cat}", rule=rule)
        elif cat == 0:
            n = m.bit_count()
            if n == 1:
                acc.say(t, "piquet.say.point1", rule=rule)
            else:
                acc.say(t, "piquet.say.point", rule=rule, n=Msg(f"piquet.Num.{n}"))
        elif cat == 1:
            n, top = _value(1, m)
            acc.say(t, "piquet.say.sequence", rule=rule, name=_seq_name(top - n + 1, n, cap=True))
        else:
            n, o = _value(2, m)
            acc.say(t, "piquet.say.set", rule=rule, name=_set_name(o, n, cap=True))
        return state._replace(stage=stage + 1, turn=1 - t, claims=_claims6(claims)), tuple(
            acc.events
        )
    # Younger answers.
    younger, elder = t, 1 - t
    e = claims[2 * cat + elder]
    y = m
    if not e:
        winner = younger if y else _NOBODY
    else:
        ev = _value(cat, e)
        yv = _value(cat, y) if y else (0, 0)
        if cat == 0 and y and yv[0] == ev[0]:
            acc.say(younger, "piquet.say.equal", rule=rule)
            acc.say(elder, "piquet.say.pips", rule=rule, n=Msg(f"piquet.Num.{ev[1]}"))
        if not y or yv < ev:
            acc.say(younger, "piquet.say.good", rule=rule)
            winner = elder
        elif yv > ev:
            acc.say(younger, "piquet.say.not_good", rule=rule)
            winner = younger
        else:
            acc.say(younger, "piquet.say.equal", rule=rule)
            winner = _EQUAL
            acc.info(None, f"piquet.info.equal.{cat}", rule=_CAT_RULE[1 + cat])
    if winner == elder:
        for cards, pts, name in _combos(cat, e):
            acc.score(elder, 1 + cat, pts, f"piquet.score.{cat}", _high_first(cards), name=name)
    outcomes = list(state.outcomes)
    outcomes[cat] = winner
    new_outcomes = (outcomes[0], outcomes[1], outcomes[2])
    new_claims = _claims6(claims)
    pique = state.pique
    if cat < 2:
        new_stage, turn = stage + 1, elder
    else:
        new_stage, turn = _PLAY, elder
        reck = _reckoning(new_claims, new_outcomes, state.carte_blanche)
        reached, opp_first = _reach(reck, elder)
        if reached >= 0 and reached < opp_first:
            acc.score(
                elder,
                _REPIQUE,
                60,
                "piquet.score.repique",
                other=state.seats[younger],
                reached=sum(reck[elder]),
            )
            pique = _PQ_DEAD
        else:
            if reached >= 0:
                acc.info(
                    elder,
                    "piquet.info.no_repique",
                    rule="piquet#reckoning-order",
                    seat=state.seats[elder],
                    other=state.seats[younger],
                    hand=sum(reck[elder]),
                    at=Msg(f"piquet.catof.{reached}"),
                    first=Msg(f"piquet.catof.{opp_first}"),
                )
            pique = _PQ_HAND if sum(reck[younger]) else _PQ_LIVE
    new_state = state._replace(
        stage=new_stage,
        turn=turn,
        claims=new_claims,
        outcomes=new_outcomes,
        pique=pique,
    )
    if acc.log:
        new_state = new_state._replace(totals=_tuple2(acc.t), log=state.log + tuple(acc.log))
    return new_state, tuple(acc.events)


def _claims6(c: list[int]) -> tuple[int, int, int, int, int, int]:
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def _reckoning(
    claims: tuple[int, ...], outcomes: tuple[int, int, int], cb: int
) -> tuple[list[int], list[int]]:
    """Hand scores by reckoning category (I carte blanche, II point, III sequences, IV sets)."""
    reck = ([10 if cb & 1 else 0, 0, 0, 0], [10 if cb & 2 else 0, 0, 0, 0])
    for cat in range(3):
        w = outcomes[cat]
        if w == 0 or w == 1:
            reck[w][cat + 1] = _claim_score(cat, claims[2 * cat + w])
    return reck


def _reach(reck: tuple[list[int], list[int]], seat: int) -> tuple[int, int]:
    """(reckoning category where ``seat`` reaches 30 in hand, or -1; opponent's first scoring
    category, or 4 if none)."""
    cum = 0
    reached = -1
    for c in range(4):
        cum += reck[seat][c]
        if cum >= 30:
            reached = c
            break
    other = reck[1 - seat]
    opp_first = next((c for c in range(4) if other[c]), 4)
    return reached, opp_first


def _pique_after(acc: _Acc, pique: int, seat: int, elder: int, seats: tuple[str, str]) -> int:
    """Update the pique state after ``seat`` scored a point in play."""
    if pique == _PQ_LIVE:
        if seat != elder:
            return _PQ_PLAY
        if acc.t[elder] >= 30:
            acc.score(
                elder,
                _PIQUE,
                30,
                "piquet.score.pique",
                other=seats[1 - elder],
                reached=acc.t[elder],
            )
            return _PQ_DEAD
        return pique
    if (pique == _PQ_HAND or pique == _PQ_PLAY) and seat == elder and acc.t[elder] >= 30:
        acc.info(
            elder,
            "piquet.info.no_pique_hand" if pique == _PQ_HAND else "piquet.info.no_pique_play",
            rule="piquet#pique",
            seat=seats[elder],
            other=seats[1 - elder],
            total=acc.t[elder],
        )
        return _PQ_DEAD
    return pique


def _apply_play(state: State, action: Play) -> tuple[State, tuple[Event, ...]]:
    t = state.turn
    card = action.card
    idx = card.index
    hands = [state.hands[0], state.hands[1]]
    hands[t] ^= card.bit
    acc = _Acc(state)
    elder = 1 - state.dealer
    seats = state.seats
    pique = state.pique
    if state.lead < 0:
        acc.play(t, "piquet.play.lead", card)
        acc.score(t, _LEAD, POINTS_LEAD, "piquet.score.lead", (card,))
        pique = _pique_after(acc, pique, t, elder, seats)
        return state._replace(
            turn=1 - t,
            hands=_tuple2(hands),
            lead=idx,
            leader=t,
            totals=_tuple2(acc.t),
            log=state.log + tuple(acc.log),
            pique=pique,
        ), tuple(acc.events)
    if not state.tricks:
        # Younger shows and scores what is good before playing to the first trick.
        reck_needed = False
        for cat in range(3):
            if state.outcomes[cat] == t:
                reck_needed = True
                for cards, pts, name in _combos(cat, state.claims[2 * cat + t]):
                    acc.score(t, 1 + cat, pts, f"piquet.score.{cat}", _high_first(cards), name=name)
        if reck_needed or state.carte_blanche >> t & 1:
            reck = _reckoning(state.claims, state.outcomes, state.carte_blanche)
            reached, opp_first = _reach(reck, t)
            if reached >= 0 and reached < opp_first:
                acc.score(
                    t,
                    _REPIQUE,
                    60,
                    "piquet.score.repique",
                    other=seats[1 - t],
                    reached=sum(reck[t]),
                )
            elif reached >= 0:
                acc.info(
                    t,
                    "piquet.info.no_repique",
                    rule="piquet#reckoning-order",
                    seat=seats[t],
                    other=seats[1 - t],
                    hand=sum(reck[t]),
                    at=Msg(f"piquet.catof.{reached}"),
                    first=Msg(f"piquet.catof.{opp_first}"),
                )
    lead = state.lead
    leader = state.leader
    winner = t if (lead >> 3) == (idx >> 3) and idx > lead else leader
    acc.play(t, "piquet.play.follow", card)
    if winner == t:
        acc.score(t, _TRICK, POINTS_TRICK, "piquet.score.trick", (ALL_CARDS[lead], card))
        pique = _pique_after(acc, pique, t, elder, seats)
    tricks = state.tricks + ((leader, lead, idx, winner),)
    won = [state.won[0], state.won[1]]
    won[winner] += 1
    acc.info(winner, "piquet.info.trick", seat=seats[winner], n=won[winner])
    if len(tricks) < 12:
        return state._replace(
            turn=winner,
            hands=_tuple2(hands),
            lead=-1,
            leader=winner,
            tricks=tricks,
            won=_tuple2(won),
            totals=_tuple2(acc.t),
            log=state.log + tuple(acc.log),
            pique=pique,
        ), tuple(acc.events)
    # End of the deal.
    acc.score(winner, _LAST, POINTS_LAST_TRICK, "piquet.score.last_trick", (ALL_CARDS[lead], card))
    pique = _pique_after(acc, pique, winner, elder, seats)
    for s in (0, 1):
        if won[s] == 12:
            acc.score(s, _CAPOT, POINTS_CAPOT, "piquet.score.capot")
        elif won[s] >= 7:
            acc.score(s, _CARDS, POINTS_CARDS, "piquet.score.cards", tricks=won[s])
    if won[0] == 6:
        acc.info(None, "piquet.info.divided", rule="piquet#the-cards")
    acc.info(None, "piquet.info.deal_over", a=seats[0], b=seats[1], ta=acc.t[0], tb=acc.t[1])
    new_state = state._replace(
        hands=_tuple2(hands),
        lead=-1,
        leader=winner,
        tricks=tricks,
        won=_tuple2(won),
        totals=_tuple2(acc.t),
        log=state.log + tuple(acc.log),
        pique=pique,
    )
    partie = state.partie
    if partie is None:
        return new_state._replace(stage=_OVER, turn=-1), tuple(acc.events)
    results = partie.results + ((acc.t[0], acc.t[1]),)
    partie = partie._replace(results=results)
    n = len(results)
    sa = sum(r[0] for r in results)
    sb = sum(r[1] for r in results)
    next_dealer = 1 - state.dealer
    if n >= 6 and n % 2 == 0:
        if sa != sb:
            w = 0 if sa > sb else 1
            hi, lo = max(sa, sb), min(sa, sb)
            totals = {seats[0]: sa, seats[1]: sb}
            gain, rubiconed = rubicon_settlement(hi, lo)
            if rubiconed:
                msg = Msg(
                    "piquet.score.rubicon",
                    seat=seats[w],
                    loser=seats[1 - w],
                    hi=hi,
                    lo=lo,
                    points=gain,
                )
                rule = "piquet#rubicon"
            else:
                msg = Msg(
                    "piquet.score.partie",
                    seat=seats[w],
                    loser=seats[1 - w],
                    hi=hi,
                    lo=lo,
                    points=gain,
                )
                rule = "piquet#partie"
            acc.events.append(Event.score(seats[w], "partie", gain, msg, rule=rule, totals=totals))
            return new_state._replace(stage=_OVER, turn=-1, partie=partie), tuple(acc.events)
        if n >= 8:
            acc.info(None, "piquet.info.drawn", rule="piquet#partie", total=sa)
            return new_state._replace(stage=_OVER, turn=-1, partie=partie), tuple(acc.events)
        acc.info(None, "piquet.info.tied", rule="piquet#partie", total=sa)
    return new_state._replace(stage=_DEAL_OVER, turn=next_dealer, partie=partie), tuple(acc.events)


def rubicon_settlement(winner: int, loser: int) -> tuple[int, bool]:
    """What the winner of a partie gains, and whether the loser is rubiconed (under 100).

    The winner gains the difference plus 100; if the loser has less than 100, the sum plus 100.

    >>> rubicon_settlement(180, 120)
    (160, False)
    >>> rubicon_settlement(180, 95)
    (375, True)
    """
    if loser < 100:
        return winner + loser + 100, True
    return winner - loser + 100, False


def _apply_next_deal(state: State) -> tuple[State, tuple[Event, ...]]:
    partie = state.partie
    assert partie is not None
    dealer = state.turn
    number = state.deal_number + 1
    hands, stock = _partie_deal(state.seats, partie, number, dealer)
    return _deal_state(state.seats, dealer, hands, stock, number, partie)


# --------------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------------


def _score_breakdown(state: State) -> dict[str, dict[str, int]]:
    out = {seat: dict.fromkeys(CATEGORIES, 0) for seat in state.seats}
    for seat, cat, pts in state.log:
        out[state.seats[seat]][CATEGORIES[cat]] += pts
    return out


def _seat_map(seats: tuple[str, str], pair: tuple[int, int]) -> dict[str, int]:
    return {seats[0]: pair[0], seats[1]: pair[1]}


def _outcome(state: State) -> Outcome:
    seats = state.seats
    deal = _seat_map(seats, state.totals)
    over = state.stage == _OVER
    partie = state.partie
    if partie is None:
        winner = None
        if over and state.totals[0] != state.totals[1]:
            winner = seats[0] if state.totals[0] > state.totals[1] else seats[1]
        return Outcome(
            parties=seats,
            deal=deal,
            game=dict(deal),
            deal_number=state.deal_number,
            deal_over=over,
            game_over=over,
            winner=winner,
        )
    results = partie.results
    # The deal's result joins partie.results when its last trick is played.
    deal_done = len(results) >= state.deal_number
    ga = sum(r[0] for r in results)
    gb = sum(r[1] for r in results)
    if not deal_done:
        ga += state.totals[0]
        gb += state.totals[1]
    winner = None
    settlement = None
    rubiconed = False
    if over and ga != gb:
        winner = seats[0] if ga > gb else seats[1]
        settlement, rubiconed = rubicon_settlement(max(ga, gb), min(ga, gb))
    return Outcome(
        parties=seats,
        deal=deal,
        game={seats[0]: ga, seats[1]: gb},
        deal_number=state.deal_number,
        deals=tuple(_seat_map(seats, r) for r in results),
        deal_over=deal_done,
        game_over=over,
        winner=winner,
        settlement=settlement,
        rubiconed=rubiconed,
        multi_deal=True,
    )


class TrickView(NamedTuple):
    """A completed trick as the site shows it."""

    leader: str
    lead: Card
    follow: Card
    winner: str


@dataclass(frozen=True, kw_only=True)
class PiquetView(ContractView):
    """The state as one seat may see it (``seat is None``: everything). Hidden cards are
    ``None`` (face down), known cards first.

    Beside the contract's fields (``seat``, ``seats``, ``parties``, ``phase``, ``seat_to_act``,
    ``hands``, ``trick``, ``tricks_won``, ``outcome``, ``breakdown``): the table of Piquet.
    """

    hands: Mapping[str, tuple[Card | None, ...]]
    """Piquet's cards are :class:`Card` (one pack)."""
    deal_number: int
    dealer: str
    elder: str
    category: str | None
    """The declaration category being declared, else ``None``."""
    stock: tuple[Card | None, ...]
    """Top first."""
    discards: Mapping[str, tuple[Card | None, ...]]
    left_over_looked: bool
    carte_blanche: Mapping[str, tuple[Card | None, ...]]
    """Holders of carte blanche: the 12 dealt cards once shown (to the holder always)."""
    shown: Mapping[str, tuple[Card, ...]]
    """Declared cards shown (good or equal claims)."""
    tricks: tuple[TrickView, ...]
    totals: Mapping[str, int]
    """This deal's running totals (``outcome.deal``)."""
    deal_scores: tuple[Mapping[str, int], ...]
    """The completed deals of a partie (``outcome.deals``)."""
    partie_totals: Mapping[str, int]
    """The sum of the completed deals (zeros for a single deal)."""


def _hidden(known: int, total: int) -> tuple[Card | None, ...]:
    cards: tuple[Card | None, ...] = cards_from_mask(known)
    return cards + (None,) * (total.bit_count() - known.bit_count())


def _view(state: State, seat: str | None) -> PiquetView:
    seats = state.seats
    me = None if seat is None else seats.index(seat)
    elder, younger = 1 - state.dealer, state.dealer
    phase = state.stage
    led_first = phase > _PLAY or (phase == _PLAY and (state.lead >= 0 or bool(state.tricks)))
    younger_shown = phase > _PLAY or bool(state.tricks)

    shown = [0, 0]
    for cat in range(3):
        w = state.outcomes[cat]
        if w == _EQUAL:
            shown[0] |= state.claims[2 * cat]
            shown[1] |= state.claims[2 * cat + 1]
        elif w == elder or (w == younger and younger_shown):
            shown[w] |= state.claims[2 * cat + w]

    hands: dict[str, tuple[Card | None, ...]] = {}
    discards: dict[str, tuple[Card | None, ...]] = {}
    for s in (0, 1):
        hand = state.hands[s]
        if me is None or me == s:
            hands[seats[s]] = cards_from_mask(hand)
            discards[seats[s]] = cards_from_mask(state.discards[s])
        else:
            known = hand & shown[s]
            if me == elder:
                known |= hand & state.elder_left
            hands[seats[s]] = _hidden(known, hand)
            discards[seats[s]] = _hidden(0, state.discards[s])

    stock: list[Card | None] = []
    left_over_visible = (
        phase >= _DECL and state.looked and (me == younger or (me == elder and led_first))
    )
    for i in state.stock:
        bit = 1 << i
        if me is None or left_over_visible or (me == elder and state.elder_left & bit):
            stock.append(ALL_CARDS[i])
        else:
            stock.append(None)

    cb: dict[str, tuple[Card | None, ...]] = {}
    for s in (0, 1):
        if state.carte_blanche >> s & 1:
            shown_cb = phase >= (_DECL if s == elder else _EXCH_Y)
            if me is None or me == s or shown_cb:
                cb[seats[s]] = cards_from_mask(state.dealt[s])
            else:
                cb[seats[s]] = (None,) * 12

    outcome = _outcome(state)
    deal_totals = _seat_map(seats, state.totals)
    return PiquetView(
        seat=seat,
        seats=seats,
        parties=seats,
        phase=state.phase,
        seat_to_act=state.seat_to_act,
        hands=hands,
        trick=state.current_trick,
        tricks_won={seats[s]: state.won[s] for s in (0, 1)},
        outcome=outcome,
        breakdown=_score_breakdown(state),
        deal_number=state.deal_number,
        dealer=seats[state.dealer],
        elder=seats[elder],
        category=state.category,
        stock=tuple(stock),
        discards=discards,
        left_over_looked=state.looked,
        carte_blanche=cb,
        shown={seats[s]: cards_from_mask(shown[s]) for s in (0, 1)},
        tricks=tuple(
            TrickView(seats[lr], ALL_CARDS[lc], ALL_CARDS[fc], seats[w])
            for lr, lc, fc, w in state.tricks
        ),
        totals=deal_totals,
        deal_scores=outcome.deals,
        partie_totals={seats[i]: sum(deal[seats[i]] for deal in outcome.deals) for i in (0, 1)},
    )


# --------------------------------------------------------------------------------------------
# The record engine
# --------------------------------------------------------------------------------------------


class PiquetEngine:
    """:class:`cardtutor.engine.contract.Engine` for Rubicon Piquet (see the deal JSON above).

    >>> ENGINE.game, ENGINE.rule_anchors["repique"][0]
    ('piquet', 'Repique')
    """

    game = "piquet"
    ruleset = "rubicon"
    rule_anchors: Mapping[str, tuple[str, str]] = RULE_ANCHORS

    def start(self, record: GameRecord) -> tuple[State, tuple[Event, ...]]:
        if record.ruleset != self.ruleset:
            raise RecordError(Msg("piquet.record.ruleset", ruleset=record.ruleset))
        if len(record.seats) != 2:
            raise RecordError(Msg("piquet.record.seats"))
        seats = (record.seats[0], record.seats[1])
        deal = record.deal
        seed = deal.get("seed")
        if seed is not None and (not isinstance(seed, (int, str)) or isinstance(seed, bool)):
            raise NotationError(Msg("piquet.notation.field", field="seed", text=repr(seed)))
        dealer = deal.get("dealer")
        if dealer is not None and not isinstance(dealer, str):
            raise NotationError(Msg("piquet.notation.field", field="dealer", text=repr(dealer)))
        if deal.get("partie", False):
            deals = deal.get("deals")
            if deals is not None and (
                not isinstance(deals, list) or not all(isinstance(d, Mapping) for d in deals)
            ):
                raise NotationError(Msg("piquet.notation.field", field="deals", text="..."))
            return new_partie(seed=seed, first_dealer=dealer, deals=deals, seats=seats)
        if "hands" in deal:
            return new_deal(
                hands=deal["hands"], stock=deal.get("stock"), dealer=dealer, seats=seats
            )
        return new_deal(seed=seed, dealer=dealer, seats=seats)

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(data)

    def apply(self, state: State, action: Action) -> tuple[State, Sequence[Event]]:
        return apply(state, action)

    def visible_events(self, events: Sequence[Event], seat: str | None) -> Sequence[Event]:
        """The events themselves: Piquet's events never carry a card before it is shown
        (exchanges are told without their cards, claims are scored with their cards only when
        they are good, and then they are shown), so every seat may read them all."""
        return events


ENGINE: Engine[State, Action] = PiquetEngine()
"""The engine object (:class:`cardtutor.engine.contract.Engine`) for records and the site."""


# --------------------------------------------------------------------------------------------
# Messages
# --------------------------------------------------------------------------------------------

_EN_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_DE_UNITS = (
    "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn "
    "fünfzehn sechzehn siebzehn achtzehn neunzehn"
).split()
_DE_TENS = "_ _ zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig".split()


def _en_word(n: int) -> str:
    if n < 20:
        return _EN_UNITS[n]
    t, u = divmod(n, 10)
    return _EN_TENS[t] + (f"-{_EN_UNITS[u]}" if u else "")


def _de_word(n: int) -> str:
    if n < 20:
        return _DE_UNITS[n]
    t, u = divmod(n, 10)
    if not u:
        return _DE_TENS[t]
    return ("ein" if u == 1 else _DE_UNITS[u]) + "und" + _DE_TENS[t]


_NUMBERS: dict[str, tuple[str, str]] = {}
for _n in range(100):
    _NUMBERS[f"piquet.num.{_n}"] = (_en_word(_n), _de_word(_n))
    _NUMBERS[f"piquet.Num.{_n}"] = (_en_word(_n).capitalize(), _de_word(_n).capitalize())
register_messages(_NUMBERS)

_SEQ_KINDS = {
    3: ("tierce", "Terz"),
    4: ("quart", "Quart"),
    5: ("quint", "Quinte"),
    6: ("sixième", "Sixième"),
    7: ("septième", "Septième"),
    8: ("huitième", "Huitième"),
}
_SEQ_TO = {
    2: ("to the nine", "zur Neun"),
    3: ("to the ten", "zur Zehn"),
    4: ("to the jack", "zum Buben"),
    5: ("to the queen", "zur Dame"),
    6: ("to the king", "zum König"),
}
_RANK_PLURALS = {
    7: ("aces", "Asse"),
    6: ("kings", "Könige"),
    5: ("queens", "Damen"),
    4: ("jacks", "Buben"),
    3: ("tens", "Zehnen"),
}
_CAT_NAMES = {
    0: ("the point", "den Point"),
    1: ("the sequences", "die Sequenzen"),
    2: ("the trios and quatorzes", "die Trios und Quatorze"),
}
_CAT_OF = {
    0: ("carte blanche (I)", "Carte blanche (I)"),
    1: ("the point (II)", "dem Point (II)"),
    2: ("the sequences (III)", "den Sequenzen (III)"),
    3: ("the sets (IV)", "den Trios/Quatorze (IV)"),
    4: ("nothing", "nichts"),
}

register_messages(
    {f"piquet.seqkind.{n}": (en, de) for n, (en, de) in _SEQ_KINDS.items()}
    | {f"piquet.seqkind.{n}.cap": (en.capitalize(), de) for n, (en, de) in _SEQ_KINDS.items()}
    | {f"piquet.seqto.{o}": v for o, v in _SEQ_TO.items()}
    | {f"piquet.ranks.{o}": v for o, v in _RANK_PLURALS.items()}
    | {f"piquet.catname.{c}": v for c, v in _CAT_NAMES.items()}
    | {f"piquet.catof.{c}": v for c, v in _CAT_OF.items()}
)

register_messages(
    {
        # names
        "piquet.name.point": ("{n} cards worth {pips}", "{n} Karten, Wert {pips}"),
        "piquet.seqname.major": ("{kind} major", "{kind}-Major"),
        "piquet.seqname.minor": ("{kind} minor", "{kind}-Minor"),
        "piquet.seqname.to": ("{kind} {to}", "{kind} {to}"),
        "piquet.setname": ("{n} {ranks}", "{n} {ranks}"),
        "piquet.setname.kind": ("{name} (a {kind})", "{name} (ein {kind})"),
        "piquet.kind.quatorze": ("quatorze", "Quatorze"),
        "piquet.kind.trio": ("trio", "Trio"),
        # dialogue
        "piquet.say.carte_blanche": ("Carte blanche.", "Carte blanche."),
        "piquet.say.point": ("{n} cards.", "{n} Karten."),
        "piquet.say.point1": ("One card.", "Eine Karte."),
        "piquet.say.pips": ("{n}.", "{n}."),
        "piquet.say.sequence": ("{name}.", "{name}."),
        "piquet.say.set": ("{name}?", "{name}?"),
        "piquet.say.good": ("Good.", "Gut."),
        "piquet.say.not_good": ("Not good.", "Nicht gut."),
        "piquet.say.equal": ("Equal.", "Gleich."),
        "piquet.say.none.0": ("No point.", "Kein Point."),
        "piquet.say.none.1": ("No sequence.", "Keine Sequenz."),
        "piquet.say.none.2": ("No trio or quatorze.", "Kein Trio und kein Quatorze."),
        # play
        "piquet.play.lead": ("{seat} leads the {card}.", "{seat} spielt {card} aus."),
        "piquet.play.follow": ("{seat} plays the {card}.", "{seat} gibt {card} zu."),
        # scores
        "piquet.score.carte_blanche": (
            "{seat} scores 10 for carte blanche (no king, queen or jack in the twelve cards "
            "dealt): {total}.",
            "{seat} zählt 10 für Carte blanche (kein König, keine Dame, kein Bube unter den "
            "zwölf gegebenen Karten): {total}.",
        ),
        "piquet.score.0": (
            "{seat} scores {points} for the point, {name} ({cards}): {total}.",
            "{seat} zählt {points} für den Point, {name} ({cards}): {total}.",
        ),
        "piquet.score.1": (
            "{seat} scores {points} for a {name} ({cards}): {total}.",
            "{seat} zählt {points} für eine {name} ({cards}): {total}.",
        ),
        "piquet.score.2": (
            "{seat} scores {points} for {name} ({cards}): {total}.",
            "{seat} zählt {points} für {name} ({cards}): {total}.",
        ),
        "piquet.score.lead": (
            "{seat} scores 1 for leading: {total}.",
            "{seat} zählt 1 für das Ausspielen: {total}.",
        ),
        "piquet.score.trick": (
            "{seat} wins the trick as second player and scores 1: {total}.",
            "{seat} gewinnt den Stich als zweiter Spieler und zählt 1: {total}.",
        ),
        "piquet.score.last_trick": (
            "{seat} scores 1 more for the last trick: {total}.",
            "{seat} zählt 1 mehr für den letzten Stich: {total}.",
        ),
        "piquet.score.cards": (
            "{seat} wins the cards ({tricks} tricks) and scores 10: {total}.",
            "{seat} gewinnt die Karten ({tricks} Stiche) und zählt 10: {total}.",
        ),
        "piquet.score.capot": (
            "{seat} wins every trick: capot, 40 instead of 10: {total}.",
            "{seat} gewinnt alle Stiche: Capot, 40 statt 10: {total}.",
        ),
        "piquet.score.repique": (
            "{seat} has {reached} in hand alone before {other} reckons anything (in the order "
            "carte blanche, point, sequences, sets): repique, 60 more: {total}.",
            "{seat} hat {reached} allein aus der Hand, bevor {other} etwas zählt (in der "
            "Reihenfolge Carte blanche, Point, Sequenzen, Trios/Quatorze): Repique, 60 dazu: "
            "{total}.",
        ),
        "piquet.score.pique": (
            "{seat} reaches {reached} in hand and play before {other} has reckoned anything: "
            "pique, 30 more: {total}.",
            "{seat} erreicht {reached} aus Hand und Spiel, bevor {other} etwas gezählt hat: "
            "Pique, 30 dazu: {total}.",
        ),
        "piquet.score.partie": (
            "{seat} wins the partie, {hi} to {lo}: the difference plus 100 makes {points}.",
            "{seat} gewinnt die Partie, {hi} zu {lo}: der Unterschied plus 100 ergibt {points}.",
        ),
        "piquet.score.rubicon": (
            "{seat} wins the partie, {hi} to {lo}; {loser} has less than 100 and is "
            "rubiconed: the sum of both totals plus 100 makes {points}.",
            "{seat} gewinnt die Partie, {hi} zu {lo}; {loser} hat weniger als 100 und bleibt "
            "unter dem Rubikon: die Summe beider Stände plus 100 ergibt {points}.",
        ),
        # information
        "piquet.info.deal": (
            "Deal {n}: {dealer} deals and is younger hand; {elder} is elder hand.",
            "Spiel {n}: {dealer} gibt und ist Hinterhand; {elder} ist Vorhand.",
        ),
        "piquet.info.cut": (
            "Cutting for deal: {a} cuts the {ca}, {b} the {cb}. {dealer} cuts higher, chooses, "
            "and deals first.",
            "Abheben um das Geben: {a} hebt {ca} ab, {b} {cb}. {dealer} hebt höher ab, wählt "
            "und gibt zuerst.",
        ),
        "piquet.info.show_cb": (
            "{seat} shows his carte blanche: {cards}.",
            "{seat} zeigt seine Carte blanche: {cards}.",
        ),
        "piquet.info.exchange_elder": (
            "{seat} discards {n} and takes {n} from the stock; he leaves {left} of his five "
            "and may look at them.",
            "{seat} legt {n} ab und kauft {n} aus dem Talon; er lässt {left} seiner fünf "
            "liegen und darf sie ansehen.",
        ),
        "piquet.info.exchange_elder_all": (
            "{seat} discards {n} and takes all five of his cards from the stock.",
            "{seat} legt {n} ab und kauft alle fünf seiner Karten aus dem Talon.",
        ),
        "piquet.info.exchange_younger_all": (
            "{seat} discards {n} and takes the {n} cards left in the stock.",
            "{seat} legt {n} ab und kauft die {n} übrigen Karten des Talons.",
        ),
        "piquet.info.exchange_younger": (
            "{seat} discards {n} and takes {n} from the stock; {left} left over, not looked at.",
            "{seat} legt {n} ab und kauft {n} aus dem Talon; {left} bleiben liegen, ungesehen.",
        ),
        "piquet.info.exchange_younger_looks": (
            "{seat} discards {n} and takes {n} from the stock; he looks at the {left} left "
            "over (the elder hand sees them after his first lead).",
            "{seat} legt {n} ab und kauft {n} aus dem Talon; er sieht die {left} übrigen "
            "Karten an (die Vorhand sieht sie nach ihrem ersten Ausspielen).",
        ),
        "piquet.info.equal.0": (
            "The points are equal: neither player scores for the point.",
            "Die Points sind gleich: keiner zählt für den Point.",
        ),
        "piquet.info.equal.1": (
            "The best sequences are equal: neither player scores any sequence.",
            "Die besten Sequenzen sind gleich: keiner zählt irgendeine Sequenz.",
        ),
        "piquet.info.equal.2": ("Equal sets.", "Gleiche Trios."),
        "piquet.info.no_repique": (
            "{seat} has {hand} in hand, but reaches 30 only with {at}, and {other} reckons "
            "{first} before that (the order is carte blanche, point, sequences, sets, "
            "whoever speaks first): no repique.",
            "{seat} hat {hand} aus der Hand, erreicht 30 aber erst mit {at}, und {other} "
            "zählt schon mit {first} früher (die Reihenfolge ist Carte blanche, Point, "
            "Sequenzen, Trios/Quatorze, gleich wer zuerst spricht): kein Repique.",
        ),
        "piquet.info.no_pique_hand": (
            "{seat} reaches {total} in hand and play, but {other} has already reckoned in "
            "hand: no pique.",
            "{seat} erreicht {total} aus Hand und Spiel, aber {other} hat schon aus der Hand "
            "gezählt: kein Pique.",
        ),
        "piquet.info.no_pique_play": (
            "{seat} reaches {total} in hand and play, but {other} has already scored in play: "
            "no pique.",
            "{seat} erreicht {total} aus Hand und Spiel, aber {other} hat schon im Spiel "
            "gezählt: kein Pique.",
        ),
        "piquet.info.trick": (
            "{seat} wins the trick ({n} so far).",
            "{seat} macht den Stich (bisher {n}).",
        ),
        "piquet.info.divided": (
            "Six tricks each: the cards are divided and nobody scores for them.",
            "Je sechs Stiche: die Karten sind geteilt, keiner zählt für sie.",
        ),
        "piquet.info.deal_over": (
            "End of the deal: {a} {ta}, {b} {tb}.",
            "Ende des Spiels: {a} {ta}, {b} {tb}.",
        ),
        "piquet.info.tied": (
            "Tied at {total} after six deals: each player deals once more.",
            "Gleichstand bei {total} nach sechs Spielen: jeder gibt noch einmal.",
        ),
        "piquet.info.drawn": (
            "Still tied at {total} after the extra deals: the partie is drawn.",
            "Auch nach den zusätzlichen Spielen gleich bei {total}: die Partie ist unentschieden.",
        ),
        # what is expected
        "piquet.expect.exchange_elder": (
            "discard 1 to 5 cards and take as many from the stock",
            "1 bis 5 Karten abzulegen und ebenso viele aus dem Talon zu kaufen",
        ),
        "piquet.expect.exchange_younger": (
            "discard 1 to {n} cards and take as many from the stock",
            "1 bis {n} Karten abzulegen und ebenso viele aus dem Talon zu kaufen",
        ),
        "piquet.expect.declare.0": ("declare the point", "den Point anzusagen"),
        "piquet.expect.declare.1": ("declare sequences", "Sequenzen anzusagen"),
        "piquet.expect.declare.2": (
            "declare trios and quatorzes",
            "Trios und Quatorze anzusagen",
        ),
        "piquet.expect.play": ("play a card", "eine Karte zu spielen"),
        "piquet.expect.deal": ("deal the next deal", "das nächste Spiel zu geben"),
        # illegal actions
        "piquet.illegal.not_action": (
            "{text} is not a Piquet action.",
            "{text} ist keine Piquet-Aktion.",
        ),
        "piquet.illegal.over": (
            "The game is over: no more actions.",
            "Das Spiel ist vorbei: keine weiteren Aktionen.",
        ),
        "piquet.illegal.seat": (
            "{seat!r} does not play in this game.",
            "{seat!r} spielt in diesem Spiel nicht mit.",
        ),
        "piquet.illegal.turn": (
            "It is not {seat}'s turn: {turn} is to {expected}.",
            "{seat} ist nicht an der Reihe: {turn} hat {expected}.",
        ),
        "piquet.illegal.phase": (
            "Not now: {seat} is to {expected}.",
            "Jetzt nicht: {seat} hat {expected}.",
        ),
        "piquet.illegal.mask": ("That is not a set of cards.", "Das ist keine Kartenmenge."),
        "piquet.illegal.not_held": (
            "{seat} does not hold the {cards}.",
            "{seat} hat {cards} nicht auf der Hand.",
        ),
        "piquet.illegal.elder_count": (
            "The elder hand must discard at least 1 and at most 5 cards, not {n}.",
            "Die Vorhand muss mindestens 1 und höchstens 5 Karten ablegen, nicht {n}.",
        ),
        "piquet.illegal.elder_look": (
            "Only the younger hand chooses whether to look at the cards left over; the elder "
            "hand may always look at those of his five that he leaves.",
            "Nur die Hinterhand wählt, ob sie die übrigen Karten ansieht; die Vorhand darf "
            "die liegengelassenen ihrer fünf Karten immer ansehen.",
        ),
        "piquet.illegal.younger_count": (
            "The younger hand must discard at least 1 and at most {max} cards (the 3 of the "
            "stock that are his plus the {left} the elder hand left), not {n}.",
            "Die Hinterhand muss mindestens 1 und höchstens {max} Karten ablegen (ihre 3 "
            "Talonkarten und die {left}, die die Vorhand liegen ließ), nicht {n}.",
        ),
        "piquet.illegal.no_left_over": (
            "No cards are left over in the stock to look at.",
            "Im Talon bleiben keine Karten übrig, die man ansehen könnte.",
        ),
        "piquet.illegal.category": (
            "Declarations go point, sequences, sets: now declare {expected}, not {got!r}.",
            "Angesagt wird Point, Sequenzen, Trios/Quatorze: jetzt {expected}, nicht {got!r}.",
        ),
        "piquet.illegal.point_suit": (
            "A point is cards of one suit; {cards} are not.",
            "Ein Point besteht aus Karten einer Farbe; {cards} nicht.",
        ),
        "piquet.illegal.sequence": (
            "{cards} are not sequences: each must be 3 or more cards of one suit in the order "
            "A K Q J 10 9 8 7.",
            "{cards} sind keine Sequenzen: jede braucht 3 oder mehr Karten einer Farbe in der "
            "Folge A K D B 10 9 8 7.",
        ),
        "piquet.illegal.set": (
            "{cards} are not trios or quatorzes: three or four aces, kings, queens, jacks or tens.",
            "{cards} sind keine Trios oder Quatorze: drei oder vier Asse, Könige, Damen, "
            "Buben oder Zehnen.",
        ),
        "piquet.illegal.follow": (
            "{seat} must follow suit: the {led} was led and {seat} holds {cards}.",
            "{seat} muss Farbe bedienen: {led} wurde ausgespielt und {seat} hat {cards}.",
        ),
        "piquet.illegal.no_deal": (
            "This partie has no cards for deal {n} (neither given nor seeded).",
            "Für Spiel {n} dieser Partie gibt es keine Karten (weder angegeben noch aus einem "
            "Seed).",
        ),
        # notation and deals
        "piquet.notation.action": (
            "{text} is not a Piquet action (an object with 'type' and 'seat').",
            "{text} ist keine Piquet-Aktion (ein Objekt mit 'type' und 'seat').",
        ),
        "piquet.notation.type": (
            "{text} is not a Piquet action type: use exchange, declare, play or deal.",
            "{text} ist keine Piquet-Aktionsart: exchange, declare, play oder deal verwenden.",
        ),
        "piquet.notation.field": (
            "The field '{field}' of this action is missing or malformed: {text}.",
            "Das Feld '{field}' dieser Aktion fehlt oder ist fehlerhaft: {text}.",
        ),
        "piquet.notation.seat": (
            "This action does not say which seat acts ('seat' must be a seat name): {text}.",
            "Diese Aktion sagt nicht, welcher Platz handelt ('seat' muss ein Platzname sein): "
            "{text}.",
        ),
        "piquet.notation.category": (
            "{text!r} is not a declaration category: use point, sequence or set.",
            "{text!r} ist keine Ansage-Kategorie: point, sequence oder set verwenden.",
        ),
        "piquet.notation.twice": (
            "The {card} is named twice.",
            "{card} ist doppelt genannt.",
        ),
        "piquet.deal.hands": (
            "The deal needs 'hands' with 12 cards for each of the seats {seats}.",
            "Die Austeilung braucht 'hands' mit je 12 Karten für die Plätze {seats}.",
        ),
        "piquet.deal.count": (
            "{seat} must be dealt 12 cards, not {n}.",
            "{seat} müssen 12 Karten gegeben werden, nicht {n}.",
        ),
        "piquet.deal.stock": (
            "The stock must have 8 cards, not {n}.",
            "Der Talon muss 8 Karten haben, nicht {n}.",
        ),
        "piquet.deal.pack": (
            "The hands and the stock must hold each of the 32 cards exactly once.",
            "Hände und Talon müssen jede der 32 Karten genau einmal enthalten.",
        ),
        "piquet.deal.seat": (
            "{seat!r} is not one of the seats {seats}.",
            "{seat!r} ist keiner der Plätze {seats}.",
        ),
        "piquet.deal.source": (
            "The deal needs a 'seed' or explicit 'hands' and 'stock'.",
            "Die Austeilung braucht einen 'seed' oder ausdrückliche 'hands' und 'stock'.",
        ),
        "piquet.deal.cut": (
            "Without a seed, give the first 'dealer' of the partie.",
            "Ohne Seed muss der erste 'dealer' der Partie angegeben werden.",
        ),
        "piquet.record.ruleset": (
            "Piquet records use the ruleset 'rubicon', not {ruleset!r}.",
            "Piquet-Protokolle verwenden das Regelwerk 'rubicon', nicht {ruleset!r}.",
        ),
        "piquet.record.seats": (
            "Piquet is for two players: the record needs exactly two seats.",
            "Piquet ist ein Spiel für zwei: das Protokoll braucht genau zwei Plätze.",
        ),
    }
)
