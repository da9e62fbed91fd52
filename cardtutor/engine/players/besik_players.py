"""The computer players of Besik (two, three or four players, partnerships included), at three
strengths (:class:`BesikPlayer`).

**Beginner**: declares whatever it may as soon as it may (the face-up card for its trump seven,
the sevens, the meld worth most); leads its lowest card; wins a trick with its cheapest winning
card when the trick holds an ace or a ten or the winner costs next to nothing, else plays its
lowest card.

**Club**: exchanges the trump seven and declares sevens at once; in the seed's rules waits until
after the draw to meld (the card drawn may make a better meld), except at the last draw, after
which nothing may be declared; declares the meld worth most, but holds back a trump sequence
while its king and queen can still be declared as a marriage where the ruleset forbids taking a
marriage out of a declared sequence (standard Bezique). In the play it values each card by its
points, its worth as a trump and its place in melds still to come (the Besik's queen of spades
and jack of diamonds, a king or queen with its partner, cards towards four of a kind or a
Quint-Major, the trump seven): it leads what it needs least, wins a trick when its points (and
the right to declare a waiting meld) are worth the card it takes, helps a partner's winning trick
to points, and in the last eight tricks cashes its sure winners. With players still to come
after it, it weighs the chance its side keeps the trick (:func:`keep_chance`: what they may
hold to beat it): an ace or a ten goes on only at good odds, never onto a low card an opponent
still to play will most likely beat.

**Strong**: the club player while the talon lasts (no search reaches there); in the last eight
tricks of two players, where every card is known from what was played, the double-dummy
solver's best card; with three or four players, deals of the hidden cards consistent with
everything seen (:func:`~cardtutor.engine.players.besik_info.sample_deal`), each card played out
to the end by club play for every seat, and the card with the best total.

>>> import random
>>> from cardtutor.engine.besik import start_deal
>>> from cardtutor.engine.players.base import observe
>>> state, events = start_deal(seed=4)
>>> action = BesikPlayer(Strength.CLUB).choose(observe(state, "A", events), random.Random(0))
>>> action in state.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtutor.engine.besik import (
    BesikView,
    DeclareSeven,
    Draw,
    Exchange,
    Meld,
    NewDeal,
    Play,
)
from cardtutor.engine.besik.constants import (
    MELD_POINTS,
    POINTS_BRISQUE,
    POINTS_LAST_TRICK,
    POINTS_TRUMP_SEVEN,
)
from cardtutor.engine.besik.melds import meld_name, meld_points
from cardtutor.engine.besik.uids import (
    ACE,
    AUGEN,
    BRISQUE,
    JACK,
    JD_INDEX,
    KING,
    PC,
    QS_INDEX,
    QUEEN,
    RANK_OF,
    SEVEN,
    STRENGTH,
    SUIT_MASK,
    SUIT_OF,
    TEN,
)
from cardtutor.engine.cards import bit_indices
from cardtutor.engine.drills.piquet_exchange import Average
from cardtutor.engine.players.base import Decision, Observation, Strength, ranked
from cardtutor.engine.players.besik_info import BesikKnowledge, knowledge, sample_deal
from cardtutor.engine.solver.besik import position_of_cards, solve_position
from cardtutor.engine.text import Msg

__all__ = ["BesikPlayer", "ROLLOUTS", "card_points", "keep_value", "rollout"]

BesikAction = Play | Meld | DeclareSeven | Exchange | Draw | NewDeal

ROLLOUTS = 30
"""Deals of the hidden cards the strong player plays out for each card in the last eight
tricks with three or four players. A play-out of at most eight tricks by the club rules costs
well under a millisecond here, so 30 deals for up to eight cards stay near 0.1 s."""

QUINT_RANKS = (ACE, TEN, KING, QUEEN, JACK)


def card_points(u: int, rules: object) -> int:
    """What a card scores in the tricks: its Augen, or 10 for a brisque (standard).

    >>> from cardtutor.engine.besik import SeedRuleset, StandardRuleset
    >>> card_points(PC.index(PC[31]), SeedRuleset), card_points(30, StandardRuleset)
    (11, 0)
    """
    if getattr(rules, "augen", True):
        return AUGEN[u]
    return BRISQUE[u] * POINTS_BRISQUE


def _beats(u: int, w: int, trump: int) -> bool:
    su, sw = SUIT_OF[u], SUIT_OF[w]
    if su == sw:
        return STRENGTH[u] > STRENGTH[w]
    return su == trump


def _winner(trick: Sequence[tuple[int, int]], trump: int) -> tuple[int, int]:
    ws, w = trick[0]
    for s, u in trick[1:]:
        if _beats(u, w, trump):
            ws, w = s, u
    return ws, w


def _count(hand: int, index: int) -> int:
    """How many copies of the card ``index`` (0..31) the hand holds."""
    return sum(1 for k in range(4) if hand >> (32 * k + index) & 1)


def _rank_count(hand: int, rank: int) -> int:
    return sum(1 for u in bit_indices(hand) if RANK_OF[u] == rank)


def meld_bonus(u: int, hand: int, info: BesikKnowledge) -> float:
    """How much card ``u`` adds to melds still to come from ``hand`` (points-like).

    >>> from cardtutor.engine.besik import start_deal
    >>> from cardtutor.engine.cards import PhysicalCard
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.besik_info import knowledge
    >>> state, events = start_deal(seed=1)  # diamonds are trumps
    >>> obs = observe(state, "A", events)
    >>> info = knowledge(obs)
    >>> [c.code for c in state.hand("A")]
    ['JD#1', '9D#1', '7D#1', 'KH#1', 'JH#2', 'QS#1', 'JS#2', '9S#2']
    >>> meld_bonus(PhysicalCard.parse("QS#1").uid, info.hand, info)  # half a Besik, held whole
    20.0
    """
    rank, suit, index = RANK_OF[u], SUIT_OF[u], u & 31
    bonus = 0.0
    if index in (QS_INDEX, JD_INDEX):
        bonus += 10
        if _count(hand, JD_INDEX if index == QS_INDEX else QS_INDEX):
            bonus += 10
    if rank in (KING, QUEEN):
        partner = (index & ~7) | ((QUEEN if rank == KING else KING) - 7)
        if _count(hand, partner):
            bonus += 16 if suit == info.trump else 8
    if rank in (ACE, KING, QUEEN, JACK):
        m = _rank_count(hand, rank)
        if m >= 2:
            bonus += 3 * m
    if rank in QUINT_RANKS and (info.rules.quint_any_suit or suit == info.trump):
        distinct = sum(1 for r in QUINT_RANKS if _count(hand, (suit << 3) | (r - 7)))
        if distinct >= 3:
            bonus += 4 * distinct
    if rank == SEVEN and suit == info.trump and info.up >= 0 and RANK_OF[info.up] != SEVEN:
        bonus += 12
    return bonus


def keep_value(u: int, hand: int, info: BesikKnowledge) -> float:
    """What card ``u`` is worth keeping: its points, its strength as a trump, and (while the
    talon lasts) its place in melds still to come.

    >>> from cardtutor.engine.besik import start_deal
    >>> from cardtutor.engine.cards import PhysicalCard
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.besik_info import knowledge
    >>> state, events = start_deal(seed=1)  # diamonds are trumps
    >>> obs = observe(state, "A", events)
    >>> info = knowledge(obs)
    >>> keep_value(PhysicalCard.parse("JD#1").uid, info.hand, info)  # trump jack, Besik
    43.0
    >>> keep_value(PhysicalCard.parse("9S#2").uid, info.hand, info)
    0.0
    """
    value = float(card_points(u, info.rules))
    if SUIT_OF[u] == info.trump:
        value += 6 + 2 * STRENGTH[u]
    if not info.end_play:
        value += meld_bonus(u, hand, info)
    return value


def pending_meld(hand: int, view: BesikView, info: BesikKnowledge) -> int:
    """Roughly the points of the best meld ``hand`` could declare after winning a trick (the
    melds this seat declared before, with the same cards, not counted again).

    >>> from cardtutor.engine.besik import start_deal
    >>> from cardtutor.engine.cards import PhysicalCard
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.besik_info import knowledge
    >>> state, events = start_deal(seed=1)  # diamonds are trumps
    >>> obs = observe(state, "A", events)
    >>> info = knowledge(obs)
    >>> pending_meld(info.hand, obs.view, info)  # the Besik: queen of spades, jack of diamonds
    40
    """
    seat = info.seat
    done: dict[str, int] = {}
    for m in view.melds:
        if m.seat == seat:
            cards = 0
            for c in m.cards:
                cards |= 1 << c.uid
            done[m.kind] = done.get(m.kind, 0) | cards
    best = 0

    def fresh(kind: str, cards: int) -> bool:
        return not cards & done.get(kind, 0)

    for suit in range(4):
        if not (info.rules.quint_any_suit or suit == info.trump):
            continue
        cards = 0
        for r in QUINT_RANKS:
            i = (suit << 3) | (r - 7)
            copies = [u for u in bit_indices(hand) if u & 31 == i]
            if not copies:
                cards = -1
                break
            cards |= 1 << copies[0]
        if cards > 0 and fresh("quint-major", cards):
            best = max(best, MELD_POINTS["quint-major"])
    for kind, rank in (
        ("four-aces", ACE),
        ("four-kings", KING),
        ("four-queens", QUEEN),
        ("four-jacks", JACK),
    ):
        cards = sum(1 << u for u in bit_indices(hand) if RANK_OF[u] == rank)
        if cards.bit_count() >= 4 and (cards & ~done.get(kind, 0)).bit_count() >= 4:
            best = max(best, MELD_POINTS[kind])
    qs = [u for u in bit_indices(hand) if u & 31 == QS_INDEX]
    jd = [u for u in bit_indices(hand) if u & 31 == JD_INDEX]
    if len(qs) >= 2 and len(jd) >= 2 and "double-besik" not in done:
        best = max(best, MELD_POINTS["double-besik"])
    if qs and jd and fresh("besik", (1 << qs[0]) | (1 << jd[0])):
        best = max(best, MELD_POINTS["besik"])
    for suit in range(4):
        ks = [u for u in bit_indices(hand) if u & 31 == (suit << 3) | (KING - 7)]
        qs_ = [u for u in bit_indices(hand) if u & 31 == (suit << 3) | (QUEEN - 7)]
        if ks and qs_:
            marriage = done.get("marriage", 0) | done.get("trump-marriage", 0)
            if not ((1 << ks[0]) | (1 << qs_[0])) & marriage:
                best = max(best, 40 if suit == info.trump else 20)
    return best


def _outstanding(info: BesikKnowledge) -> int:
    """Every card not in the seat's hand and not yet played (whoever holds it)."""
    every = (1 << (32 * info.rules.packs(len(info.seats)))) - 1
    return every & ~info.hand & ~info.played


