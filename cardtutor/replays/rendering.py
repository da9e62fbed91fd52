"""Rendering of replay steps, cached with Django's cache framework.

What a step looks like depends only on the replay's content, the step, the perspective and the
language. Its fragments are rendered once **without the request**, so nothing of one visitor
(CSRF token, cookies, name, preferences) can get into them, and kept in the ``default`` cache
(local memory unless ``settings.CACHES`` says otherwise) as two entries: what an htmx swap
answers (bytes, sent as they are) and the page's article (header, step, source text). The
page around the article is rendered for each request (see :func:`rendered_page`): it carries
the visitor's own CSRF token, name and deck, and none of that is ever cached.

Keys name the content version (the replay's primary key and its ``updated`` time, which every
save of the replay or of one of its annotations renews, see :mod:`cardtutor.replays.models`)
and :func:`release`, a digest of the code and templates that render it, so a key is never
stale and nothing needs deleting. Perspectives are checked against the replay's seats before
they reach a key, and step numbers against its length, so odd requests cannot grow the cache.
While ``DEBUG`` is on nothing is reused (edited templates show at once).

Stored content that went around the checks where it is stored (a bulk ``update``) is checked
again here, once per content (:func:`stored_checks`): a malformed seat list or annotation field
is left out, and the step says so.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache as default_cache
from django.db.models import prefetch_related_objects
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from cardtutor.core.templatetags.site import SPRITE_AS_BYTES, page_bytes
from cardtutor.engine.errors import RecordError
from cardtutor.replays import schemas
from cardtutor.replays.citations import cite
from cardtutor.replays.models import Replay, replay_seat_names
from cardtutor.replays.presentation import step_context
from cardtutor.replays.timeline import timeline_for

log = logging.getLogger(__name__)

# Files whose content decides what a rendered step looks like.
_RELEASE_SUFFIXES = {".py", ".html", ".mo", ".css", ".js", ".svg", ".json"}


@cache
def release() -> str:
    """A digest of the code, templates, translations and static files (once per process):
    part of every cache key and ETag, so a deploy never serves what the old code drew."""
    digest = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    for folder in ("cardtutor", "templates", "locale", "static"):
        for path in sorted((base / folder).rglob("*")):
            if path.suffix in _RELEASE_SUFFIXES and "__pycache__" not in path.parts:
                if path.is_file():
                    digest.update(str(path.relative_to(base)).encode())
                    digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class DamagedReplay(Exception):
    """The stored record does not replay: nothing of the replay can be shown."""


@dataclass(frozen=True)
class StepPage:
    """What a step's full page needs of the step: its main content (header, step, source
    text, as UTF-8 bytes ready to send) and the page's title and canonical address. The page
    around it is each visitor's own and is rendered per request (see :func:`rendered_page`)."""

    article: bytes
    page_title: str
    current_url: str

    @property
    def article_html(self) -> str:
        return self.article.decode()


@dataclass(frozen=True)
class RenderedStep:
    # what an htmx step swap answers: the step's <title>, the step, its out-of-band updates
    swap: bytes
    page: StepPage


def _meta_key(slug: str) -> str:
    return f"replay-meta:{slug}"


@dataclass(frozen=True)
class ReplayMeta:
    """What every request needs of a replay (its content version, seats and the page's
    header), without the record or the source text: cached, and cheap to unpickle."""

    pk: int
    slug: str
    game: str
    title_en: str
    title_de: str
    summary_en: str
    summary_de: str
    source_title: str
    source_location: str
    source_language: str
    seats: tuple[str, ...]
    updated: datetime | None
    owner_id: int | None = None
    owner_token: str = ""
    """A learner's own replay (a game he kept): only he may see it."""

    @property
    def private(self) -> bool:
        return self.owner_id is not None or bool(self.owner_token)

    def title(self, lang: str) -> str:
        return self.title_de if lang.startswith("de") else self.title_en

    def summary(self, lang: str) -> str:
        return self.summary_de if lang.startswith("de") else self.summary_en

    @classmethod
    def of(cls, replay: Replay) -> ReplayMeta:
        malformed = schemas.check(replay.seats, schemas.SEATS, "seats")
        return cls(
            pk=replay.pk,
            slug=replay.slug,
            game=replay.game,
            title_en=replay.title_en,
            title_de=replay.title_de,
            summary_en=replay.summary_en,
            summary_de=replay.summary_de,
            source_title=replay.source_title,
            source_location=replay.source_location,
            source_language=replay.source_language,
            # malformed (stored around the checks): no seat's view, "all" only
            seats=() if malformed else tuple(replay_seat_names(replay)),
            updated=replay.updated,
            owner_id=replay.owner_id,
            owner_token=replay.owner_token,
        )


