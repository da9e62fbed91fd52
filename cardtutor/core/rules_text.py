"""Short rule summaries per rule anchor, in English and German.

The anchors and titles come from the engines (``GAMES[game].rule_anchors``); engine events link to
``/rules/<game>/#<anchor>``. These summaries follow ../shared/RULES.md (our rulings); the
full rule reference pages are a later issue.
"""

from __future__ import annotations

from cardtutor.engine import GAMES


def rule_anchors(game: str) -> dict[str, tuple[str, str]]:
    """The engine's rule anchors: anchor -> (English title, German title); ``{}`` if no game."""
    info = GAMES.get(game)
    return dict(info.rule_anchors) if info else {}


SUMMARIES: dict[str, dict[str, tuple[str, str]]] = {
    "piquet": {
        "deal": (
            "Two players, 32 cards (A K Q J 10 9 8 7). The dealer (younger hand) deals 12 cards each; the other 8 form the stock: the top five for elder hand, the bottom three for younger.",
            "Zwei Spieler, 32 Karten (A K D B 10 9 8 7). Der Geber (Hinterhand) gibt jedem 12 Karten; die übrigen 8 bilden den Talon: die oberen fünf für die Vorhand, die unteren drei für die Hinterhand.",
        ),
        "carte-blanche": (
            "A dealt hand with no king, queen or jack scores 10 before anything else. The holder announces it at once and shows it after the opponent has discarded. (Source: the article's 'Carte Blanche' section.)",
            "Ein Blatt ohne König, Dame oder Buben zählt 10, vor allem anderen. Der Inhaber sagt es sofort an und zeigt es, nachdem der Gegner abgelegt hat. (Quelle: Abschnitt „Carte Blanche“ des Artikels.)",
        ),
        "exchange": (
            "Elder discards one to five cards and takes as many from the top of the stock; he may look at the cards of his five he leaves. Younger then discards at least one and at most all that remain, taking from the top. Each may look at his own discard.",
            "Die Vorhand legt eine bis fünf Karten ab und kauft ebenso viele von oben aus dem Talon; die von ihren fünf liegen gelassenen darf sie ansehen. Dann legt die Hinterhand mindestens eine und höchstens alle übrigen ab und kauft von oben. Jeder darf seine eigene Ablage ansehen.",
        ),
        "point": (
            "The suit with most cards; at equal length the higher pip total (ace 11, court cards 10, others their face value). The better point scores one per card; equal points score nothing.",
            "Die längste Farbe; bei gleicher Länge entscheidet der höhere Kartenwert (As 11, Bilder 10, sonst der Zahlenwert). Der bessere Point zählt einen Punkt je Karte; gleiche Points zählen nichts.",
        ),
        "sequences": (
            "Three or more cards in suit order A K Q J 10 9 8 7. Longer beats shorter, then the higher top card. Tierce 3, quart 4, quint 15, sixième 16, septième 17, huitième 18. The holder of the best also scores his other sequences; identical best sequences score nobody anything.",
            "Drei oder mehr Karten einer Farbe in der Folge A K D B 10 9 8 7. Länger schlägt kürzer, dann die höhere Spitze. Terz 3, Quart 4, Quinte 15, Sixième 16, Septième 17, Huitième 18. Wer die beste hat, zählt auch seine übrigen; gleiche beste Sequenzen zählen für keinen.",
        ),
        "sets": (
            "Three or four aces, kings, queens, jacks or tens. A quatorze (four, 14) beats any trio (three, 3); otherwise the higher rank wins. The holder of the best also scores his other sets.",
            "Drei oder vier Asse, Könige, Damen, Buben oder Zehnen. Ein Quatorze (vier, 14) schlägt jedes Trio (drei, 3), sonst gewinnt der höhere Rang. Wer das beste Quatorze oder Trio hat, zählt auch seine übrigen.",
        ),
        "declaring": (
            "Elder declares point, sequences and sets in that order; younger answers good, not good or equal. Elder scores what is good and leads; younger scores what is good before playing to the first trick.",
            "Die Vorhand sagt Point, Sequenzen, Quatorze und Trios in dieser Reihenfolge an; die Hinterhand antwortet gut, nicht gut oder gleich. Die Vorhand zählt, was gut ist, und spielt aus; die Hinterhand zählt, was gut ist, bevor sie zum ersten Stich zugibt.",
        ),
        "sinking": (
            "A player may declare less than he holds, or nothing (sinking). Sunk cards score nothing and do not bar the opponent. (Cavendish's Laws.)",
            "Man darf weniger ansagen, als man hat, oder gar nichts (Verschweigen). Verschwiegene Karten zählen nichts und hindern den Gegner nicht. (Cavendish, Laws of Piquet.)",
        ),
        "play": (
            "Twelve tricks without trumps. Follow suit if you can; there is no duty to win. One point for every card led; one to the second player when he wins the trick.",
            "Zwölf Stiche ohne Trumpf. Farbe bedienen, wenn möglich (Farbzwang); den Stich gewinnen muss niemand (kein Stichzwang). Ein Punkt für jede ausgespielte Karte; einer für den Zweiten, wenn er den Stich macht.",
        ),
        "last-trick": (
            "The winner of the last trick scores one extra point.",
            "Wer den letzten Stich macht, zählt einen Punkt zusätzlich.",
        ),
        "the-cards": (
            "Seven or more tricks win the cards: 10 points. Six each: the cards are divided and nobody scores.",
            "Wer sieben oder mehr Stiche macht, gewinnt die Karten: 10 Punkte. Bei sechs zu sechs sind die Karten geteilt, und niemand zählt dafür.",
        ),
        "capot": (
            "Winning all twelve tricks scores 40 for the cards instead of 10.",
            "Wer alle zwölf Stiche macht, zählt 40 statt 10 für die Karten.",
        ),
        "reckoning-order": (
            "Scores reckon in this order, whoever speaks first: (I) carte blanche, (II) point, (III) sequences, (IV) sets, (V) points made in play, (VI) the cards. Pique and repique are judged by this order, so younger's good point comes before elder's sequences.",
            "Gezählt wird in dieser Reihenfolge, gleich wer zuerst spricht: (I) Carte blanche, (II) Point, (III) Sequenzen, (IV) Quatorze und Trios, (V) Punkte im Spiel, (VI) die Karten. Pique und Repique richten sich nach dieser Reihenfolge; ein guter Point der Hinterhand zählt also vor den Sequenzen der Vorhand.",
        ),
        "pique": (
            "Elder only: reaching 30 with hand and play before younger reckons anything scores 30 more. Scores reckon in the order carte blanche, point, sequences, sets, play, cards; equalities do not save; the cards never count toward it.",
            "Nur für die Vorhand: Erreicht sie mit Blatt und Spiel 30, bevor die Hinterhand etwas zählt, bekommt sie 30 dazu. Gezählt wird in der Reihenfolge Carte blanche, Point, Sequenzen, Quatorze und Trios, Spiel, Karten; ein gleicher Point oder eine gleiche Sequenz schützt nicht davor; die 10 für die Karten zählen nicht mit.",
        ),
        "repique": (
            "Reaching 30 from carte blanche, point, sequences and sets alone, before the opponent reckons anything, scores 60 more. Carte blanche counts toward it and saves it.",
            "Wer allein mit Carte blanche, Point, Sequenzen, Quatorze und Trios 30 erreicht, bevor der Gegner etwas zählt, bekommt 60 dazu. Carte blanche zählt mit und schützt auch davor.",
        ),
        "partie": (
            "A partie is six deals, the deal alternating. The higher total wins; a tie after six deals: each deals once more; still tied, the partie is drawn.",
            "Eine Partie hat sechs Spiele mit wechselndem Geber. Die höhere Summe gewinnt; bei Gleichstand gibt jeder noch einmal; bleibt es gleich, ist die Partie unentschieden.",
        ),
        "rubicon": (
            "The winner gains the difference of the totals plus 100. If the loser has under 100 he is rubiconed: the winner gains the sum of both totals plus 100.",
            "Der Sieger erhält den Unterschied der Summen plus 100. Hat der Verlierer weniger als 100, bleibt er unter dem Rubikon: der Sieger erhält die Summe beider Stände plus 100.",
        ),
    },
    "besik": {
        "deal": (
            "Two packs of 32 (64 cards) for two players. Deal 3-2-3; the 17th card is turned up and fixes trumps; 47 cards form the talon. The non-dealer leads.",
            "Zwei Kartenspiele zu je 32 Blatt (64 Karten) für zwei Personen. Ausgeteilt wird 3-2-3; die 17. Karte wird aufgedeckt und bestimmt Trumpf; 47 Karten bilden den Talon. Die Vorhand spielt aus.",
        ),
        "talon": (
            "After each trick the winner draws first, then the loser. At the end the winner of the last talon trick takes the last face-down card, the loser the face-up card.",
            "Nach jedem Stich zieht erst der Gewinner, dann der andere. Zum Schluss nimmt der Gewinner die letzte verdeckte Karte, der andere die offene Trumpfkarte.",
        ),
        "tricks": (
            "While the talon lasts there is no duty to follow or to win. The higher card of the suit led wins; a trump beats any other suit; of two identical cards the first played wins.",
            "Solange der Talon reicht, gibt es weder Farb- noch Stichzwang: niemand muss bedienen oder den Stich gewinnen. Die höhere Karte der ausgespielten Farbe gewinnt; Trumpf sticht jede andere Farbe; von zwei gleichen Karten gewinnt die zuerst gespielte.",
        ),
        "end-play": (
            "Once the talon is empty: follow suit; if void, trump; only if you can do neither, play any card. There is no duty to win the trick (the source's rules).",
            "Ist der Talon aufgebraucht: Farbe bedienen; wer nicht kann, muss trumpfen; erst wer beides nicht kann, wirft beliebig ab. Den Stich gewinnen muss man nicht: kein Stichzwang (Regeln der Quelle).",
        ),
        "melds": (
            "Only the player who has just won a trick may declare, once per won trick, before or after drawing but before leading. Declared cards are shown and may be played at any time.",
            "Melden darf nur, wer gerade einen Stich gewonnen hat, einmal je Stich, vor oder nach dem Ziehen, aber vor dem Aufspielen. Gemeldete Karten werden gezeigt und dürfen jederzeit gespielt werden.",
        ),
        "reuse": (
            "A card may serve in melds of different kinds; the same kind scores again only with fresh cards (the duplicates).",
            "Eine Karte darf in Meldungen verschiedener Art dienen; dieselbe Art zählt nur mit neuen Karten (den Doppelkarten) noch einmal.",
        ),
        "marriage": (
            "King and queen of the same suit, not trumps: 20.",
            "König und Dame derselben Farbe, nicht Trumpf: 20.",
        ),
        "trump-marriage": ("King and queen of trumps: 40.", "König und Dame der Trumpffarbe: 40."),
        "double-marriage": (
            "Both kings and both queens of a suit shown together count as two marriages (40, or 80 in trumps).",
            "Beide Könige und beide Damen einer Farbe zusammen gezeigt zählen als zwei Heiraten (40, in Trumpf 80).",
        ),
        "four-jacks": ("Any four jacks: 40.", "Vier beliebige Bauern: 40."),
        "four-queens": ("Any four queens: 60.", "Vier beliebige Damen: 60."),
        "four-kings": ("Any four kings: 80.", "Vier beliebige Könige: 80."),
        "four-aces": ("Any four aces: 100.", "Vier beliebige Asse: 100."),
        "besik": ("Queen of spades and jack of diamonds: 40.", "Pik-Dame und Karo-Bauer: 40."),
        "double-besik": (
            "Both queens of spades and both jacks of diamonds: 500.",
            "Beide Pik-Damen und beide Karo-Bauern: 500.",
        ),
        "triple-besik": (
            "Three queens of spades and three jacks of diamonds (three or four players): 1500. Held in the first eight cards, it may be declared at the first turn and wins at once.",
            "Drei Pik-Damen und drei Karo-Bauern (drei oder vier Spieler): 1500. In den ersten acht Karten darf er gleich beim ersten Zug gemeldet werden und gewinnt sofort.",
        ),
        "quint-major": (
            "Ace, ten, king, queen and jack of one suit, any suit: 250.",
            "As, Zehn, König, Dame und Bauer derselben Farbe, in jeder Farbe: 250.",
        ),
        "trump-seven": (
            "Declaring a trump seven scores 10 (both together 20). After winning a trick a declared seven may be exchanged for the turned-up card. This does not use up the turn's meld. A turned-up seven gives the dealer 10 (standard rule).",
            "Eine gemeldete Trumpf-Sieben zählt 10 (beide zusammen 20). Nach einem gewonnenen Stich darf sie gegen die offene Trumpfkarte getauscht werden; das verbraucht nicht die eine Meldung nach diesem Stich. Eine aufgedeckte Sieben bringt dem Geber 10 (Standardregel).",
        ),
        "seven-exchange": (
            "After winning a trick, a player holding a trump seven may exchange it for the turned-up card (declaring the seven if he has not yet). In the source's rules the card taken may be used in a meld on the same turn.",
            "Wer einen Stich gewonnen hat und eine Trumpf-Sieben hält, darf sie gegen die offene Trumpfkarte tauschen (und meldet sie dabei, falls noch nicht geschehen). Nach den Regeln der Quelle darf die eingetauschte Karte im selben Zug gemeldet werden.",
        ),
        "seven-turned-up": (
            "If the turned-up card is itself a seven, the dealer scores 10 (standard rule; the source is silent).",
            "Ist die aufgedeckte Karte selbst eine Sieben, zählt der Geber 10 (Standardregel; die Quelle schweigt dazu).",
        ),
        "brisques": (
            "Standard Bezique only: instead of card points (Augen), every ace and ten won in tricks scores 10.",
            "Nur Standard-Bezique: statt der Augen zählt jedes in Stichen gewonnene As und jede Zehn 10.",
        ),
        "augen": (
            "Card points won in tricks, counted at the end of the deal: ace 11, ten 10, king 4, queen 3, jack 2 (240 in a two-pack deal).",
            "Augen in den Stichen, am Ende des Spiels gezählt: As 11, Zehn 10, König 4, Dame 3, Bauer 2 (240 in einem Spiel mit zwei Kartenspielen).",
        ),
        "last-trick": ("The last trick scores 10.", "Der letzte Stich zählt 10."),
        "game": (
            "Deals continue until a player reaches 1000, checked at the end of a deal; the higher total wins, equal totals play another deal.",
            "Es wird gespielt, bis einer 1000 erreicht, geprüft am Ende eines Spiels; die höhere Summe gewinnt, bei Gleichstand wird weitergespielt.",
        ),
        "three-players": (
            "Three packs, eight cards each, the 25th card fixes trumps; each plays for himself. Adds the Tripelbesik.",
            "Drei Kartenspiele, je acht Karten, die 25. Karte bestimmt Trumpf; jeder spielt für sich. Dazu kommt der Tripelbesik.",
        ),
        "four-players": (
            "Three packs, eight cards each, the 33rd card fixes trumps; each for himself or two partnerships sitting opposite.",
            "Drei Kartenspiele, je acht Karten, die 33. Karte bestimmt Trumpf; jeder für sich oder zwei Parteien, Partner sitzen sich gegenüber.",
        ),
        "standard-bezique": (
            "The English rules, a separate ruleset: only aces and tens count in tricks (brisques, 10 each), the sequence only in trumps, meld before drawing, must win in the last eight tricks, three or four packs for three or four players, game 2000.",
            "Die englischen Regeln, ein eigenes Regelwerk: nur Asse und Zehnen zählen in den Stichen (je 10), die Sequenz nur in Trumpf, melden vor dem Ziehen, in den letzten acht Stichen gilt Stichzwang, drei oder vier Kartenspiele für drei oder vier Spieler, Partie bis 2000.",
        ),
    },
}
