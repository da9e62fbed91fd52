"""The whole bilingual message catalogue of Besik, the rule anchors and the meld names.

>>> RULE_ANCHORS["quint-major"]
('Quint-Major', 'Quint-Major')

Messages take every rule value as a parameter; the values live in
:mod:`cardtutor.engine.besik.constants`.
"""

from __future__ import annotations

from cardtutor.engine.besik.constants import MELD_KINDS
from cardtutor.engine.text import register_messages


def won_key(party: str) -> str:
    """The message of ``party`` winning the game: partners ("A+C") take the plural verb.

    >>> won_key("A"), won_key("A+C")
    ('besik.game.won', 'besik.game.won.team')
    """
    return "besik.game.won.team" if "+" in party else "besik.game.won"


RULE_ANCHORS: dict[str, tuple[str, str]] = {
    "deal": ("The deal", "Austeilung der Karten"),
    "talon": ("The talon and the draw", "Der Talon und das Ziehen"),
    "tricks": ("Tricks while the talon lasts", "Stiche, solange der Talon reicht"),
    "end-play": ("The last eight tricks", "Die letzten acht Stiche"),
    "melds": ("Melds", "Meldungen"),
    "reuse": ("Using a card in several melds", "Karten in mehreren Meldungen"),
    "marriage": ("Marriage", "Einfache Heirat"),
    "trump-marriage": ("Trump marriage", "Trumpf-Heirat"),
    "double-marriage": ("Double marriage", "Doppel-Heirat"),
    "four-jacks": ("Four jacks", "4 Bauern"),
    "four-queens": ("Four queens", "4 Damen"),
    "four-kings": ("Four kings", "4 Könige"),
    "four-aces": ("Four aces", "4 Asse"),
    "besik": ("Besik", "Besik"),
    "double-besik": ("Double Besik", "Doppel-Besik"),
    "triple-besik": ("Triple Besik", "Tripelbesik"),
    "quint-major": ("Quint-Major", "Quint-Major"),
    "trump-seven": ("The trump seven", "Die Trumpf-Sieben"),
    "seven-exchange": ("Exchanging the trump seven", "Umtausch der Trumpf-Sieben"),
    "seven-turned-up": ("A seven turned up", "Eine Sieben wird aufgedeckt"),
    "augen": ("Augen in the tricks", "Augen in den Stichen"),
    "brisques": ("Brisques", "Brisques"),
    "last-trick": ("The last trick", "Der letzte Stich"),
    "game": ("Scoring a deal and the game", "Abrechnung und Partie"),
    "three-players": ("Besik for three", "Besik für drei Personen"),
    "four-players": ("Besik for four", "Besik für vier Personen"),
    "standard-bezique": ("Standard Bezique", "Standard-Bezique"),
}
"""Rule anchor -> (English title, German title); events refer to ``"besik#<anchor>"``."""


