"""Declarations: claims, their values and names, the honest claim, the reckoning order, repique.

A claim is a mask of the cards a player declares in one category (``cat`` 0 point, 1
sequences, 2 sets; 0 = nothing). A claim may be less than the player holds (*sinking*): any
cards of one suit for the point; runs of 3+ in suit order for sequences; three or four of a
rank (A K Q J 10) for sets.

Elder's claim is spoken first; younger's claim is his answer ("good" / "not good" / "equal"
follow from the two claims). Elder scores what is good at once; younger's good claims are shown
and scored when he plays to the first trick (:func:`score_younger_claims`). Repique is judged
in the reckoning order (I carte blanche, II point, III sequences, IV sets), not the speaking
order (:func:`judge_repique`, the one check for both players).

>>> from cardtutor.engine.cards import format_cards, parse_cards
>>> point_value(parse_cards("AH KH QH JH 8H"))
(5, 49)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from cardtutor.engine.cards import Card, cards_from_mask
from cardtutor.engine.piquet.actions import Declare, category_index
from cardtutor.engine.piquet.categories import (
    CATEGORY_RULE,
    DECLARATION_CATEGORIES,
    REPIQUE,
)
from cardtutor.engine.piquet.constants import (
    MIN_SEQUENCE,
    PIQUE_AT,
    POINTS_CARTE_BLANCHE,
    POINTS_QUATORZE,
    POINTS_REPIQUE,
    POINTS_TRIO,
    SET_MIN,
    sequence_points,
)
from cardtutor.engine.piquet.masks import (
    COURT_MASK,
    PIPS_BYTE,
    RANK_MASKS,
    RUNS,
    SEQ_BEST,
    SEQ_HONEST,
    SEQ_SCORE,
    SEQ_SUBS,
    SET_OFFSETS,
    SUIT_MASKS,
    bits,
    mask,
    pips,
    submasks,
)
from cardtutor.engine.piquet.phase import (
    DECLARE,
    EQUAL,
    NOBODY,
    PIQUE_DEAD,
    PIQUE_HAND,
    PIQUE_LIVE,
    PLAY,
)
from cardtutor.engine.piquet.tally import Tally
from cardtutor.engine.text import Msg

if TYPE_CHECKING:
    from cardtutor.engine.piquet.state import State

__all__ = ["point_value", "is_carte_blanche", "honest_claim", "best_declaration"]

# Reckoning categories (judging pique and repique): I carte blanche, II point, III sequences,
# IV sets; NOTHING when a player reckons nothing in hand.
_RECKONED = 4
_NOTHING = 4


class Combination(NamedTuple):
    """One scoring combination of a claim."""

    cards: int
    points: int
    name: Msg | None
    """``None`` when not explaining."""


# --------------------------------------------------------------------------------------------
# Values and names
# --------------------------------------------------------------------------------------------


def value(cat: int, m: int) -> tuple[int, int]:
    """Comparable value of a (valid, non-empty) claim: higher is better."""
    if cat == 0:
        return (m.bit_count(), pips(m))
    # suit by suit or rank by rank, unrolled: no generator (six claims a deal)
    if cat == 1:
        return max(
            SEQ_BEST[m & 255], SEQ_BEST[m >> 8 & 255], SEQ_BEST[m >> 16 & 255], SEQ_BEST[m >> 24]
        )
    # the most cards of one rank, then the highest rank (as max() over the offsets: an empty
    # claim gives (0, the ace offset)); unrolled, no tuples but the result's
    best_n, best_o = (m & _ACES).bit_count(), 7
    for o, rank in _LOWER_SET_RANKS:
        n = (m & rank).bit_count()
        if n > best_n:
            best_n, best_o = n, o
    return best_n, best_o


def _set_points(n: int) -> int:
    return POINTS_QUATORZE if n == 4 else POINTS_TRIO if n == SET_MIN else 0


_POINT_KEY = tuple(b.bit_count() << 8 | PIPS_BYTE[b] for b in range(256))
"""Per suit byte: (number of cards, pips) as one comparable int (pips < 256)."""
_SET_POINTS = tuple(_set_points(n) for n in range(5))
"""The points of a set by its number of cards (0 for none)."""
_ACES, _KINGS, _QUEENS, _JACKS, _TENS = (RANK_MASKS[o] for o in SET_OFFSETS)
_SET_RANKS = (_ACES, _KINGS, _QUEENS, _JACKS, _TENS)
_LOWER_SET_RANKS = tuple((o, RANK_MASKS[o]) for o in SET_OFFSETS[1:])
"""(offset, rank mask) of the set ranks below the ace, best first."""
_SEQ_POINTS = tuple(
    tuple(sequence_points(n) for _, n in runs if n >= MIN_SEQUENCE) for runs in RUNS
)
"""Per suit byte: the points of each of its sequences (runs of 3 or more)."""


def combinations(cat: int, m: int, named: bool) -> list[Combination]:
    """The scoring combinations of a claim, best first (``named``: with their names)."""
    if cat == 0:
        return [Combination(m, m.bit_count(), point_name(m) if named else None)]
    out: list[Combination] = []
    if cat == 1:
        for s in (3, 2, 1, 0):
            for lo, n in RUNS[(m >> (8 * s)) & 255]:
                run = (((1 << n) - 1) << lo) << (8 * s)
                out.append(Combination(run, sequence_points(n), seq_name(lo, n) if named else None))
    else:
        for o in SET_OFFSETS:
            cards = m & RANK_MASKS[o]
            n = cards.bit_count()
            if n:
                name = None
                if named:
                    kind = Msg("piquet.kind.quatorze" if n == 4 else "piquet.kind.trio")
                    name = Msg("piquet.setname.kind", name=set_name(o, n), kind=kind)
                out.append(Combination(cards, _set_points(n), name))
    out.sort(key=lambda c: -c.points)
    return out


def claim_score(cat: int, m: int) -> int:
    """The points of a (valid) claim."""
    if cat == 0:
        return m.bit_count()
    if cat == 1:  # unrolled, as in value()
        return (
            SEQ_SCORE[m & 255]
            + SEQ_SCORE[m >> 8 & 255]
            + SEQ_SCORE[m >> 16 & 255]
            + SEQ_SCORE[m >> 24]
        )
    return (  # rank by rank, unrolled
        _SET_POINTS[(m & _ACES).bit_count()]
        + _SET_POINTS[(m & _KINGS).bit_count()]
        + _SET_POINTS[(m & _QUEENS).bit_count()]
        + _SET_POINTS[(m & _JACKS).bit_count()]
        + _SET_POINTS[(m & _TENS).bit_count()]
    )


def high_first(m: int) -> tuple[Card, ...]:
    """Cards of a mask, highest index first (spades to clubs, ace to seven)."""
    return cards_from_mask(m)[::-1]


def point_name(m: int) -> Msg:
    return Msg("piquet.name.point", n=Msg(f"piquet.num.{m.bit_count()}"), pips=pips(m))


def seq_name(lo: int, n: int, cap: bool = False) -> Msg:
    kind = Msg(f"piquet.seqkind.{n}.cap" if cap else f"piquet.seqkind.{n}")
    top = lo + n - 1
    if top == 7:
        return Msg("piquet.seqname.major", kind=kind)
    if lo == 0:
        return Msg("piquet.seqname.minor", kind=kind)
    return Msg("piquet.seqname.to", kind=kind, to=Msg(f"piquet.seqto.{top}"))


def set_name(o: int, n: int, cap: bool = False) -> Msg:
    return Msg(
        "piquet.setname",
        n=Msg(f"piquet.Num.{n}" if cap else f"piquet.num.{n}"),
        ranks=Msg(f"piquet.ranks.{o}"),
    )


# --------------------------------------------------------------------------------------------
# Honest claims and the options of a hand
# --------------------------------------------------------------------------------------------


def honest(cat: int, hand: int) -> int:
    """The best honest claim of ``hand``: the best suit for the point; every sequence or every
    set held."""
    if cat == 0:
        # The suit with the most cards, then the most pips (the lowest suit of equals), by
        # one table look-up per suit: no (count, pips) tuples and no pips() calls.
        best, best_key = 0, 0
        for shift in (0, 8, 16, 24):
            key = _POINT_KEY[hand >> shift & 255]
            if key > best_key:
                best, best_key = shift, key
        return hand & (255 << best) if best_key else 0
    if cat == 1:  # suit by suit (unrolled: no generator)
        return (
            SEQ_HONEST[hand & 255]
            | SEQ_HONEST[hand >> 8 & 255] << 8
            | SEQ_HONEST[hand >> 16 & 255] << 16
            | SEQ_HONEST[hand >> 24 & 255] << 24
        )
    claim = 0
    for o in SET_OFFSETS:
        held = hand & RANK_MASKS[o]
        if held.bit_count() >= SET_MIN:
            claim |= held
    return claim


def claim_options(cat: int, hand: int) -> Iterator[int]:
    """Every legal claim of ``hand`` in ``cat`` (0, nothing, included)."""
    if cat == 0:
        yield 0
        for s in range(4):
            b = (hand >> (8 * s)) & 255
            for sub in submasks(b):
                if sub:
                    yield sub << (8 * s)
        return
    if cat == 1:
        per: list[list[int]] = [
            [sub << (8 * s) for sub in SEQ_SUBS[(hand >> (8 * s)) & 255]] for s in range(4)
        ]
    else:
        per = []
        for o in SET_OFFSETS:
            cards = bits(hand & RANK_MASKS[o])
            opts = [0]
            if len(cards) >= SET_MIN:
                opts += [mask(c) for c in itertools.combinations(cards, SET_MIN)]
            if len(cards) == 4:
                opts.append(mask(cards))
            per.append(opts)
    for parts in itertools.product(*per):
        yield sum(parts)


def random_claim(cat: int, hand: int, rng: random.Random) -> int:
    """A random legal claim (sinking included; not uniform)."""
    if cat == 0:
        suits = [hand & sm for sm in SUIT_MASKS if hand & sm]
        if not suits or rng.random() < 0.2:
            return 0
        suit = rng.choice(suits)
        sub = 0
        while not sub:
            sub = suit & rng.getrandbits(32)
        return sub
    if cat == 1:
        return sum(rng.choice(SEQ_SUBS[(hand >> (8 * s)) & 255]) << (8 * s) for s in range(4))
    out = 0
    for o in SET_OFFSETS:
        cards = bits(hand & RANK_MASKS[o])
        if len(cards) >= SET_MIN and rng.random() < 0.7:
            out |= mask(cards if rng.random() < 0.5 else rng.sample(cards, SET_MIN))
    return out


# --------------------------------------------------------------------------------------------
# Public helpers on cards
# --------------------------------------------------------------------------------------------


def point_value(cards: Iterable[Card]) -> tuple[int, int]:
    """(number of cards, pip total) of cards of one suit: A 11, K Q J 10 ten, others face value.

    >>> from cardtutor.engine.cards import parse_cards
    >>> point_value(parse_cards("AD QD JD 10D 7D"))
    (5, 48)
    """
    m = 0
    for c in cards:
        m |= c.bit
    return (m.bit_count(), pips(m))


def is_carte_blanche(cards: Iterable[Card]) -> bool:
    """No king, queen or jack among the cards (the ten is no court card).

    >>> from cardtutor.engine.cards import parse_cards
    >>> is_carte_blanche(parse_cards("AS 10S 9S 8S AH 10H 9H 7H AC 9C 8D 7D"))
    True
    """
    return not any(c.bit & COURT_MASK for c in cards)


def honest_claim(cards: Iterable[Card], category: str) -> tuple[Card, ...]:
    """The best honest claim from ``cards`` in a declaration category.

    For the point, the best suit (most cards, then highest pip total); for sequences and sets,
    every run of 3+ and every trio or quatorze held.

    >>> from cardtutor.engine.cards import format_cards, parse_cards
    >>> honest_claim(parse_cards("AS JS 9S 8S AH KH QH JH 8H JC 9C KD"), "point")
    (Card.parse('8H'), Card.parse('JH'), Card.parse('QH'), Card.parse('KH'), Card.parse('AH'))
    >>> format_cards(honest_claim(parse_cards("AS JS 9S 8S AH KH QH JH 8H JC 9C KD"), "set"))
    'JC JH JS'
    """
    m = 0
    for c in cards:
        m |= c.bit
    return cards_from_mask(honest(category_index(category), m))


def best_declaration(state: State) -> Declare:
    """The best honest declaration for the player to act (in a declaring phase).

    >>> from cardtutor.engine.piquet import Exchange, apply, new_deal
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
    return Declare(state.seats[state.turn], cat, honest(i, state.hands[state.turn]))


