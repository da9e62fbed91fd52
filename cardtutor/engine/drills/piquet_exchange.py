"""Piquet drill 4, *The exchange*: choose the discard, judged by its expected value.

The learner holds the twelve cards he was dealt and picks his discard: elder hand at the easy
and medium levels (easy: exactly five cards, medium: one to five), younger hand at the hard
level, knowing how many cards elder took (one card up to all the cards left to him).

**What a discard is worth** (:func:`analyse`). The value of a discard is the average, over the
cards the learner cannot see (the opponent's twelve and the stock, in a random order, and
consistent with what he knows: whether the opponent announced carte blanche, how many cards
elder took), of what the declarations score after the exchange, *his points minus his
opponent's*, plus an estimate of the play:

- the point, the sequences, the quatorzes and trios, each good, not good or equal against the
  opponent's hand after *his* exchange, with every combination of the good side scored (the
  engine's honest declarations, no sinking);
- carte blanche, repique, and the pique that elder's first lead makes (hand plus the lead's
  point), judged in the order of reckoning;
- the play, estimated in each deal from his hand after the draw (the cards he keeps and those
  he takes, his discard out of play): :data:`PLAY_WEIGHT` points for each trick they are
  likely to take (:func:`trick_estimate`). Counting the cards taken matters when elder may
  take fewer than five: a card left in the stock is a card he does not draw (with the solver,
  taking the fifth card is worth 0.7 points of play on average; this estimate says 0.9, the
  estimate of the kept cards alone nothing). Over 150 random hands elder's best discard had
  fewer than five cards 18 times with the kept cards alone, 14 times with the cards taken. It is the computer player's estimate too, so the
  drill and the club player judge a discard alike. Without it the declarations alone would
  often advise throwing an ace for a card that helps the point, which no player does: an ace
  is a sure trick.

The opponent exchanges by a fixed rule of thumb (:func:`rule_of_thumb_discard`): elder takes
the number he announced; younger takes all the cards left to him, at most five; each throws his
least useful cards (short suits and low cards first, keeping his longest suit, his sequences
and his trios).

**How it is computed.** Exact enumeration is not affordable (five cards drawn from twenty, the
opponent's twelve from the rest, for up to 1,585 discards), so the average is taken over a
fixed, seeded sample of deals of the unseen cards, the same deals for every discard (common
random numbers: the differences between discards are far steadier than the averages). First
every legal discard is screened in stages (:data:`SCREENING`), then the
:data:`FINALISTS` best of them (and the learner's, the "lowest cards" alternative and, for the
curated item, Cavendish's) are valued on :data:`SAMPLES` deals. A discard is judged right when
its average is within :data:`TOLERANCE` points of the best average, or closer to it than two
standard errors of the difference on these deals (what the sample cannot tell apart), so
equivalent discards are not called wrong.

>>> drill = ExchangeDrill()
>>> item = drill.item("example", Level.MEDIUM)
>>> [c.code for c in item.fields[0].cards][:4]
['AS', 'KS', 'JS', 'AH']
>>> answer = drill.parse_answer(item, {"discard": "KS 8C 7C 9D 8D"})
>>> sorted(c.code for c in answer)
['7C', '8C', '8D', '9D', 'KS']
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtutor.engine.cards import Card, Suit, cards_from_mask
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
from cardtutor.engine.drills.piquet_dialogue import claim_words
from cardtutor.engine.drills.piquet_hands import (
    EXAMPLE_DEAL,
    PiquetDeal,
    Role,
    carte_blanche_deal,
    long_sequence_deal,
    random_deal,
    reckon,
    repique_deal,
)
from cardtutor.engine.piquet.constants import (
    CARDS_DEALT,
    ELDER_MIN_DISCARD,
    ELDER_STOCK,
    PIQUE_AT,
    POINTS_CARTE_BLANCHE,
    POINTS_LEAD,
    POINTS_PIQUE,
    POINTS_QUATORZE,
    POINTS_REPIQUE,
    POINTS_TRIO,
    SEQUENCE_BONUS_FROM,
    SET_MIN,
    STOCK,
)
from cardtutor.engine.piquet.declarations import honest, seq_name
from cardtutor.engine.piquet.masks import (
    COURT_MASK,
    FULL,
    PIPS_BYTE,
    RANK_MASKS,
    SEQ_BEST,
    SEQ_HONEST,
    SEQ_SCORE,
    SET_OFFSETS,
    SUIT_MASKS,
    bits,
)
from cardtutor.engine.text import Msg, join_names, register_messages

__all__ = [
    "ExchangeDrill",
    "Spot",
    "Analysis",
    "analyse",
    "spot_of",
    "hand_summary",
    "reckon_pair",
    "rule_of_thumb_discard",
    "CASES",
    "SAMPLES",
    "SCREENING",
    "FINALISTS",
    "TOLERANCE",
    "PLAY_WEIGHT",
    "trick_estimate",
]

register_messages(
    {
        "drill.exchange.title": ("The exchange", "Der Kauf"),
        "drill.exchange.summary": (
            "Choose your discard from the twelve cards dealt; it is judged by what each "
            "discard scores on average over the cards you cannot see.",
            "Wähle deine Ablage aus den zwölf gegebenen Karten; sie wird danach beurteilt, was "
            "jede Ablage im Durchschnitt über die Karten bringt, die du nicht siehst.",
        ),
        "drill.exchange.prompt.easy": (
            "You are elder hand and take all five cards from the stock. Which five do you discard?",
            "Du bist Vorhand und kaufst alle fünf Karten aus dem Talon. Welche fünf legst du ab?",
        ),
        "drill.exchange.prompt.medium": (
            "You are elder hand: you may exchange one to five cards. Which cards do you discard?",
            "Du bist Vorhand: Du darfst eine bis fünf Karten kaufen. Welche Karten legst du ab?",
        ),
        "drill.exchange.prompt.hard": (
            "You are younger hand (the dealer). Elder has exchanged {taken}, so {left} "
            "are left for you. Which cards do you discard?",
            "Du bist Hinterhand (du hast gegeben). Die Vorhand hat {taken} gekauft, also "
            "bleiben dir {left}. Welche Karten legst du ab?",
        ),
        "drill.exchange.ncards": ("{n} cards", "{n} Karten"),
        "drill.exchange.ncards.1": ("one card", "eine Karte"),
        "drill.exchange.one": ("one", "eine"),
        "drill.exchange.example": (
            "This is the deal of the worked example in the Piquet article (Cavendish's Example).",
            "Das ist das Beispielspiel aus dem Piquet-Artikel (Cavendishs Beispiel).",
        ),
        "drill.exchange.hand": ("Your twelve cards", "Deine zwölf Karten"),
        "drill.exchange.your_cb": (
            "You were dealt carte blanche (no king, queen or jack): it scores {points} whatever "
            "you discard, and it counts first of all.",
            "Du hast Carte blanche (kein König, keine Dame, kein Bube): Sie zählt {points}, was "
            "du auch ablegst, und sie zählt vor allem anderen.",
        ),
        "drill.exchange.their_cb": (
            "Your opponent has announced carte blanche: he holds no king, queen or jack.",
            "Dein Gegner hat Carte blanche angesagt: Er hat keinen König, keine Dame, keinen "
            "Buben.",
        ),
        "drill.exchange.field": ("Your discard", "Deine Ablage"),
        # the table
        "drill.exchange.table": (
            "What each discard scores on average",
            "Was jede Ablage im Durchschnitt bringt",
        ),
        "drill.exchange.h.discard": ("Discard", "Ablage"),
        "drill.exchange.h.point": ("The point", "Point"),
        "drill.exchange.h.seq": ("Sequences", "Sequenzen"),
        "drill.exchange.h.sets": ("Quatorzes and trios", "Quatorze und Trios"),
        "drill.exchange.h.bonus": (
            "Carte blanche, repique, pique",
            "Carte blanche, Repique, Pique",
        ),
        "drill.exchange.h.play": ("The play (estimate)", "Stichspiel (geschätzt)"),
        "drill.exchange.h.total": ("Average", "Durchschnitt"),
        # a row's label (:class:`_RowLabel`): English joins every name ("best and the lowest
        # cards"); German names the first, capitalised, and the others in brackets ("Beste
        # Ablage (= die niedrigsten Karten)")
        "drill.exchange.row": ("{which}: the {cards}", "{which}: {cards}"),
        "drill.exchange.row.also": ("{first} (also {rest})", "{first} (zugleich {rest})"),
        "drill.exchange.which.yours": ("yours", "deine Ablage"),
        "drill.exchange.which.best": ("best", "beste Ablage"),
        "drill.exchange.which.rank": ("number {n}", "Nr. {n}"),
        "drill.exchange.which.lowest": ("the lowest cards", "die niedrigsten Karten"),
        "drill.exchange.which.cavendish": ("Cavendish's", "Cavendishs Ablage"),
        "drill.exchange.first.yours": ("Yours", "Deine Ablage"),
        "drill.exchange.first.best": ("Best", "Beste Ablage"),
        "drill.exchange.first.rank": ("Number {n}", "Nr. {n}"),
        "drill.exchange.first.lowest": ("The lowest cards", "Die niedrigsten Karten"),
        "drill.exchange.first.cavendish": ("Cavendish's", "Cavendishs Ablage"),
        # the verdict
        "drill.exchange.answer": (
            "the {cards} ({taken} taken), worth {value} on average.",
            "{cards} ({taken} gekauft), im Durchschnitt {value} wert.",
        ),
        "drill.exchange.method": (
            "For each discard, {samples} deals of the cards you "
            "cannot see (your opponent's hand and the stock) are dealt at random, the same "
            "deals for every discard. In each, your opponent exchanges by a rule of thumb "
            "(throwing his least useful cards), the point, the sequences and the trios and "
            "quatorzes are judged good or not good against his hand, with carte blanche, "
            "repique and the pique of elder's first lead, and your points minus his are "
            "counted. The play is estimated in each deal from your hand after the draw, the "
            "cards you keep and those you take: {weight} points for each "
            "trick they are likely to take (what a trick is worth on average when both hands "
            "are played out with all cards known). The highest card of a suit still in play "
            "(the ace, or the king when you throw the ace) and each card following it without "
            "a gap count a trick each, and with them each card of the suit beyond the fourth; "
            "half a trick for the next-highest card with one card beside it, or the one below "
            "with two. A discard counts as right when its average is "
            "within {tolerance} points of the best, or closer than two standard errors (what "
            "these deals cannot tell apart).",
            "Für jede Ablage werden {samples} Verteilungen der "
            "Karten gegeben, die du nicht siehst (die Hand deines Gegners und der Talon), für "
            "jede Ablage dieselben. In jeder kauft dein Gegner nach einer Faustregel (er legt "
            "seine schwächsten Karten ab), Point, Sequenzen, Quatorze und Trios werden gegen "
            "seine Hand als gut oder nicht gut beurteilt, dazu Carte blanche, Repique und das "
            "Pique mit dem ersten Ausspielen der Vorhand, und gezählt werden deine Punkte "
            "minus die deines Gegners. Das Stichspiel wird in jeder Verteilung aus deiner Hand "
            "nach dem Kaufen geschätzt, den behaltenen und den gekauften Karten: {weight} Punkte für jeden Stich, den sie wahrscheinlich machen (so viel "
            "ist ein Stich im Durchschnitt wert, wenn beide Hände mit offenen Karten "
            "ausgespielt werden). Die höchste Karte einer Farbe, die noch im Spiel ist (das As, "
            "oder der König, wenn du das As ablegst), und jede lückenlos folgende Karte zählen "
            "je einen Stich, dazu jede Karte dieser Farbe über die vierte hinaus; einen halben "
            "Stich die nächsthöhere Karte mit einer weiteren daneben oder die darunter mit zwei "
            "weiteren. Eine Ablage gilt als richtig, "
            "wenn ihr Durchschnitt weniger als {tolerance} Punkte unter dem besten liegt oder "
            "näher als zwei Standardfehler (was diese Verteilungen nicht unterscheiden können).",
        ),
        "drill.exchange.is_best": (
            "Your discard is the best one found: {value} on average.",
            "Deine Ablage ist die beste gefundene: im Durchschnitt {value}.",
        ),
        "drill.exchange.near_best": (
            "Your discard averages {value}, within {tolerance} points of the best ({best}): as "
            "good, within what the averages can tell apart.",
            "Deine Ablage bringt im Durchschnitt {value}, weniger als {tolerance} Punkte unter "
            "der besten ({best}): gleich gut, soweit die Durchschnitte das unterscheiden.",
        ),
        "drill.exchange.worse": (
            "Your discard averages {value}; the best averages {best}: {loss} points less on "
            "average, more than the {tolerance} points that count as equal.",
            "Deine Ablage bringt im Durchschnitt {value}, die beste {best}: im Durchschnitt "
            "{loss} Punkte weniger, mehr als die {tolerance} Punkte, die als gleich gelten.",
        ),
        # the margin is two standard errors of the difference, more than the fixed tolerance;
        # said in words a learner knows (the method's text names the standard error)
        "drill.exchange.near_best.se": (
            "Your discard averages {value}, within {tolerance} points of the best ({best}): as "
            "good, within what the averages can tell apart. (The results of these deals are "
            "more spread out than most, so the margin here is wider than the usual {usual} "
            "points.)",
            "Deine Ablage bringt im Durchschnitt {value}, weniger als {tolerance} Punkte unter "
            "der besten ({best}): gleich gut, soweit die Durchschnitte das unterscheiden. (Die "
            "Ergebnisse dieser Verteilungen streuen stärker als sonst, daher ist der Spielraum "
            "hier größer als die üblichen {usual} Punkte.)",
        ),
        "drill.exchange.worse.se": (
            "Your discard averages {value}; the best averages {best}: {loss} points less on "
            "average, more than the {tolerance} points that count as equal here. (The results "
            "of these deals are more spread out than most, so the margin here is wider than the "
            "usual {usual} points.)",
            "Deine Ablage bringt im Durchschnitt {value}, die beste {best}: im Durchschnitt "
            "{loss} Punkte weniger, mehr als die {tolerance} Punkte, die hier als gleich gelten. "
            "(Die Ergebnisse dieser Verteilungen streuen stärker als sonst, daher ist der "
            "Spielraum hier größer als die üblichen {usual} Punkte.)",
        ),
        "drill.exchange.most_in": (
            "The largest part of the difference is in {what}: {diff} points on average.",
            "Der größte Teil des Unterschieds liegt {what}: {diff} Punkte im Durchschnitt.",
        ),
        # a discard as good as the best, but not the best: where it differs
        "drill.exchange.differs": (
            "Yours throws {mine} instead of {best}.",
            "Deine Ablage legt {mine} statt {best} ab.",
        ),
        "drill.exchange.differs.more": (
            "Yours also throws {mine}.",
            "Deine Ablage legt zusätzlich {mine} ab.",
        ),
        "drill.exchange.differs.fewer": (
            "The best also throws {best}.",
            "Die beste Ablage legt zusätzlich {best} ab.",
        ),
        "drill.exchange.what.0": ("the point", "beim Point"),
        "drill.exchange.what.1": ("the sequences", "bei den Sequenzen"),
        "drill.exchange.what.2": ("the quatorzes and trios", "bei den Quatorze und Trios"),
        "drill.exchange.what.3": (
            "carte blanche, repique and pique",
            "bei Carte blanche, Repique und Pique",
        ),
        "drill.exchange.what.4": ("the play (estimated)", "beim Stichspiel (geschätzt)"),
        # why the best is best
        "drill.exchange.why": (
            "Why the best discard is best:",
            "Warum die beste Ablage am besten ist:",
        ),
        "drill.exchange.f.all.elder": (
            "It takes all {n} cards: more chances to improve, and none left over for younger.",
            "Sie kauft alle {n} Karten: mehr Aussicht auf Verbesserung, und für die Hinterhand "
            "bleibt nichts übrig.",
        ),
        "drill.exchange.f.all.younger": (
            "It takes all {n} cards left to you: more chances to improve.",
            "Sie kauft alle {n} Karten, die dir bleiben: mehr Aussicht auf Verbesserung.",
        ),
        "drill.exchange.f.point": (
            "It keeps all {n} of your {suit}, the long suit that makes the point.",
            "Sie behält alle {n} Karten in {suit}, der langen Farbe, die den Point macht.",
        ),
        "drill.exchange.f.sequence": (
            "It keeps your {name} in {suit} ({cards}).",
            "Sie behält deine {name} in {suit} ({cards}).",
        ),
        "drill.exchange.f.quint": (
            "It keeps {cards}: with the {missing} they would make a {name}.",
            "Sie behält {cards}: Mit {missing:dat} ergäben sie eine {name}.",
        ),
        "drill.exchange.f.set": (
            "It keeps the {name}: good against any trio of a lower rank, and the fourth would "
            "make a quatorze.",
            "Sie behält die {name}: gut gegen jedes niedrigere Trio, und die vierte Karte "
            "ergäbe ein Quatorze.",
        ),
        "drill.exchange.f.set.low": (
            "It keeps the {name}: the lowest trio, good only when your opponent has no trio, "
            "and the fourth would make a quatorze.",
            "Sie behält die {name}: das niedrigste Trio, gut nur, wenn dein Gegner kein Trio "
            "hat, und die vierte Karte ergäbe ein Quatorze.",
        ),
        "drill.exchange.f.quatorze": (
            "It keeps the {name}: a quatorze beats any trio.",
            "Sie behält die {name}: Ein Quatorze schlägt jedes Trio.",
        ),
        "drill.exchange.f.aces": ("It keeps {cards}: {why}.", "Sie behält {cards}: {why}."),
        "drill.exchange.ace.high": (
            "an ace is the highest card of its suit",
            "ein As ist die höchste Karte seiner Farbe",
        ),
        "drill.exchange.ace.high.point": (
            "an ace is the highest card of its suit, and the {ace} counts eleven for the point "
            "in {suit}",
            "ein As ist die höchste Karte seiner Farbe, und {ace:nom} zählt elf für den Point "
            "in {suit}",
        ),
        "drill.exchange.ace.two": (
            "an ace is the highest card of its suit, and with two aces a third would make a "
            "trio of aces, the best trio",
            "ein As ist die höchste Karte seiner Farbe, und bei zwei Assen fehlt nur ein drittes "
            "zum besten Trio, drei Assen",
        ),
        "drill.exchange.ace.two.point": (
            "an ace is the highest card of its suit, the {ace} counts eleven for the point in "
            "{suit}, and with two aces a third would make a trio of aces, the best trio",
            "ein As ist die höchste Karte seiner Farbe, {ace:nom} zählt elf für den Point in "
            "{suit}, und bei zwei Assen fehlt nur ein drittes zum besten Trio, drei Assen",
        ),
        "drill.exchange.f.tricks": (
            "It keeps {cards} with the {ace}: {n} sure tricks in {suit}.",
            "Sie behält {cards} neben {ace:dat}: {n} sichere Stiche in {suit}.",
        ),
        "drill.exchange.f.short": (
            "It throws the short suits: {suits}.",
            "Sie legt die kurzen Farben ab: {suits}.",
        ),
        "drill.exchange.f.short.1": (
            "It throws the short suit: {suits}.",
            "Sie legt die kurze Farbe ab: {suits}.",
        ),
        # the best discard throws other cards too: "throws the short suit" alone reads as if
        # those were all it throws
        "drill.exchange.f.short.also": (
            "Among its cards, it throws the short suits entirely: {suits}.",
            "Unter anderem legt sie die kurzen Farben ganz ab: {suits}.",
        ),
        "drill.exchange.f.short.also.1": (
            "Among its cards, it throws the short suit entirely: {suits}.",
            "Unter anderem legt sie die kurze Farbe ganz ab: {suits}.",
        ),
        "drill.exchange.suit.0": ("clubs", "Kreuz"),
        "drill.exchange.suit.1": ("diamonds", "Karo"),
        "drill.exchange.suit.2": ("hearts", "Herz"),
        "drill.exchange.suit.3": ("spades", "Pik"),
        "drill.exchange.f.none": (
            "Nothing stands out: it throws the cards that score least in the declarations.",
            "Nichts Besonderes: Sie legt die Karten ab, die bei den Ansagen am wenigsten bringen.",
        ),
        # the mistakes
        "drill.exchange.m.all.elder": (
            "You take only {n}: the cards you leave go to younger, and each card you "
            "take is a chance to improve.",
            "Du kaufst nur {n}: Was du liegen lässt, bekommt die Hinterhand, und jede "
            "gekaufte Karte ist eine Aussicht auf Verbesserung.",
        ),
        "drill.exchange.m.all.younger": (
            "You take only {n} of the {left} cards left to you: each card you take is a chance "
            "to improve.",
            "Du kaufst nur {n} der {left} Karten, die dir bleiben: Jede gekaufte Karte ist eine "
            "Aussicht auf Verbesserung.",
        ),
        "drill.exchange.m.point": (
            "You throw {cards} from your {suit}, the long suit that makes the point.",
            "Du legst {cards} aus {suit} ab, der langen Farbe, die den Point bildet.",
        ),
        "drill.exchange.m.sequence": (
            "You break your {name} in {suit}: you throw {cards}.",
            "Du reißt deine {name} in {suit} auseinander: Du legst {cards} ab.",
        ),
        "drill.exchange.m.quint": (
            "You throw {cards}, breaking cards that would make a {name} with the {missing}.",
            "Du legst {cards} ab und reißt damit Karten auseinander, die mit {missing:dat} eine "
            "{name} ergäben.",
        ),
        "drill.exchange.m.set": (
            "You break the {name}: you throw {cards}.",
            "Du reißt die {name} auseinander: Du legst {cards} ab.",
        ),
        "drill.exchange.m.aces": ("You throw {cards}: {why}.", "Du legst {cards} ab: {why}."),
        "drill.exchange.m.tricks": (
            "You throw {cards}, which with the {ace} would have made {n} sure tricks in {suit}.",
            "Du legst {cards} ab; zusammen mit {ace:dat} wären das {n} sichere Stiche in "
            "{suit} gewesen.",
        ),
        "drill.exchange.cavendish": (
            "Cavendish discarded the {cards}: {value} on average, {verdict}.",
            "Cavendish hat {cards} abgelegt: im Durchschnitt {value}, {verdict}.",
        ),
        "drill.exchange.cavendish.best": ("the best discard found", "die beste gefundene Ablage"),
        "drill.exchange.cavendish.near": (
            "as good as the best within {tolerance} points",
            "bis auf {tolerance} Punkte so gut wie die beste",
        ),
        "drill.exchange.cavendish.worse": (
            "{loss} points below the best by this count, which estimates the play only roughly",
            "nach dieser Rechnung, die das Stichspiel nur grob schätzt, {loss} Punkte unter der "
            "besten",
        ),
        "drill.exchange.drawn": (
            "With your discard you would have drawn these cards",
            "Mit deiner Ablage hättest du diese Karten gekauft",
        ),
        "drill.exchange.luck": (
            "As the stock lay, discarding the {cards} would have brought you a {what}. No discard "
            "can count "
            "on the order of the stock: the averages are what each discard is worth before you "
            "see it.",
            "So wie der Talon lag, hätte dir die Ablage {cards} {what} gebracht. Auf die "
            "Reihenfolge des Talons kann keine Ablage bauen: Die Durchschnitte sind, was jede "
            "Ablage wert ist, bevor man ihn sieht.",
        ),
        "drill.exchange.luck.seq": (
            "As the stock lay, discarding the {cards} would have made your best sequence the "
            "{seq}. No discard can count on the order of the stock: the averages are what each "
            "discard is worth before you see it.",
            "So wie der Talon lag, wäre mit der Ablage {cards} deine beste Sequenz die {seq} "
            "geworden. Auf die Reihenfolge des Talons kann keine Ablage bauen: Die "
            "Durchschnitte sind, was jede Ablage wert ist, bevor man ihn sieht.",
        ),
        "drill.exchange.luck.repique": ("repique", "ein Repique"),
        "drill.exchange.luck.quint": ("quint or longer", "eine Quinte oder eine längere Sequenz"),
    }
)

KEY = "piquet.exchange"
CASES = ("carte-blanche", "repique", "quint")
"""Rare cases: the learner was dealt carte blanche; the stock holds a repique for him (with
the builder's discard); the stock gives him a quint or longer (with the builder's discard)."""
CURATED = ("example",)
EXAMPLE_DISCARDS = EXAMPLE_DEAL.discards
"""Cavendish's discards in the Example: A's (elder) and B's (younger)."""
REPLAY_STEPS = {Role.ELDER: ("piquet-example", 1), Role.YOUNGER: ("piquet-example", 2)}
"""The worked example's steps where A (elder) and B (younger) exchange."""

