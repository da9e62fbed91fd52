"""The floor: what one deal costs with no rules at all, so engine figures become ratios.

A machine twice as fast halves both a deal and its floor, so ``deal_ms / floor_ms`` holds on
any machine. The floor of a game is one deal's shuffle (a fresh ``random.Random(seed)``
shuffling a list of the deal's cards) plus as many ``rng.choice`` calls, each over a short
list, as a random deal of that game makes decisions (actions in its record):

- Piquet: 32 cards; 2 exchanges + 6 declarations + 24 cards played = 32 decisions.
- Besik for two: 64 cards; 64 cards played (32 tricks) + 24 draws = 88 actions (melds and
  sevens, about 3.6 a deal, vary and are left out, which makes the floor lower and the ratio
  stricter). Until issue 8's last session this said 32 cards played (56 actions): a miscount
  (a random deal's record has 64 plays and 24 draws, measured over 50 seeds), which made the
  Besik floor about a third too low and the ratio that much too strict.

>>> floor_ms(32, 32, rounds=50) > 0
True
"""

from __future__ import annotations

import random
import statistics
import time

PIQUET_CARDS, PIQUET_DECISIONS = 32, 32
BESIK_CARDS, BESIK_DECISIONS = 64, 88


def _one(cards: int, decisions: int, seed: int) -> None:
    rng = random.Random(seed)
    deck = list(range(cards))
    rng.shuffle(deck)
    options = deck[:8]
    for _ in range(decisions):
        rng.choice(options)


def floor_ms(cards: int, decisions: int, rounds: int = 3000) -> float:
    """Median milliseconds of one floor deal."""
    for seed in range(100):  # warm up
        _one(cards, decisions, seed)
    clock = time.perf_counter
    times = []
    for seed in range(rounds):
        t0 = clock()
        _one(cards, decisions, seed)
        times.append(clock() - t0)
    return statistics.median(times) * 1000


def floor_piquet_ms() -> float:
    return floor_ms(PIQUET_CARDS, PIQUET_DECISIONS)


def floor_besik_ms() -> float:
    return floor_ms(BESIK_CARDS, BESIK_DECISIONS)


def run() -> list[tuple[str, float, str]]:
    return [
        ("bench.floor_piquet_ms", round(floor_piquet_ms(), 4), "ms"),
        ("bench.floor_besik_ms", round(floor_besik_ms(), 4), "ms"),
    ]
