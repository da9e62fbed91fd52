"""The pool of Piquet play problems (drill 5), built offline and stored as package data.

Regenerate it (about half an hour on one core; ``--jobs 2`` halves it) with::

    python -m cardtutor.engine.drills.piquet_play_pool [--jobs 2]

Finding a position where one card is clearly best takes many solver runs, far too slow for a
page view, so the positions are searched for here, once, and stored (:data:`POOL_PATH`, one
position a line) with every figure the feedback needs. The search is deterministic: candidate
``i`` of a kind and level is built from its own random source (:func:`candidate`), so any stored
position can be rebuilt and checked against the file (the tests do, for a few of them).

A candidate is a deal (:mod:`.piquet_hands`), exchanged and declared honestly by the engine,
then played to the position by a plausible policy (mostly the solver's best card, sometimes
any legal card). The position is then judged twice (:func:`judge`):

- **with all cards known**: the exact double-dummy value of every legal card
  (:class:`~cardtutor.engine.solver.piquet_core.PiquetSearch`, the solver's own search), the
  points the play still makes, the learner's minus his opponent's;
- **for the learner's real view**: the same, averaged over :data:`SAMPLES` deals of the cards
  he cannot see, the same deals for every card, each consistent with everything he has seen
  and heard (:func:`learner_view`, :func:`sample_hand`): his hand and discard, every card
  played, the stock's cards he saw, the cards his opponent showed and still holds, the suits
  his opponent has shown he lacks, and the declarations (his opponent's hand must give the
  same dialogue: the same calls, answers and shown combinations).

Where elder's pique is still possible (younger has scored nothing, in hand or in play), both
values add the pique to elder's side whenever his leads reach 30 before younger scores
(:func:`pique_values`, exact: the search is extended by the points elder still needs).

A position is kept when both measures agree (:func:`right_cards`): the right cards are best
with all cards known and within :data:`EPSILON` of the best average; every other legal card is
at least :data:`MARGIN` point worse by **both** measures, and on average by more than
:data:`ERRORS` standard errors of the difference on these deals (so more deals would not change
the ranking). For plain positions the right cards must also be one set of cards that are
equivalent from the learner's side (one suit, no card he cannot place between them).

The stored line of a position is a JSON array (:func:`encode`, :func:`decode`): candidate
number, the deal (dealer, both dealt hands by role, the stock top first, both discards; cards
as two-letter codes, ``T`` for ten), the cards played to the position, the right cards, each
legal card's figures (:data:`FIGURES`) and the tags.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, overload

from cardtutor.engine.cards import ALL_CARDS, Card
from cardtutor.engine.drills.base import Level
from cardtutor.engine.drills.piquet_dialogue import replies
from cardtutor.engine.drills.piquet_hands import (
    EXAMPLE_DEAL,
    PiquetDeal,
    Role,
    capot_deal,
    random_deal,
)
from cardtutor.engine.piquet import Phase, Play, State, apply, best_declaration
from cardtutor.engine.piquet.constants import (
    PIQUE_AT,
    POINTS_LAST_TRICK,
    POINTS_LEAD,
    POINTS_PIQUE,
    TRICKS,
    TRICKS_FOR_THE_CARDS,
)
from cardtutor.engine.piquet.declarations import honest, value
from cardtutor.engine.piquet.masks import FULL, SUIT_MASKS, bits, pips
from cardtutor.engine.piquet.phase import PIQUE_LIVE
from cardtutor.engine.solver.piquet import SCORING
from cardtutor.engine.solver.piquet_core import (
    PiquetPosition,
    PiquetSearch,
    card_classes,
    play_card,
)

__all__ = [
    "POOL_PATH",
    "FORMAT",
    "SAMPLES",
    "MARGIN",
    "EPSILON",
    "ERRORS",
    "FIGURES",
    "EXAMPLE_PLAYS",
    "EXAMPLE_STEPS",
    "Judgement",
    "View",
    "candidate",
    "example_position",
    "judge",
    "learner_view",
    "sample_hand",
    "heard",
    "pique_need",
    "pique_values",
    "right_cards",
    "replay_position",
    "positions",
    "build_pool",
    "encode",
    "decode",
    "dump",
    "load",
    "Group",
    "main",
]

POOL_PATH = Path(__file__).with_name("data") / "piquet_play_pool.json"
"""The pool file (package data)."""
FORMAT = 2
SAMPLES = 80
"""Deals of the unseen cards averaged for the learner's view."""
MARGIN = 1.0
"""Every wrong card loses at least this many points, with all cards known and on average."""
EPSILON = 0.25
"""Right cards are within this of the best average (and best with all cards known)."""
ERRORS = 3.0
"""Every wrong card's average is below the best by more than this many standard errors."""
PER_LEVEL = {Level.EASY: 200, Level.MEDIUM: 200, Level.HARD: 200}
"""Plain positions per level."""
PER_RARE = 30
"""Positions per rare case and level."""
RARE = ("capot", "pique")
_BEST_PLAY = 0.75
"""How often the players before the position play a best card (else any legal card)."""
_MAX_DRAWS = 200
"""Draws of the unseen cards tried per kept sample before a position is given up."""

