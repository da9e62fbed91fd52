"""Drill 3 (counting a hand): the checker agrees with the engine playing the same deal."""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtutor.engine.cards import parse_cards
from cardtutor.engine.drills import DRILLS, AnswerError, Item, Level
from cardtutor.engine.drills.base import FieldKind, ShowKind
from cardtutor.engine.drills.piquet_counting import CASES, CountingDrill, count, deal_of
from cardtutor.engine.drills.piquet_hands import Role
from cardtutor.engine.games import GAMES
from cardtutor.engine.piquet import ENGINE, Phase, Play, apply, best_declaration
from cardtutor.engine.piquet.declarations import honest
from cardtutor.engine.piquet.phase import EQUAL
from cardtutor.engine.record import GameRecord, replay
from cardtutor.engine.text import MESSAGES, Msg

DRILL = CountingDrill()
EXAMPLE_RECORD = (
    Path(__file__).resolve().parents[2]
    / "cardtutor"
    / "engine"
    / "examples"
    / "piquet_example.json"
)
HAND = ("carte_blanche", "point", "sequence", "set")
FIELD_CATEGORY = {"cb": "carte_blanche", "point": "point", "seq": "sequence", "sets": "set"}


def right_data(item: Item) -> dict[str, str]:
    expected = DRILL.expected(item)
    return {f.name: str(expected[f.name]) for f in item.fields}


def engine_count(item: Item, rng: random.Random) -> dict[str, Any]:
    """The engine's own figures: both exchanges, the best honest declarations, elder's first
    lead and younger's first card (random legal cards), read from its score breakdown."""
    deal = deal_of(item)
    state = deal.state()
    while state.phase is Phase.DECLARE:
        state, _ = apply(state, best_declaration(state))
    outcomes = state.outcomes
    for _card in range(2):
        action = state.legal_actions.sample(rng)
        assert isinstance(action, Play)
        state, _ = apply(state, action)
    breakdown = state.score_breakdown()
    elder, younger = breakdown[deal.elder], breakdown[deal.younger]
    figures: dict[str, Any] = {}
    for short, category in FIELD_CATEGORY.items():
        figures[f"{short}_elder"] = elder[category]
        figures[f"{short}_younger"] = younger[category]
    figures["bonus"] = (
        "repique-elder"
        if elder["repique"]
        else "repique-younger"
        if younger["repique"]
        else "pique"
        if elder["pique"]
        else "none"
    )
    figures["total_elder"] = state.total(deal.elder)
    figures["total_younger"] = state.total(deal.younger) - younger["trick"]
    figures["equal"] = tuple(o == EQUAL for o in outcomes)
    return figures


SEEDS = st.one_of(
    st.integers(0, 10**6).map(str),
    st.tuples(st.sampled_from(CASES), st.integers(0, 999)).map(lambda t: f"{t[0]}-{t[1]}"),
    st.just("example"),
)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, level=st.sampled_from(list(Level)), lead=st.randoms(use_true_random=False))
def test_the_expected_figures_are_the_engines_tally(
    seed: str, level: Level, lead: random.Random
) -> None:
    item = DRILL.item(seed, level)
    expected = DRILL.expected(item)
    engine = engine_count(item, lead)
    assert {k: expected[k] for k in expected} == {k: engine[k] for k in expected}, seed
    assert count(deal_of(item)).equal == engine["equal"]
    feedback = DRILL.check(item, DRILL.parse_answer(item, right_data(item)))
    assert feedback.correct


@pytest.mark.parametrize("level", list(Level))
def test_the_checker_agrees_with_the_engine_on_every_kind_of_item(level: Level) -> None:
    """Deterministic companion of the property test: plain seeds and every rare case."""
    rng = random.Random(int(level))
    seeds = [str(n) for n in range(40)] + [f"{c}-{n}" for c in CASES for n in range(8)]
    for seed in seeds:
        item = DRILL.item(seed, level)
        expected = DRILL.expected(item)
        engine = engine_count(item, rng)
        assert expected == {k: engine[k] for k in expected}, (seed, level)


