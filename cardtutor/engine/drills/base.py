"""What every drill is: an item built from a seed, an answer parsed and checked by the rules.

A drill never trusts the browser: the page shows an :class:`Item` (built again from its drill,
seed and level whenever it is needed, so an item is its own address), the learner's answer
arrives as form data, :meth:`Drill.parse_answer` turns it into a typed answer or raises
:class:`AnswerError` (its message says what was wrong with the input), and :meth:`Drill.check`
judges it with the engine's rules and says why in a :class:`Feedback`.

>>> Level.parse("2")
<Level.MEDIUM: 2>
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtutor.engine.errors import EngineError
from cardtutor.engine.text import Msg, register_messages

register_messages(
    {
        "drill.level": (
            "Unknown level {text!r}: use 1 (easy), 2 (medium) or 3 (hard).",
            "Unbekannte Stufe {text!r}: 1 (leicht), 2 (mittel) oder 3 (schwer) angeben.",
        ),
        "drill.missing": (
            "Please answer every part: {field} is missing.",
            "Bitte jede Teilfrage beantworten: {field} fehlt.",
        ),
        "drill.choice": (
            "{text!r} is not one of the choices for {field}.",
            "{text!r} ist keine der Möglichkeiten für {field}.",
        ),
        "drill.number": (
            "{text!r} is not a whole number ({field}).",
            "{text!r} ist keine ganze Zahl ({field}).",
        ),
    }
)


class Level(enum.IntEnum):
    """How hard an item is; every drill has the three."""

    EASY = 1
    MEDIUM = 2
    HARD = 3

    @classmethod
    def parse(cls, text: str) -> Level:
        try:
            return cls(int(text))
        except (TypeError, ValueError):
            raise AnswerError(Msg("drill.level", text=text)) from None


class AnswerError(EngineError):
    """Form data that is no answer to the item (missing, malformed or not a choice)."""


@dataclass(frozen=True)
class Item:
    """One question: everything the page shows, built from ``(drill, seed, level)`` alone."""

    drill: str
    seed: str
    level: Level
    question: Mapping[str, Any]
    """What the page shows (JSON-able); never the answer."""


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: right or wrong, the right answer, and why, with rule links."""

    correct: bool
    expected: Mapping[str, Any]
    reasons: tuple[Msg, ...]
    rules: tuple[str, ...] = field(default=())
    """Rule anchors (``"piquet#rubicon"``) the reasons rest on."""


class Drill(Protocol):
    """The contract every drill implements."""

    key: str
    game: str

    def item(self, seed: str, level: Level) -> Item: ...

    def parse_answer(self, item: Item, data: Mapping[str, str]) -> Any: ...

    def check(self, item: Item, answer: Any) -> Feedback: ...


def rng_for(drill: str, seed: str, level: Level) -> random.Random:
    """The random source of one item: the same drill, seed and level give the same item."""
    return random.Random(f"{drill}:{int(level)}:{seed}")


def require(data: Mapping[str, str], name: str) -> str:
    value = data.get(name)
    if value is None or not str(value).strip():
        raise AnswerError(Msg("drill.missing", field=name))
    return str(value).strip()


def choice(data: Mapping[str, str], name: str, options: tuple[str, ...]) -> str:
    value = require(data, name)
    if value not in options:
        raise AnswerError(Msg("drill.choice", text=value, field=name))
    return value


def whole_number(data: Mapping[str, str], name: str, limit: int = 100_000) -> int:
    text = require(data, name)
    try:
        number = int(text)
    except ValueError:
        raise AnswerError(Msg("drill.number", text=text, field=name)) from None
    if not -limit <= number <= limit:
        raise AnswerError(Msg("drill.number", text=text, field=name))
    return number
