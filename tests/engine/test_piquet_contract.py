"""Piquet implements the engine contract (cardtutor.engine.contract): names, types, outcome."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from cardtutor.engine import GAMES, contract
from cardtutor.engine.cards import Card
from cardtutor.engine.errors import IllegalActionError, NotationError
from cardtutor.engine.events import Event
from cardtutor.engine.piquet import (
    ENGINE,
    POINTS_CAPOT,
    POINTS_CARDS,
    POINTS_LAST_TRICK,
    POINTS_LEAD,
    POINTS_TRICK,
    RULE_ANCHORS,
    Action,
    Declare,
    Exchange,
    NextDeal,
    Phase,
    PiquetView,
    Play,
    State,
    action_from_json,
    apply,
    best_declaration,
    new_deal,
    new_partie,
    rubicon_settlement,
)
from cardtutor.engine.record import GameRecord, replay

EXAMPLE = Path(__file__).resolve().parents[2] / "cardtutor/engine/examples/piquet_example.json"


def example_steps() -> list[State]:
    record = GameRecord.from_json(json.loads(EXAMPLE.read_text()))
    return [step.state for step in replay(ENGINE, record)]


def policy(state: State) -> Action:
    """Deterministic: discard the lowest card, declare honestly, play the first legal card."""
    seat = state.seat_to_act
    assert seat is not None
    if state.phase is Phase.EXCHANGE:
        return Exchange(seat, state.hands[state.turn] & -state.hands[state.turn])
    if state.phase is Phase.DECLARE:
        return best_declaration(state)
    if state.phase is Phase.DEAL_OVER:
        return NextDeal(seat)
    return next(iter(state.legal_actions))


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------


def test_actions_are_frozen_dataclasses_with_the_seat_first() -> None:
    ah = Card.parse("AH")
    for action in (
        Exchange("A", ah.bit),
        Declare("A", "point", ah.bit),
        Play("A", ah),
        NextDeal("A"),
    ):
        assert dataclasses.is_dataclass(action)
        assert dataclasses.fields(action)[0].name == "seat"
        assert isinstance(action, contract.Action)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(action, "seat", "B")  # noqa: B010 (assigning must fail)
        assert not hasattr(action, "__dict__")  # slots
        assert action.to_json()["seat"] == "A"


def equal(a: object, b: object) -> bool:
    return a == b


def test_actions_equal_only_actions_of_the_same_type() -> None:
    ah = Card.parse("AH")
    assert equal(Play("A", ah), Play.of("A", "AH"))
    assert hash(Play("A", ah)) == hash(Play.of("A", "AH"))
    assert not equal(Play("A", ah), ("A", ah))  # no tuple equality (NamedTuple actions had it)
    assert not equal(Exchange("A", ah.bit), Declare("A", "point", ah.bit))
    assert not equal(Exchange("A", ah.bit), Play("A", ah))
    assert not equal(NextDeal("A"), NextDeal("B")) and not equal(NextDeal("A"), ("A",))
    assert len({Play("A", ah), Play("A", ah), Play("B", ah)}) == 2


def test_action_json_requires_a_string_seat_and_quotes_the_input() -> None:
    for data in ({"type": "play", "card": "AH"}, {"type": "deal", "seat": 2}):
        with pytest.raises(NotationError) as info:
            action_from_json(data)
        assert info.value.msg.key == "piquet.notation.seat"
        assert repr(data) in str(info.value) and repr(data) in info.value.render("de")
    assert ENGINE.parse_action({"type": "deal", "seat": "B"}) == NextDeal("B")


# ---------------------------------------------------------------------------------------------
# State: seat_to_act, phase, parties, is_over
# ---------------------------------------------------------------------------------------------


def test_phase_enum_values_and_progress_of_a_deal() -> None:
    assert [p.value for p in Phase] == ["exchange", "declare", "play", "deal_over", "over"]
    steps = example_steps()
    phases = [s.phase for s in steps]
    # 2 exchanges, 6 declarations, 24 cards: the phase after each action.
    assert phases == ([Phase.EXCHANGE] * 2 + [Phase.DECLARE] * 6 + [Phase.PLAY] * 24 + [Phase.OVER])
    assert all(isinstance(p, Phase) for p in phases)
    assert [s.seat_to_act for s in steps[:4]] == ["A", "B", "A", "B"]
    assert steps[-1].seat_to_act is None and steps[-1].is_over
    assert not any(s.is_over for s in steps[:-1])


def test_parties_are_the_seats() -> None:
    state, _ = new_deal(seed=4, seats=("North", "South"))
    assert state.parties == state.seats == ("North", "South")
    assert state.party_of("South") == "South"
    with pytest.raises(KeyError):
        state.party_of("East")


def test_deal_over_phase_and_next_dealer_in_a_partie() -> None:
    state, _ = new_partie(seed="phases", first_dealer="A")
    while state.phase is not Phase.DEAL_OVER:
        state, _ = apply(state, policy(state))
    assert state.seat_to_act == "B" and not state.is_over  # B deals the second deal
    assert list(state.legal_actions) == [NextDeal("B")]


# ---------------------------------------------------------------------------------------------
# Legal actions: count, why_illegal, sample
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_count_matches_the_listed_actions(seed: int) -> None:
    state, _ = new_deal(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions
        if state.phase is Phase.EXCHANGE and state.stage == 0:
            assert legal.count() == 1585  # counted from binomials, not listed
        else:
            assert legal.count() == len(list(legal)) == len(set(legal))
        state, _ = apply(state, legal.sample(rng))
    assert state.legal_actions.count() == 0 and not state.legal_actions


def test_why_illegal_is_none_when_legal_and_the_refusal_otherwise() -> None:
    state, _ = new_deal(seed=8)
    legal = state.legal_actions
    assert legal.why_illegal(legal.sample(random.Random(1))) is None
    wrong = Play.of("A", "AS")
    reason = legal.why_illegal(wrong)
    assert reason is not None and reason.key == "piquet.illegal.phase"
    with pytest.raises(IllegalActionError) as info:
        apply(state, wrong)
    assert info.value.msg == reason
    assert legal.why_illegal(("A", "AS")) is not None  # not an action at all
    assert legal.why_illegal(NextDeal("C")) is not None


# ---------------------------------------------------------------------------------------------
# Outcome
# ---------------------------------------------------------------------------------------------


def test_outcome_of_a_single_deal() -> None:
    steps = example_steps()
    first = steps[0].outcome()
    assert isinstance(first, contract.Outcome)
    assert first.parties == ("A", "B") and first.deal_number == 1 and not first.multi_deal
    assert not first.deal_over and not first.game_over and first.winner is None
    mid = steps[12].outcome()
    assert dict(mid.deal) == dict(mid.game) == {"A": steps[12].totals[0], "B": steps[12].totals[1]}
    last = steps[-1].outcome()
    assert dict(last.deal) == dict(last.game) == {"A": 28, "B": 23}
    assert last.deal_over and last.game_over and last.winner == "A"
    assert last.deals == () and last.settlement is None and not last.rubiconed


def test_single_deal_drawn_has_no_winner() -> None:
    state, _ = new_deal(seed=1)
    while not state.is_over:
        state, _ = apply(state, policy(state))
    tied = state._replace(totals=(20, 20))
    assert tied.outcome().winner is None and tied.outcome().game_over


def test_outcome_totals_at_every_deal_boundary_of_a_partie() -> None:
    """The site shows "Deal 2: A 3, B 0; partie A 44, B 7": deal, deals and game at every
    boundary, never the previous deal's totals after the next deal has started."""
    state, _ = new_partie(seed=2024)
    seats = state.seats
    finished: list[dict[str, int]] = []
    settlements: list[Event] = []
    boundaries = 0
    while True:
        o = state.outcome()
        assert o.multi_deal
        assert o.deal_number == len(finished) + (0 if o.deal_over else 1)
        assert dict(o.deal) == {seats[0]: state.totals[0], seats[1]: state.totals[1]}
        assert [dict(d) for d in o.deals] == finished
        current = {} if o.deal_over else dict(o.deal)
        assert dict(o.game) == {s: sum(d[s] for d in finished) + current.get(s, 0) for s in seats}
        if state.is_over:
            break
        action = policy(state)
        before = state
        state, events = apply(state, action)
        settlements += [e for e in events if e.category == "partie"]
        if state.phase in (Phase.DEAL_OVER, Phase.OVER):
            # The deal just ended: it is now one of the completed deals, still shown as the deal.
            boundaries += 1
            finished.append({seats[0]: state.totals[0], seats[1]: state.totals[1]})
            after = state.outcome()
            assert after.deal_over and [dict(d) for d in after.deals] == finished
            assert dict(after.deal) == finished[-1]
            assert dict(after.game) == {s: sum(d[s] for d in finished) for s in seats}
        if isinstance(action, NextDeal):
            # The next deal starts from its own zero (or carte blanche); the partie carries on.
            o_before, o_after = before.outcome(), state.outcome()
            assert o_after.deal_number == o_before.deal_number + 1 and not o_after.deal_over
            assert all(v in (0, 10) for v in o_after.deal.values())
            assert dict(o_after.game) == {s: o_before.game[s] + o_after.deal[s] for s in seats}
    assert boundaries == len(finished) and len(finished) in (6, 8)
    final = state.outcome()
    assert final.game_over and final.deal_over and final.deal_number == len(finished)
    ga, gb = (final.game[s] for s in seats)
    if ga == gb:
        assert final.winner is None and final.settlement is None and not settlements
    else:
        gain, rubiconed = rubicon_settlement(max(ga, gb), min(ga, gb))
        assert final.winner == (seats[0] if ga > gb else seats[1])
        assert (final.settlement, final.rubiconed) == (gain, rubiconed)
        assert [(e.seat, e.points) for e in settlements] == [(final.winner, gain)]


