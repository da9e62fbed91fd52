"""The rule texts' little markup: ``[[slug]]``, ``[[slug|words]]`` and ``**bold**``.

``[[slug]]`` links the glossary entry ``slug`` (``/glossary/#term-<slug>``) under its name in
the page's language, ``[[slug|words]]`` under ``words``; ``**words**`` is bold. Everything else
is text and is escaped. A slug the glossary does not have, or markup left unbalanced, is a
:class:`MarkupError` (a test renders every text, so a typo fails the tests instead of showing a
plain word or stray brackets to a learner).
"""

from __future__ import annotations

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from cardtutor.core.glossary import TERMS_BY_SLUG

__all__ = ["MarkupError", "LINK", "linked_slugs", "plain", "to_html"]

LINK = re.compile(r"\[\[([a-z0-9][a-z0-9-]*)(?:\|([^\[\]|]+))?\]\]")
BOLD = re.compile(r"\*\*(.+?)\*\*")
_LEFTOVER = ("[[", "]]", "**")


class MarkupError(ValueError):
    """A rule text with an unknown glossary slug or unbalanced markup."""


def _term_name(slug: str, german: bool, text: str) -> str:
    term = TERMS_BY_SLUG.get(slug)
    if term is None:
        raise MarkupError(f"unknown glossary term [[{slug}]] in {text!r}")
    return term.name(german)


def linked_slugs(text: str) -> list[str]:
    """The glossary slugs a text links, in order (unknown ones included: see :func:`to_html`)."""
    return [m.group(1) for m in LINK.finditer(text)]


def _check_leftovers(rest: str, text: str) -> None:
    for mark in _LEFTOVER:
        if mark in rest:
            raise MarkupError(f"unbalanced {mark!r} in {text!r}")


def to_html(text: str, german: bool) -> SafeString:
    """The text as HTML: escaped, glossary links and bold made (bold may hold a link)."""
    links: list[str] = []

    def hold(match: re.Match[str]) -> str:
        slug, words = match.group(1), match.group(2)
        name = _term_name(slug, german, text)
        links.append(
            f'<a class="term-link" href="/glossary/#term-{slug}">{escape(words or name)}</a>'
        )
        return f"\x00{len(links) - 1}\x00"

    held = LINK.sub(hold, text)
    html = BOLD.sub(lambda m: f"<strong>{m.group(1)}</strong>", escape(held))
    _check_leftovers(BOLD.sub("", held), text)
    html = re.sub("\x00(\\d+)\x00", lambda m: links[int(m.group(1))], html)
    return mark_safe(html)  # noqa: S308  (the text is escaped; the links are built here)


def plain(text: str, german: bool) -> str:
    """The text without markup (links become their words), for the search and for tests."""

    def word(match: re.Match[str]) -> str:
        return match.group(2) or _term_name(match.group(1), german, text)

    rest = BOLD.sub(lambda m: m.group(1), LINK.sub(word, text))
    _check_leftovers(rest, text)
    return rest
