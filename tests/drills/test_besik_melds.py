"""Drill 7 (meld spotter): the checker agrees with the engine's own declarations and scoring."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtutor.engine.besik import (
    DeclareSeven,
    Exchange,
    Meld,
    State,
    apply,
    why_illegal,
)
from cardtutor.engine.besik.melds import meld_points
from cardtutor.engine.cards import PhysicalCard, Suit
from cardtutor.engine.drills import AnswerError, Feedback, Item, Level
from cardtutor.engine.drills.base import FieldKind
from cardtutor.engine.drills.besik_melds import (
    CASES,
    CURATED,
    EXAMPLE_MELD_STEPS,
    MeldDrill,
    Scene,
    analysis,
    build_state,
    example_scene,
    option_value,
    parse_option,
)
from cardtutor.engine.text import MESSAGES, Msg

DRILL = MeldDrill()
LEVELS = list(Level)
ME = "A"
JARGON = [
    re.compile(r"\bengines?\b", re.I),
    re.compile(r"\bseeds?\b", re.I),
    re.compile(r"RULES\.md"),
    re.compile(r"(?<![\w#-])(?:[2-9]|10|[TJQKA])[SHDC](?:#\d)?(?![\w])"),
    re.compile(r"#\d"),
    re.compile(r"\{|\}"),
]


def scene_of(item: Item) -> Scene:
    return Scene.from_question(item.question)


def engine_truth(scene: Scene) -> tuple[set[str], int, int | None, bool | None]:
    """What the engine's own legal-action listing allows, independently of the drill's search:
    every declaration listed by ``state.legal_actions`` (also after each exchange), the best
    meld measured as the score it adds when applied, and the trump sevens likewise."""
    state = build_state(scene)
    start = state.scores[0]
    allowed: set[str] = set()
    best = 0
    states = [state]
    for action in state.legal_actions.declarations():
        if isinstance(action, Exchange):
            states.append(apply(state, action)[0])
    for s in states:
        for action in s.legal_actions.declarations():
            if isinstance(action, Meld):
                allowed.add(option_value(action.kind, action.cards[0].suit))
                gained = apply(s, action)[0].scores[0] - s.scores[0]
                best = max(best, gained)
    seven: int | None = None
    exchange: bool | None = None
    if scene.trump_sevens:
        seven = 0
        todo = [state]
        while todo:
            s = todo.pop()
            seven = max(seven, s.scores[0] - start)
            for action in s.legal_actions.declarations():
                if isinstance(action, (DeclareSeven, Exchange)):
                    todo.append(apply(s, action)[0])
        exchange = any(isinstance(a, Exchange) for a in state.legal_actions.declarations())
    return allowed, best, seven, exchange


def answer_data(expected: dict[str, Any]) -> dict[str, str]:
    data = {"melds": " ".join(sorted(expected["melds"])), "best": str(expected["best"])}
    if expected["seven"] is not None:
        data["seven"] = str(expected["seven"])
        data["exchange"] = expected["exchange"]
    return data


def rendered(feedback: Feedback) -> list[Msg]:
    return [*feedback.answer, *feedback.reasons]


def nested_keys(msg: Msg) -> set[str]:
    keys = {msg.key}
    for value in msg.params.values():
        for part in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(part, Msg):
                keys |= nested_keys(part)
    return keys


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), level=st.sampled_from(LEVELS))
def test_the_checker_agrees_with_the_engines_declarations_and_scores(
    seed: int, level: Level
) -> None:
    item = DRILL.item(str(seed), level)
    scene = scene_of(item)
    allowed, best, seven, exchange = engine_truth(scene)
    expected = DRILL.expected(item)
    offered = {o.value for o in item.fields[0].options}
    assert allowed <= offered, "every declarable meld is among the candidates"
    assert expected["melds"] == allowed
    assert expected["best"] == best
    assert expected["seven"] == seven
    assert expected["exchange"] == (None if exchange is None else ("yes" if exchange else "no"))
    feedback = DRILL.check(item, DRILL.parse_answer(item, answer_data(expected)))
    assert feedback.correct


@pytest.mark.parametrize("level", LEVELS)
def test_earlier_declarations_were_legal_when_made_and_the_row_is_what_was_declared(
    level: Level,
) -> None:
    for seed in [*map(str, range(60)), *(f"{c}-{n}" for c in CASES for n in range(3))]:
        item = DRILL.item(seed, level)
        scene = scene_of(item)
        assert len(scene.hand) == 8 and len(set(scene.hand)) == 8
        assert scene.up not in scene.hand
        assert set(scene.row) <= set(scene.hand)
        assert [c.code for c in scene.row] == item.question["row"]
        for number, (kind, cards) in enumerate(scene.earlier):
            before = Scene(scene.players, scene.up, cards, scene.earlier[:number])
            assert why_illegal(build_state(before), Meld.of(ME, kind, cards)) is None, (seed, kind)
            assert not set(cards) & {scene.up}
        for seven in scene.sevens:
            assert seven.suit == scene.trump and seven.rank == 7


@pytest.mark.parametrize("level", LEVELS)
def test_items_are_reproducible_and_fit_their_level(level: Level) -> None:
    items = [DRILL.item(str(seed), level) for seed in range(80)]
    assert items == [DRILL.item(str(seed), level) for seed in range(80)]
    assert len({str(i.question) for i in items}) > 70
    with_history = sum(1 for i in items if i.question["earlier"] or i.question["sevens"])
    concepts = {i.concept for i in items}
    if level is Level.EASY:
        assert all(not i.question["row"] and not i.question["earlier"] for i in items)
        assert all(i.question["won"] for i in items)
    elif level is Level.MEDIUM:
        assert with_history > 20
        assert {"besik#reuse", "besik#trump-marriage"} <= concepts
    else:
        assert with_history > 30
        assert {"besik#double-besik", "besik#seven-exchange", "besik#reuse"} <= concepts
        assert any(not i.question["won"] for i in items)


@pytest.mark.parametrize("case", CASES)
def test_every_rare_case_comes_from_its_seed_and_among_plain_seeds(case: str) -> None:
    for level in LEVELS:
        for n in range(4):
            item = DRILL.item(f"{case}-{n}", level)
            assert case in item.tags, (case, level, n)
    plain = [DRILL.item(str(n), level) for level in LEVELS for n in range(150)]
    assert sum(case in item.tags for item in plain) >= 3, case


def test_tripelbesik_needs_three_packs_and_the_rulings_hold() -> None:
    item = DRILL.item("tripelbesik-0", Level.EASY)
    assert item.question["players"] == 3
    assert "triple-besik" in DRILL.expected(item)["melds"]
    for n in range(8):
        hard = DRILL.item(f"tripelbesik-{n}", Level.HARD)
        reasons = {v.value: v.why.key for v in analysis(hard).verdicts}
        if "tripel-separate" in hard.tags:
            assert reasons["triple-besik"] == "drill.melds.why.triple_separate"
            assert "double-besik" in DRILL.expected(hard)["melds"]  # one Besik + a fresh pair


def test_the_doppel_besik_rulings() -> None:
    seen = set()
    for n in range(30):
        item = DRILL.item(f"doppel-besik-{n}", Level.HARD)
        a = analysis(item)
        verdict = {v.value: v for v in a.verdicts}
        if "doppel-separate" in item.tags:
            seen.add("separate")
            assert not verdict["double-besik"].allowed
            assert verdict["double-besik"].why.key == "drill.melds.why.separate"
            assert not verdict["besik"].allowed
        if "doppel-inside" in item.tags:
            seen.add("inside")
            assert not verdict["besik"].allowed
            assert verdict["besik"].why.key == "drill.melds.why.inside"
        if "doppel-build" in item.tags:
            seen.add("build")
            assert verdict["double-besik"].allowed and verdict["double-besik"].points == 500
            assert verdict["double-besik"].why.key == "drill.melds.why.build"
            assert verdict["besik"].allowed  # the fresh pair makes a Besik again
    assert seen == {"separate", "inside", "build"}


def test_a_right_answer_is_right_and_a_typical_wrong_one_names_the_mistake() -> None:
    item = next(
        i
        for n in range(40)
        if "doppel-separate" in (i := DRILL.item(f"doppel-besik-{n}", Level.HARD)).tags
    )
    expected = DRILL.expected(item)
    right = DRILL.parse_answer(item, answer_data(expected))
    assert DRILL.check(item, right).correct
    wrong = dict(answer_data(expected))
    wrong["melds"] = " ".join(sorted({*expected["melds"], "double-besik"}))
    wrong["best"] = "500"
    feedback = DRILL.check(item, DRILL.parse_answer(item, wrong))
    assert not feedback.correct
    keys = [m.key for m in feedback.reasons]
    assert "drill.melds.wrongly" in keys and "drill.melds.wrong_best" in keys
    english = " ".join(m.render("en") for m in feedback.reasons)
    assert "You ticked \u201cDouble Besik\u201d" in english
    assert "separately can never be combined" in english
    assert feedback.rules[0] == "besik#double-besik"
    # leaving a declarable meld out is named too
    item = DRILL.item("doppel-besik-0", Level.EASY)
    data = answer_data(DRILL.expected(item)) | {"melds": ""}
    feedback = DRILL.check(item, DRILL.parse_answer(item, data))
    assert not feedback.correct and "drill.melds.missed" in [m.key for m in feedback.reasons]


def test_the_seven_exchange_can_make_a_meld_and_a_seven_scores_once() -> None:
    # trumps hearts, the queen face up; the king and the seven of hearts in hand
    hand = [PhysicalCard.parse(c) for c in "KH 7H 8C 9C 8D 9D 8S 9S".split()]
    scene = Scene(2, PhysicalCard.parse("QH#2"), tuple(hand), ())
    item = Item(DRILL.key, "x", Level.HARD, scene.to_question(["trump-marriage-hearts"]))
    a = analysis(item)
    assert a.allowed == {"trump-marriage-hearts"} and a.best == 40
    assert a.verdicts[0].why.key == "drill.melds.why.exchanged"
    assert a.seven == 10 and a.exchange is True
    declared = Scene(2, scene.up, scene.hand, (), sevens=(hand[1],))
    item = Item(DRILL.key, "x", Level.HARD, declared.to_question(["trump-marriage-hearts"]))
    a = analysis(item)
    assert a.seven == 0 and a.exchange is True and a.best == 40
    # both trump sevens fresh: 20
    both = Scene(2, scene.up, (*hand[:-1], PhysicalCard.parse("7H#2")), ())
    item = Item(DRILL.key, "x", Level.HARD, both.to_question([]))
    assert analysis(item).seven == 20
    # after losing the trick: nothing at all
    lost = Scene(2, scene.up, scene.hand, (), won=False, led=PhysicalCard.parse("AS#2"))
    item = Item(DRILL.key, "x", Level.HARD, lost.to_question(["trump-marriage-hearts"]))
    a = analysis(item)
    assert a.allowed == frozenset() and a.best == 0 and a.seven == 0 and a.exchange is False


def test_a_marriage_in_a_plain_suit_is_no_trump_marriage() -> None:
    hand = [PhysicalCard.parse(c) for c in "KS QS#2 8C 9C 8D 9D 8H 9H".split()]
    scene = Scene(2, PhysicalCard.parse("AH"), tuple(hand), ())
    options = ["marriage-spades", "trump-marriage-spades"]
    a = analysis(Item(DRILL.key, "x", Level.MEDIUM, scene.to_question(options)))
    assert a.allowed == {"marriage-spades"} and a.best == 20
    assert a.verdicts[1].why.key == "drill.melds.why.not_trumps"


@pytest.mark.parametrize("seed", CURATED)
def test_curated_items_are_the_worked_examples_positions(seed: str) -> None:
    step = int(seed.rpartition("-")[2])
    item = DRILL.item(seed, Level.MEDIUM)
    assert "example" in item.tags and item.question["example"] == step
    from cardtutor.engine.drills.besik_melds import _example_steps

    real_state: State = _example_steps()[step - 1][0]
    action = _example_steps()[step][1]
    built = build_state(example_scene(step))
    # the rebuilt position offers exactly the melds of the real one
    real = {(m.kind, m.cards) for m in real_state.legal_actions.melds()}
    assert {(m.kind, m.cards) for m in built.legal_actions.melds()} == real
    expected = DRILL.expected(item)
    if isinstance(action, Meld):
        assert option_value(action.kind, action.cards[0].suit) in expected["melds"]
        points = meld_points(action.kind, [c.uid for c in action.cards], int(real_state.trumps))
        assert expected["best"] >= points
    else:
        assert isinstance(action, DeclareSeven) and expected["seven"] == 10
    feedback = DRILL.check(item, DRILL.parse_answer(item, answer_data(expected)))
    assert feedback.correct and feedback.replay is not None
    assert feedback.replay[0] == "besik-example" and feedback.replay[1] >= step
    assert EXAMPLE_MELD_STEPS


def test_every_explanation_exists_in_both_languages_without_jargon() -> None:
    rng = random.Random(7)
    keys = set()
    seeds = [*map(str, range(40)), *(f"{c}-{n}" for c in CASES for n in range(3)), *CURATED]
    for level in LEVELS:
        for seed in seeds:
            item = DRILL.item(seed, level)
            expected = DRILL.expected(item)
            data = answer_data(expected)
            if rng.random() < 0.5:  # a wrong answer: every box ticked, a wrong number
                data["melds"] = " ".join(o.value for o in item.fields[0].options)
                data["best"] = str(expected["best"] + 20)
                if "seven" in data:
                    data["seven"] = "20" if data["seven"] != "20" else "0"
                    data["exchange"] = "no" if data["exchange"] == "yes" else "yes"
            feedback = DRILL.check(item, DRILL.parse_answer(item, data))
            messages = [*rendered(feedback), *(s.text for s in item.shows if s.text)]
            messages += [f.label for f in item.fields] + [o.label for o in item.fields[0].options]
            if item.prompt:
                messages.append(item.prompt)
            for m in messages:
                keys |= nested_keys(m)
                en, de = m.render("en"), m.render("de")
                assert en and de and en != de, m.key
                for text in (en, de):
                    for pattern in JARGON:
                        assert not pattern.search(text), (m.key, text)
            for v in analysis(item).verdicts:
                assert v.why.key != "drill.melds.why.other", (seed, v)
    assert {
        "drill.melds.why.separate",
        "drill.melds.why.inside",
        "drill.melds.why.exchanged",
    } <= keys
    for key, (en, de) in MESSAGES.items():
        if key.startswith("drill.melds."):
            assert en and de and en != de, key


@settings(max_examples=60, deadline=None)
@given(
    seed=st.sampled_from(["1", "2", "doppel-besik-1", "both-sevens-2", *CURATED]),
    level=st.sampled_from(LEVELS),
    data=st.dictionaries(
        st.sampled_from(["melds", "best", "seven", "exchange", "other"]),
        st.one_of(
            st.text(max_size=30),
            st.sampled_from(
                ["besik", "double-besik four-kings", "yes", "no", "1e9", "-5", "99999999"]
            ),
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


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"melds": "besik"},
        {"melds": "no-such-meld", "best": "0"},
        {"melds": "", "best": "x"},
        {"melds": "", "best": "100000000000"},
        {"melds": "", "best": "-1"},
        {"melds": "besik besik", "best": "0"},
    ],
)
def test_malformed_answers_are_refused_with_a_message(data: dict[str, str]) -> None:
    item = DRILL.item("doppel-besik-0", Level.EASY)
    assert [f.kind for f in item.fields] == [FieldKind.CHOICES, FieldKind.NUMBER]
    with pytest.raises(AnswerError) as raised:
        DRILL.parse_answer(item, data)
    assert raised.value.render("de") != raised.value.render("en")


def test_candidate_values_round_trip() -> None:
    for kind in ("marriage", "double-marriage", "quint-major"):
        for suit in Suit:
            assert parse_option(option_value(kind, suit)) == (kind, suit)
    assert parse_option("triple-besik") == ("triple-besik", None)
    with pytest.raises(ValueError):
        parse_option("marriage-stars")


def test_a_meld_refused_for_cards_declared_before_blames_what_is_really_missing() -> None:
    """ "You hold no unused king of hearts" must be true: the learner holds no copy of the card
    named that was not declared in a meld of that kind before (not two, for a double
    marriage or a double Besik, which take both). Four of a kind takes any four of its rank: the reason is how
    many of them are fresh, and that count is right."""
    from cardtutor.engine.besik.melds import SLOTS

    named = fours = 0
    for n in range(300):
        item = DRILL.item(str(n), Level.HARD)
        scene = scene_of(item)
        for verdict in analysis(item).verdicts:
            kind = parse_option(verdict.value)[0]
            used = {
                c
                for earlier, cards in scene.earlier
                if SLOTS[earlier][0] == SLOTS[kind][0]
                for c in cards
            }
            if verdict.why.key.startswith("drill.melds.why.reused_four"):
                rank = {"jacks": "J", "queens": "Q", "kings": "K", "aces": "A"}[kind[5:]]
                fresh = [c for c in scene.hand if c.code[0] == rank and c not in used]
                assert len(fresh) < 4 and verdict.why.params.get("n", 0) == len(fresh), n
                fours += 1
            if verdict.why.key != "drill.melds.why.reused":
                continue
            assert not kind.startswith("four-"), (n, verdict.value)
            card = verdict.why.params["card"]
            unused = [c for c in scene.hand if c.card == card.card and c not in used]
            needed = 2 if kind.startswith("double-") else 1  # a double meld holds both
            assert len(unused) < needed, (n, verdict.value, card, unused)
            named += 1
    assert named >= 5 and fours >= 5, "refusals for cards declared before are still asked about"


def _verdict_words(seed: str, level: Level, option: str, lang: str = "en") -> tuple[str, tuple]:
    item = DRILL.item(seed, level)
    a = analysis(item)
    verdict = next(v for v in a.verdicts if v.value == option)
    feedback = DRILL.check(item, DRILL.parse_answer(item, _right_data(item)))
    return verdict.why.render(lang), feedback.rules


def _right_data(item: Item) -> dict[str, str]:
    right = DRILL.expected(item)
    data = {"melds": " ".join(sorted(right["melds"])), "best": str(right["best"])}
    if right["seven"] is not None:
        data["seven"] = str(right["seven"])
    if right["exchange"] is not None:
        data["exchange"] = right["exchange"]
    return data


def test_a_double_marriage_after_one_of_its_marriages_says_it_would_score_that_again() -> None:
    """A learner tester: with a heart marriage declared and the other king and queen of hearts
    in hand, the double marriage was refused because "you hold no unused queen of hearts to
    take its place", though the learner held one. A double marriage counts as two marriages
    declared at once (RULES 3.2): one of them was already scored."""
    seed, level = "375612285", Level.HARD
    scene = scene_of(DRILL.item(seed, level))
    assert [k for k, _cards in scene.earlier] == ["marriage"]
    assert sum(1 for c in scene.hand if c.code.startswith("QH")) == 2
    words, rules = _verdict_words(seed, level, "double-marriage-hearts")
    assert words.startswith("A double marriage counts as two marriages declared at once")
    assert "has already been scored as a marriage in hearts" in words
    assert "no unused" not in words
    german, _rules = _verdict_words(seed, level, "double-marriage-hearts", "de")
    assert "mit dem Herz-König und der Herz-Dame, wurde schon als eine Herz-Heirat" in german
    assert "besik#double-marriage" in rules
    # the marriage allowed says its cards are the other copies, not "the king of hearts" as
    # if the declared one were fresh
    allowed, _rules = _verdict_words(seed, level, "marriage-hearts")
    assert allowed.startswith(
        "You have declared this meld before, with the other copies of the king of hearts and "
        "the queen of hearts"
    )


def test_a_meld_reusing_two_cards_of_another_kind_names_both_and_links_its_own_rule() -> None:
    """A learner tester: the Quint-Major after a trump marriage named only the king as used
    before; the queen was too. And the verdict linked the reuse rule, not the Quint-Major's."""
    words, rules = _verdict_words("544492972", Level.MEDIUM, "quint-major-spades")
    assert words == (
        "In a trump marriage in spades you have already used the king of spades and the queen "
        "of spades, but cards may serve again in a meld of a different kind."
    )
    german, _rules = _verdict_words("544492972", Level.MEDIUM, "quint-major-spades", "de")
    assert "den Pik-König und die Pik-Dame verwendet" in german
    assert "besik#reuse" in rules and "besik#quint-major" in rules


