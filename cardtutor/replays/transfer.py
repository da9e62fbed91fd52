"""Export and import of replays as versioned JSON.

Format ``cardtutor-replay``, version 1::

    {
      "format": "cardtutor-replay", "version": 1,
      "slug": "piquet-example", "game": "piquet", "ruleset": "rubicon",
      "title": {"en": "...", "de": "..."}, "summary": {"en": "...", "de": "..."},
      "source": {"title": "...", "language": "de", "location": "...", "text": "...",
                 "gloss": [{"de": "<a sentence of text>", "en": "...", "paragraph": true}]},
      "seats": [{"seat": "A", "role": {"en": "elder hand", "de": "Vorhand"}}, ...],
      "record": {<cardtutor-game-record>},
      "annotations": [{"step": 3, "source": ["..."], "stated": {"totals": {"A": 10}},
                       "notes": [{"kind": "deduction", "en": "...", "de": "..."}],
                       "commentary": {"en": "...", "de": "..."}}],
      "steps": [{"number": 0, "seat": null, "action": null,
                 "explanation": {"en": "...", "de": "..."},
                 "events": [{"kind": "score", "seat": "A", "category": "point", "points": 5,
                             "totals": {"A": 5, "B": 0}, "rule": "piquet#point",
                             "cards": ["AH", ...], "text": {"key": "...", "en": "...", "de": "..."}}],
                 "totals": {"A": 5, "B": 0}}]
    }

``steps`` is computed by the engine on export and ignored on import (it is recomputed), so
export → import → export gives the same document. A step's ``explanation`` is what happened
in words; at a step where the players only speak (a Piquet declaration) it is what they say,
one quoted line each (``A: “Five cards.”``).

Import checks the seats and every annotation against the schemas of
:mod:`cardtutor.replays.schemas` (the same checks as the models'), then replays the record.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from cardtutor.engine.errors import RecordError
from cardtutor.replays import schemas
from cardtutor.replays.models import Annotation, Replay, replay_seat_names
from cardtutor.replays.source import GlossError, check_gloss
from cardtutor.replays.timeline import build_timeline

EXPORT_FORMAT = "cardtutor-replay"
EXPORT_VERSION = 1


class ReplayImportError(ValueError):
    """A replay document that cannot be imported; the message says why."""


def export_replay(replay: Replay) -> dict[str, Any]:
    timeline = build_timeline(replay.game, replay.record)
    return copy.deepcopy(
        {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "slug": replay.slug,
            "game": replay.game,
            "ruleset": replay.ruleset,
            "title": {"en": replay.title_en, "de": replay.title_de},
            "summary": {"en": replay.summary_en, "de": replay.summary_de},
            "source": {
                "title": replay.source_title,
                "language": replay.source_language,
                "location": replay.source_location,
                "text": replay.source_text,
                "gloss": replay.source_gloss,
            },
            "seats": replay.seats,
            "record": replay.record,
            "annotations": [
                {
                    "step": a.step,
                    "source": a.source,
                    "stated": a.stated,
                    "notes": a.notes,
                    "commentary": {"en": a.commentary_en, "de": a.commentary_de},
                }
                for a in replay.annotations.order_by("step")
            ],
            "steps": [
                {
                    "number": step.number,
                    "seat": step.seat,
                    "action": step.action_json,
                    "explanation": {
                        "en": step.explanation("en") or step.spoken("en"),
                        "de": step.explanation("de") or step.spoken("de"),
                    },
                    "events": [e.to_json() for e in step.events],
                    "totals": step.totals,
                }
                for step in timeline.steps
            ],
        }
    )


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str = "") -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ReplayImportError(f"'{where}{key}' is missing or not a {names}.")
    return value


def _bilingual(data: Mapping[str, Any], key: str, required: bool = True) -> tuple[str, str]:
    value = data.get(key, {} if not required else None)
    if not isinstance(value, Mapping):
        raise ReplayImportError(f"'{key}' must be an object with 'en' and 'de' texts.")
    en, de = value.get("en", ""), value.get("de", "")
    if not isinstance(en, str) or not isinstance(de, str) or (required and not (en and de)):
        raise ReplayImportError(f"'{key}' must have non-empty 'en' and 'de' texts.")
    return en, de


def _source_gloss(source: Mapping[str, Any]) -> list[dict[str, Any]]:
    """``source.gloss``, optional (older exports have none), checked against ``source.text``."""
    try:
        return check_gloss(source.get("gloss", []), str(source.get("text", "")))
    except GlossError as err:
        raise ReplayImportError(f"'source.gloss': {err}") from err


def parse_replay_document(data: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Check a document's shape; returns the replay fields and the annotations."""
    if not isinstance(data, Mapping):
        raise ReplayImportError("The file must contain one JSON object.")
    if data.get("format") != EXPORT_FORMAT:
        raise ReplayImportError(f"'format' must be '{EXPORT_FORMAT}'.")
    if data.get("version") != EXPORT_VERSION:
        raise ReplayImportError(
            f"Version {data.get('version')!r} is not supported (expected {EXPORT_VERSION})."
        )
    title_en, title_de = _bilingual(data, "title")
    summary_en, summary_de = _bilingual(data, "summary", required=False)
    source = _need(data, "source", Mapping)
    seats = _need(data, "seats", list)
    problem = schemas.check(seats, schemas.SEATS, "seats")
    if problem:
        raise ReplayImportError(problem)
    seat_names = [seat["seat"] for seat in seats]
    fields = {
        "slug": _need(data, "slug", str),
        "game": _need(data, "game", str),
        "ruleset": _need(data, "ruleset", str),
        "title_en": title_en,
        "title_de": title_de,
        "summary_en": summary_en,
        "summary_de": summary_de,
        "source_title": _need(source, "title", str, "source."),
        "source_language": _need(source, "language", str, "source."),
        "source_location": source.get("location", "") or "",
        "source_text": _need(source, "text", str, "source."),
        "source_gloss": _source_gloss(source),
        "seats": seats,
        "record": _need(data, "record", Mapping),
    }
    annotations = []
    seen = set()
    for item in _need(data, "annotations", list):
        if (
            not isinstance(item, Mapping)
            or not isinstance(item.get("step"), int)
            or item["step"] < 0
        ):
            raise ReplayImportError("Each annotation needs a 'step' number (0 or more).")
        if item["step"] in seen:
            raise ReplayImportError(f"Step {item['step']} is annotated twice.")
        seen.add(item["step"])
        commentary_en, commentary_de = _bilingual(item, "commentary", required=False)
        shaped = {
            "source": item.get("source", []),
            "stated": item.get("stated", {}),
            "notes": item.get("notes", []),
        }
        found = schemas.annotation_problems(shaped, seat_names)
        if found:
            raise ReplayImportError(f"Step {item['step']}: {found[0]}")
        annotations.append(
            {
                "step": item["step"],
                **shaped,
                "commentary_en": commentary_en,
                "commentary_de": commentary_de,
            }
        )
    problem = schemas.json_depth_problem(fields["record"], "record")
    if problem:
        raise ReplayImportError(problem)
    return fields, annotations


