"""A signed-in learner's practice record (the session holds an anonymous learner's)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ProgressRecord(models.Model):
    """One row per account: the record of :mod:`cardtutor.practice.progress`, as JSON."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="practice_record",
        verbose_name=_("learner"),
    )
    data = models.JSONField(_("record"), default=dict)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("practice record")
        verbose_name_plural = _("practice records")

    def __str__(self) -> str:
        return str(self.user)

    def summary(self) -> dict[str, Any]:
        drills = self.data.get("drills", {}) if isinstance(self.data, dict) else {}
        return {key: (s.get("attempts"), s.get("correct")) for key, s in drills.items()}
