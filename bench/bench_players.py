"""The computer players: how long a decision takes, and how much stronger each strength is.

Duplicate matches (:func:`cardtutor.engine.players.arena.duplicate`: every seeded deal played
twice with the seats swapped, so both sides hold the same cards) of club against beginner and
strong against club, in Piquet (single deals), two-player Besik and four-player Besik in
partnerships. Every decision of those games is timed:

- ``players.<game>.<strength>.decision_ms`` and ``..._p95_ms``: median and 95th percentile
  milliseconds of one decision (``<game>``: ``piquet``, ``besik``, ``besik4``); the observation
  (view and visible events) is built before the clock starts.
- ``bot.strong_move_p95_ms``: the 95th percentile over every decision of the strong player in
  the Piquet and two-player Besik matches (issue 11's target: at most 500 ms).
- ``bot.<game>_<a>_vs_<b>`` with ``_ci_low`` and ``_ci_high``: the points per deal ``a`` made
  more than ``b``, with its 95 % confidence interval over the deals, and ``_deals``: how many.

The number of deals is ``BENCH_PLAYERS_DEALS`` (default 100; issue 11 asks for at least 400,
which takes about half an hour on this machine, most of it the strong player's Piquet
exchanges). Decisions draw their samples from the position, never from the clock, so the
margins are the same on every run; only the times vary.

Run ``python -m bench.bench_players``; prints ``name value unit`` lines.
"""

from __future__ import annotations

import os
import statistics

from cardtutor.engine.players.arena import Margin, duplicate

DEALS = int(os.environ.get("BENCH_PLAYERS_DEALS", "100"))
SEED = 10_000
"""First seed (the tests use lower ones)."""

MATCHES = (
    # (figure name, game, players, first, second, share of DEALS)
    ("piquet", "piquet", 2, "club", "beginner", 1.0),
    ("piquet", "piquet", 2, "strong", "club", 1.0),
    ("besik", "besik", 2, "club", "beginner", 1.0),
    ("besik", "besik", 2, "strong", "club", 1.0),
    ("besik4", "besik", 4, "club", "beginner", 0.25),
    ("besik4", "besik", 4, "strong", "club", 0.25),
)


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run(deals: int = DEALS) -> list[tuple[str, float, str]]:
    """Every figure (see the module docstring)."""
    out: list[tuple[str, float, str]] = []
    times: dict[tuple[str, str], list[float]] = {}
    strong: list[float] = []
    for name, game, players, first, second, share in MATCHES:
        n = max(2, round(deals * share))
        margin: Margin = duplicate(
            game, first, second, range(SEED, SEED + n), players, partnerships=players == 4
        )
        key = f"bot.{name}_{first}_vs_{second}"
        out += [
            (key, margin.mean, "points"),
            (f"{key}_ci_low", margin.low, "points"),
            (f"{key}_ci_high", margin.high, "points"),
            (f"{key}_deals", float(n), "deals"),
        ]
        for strength, seconds in margin.times.items():
            times.setdefault((name, strength), []).extend(seconds)
            if strength == "strong" and players == 2:
                strong.extend(seconds)
    for (name, strength), seconds in sorted(times.items()):
        ms = [1000 * s for s in seconds]
        out.append((f"players.{name}.{strength}.decision_ms", statistics.median(ms), "ms"))
        out.append((f"players.{name}.{strength}.decision_p95_ms", _p95(ms), "ms"))
    if strong:
        out.append(("bot.strong_move_p95_ms", _p95([1000 * s for s in strong]), "ms"))
    return out


if __name__ == "__main__":
    for metric, value, unit in run():
        print(f"{metric} {value:.4g} {unit}")
