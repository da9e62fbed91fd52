"""The Besik rule reference (English and German), in the order a learner needs it.

The rules are the German source's (``seeds/001_*.txt``) as ``RULES.md`` section 3 reads them;
where we rule on something the source leaves open, a :class:`Ruling` quotes the source's own
words (as printed, OCR noise included) and says why; where a rule comes from elsewhere, an
:class:`Origin` says so. Every number in an example is computed by the engine
(:mod:`cardtutor.rules.content.besik_examples`).
"""

from __future__ import annotations

from collections.abc import Callable

from cardtutor.engine.besik import AUGEN
from cardtutor.engine.besik.constants import (
    CARDS_PER_PACK,
    DOUBLE_MARRIAGE_TRUMP_POINTS,
    GAME_TARGET,
    GAME_TARGET_STANDARD_MANY,
    MELD_POINTS,
    POINTS_BRISQUE,
    POINTS_LAST_TRICK,
    POINTS_TRUMP_SEVEN,
)
from cardtutor.engine.cards import PhysicalCard, iter_packs
from cardtutor.rules.content import besik_examples as ex
from cardtutor.rules.model import Block, Example, Origin, Para, Ruling, Section, Shown, Table, Text

__all__ = ["SECTIONS", "MELD_TABLE", "AUGEN_TABLE"]

T = Text

SOURCE = T("Besik source", "Besik-Quelle")


def src(en: str, de: str) -> Text:
    """Where a quote stands in the source ("Besik source, 'Meldungen'")."""
    return T(f"Besik source, “{en}”", f"Besik-Quelle, „{de}“")


def augen_of(code: str) -> int:
    return AUGEN[PhysicalCard.parse(code).uid]


ALL_AUGEN = sum(AUGEN[c.uid] for c in iter_packs(2))
"""The Augen of all 64 cards (240)."""


# ---- tables ------------------------------------------------------------------------------------

AUGEN_TABLE = Table(
    caption=T(
        "The ranks from highest to lowest, and their Augen (card points)",
        "Die Rangfolge von oben nach unten und die Augen",
    ),
    rows=(
        (
            T("Card", "Karte"),
            T("Augen", "Augen"),
            T("All 8 in the two packs", "Alle 8 in beiden Kartenspielen"),
        ),
        *(
            (
                T(en, de),
                T(str(augen_of(code)), str(augen_of(code))),
                T(str(8 * augen_of(code)), str(8 * augen_of(code))),
            )
            for code, en, de in (
                ("AS", "ace", "As"),
                ("10S", "ten", "Zehn"),
                ("KS", "king", "König"),
                ("QS", "queen", "Dame"),
                ("JS", "jack", "Bauer (Bube)"),
                ("9S", "nine", "Neun"),
                ("8S", "eight", "Acht"),
                ("7S", "seven", "Sieben"),
            )
        ),
        (
            T("All 64 cards", "Alle 64 Karten"),
            T("–", "–"),
            T(str(ALL_AUGEN), str(ALL_AUGEN)),
        ),
    ),
    numeric=(2,),
)
"""The Augen of each rank, from the engine's table (a test compares them)."""


def _p(kind: str) -> Text:
    return T(str(MELD_POINTS[kind]), str(MELD_POINTS[kind]))


MELD_TABLE = Table(
    caption=T(
        "Melds and other scores (the source's list)",
        "Meldungen und andere Punkte (die Aufstellung der Quelle)",
    ),
    rows=(
        (T("Meld", "Meldung"), T("Cards", "Karten"), T("Points", "Punkte")),
        (
            T("[[marriage|Marriage]]", "[[marriage|Einfache Heirat]]"),
            T(
                "king and queen of a suit that is not trumps",
                "König und Dame derselben Farbe, nicht Trumpf",
            ),
            _p("marriage"),
        ),
        (
            T("[[trump-marriage|Trump marriage]]", "[[trump-marriage|Trumpf-Heirat]]"),
            T("king and queen of trumps", "König und Dame der Trumpffarbe"),
            _p("trump-marriage"),
        ),
        (
            T("[[double-marriage|Double marriage]]", "[[double-marriage|Doppel-Heirat]]"),
            T(
                "both kings and both queens of one suit (two marriages at once)",
                "beide Könige und beide Damen einer Farbe (zwei Heiraten auf einmal)",
            ),
            T(
                f"{MELD_POINTS['double-marriage']} (in trumps {DOUBLE_MARRIAGE_TRUMP_POINTS})",
                f"{MELD_POINTS['double-marriage']} (in Trumpf {DOUBLE_MARRIAGE_TRUMP_POINTS})",
            ),
        ),
        (
            T("[[trump-seven|Trump seven]]", "[[trump-seven|Trumpf-Sieben]]"),
            T(
                "the seven of trumps; both together score twice as much",
                "die Sieben der Trumpffarbe; beide zusammen zählen doppelt",
            ),
            T(
                f"{POINTS_TRUMP_SEVEN} (both {2 * POINTS_TRUMP_SEVEN})",
                f"{POINTS_TRUMP_SEVEN} (beide {2 * POINTS_TRUMP_SEVEN})",
            ),
        ),
        (
            T("[[four-jacks|Four jacks]]", "[[four-jacks|4 Bauern]]"),
            T("any four jacks", "vier beliebige Bauern"),
            _p("four-jacks"),
        ),
        (
            T("[[four-queens|Four queens]]", "[[four-queens|4 Damen]]"),
            T("any four queens", "vier beliebige Damen"),
            _p("four-queens"),
        ),
        (
            T("[[four-kings|Four kings]]", "[[four-kings|4 Könige]]"),
            T("any four kings", "vier beliebige Könige"),
            _p("four-kings"),
        ),
        (
            T("[[four-aces|Four aces]]", "[[four-aces|4 Asse]]"),
            T("any four aces", "vier beliebige Asse"),
            _p("four-aces"),
        ),
        (
            T("[[besik|Besik]]", "[[besik|Besik]]"),
            T("queen of spades and jack of diamonds", "Pik-Dame und Karo-Bauer"),
            _p("besik"),
        ),
        (
            T("[[double-besik|Double Besik]]", "[[double-besik|Doppel-Besik]]"),
            T(
                "both queens of spades and both jacks of diamonds",
                "beide Pik-Damen und beide Karo-Bauern",
            ),
            _p("double-besik"),
        ),
        (
            T("[[quint-major|Quint-Major]]", "[[quint-major|Quint-Major]]"),
            T(
                "ace, ten, king, queen, jack of one suit (any suit)",
                "As, Zehn, König, Dame, Bauer derselben Farbe (gleich welcher)",
            ),
            _p("quint-major"),
        ),
        (
            T(
                "[[triple-besik|Triple Besik]] (three packs only)",
                "[[triple-besik|Tripelbesik]] (nur mit drei Kartenspielen)",
            ),
            T(
                "three queens of spades and three jacks of diamonds",
                "drei Pik-Damen und drei Karo-Bauern",
            ),
            _p("triple-besik"),
        ),
        (
            T("[[last-trick|Last trick]]", "[[last-trick|Letzter Stich]]"),
            T("winning the last trick of the deal", "den letzten Stich des Spiels machen"),
            T(str(POINTS_LAST_TRICK), str(POINTS_LAST_TRICK)),
        ),
        (
            T("[[augen|Augen]]", "[[augen|Augen]]"),
            T("each Auge won in tricks", "jedes Auge in den Stichen"),
            T("1", "1"),
        ),
    ),
    numeric=(2,),
)
"""The values of every meld of the source, from the engine's constants (a test compares them)."""


def example(key: str, en: str, de: str, build: Callable[[], Shown]) -> Example:
    return Example(key=key, title=T(en, de), build=build)


# ---- 1. overview ---------------------------------------------------------------------------------

