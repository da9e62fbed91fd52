"""Site-wide pages: home, the card deck, preferences, error pages (the rules: cardtutor.rules.views)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
)
from django.middleware.csrf import REASON_BAD_ORIGIN, REASON_BAD_REFERER
from django.shortcuts import render
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from cardtutor.core.glossary import card_anchor
from cardtutor.core.http import NotFound
from cardtutor.core.preferences import DECK_FOUR_COLOUR, DECK_TWO_COLOUR, remember_deck
from cardtutor.engine.cards import ALL_CARDS, lang_key
from cardtutor.practice.suggest import suggestion


def healthz(request: HttpRequest) -> HttpResponse:
    """A trivial view: for load balancers, and the baseline of the HTTP benchmark.

    503 when production's static files manifest was not there when this process started
    (``collectstatic`` not run): every page would then fail, and a load balancer must not
    send learners here. The storage reads its manifest once, so a process started before
    ``collectstatic`` stays unhealthy until it is restarted, as its pages stay broken. (A
    look at an attribute: the view stays the trivial baseline.)"""
    if getattr(staticfiles_storage, "manifest_strict", False) and not getattr(
        staticfiles_storage, "hashed_files", True
    ):
        return HttpResponse(
            "static files missing: run collectstatic, then restart",
            status=503,
            content_type="text/plain",
        )
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html", {"suggestion": suggestion(request)})


@require_safe
def deck(request: HttpRequest) -> HttpResponse:
    """Every card face, the back and the states: the card component's own page.

    Each card is named in both languages, the page's first and the other marked with its
    ``lang`` (the home page promises "their English and German names"; a learner reading the
    German sources needs them side by side), and has an anchor the search links to."""
    lang = lang_key(get_language() or "en")
    other = "de" if lang == "en" else "en"
    cards = [
        {
            "card": card,
            "anchor": card_anchor(card),
            "name": card.name(lang),
            "other": card.name(other),
            "other_lang": other,
        }
        for card in ALL_CARDS
    ]
    return render(request, "core/deck.html", {"cards": cards})


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.META.get("HTTP_REFERER") or "/"
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return "/"


@require_POST
def set_deck(request: HttpRequest) -> HttpResponse:
    """Switch between the two-colour and the four-colour deck; works without JavaScript."""
    choice = request.POST.get("deck")
    if choice not in (DECK_FOUR_COLOUR, DECK_TWO_COLOUR):
        message = _("Choose the two-colour or the four-colour deck; nothing was changed.")
        return _error(request, "400.html", 400, message=message)
    response = HttpResponseRedirect(_safe_next(request))
    remember_deck(response, request, choice == DECK_FOUR_COLOUR)
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language``, for the site's languages only: Django's own would store any
    language it has a translation of ("fr") in the cookie and redirect without a word, while
    the site goes on in English. (A GET changes nothing: Django's view sends it back.)"""
    languages = {code for code, _name in settings.LANGUAGES}
    if request.method == "POST" and request.POST.get("language") not in languages:
        message = _("Choose English or Deutsch; nothing was changed.")
        return _error(request, "400.html", 400, message=message)
    return i18n.set_language(request)


def _error(request: HttpRequest, template: str, status: int, **context: object) -> HttpResponse:
    return TemplateResponse(request, template, context, status=status).render()


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, "400.html", 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, "403.html", 403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    context = {}
    if isinstance(exception, NotFound):  # written for the learner: say it
        context = {
            "message": exception.message,
            "link": exception.link,
            "link_text": exception.link_text,
        }
    return TemplateResponse(request, "404.html", context, status=404).render()


def server_error(request: HttpRequest) -> HttpResponse:
    try:
        return _error(request, "500.html", 500)
    except Exception:  # the error page itself must never fail
        return HttpResponse(
            "<!doctype html><title>Server error</title><h1>Server error</h1>",
            status=500,
        )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form refused by the CSRF check: from another site (its origin or referer), or with a
    missing or outdated token ("expired")."""
    foreign = reason.startswith(
        (REASON_BAD_ORIGIN.partition("%")[0], REASON_BAD_REFERER.partition("%")[0])
    )
    user = getattr(request, "user", None)
    if (
        not foreign
        and user is not None
        and user.is_authenticated
        and request.path in (reverse("login"), reverse("signup"))
    ):
        # A log-in (or sign-up) form from a second tab, sent after logging in (or signing
        # up) from the first, which changed the token: the learner is logged in, so he goes
        # where the form would take him ("Form expired" read as if it had failed).
        from cardtutor.accounts.views import safe_next

        return HttpResponseRedirect(safe_next(request), status=303)
    return _error(request, "403_csrf.html", 403, foreign=foreign)