SAMPLES = 5000
"""Deals of the unseen cards on which the finalists are valued."""
SCREENING = ((50, 150), (400, 30), (1500, 8))
"""The screening stages: (deals, discards kept). Every legal discard is valued on the first
50 deals, the best 150 on 400, the best 30 on 1,500, and the best 8 of those
(:data:`FINALISTS`) on all :data:`SAMPLES`."""
FINALISTS = SCREENING[-1][1]
TOLERANCE = 0.5
"""A discard within this many points of the best average is judged right (or within two
standard errors of the difference, :data:`ERRORS`: what the sample can tell apart)."""
ERRORS = 2.0
YOUNGER_MAX_TAKE = 5
"""The rule of thumb's younger hand takes all the cards left to him, at most this many."""
_RARE_SHARE = 0.25
_SHOWN_BEST = 3
PLAY_WEIGHT = 4
"""Points per likely trick of the kept cards (:func:`trick_estimate`), added to a discard's
declarations, as the player's points minus his opponent's: a trick is worth about a point for
its lead or for winning it as second player, and the majority of tricks brings the cards' 10.
Measured against the double-dummy solver: over 10,000 random deals in which elder swapped one
card he kept for one he threw (the rest of the exchange by the rule of thumb), the play's
points, elder's minus younger's with all cards known, moved by 3.9 points per trick of the
estimate of the cards kept (least squares through zero; 2.2 for the estimate that ignores the
cards thrown). Over 1,000 such swaps the estimate of the hand after the draw gives the same
slope (3.7, against 3.7 for the kept cards alone) and follows the solver more closely
(correlation 0.36, against 0.28)."""


