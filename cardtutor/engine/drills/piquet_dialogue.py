"""The declaration dialogue of Piquet, shared by drills 1 (declaring) and 2 (answering).

Elder calls, category by category (point, sequences, sets); younger answers "Good." / "Not
good." / "Equal." (for the point, "Equal." at first when he holds as many cards, as one may
also ask "What do they make?", and elder then names the value). This module knows, for any claims of the two players (honest or
sunk), who wins each category, what each reckons in hand, repique and pique
(:func:`settle`), the words of the dialogue (:func:`dialogue`, :func:`replies`) and the reason
for each verdict in words (:func:`comparison`). The tests check all of it against the engine
playing the same declarations (:func:`engine_run`).

It also builds the deals the two drills need: hands placed directly (a run, a set, a long
suit), filled at random under a condition (:func:`fill`), and an exchange worked backwards so
that the engine can play the deal from its first state (:func:`deal_from_hands`).

>>> from cardtutor.engine.drills.piquet_hands import EXAMPLE_DEAL
>>> s = settle(EXAMPLE_DEAL)
>>> s.hand, s.totals, [replies(c, s.claims[0][c], s.claims[1][c]) for c in range(3)]
(((0, 5, 4, 0), (0, 0, 0, 17)), (10, 17), [('ask', 'good'), ('good',), ('not-good',)])
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtutor.engine.cards import Card, Suit, cards_from_mask
from cardtutor.engine.drills.piquet_hands import SEATS, PiquetDeal, Role
from cardtutor.engine.events import Event
from cardtutor.engine.piquet import Declare, Phase, State, apply
from cardtutor.engine.piquet.categories import DECLARATION_CATEGORIES
from cardtutor.engine.piquet.constants import (
    CARDS_DEALT,
    ELDER_STOCK,
    PIQUE_AT,
    POINTS_CARTE_BLANCHE,
    POINTS_LEAD,
    POINTS_PIQUE,
    POINTS_REPIQUE,
    STOCK,
    sequence_points,
)
from cardtutor.engine.piquet.declarations import claim_score, honest, seq_name, set_name, value
from cardtutor.engine.piquet.masks import COURT_MASK, FULL, RANK_MASKS, RUNS, bits, pips
from cardtutor.engine.text import Msg, register_messages

__all__ = [
    "Settlement",
    "settle",
    "honest_claims",
    "replies",
    "dialogue",
    "comparison",
    "engine_run",
    "fill",
    "run_mask",
    "deal_from_hands",
    "best_value",
    "claim_words",
    "point_words",
    "making_line",
    "CATEGORY_ANCHORS",
]

CATEGORY_ANCHORS = ("piquet#point", "piquet#sequences", "piquet#sets")
"""The rule section of each declaration category (0 point, 1 sequences, 2 sets)."""
NONE = (0, -1)
"""The value of no claim (below every claim's value)."""

register_messages(
    {
        # the dialogue
        "drill.dialogue.said": ("{seat}: “{line}”", "{seat}: „{line}“"),
        "drill.dialogue.answers": (
            "{seat} answers your {what}: “{line}”",
            "{seat} antwortet auf {what}: „{line}“",
        ),
        "drill.dialogue.answers.0": ("point", "deinen Point"),
        "drill.dialogue.answers.1": ("sequence", "deine Sequenz"),
        "drill.dialogue.answers.2": ("trio or quatorze", "dein Quatorze oder Trio"),
        # Younger with as many cards says "Equal." (he may ask "What do they make?"), as the
        # games, the replays and the rule page's dialogue say it; elder then names the value,
        # "Forty-nine." (the drills said "What do they make?" and "Making forty-nine.": a
        # learner met another dialogue everywhere else)
        "drill.dialogue.asks": (
            "{seat} holds as many cards: “{line}”",
            "{seat} hat ebenso viele Karten: „{line}“",
        ),
        "drill.dialogue.making": ("{N}.", "{N}."),
        "drill.dialogue.ask": ("Equal.", "Gleich."),
        "drill.dialogue.who": ("Who", "Wer"),
        "drill.dialogue.what": ("Says or scores", "Sagt oder zählt"),
        "drill.dialogue.table": (
            "The declarations, played out",
            "Die Ansagen, wie sie ablaufen",
        ),
        "drill.dialogue.score": (
            "scores {points} for {what}, {total} in all",
            "zählt {points} für {what}, zusammen {total}",
        ),
        "drill.dialogue.a_run": ("a {name}", "eine {name}"),  # a sequence scored
        "drill.dialogue.score_cb": (
            "has scored {points} for carte blanche, {total} in all",
            "hat {points} für Carte blanche gezählt, zusammen {total}",
        ),
        "drill.dialogue.score_lead": (
            "leads his first card and scores {points}, {total} in all",
            "spielt die erste Karte aus und zählt {points}, zusammen {total}",
        ),
        "drill.dialogue.score_repique": (
            "reaches {threshold} in hand before the other reckons anything: repique, "
            "{points} more, {total} in all",
            "erreicht {threshold} aus der Hand, bevor der andere etwas zählt: Repique, "
            "{points} dazu, zusammen {total}",
        ),
        "drill.dialogue.score_pique": (
            "reaches {threshold} with his lead before the other reckons anything: pique, "
            "{points} more, {total} in all",
            "erreicht {threshold} mit dem Ausspielen, bevor der andere etwas zählt: Pique, "
            "{points} dazu, zusammen {total}",
        ),
        "drill.dialogue.younger_shows": (
            "before playing to the first trick, shows and scores what is good",
            "zeigt und zählt vor der ersten Karte, was gut ist",
        ),
        "drill.dialogue.nothing_good": (
            "has nothing good to score before the first trick",
            "hat vor dem ersten Stich nichts Gutes zu zählen",
        ),
        "drill.dialogue.equal_none": (
            "(equal: nobody scores {what})",
            "(gleich: Keiner zählt {what})",
        ),
        "drill.dialogue.what.0": ("the point", "den Point"),
        "drill.dialogue.what.1": ("the sequences", "die Sequenzen"),
        "drill.dialogue.what.2": ("the quatorzes and trios", "die Quatorze und Trios"),
        # names
        "drill.dialogue.point_desc": (
            "{n} {suit} worth {pips}",
            "{n} Karten {suit} im Wert von {pips}",
        ),
        "drill.dialogue.seq_in": ("{name} in {suit}", "{name} in {suit}"),
        "drill.dialogue.combo": ("{name} for {points}", "{name} für {points}"),
        "drill.dialogue.combos": ("{combos}, {total} in all", "{combos}, zusammen {total}"),
        "drill.dialogue.no_point": ("no point", "kein Point"),
        "drill.dialogue.no_seq": ("no sequence", "keine Sequenz"),
        "drill.dialogue.no_sets": ("no trio or quatorze", "kein Trio und kein Quatorze"),
        # reasons: the point
        "drill.dialogue.r.point.longer": (
            "Point: {winner}'s {wname} against {loser}'s {lname}: more cards win, so "
            "{winner}'s point is good: {points} for {winner}, one for each card.",
            "Point: {winner} mit {wname} gegen {loser} mit {lname}: Mehr Karten gewinnen, "
            "also ist der Point von {winner} gut: {points} für {winner}, ein Punkt je Karte.",
        ),
        "drill.dialogue.r.point.pips": (
            "Point: {winner}'s {wname} against {loser}'s {lname}: as many cards, so their "
            "value decides, and {winner}'s point is good: {points} for {winner}, one for each "
            "card.",
            "Point: {winner} mit {wname} gegen {loser} mit {lname}: gleich viele Karten, also "
            "entscheidet der Wert, und der Point von {winner} ist gut: {points} für {winner}, "
            "ein Punkt je Karte.",
        ),
        "drill.dialogue.r.point.equal": (
            "Point: {elder}'s {ename} against {younger}'s {yname}: as many cards and the same "
            "value: equal, so neither player scores the point.",
            "Point: {elder} mit {ename} gegen {younger} mit {yname}: gleich viele Karten und "
            "gleicher Wert: gleich, also zählt keiner für den Point.",
        ),
        "drill.dialogue.r.point.alone": (
            "Point: {loser} declares no point, so {winner}'s {wname} is good without a "
            "comparison: {points} for {winner}.",
            "Point: {loser} sagt keinen Point an, also ist {wname} von {winner} ohne Vergleich "
            "gut: {points} für {winner}.",
        ),
        "drill.dialogue.r.point.none": (
            "Point: neither player declares one.",
            "Point: Keiner sagt einen an.",
        ),
        # reasons: sequences
        "drill.dialogue.r.seq.longer": (
            "Sequences: {winner}'s best, a {wname}, against {loser}'s best, a {lname}: the "
            "longer sequence wins, and {winner} scores all his sequences: {combos}.",
            "Sequenzen: die beste von {winner}, eine {wname}, gegen die beste von {loser}, "
            "eine {lname}: Die längere Sequenz gewinnt, und {winner} zählt alle seine "
            "Sequenzen: {combos}.",
        ),
        "drill.dialogue.r.seq.higher": (
            "Sequences: {winner}'s best, a {wname}, against {loser}'s best, a {lname}: as "
            "long, so the higher top card wins, and {winner} scores all his sequences: "
            "{combos}.",
            "Sequenzen: die beste von {winner}, eine {wname}, gegen die beste von {loser}, "
            "eine {lname}: gleich lang, also gewinnt die höhere oberste Karte, und {winner} "
            "zählt alle seine Sequenzen: {combos}.",
        ),
        "drill.dialogue.r.seq.equal": (
            "Sequences: {elder}'s best and {younger}'s best are both a {name}: equal, so "
            "neither player scores any sequence, not even a smaller one.",
            "Sequenzen: Die beste von {elder} und die beste von {younger} sind beide eine "
            "{name}: gleich, also zählt keiner irgendeine Sequenz, auch keine kleinere.",
        ),
        "drill.dialogue.r.seq.alone": (
            "Sequences: {loser} declares none against {winner}'s {wname}, so {winner} scores "
            "all his sequences: {combos}.",
            "Sequenzen: {loser} hat keine anzusagen; {winner} hat eine {wname} und zählt alle "
            "seine Sequenzen: {combos}.",
        ),
        "drill.dialogue.r.seq.none": (
            "Sequences: neither player declares one.",
            "Sequenzen: Keiner sagt eine an.",
        ),
        "drill.dialogue.r.seq.cancelled": (
            "Whatever else {loser} holds ({others}) counts for nothing, even where it beats a "
            "smaller sequence of {winner}'s: only the holder of the best sequence scores any.",
            "Was {loser} sonst hält ({others}), zählt nichts, auch wo es eine kleinere Sequenz "
            "von {winner} schlägt: Nur wer die beste Sequenz hat, zählt überhaupt welche.",
        ),
        # reasons: sets
        "drill.dialogue.r.sets.quatorze": (
            "Quatorzes and trios: {winner}'s {wname} against {loser}'s {lname}: a quatorze "
            "beats any trio, and {winner} scores all his sets: {combos}.",
            "Quatorze und Trios: {wname} von {winner} gegen {lname} von {loser}: Ein Quatorze "
            "schlägt jedes Trio, und {winner} zählt alle seine Quatorze und Trios: {combos}.",
        ),
        "drill.dialogue.r.sets.higher": (
            "Quatorzes and trios: {winner}'s {wname} against {loser}'s {lname}: as many cards, "
            "so the higher rank wins, and {winner} scores all his sets: {combos}.",
            "Quatorze und Trios: {wname} von {winner} gegen {lname} von {loser}: gleich viele "
            "Karten, also gewinnt der höhere Rang, und {winner} zählt alle seine Quatorze und "
            "Trios: {combos}.",
        ),
        "drill.dialogue.r.sets.alone": (
            "Quatorzes and trios: {loser} declares none against {winner}'s {wname}, so "
            "{winner} scores all his sets: {combos}.",
            "Quatorze und Trios: {loser} hat nichts anzusagen; {winner} hat {wname} und zählt "
            "alle seine Quatorze und Trios: {combos}.",
        ),
        "drill.dialogue.r.sets.none": (
            "Quatorzes and trios: neither player declares one.",
            "Quatorze und Trios: Keiner sagt eins an.",
        ),
        "drill.dialogue.r.sets.cancelled": (
            "Whatever else {loser} holds ({others}) counts for nothing: only the holder of the "
            "best trio or quatorze scores any.",
            "Was {loser} sonst hält ({others}), zählt nichts: Nur wer das beste Trio oder "
            "Quatorze hat, zählt überhaupt welche.",
        ),
    }
)


# ---------------------------------------------------------------------------------------------
# Claims and what they score
# ---------------------------------------------------------------------------------------------


def honest_claims(hand: int) -> tuple[int, int, int]:
    """The best honest claim of ``hand`` in each category (point, sequences, sets)."""
    return honest(0, hand), honest(1, hand), honest(2, hand)


def best_value(cat: int, claim: int) -> tuple[int, int]:
    """The comparable value of a claim (:data:`NONE` for no claim)."""
    return value(cat, claim) if claim else NONE


def winner_of(cat: int, elder: int, younger: int) -> Role | None:
    """Who wins category ``cat`` with these claims (``None``: equal, or nobody declares).

    >>> winner_of(0, 0b1111, 0)
    <Role.ELDER: 0>
    """
    ev, yv = best_value(cat, elder), best_value(cat, younger)
    if ev > yv:
        return Role.ELDER
    if yv > ev:
        return Role.YOUNGER
    return None


@dataclass(frozen=True)
class Settlement:
    """What each player reckons from the declarations, by the rules (up to younger's first
    card)."""

    claims: tuple[tuple[int, int, int], tuple[int, int, int]]
    """By role: the claims made in each category."""
    winners: tuple[Role | None, Role | None, Role | None]
    equal: tuple[bool, bool, bool]
    """Both declared and the claims are equal (nobody scores)."""
    hand: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]
    """By role: carte blanche (I), point (II), sequences (III), sets (IV)."""
    repique: Role | None
    pique: bool
    totals: tuple[int, int]
    """Elder's after his first lead, younger's as he plays to the first trick."""

    @property
    def margin(self) -> int:
        """Elder's total less younger's."""
        return self.totals[0] - self.totals[1]


