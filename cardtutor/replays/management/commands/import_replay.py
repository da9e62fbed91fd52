"""``manage.py import_replay FILE [--replace]``: import a replay exported as JSON."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cardtutor.replays.transfer import ReplayImportError, import_replay, load_document


class Command(BaseCommand):
    help = "Import a replay from a cardtutor-replay JSON file (as written by export)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="path to the JSON file, or - for standard input")
        parser.add_argument(
            "--replace", action="store_true", help="overwrite an existing replay with the same slug"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            if path == "-":
                raw = sys.stdin.buffer.read()
            else:
                with open(path, "rb") as handle:
                    raw = handle.read()
        except OSError as err:
            raise CommandError(f"Cannot read {path}: {err}") from err
        try:
            data = load_document(raw)
        except ReplayImportError as err:
            raise CommandError(f"Cannot read {path}: {err}") from err
        try:
            replay = import_replay(data, replace=options["replace"])
        except ReplayImportError as err:
            raise CommandError(f"Refused, nothing stored: {err}") from err
        self.stdout.write(self.style.SUCCESS(f"Imported replay {replay.slug!r}."))
