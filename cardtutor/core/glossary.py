"""The glossary: every game term of Piquet and Besik in English, German and (where the term is
French) French, with a one-line definition in both languages and links to its rule sections;
the garbled words of the Piquet source's machine translation, mapped to what they mean; and the
server-side search over the glossary, the pack page (each card by any of its names) and the rule
pages' sections.

The entry texts live here in both languages (not in the translation catalogue), so each entry
is complete on its own and a test can check that no entry lacks a language. The rule links use
the rule pages' anchors (``rule_anchors(game)``), which engine events link to and which stay
stable.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from cardtutor.core.rules_text import rule_anchors
from cardtutor.engine.cards import ALL_CARDS, Card, Rank, Suit

Group = Literal["cards", "piquet", "besik"]
GROUPS: tuple[Group, ...] = ("cards", "piquet", "besik")


@dataclass(frozen=True)
class Term:
    """One glossary entry; its address is ``/glossary/#term-<slug>``."""

    slug: str
    group: Group
    en: str
    de: str
    definition_en: str
    definition_de: str
    rules: tuple[tuple[str, str], ...]  # (game, rule anchor) pairs, at least one
    fr: str = ""  # the French word, where the term is French
    also: tuple[str, ...] = field(default=())  # other spellings, for the search only

    @property
    def anchor(self) -> str:
        return f"term-{self.slug}"

    def name(self, german: bool) -> str:
        return self.de if german else self.en

    def definition(self, german: bool) -> str:
        return self.definition_de if german else self.definition_en


@dataclass(frozen=True)
class Garbled:
    """A word of the Piquet source's machine translation, as it stands in the source text."""

    form: str
    meaning_en: str
    meaning_de: str
    term: str  # the slug of the entry it stands for

    @property
    def anchor(self) -> str:
        return f"garbled-{slugify(self.form)}"

    def meaning(self, german: bool) -> str:
        return self.meaning_de if german else self.meaning_en


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")


P = "piquet"
B = "besik"

