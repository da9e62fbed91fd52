"""Besik drill 7, *Meld spotter*: which melds may be declared now, and for how much.

The learner sees his hand (the concealed cards and the declared row), the trumps (the face-up
card) and what he has already declared in this deal (which melds, with which cards, and which
of those cards have since been played). He ticks the melds he may declare now among candidates
that include tempting ones (the same meld again without fresh duplicates, two separately
declared Besiks made into a Doppel-Besik, a plain marriage called a trump marriage...), says what
the best single meld of this turn scores and, when he holds a trump seven, what the sevens score
now and whether he may exchange one for the face-up card.

The engine is the judge: the position is built as an engine state and every candidate is tried
with the engine's own meld search and refusals (:func:`~cardtutor.engine.besik.melds.
meld_candidates`, :func:`~cardtutor.engine.besik.legal.why_illegal`), the trump sevens with its
own declarations and exchange (:func:`~cardtutor.engine.besik.apply`).

Easy items have an empty declared row and one or two melds; medium ones re-use cards across
kinds, bring the trump marriage and four of a kind with duplicates; hard ones turn on the
Doppel-Besik rulings (RULES.md 3.3), the same meld again with fresh duplicates, and the seven
exchange making a meld possible.

>>> drill = MeldDrill()
>>> item = drill.item("3", Level.EASY)
>>> item.question["row"]
[]
>>> expected = drill.expected(item)
>>> data = {"melds": " ".join(sorted(expected["melds"])), "best": str(expected["best"])}
>>> if expected["seven"] is not None:
...     data |= {"seven": str(expected["seven"]), "exchange": expected["exchange"]}
>>> drill.check(item, drill.parse_answer(item, data)).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from cardtutor.engine.besik import ENGINE, Exchange, Meld, SeedRuleset, State, apply, start_deal
from cardtutor.engine.besik.constants import (
    DOUBLE_MARRIAGE_TRUMP_POINTS,
    HAND_SIZE,
    MELD_KINDS,
    MELD_POINTS,
    POINTS_TRUMP_SEVEN,
)
from cardtutor.engine.besik.legal import why_illegal
from cardtutor.engine.besik.melds import N_SLOTS, SLOTS, U_SEVEN, meld_candidates, meld_points
from cardtutor.engine.besik.sevens import seven_candidates
from cardtutor.engine.besik.state import PLAY, DeclaredMeld
from cardtutor.engine.besik.uids import SORT_KEY, mask_of_cards
from cardtutor.engine.cards import Card, PhysicalCard, Rank, Suit, iter_packs
from cardtutor.engine.drills.base import (
    AnswerError,
    Feedback,
    Field,
    Item,
    Level,
    Show,
    TheCard,
    parse_fields,
    rng_for,
    seed_case,
    the,
)
from cardtutor.engine.record import replay
from cardtutor.engine.text import Msg, register_messages

SUITED = ("marriage", "trump-marriage", "double-marriage", "quint-major")
"""The meld kinds named with their suit (the others are named by their kind alone)."""

_KIND_LABELS = {
    "marriage": ("Marriage in {suit}", "{suit}-Heirat"),
    "trump-marriage": ("Trump marriage in {suit}", "Trumpf-Heirat in {suit}"),
    "double-marriage": ("Double marriage in {suit}", "Doppel-Heirat in {suit}"),
    "four-jacks": ("Four jacks", "4 Bauern"),
    "four-queens": ("Four queens", "4 Damen"),
    "four-kings": ("Four kings", "4 Könige"),
    "four-aces": ("Four aces", "4 Asse"),
    "besik": (
        "Besik (queen of spades and jack of diamonds)",
        "Besik (Pik-Dame und Karo-Bauer)",
    ),
    "double-besik": ("Double Besik", "Doppel-Besik"),
    "triple-besik": ("Triple Besik", "Tripelbesik"),
    "quint-major": ("Quint-Major in {suit} (ace to jack)", "Quint-Major in {suit} (As bis Bauer)"),
}
"""Candidate names (nominative, no article) for the check boxes and tables."""

_NEEDS = {
    "marriage": ("the king and the queen of {suit}", "König und Dame in {suit}"),
    "trump-marriage": ("the king and the queen of {suit}", "König und Dame in {suit}"),
    "double-marriage": (
        "both kings and both queens of {suit}",
        "beide Könige und beide Damen in {suit}",
    ),
    "four-jacks": ("four jacks (of any suits)", "vier Bauern (beliebiger Farben)"),
    "four-queens": ("four queens (of any suits)", "vier Damen (beliebiger Farben)"),
    "four-kings": ("four kings (of any suits)", "vier Könige (beliebiger Farben)"),
    "four-aces": ("four aces (of any suits)", "vier Asse (beliebiger Farben)"),
    "besik": (
        "the queen of spades and the jack of diamonds",
        "die Pik-Dame und den Karo-Bauern",
    ),
    "double-besik": (
        "two queens of spades and two jacks of diamonds",
        "zwei Pik-Damen und zwei Karo-Bauern",
    ),
    "triple-besik": (
        "three queens of spades and three jacks of diamonds",
        "drei Pik-Damen und drei Karo-Bauern",
    ),
    "quint-major": (
        "the ace, ten, king, queen and jack of {suit}",
        "As, Zehn, König, Dame und Bauer in {suit}",
    ),
}
"""What each candidate needs in the hand."""
_TWO_CARDS = frozenset({"marriage", "trump-marriage", "besik"})
"""The candidates of two cards ("you do not hold both")."""

_IN_SENTENCE = {
    "marriage": ("a marriage in {suit}", "eine {suit}-Heirat"),
    "trump-marriage": ("a trump marriage in {suit}", "eine Trumpf-Heirat in {suit}"),
    "double-marriage": ("a double marriage in {suit}", "eine Doppel-Heirat in {suit}"),
    "four-jacks": ("four jacks", "vier Bauern"),
    "four-queens": ("four queens", "vier Damen"),
    "four-kings": ("four kings", "vier Könige"),
    "four-aces": ("four aces", "vier Asse"),
    "besik": ("a Besik", "einen Besik"),
    "double-besik": ("a double Besik", "einen Doppel-Besik"),
    "triple-besik": ("a triple Besik", "einen Tripelbesik"),
    "quint-major": ("a Quint-Major in {suit}", "eine Quint-Major in {suit}"),
}
"""Meld names inside a sentence (German in the accusative, with the article; the source's
prose writes "die vier Asse", its list of melds "4 Asse")."""

register_messages({f"drill.melds.opt.{k}": v for k, v in _KIND_LABELS.items()})
register_messages({f"drill.melds.need.{k}": v for k, v in _NEEDS.items()})
register_messages({f"drill.melds.acc.{k}": v for k, v in _IN_SENTENCE.items()})
register_messages(
    {
        "drill.melds.title": ("Meld spotter", "Meldungen erkennen"),
        "drill.melds.summary": (
            "A hand, the trumps and what was already declared: which melds may you declare "
            "now, for how many points, and what about the trump seven?",
            "Eine Hand, der Trumpf und was schon gemeldet wurde: Welche Meldungen sind jetzt "
            "erlaubt, wie viele Punkte bringen sie, und was ist mit der Trumpf-Sieben?",
        ),
        "drill.melds.prompt": (
            "You have just won a trick and drawn from the talon. What may you declare now?",
            "Du hast soeben einen Stich gewonnen und vom Talon gezogen. Was darfst du jetzt "
            "melden?",
        ),
        "drill.melds.prompt_before_draw": (
            "You have just won a trick and not yet drawn from the talon (a meld may be "
            "declared before the draw or after it). What may you declare now?",
            "Du hast soeben einen Stich gewonnen und noch nicht vom Talon gezogen (gemeldet "
            "werden darf vor dem Ziehen oder danach). Was darfst du jetzt melden?",
        ),
        "drill.melds.prompt_lost": (
            "Your opponent won the last trick and has led the {card}; it is your turn to play. "
            "What may you declare now?",
            "Dein Gegner hat den letzten Stich gewonnen und {card:acc} aufgespielt; du bist am "
            "Zug. Was darfst du jetzt melden?",
        ),
        "drill.melds.trumps": (
            "Trumps are {suit}: the face-up card is the {card}.",
            "{suit} ist Trumpf: Aufgedeckt ist {card:nom}.",
        ),
        "drill.melds.three": (
            "Three players: three packs are used, so every card exists three times.",
            "Drei Spieler: Es wird mit drei Kartenspielen gespielt, jede Karte gibt es dreimal.",
        ),
        "drill.melds.example": (
            "From the Besik worked example: you hold {seat}'s cards as they are after step {step}.",
            "Aus dem Besik-Beispielspiel: Du hast die Karten von {seat}, wie sie nach Schritt "
            "{step} liegen.",
        ),
        "drill.melds.hand": ("Your hand", "Deine Hand"),
        "drill.melds.hand_rest": ("Your other cards in hand", "Übrige Karten auf der Hand"),
        "drill.melds.row": (
            "Your declared row (still in your hand)",
            "Deine gemeldeten Karten (offen ausgelegt, weiter spielbar)",
        ),
        "drill.melds.earlier": (
            "What you have declared in this deal",
            "Was du in diesem Spiel schon gemeldet hast",
        ),
        "drill.melds.col.meld": ("Meld", "Meldung"),
        "drill.melds.col.points": ("Points", "Punkte"),
        "drill.melds.col.played": ("Played since", "Seither ausgespielt"),
        "drill.melds.earlier_row": ("{meld} with {cards}", "{meld} mit {cards}"),
        "drill.melds.seven_row": ("Trump seven: {cards}", "Trumpf-Sieben: {cards}"),
        "drill.melds.none_played": ("none", "keine"),
        "drill.melds.played_cards": ("the {cards}", "{cards}"),
        "drill.melds.exchanged_up": (
            "exchanged: now the face-up card",
            "eingetauscht: jetzt die aufgedeckte Karte",
        ),
        "drill.melds.q.melds": (
            "Which of these melds may you declare this turn? Tick every one that is allowed.",
            "Welche dieser Meldungen darfst du in diesem Zug melden? Kreuze alle erlaubten an.",
        ),
        "drill.melds.q.best": (
            "How many points does the best single meld of this turn score (0 if none)?",
            "Wie viele Punkte bringt die beste einzelne Meldung dieses Zuges (0, wenn keine)?",
        ),
        "drill.melds.q.seven": (
            "How many points can your trump sevens score this turn?",
            "Wie viele Punkte können dir deine Trumpf-Sieben in diesem Zug bringen?",
        ),
        "drill.melds.q.exchange": (
            "May you exchange a trump seven for the face-up card now?",
            "Darfst du jetzt eine Trumpf-Sieben gegen die aufgedeckte Karte tauschen?",
        ),
        "drill.melds.yes": ("Yes", "Ja"),
        "drill.melds.no": ("No", "Nein"),
        # --- feedback ---------------------------------------------------------------
        "drill.melds.missed": (
            "You left out \u201c{option}\u201d, which may be declared.",
            "Du hast \u201e{option}\u201c nicht angekreuzt, obwohl diese Meldung erlaubt ist.",
        ),
        "drill.melds.wrongly": (
            "You ticked \u201c{option}\u201d, which may not be declared now.",
            "Du hast \u201e{option}\u201c angekreuzt, aber diese Meldung ist jetzt nicht erlaubt.",
        ),
        "drill.melds.wrong_best": (
            "You said the best meld scores {given}; it scores {points}.",
            "Du hast für die beste Meldung {given} angegeben; sie bringt {points}.",
        ),
        "drill.melds.wrong_seven": (
            "You said the trump sevens score {given} now; they score {points}.",
            "Du hast für die Trumpf-Sieben {given} angegeben; richtig ist {points}.",
        ),
        "drill.melds.wrong_exchange": (
            "On the exchange you answered “{given}”; the right answer is “{right}”.",
            "Zum Tausch hast du „{given}“ geantwortet; richtig ist „{right}“.",
        ),
        "drill.melds.allowed": (
            "{option}: allowed, {points} points. {why}",
            "{option}: erlaubt, {points} Punkte. {why}",
        ),
        "drill.melds.refused": ("{option}: not allowed. {why}", "{option}: nicht erlaubt. {why}"),
        "drill.melds.why.plain": (
            "You hold {cards}, none of them declared before.",
            "Du hast {cards}, und keine dieser Karten wurde bisher gemeldet.",
        ),
        "drill.melds.why.reuse": (
            "The {card} has already served in {other}, but a card may serve again in a meld "
            "of a different kind.",
            "{card:Nom} wurde schon für {other} verwendet, darf aber in einer Meldung anderer "
            "Art noch einmal mitzählen.",
        ),
        # several copies of one card in a list of cards, said once, in the list's case
        "drill.melds.copies.2.nom": ("both copies of {card}", "beide Exemplare {card}"),
        "drill.melds.copies.2.acc": ("both copies of {card}", "beide Exemplare {card}"),
        "drill.melds.copies.2.dat": ("both copies of {card}", "beiden Exemplaren {card}"),
        "drill.melds.copies.2.gen": ("both copies of {card}", "beider Exemplare {card}"),
        "drill.melds.copies.3.nom": ("all three copies of {card}", "alle drei Exemplare {card}"),
        "drill.melds.copies.3.acc": ("all three copies of {card}", "alle drei Exemplare {card}"),
        "drill.melds.copies.3.dat": (
            "all three copies of {card}",
            "allen drei Exemplaren {card}",
        ),
        "drill.melds.copies.3.gen": ("all three copies of {card}", "aller drei Exemplare {card}"),
        "drill.melds.why.reuse.n": (
            "In {other} you have already used {cards}, but cards may serve again in a meld of "
            "a different kind.",
            "Für {other} hast du schon {cards} verwendet, aber Karten dürfen in einer Meldung "
            "anderer Art noch einmal mitzählen.",
        ),
        "drill.melds.why.fresh": (
            "You have declared this meld before, but {cards} have not yet been declared for "
            "it, so it scores again.",
            "Diese Meldung hast du schon einmal angesagt, aber {cards} wurden noch nicht dafür "
            "gemeldet, also zählt sie noch einmal.",
        ),
        # the same meld again with the other copies: "the king of hearts" alone would name the
        # declared card as well as the fresh one
        "drill.melds.why.fresh.copies": (
            "You have declared this meld before, with the other copies of {cards} (the pack "
            "holds every card more than once): the ones you use now have not yet been declared "
            "for it, so it scores again.",
            "Diese Meldung hast du schon einmal angesagt, mit den anderen Exemplaren {cards} "
            "(jede Karte ist mehrfach im Spiel): Die Karten, die du jetzt nimmst, wurden dafür "
            "noch nicht gemeldet, also zählt sie noch einmal.",
        ),
        "drill.melds.why.build": (
            "It builds on your declared Besik ({cards}) with the other cards fresh from your "
            "hand: that is allowed, once.",
            "Er baut auf deinem gemeldeten Besik ({cards}) auf, die übrigen Karten sind noch "
            "nicht dafür gemeldet: Das ist einmal erlaubt.",
        ),
        "drill.melds.why.build_triple": (
            "It builds on one earlier declaration ({cards}) with the other cards fresh from "
            "your hand: that is allowed.",
            "Er baut auf einer früheren Meldung ({cards}) auf, die übrigen Karten sind noch "
            "nicht dafür gemeldet: Das ist erlaubt.",
        ),
        "drill.melds.why.exchanged": (
            "Not with the cards you hold now, but exchange the {seven} for the face-up {card} "
            "first (allowed after winning a trick): then you hold {cards}, and the card "
            "taken may be melded at once.",
            "Mit deinen jetzigen Karten nicht, aber du darfst zuerst {seven:acc} gegen die "
            "aufgedeckte Karte, {card:acc}, tauschen (erlaubt nach einem gewonnenen Stich): Dann "
            "hast du {cards}, und die eingetauschte Karte darf gleich mitgemeldet werden.",
        ),
        "drill.melds.why.absent": (
            "It needs {need}, and you do not hold them all.",
            "Dazu braucht man {need}; du hast aber nicht alle davon.",
        ),
        "drill.melds.why.absent.two": (
            "It needs {need}, and you do not hold both.",
            "Dazu braucht man {need}; du hast aber nicht beide.",
        ),
        "drill.melds.why.not_trumps": (
            "The trumps are {trumps}, not {suit}: a king and queen of {suit} make only a plain "
            "marriage.",
            "Trumpf ist {trumps}, nicht {suit}: König und Dame in {suit} sind nur eine einfache "
            "Heirat.",
        ),
        "drill.melds.why.repeat": (
            "You have already declared {meld} with these very cards: the same meld scores "
            "again only with cards not yet declared for it.",
            "Mit genau diesen Karten hast du schon {meld} gemeldet: Dieselbe Meldung zählt nur "
            "dann noch einmal, wenn ihre Karten dafür noch nicht gemeldet waren.",
        ),
        # a double marriage is two marriages at once (RULES 3.2): one already scored with
        # these cards makes it a repeat, whatever copies the hand holds
        "drill.melds.why.reused_double": (
            "A double marriage counts as two marriages declared at once, and one of them, with "
            "{cards}, has already been scored as {meld}: the same meld scores again only with "
            "cards not yet declared for it.",
            "Eine Doppel-Heirat zählt als zwei auf einmal gemeldete Heiraten, und eine davon, "
            "mit {cards}, wurde schon als {meld} gewertet: Dieselbe Meldung zählt nur dann noch "
            "einmal, wenn ihre Karten dafür noch nicht gemeldet waren.",
        ),
        "drill.melds.why.reused": (
            "The {card} has already served in {meld}: a meld of the same kind scores again only "
            "with cards not yet declared for it, and you hold no unused {card} to take its "
            "place.",
            "{card:Nom} wurde schon für {meld} verwendet: Eine Meldung derselben Art zählt nur "
            "dann noch einmal, wenn ihre Karten dafür noch nicht gemeldet waren, und ein zweites, "
            "noch nicht dafür gemeldetes Exemplar dieser Karte hast du nicht.",
        ),
        # four of a kind takes any four of the rank (two packs: duplicates too), so no one
        # card is to blame: too few of them are fresh
        "drill.melds.why.reused_four": (
            "You have already declared {meld}: it scores again only with four cards not yet "
            "declared for it, and you hold only {n} such cards.",
            "Du hast schon {meld} gemeldet: Die Meldung zählt nur dann noch einmal, wenn alle "
            "vier Karten dafür noch nicht gemeldet waren, und solche Karten hast du nur {n}.",
        ),
        "drill.melds.why.reused_four.none": (
            "You have already declared {meld}: it scores again only with four cards not yet "
            "declared for it, and all of yours were.",
            "Du hast schon {meld} gemeldet: Die Meldung zählt nur dann noch einmal, wenn alle "
            "vier Karten dafür noch nicht gemeldet waren, und deine waren es alle.",
        ),
        "drill.melds.why.inside": (
            "The {card} belongs to your declared {label}, which already includes the smaller "
            "Besiks: its cards make no further {wanted}.",
            "{card:Nom} gehört zu deinem gemeldeten {label}; der zählt schon als die darin "
            "enthaltenen Besiks, seine Karten ergeben keinen weiteren {wanted}.",
        ),
        "drill.melds.why.separate": (
            "Two Besiks declared separately can never be combined into a double Besik "
            "afterwards: the {points} points need all four cards at once, or one declared Besik "
            "and the other pair fresh from the hand.",
            "Zwei getrennt gemeldete Besiks lassen sich nachträglich nie zu einem Doppel-Besik "
            "vereinen: {points} Punkte gibt es nur für alle vier Karten auf einmal oder für "
            "einen gemeldeten Besik und das andere, noch nicht dafür gemeldete Paar aus der "
            "Hand.",
        ),
        "drill.melds.why.triple_separate": (
            "These cards were declared in {count} separate melds, which cannot be combined "
            "afterwards: a triple Besik may build on one earlier declaration only, the rest "
            "fresh from the hand.",
            "Diese Karten wurden in {count} getrennten Meldungen gemeldet, die sich nachträglich "
            "nicht vereinen lassen: Ein Tripelbesik darf nur auf einer früheren Meldung "
            "aufbauen, der Rest muss aus noch nicht dafür gemeldeten Karten der Hand kommen.",
        ),
        "drill.melds.why.not_whole": (
            "The {card} served in an earlier declaration that this {label} does not contain "
            "whole: it may build on one whole earlier declaration only.",
            "{card:Nom} war schon Teil einer früheren Meldung, die dieser {label} nicht ganz "
            "enthält: Er darf nur auf einer ganzen früheren Meldung aufbauen.",
        ),
        "drill.melds.why.no_trick": (
            "Only the player who has just won a trick may declare, and you did not win it.",
            "Melden darf nur, wer soeben einen Stich gewonnen hat, und das warst nicht du.",
        ),
        "drill.melds.why.other": (
            "The rules do not allow it here: {reason}.",
            "Die Regeln erlauben das hier nicht: {reason}.",
        ),
        "drill.melds.best": (
            "The best meld this turn: {option} for {points} points (one meld per won trick).",
            "Die beste Meldung in diesem Zug: {option} für {points} Punkte (eine Meldung je "
            "gewonnenem Stich).",
        ),
        "drill.melds.best_none": (
            "Nothing may be declared this turn: the best meld scores 0.",
            "In diesem Zug darf nichts gemeldet werden: Die beste Meldung bringt 0.",
        ),
        "drill.melds.seven.both": (
            "Neither trump seven has been declared yet: declared together they score {points}, "
            "and the "
            "sevens do not use up the turn's one meld.",
            "Noch keine der beiden Trumpf-Sieben ist gemeldet: Zusammen gemeldet bringen sie "
            "{points}, und sie zählen nicht als die Meldung dieses Stichs; danach darfst du noch "
            "eine Meldung ansagen.",
        ),
        "drill.melds.seven.one": (
            "The {card} has not been declared yet: it scores {points}, and it does not use up "
            "the turn's one meld.",
            "{card:Nom} wurde noch nicht gemeldet: Sie bringt {points} und zählt nicht als die "
            "Meldung dieses Stichs; danach darfst du noch eine Meldung ansagen.",
        ),
        "drill.melds.seven.done": (
            "The {card} has already been declared and scored: each seven scores only once.",
            "{card:Nom} wurde schon gemeldet und gezählt: Jede Sieben zählt nur einmal.",
        ),
        # two copies of the trump seven, one declared: told apart ("the one", "the other")
        "drill.melds.seven.done_one": (
            "One {card} has already been declared and scored: each seven scores only once.",
            "Die eine {card} wurde schon gemeldet und gezählt: Jede Sieben zählt nur einmal.",
        ),
        "drill.melds.seven.other": (
            "The other {card} has not been declared yet: it scores {points}, and it does not "
            "use up the turn's one meld.",
            "Die andere {card} wurde noch nicht gemeldet: Sie bringt {points} und zählt nicht "
            "als die Meldung dieses Stichs; danach darfst du noch eine Meldung ansagen.",
        ),
        "drill.melds.seven.done_both": (
            "Both trump sevens have already been declared and scored: each seven scores only once.",
            "Beide Trumpf-Sieben wurden schon gemeldet und gezählt: Jede Sieben zählt nur einmal.",
        ),
        "drill.melds.seven.no_trick": (
            "Trump sevens are declared and exchanged only after winning a trick: 0 now.",
            "Trumpf-Sieben werden nur nach einem gewonnenen Stich gemeldet oder getauscht: "
            "jetzt 0.",
        ),
        "drill.melds.exchange.yes": (
            "You may exchange a trump seven for the face-up {card}: you have won a trick and "
            "the face-up card is not a seven.",
            "Du darfst eine Trumpf-Sieben gegen die aufgedeckte Karte ({card}) tauschen: Du "
            "hast einen Stich gewonnen, und die aufgedeckte Karte ist keine Sieben.",
        ),
        "drill.melds.exchange.seven_up": (
            "No exchange: the face-up card is already a seven.",
            "Kein Tausch: Die aufgedeckte Karte ist schon eine Sieben.",
        ),
        "drill.melds.exchange.no_trick": (
            "No exchange: only after winning a trick.",
            "Kein Tausch: nur nach einem gewonnenen Stich.",
        ),
        "drill.melds.answer": (
            "Allowed: {options}. Best meld: {points}.",
            "Erlaubt: {options}. Beste Meldung: {points}.",
        ),
        "drill.melds.answer_none": (
            "Nothing may be declared: best meld 0.",
            "Nichts darf gemeldet werden: beste Meldung 0.",
        ),
        "drill.melds.answer_seven": (
            "Trump sevens: {points} points; exchange: {exchange}.",
            "Trumpf-Sieben: {points} Punkte; Tausch: {exchange}.",
        ),
    }
)

CASES = (
    "four-aces",
    "four-kings",
    "four-queens",
    "four-jacks",
    "doppel-besik",
    "tripelbesik",
    "both-sevens",
    "quint-major",
    "double-marriage",
)

EXAMPLE = "besik-example"
EXAMPLE_MELD_STEPS = (3, 11, 15, 19, 28, 35, 39, 46)
"""Steps of the worked example where a meld (or, at 19, the trump seven) is declared."""
CURATED = tuple(f"example-{step}" for step in EXAMPLE_MELD_STEPS)
EXAMPLE_LINK = {19: 20}
"""The replay step to link for a curated item when it is not the item's own step."""

