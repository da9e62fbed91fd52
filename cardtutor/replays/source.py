"""The source text as the replay page shows it: clean, in paragraphs, sentence by sentence.

The stored text (``Replay.source_text``) stays verbatim, because the annotations quote it
exactly. For display:

- the web page's debris is hidden (``See also:`` glued into the Britannica text, the web
  copy's banner and footer, the tag line of the Besik page);
- paragraphs are restored: a blank line starts a paragraph; lines that OCR wrapped are joined
  (a long line that does not end a sentence, followed by one in lower case); other line
  breaks stay (list items, the score sheet); a short line on its own is a heading; a heading
  glued to the next sentence (``Example.A``, ``Pique.If``) is split off; and the gloss may mark
  where a paragraph starts, for a text that lost all its line breaks;
- sentences are the gloss's German sentences where there is a gloss, otherwise the text is
  cut after ``.``, ``!`` or ``?``;
- each annotated step's quoted sentences become pieces linked to that step, mapped through
  the cleaning. A quote inside another step's quote (A counting "elf, zwölf, dreizehn"
  across four steps) takes its own words.

The gloss (``Replay.source_gloss``) is a list of ``{"de": <verbatim German sentence>,
"en": <our English translation>}``, in the order of the text; ``"paragraph": true`` starts a
new paragraph at that sentence; ``"de_reading"`` (optional) is our plain German for a sentence
the machine translation garbled, shown on German pages as ``"en"`` is on English ones.
:func:`check_gloss` refuses a wrong shape with a message; the page itself ignores whatever it
cannot use, so no stored value can break it.

:func:`layout` is pure and cached; :func:`source_segments` adds the step links for the
template ``replays/_source.html``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django.urls import reverse

if TYPE_CHECKING:
    from cardtutor.replays.models import Annotation, Replay

#: Debris of the web pages the seed texts were copied from (never part of the articles).
DEBRIS = (
    re.compile(r"See also:[ \t]*"),
    re.compile(r"^Suchen Sie über [^\n]*Britannica[^\n]*(?:\n|$)", re.MULTILINE),
    re.compile(r"Zusätzliche Informationen und Anmerkungen.*\Z", re.DOTALL),
    re.compile(r"^Schlagwörter:[^\n]*(?:\n|$)", re.MULTILINE),
)

GLOSS_KEYS = frozenset({"de", "en", "de_reading", "paragraph"})
MAX_GLOSS_ENTRIES = 2000
MAX_GLOSS_TEXT = 4000

_BLANK_LINES = re.compile(r"\n[ \t]*\n\s*")
_SENTENCE_END = re.compile(r"[.!?:;]\s*$")
_GLUED_HEADING = re.compile(r"[A-ZÄÖÜ][a-zäöüß]{3,}\.(?=[A-Z][a-z]*\b)")
_SENTENCE_BREAK = re.compile(
    r"(?:(?<=[A-Za-zäöüßÄÖÜ][a-zäöüß][.!?])|(?<=\)[.!?])|(?<=[.!?][\"“”]))\s+"
)
_SPACE = re.compile(r"\s+")
_WRAP_WIDTH = 50  # a shorter line ends where its writer ended it (a list, a score sheet)
_HEADING_WORDS = 6
_HEADING_CHARS = 60


@dataclass(frozen=True)
class Piece:
    """Consecutive displayed text of one sentence that belongs to one step (or none)."""

    text: str
    step: int | None


@dataclass(frozen=True)
class Sentence:
    pieces: tuple[Piece, ...]
    gloss: str = ""

    @property
    def text(self) -> str:
        return "".join(p.text for p in self.pieces)


@dataclass(frozen=True)
class Block:
    """A heading, a paragraph, or one kept line of a list or score sheet."""

    kind: str
    sentences: tuple[Sentence, ...]

    @property
    def text(self) -> str:
        return " ".join(s.text for s in self.sentences)


class GlossError(ValueError):
    """A gloss of the wrong shape; the message says what is wrong."""


# ---------------------------------------------------------------------------------------------
# Cleaning


def hidden_mask(text: str) -> bytearray:
    """1 for every character of ``text`` that the display hides (web-page debris)."""
    mask = bytearray(len(text))
    for pattern in DEBRIS:
        for m in pattern.finditer(text):
            mask[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
    return mask


def clean_text(text: str) -> str:
    """``text`` as displayed on its own: debris removed, white space collapsed."""
    mask = hidden_mask(text)
    kept = "".join(ch for ch, hide in zip(text, mask, strict=True) if not hide)
    return _SPACE.sub(" ", kept).strip()


# ---------------------------------------------------------------------------------------------
# Gloss


def gloss_entries(value: Any, lang: str = "en") -> tuple[tuple[str, str, bool], ...]:
    """The usable ``(de, gloss, paragraph)`` entries of a stored gloss, ``gloss`` being the
    sentence's gloss in ``lang`` (``en``, or German's ``de_reading``; ``""`` if it has none);
    anything else is skipped.

    >>> gloss_entries([{"de": "Er gibt.", "en": "He deals.", "de_reading": "Er gibt aus."}], "de")
    (('Er gibt.', 'Er gibt aus.', False),)
    >>> gloss_entries([{"de": "Er gibt.", "en": "He deals."}, {"de": 3}], "de")
    (('Er gibt.', '', False),)
    """
    if not isinstance(value, list):
        return ()
    key = "de_reading" if lang[:2] == "de" else "en"  # ("de", "de-at": the German reading)
    out = []
    for item in value[:MAX_GLOSS_ENTRIES]:
        if not isinstance(item, dict):
            continue
        de, gloss = item.get("de"), item.get(key, "")
        if isinstance(de, str) and de.strip():
            out.append((de, gloss if isinstance(gloss, str) else "", item.get("paragraph") is True))
    return tuple(out)


def has_gloss(value: Any, lang: str) -> bool:
    """Whether any sentence of the stored gloss has a gloss in ``lang``."""
    return any(gloss.strip() for _de, gloss, _p in gloss_entries(value, lang))


def check_gloss(value: Any, source_text: str) -> list[dict[str, Any]]:
    """A gloss checked against its source text; raises :class:`GlossError` saying why not.

    Each entry is an object with a non-empty ``de`` (a sentence quoted exactly from the
    source text, in the order of the text), a string ``en`` and optionally ``de_reading`` (a
    string) and ``paragraph`` (true or false); no other keys.
    """
    if value is None:
        return []
    if not isinstance(value, list):
        raise GlossError("The gloss must be a list of {'de': ..., 'en': ...} objects.")
    if len(value) > MAX_GLOSS_ENTRIES:
        raise GlossError(f"The gloss has more than {MAX_GLOSS_ENTRIES} entries.")
    cursor = 0
    out: list[dict[str, Any]] = []
    for n, item in enumerate(value, start=1):
        if not isinstance(item, dict):
            raise GlossError(f"Gloss entry {n} must be an object with 'de' and 'en'.")
        unknown = sorted(str(k) for k in set(item) - GLOSS_KEYS)
        if unknown:
            raise GlossError(f"Gloss entry {n} has unknown keys: {', '.join(unknown)}.")
        de, en = item.get("de"), item.get("en")
        if not isinstance(de, str) or not de.strip():
            raise GlossError(f"Gloss entry {n}: 'de' must be a non-empty text.")
        if not isinstance(en, str):
            raise GlossError(f"Gloss entry {n}: 'en' must be a text.")
        reading = item.get("de_reading", "")
        if not isinstance(reading, str):
            raise GlossError(f"Gloss entry {n}: 'de_reading' must be a text.")
        if max(len(de), len(en), len(reading)) > MAX_GLOSS_TEXT:
            raise GlossError(f"Gloss entry {n} is longer than {MAX_GLOSS_TEXT} characters.")
        if "paragraph" in item and not isinstance(item["paragraph"], bool):
            raise GlossError(f"Gloss entry {n}: 'paragraph' must be true or false.")
        at = source_text.find(de, cursor)
        if at < 0:
            where = "in the source text" if de not in source_text else "after the entry before it"
            raise GlossError(f"Gloss entry {n}: its German sentence is not {where}: {de[:60]!r}.")
        cursor = at + len(de)
        entry: dict[str, Any] = {"de": de, "en": en}
        if reading:
            entry["de_reading"] = reading
        if item.get("paragraph"):
            entry["paragraph"] = True
        out.append(entry)
    return out


def _gloss_ranges(
    text: str, gloss: Sequence[tuple[str, str, bool]]
) -> list[tuple[int, int, str, bool]]:
    """Where the gloss sentences stand, in order; sentences not found are left out."""
    out = []
    cursor = 0
    for de, en, paragraph in gloss:
        at = text.find(de, cursor)
        if at < 0:
            continue
        out.append((at, at + len(de), en.strip(), paragraph))
        cursor = at + len(de)
    return out


# ---------------------------------------------------------------------------------------------
# Step spans


@lru_cache(maxsize=64)
def source_spans(
    source_text: str, sentences: tuple[tuple[int, tuple[str, ...]], ...]
) -> tuple[tuple[int, int, int], ...]:
    """Where each annotated step's source sentences stand in the source text.

    Returns sorted ``(start, end, step)`` spans, which may nest. Each sentence is looked up
    from where the previous step's sentence was found, then backwards from there (a step
    quoting words of an earlier sentence, as A's count "zwölf" inside "elf, zwölf, …"), so
    repeated phrases go to the right step.
    """
    spans: list[tuple[int, int, int]] = []
    cursor = 0
    for step, texts in sentences:
        for text in texts:
            if not text:
                continue
            at = source_text.find(text, cursor)
            if at < 0:
                at = source_text.rfind(text, 0, cursor + len(text))
            if at < 0:
                continue
            spans.append((at, at + len(text), step))
            cursor = max(cursor, at)
    return tuple(sorted(spans))


def _step_of_chars(length: int, spans: Iterable[tuple[int, int, int]]) -> list[int]:
    """The step each character links to (-1: none). Inner (shorter) spans win; of equal
    spans the earlier step."""
    steps = [-1] * length
    for start, end, step in sorted(spans, key=lambda s: (-(s[1] - s[0]), -s[2])):
        start, end = max(0, start), min(length, end)
        steps[start:end] = [step] * max(0, end - start)
    return steps


# ---------------------------------------------------------------------------------------------
# Layout


def _blocks(text: str, mask: bytearray) -> list[tuple[int, int, str]]:
    """Block ranges ``(start, end, kind)``; a wrapped line is joined to the line before it
    (inside a block every line break shows as a space)."""
    blocks: list[tuple[int, int, str]] = []
    chunk_start = 0
    bounds = [(m.start(), m.end()) for m in _BLANK_LINES.finditer(text)] + [(len(text), len(text))]
    for gap_start, gap_end in bounds:
        lines: list[list[int]] = []  # [start, end] of each kept line
        pos = chunk_start
        for raw in text[chunk_start:gap_start].split("\n"):
            start, end = pos, pos + len(raw)
            pos = end + 1
            visible = _visible(text, mask, start, end).strip()
            if not visible:
                continue
            if lines:
                before = _visible(text, mask, lines[-1][0], lines[-1][1]).rstrip()
                wrapped = len(before) >= _WRAP_WIDTH and not _SENTENCE_END.search(before)
                if wrapped and visible[0].islower():
                    lines[-1][1] = end
                    continue
            lines.append([start, end])
        if len(lines) == 1:
            start, end = lines[0]
            visible = _SPACE.sub(" ", _visible(text, mask, start, end)).strip()
            heading = (
                len(visible) <= _HEADING_CHARS
                and len(visible.split()) <= _HEADING_WORDS
                and not re.search(r"[.!?:;,=]", visible)
            )
            blocks.append((start, end, "heading" if heading else "paragraph"))
        else:
            blocks.extend((start, end, "line") for start, end in lines)
        chunk_start = gap_end
    return blocks


def _visible(text: str, mask: bytearray, start: int, end: int) -> str:
    return "".join(text[i] for i in range(start, end) if not mask[i])


def _split_glued_headings(
    text: str, mask: bytearray, blocks: list[tuple[int, int, str]]
) -> list[tuple[int, int, str]]:
    """``… zu sein. Example.A (ältere Hand) …`` → paragraph, heading ``Example.``, paragraph."""
    out: list[tuple[int, int, str]] = []
    for start, end, kind in blocks:
        if kind == "heading":
            out.append((start, end, kind))
            continue
        pos = start
        for m in _GLUED_HEADING.finditer(text, start, end):
            head = m.start()
            before = text[pos : m.start()]
            last_end = max((b.end() for b in re.finditer(r"[.!?][\"“”]?\s+", before)), default=None)
            if last_end is not None:
                candidate = pos + last_end
                words = _visible(text, mask, candidate, m.end()).split()
                if len(words) <= _HEADING_WORDS:
                    head = candidate
            elif pos == start and len(_visible(text, mask, pos, m.end()).split()) <= 6:
                head = pos
            if head > pos:
                out.append((pos, head, kind))
            out.append((head, m.end(), "heading"))
            pos = m.end()
        out.append((pos, end, kind))
    return [(s, e, k) for s, e, k in out if _visible(text, mask, s, e).strip()]


def _split_paragraphs(
    blocks: list[tuple[int, int, str]], starts: Iterable[int]
) -> list[tuple[int, int, str]]:
    """Start a new paragraph at each of ``starts`` that falls inside a paragraph block."""
    cuts = sorted(set(starts))
    out: list[tuple[int, int, str]] = []
    for start, end, kind in blocks:
        pos = start
        if kind == "paragraph":
            for cut in cuts:
                if pos < cut < end:
                    out.append((pos, cut, kind))
                    pos = cut
        out.append((pos, end, kind))
    return out


def _sentence_ranges(
    text: str, start: int, end: int, gloss: list[tuple[int, int, str, bool]]
) -> list[tuple[int, int, str]]:
    """The block's sentences: gloss sentences (clipped to the block), the rest cut at ends of
    sentences. A gloss sentence cut by the block's edge keeps its gloss on its last part."""
    out: list[tuple[int, int, str]] = []
    pos = start

    def auto(a: int, b: int) -> None:
        piece = a
        for m in _SENTENCE_BREAK.finditer(text, a, b):
            out.append((piece, m.start(), ""))
            piece = m.end()
        out.append((piece, b, ""))

    for g_start, g_end, en, _paragraph in gloss:
        if g_end <= start or g_start >= end:
            continue
        s, e = max(g_start, start), min(g_end, end)
        if s > pos:
            auto(pos, s)
        out.append((s, e, en if g_end <= end else ""))
        pos = e
    if pos < end:
        auto(pos, end)
    return out


