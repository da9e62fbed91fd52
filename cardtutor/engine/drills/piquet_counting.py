"""Piquet drill 3, *Counting a hand*: the totals before the play, in the order of reckoning.

The learner sees the hands after the exchange (both hands, saying which seat is elder; at the
easy level his own hand and the opponent's declarations) and reckons, category by category in
the order of reckoning (I carte blanche, II point, III sequences, IV sets, then the elder hand's
first lead), who scores what, whether a repique or a pique is scored and for whom, and each
player's total before the play: the elder hand's after his first lead, the younger hand's when
he plays to the first trick.

Levels: easy items show one hand and have no equalities; medium ones show both hands, every
category good or not good; hard ones are the edge cases (an equal point or equal sequences, 29
made 30 by the first lead, carte blanche saving a repique, an equality not saving one, the order
of reckoning denying a repique or a pique). Rare cases (:data:`CASES`) come from
:mod:`.piquet_hands`; the curated item ``"example"`` is Cavendish's Example.

The checker (:func:`count`) reckons with the engine's combination values and names
(:mod:`cardtutor.engine.piquet.declarations`) and its own comparisons, so that it can say why
each figure is what it is; the tests compare it with the engine playing the same deal.

>>> drill = CountingDrill()
>>> item = drill.item("example", Level.MEDIUM)
>>> c = count(deal_of(item))
>>> c.hand, c.totals
(((0, 5, 4, 0), (0, 0, 0, 17)), (10, 17))
>>> data = {"point_elder": "5", "point_younger": "0", "seq_elder": "4", "seq_younger": "0",
...     "sets_elder": "0", "sets_younger": "17", "bonus": "none", "total_elder": "10",
...     "total_younger": "17"}
>>> drill.check(item, drill.parse_answer(item, data)).correct
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtutor.engine.cards import Suit
from cardtutor.engine.drills.base import (
    Feedback,
    Field,
    Item,
    Level,
    Show,
    parse_fields,
    rng_for,
    seed_case,
)
from cardtutor.engine.drills.piquet_hands import (
    EXAMPLE_DEAL,
    PiquetDeal,
    Role,
    carte_blanche_deal,
    carte_blanche_saves_repique_deal,
    equal_point_deal,
    equal_sequences_deal,
    equality_repique_deal,
    long_sequence_deal,
    order_denies_repique_deal,
    pique_deal,
    pique_denied_deal,
    quatorze_trio_deal,
    random_deal,
    repique_deal,
)
from cardtutor.engine.piquet.constants import (
    CARDS_DEALT,
    PIQUE_AT,
    POINTS_CARTE_BLANCHE,
    POINTS_LEAD,
    POINTS_PIQUE,
    POINTS_REPIQUE,
    SEQUENCE_BONUS_FROM,
    SET_MIN,
)
from cardtutor.engine.piquet.declarations import (
    Combination,
    claim_score,
    combinations,
    honest,
    point_name,
    seq_name,
    set_name,
    value,
)
from cardtutor.engine.text import Msg, register_messages

__all__ = ["CountingDrill", "Count", "count", "deal_of", "CASES"]

register_messages(
    {
        "drill.counting.title": ("Counting a hand", "Eine Hand zählen"),
        "drill.counting.summary": (
            "Reckon carte blanche, point, sequences and sets in their order, spot a repique or "
            "a pique, and give each player's total before the play.",
            "Carte blanche, Point, Sequenzen, Quatorze und Trios der Reihe nach zählen, Repique "
            "oder Pique erkennen und jeden Stand vor dem Stichspiel angeben.",
        ),
        "drill.counting.prompt": (
            "Count both hands in the order of reckoning: what each player scores for carte "
            "blanche (I), the point (II), the sequences (III) and the quatorzes and trios "
            "(IV), whether a repique or a pique is scored, and each player's total before the "
            "play (the elder hand's after his first lead, the younger hand's as he plays to "
            "the first trick).",
            "Zähle beide Hände in der Reihenfolge der Zählung: was jeder für Carte blanche (I), "
            "den Point (II), die Sequenzen (III) und die Quatorze und Trios (IV) zählt, ob ein "
            "Repique oder ein Pique fällt, und jeden Stand vor dem Stichspiel (den der Vorhand nach "
            "ihrem ersten Ausspielen, den der Hinterhand, wenn sie zum ersten Stich zugibt).",
        ),
        "drill.counting.prompt_easy": (
            "You see your own hand and what your opponent declares (all his combinations). "
            "Count both players in the order of reckoning: carte blanche (I), the point (II), "
            "the sequences (III), the quatorzes and trios (IV), a repique or a pique, and each "
            "total before the play (the elder hand's after his first lead).",
            "Du siehst deine Hand und was dein Gegner ansagt (alle seine Kombinationen). Zähle "
            "für beide in der Reihenfolge der Zählung: Carte blanche (I), Point (II), Sequenzen "
            "(III), Quatorze und Trios (IV), Repique oder Pique und jeden Stand vor dem Stichspiel "
            "(den der Vorhand nach ihrem ersten Ausspielen).",
        ),
        "drill.counting.roles": (
            "{elder} is elder hand; {younger} dealt and is younger hand. Both have exchanged: "
            "these are the hands after the exchange.",
            "{elder} ist Vorhand; {younger} hat gegeben und ist Hinterhand. Beide haben gekauft: "
            "Das sind die Hände nach dem Kauf.",
        ),
        "drill.counting.you": (
            "You are {seat}, the {role} hand; {other} is the {other_role} hand. Both have "
            "exchanged.",
            "Du bist {seat} und hast die {role}; {other} hat die {other_role}. Beide haben "
            "gekauft.",
        ),
        "drill.counting.role.0": ("elder", "Vorhand"),
        "drill.counting.role.1": ("younger", "Hinterhand"),
        "drill.counting.hand": ("{seat}'s hand ({role} hand)", "Hand von {seat} ({role})"),
        "drill.counting.your_hand": ("Your hand ({role} hand)", "Deine Hand ({role})"),
        "drill.counting.no_cb": (
            "Neither player was dealt carte blanche.",
            "Keiner hat Carte blanche bekommen.",
        ),
        "drill.counting.cb": (
            "{seat} was dealt carte blanche and announced it; after the exchange he showed the "
            "{dealt} cards he was dealt.",
            "{seat} hat Carte blanche bekommen und angesagt; nach dem Kauf hat er die {dealt} "
            "gegebenen Karten gezeigt.",
        ),
        "drill.counting.cb_label": (
            "{seat}'s carte blanche (the cards dealt)",
            "Carte blanche von {seat} (die gegebenen Karten)",
        ),
        "drill.counting.cb.you": (
            "You were dealt carte blanche and announced it; after the exchange you showed the "
            "{dealt} cards you were dealt.",
            "Du hast Carte blanche bekommen und angesagt; nach dem Kauf hast du die {dealt} "
            "gegebenen Karten gezeigt.",
        ),
        "drill.counting.cb_label.you": (
            "Your carte blanche (the cards dealt)",
            "Deine Carte blanche (die gegebenen Karten)",
        ),
        "drill.counting.example": (
            "This is the deal of the worked example in the Piquet article (Cavendish's Example).",
            "Das ist das Beispielspiel aus dem Piquet-Artikel (Cavendishs Beispiel).",
        ),
        "drill.counting.decl_label": ("{seat}'s declarations", "Ansagen von {seat}"),
        "drill.counting.decl_what": ("What {seat} declares", "Was {seat} ansagt"),
        "drill.counting.nothing": ("nothing", "nichts"),
        "drill.counting.row.0": ("I: carte blanche", "I: Carte blanche"),
        "drill.counting.row.1": ("II: point", "II: Point"),
        "drill.counting.row.2": ("III: sequences", "III: Sequenzen"),
        "drill.counting.row.3": ("IV: quatorzes and trios", "IV: Quatorze und Trios"),
        "drill.counting.row.repique": ("repique", "Repique"),
        "drill.counting.row.lead": ("V: first lead", "V: erstes Ausspielen"),
        "drill.counting.row.pique": ("pique", "Pique"),
        "drill.counting.row.total": ("total before the play", "Stand vor dem Stichspiel"),
        "drill.counting.h.cat": ("Reckoned", "Gezählt"),
        "drill.counting.h.kind": ("Declaration", "Ansage"),
        "drill.counting.h.seat": ("{seat} ({role} hand)", "{seat} ({role})"),
        "drill.counting.table": ("The right figures", "Die richtigen Zahlen"),
        # fields
        "drill.counting.f.0": (
            "Carte blanche (I) for {seat} ({role} hand)",
            "Carte blanche (I) für {seat} ({role})",
        ),
        "drill.counting.f.1": (
            "Point (II) for {seat} ({role} hand)",
            "Point (II) für {seat} ({role})",
        ),
        "drill.counting.f.2": (
            "Sequences (III) for {seat} ({role} hand)",
            "Sequenzen (III) für {seat} ({role})",
        ),
        "drill.counting.f.3": (
            "Quatorzes and trios (IV) for {seat} ({role} hand)",
            "Quatorze und Trios (IV) für {seat} ({role})",
        ),
        "drill.counting.f.bonus": ("Repique or pique?", "Repique oder Pique?"),
        "drill.counting.opt.none": ("Neither", "Keines von beiden"),
        "drill.counting.opt.repique": ("Repique for {seat}", "Repique für {seat}"),
        "drill.counting.opt.pique": (
            "Pique for {seat} (with his first lead)",
            "Pique für {seat} (mit dem ersten Ausspielen)",
        ),
        "drill.counting.f.total_elder": (
            "{seat}'s total after his first lead",
            "Stand von {seat} nach dem ersten Ausspielen",
        ),
        "drill.counting.f.total_younger": (
            "{seat}'s total as he plays to the first trick",
            "Stand von {seat}, wenn er zum ersten Stich zugibt",
        ),
        # reasons
        "drill.counting.r.cb": (
            "I: {seat} was dealt carte blanche (no king, queen or jack among his {dealt} "
            "cards): {points}, reckoned first of all.",
            "I: {seat} hat Carte blanche (kein König, keine Dame, kein Bube unter seinen "
            "{dealt} Karten): {points}, vor allem anderen gezählt.",
        ),
        "drill.counting.r.no_cb": ("I: no carte blanche.", "I: keine Carte blanche."),
        "drill.counting.r.point_longer": (
            "II: {winner}'s point, {wname}, beats {loser}'s, {lname}: the longer point wins. "
            "{winner} scores {points}.",
            "II: Der Point von {winner}, {wname}, schlägt den von {loser}, {lname}: Der längere "
            "Point gewinnt. {winner} zählt {points}.",
        ),
        "drill.counting.r.point_pips": (
            "II: {winner}'s point, {wname}, beats {loser}'s, {lname}: as many cards, but more "
            "pips. {winner} scores {points}.",
            "II: Der Point von {winner}, {wname}, schlägt den von {loser}, {lname}: gleich viele "
            "Karten, aber höherer Wert. {winner} zählt {points}.",
        ),
        "drill.counting.r.point_equal": (
            "II: both points are {name}: equal, so neither player scores the point.",
            "II: Beide Points sind {name}: gleich, also zählt keiner für den Point.",
        ),
        "drill.counting.r.seq_longer": (
            "III: {winner}'s best sequence, a {wname}, beats {loser}'s best, a {lname}: the "
            "longer sequence wins, and {winner} scores all his sequences: {combos}.",
            "III: Die beste Sequenz von {winner}, eine {wname}, schlägt die beste von {loser}, "
            "eine {lname}: Die längere Sequenz gewinnt, und {winner} zählt alle seine "
            "Sequenzen: {combos}.",
        ),
        "drill.counting.r.seq_higher": (
            "III: {winner}'s best sequence, a {wname}, beats {loser}'s best, a {lname}: as "
            "long, with a higher top card; {winner} scores all his sequences: {combos}.",
            "III: Die beste Sequenz von {winner}, eine {wname}, schlägt die beste von {loser}, "
            "eine {lname}: gleich lang, aber höher; {winner} zählt alle seine Sequenzen: "
            "{combos}.",
        ),
        "drill.counting.r.seq_alone": (
            "III: {winner}'s best sequence, a {wname}, is good: {loser} has no sequence. "
            "{winner} scores all his sequences: {combos}.",
            "III: Die beste Sequenz von {winner}, eine {wname}, ist gut: {loser} hat keine "
            "Sequenz. {winner} zählt alle seine Sequenzen: {combos}.",
        ),
        "drill.counting.r.seq_equal": (
            "III: both best sequences are a {name}: equal, so neither player scores any "
            "sequence at all, not even his smaller ones.",
            "III: Beide besten Sequenzen sind eine {name}: gleich, also zählt keiner "
            "irgendeine Sequenz, auch nicht seine kleineren.",
        ),
        "drill.counting.r.seq_none": (
            "III: neither player has a sequence.",
            "III: Keiner hat eine Sequenz.",
        ),
        "drill.counting.r.sets_quatorze": (
            "IV: {winner}'s {wname} beat {loser}'s {lname}: a quatorze beats any trio, and "
            "{winner} scores all his sets: {combos}.",
            "IV: Die {wname} von {winner} schlagen die {lname} von {loser}: Ein Quatorze "
            "schlägt jedes Trio, und {winner} zählt alle seine Quatorze und Trios: {combos}.",
        ),
        "drill.counting.r.sets_higher": (
            "IV: {winner}'s {wname} beat {loser}'s {lname}: the higher rank wins, and {winner} "
            "scores all his sets: {combos}.",
            "IV: Die {wname} von {winner} schlagen die {lname} von {loser}: Der höhere Rang "
            "gewinnt, und {winner} zählt alle seine Quatorze und Trios: {combos}.",
        ),
        "drill.counting.r.sets_alone": (
            "IV: {winner}'s {wname} are good: {loser} has no trio or quatorze. {winner} scores "
            "all his sets: {combos}.",
            "IV: Die {wname} von {winner} sind gut: {loser} hat kein Trio und kein Quatorze. "
            "{winner} zählt alle seine Quatorze und Trios: {combos}.",
        ),
        "drill.counting.r.sets_none": (
            "IV: neither player has a trio or a quatorze.",
            "IV: Keiner hat ein Trio oder ein Quatorze.",
        ),
        "drill.counting.combo": ("{name} for {points}", "{name} für {points}"),
        "drill.counting.seq_in": ("{name} in {suit}", "{name} in {suit}"),
        "drill.counting.combos": ("{combos}, {total} in all", "{combos}, zusammen {total}"),
        "drill.counting.r.lead": (
            "V: {seat}, the elder hand, leads his first card and scores {points} for it.",
            "V: {seat} spielt als Vorhand die erste Karte aus und zählt {points} dafür.",
        ),
        "drill.counting.r.repique": (
            "{seat} reaches {threshold} in hand with {at}, before {other} reckons anything: "
            "repique, {points} more.",
            "{seat} erreicht {threshold} aus der Hand mit {at}, bevor {other} etwas zählt: "
            "Repique, {points} dazu.",
        ),
        "drill.counting.r.cb_saves": (
            "Carte blanche counts first of all (I): {holder}'s carte blanche saves him from the "
            "repique.",
            "Carte blanche zählt vor allem anderen (I): Die Carte blanche von {holder} bewahrt "
            "ihn vor dem Repique.",
        ),
        "drill.counting.r.equal_point_no_save": (
            "An equality scores nobody anything, so the equal point does not save {other} from "
            "the repique.",
            "Gleichheit zählt für niemanden, darum bewahrt der gleiche Point {other} nicht vor "
            "dem Repique.",
        ),
        "drill.counting.r.equal_seq_no_save": (
            "An equality scores nobody anything, so the equal sequences do not save {other} "
            "from the repique.",
            "Gleichheit zählt für niemanden, darum bewahren die gleichen Sequenzen {other} nicht "
            "vor dem Repique.",
        ),
        "drill.counting.r.pique": (
            "{seat} has {hand} in hand and {other} reckons nothing in hand, so {seat}'s first "
            "lead makes {threshold} before {other} reckons anything: pique, {points} more.",
            "{seat} hat {hand} aus der Hand, und {other} zählt nichts aus der Hand: Das erste "
            "Ausspielen von {seat} ergibt {threshold}, bevor {other} etwas zählt: Pique, "
            "{points} dazu.",
        ),
        "drill.counting.r.no_pique": (
            "{seat} has {hand} in hand and reaches {threshold} with his first lead, but {other} "
            "has already reckoned {first} in hand, and the hand counts before the play: no "
            "pique.",
            "{seat} hat {hand} aus der Hand und erreicht {threshold} mit dem ersten Ausspielen, "
            "aber {other} hat schon mit {first} aus der Hand gezählt, und die Hand zählt vor "
            "dem Stichspiel: kein Pique.",
        ),
        "drill.counting.r.pique_later": (
            "{other} reckons nothing in hand: if {seat} reaches {threshold} in the play before "
            "{other} scores a point, that is still a pique (after this count).",
            "{other} zählt nichts aus der Hand: Erreicht {seat} im Stichspiel {threshold}, bevor "
            "{other} einen Punkt macht, ist das noch ein Pique (nach dieser Zählung).",
        ),
        "drill.counting.r.no_bonus": (
            "Nobody reaches {threshold} in hand before the other reckons, and the first lead "
            "brings no pique: neither repique nor pique.",
            "Keiner erreicht {threshold} aus der Hand, bevor der andere zählt, und das erste "
            "Ausspielen bringt kein Pique: weder Repique noch Pique.",
        ),
        "drill.counting.r.total": (
            "Total for {seat}: {parts} = {total}.",
            "Stand von {seat}: {parts} = {total}.",
        ),
        "drill.counting.r.total_nothing": (
            "Total for {seat}: nothing in hand, {total}.",
            "Stand von {seat}: nichts aus der Hand, {total}.",
        ),
        "drill.counting.part.0": ("{n} for carte blanche", "{n} für Carte blanche"),
        "drill.counting.part.1": ("{n} for the point", "{n} für den Point"),
        "drill.counting.part.2": ("{n} for sequences", "{n} für Sequenzen"),
        "drill.counting.part.3": ("{n} for sets", "{n} für Quatorze und Trios"),
        "drill.counting.part.repique": ("{n} for the repique", "{n} für das Repique"),
        "drill.counting.part.lead": ("{n} for the lead", "{n} für das Ausspielen"),
        "drill.counting.part.pique": ("{n} for the pique", "{n} für das Pique"),
        # the verdict
        "drill.counting.wrong": (
            "{what}: you wrote {given}; it is {right}.",
            "{what}: Du hast {given} angegeben; richtig ist {right}.",
        ),
        "drill.counting.wrong_bonus": (
            "Repique or pique: you chose “{given}”; right is “{right}”.",
            "Repique oder Pique: Du hast „{given}“ gewählt; richtig ist „{right}“.",
        ),
        "drill.counting.answer": (
            "Before the play: {elder} (elder hand) {te}, {younger} (younger hand) {ty}; "
            "repique or pique: {bonus}.",
            "Vor dem Stichspiel: {elder} (Vorhand) {te}, {younger} (Hinterhand) {ty}; Repique oder "
            "Pique: {bonus}.",
        ),
        "drill.counting.bonus.none": ("neither", "keines von beiden"),
        "drill.counting.bonus.repique": ("repique for {seat}", "Repique für {seat}"),
        "drill.counting.bonus.pique": ("pique for {seat}", "Pique für {seat}"),
    }
)

KEY = "piquet.counting"
CASES = ("carte-blanche", "repique", "pique", "equal-point", "equal-sequences")
"""The rare cases every level can be asked for (``"repique-3"``)."""
CURATED = ("example",)
EXAMPLE_REPLAY = ("piquet-example", 10)
"""The worked example's step where B shows his sets: both totals before the play."""

