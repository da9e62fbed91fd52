"""The Piquet rule reference's content (``cardtutor/rules/content/piquet.py``).

Checked: every engine anchor is a section or sub-section holding an example in its own
section or below; every example builds and its facts agree with what the source states, with
an independent computation (the rubicon settlement by its formula, the source's Example
replayed from its record), or with the rule values; the facts a line states appear in it in
both languages; the dialogue goes in the order it is spoken; every ruling quotes the source
word for word; drills exist; glossary links name entries; no card code reaches the learner.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtutor.core.glossary import TERMS_BY_SLUG
from cardtutor.engine.cards import parse_cards
from cardtutor.engine.drills import DRILLS
from cardtutor.engine.piquet import ENGINE, RULE_ANCHORS, point_value
from cardtutor.engine.piquet.constants import (
    CARDS_DEALT,
    ELDER_STOCK,
    PIQUE_AT,
    POINTS_CAPOT,
    POINTS_CARDS,
    POINTS_CARTE_BLANCHE,
    POINTS_PIQUE,
    POINTS_QUATORZE,
    POINTS_REPIQUE,
    POINTS_TRIO,
    STOCK,
    YOUNGER_STOCK,
    sequence_points,
)
from cardtutor.engine.piquet.numbers import de_word, en_word
from cardtutor.engine.record import GameRecord, replay
from cardtutor.rules.content import piquet_examples
from cardtutor.rules.content.piquet import SECTIONS
from cardtutor.rules.model import Example, Origin, Para, Ruling, Section, Shown, Table, Text

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "fixtures" / "sources" / "000_1d97ab8760326182.txt"


def walk(sections: tuple[Section, ...]) -> Iterator[Section]:
    for s in sections:
        yield s
        yield from walk(s.subsections)


def examples_below(section: Section) -> list[Example]:
    return [b for s in walk((section,)) for b in s.blocks if isinstance(b, Example)]


ALL_EXAMPLES = {b.key: b for s in walk(SECTIONS) for b in s.blocks if isinstance(b, Example)}


@functools.cache
def shown(key: str) -> Shown:
    return ALL_EXAMPLES[key].build()


def texts_of(section: Section) -> Iterator[Text]:
    yield section.title
    for b in section.blocks:
        if isinstance(b, Para):
            yield b.text
            yield from b.items
        elif isinstance(b, (Ruling, Origin)):
            yield b.text
        elif isinstance(b, Table):
            yield b.caption
            for row in b.rows:
                yield from row
        elif isinstance(b, Example):
            yield b.title


# --------------------------------------------------------------------------------------------
# Shape
# --------------------------------------------------------------------------------------------


def test_every_engine_anchor_is_a_section_with_an_example_of_its_own() -> None:
    by_anchor = {s.anchor: s for s in walk(SECTIONS)}
    assert len(by_anchor) == len(list(walk(SECTIONS))), "anchors are unique"
    for anchor in RULE_ANCHORS:
        assert anchor in by_anchor, anchor
        assert examples_below(by_anchor[anchor]), f"{anchor} has no example"
    for extra in ("overview", "cards-order", "dialogue", "equalities", "penalties", "strategy"):
        assert extra in by_anchor


def test_the_sections_come_in_the_order_a_learner_needs_them() -> None:
    order = [s.anchor for s in walk(SECTIONS)]
    chain = ["overview", "cards-order", "deal", "carte-blanche", "exchange", "declaring",
             "dialogue", "point", "sequences", "sets", "sinking", "play", "last-trick",
             "the-cards", "capot", "reckoning-order", "pique", "repique", "partie", "rubicon",
             "penalties", "strategy"]  # fmt: skip
    positions = [order.index(a) for a in chain]
    assert positions == sorted(positions)


def test_drills_exist_and_example_keys_are_unique() -> None:
    for s in walk(SECTIONS):
        assert not s.drill or s.drill in DRILLS, s.drill
    keys = [b.key for s in walk(SECTIONS) for b in s.blocks if isinstance(b, Example)]
    assert len(keys) == len(set(keys))


def test_every_ruling_quotes_the_source_word_for_word() -> None:
    # the web page's "See also:" links (RULES.md: not the article's words) are left out
    source = SOURCE.read_text(encoding="utf-8").replace("See also:", "")
    rulings = [b for s in walk(SECTIONS) for b in s.blocks if isinstance(b, Ruling)]
    assert len(rulings) >= 10
    for r in rulings:
        assert r.quote in source, r.quote[:60]
        assert "See also" not in r.quote
        assert r.source.en and r.source.de


def test_a_ruling_s_quote_stands_in_the_paragraph_its_caption_names() -> None:
    # the source's paragraphs run on, each starting "Pique.If", "Repique.If" ...: a quote
    # captioned "paragraph 'Pique'" must stand between "Pique.If" and the next such heading
    source = SOURCE.read_text(encoding="utf-8").replace("See also:", "")
    headings = [(m.start(), m.group(1)) for m in re.finditer(r"(\w[\w ]*?)\.If\b", source)]
    captioned = 0
    for s in walk(SECTIONS):
        for r in (b for b in s.blocks if isinstance(b, Ruling)):
            named = re.search(r"paragraph ‘(.+)’", r.source.en)
            if named is None:
                continue
            captioned += 1
            at = source.index(r.quote)
            paragraph = max((h for h in headings if h[0] < at), default=(0, ""))[1]
            name = named.group(1).casefold()
            assert f" {paragraph.casefold()}".endswith(f" {name}"), (
                r.quote[:40],
                named.group(1),
                paragraph,
            )
            assert f"Absatz „{named.group(1)}“" in r.source.de
    assert captioned >= 5


def test_glossary_links_name_entries_and_no_card_code_reaches_the_learner() -> None:
    code = re.compile(r"\b(?:[AKQJT]|10|[789])[SHDC]\b")
    for s in walk(SECTIONS):
        for t in texts_of(s):
            for lang in (t.en, t.de):
                for slug in re.findall(r"\[\[([^\]|]+)", lang):
                    assert slug in TERMS_BY_SLUG, (s.anchor, slug)
                assert not code.search(lang), (s.anchor, lang)
    for key in ALL_EXAMPLES:
        for t in (*shown(key).lines, *(r.label for r in shown(key).rows)):
            assert t.en.strip() and t.de.strip(), key
            assert not code.search(t.en) and not code.search(t.de), (key, t)


def test_every_example_shows_cards_or_lines_and_names_its_numbers() -> None:
    unprinted = {
        "dialogue": {"said", "B"},
        "sequences": {"quart", "tierce"},
        "sets": {"a_set"},
        "younger-scores": {"b_set"},
        "last-trick": {"last_trick"},
        "the-cards": {"cards"},
        "capot": {"cards"},
        "reckoning": {"repique"},
        "equal-no-save": {"a_point", "b_point"},
        "cb-saves": {"repique", "pique"},
        "one-per-deal": {"pique"},
        "tie": {"settled"},
        "partie": {"engine_gain", "rubiconed", "deals"},
        "rubicon": {"engine_gain", "rubiconed", "deals"},
        "strategy-discard": {"cavendish_tenths", "best_tenths"},
        "strategy-cards": {"best_spade", "best_other"},
        "strategy-guards": {"ace"},
        "card-values": set(),
    }
    for key in ALL_EXAMPLES:
        sh = shown(key)
        assert sh.lines and sh.facts, key
        for lang in ("en", "de"):
            text = " ".join(getattr(t, lang) for t in sh.lines)
            numbers = set(re.findall(r"\d+", text))
            words = set(re.findall(r"\w+", text.lower()))
            word = en_word if lang == "en" else de_word
            for name, value in sh.facts.items():
                if name in unprinted.get(key, set()):
                    continue
                # in digits, or as a word where running text counts cards ("five cards")
                assert str(abs(value)) in numbers or word(abs(value)) in words, (
                    key,
                    lang,
                    name,
                    value,
                )


# --------------------------------------------------------------------------------------------
# The source's Example, replayed independently
# --------------------------------------------------------------------------------------------


@functools.cache
def source_replay() -> list[dict[str, int]]:
    """The running totals after each action of the source's Example, by the record replayer."""
    with piquet_examples.EXAMPLE_RECORD.open(encoding="utf-8") as f:
        record = GameRecord.from_json(json.load(f))
    return [dict(step.state.outcome().deal) for step in replay(ENGINE, record)]


