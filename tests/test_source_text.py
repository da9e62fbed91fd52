"""The source text on the replay page: shown clean, in paragraphs, with step links and an
English gloss (cardtutor.replays.source, templates/replays/_source*.html)."""

from __future__ import annotations

import copy
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cardtutor.replays.models import Replay
from cardtutor.replays.source import (
    GlossError,
    check_gloss,
    clean_text,
    gloss_entries,
    layout,
    source_spans,
)
from cardtutor.replays.transfer import ReplayImportError, export_replay, import_replay

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "replays.json"
SEEDS = ROOT / "fixtures" / "sources"
EXAMPLES = ROOT / "cardtutor" / "engine" / "examples"
SLUGS = ["piquet-example", "besik-example"]


@pytest.fixture
def replays(db) -> dict[str, Replay]:
    call_command("loaddata", str(FIXTURE), verbosity=0)
    return {r.slug: r for r in Replay.objects.all()}


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _blocks_text(blocks) -> str:
    return _squash(" ".join(b.text for b in blocks))


class SourcePanel(HTMLParser):
    """Reads the rendered ``.source-body``: the German as displayed (and which characters
    are inside a step link), the links, the glosses and the blocks."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # inside .source-body when > 0
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.chars: list[tuple[str, int | None]] = []
        self.links: list[dict[str, str]] = []
        self.glosses: list[str] = []
        self.gloss_langs: list[str] = []
        self.sentences = 0
        self.blocks: list[str] = []
        self.body_lang = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if "source-body" in classes:
            self.depth = 1
            self.body_lang = a.get("lang", "")
            self.stack = [(tag, a)]
            return
        if not self.depth:
            return
        self.stack.append((tag, a))
        if tag == "a" and "source-sentence" in classes:
            self.links.append(a)
        if "source-gloss" in classes:
            self.glosses.append("")
            self.gloss_langs.append(a.get("lang", ""))
        if "source-de" in classes:
            self.sentences += 1
        if tag in ("p", "h3"):
            self.blocks.append(a.get("class", ""))
            self.chars.append(("\n", None))

    def handle_endtag(self, tag: str) -> None:
        if not self.depth:
            return
        self.stack.pop()
        if not self.stack:
            self.depth = 0

    def _inside(self, cls: str) -> dict[str, str] | None:
        for _tag, a in reversed(self.stack):
            if cls in a.get("class", "").split():
                return a
        return None

    def handle_data(self, data: str) -> None:
        if not self.depth:
            return
        if self._inside("source-gloss") is not None:
            if self._inside("visually-hidden") is None:
                self.glosses[-1] += data
            return
        link = self._inside("source-sentence")
        step = int(link["data-step"]) if link is not None else None
        self.chars.extend((ch, step) for ch in data)

    @property
    def text(self) -> str:
        return "".join(ch for ch, _ in self.chars)


def panel(html: str) -> SourcePanel:
    parser = SourcePanel()
    parser.feed(html)
    return parser


def get(client: Client, slug: str, number: int, lang: str = "en") -> str:
    client.cookies["django_language"] = lang
    response = client.get(reverse("replays:step", args=[slug, number]))
    assert response.status_code == 200
    return response.content.decode()


def _linked_somewhere(p: SourcePanel, quote: str) -> bool:
    """Some occurrence of the (cleaned) quote is displayed with every letter inside a link."""
    target = re.sub(r"\s+", "", clean_text(quote))
    shown = [(ch, step) for ch, step in p.chars if not ch.isspace()]
    text = "".join(ch for ch, _ in shown)
    for m in re.finditer(re.escape(target), text):
        if all(step is not None for _, step in shown[m.start() : m.end()]):
            return True
    return False


# ---------------------------------------------------------------------------------------------
# The pure layer


def test_clean_text_drops_the_web_pages_debris() -> None:
    assert clean_text("von See also:Herzen; in See also: Piquet, (See also:5)") == (
        "von Herzen; in Piquet, (5)"
    )
    banner = "Suchen Sie über 40.000 Artikeln von der Enzyklopädie Britannica, 11. Ausgabe.\nText."
    assert clean_text(banner) == "Text."
    footer = "erreichte. Zusätzliche Informationen und AnmerkungenEs gibt keine.\n» Addieren"
    assert clean_text(footer) == "erreichte."


def test_layout_keeps_every_word_but_the_debris() -> None:
    piquet = (SEEDS / "000_1d97ab8760326182.txt").read_text(encoding="utf-8")
    besik = (SEEDS / "001_b32aee25cc8b3f7e.txt").read_text(encoding="utf-8")
    for text in (piquet, besik):
        blocks = layout(text)
        shown = _blocks_text(blocks)
        assert "See also" not in shown
        assert "Suchen Sie über" not in shown and "Net Industries" not in shown
        assert "Schlagwörter" not in shown
        # Only white space may differ (a heading split off, a line joined).
        assert re.sub(r"\s+", "", shown) == re.sub(r"\s+", "", clean_text(text))


def test_glued_headings_are_split_off_and_the_gloss_starts_paragraphs() -> None:
    text = (
        "zu sein. Example.A (ältere Hand) hat. Er wirft. Spieler des See also:Carte Blanche.If er."
    )
    gloss = (("Er wirft.", "He discards.", True),)
    blocks = layout(text, gloss)
    assert [(b.kind, b.text) for b in blocks] == [
        ("paragraph", "zu sein."),
        ("heading", "Example."),
        ("paragraph", "A (ältere Hand) hat."),
        ("paragraph", "Er wirft."),
        ("heading", "Spieler des Carte Blanche."),
        ("paragraph", "If er."),
    ]
    assert blocks[3].sentences[0].gloss == "He discards."


def test_ocr_wrapped_lines_are_joined_and_real_lines_kept() -> None:
    text = (
        "Titel\n\nZu den bereits bekannten Meldungen kommt eine neue bedeutsame hinzu, dies ist\n"
        "der Tripelbesik. Er zählt.\n\nB: Quint-Major in Kreuz 250 Punkte\nPik-Heirat 20 Punkte\n"
        "letzter Stich 10 Punkte\n  1. A spielt auf.\n  2. B sticht."
    )
    blocks = layout(text)
    assert [(b.kind, b.text) for b in blocks] == [
        ("heading", "Titel"),
        (
            "paragraph",
            "Zu den bereits bekannten Meldungen kommt eine neue bedeutsame hinzu, "
            "dies ist der Tripelbesik. Er zählt.",
        ),
        ("line", "B: Quint-Major in Kreuz 250 Punkte"),
        ("line", "Pik-Heirat 20 Punkte"),
        ("line", "letzter Stich 10 Punkte"),
        ("line", "1. A spielt auf."),
        ("line", "2. B sticht."),
    ]
    assert [s.text for s in blocks[1].sentences] == [
        "Zu den bereits bekannten Meldungen kommt eine neue bedeutsame hinzu, dies ist der "
        "Tripelbesik.",
        "Er zählt.",
    ]


def test_step_links_map_through_the_cleaning_and_nested_quotes_get_their_own_words() -> None:
    text = 'A (Leitungen und sagt), "See also:elf, zwölf, dreizehn.", B sagt "siebzehn".'
    quotes = (
        (11, ('A (Leitungen und sagt), "See also:elf, zwölf, dreizehn.",',)),
        (12, ('B sagt "siebzehn".',)),
        (13, ("zwölf",)),  # A's second count: found backwards from B's sentence, inside A's
        (15, ("dreizehn.",)),
    )
    blocks = layout(text, (), source_spans(text, quotes))
    pieces = [(p.text, p.step) for b in blocks for s in b.sentences for p in s.pieces]
    assert pieces == [
        ('A (Leitungen und sagt), "elf,', 11),
        (" ", None),
        ("zwölf", 13),
        (",", 11),
        (" ", None),
        ("dreizehn.", 15),
        ('",', 11),
        (" ", None),
        ('B sagt "siebzehn".', 12),
    ]


def test_a_stored_gloss_of_any_shape_never_breaks_the_layout() -> None:
    text = "Ein Satz. Noch einer."
    for junk in (
        None,
        "text",
        42,
        {"de": "Ein Satz."},
        [None, 1, "x", [], {"de": 5}, {"en": "no de"}, {"de": "", "en": ""}],
        [{"de": "Nicht im Text.", "en": "Not in the text."}],
        [{"de": "Ein Satz.", "en": ["not", "text"]}],
        [{"de": "Ein Satz.", "en": "A sentence.", "paragraph": "yes"}],
        json.loads("[" * 600 + "]" * 600),
    ):
        blocks = layout(text, gloss_entries(junk))
        assert _blocks_text(blocks) == "Ein Satz. Noch einer."


def test_check_gloss_accepts_the_right_shape_and_says_what_is_wrong() -> None:
    text = "Ein Satz. Noch einer."
    good = [
        {"de": "Ein Satz.", "en": "A sentence.", "paragraph": True},
        {"de": "Noch einer.", "en": ""},
    ]
    assert check_gloss(good, text) == [
        {"de": "Ein Satz.", "en": "A sentence.", "paragraph": True},
        {"de": "Noch einer.", "en": ""},
    ]
    assert check_gloss(None, text) == []
    wrong = {
        "a list": {"de": "Ein Satz.", "en": "x"},
        "entry 1 must be an object": ["Ein Satz."],
        "unknown keys: fr": [{"de": "Ein Satz.", "en": "x", "fr": "y"}],
        "'de' must be a non-empty text": [{"de": "", "en": "x"}],
        "'en' must be a text": [{"de": "Ein Satz.", "en": 3}],
        "'paragraph' must be true or false": [{"de": "Ein Satz.", "en": "x", "paragraph": 1}],
        "not in the source text": [{"de": "Kein Satz.", "en": "x"}],
        "not after the entry before it": [
            {"de": "Noch einer.", "en": "x"},
            {"de": "Ein Satz.", "en": "y"},
        ],
    }
    for message, value in wrong.items():
        with pytest.raises(GlossError, match=re.escape(message)):
            check_gloss(value, text)


def test_the_gloss_files_cover_every_sentence_of_both_passages(replays) -> None:
    for slug, game in (("piquet-example", "piquet"), ("besik-example", "besik")):
        replay = replays[slug]
        data = json.loads((EXAMPLES / f"{game}_example.gloss.json").read_text(encoding="utf-8"))
        assert replay.source_gloss == check_gloss(data, replay.source_text)
        blocks = layout(replay.source_text, gloss_entries(replay.source_gloss))
        sentences = [s for b in blocks for s in b.sentences]
        assert sentences and all(s.gloss for s in sentences), [
            s.text for s in sentences if not s.gloss
        ][:3]
        assert not any("See also" in g["en"] for g in replay.source_gloss)


# ---------------------------------------------------------------------------------------------
# The page


def test_stored_text_is_verbatim_and_no_step_shows_the_debris(replays, client: Client) -> None:
    piquet = replays["piquet-example"]
    seed = (SEEDS / "000_1d97ab8760326182.txt").read_text(encoding="utf-8")
    assert piquet.source_text in seed
    assert piquet.source_text.count("See also:") == 42
    last = len(piquet.record["actions"])
    for number in range(last + 1):
        p = panel(get(client, "piquet-example", number))
        assert p.text.strip(), number
        assert "See also" not in p.text, number
        assert not any("See also" in g for g in p.glosses), number
    Replay.objects.get(slug="piquet-example")  # unchanged by viewing
    assert Replay.objects.get(slug="piquet-example").source_text == piquet.source_text


@pytest.mark.parametrize("slug", SLUGS)
def test_every_annotated_sentence_is_still_a_link_to_its_step(replays, client: Client, slug):
    replay = replays[slug]
    html = get(client, slug, 0)
    p = panel(html)
    assert p.body_lang == "de"
    for annotation in replay.annotations.all():
        for quote in annotation.source:
            assert _linked_somewhere(p, quote), (annotation.step, quote)
    steps = {int(a["data-step"]) for a in p.links}
    assert steps
    for a in p.links:
        url = reverse("replays:step", args=[slug, int(a["data-step"])])
        assert a["href"] == url + "#replay-step" and a["hx-get"] == url
        assert a["hx-target"] == "#replay-step" and a["hx-push-url"] == "true"
    # The current step's sentences are marked on a page load (the script re-marks after swaps).
    for number in sorted(steps)[:3] + sorted(steps)[-2:]:
        p = panel(get(client, slug, number))
        current = [a for a in p.links if "is-current" in a["class"].split()]
        assert current and all(a["data-step"] == str(number) for a in current)
        assert all(a.get("aria-current") == "step" for a in current)


def test_piquet_counts_link_to_their_own_steps(replays, client: Client) -> None:
    """A counts "elf, zwölf, dreizehn, vierzehn" over steps 11, 13, 15 and 17."""
    p = panel(get(client, "piquet-example", 13))
    text = p.text
    for word, step in (("zwölf", 13), ("dreizehn", 15), ("vierzehn", 17)):
        at = text.index("elf, zwölf, dreizehn, vierzehn")
        at = text.index(word, at)
        assert {s for _, s in p.chars[at : at + len(word)]} == {step}, word
    # ... and "zwölf" in the first sentence ("zwölf Karten") is no link.
    first = text.index("zwölf Karten")
    assert p.chars[first][1] is None


def test_paragraphs_and_headings_are_restored(replays, client: Client) -> None:
    p = panel(get(client, "piquet-example", 0, "de"))
    assert p.blocks.count("source-heading") == 4  # Example, Carte blanche, Pique, Repique
    assert p.blocks.count("source-para") >= 12
    lines = [line.strip() for line in p.text.split("\n") if line.strip()]
    assert "Example." in lines and "Pique." in lines and "Repique." in lines
    assert any(line.startswith("A (ältere Hand) hat ihn As") for line in lines)
    b = panel(get(client, "besik-example", 0, "de"))
    lines = [line.strip() for line in b.text.split("\n") if line.strip()]
    assert "Spielregeln" in lines and "Spiel nach Stichen" in lines
    assert "1. A spielt Kreuz-Neun auf." in lines
    assert "Pik-Heirat 20 Punkte" in lines and "letzter Stich 10 Punkte" in lines
    assert any(
        line.startswith("Zu den bereits") and "dies ist der Tripelbesik" in line for line in lines
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_the_gloss_is_shown_in_the_page_s_language(replays, client: Client, slug) -> None:
    """English pages: our English under every sentence. German pages: our plain German under
    each sentence of the garbled Piquet translation (a German learner could not read it);
    nothing under the Besik article, written in German."""
    en = get(client, slug, 1, "en")
    p = panel(en)
    assert p.glosses and len(p.glosses) == p.sentences
    assert set(p.gloss_langs) == {"en"}
    assert all(g.strip() for g in p.glosses)
    assert en.count("Our translation:") == len(p.glosses)
    assert 'id="source-gloss-on"' in en and "our English translation" in en
    de = get(client, slug, 1, "de")
    q = panel(de)
    assert q.sentences == p.sentences
    assert "Our translation" not in de and "Unsere Übersetzung" not in de
    if slug == "besik-example":
        assert q.glosses == []
        assert 'id="source-gloss-on"' not in de and "source-gloss" not in de
        return
    assert len(q.glosses) == q.sentences and set(q.gloss_langs) == {"de"}
    assert de.count("Unsere Lesart:") == len(q.glosses)
    assert "unsere Lesart in klarem Deutsch" in de and 'id="source-gloss-on"' in de
    same = [g for g in set(q.glosses) & set(p.glosses) if len(g.split()) > 2]
    assert not same, "German, not the English again (a heading such as 'Pique.' may be both)"
    assert "Der Geber gibt seinem Gegner zwölf Karten" in " ".join(q.glosses)


def test_the_gloss_follows_the_english_original_where_the_german_is_garbled(replays) -> None:
    gloss = {g["de"]: g["en"] for g in replays["piquet-example"].source_gloss}
    assert gloss["Quartzählimpulse b nichts."] == "B's quart counts nothing."
    assert (
        "keeping his ace"
        in gloss[
            'A (Unterhaltas, Knave der Vereine und des Wiederholens seiner Kerbe sagt), "fünfzehn.",'
        ]
    )
    assert "left over" in next(en for de, en in gloss.items() if "nach links." in de)


def test_a_garbled_stored_gloss_never_breaks_the_page(replays, client: Client) -> None:
    for junk in ("text", {"de": 1}, [None, {"de": ["x"]}, {"de": "Pique.", "en": 3}]):
        Replay.objects.filter(slug="piquet-example").update(
            source_gloss=junk, updated=timezone.now()
        )
        html = get(client, "piquet-example", 3)
        assert "Example." in panel(html).text


# ---------------------------------------------------------------------------------------------
# Export and import


@pytest.mark.parametrize("slug", SLUGS)
def test_export_import_round_trip_keeps_the_gloss(replays, slug) -> None:
    document = export_replay(replays[slug])
    assert document["source"]["gloss"] == replays[slug].source_gloss
    assert len(document["source"]["gloss"]) > 100
    imported = import_replay(copy.deepcopy(document), replace=True)
    assert imported.source_gloss == replays[slug].source_gloss
    assert export_replay(imported) == document


def test_an_old_export_without_a_gloss_still_imports(replays) -> None:
    document = export_replay(replays["besik-example"])
    del document["source"]["gloss"]
    imported = import_replay(document, replace=True)
    assert imported.source_gloss == []
    client = Client()
    html = get(client, "besik-example", 0, "en")
    assert panel(html).glosses == [] and "source-gloss-on" not in html


@pytest.mark.parametrize(
    ("gloss", "message"),
    [
        ("Ein Satz.", "must be a list"),
        ([["Pique.", "Pique."]], "entry 1 must be an object"),
        ([{"de": "Pique.", "en": "Pique.", "extra": 1}], "unknown keys: extra"),
        ([{"de": "Pique.", "en": None}], "'en' must be a text"),
        ([{"de": "Das steht nicht im Text.", "en": "x"}], "not in the source text"),
    ],
)
def test_a_malformed_gloss_is_refused_on_import(replays, gloss, message) -> None:
    document = export_replay(replays["piquet-example"])
    before = Replay.objects.get(slug="piquet-example").source_gloss
    document["source"]["gloss"] = gloss
    with pytest.raises(ReplayImportError, match=r"'source\.gloss': .*" + re.escape(message)):
        import_replay(document, replace=True)
    assert Replay.objects.get(slug="piquet-example").source_gloss == before


def test_the_model_refuses_a_malformed_gloss(replays) -> None:
    replay = Replay.objects.get(slug="besik-example")
    replay.source_gloss = [{"de": "Nicht da.", "en": "Not there."}]
    with pytest.raises(ValidationError) as err:
        replay.full_clean()
    assert "source_gloss" in err.value.message_dict


@pytest.mark.parametrize(("slug", "number"), [("piquet-example", 29), ("besik-example", 46)])
def test_a_step_links_to_its_words_in_the_source(replays, client: Client, slug, number) -> None:
    """The step's words sat far down the page (y = 5,543 of 6,939 px on a phone) with no link
    to them; and a sentence's link opened its step at the top of the page without JavaScript."""
    html = get(client, slug, number)
    assert f'<a href="#source-step-{number}">Read this step in the source text</a>' in html
    anchors = re.findall(r'<a class="source-sentence[^"]*" id="source-step-(\d+)"', html)
    assert anchors.count(str(number)) == 1 and len(anchors) == len(set(anchors))
    first = re.search(rf'id="source-step-{number}" data-step="{number}" href="([^"]+)"', html)
    assert first is not None and first.group(1).endswith(f"/step/{number}/#replay-step")