def _unbeatable(u: int, info: BesikKnowledge, trumps_out: bool) -> bool:
    """No card still out beats ``u`` (a copy of it does not: the first played wins); a plain
    card also needs the trumps to be gone (``trumps_out``)."""
    out = _outstanding(info)
    s = SUIT_OF[u]
    for v in bit_indices(out & SUIT_MASK[s]):
        if STRENGTH[v] > STRENGTH[u]:
            return False
    return s == info.trump or trumps_out


def _none_of(k: int, draws: int, pool: int) -> float:
    """The chance that ``draws`` cards dealt at random from ``pool`` hold none of ``k`` given
    ones.

    >>> _none_of(0, 8, 60), _none_of(1, 1, 2), _none_of(5, 8, 10)
    (1.0, 0.5, 0.0)
    """
    if k <= 0 or draws <= 0:
        return 1.0
    if pool - k < draws:
        return 0.0
    p = 1.0
    for i in range(draws):
        p *= (pool - k - i) / (pool - i)
    return p


def _may_hold(info: BesikKnowledge, seat: int) -> int:
    """The unseen cards ``seat``'s hidden cards come from (its voids and caps allowing)."""
    mask = info.pool
    for s in range(4):
        if info.void[seat] >> s & 1:
            mask &= ~SUIT_MASK[s]
        elif info.cap[seat][s] < 7:
            for v in bit_indices(mask & SUIT_MASK[s]):
                if STRENGTH[v] > info.cap[seat][s]:
                    mask &= ~(1 << v)
    return mask


