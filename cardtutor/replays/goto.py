"""The move list's "go to step" form: ``/replays/<slug>/goto/?step=N&seat=A``.

A plain GET form, so it works without JavaScript: a valid step number redirects to the step's
own address (htmx follows the redirect and swaps the step in, pushing the step's address). Bad
input gets a clear message: a page with status 400, or for htmx a 200 that puts the message
into the form's message line (``HX-Retarget``) and leaves the step and the address alone.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from cardtutor.core.http import NotFound
from cardtutor.core.owners import owns
from cardtutor.engine.text import typed_text
from cardtutor.replays.models import Replay
from cardtutor.replays.moves import step_url
from cardtutor.replays.timeline import timeline_for

MAX_DIGITS = 6


def parse_step(raw: str, last: int) -> int | None:
    """The step number typed, if it is a whole number from 0 to ``last``.

    >>> parse_step(" 12 ", 32), parse_step("33", 32), parse_step("-1", 32), parse_step("1e3", 32)
    (12, None, None, None)
    """
    text = raw.strip()
    if not text.isdecimal() or not text.isascii() or len(text) > MAX_DIGITS:
        return None
    number = int(text)
    return number if 0 <= number <= last else None


@require_safe
@vary_on_headers("HX-Request")
def goto_step(request: HttpRequest, slug: str) -> HttpResponse:
    replay = Replay.objects.filter(slug=slug).first()
    private = replay is not None and (replay.owner_id is not None or bool(replay.owner_token))
    if replay is None or private and not owns(request, replay.owner_id, replay.owner_token):
        raise NotFound(_("There is no replay %(slug)s.") % {"slug": slug})
    timeline = timeline_for(replay)
    seat = request.GET.get("seat", "all")
    perspective = seat if seat in timeline.record.seats else "all"
    raw = request.GET.get("step", "")
    number = parse_step(raw, timeline.last)
    if number is not None:
        # without JavaScript the step opens at the step (the next Tab reaches its controls);
        # htmx follows the redirect itself and swaps the step in place
        return redirect(step_url(slug, number, perspective) + "#replay-step")
    shown = typed_text(raw)
    if shown:
        message = _(
            "There is no step “%(value)s” in this replay: enter a whole number from 0 to %(last)d."
        ) % {"value": shown, "last": timeline.last}
    else:
        message = _("Enter a step number from 0 to %(last)d.") % {"last": timeline.last}
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.history_restore_request:  # (a restore wants the whole page)
        response = HttpResponse(escape(message))  # it quotes what was typed
        response["HX-Retarget"] = "#goto-message"
        response["HX-Reswap"] = "innerHTML"
        response["HX-Push-Url"] = "false"
        return response
    return goto_error(
        request, replay, message, perspective, timeline.last, get_language() or "en", typed=shown
    )


def goto_error(
    request: HttpRequest,
    replay: Replay,
    message: str,
    perspective: str,
    last: int,
    lang: str,
    status: int = 400,
    typed: str = "",
) -> HttpResponse:
    """The page that says which steps a replay has, with the go-to box and the way back to its
    start (a wrong number typed: 400; an address past the last step: 404). ``typed``: what
    was typed, kept in the box (which is marked invalid and described by the message)."""
    return render(
        request,
        "replays/goto_error.html",
        {
            "message": message,
            "title": replay.title(lang),
            "back_url": step_url(replay.slug, 0, perspective),
            "goto_url": reverse("replays:goto", args=[replay.slug]),
            "perspective": perspective,
            "last": last,
            "typed": typed,
        },
        status=status,
    )