def _reach(hand: Sequence[int]) -> int:
    total = 0
    for cat, points in enumerate(hand):
        total += points
        if total >= PIQUE_AT:
            return cat
    return len(hand)


def _first(hand: Sequence[int]) -> int:
    return next((cat for cat, points in enumerate(hand) if points), len(hand))


def settle(
    deal: PiquetDeal,
    elder: tuple[int, int, int] | None = None,
    younger: tuple[int, int, int] | None = None,
) -> Settlement:
    """Reckon the deal's declarations (honest claims where none are given) by the rules.

    >>> from cardtutor.engine.drills.piquet_hands import EXAMPLE_DEAL
    >>> settle(EXAMPLE_DEAL, elder=(0, 0, 0)).totals  # elder sinks everything
    (1, 28)
    """
    hands = deal.hands
    claims = (
        elder if elder is not None else honest_claims(hands[0]),
        younger if younger is not None else honest_claims(hands[1]),
    )
    score = [[0, 0, 0, 0], [0, 0, 0, 0]]
    for r in Role:
        if deal.carte_blanche(r):
            score[r][0] = POINTS_CARTE_BLANCHE
    winners: list[Role | None] = []
    equal: list[bool] = []
    for cat in range(3):
        w = winner_of(cat, claims[0][cat], claims[1][cat])
        winners.append(w)
        equal.append(w is None and bool(claims[0][cat]) and bool(claims[1][cat]))
        if w is not None:
            score[w][cat + 1] = claim_score(cat, claims[w][cat])
    repique: Role | None = None
    for r in Role:
        if _reach(score[r]) < _first(score[r.other]):
            repique = r
    elder_hand, younger_hand = sum(score[0]), sum(score[1])
    totals = [elder_hand + POINTS_LEAD, younger_hand]
    if repique is not None:
        totals[repique] += POINTS_REPIQUE
    pique = repique is None and younger_hand == 0 and elder_hand + POINTS_LEAD >= PIQUE_AT
    if pique:
        totals[0] += POINTS_PIQUE
    e, y = score
    return Settlement(
        claims,
        (winners[0], winners[1], winners[2]),
        (equal[0], equal[1], equal[2]),
        ((e[0], e[1], e[2], e[3]), (y[0], y[1], y[2], y[3])),
        repique,
        pique,
        (totals[0], totals[1]),
    )


