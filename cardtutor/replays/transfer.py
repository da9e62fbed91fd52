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

The document's exact shape is the JSON Schema :data:`cardtutor.replays.schemas.DOCUMENT`.
Import (:func:`load_document` for a file's bytes, then :func:`import_replay`) refuses, before
anything is stored and with a message that names the place: text that is not UTF-8 or not
JSON, ``NaN``/``Infinity``, integers past 64 bits, lone surrogates and NUL characters, a
document that does not match the schema (``"version": true`` is not 1; the slugs our own
addresses use are reserved), a gloss that does not match the source text, then a record that
does not replay. Two imports of the same slug at once end as one replay: without ``replace``
the second is refused as a duplicate, with ``replace`` it replaces the first.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Iterator, Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from cardtutor.engine.cards import lang_key
from cardtutor.engine.errors import RecordError
from cardtutor.replays import schemas
from cardtutor.replays.models import Annotation, Replay, game_choices, replay_seat_names
from cardtutor.replays.source import GlossError, check_gloss
from cardtutor.replays.timeline import build_timeline

EXPORT_FORMAT = "cardtutor-replay"
EXPORT_VERSION = 1


class ReplayImportError(ValueError):
    """A replay document that cannot be imported; the message says why."""


def export_steps(game: str, record: dict[str, Any]) -> list[dict[str, Any]]:
    """The document's ``steps``: each step of the record as the engine explains it."""
    return [
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
        for step in build_timeline(game, record).steps
    ]


def export_replay(replay: Replay) -> dict[str, Any]:
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
            "steps": export_steps(replay.game, replay.record),
        }
    )


class _OddNumber(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:  # before int(): Python refuses past 4,300 digits anyway
        raise _OddNumber(_("a number with %(count)s digits") % {"count": len(text.lstrip("-"))})
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _OddNumber(_("%(text)s is too large for a number") % {"text": text[:20]})
    return value


def _parse_constant(name: str) -> Any:
    raise _OddNumber(_("%(name)s is not a JSON number") % {"name": name})


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once: ``{"slug": "a", "slug": "b"}`` would
    otherwise be read silently as its last value."""
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise _OddNumber(_("the key %(key)s is given twice in one object") % {"key": repr(key)})
        seen.add(key)
    return dict(pairs)


# Python's JSON parser says what it expected in English; these are its messages (``err.msg``),
# so that a German page says it in German. Another message is left out (the place remains).
_JSON_MESSAGES = {
    "Expecting value": gettext_lazy("a value was expected"),
    "Expecting property name enclosed in double quotes": gettext_lazy(
        "a key in double quotes was expected"
    ),
    "Expecting ':' delimiter": gettext_lazy("a colon (:) was expected"),
    "Expecting ',' delimiter": gettext_lazy("a comma (,) was expected"),
    "Unterminated string starting at": gettext_lazy("a text is not closed"),
    "Invalid control character at": gettext_lazy("a control character inside a text"),
    "Invalid \\escape": gettext_lazy("a backslash that starts no escape"),
    "Invalid \\uXXXX escape": gettext_lazy("a broken \\u escape"),
    "Extra data": gettext_lazy("more follows after the end of the JSON"),
    "Illegal trailing comma before end of object": gettext_lazy(
        "a comma before the end of an object"
    ),
    "Illegal trailing comma before end of array": gettext_lazy("a comma before the end of a list"),
}


def _not_json(reason: str) -> ReplayImportError:
    return ReplayImportError(_("The file is not valid JSON: %(reason)s.") % {"reason": reason})


def load_document(raw: bytes) -> Any:
    """A file's bytes as JSON, strictly: UTF-8 (a byte order mark is allowed), no ``NaN`` or
    ``Infinity``, no integer of more than 19 digits, no key twice in an object; otherwise
    :class:`ReplayImportError` with a message that says why (``The file is not valid JSON:
    ...``)."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise _not_json(_("it is not UTF-8 text (byte %(byte)s)") % {"byte": err.start}) from err
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_object,
        )
    except json.JSONDecodeError as err:
        place = _("line %(line)s, column %(column)s") % {"line": err.lineno, "column": err.colno}
        what = _JSON_MESSAGES.get(err.msg)
        raise _not_json(f"{what} ({place})" if what else place) from err
    except RecursionError as err:
        raise _not_json(_("it is nested too deeply")) from err
    except _OddNumber as err:
        raise _not_json(str(err)) from err


