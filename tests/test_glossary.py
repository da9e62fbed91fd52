"""The glossary and the search: every entry complete in both languages, anchors unique, every
link resolving to an anchor that exists, the machine translation's words found in the Piquet
source, and a search that folds case and umlauts, finds a term by any of its names and never
fails on odd input."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtutor.core.glossary import (
    GARBLED,
    MAX_QUERY,
    TERMS,
    TERMS_BY_SLUG,
    clean_query,
    fold,
    highlight,
    query_words,
    search,
    terms_for_rule,
)
from cardtutor.core.rules_text import rule_anchors
from tests.test_prod_pages_csp import assert_strict

# The Piquet source text, verbatim (the copy the replays use).
PIQUET_SEED = (
    Path(__file__).resolve().parent.parent / "fixtures" / "sources" / "000_1d97ab8760326182.txt"
)
BESIK_SEED = PIQUET_SEED.with_name("001_b32aee25cc8b3f7e.txt")


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.append(value)
            if tag == "a" and name == "href" and value:
                self.hrefs.append(value)


def _parse(html: str) -> _Ids:
    parser = _Ids()
    parser.feed(html)
    return parser


def _get(client: Client, url: str, lang: str = "en") -> str:
    client.cookies["django_language"] = lang
    response = client.get(url)
    assert response.status_code == 200, url
    return str(response.content.decode())


# ------------------------------------------------------------------ the data


def test_every_entry_has_both_languages_a_definition_in_both_and_a_rule() -> None:
    assert len(TERMS) >= 60
    for term in TERMS:
        assert term.en.strip() and term.de.strip(), term.slug
        assert term.definition_en.strip() and term.definition_de.strip(), term.slug
        assert term.definition_en != term.definition_de, term.slug
        assert term.rules, term.slug
        assert re.fullmatch(r"[a-z0-9-]+", term.slug), term.slug
        for game, anchor in term.rules:
            assert anchor in rule_anchors(game), (term.slug, game, anchor)


def test_each_game_has_its_terms_and_the_french_ones_say_so() -> None:
    groups = {g: [t for t in TERMS if t.group == g] for g in ("cards", "piquet", "besik")}
    assert all(len(entries) >= 15 for entries in groups.values())
    french = {t.slug: t.fr for t in TERMS if t.fr}
    for slug in ("tierce", "quart", "quint", "sixieme", "repique", "pique", "capot"):
        assert slug in french, slug
    for slug in ("carte-blanche", "point", "talon", "besik-game", "partie"):
        assert slug in french, slug


def test_every_anchor_is_unique() -> None:
    anchors = [t.anchor for t in TERMS] + [g.anchor for g in GARBLED]
    assert len(anchors) == len(set(anchors))


def test_every_garbled_form_is_in_the_piquet_source_and_maps_to_an_entry() -> None:
    source = PIQUET_SEED.read_text(encoding="utf-8")
    for listed in ("Vereine", "Spaten", "Knave", "Klage", "tiercehaupt", "Pikee"):
        assert listed in {g.form for g in GARBLED}
    for g in GARBLED:
        assert g.form in source, g.form
        assert g.term in TERMS_BY_SLUG, g.form
        assert g.meaning_en.strip() and g.meaning_de.strip(), g.form


# ------------------------------------------------------------------ the page


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_glossary_page_shows_every_entry_and_every_link_resolves(
    client: Client, lang: str
) -> None:
    html = _get(client, "/glossary/", lang)
    page = _parse(html)
    assert f'<html lang="{lang}">' in html
    assert len(page.ids) == len(set(page.ids)), "duplicate ids"
    german = lang == "de"
    for term in TERMS:
        assert term.anchor in page.ids
        assert term.name(german) in html.replace("&#x27;", "'")
    for g in GARBLED:
        assert g.anchor in page.ids
    assert "<dl" in html and "<dfn>" in html and 'lang="fr"' in html
    rule_pages: dict[str, set[str]] = {}
    for href in page.hrefs:
        path, fragment = urldefrag(href)
        if not path:
            assert fragment in page.ids, href
        elif path.startswith("/rules/") and fragment:
            if path not in rule_pages:
                rule_pages[path] = set(_parse(_get(client, path, lang)).ids)
            assert fragment in rule_pages[path], href
    assert set(rule_pages) == {"/rules/piquet/", "/rules/besik/"}


@pytest.mark.django_db
def test_the_glossary_and_the_search_pass_the_csp_checks(client: Client) -> None:
    for url in ("/glossary/", "/search/", "/search/?q=K%C3%B6nig", "/search/?q=%00"):
        assert_strict(client.get(url), url)
    rules = _get(client, "/rules/")
    assert 'href="/glossary/"' in rules


# ------------------------------------------------------------------ the search


def _urls(query: str) -> list[str]:
    return [d.url for d in search(query)]


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        # a glossary headword in another case finds its rule sections
        ("letzter Stich", ["/rules/piquet/#last-trick", "/rules/besik/#last-trick"]),
        ("letzten Stich", ["/rules/piquet/#last-trick", "/rules/besik/#last-trick"]),
        # plurals, in both languages
        ("Heiraten", ["/glossary/#term-marriage", "/rules/besik/#trump-marriage"]),
        ("marriages", ["/glossary/#term-marriage", "/rules/besik/#trump-marriage"]),
        ("equality", ["/rules/piquet/#equalities"]),
        ("ties", ["/rules/piquet/#ties"]),
    ],
)
def test_the_search_finds_other_forms_of_a_word(query: str, wanted: list[str]) -> None:
    found = _urls(query)
    for url in wanted:
        assert url in found, (query, url, found)


def test_a_word_as_typed_ranks_before_its_other_forms() -> None:
    # "tie" is in "A tie" and names the glossary's equality as typed; "tierce" only starts
    # with it
    found = _urls("tie")
    assert found[:2] == ["/glossary/#term-equality", "/rules/piquet/#ties"]
    assert found.index("/glossary/#term-tierce") == 2


@pytest.mark.django_db
def test_a_search_finding_more_than_is_listed_says_so(client: Client) -> None:
    html = _get(client, "/search/?q=the", "en")
    assert "The first 50 results for “the”" in html
    assert "add a word to narrow the search" in html
    assert html.count("<li>", html.index('<ol class="search-results">')) == 50
    html = _get(client, "/search/?q=Heirat", "de")
    assert "Treffer für „Heirat“" in html
    assert "Die ersten" not in html and "Es gibt mehr Treffer" not in html


def test_fold_is_case_umlaut_and_accent_insensitive() -> None:
    assert fold("König") == fold("Konig") == fold("koenig") == fold("KÖNIG")
    assert fold("Sixième") == fold("sixieme")
    assert fold("Bauer") == fold("BAUER")
    assert fold("Ausschuß") == fold("Ausschuss")


@pytest.mark.parametrize("query", ["König", "Konig", "koenig", "KÖNIG", "king", "KING"])
def test_king_is_found_in_either_language_however_spelt(query: str) -> None:
    assert _urls(query)[0] == "/glossary/#term-king"


@pytest.mark.parametrize(
    ("query", "anchor"),
    [
        ("Verschweigen", "term-sinking"),
        ("sinking", "term-sinking"),
        ("repic", "term-repique"),
        ("Repique", "term-repique"),
        ("quinte majeure", "term-quint-major"),
        ("Quint-Major", "term-quint-major"),
        ("mariage", "term-marriage"),
        ("einfache Heirat", "term-marriage"),
        ("Hinterhand", "term-younger-hand"),
        ("younger hand", "term-younger-hand"),
        ("bésigue", "term-besik-game"),
        ("Bezique", "term-besik-game"),
        ("sixieme", "term-sixieme"),
        ("Sexte", "term-sixieme"),
        ("carte blanche", "term-carte-blanche"),
        ("Rubikon", "term-rubicon"),
        ("Tripelbesik", "term-triple-besik"),
        ("Augen", "term-augen"),
        ("Spaten", "term-spades"),
        ("Pikee", "term-pique"),
        ("tiercehaupt", "term-major"),
    ],
)
def test_a_term_is_found_by_its_german_english_and_french_names(query: str, anchor: str) -> None:
    assert f"/glossary/#{anchor}" in _urls(query)[:3], (query, _urls(query)[:5])


@pytest.mark.parametrize(
    ("query", "written"), [("Doppelbesik", "Doppel-Besik"), ("Tripel-Besik", "Tripelbesik")]
)
def test_a_hyphen_more_or_less_finds_the_same(query: str, written: str) -> None:
    """The query “Doppelbesik” found the glossary only, “Doppel-Besik” the rule sections too."""
    assert _urls(query) == _urls(written)
    assert any(u.startswith("/rules/besik/#") for u in _urls(query))


def test_the_rule_sections_are_searched_in_both_languages() -> None:
    assert "/rules/piquet/#reckoning-order" in _urls("Reihenfolge der Zählung")
    assert "/rules/piquet/#reckoning-order" in _urls("order of reckoning")
    assert "/rules/besik/#end-play" in _urls("letzten acht Stiche")
    assert "/rules/besik/#end-play" in _urls("last eight tricks")
    assert "/rules/besik/#four-kings" in _urls("4 konige")


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_search_page_lists_results_that_link_to_existing_anchors(
    client: Client, lang: str
) -> None:
    html = _get(client, "/search/?q=koenig", lang)
    glossary_ids = set(_parse(_get(client, "/glossary/", lang)).ids)
    rule_ids = {
        path: set(_parse(_get(client, path, lang)).ids)
        for path in ("/rules/piquet/", "/rules/besik/")
    }
    results = [h for h in _parse(html).hrefs if "#" in h and h != "#main"]
    assert results and results[0] == "/glossary/#term-king"
    for href in results:
        path, fragment = urldefrag(href)
        ids = glossary_ids if path == "/glossary/" else rule_ids[path]
        assert fragment in ids, href
    assert ("König" if lang == "de" else "king") in html
    assert 'value="koenig"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ("", 200, "Type a word to search for"),
        ("   ", 200, "Type a word to search for"),
        ("a\x00b", 400, "control characters"),
        ("\x1b[31m", 400, "control characters"),
        ("x" * 5000, 200, f"Only the first {MAX_QUERY} characters were searched"),
        ("zzzqqq", 200, "Nothing found"),
        ("<script>alert(1)</script>", 200, "Nothing found"),
    ],
)
def test_odd_input_gets_a_clear_message(
    client: Client, query: str, status: int, message: str
) -> None:
    response = client.get("/search/", {"q": query})
    assert response.status_code == status
    html = response.content.decode()
    assert message in html
    assert "<script>alert" not in html


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Trumf", "Trumpf"),
        ("Quatorse", "Quatorze"),
        ("Kapot", "Capot"),
        ("Rubicom Stich", "Rubicon Stich"),
    ],
)
def test_a_misspelt_search_offers_the_spelling_that_finds_something(
    client: Client, typed: str, meant: str
) -> None:
    html = client.get("/search/", {"q": typed}).content.decode()
    assert "Nothing found" in html
    assert f'Did you mean: <a href="/search/?q={meant.replace(" ", "%20")}">{meant}</a>?' in html
    assert "Nothing found" not in client.get("/search/", {"q": meant}).content.decode()


def test_german_plurals_and_spellings_find_their_entry(client: Client) -> None:
    for query, anchor in (
        ("Trümpfe", "/glossary/#term-trumps"),
        ("Pikett", "/glossary/#term-piquet"),
    ):
        html = client.get("/search/", {"q": query}).content.decode()
        first = re.search(r'<ol class="search-results">\s*<li>\s*<a href="([^"]+)"', html)
        assert first and first.group(1) == anchor, (query, first)
    assert "Did you mean" not in client.get("/search/", {"q": "zzzqqq"}).content.decode()


def test_the_query_is_capped_and_cleaned() -> None:
    text, cut = clean_query("  Quint \t  Major  ")
    assert (text, cut) == ("Quint Major", False)
    text, cut = clean_query("y" * (MAX_QUERY + 1))
    assert len(text) == MAX_QUERY and cut


@pytest.mark.django_db
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(query=st.text(max_size=300) | st.sampled_from(["%", "\ud800", "ß" * 200, "Ä" * 101]))
def test_no_query_makes_a_server_error(client: Client, query: str) -> None:
    safe = query.encode("utf-8", "replace").decode("utf-8")
    response = client.get("/search/", {"q": safe})
    assert response.status_code in (200, 400)
    assert len(search(safe[:MAX_QUERY])) <= 50


def test_every_rule_section_has_a_glossary_entry() -> None:
    for game in ("piquet", "besik"):
        for anchor in rule_anchors(game):
            assert terms_for_rule(game, anchor), (game, anchor)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_glossary_uses_card_players_words(client: Client, lang: str) -> None:
    from tests.test_terminology import (
        ENGLISH_GENITIVE,
        JARGON,
        STRAIGHT_QUOTES,
        WRONG_STECHEN,
        read,
    )

    text = read(_get(client, "/glossary/", lang))
    for pattern in [*JARGON, WRONG_STECHEN, STRAIGHT_QUOTES, ENGLISH_GENITIVE]:
        assert not pattern.search(text), (pattern.pattern, pattern.search(text))


def test_every_garbled_form_finds_the_entry_it_stands_for() -> None:
    for g in GARBLED:
        assert f"/glossary/#term-{g.term}" in _urls(g.form), g.form


@pytest.mark.parametrize(
    ("text", "query", "marked"),
    [
        ("König", "Konig", ["König"]),
        ("Koenig und König", "koenig", ["Koenig", "König"]),
        ("4 Könige", "4 konige", ["4", "Könige"]),
        ("Sixième (Sexte)", "SIXIEME", ["Sixième"]),
        ("Ausschuß", "ausschuss", ["Ausschuß"]),
        ("trick", "zzz", []),
        # only where a word starts, as the search finds it: not "der" inside "Elder"
        ("Elder's lead", "Stand der Karten", []),
        ("etwas Pik", "as", []),
        ("Händler und Hand", "hand", ["Händ", "Hand"]),
        # a hyphen more or less marks the same letters, as it finds the same
        ("Doppel-Besik, Doppelbesik", "doppelbesik", ["Doppel-Besik", "Doppelbesik"]),
        ("Tripelbesik", "Tripel-Besik", ["Tripelbesik"]),
    ],
)
def test_the_words_found_are_marked(text: str, query: str, marked: list[str]) -> None:
    parts = highlight(text, query_words(query))
    assert "".join(part for part, _ in parts) == text
    assert [part for part, hit in parts if hit] == marked


@pytest.mark.django_db
def test_the_search_page_marks_the_words_found(client: Client) -> None:
    html = _get(client, "/search/?q=Konig", "de")
    assert "<mark>König</mark>" in html
    html = _get(client, "/search/?q=%3Cb%3E", "en")
    assert "<b>" not in html.split("<main", 1)[1]


@pytest.mark.django_db
def test_a_result_found_by_the_sources_odd_word_says_so(client: Client) -> None:
    html = _get(client, "/search/?q=spaten", "en")
    assert '<a href="/glossary/#term-spades">spades</a>' in html
    assert '<q lang="de"><mark>Spaten</mark></q>' in html


@pytest.mark.django_db
def test_a_result_names_itself_in_the_other_language_where_that_helps(client: Client) -> None:
    """A glossary term gives its name in the other language, labelled, without nesting it in
    parentheses ("Talon · in English: talon (stock)"); a rule section found by its German
    words alone does not add its English title."""
    html = _get(client, "/search/?q=Talon", "de")
    results = html.split('<ol class="search-results">', 1)[1].split("</ol>", 1)[0]
    assert '<span class="search-other">· auf Englisch: <span lang="en">' in results
    assert "(<mark>talon</mark> (stock))" not in results and "((" not in results
    html = _get(client, "/search/?q=Vorhand", "de")
    results = html.split('<ol class="search-results">', 1)[1].split("</ol>", 1)[0]
    rules = [
        item for item in results.split("<li>")[1:] if '<span class="search-kind">Regeln' in item
    ]
    assert rules, "rule sections are found by the German word"
    for item in rules:
        assert "search-other" not in item, item


@pytest.mark.django_db
def test_a_search_excerpt_from_the_source_says_it_is_a_quotation(client: Client) -> None:
    """The Piquet source's garbled words, quoted in a ruling, are marked as the source's in a
    result's excerpt, not shown as the site's own text."""
    html = _get(client, "/search/?q=Verschrottung", "de")
    assert "Quelle: „Der nachteilige Ausschuß wird dann (wie unter der <mark>Verschrottung" in html
    html = _get(client, "/search/?q=Verschrottung", "en")
    assert "Source (German): “Der nachteilige Ausschuß" in html


@pytest.mark.django_db
@pytest.mark.parametrize(("query", "lang"), [("Stand der Karten", "de"), ("Pik As", "de")])
def test_the_search_page_marks_only_where_a_word_starts(
    client: Client, query: str, lang: str
) -> None:
    """ "Stand der Karten" marked "der" inside "Elder", "Pik As" the "as" of "etwas"."""
    html = _get(client, f"/search/?q={query.replace(' ', '+')}", lang)
    results = html.split('<ol class="search-results">', 1)[1].split("</ol>", 1)[0]
    assert "<mark>" in results
    assert not re.search(r"\w<mark>", results), re.search(r".{30}\w<mark>.{30}", results)


def test_whole_words_of_a_name_rank_before_the_start_of_a_word() -> None:
    """ "hand" put dealer first (its Piquet source word "Händler" starts with "hand"); "Stand der
    Karten" put "Elder's lead…" first (for the "der" inside "Elder")."""
    urls = _urls("hand")
    assert urls[:2] == ["/glossary/#term-elder-hand", "/glossary/#term-younger-hand"]
    assert urls.index("/glossary/#term-dealer") > 1
    assert _urls("Stand der Karten")[0] == "/glossary/#term-state-of-the-cards"
    assert "/rules/piquet/#younger-scores" not in _urls("Stand der Karten")[:1]