def replies(cat: int, elder: int, younger: int) -> tuple[str, ...]:
    """Younger's answers to elder's claim in ``cat``, in order: ``"good"``, ``"not-good"``,
    ``"equal"`` and, for a point of as many cards, ``"ask"`` ("Equal.": what do they make?) followed
    by the answer to its value. No answer (``()``) when elder declares nothing.

    >>> replies(1, 0b111 << 5, 0b111 << 13)  # two tierces major
    ('equal',)
    """
    if not elder:
        return ()
    ev, yv = best_value(cat, elder), best_value(cat, younger)
    out: list[str] = []
    if cat == 0 and yv[0] == ev[0]:
        out.append("ask")
    out.append("good" if yv < ev else "not-good" if yv > ev else "equal")
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------------------------


def _suit_of(m: int) -> Suit:
    return Suit((m & -m).bit_length() - 1 >> 3)


def making_line(value: int) -> Msg:
    """Elder naming his point's value when asked: ``Making forty-nine.`` (German says the
    number alone, capitalised: ``Neunundvierzig.``)."""
    return Msg("drill.dialogue.making", n=Msg(f"piquet.num.{value}"), N=Msg(f"piquet.Num.{value}"))


def point_words(claim: int) -> Msg:
    """``five hearts worth 49`` (a claim of one suit)."""
    return Msg(
        "drill.dialogue.point_desc",
        n=Msg(f"piquet.num.{claim.bit_count()}"),
        suit=_suit_of(claim),
        pips=pips(claim),
    )