def find_replay(slug: str) -> ReplayMeta | None:
    """The replay's small fields (no record, no source text), or ``None``.

    Every request needs them (they carry the content version), so they are cached too, for
    :data:`VERSION_TTL` seconds: a write renews them at once in its own process (see
    :func:`forget_replay`), other processes with a per-process cache see it within that
    time, and with a shared cache at once. A missing replay is not cached (odd slugs must
    not fill the cache).
    """
    key = _meta_key(slug)
    ttl = version_ttl()
    if ttl > 0:
        cached: ReplayMeta | None = default_cache.get(key)
        if cached is not None:
            return cached
    replay = Replay.objects.defer("record", "source_text").filter(slug=slug).order_by().first()
    if replay is None:
        return None
    found = ReplayMeta.of(replay)
    if ttl > 0:
        default_cache.set(key, found, ttl)
    return found


def version_ttl() -> float:
    """Seconds a replay's content version may be reused without asking the database: the
    setting ``REPLAY_VERSION_TTL`` (default 2); 0 (and ``DEBUG``) asks every time."""
    return 0 if settings.DEBUG else float(settings.REPLAY_VERSION_TTL)


def forget_replay(slug: str) -> None:
    """Drop the cached content version of a replay (called on every write, see models)."""
    default_cache.delete(_meta_key(slug))


def content_version(replay: ReplayMeta) -> str:
    stamp = replay.updated.timestamp() if replay.updated else 0.0
    return f"{replay.pk}.{round(stamp * 1_000_000)}"


def perspective_of(replay: ReplayMeta, value: str | None) -> str:
    """``value`` if it names one of the replay's seats exactly, else ``"all"``."""
    if value and value in replay.seats and len(value) == 1 and value.isupper():
        return value
    return "all"


def step_url(slug: str, number: int, perspective: str) -> str:
    url = reverse("replays:step", args=[slug, number])
    return url if perspective == "all" else f"{url}?seat={perspective}"


def step_key(replay: ReplayMeta, number: int, perspective: str, lang: str) -> str:
    return f"replay-step:{release()}:{content_version(replay)}:{number}:{perspective}:{lang}"


@dataclass(frozen=True)
class StoredChecks:
    """What checking a replay's stored JSON found: kept per content, so the JSON Schema
    validation (the costly part of drawing a step) runs once for each content, not for
    every step, perspective and language drawn from it."""

    # the record nests too deep to replay: nothing can be shown
    record_problem: str = ""
    # the seat list is malformed: these names (the record's) stand in for it
    seats_from_record: tuple[str, ...] | None = None
    # (annotation id, field) pairs to leave out: their stored value is malformed
    left_out: tuple[tuple[int, str], ...] = ()
    # what was left out, in words, for the page to say
    problems: tuple[str, ...] = ()


def _content_digest(replay: Replay) -> str:
    """A digest of exactly what :func:`stored_checks` reads (the seats, the record and each
    annotation's JSON fields): the key of its result. Finer than the content version, so
    even a write that sent no signal (a bulk ``update``) is checked afresh."""
    digest = hashlib.sha256(f"{replay.pk}\n{release()}".encode())
    parts: list[Any] = [replay.seats, replay.record]
    for annotation in replay.annotations.all():
        parts.append(annotation.pk)
        parts.extend(getattr(annotation, name) for name in schemas.ANNOTATION_FIELDS)
    digest.update(json.dumps(parts, sort_keys=True, default=repr).encode())
    return digest.hexdigest()