TERMS: tuple[Term, ...] = (
    # ---- The cards and the play (both games) ----
    Term(
        "pack", "cards", "pack (deck)", "Kartenspiel",
        "Thirty-two cards: ace, king, queen, jack, ten, nine, eight, seven in four suits; Besik uses two packs (64 cards), three for three or four players.",
        "32 Karten: As, König, Dame, Bube, Zehn, Neun, Acht, Sieben in vier Farben; Besik braucht zwei Kartenspiele (64 Karten), zu dritt und zu viert drei.",
        ((P, "deal"), (B, "deal")), also=("deck", "Karten", "32 Blatt"),
    ),
    Term(
        "suit", "cards", "suit", "Farbe",
        "One of the four kinds of card: clubs, spades, hearts, diamonds.",
        "Eine der vier Kartenarten: Kreuz, Pik, Herz, Karo.",
        ((P, "play"), (B, "tricks")),
    ),
    Term(
        "clubs", "cards", "clubs", "Kreuz",
        "The black suit with the trefoil.",
        "Die schwarze Farbe mit dem Kleeblatt.",
        ((P, "deal"), (B, "deal")),
    ),
    Term(
        "spades", "cards", "spades", "Pik",
        "The black suit with the spearhead; its queen and the jack of diamonds make a Besik.",
        "Die schwarze Farbe mit der Lanzenspitze; Pik-Dame und Karo-Bauer bilden den Besik.",
        ((P, "deal"), (B, "besik")),
    ),
    Term(
        "hearts", "cards", "hearts", "Herz",
        "The red suit with the heart.",
        "Die rote Farbe mit dem Herzen.",
        ((P, "deal"), (B, "deal")),
    ),
    Term(
        "diamonds", "cards", "diamonds", "Karo (Eckstein)",
        "The red suit with the lozenge; the Besik source also calls it by the old name Eckstein.",
        "Die rote Farbe mit der Raute; die Besik-Quelle sagt auch altertümlich Eckstein.",
        ((P, "deal"), (B, "besik")), also=("Eckstein",),
    ),
    Term(
        "ace", "cards", "ace", "As",
        "The highest card of its suit; 11 in Piquet's point count and 11 card points (Augen) in Besik.",
        "Die höchste Karte ihrer Farbe; zählt beim Point 11 und bringt im Besik 11 Augen.",
        ((P, "point"), (B, "augen")), also=("Ass", "Asse"),
    ),
    Term(
        "king", "cards", "king", "König",
        "A court card; in Piquet second only to the ace, in Besik below ace and ten (4 Augen).",
        "Eine Bildkarte; im Piquet gleich nach dem As, im Besik unter As und Zehn (4 Augen).",
        ((P, "sequences"), (B, "augen")), also=("Könige",),
    ),
    Term(
        "queen", "cards", "queen", "Dame",
        "A court card between king and jack (3 Augen in Besik).",
        "Eine Bildkarte zwischen König und Bube (im Besik 3 Augen).",
        ((P, "sequences"), (B, "augen")), also=("Damen",),
    ),
    Term(
        "jack", "cards", "jack (knave)", "Bube (Bauer)",
        "The lowest court card; Besik players call it Bauer (2 Augen).",
        "Die niedrigste Bildkarte; im Besik heißt der Bube Bauer (2 Augen).",
        ((P, "sequences"), (B, "augen")), also=("knave", "Buben", "Bauern"),
    ),
    Term(
        "ten", "cards", "ten", "Zehn",
        "In Piquet below the jack and no court card; in Besik it ranks between ace and king (10 Augen).",
        "Im Piquet unter dem Buben und keine Bildkarte; im Besik steht sie zwischen As und König (10 Augen).",
        ((P, "carte-blanche"), (B, "tricks"), (B, "augen")), also=("Zehnen",),
    ),
    Term(
        "court-cards", "cards", "court cards", "Bilder (Bildkarten)",
        "King, queen and jack; a Piquet hand without any is a carte blanche.",
        "König, Dame und Bube; ein Piquet-Blatt ohne Bilder ist eine Carte blanche.",
        ((P, "carte-blanche"),), also=("Figuren",),
    ),
    Term(
        "dealer", "cards", "dealer", "Geber",
        "The player who deals; in Piquet he is younger hand, in both games the deal alternates.",
        "Wer die Karten gibt; im Piquet ist er Hinterhand, in beiden Spielen wechselt der Geber.",
        ((P, "deal"), (B, "deal")), also=("Kartengeber",),
    ),
    Term(
        "elder-hand", "cards", "elder hand", "Vorhand",
        "The non-dealer, who leads to the first trick (in Piquet he also declares first).",
        "Der Spieler, der nicht gibt; er spielt zum ersten Stich aus (im Piquet sagt er auch zuerst an).",
        ((P, "deal"), (B, "deal"), (P, "younger-scores")), also=("elder",),
    ),
    Term(
        "younger-hand", "cards", "younger hand", "Hinterhand",
        "Piquet's dealer, who answers elder's declarations and plays second to the first trick.",
        "Der Geber im Piquet; er antwortet auf die Ansagen der Vorhand und gibt zum ersten Stich zu.",
        ((P, "deal"), (P, "declaring"), (P, "younger-scores")),
    ),
    Term(
        "deal", "cards", "deal", "Spiel (eine Runde)",
        "One round from dealing the cards to scoring them; a Piquet partie has six.",
        "Eine Runde vom Geben bis zur Abrechnung; eine Piquet-Partie hat sechs.",
        ((P, "deal"), (B, "deal")), also=("Austeilung", "austeilen"),
    ),
    Term(
        "talon", "cards", "talon (stock)", "Talon",
        "The undealt cards, face down: Piquet's eight for the exchange; in Besik the cards drawn after each trick (47 for two players; the turned-up card is drawn last).",
        "Die nicht ausgeteilten Karten, verdeckt: im Piquet acht zum Kaufen; im Besik die Karten, die nach jedem Stich gezogen werden (zu zweit 47; die aufgedeckte Karte wird als letzte gezogen).",
        ((P, "exchange"), (B, "talon")), fr="talon", also=("stock",),
    ),
    Term(
        "trick", "cards", "trick", "Stich",
        "One card from each player; the higher card of the suit led wins (in Besik a trump beats other suits).",
        "Je eine Karte jedes Spielers; die höhere Karte der ausgespielten Farbe gewinnt (im Besik schlägt Trumpf die anderen Farben).",
        ((P, "play"), (B, "tricks")),
    ),
    Term(
        "lead", "cards", "lead", "ausspielen (aufspielen)",
        "To play the first card to a trick; the winner of a trick leads to the next. In Piquet each card led scores 1.",
        "Die erste Karte zu einem Stich spielen; wer den Stich gewinnt, spielt wieder aus. Im Piquet zählt jede ausgespielte Karte 1.",
        ((P, "play"), (B, "tricks"), (P, "younger-scores")), also=("leader", "Aufspiel"),
    ),
    Term(
        "follow-suit", "cards", "follow suit", "bedienen (Farbzwang)",
        "To play a card of the suit led; compulsory throughout Piquet, and in Besik only in the last eight tricks.",
        "Eine Karte der ausgespielten Farbe zugeben; im Piquet immer Pflicht, im Besik nur in den letzten acht Stichen.",
        ((P, "play"), (B, "end-play")),
    ),
    Term(
        "duty-to-win", "cards", "duty to win", "Stichzwang",
        "A rule that you must win the trick if you can: neither game has one (standard Bezique has it in the last eight tricks).",
        "Die Pflicht, den Stich zu gewinnen, wenn man kann: keines der beiden Spiele kennt sie; nur das Standard-Bezique verlangt sie in den letzten acht Stichen.",
        ((P, "play"), (B, "end-play")),
    ),
    Term(
        "last-trick", "cards", "last trick", "letzter Stich",
        "The final trick of a deal: 1 extra point in Piquet, 10 in Besik.",
        "Der letzte Stich eines Spiels: im Piquet ein Punkt zusätzlich, im Besik 10.",
        ((P, "last-trick"), (B, "last-trick")),
    ),
    Term(
        "points", "cards", "points (score)", "Punkte (Stand)",
        "What a player has scored; in Besik the card points won in tricks are called Augen.",
        "Was ein Spieler gezählt hat; die Kartenwerte in den Stichen heißen im Besik Augen.",
        ((P, "reckoning-order"), (B, "game")), also=("score",),
    ),
    # ---- Piquet ----
    Term(
        "piquet", "piquet", "Piquet", "Piquet",
        "A French game for two with 32 cards: exchange with the stock, declare combinations, then play twelve tricks.",
        "Ein französisches Spiel für zwei mit 32 Karten: Kauf aus dem Talon, Ansagen der Kombinationen, dann zwölf Stiche.",
        ((P, "deal"),), fr="piquet", also=("Pikett", "Rubicon-Piquet"),
    ),
    Term(
        "rubicon-piquet", "piquet", "Rubicon Piquet", "Rubikon-Piquet",
        "Piquet played in parties of six deals with the rubicon rule; the form the article describes.",
        "Piquet in Partien zu sechs Spielen mit der Rubikon-Regel; die Form, die der Artikel beschreibt.",
        ((P, "partie"), (P, "rubicon")), also=("Rubicon-Piquet",),
    ),
    Term(
        "carte-blanche", "piquet", "carte blanche", "Carte blanche",
        "A dealt hand of twelve cards without king, queen or jack: 10 points, before anything else.",
        "Ein Blatt von zwölf Karten ohne König, Dame oder Buben: 10 Punkte, vor allem anderen.",
        ((P, "carte-blanche"),), fr="carte blanche", also=("cartes blanches",),
    ),
    Term(
        "exchange", "piquet", "exchange (discard and draw)", "Kauf (ablegen und kaufen)",
        "Elder discards one to five cards and takes as many from the stock; then younger discards and takes from what is left.",
        "Die Vorhand legt eine bis fünf Karten ab und kauft ebenso viele aus dem Talon; dann legt die Hinterhand ab und kauft vom Rest.",
        ((P, "exchange"),), also=("discard", "Ablage", "ablegen", "kaufen"),
    ),
    Term(
        "cut-for-deal", "cards", "cut for deal", "Abheben (um den Geber zu bestimmen)",
        "Before the first deal each player lifts part of the pack and shows its bottom card; the higher card chooses who deals first.",
        "Vor dem ersten Spiel hebt jeder einen Teil der Karten ab und zeigt die unterste; wer die höhere Karte hat, bestimmt, wer zuerst gibt.",
        ((P, "deal"),), also=("cut", "abheben", "Abhebe"),
    ),
    Term(
        "card-value", "piquet", "card value (for the point)", "Kartenwert (für den Point)",
        "What a card counts when two points of equal length are compared: ace 11, king, queen, jack and ten 10, the others their face value (the number of their pips).",
        "Was eine Karte zählt, wenn zwei gleich lange Points verglichen werden: As 11, König, Dame, Bube und Zehn je 10, die übrigen ihren Zahlenwert (die Zahl ihrer Farbzeichen).",
        ((P, "point"),), also=("pips", "pip total", "face value", "Zahlenwert", "Augenzahl"),
    ),
    Term(
        "guard", "cards", "guard", "Deckung",
        "A small card kept beside a high one of the same suit, so the high card is not forced out early (a king with one small card is guarded against the ace).",
        "Eine kleine Karte, die man zu einer hohen derselben Farbe behält, damit die hohe nicht vorzeitig fallen muss (ein König mit einer kleinen Karte ist gegen das As gedeckt).",
        ((P, "play"),), also=("guarded", "gedeckt", "blank", "blanke Karte"),
    ),
    Term(
        "tenace", "cards", "tenace (fork)", "Gabel",
        "Two high cards of a suit with a gap that the opponent's card fills, such as ace and queen over his king: if he has to lead the suit, both win; leading it yourself usually lets his card make a trick.",
        "Zwei hohe Karten einer Farbe mit einer Lücke, in der die Karte des Gegners steckt, etwa As und Dame über seinem König: muss er die Farbe ausspielen, gewinnen beide; spielt man sie selbst aus, macht seine Karte meist einen Stich.",
        ((P, "play"),), also=("fork", "in die Gabel spielen"),
    ),
    Term(
        "point", "piquet", "point", "Point (Rummel)",
        "The longest suit, at equal length the higher pip total; the better point scores 1 per card.",
        "Die längste Farbe, bei gleicher Länge der höhere Kartenwert; der bessere Point zählt 1 je Karte.",
        ((P, "point"),), fr="point", also=("Rummel",),
    ),
    Term(
        "sequence", "piquet", "sequence", "Sequenz",
        "Three or more cards of one suit in order (ace, king, queen, jack, ten, nine, eight, seven).",
        "Drei oder mehr Karten einer Farbe in lückenloser Folge (As, König, Dame, Bube, Zehn, Neun, Acht, Sieben).",
        ((P, "sequences"),), fr="séquence", also=("Folge",),
    ),
    Term(
        "tierce", "piquet", "tierce", "Terz",
        "A sequence of three cards: 3 points.",
        "Eine Sequenz von drei Karten: 3 Punkte.",
        ((P, "sequences"),), fr="tierce",
    ),
    Term(
        "quart", "piquet", "quart", "Quart",
        "A sequence of four cards: 4 points.",
        "Eine Sequenz von vier Karten: 4 Punkte.",
        ((P, "sequences"),), fr="quatrième (quarte)",
    ),
    Term(
        "quint", "piquet", "quint", "Quinte",
        "A sequence of five cards: 15 points.",
        "Eine Sequenz von fünf Karten: 15 Punkte.",
        ((P, "sequences"),), fr="quinte",
    ),
    Term(
        "sixieme", "piquet", "sixième", "Sixième (Sexte)",
        "A sequence of six cards: 16 points.",
        "Eine Sequenz von sechs Karten: 16 Punkte.",
        ((P, "sequences"),), fr="sixième", also=("sixieme", "Sexte"),
    ),
    Term(
        "septieme", "piquet", "septième", "Septième (Septime)",
        "A sequence of seven cards: 17 points.",
        "Eine Sequenz von sieben Karten: 17 Punkte.",
        ((P, "sequences"),), fr="septième", also=("septieme", "Septime"),
    ),
    Term(
        "huitieme", "piquet", "huitième", "Huitième (Oktave)",
        "A sequence of all eight cards of a suit: 18 points.",
        "Eine Sequenz aus allen acht Karten einer Farbe: 18 Punkte.",
        ((P, "sequences"),), fr="huitième", also=("huitieme", "Oktave"),
    ),
    Term(
        "major", "piquet", "tierce major (quart major…)", "Terz-Major (Terz vom As)",
        "A sequence headed by the ace: ace, king, queen is a tierce major, with the jack a quart major.",
        "Eine Sequenz, die mit dem As beginnt: As, König, Dame ist eine Terz-Major, mit dem Buben eine Quart-Major.",
        ((P, "sequences"),), fr="tierce majeure", also=("quart major", "Quart-Major", "Terz major", "Quart vom As"),
    ),
    Term(
        "minor", "piquet", "tierce minor", "Terz-Minor",
        "A sequence ending at the seven: nine, eight, seven is a tierce minor, with the ten a quart minor.",
        "Eine Sequenz, die bei der Sieben endet: Neun, Acht, Sieben ist eine Terz-Minor, mit der Zehn eine Quart-Minor.",
        ((P, "sequences"),), fr="tierce mineure", also=("quart minor", "Quart-Minor"),
    ),
    Term(
        "quatorze", "piquet", "quatorze", "Quatorze",
        "Four aces, kings, queens, jacks or tens: 14 points; it beats any trio.",
        "Vier Asse, Könige, Damen, Buben oder Zehnen: 14 Punkte; schlägt jedes Trio.",
        ((P, "sets"),), fr="quatorze",
    ),
    Term(
        "trio", "piquet", "trio", "Trio",
        "Three aces, kings, queens, jacks or tens: 3 points.",
        "Drei Asse, Könige, Damen, Buben oder Zehnen: 3 Punkte.",
        ((P, "sets"),),
    ),
    Term(
        "declaring", "piquet", "declaring", "Ansagen",
        "Naming point, sequences and sets in that order; elder calls, younger answers.",
        "Point, Sequenzen, Quatorze und Trios in dieser Reihenfolge nennen; die Vorhand sagt an, die Hinterhand antwortet.",
        ((P, "declaring"),), also=("declaration", "Ansage", "ansagen"),
    ),
    Term(
        "good", "piquet", "good, not good, equal", "gut, nicht gut, gleich",
        "Younger's answers to a declaration: elder's is better, younger's is better, or they tie.",
        "Die Antworten der Hinterhand auf eine Ansage: die der Vorhand ist besser, die eigene ist besser, oder beide sind gleich.",
        ((P, "declaring"),), also=("not good", "equal", "nicht gut", "gleich"),
    ),
    Term(
        "equality", "piquet", "equality", "Gleichheit",
        "Point or best sequence of the same value on both sides: neither player scores for it. An equality does not prevent pique or repique.",
        "Point oder beste Sequenz auf beiden Seiten gleich viel wert: Keiner zählt dafür. Eine Gleichheit verhindert weder Pique noch Repique.",
        ((P, "equalities"),), also=("equal", "equalities", "Gleichheiten", "tie", "ties", "Gleichstand"),
    ),
    Term(
        "sinking", "piquet", "sinking", "Verschweigen",
        "Declaring less than you hold, or nothing; sunk cards score nothing and do not bar the opponent.",
        "Weniger ansagen, als man hat, oder nichts; verschwiegene Karten zählen nicht und hindern den Gegner nicht.",
        ((P, "sinking"),), also=("sink", "verschweigen"),
    ),
    Term(
        "the-cards", "piquet", "the cards", "die Karten",
        "Seven or more of the twelve tricks: 10 points.",
        "Sieben oder mehr der zwölf Stiche: 10 Punkte.",
        ((P, "the-cards"),), also=("winning the cards",),
    ),
    Term(
        "divided", "piquet", "divided (cards)", "geteilt (Karten)",
        "Six tricks each: nobody scores for the cards.",
        "Je sechs Stiche: Niemand zählt für die Karten.",
        ((P, "the-cards"),),
    ),
    Term(
        "capot", "piquet", "capot", "Capot",
        "Winning all twelve tricks: 40 for the cards instead of 10.",
        "Alle zwölf Stiche machen: 40 statt 10 für die Karten.",
        ((P, "capot"),), fr="capot",
    ),
    Term(
        "reckoning-order", "piquet", "order of reckoning", "Reihenfolge der Zählung",
        "Carte blanche, point, sequences, sets, play, the cards: the order that decides pique and repique.",
        "Carte blanche, Point, Sequenzen, Quatorze und Trios, Spiel, Karten: die Reihenfolge, die über Pique und Repique entscheidet.",
        ((P, "reckoning-order"),), also=("reckon",),
    ),
    Term(
        "pique", "piquet", "pique", "Pique",
        "Elder reaching 30 in hand and play before younger reckons anything, by the order of reckoning (not of speaking): 30 more.",
        "Die Vorhand erreicht mit Hand und Stichspiel 30, bevor die Hinterhand etwas zählt, nach der Reihenfolge der Zählung (nicht der Ansage): 30 dazu.",
        ((P, "pique"),), fr="pic", also=("piqued",),
    ),
    Term(
        "repique", "piquet", "repique", "Repique",
        "Reaching 30 in hand alone before the opponent reckons anything, by the order of reckoning (not of speaking): 60 more.",
        "Allein aus der Hand 30 erreichen, bevor der Gegner etwas zählt, nach der Reihenfolge der Zählung (nicht der Ansage): 60 dazu.",
        ((P, "repique"),), fr="repic", also=("repiqued",),
    ),
    Term(
        "partie", "piquet", "partie", "Partie",
        "Six deals, the deal alternating; the higher total wins.",
        "Sechs Spiele mit wechselndem Geber; die höhere Summe gewinnt.",
        ((P, "partie"),), fr="partie",
    ),
    Term(
        "rubicon", "piquet", "rubicon", "Rubikon",
        "A loser with under 100 is rubiconed: the winner gains the sum of both totals plus 100.",
        "Hat der Verlierer weniger als 100, bleibt er unter dem Rubikon: der Sieger erhält die Summe beider Stände plus 100.",
        ((P, "rubicon"),), also=("rubiconed",),
    ),
    # ---- Besik ----
    Term(
        "besik-game", "besik", "Besik (Bezique)", "Besik",
        "A game of tricks and melds with two packs, from France (Bésigue); played to 1000.",
        "Ein Spiel mit Stichen und Meldungen und zwei Kartenspielen, aus Frankreich (Bésigue); gespielt bis 1000.",
        ((B, "deal"), (B, "game")), fr="bésigue", also=("Bezique", "Besigue", "Bésique"),
    ),
    Term(
        "trumps", "besik", "trumps", "Trumpf",
        "The suit of the turned-up card; a trump beats any card of another suit. Piquet has no trumps.",
        "Die Farbe der aufgedeckten Karte; Trumpf schlägt jede Karte einer anderen Farbe. Piquet kennt keinen Trumpf.",
        ((B, "tricks"),), also=("trump suit", "Trumpffarbe", "Trümpfe", "trump"),
    ),
    Term(
        "turned-up-card", "besik", "turned-up card", "aufgedeckte Karte",
        "The card after the deal (the 17th for two players, the 25th for three, the 33rd for four), laid face up: it fixes trumps and may be taken in exchange for a trump seven.",
        "Die Karte nach dem Austeilen (zu zweit die 17., zu dritt die 25., zu viert die 33.), offen hingelegt: Sie bestimmt den Trumpf und kann gegen eine Trumpf-Sieben eingetauscht werden.",
        ((B, "deal"), (B, "seven-exchange"), (B, "seven-turned-up")),
        also=("face-up card", "offene Karte", "offen liegende Karte"),
    ),
    Term(
        "trumping", "besik", "trump (to)", "trumpfen",
        "To play a trump to a trick led in another suit; in the last eight tricks you must if you cannot follow.",
        "Einen Trumpf auf eine andere ausgespielte Farbe geben; in den letzten acht Stichen Pflicht für den, der nicht bedienen kann.",
        ((B, "tricks"), (B, "end-play")), also=("ruff",),
    ),
    Term(
        "throw-off", "besik", "throw off", "abwerfen",
        "To play a card of another suit without trumping; in Piquet this is simply not following suit.",
        "Eine Karte einer anderen Farbe zugeben, ohne zu trumpfen; im Piquet wirft man ab, wenn man nicht bedienen kann.",
        ((B, "tricks"), (P, "play")),
    ),
    Term(
        "head-the-trick", "besik", "beat the card led (head the trick)", "überstechen",
        "To win a trick with a higher card of the suit led (a higher trump, if trumps were led): the Besik source's word (“A übersticht mit Karo-König” on the jack of diamonds led), which it sets apart from trumping. In other games the word often means overtrumping.",
        "Einen Stich mit einer höheren Karte der ausgespielten Farbe gewinnen (ist Trumpf ausgespielt, mit einem höheren Trumpf): das Wort der Besik-Quelle („A übersticht mit Karo-König“ auf den ausgespielten Karo-Bauer), die es vom Trumpfen unterscheidet. In anderen Spielen meint das Wort oft das Übertrumpfen (einen höheren Trumpf auf einen Trumpf geben).",
        ((B, "tricks"),), also=("übersticht",),
    ),
    Term(
        "schmieren", "besik", "load a partner's trick (schmieren)", "schmieren",
        "In a game for four: to give a card rich in Augen (an ace or a ten) to a trick your partner is winning, so that your side counts it.",
        "Zu viert: einem Stich, den der Partner gewinnt, eine Karte mit vielen Augen (As oder Zehn) zugeben, damit die eigene Partei sie zählt.",
        ((B, "four-players"),), also=("smear", "load the trick"),
    ),
    Term(
        "draw", "besik", "draw", "ziehen (vom Talon)",
        "After each trick the winner takes the top card of the talon, then the loser.",
        "Nach jedem Stich nimmt erst der Gewinner die oberste Karte vom Talon, dann der andere.",
        ((B, "talon"),),
    ),
    Term(
        "meld", "besik", "meld (declaration)", "Meldung (melden)",
        "A scoring combination, declared and shown; only the player who has just won a trick may meld, once per trick.",
        "Eine zählende Kartenverbindung, angesagt und vorgezeigt; melden darf nur, wer gerade einen Stich gewonnen hat, einmal je Stich.",
        ((B, "melds"),), also=("Meldungen", "melden", "Ansage"),
    ),
    Term(
        "reuse", "besik", "re-using cards", "Karten mehrfach verwerten",
        "A card may serve in melds of different kinds; the same kind scores again only with fresh cards.",
        "Eine Karte darf in Meldungen verschiedener Art mitzählen; dieselbe Art zählt nur dann noch einmal, wenn ihre Karten dafür noch nicht gemeldet waren.",
        ((B, "reuse"),), also=("reuse",),
    ),
    Term(
        "marriage", "besik", "marriage", "einfache Heirat",
        "King and queen of the same suit, not trumps: 20.",
        "König und Dame derselben Farbe, nicht Trumpf: 20.",
        ((B, "marriage"),), fr="mariage", also=("Heirat",),
    ),
    Term(
        "trump-marriage", "besik", "trump marriage", "Trumpf-Heirat",
        "King and queen of trumps: 40.",
        "König und Dame der Trumpffarbe: 40.",
        ((B, "trump-marriage"),),
    ),
    Term(
        "double-marriage", "besik", "double marriage", "Doppel-Heirat",
        "Both kings and both queens of one suit shown together: two marriages at once.",
        "Beide Könige und beide Damen einer Farbe zusammen gezeigt: zwei Heiraten auf einmal.",
        ((B, "double-marriage"),),
    ),
    Term(
        "four-jacks", "besik", "four jacks", "4 Bauern",
        "Any four jacks: 40.",
        "Vier beliebige Bauern: 40.",
        ((B, "four-jacks"),), also=("vier Bauern",),
    ),
    Term(
        "four-queens", "besik", "four queens", "4 Damen",
        "Any four queens: 60.",
        "Vier beliebige Damen: 60.",
        ((B, "four-queens"),), also=("vier Damen",),
    ),
    Term(
        "four-kings", "besik", "four kings", "4 Könige",
        "Any four kings: 80.",
        "Vier beliebige Könige: 80.",
        ((B, "four-kings"),), also=("vier Könige",),
    ),
    Term(
        "four-aces", "besik", "four aces", "4 Asse",
        "Any four aces: 100.",
        "Vier beliebige Asse: 100.",
        ((B, "four-aces"),), also=("vier Asse",),
    ),
    Term(
        "besik", "besik", "Besik (the meld)", "Besik (die Meldung)",
        "Queen of spades and jack of diamonds: 40.",
        "Pik-Dame und Karo-Bauer: 40.",
        ((B, "besik"),), fr="bésigue", also=("Bezique", "Besigue"),
    ),
    Term(
        "double-besik", "besik", "double Besik", "Doppel-Besik",
        "Both queens of spades and both jacks of diamonds: 500.",
        "Beide Pik-Damen und beide Karo-Bauern: 500.",
        ((B, "double-besik"),), fr="double bésigue", also=("double Bezique", "Doppelbesik"),
    ),
    Term(
        "triple-besik", "besik", "triple Besik", "Tripelbesik",
        "Three queens of spades and three jacks of diamonds, with three packs: 1500.",
        "Drei Pik-Damen und drei Karo-Bauern, mit drei Kartenspielen: 1500.",
        ((B, "triple-besik"), (B, "three-players")), also=("Tripel-Besik", "triple Bezique"),
    ),
    Term(
        "quint-major", "besik", "Quint-Major", "Quint-Major",
        "Ace, ten, king, queen and jack of one suit, any suit: 250.",
        "As, Zehn, König, Dame und Bauer derselben Farbe, gleich welcher: 250.",
        ((B, "quint-major"),), fr="quinte majeure", also=("Quinte-Major", "sequence"),
    ),
    Term(
        "trump-seven", "besik", "trump seven", "Trumpf-Sieben",
        "The seven of trumps: declared it scores 10 (both 20) and may be exchanged for the turned-up card.",
        "Die Sieben der Trumpffarbe: gemeldet zählt sie 10 (beide 20) und darf gegen die aufgedeckte Karte getauscht werden.",
        ((B, "trump-seven"), (B, "seven-exchange")), also=("seven of trumps",),
    ),
    Term(
        "augen", "besik", "card points (Augen)", "Augen",
        "Points for the cards won in tricks: ace 11, ten 10, king 4, queen 3, jack 2.",
        "Kartenwerte in den Stichen: As 11, Zehn 10, König 4, Dame 3, Bauer 2.",
        ((B, "augen"),), also=("Auge", "Augenwerte"),
    ),
    Term(
        "brisques", "besik", "brisques", "Brisques",
        "Standard Bezique only: every ace and ten won in tricks scores 10.",
        "Nur Standard-Bezique: jedes in Stichen gewonnene As und jede Zehn zählt 10.",
        ((B, "brisques"),), fr="brisques",
    ),
    Term(
        "last-eight", "besik", "last eight tricks", "letzte acht Stiche",
        "Once the talon is empty: no more melds, follow suit, else trump.",
        "Ist der Talon aufgebraucht: keine Meldungen mehr, bedienen, sonst trumpfen.",
        ((B, "end-play"),), also=("end play",),
    ),
    Term(
        "besik-partie", "besik", "game (to 1000)", "Partie (bis 1000)",
        "Deals go on until a player reaches 1000 at the end of a deal; the higher total wins.",
        "Gespielt wird, bis einer am Ende eines Spiels 1000 erreicht; die höhere Summe gewinnt.",
        ((B, "game"),), also=("Tausend",),
    ),
    Term(
        "partnership", "besik", "partnership", "Partei",
        "With four players, two partners sitting opposite share one score.",
        "Zu viert spielen zwei Partner, die sich gegenübersitzen, zusammen; sie zählen gemeinsam.",
        ((B, "four-players"),), also=("Parteien", "partners"),
    ),
    Term(
        "standard-bezique", "besik", "standard Bezique", "Standard-Bezique",
        "The English rules, a separate ruleset: brisques, sequence in trumps only, duty to win at the end; game 1000, with three or four players 2000.",
        "Die englischen Regeln, ein eigenes Regelwerk: Brisques, Sequenz nur in Trumpf, Stichzwang am Ende; Partie bis 1000, zu dritt oder zu viert bis 2000.",
        ((B, "standard-bezique"),),
    ),
    Term(
        "state-of-the-cards", "besik", "state of the cards (the hands now)", "Stand der Karten",
        "The Besik source's heading over a list of both players' hands at a point of its example game: each whole hand, the melded cards lying face up included.",
        "So überschreibt die Besik-Quelle die Aufstellung beider Blätter an einer Stelle ihres Beispielspiels: jede ganze Hand, die offen liegenden gemeldeten Karten eingeschlossen.",
        ((B, "melds"),), also=("the hands now", "Kartenstand"),
    ),
)  # fmt: skip


