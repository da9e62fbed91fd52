"""Cards in the search and on the pack page: a card's name as German players write it
("Herz-Bube", "Karo Bube", "Pik As", "Herzdame"), as English players write it ("jack of hearts")
or in the move list's notation ("Q♠", German "D♠") finds the card on the pack page, then its
rank's and suit's glossary entries; the pack page names every card in both languages."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client

from cardtutor.core.glossary import card_anchor, parse_query, search
from cardtutor.engine.cards import ALL_CARDS, Card


def _urls(query: str) -> list[str]:
    return [d.url for d in search(query)]


def _get(client: Client, url: str, lang: str) -> str:
    client.cookies["django_language"] = lang
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


# ------------------------------------------------------------------ the search


@pytest.mark.parametrize(
    ("query", "code", "rank", "suit"),
    [
        ("Herz-Bube", "JH", "jack", "hearts"),
        ("Karo-Bube", "JD", "jack", "diamonds"),
        ("Karo Bube", "JD", "jack", "diamonds"),
        ("Karo-Bauer", "JD", "jack", "diamonds"),
        ("Karobauer", "JD", "jack", "diamonds"),
        ("Pik As", "AS", "ace", "spades"),
        ("Pik-Ass", "AS", "ace", "spades"),
        ("Kreuz-Dame", "QC", "queen", "clubs"),
        ("Herzdame", "QH", "queen", "hearts"),
        ("Koenig der Diamanten", "KD", "king", "diamonds"),  # the Piquet source's words
        ("Eckstein-Zehn", "10D", "ten", "diamonds"),  # the Besik source's old name
        ("jack of hearts", "JH", "jack", "hearts"),
        ("the Queen of Spades", "QS", "queen", "spades"),
        ("Q♠", "QS", "queen", "spades"),
        ("D♠", "QS", "queen", "spades"),  # the German move list: D for Dame
        ("B♥", "JH", "jack", "hearts"),
        ("10♦", "10D", "ten", "diamonds"),
        ("A♣\ufe0f", "AC", "ace", "clubs"),
        ("7♥", "7H", None, "hearts"),  # the seven has no glossary entry of its own
    ],
)
def test_a_card_name_finds_the_card_then_its_rank_and_suit(
    query: str, code: str, rank: str | None, suit: str
) -> None:
    """German card names found nothing ("Herz-Bube", "Pik As", "Kreuz-Dame"), "jack of hearts"
    put "The dialogue, as spoken" first and "Q♠", "7♥" found nothing."""
    urls = _urls(query)
    assert parse_query(query).cards == (Card.parse(code),)
    assert urls[0] == f"/cards/#{card_anchor(Card.parse(code))}", (query, urls[:3])
    expected = [f"/glossary/#term-{slug}" for slug in (rank, suit) if slug]
    assert urls[1 : 1 + len(expected)] == expected, (query, urls[:4])
    assert "/rules/piquet/#dialogue" not in urls[:3]


def test_what_names_the_card_follows_in_either_language() -> None:
    """The Besik meld names the queen of spades: found by her German, English and move-list
    names alike, after the card and its rank's and suit's entries."""
    for query in ("Pik-Dame", "queen of spades", "Q♠", "Pikdame"):
        urls = _urls(query)
        assert "/glossary/#term-besik" in urls[3:], (query, urls[:6])
        assert "/glossary/#term-double-besik" in urls
    assert _urls("Pik-Dame") == _urls("queen of spades") == _urls("Q♠")


def test_a_card_name_with_other_words_finds_what_names_the_card_and_holds_them() -> None:
    urls = _urls("Karo-Bauer Doppel-Besik")
    assert urls and "/glossary/#term-double-besik" in urls[:3]
    assert all(not u.startswith("/cards/#") for u in urls)


@pytest.mark.parametrize("query", ["Herz", "Pik", "Dame", "hearts", "jack", "Bube"])
def test_a_suit_or_rank_alone_finds_its_entry_not_its_cards(query: str) -> None:
    urls = _urls(query)
    assert urls[0].startswith("/glossary/#term-"), (query, urls[:3])
    assert not any(u.startswith("/cards/#") for u in urls)


@pytest.mark.parametrize("query", ["Kartenblatt", "pack", "card names", "Kartennamen"])
def test_the_pack_page_is_searched(query: str) -> None:
    assert "/cards/" in _urls(query)[:3], (query, _urls(query)[:5])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "query", "title", "other"),
    [
        (
            "de",
            "Herz-Bube",
            "<mark>Herz-Bube</mark>",
            '<span lang="en"><mark>jack of hearts</mark>',
        ),
        (
            "en",
            "Herz-Bube",
            "<mark>jack of hearts</mark>",
            '<span lang="de"><mark>Herz-Bube</mark>',
        ),
        ("de", "Q♠", "<mark>Pik-Dame</mark>", '<span lang="en"><mark>queen of spades</mark>'),
    ],
)
def test_the_search_page_links_the_card_on_the_pack_page_and_marks_its_names(
    client: Client, lang: str, query: str, title: str, other: str
) -> None:
    html = _get(client, f"/search/?q={query}", lang)
    results = html.split('<ol class="search-results">', 1)[1].split("</ol>", 1)[0]
    first = results.split("</li>", 1)[0]
    card = Card.parse("JH" if "Herz" in query else "QS")
    assert f'<a href="/cards/#{card_anchor(card)}">{title}</a>' in first
    assert other in first
    assert ("Das Kartenblatt" if lang == "de" else "The pack") in first
    assert not re.search(r"\w<mark>", results)


# ------------------------------------------------------------------ the pack page


class _Cards(HTMLParser):
    """Each card of the pack page's first list: its id, and its captions with their lang."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: dict[str, list[tuple[str | None, str]]] = {}
        self._item: str | None = None
        self._lang: str | None = None
        self._caption = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "li" and (a.get("id") or "").startswith("card-"):
            self._item = a["id"]
            self.items[self._item or ""] = []
        elif tag == "span" and self._item and "card-caption" in (a.get("class") or ""):
            self._caption, self._lang = True, a.get("lang")

    def handle_endtag(self, tag: str) -> None:
        if tag == "span":
            self._caption = False
        elif tag == "li":
            self._item = None

    def handle_data(self, data: str) -> None:
        if self._caption and self._item and data.strip():
            self.items[self._item].append((self._lang, data.strip()))


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_pack_page_names_every_card_in_both_languages(client: Client, lang: str) -> None:
    """The home page promises "all 32 cards of the pack, with their English and German names";
    the English page showed no German names and the German page no English ones. The page's
    language comes first; the other name is marked with its own language."""
    parser = _Cards()
    parser.feed(_get(client, "/cards/", lang))
    other = "de" if lang == "en" else "en"
    assert len(parser.items) == len(ALL_CARDS) == 32
    for card in ALL_CARDS:
        captions = parser.items[card_anchor(card)]
        assert captions == [(None, card.name(lang)), (other, card.name(other))], captions
    jack = parser.items[card_anchor(Card.parse("JD"))]
    assert ("de", "Karo-Bube") in jack or (None, "Karo-Bube") in jack
    html = _get(client, "/cards/", lang)
    assert "Karo-Bauer" in html  # Besik's word for the jack is explained


@pytest.mark.django_db
def test_every_card_the_search_links_to_has_its_anchor_on_the_pack_page(client: Client) -> None:
    html = _get(client, "/cards/", "en")
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    for card in ALL_CARDS:
        url = search(card.name("de"))[0].url
        assert url == f"/cards/#{card_anchor(card)}" and card_anchor(card) in ids, url


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
def test_the_pack_page_at_360_px_shows_both_names_without_sideways_scrolling(
    browser: Any, live_server: Any, locale: str
) -> None:
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 360, "height": 740}, locale=locale
    )
    page = context.new_page()
    try:
        page.goto("/cards/#card-qs")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        other = "en" if locale.startswith("de") else "de"
        item = page.locator("#card-qs")
        assert item.locator(f'[lang="{other}"]').is_visible()
        # no caption is cut or runs into its neighbour
        widths = page.evaluate(
            "[...document.querySelectorAll('.deck-page .card-caption')].map("
            "e => [e.scrollWidth, e.clientWidth, e.closest('li').clientWidth, "
            "e.getBoundingClientRect().width])"
        )
        assert widths and all(s <= c and w <= li + 1 for s, c, li, w in widths), widths
    finally:
        context.close()
