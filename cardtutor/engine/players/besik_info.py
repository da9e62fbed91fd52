"""What a Besik seat knows, read from its view and the deal's events, and deals of the unseen
cards consistent with it.

:func:`knowledge` gives a :class:`BesikKnowledge` (masks of physical card uids): the seat's
hand, every card played in the deal, the cards it knows in each other hand (the declared rows;
the face-up card a player took for his trump seven, or as the last card of the talon, until he
plays it), how many of each hand it has not seen, the face-down talon's size, the cards it has
never seen (the *pool*), and in the last eight tricks what each player's plays showed: a
player who did not follow suit holds none of it, one who neither followed nor trumped holds no
trump, and under the standard ruleset's duty to win, one who followed (or trumped) without
winning holds no card of that suit that would have won.

:func:`sample_deal` deals the pool to the hidden places (the other hands, the talon) at random
within those limits.

>>> import random
>>> from cardtutor.engine.besik import ENGINE, start_deal
>>> from cardtutor.engine.players.base import observe
>>> state, events = start_deal(seed=5)
>>> history = list(events)
>>> rng = random.Random(5)
>>> for _ in range(30):
...     state, events = ENGINE.apply(state, state.legal_actions.sample(rng))
...     history += events
>>> info = knowledge(observe(state, "A", history))
>>> deal = sample_deal(info, random.Random(1))
>>> info.satisfied(deal) and deal.hands[1].bit_count() == len(state.hand("B"))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardtutor.engine.besik import BesikView, ruleset_by_name
from cardtutor.engine.besik.rulesets import Ruleset
from cardtutor.engine.besik.uids import STRENGTH, SUIT_OF
from cardtutor.engine.cards import Card, PhysicalCard, bit_indices
from cardtutor.engine.players.base import Observation

__all__ = ["BesikKnowledge", "Deal", "knowledge", "sample_deal", "uids_of", "PLAYED_KEYS"]

PLAYED_KEYS = frozenset({"besik.lead", "besik.follow", "besik.trump", "besik.discard"})
"""The events of a card played to a trick."""


def uids_of(cards: Sequence[Card | PhysicalCard | None]) -> int:
    """The uid mask of the known cards of a view's card tuple (``None`` skipped).

    >>> uids_of([PhysicalCard.parse("7C#2"), None])
    4294967296
    """
    m = 0
    for c in cards:
        if c is not None:
            if not isinstance(c, PhysicalCard):
                raise TypeError(f"not a Besik card: {c!r}")
            m |= 1 << c.uid
    return m


@dataclass(frozen=True)
class Deal:
    """A deal of the unseen cards: every seat's whole hand (uid masks, by seat index; the
    observing seat's is its own) and the face-down talon (a mask: its order is unknown)."""

    hands: tuple[int, ...]
    talon: int