# The Piquet source's machine translation: each form exactly as it stands in the source text.
GARBLED: tuple[Garbled, ...] = (
    Garbled("Klage", "suit (German: Farbe)", "Farbe", "suit"),
    Garbled("Vereine", "clubs (German: Kreuz)", "Kreuz", "clubs"),
    Garbled("Spaten", "spades (German: Pik)", "Pik", "spades"),
    Garbled("Herzen", "hearts (German: Herz)", "Herz", "hearts"),
    Garbled("Diamanten", "diamonds (German: Karo)", "Karo", "diamonds"),
    Garbled("Knave", "jack, left in English (German: Bube)", "Bube (englisch „knave“ stehen gelassen)", "jack"),
    Garbled("Königin", "queen (German: Dame)", "Dame", "queen"),
    Garbled("Händler", "dealer (German: Geber)", "Geber", "dealer"),
    Garbled("ältere Hand", "elder hand (German: Vorhand)", "Vorhand", "elder-hand"),
    Garbled("eider", "elder (hand), a typo", "Vorhand (Tippfehler für „elder“)", "elder-hand"),
    Garbled("theelderhand", "the elder hand, left in English", "Vorhand (englisch stehen gelassen)", "elder-hand"),
    Garbled("jüngere Hand", "younger hand (German: Hinterhand)", "Hinterhand", "younger-hand"),
    Garbled("Vorrat", "the stock (German: Talon)", "Talon", "talon"),
    Garbled("Lager", "the stock (German: Talon)", "Talon", "talon"),
    Garbled("undealtkarten", "the undealt cards: the stock", "die nicht ausgeteilten Karten: der Talon", "talon"),
    Garbled("Gesicht abwärts", "face down", "verdeckt", "talon"),
    Garbled("nach links", "left over (not: to the left)", "übrig gelassen (nicht: nach links)", "exchange"),
    Garbled("Ausschuß", "discard (German: Ablage)", "Ablage", "exchange"),
    Garbled("wegwerfen", "to discard (German: ablegen)", "ablegen", "exchange"),
    Garbled("Verschrottung", "discarding", "das Ablegen", "exchange"),
    Garbled("Gerichtkarten", "court cards (German: Bilder)", "Bilder", "court-cards"),
    Garbled("Zacken", "pips (the card's number)", "der Zahlenwert einer Karte (die Zahl ihrer Farbzeichen)", "point"),
    Garbled("As II", "ace 11 (counts 11 for the point)", "As 11 (zählt beim Point 11)", "ace"),
    Garbled("Punkt", "the point (the combination), or points scored", "der Point (die Kombination) oder Punkte", "point"),
    Garbled("forty-eight", "forty-eight (a point total), left in English", "achtundvierzig (Wert eines Points), englisch stehen gelassen", "point"),
    Garbled("forty-nine", "forty-nine (a point total), left in English", "neunundvierzig (Wert eines Points), englisch stehen gelassen", "point"),
    Garbled("gutes", "good (the answer to a declaration)", "gut (Antwort auf eine Ansage)", "good"),
    Garbled("Gleichgestelltes", "equal (the answer to a declaration)", "gleich (Antwort auf eine Ansage)", "good"),
    Garbled("Reihenfolge", "sequence (German: Sequenz)", "Sequenz", "sequence"),
    Garbled("tiercehaupt", "tierce major", "Terz-Major", "major"),
    Garbled("Quartmajor", "quart major", "Quart-Major", "major"),
    Garbled("tierceminderjährig", "tierce minor", "Terz-Minor", "minor"),
    Garbled("dreiköniginnen", "three queens (a trio)", "drei Damen (ein Trio)", "trio"),
    Garbled("Kerbe", "score", "Punkte, Stand", "points"),
    Garbled("Zählimpulse", "counts, scores", "zählt", "points"),
    Garbled("Auftrag", "order (of the cards, of reckoning)", "Reihenfolge (der Karten, der Zählung)", "reckoning-order"),
    Garbled("berechnet", "reckons, scores", "zählt", "reckoning-order"),
    Garbled("Führer", "the leader (who leads to a trick)", "wer ausspielt", "lead"),
    Garbled("Leitung", "leads (plays first to a trick)", "spielt aus", "lead"),
    Garbled("Leitungas", "leads the ace", "spielt das As aus", "lead"),
    Garbled("Unterhaltas", "keeping the ace (and the jack of spades)", "behält das As (und den Pik-Buben)", "ace"),
    Garbled("Trick", "trick (German: Stich)", "Stich", "trick"),
    Garbled("Abkommen", "deal (German: Spiel)", "Spiel", "deal"),
    Garbled("behandelt", "deals (the cards)", "gibt (die Karten)", "deal"),
    Garbled("Satz", "the pack", "das Kartenspiel", "pack"),
    Garbled("Cartes blanches", "carte blanche", "Carte blanche", "carte-blanche"),
    Garbled("speichert", "saves (prevents) pique and repique", "schützt vor Pique und Repique", "carte-blanche"),
    Garbled("Pikee", "pique (German: Pique, not Pik)", "Pique (nicht Pik, die Farbe)", "pique"),
)  # fmt: skip