YES_NO = ("yes", "no")
SEATS = ("A", "B", "C")
ME = 0
"""The learner's seat index (the item is told from his seat)."""

RANKS_OF_FOUR = {
    "four-aces": Rank.ACE,
    "four-kings": Rank.KING,
    "four-queens": Rank.QUEEN,
    "four-jacks": Rank.JACK,
}
QUINT_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
QS = Card(Suit.SPADES, Rank.QUEEN)
JD = Card(Suit.DIAMONDS, Rank.JACK)
BESIK_SIZE = {"besik": 1, "double-besik": 2, "triple-besik": 3}


# ---- candidates -------------------------------------------------------------------------


def option_value(kind: str, suit: Suit | None = None) -> str:
    """The check-box value of a candidate.

    >>> option_value("trump-marriage", Suit.HEARTS), option_value("besik")
    ('trump-marriage-hearts', 'besik')
    """
    return f"{kind}-{suit.name.lower()}" if kind in SUITED and suit is not None else kind


def parse_option(value: str) -> tuple[str, Suit | None]:
    """The kind and suit of a candidate value (:func:`option_value` reversed).

    >>> parse_option("double-marriage-spades")
    ('double-marriage', <Suit.SPADES: 3>)
    """
    for kind in SUITED:
        if value.startswith(kind + "-"):
            rest = value[len(kind) + 1 :]
            for suit in Suit:
                if suit.name.lower() == rest:
                    return kind, suit
    if value in MELD_KINDS and value not in SUITED:
        return value, None
    raise ValueError(f"not a meld candidate: {value!r}")


