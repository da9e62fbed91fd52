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
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers

from cardtutor.core.http import HtmxHttpRequest
from cardtutor.engine import GAMES
from cardtutor.replays.forms import ReplayImportForm
from cardtutor.replays.models import Replay, game_choices
from cardtutor.replays.rendering import rendered_page, rendered_step, replay_version
from cardtutor.replays.transfer import ReplayImportError, export_replay, import_replay


@require_safe
def replay_list(request: HttpRequest) -> HttpResponse:
    game = request.GET.get("game", "")
    replays = Replay.objects.all()
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
    if replay_version(slug) is None:
        raise Http404(_("There is no replay %(slug)s.") % {"slug": slug})
    return redirect("replays:step", slug=slug, number=0)


PERSPECTIVE = re.compile(r"^(all|[A-Z])$")


@require_safe
@vary_on_headers("HX-Request")
def replay_step(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    version = replay_version(slug)
    if version is None:
        raise Http404(_("There is no replay %(slug)s.") % {"slug": slug})
    perspective = request.GET.get("seat", "all")
    if not PERSPECTIVE.match(perspective):
        perspective = "all"
    lang = get_language() or "en"
    step = rendered_step(request, version, number, perspective, lang)
    if step is None:
        raise Http404(_("This replay has no step %(number)d.") % {"number": number})
    if request.htmx:
        return HttpResponse(step.step_html + step.oob_html)
    return HttpResponse(rendered_page(request, slug, version, step, number, lang))


@require_safe
def replay_export(request: HttpRequest, slug: str) -> JsonResponse:
    replay = get_object_or_404(Replay, slug=slug)
    response = JsonResponse(
        export_replay(replay), json_dumps_params={"ensure_ascii": False, "indent": 2}
    )
    response["Content-Disposition"] = f'inline; filename="{replay.slug}.json"'
    return response


@staff_member_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def replay_import(request: HtmxHttpRequest) -> HttpResponse:
    """Upload a replay exported as JSON (staff only). Errors come back as a 200 form."""
    error = ""
    form = ReplayImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            data: Any = json.loads(upload.read().decode("utf-8"))
            replay = import_replay(data, replace=form.cleaned_data["replace"])
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
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