OVERVIEW = Section(
    anchor="overview",
    title=T("Overview and object", "Überblick und Ziel"),
    blocks=(
        Para(
            T(
                "[[besik-game|Besik]] (French Bésigue, English Bezique) is a game for two players "
                "with two packs of cards. It is related to Sixty-six and Thousand-and-one but has many "
                "more melds. Points come from three sources: **melds** (combinations you show after "
                "winning a trick), the **Augen** (card points) in the tricks you win, and **10 for the "
                "last trick**. Deals are played until a player reaches **1000** points.",
                "[[besik-game|Besik]] (französisch Bésigue) ist ein Spiel für zwei Personen mit zwei "
                "Kartenspielen. Es ähnelt Sechsundsechzig und Tausendeins, bietet aber viel mehr "
                "Meldemöglichkeiten. Punkte gibt es für **Meldungen** (Kartenverbindungen, die man nach "
                "einem gewonnenen Stich vorzeigt), für die **Augen** in den gewonnenen Stichen und "
                "**10 für den letzten Stich**. Gespielt wird, bis ein Spieler **1000** Punkte hat.",
            )
        ),
        Para(
            T("A deal has two halves:", "Ein Spiel hat zwei Abschnitte:"),
            items=(
                T(
                    "**While the [[talon]] lasts** you may play any card to a trick; the winner of "
                    "each trick may declare one meld and draws first, then the other player draws.",
                    "**Solange der [[talon|Talon]] reicht**, darf man jede Karte zugeben; wer einen "
                    "Stich macht, darf eine Meldung ansagen und zieht zuerst, dann der andere.",
                ),
                T(
                    "**The [[last-eight|last eight tricks]]**, once the talon is empty: no more "
                    "melds, and you must [[follow-suit|follow suit]], else trump.",
                    "**Die [[last-eight|letzten acht Stiche]]**, wenn der Talon aufgebraucht ist: "
                    "keine Meldungen mehr, und man muss [[follow-suit|bedienen]], sonst trumpfen.",
                ),
            ),
        ),
        Para(
            T(
                "The source recommends writing the list of melds on a sheet that lies open on the "
                "table; the table under “Melds” below is that list. On the score pad write down each "
                "meld with its kind (“B: four queens = 60”), so that nothing is declared twice by "
                "mistake.",
                "Die Quelle empfiehlt, die Aufstellung der Meldungen auf ein Blatt zu schreiben, das "
                "offen auf dem Spieltisch liegt; die Tabelle unter „Meldungen“ ist diese Aufstellung. "
                "Auf dem Block notiert man jede Meldung mit ihrer Art („B: 4 Damen = 60 Punkte“), "
                "damit nichts irrtümlich zweimal gemeldet wird.",
            )
        ),
    ),
)

# ---- 2. the cards --------------------------------------------------------------------------------

CARDS = Section(
    anchor="cards",
    title=T("The cards", "Die Karten"),
    blocks=(
        Para(
            T(
                f"Two [[pack|packs]] of {CARDS_PER_PACK} cards are shuffled together: "
                f"{2 * CARDS_PER_PACK} cards, so every card exists **twice**. In each suit the cards "
                "rank **ace, ten, king, queen, jack, nine, eight, seven**: the **ten beats the king**. "
                "German players call the jack “Bauer” (or “Bube”) and the queen “Dame”.",
                f"Zwei [[pack|Kartenspiele]] zu je {CARDS_PER_PACK} Blatt werden zusammengemischt: "
                f"{2 * CARDS_PER_PACK} Karten, jede Karte gibt es also **zweimal**. In jeder Farbe gilt "
                "die Rangfolge **As, Zehn, König, Dame, Bauer, Neun, Acht, Sieben**: die **Zehn "
                "sticht den König**.",
            )
        ),
        Para(
            T(
                "The cards you win in tricks count their [[augen|Augen]] at the end of the deal, one "
                "point per Auge. Nines, eights and sevens count nothing (but the seven of trumps may "
                "be declared for 10, see “The trump seven”).",
                "Am Ende des Spiels zählt jeder die [[augen|Augen]] in seinen Stichen, je Auge einen "
                "Punkt. Neun, Acht und Sieben haben keine Augen (die Trumpf-Sieben kann aber für 10 "
                "gemeldet werden, siehe „Die Trumpf-Sieben“).",
            )
        ),
        AUGEN_TABLE,
        Example(
            "ten-beats-king",
            T("The ten beats the king", "Die Zehn sticht den König"),
            ex.ex_ten_beats_king,
        ),
    ),
)

# ---- 3. the deal ---------------------------------------------------------------------------------

DEAL = Section(
    anchor="deal",
    title=T("The deal", "Austeilung der Karten"),
    blocks=(
        Para(
            T(
                "The [[dealer]] is chosen by lot. He shuffles the 64 cards well and deals each player "
                "**3, then 2, then 3** cards: 8 each, 16 in all. The **17th card** is laid face up on "
                "the table: its suit is [[trumps]] for the deal (the [[turned-up-card|turned-up "
                "card]]). The other **47 cards** stay face down as the [[talon]].",
                "Der [[dealer|Geber]] wird ausgelost. Er mischt die 64 Blatt gut und gibt jedem "
                "Spieler **zuerst 3, dann 2 und schließlich nochmals 3** Karten: je 8, zusammen 16. "
                "Die **17. Karte** wird offen auf den Tisch gelegt; ihre Farbe ist [[trumps|Trumpf]]; "
                "sie heißt die [[turned-up-card|aufgedeckte Karte]]. Die übrigen **47 Karten** bleiben "
                "verdeckt als "
                "[[talon|Talon]] liegen.",
            )
        ),
        Para(
            T(
                "The non-dealer is the [[elder-hand|elder hand]] (Vorhand) and leads to the first trick.",
                "Der Nichtgeber ist [[elder-hand|Vorhand]] und spielt zum ersten Stich auf.",
            )
        ),
        Origin(
            T(
                "The source does not say who deals the next deal; as in standard Bezique the deal "
                "alternates.",
                "Die Quelle sagt nicht, wer das nächste Spiel gibt; wie im Standard-Bezique gibt "
                "abwechselnd jeder Spieler.",
            )
        ),
        example("deal", "A deal", "Eine Austeilung", ex.ex_deal),
    ),
)

# ---- 4. the talon ----------------------------------------------------------------------------------

TALON = Section(
    anchor="talon",
    title=T("The talon and the draw", "Der Talon und das Ziehen"),
    blocks=(
        Para(
            T(
                "After every trick the **winner [[draw|draws]] first**, the top card of the talon, and "
                "then the other player: each has eight cards again. (A winner who wants to meld may "
                "do so before or after his draw; see “Melds”.)",
                "Nach jedem Stich [[draw|zieht]] **zuerst der Gewinner** die oberste Karte vom Talon, "
                "danach der andere: jeder hat wieder acht Karten. (Wer melden will, darf das vor oder "
                "nach dem Ziehen tun; siehe „Meldungen“.)",
            )
        ),
        Para(
            T(
                "At the end the winner of the trick takes the **last face-down card** and the other "
                "player takes the **turned-up card** (or the trump seven exchanged for it). Then "
                "[[last-eight|the last eight tricks]] begin.",
                "Am Schluss nimmt der Gewinner des Stichs die **letzte verdeckte Karte**, der andere "
                "erhält die **aufgedeckte Karte** (oder die dagegen eingetauschte "
                "Trumpf-Sieben). Dann beginnen [[last-eight|die letzten acht Stiche]].",
            )
        ),
        Ruling(
            T(
                "The source does not say what happens to the turned-up card; its worked deal ends "
                "the talon this way (the winner takes the last hidden card, the loser the face-up "
                "card), which is also the standard rule, so we play it so.",
                "Die Quelle regelt nicht eigens, was mit der aufgedeckten Karte geschieht; so wird "
                "im Beispielspiel der Talon aufgebraucht (der Gewinner nimmt die letzte verdeckte "
                "Karte, der andere die aufgedeckte), und das ist auch die Standardregel.",
            ),
            quote="B zieht die letzte Karte aus dem Talon, es ist Herz-Zehn.",
            source=src("Muster eines Spielverlaufs", "Muster eines Spielverlaufs"),
        ),
        example(
            "draw-first",
            "The first draw of the source's deal",
            "Das erste Ziehen im Beispielspiel",
            ex.ex_draw_first,
        ),
        example(
            "talon-end",
            "The end of the talon in the source's deal",
            "Das Ende des Talons im Beispielspiel",
            ex.ex_talon_end,
        ),
    ),
)

