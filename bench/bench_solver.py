"""Double-dummy solver speed: the values of every legal card at the start of the play.

- Piquet: seeded deals played to the play phase (random exchanges, honest declarations:
  :func:`cardtutor.engine.piquet.best_declaration`), then :func:`cardtutor.engine.solver.solve`
  on elder's first lead: the exact value of every legal card with 12 tricks to go.
- Besik: seeded two-player deals (seed ruleset) played at random through the talon, then
  ``solve`` at the first of the last eight tricks.

Positions are built first (not timed); Piquet and Besik solves are timed interleaved (one
Piquet, two Besik per round) since timings here swing 30-50 % between runs. Medians and 95th
percentiles are reported, and the medians and p95s divided by the floors of
:mod:`bench.bench_floor` (``*_vs_floor``) so the figures hold on any machine. The floors are
measured after every block of solves and their medians used (as the engine benches do): the
load of a shared machine changes over a run, and one floor measured at its end could see
another load than most solves (the ratios then swung by half between runs). The lines are not
timed: a :class:`~cardtutor.engine.solver.Solution` finds them only when asked
(``solver.piquet_lines_ms`` times that for every first lead, as an indication).

Run ``python -m bench.bench_solver``; prints ``name value unit`` lines.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from bench.bench_floor import floor_besik_ms, floor_piquet_ms
from cardtutor.engine import besik, piquet
from cardtutor.engine.solver import solve

PIQUET_DEALS = 120
BESIK_DEALS = 2 * PIQUET_DEALS
FLOOR_EVERY = 20
"""Rounds (one Piquet and two Besik solves) between two measurements of the floors."""


def piquet_first_lead(seed: int) -> piquet.State:
    """A seeded deal at elder's first lead: random exchanges, honest declarations."""
    state, _ = piquet.new_deal(seed=seed)
    rng = random.Random(seed)
    while state.phase is not piquet.Phase.PLAY:
        if state.phase is piquet.Phase.DECLARE:
            action: Any = piquet.best_declaration(state)
        else:
            action = state.legal_actions.sample(rng)
        state, _ = piquet.ENGINE.apply(state, action)
    return state


def besik_end(seed: int) -> besik.State:
    """A seeded two-player deal at the first of its last eight tricks (random play)."""
    state, _ = besik.start_deal(seed=seed)
    rng = random.Random(seed)
    while not (state.end_play and state.phase is besik.Phase.PLAY):
        state, _ = besik.ENGINE.apply(state, state.legal_actions.sample(rng))
    return state


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run(deals: int = PIQUET_DEALS) -> list[tuple[str, float, str]]:
    """Median and p95 milliseconds per solve, and their ratios to the floors."""
    pq_states = [piquet_first_lead(1000 + i) for i in range(deals)]
    bs_states = [besik_end(5000 + i) for i in range(2 * deals)]
    for state in pq_states[:3] + bs_states[:3]:  # warm up
        solve(state)
    clock = time.perf_counter
    pq: list[float] = []
    bs: list[float] = []
    floors_pq: list[float] = []
    floors_bs: list[float] = []
    for i, state in enumerate(pq_states):
        if i % FLOOR_EVERY == FLOOR_EVERY - 1:
            floors_pq.append(floor_piquet_ms())
            floors_bs.append(floor_besik_ms())
        t0 = clock()
        solve(state)
        pq.append((clock() - t0) * 1000)
        for other in bs_states[2 * i : 2 * i + 2]:
            t0 = clock()
            solve(other)
            bs.append((clock() - t0) * 1000)
    lines: list[float] = []
    for state in pq_states[:10]:
        solution = solve(state)
        t0 = clock()
        for action in solution:
            solution.line(action)
        lines.append((clock() - t0) * 1000)
    floors_pq.append(floor_piquet_ms())
    floors_bs.append(floor_besik_ms())
    floor_pq = statistics.median(floors_pq)
    floor_bs = statistics.median(floors_bs)
    pq_med, pq_p95 = statistics.median(pq), _p95(pq)
    bs_med, bs_p95 = statistics.median(bs), _p95(bs)
    return [
        ("solver.piquet_first_lead_ms", round(pq_med, 3), "ms"),
        ("solver.piquet_first_lead_p95_ms", round(pq_p95, 3), "ms"),
        ("solver.piquet_first_lead_vs_floor", round(pq_med / floor_pq, 1), "x"),
        ("solver.piquet_first_lead_p95_vs_floor", round(pq_p95 / floor_pq, 1), "x"),
        ("solver.piquet_lines_ms", round(statistics.median(lines), 3), "ms"),
        ("solver.besik_endplay_ms", round(bs_med, 3), "ms"),
        ("solver.besik_endplay_p95_ms", round(bs_p95, 3), "ms"),
        ("solver.besik_endplay_vs_floor", round(bs_med / floor_bs, 1), "x"),
        ("solver.besik_endplay_p95_vs_floor", round(bs_p95 / floor_bs, 1), "x"),
    ]


if __name__ == "__main__":
    for metric, value, unit in run():
        print(f"{metric} {value:.4g} {unit}", flush=True)