# ---------------------------------------------------------------------------------------------
# The pools, the levels, the curated item
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("case", CASES)
def test_every_rare_case_comes_when_asked_for(case: str, level: Level) -> None:
    for n in range(8):
        item = DRILL.item(f"{case}-{n}", level)
        assert case in item.tags, (case, n, level, item.tags)


def test_plain_seeds_mix_in_every_rare_case_often() -> None:
    found: dict[str, int] = dict.fromkeys(CASES, 0)
    for level in Level:
        rare = 0
        for n in range(120):
            tags = DRILL.item(str(n), level).tags
            for case in CASES:
                found[case] += case in tags
            rare += bool(tags & {"carte-blanche", "repique", "pique", "equal-point"})
        assert rare >= 120 * (0.15 if level is not Level.HARD else 0.5), (level, rare)
    assert all(n >= 5 for n in found.values()), found


def test_items_are_reproducible_and_vary() -> None:
    for level in Level:
        items = [DRILL.item(str(n), level) for n in range(30)]
        assert items == [DRILL.item(str(n), level) for n in range(30)]
        assert len({str(i.question) for i in items}) == 30
        seats = {i.question["dealer"] for i in items}
        assert seats == {"A", "B"}  # either seat may be elder


def _kinds(item: Item) -> list[ShowKind]:
    return [s.kind for s in item.shows]


def test_levels_differ() -> None:
    edges = {"equal-point", "equal-sequences", "pique", "pique-denied", "repique-denied"}
    edges |= {"repique", "carte-blanche"}
    for n in range(40):
        easy, medium, hard = (DRILL.item(str(n), level) for level in Level)
        # easy: one hand (and a carte blanche shown, if any) and the opponent's declarations
        assert easy.question["view"] is not None and ShowKind.TABLE in _kinds(easy)
        role = Role(easy.question["view"])
        deal = deal_of(easy)
        allowed = set(deal.hand(role))
        allowed |= {c for r in Role if deal.carte_blanche(r) for c in deal.dealt_hand(r)}
        assert {c for s in easy.shows for c in s.cards} <= allowed
        assert not ({"equal-point", "equal-sequences"} & easy.tags)
        # medium: both hands, no equalities
        assert medium.question["view"] is None and ShowKind.TABLE not in _kinds(medium)
        assert _kinds(medium).count(ShowKind.CARDS) >= 2
        assert not ({"equal-point", "equal-sequences"} & medium.tags)
        # hard: an edge of the reckoning every time
        assert hard.tags & edges, (n, hard.tags)
    hard_tags = [DRILL.item(str(n), Level.HARD).tags for n in range(60)]
    assert sum("equal-point" in t or "equal-sequences" in t for t in hard_tags) >= 10
    assert any("repique-denied" in t for t in hard_tags)
    assert any("pique-denied" in t for t in hard_tags)


def test_carte_blanche_is_asked_only_when_someone_holds_it() -> None:
    for n in range(30):
        item = DRILL.item(str(n), Level.MEDIUM)
        asked = any(f.name.startswith("cb_") for f in item.fields)
        assert asked == ("carte-blanche" in item.tags)
        if asked:
            holders = [r for r in Role if deal_of(item).carte_blanche(r)]
            cards = [s for s in item.shows if s.kind is ShowKind.CARDS and s.label]
            assert any(s.cards == deal_of(item).dealt_hand(holders[0]) for s in cards)


def test_the_curated_example_is_cavendishs_deal_and_links_its_replay_step() -> None:
    record = GameRecord.from_json(json.loads(EXAMPLE_RECORD.read_text()))
    steps = replay(ENGINE, record)
    for level in Level:
        item = DRILL.item("example", level)
        assert "Cavendish" in " ".join(s.text.render("en") for s in item.shows if s.text)
        feedback = DRILL.check(item, DRILL.parse_answer(item, right_data(item)))
        assert feedback.correct and feedback.replay == ("piquet-example", 10)
        # the linked step is where both totals before the play are complete
        state = steps[feedback.replay[1]].state
        assert (state.total("A"), state.total("B")) == (
            feedback.expected["total_elder"],
            feedback.expected["total_younger"],
        )
        assert feedback.expected["sets_younger"] == 17 and feedback.expected["point_elder"] == 5
    easy = DRILL.item("example", Level.EASY)
    (mine,) = [s for s in easy.shows if s.label and s.label.key == "drill.counting.your_hand"]
    assert set(mine.cards) == set(parse_cards("AS JS 9S 8S AH KH QH JH 8H JC 9C KD"))