# ---- 5. tricks while the talon lasts --------------------------------------------------------------

TRICKS = Section(
    anchor="tricks",
    title=T("Tricks while the talon lasts", "Stiche, solange der Talon reicht"),
    drill="besik.tricks",
    blocks=(
        Para(
            T(
                "The winner of the last trick [[lead|leads]]. While there is a card in the talon "
                "**nobody has to follow suit or to win the trick**: you may follow, "
                "[[trumping|trump]] or [[throw-off|throw off]] any card as you like.",
                "Wer den letzten Stich gemacht hat, [[lead|spielt auf]]. Solange noch eine Karte im "
                "Talon liegt, **braucht niemand zu bedienen oder den Stich zu gewinnen**: man darf "
                "nach Belieben bedienen, [[trumping|trumpfen]] oder [[throw-off|abwerfen]].",
            )
        ),
        Para(
            T("Who wins the [[trick]]:", "Wer den [[trick|Stich]] macht:"),
            items=(
                T(
                    "the higher card of the suit led (the ten beats the king);",
                    "die höhere Karte der ausgespielten Farbe (die Zehn sticht den König);",
                ),
                T(
                    "a trump beats any card of another suit;",
                    "ein Trumpf sticht jede Karte einer anderen Farbe;",
                ),
                T(
                    "a card of another suit that is not a trump never wins;",
                    "eine Karte einer anderen Farbe, die nicht Trumpf ist, gewinnt nie;",
                ),
                T(
                    "of two identical cards (the same card from both packs) the first played wins.",
                    "von zwei gleichen Karten (dieselbe Karte aus beiden Kartenspielen) gewinnt die "
                    "zuerst gespielte.",
                ),
            ),
        ),
        Ruling(
            T(
                "The source names the duty-free play but not the rule for two identical cards; we "
                "use the standard Bezique rule: the first played wins.",
                "Die Quelle nennt die Freiheit beim Zugeben, aber keine Regel für zwei gleiche "
                "Karten; wir folgen der Regel des Standard-Bezique: die zuerst gespielte gewinnt.",
            ),
            quote="Solange sich noch eine Karte im Talon befindet, braucht niemand zu bedienen. "
            "Es kann jeder nach Belieben bedienen, trumpfen oder abwerfen.",
            source=src("Bedienen und trumpfen", "Bedienen und trumpfen"),
        ),
        example(
            "trick-winners",
            "Who wins the trick (hearts are trumps)",
            "Wer macht den Stich (Herz ist Trumpf)",
            ex.ex_trick_winners,
        ),
        example("no-duty", "Any card may be played", "Jede Karte ist erlaubt", ex.ex_no_duty),
    ),
)

# ---- 6. melds --------------------------------------------------------------------------------------


def kind_section(anchor: str, en: str, de: str, blocks: tuple[Block, ...]) -> Section:
    return Section(anchor=anchor, title=T(en, de), blocks=blocks, drill="besik.melds")


MARRIAGE = kind_section(
    "marriage",
    "Marriage",
    "Einfache Heirat",
    (
        Para(
            T(
                f"King and queen of the same suit, not trumps: **{MELD_POINTS['marriage']}**.",
                f"König und Dame derselben Farbe, nicht Trumpf: **{MELD_POINTS['marriage']}**.",
            )
        ),
        example("marriage", "A marriage", "Eine einfache Heirat", ex.ex_marriage),
    ),
)

TRUMP_MARRIAGE = kind_section(
    "trump-marriage",
    "Trump marriage",
    "Trumpf-Heirat",
    (
        Para(
            T(
                f"King and queen of trumps: **{MELD_POINTS['trump-marriage']}**.",
                f"König und Dame der Trumpffarbe: **{MELD_POINTS['trump-marriage']}**.",
            )
        ),
        example("trump-marriage", "A trump marriage", "Eine Trumpf-Heirat", ex.ex_trump_marriage),
    ),
)

DOUBLE_MARRIAGE = kind_section(
    "double-marriage",
    "Double marriage",
    "Doppel-Heirat",
    (
        Para(
            T(
                "Both kings and both queens of one suit, all four shown together. They count as **two "
                f"marriages declared at once**: {MELD_POINTS['double-marriage']}, in trumps "
                f"{DOUBLE_MARRIAGE_TRUMP_POINTS}.",
                "Beide Könige und beide Damen einer Farbe, alle vier zusammen vorgezeigt. Sie zählen als "
                f"**zwei Heiraten auf einmal**: {MELD_POINTS['double-marriage']}, in Trumpf "
                f"{DOUBLE_MARRIAGE_TRUMP_POINTS}.",
            )
        ),
        Ruling(
            T(
                "The source only says that all four cards must be shown; it gives the double marriage (Doppel-Heirat) "
                "no value of its own. We count it as two marriages declared in one turn, which is "
                "what the four cards are.",
                "Die Quelle sagt nur, dass alle vier Karten vorgezeigt werden müssen, und nennt "
                "keinen eigenen Wert. Wir zählen sie als zwei Heiraten in einem Zug, denn nichts "
                "anderes sind die vier Karten.",
            ),
            quote="Bei Meldung einer Doppel-Heirat (2 Könige und 2 Damen der gleichen Farbe) müssen "
            "alle 4 Karten vorgewiesen werden.",
            source=src("Meldungen", "Meldungen"),
        ),
        example(
            "double-marriage", "A double marriage", "Eine Doppel-Heirat", ex.ex_double_marriage
        ),
    ),
)

FOUR_JACKS = kind_section(
    "four-jacks",
    "Four jacks",
    "4 Bauern",
    (
        Para(
            T(
                f"Any four jacks: **{MELD_POINTS['four-jacks']}**.",
                f"Vier beliebige Bauern: **{MELD_POINTS['four-jacks']}**.",
            )
        ),
        example("four-jacks", "Four jacks", "4 Bauern", ex.ex_four_jacks),
    ),
)

FOUR_QUEENS = kind_section(
    "four-queens",
    "Four queens",
    "4 Damen",
    (
        Para(
            T(
                f"Any four queens: **{MELD_POINTS['four-queens']}**.",
                f"Vier beliebige Damen: **{MELD_POINTS['four-queens']}**.",
            )
        ),
        Ruling(
            T(
                "The source says only “4 Damen” (and so for jacks, kings and aces). We accept any "
                "four cards of the rank, two of them of the same suit included, as the English "
                "(standard) rules do: they score “any four aces”, and so on.",
                "Die Quelle sagt nur „4 Damen“ (ebenso bei Bauern, Königen und Assen). Wir lassen "
                "vier beliebige Karten des Ranges gelten, auch zwei derselben Farbe, wie die "
                "englischen (Standard-)Regeln: sie zählen „any four aces“ usw.",
            ),
            quote="4 Damen = 60 Punkte",
            source=src("Meldungen", "Meldungen"),
        ),
        example("four-queens", "Four queens", "4 Damen", ex.ex_four_queens),
    ),
)

FOUR_KINGS = kind_section(
    "four-kings",
    "Four kings",
    "4 Könige",
    (
        Para(
            T(
                f"Any four kings: **{MELD_POINTS['four-kings']}**.",
                f"Vier beliebige Könige: **{MELD_POINTS['four-kings']}**.",
            )
        ),
        example("four-kings", "Four kings", "4 Könige", ex.ex_four_kings),
    ),
)

FOUR_ACES = kind_section(
    "four-aces",
    "Four aces",
    "4 Asse",
    (
        Para(
            T(
                f"Any four aces: **{MELD_POINTS['four-aces']}**.",
                f"Vier beliebige Asse: **{MELD_POINTS['four-aces']}**.",
            )
        ),
        example("four-aces", "Four aces", "4 Asse", ex.ex_four_aces),
    ),
)

BESIK = kind_section(
    "besik",
    "Besik",
    "Besik",
    (
        Para(
            T(
                f"The queen of spades and the jack of diamonds: **{MELD_POINTS['besik']}**, whatever the "
                "trumps.",
                f"Pik-Dame und Karo-Bauer: **{MELD_POINTS['besik']}**, gleich welche Farbe Trumpf ist.",
            )
        ),
        example("besik", "A Besik", "Ein Besik", ex.ex_besik),
    ),
)

