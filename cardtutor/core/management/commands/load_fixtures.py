"""``manage.py load_fixtures``: load the example data without overwriting a developer's edits.

``make run`` and ``make test`` call this instead of a plain ``loaddata``. For each fixture file
(default: ``fixtures/*.json``) it compares the SHA-256 of the file with the one stored in this
database when the file was last loaded (table ``core_loadedfixture``):

- never loaded here, or the file changed since: ``loaddata`` loads the whole file (the
  file's objects replace the rows with the same primary keys) and the new digest is stored;
- unchanged: the rows are left as they are (edits made in the admin or by an import stay),
  and only objects of the file that are missing from the database are put back (a deleted
  example replay returns, existing rows are not touched).

``--force`` loads every file whatever its digest.

A row may hold a fixture object's unique values under another primary key: an example replay
imported again with ``--replace`` stores its annotations anew (the same replay and step, new
keys). Loading the file then replaces those rows (they are deleted first: ``loaddata`` would
fail on the unique step, and ``make run`` with it); putting back missing objects leaves them
(the object is not missing, only stored under another key).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core import serializers
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import models, transaction

from cardtutor.core.models import LoadedFixture


def fixture_name(path: Path) -> str:
    base = Path(settings.BASE_DIR)
    resolved = path.resolve()
    return str(resolved.relative_to(base)) if resolved.is_relative_to(base) else str(resolved)


class Command(BaseCommand):
    help = "Load fixture files that are new or changed; put back missing objects of the others."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="*", help="fixture files (default: fixtures/*.json)")
        parser.add_argument("--force", action="store_true", help="load every file")

    def handle(self, *args: Any, **options: Any) -> None:
        files = [Path(f) for f in options["files"]] or sorted(
            (Path(settings.BASE_DIR) / "fixtures").glob("*.json")
        )
        if not files:
            self.stdout.write("No fixtures to load.")
        for path in files:
            if not path.is_file():
                raise CommandError(f"No fixture file {path}.")
            data = path.read_bytes()
            digest = hashlib.sha256(data).hexdigest()
            name = fixture_name(path)
            known = LoadedFixture.objects.filter(name=name).first()
            if options["force"] or known is None or known.sha256 != digest:
                why = "forced" if options["force"] else "new" if known is None else "changed"
                with transaction.atomic():
                    for item in serializers.deserialize("json", data.decode("utf-8")):
                        clashing = _clashing(item.object)
                        if clashing is not None:
                            clashing.delete()
                    call_command("loaddata", str(path), verbosity=0)
                    LoadedFixture.objects.update_or_create(name=name, defaults={"sha256": digest})
                self.stdout.write(f"{name}: loaded ({why}).")
                continue
            restored = self._restore_missing(data)
            if restored:
                self.stdout.write(f"{name}: unchanged; put back {restored} missing object(s).")
            else:
                self.stdout.write(f"{name}: unchanged, already loaded; nothing to do.")

    def _restore_missing(self, data: bytes) -> int:
        restored = 0
        with transaction.atomic():
            for item in serializers.deserialize("json", data.decode("utf-8")):
                model = type(item.object)
                if model._default_manager.filter(pk=item.object.pk).exists():
                    continue
                clashing = _clashing(item.object)
                if clashing is not None and clashing.exists():
                    continue  # stored under another key (imported again): not missing
                item.save()
                restored += 1
        return restored


def _clashing(obj: models.Model) -> models.QuerySet[Any] | None:
    """The rows other than ``obj``'s own that hold one of its unique values (a unique field,
    ``unique_together``, an unconditional ``UniqueConstraint``), or ``None`` if it has none."""
    meta = obj._meta
    sets: list[tuple[str, ...]] = [
        (f.name,) for f in meta.local_fields if f.unique and not f.primary_key
    ]
    sets += [tuple(fields) for fields in meta.unique_together]
    sets += [
        tuple(c.fields)
        for c in meta.constraints
        if isinstance(c, models.UniqueConstraint) and c.fields and c.condition is None
    ]
    if not sets:
        return None
    query = models.Q()
    for fields in sets:
        attnames = [getattr(meta.get_field(name), "attname", name) for name in fields]
        query |= models.Q(**{a: getattr(obj, a) for a in attnames})
    return type(obj)._default_manager.filter(query).exclude(pk=obj.pk)