# ---------------------------------------------------------------------------------------------
# Verdicts and their words
# ---------------------------------------------------------------------------------------------


def assert_bilingual(msg: Msg) -> None:
    en, de = msg.render("en"), msg.render("de")
    assert en and de and en != de, msg
    assert "{" not in en + de and "}" not in en + de, msg


def sample_items() -> Iterator[Item]:
    for level in Level:
        yield DRILL.item("example", level)
        for n in range(40):
            yield DRILL.item(str(n), level)
        for case in CASES:
            for n in range(6):
                yield DRILL.item(f"{case}-{n}", level)


def test_every_outcome_is_explained_in_both_languages() -> None:
    keys: set[str] = set()
    rng = random.Random(1)
    for item in sample_items():
        for msg in (item.prompt, *(s.text or s.label for s in item.shows)):
            assert msg is not None
            assert_bilingual(msg)
        for show in item.shows:
            for row in show.rows:  # the page renders words, numbers and messages only
                assert all(isinstance(cell, (str, int, Msg)) for cell in row), row
                for cell in row:
                    if isinstance(cell, Msg):
                        assert_bilingual(cell)
        for spec in item.fields:
            assert_bilingual(spec.label)
            for option in spec.options:
                assert_bilingual(option.label)
        right = DRILL.parse_answer(item, right_data(item))
        wrong = dict(right)
        name = rng.choice([f.name for f in item.fields])
        if name != "bonus":
            wrong[name] = right[name] + 1
        else:
            wrong[name] = "pique" if right[name] == "none" else "none"
        for answer in (right, wrong):
            feedback = DRILL.check(item, answer)
            assert feedback.correct == (answer == right)
            for msg in (*feedback.reasons, *feedback.answer):
                assert_bilingual(msg)
                keys.add(msg.key)
            for show in feedback.shows:
                for row in show.rows:
                    assert all(isinstance(cell, (str, int, Msg)) for cell in row), row
                    for cell in row:
                        if isinstance(cell, Msg):
                            assert_bilingual(cell)
            anchors = GAMES["piquet"].rule_anchors
            assert feedback.rules and all(r.split("#")[1] in anchors for r in feedback.rules)
    reason_keys = {k for k in MESSAGES if k.startswith("drill.counting.r.")}
    assert reason_keys <= keys, reason_keys - keys  # every explanation is reached
    assert {"drill.counting.wrong", "drill.counting.wrong_bonus", "piquet.info.no_repique"} <= keys


def _answer_with(item: Item, **changes: Any) -> dict[str, Any]:
    answer = DRILL.parse_answer(item, right_data(item))
    answer.update(changes)
    return answer


def _find(level: Level, want: str, seeds: Iterator[str]) -> Item:
    for seed in seeds:
        item = DRILL.item(seed, level)
        if want in item.tags:
            return item
    raise AssertionError(want)  # pragma: no cover


def test_giving_the_equal_point_to_elder_is_wrong_and_says_why() -> None:
    item = _find(Level.HARD, "equal-point", (f"equal-point-{n}" for n in range(20)))
    deal = deal_of(item)
    assert count(deal).hand[Role.ELDER][1] == 0
    n = honest(0, deal.hands[Role.ELDER]).bit_count()  # his point's cards, as if it were good
    feedback = DRILL.check(item, _answer_with(item, point_elder=n))
    assert not feedback.correct and feedback.rules[0] == "piquet#point"
    english = [m.render("en") for m in feedback.reasons]
    assert english[0].startswith(f"Point (II) for {deal.elder}")
    assert f"you wrote {n}; it is 0" in english[0]
    assert any("equal, so neither player scores the point" in line for line in english)
    german = [m.render("de") for m in feedback.reasons]
    assert any("gleich, also zählt keiner für den Point" in line for line in german)