DOUBLE_BESIK = kind_section(
    "double-besik",
    "Double Besik",
    "Doppel-Besik",
    (
        Para(
            T(
                "Both queens of spades and both jacks of diamonds: "
                f"**{MELD_POINTS['double-besik']}**. It counts as **two Besiks declared at once**. You "
                "get it in one of two ways:",
                "Beide Pik-Damen und beide Karo-Bauern: "
                f"**{MELD_POINTS['double-besik']}**. Er zählt als **zwei Besiks auf einmal**. Man "
                "bekommt ihn auf eine von zwei Arten:",
            ),
            items=(
                T(
                    "all four cards declared together, or",
                    "alle vier Karten zusammen gemeldet, oder",
                ),
                T(
                    "one declared Besik extended by the other pair, fresh from the hand (40 earlier, then "
                    "500; see “Using a card in several melds”).",
                    "ein gemeldeter Besik, ergänzt um das andere, noch nicht dafür gemeldete Paar aus "
                    "der Hand (erst 40, dann 500; siehe „Karten in mehreren Meldungen“).",
                ),
            ),
        ),
        Para(
            T(
                "Two Besiks declared **separately** never make a double Besik afterwards, and once a "
                "double Besik is declared its cards make no further single Besik.",
                "Zwei **getrennt** gemeldete Besiks ergeben nachträglich keinen Doppel-Besik, und nach "
                "einem Doppel-Besik ergeben seine Karten keinen einzelnen Besik mehr.",
            )
        ),
        Ruling(
            T(
                "The source lists the double Besik (“2 Pik-Dame und 2 Karo-Bauer”) but says nothing "
                "about building it from earlier Besiks. We follow standard Bezique: the 500 is for "
                "four cards at once or for one declared Besik completed from the hand. Otherwise a "
                "player could collect 40 + 40 + 500 for the same four cards.",
                "Die Quelle nennt den Doppel-Besik („2 Pik-Dame und 2 Karo-Bauer“), sagt aber nichts "
                "darüber, ob er aus früheren Besiks entstehen darf. Wir folgen dem Standard-Bezique: "
                "die 500 gibt es für vier Karten auf einmal oder für einen gemeldeten Besik, der aus "
                "der Hand ergänzt wird. Sonst brächten dieselben vier Karten 40 + 40 + 500.",
            ),
            quote="Doppel-Besik (2 Pik-Dame und 2 Karo-Bauer) = 500 Punkte",
            source=src("Meldungen", "Meldungen"),
        ),
        example(
            "double-besik",
            "All four at once, then no single Besik",
            "Alle vier auf einmal, danach kein einzelner Besik",
            ex.ex_double_besik,
        ),
        example(
            "double-separate",
            "Two separate Besiks do not make a double Besik",
            "Zwei getrennte Besiks ergeben keinen Doppel-Besik",
            ex.ex_double_separate,
        ),
    ),
)

TRIPLE_BESIK = kind_section(
    "triple-besik",
    "Triple Besik",
    "Tripelbesik",
    (
        Para(
            T(
                "With three packs (three or four players): three queens of spades and three jacks of "
                f"diamonds, **{MELD_POINTS['triple-besik']}**. It may build on **one** earlier "
                "declaration (a Besik, or a double Besik), the other cards fresh from the hand; after it "
                "its cards make no Besik or double Besik. Held in the first eight cards it may be declared at the first turn and "
                "wins the game at once (see “Besik for three”).",
                "Mit drei Kartenspielen (zu dritt oder zu viert): drei Pik-Damen und drei Karo-Bauern, "
                f"**{MELD_POINTS['triple-besik']}**. Er darf auf **einer** früheren Meldung aufbauen "
                "(einem Besik oder Doppel-Besik); die übrigen Karten dürfen dafür noch nicht gemeldet "
                "sein. Danach ergeben seine Karten keinen Besik oder Doppel-Besik mehr. Wer ihn in seinen "
                "ersten acht Karten hat, darf ihn gleich in seinem ersten Zug melden und "
                "gewinnt damit die Partie sofort (siehe „Besik für drei Personen“).",
            )
        ),
        Ruling(
            T(
                "The source gives only the cards and the value. As with the double Besik, separately "
                "declared Besiks are not combined afterwards (standard Bezique).",
                "Die Quelle nennt nur die Karten und den Wert. Wie beim Doppel-Besik werden getrennt "
                "gemeldete Besiks nachträglich nicht vereint (Standard-Bezique).",
            ),
            quote="der Tripelbesik (3 Pik-Damen und 3 Karo-Bauern in einer Hand). Er wird mit 1500 "
            "Punkten bewertet.",
            source=src("Besik für drei Personen", "Besik für drei Personen"),
        ),
        example(
            "triple-besik",
            "A Besik, then a triple Besik",
            "Ein Besik, dann ein Tripelbesik",
            ex.ex_triple_besik,
        ),
    ),
)

QUINT_MAJOR = kind_section(
    "quint-major",
    "Quint-Major",
    "Quint-Major",
    (
        Para(
            T(
                "Ace, ten, king, queen and jack of one suit, **any suit**: "
                f"**{MELD_POINTS['quint-major']}**. (Standard Bezique counts this sequence in trumps "
                "only.)",
                "As, Zehn, König, Dame und Bauer derselben Farbe, **gleich welcher**: "
                f"**{MELD_POINTS['quint-major']}**. (Im Standard-Bezique zählt diese Sequenz nur in "
                "Trumpf.)",
            )
        ),
        Ruling(
            T(
                "The source asks for five cards of one suit from the ace, with no word of trumps, and "
                "its worked deal scores a Quint-Major in clubs with hearts trumps: any suit counts.",
                "Die Quelle verlangt fünf lückenlose Karten einer Farbe, mit dem As beginnend, ohne "
                "ein Wort von Trumpf, und im Beispielspiel zählt eine Quint-Major in Kreuz, während "
                "Herz Trumpf ist: jede Farbe zählt.",
            ),
            quote="Quint=Major (5 Karten der gleichen Farbe, lückenlos) mit dem As beginnend = 250 "
            "Punkte",
            source=src("Meldungen", "Meldungen"),
        ),
        example(
            "quint-major", "A Quint-Major in clubs", "Eine Quint-Major in Kreuz", ex.ex_quint_major
        ),
    ),
)

