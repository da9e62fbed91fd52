"""The rule reference pages: the sections of each game, where each rule is seen in the worked
example, the drill that practises it, and the page's markup (rendered once per language).

The text is data (:mod:`cardtutor.rules.content`); this module only walks it. Everything the
pages say about the worked examples is computed from the engine's own example records
(``cardtutor/engine/examples/<game>_example.json``, the records the example replays hold), so
a rule page needs no database query and can never list a step that does not show the rule.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from cardtutor.core.glossary import terms_for_rule
from cardtutor.core.templatetags.cards import card_svg
from cardtutor.engine import GAMES
from cardtutor.engine.besik.constants import MELD_KINDS
from cardtutor.engine.cards import lang_key
from cardtutor.engine.drills import DRILLS
from cardtutor.rules.markup import LINK, plain, to_html
from cardtutor.rules.model import (
    Block,
    Example,
    Origin,
    Para,
    Ruling,
    Section,
    Table,
    Text,
)

__all__ = [
    "GAMES_WITH_RULES",
    "SEEN_CAP",
    "Place",
    "all_texts",
    "drill_key",
    "drill_url",
    "example_slug",
    "examples_within",
    "page_html",
    "places",
    "section_text",
    "sections",
    "seen_steps",
    "step_url",
]

GAMES_WITH_RULES = ("piquet", "besik")
SEEN_CAP = 8
"""How many steps "seen in the example" lists before "and N more"."""

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "engine" / "examples"

# The drill for a rule whose section names none: the drill whose questions rest on that rule.
FALLBACK_DRILLS: dict[str, dict[str, str]] = {
    "piquet": {
        "exchange": "piquet.exchange",
        "carte-blanche": "piquet.counting",
        "declaring": "piquet.declaring",
        "point": "piquet.counting",
        "sequences": "piquet.counting",
        "sets": "piquet.counting",
        "sinking": "piquet.declaring",
        "play": "piquet.play",
        "last-trick": "piquet.play",
        "the-cards": "piquet.play",
        "capot": "piquet.play",
        "reckoning-order": "piquet.counting",
        "pique": "piquet.counting",
        "repique": "piquet.counting",
        "partie": "piquet.partie",
        "rubicon": "piquet.partie",
    },
    "besik": {
        "tricks": "besik.tricks",
        "end-play": "besik.tricks",
        "melds": "besik.melds",
        "reuse": "besik.melds",
        "marriage": "besik.melds",
        "trump-marriage": "besik.melds",
        "double-marriage": "besik.melds",
        "four-jacks": "besik.melds",
        "four-queens": "besik.melds",
        "four-kings": "besik.melds",
        "four-aces": "besik.melds",
        "besik": "besik.melds",
        "double-besik": "besik.melds",
        "triple-besik": "besik.melds",
        "quint-major": "besik.melds",
        "trump-seven": "besik.melds",
        "seven-exchange": "besik.melds",
    },
}


# ---------------------------------------------------------------- the sections


def sections(game: str) -> tuple[Section, ...]:
    """The game's reference, section by section (``cardtutor.rules.content.<game>``)."""
    if game not in GAMES_WITH_RULES:
        raise KeyError(game)
    module = importlib.import_module(f"cardtutor.rules.content.{game}")
    return tuple(module.SECTIONS)


@dataclass(frozen=True)
class Place:
    """A section in the page: its depth (0 for a top-level section) and its parents' anchors."""

    section: Section
    depth: int
    parents: tuple[str, ...]


def places(game: str) -> Iterator[Place]:
    """Every section and sub-section in page order."""

    def walk(items: tuple[Section, ...], parents: tuple[str, ...]) -> Iterator[Place]:
        for section in items:
            yield Place(section, len(parents), parents)
            yield from walk(section.subsections, (*parents, section.anchor))

    yield from walk(sections(game), ())


def examples_within(section: Section) -> list[Example]:
    """The examples in a section's own blocks and in its sub-sections' (all depths)."""
    found = [b for b in section.blocks if isinstance(b, Example)]
    for sub in section.subsections:
        found += examples_within(sub)
    return found


def block_texts(block: Block) -> Iterator[Text]:
    """Every :class:`Text` of a block (an example's computed lines are not included)."""
    if isinstance(block, Para):
        yield block.text
        yield from block.items
    elif isinstance(block, Ruling):
        yield block.text
        yield block.source
    elif isinstance(block, Origin):
        yield block.text
    elif isinstance(block, Table):
        yield block.caption
        for row in block.rows:
            yield from row
    elif isinstance(block, Example):
        yield block.title


def all_texts(game: str) -> Iterator[tuple[str, Text]]:
    """(anchor, text) for every text of the game's reference: titles and blocks."""
    for place in places(game):
        yield place.section.anchor, place.section.title
        for block in place.section.blocks:
            for text in block_texts(block):
                yield place.section.anchor, text