def _pieces(
    text: str, mask: bytearray, steps: list[int], start: int, end: int
) -> tuple[Piece, ...]:
    chars: list[tuple[str, int]] = []
    for i in range(start, end):
        if mask[i]:
            continue
        ch = text[i]
        if ch.isspace():
            if chars and chars[-1][0] == " ":
                continue
            ch = " "
        chars.append((ch, steps[i]))
    while chars and chars[0][0] == " ":
        chars.pop(0)
    while chars and chars[-1][0] == " ":
        chars.pop()
    # A space at the edge of a link is not part of the link.
    for n, (ch, step) in enumerate(chars):
        if ch == " " and step >= 0:
            prev = chars[n - 1][1] if n else -1
            nxt = chars[n + 1][1] if n + 1 < len(chars) else -1
            if prev != step or nxt != step:
                chars[n] = (" ", -1)
    pieces: list[Piece] = []
    buf: list[str] = []
    current = None
    for ch, step in chars:
        if buf and step != current:
            pieces.append(Piece("".join(buf), None if current is None or current < 0 else current))
            buf = []
        current = step
        buf.append(ch)
    if buf:
        pieces.append(Piece("".join(buf), None if current is None or current < 0 else current))
    return tuple(pieces)


@lru_cache(maxsize=64)
def layout(
    text: str,
    gloss: tuple[tuple[str, str, bool], ...] = (),
    spans: tuple[tuple[int, int, int], ...] = (),
) -> tuple[Block, ...]:
    """The source text for display: blocks of sentences of pieces (see the module's doc)."""
    mask = hidden_mask(text)
    blocks = _blocks(text, mask)
    blocks = _split_glued_headings(text, mask, blocks)
    ranges = _gloss_ranges(text, gloss)
    blocks = _split_paragraphs(blocks, (s for s, _e, _en, paragraph in ranges if paragraph))
    steps = _step_of_chars(len(text), spans)
    out: list[Block] = []
    for start, end, kind in blocks:
        sentences = []
        for s, e, en in _sentence_ranges(text, start, end, ranges):
            pieces = _pieces(text, mask, steps, s, e)
            if pieces:
                sentences.append(Sentence(pieces, en))
            elif en and sentences:
                sentences[-1] = Sentence(sentences[-1].pieces, en)
        if sentences:
            out.append(Block(kind, tuple(sentences)))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# For the template