MELDS = Section(
    anchor="melds",
    title=T("Melds", "Meldungen"),
    drill="besik.melds",
    blocks=(
        Para(
            T(
                "A [[meld]] is a combination of cards that you declare and show for points.",
                "Eine [[meld|Meldung]] ist eine Kartenverbindung, die man ansagt und für Punkte "
                "vorzeigt.",
            ),
            items=(
                T(
                    "Only the player who has **just won a trick** may declare, **once per won trick**.",
                    "Melden darf nur, wer **soeben einen Stich gemacht** hat, **eine Meldung je "
                    "Stich**.",
                ),
                T(
                    "He declares before or after his draw, but before he leads to the next trick.",
                    "Er meldet vor oder nach dem Ziehen, aber bevor er zum nächsten Stich aufspielt.",
                ),
                T(
                    "Every meld is shown. The shown cards stay face up on the table in front of him, "
                    "still part of his hand: he may play them whenever he likes.",
                    "Jede Meldung wird vorgezeigt. Die gemeldeten Karten bleiben offen vor ihm liegen "
                    "und gehören weiter zu seiner Hand: er darf sie jederzeit ausspielen.",
                ),
                T(
                    "A meld needs all its cards in the hand (unplayed) when it is declared.",
                    "Alle Karten einer Meldung müssen beim Ansagen noch in der Hand sein.",
                ),
                T(
                    "Declaring a trump seven, or exchanging it, does not use up the turn's meld.",
                    "Das Melden oder Eintauschen einer Trumpf-Sieben zählt nicht als die Meldung "
                    "dieses Stichs: danach darf er noch eine Meldung ansagen.",
                ),
            ),
        ),
        MELD_TABLE,
        Ruling(
            T(
                "The source says a meld needs a trick won before, not how many melds a trick "
                "allows nor when exactly. Its worked deal always declares one meld per won trick "
                "(plus the trump seven), sometimes after the draw (“B zieht Herz-Zehn, A: "
                "Herz-Dame. B meldet …”). We rule: one meld per won trick, before or after the "
                "draw, before the next lead. Standard Bezique also allows one meld per trick.",
                "Die Quelle verlangt einen vorher gewonnenen Stich, sagt aber nicht, wie viele "
                "Meldungen ein Stich erlaubt und wann genau. Im Beispielspiel wird je gewonnenem "
                "Stich eine Meldung angesagt (dazu die Trumpf-Sieben), manchmal nach dem Ziehen "
                "(„B zieht Herz-Zehn, A: Herz-Dame. B meldet …“). Wir legen fest: eine Meldung je "
                "gewonnenem Stich, vor oder nach dem Ziehen, vor dem nächsten Aufspielen. Auch im "
                "Standard-Bezique gilt eine Meldung je Stich.",
            ),
            quote="Eine Meldung darf nur dann angesagt werden, wenn der betreffende Spieler "
            "vorher einen Stich an sich gebracht hat.",
            source=src("Meldungen", "Meldungen"),
        ),
        Ruling(
            T(
                "“Ein Aufspielen der gemeldeten Karten ist nicht erforderlich”: shown cards need "
                "not be played. We keep them face up in front of their owner, and he may play "
                "them at any time, as in standard Bezique.",
                "„Ein Aufspielen der gemeldeten Karten ist nicht erforderlich“: gemeldete Karten "
                "müssen nicht ausgespielt werden. Sie bleiben offen vor ihrem Besitzer liegen, "
                "und er darf sie jederzeit ausspielen, wie im Standard-Bezique.",
            ),
            quote="Jede angesagte Meldung muß vorgezeigt werden. Ein Aufspielen der gemeldeten "
            "Karten ist nicht erforderlich.",
            source=src("Meldungen", "Meldungen"),
        ),
        example(
            "meld-when",
            "Only after a won trick",
            "Erst nach einem gewonnenen Stich",
            ex.ex_meld_when,
        ),
        example("meld-once", "One meld per trick", "Eine Meldung je Stich", ex.ex_meld_once),
        example(
            "meld-shown",
            "Shown cards stay in play",
            "Gemeldete Karten bleiben im Spiel",
            ex.ex_meld_shown,
        ),
    ),
    subsections=(
        MARRIAGE,
        TRUMP_MARRIAGE,
        DOUBLE_MARRIAGE,
        FOUR_JACKS,
        FOUR_QUEENS,
        FOUR_KINGS,
        FOUR_ACES,
        BESIK,
        DOUBLE_BESIK,
        TRIPLE_BESIK,
        QUINT_MAJOR,
    ),
)

# ---- 7. re-use -------------------------------------------------------------------------------------

REUSE = Section(
    anchor="reuse",
    title=T("Using a card in several melds", "Karten in mehreren Meldungen"),
    drill="besik.melds",
    blocks=(
        Para(
            T(
                "A card may serve again in a meld of **another kind**: the king of clubs of a declared "
                "marriage may later count in four kings (the source's own example), the king and "
                "queen of a declared Quint-Major may later be declared as a marriage, a declared "
                "Besik may be extended to a double Besik.",
                "Eine Karte darf in einer Meldung **anderer Art** noch einmal mitzählen: der "
                "Kreuz-König einer gemeldeten Heirat später in 4 Königen (das Beispiel der Quelle), "
                "König und Dame einer gemeldeten Quint-Major später als Heirat, ein gemeldeter Besik "
                "später im Doppel-Besik.",
            )
        ),
        Para(
            T(
                "The **same kind** of meld scores again only with **fresh cards**: the second copies "
                "from the other pack, drawn from the talon. A card that has served in a marriage "
                "serves in no second marriage; four kings need four kings that have not served in "
                "four kings before.",
                "**Dieselbe Meldung** zählt nur dann noch einmal, wenn ihre Karten dafür **noch nicht "
                "gemeldet** waren: mit den zweiten Exemplaren aus dem anderen Kartenspiel, aus dem "
                "Talon gezogen. Eine Karte, die in einer "
                "Heirat gezählt hat, zählt in keiner zweiten Heirat; 4 Könige brauchen vier Könige, "
                "die noch nicht in 4 Königen gezählt haben.",
            )
        ),
        Para(
            T(
                "The source allows the first in so many words: “Es ist statthaft, eine Karte "
                "einer Heirat oder einer beliebigen anderen Meldung für eine andere Meldung zu "
                "verwerten” (a card of a marriage or of any other meld may be used for another "
                "meld).",
                "Das Erste erlaubt die Quelle ausdrücklich: „Es ist statthaft, eine Karte einer "
                "Heirat oder einer beliebigen anderen Meldung für eine andere Meldung zu "
                "verwerten.“",
            )
        ),
        Ruling(
            T(
                "“The same cards once more” we read as the same cards from the other pack: each "
                "physical card serves at most once in each kind of meld (marriages of all kinds "
                "counting as one kind).",
                "„Die gleichen Karten noch einmal“ lesen wir als dieselben Karten aus dem anderen "
                "Kartenspiel: jede einzelne Karte zählt in jeder Art von Meldung höchstens einmal (alle "
                "Heiraten gelten als eine Art).",
            ),
            quote="Eine bereits gemeldete Ansage darf nicht wiederholt werden, es sei denn, daß "
            "man durch spätere Aufnahme neuer Karten aus dem Talon die gleichen Karten noch "
            "einmal erhalten sollte.",
            source=src("Meldungen", "Meldungen"),
        ),
        Ruling(
            T(
                "A marriage out of a declared Quint-Major: standard Bezique forbids it, but the "
                "source's worked deal does it (A's Quint-Major in diamonds, later a marriage of "
                "diamonds for 20), so it is allowed here.",
                "Eine Heirat aus einer gemeldeten Quint-Major: im Standard-Bezique verboten, im "
                "Beispielspiel der Quelle aber gemacht (die Karo-Quint-Major von A, später eine "
                "Karo-Heirat für 20), also hier erlaubt.",
            ),
            quote="A meldet eine einfache Heirat (Karo-König und Karo-Dame) und erhält 20 Punkte.",
            source=src("Muster eines Spielverlaufs", "Muster eines Spielverlaufs"),
        ),
        example(
            "reuse-kinds",
            "Another kind: marriage, then four kings",
            "Erst eine Heirat, dann 4 Könige (eine andere Art)",
            ex.ex_reuse_kinds,
        ),
        example(
            "reuse-fresh",
            "The same kind needs fresh cards",
            "Dieselbe Art zählt nur mit noch nicht gemeldeten Karten",
            ex.ex_reuse_fresh,
        ),
        example(
            "reuse-duplicates",
            "The same marriage again, with the duplicates",
            "Dieselbe Heirat noch einmal, mit den zweiten Exemplaren",
            ex.ex_reuse_duplicates,
        ),
        example(
            "reuse-quint",
            "A marriage out of a Quint-Major",
            "Eine Heirat aus einer Quint-Major",
            ex.ex_reuse_quint,
        ),
        example(
            "reuse-besik-double",
            "A Besik extended to a double Besik",
            "Ein Besik wird zum Doppel-Besik",
            ex.ex_reuse_besik_double,
        ),
    ),
)

# ---- 8. the trump seven ------------------------------------------------------------------------------

