"""Rendering of replay steps, cached with Django's cache framework.

What a step looks like depends only on the replay's content, the step, the perspective and the
language. Its fragments (the step, the out-of-band updates that go with a swap, the source
text) are rendered once **without the request**, so nothing of one visitor (CSRF token,
cookies, preferences) can get into them, and kept in the ``default`` cache (local memory
unless ``settings.CACHES`` says otherwise). The page around them, which carries each
visitor's CSRF token and deck preference, is rendered for every request.

Keys name the content version (the replay's primary key and its ``updated`` time, which every
save of the replay or of one of its annotations renews, see :mod:`cardtutor.replays.models`)
and :func:`release`, a digest of the code and templates that render it, so a key is never
stale and nothing needs deleting. Perspectives are checked against the replay's seats before
they reach a key, and step numbers against its length, so odd requests cannot grow the cache.
While ``DEBUG`` is on nothing is reused (edited templates show at once).

Stored content that went around the checks where it is stored (a bulk ``update``) is checked
again here: a malformed seat list or annotation field is left out, and the step says so.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
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

from cardtutor.engine.errors import RecordError
from cardtutor.replays import schemas
from cardtutor.replays.models import Replay, replay_seat_names
from cardtutor.replays.presentation import step_context
from cardtutor.replays.timeline import timeline_for

log = logging.getLogger(__name__)

# The fields the page and the cache keys need: one small query per request.
META_FIELDS = (
    "id",
    "slug",
    "game",
    "title_en",
    "title_de",
    "summary_en",
    "summary_de",
    "source_title",
    "source_location",
    "source_language",
    "seats",
    "updated",
)

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
class RenderedStep:
    title_html: str
    step_html: str
    oob_html: str
    source_html: str
    heading: str
    announcement: str
    perspective: str
    page_title: str
    current_url: str
    # The step's plain values (number, last, title, actor...) for the page around it.
    scalars: dict[str, Any] = field(default_factory=dict)


def find_replay(slug: str) -> Replay | None:
    """The replay's small fields (no record, no source text), or ``None``."""
    return Replay.objects.only(*META_FIELDS).filter(slug=slug).first()


def content_version(replay: Replay) -> str:
    stamp = replay.updated.timestamp() if replay.updated else 0.0
    return f"{replay.pk}.{round(stamp * 1_000_000)}"


def perspective_of(replay: Replay, value: str | None) -> str:
    """``value`` if it names one of the replay's seats exactly, else ``"all"``."""
    if value and value in replay_seat_names(replay) and len(value) == 1 and value.isupper():
        return value
    return "all"


def step_url(slug: str, number: int, perspective: str) -> str:
    url = reverse("replays:step", args=[slug, number])
    return url if perspective == "all" else f"{url}?seat={perspective}"


def step_key(replay: Replay, number: int, perspective: str, lang: str) -> str:
    return f"replay-step:{release()}:{content_version(replay)}:{number}:{perspective}:{lang}"


def _sanitise(replay: Replay) -> list[str]:
    """Check the stored JSON again; malformed parts are replaced (in memory) by empty values.
    Returns what was left out, for the page to say."""
    found: list[str] = []
    problem = schemas.check(replay.seats, schemas.SEATS, "seats")
    if problem:
        found.append(problem)
        names = timeline_for(replay).record.seats
        replay.seats = [{"seat": name} for name in names]
    seats = replay_seat_names(replay)
    for annotation in replay.annotations.all():
        for name, schema in schemas.ANNOTATION_FIELDS.items():
            value = getattr(annotation, name)
            problem = schemas.check(value, schema, name) or "".join(
                schemas.annotation_problems({name: value}, seats)[:1]
            )
            if problem:
                found.append(f"step {annotation.step}: {problem}")
                setattr(annotation, name, {} if schema["type"] == "object" else [])
    for problem in found:
        log.warning("Replay %s: stored content left out: %s", replay.slug, problem)
    return found


def rendered_step(meta: Replay, number: int, perspective: str, lang: str) -> RenderedStep | None:
    """The step's fragments, from the cache or rendered now; ``None`` when the replay has no
    such step. Raises :class:`DamagedReplay` when its stored record does not replay."""
    key = step_key(meta, number, perspective, lang)
    if not settings.DEBUG:
        found: RenderedStep | None = default_cache.get(key)
        if found is not None:
            return found
    replay = Replay.objects.get(pk=meta.pk)
    prefetch_related_objects([replay], "annotations")
    problem = schemas.json_depth_problem(replay.record, "record")
    if problem:
        raise DamagedReplay(problem)
    try:
        timeline = timeline_for(replay)
        damaged = _sanitise(replay)
    except RecordError as err:
        raise DamagedReplay(err.render(lang)) from err
    if number > timeline.last:
        return None  # not cached: step numbers are unbounded
    context = step_context(replay, timeline, number, perspective, lang)
    current_url = step_url(replay.slug, number, perspective)
    page_title = f"{context['title']} · {context['heading']}"
    context.update(
        damaged=damaged,
        current_url=current_url,
        page_title=page_title,
        # for site.js, which coalesces fast key presses into one request for the wanted step
        step_url_template=step_url(replay.slug, 999_999_999, perspective).replace(
            "999999999", "{n}"
        ),
    )
    found = RenderedStep(
        title_html=render_to_string("replays/_step_title.html", context).strip(),
        step_html=render_to_string("replays/viewer.html#step", context),
        oob_html=render_to_string("replays/viewer.html#announcer-oob", context)
        + render_to_string("replays/_step_oob.html", context),
        source_html=render_to_string("replays/viewer.html#source", context),
        heading=context["heading"],
        announcement=context["announcement"],
        perspective=perspective,
        page_title=page_title,
        current_url=current_url,
        scalars={
            k: v for k, v in context.items() if v is None or isinstance(v, str | int | float | bool)
        },
    )
    default_cache.set(key, found)
    return found


def rendered_page(request: HttpRequest, meta: Replay, step: RenderedStep, lang: str) -> str:
    """The full page of a step: the cached fragments in a page rendered for this request."""
    context: dict[str, Any] = {
        **step.scalars,
        "replay": meta,
        "title": meta.title(lang),
        "summary": meta.summary(lang),
        "heading": step.heading,
        "announcement": step.announcement,
        "page_title": step.page_title,
        "current_url": step.current_url,
        # rendered by our own templates, autoescaped there
        "step_html": mark_safe(step.step_html),  # noqa: S308
        "source_html": mark_safe(step.source_html),  # noqa: S308
        "export_url": reverse("replays:export", args=[meta.slug]),
    }
    return render_to_string("replays/viewer.html", context, request)
