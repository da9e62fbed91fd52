"""Drill 2 (answering as younger): the checker agrees with the engine playing the same deal."""

from __future__ import annotations

import json
import random
import statistics
import string
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtutor.engine.drills import DRILLS, AnswerError, Item, Level
from cardtutor.engine.drills.base import FieldKind, ShowKind
from cardtutor.engine.drills.piquet_answering import CASES, AnsweringDrill, deal_of
from cardtutor.engine.drills.piquet_dialogue import engine_run
from cardtutor.engine.drills.piquet_hands import Role
from cardtutor.engine.events import Event
from cardtutor.engine.games import GAMES
from cardtutor.engine.piquet import ENGINE
from cardtutor.engine.piquet.phase import EQUAL
from cardtutor.engine.record import GameRecord, replay
from cardtutor.engine.text import Msg

DRILL = AnsweringDrill()
EXAMPLE_RECORD = (
    Path(__file__).resolve().parents[2]
    / "cardtutor"
    / "engine"
    / "examples"
    / "piquet_example.json"
)
_REPLY_OF_KEY = {
    "piquet.say.good": "good",
    "piquet.say.not_good": "not-good",
    "piquet.say.equal": "equal",
}
SEEDS = st.one_of(
    st.integers(0, 10**6).map(str),
    st.tuples(st.sampled_from(CASES), st.integers(0, 999)).map(lambda t: f"{t[0]}-{t[1]}"),
    st.just("example"),
)


def engine_answers(item: Item, rng: random.Random) -> dict[str, Any]:
    """Younger's answers and his total as the engine says and scores them (honest claims on
    both sides, random first cards)."""
    deal = deal_of(item)
    run = engine_run(deal, rng=rng)
    by_category: list[list[Event]] = [[], [], []]
    cat = -1
    for event in run.events:
        if event.kind == "say" and event.seat == deal.elder and event.msg.key != "piquet.say.pips":
            cat += 1  # elder's call opens each category
        if event.kind == "say" and 0 <= cat < 3:
            by_category[cat].append(event)
    answers: dict[str, Any] = {}
    for name, c in (("point", 0), ("sequence", 1), ("sets", 2)):
        said = [e for e in by_category[c] if e.seat == deal.younger]
        words = [_REPLY_OF_KEY[e.msg.key] for e in said]
        pips = [e for e in by_category[c] if e.msg.key == "piquet.say.pips"]
        if pips:  # "Equal." to the number of cards, elder's value, the answer to it
            assert c == 0 and words[0] == "equal" and len(words) == 2
            words[0] = "ask"
        answers[name] = words[0] if words else None
        if c == 0:
            answers["point_value"] = words[1] if pips else "none"
    breakdown = run.state.score_breakdown()[deal.younger]
    answers["total"] = run.state.total(deal.younger) - breakdown["trick"]
    answers["equal"] = tuple(o == EQUAL for o in run.outcomes)
    return answers


def right_data(item: Item) -> dict[str, str]:
    return {k: str(v) for k, v in DRILL.expected(item).items()}


def texts(msgs: Any, lang: str) -> list[str]:
    return [m.render(lang) for m in msgs]


# ---------------------------------------------------------------------------------------------
# The checker against the engine
# ---------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, level=st.sampled_from(list(Level)), cards=st.randoms(use_true_random=False))
def test_the_expected_answers_are_what_the_engine_says_and_scores(
    seed: str, level: Level, cards: random.Random
) -> None:
    item = DRILL.item(seed, level)
    expected = DRILL.expected(item)
    engine = engine_answers(item, cards)
    assert expected == {k: engine[k] for k in expected}, (seed, level)
    assert ("equal-point" in item.tags) == engine["equal"][0]
    assert ("equal-sequence" in item.tags) == engine["equal"][1]
    assert DRILL.check(item, DRILL.parse_answer(item, right_data(item))).correct


