"""Migrations run forward and back on the database in use (SQLite by default, PostgreSQL in
``make test-postgres``), and the models agree with them."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

OUR_APPS = ["core", "replays", "practice"]


def _applied(app: str) -> list[str]:
    executor = MigrationExecutor(connection)
    return sorted(name for label, name in executor.loader.applied_migrations if label == app)


@pytest.mark.django_db(transaction=True)
def test_our_migrations_go_back_to_zero_and_forward_again() -> None:
    before = {app: _applied(app) for app in OUR_APPS}
    assert all(before.values()), before
    for app in reversed(OUR_APPS):
        call_command("migrate", app, "zero", verbosity=0, interactive=False)
        assert _applied(app) == [], app
    tables = set(connection.introspection.table_names())
    assert not {t for t in tables if t.startswith(("replays_", "practice_", "core_"))}
    call_command("migrate", verbosity=0, interactive=False)
    assert {app: _applied(app) for app in OUR_APPS} == before
    # and one step back and forth for the latest migration of each app
    for app in OUR_APPS:
        names = before[app]
        if len(names) > 1:
            call_command("migrate", app, names[-2], verbosity=0)
            call_command("migrate", app, names[-1], verbosity=0)


@pytest.mark.django_db
def test_the_models_need_no_new_migration() -> None:
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
