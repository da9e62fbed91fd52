"""Practice views: the drills' index, one item (shown, answered, judged), the progress page.

One view and one template serve an item: the whole page, and for htmx answers only the
``answer`` partial (the form with the verdict), so the feedback swaps in place; without
JavaScript the same form posts and the whole page comes back. Every answer is parsed and judged
by the drill in the engine, never by the browser. The form carries a signed token naming the
served item and a one-time nonce (:mod:`cardtutor.practice.tokens`): a forged, stale or repeated
form gets a clear message and never changes the record.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.http import HttpResponse, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers

from cardtutor.core.csrf import get_token
from cardtutor.core.http import HtmxHttpRequest, NotFound
from cardtutor.core.templatetags.site import page_in_shell, switches_return_to
from cardtutor.engine import GAMES
from cardtutor.engine.cards import lang_key
from cardtutor.engine.drills import DRILLS, AnswerError, Drill, Feedback, Item, Level
from cardtutor.engine.drills.base import case_seed, check_seed, similar_seed
from cardtutor.practice import progress, store, tokens
from cardtutor.practice.presentation import (
    drill_url,
    feedback_context,
    item_context,
    item_url,
    url_of,
)
from cardtutor.practice.widgets import (
    SERVED_TO,
    answer_area_html,
    drill_head_html,
    feedback_html,
    item_main_html,
)


def _drill(game: str, name: str) -> Drill:
    drill = DRILLS.get(f"{game}.{name}")
    if drill is None or drill.game != game:
        raise NotFound(_("There is no such drill."), reverse("practice:index"), _("All drills"))
    return drill


def _partial(request: HtmxHttpRequest) -> bool:
    return bool(request.htmx) and not request.htmx.history_restore_request


def _drills_by_game(record: progress.Record) -> list[dict[str, Any]]:
    lang = lang_key(get_language() or "en")
    games = []
    for key, info in GAMES.items():
        drills = sorted((d for d in DRILLS.values() if d.game == key), key=lambda d: d.number)
        if not drills:
            continue
        games.append(
            {
                "key": key,
                "name": info.name(lang),
                "drills": [
                    {
                        "drill": d,
                        "url": drill_url(d),
                        "stats": progress.drill_stats(record, d.key),
                        "level": progress.suggested_level(record, d.key),
                        "levels": [
                            (int(level), f"{drill_url(d)}?level={int(level)}") for level in Level
                        ],
                        "curated": [
                            (
                                reverse("practice:item", args=[d.game, _name(d), 1, seed]),
                                _curated_label(seed, number),
                            )
                            for number, seed in enumerate(d.curated, start=1)
                        ],
                    }
                    for d in drills
                ],
            }
        )
    return games


def _not_found(message: str, game: str, name: str) -> NotFound:
    """A wrong question address, with the way to a new question of the drill (its address is
    worked out here, on the error's path only: ``reverse`` costs 2 % of a question)."""
    start = reverse("practice:start", args=[game, name])
    return NotFound(message, start, _("A new question in this drill"))


def _curated_label(seed: str, number: int) -> str:
    """A worked example's question named by its replay step ("step 19") or by what it asks
    ("counting the Augen"), else numbered: so the links of one drill are told apart."""
    step = seed.removeprefix("example-")
    if step.isascii() and step.isdigit():
        return _("step %(step)s") % {"step": step}
    named = {
        "example": _("the example's deal"),
        "example-augen": _("counting the Augen"),
        "example-score": _("the deal's score"),
    }
    return named.get(seed) or _("question %(number)d") % {"number": number}


def _name(drill: Drill) -> str:
    return drill.key.split(".", 1)[1]


def _reviews(record: progress.Record) -> list[dict[str, Any]]:
    items = []
    alike: dict[tuple[str, str, int], int] = {}
    for review in progress.due_reviews(record, timezone.now())[:10]:
        drill = DRILLS.get(review.drill)
        if drill is None:
            continue
        key = (review.drill, review.concept, review.level)
        alike[key] = alike.get(key, 0) + 1
        items.append(
            {
                "drill": drill,
                "concept": review.concept,
                # two questions of one drill, area and level are told apart by a number
                "nth": _("question %(number)d") % {"number": alike[key]} if alike[key] > 1 else "",
                "url": reverse(
                    "practice:item", args=[drill.game, _name(drill), review.level, review.seed]
                ),
            }
        )
    return items


@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    record = store.read(request)
    return render(
        request,
        "practice/index.html",
        {"games": _drills_by_game(record), "reviews": _reviews(record)},
    )


@require_safe
def progress_page(request: HtmxHttpRequest) -> HttpResponse:
    record = store.read(request)
    rows = []
    for game in _drills_by_game(record):
        for entry in game["drills"]:
            rows.append({**entry, "game_name": game["name"]})
    total = progress.DrillStats(
        sum(r["stats"].attempts for r in rows), sum(r["stats"].correct for r in rows), 0, 0
    )
    waiting, next_due = progress.waiting_reviews(record, timezone.now())
    return render(
        request,
        "practice/progress.html",
        {
            "rows": rows,
            "weak": progress.weak_areas(record),
            "reviews": _reviews(record),
            "total": total,
            "waiting": waiting,
            "next_due": next_due,
            "any_attempts": total.attempts > 0,
        },
    )


@require_safe
@never_cache
def start(request: HtmxHttpRequest, game: str, name: str) -> HttpResponse:
    """A new item of the drill at the asked (or suggested) level, of the asked rare case if
    ``?case=`` names one: a redirect to its address."""
    drill = _drill(game, name)
    suggested = progress.suggested_level(store.read(request), drill.key)
    level = suggested
    if "level" in request.GET:
        try:
            level = Level.parse(request.GET["level"])
        except AnswerError:  # a hand-made address: say so, and offer the drill
            message = _(
                "There is no level “%(level)s”: the levels are 1 (easy), 2 (medium) and 3 (hard)."
            ) % {"level": request.GET["level"][:20]}
            context = {
                "message": message,
                "link": reverse("practice:start", args=[game, name]),
                "link_text": _("A new question in this drill"),
            }
            return render(request, "400.html", context, status=400)
    seed = str(secrets.randbelow(10**9))
    case = request.GET.get("case", "")
    if case in drill.cases:  # a question of this rare case (an unknown case: any question)
        seed = case_seed(case, int(seed))
    return HttpResponseRedirect(reverse("practice:item", args=[game, name, int(level), seed]))


def _form_data(request: HtmxHttpRequest) -> dict[str, str]:
    """Form data as the drills read it: several values of one name joined by spaces."""
    return {
        key: " ".join(v[:200] for v in request.POST.getlist(key)[:64])
        for key in list(request.POST)[:50]
        if key not in ("csrfmiddlewaretoken", "token", SERVED_TO)
    }


@vary_on_headers("HX-Request")
@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def item(request: HtmxHttpRequest, game: str, name: str, level: int, seed: str) -> HttpResponse:
    drill = _drill(game, name)
    if level not in tuple(int(x) for x in Level):
        raise _not_found(_("There is no such level."), game, name)
    try:
        check_seed(seed)
    except AnswerError:
        raise _not_found(_("There is no such question in this drill."), game, name) from None
    if f"/{name}/{level}/" not in request.path_info:  # "/02/": one address per question
        return HttpResponsePermanentRedirect(item_url(drill, level, seed))
    the_item = drill.item(seed, Level(level))
    if request.method != "POST":
        # (request.GET only when there is a query: building it costs 0.7 % of a question)
        nonce = request.GET.get("answered", "") if request.META.get("QUERY_STRING") else ""
        return (nonce and _answered(request, drill, the_item, nonce)) or _page(
            request, drill, the_item, status=200
        )
    return _answer(request, drill, the_item)


def _answered(
    request: HtmxHttpRequest, drill: Drill, the_item: Item, nonce: str
) -> HttpResponse | None:
    """The question with this learner's answer to it and the verdict, again: the address an
    answered page's language and deck switches return to, so switching keeps the verdict (in
    the new language) rather than asking afresh. Read only; ``None`` if this learner's record
    has no answer of that name to this question (the question is then asked afresh)."""
    nonce = nonce[:64]
    entry = progress.seen(store.read(request), nonce)
    key = progress.item_key(int(the_item.level), the_item.seed)
    if not entry or entry.get("drill") != drill.key or entry.get("item") != key:
        return None
    stored = entry.get("data")
    feedback = _judged_again(drill, the_item, stored) if isinstance(stored, dict) else None
    if feedback is None:
        return None
    return _page(
        request,
        drill,
        the_item,
        status=200,
        feedback=feedback,
        values=stored,
        token=None,
        nonce=nonce,
    )


def _judged_again(drill: Drill, the_item: Item, stored: Mapping[str, str]) -> Feedback | None:
    """The verdict on an answer the record kept; ``None`` if it no longer reads."""
    try:
        return drill.check(the_item, drill.parse_answer(the_item, stored))
    except AnswerError:
        return None


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
"""What the answer form sends (a body of another type has no form fields to read)."""


def _answer(request: HtmxHttpRequest, drill: Drill, the_item: Item) -> HttpResponse:
    if request.content_type not in FORM_TYPES:
        # JSON and the like: it was told "does not belong to a question we gave you", though
        # the token may well be in it
        error = _(
            "This answer was not sent as the question's form sends it (form fields), so it "
            "was not counted. Here is the question: please answer it with the form."
        )
        return _page(request, drill, the_item, status=415, error=error)
    try:
        served = tokens.verify(
            request.POST.get("token", ""), drill.key, the_item.seed, int(the_item.level)
        )
    except tokens.TokenError as problem:
        messages = {
            tokens.TokenProblem.FORGED: _(
                "This answer does not belong to a question we gave you, so it was not "
                "counted. Here is the question: please answer it again."
            ),
            tokens.TokenProblem.MISMATCH: _(
                "This answer was sent for a different question than this one, so it was not "
                "counted. Here is the question: please answer it again."
            ),
            tokens.TokenProblem.STALE: _(
                "This question was shown too long ago to accept an answer, so it was not "
                "counted. Here it is again: please answer it afresh."
            ),
        }
        status = 409 if problem.problem is tokens.TokenProblem.STALE else 400
        return _page(request, drill, the_item, status=status, error=messages[problem.problem])

    data = _form_data(request)
    record = store.read(request)
    nonce = served.nonce
    already = progress.seen(record, nonce)
    if already is not None:  # answered before: a review round counts again, once
        due = progress.review_due(
            record, drill.key, the_item.seed, int(the_item.level), timezone.now()
        )
        if due is not None:
            nonce = tokens.item_nonce(drill.key, the_item.seed, int(the_item.level), due)
            already = progress.seen(record, nonce)
    alike = (
        progress.answered_alike(record, drill.key, int(the_item.level), the_item.seed, data)
        if already is not None
        else None
    )
    if alike is not None:
        # the same answer again (a double click, the back button, a reload): the same verdict
        nonce = alike[0]
        return _page(
            request,
            drill,
            the_item,
            status=200,
            feedback=_judged_again(drill, the_item, data),
            values=data,
            notice=_("You answered this question already: it was counted once."),
            token=None,
            nonce=nonce,
        )

    try:
        answer = drill.parse_answer(the_item, data)
    except AnswerError as error:
        return _page(
            request,
            drill,
            the_item,
            status=400,  # (an htmx request gets its partial with 200, as htmx swaps only that)
            error=error.render(lang_key(get_language() or "en")),
            values=data,
            token=request.POST.get("token"),
            invalid=_at_fault(error, data),
        )
    feedback = drill.check(the_item, answer)
    if already is not None:
        # A question answered before, asked again (its page loaded again): judged, not
        # counted, or one question answered over and over would make a streak and a level.
        notice: str | None = _(
            "You have answered this question before, so this answer is checked but not "
            "counted. A question you got wrong counts again when it is due for another try."
        )
        nonce = ""  # no kept answer of this one to come back to
    else:
        with store.change(request) as record:
            counted = progress.record_answer(
                record,
                progress.Answered(
                    drill.key,
                    the_item.seed,
                    int(the_item.level),
                    the_item.concept or (feedback.rules[0] if feedback.rules else ""),
                    nonce,
                    feedback.correct,
                    data,
                ),
                timezone.now(),
            )
        notice = None if counted else _("You answered this question already: it was counted once.")
        if counted and logged_out(request):
            notice = _(
                "You are logged out (in another tab or window), so this answer counts on this "
                "browser only. It joins your account when you log in here again."
            )
    return _page(
        request,
        drill,
        the_item,
        status=200,
        feedback=feedback,
        values=data,
        notice=notice,
        token=None,
        nonce=nonce,
        comes_back=bool(notice is None and already is None and not feedback.correct),
    )


def logged_out(request: HtmxHttpRequest) -> bool:
    """An answer to a form served to a learner logged in, sent without his log-in: he logged
    out in another tab (it counted in this browser's session without a word)."""
    return request.POST.get(SERVED_TO) == "account" and not request.user.is_authenticated


def _at_fault(error: AnswerError, data: Mapping[str, str]) -> dict[str, str]:
    """The fields a refused answer got wrong, each ``"missing"`` (left empty: no card picked
    where five are asked for, too) or ``"wrong"``."""
    return {
        name: "wrong" if str(data.get(name) or "").strip() else "missing" for name in error.fields
    }


def _page(
    request: HtmxHttpRequest,
    drill: Drill,
    the_item: Item,
    *,
    status: int,
    feedback: Feedback | None = None,
    values: Mapping[str, str] | None = None,
    error: str = "",
    notice: str | None = None,
    token: str | None = "",
    nonce: str = "",
    invalid: Mapping[str, str] | None = None,
    comes_back: bool = False,
) -> HttpResponse:
    """The item page (or its ``answer`` partial for htmx): the form, and the verdict if any.

    ``token``: ``""`` issues a fresh one (a new serving), ``None`` means answered (no form
    token: the form is shown with the learner's answer, read-only), else the posted one is kept
    (an incomplete answer may be corrected and sent again). ``nonce``: the answered serving,
    whose verdict the page's language and deck switches return to (see :func:`_answered`).
    ``invalid``: the fields a refused answer got wrong (marked on the form). ``comes_back``:
    a wrong answer just counted, whose question comes back for review (the verdict says when).
    """
    if token == "":
        token = tokens.issue(drill.key, the_item.seed, int(the_item.level))
    context = item_context(drill, the_item, values or {}, answered=token is None, invalid=invalid)
    verdict_html = ""
    if feedback is not None:  # the verdict, with what to do next (only shown with it)
        # Both open the new question at the question (#question, kept across the redirect to
        # a new item), so the next Tab reaches its answer, not the site's header.
        next_url = f"{drill_url(drill)}?level={int(the_item.level)}#question"
        similar_url = item_url(
            drill,
            int(the_item.level),
            # the kind of question first: a case may be only a feature of its deal
            similar_seed(the_item, drill.kinds + drill.cases, secrets.randbelow(10**9)),
        )
        similar_url += "#question"
        verdict = feedback_context(feedback, drill.game)
        review = progress.INTERVALS[1] if comes_back else None
        verdict_html = feedback_html(
            verdict, next_url, similar_url, url_of("practice:progress"), comes_back=review
        )
    csrf_token = get_token(request)
    answer_area = answer_area_html(
        path=request.path,
        csrf_token=csrf_token,
        token=token,
        fields_html=context["fields_html"],
        answered=token is None,
        error=error,
        notice=notice,
        feedback=verdict_html,
        account=bool(request.user.is_authenticated),
    )
    back = f"{request.path}?answered={nonce}#answer-result" if nonce and feedback else ""
    if _partial(request):
        # htmx does not swap error statuses by default: the message comes back as a 200
        # partial, like a form's validation errors (the status is for clients without htmx).
        return HttpResponse(answer_area + switches_return_to(back) if back else answer_area)
    # The page is drawn in Python (practice/widgets.py): every item is new, nothing of it can
    # be cached, and the template engine cost a new item a quarter of its time.
    lang = get_language() or "en"
    title = context["drill_title"]
    head = drill_head_html(title, context["drill_url"], int(the_item.level), lang)
    main = item_main_html(head, context["prompt"], context["shows_html"], answer_area)
    practice = _("Practice")
    page_title = f"{title} · {practice}"
    return HttpResponse(
        page_in_shell(request, page_title, main, csrf_token=csrf_token, back_url=back),
        status=status,
    )