def option_label(value: str) -> Msg:
    kind, suit = parse_option(value)
    return (
        Msg(f"drill.melds.opt.{kind}", suit=suit)
        if suit is not None
        else Msg(f"drill.melds.opt.{kind}")
    )


def _order(value: str) -> tuple[int, int]:
    kind, suit = parse_option(value)
    return MELD_KINDS.index(kind), -1 if suit is None else int(suit)


_PRESENT_BY_SUIT = tuple(
    (
        suit,
        Card(suit, Rank.KING),
        Card(suit, Rank.QUEEN),
        tuple(Card(suit, r) for r in QUINT_RANKS),
        option_value("trump-marriage", suit),
        option_value("marriage", suit),
        option_value("double-marriage", suit),
        option_value("quint-major", suit),
    )
    for suit in Suit
)
"""Per suit, what :func:`present` looks for and the candidates it names (made once: a meld
question asks for the candidates of a dozen hands)."""


def present(cards: Iterable[PhysicalCard], trump: Suit) -> set[str]:
    """Every candidate whose cards are all in ``cards`` (freshness and turn aside).

    >>> hand = [PhysicalCard.parse(c) for c in "KH QH#2 QS JD KS".split()]
    >>> sorted(present(hand, Suit.HEARTS))
    ['besik', 'marriage-spades', 'trump-marriage-hearts']
    """
    count: dict[Card, int] = {}
    ranks: dict[Rank, int] = {}
    for c in cards:
        card = c.card
        count[card] = count.get(card, 0) + 1
        ranks[card.rank] = ranks.get(card.rank, 0) + 1
    out: set[str] = set()
    for suit, king, queen, quint, trump_marriage, marriage, double, quint_major in _PRESENT_BY_SUIT:
        k = count.get(king, 0)
        q = count.get(queen, 0)
        if k and q:
            out.add(trump_marriage if suit == trump else marriage)
            if k >= 2 and q >= 2:
                out.add(double)
            if all(card in count for card in quint):
                out.add(quint_major)
    for kind, rank in RANKS_OF_FOUR.items():
        if ranks.get(rank, 0) >= 4:
            out.add(kind)
    pairs = min(count.get(QS, 0), count.get(JD, 0))
    for kind, size in BESIK_SIZE.items():
        if pairs >= size:
            out.add(kind)
    return out


# ---- the position -----------------------------------------------------------------------