def _step_url(replay: Replay, number: int, perspective: str) -> str:
    url = reverse("replays:step", args=[replay.slug, number])
    return f"{url}?{urlencode({'seat': perspective})}" if perspective != "all" else url


def _quotes(annotations: Iterable[Annotation]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    out = []
    for a in annotations:
        source = a.source if isinstance(a.source, list) else []
        texts = tuple(s for s in source if isinstance(s, str) and s)
        if texts:
            out.append((a.step, texts))
    return tuple(out)


def source_segments(
    replay: Replay,
    annotations: Sequence[Annotation],
    current: int,
    perspective: str,
    lang: str = "en",
) -> list[dict[str, Any]]:
    """The source text's blocks for ``replays/_source.html``, with the step links and each
    sentence's gloss in ``lang``."""
    text = replay.source_text if isinstance(replay.source_text, str) else ""
    spans = source_spans(text, _quotes(annotations))
    urls: dict[int, tuple[str, str]] = {}

    def piece(p: Piece) -> dict[str, Any]:
        if p.step is None:
            return {"text": p.text, "step": None}
        first = p.step not in urls  # the step's first words: the anchor its notes link to
        if first:
            urls[p.step] = (
                _step_url(replay, p.step, perspective),
                _step_url(replay, p.step, "all"),
            )
        url, base_url = urls[p.step]
        return {
            "text": p.text,
            "step": p.step,
            "current": p.step == current,
            "url": url,
            "base_url": base_url,
            "anchor": f"source-step-{p.step}" if first else "",
        }

    return [
        {
            "kind": block.kind,
            "sentences": [
                {"gloss": s.gloss, "pieces": [piece(p) for p in s.pieces]} for s in block.sentences
            ],
        }
        for block in layout(text, gloss_entries(replay.source_gloss, lang), spans)
    ]


def validate_source_gloss(replay: Replay) -> None:
    """``Replay.clean``: refuse a gloss of the wrong shape, naming the field and the entry."""
    from django.core.exceptions import ValidationError

    try:
        check_gloss(replay.source_gloss, replay.source_text or "")
    except GlossError as err:
        raise ValidationError({"source_gloss": str(err)}, code="gloss") from err
