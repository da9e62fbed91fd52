"""The shape of the rule reference: sections of bilingual blocks, with computed examples.

A page is a tuple of :class:`Section` (ordered as a learner needs them); a section may hold
sub-sections, each with its own stable anchor (``/rules/<game>/#<anchor>``). Every anchor the
engines link to (``GAMES[game].rule_anchors``) is a section or a sub-section.

Text is :class:`Text` (English and German side by side, so neither can be forgotten). Inside a
text, ``[[slug]]`` links the glossary entry ``slug`` under its name in the page's language and
``[[slug|words]]`` links it under ``words``; ``**words**`` is bold. Nothing else is markup:
the renderer escapes everything.

An :class:`Example` is computed: its ``build`` function plays or scores engine states and
returns :class:`Shown` (labelled rows of cards and sentences whose numbers come from the
engine), so an example cannot disagree with the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cardtutor.engine.cards import Card

__all__ = [
    "Text",
    "Para",
    "Ruling",
    "Origin",
    "Table",
    "Cards",
    "Shown",
    "Example",
    "Block",
    "Section",
]


@dataclass(frozen=True)
class Text:
    """One piece of learner text in both languages."""

    en: str
    de: str

    def get(self, german: bool) -> str:
        return self.de if german else self.en


@dataclass(frozen=True)
class Para:
    """A paragraph (or, with ``items``, a paragraph followed by a bulleted list)."""

    text: Text
    items: tuple[Text, ...] = ()


@dataclass(frozen=True)
class Ruling:
    """Where the rule is our reading rather than the source's plain words (``../shared/RULES.md``).

    ``text`` says what we rule and why; ``quote`` is the source's own words (as printed, German,
    garbled translation included); ``source`` names where the quote stands ("Piquet source,
    'Declaring'", "Besik source, 'Das Melden'").
    """

    text: Text
    quote: str
    source: Text


@dataclass(frozen=True)
class Origin:
    """Where a rule comes from when the seeds do not state it ("Cavendish, Laws of Piquet")."""

    text: Text


@dataclass(frozen=True)
class Table:
    """A table of text (values of melds, the reckoning order...); the first row is the header."""

    caption: Text
    rows: tuple[tuple[Text, ...], ...]
    numeric: tuple[int, ...] = ()
    """Column indices holding numbers (right-aligned)."""


@dataclass(frozen=True)
class Cards:
    """A labelled row of cards (``label`` says whose or what they are)."""

    label: Text
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Shown:
    """What an example shows: rows of cards, then sentences (numbers computed by the engine)."""

    rows: tuple[Cards, ...]
    lines: tuple[Text, ...]
    facts: dict[str, int] = field(default_factory=dict)
    """The engine's numbers behind the lines, by name, for tests (``{"elder": 13, ...}``)."""


@dataclass(frozen=True)
class Example:
    """A worked example, computed from engine states when the page is built."""

    key: str
    """Unique within the game; the example's anchor is ``example-<key>``."""
    title: Text
    build: Callable[[], Shown]


Block = Para | Ruling | Origin | Table | Example


@dataclass(frozen=True)
class Section:
    """A section or sub-rule with a stable anchor."""

    anchor: str
    title: Text
    blocks: tuple[Block, ...]
    subsections: tuple[Section, ...] = ()
    drill: str = ""
    """The drill that practises it (a key of ``cardtutor.engine.drills.DRILLS``), or ``""``."""
