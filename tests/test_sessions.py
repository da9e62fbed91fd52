"""The session store (cardtutor.core.session_db): one SQL statement per load and save."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.backends import db as django_db
from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from cardtutor.core.session_db import SessionStore

pytestmark = pytest.mark.django_db


def test_the_site_uses_it(settings) -> None:  # type: ignore[no-untyped-def]
    assert settings.SESSION_ENGINE == "cardtutor.core.session_db"


def test_a_session_is_stored_as_json_and_read_back() -> None:
    store = SessionStore()
    store["practice"] = {"v": 2, "answered": ";n1,piquet.partie,1"}
    store.save()
    row = Session.objects.get(session_key=store.session_key)
    assert row.session_data.startswith("{") and '"practice"' in row.session_data
    again = SessionStore(store.session_key)
    assert again["practice"] == {"v": 2, "answered": ";n1,piquet.partie,1"}
    again["practice"]["answered"] += ";n2,piquet.partie,0"
    again.modified = True
    again.save()
    assert SessionStore(store.session_key)["practice"]["answered"].endswith(";n2,piquet.partie,0")


def test_a_session_django_wrote_is_still_read() -> None:
    """Switching stores loses nobody's progress: Django's signed format still loads."""
    old = django_db.SessionStore()
    old["practice"] = {"v": 2}
    old.save()
    assert not Session.objects.get(session_key=old.session_key).session_data.startswith("{")
    assert SessionStore(old.session_key)["practice"] == {"v": 2}


def test_an_expired_or_unknown_session_is_empty_and_gets_a_new_key() -> None:
    store = SessionStore()
    store["x"] = 1
    store.save()
    Session.objects.filter(session_key=store.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    expired = SessionStore(store.session_key)
    assert expired.get("x") is None and expired.session_key is None
    assert SessionStore("no-such-key-0123456789abcdef").load() == {}


@pytest.mark.parametrize("data", ["{not json", "[1, 2]", "garbage:signed:value"])
def test_damaged_data_reads_as_an_empty_session(data: str) -> None:
    store = SessionStore()
    store["x"] = 1
    store.save()
    Session.objects.filter(session_key=store.session_key).update(session_data=data)
    assert SessionStore(store.session_key).load() == {}


def test_saving_a_session_deleted_meanwhile_fails_as_django_s_does() -> None:
    store = SessionStore()
    store["x"] = 1
    store.save()
    Session.objects.filter(session_key=store.session_key).delete()
    store["x"] = 2
    with pytest.raises(UpdateError):
        store.save()


def test_practice_progress_survives_requests_through_it(client: Client) -> None:
    """An answer counted in one request is there in the next (load and save in the site)."""
    import re

    page = client.get("/practice/piquet/partie/1/5/").content.decode()
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    from cardtutor.engine.drills import DRILLS, Level

    drill = DRILLS["piquet.partie"]
    right, _reasons = drill.expected(drill.item("5", Level.EASY))  # type: ignore[attr-defined]
    form = {
        "token": token,
        "winner": right.winner,
        "gain": str(right.gain),
        "rubiconed": "yes" if right.rubiconed else "no",
    }
    assert client.post("/practice/piquet/partie/1/5/", form).status_code == 200
    key = client.cookies["sessionid"].value
    assert Session.objects.get(session_key=key).session_data.startswith("{")
    assert SessionStore(key)["practice"]["drills"]["piquet.partie"]["attempts"] == 1