CATEGORY_ANCHORS = ("piquet#carte-blanche", "piquet#point", "piquet#sequences", "piquet#sets")
BONUSES = ("none", "repique-elder", "repique-younger", "pique")
_FIELD_CATEGORIES = ("cb", "point", "seq", "sets")
_ROLE_NAMES = ("elder", "younger")
_NOTHING = 4
_LIKE_THE_EXAMPLE = frozenset({"quint", "quatorze-trio"})
"""Items with only these cases are counted like the Example (whose count the replay shows)."""
"""A reckoning 'category' after the sets: the player reckons nothing in hand."""

# The pools: plain seeds draw a rare case one time in four (easy, medium); hard items are all
# edge cases of the reckoning.
_RARE_SHARE = 0.25
_EASY_RARE = ("carte-blanche", "repique", "pique")
_MEDIUM_RARE = ("carte-blanche", "repique", "pique", "quatorze-trio", "quint")
_HARD_POOL = (
    ("equal-point", 3),
    ("equal-sequences", 2),
    ("pique", 2),
    ("cb-saves-repique", 2),
    ("equality-repique", 2),
    ("repique-denied", 2),
    ("pique-denied", 2),
    ("repique", 1),
)


# ---------------------------------------------------------------------------------------------
# The reckoning, with its reasons
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Count:
    """Everything scored in a deal before the play, and why."""

    hand: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]
    """By role: carte blanche (I), point (II), sequences (III), sets (IV)."""
    winners: tuple[Role | None, Role | None, Role | None]
    """Who won the point, the sequences, the sets (``None``: equal or nobody)."""
    equal: tuple[bool, bool, bool]
    repique: Role | None
    pique: bool
    totals: tuple[int, int]
    """Elder's after his first lead, younger's as he plays to the first trick."""
    reasons: tuple[Msg, ...]
    tags: frozenset[str]

    @property
    def bonus(self) -> str:
        if self.repique is not None:
            return f"repique-{_ROLE_NAMES[self.repique]}"
        return "pique" if self.pique else "none"


