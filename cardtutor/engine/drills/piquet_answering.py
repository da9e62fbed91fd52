"""Piquet drill 2, *Answering as younger*: answer elder's declarations, then reckon your hand.

The learner holds the younger hand's twelve cards after the exchange. Elder's declarations
arrive one by one, in the order of the dialogue ("Five cards." / "Quart major." / "Three
jacks?"); the learner answers each: "Good.", "Not good." or "Equal."; to a point of as many
cards as his own, "Equal." asks what they make (elder then names the value, "Forty-nine.", and
the learner answers that). Last, before playing to the first trick, he says what he scores
in hand: carte blanche if he had it, every good combination, a repique if he makes one.

Elder's value line is shown in every item ("If you say “Equal.”…"), whatever the lengths, so that the
presence of a question never gives away the answer to the one before.

Levels: easy items have clear differences (the points differ in length, no two best sequences
of the same length); medium ones are decided by the second comparison (points of as many cards
decided by their value, sequences of the same length by their top card); hard ones are the
equalities (an equal point, identical best sequences: then neither player scores any sequence)
and totals where elder's better sequence or set cancels younger's others. Rare cases
(:data:`CASES`) come from :mod:`.piquet_hands` and mix into plain seeds one time in four; the
curated item ``"example"`` is Cavendish's Example from the younger hand's side.

>>> drill = AnsweringDrill()
>>> item = drill.item("example", Level.MEDIUM)
>>> drill.expected(item)
{'point': 'ask', 'point_value': 'good', 'sequence': 'good', 'sets': 'not-good', 'total': 17}
>>> data = {"point": "ask", "point_value": "good", "sequence": "good", "sets": "not-good",
...     "total": "17"}
>>> drill.check(item, drill.parse_answer(item, data)).correct
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

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
from cardtutor.engine.drills.piquet_dialogue import (
    CATEGORY_ANCHORS,
    Settlement,
    best_value,
    call_line,
    comparison,
    deal_from_hands,
    dialogue_rows,
    fill,
    making_line,
    pick,
    replies,
    reply_line,
    run_mask,
    said,
    settle,
)
from cardtutor.engine.drills.piquet_hands import (
    EXAMPLE_DEAL,
    PiquetDeal,
    Role,
    carte_blanche_deal,
    equal_point_deal,
    equal_sequences_deal,
    random_deal,
    repique_deal,
)
from cardtutor.engine.piquet.constants import PIQUE_AT, POINTS_REPIQUE
from cardtutor.engine.piquet.declarations import honest, value
from cardtutor.engine.piquet.masks import FULL, RANK_MASKS, RUNS, SET_OFFSETS, pips
from cardtutor.engine.text import Msg, register_messages

__all__ = ["AnsweringDrill", "CASES", "deal_of", "expected_answers"]

KEY = "piquet.answering"
CASES = ("equal-point", "equal-sequence", "carte-blanche", "repique")
"""The rare cases every level can be asked for (``"equal-point-3"``)."""
CURATED = ("example",)
EXAMPLE_STEPS = {"point": 4, "point_value": 4, "sequence": 6, "sets": 8, "total": 10}
"""The worked example's step for each question: B's answers to the point (4), the sequence
(6), the sets (8), and B showing his sets before the first trick (10)."""
REPLIES = ("good", "not-good", "equal")
FIRST_REPLIES = ("good", "not-good", "ask")
VALUE_REPLIES = ("good", "not-good", "equal", "none")

_RARE_SHARE = 0.25
_EASY_RARE = ("carte-blanche", "repique")
_MEDIUM_RARE = ("carte-blanche", "repique", "equal-point", "equal-sequence")
_HARD_POOL = (
    ("equal-point", 3),
    ("equal-sequence", 3),
    ("cancel-sequences", 3),
    ("cancel-sets", 2),
    ("medium", 1),
)

register_messages(
    {
        "drill.answering.title": ("Answering as younger", "Antworten als Hinterhand"),
        "drill.answering.summary": (
            "Elder declares point, sequences and sets one by one: answer good, not good or "
            "equal (at the point's number of cards: what do they make?), then reckon what you "
            "score before your first card.",
            "Die Vorhand sagt Point, Sequenzen, Quatorze und Trios an: Antworte gut, nicht "
            "gut oder gleich (bei der Zahl der Point-Karten: wie viel?) und zähle dann, was du "
            "vor deiner ersten Karte bekommst.",
        ),
        "drill.answering.prompt": (
            "You are the younger hand. Answer each of the elder hand's declarations as it "
            "comes, then say what you score before you play to the first trick.",
            "Du bist die Hinterhand. Beantworte jede Ansage der Vorhand, wie sie kommt, und "
            "sag dann, was du zählst, bevor du zum ersten Stich zugibst.",
        ),
        "drill.answering.you": (
            "You are {younger}, the younger hand (you dealt); {elder} is the elder hand. Both "
            "have exchanged.",
            "Du bist {younger}, die Hinterhand (du hast gegeben); {elder} ist die Vorhand. "
            "Beide haben gekauft.",
        ),
        "drill.answering.example": (
            "This is the deal of the worked example in the Piquet article (Cavendish's "
            "Example), from the younger hand's side.",
            "Das ist das Beispielspiel aus dem Piquet-Artikel (Cavendishs Beispiel), aus der "
            "Sicht der Hinterhand.",
        ),
        "drill.answering.your_hand": ("Your hand", "Deine Hand"),
        "drill.answering.your_cb": (
            "You were dealt carte blanche, announced it and scored {points} at once.",
            "Du hattest Carte blanche, hast sie angesagt und sofort {points} gezählt.",
        ),
        "drill.answering.elder_cb": (
            "{elder} was dealt carte blanche and scored {points} at once; after your exchange "
            "he showed you the cards he was dealt.",
            "{elder} hatte Carte blanche und hat sofort {points} gezählt; nach deinem Kauf hat "
            "er dir die gegebenen Karten gezeigt.",
        ),
        "drill.answering.elder_cb_label": (
            "{elder}'s carte blanche (the cards dealt)",
            "Carte blanche von {elder} (die gegebenen Karten)",
        ),
        # fields
        "drill.answering.f.point": ("The point: your answer", "Der Point: deine Antwort"),
        "drill.answering.f.point_value": (
            "What they make: your answer if you said “Equal.”, else “No value was named”",
            "Was sie zählen: deine Antwort, falls du „Gleich.“ gesagt hast, sonst „Kein Wert "
            "genannt“",
        ),
        "drill.answering.f.sequence": ("Sequences: your answer", "Sequenzen: deine Antwort"),
        "drill.answering.f.sets": (
            "Quatorzes and trios: your answer",
            "Quatorze und Trios: deine Antwort",
        ),
        "drill.answering.f.total": (
            "Before you play to the first trick: your score in this deal now",
            "Bevor du zum ersten Stich zugibst: dein Stand in diesem Spiel",
        ),
        "drill.answering.if_asked": (
            "If you say “Equal.”, elder names the value: {line}",
            "Sagst du „Gleich.“, nennt die Vorhand den Wert: {line}",
        ),
        "drill.answering.lines": ("{first} {second}", "{first} {second}"),
        "drill.answering.opt.none": (
            "No value was named: the number of cards decided it.",
            "Kein Wert genannt: Die Zahl der Karten hat entschieden.",
        ),
        # verdicts
        "drill.answering.wrong": (
            "{what}: the right answer is “{right}” (you answered “{given}”).",
            "{what}: Richtig ist „{right}“ (du hast „{given}“ geantwortet).",
        ),
        "drill.answering.what.point": ("The point", "Der Point"),
        "drill.answering.what.point_value": ("What they make", "Was sie zählen"),
        "drill.answering.what.sequence": ("Sequences", "Sequenzen"),
        "drill.answering.what.sets": ("Quatorzes and trios", "Quatorze und Trios"),
        "drill.answering.wrong_total": (
            "Your score before the first trick: you wrote {given}; it is {right}.",
            "Dein Stand vor dem ersten Stich: Du hast {given} angegeben; richtig ist {right}.",
        ),
        "drill.answering.r.ask": (
            "You hold {n} cards in your best suit too: so you do not say “good” or “not good” "
            "yet; you say “Equal.” (or ask “What do they make?”), elder names the value, and "
            "you compare the values ({theirs} against your {yours}).",
            "Du hast in deiner besten Farbe ebenfalls {n} Karten: Also sagst du noch nicht "
            "„gut“ oder „nicht gut“, sondern „Gleich.“ (oder fragst „Wie viel?“); die Vorhand "
            "nennt den Wert, und du vergleichst die Werte ({theirs} gegen deine {yours}).",
        ),
        "drill.answering.r.no_ask": (
            "Say “Equal.” (ask what they make) only when you hold as many cards as elder "
            "calls; here the number of cards decides ({theirs} against your {yours}).",
            "„Gleich.“ sagt man (nach dem Wert fragt man) nur, wenn man ebenso viele Karten "
            "hat, wie die Vorhand ansagt; hier entscheidet die Zahl der Karten ({theirs} gegen "
            "deine {yours}).",
        ),
        "drill.answering.r.sets_never_equal": (
            "Quatorzes and trios are never equal: there is only one card of each rank in a "
            "suit, so one player always has more cards of a rank, or the higher rank.",
            "Quatorze und Trios sind nie gleich: Jeden Rang gibt es nur einmal je Farbe, also "
            "hat immer einer mehr Karten eines Rangs oder den höheren Rang.",
        ),
        "drill.answering.r.elder_none": (
            "{elder} says “{line}”: there is nothing to answer, and whatever you hold there is "
            "good without a comparison (sunk cards do not bar).",
            "{elder} sagt „{line}“: Da gibt es nichts zu beantworten, und was du darin hast, "
            "ist ohne Vergleich gut (verschwiegene Karten der Vorhand schlagen deine nicht).",
        ),
        "drill.answering.r.total": (
            "Your score before the first trick: {parts} = {total}.",
            "Dein Stand vor dem ersten Stich: {parts} = {total}.",
        ),
        "drill.answering.r.total_nothing": (
            "Nothing in your hand is good: you score nothing before the first trick (0).",
            "Nichts in deiner Hand ist gut: Du zählst vor dem ersten Stich nichts (0).",
        ),
        "drill.answering.part.0": ("{n} for carte blanche", "{n} für Carte blanche"),
        "drill.answering.part.1": ("{n} for the point", "{n} für den Point"),
        "drill.answering.part.2": ("{n} for sequences", "{n} für Sequenzen"),
        "drill.answering.part.3": ("{n} for quatorzes and trios", "{n} für Quatorze und Trios"),
        "drill.answering.part.repique": ("{n} for the repique", "{n} für das Repique"),
        "drill.answering.r.repique": (
            "You reach {threshold} in hand before {elder} reckons anything (carte blanche, "
            "point, sequences, sets is the order): repique, {points} more.",
            "Du erreichst {threshold} aus der Hand, bevor {elder} etwas zählt (die Reihenfolge "
            "ist Carte blanche, Point, Sequenzen, Quatorze und Trios): Repique, {points} dazu.",
        ),
        "drill.answering.answer": (
            "Point: {point}{value}; sequences: {sequence}; quatorzes and trios: {sets}; your "
            "score before the first trick: {total}.",
            "Point: {point}{value}; Sequenzen: {sequence}; Quatorze und Trios: {sets}; dein "
            "Stand vor dem ersten Stich: {total}.",
        ),
        "drill.answering.answer_value": (", then “{reply}”", ", dann „{reply}“"),
        "drill.answering.no_answer": ("nothing to answer", "nichts zu beantworten"),
    }
)

_LABELS = {
    "point": "drill.answering.f.point",
    "point_value": "drill.answering.f.point_value",
    "sequence": "drill.answering.f.sequence",
    "sets": "drill.answering.f.sets",
}
_CATEGORY_OF = {"point": 0, "point_value": 0, "sequence": 1, "sets": 2, "total": 3}


def _option(reply: str) -> Msg:
    """A reply's words (an option's label, and the verdict's quotation)."""
    return Msg("drill.answering.opt.none") if reply == "none" else reply_line(reply)