@dataclass(frozen=True)
class BesikKnowledge:
    """What one seat knows of a Besik deal (uid masks; seat indices in play order)."""

    seat: str
    me: int
    seats: tuple[str, ...]
    party_of: tuple[int, ...]
    """Scoring party index of each seat."""
    rules: type[Ruleset]
    trump: int
    hand: int
    played: int
    """Every card played to a trick in this deal (the current trick included)."""
    known: tuple[int, ...]
    """Per seat: the cards the seat knows are in that hand (its own: the whole hand)."""
    hidden: tuple[int, ...]
    """Per seat: how many cards of that hand it has not seen (0 for its own)."""
    talon_hidden: int
    """Face-down cards still in the talon."""
    up: int
    """The face-up card's uid, -1 once taken."""
    pool: int
    """Cards the seat has never seen."""
    void: tuple[int, ...]
    """Per seat: suit bits it has shown void in (the last eight tricks)."""
    cap: tuple[tuple[int, ...], ...]
    """Per seat and suit: the strongest card it may still hold in that suit (7 = any)."""
    end_play: bool
    trick: tuple[tuple[int, int], ...]
    """The current trick: (seat index, uid) in play order."""

    def allows(self, seat: int, u: int) -> bool:
        """Whether ``seat`` may hold the card ``u`` given its voids and caps.

        >>> from cardtutor.engine.besik import start_deal
        >>> from cardtutor.engine.players.base import observe
        >>> knowledge(observe(start_deal(seed=1)[0], "A")).allows(1, 31)
        True
        """
        s = SUIT_OF[u]
        return not self.void[seat] >> s & 1 and STRENGTH[u] <= self.cap[seat][s]

    def satisfied(self, deal: Deal) -> bool:
        """Whether ``deal`` fits everything the seat knows."""
        spread = deal.talon
        for i, hand in enumerate(deal.hands):
            if i == self.me:
                if hand != self.hand:
                    return False
                continue
            if hand & self.known[i] != self.known[i]:
                return False
            extra = hand & ~self.known[i]
            if extra.bit_count() != self.hidden[i] or extra & ~self.pool:
                return False
            if any(not self.allows(i, u) for u in bit_indices(hand)):
                return False
            if spread & extra:
                return False
            spread |= extra
        return (
            deal.talon.bit_count() == self.talon_hidden
            and not deal.talon & ~self.pool
            and spread == self.pool
        )

    @property
    def exact(self) -> bool:
        """Every hidden card's place is known (a single hidden place to fill)."""
        places = sum(1 for i, n in enumerate(self.hidden) if n) + (1 if self.talon_hidden else 0)
        return places <= 1


def knowledge(obs: Observation) -> BesikKnowledge:
    """What the observing seat knows (see the module docstring).

    >>> from cardtutor.engine.besik import start_deal
    >>> from cardtutor.engine.players.base import observe
    >>> info = knowledge(observe(start_deal(seed=1)[0], "A"))
    >>> info.hidden, info.talon_hidden, info.pool.bit_count(), info.end_play
    ((0, 8), 47, 55, False)
    """
    view = obs.view
    if not isinstance(view, BesikView):
        raise TypeError("a Besik observation is needed")
    seats = tuple(view.seats)
    n = len(seats)
    me = seats.index(obs.seat)
    rules = ruleset_by_name(view.ruleset)
    trump = int(view.trumps)
    index = {s: i for i, s in enumerate(seats)}
    packs = rules.packs(n)

    played = 0
    taken = [0] * n  # face-up cards taken (seven exchange, last draw)
    void = [0] * n
    cap = [[7] * 4 for _ in range(n)]
    end = False
    trick: list[tuple[int, int]] = []
    for e in obs.deal_history:
        key = e.msg.key
        if key in PLAYED_KEYS:
            seat = index[e.seat] if e.seat is not None else -1
            u = e.cards[0].uid
            if key == "besik.lead":
                trick = []
            if end and trick:
                _duties(rules, trump, trick, seat, u, void, cap)
            trick.append((seat, u))
            played |= 1 << u
        elif key == "besik.exchange" and e.seat is not None:
            taken[index[e.seat]] |= 1 << e.cards[1].uid
        elif key == "besik.draw.up" and e.seat is not None:
            taken[index[e.seat]] |= 1 << e.cards[0].uid
        elif key.startswith("besik.talon.empty"):
            end = True
    if not view.trick:
        trick = []

    hand = uids_of(view.hands[obs.seat])
    known = []
    hidden = []
    for i, s in enumerate(seats):
        if i == me:
            known.append(hand)
            hidden.append(0)
            continue
        shown = uids_of(view.declared[s])
        extra = taken[i] & ~played & ~shown
        known.append(shown | extra)
        hidden.append(sum(1 for c in view.hands[s] if c is None) - extra.bit_count())
    up = view.up_card.uid if view.up_card is not None else -1
    every = (1 << (32 * packs)) - 1
    pool = every & ~played
    for k in known:
        pool &= ~k
    if up >= 0:
        pool &= ~(1 << up)
    talon_hidden = view.talon_count - (1 if up >= 0 else 0)
    return BesikKnowledge(
        seat=obs.seat,
        me=me,
        seats=seats,
        party_of=tuple(i % 2 if view.partnerships else i for i in range(n)),
        rules=rules,
        trump=trump,
        hand=hand,
        played=played,
        known=tuple(known),
        hidden=tuple(hidden),
        talon_hidden=talon_hidden,
        up=up,
        pool=pool,
        void=tuple(void),
        cap=tuple(tuple(c) for c in cap),
        end_play=view.end_play,
        trick=tuple(trick),
    )


