"""The benchmark's floor: as many choices as a random deal's record has actions (without the
melds), so the engine ratios compare like with like."""

from __future__ import annotations

import random

from bench import bench_besik, bench_floor
from cardtutor.engine.besik import Phase


def _besik_actions(seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    record = bench_besik.GameRecord("besik", "seed", bench_besik.SEATS[2], {"seed": seed}, ())
    state, _ = bench_besik.ENGINE.start(record)
    counts: dict[str, int] = {}
    while not state.is_over:
        legal = state.legal_actions
        if state.phase is Phase.DRAW:
            declarations = legal.declarations()
            action = rng.choice(declarations) if declarations else legal.sample(rng)
        else:
            action = legal.sample(rng)
        counts[type(action).__name__] = counts.get(type(action).__name__, 0) + 1
        state, _ = bench_besik.ENGINE.apply(state, action)
    return counts


def test_the_besik_floor_counts_every_play_and_draw_of_a_two_player_deal() -> None:
    for seed in range(5):
        counts = _besik_actions(seed)
        assert counts["Play"] + counts["Draw"] == bench_floor.BESIK_DECISIONS, counts
    assert bench_floor.BESIK_CARDS == 64