# --------------------------------------------------------------------------------------------
# The reckoning order and repique
# --------------------------------------------------------------------------------------------


def reckoning(
    claims: tuple[int, ...], outcomes: tuple[int, int, int], cb: int
) -> tuple[list[int], list[int]]:
    """Hand scores per seat by reckoning category (I carte blanche, II point, III sequences,
    IV sets)."""
    reck = (
        [POINTS_CARTE_BLANCHE if cb & 1 else 0, 0, 0, 0],
        [POINTS_CARTE_BLANCHE if cb & 2 else 0, 0, 0, 0],
    )
    for cat in range(3):
        w = outcomes[cat]
        if w == 0 or w == 1:
            reck[w][cat + 1] = claim_score(cat, claims[2 * cat + w])
    return reck


def _reach(reck: tuple[list[int], list[int]], seat: int) -> tuple[int, int]:
    """(reckoning category where ``seat`` reaches 30 in hand, or -1; the opponent's first
    scoring category, or ``_NOTHING``)."""
    mine = reck[seat]
    cum = 0
    reached = -1
    for c in range(_RECKONED):
        cum += mine[c]
        if cum >= PIQUE_AT:
            reached = c
            break
    other = reck[1 - seat]
    opp_first = _NOTHING
    for c in range(_RECKONED):  # (a loop, not next() over a generator: every deal asks)
        if other[c]:
            opp_first = c
            break
    return reached, opp_first


