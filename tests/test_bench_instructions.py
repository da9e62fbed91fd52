"""The instruction-count bench's scenarios run (without valgrind here, which would take
minutes): each makes its requests and checks what they answered, so a changed address, form or
page that broke a scenario fails here, not on the day someone measures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bench import bench_instructions


def test_the_total_is_read_from_callgrinds_output() -> None:
    assert bench_instructions._total("events: Ir\nsummary: 123456\n") == 123456
    assert bench_instructions._total("totals: 99\n") == 99
    with pytest.raises(RuntimeError):
        bench_instructions._total("events: Ir\n")


def test_an_unknown_scenario_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BENCH_INSTRUCTIONS", "trivial,nonsense")
    monkeypatch.setattr(bench_instructions.shutil, "which", lambda _name: "/usr/bin/valgrind")
    with pytest.raises(RuntimeError, match="nonsense"):
        bench_instructions.run()


def test_every_scenario_makes_its_requests(tmp_path: Path) -> None:
    env = bench_instructions._env(tmp_path)
    env["BENCH_GAMES_FILE"] = str(tmp_path / "games.json")
    root = bench_instructions.ROOT

    def child(*args: str) -> None:
        done = subprocess.run(
            [sys.executable, *args], cwd=root, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr[-3000:]

    child("manage.py", "migrate", "--noinput")
    child("manage.py", "collectstatic", "--noinput", "-v0")
    child("-m", "bench.bench_instructions", "prepare-games")
    for name in bench_instructions.SCENARIOS:
        child("-m", "bench.bench_instructions", name)
