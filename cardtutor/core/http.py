"""The request type of the site's views (django-htmx's middleware adds ``request.htmx``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest
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
