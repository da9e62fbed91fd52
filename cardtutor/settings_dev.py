"""The settings with ``DJANGO_DEBUG`` defaulting to true, for tools that import the settings
outside the Makefile's environment (mypy's django-stubs plugin, see pyproject.toml).

``cardtutor.settings`` defaults to production (debug off, a secret key required); ``make run``
and the tests set ``DJANGO_DEBUG=true`` themselves.
"""

import os

os.environ.setdefault("DJANGO_DEBUG", "true")

from cardtutor.settings import *  # noqa: E402, F403