@pytest.mark.parametrize("level", list(Level))
def test_the_checker_agrees_with_the_engine_on_every_kind_of_item(level: Level) -> None:
    rng = random.Random(int(level))
    seeds = [str(n) for n in range(40)] + [f"{c}-{n}" for c in CASES for n in range(8)]
    for seed in seeds:
        item = DRILL.item(seed, level)
        engine = engine_answers(item, rng)
        expected = DRILL.expected(item)
        assert expected == {k: engine[k] for k in expected}, (seed, level)
        # an answer is asked for every declaration elder makes, and only for those
        asked = {f.name for f in item.fields}
        assert ("sequence" in asked) == (engine["sequence"] is not None)
        assert ("sets" in asked) == (engine["sets"] is not None)


def test_the_dialogue_table_scores_what_the_engine_scores() -> None:
    for seed in [*map(str, range(20)), *(f"{c}-1" for c in CASES), "example"]:
        item = DRILL.item(seed, Level.HARD)
        deal = deal_of(item)
        feedback = DRILL.check(item, DRILL.parse_answer(item, right_data(item)))
        (table,) = feedback.shows
        run = engine_run(deal)
        scores = [e for e in run.events if e.is_score and e.category != "trick"]
        last: dict[str, int] = {}
        for e in scores:
            last[str(e.seat)] = e.totals[str(e.seat)]
        # the running totals written in the table's last row of each seat are the engine's
        for seat in (deal.elder, deal.younger):
            rows = [r for r in table.rows if r[0] == seat and "total" in r[1].params]
            if rows:
                assert rows[-1][1].params["total"] == last.get(seat, 0), (seed, seat)


# ---------------------------------------------------------------------------------------------
# The pools, the levels, the curated item
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("case", CASES)
def test_every_rare_case_comes_when_asked_for(case: str, level: Level) -> None:
    for n in range(10):
        item = DRILL.item(f"{case}-{n}", level)
        assert case in item.tags, (case, n, level, item.tags)


def test_plain_seeds_mix_in_every_rare_case_often() -> None:
    found = dict.fromkeys(CASES, 0)
    for level in Level:
        rare = 0
        for n in range(120):
            tags = DRILL.item(str(n), level).tags
            for case in CASES:
                found[case] += case in tags
            rare += bool(tags & set(CASES))
        assert rare >= 120 * (0.15 if level is not Level.HARD else 0.4), (level, rare)
    assert all(n >= 5 for n in found.values()), found


def test_items_are_reproducible_and_vary() -> None:
    for level in Level:
        items = [DRILL.item(str(n), level) for n in range(30)]
        assert items == [DRILL.item(str(n), level) for n in range(30)]
        assert len({str(i.question) for i in items}) == 30
        assert {i.question["dealer"] for i in items} == {"A", "B"}


def test_levels_differ() -> None:
    hard_edges = {"equal-point", "equal-sequence", "cancel-sequences", "cancel-sets"}
    counts = {level: 0 for level in Level}
    for n in range(60):
        easy, medium, hard = (DRILL.item(str(n), level) for level in Level)
        # easy: no equalities (unless a rare case's builder could not avoid one)
        assert not ({"equal-point", "equal-sequence"} & easy.tags) or easy.tags & {
            "carte-blanche",
            "repique",
        }
        if not easy.tags & {"carte-blanche", "repique"}:
            # easy: the number of cards decides the point, the length the sequences
            assert DRILL.expected(easy)["point"] != "ask", n
            assert "sequence-top" not in easy.tags
        counts[Level.MEDIUM] += bool(medium.tags & {"point-value", "sequence-top"})
        counts[Level.HARD] += bool(hard.tags & hard_edges)
    assert counts[Level.MEDIUM] >= 40, counts
    assert counts[Level.HARD] >= 40, counts
    hard_tags = [DRILL.item(str(n), Level.HARD).tags for n in range(80)]
    for tag in hard_edges:
        assert sum(tag in t for t in hard_tags) >= 5, tag