def stored_checks(replay: Replay) -> StoredChecks:
    """Check the replay's stored JSON again (the shapes, where it went around the checks on
    the way in): from the cache when this content was checked before. The replay's
    annotations must be prefetched. Raises ``RecordError`` when the seats need the record
    and the record does not replay."""
    try:
        key = f"replay-checked:{_content_digest(replay)}"
    except (RecursionError, ValueError):  # too deep or circular to even digest
        key = ""
    if key and not settings.DEBUG:
        found: StoredChecks | None = default_cache.get(key)
        if found is not None:
            return found
    checked = _check_stored(replay)
    if key:
        default_cache.set(key, checked)
    for problem in checked.problems:
        log.warning("Replay %s: stored content left out: %s", replay.slug, problem)
    return checked


def _check_stored(replay: Replay) -> StoredChecks:
    problem = schemas.json_depth_problem(replay.record, "record")
    if problem:
        return StoredChecks(record_problem=problem)
    found: list[str] = []
    left_out: list[tuple[int, str]] = []
    seats_from_record: tuple[str, ...] | None = None
    problem = schemas.check(replay.seats, schemas.SEATS, "seats")
    if problem:
        found.append(problem)
        seats_from_record = tuple(timeline_for(replay).record.seats)
        seats = list(seats_from_record)
    else:
        seats = replay_seat_names(replay)
    for annotation in replay.annotations.all():
        for name, schema in schemas.ANNOTATION_FIELDS.items():
            value = getattr(annotation, name)
            problem = schemas.check(value, schema, name) or "".join(
                schemas.annotation_problems({name: value}, seats)[:1]
            )
            if problem:
                found.append(f"step {annotation.step}: {problem}")
                left_out.append((annotation.pk, name))
    return StoredChecks(
        seats_from_record=seats_from_record, left_out=tuple(left_out), problems=tuple(found)
    )


def _leave_out(replay: Replay, checked: StoredChecks) -> list[str]:
    """Replace (in memory) what the checks found malformed by empty values; returns what
    was left out, for the page to say."""
    if checked.seats_from_record is not None:
        replay.seats = [{"seat": name} for name in checked.seats_from_record]
    if checked.left_out:
        malformed = set(checked.left_out)
        for annotation in replay.annotations.all():
            for name, schema in schemas.ANNOTATION_FIELDS.items():
                if (annotation.pk, name) in malformed:
                    setattr(annotation, name, {} if schema["type"] == "object" else [])
    return list(checked.problems)


def step_swap(meta: ReplayMeta, number: int, perspective: str, lang: str) -> bytes | None:
    """What an htmx step swap answers, as UTF-8 bytes ready to send (``None``: no such
    step); its own cache entry, so a swap unpickles nothing else."""
    if not settings.DEBUG:
        found: bytes | None = default_cache.get(step_key(meta, number, perspective, lang) + ":swap")
        if found is not None:
            return found
    step = rendered_step(meta, number, perspective, lang)
    return None if step is None else step.swap


def step_page(meta: ReplayMeta, number: int, perspective: str, lang: str) -> StepPage | None:
    """What a step's full page needs of the step (``None``: no such step), from the cache."""
    if not settings.DEBUG:
        found: StepPage | None = default_cache.get(
            step_key(meta, number, perspective, lang) + ":page"
        )
        if found is not None:
            return found
    step = rendered_step(meta, number, perspective, lang)
    return None if step is None else step.page