def trick_estimate(hand: int, gone: int = 0) -> float:
    """How many tricks ``hand`` is likely to take in the play, roughly, when the cards of
    ``gone`` are out of play (one's own discard: nobody can play them). In each suit: its top
    cards (the highest card still in play, then each next one held) a trick each, and with
    them each card of the suit beyond the fourth; without a top card, half a trick for the
    second-highest card still in play with another card of its suit, or the third-highest
    with two others.

    >>> from cardtutor.engine.cards import mask_of, parse_cards
    >>> trick_estimate(mask_of(parse_cards("AH KH QH 9H 8H 7H")))
    5.0
    >>> trick_estimate(mask_of(parse_cards("KS 7S 9C 8C")))
    0.5
    >>> trick_estimate(mask_of(parse_cards("KS 7S 9C 8C")), gone=mask_of(parse_cards("AS")))
    1.0
    """
    t = _suit_trick_table()
    total = (
        t[(hand & 255) << 8 | gone & 255]
        + t[(hand >> 8 & 255) << 8 | gone >> 8 & 255]
        + t[(hand >> 16 & 255) << 8 | gone >> 16 & 255]
        + t[(hand >> 24 & 255) << 8 | gone >> 24 & 255]
    )
    return min(total, 12.0)


def _suit_tricks(b: int, out: int) -> float:
    """:func:`trick_estimate` of one suit: ``b`` the cards held, ``out`` those out of play
    (bit 7 the ace, bit 0 the seven)."""
    n = b.bit_count()
    if not n:
        return 0.0
    top = 0
    o = 7
    while o >= 0 and (b | out) >> o & 1:
        top += b >> o & 1
        o -= 1
    if top:
        return top + (max(0, n - 4 - max(0, top - 4)) if n >= 5 else 0)
    above = (~(b | out) & 255 & ~((2 << (b.bit_length() - 1)) - 1)).bit_count()
    return 0.5 if above == 1 and n >= 2 or above == 2 and n >= 3 else 0.0