def test_an_item_shows_only_what_the_younger_hand_knows() -> None:
    for n in range(40):
        for level in Level:
            item = DRILL.item(str(n), level)
            deal = deal_of(item)
            allowed = set(deal.hand(Role.YOUNGER))
            if deal.carte_blanche(Role.ELDER):  # shown to younger after his exchange
                allowed |= set(deal.dealt_hand(Role.ELDER))
            shown = {c for s in item.shows for c in s.cards}
            assert shown <= allowed
            assert [s for s in item.shows if s.kind is ShowKind.CARDS][-1].cards == deal.hand(
                Role.YOUNGER
            )
            # the value question is always there: its presence gives nothing away
            assert [f.name for f in item.fields][:2] == ["point", "point_value"]
            assert item.fields[-1].name == "total"


def test_the_curated_example_is_cavendishs_deal_from_bs_side_with_its_replay_steps() -> None:
    record = GameRecord.from_json(json.loads(EXAMPLE_RECORD.read_text()))
    steps = replay(ENGINE, record)
    item = DRILL.item("example", Level.MEDIUM)
    assert "Cavendish" in " ".join(s.text.render("en") for s in item.shows if s.text)
    assert DRILL.expected(item) == {
        "point": "ask",
        "point_value": "good",
        "sequence": "good",
        "sets": "not-good",
        "total": 17,
    }
    says = [f.say.render("en") for f in item.fields if f.say]
    # the dialogue as the games and the replays say it (it was "Making forty-nine.")
    assert says[0] == "A: “Five cards.”" and "“Forty-nine.”" in says[1]
    assert "If you say “Equal.”, elder names the value" in says[1]
    assert says[2:] == ["A: “Quart major.”", "A: “Three jacks?”"]
    right = DRILL.check(item, DRILL.parse_answer(item, right_data(item)))
    assert right.correct and right.replay is not None
    # a wrong total links the step where B shows his sets and scores 17
    data = right_data(item) | {"total": "23"}
    wrong = DRILL.check(item, DRILL.parse_answer(item, data))
    assert wrong.replay == ("piquet-example", 10)
    state = steps[10].state
    assert state.total("B") == 17
    # a wrong answer to the point links B's answer to it (step 4: "Equal", then "Good")
    data = right_data(item) | {"point": "good", "point_value": "none"}
    assert DRILL.check(item, DRILL.parse_answer(item, data)).replay == ("piquet-example", 4)
    assert steps[4].action is not None and steps[4].action.to_json()["seat"] == "B"


# ---------------------------------------------------------------------------------------------
# Verdicts and words
# ---------------------------------------------------------------------------------------------


def test_a_right_answer_is_right_and_typical_mistakes_are_named() -> None:
    item = DRILL.item("example", Level.EASY)
    # "Good." to five cards when you hold five too: you say "Equal." (what do they make?)
    data = right_data(item) | {"point": "good", "point_value": "none"}
    feedback = DRILL.check(item, DRILL.parse_answer(item, data))
    assert not feedback.correct and feedback.rules[0] == "piquet#point"
    english = " ".join(texts(feedback.reasons, "en"))
    assert "the right answer is “Equal.” (you answered “Good.”)" in english
    assert "you say “Equal.” (or ask “What do they make?”)" in english
    # adding the tierce to the queen of diamonds, cancelled by A's quart major
    data = right_data(item) | {"total": "20"}
    feedback = DRILL.check(item, DRILL.parse_answer(item, data))
    english = " ".join(texts(feedback.reasons, "en"))
    assert not feedback.correct and "you wrote 20; it is 17" in english
    assert "counts for nothing" in english
    # sets are never equal
    data = right_data(item) | {"sets": "equal"}
    feedback = DRILL.check(item, DRILL.parse_answer(item, data))
    assert "never equal" in " ".join(texts(feedback.reasons, "en"))


def test_an_equal_point_and_equal_sequences_are_explained() -> None:
    item = next(i for i in (DRILL.item(f"equal-point-{n}", Level.HARD) for n in range(5)) if i.tags)
    feedback = DRILL.check(item, DRILL.parse_answer(item, right_data(item)))
    assert DRILL.expected(item)["point_value"] == "equal"
    assert "neither player scores the point" in " ".join(texts(feedback.reasons, "en"))
    item = DRILL.item("equal-sequence-2", Level.MEDIUM)
    feedback = DRILL.check(item, DRILL.parse_answer(item, right_data(item)))
    assert DRILL.expected(item)["sequence"] == "equal"
    assert "neither player scores any sequence" in " ".join(texts(feedback.reasons, "en"))