_TRICKS_LEFT: Mapping[tuple[str, Level], tuple[int, ...]] = {
    ("plain", Level.EASY): (4, 5),
    ("plain", Level.MEDIUM): (6, 7, 8),
    ("plain", Level.HARD): (9, 10, 11),
    ("capot", Level.EASY): (4, 5),
    ("capot", Level.MEDIUM): (6, 7, 8),
    ("capot", Level.HARD): (9, 10, 11),
    ("pique", Level.EASY): (9, 10),
    ("pique", Level.MEDIUM): (10, 11),
    ("pique", Level.HARD): (11, 12),
}
"""Tricks left at the position (the tricks still to be played, the current one included)."""
_PIQUE_DEALS = 40
"""Deals a pique candidate tries for one where elder's pique is still possible and near."""
PIQUE_NEED = (2, 7)
"""The points elder may still need for his pique when the play starts (pique candidates)."""
_FOLLOW_SHARE = 0.5
"""Hard plain positions: how often the learner plays second to a trick."""
_FOLLOW_LEFT = (6, 11)
"""The tricks left when he does (the current one included)."""

EXAMPLE_PLAYS = tuple(
    "AH 10H KH 7D QH 10D JH JD 8H QD KD AD AC 9C KC JC QC 8S 10C 9S QS AS JS 10S".split()
)
"""The cards played in the worked example (Cavendish's), in order."""
EXAMPLE_STEPS = (8, 16, 20)
"""Steps of the worked example (replay ``piquet-example``) whose position is a curated item:
8, A's first lead (his hearts, not the ace of spades); 16, A's fifth lead (the last heart);
20, B's first lead after winning a trick (his clubs from the top)."""
_EXAMPLE_FIRST_PLAY = 8
"""The step of the example's first card (exchanges and six declarations come before)."""

FIGURES = ("known", "average", "tricks", "first_loss", "se", "better", "worse", "pique", "plain")
"""Each legal card's figures, in the stored order: its value with all cards known; its average
over the samples; the tricks the learner wins from here along its best line (all cards known);
the opponent's card that first wins a trick on that line (``""``: none); the standard error of
its average's difference from the best right card's (the right card with the best average; of
equals, the highest card); on how many samples that card does better and worse than it; where
elder's pique is at stake (else ``None``), whether the card makes it whatever younger does, and
the card's value with all cards known without the pique (so ``known - plain`` is what the pique
adds to it, or takes from it, under best play)."""


# ---------------------------------------------------------------------------------------------
# Values: the solver's search, with elder's pique where it is still possible
# ---------------------------------------------------------------------------------------------


def _low(cls: int) -> int:
    return (cls & -cls).bit_length() - 1


class _Pique:
    """Exact values with elder's pique: ``need`` is the points elder still needs (his leads and
    the last trick count; younger's first point kills it). The rest is the solver's search."""

    def __init__(self, search: PiquetSearch, elder: int) -> None:
        self.search = search
        self.elder = elder
        self.memo: dict[tuple[PiquetPosition, int], int] = {}

    def node(self, pos: PiquetPosition, need: int) -> int:
        """The value of ``pos`` for the seat to act, pique live with ``need`` to go."""
        if not pos.hands[pos.to_act]:
            return 0
        key = (pos, need)
        known = self.memo.get(key)
        if known is not None:
            return known
        best = max(self.move(pos, _low(cls), need) for cls in card_classes(pos))
        self.memo[key] = best
        return best

    def move(self, pos: PiquetPosition, card: int, need: int) -> int:
        """The value, for the seat to act, of playing ``card``."""
        me, elder = pos.to_act, self.elder
        child, pts = play_card(pos, card, SCORING)
        g = pts[me] - pts[1 - me]
        sign = 1 if me == elder else -1
        over = not child.hands[0] and not child.hands[1]
        if pos.led < 0:  # a lead: only elder leads while the pique is live
            if me != elder:
                return g - self.search.value(child)
            left = need - POINTS_LEAD
            if left <= 0:
                return g + POINTS_PIQUE - self.search.value(child)
            return g - self.node(child, left)
        winner = child.to_act
        if winner == elder:
            left = need - (POINTS_LAST_TRICK if over else 0)
            if left <= 0:
                g += sign * POINTS_PIQUE
        else:
            left = 0  # younger scored (or leads next): no pique
        if over:
            return g
        rest = self.node(child, left) if left > 0 else self.search.value(child)
        return g + rest if winner == me else g - rest

    def forced(self, pos: PiquetPosition, card: int, need: int) -> bool:
        """Whether elder, leading ``card``, makes the pique whatever younger plays."""
        child, _pts = play_card(pos, card, SCORING)
        left = need - POINTS_LEAD
        if left <= 0:
            return True
        for cls in card_classes(child):
            after, _ = play_card(child, _low(cls), SCORING)
            if after.to_act != self.elder:
                return False
            over = not after.hands[0] and not after.hands[1]
            still = left - (POINTS_LAST_TRICK if over else 0)
            if still <= 0:
                continue
            if over or not any(self.forced(after, _low(c), still) for c in card_classes(after)):
                return False
        return True