# ---------------------------------------------------------------------------------------------
# The deals
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


def _runs_of(claim: int) -> int:
    """How many sequences a (sequence) claim holds."""
    return sum(1 for s in range(4) for _lo, n in RUNS[claim >> (8 * s) & 255] if n >= 3)


def _sets_of(claim: int) -> int:
    return sum(1 for o in SET_OFFSETS if claim & RANK_MASKS[o])


def _clear(s: Settlement) -> bool:
    """Every comparison decided at first sight: the points differ in length, the best
    sequences (if both have one) differ in length."""
    e, y = s.claims
    if best_value(0, e[0])[0] == best_value(0, y[0])[0]:
        return False
    return not (e[1] and y[1] and best_value(1, e[1])[0] == best_value(1, y[1])[0])


def _second_look(s: Settlement) -> bool:
    """A comparison decided by the second look (a point's value, a sequence's top card) and
    no equality."""
    if any(s.equal):
        return False
    e, y = s.claims
    same_point = best_value(0, e[0])[0] == best_value(0, y[0])[0]
    same_seq = bool(e[1] and y[1]) and best_value(1, e[1])[0] == best_value(1, y[1])[0]
    return same_point or same_seq


def _cancel_sequences(rng: random.Random) -> PiquetDeal | None:
    """Younger holds two sequences or more, elder a better best one: younger scores none."""
    s_e, s1, s2 = rng.sample(range(4), 3)
    le = rng.choice((4, 4, 5))
    e = run_mask(s_e, rng.randint(le - 1, 7), le)
    l1 = rng.randint(3, le - 1)
    y = run_mask(s1, rng.randint(l1 - 1, 7), l1) | run_mask(s2, rng.randint(2, 7), 3)
    target = value(1, e)
    e2 = fill(rng, e, FULL & ~y, ok=lambda m: value(1, honest(1, m)) == target)
    if e2 is None:
        return None
    y2 = fill(rng, y, FULL & ~e2, ok=lambda m: value(1, honest(1, m)) < target)
    if y2 is None or _runs_of(honest(1, y2)) < 2:
        return None
    return deal_from_hands(rng, e2, y2, case="cancel-sequences")