def test_forgetting_the_first_lead_is_wrong() -> None:
    item = DRILL.item("example", Level.MEDIUM)
    feedback = DRILL.check(item, _answer_with(item, total_elder=9))
    assert not feedback.correct
    assert "you wrote 9; it is 10" in feedback.reasons[0].render("en")
    assert any("1 for the lead = 10" in m.render("en") for m in feedback.reasons)


def test_a_repique_despite_carte_blanche_is_wrong_and_the_reason_names_carte_blanche() -> None:
    item = _find(Level.HARD, "repique-denied", (f"carte-blanche-{n}" for n in range(40)))
    assert "carte-blanche" in item.tags
    c = count(deal_of(item))
    big = Role.ELDER if sum(c.hand[0]) >= 30 else Role.YOUNGER
    feedback = DRILL.check(item, _answer_with(item, bonus=f"repique-{big.name.lower()}"))
    assert not feedback.correct and feedback.rules[0] == "piquet#repique"
    english = " ".join(m.render("en") for m in feedback.reasons)
    assert "carte blanche saves him from the repique" in english
    assert "right is “neither”" in english


def test_a_pique_at_the_first_lead() -> None:
    item = DRILL.item("pique-1", Level.MEDIUM)
    c = count(deal_of(item))
    assert c.pique and sum(c.hand[0]) == 29 and c.totals[0] == 29 + 1 + 30
    feedback = DRILL.check(item, _answer_with(item, bonus="none", total_elder=30))
    assert not feedback.correct and feedback.rules[0] == "piquet#pique"
    assert any("pique, 30 more" in m.render("en") for m in feedback.reasons)


# ---------------------------------------------------------------------------------------------
# Junk
# ---------------------------------------------------------------------------------------------

JUNK = st.dictionaries(
    st.sampled_from(
        [
            "point_elder",
            "point_younger",
            "seq_elder",
            "seq_younger",
            "sets_elder",
            "sets_younger",
            "cb_elder",
            "cb_younger",
            "bonus",
            "total_elder",
            "total_younger",
            "other",
        ]
    ),
    st.one_of(
        st.text(max_size=30),
        st.integers(-(10**30), 10**30).map(str),
        st.sampled_from(["none", "pique", "repique-elder", "repique-younger", "5", "", " 7 "]),
    ),
)


@settings(max_examples=150, deadline=None)
@given(data=JUNK, n=st.integers(0, 50), level=st.sampled_from(list(Level)))
def test_junk_is_refused_with_an_answer_error_only(
    data: dict[str, str], n: int, level: Level
) -> None:
    item = DRILL.item(str(n), level)
    try:
        answer = DRILL.parse_answer(item, data)
    except AnswerError as error:
        assert error.render("en") and error.render("de") != error.render("en")
        return
    feedback = DRILL.check(item, answer)  # well-formed after all: a verdict
    assert isinstance(feedback.correct, bool)


@pytest.mark.parametrize(
    "changes",
    [
        {"point_elder": ""},
        {"point_elder": "x"},
        {"point_elder": "1e9"},
        {"point_elder": "100"},
        {"total_younger": "-1"},
        {"bonus": "repique"},
        {"bonus": ""},
        {"seq_younger": "99999999999999999999999"},
    ],
)
def test_malformed_answers_quote_the_input(changes: dict[str, str]) -> None:
    item = DRILL.item("3", Level.MEDIUM)
    data = {**right_data(item), **changes}
    with pytest.raises(AnswerError) as raised:
        DRILL.parse_answer(item, data)
    assert raised.value.render("de") != raised.value.render("en")


@pytest.mark.parametrize("typed", ["100", "9" * 40, "-5", "0" * 30 + "100"])
def test_a_number_out_of_range_names_the_field_s_own_limits(typed: str) -> None:
    """However many digits it has: forty nines were told "a number from -100000 to
    100000", a field of 0 to 99."""
    item = DRILL.item("3", Level.MEDIUM)
    spec = next(f for f in item.fields if f.name == "point_elder")
    with pytest.raises(AnswerError) as raised:
        DRILL.parse_answer(item, {**right_data(item), "point_elder": typed})
    english = raised.value.render("en")
    assert f"a number from {spec.low} to {spec.high}" in english
    assert len(english) < 200  # the typed text is cut short
    assert raised.value.fields == ("point_elder",)


