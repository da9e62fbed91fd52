"""The glossary page and the search over the glossary and the rule pages (no JavaScript)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from cardtutor.core.glossary import (
    GARBLED,
    GROUPS,
    MAX_QUERY,
    TERMS,
    TERMS_BY_SLUG,
    QueryError,
    clean_query,
    fold,
    highlight,
    highlight_excerpt,
    parse_query,
    rule_title,
    rule_url,
    search_hits,
    suggest,
    word_pattern,
)
from cardtutor.engine import GAMES


def _german() -> bool:
    return (get_language() or "en").startswith("de")


def _game_name(game: str) -> str:
    return GAMES[game].name(get_language() or "en")


def _rule_game(game: str, title: str) -> str:
    """The game named after a glossary entry's rule link, in parentheses: its name without its
    own parenthesised gloss (the English "Besik (Bezique)" printed "The deal (Besik
    (Bezique))"), and nothing where the section's title names the game already ("Triple
    Besik", not "Triple Besik (Besik)").

    >>> _rule_game("besik", "Tripelbesik"), _rule_game("besik", "The deal")
    ('', 'Besik')
    """
    name = _game_name(game).split(" (", 1)[0]
    return "" if fold(name) in fold(title) else name


def _group_title(group: str) -> str:
    if group == "cards":
        return _("The cards and the play (both games)")
    return _game_name(group)


def _sort_key(name: str) -> tuple[str, str]:
    """A term's place in the alphabet, without its article: "die Karten" under K, "the cards"
    under C; an umlaut or accent sorts as its letter (as German dictionaries do: "überstechen"
    under U, not after Z), the word as written deciding between equals.

    >>> sorted(["die Karten", "Kauf", "Besik"], key=_sort_key)
    ['Besik', 'die Karten', 'Kauf']
    >>> sorted(["ziehen", "überstechen", "Trumpf", "Écarté"], key=_sort_key)
    ['Écarté', 'Trumpf', 'überstechen', 'ziehen']
    """
    bare = _ARTICLE.sub("", name.casefold())
    # not glossary.fold: it also folds "ue" to "u" for the search, which would sort "Bauer"
    # as "Baur"
    letters = unicodedata.normalize("NFKD", bare.replace("ß", "ss"))
    return "".join(c for c in letters if not unicodedata.combining(c)), bare


_ARTICLE = re.compile(r"^(?:the|der|die|das) ")


@require_safe
def glossary(request: HttpRequest) -> HttpResponse:
    german = _german()
    groups = []
    for group in GROUPS:
        entries = []
        for term in TERMS:
            if term.group != group:
                continue
            entries.append(
                {
                    "anchor": term.anchor,
                    "name": term.name(german),
                    "other": term.name(not german),
                    "other_lang": "en" if german else "de",
                    "fr": term.fr,
                    "definition": term.definition(german),
                    "rules": [
                        {
                            "url": rule_url(game, anchor),
                            "title": title,
                            "game": _rule_game(game, title),
                        }
                        for game, anchor in term.rules
                        for title in [rule_title(game, anchor, german)]
                    ],
                }
            )
        entries.sort(key=lambda e: _sort_key(str(e["name"])))
        groups.append({"id": f"glossary-{group}", "title": _group_title(group), "entries": entries})
    garbled = [
        {
            "anchor": g.anchor,
            "form": g.form,
            "meaning": g.meaning(german),
            "term_url": f"#{TERMS_BY_SLUG[g.term].anchor}",
            "term_name": TERMS_BY_SLUG[g.term].name(german),
            # the meaning links to the entry itself when it names it ("Farbe", "Pique ...")
            "names_term": fold(TERMS_BY_SLUG[g.term].name(german).split(" (")[0])
            in fold(g.meaning(german)),
        }
        for g in GARBLED
    ]
    return render(
        request,
        "core/glossary.html",
        {"groups": groups, "garbled": garbled, "max_query": MAX_QUERY, "count": len(TERMS)},
    )


MAX_RESULTS = 50
"""Results listed for one search; a query finding more is told to add a word."""


@require_safe
def search_view(request: HttpRequest) -> HttpResponse:
    german = _german()
    raw = request.GET.get("q", "")
    context: dict[str, Any] = {"max_query": MAX_QUERY, "query": "", "results": None}
    status = 200
    try:
        query, cut = clean_query(raw[: MAX_QUERY * 20])
    except QueryError:
        context["error"] = _("The search contains control characters; please type words only.")
        status = 400
        return render(request, "core/search.html", context, status=status)
    context["query"] = query
    if cut or len(raw) > MAX_QUERY * 20:
        context["notice"] = _("Only the first %(count)d characters were searched.") % {
            "count": MAX_QUERY
        }
    if not query:
        if "q" in request.GET:
            context["error"] = _("Type a word to search for, in English or German.")
        return render(request, "core/search.html", context, status=status)
    kinds = {"term": _("Glossary"), "rule": _("Rules"), "card": _("The pack")}
    words = [word_pattern(w) for w in parse_query(query).words]
    hits = search_hits(query, limit=MAX_RESULTS + 1)
    # a list cut short says so (it said "50 results" for every common word)
    context["more"] = len(hits) > MAX_RESULTS
    # each result marks what it was found by: the query's words where a word starts, a card's
    # names, or (for the glossary entries of a card's rank and suit) the rank's or suit's name
    context["results"] = [
        {
            "url": doc.url,
            "title": highlight(doc.title_de if german else doc.title_en, marks),
            "other": other,
            "other_lang": "en" if german else "de",
            # the name in the other language: a glossary term's and a card's always (both are
            # bilingual), a rule section's where the words were found in it
            "other_shown": (doc.title_en != doc.title_de)
            and (doc.kind != "rule" or any(hit for _part, hit in other)),
            "text": highlight_excerpt(doc.text_de if german else doc.text_en, marks),
            "kind": kinds[doc.kind],
            # found by an odd word of the Piquet source: say so, since it is not shown otherwise
            # (a word of the query, not a card's or a rank's name: "Pik As" is not "As II")
            "garbled": [g for g in doc.garbled if any(w.search(fold(g)) for w in words)],
            "game": _game_name(doc.game) if doc.game else "",
        }
        for doc, marks in hits[:MAX_RESULTS]
        for other in [highlight(doc.title_en if german else doc.title_de, marks)]
    ]
    if not context["results"]:
        context["suggestion"] = suggest(query)
    return render(request, "core/search.html", context, status=status)