def _runs(claim: int) -> list[tuple[int, int, int]]:
    """(suit, lowest offset, length) of each sequence of a claim, best first."""
    out = [
        (s, lo, n)
        for s in range(4)
        for lo, n in RUNS[claim >> (8 * s) & 255]
        if n >= 3  # a claim holds sequences only
    ]
    out.sort(key=lambda r: (r[2], r[1] + r[2]), reverse=True)
    return out


def _run_words(s: int, lo: int, n: int, cap: bool = False) -> Msg:
    return Msg("drill.dialogue.seq_in", name=seq_name(lo, n, cap=cap), suit=Suit(s))


def _sets(claim: int) -> list[tuple[int, int]]:
    """(rank offset, number of cards) of each set of a claim, best first."""
    out = [(o, (claim & RANK_MASKS[o]).bit_count()) for o in (7, 6, 5, 4, 3)]
    out = [(o, n) for o, n in out if n]
    out.sort(key=lambda t: (t[1], t[0]), reverse=True)
    return out


def claim_words(cat: int, claim: int, cap: bool = False) -> Msg:
    """The best combination of a claim in words (``quart major in hearts``…); ``cap``: with a
    capital letter, for a label (``Three jacks``)."""
    if not claim:
        return Msg(
            ("drill.dialogue.no_point", "drill.dialogue.no_seq", "drill.dialogue.no_sets")[cat]
        )
    if cat == 0:
        return point_words(claim)
    if cat == 1:
        return _run_words(*_runs(claim)[0], cap=cap)
    o, n = _sets(claim)[0]
    return set_name(o, n, cap=cap)