def pique_within_reach(elder_cards: int, need: int) -> bool:
    """Whether elder, holding ``elder_cards`` cards, can still score the ``need`` points of
    his pique: at most a point a trick (his lead or his win as second player) and the last
    trick's.

    >>> pique_within_reach(10, 11), pique_within_reach(10, 16), pique_within_reach(10, 0)
    (True, False, False)
    """
    return 0 < need <= elder_cards * POINTS_LEAD + POINTS_LAST_TRICK


def _reachable(pos: PiquetPosition, elder: int, need: int) -> bool:
    return pique_within_reach(pos.hands[elder].bit_count(), need)


def pique_values(
    search: PiquetSearch, pos: PiquetPosition, elder: int, need: int
) -> dict[int, int]:
    """Every legal card's exact value (index -> points, mine minus theirs from here), with
    elder's pique when ``need`` (the points he still needs for it) is positive.

    >>> search = PiquetSearch(SCORING)
    >>> # Elder (0) holds AS KS 7H, younger QS JS 8H; elder has won nine tricks, younger none,
    >>> # and elder needs three more points: leading his spades first, his third lead makes
    >>> # the pique (30); leading the seven of hearts first gives younger a trick and no pique.
    >>> pos = PiquetPosition((1 << 31 | 1 << 30 | 1 << 16, 1 << 29 | 1 << 28 | 1 << 17), 0, -1,
    ...                      (9, 0))
    >>> v = pique_values(search, pos, 0, 3)
    >>> v[31], v[30], v[16]
    (41, 41, 12)
    >>> pique_values(search, pos, 0, 0)[31]  # without the pique: 7H second is as good
    12
    """
    if not _reachable(pos, elder, need):
        need = 0  # out of reach: elder has not that many leads left
    out: dict[int, int] = {}
    pique = _Pique(search, elder)
    for cls in card_classes(pos):
        c = _low(cls)
        v = pique.move(pos, c, need) if need > 0 else search.move_value(pos, c)
        for i in bits(cls):
            out[i] = v
    return out


def pique_need(state: State) -> int:
    """The points elder still needs for his pique, 0 if it is no longer possible."""
    if state.pique != PIQUE_LIVE:
        return 0
    return max(0, PIQUE_AT - state.totals[state.elder])


# ---------------------------------------------------------------------------------------------
# The learner's view, and deals of the unseen cards consistent with it
# ---------------------------------------------------------------------------------------------


def _call(cat: int, claim: int) -> Any:
    """What elder's call says of a claim: the point's number of cards ("Five cards."), the
    best sequence's length and top ("A quart major."), the best set's size and rank."""
    if not claim:
        return None
    v = value(cat, claim)
    return v[0] if cat == 0 else v


def heard(
    mine: Sequence[int], theirs: Sequence[int], their_role: Role, shown: Sequence[bool]
) -> tuple[Any, ...]:
    """What the learner heard and saw of his opponent's declarations, as a comparable value.

    ``mine`` and ``theirs`` are the two players' claims (point, sequences, sets), ``shown``
    which of the opponent's claims were shown (good or equal). Per category: younger's answers
    to elder's call (:func:`~.piquet_dialogue.replies`); if the opponent is elder, his call
    and, when younger asked, what his point makes; and a shown claim itself (the point by its
    value, sequences and sets card for card).

    >>> quart = 0b1111 << 28  # the opponent's (elder's) quart major in spades
    >>> heard((0, 0, 0), (0, quart, 0), Role.ELDER, (False, True, False))[1]
    (('good',), (4, 7), 4026531840)
    """
    out: list[tuple[Any, ...]] = []
    for cat in range(3):
        if their_role is Role.ELDER:
            e, y = theirs[cat], mine[cat]
        else:
            e, y = mine[cat], theirs[cat]
        answers = replies(cat, e, y)
        parts: list[Any] = [answers]
        if their_role is Role.ELDER:
            parts.append(_call(cat, e))
            if "ask" in answers:
                parts.append(pips(e))
        if shown[cat]:
            parts.append(value(0, theirs[0]) if cat == 0 else theirs[cat])
        out.append(tuple(parts))
    return tuple(out)