def test_the_source_example_numbers_agree_with_the_text_and_the_replay() -> None:
    totals = source_replay()
    final = totals[-1]
    assert final == {"A": 28, "B": 23}  # "achtundzwanzig" ... "23"
    cards = shown("the-cards").facts
    assert (cards["A"], cards["B"]) == (final["A"], final["B"])
    assert (cards["a_tricks"], cards["b_tricks"], cards["cards"]) == (7, 5, POINTS_CARDS)
    # "A ... 'ein Quartmajor gut ist, neun'": 9 after the declarations (step 8)
    assert shown("dialogue").facts["A"] == totals[8]["A"] == 9
    # "B 'vier 10-, vierzehn und dreiköniginnen, siebzehn'": 17 when B plays to the first trick
    younger = shown("younger-scores").facts
    assert (younger["A"], younger["B"]) == (totals[10]["A"], totals[10]["B"]) == (10, 17)
    assert shown("sets").facts["b_set"] == POINTS_QUATORZE + POINTS_TRIO == 17
    # "Er führt König der Diamanten und sagt 'fünfzehn'" ... B "achtzehn", "neunzehn"
    play = shown("play").facts
    assert (play["A"], play["B"]) == (totals[22]["A"], totals[22]["B"]) == (15, 19)
    # A's last lead: "sechzehn" ... "achtzehn"
    last = shown("last-trick").facts
    assert last["before"] == totals[30]["A"] == 16
    point = shown("point").facts
    assert (point["a_pips"], point["a_point"]) == (49, 5)  # "forty-nine", "fünf"


