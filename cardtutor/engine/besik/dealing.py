"""Dealing: from a seed (3-2-3 from the player left of the dealer) or from given cards."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from cardtutor.engine.besik.actions import NewDeal
from cardtutor.engine.besik.constants import (
    CARDS_PER_PACK,
    DEAL_BATCHES,
    HAND_SIZE,
    POINTS_TRUMP_SEVEN,
)
from cardtutor.engine.besik.melds import N_SLOTS, U_SEVEN
from cardtutor.engine.besik.rulesets import Ruleset, SeedRuleset, ruleset_by_name
from cardtutor.engine.besik.scoring import add_points
from cardtutor.engine.besik.state import PLAY, State, Table
from cardtutor.engine.besik.uids import PC, RANK_OF, SEVEN, SUIT_OF
from cardtutor.engine.cards import PhysicalCard, Suit, bit_indices
from cardtutor.engine.contract import LazyEvents
from cardtutor.engine.errors import NotationError
from cardtutor.engine.events import Event
from cardtutor.engine.text import Msg


def parties_of(
    seats: tuple[str, ...], partnerships: bool
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    if partnerships:
        return (0, 1, 0, 1), (f"{seats[0]}+{seats[2]}", f"{seats[1]}+{seats[3]}")
    return tuple(range(len(seats))), seats


def deal_error(reason: str, **params: Any) -> NotationError:
    return NotationError(Msg("besik.err.deal", reason=Msg(f"besik.deal.{reason}", **params)))


def _cards_of(data: Any) -> list[PhysicalCard]:
    if not isinstance(data, (list, tuple)):
        raise deal_error("shape")
    return [c if isinstance(c, PhysicalCard) else PhysicalCard.parse(c) for c in data]


def _layout(
    n: int,
    packs: int,
    dealer: int,
    seats: tuple[str, ...],
    seed: int | None,
    hands: Mapping[str, Any] | None,
    up_card: Any,
    talon: Any,
) -> tuple[list[int], int, tuple[int, ...]]:
    """Hands (masks), face-up uid and talon (uids, top first) from a seed or cards."""
    total = CARDS_PER_PACK * packs
    if seed is not None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise deal_error("seed", text=repr(seed))
        order = list(range(total))
        random.Random(seed).shuffle(order)
        masks = [0] * n
        pos = 0
        for batch in DEAL_BATCHES:
            for i in range(n):
                seat = (dealer + 1 + i) % n
                for u in order[pos : pos + batch]:
                    masks[seat] |= 1 << u
                pos += batch
        return masks, order[pos], tuple(order[pos + 1 :])
    if hands is None or up_card is None or talon is None or not isinstance(hands, Mapping):
        raise deal_error("missing")
    if set(hands) != set(seats):
        raise deal_error("seats")
    masks = [0] * n
    seen = 0
    count = 0
    every: list[PhysicalCard] = []
    for i, seat_name in enumerate(seats):
        cards = _cards_of(hands[seat_name])
        if len(cards) != HAND_SIZE:
            raise deal_error("eight", seat=seat_name, size=HAND_SIZE)
        for c in cards:
            masks[i] |= 1 << c.uid
        every += cards
    up = up_card if isinstance(up_card, PhysicalCard) else PhysicalCard.parse(up_card)
    talon_cards = _cards_of(talon)
    every += [up, *talon_cards]
    for c in every:
        if c.uid >= total:
            raise deal_error("packs", card=c, code=c.code, packs=packs)
        if seen >> c.uid & 1:
            raise deal_error("twice", card=c, code=c.code)
        seen |= 1 << c.uid
        count += 1
    if count != total:
        raise deal_error("count", count=count, total=total)
    return masks, up.uid, tuple(c.uid for c in talon_cards)


def _deal_json(
    n: int,
    seats: tuple[str, ...],
    dealer: int,
    partnerships: bool,
    seed: int | None,
    masks: list[int],
    up: int,
    talon: tuple[int, ...],
    play_to_game: bool,
    carried: Sequence[int] | None,
    parties: tuple[str, ...],
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": n,
        "dealer": seats[dealer],
        "partnerships": partnerships,
    }
    if seed is not None:
        data["seed"] = seed
    else:
        data["hands"] = {seats[i]: [PC[u].code for u in bit_indices(masks[i])] for i in range(n)}
        data["up_card"] = PC[up].code
        data["talon"] = [PC[u].code for u in talon]
    if play_to_game:
        data["play_to"] = "game"
    if carried is not None and any(carried):
        data["scores"] = dict(zip(parties, carried, strict=True))
    return data


def initial_state(
    rules: type[Ruleset],
    seats: tuple[str, ...],
    dealer: int,
    partnerships: bool,
    seed: int | None,
    hands: Mapping[str, Any] | None,
    up_card: Any,
    talon: Any,
    play_to_game: bool,
    carried: tuple[int, ...] | None,
    deal_no: int,
    history: tuple[tuple[int, ...], ...] = (),
) -> tuple[State, Sequence[Event]]:
    n = len(seats)
    if n not in (2, 3, 4) or len(set(seats)) != n:
        raise deal_error("players")
    if partnerships and n != 4:
        raise deal_error("partners")
    packs = rules.packs(n)
    masks, up, talon_t = _layout(n, packs, dealer, seats, seed, hands, up_card, talon)
    party_of, parties = parties_of(seats, partnerships)
    scores = carried if carried is not None else (0,) * len(parties)
    if len(scores) != len(parties):
        raise deal_error("scores")
    deal = _deal_json(
        n, seats, dealer, partnerships, seed, masks, up, talon_t, play_to_game, carried, parties
    )
    trump = SUIT_OF[up]
    table = Table(
        rules,
        seats,
        partnerships,
        packs,
        party_of,
        parties,
        dealer,
        trump,
        talon_t,
        up,
        deal,
        play_to_game,
        deal_no,
        scores,
        rules.target(n),
        history,
    )
    zeros = (0,) * n
    used = [0] * N_SLOTS
    log: tuple[tuple[int, str, int], ...] = ()
    if RANK_OF[up] == SEVEN:
        p = party_of[dealer]
        scores = add_points(scores, p, POINTS_TRUMP_SEVEN)
        log = ((p, "seven_turned_up", POINTS_TRUMP_SEVEN),)
        used[U_SEVEN] |= 1 << up
    state = State(
        table,
        tuple(masks),
        zeros,
        0,
        up,
        (),
        (dealer + 1) % n,
        PLAY,
        0,
        False,
        -1,
        tuple(used),
        (),
        zeros,
        zeros,
        (),
        0,
        scores,
        log,
        -1,
    )
    # the events are told from the state when read (a playout never reads them)
    return state, LazyEvents(partial(deal_events, state))


def deal_events(state: State) -> tuple[Event, ...]:
    """The events of a new deal: who dealt, the trump card; the dealer's points if it is a
    seven."""
    t = state.table
    seats = t.seats
    up = t.up_initial
    events = [
        Event(
            "info",
            seats[t.dealer],
            Msg(
                "besik.deal",
                dealer=seats[t.dealer],
                count=Msg(f"besik.num.{len(seats)}"),
                size=Msg(f"besik.num.{HAND_SIZE}"),
                batches="-".join(map(str, DEAL_BATCHES)),
                card=PC[up],
                suit=Suit(t.trump),
                talon=len(t.talon),
            ),
            cards=(PC[up],),
            rule="besik#deal",
        )
    ]
    if RANK_OF[up] == SEVEN:
        events.append(
            Event.score(
                seats[t.dealer],
                "seven_turned_up",
                POINTS_TRUMP_SEVEN,
                Msg(
                    "besik.score.seven_up",
                    seat=seats[t.dealer],
                    card=PC[up],
                    points=POINTS_TRUMP_SEVEN,
                ),
                rule="besik#seven-turned-up",
                totals=dict(zip(t.parties, state.scores, strict=True)),
                cards=(PC[up],),
            )
        )
    return tuple(events)


def start_deal(
    *,
    ruleset: type[Ruleset] | str = SeedRuleset,
    seats: Sequence[str] = ("A", "B"),
    dealer: str | None = None,
    partnerships: bool = False,
    seed: int | None = None,
    hands: Mapping[str, Sequence[PhysicalCard | str]] | None = None,
    up_card: PhysicalCard | str | None = None,
    talon: Sequence[PhysicalCard | str] | None = None,
    play_to: str = "deal",
    scores: Mapping[str, int] | None = None,
) -> tuple[State, Sequence[Event]]:
    """Deal a new Besik deal, from a ``seed`` or from explicit cards.

    ``seats`` are in play order (clockwise); the dealer defaults to the last seat, so the
    first seat is Vorhand and leads. ``play_to="game"`` keeps dealing until the game is
    won (each new deal is a :class:`NewDeal` action); ``scores`` carries party totals in.

    >>> state, events = start_deal(seed=1)
    >>> state.seat_to_act, state.dealer, state.talon_count, len(state.hand("A"))
    ('A', 'B', 48, 8)
    >>> sum(len(state.hand(s)) for s in state.seats) + state.talon_count
    64
    """
    rules = ruleset_by_name(ruleset) if isinstance(ruleset, str) else ruleset
    seats_t = tuple(seats)
    if dealer is None:
        dealer = seats_t[-1]
    if dealer not in seats_t:
        raise deal_error("dealer", seat=dealer)
    if partnerships and len(seats_t) != 4:
        raise deal_error("partners")
    _, parties = parties_of(seats_t, partnerships)
    carried = None
    if scores:
        carried = tuple(int(scores.get(p, 0)) for p in parties)
    return initial_state(
        rules,
        seats_t,
        seats_t.index(dealer),
        partnerships,
        seed,
        hands,
        up_card,
        talon,
        play_to == "game",
        carried,
        1,
    )


def apply_new_deal(s: State, a: NewDeal) -> tuple[State, Sequence[Event]]:
    t = s.table
    hands = dict(a.hands) if a.hands else None
    return initial_state(
        t.rules,
        t.seats,
        s.turn,
        t.partnerships,
        a.seed,
        hands,
        a.up_card,
        list(a.talon) if a.hands else None,
        t.play_to_game,
        s.scores,
        t.deal_no + 1,
        (*t.history, s.deal_points()),
    )
