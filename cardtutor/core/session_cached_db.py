"""Django's ``cached_db`` session store (Redis in front) over :mod:`cardtutor.core.session_db`."""

from __future__ import annotations

from django.contrib.sessions.backends import cached_db

from cardtutor.core import session_db


class SessionStore(cached_db.SessionStore, session_db.SessionStore):
    """Reads from the cache first; the database part is one SQL statement (see session_db)."""