SEVEN_EXCHANGE = Section(
    anchor="seven-exchange",
    title=T("Exchanging the trump seven", "Umtausch der Trumpf-Sieben"),
    drill="besik.melds",
    blocks=(
        Para(
            T(
                "After winning a trick, the holder of a trump seven may **exchange it for the "
                "turned-up card**: the seven then lies face up, and he takes the trump card into his "
                "hand. He may use that card in a meld **on the same turn**. An undeclared seven scores "
                "its 10 when it is exchanged.",
                "Nach einem gewonnenen Stich darf der Besitzer einer Trumpf-Sieben sie **gegen die "
                "aufgedeckte Karte eintauschen**: die Sieben liegt dann offen, er nimmt die "
                "eingetauschte Karte auf. Er darf sie **im selben Zug** für eine Meldung verwenden. "
                "Eine noch nicht gemeldete Sieben bringt beim Tausch ihre 10.",
            )
        ),
        Ruling(
            T(
                "The source allows the exchange “nach erhaltenem Stich … um sie für eine Meldung "
                "zu benutzen”, and its worked deal melds the card taken at once: so the card may "
                "be melded on the same turn (standard Bezique forbids that).",
                "Die Quelle erlaubt den Tausch „nach erhaltenem Stich … um sie für eine Meldung "
                "zu benutzen“, und im Beispielspiel wird die eingetauschte Karte sofort gemeldet: "
                "also darf sie im selben Zug gemeldet werden (im Standard-Bezique nicht).",
            ),
            quote="Der Besitzer der Trumpf-Sieben kann diese Karte nach erhaltenem Stich gegen "
            "Abgabe der Trumpf-Sieben eintauschen, um sie für eine Meldung zu benutzen.",
            source=src("Austeilung der Karten", "Austeilung der Karten"),
        ),
        example(
            "seven-exchange",
            "The exchange in the source's deal",
            "Der Tausch im Beispielspiel",
            ex.ex_seven_exchange,
        ),
    ),
)

SEVEN_TURNED_UP = Section(
    anchor="seven-turned-up",
    title=T("A seven turned up", "Eine Sieben wird aufgedeckt"),
    blocks=(
        Para(
            T(
                f"If the turned-up card is itself a seven, the **dealer scores {POINTS_TRUMP_SEVEN}** "
                "at once, and there is nothing to exchange for.",
                f"Ist die aufgedeckte Karte selbst eine Sieben, erhält der **Geber sofort "
                f"{POINTS_TRUMP_SEVEN} Punkte**; dann gibt es nichts einzutauschen.",
            )
        ),
        Ruling(
            T(
                "The source is silent on a seven turned up; we use the standard Bezique rule.",
                "Die Quelle sagt nichts über eine aufgedeckte Sieben; wir folgen der Regel des "
                "Standard-Bezique.",
            ),
            quote="Die 17. Karte wird offen auf den Tisch gelegt. Sie gilt als Trumpffarbe.",
            source=src("Austeilung der Karten", "Austeilung der Karten"),
        ),
        example(
            "seven-turned-up",
            "A seven turned up",
            "Eine Sieben wird aufgedeckt",
            ex.ex_seven_turned_up,
        ),
    ),
)

TRUMP_SEVEN = Section(
    anchor="trump-seven",
    title=T("The trump seven", "Die Trumpf-Sieben"),
    drill="besik.melds",
    blocks=(
        Para(
            T(
                f"A [[trump-seven]] declared after winning a trick scores **{POINTS_TRUMP_SEVEN}**; "
                f"both trump sevens declared together score **{2 * POINTS_TRUMP_SEVEN}**. Each seven "
                "scores once. Declaring a seven does not use up the turn's meld.",
                f"Eine [[trump-seven|Trumpf-Sieben]], nach einem gewonnenen Stich gemeldet, bringt "
                f"**{POINTS_TRUMP_SEVEN}**; beide Trumpf-Sieben zusammen **{2 * POINTS_TRUMP_SEVEN}**. "
                "Jede Sieben zählt nur einmal. Das Melden der Sieben zählt nicht als die Meldung "
                "dieses Stichs; danach darf man noch eine Meldung ansagen.",
            )
        ),
        Ruling(
            T(
                "The source's worked deal declares the seven, exchanges it and then declares a "
                "trump marriage, all on one won trick: so the seven is not the turn's one meld.",
                "Im Beispielspiel der Quelle wird nach einem Stich die Sieben gemeldet, "
                "eingetauscht und dann eine Trumpf-Heirat gemeldet: die Sieben zählt also nicht "
                "als die Meldung dieses Stichs.",
            ),
            quote="A meldet die Herz-Sieben (Trumpf-Farbe) und erhält dafür 10 Punkte, dann "
            "tauscht er diese Herz-Sieben gegen den offen liegenden Herz-König ein und hat somit "
            "eine Trumpf-Heirat, die er meldet und vorzeigt.",
            source=src("Muster eines Spielverlaufs", "Muster eines Spielverlaufs"),
        ),
        example(
            "trump-seven", "One seven, both sevens", "Eine Sieben, beide Sieben", ex.ex_trump_seven
        ),
    ),
    subsections=(SEVEN_EXCHANGE, SEVEN_TURNED_UP),
)

# ---- 9. the last eight tricks ------------------------------------------------------------------------

END_PLAY = Section(
    anchor="end-play",
    title=T("The last eight tricks", "Die letzten acht Stiche"),
    drill="besik.tricks",
    blocks=(
        Para(
            T(
                "Once the talon is empty each player has eight cards, and the rules become strict:",
                "Ist der Talon aufgebraucht, hat jeder acht Karten, und es gelten strenge Regeln:",
            ),
            items=(
                T(
                    "**no more melds** (not even a trump seven);",
                    "**keine Meldungen mehr** (auch keine Trumpf-Sieben);",
                ),
                T(
                    "you **must [[follow-suit|follow suit]]**;",
                    "man **muss [[follow-suit|bedienen]]**;",
                ),
                T(
                    "if you cannot, you **must trump**;",
                    "wer nicht bedienen kann, **muss trumpfen**;",
                ),
                T(
                    "only if you can do neither may you throw off any card;",
                    "nur wer beides nicht kann, darf beliebig abwerfen;",
                ),
                T(
                    "there is **no [[duty-to-win|duty to win]]** the trick.",
                    "es gibt **keinen [[duty-to-win|Stichzwang]]**.",
                ),
            ),
        ),
        Ruling(
            T(
                "The rules section says one “may” trump if one cannot follow; the worked deal "
                "says one “must” (“Wer nicht bedienen kann, muß trumpfen”). We rule: must "
                "trump.",
                "Die Regeln sagen, man „darf“ trumpfen, wenn man nicht bedienen kann; das "
                "Beispielspiel sagt „muß“ („Wer nicht bedienen kann, muß trumpfen“). Wir legen "
                "fest: man muss trumpfen.",
            ),
            quote="Ist der Talon jedoch aufgebraucht, so muß genauestens bedient werden. Nur "
            "dann, wenn dies nicht möglich ist, darf getrumpft werden. Ist auch dies nicht "
            "möglich, dann darf beliebig abgeworfen werden.",
            source=src("Bedienen und trumpfen", "Bedienen und trumpfen"),
        ),
        Ruling(
            T(
                "No duty to win: the source never asks for it, and in trick 25 of its worked deal "
                "A plays the seven of diamonds on the eight of diamonds while holding the nine "
                "and the ace. Standard Bezique would force him to win.",
                "Kein Stichzwang: die Quelle verlangt ihn nirgends, und im 25. Stich des "
                "Beispielspiels gibt A die Karo-Sieben auf die Karo-Acht, obwohl er Karo-Neun und "
                "Karo-As hat. Im Standard-Bezique müsste er überstechen.",
            ),
            quote="A legt Karo-Sieben ab.",
            source=src("Muster eines Spielverlaufs", "Muster eines Spielverlaufs"),
        ),
        Origin(
            T(
                "No melds after the talon is empty: the source's worked deal declares none there; the "
                "rule is standard Bezique's.",
                "Keine Meldungen nach dem Ende des Talons: im Beispielspiel wird danach nichts mehr "
                "gemeldet; die Regel stammt aus dem Standard-Bezique.",
            )
        ),
        example(
            "end-follow",
            "Follow suit, but no duty to win",
            "Bedienen, aber kein Stichzwang",
            ex.ex_end_follow,
        ),
        example(
            "end-trump",
            "Cannot follow: must trump",
            "Wer nicht bedienen kann, muss trumpfen",
            ex.ex_end_trump,
        ),
        example("end-no-meld", "No more melds", "Keine Meldungen mehr", ex.ex_end_no_meld),
    ),
)

# ---- 10. counting: Augen, last trick, game ---------------------------------------------------------------

