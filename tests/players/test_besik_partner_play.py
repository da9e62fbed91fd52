"""Besik with three or four players while the talon lasts: the club heuristics (club play, and
the strong player's before the talon is empty) put an ace or a ten on a trick only when their
side is sure, or nearly, to keep it, given who is still to play.

An expert tester's finding (four players, A and C against B and D): A leads the eight of
clubs, B throws the eight of hearts, and C, A's partner, threw the ace of hearts with D still
to play; D won with the queen of clubs and took the ace's 11 Augen. In the same deal C played a
ten of hearts second in hand, and D trumped it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtutor.engine.besik import ENGINE as BESIK
from cardtutor.engine.besik import Play, start_deal
from cardtutor.engine.cards import PhysicalCard, iter_packs
from cardtutor.engine.players import Strength, observe, player_for

HANDS = {
    "A": ["8C#1", "7D#1", "9C#1", "KS#1", "7C#1", "10D#1", "8D#1", "JH#1"],
    "B": ["8H#1", "7S#2", "9S#2", "KC#1", "QC#2", "AD#1", "JD#2", "10C#2"],
    "C": ["AH#1", "10H#1", "JC#1", "7S#1", "8S#1", "9S#1", "7H#1", "10S#1"],
    "D": ["QC#1", "KD#1", "9D#2", "AC#1", "8S#2", "JS#2", "QH#2", "9H#2"],
}
UP = "9D#1"  # diamonds are trumps
BRISQUES = {"A", "10"}


def _deal(
    players: int, dealer: str, plays: list[tuple[str, str]], hands: dict[str, list[str]] = HANDS
) -> tuple[Any, list[Any]]:
    seats = ("A", "B", "C", "D")[:players]
    taken = {c for s in seats for c in hands[s]} | {UP}
    talon = [c.code for c in iter_packs(3) if c.code not in taken]
    state, events = start_deal(
        seats=seats,
        partnerships=players == 4,
        hands={s: hands[s] for s in seats},
        up_card=UP,
        talon=talon,
        dealer=dealer,
    )
    history = list(events)
    for seat, code in plays:
        state, events = BESIK.apply(state, Play(seat, PhysicalCard.parse(code)))
        history += events
    assert not state.view().end_play
    return state, history


def _card(state: Any, history: list[Any], seat: str, strength: Strength) -> str:
    action = player_for("besik", strength).choose(observe(state, seat, history), random.Random(0))
    assert isinstance(action, Play)
    return action.card.code


def _brisque(code: str) -> bool:
    return code.split("#")[0][:-1] in BRISQUES


@pytest.mark.parametrize("strength", [Strength.CLUB, Strength.STRONG])
def test_partner_third_in_hand_does_not_smear_with_an_opponent_still_to_play(
    strength: Strength,
) -> None:
    """The finding itself: A (partner) leads the eight of clubs, B throws the eight of hearts;
    C's side wins for now with a low card, but D, still to play, can beat it."""
    state, history = _deal(4, "D", [("A", "8C#1"), ("B", "8H#1")])
    assert state.seat_to_act == "C"
    code = _card(state, history, "C", strength)
    assert not _brisque(code), code


@pytest.mark.parametrize("strength", [Strength.CLUB, Strength.STRONG])
def test_partner_last_in_hand_still_smears_onto_its_side_s_trick(strength: Strength) -> None:
    """With nobody left to play, the ace goes onto the partner's winning trick."""
    # D leads (A deals): D the eight of spades, A the ten of diamonds (trumps), B the nine
    # of spades; C, last, plays onto A's sure trick
    state, history = _deal(4, "C", [("D", "8S#2"), ("A", "10D#1"), ("B", "9S#2")])
    assert state.seat_to_act == "C"
    assert _card(state, history, "C", strength) == "AH#1"


@pytest.mark.parametrize("strength", [Strength.CLUB, Strength.STRONG])
def test_no_ten_second_in_hand_into_a_trick_a_later_opponent_may_beat(
    strength: Strength,
) -> None:
    """B leads the eight of hearts; C, second, could win for now with the ten of hearts, but D
    still plays after it (and may trump it or hold the ace)."""
    state, history = _deal(4, "A", [("B", "8H#1")])
    assert state.seat_to_act == "C"
    code = _card(state, history, "C", strength)
    assert not _brisque(code), code


@pytest.mark.parametrize("strength", [Strength.CLUB, Strength.STRONG])
def test_three_players_no_ten_second_in_hand(strength: Strength) -> None:
    """Three players, each for himself: B leads the eight of hearts; C, second, with A still
    to play, keeps its ace and ten of hearts."""
    state, history = _deal(3, "A", [("B", "8H#1")])
    assert state.seat_to_act == "C"
    code = _card(state, history, "C", strength)
    assert not _brisque(code), code
