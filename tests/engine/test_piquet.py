"""Rubicon Piquet: the seed's example, hand-built deals for every rule, illegal actions."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from cardtutor.engine.cards import ALL_CARDS, Card, cards_from_mask, parse_cards
from cardtutor.engine.errors import IllegalActionError, NotationError, RecordError
from cardtutor.engine.events import Event
from cardtutor.engine.piquet import (
    CATEGORIES,
    ENGINE,
    RULE_ANCHORS,
    Action,
    Declare,
    Exchange,
    NextDeal,
    Phase,
    Play,
    State,
    action_from_json,
    apply,
    best_declaration,
    honest_claim,
    new_deal,
    new_partie,
    rubicon_settlement,
)
from cardtutor.engine.record import GameRecord, replay
from cardtutor.engine.text import MESSAGES, Msg

UNFILLED = re.compile(r"\{[A-Za-z_]\w*(![rsa])?\}")
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "cardtutor" / "engine" / "examples"
SEED = Path(__file__).resolve().parents[2] / "fixtures" / "sources" / "000_1d97ab8760326182.txt"


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------


def make(a: str, b: str, stock_top: str = "", dealer: str = "B") -> tuple[State, list[Event]]:
    """A deal with A's and B's 12 cards; the stock is ``stock_top`` then the rest."""
    used = {c.code for c in parse_cards(a + " " + b)}
    top = [c.code for c in parse_cards(stock_top)]
    rest = [c.code for c in ALL_CARDS if c.code not in used and c.code not in top]
    state, events = new_deal(hands={"A": a, "B": b}, stock=" ".join(top + rest), dealer=dealer)
    return state, list(events)


def do(state: State, *actions: Action) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for action in actions:
        assert action in state.legal_actions, action
        state, evs = apply(state, action)
        events.extend(evs)
    return state, events


def declare_honestly(state: State) -> tuple[State, list[Event]]:
    events: list[Event] = []
    while state.phase is Phase.DECLARE:
        state, evs = apply(state, best_declaration(state))
        events.extend(evs)
    return state, events


def ordered(text: str) -> tuple[Card, ...]:
    """Cards in index order (as masks give them back)."""
    return tuple(sorted(parse_cards(text), key=lambda c: c.index))


def both(state: State) -> tuple[State, list[Event]]:
    """Elder's and younger's best honest declarations in the current category."""
    state, first = apply(state, best_declaration(state))
    state, second = apply(state, best_declaration(state))
    return state, [*first, *second]


def plays(state: State, cards: str) -> tuple[State, list[Event]]:
    """Play the given cards in order, each by the seat to act."""
    events: list[Event] = []
    for card in parse_cards(cards):
        assert state.seat_to_act is not None
        state, evs = apply(state, Play(state.seat_to_act, card))
        events.extend(evs)
    return state, events


def play_out(state: State) -> tuple[State, list[Event]]:
    """Finish the play: the first legal card each time."""
    events: list[Event] = []
    while state.phase is Phase.PLAY:
        state, evs = apply(state, next(iter(state.legal_actions)))
        events.extend(evs)
    return state, events


def scores(events: Iterable[Event], category: str | None = None) -> list[Event]:
    """The score events (of ``category``); every message of ``events`` must render."""
    events = list(events)
    for e in events:
        assert_bilingual(e.msg)
    return [e for e in events if e.is_score and (category is None or e.category == category)]


def keys(events: Iterable[Event]) -> list[str]:
    """The message keys; every message must render in both languages."""
    events = list(events)
    for e in events:
        assert_bilingual(e.msg)
    return [e.msg.key for e in events]


def said(events: Iterable[Event]) -> list[tuple[str | None, str]]:
    return [(e.seat, e.msg.render("en")) for e in events if e.kind == "say"]


def assert_bilingual(msg: Msg) -> None:
    assert msg.key in MESSAGES, msg.key
    en, de = msg.render("en"), msg.render("de")
    # No template field left unfilled (a quoted input such as "{'seat': 1}" may show braces).
    assert en and de and not UNFILLED.search(en) and not UNFILLED.search(de)
    for value in msg.params.values():
        if isinstance(value, Msg):
            assert_bilingual(value)


def refused(state: State, action: Action) -> IllegalActionError:
    assert action not in state.legal_actions
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert_bilingual(info.value.msg)
    return info.value


# ---------------------------------------------------------------------------------------------
# The seed's example
# ---------------------------------------------------------------------------------------------


def load_example() -> tuple[GameRecord, dict[str, Any]]:
    record = GameRecord.from_json(json.loads((EXAMPLES / "piquet_example.json").read_text()))
    notes = json.loads((EXAMPLES / "piquet_example.annotations.json").read_text())
    return record, notes


def test_example_replays_to_28_23() -> None:
    record, _ = load_example()
    steps = replay(ENGINE, record)
    final = steps[-1].state
    assert final.totals == (28, 23)
    assert final.is_over
    assert final.score_breakdown()["A"] == {
        **dict.fromkeys(CATEGORIES, 0),
        "point": 5,
        "sequence": 4,
        "lead": 7,
        "trick": 1,
        "last_trick": 1,
        "cards": 10,
    }
    assert final.score_breakdown()["B"]["set"] == 17
    assert final.won == (7, 5)


def test_example_dialogue() -> None:
    record, _ = load_example()
    steps = replay(ENGINE, record)
    dialogue = [line for s in steps for line in said(s.events)]
    assert dialogue == [
        ("A", "Five cards."),
        ("B", "Equal."),
        ("A", "Forty-nine."),
        ("B", "Good."),
        ("A", "Quart major."),
        ("B", "Good."),
        ("A", "Three jacks?"),
        ("B", "Not good."),
    ]
    german = [e.msg.render("de") for s in steps for e in s.events if e.kind == "say"]
    assert german[:4] == ["Fünf Karten.", "Gleich.", "Neunundvierzig.", "Gut."]


def test_example_annotations_quote_the_seed_and_match_every_stated_total() -> None:
    record, notes = load_example()
    seed = SEED.read_text(encoding="utf-8")
    steps = replay(ENGINE, record)
    numbers = [entry["step"] for entry in notes["steps"]]
    assert numbers == list(range(len(record.actions) + 1))
    checked = 0
    for entry in notes["steps"]:
        step = steps[entry["step"]]
        for source in entry["source"]:
            assert source in seed, source
        for note in entry["notes"]:
            assert note["kind"] in ("deduction", "translation", "reason", "aside")
            assert note["en"] and note["de"]
            seats = note.get("seats", list(record.seats))  # "seats": only their views
            assert seats and set(seats) <= set(record.seats), (entry["step"], note)
        if entry["step"] > 0:  # every action of the example is a decision: it says why
            assert any(n["kind"] == "reason" for n in entry["notes"]), entry["step"]
        assert entry["commentary"]["en"] and entry["commentary"]["de"]
        for seat, total in entry["stated_totals"].items():
            assert step.state.total(seat) == total, (entry["step"], seat)
            checked += 1
        for seat, totals in entry.get("stated_during", {}).items():
            spoken = [e.totals[seat] for e in scores(step.events)]
            for total in totals:
                assert total in spoken, (entry["step"], seat, total)
                checked += 1
    assert checked >= 20
    kinds = {n["kind"] for e in notes["steps"] for n in e["notes"]}
    assert kinds == {"deduction", "translation", "reason", "aside"}


def test_example_events_are_complete() -> None:
    record, _ = load_example()
    for step in replay(ENGINE, record):
        for e in step.events:
            assert_bilingual(e.msg)
            if e.is_score:
                assert e.category in CATEGORIES
                assert e.rule.startswith("piquet#") and e.rule[7:] in RULE_ANCHORS
                assert set(e.totals) == {"A", "B"}


def test_example_record_round_trips() -> None:
    record, _ = load_example()
    steps = replay(ENGINE, record)
    again = [s.action.to_json() for s in steps[1:] if s.action is not None]
    assert [ENGINE.parse_action(a) for a in again] == [s.action for s in steps[1:]]
    assert [ENGINE.parse_action(a) for a in record.actions] == [s.action for s in steps[1:]]


# ---------------------------------------------------------------------------------------------
# Declarations
# ---------------------------------------------------------------------------------------------

EQUAL_A = "AH KH QH JH 9H 9C 8C 7C AS 10S 8D 7D"
EQUAL_B = "AD KD QD JD 9D KS QS JS 10C JC 8H 7H"


def equal_deal() -> tuple[State, list[Event]]:
    state, _ = make(EQUAL_A, EQUAL_B, stock_top="7S 8S")
    return do(state, Exchange.of("A", "8D"), Exchange.of("B", "7H"))


def test_equal_point_scores_nobody() -> None:
    state, _ = equal_deal()
    state, events = both(state)
    assert said(events) == [("A", "Five cards."), ("B", "Equal."), ("A", "Fifty."), ("B", "Equal.")]
    assert not scores(events)
    assert "piquet.info.equal.0" in keys(events)


def test_equal_best_sequences_score_no_sequence_at_all() -> None:
    state, _ = equal_deal()
    state, events = declare_honestly(state)
    # A: quart major in hearts and a tierce minor in clubs; B: quart major in diamonds and a
    # tierce to the king in spades. The best are identical: neither scores any sequence.
    assert ("A", "Quart major.") in said(events)
    assert "piquet.info.equal.1" in keys(events)
    assert not scores(events, "sequence")
    state, events = plays(state, "AH 8H")
    assert not scores(events, "sequence")
    # B's trio of jacks is good (A has no set) and is scored before B plays.
    assert [(e.seat, e.points) for e in scores(events, "set")] == [("B", 3)]
    assert state.totals == (1, 3)


def test_point_tie_broken_by_pips_and_longer_point_wins() -> None:
    # A: five hearts worth 49; B: five diamonds worth 48 (the example). Then B with six.
    state, events = make(
        "AH KH QH JH 8H AS JS 9S 8S JC 9C KD", "AD QD JD 10D 7D 10S QS 10H KC QC 10C AC"
    )
    state, _ = do(state, Exchange.of("A", "KD"), Exchange.of("B", "AC"))
    state, events = both(state)
    assert said(events)[-1] == ("B", "Good.")
    assert scores(events)[0].points == 5


def test_sinking_is_legal_and_does_not_bar() -> None:
    record, _ = load_example()
    steps = replay(ENGINE, record)
    state = steps[2].state  # A to declare his point
    sunk = Declare.of("A", "point", "AH KH QH JH")
    assert sunk in state.legal_actions and sunk != best_declaration(state)
    state, events = do(state, sunk, Declare.of("B", "point", "AD QD JD 10D 7D"))
    assert said(events) == [("A", "Four cards."), ("B", "Not good.")]
    # A declares nothing for sets: B's quatorze is still good.
    state, _ = both(state)
    state, events = do(state, Declare.of("A", "set", ""))
    state, more = do(state, best_declaration(state))
    events += more
    assert said(events)[0] == ("A", "No trio or quatorze.")
    state, events = plays(state, "AH 10H")
    assert [(e.category, e.points) for e in scores(events) if e.seat == "B"] == [
        ("point", 5),
        ("set", 14),
        ("set", 3),
    ]


def test_holder_of_best_sequence_scores_all_his_sequences() -> None:
    # The seed: A has a quart to the queen (good) and a tierce minor, B a quart to the jack.
    a = "QS JS 10S 9S 9D 8D 7D AH KC 7C 8C 8H"
    b = "JH 10H 9H 7H AD KD QD JD 10D AC QC JC"
    state, _ = make(a, b, stock_top="7S 8S")
    state, _ = do(state, Exchange.of("A", "8H"), Exchange.of("B", "AC"))
    state, _ = both(state)
    state, events = both(state)
    # B's quint in diamonds beats: A scores no sequence, B holds the best.
    assert said(events)[-1] == ("B", "Not good.")
    state2, _ = make(a, "JH 10H 9H 7H AD KD 8S 9C 10D AC QC JC", stock_top="7S KS")
    state2, _ = do(state2, Exchange.of("A", "8H"), Exchange.of("B", "AC"))
    state2, _ = both(state2)
    state2, events = both(state2)
    assert said(events) == [("A", "Quart to the queen."), ("B", "Good.")]
    assert [e.points for e in scores(events, "sequence")] == [4, 3]


def test_honest_claims() -> None:
    cards = parse_cards("AS KS QS JS 10S 9S AH AD AC 7H 8H 9H")
    assert honest_claim(cards, "sequence") == parse_cards("7H 8H 9H 9S 10S JS QS KS AS")
    assert honest_claim(cards, "set") == parse_cards("AC AD AH AS")
    with pytest.raises(NotationError):
        honest_claim(cards, "flush")


# ---------------------------------------------------------------------------------------------
# Pique and repique
# ---------------------------------------------------------------------------------------------

STRONG = "AH KH QH JH 10H 9H AS AC AD 7S 8S 7C"
WEAK = "KS QS JS 10S 9S KC QC JC 10C KD QD JD"


def test_repique_by_elder() -> None:
    state, _ = make(STRONG, WEAK, stock_top="7D 8D")
    state, _ = do(state, Exchange.of("A", "7C"), Exchange.of("B", "KD"))
    state, events = declare_honestly(state)
    # point 6, sixième 16, quatorze of aces 14 = 36 before B reckons anything.
    rep = scores(events, "repique")
    assert [(e.seat, e.points) for e in rep] == [("A", 60)]
    assert state.totals == (96, 0)
    assert rep[0].rule == "piquet#repique"
    state, events = plays(state, "AH")
    assert not scores(events, "pique")  # at most one of pique and repique
    assert state.totals == (97, 0)


def test_repique_by_younger_counts_from_his_first_play() -> None:
    state, _ = make(WEAK, STRONG, stock_top="7D 8D")
    state, _ = do(state, Exchange.of("A", "KD"), Exchange.of("B", "7C"))
    state, events = declare_honestly(state)
    assert not scores(events)
    assert said(events)[-1] == ("B", "Not good.")
    state, events = plays(state, "KS")
    assert state.totals == (1, 0)  # younger scores before playing, not before the lead
    state, events = plays(state, "AS")
    cats = [(e.seat, e.category, e.points) for e in scores(events)]
    assert cats == [
        ("B", "point", 6),
        ("B", "sequence", 16),
        ("B", "set", 14),
        ("B", "repique", 60),
        ("B", "trick", 1),
    ]
    assert state.totals == (1, 97)


def test_pique() -> None:
    a = "AH KH QH JH 10H 9H AS AC 7S 8S 7C 8C"
    b = "KS QS JS 10S 9S KC QC JC KD QD 10D 9D"
    state, _ = make(a, b, stock_top="7D 8D 8H 7H")
    state, _ = do(state, Exchange.of("A", "8C"), Exchange.of("B", "9D"))
    state, events = declare_honestly(state)
    assert state.totals == (25, 0)  # point 6, sixième 16, trio of aces 3
    assert not scores(events, "repique")
    state, events = plays(state, "AH 8D KH 10D QH QD JH")
    assert state.totals == (29, 0) and not scores(events, "pique")
    state, events = plays(state, "KD 10H")
    pique = scores(events, "pique")
    assert [(e.seat, e.points, e.totals["A"]) for e in pique] == [("A", 30, 60)]


def test_pique_prevented_by_younger_point() -> None:
    a = "AH KH QH JH 10H 10S 10C 10D 7S 8S 7C 8C"
    b = "AD KD QD JD 9D 8D 7D 9H 8H 7H KS 9S"
    state, _ = make(a, b, stock_top="9C JC")
    state, _ = do(state, Exchange.of("A", "8C"), Exchange.of("B", "7H"))
    state, events = declare_honestly(state)
    assert state.totals == (29, 0)  # quint major 15 and quatorze of tens 14
    state, events = plays(state, "AH")
    assert state.totals == (30, 0)
    assert not scores(events, "pique")
    assert "piquet.info.no_pique_hand" in keys(events)
    state, events = plays(state, "9H")
    assert scores(events, "point")[0].seat == "B"


def test_repique_denied_by_reckoning_order() -> None:
    # A has 33 in hand (sixième 16, quatorze of kings 14, trio of aces 3) but B's point of
    # seven reckons (II) before A's sequences (III): no repique although A speaks first.
    a = "AH KH QH JH 10H 9H KS KC KD AS AC 7S"
    b = "AD QD JD 10D 9D 8D 7D 8H 7H QS JS 10S"
    state, _ = make(a, b, stock_top="7C 8C")
    state, _ = do(state, Exchange.of("A", "7S"), Exchange.of("B", "10S"))
    state, events = declare_honestly(state)
    assert state.totals == (33, 0)
    assert not scores(events, "repique")
    info = [e for e in events if e.msg.key == "piquet.info.no_repique"]
    assert len(info) == 1 and info[0].rule == "piquet#reckoning-order"
    assert "point (II)" in info[0].msg.render("en")
    assert "Point (II)" in info[0].msg.render("de")
    state, events = plays(state, "AH")
    assert not scores(events, "pique")
    assert "piquet.info.no_pique_hand" in keys(events)


def test_carte_blanche_saves_a_repique() -> None:
    a = "AH KH QH JH 10H 9H AS AC AD KS QS JS"
    b = "10S 9S 8S 7S 10C 9C 8C 7C 10D 9D 8D 7D"
    state, events = make(a, b, stock_top="8H 7H")
    assert [(e.seat, e.category, e.points) for e in scores(events)] == [("B", "carte_blanche", 10)]
    assert ("B", "Carte blanche.") in said(events)
    assert state.view("A").carte_blanche["B"] == (None,) * 12
    state, events = do(state, Exchange.of("A", "QS"))
    assert "piquet.info.show_cb" in keys(events)  # shown after the opponent's discard
    assert state.view("A").carte_blanche["B"] == ordered(b)
    state, _ = do(state, Exchange.of("B", "7S"))
    state, events = declare_honestly(state)
    # point 7, septième 17, quatorze of aces 14 = 38, but B's carte blanche reckons first.
    assert state.totals == (38, 10)
    assert not scores(events, "repique")
    assert "piquet.info.no_repique" in keys(events)


def test_elder_carte_blanche_counts_toward_repique() -> None:
    a = "AH 10H 9H 8H 7H AS 10S 9S AC 10C AD 10D"
    b = "KH QH JH KS QS JS KC QC JC KD QD JD"
    state, events = make(a, b, stock_top="8S 7S")
    assert state.totals == (10, 0)
    state, events = do(state, Exchange.of("A", "10D"))
    assert "piquet.info.show_cb" not in keys(events)
    state, events = do(state, Exchange.of("B", "KH"))
    assert "piquet.info.show_cb" in keys(events)  # elder shows after younger's exchange
    state, events = declare_honestly(state)
    # carte blanche 10, point 5, quart minor 4 + tierce 3, quatorze of aces 14 + trio of tens 3
    assert [e.category for e in scores(events, "repique")] == ["repique"]
    assert state.totals == (99, 0)


# ---------------------------------------------------------------------------------------------
# The play and the cards
# ---------------------------------------------------------------------------------------------


def test_capot() -> None:
    a = "AH KH QH JH 10H 9H 8H 7H AS AC AD 7S"
    b = "QS JS 10S 9S KC QC JC 10C KD QD JD 10D"
    state, _ = make(a, b, stock_top="KS 8S")
    state, _ = do(state, Exchange.of("A", "7S"), Exchange.of("B", "9S"))
    state, _ = declare_honestly(state)
    state, events = plays(state, "AS")
    state, events = play_out(state)
    assert state.won == (12, 0)
    capot = scores(events, "capot")
    assert [(e.seat, e.points) for e in capot] == [("A", 40)]
    assert not scores(events, "cards")
    assert state.score_breakdown()["A"]["capot"] == 40


def test_six_tricks_each_divide_the_cards() -> None:
    a = "AH KH QH JH 10H 9H 7C 8C 9C 7D 8D 9D"
    b = "AC KC QC JC 10C AD KD QD JD 10D AS KS"
    state, _ = make(a, b, stock_top="7S 8S")
    state, _ = do(state, Exchange.of("A", "9D"), Exchange.of("B", "AS"))
    state, _ = declare_honestly(state)
    state, events = plays(
        state,
        "AH 8S KH KS QH 10D JH JD 10H JC 9H QC 7C 10C AC 8C KC 9C AD 7D KD 8D QD 7S",
    )
    assert state.won == (6, 6) and state.is_over
    assert not scores(events, "cards") and not scores(events, "capot")
    assert "piquet.info.divided" in keys(events)
    last = scores(events, "last_trick")
    assert [(e.seat, e.points) for e in last] == [("B", 1)]


def test_trick_points() -> None:
    record, _ = load_example()
    steps = replay(ENGINE, record)
    # B wins the king of diamonds with the ace as second player: 1 for the trick.
    trick = scores(steps[20].events, "trick")
    assert [(e.seat, e.points, e.cards) for e in trick] == [("B", 1, parse_cards("KD AD"))]
    # Leading a losing card still scores 1.
    assert [e.points for e in scores(steps[19].events, "lead")] == [1]


# ---------------------------------------------------------------------------------------------
# The partie
# ---------------------------------------------------------------------------------------------


def test_rubicon_settlement_rules() -> None:
    assert rubicon_settlement(150, 140) == (110, False)
    assert rubicon_settlement(150, 99) == (349, True)
    assert rubicon_settlement(90, 80) == (270, True)


def policy(state: State) -> Action:
    """Deterministic, role-relative play: honest declarations, first legal card."""
    if state.phase is Phase.EXCHANGE:
        hand = state.hands[state.turn]
        low = cards_from_mask(hand)[0]
        return Exchange(state.seat_to_act or "", low.bit)
    if state.phase is Phase.DECLARE:
        return best_declaration(state)
    return next(iter(state.legal_actions))


def run(state: State) -> tuple[State, list[Event]]:
    events: list[Event] = []
    while not state.is_over:
        state, evs = apply(state, policy(state))
        events.extend(evs)
    return state, events


def finish_deal(state: State) -> tuple[State, list[Event]]:
    events: list[Event] = []
    while state.phase not in (Phase.DEAL_OVER, Phase.OVER):
        state, evs = apply(state, policy(state))
        events.extend(evs)
    return state, events


def test_partie_alternates_the_deal_and_settles() -> None:
    state, events = new_partie(seed="alternation", first_dealer="A")
    dealers = []
    while True:
        dealers.append(state.seats[state.dealer])
        state, _ = finish_deal(state)
        if state.is_over:
            break
        assert state.seat_to_act == state.seats[1 - state.dealer]
        refused(state, Play.of(state.seat_to_act or "", "AS"))
        state, _ = apply(state, NextDeal(state.seat_to_act or ""))
    assert dealers[:6] == ["A", "B", "A", "B", "A", "B"]
    assert state.partie is not None and len(state.partie.results) in (6, 8)


def test_tied_partie_gets_extra_deals_then_is_drawn() -> None:
    # The same cards by role every deal and the same play: each seat scores the elder's total
    # three times and the younger's three times, so the partie is tied after six deals.
    a = "AH KH QH JH 10H 9H AS AC 7S 8S 7C 8C"
    b = "KS QS JS 10S 9S KC QC JC KD QD 10D 9D"
    stock = "7D 8D 8H 7H 10C 9C AD JD"
    deals = [
        {"hands": {"A": a, "B": b} if k % 2 == 0 else {"A": b, "B": a}, "stock": stock}
        for k in range(8)
    ]
    state, _ = new_partie(first_dealer="B", deals=deals)
    all_events: list[Event] = []
    while not state.is_over:
        state, evs = finish_deal(state)
        all_events.extend(evs)
        if state.phase is Phase.DEAL_OVER:
            state, _ = apply(state, NextDeal(state.seat_to_act or ""))
    assert state.partie is not None
    assert len(state.partie.results) == 8
    k = keys(all_events)
    assert k.count("piquet.info.tied") == 1 and k.count("piquet.info.drawn") == 1
    assert not scores(all_events, "partie")


def test_partie_settlement_rubicon_and_not() -> None:
    state, _ = new_partie(seed="settle", first_dealer="A")
    while state.deal_number < 6:
        state, _ = finish_deal(state)
        state, _ = apply(state, NextDeal(state.seat_to_act or ""))
    assert state.partie is not None
    last, events = finish_deal(state)
    assert last.is_over and last.partie is not None
    da, db = last.partie.results[-1]
    assert db < 100
    for previous, rubiconed in (((300, 0),) * 5, True), (((100, 60),) * 5, False):
        state6 = state._replace(partie=state.partie._replace(results=previous))
        end, events = finish_deal(state6)
        ta, tb = sum(r[0] for r in previous) + da, sum(r[1] for r in previous) + db
        settle = scores(events, "partie")
        assert len(settle) == 1
        gain, rub = rubicon_settlement(max(ta, tb), min(ta, tb))
        assert rub is rubiconed
        assert settle[0].seat == ("A" if ta > tb else "B") and settle[0].points == gain
        assert settle[0].rule == ("piquet#rubicon" if rubiconed else "piquet#partie")
        assert dict(settle[0].totals) == {"A": ta, "B": tb}
        assert_bilingual(settle[0].msg)


def test_partie_record_replays() -> None:
    state, start_events = new_partie(seed=99)
    assert start_events[0].msg.key == "piquet.info.cut"
    actions = []
    while not state.is_over:
        action = (
            policy(state)
            if state.phase is not Phase.DEAL_OVER
            else NextDeal(state.seat_to_act or "")
        )
        actions.append(action.to_json())
        state, _ = apply(state, action)
    record = GameRecord.from_json(
        {
            "format": "cardtutor-game-record",
            "version": 1,
            "game": "piquet",
            "ruleset": "rubicon",
            "seats": ["A", "B"],
            "deal": {"partie": True, "seed": 99},
            "actions": actions,
        }
    )
    assert replay(ENGINE, record)[-1].state == state


# ---------------------------------------------------------------------------------------------
# Illegal actions
# ---------------------------------------------------------------------------------------------


def test_wrong_discard_counts() -> None:
    state, _ = make(EQUAL_A, EQUAL_B)
    err = refused(state, Exchange("A", 0))
    assert "at least 1 and at most 5" in str(err)
    assert "mindestens 1 und höchstens 5" in err.render("de")
    refused(state, Exchange.of("A", "AH KH QH JH 9H 9C"))
    refused(state, Exchange.of("A", "9C", look=True))
    state, _ = do(state, Exchange.of("A", "9C 8C"))  # leaves 3: younger may take up to 6
    assert state.legal_actions.count() == sum(
        __import__("math").comb(12, n) * (2 if n < 6 else 1) for n in range(1, 7)
    )
    err = refused(state, Exchange.of("B", "AD KD QD JD 9D KS QS"))
    assert "at most 6" in str(err) and "höchstens 6" in err.render("de")
    refused(state, Exchange("B", 0))
    full = Exchange.of("B", "AD KD QD JD 9D KS")
    assert full in state.legal_actions
    err = refused(state, dataclasses.replace(full, look=True))
    assert "No cards are left" in str(err)


def test_discarding_cards_not_held() -> None:
    state, _ = make(EQUAL_A, EQUAL_B)
    err = refused(state, Exchange.of("A", "AD"))
    assert str(err) == "A does not hold the ace of diamonds."
    assert err.render("de") == "A hat das Karo-As nicht auf der Hand."  # as Besik says it


def test_out_of_turn() -> None:
    state, _ = make(EQUAL_A, EQUAL_B)
    err = refused(state, Exchange.of("B", "AD"))
    assert str(err).startswith("It is not B's turn: A is to discard")
    assert err.render("de").startswith("B ist nicht an der Reihe")
    state, _ = equal_deal()
    state, _ = declare_honestly(state)
    err = refused(state, Play.of("B", "AD"))
    assert "It is not B's turn: A is to play a card." == str(err)
    refused(state, Play.of("C", "AD"))
    refused(state, Declare.of("A", "point", ""))


def test_not_following_suit() -> None:
    state, _ = equal_deal()
    state, _ = declare_honestly(state)
    state, _ = plays(state, "AS")
    err = refused(state, Play.of("B", "AD"))
    assert str(err) == (
        "B must follow suit: the ace of spades was led and B still has spades: "
        "eight of spades, jack of spades, queen of spades and king of spades."
    )
    assert "must follow suit" in str(err) and "muss Farbe bedienen" in err.render("de")
    assert Play.of("B", "KS") in state.legal_actions
    assert {a.card.code for a in state.legal_actions if isinstance(a, Play)} == {
        "8S",
        "JS",
        "QS",
        "KS",
    }


def test_declaring_cards_you_do_not_hold_and_malformed_claims() -> None:
    state, _ = equal_deal()
    err = refused(state, Declare.of("A", "point", "AD KD QD JD 9D"))
    assert "does not hold" in str(err) and "nicht auf der Hand" in err.render("de")
    err = refused(state, Declare.of("A", "point", "AH AS"))
    assert "one suit" in str(err)
    err = refused(state, Declare.of("A", "sequence", ""))
    assert "point, sequences, sets" in str(err)
    state, _ = both(state)
    err = refused(state, Declare.of("A", "sequence", "AH KH"))
    assert str(err).startswith("king of hearts and ace of hearts are in no sequence: ")
    assert err.render("de").startswith("Herz-König und Herz-As gehören zu keiner Sequenz: ")
    # only the cards that are wrong are named: the nine, not the quart above it
    err = refused(state, Declare.of("A", "sequence", "AH KH QH JH 9H"))
    assert str(err).startswith("The nine of hearts is in no sequence: a sequence is 3 or more")
    assert err.render("de").startswith("Die Herz-Neun gehört zu keiner Sequenz: ")
    assert Declare.of("A", "sequence", "AH KH QH") in state.legal_actions  # sinking
    state, _ = both(state)
    err = refused(state, Declare.of("A", "set", "9C 9H 8C"))
    assert "are in no trio or quatorze" in str(err)
    assert "gehören zu keinem Quatorze und keinem Trio" in err.render("de")
    refused(state, Exchange.of("A", "9C"))


def test_no_action_after_the_end() -> None:
    record, _ = load_example()
    final = replay(ENGINE, record)[-1].state
    assert not final.legal_actions and list(final.legal_actions) == []
    assert final.seat_to_act is None
    err = refused(final, NextDeal("A"))
    assert "over" in str(err)


def test_record_errors_name_the_step() -> None:
    record, _ = load_example()
    data = record.to_json()
    data["actions"][5] = {"type": "play", "seat": "B", "card": "AD"}
    with pytest.raises(RecordError) as info:
        replay(ENGINE, GameRecord.from_json(data))
    assert info.value.step == 6
    data["actions"][5] = {"type": "play", "seat": "B", "card": "1D"}
    with pytest.raises(RecordError) as info:
        replay(ENGINE, GameRecord.from_json(data))
    assert info.value.step == 6 and "'1D'" in str(info.value)
    data = record.to_json()
    data["deal"] = {"hands": {"A": "AS", "B": "KS"}, "stock": ""}
    with pytest.raises(RecordError) as info:
        replay(ENGINE, GameRecord.from_json(data))
    assert info.value.step == 0
    data["ruleset"] = "piquet-au-cent"
    with pytest.raises(RecordError):
        replay(ENGINE, GameRecord.from_json(data))


@pytest.mark.parametrize(
    "data",
    [
        {"type": "play", "seat": "A"},
        {"type": "play", "seat": 1, "card": "AS"},
        {"type": "exchange", "seat": "A"},
        {"type": "exchange", "seat": "A", "discard": "AS AS"},
        {"type": "exchange", "seat": "A", "discard": "AS", "look": "yes"},
        {"type": "declare", "seat": "A", "category": "flush", "cards": ""},
        {"type": "declare", "seat": "A", "category": "point", "cards": 7},
        {"type": "shuffle", "seat": "A"},
        {"seat": "A"},
    ],
)
def test_malformed_action_json(data: dict[str, Any]) -> None:
    with pytest.raises(NotationError) as info:
        action_from_json(data)
    assert_bilingual(info.value.msg)


def test_action_json_round_trip() -> None:
    for action in (
        Exchange.of("A", "KS 8C"),
        Exchange.of("B", "7S", look=True),
        Declare.of("A", "sequence", "AH KH QH"),
        Declare.of("B", "set", ""),
        Play.of("A", "10H"),
        NextDeal("B"),
    ):
        assert action_from_json(action.to_json()) == action
        assert eval(repr(action)) == action  # noqa: S307 - evaluable reprs


# ---------------------------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------------------------


def test_views_hide_what_a_seat_may_not_see() -> None:
    state, _ = make(EQUAL_A, EQUAL_B, stock_top="7S 8S 10H QC")
    va = state.view("A")
    assert va.hands["A"] == ordered(EQUAL_A) and set(va.hands["B"]) == {None}
    assert set(va.stock) == {None} and len(va.stock) == 8
    state, _ = do(state, Exchange.of("A", "8D 7D"))  # leaves 10H QC (and KC)
    va, vb = state.view("A"), state.view("B")
    assert va.stock[:3] == parse_cards("10H QC KC") and set(va.stock[3:]) == {None}
    assert set(vb.stock) == {None}
    assert va.discards["A"] == parse_cards("7D 8D") and vb.discards["A"] == (None, None)
    state, _ = do(state, Exchange.of("B", "7H 8H", look=True))  # takes 10H QC
    va, vb = state.view("A"), state.view("B")
    assert vb.stock == (Card.parse("KC"),) + tuple(vb.stock[1:]) and None not in vb.stock
    assert va.stock[0] == Card.parse("KC") and set(va.stock[1:]) == {None}
    assert set(va.hands["B"]) == {None, Card.parse("10H"), Card.parse("QC")}
    state, _ = declare_honestly(state)
    assert None in state.view("A").stock
    state, _ = plays(state, "AH")
    assert None not in state.view("A").stock  # after elder's first lead
    full = state.view(None)
    assert None not in full.hands["B"] and None not in full.stock
    assert full.trick == (("A", Card.parse("AH")),) and full.seat_to_act == "B"


def test_view_shows_declared_cards() -> None:
    record, _ = load_example()
    steps = replay(ENGINE, record)
    vb = steps[6].state.view("B")
    assert vb.shown["A"] == parse_cards("8H JH QH KH AH")
    assert vb.hands["A"].count(None) == 7
    assert steps[9].state.view("A").shown["B"] == ()
    va = steps[10].state.view("A")
    assert va.shown["B"] == ordered("10C QC 10D QD 10H QS 10S")
    assert va.breakdown["B"]["set"] == 17 and va.totals == {"A": 10, "B": 17}


def test_state_rendering_helpers() -> None:
    record, _ = load_example()
    steps = replay(ENGINE, record)
    state = steps[9].state
    assert state.phase is Phase.PLAY and state.seat_to_act == "B"
    assert state.current_trick == (("A", Card.parse("AH")),)
    assert len(state.hand("A")) == 11 and len(state.discard("B")) == 3
    assert state.stock_cards == () and state.tricks_won("A") == 0
    assert steps[3].state.category == "point" and steps[3].state.seat_to_act == "B"