TERMS_BY_SLUG: dict[str, Term] = {t.slug: t for t in TERMS}


def terms_for_rule(game: str, anchor: str) -> list[Term]:
    """The glossary entries that link to a rule section: for the rule pages' "terms" links."""
    return [t for t in TERMS if (game, anchor) in t.rules]


@lru_cache(maxsize=512)
def rule_term_links(rule: str, german: bool) -> tuple[tuple[str, str], ...]:
    """(name, address) of the glossary entries of an engine rule reference ``"<game>#<anchor>"``:
    the replay step links them beside each scoring event. Worked out once per rule and
    language (the step page is rendered often; the answer never changes)."""
    game, _sep, anchor = rule.partition("#")
    return tuple((t.name(german), f"/glossary/#{t.anchor}") for t in terms_for_rule(game, anchor))


def rule_url(game: str, anchor: str) -> str:
    return f"/rules/{game}/#{anchor}"


def rule_title(game: str, anchor: str, german: bool) -> str:
    titles = rule_anchors(game).get(anchor)
    if titles is None:
        return anchor
    return titles[1] if german else titles[0]


# ---------------------------------------------------------------- search

MAX_QUERY = 100
_DIGRAPHS = (("ae", "a"), ("oe", "o"), ("ue", "u"))
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def fold(text: str) -> str:
    """Case- and accent-insensitive form: "König", "Konig" and "koenig" all become "konig".

    Accents and umlauts lose their marks, ß becomes ss, and the German spellings ae/oe/ue fold
    like ä/ö/ü (on both sides of a comparison, so words like "Quelle" still match themselves).
    """
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c)).replace("ß", "ss")
    for digraph, single in _DIGRAPHS:
        text = text.replace(digraph, single)
    return text