def _seat_role(deal: PiquetDeal, role: Role) -> dict[str, Any]:
    return {"seat": deal.seat(role), "role": Msg(f"drill.counting.role.{int(role)}")}


def _named(cat: int, c: Combination) -> Msg | None:
    """A combination's name; a sequence's with its suit ("quart to the king in hearts")."""
    if cat == 1 and c.name is not None:
        return Msg("drill.counting.seq_in", name=c.name, suit=_suit_of(c.cards))
    return c.name


def _suit_of(m: int) -> Suit:
    return Suit((m & -m).bit_length() - 1 >> 3)


def _combos(cat: int, hand: int) -> Msg:
    """Every combination of the honest claim with its points, and their sum."""
    claim = honest(cat, hand)
    parts = tuple(
        Msg("drill.counting.combo", name=_named(cat, c), points=c.points)
        for c in combinations(cat, claim, True)
    )
    if len(parts) == 1:
        return parts[0]
    return Msg("drill.counting.combos", combos=parts, total=claim_score(cat, claim))


def _best_name(cat: int, hand: int, suit: bool = True) -> Msg:
    """The best combination of ``hand`` in ``cat``; a sequence with its suit (``suit``)."""
    claim = honest(cat, hand)
    if cat == 0:
        return point_name(claim)
    n, top = value(cat, claim)
    if cat == 2:
        return set_name(top, n)
    name = seq_name(top - n + 1, n)
    if not suit:
        return name
    run = next(c.cards for c in combinations(1, claim, False) if value(1, c.cards) == (n, top))
    return Msg("drill.counting.seq_in", name=name, suit=_suit_of(run))


