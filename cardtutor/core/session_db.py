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
  (signed) are still read, so switching loses nobody's progress;
- :meth:`SessionStore.locked` changes one key with the row locked and read again, for the
  practice record: two answers sent at once from one browser (two tabs) each wrote back the
  session they had read, and the later one dropped the other's answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, NamedTuple

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import UpdateError
from django.db import connections, router, transaction
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
        self._loaded_raw = row[0]
        return _Row(row[0], expire)

    _loaded_raw: str | None = None
    """The row's data as this request loaded it (:meth:`locked` decodes it again only if
    another request has changed it since)."""
    _changed = False
    _written = False
    """:meth:`locked` wrote the row: the response sends the session cookie again (as after
    any change), but the end of the request writes the row only if it changes it again."""

    @property
    def modified(self) -> bool:
        """Django's flag (the middleware saves the session and sends its cookie when it is
        set), also set while a write of :meth:`locked` is to be answered with the cookie."""
        return self._changed or self._written

    @modified.setter
    def modified(self, value: bool) -> None:
        self._changed = value

    @contextmanager
    def locked(self, key: str) -> Iterator[Box]:
        """One key of this session changed under a lock: the row is read again (``FOR
        UPDATE``; on SQLite the IMMEDIATE transaction serialises writers), the block changes
        ``box.value``, and the row is written back before the lock is released.

        Two requests of one session (two tabs answering at once) each read the session when
        they start and write it all back when they end: the later write dropped the other's
        answer. Here each starts from the other's. For a session not stored yet (a first
        visit), or one this request has changed already (its other keys would be written as
        they were read), the key is changed as any other, saved at the end of the request.
        """
        if self.session_key is not None and not self._changed:
            conn = connections[router.db_for_write(self.model)]
            table = conn.ops.quote_name(self.model._meta.db_table)
            lock = " FOR UPDATE" if conn.features.has_select_for_update else ""
            with transaction.atomic(using=conn.alias):
                with conn.cursor() as cursor:
                    cursor.execute(
                        f"SELECT session_data FROM {table} "  # noqa: S608 (table name quoted)
                        f"WHERE session_key = %s AND expire_date > %s{lock}",
                        [self.session_key, conn.ops.adapt_datetimefield_value(timezone.now())],
                    )
                    row = cursor.fetchone()
                if row is not None:
                    loaded = getattr(self, "_session_cache", None)
                    if row[0] == self._loaded_raw and isinstance(loaded, dict):
                        data = dict(loaded)  # unchanged since this request read it
                    else:
                        data = self.decode(row[0])
                    box = Box(data.get(key))
                    yield box
                    data[key] = box.value
                    encoded = self.encode(data)
                    self._update(conn, table, encoded)
            if row is not None:
                self._session_cache = data
                self._loaded_raw = encoded
                self._written = True
                return
        box = Box(self.get(key))
        yield box
        self[key] = box.value

    def save(self, must_create: bool = False) -> None:
        if self.session_key is None or must_create:
            super().save(must_create=must_create)
            return
        if self._written and not self._changed:
            # written by locked() (with its expiry) and unchanged since: writing this copy
            # again could overwrite another request's change made since
            return
        data = self._get_session(no_load=False)  # type: ignore[attr-defined]
        encoded = self.encode(data)
        conn = connections[router.db_for_write(self.model)]
        table = conn.ops.quote_name(self.model._meta.db_table)
        if not self._update(conn, table, encoded):
            # deleted meanwhile (log-out elsewhere, clearsessions): as Django does
            raise UpdateError

    def _update(self, conn: Any, table: str, encoded: str) -> int:
        with conn.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} SET session_data = %s, expire_date = %s "  # noqa: S608
                "WHERE session_key = %s",
                [
                    encoded,
                    conn.ops.adapt_datetimefield_value(self.get_expiry_date()),
                    self.session_key,
                ],
            )
            return int(cursor.rowcount)


class Box:
    """A value to change in a ``with`` block (:meth:`SessionStore.locked`)."""

    def __init__(self, value: Any) -> None:
        self.value = value
