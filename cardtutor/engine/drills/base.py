"""What every drill is: an item built from a seed, an answer parsed and checked by the rules.

A drill never trusts the browser: the page shows an :class:`Item` (built again from its drill,
seed and level whenever it is needed, so an item is its own address), the learner's answer
arrives as form data, :meth:`Drill.parse_answer` turns it into a typed answer or raises
:class:`AnswerError` (its message says what was wrong with the input), and :meth:`Drill.check`
judges it with the engine's rules and says why in a :class:`Feedback`.

An item describes its page without any Django: what to show (:class:`Show`: a sentence, a row of
cards, a table) and what to ask (:class:`Field`: pick cards, pick one choice, type a number).
The site renders both with one template; :func:`parse_fields` checks form data against the
fields (a card that is not among the offered ones, a choice that was never offered, a number out
of range: each an :class:`AnswerError` that quotes the input).

>>> Level.parse("2")
<Level.MEDIUM: 2>
>>> check_seed("a7-x")
'a7-x'
"""

from __future__ import annotations

import enum
import random
import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtutor.engine.cards import Card, PhysicalCard
from cardtutor.engine.errors import EngineError
from cardtutor.engine.text import Msg, register_messages, typed_text

register_messages(
    {
        # The learner's input is quoted typographically; a question ({field}) is quoted where
        # it stands mid-sentence, so that one ending in "?" is not followed by a full stop.
        "drill.level": (
            "Unknown level \u201c{text}\u201d: use 1 (easy), 2 (medium) or 3 (hard).",
            "Unbekannte Stufe \u201e{text}\u201c: Gib 1 (leicht), 2 (mittel) oder 3 (schwer) an.",
        ),
        "drill.seed": (
            "\u201c{text}\u201d is not an item number of this drill.",
            "\u201e{text}\u201c ist keine Aufgabennummer dieser Übung.",
        ),
        "drill.missing": (
            "Please answer every part: \u201c{field}\u201d is missing.",
            "Beantworte bitte jede Teilfrage: \u201e{field}\u201c fehlt.",
        ),
        "drill.missing_many": (
            "Please answer every part: {fields} are missing.",
            "Beantworte bitte jede Teilfrage: {fields} fehlen.",
        ),
        "drill.quoted": ("\u201c{text}\u201d", "\u201e{text}\u201c"),
        "drill.choice": (
            "For \u201c{field}\u201d, \u201c{text}\u201d is not one of the choices.",
            "Bei \u201e{field}\u201c ist \u201e{text}\u201c keine der Möglichkeiten.",
        ),
        "drill.number": (
            "For \u201c{field}\u201d, \u201c{text}\u201d is not a whole number.",
            "Bei \u201e{field}\u201c ist \u201e{text}\u201c keine ganze Zahl.",
        ),
        "drill.range": (
            "For \u201c{field}\u201d, {text} is out of range: a number from {low} to {high}, "
            "please.",
            "Bei \u201e{field}\u201c passt {text} nicht: bitte eine Zahl von {low} bis {high}.",
        ),
        "drill.choices_count": (
            "Choose from {low} to {high} answers for \u201c{field}\u201d (you chose {count}).",
            "Wähle für \u201e{field}\u201c {low} bis {high} Antworten (gewählt: {count}).",
        ),
        "drill.card_code": (
            "\u201c{text}\u201d is not a card.",
            "\u201e{text}\u201c ist keine Karte.",
        ),
        "drill.card_offered": (
            "The {card} is not one of the cards you can choose here.",
            "{card:Nom} gehört nicht zu den Karten, die hier zur Wahl stehen.",
        ),
        "drill.card_twice": (
            "The {card} was chosen twice.",
            "{card:Nom} wurde zweimal gewählt.",
        ),
        "drill.card_count": (
            "Choose from {low} to {high} cards for \u201c{field}\u201d (you chose {count}).",
            "Wähle für \u201e{field}\u201c {low} bis {high} Karten (gewählt: {count}).",
        ),
        "drill.card_count_exact": (
            "Choose exactly {low} cards for \u201c{field}\u201d (you chose {count}).",
            "Wähle für \u201e{field}\u201c genau {low} Karten (gewählt: {count}).",
        ),
        "drill.card_count_one": (
            "Choose exactly one card for \u201c{field}\u201d (you chose {count}).",
            "Wähle für \u201e{field}\u201c genau eine Karte (gewählt: {count}).",
        ),
    }
)

