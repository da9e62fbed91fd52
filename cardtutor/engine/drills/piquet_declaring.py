"""Piquet drill 1, *Declaring as elder*: make the declarations in order, as the dialogue goes.

The learner holds the elder hand's twelve cards after the exchange and declares: the point
("Five cards." and, when younger holds as many and says "Equal.", what they make: "Forty-nine."),
then his sequences ("Quart major."), then his quatorzes and trios ("Three jacks?"). The point is
asked as two numbers, sequences and sets as a choice of what to declare. Younger's answers come
only in the feedback, which plays the dialogue out (the item knows younger's hand, never
shown): younger's answers, what each player scores and why. Before the learner answers, a
reply to a declaration he has not yet made would tell him more than elder knows at the table
(that his point is good); only younger's "Equal." comes, with the value it asks for.

Levels: easy hands have one obvious best call in each category (one longest suit, at most one
sequence and one trio or quatorze); medium hands make the learner choose (two suits as long,
decided by their value; two sequences, the longer or the higher called first; a quatorze of a
lower rank called before a trio of a higher one). Hard items are about **sinking**: declaring
less than you hold (legal: sunk cards score nothing and do not bar the opponent) to keep cards
from younger's knowledge. The learner decides whether to declare in full or sink the part the
item proposes, and says what sinking gives up.

The ruling on when sinking is worth it (this drill's, after the classic advice): only when it
is *safe*, younger can gain nothing by it (what you still declare is sure to be good: none of
the cards you neither hold nor discarded can make as much; or your best combination, which
alone decides the category, is declared either way), *cheap*, it costs at most
:data:`SINK_AT_MOST` points (a tierce's or a trio's worth) and no repique or pique, and it
*hides* something: the sunk cards are not all among those of elder's other declarations sure
to be good, which are shown (six cards making sixty are the ace to the nine, so sinking the
nine from a sixième sure to be good hides nothing). Every part is judged on what elder knows
when he declares (his hand, his discard, which the item shows, and younger's carte blanche if
announced): younger's answers and his real hand come only in the verdict, and "no repique or
pique" means none that the full declaration would make were elder's declarations good. Foster's
*Hoyle*: sinking "is usually resorted to only when the player knows from his own hand and
discards that what he declares is still better than anything his adversary can hold"; the
Britannica (9th edition): players "omit to call some small score, such as a tierce" to mislead.

Rare cases (:data:`CASES`): ``sinking`` (sinking worth doing), ``equal-point``,
``carte-blanche`` and ``repique`` (from :mod:`.piquet_hands`); the curated item ``"example"``
is Cavendish's Example from the elder hand's side.

>>> drill = DeclaringDrill()
>>> item = drill.item("example", Level.EASY)
>>> right = drill.expected(item)
>>> right["point_cards"], right["point_value"]
(5, 49)
>>> drill.check(item, drill.parse_answer(item, {k: str(v) for k, v in right.items()})).correct
True
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtutor.engine.cards import ALL_CARDS, Card, Suit
from cardtutor.engine.drills.base import (
    Feedback,
    Field,
    Item,
    Level,
    Show,
    parse_fields,
    rng_for,
    seed_case,
    the,
)
from cardtutor.engine.drills.piquet_dialogue import (
    CATEGORY_ANCHORS,
    NONE,
    Settlement,
    answered,
    best_value,
    card_list,
    claim_words,
    comparison,
    deal_from_hands,
    dialogue_rows,
    fill,
    names,
    other_words,
    pick,
    replies,
    reply_line,
    run_mask,
    settle,
    unknown_to_elder,
)
from cardtutor.engine.drills.piquet_hands import (
    EXAMPLE_DEAL,
    PiquetDeal,
    Role,
    carte_blanche_deal,
    equal_point_deal,
    repique_deal,
)
from cardtutor.engine.piquet.constants import (
    PIPS_ACE,
    PIPS_COURT,
    POINTS_CARTE_BLANCHE,
    POINTS_PIQUE,
    POINTS_REPIQUE,
)
from cardtutor.engine.piquet.declarations import claim_score, honest, value
from cardtutor.engine.piquet.masks import (
    FULL,
    RANK_MASKS,
    RUNS,
    SET_OFFSETS,
    SUIT_MASKS,
    bits,
    pips,
)
from cardtutor.engine.text import Msg, register_messages

__all__ = ["DeclaringDrill", "CASES", "SINK_AT_MOST", "Sink", "judge", "deal_of"]

KEY = "piquet.declaring"
CASES = ("sinking", "equal-point", "carte-blanche", "repique")
KINDS = ("sinking-question",)
"""A question whether sinking pays (every plain item of the hard level asks one; the seed
``"sinking-question-7"`` asks one at any level), so "try a similar one" asks another."""
"""The rare cases every level can be asked for (``"sinking-3"``)."""
CURATED = ("example",)
SINK_AT_MOST = 3
"""The most a sunk part may cost for sinking to be worth it: a tierce's or a trio's worth."""
EXAMPLE_STEPS = {"point_cards": 3, "point_value": 4, "sequence": 5, "sets": 7}
"""The worked example's step for each question: A's point (3, and 4 where B asks what it
makes), his sequence (5), his sets (7)."""
_CATEGORY_OF = {"point_cards": 0, "point_value": 0, "sequence": 1, "sets": 2, "cost": -1}
_RARE_SHARE = 0.25
_EASY_RARE = ("carte-blanche", "repique", "equal-point")
_MEDIUM_RARE = ("carte-blanche", "repique", "equal-point", "sinking")
_WORTH_KINDS = (("extra-seq", 3), ("extra-set", 3), ("shorten-seq", 2), ("shorten-point", 2))
_COSTLY_KINDS = (
    ("extra-seq-big", 2),
    ("extra-set-big", 1),
    ("quint-to-quart", 2),
    ("quatorze-to-trio", 2),
    ("unsafe-point", 2),
    ("unsafe-seq", 2),
)

register_messages(
    {
        "drill.declaring.title": ("Declaring as elder", "Ansagen als Vorhand"),
        "drill.declaring.summary": (
            "Make the elder hand's declarations in order as the dialogue goes: point, "
            "sequences, quatorzes and trios; and judge when sinking is worth it.",
            "Die Ansagen der Vorhand der Reihe nach machen, wie das Gespräch läuft: Point, "
            "Sequenzen, Quatorze und Trios; und beurteilen, wann sich Verschweigen lohnt.",
        ),
        "drill.declaring.none.sequence": (
            "You hold no sequence (three or more cards of a suit in order): there is none to "
            "declare, so this item does not ask for one.",
            "Du hast keine Sequenz (drei oder mehr Karten einer Farbe in der Folge): Es gibt "
            "keine anzusagen, darum fragt diese Aufgabe nicht danach.",
        ),
        "drill.declaring.none.sets": (
            "You hold no trio or quatorze (three or four aces, kings, queens, jacks or tens): "
            "there is none to declare, so this item does not ask for one.",
            "Du hast weder Quatorze noch Trio (drei oder vier Asse, Könige, Damen, Buben oder "
            "Zehnen): Es gibt keine anzusagen, darum fragt diese Aufgabe nicht danach.",
        ),
        "drill.declaring.prompt": (
            "You are the elder hand: declare your point, then your sequences, then your trios "
            "and quatorzes, as the dialogue goes. The younger hand answers each.",
            "Du bist die Vorhand: Sag deinen Point an, dann deine Sequenzen, dann deine "
            "Quatorze und Trios, wie das Gespräch läuft. Die Hinterhand antwortet jeweils.",
        ),
        "drill.declaring.prompt_sink": (
            "You are the elder hand: declare your point, then your sequences, then your trios "
            "and quatorzes. Sinking is allowed: you may declare less than you hold (sunk cards "
            "score nothing and do not bar the younger hand). Is it worth it here?",
            "Du bist die Vorhand: Sag deinen Point an, dann deine Sequenzen, dann deine "
            "Quatorze und Trios. Verschweigen ist erlaubt: Du darfst weniger ansagen, als du "
            "hast (verschwiegene Karten zählen nichts und schlagen die Karten der Hinterhand nicht). "
            "Lohnt es sich "
            "hier?",
        ),
        "drill.declaring.you": (
            "You are {elder}, the elder hand; {younger} dealt and is the younger hand. Both "
            "have exchanged: these are your twelve cards.",
            "Du bist {elder}, die Vorhand; {younger} hat gegeben und ist die Hinterhand. Beide "
            "haben gekauft: Das sind deine zwölf Karten.",
        ),
        "drill.declaring.example": (
            "This is the deal of the worked example in the Piquet article (Cavendish's "
            "Example), from the elder hand's side.",
            "Das ist das Beispielspiel aus dem Piquet-Artikel (Cavendishs Beispiel), aus der "
            "Sicht der Vorhand.",
        ),
        "drill.declaring.your_cb": (
            "You were dealt carte blanche, announced it and scored {points} at once.",
            "Du hattest Carte blanche, hast sie angesagt und sofort {points} gezählt.",
        ),
        "drill.declaring.younger_cb": (
            "{younger} was dealt carte blanche and scored {points} at once; after your "
            "exchange he showed you the cards he was dealt.",
            "{younger} hatte Carte blanche und hat sofort {points} gezählt; nach deinem Kauf "
            "hat er dir die gegebenen Karten gezeigt.",
        ),
        "drill.declaring.younger_cb_label": (
            "{younger}'s carte blanche (the cards dealt)",
            "Carte blanche von {younger} (die gegebenen Karten)",
        ),
        "drill.declaring.your_hand": ("Your hand", "Deine Hand"),
        "drill.declaring.your_discard": ("Your discard", "Deine Ablage"),
        "drill.declaring.consider": (
            "Think about sinking {what}.",
            "Überlege, ob du {what} verschweigst.",
        ),
        # fields
        "drill.declaring.f.point_cards": (
            "Your point: how many cards do you call?",
            "Dein Point: Wie viele Karten sagst du an?",
        ),
        "drill.declaring.f.point_cards_sink": (
            "Your point, as you declare it (sunk cards are not called): how many cards do you "
            "call?",
            "Dein Point, wie du ihn ansagst (verschwiegene Karten zählen nicht mit): Wie viele "
            "Karten sagst du an?",
        ),
        "drill.declaring.r.point_sunk": (
            "Sinking {what}, you call {n} cards, worth {pips}: why that is worth it comes below.",
            "Verschweigst du {what}, sagst du {n} Karten an, {pips} wert; warum sich das lohnt, "
            "steht weiter unten.",
        ),
        "drill.declaring.f.point_value": (
            "And what do they make?",
            "Und was zählen sie?",
        ),
        "drill.declaring.f.sequence": (
            "Your sequences: what do you declare?",
            "Deine Sequenzen: Was sagst du an?",
        ),
        "drill.declaring.f.sets": (
            "Your quatorzes and trios: what do you declare?",
            "Deine Quatorze und Trios: Was sagst du an?",
        ),
        "drill.declaring.f.cost": (
            "Sinking {what}: how many points of that declaration's own would you give up?",
            "Wenn du {what} verschweigst: Wie viele Punkte dieser Ansage selbst gibst du damit "
            "auf?",
        ),
        # the question asks "what do you declare?": an option is what is declared
        "drill.declaring.opt.declare": ("{name}", "{name}"),
        "drill.declaring.opt.full": (
            "{best}; when that is good, also {others}",
            "{best}; wenn das gut ist, auch {others}",
        ),
        "drill.declaring.opt.sink_others": (
            "{best}; sink the {others}",
            "{best}; {others} verschweigen",
        ),
        "drill.declaring.opt.sink_cards": (
            "{kept}; sink the {cards}",
            "{kept}; {cards} verschweigen",
        ),
        "drill.declaring.opt.nothing": (
            "Nothing (sink it all)",
            "Nichts (alles verschweigen)",
        ),
        "drill.declaring.what.others": ("the {others}", "die {others}"),  # Terz… are feminine
        "drill.declaring.what.cards": ("{cards}", "{cards}"),  # each with its article
        # verdicts
        "drill.declaring.wrong_cards": (
            "Your point: you called {given}; the right call is {right} cards.",
            "Dein Point: Du hast {given} angesagt; richtig sind {right} Karten.",
        ),
        "drill.declaring.wrong_value": (
            "What they make: you said {given}; the right figure is {right}.",
            "Was sie zählen: Du hast {given} gesagt; richtig ist {right}.",
        ),
        "drill.declaring.wrong_choice": (
            "{what}: you chose “{given}”; the right declaration is “{right}”.",
            "{what}: Du hast „{given}“ gewählt; richtig ist „{right}“.",
        ),
        "drill.declaring.wrong_cost": (
            "What sinking gives up: you wrote {given}; it is {right}.",
            "Was das Verschweigen kostet: Du hast {given} angegeben; richtig ist {right}.",
        ),
        "drill.declaring.r.not_held.1": (
            "You hold no {name}: your best sequence is the {best}.",
            "Du hast keine {name}: Deine beste Sequenz ist die {best}.",
        ),
        "drill.declaring.r.not_held.2": (
            "You do not hold {name}: your best trio or quatorze is {best}.",
            "Du hast keine {name}; dein bestes Trio oder Quatorze: {best}.",
        ),
        "drill.declaring.r.other_suit_value": (
            "{given} is what your {suit} make; your {point_suit} make more, so they are your "
            "point.",
            "{given} zählen deine {suit}-Karten; deine {point_suit}-Karten zählen mehr, also "
            "sind sie dein Point.",
        ),
        "drill.declaring.r.point": (
            "Your point is your suit with the most cards: the {suit}, {n} cards; what they "
            "make: {sum} = {pips} (ace {ace}, king, queen, jack and ten {court} each, the "
            "others as numbered).",
            "Dein Point ist deine Farbe mit den meisten Karten: {suit}, {n} Karten; was sie "
            "zählen: {sum} = {pips} (As {ace}, König, Dame, Bube und Zehn je {court}, die "
            "anderen nach ihrer Zahl).",
        ),
        "drill.declaring.r.point_tie": (
            "The {suit} and the {other} both have {n} cards: then the value decides, {pips} "
            "against {other_pips}, and the {suit} are your point.",
            "{suit} und {other} haben beide {n} Karten: Dann entscheidet der Wert, {pips} gegen "
            "{other_pips}, und {suit} ist dein Point.",
        ),
        "drill.declaring.r.point_same": (
            "The {suit} and the {other} both have {n} cards making {pips}: either is your "
            "point, and you call it the same way.",
            "{suit} und {other} haben beide {n} Karten mit {pips}: Jede der beiden ist dein "
            "Point, und du sagst ihn gleich an.",
        ),
        "drill.declaring.r.point_ask": (
            "{younger} holds as many cards in his best suit, so he says “Equal.” (he asks what "
            "they make) before he answers.",
            "{younger} hat in seiner besten Farbe ebenso viele Karten, darum sagt er „Gleich.“ "
            "(er fragt, was sie zählen), bevor er antwortet.",
        ),
        "drill.declaring.r.seq_one": (
            "Your sequence: {best}; call it by its name.",
            "Deine Sequenz: {best}; sag sie mit ihrem Namen an.",
        ),
        "drill.declaring.r.seq_many": (
            "Call your best sequence first (the longest; of equal length, the one with the "
            "higher top card): {best}. When it is good, all your sequences score: also "
            "{others}.",
            "Sag zuerst deine beste Sequenz an (die längste; bei gleicher Länge die mit der "
            "höheren obersten Karte): {best}. Ist sie gut, zählen alle deine Sequenzen: auch "
            "{others}.",
        ),
        "drill.declaring.r.seq_none": (
            "You hold no sequence: you say so (“No sequence.”).",
            "Du hast keine Sequenz: Du sagst es („Keine Sequenz.“).",
        ),
        "drill.declaring.r.sets_one": (
            "Your trio or quatorze: {best}.",
            "Dein Quatorze oder Trio: {best}.",
        ),
        "drill.declaring.r.sets_many": (
            "Call your highest combination first (a quatorze beats any trio; otherwise the "
            "higher rank): {best}. When it is good, all your quatorzes and trios score: also "
            "{others}.",
            "Sag zuerst deine höchste Kombination an (ein Quatorze schlägt jedes Trio, sonst "
            "der höhere Rang): {best}. Ist sie gut, zählen alle deine Quatorze und Trios: auch "
            "{others}.",
        ),
        "drill.declaring.r.sets_none": (
            "You hold no trio or quatorze: you say so.",
            "Du hast kein Trio und kein Quatorze: Du sagst es.",
        ),
        # sinking
        "drill.declaring.r.sink_rule": (
            "Sinking pays only when it is safe (what you still declare is sure to be good, so "
            "younger gains nothing), cheap (at most {limit} points, and no repique or pique) "
            "and hides something (the sunk cards are not shown with another good "
            "declaration): then younger learns less about your hand at a small, certain price.",
            "Verschweigen lohnt sich nur, wenn es sicher ist (was du noch ansagst, ist sicher "
            "gut, also gewinnt die Hinterhand nichts), billig (höchstens {limit} Punkte und "
            "kein Repique oder Pique) und etwas verbirgt (die verschwiegenen Karten werden "
            "nicht mit einer anderen guten Ansage gezeigt): Dann erfährt die Hinterhand "
            "weniger über deine Hand, zu einem kleinen, sicheren Preis.",
        ),
        "drill.declaring.r.safe_kept.1": (
            "Safe: your best sequence, the {best}, is declared either way, and it alone decides "
            "younger's answer.",
            "Sicher: Deine beste Sequenz, die {best}, sagst du so oder so an, und sie allein "
            "entscheidet die Antwort der Hinterhand.",
        ),
        "drill.declaring.r.safe_kept.2": (
            "Safe: your best trio or quatorze, {best}, is declared either way, and it alone "
            "decides younger's answer.",
            "Sicher: Dein bestes Trio oder Quatorze, {best}, sagst du so oder so an, und es "
            "allein entscheidet die Antwort der Hinterhand.",
        ),
        "drill.declaring.r.safe_sure": (
            "Safe: what you would still declare ({kept}) would be sure to be good: the cards "
            "you neither hold nor discarded can make at most {threat}.",
            "Sicher: Was du dann noch ansagst ({kept}), wäre sicher gut: Die Karten, die du "
            "weder hast noch abgelegt hast, ergeben höchstens {threat}.",
        ),
        "drill.declaring.r.safe_none.1": (
            "Safe: the cards you neither hold nor discarded make no sequence at all.",
            "Sicher: Die Karten, die du weder hast noch abgelegt hast, ergeben gar keine Sequenz.",
        ),
        "drill.declaring.r.safe_none.2": (
            "Safe: the cards you neither hold nor discarded make no trio or quatorze at all.",
            "Sicher: Die Karten, die du weder hast noch abgelegt hast, ergeben weder ein Trio "
            "noch ein Quatorze.",
        ),
        "drill.declaring.r.unsafe_nothing": (
            "Not safe: declaring nothing here, you leave it to younger, and the cards you "
            "neither hold nor discarded could give him {threat}.",
            "Nicht sicher: Sagst du hier nichts an, überlässt du es der Hinterhand, und die "
            "Karten, die du weder hast noch abgelegt hast, könnten ihr {threat} geben.",
        ),
        "drill.declaring.r.unsafe": (
            "Not safe: what you would still declare ({kept}) would not be sure to be good: the "
            "cards you neither hold nor discarded could give younger {threat}, and sunk cards "
            "do not bar him.",
            "Nicht sicher: Was du dann noch ansagst ({kept}), wäre nicht sicher gut: Die "
            "Karten, die du weder hast noch abgelegt hast, könnten der Hinterhand {threat} "
            "geben, und verschwiegene Karten schlagen ihre nicht.",
        ),
        "drill.declaring.r.cost": (
            "It gives up {cost} of your own points ({full} in full, {kept} when sunk).",
            "Es kostet dich eigene Punkte: {cost} ({full} bei voller Ansage, {kept} mit "
            "Verschweigen).",
        ),
        "drill.declaring.r.cost_bonus": (
            "And it may cost more: if your declarations are good, the full one makes {bonus}; "
            "sunk, it does not.",
            "Und es kann mehr kosten: Sind deine Ansagen gut, bringt dir die volle {bonus}, "
            "die verschwiegene nicht.",
        ),
        "drill.declaring.r.cost_with_bonus": (
            "You counted in {bonus} as well, which sinking also gives up: the question asks "
            "only for that declaration's own points; {bonus} comes on top.",
            "Du hast {bonus} mitgezählt, das durch das Verschweigen ebenfalls verloren geht: "
            "Gefragt sind nur die Punkte dieser Ansage selbst; {bonus} kommt noch dazu.",
        ),
        "drill.declaring.r.bonus.repique": ("a repique ({points})", "ein Repique ({points})"),
        "drill.declaring.r.bonus.pique": ("a pique ({points})", "ein Pique ({points})"),
        "drill.declaring.r.actual": (
            "In this deal, with younger's real hand, sinking would change the difference "
            "between your scores by {actual} in younger's favour.",
            "In diesem Spiel, mit der wirklichen Hand der Hinterhand, verschöbe das "
            "Verschweigen den Abstand eurer Stände um {actual} zugunsten der Hinterhand.",
        ),
        "drill.declaring.r.actual_none": (
            "In this deal, with younger's real hand, sinking would in the end cost nothing; but "
            "you declare before you can know that.",
            "In diesem Spiel, mit der wirklichen Hand der Hinterhand, kostete das Verschweigen "
            "am Ende nichts; aber du sagst an, bevor du das wissen kannst.",
        ),
        "drill.declaring.r.part_sunk": (
            "You hold {best}; you declare it without {what}: why sinking pays here comes below.",
            "Du hast {best} und sagst ohne {what} an: Warum sich das Verschweigen hier lohnt, "
            "steht unten.",
        ),
        "drill.declaring.r.shown_anyway": (
            "And it hides nothing: {what} would be shown anyway, among the cards of another "
            "of your declarations, one sure to be good.",
            "Und es verbirgt nichts: {what} würdest du ohnehin zeigen, mit den Karten einer "
            "anderen deiner Ansagen, die sicher gut ist.",
        ),
        "drill.declaring.r.worth": (
            "So sinking {what} is worth it here.",
            "Also lohnt es sich hier, {what} zu verschweigen.",
        ),
        "drill.declaring.r.not_worth": (
            "So do not sink {what} here: declare in full.",
            "Also hier {what} nicht verschweigen: voll ansagen.",
        ),
        "drill.declaring.r.not_worth_option": (
            "{option}: that declares less than you hold, and it does not pay here.",
            "{option}: Das sagt weniger an, als du hast, und es lohnt sich hier nicht.",
        ),
        "drill.declaring.answer": (
            "Point: {n} cards, making {pips}; sequences: {seq}; quatorzes and trios: {sets}.",
            "Point: {n} Karten, die {pips} zählen; Sequenzen: {seq}; Quatorze und Trios: {sets}.",
        ),
        "drill.declaring.answer_cost": (
            "Sinking {what} gives up {cost}.",
            "Was das Verschweigen ({what}) kostet: {cost}.",
        ),
        "drill.declaring.no_call": ("nothing to declare", "nichts anzusagen"),
        "drill.declaring.what.1": ("Sequences", "Sequenzen"),
        "drill.declaring.what.2": ("Quatorzes and trios", "Quatorze und Trios"),
    }
)


# ---------------------------------------------------------------------------------------------
# Sinking: safe, cheap, worth it?
# ---------------------------------------------------------------------------------------------


def possible_best(deal: PiquetDeal, cat: int) -> tuple[int, int]:
    """The best claim in ``cat`` younger could hold, as far as elder can tell (every card
    elder neither holds nor discarded may be younger's)."""
    return best_value(cat, honest(cat, unknown_to_elder(deal)))


def threat_below(deal: PiquetDeal, cat: int, full: int, sunk: int) -> int:
    """The best sequence (``cat`` 1) or trio or quatorze (2) the cards elder neither holds nor
    discarded can make that his full declaration would beat and his sunk one would not: what
    younger may hold that sinking lets win or tie (0 if there is none, or for the point). A
    septième beats a sixième declared in full as well, so it is no risk of sinking; a quint to
    the ace beats the quint left once the sixième's ace is sunk, but not the sixième.

    >>> from cardtutor.engine.drills.piquet_hands import EXAMPLE_DEAL
    >>> threat_below(EXAMPLE_DEAL, 0, 1, 0)
    0
    """
    unknown = unknown_to_elder(deal)
    beaten, kept = best_value(cat, full), best_value(cat, sunk)
    best, best_value_ = 0, NONE
    candidates: list[int] = []
    if cat == 1:
        for suit in range(4):
            for lo, n in RUNS[unknown >> (8 * suit) & 255]:
                for length in range(3, n + 1):
                    for top in range(lo + length - 1, lo + n):
                        candidates.append(run_mask(suit, top, length))
    elif cat == 2:
        for offset in SET_OFFSETS:
            held = unknown & RANK_MASKS[offset]
            if held.bit_count() >= 3:
                candidates.append(held)
                if held.bit_count() == 4:  # its trios too (any three: as good as each other)
                    candidates.append(held & ~(held & -held))
    for claim in candidates:
        worth = value(cat, claim)
        if kept <= worth < beaten and worth > best_value_:
            best, best_value_ = claim, worth
    return best


def _replace(claims: tuple[int, int, int], cat: int, claim: int) -> tuple[int, int, int]:
    c = list(claims)
    c[cat] = claim
    return (c[0], c[1], c[2])


@dataclass(frozen=True)
class Sink:
    """Elder declaring ``sunk`` instead of his full claim in ``cat``, judged."""

    cat: int
    full: int
    sunk: int
    cost: int
    """The points of his own he gives up (the sunk part's)."""
    safe: bool
    bonus: str
    """``"repique"`` or ``"pique"`` if the full declaration would score one, were elder's
    declarations good, and the sunk would not (what elder can tell from his own cards)."""
    actual: int
    """How much the difference of the scores moves in younger's favour, with his real hand
    (said in the verdict; not part of the judgement, which elder makes before he can know)."""
    hides: bool = True
    """Younger does not see the sunk cards anyway, as far as elder can tell: they are not all
    among the cards of his other declarations that are sure to be good, which are shown (six
    cards making sixty are the ace to the nine: sinking the nine from a sixième sure to be
    good hides nothing)."""

    @property
    def worth(self) -> bool:
        """Judged on what elder knows: his hand, his discard, younger's carte blanche if
        announced. (It also asked the real swing with younger's hand to be small, and took the
        sunk cards as shown when another declaration turned out good against that hand: so a
        verdict rested on cards the learner is never shown.)"""
        return (
            self.sunk != self.full
            and self.safe
            and self.hides
            and self.cost <= SINK_AT_MOST
            and not self.bonus
        )


@functools.lru_cache(maxsize=2048)
def _settled(deal: PiquetDeal, elder: tuple[int, int, int] | None) -> Settlement:
    """:func:`settle` for elder's claims (honest ones for ``None``), kept: an item judges
    every declaration it offers against the same deal, and each judgement settles the deal
    in full and with the sunk claim (a pure function of its arguments)."""
    return settle(deal, elder=elder)


def judge(deal: PiquetDeal, cat: int, sunk: int) -> Sink:
    """Judge elder's declaring ``sunk`` (a legal claim of his hand) in ``cat``.

    >>> s = judge(EXAMPLE_DEAL, 2, 0)  # A sinks his three jacks: younger's tens are good anyway
    >>> s.cost, s.safe, s.actual, s.worth
    (3, False, 0, False)
    """
    full_s = _settled(deal, None)
    full_claims = full_s.claims[0]
    full = full_claims[cat]
    sunk_claims = _replace(full_claims, cat, sunk)
    sunk_s = _settled(deal, sunk_claims)
    if best_value(cat, sunk) == best_value(cat, full):
        safe = True
    else:
        safe = best_value(cat, sunk) > possible_best(deal, cat)
    # what elder can tell: with his declarations good (younger declaring nothing against
    # them), would the full one make a repique or a pique the sunk one does not?
    hoped_full = _settled_good(deal, full_claims)
    hoped_sunk = _settled_good(deal, sunk_claims)
    bonus = ""
    if hoped_full.repique is Role.ELDER and hoped_sunk.repique is not Role.ELDER:
        bonus = "repique"
    elif hoped_full.pique and not hoped_sunk.pique:
        bonus = "pique"
    return Sink(
        cat,
        full,
        sunk,
        claim_score(cat, full) - claim_score(cat, sunk) if sunk or full else 0,
        safe,
        bonus,
        full_s.margin - sunk_s.margin,
        bool(full & ~sunk & ~surely_shown(deal, sunk_claims, cat)),
    )


@functools.lru_cache(maxsize=2048)
def _settled_good(deal: PiquetDeal, elder: tuple[int, int, int]) -> Settlement:
    """The deal settled with younger declaring nothing: elder's declarations all good."""
    return settle(deal, elder=elder, younger=(0, 0, 0))


def surely_shown(deal: PiquetDeal, claims: tuple[int, int, int], but: int) -> int:
    """The cards elder's declarations in the categories other than ``but`` show for sure, as
    far as he can tell: those of each declaration sure to be good (none of the cards he
    neither holds nor discarded can make as much), which he shows or names."""
    shown = 0
    for cat in range(3):
        claim = claims[cat]
        if cat != but and claim and best_value(cat, claim) > possible_best(deal, cat):
            shown |= claim
    return shown


@functools.lru_cache(maxsize=1024)
def pinned(point: int) -> int:
    """The cards every point of ``point``'s suit, length and value holds.

    >>> from cardtutor.engine.cards import cards_from_mask, format_cards, mask_of, parse_cards
    >>> format_cards(cards_from_mask(pinned(mask_of(parse_cards("AH 10H 9H 8H 7H")))))
    '7H 8H'
    >>> pinned(mask_of(parse_cards("KH QH JH 10H")))  # 40: or the ace, the nine and two tens
    0
    """
    suit = next(m for m in SUIT_MASKS if m & point)
    n, worth = point.bit_count(), pips(point)
    common = suit
    for combo in itertools.combinations(bits(suit), n):
        mask = sum(1 << i for i in combo)
        if pips(mask) == worth:
            common &= mask
    return common


# ---------------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------------


def _code(claim: int) -> str:
    return f"c{claim:x}"


def _claim(code: str) -> int:
    return int(code[1:], 16)


def _runs(claim: int) -> list[int]:
    """The sequences of a sequence claim as masks, best first."""
    out = [
        run_mask(s, lo + n - 1, n)
        for s in range(4)
        for lo, n in RUNS[claim >> (8 * s) & 255]
        if n >= 3
    ]
    out.sort(key=lambda m: value(1, m), reverse=True)
    return out


def _sets(claim: int) -> list[int]:
    out = [claim & RANK_MASKS[o] for o in SET_OFFSETS if claim & RANK_MASKS[o]]
    out.sort(key=lambda m: value(2, m), reverse=True)
    return out


def _parts(cat: int, claim: int) -> list[int]:
    return _runs(claim) if cat == 1 else _sets(claim)


def option_label(deal: PiquetDeal, cat: int, claim: int) -> Msg:
    """What an option declares, in words."""
    if not claim:
        return Msg("drill.declaring.opt.nothing")
    full = honest(cat, deal.hands[0])
    parts = _parts(cat, claim)
    best = claim_words(cat, claim, cap=True)
    if claim & ~deal.hands[0] or len(parts) == 1 and claim == full:
        return Msg("drill.declaring.opt.declare", name=best)
    if claim == full:
        return Msg("drill.declaring.opt.full", best=best, others=other_words(cat, claim))
    if not claim & ~full and all(p in _parts(cat, full) for p in parts):
        # whole combinations left out
        left = full & ~claim
        return Msg(
            "drill.declaring.opt.sink_others",
            best=names(cat, claim, cap=True),
            others=names(cat, left),
        )
    return Msg(
        "drill.declaring.opt.sink_cards",
        kept=names(cat, claim, cap=True),
        cards=card_list(full & ~claim),
    )


def _near_misses(cat: int, hand: int) -> list[int]:
    """Combinations like the hand's best that it does not hold (for wrong options)."""
    full = honest(cat, hand)
    out: list[int] = []
    if cat == 1 and full:
        best = _runs(full)[0]
        s = (best & -best).bit_length() - 1 >> 3
        lo = ((best >> (8 * s)) & -(best >> (8 * s))).bit_length() - 1
        n = best.bit_count()
        top = lo + n - 1
        for t, m in ((top + 1, n), (top - 1, n), (top, n + 1), (top + 1, n + 1)):
            if m - 1 <= t <= 7 and t - m + 1 >= 0:
                out.append(run_mask(s, t, m))
    if cat == 2 and full:
        best = _sets(full)[0]
        o = next(o for o in SET_OFFSETS if best & RANK_MASKS[o])
        if best.bit_count() == 3:
            out.append(RANK_MASKS[o])
        for other in SET_OFFSETS:
            if other != o and abs(other - o) == 1:
                out.append(pick(random.Random(o * 8 + other), RANK_MASKS[other], best.bit_count()))
    return [m for m in out if m & ~hand]


def options(deal: PiquetDeal, cat: int, right: int, proposal: int | None = None) -> list[int]:
    """The claims offered in ``cat``: the right one, the full declaration and the proposed
    sinking, other declarations that sink and do not pay, and near misses the hand does not
    hold (at most four, "nothing" last)."""
    hand = deal.hands[0]
    full = honest(cat, hand)
    candidates: list[int] = [right, full]
    if proposal is not None:
        candidates.append(proposal)
    parts = _parts(cat, full)
    for part in parts[1:]:
        candidates.append(part)  # a lesser combination alone: sinks the best
    candidates.append(0)
    candidates += _near_misses(cat, hand)
    out: list[int] = []
    for claim in candidates:
        if claim in out:
            continue
        if claim not in (right, full, proposal) and not claim & ~hand:
            if judge(deal, cat, claim).worth:
                continue  # another right answer: not offered
        out.append(claim)
    keep = [c for c in out if c in (right, full, proposal)]
    rest = sorted((c for c in out if c not in keep), key=lambda c: (c == 0, -claim_score(cat, c)))
    out = keep + rest[: max(0, 4 - len(keep))]
    # a fixed order that does not put the right one in a fixed place ("nothing" last)
    out.sort(key=lambda c: (c == 0, (c * 2654435761 + cat) % 4093))
    return out


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


def _longest_unique(hand: int) -> bool:
    lengths = sorted(((hand & m).bit_count() for m in SUIT_MASKS), reverse=True)
    return lengths[0] > lengths[1]


def _count_runs(hand: int) -> int:
    return len(_runs(honest(1, hand)))


def _count_sets(hand: int) -> int:
    return len(_sets(honest(2, hand)))


def _younger(rng: random.Random, elder: int, pool: int | None = None) -> int | None:
    return fill(rng, 0, (FULL & ~elder) if pool is None else pool)


def _finish(
    rng: random.Random, elder: int | None, case: str = "", younger: int | None = None
) -> PiquetDeal | None:
    if elder is None:
        return None
    if younger is None:
        younger = _younger(rng, elder)
    if younger is None:
        return None
    return deal_from_hands(rng, elder, younger, case=case)


def _easy(rng: random.Random) -> PiquetDeal | None:
    """One longest suit, one sequence, one trio or quatorze."""
    length = rng.choice((3, 3, 4))
    run = run_mask(rng.randrange(4), rng.randint(length - 1, 7), length)
    trio = pick(rng, RANK_MASKS[rng.choice(SET_OFFSETS)], 3)

    def ok(m: int) -> bool:
        return _count_runs(m) <= 1 and _count_sets(m) <= 1

    elder = fill(rng, run | trio, FULL, ok)
    if elder is None or not _longest_unique(elder) or _count_runs(elder) != 1:
        return None
    return _finish(rng, elder)


def _medium_point(rng: random.Random) -> PiquetDeal | None:
    """Two suits as long as each other, of different values."""
    length = rng.choice((4, 4, 5))
    s1, s2 = rng.sample(range(4), 2)
    a = sum(1 << (8 * s1 + o) for o in rng.sample(range(8), length))
    b = sum(1 << (8 * s2 + o) for o in rng.sample(range(8), length))
    if pips(a) == pips(b):
        return None
    elder = fill(rng, a | b, FULL, lambda m: max((m & s).bit_count() for s in SUIT_MASKS) == length)
    return _finish(rng, elder, "point-value")


def _medium_sequences(rng: random.Random) -> PiquetDeal | None:
    """Two sequences: as long with different tops, or a longer one below a shorter one."""
    s1, s2 = rng.sample(range(4), 2)
    if rng.random() < 0.5:
        n = rng.choice((3, 4))
        t1, t2 = rng.sample(range(n - 1, 8), 2)
        a, b = run_mask(s1, t1, n), run_mask(s2, t2, n)
    else:
        a = run_mask(s1, rng.randint(3, 5), 4)  # a quart to the ten, jack or queen
        b = run_mask(s2, rng.randint(6, 7), 3)  # a tierce major or to the king
    best = max(value(1, a), value(1, b))

    def ok(m: int) -> bool:
        return _count_runs(m) == 2 and value(1, honest(1, m)) == best

    return _finish(rng, fill(rng, a | b, FULL, ok), "sequence-choice")


def _medium_sets(rng: random.Random) -> PiquetDeal | None:
    """A quatorze below a trio of a higher rank, or two trios."""
    low, high = sorted(rng.sample(SET_OFFSETS, 2))
    if rng.random() < 0.6:
        have = RANK_MASKS[low] | pick(rng, RANK_MASKS[high], 3)
    else:
        have = pick(rng, RANK_MASKS[low], 3) | pick(rng, RANK_MASKS[high], 3)
    target = value(2, have)

    def ok(m: int) -> bool:
        return _count_sets(m) == 2 and value(2, honest(2, m)) == target

    return _finish(rng, fill(rng, have, FULL, ok), "sets-choice")


def _greedy_discard(rng: random.Random, elder: int, cat: int, worst: bool) -> int:
    """Elder's five discards chosen so that the unknown cards make as little (``worst``
    false) or as much as possible in ``cat``."""
    discard = 0
    for _n in range(5):
        pool = FULL & ~elder & ~discard
        cards = bits(pool)
        rng.shuffle(cards)
        left = [(best_value(cat, honest(cat, pool & ~(1 << i))), i) for i in cards]
        chosen = max(left, key=_first) if worst else min(left, key=_first)
        discard |= 1 << chosen[1]
    return discard


def _first(pair: tuple[tuple[int, int], int]) -> tuple[int, int]:
    return pair[0]


def _with_discard(
    rng: random.Random, elder: int, cat: int, worst: bool, case: str, threat_first: bool = False
) -> PiquetDeal | None:
    discard = _greedy_discard(rng, elder, cat, worst)
    pool = FULL & ~elder & ~discard
    have = honest(cat, pool) if threat_first else 0
    younger = fill(rng, have, pool)
    if younger is None:
        return None
    return deal_from_hands(rng, elder, younger, elder_discard=discard, case=case)


def _proposal_deal(rng: random.Random, kind: str) -> tuple[PiquetDeal, int, int] | None:
    """A deal with a sinking proposal of ``kind``: (deal, category, sunk claim)."""
    if kind in ("extra-seq", "extra-seq-big"):
        s1, s2 = rng.sample(range(4), 2)
        n2 = 4 if kind == "extra-seq-big" else 3
        n1 = rng.choice((n2, n2 + 1))
        t1 = rng.randint(n1 - 1, 7)
        highest = 7 if n1 > n2 else t1 - 1  # as long: a lower top card
        if highest < n2 - 1:
            return None
        t2 = rng.randint(n2 - 1, highest)
        best, extra = run_mask(s1, t1, n1), run_mask(s2, t2, n2)
        elder = fill(rng, best | extra, FULL, lambda m: honest(1, m) == best | extra)
        if elder is None:
            return None
        younger = _younger(rng, elder)
        if younger is None or best_value(1, honest(1, younger)) >= value(1, best):
            return None
        deal = deal_from_hands(rng, elder, younger, case=kind)
        return None if deal is None else (deal, 1, best)
    if kind in ("extra-set", "extra-set-big"):
        r1, r2 = sorted(rng.sample(SET_OFFSETS, 2), reverse=True)
        if kind == "extra-set-big":
            best, extra = RANK_MASKS[r1], RANK_MASKS[r2]
        elif rng.random() < 0.5:
            best, extra = RANK_MASKS[r2], pick(rng, RANK_MASKS[r1], 3)  # quatorze, higher trio
        else:
            best, extra = pick(rng, RANK_MASKS[r1], 3), pick(rng, RANK_MASKS[r2], 3)
        elder = fill(rng, best | extra, FULL, lambda m: honest(2, m) == best | extra)
        if elder is None:
            return None
        younger = _younger(rng, elder)
        if younger is None or best_value(2, honest(2, younger)) >= value(2, best):
            return None
        deal = deal_from_hands(rng, elder, younger, case=kind)
        return None if deal is None else (deal, 2, best)
    if kind in ("shorten-seq", "quint-to-quart", "unsafe-seq"):
        n = {"shorten-seq": rng.choice((4, 6, 6, 7)), "quint-to-quart": 5}.get(
            kind, rng.choice((4, 6))
        )
        s, top = rng.randrange(4), rng.randint(n - 1, 7)
        run = run_mask(s, top, n)
        elder = fill(rng, run, FULL, lambda m: honest(1, m) == run)
        if elder is None:
            return None
        deal = _with_discard(
            rng, elder, 1, kind == "unsafe-seq", kind, threat_first=rng.random() < 0.5
        )
        return None if deal is None else (deal, 1, run & ~(run & -run))
    if kind in ("shorten-point", "unsafe-point"):
        n = rng.choice((5, 6, 6, 7))
        s = rng.randrange(4)
        offsets = sorted(rng.sample(range(8), n), reverse=True)
        point = sum(1 << (8 * s + o) for o in offsets)
        elder = fill(rng, point, FULL, lambda m: honest(0, m) == point)
        if elder is None:
            return None
        deal = _with_discard(
            rng, elder, 0, kind == "unsafe-point", kind, threat_first=rng.random() < 0.5
        )
        return None if deal is None else (deal, 0, point & ~(point & -point))
    if kind == "quatorze-to-trio":
        rank = rng.choice(SET_OFFSETS)
        elder = fill(rng, RANK_MASKS[rank], FULL)
        if elder is None:
            return None
        deal = _finish(rng, elder, kind)
        full = honest(2, elder)
        sunk = full & ~(1 << rng.choice(bits(RANK_MASKS[rank])))
        return None if deal is None else (deal, 2, sunk)
    raise ValueError(f"no such kind {kind!r}")


def _proposal(rng: random.Random, worth: bool) -> tuple[PiquetDeal, int, int]:
    kinds = _WORTH_KINDS if worth else _COSTLY_KINDS
    names_, weights = [k for k, _w in kinds], [w for _k, w in kinds]
    for _attempt in range(40):
        kind = rng.choices(names_, weights)[0]
        made = _proposal_deal(rng, kind)
        if made is not None and judge(made[0], made[1], made[2]).worth == worth:
            return made
    # the sure kinds: an extra tierce (worth it) or a quint cut to a quart (not)
    for _attempt in range(200):  # pragma: no cover (forty misses in a row)
        made = _proposal_deal(rng, "extra-seq" if worth else "quint-to-quart")
        if made is not None and judge(made[0], made[1], made[2]).worth == worth:
            return made
    raise AssertionError("no proposal")  # pragma: no cover


def _rare(rng: random.Random, case: str) -> PiquetDeal:
    if case == "equal-point":
        return equal_point_deal(rng)
    if case == "carte-blanche":
        return carte_blanche_deal(rng)
    if case == "repique":
        return repique_deal(rng, Role.ELDER)
    raise ValueError(f"no such case {case!r}")


def _built(maker: Callable[[random.Random], PiquetDeal | None], rng: random.Random) -> PiquetDeal:
    for _attempt in range(40):
        deal = maker(rng)
        if deal is not None:
            return deal
    return EXAMPLE_DEAL  # pragma: no cover (forty misses in a row)


@dataclass(frozen=True)
class Setup:
    """What an item asks about: the deal and, on sinking items, the proposal."""

    deal: PiquetDeal
    proposal: tuple[int, int] | None
    """(category, sunk claim) the learner weighs against declaring in full."""


@functools.lru_cache(maxsize=512)
def setup(seed: str, level: Level) -> Setup:
    """The deal (and proposal) of an item, from its seed and level."""
    rng = rng_for(KEY, seed, level)
    if seed == "example":
        return Setup(EXAMPLE_DEAL, None)
    case = seed_case(seed, CASES)
    if case is None:
        if level is Level.HARD or seed_case(seed, KINDS):  # "sinking-question-7"
            deal, cat, sunk = _proposal(rng, rng.random() < 0.5)
            return Setup(deal, (cat, sunk))
        if rng.random() < _RARE_SHARE:
            case = rng.choice(_EASY_RARE if level is Level.EASY else _MEDIUM_RARE)
    if case == "sinking":
        deal, cat, sunk = _proposal(rng, True)
        return Setup(deal, (cat, sunk))
    if case is not None:
        return Setup(_rare(rng, case), None)
    if level is Level.EASY:
        return Setup(_built(_easy, rng), None)
    maker = rng.choice((_medium_point, _medium_sequences, _medium_sets))
    return Setup(_built(maker, rng), None)


# ---------------------------------------------------------------------------------------------
# The drill
# ---------------------------------------------------------------------------------------------


def right_claims(s: Setup) -> tuple[int, int, int]:
    """The declarations the item expects: the honest ones, or the proposal if sinking is
    worth it."""
    full = honest(0, s.deal.hands[0]), honest(1, s.deal.hands[0]), honest(2, s.deal.hands[0])
    if s.proposal is not None:
        cat, sunk = s.proposal
        if judge(s.deal, cat, sunk).worth:
            return _replace(full, cat, sunk)
    return full


def _what_sunk(deal: PiquetDeal, cat: int, sunk: int) -> Msg:
    """The sunk part in words: "the tierce to the jack in clubs", "the four jacks", "the seven
    of hearts" (whole combinations by their names, even when all of them are sunk)."""
    full = honest(cat, deal.hands[0])
    left = full & ~sunk
    if cat and all(p in _parts(cat, full) for p in _parts(cat, sunk)):
        return Msg("drill.declaring.what.others", others=names(cat, left))
    return Msg("drill.declaring.what.cards", cards=the(card_list(left), "acc"))


def _tags(s: Setup, settled: Settlement) -> frozenset[str]:
    tags: set[str] = set()
    deal = s.deal
    if s.proposal is not None:
        tags.add("sinking-question")
        if judge(deal, *s.proposal).worth:
            tags.add("sinking")
    if settled.equal[0]:
        tags.add("equal-point")
    if any(deal.carte_blanche(r) for r in Role):
        tags.add("carte-blanche")
    if settled.repique is not None:
        tags.add("repique")
    if deal.case in ("point-value", "sequence-choice", "sets-choice"):
        tags.add(deal.case)
    return frozenset(tags)


def _concept(tags: frozenset[str]) -> str:
    for tag, anchor in (
        ("sinking-question", "piquet#sinking"),
        ("repique", "piquet#repique"),
        ("carte-blanche", "piquet#carte-blanche"),
        ("equal-point", "piquet#point"),
        ("point-value", "piquet#point"),
        ("sequence-choice", "piquet#sequences"),
        ("sets-choice", "piquet#sets"),
    ):
        if tag in tags:
            return anchor
    return "piquet#declaring"


class DeclaringDrill:
    """Drill 1: declare as elder, in the order of the dialogue (see the module)."""

    key = KEY
    game = "piquet"
    number = 1
    title = Msg("drill.declaring.title")
    summary = Msg("drill.declaring.summary")
    cases: tuple[str, ...] = CASES
    kinds: tuple[str, ...] = KINDS
    curated: tuple[str, ...] = CURATED

    def item(self, seed: str, level: Level) -> Item:
        s = setup(seed, level)
        deal = s.deal
        right = right_claims(s)
        settled = settle(deal, elder=right)
        elder, younger = deal.elder, deal.younger
        y = settled.claims[1]
        shows: list[Show] = []
        if seed == "example":
            shows.append(Show.sentence(Msg("drill.declaring.example")))
        shows.append(Show.sentence(Msg("drill.declaring.you", elder=elder, younger=younger)))
        if deal.carte_blanche(Role.ELDER):
            shows.append(Show.sentence(Msg("drill.declaring.your_cb", points=POINTS_CARTE_BLANCHE)))
        if deal.carte_blanche(Role.YOUNGER):
            shows.append(
                Show.sentence(
                    Msg("drill.declaring.younger_cb", younger=younger, points=POINTS_CARTE_BLANCHE)
                )
            )
            shows.append(
                Show.hand(
                    Msg("drill.declaring.younger_cb_label", younger=younger),
                    deal.dealt_hand(Role.YOUNGER),
                )
            )
        shows.append(Show.hand(Msg("drill.declaring.your_hand"), deal.hand(Role.ELDER)))
        # elder knows his discard, and what younger may hold follows from it: the verdict on
        # any declaration less than the full one reasons from it, in every item
        shows.append(
            Show.hand(
                Msg("drill.declaring.your_discard"),
                [ALL_CARDS[i] for i in bits(deal.discards[0])],
            )
        )
        sink_cat = 3
        if s.proposal is not None:
            sink_cat = s.proposal[0]
            shows.append(
                Show.sentence(Msg("drill.declaring.consider", what=_what_sunk(deal, *s.proposal)))
            )

        point_label = (
            "drill.declaring.f.point_cards_sink"
            if sink_cat == 0
            else "drill.declaring.f.point_cards"
        )
        fields: list[Field] = [Field.number("point_cards", Msg(point_label), 0, 8)]
        ask = replies(0, right[0], y[0])[:1] == ("ask",) and sink_cat > 0
        fields.append(
            Field.number(
                "point_value",
                Msg("drill.declaring.f.point_value"),
                0,
                99,
                say=answered(younger, 0, reply_line("ask")) if ask else None,
            )
        )
        cost_field = None
        if s.proposal is not None:
            cost_field = Field.number(
                "cost",
                Msg("drill.declaring.f.cost", what=_what_sunk(deal, *s.proposal)),
                0,
                99,
            )
        if sink_cat == 0 and cost_field is not None:
            fields.append(cost_field)
        for name, cat in (("sequence", 1), ("sets", 2)):
            hand_claim = honest(cat, deal.hands[0])
            if not hand_claim:
                # said, not silently left out: the prompt names every category
                shows.append(Show.sentence(Msg(f"drill.declaring.none.{name}")))
                continue
            proposal = s.proposal[1] if s.proposal is not None and s.proposal[0] == cat else None
            offered = options(deal, cat, right[cat], proposal)
            fields.append(
                Field.choose(
                    name,
                    Msg(f"drill.declaring.f.{name}"),
                    [(_code(c), option_label(deal, cat, c)) for c in offered],
                )
            )
            if sink_cat == cat and cost_field is not None:
                fields.append(cost_field)
        tags = _tags(s, settled)
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
                "proposal": None if s.proposal is None else list(s.proposal),
            },
            prompt=Msg(
                "drill.declaring.prompt_sink"
                if s.proposal is not None
                else "drill.declaring.prompt"
            ),
            shows=tuple(shows),
            fields=tuple(fields),
            concept=_concept(tags),
            tags=tags,
        )

    def parse_answer(self, item: Item, data: Mapping[str, str]) -> dict[str, Any]:
        return parse_fields(item, data)

    def _setup(self, item: Item) -> Setup:
        proposal = item.question.get("proposal")
        return Setup(
            deal_of(item),
            None if proposal is None else (int(proposal[0]), int(proposal[1])),
        )

    def expected(self, item: Item) -> dict[str, Any]:
        """The right answer to each question the item asks."""
        s = self._setup(item)
        right = right_claims(s)
        out: dict[str, Any] = {}
        for spec in item.fields:
            if spec.name == "point_cards":
                out[spec.name] = right[0].bit_count()
            elif spec.name == "point_value":
                out[spec.name] = pips(right[0])
            elif spec.name == "cost" and s.proposal is not None:
                out[spec.name] = judge(s.deal, *s.proposal).cost
            else:
                out[spec.name] = _code(right[_CATEGORY_OF[spec.name]])
        return out

    def check(self, item: Item, answer: Any) -> Feedback:
        s = self._setup(item)
        deal = s.deal
        right_answer = self.expected(item)
        right = right_claims(s)
        given: Mapping[str, Any] = answer if isinstance(answer, Mapping) else {}
        mistakes: list[Msg] = []
        wrong: list[str] = []
        for spec in item.fields:
            mine, want = given.get(spec.name), right_answer[spec.name]
            if mine == want:
                continue
            wrong.append(spec.name)
            mistakes += self._mistake(item, s, spec.name, mine, want)
        settled = settle(deal, elder=right)
        reasons = [*mistakes, *self._reasons(s, settled)]
        rules: list[str] = []
        for name in wrong:
            cat = _CATEGORY_OF[name]
            rules.append("piquet#sinking" if cat < 0 else CATEGORY_ANCHORS[cat])
        rules += [item.concept, "piquet#declaring", *CATEGORY_ANCHORS]
        if s.proposal is not None:
            rules.append("piquet#sinking")
        if settled.repique is not None or settled.pique:
            rules.append("piquet#repique" if settled.repique is not None else "piquet#pique")
        replay = None
        if s.proposal is None:
            first = wrong[0] if wrong else _main_question(item)
            replay = ("piquet-example", EXAMPLE_STEPS.get(first, 3))
        return Feedback(
            correct=not mistakes,
            expected=right_answer,
            reasons=tuple(reasons),
            rules=tuple(dict.fromkeys(rules)),
            answer=self._answer_words(s, right),
            shows=(
                Show.table(
                    Msg("drill.dialogue.table"),
                    (Msg("drill.dialogue.who"), Msg("drill.dialogue.what")),
                    dialogue_rows(deal, settled),
                ),
            ),
            replay=replay,
        )

    # -- words --

    def _mistake(self, item: Item, s: Setup, name: str, mine: Any, want: Any) -> list[Msg]:
        deal = s.deal
        hand = deal.hands[0]
        if name == "point_cards":
            return [Msg("drill.declaring.wrong_cards", given=mine, right=want)]
        if name == "point_value":
            out = [Msg("drill.declaring.wrong_value", given=mine, right=want)]
            right_point = right_claims(s)[0]
            for suit in SUIT_MASKS:
                other = hand & suit
                if other and not other & right_point and pips(other) == mine:
                    out.append(
                        Msg(
                            "drill.declaring.r.other_suit_value",
                            given=mine,
                            suit=_suit(other),
                            point_suit=_suit(right_point),
                        )
                    )
            return out
        if name == "cost":
            out = [Msg("drill.declaring.wrong_cost", given=mine, right=want)]
            sink = judge(deal, *s.proposal) if s.proposal is not None else None
            if sink is not None and sink.bonus:
                points = POINTS_REPIQUE if sink.bonus == "repique" else POINTS_PIQUE
                if mine == want + points:  # the bonus lost counted in: right, but not asked
                    out.append(
                        Msg(
                            "drill.declaring.r.cost_with_bonus",
                            bonus=Msg(f"drill.declaring.r.bonus.{sink.bonus}", points=points),
                        )
                    )
            return out
        cat = _CATEGORY_OF[name]
        spec = next(f for f in item.fields if f.name == name)
        labels = {o.value: o.label for o in spec.options}
        out = [
            Msg(
                "drill.declaring.wrong_choice",
                what=Msg(f"drill.declaring.what.{cat}"),
                given=labels.get(str(mine), str(mine)),
                right=labels[str(want)],
            )
        ]
        claim = _claim(str(mine)) if isinstance(mine, str) and mine[:1] == "c" else 0
        if claim & ~hand:
            out.append(
                Msg(
                    f"drill.declaring.r.not_held.{cat}",
                    name=claim_words(cat, claim),
                    best=claim_words(cat, honest(cat, hand)),
                )
            )
        elif claim != honest(cat, hand) and (s.proposal is None or s.proposal != (cat, claim)):
            out.append(
                Msg(
                    "drill.declaring.r.not_worth_option",
                    option=labels.get(str(mine), str(mine)),
                )
            )
            out += self._sink_reasons(deal, judge(deal, cat, claim))
        return out

    def _reasons(self, s: Setup, settled: Settlement) -> list[Msg]:
        deal = s.deal
        hand = deal.hands[0]
        reasons: list[Msg] = []
        point = honest(0, hand)
        reasons.append(
            Msg(
                "drill.declaring.r.point",
                suit=_suit(point),
                n=point.bit_count(),
                sum=" + ".join(str(_pip(c)) for c in card_list(point)),
                pips=pips(point),
                ace=PIPS_ACE,
                court=PIPS_COURT,
            )
        )
        for suit in SUIT_MASKS:
            other = hand & suit
            if other != point and other.bit_count() == point.bit_count():
                same = pips(other) == pips(point)
                reasons.append(
                    Msg(
                        "drill.declaring.r.point_same" if same else "drill.declaring.r.point_tie",
                        suit=_suit(point),
                        other=_suit(other),
                        n=point.bit_count(),
                        pips=pips(point),
                        other_pips=pips(other),
                    )
                )
        called = settled.claims[0][0]
        if s.proposal is not None and s.proposal[0] == 0 and called != point:
            # the right answer sinks part of the point: say so next to the point held, so the
            # point in full and the call (below it) do not read as a contradiction
            reasons.append(
                Msg(
                    "drill.declaring.r.point_sunk",
                    what=_what_sunk(deal, 0, called),
                    n=called.bit_count(),
                    pips=pips(called),
                )
            )
        if replies(0, settled.claims[0][0], settled.claims[1][0])[:1] == ("ask",):
            reasons.append(Msg("drill.declaring.r.point_ask", younger=deal.younger))
        reasons += comparison(deal, settled, 0)
        for cat, key in ((1, "seq"), (2, "sets")):
            full = honest(cat, hand)
            parts = _parts(cat, full)
            called = settled.claims[0][cat]
            if s.proposal is not None and s.proposal[0] == cat and full and called != full:
                # the right answer sinks part of it: not "call it by its name" (in full)
                reasons.append(
                    Msg(
                        "drill.declaring.r.part_sunk",
                        # a sequence with its article ("eine Quart-Minor in Herz")
                        best=Msg("drill.dialogue.a_run", name=claim_words(cat, full))
                        if cat == 1
                        else claim_words(cat, full),
                        what=_what_sunk(deal, cat, called),
                    )
                )
            elif not full:
                reasons.append(Msg(f"drill.declaring.r.{key}_none"))
            elif len(parts) == 1:
                reasons.append(Msg(f"drill.declaring.r.{key}_one", best=claim_words(cat, full)))
            else:
                reasons.append(
                    Msg(
                        f"drill.declaring.r.{key}_many",
                        best=claim_words(cat, full),
                        others=other_words(cat, full),
                    )
                )
            reasons += comparison(deal, settled, cat)
        if s.proposal is not None:
            reasons += self._sink_reasons(deal, judge(deal, *s.proposal))
        return reasons

    def _sink_reasons(self, deal: PiquetDeal, sink: Sink) -> list[Msg]:
        cat = sink.cat
        what = _what_sunk(deal, cat, sink.sunk)
        out: list[Msg] = [Msg("drill.declaring.r.sink_rule", limit=SINK_AT_MOST)]
        threat = possible_best(deal, cat)
        if best_value(cat, sink.sunk) == best_value(cat, sink.full):
            out.append(Msg(f"drill.declaring.r.safe_kept.{cat}", best=claim_words(cat, sink.full)))
        elif sink.safe and threat == NONE:
            out.append(Msg(f"drill.declaring.r.safe_none.{cat}"))
        else:
            # what younger may hold that sinking lets win (not a combination that beats the
            # full declaration too: that is no risk of sinking), else the best he may hold
            unknown = threat_below(deal, cat, sink.full, sink.sunk) or honest(
                cat, unknown_to_elder(deal)
            )
            if sink.safe:
                key = "drill.declaring.r.safe_sure"
            elif sink.sunk:
                key = "drill.declaring.r.unsafe"
            else:  # nothing declared is never good: not "would not be sure to be good"
                key = "drill.declaring.r.unsafe_nothing"
            out.append(Msg(key, kept=claim_words(cat, sink.sunk), threat=claim_words(cat, unknown)))
        out.append(
            Msg(
                "drill.declaring.r.cost",
                cost=sink.cost,
                full=claim_score(cat, sink.full),
                kept=claim_score(cat, sink.sunk) if sink.sunk else 0,
            )
        )
        if sink.bonus:
            points = POINTS_REPIQUE if sink.bonus == "repique" else POINTS_PIQUE
            out.append(
                Msg(
                    "drill.declaring.r.cost_bonus",
                    bonus=Msg(f"drill.declaring.r.bonus.{sink.bonus}", points=points),
                )
            )
        if sink.actual:
            out.append(Msg("drill.declaring.r.actual", actual=sink.actual))
        else:
            out.append(Msg("drill.declaring.r.actual_none"))
        if not sink.hides:
            out.append(Msg("drill.declaring.r.shown_anyway", what=what))
        out.append(
            Msg(
                "drill.declaring.r.worth" if sink.worth else "drill.declaring.r.not_worth",
                what=what,
            )
        )
        return out

    def _answer_words(self, s: Setup, right: tuple[int, int, int]) -> tuple[Msg, ...]:
        deal = s.deal
        words = []
        for cat in (1, 2):
            if honest(cat, deal.hands[0]):
                words.append(option_label(deal, cat, right[cat]))
            else:
                words.append(Msg("drill.declaring.no_call"))
        out = [
            Msg(
                "drill.declaring.answer",
                n=Msg(f"piquet.num.{right[0].bit_count()}"),
                pips=Msg(f"piquet.num.{pips(right[0])}"),
                seq=words[0],
                sets=words[1],
            )
        ]
        if s.proposal is not None:
            sink = judge(deal, *s.proposal)
            out.append(
                Msg(
                    "drill.declaring.answer_cost",
                    what=_what_sunk(deal, *s.proposal),
                    cost=sink.cost,
                )
            )
        return tuple(out)


def _suit(m: int) -> Suit:
    return Suit((m & -m).bit_length() - 1 >> 3)


def _pip(card: Card) -> int:
    return pips(card.bit)


def _main_question(item: Item) -> str:
    return {"piquet#sequences": "sequence", "piquet#sets": "sets"}.get(item.concept, "point_cards")
