"""``manage.py forget_orphans``: expired sessions, and the anonymous games and kept replays
nobody can open any more (their owner's session is gone)."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from cardtutor.games.models import Game
from cardtutor.replays.models import Replay

pytestmark = pytest.mark.django_db


def _start(client: Client) -> Game:
    response = client.post("/play/new/", {"kind": "piquet", "strength": "beginner"})
    assert response.status_code == 303, response.status_code
    return Game.objects.order_by("-created").first()  # type: ignore[return-value]


def _age(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(created=timezone.now() - timedelta(days=2))


def test_only_games_whose_session_is_gone_are_forgotten(replays_loaded: Any) -> None:
    kept_client, gone_client, account_client = Client(), Client(), Client()
    kept, gone = _start(kept_client), _start(gone_client)
    user = User.objects.create_user("owner", password="pw-123456")
    account_client.force_login(user)
    mine = _start(account_client)
    assert mine.user == user and kept.owner_token and gone.owner_token
    for game in (kept, gone, mine):
        _age(game)
    # the second learner's session expires (or he cleared his cookies: the same to us)
    gone_key = gone_client.cookies["sessionid"].value
    Session.objects.filter(session_key=gone_key).update(
        expire_date=timezone.now() - timedelta(days=1)
    )
    example = Replay.objects.get(slug="piquet-example")
    orphan_replay = Replay.objects.create(
        slug="game-orphan",
        game="piquet",
        ruleset=example.ruleset,
        seats=example.seats,
        record=example.record,
        owner_token=gone.owner_token,
    )
    Replay.objects.filter(pk=orphan_replay.pk).update(updated=timezone.now() - timedelta(days=2))
    dry = io.StringIO()
    call_command("forget_orphans", "--dry-run", stdout=dry)
    assert "would delete 1 games and 1 kept replays" in dry.getvalue()
    assert Game.objects.filter(pk=gone.pk).exists(), "a dry run deletes nothing"
    out = io.StringIO()
    call_command("forget_orphans", stdout=out)
    assert "deleted 1 games and 1 kept replays" in out.getvalue()
    assert not Game.objects.filter(pk=gone.pk).exists()
    assert not Replay.objects.filter(slug="game-orphan").exists()
    assert not Session.objects.filter(session_key=gone_key).exists(), "expired sessions go"
    assert Game.objects.filter(pk=kept.pk).exists() and Game.objects.filter(pk=mine.pk).exists()
    assert Replay.objects.filter(slug="piquet-example").exists(), "public replays stay"
    assert kept_client.get(f"/play/{kept.public_id}/").status_code == 200


def test_a_game_of_the_last_day_is_not_forgotten(replays_loaded: Any) -> None:
    """A game just started may be in a session written after the command read them."""
    client = Client()
    game = _start(client)
    Session.objects.all().delete()  # as if its session were written after the read
    call_command("forget_orphans", stdout=io.StringIO())
    assert Game.objects.filter(pk=game.pk).exists()


@pytest.fixture
def replays_loaded(db: Any) -> None:
    from pathlib import Path

    call_command(
        "loaddata",
        str(Path(__file__).resolve().parent.parent / "fixtures" / "replays.json"),
        verbosity=0,
    )