TRUMP_APPETITE = 8
"""While the talon lasts a player able to trump a plain card does so with the chance 0.2 plus
the trick's points over this (at most 1): a trick of 7 points or more always, an empty one
seldom (a trump spent on nothing)."""


def beat_chance(info: BesikKnowledge, seat: int, w: int, points: int) -> float:
    """The chance that ``seat``, still to play to the current trick, beats the card ``w``
    winning it, the trick holding ``points``: from the cards still unseen, how many of them
    the seat's hidden cards are, and what it has shown (declared cards, voids); while the
    talon lasts a higher card of the suit always, a trump on a plain card the more readily the
    more points the trick holds (:data:`TRUMP_APPETITE`); in the last eight tricks a trump
    only from a player void in the suit led.

    >>> from cardtutor.engine.besik import start_deal
    >>> from cardtutor.engine.cards import PhysicalCard
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.besik_info import knowledge
    >>> info = knowledge(observe(start_deal(seed=1)[0], "A"))  # diamonds are trumps
    >>> low, ace = PhysicalCard.parse("8S#1").uid, PhysicalCard.parse("AS#1").uid
    >>> round(beat_chance(info, 1, low, 0), 2), round(beat_chance(info, 1, ace, 11), 2)
    (0.83, 0.88)
    """
    trump = info.trump
    sw = SUIT_OF[w]
    known = info.known[seat]
    allowed = _may_hold(info, seat)
    draws, size = info.hidden[seat], allowed.bit_count()

    def none(mask: int) -> float:
        if known & mask:
            return 0.0
        return _none_of((allowed & mask).bit_count(), draws, size)

    higher = 0
    for v in bit_indices((allowed | known) & SUIT_MASK[sw]):
        if STRENGTH[v] > STRENGTH[w]:
            higher |= 1 << v
    led = SUIT_OF[info.trick[0][1]] if info.trick else sw
    keen = 1.0 if info.end_play else min(1.0, 0.2 + points / TRUMP_APPETITE)
    if sw == trump:
        if info.end_play and led != trump:
            # only a player void in the suit led may overtrump
            return none(SUIT_MASK[led]) - none(SUIT_MASK[led] | higher)
        return (1.0 - none(higher)) * keen
    trumps = SUIT_MASK[trump]
    if info.end_play:
        return 1.0 - none(higher) + none(SUIT_MASK[led]) - none(SUIT_MASK[led] | trumps)
    return 1.0 - none(higher) + (none(higher) - none(higher | trumps)) * keen


