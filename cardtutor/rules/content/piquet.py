"""The Piquet rule reference (English and German, with examples computed by the engine)."""

from __future__ import annotations

from cardtutor.rules.model import Section

__all__ = ["SECTIONS"]

SECTIONS: tuple[Section, ...] = ()
