"""Hints asked at the same moment for one decision (a double click, two tabs) are counted
once: each request read the game, and both wrote "one more hint"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from tests.sqlite_file import post_at_once, run_on_sqlite_file
from tests.test_games import _game, _start

ASKED = 4


def race_hints() -> dict[str, Any]:
    client = Client()
    url = _start(client, "besik-2")
    ply = _game(url).moves
    statuses = sorted(post_at_once(client, [(url + "hint/", {"ply": str(ply)})] * ASKED))
    game = _game(url)
    return {"statuses": statuses, "hints": game.hint_count, "moves": [game.moves, ply]}


def check(outcome: dict[str, Any]) -> None:
    assert outcome["statuses"] == [303] * ASKED, outcome["statuses"]  # each got its hint
    assert outcome["hints"] == 1, f"one decision, one hint: counted {outcome['hints']}"
    assert outcome["moves"][0] == outcome["moves"][1], "no move made"


def main() -> None:
    """In a fresh process on a fresh SQLite file (see the test below)."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    print(json.dumps(race_hints()))


@pytest.mark.django_db(transaction=True)
def test_hints_asked_at_once_count_once_on_this_database() -> None:
    if connection.vendor == "sqlite":  # in memory: the file case below, in its own process
        return
    check(race_hints())


def test_hints_asked_at_once_count_once_on_an_sqlite_file(tmp_path: Path) -> None:
    check(run_on_sqlite_file(tmp_path, "tests.test_games_hint_race"))