def scored_words(cat: int, claim: int) -> Msg | tuple[Msg, ...]:
    """What a claim scores for: :func:`names`, each sequence with its article ("a quart major
    in hearts and a tierce minor in clubs"), as the engine's score lines say it."""
    if cat == 1:
        return tuple(Msg("drill.dialogue.a_run", name=_run_words(*r)) for r in _runs(claim))
    return names(cat, claim)


def other_words(cat: int, claim: int) -> tuple[Msg, ...]:
    """The combinations of a claim after its best one, in words."""
    if cat == 1:
        return tuple(_run_words(*r) for r in _runs(claim)[1:])
    if cat == 2:
        return tuple(set_name(o, n) for o, n in _sets(claim)[1:])
    return ()


def combos(cat: int, claim: int) -> Msg:
    """Every combination of a claim with its points, and their sum."""
    if cat == 1:
        parts = [
            Msg("drill.dialogue.combo", name=_run_words(s, lo, n), points=sequence_points(n))
            for s, lo, n in _runs(claim)
        ]
    else:
        parts = [
            Msg(
                "drill.dialogue.combo",
                name=set_name(o, n),
                points=claim_score(2, RANK_MASKS[o] & claim),
            )
            for o, n in _sets(claim)
        ]
    if len(parts) == 1:
        return parts[0]
    return Msg("drill.dialogue.combos", combos=tuple(parts), total=claim_score(cat, claim))


