"""Typed errors of the engines. Each carries a :class:`~cardtutor.engine.text.Msg`
that a learner can read in English or German; ``str(error)`` is the English text.

All are ``ValueError`` subclasses, split by cause as in python-chess:

- :class:`NotationError`: the input could not be read (a malformed card code).
- :class:`IllegalActionError`: the input was understood but the rules forbid it.
- :class:`RecordError`: a game record is malformed or does not replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtutor.engine.text import Msg

__all__ = ["EngineError", "NotationError", "IllegalActionError", "RecordError"]


class EngineError(ValueError):
    """Base class: ``msg`` renders in either language."""

    def __init__(self, msg: Msg) -> None:
        self.msg = msg
        super().__init__(msg.render("en"))

    def render(self, lang: str) -> str:
        return self.msg.render(lang)


class NotationError(EngineError):
    """Malformed notation: a card code, a card name, an action in a record."""


class IllegalActionError(EngineError):
    """A well-formed action that the rules do not allow in this state."""


class RecordError(EngineError):
    """A game record that is malformed or fails to replay.

    ``step`` is the 1-based number of the failing action (0 for the deal itself).
    """

    def __init__(self, msg: Msg, step: int = 0) -> None:
        self.step = step
        super().__init__(msg)
