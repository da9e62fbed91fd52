"""Besik rulesets: class-level flags, never mixed.

A ruleset is a class with class-level flags (python-chess variant style); the
engine reads the flags, never the class name. Two rulesets exist and are never
mixed: :class:`SeedRuleset` (the German source, RULES.md section 3) and
:class:`StandardRuleset` (English "standard" Bezique, RULES.md section 4).

>>> SeedRuleset.name, StandardRuleset.name
('seed', 'standard')
>>> ruleset_by_name("standard").must_win_last_eight
True
>>> SeedRuleset.packs(4), StandardRuleset.packs(4), StandardRuleset.target(3)
(3, 4, 2000)
"""

from __future__ import annotations

from typing import ClassVar

from cardtutor.engine.besik.constants import GAME_TARGET, GAME_TARGET_STANDARD_MANY
from cardtutor.engine.errors import NotationError
from cardtutor.engine.text import Msg


class Ruleset:
    """Base class of the Besik rulesets. Subclasses only set flags."""

    name: ClassVar[str] = ""
    title: ClassVar[tuple[str, str]] = ("", "")
    augen: ClassVar[bool] = True
    """True: all Augen count (A 11, 10 10, K 4, D 3, B 2); False: brisques only (A, 10 = 10)."""
    quint_any_suit: ClassVar[bool] = True
    """True: Quint-Major in any suit; False: the sequence in trumps only."""
    meld_after_draw: ClassVar[bool] = True
    """True: the trick winner may declare before or after the draw; False: before only."""
    exchange_card_meldable: ClassVar[bool] = True
    """True: the card taken for the trump seven may be melded in the same turn."""
    marriage_from_sequence: ClassVar[bool] = True
    """True: a marriage may be taken out of an already declared Quint-Major."""
    must_win_last_eight: ClassVar[bool] = False
    """True: in the last eight tricks a player must also win the trick if he can."""
    triple_besik_wins: ClassVar[bool] = True
    """True: a Tripelbesik held in the first eight cards may be declared at the first
    turn without a won trick and wins the game at once (three or four players)."""
    _packs: ClassVar[tuple[int, ...]] = (0, 0, 2, 3, 3)
    _target: ClassVar[tuple[int, ...]] = (0, 0, GAME_TARGET, GAME_TARGET, GAME_TARGET)

    @classmethod
    def packs(cls, players: int) -> int:
        """Number of 32-card packs for ``players`` players."""
        return cls._packs[players]

    @classmethod
    def target(cls, players: int) -> int:
        """The game total: the game ends at the end of a deal once a party reaches it."""
        return cls._target[players]


class SeedRuleset(Ruleset):
    """The German seed's Besik (RULES.md section 3): Augen, Quint-Major in any suit,
    melds before or after the draw, marriage out of a declared Quint-Major, no duty
    to win in the last eight tricks, three packs for three and four players, 1000."""

    name = "seed"
    title = ("Besik (German rules)", "Besik (deutsche Regeln)")


class StandardRuleset(Ruleset):
    """Standard (English) Bezique (RULES.md section 4): brisques only, sequence in
    trumps only, meld before drawing, the card taken for the seven not meldable that
    turn, no marriage out of a declared sequence, must win in the last eight tricks,
    three/four packs for three/four players and 2000 with three or four players."""

    name = "standard"
    title = ("Standard Bezique", "Standard-Bezique")
    augen = False
    quint_any_suit = False
    meld_after_draw = False
    exchange_card_meldable = False
    marriage_from_sequence = False
    must_win_last_eight = True
    triple_besik_wins = False
    _packs = (0, 0, 2, 3, 4)
    _target = (0, 0, GAME_TARGET, GAME_TARGET_STANDARD_MANY, GAME_TARGET_STANDARD_MANY)


RULESETS: dict[str, type[Ruleset]] = {"seed": SeedRuleset, "standard": StandardRuleset}


def ruleset_by_name(name: str) -> type[Ruleset]:
    """The ruleset class for a record's ``ruleset`` field (``"seed"`` or ``"standard"``)."""
    try:
        return RULESETS[name]
    except KeyError:
        raise NotationError(Msg("besik.err.ruleset", name=name)) from None