def stored_problems(replay: Replay) -> list[str]:
    """What is malformed in a stored replay (written around the checks, e.g. by a bulk
    ``update``): the export refuses such a replay with these reasons instead of failing."""
    found = schemas.problems(replay.seats, schemas.SEATS, "seats")
    problem = schemas.json_depth_problem(replay.record, "record")
    if problem:
        found.append(problem)
    seats = replay_seat_names(replay)
    for a in replay.annotations.order_by("step"):
        fields = {"source": a.source, "stated": a.stated, "notes": a.notes}
        found += [f"step {a.step}: {p}" for p in schemas.annotation_problems(fields, seats)]
    return found


def import_replay(data: Any, *, replace: bool = False) -> Replay:
    """Store a replay document; refuses a malformed one and then stores nothing.

    An existing replay with the same slug is only replaced with ``replace=True``, and then
    only once the new document has been fully checked.
    """
    fields, annotations = parse_replay_document(data)
    try:
        with transaction.atomic():
            existing = Replay.objects.filter(slug=fields["slug"]).first()
            if existing is not None and not replace:
                raise ReplayImportError(
                    f"A replay with the slug {fields['slug']!r} exists already; "
                    "import with replace to overwrite it."
                )
            replay = existing or Replay()
            for name, value in fields.items():
                setattr(replay, name, value)
            replay.full_clean()
            replay.save()
            replay.annotations.all().delete()
            last = len(replay.record.get("actions", []))
            for item in annotations:
                if item["step"] > last:
                    raise ReplayImportError(
                        f"Step {item['step']} is annotated but the record has only {last} steps."
                    )
                Annotation.objects.create(replay=replay, **item)
    except ValidationError as err:
        messages = "; ".join(f"{k}: {' '.join(v)}" for k, v in err.message_dict.items())
        raise ReplayImportError(messages) from err
    except RecordError as err:
        raise ReplayImportError(str(err)) from err
    return replay