def _reach(hand: tuple[int, int, int, int]) -> int:
    """The reckoning category (0 to 3) where ``hand`` reaches 30, or ``_NOTHING``."""
    total = 0
    for cat, points in enumerate(hand):
        total += points
        if total >= PIQUE_AT:
            return cat
    return _NOTHING


def _first(hand: tuple[int, int, int, int]) -> int:
    """The first reckoning category where ``hand`` scores, or ``_NOTHING``."""
    return next((cat for cat, points in enumerate(hand) if points), _NOTHING)


@functools.lru_cache(maxsize=512)
def count(deal: PiquetDeal) -> Count:
    """Reckon the deal as the rules say, with the reason for every figure.

    >>> c = count(PiquetDeal.of(*_ORDER_DEMO))
    >>> c.hand[0], c.winners[0], c.repique, c.totals
    ((0, 0, 16, 17), <Role.YOUNGER: 1>, None, (34, 7))
    """
    hands = deal.hands
    seats = (deal.elder, deal.younger)
    reasons: list[Msg] = []
    tags: set[str] = set()
    score = [[0, 0, 0, 0], [0, 0, 0, 0]]
    # I: carte blanche
    dealt = Msg(f"piquet.num.{CARDS_DEALT}")
    holders = [r for r in Role if deal.carte_blanche(r)]
    for r in holders:
        score[r][0] = POINTS_CARTE_BLANCHE
        reasons.append(
            Msg("drill.counting.r.cb", seat=seats[r], dealt=dealt, points=POINTS_CARTE_BLANCHE)
        )
        tags.add("carte-blanche")
    if not holders:
        reasons.append(Msg("drill.counting.r.no_cb"))
    # II to IV: the declarations, each compared
    winners: list[Role | None] = []
    equal: list[bool] = []
    for cat in range(3):
        claims = (honest(cat, hands[0]), honest(cat, hands[1]))
        values = tuple(value(cat, c) if c else (0, -1) for c in claims)
        if values[0] == values[1]:
            winners.append(None)
            equal.append(bool(claims[0]))
            reasons.append(_equal_reason(cat, hands[0]) if claims[0] else _none_reason(cat))
            continue
        w = Role.ELDER if values[0] > values[1] else Role.YOUNGER
        winners.append(w)
        equal.append(False)
        score[w][cat + 1] = claim_score(cat, claims[w])
        reasons.append(_good_reason(cat, w, seats, hands, values, score[w][cat + 1]))
    if equal[0]:
        tags.add("equal-point")
    if equal[1]:
        tags.add("equal-sequences")
    longest = [value(1, c)[0] if c else 0 for c in (honest(1, h) for h in hands)]
    if max(longest) >= SEQUENCE_BONUS_FROM:
        tags.add("quint")
    set_sizes = sorted(value(2, c)[0] if c else 0 for c in (honest(2, h) for h in hands))
    if set_sizes == [SET_MIN, SET_MIN + 1]:
        tags.add("quatorze-trio")
    # V: elder's lead, then repique and pique in the order of reckoning
    e, y = score
    hand = ((e[0], e[1], e[2], e[3]), (y[0], y[1], y[2], y[3]))
    reasons.append(Msg("drill.counting.r.lead", seat=seats[0], points=POINTS_LEAD))
    repique: Role | None = None
    for r in Role:
        reach, first = _reach(hand[r]), _first(hand[r.other])
        if reach == _NOTHING:
            continue
        if reach < first:
            repique = r
            tags.add("repique")
            reasons.append(
                Msg(
                    "drill.counting.r.repique",
                    seat=seats[r],
                    other=seats[r.other],
                    threshold=PIQUE_AT,
                    at=Msg(f"piquet.catof.{reach}"),
                    points=POINTS_REPIQUE,
                )
            )
            for cat, key in ((1, "point"), (2, "seq")):
                if equal[cat - 1] and cat <= reach:
                    reasons.append(
                        Msg(f"drill.counting.r.equal_{key}_no_save", other=seats[r.other])
                    )
        else:
            tags.add("repique-denied")
            reasons.append(
                Msg(
                    "piquet.info.no_repique",
                    seat=seats[r],
                    other=seats[r.other],
                    hand=sum(hand[r]),
                    threshold=PIQUE_AT,
                    at=Msg(f"piquet.catof.{reach}"),
                    first=Msg(f"piquet.catof.{first}"),
                )
            )
            if first == 0:
                reasons.append(Msg("drill.counting.r.cb_saves", holder=seats[r.other]))
    elder_hand, younger_hand = sum(hand[0]), sum(hand[1])
    pique = False
    if repique is None and elder_hand + POINTS_LEAD >= PIQUE_AT:
        if younger_hand == 0:
            pique = True
            tags.add("pique")
            reasons.append(
                Msg(
                    "drill.counting.r.pique",
                    seat=seats[0],
                    other=seats[1],
                    hand=elder_hand,
                    threshold=PIQUE_AT,
                    points=POINTS_PIQUE,
                )
            )
        elif elder_hand < PIQUE_AT:  # (30 or more in hand: the repique reason says it all)
            tags.add("pique-denied")
            reasons.append(
                Msg(
                    "drill.counting.r.no_pique",
                    seat=seats[0],
                    other=seats[1],
                    hand=elder_hand,
                    threshold=PIQUE_AT,
                    first=Msg(f"piquet.catof.{_first(hand[1])}"),
                )
            )
    if repique is None and not pique:
        if not {"repique-denied", "pique-denied"} & tags:
            reasons.append(Msg("drill.counting.r.no_bonus", threshold=PIQUE_AT))
        if younger_hand == 0:
            reasons.append(
                Msg(
                    "drill.counting.r.pique_later",
                    seat=seats[0],
                    other=seats[1],
                    threshold=PIQUE_AT,
                )
            )
    totals = [elder_hand, younger_hand]
    extra: list[list[tuple[str, int]]] = [[], []]
    if repique is not None:
        totals[repique] += POINTS_REPIQUE
        extra[repique].append(("repique", POINTS_REPIQUE))
    totals[0] += POINTS_LEAD
    extra[0].append(("lead", POINTS_LEAD))
    if pique:
        totals[0] += POINTS_PIQUE
        extra[0].append(("pique", POINTS_PIQUE))
    for r in Role:
        parts = [Msg(f"drill.counting.part.{c}", n=n) for c, n in enumerate(hand[r]) if n]
        parts += [Msg(f"drill.counting.part.{k}", n=n) for k, n in extra[r]]
        if parts:
            reasons.append(
                Msg("drill.counting.r.total", seat=seats[r], parts=tuple(parts), total=totals[r])
            )
        else:
            reasons.append(Msg("drill.counting.r.total_nothing", seat=seats[r], total=totals[r]))
    return Count(
        hand,
        (winners[0], winners[1], winners[2]),
        (equal[0], equal[1], equal[2]),
        repique,
        pique,
        (totals[0], totals[1]),
        tuple(reasons),
        frozenset(tags),
    )