@dataclass(frozen=True)
class View:
    """What the learner knows of the position, as masks."""

    me: int
    """The learner's seat index."""
    hand: int
    known: int
    """Cards he knows his opponent holds (shown in the declarations, or taken from the stock
    cards elder left)."""
    unknown: int
    """Cards he cannot place: in his opponent's hand or out of play."""
    voids: tuple[int, ...]
    """Suits his opponent has shown he lacks."""
    their_count: int
    played: int
    """The cards his opponent has played (with his hand now: his twelve after the exchange)."""
    mine: tuple[int, int, int]
    """The learner's own claims (point, sequences, sets)."""
    their_role: Role
    shown: tuple[bool, bool, bool]
    """Which of the opponent's claims were shown."""
    heard: tuple[Any, ...]
    """:func:`heard` of the real declarations."""

    def consistent(self, theirs: int) -> bool:
        """Whether ``theirs`` (a hand of the opponent now) fits everything the learner saw
        and heard: the cards he showed, the suits he lacks, the declarations (honest ones)."""
        if theirs & self.known != self.known or theirs & ~(self.unknown | self.known):
            return False
        if any(theirs & SUIT_MASKS[s] for s in self.voids):
            return False
        twelve = theirs | self.played
        claims = (honest(0, twelve), honest(1, twelve), honest(2, twelve))
        return heard(self.mine, claims, self.their_role, self.shown) == self.heard


def learner_view(state: State, seat: str) -> View:
    """What ``seat`` knows in ``state``, from the engine's own view of that seat."""
    me = state.seats.index(seat)
    other = 1 - me
    v = state.view(seat)
    known = 0
    for card in v.hands[state.seats[other]]:
        if card is not None:
            known |= card.bit
    seen = state.hands[me] | state.discards[me] | known
    for card in v.stock:
        if card is not None:
            seen |= card.bit
    voids: set[int] = set()
    played = 0
    for leader, lead, follow, _winner in state.tricks:
        seen |= 1 << lead | 1 << follow
        played |= 1 << (follow if leader == me else lead)
        if leader == me and lead >> 3 != follow >> 3:
            voids.add(lead >> 3)
    if state.lead >= 0:
        seen |= 1 << state.lead
        if state.leader == other:
            played |= 1 << state.lead
    shown_mask = 0
    for card in v.shown[state.seats[other]]:
        shown_mask |= card.bit
    theirs = tuple(state.claims[2 * cat + other] for cat in range(3))
    mine = (state.claims[me], state.claims[2 + me], state.claims[4 + me])
    # a claim is shown when it was good or equal and its cards were shown: not merely because
    # its cards were seen with another claim (a tierce inside a point shown as equal), which
    # would rule out every hand holding a second, lower sequence he never had to declare
    shown = tuple(
        bool(c) and c & ~shown_mask == 0 and state.outcomes[cat] != me
        for cat, c in enumerate(theirs)
    )
    role = Role.ELDER if other == state.elder else Role.YOUNGER
    return View(
        me,
        state.hands[me],
        known,
        FULL & ~seen,
        tuple(sorted(voids)),
        state.hands[other].bit_count(),
        played,
        mine,
        role,
        (shown[0], shown[1], shown[2]),
        heard(mine, theirs, role, shown),
    )


def sample_hand(view: View, rng: random.Random, tries: int = _MAX_DRAWS) -> int | None:
    """One hand of the opponent consistent with the learner's view (:meth:`View.consistent`),
    drawn at random among the unseen cards; ``None`` if ``tries`` draws found none."""
    pool = view.unknown
    for s in view.voids:
        pool &= ~SUIT_MASKS[s]
    cards = bits(pool)
    k = view.their_count - view.known.bit_count()
    for _try in range(tries):
        out = view.known
        for i in rng.sample(cards, k):
            out |= 1 << i
        if view.consistent(out):
            return out
    return None


def learner_classes(state: State, view: View, legal: int) -> list[int]:
    """The learner's legal cards grouped into sets that are equivalent from his side: one
    suit, and no card between them that may be in his opponent's hand (nor the card led)."""
    others = view.unknown | view.known
    if state.lead >= 0:
        others |= 1 << state.lead
    out: list[int] = []
    for s in range(4):
        run = 0
        for k in range(8 * s, 8 * s + 8):
            bit = 1 << k
            if legal & bit:
                run |= bit
            elif others & bit and run:
                out.append(run)
                run = 0
        if run:
            out.append(run)
    return out


# ---------------------------------------------------------------------------------------------
# Judging a position
# ---------------------------------------------------------------------------------------------


def _position(state: State, hands: tuple[int, int]) -> PiquetPosition:
    return PiquetPosition(hands, state.turn, state.lead, (state.won[0], state.won[1]))


@dataclass(frozen=True)
class Judgement:
    """The verdict on one position: each legal card's value with all cards known and on
    average over the learner's samples, the right cards, and what the lines do."""

    known: Mapping[int, int]
    average: Mapping[int, float]
    right: tuple[int, ...]
    classes: int
    """How many learner-side sets of equivalent cards the right cards make."""
    tricks: Mapping[int, int]
    """Tricks the learner wins from here along each card's best line (all cards known)."""
    first_loss: Mapping[int, int]
    """The opponent's card that first wins a trick along each card's line (-1 if none)."""
    pique: Mapping[int, bool]
    """Whether each card makes elder's pique whatever younger does (pique positions)."""
    plain: Mapping[int, int]
    """Each card's value with all cards known, the pique left out (pique positions)."""
    se: Mapping[int, float]
    """Standard error of each card's average's difference from the best right card's."""
    better: Mapping[int, int]
    """On how many samples the best right card does better than each card."""
    worse: Mapping[int, int]
    """On how many samples it does worse."""
    samples: int