@dataclass(frozen=True)
class Scene:
    """One meld position, as the learner's seat knows it."""

    players: int
    up: PhysicalCard
    hand: tuple[PhysicalCard, ...]
    """Every card held, the declared row included."""
    earlier: tuple[tuple[str, tuple[PhysicalCard, ...]], ...]
    """The melds declared earlier in this deal, in order: kind and cards."""
    sevens: tuple[PhysicalCard, ...] = ()
    """Trump sevens declared earlier in this deal."""
    won: bool = True
    """Whether the learner has just won the trick (else the opponent has led ``led``)."""
    led: PhysicalCard | None = None
    example: int = 0
    """The worked example's step, for a curated item (0: generated)."""

    @property
    def trump(self) -> Suit:
        return self.up.suit

    @property
    def declared(self) -> frozenset[PhysicalCard]:
        """Every card declared in this deal (held or played since)."""
        return frozenset(c for _, cards in self.earlier for c in cards) | set(self.sevens)

    @property
    def row(self) -> tuple[PhysicalCard, ...]:
        return tuple(c for c in self.hand if c in self.declared)

    @property
    def concealed(self) -> tuple[PhysicalCard, ...]:
        return tuple(c for c in self.hand if c not in self.declared)

    @property
    def trump_sevens(self) -> tuple[PhysicalCard, ...]:
        return tuple(c for c in self.hand if c.rank == Rank.SEVEN and c.suit == self.trump)

    def after_exchange(self) -> tuple[PhysicalCard, ...] | None:
        """The hand after exchanging a trump seven, if the cards allow an exchange at all."""
        sevens = self.trump_sevens
        if not sevens or self.up.rank == Rank.SEVEN:
            return None
        return tuple(c for c in self.hand if c != sevens[0]) + (self.up,)

    def to_question(self, options: Sequence[str]) -> dict[str, Any]:
        return {
            "players": self.players,
            "up": self.up.code,
            "hand": [c.code for c in self.hand],
            "row": [c.code for c in self.row],
            "earlier": [[kind, [c.code for c in cards]] for kind, cards in self.earlier],
            "sevens": [c.code for c in self.sevens],
            "won": self.won,
            "led": self.led.code if self.led else None,
            "options": list(options),
            "example": self.example,
        }

    @classmethod
    def from_question(cls, q: Mapping[str, Any]) -> Scene:
        def cards(codes: Iterable[str]) -> tuple[PhysicalCard, ...]:
            return tuple(PhysicalCard.parse(c) for c in codes)

        return cls(
            players=int(q["players"]),
            up=PhysicalCard.parse(q["up"]),
            hand=cards(q["hand"]),
            earlier=tuple((str(kind), cards(codes)) for kind, codes in q["earlier"]),
            sevens=cards(q["sevens"]),
            won=bool(q["won"]),
            led=PhysicalCard.parse(q["led"]) if q.get("led") else None,
            example=int(q.get("example") or 0),
        )


@lru_cache(maxsize=4)
def _blank(players: int) -> State:
    return start_deal(seats=SEATS[:players], seed=0)[0]


def build_state(scene: Scene) -> State:
    """The engine position of ``scene``: the learner (seat ``A``) to act, his earlier melds
    and sevens on record exactly as the engine records a declaration (its used-card slots).

    The other seats' cards and the talon are left empty or arbitrary: no meld rule reads them.
    """
    blank = _blank(scene.players)
    n = scene.players
    taken = set(scene.hand) | scene.declared | {scene.up}
    if scene.led is not None:
        taken.add(scene.led)
    talon = tuple(c.uid for c in iter_packs(blank.table.packs) if c not in taken)
    table = blank.table._replace(trump=int(scene.trump), talon=talon, up_initial=scene.up.uid)
    hands = [0] * n
    hands[ME] = mask_of_cards(scene.hand)
    declared = [0] * n
    declared[ME] = mask_of_cards(scene.row)
    used = [0] * N_SLOTS
    melds = []
    for number, (kind, cards) in enumerate(scene.earlier):
        mask = mask_of_cards(cards)
        for slot in SLOTS[kind]:
            used[slot] |= mask
        points = meld_points(kind, [c.uid for c in cards], int(scene.trump))
        melds.append(DeclaredMeld(SEATS[ME], SEATS[ME], kind, cards, points, number + 1))
    used[U_SEVEN] |= mask_of_cards(scene.sevens)
    if scene.up.rank == Rank.SEVEN:
        used[U_SEVEN] |= 1 << scene.up.uid
    trick: tuple[tuple[int, int], ...] = ()
    if not scene.won and scene.led is not None:
        trick = ((1, scene.led.uid),)
    return blank._replace(
        table=table,
        hands=tuple(hands),
        declared=tuple(declared),
        talon_pos=0,
        up_card=scene.up.uid,
        trick=trick,
        turn=ME,
        phase=PLAY,
        window=2 if scene.won else 0,
        melded=False,
        taken=-1,
        used=tuple(used),
        melds=tuple(melds),
        trick_no=len(scene.earlier) + 4,
        scores=(0,) * n,
        log=(),
    )


# ---- judging ------------------------------------------------------------------------------


def _matches(meld: Meld, value: str) -> bool:
    kind, suit = parse_option(value)
    return meld.kind == kind and (suit is None or meld.cards[0].suit == suit)


def _combos(value: str, hand: Sequence[PhysicalCard]) -> list[tuple[PhysicalCard, ...]]:
    """Every set of cards in ``hand`` with the shape of candidate ``value`` (freshness aside);
    a trump marriage in a suit that is not trumps takes that suit's king and queen."""
    kind, suit = parse_option(value)
    if kind in RANKS_OF_FOUR:
        return list(combinations([c for c in hand if c.rank == RANKS_OF_FOUR[kind]], 4))
    if kind in BESIK_SIZE:
        size = BESIK_SIZE[kind]
        qs = [c for c in hand if c.card == QS]
        jd = [c for c in hand if c.card == JD]
        return [q + j for q in combinations(qs, size) for j in combinations(jd, size)]
    assert suit is not None
    if kind == "quint-major":
        lists = [[c for c in hand if c.card == Card(suit, r)] for r in QUINT_RANKS]
        return [tuple(combo) for combo in product(*lists)]
    ks = [c for c in hand if c.card == Card(suit, Rank.KING)]
    qs_ = [c for c in hand if c.card == Card(suit, Rank.QUEEN)]
    size = 2 if kind == "double-marriage" else 1
    return [k + q for k in combinations(ks, size) for q in combinations(qs_, size)]


_REFUSAL_ORDER = (
    "besik.err.no_trick",
    "besik.err.double_separate",
    "besik.err.triple_separate",
    "besik.err.inside",
    "besik.err.not_whole",
    "besik.err.reused",
)


def _refusal_rank(msg: Msg) -> int:
    if msg.key in _REFUSAL_ORDER:
        return _REFUSAL_ORDER.index(msg.key)
    if msg.key.startswith("besik.err.repeat."):
        return len(_REFUSAL_ORDER)
    return len(_REFUSAL_ORDER) + 1


def _declared_for(scene: Scene, wanted: str) -> set[PhysicalCard]:
    """The cards declared earlier in melds of ``wanted``'s kind (not to serve in it again)."""
    return {c for kind, cards in scene.earlier if SLOTS[kind][0] == SLOTS[wanted][0] for c in cards}


def _has_unused_copy(msg: Msg, hand: Sequence[PhysicalCard], scene: Scene, wanted: str) -> bool:
    """For a refusal naming a card already declared in a meld of ``wanted``'s kind: whether
    ``hand`` holds enough copies of that card not declared in one (so it is not the reason):
    one, or two for a double marriage or a double Besik, which hold both."""
    if msg.key != "besik.err.reused":
        return False
    card = msg.params["card"]
    used = _declared_for(scene, wanted)
    unused = sum(1 for h in hand if h.card == card.card and h not in used)
    return unused >= (2 if wanted.startswith("double-") else 1)


def _reason_of_refusal(msg: Msg, scene: Scene, wanted: str) -> tuple[Msg, str]:
    """The learner's words for one of the engine's refusals, and the rule anchor."""
    p = msg.params
    key = msg.key
    if key == "besik.err.no_trick":
        return Msg("drill.melds.why.no_trick"), "besik#melds"
    if key == "besik.err.double_separate":
        return Msg("drill.melds.why.separate", points=p["points"]), "besik#double-besik"
    if key == "besik.err.triple_separate":
        return Msg("drill.melds.why.triple_separate", count=p["count"]), "besik#triple-besik"
    if key == "besik.err.inside":
        why = Msg("drill.melds.why.inside", card=p["card"], label=p["label"], wanted=p["wanted"])
        return why, "besik#double-besik"
    if key == "besik.err.not_whole":
        return Msg("drill.melds.why.not_whole", card=p["card"], label=p["label"]), (
            "besik#double-besik"
        )
    if key == "besik.err.reused" and wanted.startswith("four-"):
        used = _declared_for(scene, wanted)
        rank = p["card"].card.rank
        fresh = sum(1 for h in scene.hand if h.card.rank == rank and h not in used)
        meld = Msg(f"drill.melds.acc.{wanted}")
        if fresh:
            return Msg("drill.melds.why.reused_four", meld=meld, n=fresh), "besik#reuse"
        return Msg("drill.melds.why.reused_four.none", meld=meld), "besik#reuse"
    earlier_marriage = (
        next(
            (
                (k, cards)
                for k, cards in scene.earlier
                if SLOTS[k][0] == SLOTS[wanted][0] and cards[0].suit == p["card"].card.suit
            ),
            None,
        )
        if key == "besik.err.reused" and wanted == "double-marriage"
        else None
    )
    if earlier_marriage is not None:  # (none found: the general words below)
        kind, served = earlier_marriage
        meld = Msg(f"drill.melds.acc.{kind}", suit=served[0].suit)
        why = Msg("drill.melds.why.reused_double", cards=_copies_named(served, "dat"), meld=meld)
        return why, "besik#double-marriage"
    if key == "besik.err.reused":
        card = p["card"]
        earlier = next(
            (
                Msg(f"drill.melds.acc.{kind}", suit=cards[0].suit)
                for kind, cards in scene.earlier
                if card in cards and SLOTS[kind][0] == SLOTS[wanted][0]
            ),
            p["meld"],
        )
        return Msg("drill.melds.why.reused", card=card, meld=earlier), "besik#reuse"
    if key.startswith("besik.err.repeat."):
        kind = key.removeprefix("besik.err.repeat.")
        suit = next((cards[0].suit for k, cards in scene.earlier if k == kind), None)
        meld = Msg(f"drill.melds.acc.{kind}", suit=suit)
        return Msg("drill.melds.why.repeat", meld=meld), "besik#reuse"
    return Msg("drill.melds.why.other", reason=msg), "besik#melds"


@dataclass(frozen=True)
class Verdict:
    """The engine's verdict on one candidate."""

    value: str
    allowed: bool
    points: int
    why: Msg
    rule: str