def _duties(
    rules: type[Ruleset],
    trump: int,
    trick: list[tuple[int, int]],
    seat: int,
    u: int,
    void: list[int],
    cap: list[list[int]],
) -> None:
    """What a card played to a trick of the last eight shows of the player's hand."""
    led = SUIT_OF[trick[0][1]]
    s = SUIT_OF[u]
    # the card winning so far
    w = trick[0][1]
    for _, v in trick[1:]:
        if _beats(v, w, trump):
            w = v
    if s != led:
        void[seat] |= 1 << led
        if s != trump:
            void[seat] |= 1 << trump
            return
    if rules.must_win_last_eight and not _beats(u, w, trump):
        # followed (or trumped) without winning: nothing of that suit would have won
        if SUIT_OF[w] == s:
            cap[seat][s] = min(cap[seat][s], STRENGTH[w])
        elif s == led and SUIT_OF[w] == trump and led != trump:
            pass  # a trump is winning: following suit could not win
        elif s == trump:  # pragma: no cover - a trump beats a plain card
            pass


def _beats(u: int, w: int, trump: int) -> bool:
    su, sw = SUIT_OF[u], SUIT_OF[w]
    if su == sw:
        return STRENGTH[u] > STRENGTH[w]
    return su == trump


def sample_deal(info: BesikKnowledge, rng: random.Random, tries: int = 50) -> Deal:
    """The pool dealt at random to the other hands' hidden places and the talon, within each
    player's voids and caps (the most constrained cards first; a dead end starts again).

    The seat's own hand and every known card stay where they are.

    >>> from cardtutor.engine.besik import start_deal
    >>> from cardtutor.engine.players.base import observe
    >>> info = knowledge(observe(start_deal(seed=1)[0], "A"))
    >>> deal = sample_deal(info, random.Random(0))
    >>> deal.hands[0] == info.hand, deal.hands[1].bit_count(), deal.talon.bit_count()
    (True, 8, 47)
    """
    cards = bit_indices(info.pool)
    holders = [i for i, n in enumerate(info.hidden) if n]
    talon_slot = len(info.seats)
    for _ in range(tries):
        room = {i: info.hidden[i] for i in holders}
        room[talon_slot] = info.talon_hidden
        options = {u: [i for i in holders if info.allows(i, u)] + [talon_slot] for u in cards}
        order = sorted(cards, key=lambda u: (len(options[u]), rng.random()))
        place: dict[int, int] = {}
        dead = False
        for u in order:
            free = [i for i in options[u] if room[i] > 0]
            if not free:
                dead = True
                break
            weights = [room[i] for i in free]
            i = rng.choices(free, weights)[0]
            room[i] -= 1
            place[u] = i
        if not dead and all(v == 0 for v in room.values()):
            break
    else:  # pragma: no cover - the view is consistent: only an unlucky run gets here
        rng.shuffle(cards)
        place = {}
        pos = 0
        for i in [*holders, talon_slot]:
            count = info.hidden[i] if i != talon_slot else info.talon_hidden
            for u in cards[pos : pos + count]:
                place[u] = i
            pos += count
    hands = list(info.known)
    talon = 0
    for u, i in place.items():
        if i == talon_slot:
            talon |= 1 << u
        else:
            hands[i] |= 1 << u
    return Deal(tuple(hands), talon)