def test_the_dialogue_goes_in_the_order_it_is_spoken() -> None:
    assert piquet_examples.dialogue_speakers() == "ABABABAB"
    said = [t.en for t in shown("dialogue").lines if t.en.startswith(("A: ", "B: "))]
    assert said == [
        "A: “Five cards.”",
        "B: “Equal.”",
        "A: “Forty-nine.”",
        "B: “Good.”",
        "A: “Quart major.”",
        "B: “Good.”",
        "A: “Three jacks?”",
        "B: “Not good.”",
    ]
    german = [t.de for t in shown("dialogue").lines if t.de.startswith(("A: ", "B: "))]
    assert german[:4] == ["A: „Fünf Karten.“", "B: „Gleich.“", "A: „Neunundvierzig.“", "B: „Gut.“"]


# --------------------------------------------------------------------------------------------
# Each example against the rules
# --------------------------------------------------------------------------------------------


def test_the_card_values_and_the_deal() -> None:
    f = shown("card-values").facts
    assert f["a_pips"] == sum(point_value([c])[1] for c in parse_cards("AH KH QH JH 8H"))
    assert f["a_pips"] == 11 + 10 + 10 + 10 + 8 and f["b_pips"] == 11 + 10 + 10 + 10 + 7
    d = shown("deal").facts
    assert (d["elder"], d["younger"], d["stock"]) == (CARDS_DEALT, CARDS_DEALT, STOCK)
    assert (d["elder_stock"], d["younger_stock"]) == (ELDER_STOCK, YOUNGER_STOCK)


def test_carte_blanche_and_the_exchange() -> None:
    assert shown("carte-blanche").facts["carte_blanche"] == POINTS_CARTE_BLANCHE
    ex = shown("exchange").facts
    assert (ex["a_discards"], ex["a_takes"], ex["b_discards"], ex["b_takes"]) == (5, 5, 3, 3)
    left = shown("exchange-left").facts
    assert left["a_discards"] + left["a_left"] == ELDER_STOCK
    assert left["b_may_take"] == YOUNGER_STOCK + left["a_left"]
    assert left["b_discards"] + left["left_over"] == left["b_may_take"]


