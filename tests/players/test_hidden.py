"""The computer never sees what it could not know.

At every decision of recorded games, two cards the deciding seat has never seen (one in an
opponent's hand, the other elsewhere: the opponent's discard, the stock or talon, another hand)
change places in the deal and in every action, and the game is replayed to that decision. When
the seat's observation is the same (most swaps: a swap that changes what the seat was shown,
e.g. the value of a declaration, is not a pair of identical positions), the hidden cards differ
and every strength, with the same seed, must make the same decision in both.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtutor.engine import besik
from cardtutor.engine.cards import ALL_CARDS, PhysicalCard, iter_packs
from cardtutor.engine.players import Strength, observe, player_for

from .games import (
    Game,
    besik_game,
    piquet_game,
    positions,
    relabelled_besik,
    relabelled_piquet,
    replay,
    seen_cards,
)

STRENGTHS = [s.value for s in Strength]


def _hidden_piquet(state: Any, seat: str) -> tuple[int, int, tuple[int, ...]]:
    opp = 1 - state.seats.index(seat)
    return state.hands[opp], state.discards[opp], state.stock


def _check_pairs(
    game: Game,
    strengths: list[str],
    relabel: Any,
    opponent_cards: Any,
    all_cards: list[Any],
    hidden: Any,
    stride: int = 1,
    offset: int = 0,
) -> tuple[int, int]:
    """(positions checked, positions with an unseen opponent card); asserts equal decisions."""
    checked = candidates = 0
    rng = random.Random(7)
    for i, state, history in positions(game):
        if i % stride != offset:
            continue
        seat = state.seat_to_act
        obs = observe(state, seat, history)
        seen = seen_cards(obs)
        theirs = [c for c in opponent_cards(state, seat) if c not in seen]
        if not theirs:
            continue
        candidates += 1
        elsewhere = [c for c in all_cards if c not in seen and c not in theirs]
        rng.shuffle(theirs)
        rng.shuffle(elsewhere)
        pair = None
        for a in theirs[:4]:
            for b in elsewhere[:6]:
                if getattr(a, "card", a) == getattr(b, "card", b):
                    continue  # (Besik: two copies of one card are alike in play)
                got = replay(relabel(game, a, b), i)
                if got is None:
                    continue
                other = observe(got[0], seat, got[1])
                if other == obs:
                    pair = (got[0], other)
                    break
            if pair:
                break
        if pair is None:
            continue
        other_state, other_obs = pair
        assert hidden(other_state, seat) != hidden(state, seat)
        for strength in strengths:
            player = player_for(game.game, strength)
            first = player.decide(obs, random.Random(i))
            second = player.decide(other_obs, random.Random(i))
            assert first.action == second.action, (strength, i, first, second)
            assert first.reason == second.reason
        checked += 1
    return checked, candidates


# (seeds of games with enough positions where the hidden cards can be exchanged unseen: which
# positions those are depends on how the players play; seed 2 gave 7 of 11 after the club
# player learned to lead from a sequence)
@pytest.mark.parametrize("seed", [1, 4])
def test_piquet_decisions_do_not_depend_on_hidden_cards(seed: int) -> None:
    game = piquet_game({"A": "club", "B": "strong"}, seed, dealer="B" if seed % 2 else "A")

    def theirs(state: Any, seat: str) -> list[Any]:
        return list(state.hand(state.seats[1 - state.seats.index(seat)]))

    # strong's exchange takes a third of a second: every other position, elder's on one
    # seed, younger's on the other
    checked, candidates = _check_pairs(
        game,
        STRENGTHS,
        relabelled_piquet,
        theirs,
        list(ALL_CARDS),
        _hidden_piquet,
        stride=2,
        offset=seed % 2,
    )
    assert candidates >= 10 and checked >= 0.7 * candidates, (checked, candidates)


def _hidden_besik(state: Any, seat: str) -> tuple[Any, ...]:
    me = state.seats.index(seat)
    return tuple(h for i, h in enumerate(state.hands) if i != me) + (state.table.talon,)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (2, 4), (4, 5)])
def test_besik_decisions_do_not_depend_on_hidden_cards(players: int, seed: int) -> None:
    strengths = {"A": "club", "B": "strong", "C": "beginner", "D": "strong"}
    game = besik_game(strengths, seed, players, partnerships=players == 4)

    def theirs(state: Any, seat: str) -> list[Any]:
        out: list[Any] = []
        for s in state.seats:
            if s != seat:
                out += state.concealed(s)
        return out

    packs = besik.SeedRuleset.packs(players)
    checked, candidates = _check_pairs(
        game,
        STRENGTHS,
        relabelled_besik,
        theirs,
        list(iter_packs(packs)),
        _hidden_besik,
        stride=2 if players == 4 else 1,
    )
    assert candidates >= 20 and checked >= 0.7 * candidates, (checked, candidates)


def test_the_relabelling_changes_the_all_seeing_view() -> None:
    """The swap is real: the all-seeing view of a relabelled game differs."""
    game = besik_game({"A": "club", "B": "club"}, 8)
    a, b = PhysicalCard.parse("AS#1"), PhysicalCard.parse("7H#2")
    got = replay(relabelled_besik(game, a, b), 0)
    assert got is not None
    original = replay(game, 0)
    assert original is not None
    assert got[0].view(None) != original[0].view(None)
