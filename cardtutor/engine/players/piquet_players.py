"""The computer players of Rubicon Piquet, at three strengths (:class:`PiquetPlayer`).

**Beginner**: elder discards his five lowest cards, younger all the cards left to him (his
lowest); every declaration is the best honest one; leads its ace if it has one, else its lowest
card of its longest suit; follows with the lowest card that wins if that card is a jack or lower
(or the card led is a queen or higher), else its lowest card of the suit; discards its lowest
card when void.

**Club**: the exchange is valued as the exchange drill values it (the declarations each discard
makes on average over deals of the unseen cards, plus the tricks the kept cards are likely to
take, :mod:`cardtutor.engine.drills.piquet_exchange`); declarations are the best honest ones except
that elder *sinks* a minor extra sequence or set when it is safe, cheap and hides something
(the declaring drill's ruling, :mod:`cardtutor.engine.drills.piquet_declaring`); the play
cashes sure winners from the longest suit, otherwise leads low from the longest suit, wins as
second player with the lowest card that does, and keeps its winners and guards when it cannot
follow.

**Strong**: the club exchange with more deals of the unseen cards and no sinking; in the play,
deals of the opponent's hidden cards consistent with everything seen
(:func:`~cardtutor.engine.players.piquet_info.sample_hand`), each solved exactly with the
double-dummy solver, and the card with the best total value over the deals.

>>> import random
>>> from cardtutor.engine.piquet import ENGINE, new_deal
>>> from cardtutor.engine.players.base import Strength, observe
>>> state, events = new_deal(seed=4)
>>> player = PiquetPlayer(Strength.BEGINNER)
>>> action = player.choose(observe(state, "A", events), random.Random(0))
>>> action in state.legal_actions, action.discard.bit_count()
(True, 5)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from cardtutor.engine.cards import Card, cards_from_mask
from cardtutor.engine.drills.piquet_declaring import SINK_AT_MOST, pinned
from cardtutor.engine.drills.piquet_exchange import (
    PLAY_WEIGHT,
    Average,
    Spot,
    Value,
    discard_value,
    lowest_cards,
    prepare_deals,
    trick_estimate,
)
from cardtutor.engine.drills.piquet_hands import Role
from cardtutor.engine.piquet import Declare, Exchange, NextDeal, PiquetView, Play
from cardtutor.engine.piquet.constants import PIQUE_AT, POINTS_LEAD
from cardtutor.engine.piquet.declarations import claim_score, combinations, honest, value
from cardtutor.engine.piquet.masks import FULL, SUIT_MASKS, bits
from cardtutor.engine.players.base import Decision, Observation, Strength, ranked
from cardtutor.engine.players.piquet_info import (
    CATEGORY_NAMES,
    PiquetKnowledge,
    as_card,
    best_value,
    exchange_sizes,
    knowledge,
    legal_plays,
    mask_of,
    only_action,
    sample_hand,
)
from cardtutor.engine.solver.piquet import position_of_hands, solve_position
from cardtutor.engine.text import Msg

__all__ = [
    "PiquetPlayer",
    "EXCHANGE_BUDGET",
    "play_samples",
    "trick_estimate",
    "PLAY_WEIGHT",
]

PiquetAction = Exchange | Declare | Play | NextDeal

EXCHANGE_BUDGET = {
    Strength.CLUB: ((30, 40), (200, 1)),
    Strength.STRONG: ((50, 30), (500, 8), (1500, 1)),
}
"""The exchange's screening: (deals, how many discards go on) per stage. Every legal discard
(up to 1,585) is valued on the first deals, the best on more. One valuation costs about 3 µs
(the drill's table look-ups), so the club's stages cost about 1,585 x 30 + 40 x 200 = 56,000
valuations (about 0.2 s) and the strong player's about 1,585 x 50 + 30 x 500 + 8 x 1,500 =
106,000 (about 0.3 s): within the issue's half a second per decision on this 2-core machine."""


def play_samples(cards_left: int) -> int:
    """How many deals of the hidden cards the strong player solves for a card, by the cards
    still in both hands (the solver's cost falls steeply as the hands shrink: measured here
    about 14 ms a deal at the first lead, 1-5 ms after four tricks, under 0.5 ms with six
    tricks to go; the counts keep a decision near 0.3 s at the first lead and well under it
    later). The number depends on the position only, so a decision is repeatable.

    >>> play_samples(24), play_samples(18), play_samples(8)
    (20, 32, 60)
    """
    if cards_left >= 23:
        return 20
    if cards_left >= 19:
        return 28
    if cards_left >= 13:
        return 32
    return 60


def _sorted_low(cards: int) -> list[int]:
    """Card indices by rank, lowest first (suit as the tie-break)."""
    return sorted(bits(cards), key=lambda i: (i & 7, i))


def _play(seat: str, i: int) -> Play:
    return Play(seat, Card.from_index(i))


class PiquetPlayer:
    """A Piquet computer player (see the module docstring for each strength)."""

    game = "piquet"

    def __init__(self, strength: Strength) -> None:
        self.strength = strength

    def __repr__(self) -> str:
        return f"PiquetPlayer({self.strength})"

    def choose(self, obs: Observation, rng: random.Random | None = None) -> PiquetAction:
        """The action only (see :meth:`decide`)."""
        action = self.decide(obs, rng).action
        assert isinstance(action, (Exchange, Declare, Play, NextDeal))
        return action

    def decide(self, obs: Observation, rng: random.Random | None = None) -> Decision:
        """The decision of the observing seat, which must be the seat to act."""
        view = obs.view
        if not isinstance(view, PiquetView):
            raise TypeError("a Piquet observation is needed")
        seat = obs.seat
        if view.seat_to_act != seat:
            raise ValueError(f"it is not {seat}'s turn")
        rng = rng or random.Random(0)
        only = only_action(view, seat)
        if only is not None:
            return Decision(only, Msg("players.reason.only"), self.strength)
        phase = view.phase.value
        if phase == "exchange":
            return self._exchange(obs, rng)
        if phase == "declare":
            return self._declare(obs)
        return self._play(obs, rng)

    # -- the exchange ---------------------------------------------------------------------

    def _exchange(self, obs: Observation, rng: random.Random) -> Decision:
        view = obs.view
        assert isinstance(view, PiquetView)
        seat = obs.seat
        hand = mask_of(view.hands[seat])
        sizes = exchange_sizes(view, seat)
        if self.strength is Strength.BEGINNER:
            d = lowest_cards(hand, sizes[-1])
            return Decision(
                Exchange(seat, d),
                Msg("players.reason.exchange_lowest", cards=cards_from_mask(d)),
                self.strength,
            )
        spot = exchange_spot(view, seat)
        valued = exchange_valued(spot, EXCHANGE_BUDGET[self.strength], rng)
        values = [(d, v.total) for d, v in valued]
        best, best_value = valued[0]
        play = best_value.parts[4]  # the play's estimate of the hand after the draw
        tricks = play / PLAY_WEIGHT
        decl = best_value.total - play
        return Decision(
            Exchange(seat, best),
            Msg(
                "players.reason.exchange",
                cards=cards_from_mask(best),
                samples=EXCHANGE_BUDGET[self.strength][-1][0],
                value=Average(decl),
                tricks=Average(tricks, signed=False),
            ),
            self.strength,
            tuple((Exchange(seat, d), v) for d, v in values[:8]),
            EXCHANGE_BUDGET[self.strength][-1][0],
        )

    # -- declarations ---------------------------------------------------------------------

    def _declare(self, obs: Observation) -> Decision:
        view = obs.view
        assert isinstance(view, PiquetView) and view.category is not None
        seat = obs.seat
        cat = CATEGORY_NAMES.index(view.category)
        hand = mask_of(view.hands[seat])
        full = honest(cat, hand)
        if self.strength is Strength.CLUB and view.elder == seat:
            sunk = sink(obs, cat)
            if sunk is not None:
                return Decision(
                    Declare(seat, view.category, sunk),
                    Msg(
                        "players.reason.sink",
                        sunk=cards_from_mask(full & ~sunk),
                        cost=claim_score(cat, full) - claim_score(cat, sunk),
                    ),
                    self.strength,
                )
        if not full:
            reason = Msg(f"players.reason.declare_none.{cat}")
        else:
            reason = Msg("players.reason.declare", cards=cards_from_mask(full))
        return Decision(Declare(seat, view.category, full), reason, self.strength)

    # -- the play -------------------------------------------------------------------------

    def _play(self, obs: Observation, rng: random.Random) -> Decision:
        info = knowledge(obs)
        view = obs.view
        assert isinstance(view, PiquetView)
        plays = legal_plays(view, obs.seat)
        if self.strength is Strength.BEGINNER:
            card, reason = beginner_card(info, view)
            return Decision(_play(obs.seat, card), reason, self.strength)
        card, reason = club_card(info, view)
        if self.strength is Strength.CLUB:
            return Decision(_play(obs.seat, card), reason, self.strength)
        return strong_card(info, view, plays, card, rng)


# ---------------------------------------------------------------------------------------------
# The exchange
# ---------------------------------------------------------------------------------------------


def exchange_spot(view: PiquetView, seat: str) -> Spot:
    """What ``seat`` knows when it discards, as the exchange drill values discards.

    >>> from cardtutor.engine.piquet import new_deal
    >>> spot = exchange_spot(new_deal(seed=1, dealer="B")[0].view("A"), "A")
    >>> spot.role, spot.elder_took, spot.low, spot.high, spot.hand.bit_count()
    (<Role.ELDER: 0>, 0, 1, 5, 12)
    """
    sizes = exchange_sizes(view, seat)
    opp = view.seats[1 - view.seats.index(seat)]
    elder = view.elder == seat
    return Spot(
        Role.ELDER if elder else Role.YOUNGER,
        mask_of(view.hands[seat]),
        opp in view.carte_blanche,
        0 if elder else len(view.discards[opp]),
        sizes[0],
        sizes[-1],
    )


def _discards(hand: int, sizes: range) -> Iterable[int]:
    import itertools

    cards = bits(hand)
    for n in sizes:
        for combo in itertools.combinations(cards, n):
            m = 0
            for i in combo:
                m |= 1 << i
            yield m


def exchange_values(
    spot: Spot, budget: Sequence[tuple[int, int]], rng: random.Random
) -> list[tuple[int, float]]:
    """Every legal discard of ``spot``, screened in stages (``budget``), best first, with its
    value: the exchange drill's (:func:`~cardtutor.engine.drills.piquet_exchange.discard_value`,
    the declarations' average over the deals plus
    :data:`~cardtutor.engine.drills.piquet_exchange.PLAY_WEIGHT` points per likely trick of the
    kept cards), so the drill and the computer judge a discard alike.

    >>> from cardtutor.engine.cards import mask_of, parse_cards
    >>> hand = mask_of(parse_cards("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D"))
    >>> spot = Spot(Role.ELDER, hand, False, 0, 1, 5)
    >>> best, v = exchange_values(spot, ((20, 5), (100, 1)), random.Random(1))[0]
    >>> from cardtutor.engine.cards import format_cards
    >>> bool(best & mask_of(parse_cards("7C 8C"))), bool(best & mask_of(parse_cards("AH AS")))
    (True, False)
    """
    return [(d, v.total) for d, v in exchange_valued(spot, budget, rng)]


def exchange_valued(
    spot: Spot, budget: Sequence[tuple[int, int]], rng: random.Random
) -> list[tuple[int, Value]]:
    """:func:`exchange_values` with each discard's :class:`Value` (its parts: the
    declarations' and the play's)."""
    deals = max(n for n, _ in budget)
    draws, theirs = prepare_deals(spot, deals, rng)
    pool = list(_discards(spot.hand, range(spot.low, spot.high + 1)))
    scored: list[tuple[int, Value]] = []
    for samples, keep in budget:
        scored = [(d, discard_value(spot, d, draws, theirs, samples)) for d in pool]
        scored.sort(key=lambda dv: (-dv[1].total, dv[0]))
        pool = [d for d, _ in scored[: max(keep, 1)]]
    return scored


# ---------------------------------------------------------------------------------------------
# Declarations: sinking
# ---------------------------------------------------------------------------------------------


def sink(obs: Observation, cat: int) -> int | None:
    """Elder's claim in ``cat`` with a minor extra combination sunk, if that is *safe* (what he
    still declares beats anything the cards he has not seen can make) and *cheap* (at most
    :data:`~cardtutor.engine.drills.piquet_declaring.SINK_AT_MOST` points, and no repique or
    pique within reach) and *hides something* (younger would not see its cards anyway, see
    :func:`_shown_anyway`): the declaring drill's ruling. ``None``: declare in full.

    >>> from cardtutor.engine.piquet import Declare, Exchange, apply, new_deal
    >>> from cardtutor.engine.players.base import observe
    >>> state, _ = new_deal(hands={"A": "AC KC QC JC 10C 9D 8D 7D JD JS 10H 8S",
    ...     "B": "AS KS QS 10S 9S AH KH QH JH 9H 8H 7H"}, stock="7S AD KD QD 10D 9C 8C 7C",
    ...     dealer="B")
    >>> state, _ = apply(state, Exchange.of("A", "8S"))  # takes the seven of spades
    >>> state, _ = apply(state, Exchange.of("B", "9S 10S"))
    >>> state, _ = apply(state, Declare.of("A", "point", "AC KC QC JC 10C"))
    >>> state, _ = apply(state, Declare.of("B", "point", "AH KH QH JH 9H 8H 7H"))
    >>> # the quint major is sure to be good: the tierce minor in diamonds is sunk
    >>> cards_from_mask(sink(observe(state, "A"), 1))
    (Card.parse('10C'), Card.parse('JC'), Card.parse('QC'), Card.parse('KC'), Card.parse('AC'))
    """
    view = obs.view
    assert isinstance(view, PiquetView)
    seat = obs.seat
    hand = mask_of(view.hands[seat])
    full = honest(cat, hand)
    combos = combinations(cat, full, False) if full and cat else []
    if len(combos) < 2:
        return None
    # what this category and those still to come add to what is scored already (``totals``)
    in_hand = sum(claim_score(c, honest(c, hand)) for c in range(cat, 3))
    if view.totals[seat] + in_hand + POINTS_LEAD >= PIQUE_AT - 2:
        return None
    opp = view.seats[1 - view.seats.index(seat)]
    unseen = (FULL & ~hand & ~mask_of(view.discards[seat]) & ~mask_of(view.stock)) | mask_of(
        view.hands[opp]
    )
    their_best = best_value(cat, unseen)
    smallest = combos[-1]
    sunk = full & ~smallest.cards
    if smallest.points > SINK_AT_MOST or value(cat, sunk) <= their_best:
        return None
    if not smallest.cards & ~_shown_anyway(obs, cat, hand, unseen):
        return None  # it would hide nothing: its cards are shown with another declaration
    return sunk


def _shown_anyway(obs: Observation, cat: int, hand: int, unseen: int) -> int:
    """The cards of elder's hand that younger sees whatever elder sinks in ``cat``: those of
    his declarations already shown, the cards his point's value pins down if it was asked,
    and those of his claims still to come that are sure to be good (the declaring drill's
    ruling: sinking must hide something)."""
    view = obs.view
    assert isinstance(view, PiquetView)
    seat = obs.seat
    shown = mask_of(view.shown.get(seat, ()))
    said_pips = any(
        e.msg.key == "piquet.say.pips" and getattr(e, "seat", None) == seat
        for e in obs.deal_history
    )
    if said_pips:
        point = honest(0, hand)
        shown |= pinned(point) if point else 0
    for later in range(cat + 1, 3):
        claim = honest(later, hand)
        if claim and value(later, claim) > best_value(later, unseen):
            shown |= claim
    return shown


# ---------------------------------------------------------------------------------------------
# The play
# ---------------------------------------------------------------------------------------------


def _outstanding(info: PiquetKnowledge) -> int:
    """The cards the opponent may hold: those seen in his hand, and the unseen ones of the suits
    he has not shown void in (not the seat's discard, nor stock cards it has seen: a queen is
    master once the ace is played and the king is seen left in the stock)."""
    return info.opp_known | info.allowed


def masters(hand: int, outstanding: int) -> int:
    """The cards of ``hand`` that no outstanding card of their suit beats.

    >>> from cardtutor.engine.cards import mask_of, parse_cards
    >>> out = mask_of(parse_cards("KH 9H"))
    >>> cards_from_mask(masters(mask_of(parse_cards("AH QH 10H 7S")), out))
    (Card.parse('AH'), Card.parse('7S'))
    """
    out = 0
    for i in bits(hand):
        above = SUIT_MASKS[i >> 3] & ~((2 << i) - 1)
        if not outstanding & above:
            out |= 1 << i
    return out


def _suit_len(hand: int, i: int) -> int:
    return (hand & SUIT_MASKS[i >> 3]).bit_count()


def beginner_card(info: PiquetKnowledge, view: PiquetView) -> tuple[int, Msg]:
    """The beginner's card and why.

    >>> from cardtutor.engine.piquet import new_deal
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.piquet_info import knowledge
    >>> from cardtutor.engine.players.piquet_players import _example_first_lead
    >>> state, history = _example_first_lead()
    >>> obs = observe(state, "A", history)
    >>> i, why = beginner_card(knowledge(obs), obs.view)
    >>> Card.from_index(i), why.render("en")
    (Card.parse('AH'), 'Lead an ace: it wins the trick.')
    """
    hand = info.hand
    if not view.trick:
        aces = [i for i in bits(hand) if i & 7 == 7]
        if aces:
            return aces[0], Msg("players.reason.lead_ace")
        longest = max(bits(hand), key=lambda i: (_suit_len(hand, i), -(i & 7), -i))
        suit = hand & SUIT_MASKS[longest >> 3]
        return _sorted_low(suit)[0], Msg("players.reason.lead_low")
    lead = as_card(view.trick[0][1]).index
    suit = hand & SUIT_MASKS[lead >> 3]
    if not suit:
        return _sorted_low(hand)[0], Msg("players.reason.discard_low")
    winners = [i for i in bits(suit) if i > lead]
    if winners and (winners[0] & 7 <= 4 or lead & 7 >= 5):
        return winners[0], Msg("players.reason.win_cheap")
    return _sorted_low(suit)[0], Msg("players.reason.follow_low")


def club_card(info: PiquetKnowledge, view: PiquetView) -> tuple[int, Msg]:
    """The club player's card and why (see the module docstring).

    >>> from cardtutor.engine.piquet import new_deal
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.piquet_info import knowledge
    >>> from cardtutor.engine.players.piquet_players import _example_first_lead
    >>> state, history = _example_first_lead()
    >>> obs = observe(state, "A", history)
    >>> i, why = club_card(knowledge(obs), obs.view)
    >>> Card.from_index(i), why.render("en")
    (Card.parse('AH'), 'Cash a sure winner: no card still out beats it.')
    """
    hand = info.hand
    out = _outstanding(info)
    mine = masters(hand, out)
    if not view.trick:
        if mine:
            # run the sure winners of the longest suit, the highest first
            best = max(bits(mine), key=lambda i: (_suit_len(hand, i), i & 7, i))
            return best, Msg("players.reason.cash")
        longest = max(
            bits(hand), key=lambda i: (_suit_len(hand, i), -((hand >> (i & ~7)) & 255), -i)
        )
        suit = hand & SUIT_MASKS[longest >> 3]
        top = suit.bit_length() - 1
        below = suit & ~(1 << top)
        second = below.bit_length() - 1
        if top & 7 >= 3 and below and not out & ((1 << top) - (2 << second)):
            # the top of a sequence (king and queen, queen and jack…): it forces out the card
            # above, and the rest of the run become winners; a low card would lose to any card
            return top, Msg("players.reason.lead_sequence")
        return _sorted_low(suit)[0], Msg("players.reason.lead_long")
    lead = as_card(view.trick[0][1]).index
    suit = hand & SUIT_MASKS[lead >> 3]
    if suit:
        winners = [i for i in bits(suit) if i > lead]
        if winners:
            return winners[0], Msg("players.reason.win_cheap")
        return _sorted_low(suit)[0], Msg("players.reason.follow_low")

    # void: throw the card the hand needs least (not a winner, not a guard, a short suit)
    def cost(i: int) -> tuple[int, int, int]:
        n = _suit_len(hand, i)
        guard = 1 if (i & 7) >= 5 and n <= (8 - (i & 7)) else 0
        return (1 if mine >> i & 1 else 0, guard, (i & 7) * 2 + n)

    return min(bits(hand), key=lambda i: (cost(i), i)), Msg("players.reason.discard_keep")


def strong_card(
    info: PiquetKnowledge,
    view: PiquetView,
    plays: Sequence[Play],
    club_choice: int,
    rng: random.Random,
) -> Decision:
    """The strong player's card: each legal card's double-dummy value summed over deals of
    the opponent's hidden cards consistent with everything seen.

    >>> from cardtutor.engine.piquet import new_deal
    >>> from cardtutor.engine.players.base import observe
    >>> from cardtutor.engine.players.piquet_info import knowledge
    >>> from cardtutor.engine.players.piquet_players import _example_first_lead
    >>> state, history = _example_first_lead()
    >>> obs = observe(state, "A", history)
    >>> plays = legal_plays(obs.view, "A")  # type: ignore[arg-type]
    >>> d = strong_card(knowledge(obs), obs.view, plays, plays[0].card.index, random.Random(1))
    >>> d.samples, d.action in state.legal_actions, len(d.values) == len(plays)
    (20, True, True)
    """
    seat = info.seat
    seats = info.seats
    me = seats.index(seat)
    cards_left = info.hand.bit_count() + info.opp_known.bit_count() + info.opp_hidden
    n = 1 if info.exact else play_samples(cards_left)
    lead = as_card(view.trick[0][1]).index if view.trick else -1
    won = (view.tricks_won[seats[0]], view.tricks_won[seats[1]])
    totals: dict[int, int] = {p.card.index: 0 for p in plays}
    solved: dict[int, dict[int, int]] = {}
    for _ in range(n):
        opp_hand = sample_hand(info, rng)
        values = solved.get(opp_hand)
        if values is None:
            hands = (info.hand, opp_hand) if me == 0 else (opp_hand, info.hand)
            solution = solve_position(position_of_hands(hands, me, lead, won), seats)
            values = solved[opp_hand] = {a.card.index: v for a, v in solution.values().items()}
        for i, v in values.items():
            totals[i] += v
    best_total = max(totals.values())
    best = [i for i, v in totals.items() if v == best_total]
    card = club_choice if club_choice in best else min(best, key=lambda i: (i & 7, i))
    averages = ranked([(_play(seat, i), v / n) for i, v in totals.items()])
    others = [(a, v) for a, v in averages if isinstance(a, Play) and a.card.index != card]
    params: dict[str, object] = {
        "card": Card.from_index(card),
        "samples": n,
        "value": Average(totals[card] / n),
    }
    if n == 1:
        reason = Msg("players.reason.solved", **params)
    elif others:
        other, other_value = others[0]
        assert isinstance(other, Play)
        level = Average(other_value).name() == Average(totals[card] / n).name()
        reason = Msg(
            "players.reason.sampled_tie" if level else "players.reason.sampled",
            other=other.card,
            other_value=Average(other_value),
            **params,
        )
    else:
        reason = Msg("players.reason.sampled_one", **params)
    return Decision(_play(seat, card), reason, Strength.STRONG, averages, n)


def _example_first_lead() -> tuple[Any, list[Any]]:
    """Cavendish's Example deal at elder's first lead (honest declarations): for doctests."""
    from cardtutor.engine.piquet import ENGINE, Phase, best_declaration, new_deal

    state, events = new_deal(
        hands={
            "A": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
            "B": "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
        },
        stock="9S 8S KH 9C KD QS AC 7D",
        dealer="B",
    )
    history = list(events)
    for action in (Exchange.of("A", "KS 8C 7C 9D 8D"), Exchange.of("B", "7S 9H 7H")):
        state, events = ENGINE.apply(state, action)
        history += events
    while state.phase is not Phase.PLAY:
        state, events = ENGINE.apply(state, best_declaration(state))
        history += events
    return state, history
