"""Drill 6 (partie and rubicon): the checker agrees with the engine's own settlement."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtutor.engine.drills import DRILLS, AnswerError, Item, Level
from cardtutor.engine.drills.piquet_partie import PartieDrill
from cardtutor.engine.piquet import new_partie
from cardtutor.engine.text import MESSAGES
from tests.engine.test_piquet_properties import play_random

DRILL = PartieDrill()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_expected_answer_is_the_engines_settlement_of_a_played_partie(seed: int) -> None:
    state, events = new_partie(seed=seed)
    final, _actions = play_random(state, random.Random(seed), list(events), probe=False)
    assert final.partie is not None
    results = final.partie.results[:6]
    item = Item(DRILL.key, "x", Level.EASY, {"deals": [list(r) for r in results]})
    expected, _reasons = DRILL.expected(item)
    outcome = final.outcome()
    if len(final.partie.results) > 6:  # tied after six: the engine played the extra deals
        assert expected.winner == "tie"
    else:
        assert expected.winner == outcome.winner
        assert expected.gain == outcome.settlement
        assert expected.rubiconed == outcome.rubiconed


@pytest.mark.parametrize("level", list(Level))
def test_items_are_reproducible_and_fit_their_level(level: Level) -> None:
    for seed in map(str, range(40)):
        item = DRILL.item(seed, level)
        assert item == DRILL.item(seed, level)
        a = sum(d[0] for d in item.question["deals"])
        b = sum(d[1] for d in item.question["deals"])
        if level is Level.EASY:
            assert min(a, b) >= 120
        elif level is Level.MEDIUM:
            assert min(a, b) < 100 and a != b
        else:
            assert abs(min(a, b) - 100) <= 1 or abs(a - b) <= 3
    assert len({str(DRILL.item(str(s), level).question) for s in range(40)}) > 30


def test_right_and_wrong_answers_and_the_reasons_in_both_languages() -> None:
    item = Item(DRILL.key, "x", Level.MEDIUM, {"deals": [[30, 5]] * 3 + [[2, 20]] * 3})
    # A: 96, B: 75 -> B rubiconed: 96 + 75 + 100
    right = DRILL.parse_answer(item, {"winner": "A", "gain": "271", "rubiconed": "yes"})
    feedback = DRILL.check(item, right)
    assert feedback.correct and feedback.rules == ("piquet#rubicon", "piquet#partie")
    wrong = DRILL.parse_answer(item, {"winner": "A", "gain": "121", "rubiconed": "no"})
    feedback = DRILL.check(item, wrong)
    assert not feedback.correct
    assert feedback.expected == {"winner": "A", "gain": 271, "rubiconed": True}
    english = " ".join(m.render("en") for m in feedback.reasons)
    german = " ".join(m.render("de") for m in feedback.reasons)
    assert "rubiconed" in english and "96 + 75 + 100 = 271" in english
    assert "Rubikon" in german and "271" in german


def test_a_loser_wrongly_thought_rubiconed_is_sent_to_the_rubicon_too() -> None:
    item = Item(DRILL.key, "x", Level.MEDIUM, {"deals": [[30, 20]] * 6})  # 180 to 120
    thought = DRILL.parse_answer(item, {"winner": "A", "gain": "400", "rubiconed": "yes"})
    assert DRILL.check(item, thought).rules == ("piquet#partie", "piquet#rubicon")
    right = DRILL.parse_answer(item, {"winner": "A", "gain": "160", "rubiconed": "no"})
    feedback = DRILL.check(item, right)
    assert feedback.correct and feedback.rules == ("piquet#partie",)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"winner": "C"},
        {"winner": "A"},
        {"winner": "A", "gain": "x", "rubiconed": "no"},
        {"winner": "A", "gain": "1e9", "rubiconed": "no"},
        {"winner": "A", "gain": "5", "rubiconed": "maybe"},
    ],
)
def test_malformed_answers_are_refused_with_a_message_quoting_the_input(
    data: dict[str, str],
) -> None:
    item = DRILL.item("1", Level.EASY)
    with pytest.raises(AnswerError) as raised:
        DRILL.parse_answer(item, data)
    assert raised.value.render("de") != raised.value.render("en")


def test_every_drill_message_has_both_languages() -> None:
    assert "piquet.partie" in DRILLS
    for key, (en, de) in MESSAGES.items():
        if key.startswith("drill."):
            assert en and de, key
            # A term may read the same in both (Point, Pique, Carte blanche); a sentence not.
            assert en != de or len(en.split()) <= 3, key


@pytest.mark.parametrize("gain", ["-5", "5000"])
def test_a_gain_outside_the_forms_limits_is_refused_not_judged(gain: str) -> None:
    drill = DRILLS["piquet.partie"]
    item = drill.item("5", Level.MEDIUM)
    with pytest.raises(AnswerError) as refused:
        drill.parse_answer(item, {"winner": "A", "gain": gain, "rubiconed": "no"})
    assert gain in refused.value.msg.render("en")


def test_a_wrong_answer_says_which_part_is_wrong_and_only_that() -> None:
    """Each part answered wrongly is named with what was given and what is right, before the
    reckoning; a right part is not; a tie answered or missed is the winner's part only."""
    item = Item(DRILL.key, "x", Level.MEDIUM, {"deals": [[30, 5]] * 3 + [[2, 20]] * 3})
    # A: 96, B: 75 -> B rubiconed, A gains 96 + 75 + 100 = 271

    def said(data: dict[str, str], lang: str = "en") -> list[str]:
        feedback = DRILL.check(item, DRILL.parse_answer(item, data))
        return [m.render(lang) for m in feedback.reasons]

    gain = said({"winner": "A", "gain": "121", "rubiconed": "yes"})
    assert gain[0] == "The winner's gain: you wrote 121; it is 271."
    assert gain[1].startswith("Add up the six deals")
    both = said({"winner": "A", "gain": "121", "rubiconed": "no"}, "de")
    assert both[:2] == [
        "Was der Gewinner erhält: Du hast 121 angegeben; richtig ist 271.",
        "Rubikon: Du hast „Nein“ geantwortet; richtig ist „Ja“.",
    ]
    winner = said({"winner": "B", "gain": "271", "rubiconed": "yes"})
    assert winner[0] == "Who wins: you chose “Player B”; right is “Player A”."
    assert winner[1].startswith("Add up"), "the gain and the rubicon were right"
    tie = said({"winner": "tie"})
    assert tie[0] == "Who wins: you chose “Nobody yet: the totals are equal”; right is “Player A”."
    assert tie[1].startswith("Add up")
    assert said({"winner": "A", "gain": "271", "rubiconed": "yes"})[0].startswith("Add up")
    tied = Item(DRILL.key, "y", Level.MEDIUM, {"deals": [[20, 20]] * 6})
    feedback = DRILL.check(
        tied, DRILL.parse_answer(tied, {"winner": "A", "gain": "100", "rubiconed": "no"})
    )
    assert [m.key for m in feedback.reasons][0] == "drill.partie.wrong_winner"
    assert [m.key for m in feedback.reasons][1] == "drill.partie.totals"
