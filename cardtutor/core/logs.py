"""Logging: what a careful operator wants in the console.

Django logs a refused request's cause to ``django.security.<Name>`` (too many fields, a
disallowed host, a request body too large) at ``ERROR`` with the exception attached, so each
hand-made bad request printed a traceback through Django's request handling: noise that hides
real errors. The message (``"The number of GET/POST parameters exceeded ..."``) under the
logger's name says all there is to know; the client got its 400.
"""

from __future__ import annotations

import logging

from django.core.exceptions import BadRequest
from django.http.multipartparser import MultiPartParserError

CLIENT_ERRORS = (BadRequest, MultiPartParserError)
"""Exceptions of a request body the client made wrong: logged without their traceback."""


class NoSecurityTraceback(logging.Filter):
    """Drops the traceback of ``django.security.*`` records, and of ``django.request`` records of
    a body the client made wrong (:data:`CLIENT_ERRORS`); keeps the record and its message.

    >>> record = logging.LogRecord("django.security.TooManyFieldsSent", logging.ERROR, "", 0,
    ...                            "Too many fields", None, (ValueError, ValueError("x"), None))
    >>> NoSecurityTraceback().filter(record), record.exc_info
    (True, None)
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("django.security."):
            record.exc_info = None
            record.exc_text = None
        elif record.name == "django.request" and record.exc_info:
            # a body Django cannot read (not UTF-8, multipart without its boundary): the
            # client's 400, logged with a traceback by Django's request handling. The reason
            # stays, in one line (an operator tester: 28 of 31 tracebacks of a run were these)
            error = record.exc_info[1]
            if isinstance(error, CLIENT_ERRORS):
                text = record.getMessage()
                record.msg = text if str(error) in text else f"{text} ({error})"
                record.args = ()
                record.exc_info = None
                record.exc_text = None
        return True