def _depth_problems(data: Mapping[str, Any]) -> Iterator[str]:
    """Values nested deeper than the stored JSON may be, named as the schema names them
    (an annotation's fields by its step); checked before anything walks them recursively."""
    for key, value in data.items():
        if key == "annotations" and isinstance(value, list):
            for i, item in enumerate(value):
                if not isinstance(item, Mapping):
                    continue
                step = item.get("step")
                label = f"Step {step}: " if type(step) is int else f"annotations[{i}]."
                for name, field in item.items():
                    problem = schemas.json_depth_problem(field, str(name))
                    if problem:
                        yield label + problem
        else:
            problem = schemas.json_depth_problem(value, str(key))
            if problem:
                yield problem


def parse_replay_document(data: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Check a document against :data:`schemas.DOCUMENT`; returns the replay's fields and
    the annotations. Raises :class:`ReplayImportError` naming what is wrong and where."""
    if not isinstance(data, Mapping):
        raise ReplayImportError(_("The file must contain one JSON object."))
    for problem in _depth_problems(data):
        raise _shape(problem)
    problem = schemas.odd_value(data)
    if problem:
        raise _shape(problem)
    if data.get("format") != EXPORT_FORMAT:
        raise ReplayImportError(_("'format' must be '%(format)s'.") % {"format": EXPORT_FORMAT})
    version = data.get("version")
    if type(version) is not int or version != EXPORT_VERSION:
        raise ReplayImportError(
            _("Version %(version)s is not supported (expected %(expected)s).")
            # as the file writes it ("true", not Python's "True")
            % {"version": schemas.clipped(json.dumps(version)), "expected": EXPORT_VERSION}
        )
    found = schemas.document_problems(data)
    if found:
        raise _shape("; ".join(found))
    source = data["source"]
    seats = data["seats"]
    summary = data.get("summary", {})
    fields = {
        "slug": data["slug"],
        "game": data["game"],
        "ruleset": data["ruleset"],
        "title_en": data["title"]["en"],
        "title_de": data["title"]["de"],
        "summary_en": summary.get("en", ""),
        "summary_de": summary.get("de", ""),
        "source_title": source["title"],
        "source_language": source["language"],
        "source_location": source.get("location") or "",
        "source_text": source["text"],
        "source_gloss": _source_gloss(source),
        "seats": seats,
        "record": data["record"],
    }
    seat_names = [seat["seat"] for seat in seats]
    annotations = []
    seen = set()
    for item in data["annotations"]:
        if item["step"] in seen:
            raise ReplayImportError(_("Step %(step)s is annotated twice.") % {"step": item["step"]})
        seen.add(item["step"])
        commentary = item.get("commentary", {})
        shaped = {
            "source": item.get("source", []),
            "stated": item.get("stated", {}),
            "notes": item.get("notes", []),
        }
        found = schemas.annotation_problems(shaped, seat_names)
        if found:
            raise _shape(f"Step {item['step']}: {found[0]}")
        annotations.append(
            {
                "step": item["step"],
                **shaped,
                "commentary_en": commentary.get("en", ""),
                "commentary_de": commentary.get("de", ""),
            }
        )
    return fields, annotations


def _shape(details: str) -> ReplayImportError:
    """A document whose shape is not an export's. ``details`` name the place and the problem
    as the JSON Schema library words them: in English on every page (they quote the file's
    keys and the schema's terms), after a lead in the page's language."""
    if (get_language() or settings.LANGUAGE_CODE).startswith("en"):
        return ReplayImportError(details)
    return ReplayImportError(
        _("The file does not have the shape of an exported replay (in English: %(details)s).")
        % {"details": details}
    )


def _source_gloss(source: Mapping[str, Any]) -> list[dict[str, Any]]:
    """``source.gloss``, optional (older exports have none), checked against ``source.text``."""
    try:
        return check_gloss(source.get("gloss", []), str(source.get("text", "")))
    except GlossError as err:
        raise _shape(f"'source.gloss': {err}") from err


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


def import_replay(
    data: Any,
    *,
    replace: bool = False,
    owner: Any = None,
    owner_token: str = "",
) -> Replay:
    """Store a replay document; refuses a malformed one and then stores nothing.

    An existing replay with the same slug is only replaced with ``replace=True``, and then
    only once the new document has been fully checked. A learner's own game (``owner``, a
    user, or ``owner_token``, his session's) is stored with its owner in the same
    transaction, so it is never public for a moment. Slugs beginning ``game-`` are kept for
    those: an import of a public replay may not take one, nor replace a learner's replay. Imports of one slug at the same time
    are taken one after the other: on PostgreSQL the replay's row is locked, and a racing
    insert of a new slug ends on the unique key, which counts as "exists already" (and, with
    ``replace``, is retried once as a replacement); SQLite's writers wait for each other
    (``transaction_mode`` IMMEDIATE in settings).
    """
    fields, annotations = parse_replay_document(data)
    learners = owner is not None or bool(owner_token)
    if not learners and str(fields["slug"]).startswith(LEARNERS_PREFIX):
        raise ReplayImportError(_learners(fields["slug"]))
    if learners:
        fields = {**fields, "owner": owner, "owner_token": owner_token}
    try:
        for attempt in (1, 2):
            try:
                with transaction.atomic():
                    return _store(fields, annotations, replace)
            except IntegrityError as err:
                if not replace or attempt == 2:
                    raise ReplayImportError(_exists(fields["slug"])) from err
    except ValidationError as err:
        messages = "; ".join(f"{k}: {' '.join(v)}" for k, v in err.message_dict.items())
        raise ReplayImportError(messages) from err
    except RecordError as err:
        raise ReplayImportError(err.render(lang_key(get_language() or "en"))) from err
    raise AssertionError("unreachable")  # pragma: no cover


LEARNERS_PREFIX = "game-"
"""The slugs of the learners' own games kept as replays (``cardtutor.games.views``)."""


def _exists(slug: str) -> str:
    return _(
        "A replay with the slug %(slug)s exists already; import with replace to overwrite it."
    ) % {"slug": repr(slug)}


def _learners(slug: str) -> str:
    return _(
        "The slug %(slug)s is kept for the learners' own games: give the replay another slug "
        "(the form's slug box, or the file's slug)."
    ) % {"slug": repr(slug)}


def _store(fields: dict[str, Any], annotations: list[dict[str, Any]], replace: bool) -> Replay:
    existing = Replay.objects.select_for_update().filter(slug=fields["slug"]).first()
    if existing is not None and (existing.owner_id or existing.owner_token):
        if "owner" not in fields and "owner_token" not in fields:
            raise ReplayImportError(_learners(fields["slug"]))  # (one stored before the rule)
        raise ReplayImportError(_exists(fields["slug"]))  # a learner's own is never replaced
    if existing is not None and not replace:
        raise ReplayImportError(_exists(fields["slug"]))
    if existing is not None and existing.game != fields["game"]:
        # the rule pages, the drills and the seats link the examples' steps by slug: a replay
        # of the other game under it opened Besik from the Piquet rules
        raise ReplayImportError(
            _(
                "The replay stored as %(slug)s is a game of %(stored)s: it can only be replaced "
                "by one of the same game, not by one of %(game)s. Import this one under another "
                "slug."
            )
            % {
                "slug": repr(fields["slug"]),
                "stored": dict(game_choices()).get(existing.game, repr(existing.game)),
                "game": dict(game_choices()).get(fields["game"], repr(fields["game"])),
            }
        )
    replay = existing or Replay()
    for name, value in fields.items():
        setattr(replay, name, value)
    replay.full_clean(validate_unique=False)  # the unique key decides, in the database
    replay.save()
    replay.annotations.all().delete()
    last = len(replay.record.get("actions", []))
    for item in annotations:
        if item["step"] > last:
            raise ReplayImportError(
                _("Step %(step)s is annotated but the record has only %(last)s steps.")
                % {"step": item["step"], "last": last}
            )
        Annotation.objects.create(replay=replay, **item)
    return replay
