"""Replays: a game record from a source text, with per-step annotations.

A :class:`Replay` holds the engine's game record (``record``, JSON) and where it comes
from; an :class:`Annotation` attaches to one step the source sentences it comes from
(quoted exactly), what the source states at that point (running totals, hand listings),
editorial notes (a deduced card, a translation note) and commentary.

The record is replayed by the engine whenever a replay is saved, also when fixtures are
loaded (``loaddata`` sends ``pre_save`` with ``raw=True``): a record that does not replay
is refused with the step and the reason, and nothing is stored.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from cardtutor.engine import GAMES
from cardtutor.engine.errors import RecordError


def game_choices() -> list[tuple[str, str]]:
    """The registered games, named in the active language (evaluated when read)."""
    lang = get_language() or "en"
    return [(key, info.name(lang)) for key, info in GAMES.items()]


class Replay(models.Model):
    slug = models.SlugField(_("slug"), unique=True)
    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    ruleset = models.CharField(_("ruleset"), max_length=32)
    title_en = models.CharField(_("title (English)"), max_length=200)
    title_de = models.CharField(_("title (German)"), max_length=200)
    summary_en = models.TextField(_("summary (English)"), blank=True)
    summary_de = models.TextField(_("summary (German)"), blank=True)
    source_title = models.CharField(_("source"), max_length=300)
    source_language = models.CharField(_("source language"), max_length=8, default="de")
    source_location = models.CharField(_("where in the source"), max_length=200, blank=True)
    source_text = models.TextField(_("source text"), help_text=_("The passage the replay follows."))
    seats = models.JSONField(
        _("seats"),
        help_text=_('[{"seat": "A", "role": {"en": "elder hand", "de": "Vorhand"}}, ...]'),
    )
    record = models.JSONField(_("game record"))
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "slug"]
        verbose_name = _("replay")
        verbose_name_plural = _("replays")

    def __str__(self) -> str:
        return self.title_en

    def get_absolute_url(self) -> str:
        return reverse("replays:step", args=[self.slug, 0])

    def title(self, lang: str) -> str:
        return self.title_de if lang.startswith("de") else self.title_en

    def summary(self, lang: str) -> str:
        return self.summary_de if lang.startswith("de") else self.summary_en

    def clean(self) -> None:
        validate_replay_record(self)


class Annotation(models.Model):
    replay = models.ForeignKey(Replay, on_delete=models.CASCADE, related_name="annotations")
    step = models.PositiveIntegerField(
        _("step"), help_text=_("0 is the deal; n is the n-th action.")
    )
    source = models.JSONField(_("source sentences"), default=list, blank=True)
    stated = models.JSONField(
        _("what the source states"),
        default=dict,
        blank=True,
        help_text=_('{"totals": {"A": 10}, "hands": {"A": ["AD", ...]}}'),
    )
    notes = models.JSONField(
        _("editorial notes"),
        default=list,
        blank=True,
        help_text=_('[{"kind": "deduction" | "translation" | "ocr", "en": "...", "de": "..."}]'),
    )
    commentary_en = models.TextField(_("commentary (English)"), blank=True)
    commentary_de = models.TextField(_("commentary (German)"), blank=True)

    class Meta:
        ordering = ["replay", "step"]
        constraints = [
            models.UniqueConstraint(fields=["replay", "step"], name="one_annotation_per_step"),
        ]

    def __str__(self) -> str:
        return f"{self.replay.slug} step {self.step}"

    def commentary(self, lang: str) -> str:
        return self.commentary_de if lang.startswith("de") else self.commentary_en


def validate_replay_record(replay: Replay) -> None:
    """Replay the record through its engine; raise ``ValidationError`` naming step and reason."""
    from cardtutor.replays.timeline import check_record

    try:
        check_record(replay.game, replay.record, replay.seats)
    except RecordError as err:
        raise ValidationError({"record": err.render("en")}, code="record") from err


@receiver(pre_save, sender=Replay)
def _validate_before_save(sender: Any, instance: Replay, raw: bool, **kwargs: Any) -> None:
    validate_replay_record(instance)