def keep_chance(info: BesikKnowledge, u: int) -> float:
    """The chance that the seat's side wins the current trick when the seat plays ``u`` to
    it, given who is still to play: each player after it may beat the winning card
    (:func:`beat_chance`), an opponent to take the trick or his partner's trick out of reach,
    a partner to win it back or make it safer; a card that beat the winning one (unknown: its
    player is still to play) is beaten half as often.

    >>> from cardtutor.engine.besik import start_deal
    >>> from cardtutor.engine.cards import PhysicalCard
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.besik_info import knowledge
    >>> info = knowledge(observe(start_deal(seed=1)[0], "A"))  # two players, A leads
    >>> keep_chance(info, PhysicalCard.parse("9S#2").uid) < 0.5
    True
    """
    trump, n, me = info.trump, len(info.seats), info.me
    mine = info.party_of[me]
    trick = [*info.trick, (me, u)]
    ws, w = _winner(trick, trump)
    points = sum(card_points(v, info.rules) for _, v in trick)
    ours = info.party_of[ws] == mine
    # the side holding the trick, with w or with a later card that beat it
    held, taken = (1.0, 0.0) if ours else (0.0, 0.0)
    lost, beaten = (0.0, 0.0) if ours else (1.0, 0.0)
    for k in range(1, n - len(trick) + 1):
        seat = (me + k) % n
        beat = beat_chance(info, seat, w, points)
        up = (held + lost) * beat  # w beaten: the winning card is no longer known
        held, lost = held * (1.0 - beat), lost * (1.0 - beat)
        if info.party_of[seat] == mine:
            back = beaten * 0.5 * beat
            beaten, taken = beaten - back, taken + back + up
        else:
            back = taken * 0.5 * beat
            taken, beaten = taken - back, beaten + back + up
    return held + taken


