"""The Piquet play-phase search: pure functions over card masks (no engine state).

A position is :class:`PiquetPosition`: the two hands as 32-bit card masks (bit = ``Card.index``,
``suit * 8 + rank offset``, so a higher bit is a higher card of its suit), the seat to act, the
card led to the current trick (``-1`` at a trick's start) and the tricks each seat has won.
:class:`PiquetScoring` carries the rule values (the adapter fills it from the engine's
constants). :class:`PiquetSearch` gives the exact value of any position: the points the seat to
act makes from here minus the points the other seat makes, under best play by both.

Why it is fast (pure Python on small ints):

- **Relative ranks.** Piquet's play has no trumps and no card points: a card matters only by
  its suit and its rank *among the cards still out*. Each suit is kept as a *pattern code*:
  ``1 << m | owners`` where ``m`` is how many of the suit are still out and bit ``k`` of
  ``owners`` says whether the ``k``-th lowest of them belongs to the player on lead. There are
  only 511 codes, so every per-suit question (which leads, which replies, who wins, what is left)
  is a table look-up computed once at import.
- **Equivalent cards** fall out of the patterns: a run of one player's cards with none of the
  opponent's between them is one choice (one table entry).
- **Suit symmetry.** With no trumps the suits are interchangeable, so a trick-start node is the
  *sorted* tuple of its four codes: positions that differ by a renaming of suits or by which
  absolute ranks are gone share one transposition-table entry.
- **Trick-level nodes.** The table is consulted only at a trick's start (where positions
  recur); the second player's reply is an inner loop, which saves half the function calls.
- **Alpha-beta** (fail-soft, negamax from the leader's side) with a transposition table of
  lower/upper bounds and the best lead of the last search of a node tried first; then, as in
  bridge's DDS, the sure winners of every suit (they keep the lead) before any other lead,
  longer suits first, highest first. The follower tries his cheapest winning card, then his
  lowest card, and discards from his longest suit first.
- **MTD(f)** for each card's exact value: zero-window searches ("at least b?"), whose
  bounds the table keeps for the next search.
- **Cheap bounds**: the leader's sure winners (top cards he can cash) and the cards' bonus
  bound a node's value from a table; near the bonus's jumps they often answer a zero-window
  question without searching.

>>> scoring = PiquetScoring(lead=1, trick=1, last_trick=1, cards=10, capot=40, tricks=12)
>>> search = PiquetSearch(scoring)
>>> # A holds AS KS, B holds QS JS; A leads: A takes both tricks (2 leads, last trick, capot
>>> # would need all 12 tricks: with 10 already split 5-5, A ends with 7 and scores the cards).
>>> pos = PiquetPosition((0xC0 << 24, 0x30 << 24), 0, -1, (5, 5))
>>> search.value(pos)
13
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

__all__ = [
    "PiquetPosition",
    "PiquetScoring",
    "PiquetSearch",
    "SUIT_MASKS",
    "legal_cards",
    "play_card",
    "card_classes",
]

SUIT_MASKS: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
_INF = 1 << 20


@dataclass(frozen=True)
class PiquetScoring:
    """The play's rule values: points for a card led, for the second player's win, for the
    last trick, for the cards (a majority of tricks) and for capot (all ``tricks``)."""

    lead: int
    trick: int
    last_trick: int
    cards: int
    capot: int
    tricks: int
    """Tricks in a deal (the hand size)."""

    @property
    def majority(self) -> int:
        """Tricks needed for the cards (7 of 12)."""
        return self.tricks // 2 + 1

    def bonus(self, mine: int, theirs: int) -> int:
        """The cards or capot at the end, as mine - theirs, given the tricks each won."""
        if mine == self.tricks:
            return self.capot
        if theirs == self.tricks:
            return -self.capot
        if mine >= self.majority:
            return self.cards
        if theirs >= self.majority:
            return -self.cards
        return 0


class PiquetPosition(NamedTuple):
    """A play-phase position: ``hands`` by seat index (card masks), the seat ``to_act``, the
    card ``led`` to the current trick (``-1`` if none: ``to_act`` leads) and ``won``, the
    tricks each seat has won so far."""

    hands: tuple[int, int]
    to_act: int
    led: int
    won: tuple[int, int]


def legal_cards(pos: PiquetPosition) -> int:
    """The mask of the cards the seat to act may play (follow suit if able).

    >>> legal_cards(PiquetPosition((0b11, 0x101), 1, 0, (0, 0)))
    1
    """
    hand = pos.hands[pos.to_act]
    if pos.led >= 0:
        follow = hand & SUIT_MASKS[pos.led >> 3]
        if follow:
            return follow
    return hand


def play_card(
    pos: PiquetPosition, card: int, scoring: PiquetScoring
) -> tuple[PiquetPosition, tuple[int, int]]:
    """The position after the seat to act plays ``card`` (an index), and the points each
    seat scores by it (the lead, the second player's win, the last trick, the cards).

    >>> s = PiquetScoring(lead=1, trick=1, last_trick=1, cards=10, capot=40, tricks=12)
    >>> pos = PiquetPosition((1 << 7, 1 << 6), 0, -1, (6, 5))
    >>> pos, pts = play_card(pos, 7, s)
    >>> pts, pos.to_act, pos.led
    ((1, 0), 1, 7)
    >>> play_card(pos, 6, s)[1]
    (11, 0)
    """
    t = pos.to_act
    hands = list(pos.hands)
    hands[t] ^= 1 << card
    pts = [0, 0]
    if pos.led < 0:
        pts[t] += scoring.lead
        return PiquetPosition((hands[0], hands[1]), 1 - t, card, pos.won), (pts[0], pts[1])
    led = pos.led
    leader = 1 - t
    winner = t if (card >> 3) == (led >> 3) and card > led else leader
    if winner == t:
        pts[t] += scoring.trick
    won = [pos.won[0], pos.won[1]]
    won[winner] += 1
    if not hands[0] and not hands[1]:
        pts[winner] += scoring.last_trick
        b = scoring.bonus(won[0], won[1])
        if b > 0:
            pts[0] += b
        else:
            pts[1] -= b
    return PiquetPosition((hands[0], hands[1]), winner, -1, (won[0], won[1])), (pts[0], pts[1])


def card_classes(pos: PiquetPosition) -> list[int]:
    """The legal cards of the seat to act grouped into equivalent cards (masks): cards of one
    suit with no card of the opponent (nor the card led) between them.

    >>> # A holds AS KS 9S, B holds QS: {AS, KS} and {9S}.
    >>> [hex(m >> 24) for m in card_classes(PiquetPosition((0xC4 << 24, 0x20 << 24), 0, -1,
    ...                                                     (0, 0)))]
    ['0x4', '0xc0']
    """
    legal = legal_cards(pos)
    other = pos.hands[1 - pos.to_act]
    if pos.led >= 0:
        other |= 1 << pos.led
    out: list[int] = []
    for s in range(4):
        mine = legal & SUIT_MASKS[s]
        if not mine:
            continue
        theirs = other & SUIT_MASKS[s]
        run = 0
        for k in range(8 * s, 8 * s + 8):
            bit = 1 << k
            if mine & bit:
                run |= bit
            elif theirs & bit and run:
                out.append(run)
                run = 0
        if run:
            out.append(run)
    return out


# ----------------------------------------------------------------------------------------------
# Pattern tables (see the module docstring). code = 1 << m | owners; bit k of owners: the k-th
# lowest card still out in the suit is the leader's.
# ----------------------------------------------------------------------------------------------

_NCODES = 512


def _len(code: int) -> int:
    return code.bit_length() - 1


def _remove(code: int, k: int) -> int:
    """The code without its k-th lowest card."""
    m = _len(code)
    owners = code ^ (1 << m)
    low = owners & ((1 << k) - 1)
    high = owners >> (k + 1)
    return (1 << (m - 1)) | (high << k) | low


def _runs(code: int, owner: int) -> list[int]:
    """The lowest position of each run of ``owner``'s cards (1 leader, 0 follower)."""
    m = _len(code)
    out = []
    prev = -1
    for k in range(m):
        o = code >> k & 1
        if o == owner and prev != owner:
            out.append(k)
        prev = o
    return out


def _build_tables() -> tuple[
    list[tuple[tuple[int, tuple[tuple[int, bool], ...]], ...]],
    list[tuple[int, ...]],
    list[int],
    list[bool],
    list[bool],
    list[int],
]:
    """Per code: the leads (the code left if the follower is void, and the replies with the
    code left and whether the leader wins), the follower's discards, the code seen from the
    other player, whether each player has a card, the leader's sure winners (top run)."""
    leads: list[tuple[tuple[int, tuple[tuple[int, bool], ...]], ...]] = [()] * _NCODES
    discs: list[tuple[int, ...]] = [()] * _NCODES
    flip: list[int] = [0] * _NCODES
    has_l: list[bool] = [False] * _NCODES
    has_f: list[bool] = [False] * _NCODES
    top: list[int] = [0] * _NCODES
    for code in range(1, _NCODES):
        m = _len(code)
        owners = code ^ (1 << m)
        flip[code] = code ^ ((1 << m) - 1)
        has_l[code] = owners != 0
        has_f[code] = owners != (1 << m) - 1
        f_runs = _runs(code, 0)
        # Leads: the highest first (the top run is a sure winner that keeps the lead; measured:
        # fewer nodes than lowest first).
        l_runs = _runs(code, 1)
        l_runs.reverse()
        k = 0
        while k < m and code >> (m - 1 - k) & 1:
            k += 1
        top[code] = k
        entries = []
        for i in l_runs:
            winners = [j for j in f_runs if j > i]
            losers = [j for j in f_runs if j < i]
            # Replies: the cheapest winning card first, then the lowest card, then the rest.
            order = winners[:1] + losers[:1] + winners[1:] + losers[1:]
            replies = tuple((_remove(_remove(code, max(i, j)), min(i, j)), i > j) for j in order)
            entries.append((_remove(code, i), replies))
        leads[code] = tuple(entries)
        discs[code] = tuple(_remove(code, j) for j in f_runs)
    return leads, discs, flip, has_l, has_f, top


_LEADS, _DISCS, _FLIP, _HAS_L, _HAS_F, _TOP = _build_tables()
_OTHER_LEADS: list[tuple[list[int], ...]] = [
    tuple([s << 4 | k for k in range(1 if _TOP[code] else 0, len(_LEADS[code]))] for s in range(4))
    for code in range(_NCODES)
]
"""Per code and suit slot ``s``: the leads other than the sure winner, as moves
``s << 4 | k`` (``k``: the index in ``_LEADS[code]``)."""


@functools.lru_cache(maxsize=8)
def _bounds(s: PiquetScoring) -> tuple[list[list[list[int]]], list[list[int]]]:
    """Cheap bounds on a trick-start value, for the leader: ``lower[n][won][q]`` when he has
    ``q`` sure winners (top cards he can cash in a row, keeping the lead), ``upper[n][won]``.

    With ``x`` tricks of ``n`` to the leader, each trick he wins brings him at most ``max(lead,
    trick - lead)`` net and at least ``min(...)``, each the follower wins at most ``max(lead -
    trick, -lead)`` and at least ``min(...)``, the last trick ``±last_trick``, and the cards
    ``bonus(won + x, lost + n - x)``. Cashing the ``q`` winners first gives ``x >= q`` and
    ``lead`` for each of them: the lower bound is the worst case of that line. The upper bound
    is the best case over every ``x``. Zero-window searches ask "at least b?" near the jumps
    of the cards' 10, where these bounds often answer without a search (measured: about a
    third of the nodes of a deal).
    """
    t = s.tricks
    min_l, max_l = min(s.lead, s.trick - s.lead), max(s.lead, s.trick - s.lead)
    min_f, max_f = min(s.lead - s.trick, -s.lead), max(s.lead - s.trick, -s.lead)
    lower = [[[0] * (t + 1) for _ in range(t + 1)] for _ in range(t + 1)]
    upper = [[0] * (t + 1) for _ in range(t + 1)]
    for n in range(1, t + 1):
        for won in range(t - n + 1):
            lost = t - n - won
            upper[n][won] = max(
                x * max_l
                + (n - x) * max_f
                + (s.last_trick if x else -s.last_trick)
                + s.bonus(won + x, lost + n - x)
                for x in range(n + 1)
            )
            for q in range(n + 1):
                lower[n][won][q] = min(
                    q * s.lead
                    + (x - q) * min_l
                    + (n - x) * min_f
                    + (s.last_trick if x == n else -s.last_trick)
                    + s.bonus(won + x, lost + n - x)
                    for x in range(q, n + 1)
                )
    return lower, upper


def suit_code(mine: int, theirs: int) -> int:
    """The pattern code of one suit from the two players' 8-bit suit masks.

    >>> bin(suit_code(0b1010_0000, 0b0100_0001))
    '0b11010'
    """
    code = 1
    for k in range(8):
        bit = 1 << k
        if mine & bit:
            code = code << 1 | 1
        elif theirs & bit:
            code <<= 1
    # code now holds the owners highest-first below its sentinel; reverse them to lowest-first.
    m = _len(code)
    owners = 0
    for k in range(m):
        if code >> k & 1:
            owners |= 1 << (m - 1 - k)
    return (1 << m) | owners


def _codes(mine: int, theirs: int) -> tuple[int, ...]:
    return tuple(
        sorted(suit_code((mine >> (8 * s)) & 0xFF, (theirs >> (8 * s)) & 0xFF) for s in range(4))
    )


_ORDERS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""The lead order of each sorted tuple of suit codes (see :func:`_lead_order`), shared by all
searches: building it per node cost more than the nodes it saved."""


def _lead_order(codes: tuple[int, ...]) -> tuple[int, ...]:
    """The leads of a trick-start node as moves ``s << 4 | k`` (``s``: the slot in the sorted
    ``codes``, ``k``: the index in ``_LEADS[code]``), DDS-style: every suit's sure winner (its
    top run: the lead is kept) before any other lead, longer suits first; then the other
    leads, highest first. Measured: a fifth fewer nodes than suit by suit."""
    order = [s << 4 for s in (3, 2, 1, 0) if _TOP[codes[s]]]
    for s in (3, 2, 1, 0):
        order += _OTHER_LEADS[codes[s]][s]
    result = _ORDERS[codes] = tuple(order)
    return result


SearchFn = Callable[[tuple[int, ...], int, int, int, int], int]


def _make_search(
    scoring: PiquetScoring, table: dict[tuple[tuple[int, ...], int], tuple[int, int, int]]
) -> SearchFn:
    """The trick-start search: ``search(codes, n, won, alpha, beta)`` is the fail-soft value,
    for the player on lead, of the sorted suit ``codes`` with ``n`` tricks to go when he has
    won ``won`` tricks so far. Rule values are bound as closure cells: a method's attribute
    look-ups would cost more than the arithmetic they feed."""
    lead_pts = scoring.lead
    trick_pts = scoring.trick
    last_pts = scoring.last_trick
    tricks = scoring.tricks
    bonus = scoring.bonus
    leads_of = _LEADS
    discs_of = _DISCS
    flip = _FLIP
    has_f = _HAS_F
    inf = _INF
    get = table.get
    top = _TOP
    orders = _ORDERS
    lbt, ubt = _bounds(scoring)

    def last_trick(codes: tuple[int, ...], won: int) -> int:
        # One card each: the follower wins only by a higher card of the suit led.
        lost = tricks - 1 - won  # the follower's tricks so far
        for code in codes:
            if code == 0b101:  # both cards in one suit, the follower's the higher
                return lead_pts - trick_pts - last_pts + bonus(won, lost + 1)
        return lead_pts + last_pts + bonus(won + 1, lost)

    def lead_value(
        others: tuple[int, ...],
        code: int,
        after: int,
        replies: tuple[tuple[int, bool], ...],
        m: int,
        won: int,
        lost: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The follower's best reply to one lead (the minimum, fail-soft)."""
        vmin = inf
        if has_f[code]:
            o0, o1, o2 = others
            for nc, leader_wins in replies:
                top = beta if beta < vmin else vmin
                if leader_wins:
                    # the led suit's new code put in its sorted place among the other three
                    # (a few comparisons, no list to sort; measured: a twentieth of a solve)
                    if nc <= o1:
                        child = (nc, o0, o1, o2) if nc <= o0 else (o0, nc, o1, o2)
                    else:
                        child = (o0, o1, nc, o2) if nc <= o2 else (o0, o1, o2, nc)
                    v = lead_pts + search(child, m, won + 1, alpha - lead_pts, top - lead_pts)
                else:  # from the follower's side: all four flipped, then sorted
                    g = lead_pts - trick_pts
                    v = g - search(
                        tuple(sorted((flip[nc], flip[o0], flip[o1], flip[o2]))),
                        m,
                        lost + 1,
                        g - top,
                        g - alpha,
                    )
                if v < vmin:
                    vmin = v
                    if vmin <= alpha:
                        return vmin
            return vmin
        # The follower is void: he discards, the leader wins the trick. From his longest suit
        # first (measured: 6 % fewer nodes than shortest first).
        for t in (2, 1, 0):
            for nc in discs_of[others[t]]:
                rest = list(others)
                rest[t] = nc
                rest.append(after)
                rest.sort()
                top = beta if beta < vmin else vmin
                v = lead_pts + search(tuple(rest), m, won + 1, alpha - lead_pts, top - lead_pts)
                if v < vmin:
                    vmin = v
                    if vmin <= alpha:
                        return vmin
        return vmin

    def search(codes: tuple[int, ...], n: int, won: int, alpha: int, beta: int) -> int:
        if n == 1:
            return last_trick(codes, won)
        # Bounds first: one table look-up each, no search (see _bounds).
        b = ubt[n][won]
        if b <= alpha:
            return b
        c0, c1, c2, c3 = codes
        q = top[c0] + top[c1] + top[c2] + top[c3]
        b = lbt[n][won][q if q < n else n]
        if b >= beta:
            return b
        key = (codes, won)
        entry = get(key)
        hint = -1
        if entry is not None:
            lo, hi, hint = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = -inf, inf
        a0 = alpha
        b0 = beta
        lost = tricks - n - won
        best = -inf
        best_move = -1
        m = n - 1
        if hint >= 0:
            # The lead that was best (or cut) when this node was searched before comes first.
            s = hint >> 4
            code = codes[s]
            after, replies = leads_of[code][hint & 15]
            best = lead_value(
                codes[:s] + codes[s + 1 :], code, after, replies, m, won, lost, alpha, beta
            )
            best_move = hint
            if best > alpha:
                alpha = best
        if alpha < beta:
            order = orders.get(codes)
            if order is None:
                order = _lead_order(codes)
            for mv in order:
                if mv == hint:
                    continue
                s = mv >> 4
                # the led suit's code and the other three (a tuple display: no slices)
                if s == 3:
                    code, others = c3, (c0, c1, c2)
                elif s == 2:
                    code, others = c2, (c0, c1, c3)
                elif s == 1:
                    code, others = c1, (c0, c2, c3)
                else:
                    code, others = c0, (c1, c2, c3)
                after, replies = leads_of[code][mv & 15]
                v = lead_value(others, code, after, replies, m, won, lost, alpha, beta)
                if v > best:
                    best = v
                    best_move = mv
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        table[key] = (lo, hi, best_move)
        return best

    return search


