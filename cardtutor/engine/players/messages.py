"""The computer players' reasons, in English and German (registered on import)."""

from __future__ import annotations

from cardtutor.engine.text import register_messages

MESSAGES: dict[str, tuple[str, str]] = {
    "players.reason.only": ("The only legal move.", "Der einzige erlaubte Zug."),
    # -- Piquet: the exchange --
    "players.reason.exchange_lowest": (
        "Discard the lowest cards: the {cards}.",
        "Die niedrigsten Karten ablegen: {cards}.",
    ),
    "players.reason.exchange": (
        # (the hint names the discard just before it: said again here, in another order, it
        # read as a second, different move)
        "Over {samples} deals of the cards you cannot see, this discard "
        "does best, the declarations and the play counted together. In the declarations it "
        "averages {value} (your points minus your opponent's), and with the cards it keeps and "
        "those you take your hand is worth about {tricks} tricks in the play.",
        "Gemittelt über {samples} Verteilungen der Karten, die du nicht "
        "siehst, ist diese Ablage am besten, Ansagen und Stichspiel zusammengerechnet. In "
        "den Ansagen bringt sie im Durchschnitt {value} (deine Punkte minus die deines "
        "Gegners), und mit den behaltenen und den gekauften Karten ist deine Hand im "
        "Stichspiel etwa {tricks} Stiche wert.",
    ),
    # -- Piquet: declarations --
    "players.reason.declare": (
        "Declare it in full: all of it scores if it is good.",
        "Ganz ansagen: Alles davon zählt, wenn die Ansage gut ist.",
    ),
    "players.reason.declare_none.0": ("No point to declare.", "Kein Point anzusagen."),
    "players.reason.declare_none.1": ("No sequence to declare.", "Keine Sequenz anzusagen."),
    "players.reason.declare_none.2": (
        "No trio or quatorze to declare.",
        "Kein Trio und kein Quatorze anzusagen.",
    ),
    "players.reason.sink": (
        "Sink the {sunk}: what you still declare is sure to be good, and keeping these cards "
        "hidden costs only {cost} points.",
        "{sunk} verschweigen: Was du noch ansagst, ist sicher gut, und diese Karten verborgen "
        "zu halten kostet nur {cost} Punkte.",
    ),
    # -- Piquet: the play --
    "players.reason.lead_ace": (
        "Lead an ace: it wins the trick.",
        "Ein As ausspielen: Es macht den Stich.",
    ),
    "players.reason.lead_low": (
        "Lead the lowest card of the longest suit.",
        "Die niedrigste Karte der längsten Farbe ausspielen.",
    ),
    "players.reason.discard_low": (
        "You cannot follow suit: throw the lowest card.",
        "Du kannst nicht bedienen: die niedrigste Karte abwerfen.",
    ),
    "players.reason.win_cheap": (
        "Win the trick with the lowest card that wins it.",
        "Den Stich mit der niedrigsten Karte machen, die ihn gewinnt.",
    ),
    "players.reason.follow_low": (
        "The trick is not to be won cheaply: follow with the lowest card.",
        "Der Stich ist nicht billig zu gewinnen: mit der niedrigsten Karte bedienen.",
    ),
    "players.reason.cash": (
        "Cash a sure winner: no card still out beats it.",
        "Einen sicheren Stich abholen: Keine ausstehende Karte schlägt diese.",
    ),
    "players.reason.lead_sequence": (
        "No sure winner: lead the top of your sequence in the longest suit; it draws out the "
        "higher card, and the cards below it are then the highest still out.",
        "Kein sicherer Stich: die oberste Karte deiner Folge in der längsten Farbe ausspielen; "
        "sie zieht die höhere Karte heraus, und die Karten darunter sind danach die höchsten "
        "ihrer Farbe.",
    ),
    "players.reason.lead_long": (
        "No sure winner: lead low from the longest suit to set it up.",
        "Kein sicherer Stich: klein aus der längsten Farbe ausspielen, um sie hochzuspielen.",
    ),
    "players.reason.discard_keep": (
        "You cannot follow suit: throw the card you need least, keeping winners and guards.",
        "Du kannst nicht bedienen: die entbehrlichste Karte abwerfen, sichere Stiche und "
        "Deckungen behalten.",
    ),
    # -- the solver --
    "players.reason.solved": (
        "With every card known, the {card} is best: from here, your points minus your "
        "opponent's come to {value}.",
        "Bei offenen Karten ist {card:nom} am besten: von hier an {value} (deine Punkte minus "
        "die deines Gegners).",
    ),
    "players.reason.sampled": (
        "Over {samples} deals of the cards you cannot see, each played out best by both "
        "sides, the {card} does best: from here, your points minus your opponent's come to "
        "{value} on average; next comes the {other} with {other_value}.",
        "Bei {samples} zufälligen Verteilungen der Karten, die du nicht siehst, jeweils von "
        "beiden Seiten bestmöglich gespielt, ist {card:nom} am besten: von hier an im "
        "Durchschnitt {value} (deine Punkte minus die deines Gegners); danach kommt "
        "{other:nom} mit {other_value}.",
    ),
    # the runner-up's average, as written, the same as the best's ("+14.3 … next comes the
    # jack of hearts with +14.3" read as a contradiction)
    "players.reason.sampled_tie": (
        "Over {samples} deals of the cards you cannot see, each played out best by both "
        "sides, the {card} does best, level with the {other}: from here, your points minus "
        "your opponent's come to {value} on average with either.",
        "Bei {samples} zufälligen Verteilungen der Karten, die du nicht siehst, jeweils von "
        "beiden Seiten bestmöglich gespielt, ist {card:nom} am besten, gleichauf mit "
        "{other:dat}: von hier an im Durchschnitt {value} mit beiden (deine Punkte minus die "
        "deines Gegners).",
    ),
    "players.reason.sampled_one": (
        "Over {samples} deals of the cards you cannot see, each played out best by both "
        "sides, the {card} does best: from here, your points minus your opponent's come to "
        "{value} on average.",
        "Bei {samples} zufälligen Verteilungen der Karten, die du nicht siehst, jeweils von "
        "beiden Seiten bestmöglich gespielt, ist {card:nom} am besten: von hier an im "
        "Durchschnitt {value} (deine Punkte minus die deines Gegners).",
    ),
    # -- Besik --
    "players.reason.draw_first": (
        "Nothing to declare before the draw: draw.",
        "Vor dem Ziehen ist nichts zu melden: ziehen.",
    ),
    "players.reason.only_card": (
        "The only card you may play.",
        "Die einzige Karte, die du spielen darfst.",
    ),
    "players.reason.sevens": (
        "Declare the trump seven: {points} points, and it does not use up your meld.",
        "Die Trumpf-Sieben melden: {points} Punkte. Sie zählt nicht als die Meldung dieses "
        "Stichs; danach darfst du noch eine Meldung ansagen.",
    ),
    "players.reason.exchange_seven": (
        "Exchange the trump seven for the face-up {card}: a better card for a seven.",
        "Die Trumpf-Sieben gegen die aufgedeckte Karte, {card:acc}, eintauschen: eine "
        "bessere Karte für eine Sieben.",
    ),
    "players.reason.meld_after_draw": (
        "Draw first: you may still declare after drawing, and the card drawn may make a "
        "better meld.",
        "Erst ziehen: Melden darfst du auch nach dem Ziehen, und die gezogene Karte kann eine "
        "bessere Meldung ergeben.",
    ),
    "players.reason.meld": (
        "Declare {meld}: {points} points, the most you can declare now.",
        "Jetzt {meld} melden: {points} Punkte, die höchste Meldung, die du hast.",
    ),
    "players.reason.marriage_first": (
        "Declare {meld} first ({points} points): the sequence can follow after another "
        "trick, but no marriage may be taken out of a declared sequence.",
        "Zuerst {meld} melden ({points} Punkte): Die Sequenz kann nach einem weiteren Stich "
        "folgen, aber aus einer gemeldeten Sequenz darf keine Heirat mehr gemeldet werden.",
    ),
    "players.reason.lead_lowest": (
        "Lead the lowest card.",
        "Die niedrigste Karte aufspielen.",
    ),
    "players.reason.lead_spare": (
        "Lead the card you need least: few points, no trump, no part of a meld to come.",
        "Die entbehrlichste Karte aufspielen: wenig Augen, kein Trumpf, kein Teil einer "
        "kommenden Meldung.",
    ),
    "players.reason.lead_to_meld": (
        "Lead a card nobody can beat: winning the trick lets you declare your meld.",
        "Eine Karte aufspielen, die niemand schlagen kann: Mit dem Stich darfst du melden.",
    ),
    "players.reason.win_to_meld": (
        "Win the trick with the {card}: then you may declare a meld worth {points}, and this "
        "card is not one you need for it.",
        "Den Stich mit {card:dat} machen: Danach darfst du eine Meldung für {points} Punkte "
        "ansagen, und diese Karte brauchst du dafür nicht.",
    ),
    "players.reason.win_points": (
        "Win the trick: {points} points in it are worth the card.",
        "Den Stich machen: Die {points} Augen darin sind die Karte wert.",
    ),
    "players.reason.partner": (
        "Your partner is winning the trick: give it points.",
        "Dein Partner hat den Stich: Augen zugeben (schmieren).",
    ),
    "players.reason.throw": (
        "The trick is not worth winning: throw the card you need least.",
        "Der Stich lohnt sich nicht: die entbehrlichste Karte abwerfen.",
    ),
    "players.reason.rollout": (
        "Over {samples} deals of the hidden cards, each played out to the last trick, the "
        "{card} does best: on average {value} from here (your side's points minus the other "
        "side's); next comes the {other} with {other_value}.",
        "Bei {samples} zufälligen Verteilungen der verdeckten Karten, jeweils bis zum letzten "
        "Stich gespielt, ist {card:nom} am besten: von hier an im Durchschnitt {value} (die "
        "Punkte deiner Partei minus die der Gegenpartei); danach kommt {other:nom} mit "
        "{other_value}.",
    ),
    "players.reason.rollout_tie": (
        "Over {samples} deals of the hidden cards, each played out to the last trick, the "
        "{card} does best, level with the {other}: on average {value} from here with either "
        "(your side's points minus the other side's).",
        "Bei {samples} zufälligen Verteilungen der verdeckten Karten, jeweils bis zum letzten "
        "Stich gespielt, ist {card:nom} am besten, gleichauf mit {other:dat}: von hier an im "
        "Durchschnitt {value} mit beiden (die Punkte deiner Partei minus die der Gegenpartei).",
    ),
    "players.reason.rollout_each_tie": (
        "Over {samples} deals of the hidden cards, each played out to the last trick, the "
        "{card} does best, level with the {other}: on average {value} from here with either "
        "(your points minus the average of your opponents').",
        "Bei {samples} zufälligen Verteilungen der verdeckten Karten, jeweils bis zum letzten "
        "Stich gespielt, ist {card:nom} am besten, gleichauf mit {other:dat}: von hier an im "
        "Durchschnitt {value} mit beiden (deine Punkte minus der Durchschnitt deiner Gegner).",
    ),
    "players.reason.rollout_each": (
        "Over {samples} deals of the hidden cards, each played out to the last trick, the "
        "{card} does best: on average {value} from here (your points minus the average of "
        "your opponents'); next comes the {other} with {other_value}.",
        "Bei {samples} zufälligen Verteilungen der verdeckten Karten, jeweils bis zum letzten "
        "Stich gespielt, ist {card:nom} am besten: von hier an im Durchschnitt {value} "
        "(deine Punkte minus der Durchschnitt deiner Gegner); danach kommt {other:nom} mit "
        "{other_value}.",
    ),
}

register_messages(MESSAGES)
