"""Rendering of replay steps, cached with Django's cache framework.

What a step looks like depends only on the replay's content, the step, the perspective and the
language. Its fragments (the step, the out-of-band updates that go with a swap, the source
text) are rendered once **without the request**, so nothing of one visitor (CSRF token,
cookies, preferences) can get into them, and kept in the ``default`` cache (local memory
unless ``settings.CACHES`` says otherwise); an htmx swap sends its entry's bytes as they are.
The page around them carries each visitor's CSRF token: for anonymous visitors it is kept as
a frame of fragments between the token's places, rendered from a request that carries
nothing of any visitor, and every request joins them with its own token (see
:func:`rendered_page`); a signed-in visitor's page is rendered whole.

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
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache as default_cache
from django.db.models import prefetch_related_objects
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from cardtutor.core.preferences import DECK_COOKIE, DECK_FOUR_COLOUR, four_colour_deck
from cardtutor.engine.errors import RecordError
from cardtutor.replays import schemas
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


def step_swap(meta: ReplayMeta, number: int, perspective: str, lang: str) -> bytes | None:
    """What an htmx step swap answers (the step's <title>, the step, its out-of-band updates),
    as UTF-8 bytes ready to send; its own cache entry, so a swap unpickles nothing else."""
    key = step_key(meta, number, perspective, lang) + ":swap"
    if not settings.DEBUG:
        found: bytes | None = default_cache.get(key)
        if found is not None:
            return found
    step = rendered_step(meta, number, perspective, lang)
    if step is None:
        return None
    swap = (step.title_html + step.step_html + step.oob_html).encode()
    default_cache.set(key, swap)
    return swap


def rendered_step(
    meta: ReplayMeta, number: int, perspective: str, lang: str
) -> RenderedStep | None:
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
        step_url_template="{n}".join(
            step_url(replay.slug, 999_999_999, perspective).rpartition("999999999")[::2]
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


# Where each visitor's CSRF token goes in a cached page frame: a random marker per process,
# which no stored content can contain, used only while a frame is rendered and split.
_TOKEN_SLOT = f"csrf-slot-{secrets.token_hex(16)}"


def _page_context(meta: ReplayMeta, step: RenderedStep, lang: str) -> dict[str, Any]:
    return {
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


def rendered_page(
    request: HttpRequest, meta: ReplayMeta, number: int, perspective: str, lang: str
) -> bytes | None:
    """The full page of a step for this request, as UTF-8 bytes (``None``: no such step).

    For an anonymous visitor the page is a cached *frame*: the page rendered once per step,
    perspective, language and deck, kept as the fragments between the places where each
    visitor's own CSRF token goes (the body's ``hx-headers`` and the header's two forms).
    Every request joins the fragments with this visitor's token, which is never cached. The
    frame is rendered with a request that carries nothing of the visitor (no cookies, no
    user), so nothing else of anyone can get into it. A signed-in visitor's page is rendered
    whole for each request (the header may name the user).
    """
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        step = rendered_step(meta, number, perspective, lang)
        if step is None:
            return None
        return render_to_string(
            "replays/viewer.html", _page_context(meta, step, lang), request
        ).encode()
    four = four_colour_deck(request)
    key = f"{step_key(meta, number, perspective, lang)}:page:{int(four)}"
    frame: list[bytes] | None = None if settings.DEBUG else default_cache.get(key)
    if frame is None:
        step = rendered_step(meta, number, perspective, lang)
        if step is None:
            return None
        blank = _blank_request(request, four)
        context = {**_page_context(meta, step, lang), "csrf_token": _TOKEN_SLOT}
        html = render_to_string("replays/viewer.html", context, blank)
        frame = [part.encode() for part in html.split(_TOKEN_SLOT)]
        default_cache.set(key, frame)
    return get_token(request).encode().join(frame)


def _blank_request(request: HttpRequest, four: bool) -> HttpRequest:
    """A request for the same address with nothing of the visitor but the deck choice."""
    blank = HttpRequest()
    blank.method = "GET"
    blank.path = blank.path_info = request.path
    blank.META = {
        "SERVER_NAME": request.META.get("SERVER_NAME", "localhost"),
        "SERVER_PORT": request.META.get("SERVER_PORT", "80"),
    }
    blank.COOKIES = {DECK_COOKIE: DECK_FOUR_COLOUR} if four else {}
    blank.resolver_match = request.resolver_match
    blank.user = AnonymousUser()
    return blank