@pytest.mark.parametrize(
    ("query", "slug"),
    [
        ("Stand der Karten", "state-of-the-cards"),
        ("state of the cards", "state-of-the-cards"),
        ("überstechen", "head-the-trick"),
        ("übersticht", "head-the-trick"),
        ("ueberstechen", "head-the-trick"),
        ("Gabel", "tenace"),
        ("tenace", "tenace"),
    ],
)
def test_the_sources_words_for_the_hands_overtaking_and_a_fork_have_entries(
    query: str, slug: str
) -> None:
    assert _urls(query)[0] == f"/glossary/#term-{slug}", (query, _urls(query)[:3])


def test_the_new_entries_say_what_the_sources_mean() -> None:
    """The Besik source heads its lists of both hands "Stand der Karten" and uses "übersticht"
    for a higher card of the suit led, set apart from trumping ("übersticht nicht mit
    Pik-Dame, er trumpft vielmehr"); the site's German Piquet notes say "in die Gabel spielen"
    (A holds ace and jack over B's queen and ten of spades)."""
    besik = BESIK_SEED.read_text(encoding="utf-8")
    assert besik.count("Stand der Karten:") == 4 and besik.count("übersticht") == 7
    assert "übersticht nicht mit Pik-Dame, er trumpft vielmehr" in besik
    state, head, fork = (
        TERMS_BY_SLUG[s] for s in ("state-of-the-cards", "head-the-trick", "tenace")
    )
    assert state.de == "Stand der Karten" and state.group == "besik"
    assert "hands" in state.definition_en and "Blätter" in state.definition_de
    assert head.de == "überstechen" and "higher card of the suit led" in head.definition_en
    assert "höheren Karte der ausgespielten Farbe" in head.definition_de
    assert "Trumpfen" in head.definition_de and "trumping" in head.definition_en
    assert fork.de == "Gabel" and "tenace" in fork.en
    assert "ace and queen over his king" in fork.definition_en
    assert "As und Dame über seinem König" in fork.definition_de


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rule_link_names_its_game_once(client: Client, lang: str) -> None:
    """The English glossary printed "Tricks while the talon lasts (Besik (Bezique))": the game's
    name has its own parentheses. Each rule link names its game once (or its title does)."""
    html = _get(client, "/glossary/", lang)
    links = re.findall(r'<a href="/rules/(piquet|besik)/#[^"]+">([^<]+)</a>', html)
    assert len(links) >= len(TERMS)
    for game, text in links:
        assert "((" not in text and "))" not in text, text
        assert text.count("Besik (") <= 1 and "Besik (Besik" not in text, text
        assert game in text.casefold(), text  # "Tripelbesik" names it too
    assert "Bezique))" not in html


@pytest.mark.django_db
def test_the_german_glossary_sorts_an_umlaut_as_its_letter(client: Client) -> None:
    html = _get(client, "/glossary/", "de")
    # "überstechen" under U (before "ziehen"), as German dictionaries sort it
    assert html.index(">überstechen<") < html.index(">ziehen (vom Talon)<")
    assert html.index(">Trumpf<") < html.index(">überstechen<")


@pytest.mark.parametrize(
    ("query", "anchor"),
    [
        ("Gleichheit", "term-equality"),
        ("equalities", "term-equality"),
        ("schmieren", "term-schmieren"),
        # "tie" listed tierces (a name starting so) before anything about ties
        ("tie", "term-equality"),
        ("ties", "term-equality"),
        ("Gleichstand", "term-equality"),
    ],
)
def test_words_the_rules_and_hints_use_have_an_entry(query: str, anchor: str) -> None:
    # "Gleichheit" names a rule section; "schmieren" is in a hint of the game for four
    assert _urls(query)[0] == f"/glossary/#{anchor}"
