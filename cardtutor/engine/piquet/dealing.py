"""Dealing: a single deal or a partie, from a seed or from explicit hands and stock.

The dealer is the *younger* hand, the other the *elder* hand; cards are dealt in twos, elder
first: 12 each, 8 to the stock (top first). Carte blanche is found on the 12 dealt cards,
announced and scored when the deal starts.

A single deal's seed shuffles with ``random.Random(seed)``; deal *k* (1-based) of a seeded
partie uses ``random.Random(f"{seed}:{k}")`` and the cut ``random.Random(f"{seed}:cut")``;
explicit ``deals`` are used first, the seed (if any) after them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtutor.engine.cards import ALL_CARDS, Card, cards_from_mask, parse_cards
from cardtutor.engine.contract import LazyEvents
from cardtutor.engine.errors import IllegalActionError, NotationError
from cardtutor.engine.events import Event
from cardtutor.engine.piquet.actions import cards_arg
from cardtutor.engine.piquet.categories import CARTE_BLANCHE
from cardtutor.engine.piquet.constants import CARDS_DEALT, PACK, POINTS_CARTE_BLANCHE, STOCK
from cardtutor.engine.piquet.masks import COURT_MASK
from cardtutor.engine.piquet.phase import EXCHANGE_ELDER, PIQUE_PENDING, UNDECIDED
from cardtutor.engine.piquet.state import Partie, State
from cardtutor.engine.piquet.tally import Tally
from cardtutor.engine.text import Msg

__all__ = ["new_deal", "new_partie", "deal_from_seed"]

_SILENT = Tally(("", ""), (0, 0), explain=False)
"""The tally of a quiet deal without carte blanche: nothing to tell or score."""
_new_state = tuple.__new__


def _shuffled(seed: int | str) -> tuple[tuple[int, int], tuple[int, ...]]:
    """(elder mask, younger mask), stock: dealt in twos, elder first."""
    deck = list(range(PACK))
    random.Random(seed).shuffle(deck)
    elder = younger = 0
    for k in range(0, 2 * CARDS_DEALT, 4):
        elder |= (1 << deck[k]) | (1 << deck[k + 1])
        younger |= (1 << deck[k + 2]) | (1 << deck[k + 3])
    return (elder, younger), tuple(deck[2 * CARDS_DEALT :])


def deal_from_seed(seed: int | str) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """Elder's 12 cards, the dealer's 12 and the stock (top first) of the deal seeded ``seed``.

    >>> elder, younger, stock = deal_from_seed(7)
    >>> len(elder), len(younger), len(stock), deal_from_seed(7) == (elder, younger, stock)
    (12, 12, 8, True)
    """
    (e, y), stock = _shuffled(seed)
    return cards_from_mask(e), cards_from_mask(y), tuple(ALL_CARDS[i] for i in stock)


def deal_state(
    seats: tuple[str, str],
    dealer: int,
    hands: tuple[int, int],
    stock: tuple[int, ...],
    deal_number: int,
    partie: Partie | None,
    explain: bool,
) -> tuple[State, Tally]:
    """The first state of a deal, carte blanche announced and scored."""
    elder = 1 - dealer
    cb = 0
    for s in (0, 1):
        if not hands[s] & COURT_MASK:
            cb |= 1 << s
    # The fields in order, as one tuple (a playout deals every time: 22 keywords cost more
    # than the rest of the deal's setup; the field order is checked in play.py).
    state = _new_state(
        State,
        (
            seats,
            dealer,
            EXCHANGE_ELDER,  # stage
            elder,  # turn
            hands,
            hands,  # dealt
            stock,
            (0, 0),  # discards
            0,  # elder_left
            False,  # looked
            (0, 0, 0, 0, 0, 0),  # claims
            (UNDECIDED, UNDECIDED, UNDECIDED),  # outcomes
            -1,  # lead
            elder,  # leader
            (),  # tricks
            (0, 0),  # won
            (0, 0),  # totals
            (),  # log
            PIQUE_PENDING,  # pique
            cb,  # carte_blanche
            deal_number,
            partie,
        ),
    )
    if not cb and not explain:
        return state, _SILENT
    tally = Tally(seats, state.totals, explain)
    tally.info(
        dealer,
        "piquet.info.deal",
        rule="piquet#deal",
        n=deal_number,
        dealer=seats[dealer],
        elder=seats[elder],
    )
    for s in (elder, dealer):
        if cb >> s & 1:
            tally.say(s, "piquet.say.carte_blanche", rule="piquet#carte-blanche")
            tally.score(
                s,
                CARTE_BLANCHE,
                POINTS_CARTE_BLANCHE,
                "piquet.score.carte_blanche",
                dealt=Msg(f"piquet.num.{CARDS_DEALT}"),
            )
    if cb:
        state = state._replace(totals=tally.totals, log=tuple(tally.log))
    return state, tally


def _hands_from_json(
    seats: tuple[str, str], hands: Any, stock: Any
) -> tuple[tuple[int, int], tuple[int, ...]]:
    if not isinstance(hands, Mapping) or set(hands) != set(seats):
        raise NotationError(Msg("piquet.deal.hands", seats=" ".join(seats), dealt=CARDS_DEALT))
    masks = []
    for seat in seats:
        cards = hands[seat]
        if not isinstance(cards, (str, list)):
            raise NotationError(Msg("piquet.deal.hands", seats=" ".join(seats), dealt=CARDS_DEALT))
        m = cards_arg(cards)
        if m.bit_count() != CARDS_DEALT:
            raise NotationError(
                Msg("piquet.deal.count", seat=seat, n=m.bit_count(), dealt=CARDS_DEALT)
            )
        masks.append(m)
    if not isinstance(stock, (str, list)):
        raise NotationError(Msg("piquet.deal.stock", n=0, stock=STOCK))
    stock_cards = parse_cards(stock)
    if len(stock_cards) != STOCK:
        raise NotationError(Msg("piquet.deal.stock", n=len(stock_cards), stock=STOCK))
    all_mask = masks[0] | masks[1] | cards_arg(stock_cards)
    if masks[0] & masks[1] or all_mask.bit_count() != PACK:
        raise NotationError(Msg("piquet.deal.pack", pack=PACK))
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
) -> tuple[State, Sequence[Event]]:
    """A single deal: shuffled from ``seed``, or explicit ``hands`` (by seat) and ``stock``
    (top first). ``dealer`` defaults to the second seat.

    >>> from cardtutor.engine.cards import format_cards
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
    state, _ = deal_state(seats, dealer_i, by_seat, stock_t, 1, None, explain=False)
    # The events (the deal, carte blanche) are told only if read, like every action's.
    return state, LazyEvents(
        lambda: deal_state(seats, dealer_i, by_seat, stock_t, 1, None, explain=True)[1].events
    )


