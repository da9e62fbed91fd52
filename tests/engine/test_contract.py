"""Both games keep the one contract (``cardtutor/engine/contract.py``), checked the same way.

Every test here runs for every game of the registry, on seeded random playouts: the names the
site, drills and computer players rely on must mean the same thing in Piquet and in Besik.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from cardtutor.engine import GAMES
from cardtutor.engine.contract import Action, Outcome, View
from cardtutor.engine.errors import IllegalActionError, NotationError
from cardtutor.engine.events import Event
from cardtutor.engine.record import GameRecord, replay

DEALS: dict[str, list[dict[str, Any]]] = {
    "piquet": [
        {"seats": ["A", "B"], "ruleset": "rubicon", "deal": {"dealer": "B", "seed": 11}},
        {"seats": ["A", "B"], "ruleset": "rubicon", "deal": {"partie": True, "seed": 5}},
    ],
    "besik": [
        {"seats": ["A", "B"], "ruleset": "seed", "deal": {"players": 2, "dealer": "B", "seed": 3}},
        {
            "seats": ["A", "B"],
            "ruleset": "standard",
            "deal": {"players": 2, "dealer": "A", "seed": 8},
        },
        {
            "seats": ["A", "B", "C", "D"],
            "ruleset": "seed",
            "deal": {"players": 4, "dealer": "D", "partnerships": True, "seed": 4},
        },
        {
            "seats": ["A", "B", "C"],
            "ruleset": "seed",
            "deal": {"players": 3, "dealer": "C", "seed": 9},
        },
    ],
}
CASES = [(game, i) for game, deals in DEALS.items() for i in range(len(deals))]


def _record(game: str, index: int) -> GameRecord:
    data = {
        "format": "cardtutor-game-record",
        "version": 1,
        "game": game,
        "actions": [],
        **DEALS[game][index],
    }
    return GameRecord.from_json(data)


def _playout(game: str, index: int, seed: int = 0) -> Iterator[tuple[Any, Any, Any, Any]]:
    """(state, action, next state, events) along one random game."""
    engine = GAMES[game].engine
    state, _events = engine.start(_record(game, index))
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        action = state.legal_actions.sample(rng)
        after, events = engine.apply(state, action)
        yield state, action, after, events
        state = after
        steps += 1
        assert steps < 5000, "the game does not end"
    yield state, None, None, ()


def test_the_registry_lists_both_games_with_their_engines() -> None:
    assert list(GAMES) == ["piquet", "besik"]
    for key, info in GAMES.items():
        assert info.key == key
        assert info.engine.game == key
        assert info.name("en") and info.name("de")
        assert info.rule_anchors, key
        assert 2 in info.player_counts


@pytest.mark.parametrize(("game", "index"), CASES)
def test_states_answer_the_contract_at_every_step(game: str, index: int) -> None:
    engine = GAMES[game].engine
    seen_phases: set[enum.Enum] = set()
    for state, action, after, events in _playout(game, index):
        assert isinstance(state.phase, enum.Enum)
        seen_phases.add(state.phase)
        assert state.is_over == (state.seat_to_act is None)
        assert set(state.parties) == {state.party_of(s) for s in state.seats}
        legal = state.legal_actions
        if action is None:
            assert not legal and legal.count() == 0
            break
        assert legal and legal.count() >= 1
        assert action.seat == state.seat_to_act
        assert action in legal and legal.why_illegal(action) is None
        # The action's JSON names its seat and reads back to an equal action.
        data = action.to_json()
        assert data["seat"] == action.seat
        assert engine.parse_action(data) == action
        assert hash(engine.parse_action(data)) == hash(action)
        assert isinstance(action, Action)
        assert dataclasses.is_dataclass(action)
        assert action != dataclasses.astuple(action)
        # The events are a sequence of Event, readable in both languages.
        for event in events:
            assert isinstance(event, Event)
            assert event.msg.render("en") and event.msg.render("de")
        assert after is not state
    assert len(seen_phases) >= 2


@pytest.mark.parametrize(("game", "index"), CASES)
def test_legal_actions_count_iterate_and_agree_with_why_illegal(game: str, index: int) -> None:
    checked = 0
    for state, action, _after, _events in _playout(game, index, seed=1):
        if action is None:
            break
        legal = state.legal_actions
        count = legal.count()
        if count > 300:  # Piquet's exchange: 1,585 discards, counted without listing
            continue
        listed = list(legal)
        assert len(listed) == count
        assert len(set(listed)) == count
        assert all(a in legal and legal.why_illegal(a) is None for a in listed)
        assert action in listed
        checked += 1
    assert checked > 10


@pytest.mark.parametrize(("game", "index"), CASES)
def test_illegal_actions_are_refused_with_a_reason_in_both_languages(game: str, index: int) -> None:
    engine = GAMES[game].engine
    refused = 0
    for state, action, _after, _events in _playout(game, index, seed=2):
        if action is None:
            break
        legal = state.legal_actions
        assert "not an action" not in legal
        assert legal.why_illegal("not an action") is not None
        others = [s for s in state.seats if s != action.seat]
        wrong_seat = dataclasses.replace(action, seat=others[0])
        reason = legal.why_illegal(wrong_seat)
        assert reason is not None and wrong_seat not in legal
        assert reason.render("en") != reason.render("de")
        with pytest.raises(IllegalActionError) as caught:
            engine.apply(state, wrong_seat)
        assert caught.value.msg == reason
        refused += 1
    assert refused > 10


@pytest.mark.parametrize("game", list(GAMES))
def test_an_action_without_a_valid_seat_is_a_notation_error(game: str) -> None:
    engine = GAMES[game].engine
    state, _ = engine.start(_record(game, 0))
    data = state.legal_actions.sample(random.Random(0)).to_json()
    for bad in ({k: v for k, v in data.items() if k != "seat"}, {**data, "seat": 7}):
        with pytest.raises(NotationError):
            engine.parse_action(bad)


def _deal_scores(state: Any, events: Any) -> list[tuple[str, int]]:
    """(party, points) of the score events that count in a deal (not a partie settlement)."""
    return [
        (e.seat if e.seat in state.parties else state.party_of(e.seat), e.points)
        for e in events
        if e.is_score and e.category != "partie"
    ]


@pytest.mark.parametrize(("game", "index"), CASES)
def test_outcome_breakdown_and_events_tell_the_same_score(game: str, index: int) -> None:
    engine = GAMES[game].engine
    state, events = engine.start(_record(game, index))
    this_deal = _deal_scores(state, events)
    deal_number = state.outcome().deal_number
    rng = random.Random(3)
    checked = 0
    while True:
        outcome = state.outcome()
        assert isinstance(outcome, Outcome)
        assert outcome.parties == state.parties
        breakdown = state.score_breakdown()
        for party in state.parties:
            assert sum(p for who, p in this_deal if who == party) == outcome.deal[party]
            assert sum(breakdown[party].values()) == outcome.deal[party]
        checked += 1
        assert outcome.game_over == state.is_over
        if state.is_over:
            break
        state, events = engine.apply(state, state.legal_actions.sample(rng))
        if state.outcome().deal_number != deal_number:
            deal_number = state.outcome().deal_number
            this_deal = []
        this_deal += _deal_scores(state, events)
    final = state.outcome()
    assert final.deal_over
    if final.winner is not None:
        assert final.winner in state.parties
        if not final.multi_deal:
            assert final.game[final.winner] == max(final.game.values())
    else:
        assert final.multi_deal or len(set(final.game.values())) < len(final.game)


@pytest.mark.parametrize(("game", "index"), CASES)
def test_each_seat_sees_its_own_hand_and_only_true_cards_of_the_others(
    game: str, index: int
) -> None:
    for state, _action, _after, _events in _playout(game, index, seed=4):
        everything = state.view(None)
        assert isinstance(everything, View) and everything.seat is None
        assert everything.phase == state.phase
        assert everything.seat_to_act == state.seat_to_act
        assert everything.outcome == state.outcome()
        assert None not in [c for hand in everything.hands.values() for c in hand]
        for seat in state.seats:
            mine = state.view(seat)
            assert mine.seat == seat
            assert sorted(map(str, mine.hands[seat])) == sorted(map(str, everything.hands[seat]))
            for other in state.seats:
                if other == seat:
                    continue
                known = [c for c in mine.hands[other] if c is not None]
                assert len(mine.hands[other]) == len(everything.hands[other])
                assert set(map(str, known)) <= set(map(str, everything.hands[other]))


@pytest.mark.parametrize(("game", "index"), CASES)
def test_a_played_record_replays_to_the_same_states(game: str, index: int) -> None:
    engine = GAMES[game].engine
    actions: list[Mapping[str, Any]] = []
    last = None
    for state, action, _after, _events in _playout(game, index, seed=5):
        last = state
        if action is not None:
            actions.append(action.to_json())
    record = GameRecord.from_json({**_record(game, index).to_json(), "actions": actions})
    steps = replay(engine, record)
    assert steps[-1].state == last
    assert [s.seat for s in steps[1:]] == [a["seat"] for a in actions]
    # Records written before actions carried their seat still replay.
    unseated = [{k: v for k, v in a.items() if k != "seat"} for a in actions]
    old = GameRecord.from_json({**record.to_json(), "actions": unseated})
    assert replay(engine, old)[-1].state == last


def test_lazy_events_are_built_only_when_read() -> None:
    from cardtutor.engine.contract import LazyEvents

    built: list[int] = []

    def build() -> tuple[Event, ...]:
        built.append(1)
        return ()

    events = LazyEvents(build)
    assert built == []
    assert list(events) == [] and events == () and not events
    assert built == [1]