SEED_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
"""Seeds are short lower-case words: digits (an item of a given case too: :func:`case_seed`), or
the older ``<case>-<n>``, still read."""


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
    """Form data that is no answer to the item (missing, malformed or not a choice).

    ``fields``: the names of the item's fields at fault, where one is (the page marks them as
    invalid); empty when the answer as a whole is wrong.

    >>> AnswerError(Msg("drill.missing", field="gain"), fields=("gain",)).fields
    ('gain',)
    """

    def __init__(self, msg: Msg, fields: Iterable[str] = ()) -> None:
        self.fields: tuple[str, ...] = tuple(fields)
        super().__init__(msg)


def check_seed(text: str) -> str:
    """The seed if it is well formed, else :class:`AnswerError` (it is part of a URL)."""
    if not isinstance(text, str) or not SEED_PATTERN.fullmatch(text):
        raise AnswerError(Msg("drill.seed", text=text))
    return text


class ShowKind(enum.Enum):
    TEXT = "text"
    """A sentence (``text``)."""
    CARDS = "cards"
    """A row of cards (``cards``), e.g. a hand, a trick, the declared row; ``marked`` are raised."""
    TABLE = "table"
    """A small table: ``header`` (messages) and ``rows`` (numbers, strings or messages)."""


@dataclass(frozen=True)
class Show:
    """One thing the item page shows the learner, in order. Never anything the seat can't know."""

    kind: ShowKind
    label: Msg | None = None
    text: Msg | None = None
    cards: tuple[Card | PhysicalCard, ...] = ()
    marked: frozenset[Card | PhysicalCard] = frozenset()
    header: tuple[Msg, ...] = ()
    rows: tuple[tuple[Any, ...], ...] = ()
    in_play_order: bool = False
    """The cards of a trick, in the order they were played: shown so. Other cards (a hand,
    a pile) are shown sorted as a player holds them, whatever their order here."""

    @classmethod
    def sentence(cls, text: Msg) -> Show:
        return cls(ShowKind.TEXT, text=text)

    @classmethod
    def hand(
        cls,
        label: Msg,
        cards: Sequence[Card | PhysicalCard],
        marked: frozenset[Card | PhysicalCard] = frozenset(),
    ) -> Show:
        return cls(ShowKind.CARDS, label=label, cards=tuple(cards), marked=marked)

    @classmethod
    def trick(cls, label: Msg, cards: Sequence[Card | PhysicalCard]) -> Show:
        """A trick's cards in the order they were played."""
        return cls(ShowKind.CARDS, label=label, cards=tuple(cards), in_play_order=True)

    @classmethod
    def table(cls, label: Msg | None, header: Sequence[Msg], rows: Sequence[Sequence[Any]]) -> Show:
        return cls(
            ShowKind.TABLE, label=label, header=tuple(header), rows=tuple(tuple(r) for r in rows)
        )


class FieldKind(enum.Enum):
    CARDS = "cards"
    """Pick ``low``..``high`` cards among ``cards`` (each a labelled toggle button)."""
    CHOICE = "choice"
    """Pick one of ``options`` (radio buttons)."""
    CHOICES = "choices"
    """Pick ``low``..``high`` of ``options`` (check boxes); values arrive separated by spaces."""
    NUMBER = "number"
    """Type a whole number between ``low`` and ``high``."""


@dataclass(frozen=True)
class Option:
    value: str
    label: Msg


