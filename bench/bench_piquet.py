"""Piquet engine speed: one complete random deal, and one complete random partie.

A deal is shuffled from a seed and played to the end through the contract only: random legal
choices drawn by ``state.legal_actions.sample(rng)`` (exchange, declarations, 12 tricks,
scoring) until ``state.is_over``. Every action goes through the full legality check; its events
are built only if read (nobody reads them here, as in a playout). A partie is six deals (eight
after a tie) with the next-deal actions. Deals and parties are timed interleaved, one of each
per round, and the medians are reported (timings here swing 30-50 % between runs);
``piquet.deal_vs_floor`` divides the deal by ``bench.floor_piquet_ms`` (target: 10 or less),
measured after each block of rounds: the ratio is the blocks' median (see :func:`run`).

Run ``python -m bench.bench_piquet``; prints ``name value unit`` lines.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.bench_floor import floor_piquet_ms
from cardtutor.engine.piquet import ENGINE, State, new_deal, new_partie


def _play(state: State, rng: random.Random) -> State:
    apply = ENGINE.apply
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


def run(rounds: int = 300, blocks: int = 5) -> list[tuple[str, float, str]]:
    """Median milliseconds per complete random deal and per complete random partie, and the
    deal's ratio to the floor.

    The rounds are timed in ``blocks``, each followed by one :func:`floor_piquet_ms`, and the
    ratio is the median of the blocks' ratios: the load of a shared machine changes over a
    run, and a floor measured once, before or after all the deals, can be measured under
    another load than the deals (ratios then swing by half).
    """
    for seed in range(20):  # warm up
        play_random_deal(seed)
        play_random_partie(seed)
    deals: list[float] = []
    parties: list[float] = []
    ratios: list[float] = []
    clock = time.perf_counter
    per_block = -(-rounds // blocks)
    for first in range(1000, 1000 + rounds, per_block):
        block: list[float] = []
        for seed in range(first, min(first + per_block, 1000 + rounds)):
            t0 = clock()
            play_random_deal(seed)
            t1 = clock()
            play_random_partie(seed)
            t2 = clock()
            block.append((t1 - t0) * 1000)
            parties.append((t2 - t1) * 1000)
        deals += block
        ratios.append(statistics.median(block) / floor_piquet_ms())
    return [
        ("piquet.deal_ms", round(statistics.median(deals), 3), "ms"),
        ("piquet.partie_ms", round(statistics.median(parties), 3), "ms"),
        ("piquet.deal_vs_floor", round(statistics.median(ratios), 2), "x"),
    ]


if __name__ == "__main__":
    for name, value, unit in run():
        print(name, value, unit)