@functools.cache
def _suit_trick_table() -> tuple[float, ...]:
    """:func:`_suit_tricks` of every pair (cards held, cards out of play) of one suit, at
    ``held << 8 | out``: the exchange values the play of thousands of hands per discard."""
    return tuple(_suit_tricks(i >> 8, i & 255) for i in range(65536))


# ---------------------------------------------------------------------------------------------
# Valuing a hand's declarations (table look-ups, the engine's own tables)
# ---------------------------------------------------------------------------------------------

_POINT_KEY = tuple(b.bit_count() << 8 | PIPS_BYTE[b] for b in range(256))
"""Per suit byte: (cards, pips) as one comparable int."""
_SEQ_KEY = tuple((n << 3 | top) if n else 0 for n, top in SEQ_BEST)
"""Per suit byte: the best sequence (length, top offset) as one comparable int, 0 for none."""
_SET_POINTS = tuple(
    POINTS_QUATORZE if n == 4 else POINTS_TRIO if n == SET_MIN else 0 for n in range(5)
)
_RANK_FIELDS = tuple(
    sum(((b >> o) & 1) << (3 * i) for i, o in enumerate(sorted(SET_OFFSETS))) for b in range(256)
)
"""Per suit byte: its set-rank cards as 3-bit counters (ten, jack, queen, king, ace): the sum
over the four suits holds the number of cards of each rank."""


def _set_table() -> list[tuple[int, int]]:
    ranks = sorted(SET_OFFSETS)
    table = [(0, 0)] * (1 << (3 * len(ranks)))
    for counts in itertools.product(range(5), repeat=len(ranks)):
        key = points = 0
        index = 0
        for i, n in enumerate(counts):
            index |= n << (3 * i)
            if n >= SET_MIN:
                points += _SET_POINTS[n]
                key = max(key, n << 3 | ranks[i])
        table[index] = (key, points)
    return table


_SETS = _set_table()
"""Per rank-counter sum: (the best set as a comparable int, 0 for none; the sets' points)."""


def hand_summary(hand: int) -> tuple[int, int, int, int, int]:
    """What ``hand`` (a card mask) declares honestly: (point key, best sequence key, sequences'
    points, best set key, sets' points). Keys compare like the engine's claim values; the
    point scores ``key >> 8`` (its number of cards).

    >>> from cardtutor.engine.cards import mask_of, parse_cards
    >>> pk, sk, sp, tk, tp = hand_summary(mask_of(parse_cards("AH KH QH JH 8H JS JC 9D 9S")))
    >>> pk >> 8, pk & 255, sp, tp
    (5, 49, 4, 3)
    """
    b0, b1, b2, b3 = hand & 255, hand >> 8 & 255, hand >> 16 & 255, hand >> 24 & 255
    pk = _POINT_KEY
    sk = _SEQ_KEY
    ss = SEQ_SCORE
    rf = _RANK_FIELDS
    t_key, t_points = _SETS[rf[b0] + rf[b1] + rf[b2] + rf[b3]]
    return (
        max(pk[b0], pk[b1], pk[b2], pk[b3]),
        max(sk[b0], sk[b1], sk[b2], sk[b3]),
        ss[b0] + ss[b1] + ss[b2] + ss[b3],
        t_key,
        t_points,
    )


