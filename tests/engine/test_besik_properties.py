"""Property tests of the Besik engine over random seeded deals with random legal play."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtutor.engine.besik import (
    ENGINE,
    MELD_KINDS,
    PC,
    Action,
    DeclareSeven,
    Draw,
    Exchange,
    Meld,
    Play,
    State,
    apply,
    make_record,
    start_deal,
)
from cardtutor.engine.errors import IllegalActionError
from cardtutor.engine.record import GameRecord, replay

CONFIGS = [
    (2, "seed", False),
    (3, "seed", False),
    (4, "seed", False),
    (4, "seed", True),
    (2, "standard", False),
    (3, "standard", False),
    (4, "standard", True),
]
SIZES = {
    "marriage": 2,
    "trump-marriage": 2,
    "double-marriage": 4,
    "four-jacks": 4,
    "four-queens": 4,
    "four-kings": 4,
    "four-aces": 4,
    "besik": 2,
    "double-besik": 4,
    "triple-besik": 6,
    "quint-major": 5,
}


def check_conservation(state: State) -> None:
    packs = state.table.packs
    seen = 0
    count = 0
    masks = [*state.hands, *state.won]
    masks.append(sum(1 << u for _, u in state.trick))
    masks.append(sum(1 << u for u in state.table.talon[state.talon_pos :]))
    if state.up_card >= 0:
        masks.append(1 << state.up_card)
    for m in masks:
        assert not seen & m, "a card is in two places"
        seen |= m
        count += bin(m).count("1")
    assert seen == (1 << (32 * packs)) - 1 and count == 32 * packs
    for hand, declared in zip(state.hands, state.declared, strict=True):
        assert declared & ~hand == 0  # the declared row is part of the hand


def candidates(state: State, rng: random.Random) -> list[Action]:
    """Random actions, most of them illegal, some legal."""
    packs = state.table.packs
    hand = (
        [c for s in state.seats for c in state.hand(s)]
        if rng.random() < 0.2
        else (list(state.hand(state.seat_to_act)) if state.seat_to_act else [])
    )
    # mostly the seat to act, sometimes another seat or one not at the table
    seat = rng.choice([state.seat_to_act or "A"] * 4 + [*state.seats, "Z"])
    out: list[Action] = [Draw(seat), Play(seat, PC[rng.randrange(32 * packs)])]
    if hand:
        out.append(Play(seat, rng.choice(hand)))
        kind = rng.choice(MELD_KINDS)
        size = SIZES[kind]
        if len(hand) >= size:
            out.append(Meld.of(seat, kind, rng.sample(hand, size)))
        sevens = [c for c in hand if c.rank == 7]
        if sevens:
            chosen = rng.sample(sevens, min(len(sevens), rng.randint(1, 2)))
            out.append(DeclareSeven.of(seat, chosen))
            out.append(Exchange(seat, rng.choice(sevens)))
    legal = list(state.legal_actions)
    if legal:
        out.append(rng.choice(legal))
    return out


def play(
    seed: int, players: int, ruleset: str, partnerships: bool, policy: int, probe: bool
) -> tuple[State, State, list[Action]]:
    rng = random.Random(policy)
    state0, _ = start_deal(
        seed=seed, seats="ABCD"[:players], ruleset=ruleset, partnerships=partnerships
    )
    state = state0
    actions: list[Action] = []
    while not state.is_over:
        check_conservation(state)
        legal = state.legal_actions
        if probe:
            listed = set(legal)
            assert len(listed) == legal.count()
            assert all(a.seat == state.seat_to_act for a in listed)
            for action in candidates(state, rng):
                ok = action in legal
                assert ok == (action in listed), action
                assert ok == (legal.why_illegal(action) is None), action
                if not ok:
                    try:
                        apply(state, action)
                    except IllegalActionError as err:
                        assert err.msg.render("de") and err.msg.render("en")
                    else:  # pragma: no cover - would be a bug
                        raise AssertionError(f"illegal {action} accepted")
        decl = legal.declarations() if state.window and rng.random() < 0.8 else []
        action = rng.choice(decl) if decl else legal.sample(rng)
        actions.append(action)
        state, events = apply(state, action)
        for e in events:
            if e.is_score:
                assert e.totals == state.totals or e is not events[-1]
    check_conservation(state)
    return state0, state, actions


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), config=st.sampled_from(CONFIGS), policy=st.integers(0, 2**16)
)
def test_random_deals_conserve_cards_and_score_consistently(
    seed: int, config: tuple[int, str, bool], policy: int
) -> None:
    players, ruleset, partnerships = config
    _, final, _ = play(seed, players, ruleset, partnerships, policy, probe=False)
    packs = final.table.packs
    breakdown = final.score_breakdown()
    if ruleset == "seed":
        assert sum(d["augen"] for d in breakdown.values()) == 120 * packs
    else:
        assert sum(d["brisques"] for d in breakdown.values()) == 80 * packs
    assert sum(d.get("last_trick", 0) for d in breakdown.values()) == 10
    for party, d in breakdown.items():
        assert sum(d.values()) == final.totals[party]
    assert sum(final.tricks_won) == (24 if players == 4 and packs == 3 else 32)
    assert sum(len(final.hand(s)) for s in final.seats) == 0


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), config=st.sampled_from(CONFIGS), policy=st.integers(0, 2**16)
)
def test_no_illegal_action_is_accepted(
    seed: int, config: tuple[int, str, bool], policy: int
) -> None:
    players, ruleset, partnerships = config
    play(seed, players, ruleset, partnerships, policy, probe=True)


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), config=st.sampled_from(CONFIGS), policy=st.integers(0, 2**16)
)
def test_replay_is_deterministic(seed: int, config: tuple[int, str, bool], policy: int) -> None:
    players, ruleset, partnerships = config
    state0, final, actions = play(seed, players, ruleset, partnerships, policy, probe=False)
    record = make_record(state0, actions)
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    steps = replay(ENGINE, again)
    assert steps[-1].state == final
    assert [s.action for s in steps[1:]] == actions
    # the views and outcomes of the two replays agree too
    assert steps[-1].state.view(None) == final.view(None)
    assert steps[-1].state.outcome() == final.outcome()


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    ruleset=st.sampled_from(["seed", "standard"]),
    policy=st.integers(0, 2**16),
)
def test_whole_games_end_with_one_winner(
    seed: int, players: int, ruleset: str, policy: int
) -> None:
    rng = random.Random(policy)
    state0, _ = start_deal(seed=seed, seats="ABCD"[:players], ruleset=ruleset, play_to="game")
    state, actions = state0, []
    dealers = [state.dealer]
    while not state.is_over:
        action = state.legal_actions.sample(rng)
        actions.append(action)
        state, _ = apply(state, action)
        if state.dealer != dealers[-1]:
            dealers.append(state.dealer)
    winner = state.game_winner
    assert winner is not None
    outcome = state.outcome()
    assert outcome.winner == winner and outcome.game_over and outcome.multi_deal
    assert outcome.game == state.totals and outcome.deal_number == len(outcome.deals)
    assert {p: sum(d[p] for d in outcome.deals) for p in state.parties} == state.totals
    totals = state.totals
    assert totals[winner] >= state.table.target or state.melds[-1].kind == "triple-besik"
    assert all(v < totals[winner] for p, v in totals.items() if p != winner)
    seats = list(state0.seats)
    for before, after in zip(dealers, dealers[1:], strict=False):
        assert seats.index(after) == (seats.index(before) + 1) % players
    assert replay(ENGINE, make_record(state0, actions))[-1].state == state


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), config=st.sampled_from(CONFIGS), policy=st.integers(0, 2**16)
)
def test_lazy_events_equal_eager_events_and_states(
    seed: int, config: tuple[int, str, bool], policy: int
) -> None:
    """``apply`` computes the state without words and the events only when read: both
    must be exactly what the explaining path gives."""
    from cardtutor.engine.besik.engine import transition
    from cardtutor.engine.besik.play import trick_winner

    players, ruleset, partnerships = config
    rng = random.Random(policy)
    state, _ = start_deal(
        seed=seed, seats="ABCD"[:players], ruleset=ruleset, partnerships=partnerships
    )
    while not state.is_over:
        legal = state.legal_actions
        decl = legal.declarations() if state.window and rng.random() < 0.8 else []
        action = rng.choice(decl) if decl else legal.sample(rng)
        eager_state, eager_events = transition(state, action, True)
        quiet_state, quiet_events = transition(state, action, False)
        new, lazy = apply(state, action)
        assert new == eager_state == quiet_state
        assert quiet_events == ()
        assert list(lazy) == list(eager_events) and len(lazy) == len(eager_events)
        if isinstance(action, Play) and not new.trick and new.turn >= 0:
            # the quiet path finds the trick's winner inline: he is to act
            assert new.seat_to_act == new.seats[trick_winner(new.last_trick, new.table.trump)[0]]
        state = new


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), config=st.sampled_from(CONFIGS), policy=st.integers(0, 2**16)
)
def test_count_and_sample_agree_with_the_full_list(
    seed: int, config: tuple[int, str, bool], policy: int
) -> None:
    """``count()`` and ``sample()`` skip listing; they must agree with the listing."""
    players, ruleset, partnerships = config
    rng = random.Random(policy)
    state, _ = start_deal(
        seed=seed, seats="ABCD"[:players], ruleset=ruleset, partnerships=partnerships
    )
    while not state.is_over:
        listed = list(state.legal_actions)
        fresh = state.legal_actions
        assert fresh.count() == len(listed)
        action = fresh.sample(rng)
        assert action in listed
        state, _ = apply(state, action)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), config=st.sampled_from(CONFIGS), policy=st.integers(0, 2**16)
)
def test_quick_tests_never_hide_a_declaration(
    seed: int, config: tuple[int, str, bool], policy: int
) -> None:
    """``declarations()`` skips the meld search on cheap mask tests (freshness per meld
    family, one meld per turn, a trump seven held): it must list exactly what the full
    searches list. Declaring often makes used cards, declared rows and exchanges common."""
    from cardtutor.engine.besik.melds import meld_candidates
    from cardtutor.engine.besik.sevens import seven_candidates

    players, ruleset, partnerships = config
    rng = random.Random(policy)
    state, _ = start_deal(
        seed=seed, seats="ABCD"[:players], ruleset=ruleset, partnerships=partnerships
    )
    while not state.is_over:
        full = [*meld_candidates(state, quick=False), *seven_candidates(state)]
        legal = state.legal_actions
        assert legal.declarations() == full
        assert legal.melds() == meld_candidates(state, quick=False)
        decl = legal.declarations() if state.window and rng.random() < 0.9 else []
        action = rng.choice(decl) if decl else legal.sample(rng)
        state, _ = apply(state, action)
