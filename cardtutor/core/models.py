"""Site-wide bookkeeping."""

from __future__ import annotations

from django.db import models


class LoadedFixture(models.Model):
    """A fixture file that ``manage.py load_fixtures`` loaded into this database, with the
    SHA-256 of its content then: an unchanged file is not loaded again (see the command)."""

    name = models.CharField(max_length=255, unique=True)
    sha256 = models.CharField(max_length=64)
    loaded = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.name
