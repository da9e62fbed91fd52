"""Piquet engine speed: one complete random deal, and one complete random partie.

A deal is shuffled from a seed and played to the end through the contract only: random legal
choices drawn by ``state.legal_actions.sample(rng)`` (exchange, declarations, 12 tricks,
scoring) until ``state.is_over``. Every action goes through the full legality check; its events
are built only if read (nobody reads them here, as in a playout). A partie is six deals (eight
after a tie) with the next-deal actions. Deals and parties are timed interleaved, one of each
per round, and the medians are reported (timings here swing 30-50 % between runs);
``piquet.deal_vs_floor`` divides the deal by ``bench.floor_piquet_ms`` (target: 10 or less).

Run ``python -m bench.bench_piquet``; prints ``name value unit`` lines.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.floor import floor_piquet_ms
from cardtutor.engine.piquet import ENGINE, State, new_deal, new_partie


def _play(state: State, rng: random.Random) -> State:
    while not state.is_over:
        state, _ = ENGINE.apply(state, state.legal_actions.sample(rng))
    return state


def play_random_deal(seed: int) -> State:
    """One deal from ``seed`` with random legal choices."""
    state, _ = new_deal(seed=seed)
    return _play(state, random.Random(seed))


def play_random_partie(seed: int) -> State:
    """One partie from ``seed`` with random legal choices."""
    state, _ = new_partie(seed=seed)
    return _play(state, random.Random(seed))


def run(rounds: int = 300) -> list[tuple[str, float, str]]:
    """Median milliseconds per complete random deal and per complete random partie, and the
    deal's ratio to the floor."""
    for seed in range(20):  # warm up
        play_random_deal(seed)
        play_random_partie(seed)
    deals: list[float] = []
    parties: list[float] = []
    clock = time.perf_counter
    for seed in range(1000, 1000 + rounds):
        t0 = clock()
        play_random_deal(seed)
        t1 = clock()
        play_random_partie(seed)
        t2 = clock()
        deals.append((t1 - t0) * 1000)
        parties.append((t2 - t1) * 1000)
    deal_ms = statistics.median(deals)
    floor = floor_piquet_ms()
    return [
        ("piquet.deal_ms", round(deal_ms, 3), "ms"),
        ("piquet.partie_ms", round(statistics.median(parties), 3), "ms"),
        ("piquet.deal_vs_floor", round(deal_ms / floor, 2), "x"),
    ]


if __name__ == "__main__":
    for name, value, unit in run():
        print(name, value, unit)