@lru_cache(maxsize=1024)
def word_pattern(word: str, whole: bool = False) -> re.Pattern[str]:
    """A folded query word as a pattern over folded text: found only where a word starts, so
    "der" is not found inside "Elder", nor "as" inside "etwas"; with or without a hyphen
    between any two of its letters, so "Doppelbesik" finds "Doppel-Besik" and "Tripel-Besik"
    finds "Tripelbesik" (and the same letters are marked for both). ``whole``: the whole word
    only ("hand", not the start of "Händler"), which ranks a result higher.

    >>> bool(word_pattern("der").search("elder")), bool(word_pattern("besik").search("x-besik"))
    (False, True)
    """
    letters = word.replace("-", "") or word
    pattern = r"(?<!\w)" + "-?".join(re.escape(c) for c in letters)
    return re.compile(pattern + (r"(?!\w)" if whole else ""))


Needle = tuple[re.Pattern[str], re.Pattern[str]]
"""What one word of a query (or one card it names) is searched by: (anywhere a word starts,
the whole word only); a card's pattern is a whole name already, so it stands in both places."""

LEVELS = 4
"""How well a document holds a needle, best first: a whole word of its names, the start of a
word of its names, a whole word of its text, the start of a word of its text."""


@dataclass(frozen=True)
class Document:
    kind: Literal["term", "rule", "card"]
    url: str
    title_en: str
    title_de: str
    text_en: str
    text_de: str
    game: str  # "piquet", "besik" or "" (both)
    names: str  # folded: the names a term or section is found by (ranked first)
    body: str  # folded: everything searchable
    garbled: tuple[str, ...] = ()  # the Piquet source's odd words for this term

    def holds(self, word: str) -> bool:
        """Whether a word of the body starts with ``word`` (folded), hyphens or not."""
        return bool(word_pattern(word).search(self.body))

    def is_named(self, word: str) -> bool:
        return bool(word_pattern(word).search(self.names))

    def level(self, needle: Needle) -> int | None:
        """How well the document holds ``needle`` (0 best, see :data:`LEVELS`), or ``None``."""
        start, whole = needle
        for level, (pattern, text) in enumerate(
            ((whole, self.names), (start, self.names), (whole, self.body), (start, self.body))
        ):
            if pattern.search(text):
                return level
        return None