HOLD = 0.4
"""What an ace or a ten kept in the hand is worth, as a share of its points, to its side
(it can wait for a trick the side is sure of): a card played to a trick the side may still
lose must win it at better odds than that to be worth putting on."""


class BesikPlayer:
    """A Besik computer player (see the module docstring for each strength)."""

    game = "besik"

    def __init__(self, strength: Strength) -> None:
        self.strength = strength

    def __repr__(self) -> str:
        return f"BesikPlayer({self.strength})"

    def choose(self, obs: Observation, rng: random.Random | None = None) -> BesikAction:
        """The action only (see :meth:`decide`)."""
        action = self.decide(obs, rng).action
        assert isinstance(action, (Play, Meld, DeclareSeven, Exchange, Draw, NewDeal))
        return action

    def decide(self, obs: Observation, rng: random.Random | None = None) -> Decision:
        """The decision of the observing seat, which must be the seat to act."""
        view = obs.view
        if not isinstance(view, BesikView):
            raise TypeError("a Besik observation is needed")
        if view.seat_to_act != obs.seat or not view.legal:
            raise ValueError(f"it is not {obs.seat}'s turn")
        rng = rng or random.Random(0)
        legal = list(view.legal)
        if len(legal) == 1:
            return Decision(legal[0], Msg("players.reason.only"), self.strength)
        info = knowledge(obs)
        declared = self._declaration(view, info, legal)
        if declared is not None:
            return declared
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            draw = next(a for a in legal if isinstance(a, Draw))
            return Decision(draw, Msg("players.reason.draw_first"), self.strength)
        if len(plays) == 1:
            return Decision(plays[0], Msg("players.reason.only_card"), self.strength)
        if self.strength is Strength.STRONG and info.end_play:
            if len(info.seats) == 2:
                return self._solved(view, info, plays)
            return self._rollouts(view, info, plays, rng)
        if self.strength is Strength.BEGINNER:
            u, reason = beginner_card(info, plays)
        else:
            u, reason = club_card(view, info, plays)
        return Decision(Play(obs.seat, PC[u]), reason, self.strength)

    # -- melds, sevens, the exchange -------------------------------------------------------

    def _declaration(
        self, view: BesikView, info: BesikKnowledge, legal: list[BesikAction]
    ) -> Decision | None:
        sevens = [a for a in legal if isinstance(a, DeclareSeven)]
        if sevens:
            best = max(sevens, key=lambda a: len(a.cards))
            return Decision(
                best,
                Msg("players.reason.sevens", points=POINTS_TRUMP_SEVEN * len(best.cards)),
                self.strength,
            )
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if exchanges and view.up_card is not None:
            return Decision(
                exchanges[0],
                Msg("players.reason.exchange_seven", card=view.up_card),
                self.strength,
            )
        melds = [a for a in legal if isinstance(a, Meld)]
        if not melds:
            return None
        last_draw = view.talon_count <= len(view.seats)
        if (
            self.strength is not Strength.BEGINNER
            and view.phase.value == "draw"
            and info.rules.meld_after_draw
            and not last_draw
        ):
            draw = next(a for a in legal if isinstance(a, Draw))
            return Decision(draw, Msg("players.reason.meld_after_draw"), self.strength)
        trump = info.trump

        def points(m: Meld) -> int:
            return meld_points(m.kind, [c.uid for c in m.cards], trump)

        top = max(melds, key=lambda m: (points(m), -len(m.cards)))
        if self.strength is not Strength.BEGINNER and top.kind == "quint-major":
            if not info.rules.marriage_from_sequence:
                inside = [
                    m
                    for m in melds
                    if m.kind in ("marriage", "trump-marriage") and set(m.cards) <= set(top.cards)
                ]
                if inside:
                    first = inside[0]
                    return self._meld_decision(
                        first, points(first), "players.reason.marriage_first"
                    )
        return self._meld_decision(top, points(top), "players.reason.meld")

    def _meld_decision(self, meld: Meld, value: int, key: str) -> Decision:
        """Declare ``meld``, the reason naming it and its ``value`` in points."""
        name = meld_name(meld.kind, [c.uid for c in meld.cards])
        return Decision(meld, Msg(key, meld=name, points=value), self.strength)

    # -- the last eight tricks, searched ---------------------------------------------------

    def _solved(self, view: BesikView, info: BesikKnowledge, plays: list[Play]) -> Decision:
        deal = sample_deal(info, random.Random(0))  # exact: one place for the hidden cards
        seats = (info.seats[0], info.seats[1])
        hands = {s: [PC[u] for u in bit_indices(deal.hands[i])] for i, s in enumerate(seats)}
        led = PC[info.trick[0][1]] if info.trick else None
        node = position_of_cards(hands, info.seat, led)
        solution = solve_position(node, seats, info.rules, info.trump)
        values = solution.values()
        best_value = max(values.values())
        club_u, _ = club_card(view, info, plays)
        best = [a for a, v in values.items() if v == best_value]
        choice = next((a for a in best if a.card.uid == club_u), None)
        if choice is None:
            choice = min(best, key=lambda a: (card_points(a.card.uid, info.rules), a.card.uid))
        ordered = ranked([(a, float(v)) for a, v in values.items()])
        return Decision(
            choice,
            Msg("players.reason.solved", card=choice.card, value=Average(best_value)),
            Strength.STRONG,
            ordered,
            1,
        )

    def _rollouts(
        self, view: BesikView, info: BesikKnowledge, plays: list[Play], rng: random.Random
    ) -> Decision:
        totals = {p.card.uid: 0.0 for p in plays}
        for _ in range(ROLLOUTS):
            deal = sample_deal(info, rng)
            for u in totals:
                totals[u] += rollout(info, list(deal.hands), u)
        averages = {u: v / ROLLOUTS for u, v in totals.items()}
        best_value = max(averages.values())
        best = [u for u, v in averages.items() if v == best_value]
        club_u, _ = club_card(view, info, plays)
        u = club_u if club_u in best else min(best, key=lambda x: (card_points(x, info.rules), x))
        ordered = ranked([(Play(info.seat, PC[x]), v) for x, v in averages.items()])
        # the runner-up is another card, not the other copy of this one (the same card to
        # the learner: "the seven of clubs does best; next comes the seven of clubs")
        others = [(a, v) for a, v in ordered if isinstance(a, Play) and a.card.uid & 31 != u & 31]
        # partnerships: your side minus the other side; each for himself: you minus the
        # others' average (see rollout)
        each = max(info.party_of) + 1 == len(info.seats)
        params: dict[str, object] = {
            "card": PC[u],
            "samples": ROLLOUTS,
            "value": Average(averages[u]),
        }
        if others:
            other, other_value = others[0]
            assert isinstance(other, Play)
            key = "players.reason.rollout_each" if each else "players.reason.rollout"
            level = Average(other_value).name() == Average(averages[u]).name()
            reason = Msg(
                key + "_tie" if level else key,
                other=other.card,
                other_value=Average(other_value),
                **params,
            )
        else:  # pragma: no cover - two legal cards at least
            reason = Msg("players.reason.sampled_one", **params)
        return Decision(Play(info.seat, PC[u]), reason, Strength.STRONG, ordered, ROLLOUTS)