def rendered_step(
    meta: ReplayMeta, number: int, perspective: str, lang: str
) -> RenderedStep | None:
    """Render the step's fragments now and keep them in the cache (two entries: the swap's
    bytes and the page's parts); ``None`` when the replay has no such step. Raises
    :class:`DamagedReplay` when its stored record does not replay."""
    key = step_key(meta, number, perspective, lang)
    replay = Replay.objects.get(pk=meta.pk)
    prefetch_related_objects([replay], "annotations")
    try:
        checked = stored_checks(replay)
        if checked.record_problem:
            raise DamagedReplay(checked.record_problem)
        timeline = timeline_for(replay)
        damaged = _leave_out(replay, checked)
    except RecordError as err:
        raise DamagedReplay(err.render(lang)) from err
    if number > timeline.last:
        return None  # not cached: step numbers are unbounded
    context = step_context(replay, timeline, number, perspective, lang)
    current_url = step_url(replay.slug, number, perspective)
    page_title = f"{context['title']} · {context['heading']}"
    context.update(
        damaged=damaged,
        source_citation=cite(replay.source_title, lang),
        source_passage=cite(replay.source_location, lang),
        current_url=current_url,
        page_title=page_title,
        # for site.js, which coalesces fast key presses into one request for the wanted step
        step_url_template="{n}".join(
            step_url(replay.slug, 999_999_999, perspective).rpartition("999999999")[::2]
        ),
    )
    step_html = render_to_string("replays/viewer.html#step", context)
    article_html = render_to_string(
        "replays/viewer.html#article",
        {
            **context,
            # rendered by our own templates just now, autoescaped there
            "step_html": mark_safe(step_html),  # noqa: S308
            "source_html": mark_safe(  # noqa: S308
                render_to_string("replays/viewer.html#source", context)
            ),
        },
    )
    swap = (
        render_to_string("replays/_step_title.html", context).strip()
        + step_html
        + render_to_string("replays/viewer.html#announcer-oob", context)
        + render_to_string("replays/_step_oob.html", context)
    ).encode()
    found = RenderedStep(swap, StepPage(article_html.encode(), page_title, current_url))
    default_cache.set_many({f"{key}:swap": found.swap, f"{key}:page": found.page})
    return found


# Where the page's article goes: rendered into the page around it, then replaced by the cached
# bytes. Markup of our own: any visitor's value in the page is escaped ("<" as "&lt;"), so none
# can imitate it.
_ARTICLE_SLOT = mark_safe("<!--cardtutor:article-->")


def rendered_page(
    request: HttpRequest, meta: ReplayMeta, number: int, perspective: str, lang: str
) -> bytes | None:
    """The full page of a step for this request, as UTF-8 bytes (``None``: no such step).

    Rendered for each request, with the request: what belongs to the visitor (the CSRF token
    in the body's ``hx-headers`` and the header's forms, "Log in" or the user's name, the
    deck) is drawn afresh every time, and never cached. What is the same for everyone comes
    from the cache framework: the page's article (header, step, source text) is one of the
    step's fragments (:func:`rendered_step`, keyed by content version, step, perspective and
    language), and base.html takes its header's and footer's parts from the
    ``template_fragments`` cache (keyed by language, section and deck).

    The article (most of the page, and not plain ASCII) is kept as UTF-8 bytes and joined to
    the page around it as bytes: decoding it from the cache and encoding it again for every
    request cost more than drawing the page around it.
    """
    step = step_page(meta, number, perspective, lang)
    if step is None:
        return None
    context = {"page_title": step.page_title, "current_url": step.current_url}
    around = render_to_string(
        "replays/page.html",
        {**context, "article_html": _ARTICLE_SLOT, SPRITE_AS_BYTES: True},
        request,
    )
    before, slot, after = around.partition(_ARTICLE_SLOT)
    if not slot:  # cannot happen (page.html writes the slot); drawn the plain way then
        return render_to_string(
            "replays/page.html",
            # rendered by our own templates, autoescaped there
            {**context, "article_html": mark_safe(step.article_html)},  # noqa: S308
            request,
        ).encode()
    return b"".join((page_bytes(before), step.article, after.encode()))
