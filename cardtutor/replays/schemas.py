"""The shapes of a replay's stored JSON, checked with JSON Schema where they are stored.

``Replay.seats`` and the annotation fields ``source``, ``stated`` and ``notes`` are JSON the
viewer reads without further checks, so every way in checks them first: the models' ``clean``
(the admin), their ``pre_save`` (``loaddata``, scripts) and the importer. A wrong shape is
refused with a message that names the field, the place inside it and what was expected::

    notes[0].kind: 'remark' is not one of 'deduction', 'translation', 'ocr', 'reason', 'aside'

A whole exported document (``cardtutor-replay``, version 1) is checked against
:data:`DOCUMENT` before anything of it is stored: the schema is the format's reference (what
each key holds, which are required), and :mod:`cardtutor.replays.transfer` describes it in
words. Values JSON allows but no database or page can hold (``NaN``, ``Infinity``, integers
past 64 bits, lone UTF-16 surrogates, NUL characters) are refused first (:func:`odd_value`).

Stored content that went around these checks (a bulk ``QuerySet.update``, raw SQL) is checked
again when a step is drawn (:func:`check`): the malformed part is left out of the page and
the page says so, so no stored content can make the viewer fail.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError as SchemaError

from cardtutor.engine import GAMES

# No stored JSON needs to be deeper than this; deeper values are refused before the schema
# is even looked at (the check is iterative, so a 10,000-deep value cannot exhaust the stack).
MAX_DEPTH = 24

NOTE_KINDS = ["deduction", "translation", "ocr", "reason", "aside"]

# A seat is one capital letter ("A".."D"). maxLength as well as the pattern: Python's "$"
# also matches before a trailing newline.
SEAT: dict[str, Any] = {"type": "string", "pattern": "^[A-Z]$", "maxLength": 1}
NAME: dict[str, Any] = {"type": "string", "pattern": "^[a-z][a-z0-9_-]*$", "maxLength": 40}
CARD: dict[str, Any] = {
    "type": "string",
    "pattern": "^(?:[2-9]|10|[TJQKA])[CDHS](?:#[1-4])?$",
    "maxLength": 5,
}
TEXT: dict[str, Any] = {"type": "string", "maxLength": 10_000}
POINTS: dict[str, Any] = {"type": "integer", "minimum": -100_000, "maximum": 100_000}


def _by_seat(value: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "propertyNames": SEAT, "additionalProperties": value}


SEATS: dict[str, Any] = {
    "type": "array",
    "minItems": 1,
    "maxItems": 8,
    "items": {
        "type": "object",
        "required": ["seat"],
        "additionalProperties": False,
        "properties": {
            "seat": SEAT,
            "role": {
                "type": "object",
                "required": ["en", "de"],
                "additionalProperties": False,
                "properties": {
                    "en": {"type": "string", "maxLength": 100},
                    "de": {"type": "string", "maxLength": 100},
                },
            },
        },
    },
}

SOURCE: dict[str, Any] = {"type": "array", "maxItems": 100, "items": TEXT}

STATED: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "totals": _by_seat(POINTS),
        "scored": _by_seat(POINTS),
        "during": _by_seat({"type": "array", "maxItems": 50, "items": POINTS}),
        "breakdown": _by_seat(
            {"type": "object", "propertyNames": NAME, "additionalProperties": POINTS}
        ),
        "parts": {
            "type": "object",
            "propertyNames": NAME,
            "additionalProperties": _by_seat(POINTS),
        },
        "hands": _by_seat({"type": "array", "maxItems": 64, "items": CARD}),
        "other": {
            "type": "object",
            "propertyNames": {"type": "string", "maxLength": 80},
            "additionalProperties": {"type": ["string", "integer"], "maxLength": 1000},
        },
    },
}

NOTES: dict[str, Any] = {
    "type": "array",
    "maxItems": 50,
    "items": {
        "type": "object",
        "required": ["kind", "en", "de"],
        "additionalProperties": False,
        "properties": {
            "kind": {"enum": NOTE_KINDS},
            "en": TEXT,
            "de": TEXT,
            "seats": {"type": "array", "items": SEAT, "maxItems": 8, "uniqueItems": True},
        },
    },
}


def shape_sample(schema: dict[str, Any]) -> str:
    """A one-line sample of a list of objects' shape, read from its schema (the admin's help
    text, so it lists exactly what is accepted): required keys first, enums spelled out.

    >>> sample = shape_sample(NOTES)
    >>> sample.startswith('[{"kind": "deduction" | "translation" | "ocr" | "reason" | "aside", ')
    True
    >>> sample.endswith(', "en": "...", "de": "...", "seats": ["A", ...]}, ...]')
    True
    """
    item = schema["items"]
    required = list(item.get("required", []))
    keys = required + [k for k in item["properties"] if k not in required]
    parts = []
    for key in keys:
        spec = item["properties"][key]
        if "enum" in spec:
            value = " | ".join(json.dumps(v) for v in spec["enum"])
        elif spec.get("type") == "array":
            value = '["A", ...]' if spec.get("items") is SEAT else "[...]"
        else:
            value = '"..."'
        parts.append(f"{json.dumps(key)}: {value}")
    return "[{" + ", ".join(parts) + "}, ...]"


ANNOTATION_FIELDS: dict[str, dict[str, Any]] = {"source": SOURCE, "stated": STATED, "notes": NOTES}

_VALIDATORS: dict[int, Draft202012Validator] = {}


def _validator(schema: dict[str, Any]) -> Draft202012Validator:
    found = _VALIDATORS.get(id(schema))
    if found is None:
        Draft202012Validator.check_schema(schema)
        found = _VALIDATORS[id(schema)] = Draft202012Validator(schema)
    return found


def _too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests lists/objects more than ``limit`` levels (no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Iterator[Any] = iter(item.values())
        elif isinstance(item, list | tuple):
            children = iter(item)
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _where(error: SchemaError, field: str) -> str:
    path = field
    for part in error.absolute_path:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


QUOTED = 40
"""At most this many characters of a wrong value are quoted back (a 5,000-character slug was
quoted whole)."""


def _quoted(value: Any) -> str:
    """``value`` as the message quotes it: its repr, a long text cut with "…".

    >>> _quoted("QS"), _quoted("x" * 50)
    ("'QS'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (50 characters)")
    """
    if isinstance(value, str) and len(value) > QUOTED:
        return f"{value[:QUOTED]!r}… ({len(value)} characters)"
    return repr(value)


def _message(error: SchemaError) -> str:
    if error.validator in ("pattern", "maxLength") and error.schema is SEAT:
        return f"{_quoted(error.instance)} is not a seat (one capital letter, e.g. 'A')"
    if error.validator in ("pattern", "maxLength") and error.schema is CARD:
        return f"{_quoted(error.instance)} is not a card (e.g. 'QS', '10H', 'JD#2')"
    if error.validator == "maxLength" and isinstance(error.instance, str):
        limit = error.validator_value
        return f"{_quoted(error.instance)} is too long (at most {limit} characters)"
    if error.validator == "enum" and isinstance(error.validator_value, list):
        allowed = ", ".join(repr(v) for v in error.validator_value)
        return f"{_quoted(error.instance)} is not one of {allowed}"
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = ", ".join(repr(k) for k in error.instance if k not in known)
        return f"unknown key {extra} (known keys: {', '.join(known)})"
    if error.validator == "maxItems" and isinstance(error.instance, list):
        limit = error.validator_value
        return f"{len(error.instance)} items are too many (at most {limit})"
    return clipped(error.message)


MESSAGE_MAX = 300
"""At most this many characters of the schema library's own message: it quotes the whole
value, and a list of 900 long notes made a refusal of 1.8 million characters."""


def clipped(message: str) -> str:
    """
    >>> clipped("short")
    'short'
    >>> len(clipped("x" * 1000)) < 340
    True
    """
    if len(message) <= MESSAGE_MAX:
        return message
    return f"{message[:MESSAGE_MAX]}… ({len(message)} characters in all)"


def problems(value: Any, schema: dict[str, Any], field: str) -> list[str]:
    """What is wrong with ``value`` (empty when it has the shape), each naming its place."""
    if _too_deep(value):
        return [f"{field}: nested more than {MAX_DEPTH} levels deep"]
    errors = sorted(_validator(schema).iter_errors(value), key=lambda e: list(e.absolute_path))
    return [f"{_where(e, field)}: {_message(e)}" for e in errors[:5]]


def check(value: Any, schema: dict[str, Any], field: str) -> str:
    """The first problem of ``value`` in words, or ``""`` when it has the shape."""
    found = problems(value, schema, field)
    return found[0] if found else ""


def annotation_problems(fields: dict[str, Any], seats: list[str] | None = None) -> list[str]:
    """Every shape problem of an annotation's JSON fields; with ``seats``, also notes or
    statements that name a seat the replay does not have."""
    found: list[str] = []
    for name, schema in ANNOTATION_FIELDS.items():
        if name in fields:
            found += problems(fields[name], schema, name)
    if found or seats is None:
        return found
    known = set(seats)
    for i, note in enumerate(fields.get("notes") or []):
        for seat in note.get("seats", []):
            if seat not in known:
                found.append(f"notes[{i}].seats: {seat!r} is not a seat of this replay")
    stated = fields.get("stated") or {}
    for key in ("totals", "scored", "during", "breakdown", "hands"):
        for seat in stated.get(key, {}):
            if seat not in known:
                found.append(f"stated.{key}: {seat!r} is not a seat of this replay")
    return found


def json_depth_problem(value: Any, field: str) -> str:
    """For free-form JSON (the game record): refuse only what is absurdly deep."""
    return f"{field}: nested more than {MAX_DEPTH} levels deep" if _too_deep(value) else ""


# Slugs our own addresses use under /replays/ (``replays/urls.py``): a replay with such a slug
# would be hidden behind that page. A test checks the list against the URL patterns.
RESERVED_SLUGS = frozenset({"import"})

SLUG: dict[str, Any] = {
    "type": "string",
    "pattern": "^[a-z0-9]+(?:-[a-z0-9]+)*$",
    "maxLength": 50,
    "not": {"enum": sorted(RESERVED_SLUGS)},
}


def _texts(min_length: int, max_length: int) -> dict[str, Any]:
    """An object of an English and a German text."""
    text = {"type": "string", "minLength": min_length, "maxLength": max_length}
    return {
        "type": "object",
        "required": ["en", "de"] if min_length else [],
        "additionalProperties": False,
        "properties": {"en": text, "de": text},
    }


def _string(max_length: int, min_length: int = 1) -> dict[str, Any]:
    return {"type": "string", "minLength": min_length, "maxLength": max_length}


# The whole exported document, ``cardtutor-replay`` version 1 (see transfer.py for the prose).
DOCUMENT: dict[str, Any] = {
    "type": "object",
    "required": [
        "format",
        "version",
        "slug",
        "game",
        "ruleset",
        "title",
        "source",
        "seats",
        "record",
        "annotations",
    ],
    "additionalProperties": False,
    "properties": {
        "format": {"const": "cardtutor-replay"},
        # "type": "integer" refuses true (JSON Schema keeps booleans apart from numbers)
        "version": {"type": "integer", "const": 1},
        "slug": SLUG,
        # the games the engine registry knows
        "game": {"type": "string", "enum": sorted(GAMES)},
        "ruleset": _string(32),
        "title": _texts(1, 200),
        "summary": _texts(0, 5_000),
        "source": {
            "type": "object",
            "required": ["title", "language", "text"],
            "additionalProperties": False,
            "properties": {
                "title": _string(300),
                "language": {"type": "string", "pattern": "^[a-z]{2,3}(?:-[A-Za-z]{2,8})?$"},
                "location": {"type": ["string", "null"], "maxLength": 200},
                "text": _string(200_000),
                # [{"de": <a sentence of the text>, "en": ..., "paragraph": true}, ...]: checked
                # sentence by sentence against the text by source.check_gloss
                "gloss": {},
            },
        },
        "seats": SEATS,
        # the engine's game record: replayed move by move by the engine before storing
        "record": {"type": "object"},
        "annotations": {
            "type": "array",
            "maxItems": 2_000,
            "items": {
                "type": "object",
                "required": ["step"],
                "additionalProperties": False,
                "properties": {
                    "step": {"type": "integer", "minimum": 0, "maximum": 100_000},
                    "source": SOURCE,
                    "stated": STATED,
                    "notes": NOTES,
                    "commentary": _texts(0, 20_000),
                },
            },
        },
        # computed on export, recomputed on import: any value is accepted and ignored
        "steps": {},
    },
}

# Integers past 64 bits fit neither PostgreSQL's bigint nor SQLite's integers.
MAX_INT = 2**63 - 1
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _odd_text(text: str) -> str:
    if "\x00" in text:
        return "contains a NUL character"
    if _LONE_SURROGATE.search(text):
        return "contains a lone UTF-16 surrogate (not a character)"
    return ""


def odd_value(value: Any, field: str = "") -> str:
    """The first value JSON allows but a database or page cannot hold, named by its place:
    ``NaN``/``Infinity``, integers past 64 bits, lone surrogates and NUL characters (in text
    or keys). ``""`` when there is none. Iterative, so any depth is safe.

    >>> odd_value({"a": [1, "x\\x00"]})
    'a[1]: contains a NUL character'
    >>> odd_value({"n": float("nan")}), odd_value([2**70])
    ('n: not a finite number', '[0]: an integer past 64 bits')
    """
    stack: list[tuple[Any, str]] = [(value, field)]
    while stack:
        item, where = stack.pop()
        problem = ""
        if isinstance(item, str):
            problem = _odd_text(item)
        elif isinstance(item, bool):
            continue
        elif isinstance(item, int):
            if not -MAX_INT - 1 <= item <= MAX_INT:
                problem = "an integer past 64 bits"
        elif isinstance(item, float):
            if not math.isfinite(item):
                problem = "not a finite number"
        elif isinstance(item, dict):
            for key, child in item.items():
                if isinstance(key, str) and _odd_text(key):
                    return f"{where or 'a key'}: a key {_odd_text(key)}"
                stack.append((child, f"{where}.{key}" if where else str(key)))
        elif isinstance(item, list | tuple):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(item))
        if problem:
            return f"{where}: {problem}" if where else problem
    return ""


def document_problems(document: Any) -> list[str]:
    """What is wrong with an exported document's shape (empty when it has the shape): missing
    keys in one line, then each problem at its place, ``annotations[i]`` named by its step."""
    errors = sorted(
        _validator(DOCUMENT).iter_errors(document), key=lambda e: [str(p) for p in e.path]
    )
    missing = [e for e in errors if e.validator == "required" and not e.absolute_path]
    found: list[str] = []
    if missing:
        names = ", ".join(repr(m) for e in missing for m in _missing(e))
        found.append(f"missing: {names}")
    for error in errors:
        if error in missing:
            continue
        path = list(error.absolute_path)
        where = _where(error, "")
        if len(path) >= 2 and path[0] == "annotations" and isinstance(path[1], int):
            items = document.get("annotations") if isinstance(document, dict) else None
            item = items[path[1]] if isinstance(items, list) else None
            step = item.get("step") if isinstance(item, dict) else None
            if isinstance(step, int) and not isinstance(step, bool) and len(path) > 2:
                rest = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path[2:])
                where = f"Step {step}: {rest.lstrip('.')}"
        if error.validator == "not" and path == ["slug"]:
            message = f"{_quoted(error.instance)} is one of our own addresses (reserved)"
        elif error.validator == "const" and path == ["version"]:
            # as the file writes it ("true", not Python's "True")
            message = f"{clipped(json.dumps(error.instance))} is not supported (expected 1)"
        else:
            message = _message(error)
        found.append(f"{where.lstrip('.')}: {message}" if where else message)
    return found[:5]


def _missing(error: SchemaError) -> list[str]:
    if isinstance(error.instance, dict) and isinstance(error.validator_value, list):
        return [k for k in error.validator_value if k not in error.instance]
    return []