def judge_repique(tally: Tally, seat: int, reck: tuple[list[int], list[int]]) -> bool:
    """Score ``seat``'s repique if he reaches 30 in hand alone before the opponent reckons
    anything (in the reckoning order); explain when the order denies it. True if scored.

    Elder is judged after the declarations, younger when he has scored his hand (at his first
    card): each can only be judged once everything he reckons in hand is known.
    """
    if sum(reck[seat]) < PIQUE_AT:  # most hands: no need to find where
        return False
    reached, opp_first = _reach(reck, seat)
    seats = tally.seats
    if reached < opp_first:
        tally.score(
            seat,
            REPIQUE,
            POINTS_REPIQUE,
            "piquet.score.repique",
            other=seats[1 - seat],
            reached=sum(reck[seat]),
        )
        return True
    tally.info(
        seat,
        "piquet.info.no_repique",
        rule="piquet#reckoning-order",
        seat=seats[seat],
        other=seats[1 - seat],
        hand=sum(reck[seat]),
        threshold=PIQUE_AT,
        at=Msg(f"piquet.catof.{reached}"),
        first=Msg(f"piquet.catof.{opp_first}"),
    )
    return False


def _score_claim(tally: Tally, seat: int, cat: int, claim: int) -> None:
    if not tally.explain:
        # Quiet: only the points, best first as combinations() orders them (equal points
        # make equal log entries), without building a Combination for each.
        score = tally.score
        for pts in _claim_points(cat, claim):
            score(seat, 1 + cat, pts, "")
        return
    for cards, pts, name in combinations(cat, claim, True):
        tally.score(seat, 1 + cat, pts, f"piquet.score.{cat}", high_first(cards), name=name)