def test_sequences_sets_equalities_and_sinking() -> None:
    seq = shown("sequences").facts
    # "A hat einen Quart zu einer Königin (gut) und zu einem tierceminderjährigen ... sieben"
    assert seq["a_sequence"] == sequence_points(4) + sequence_points(3) == 7
    assert seq["b_sequence"] == 0
    eq = shown("sequences-equal").facts
    assert eq["a_sequence"] == eq["b_sequence"] == 0
    sink = shown("sinking").facts
    assert sink["honest_b"] == POINTS_TRIO and sink["honest_a"] == 0
    assert sink["sunk_b"] == 0 and sink["sunk_a"] == POINTS_TRIO
    assert sink["swing"] == sink["honest_b"] + sink["sunk_a"]


def test_the_cards_divided_and_capot() -> None:
    div = shown("divided").facts
    assert (div["a_tricks"], div["b_tricks"], div["a_cards"], div["b_cards"]) == (6, 6, 0, 0)
    cap = shown("capot").facts
    assert (cap["a_tricks"], cap["capot"], cap["cards"], cap["leads"]) == (12, POINTS_CAPOT, 0, 12)
    assert cap["B"] == cap["b_point"] + cap["b_sequence"] and cap["a_set"] == 2 * POINTS_QUATORZE


def test_reckoning_pique_and_repique() -> None:
    r = shown("reckoning").facts
    # "Er zählt thirty-two in der Hand alleine; aber, wenn sein Punkt nicht gut ist, ..."
    assert r["a_hand"] == 32 and r["b_point"] > 0 and r["repique"] == 0
    assert r["a_sequence"] + r["a_set"] == 32
    p = shown("pique").facts
    assert p["a_hand"] < PIQUE_AT and p["pique"] == POINTS_PIQUE
    assert p["A"] == PIQUE_AT + POINTS_PIQUE and p["B"] == 0
    rp = shown("repique").facts
    assert rp["a_hand"] >= PIQUE_AT and rp["repique"] == POINTS_REPIQUE
    assert rp["A"] == rp["a_hand"] + POINTS_REPIQUE
    eq = shown("equal-no-save").facts
    assert eq["a_point"] == eq["b_point"] == 0 and eq["repique"] == POINTS_REPIQUE
    cb = shown("cb-saves").facts
    assert cb["a_hand"] >= PIQUE_AT and cb["b_cb"] == POINTS_CARTE_BLANCHE
    assert cb["repique"] == cb["pique"] == 0
    one = shown("one-per-deal").facts
    assert one["repique"] == POINTS_REPIQUE and one["pique"] == 0
    assert one["A"] == rp["A"] + 1  # the repique, then the first lead's point and no pique


@pytest.mark.parametrize(("key", "rubiconed"), [("partie", False), ("rubicon", True)])
def test_the_partie_settlement_follows_the_formula(key: str, rubiconed: bool) -> None:
    f = shown(key).facts
    assert f["deals"] == 6 and f["A"] != f["B"]
    hi, lo = max(f["A"], f["B"]), min(f["A"], f["B"])
    assert (lo < 100) is rubiconed and f["rubiconed"] == int(rubiconed)
    expected = hi + lo + 100 if rubiconed else hi - lo + 100
    assert f["gain"] == f["engine_gain"] == expected
    played = piquet_examples.play_partie(
        piquet_examples.RUBICON_SEED if rubiconed else piquet_examples.PARTIE_SEED
    )
    assert sum(d[0] for d in played.deals) == f["A"] and sum(d[1] for d in played.deals) == f["B"]