@dataclass(frozen=True)
class Analysis:
    verdicts: tuple[Verdict, ...]
    best: int
    best_option: str | None
    seven: int | None
    """What the trump sevens can score this turn (None: the learner holds none)."""
    exchange: bool | None
    seven_reasons: tuple[Msg, ...]

    @property
    def allowed(self) -> frozenset[str]:
        return frozenset(v.value for v in self.verdicts if v.allowed)


def _seven_points(state: State) -> int:
    """The most the trump sevens can score from ``state``: every sequence of the engine's
    seven declarations and exchanges, tried."""
    start = state.scores[ME]
    best = 0
    todo = [state]
    while todo:
        s = todo.pop()
        best = max(best, s.scores[ME] - start)
        for action in seven_candidates(s):
            todo.append(apply(s, action)[0])
    return best


def _meld_why(meld: Meld, scene: Scene, exchanged: Exchange | None) -> tuple[Msg, str]:
    """Why a legal meld is legal, in the words that teach the most."""
    cards = meld.cards
    if exchanged is not None and scene.up in cards:
        why = Msg(
            "drill.melds.why.exchanged",
            seven=exchanged.card,
            card=scene.up,
            cards=_copies_named(cards, "acc"),
        )
        return why, "besik#seven-exchange"
    if meld.kind in ("double-besik", "triple-besik"):
        inner = [
            m
            for kind, m in scene.earlier
            if kind in BESIK_SIZE and set(m) <= set(cards) and kind != meld.kind
        ]
        if inner:
            key = (
                "drill.melds.why.build"
                if meld.kind == "double-besik"
                else ("drill.melds.why.build_triple")
            )
            return Msg(key, cards=inner[0]), f"besik#{meld.kind}"
    same_kind = [m for kind, m in scene.earlier if SLOTS[kind][0] == SLOTS[meld.kind][0]]
    for kind, m in scene.earlier:
        shared = [card for card in cards if card in m]
        if shared and SLOTS[kind][0] != SLOTS[meld.kind][0]:
            other = Msg(f"drill.melds.acc.{kind}", suit=m[0].suit)
            # every card named: "the king" alone read as if the queen were fresh
            if len(shared) > 1:
                why = Msg(
                    "drill.melds.why.reuse.n", cards=_copies_named(shared, "acc"), other=other
                )
                return why, "besik#reuse"
            return Msg("drill.melds.why.reuse", card=shared[0], other=other), "besik#reuse"
    if same_kind:
        declared = {c.card for m in same_kind for c in m}
        if all(card.card in declared for card in cards):
            why = Msg("drill.melds.why.fresh.copies", cards=the(cards, "gen"))
            return why, "besik#reuse"
        return Msg("drill.melds.why.fresh", cards=_copies_named(cards)), "besik#reuse"
    return Msg("drill.melds.why.plain", cards=_copies_named(cards, "acc")), f"besik#{meld.kind}"


def _analyse(scene: Scene, options: Sequence[str]) -> Analysis:
    state = build_state(scene)
    now = meld_candidates(state, quick=False)
    exchanges = [a for a in seven_candidates(state) if isinstance(a, Exchange)]
    later: list[tuple[Exchange, State, list[Meld]]] = []
    for ex in exchanges[:1]:  # every trump seven gives the same hand
        s2 = apply(state, ex)[0]
        later.append((ex, s2, meld_candidates(s2, quick=False)))
    trump = int(scene.trump)
    verdicts = []
    for value in options:
        kind, suit = parse_option(value)
        found: list[tuple[int, Meld, Exchange | None]] = [
            (meld_points(m.kind, [c.uid for c in m.cards], trump), m, None)
            for m in now
            if _matches(m, value)
        ]
        if not found:
            found = [
                (meld_points(m.kind, [c.uid for c in m.cards], trump), m, ex)
                for ex, _s2, melds in later
                for m in melds
                if _matches(m, value)
            ]
        if found:
            points, meld, via = max(found, key=lambda f: f[0])
            why, rule = _meld_why(meld, scene, via)
            verdicts.append(Verdict(value, True, points, why, rule))
            continue
        if kind == "trump-marriage" and suit is not None and suit != scene.trump:
            why = Msg("drill.melds.why.not_trumps", suit=suit, trumps=scene.trump)
            verdicts.append(Verdict(value, False, 0, why, "besik#trump-marriage"))
            continue
        refusals: list[tuple[Msg, Sequence[PhysicalCard]]] = []
        for s, hand in [(state, scene.hand)] + [(s2, s2.hand(SEATS[ME])) for _, s2, _ in later]:
            for combo in _combos(value, hand):
                m = why_illegal(s, Meld.of(SEATS[ME], kind, combo))
                if m is not None:
                    refusals.append((m, hand))
        points = candidate_points(kind, suit, scene.trump)
        if refusals:
            # a card served before is the reason only if no unused copy of it is held (the
            # engine names the first used card of the cards tried, maybe one with a copy)
            first = min(
                refusals,
                key=lambda r: (_refusal_rank(r[0]), _has_unused_copy(r[0], r[1], scene, kind)),
            )[0]
            why, rule = _reason_of_refusal(first, scene, kind)
        else:
            need = Msg(f"drill.melds.need.{kind}", suit=suit)
            absent = "drill.melds.why.absent" + (".two" if kind in _TWO_CARDS else "")
            why, rule = Msg(absent, need=need), f"besik#{kind}"
        verdicts.append(Verdict(value, False, points, why, rule))
    legal = [v for v in verdicts if v.allowed]
    best_v = max(legal, key=lambda v: v.points, default=None)
    every = [m for m in now] + [m for _, _, melds in later for m in melds]
    best = max((meld_points(m.kind, [c.uid for c in m.cards], trump) for m in every), default=0)
    seven: int | None = None
    exchange: bool | None = None
    reasons: list[Msg] = []
    if scene.trump_sevens:
        seven = _seven_points(state)
        exchange = bool(exchanges)
        fresh = [c for c in scene.trump_sevens if c not in scene.sevens]
        if not scene.won:
            reasons.append(Msg("drill.melds.seven.no_trick"))
        else:
            done = [c for c in scene.trump_sevens if c in scene.sevens]
            if done and fresh:  # two copies of one card: "the one …, the other …"
                reasons.append(Msg("drill.melds.seven.done_one", card=done[0]))
                reasons.append(Msg("drill.melds.seven.other", card=fresh[0], points=seven))
            elif len(done) >= 2:
                reasons.append(Msg("drill.melds.seven.done_both"))
            elif done:
                reasons.append(Msg("drill.melds.seven.done", card=done[0]))
            elif len(fresh) >= 2:
                reasons.append(Msg("drill.melds.seven.both", points=seven))
            elif fresh:
                reasons.append(Msg("drill.melds.seven.one", card=fresh[0], points=seven))
        if exchange:
            reasons.append(Msg("drill.melds.exchange.yes", card=scene.up))
        elif not scene.won:
            reasons.append(Msg("drill.melds.exchange.no_trick"))
        else:
            reasons.append(Msg("drill.melds.exchange.seven_up"))
    return Analysis(
        tuple(verdicts),
        best,
        best_v.value if best_v is not None and best_v.points == best else None,
        seven,
        exchange,
        tuple(reasons),
    )


def candidate_points(kind: str, suit: Suit | None, trump: Suit) -> int:
    """What a candidate would score (the engine's values).

    >>> candidate_points("double-marriage", Suit.HEARTS, Suit.HEARTS)
    80
    """
    if kind == "double-marriage" and suit == trump:
        return DOUBLE_MARRIAGE_TRUMP_POINTS
    return MELD_POINTS[kind]


@lru_cache(maxsize=256)
def _analysis_cached(key: str, question: tuple[tuple[str, Any], ...]) -> Analysis:
    q = dict(question)
    q["hand"] = list(q["hand"])
    q["earlier"] = [[k, list(c)] for k, c in q["earlier"]]
    return _analyse(Scene.from_question(q), q["options"])


