"""Answers sent at once from one anonymous browser (two tabs) all count: the session's row is
read again and written back under a lock (cardtutor/core/session_db.py). Before, each request
wrote back the session it had read, and the last one dropped the others' answers (a learner
tester: six answers, each page saying it was counted, and the progress page showing one)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from tests.sqlite_file import post_at_once, run_on_sqlite_file
from tests.test_practice import attempts, item_url, serve, wrong_answer

AT_ONCE = 4


def race_answers() -> dict[str, Any]:
    """An anonymous learner answers one question (his session is stored), then fetches four
    more and sends their answers at the same moment, each on its own connection."""
    client = Client()
    assert (
        client.post(
            item_url(2, "100"), {**wrong_answer(2, "100"), "token": serve(client, 2, "100")}
        ).status_code
        == 200
    )
    seeds = [str(200 + n) for n in range(AT_ONCE)]
    forms = [{**wrong_answer(2, seed), "token": serve(client, 2, seed)} for seed in seeds]
    statuses = post_at_once(
        client, [(item_url(2, s), f) for s, f in zip(seeds, forms, strict=True)]
    )
    return {"statuses": statuses, "attempts": attempts(client)}


def check(outcome: dict[str, Any]) -> None:
    assert outcome["statuses"] == [200] * AT_ONCE, outcome["statuses"]
    assert outcome["attempts"] == 1 + AT_ONCE, outcome


def main() -> None:
    """In a fresh process on a fresh SQLite file (see the test below)."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    print(json.dumps(race_answers()))


@pytest.mark.django_db(transaction=True)
def test_answers_sent_at_once_from_one_session_all_count_on_this_database() -> None:
    """On PostgreSQL (make test-postgres) the session's row is locked with SELECT ... FOR UPDATE."""
    if connection.vendor == "sqlite":
        return  # the suite's in-memory SQLite has no file locks: the file case runs below
    check(race_answers())


def test_answers_sent_at_once_from_one_session_all_count_on_an_sqlite_file(
    tmp_path: Path,
) -> None:
    check(run_on_sqlite_file(tmp_path, "tests.test_practice_race"))


@pytest.mark.django_db
def test_an_answer_written_under_the_lock_still_renews_the_session_cookie() -> None:
    """The answer is written to the session's row at once (under the lock); the response must
    still send the session cookie again, so that a learner who only answers questions keeps
    his session (and his progress) past the cookie's first age."""
    from django.conf import settings

    client = Client()
    first = client.post(
        item_url(2, "100"), {**wrong_answer(2, "100"), "token": serve(client, 2, "100")}
    )
    assert settings.SESSION_COOKIE_NAME in first.cookies, "a new session"
    again = client.post(
        item_url(2, "101"), {**wrong_answer(2, "101"), "token": serve(client, 2, "101")}
    )
    assert again.status_code == 200
    assert settings.SESSION_COOKIE_NAME in again.cookies, "sent again after the locked write"
    assert attempts(client) == 2