def _answers(item: Item, rng: random.Random) -> dict[str, str]:
    data: dict[str, str] = {}
    for spec in item.fields:
        if spec.kind is FieldKind.CHOICE:
            data[spec.name] = rng.choice([o.value for o in spec.options])
        else:
            data[spec.name] = str(rng.randint(0, 40))
    return data


def test_every_verdict_reads_in_both_languages() -> None:
    rng = random.Random(5)
    for seed in [*map(str, range(25)), *(f"{c}-{n}" for c in CASES for n in range(3)), "example"]:
        for level in Level:
            item = DRILL.item(seed, level)
            for data in (right_data(item), _answers(item, rng)):
                feedback = DRILL.check(item, DRILL.parse_answer(item, data))
                msgs: list[Msg] = [*feedback.answer, *feedback.reasons]
                msgs += [
                    cell
                    for s in feedback.shows
                    for row in s.rows
                    for cell in row
                    if isinstance(cell, Msg)
                ]
                msgs += [*(s.text for s in item.shows if s.text), *(f.label for f in item.fields)]
                msgs += [f.say for f in item.fields if f.say]
                for msg in msgs:
                    en, de = msg.render("en"), msg.render("de")
                    assert en and de and "{" not in en + de and "}" not in en + de, msg
                    if len(en.split()) > 3:
                        assert en != de, en
                anchors = GAMES["piquet"].rule_anchors
                assert all(r.split("#")[1] in anchors for r in feedback.rules)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"point": "ask"},
        {"point": "maybe", "point_value": "good", "sequence": "good", "sets": "good", "total": "3"},
        {"point": "good", "point_value": "good", "sequence": "good", "sets": "good", "total": "x"},
        {
            "point": "good",
            "point_value": "none",
            "sequence": "good",
            "sets": "good",
            "total": "1e9",
        },
        {
            "point": "good",
            "point_value": "none",
            "sequence": "good",
            "sets": "good",
            "total": "999",
        },
        {"point": "good", "point_value": "none", "sequence": "good", "sets": "good", "total": "-1"},
    ],
)
def test_malformed_answers_are_refused_with_a_message(data: dict[str, str]) -> None:
    item = DRILL.item("example", Level.EASY)
    with pytest.raises(AnswerError) as raised:
        DRILL.parse_answer(item, data)
    assert raised.value.render("de") != raised.value.render("en")


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 50).map(str),
    junk=st.dictionaries(
        st.sampled_from(["point", "point_value", "sequence", "sets", "total", "other"]),
        st.one_of(st.text(max_size=30), st.sampled_from(["good", "ask", "none", "17", "equal"])),
    ),
)
def test_any_form_data_is_an_answer_or_an_answer_error(seed: str, junk: dict[str, str]) -> None:
    item = DRILL.item(seed, Level.MEDIUM)
    try:
        answer = DRILL.parse_answer(item, junk)
    except AnswerError as error:
        assert error.render("en")
    else:
        assert DRILL.check(item, answer).correct in (True, False)


def test_random_strings_are_refused() -> None:
    rng = random.Random(3)
    item = DRILL.item("4", Level.HARD)
    for _n in range(200):
        data = {
            f.name: "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 12)))
            for f in item.fields
        }
        with pytest.raises(AnswerError):
            DRILL.parse_answer(item, data)


def test_registered_and_fast() -> None:
    assert DRILLS[DRILL.key] is not None and DRILLS[DRILL.key].number == 2
    timings = []
    for n in range(150):
        level = Level(1 + n % 3)
        start = time.perf_counter()
        DRILL.item(str(10_000 + n), level)
        timings.append(time.perf_counter() - start)
    assert statistics.median(timings) < 0.005
