"""What a Piquet seat knows, read from its view and the deal's events, and deals of the unseen
cards consistent with it.

:func:`knowledge` turns an :class:`~cardtutor.engine.players.base.Observation` into a
:class:`PiquetKnowledge`: the seat's hand and discard, the cards of the opponent's hand it has
seen (shown declarations, the cards of elder's five that younger took), how many it has not,
the cards it has never seen (the *pool*: the opponent's hidden cards, his discard and the stock
it did not see), the suits the opponent has shown void in, and what the declarations said:

- **hard constraints**, true whatever the opponent did: a claim he spoke but did not show
  (elder's "Five cards." answered "Not good.") is in his hand; younger's claim that beat the
  seat's ("Not good.") beats it; carte blanche (no king, queen or jack among his twelve dealt
  cards, or those twelve once shown) bounds the court cards he can hold;
- **soft constraints**, true when the opponent declares his best (no sinking): his best claim is
  what he declared, and below the seat's claim when he answered "Good."

:func:`sample_hand` draws the opponent's hand: every hard constraint always holds; the soft ones
too unless no such hand turns up in :data:`SOFT_TRIES` attempts (he sank something), in which case
they are dropped for that draw.

>>> import random
>>> from cardtutor.engine.piquet import ENGINE, Phase, new_deal
>>> from cardtutor.engine.players.base import observe
>>> state, events = new_deal(seed=3)
>>> history = list(events)
>>> rng = random.Random(3)
>>> while state.phase is not Phase.PLAY:
...     state, events = ENGINE.apply(state, state.legal_actions.sample(rng))
...     history += events
>>> info = knowledge(observe(state, "A", history))
>>> hand = sample_hand(info, random.Random(1))
>>> hand.bit_count() == 12 and not hand & info.hand and info.satisfied(hand)
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from cardtutor.engine.cards import Card
from cardtutor.engine.events import Event
from cardtutor.engine.piquet import Declare, Exchange, NextDeal, PiquetView, Play
from cardtutor.engine.piquet.constants import ELDER_MIN_DISCARD, ELDER_STOCK
from cardtutor.engine.piquet.declarations import claim_options, honest, value
from cardtutor.engine.piquet.masks import (
    COURT_MASK,
    FULL,
    PIPS_BYTE,
    RANK_MASKS,
    SUIT_MASKS,
    bits,
    submasks,
)
from cardtutor.engine.players.base import Observation

__all__ = [
    "Constraint",
    "PiquetKnowledge",
    "knowledge",
    "sample_hand",
    "legal_plays",
    "claim_choices",
    "mask_of",
    "as_card",
    "NONE",
    "SOFT_TRIES",
    "HARD_TRIES",
]

NONE = (0, -1)
"""The value of no claim (below every claim)."""
SOFT_TRIES = 200
"""Attempts at a hand that keeps the soft constraints (honest declarations) before dropping
them for one draw: a constraint that almost never holds means the opponent sank something.
An attempt costs some 20 µs, so even a sink costs a sample a few milliseconds."""
HARD_TRIES = 400
"""Attempts at a hand that keeps the hard constraints; the proposals build the spoken claims
in, so they rarely fail (the beating claim is the only one left to chance)."""

CATEGORY_NAMES = ("point", "sequence", "set")


def as_card(card: object) -> Card:
    """``card`` as a Piquet :class:`Card` (a view's cards are typed for both games).

    >>> as_card(Card.parse("AS"))
    Card.parse('AS')
    """
    if not isinstance(card, Card):
        raise TypeError(f"not a Piquet card: {card!r}")
    return card


def mask_of(cards: Sequence[Card | None]) -> int:
    """The mask of the known cards of a view's card tuple (``None`` skipped).

    >>> mask_of([Card.parse("7C"), None, Card.parse("8C")])
    3
    """
    m = 0
    for c in cards:
        if c is not None:
            m |= c.bit
    return m


@cache
def _point_values(b: int) -> frozenset[tuple[int, int]]:
    """Every (number of cards, pips) of the submasks of a suit byte."""
    return frozenset((s.bit_count(), PIPS_BYTE[s]) for s in submasks(b) if s)


def best_value(cat: int, hand: int) -> tuple[int, int]:
    """The value of the best honest claim of ``hand`` in ``cat`` (:data:`NONE` for none).

    >>> best_value(0, SUIT_MASKS[2])  # eight hearts
    (8, 75)
    """
    claim = honest(cat, hand)
    return value(cat, claim) if claim else NONE


@dataclass(frozen=True)
class Constraint:
    """A condition on the opponent's hand *at the declarations* (his hand now plus the cards he
    has played since).

    ``kind``: ``"has"`` (a claim of value ``value`` is in it; a point's pips ``-1``: any),
    ``"beats"`` (his best claim beats ``value``), ``"best"`` (his best claim is ``value``),
    ``"below"`` (his best claim is below ``value``), ``"court"`` (at most ``value[0]`` court
    cards: carte blanche announced, the rest taken from the stock), ``"dealt"`` (at most
    ``value[0]`` cards outside the mask ``value[1]``, his carte blanche shown).
    """

    kind: str
    cat: int
    value: tuple[int, int]

    def holds(self, decl: int) -> bool:
        """Whether the hand ``decl`` (a mask) meets the condition.

        >>> from cardtutor.engine.cards import mask_of, parse_cards
        >>> hand = mask_of(parse_cards("AH KH QH JH 8H 9S"))
        >>> Constraint("has", 0, (5, 49)).holds(hand), Constraint("below", 0, (6, 40)).holds(hand)
        (True, True)
        """
        kind, cat, (n, x) = self.kind, self.cat, self.value
        if kind == "has":
            if cat == 0:
                for s in range(4):
                    b = decl >> (8 * s) & 255
                    if b.bit_count() >= n and (x < 0 or (n, x) in _point_values(b)):
                        return True
                return False
            if cat == 1:
                run = ((1 << n) - 1) << (x - n + 1)
                return any(decl >> (8 * s) & run == run for s in range(4))
            return (decl & RANK_MASKS[x]).bit_count() >= n
        if kind == "court":
            return (decl & COURT_MASK).bit_count() <= n
        if kind == "dealt":
            return (decl & ~x).bit_count() <= n
        best = best_value(cat, decl)
        if kind == "beats":
            return best > self.value
        if kind == "below":
            return best < self.value
        # "best"
        if cat == 0 and x < 0:
            return best[0] == n
        return best == self.value

    def candidates(self, allowed: int) -> list[int]:
        """For ``"has"``: every set of cards within ``allowed`` that makes the claim.

        >>> from cardtutor.engine.cards import cards_from_mask, mask_of, parse_cards
        >>> tierce = Constraint("has", 1, (3, 7))  # a tierce major
        >>> [cards_from_mask(m) for m in tierce.candidates(mask_of(parse_cards("AS KS QS JS AH")))]
        [(Card.parse('QS'), Card.parse('KS'), Card.parse('AS'))]
        """
        if self.kind != "has":
            return []
        cat, (n, x) = self.cat, self.value
        out: list[int] = []
        if cat == 0:
            for s in range(4):
                b = allowed >> (8 * s) & 255
                for sub in submasks(b):
                    if sub.bit_count() == n and (x < 0 or PIPS_BYTE[sub] == x):
                        out.append(sub << (8 * s))
        elif cat == 1:
            run = ((1 << n) - 1) << (x - n + 1)
            out = [run << (8 * s) for s in range(4) if allowed >> (8 * s) & run == run]
        else:
            cards = bits(allowed & RANK_MASKS[x])
            out = [sum(1 << i for i in combo) for combo in itertools.combinations(cards, n)]
        return out


@dataclass(frozen=True)
class PiquetKnowledge:
    """What one seat knows of the deal (card masks of ``Card.bit``)."""

    seat: str
    opponent: str
    seats: tuple[str, str]
    elder: bool
    """The seat is elder hand."""
    hand: int
    discard: int
    opp_known: int
    """Cards the seat knows are in the opponent's hand now."""
    opp_hidden: int
    """How many of the opponent's cards it has not seen."""
    opp_played: int
    """Cards the opponent has played in this deal."""
    opp_taken: int
    """How many cards the opponent took from the stock."""
    played: int
    """Every card played in this deal (the current trick included)."""
    pool: int
    """The cards the seat has never seen: the opponent's hidden cards are among them."""
    void_suits: int
    """Bit ``s`` set: the opponent has shown void in suit ``s``."""
    hard: tuple[Constraint, ...]
    soft: tuple[Constraint, ...]
    said: tuple[tuple[tuple[int, int] | None, str | None], ...]
    """Per category: elder's spoken claim (``NONE`` for "no claim", ``None`` not yet spoken)
    and younger's answer (``"good"``, ``"not_good"``, ``"equal"`` or ``None``)."""

    @property
    def allowed(self) -> int:
        """The unseen cards the opponent may still hold (none of a suit he is void in)."""
        out = self.pool
        for s in range(4):
            if self.void_suits >> s & 1:
                out &= ~SUIT_MASKS[s]
        return out

    def decl_hand(self, hidden: int) -> int:
        """His hand at the declarations, given his hidden cards now."""
        return hidden | self.opp_known | self.opp_played

    def satisfied(self, hand: int, soft: bool = False) -> bool:
        """Whether ``hand`` (his whole hand now) fits everything the seat knows: the known
        cards, the count, unseen cards only, no card of a void suit, every hard constraint
        (and the soft ones with ``soft``)."""
        hidden = hand & ~self.opp_known
        if hand & self.opp_known != self.opp_known or hidden & ~self.allowed:
            return False
        if hidden.bit_count() != self.opp_hidden:
            return False
        decl = self.decl_hand(hidden)
        if not all(c.holds(decl) for c in self.hard):
            return False
        return not soft or all(c.holds(decl) for c in self.soft)

    @property
    def exact(self) -> bool:
        """The opponent's hand is known (as many allowed cards as hidden ones)."""
        return self.allowed.bit_count() == self.opp_hidden


# ---------------------------------------------------------------------------------------------
# Reading the dialogue
# ---------------------------------------------------------------------------------------------


def _num(msg: object) -> int:
    """The number of a ``piquet.Num.N`` / ``piquet.num.N`` message."""
    key = getattr(msg, "key", "")
    return int(key.rsplit(".", 1)[1])


def _said_value(event: Event) -> tuple[int, tuple[int, int]] | None:
    """(category, value) of a spoken claim (``NONE`` for "no ..."); ``None`` for other words.
    A point's value has pips ``-1`` until they are said."""
    key = event.msg.key
    params = event.msg.params
    if key == "piquet.say.point":
        return 0, (_num(params["n"]), -1)
    if key == "piquet.say.point1":
        return 0, (1, -1)
    if key.startswith("piquet.say.none."):
        return int(key.rsplit(".", 1)[1]), NONE
    if key == "piquet.say.sequence":
        name = params["name"]
        kind = name.params["kind"].key  # piquet.seqkind.N.cap
        n = int(kind.split(".")[2])
        if name.key == "piquet.seqname.major":
            top = 7
        elif name.key == "piquet.seqname.minor":
            top = n - 1
        else:
            top = _num(name.params["to"])
        return 1, (n, top)
    if key == "piquet.say.set":
        name = params["name"]
        return 2, (_num(name.params["n"]), _num(name.params["ranks"]))
    return None


_ANSWERS = {"piquet.say.good": "good", "piquet.say.not_good": "not_good"}


def _dialogue(
    events: Sequence[Event], elder: str
) -> list[tuple[tuple[int, int] | None, str | None]]:
    """Per category: elder's claim as spoken and younger's last answer."""
    said: list[tuple[int, int] | None] = [None, None, None]
    answers: list[str | None] = [None, None, None]
    cat = -1
    for e in events:
        if e.kind != "say":
            continue
        key = e.msg.key
        if e.seat == elder:
            got = _said_value(e)
            if got is not None:
                cat, said[got[0]] = got
            elif key == "piquet.say.pips" and cat == 0 and said[0] is not None:
                said[0] = (said[0][0], _num(e.msg.params["n"]))
        elif cat >= 0:
            if key in _ANSWERS:
                answers[cat] = _ANSWERS[key]
            elif key == "piquet.say.equal":
                # the first "Equal." of a point answers the number of cards; the pips follow
                answers[cat] = "equal"
    return [(said[c], answers[c]) for c in range(3)]


def _scored_claims(events: Sequence[Event], seat: str) -> list[int | None]:
    """Per category: the cards ``seat`` scored for it (``None``: nothing scored)."""
    out: list[int | None] = [None, None, None]
    for e in events:
        if e.kind == "score" and e.seat == seat and e.category in CATEGORY_NAMES:
            c = CATEGORY_NAMES.index(e.category)
            out[c] = (out[c] or 0) | sum(card.bit for card in e.cards)
    return out


def knowledge(obs: Observation) -> PiquetKnowledge:
    """What the observing seat knows (see the module docstring).

    >>> from cardtutor.engine.piquet import new_deal
    >>> from cardtutor.engine.players.base import observe
    >>> info = knowledge(observe(new_deal(seed=1)[0], "A"))
    >>> info.hand.bit_count(), info.opp_hidden, info.pool.bit_count(), info.hard
    (12, 12, 20, ())
    """
    view = obs.view
    if not isinstance(view, PiquetView):
        raise TypeError("a Piquet observation is needed")
    seat = obs.seat
    seats = (view.seats[0], view.seats[1])
    opp = seats[1 - seats.index(seat)]
    elder = view.elder == seat
    events = obs.deal_history

    hand = mask_of(view.hands[seat])
    discard = mask_of(view.discards[seat])
    opp_known = mask_of(view.hands[opp])
    opp_hidden = sum(1 for c in view.hands[opp] if c is None)
    played = opp_played = void = 0
    for t in view.tricks:
        played |= t.lead.bit | t.follow.bit
        opp_played |= t.lead.bit if t.leader == opp else t.follow.bit
        if t.follower == opp and t.follow.index >> 3 != t.lead.index >> 3:
            void |= 1 << (t.lead.index >> 3)
    for who, any_card in view.trick:
        card = as_card(any_card)
        played |= card.bit
        if who == opp:
            opp_played |= card.bit
    seen_stock = mask_of(view.stock)
    pool = FULL & ~hand & ~discard & ~opp_known & ~played & ~seen_stock
    opp_taken = len(view.discards[opp])

    hard: list[Constraint] = []
    soft: list[Constraint] = []
    said = _dialogue(events, view.elder)
    shown = _scored_claims(events, opp)
    younger_shown = bool(view.tricks) or view.phase.value in ("deal_over", "over")
    for cat in range(3):
        ev, answer = said[cat]
        if ev is None:
            continue
        if not elder:  # the opponent is elder: ev is his claim
            if ev == NONE:
                if cat:  # no point at all is impossible: only a sink says so
                    soft.append(Constraint("best", cat, NONE))
                continue
            if answer in (None, "not_good"):
                hard.append(Constraint("has", cat, ev))
            soft.append(Constraint("best", cat, ev))
            continue
        # the opponent is younger, ev is the seat's own claim
        if ev == NONE:
            if younger_shown:
                got = shown[cat]
                if got is None:
                    if cat:
                        soft.append(Constraint("best", cat, NONE))
                else:
                    soft.append(Constraint("best", cat, value(cat, got)))
            continue
        if answer == "good":
            soft.append(Constraint("below", cat, ev))
        elif answer == "equal":
            hard.append(Constraint("has", cat, ev))
            soft.append(Constraint("best", cat, ev))
        elif answer == "not_good":
            hard.append(Constraint("beats", cat, ev))
            got = shown[cat]
            if got is not None:
                soft.append(Constraint("best", cat, value(cat, got)))

    cb = view.carte_blanche.get(opp)
    if cb is not None:
        dealt = mask_of(cb)
        if dealt:
            hard.append(Constraint("dealt", -1, (opp_taken, dealt)))
        else:
            hard.append(Constraint("court", -1, (opp_taken, 0)))

    return PiquetKnowledge(
        seat=seat,
        opponent=opp,
        seats=seats,
        elder=elder,
        hand=hand,
        discard=discard,
        opp_known=opp_known,
        opp_hidden=opp_hidden,
        opp_played=opp_played,
        opp_taken=opp_taken,
        played=played,
        pool=pool,
        void_suits=void,
        hard=tuple(hard),
        soft=tuple(soft),
        said=tuple((s, a) for s, a in said),
    )


# ---------------------------------------------------------------------------------------------
# Sampling the opponent's hand
# ---------------------------------------------------------------------------------------------


def _propose(
    info: PiquetKnowledge,
    rng: random.Random,
    candidates: Sequence[list[int]],
    allowed: int,
    allowed_bits: list[int],
) -> int | None:
    """One hand: the spoken claims built in (one way of making each, at random), the rest of
    the hidden cards drawn at random from the allowed ones."""
    need = info.opp_hidden
    hidden = 0
    for cands in candidates:
        if cands:
            if hidden and rng.random() < 0.5:
                # claims share cards (a point and a sequence of one suit): half the time
                # take a way of making this one that adds the fewest new cards
                fewest = min((c & allowed & ~hidden).bit_count() for c in cands)
                cands = [c for c in cands if (c & allowed & ~hidden).bit_count() == fewest]
            hidden |= rng.choice(cands) & allowed
    if hidden.bit_count() > need:
        return None
    rest = [i for i in allowed_bits if not hidden >> i & 1]
    for i in rng.sample(rest, need - hidden.bit_count()):
        hidden |= 1 << i
    return hidden | info.opp_known


def sample_hand(info: PiquetKnowledge, rng: random.Random) -> int:
    """The opponent's whole hand now (a mask), drawn consistently with ``info``.

    Hard constraints always hold (if the seat's information allows any hand at all); the soft
    ones hold unless :data:`SOFT_TRIES` attempts found none.

    >>> from cardtutor.engine.piquet import new_deal
    >>> from cardtutor.engine.players.base import observe
    >>> info = knowledge(observe(new_deal(seed=1)[0], "A"))
    >>> hand = sample_hand(info, random.Random(0))
    >>> hand.bit_count(), hand & info.hand
    (12, 0)
    """
    allowed = info.allowed
    allowed_bits = bits(allowed)
    if len(allowed_bits) < info.opp_hidden:  # pragma: no cover - the view is consistent
        allowed = info.pool
        allowed_bits = bits(allowed)
    if len(allowed_bits) == info.opp_hidden:
        return allowed | info.opp_known
    within = allowed | info.opp_known | info.opp_played
    hard = [c.candidates(within) for c in info.hard if c.kind == "has"]
    # the soft "his best is this claim" constraints are built in too (as "has")
    soft_has = [
        Constraint("has", c.cat, c.value).candidates(within)
        for c in info.soft
        if c.kind == "best" and c.value != NONE
    ]
    for tries, soft in ((SOFT_TRIES, True), (HARD_TRIES, False)):
        if soft and not info.soft:
            continue
        candidates = hard + soft_has if soft else hard
        for _ in range(tries):
            hand = _propose(info, rng, candidates, allowed, allowed_bits)
            if hand is not None and info.satisfied(hand, soft=soft):
                return hand
    # Nothing fits (a claim the proposals could not build): the cards and counts only.
    return _propose(info, rng, [], allowed, allowed_bits) or info.opp_known  # pragma: no cover


# ---------------------------------------------------------------------------------------------
# The seat's legal actions, from its view
# ---------------------------------------------------------------------------------------------


def legal_plays(view: PiquetView, seat: str) -> list[Play]:
    """The cards ``seat`` may play now (follow suit if able).

    >>> from cardtutor.engine.piquet import ENGINE, Phase, new_deal
    >>> import random
    >>> state, _ = new_deal(seed=2)
    >>> rng = random.Random(2)
    >>> while state.phase is not Phase.PLAY:
    ...     state, _ = ENGINE.apply(state, state.legal_actions.sample(rng))
    >>> seat = state.seat_to_act
    >>> sorted(map(repr, legal_plays(state.view(seat), seat))) == sorted(
    ...     map(repr, state.legal_actions))
    True
    """
    hand = mask_of(view.hands[seat])
    if view.trick:
        lead = as_card(view.trick[0][1])
        hand = hand & SUIT_MASKS[lead.index >> 3] or hand
    return [Play(seat, Card.from_index(i)) for i in bits(hand)]


def claim_choices(view: PiquetView, seat: str) -> list[Declare]:
    """Every claim ``seat`` may make in the category being declared (none outside the
    declarations).

    >>> from cardtutor.engine.piquet import new_deal
    >>> claim_choices(new_deal(seed=1)[0].view("A"), "A")
    []
    """
    category = view.category
    if category is None:
        return []
    cat = CATEGORY_NAMES.index(category)
    hand = mask_of(view.hands[seat])
    return [Declare(seat, category, m) for m in claim_options(cat, hand)]


def exchange_sizes(view: PiquetView, seat: str) -> range:
    """How many cards ``seat`` may discard: 1 to 5 for elder, 1 to all that are left in the
    stock for younger.

    >>> from cardtutor.engine.piquet import new_deal
    >>> exchange_sizes(new_deal(seed=1, dealer="B")[0].view("A"), "A")
    range(1, 6)
    """
    if view.elder == seat:
        return range(ELDER_MIN_DISCARD, ELDER_STOCK + 1)
    return range(ELDER_MIN_DISCARD, len(view.stock) + 1)


def only_action(view: PiquetView, seat: str) -> Exchange | Declare | Play | NextDeal | None:
    """The seat's one legal action when it has no choice (a single card, the next deal).

    >>> from cardtutor.engine.piquet import new_deal
    >>> only_action(new_deal(seed=1)[0].view("A"), "A") is None
    True
    """
    if view.phase.value == "deal_over":
        return NextDeal(seat)
    if view.phase.value == "play":
        plays = legal_plays(view, seat)
        if len(plays) == 1:
            return plays[0]
    return None
