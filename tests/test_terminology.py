"""The words learners read: no project jargon, German as German card players write it.

Every step of both replays (all cards, and as each seat sees it), the rule pages, home, practice
and the replay list are rendered in English and German. What a learner can read is the page's
text plus the attributes a screen reader speaks (``aria-label``, ``title``, ``alt``...); ``data-*``
attributes, scripts, styles and the card sprite are not read. The source text's own sentences
(``.source-de``) are quoted verbatim and are not ours to reword, so the checks skip them.

Checks (each catches a wording bug that was on the site):

- no project jargon in either language: "engine", "seed", "RULES.md", "record"/"Protokoll",
  "fixture", "solver" (learners read "analysis with all cards known"), card codes such as ``7H#1`` or ``QS`` ("The engine agrees.", "nach dem Seed",
  "Die Quelle nennt die Karten von A: AD 10D ...");
- a replay is not a "Partie" in German (Piquet's partie is six deals): "Partien nachspielen",
  "Beispielpartien", "Schritt der Partie";
- "stechen" is trumping: Piquet has no trumps, so no form of it appears on a German Piquet page
  ("B sticht mit Karo-As"), and the wrong phrases once used for winning a trick or for a duty to
  win it ("niemand muss stechen", "sticht die zuerst gespielte") appear nowhere;
- a German page shows no English left untranslated (UI msgids, engine messages, the replays' own
  English notes), German quotation marks („…“) and no English genitive ("B's Karte").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import polib
import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from cardtutor.replays.models import Replay

# Every test here may use the test database (``site``): with the mark pytest-django sets it up
# even when this module runs alone; without it, ``site`` read the development database.
pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "replays.json"
PO = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
LANGS = ("en", "de")
EXAMPLES = ("piquet-example", "besik-example")

SPOKEN_ATTRIBUTES = {"aria-label", "aria-description", "title", "alt", "placeholder"}
NOT_READ = {"script", "style", "symbol", "defs", "template"}
VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}  # fmt: skip

JARGON = [
    re.compile(r"\bengines?\b", re.I),
    re.compile(r"\bseed(?:s|ed)?\b", re.I),
    re.compile(r"RULES\.md", re.I),
    re.compile(r"\brecord\b", re.I),
    re.compile(r"\bProtokoll\w*", re.I),
    re.compile(r"\bfixtures?\b", re.I),
    # the program that plays a position out with all cards known is "the analysis" to a learner
    re.compile(r"\bsolvers?\b", re.I),
    # card codes, with or without a pack number: 7H, 10D, QS, JH#1; and a bare "#1" copy mark
    re.compile(r"(?<![\w#-])(?:[2-9]|10|[TJQKA])[SHDC](?:#\d)?(?![\w])"),
    re.compile(r"(?<=\w)#\d\b"),
]

# A replay, its steps or its file called a "Partie": Piquet's partie is six deals.
REPLAY_AS_PARTIE = re.compile(
    r"Partien nachspielen|Beispielpartie|Musterpartie|Partiedatei"
    r"|\b(?:Schritt|Schritte|Schritten) (?:der|dieser) Partie\b"
    r"|\b(?:keine|eine vorhandene|diese) Partie\b(?! (?:hat sechs|ist unentschieden|gewonnen))"
)
# Piquet is played without trumps: winning a trick there is never "stechen".
STECHEN = re.compile(r"\b\w*(?:stechen|sticht|stichst|stochen|stach)\b", re.I)
# Phrases that used "stechen" for winning a trick, or for a duty to win it (Stichzwang).
WRONG_STECHEN = re.compile(
    r"niemand muss stechen|muss niemand bedienen oder stechen|Stechen muss man nicht"
    r"|muss nicht stechen|muss gestochen werden|überstochen werden"
    r"|sticht die zuerst gespielte|gleichen Karten sticht",
    re.I,
)
STRAIGHT_QUOTES = re.compile(r"(?<![\w'])'[^'\n]{1,80}'(?![\w'])|\"[^\"\n]{1,80}\"")
ENGLISH_GENITIVE = re.compile(r"\b[A-D]'s\b")


class _Reader(HTMLParser):
    """Collects what a learner reads: text and spoken attributes, minus what is never shown."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, bool]] = []  # tag, not read, verbatim source
        self.ours: list[str] = []
        self.source: list[str] = []

    def _skipping(self) -> tuple[bool, bool]:
        return (
            any(hidden for _, hidden, _ in self.stack),
            any(verbatim for _, _, verbatim in self.stack),
        )

    def _attributes(self, attrs: list[tuple[str, str | None]]) -> None:
        hidden, verbatim = self._skipping()
        if hidden:
            return
        for name, value in attrs:
            if value and name in SPOKEN_ATTRIBUTES:
                (self.source if verbatim else self.ours).append(f"\n{value}\n")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        # The book's own words: its sentences, and a quotation marked with its language.
        verbatim = "source-de" in classes or (tag == "q" and bool(attributes.get("lang")))
        if tag not in VOID:
            self.stack.append((tag, tag in NOT_READ, verbatim))
        self._attributes(attrs)
        if tag in {"p", "li", "h1", "h2", "h3", "td", "th", "br", "div", "section", "title"}:
            self.ours.append("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attributes(attrs)

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        hidden, verbatim = self._skipping()
        if not hidden:
            (self.source if verbatim else self.ours).append(data)


def read(html: str) -> str:
    """The page's learner-readable text, without the source's verbatim sentences."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return re.sub(r"[ \t]+", " ", "".join(reader.ours))


def test_the_reader_skips_what_is_not_read_and_keeps_what_is_spoken() -> None:
    html = (
        '<svg class="card-sprite"><symbol id="face-QS"><text>QS</text></symbol></svg>'
        '<p>Seen <span class="source-de">Quelle sagt QS</span> text.</p>'
        '<p>Die Quelle: <q lang="de">sagt "zehn" QS</q></p>'
        '<svg role="img" aria-label="queen of spades" data-card="QS"><title>queen</title></svg>'
        "<script>var engine;</script><input type=checkbox><p>after</p>"
    )
    text = read(html)
    assert "Seen" in text and "text." in text and "after" in text
    assert "queen of spades" in text and "queen" in text
    assert "QS" not in text and "engine" not in text and "Quelle sagt" not in text
    assert "Die Quelle:" in text and "zehn" not in text


def _pages(client: Client) -> Iterator[tuple[str, str, str]]:
    """(kind, address, html) for every page and every step in the client's language.

    Every step is read as its htmx fragment with all cards shown (the notes of every seat); the
    whole page (header, source text, controls) at the first and the last step, in each view.
    """
    for kind, url in (
        ("home", reverse("home")),
        ("practice", reverse("practice:index")),
        ("rules", reverse("rules")),
        ("rules-piquet", reverse("rules_game", args=["piquet"])),
        ("rules-besik", reverse("rules_game", args=["besik"])),
        ("list", reverse("replays:list")),
    ):
        yield kind, url, _get(client, url)
    for replay in Replay.objects.order_by("slug"):
        last = len(replay.record["actions"])
        # Every step of the two examples of the sources; of any other replay the ends.
        numbers = range(last + 1) if replay.slug in EXAMPLES else (0, last)
        for number in numbers:
            url = reverse("replays:step", args=[replay.slug, number])
            yield replay.game, url, _get(client, url, HTTP_HX_REQUEST="true")
            if number in (0, last):
                for seat in ["", *(s["seat"] for s in replay.seats)]:
                    full = f"{url}?seat={seat}" if seat else url
                    yield replay.game, full, _get(client, full)
        assert client.get(reverse("replays:step", args=[replay.slug, last + 1])).status_code == 404
        if replay.slug in EXAMPLES:
            url = reverse("replays:advice", args=[replay.slug])
            yield replay.game, url, _get(client, url)


def _get(client: Client, url: str, **headers: str) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200, url
    return response.content.decode()


@pytest.fixture(scope="module")
def site(django_db_setup: Any, django_db_blocker: Any) -> dict[str, list[tuple[str, str, str]]]:
    """Every page in both languages, rendered once for the module: lang -> (kind, url, text)."""
    rendered: dict[str, list[tuple[str, str, str]]] = {}
    with django_db_blocker.unblock():
        try:
            with transaction.atomic():
                call_command("loaddata", str(FIXTURE), verbosity=0)
                for lang in LANGS:
                    client = Client()
                    client.cookies["django_language"] = lang
                    rendered[lang] = [(kind, url, read(html)) for kind, url, html in _pages(client)]
                rendered["notes"] = list(_english_notes())
                transaction.set_rollback(True)
        finally:
            # Set up between tests, after the browser tests this fixture is given a connection
            # of its own (seen on PostgreSQL: the run's connection stays idle and a second one
            # opens here). Left open, it kept PostgreSQL from dropping the test database at the
            # end of the run ("being accessed by other users").
            connection.close()
    return rendered


def _english_notes() -> Iterator[tuple[str, str, str]]:
    """The replays' own English texts that have a different German version."""
    for replay in Replay.objects.all():
        pairs = [(replay.summary_en, replay.summary_de), (replay.title_en, replay.title_de)]
        for a in replay.annotations.all():
            pairs.append((a.commentary_en, a.commentary_de))
            pairs += [(n.get("en", ""), n.get("de", "")) for n in a.notes if isinstance(n, dict)]
        for en, de in pairs:
            if en and de and en != de:
                yield replay.slug, en, de


def _context(text: str, match: re.Match[str]) -> str:
    return text[max(0, match.start() - 50) : match.end() + 30].replace("\n", " ")


def _problems(
    pages: list[tuple[str, str, str]], patterns: list[re.Pattern[str]], kinds: set[str] | None
) -> list[str]:
    found: dict[str, str] = {}
    lines_read: set[str] = set()
    for kind, url, text in pages:
        if kinds is not None and kind not in kinds:
            continue
        for line in text.splitlines():
            if line in lines_read:
                continue
            lines_read.add(line)
            for pattern in patterns:
                for match in pattern.finditer(line):
                    found.setdefault(f"{match.group(0)!r} …{_context(line, match)}…", url)
    return [f"{url}: {what}" for what, url in found.items()]


def _report(problems: list[str]) -> str:
    return f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def test_every_page_was_read(site: dict[str, list[tuple[str, str, str]]]) -> None:
    for lang in LANGS:
        kinds = {kind for kind, _, _ in site[lang]}
        assert {"home", "practice", "rules-piquet", "rules-besik", "list"} <= kinds
        assert {"piquet", "besik"} <= kinds
        assert len(site[lang]) > 130
    assert any("Beispielspiel" in text for kind, _, text in site["de"] if kind == "list")


@pytest.mark.parametrize("lang", LANGS)
def test_no_project_jargon_or_card_codes(
    site: dict[str, list[tuple[str, str, str]]], lang: str
) -> None:
    problems = _problems(site[lang], JARGON, None)
    assert not problems, _report(problems)


def test_a_replay_is_not_a_partie_in_german(site: dict[str, list[tuple[str, str, str]]]) -> None:
    problems = _problems(site["de"], [REPLAY_AS_PARTIE], None)
    # The replay list and the viewer's navigation name no Partie at all.
    for kind, url, text in site["de"]:
        if kind == "list" and "Partie" in text:
            problems.append(f"{url}: 'Partie' on the list of example games")
    assert not problems, _report(problems)


def test_stechen_is_trumping_never_winning_a_trick(
    site: dict[str, list[tuple[str, str, str]]],
) -> None:
    problems = _problems(site["de"], [STECHEN], {"piquet", "rules-piquet"})
    problems += _problems(site["de"], [WRONG_STECHEN], None)
    assert not problems, _report(problems)


def _english_fragments() -> set[str]:
    """Runs of English that a German page would show if a translation were missing."""
    import cardtutor.engine.besik  # noqa: F401  (registers its messages)
    import cardtutor.engine.piquet  # noqa: F401
    from cardtutor.engine.text import MESSAGES

    fragments: set[str] = set()
    for entry in polib.pofile(str(PO)).translated_entries():
        for en in [entry.msgid, entry.msgid_plural]:
            for part in re.split(r"%\(\w+\)[sd]|%[sd]", en or ""):
                part = part.strip(" .,:;()")
                if len(part) >= 14 and " " in part and part not in entry.msgstr:
                    fragments.add(part)
    for en, de in MESSAGES.values():
        for part in re.split(r"\{[^}]*\}", en):
            part = part.strip(" .,:;()")
            if len(part) >= 14 and " " in part and part not in de:
                fragments.add(part)
    return fragments


def test_german_pages_show_no_untranslated_english(
    site: dict[str, list[tuple[str, str, str]]],
) -> None:
    fragments = _english_fragments()
    assert "The source text" in fragments or "Our count agrees" in fragments
    assert any("wins the trick" in f for f in fragments)
    sentences = {
        s.strip()
        for _, en, de in site["notes"]
        for s in re.split(r"(?<=[.:;!?])\s+", en)
        if len(s.strip()) >= 24 and s.strip() not in de
    }
    first_url: dict[str, str] = {}
    for _, url, text in site["de"]:
        for line in text.splitlines():
            # „…“ quotes the book's own words (some are English: „Rubicon Piquet“).
            first_url.setdefault(re.sub("\u201e[^\u201c]*\u201c", "", line), url)
    everything = "\n".join(first_url)
    problems = [
        f"{next(u for line, u in first_url.items() if fragment in line)}: "
        f"English left in German: {fragment!r}"
        for fragment in sorted(fragments | sentences)
        if fragment in everything
    ]
    assert not problems, _report(problems)


def test_german_quotation_marks_and_genitives(
    site: dict[str, list[tuple[str, str, str]]],
) -> None:
    problems = _problems(
        site["de"], [STRAIGHT_QUOTES, ENGLISH_GENITIVE, re.compile("\u201d")], None
    )
    assert not problems, _report(problems)