_MELD_NAMES = {
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
"""Meld names for sentences (with the article; German in the accusative)."""


_REPEAT = {
    "marriage": ("this marriage has already been declared", "diese Heirat wurde schon gemeldet"),
    "trump-marriage": (
        "this trump marriage has already been declared",
        "diese Trumpf-Heirat wurde schon gemeldet",
    ),
    "double-marriage": (
        "these kings and queens have already been declared as marriages",
        "diese Könige und Damen wurden schon als Heiraten gemeldet",
    ),
    "four-jacks": (
        "these four jacks have already been declared",
        "diese vier Bauern wurden schon gemeldet",
    ),
    "four-queens": (
        "these four queens have already been declared",
        "diese vier Damen wurden schon gemeldet",
    ),
    "four-kings": (
        "these four kings have already been declared",
        "diese vier Könige wurden schon gemeldet",
    ),
    "four-aces": (
        "these four aces have already been declared",
        "diese vier Asse wurden schon gemeldet",
    ),
    "besik": ("this Besik has already been declared", "dieser Besik wurde schon gemeldet"),
    "double-besik": (
        "this double Besik has already been declared",
        "dieser Doppel-Besik wurde schon gemeldet",
    ),
    "triple-besik": (
        "this triple Besik has already been declared",
        "dieser Tripelbesik wurde schon gemeldet",
    ),
    "quint-major": (
        "this Quint-Major has already been declared",
        "diese Quint-Major wurde schon gemeldet",
    ),
}


_BESIK_NOUNS = {
    "marriage": ("marriage", "Heirat"),
    "trump-marriage": ("trump marriage", "Trumpf-Heirat"),
    "double-marriage": ("double marriage", "Doppel-Heirat"),
    "four-jacks": ("four jacks", "vier Bauern"),
    "four-queens": ("four queens", "vier Damen"),
    "four-kings": ("four kings", "vier Könige"),
    "four-aces": ("four aces", "vier Asse"),
    "besik": ("Besik", "Besik"),
    "double-besik": ("double Besik", "Doppel-Besik"),
    "triple-besik": ("triple Besik", "Tripelbesik"),
    "quint-major": ("Quint-Major", "Quint-Major"),
}
"""Every meld kind's bare name (no article, no suit), for refusals and the game's buttons."""


register_messages({f"besik.meld.{k}": v for k, v in _MELD_NAMES.items()})


register_messages({f"besik.noun.{k}": v for k, v in _BESIK_NOUNS.items()})


register_messages({f"besik.label.{k}": RULE_ANCHORS[k] for k in MELD_KINDS})


register_messages({f"besik.err.repeat.{k}": v for k, v in _REPEAT.items()})


# The deal's counts in words (players and cards per hand: two to four, eight).
register_messages(
    {
        "besik.num.2": ("two", "zwei"),
        "besik.num.3": ("three", "drei"),
        "besik.num.4": ("four", "vier"),
        "besik.num.8": ("eight", "acht"),
    }
)


register_messages(
    {
        # --- events ---------------------------------------------------------------
        "besik.deal": (
            "{dealer} deals {size} cards to each player ({batches}); the {card} is turned up: "
            "{suit} are trumps. {talon} cards form the talon.",
            "{dealer} gibt jedem Spieler {size} Karten ({batches}); {card:nom} wird aufgedeckt: "
            "{suit} ist Trumpf. {talon} Karten bilden den Talon.",
        ),
        "besik.lead": ("{seat} leads the {card}.", "{seat} spielt {card} auf."),
        "besik.follow": ("{seat} follows suit with the {card}.", "{seat} bedient mit {card}."),
        "besik.trump": ("{seat} trumps with the {card}.", "{seat} trumpft mit {card}."),
        "besik.discard": ("{seat} discards the {card}.", "{seat} wirft {card} ab."),
        "besik.trick": (
            "{seat} wins the trick with the {card}.",
            "{seat} macht den Stich mit {card}.",
        ),
        "besik.trick.last": ("{seat} wins the trick.", "{seat} macht den Stich."),
        "besik.trick.identical": (
            "{seat} wins the trick with the {card}: of two identical cards the first played wins.",
            "{seat} macht den Stich mit {card}: Von zwei gleichen Karten macht die zuerst "
            "gespielte den Stich.",
        ),
        "besik.draw": ("{seat} draws the {card} from the talon.", "{seat} zieht {card} vom Talon."),
        "besik.draw.hidden": (
            "{seat} draws a card from the talon.",
            "{seat} zieht eine Karte vom Talon.",
        ),
        "besik.draw.up": (
            "{seat} takes the face-up {card}.",
            "{seat} erhält die aufgedeckte Karte, {card:acc}.",
        ),
        "besik.talon.empty": (
            "The talon is empty: from now on each player must follow suit, else trump, else "
            "play any card; no more melds.",
            "Der Talon ist aufgebraucht: Von jetzt an muss bedient werden, sonst getrumpft, "
            "sonst beliebig abgeworfen; keine Meldungen mehr.",
        ),
        "besik.talon.empty.standard": (
            "The talon is empty: from now on each player must follow suit and win the trick "
            "if he can, else trump; no more melds.",
            "Der Talon ist aufgebraucht: Von jetzt an gilt Farb- und Stichzwang: bedienen und "
            "den Stich gewinnen, wenn möglich, sonst trumpfen; keine Meldungen mehr.",
        ),
        "besik.score.meld": (
            "{seat} declares {meld} ({cards}): {points} points.",
            "{seat} meldet {meld} ({cards}): {points} Punkte.",
        ),
        "besik.score.double_marriage": (
            "{seat} declares a double marriage in {suit} ({cards}): two marriages at once, "
            "{points} points.",
            "{seat} meldet eine Doppel-Heirat in {suit} ({cards}): zwei Heiraten auf einmal, "
            "{points} Punkte.",
        ),
        "besik.score.triple_wins": (
            "{seat} declares a triple Besik at his first turn ({cards}): {points} points, "
            "and the game is won at once.",
            "{seat} meldet gleich in seinem ersten Zug einen Tripelbesik ({cards}): "
            "{points} Punkte, und die Partie ist sofort gewonnen.",
        ),
        "besik.score.seven": (
            "{seat} declares the trump seven ({cards}): {points} points.",
            "{seat} meldet die Trumpf-Sieben ({cards}): {points} Punkte.",
        ),
        "besik.score.sevens": (
            "{seat} declares both trump sevens together ({cards}): {points} points.",
            "{seat} meldet beide Trumpf-Sieben zusammen ({cards}): {points} Punkte.",
        ),
        "besik.score.seven_up": (
            "The turned-up card is the {card}: the dealer {seat} scores {points}.",
            "Aufgedeckt ist {card:nom}; der Geber {seat} erhält {points} Punkte.",
        ),
        "besik.exchange": (
            "{seat} exchanges the {seven} for the face-up {card}.",
            "{seat} tauscht {seven:acc} gegen die aufgedeckte Karte, {card:acc}, ein.",
        ),
        "besik.score.last_trick": (
            "{seat} wins the last trick: {points} points.",
            "{seat} macht den letzten Stich: {points} Punkte.",
        ),
        "besik.score.augen": (
            "{party} took {points} Augen (card points) in tricks: {points} points.",
            "In den Stichen von {party}: {points} Augen, also {points} Punkte.",
        ),
        "besik.score.brisques": (
            "{party} took {count} brisques (aces and tens) in tricks: {points} points.",
            "In den Stichen von {party}: {count} Brisques (Asse und Zehnen), also {points} Punkte.",
        ),
        "besik.deal.end": (
            "End of the deal. Totals: {totals}.",
            "Ende dieses Spiels. Gesamtstand: {totals}.",
        ),
        "besik.game.won": (
            "{party} wins the game with {total} points.",
            "{party} gewinnt die Partie mit {total} Punkten.",
        ),
        "besik.game.won.team": (  # partners ("A+C"): the verb in the plural
            "{party} win the game with {total} points.",
            "{party} gewinnen die Partie mit {total} Punkten.",
        ),
        "besik.game.tie": (
            "{total} points each at the top: another deal is played.",
            "Gleichstand mit je {total} Punkten: Es wird ein weiteres Spiel gespielt.",
        ),
        "besik.game.next": (
            "Nobody has {target} yet: {seat} deals next.",
            "Noch niemand hat {target} Punkte: {seat} gibt als Nächster.",
        ),
        # --- labels for the site ---------------------------------------------------
        "besik.ui.hands": ("State of the hands", "Stand der Karten"),
        "besik.ui.declared": ("declared", "gemeldet"),
        "besik.ui.talon": ("talon", "Talon"),
        "besik.ui.up_card": ("face-up card (trumps)", "aufgedeckte Karte (bestimmt den Trumpf)"),
        "besik.ui.trick": ("trick", "Stich"),
        "besik.ui.tricks_won": ("tricks won", "gewonnene Stiche"),
        "besik.ui.melds": ("melds", "Meldungen"),
        "besik.ui.augen": ("Augen (card points)", "Augen"),
        "besik.ui.last_trick": ("last trick", "letzter Stich"),
        "besik.ui.trump_seven": ("trump seven", "Trumpf-Sieben"),
        "besik.ui.seven_turned_up": ("seven turned up", "Sieben aufgedeckt"),
        "besik.ui.brisques": ("brisques", "Brisques"),
        "besik.ui.previous_deals": ("previous deals", "frühere Spiele"),
        "besik.ui.phase.play": ("to play", "spielt"),
        "besik.ui.phase.draw": ("may declare, then draws", "darf melden, zieht dann"),
        "besik.ui.phase.deal": ("to deal", "gibt"),
        "besik.ui.phase.over": ("over", "beendet"),
        # --- refusals ---------------------------------------------------------------
        "besik.err.ruleset": (
            "{name!r} is not a Besik ruleset (use 'seed' or 'standard').",
            "{name!r} ist kein Besik-Regelwerk ('seed' oder 'standard' verwenden).",
        ),
        "besik.err.over": ("the deal is over", "das Spiel ist beendet"),
        "besik.err.deal_first": (
            "the deal is over: {seat} must deal the next one",
            "das Spiel ist beendet: {seat} muss das nächste geben",
        ),
        "besik.err.no_deal": ("this is not the time to deal", "jetzt wird nicht gegeben"),
        "besik.err.not_held": (
            "you do not hold the {card}",
            "du hast {card:acc} nicht auf der Hand",
        ),
        "besik.err.other_copy": (
            "you hold the other copy of the {card}, not this one ({code})",
            "von {card:dat} hast du das andere Exemplar auf der Hand, nicht dieses ({code})",
        ),
        "besik.err.not_in_play": (
            "the {card} is not in play: {packs} packs are used",
            "{card:nom} ist nicht im Spiel: Es wird mit {packs} Kartenspielen gespielt",
        ),
        "besik.err.draw_first": (
            "you won the trick: draw from the talon before you lead",
            "du hast den Stich gewonnen: erst vom Talon ziehen, dann aufspielen",
        ),
        "besik.err.no_draw": ("there is nothing to draw now", "jetzt wird nicht gezogen"),
        "besik.err.must_follow": (
            "you must follow {suit}: the talon is empty",
            "du musst {suit} bedienen, denn der Talon ist aufgebraucht",
        ),
        "besik.err.must_trump": (
            "you cannot follow {suit}, so you must trump: the talon is empty",
            "du kannst {suit} nicht bedienen, also musst du trumpfen, denn der Talon ist aufgebraucht",
        ),
        "besik.err.must_win": (
            "you must win the trick if you can (standard Bezique, last eight tricks)",
            "du musst den Stich gewinnen, wenn du kannst (Stichzwang im Standard-Bezique, letzte acht Stiche)",
        ),
        "besik.err.no_trick": (
            "only the player who has just won a trick may declare",
            "melden darf nur, wer soeben einen Stich gewonnen hat",
        ),
        "besik.err.talon_empty": (
            "no more melds: the talon is empty",
            "keine Meldungen mehr: Der Talon ist aufgebraucht",
        ),
        "besik.err.once": (
            "you have already declared a meld for this trick: one meld per won trick",
            "du hast für diesen Stich schon gemeldet: eine Meldung je gewonnenem Stich",
        ),
        "besik.err.after_draw": (
            "in standard Bezique you declare before drawing",
            "im Standard-Bezique wird vor dem Ziehen gemeldet",
        ),
        "besik.err.shape": (
            "these cards do not form the meld \u201c{label}\u201d: {cards}",
            "diese Karten bilden nicht die Meldung \u201e{label}\u201c: {cards}",
        ),
        "besik.err.kind": ("{kind!r} is not a meld", "{kind!r} ist keine Meldung"),
        "besik.err.duplicate": (
            "the same physical card is named twice",
            "dieselbe Karte ist doppelt angegeben",
        ),
        "besik.err.reused": (
            "the {card} has already served in {meld}: the same meld needs fresh cards",
            "{card:nom} wurde schon für {meld} verwendet: Dieselbe Meldung zählt nur dann noch "
            "einmal, wenn ihre Karten dafür noch nicht gemeldet waren",
        ),
        "besik.err.inside": (
            "the {card} is part of a declared {label}, which already counts as the "
            "smaller Besiks declared at once: its cards make no further {wanted}",
            "{card:nom} gehört zu einem gemeldeten {label}; der zählt schon als die darin "
            "enthaltenen Besiks, seine Karten ergeben keinen weiteren {wanted}",
        ),
        "besik.err.double_separate": (
            "two Besiks declared separately cannot be combined into a double Besik afterwards: "
            "the {points} needs all four cards at once, or one declared Besik and the other "
            "pair fresh from the hand",
            "zwei getrennt gemeldete Besiks lassen sich nachträglich nicht zu einem Doppel-Besik "
            "vereinen: Die {points} gibt es nur für alle vier Karten auf einmal oder für einen "
            "gemeldeten Besik und das andere, noch nicht dafür gemeldete Paar aus der Hand",
        ),
        "besik.err.triple_separate": (
            "these cards were declared in {count} separate melds, which cannot be combined "
            "afterwards: a triple Besik may build on only one earlier declaration (a Besik or "
            "a double Besik), the rest fresh from the hand",
            "diese Karten wurden in {count} getrennten Meldungen gemeldet, die sich nachträglich "
            "nicht vereinen lassen: Ein Tripelbesik darf nur auf einer früheren Meldung aufbauen "
            "(einem Besik oder Doppel-Besik), der Rest muss aus noch nicht dafür gemeldeten "
            "Karten der Hand kommen",
        ),
        "besik.err.not_whole": (
            "the {card} served in an earlier declaration that this {label} does not "
            "contain whole: it may build on one whole earlier declaration, the rest fresh from "
            "the hand",
            "{card:nom} war schon Teil einer früheren Meldung, die dieser {label} nicht ganz "
            "enthält: Er darf auf einer ganzen früheren Meldung aufbauen, der Rest muss aus noch "
            "nicht dafür gemeldeten Karten der Hand kommen",
        ),
        "besik.err.quint_trumps": (
            "in standard Bezique the sequence counts in trumps only",
            "im Standard-Bezique zählt die Sequenz nur in Trumpf",
        ),
        "besik.err.marriage_from_sequence": (
            "in standard Bezique a marriage may not be taken out of a declared sequence",
            "im Standard-Bezique darf keine Heirat aus einer gemeldeten Sequenz genommen werden",
        ),
        "besik.err.exchanged_card": (
            "in standard Bezique the card taken for the seven cannot be melded in the same turn",
            "im Standard-Bezique darf die gegen die Sieben getauschte Karte nicht im selben "
            "Zug gemeldet werden",
        ),
        "besik.err.triple_only": (
            "a triple Besik needs three packs (three or four players)",
            "ein Tripelbesik braucht drei Kartenspiele (drei oder vier Spieler)",
        ),
        "besik.err.not_seven": (
            "the {card} is not a seven of trumps",
            "{card:nom} ist keine Trumpf-Sieben",
        ),
        "besik.err.seven_done": (
            "the {card} has already been declared",
            "{card:nom} wurde schon gemeldet",
        ),
        "besik.err.sevens_none": (
            "name the trump seven to declare (or both)",
            "die zu meldende Trumpf-Sieben nennen (oder beide)",
        ),
        "besik.err.sevens_count": (
            "declare one or two trump sevens (there is no meld of three sevens)",
            "eine oder zwei Trumpf-Sieben melden (drei Sieben sind keine Meldung)",
        ),
        "besik.err.no_up": (
            "there is no face-up card left to exchange",
            "es liegt keine aufgedeckte Karte mehr zum Tauschen",
        ),
        "besik.err.up_is_seven": (
            "the face-up card is already a seven",
            "die aufgedeckte Karte ist schon eine Sieben",
        ),
        "besik.err.seat": (
            "{seat!r} is not a seat at this table",
            "{seat!r} ist kein Platz an diesem Tisch",
        ),
        "besik.err.turn": (
            "it is {turn}'s turn, not {seat}'s",
            "{turn} ist an der Reihe, nicht {seat}",
        ),
        "besik.err.action": ("{text} is not a Besik action", "{text} ist keine Besik-Aktion"),
        "besik.err.deal": ("invalid deal: {reason}", "ungültige Austeilung: {reason}"),
    }
)


register_messages(
    {
        "besik.deal.shape": ("a card list is malformed", "eine Kartenliste ist fehlerhaft"),
        "besik.deal.seed": (
            "'seed' must be a whole number, not {text}",
            "'seed' muss eine ganze Zahl sein, nicht {text}",
        ),
        "besik.deal.missing": (
            "give either a 'seed' or the hands, the face-up card and the talon",
            "entweder einen 'seed' oder die Hände, die aufgedeckte Karte und den Talon angeben",
        ),
        "besik.deal.seats": (
            "the hands must name every seat once",
            "die Hände müssen jeden Platz genau einmal nennen",
        ),
        "besik.deal.eight": ("{seat} must hold {size} cards", "{seat} muss {size} Karten haben"),
        "besik.deal.packs": (
            "the {card} ({code}) is not in the {packs} packs used",
            "{card:nom} ({code}) gehört nicht zu den {packs} verwendeten Kartenspielen",
        ),
        "besik.deal.twice": (
            "the {card} ({code}) is dealt twice",
            "{card:nom} ({code}) wurde doppelt ausgeteilt",
        ),
        "besik.deal.count": (
            "{count} cards dealt instead of {total}",
            "{count} statt {total} Karten ausgeteilt",
        ),
        "besik.deal.players": (
            "Besik is for two, three or four players with distinct seats",
            "Besik wird zu zweit, dritt oder viert mit verschiedenen Plätzen gespielt",
        ),
        "besik.deal.partners": ("partnerships need four players", "Parteien gibt es nur zu viert"),
        "besik.deal.scores": (
            "the carried scores do not match the parties",
            "die übernommenen Punktstände passen nicht zu den Parteien",
        ),
        "besik.deal.dealer": (
            "{seat!r} is not one of the seats",
            "{seat!r} ist kein Platz am Tisch",
        ),
    }
)
