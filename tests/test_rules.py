"""The rule reference (issue 12): generic over each game's ``SECTIONS``.

Checked: every engine rule anchor is a section or sub-section with a computed example in both
languages; every text is in both languages (the German prose differs from the English); every
glossary link names an entry; ids are unique; every link on the rule pages and the glossary
resolves; "seen in the example" links point at steps whose events carry that rule; the pages
are built once per language, answer conditionally, pass the CSP checks and the accessibility
checks (labelled cards, one h1, headings in order, landmarks); the search finds every section;
the replay step links the glossary terms of each scoring event's rule.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from cardtutor.core.glossary import TERMS, TERMS_BY_SLUG, documents, search
from cardtutor.engine import GAMES
from cardtutor.rules import reference
from cardtutor.rules.markup import MarkupError, linked_slugs, plain, to_html
from cardtutor.rules.model import Example, Ruling, Section, Table
from cardtutor.rules.reference import (
    SEEN_CAP,
    all_texts,
    examples_within,
    places,
    section_text,
    seen_steps,
)
from tests.test_prod_pages_csp import assert_strict

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "replays.json"
RULE_GAMES = ("piquet", "besik")
LANGS = ("en", "de")


class _Page(HTMLParser):
    """The ids, links, headings, landmarks and card images of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.headings: list[int] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if attributes.get("id"):
            self.ids.append(str(attributes["id"]))
        if tag == "a" and attributes.get("href"):
            self.hrefs.append(str(attributes["href"]).replace("&amp;", "&"))
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))


def _parse(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page


def _get(client: Client, url: str, lang: str = "en") -> str:
    client.cookies["django_language"] = lang
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def _section(game: str, anchor: str) -> Section | None:
    return next((p.section for p in places(game) if p.section.anchor == anchor), None)


@pytest.fixture
def replays(db: Any) -> None:
    call_command("loaddata", str(FIXTURE), verbosity=0)


# ------------------------------------------------------------------ the markup


def test_the_markup_escapes_links_glossary_terms_and_makes_bold() -> None:
    html = to_html("<b>A</b> & **the [[point]]** or [[point|a point]]", german=False)
    assert html.startswith("&lt;b&gt;A&lt;/b&gt; &amp; <strong>the ")
    assert '<a class="term-link" href="/glossary/#term-point">' in html
    assert ">a point</a>" in html and "**" not in html and "[[" not in html
    german = to_html("[[younger-hand]]", german=True)
    assert ">Hinterhand</a>" in german
    assert plain("**the [[younger-hand]]**", german=False) == "the younger hand"
    assert linked_slugs("[[a]] and [[b|x]]") == ["a", "b"]


@pytest.mark.parametrize("text", ["[[no-such-term]]", "[[point", "**bold", "a ]] b"])
def test_an_unknown_term_or_broken_markup_is_an_error(text: str) -> None:
    with pytest.raises(MarkupError):
        to_html(text, german=False)
    with pytest.raises(MarkupError):
        plain(text, german=True)


# ------------------------------------------------------------------ the content


@pytest.mark.parametrize("game", RULE_GAMES)
def test_every_engine_anchor_is_a_section_with_a_computed_example(game: str) -> None:
    missing = []
    for anchor in GAMES[game].rule_anchors:
        section = _section(game, anchor)
        if section is None:
            missing.append(f"{anchor}: no section")
        elif not examples_within(section):
            missing.append(f"{anchor}: no example")
    assert not missing, missing


@pytest.mark.parametrize("game", RULE_GAMES)
def test_every_example_builds_with_lines_in_both_languages(game: str) -> None:
    keys: list[str] = []
    for place in places(game):
        for example in [b for b in place.section.blocks if isinstance(b, Example)]:
            keys.append(example.key)
            shown = example.build()
            assert shown.lines, example.key
            for line in shown.lines:
                assert line.en.strip() and line.de.strip(), example.key
                to_html(line.en, german=False), to_html(line.de, german=True)
            for row in shown.rows:
                assert row.label.en.strip() and row.label.de.strip(), example.key
    assert len(keys) == len(set(keys)), "example keys repeat"


@pytest.mark.parametrize("game", RULE_GAMES)
def test_every_text_is_in_both_languages_and_the_german_is_german(game: str) -> None:
    problems = []
    for anchor, text in all_texts(game):
        if not text.en.strip() or not text.de.strip():
            problems.append(f"{anchor}: empty {text!r}")
        elif text.en == text.de and len(text.en.split()) >= 5:
            problems.append(f"{anchor}: German equals English: {text.en[:60]!r}")
    for place in places(game):
        for block in place.section.blocks:
            if isinstance(block, Ruling) and not block.quote.strip():
                problems.append(f"{place.section.anchor}: a ruling without the source's words")
            if isinstance(block, Table):
                widths = {len(row) for row in block.rows}
                if len(widths) != 1 or not block.rows:
                    problems.append(f"{place.section.anchor}: a table with ragged rows")
                elif any(i >= widths.pop() for i in block.numeric):
                    problems.append(f"{place.section.anchor}: a numeric column out of range")
    assert not problems, problems


@pytest.mark.parametrize("game", RULE_GAMES)
def test_every_glossary_link_names_an_entry_in_both_languages(game: str) -> None:
    for anchor, text in all_texts(game):
        for slug in linked_slugs(text.en) + linked_slugs(text.de):
            term = TERMS_BY_SLUG.get(slug)
            assert term is not None, (anchor, slug)
            assert term.en.strip() and term.de.strip(), slug
        to_html(text.en, german=False), to_html(text.de, german=True)


@pytest.mark.parametrize("game", RULE_GAMES)
def test_anchors_are_unique_and_every_glossary_rule_is_a_section(game: str) -> None:
    anchors = [p.section.anchor for p in places(game)]
    assert len(anchors) == len(set(anchors)), anchors
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9-]*", a) for a in anchors), anchors
    for term in TERMS:
        for term_game, anchor in term.rules:
            if term_game == game:
                assert anchor in anchors, (term.slug, anchor)


