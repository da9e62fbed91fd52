"""System checks of the deployment (``manage.py check --deploy``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, register


@register(deploy=True)
def german_catalogue_compiled(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The German catalogue compiled and not older than its source: only ``django.po`` is
    kept in git, and a server set up without ``compilemessages`` serves German learners the
    English site without a word in any log (an operator tester followed the README's recipe,
    which lacked the step)."""
    problems: list[CheckMessage] = []
    for folder in settings.LOCALE_PATHS:
        messages = Path(folder) / "de" / "LC_MESSAGES"
        source, compiled = messages / "django.po", messages / "django.mo"
        if not source.exists():
            continue
        if not compiled.exists():
            problems.append(
                Error(
                    f"{compiled} is missing: German learners would get the English site.",
                    hint="Run `python manage.py compilemessages` (needs Debian's gettext).",
                    id="cardtutor.E001",
                )
            )
        elif compiled.stat().st_mtime < source.stat().st_mtime:
            problems.append(
                Error(
                    f"{compiled} is older than {source.name}: German learners would get the "
                    "texts changed since in English.",
                    hint="Run `python manage.py compilemessages` again.",
                    id="cardtutor.E002",
                )
            )
    return problems