def test_the_sources_advice_holds_by_the_engine() -> None:
    cards = shown("strategy-cards").facts
    assert cards["tricks"] == 5 and cards["best_other"] > cards["best_spade"]
    # the source's "any card but a high spade" is only half right: the small spades lose too,
    # as the replay's verdict on the same advice says (piquet-any-other-card: refuted)
    assert cards["best_small_spade"] < cards["best_other"]
    text = " ".join(line.en for line in shown("strategy-cards").lines)
    assert "only half right" in text and "The source is right" not in text
    guards = shown("strategy-guards").facts
    assert guards["keep"] > guards["ace"] and guards["cost"] == guards["keep"] - guards["ace"]
    discard = shown("strategy-discard").facts
    assert discard["best_tenths"] >= discard["cavendish_tenths"] > 0
    # the difference is split into all five parts, so the parts add up to it (to rounding)
    split = shown("strategy-discard").lines[1].en.split(": ", 1)[1]
    parts = [float(x.replace("−", "-")) for x in re.findall(r"[+−]\d+\.\d", split)]
    assert len(parts) == 5 and "repique" in split and "for the play" in split
    # the words under the figures say what the drill found: its best keeps the king of spades,
    # Cavendish keeps four hearts
    assert discard["best_keeps_king_of_spades"] and discard["cavendish_hearts_kept"] == 4
    assert "king of spades" in shown("strategy-discard").lines[2].en
    assert abs(sum(parts) - (discard["best_tenths"] - discard["cavendish_tenths"]) / 10) <= 0.25


def test_a_tie_calls_for_two_more_deals_and_then_a_draw() -> None:
    f = shown("tie").facts
    assert f["deals"] == 8 and f["A"] == f["B"] and f["settled"] == 0
    played = piquet_examples.play_tied_partie()
    assert sum(d[0] for d in played.deals[:6]) == sum(d[1] for d in played.deals[:6]) == f["six"]
    assert [e.msg.key for e in played.events] == ["piquet.info.tied", "piquet.info.drawn"]


def test_saying_the_score_follows_the_source_s_deal_to_its_written_totals() -> None:
    """The Example ends A 28, B 23 (RULES.md §2); the totals said aloud rise with each score."""
    from cardtutor.rules.content import piquet_examples

    shown = piquet_examples.build_running_score()
    assert shown.facts == {"A": 28, "B": 23}
    said = [line.en for line in shown.lines[:-1]]
    assert said[0].endswith("A says: “5.”") and "B says: “14.”" in said[3]
    assert "A 28, B 23" in shown.lines[-1].en and "A 28, B 23" in shown.lines[-1].de


def test_an_example_of_one_category_has_no_running_total_the_learner_cannot_add_up() -> None:
    """The sequences after an unshown point said "8 in all" after the first 4 shown. Made-up
    deals show a total only where the lines shown add up to it (the worked example's
    excerpts keep that game's totals)."""
    for key in ("sequences", "sinking"):
        text = " ".join(t.en + " " + t.de for t in shown(key).lines)
        assert " in all." not in text and "zusammen " not in text.replace("zusammen 7 für", ""), key
    checked = 0
    for key in ("reckoning", "repique", "pique", "cb-saves", "equal-no-save", "carte-blanche"):
        sums: dict[str, int] = {}
        for line in shown(key).lines:
            found = re.search(r", (\d+) in all\.$", line.en)
            scored = re.match(r"(\w) scores (\d+) ", line.en) or re.search(
                r"^(\w) .*?: (?:repique|pique), (\d+) more", line.en
            )
            if found and scored:
                seat = scored.group(1)
                sums[seat] = sums.get(seat, 0) + int(scored.group(2))
                assert int(found.group(1)) == sums[seat], (key, line.en, sums)
                checked += 1
    assert checked >= 10, "the totals kept were checked"


def test_a_carte_blanche_is_shown_as_a_hand_is_read() -> None:
    # it listed the twelve cards from the nine of clubs up to the ace of spades
    line = next(t for t in shown("carte-blanche").lines if "shows his carte blanche" in t.en)
    assert line.en.startswith("A shows his carte blanche: ace of spades, ten of spades,")
    assert line.en.endswith("ace of clubs and nine of clubs.")
    assert line.de.startswith("A zeigt seine Carte blanche: Pik-As, Pik-Zehn,")
