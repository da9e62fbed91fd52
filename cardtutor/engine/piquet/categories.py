"""The rule pages' anchors and the scoring categories of a deal.

Every rule has a stable anchor in :data:`RULE_ANCHORS`; events and refusals point at
``"piquet#<anchor>"``. Score events carry one of :data:`CATEGORIES` (plus ``"partie"`` for the
settlement of a partie).

>>> CATEGORIES[REPIQUE], CATEGORY_RULE[REPIQUE]
('repique', 'piquet#repique')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["RULE_ANCHORS", "CATEGORIES", "DECLARATION_CATEGORIES", "CATEGORY_RULE"]

RULE_ANCHORS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "deal": ("The deal", "Das Geben"),
        "carte-blanche": ("Carte blanche", "Carte blanche"),
        "exchange": ("The exchange", "Der Kauf aus dem Talon"),
        "declaring": ("Declaring", "Das Ansagen"),
        "point": ("The point", "Der Point"),
        "equalities": ("Equalities", "Gleichheit"),
        "sequences": ("Sequences", "Sequenzen"),
        "sets": ("Quatorzes and trios", "Quatorze und Trios"),
        "sinking": ("Sinking", "Verschweigen"),
        "play": ("The play", "Das Stichspiel"),
        "younger-scores": (
            "Elder's lead, and when younger scores",
            "Das Ausspielen der Vorhand und wann die Hinterhand zählt",
        ),
        "last-trick": ("The last trick", "Der letzte Stich"),
        "the-cards": ("The cards", "Die Karten"),
        "capot": ("Capot", "Capot"),
        "reckoning-order": ("The order of reckoning", "Die Reihenfolge der Zählung"),
        "pique": ("Pique", "Pique"),
        "repique": ("Repique", "Repique"),
        "partie": ("The partie", "Die Partie"),
        "rubicon": ("The rubicon", "Der Rubikon"),
    }
)
"""Anchor -> (English title, German title) of the rule pages; events use ``"piquet#<anchor>"``."""

CATEGORIES: tuple[str, ...] = (
    "carte_blanche",
    "point",
    "sequence",
    "set",
    "lead",
    "trick",
    "last_trick",
    "cards",
    "capot",
    "pique",
    "repique",
)
"""Scoring categories of a deal, in the order of ``State.score_breakdown()``."""

DECLARATION_CATEGORIES: tuple[str, str, str] = ("point", "sequence", "set")
"""The declaring categories in their order; their index is the ``cat`` used internally."""

# Indices into CATEGORIES (the score log stores them). A declaration category ``cat`` (0 point,
# 1 sequence, 2 set) scores in CATEGORIES[1 + cat].
CARTE_BLANCHE, POINT, SEQUENCE, SET, LEAD, TRICK, LAST, CARDS, CAPOT, PIQUE, REPIQUE = range(11)

CATEGORY_RULE: tuple[str, ...] = (
    "piquet#carte-blanche",
    "piquet#point",
    "piquet#sequences",
    "piquet#sets",
    "piquet#play",
    "piquet#play",
    "piquet#last-trick",
    "piquet#the-cards",
    "piquet#capot",
    "piquet#pique",
    "piquet#repique",
)
"""The rule anchor of each category's score events."""
