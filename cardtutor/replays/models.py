"""Replays: a game record from a source text, with per-step annotations.

A :class:`Replay` holds the engine's game record (``record``, JSON) and where it comes
from; an :class:`Annotation` attaches to one step the source sentences it comes from
(quoted exactly), what the source states at that point (running totals, hand listings),
editorial notes (a deduced card, a translation note) and commentary.

The record is replayed by the engine whenever a replay is saved, also when fixtures are
loaded (``loaddata`` sends ``pre_save`` with ``raw=True``): a record that does not replay
is refused with the step and the reason, and nothing is stored. The JSON fields are checked
against the schemas in :mod:`cardtutor.replays.schemas` on the same occasions.

Content version: every save of a replay, and every save or deletion of one of its
annotations, sets the replay's ``updated`` to now (also under ``loaddata``, whose raw saves
skip ``auto_now``). The viewer's caches and its ETag / Last-Modified are keyed by it
(:mod:`cardtutor.replays.rendering`). A bulk ``QuerySet.update`` or raw SQL sends no signal:
call :func:`bump_content_version` after one.
"""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from cardtutor.engine import GAMES
from cardtutor.engine.cards import lang_key
from cardtutor.engine.errors import RecordError
from cardtutor.replays import schemas
from cardtutor.replays.source import validate_source_gloss


def game_choices() -> list[tuple[str, str]]:
    """The registered games, named in the active language (evaluated when read)."""
    lang = get_language() or "en"
    return [(key, info.name(lang)) for key, info in GAMES.items()]


GAME_SOURCE_TITLE = "cardtutor: a game against the computer"
EXAMPLE_SEAT_SOURCE_TITLE = "cardtutor: a seat taken in a worked example"
"""The source of a learner's game in a worked example's seat, kept as a replay: the other
seats played the example's moves (and the computer's, once he played on)."""

WORKED_EXAMPLES = ("piquet-example", "besik-example")
"""The sources' worked examples: a learner may take a seat in them (``cardtutor.games``)."""
"""The source title of a learner's game kept as a replay (its "source text" is one sentence of
ours, in English): the viewer says where it comes from in the learner's language instead."""


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
    source_gloss = models.JSONField(
        _("English gloss of the source"),
        default=list,
        blank=True,
        help_text=_('[{"de": "<German sentence, verbatim>", "en": "<our translation>"}, ...]'),
    )
    seats = models.JSONField(
        _("seats"),
        help_text=_('[{"seat": "A", "role": {"en": "elder hand", "de": "Vorhand"}}, ...]'),
    )
    record = models.JSONField(_("game record"))
    updated = models.DateTimeField(auto_now=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="replays",
        verbose_name=_("kept by"),
        help_text=_("A learner's own game: only he sees it. Empty for the public replays."),
    )
    owner_token = models.CharField(max_length=64, blank=True, default="", editable=False)
    """A learner without an account: the owner token of his session (cardtutor.core.owners)."""

    class Meta:
        ordering = ["game", "slug"]
        verbose_name = _("replay")
        verbose_name_plural = _("replays")

    def __str__(self) -> str:
        return self.title_en

    def get_absolute_url(self) -> str:
        return reverse("replays:step", args=[self.slug, 0])

    @property
    def from_game(self) -> bool:
        """A learner's game played on this site, kept as a replay (no source text): against
        the computer, or in a worked example's seat."""
        return self.source_title in (GAME_SOURCE_TITLE, EXAMPLE_SEAT_SOURCE_TITLE)

    @property
    def from_example_seat(self) -> bool:
        """A learner's game in a worked example's seat, kept as a replay."""
        return self.source_title == EXAMPLE_SEAT_SOURCE_TITLE

    def title(self, lang: str) -> str:
        return self.title_de if lang.startswith("de") else self.title_en

    def summary(self, lang: str) -> str:
        return self.summary_de if lang.startswith("de") else self.summary_en

    def clean(self) -> None:
        validate_replay_record(self)
        validate_source_gloss(self)


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
        # from the schema itself, so the admin lists exactly the kinds and keys accepted
        help_text=format_lazy(
            "{sample} — {seats}",
            sample=schemas.shape_sample(schemas.NOTES),
            seats=_(
                '"seats" is optional: the note is then shown only in those seats\' views '
                "(and with all cards)."
            ),
        ),
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

    def clean(self) -> None:
        replay = Replay.objects.filter(pk=self.replay_id).first() if self.replay_id else None
        seats = replay_seat_names(replay) if replay is not None else None
        validate_annotation(self, seats)
        if replay is not None and isinstance(replay.record, dict):
            actions = replay.record.get("actions")
            last = len(actions) if isinstance(actions, list) else 0
            if self.step is not None and self.step > last:
                raise ValidationError(
                    {"step": f"Step {self.step} is annotated but the record has only {last} steps."}
                )


