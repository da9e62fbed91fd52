"""Drill 8 (trick play): the checker agrees with the engine on random deals played through."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtutor.engine.besik import Play, State, apply, start_deal
from cardtutor.engine.besik.uids import PC
from cardtutor.engine.cards import PhysicalCard
from cardtutor.engine.drills import AnswerError, Item, Level
from cardtutor.engine.drills.base import FieldKind
from cardtutor.engine.drills.besik_tricks import (
    CASES,
    CURATED,
    MIX,
    TrickDrill,
    augen_of,
    possible_melds,
)
from cardtutor.engine.text import MESSAGES, Msg

DRILL = TrickDrill()
LEVELS = list(Level)
JARGON = [
    re.compile(r"\bengines?\b", re.I),
    re.compile(r"\bseeds?\b", re.I),
    re.compile(r"(?<![\w#-])(?:[2-9]|10|[TJQKA])[SHDC](?:#\d)?(?![\w])"),
    re.compile(r"#\d"),
    re.compile(r"\{|\}"),
    re.compile(r"\bsie kann\b|\bsie darf\b"),  # a card's gender is not always feminine
]


def play_deal(seed: int, players: int = 2) -> list[tuple[State, Any, State]]:
    """A random deal played with random legal actions: every (state, action, next state)."""
    state, _events = start_deal(seats="ABC"[:players], seed=seed)
    rng = random.Random(seed)
    steps = []
    while not state.is_over:
        action = state.legal_actions.sample(rng)
        new, _events = apply(state, action)
        steps.append((state, action, new))
        state = new
    return steps


def item_of(question: dict[str, Any]) -> Item:
    return DRILL._item("x", Level.MEDIUM, question)


def codes(cards: Any) -> list[str]:
    return [c.code for c in cards]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3]))
def test_who_wins_and_what_is_playable_agree_with_the_engine(seed: int, players: int) -> None:
    for state, action, new in play_deal(seed, players):
        if not isinstance(action, Play):
            continue
        trump = state.trumps.letter
        if state.trick and len(state.trick) == players - 1:  # the card completes the trick
            trick = [*(PC[u] for _, u in state.trick), action.card]
            seats = [state.seats[s] for s, _ in state.trick] + [action.seat]
            item = item_of(
                {
                    "kind": "winner",
                    "players": players,
                    "trump": trump,
                    "trick": codes(trick),
                    "seats": seats,
                }
            )
            gained = [a - b for a, b in zip(new.tricks_won, state.tricks_won, strict=True)]
            winner = state.seats[gained.index(1)]
            assert seats[int(DRILL.expected(item)["winner"])] == winner
        if players == 2 and state.end_play and len(state.trick) == 1:
            seat = state.seat_to_act or ""
            led = PC[state.trick[0][1]]
            hand = state.hand(seat)
            item = item_of(
                {
                    "kind": "playable",
                    "players": 2,
                    "trump": trump,
                    "led": led.code,
                    "hand": codes(hand),
                }
            )
            legal = {p.card.code for p in state.legal_actions.plays()}
            assert DRILL.expected(item)["cards"] == legal
            refused = {c.code for c in hand if state.legal_actions.why_illegal(Play(seat, c))}
            assert refused == {c.code for c in hand} - legal


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_augen_and_the_deal_score_agree_with_the_engines_end_of_deal(seed: int) -> None:
    steps = play_deal(seed)
    final = steps[-1][2]
    breakdown = final.score_breakdown()["A"]
    won = [PC[u] for u in range(128) if final.won[0] >> u & 1]
    augen = item_of({"kind": "augen", "players": 2, "pile": codes(won)})
    assert DRILL.expected(augen)["augen"] == breakdown.get("augen", 0)
    melds = [[m.kind, m.points] for m in final.melds if m.seat == "A"]
    seven_points = sum(p for k, p in breakdown.items() if k in ("trump_seven", "seven_turned_up"))
    assert seven_points % 10 == 0
    base = {
        "kind": "score",
        "players": 2,
        "trump": final.trumps.letter,
        "melds": melds,
        "sevens": seven_points // 10,
        "won": codes(won),
    }
    last = final.last_trick
    shown = item_of(
        base
        | {
            "last_trick": [PC[u].code for _, u in last],
            "last_seats": [final.seats[s] for s, _ in last],
        }
    )
    told = item_of(base | {"last_won": "last_trick" in breakdown})
    assert DRILL.expected(shown)["score"] == final.deal_points()[0]
    assert DRILL.expected(told)["score"] == final.deal_points()[0]


@pytest.mark.parametrize("level", LEVELS)
def test_items_are_reproducible_and_the_levels_shift_the_mix(level: Level) -> None:
    items = [DRILL.item(str(n), level) for n in range(200)]
    assert items == [DRILL.item(str(n), level) for n in range(200)]
    kinds = {
        k: sum(i.question["kind"] == k for i in items)
        for k in ("winner", "playable", "augen", "score")
    }
    weights = dict(zip(("winner", "playable", "augen", "score"), MIX[level], strict=True))
    top = max(weights, key=lambda k: weights[k])
    assert kinds[top] == max(kinds.values())
    piles = [len(i.question["pile"]) for i in items if i.question["kind"] == "augen"]
    if level is Level.EASY:
        assert max(piles) <= 6
        assert all(
            any(
                PhysicalCard.parse(c).suit == PhysicalCard.parse(i.question["led"]).suit
                for c in i.question["hand"]
            )
            for i in items
            if i.question["kind"] == "playable" and "end-play-trump" not in i.tags
        )
    elif level is Level.HARD:
        assert min(piles) >= 20
        assert any(i.question.get("players") == 3 for i in items)
        assert sum("last_trick" in i.question for i in items if i.question["kind"] == "score") > 10


def test_a_score_items_melds_could_all_be_declared_with_two_packs() -> None:
    """Two packs hold two queens of spades and two jacks of diamonds: one double Besik at
    most, and the same kind again only with fresh cards (RULES.md §3.3)."""
    lists = [
        [kind for kind, _points in item.question["melds"]]
        for level in LEVELS
        for n in range(400)
        for item in [DRILL.item(str(n), level)]
        if item.question["kind"] == "score"
    ]
    for kinds in lists:
        assert kinds.count("double-besik") <= 1, kinds
        if "double-besik" in kinds:
            assert "besik" not in kinds[kinds.index("double-besik") :], kinds
        assert all(kinds.count(k) <= 2 for k in ("besik", "four-aces", "quint-major")), kinds
        assert possible_melds(kinds), kinds
    assert any("double-besik" in kinds for kinds in lists), "still asked about"
    assert any(kinds.count("four-kings") == 2 for kinds in lists), "duplicates still used"


@pytest.mark.parametrize("case", CASES)
def test_every_rare_case_comes_from_its_seed_and_among_plain_seeds(case: str) -> None:
    for level in LEVELS:
        for n in range(5):
            assert case in DRILL.item(f"{case}-{n}", level).tags, (case, level, n)
        plain = [DRILL.item(str(n), level) for n in range(100)]
        assert sum(case in item.tags for item in plain) >= 3, (case, level)


def test_identical_cards_the_first_played_wins() -> None:
    for n in range(10):
        item = DRILL.item(f"identical-cards-{n}", Level.HARD)
        trick = [PhysicalCard.parse(c) for c in item.question["trick"]]
        twins = [i for i, c in enumerate(trick) if sum(d.card == c.card for d in trick) > 1]
        winner = int(DRILL.expected(item)["winner"])
        assert winner not in twins[1:]  # never the second of two identical cards
        feedback = DRILL.check(item, DRILL.parse_answer(item, {"winner": str(twins[1])}))
        assert not feedback.correct
        assert "drill.tricks.why.identical" in [m.key for m in feedback.reasons]
        # which of the two the learner chose: the player's
        chose = next(m for m in feedback.reasons if m.key.startswith("drill.tricks.winner.you"))
        seat = item.question["seats"][twins[1]]
        assert chose.key == "drill.tricks.winner.you_chose_of"
        assert f"von Spieler {seat} gewählt" in chose.render("de")


def test_trick_25_of_the_example_no_duty_to_win() -> None:
    item = DRILL.item("example-84", Level.MEDIUM)
    assert item.question["seat"] == "A" and item.question["led"] == "8D#2"
    assert {"7D#2", "9D#2", "AD#2"} == DRILL.expected(item)["cards"]
    # A played the seven though he held higher diamonds: legal, there is no duty to win
    right = DRILL.parse_answer(item, {"cards": "7D#2 9D#2 AD#2"})
    feedback = DRILL.check(item, right)
    assert feedback.correct and feedback.replay == ("besik-example", 84)
    assert "drill.tricks.playable.no_win" in [m.key for m in feedback.reasons]
    # the typical mistake: only the cards that win
    wrong = DRILL.parse_answer(item, {"cards": "9D#2 AD#2"})
    feedback = DRILL.check(item, wrong)
    assert not feedback.correct
    english = " ".join(m.render("en") for m in feedback.reasons)
    assert "You left out the seven of diamonds" in english and "no duty to win" in english


def test_a_card_that_may_not_be_played_is_named_with_the_reason() -> None:
    item = item_of(
        {"kind": "playable", "players": 2, "trump": "S", "led": "9H", "hand": ["KH", "AC", "7S"]}
    )
    feedback = DRILL.check(item, DRILL.parse_answer(item, {"cards": "KH AC"}))
    assert not feedback.correct
    assert "The ace of clubs may not be played: you must follow hearts." in [
        m.render("en") for m in feedback.reasons
    ]
    item = item_of(
        {"kind": "playable", "players": 2, "trump": "S", "led": "9H", "hand": ["AC", "7S", "7S#2"]}
    )
    assert DRILL.expected(item)["cards"] == {"7S#1", "7S#2"}
    feedback = DRILL.check(item, DRILL.parse_answer(item, {"cards": "7S#1 7S#2"}))
    assert feedback.correct and feedback.rules == ("besik#end-play",)
    assert "end-play-trump" in item.tags


def test_the_card_leds_twin_may_be_played_and_the_words_say_why_it_loses() -> None:
    item = item_of(
        {"kind": "playable", "players": 2, "trump": "S", "led": "AD", "hand": ["AD#2", "7C"]}
    )
    feedback = DRILL.check(item, DRILL.parse_answer(item, {"cards": "AD#2"}))
    assert feedback.correct
    said = {m.key: m for m in feedback.reasons}
    assert "drill.tricks.playable.no_win_twin" in said
    assert said["drill.tricks.playable.no_win_twin"].render("de") == (
        "Es gibt keinen Stichzwang: Auch das Karo-As darf gespielt werden, obwohl von zwei "
        "gleichen Karten die zuerst gespielte gewinnt."
    )


def test_a_card_that_takes_the_lead_is_not_called_she_in_german() -> None:
    """German cards have three genders (der König, das As, die Dame): the words that say a
    card takes the trick do without a pronoun."""
    for key in ("drill.tricks.why.higher", "drill.tricks.why.over_trump"):
        german = MESSAGES[key][1]
        assert "Sie übernimmt" not in german and "übernimmt also den Stich" in german


@pytest.mark.parametrize(
    ("seed", "field", "value"),
    [("example-augen", "augen", 71), ("example-score", "score", 531)],
)
def test_the_examples_totals(seed: str, field: str, value: int) -> None:
    item = DRILL.item(seed, Level.HARD)
    assert DRILL.expected(item) == {field: value}
    assert DRILL.check(item, DRILL.parse_answer(item, {field: str(value)})).correct
    wrong = DRILL.check(item, DRILL.parse_answer(item, {field: str(value + 10)}))
    assert not wrong.correct and wrong.replay == ("besik-example", 98)
    assert wrong.reasons[0].key.endswith("you_said")


def test_augen_table() -> None:
    assert (
        augen_of(PhysicalCard.parse(c) for c in ["AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H"])
        == 30
    )


def test_every_explanation_exists_in_both_languages_without_jargon() -> None:
    rng = random.Random(3)
    seeds = [*map(str, range(40)), *(f"{c}-{n}" for c in CASES for n in range(3)), *CURATED]
    for level in LEVELS:
        for seed in seeds:
            item = DRILL.item(seed, level)
            spec = item.fields[0]
            if spec.kind is FieldKind.CHOICE:
                data = {spec.name: rng.choice([o.value for o in spec.options])}
            elif spec.kind is FieldKind.CARDS:
                data = {
                    spec.name: " ".join(
                        c.code
                        for c in rng.sample(list(spec.cards), k=rng.randint(1, len(spec.cards)))
                    )
                }
            else:
                data = {spec.name: str(rng.randint(0, min(300, spec.high)))}
            feedback = DRILL.check(item, DRILL.parse_answer(item, data))
            messages: list[Msg] = [*feedback.answer, *feedback.reasons, spec.label]
            messages += [s.text for s in item.shows if s.text] + [
                s.label for s in item.shows if s.label
            ]
            messages += [o.label for o in spec.options]
            if item.prompt:
                messages.append(item.prompt)
            for m in messages:
                en, de = m.render("en"), m.render("de")
                assert en and de and en != de, m.key
                for text in (en, de):
                    for pattern in JARGON:
                        assert not pattern.search(text), (m.key, text)
            assert feedback.rules and feedback.rules[0].startswith("besik#")
    for key, (en, de) in MESSAGES.items():
        if key.startswith("drill.tricks."):
            assert en and de and en != de, key


@settings(max_examples=60, deadline=None)
@given(
    seed=st.sampled_from(["1", "2", "3", "4", "5", *CURATED, "last-trick-1"]),
    level=st.sampled_from(LEVELS),
    data=st.dictionaries(
        st.sampled_from(["winner", "cards", "augen", "score", "other"]),
        st.one_of(
            st.text(max_size=30),
            st.sampled_from(["0", "1", "7", "AH", "AH#2 AH#2", "QS#9", "1e9", "-1", "99999999999"]),
        ),
    ),
)
def test_junk_answers_raise_answer_error_only(
    seed: str, level: Level, data: dict[str, str]
) -> None:
    item = DRILL.item(seed, level)
    try:
        answer = DRILL.parse_answer(item, data)
    except AnswerError as error:
        assert error.render("en") and error.render("de")
        return
    assert DRILL.check(item, answer).correct in (True, False)


def test_wrong_answer_types_are_refused() -> None:
    item = DRILL.item("1", Level.EASY)
    with pytest.raises(AnswerError):
        DRILL.check(item, {"winner": "0"})


@pytest.mark.parametrize("module", ["besik_tricks", "besik_melds"])
def test_every_message_the_modules_use_is_in_the_catalogue(module: str) -> None:
    from pathlib import Path

    import cardtutor.engine.drills as drills

    source = (Path(drills.__file__).parent / f"{module}.py").read_text(encoding="utf-8")
    used = set(re.findall(r'Msg\(\s*"([\w.\-]+)"', source))
    assert used and used <= set(MESSAGES), used - set(MESSAGES)


@pytest.mark.parametrize("level", LEVELS)
def test_a_seed_named_after_a_kind_asks_that_kind(level: Level) -> None:
    for kind in DRILL.kinds:
        for n in range(30):
            item = DRILL.item(f"{kind}-{n}", level)
            assert item.question["kind"] == kind and kind in item.tags
    # plain seeds are unchanged by it: their kinds still follow the level's mix
    assert {DRILL.item(str(n), level).question["kind"] for n in range(60)} >= {"winner", "augen"}


def test_a_card_that_may_not_be_played_says_why_in_a_whole_german_sentence() -> None:
    """After the colon of „… darf nicht gespielt werden:“ comes a whole sentence: „Du musst …“,
    as the drill's other reasons write it (a learner tester saw both cases)."""
    from cardtutor.engine.cards import Card, Suit

    for key in ("drill.tricks.playable.must_follow", "drill.tricks.playable.must_trump"):
        why = Msg(key, suit=Suit.HEARTS)
        said = Msg("drill.tricks.playable.not", card=Card.parse("9S"), why=why).render("de")
        assert said.startswith("Die Pik-Neun darf nicht gespielt werden: Du "), said
