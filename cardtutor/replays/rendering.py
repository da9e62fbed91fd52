"""Rendering of replay steps, cached per process.

A replay never changes between saves, so what a step looks like depends only on the
replay's version (its primary key and ``updated`` time), the step, the perspective and
the language. The step fragment is shared by every learner; the full page additionally
depends on the four-colour preference and carries a per-request CSRF token, which is put
in at serving time. Keys always name the version, so an edited replay is never stale;
the caches are bounded LRUs, so odd requests cannot grow them without limit.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from cardtutor.core.preferences import four_colour_deck
from cardtutor.replays.lru import LRU
from cardtutor.replays.models import Replay
from cardtutor.replays.presentation import step_context
from cardtutor.replays.timeline import timeline_for

CSRF_PLACEHOLDER = "__cardtutor_csrf_token_placeholder__"


STEPS = LRU(2000, off_in_debug=True)
PAGES = LRU(400, off_in_debug=True)


@dataclass(frozen=True)
class RenderedStep:
    step_html: str
    oob_html: str
    source_html: str
    heading: str
    announcement: str
    perspective: str


def replay_version(slug: str) -> tuple[int, str] | None:
    """``(pk, updated)`` of a replay, in one small query (no model instance)."""
    table = connection.ops.quote_name(Replay._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, updated FROM {table} WHERE slug = %s", [slug])  # noqa: S608
        row = cursor.fetchone()
    return None if row is None else (int(row[0]), str(row[1]))


def rendered_step(
    request: HttpRequest, version: tuple[int, str], number: int, perspective: str, lang: str
) -> RenderedStep | None:
    """The step's fragments, or ``None`` when the replay has no such step."""
    key = (version, number, perspective, lang)
    found: RenderedStep | None = STEPS.get(key)
    if found is not None:
        return found
    replay = Replay.objects.get(pk=version[0])
    timeline = timeline_for(replay)
    if number > timeline.last:
        return None  # not cached: step numbers are unbounded
    if perspective != "all" and perspective not in timeline.record.seats:
        perspective = "all"
    context = step_context(replay, timeline, number, perspective, lang)
    found = RenderedStep(
        step_html=render_to_string("replays/viewer.html#step", context, request),
        oob_html=render_to_string("replays/viewer.html#announcer-oob", context, request),
        source_html=render_to_string("replays/viewer.html#source", context, request),
        heading=context["heading"],
        announcement=context["announcement"],
        perspective=perspective,
    )
    STEPS.set(key, found)
    return found


def rendered_page(
    request: HttpRequest,
    slug: str,
    version: tuple[int, str],
    step: RenderedStep,
    number: int,
    lang: str,
) -> str:
    """The full page of a step, with this request's CSRF token."""
    replay_url = reverse("replays:step", args=[slug, number])
    canonical = replay_url + ("" if step.perspective == "all" else f"?seat={step.perspective}")
    four = four_colour_deck(request)
    key = (version, number, step.perspective, lang, four)
    html: str | None = PAGES.get(key) if request.get_full_path() == canonical else None
    if html is None:
        replay = Replay.objects.get(pk=version[0])
        html = render_to_string(
            "replays/viewer.html",
            {
                "replay": replay,
                "title": replay.title(lang),
                "summary": replay.summary(lang),
                "heading": step.heading,
                "announcement": step.announcement,
                # rendered by our own templates, autoescaped there
                "step_html": mark_safe(step.step_html),
                "source_html": mark_safe(step.source_html),
                "export_url": reverse("replays:export", args=[replay.slug]),
                "csrf_token": CSRF_PLACEHOLDER,
            },
            request,
        )
        if request.get_full_path() == canonical:
            PAGES.set(key, html)
    return html.replace(CSRF_PLACEHOLDER, get_token(request))
