"""Bilingual messages for the engines, with no dependency on Django.

The engines never build sentences eagerly: they return a :class:`Msg`, a
catalogue key plus parameters, and the site renders it in the learner's
language. Parameters that are cards, suits or other messages are rendered in
the same language.

>>> register_messages({"demo.lead": ("{seat} leads the {card}.", "{seat} spielt {card} aus.")})
>>> from cardtutor.engine.cards import Card
>>> m = Msg("demo.lead", seat="A", card=Card.parse("AH"))
>>> m.render("en"), m.render("de")
('A leads the ace of hearts.', 'A spielt Herz-As aus.')
>>> str(m)
'A leads the ace of hearts.'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = [
    "Msg",
    "NameList",
    "register_messages",
    "MESSAGES",
    "LANGUAGES",
    "join_names",
    "to_player",
]

LANGUAGES = ("en", "de")

MESSAGES: dict[str, tuple[str, str]] = {}
"""The catalogue: key -> (English template, German template), ``str.format`` syntax."""


def register_messages(messages: Mapping[str, tuple[str, str]]) -> None:
    """Add templates to the catalogue (each engine module registers its own)."""
    MESSAGES.update(messages)


QUOTED_MAX = 60
"""The most characters of a ``text`` parameter a message shows: ``text`` is what was typed or
sent (a card code, an action), quoted back in the error; a million characters sent are not
sent back."""


def _clipped(text: str) -> str:
    """``text`` cut to :data:`QUOTED_MAX` characters, "…" marking the cut.

    >>> _clipped("Q" * 100) == "Q" * 60 + "…"
    True
    >>> _clipped("1H")
    '1H'
    """
    return text if len(text) <= QUOTED_MAX else text[:QUOTED_MAX] + "\u2026"


class Msg:
    """A message: catalogue key and parameters, rendered on demand. A ``text`` parameter
    (what was typed or sent) is shown cut to :data:`QUOTED_MAX` characters."""

    __slots__ = ("key", "params")
    key: str
    params: dict[str, Any]

    def __init__(self, key: str, /, **params: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", params)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Msg is immutable")

    def render(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``; others fall back to English)."""
        lang = "de" if lang[:2].lower() == "de" else "en"
        try:
            template = MESSAGES[self.key][1 if lang == "de" else 0]
        except KeyError:
            return self.key
        params = {
            k: _clipped(v) if k == "text" and isinstance(v, str) else _render_value(v, lang)
            for k, v in self.params.items()
        }
        return template.format(**params)

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Msg({self.key!r}{args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and self.key == other.key and self.params == other.params

    def __hash__(self) -> int:
        return hash(self.key)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able form: key, English and German text."""
        return {"key": self.key, "en": self.render("en"), "de": self.render("de")}


def to_player(msg: Msg) -> Msg:
    """The message as said to the player it concerns ("you"), where the catalogue has that
    form (the key with ``.you``); else the message as it is. The engines name seats ("A must
    follow suit"), which suits a replay or a log; a learner told why his own move is refused
    is spoken to.

    >>> register_messages({"demo.hold": ("{seat} has no {card}.", "{seat} hat kein {card}."),
    ...                    "demo.hold.you": ("You have no {card}.", "Du hast kein {card}.")})
    >>> from cardtutor.engine.cards import Card
    >>> to_player(Msg("demo.hold", seat="A", card=Card.parse("AH"))).render("de")
    'Du hast kein Herz-As.'
    >>> to_player(Msg("demo.lead", seat="A", card=Card.parse("AH"))).render("en")
    'A leads the ace of hearts.'
    """
    key = msg.key + ".you"
    return Msg(key, **msg.params) if key in MESSAGES else msg


def _render_value(value: Any, lang: str) -> Any:
    if isinstance(value, Msg):
        return value.render(lang)
    name = getattr(value, "name", None)
    if callable(name):  # Card, PhysicalCard
        return name(lang)
    name_in = getattr(value, "name_in", None)
    if callable(name_in):  # Suit, Rank
        return name_in(lang)
    if isinstance(value, (list, tuple)) and value and all(_is_nameable(v) for v in value):
        return NameList(join_names(value, lang), tuple(value), lang)
    return value


_CASE_SPECS = ("nom", "acc", "dat", "gen")


class NameList(str):
    """Joined names ("Karo-König und Pik-As") that a template may also write with their
    articles: a format spec naming a grammatical case writes each card with its definite
    article in that case, as a single card's name does (a capitalised spec capitalises the
    first article).

    >>> from cardtutor.engine.cards import Card
    >>> register_messages({"demo.lack": ("You lack the {cards}.", "Dir fehlen {cards:nom}."),
    ...                    "demo.have": ("", "Du hast {cards:acc} nicht.")})
    >>> Msg("demo.have", cards=[Card.parse("KD"), Card.parse("AS")]).render("de")
    'Du hast den Karo-König und das Pik-As nicht.'
    >>> Msg("demo.lack", cards=[Card.parse("KD")]).render("en")
    'You lack the king of diamonds.'
    """

    items: tuple[Any, ...]
    lang: str

    def __new__(cls, text: str, items: tuple[Any, ...] = (), lang: str = "en") -> NameList:
        obj = super().__new__(cls, text)
        obj.items = items
        obj.lang = lang
        return obj

    def __getnewargs__(self) -> tuple[str, tuple[Any, ...], str]:  # type: ignore[override]
        return (str(self), self.items, self.lang)

    def __format__(self, spec: str) -> str:
        case = spec.lower()
        if case not in _CASE_SPECS or not all(
            callable(getattr(item, "name_with_article", None)) for item in self.items
        ):
            return format(str(self), spec)
        names: list[str] = [str(item.name_with_article(self.lang, case)) for item in self.items]
        last = " und " if self.lang == "de" else " and "
        text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + last + names[-1]
        return text[:1].upper() + text[1:] if spec[:1].isupper() else text


def _is_nameable(value: Any) -> bool:
    return isinstance(value, Msg) or callable(getattr(value, "name", None))


def join_names(items: Iterable[Any], lang: str) -> str:
    """Join rendered items: "a, b and c" / "a, b und c"."""
    names = [str(_render_value(item, lang)) for item in items]
    if len(names) <= 1:
        return "".join(names)
    last = " und " if lang == "de" else " and "
    return ", ".join(names[:-1]) + last + names[-1]


def typed_text(text: str, limit: int = 20) -> str:
    r"""What a learner typed, to quote back in a message: at most ``limit`` characters, control
    characters (NUL, ESC, …) shown as U+FFFD (they were written into the page as they came).

    >>> typed_text("  4\x00\x1b[31m  ") == "4\ufffd\ufffd[31m", typed_text("x" * 30, 5)
    (True, 'xxxxx')
    """
    clipped = text.strip()[:limit]
    return "".join("\ufffd" if unicodedata.category(c) == "Cc" else c for c in clipped)