AUGEN_SECTION = Section(
    anchor="augen",
    title=T("Augen in the tricks", "Augen in den Stichen"),
    blocks=(
        Para(
            T(
                "At the end of the deal each player counts the [[augen|Augen]] of the cards in his "
                "tricks (ace 11, ten 10, king 4, queen 3, jack 2) and scores **one point per Auge**. "
                "All 64 cards hold 240 Augen.",
                "Am Ende des Spiels zählt jeder die [[augen|Augen]] der Karten in seinen Stichen (As "
                "11, Zehn 10, König 4, Dame 3, Bauer 2) und erhält **je Auge einen Punkt**. Alle 64 "
                "Karten zusammen haben 240 Augen.",
            )
        ),
        example(
            "augen",
            "Counting A's tricks in the source's deal",
            "Die Stiche von A im Beispielspiel gezählt",
            ex.ex_augen,
        ),
    ),
    drill="besik.tricks",
)

LAST_TRICK = Section(
    anchor="last-trick",
    title=T("The last trick", "Der letzte Stich"),
    blocks=(
        Para(
            T(
                f"The winner of the [[last-trick|last trick]] of the deal scores **{POINTS_LAST_TRICK}**.",
                f"Wer den [[last-trick|letzten Stich]] des Spiels macht, erhält **{POINTS_LAST_TRICK} "
                "Punkte**.",
            )
        ),
        example(
            "last-trick",
            "The last trick of the source's deal",
            "Der letzte Stich des Beispielspiels",
            ex.ex_last_trick,
        ),
    ),
    drill="besik.tricks",
)

GAME = Section(
    anchor="game",
    title=T("Scoring a deal and the game", "Abrechnung und Partie"),
    blocks=(
        Para(
            T(
                "Melds are scored when they are declared; the last trick and the Augen at the end of "
                "the deal. The totals carry over from deal to deal. The **game** ends at the end of a "
                f"deal in which a player has reached **{GAME_TARGET}**: the higher total wins. If the "
                "totals are equal, another deal is played.",
                "Meldungen werden beim Ansagen notiert, der letzte Stich und die Augen am Ende des "
                "Spiels. Die Stände werden von Spiel zu Spiel fortgeschrieben. Die "
                f"[[besik-partie|Partie]] endet mit dem Spiel, in dem ein Spieler **{GAME_TARGET}** "
                "erreicht: der höhere Stand gewinnt. Bei Gleichstand wird ein weiteres Spiel "
                "gespielt.",
            )
        ),
        Ruling(
            T(
                "The source ends the game “as soon as” a player reaches 1000 in his notes. But the "
                "Augen are only credited at the end of a deal, so a check in mid-deal would favour "
                "whoever melds first; we check at the end of the deal, after the last trick and "
                "the Augen. The source is silent on ties; equal totals play another deal.",
                "Die Quelle beendet die Partie, „sobald“ ein Spieler in seinen Notierungen 1000 "
                "erreicht. Die Augen werden aber erst am Schluss des Spiels gutgeschrieben; eine "
                "Prüfung mitten im Spiel begünstigte den, der zuerst meldet. Wir prüfen am Ende "
                "des Spiels, nach letztem Stich und Augen. Zum Gleichstand sagt die Quelle nichts; "
                "bei gleichem Stand folgt ein weiteres Spiel.",
            ),
            quote="Das Spiel gilt als beendet, sobald einer der Spieler in seinen Notierungen die "
            "Zahl Tausend erreicht hat.",
            source=src("Spielregeln", "Spielregeln"),
        ),
        example(
            "deal-score",
            "The score of the source's deal",
            "Die Abrechnung des Beispielspiels",
            ex.ex_deal_score,
        ),
        example("game", "When the game ends", "Wann die Partie endet", ex.ex_game),
    ),
    drill="besik.tricks",
)

# ---- 11. three and four players --------------------------------------------------------------------------

THREE = Section(
    anchor="three-players",
    title=T("Besik for three", "Besik für drei Personen"),
    blocks=(
        Para(
            T(
                "Three packs (96 cards), 8 cards each; the **25th card** fixes trumps. Each plays for "
                "himself; play and the draw go round clockwise, from the player left of the dealer. The "
                f"**[[triple-besik|Tripelbesik]]** (three queens of spades and three jacks of diamonds) "
                f"scores **{MELD_POINTS['triple-besik']}**. Two trump sevens together still score "
                f"{2 * POINTS_TRUMP_SEVEN}; there is no meld of three sevens.",
                "Drei Kartenspiele (96 Karten), je 8 Karten; die **25. Karte** bestimmt den Trumpf. Jeder "
                "spielt für sich; Aufspiel und Ziehen gehen im Uhrzeigersinn reihum, beginnend links vom Geber. Der "
                "**[[triple-besik|Tripelbesik]]** (drei Pik-Damen und drei Karo-Bauern) bringt "
                f"**{MELD_POINTS['triple-besik']}**. Zwei Trumpf-Sieben zusammen zählen weiter "
                f"{2 * POINTS_TRUMP_SEVEN}; drei Sieben sind keine Meldung.",
            )
        ),
        Ruling(
            T(
                "A player who holds a triple Besik in his first eight cards may declare it at his "
                "first turn, without having won a trick: he scores 1500 and wins the game at once. "
                "(“Kann … beenden”: it is his choice.)",
                "Wer in seinen ersten acht Karten einen Tripelbesik hat, darf ihn gleich in "
                "seinem ersten Zug melden, ohne einen Stich gemacht zu haben: er erhält 1500 und "
                "gewinnt die Partie sofort. („Kann … beenden“: er darf, muss aber nicht.)",
            ),
            quote="Meldet ein Spieler einen Tripelbesik gleich am Anfang des Spieles, sobald er an "
            "der Reihe ist, so kann er damit sofort das Spiel beenden.",
            source=src("Besik für drei Personen", "Besik für drei Personen"),
        ),
        Origin(
            T(
                "Play going round from the dealer's left, the draw in the same order and the last "
                "card to whoever draws last come from standard Bezique; the source does not say.",
                "Reihum vom Platz links des Gebers, das Ziehen in derselben Reihenfolge und die "
                "letzte Karte für den, der zuletzt zieht: nach Standard-Bezique; die Quelle sagt "
                "dazu nichts.",
            )
        ),
        example("three", "A deal for three", "Eine Austeilung zu dritt", ex.ex_three),
        example(
            "three-tripel",
            "A triple Besik at the first turn",
            "Ein Tripelbesik im ersten Zug",
            ex.ex_three_tripel,
        ),
    ),
)

FOUR = Section(
    anchor="four-players",
    title=T("Besik for four", "Besik für vier Personen"),
    blocks=(
        Para(
            T(
                "The rules for three apply, again with **three packs**; the **33rd card** fixes "
                "trumps. Either each plays for himself, or two [[partnership|partnerships]] play "
                "against each other: partners sit opposite and share one score. Only the player who "
                "won the trick declares, from his own hand. In the last eight tricks everyone must "
                "follow, else trump.",
                "Es gelten die Regeln zu dritt, wieder mit **drei Kartenspielen**; die **33. Karte** "
                "bestimmt den Trumpf. Jeder spielt für sich, oder zwei [[partnership|Parteien]] spielen "
                "gegeneinander: die Partner sitzen sich gegenüber und haben einen gemeinsamen Stand. "
                "Melden darf nur, wer den Stich gemacht hat, und nur aus der eigenen Hand. In den "
                "letzten acht Stichen muss jeder bedienen, sonst trumpfen.",
            )
        ),
        Ruling(
            T(
                "The source keeps three packs for four players (standard Bezique uses four) and "
                "does not say how partners sit or meld; we seat partners opposite and let each "
                "meld only his own cards, as in standard Bezique.",
                "Die Quelle bleibt zu viert bei drei Kartenspielen (Standard-Bezique nimmt vier) "
                "und sagt nicht, wie Partner sitzen und melden; wir setzen die Partner einander "
                "gegenüber, und jeder meldet nur eigene Karten, wie im Standard-Bezique.",
            ),
            quote="Jeder Teilnehmer kann allein für sich spielen, es können aber auch zwei "
            "Parteien gebildet werden, die gegeneinander spielen.",
            source=src("Besik für vier Personen", "Besik für vier Personen"),
        ),
        example(
            "four",
            "A deal for four in partnerships",
            "Eine Austeilung zu viert mit Parteien",
            ex.ex_four,
        ),
        example(
            "four-partners",
            "Partners score together but meld alone",
            "Partner zählen gemeinsam, melden aber allein",
            ex.ex_four_partners,
        ),
    ),
)