def _repique(mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """Whether ``mine`` (carte blanche, point, sequences, sets) reaches the threshold before
    ``theirs`` reckons anything, in the order of reckoning."""
    first = next((c for c, pts in enumerate(theirs) if pts), len(theirs))
    total = 0
    for c, pts in enumerate(mine):
        total += pts
        if total >= PIQUE_AT:
            return c < first
    return False


def reckon_pair(
    me: tuple[int, int, int, int, int],
    them: tuple[int, int, int, int, int],
    my_cb: bool,
    their_cb: bool,
    elder: bool,
) -> tuple[int, int, int, int]:
    """My points minus my opponent's, from two hands' summaries: (point, sequences, sets,
    carte blanche with repique and pique). ``elder``: I am elder hand.

    >>> from cardtutor.engine.cards import mask_of, parse_cards
    >>> a = hand_summary(mask_of(parse_cards("AS JS 9S 8S AH KH QH JH 8H JC 9C KD")))
    >>> b = hand_summary(mask_of(parse_cards("10S QS 10H KC QC 10C AC AD QD JD 10D 7D")))
    >>> reckon_pair(a, b, False, False, True)  # Cavendish's Example: 5 + 4 against 17
    (5, 4, -17, 0)
    """
    mp = tp = ms = ts = mt = tt = 0
    if me[0] > them[0]:
        mp = me[0] >> 8
    elif them[0] > me[0]:
        tp = them[0] >> 8
    if me[1] > them[1]:
        ms = me[2]
    elif them[1] > me[1]:
        ts = them[2]
    if me[3] > them[3]:
        mt = me[4]
    elif them[3] > me[3]:
        tt = them[4]
    mc = POINTS_CARTE_BLANCHE if my_cb else 0
    tc = POINTS_CARTE_BLANCHE if their_cb else 0
    mine = mc + mp + ms + mt
    theirs = tc + tp + ts + tt
    bonus = mc - tc
    if mine >= PIQUE_AT and _repique((mc, mp, ms, mt), (tc, tp, ts, tt)):
        bonus += POINTS_REPIQUE
    elif theirs >= PIQUE_AT and _repique((tc, tp, ts, tt), (mc, mp, ms, mt)):
        bonus -= POINTS_REPIQUE
    elif elder and not theirs and mine + POINTS_LEAD >= PIQUE_AT:
        bonus += POINTS_PIQUE
    elif not elder and not mine and theirs + POINTS_LEAD >= PIQUE_AT:
        bonus -= POINTS_PIQUE
    return mp - tp, ms - ts, mt - tt, bonus


# ---------------------------------------------------------------------------------------------
# The opponent's rule of thumb, and the "lowest cards" alternative
# ---------------------------------------------------------------------------------------------


def _keep_value(i: int, hand: int) -> int:
    """How much the rule of thumb wants to keep card ``i`` of ``hand``: its rank, its suit's
    length, and whether it is part of a sequence or of three or four of a set rank."""
    o, s = i & 7, i >> 3
    suit = hand >> (8 * s) & 255
    value = o + 3 * suit.bit_count()
    if SEQ_HONEST[suit] >> o & 1:
        value += 6
    if o in SET_OFFSETS:
        same = (hand & RANK_MASKS[o]).bit_count()
        value += 8 if same >= SET_MIN else 2 if same == SET_MIN - 1 else 0
    return value


def rule_of_thumb_discard(hand: int, k: int) -> int:
    """The ``k`` cards of ``hand`` the rule of thumb throws: the least useful ones.

    >>> from cardtutor.engine.cards import format_cards, mask_of, parse_cards
    >>> hand = mask_of(parse_cards("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D"))
    >>> format_cards(cards_from_mask(rule_of_thumb_discard(hand, 5)))
    '7C 8C 8D 9D 8H'
    """
    return _mask(_throw_order(hand)[:k])


def _throw_order(hand: int) -> list[int]:
    """The cards of ``hand`` (indices), least useful first by the rule of thumb."""
    return sorted(bits(hand), key=lambda i: (_keep_value(i, hand), i))


def lowest_cards(hand: int, k: int) -> int:
    """The ``k`` lowest cards of ``hand`` (shorter suits first among equal ranks): the
    "natural" discard the table compares with.

    >>> from cardtutor.engine.cards import format_cards, mask_of, parse_cards
    >>> hand = mask_of(parse_cards("AS KS JS AH QH JH 8H JC 8C 7C 9D 8D"))
    >>> format_cards(cards_from_mask(lowest_cards(hand, 5)))
    '7C 8C 8D 9D 8H'
    """
    order = sorted(bits(hand), key=lambda i: (i & 7, (hand >> (8 * (i >> 3)) & 255).bit_count(), i))
    out = 0
    for i in order[:k]:
        out |= 1 << i
    return out


# ---------------------------------------------------------------------------------------------
# The spot (what the learner knows) and its analysis
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """What the learner knows when he discards (all masks of ``Card.bit``)."""

    role: Role
    hand: int
    """His twelve cards as dealt."""
    their_cb: bool
    """The opponent announced carte blanche."""
    elder_took: int
    """Younger's view: how many cards elder took (0 for elder's view)."""
    low: int
    high: int
    """The sizes of discard allowed."""

    @property
    def unseen(self) -> int:
        return FULL & ~self.hand

    @property
    def my_cb(self) -> bool:
        return not self.hand & COURT_MASK


@dataclass(frozen=True)
class Value:
    """A discard's averages, from the learner's side: (point, sequences, sets, bonuses, the
    play's estimate), and (for the full count) its total in each deal of the sample (the
    play's estimate rounded to whole points)."""

    discard: int
    parts: tuple[float, float, float, float, float]
    per_deal: array[int] | None = field(default=None, compare=False, repr=False)

    @property
    def total(self) -> float:
        return sum(self.parts)

    def standard_error(self, other: Value) -> float:
        """The standard error of the difference of the two averages (same deals), or 0.0
        when either was not counted deal by deal.

        >>> a = Value(1, (1.0, 0.0, 0.0, 0.0, 2.5), array("i", [2, 0, 2, 0]))
        >>> b = Value(2, (0.0, 0.0, 0.0, 0.0, 0.0), array("i", [0, 0, 0, 0]))
        >>> round(a.standard_error(b), 3)
        0.577
        """
        if self.per_deal is None or other.per_deal is None or len(self.per_deal) < 2:
            return 0.0
        diffs = [x - y for x, y in zip(self.per_deal, other.per_deal, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return math.sqrt(var / n)


@dataclass
class Analysis:
    """Every discard's value on one fixed sample of the unseen cards (see :func:`analyse`)."""

    spot: Spot
    samples: int
    seed: int
    _draws: dict[int, list[int]]
    """Per discard size: the cards drawn in each sample."""
    _theirs: dict[int, list[tuple[tuple[int, int, int, int, int], bool]]]
    """Per discard size: the opponent's summary and carte blanche in each sample."""
    finalists: list[Value] = field(default_factory=list)
    _cache: dict[int, Value] = field(default_factory=dict)

    def value(self, discard: int) -> Value:
        """The averages of ``discard`` (a mask of the learner's cards) on this sample."""
        known = self._cache.get(discard)
        if known is None:
            known = self._cache[discard] = discard_value(
                self.spot, discard, self._draws, self._theirs, self.samples, record=True
            )
        return known

    @property
    def best(self) -> Value:
        return max(self.finalists, key=lambda v: (v.total, -v.discard))


def _sample_unseen(spot: Spot, rng: random.Random) -> tuple[int, list[int]]:
    """One deal of the unseen cards, consistent with what the learner knows: the opponent's
    twelve (with or without carte blanche, as announced) and the stock, top first."""
    unseen = bits(spot.unseen)
    if spot.their_cb:
        blank = [i for i in unseen if not (1 << i) & COURT_MASK]
        chosen = rng.sample(blank, CARDS_DEALT)
        taken = set(chosen)
        stock = [i for i in unseen if i not in taken]
        rng.shuffle(stock)
        return _mask(chosen), stock
    while True:
        rng.shuffle(unseen)
        theirs = _mask(unseen[:CARDS_DEALT])
        if theirs & COURT_MASK:  # no carte blanche: he would have announced it
            return theirs, unseen[CARDS_DEALT:]


def _mask(indices: Iterable[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def prepare_deals(
    spot: Spot, samples: int, rng: random.Random
) -> tuple[dict[int, list[int]], dict[int, list[tuple[tuple[int, int, int, int, int], bool]]]]:
    sizes = range(spot.low, spot.high + 1)
    draws: dict[int, list[int]] = {n: [] for n in sizes}
    theirs: dict[int, list[tuple[tuple[int, int, int, int, int], bool]]] = {n: [] for n in sizes}
    for _sample in range(samples):
        dealt, stock = _sample_unseen(spot, rng)
        cb = not dealt & COURT_MASK
        order = _throw_order(dealt)
        if spot.role is Role.ELDER:
            for n in sizes:
                draws[n].append(_mask(stock[:n]))
                rest = stock[n:]
                k = min(len(rest), YOUNGER_MAX_TAKE)
                final = (dealt & ~_mask(order[:k])) | _mask(rest[:k])
                theirs[n].append((hand_summary(final), cb))
        else:
            e = spot.elder_took
            final = (dealt & ~_mask(order[:e])) | _mask(stock[:e])
            summary = (hand_summary(final), cb)
            for n in sizes:
                draws[n].append(_mask(stock[e : e + n]))
                theirs[n].append(summary)
    return draws, theirs


def discard_value(
    spot: Spot,
    discard: int,
    draws: dict[int, list[int]],
    theirs: dict[int, list[tuple[tuple[int, int, int, int, int], bool]]],
    samples: int,
    record: bool = False,
) -> Value:
    """The averages of ``discard`` on the first ``samples`` deals (``record``: with its
    declarations' total in each): :func:`reckon_pair` of the hand after the draw against the
    opponent's, inlined (it runs millions of times); the rare hands of 29 or more (or with carte
    blanche) go through :func:`reckon_pair` itself. The play's estimate is
    :func:`trick_estimate` of the hand after the draw in each deal, the discard out of play."""
    n = discard.bit_count()
    kept = spot.hand & ~discard
    my_cb = spot.my_cb
    elder = spot.role is Role.ELDER
    point = seq = sets = bonus = 0
    play = 0.0
    pkey, skey, sscore, rf, set_of = _POINT_KEY, _SEQ_KEY, SEQ_SCORE, _RANK_FIELDS, _SETS
    tricks = _suit_trick_table()
    g0, g1, g2, g3 = discard & 255, discard >> 8 & 255, discard >> 16 & 255, discard >> 24 & 255
    near = PIQUE_AT - POINTS_LEAD
    per_deal = array("i") if record else None
    for draw, (them, their_cb) in zip(draws[n][:samples], theirs[n][:samples], strict=True):
        h = kept | draw
        b0, b1, b2, b3 = h & 255, h >> 8 & 255, h >> 16 & 255, h >> 24 & 255
        # the play's estimate of the hand after the draw (trick_estimate, inlined)
        tt = tricks[b0 << 8 | g0] + tricks[b1 << 8 | g1] + tricks[b2 << 8 | g2]
        tt += tricks[b3 << 8 | g3]
        if tt > 12.0:
            tt = 12.0
        play += tt
        played = round(PLAY_WEIGHT * tt)
        t_key, t_points = set_of[rf[b0] + rf[b1] + rf[b2] + rf[b3]]
        me = (
            max(pkey[b0], pkey[b1], pkey[b2], pkey[b3]),
            max(skey[b0], skey[b1], skey[b2], skey[b3]),
            sscore[b0] + sscore[b1] + sscore[b2] + sscore[b3],
            t_key,
            t_points,
        )
        if my_cb or their_cb:
            p, s, t, b = reckon_pair(me, them, my_cb, their_cb, elder)
            point += p
            seq += s
            sets += t
            bonus += b
            if per_deal is not None:
                per_deal.append(p + s + t + b + played)
            continue
        mine = theirs_total = 0
        if me[0] > them[0]:
            p = me[0] >> 8
            mine = p
        elif them[0] > me[0]:
            p = -(them[0] >> 8)
            theirs_total = -p
        else:
            p = 0
        if me[1] > them[1]:
            s = me[2]
            mine += s
        elif them[1] > me[1]:
            s = -them[2]
            theirs_total -= s
        else:
            s = 0
        if t_key > them[3]:
            t = t_points
            mine += t
        elif them[3] > t_key:
            t = -them[4]
            theirs_total -= t
        else:
            t = 0
        point += p
        seq += s
        sets += t
        b = 0
        if mine >= near or theirs_total >= near:
            b = reckon_pair(me, them, False, False, elder)[3]
            bonus += b
        if per_deal is not None:
            per_deal.append(p + s + t + b + played)
    return Value(
        discard,
        (
            point / samples,
            seq / samples,
            sets / samples,
            bonus / samples,
            PLAY_WEIGHT * play / samples,
        ),
        per_deal,
    )


def discards_of(spot: Spot) -> Iterable[int]:
    """Every legal discard of the spot (masks)."""
    cards = bits(spot.hand)
    for n in range(spot.low, spot.high + 1):
        for combo in itertools.combinations(cards, n):
            yield _mask(combo)


@functools.lru_cache(maxsize=8)  # a few MB each: the sample's draws and opponents' hands
def analyse(spot: Spot, seed: int = 0) -> Analysis:
    """Value the legal discards of ``spot`` on a fixed sample of the unseen cards (one per
    ``seed``), by successive screening: every discard on the first deals of the sample, the
    best of them on more (:data:`SCREENING`), and the :data:`FINALISTS` on all
    :data:`SAMPLES` deals. Every stage uses the same deals for every discard.

    >>> spot = spot_of(ExchangeDrill().item("example", Level.MEDIUM))
    >>> a = analyse(spot)
    >>> a.best.discard.bit_count(), round(a.best.total) > 0
    (5, True)
    """
    rng = random.Random(f"{KEY}:{seed}:{spot.hand}:{int(spot.role)}:{spot.elder_took}")
    draws, theirs = prepare_deals(spot, SAMPLES, rng)
    pool = list(discards_of(spot))
    for samples, keep in SCREENING:
        if len(pool) > keep:
            values = [discard_value(spot, d, draws, theirs, samples) for d in pool]
            values.sort(key=lambda v: (-v.total, v.discard))
            pool = [v.discard for v in values[:keep]]
    analysis = Analysis(spot, SAMPLES, seed, draws, theirs)
    analysis.finalists = [analysis.value(d) for d in pool]
    return analysis


@dataclass(frozen=True)
class Comparison:
    """Two discards of one spot valued on the same deals (:func:`compare_discards`)."""

    samples: int
    yours: Value
    other: Value
    best: Value
    """The best discard found (the analysis's finalists and these two)."""
    margin: float
    """Within this many points the two count as equal: :data:`TOLERANCE`, or two standard
    errors of their difference where that is more, as the drill judges a discard."""

    @property
    def standing(self) -> str:
        """``"same"``, ``"better"`` or ``"worse"``: ``yours`` against ``other``."""
        diff = self.yours.total - self.other.total
        if abs(diff) <= self.margin:
            return "same"
        return "better" if diff > 0 else "worse"


def compare_discards(spot: Spot, yours: int, other: int) -> Comparison:
    """``yours`` against ``other`` (masks of legal discards of ``spot``) on the drill's
    sample of the unseen cards: the same figures as the exchange drill's table of the spot.

    >>> spot = spot_of(ExchangeDrill().item("example", Level.MEDIUM))
    >>> lowest = lowest_cards(spot.hand, 5)
    >>> same = compare_discards(spot, lowest, lowest)
    >>> same.standing, same.yours.total == same.other.total, same.best.total >= same.yours.total
    ('same', True, True)
    >>> one = lowest_cards(spot.hand, 1)  # one card only: the four others are not taken
    >>> compare_discards(spot, one, lowest).standing
    'worse'
    """
    analysis = analyse(spot)
    mine, theirs = analysis.value(yours), analysis.value(other)
    best = max([*analysis.finalists, mine, theirs], key=lambda v: (v.total, -v.discard))
    margin = max(TOLERANCE, ERRORS * mine.standard_error(theirs))
    return Comparison(analysis.samples, mine, theirs, best, margin)


# ---------------------------------------------------------------------------------------------
# Words: what a discard keeps and breaks
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Average:
    """An average in points (signed unless ``signed`` is false), with one decimal written the
    way each language writes it.

    >>> Average(-1.25).name("en"), Average(2.5).name("de"), Average(0.5, signed=False).name("de")
    ('\u22121.2', '+2,5', '0,5')
    >>> Average(-3).name("en"), Average(0).name("en")
    ('\u22123', '0')
    """

    value: float
    signed: bool = True

    def name(self, lang: str = "en") -> str:
        if isinstance(self.value, int):  # an exact figure: no decimals
            text = f"{self.value:+d}" if self.signed and self.value else str(self.value)
        else:
            text = f"{self.value:+.1f}" if self.signed else f"{self.value:.1f}"
        if text in ("+0.0", "-0.0"):
            text = "0.0"
        text = text.replace("-", "\u2212")
        return text.replace(".", ",") if lang[:2] == "de" else text


def _points(value: float) -> Average:
    return Average(value, signed=False)


@dataclass(frozen=True)
class _Feature:
    """Something a discard does well (``kept``) and the message for breaking it."""

    key: str
    good: Msg
    cards: int
    """The cards it is about: kept by a discard that has the feature."""
    mistake_key: str
    params: Mapping[str, Any]
    thrown_params: Callable[[int], Mapping[str, Any]] | None = None
    """The mistake's parameters for the cards thrown, where they depend on which (an ace:
    only the point's ace counts for the point); else ``params``."""
    blame: int = -1
    """The cards whose throwing the mistake is about (all of ``cards`` by default): the sure
    tricks below an ace are blamed for the king, queen... thrown, a thrown ace has its own."""


def _features(spot: Spot) -> list[_Feature]:
    hand = spot.hand
    out: list[_Feature] = []
    # the point: the longest suit (four cards or more)
    best_suit = max(range(4), key=lambda s: (_POINT_KEY[hand >> (8 * s) & 255], -s))
    suit_cards = hand & SUIT_MASKS[best_suit]
    n = suit_cards.bit_count()
    if n >= 4:
        params = {"n": Msg(f"piquet.num.{n}"), "suit": Suit(best_suit)}
        out.append(
            _Feature(
                "point",
                Msg("drill.exchange.f.point", **params),
                suit_cards,
                "drill.exchange.m.point",
                {"suit": Suit(best_suit)},
            )
        )
    # sequences held, and four cards of a quint
    for s in range(4):
        byte = hand >> (8 * s) & 255
        length, top = SEQ_BEST[byte]
        if length:
            run = ((1 << length) - 1) << (top - length + 1) << (8 * s)
            name = seq_name(top - length + 1, length)
            out.append(
                _Feature(
                    "sequence",
                    Msg("drill.exchange.f.sequence", name=name, suit=Suit(s), cards=_cards(run)),
                    run,
                    "drill.exchange.m.sequence",
                    {"name": name, "suit": Suit(s)},
                )
            )
        if length < SEQUENCE_BONUS_FROM:
            for lo in range(8 - SEQUENCE_BONUS_FROM, -1, -1):
                window = ((1 << SEQUENCE_BONUS_FROM) - 1) << lo
                held = byte & window
                missing = window & ~held
                # four of five, not a quart (the sequence above says that already)
                if (
                    held.bit_count() == SEQUENCE_BONUS_FROM - 1
                    and (missing & (window >> 1))
                    and (missing & (window << 1))
                ):
                    filled, filled_top = SEQ_BEST[byte | missing]
                    params = {
                        "missing": Card.from_index(8 * s + missing.bit_length() - 1),
                        "name": seq_name(filled_top - filled + 1, filled),
                    }
                    cards = held << (8 * s)
                    out.append(
                        _Feature(
                            "quint",
                            Msg(
                                "drill.exchange.f.quint", cards=the(_cards(cards), "acc"), **params
                            ),
                            cards,
                            "drill.exchange.m.quint",
                            params,
                        )
                    )
                    break
    # quatorzes and trios held
    for o in SET_OFFSETS:
        cards = hand & RANK_MASKS[o]
        k = cards.bit_count()
        if k >= SET_MIN:
            name = Msg("piquet.setname", n=Msg(f"piquet.num.{k}"), ranks=Msg(f"piquet.ranks.{o}"))
            kind = "quatorze" if k == 4 else "set"
            low = ".low" if kind == "set" and o == min(SET_OFFSETS) else ""
            out.append(
                _Feature(
                    kind,
                    Msg(f"drill.exchange.f.{kind}{low}", name=name),
                    cards,
                    "drill.exchange.m.set",
                    {"name": name},
                )
            )
    # sure tricks: the cards following an ace in its suit without a gap
    for s in range(4):
        byte = hand >> (8 * s) & 255
        if not byte >> 7 & 1:
            continue
        run = 0
        o = 6
        while o >= 0 and byte >> o & 1:
            run |= 1 << o
            o -= 1
        if run:
            params = {
                "ace": Card.from_index(8 * s + 7),
                "n": Msg(f"piquet.num.{run.bit_count() + 1}"),
                "suit": Suit(s),
            }
            cards = run << (8 * s)
            out.append(
                _Feature(
                    "tricks",
                    Msg("drill.exchange.f.tricks", cards=the(_cards(cards), "acc"), **params),
                    cards | 1 << (8 * s + 7),  # kept with the ace only
                    "drill.exchange.m.tricks",
                    params,
                    blame=cards,
                )
            )
    # one or two aces (three or four are a trio or quatorze, above): say only what holds
    aces = hand & RANK_MASKS[7]
    if aces and aces.bit_count() < SET_MIN:
        key = "drill.exchange.ace.high" if aces.bit_count() == 1 else "drill.exchange.ace.two"
        point_ace = aces & suit_cards if n >= 4 else 0
        why = (
            Msg(f"{key}.point", ace=_cards(point_ace)[0], suit=Suit(best_suit))
            if point_ace
            else Msg(key)
        )
        plain = Msg(key)

        def thrown_why(thrown: int, why: Msg = why, point_ace: int = point_ace) -> dict[str, Msg]:
            return {"why": why if thrown & point_ace else plain}

        out.append(
            _Feature(
                "aces",
                Msg("drill.exchange.f.aces", cards=the(_cards(aces), "acc"), why=why),
                aces,
                "drill.exchange.m.aces",
                {"why": why},
                thrown_why,
            )
        )
    return out


def _cards(m: int) -> tuple[Card, ...]:
    """Cards of a mask, highest first (as a player reads them)."""
    return tuple(sorted(cards_from_mask(m), key=lambda c: (-c.suit, -c.rank)))


def _why(spot: Spot, best: int) -> list[Msg]:
    """What the best discard keeps, in words."""
    reasons = []
    n = best.bit_count()
    if n == spot.high and spot.low < spot.high:
        reasons.append(_all_msg(spot, n))
    for f in _features(spot):
        if not f.cards & best:
            reasons.append(f.good)
    short = [
        s
        for s in range(4)
        if 0 < (spot.hand & SUIT_MASKS[s]).bit_count() <= 2
        and not spot.hand & SUIT_MASKS[s] & ~best
    ]
    if short:
        only_short = not best & ~sum(spot.hand & SUIT_MASKS[s] for s in short)
        reasons.append(
            Msg(
                "drill.exchange.f.short"
                + ("" if only_short else ".also")
                + (".1" if len(short) == 1 else ""),
                suits=tuple(Msg(f"drill.exchange.suit.{s}") for s in short),
            )
        )
    if not reasons:
        reasons.append(Msg("drill.exchange.f.none"))
    return reasons


def _ncards(n: int) -> Msg:
    """ "five cards", "one card" (German "eine Karte", not "eins")."""
    return (
        Msg("drill.exchange.ncards.1")
        if n == 1
        else Msg("drill.exchange.ncards", n=Msg(f"piquet.num.{n}"))
    )


def _all_msg(spot: Spot, n: int) -> Msg:
    who = "elder" if spot.role is Role.ELDER else "younger"
    return Msg(f"drill.exchange.f.all.{who}", n=Msg(f"piquet.num.{n}"))


def _mistakes(spot: Spot, best: int, mine: int) -> list[Msg]:
    """What the learner's discard breaks that the best one keeps."""
    out = []
    n = mine.bit_count()
    if n < best.bit_count() and best.bit_count() == spot.high:
        if spot.role is Role.ELDER:
            out.append(Msg("drill.exchange.m.all.elder", n=_ncards(n)))
        else:
            one = Msg("drill.exchange.one") if n == 1 else Msg(f"piquet.num.{n}")
            out.append(
                Msg("drill.exchange.m.all.younger", n=one, left=Msg(f"piquet.num.{spot.high}"))
            )
    for f in _features(spot):
        if not f.cards & best and f.cards & mine & f.blame:
            thrown = f.cards & mine & f.blame
            params = f.thrown_params(thrown) if f.thrown_params else f.params
            out.append(Msg(f.mistake_key, cards=the(_cards(thrown), "acc"), **params))
    return out


# ---------------------------------------------------------------------------------------------
# Building items
# ---------------------------------------------------------------------------------------------


def _levels(level: Level, deal: PiquetDeal) -> tuple[Role, int, int, int]:
    """(the learner's role, elder's count in younger's view, lowest and highest discard)."""
    if level is Level.HARD:
        took = deal.discards[Role.ELDER].bit_count()
        return Role.YOUNGER, took, ELDER_MIN_DISCARD, min(STOCK - took, CARDS_DEALT)
    if level is Level.EASY:
        return Role.ELDER, 0, ELDER_STOCK, ELDER_STOCK
    return Role.ELDER, 0, ELDER_MIN_DISCARD, ELDER_STOCK


def _build(rng: random.Random, case: str | None, role: Role) -> PiquetDeal:
    if case == "carte-blanche":
        return carte_blanche_deal(rng, holder=role)
    if case == "repique":
        return repique_deal(rng, holder=role)
    if case == "quint":
        return long_sequence_deal(rng, holder=role)
    return random_deal(rng)


def _tags(deal: PiquetDeal, role: Role) -> frozenset[str]:
    tags = set()
    if deal.carte_blanche(role):
        tags.add("carte-blanche")
    if deal.case == "repique" and reckon(deal).repique is role:
        tags.add("repique")
    if deal.case in ("quint", "repique"):
        length = SEQ_BEST[0][0]
        for s in range(4):
            length = max(length, SEQ_BEST[deal.hands[role] >> (8 * s) & 255][0])
        if length >= SEQUENCE_BONUS_FROM:
            tags.add("quint")
    if deal.case == "example":
        tags.add("example")
    return frozenset(tags)


def deal_of(item: Item) -> PiquetDeal:
    """The deal an item was built from (its private data)."""
    q = item.question
    return PiquetDeal(
        (int(q["dealt"][0]), int(q["dealt"][1])),
        tuple(int(i) for i in q["stock"]),
        (int(q["discards"][0]), int(q["discards"][1])),
        str(q["dealer"]),
        case=str(q.get("case", "")),
    )


def spot_of(item: Item) -> Spot:
    """What the learner of ``item`` knows (from its private data)."""
    q = item.question
    role = Role(int(q["role"]))
    dealt = (int(q["dealt"][0]), int(q["dealt"][1]))
    return Spot(
        role,
        dealt[role],
        not dealt[role.other] & COURT_MASK,
        int(q["elder_took"]),
        int(q["low"]),
        int(q["high"]),
    )


class ExchangeDrill:
    """Drill 4: choose the discard (see the module's description)."""

    key = KEY
    game = "piquet"
    number = 4
    title = Msg("drill.exchange.title")
    summary = Msg("drill.exchange.summary")
    cases: tuple[str, ...] = CASES
    kinds: tuple[str, ...] = ()
    curated: tuple[str, ...] = CURATED

    def item(self, seed: str, level: Level) -> Item:
        rng = rng_for(self.key, seed, level)
        role = Role.YOUNGER if level is Level.HARD else Role.ELDER
        if seed == "example":
            deal = EXAMPLE_DEAL
        else:
            case = seed_case(seed, CASES)
            if case is None and rng.random() < _RARE_SHARE:
                case = rng.choice(CASES)
            deal = _build(rng, case, role)
        role, took, low, high = _levels(level, deal)
        tags = _tags(deal, role)
        hand = deal.dealt[role]
        shows: list[Show] = []
        if seed == "example":
            shows.append(Show.sentence(Msg("drill.exchange.example")))
        shows.append(Show.hand(Msg("drill.exchange.hand"), _cards(hand)))
        if not hand & COURT_MASK:
            shows.append(Show.sentence(Msg("drill.exchange.your_cb", points=POINTS_CARTE_BLANCHE)))
        if not deal.dealt[role.other] & COURT_MASK:
            shows.append(Show.sentence(Msg("drill.exchange.their_cb")))
        if level is Level.HARD:
            prompt = Msg(
                "drill.exchange.prompt.hard", taken=_ncards(took), left=Msg(f"piquet.num.{high}")
            )
        else:
            prompt = Msg(f"drill.exchange.prompt.{'easy' if level is Level.EASY else 'medium'}")
        offered = list(_cards(hand))  # in the order the hand above shows them
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
                "role": int(role),
                "elder_took": took,
                "low": low,
                "high": high,
            },
            prompt=prompt,
            shows=tuple(shows),
            fields=(Field.pick("discard", Msg("drill.exchange.field"), offered, low, high),),
            concept="piquet#exchange",
            tags=tags,
        )

    def parse_answer(self, item: Item, data: Mapping[str, str]) -> frozenset[Card]:
        return frozenset(parse_fields(item, data)["discard"])

    def check(self, item: Item, answer: Any) -> Feedback:
        spot = spot_of(item)
        analysis = analyse(spot)
        mine = 0
        for card in answer:
            mine |= card.bit
        if not mine & ~spot.hand and spot.low <= mine.bit_count() <= spot.high:
            yours: Value | None = analysis.value(mine)
        else:  # not a legal discard: judged wrong, nothing to value
            yours = None
        extra = [yours] if yours is not None else []
        cavendish: Value | None = None
        if item.seed == "example":
            cavendish = analysis.value(EXAMPLE_DISCARDS[spot.role])
            extra.append(cavendish)
        candidates = {v.discard: v for v in [*analysis.finalists, *extra]}
        best = max(candidates.values(), key=lambda v: (v.total, -v.discard))
        margin = TOLERANCE
        if yours is not None:
            margin = max(TOLERANCE, ERRORS * best.standard_error(yours))
        correct = yours is not None and yours.total >= best.total - margin
        # say where the margin comes from, when it shows (the margin is said to one decimal)
        wide = ".se" if round(margin, 1) > TOLERANCE else ""
        reasons: list[Msg] = []
        subpoints: set[int] = set()  # the lines detailing the line above them

        def detail(lines: list[Msg]) -> None:
            subpoints.update(range(len(reasons), len(reasons) + len(lines)))
            reasons.extend(lines)

        if yours is not None and yours.discard == best.discard:
            reasons.append(Msg("drill.exchange.is_best", value=Average(best.total)))
        elif yours is not None and correct:
            reasons.append(
                Msg(
                    "drill.exchange.near_best" + wide,
                    value=Average(yours.total),
                    best=Average(best.total),
                    tolerance=_points(margin),
                    usual=_points(TOLERANCE),
                )
            )
            detail([_differs(yours.discard, best.discard)])
        elif yours is not None:
            reasons.append(
                Msg(
                    "drill.exchange.worse" + wide,
                    value=Average(yours.total),
                    best=Average(best.total),
                    loss=_points(best.total - yours.total),
                    tolerance=_points(margin),
                    usual=_points(TOLERANCE),
                )
            )
            mistakes = list(_mistakes(spot, best.discard, yours.discard))
            # by the figures the table shows (one decimal), so the words agree with it
            diffs = [
                round(b, 1) - round(y, 1) for b, y in zip(best.parts, yours.parts, strict=True)
            ]
            top = max(range(len(diffs)), key=lambda k: diffs[k])
            if diffs[top] > 0:
                mistakes.append(
                    Msg(
                        "drill.exchange.most_in",
                        what=Msg(f"drill.exchange.what.{top}"),
                        diff=_points(diffs[top]),
                    )
                )
            detail(mistakes)
        reasons.append(Msg("drill.exchange.why"))
        detail(list(_why(spot, best.discard)))
        if cavendish is not None:
            loss = best.total - cavendish.total
            verdict = (
                Msg("drill.exchange.cavendish.best")
                if cavendish.discard == best.discard
                else Msg("drill.exchange.cavendish.near", tolerance=_points(TOLERANCE))
                if loss <= TOLERANCE
                else Msg("drill.exchange.cavendish.worse", loss=_points(loss))
            )
            reasons.append(
                Msg(
                    "drill.exchange.cavendish",
                    cards=_cards(cavendish.discard),
                    value=Average(cavendish.total),
                    verdict=verdict,
                )
            )
        method = Msg(
            "drill.exchange.method",
            samples=analysis.samples,
            tolerance=_points(TOLERANCE),
            weight=PLAY_WEIGHT,
        )
        shows = [_table(spot, analysis, best, yours, cavendish)]
        deal = deal_of(item)
        if yours is not None:
            drawn = _drawn(deal, spot, yours.discard)
            shows.append(Show.hand(Msg("drill.exchange.drawn"), _cards(drawn)))
        luck = _luck(deal, spot, item.tags)
        if luck is not None:
            reasons.append(luck)
        rules = [
            "piquet#exchange",
            "piquet#point",
            "piquet#sequences",
            "piquet#sets",
            "piquet#play",
        ]
        if "carte-blanche" in item.tags:
            rules.append("piquet#carte-blanche")
        if "repique" in item.tags:
            rules.append("piquet#repique")
        return Feedback(
            correct=correct,
            expected={
                "discard": sorted(c.code for c in cards_from_mask(best.discard)),
                "best": round(best.total, 3),
                "yours": None if yours is None else round(yours.total, 3),
                "tolerance": round(margin, 3),
                "method": "sampling",
                "samples": analysis.samples,
            },
            reasons=tuple(reasons),
            rules=tuple(rules),
            answer=(
                Msg(
                    "drill.exchange.answer",
                    cards=_cards(best.discard),
                    taken=_ncards(best.discard.bit_count()),
                    value=Average(best.total),
                ),
            ),
            shows=tuple(shows),
            replay=REPLAY_STEPS[spot.role],
            subpoints=frozenset(subpoints),
            method=(method,),
        )


def _differs(mine: int, best: int) -> Msg:
    """Where a discard as good as the best differs from it (the reasons below speak of the
    best one)."""
    only_mine, only_best = mine & ~best, best & ~mine
    if only_mine and only_best:
        return Msg(
            "drill.exchange.differs",
            mine=the(_cards(only_mine), "acc"),
            best=the(_cards(only_best), "acc"),
        )
    if only_mine:
        return Msg("drill.exchange.differs.more", mine=the(_cards(only_mine), "acc"))
    return Msg("drill.exchange.differs.fewer", best=the(_cards(only_best), "acc"))


def _drawn(deal: PiquetDeal, spot: Spot, discard: int) -> int:
    start = 0 if spot.role is Role.ELDER else spot.elder_took
    return _mask(deal.stock[start : start + discard.bit_count()])


def _luck(deal: PiquetDeal, spot: Spot, tags: frozenset[str]) -> Msg | None:
    """For the rare cases built around the stock: what the stock held, in hindsight."""
    lucky = deal.discards[spot.role]
    if "repique" in tags:
        return Msg(
            "drill.exchange.luck", cards=_cards(lucky), what=Msg("drill.exchange.luck.repique")
        )
    if "quint" in tags:
        # the sequence it made, by name: "a quint or longer" read oddly beside a hand that
        # held a quint already (the stock's card made it a sixième)
        best = claim_words(1, honest(1, deal.hands[spot.role]))
        return Msg("drill.exchange.luck.seq", cards=_cards(lucky), seq=best)
    return None


@dataclass(frozen=True)
class _RowLabel:
    """The names of one row of the table of discards: English "best and the lowest cards",
    German "Beste Ablage (= die niedrigsten Karten)" (the first name capitalised, the others
    in brackets)."""

    labels: tuple[Msg, ...]

    def name(self, lang: str = "en") -> str:
        if lang[:2] != "de":
            return join_names(self.labels, lang)
        first = Msg(self.labels[0].key.replace(".which.", ".first."), **self.labels[0].params)
        if len(self.labels) == 1:
            return first.render(lang)
        return Msg("drill.exchange.row.also", first=first, rest=self.labels[1:]).render(lang)


def _table(
    spot: Spot, analysis: Analysis, best: Value, yours: Value | None, cavendish: Value | None
) -> Show:
    ranked = sorted(
        {v.discard: v for v in [*analysis.finalists, best]}.values(),
        key=lambda v: (-v.total, v.discard),
    )
    labels: dict[int, list[Msg]] = {}
    values: dict[int, Value] = {}

    def add(which: Msg, v: Value) -> None:
        labels.setdefault(v.discard, []).append(which)
        values[v.discard] = v

    for n, v in enumerate(ranked[:_SHOWN_BEST], 1):
        add(
            Msg("drill.exchange.which.best") if n == 1 else Msg("drill.exchange.which.rank", n=n),
            v,
        )
    if yours is not None:
        add(Msg("drill.exchange.which.yours"), yours)
    if cavendish is not None:
        add(Msg("drill.exchange.which.cavendish"), cavendish)
    add(Msg("drill.exchange.which.lowest"), analysis.value(lowest_cards(spot.hand, spot.high)))
    rows = [(tuple(labels[d]), values[d]) for d in labels]
    return Show.table(
        Msg("drill.exchange.table"),
        # the average, which decides, next to the discard: on a phone the table scrolls
        # sideways in its box, and the parts after it may be out of view
        (
            Msg("drill.exchange.h.discard"),
            Msg("drill.exchange.h.total"),
            Msg("drill.exchange.h.point"),
            Msg("drill.exchange.h.seq"),
            Msg("drill.exchange.h.sets"),
            Msg("drill.exchange.h.bonus"),
            Msg("drill.exchange.h.play"),
        ),
        [
            (
                Msg("drill.exchange.row", which=_RowLabel(which), cards=_cards(v.discard)),
                Average(v.total),
                *(Average(p) for p in v.parts),
            )
            for which, v in rows
        ],
    )
