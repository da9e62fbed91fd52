"""Whole games between computer players: every decision is legal and every game reaches its end.

Piquet: six-deal parties; Besik: deals for two players and for four in partnerships, and a
whole two-player game to 1000. Each strength plays, on several seeds (the strong player on
fewer: its exchange takes a third of a second).
"""

from __future__ import annotations

import random

import pytest

from cardtutor.engine.besik import ENGINE as BESIK
from cardtutor.engine.besik import start_deal
from cardtutor.engine.players import Strength, observe, player_for
from cardtutor.engine.players.arena import play_besik, play_piquet


@pytest.mark.parametrize(
    ("strength", "opponent", "seed"),
    [
        ("beginner", "beginner", 1),
        ("beginner", "club", 2),
        ("club", "club", 3),
        ("club", "beginner", 4),
        ("strong", "beginner", 5),
    ],
)
def test_piquet_parties_reach_the_end(strength: str, opponent: str, seed: int) -> None:
    result = play_piquet({"A": strength, "B": opponent}, seed, partie=True)
    assert result.over
    assert result.decisions >= 6 * 24  # six deals of 24 cards at least
    assert set(result.points) == {"A", "B"}


@pytest.mark.parametrize("strength", [s.value for s in Strength])
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_besik_two_players_every_strength(strength: str, seed: int) -> None:
    other = "club" if strength != "club" else "strong"
    result = play_besik({"A": strength, "B": other}, seed)
    assert result.over and result.decisions >= 64
    # every card of the two packs was won in a trick: 240 Augen and the last trick's 10
    assert sum(result.points.values()) >= 250


@pytest.mark.parametrize("strength", [s.value for s in Strength])
@pytest.mark.parametrize("seed", [21, 22])
def test_besik_four_players_in_partnerships(strength: str, seed: int) -> None:
    strengths = {"A": strength, "B": "club", "C": strength, "D": "beginner"}
    result = play_besik(strengths, seed, players=4, partnerships=True)
    assert result.over and set(result.points) == {"A+C", "B+D"}


@pytest.mark.parametrize("strength", [s.value for s in Strength])
def test_besik_three_players_and_the_standard_rules(strength: str) -> None:
    three = play_besik({"A": strength, "B": "club", "C": "beginner"}, 31, players=3)
    assert three.over and set(three.points) == {"A", "B", "C"}
    standard = play_besik({"A": strength, "B": "club"}, 32, ruleset="standard")
    assert standard.over


def test_a_whole_besik_game_to_a_thousand() -> None:
    state, events = start_deal(seed=41, play_to="game")
    history = list(events)
    players = {"A": player_for("besik", "club"), "B": player_for("besik", "beginner")}
    rng = random.Random(41)
    steps = 0
    while not state.is_over:
        seat = state.seat_to_act
        action = players[seat].choose(observe(state, seat, history), rng)
        assert action in state.legal_actions
        state, events = BESIK.apply(state, action)
        history += events
        steps += 1
        assert steps < 5000
    outcome = state.outcome()
    assert outcome.game_over and outcome.winner in ("A", "B")
    assert max(outcome.game.values()) >= 1000