def _frozen(q: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    def freeze(v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            return tuple(freeze(x) for x in v)
        return v

    return tuple(sorted((k, freeze(v)) for k, v in q.items()))


def analysis(item: Item) -> Analysis:
    """The engine's verdict on every candidate of ``item`` (cached per question)."""
    return _analysis_cached(item.drill, _frozen(item.question))


# ---- building positions -------------------------------------------------------------------


class _Builder:
    """Builds a :class:`Scene` card by card: planted melds, earlier declarations, filler."""

    def __init__(self, rng: random.Random, players: int = 2, trump: Suit | None = None) -> None:
        self.rng = rng
        self.players = players
        self.trump = trump if trump is not None else rng.choice(list(Suit))
        self.free = sorted(iter_packs(SeedRuleset.packs(players)), key=lambda c: c.uid)
        self.hand: list[PhysicalCard] = []
        self.earlier: list[tuple[str, tuple[PhysicalCard, ...]]] = []
        self.sevens: list[PhysicalCard] = []
        self.extra: set[str] = set()
        self.up: PhysicalCard | None = None
        self.won = True
        self.tags: set[str] = set()
        self.concept = ""
        self.trump_seven_ok = False

    def other_suits(self) -> list[Suit]:
        suits = [s for s in Suit if s != self.trump]
        self.rng.shuffle(suits)
        return suits

    def take(self, card: Card) -> PhysicalCard:
        copies = [c for c in self.free if c.card == card]
        if not copies:
            raise LookupError(card)
        chosen = self.rng.choice(copies)
        self.free.remove(chosen)
        return chosen

    def can_take(self, *cards: Card) -> bool:
        return all(
            sum(1 for c in self.free if c.card == card) >= cards.count(card) for card in cards
        )

    def hold(self, *cards: Card) -> list[PhysicalCard]:
        """Take ``cards`` into the hand (:class:`LookupError`, and nothing taken, if the
        packs have no such card left or the hand would hold more than eight)."""
        if not self.can_take(*cards) or len(self.hand) + len(cards) > HAND_SIZE:
            raise LookupError(cards)
        taken = [self.take(c) for c in cards]
        self.hand += taken
        return taken

    def declare(self, kind: str, cards: Sequence[PhysicalCard], played: int = 0) -> None:
        """An earlier meld of ``cards`` (taken); the first ``played`` have been played since."""
        self.earlier.append((kind, tuple(sorted(cards, key=lambda c: SORT_KEY[c.uid]))))
        for c in cards[played:]:
            if c not in self.hand:
                self.hand.append(c)
        for c in cards[:played]:
            if c in self.hand:
                self.hand.remove(c)

    def set_up(self, card: Card | None = None) -> PhysicalCard:
        if card is None:
            ranks = [Rank.EIGHT, Rank.NINE, Rank.NINE, Rank.EIGHT, Rank.TEN, Rank.ACE]
            for rank in [self.rng.choice(ranks), Rank.NINE, Rank.EIGHT, Rank.TEN]:
                if any(c.card == Card(self.trump, rank) for c in self.free):
                    card = Card(self.trump, rank)
                    break
            else:
                card = next(c.card for c in self.free if c.suit == self.trump)
        self.up = self.take(card)
        return self.up

    def fill(self) -> None:
        """Fill the hand to eight with cards that add no meld (and no trump seven unless
        the position wants one)."""
        up = self.up if self.up is not None else self.set_up()
        # What the hand makes with the turned-up card: a card more never unmakes a candidate,
        # so this includes what the hand makes alone.
        base = present([*self.hand, up], self.trump)
        pool = list(self.free)
        self.rng.shuffle(pool)
        for c in pool:
            if len(self.hand) >= HAND_SIZE:
                break
            if c.rank == Rank.SEVEN and c.suit == self.trump and not self.trump_seven_ok:
                continue
            if c.rank == Rank.SEVEN and c.suit == self.trump and len(self.trump_sevens()) >= 2:
                continue
            if not present([*self.hand, c, up], self.trump) <= base:
                continue
            self.free.remove(c)
            self.hand.append(c)

    def trump_sevens(self) -> list[PhysicalCard]:
        return [c for c in self.hand if c.rank == Rank.SEVEN and c.suit == self.trump]

    def distractors(self, count: int) -> None:
        """Add up to ``count`` tempting candidates that the cards do not make."""
        have = present(self.hand, self.trump)
        counts: dict[Card, int] = {}
        for c in self.hand:
            counts[c.card] = counts.get(c.card, 0) + 1
        near: list[str] = []
        for suit in Suit:
            if option_value("marriage", suit) in have:
                near.append(option_value("trump-marriage", suit))
            k, q = counts.get(Card(suit, Rank.KING), 0), counts.get(Card(suit, Rank.QUEEN), 0)
            if (k or q) and not (k and q):
                near.append(
                    option_value("trump-marriage" if suit == self.trump else "marriage", suit)
                )
            if k and q and not (k >= 2 and q >= 2):
                near.append(option_value("double-marriage", suit))
        for kind, rank in RANKS_OF_FOUR.items():
            if sum(1 for c in self.hand if c.rank == rank) == 3:
                near.append(kind)
        if counts.get(QS, 0) + counts.get(JD, 0) and "besik" not in have:
            near.append("besik")
        if "besik" in have and "double-besik" not in have:
            near.append("double-besik")
        near = sorted(set(near) - have - self.extra)
        self.rng.shuffle(near)
        self.extra |= set(near[:count])
        # at least three candidates: then melds whose cards are partly held
        ranks = {c.rank for c in self.hand}
        far = [kind for kind, rank in RANKS_OF_FOUR.items() if rank in ranks]
        far += [option_value("marriage", s) for s in Suit if s != self.trump]
        far += ["besik"]
        far = sorted(set(far) - have - self.extra)
        self.rng.shuffle(far)
        while far and len(have | self.extra) < 3:
            self.extra.add(far.pop())

    def scene(self) -> Scene:
        if self.up is None:
            self.set_up()
        self.fill()
        assert self.up is not None
        led = None
        if not self.won:
            led = next(c for c in self.free if c.suit != self.trump and c.rank != Rank.SEVEN)
        return Scene(
            self.players,
            self.up,
            tuple(sorted(self.hand, key=lambda c: SORT_KEY[c.uid])),
            tuple(self.earlier),
            tuple(self.sevens),
            self.won,
            led,
        )


def _four(b: _Builder, kind: str, dup: bool) -> list[Card]:
    """Four cards of the rank of ``kind``; with ``dup`` two of them the same card."""
    rank = RANKS_OF_FOUR[kind]
    suits = list(Suit)
    b.rng.shuffle(suits)
    if dup:
        suits = [*suits[:3], suits[0]]
    return [Card(s, rank) for s in suits]


def _marriage_kind(b: _Builder, suit: Suit) -> str:
    return "trump-marriage" if suit == b.trump else "marriage"


# easy: an empty declared row, one or two melds -------------------------------------------


def _easy_meld(b: _Builder, which: str) -> None:
    rng = b.rng
    if which == "marriage":
        suit = b.trump if rng.random() < 0.4 else b.other_suits()[0]
        b.hold(Card(suit, Rank.KING), Card(suit, Rank.QUEEN))
        b.concept = b.concept or f"besik#{_marriage_kind(b, suit)}"
        if suit != b.trump:
            b.extra.add(option_value("trump-marriage", suit))
    elif which == "besik":
        b.hold(QS, JD)
        b.concept = b.concept or "besik#besik"
    elif which in RANKS_OF_FOUR:
        b.hold(*_four(b, which, rng.random() < 0.3))
        b.concept = b.concept or f"besik#{which}"
    elif which == "double-marriage":
        suit = b.other_suits()[0] if rng.random() < 0.6 else b.trump
        b.hold(*[Card(suit, Rank.KING)] * 2, *[Card(suit, Rank.QUEEN)] * 2)
        b.concept = b.concept or "besik#double-marriage"
    elif which == "quint-major":
        suit = rng.choice(list(Suit))
        b.hold(*(Card(suit, r) for r in QUINT_RANKS))
        b.concept = b.concept or "besik#quint-major"
    elif which == "double-besik":
        b.hold(QS, QS, JD, JD)
        b.concept = b.concept or "besik#double-besik"


def _easy(b: _Builder) -> None:
    rng = b.rng
    first = rng.choice(["marriage", "marriage", "besik", "four-jacks", "four-queens", "four-kings"])
    _easy_meld(b, first)
    if rng.random() < 0.5:
        second = rng.choice(["marriage", "besik", "four-aces"])
        if second != first:
            try:
                _easy_meld(b, second)
            except LookupError:  # the first meld holds the cards it needs
                pass
    if rng.random() < 0.25 and len(b.hand) < HAND_SIZE:
        b.trump_seven_ok = True
        b.hold(Card(b.trump, Rank.SEVEN))
    b.distractors(2)


# medium: re-use across kinds, the trump marriage, four of a kind with duplicates ----------


def _medium_reuse(b: _Builder) -> None:
    rng = b.rng
    b.tags.add("reuse")
    b.concept = "besik#reuse"
    suit = rng.choice(list(Suit))
    kind = _marriage_kind(b, suit)
    married = [b.take(Card(suit, Rank.KING)), b.take(Card(suit, Rank.QUEEN))]
    b.declare(kind, married)
    rank = rng.choice([Rank.KING, Rank.QUEEN])
    b.hold(*(Card(s, rank) for s in Suit if s != suit))
    b.extra.add(option_value(kind, suit))


def _medium_reuse_besik(b: _Builder) -> None:
    rng = b.rng
    b.tags.add("reuse")
    b.concept = "besik#reuse"
    b.declare("besik", [b.take(QS), b.take(JD)])
    choice = rng.choice(["marriage", "queens", "jacks"])
    if choice == "marriage":
        b.hold(Card(Suit.SPADES, Rank.KING))
    elif choice == "queens":
        b.hold(*(Card(s, Rank.QUEEN) for s in Suit if s != Suit.SPADES))
    else:
        b.hold(*(Card(s, Rank.JACK) for s in Suit if s != Suit.DIAMONDS))
    b.extra.add("besik")


def _medium_trump(b: _Builder) -> None:
    b.concept = "besik#trump-marriage"
    other = b.other_suits()[0]
    b.hold(Card(b.trump, Rank.KING), Card(b.trump, Rank.QUEEN))
    b.hold(Card(other, Rank.KING), Card(other, Rank.QUEEN))
    b.extra.add(option_value("trump-marriage", other))
    if b.rng.random() < 0.5:
        b.extra.add(option_value("double-marriage", b.trump))


def _medium_four_dup(b: _Builder, kind: str | None = None) -> None:
    rng = b.rng
    kind = kind or rng.choice(list(RANKS_OF_FOUR))
    b.concept = f"besik#{kind}"
    if rng.random() < 0.6:
        b.hold(*_four(b, kind, True))  # any four of the rank, duplicates allowed
    else:  # declared before, all four still in the row; one or two fresh duplicates
        b.tags.add("reuse")
        b.declare(kind, [b.take(c) for c in _four(b, kind, False)])
        rank = RANKS_OF_FOUR[kind]
        for suit in rng.sample(list(Suit), rng.choice([1, 2])):
            b.hold(Card(suit, rank))


def _medium_quint_from_marriage(b: _Builder) -> None:
    b.tags.add("reuse")
    b.concept = "besik#reuse"
    suit = b.rng.choice(list(Suit))
    b.declare(
        _marriage_kind(b, suit), [b.take(Card(suit, Rank.KING)), b.take(Card(suit, Rank.QUEEN))]
    )
    b.hold(Card(suit, Rank.ACE), Card(suit, Rank.TEN), Card(suit, Rank.JACK))
    b.extra.add(option_value(_marriage_kind(b, suit), suit))


def _medium_double_marriage(b: _Builder) -> None:
    b.concept = "besik#double-marriage"
    suit = b.trump if b.rng.random() < 0.5 else b.other_suits()[0]
    b.hold(*[Card(suit, Rank.KING)] * 2, *[Card(suit, Rank.QUEEN)] * 2)


def _medium(b: _Builder) -> None:
    builders: list[Callable[[_Builder], None]] = [
        _medium_reuse,
        _medium_reuse,
        _medium_reuse_besik,
        _medium_trump,
        _medium_trump,
        _medium_four_dup,
        _medium_four_dup,
        _medium_quint_from_marriage,
        _medium_double_marriage,
    ]
    b.rng.choice(builders)(b)
    b.distractors(1)


# hard: the Doppel-Besik rulings, the same meld again with fresh duplicates, the exchange ----


def _hard_doppel(b: _Builder, variant: str | None = None) -> None:
    rng = b.rng
    variant = variant or rng.choice(["build", "separate", "inside"])
    b.concept = "besik#double-besik"
    b.tags.add(f"doppel-{variant}")
    if variant == "build":  # a declared Besik and the other pair fresh: 500
        b.declare("besik", [b.take(QS), b.take(JD)])
        b.hold(QS, JD)
    elif variant == "separate":  # two Besiks declared one after the other: never 500
        b.declare("besik", [b.take(QS), b.take(JD)])
        b.declare("besik", [b.take(QS), b.take(JD)])
        if rng.random() < 0.5:
            b.hold(Card(Suit.SPADES, Rank.KING))
    else:  # a declared Doppel-Besik: no single Besik out of it
        b.declare("double-besik", [b.take(QS), b.take(QS), b.take(JD), b.take(JD)])
        if rng.random() < 0.5:
            b.hold(Card(Suit.CLUBS, Rank.QUEEN), Card(Suit.HEARTS, Rank.QUEEN))
    b.extra |= {"besik", "double-besik"}


def _hard_fresh_marriage(b: _Builder, partial: bool | None = None) -> None:
    rng = b.rng
    b.tags.add("reuse")
    b.concept = "besik#reuse"
    suit = rng.choice(list(Suit))
    kind = _marriage_kind(b, suit)
    b.declare(kind, [b.take(Card(suit, Rank.KING)), b.take(Card(suit, Rank.QUEEN))])
    if partial is None:
        partial = rng.random() < 0.4
    if partial:  # only one fresh duplicate: no marriage again
        b.hold(Card(suit, rng.choice([Rank.KING, Rank.QUEEN])))
    else:  # both fresh: the marriage again, but no double marriage
        b.hold(Card(suit, Rank.KING), Card(suit, Rank.QUEEN))
        b.extra.add(option_value("double-marriage", suit))
    b.extra.add(option_value(kind, suit))


def _hard_four_fresh(b: _Builder, kind: str | None = None) -> None:
    rng = b.rng
    kind = kind or rng.choice(list(RANKS_OF_FOUR))
    b.tags.add("reuse")
    b.concept = "besik#reuse"
    rank = RANKS_OF_FOUR[kind]
    b.declare(kind, [b.take(c) for c in _four(b, kind, False)], played=2)
    fresh = 4 if rng.random() < 0.5 else 3
    suits = list(Suit)
    rng.shuffle(suits)
    b.hold(*(Card(s, rank) for s in suits[:fresh]))


def _hard_exchange(b: _Builder, variant: str | None = None) -> None:
    rng = b.rng
    variant = variant or rng.choice(["marriage", "marriage", "quint", "four", "besik"])
    b.tags.add("seven-exchange")
    b.concept = "besik#seven-exchange"
    b.trump_seven_ok = True
    if variant == "besik":
        b.trump = Suit.DIAMONDS
        b.set_up(JD)
        b.hold(QS)
    elif variant == "quint":
        missing = rng.choice(QUINT_RANKS)
        b.set_up(Card(b.trump, missing))
        b.hold(*(Card(b.trump, r) for r in QUINT_RANKS if r != missing))
    elif variant == "four":
        rank = rng.choice([Rank.KING, Rank.QUEEN, Rank.ACE])
        b.set_up(Card(b.trump, rank))
        b.hold(*(Card(s, rank) for s in Suit if s != b.trump))
    else:
        rank = rng.choice([Rank.KING, Rank.QUEEN])
        b.set_up(Card(b.trump, rank))
        b.hold(Card(b.trump, Rank.QUEEN if rank == Rank.KING else Rank.KING))
    seven = b.hold(Card(b.trump, Rank.SEVEN))[0]
    if rng.random() < 0.3:  # declared already: the exchange is still allowed, for nothing more
        b.sevens.append(seven)


def _hard_seven_done(b: _Builder) -> None:
    rng = b.rng
    b.tags.add("trump-seven")
    b.concept = "besik#trump-seven"
    b.trump_seven_ok = True
    if rng.random() < 0.5:  # one seven declared earlier and still held, the other fresh
        first, _second = b.hold(Card(b.trump, Rank.SEVEN), Card(b.trump, Rank.SEVEN))
        b.sevens.append(first)
    else:  # one seven exchanged earlier: it is the face-up card now
        exchanged = b.take(Card(b.trump, Rank.SEVEN))
        b.sevens.append(exchanged)
        b.up = exchanged
        b.hold(Card(b.trump, Rank.SEVEN))
    _easy_meld(b, rng.choice(["marriage", "besik"]))
    b.concept = "besik#trump-seven"


def _hard_no_trick(b: _Builder) -> None:
    b.tags.add("no-trick")
    b.concept = "besik#melds"
    b.won = False
    _easy_meld(b, b.rng.choice(["marriage", "besik", "four-queens"]))
    b.concept = "besik#melds"
    if b.rng.random() < 0.5:
        b.trump_seven_ok = True
        b.hold(Card(b.trump, Rank.SEVEN))


def _hard_quint_marriage(b: _Builder) -> None:
    b.tags.add("reuse")
    b.concept = "besik#reuse"
    suit = b.rng.choice(list(Suit))
    b.declare("quint-major", [b.take(Card(suit, r)) for r in QUINT_RANKS])
    b.extra.add(option_value("quint-major", suit))


def _tripel(b: _Builder, level: Level) -> None:
    rng = b.rng
    b.concept = "besik#triple-besik"
    if level is Level.EASY:
        b.hold(QS, QS, QS, JD, JD, JD)
        return
    variant = "build" if level is Level.MEDIUM else rng.choice(["separate", "on-doppel"])
    b.tags.add(f"tripel-{variant}")
    if variant == "build":
        b.declare("besik", [b.take(QS), b.take(JD)])
        b.hold(QS, QS, JD, JD)
    elif variant == "separate":
        b.declare("besik", [b.take(QS), b.take(JD)])
        b.declare("besik", [b.take(QS), b.take(JD)])
        b.hold(QS, JD)
    else:
        b.declare("double-besik", [b.take(QS), b.take(QS), b.take(JD), b.take(JD)])
        b.hold(QS, JD)
    b.extra |= {"besik", "double-besik", "triple-besik"}


def _hard(b: _Builder) -> None:
    builders: list[Callable[[_Builder], None]] = [
        _hard_doppel,
        _hard_doppel,
        _hard_fresh_marriage,
        _hard_fresh_marriage,
        _hard_four_fresh,
        _hard_exchange,
        _hard_exchange,
        _hard_seven_done,
        _hard_no_trick,
        _hard_quint_marriage,
    ]
    b.rng.choice(builders)(b)
    b.distractors(1)


def _rare(b: _Builder, case: str, level: Level) -> None:
    rng = b.rng
    if case in RANKS_OF_FOUR:
        if level is Level.EASY:
            _easy_meld(b, case)
        elif level is Level.MEDIUM:
            _medium_four_dup(b, case)
        else:
            _hard_four_fresh(b, case)
    elif case == "doppel-besik":
        if level is Level.EASY:
            _easy_meld(b, "double-besik")
        else:
            _hard_doppel(b, "build" if level is Level.MEDIUM else None)
    elif case == "tripelbesik":
        _tripel(b, level)
    elif case == "both-sevens":
        b.trump_seven_ok = True
        b.concept = "besik#trump-seven"
        if level is Level.HARD and rng.random() < 0.5:
            first = b.hold(Card(b.trump, Rank.SEVEN))[0]
            b.sevens.append(first)
            b.hold(Card(b.trump, Rank.SEVEN))
            _easy_meld(b, rng.choice(["marriage", "besik"]))
        elif level is Level.HARD:
            _hard_exchange(b, rng.choice(["marriage", "four"]))
            b.sevens.clear()
            b.hold(Card(b.trump, Rank.SEVEN))
        else:
            b.hold(Card(b.trump, Rank.SEVEN), Card(b.trump, Rank.SEVEN))
            _easy_meld(b, rng.choice(["marriage", "besik"]))
        b.concept = "besik#trump-seven"
    elif case == "quint-major":
        if level is Level.EASY:
            _easy_meld(b, "quint-major")
        elif level is Level.MEDIUM:
            _medium_quint_from_marriage(b)
        else:
            _hard_quint_marriage(b)
        b.concept = "besik#quint-major" if level is Level.EASY else "besik#reuse"
    elif case == "double-marriage":
        if level is Level.EASY:
            _easy_meld(b, "double-marriage")
        elif level is Level.MEDIUM:
            b.trump = rng.choice(list(Suit))
            suit = b.trump
            b.hold(*[Card(suit, Rank.KING)] * 2, *[Card(suit, Rank.QUEEN)] * 2)
            b.concept = "besik#double-marriage"
        else:
            _hard_fresh_marriage(b, partial=False)
    if level is Level.EASY:
        b.distractors(2)
    else:
        b.distractors(1)


# ---- the worked example -------------------------------------------------------------------


@lru_cache(maxsize=1)
def _example_steps() -> tuple[tuple[State, Any], ...]:
    """The worked example's states and actions, step by step (replayed once per process)."""
    from cardtutor.engine.besik import example_record

    return tuple((step.state, step.action) for step in replay(ENGINE, example_record()))


def _example_states() -> tuple[State, ...]:
    return tuple(state for state, _action in _example_steps())


def example_scene(step: int) -> Scene:
    """The declaring player's position just before ``step`` of the worked example."""
    states = _example_states()
    state = states[step - 1]
    seat = state.seat_to_act or SEATS[ME]
    mine = tuple((m.kind, tuple(m.cards)) for m in state.melds if m.seat == seat)
    up = state.up
    assert up is not None
    return Scene(2, up, state.hand(seat), mine, (), True, None, example=step)


def _example_seat(step: int) -> str:
    return _example_states()[step - 1].seat_to_act or SEATS[ME]


# ---- the drill ------------------------------------------------------------------------------


@dataclass(frozen=True)
class MeldAnswer:
    melds: frozenset[str]
    best: int
    seven: int | None = None
    exchange: bool | None = None


def _options(scene: Scene, extra: Iterable[str]) -> list[str]:
    have = present(scene.hand, scene.trump)
    after = scene.after_exchange()
    if after is not None:
        have |= present(after, scene.trump)
    return sorted(have | set(extra), key=_order)


def _tags(scene: Scene) -> set[str]:
    have = present(scene.hand, scene.trump)
    after = scene.after_exchange()
    if after is not None:
        have |= present(after, scene.trump)
    tags = {kind for kind in RANKS_OF_FOUR if kind in have}
    if "double-besik" in have:
        tags.add("doppel-besik")
    if "triple-besik" in have:
        tags.add("tripelbesik")
    if any(v.startswith("quint-major") for v in have):
        tags.add("quint-major")
    if any(v.startswith("double-marriage") for v in have):
        tags.add("double-marriage")
    if len(scene.trump_sevens) >= 2:
        tags.add("both-sevens")
    return tags


class MeldDrill:
    key = "besik.melds"
    game = "besik"
    number = 7
    title = Msg("drill.melds.title")
    summary = Msg("drill.melds.summary")
    cases: tuple[str, ...] = CASES
    kinds: tuple[str, ...] = ()
    curated: tuple[str, ...] = CURATED

    def item(self, seed: str, level: Level) -> Item:
        if seed in CURATED:
            step = int(seed.rpartition("-")[2])
            scene = example_scene(step)
            extra: set[str] = set()
            for kind, cards in scene.earlier:  # the same meld again: tempting, refused
                extra.add(option_value(kind, cards[0].suit))
            options = _options(scene, extra)
            tags = _tags(scene) | {"example"}
            action = _example_steps()[step][1]
            concept = f"besik#{action.kind}" if isinstance(action, Meld) else "besik#seven-exchange"
            return self._item(seed, level, scene, options, tags, concept)
        rng = rng_for(self.key, seed, level)
        case = seed_case(seed, CASES)
        if case is None and rng.random() < 0.25:
            case = rng.choice(CASES)
        players = 3 if case == "tripelbesik" else 2
        b = _Builder(rng, players)
        if case is not None:
            _rare(b, case, level)
        elif level is Level.EASY:
            _easy(b)
        elif level is Level.MEDIUM:
            _medium(b)
        else:
            _hard(b)
        scene = b.scene()
        options = _options(scene, b.extra)
        return self._item(seed, level, scene, options, _tags(scene) | b.tags, b.concept)

    def _item(
        self,
        seed: str,
        level: Level,
        scene: Scene,
        options: Sequence[str],
        tags: set[str],
        concept: str,
    ) -> Item:
        shows: list[Show] = []
        if scene.example:
            seat = _example_seat(scene.example)
            shows.append(
                Show.sentence(Msg("drill.melds.example", seat=seat, step=scene.example - 1))
            )
        if scene.players == 3:
            shows.append(Show.sentence(Msg("drill.melds.three")))
        shows.append(Show.sentence(Msg("drill.melds.trumps", suit=scene.trump, card=scene.up)))
        # Beside the declared row the concealed cards are the rest of the hand.
        hand = "drill.melds.hand_rest" if scene.row else "drill.melds.hand"
        shows.append(Show.hand(Msg(hand), scene.concealed))
        if scene.row:
            shows.append(Show.hand(Msg("drill.melds.row"), scene.row))
        if scene.earlier or scene.sevens:
            rows: list[tuple[Any, ...]] = []
            held = set(scene.hand)
            for kind, cards in scene.earlier:
                played = [c for c in cards if c not in held]
                rows.append(
                    (
                        Msg(
                            "drill.melds.earlier_row",
                            meld=Msg(f"besik.label.{kind}"),
                            cards=cards,
                        ),
                        meld_points(kind, [c.uid for c in cards], int(scene.trump)),
                        _played(played),
                    )
                )
            for seven in scene.sevens:
                rows.append(
                    (
                        Msg("drill.melds.seven_row", cards=(seven,)),
                        POINTS_TRUMP_SEVEN,
                        Msg("drill.melds.exchanged_up")
                        if seven == scene.up
                        else _played([] if seven in held else [seven]),
                    )
                )
            shows.append(
                Show.table(
                    Msg("drill.melds.earlier"),
                    (
                        Msg("drill.melds.col.meld"),
                        Msg("drill.melds.col.points"),
                        Msg("drill.melds.col.played"),
                    ),
                    rows,
                )
            )
        fields = [
            Field.choose_many(
                "melds", Msg("drill.melds.q.melds"), [(v, option_label(v)) for v in options]
            ),
            Field.number("best", Msg("drill.melds.q.best"), 0, 2000),
        ]
        if scene.trump_sevens:
            fields.append(Field.number("seven", Msg("drill.melds.q.seven"), 0, 100))
            fields.append(
                Field.choose(
                    "exchange",
                    Msg("drill.melds.q.exchange"),
                    (("yes", Msg("drill.melds.yes")), ("no", Msg("drill.melds.no"))),
                )
            )
        if not scene.won:
            prompt = Msg("drill.melds.prompt_lost", card=scene.led)
        elif len(scene.hand) < HAND_SIZE:  # the worked example's B, declaring before his draw
            prompt = Msg("drill.melds.prompt_before_draw")
        else:
            prompt = Msg("drill.melds.prompt")
        return Item(
            self.key,
            seed,
            level,
            scene.to_question(options),
            prompt=prompt,
            shows=tuple(shows),
            fields=tuple(fields),
            concept=concept,
            tags=frozenset(tags),
        )

    def parse_answer(self, item: Item, data: Mapping[str, str]) -> MeldAnswer:
        answer = parse_fields(item, data)
        exchange = answer.get("exchange")
        return MeldAnswer(
            answer["melds"],
            answer["best"],
            answer.get("seven"),
            None if exchange is None else exchange == "yes",
        )

    def expected(self, item: Item) -> dict[str, Any]:
        a = analysis(item)
        return {
            "melds": a.allowed,
            "best": a.best,
            "seven": a.seven,
            "exchange": None if a.exchange is None else ("yes" if a.exchange else "no"),
        }

    def check(self, item: Item, answer: Any) -> Feedback:
        if not isinstance(answer, MeldAnswer):
            raise AnswerError(Msg("drill.missing", field=Msg("drill.melds.q.melds")))
        a = analysis(item)
        right = MeldAnswer(a.allowed, a.best, a.seven, a.exchange)
        reasons: list[Msg] = []
        for v in a.verdicts:
            if v.allowed and v.value not in answer.melds:
                reasons.append(Msg("drill.melds.missed", option=option_label(v.value)))
            if not v.allowed and v.value in answer.melds:
                reasons.append(Msg("drill.melds.wrongly", option=option_label(v.value)))
        if answer.best != a.best:
            reasons.append(Msg("drill.melds.wrong_best", given=answer.best, points=a.best))
        if a.seven is not None and answer.seven != a.seven:
            reasons.append(Msg("drill.melds.wrong_seven", given=answer.seven, points=a.seven))
        if a.exchange is not None and answer.exchange != a.exchange:
            given = Msg("drill.melds.yes" if answer.exchange else "drill.melds.no")
            answer_right = Msg("drill.melds.yes" if a.exchange else "drill.melds.no")
            reasons.append(Msg("drill.melds.wrong_exchange", given=given, right=answer_right))
        rules: list[str] = [item.concept] if item.concept else []
        for v in a.verdicts:
            key = "drill.melds.allowed" if v.allowed else "drill.melds.refused"
            reasons.append(Msg(key, option=option_label(v.value), points=v.points, why=v.why))
            # the candidate's own rule too: a verdict decided by the reuse rule is about a
            # Quint-Major or a double marriage, whose rule the learner may want
            for rule in (v.rule, f"besik#{parse_option(v.value)[0]}"):
                if rule not in rules:
                    rules.append(rule)
        if a.best_option is not None:
            reasons.append(
                Msg("drill.melds.best", option=option_label(a.best_option), points=a.best)
            )
        elif a.best:
            reasons.append(
                Msg("drill.melds.best", option=Msg("drill.melds.col.meld"), points=a.best)
            )
        else:
            reasons.append(Msg("drill.melds.best_none"))
        reasons += a.seven_reasons
        if a.seven is not None:
            for rule in ("besik#trump-seven", "besik#seven-exchange"):
                if rule not in rules:
                    rules.append(rule)
        words: list[Msg] = []
        if a.allowed:
            labels = [option_label(v) for v in sorted(a.allowed, key=_order)]
            words.append(Msg("drill.melds.answer", options=labels, points=a.best))
        else:
            words.append(Msg("drill.melds.answer_none"))
        if a.seven is not None:
            exchange = Msg("drill.melds.yes" if a.exchange else "drill.melds.no")
            words.append(Msg("drill.melds.answer_seven", points=a.seven, exchange=exchange))
        step = int(item.question.get("example") or 0)
        return Feedback(
            correct=answer == right,
            expected=self.expected(item),
            reasons=tuple(reasons),
            rules=tuple(rules),
            answer=tuple(words),
            replay=(EXAMPLE, EXAMPLE_LINK.get(step, step)) if step else None,
        )


def _played(cards: Sequence[PhysicalCard]) -> Msg:
    if not cards:
        return Msg("drill.melds.none_played")
    return Msg("drill.melds.played_cards", cards=tuple(cards))


def _copies_named(cards: Iterable[PhysicalCard], case: str = "nom") -> tuple[Msg | TheCard, ...]:
    """Cards with their articles in ``case`` (as :func:`the`), several copies of one card said
    once: "both copies of the queen of spades and the jack of diamonds" (it said "the queen
    of spades and the queen of spades"; four queens may hold two of spades)."""
    copies: dict[Card, list[PhysicalCard]] = {}
    for card in cards:
        copies.setdefault(card.card, []).append(card)
    out: list[Msg | TheCard] = []
    for same in copies.values():  # named by a copy: Besik's jack is the "Bauer"
        if len(same) == 1:
            out.append(TheCard(same[0], case))
        else:
            key = f"drill.melds.copies.{min(len(same), 3)}.{case}"
            out.append(Msg(key, card=TheCard(same[0], "gen")))
    return tuple(out)
