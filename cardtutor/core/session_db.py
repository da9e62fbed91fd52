"""The database session store, one plain SQL statement per load and per save.

``SESSION_ENGINE = "cardtutor.core.session_db"`` (with or without Redis, see settings). Django's
``db`` store builds an ORM query for every load and every save and signs and compresses the data;
an anonymous learner's practice record and game ownership live in the session, so every answer
and every move pays for both. Measured with callgrind on a posted practice answer, those were
about a third of the request. What this store changes, and why it is safe:

- load and save are one parameterised ``SELECT`` / ``UPDATE`` on Django's own table (same
  columns, same expiry check); creating a session, with its unique-key retry, stays Django's;
- the data is stored as plain JSON, not signed and zlib-compressed: the signature protects data
  a visitor could tamper with, and nobody but the site writes this table (the session *key* in
  the cookie is what a visitor holds, and it is unchanged). Sessions written by Django's store
  (signed) are still read, so switching loses nobody's progress.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, NamedTuple

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import UpdateError
from django.db import connections, router
from django.utils import timezone
from django.utils.dateparse import parse_datetime


class _Row(NamedTuple):
    session_data: str
    expire_date: datetime


class SessionStore(db.SessionStore):
    def encode(self, session_dict: dict[str, Any]) -> str:
        return json.dumps(session_dict, separators=(",", ":"))

    def decode(self, session_data: bytes | str) -> dict[str, Any]:
        if isinstance(session_data, str) and session_data.startswith("{"):
            try:
                data = json.loads(session_data)
            except ValueError:
                return {}
            return data if isinstance(data, dict) else {}
        return super().decode(session_data)  # a session Django's own store wrote (signed)

    def _get_session_from_db(self) -> _Row | None:
        if not self.session_key:
            self._session_key = None
            return None
        conn = connections[router.db_for_read(self.model)]
        table = conn.ops.quote_name(self.model._meta.db_table)
        now = timezone.now()
        with conn.cursor() as cursor:
            cursor.execute(
                f"SELECT session_data, expire_date FROM {table} "  # noqa: S608 (table name quoted)
                "WHERE session_key = %s AND expire_date > %s",
                [self.session_key, conn.ops.adapt_datetimefield_value(now)],
            )
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        expire = row[1]
        if not isinstance(expire, datetime):  # SQLite hands back text, in UTC
            expire = parse_datetime(str(expire)) or now
        if timezone.is_naive(expire):
            expire = timezone.make_aware(expire, UTC)
        return _Row(row[0], expire)

    def save(self, must_create: bool = False) -> None:
        if self.session_key is None or must_create:
            super().save(must_create=must_create)
            return
        data = self._get_session(no_load=False)  # type: ignore[attr-defined]
        conn = connections[router.db_for_write(self.model)]
        table = conn.ops.quote_name(self.model._meta.db_table)
        with conn.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} SET session_data = %s, expire_date = %s "  # noqa: S608
                "WHERE session_key = %s",
                [
                    self.encode(data),
                    conn.ops.adapt_datetimefield_value(self.get_expiry_date()),
                    self.session_key,
                ],
            )
            updated = cursor.rowcount
        if not updated:  # deleted meanwhile (log-out elsewhere, clearsessions): as Django does
            raise UpdateError