# ---------------------------------------------------------------------------------------------
# Choosing a card
# ---------------------------------------------------------------------------------------------


def _trick_points(info: BesikKnowledge) -> int:
    return sum(card_points(u, info.rules) for _, u in info.trick)


def _last_trick(info: BesikKnowledge) -> bool:
    return info.end_play and info.hand.bit_count() == 1


def beginner_card(info: BesikKnowledge, plays: Sequence[Play]) -> tuple[int, Msg]:
    """The beginner's card and why.

    >>> from cardtutor.engine.besik import start_deal
    >>> from cardtutor.engine.cards import PhysicalCard
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.besik_info import knowledge
    >>> state, events = start_deal(seed=1)  # diamonds are trumps
    >>> obs = observe(state, "A", events)
    >>> info = knowledge(obs)
    >>> u, why = beginner_card(info, [a for a in obs.view.legal if isinstance(a, Play)])
    >>> PC[u], why.render("en")
    (PhysicalCard.parse('9S#2'), 'Lead the lowest card.')
    """
    rules, trump = info.rules, info.trump
    cards = [p.card.uid for p in plays]

    def low(u: int) -> tuple[int, int, int]:
        return (1 if SUIT_OF[u] == trump else 0, card_points(u, rules), STRENGTH[u])

    if not info.trick:
        return min(cards, key=low), Msg("players.reason.lead_lowest")
    _, w = _winner(info.trick, trump)
    winners = [u for u in cards if _beats(u, w, trump)]
    if winners:
        cheapest = min(winners, key=lambda u: (card_points(u, rules), STRENGTH[u]))
        if _trick_points(info) >= 10 or card_points(cheapest, rules) <= 2:
            return cheapest, Msg("players.reason.win_cheap")
    return min(cards, key=low), Msg("players.reason.follow_low")


