"""Logging: what a careful operator wants in the console.

Django logs a refused request's cause to ``django.security.<Name>`` (too many fields, a
disallowed host, a request body too large) at ``ERROR`` with the exception attached, so each
hand-made bad request printed a traceback through Django's request handling: noise that hides
real errors. The message (``"The number of GET/POST parameters exceeded ..."``) under the
logger's name says all there is to know; the client got its 400.
"""

from __future__ import annotations

import logging


class NoSecurityTraceback(logging.Filter):
    """Drops the traceback of ``django.security.*`` records; keeps the record and its message.

    >>> record = logging.LogRecord("django.security.TooManyFieldsSent", logging.ERROR, "", 0,
    ...                            "Too many fields", None, (ValueError, ValueError("x"), None))
    >>> NoSecurityTraceback().filter(record), record.exc_info
    (True, None)
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("django.security."):
            record.exc_info = None
            record.exc_text = None
        return True