@dataclass(frozen=True)
class Field:
    """One part of the answer. ``label`` is the question; a dialogue line may come as ``say``."""

    name: str
    kind: FieldKind
    label: Msg
    options: tuple[Option, ...] = ()
    cards: tuple[Card | PhysicalCard, ...] = ()
    low: int = 0
    high: int = 0
    say: Msg | None = None
    """What the other player has just said (a dialogue line shown above the question)."""

    @classmethod
    def choose(cls, name: str, label: Msg, options: Sequence[tuple[str, Msg]], **kw: Any) -> Field:
        return cls(name, FieldKind.CHOICE, label, tuple(Option(v, m) for v, m in options), **kw)

    @classmethod
    def choose_many(
        cls,
        name: str,
        label: Msg,
        options: Sequence[tuple[str, Msg]],
        low: int = 0,
        high: int | None = None,
        **kw: Any,
    ) -> Field:
        """Check boxes: values must be words without spaces."""
        opts = tuple(Option(v, m) for v, m in options)
        return cls(
            name,
            FieldKind.CHOICES,
            label,
            opts,
            low=low,
            high=len(opts) if high is None else high,
            **kw,
        )

    @classmethod
    def number(cls, name: str, label: Msg, low: int, high: int, **kw: Any) -> Field:
        return cls(name, FieldKind.NUMBER, label, low=low, high=high, **kw)

    @classmethod
    def pick(
        cls,
        name: str,
        label: Msg,
        cards: Sequence[Card | PhysicalCard],
        low: int,
        high: int,
        **kw: Any,
    ) -> Field:
        return cls(name, FieldKind.CARDS, label, cards=tuple(cards), low=low, high=high, **kw)