def club_card(view: BesikView, info: BesikKnowledge, plays: Sequence[Play]) -> tuple[int, Msg]:
    """The club player's card and why (see the module docstring).

    >>> from cardtutor.engine.besik import start_deal
    >>> from cardtutor.engine.cards import PhysicalCard
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.besik_info import knowledge
    >>> state, events = start_deal(seed=1)  # diamonds are trumps
    >>> obs = observe(state, "A", events)
    >>> info = knowledge(obs)
    >>> u, why = club_card(obs.view, info, [a for a in obs.view.legal if isinstance(a, Play)])
    >>> PC[u]
    PhysicalCard.parse('9S#2')
    """
    rules, trump, hand = info.rules, info.trump, info.hand
    cards = [p.card.uid for p in plays]
    out = _outstanding(info)
    trumps_out = bool(out & SUIT_MASK[trump])
    after_cache: dict[int, int] = {}

    def pending(u: int) -> int:
        """The meld the hand can still declare after winning a trick with ``u``: without
        ``u`` (winning with the ace of a quint major gives up the quint's 250)."""
        if info.end_play:
            return 0
        if u not in after_cache:
            after_cache[u] = pending_meld(hand & ~(1 << u), view, info)
        return after_cache[u]

    def extra(u: int) -> float:
        """What the card is worth beyond its points (strength as a trump, melds)."""
        return keep_value(u, hand, info) - card_points(u, rules)

    if not info.trick:

        def lead(u: int) -> float:
            pts = card_points(u, rules)
            sure = _unbeatable(u, info, not trumps_out)
            if info.end_play:
                return (pts + 5.0 if sure else -0.8 * pts) - extra(u)
            score = -(0.5 if pts >= 10 else 0.3) * 2 * pts - extra(u)
            if sure and pending(u):
                score += 0.8 * pending(u) + pts
            return score

        u = max(cards, key=lambda x: (lead(x), -x))
        sure = _unbeatable(u, info, not trumps_out)
        if info.end_play and sure:
            return u, Msg("players.reason.cash")
        if sure and pending(u) and not info.end_play:
            return u, Msg("players.reason.lead_to_meld")
        return u, Msg("players.reason.lead_spare")

    n = len(info.seats)
    ws, w = _winner(info.trick, trump)
    mine = info.party_of[info.me]
    after = n - len(info.trick) - 1
    base = _trick_points(info) + (POINTS_LAST_TRICK if _last_trick(info) else 0)

    def follow(u: int) -> float:
        pts = base + card_points(u, rules)
        win = _beats(u, w, trump)
        if after == 0:
            ours = 1.0 if win or info.party_of[ws] == mine else 0.0
            value = (2 * ours - 1) * pts
        else:
            # players still to come may beat the trick: points go on it only at good odds
            ours = keep_chance(info, u)
            value = (2 * ours - 1) * pts - HOLD * card_points(u, rules)
        if win and pending(u):
            value += 0.5 * ours * pending(u)
        return value - extra(u)

    u = max(cards, key=lambda x: (follow(x), -x))
    if _beats(u, w, trump) and pending(u) > base + card_points(u, rules):
        return u, Msg("players.reason.win_to_meld", card=PC[u], points=pending(u))
    if _beats(u, w, trump):
        return u, Msg("players.reason.win_points", points=base + card_points(u, rules))
    if info.party_of[ws] == mine and card_points(u, rules):
        return u, Msg("players.reason.partner")
    return u, Msg("players.reason.throw")


