"""Computer players against each other: whole deals and games, and duplicate matches.

Each decision is made from the seat's observation only (:func:`~.base.observe`), checked legal
by the engine, and timed. A *duplicate* match plays every deal twice with the seats swapped, so
both strengths hold the same cards and the luck of the deal cancels out.

>>> result = play_piquet({"A": "beginner", "B": "club"}, seed=3)
>>> result.over, sorted(result.points) == ["A", "B"], result.decisions > 20
(True, True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtutor.engine.events import Event
from cardtutor.engine.players.base import Observation, Strength, observe

__all__ = [
    "Result",
    "Margin",
    "play_piquet",
    "play_besik",
    "duplicate",
]


@dataclass
class Result:
    """One deal or game played by computer players."""

    points: dict[str, int]
    """Per party: the deal's points (a Piquet partie: the partie totals)."""
    over: bool
    decisions: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)
    """Per strength: the seconds each decision took."""


def _run(
    game: str,
    state: Any,
    events: Any,
    strengths: Mapping[str, Strength | str],
    seed: int,
    check: Callable[[Any, Observation, Any], None] | None = None,
) -> tuple[Any, Result]:
    from cardtutor.engine.games import game_info
    from cardtutor.engine.players import player_for

    engine = game_info(game).engine
    players = {seat: player_for(game, s) for seat, s in strengths.items()}
    rng = random.Random(seed)
    history: list[Event] = list(events)
    result = Result({}, False)
    while not state.is_over:
        seat = state.seat_to_act
        obs = observe(state, seat, history, game)
        player = players[seat]
        start = time.perf_counter()
        action = player.choose(obs, rng)
        result.times.setdefault(player.strength.value, []).append(time.perf_counter() - start)
        reason = state.legal_actions.why_illegal(action)
        if reason is not None:
            raise AssertionError(f"{player!r} chose an illegal {action!r}: {reason}")
        if check is not None:
            check(state, obs, action)
        state, events = engine.apply(state, action)
        history += events
        result.decisions += 1
    result.over = True
    return state, result


def play_piquet(
    strengths: Mapping[str, Strength | str],
    seed: int,
    partie: bool = False,
    dealer: str = "B",
    check: Callable[[Any, Observation, Any], None] | None = None,
) -> Result:
    """A Piquet deal (or a six-deal ``partie``) between the given strengths by seat."""
    from cardtutor.engine.piquet import new_deal, new_partie

    start = (
        new_partie(seed=seed, first_dealer=dealer) if partie else new_deal(seed=seed, dealer=dealer)
    )
    state, result = _run("piquet", start[0], start[1], strengths, seed, check)
    outcome = state.outcome()
    result.points = dict(outcome.game if partie else outcome.deal)
    return result


def play_besik(
    strengths: Mapping[str, Strength | str],
    seed: int,
    players: int = 2,
    partnerships: bool = False,
    ruleset: str = "seed",
    check: Callable[[Any, Observation, Any], None] | None = None,
) -> Result:
    """A Besik deal between the given strengths by seat (``A``, ``B``, ``C``, ``D``)."""
    from cardtutor.engine.besik import start_deal

    seats = ("A", "B", "C", "D")[:players]
    state, events = start_deal(seed=seed, seats=seats, partnerships=partnerships, ruleset=ruleset)
    state, result = _run("besik", state, events, strengths, seed, check)
    result.points = dict(state.outcome().deal)
    return result


@dataclass(frozen=True)
class Margin:
    """The average points per deal one strength made more than the other, over duplicate
    pairs of deals, with its 95 % confidence interval (normal approximation over the pairs)."""

    mean: float
    low: float
    high: float
    deals: int
    """Deals played (twice each)."""
    times: Mapping[str, tuple[float, ...]]

    @classmethod
    def of(cls, margins: list[float], times: Mapping[str, list[float]]) -> Margin:
        n = len(margins)
        mean = sum(margins) / n
        var = sum((m - mean) ** 2 for m in margins) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n)
        return cls(mean, mean - half, mean + half, n, {k: tuple(v) for k, v in times.items()})


def duplicate(
    game: str,
    first: Strength | str,
    second: Strength | str,
    seeds: range,
    players: int = 2,
    partnerships: bool = False,
) -> Margin:
    """``first``'s points minus ``second``'s per deal, each deal played twice with the seats
    swapped (Besik with four players: ``first`` holds A and C against B and D, then the
    reverse).

    >>> m = duplicate("besik", "club", "beginner", range(2))
    >>> m.deals, m.low <= m.mean <= m.high
    (2, True)
    """
    margins: list[float] = []
    times: dict[str, list[float]] = {}
    seats = ("A", "B", "C", "D")[: (players if game == "besik" else 2)]
    for seed in seeds:
        total = 0.0
        for swap in (False, True):
            a, b = (second, first) if swap else (first, second)
            strengths = {s: (a if i % 2 == 0 else b) for i, s in enumerate(seats)}
            if game == "piquet":
                result = play_piquet(strengths, seed)
            else:
                result = play_besik(strengths, seed, players, partnerships)
            mine = "B" if swap else "A"
            if game == "besik" and partnerships:
                mine = "B+D" if swap else "A+C"
            others = [p for p in result.points if p != mine]
            if game == "besik" and players == 3:
                # A and C play one strength, B the other: compare B with the average of A, C
                pts = result.points
                other_side = [pts["A"], pts["C"]]
                diff = pts["B"] - sum(other_side) / 2
                total += -diff if not swap else diff
            else:
                total += result.points[mine] - sum(result.points[p] for p in others) / len(others)
            for k, v in result.times.items():
                times.setdefault(k, []).extend(v)
        margins.append(total / 2)
    return Margin.of(margins, times)