def section_text(section: Section, german: bool) -> str:
    """A section's own text without markup (its sub-sections not included): for the search."""
    parts: list[str] = []
    for block in section.blocks:
        if isinstance(block, Table):  # a row per sentence, its cells apart
            parts.append(plain(block.caption.get(german), german) + ":")
            parts += [
                " · ".join(plain(cell.get(german), german) for cell in row) + ";"
                for row in block.rows
            ]
            continue
        if isinstance(block, Ruling) and block.quote:  # the source's words, said to be so
            parts.append(
                f"Quelle: „{block.quote}“" if german else f"Source (German): “{block.quote}”"
            )
        parts += [plain(t.get(german), german) for t in block_texts(block)]
    return " ".join(p for p in parts if p)


# ---------------------------------------------------------------- the worked examples


def example_slug(game: str) -> str:
    """The slug of the game's worked-example replay (``/replays/<slug>/``)."""
    return f"{game}-example"


def step_url(game: str, number: int) -> str:
    return reverse("replays:step", args=[example_slug(game), number])


FRAGMENT_WORDS = 5
"""Words of a quotation's start and end that find it in the source text (see below)."""


def _fragment_term(words: list[str]) -> str:
    # percent-encoded, "-", "," and "&" included: they separate a text directive's parts
    return quote(" ".join(words), safe="").replace("-", "%2D")


def source_url(game: str, quotation: str) -> str:
    """Where a quotation stands in the source text, shown under the worked example's replay:
    its first step, with a text fragment (``#:~:text=start,end``) that today's browsers scroll
    to and highlight. Why not an anchor of our own: the source's sentences are split by the
    replay's stored gloss, which an import may change; the quoted words are the source's own
    and stay. A browser without text fragments opens the replay at its start.

    >>> source_url("piquet", "Gleichheiten verhindern nicht Pikee oder repiques.")
    '/replays/piquet-example/step/0/#:~:text=Gleichheiten%20verhindern%20nicht%20Pikee%20oder%20repiques.'
    """
    words = quotation.split()
    if len(words) <= 2 * FRAGMENT_WORDS:
        directive = _fragment_term(words)
    else:
        start, end = words[:FRAGMENT_WORDS], words[-FRAGMENT_WORDS:]
        directive = f"{_fragment_term(start)},{_fragment_term(end)}"
    return f"{step_url(game, 0)}#:~:text={directive}"


@cache
def seen_steps(game: str) -> dict[str, tuple[int, ...]]:
    """anchor -> the steps of the game's worked example where an event refers to that rule.

    Computed from the engine's example record (the record the example replay holds) once per
    process: an event's ``rule`` is ``"<game>#<anchor>"``.
    """
    from cardtutor.replays.timeline import build_timeline  # the replays app imports models

    record = json.loads((EXAMPLES_DIR / f"{game}_example.json").read_text(encoding="utf-8"))
    found: dict[str, list[int]] = {}
    for step in build_timeline(game, record).steps:
        for event in step.events:
            page, _sep, anchor = event.rule.partition("#")
            if page == game and anchor:
                numbers = found.setdefault(anchor, [])
                if not numbers or numbers[-1] != step.number:
                    numbers.append(step.number)
    seen = {anchor: tuple(numbers) for anchor, numbers in found.items()}
    # Rules no event names but the example shows: the dialogue is its declarations (before
    # the first card); elder's first lead and younger's reckoning before he plays to it; the
    # score said aloud through the play; Besik's melds, each of its kinds together.
    derived: dict[str, tuple[int, ...]] = {}
    if game == "piquet" and "play" in seen:
        first_card = seen["play"][0]
        declared = sorted(
            {n for a in ("point", "sequences", "sets") for n in seen.get(a, ()) if n < first_card}
        )
        derived = {
            "declaring": tuple(declared),
            "dialogue": tuple(declared),
            "younger-scores": (first_card, first_card + 1),
            "running-score": seen["play"],
        }
    elif game == "besik":  # (each meld kind's rule anchor is the kind's name)
        derived = {
            "melds": tuple(
                sorted({n for a in (*MELD_KINDS, "trump-seven") for n in seen.get(a, ())})
            )
        }
    return {**seen, **{a: steps for a, steps in derived.items() if steps and a not in seen}}


# ---------------------------------------------------------------- drills


def drill_key(game: str, section: Section) -> str:
    """The drill that practises the section: its own, else the rule's usual drill, else ""."""
    key = section.drill or FALLBACK_DRILLS.get(game, {}).get(section.anchor, "")
    return key if key in DRILLS else ""


def drill_url(key: str) -> str:
    drill = DRILLS[key]
    return reverse("practice:start", args=[drill.game, key.split(".", 1)[1]])


# ---------------------------------------------------------------- the page


def _cards_html(cards: tuple[Any, ...], lang: str, jack: str) -> SafeString:
    return mark_safe("".join(card_svg(c, lang, size="sm", jack=jack) for c in cards))  # noqa: S308