def test_two_copies_of_the_trump_seven_are_told_apart_and_a_wrong_exchange_gets_the_answer() -> (
    None
):
    """ "Die Kreuz-Sieben wurde schon gemeldet … Die Kreuz-Sieben wurde noch nicht gemeldet"
    read as a contradiction: the one and the other; "Zum Tausch hast du „Nein“ geantwortet"
    did not say what is right."""
    item = DRILL.item("38", Level.HARD)
    expected = DRILL.expected(item)
    feedback = DRILL.check(item, DRILL.parse_answer(item, answer_data(expected)))
    keys = [m.key for m in feedback.reasons]
    assert "drill.melds.seven.done_one" in keys and "drill.melds.seven.other" in keys, keys
    assert "drill.melds.seven.done" not in keys and "drill.melds.seven.one" not in keys
    german = " ".join(m.render("de") for m in feedback.reasons)
    assert "Die eine " in german and "Die andere " in german
    item = DRILL.item("0", Level.EASY)
    expected = DRILL.expected(item)
    wrong = "no" if expected["exchange"] == "yes" else "yes"
    data = answer_data(expected) | {"exchange": wrong}
    feedback = DRILL.check(item, DRILL.parse_answer(item, data))
    said = [m.render("de") for m in feedback.reasons if m.key == "drill.melds.wrong_exchange"]
    right = "Ja" if expected["exchange"] == "yes" else "Nein"
    assert said == [
        f"Zum Tausch hast du „{'Ja' if wrong == 'yes' else 'Nein'}“ geantwortet; richtig ist „{right}“."
    ]