def test_partie_outcome_is_undecided_until_the_end() -> None:
    state, _ = new_partie(seed=3, first_dealer="B")
    while not state.is_over:
        o = state.outcome()
        assert o.winner is None and o.settlement is None and not o.game_over
        state, _ = apply(state, policy(state))


def test_rubiconed_outcome() -> None:
    state, _ = new_partie(seed="rub", first_dealer="A")
    while state.deal_number < 6:
        state, _ = apply(state, policy(state))
    assert state.partie is not None
    state = state._replace(partie=state.partie._replace(results=((200, 0),) * 5))
    while not state.is_over:
        state, _ = apply(state, policy(state))
    o = state.outcome()
    assert o.winner == "A" and o.rubiconed
    assert o.settlement == o.game["A"] + o.game["B"] + 100


# ---------------------------------------------------------------------------------------------
# View and breakdown
# ---------------------------------------------------------------------------------------------


def test_view_is_a_contract_view() -> None:
    steps = example_steps()
    state = steps[9]  # A has led the ace of hearts; B to play
    for seat in ("A", "B", None):
        v = state.view(seat)
        assert isinstance(v, PiquetView) and isinstance(v, contract.View)
        assert v.seat == seat and v.seats == v.parties == ("A", "B")
        assert v.phase is Phase.PLAY and v.seat_to_act == "B"
        assert v.trick == (("A", Card.parse("AH")),)
        assert dict(v.tricks_won) == {"A": 0, "B": 0}
        assert v.outcome == state.outcome()
        assert v.breakdown == state.score_breakdown()
        assert dict(v.totals) == dict(v.outcome.deal)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(state.view("A"), "seat", "B")  # noqa: B010 (assigning must fail)
    final = steps[-1].view("B")
    assert final.phase is Phase.OVER and final.seat_to_act is None
    assert dict(final.tricks_won) == {"A": 7, "B": 5}