def _cancel_sets(rng: random.Random) -> PiquetDeal | None:
    """Younger holds two sets or more, elder a better best one: younger scores none."""
    r_e, r1, r2 = rng.sample(SET_OFFSETS, 3)
    if rng.random() < 0.5:
        e = RANK_MASKS[r_e]  # a quatorze beats any trio
    else:
        r_e, r1, r2 = sorted((r_e, r1, r2), reverse=True)  # a trio of the highest rank
        e = pick(rng, RANK_MASKS[r_e], 3)
    y = pick(rng, RANK_MASKS[r1], 3) | pick(rng, RANK_MASKS[r2], 3)
    target = value(2, e)
    e2 = fill(rng, e, FULL & ~y, ok=lambda m: value(2, honest(2, m)) == target)
    if e2 is None:
        return None
    y2 = fill(rng, y, FULL & ~e2, ok=lambda m: value(2, honest(2, m)) < target)
    if y2 is None:
        return None
    return deal_from_hands(rng, e2, y2, case="cancel-sets")


def _built(rng: random.Random, case: str) -> PiquetDeal:
    if case == "equal-point":
        return equal_point_deal(rng)
    if case == "equal-sequence":
        return equal_sequences_deal(rng)
    if case == "carte-blanche":
        return carte_blanche_deal(rng)
    if case == "repique":
        return repique_deal(rng, rng.choice((Role.YOUNGER, Role.YOUNGER, Role.ELDER)))
    if case in ("cancel-sequences", "cancel-sets"):
        make = _cancel_sequences if case == "cancel-sequences" else _cancel_sets
        for _attempt in range(12):
            deal = make(rng)
            if deal is not None:
                return deal
        return equal_sequences_deal(rng)  # pragma: no cover (twelve failures in a row)
    raise ValueError(f"no such case {case!r}")