@dataclass(frozen=True)
class Item:
    """One question: everything the page shows, built from ``(drill, seed, level)`` alone."""

    drill: str
    seed: str
    level: Level
    question: Mapping[str, Any]
    """The checker's data (never rendered: it may hold what the learner must work out)."""
    prompt: Msg | None = None
    shows: tuple[Show, ...] = ()
    fields: tuple[Field, ...] = ()
    concept: str = ""
    """The rule anchor the item trains (``"piquet#point"``): its review box and its rule area."""
    tags: frozenset[str] = frozenset()
    """Cases the item contains (``"repique"``, ``"doppel-besik"``…), for the rare-case pools."""


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: right or wrong, the right answer, and why, with rule links."""

    correct: bool
    expected: Mapping[str, Any]
    reasons: tuple[Msg, ...]
    rules: tuple[str, ...] = field(default=())
    """Rule anchors (``"piquet#rubicon"``) the reasons rest on; the first is the main one."""
    answer: tuple[Msg, ...] = ()
    """The right answer in words (shown when the learner's answer was wrong)."""
    shows: tuple[Show, ...] = ()
    """Anything more to show with the verdict (e.g. each considered discard's average)."""
    replay: tuple[str, int] | None = None
    """``(replay slug, step)`` of a worked-example step that shows the same thing."""
    subpoints: frozenset[int] = frozenset()
    """Indexes in ``reasons`` of the lines that detail the nearest line above them that is
    not one (shown nested under it: "Why the best discard is best:", then each reason)."""
    method: tuple[Msg, ...] = ()
    """How the figures shown were worked out, for the learner who wants to know (shown after
    them, folded away: it is long, and the verdict reads without it)."""


class Drill(Protocol):
    """The contract every drill implements."""

    key: str
    """``"<game>.<name>"``; the URL is ``/practice/<game>/<name>/``."""
    game: str
    number: int
    """Its number in the issue's list (the practice page's order)."""
    title: Msg
    summary: Msg
    cases: tuple[str, ...]
    """The rare cases its pool guarantees: ``item(f"{case}-{n}", level)`` has ``case`` in tags."""
    kinds: tuple[str, ...]
    """For a drill that mixes kinds of question: ``item(f"{kind}-{n}", level)`` asks one of
    ``kind`` (and has it in its tags), so "try a similar one" keeps the kind; else empty."""
    curated: tuple[str, ...]
    """Seeds of items taken from the worked examples (``"example"``…)."""

    def item(self, seed: str, level: Level) -> Item: ...

    def parse_answer(self, item: Item, data: Mapping[str, str]) -> Any: ...

    def check(self, item: Item, answer: Any) -> Feedback: ...


@dataclass(frozen=True)
class TheCard:
    """A card named with its article in a message ("the ace of hearts", German "das Herz-As"
    in the grammatical ``case``): for lists of cards, which a template cannot decline itself.
    A single card is declined in the template instead: ``{card:acc}`` (see
    :class:`~cardtutor.engine.cards.CardName`).

    >>> Msg("x", cards=the(PhysicalCard.parse(c) for c in ["JC", "AH"])).params["cards"][0]
    TheCard(card=PhysicalCard.parse('JC#1'), case='nom')
    >>> from cardtutor.engine.text import join_names
    >>> join_names(the([PhysicalCard.parse("JC"), Card.parse("AH")], "acc"), "de")
    'den Kreuz-Bauern und das Herz-As'
    >>> join_names(the([Card.parse("JC"), Card.parse("AH")]), "en")
    'the jack of clubs and the ace of hearts'
    """

    card: Card | PhysicalCard
    case: str = "nom"

    def name(self, lang: str = "en") -> str:
        return self.card.name_with_article(lang, self.case)


def the(cards: Iterable[Card | PhysicalCard], case: str = "nom") -> tuple[TheCard, ...]:
    """``cards``, each named with its article in ``case`` (see :class:`TheCard`)."""
    return tuple(TheCard(c, case) for c in cards)


def rng_for(drill: str, seed: str, level: Level) -> random.Random:
    """The random source of one item: the same drill, seed and level give the same item."""
    return random.Random(f"{drill}:{int(level)}:{seed}")


# A seed for a case, as the site writes it in addresses, is a number: "repique-7" in the
# address bar of a question would say the answer before it is given. The number holds the
# case's 16-bit hash and ``n``, mixed by a bijection of the numbers below 2**53 (an odd
# multiplier and an offset), so it reads as any other number and decodes again; it has 16
# digits, where the site's plain seeds have at most 9. (Not secret, only not readable: the
# rules are public, the point is a fair question.)
_MIX_BITS = 53
_MIX_MOD = 1 << _MIX_BITS
_MIX_MUL = 0x1B873593_3C6EF3  # odd: invertible modulo 2**53
_MIX_ADD = 0x5F356495_A1B2C
_MIX_INV = pow(_MIX_MUL, -1, _MIX_MOD)
_CASE_DIGITS = 16
_CASE_N_LIMIT = 1 << (_MIX_BITS - 16)


def _case_hash(case: str) -> int:
    return zlib.crc32(case.encode()) & 0xFFFF


def case_seed(case: str, n: int) -> str:
    """The seed of the ``n``-th item of ``case``, as a number that does not show the case.

    >>> case_seed("repique", 7).isdigit(), len(case_seed("repique", 7))
    (True, 16)
    >>> seed_case(case_seed("repique", 7), ("pique", "repique"))
    'repique'
    >>> case_seed("repique", 7) != case_seed("pique", 7) != case_seed("repique", 8)
    True
    """
    if not 0 <= n < _CASE_N_LIMIT:
        raise ValueError(f"case item number out of range: {n!r}")
    mixed = ((n << 16 | _case_hash(case)) * _MIX_MUL + _MIX_ADD) % _MIX_MOD
    return str(mixed).zfill(_CASE_DIGITS)


def seed_case(seed: str, cases: Sequence[str]) -> str | None:
    """The case a seed asks for, if it is one of ``cases``: a number made by
    :func:`case_seed`, or the older, readable ``"repique-7"`` (addresses already shared).

    >>> seed_case("repique-7", ("pique", "repique")), seed_case("42", ("pique",))
    ('repique', None)
    >>> seed_case("9" * 16, ("pique", "repique")) is None  # another 16-digit number
    True
    """
    if len(seed) == _CASE_DIGITS and seed.isascii() and seed.isdigit():
        value = (int(seed) - _MIX_ADD) * _MIX_INV % _MIX_MOD
        found = value & 0xFFFF
        return next((c for c in cases if _case_hash(c) == found), None)
    case, sep, _n = seed.rpartition("-")
    return case if sep and case in cases else None


def similar_seed(item: Item, cases: Sequence[str], n: int) -> str:
    """A seed for another item like ``item``: the same rare case if it has one; the case its
    own seed asked for first (a Tripelbesik is also tagged as holding a Doppel-Besik).

    >>> item = Item("d", "tripelbesik-12", Level.HARD, {}, tags=frozenset({"doppel-besik", "tripelbesik"}))
    >>> seed_case(similar_seed(item, ("doppel-besik", "tripelbesik"), 7), ("doppel-besik", "tripelbesik"))
    'tripelbesik'
    >>> item = Item("d", "5", Level.HARD, {}, tags=frozenset({"tripelbesik"}))
    >>> seed_case(similar_seed(item, ("tripelbesik",), 7), ("tripelbesik",))
    'tripelbesik'
    >>> similar_seed(Item("d", "5", Level.HARD, {}), ("tripelbesik",), 7)
    '7'
    """
    asked = seed_case(item.seed, cases)
    if asked is not None:
        return case_seed(asked, n)
    case = next((c for c in cases if c in item.tags), None)
    return case_seed(case, n) if case else str(n)


def require(data: Mapping[str, str], name: str, label: Any = None) -> str:
    """The non-empty value of ``name``; ``label`` (a message) names the part in the error."""
    value = data.get(name)
    if value is None or not str(value).strip():
        raise AnswerError(Msg("drill.missing", field=label or name), fields=(name,))
    return str(value).strip()[:200]


def choice(data: Mapping[str, str], name: str, options: tuple[str, ...], label: Any = None) -> str:
    value = require(data, name, label)
    if value not in options:
        raise AnswerError(
            Msg("drill.choice", text=typed_text(value, 40), field=label or name), fields=(name,)
        )
    return value


def whole_number(
    data: Mapping[str, str],
    name: str,
    label: Any = None,
    low: int = -100_000,
    high: int = 100_000,
) -> int:
    """A whole number typed in Western digits, with an optional sign (also the typographic
    minus); one outside ``low``..``high`` (the field's own limits) is refused as out of
    range, naming those limits, however many digits it has.

    >>> whole_number({"n": "−12"}, "n"), whole_number({"n": " +7 "}, "n")
    (-12, 7)
    >>> whole_number({"n": "١٠٠"}, "n")
    Traceback (most recent call last):
    cardtutor.engine.drills.base.AnswerError: For “n”, “١٠٠” is not a whole number.
    >>> whole_number({"n": "9" * 40}, "n", low=0, high=99)
    Traceback (most recent call last):
    cardtutor.engine.drills.base.AnswerError: For “n”, 999999999999999999999999999999999999… is out of range: a number from 0 to 99, please.
    """
    text = require(data, name, label)
    digits = text.replace("\u2212", "-", 1)
    if digits[:1] in "+-":
        digits = digits[1:]
    if not (digits.isascii() and digits.isdigit()):  # int() would take "١٠٠" or "1_000"
        raise AnswerError(Msg("drill.number", text=text[:40], field=label or name), fields=(name,))
    if (
        len(digits.lstrip("0")) > len(str(max(abs(low), abs(high))))  # no int() of a huge one
        or not low <= (number := int(text.replace("\u2212", "-"))) <= high
    ):
        shown = text if len(text) <= 36 else text[:36] + "\u2026"
        raise AnswerError(
            Msg("drill.range", text=shown, field=label or name, low=low, high=high),
            fields=(name,),
        )
    return number


def picked_cards(data: Mapping[str, str], spec: Field) -> tuple[Any, ...]:
    """The cards chosen for a card field (codes separated by spaces or commas), checked.

    Offered :class:`PhysicalCard` s (Besik) are read as such (``QS#2``), plain cards as cards.

    >>> f = Field.pick("discard", Msg("x"), [Card.parse("AH"), Card.parse("7S")], 1, 2)
    >>> picked_cards({"discard": "7S"}, f)
    (Card.parse('7S'),)
    """
    text = str(data.get(spec.name) or "")
    codes = [c for c in re.split(r"[\s,]+", text) if c]
    physical = any(isinstance(c, PhysicalCard) for c in spec.cards)
    at_fault = (spec.name,)
    cards: list[Any] = []
    for code in codes[:64]:
        try:
            card: Card | PhysicalCard = (PhysicalCard if physical else Card).parse(code)
        except ValueError:
            raise AnswerError(
                Msg("drill.card_code", text=typed_text(code)), fields=at_fault
            ) from None
        if card not in spec.cards:
            raise AnswerError(Msg("drill.card_offered", card=card), fields=at_fault)
        if card in cards:
            raise AnswerError(Msg("drill.card_twice", card=card), fields=at_fault)
        cards.append(card)
    if not spec.low <= len(cards) <= spec.high:
        key = (
            "drill.card_count"
            if spec.low != spec.high
            else "drill.card_count_one"
            if spec.low == 1
            else "drill.card_count_exact"
        )
        raise AnswerError(
            Msg(key, low=spec.low, high=spec.high, count=len(cards), field=spec.label),
            fields=at_fault,
        )
    return tuple(cards)


def chosen_options(data: Mapping[str, str], spec: Field) -> frozenset[str]:
    """The values ticked in a check-box field, each one offered, their number within range.

    >>> f = Field.choose_many("melds", Msg("x"), [("besik", Msg("x")), ("four-kings", Msg("x"))])
    >>> sorted(chosen_options({"melds": "four-kings besik"}, f))
    ['besik', 'four-kings']
    """
    values = [v for v in re.split(r"[\s,]+", str(data.get(spec.name) or "")) if v]
    offered = {o.value for o in spec.options}
    for value in values[:64]:
        if value not in offered:
            raise AnswerError(
                Msg("drill.choice", text=typed_text(value, 40), field=spec.label),
                fields=(spec.name,),
            )
    chosen = frozenset(values)
    if not spec.low <= len(chosen) <= spec.high or len(chosen) != len(values):
        raise AnswerError(
            Msg(
                "drill.choices_count",
                low=spec.low,
                high=spec.high,
                count=len(values),
                field=spec.label,
            ),
            fields=(spec.name,),
        )
    return chosen


def require_all(item: Item, data: Mapping[str, str], names: Iterable[str] | None = None) -> None:
    """Every unanswered part of ``item`` (of those ``names``) at once, as one
    :class:`AnswerError`, not one per sending: the choices and numbers (card picks and check
    boxes may be left empty on purpose).

    >>> item = Item("d", "1", Level.EASY, {}, fields=(
    ...     Field.number("gain", Msg("Gain"), 0, 9), Field.number("loss", Msg("Loss"), 0, 9)))
    >>> try:
    ...     require_all(item, {"loss": " "})
    ... except AnswerError as error:
    ...     print(error.fields)
    ('gain', 'loss')
    """
    wanted = None if names is None else set(names)
    missing = [
        spec
        for spec in item.fields
        if spec.kind in (FieldKind.CHOICE, FieldKind.NUMBER)
        and (wanted is None or spec.name in wanted)
        and not str(data.get(spec.name) or "").strip()
    ]
    if len(missing) == 1:
        raise AnswerError(Msg("drill.missing", field=missing[0].label), fields=(missing[0].name,))
    if missing:
        raise AnswerError(
            Msg("drill.missing_many", fields=[Msg("drill.quoted", text=s.label) for s in missing]),
            fields=[s.name for s in missing],
        )


def parse_fields(item: Item, data: Mapping[str, str]) -> dict[str, Any]:
    """Every field of ``item`` read from ``data`` and checked against its spec.

    Choices come back as their value, ticked boxes as a frozenset of values, numbers as ``int``,
    card picks as a tuple of cards.
    """
    answer: dict[str, Any] = {}
    require_all(item, data)
    for spec in item.fields:
        if spec.kind is FieldKind.CARDS:
            answer[spec.name] = picked_cards(data, spec)
        elif spec.kind is FieldKind.CHOICES:
            answer[spec.name] = chosen_options(data, spec)
        elif spec.kind is FieldKind.CHOICE:
            answer[spec.name] = choice(
                data, spec.name, tuple(o.value for o in spec.options), spec.label
            )
        else:
            answer[spec.name] = whole_number(
                data, spec.name, label=spec.label, low=spec.low, high=spec.high
            )
    return answer