def _block(block: Block, game: str, german: bool, lang: str) -> dict[str, Any]:
    jack = "Bauer" if game == "besik" else "Bube"
    if isinstance(block, Para):
        return {
            "kind": "para",
            "html": to_html(block.text.get(german), german),
            "items": [to_html(t.get(german), german) for t in block.items],
        }
    if isinstance(block, Ruling):
        return {
            "kind": "ruling",
            "html": to_html(block.text.get(german), german),
            "quote": block.quote,
            "source": to_html(block.source.get(german), german),
            "source_url": source_url(game, block.quote),
        }
    if isinstance(block, Origin):
        return {"kind": "origin", "html": to_html(block.text.get(german), german)}
    if isinstance(block, Table):
        header, *body = block.rows or ((),)
        return {
            "kind": "table",
            "caption": to_html(block.caption.get(german), german),
            "header": [
                {"html": to_html(t.get(german), german), "num": i in block.numeric}
                for i, t in enumerate(header)
            ],
            "rows": [
                [
                    {"html": to_html(t.get(german), german), "num": i in block.numeric}
                    for i, t in enumerate(row)
                ]
                for row in body
            ],
        }
    shown = block.build()
    return {
        "kind": "example",
        "anchor": f"example-{block.key}",
        "title": to_html(block.title.get(german), german),
        "rows": [
            {
                "label": to_html(row.label.get(german), german),
                "cards": _cards_html(tuple(row.cards), lang, jack),
                "count": len(row.cards),
            }
            for row in shown.rows
        ],
        "lines": [to_html(t.get(german), german) for t in shown.lines],
    }


def _terms(game: str, section: Section, german: bool) -> list[dict[str, str]]:
    """The glossary entries of the section's rule that its text does not link already (the
    text links its terms where they stand; this line adds the rest)."""
    linked = {
        m.group(1)
        for block in section.blocks
        for text in block_texts(block)
        for m in LINK.finditer(text.get(german))
    }
    return [
        {"name": t.name(german), "url": f"/glossary/#{t.anchor}"}
        for t in terms_for_rule(game, section.anchor)
        if t.slug not in linked
    ]


def _section(game: str, section: Section, depth: int, german: bool, lang: str) -> dict[str, Any]:
    steps = seen_steps(game).get(section.anchor, ())
    key = drill_key(game, section)
    return {
        "anchor": section.anchor,
        "title": plain(section.title.get(german), german),  # no link in a heading or a link
        "level": min(depth + 2, 6),
        "blocks": [_block(b, game, german, lang) for b in section.blocks],
        "seen": [{"number": n, "url": step_url(game, n)} for n in steps[:SEEN_CAP]],
        "seen_more": max(0, len(steps) - SEEN_CAP),
        "example_url": step_url(game, 0),
        "drill_url": drill_url(key) if key else "",
        "drill_title": DRILLS[key].title.render(lang) if key else "",
        "terms": _terms(game, section, german),
        "subsections": [
            _section(game, sub, depth + 1, german, lang) for sub in section.subsections
        ],
    }


@cache
def toc(game: str, german: bool) -> list[dict[str, Any]]:
    """The table of contents: every section and sub-section, nested (worked out once per game
    and language: the text cannot change while the process runs)."""

    def entry(section: Section) -> dict[str, Any]:
        return {
            "anchor": section.anchor,
            "title": plain(section.title.get(german), german),  # no link in a heading or a link
            "children": [entry(s) for s in section.subsections],
        }

    return [entry(s) for s in sections(game)]


# The rendered reference of a game, per language (both at most twice per process).
#
# Why a module-level memo and not Django's cache framework: the page is a pure function of the
# code and the language (no database, nothing per visitor), so it can only change with a
# deploy, which starts new processes; there is nothing to invalidate. Building it runs every
# example through the engine (tens of milliseconds), and the result is one string per game
# and language: keeping it in the process costs a few hundred kilobytes and answers every
# later request with no cache round trip and no unpickling. The page around it (the site's
# header with the visitor's name and CSRF token) is rendered per request by the view.
_PAGES: dict[tuple[str, str], SafeString] = {}


def page_html(game: str, lang: str) -> SafeString:
    """The game's reference (contents and every section) as HTML in ``lang`` ("en"/"de")."""
    lang = lang_key(lang)
    key = (game, lang)
    html = _PAGES.get(key)
    if html is None:
        german = lang == "de"
        with translation.override(lang):
            html = _render(game, lang, german)
        _PAGES[key] = html
    return html


def _render(game: str, lang: str, german: bool) -> SafeString:
    return mark_safe(  # noqa: S308  (rendered by the template engine, escaped there)
        render_to_string(
            "rules/_reference.html",
            {
                "game": game,
                "game_name": GAMES[game].name(lang),
                "example_slug": example_slug(game),
                "toc": toc(game, german),
                "sections": [_section(game, s, 0, german, lang) for s in sections(game)],
            },
        )
    )