def _claim_points(cat: int, m: int) -> list[int]:
    """The points of each combination of a (valid, non-empty) claim, best first."""
    if cat == 0:
        return [m.bit_count()]
    if cat == 1:
        out = [
            *_SEQ_POINTS[m >> 24],
            *_SEQ_POINTS[m >> 16 & 255],
            *_SEQ_POINTS[m >> 8 & 255],
            *_SEQ_POINTS[m & 255],
        ]
    else:
        out = [_SET_POINTS[(m & rank).bit_count()] for rank in _SET_RANKS]
        out = [pts for pts in out if pts]
    if len(out) > 1:
        out.sort(reverse=True)
    return out


def score_younger_claims(tally: Tally, state: State) -> None:
    """Younger shows and scores what is good before playing to the first trick, and his
    repique is judged then."""
    t = state.turn
    reckons = False
    for cat in range(3):
        if state.outcomes[cat] == t:
            reckons = True
            _score_claim(tally, t, cat, state.claims[2 * cat + t])
    if reckons or state.carte_blanche >> t & 1:
        judge_repique(tally, t, reckoning(state.claims, state.outcomes, state.carte_blanche))


# --------------------------------------------------------------------------------------------
# Applying a declaration
# --------------------------------------------------------------------------------------------


def _say_claim(tally: Tally, t: int, cat: int, m: int) -> None:
    rule = CATEGORY_RULE[1 + cat]
    if not m:
        tally.say(t, f"piquet.say.none.{cat}", rule=rule)
    elif cat == 0:
        n = m.bit_count()
        if n == 1:
            tally.say(t, "piquet.say.point1", rule=rule)
        else:
            tally.say(t, "piquet.say.point", rule=rule, n=Msg(f"piquet.Num.{n}"))
    elif cat == 1:
        n, top = value(1, m)
        tally.say(t, "piquet.say.sequence", rule=rule, name=seq_name(top - n + 1, n, cap=True))
    else:
        n, o = value(2, m)
        tally.say(t, "piquet.say.set", rule=rule, name=set_name(o, n, cap=True))