def test_leading_zeros_are_a_number() -> None:
    item = DRILL.item("3", Level.MEDIUM)
    data = right_data(item)
    assert DRILL.parse_answer(item, {**data, "point_elder": "0" * 30 + data["point_elder"]})


def test_a_missing_field_is_named() -> None:
    item = DRILL.item("3", Level.MEDIUM)
    data = right_data(item)
    del data["sets_younger"]
    with pytest.raises(AnswerError) as raised:
        DRILL.parse_answer(item, data)
    assert "Quatorzes and trios (IV)" in raised.value.render("en")


# ---------------------------------------------------------------------------------------------
# Registration and speed
# ---------------------------------------------------------------------------------------------


def test_the_drill_is_registered_with_its_number_and_anchors() -> None:
    assert DRILLS["piquet.counting"].number == 3
    anchors = GAMES["piquet"].rule_anchors
    for level in Level:
        for seed in ("1", "2", "example", *(f"{c}-1" for c in CASES)):
            item = DRILL.item(seed, level)
            assert item.concept.split("#")[1] in anchors
            assert all(f.kind in (FieldKind.NUMBER, FieldKind.CHOICE) for f in item.fields)


def test_item_and_check_are_fast() -> None:
    count.cache_clear()
    times, checks = [], []
    for n in range(60):
        level = Level(1 + n % 3)
        seed = str(n) if n % 2 else f"{CASES[n % len(CASES)]}-{n}"
        start = time.perf_counter()
        item = DRILL.item(seed, level)
        times.append(time.perf_counter() - start)
        count.cache_clear()
        start = time.perf_counter()
        DRILL.check(item, DRILL.parse_answer(item, right_data(item)))
        checks.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.005, statistics.median(times)
    assert max(checks) < 0.2


def test_the_words_follow_the_sites_terminology() -> None:
    """No jargon or card codes; German without English genitives, straight quotes or
    'stechen' (which means trumping, and Piquet has no trumps)."""
    from tests.test_terminology import (
        ENGLISH_GENITIVE,
        JARGON,
        STECHEN,
        STRAIGHT_QUOTES,
    )

    rng = random.Random(2)
    for item in list(sample_items())[::3]:
        right = DRILL.parse_answer(item, right_data(item))
        wrong = {**right, "total_elder": right["total_elder"] + 1, "bonus": rng.choice(BONUS)}
        msgs = [
            item.prompt,
            *(s.text or s.label for s in item.shows),
            *(f.label for f in item.fields),
        ]
        for answer in (right, wrong):
            feedback = DRILL.check(item, answer)
            msgs += [*feedback.reasons, *feedback.answer]
        for msg in msgs:
            assert msg is not None
            for lang in ("en", "de"):
                text = msg.render(lang)
                assert not any(p.search(text) for p in JARGON), text
            german = msg.render("de")
            for pattern in (ENGLISH_GENITIVE, STECHEN, STRAIGHT_QUOTES):
                assert not pattern.search(german), german


BONUS = ("none", "pique", "repique-elder", "repique-younger")


def test_a_carte_blanche_item_links_the_carte_blanche_rule() -> None:
    """A learner tester: the deciding reason was "B's carte blanche saves him from the
    repique", and no link went to the carte blanche rule."""
    item = DRILL.item("538308439", Level.HARD)
    assert {"carte-blanche", "repique-denied"} <= item.tags
    feedback = DRILL.check(item, DRILL.parse_answer(item, right_data(item)))
    assert "piquet#carte-blanche" in feedback.rules and "piquet#repique" in feedback.rules
    plain = next(i for i in (DRILL.item(str(n), Level.EASY) for n in range(50)) if not i.tags)
    assert (
        "piquet#carte-blanche"
        not in DRILL.check(plain, DRILL.parse_answer(plain, right_data(plain))).rules
    )
