"""The source's advice, judged with all cards known: a page of its own, and the fragment that
the replay page loads in place (htmx) once the learner scrolls to it.

It solves every card play of the replay (each solution is cached), which is why the step pages
never wait for it: they show a link here, which htmx follows in the background.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from cardtutor.core.http import HtmxHttpRequest, NotFound
from cardtutor.core.owners import owns
from cardtutor.replays.advice import advice_for
from cardtutor.replays.models import Replay
from cardtutor.replays.templatetags.verdicts import advice_items
from cardtutor.replays.timeline import timeline_for
from cardtutor.replays.verdicts import Judge


@require_safe
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def replay_advice(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    replay = get_object_or_404(Replay, slug=slug)
    if replay.owner_id is not None or replay.owner_token:
        if not owns(request, replay.owner_id, replay.owner_token):
            raise NotFound(_("There is no replay %(slug)s.") % {"slug": slug})
    timeline = timeline_for(replay)
    judge = Judge(timeline)
    plays = list(judge.plays())
    lang = get_language() or "en"
    context = {
        "replay": replay,
        "title": replay.title(lang),
        "game": timeline.game,
        "advice": advice_items(
            judge.advice_list(advice_for(replay.slug, replay.source_text or ""))
        ),
        "costly": [s for s in plays if not s.is_best],
        "judged": len(plays),
    }
    fragment = request.htmx and not request.htmx.history_restore_request
    template = "replays/advice.html#advice-list" if fragment else "replays/advice.html"
    return render(request, template, context)
