"""The worked examples' source citations in English, for English pages.

A replay stores its source's title and the passage it follows once, as the source cites itself
(both worked examples are German texts), and the export format carries that one title. On
English pages the two worked examples' citations are given in English here, as the site's
footer gives them; any other replay (an imported one) shows its citation as stored.

>>> cite("„Besik“, Rubrik Geschicklichkeitsspiele", "en")
'“Besik”, a German article from the section Geschicklichkeitsspiele (games of skill)'
>>> cite("„Besik“, Rubrik Geschicklichkeitsspiele", "de")
'„Besik“, Rubrik Geschicklichkeitsspiele'
>>> cite("Hoyle (1907)", "en")
'Hoyle (1907)'
"""

from __future__ import annotations

ENGLISH = {
    # the Piquet example: the titles and the passage as build_replay_fixtures stores them
    "„Piquet“, Encyclopaedia Britannica, 11. Auflage (1911), maschinell übersetzt": (
        "“Piquet”, Encyclopaedia Britannica, 11th edition (1911), in a German machine translation"
    ),
    "„Rubicon Piquet“ bis „Example.“ und die Zählregeln": (
        "from “Rubicon Piquet” to “Example.”, and the rules for counting"
    ),
    # the Besik example
    "„Besik“, Rubrik Geschicklichkeitsspiele": (
        "“Besik”, a German article from the section Geschicklichkeitsspiele (games of skill)"
    ),
    "„Spielregeln“ bis „Besik für vier Personen“": (
        "from “Spielregeln” (the rules of play) to “Besik für vier Personen” (Besik for four)"
    ),
}


def cite(stored: str, lang: str) -> str:
    """``stored`` (a replay's source title or passage) for a page in ``lang``."""
    if lang.startswith("de"):
        return stored
    return ENGLISH.get(stored, stored)