def names(cat: int, claim: int, cap: bool = False) -> Msg | tuple[Msg, ...]:
    """The combinations of a claim in words, best first (no points; ``cap``: the first with a
    capital letter, for a label)."""
    if cat == 0:
        return point_words(claim)
    return (claim_words(cat, claim, cap=cap), *other_words(cat, claim))


def call_line(cat: int, claim: int) -> Msg:
    """What elder says for a claim: "Five cards.", "Quart major.", "Three jacks?"."""
    if not claim:
        return Msg(f"piquet.say.none.{cat}")
    if cat == 0:
        n = claim.bit_count()
        return (
            Msg("piquet.say.point1")
            if n == 1
            else Msg("piquet.say.point", n=Msg(f"piquet.Num.{n}"))
        )
    if cat == 1:
        _s, lo, n = _runs(claim)[0]
        return Msg("piquet.say.sequence", name=seq_name(lo, n, cap=True))
    o, n = _sets(claim)[0]
    return Msg("piquet.say.set", name=set_name(o, n, cap=True))


REPLY_LINES = {
    "good": "piquet.say.good",
    "not-good": "piquet.say.not_good",
    "equal": "piquet.say.equal",
    "ask": "drill.dialogue.ask",
}


def reply_line(reply: str) -> Msg:
    return Msg(REPLY_LINES[reply])


def said(seat: str, line: Msg) -> Msg:
    """``A: “Five cards.”``"""
    return Msg("drill.dialogue.said", seat=seat, line=line)


def answered(seat: str, cat: int, line: Msg) -> Msg:
    """``B answers your point: “Good.”`` (younger's answer to the learner's call in ``cat``,
    shown above the next question), or ``B holds as many cards: “Equal.”``."""
    if line.key == REPLY_LINES["ask"]:
        return Msg("drill.dialogue.asks", seat=seat, line=line)
    return Msg(
        "drill.dialogue.answers", seat=seat, what=Msg(f"drill.dialogue.answers.{cat}"), line=line
    )


def comparison(deal: PiquetDeal, s: Settlement, cat: int) -> list[Msg]:
    """Why category ``cat`` went as it did: the two best claims compared, in words (and, where
    the loser held several combinations, that they count for nothing)."""
    seats = (deal.elder, deal.younger)
    claims = (s.claims[0][cat], s.claims[1][cat])
    key = ("point", "seq", "sets")[cat]
    w = s.winners[cat]
    if w is None:
        if not claims[0] and not claims[1]:
            return [Msg(f"drill.dialogue.r.{key}.none")]
        if cat == 0:
            return [
                Msg(
                    "drill.dialogue.r.point.equal",
                    elder=seats[0],
                    younger=seats[1],
                    ename=point_words(claims[0]),
                    yname=point_words(claims[1]),
                )
            ]
        return [
            Msg(
                "drill.dialogue.r.seq.equal",
                elder=seats[0],
                younger=seats[1],
                name=seq_name(*_lo_n(claims[0])),
            )
        ]
    lose = w.other
    params: dict[str, Any] = {
        "winner": seats[w],
        "loser": seats[lose],
        "wname": claim_words(cat, claims[w]),
    }
    if cat == 0:
        params["points"] = claims[w].bit_count()
    else:
        params["combos"] = combos(cat, claims[w])
    if not claims[lose]:
        kind = "alone"
    else:
        params["lname"] = claim_words(cat, claims[lose])
        longer = best_value(cat, claims[w])[0] > best_value(cat, claims[lose])[0]
        kind = {0: ("pips", "longer"), 1: ("higher", "longer"), 2: ("higher", "quatorze")}[cat][
            longer
        ]
    out = [Msg(f"drill.dialogue.r.{key}.{kind}", **params)]
    others = other_words(cat, claims[lose])
    if others:
        out.append(
            Msg(
                f"drill.dialogue.r.{key}.cancelled",
                loser=seats[lose],
                winner=seats[w],
                others=others,
            )
        )
    return out


def _lo_n(claim: int) -> tuple[int, int]:
    _s, lo, n = _runs(claim)[0]
    return lo, n


