"""The Piquet rule reference (English and German, with examples computed by the engine).

The sections follow a learner through a deal and a partie. Every anchor the engine links to
(:data:`cardtutor.engine.piquet.RULE_ANCHORS`) is a section or a sub-section here and holds at
least one :class:`Example` built from engine states (:mod:`.piquet_examples`). Where a rule is
our reading of a garbled or silent source (``RULES.md``), a :class:`Ruling` quotes the source's
own words; rules taken from Cavendish's *Laws of Piquet* carry an :class:`Origin`.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtutor.engine.cards import ALL_CARDS, Rank
from cardtutor.engine.piquet.constants import (
    CARDS_DEALT,
    ELDER_STOCK,
    PARTIE_BONUS,
    PARTIE_DEALS,
    PIQUE_AT,
    POINTS_CAPOT,
    POINTS_CARDS,
    POINTS_CARTE_BLANCHE,
    POINTS_LAST_TRICK,
    POINTS_LEAD,
    POINTS_PIQUE,
    POINTS_QUATORZE,
    POINTS_REPIQUE,
    POINTS_TRICK,
    POINTS_TRIO,
    RUBICON,
    STOCK,
    YOUNGER_STOCK,
    sequence_points,
)
from cardtutor.engine.piquet.declarations import point_value
from cardtutor.rules.content import piquet_examples as ex
from cardtutor.rules.model import Example, Origin, Para, Ruling, Section, Shown, Table, Text

__all__ = ["SECTIONS"]


def T(en: str, de: str) -> Text:
    return Text(en, de)


def P(en: str, de: str, *items: tuple[str, str]) -> Para:
    return Para(Text(en, de), tuple(Text(i_en, i_de) for i_en, i_de in items))


def R(en: str, de: str, quote: str, where_en: str, where_de: str) -> Ruling:
    return Ruling(
        Text(en, de), quote, Text(f"Piquet source, {where_en}", f"Piquet-Quelle, {where_de}")
    )


def Src(en: str, de: str) -> Origin:
    return Origin(Text(en, de))


def X(key: str, en: str, de: str, build: Callable[[], Shown]) -> Example:
    return Example(key, Text(en, de), build)


# --------------------------------------------------------------------------------------------
# Tables computed from the engine's constants
# --------------------------------------------------------------------------------------------

_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)


def _pips(rank: Rank) -> int:
    card = next(c for c in ALL_CARDS if c.rank is rank)
    return point_value([card])[1]


CARD_TABLE = Table(
    T("The cards, highest first", "Die Karten, die höchste zuerst"),
    (
        (
            T("Card", "Karte"),
            T("Order in play", "Rang im Spiel"),
            T("Counts for the point", "Wert für den Point"),
            T("Court card?", "Bild?"),
        ),
        *(
            (
                T(r.name_in("en").capitalize(), r.name_in("de")),
                T(str(i), str(i)),
                T(str(_pips(r)), str(_pips(r))),
                T("yes", "ja") if r.is_court else T("no", "nein"),
            )
            for i, r in enumerate(_RANKS, start=1)
        ),
    ),
    numeric=(2,),
)

_SEQ_NAMES = (
    (3, "tierce", "Terz", "tierce"),
    (4, "quart", "Quart", "quart"),
    (5, "quint", "Quinte", "quint"),
    (6, "sixième", "Sixième (Sexte)", "sixieme"),
    (7, "septième", "Septième (Septime)", "septieme"),
    (8, "huitième", "Huitième (Oktave)", "huitieme"),
)

SEQUENCE_TABLE = Table(
    T("Sequences and what they score", "Sequenzen und was sie zählen"),
    (
        (T("Cards in suit order", "Karten in Folge"), T("Name", "Name"), T("Points", "Punkte")),
        *(
            (
                T(str(n), str(n)),
                T(f"[[{slug}|{en}]]", f"[[{slug}|{de}]]"),
                T(str(sequence_points(n)), str(sequence_points(n))),
            )
            for n, en, de, slug in _SEQ_NAMES
        ),
    ),
    numeric=(2,),
)

SET_TABLE = Table(
    T(
        "Quatorzes and trios (aces, kings, queens, jacks or tens only)",
        "Quatorze und Trios (nur Asse, Könige, Damen, Buben oder Zehnen)",
    ),
    (
        (T("Cards of one rank", "Karten eines Rangs"), T("Name", "Name"), T("Points", "Punkte")),
        (
            T("4", "4"),
            T("[[quatorze]]", "[[quatorze]]"),
            T(str(POINTS_QUATORZE), str(POINTS_QUATORZE)),
        ),
        (T("3", "3"), T("[[trio]]", "[[trio]]"), T(str(POINTS_TRIO), str(POINTS_TRIO))),
    ),
    numeric=(2,),
)

RECKONING_TABLE = Table(
    T("The order of reckoning", "Die Reihenfolge der Zählung"),
    (
        (T("Order", "Rang"), T("What", "Was"), T("Points", "Punkte")),
        (
            T("I", "I"),
            T("[[carte-blanche]]", "[[carte-blanche]]"),
            T(str(POINTS_CARTE_BLANCHE), str(POINTS_CARTE_BLANCHE)),
        ),
        (T("II", "II"), T("the [[point]]", "der [[point|Point]]"), T("1 per card", "1 je Karte")),
        (
            T("III", "III"),
            T("[[sequence|sequences]]", "[[sequence|Sequenzen]]"),
            # word joiners: "15–18" is not broken at its dash in a narrow column
            T("3, 4, 15\u2060–\u206018", "3, 4, 15\u2060–\u206018"),
        ),
        (
            T("IV", "IV"),
            T("[[quatorze|quatorzes]] and [[trio|trios]]", "[[quatorze]] und [[trio|Trios]]"),
            T(f"{POINTS_QUATORZE}, {POINTS_TRIO}", f"{POINTS_QUATORZE}, {POINTS_TRIO}"),
        ),
        (
            T("V", "V"),
            T(
                "points made in play (leads, tricks, the last trick)",
                "Punkte im Stichspiel (Ausspielen, Stiche, letzter Stich)",
            ),
            T("1 each", "je 1"),
        ),
        (
            T("VI", "VI"),
            T("[[the-cards]] or [[capot]]", "[[the-cards|die Karten]] oder [[capot]]"),
            T(f"{POINTS_CARDS} or {POINTS_CAPOT}", f"{POINTS_CARDS} oder {POINTS_CAPOT}"),
        ),
    ),
)

DIALOGUE_TABLE = Table(
    T(
        "How younger answers elder's point",
        "Wie die Hinterhand auf den Point der Vorhand antwortet",
    ),
    (
        (
            T("Younger's best suit", "Die beste Farbe der Hinterhand"),
            T("Younger says", "Die Hinterhand sagt"),
        ),
        (T("fewer cards", "weniger Karten"), T("“Good.”", "„Gut.“")),
        (T("more cards", "mehr Karten"), T("“Not good.”", "„Nicht gut.“")),
        (
            T("as many cards", "gleich viele Karten"),
            T(
                "“Equal.” or “What do they make?”, then on the pips: “Good.”, “Equal.” or “Not good.”",
                "„Gleich.“ oder „Wie viel?“, dann nach dem Wert: „Gut.“, „Gleich.“ oder „Nicht gut.“",
            ),
        ),
    ),
)


# --------------------------------------------------------------------------------------------
# The sections
# --------------------------------------------------------------------------------------------

OVERVIEW = Section(
    "overview",
    T("Overview and object of the game", "Überblick und Ziel des Spiels"),
    (
        P(
            "[[piquet|Piquet]] is a game for two players with a [[pack|pack]] of 32 cards: ace, king, "
            "queen, jack, ten, nine, eight and seven in each of the four [[suit|suits]]. The "
            "version described here is [[rubicon-piquet|Rubicon Piquet]], the form the "
            "Britannica of 1911 describes, condensed from Cavendish's Laws of Piquet.",
            "[[piquet|Piquet]] ist ein Spiel für zwei mit einem [[pack|Kartenspiel]] von 32 "
            "Karten: As, König, Dame, Bube, Zehn, Neun, Acht und Sieben in jeder der vier "
            "[[suit|Farben]]. Beschrieben wird [[rubicon-piquet|Rubikon-Piquet]], wie es die "
            "Britannica von 1911 nach Cavendishs Laws of Piquet darstellt.",
        ),
        P(
            "A [[partie]] is six deals. In each deal both players score points for what they "
            "hold (declarations) and for the play of twelve tricks. After six deals the higher "
            "total wins the partie; the loser should make at least 100, or he is "
            "[[rubicon|rubiconed]] and loses far more.",
            "Eine [[partie]] hat sechs Spiele. In jedem Spiel zählen beide Spieler Punkte für "
            "das, was sie in der Hand halten (Ansagen), und für das Stichspiel mit zwölf "
            "Stichen. Nach sechs Spielen gewinnt die höhere Summe; der Verlierer sollte "
            "wenigstens 100 erreichen, sonst bleibt er unter dem [[rubicon|Rubikon]] und "
            "verliert weit mehr.",
        ),
        P(
            "A deal, step by step:",
            "Ein Spiel, Schritt für Schritt:",
            (
                "the [[dealer]] gives twelve cards to each player; eight form the [[talon|stock]];",
                "der [[dealer|Geber]] gibt jedem zwölf Karten; acht bilden den [[talon]];",
            ),
            (
                "a hand without king, queen or jack is a [[carte-blanche]] and scores at once;",
                "eine Hand ohne König, Dame und Bube ist eine [[carte-blanche]] und zählt sofort;",
            ),
            (
                "the [[elder-hand]] (the non-dealer), then the [[younger-hand]] (the dealer) "
                "[[exchange|discard and draw]] from the stock;",
                "die [[elder-hand|Vorhand]] (wer nicht gibt), dann die [[younger-hand|Hinterhand]] "
                "(der Geber) [[exchange|legen ab und kaufen]] aus dem Talon;",
            ),
            (
                "they [[declaring|declare]] the [[point]], [[sequence|sequences]], "
                "[[quatorze|quatorzes]] and [[trio|trios]]; what is good scores;",
                "sie [[declaring|sagen an]]: [[point|Point]], [[sequence|Sequenzen]], "
                "[[quatorze]] und [[trio|Trios]]; was gut ist, zählt;",
            ),
            (
                "they play twelve [[trick|tricks]], without trumps, scoring for leads and tricks;",
                "sie spielen zwölf [[trick|Stiche]] ohne Trumpf und zählen für Ausspielen und Stiche;",
            ),
            (
                "most tricks win [[the-cards]]; all twelve make [[capot]]; reaching 30 early "
                "makes a [[pique]] or a [[repique]].",
                "die meisten Stiche gewinnen [[the-cards|die Karten]], alle zwölf machen "
                "[[capot]]; wer früh 30 erreicht, macht ein [[pique]] oder ein [[repique]].",
            ),
        ),
        R(
            "The German translation we work from jumps from the game's history straight to "
            "this sentence, and so loses the pack, the partie and its settlement. We take them "
            "from the English original: a 32-card pack; a partie of six deals; the winner gains "
            "the difference of the totals plus 100, or, if the loser has under 100, their sum "
            "plus 100.",
            "Die deutsche Übersetzung, auf der wir aufbauen, springt von der Geschichte des "
            "Spiels direkt zu diesem Satz und verliert dabei das Kartenspiel, die Partie und "
            "ihre Abrechnung. Wir nehmen sie aus dem englischen Original: 32 Karten; eine "
            "Partie aus sechs Spielen; der Gewinner erhält die Differenz der Summen plus 100, "
            "oder, wenn der Verlierer unter 100 hat, ihre Summe plus 100.",
            "Piquet, das auf diese Art gespielt wird, wird Rubicon Piquet genannt.",
            "the opening",
            "der Anfang",
        ),
        P(
            "The source is a machine translation of the English article and garbles many "
            "words: “Vereine” are clubs, “Spaten” spades, “Knave” the jack, “Klage” a suit, "
            "“ältere/jüngere Hand” the [[elder-hand]] and [[younger-hand]]. The "
            "[[piquet|glossary]] lists them all.",
            "Die Quelle ist eine maschinelle Übersetzung des englischen Artikels und "
            "verstümmelt viele Wörter: „Vereine“ sind Kreuz, „Spaten“ Pik, „Knave“ der Bube, "
            "„Klage“ eine Farbe, „ältere/jüngere Hand“ [[elder-hand|Vorhand]] und "
            "[[younger-hand|Hinterhand]]. Das Glossar nennt sie alle.",
        ),
    ),
)

CARDS_ORDER = Section(
    "cards-order",
    T("The cards and their order", "Die Karten und ihre Rangfolge"),
    (
        P(
            "In every suit the cards rank ace (highest), king, queen, jack, ten, nine, eight, "
            "seven (lowest). There are no trumps. The same order makes the "
            "[[sequence|sequences]].",
            "In jeder Farbe ist die Rangfolge As (höchste Karte), König, Dame, Bube, Zehn, "
            "Neun, Acht, Sieben (niedrigste). Es gibt keinen Trumpf. Dieselbe Folge bildet die "
            "[[sequence|Sequenzen]].",
        ),
        P(
            "For the [[point]] the cards are counted: the ace 11, king, queen, jack and ten 10 "
            "each, the others their [[card-value|face value]]. The king, queen and jack are the "
            "[[court-cards]]; the ten counts like them but is not one.",
            "Für den [[point|Point]] werden die Karten gezählt: das As 11, König, Dame, Bube und Zehn "
            "je 10, die anderen ihren [[card-value|Zahlenwert]]. König, Dame und Bube sind die "
            "[[court-cards|Bilder]]; die Zehn zählt wie sie, ist aber keines.",
        ),
        CARD_TABLE,
        R(
            "The translation prints the ace's value as “As II”: read 11 (the English has "
            "“ace 11”).",
            "Die Übersetzung druckt den Wert des Asses als „As II“: zu lesen ist 11 (im "
            "Englischen „ace 11“).",
            "As II; Gerichtkarten, 10 je; andere Karten, die Zahl Zacken auf jedem.",
            "on declaring",
            "zum Ansagen",
        ),
        X("card-values", "Counting a point", "Einen Point zählen", ex.build_card_values),
    ),
)

DEAL = Section(
    "deal",
    T("The deal", "Das Geben"),
    (
        P(
            "The players [[cut-for-deal|cut for deal]]; the higher card chooses, and usually chooses to deal "
            "first. After that the deal alternates, so that each deals three times in a "
            "[[partie]]. The [[dealer]] is the [[younger-hand]]; his opponent is the "
            "[[elder-hand]], who has the advantage of taking more cards and of leading.",
            "Wer gibt, wird durch [[cut-for-deal|Abheben]] bestimmt: Wer die höhere Karte abhebt, hat "
            "die Wahl und gibt meist zuerst. Danach wechselt das Geben, so dass jeder in einer [[partie]] dreimal "
            "gibt. Der [[dealer|Geber]] ist die [[younger-hand|Hinterhand]], sein Gegner die "
            "[[elder-hand|Vorhand]], die mehr Karten kaufen darf und ausspielt.",
        ),
        P(
            f"The dealer gives {CARDS_DEALT} cards to each player, two at a time, his opponent "
            f"first. The {STOCK} cards left over are the [[talon|stock]], laid face down: the "
            f"top {ELDER_STOCK} are the elder hand's to draw from, the bottom {YOUNGER_STOCK} "
            "the younger hand's.",
            f"Der Geber gibt jedem {CARDS_DEALT} Karten, je zwei auf einmal, dem Gegner zuerst. "
            f"Die übrigen {STOCK} Karten sind der [[talon]] und liegen verdeckt: aus den oberen "
            f"{ELDER_STOCK} kauft die Vorhand, aus den unteren {YOUNGER_STOCK} die Hinterhand.",
        ),
        Src(
            "Cutting for deal, the alternation of the deal and the fixed way of dealing are "
            "from Cavendish, Laws of Piquet, Laws 4, 9 and 16; the translation does not say "
            "them.",
            "Das Abheben, das den Geber bestimmt, der Wechsel des Gebens und die feste Art zu "
            "geben stammen aus Cavendish, Laws of Piquet, Gesetze 4, 9 und 16; die "
            "Übersetzung nennt sie nicht.",
        ),
        R(
            "The source allows dealing two or three cards at a time. Cavendish fixes the choice for "
            "the whole partie; it changes nothing in the game, so we always deal in twos.",
            "Die Quelle erlaubt, je zwei oder je drei Karten auf einmal zu geben. Cavendish legt die Wahl für "
            "die ganze Partie fest; am Spiel ändert sie nichts, also geben wir immer zu zweit.",
            "Der Händler behandelt zwölf Karten bis seinen Gegner und zwölf zu, zwei "
            "hintereinander oder drei hintereinander.",
            "on the deal",
            "zum Geben",
        ),
        X("deal", "A deal as it lies", "Ein Spiel, wie es liegt", ex.build_deal),
    ),
)

CARTE_BLANCHE = Section(
    "carte-blanche",
    T("Carte blanche", "Carte blanche"),
    (
        P(
            f"A player dealt no king, queen or jack among his twelve cards holds "
            f"[[carte-blanche]] and scores {POINTS_CARTE_BLANCHE}. Tens do not spoil it. It "
            "scores first of everything in the deal, so it counts toward a [[pique]] or "
            "[[repique]] and also saves its holder from them "
            "([[reckoning-order|order of reckoning]]).",
            f"Wer unter seinen zwölf Karten keinen König, keine Dame und keinen Buben hat, hält "
            f"eine [[carte-blanche]] und zählt {POINTS_CARTE_BLANCHE}. Zehnen schaden nicht. "
            "Sie wird vor allem anderen im Spiel gezählt, zählt also für ein [[pique]] oder "
            "[[repique]] mit und bewahrt ihren Inhaber zugleich davor "
            "([[reckoning-order|Reihenfolge der Zählung]]).",
        ),
        P(
            "The holder announces it at once. He shows it after his opponent has discarded: "
            "he lays his twelve cards face up, then takes them back. Elder with carte blanche "
            "first says how many cards he will take, so that younger can discard knowing it.",
            "Der Inhaber sagt sie sofort an. Er zeigt sie, nachdem der Gegner abgelegt hat: er "
            "legt seine zwölf Karten offen hin und nimmt sie wieder auf. Hat die Vorhand eine "
            "Carte blanche, sagt sie zuerst, wie viele Karten sie kaufen wird, damit die "
            "Hinterhand in Kenntnis davon ablegen kann.",
        ),
        R(
            "The translation garbles when the carte blanche is announced and shown. We rule: "
            "it is announced and scored as soon as the cards are dealt, and shown after the "
            "opponent's exchange (younger's after elder's, elder's after younger's). Both "
            "players can never hold one in the same deal.",
            "Die Übersetzung verstümmelt, wann die Carte blanche angesagt und gezeigt wird. "
            "Unsere Regel: Sie wird angesagt und gezählt, sobald gegeben ist, und nach dem "
            "Kauf des Gegners gezeigt (die der Hinterhand nach dem der Vorhand, die der Vorhand "
            "nach dem der Hinterhand). Es können nie beide im selben Spiel eine haben.",
            "Der nachteilige Ausschuß wird dann (wie unter der Verschrottung erklärt) "
            "gebildet, nachdem wird die Cartes blanches gezeigt, indem man die Karten, "
            "Gesicht aufwärts auf der Tabelle behandelt; sie werden dann zurück in die Hand "
            "genommen.",
            "paragraph ‘Carte blanche’",
            "Absatz „Carte blanche“",
        ),
        X(
            "carte-blanche",
            "Elder's carte blanche",
            "Carte blanche der Vorhand",
            ex.build_carte_blanche,
        ),
    ),
)

EXCHANGE_LEFT = Section(
    "left-cards",
    T("Cards left in the stock", "Liegengelassene Karten"),
    (
        P(
            "A player need not take all the cards he may. Elder may look at those of his five "
            "he leaves; they go back on top of the stock and become younger's to draw from. "
            "If younger leaves cards, he says how many; he may look at them, and if he does, "
            "elder may see them too once he has led his first card (or named the suit he "
            "leads first). Younger decides whether to look before he plays to that first card. "
            "If younger does not look, nobody does.",
            "Niemand muss alle Karten kaufen, die ihm zustehen. Die Vorhand darf die Karten "
            "ihrer fünf ansehen, die sie liegen lässt; sie kommen oben auf den Talon zurück, "
            "und die Hinterhand darf sie kaufen. Lässt die Hinterhand Karten liegen, sagt sie, "
            "wie viele; sie darf sie ansehen, und tut sie es, darf auch die Vorhand sie sehen, "
            "sobald sie die erste Karte ausgespielt (oder die Farbe genannt) hat, mit der sie "
            "beginnt. Ob sie hinsieht, entscheidet die Hinterhand, bevor sie zu dieser ersten "
            "Karte zugibt. Sieht die Hinterhand sie nicht an, sieht sie keiner.",
        ),
        R(
            "“Nach links” in the translation means “left over”, not “to the left”. We rule, "
            "with the English original: younger's look at the cards left over is his choice; "
            "if he looks, elder sees them after his first lead.",
            "„Nach links“ ist in der Übersetzung das englische „left“ im Sinn von „übrig gelassen“, "
            "keine Richtung. Unsere "
            "Regel, nach dem englischen Original: Ob die Hinterhand die übrigen Karten ansieht, "
            "entscheidet sie; sieht sie sie an, sieht die Vorhand sie nach ihrem ersten "
            "Ausspielen.",
            "Er kann die Karten betrachten, die er läßt. Wenn er sie betrachtet, muß er sie der "
            "älteren Hand zeigen, nachdem das Älteste hat die Klage, die er zuerst führt "
            "genannt oder hat eine Karte geführt.",
            "on the exchange",
            "zum Kauf",
        ),
        X("exchange-left", "Cards left over", "Liegengelassene Karten", ex.build_exchange_left),
    ),
)

EXCHANGE = Section(
    "exchange",
    T("The exchange", "Der Kauf aus dem Talon"),
    (
        P(
            "Each player puts aside cards face down (his discard) and draws as many from the "
            "top of the stock. Each must [[exchange|discard]] at least one card.",
            "Jeder legt Karten verdeckt ab und kauft ebenso viele von oben aus dem Talon. Jeder "
            "muss mindestens eine Karte [[exchange|ablegen]].",
            (
                f"The elder hand exchanges first: 1 to {ELDER_STOCK} cards, from his "
                f"{ELDER_STOCK}. If he takes fewer, he says how many he leaves.",
                f"Die Vorhand kauft zuerst: 1 bis {ELDER_STOCK} Karten aus ihren {ELDER_STOCK}. "
                "Nimmt sie weniger, sagt sie, wie viele sie liegen lässt.",
            ),
            (
                f"The younger hand then exchanges 1 card up to all that remain: his "
                f"{YOUNGER_STOCK} and any the elder hand left.",
                f"Dann kauft die Hinterhand mindestens eine, höchstens alle übrigen Karten: ihre "
                f"{YOUNGER_STOCK} und was die Vorhand liegen ließ.",
            ),
            (
                "Each may look at his own discard at any time, but keeps it apart from his hand.",
                "Jeder darf seine eigene Ablage jederzeit ansehen, hält sie aber von seiner "
                "Hand getrennt.",
            ),
        ),
        P(
            "What to keep: the longest suit (the [[point]]), [[sequence|sequences]] and cards "
            "toward [[quatorze|quatorzes]] and [[trio|trios]], and guards to the high cards; "
            "what to throw: short suits and low cards. The exchange drill values a discard by "
            "what the declarations score on average; see also [[sinking]] and the strategy "
            "section below.",
            "Was man behält: die längste Farbe (den [[point|Point]]), [[sequence|Sequenzen]], Karten "
            "für [[quatorze]] und [[trio|Trios]] und Deckung für hohe Karten; was man ablegt: "
            "kurze Farben und niedrige Karten. Die Übung zum Kauf bewertet eine Ablage nach dem, "
            "was die Ansagen im Durchschnitt zählen; siehe auch [[sinking|Verschweigen]] und die "
            "Strategie weiter unten.",
        ),
        X("exchange", "The source's exchange", "Der Kauf in der Quelle", ex.build_exchange),
    ),
    subsections=(EXCHANGE_LEFT,),
    drill="piquet.exchange",
)

DIALOGUE = Section(
    "dialogue",
    T("The dialogue, as spoken", "Das Gespräch beim Ansagen"),
    (
        P(
            "For the [[point]], elder names only the number of cards: “Five cards.” Younger "
            "answers “Good.” if he has fewer, “Not good.” if he has more, and, with as many, "
            "“Equal.” or “What do they make?”. Elder then names the pips, “Forty-nine.”, and "
            "younger answers again. In the source's deal:",
            "Beim [[point|Point]] nennt die Vorhand nur die Zahl der Karten: „Fünf Karten.“ Die "
            "Hinterhand antwortet „Gut.“, wenn sie weniger hat, „Nicht gut.“, wenn sie mehr "
            "hat, und bei gleich vielen „Gleich.“ oder „Wie viel?“. Dann nennt die "
            "Vorhand den Wert, „Neunundvierzig.“, und die Hinterhand antwortet noch einmal. Im "
            "Spiel der Quelle:",
            (
                "A: “Five cards.” – B: “Equal.” (or “What do they make?”)",
                "A: „Fünf Karten.“ – B: „Gleich.“ (oder „Wie viel?“)",
            ),
            ("A: “Forty-nine.” – B: “Good.”", "A: „Neunundvierzig.“ – B: „Gut.“"),
            (
                "A, scoring his point: “Five.” Then his sequence, which is good: “A quart "
                "major: nine.”",
                "A zählt seinen Point: „Fünf.“ Dann seine Sequenz, die gut ist: „Eine "
                "Quart-Major: neun.“",
            ),
            ("A: “Three jacks?” – B: “Not good.”", "A: „Drei Buben?“ – B: „Nicht gut.“"),
            (
                "A leads the ace of hearts: “Ten.” – B, before he plays: “Four tens, fourteen, "
                "and three queens, seventeen.”",
                "A spielt Herz-As aus: „Zehn.“ – B, bevor er spielt: „Vier Zehnen, vierzehn, "
                "und drei Damen, siebzehn.“",
            ),
        ),
        P(
            "Younger need not ask what the point makes unless he holds as many cards. If elder "
            "names the value at once (“Forty-eight.”, or “making eight”), younger answers on "
            "the value. The winner of each category shows or names the cards if asked; the "
            "suit of a good point or sequence is named (“in spades”).",
            "Die Hinterhand muss nur nach dem Wert fragen, wenn sie gleich viele Karten hat. "
            "Nennt die Vorhand den Wert gleich mit („Achtundvierzig.“), antwortet die "
            "Hinterhand auf den Wert. Wer eine Kategorie gewinnt, zeigt oder nennt auf Wunsch "
            "die Karten; bei einem guten Point oder einer guten Sequenz wird die Farbe genannt "
            "(„in Pik“).",
        ),
        DIALOGUE_TABLE,
        R(
            "The translation prints younger's answers as “gutes”, “nicht gutes” and "
            "“Gleichgestelltes”: we say good, not good and equal (gut, nicht gut, gleich). "
            "On this site younger says “Equal.” where he may also ask “What do they make?”.",
            "Die Übersetzung druckt die Antworten der Hinterhand als „gutes“, „nicht gutes“ "
            "und „Gleichgestelltes“: wir sagen gut, nicht gut und gleich. Auf dieser Seite sagt "
            "die Hinterhand „Gleich.“, wo sie auch „Wie viel?“ fragen darf.",
            'Wenn die jüngere Hand auch fünf Karten hat, er "Gleichgestelltes" oder "was '
            'sagen sie bilden? "',
            "on declaring",
            "zum Ansagen",
        ),
        X("dialogue", "The source's declarations", "Die Ansagen der Quelle", ex.build_dialogue),
    ),
    drill="piquet.answering",
)

POINT = Section(
    "point",
    T("The point", "Der Point"),
    (
        P(
            "The [[point]] is the suit with the most cards. With as many cards, the higher "
            "pip total wins (ace 11, court cards and tens 10, others their face value). The "
            "good point scores 1 for each of its cards. If both are equal in number and "
            "pips, neither scores for the point.",
            "Der [[point|Point]] ist die Farbe mit den meisten Karten. Bei gleich vielen Karten "
            "gewinnt der höhere Wert (As 11, Bilder und Zehnen 10, die anderen ihren "
            "Zahlenwert). Der gute Point zählt 1 für jede seiner Karten. Sind beide in Zahl und "
            "Wert gleich, zählt keiner für den Point.",
        ),
        R(
            "The point must be declared first, before sequences and sets, or the right to "
            "declare it is lost. In German we call the combination “Point” (old: Rummel) and "
            "keep “Punkte” for the score; the translation uses “Punkt” for both.",
            "Der Point muss zuerst angesagt werden, vor Sequenzen und Trios, sonst ist das "
            "Recht darauf verloren. Im Deutschen nennen wir die Kombination „Point“ (alt: "
            "Rummel) und behalten „Punkte“ für die Zählung; die Übersetzung sagt für beides "
            "„Punkt“.",
            'Der "Punkt" muß zuerst benannt werden, oder das Recht, ihn zu benennen ist verloren.',
            "on declaring",
            "zum Ansagen",
        ),
        X("point", "Five cards against five", "Fünf Karten gegen fünf", ex.build_point),
    ),
    drill="piquet.answering",
)

SEQUENCES = Section(
    "sequences",
    T("Sequences", "Sequenzen"),
    (
        P(
            "A [[sequence]] is three or more cards of one suit next to each other in the order "
            "ace, king, queen, jack, ten, nine, eight, seven (the ace does not follow the "
            "seven). The longer sequence is good; at equal length, the one with the higher "
            "top card. A sequence headed by the ace is “major” ([[major|tierce major]]), one "
            "ending at the seven “minor” ([[minor|tierce minor]]: nine, eight, seven; a quart "
            "minor is ten to seven); others are named after their top card (“a quart to the "
            "queen”).",
            "Eine [[sequence|Sequenz]] sind drei oder mehr Karten einer Farbe, die in der Folge "
            "As, König, Dame, Bube, Zehn, Neun, Acht, Sieben aufeinander folgen (auf die Sieben "
            "folgt nicht das As). Die längere Sequenz ist gut, bei gleicher Länge die mit der "
            "höheren obersten Karte. Eine Sequenz vom As heißt „Major“ ([[major|Terz-Major]]), "
            "eine bis zur Sieben „Minor“ ([[minor|Terz-Minor]]: Neun, Acht, Sieben; Quart-Minor: "
            "Zehn bis Sieben); die anderen heißen nach ihrer obersten Karte („eine Quart von der "
            "Dame“).",
        ),
        SEQUENCE_TABLE,
        P(
            "A sequence of three or four scores 1 per card; from five cards on, 10 more. The "
            "holder of the best sequence also scores all his other sequences, even one the "
            "opponent could beat; the opponent scores none.",
            "Eine Sequenz von drei oder vier Karten zählt 1 je Karte, ab fünf Karten 10 mehr. "
            "Wer die beste Sequenz hat, zählt auch alle seine anderen, selbst eine, die der "
            "Gegner schlagen könnte; der Gegner zählt keine.",
        ),
        X(
            "sequences",
            "The holder of the best scores them all",
            "Wer die beste hat, zählt alle",
            ex.build_sequences,
        ),
    ),
    drill="piquet.answering",
)

SETS = Section(
    "sets",
    T("Quatorzes and trios", "Quatorze und Trios"),
    (
        P(
            "Four aces, kings, queens, jacks or tens are a [[quatorze]]; three of them a "
            "[[trio]]. Nines, eights and sevens do not count. A quatorze beats any trio; "
            "between two quatorzes or two trios the higher rank wins, so sets cannot be equal. "
            "The holder of the best also scores all his other quatorzes and trios.",
            "Vier Asse, Könige, Damen, Buben oder Zehnen sind ein [[quatorze]], drei davon ein "
            "[[trio]]. Neunen, Achten und Sieben zählen nicht. Ein Quatorze schlägt jedes Trio; "
            "zwischen zwei Quatorzes oder zwei Trios gewinnt der höhere Rang, gleich sein "
            "können sie also nie. Wer das beste hat, zählt auch alle seine anderen.",
        ),
        SET_TABLE,
        X("sets", "Three jacks against four tens", "Drei Buben gegen vier Zehnen", ex.build_sets),
    ),
    drill="piquet.answering",
)

EQUALITIES = Section(
    "equalities",
    T("Equalities", "Gleichheit"),
    (
        P(
            "Two points are equal when they have as many cards and the same pips; two "
            "sequences only when they are identical (same length, same top card). Then "
            "neither player scores anything for that category: not the point, and, for "
            "sequences, not even a second, lower sequence. Quatorzes and trios are never equal.",
            "Zwei Points sind gleich, wenn sie gleich viele Karten und denselben Wert haben, "
            "zwei Sequenzen nur, wenn sie identisch sind (gleich lang, gleiche oberste Karte). "
            "Dann zählt keiner etwas in dieser Kategorie: nicht den Point, und bei Sequenzen "
            "auch keine zweite, niedrigere. Quatorze und Trios sind nie gleich.",
        ),
        R(
            "The source says that with equal best sequences neither player scores “alles für "
            "Reihenfolge” (anything for sequences), though one may hold a second sequence: we "
            "rule that nobody scores any sequence, the second one included.",
            "Die Quelle sagt, bei gleichen besten Sequenzen zähle keiner „alles für "
            "Reihenfolge“ (etwas für Sequenzen), auch wenn einer eine zweite hat: unsere "
            "Regel ist, dass keiner irgendeine Sequenz zählt, auch nicht die zweite.",
            "Wenn die höchste Reihenfolge gleich ist, zählt auch nicht Spieler alles für "
            "Reihenfolge, obwohl ein Spieler eine zweite Reihenfolge des gleichen oder "
            "minderwertigen Wertes halten kann.",
            "on sequences",
            "zu den Sequenzen",
        ),
        X("sequences-equal", "Equal sequences", "Gleiche Sequenzen", ex.build_sequences_equal),
    ),
    drill="piquet.answering",
)

SINKING = Section(
    "sinking",
    T("Sinking", "Verschweigen"),
    (
        P(
            "A player may declare less than he holds, or nothing at all: he [[sinking|sinks]] "
            "it. He may call a shorter point, leave out a sequence, or answer “Good.” to a "
            "combination he could beat. What he sinks does not score, and it does not stop "
            "the opponent's lower combination from being good.",
            "Ein Spieler darf weniger ansagen, als er hat, oder gar nichts: er "
            "[[sinking|verschweigt]] es. Er kann einen kürzeren Point nennen, eine Sequenz "
            "weglassen oder auf eine Kombination „Gut.“ sagen, die er schlagen könnte. Was er "
            "verschweigt, zählt nicht und hindert die schwächere Kombination des Gegners nicht, "
            "gut zu sein.",
        ),
        P(
            "Why: every declaration tells the opponent where cards lie. A player who cannot "
            "win the cards anyway, or who needs the opponent to misplace a guard in the play, "
            "may give up a few points to hide a suit. It is worth it rarely: the cost is the "
            "points he gives up plus whatever the opponent's weaker combination then scores "
            "(when his own would have been good), and a sunk combination never helps "
            "against a [[pique]] or [[repique]]. Nor does it hide anything when the sunk cards "
            "are shown anyway with another good declaration: six cards making sixty can only "
            "be the ace down to the nine, so the nine sunk from a sixième is seen all the same.",
            "Warum: Jede Ansage verrät dem Gegner, wo Karten liegen. Wer die Karten ohnehin "
            "nicht gewinnen kann oder darauf baut, dass der Gegner im Stichspiel eine Deckung "
            "falsch vermutet, kann einige Punkte opfern, um eine Farbe zu verbergen. Das lohnt "
            "sich selten: es kostet die geopferten Punkte und dazu, was die schwächere "
            "Kombination des Gegners nun zählt (wenn die eigene gut gewesen wäre), und eine "
            "verschwiegene Kombination schützt nie vor [[pique]] oder [[repique]]. Sie "
            "verbirgt auch nichts, wenn die verschwiegenen Karten ohnehin mit einer anderen "
            "guten Ansage gezeigt werden: Sechs Karten, die sechzig zählen, können nur As bis "
            "Neun sein; die Neun, von einer Sixième verschwiegen, sieht der Gegner trotzdem.",
        ),
        Src(
            "Sinking is allowed by Cavendish, Laws of Piquet (Laws 50–51 and the chapter on "
            "sinking in his treatise); the translation does not mention it.",
            "Das Verschweigen erlaubt Cavendish, Laws of Piquet (Gesetze 50–51 und das Kapitel "
            "über das Verschweigen in seiner Abhandlung); die Übersetzung erwähnt es nicht.",
        ),
        R(
            "The source only says that elder declares what he holds. We allow sinking as "
            "Cavendish does; the game proposes the best honest declaration, and sinking is an "
            "advanced option.",
            "Die Quelle sagt nur, dass die Vorhand ansagt, was sie hat. Wir erlauben das "
            "Verschweigen wie Cavendish; das Spiel schlägt die beste ehrliche Ansage vor, das "
            "Verschweigen ist eine Möglichkeit für Fortgeschrittene.",
            "Die ältere Hand zunächst gibt eine Erklärung von ab, was er in seiner Hand hat.",
            "on declaring",
            "zum Ansagen",
        ),
        X(
            "sinking",
            "What sinking three kings costs",
            "Was das Verschweigen dreier Könige kostet",
            ex.build_sinking,
        ),
    ),
    drill="piquet.declaring",
)

YOUNGER_SCORES = Section(
    "younger-scores",
    T(
        "Elder's lead, and when younger scores",
        "Das Ausspielen der Vorhand und wann die Hinterhand zählt",
    ),
    (
        P(
            f"Elder scores what is good as he goes, then leads his first card and scores "
            f"{POINTS_LEAD} for it. Only then, before playing to that card, does younger "
            "score what is good for him, naming or showing the cards. Both then say their "
            "running totals aloud as the play goes on.",
            f"Die Vorhand zählt, was gut ist, der Reihe nach, spielt dann ihre erste Karte aus "
            f"und zählt {POINTS_LEAD} dafür. Erst dann, bevor sie zu dieser Karte spielt, zählt "
            "die Hinterhand, was bei ihr gut ist, und nennt oder zeigt die Karten. Danach sagen "
            "beide ihren Stand laut an, während gespielt wird.",
        ),
        R(
            "This is the order of speaking, not of reckoning: younger's good point still "
            "reckons before elder's lead when [[pique]] and [[repique]] are judged.",
            "Das ist die Reihenfolge des Sprechens, nicht der Zählung: Ein guter Point der "
            "Hinterhand zählt bei [[pique]] und [[repique]] trotzdem vor dem Ausspielen der "
            "Vorhand.",
            "Um der Bequemlichkeit willen beendet die ältere Hand seine Berechnung, "
            "bevor das jüngere anfängt.",
            "paragraph ‘Repique’",
            "Absatz „Repique“",
        ),
        X(
            "younger-scores",
            "B scores before he plays",
            "B zählt, bevor er spielt",
            ex.build_younger_scores,
        ),
    ),
)

DECLARING = Section(
    "declaring",
    T("Declaring", "Das Ansagen"),
    (
        P(
            "After the exchange the players [[declaring|declare]] in a fixed order: first the "
            "[[point]], then [[sequence|sequences]], then [[quatorze|quatorzes]] and "
            "[[trio|trios]]. In each, the elder hand names his best and the younger hand "
            "answers “Good.”, “Not good.” or “Equal.” ([[good]]). Only the better of the two "
            "scores; if they are equal, neither.",
            "Nach dem Kauf wird in fester Reihenfolge [[declaring|angesagt]]: zuerst der "
            "[[point|Point]], dann die [[sequence|Sequenzen]], dann [[quatorze]] und "
            "[[trio|Trios]]. Jedes Mal nennt die Vorhand ihr Bestes und die Hinterhand "
            "antwortet „Gut.“, „Nicht gut.“ oder „Gleich.“ ([[good]]). Nur die bessere Seite "
            "zählt, bei Gleichheit keine.",
        ),
        P(
            "During the play a player may ask which cards his opponent declared and had good "
            "or equal, and must be told. One who declared a quint and has played three of a "
            "sixième answers only “two” when asked how many are left.",
            "Während des Spiels darf ein Spieler fragen, welche Karten der Gegner als gut oder "
            "gleich angesagt hat, und bekommt Auskunft. Wer eine Quinte angesagt und drei "
            "Karten einer Sixième gespielt hat, antwortet auf die Frage, wie viele noch übrig "
            "sind, nur „zwei“.",
        ),
    ),
    subsections=(DIALOGUE, POINT, SEQUENCES, SETS, EQUALITIES, SINKING, YOUNGER_SCORES),
    drill="piquet.declaring",
)

LAST_TRICK = Section(
    "last-trick",
    T("The last trick", "Der letzte Stich"),
    (
        P(
            f"Whoever wins the twelfth trick scores {POINTS_LAST_TRICK} more for it, besides "
            "any point for the lead or for winning as second player. This point is made in "
            "play, so it counts toward a [[pique]].",
            f"Wer den zwölften Stich macht, zählt dafür {POINTS_LAST_TRICK} zusätzlich, neben "
            "dem Punkt für das Ausspielen oder für den Stich als Zweiter. Dieser Punkt wird im "
            "Stichspiel gemacht und zählt daher für ein [[pique]] mit.",
        ),
        X(
            "last-trick",
            "The source's last trick",
            "Der letzte Stich der Quelle",
            ex.build_last_trick,
        ),
    ),
)

RUNNING_SCORE = Section(
    "running-score",
    T("Saying the score", "Den Stand ansagen"),
    (
        P(
            "Each player says his running total aloud after every score (“fifteen”, "
            "“eighteen”). Only the total of each deal is written down. If the written scores "
            "disagree, each player's figure for his own hand is taken as right.",
            "Jeder sagt nach jeder Zählung seinen Stand laut an („fünfzehn“, „achtzehn“). "
            "Aufgeschrieben wird nur das Ergebnis jedes Spiels. Weichen die aufgeschriebenen "
            "Stände voneinander ab, gilt für jeden Spieler seine eigene Zahl für sein eigenes "
            "Spiel.",
        ),
        R(
            "The translation's “the score of a player of his own hand is meant to be the "
            "correct one” is garbled; we read it, with the English original, as: each player's "
            "own figure for his own hand stands.",
            "Der Satz der Übersetzung, „die Kerbe eines Spielers seiner eigenen Hand“ sei "
            "„gemeint, um das korrekte zu sein“, ist verstümmelt; wir lesen ihn mit dem "
            "englischen Original so: für die eigene Hand gilt die eigene Zahl jedes Spielers.",
            "Wenn es irgendeinen Unterschied bezüglich der schriftlichen Kerben gibt, wird die "
            "Kerbe eines Spielers seiner eigenen Hand gemeint, um das korrekte zu sein.",
            "on the score",
            "zur Zählung",
        ),
        X(
            "running-score",
            "The totals said aloud in the source's deal",
            "Die angesagten Stände im Spiel der Quelle",
            ex.build_running_score,
        ),
    ),
)

PLAY = Section(
    "play",
    T("The play", "Das Stichspiel"),
    (
        P(
            "Elder leads any card. The other player must [[follow-suit|follow suit]] if he can; "
            "otherwise he plays any card. There are no trumps and there is no "
            "[[duty-to-win|duty to win]]. The higher card of the suit led wins the "
            "[[trick]], and the winner leads to the next. Tricks stay face up before their "
            "winner, and either player may look through them.",
            "Die Vorhand spielt eine beliebige Karte aus. Der andere muss [[follow-suit|bedienen]], "
            "wenn er kann, sonst spielt er eine beliebige Karte. Es gibt keinen Trumpf und "
            "keinen [[duty-to-win|Stichzwang]]. Die höhere Karte der ausgespielten Farbe "
            "gewinnt den [[trick|Stich]], und wer ihn gewinnt, spielt zum nächsten aus. Die "
            "Stiche liegen offen vor dem, der sie gemacht hat, und jeder Spieler darf sie "
            "durchsehen.",
        ),
        P(
            "Points in play:",
            "Punkte im Stichspiel:",
            (
                f"{POINTS_LEAD} for every card led, whether it wins or not;",
                f"{POINTS_LEAD} für jede ausgespielte Karte, ob sie den Stich macht oder nicht;",
            ),
            (
                f"{POINTS_TRICK} to the second player when he wins the trick;",
                f"{POINTS_TRICK} für den Zweiten, wenn er den Stich macht;",
            ),
            (
                f"{POINTS_LAST_TRICK} more for the [[last-trick|last trick]].",
                f"{POINTS_LAST_TRICK} zusätzlich für den [[last-trick|letzten Stich]].",
            ),
        ),
        X("play", "Winning as second player", "Den Stich als Zweiter machen", ex.build_play),
    ),
    subsections=(LAST_TRICK, RUNNING_SCORE),
    drill="piquet.play",
)

DIVIDED = Section(
    "divided",
    T("Divided", "Geteilt"),
    (
        P(
            "Six tricks each: the cards are [[divided|divided]], and nobody scores for them.",
            "Je sechs Stiche: Die Karten sind [[divided|geteilt]], und keiner zählt dafür.",
        ),
        X("divided", "Six tricks each", "Je sechs Stiche", ex.build_divided),
    ),
)

CAPOT = Section(
    "capot",
    T("Capot", "Capot"),
    (
        P(
            f"A player who wins all twelve tricks makes [[capot]] and scores {POINTS_CAPOT} "
            f"instead of the {POINTS_CARDS} for the cards. Capot is added after the play, so "
            "it never counts toward a [[pique]].",
            f"Wer alle zwölf Stiche macht, macht [[capot]] und zählt {POINTS_CAPOT} statt der "
            f"{POINTS_CARDS} für die Karten. Capot wird nach dem Stichspiel gezählt und zählt daher "
            "nie für ein [[pique]] mit.",
        ),
        X("capot", "All twelve tricks", "Alle zwölf Stiche", ex.build_capot),
    ),
)

THE_CARDS = Section(
    "the-cards",
    T("The cards (most tricks)", "Die Karten (Mehrheit der Stiche)"),
    (
        P(
            f"After the twelfth trick, the player with seven tricks or more wins "
            f"[[the-cards]] and scores {POINTS_CARDS}. Like [[capot]], this comes after the "
            "play and never counts toward a [[pique]]. In the source's deal A wins seven "
            "tricks and ends the deal 28 to 23.",
            f"Nach dem zwölften Stich gewinnt, wer sieben Stiche oder mehr hat, "
            f"[[the-cards|die Karten]] und zählt {POINTS_CARDS}. Wie [[capot]] wird das nach "
            "dem Stichspiel gezählt und zählt nie für ein [[pique]] mit. Im Spiel der Quelle macht A sieben "
            "Stiche und beendet das Spiel mit 28 zu 23.",
        ),
        X("the-cards", "A wins the cards", "A gewinnt die Karten", ex.build_the_cards),
    ),
    subsections=(DIVIDED, CAPOT),
    drill="piquet.play",
)

RECKONING = Section(
    "reckoning-order",
    T("The order of reckoning", "Die Reihenfolge der Zählung"),
    (
        P(
            "Players speak in a convenient order (elder finishes his hand before younger "
            "starts), but scores reckon in a fixed order, whoever makes them. That order "
            "decides [[pique]] and [[repique]]:",
            "Die Spieler sprechen in der bequemen Reihenfolge (die Vorhand zählt ihre Hand zu "
            "Ende, bevor die Hinterhand beginnt), aber die Punkte zählen in fester "
            "Reihenfolge, gleich wer sie macht. Diese Reihenfolge entscheidet über [[pique]] und "
            "[[repique]]:",
        ),
        RECKONING_TABLE,
        P(
            "So younger's good point reckons before elder's sequences and sets, even though "
            "elder spoke first; and elder's first lead, which he scores before younger speaks, "
            "is play (V) and comes after everything younger scores in hand.",
            "Ein guter Point der Hinterhand zählt also vor den Sequenzen und Trios der Vorhand, "
            "obwohl die Vorhand zuerst gesprochen hat; und das erste Ausspielen der Vorhand, "
            "das sie zählt, bevor die Hinterhand spricht, ist Stichspiel (V) und kommt nach "
            "allem, was die Hinterhand aus der Hand zählt.",
        ),
        R(
            "We judge pique and repique by this order, not by the order of speaking, as the "
            "source says.",
            "Wir beurteilen Pique und Repique nach dieser Reihenfolge, nicht nach der "
            "Reihenfolge des Sprechens, wie es die Quelle sagt.",
            "Die Kerben jedoch ob gebildet durch das Älteste oder die jüngere Hand im folgenden "
            "Auftrag aufnahmefähig seien Sie: (1) Cartes blanches; (2) Punkt; (3) "
            "Reihenfolgen; (4) quatorzes und Trios; (5) Punkte gebildet im Spiel; (6) "
            "die Karten.",
            "paragraph ‘Repique’",
            "Absatz „Repique“",
        ),
        X(
            "reckoning",
            "Thirty-two in hand, but no repique",
            "Zweiunddreißig aus der Hand, aber kein Repique",
            ex.build_reckoning,
        ),
    ),
    drill="piquet.counting",
)

PIQUE = Section(
    "pique",
    T("Pique", "Pique"),
    (
        P(
            f"If the elder hand reaches {PIQUE_AT} with hand and play before the younger hand "
            f"reckons anything at all in the deal, he wins a [[pique]] and adds "
            f"{POINTS_PIQUE}. Only elder can: younger cannot reach {PIQUE_AT} in play before "
            "elder's first lead has scored. The points of the play count, the last trick "
            "included; the cards and capot, scored after the play, never do.",
            f"Erreicht die Vorhand mit Hand und Stichspiel {PIQUE_AT}, bevor die Hinterhand in diesem "
            f"Spiel überhaupt etwas zählt, gewinnt sie ein [[pique]] und zählt {POINTS_PIQUE} dazu. "
            f"Nur die Vorhand kann das: Die Hinterhand kann im Stichspiel nicht {PIQUE_AT} erreichen, "
            "bevor das erste Ausspielen der Vorhand gezählt hat. Die Punkte des Stichspiels "
            "zählen mit, auch der letzte Stich; die Karten und Capot, die nach dem Stichspiel "
            "zählen, nie.",
        ),
        X(
            "pique",
            "Elder reaches thirty in play",
            "Die Vorhand erreicht dreißig im Stichspiel",
            ex.build_pique,
        ),
    ),
    drill="piquet.counting",
)

REPIQUE_CASES = Section(
    "fine-points",
    T("Fine points of pique and repique", "Feinheiten bei Pique und Repique"),
    (
        P(
            "The cases players argue about:",
            "Die Fälle, über die gestritten wird:",
            (
                "**Equalities do not save.** An equal point or sequence scores nobody "
                "anything, so it does not count as reckoning first.",
                "**Gleichheit rettet nicht.** Ein gleicher Point oder eine gleiche Sequenz "
                "zählt für keinen etwas, gilt also nicht als zuerst gezählt.",
            ),
            (
                "**Carte blanche saves, and counts.** It reckons first of all: its holder "
                "cannot be piqued or repiqued, and its 10 count toward his own.",
                "**Carte blanche rettet und zählt mit.** Sie zählt vor allem anderen: Ihr "
                "Inhaber kann weder Pique noch Repique erleiden, und ihre 10 zählen für sein "
                "eigenes Pique oder Repique mit.",
            ),
            (
                "**The cards and capot never count toward a pique**; the last-trick point does.",
                "**Die Karten und Capot zählen nie zum Pique**, der Punkt für den letzten "
                "Stich schon.",
            ),
            (
                "**One per deal.** A player who makes a repique cannot also make a pique in "
                "the same deal.",
                "**Eines je Spiel.** Wer ein Repique macht, kann im selben Spiel nicht auch "
                "ein Pique machen.",
            ),
            (
                "**A penalty does not expose.** A player barred from scoring in hand by a "
                "penalty is not piqued or repiqued if he holds cards that would have scored "
                "first.",
                "**Durch eine Strafe droht kein Pique.** Wer wegen einer Strafe nichts aus der Hand "
                "zählen darf, erleidet kein Pique oder Repique, wenn er Karten hält, die "
                "vorher gezählt hätten.",
            ),
        ),
        R(
            "“Speichert” in the translation is “saves” (prevents). We rule that an equality "
            "never saves, that carte blanche both saves and counts, and that a player gets at "
            "most one of pique and repique in a deal.",
            "„Speichert“ heißt in der Übersetzung „rettet“ (verhindert). Unsere Regel: "
            "Gleichheit rettet nie, Carte blanche rettet und zählt mit, und ein Spieler "
            "bekommt in einem Spiel höchstens eines von Pique und Repique.",
            "Gleichheiten verhindern nicht Pikee oder repiques.",
            "paragraph ‘Repique’",
            "Absatz „Repique“",
        ),
        R(
            "The translation's carte blanche sentence, read with the English original: carte "
            "blanche, reckoning before everything, saves piques and repiques and counts toward "
            "them.",
            "Der Satz der Übersetzung zur Carte blanche, mit dem englischen Original gelesen: "
            "Carte blanche zählt vor allem anderen, rettet vor Pique und Repique und zählt zu "
            "ihnen mit.",
            "Die Cartes blanches, Vorausgehen aller weiteren Kerben nehmend, speichert Pikee "
            "und repiques.",
            "paragraph ‘Repique’",
            "Absatz „Repique“",
        ),
        X(
            "equal-no-save",
            "An equal point does not save",
            "Ein gleicher Point rettet nicht",
            ex.build_equal_no_save,
        ),
        X("cb-saves", "Carte blanche saves", "Carte blanche rettet", ex.build_cb_saves),
        X(
            "one-per-deal",
            "A repique, and then no pique",
            "Ein Repique, und dann kein Pique",
            ex.build_one_per_deal,
        ),
    ),
    drill="piquet.counting",
)

REPIQUE = Section(
    "repique",
    T("Repique", "Repique"),
    (
        P(
            f"If a player reaches {PIQUE_AT} in hand alone (carte blanche, point, sequences, "
            f"sets) before his opponent reckons anything, he wins a [[repique]] and adds "
            f"{POINTS_REPIQUE}. Either player can make one; what counts is the "
            "[[reckoning-order|order of reckoning]].",
            f"Erreicht ein Spieler allein aus der Hand (Carte blanche, Point, Sequenzen, "
            f"Quatorze und Trios) {PIQUE_AT}, bevor sein Gegner etwas zählt, gewinnt er ein "
            f"[[repique]] und zählt {POINTS_REPIQUE} dazu. Das kann jeder der beiden; es kommt "
            "auf die [[reckoning-order|Reihenfolge der Zählung]] an.",
        ),
        X("repique", "Thirty-eight in hand", "Achtunddreißig aus der Hand", ex.build_repique),
    ),
    subsections=(REPIQUE_CASES,),
    drill="piquet.counting",
)

RUBICON_SECTION = Section(
    "rubicon",
    T("The rubicon", "Der Rubikon"),
    (
        P(
            f"If the loser's total is under {RUBICON}, he is [[rubicon|rubiconed]]: the winner "
            f"gains the **sum** of both totals plus {PARTIE_BONUS}, however few points he "
            "made himself.",
            f"Hat der Verlierer weniger als {RUBICON}, bleibt er unter dem "
            f"[[rubicon|Rubikon]]: der Gewinner erhält die **Summe** beider Stände plus "
            f"{PARTIE_BONUS}, wie wenig er selbst auch gemacht hat.",
        ),
        X("rubicon", "A rubiconed loser", "Ein Verlierer unter dem Rubikon", ex.build_rubicon),
    ),
    drill="piquet.partie",
)

TIES = Section(
    "ties",
    T("A tie", "Gleichstand"),
    (
        P(
            "If the totals are equal after six deals, each player deals once more; if they "
            "are still equal, the partie is drawn.",
            "Sind die Summen nach sechs Spielen gleich, gibt jeder noch einmal; sind sie dann "
            "noch gleich, ist die Partie unentschieden.",
        ),
        Src(
            "From Cavendish, Laws of Piquet, Law 71; the source does not say.",
            "Aus Cavendish, Laws of Piquet, Gesetz 71; die Quelle sagt es nicht.",
        ),
        R(
            "The translation loses the partie altogether, so it says nothing about a tie. We "
            "follow Cavendish: two more deals, then a draw.",
            "Die Übersetzung verliert die Partie ganz und sagt daher nichts über Gleichstand. "
            "Wir folgen Cavendish: zwei weitere Spiele, dann unentschieden.",
            "Piquet, das auf diese Art gespielt wird, wird Rubicon Piquet genannt.",
            "the opening",
            "der Anfang",
        ),
        X("tie", "A tie, and a draw", "Gleichstand und Unentschieden", ex.build_tie),
    ),
    drill="piquet.partie",
)

PARTIE = Section(
    "partie",
    T("The partie", "Die Partie"),
    (
        P(
            f"A [[partie]] is {PARTIE_DEALS} deals, three dealt by each player. Only the total "
            f"of each deal is written down. After the last deal the higher aggregate wins, and "
            f"the winner gains the **difference** of the two totals plus {PARTIE_BONUS}.",
            f"Eine [[partie]] sind {PARTIE_DEALS} Spiele, von jedem Spieler drei gegeben. "
            f"Aufgeschrieben wird nur das Ergebnis jedes Spiels. Nach dem letzten Spiel gewinnt "
            f"die höhere Summe, und der Gewinner erhält die **Differenz** der beiden Summen "
            f"plus {PARTIE_BONUS}.",
        ),
        R(
            "The translation leaves out the partie and its figures entirely; it only says "
            "that the game so played is called Rubicon Piquet. We take six deals, the bonus "
            "of 100 and the rubicon of 100 from the English original.",
            "Die Übersetzung lässt die Partie und ihre Zahlen ganz aus; sie sagt nur, dass das "
            "so gespielte Spiel „Rubicon Piquet“ heißt. Sechs Spiele, den Zuschlag von 100 und den "
            "Rubikon von 100 nehmen wir aus dem englischen Original.",
            "Piquet, das auf diese Art gespielt wird, wird Rubicon Piquet genannt.",
            "the opening",
            "der Anfang",
        ),
        X("partie", "A partie of six deals", "Eine Partie aus sechs Spielen", ex.build_partie),
    ),
    subsections=(RUBICON_SECTION, TIES),
    drill="piquet.partie",
)

PENALTIES = Section(
    "penalties",
    T("Penalties", "Strafen"),
    (
        P(
            "Cavendish's Laws of Piquet punish irregularities at the table. The main cases:",
            "Cavendishs Laws of Piquet bestrafen Regelverstöße am Tisch. Die wichtigsten Fälle:",
            (
                "a card too many or too few, or a card of the opponent or the stock exposed "
                "by the dealer: the elder hand may call for a fresh deal; a faced card in the "
                "pack or the stock: a fresh deal (Laws 11–14);",
                "eine Karte zu viel oder zu wenig, oder eine Karte des Gegners oder des Talons "
                "vom Geber aufgedeckt: die Vorhand darf neu geben lassen; eine verkehrt "
                "liegende Karte im Spiel oder im Talon: es wird neu gegeben (Gesetze 11–14);",
            ),
            (
                "taking in more cards than one discards, or taking back a discarded card: the "
                "player has more than twelve cards and reckons nothing that deal; discarding "
                "more than one takes in: he plays with fewer, and the opponent wins the tricks "
                "he cannot play to (Laws 25, 30, 31, 57, 58);",
                "mehr Karten kaufen als ablegen oder eine abgelegte Karte zurücknehmen: der "
                "Spieler hat mehr als zwölf Karten und zählt in diesem Spiel nichts; mehr "
                "ablegen als kaufen: er spielt mit weniger, und der Gegner bekommt die Stiche, "
                "zu denen er nicht spielen kann (Gesetze 25, 30, 31, 57, 58);",
            ),
            (
                "taking up or exposing stock cards that are the opponent's: nothing that deal "
                "(Laws 27–29);",
                "Talonkarten des Gegners aufnehmen oder aufdecken: in diesem Spiel nichts "
                "(Gesetze 27–29);",
            ),
            (
                "calling what one does not hold, allowed good and not corrected before younger "
                "plays to the first trick: nothing that deal (Law 54);",
                "ansagen, was man nicht hat, es als gut gelten lassen und nicht berichtigen, "
                "bevor die Hinterhand zum ersten Stich spielt: in diesem Spiel nichts "
                "(Gesetz 54);",
            ),
            (
                "a point not called first is lost (Law 46, and the source); a revoke is put "
                "right by taking the cards back and playing them again (Law 59); the opponent "
                "may waive a “reckons nothing” (Law 44).",
                "ein nicht zuerst angesagter Point ist verloren (Gesetz 46, auch die Quelle); "
                "wer nicht bedient, obwohl er kann, nimmt die Karten zurück, und es wird neu "
                "gespielt (Gesetz 59); der Gegner darf auf ein „zählt nichts“ verzichten "
                "(Gesetz 44).",
            ),
        ),
        P(
            "On this site none of these can happen: the table lets you take only the cards "
            "you may, declare only what you hold, follow suit when you must and look only at "
            "what you may see. So the penalties are described here and not played.",
            "Auf dieser Seite kann keiner dieser Fälle eintreten: Der Tisch lässt nur die "
            "erlaubten Karten kaufen, nur ansagen, was man hat, bedienen, wo man muss, und nur "
            "ansehen, was man sehen darf. Die Strafen werden deshalb hier beschrieben, aber "
            "nicht gespielt.",
        ),
        Src(
            "From Cavendish, Laws of Piquet (Portland and Turf Clubs), the laws named; the "
            "translation only mentions that a penalty exists.",
            "Aus Cavendish, Laws of Piquet (Portland- und Turf-Club), die genannten Gesetze; "
            "die Übersetzung erwähnt nur, dass es Strafen gibt.",
        ),
        R(
            "A player barred by a penalty from scoring in hand is not piqued or repiqued if "
            "he holds cards that would have reckoned first: we keep this rule, though no "
            "penalty can arise here.",
            "Wer wegen einer Strafe nichts aus der Hand zählen darf, erleidet kein Pique oder "
            "Repique, wenn er Karten hält, die zuerst gezählt hätten: wir behalten die Regel, "
            "auch wenn hier keine Strafe vorkommen kann.",
            "Ein Spieler, der nichts daß Hand berechnet, da eine Strafe nicht ist, "
            "piqued oder repiqued, wenn er irgendwelche Karten hält, die, aber für die Strafe, "
            "berechnet haben würden, bevor sein Gegner dreißig erreichte.",
            "paragraph ‘Repique’",
            "Absatz „Repique“",
        ),
    ),
)

STRATEGY_DISCARD = Section(
    "strategy-discard",
    T("Discarding", "Ablegen"),
    (
        P(
            "The source's A keeps his longest suit and his three jacks and throws his short "
            "suits. The exchange drill checks such a discard against every other one, by what "
            "the declarations score on average, with an estimate of the tricks the kept cards "
            "will take.",
            "A in der Quelle behält seine längste Farbe und seine drei Buben und legt die "
            "kurzen Farben ab. Die Übung zum Kauf vergleicht eine solche Ablage mit jeder "
            "anderen, nach dem, was die Ansagen im Durchschnitt zählen, und einer Schätzung "
            "der Stiche, die die behaltenen Karten machen.",
        ),
        X(
            "strategy-discard",
            "Cavendish's discard, valued",
            "Die Ablage bei Cavendish, bewertet",
            ex.build_strategy_discard,
        ),
    ),
    drill="piquet.exchange",
)

STRATEGY_CARDS = Section(
    "strategy-cards",
    T("Playing for the cards", "Auf die Karten spielen"),
    (
        P(
            "“A has now five tricks, and to win the cards should lead any card but a high "
            "spade.” Seven tricks are worth 10 more: with five won, the elder hand gives up the "
            "lead with a card he can spare and keeps his high spades for the end.",
            "„A hat jetzt fünf Stiche und sollte, um die Karten zu gewinnen, jede Karte außer "
            "einem hohen Pik ausspielen.“ Sieben Stiche sind 10 mehr wert: mit fünf gewonnenen "
            "gibt die Vorhand das Ausspielen mit einer entbehrlichen Karte ab und hebt ihre "
            "hohen Pik für den Schluss auf.",
        ),
        X(
            "strategy-cards",
            "The verdict with all cards known",
            "Das Urteil der Analyse",
            ex.build_strategy_cards,
        ),
    ),
    drill="piquet.play",
)

STRATEGY_GUARDS = Section(
    "strategy-guards",
    T("Keeping the higher cards", "Die höheren Karten behalten"),
    (
        P(
            "When the opponent runs a long suit, keep, in the suit he will lead next, the "
            "cards that are higher than his: the source's A, “keeping ace, knave” of spades "
            "over B's queen and ten, throws his small spades to B's clubs and wins the last "
            "two tricks. (A high card that needs company to survive keeps its [[guard]] too.)",
            "Wenn der Gegner eine lange Farbe abspielt, behält man in der Farbe, die er danach "
            "ausspielen wird, die Karten, die höher als seine sind: A in der Quelle behält As "
            "und Bube in Pik über Dame und Zehn von B, wirft seine kleinen Pik zu den "
            "Kreuzkarten von B ab und macht die letzten zwei Stiche. (Eine hohe Karte, die allein fallen "
            "müsste, behält auch ihre [[guard|Deckung]].)",
        ),
        R(
            "“Unterhaltas” is garbled: we read “keeping ace” (“Unterhalt” = keeps, “as” = "
            "ace), naming the cards A keeps while B runs his clubs; and “Knave der Vereine” "
            "(knave of clubs) as the knave of spades: A's knave of clubs goes to B's clubs, as "
            "he must follow suit, and the cards he keeps are the ace and knave of spades.",
            "„Unterhaltas“ ist verstümmelt: wir lesen „behält das As“ („Unterhalt“ = behält, "
            "„as“ = As); genannt sind die Karten, die A behält, während B seine Kreuz "
            "abspielt. „Knave der Vereine“ (Kreuz-Bube) lesen wir als Pik-Buben: den "
            "Kreuz-Buben muss A zu den Kreuzkarten von B geben, weil er Farbe bedienen muss; "
            "behalten werden As und Bube in Pik.",
            "A (Unterhaltas, Knave der Vereine und des Wiederholens seiner Kerbe sagt)",
            "the Example",
            "das Beispiel",
        ),
        X(
            "strategy-guards",
            "Which spade to throw",
            "Welches Pik abwerfen",
            ex.build_strategy_guards,
        ),
    ),
    drill="piquet.play",
)

STRATEGY = Section(
    "strategy",
    T("Strategy", "Strategie"),
    (
        P(
            "The source teaches strategy only through its example deal. Where its advice can "
            "be tested, we test it: the exchange drill's averages for discards, the "
            "analysis with both hands open (both players playing their best) for the play.",
            "Die Quelle lehrt Strategie nur an ihrem Beispielspiel. Wo sich ihr Rat prüfen "
            "lässt, prüfen wir ihn: die Durchschnittswerte der Übung zum Kauf für die Ablage, "
            "die Analyse (beide Hände offen, beide spielen bestmöglich) für das Stichspiel.",
        ),
    ),
    subsections=(STRATEGY_DISCARD, STRATEGY_CARDS, STRATEGY_GUARDS),
)

SECTIONS: tuple[Section, ...] = (
    OVERVIEW,
    CARDS_ORDER,
    DEAL,
    CARTE_BLANCHE,
    EXCHANGE,
    DECLARING,
    PLAY,
    THE_CARDS,
    RECKONING,
    PIQUE,
    REPIQUE,
    PARTIE,
    PENALTIES,
    STRATEGY,
)