class PiquetSearch:
    """Exact values of Piquet play positions. Keeps its transposition table between calls, so
    the values of every card of one position (and their lines) share the work.

    >>> s = PiquetScoring(lead=1, trick=1, last_trick=1, cards=10, capot=40, tricks=12)
    >>> search = PiquetSearch(s)
    >>> # B to reply to A's led QS holding KS and 7S: winning scores B 1 and the lead.
    >>> pos = PiquetPosition((1 << 4, (1 << 6) | (1 << 0) | (1 << 8)), 1, 29, (4, 5))
    """

    def __init__(self, scoring: PiquetScoring) -> None:
        self.scoring = scoring
        self.table: dict[tuple[tuple[int, ...], int], tuple[int, int, int]] = {}
        self._search = _make_search(scoring, self.table)

    def value(self, pos: PiquetPosition) -> int:
        """The exact value of ``pos`` for the seat to act (his points minus the other's)."""
        return self.bounded(pos, -_INF, _INF)

    def move_value(self, pos: PiquetPosition, card: int, guess: int = 0) -> int:
        """The exact value, for the seat to act, of playing ``card`` (an index).

        MTD(f): zero-window searches from ``guess`` (e.g. the value of the card tried before)
        converge on the value. Each asks a yes/no question such as "can the leader make seven
        tricks?", which cuts far more than one wide window (the 10 for the cards makes values
        jump), and the bounds each search leaves in the table serve the next.
        """
        lo, hi = -_INF, _INF
        g = guess
        while lo < hi:
            b = g + 1 if g == lo else g
            g = self._move(pos, card, b - 1, b)
            if g < b:
                hi = g
            else:
                lo = g
        return g

    def bounded(self, pos: PiquetPosition, alpha: int, beta: int) -> int:
        """The fail-soft alpha-beta value of ``pos`` for the seat to act."""
        me = pos.to_act
        if pos.led < 0:
            mine = pos.hands[me]
            if not mine:
                return 0
            theirs = pos.hands[1 - me]
            return self._search(_codes(mine, theirs), mine.bit_count(), pos.won[me], alpha, beta)
        best = -_INF
        for cls in card_classes(pos):
            v = self._move(pos, (cls & -cls).bit_length() - 1, alpha, beta)
            if v > best:
                best = v
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        return best

    def _move(self, pos: PiquetPosition, card: int, alpha: int, beta: int) -> int:
        me = pos.to_act
        child, pts = play_card(pos, card, self.scoring)
        g = pts[me] - pts[1 - me]
        if child.to_act == me:
            return g + self.bounded(child, alpha - g, beta - g)
        return g - self.bounded(child, g - beta, g - alpha)