def _line_tricks(search: PiquetSearch, pos: PiquetPosition, card: int) -> tuple[int, int]:
    """Along ``card``'s best line (plain values): the tricks the seat to act wins from here,
    and the opponent's card that first wins a trick (-1 if he wins none)."""
    me = pos.to_act
    first = -1
    node, move = pos, card
    while True:
        mover = node.to_act
        child, _pts = play_card(node, move, SCORING)
        if node.led >= 0 and child.to_act != me and first < 0:
            first = move if mover != me else node.led  # his reply won, or his lead held
        node = child
        if not node.hands[0] and not node.hands[1]:
            break
        want = search.value(node)
        move = -1
        for cls in card_classes(node):
            c = _low(cls)
            if search.move_value(node, c, want) == want:
                move = c
                break
        assert move >= 0, "no card reaches the value"
    return node.won[me] - pos.won[me], first


def right_cards(
    known: Mapping[int, int],
    average: Mapping[int, float],
    se: Mapping[int, float] | None = None,
) -> tuple[int, ...]:
    """The right cards if both measures agree that they are clearly best, else ``()``: best
    with all cards known and within :data:`EPSILON` of the best average, every other card
    :data:`MARGIN` worse by both and (given ``se``) by more than :data:`ERRORS` standard
    errors on average.

    >>> right_cards({1: 5, 2: 5, 3: 2}, {1: 4.0, 2: 3.9, 3: 1.0})
    (1, 2)
    >>> right_cards({1: 5, 2: 4, 3: 2}, {1: 4.0, 2: 3.9, 3: 1.0})
    ()
    >>> right_cards({1: 5, 3: 2}, {1: 4.0, 3: 1.0}, {1: 0.0, 3: 1.5})  # 3.0 < 3 * 1.5
    ()
    """
    top_known = max(known.values())
    top_avg = max(average.values())
    right = tuple(
        sorted(c for c in known if known[c] == top_known and average[c] >= top_avg - EPSILON)
    )
    if not right or len(right) == len(known):
        return ()
    for c in known:
        if c in right:
            continue
        gap = top_avg - average[c]
        if top_known - known[c] < MARGIN or gap < MARGIN:
            return ()
        if se is not None and gap <= ERRORS * se[c]:
            return ()
    return right


def _screen(known: Mapping[int, int]) -> bool:
    """Whether the values with all cards known leave room for a clear best card."""
    top = max(known.values())
    return any(v < top for v in known.values()) and all(
        v == top or top - v >= MARGIN for v in known.values()
    )


def judge(
    state: State, rng: random.Random, samples: int = SAMPLES, want: str | None = None
) -> Judgement | None:
    """Judge the position of ``state`` for the seat to act (see the module's description);
    ``None`` when no card is clearly best, when ``want`` (a rare case) cannot be had, or when
    too few deals of the unseen cards fit what the learner saw and heard."""
    seat = state.seat_to_act
    assert seat is not None and state.phase is Phase.PLAY
    me = state.turn
    search = PiquetSearch(SCORING)
    need = pique_need(state)
    real = _position(state, (state.hands[0], state.hands[1]))
    known = pique_values(search, real, state.elder, need)
    if not _screen(known):
        return None
    tricks: dict[int, int] = {}
    first: dict[int, int] = {}
    for c in known:
        tricks[c], first[c] = _line_tricks(search, real, c)
    forced: dict[int, bool] = {}
    plain: dict[int, int] = {}
    if _reachable(real, state.elder, need):
        pique = _Pique(search, state.elder)
        forced = {c: pique.forced(real, c, need) for c in known}
        plain = pique_values(search, real, state.elder, 0)
    top = max(known.values())
    if want is not None and not _wanted(state, want, known, tricks, forced, top):
        return None
    view = learner_view(state, seat)
    assert view.consistent(state.hands[1 - me]), "the real hand must fit the learner's view"
    values: dict[int, list[int]] = {c: [] for c in known}
    for _sample in range(samples):
        theirs = sample_hand(view, rng)
        if theirs is None:
            return None
        hands = (view.hand, theirs) if me == 0 else (theirs, view.hand)
        for card, v in pique_values(search, _position(state, hands), state.elder, need).items():
            values[card].append(v)
    average = {c: round(sum(vs) / samples, 2) for c, vs in values.items()}
    right = right_cards(known, average)
    if not right:
        return None
    ref = max(right, key=lambda c: (average[c], c))  # ties: the highest card
    se: dict[int, float] = {}
    better: dict[int, int] = {}
    worse: dict[int, int] = {}
    for c, vs in values.items():
        diffs = [a - b for a, b in zip(values[ref], vs, strict=True)]
        mean = sum(diffs) / samples
        var = sum((d - mean) ** 2 for d in diffs) / (samples - 1)
        se[c] = round(math.sqrt(var / samples), 2)
        better[c] = sum(d > 0 for d in diffs)
        worse[c] = sum(d < 0 for d in diffs)
    if right_cards(known, average, se) != right:
        return None
    legal = sum(1 << c for c in known)
    right_mask = sum(1 << c for c in right)
    classes = sum(1 for cls in learner_classes(state, view, legal) if cls & right_mask)
    return Judgement(
        known, average, right, classes, tricks, first, forced, plain, se, better, worse, samples
    )


