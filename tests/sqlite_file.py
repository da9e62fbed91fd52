"""The race tests' helpers: :func:`post_at_once` sends one browser's forms at the same
moment; :func:`run_on_sqlite_file` runs a race's SQLite case (the suite's SQLite database is
in memory, whose shared-cache locks are not a file's, so the race runs again in a fresh process
on a fresh SQLite file, the production configuration: WAL, IMMEDIATE writers, a busy
timeout)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def post_at_once(client: Any, posts: Sequence[tuple[str, dict[str, Any]]]) -> list[int]:
    """Post each ``(address, form)`` with ``client``'s cookies (one browser: its session) at
    the same moment, each from its own thread on its own database connection; the statuses,
    in the order of ``posts``."""
    from django.db import connections
    from django.test import Client

    barrier = threading.Barrier(len(posts))

    def post(n: int) -> int:
        other = Client(raise_request_exception=False)
        other.cookies = client.cookies
        try:
            barrier.wait(timeout=60)
            address, form = posts[n]
            return int(other.post(address, form).status_code)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(len(posts)) as pool:
        return list(pool.map(post, range(len(posts))))


def run_on_sqlite_file(tmp_path: Path, module: str, setup: str = "") -> Any:
    """Run ``module.main()`` (which prints its outcome as JSON, last) on a fresh SQLite file
    in ``tmp_path``, after Django's set-up and the ``setup`` statements; its outcome."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_DEBUG="true",
        DJANGO_SETTINGS_MODULE="cardtutor.settings",
        DATABASE_URL=f"sqlite:///{tmp_path / 'race.sqlite3'}",
        DJANGO_LOG_LEVEL="CRITICAL",
    )
    code = f"import django; django.setup(); {setup}from {module} import main; main()"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])
