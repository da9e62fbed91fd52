"""Imports at the same time, on SQLite (a file database, as in production) and PostgreSQL.

Each database sees a dozen imports through the import page at once, from threads that each
hold their own connection: the same new slug without ``replace`` (one wins, the others are
told it exists), the same slug with ``replace`` (all succeed, one replay remains), and
different slugs (all stored). Never a 500, never a replay twice, no annotation lost or doubled.
"""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.sqlite_file import run_on_sqlite_file

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "replays.json"


def race() -> dict[str, Any]:
    """Run the imports at once against the configured database; returns what happened."""
    from django.contrib.auth.models import User
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.db import connections
    from django.test import Client

    from cardtutor.replays.models import Annotation, Replay
    from cardtutor.replays.transfer import export_replay

    user = User.objects.create_superuser("racer", password="race-pw-123456")
    document = export_replay(Replay.objects.get(slug="besik-example"))
    jobs: list[tuple[str, bool]] = (
        [("race-new", False)] * 4
        + [("race-replace", True)] * 4
        + [(f"race-{i}", False) for i in range(4)]
    )
    barrier = threading.Barrier(len(jobs))

    def work(job: tuple[str, bool]) -> tuple[str, bool, int, str]:
        slug, replace = job
        try:
            client = Client(raise_request_exception=False)
            client.force_login(user)
            body = json.dumps(dict(document, slug=slug)).encode()
            data: dict[str, Any] = {"file": SimpleUploadedFile("r.json", body)}
            if replace:
                data["replace"] = "on"
            barrier.wait(timeout=60)
            response = client.post("/replays/import/", data)
            return slug, replace, response.status_code, response.content.decode()[-3000:]
        finally:
            connections.close_all()

    with ThreadPoolExecutor(len(jobs)) as pool:
        results = list(pool.map(work, jobs))
    slugs = sorted({slug for slug, _ in jobs})
    return {
        "results": [[s, r, status, "exists already" in text] for s, r, status, text in results],
        "replays": {s: Replay.objects.filter(slug=s).count() for s in slugs},
        "annotations": {s: Annotation.objects.filter(replay__slug=s).count() for s in slugs},
        "expected_annotations": len(document["annotations"]),
    }


def check(outcome: dict[str, Any]) -> None:
    results = outcome["results"]
    assert all(status in (400, 302) for _, _, status, _ in results), results
    new = [(status, exists) for slug, _, status, exists in results if slug == "race-new"]
    assert sorted(new) == [(302, False), (400, True), (400, True), (400, True)], new
    assert all(s == 302 for slug, _, s, _ in results if slug != "race-new"), results
    assert set(outcome["replays"].values()) == {1}, outcome["replays"]
    assert set(outcome["annotations"].values()) == {outcome["expected_annotations"]}


def main() -> None:
    """In a fresh process on a fresh SQLite file (see the test below)."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("loaddata", str(FIXTURE), verbosity=0)
    print(json.dumps(race()))


@pytest.mark.django_db(transaction=True)
def test_parallel_imports_on_postgresql(settings) -> None:  # type: ignore[no-untyped-def]
    from django.core.management import call_command
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("the PostgreSQL run (make test-postgres) covers this; SQLite: below")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("loaddata", str(FIXTURE), verbosity=0)
    check(race())


def test_parallel_imports_on_an_sqlite_file(tmp_path: Path) -> None:
    """The production configuration (a file, WAL, IMMEDIATE writers, a busy timeout): the
    test database of the suite is in memory, which cannot show the file's locking."""
    hashers = "['django.contrib.auth.hashers.MD5PasswordHasher']"
    setup = f"from django.conf import settings; settings.PASSWORD_HASHERS = {hashers}; "
    check(run_on_sqlite_file(tmp_path, "tests.test_prod_import_race", setup))
