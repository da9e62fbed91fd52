"""Piquet deals with a given rare case, built fast from a random source (for the drills).

A rare case (carte blanche, repique, pique, equal point…) turns up once in many deals; the
drills need one on demand. Every builder here takes a :class:`random.Random` and returns a
:class:`PiquetDeal`: the twelve cards each player was dealt, the stock and both discards, so the
engine can play the deal from its first state (carte blanche is judged on the cards dealt), and
the hands after the exchange are the ones the case needs.

Builders construct the case directly (a run placed in a suit, the four cards of a rank…) and
fill the rest at random under a condition checked with the engine's own declaration functions
(:func:`~cardtutor.engine.piquet.declarations.honest`, ``value``, ``claim_score``); a case that
also depends on the opponent is checked by playing the real declarations with the engine
(:func:`reckon`). After a few failed candidates a builder falls back on a fixed layout with its
suits permuted, so each takes well under 5 ms.

The builders (:data:`BUILDERS` by case name): :func:`random_deal`, :func:`carte_blanche_deal`,
:func:`repique_deal`, :func:`pique_deal`, :func:`equal_point_deal`, :func:`equal_sequences_deal`,
:func:`long_sequence_deal`, :func:`quatorze_trio_deal`, :func:`capot_deal`, and the edge cases of
the reckoning order: :func:`carte_blanche_saves_repique_deal`,
:func:`equality_repique_deal`, :func:`order_denies_repique_deal`, :func:`pique_denied_deal`.

>>> import random
>>> deal = pique_deal(random.Random(1))
>>> r = reckon(deal)
>>> r.pique, sum(r.hand[Role.ELDER]), r.totals[Role.ELDER]
(True, 29, 60)
>>> r.hand[Role.YOUNGER]
(0, 0, 0, 0)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, NamedTuple

from cardtutor.engine.cards import ALL_CARDS, Card, cards_from_mask, format_cards, parse_cards
from cardtutor.engine.piquet import Exchange, Phase, State, apply, best_declaration, new_deal
from cardtutor.engine.piquet.categories import (
    CARTE_BLANCHE,
    LEAD,
    PIQUE,
    POINT,
    REPIQUE,
    SEQUENCE,
    SET,
)
from cardtutor.engine.piquet.constants import (
    CARDS_DEALT,
    ELDER_MIN_DISCARD,
    ELDER_STOCK,
    SEQUENCE_BONUS_FROM,
    STOCK,
)
from cardtutor.engine.piquet.declarations import claim_score, honest, value
from cardtutor.engine.piquet.masks import COURT_MASK, FULL, RANK_MASKS, SET_OFFSETS, bits
from cardtutor.engine.piquet.phase import EQUAL

__all__ = [
    "Role",
    "PiquetDeal",
    "EXAMPLE",
    "EXAMPLE_DEAL",
    "Reckoning",
    "reckon",
    "best_value",
    "hand_scores",
    "elder_wins_every_trick",
    "random_deal",
    "carte_blanche_deal",
    "repique_deal",
    "pique_deal",
    "equal_point_deal",
    "equal_sequences_deal",
    "long_sequence_deal",
    "quatorze_trio_deal",
    "capot_deal",
    "carte_blanche_saves_repique_deal",
    "equality_repique_deal",
    "order_denies_repique_deal",
    "pique_denied_deal",
    "BUILDERS",
]

SEATS = ("A", "B")
_CANDIDATES = 8
"""Random candidates a builder tries before its fixed layout."""
_EXCHANGE_TRIES = 8
"""Exchanges tried for a fixed layout (any of them almost always fits)."""


class Role(enum.IntEnum):
    """A player's role in a deal; indexes the per-role tuples of :class:`PiquetDeal`."""

    ELDER = 0
    YOUNGER = 1

    @property
    def other(self) -> Role:
        """The other role.

        >>> Role.ELDER.other
        <Role.YOUNGER: 1>
        """
        return Role(1 - self)