def _equal_reason(cat: int, hand: int) -> Msg:
    if cat == 0:
        return Msg("drill.counting.r.point_equal", name=_best_name(0, hand))
    # both players' best sequences, in different suits: named without a suit (sets never tie)
    return Msg("drill.counting.r.seq_equal", name=_best_name(1, hand, suit=False))


def _none_reason(cat: int) -> Msg:
    return Msg("drill.counting.r.seq_none" if cat == 1 else "drill.counting.r.sets_none")


def _good_reason(
    cat: int,
    w: Role,
    seats: tuple[str, str],
    hands: tuple[int, int],
    values: tuple[tuple[int, int], ...],
    points: int,
) -> Msg:
    lose = w.other
    params: dict[str, Any] = {
        "winner": seats[w],
        "loser": seats[lose],
        "wname": _best_name(cat, hands[w]),
        "points": points,
    }
    if values[lose][0] == 0:  # no sequence, no set (every hand has a point)
        kind = "alone"
    else:
        params["lname"] = _best_name(cat, hands[lose])
        longer = values[w][0] > values[lose][0]
        if cat == 0:
            kind = "longer" if longer else "pips"
        elif cat == 1:
            kind = "longer" if longer else "higher"
        else:
            kind = "quatorze" if longer else "higher"
    if cat:
        params["combos"] = _combos(cat, hands[w])
    key = ("point", "seq", "sets")[cat]
    return Msg(f"drill.counting.r.{key}_{kind}", **params)