def _plain(rng: random.Random, test: Any) -> PiquetDeal:
    deal = random_deal(rng)
    for _attempt in range(60):
        if test(settle(deal)):
            return deal
        deal = random_deal(rng)
    return deal  # pragma: no cover (sixty misses in a row)


def _choose(seed: str, level: Level) -> PiquetDeal:
    rng = rng_for(KEY, seed, level)
    if seed == "example":
        return EXAMPLE_DEAL
    case = seed_case(seed, CASES)
    if case is None:
        if level is Level.HARD:
            case = rng.choices([c for c, _w in _HARD_POOL], [w for _c, w in _HARD_POOL])[0]
            if rng.random() < _RARE_SHARE:
                case = rng.choice(_EASY_RARE)
        elif rng.random() < _RARE_SHARE:
            case = rng.choice(_EASY_RARE if level is Level.EASY else _MEDIUM_RARE)
    if case is None or case == "medium":
        test = _clear if level is Level.EASY else _second_look
        return _plain(rng, test)
    deal = _built(rng, case)
    if level is Level.EASY and case in _EASY_RARE:
        for _attempt in range(6):  # easy items keep their differences clear where they can
            if _clear(settle(deal)):
                break
            deal = _built(rng, case)
    return deal


def _tags(deal: PiquetDeal, s: Settlement) -> frozenset[str]:
    tags: set[str] = set()
    e, y = s.claims
    if s.equal[0]:
        tags.add("equal-point")
    if s.equal[1]:
        tags.add("equal-sequence")
    if any(deal.carte_blanche(r) for r in Role):
        tags.add("carte-blanche")
    if s.repique is not None:
        tags.add("repique")
    if not s.equal[0] and best_value(0, e[0])[0] == best_value(0, y[0])[0]:
        tags.add("point-value")
    if e[1] and y[1] and not s.equal[1] and value(1, e[1])[0] == value(1, y[1])[0]:
        tags.add("sequence-top")
    if s.winners[1] is Role.ELDER and _runs_of(y[1]) >= 2:
        tags.add("cancel-sequences")
    if s.winners[2] is Role.ELDER and _sets_of(y[2]) >= 2:
        tags.add("cancel-sets")
    return frozenset(tags)


