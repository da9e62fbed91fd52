"""The seed's worked Besik deal ("Muster eines Spielverlaufs") as a replaying record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtutor.engine.besik import (
    ENGINE,
    EXAMPLE_PATH,
    Draw,
    Meld,
    Play,
    StandardRuleset,
    State,
    apply,
    example_record,
)
from cardtutor.engine.cards import Card, PhysicalCard
from cardtutor.engine.record import GameRecord, Step, replay

REPO = Path(__file__).resolve().parents[2]
SEEDS = REPO / "fixtures" / "sources"
SEED = SEEDS / "001_b32aee25cc8b3f7e.txt"
ANNOTATIONS = EXAMPLE_PATH.with_name("besik_example.annotations.json")


@pytest.fixture(scope="module")
def steps() -> list[Step[State, Any]]:
    return replay(ENGINE, example_record())


@pytest.fixture(scope="module")
def annotations() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ANNOTATIONS.read_text(encoding="utf-8"))
    return data


def test_record_shape() -> None:
    record = example_record()
    assert record.game == "besik" and record.ruleset == "seed"
    assert record.seats == ("A", "B")
    deal = record.deal
    assert deal["players"] == 2 and deal["dealer"] == "B" and deal["partnerships"] is False
    cards = [*deal["hands"]["A"], *deal["hands"]["B"], deal["up_card"], *deal["talon"]]
    assert len(cards) == 64 and len(set(cards)) == 64
    assert deal["up_card"] == "KH#1"
    assert len(deal["talon"]) == 47
    # round trip through the record format
    assert GameRecord.from_json(json.loads(json.dumps(record.to_json()))) == record


def test_replays_to_the_stated_result(steps: list[Step[State, Any]]) -> None:
    final = steps[-1].state
    assert final.is_over
    assert final.totals == {"A": 531, "B": 469}
    outcome = final.outcome()
    assert outcome.game == outcome.deal == {"A": 531, "B": 469}
    assert outcome.winner == "A" and outcome.deal_over and outcome.game_over
    assert outcome.deals == ({"A": 531, "B": 469},) and not outcome.multi_deal
    # every action of the record names its seat, the seat to act
    for before, step in zip(steps, steps[1:], strict=False):
        assert step.action is not None and step.action.seat == before.state.seat_to_act
    breakdown = final.score_breakdown()
    assert breakdown["A"]["augen"] == 71 and breakdown["B"]["augen"] == 169
    melds = {p: sum(v for k, v in d.items() if k != "augen") for p, d in breakdown.items()}
    assert melds == {"A": 460, "B": 300}
    assert final.tricks_won == (9, 23)
    assert len(steps) == 99 and sum(1 for s in steps if isinstance(s.action, Play)) == 64


def test_every_card_was_held(steps: list[Step[State, Any]]) -> None:
    for before, step in zip(steps, steps[1:], strict=False):
        action = step.action
        if isinstance(action, (Play, Meld)):
            cards = (action.card,) if isinstance(action, Play) else action.cards
            for card in cards:
                assert card in before.state.hand(step.seat or ""), (step.number, card)


def test_trick_25_needs_no_duty_to_win(steps: list[Step[State, Any]]) -> None:
    # step 84: A plays the seven of diamonds on the eight while holding AD and 9D
    before, step = steps[83], steps[84]
    assert step.action == Play("A", PhysicalCard.parse("7D#2"))
    hand = {c.card.code for c in before.state.hand("A")}
    assert {"AD", "9D"} <= hand
    assert before.state.end_play
    # under standard Bezique rules the same play is refused: he must win if he can
    standard = before.state._replace(table=before.state.table._replace(rules=StandardRuleset))
    msg = standard.legal_actions.why_illegal(Play("A", PhysicalCard.parse("7D#2")))
    assert msg is not None and msg.key == "besik.err.must_win"


def test_marriage_out_of_quint_is_seed_only(steps: list[Step[State, Any]]) -> None:
    # step 15: B's clubs marriage out of his declared Quint-Major
    before = steps[14].state
    action = steps[15].action
    assert isinstance(action, Meld) and action.kind == "marriage"
    assert before.legal_actions.why_illegal(action) is None
    # (standard Bezique also melds before the draw: look at the rule in question only)
    standard = before._replace(table=before.table._replace(rules=StandardRuleset), window=1)
    msg = standard.legal_actions.why_illegal(action)
    assert msg is not None and msg.key == "besik.err.marriage_from_sequence"


def test_annotation_sources_are_exact(annotations: dict[str, Any]) -> None:
    text = SEED.read_text(encoding="utf-8")
    for entry in annotations["steps"]:
        assert entry["source"], entry["step"]
        for source in entry["source"]:
            assert source in text, (entry["step"], source)
        assert entry["commentary"]["en"] and entry["commentary"]["de"]
        for note in entry["notes"]:
            assert note["kind"] in ("deduction", "translation", "ocr", "reason", "aside")
            assert note["en"] and note["de"]
            assert note.get("seats", ["A"]) and set(note.get("seats", ["A"])) <= {"A", "B"}


def test_every_decision_says_why(
    annotations: dict[str, Any], steps: list[Step[State, Any]]
) -> None:
    # every action but a draw is the player's choice (a card, a meld, the seven, its exchange)
    decisions = [s.number for s in steps[1:] if not isinstance(s.action, Draw)]
    assert len(decisions) == 74
    reasons = {
        e["step"] for e in annotations["steps"] if any(n["kind"] == "reason" for n in e["notes"])
    }
    assert set(decisions) <= reasons, sorted(set(decisions) - reasons)


def test_annotations_cover_every_action(
    annotations: dict[str, Any], steps: list[Step[State, Any]]
) -> None:
    numbers = [e["step"] for e in annotations["steps"]]
    assert numbers == list(range(len(steps)))


def test_stated_hands_match(annotations: dict[str, Any], steps: list[Step[State, Any]]) -> None:
    checked = 0
    for entry in annotations["steps"]:
        for seat, cards in entry.get("stated_hands", {}).items():
            state = steps[entry["step"]].state
            held = sorted(c.card.code for c in state.hand(seat))
            assert held == sorted(Card.parse(c).code for c in cards), (entry["step"], seat)
            checked += 1
    assert checked == 10  # the deal and four "Stand der Karten", two hands each


def test_stated_points_and_totals(
    annotations: dict[str, Any], steps: list[Step[State, Any]]
) -> None:
    for entry in annotations["steps"]:
        step = steps[entry["step"]]
        if "stated_points" in entry:
            scored: dict[str, int] = {}
            for e in step.events:
                if e.is_score:
                    scored[e.seat or ""] = scored.get(e.seat or "", 0) + e.points
            assert scored == entry["stated_points"], entry["step"]
        if "stated_totals" in entry:
            stated = entry["stated_totals"]
            state = step.state
            breakdown = state.score_breakdown()
            assert state.totals == stated["total"]
            assert {p: d["augen"] for p, d in breakdown.items()} == stated["augen"]
            assert {p: state.totals[p] - d["augen"] for p, d in breakdown.items()} == (
                stated["melds"]
            )
        if "stated_breakdown" in entry:
            assert step.state.score_breakdown() == entry["stated_breakdown"]


def test_scoring_events_are_explained(steps: list[Step[State, Any]]) -> None:
    from cardtutor.engine.besik import RULE_ANCHORS

    for step in steps:
        for e in step.events:
            if e.rule:
                assert e.rule.startswith("besik#") and e.rule[6:] in RULE_ANCHORS
            if e.is_score:
                assert e.totals and e.rule and e.msg.render("de") and e.msg.render("en")
    quint = [e for e in steps[3].events if e.is_score][0]
    assert quint.category == "meld" and quint.rule == "besik#quint-major"
    assert quint.msg.render("de") == (
        "B meldet eine Quint-Major in Kreuz (Kreuz-As, Kreuz-Zehn, Kreuz-König, Kreuz-Dame "
        "und Kreuz-Bauer): 250 Punkte."
    )
    assert [c.code for c in quint.cards] == ["AC#1", "10C#1", "KC#1", "QC#2", "JC#1"]


def test_apply_is_pure(steps: list[Step[State, Any]]) -> None:
    state = steps[10].state
    action = steps[11].action
    assert action is not None
    first = apply(state, action)
    second = apply(state, action)
    assert first[0] == second[0] == steps[11].state