_ORDER_DEMO = (
    "AH KH QH JH 10H 9H KS KC KD AS AC 7S",
    "AD QD JD 10D 9D 8D 7D 8H 7H QS JS 10S",
    "7C 8C 9C 10C JC QC 9S 8S",
    "7S",
    "10S",
)


# ---------------------------------------------------------------------------------------------
# The drill
# ---------------------------------------------------------------------------------------------


def deal_of(item: Item) -> PiquetDeal:
    """The deal an item asks about (from its private data)."""
    q = item.question
    return PiquetDeal(
        (int(q["dealt"][0]), int(q["dealt"][1])),
        tuple(int(i) for i in q["stock"]),
        (int(q["discards"][0]), int(q["discards"][1])),
        str(q["dealer"]),
        case=str(q.get("case", "")),
    )


def _build(rng: random.Random, case: str) -> PiquetDeal:
    if case == "carte-blanche":
        return carte_blanche_deal(rng)
    if case == "cb-saves-repique":
        return carte_blanche_saves_repique_deal(rng)
    if case == "repique":
        return repique_deal(rng)
    if case == "equality-repique":
        return equality_repique_deal(rng)
    if case == "equal-point-repique":
        return equality_repique_deal(rng, equality=0)
    if case == "equal-sequences-repique":
        return equality_repique_deal(rng, equality=1)
    if case == "repique-denied":
        return order_denies_repique_deal(rng)
    if case == "pique":
        return pique_deal(rng)
    if case == "pique-denied":
        return pique_denied_deal(rng)
    if case == "equal-point":
        return equal_point_deal(rng)
    if case == "equal-sequences":
        return equal_sequences_deal(rng)
    if case == "quatorze-trio":
        return quatorze_trio_deal(rng)
    if case == "quint":
        return long_sequence_deal(rng)
    raise ValueError(f"no such case {case!r}")