def _concept(tags: frozenset[str]) -> str:
    for tag, anchor in (
        ("repique", "piquet#repique"),
        ("carte-blanche", "piquet#carte-blanche"),
        ("equal-point", "piquet#point"),
        ("equal-sequence", "piquet#sequences"),
        ("cancel-sequences", "piquet#sequences"),
        ("cancel-sets", "piquet#sets"),
        ("point-value", "piquet#point"),
        ("sequence-top", "piquet#sequences"),
    ):
        if tag in tags:
            return anchor
    return "piquet#declaring"


# ---------------------------------------------------------------------------------------------
# The drill
# ---------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _settled(deal: PiquetDeal) -> Settlement:
    return settle(deal)


def expected_answers(deal: PiquetDeal) -> dict[str, Any]:
    """The right answer to every question of an item on ``deal`` (asked or not)."""
    s = _settled(deal)
    e, y = s.claims
    out: dict[str, Any] = {}
    point = replies(0, e[0], y[0])
    out["point"] = point[0]
    out["point_value"] = point[1] if point[0] == "ask" else "none"
    for name, cat in (("sequence", 1), ("sets", 2)):
        answer = replies(cat, e[cat], y[cat])
        out[name] = answer[0] if answer else None
    out["total"] = s.totals[1]
    return out


