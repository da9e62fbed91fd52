"""Particular decisions: melds held back or declared, the seven exchange, sinking, reasons in
both languages, and the interface's refusals."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtutor.engine.besik import ENGINE as BESIK
from cardtutor.engine.besik import Draw, Exchange, Meld, Play, start_deal
from cardtutor.engine.cards import PhysicalCard, iter_packs
from cardtutor.engine.piquet import Declare, new_deal
from cardtutor.engine.players import Decision, Observation, Strength, hint, observe, player_for
from cardtutor.engine.players.piquet_players import _example_first_lead

A_HAND = ["AH#1", "10H#1", "KH#1", "QH#1", "JH#1", "7C#1", "8C#1", "9C#1"]
B_HAND = ["7S#1", "8S#1", "9S#1", "7D#1", "8D#1", "9D#1", "JS#1", "QD#1"]


def _besik(ruleset: str, up: str = "9H#1", a_hand: list[str] = A_HAND) -> tuple[Any, list[Any]]:
    """A deal where A holds the trump sequence (hearts) and wins the first trick."""
    taken = set(a_hand) | set(B_HAND) | {up}
    rest = [c.code for c in iter_packs(2) if c.code not in taken]
    state, events = start_deal(
        ruleset=ruleset,
        hands={"A": a_hand, "B": B_HAND},
        up_card=up,
        talon=rest,
        dealer="B",
    )
    history = list(events)
    for action in (Play("A", PhysicalCard.parse("7C#1")), Play("B", PhysicalCard.parse("7S#1"))):
        state, events = BESIK.apply(state, action)
        history += events
    return state, history


def test_standard_rules_declare_the_trump_marriage_before_the_sequence() -> None:
    state, history = _besik("standard")
    decision = player_for("besik", "club").decide(observe(state, "A", history))
    assert isinstance(decision.action, Meld) and decision.action.kind == "trump-marriage"
    assert "sequence" in decision.reason.render("en")
    # the beginner takes the 250 at once
    greedy = player_for("besik", "beginner").choose(observe(state, "A", history))
    assert isinstance(greedy, Meld) and greedy.kind == "quint-major"


def test_seed_rules_draw_first_then_declare_the_quint_major() -> None:
    state, history = _besik("seed")
    club = player_for("besik", "club")
    first = club.decide(observe(state, "A", history))
    assert first.action == Draw("A")
    assert first.reason.key == "players.reason.meld_after_draw"
    state, events = BESIK.apply(state, first.action)
    history += events
    second = club.choose(observe(state, "A", history))
    assert isinstance(second, Meld) and second.kind == "quint-major"


def test_the_trump_seven_is_exchanged_for_the_face_up_card() -> None:
    hand = ["AH#1", "10H#1", "KH#1", "QH#1", "7H#1", "7C#1", "8C#1", "9C#1"]
    state, history = _besik("seed", up="JH#1", a_hand=hand)
    for strength in Strength:
        decision = player_for("besik", strength).decide(observe(state, "A", history))
        assert decision.action in state.legal_actions
        assert decision.action.__class__.__name__ in ("DeclareSeven", "Exchange")
    state2, _ = BESIK.apply(state, Exchange("A", PhysicalCard.parse("7H#1")))
    assert state2.up is not None and state2.up.code == "7H#1"


def test_piquet_club_sinks_where_strong_declares_in_full() -> None:
    from cardtutor.engine.piquet import ENGINE
    from cardtutor.engine.piquet import Exchange as PExchange

    state, events = new_deal(
        hands={
            "A": "AC KC QC JC 10C 9D 8D 7D JD JS 10H 8S",
            "B": "AS KS QS 10S 9S AH KH QH JH 9H 8H 7H",
        },
        stock="7S AD KD QD 10D 9C 8C 7C",
        dealer="B",
    )
    history = list(events)
    for action in (
        PExchange.of("A", "8S"),
        PExchange.of("B", "9S 10S"),
        Declare.of("A", "point", "AC KC QC JC 10C"),
        Declare.of("B", "point", "AH KH QH JH 9H 8H 7H"),
    ):
        state, events = ENGINE.apply(state, action)
        history += events
    club = player_for("piquet", "club").decide(observe(state, "A", history))
    strong = player_for("piquet", "strong").decide(observe(state, "A", history))
    assert isinstance(club.action, Declare) and isinstance(strong.action, Declare)
    assert club.action.cards.bit_count() == 5 and strong.action.cards.bit_count() == 8
    assert club.reason.key == "players.reason.sink"


def test_reasons_read_in_both_languages() -> None:
    state, history = _example_first_lead()
    obs = observe(state, "A", history)
    for strength in Strength:
        decision = player_for("piquet", strength).decide(obs, random.Random(1))
        en, de = decision.reason.render("en"), decision.reason.render("de")
        assert en and de and en != de
        data = decision.to_json()
        assert data["action"]["type"] == "play" and data["strength"] == strength.value
    advice = hint(obs)
    assert advice.samples == 20 and len(advice.values) == len(list(state.legal_actions))
    assert advice.values[0][1] >= advice.values[-1][1]


def test_the_interface_refuses_what_it_cannot_answer() -> None:
    state, events = new_deal(seed=3, dealer="B")
    with pytest.raises(ValueError, match="not B's turn"):
        player_for("piquet", "club").decide(observe(state, "B", events))
    with pytest.raises(ValueError, match="all-seeing"):
        Observation(state.view(None))
    with pytest.raises(ValueError, match="unknown strength"):
        player_for("piquet", "grandmaster")
    bstate, bevents = start_deal(seed=3)
    with pytest.raises(TypeError):
        player_for("piquet", "club").decide(observe(bstate, "A", bevents))
    assert isinstance(player_for("besik", "club").decide(observe(bstate, "A", bevents)), Decision)


def test_same_observation_and_seed_same_decision() -> None:
    state, history = _example_first_lead()
    obs = observe(state, "A", history)
    strong = player_for("piquet", "strong")
    first = strong.decide(obs, random.Random(5))
    again = strong.decide(obs, random.Random(5))
    assert first == again


def _piquet_sets_to_declare(
    a: str = "AH KH QH JH KS QS JS KC QC JC AD 7S",
    b: str = "10H 9H 8H 7H AS 10S 9S AC 10C 9C KD QD",
) -> tuple[Any, list[Any]]:
    """Elder (A) to declare his sets: three kings, three queens and three jacks, after a
    point (four hearts, asked) and sequences (a quart major and two tierces) that were good."""
    from cardtutor.engine.piquet import ENGINE, State
    from cardtutor.engine.piquet import Exchange as PExchange

    state, events = new_deal(
        hands={"A": a, "B": b},
        stock="10D 8S 8C 7C JD 9D 8D 7D",
        dealer="B",
    )
    history = list(events)
    for action in (PExchange.of("A", "7S"), PExchange.of("B", "9C")):
        state, events = ENGINE.apply(state, action)
        history += events
    assert isinstance(state, State)
    for _ in range(2):  # the point and the sequences, both sides honest
        for seat in ("A", "B"):
            decision = player_for("piquet", "beginner").decide(observe(state, seat, history))
            state, events = ENGINE.apply(state, decision.action)
            history += events
    assert state.view("A").category == "set"
    return state, history


def test_piquet_club_does_not_sink_what_its_other_declarations_show_anyway() -> None:
    state, history = _piquet_sets_to_declare()
    shown = {c.code for c in state.view("B").shown["A"]}
    assert {"JH", "JS", "JC"} <= shown, "the three jacks lie in A's good sequences"
    club = player_for("piquet", "club").decide(observe(state, "A", history))
    assert isinstance(club.action, Declare)
    assert {c.code for c in club.action.card_list} >= {"JH", "JS", "JC"}
    assert club.reason.key != "players.reason.sink"


def test_piquet_club_sinks_a_set_whose_cards_are_not_shown_otherwise() -> None:
    # A's clubs are K, Q, 10 (no jack, no sequence): three kings and three queens, and the
    # queen of clubs is not shown with a sequence
    state, history = _piquet_sets_to_declare(
        "AH KH QH JH KS QS JS KC QC 10C AD 7S", "10H 9H 8H 7H AS 10S 9S AC JC 9C KD QD"
    )
    club = player_for("piquet", "club").decide(observe(state, "A", history))
    assert isinstance(club.action, Declare)
    assert club.reason.key == "players.reason.sink", club.reason.render("en")
    assert {c.code for c in club.action.card_list} == {"KH", "KS", "KC"}


@pytest.mark.parametrize("strength", [Strength.CLUB, Strength.STRONG])
def test_the_besik_player_wins_a_trick_without_breaking_the_meld_it_wins_it_for(
    strength: Strength,
) -> None:
    """A learner tester's finding, in the worked example: B holds ace, ten, king, queen and
    jack of clubs and two jacks of hearts (trumps); A leads the nine of clubs. The hint said
    "Play the ace of clubs: the points in the trick are worth the card", giving up the
    quint major's 250. It now wins with a jack of hearts, as the book does, and says why."""
    from cardtutor.engine.besik import example_record
    from cardtutor.engine.record import replay as replay_record

    steps = replay_record(BESIK, example_record())
    state = steps[1].state
    events = [e for step in steps[:2] for e in step.events]
    decision = player_for("besik", strength).decide(observe(state, "B", events), random.Random(0))
    assert decision.action == steps[2].action, "the book's jack of hearts"
    assert decision.reason.render("en") == (
        "Win the trick with the jack of hearts: then you may declare a meld worth 250, and "
        "this card is not one you need for it."
    )