def test_drill_fallbacks_name_existing_drills() -> None:
    from cardtutor.engine.drills import DRILLS

    for game in RULE_GAMES:
        for place in places(game):
            key = place.section.drill
            assert not key or (key in DRILLS and DRILLS[key].game == game), (game, key)

    for game, table in reference.FALLBACK_DRILLS.items():
        for anchor, key in table.items():
            assert key in DRILLS and DRILLS[key].game == game, (anchor, key)
            assert anchor in GAMES[game].rule_anchors, anchor


# ------------------------------------------------------------------ the pages


@pytest.mark.django_db
@pytest.mark.parametrize("game", RULE_GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_page_has_every_section_and_passes_the_accessibility_checks(
    client: Client, game: str, lang: str
) -> None:
    html = _get(client, f"/rules/{game}/", lang)
    page = _parse(html)
    german = lang == "de"
    assert f'<html lang="{lang}">' in html
    assert len(page.ids) == len(set(page.ids)), "duplicate ids"
    for place in places(game):
        anchor = place.section.anchor
        assert anchor in page.ids and f"#{anchor}" in page.hrefs, anchor  # in the contents
        title = plain(place.section.title.get(german), german)
        assert f">{escape(title)}</h" in html, title
    for anchor in GAMES[game].rule_anchors:  # the engine's links keep working
        assert anchor in page.ids, anchor
    # one h1, headings in order, landmarks
    assert page.headings.count(1) == 1 and page.headings[0] == 1
    for before, after in zip(page.headings, page.headings[1:], strict=False):
        assert after <= before + 1, page.headings
    tags = [t for t, _ in page.tags]
    assert "main" in tags and "nav" in tags and "header" in tags
    # every card is an image with a name
    cards = [a for t, a in page.tags if t == "svg" and "card" in (a.get("class") or "").split()]
    for attrs in cards:
        assert attrs.get("role") == "img" and (attrs.get("aria-label") or "").strip(), attrs
    examples = sum(len(examples_within(s)) for s in reference.sections(game))
    assert html.count('class="rules-example"') == examples
    if examples:
        assert cards
    # rulings: marked, with the source's words quoted
    with translation.override(lang):
        mark = translation.gettext("Our ruling")  # "Unsere Regelung" once the catalogue has it
    rulings = html.count('class="rules-ruling"')
    assert html.count('<blockquote class="source-de" lang="de">') == rulings
    if rulings:
        assert mark in html


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_every_link_on_the_rule_pages_and_the_glossary_resolves(
    client: Client, replays: None, lang: str
) -> None:
    pages = ["/rules/", "/rules/piquet/", "/rules/besik/", "/glossary/"]
    ids: dict[str, set[str]] = {}
    checked: set[str] = set()
    for url in pages:
        html = _get(client, url, lang)
        ids[url] = set(_parse(html).ids)
        hrefs = set(_parse(html).hrefs)
        for href in sorted(hrefs):
            path, fragment = urldefrag(href)
            if href.startswith(("http:", "https:", "mailto:")):
                continue
            path = path or url
            if path not in ids:
                client.cookies["django_language"] = lang
                response = client.get(path, follow=True)
                assert response.status_code == 200, (url, href)
                ids[path] = (
                    set(_parse(response.content.decode()).ids)
                    if "text/html" in response.get("Content-Type", "")
                    else set()
                )
            if fragment.startswith(":~:text="):
                continue  # a quotation's words in the source (their own test checks them)
            if fragment and fragment != "main":
                assert fragment in ids[path], (url, href)
            checked.add(path)
    assert {"/rules/piquet/", "/rules/besik/", "/glossary/"} <= checked


@pytest.mark.django_db
@pytest.mark.parametrize("game", RULE_GAMES)
def test_seen_in_the_example_links_point_at_steps_that_show_the_rule(
    client: Client, replays: None, game: str
) -> None:
    from cardtutor.replays.models import Replay
    from cardtutor.replays.timeline import timeline_for

    timeline = timeline_for(Replay.objects.get(slug=reference.example_slug(game)))
    html = _get(client, f"/rules/{game}/")
    listed = 0

    def named(*anchors: str) -> list[int]:
        rules = {f"{game}#{a}" for a in anchors}
        return [s.number for s in timeline.steps if any(e.rule in rules for e in s.events)]

    # rules no event names, shown by the example all the same (see reference.seen_steps)
    derived: dict[str, list[int]] = {}
    if game == "piquet":
        first_card = named("play")[0]
        said = [n for n in named("point", "sequences", "sets") if n < first_card]
        derived = {
            "declaring": said,
            "dialogue": said,
            "younger-scores": [first_card, first_card + 1],
            "running-score": named("play"),
        }
    else:
        kinds = ("besik", "marriage", "trump-marriage", "quint-major", "four-aces", "four-kings")
        derived = {"melds": named(*kinds, "trump-seven")}
    for place in places(game):
        anchor = place.section.anchor
        steps = seen_steps(game).get(anchor, ())
        expected = named(anchor) or derived.get(anchor, [])
        assert list(steps) == expected, anchor
        start = html.index(f'id="{anchor}"')
        end = html.find('<section class="rules-section', start + 1)
        part = html[start : end if end >= 0 else len(html)]
        links = re.findall(rf'href="/replays/{game}-example/step/(\d+)/"', part)
        assert [int(n) for n in links] == list(steps[:SEEN_CAP]), anchor
        if len(steps) > SEEN_CAP:
            assert f"and {len(steps) - SEEN_CAP} more step" in part
        listed += len(links)
        for number in links:
            response = client.get(f"/replays/{game}-example/step/{number}/")
            assert response.status_code == 200
    if any(seen_steps(game).get(p.section.anchor) for p in places(game)):
        assert listed


@pytest.mark.django_db
def test_a_section_links_its_drill_and_its_glossary_terms(client: Client) -> None:
    html = _get(client, "/rules/piquet/")
    for place in places("piquet"):
        key = reference.drill_key("piquet", place.section)
        if key:
            assert f'href="{reference.drill_url(key)}"' in html
    if _section("piquet", "point") is not None:
        start = html.index('id="point"')
        assert 'href="/glossary/#term-point"' in html[start:]


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_the_index_lists_both_games_with_their_contents(client: Client, lang: str) -> None:
    html = _get(client, "/rules/", lang)
    assert "still to be written" not in html and "noch zu schreiben" not in html
    assert 'href="/glossary/"' in html and 'action="/search/"' in html
    for game in RULE_GAMES:
        assert f'href="/rules/{game}/"' in html
        for section in reference.sections(game):
            assert f'href="/rules/{game}/#{section.anchor}"' in html
    page = _parse(html)
    assert page.headings.count(1) == 1
    assert len(page.ids) == len(set(page.ids))


@pytest.mark.django_db
def test_an_unknown_game_has_no_rule_page(client: Client) -> None:
    assert client.get("/rules/skat/").status_code == 404


@pytest.mark.django_db
def test_the_rule_pages_pass_the_csp_checks(client: Client) -> None:
    for url in ("/rules/", "/rules/piquet/", "/rules/besik/"):
        for lang in LANGS:
            client.cookies["django_language"] = lang
            assert_strict(client.get(url), url)
        assert "css/rules" in client.get(url).content.decode()


def test_each_page_is_built_once_per_language(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    original = reference._render

    def counting(game: str, lang: str, german: bool) -> Any:
        built.append(f"{game}/{lang}")
        return original(game, lang, german)

    monkeypatch.setattr(reference, "_render", counting)
    monkeypatch.setattr(reference, "_PAGES", {})
    first = reference.page_html("piquet", "de")
    assert reference.page_html("piquet", "de-at") is first
    assert reference.page_html("piquet", "en") is not first
    assert built == ["piquet/de", "piquet/en"]


@pytest.mark.django_db
def test_a_rule_page_answers_not_modified_to_the_same_visitor(
    client: Client, settings: Any
) -> None:
    settings.DEBUG = False
    client.get("/rules/piquet/")  # sets the CSRF cookie (the site's forms)
    if settings.CSRF_COOKIE_NAME not in client.cookies:
        client.cookies[settings.CSRF_COOKIE_NAME] = "x" * 32
    response = client.get("/rules/piquet/")
    etag = response.get("ETag")
    assert etag and response.status_code == 200
    again = client.get("/rules/piquet/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    client.cookies["django_language"] = "de"
    assert client.get("/rules/piquet/", HTTP_IF_NONE_MATCH=etag).status_code == 200


# ------------------------------------------------------------------ the search


def test_the_search_indexes_every_section_in_both_languages() -> None:
    urls = {d.url: d for d in documents() if d.kind == "rule"}
    for game in RULE_GAMES:
        for place in places(game):
            doc = urls.get(f"/rules/{game}/#{place.section.anchor}")
            assert doc is not None, place.section.anchor
            assert doc.title_en == plain(place.section.title.en, False)
            assert doc.title_de == plain(place.section.title.de, True)
            assert "[[" not in doc.body and "**" not in doc.body
    assert search("Konig")[0].url == "/glossary/#term-king"


def test_a_section_is_found_by_words_of_its_text() -> None:
    for game in RULE_GAMES:
        for place in places(game):
            text = section_text(place.section, german=True)
            words = re.findall(r"\w{6,}", text)[:2]
            if words:
                found = [d.url for d in search(" ".join(words), limit=200)]
                assert f"/rules/{game}/#{place.section.anchor}" in found, (words, found[:5])


# ------------------------------------------------------------------ the replays


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_a_replay_step_links_the_glossary_terms_of_each_scoring_rule(
    client: Client, replays: None, lang: str
) -> None:
    from cardtutor.core.glossary import terms_for_rule

    html = _get(client, "/replays/piquet-example/step/4/", lang)
    scores = html[html.index('class="step-scores"') :]
    scores = scores[: scores.index("</ul>")]
    for term in terms_for_rule("piquet", "point"):
        assert f'href="/glossary/#{term.anchor}"' in scores, term.slug
        assert term.name(lang == "de") in scores


def test_example_objects_are_examples() -> None:
    for game in RULE_GAMES:
        for place in places(game):
            for example in examples_within(place.section):
                assert isinstance(example, Example) and example.key


def test_a_long_section_text_is_shown_around_the_words_found() -> None:
    from cardtutor.core.glossary import EXCERPT, highlight_excerpt, query_words

    text = "Anfang " + "wort " * 200 + "König am Ende " + "rest " * 100
    parts = highlight_excerpt(text, query_words("Konig"))
    shown = "".join(p for p, _ in parts)
    assert ("König", True) in parts
    assert shown.startswith("… ") and shown.endswith(" …")
    assert len(shown) <= EXCERPT + 4
    short = highlight_excerpt("ein König", query_words("Konig"))
    assert short == [("ein ", False), ("König", True)]


@pytest.mark.django_db
def test_building_a_page_needs_no_database_query(
    monkeypatch: pytest.MonkeyPatch, django_assert_num_queries: Any
) -> None:
    monkeypatch.setattr(reference, "_PAGES", {})
    reference.seen_steps.cache_clear()
    with django_assert_num_queries(0):
        for game in RULE_GAMES:
            assert 'class="rules-section' in reference.page_html(game, "de")


SOURCES = {
    "piquet": Path(__file__).resolve().parents[1] / "fixtures/sources/000_1d97ab8760326182.txt",
    "besik": Path(__file__).resolve().parents[1] / "fixtures/sources/001_b32aee25cc8b3f7e.txt",
}


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_every_quotation_s_source_link_finds_its_words_in_the_shown_source(game: str) -> None:
    """The link's text fragment (start, end) must match the source as the replay shows it (web
    debris such as "See also:" left out), in order, start and end within the quotation."""
    from urllib.parse import unquote

    from cardtutor.replays.source import clean_text

    shown = " ".join(clean_text(SOURCES[game].read_text(encoding="utf-8")).split())
    rulings = [
        b for s in reference.sections(game) for b in _walk_blocks(s) if isinstance(b, Ruling)
    ]
    assert rulings
    for ruling in rulings:
        url = reference.source_url(game, ruling.quote)
        path, _sep, directive = url.partition("#:~:text=")
        assert path == f"/replays/{game}-example/step/0/"
        terms = [unquote(t) for t in directive.split(",")]
        assert 1 <= len(terms) <= 2
        at = shown.find(" ".join(terms[0].split()))
        assert at >= 0, (game, terms[0])
        assert shown.find(" ".join(terms[-1].split()), at) >= at, (game, terms[-1])
        quoted = " ".join(ruling.quote.split())
        assert quoted.startswith(terms[0]) and quoted.endswith(terms[-1])


def _walk_blocks(section: Section) -> list[Any]:
    return [*section.blocks, *(b for child in section.subsections for b in _walk_blocks(child))]
