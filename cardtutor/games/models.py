"""A game against the computer, stored as the engine's game record plus who holds which seat."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def new_public_id() -> str:
    """The game's address: random, so one learner's games cannot be found by counting."""
    return secrets.token_urlsafe(12)


def new_secret() -> int:
    """The seed the deals are shuffled from; never shown while the game is played."""
    return secrets.randbits(48)


class Game(models.Model):
    class Strength(models.TextChoices):
        BEGINNER = "beginner", _("beginner")
        CLUB = "club", _("club player")
        STRONG = "strong", _("strong player")

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id, editable=False)
    kind = models.CharField(_("game"), max_length=16)
    strength = models.CharField(
        _("computer's strength"), max_length=12, choices=Strength.choices, default=Strength.CLUB
    )
    seed = models.BigIntegerField(default=new_secret, editable=False)
    record = models.JSONField(_("game record"))
    learner_seats = models.JSONField(_("learner's seats"), default=list)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("learner"),
    )
    owner_token = models.CharField(max_length=64, blank=True, db_index=True)
    """For an anonymous learner: the random token kept in the session."""
    moves = models.PositiveIntegerField(_("moves made"), default=0, editable=False)
    """How many actions the record holds: every write is conditional on it (a move, an undo or
    a hint for a position that has moved on changes nothing), so no row lock is held while the
    computer thinks."""
    undo_count = models.PositiveIntegerField(_("moves taken back"), default=0)
    hint_count = models.PositiveIntegerField(_("hints asked"), default=0)
    is_over = models.BooleanField(_("finished"), default=False)
    created = models.DateTimeField(_("started"), auto_now_add=True)
    updated = models.DateTimeField(_("last move"), auto_now=True)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.kind} {self.public_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        # ``moves`` always counts the record's actions (the views' conditional writes set both)
        self.moves = self.ply
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "record" in update_fields:
            kwargs["update_fields"] = {*update_fields, "moves"}
        super().save(*args, **kwargs)

    @property
    def actions(self) -> list[dict[str, Any]]:
        actions = self.record.get("actions", []) if isinstance(self.record, dict) else []
        return list(actions)

    @property
    def ply(self) -> int:
        """How many actions have been made: the number every move form carries."""
        return len(self.actions)