def _club_lead(hand: str, opp_may_hold: str) -> tuple[str, str]:
    """The club player's lead from ``hand`` when the opponent may hold ``opp_may_hold``."""
    from types import SimpleNamespace

    from cardtutor.engine.cards import Card, mask_of, parse_cards
    from cardtutor.engine.players.piquet_players import club_card

    info: Any = SimpleNamespace(
        hand=mask_of(parse_cards(hand)),
        opp_known=0,
        allowed=mask_of(parse_cards(opp_may_hold)),
        played=0,
    )
    view: Any = SimpleNamespace(trick=())
    index, why = club_card(info, view)
    return Card.from_index(index).code, why.key


def test_piquet_club_cashes_cards_the_opponent_cannot_beat_being_void_or_seen_out() -> None:
    """A learner tester: B held the queen and jack of spades, the ace played, the king seen
    left in the stock and the opponent void in spades, and led a small heart: the cards not in
    the opponent's hand counted as outstanding. They no longer do."""
    # the opponent may hold no spade (void, the king in the stock): the queen is a winner
    card, why = _club_lead("QS JS QH 8H QC 9C", "AH KH 10H AC KC JC 7D")
    assert card == "QS" and why == "players.reason.cash"
    # with the king of spades possibly in his hand, it is not
    card, _why = _club_lead("QS JS QH 8H QC 9C", "KS AH KH 10H AC KC JC 7D")
    assert card != "QS"


def test_piquet_club_leads_the_top_of_a_sequence_not_a_low_card_below_it() -> None:
    """A learner tester: from K Q J 10 8 of diamonds, the ace out, the club player led the
    eight, which the nine won; the king draws the ace and makes the queen, jack and ten good."""
    card, why = _club_lead("KD QD JD 10D 8D 9S 7S 8C", "AD 9D 7D AS KS AC KC AH KH")
    assert card == "KD" and why == "players.reason.lead_sequence"
    # no sequence at the top (king, jack, the queen out): low from the longest suit
    card, why = _club_lead("KD JD 9D 8D 7D 9S 7S 8C", "AD QD 10D AS KS AC KC AH KH")
    assert card == "7D" and why == "players.reason.lead_long"