def _answer(tally: Tally, cat: int, younger: int, e: int, y: int) -> int:
    """Younger's answer to elder's claim ``e`` with his claim ``y``: the winner of the category
    (a seat index, ``EQUAL`` or ``NOBODY``)."""
    elder = 1 - younger
    if not e:
        return younger if y else NOBODY
    rule = CATEGORY_RULE[1 + cat]
    ev = value(cat, e)
    yv = value(cat, y) if y else (0, 0)
    if cat == 0 and y and yv[0] == ev[0]:
        tally.say(younger, "piquet.say.equal", rule=rule)
        tally.say(elder, "piquet.say.pips", rule=rule, n=Msg(f"piquet.Num.{ev[1]}"))
    if not y or yv < ev:
        tally.say(younger, "piquet.say.good", rule=rule)
        return elder
    if yv > ev:
        tally.say(younger, "piquet.say.not_good", rule=rule)
        return younger
    tally.say(younger, "piquet.say.equal", rule=rule)
    tally.info(None, f"piquet.info.equal.{cat}", rule=rule)
    return EQUAL


_SILENT = Tally(("", ""), (0, 0), explain=False)
"""The tally of a quiet declaration by elder: nothing scored (its events are never read)."""

_new_state = tuple.__new__


def apply_declare(state: State, action: Declare, explain: bool) -> tuple[State, Tally]:
    """The state after a (legal) declaration and its tally.

    The fields are unpacked by name and the new state built as one tuple display (as the
    quiet play in ``play.py``, which checks the field order): ``_replace`` costs several
    times as much, and a deal has six declarations.
    """
    (
        seats,
        dealer,
        stage,
        t,
        hands,
        dealt,
        stock,
        discards,
        elder_left,
        looked,
        claims,
        outcomes,
        lead,
        leader,
        tricks,
        won,
        totals,
        log,
        pique,
        carte_blanche,
        deal_number,
        partie,
    ) = state[:]  # a plain tuple: one unpacking step (see quiet_play)
    cat = (stage - DECLARE) >> 1
    m = action.cards
    c = list(claims)
    c[2 * cat + t] = m
    claims = (c[0], c[1], c[2], c[3], c[4], c[5])
    if not (stage - DECLARE) & 1:
        # Elder declares; younger answers next.
        stage += 1
        turn = 1 - t
        tally = _SILENT
        if explain:
            tally = Tally(seats, totals, explain)
            _say_claim(tally, t, cat, m)
    else:
        tally = Tally(seats, totals, explain)
        younger, elder = t, 1 - t
        winner = _answer(tally, cat, younger, claims[2 * cat + elder], m)
        if winner == elder:
            _score_claim(tally, elder, cat, claims[2 * cat + elder])
        o = list(outcomes)
        o[cat] = winner
        outcomes = (o[0], o[1], o[2])
        turn = elder
        if cat < 2:
            stage += 1
        else:
            # Declarations are over: elder's hand is known, judge his repique; then whether
            # his pique is still possible (younger has reckoned nothing in hand).
            stage = PLAY
            reck = reckoning(claims, outcomes, carte_blanche)
            if judge_repique(tally, elder, reck):
                pique = PIQUE_DEAD
            else:
                pique = PIQUE_HAND if sum(reck[younger]) else PIQUE_LIVE
        if tally.log:
            totals, log = tally.totals, log + tuple(tally.log)
    new = _new_state(
        type(state),  # State (imported here only for the type checker: a cycle)
        (
            seats,
            dealer,
            stage,
            turn,
            hands,
            dealt,
            stock,
            discards,
            elder_left,
            looked,
            claims,
            outcomes,
            lead,
            leader,
            tricks,
            won,
            totals,
            log,
            pique,
            carte_blanche,
            deal_number,
            partie,
        ),
    )
    return new, tally