def test_view_of_a_partie_shows_completed_deals() -> None:
    state, _ = new_partie(seed=5, first_dealer="A")
    while state.deal_number < 2:
        state, _ = apply(state, policy(state))
    v = state.view("A")
    assert v.deal_number == 2 and len(v.deal_scores) == 1
    assert v.deal_scores == v.outcome.deals
    assert dict(v.partie_totals) == dict(v.outcome.deals[0])


def test_score_breakdown_sums_to_the_totals() -> None:
    final = example_steps()[-1]
    breakdown = final.score_breakdown()
    assert {s: sum(b.values()) for s, b in breakdown.items()} == {"A": 28, "B": 23}


# ---------------------------------------------------------------------------------------------
# The engine object and the play-point constants
# ---------------------------------------------------------------------------------------------


def test_engine_implements_the_contract() -> None:
    assert GAMES["piquet"].engine is ENGINE
    assert ENGINE.game == "piquet" and ENGINE.rule_anchors == RULE_ANCHORS
    assert not hasattr(ENGINE, "actor")
    record = GameRecord.from_json(json.loads(EXAMPLE.read_text()))
    state, events = ENGINE.start(record)
    assert state.seat_to_act == "A"
    action = ENGINE.parse_action(record.actions[0])
    after, events = ENGINE.apply(state, action)
    assert after.seat_to_act == "B"
    for seat in ("A", "B", None):
        assert list(ENGINE.visible_events(events, seat)) == list(events)
    with pytest.raises(IllegalActionError):
        ENGINE.apply(after, action)


def test_old_records_without_seats_replay() -> None:
    data = json.loads(EXAMPLE.read_text())
    for action in data["actions"]:
        del action["seat"]
    steps = replay(ENGINE, GameRecord.from_json(data))
    assert steps[-1].state.totals == (28, 23)


def test_play_points_are_the_named_constants() -> None:
    assert (POINTS_LEAD, POINTS_TRICK, POINTS_LAST_TRICK, POINTS_CARDS, POINTS_CAPOT) == (
        1,
        1,
        1,
        10,
        40,
    )
    record = GameRecord.from_json(json.loads(EXAMPLE.read_text()))
    events = [e for step in replay(ENGINE, record) for e in step.events if e.is_score]
    by_category = {e.category: e.points for e in events}
    assert by_category["lead"] == POINTS_LEAD and by_category["trick"] == POINTS_TRICK
    assert by_category["last_trick"] == POINTS_LAST_TRICK
    assert by_category["cards"] == POINTS_CARDS