# ---------------------------------------------------------------------------------------------
# Play-outs of the last eight tricks (three or four players)
# ---------------------------------------------------------------------------------------------


def _legal(hand: int, trick: list[tuple[int, int]], trump: int, must_win: bool) -> list[int]:
    """The cards a hand may play in the last eight tricks."""
    cards = bit_indices(hand)
    if not trick:
        return cards
    led = SUIT_OF[trick[0][1]]
    allowed = [u for u in cards if SUIT_OF[u] == led] or [u for u in cards if SUIT_OF[u] == trump]
    if not allowed:
        return cards
    if must_win:
        _, w = _winner(trick, trump)
        beating = [u for u in allowed if _beats(u, w, trump)]
        if beating:
            return beating
    return allowed


def _sim_card(
    seat: int,
    hand: int,
    trick: list[tuple[int, int]],
    info: BesikKnowledge,
    last: bool,
) -> int:
    """The club end-play rule of thumb inside a play-out (every hand known)."""
    rules, trump = info.rules, info.trump
    cards = _legal(hand, trick, trump, rules.must_win_last_eight)
    if len(cards) == 1:
        return cards[0]
    if not trick:
        aces = [u for u in cards if STRENGTH[u] == 7]
        if aces:
            return max(aces, key=lambda u: (SUIT_OF[u] == trump, u))
        return min(cards, key=lambda u: (SUIT_OF[u] == trump, card_points(u, rules), u))
    ws, w = _winner(trick, trump)
    n = len(info.seats)
    partner_wins = info.party_of[ws] == info.party_of[seat]
    if partner_wins and len(trick) == n - 1:
        return max(cards, key=lambda u: (card_points(u, rules), -STRENGTH[u], u))
    beating = [u for u in cards if _beats(u, w, trump)]
    worth = sum(card_points(u, rules) for _, u in trick) >= 10 or last
    if beating and not partner_wins and worth:
        return min(beating, key=lambda u: (STRENGTH[u], u))
    return min(cards, key=lambda u: (card_points(u, rules), STRENGTH[u], u))


def rollout(info: BesikKnowledge, hands: list[int], first: int) -> float:
    """The seat plays ``first``, then every seat plays the end-play rule of thumb to the last
    trick: the points its party makes minus the others' (three players: minus the others'
    average).

    >>> from cardtutor.engine.besik import start_deal
    >>> from cardtutor.engine.cards import PhysicalCard
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.besik_info import knowledge
    >>> state, events = start_deal(seed=1)
    >>> info = knowledge(observe(state, "A", events))
    >>> hands = [state.hands[0], state.hands[1]]  # (as if the talon were empty)
    >>> value = rollout(info, hands, PhysicalCard.parse("9S#2").uid)
    >>> isinstance(value, float) and not any(hands)
    True
    """
    rules, trump = info.rules, info.trump
    n = len(info.seats)
    trick = list(info.trick)
    turn = info.me
    hands[turn] &= ~(1 << first)
    trick.append((turn, first))
    parties = max(info.party_of) + 1
    points = [0.0] * parties
    while True:
        if len(trick) == n:
            ws, _ = _winner(trick, trump)
            pts = sum(card_points(u, rules) for _, u in trick)
            if not any(hands):
                pts += POINTS_LAST_TRICK
            points[info.party_of[ws]] += pts
            if not any(hands):
                break
            trick = []
            turn = ws
        else:
            turn = (turn + 1) % n
        last = hands[turn].bit_count() == 1
        u = _sim_card(turn, hands[turn], trick, info, last)
        hands[turn] &= ~(1 << u)
        trick.append((turn, u))
    mine = info.party_of[info.me]
    others = [p for i, p in enumerate(points) if i != mine]
    return points[mine] - sum(others) / len(others)
