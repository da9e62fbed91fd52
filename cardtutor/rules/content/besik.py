"""The Besik rule reference (filled in step by step)."""

from __future__ import annotations

from cardtutor.rules.model import Section

__all__ = ["SECTIONS"]

SECTIONS: tuple[Section, ...] = ()
