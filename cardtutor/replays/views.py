"""Replay views: the list, the step viewer (full page or htmx partial) and export (the import is in import_views).

One view and one template serve each step: the whole page normally (also for htmx's history
restore requests), and for htmx step swaps only the ``step`` partial
(``replays/viewer.html#step``) with its out-of-band updates (announcer, tab title, the header
forms' return address). Every control is a real link, so the viewer works without JavaScript.

Responses carry a weak ETag (pages) or a strong one (fragments) and Last-Modified, answer a
matching ``If-None-Match`` with 304, and vary on ``HX-Request``,
``HX-History-Restore-Request``, ``Cookie`` and ``Accept-Language``.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_safe
from django.views.decorators.vary import vary_on_headers

from cardtutor.core.http import HtmxHttpRequest, NotFound
from cardtutor.core.owners import owns
from cardtutor.engine import GAMES
from cardtutor.engine.errors import RecordError
from cardtutor.engine.text import typed_text
from cardtutor.replays.citations import cite
from cardtutor.replays.models import WORKED_EXAMPLES, Replay, game_choices
from cardtutor.replays.rendering import (
    DamagedReplay,
    ReplayMeta,
    content_version,
    find_replay,
    perspective_of,
    release,
    rendered_page,
    step_swap,
    step_url,
)
from cardtutor.replays.transfer import (
    export_replay,
    stored_problems,
)


@require_safe
def replay_list(request: HttpRequest) -> HttpResponse:
    game = request.GET.get("game", "")
    replays = Replay.objects.filter(owner__isnull=True, owner_token="")
    if game in GAMES:
        replays = replays.filter(game=game)
    else:
        game = ""
    lang = get_language() or "en"
    items = [
        {
            "replay": r,
            "title": r.title(lang),
            "summary": r.summary(lang),
            "game_label": r.get_game_display(),
            "source": cite(r.source_title, lang),
            # an imported copy is told apart from the example it copies (same title)
            "imported": r.slug not in WORKED_EXAMPLES,
        }
        for r in replays
    ]
    return render(
        request,
        "replays/list.html",
        {
            "items": items,
            "game": game,
            "games": game_choices(),
        },
    )


@require_safe
def replay_start(request: HttpRequest, slug: str) -> HttpResponse:
    if _lookup(request, slug) is None:
        raise NotFound(_("There is no replay %(slug)s.") % {"slug": slug})
    if "step" in request.GET:
        # "?step=5" asked for a step: the go-to form's view takes it there, or says why not
        # (it was quietly step 0, whatever the number)
        return redirect(reverse("replays:goto", args=[slug]) + "?" + request.GET.urlencode())
    seat = request.GET.get("seat", "")
    if seat:  # a seat's view from the start, as the seat links keep it
        return redirect(reverse("replays:step", args=[slug, 0]) + "?" + urlencode({"seat": seat}))
    return redirect("replays:step", slug=slug, number=0)


def _wants_fragment(request: HtmxHttpRequest) -> bool:
    """An htmx step swap gets the step fragment. A history restore (htmx found no snapshot of
    the page in its history cache and asks again) must get the whole page: htmx puts the
    answer in place of ``<body>``."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def _lookup(request: HttpRequest, slug: str) -> ReplayMeta | None:
    """The replay's small fields, looked up once per request (validators and view share it)."""
    cached: dict[str, ReplayMeta | None] = request.__dict__.setdefault("_replay_lookup", {})
    if slug not in cached:
        meta = find_replay(slug)
        if meta is not None and meta.private and not owns(request, meta.owner_id, meta.owner_token):
            meta = None  # a learner's own game: nobody else learns it exists
        cached[slug] = meta
    return cached[slug]


def _step_etag(request: HtmxHttpRequest, slug: str, number: int) -> str | None:
    cached: dict[tuple[str, int], str | None] = request.__dict__.setdefault("_step_etag", {})
    if (slug, number) not in cached:
        cached[slug, number] = _compute_step_etag(request, slug, number)
    return cached[slug, number]