def replay_seat_names(replay: Replay) -> list[str]:
    """The replay's seat names (``[]`` when ``seats`` is malformed)."""
    seats = replay.seats if isinstance(replay.seats, list) else []
    return [s["seat"] for s in seats if isinstance(s, dict) and isinstance(s.get("seat"), str)]


def validate_replay_record(replay: Replay) -> None:
    """Check that the slug is not one our addresses use, the seats' shape, replay the record through its engine, and check that the
    replay's game and ruleset are the record's; raise ``ValidationError`` naming the field,
    and for the record the step and the reason."""
    from cardtutor.replays.timeline import check_record

    if replay.slug in schemas.RESERVED_SLUGS:
        raise ValidationError(
            {"slug": f"{replay.slug!r} is one of our own addresses (reserved)."}, code="slug"
        )
    problem = schemas.check(replay.seats, schemas.SEATS, "seats")
    if problem:
        raise ValidationError({"seats": problem}, code="seats")
    problem = schemas.json_depth_problem(replay.record, "record")
    if problem:
        raise ValidationError({"record": problem}, code="record")
    try:
        check_record(replay.game, replay.record, replay.seats)
    except RecordError as err:
        lang = lang_key(get_language() or settings.LANGUAGE_CODE)
        raise ValidationError({"record": err.render(lang)}, code="record") from err
    ruleset = replay.record.get("ruleset") if isinstance(replay.record, dict) else None
    if replay.ruleset != ruleset:
        raise ValidationError(
            {
                "ruleset": _(
                    "The ruleset %(ruleset)s is not the record's ruleset %(record)s: they must "
                    "agree."
                )
                % {"ruleset": repr(replay.ruleset), "record": repr(ruleset)}
            },
            code="ruleset",
        )


def validate_annotation(annotation: Annotation, seats: list[str] | None = None) -> None:
    """Check the annotation's JSON fields against their schemas (and, given the replay's
    seats, that every seat they name is one); raise ``ValidationError`` naming each field."""
    fields = {name: getattr(annotation, name) for name in schemas.ANNOTATION_FIELDS}
    found = schemas.annotation_problems(fields, seats)
    if found:
        by_field: dict[str, list[str]] = {}
        for problem in found:  # "notes[0].kind: ..." belongs to the field "notes"
            field = re.match(r"[a-z_]+", problem)
            by_field.setdefault(field.group(0) if field else "__all__", []).append(problem)
        raise ValidationError(by_field, code="shape")


def bump_content_version(replay_id: int) -> None:
    """Mark a replay as changed (its caches and ETags renew): after writes that send no
    signal, such as ``Annotation.objects.filter(...).update(...)``."""
    Replay.objects.filter(pk=replay_id).update(updated=timezone.now())
    _forget(*Replay.objects.filter(pk=replay_id).values_list("slug", flat=True))


def _forget(*slugs: str) -> None:
    from cardtutor.replays.rendering import forget_replay

    for slug in slugs:
        forget_replay(slug)


@receiver(pre_save, sender=Replay)
def _validate_before_save(sender: Any, instance: Replay, raw: bool, **kwargs: Any) -> None:
    validate_replay_record(instance)
    # A new content version also under loaddata (raw saves do not apply auto_now).
    instance.updated = timezone.now()
    if instance.pk is not None:  # the slug may change: the old one's cached version goes too
        _forget(*Replay.objects.filter(pk=instance.pk).values_list("slug", flat=True))


@receiver(post_save, sender=Replay)
@receiver(post_delete, sender=Replay)
def _replay_changed(sender: Any, instance: Replay, **kwargs: Any) -> None:
    _forget(instance.slug)


@receiver(pre_save, sender=Annotation)
def _validate_annotation_before_save(
    sender: Any, instance: Annotation, raw: bool, **kwargs: Any
) -> None:
    validate_annotation(instance)


@receiver(post_save, sender=Annotation)
@receiver(post_delete, sender=Annotation)
def _annotation_changed(sender: Any, instance: Annotation, **kwargs: Any) -> None:
    bump_content_version(instance.replay_id)
