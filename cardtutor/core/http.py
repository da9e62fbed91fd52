"""The request type of the site's views (django-htmx's middleware adds ``request.htmx``)."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """Only for type checking, as django-htmx documents: every request carries ``htmx``."""

    htmx: HtmxDetails
