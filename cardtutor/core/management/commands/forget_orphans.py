"""Housekeeping: expired sessions, and the games and kept replays nobody can open any more.

A learner without an account owns his games and kept replays through a token in his session
(:mod:`cardtutor.core.owners`). Once the session has expired (or he cleared his cookies) the
token is gone from every browser, so they can never be opened again, yet their rows stay. This
command first deletes the expired sessions (as ``clearsessions``), then every anonymous game and
kept replay whose token is in no session left. Games and replays of accounts, and the public
replays, are never touched. Run it daily (README, "Backups and housekeeping").
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.utils import timezone

from cardtutor.core.owners import SESSION_KEY
from cardtutor.core.session_db import SessionStore
from cardtutor.games.models import Game
from cardtutor.replays.models import Replay


def live_tokens() -> set[str]:
    """The owner tokens of every session not yet expired."""
    store = SessionStore()
    tokens = set()
    sessions = Session.objects.filter(expire_date__gt=timezone.now())
    for data in sessions.values_list("session_data", flat=True).iterator(chunk_size=2000):
        token = store.decode(data).get(SESSION_KEY)
        if isinstance(token, str) and token:
            tokens.add(token)
    return tokens


class Command(BaseCommand):
    help = (
        "Delete expired sessions, then the games and kept replays of learners without an "
        "account whose session is gone (nobody can open them again)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dry-run", action="store_true", help="only count what would be deleted"
        )

    def handle(self, *args: Any, dry_run: bool = False, **options: Any) -> None:
        if not dry_run:
            call_command("clearsessions")
        # only rows older than a day: a game just started may be in a session written after
        # the sessions were read (its row comes first); an orphan is weeks old anyway
        started = timezone.now() - timedelta(days=1)
        tokens = live_tokens()
        games = Game.objects.filter(user__isnull=True, created__lt=started).exclude(
            owner_token__in=tokens
        )
        replays = Replay.objects.filter(owner__isnull=True, updated__lt=started)
        replays = replays.exclude(owner_token="").exclude(owner_token__in=tokens)
        if dry_run:
            self.stdout.write(
                f"would delete {games.count()} games and {replays.count()} kept replays "
                f"({len(tokens)} learners without an account have a session)"
            )
            return
        with transaction.atomic():
            deleted_games = games.count()
            games.delete()
            deleted_replays = replays.count()
            replays.delete()  # (its post_delete signal forgets each replay's cached pages)
        self.stdout.write(
            f"deleted {deleted_games} games and {deleted_replays} kept replays "
            f"({len(tokens)} learners without an account have a session)"
        )
