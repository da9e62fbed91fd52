"""Property tests of the Piquet engine over random seeded deals and random legal play."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtutor.engine.cards import ALL_CARDS
from cardtutor.engine.errors import IllegalActionError
from cardtutor.engine.events import Event
from cardtutor.engine.piquet import (
    DECLARATION_CATEGORIES,
    ENGINE,
    RULE_ANCHORS,
    Action,
    Declare,
    Exchange,
    NextDeal,
    Phase,
    Play,
    State,
    apply,
    new_deal,
    new_partie,
)
from cardtutor.engine.record import GameRecord, replay
from cardtutor.engine.text import MESSAGES, Msg

UNFILLED = re.compile(r"\{[A-Za-z_]\w*(![rsa])?\}")
"""A template field left unfilled (a quoted input such as "{'seat': 1}" may show braces)."""
FULL = (1 << 32) - 1
SEEDS = st.integers(min_value=0, max_value=2**48)


def played_mask(state: State) -> int:
    m = 0
    for _, lead, follow, _ in state.tricks:
        m |= (1 << lead) | (1 << follow)
    if state.lead >= 0:
        m |= 1 << state.lead
    return m


def check_conservation(state: State) -> None:
    parts = [
        state.hands[0],
        state.hands[1],
        state.discards[0],
        state.discards[1],
        played_mask(state),
    ]
    stock = 0
    for i in state.stock:
        stock |= 1 << i
    parts.append(stock)
    assert sum(p.bit_count() for p in parts) == 32
    union = 0
    for p in parts:
        union |= p
    assert union == FULL


def check_msg(msg: Msg) -> None:
    assert msg.key in MESSAGES, msg.key
    for lang in ("en", "de"):
        assert not UNFILLED.search(msg.render(lang))
    for value in msg.params.values():
        if isinstance(value, Msg):
            check_msg(value)


def random_action(state: State, rng: random.Random) -> Action:
    """Any well-formed action, legal or not."""
    seat = rng.choice(state.seats) if rng.random() < 0.2 else (state.seat_to_act or "A")
    hand = state.hands[state.seats.index(seat)]
    kind = rng.random()

    def some_cards() -> int:
        pool = hand if rng.random() < 0.8 else FULL
        bits = [i for i in range(32) if pool >> i & 1]
        n = min(len(bits), rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8]))
        m = 0
        for i in rng.sample(bits, n):
            m |= 1 << i
        return m

    if kind < 0.3:
        return Play(seat, rng.choice(ALL_CARDS))
    if kind < 0.55:
        return Exchange(seat, some_cards(), rng.random() < 0.3)
    if kind < 0.9:
        return Declare(seat, rng.choice(DECLARATION_CATEGORIES), some_cards())
    return NextDeal(seat)


def check_view(state: State) -> None:
    for me in state.seats:
        v = state.view(me)
        other = state.seats[1 - state.seats.index(me)]
        i_me, i_other = state.seats.index(me), state.seats.index(other)
        assert tuple(c for c in v.hands[me]) == tuple(
            ALL_CARDS[i] for i in range(32) if state.hands[i_me] >> i & 1
        )
        visible = [c for c in v.hands[other] if c is not None]
        assert len(v.hands[other]) == state.hands[i_other].bit_count()
        assert all(state.hands[i_other] & c.bit for c in visible)
        assert set(v.discards[other]) <= {None}
        if state.phase is Phase.EXCHANGE:
            # nobody sees the stock except elder's own left cards
            allowed = state.elder_left if i_me == state.elder else 0
            assert all(c is None or allowed & c.bit for c in v.stock)


def play_random(
    state: State, rng: random.Random, events: list[Event], probe: bool = True
) -> tuple[State, list[Action]]:
    actions: list[Action] = []
    deal_events: list[Event] = list(events)
    while not state.is_over:
        legal = state.legal_actions
        if probe:
            for _ in range(4):
                candidate = random_action(state, rng)
                ok = candidate in legal
                try:
                    apply(state, candidate)
                except IllegalActionError as err:
                    assert not ok, candidate
                    check_msg(err.msg)
                    assert legal.why_illegal(candidate) == err.msg
                else:
                    assert ok, candidate
            if state.phase is not Phase.EXCHANGE:
                listed = list(legal)
                assert len(listed) == legal.count() == len(set(listed))
                assert all(a in legal for a in listed)
        action = legal.sample(rng)
        assert action in legal
        state, evs = apply(state, action)
        actions.append(action)
        for e in evs:
            check_msg(e.msg)
            if e.rule:
                assert e.rule.startswith("piquet#") and e.rule[7:] in RULE_ANCHORS
        deal_events.extend(evs)
        check_conservation(state)
        if probe:
            check_view(state)
        if state.phase in (Phase.DEAL_OVER, Phase.OVER):
            check_deal_sums(state, deal_events)
            deal_events = []
    return state, actions


def check_deal_sums(state: State, events: list[Event]) -> None:
    running = dict.fromkeys(state.seats, 0)
    for e in events:
        if e.is_score and e.category != "partie":
            assert e.seat is not None
            running[e.seat] += e.points
            assert dict(e.totals) == running
    assert tuple(running[s] for s in state.seats) == state.totals
    breakdown = state.score_breakdown()
    assert tuple(sum(breakdown[s].values()) for s in state.seats) == state.totals
    assert sum(state.won) == 12


@settings(max_examples=200, deadline=None)
@given(seed=SEEDS)
def test_random_deals_keep_the_rules(seed: int) -> None:
    rng = random.Random(seed)
    state, events = new_deal(seed=seed, dealer=rng.choice(["A", "B"]))
    check_conservation(state)
    start = state
    final, actions = play_random(state, rng, list(events))
    assert final.is_over
    record = GameRecord.from_json(
        {
            "format": "cardtutor-game-record",
            "version": 1,
            "game": "piquet",
            "ruleset": "rubicon",
            "seats": ["A", "B"],
            "deal": {"seed": seed, "dealer": start.seats[start.dealer]},
            "actions": [a.to_json() for a in actions],
        }
    )
    steps = replay(ENGINE, record)
    assert steps[-1].state == final
    assert steps[0].state == start


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS)
def test_random_parties_end_settled_or_drawn(seed: int) -> None:
    rng = random.Random(seed)
    state, events = new_partie(seed=seed)
    final, actions = play_random(state, rng, list(events), probe=False)
    assert final.partie is not None
    n = len(final.partie.results)
    assert n in (6, 8)
    ta = sum(r[0] for r in final.partie.results)
    tb = sum(r[1] for r in final.partie.results)
    record = GameRecord.from_json(
        {
            "format": "cardtutor-game-record",
            "version": 1,
            "game": "piquet",
            "ruleset": "rubicon",
            "seats": ["A", "B"],
            "deal": {"partie": True, "seed": seed},
            "actions": [a.to_json() for a in actions],
        }
    )
    steps = replay(ENGINE, record)
    assert steps[-1].state == final
    settle = [e for s in steps for e in s.events if e.category == "partie"]
    if ta == tb:
        assert not settle and n == 8
    else:
        assert len(settle) == 1 and settle[0].seat == ("A" if ta > tb else "B")


@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_exchange_options_are_all_legal(seed: int) -> None:
    state, _ = new_deal(seed=seed)
    listed = list(state.legal_actions)
    assert len(listed) == 1585 == len(set(listed))
    assert all(a in state.legal_actions for a in listed[::37])
    state, _ = apply(state, listed[100])
    younger = list(state.legal_actions)
    assert len(younger) == state.legal_actions.count()
    assert all(a in state.legal_actions for a in younger[::53])
