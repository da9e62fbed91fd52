"""The Doppel-Besik ruling (RULES.md 3.3), in both rulesets: a Doppel-Besik counts as two
Besiks declared at once; two Besiks declared separately never merge into one; a Tripelbesik
builds on at most one earlier declaration, the rest fresh from the hand."""

from __future__ import annotations

import pytest

from cardtutor.engine.besik import (
    Meld,
    Phase,
    State,
    parse_action_text,
    ruleset_by_name,
    start_deal,
)
from cardtutor.engine.cards import ALL_CARDS, PhysicalCard
from cardtutor.engine.errors import IllegalActionError
from cardtutor.engine.text import Msg

RULESETS = ["seed", "standard"]

# B holds the Besik cards and wins every trick with a trump (hearts): first by trumping
# A's lead, then by leading the next trump; the others discard.
HANDS = {
    2: {
        "A": "7C#1 8C#1 9C#1 7D#1 8D#1 9D#1 7S#1 8S#1",
        "B": "QS#1 QS#2 JD#1 JD#2 AH#1 AH#2 9S#1 9S#2",
    },
    3: {
        "A": "7C#1 8C#1 9C#1 7D#1 8D#1 9D#1 7S#1 8S#1",
        "B": "QS#1 QS#2 QS#3 JD#1 JD#2 JD#3 AH#1 AH#2",
        "C": "7C#2 8C#2 9C#2 7D#2 8D#2 9D#2 7S#2 8S#2",
    },
    4: {  # standard Bezique only: four packs
        "A": "7C#1 8C#1 9C#1 7D#1 8D#1 9D#1 7S#1 8S#1",
        "B": "QS#1 QS#2 QS#3 JD#1 JD#2 JD#3 AH#1 AH#2",
        "C": "7C#2 8C#2 9C#2 7D#2 8D#2 9D#2 7S#2 8S#2",
        "D": "7C#3 8C#3 9C#3 7D#3 8D#3 9D#3 7S#3 8S#3",
    },
}
# talon tops: B draws first, so B's next trumps come from the talon in time
TOP = {
    2: "10H#1 7C#2 10H#2 8C#2 KH#1 9C#2",
    3: "AH#3 7C#3 8C#3 10H#1 9C#3 7D#3 10H#2 7S#3 8S#3",
    4: "QS#4 7C#4 8C#4 9C#4 AH#3 7D#4 8D#4 9D#4",
}
LEADS = {
    2: ["AH#2", "10H#1", "10H#2", "KH#1"],
    3: ["AH#2", "AH#3", "10H#1", "10H#2"],
    4: ["AH#2", "AH#3"],
}


def pcs(text: str) -> list[PhysicalCard]:
    return [PhysicalCard.parse(c) for c in text.split()]


def act(state: State, text: str) -> State:
    action = parse_action_text(text, state.seat_to_act)
    why = state.legal_actions.why_illegal(action)
    assert why is None, (text, str(why))
    from cardtutor.engine.besik import apply

    return apply(state, action)[0]


def b_declares(melds: list[str], players: int = 2, ruleset: str = "seed") -> State:
    """B wins a trick and declares each of ``melds`` in turn (before his draw, as both
    rulesets allow); returns the state after B has won one more trick, before he declares."""
    rules = ruleset_by_name(ruleset)
    hands = HANDS[players]
    fixed = {c for h in hands.values() for c in pcs(h)} | set(pcs("8H#1")) | set(pcs(TOP[players]))
    rest = [
        PhysicalCard(c, k)
        for k in range(rules.packs(players))
        for c in ALL_CARDS
        if PhysicalCard(c, k) not in fixed
    ]
    state, _ = start_deal(
        ruleset=ruleset,
        seats="ABCD"[:players],
        hands={s: pcs(h) for s, h in hands.items()},
        up_card="8H#1",
        talon=pcs(TOP[players]) + rest,
    )
    junk = {s: hands[s].split() for s in hands if s != "B"}
    state = act(state, "play 7C#1")
    state = act(state, "play AH#1")
    while state.phase is Phase.PLAY:
        state = act(state, "play " + hands[state.seat_to_act or ""].split()[0])
    for number, meld in enumerate(melds):
        assert state.phase is Phase.DRAW and state.seat_to_act == "B"
        state = act(state, "meld " + meld)
        state = act(state, "draw")
        state = act(state, "play " + LEADS[players][number])
        while state.phase is Phase.PLAY:
            seat = state.seat_to_act or ""
            state = act(state, "play " + junk[seat][number + 1])
    assert state.phase is Phase.DRAW and state.seat_to_act == "B"
    return state


