"""Where a learner's record lives: the session (anonymous) or the account's row (signed in).

``read(request)`` gives a copy to look at; ``change(request)`` is a context manager that yields
the record to change and saves it when the block ends. The row is locked for the block, the
account's (``select_for_update``, a no-op on SQLite, where the IMMEDIATE transaction mode
serialises writers instead) or the session's (:meth:`cardtutor.core.session_db.SessionStore.locked`),
so two answers sent at once cannot both count an item or lose each other.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpRequest

from cardtutor.practice.models import ProgressRecord
from cardtutor.practice.progress import Record, clean, merge, new_record

SESSION_KEY = "practice"


def _user(request: HttpRequest) -> User | None:
    user = getattr(request, "user", None)
    return user if isinstance(user, User) and user.is_authenticated else None


def read(request: HttpRequest) -> Record:
    user = _user(request)
    if user is not None:
        row = ProgressRecord.objects.filter(user=user).only("data").first()
        return clean(row.data if row else None)
    if not hasattr(request, "session"):
        return new_record()
    return clean(request.session.get(SESSION_KEY))


@contextmanager
def change(request: HttpRequest) -> Iterator[Record]:
    user = _user(request)
    if user is None:
        locked = getattr(request.session, "locked", None)  # the site's store (core/session_db)
        if locked is None:
            record = clean(request.session.get(SESSION_KEY))
            yield record
            request.session[SESSION_KEY] = record
            return
        # the session's row locked, read again and written back at once: two answers sent at
        # once from one browser both count
        with locked(SESSION_KEY) as box:
            record = clean(box.value)
            yield record
            box.value = record
        return
    with transaction.atomic():
        row, _created = ProgressRecord.objects.select_for_update().get_or_create(user=user)
        record = clean(row.data)
        yield record
        row.data = record
        row.save(update_fields=["data", "updated"])


def merge_session_into_account(request: HttpRequest, user: User) -> None:
    """Move the session's record into the account's (called on log-in)."""
    session_record = request.session.pop(SESSION_KEY, None) if hasattr(request, "session") else None
    if not session_record:
        return
    with transaction.atomic():
        row, _created = ProgressRecord.objects.select_for_update().get_or_create(user=user)
        row.data = merge(clean(row.data) if row.data else new_record(), clean(session_record))
        row.save(update_fields=["data", "updated"])