def test_the_prompt_says_whether_the_learner_has_drawn_as_his_hand_shows() -> None:
    """The worked example's B declares his quint major before drawing, seven cards in hand:
    the item said "You have just won a trick and drawn from the talon"."""
    from cardtutor.engine.drills.besik_melds import CURATED, HAND_SIZE

    drill = DRILL
    assert drill.item("example-3", Level.EASY).prompt.key == "drill.melds.prompt_before_draw"
    seeds = [*CURATED, *(str(n) for n in range(60))]
    for seed in seeds:
        for level in Level:
            item = drill.item(seed, level)
            held = sum(
                len(show.cards)
                for show in item.shows
                if show.label is not None
                and show.label.key
                in ("drill.melds.hand", "drill.melds.hand_rest", "drill.melds.row")
            )
            if item.prompt.key == "drill.melds.prompt":
                assert held == HAND_SIZE, (seed, level, held)
            elif item.prompt.key == "drill.melds.prompt_before_draw":
                assert held < HAND_SIZE, (seed, level, held)


def test_two_copies_of_a_card_used_before_are_said_once() -> None:
    """It said "In a double Besik you have already used the queen of spades and the queen
    of spades": both copies are now said as such."""
    seen = 0
    for seed in [*map(str, range(400)), "658518333"]:
        item = DRILL.item(seed, Level.HARD)
        feedback = DRILL.check(item, DRILL.parse_answer(item, answer_data(DRILL.expected(item))))
        for msg in rendered(feedback):
            for lang in ("en", "de"):
                text = msg.render(lang)
                for card in ("queen of spades", "jack of diamonds", "Pik-Dame", "Karo-Bauer"):
                    assert not re.search(rf"{card}\w* (?:and|und) \w+ {card}", text), text
            if any(k.startswith("drill.melds.copies.2.") for k in nested_keys(msg)):
                seen += 1
                assert "both copies of the" in msg.render("en")
                assert re.search(r"beide[nr]? Exemplare[n]? de[rs] ", msg.render("de"))
    assert seen


def test_copies_of_a_jack_are_named_as_besik_names_it() -> None:
    from cardtutor.engine.drills.besik_melds import _copies_named

    cards = [PhysicalCard.parse("JD#1"), PhysicalCard.parse("JD#2"), PhysicalCard.parse("QS#1")]
    msg = Msg("drill.melds.why.reuse.n", cards=_copies_named(cards, "acc"), other="x")
    assert "both copies of the jack of diamonds and the queen of spades" in msg.render("en")
    assert "beide Exemplare des Karo-Bauern und die Pik-Dame" in msg.render("de")