def _documents() -> tuple[Document, ...]:
    docs: list[Document] = []
    garbled: dict[str, list[str]] = {}
    for g in GARBLED:
        garbled.setdefault(g.term, []).append(g.form)
    for term in TERMS:
        # the Piquet source's odd words find what they mean ("Spaten" finds spades)
        names = " | ".join((term.en, term.de, term.fr, *term.also, *garbled.get(term.slug, ())))
        games = {g for g, _ in term.rules}
        docs.append(
            Document(
                kind="term",
                url=f"/glossary/#{term.anchor}",
                title_en=term.en,
                title_de=term.de,
                text_en=term.definition_en,
                text_de=term.definition_de,
                game=games.pop() if len(games) == 1 else "",
                names=fold(names),
                body=fold(" | ".join((names, term.definition_en, term.definition_de))),
                garbled=tuple(garbled.get(term.slug, ())),
            )
        )
    docs.append(_pack_document())
    docs += _rule_documents()
    return tuple(docs)


EXCERPT = 280
"""The most characters of a rule section's text shown in a search result."""


def highlight_excerpt(
    text: str, words: Sequence[str | re.Pattern[str]], size: int = EXCERPT
) -> list[tuple[str, bool]]:
    """:func:`highlight` of at most ``size`` characters of ``text``, around its first match
    (a rule section's text is long; the result shows where the words were found), cut at
    words and marked "…" where cut."""
    if len(text) <= size:
        return highlight(text, words)
    parts = highlight(text, words)
    first, offset = 0, 0
    for part, hit in parts:
        if hit:
            first = offset
            break
        offset += len(part)
    start = max(0, first - size // 3)
    if start:
        space = text.rfind(" ", 0, start + 1)
        start = space + 1 if space >= 0 else start
    end = min(len(text), start + size)
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > first else end
    piece = text[start:end].strip()
    return [
        *([("… ", False)] if start else []),
        *highlight(piece, words),
        *([(" …", False)] if end < len(text) else []),
    ]


def _rule_documents() -> list[Document]:
    """Every section and sub-section of both rule references: found by its titles (and the
    engine's name for the rule, which the replays' rule links show) and its whole text in both
    languages, markup stripped; its address is its anchor on the rule page."""
    from cardtutor.rules.markup import plain
    from cardtutor.rules.reference import GAMES_WITH_RULES, places, section_text

    docs: list[Document] = []
    for game in GAMES_WITH_RULES:
        engine_titles = rule_anchors(game)
        for place in places(game):
            section = place.section
            title_en = plain(section.title.en, german=False)
            title_de = plain(section.title.de, german=True)
            text_en = section_text(section, german=False)
            text_de = section_text(section, german=True)
            names = " | ".join((title_en, title_de, *engine_titles.get(section.anchor, ())))
            docs.append(
                Document(
                    kind="rule",
                    url=rule_url(game, section.anchor),
                    title_en=title_en,
                    title_de=title_de,
                    text_en=text_en,
                    text_de=text_de,
                    game=game,
                    names=fold(names),
                    body=fold(" | ".join((names, text_en, text_de))),
                )
            )
    return docs


_DOCUMENTS: tuple[Document, ...] | None = None


def documents() -> tuple[Document, ...]:
    global _DOCUMENTS
    if _DOCUMENTS is None:
        _DOCUMENTS = _documents()
    return _DOCUMENTS


class QueryError(ValueError):
    """The query cannot be searched; the message says why (English msgid)."""


def clean_query(raw: str) -> tuple[str, bool]:
    """The query to search and whether it was cut to ``MAX_QUERY`` characters.

    Control characters are refused (``QueryError``); surrounding and repeated spaces go.
    """
    if _CONTROL.search(raw):
        raise QueryError("control")
    text = " ".join(raw.split())
    cut = len(text) > MAX_QUERY
    return text[:MAX_QUERY].strip(), cut


def query_words(query: str) -> list[str]:
    """The query's words, folded (at most 12)."""
    return [w for w in re.split(r"[\s,;:!?()\"„“”«»]+", fold(query)) if w][:12]


def highlight(text: str, words: Sequence[str | re.Pattern[str]]) -> list[tuple[str, bool]]:
    """``text`` cut into (part, matched) pieces, the parts matching a folded query word (where a
    word starts, as the search finds it: :func:`word_pattern`) or a pattern marked.

    Folding is done character by character with a map back to the original, so "Konig" marks
    "König" and "koenig" marks "König" too.
    """
    folded: list[str] = []
    origin: list[int] = []
    merged = False  # the last letter has taken an "e" in already: "queen" folds to "quen"
    for index, char in enumerate(text):
        piece = unicodedata.normalize("NFKD", char.casefold())
        piece = "".join(c for c in piece if not unicodedata.combining(c)).replace("ß", "ss")
        for c in piece:
            if c == "e" and folded and folded[-1] in "aou" and origin[-1] != index and not merged:
                merged = True
                continue  # ae/oe/ue fold like ä/ö/ü
            folded.append(c)
            origin.append(index)
            merged = False
    flat = "".join(folded)
    hit = [False] * len(text)
    for word in words:
        pattern = word_pattern(word) if isinstance(word, str) else word
        for match in pattern.finditer(flat):
            if match.end() > match.start():
                for i in range(origin[match.start()], origin[match.end() - 1] + 1):
                    hit[i] = True
    parts: list[tuple[str, bool]] = []
    for char, marked in zip(text, hit, strict=True):
        if parts and parts[-1][1] == marked:
            parts[-1] = (parts[-1][0] + char, marked)
        else:
            parts.append((char, marked))
    return parts


_WORD = re.compile(r"[^\W\d_][\w-]*")


def _vocabulary() -> dict[str, str]:
    """Every word of the glossary's names and the rule sections' texts, folded -> as written
    (words of four letters or more: shorter ones are too alike), for :func:`suggest`."""
    global _VOCABULARY
    if _VOCABULARY is None:
        words: dict[str, str] = {}
        for doc in documents():
            for text in (doc.title_de, doc.title_en, doc.text_de, doc.text_en):
                for word in _WORD.findall(text):
                    if len(word) >= 4:
                        words.setdefault(fold(word), word)
        _VOCABULARY = words
    return _VOCABULARY


_VOCABULARY: dict[str, str] | None = None


def suggest(query: str) -> str | None:
    """A spelling that finds something, for a query that finds nothing: each word found in no
    entry is replaced by the closest word of the texts (``difflib``'s ratio, at least 0.8),
    or ``None`` when no word can be mended or the mended query finds nothing either.

    >>> suggest("Quatorse"), suggest("Trumf"), suggest("Rubicom Stich")
    ('Quatorze', 'Trumpf', 'Rubicon Stich')
    >>> suggest("xyzzy") is None
    True
    """
    typed = [w for w in re.split(r"[\s,;:!?()\"„“”«»]+", query) if w]
    if not typed or len(typed) > 4 or any(len(w) > 30 for w in typed):
        return None  # a few words of normal length: mending more costs more than it helps
    vocabulary = _vocabulary()
    mended = []
    changed = False
    for word in typed:
        folded = fold(word)
        if any(doc.holds(folded) for doc in documents()):
            mended.append(word)
            continue
        close = difflib.get_close_matches(folded, vocabulary, n=1, cutoff=0.8)
        if not close:
            return None
        mended.append(vocabulary[close[0]])
        changed = True
    suggestion = " ".join(mended)
    return suggestion if changed and search(suggestion, limit=1) else None


# ---------------------------------------------------------------- the cards in a query

# Every name of a suit and a rank a learner may write, as the site and its sources write them
# (folded before use). German names stand first in a card's name ("Herz-Bube", "Pik As",
# "Herzdame"); the others after its rank ("jack of hearts", and the Piquet source's
# "König der Diamanten", "Knave der Vereine").
_GERMAN_SUITS = {
    "Kreuz": Suit.CLUBS, "Pik": Suit.SPADES, "Herz": Suit.HEARTS, "Karo": Suit.DIAMONDS,
    "Eckstein": Suit.DIAMONDS,
}  # fmt: skip
_OTHER_SUITS = {
    "clubs": Suit.CLUBS, "club": Suit.CLUBS, "spades": Suit.SPADES, "spade": Suit.SPADES,
    "hearts": Suit.HEARTS, "heart": Suit.HEARTS, "diamonds": Suit.DIAMONDS,
    "diamond": Suit.DIAMONDS, "Vereine": Suit.CLUBS, "Spaten": Suit.SPADES,
    "Herzen": Suit.HEARTS, "Diamanten": Suit.DIAMONDS,
}  # fmt: skip
_GERMAN_RANKS = {
    "As": Rank.ACE, "Ass": Rank.ACE, "Asse": Rank.ACE, "König": Rank.KING,
    "Könige": Rank.KING, "Dame": Rank.QUEEN, "Damen": Rank.QUEEN, "Bube": Rank.JACK,
    "Buben": Rank.JACK, "Bauer": Rank.JACK, "Bauern": Rank.JACK, "Zehn": Rank.TEN,
    "Zehnen": Rank.TEN, "Neun": Rank.NINE, "Acht": Rank.EIGHT, "Sieben": Rank.SEVEN,
    "10": Rank.TEN, "9": Rank.NINE, "8": Rank.EIGHT, "7": Rank.SEVEN,
}  # fmt: skip
_OTHER_RANKS = _GERMAN_RANKS | {
    "ace": Rank.ACE, "aces": Rank.ACE, "king": Rank.KING, "kings": Rank.KING,
    "queen": Rank.QUEEN, "queens": Rank.QUEEN, "jack": Rank.JACK, "jacks": Rank.JACK,
    "knave": Rank.JACK, "knaves": Rank.JACK, "ten": Rank.TEN, "tens": Rank.TEN,
    "nine": Rank.NINE, "nines": Rank.NINE, "eight": Rank.EIGHT, "eights": Rank.EIGHT,
    "seven": Rank.SEVEN, "sevens": Rank.SEVEN,
}  # fmt: skip
# The move list's notation (``card_chip``): the index, English A K Q J or German A K D B, or
# the number, then the suit's symbol (the outlined ones too).
_INDICES = {
    "A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "D": Rank.QUEEN, "J": Rank.JACK,
    "B": Rank.JACK, "T": Rank.TEN, "10": Rank.TEN, "9": Rank.NINE, "8": Rank.EIGHT,
    "7": Rank.SEVEN,
}  # fmt: skip
_SYMBOLS = {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
}  # fmt: skip


def _folded(names: Mapping[str, Suit | Rank]) -> dict[str, Suit | Rank]:
    return {fold(name): value for name, value in names.items()}


def _either(words: Iterable[str]) -> str:
    """A regular-expression alternative of ``words`` (folded already), the longest first."""
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_FOLDED = {
    "ds": _folded(_GERMAN_SUITS),
    "dr": _folded(_GERMAN_RANKS),
    "er": _folded(_OTHER_RANKS),
    "es": _folded(_OTHER_SUITS),
    "sr": _folded(_INDICES),
    "ss": _folded(_SYMBOLS),
}
_CARD_NAME = re.compile(
    r"(?<!\w)(?:(?:the|der|die|das|den|dem|des)\s+)?(?:"
    rf"(?P<ds>{_either(_FOLDED['ds'])})\s*[-=]?\s*(?P<dr>{_either(_FOLDED['dr'])})"
    rf"|(?P<er>{_either(_FOLDED['er'])})\s+(?:of|der|von)\s+(?:the\s+)?"
    rf"(?P<es>{_either(_FOLDED['es'])})"
    rf"|(?P<sr>{_either(_FOLDED['sr'])})\s*(?P<ss>{_either(_FOLDED['ss'])})\ufe0f?"
    r")(?!\w)"
)
"""A card's name in a folded query: "herz-bube", "pik as", "herzdame", "jack of hearts",
"the queen of spades", "konig der diamanten", "q♠", "10♥"."""


@dataclass(frozen=True)
class Query:
    """A query taken apart: the cards it names (by any of their names, in either language, or
    in the move list's notation) and its other words, folded."""

    cards: tuple[Card, ...]
    words: tuple[str, ...]


def parse_query(query: str) -> Query:
    """The cards a query names and its other words (at most 12, each with a letter or digit:
    a lone hyphen or symbol starts no word).

    >>> parse_query("Herz-Bube"), parse_query("Pik As").cards, parse_query("Q♠ Besik")
    (Query(cards=(Card.parse('JH'),), words=()), (Card.parse('AS'),), \
Query(cards=(Card.parse('QS'),), words=('besik',)))
    """
    cards: list[Card] = []

    def take(match: re.Match[str]) -> str:
        keys = ("ds", "dr") if match["ds"] else ("es", "er") if match["es"] else ("ss", "sr")
        suit, rank = (_FOLDED[key][match[key]] for key in keys)
        assert isinstance(suit, Suit) and isinstance(rank, Rank)
        if Card(suit, rank) not in cards:
            cards.append(Card(suit, rank))
        return " "

    rest = _CARD_NAME.sub(take, fold(query))
    words = [w for w in query_words(rest) if re.search(r"\w", w)]
    return Query(tuple(cards), tuple(words[:12]))


@lru_cache(maxsize=32)
def card_pattern(card: Card) -> re.Pattern[str]:
    """Where a folded text names ``card``: "Herz-Bube", "Herz-Bauer", "den Herz-Buben",
    "Herzbube", "jack of hearts", "Knave der Herzen"; a whole name, never a word inside one."""
    german = f"(?:{_either(w for w, v in _FOLDED['ds'].items() if v is card.suit)})"
    german += f"[-=]?(?:{_either(w for w, v in _FOLDED['dr'].items() if v is card.rank)})"
    other = f"(?:{_either(w for w, v in _FOLDED['er'].items() if v is card.rank)})"
    other += r"\s+(?:of|der)\s+(?:the\s+)?"
    other += f"(?:{_either(w for w, v in _FOLDED['es'].items() if v is card.suit)})"
    return re.compile(rf"(?<!\w)(?:{german}|{other})(?!\w)")


@lru_cache(maxsize=16)
def _named(value: Suit | Rank) -> re.Pattern[str]:
    """A rank's or a suit's own names as whole words, to mark them in its glossary entry."""
    words = _OTHER_RANKS if isinstance(value, Rank) else _GERMAN_SUITS | _OTHER_SUITS
    names = {fold(w) for w, v in words.items() if v is value and not w.isdigit()}
    return re.compile(rf"(?<!\w)(?:{_either(names)})(?!\w)")


# The glossary entries of a card's rank and suit (the nine, eight and seven have none).
_RANK_TERMS = {
    Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.TEN: "ten",
}  # fmt: skip
_SUIT_TERMS = {
    Suit.CLUBS: "clubs", Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
}  # fmt: skip


def card_anchor(card: Card) -> str:
    """The card's anchor on the pack page (``/cards/#card-qs``), which the search links to."""
    return f"card-{card.code.lower()}"


_PACK_EN = "The pack"
_PACK_DE = "Das Kartenblatt"


def _pack_document() -> Document:
    """The pack page as a whole: found by what it is and shows."""
    text_en = (
        "All 32 cards of the pack with their English and German names: ace, king, queen, "
        "jack, ten, nine, eight and seven in clubs, spades, hearts and diamonds; the "
        "four-colour deck tells the suits apart by colour as well."
    )
    text_de = (
        "Alle 32 Karten des Kartenblatts mit ihren deutschen und englischen Namen: As, König, "
        "Dame, Bube, Zehn, Neun, Acht und Sieben in Kreuz, Pik, Herz und Karo; das "
        "Vierfarbenblatt unterscheidet die Farben auch durch die Farbe."
    )
    names = " | ".join((_PACK_EN, _PACK_DE, "cards", "Karten", "card names", "Kartennamen"))
    return Document(
        kind="card",
        url="/cards/",
        title_en=_PACK_EN,
        title_de=_PACK_DE,
        text_en=text_en,
        text_de=text_de,
        game="",
        names=fold(names),
        body=fold(" | ".join((names, text_en, text_de))),
    )


_PRONOUNS = {"der": "er", "die": "sie", "das": "es"}


def _card_document(card: Card) -> Document:
    """One card of the pack page: its names in both languages (a jack's German name in Piquet
    and in Besik), what it counts in each game (the engines' own values) and, for the Besik
    cards, the meld they make."""
    from cardtutor.engine.besik import AUGEN
    from cardtutor.engine.piquet.declarations import point_value

    value, augen = point_value([card])[1], AUGEN[card.index]
    en, de, bauer = card.name("en"), card.name("de"), card.name("de", jack="Bauer")
    der_de = card.name_with_article("de")
    pronoun = _PRONOUNS[der_de.split(" ", 1)[0]]  # das As: es; der König: er; die Dame: sie
    augen_en = f"{augen} Augen (card points)" if augen else "no Augen (card points)"
    augen_de = f"{augen} Augen" if augen else "keine Augen"
    text_en = (
        f"In Piquet the {en} counts {value} for the point; in Besik tricks it is worth {augen_en}."
    )
    text_de = (
        f"Im Piquet zählt {der_de} für den Point {value}, im Besik bringt {pronoun} in den "
        f"Stichen {augen_de}."
    )
    if card.rank is Rank.JACK:
        text_en += f" German Besik players call it {bauer}."
        text_de += f" Im Besik heißt {pronoun} {bauer}."
    partner = {"QS": Card.parse("JD"), "JD": Card.parse("QS")}.get(card.code)
    if partner is not None:
        text_en += f" With the {partner.name('en')} it makes a Besik (40)."
        with_partner = partner.name_with_article("de", "dat", jack="Bauer")
        text_de += f" Mit {with_partner} bildet {pronoun} den Besik (40)."
    names = " | ".join(dict.fromkeys((en, de, bauer)))
    return Document(
        kind="card",
        url=f"/cards/#{card_anchor(card)}",
        title_en=en,
        title_de=de,
        text_en=text_en,
        text_de=text_de,
        game="",
        names=fold(names),
        body=fold(" | ".join((names, text_en, text_de))),
    )


@lru_cache(maxsize=1)
def card_documents() -> dict[Card, Document]:
    """The 32 cards of the pack page, found only by a card's name (a suit's or a rank's name
    alone finds its glossary entry, not eight or four cards)."""
    return {card: _card_document(card) for card in ALL_CARDS}


# ---------------------------------------------------------------- search

Hit = tuple[Document, tuple[re.Pattern[str], ...]]
"""A result and what to mark in it: what it was found by."""


_ENDINGS = (
    ("ies", 3), ("ing", 4), ("ern", 4), ("en", 4), ("er", 4), ("em", 4), ("es", 3), ("ed", 4),
    ("e", 3), ("s", 3), ("n", 4), ("y", 5),
)  # fmt: skip
"""Inflections a query word may carry, each with the shortest stem it may leave (shorter
stems are too alike: "play" must not become "pla", "Augen" becomes "Auge", not "Aug")."""


def stem(word: str) -> str:
    """A folded query word without the ending of its inflection, so that other forms of the
    word are found where a word starts: a plural, a German case or a past tense. Only the
    query is cut (the texts keep their words), and a result holding the word as typed still
    ranks first (:data:`LEVELS`). Not a full stemmer: one ending, the first that fits.

    >>> [stem(w) for w in ("heiraten", "letzter", "marriages", "equality", "ties", "augen")]
    ['heirat', 'letzt', 'marriag', 'equalit', 'tie', 'auge']
    >>> [stem(w) for w in ("play", "der", "the", "pik", "doppel-besik", "quart")]
    ['play', 'der', 'the', 'pik', 'doppel-besik', 'quart']
    """
    if not word.isalpha():
        return word
    for ending, shortest in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= shortest:
            return word[: -len(ending)]
    return word


def _needle(word: str) -> Needle:
    return word_pattern(stem(word)), word_pattern(word, whole=True)


def _matching(needles: Sequence[Needle]) -> list[Hit]:
    """Every document holding all ``needles``, the best held first (their worst level decides,
    see :data:`LEVELS`), then in the documents' order: glossary entries, the pack page, rule
    sections."""
    found: list[tuple[int, int, Document]] = []
    for position, doc in enumerate(documents()):
        levels = [doc.level(needle) for needle in needles]
        if levels and None not in levels:
            found.append((max(level for level in levels if level is not None), position, doc))
    found.sort(key=lambda item: (item[0], item[1]))
    marks = tuple(start for start, _whole in needles)
    return [(doc, marks) for _level, _position, doc in found]


def search_hits(query: str, limit: int = 50) -> list[Hit]:
    """:func:`search`, each result with the patterns that found it (for :func:`highlight`).

    A query that is only card names ("Herz-Bube", "jack of hearts", "Q♠") finds each card on
    the pack page, then the glossary entries of its rank and suit, then whatever names the
    card, in either language; card names with other words find what names the cards and holds
    the words. Anything else finds what holds every word where a word starts.
    """
    parsed = parse_query(query)
    cards = [(card_pattern(c), card_pattern(c)) for c in parsed.cards]
    hits: list[Hit] = []
    if parsed.cards and not parsed.words:
        by_url = {doc.url: doc for doc in documents()}
        marks = tuple(pattern for pattern, _whole in cards)
        hits += [(card_documents()[card], marks) for card in parsed.cards]
        for card in parsed.cards:
            rank = _RANK_TERMS.get(card.rank)
            if rank is not None:
                hits.append((by_url[f"/glossary/#term-{rank}"], (_named(card.rank),)))
            hits.append((by_url[f"/glossary/#term-{_SUIT_TERMS[card.suit]}"], (_named(card.suit),)))
    hits += _matching(cards + [_needle(w) for w in parsed.words])
    if parsed.cards and parsed.words and not hits:
        # the words did not go with the cards: read every word as a word
        hits = _matching([_needle(w) for w in query_words(query) if re.search(r"\w", w)])
    unique: dict[str, Hit] = {}
    for hit in hits:
        unique.setdefault(hit[0].url, hit)
    return list(unique.values())[:limit]


def search(query: str, limit: int = 50) -> list[Document]:
    """Every glossary entry, the pack page and every rule section holding all the query's words
    (folded, where a word starts) or naming the cards it names, in either language: whole words
    of the names first, then glossary entries before rule sections (see :func:`search_hits`)."""
    return [doc for doc, _marks in search_hits(query, limit)]
