"""Legality: why an action is refused, and the lazy :class:`LegalActions` of a state.

``action in state.legal_actions`` is one check (elder's 1,585 discards are never listed for
it); ``count()`` counts exchanges from binomials; ``sample(rng)`` draws a card or a discard
without listing the others; ``why_illegal(action)`` gives the refusal in English and German.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from math import comb, floor
from typing import TYPE_CHECKING

from cardtutor.engine.cards import ALL_CARDS, Suit, cards_from_mask
from cardtutor.engine.piquet.actions import ACTION_TYPES, Action, Declare, Exchange, NextDeal, Play
from cardtutor.engine.piquet.categories import DECLARATION_CATEGORIES
from cardtutor.engine.piquet.constants import (
    ELDER_MIN_DISCARD,
    ELDER_STOCK,
    MIN_SEQUENCE,
    YOUNGER_STOCK,
)
from cardtutor.engine.piquet.declarations import claim_options, honest, random_claim
from cardtutor.engine.piquet.masks import (
    FULL,
    SUIT_MASKS,
    bits,
    mask,
    one_suit,
    seq_invalid_part,
    seq_valid,
    sets_invalid_part,
    sets_valid,
)
from cardtutor.engine.piquet.phase import DECLARE, EXCHANGE_ELDER, EXCHANGE_YOUNGER, OVER, PLAY
from cardtutor.engine.text import Msg

if TYPE_CHECKING:
    from cardtutor.engine.piquet.state import State

__all__ = ["LegalActions"]


_PLAYS: dict[str, tuple[Play, ...]] = {}


def _plays(seat: str) -> tuple[Play, ...]:
    """The 32 plays of ``seat`` by card index, built once per seat name: a playout draws 24
    cards a deal, and building a frozen dataclass costs more than looking it up (actions are
    immutable, so sharing them is safe; there are only ever a few seat names)."""
    plays = _PLAYS.get(seat)
    if plays is None:
        plays = _PLAYS[seat] = tuple(Play(seat, card) for card in ALL_CARDS)
    return plays


_DECLARES: dict[tuple[str, int, int], Declare] = {}
_DECLARES_MAX = 100_000


def _declare(seat: str, cat: int, m: int) -> Declare:
    """The shared :class:`Declare` of ``seat`` claiming ``m`` in category ``cat``: a frozen
    dataclass costs more to build than a look-up, and the claims a hand can make recur (a
    point is one suit's cards: a thousand per seat). Actions are immutable, so sharing them
    is safe; emptied past :data:`_DECLARES_MAX` so that it cannot grow without bound."""
    key = (seat, cat, m)
    action = _DECLARES.get(key)
    if action is None:
        if len(_DECLARES) >= _DECLARES_MAX:
            _DECLARES.clear()
        action = _DECLARES[key] = Declare(seat, DECLARATION_CATEGORIES[cat], m)
    return action


def playable(state: State) -> int:
    """The cards the player to act may play: those of the suit led if he has any."""
    hand = state.hands[state.turn]
    if state.lead >= 0:
        return hand & SUIT_MASKS[state.lead >> 3] or hand
    return hand


def _most_discarded(state: State) -> int:
    """The most cards the player to exchange may discard: 5 for elder, all that are left in
    the stock for younger."""
    return ELDER_STOCK if state.stage == EXCHANGE_ELDER else len(state.stock)


def _expected(state: State) -> Msg:
    stage = state.stage
    if stage == EXCHANGE_ELDER:
        return Msg("piquet.expect.exchange", min=ELDER_MIN_DISCARD, n=ELDER_STOCK)
    if stage == EXCHANGE_YOUNGER:
        return Msg("piquet.expect.exchange", min=ELDER_MIN_DISCARD, n=len(state.stock))
    if stage < PLAY:
        return Msg(f"piquet.expect.declare.{(stage - DECLARE) >> 1}")
    if stage == PLAY:
        return Msg("piquet.expect.play")
    return Msg("piquet.expect.deal")


def check(state: State, action: object) -> Msg | None:
    """Why ``action`` is illegal in ``state`` (``None`` if it is legal)."""
    if not isinstance(action, ACTION_TYPES):
        return Msg("piquet.illegal.not_action", text=repr(action))
    stage = state.stage
    if stage == OVER:
        return Msg("piquet.illegal.over")
    t = state.turn
    seat = action.seat
    if seat != state.seats[t]:
        if seat not in state.seats:
            return Msg("piquet.illegal.seat", seat=seat)
        return Msg("piquet.illegal.turn", seat=seat, turn=state.seats[t], expected=_expected(state))
    hand = state.hands[t]
    if stage == PLAY:
        if not isinstance(action, Play):
            return Msg("piquet.illegal.phase", seat=seat, expected=_expected(state))
        card = action.card
        if card.bit & playable(state):
            return None
        if not hand & card.bit:
            return Msg("piquet.illegal.not_held", seat=seat, cards=(card,))
        sm = SUIT_MASKS[state.lead >> 3]
        return Msg(
            "piquet.illegal.follow",
            seat=seat,
            suit=Suit(state.lead >> 3),
            led=ALL_CARDS[state.lead],
            cards=cards_from_mask(hand & sm),
        )
    if stage < DECLARE:
        if not isinstance(action, Exchange):
            return Msg("piquet.illegal.phase", seat=seat, expected=_expected(state))
        d = action.discard
        look = action.look
        if not isinstance(d, int) or d < 0 or d > FULL:
            return Msg("piquet.illegal.mask")
        if d & ~hand:
            return Msg("piquet.illegal.not_held", seat=seat, cards=cards_from_mask(d & ~hand))
        n = d.bit_count()
        if stage == EXCHANGE_ELDER:
            if not ELDER_MIN_DISCARD <= n <= ELDER_STOCK:
                return Msg(
                    "piquet.illegal.elder_count", n=n, min=ELDER_MIN_DISCARD, max=ELDER_STOCK
                )
            if look:
                return Msg("piquet.illegal.elder_look", own=Msg(f"piquet.num.{ELDER_STOCK}"))
            return None
        avail = len(state.stock)
        if not ELDER_MIN_DISCARD <= n <= avail:
            return Msg(
                "piquet.illegal.younger_count",
                n=n,
                min=ELDER_MIN_DISCARD,
                max=avail,
                own=YOUNGER_STOCK,
                left=avail - YOUNGER_STOCK,
            )
        if look and n == avail:
            return Msg("piquet.illegal.no_left_over")
        return None
    if stage < PLAY:
        if not isinstance(action, Declare):
            return Msg("piquet.illegal.phase", seat=seat, expected=_expected(state))
        cat = (stage - DECLARE) >> 1
        category = action.category
        if category != DECLARATION_CATEGORIES[cat]:
            return Msg(
                "piquet.illegal.category", expected=Msg(f"piquet.catname.{cat}"), got=category
            )
        m = action.cards
        if not isinstance(m, int) or m < 0 or m > FULL:
            return Msg("piquet.illegal.mask")
        if m & ~hand:
            return Msg("piquet.illegal.not_held", seat=seat, cards=cards_from_mask(m & ~hand))
        if cat == 0:
            if m and not one_suit(m):
                return Msg("piquet.illegal.point_suit", cards=cards_from_mask(m))
        elif cat == 1:
            if not seq_valid(m):
                return _wrong_cards("piquet.illegal.sequence", seq_invalid_part(m))
        elif not sets_valid(m):
            return _wrong_cards("piquet.illegal.set", sets_invalid_part(m))
        return None
    # deal over
    if not isinstance(action, NextDeal):
        return Msg("piquet.illegal.phase", seat=seat, expected=_expected(state))
    return None


def _wrong_cards(key: str, wrong: int) -> Msg:
    """A refused claim of sequences or sets, naming only the cards that do not belong (one
    card: its own wording)."""
    cards = cards_from_mask(wrong)
    if len(cards) == 1:
        return Msg(key + ".one", card=cards[0], min=MIN_SEQUENCE)
    return Msg(key, cards=cards, min=MIN_SEQUENCE)


class LegalActions:
    """The legal actions of a state, computed lazily (python-chess style).

    ``action in legal`` checks one action against the rules without listing the others;
    iteration lists them (elder's exchange has 1,585); :meth:`sample` draws one cheaply.

    >>> import random
    >>> from cardtutor.engine.piquet import Play, new_deal
    >>> state, _ = new_deal(seed=3)
    >>> legal = state.legal_actions
    >>> legal.count(), legal.sample(random.Random(0)) in legal
    (1585, True)
    """

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __contains__(self, action: object) -> bool:
        return check(self.state, action) is None

    def why_illegal(self, action: object) -> Msg | None:
        """Why ``action`` is illegal, in words a learner reads; ``None`` if it is legal.

        >>> from cardtutor.engine.piquet import Play, new_deal
        >>> state, _ = new_deal(seed=3)
        >>> print(state.legal_actions.why_illegal(Play.of("A", "AS")))
        Not now: A is to discard 1 to 5 cards and take as many from the stock.
        """
        return check(self.state, action)

    def __bool__(self) -> bool:
        return self.state.stage != OVER

    def __iter__(self) -> Iterator[Action]:
        state = self.state
        stage = state.stage
        if stage == OVER:
            return
        t = state.turn
        seat = state.seats[t]
        hand = state.hands[t]
        if stage == PLAY:
            plays = _plays(seat)
            for i in bits(playable(self.state)):
                yield plays[i]
        elif stage < DECLARE:
            cards = bits(hand)
            top = _most_discarded(state)
            for n in range(ELDER_MIN_DISCARD, top + 1):
                for combo in itertools.combinations(cards, n):
                    m = mask(combo)
                    yield Exchange(seat, m, False)
                    if stage == EXCHANGE_YOUNGER and n < top:
                        yield Exchange(seat, m, True)
        elif stage < PLAY:
            cat = (stage - DECLARE) >> 1
            name = DECLARATION_CATEGORIES[cat]
            for m in claim_options(cat, hand):
                yield Declare(seat, name, m)
        else:
            yield NextDeal(seat)

    def count(self) -> int:
        """How many legal actions there are (exchanges are counted, not listed)."""
        state = self.state
        stage = state.stage
        if stage < DECLARE:
            # Every discard of n cards; younger's also with and without looking at the cards
            # left over (none are left when he takes them all).
            held = state.hands[state.turn].bit_count()
            top = _most_discarded(state)
            looks = 2 if stage == EXCHANGE_YOUNGER else 1
            return sum(
                comb(held, n) * (looks if n < top else 1) for n in range(ELDER_MIN_DISCARD, top + 1)
            )
        if stage == PLAY:
            return playable(self.state).bit_count()
        return sum(1 for _ in self)

    def sample(self, rng: random.Random) -> Action:
        """A random legal action (not uniform: exchanges pick the count first, declarations are
        the best honest one three times in four, else a random legal claim)."""
        state = self.state
        seats, _, stage, t, hands = state[:5]
        if stage == PLAY:  # first: 24 of a deal's 32 decisions
            m = hands[t]
            lead = state.lead
            if lead >= 0:  # (playable, inlined) follow suit if able
                m = m & SUIT_MASKS[lead >> 3] or m
            # rng.random() is one C call; rng.randrange goes through three Python frames (and
            # math.floor, a plain C function, is cheaper to call than the int type).
            n = m.bit_count()
            i = floor(rng.random() * n)
            seat = seats[t]
            plays = _PLAYS.get(seat) or _plays(seat)
            # the i-th lowest card, dropping cards from the nearer end (while loops: no
            # range object)
            if 2 * i < n:
                while i:
                    m &= m - 1  # drop the lowest card
                    i -= 1
                return plays[(m & -m).bit_length() - 1]
            i = n - 1 - i
            while i:
                m ^= 1 << m.bit_length() - 1  # drop the highest card
                i -= 1
            return plays[m.bit_length() - 1]
        if stage == OVER:
            raise IndexError("no legal actions: the game is over")
        seat = seats[t]
        hand = hands[t]
        if stage < DECLARE:
            top = _most_discarded(state)
            n = rng.randint(ELDER_MIN_DISCARD, top)
            d = mask(rng.sample(bits(hand), n))
            look = stage == EXCHANGE_YOUNGER and n < top and rng.random() < 0.5
            return Exchange(seat, d, look)
        if stage < PLAY:
            cat = (stage - DECLARE) >> 1
            if rng.random() < 0.75:
                m = honest(cat, hand)
            else:
                m = random_claim(cat, hand, rng)
            return _declare(seat, cat, m)
        return NextDeal(seat)

    def __repr__(self) -> str:
        state = self.state
        return f"<LegalActions: {state.phase.value} by {state.seat_to_act}>"
