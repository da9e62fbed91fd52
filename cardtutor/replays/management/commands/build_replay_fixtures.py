"""``manage.py build_replay_fixtures``: write ``fixtures/replays.json`` from the engine examples.

Inputs: the engine's example records, annotations and English glosses of the passages
(``cardtutor/engine/examples/``) and the two seed texts (``--seeds``, default
``fixtures/sources``), from which the passage each replay follows is cut. The result is a
Django fixture with fixed primary keys, so ``loaddata`` can load it again and again without
duplicating anything. Loading it replays every record through the engine (see ``Replay``
pre_save).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from cardtutor.replays.source import GlossError, check_gloss

EXAMPLES = Path(settings.BASE_DIR) / "cardtutor" / "engine" / "examples"

REPLAYS: list[dict[str, Any]] = [
    {
        "pk": 1,
        "slug": "piquet-example",
        "game": "piquet",
        "seed": "000_1d97ab8760326182.txt",
        "start": "Piquet, das auf diese",
        "end": "bevor sein Gegner dreißig erreichte.",
        "title_en": "Piquet: the Encyclopaedia's example deal",
        "title_de": "Piquet: das Beispielspiel der Enzyklopädie",
        "summary_en": (
            "Cavendish's worked deal from the Britannica article: A (elder hand) exchanges five, "
            "declares a point of five, a quart major and three jacks, and wins the cards; "
            "A 28, B 23. The German text is a machine translation: translation notes and "
            "deduced cards are marked at their steps."
        ),
        "summary_de": (
            "Cavendishs Beispielspiel aus dem Britannica-Artikel: A (Vorhand) kauft fünf Karten, "
            "sagt einen Point von fünf, eine Quart-Major und drei Buben an und gewinnt die Karten; "
            "A 28, B 23. Der deutsche Text ist maschinell übersetzt: Übersetzungshinweise und "
            "erschlossene Karten stehen beim jeweiligen Schritt."
        ),
        # Citations name the German texts in German, as they are.
        "source_title": "„Piquet“, Encyclopaedia Britannica, 11. Auflage (1911), maschinell übersetzt",
        "source_location": "„Rubicon Piquet“ bis „Example.“ und die Zählregeln",
        "seats": [
            {"seat": "A", "role": {"en": "elder hand", "de": "Vorhand"}},
            {"seat": "B", "role": {"en": "younger hand, dealer", "de": "Hinterhand, Geber"}},
        ],
    },
    {
        "pk": 2,
        "slug": "besik-example",
        "game": "besik",
        "seed": "001_b32aee25cc8b3f7e.txt",
        "start": "Spielregeln",
        "end": "die gegeneinander spielen.",
        "title_en": "Besik: the example game from the German article",
        "title_de": "Besik: das Beispielspiel aus dem deutschen Artikel",
        "summary_en": (
            "A complete two-player deal with hearts as trumps: B melds a Quint-Major in clubs at "
            "once, A waits for the one card that completes his own. Melds A 460, B 300 (with "
            "the last trick); card points A 71, B 169; totals A 531, B 469."
        ),
        "summary_de": (
            "Ein vollständiges Spiel zu zweit mit Herz als Trumpf: B meldet sofort eine "
            "Quint-Major in Kreuz, A wartet auf die eine Karte, die seine eigene vollständig "
            "macht. Meldungen A 460, "
            "B 300 (mit dem letzten Stich); Augen A 71, B 169; insgesamt A 531, B 469."
        ),
        "source_title": "„Besik“, Rubrik Geschicklichkeitsspiele",
        "source_location": "„Spielregeln“ bis „Besik für vier Personen“",
        "seats": [
            {"seat": "A", "role": {"en": "non-dealer", "de": "Vorhand"}},
            {"seat": "B", "role": {"en": "dealer", "de": "Geber"}},
        ],
    },
]


def _excerpt(text: str, start: str, end: str) -> str:
    a = text.find(start)
    b = text.find(end, a)
    if a < 0 or b < 0:
        raise CommandError(f"Cannot find the passage {start!r} … {end!r} in the seed.")
    return text[a : b + len(end)]


def _stated(item: dict[str, Any]) -> dict[str, Any]:
    """Normalise what the source states at a step.

    Keys: ``totals``, ``parts``, ``during``, ``scored`` (seat → points scored in this step),
    ``breakdown`` (seat → category → points) and ``hands`` (seat → cards).

    ``totals`` maps seat → running total. A structured statement such as the Besik
    example's final block (``{"melds": {...}, "augen": {...}, "total": {...}}``) becomes
    ``totals`` (from ``total``) plus ``parts`` (name → seat → points). ``during`` holds
    running totals spoken in the middle of a step (seat → list of figures).
    """
    stated: dict[str, Any] = {}
    totals = item.get("stated_totals") or {}
    if totals and all(isinstance(v, dict) for v in totals.values()):
        stated["totals"] = totals.get("total", {})
        parts = {k: v for k, v in totals.items() if k != "total"}
        if parts:
            stated["parts"] = parts
    elif totals:
        stated["totals"] = totals
    if item.get("stated_points"):
        stated["scored"] = item["stated_points"]
    if item.get("stated_breakdown"):
        stated["breakdown"] = item["stated_breakdown"]
    if item.get("stated_during"):
        stated["during"] = item["stated_during"]
    if item.get("stated_hands"):
        stated["hands"] = item["stated_hands"]
    return {k: v for k, v in stated.items() if v}


def _gloss(path: Path, source_text: str) -> list[dict[str, Any]]:
    """The gloss of the passage (``<game>_example.gloss.json``: our English, and plain German
    where the German is garbled), checked against it."""
    if not path.exists():
        return []
    try:
        return check_gloss(json.loads(path.read_text(encoding="utf-8")), source_text)
    except (ValueError, GlossError) as err:
        raise CommandError(f"{path.name}: {err}") from err


class Command(BaseCommand):
    help = "Build fixtures/replays.json from the engine's example games and the seed texts."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--seeds", default=str(Path(settings.BASE_DIR) / "fixtures" / "sources")
        )
        parser.add_argument(
            "--output", default=str(Path(settings.BASE_DIR) / "fixtures" / "replays.json")
        )

    def handle(self, *args: Any, **options: Any) -> None:
        seeds = Path(options["seeds"])
        now = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
        objects: list[dict[str, Any]] = []
        for spec in REPLAYS:
            game = spec["game"]
            record = json.loads((EXAMPLES / f"{game}_example.json").read_text(encoding="utf-8"))
            notes_path = EXAMPLES / f"{game}_example.annotations.json"
            notes = (
                json.loads(notes_path.read_text(encoding="utf-8"))
                if notes_path.exists()
                else {"steps": []}
            )
            source_text = _excerpt(
                (seeds / spec["seed"]).read_text(encoding="utf-8"), spec["start"], spec["end"]
            )
            source_gloss = _gloss(EXAMPLES / f"{game}_example.gloss.json", source_text)
            objects.append(
                {
                    "model": "replays.replay",
                    "pk": spec["pk"],
                    "fields": {
                        "slug": spec["slug"],
                        "game": game,
                        "ruleset": record["ruleset"],
                        "title_en": spec["title_en"],
                        "title_de": spec["title_de"],
                        "summary_en": spec["summary_en"],
                        "summary_de": spec["summary_de"],
                        "source_title": spec["source_title"],
                        "source_language": "de",
                        "source_location": spec["source_location"],
                        "source_text": source_text,
                        "source_gloss": source_gloss,
                        "seats": spec["seats"],
                        "record": record,
                        "updated": now,
                    },
                }
            )
            for item in notes["steps"]:
                missing = [s for s in item.get("source", []) if s not in source_text]
                if missing:
                    raise CommandError(
                        f"{spec['slug']} step {item['step']}: source not in the "
                        f"passage: {missing[0]!r}"
                    )
                stated = _stated(item)
                commentary = item.get("commentary") or {}
                objects.append(
                    {
                        "model": "replays.annotation",
                        "pk": spec["pk"] * 10000 + item["step"],
                        "fields": {
                            "replay": spec["pk"],
                            "step": item["step"],
                            "source": item.get("source", []),
                            "stated": stated,
                            "notes": item.get("notes", []),
                            "commentary_en": commentary.get("en", ""),
                            "commentary_de": commentary.get("de", ""),
                        },
                    }
                )
        Path(options["output"]).write_text(
            json.dumps(objects, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        self.stdout.write(
            self.style.SUCCESS(f"Wrote {len(objects)} objects to {options['output']}.")
        )