@dataclass(frozen=True)
class PiquetDeal:
    """One deal up to the end of the exchange: dealt cards, stock and discards, by role.

    Masks are of ``Card.bit``; ``stock`` is card indices, top first. Elder's discard of *n*
    takes the top *n* of the stock, younger's the next ones.

    >>> deal = PiquetDeal.of("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    ...     "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D", "9S 8S KH 9C KD QS AC 7D",
    ...     "KS 8C 7C 9D 8D", "7S 9H 7H")
    >>> format_cards(deal.hand(Role.ELDER))
    '9C JC KD 8H JH QH KH AH 8S 9S JS AS'
    >>> deal.state().category, deal.elder, deal.younger
    ('point', 'A', 'B')
    """

    dealt: tuple[int, int]
    """The twelve cards each was dealt (elder, younger)."""
    stock: tuple[int, ...]
    """Card indices, top first."""
    discards: tuple[int, int]
    """Elder's discard, younger's discard."""
    dealer: str = "B"
    seats: tuple[str, str] = SEATS
    case: str = ""
    """The case the builder made (``""``: a plain deal)."""

    @classmethod
    def of(
        cls,
        elder: str,
        younger: str,
        stock: str,
        elder_discard: str,
        younger_discard: str,
        dealer: str = "B",
        case: str = "",
    ) -> PiquetDeal:
        """A deal from card codes (for tests and fixed layouts)."""
        return cls(
            (_mask(elder), _mask(younger)),
            tuple(c.index for c in _cards(stock)),
            (_mask(elder_discard), _mask(younger_discard)),
            dealer,
            SEATS,
            case,
        )

    # -- seats and roles --

    @property
    def elder(self) -> str:
        """The elder hand's seat (the non-dealer)."""
        return self.seats[1 - self.seats.index(self.dealer)]

    @property
    def younger(self) -> str:
        """The younger hand's seat (the dealer)."""
        return self.dealer

    def seat(self, role: Role) -> str:
        return self.younger if role else self.elder

    def role(self, seat: str) -> Role:
        return Role.YOUNGER if seat == self.dealer else Role.ELDER

    def with_dealer(self, dealer: str) -> PiquetDeal:
        """The same cards with another seat dealing (so another seat is elder)."""
        return replace(self, dealer=dealer)

    # -- cards --

    @property
    def taken(self) -> tuple[int, int]:
        """The cards each took from the stock."""
        ke = self.discards[0].bit_count()
        ky = self.discards[1].bit_count()
        return _indices_mask(self.stock[:ke]), _indices_mask(self.stock[ke : ke + ky])

    @cached_property
    def hands(self) -> tuple[int, int]:
        """The hands after the exchange (elder, younger). Worked out once per deal: a
        question asks for them dozens of times (the dataclass's fields stay its identity)."""
        te, ty = self.taken
        return (
            (self.dealt[0] & ~self.discards[0]) | te,
            (self.dealt[1] & ~self.discards[1]) | ty,
        )

    def hand(self, role: Role) -> tuple[Card, ...]:
        """The cards held after the exchange."""
        return cards_from_mask(self.hands[role])

    def dealt_hand(self, role: Role) -> tuple[Card, ...]:
        return cards_from_mask(self.dealt[role])

    def carte_blanche(self, role: Role) -> bool:
        """Whether ``role`` was dealt carte blanche (no king, queen or jack)."""
        return not self.dealt[role] & COURT_MASK

    # -- the engine --

    def deal_json(self) -> dict[str, Any]:
        """The deal as the engine's record JSON (``"dealer"``, ``"hands"``, ``"stock"``)."""
        return {
            "dealer": self.dealer,
            "hands": {
                self.elder: format_cards(self.dealt_hand(Role.ELDER)),
                self.younger: format_cards(self.dealt_hand(Role.YOUNGER)),
            },
            "stock": format_cards(ALL_CARDS[i] for i in self.stock),
        }

    def exchanges(self) -> tuple[Exchange, Exchange]:
        """Elder's and younger's exchange actions."""
        return Exchange(self.elder, self.discards[0]), Exchange(self.younger, self.discards[1])

    def start(self) -> State:
        """The engine's first state of the deal (before the exchange)."""
        data = self.deal_json()
        state, _ = new_deal(
            hands=data["hands"], stock=data["stock"], dealer=self.dealer, seats=self.seats
        )
        return state

    def state(self) -> State:
        """The engine's state after both exchanges (elder to declare his point)."""
        state = self.start()
        for action in self.exchanges():
            state, _ = apply(state, action)
        return state


def _cards(codes: str) -> tuple[Card, ...]:
    return parse_cards(codes)


def _mask(codes: str) -> int:
    m = 0
    for c in _cards(codes):
        m |= c.bit
    return m