def _cut(seed: int | str) -> tuple[int, int, int]:
    """Cut for deal: (card cut by seat 0, by seat 1, first dealer). Higher card deals first."""
    rng = random.Random(f"{seed}:cut")
    while True:
        a, b = rng.sample(range(PACK), 2)
        if a & 7 != b & 7:
            return a, b, 0 if a & 7 > b & 7 else 1


def new_partie(
    *,
    seed: int | str | None = None,
    first_dealer: str | None = None,
    deals: Sequence[Mapping[str, Any]] | None = None,
    seats: tuple[str, str] = ("A", "B"),
) -> tuple[State, tuple[Event, ...]]:
    """A partie of six deals (two more after a tie), the first deal ready to play.

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
    state, tally = deal_state(seats, dealer_i, hands, stock, 1, partie, explain=True)
    return state, tuple(events) + tuple(tally.events)


def _partie_deal(
    seats: tuple[str, str], partie: Partie, number: int, dealer: int
) -> tuple[tuple[int, int], tuple[int, ...]]:
    if number <= len(partie.deals):
        return partie.deals[number - 1]
    if partie.seed is None:
        raise IllegalActionError(Msg("piquet.illegal.no_deal", n=number))
    (e, y), stock = _shuffled(f"{partie.seed}:{number}")
    return ((y, e) if dealer == 0 else (e, y)), stock


def apply_next_deal(state: State, explain: bool) -> tuple[State, Tally]:
    """The next deal of the partie, dealt by the seat to act."""
    partie = state.partie
    if partie is None:  # only a partie reaches the deal-over stage
        raise IllegalActionError(Msg("piquet.illegal.no_deal", n=state.deal_number + 1))
    dealer = state.turn
    number = state.deal_number + 1
    hands, stock = _partie_deal(state.seats, partie, number, dealer)
    return deal_state(state.seats, dealer, hands, stock, number, partie, explain)