def dialogue(deal: PiquetDeal, s: Settlement) -> list[tuple[str, Msg]]:
    """The declarations played out: who says what, and who scores what, in order (elder's
    calls and younger's answers, elder's scores at once, his lead, younger's scores before his
    first card)."""
    elder, younger = deal.elder, deal.younger
    rows: list[tuple[str, Msg]] = []
    totals = [s.hand[0][0], s.hand[1][0]]
    for r in Role:
        if s.hand[r][0]:
            rows.append(
                (
                    deal.seat(r),
                    Msg("drill.dialogue.score_cb", points=s.hand[r][0], total=totals[r]),
                )
            )
    for cat in range(3):
        e, y = s.claims[0][cat], s.claims[1][cat]
        rows.append((elder, call_line(cat, e)))
        answers = replies(cat, e, y)
        for reply in answers:
            rows.append((younger, reply_line(reply)))
            if reply == "ask":
                rows.append((elder, making_line(pips(e))))
        if s.winners[cat] is Role.ELDER:
            totals[0] += s.hand[0][cat + 1]
            rows.append(
                (
                    elder,
                    Msg(
                        "drill.dialogue.score",
                        points=s.hand[0][cat + 1],
                        what=scored_words(cat, e),
                        total=totals[0],
                    ),
                )
            )
        elif s.equal[cat]:
            rows.append(
                (younger, Msg("drill.dialogue.equal_none", what=Msg(f"drill.dialogue.what.{cat}")))
            )
    if s.repique is Role.ELDER:
        totals[0] += POINTS_REPIQUE
        rows.append((elder, _bonus("drill.dialogue.score_repique", POINTS_REPIQUE, totals[0])))
    totals[0] += POINTS_LEAD
    rows.append((elder, Msg("drill.dialogue.score_lead", points=POINTS_LEAD, total=totals[0])))
    if s.pique:
        totals[0] += POINTS_PIQUE
        rows.append((elder, _bonus("drill.dialogue.score_pique", POINTS_PIQUE, totals[0])))
    good = [cat for cat in range(3) if s.winners[cat] is Role.YOUNGER]
    if good:
        rows.append((younger, Msg("drill.dialogue.younger_shows")))
    else:
        rows.append((younger, Msg("drill.dialogue.nothing_good")))
    for cat in good:
        y = s.claims[1][cat]
        totals[1] += s.hand[1][cat + 1]
        rows.append(
            (
                younger,
                Msg(
                    "drill.dialogue.score",
                    points=s.hand[1][cat + 1],
                    what=scored_words(cat, y),
                    total=totals[1],
                ),
            )
        )
    if s.repique is Role.YOUNGER:
        totals[1] += POINTS_REPIQUE
        rows.append((younger, _bonus("drill.dialogue.score_repique", POINTS_REPIQUE, totals[1])))
    return rows


def _bonus(key: str, points: int, total: int) -> Msg:
    return Msg(key, points=points, total=total, threshold=PIQUE_AT)


def dialogue_rows(deal: PiquetDeal, s: Settlement) -> list[tuple[str, Msg]]:
    """:func:`dialogue` with spoken lines quoted (for a table: who, what)."""
    out: list[tuple[str, Msg]] = []
    for seat, line in dialogue(deal, s):
        if line.key.startswith("piquet.say.") or line.key in (
            "drill.dialogue.ask",
            "drill.dialogue.making",
        ):
            line = Msg("drill.quoted", text=line)  # base's quotation marks
        out.append((seat, line))
    return out


# ---------------------------------------------------------------------------------------------
# The engine playing the same declarations (for the tests and the feedback's cross-checks)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EngineRun:
    """The engine's declarations of a deal, elder's first lead and younger's first card."""

    state: State
    """After younger's first card."""
    events: tuple[Event, ...]
    """Every event from the first declaration on (says, scores, infos, plays)."""
    outcomes: tuple[int, int, int]


def engine_run(
    deal: PiquetDeal,
    elder: tuple[int, int, int] | None = None,
    younger: tuple[int, int, int] | None = None,
    rng: random.Random | None = None,
) -> EngineRun:
    """Play the declarations with the engine (honest claims where none are given), elder's
    first lead and younger's first card (random legal cards)."""
    state = deal.state()
    claims = (
        elder if elder is not None else honest_claims(deal.hands[0]),
        younger if younger is not None else honest_claims(deal.hands[1]),
    )
    events: list[Event] = []
    while state.phase is Phase.DECLARE:
        role = Role.ELDER if state.turn == state.elder else Role.YOUNGER
        cat = DECLARATION_CATEGORIES.index(str(state.category))
        action = Declare(state.seats[state.turn], DECLARATION_CATEGORIES[cat], claims[role][cat])
        state, news = apply(state, action)
        events += list(news)
    outcomes = state.outcomes
    rng = rng or random.Random(0)
    for _card in range(2):
        state, news = apply(state, state.legal_actions.sample(rng))
        events += list(news)
    return EngineRun(state, tuple(events), (outcomes[0], outcomes[1], outcomes[2]))


