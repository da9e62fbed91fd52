"""``manage.py export_replay SLUG``: write a replay and its computed timeline as JSON."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cardtutor.replays.models import Replay
from cardtutor.replays.transfer import export_replay


class Command(BaseCommand):
    help = "Export a replay (with its computed timeline) as cardtutor-replay JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        replay = Replay.objects.filter(slug=options["slug"]).first()
        if replay is None:
            raise CommandError(f"No replay with the slug {options['slug']!r}.")
        text = json.dumps(export_replay(replay), ensure_ascii=False, indent=2)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
        else:
            self.stdout.write(text)
