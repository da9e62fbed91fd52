"""The request type of the site's views (django-htmx's middleware adds ``request.htmx``)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """Only for type checking, as django-htmx documents: every request carries ``htmx``."""

    htmx: HtmxDetails


class NotFound(Http404):
    """A 404 whose message is written for the learner (translated): the error page shows it,
    with a way on when ``link`` is given. Django's own 404s (no such address; an object not
    found) keep the page's general words, as their messages are not for learners."""

    def __init__(self, message: str, link: str = "", link_text: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.link = link
        self.link_text = link_text


def method_not_allowed_page(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Middleware: a 405 (a GET to a form's address, a PUT...) gets the site's page saying what
    happened, not Django's empty body; status and ``Allow`` header unchanged. Django has no
    ``handler405``, and the views' ``require_POST`` & co. answer with an empty response."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.status_code != 405 or response.content or request.method == "HEAD":
            return response
        page = TemplateResponse(
            request,
            "405.html",
            {"method": request.method[:10] if request.method else ""},
            status=405,
        ).render()
        page["Allow"] = response.get("Allow", "")
        return page

    return middleware
