"""The Besik rule reference agrees with the engine and with the source.

Every engine rule anchor is a section with a computed example; every example's numbers agree
with an independent engine call (or a value the source prints); every ruling quotes the source
word for word; the tables of values are the engine's constants; no card code leaks into
learner text.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

from cardtutor.core.glossary import TERMS_BY_SLUG
from cardtutor.engine.besik import (
    AUGEN,
    BRISQUE,
    MELD_KINDS,
    RULE_ANCHORS,
    Play,
    start_deal,
)
from cardtutor.engine.besik.constants import (
    DOUBLE_MARRIAGE_TRUMP_POINTS,
    HAND_SIZE,
    MELD_POINTS,
    POINTS_BRISQUE,
    POINTS_LAST_TRICK,
    POINTS_TRUMP_SEVEN,
)
from cardtutor.engine.besik.play import beats
from cardtutor.engine.besik.uids import PC
from cardtutor.engine.cards import PhysicalCard, Suit, iter_packs
from cardtutor.engine.drills import DRILLS
from cardtutor.engine.solver.besik import solve_besik
from cardtutor.rules.content import besik
from cardtutor.rules.content import besik_examples as ex
from cardtutor.rules.markup import LINK
from cardtutor.rules.model import Example, Para, Ruling, Section, Shown, Table, Text

SEED = Path(__file__).resolve().parents[1] / "fixtures" / "sources" / "001_b32aee25cc8b3f7e.txt"
"""The Besik source as printed (the same file as ``shared/seeds``)."""


def walk(sections: tuple[Section, ...]) -> list[Section]:
    out = []
    for s in sections:
        out.append(s)
        out += walk(s.subsections)
    return out


ALL = walk(besik.SECTIONS)


def examples_in(section: Section) -> list[Example]:
    found = [b for b in section.blocks if isinstance(b, Example)]
    for sub in section.subsections:
        found += examples_in(sub)
    return found


EXAMPLES = {e.key: e for s in ALL for e in s.blocks if isinstance(e, Example)}


@cache
def shown(key: str) -> Shown:
    return EXAMPLES[key].build()


def texts() -> list[tuple[str, Text]]:
    out: list[tuple[str, Text]] = []
    for s in ALL:
        out.append((s.anchor, s.title))
        for b in s.blocks:
            if isinstance(b, Para):
                out += [(s.anchor, t) for t in (b.text, *b.items)]
            elif isinstance(b, Ruling):
                out += [(s.anchor, b.text), (s.anchor, b.source)]
            elif isinstance(b, Table):
                out += [(s.anchor, b.caption)] + [(s.anchor, t) for row in b.rows for t in row]
            elif isinstance(b, Example):
                out.append((s.anchor, b.title))
            else:
                out.append((s.anchor, b.text))
    return out


# ---- structure ---------------------------------------------------------------------------------


def test_every_engine_anchor_is_a_section_with_an_example() -> None:
    by_anchor = {s.anchor: s for s in ALL}
    for anchor in RULE_ANCHORS:
        assert anchor in by_anchor, anchor
        assert examples_in(by_anchor[anchor]), anchor
    for kind in MELD_KINDS:  # every meld kind is an anchor with its own example
        assert any(isinstance(b, Example) for b in by_anchor[kind].blocks), kind


def test_the_engines_rule_names_are_the_sections_titles() -> None:
    """Links made from the engine's names (glossary, score ledgers) read as the heading they
    lead to: "Card points (Augen)" led to "Augen in the tricks"."""
    by_anchor = {s.anchor: s for s in ALL}
    for anchor, (en, de) in RULE_ANCHORS.items():
        title = by_anchor[anchor].title
        assert (en, de) == (title.en, title.de), anchor


def test_anchors_and_example_keys_are_unique_and_drills_exist() -> None:
    anchors = [s.anchor for s in ALL]
    assert len(anchors) == len(set(anchors))
    keys = [e.key for s in ALL for e in s.blocks if isinstance(e, Example)]
    assert len(keys) == len(set(keys))
    for s in ALL:
        assert not s.drill or s.drill in DRILLS, s.drill
    assert {s.drill for s in ALL} >= {"besik.melds", "besik.tricks"}


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_every_example_builds_in_both_languages(key: str) -> None:
    result = shown(key)
    assert result.lines and result.facts
    for line in result.lines:
        assert line.en.strip() and line.de.strip()
    for row in result.rows:
        assert row.label.en.strip() and row.label.de.strip() and row.cards


def test_rulings_quote_the_source_word_for_word() -> None:
    source = " ".join(SEED.read_text(encoding="utf-8").split())
    rulings = [b for s in ALL for b in s.blocks if isinstance(b, Ruling)]
    assert len(rulings) >= 12
    for r in rulings:
        quote = " ".join(r.quote.split())
        assert quote in source, quote
        assert r.text.en.strip() and r.text.de.strip()


CARD_CODE = re.compile(r"(?<![\w-])(10|[AKQJ2-9])[CDHS](#\d)?(?![\w-])")


def test_no_card_codes_and_only_known_glossary_slugs_in_learner_text() -> None:
    every = texts()
    for key in EXAMPLES:
        every += [(key, t) for t in shown(key).lines]
        every += [(key, r.label) for r in shown(key).rows]
    for where, text in every:
        for lang_text in (text.en, text.de):
            assert not CARD_CODE.search(lang_text), (where, lang_text)
            for m in LINK.finditer(lang_text):
                assert m.group(1) in TERMS_BY_SLUG, (where, m.group(1))
        # card points are Augen in German, never Punkte
        assert "Kartenpunkte" not in text.de, (where, text.de)


# ---- the tables are the engine's values -----------------------------------------------------------


def test_the_meld_table_is_the_engines() -> None:
    rows = {
        LINK.sub(lambda m: m.group(1), r[0].en).split()[0]: r for r in besik.MELD_TABLE.rows[1:]
    }
    for kind in MELD_KINDS:
        cell = rows[kind][2].en
        assert int(cell.split()[0]) == MELD_POINTS[kind], kind
    assert str(DOUBLE_MARRIAGE_TRUMP_POINTS) in rows["double-marriage"][2].en
    assert rows["trump-seven"][2].en == f"{POINTS_TRUMP_SEVEN} (both {2 * POINTS_TRUMP_SEVEN})"
    assert rows["last-trick"][2].en == str(POINTS_LAST_TRICK)


def test_the_augen_table_is_the_engines() -> None:
    body = besik.AUGEN_TABLE.rows[1:-1]
    codes = ("AS", "10S", "KS", "QS", "JS", "9S", "8S", "7S")
    assert [int(r[1].en) for r in body] == [AUGEN[PhysicalCard.parse(c).uid] for c in codes]
    total = sum(AUGEN[c.uid] for c in iter_packs(2))
    assert besik.AUGEN_TABLE.rows[-1][2].en == str(total) == "240"
    # the order of the table is the engine's trick order
    uids = [PhysicalCard.parse(c).uid for c in codes]
    for high, low in zip(uids, uids[1:], strict=False):
        assert beats(high, low, int(Suit.CLUBS))


# ---- each example's facts against an independent engine call ---------------------------------------


def test_deal_facts() -> None:
    f = shown("deal").facts
    order = list(range(64))
    random.Random(ex.DEAL_SEED).shuffle(order)  # the engine's shuffle: the 17th card is trumps
    assert f["trumps"] == PC[order[16]].suit
    assert (f["hand"], f["face_down"], f["to_draw"], f["cards"]) == (HAND_SIZE, 47, 48, 64)


def test_talon_facts() -> None:
    assert shown("draw-first").facts == {"before": 48, "after": 46}
    f = shown("talon-end").facts
    assert f == {"left": 2, "after": 0, "end_play": 1, "hand_a": 8, "hand_b": 8}


def test_trick_winners_follow_the_trick_order() -> None:
    f = shown("trick-winners").facts
    for i, (lead, reply) in enumerate(ex.TRICK_PAIRS, start=1):
        a, b = PhysicalCard.parse(lead).uid, PhysicalCard.parse(reply).uid
        assert f[f"winner_{i}"] == int(beats(b, a, int(Suit.HEARTS)))
    # the ten beats the king; a trump wins; another suit loses; identical: the first wins
    assert [f[f"winner_{i}"] for i in range(1, 6)] == [1, 1, 0, 0, 1]


def test_no_duty_while_the_talon_lasts() -> None:
    state = ex.example_state(1)
    assert shown("no-duty").facts["legal"] == len(state.hand("B")) == 8


def test_end_play_facts() -> None:
    f = shown("end-follow").facts
    step = ex._end_step("A: play 7D#2")
    before = ex.example_state(step - 1)
    diamonds = [c for c in before.hand("A") if c.suit == Suit.DIAMONDS]
    assert f["legal"] == len(diamonds) == 3 and f["seven_legal"] == 1 and f["winner"] == 1
    f = shown("end-trump").facts
    step = ex._end_step("B: play 8H#2")
    hearts = [c for c in ex.example_state(step - 1).hand("B") if c.suit == Suit.HEARTS]
    assert f["legal"] == len(hearts) and f["spade_legal"] == 0
    assert shown("end-no-meld").facts == {"refused": 1, "declarations": 0}


def test_meld_rules_facts() -> None:
    assert shown("meld-when").facts["points"] == MELD_POINTS["besik"]
    assert shown("meld-once").facts == {
        "quint": MELD_POINTS["quint-major"],
        "marriage": MELD_POINTS["marriage"],
        "quiet_trick": 2,  # B wins trick 2 too and declares nothing: not "his next trick"
    }
    said = " ".join(t.en for t in shown("meld-once").lines)
    assert "after winning trick 4 (after trick 2, which he won too" in said
    f = shown("meld-shown").facts
    assert f["led_from_row"] == 1 and f["row_after"] == f["declared"] - 1


@pytest.mark.parametrize(
    "key",
    [
        "marriage",
        "trump-marriage",
        "four-jacks",
        "four-queens",
        "four-kings",
        "four-aces",
        "besik",
        "quint-major",
    ],
)
def test_each_meld_example_scores_the_engines_value(key: str) -> None:
    assert shown(key).facts["points"] == MELD_POINTS[key]


def test_double_marriage_counts_two_marriages() -> None:
    f = shown("double-marriage").facts
    assert f["points"] == 2 * MELD_POINTS["marriage"]
    assert f["trump_points"] == 2 * MELD_POINTS["trump-marriage"] == DOUBLE_MARRIAGE_TRUMP_POINTS


def test_the_besik_family_facts() -> None:
    assert shown("double-besik").facts == {"points": 500, "single_refused": 1}
    assert shown("double-separate").facts == {
        "total": 2 * MELD_POINTS["besik"],
        "double_refused": 1,
    }
    f = shown("triple-besik").facts
    assert f == {"besik": 40, "triple": MELD_POINTS["triple-besik"], "total": 1540}


def test_reuse_facts_agree_with_the_engines_legal_melds() -> None:
    f = shown("reuse-kinds").facts
    assert f == {"marriage": 20, "four_kings": MELD_POINTS["four-kings"], "total": 100}
    assert shown("reuse-fresh").facts == {"first": 20, "legal_marriages": 0}
    assert shown("reuse-duplicates").facts == {"marriages": 2 * MELD_POINTS["marriage"]}
    assert shown("reuse-quint").facts == {"quint": 250, "marriage": 20, "standard_refused": 1}
    f = shown("reuse-besik-double").facts
    assert f == {"besik": 40, "double": MELD_POINTS["double-besik"], "total": 540}
    # the re-use refusals come from the engine's own checks
    steps = ex.b_script(
        "KC#1 QC#1 QC#2 KS#1 8C#1 AH#1 AH#2 10S#1", ["B: meld marriage KC#1 QC#1", "win"]
    )
    state = steps[-1][0]
    why = ex.refusal(state, "B: meld marriage KC#1 QC#2")
    assert why is not None and why.key == "besik.err.reused"
    assert [m for m in state.legal_actions.melds() if m.kind == "marriage"] == []


def test_trump_seven_facts() -> None:
    assert shown("trump-seven").facts == {"one": POINTS_TRUMP_SEVEN, "both": 2 * POINTS_TRUMP_SEVEN}
    f = shown("seven-exchange").facts
    assert f == {"seven": POINTS_TRUMP_SEVEN, "trump_marriage": 40, "up_after": 1}
    f = shown("seven-turned-up").facts
    assert f == {"dealer": POINTS_TRUMP_SEVEN, "vorhand": 0}


def test_counting_facts_match_the_source() -> None:
    # the source prints: Augen A 71, B 169; totals A 531, B 469; B the last trick
    f = shown("augen").facts
    assert (f["a"], f["b"], f["a_counted"], f["all"]) == (71, 169, 71, 240)
    assert shown("last-trick").facts == {"b": POINTS_LAST_TRICK, "a": 0}
    assert shown("deal-score").facts == {"a": 531, "b": 469}


def test_game_facts() -> None:
    f = shown("game").facts
    assert (f["late_a"], f["late_b"]) == (560 + 531, 700 + 469)
    assert f["mid_a"] >= 1000 and f["mid_over"] == 0
    assert f["late_winner"] == 1 and f["late_deal_next"] == 0
    assert (f["tie_a"], f["tie_b"], f["tie_winner"], f["tie_deal_next"]) == (1000, 1000, -1, 1)


def test_more_players_facts() -> None:
    assert shown("three").facts == {"packs": 3, "face_down": 96 - 25, "to_draw": 96 - 24}
    assert shown("four").facts == {"packs": 3, "face_down": 96 - 33, "parties": 2}
    assert shown("three-tripel").facts == {"points": 1500, "won": 1, "over": 1}
    state, _ = start_deal(seats=("A", "B", "C", "D"), partnerships=True, seed=ex.DEAL_SEED)
    assert state.parties == ("A+C", "B+D")
    assert shown("four-partners").facts == {
        "partnership": MELD_POINTS["marriage"],
        "besik_refused": 1,
    }


def test_standard_facts() -> None:
    f = shown("standard").facts
    step = ex._end_step("A: play 7D#2")
    before = ex.example_state(step - 1)
    led = before.trick[0][1]
    beating = [c for c in before.hand("A") if c.suit == Suit.DIAMONDS and beats(c.uid, led, 2)]
    assert f["legal_standard"] == len(beating) == 2 and f["legal_seed"] == 3
    f = shown("brisques").facts
    for seat in "ab":
        assert f[f"brisques_{seat}"] == POINTS_BRISQUE * f[f"count_{seat}"]
    state, _ = start_deal(ruleset="standard", seed=ex.STANDARD_SEED)
    final, _ = ex.play_plain(state)
    for seat in "AB":
        won = ex._won(final, seat)
        assert f[f"count_{seat.lower()}"] == sum(BRISQUE[c.uid] for c in won)
        assert f[f"augen_{seat.lower()}"] == sum(AUGEN[c.uid] for c in won)


def test_the_solvers_verdict_on_trick_25() -> None:
    f = shown("solver-end").facts
    step = ex._end_step("A: play 7D#2")
    sol = solve_besik(ex.example_state(step - 1))
    seven = Play("A", PhysicalCard.parse("7D#2"))
    ace = Play("A", PhysicalCard.parse("AD#2"))
    assert sol.best == (ace,)
    assert f["loss"] == sol.value(ace) - sol.value(seven) > 0
    # the queen of spades (3 Augen) against A's two trumps, ace and king of hearts; winning it
    # would let A declare nothing, and in the next trick the king wins the trick for four aces
    assert shown("low-trick").facts == {
        "led": 3,
        "trumps": 2,
        "aces": 3,
        "melds_if_won": 0,
        "tricks_later": 1,
        "four_aces": 100,
    }


def test_the_cards_section_shows_the_ten_beating_the_king_with_its_augen() -> None:
    """RULES.md §3: rank A 10 K D B 9 8 7, Augen 10 for a ten and 4 for a king."""
    from cardtutor.rules.content import besik_examples

    shown = besik_examples.ex_ten_beats_king()
    assert shown.facts == {"winner": 1, "augen": 14}
    assert "14" in shown.lines[1].en and "14" in shown.lines[1].de


def test_no_example_says_a_sentence_again_to_explain_it() -> None:
    """It said "B wins the trick." just before "B wins the trick: the ten ranks above …"."""
    for key in EXAMPLES:
        lines = shown(key).lines
        for german in (False, True):
            said = [line.get(german).strip() for line in lines]
            for first, second in zip(said, said[1:], strict=False):
                opening = first.rstrip(".")
                # (the same line twice may be two events: two Besiks declared one by one)
                assert not second.startswith(opening + ":"), (key, first, second)


def test_the_counting_sections_link_the_trick_drill_that_asks_them() -> None:
    # the trick drill asks the Augen of a pile of tricks and a deal's final score
    by_anchor = {s.anchor: s for s in ALL}
    for anchor in ("augen", "last-trick", "game"):
        assert by_anchor[anchor].drill == "besik.tricks", anchor