def _compute_step_etag(request: HtmxHttpRequest, slug: str, number: int) -> str | None:
    """What the response depends on, as a digest: the code, the replay's content version,
    step, perspective and language; a page also on the cookies (its CSRF token and the deck
    preference). ``None`` (no conditional answer) in DEBUG, and for a page when there is no
    CSRF cookie yet: that page sets a new one, so an earlier copy would carry a dead token."""
    meta = _lookup(request, slug)
    if meta is None or settings.DEBUG:
        return None
    parts = [
        release(),
        content_version(meta),
        str(number),
        perspective_of(meta, request.GET.get("seat")),
        get_language() or "en",
    ]
    if _wants_fragment(request):
        return '"step-' + hashlib.sha256("|".join(parts).encode()).hexdigest()[:32] + '"'
    if settings.CSRF_COOKIE_NAME not in request.COOKIES:
        return None
    parts += ["page", request.META.get("HTTP_COOKIE", "")]
    # Weak: every page carries a freshly masked token, equal in meaning, not in bytes.
    return 'W/"page-' + hashlib.sha256("|".join(parts).encode()).hexdigest()[:32] + '"'


def _step_last_modified(request: HtmxHttpRequest, slug: str, number: int) -> datetime | None:
    meta = _lookup(request, slug)
    if meta is None or _step_etag(request, slug, number) is None:
        return None
    return meta.updated


@require_safe
@vary_on_headers("HX-Request", "HX-History-Restore-Request", "Cookie", "Accept-Language")
@cache_control(private=True, no_cache=True)
@condition(etag_func=_step_etag, last_modified_func=_step_last_modified)
def replay_step(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    meta = _lookup(request, slug)
    if meta is None:
        raise NotFound(_("There is no replay %(slug)s.") % {"slug": slug})
    seat = request.GET.get("seat", "")
    perspective = perspective_of(meta, seat)
    if seat not in ("", "all", perspective) and meta.seats:  # (no seats: a damaged list)
        raise NotFound(
            _("There is no seat “%(seat)s” in this replay (its seats: %(seats)s).")
            % {"seat": seat[:20], "seats": ", ".join(meta.seats)},
            link=step_url(slug, number, "all"),
            link_text=_("Show this step with every hand"),
        )
    if not request.path_info.endswith(f"/{number}/"):  # "/step/05/": one address per step
        url = step_url(slug, number, perspective)
        return HttpResponsePermanentRedirect(url)
    lang = get_language() or "en"
    try:
        if _wants_fragment(request):
            content = step_swap(meta, number, perspective, lang)
        else:
            content = rendered_page(request, meta, number, perspective, lang)
    except DamagedReplay as err:
        return render(
            request,
            "replays/damaged.html",
            {"title": meta.title(lang), "reason": str(err)},
            status=409,
        )
    if content is None:
        return _no_such_step(request, slug, number, perspective, lang)
    return HttpResponse(content)


@require_safe
def replay_odd_step(request: HttpRequest, slug: str, raw: str) -> HttpResponse:
    """``/step/-1/``, ``/step/abc/``: no step, said as for a step past the end (with the box
    and the steps there are), not the site's bare "no page here"."""
    meta = _lookup(request, slug)
    if meta is None:
        raise NotFound(_("There is no replay %(slug)s.") % {"slug": slug})
    perspective = perspective_of(meta, request.GET.get("seat", ""))
    return _no_such_step(request, slug, typed_text(raw), perspective, get_language() or "en")


def _no_such_step(
    request: HttpRequest, slug: str, number: int | str, perspective: str, lang: str
) -> HttpResponse:
    """A step past the replay's end: a 404 that says which steps there are, with the go-to box
    and a way back to the start (not the site's bare "no page here")."""
    from cardtutor.replays.goto import goto_error
    from cardtutor.replays.timeline import timeline_for

    replay = get_object_or_404(Replay, slug=slug)
    last = timeline_for(replay).last
    message = _(
        "There is no step “%(value)s” in this replay: enter a whole number from 0 to %(last)d."
    ) % {"value": number, "last": last}
    return goto_error(request, replay, message, perspective, last, lang, status=404)


@require_safe
def replay_export(request: HttpRequest, slug: str) -> JsonResponse:
    if _lookup(request, slug) is None:
        raise NotFound(_("There is no replay %(slug)s.") % {"slug": slug})
    replay = get_object_or_404(Replay, slug=slug)
    problems = stored_problems(replay)
    data: dict[str, Any] | None = None
    if not problems:
        try:
            data = export_replay(replay)
        except RecordError as err:
            problems = [f"record: {err.render('en')}"]
    if data is None:
        return JsonResponse(
            {
                "error": "This replay's stored data is malformed, so it cannot be exported "
                "until an editor fixes it.",
                "problems": problems,
            },
            status=409,
        )
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{replay.slug}.json"'
    return response