def _indices_mask(indices: Iterable[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


# ---------------------------------------------------------------------------------------------
# What a hand is worth, by the engine's functions
# ---------------------------------------------------------------------------------------------


def best_value(cat: int, hand: int) -> tuple[int, int]:
    """The comparable value of the best claim of ``hand`` in ``cat`` (0 point, 1 sequences,
    2 sets); ``(0, -1)`` when it has none. Higher is better.

    >>> best_value(0, _mask("AH KH QH JH 8H 7S")), best_value(2, _mask("AH AS 7C"))
    ((5, 49), (0, -1))
    """
    claim = honest(cat, hand)
    return value(cat, claim) if claim else (0, -1)


def hand_scores(hand: int) -> tuple[int, int, int]:
    """What ``hand`` scores for point, sequences and sets if every category is good.

    >>> hand_scores(_mask("AH KH QH JH 10H 9H AS AC AD 7S 8S 7C"))
    (6, 16, 14)
    """
    return (
        claim_score(0, honest(0, hand)),
        claim_score(1, honest(1, hand)),
        claim_score(2, honest(2, hand)),
    )


def _all_good(hand: int) -> int:
    return sum(hand_scores(hand))


def _below(hand: int, cats: Sequence[int] = (0, 1, 2)) -> Callable[[int], bool]:
    """A condition on the opponent's cards: worse than ``hand`` in each of ``cats``."""
    targets = [(cat, best_value(cat, hand)) for cat in cats]
    return lambda m: all(best_value(cat, m) < t for cat, t in targets)


class Reckoning(NamedTuple):
    """What the engine scored in a deal up to younger's first card (honest declarations)."""

    hand: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]
    """By role: carte blanche (I), point (II), sequences (III), sets (IV)."""
    winners: tuple[Role | None, Role | None, Role | None]
    """Who won the point, the sequences and the sets (``None``: equal or nobody)."""
    equal: tuple[bool, bool, bool]
    """Whether the point, the sequences, the sets were equal."""
    repique: Role | None
    pique: bool
    """Elder's pique, scored with his first lead."""
    totals: tuple[int, int]
    """Elder's total after his first lead, younger's when he plays to the first trick (his
    hand, before the trick is decided)."""


_HAND_CATEGORIES = (CARTE_BLANCHE, POINT, SEQUENCE, SET)


def reckon(deal: PiquetDeal, state: State | None = None) -> Reckoning:
    """Play the deal with the engine: both exchanges, the best honest declarations, elder's
    first lead and younger's first card (each the first legal card), and read the score log.

    >>> deal = PiquetDeal.of("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    ...     "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D", "9S 8S KH 9C KD QS AC 7D",
    ...     "KS 8C 7C 9D 8D", "7S 9H 7H")
    >>> r = reckon(deal)
    >>> r.hand, r.totals, r.repique, r.pique
    (((0, 5, 4, 0), (0, 0, 0, 17)), (10, 17), None, False)
    """
    if state is None:
        state = deal.state()
    while state.phase is Phase.DECLARE:
        state, _ = apply(state, best_declaration(state))
    outcomes = state.outcomes
    for _card in range(2):  # elder's lead, younger's first card
        state, _ = apply(state, next(iter(state.legal_actions)))
    elder = state.elder
    hand = [[0, 0, 0, 0], [0, 0, 0, 0]]
    totals = [0, 0]
    repique: Role | None = None
    pique = False
    for seat, cat, points in state.log:
        role = Role.ELDER if seat == elder else Role.YOUNGER
        if cat in _HAND_CATEGORIES:
            hand[role][_HAND_CATEGORIES.index(cat)] += points
        elif cat == REPIQUE:
            repique = role
        elif cat == PIQUE:
            pique = True
        elif cat != LEAD:
            continue  # younger's trick is play, after his hand
        totals[role] += points
    winners = tuple(
        None if o >= EQUAL else Role.ELDER if o == elder else Role.YOUNGER for o in outcomes
    )
    return Reckoning(
        (tuple(hand[0]), tuple(hand[1])),  # type: ignore[arg-type]
        winners,  # type: ignore[arg-type]
        tuple(o == EQUAL for o in outcomes),  # type: ignore[arg-type]
        repique,
        pique,
        (totals[0], totals[1]),
    )


def elder_wins_every_trick(elder: int, younger: int) -> bool:
    """A sufficient test that elder wins all twelve tricks whatever younger plays: in every
    suit, each of elder's top cards that younger can still answer beats younger's highest (so
    elder leads his cards of a suit from the top and never loses the lead).

    >>> elder_wins_every_trick(_mask("AH KH QH JH 10H 9H 8H 7H AS AC AD 7S"),
    ...     _mask("QS JS 10S 9S KC QC JC 10C KD QD JD 10D"))
    False
    >>> elder_wins_every_trick(_mask("AH KH QH JH 10H 9H 8H 7H AS KS AC AD"),
    ...     _mask("QS JS 10S 9S KC QC JC 10C KD QD JD 10D"))
    True
    """
    for s in range(4):
        mine = [i for i in reversed(bits(elder >> (8 * s) & 255))]
        theirs = bits(younger >> (8 * s) & 255)
        if mine and theirs and any(o < theirs[-1] for o in mine[: len(theirs)]):
            return False
    return True


# ---------------------------------------------------------------------------------------------
# Construction helpers
# ---------------------------------------------------------------------------------------------


def _run(suit: int, top: int, length: int) -> int:
    """The mask of ``length`` cards in suit order ending at offset ``top`` (7 is the ace)."""
    return ((1 << length) - 1) << (top - length + 1) << (8 * suit)


def _fill(
    rng: random.Random,
    have: int,
    pool: int,
    n: int = CARDS_DEALT,
    ok: Callable[[int], bool] | None = None,
) -> int | None:
    """``have`` plus random cards of ``pool`` up to ``n`` cards, each card kept only if the
    hand so far still satisfies ``ok``; ``None`` if the pool runs out first."""
    cards = bits(pool & ~have)
    rng.shuffle(cards)
    for i in cards:
        if have.bit_count() >= n:
            break
        m = have | 1 << i
        if ok is None or ok(m):
            have = m
    return have if have.bit_count() == n else None


def _pick(rng: random.Random, pool: int, n: int) -> int:
    """``n`` random cards of ``pool`` (all of them if fewer)."""
    cards = bits(pool)
    return _indices_mask(rng.sample(cards, min(n, len(cards))))


def _permute(m: int, perm: Sequence[int]) -> int:
    """The mask with suit ``s`` moved to suit ``perm[s]``."""
    return sum((m >> (8 * s) & 255) << (8 * perm[s]) for s in range(4))


def _with_exchange(
    rng: random.Random,
    elder: int,
    younger: int,
    cb: Role | None = None,
    dealer: str | None = None,
    case: str = "",
) -> PiquetDeal | None:
    """A deal whose exchange leaves elder and younger with these hands (a plausible exchange
    worked backwards: what each took from the stock, what each discarded). Only ``cb`` (if
    any) is dealt carte blanche; ``None`` if these hands cannot give that."""
    rest = FULL & ~elder & ~younger
    finals = (elder, younger)
    if dealer is None:
        dealer = rng.choice(SEATS)
    for _attempt in range(4):
        dealt = [0, 0]
        taken = [0, 0]
        discards = [0, 0]
        left = rest
        room = ELDER_STOCK
        ok = True
        for role in Role:
            hand = finals[role]
            courts = hand & COURT_MASK
            lo = max(ELDER_MIN_DISCARD, courts.bit_count() if role is cb else 1)
            hi = room if role is Role.ELDER else min(room, STOCK - ELDER_STOCK + 2)
            if lo > hi:
                return None
            if role is Role.ELDER:
                sizes = range(lo, hi + 1)
                k = rng.choices(sizes, [1 + 3 * (n >= 3) + 3 * (n == hi) for n in sizes])[0]
            else:
                k = rng.randint(lo, hi)
            if role is cb:
                take = courts | _pick(rng, hand & ~courts, k - courts.bit_count())
                discard = _pick(rng, left & ~COURT_MASK, k)
            else:
                keep = _pick(rng, courts, 1)  # a court stays: no carte blanche
                take = _pick(rng, hand & ~keep, k)
                need = 0 if keep else _pick(rng, left & COURT_MASK, 1)
                discard = need | _pick(rng, left & ~need, k - need.bit_count())
            if discard.bit_count() != k or take.bit_count() != k:
                ok = False
                break
            dealt[role] = (hand & ~take) | discard
            if (role is cb) == bool(dealt[role] & COURT_MASK):
                ok = False
                break
            taken[role], discards[role] = take, discard
            left &= ~discard
            room = STOCK - k
        if not ok:
            continue
        order = [bits(taken[0]), bits(taken[1]), bits(left)]
        for part in order:
            rng.shuffle(part)
        stock = tuple(order[0] + order[1] + order[2])
        return PiquetDeal(
            (dealt[0], dealt[1]), stock, (discards[0], discards[1]), dealer, SEATS, case
        )
    return None


def _keep_value(rng: random.Random, i: int, hand: int) -> float:
    """How much a player wants to keep card ``i`` (a rough, random discarding habit)."""
    o, s = i & 7, i >> 3
    length = (hand >> (8 * s) & 255).bit_count()
    pair = 4 if o >= 3 and (hand & RANK_MASKS[o]).bit_count() >= 2 else 0
    return 2 * o + 3 * length + pair + 3 * rng.random()


def _discard(rng: random.Random, hand: int, k: int) -> int:
    cards = sorted(bits(hand), key=lambda i: _keep_value(rng, i, hand))
    return _indices_mask(cards[:k])


def _forward(
    rng: random.Random, dealt: tuple[int, int], stock: list[int], dealer: str | None, case: str
) -> PiquetDeal:
    """A deal from dealt hands and a stock, each player discarding his least useful cards."""
    ke = rng.choices((3, 4, 5), (2, 3, 5))[0]
    de = _discard(rng, dealt[0], ke)
    ky = rng.randint(1, min(STOCK - ke, STOCK - ELDER_STOCK + 1))
    dy = _discard(rng, dealt[1], ky)
    return PiquetDeal(dealt, tuple(stock), (de, dy), dealer or rng.choice(SEATS), SEATS, case)


def _shuffle_suits(rng: random.Random) -> list[int]:
    perm = [0, 1, 2, 3]
    rng.shuffle(perm)
    return perm


def _layout(
    rng: random.Random,
    elder: str,
    younger: str,
    cb: Role | None,
    dealer: str | None,
    case: str,
    swap: bool = False,
) -> PiquetDeal:
    """A fixed layout (hands after the exchange) with its suits permuted; ``swap`` gives
    elder's cards to younger and younger's to elder."""
    e, y = _mask(elder), _mask(younger)
    if swap:
        e, y = y, e
        cb = cb.other if cb is not None else None
    return _layout_masks(rng, e, y, cb, dealer, case)


def _verified(
    rng: random.Random,
    build: Callable[[], PiquetDeal | None],
    test: Callable[[PiquetDeal], bool],
    fallback: Callable[[], PiquetDeal],
) -> PiquetDeal:
    for _attempt in range(_CANDIDATES):
        deal = build()
        if deal is not None and test(deal):
            return deal
    return fallback()


def _role(rng: random.Random, role: Role | None) -> Role:
    return role if role is not None else rng.choice((Role.ELDER, Role.YOUNGER))


# Fixed layouts: hands after the exchange (elder, younger), each checked by the tests.
EXAMPLE = (
    "AS JS 9S 8S AH KH QH JH 8H JC 9C KD",
    "10S QS 10H KC QC 10C AC AD QD JD 10D 7D",
)
"""Cavendish's Example after the exchange: A elder, B younger (B's quatorze against A's trio)."""
EXAMPLE_DEAL = PiquetDeal.of(
    "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
    "9S 8S KH 9C KD QS AC 7D",
    "KS 8C 7C 9D 8D",
    "7S 9H 7H",
    case="example",
)
"""Cavendish's Example as dealt, with A's and B's discards (the replay ``piquet-example``)."""
_REPIQUE = ("AH KH QH JH 10H 9H AS AC AD 7S 8S 7D", "KS QS JS 10S 9S KC QC JC 10C 8D QD JD")
_PIQUE = ("AS KS QS JS 10S AH AD KH KC QD QC 7H", "9S 8S 7S QH JH 10H KD JD 10D AC JC 10C")
_EQUAL = ("AH KH QH JH 9H 9C 8C 7C AS 10S 7S 7D", "AD KD QD JD 9D KS QS JS 10C JC 8H 8S")
_CARTE_BLANCHE = ("AH KH QH JH 10H 9H 8H AS AC AD KS JS", "10S 9S 8S 10C 9C 8C 7C 10D 9D 8D 7D 7H")
_EQUALITY_REPIQUE = (
    "KS QS JS 10S 9S KH KC KD QH QC 7H 8C",
    "AD QD JD 10D 8D 8S 7S JH 9H JC 10C 9C",
)
_EQUAL_SEQUENCES_REPIQUE = (
    "AS KS JS 9S 8S 7S AH AC AD KH KC KD",
    "9H 8H 7H QS 10S QH JH QC 10C 8C QD 10D",
)
_ORDER = ("AH KH QH JH 10H 9H KS KC KD AS AC 7C", "AD QD JD 10D 9D 8D 7D 8H 7H QS JS 8C")
_PIQUE_DENIED = ("AH KH QH JH 10H 10S 10C 10D 7S 8S 7C 9C", "AD KD QD JD 9D 8D 7D 9H 8H KS 9S JC")


# ---------------------------------------------------------------------------------------------
# The builders
# ---------------------------------------------------------------------------------------------


def random_deal(rng: random.Random, dealer: str | None = None) -> PiquetDeal:
    """A shuffled deal, each player discarding his least useful cards.

    >>> deal = random_deal(random.Random(3))
    >>> len(deal.hand(Role.ELDER)), len(deal.hand(Role.YOUNGER)), len(deal.stock)
    (12, 12, 8)
    """
    deck = list(range(32))
    rng.shuffle(deck)
    dealt = (_indices_mask(deck[:12]), _indices_mask(deck[12:24]))
    return _forward(rng, dealt, deck[24:], dealer, "")


def carte_blanche_deal(
    rng: random.Random, holder: Role | None = None, dealer: str | None = None
) -> PiquetDeal:
    """``holder`` (random if ``None``) was dealt carte blanche; the other was not.

    >>> deal = carte_blanche_deal(random.Random(5), Role.YOUNGER)
    >>> reckon(deal).hand[Role.YOUNGER][0], deal.carte_blanche(Role.ELDER)
    (10, False)
    """
    role = _role(rng, holder)
    deck = list(range(32))
    rng.shuffle(deck)
    blank = [i for i in deck if not (1 << i) & COURT_MASK][:12]
    others = [i for i in deck if i not in blank]
    dealt = [0, 0]
    dealt[role] = _indices_mask(blank)
    dealt[role.other] = _indices_mask(others[:12])
    return _forward(rng, (dealt[0], dealt[1]), others[12:], dealer, "carte-blanche")


def _repique_hand(rng: random.Random) -> int:
    """Twelve cards with a quint or longer at the top of the point suit and a quatorze of a
    rank in it: 34 or more in hand if every category is good."""
    suit = rng.randrange(4)
    length = rng.choices((5, 6, 7), (5, 4, 1))[0]
    top = 7 if length == 7 or rng.random() < 0.7 else 6
    run = _run(suit, top, length)
    rank = rng.choice([o for o in SET_OFFSETS if top - length < o <= top])
    hand = _fill(rng, run | RANK_MASKS[rank], FULL)
    assert hand is not None
    return hand


def repique_deal(
    rng: random.Random, holder: Role | None = None, dealer: str | None = None
) -> PiquetDeal:
    """``holder`` (random if ``None``) scores a repique: 30 in hand before the other reckons.

    >>> reckon(repique_deal(random.Random(2), Role.YOUNGER)).repique
    <Role.YOUNGER: 1>
    """
    role = _role(rng, holder)

    def build() -> PiquetDeal | None:
        mine = _repique_hand(rng)
        theirs = _fill(rng, 0, FULL & ~mine, ok=_below(mine, (0, 1)))
        if theirs is None:
            return None
        pair = (mine, theirs) if role is Role.ELDER else (theirs, mine)
        return _with_exchange(rng, *pair, None, dealer, "repique")

    return _verified(
        rng,
        build,
        lambda d: reckon(d).repique is role,
        lambda: _layout(rng, *_REPIQUE, None, dealer, "repique", swap=role is Role.YOUNGER),
    )


def _pique_hand(rng: random.Random) -> int | None:
    """Twelve cards worth exactly 29 in hand if every category is good."""
    suit = rng.randrange(4)
    others = [s for s in range(4) if s != suit]
    if rng.random() < 0.5:
        # a quint (point 5, 15) and three trios (9)
        top = rng.choice((6, 7))
        hand = _run(suit, top, SEQUENCE_BONUS_FROM)
        for rank in rng.sample([o for o in SET_OFFSETS if top - 5 < o <= top], 3):
            for s in rng.sample(others, 2):
                hand |= 1 << (8 * s + rank)
    else:
        # a sixième (point 6, 16), a quart in another suit (4) and a trio (3)
        top = rng.choice((5, 6, 7))
        hand = _run(suit, top, 6)
        hand |= _run(rng.choice(others), rng.randint(3, 7), 4)
        rank = rng.choice([o for o in SET_OFFSETS if top - 6 < o <= top])
        missing = bits(RANK_MASKS[rank] & ~hand)
        held = 4 - len(missing)
        hand |= _indices_mask(rng.sample(missing, max(0, 3 - held)))
    if hand.bit_count() > CARDS_DEALT or _all_good(hand) != 29:
        return None
    return _fill(rng, hand, FULL, ok=lambda m: _all_good(m) == 29)


def pique_deal(rng: random.Random, dealer: str | None = None) -> PiquetDeal:
    """Elder has 29 in hand and younger reckons nothing: elder's first lead makes 30, a pique.

    >>> reckon(pique_deal(random.Random(4))).pique
    True
    """

    def build() -> PiquetDeal | None:
        mine = _pique_hand(rng)
        if mine is None:
            return None
        theirs = _fill(rng, 0, FULL & ~mine, ok=_below(mine))
        return None if theirs is None else _with_exchange(rng, mine, theirs, None, dealer, "pique")

    return _verified(
        rng,
        build,
        lambda d: reckon(d).pique,
        lambda: _layout(rng, *_PIQUE, None, dealer, "pique"),
    )


_POINT_LENGTHS = ((4, 5, 6), (3, 5, 2))
_COURT_OR_TEN = (3, 4, 5, 6)
"""Offsets worth ten pips in the point: ten, jack, queen, king."""


def equal_point_deal(rng: random.Random, dealer: str | None = None) -> PiquetDeal:
    """Both points have as many cards and as many pips: neither scores the point.

    >>> reckon(equal_point_deal(random.Random(6))).equal[0]
    True
    """

    def build() -> PiquetDeal | None:
        length = rng.choices(*_POINT_LENGTHS)[0]
        s1, s2 = rng.sample(range(4), 2)
        offsets = rng.sample(range(8), length)
        tens = [o for o in offsets if o in _COURT_OR_TEN]
        # the same pips: a ten-pip card may be any other ten-pip card
        theirs = [o for o in offsets if o not in _COURT_OR_TEN]
        theirs += rng.sample(_COURT_OR_TEN, len(tens))
        e = _indices_mask(8 * s1 + o for o in offsets)
        y = _indices_mask(8 * s2 + o for o in theirs)
        if e & y:
            return None
        target = best_value(0, e)
        if best_value(0, y) != target:
            return None
        e2 = _fill(rng, e, FULL & ~y, ok=lambda m: best_value(0, m) == target)
        if e2 is None:
            return None
        y2 = _fill(rng, y, FULL & ~e2, ok=lambda m: best_value(0, m) == target)
        return None if y2 is None else _with_exchange(rng, e2, y2, None, dealer, "equal-point")

    return _verified(
        rng,
        build,
        lambda d: reckon(d).equal[0],
        lambda: _layout(rng, *_EQUAL, None, dealer, "equal-point"),
    )


def equal_sequences_deal(rng: random.Random, dealer: str | None = None) -> PiquetDeal:
    """Both best sequences are alike (length and top card): neither scores any sequence.

    >>> reckon(equal_sequences_deal(random.Random(7))).equal[1]
    True
    """

    def build() -> PiquetDeal | None:
        length = rng.choices((3, 4, 5), (7, 9, 4))[0]
        top = rng.randint(length - 1, 7)
        s1, s2 = rng.sample(range(4), 2)
        e, y = _run(s1, top, length), _run(s2, top, length)
        target = (length, top)
        e2 = _fill(rng, e, FULL & ~y, ok=lambda m: best_value(1, m) == target)
        if e2 is None:
            return None
        y2 = _fill(rng, y, FULL & ~e2, ok=lambda m: best_value(1, m) == target)
        return None if y2 is None else _with_exchange(rng, e2, y2, None, dealer, "equal-sequences")

    return _verified(
        rng,
        build,
        lambda d: reckon(d).equal[1],
        lambda: _layout(rng, *_EQUAL, None, dealer, "equal-sequences"),
    )


def long_sequence_deal(
    rng: random.Random, holder: Role | None = None, dealer: str | None = None
) -> PiquetDeal:
    """``holder`` (random if ``None``) holds a quint or longer after the exchange.

    >>> deal = long_sequence_deal(random.Random(8), Role.ELDER)
    >>> best_value(1, deal.hands[Role.ELDER])[0] >= 5
    True
    """
    role = _role(rng, holder)

    def build() -> PiquetDeal | None:
        length = rng.choices((5, 6, 7, 8), (11, 6, 2, 1))[0]
        mine = _fill(rng, _run(rng.randrange(4), rng.randint(length - 1, 7), length), FULL)
        assert mine is not None
        theirs = _fill(rng, 0, FULL & ~mine)
        assert theirs is not None
        pair = (mine, theirs) if role is Role.ELDER else (theirs, mine)
        return _with_exchange(rng, *pair, None, dealer, "quint")

    return _verified(
        rng,
        build,
        lambda d: best_value(1, d.hands[role])[0] >= SEQUENCE_BONUS_FROM,
        lambda: _layout(rng, *_REPIQUE, None, dealer, "quint", swap=role is Role.YOUNGER),
    )


def quatorze_trio_deal(
    rng: random.Random, holder: Role | None = None, dealer: str | None = None
) -> PiquetDeal:
    """``holder`` (random if ``None``) has a quatorze, the other only trios (often of a
    higher rank): the quatorze is good.

    >>> deal = quatorze_trio_deal(random.Random(9), Role.YOUNGER)
    >>> reckon(deal).winners[2], best_value(2, deal.hands[Role.ELDER])[0]
    (<Role.YOUNGER: 1>, 3)
    """
    role = _role(rng, holder)

    def build() -> PiquetDeal | None:
        quatorze, trio = rng.sample(SET_OFFSETS, 2)
        if trio < quatorze and rng.random() < 0.6:
            quatorze, trio = trio, quatorze  # mostly a trio of a higher rank
        mine = _fill(rng, RANK_MASKS[quatorze], FULL & ~RANK_MASKS[trio])
        assert mine is not None
        three = _pick(rng, RANK_MASKS[trio], 3)
        theirs = _fill(rng, three, FULL & ~mine, ok=lambda m: best_value(2, m)[0] < 4)
        if theirs is None:
            return None
        pair = (mine, theirs) if role is Role.ELDER else (theirs, mine)
        return _with_exchange(rng, *pair, None, dealer, "quatorze-trio")

    def test(d: PiquetDeal) -> bool:
        return (
            reckon(d).winners[2] is role
            and best_value(2, d.hands[role])[0] == 4
            and best_value(2, d.hands[role.other])[0] == 3
        )

    return _verified(
        rng,
        build,
        test,
        lambda: _layout(rng, *EXAMPLE, None, dealer, "quatorze-trio", swap=role is Role.ELDER),
    )


def capot_deal(rng: random.Random, dealer: str | None = None) -> PiquetDeal:
    """Elder can win every trick (capot) whatever younger plays: in each suit, his top cards
    are above everything younger can keep (:func:`elder_wins_every_trick`).

    >>> deal = capot_deal(random.Random(10))
    >>> elder_wins_every_trick(*deal.hands)
    True
    """
    for _attempt in range(_CANDIDATES):
        # elder's suit lengths, then younger's (at most the rest of each suit)
        lengths = [0, 0, 0, 0]
        for s in rng.choices(range(4), (6, 3, 2, 1), k=12):
            lengths[s] += 1
        if max(lengths) > 8:
            continue
        room = [8 - n for n in lengths]
        theirs = [0, 0, 0, 0]
        slots = [s for s in range(4) for _ in range(room[s])]
        for s in rng.sample(slots, 12):
            theirs[s] += 1
        e = y = 0
        for s in range(4):
            k, m = lengths[s], theirs[s]
            solid = min(k, m) if m else 0
            e |= _run(s, 7, solid) if solid else 0
            below = [8 * s + o for o in range(8 - solid)]
            rng.shuffle(below)
            e |= _indices_mask(below[: k - solid])
            y |= _indices_mask(below[k - solid : k - solid + m])
        if e.bit_count() != 12 or y.bit_count() != 12 or not elder_wins_every_trick(e, y):
            continue
        deal = _with_exchange(rng, e, y, None, dealer, "capot")
        if deal is not None:
            return deal
    e = _run(2, 7, 8) | _run(3, 7, 2) | 1 << 7 | 1 << 15  # all hearts, A K of spades, two aces
    return _layout_masks(rng, e, _fill(rng, 0, FULL & ~e) or 0, None, dealer, "capot")


def _layout_masks(
    rng: random.Random, e: int, y: int, cb: Role | None, dealer: str | None, case: str
) -> PiquetDeal:
    """Hands after the exchange with their suits permuted, and an exchange that gives them."""
    perm = _shuffle_suits(rng)
    e, y = _permute(e, perm), _permute(y, perm)
    for _attempt in range(_EXCHANGE_TRIES):
        deal = _with_exchange(rng, e, y, cb, dealer, case)
        if deal is not None:
            return deal
    raise AssertionError(f"layout {case!r} has no exchange")  # pragma: no cover


def carte_blanche_saves_repique_deal(
    rng: random.Random, holder: Role | None = None, dealer: str | None = None
) -> PiquetDeal:
    """``holder`` (random if ``None``) has 30 or more in hand and the other reckons nothing
    but his carte blanche, which reckons first (I): no repique.

    >>> r = reckon(carte_blanche_saves_repique_deal(random.Random(11), Role.ELDER))
    >>> r.repique, r.hand[Role.YOUNGER], sum(r.hand[Role.ELDER]) >= 30
    (None, (10, 0, 0, 0), True)
    """
    role = _role(rng, holder)

    def build() -> PiquetDeal | None:
        mine = _repique_hand(rng)
        worse = _below(mine)
        theirs = _fill(
            rng, 0, FULL & ~mine, ok=lambda m: (m & COURT_MASK).bit_count() <= 2 and worse(m)
        )
        if theirs is None:
            return None
        pair = (mine, theirs) if role is Role.ELDER else (theirs, mine)
        return _with_exchange(rng, *pair, role.other, dealer, "carte-blanche")

    def test(d: PiquetDeal) -> bool:
        r = reckon(d)
        return r.repique is None and r.hand[role.other] == (10, 0, 0, 0) and sum(r.hand[role]) >= 30

    return _verified(
        rng,
        build,
        test,
        lambda: _layout(
            rng, *_CARTE_BLANCHE, Role.YOUNGER, dealer, "carte-blanche", swap=role is Role.YOUNGER
        ),
    )


def equality_repique_deal(
    rng: random.Random,
    holder: Role | None = None,
    dealer: str | None = None,
    equality: int | None = None,
) -> PiquetDeal:
    """The points are equal (``equality`` 0) or the best sequences are (1; random if
    ``None``), so nobody scores them, and ``holder`` (random if ``None``) still reaches 30
    with the other categories before the other reckons: an equality saves nothing.

    >>> r = reckon(equality_repique_deal(random.Random(12), Role.ELDER, equality=0))
    >>> r.equal[0], r.repique
    (True, <Role.ELDER: 0>)
    >>> r = reckon(equality_repique_deal(random.Random(12), Role.YOUNGER, equality=1))
    >>> r.equal[1], r.repique
    (True, <Role.YOUNGER: 1>)
    """
    role = _role(rng, holder)
    if equality is None:
        equality = rng.choice((0, 0, 1))
    layout = _EQUALITY_REPIQUE if equality == 0 else _EQUAL_SEQUENCES_REPIQUE
    case = "equal-point" if equality == 0 else "equal-sequences"
    return _layout(rng, *layout, None, dealer, case, swap=role is Role.YOUNGER)


def order_denies_repique_deal(
    rng: random.Random, holder: Role | None = None, dealer: str | None = None
) -> PiquetDeal:
    """``holder`` (random if ``None``) has 30 or more in hand but reaches 30 only with his
    sequences or sets, after the other's point has reckoned (II): no repique.

    >>> r = reckon(order_denies_repique_deal(random.Random(13), Role.ELDER))
    >>> r.repique, r.winners[0], sum(r.hand[Role.ELDER]) >= 30
    (None, <Role.YOUNGER: 1>, True)
    """
    role = _role(rng, holder)
    return _layout(rng, *_ORDER, None, dealer, "repique-denied", swap=role is Role.YOUNGER)


def pique_denied_deal(rng: random.Random, dealer: str | None = None) -> PiquetDeal:
    """Elder has 29 in hand, but younger's point reckons before elder's first lead: no pique.

    >>> r = reckon(pique_denied_deal(random.Random(14)))
    >>> r.pique, sum(r.hand[Role.ELDER]), r.winners[0]
    (False, 29, <Role.YOUNGER: 1>)
    """
    return _layout(rng, *_PIQUE_DENIED, None, dealer, "pique-denied")


BUILDERS: Mapping[str, Callable[[random.Random], PiquetDeal]] = {
    "plain": random_deal,
    "carte-blanche": carte_blanche_deal,
    "repique": repique_deal,
    "pique": pique_deal,
    "equal-point": equal_point_deal,
    "equal-sequences": equal_sequences_deal,
    "quint": long_sequence_deal,
    "quatorze-trio": quatorze_trio_deal,
    "capot": capot_deal,
    "carte-blanche-saves-repique": carte_blanche_saves_repique_deal,
    "equality-repique": equality_repique_deal,
    "repique-denied": order_denies_repique_deal,
    "pique-denied": pique_denied_deal,
}
"""Every builder by case name (each called with a random source alone)."""
