"""The shapes of a replay's stored JSON, checked with JSON Schema where they are stored.

``Replay.seats`` and the annotation fields ``source``, ``stated`` and ``notes`` are JSON the
viewer reads without further checks, so every way in checks them first: the models' ``clean``
(the admin), their ``pre_save`` (``loaddata``, scripts) and the importer. A wrong shape is
refused with a message that names the field, the place inside it and what was expected::

    notes[0].kind: 'remark' is not one of 'deduction', 'translation', 'ocr', 'reason', 'aside'

Stored content that went around these checks (a bulk ``QuerySet.update``, raw SQL) is checked
again when a step is drawn (:func:`check`): the malformed part is left out of the page and
the page says so, so no stored content can make the viewer fail.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError as SchemaError

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


def _message(error: SchemaError) -> str:
    if error.validator == "enum" and isinstance(error.validator_value, list):
        allowed = ", ".join(repr(v) for v in error.validator_value)
        return f"{error.instance!r} is not one of {allowed}"
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = ", ".join(repr(k) for k in error.instance if k not in known)
        return f"unknown key {extra} (known keys: {', '.join(known)})"
    if error.validator in ("pattern", "maxLength") and error.schema is SEAT:
        return f"{error.instance!r} is not a seat (one capital letter, e.g. 'A')"
    if error.validator in ("pattern", "maxLength") and error.schema is CARD:
        return f"{error.instance!r} is not a card (e.g. 'QS', '10H', 'JD#2')"
    return error.message


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