def _wanted(
    state: State,
    want: str,
    known: Mapping[int, int],
    tricks: Mapping[int, int],
    forced: Mapping[int, bool],
    top: int,
) -> bool:
    """Whether the cards best with all cards known can make the rare case ``want``."""
    best = [c for c in known if known[c] == top]
    others = [c for c in known if known[c] != top]
    if want == "capot":
        left = state.hands[state.turn].bit_count()
        return (
            not state.won[1 - state.turn]
            and any(tricks[c] == left for c in best)
            and any(tricks[c] < left for c in others)
        )
    if want == "pique":
        return bool(forced) and any(forced[c] for c in best) and not all(forced.values())
    return True


def _tags(state: State, verdict: Judgement) -> list[str]:
    me = state.turn
    tags: list[str] = []
    left = state.hands[me].bit_count()
    best = verdict.right[0]
    wrong = [c for c in verdict.known if c not in verdict.right]
    if (
        not state.won[1 - me]
        and verdict.tricks[best] == left
        and any(verdict.tricks[c] < left for c in wrong)
    ):
        tags.append("capot")
    if verdict.pique and verdict.pique[best] and not all(verdict.pique.values()):
        tags.append("pique")
    mine = state.won[me]
    majority = TRICKS_FOR_THE_CARDS
    if mine + verdict.tricks[best] >= majority and any(
        mine + verdict.tricks[c] < majority for c in wrong
    ):
        tags.append("the-cards")
    return tags


# ---------------------------------------------------------------------------------------------
# Candidates
# ---------------------------------------------------------------------------------------------


def _declared(deal: PiquetDeal) -> State:
    state = deal.state()
    while state.phase is Phase.DECLARE:
        state, _ = apply(state, best_declaration(state))
    return state


def _play_one(state: State, rng: random.Random, search: PiquetSearch, best: bool) -> State:
    legal = [a for a in state.legal_actions if isinstance(a, Play)]
    if best:
        pos = _position(state, (state.hands[0], state.hands[1]))
        values = pique_values(search, pos, state.elder, pique_need(state))
        top = max(values.values())
        legal = [a for a in legal if values[a.card.index] == top]
    state, _ = apply(state, rng.choice(legal))
    return state


def candidate(kind: str, level: Level, index: int) -> dict[str, Any] | None:
    """Candidate ``index`` of ``kind`` ("plain", "capot", "pique") for ``level``: the
    position's record if it is kept, else ``None`` (deterministic).

    >>> record = next(r for r in (candidate("plain", Level.EASY, i) for i in range(40)) if r)
    >>> record["level"], len(record["right"]) >= 1, len(record["plays"]) in (14, 16)
    (1, True, True)
    """
    rng = random.Random(f"piquet.play.pool:{FORMAT}:{kind}:{int(level)}:{index}")
    for _deal in range(_PIQUE_DEALS if kind == "pique" else 1):
        deal = capot_deal(rng) if kind == "capot" else random_deal(rng)
        state = _declared(deal)
        if kind != "pique" or PIQUE_NEED[0] <= pique_need(state) <= PIQUE_NEED[1]:
            break
    else:
        return None
    if deal.carte_blanche(Role.ELDER) or deal.carte_blanche(Role.YOUNGER):
        return None  # a carte blanche shows the holder's twelve cards: not modelled
    left = rng.choice(_TRICKS_LEFT[kind, level])
    follow = kind == "plain" and level is Level.HARD and rng.random() < _FOLLOW_SHARE
    if follow:
        left = rng.randint(*_FOLLOW_LEFT)
    search = PiquetSearch(SCORING)
    plays: list[str] = []
    while len(state.tricks) < TRICKS - left or (follow and state.lead < 0):
        careful = kind != "plain" or rng.random() < _BEST_PLAY
        state = _play_one(state, rng, search, careful)
        plays.append(_last_card(state))
    learner = state.turn
    if kind == "capot" and (learner != state.elder or state.won[1 - learner]):
        return None
    if kind == "pique" and (learner != state.elder or pique_need(state) < 2 * POINTS_LEAD):
        return None
    verdict = judge(state, rng, want=None if kind == "plain" else kind)
    if verdict is None:
        return None
    if kind == "plain" and verdict.classes != 1:
        return None
    tags = _tags(state, verdict)
    if kind != "plain" and kind not in tags:
        return None
    return _record(kind, level, index, deal, plays, verdict, tags)