def refusal(state: State, text: str) -> Msg:
    action = parse_action_text(text, "B")
    assert action not in list(state.legal_actions)
    msg = state.legal_actions.why_illegal(action)
    assert msg is not None
    from cardtutor.engine.besik import apply

    with pytest.raises(IllegalActionError):
        apply(state, action)
    return msg


def listed(state: State, text: str) -> bool:
    action = parse_action_text(text, "B")
    assert isinstance(action, Meld)
    return action in state.legal_actions.melds()


# --- two Besiks declared separately never merge -----------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_separate_besiks_never_make_a_double(ruleset: str) -> None:
    state = b_declares(["besik QS#1 JD#1", "besik QS#2 JD#2"], ruleset=ruleset)
    assert state.totals["B"] == 80
    msg = refusal(state, "meld double-besik QS#1 QS#2 JD#1 JD#2")
    assert msg.key == "besik.err.double_separate"
    assert msg.render("en") == (
        "two Besiks declared separately cannot be combined into a double Besik afterwards: "
        "the 500 needs all four cards at once, or one declared Besik and the other pair "
        "fresh from the hand"
    )
    assert msg.render("de") == (
        "zwei getrennt gemeldete Besiks lassen sich nachträglich nicht zu einem Doppel-Besik "
        "vereinen: Die 500 gibt es nur für alle vier Karten auf einmal oder für einen "
        "gemeldeten Besik und das andere, noch nicht dafür gemeldete Paar aus der Hand"
    )
    assert state.legal_actions.melds() == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_one_declared_besik_plus_a_fresh_pair_makes_a_double(ruleset: str) -> None:
    state = b_declares(["besik QS#1 JD#1"], ruleset=ruleset)
    assert listed(state, "meld double-besik QS#1 QS#2 JD#1 JD#2")
    state = act(state, "meld double-besik QS#1 QS#2 JD#1 JD#2")
    assert state.totals["B"] == 540
    assert state.score_breakdown()["B"] == {"besik": 40, "double-besik": 500}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_all_four_at_once_then_no_single_besik(ruleset: str) -> None:
    state = b_declares(["double-besik QS#1 QS#2 JD#1 JD#2"], ruleset=ruleset)
    assert state.totals["B"] == 500
    for pair in ("QS#1 JD#1", "QS#2 JD#1", "QS#1 JD#2"):
        msg = refusal(state, "meld besik " + pair)
        assert msg.key == "besik.err.inside"
    msg = refusal(state, "meld besik QS#2 JD#2")
    assert msg.render("en") == (
        "the jack of diamonds is part of a declared double Besik, which already counts "
        "as the smaller Besiks declared at once: its cards make no further Besik"
    )
    assert msg.render("de") == (
        "der Karo-Bauer gehört zu einem gemeldeten Doppel-Besik; der zählt schon als die darin "
        "enthaltenen Besiks, seine Karten ergeben keinen weiteren Besik"
    )
    assert refusal(state, "meld double-besik QS#1 QS#2 JD#1 JD#2").key == (
        "besik.err.repeat.double-besik"
    )
    assert state.legal_actions.melds() == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_besik_may_not_repeat_with_a_card_of_another(ruleset: str) -> None:
    state = b_declares(["besik QS#1 JD#1"], ruleset=ruleset)
    assert refusal(state, "meld besik QS#1 JD#1").key == "besik.err.repeat.besik"
    assert refusal(state, "meld besik QS#2 JD#1").render("en") == (
        "the jack of diamonds has already served in a Besik: the same meld needs fresh cards"
    )
    assert listed(state, "meld besik QS#2 JD#2")


# --- three packs: the Tripelbesik and partial doubles -------------------------------------