# ---- 12. standard Bezique ------------------------------------------------------------------------------

BRISQUES = Section(
    anchor="brisques",
    title=T("Brisques", "Brisques"),
    blocks=(
        Para(
            T(
                f"In standard Bezique only aces and tens count in tricks, the "
                f"[[brisques|brisques]]: **{POINTS_BRISQUE} each**. Kings, queens and jacks count "
                "nothing.",
                f"Im Standard-Bezique zählen in den Stichen nur Asse und Zehnen, die "
                f"[[brisques|Brisques]]: **je {POINTS_BRISQUE}**. Könige, Damen und Bauern zählen "
                "nichts.",
            )
        ),
        example(
            "brisques",
            "A standard deal counted in brisques",
            "Ein Standard-Spiel in Brisques gezählt",
            ex.ex_brisques,
        ),
    ),
)

STANDARD = Section(
    anchor="standard-bezique",
    title=T("Standard Bezique", "Standard-Bezique"),
    blocks=(
        Para(
            T(
                "English texts describe [[standard-bezique|standard Bezique]], which differs from the "
                "German game in the source. Both can be played here, never mixed.",
                "Englische Texte beschreiben das [[standard-bezique|Standard-Bezique]], das vom "
                "deutschen Spiel der Quelle abweicht. Beide lassen sich hier spielen, nie gemischt.",
            )
        ),
        Table(
            caption=T("How standard Bezique differs", "Wie das Standard-Bezique abweicht"),
            rows=(
                (
                    T("Rule", "Regel"),
                    T("Besik (the source)", "Besik (die Quelle)"),
                    T("Standard Bezique", "Standard-Bezique"),
                ),
                (
                    T("Cards in tricks", "Karten in den Stichen"),
                    T(
                        "all Augen (A 11, 10 10, K 4, Q 3, J 2)",
                        "alle Augen (As 11, Zehn 10, König 4, Dame 3, Bauer 2)",
                    ),
                    T(
                        f"brisques only: aces and tens, {POINTS_BRISQUE} each",
                        f"nur Brisques: Asse und Zehnen, je {POINTS_BRISQUE}",
                    ),
                ),
                (
                    T("Quint-Major (sequence)", "Quint-Major (Sequenz)"),
                    T("any suit", "jede Farbe"),
                    T("trumps only", "nur in Trumpf"),
                ),
                (
                    T("When to meld", "Wann gemeldet wird"),
                    T("before or after the draw", "vor oder nach dem Ziehen"),
                    T("before the draw", "vor dem Ziehen"),
                ),
                (
                    T("Card taken for the seven", "Gegen die Sieben getauschte Karte"),
                    T("may be melded at once", "darf sofort gemeldet werden"),
                    T("not in the same turn", "nicht im selben Zug"),
                ),
                (
                    T("Marriage out of a declared sequence", "Heirat aus gemeldeter Sequenz"),
                    T("allowed", "erlaubt"),
                    T("not allowed", "nicht erlaubt"),
                ),
                (
                    T("Last eight tricks", "Letzte acht Stiche"),
                    T(
                        "follow, else trump; no duty to win",
                        "bedienen, sonst trumpfen; kein Stichzwang",
                    ),
                    T(
                        "follow, else trump, and win if you can",
                        "bedienen, sonst trumpfen, und überstechen, wenn möglich",
                    ),
                ),
                (
                    T("Four players", "Vier Spieler"),
                    T("three packs", "drei Kartenspiele"),
                    T("four packs", "vier Kartenspiele"),
                ),
                (
                    T("Game", "Partie"),
                    T(f"{GAME_TARGET}", f"{GAME_TARGET}"),
                    T(
                        f"{GAME_TARGET}; with three or four players {GAME_TARGET_STANDARD_MANY}",
                        f"{GAME_TARGET}; zu dritt oder zu viert {GAME_TARGET_STANDARD_MANY}",
                    ),
                ),
            ),
        ),
        Origin(
            T(
                "Standard Bezique as the English rule books give it (e.g. Cavendish's and Hoyle's "
                "Bezique); the German source does not describe it.",
                "Standard-Bezique nach den englischen Regelbüchern (etwa Cavendish und Hoyle); die "
                "deutsche Quelle beschreibt es nicht.",
            )
        ),
        example(
            "standard",
            "The source's deal under standard rules",
            "Das Beispielspiel nach Standardregeln",
            ex.ex_standard,
        ),
    ),
    subsections=(BRISQUES,),
)

# ---- 13. strategy ------------------------------------------------------------------------------------------

STRATEGY = Section(
    anchor="strategy",
    title=T("Strategy from the source", "Spieltipps aus der Quelle"),
    blocks=(
        Para(
            T(
                "The source's worked deal explains its players' choices. What it advises:",
                "Das Beispielspiel der Quelle begründet die Züge seiner Spieler. Was es rät:",
            ),
            items=(
                T(
                    "Look at your cards for melds at once, and keep the cards that may complete one: "
                    "A keeps his ace, ten, king and jack of diamonds hoping to draw the queen for a "
                    "Quint-Major.",
                    "Gleich die Karten auf Meldemöglichkeiten prüfen und die Karten halten, die eine "
                    "Meldung ergänzen können: A hält Karo-As, -Zehn, -König und -Bauer in der Hoffnung "
                    "auf die Karo-Dame für die Quint-Major.",
                ),
                T(
                    "Do not lead a card you need for a meld (A keeps the queen of spades for the Besik; "
                    "B will not break his Quint-Major in clubs).",
                    "Keine Karte aufspielen, die man für eine Meldung braucht (A hält die Pik-Dame für "
                    "den Besik; B zerstört seine Kreuz-Quint-Major nicht).",
                ),
                T(
                    "Win a trick when you have a meld to declare, if need be with a small trump (B "
                    "trumps with the jack of hearts to declare his Quint-Major; A trumps the king of "
                    "spades rather than taking it with the ace, to meld four aces).",
                    "Einen Stich machen, wenn man etwas zu melden hat, notfalls mit einem kleinen Trumpf "
                    "(B trumpft mit dem Herz-Bauern, um die Quint-Major zu melden; A trumpft den "
                    "Pik-König, statt ihn mit dem As zu nehmen, um 4 Asse zu melden).",
                ),
                T(
                    "Do not spend trumps on tricks with few Augen (the queen of spades, 3 Augen, is "
                    "not worth the ace or king of hearts).",
                    "Keine Trümpfe für Stiche mit wenig Augen opfern (die Pik-Dame, 3 Augen, ist das "
                    "Herz-As oder den Herz-König nicht wert).",
                ),
                T(
                    "Lead a high card to tempt the opponent to trump (B's ace of spades).",
                    "Eine hohe Karte aufspielen, um den Gegner zum Trumpfen zu verleiten (das Pik-As "
                    "von B).",
                ),
            ),
        ),
        example("low-trick", "Not worth a trump", "Keinen Trumpf wert", ex.ex_low_trick),
        Para(
            T(
                "In the last eight tricks play can be worked out exactly: a player who has kept "
                "track of the cards played knows the other's eight cards, and the analysis plays "
                "both hands open. The source's own end play is not always the best:",
                "In den letzten acht Stichen lässt sich genau rechnen: wer die gespielten Karten "
                "mitgezählt hat, kennt die acht Karten des Gegners, und die Analyse spielt "
                "mit offenen Karten. Das Endspiel der Quelle ist nicht immer das beste:",
            )
        ),
        example(
            "solver-end",
            "Trick 25: the verdict with all cards known",
            "Das Urteil der Analyse zum 25. Stich",
            ex.ex_solver_end,
        ),
    ),
)


SECTIONS: tuple[Section, ...] = (
    OVERVIEW,
    CARDS,
    DEAL,
    TALON,
    TRICKS,
    MELDS,
    REUSE,
    TRUMP_SEVEN,
    END_PLAY,
    AUGEN_SECTION,
    LAST_TRICK,
    GAME,
    THREE,
    FOUR,
    STANDARD,
    STRATEGY,
)
"""The Besik reference, section by section."""