def example_position(step: int) -> dict[str, Any] | None:
    """The record of the worked example's position at ``step`` (the state after ``step``
    actions of the replay ``piquet-example``), or ``None`` if no card is clearly best there."""
    plays = EXAMPLE_PLAYS[: step - _EXAMPLE_FIRST_PLAY]
    record: dict[str, Any] = {"deal": _deal_record(EXAMPLE_DEAL), "plays": list(plays)}
    state = replay_position(record)
    verdict = judge(state, random.Random(f"piquet.play.pool:{FORMAT}:example:{step}"))
    if verdict is None:
        return None
    return _record("example", Level.EASY, step, EXAMPLE_DEAL, plays, verdict, _tags(state, verdict))


def _last_card(state: State) -> str:
    if state.lead >= 0:
        return ALL_CARDS[state.lead].code
    _leader, _lead, follow, _winner = state.tricks[-1]
    return ALL_CARDS[follow].code


def _codes(m: int) -> str:
    return " ".join(ALL_CARDS[i].code for i in bits(m))


def _deal_record(deal: PiquetDeal) -> dict[str, Any]:
    return {
        "dealt": [_codes(deal.dealt[0]), _codes(deal.dealt[1])],
        "stock": " ".join(ALL_CARDS[i].code for i in deal.stock),
        "discards": [_codes(deal.discards[0]), _codes(deal.discards[1])],
        "dealer": deal.dealer,
    }


def _record(
    kind: str,
    level: Level,
    index: int,
    deal: PiquetDeal,
    plays: Sequence[str],
    verdict: Judgement,
    tags: Iterable[str],
) -> dict[str, Any]:
    def code(i: int) -> str:
        return ALL_CARDS[i].code

    return {
        "kind": kind,
        "level": int(level),
        "candidate": index,
        "deal": _deal_record(deal),
        "plays": list(plays),
        "right": [code(c) for c in verdict.right],
        "cards": {
            code(c): {
                "known": verdict.known[c],
                "average": verdict.average[c],
                "tricks": verdict.tricks[c],
                "first_loss": code(verdict.first_loss[c]) if verdict.first_loss[c] >= 0 else "",
                "se": verdict.se[c],
                "better": verdict.better[c],
                "worse": verdict.worse[c],
                "pique": verdict.pique[c] if verdict.pique else None,
                "plain": verdict.plain[c] if verdict.plain else None,
            }
            for c in sorted(verdict.known)
        },
        "samples": verdict.samples,
        "tags": sorted(tags),
    }


def replay_position(record: Mapping[str, Any]) -> State:
    """The engine state of a stored position: the deal exchanged and declared honestly, then
    the stored plays."""
    d = record["deal"]
    deal = PiquetDeal.of(
        d["dealt"][0], d["dealt"][1], d["stock"], d["discards"][0], d["discards"][1], d["dealer"]
    )
    state = _declared(deal)
    for code in record["plays"]:
        seat = state.seat_to_act
        assert seat is not None
        state, _ = apply(state, Play.of(seat, Card.parse(code)))
    return state


# ---------------------------------------------------------------------------------------------
# The stored form
# ---------------------------------------------------------------------------------------------


def _short(codes: str) -> str:
    """``"10H AS"`` -> ``"THAS"``."""
    return "".join(c.replace("10", "T") for c in codes.split())


def _long(text: str) -> str:
    """``"THAS"`` -> ``"10H AS"``."""
    return " ".join(text[i : i + 2].replace("T", "10") for i in range(0, len(text), 2))


def encode(record: Mapping[str, Any]) -> list[Any]:
    """A record as its stored line (a JSON array; :func:`decode` gives it back).

    >>> r = candidate("plain", Level.EASY, 0) or candidate("plain", Level.EASY, 1)
    >>> r is not None and decode("plain/1", encode(r)) == r
    True
    """
    d = record["deal"]
    deal = " ".join(
        [
            d["dealer"],
            *(_short(h) for h in d["dealt"]),
            _short(d["stock"]),
            *(_short(x) or "-" for x in d["discards"]),
        ]
    )
    cards = {
        _short(c): [
            _short(f[name]) if name == "first_loss" else f[name]
            for name in FIGURES
            if name not in ("pique", "plain") or f["pique"] is not None
        ]
        for c, f in record["cards"].items()
    }
    return [
        record["candidate"],
        deal,
        _short(" ".join(record["plays"])),
        _short(" ".join(record["right"])),
        cards,
        record["tags"],
    ]


