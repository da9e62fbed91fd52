"""Replay views: the list, the step viewer (full page or htmx partial), export and import.

One view and one template serve each step: the whole page normally, and for htmx requests
only the ``step`` partial (``replays/viewer.html#step``). Every control is a real link, so
the viewer works without JavaScript.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.contrib.admin.views.decorators import staff_member_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from cardtutor.replays.forms import ReplayImportForm
from cardtutor.replays.models import Replay
from cardtutor.replays.presentation import step_context
from cardtutor.replays.timeline import timeline_for
from cardtutor.replays.transfer import ReplayImportError, export_replay, import_replay


@require_GET
def replay_list(request: HttpRequest) -> HttpResponse:
    game = request.GET.get("game", "")
    replays = Replay.objects.all()
    if game in Replay.Game.values:
        replays = replays.filter(game=game)
    else:
        game = ""
    lang = get_language() or "en"
    items = [
        {"replay": r, "title": r.title(lang), "summary": r.summary(lang),
         "game_label": r.get_game_display()}
        for r in replays
    ]
    return render(request, "replays/list.html", {
        "items": items, "game": game, "games": Replay.Game.choices,
    })


@require_GET
def replay_start(request: HttpRequest, slug: str) -> HttpResponse:
    replay = get_object_or_404(Replay, slug=slug)
    return redirect("replays:step", slug=replay.slug, number=0)


PERSPECTIVE = re.compile(r"^[A-Z]$")
HEADER_FIELDS = ("pk", "slug", "game", "updated", "title_en", "title_de", "summary_en",
                 "summary_de", "source_title", "source_location")


def _rendered_step(request: HttpRequest, replay: Replay, number: int, perspective: str,
                   lang: str) -> dict[str, Any]:
    """The step's HTML and texts, rendered once per replay version, step, view and language.

    The step fragment holds no per-user data (no form, no CSRF token), so it is shared by
    every learner; the key names the replay's ``updated`` time, so an edit is never stale.
    """
    key = f"replay-step:{replay.pk}:{replay.updated.timestamp()}:{number}:{perspective}:{lang}"
    found = cache.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    full = Replay.objects.get(pk=replay.pk)
    timeline = timeline_for(full)
    if number > timeline.last:
        return {"missing": True}  # not cached: step numbers are unbounded
    else:
        if perspective != "all" and perspective not in timeline.record.seats:
            perspective = "all"
        context = step_context(full, timeline, number, perspective, lang)
        found = {
            "missing": False,
            "step_html": render_to_string("replays/viewer.html#step", context, request),
            "oob_html": render_to_string("replays/viewer.html#announcer-oob", context, request),
            "source_html": render_to_string("replays/viewer.html#source", context, request),
            "heading": context["heading"],
            "announcement": context["announcement"],
        }
    cache.set(key, found, timeout=None)
    return found


@require_GET
@vary_on_headers("HX-Request")
def replay_step(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    replay = get_object_or_404(Replay.objects.only(*HEADER_FIELDS), slug=slug)
    perspective = request.GET.get("seat", "all")
    if not PERSPECTIVE.match(perspective):
        perspective = "all"
    lang = get_language() or "en"
    rendered = _rendered_step(request, replay, number, perspective, lang)
    if rendered["missing"]:
        raise Http404(_("This replay has no step %(number)d.") % {"number": number})
    if request.htmx:
        return HttpResponse(rendered["step_html"] + rendered["oob_html"])
    return render(request, "replays/viewer.html", {
        "replay": replay,
        "title": replay.title(lang),
        "summary": replay.summary(lang),
        "heading": rendered["heading"],
        "announcement": rendered["announcement"],
        # rendered by our own templates, autoescaped there
        "step_html": mark_safe(rendered["step_html"]),
        "source_html": mark_safe(rendered["source_html"]),
        "export_url": reverse("replays:export", args=[replay.slug]),
    })


@require_GET
def replay_export(request: HttpRequest, slug: str) -> JsonResponse:
    replay = get_object_or_404(Replay, slug=slug)
    response = JsonResponse(export_replay(replay), json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'inline; filename="{replay.slug}.json"'
    return response


@staff_member_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def replay_import(request: HttpRequest) -> HttpResponse:
    """Upload a replay exported as JSON (staff only). Errors come back as a 200 form."""
    error = ""
    form = ReplayImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            data: Any = json.loads(upload.read().decode("utf-8"))
            replay = import_replay(data, replace=form.cleaned_data["replace"])
        except (UnicodeDecodeError, json.JSONDecodeError):
            error = _("The file is not valid JSON (UTF-8).")
        except ReplayImportError as err:
            error = _("Refused, nothing was stored: %(reason)s") % {"reason": err}
        else:
            url = reverse("replays:step", args=[replay.slug, 0])
            if request.htmx:
                response = HttpResponse(status=204)
                response["HX-Redirect"] = url
                return response
            return redirect(url)
    template = "replays/import.html#form" if request.htmx else "replays/import.html"
    return render(request, template, {"form": form, "error": error})