class AnsweringDrill:
    """Drill 2: answer elder's declarations and reckon younger's hand (see the module)."""

    key = KEY
    game = "piquet"
    number = 2
    title = Msg("drill.answering.title")
    summary = Msg("drill.answering.summary")
    cases: tuple[str, ...] = CASES
    kinds: tuple[str, ...] = ()
    curated: tuple[str, ...] = CURATED

    def item(self, seed: str, level: Level) -> Item:
        deal = _choose(seed, level)
        s = _settled(deal)
        e, _y = s.claims
        elder, younger = deal.elder, deal.younger
        shows: list[Show] = []
        if seed == "example":
            shows.append(Show.sentence(Msg("drill.answering.example")))
        shows.append(Show.sentence(Msg("drill.answering.you", elder=elder, younger=younger)))
        if deal.carte_blanche(Role.YOUNGER):
            shows.append(Show.sentence(Msg("drill.answering.your_cb", points=s.hand[1][0])))
        if deal.carte_blanche(Role.ELDER):
            shows.append(
                Show.sentence(Msg("drill.answering.elder_cb", elder=elder, points=s.hand[0][0]))
            )
            shows.append(
                Show.hand(
                    Msg("drill.answering.elder_cb_label", elder=elder),
                    deal.dealt_hand(Role.ELDER),
                )
            )
        shows.append(Show.hand(Msg("drill.answering.your_hand"), deal.hand(Role.YOUNGER)))
        fields: list[Field] = []
        fields.append(
            Field.choose(
                "point",
                Msg(_LABELS["point"]),
                [(r, _option(r)) for r in FIRST_REPLIES],
                say=said(elder, call_line(0, e[0])),
            )
        )
        making = making_line(pips(e[0]))
        fields.append(
            Field.choose(
                "point_value",
                Msg(_LABELS["point_value"]),
                [(r, _option(r)) for r in VALUE_REPLIES],
                say=Msg("drill.answering.if_asked", line=said(elder, making)),
            )
        )
        pending: Msg | None = None
        for name, cat in (("sequence", 1), ("sets", 2)):
            line = said(elder, call_line(cat, e[cat]))
            if pending is not None:
                line = Msg("drill.answering.lines", first=pending, second=line)
                pending = None
            if not e[cat]:
                pending = line  # nothing to answer: said before the next question
                continue
            fields.append(
                Field.choose(name, Msg(_LABELS[name]), [(r, _option(r)) for r in REPLIES], say=line)
            )
        fields.append(Field.number("total", Msg("drill.answering.f.total"), 0, 200, say=pending))
        tags = _tags(deal, s)
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
            },
            prompt=Msg("drill.answering.prompt"),
            shows=tuple(shows),
            fields=tuple(fields),
            concept=_concept(tags),
            tags=tags,
        )

    def parse_answer(self, item: Item, data: Mapping[str, str]) -> dict[str, Any]:
        return parse_fields(item, data)

    def expected(self, item: Item) -> dict[str, Any]:
        """The right answer to each question the item asks."""
        right = expected_answers(deal_of(item))
        return {f.name: right[f.name] for f in item.fields}

    def check(self, item: Item, answer: Any) -> Feedback:
        deal = deal_of(item)
        s = _settled(deal)
        right = self.expected(item)
        given: Mapping[str, Any] = answer if isinstance(answer, Mapping) else {}
        mistakes: list[Msg] = []
        wrong: list[str] = []
        for spec in item.fields:
            mine, want = given.get(spec.name), right[spec.name]
            if mine == want:
                continue
            wrong.append(spec.name)
            if spec.name == "total":
                mistakes.append(Msg("drill.answering.wrong_total", given=mine, right=want))
            else:
                mistakes.append(
                    Msg(
                        "drill.answering.wrong",
                        what=Msg(f"drill.answering.what.{spec.name}"),
                        given=_option(str(mine)) if mine in VALUE_REPLIES + ("ask",) else mine,
                        right=_option(str(want)),
                    )
                )
                if spec.name == "sets" and mine == "equal":
                    mistakes.append(Msg("drill.answering.r.sets_never_equal"))
        reasons = [*mistakes, *self._reasons(deal, s)]
        rules = [CATEGORY_ANCHORS[min(_CATEGORY_OF[n], 2)] for n in wrong if n != "total"]
        if "total" in wrong:
            rules.append("piquet#reckoning-order" if s.repique else "piquet#declaring")
        rules += [item.concept, "piquet#declaring", *CATEGORY_ANCHORS]
        if s.repique is not None:
            rules.append("piquet#repique")
        first = wrong[0] if wrong else _main_question(item)
        return Feedback(
            correct=not mistakes,
            expected=right,
            reasons=tuple(reasons),
            rules=tuple(dict.fromkeys(rules)),
            answer=(self._answer_words(right),),
            shows=(
                Show.table(
                    Msg("drill.dialogue.table"),
                    (Msg("drill.dialogue.who"), Msg("drill.dialogue.what")),
                    dialogue_rows(deal, s),
                ),
            ),
            replay=("piquet-example", EXAMPLE_STEPS[first]),
        )

    def _reasons(self, deal: PiquetDeal, s: Settlement) -> list[Msg]:
        e, y = s.claims
        reasons: list[Msg] = []
        # the point: first the number of cards, then (if as many) the value
        theirs, yours = e[0].bit_count(), y[0].bit_count()
        if theirs == yours:
            reasons.append(
                Msg(
                    "drill.answering.r.ask",
                    n=Msg(f"piquet.num.{yours}"),
                    theirs=pips(e[0]),
                    yours=pips(y[0]),
                )
            )
        else:
            reasons.append(Msg("drill.answering.r.no_ask", theirs=theirs, yours=yours))
        reasons += comparison(deal, s, 0)
        for cat in (1, 2):
            if not e[cat]:
                reasons.append(
                    Msg(
                        "drill.answering.r.elder_none",
                        elder=deal.elder,
                        line=Msg(f"piquet.say.none.{cat}"),
                    )
                )
            reasons += comparison(deal, s, cat)
        # the total
        hand = s.hand[1]
        parts = [Msg(f"drill.answering.part.{c}", n=n) for c, n in enumerate(hand) if n]
        if s.repique is Role.YOUNGER:
            reasons.append(
                Msg(
                    "drill.answering.r.repique",
                    elder=deal.elder,
                    threshold=PIQUE_AT,
                    points=POINTS_REPIQUE,
                )
            )
            parts.append(Msg("drill.answering.part.repique", n=POINTS_REPIQUE))
        if parts:
            reasons.append(Msg("drill.answering.r.total", parts=tuple(parts), total=s.totals[1]))
        else:
            reasons.append(Msg("drill.answering.r.total_nothing"))
        return reasons

    def _answer_words(self, right: Mapping[str, Any]) -> Msg:
        value_words: Msg | str = ""
        if right.get("point_value") not in (None, "none"):
            value_words = Msg("drill.answering.answer_value", reply=_option(right["point_value"]))
        return Msg(
            "drill.answering.answer",
            point=_said(right.get("point")),
            value=value_words,
            sequence=_said(right.get("sequence")),
            sets=_said(right.get("sets")),
            total=right["total"],
        )


def _said(reply: str | None) -> Msg:
    """A reply quoted, or "nothing to answer"."""
    if not reply:
        return Msg("drill.answering.no_answer")
    return Msg("drill.quoted", text=_option(reply))


def _main_question(item: Item) -> str:
    anchor = item.concept
    if anchor == "piquet#sequences":
        return "sequence"
    if anchor == "piquet#sets":
        return "sets"
    if anchor in ("piquet#repique", "piquet#carte-blanche"):
        return "total"
    return "point"
