"""Piquet engine speed: one complete random deal, and one complete random partie.

A deal is shuffled from a seed and played to the end with random legal choices drawn by
``state.legal_actions.sample(rng)`` (exchange, declarations, 12 tricks, scoring): every action
goes through the full legality check and produces its events. A partie is six deals (eight
after a tie) with the next-deal actions. Deals and parties are timed interleaved, one of each
per round, and the medians are reported (timings here swing 30-50 % between runs).

Run ``python -m bench.bench_piquet``; prints ``name value unit`` lines.
"""

from __future__ import annotations

import random
import statistics
import time

from cardtutor.engine.piquet import State, apply, new_deal, new_partie


def _play(state: State, rng: random.Random) -> State:
    while not state.is_over:
        state, _ = apply(state, state.legal_actions.sample(rng))
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
    """Median milliseconds per complete random deal and per complete random partie."""
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
    return [
        ("piquet.deal_ms", round(statistics.median(deals), 3), "ms"),
        ("piquet.partie_ms", round(statistics.median(parties), 3), "ms"),
    ]


if __name__ == "__main__":
    for name, value, unit in run():
        print(name, value, unit)