# ---------------------------------------------------------------------------------------------
# Building hands and deals
# ---------------------------------------------------------------------------------------------


def run_mask(suit: int, top: int, length: int) -> int:
    """``length`` cards in suit order ending at offset ``top`` (7 is the ace).

    >>> cards_from_mask(run_mask(2, 7, 3))
    (Card.parse('QH'), Card.parse('KH'), Card.parse('AH'))
    """
    return ((1 << length) - 1) << (top - length + 1) << (8 * suit)


def fill(
    rng: random.Random,
    have: int,
    pool: int,
    ok: Callable[[int], bool] | None = None,
    n: int = CARDS_DEALT,
) -> int | None:
    """``have`` plus random cards of ``pool`` up to ``n`` cards, each kept only if the hand
    so far satisfies ``ok``; ``None`` if the pool runs out first."""
    cards = bits(pool & ~have)
    rng.shuffle(cards)
    for i in cards:
        if have.bit_count() >= n:
            break
        m = have | 1 << i
        if ok is None or ok(m):
            have = m
    return have if have.bit_count() == n else None


def pick(rng: random.Random, pool: int, n: int) -> int:
    """``n`` random cards of ``pool`` (all of them if fewer)."""
    cards = bits(pool)
    out = 0
    for i in rng.sample(cards, min(n, len(cards))):
        out |= 1 << i
    return out


def deal_from_hands(
    rng: random.Random,
    elder: int,
    younger: int,
    *,
    elder_discard: int | None = None,
    dealer: str | None = None,
    case: str = "",
) -> PiquetDeal | None:
    """A deal whose exchange leaves elder and younger with these hands: elder discards
    ``elder_discard`` (random cards of the eight others if ``None``) and takes as many from the
    top of the stock, younger then takes one to three. Neither is dealt carte blanche;
    ``None`` if a few tries cannot avoid it.

    >>> rng = random.Random(1)
    >>> e = run_mask(0, 7, 8) | run_mask(1, 7, 4)
    >>> y = run_mask(2, 7, 8) | run_mask(3, 7, 4)
    >>> deal = deal_from_hands(rng, e, y)
    >>> deal.hands == (e, y), deal.state().category
    (True, 'point')
    """
    rest = FULL & ~elder & ~younger
    if dealer is None:
        dealer = rng.choice(SEATS)
    for _attempt in range(6):
        if elder_discard is None:
            k = rng.choices((3, 4, 5), (1, 2, 5))[0]
            discard_e = pick(rng, rest, k)
        else:
            discard_e, k = elder_discard, elder_discard.bit_count()
        j = rng.choices((1, 2, 3), (1, 2, 4))[0]
        j = min(j, STOCK - k)
        taken_e = pick(rng, elder, k)
        taken_y = pick(rng, younger, j)
        discard_y = pick(rng, rest & ~discard_e, j)
        dealt = ((elder & ~taken_e) | discard_e, (younger & ~taken_y) | discard_y)
        if not (dealt[0] & COURT_MASK and dealt[1] & COURT_MASK):
            continue
        order = [bits(taken_e), bits(taken_y), bits(rest & ~discard_e & ~discard_y)]
        for part in order:
            rng.shuffle(part)
        stock = tuple(order[0] + order[1] + order[2])
        assert len(stock) == STOCK and k <= ELDER_STOCK
        return PiquetDeal(dealt, stock, (discard_e, discard_y), dealer, SEATS, case)
    return None


@functools.lru_cache(maxsize=1024)
def unknown_to_elder(deal: PiquetDeal) -> int:
    """The cards younger may hold as far as elder can tell: all but elder's hand and discard."""
    return FULL & ~deal.hands[0] & ~deal.discards[0]


def card_list(m: int) -> tuple[Card, ...]:
    """The cards of a mask, highest first (for messages)."""
    return cards_from_mask(m)[::-1]
