"""The CSRF token for a page's forms: Django's ``get_token``, with its random characters drawn
in one system call instead of one each.

Why not Django's own: ``django.middleware.csrf.get_token`` draws each of the token's random
characters with :func:`secrets.choice` (a Python call and an ``os.urandom`` system call per
character): 32 for the mask on every page with a form, 32 more for the secret of a visitor
without the CSRF cookie. Counted with callgrind (``make bench-instructions``), that was 7 % of a
new visitor's practice question (the busiest page there is), not counting the 64 system calls'
own time.

What stays Django's: the secret and the masked token have Django's format (32 characters of
``CSRF_ALLOWED_CHARS``; the token is a mask and the secret shifted by it), the secret goes where
Django's ``get_token`` puts it (``request.META["CSRF_COOKIE"]``, flagged for the cookie to be
sent), and Django's middleware checks every posted token. The characters are just as uniform
and unpredictable: bytes from :func:`secrets.token_bytes` (the same ``os.urandom``), with those
that would favour some characters over others thrown away (rejection sampling).
``tests/test_csrf_token.py`` posts tokens made here through Django's middleware, so a Django
that changed the format would fail a test, not a learner's form.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.http import HttpRequest
from django.middleware import csrf as django_csrf
from django.utils.functional import SimpleLazyObject

_CHARS = django_csrf.CSRF_ALLOWED_CHARS
_INDEX = {c: i for i, c in enumerate(_CHARS)}
_SECRET_LENGTH = django_csrf.CSRF_SECRET_LENGTH
_UNBIASED_BELOW = 256 - 256 % len(_CHARS)
"""Bytes at or above this (248 for 62 characters) would make the first characters likelier."""


def random_chars(length: int) -> str:
    """``length`` characters of Django's CSRF alphabet, each equally likely.

    >>> token = random_chars(32)
    >>> len(token), set(token) <= set(_CHARS)
    (32, True)
    """
    size = len(_CHARS)
    drawn: list[str] = []
    while len(drawn) < length:  # about 3 % of bytes are thrown away: one draw nearly always
        drawn += [_CHARS[b % size] for b in secrets.token_bytes(length + 8) if b < _UNBIASED_BELOW]
    return "".join(drawn[:length])


def get_token(request: HttpRequest) -> str:
    """A new masked CSRF token for ``request``'s forms, as ``django.middleware.csrf.get_token``
    makes it: the visitor's secret (a new one, sent as the cookie, if the request has none)
    hidden under a new random mask, so that no two pages carry the same token."""
    # The middleware has already checked the cookie: a secret here is 32 characters of the
    # alphabet (a malformed cookie was replaced by a new secret).
    secret = request.META.get("CSRF_COOKIE")
    if secret is None:
        secret = random_chars(_SECRET_LENGTH)
        request.META["CSRF_COOKIE"] = secret
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True  # send (or renew) the cookie
    mask = random_chars(_SECRET_LENGTH)
    size = len(_CHARS)
    cipher = "".join(
        _CHARS[(_INDEX[s] + _INDEX[m]) % size] for s, m in zip(secret, mask, strict=True)
    )
    return mask + cipher


def csrf(request: HttpRequest) -> dict[str, Any]:
    """Context processor: ``{% csrf_token %}`` with this module's token (made only when a
    template uses it, as Django's own processor does; listed after it, so this one counts)."""
    return {"csrf_token": SimpleLazyObject(lambda: get_token(request))}
