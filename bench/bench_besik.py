"""Besik engine speed: one complete random deal, two and four players.

Each deal is played from a seeded shuffle with random legal choices through the contract
only (:mod:`cardtutor.engine.contract`): whenever the trick winner may declare, he declares
a random meld (or trump seven, or exchange) if one is available. Two- and four-player deals
are timed interleaved, one of each per round, and the medians are reported (timings here
swing 30-50 % between runs). ``besik.deal2_vs_floor`` divides the two-player median by the
floor (:mod:`bench.bench_floor`), so the figure holds on any machine; the floor is measured after
each block of rounds and the ratio is the blocks' median (see :func:`run`).

Run ``python -m bench.bench_besik``; prints ``name value unit`` lines.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.bench_floor import floor_besik_ms
from cardtutor.engine.besik import ENGINE, Phase, State
from cardtutor.engine.record import GameRecord

SEATS = {2: ("A", "B"), 3: ("A", "B", "C"), 4: ("A", "B", "C", "D")}


def play_random_deal(seed: int, players: int = 2, ruleset: str = "seed") -> State:
    """Play one deal with random legal actions, declaring whenever possible."""
    rng = random.Random(seed)
    record = GameRecord("besik", ruleset, SEATS[players], {"seed": seed}, ())
    state, _ = ENGINE.start(record)
    apply = ENGINE.apply
    draw_phase = Phase.DRAW
    while not state.is_over:
        legal = state.legal_actions
        if state.phase is draw_phase:
            # declare whenever possible; else the one other legal action, the draw
            declarations = legal.declarations()
            action = rng.choice(declarations) if declarations else legal.sample(rng)
        else:
            action = legal.sample(rng)
        state, _ = apply(state, action)
    return state


def run(rounds: int = 300, blocks: int = 5) -> list[tuple[str, float, str]]:
    """Median milliseconds per complete random deal (two and four players), and the ratio.

    The rounds are timed in ``blocks``, each followed by one :func:`floor_besik_ms`, and the
    ratio is the median of the blocks' ratios: the load of a shared machine changes over
    a run, and a floor measured once, before or after all the deals, can be measured under
    another load than the deals (ratios then swing by half).
    """
    for seed in range(20):  # warm up
        play_random_deal(seed, 2)
        play_random_deal(seed, 4)
    two: list[float] = []
    four: list[float] = []
    ratios: list[float] = []
    clock = time.perf_counter
    per_block = -(-rounds // blocks)
    for first in range(1000, 1000 + rounds, per_block):
        block: list[float] = []
        for seed in range(first, min(first + per_block, 1000 + rounds)):
            t0 = clock()
            play_random_deal(seed, 2)
            t1 = clock()
            play_random_deal(seed, 4)
            t2 = clock()
            block.append((t1 - t0) * 1000)
            four.append((t2 - t1) * 1000)
        two += block
        ratios.append(statistics.median(block) / floor_besik_ms())
    return [
        ("besik.deal2_ms", round(statistics.median(two), 3), "ms"),
        ("besik.deal4_ms", round(statistics.median(four), 3), "ms"),
        ("besik.deal2_vs_floor", round(statistics.median(ratios), 1), "x"),
    ]


if __name__ == "__main__":
    for name, value, unit in run():
        print(name, value, unit)