def _plain(rng: random.Random) -> PiquetDeal:
    """A shuffled deal without an equality (a few tries, then the Example's hands)."""
    for _attempt in range(30):
        deal = random_deal(rng)
        if not any(count(deal).equal):
            return deal
    return quatorze_trio_deal(rng)  # pragma: no cover (30 equalities in a row)


def _choose(seed: str, level: Level) -> tuple[PiquetDeal, random.Random]:
    rng = rng_for(KEY, seed, level)
    if seed == "example":
        return EXAMPLE_DEAL, rng
    case = seed_case(seed, CASES)
    if case is not None and level is Level.HARD:
        # the hard variants of a case: the edges of the reckoning order
        case = {
            "carte-blanche": rng.choice(("carte-blanche", "cb-saves-repique", "cb-saves-repique")),
            "repique": rng.choice(("repique", "equality-repique")),
            "equal-point": rng.choice(("equal-point", "equal-point", "equal-point-repique")),
            "equal-sequences": rng.choice(
                ("equal-sequences", "equal-sequences", "equal-sequences-repique")
            ),
        }.get(case, case)
    elif case is None and level is Level.HARD:
        names, weights = zip(*_HARD_POOL, strict=True)
        case = rng.choices(names, weights)[0]
    elif case is None and rng.random() < _RARE_SHARE:
        case = rng.choice(_EASY_RARE if level is Level.EASY else _MEDIUM_RARE)
    if not case:
        return _plain(rng), rng
    deal = _build(rng, case)
    if level is not Level.HARD and case not in ("equal-point", "equal-sequences"):
        for _attempt in range(5):  # easy and medium items have no equality
            if not any(count(deal).equal):
                break
            deal = _build(rng, case)
    return deal, rng


def _concept(tags: frozenset[str]) -> str:
    if "pique" in tags or "pique-denied" in tags:
        return "piquet#pique"
    if "repique-denied" in tags:
        return "piquet#reckoning-order"
    if "repique" in tags:
        return "piquet#repique"
    if "carte-blanche" in tags:
        return "piquet#carte-blanche"
    if "equal-point" in tags:
        return "piquet#point"
    if "equal-sequences" in tags:
        return "piquet#sequences"
    return "piquet#reckoning-order"


def _declarations(deal: PiquetDeal, role: Role) -> Show:
    """The opponent's declarations, one row per combination (the easy level)."""
    hand = deal.hands[role]
    rows: list[tuple[Msg | str, Msg]] = []
    for cat in range(3):
        claim = honest(cat, hand)
        names = [
            name for c in combinations(cat, claim, True) if (name := _named(cat, c)) is not None
        ]
        label: Msg | str = Msg(f"drill.counting.row.{cat + 1}")
        for name in names or [Msg("drill.counting.nothing")]:
            rows.append((label, name))
            label = ""  # the category once, on its first row
    seat = deal.seat(role)
    return Show.table(
        Msg("drill.counting.decl_label", seat=seat),
        (Msg("drill.counting.h.kind"), Msg("drill.counting.decl_what", seat=seat)),
        rows,
    )


def _number_field(category: int, deal: PiquetDeal, role: Role) -> Field:
    return Field.number(
        f"{_FIELD_CATEGORIES[category]}_{_ROLE_NAMES[role]}",
        Msg(f"drill.counting.f.{category}", **_seat_role(deal, role)),
        0,
        99,
    )