def decode(group: str, row: Sequence[Any]) -> dict[str, Any]:
    """The record of a stored line of ``group`` (``"<kind>/<level>"``)."""
    kind, level = group.split("/")
    index, deal, plays, right, cards, tags = row
    dealer, elder, younger, stock, e_discard, y_discard = deal.split(" ")
    figures: dict[str, dict[str, Any]] = {}
    for c, values in cards.items():
        f = dict(zip(FIGURES, values, strict=False))
        f["first_loss"] = _long(f["first_loss"])
        f.setdefault("pique", None)
        f.setdefault("plain", None)
        figures[_long(c)] = f
    return {
        "kind": kind,
        "level": int(level),
        "candidate": index,
        "deal": {
            "dealt": [_long(elder), _long(younger)],
            "stock": _long(stock),
            "discards": [_long(e_discard.strip("-")), _long(y_discard.strip("-"))],
            "dealer": dealer,
        },
        "plays": _long(plays).split(),
        "right": _long(right).split(),
        "cards": figures,
        "samples": SAMPLES,
        "tags": list(tags),
    }


def dump(groups: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    """The pool as the file's text (stable: one position a line, groups sorted)."""
    lines = ["{", f'"format": {FORMAT},', f'"samples": {SAMPLES},', '"positions": {']
    names = sorted(groups)
    for g, name in enumerate(names):
        records = groups[name]
        lines.append(f"{json.dumps(name)}: [")
        for r, record in enumerate(records):
            comma = "," if r < len(records) - 1 else ""
            text = json.dumps(encode(record), ensure_ascii=False, separators=(",", ":"))
            lines.append(text + comma)
        lines.append("]" + ("," if g < len(names) - 1 else ""))
    lines.append("}")
    lines.append("}")
    return "\n".join(lines) + "\n"


class Group(Sequence[dict[str, Any]]):
    """The records of one group, each decoded when first asked for (decoding the whole pool
    would cost a first page view some 80 ms; reading it costs 10)."""

    def __init__(self, name: str, rows: Sequence[Sequence[Any]]) -> None:
        self.name = name
        self._rows = rows
        self._records: list[dict[str, Any] | None] = [None] * len(rows)

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        record = self._records[index]
        if record is None:
            record = self._records[index] = decode(self.name, self._rows[index])
        return record


def load(text: str) -> dict[str, Group]:
    """The pool's records by group, from the file's text."""
    data = json.loads(text)
    if data.get("format") != FORMAT or data.get("samples") != SAMPLES:
        raise ValueError("the play pool was written by another version: regenerate it")
    return {group: Group(group, rows) for group, rows in data["positions"].items()}


# ---------------------------------------------------------------------------------------------
# The pool
# ---------------------------------------------------------------------------------------------


def positions(kind: str, level: Level, count: int, start: int = 0) -> list[dict[str, Any]]:
    """The first ``count`` kept positions of ``kind`` and ``level`` from candidate ``start``."""
    out: list[dict[str, Any]] = []
    index = start
    while len(out) < count:
        record = candidate(kind, level, index)
        if record is not None:
            out.append(record)
        index += 1
    return out


def _examples() -> list[dict[str, Any]]:
    out = []
    for step in EXAMPLE_STEPS:
        record = example_position(step)
        if record is None:
            raise AssertionError(f"the example's step {step} has no clearly best card")
        out.append(record)
    return out


def _group(job: tuple[str, int, int]) -> tuple[str, list[dict[str, Any]]]:
    kind, level, count = job
    if kind == "example":
        return "example/1", _examples()
    return f"{kind}/{level}", positions(kind, Level(level), count)


@cache
def _jobs(per_level: tuple[int, int, int], per_rare: int) -> tuple[tuple[str, int, int], ...]:
    jobs = [("example", 1, 0)]
    for level in Level:
        jobs.append(("plain", int(level), per_level[int(level) - 1]))
        jobs += [(kind, int(level), per_rare) for kind in RARE]
    # the slowest first, so that parallel jobs end together
    order = {"pique": 0, "plain": 1, "capot": 2, "example": 3}
    return tuple(sorted(jobs, key=lambda j: (order[j[0]], -j[1])))


def build_pool(
    per_level: Mapping[Level, int] = PER_LEVEL,
    per_rare: int = PER_RARE,
    jobs: int = 1,
    log: Any = None,
) -> dict[str, list[dict[str, Any]]]:
    """The whole pool: ``"<kind>/<level>"`` -> its positions (plain ones and each rare case,
    for every level, and the worked example's in ``"example/1"``)."""
    work = _jobs(tuple(per_level[level] for level in Level), per_rare)
    groups: dict[str, list[dict[str, Any]]] = {}
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as executor:
            for name, records in executor.map(_group, work):
                groups[name] = records
                if log:
                    log(f"{name}: {len(records)} positions")
    else:
        for job in work:
            name, records = _group(job)
            groups[name] = records
            if log:
                log(f"{name}: {len(records)} positions")
    return groups


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=POOL_PATH)
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the full pool")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one group each)")
    args = parser.parse_args(argv)
    per_level = {level: max(1, round(n * args.scale)) for level, n in PER_LEVEL.items()}
    per_rare = max(1, round(PER_RARE * args.scale))
    groups = build_pool(per_level, per_rare, args.jobs, log=lambda m: print(m, file=sys.stderr))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(dump(groups), encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