TRIPLE = "triple-besik QS#1 QS#2 QS#3 JD#1 JD#2 JD#3"


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    "earlier",
    [
        [],
        ["besik QS#1 JD#1"],
        ["double-besik QS#1 QS#2 JD#1 JD#2"],
        ["besik QS#2 JD#3", "double-besik QS#1 QS#2 JD#1 JD#3"],  # one chain
    ],
)
def test_triple_builds_on_at_most_one_declaration(ruleset: str, earlier: list[str]) -> None:
    state = b_declares(earlier, players=3, ruleset=ruleset)
    assert listed(state, "meld " + TRIPLE)
    before = state.totals["B"]
    state = act(state, "meld " + TRIPLE)
    assert state.totals["B"] == before + 1500


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("earlier", "count"),
    [
        (["besik QS#1 JD#1", "besik QS#2 JD#2"], 2),
        (["besik QS#1 JD#1", "besik QS#2 JD#2", "besik QS#3 JD#3"], 3),
        (["double-besik QS#1 QS#2 JD#1 JD#2", "besik QS#3 JD#3"], 2),
        (["besik QS#1 JD#1", "double-besik QS#2 QS#3 JD#2 JD#3"], 2),
    ],
)
def test_triple_never_merges_separate_declarations(
    ruleset: str, earlier: list[str], count: int
) -> None:
    state = b_declares(earlier, players=3, ruleset=ruleset)
    msg = refusal(state, "meld " + TRIPLE)
    assert msg == Msg("besik.err.triple_separate", count=count)
    assert msg.render("en") == (
        f"these cards were declared in {count} separate melds, which cannot be combined "
        "afterwards: a triple Besik may build on only one earlier declaration (a Besik or a "
        "double Besik), the rest fresh from the hand"
    )
    assert msg.render("de").startswith(
        f"diese Karten wurden in {count} getrennten Meldungen gemeldet"
    )
    assert not listed(state, "meld " + TRIPLE)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_double_must_contain_the_besik_it_builds_on_whole(ruleset: str) -> None:
    state = b_declares(["besik QS#1 JD#1"], players=3, ruleset=ruleset)
    msg = refusal(state, "meld double-besik QS#1 QS#2 JD#2 JD#3")
    assert msg.render("en") == (
        "the queen of spades served in an earlier declaration that this double Besik "
        "does not contain whole: it may build on one whole earlier declaration, the rest "
        "fresh from the hand"
    )
    assert msg.render("de") == (
        "die Pik-Dame war schon Teil einer früheren Meldung, die dieser Doppel-Besik nicht "
        "ganz enthält: Er darf auf einer ganzen früheren Meldung aufbauen, der Rest muss aus "
        "noch nicht dafür gemeldeten Karten der Hand kommen"
    )
    assert not listed(state, "meld double-besik QS#1 QS#2 JD#2 JD#3")
    # fresh cards beside the declared Besik make a double of their own
    assert listed(state, "meld double-besik QS#2 QS#3 JD#2 JD#3")
    assert listed(state, "meld double-besik QS#1 QS#2 JD#1 JD#2")


def test_triple_must_contain_the_declaration_whole() -> None:
    # with four packs (standard Bezique for four) a triple can leave out part of a Besik
    state = b_declares(["besik QS#1 JD#1"], players=4, ruleset="standard")
    assert PhysicalCard.parse("QS#4") in state.hand("B")
    msg = refusal(state, "meld triple-besik QS#2 QS#3 QS#4 JD#1 JD#2 JD#3")
    assert msg == Msg(
        "besik.err.not_whole",
        card=PhysicalCard.parse("JD#1"),
        code="JD#1",
        label=Msg("besik.noun.triple-besik"),
    )
    assert "dieser Tripelbesik nicht ganz" in msg.render("de")
    assert listed(state, "meld " + TRIPLE)
    assert listed(state, "meld triple-besik QS#2 QS#3 QS#4 JD#2 JD#3 JD#1") is False


@pytest.mark.parametrize("ruleset", RULESETS)
def test_after_a_triple_no_besik_nor_double(ruleset: str) -> None:
    state = b_declares([TRIPLE], players=3, ruleset=ruleset)
    assert state.totals["B"] == 1500 and not state.is_over
    msg = refusal(state, "meld besik QS#3 JD#1")
    assert msg.key == "besik.err.inside"
    assert msg.render("en").endswith("its cards make no further Besik")
    assert "Tripelbesik" in msg.render("de")
    msg = refusal(state, "meld double-besik QS#1 QS#3 JD#1 JD#2")
    assert msg.render("en") == (
        "the jack of diamonds is part of a declared triple Besik, which already counts "
        "as the smaller Besiks declared at once: its cards make no further double Besik"
    )
    assert msg.render("de").endswith("seine Karten ergeben keinen weiteren Doppel-Besik")
    assert refusal(state, "meld " + TRIPLE).key == "besik.err.repeat.triple-besik"
    assert state.legal_actions.melds() == []