class CountingDrill:
    """Drill 3: reckon a deal's hands before the play (see the module's description)."""

    key = KEY
    game = "piquet"
    number = 3
    title = Msg("drill.counting.title")
    summary = Msg("drill.counting.summary")
    cases: tuple[str, ...] = CASES
    kinds: tuple[str, ...] = ()
    curated: tuple[str, ...] = CURATED

    def item(self, seed: str, level: Level) -> Item:
        deal, rng = _choose(seed, level)
        c = count(deal)
        elder, younger = deal.elder, deal.younger
        shows: list[Show] = []
        if seed == "example":
            shows.append(Show.sentence(Msg("drill.counting.example")))
        view: Role | None = None
        if level is Level.EASY:
            view = Role.ELDER if seed == "example" else rng.choice((Role.ELDER, Role.YOUNGER))
            shows.append(
                Show.sentence(
                    Msg(
                        "drill.counting.you",
                        seat=deal.seat(view),
                        role=Msg(f"drill.counting.role.{int(view)}"),
                        other=deal.seat(view.other),
                        other_role=Msg(f"drill.counting.role.{int(view.other)}"),
                    )
                )
            )
        else:
            shows.append(Show.sentence(Msg("drill.counting.roles", elder=elder, younger=younger)))
        holders = [r for r in Role if deal.carte_blanche(r)]
        if not holders:
            shows.append(Show.sentence(Msg("drill.counting.no_cb")))
        for r in holders:
            you = ".you" if r is view else ""  # the learner's own carte blanche: "you"
            shows.append(
                Show.sentence(
                    Msg(
                        f"drill.counting.cb{you}",
                        seat=deal.seat(r),
                        dealt=Msg(f"piquet.num.{CARDS_DEALT}"),
                    )
                )
            )
            shows.append(
                Show.hand(
                    Msg(f"drill.counting.cb_label{you}", seat=deal.seat(r)), deal.dealt_hand(r)
                )
            )
        if view is not None:
            role = Msg(f"drill.counting.role.{int(view)}")
            shows.append(Show.hand(Msg("drill.counting.your_hand", role=role), deal.hand(view)))
            shows.append(_declarations(deal, view.other))
        else:
            for r in Role:
                shows.append(
                    Show.hand(Msg("drill.counting.hand", **_seat_role(deal, r)), deal.hand(r))
                )
        fields: list[Field] = []
        for category in range(4):
            if category == 0 and not holders:
                continue  # nobody can have carte blanche: no question
            fields += [_number_field(category, deal, r) for r in Role]
        fields.append(
            Field.choose(
                "bonus",
                Msg("drill.counting.f.bonus"),
                (
                    ("none", Msg("drill.counting.opt.none")),
                    ("repique-elder", Msg("drill.counting.opt.repique", seat=elder)),
                    ("repique-younger", Msg("drill.counting.opt.repique", seat=younger)),
                    ("pique", Msg("drill.counting.opt.pique", seat=elder)),
                ),
            )
        )
        fields.append(
            Field.number("total_elder", Msg("drill.counting.f.total_elder", seat=elder), 0, 200)
        )
        fields.append(
            Field.number(
                "total_younger", Msg("drill.counting.f.total_younger", seat=younger), 0, 200
            )
        )
        return Item(
            self.key,
            seed,
            level,
            {
                "dealt": list(deal.dealt),
                "stock": list(deal.stock),
                "discards": list(deal.discards),
                "dealer": deal.dealer,
                "case": deal.case,
                "view": None if view is None else int(view),
            },
            prompt=Msg(
                "drill.counting.prompt_easy" if view is not None else "drill.counting.prompt"
            ),
            shows=tuple(shows),
            fields=tuple(fields),
            concept=_concept(c.tags),
            tags=c.tags,
        )

    def parse_answer(self, item: Item, data: Mapping[str, str]) -> dict[str, Any]:
        return parse_fields(item, data)

    def expected(self, item: Item) -> dict[str, Any]:
        """Every figure of the item's answer (carte blanche included, asked or not)."""
        c = count(deal_of(item))
        out: dict[str, Any] = {}
        for category, name in enumerate(_FIELD_CATEGORIES):
            for r in Role:
                out[f"{name}_{_ROLE_NAMES[r]}"] = c.hand[r][category]
        out["bonus"] = c.bonus
        out["total_elder"], out["total_younger"] = c.totals
        return out

    def check(self, item: Item, answer: Any) -> Feedback:
        deal = deal_of(item)
        c = count(deal)
        right = self.expected(item)
        given: Mapping[str, Any] = answer if isinstance(answer, Mapping) else {}
        mistakes: list[Msg] = []
        anchors: list[str] = []
        for spec in item.fields:
            mine, want = given.get(spec.name), right[spec.name]
            if mine == want:
                continue
            if spec.name == "bonus":
                mistakes.append(
                    Msg(
                        "drill.counting.wrong_bonus",
                        given=_bonus_words(deal, str(mine)),
                        right=_bonus_words(deal, str(want)),
                    )
                )
                anchors.append("piquet#pique" if "pique" in (mine, want) else "piquet#repique")
            else:
                mistakes.append(
                    Msg("drill.counting.wrong", what=spec.label, given=mine, right=want)
                )
                category = spec.name.split("_")[0]
                if category in _FIELD_CATEGORIES:
                    anchors.append(CATEGORY_ANCHORS[_FIELD_CATEGORIES.index(category)])
                else:
                    anchors.append("piquet#reckoning-order")
        rules = [*anchors, item.concept, "piquet#reckoning-order"]
        if "carte-blanche" in item.tags:  # reckoned first, and it may save from a repique
            rules.append("piquet#carte-blanche")
        rules += [CATEGORY_ANCHORS[cat + 1] for cat in range(3) if c.winners[cat] or c.equal[cat]]
        if c.repique is not None or "repique-denied" in c.tags:
            rules.append("piquet#repique")
        if c.pique or "pique-denied" in c.tags:
            rules.append("piquet#pique")
        seats = (deal.elder, deal.younger)
        table = Show.table(
            Msg("drill.counting.table"),
            (
                Msg("drill.counting.h.cat"),
                *(Msg("drill.counting.h.seat", **_seat_role(deal, r)) for r in Role),
            ),
            [
                *(
                    (Msg(f"drill.counting.row.{k}"), *(c.hand[r][k] for r in Role))
                    for k in range(4)
                ),
                (
                    Msg("drill.counting.row.repique"),
                    *(POINTS_REPIQUE if c.repique is r else 0 for r in Role),
                ),
                (Msg("drill.counting.row.lead"), POINTS_LEAD, 0),
                (Msg("drill.counting.row.pique"), POINTS_PIQUE if c.pique else 0, 0),
                (Msg("drill.counting.row.total"), *c.totals),
            ],
        )
        return Feedback(
            correct=not mistakes,
            expected=right,
            reasons=(*mistakes, *c.reasons),
            rules=tuple(dict.fromkeys(rules)),
            answer=(
                Msg(
                    "drill.counting.answer",
                    elder=seats[0],
                    younger=seats[1],
                    te=c.totals[0],
                    ty=c.totals[1],
                    bonus=_bonus_words(deal, c.bonus),
                ),
            ),
            shows=(table,),
            replay=EXAMPLE_REPLAY if c.tags <= _LIKE_THE_EXAMPLE else None,
        )


def _bonus_words(deal: PiquetDeal, bonus: str) -> Msg:
    if bonus == "repique-elder":
        return Msg("drill.counting.bonus.repique", seat=deal.elder)
    if bonus == "repique-younger":
        return Msg("drill.counting.bonus.repique", seat=deal.younger)
    if bonus == "pique":
        return Msg("drill.counting.bonus.pique", seat=deal.elder)
    return Msg("drill.counting.bonus.none")
