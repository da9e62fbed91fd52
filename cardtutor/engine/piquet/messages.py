"""The message catalogue of Piquet (English and German), registered on import.

Messages take rule values as parameters (``{points}``, ``{threshold}``, ``{bonus}``...) from
:mod:`.constants`; no rule value is written into a template. Number words come from
:mod:`.numbers`.
"""

from __future__ import annotations

from cardtutor.engine.piquet.numbers import number_messages
from cardtutor.engine.text import register_messages

__all__: list[str] = []

register_messages(number_messages())

_SEQ_KINDS = {
    3: ("tierce", "Terz"),
    4: ("quart", "Quart"),
    5: ("quint", "Quinte"),
    6: ("sixième", "Sixième"),
    7: ("septième", "Septième"),
    8: ("huitième", "Huitième"),
}
_SEQ_TO = {
    2: ("to the nine", "von der Neun"),
    3: ("to the ten", "von der Zehn"),
    4: ("to the jack", "vom Buben"),
    5: ("to the queen", "von der Dame"),
    6: ("to the king", "vom König"),
}
_RANK_PLURALS = {
    7: ("aces", "Asse"),
    6: ("kings", "Könige"),
    5: ("queens", "Damen"),
    4: ("jacks", "Buben"),
    3: ("tens", "Zehnen"),
}
_CAT_NAMES = {
    0: ("the point", "den Point"),
    1: ("the sequences", "die Sequenzen"),
    2: ("the quatorzes and trios", "die Quatorze und Trios"),
}
_CAT_OF = {
    0: ("carte blanche (I)", "Carte blanche (I)"),
    1: ("the point (II)", "dem Point (II)"),
    2: ("the sequences (III)", "den Sequenzen (III)"),
    3: ("the quatorzes and trios (IV)", "den Quatorze und Trios (IV)"),
    4: ("nothing", "nichts"),
}

register_messages(
    {f"piquet.seqkind.{n}": (en, de) for n, (en, de) in _SEQ_KINDS.items()}
    | {f"piquet.seqkind.{n}.cap": (en.capitalize(), de) for n, (en, de) in _SEQ_KINDS.items()}
    | {f"piquet.seqto.{o}": v for o, v in _SEQ_TO.items()}
    | {f"piquet.ranks.{o}": v for o, v in _RANK_PLURALS.items()}
    | {f"piquet.catname.{c}": v for c, v in _CAT_NAMES.items()}
    | {f"piquet.catof.{c}": v for c, v in _CAT_OF.items()}
)

register_messages(
    {
        # names
        "piquet.name.point": ("{n} cards worth {pips}", "{n} Karten im Wert von {pips}"),
        "piquet.seqname.major": ("{kind} major", "{kind}-Major"),
        "piquet.seqname.minor": ("{kind} minor", "{kind}-Minor"),
        "piquet.seqname.to": ("{kind} {to}", "{kind} {to}"),
        "piquet.setname": ("{n} {ranks}", "{n} {ranks}"),
        "piquet.setname.kind": ("{name} as a {kind}", "{name} als {kind}"),
        "piquet.kind.quatorze": ("quatorze", "Quatorze"),
        "piquet.kind.trio": ("trio", "Trio"),
        # dialogue
        "piquet.say.carte_blanche": ("Carte blanche.", "Carte blanche."),
        "piquet.say.point": ("{n} cards.", "{n} Karten."),
        "piquet.say.point1": ("One card.", "Eine Karte."),
        "piquet.say.pips": ("{n}.", "{n}."),
        "piquet.say.sequence": ("{name}.", "{name}."),
        "piquet.say.set": ("{name}?", "{name}?"),
        "piquet.say.good": ("Good.", "Gut."),
        "piquet.say.not_good": ("Not good.", "Nicht gut."),
        "piquet.say.equal": ("Equal.", "Gleich."),
        "piquet.say.none.0": ("No point.", "Kein Point."),
        "piquet.say.none.1": ("No sequence.", "Keine Sequenz."),
        "piquet.say.none.2": ("No trio or quatorze.", "Kein Trio und kein Quatorze."),
        # play
        "piquet.play.lead": ("{seat} leads the {card}.", "{seat} spielt {card} aus."),
        "piquet.play.follow": (
            "{seat} follows suit with the {card}.",
            "{seat} bedient mit {card}.",
        ),
        "piquet.play.discard": (
            "{seat} cannot follow suit and throws off the {card}.",
            "{seat} kann nicht bedienen und wirft {card} ab.",
        ),
        # scores
        "piquet.score.carte_blanche": (
            "{seat} scores {points} for carte blanche (no king, queen or jack in the {dealt} "
            "cards dealt), {total} in all.",
            "{seat} zählt {points} für Carte blanche (kein König, keine Dame, kein Bube unter den "
            "{dealt} gegebenen Karten), zusammen {total}.",
        ),
        "piquet.score.0": (
            "{seat} scores {points} for the point, {name} ({cards}), {total} in all.",
            "{seat} zählt {points} für den Point, {name} ({cards}), zusammen {total}.",
        ),
        "piquet.score.1": (
            "{seat} scores {points} for a {name} ({cards}), {total} in all.",
            "{seat} zählt {points} für eine {name} ({cards}), zusammen {total}.",
        ),
        "piquet.score.2": (
            "{seat} scores {points} for {name} ({cards}), {total} in all.",
            "{seat} zählt {points} für {name} ({cards}), zusammen {total}.",
        ),
        "piquet.score.lead": (
            "{seat} scores {points} for leading, {total} in all.",
            "{seat} zählt {points} für das Ausspielen, zusammen {total}.",
        ),
        "piquet.score.trick": (
            "{seat} wins the trick as second player and scores {points}, {total} in all.",
            "{seat} macht als Zweiter den Stich und zählt {points}, zusammen {total}.",
        ),
        "piquet.score.last_trick": (
            "{seat} scores {points} more for the last trick, {total} in all.",
            "{seat} zählt {points} zusätzlich für den letzten Stich, zusammen {total}.",
        ),
        "piquet.score.cards": (
            "{seat} wins the cards ({tricks} tricks) and scores {points}, {total} in all.",
            "{seat} gewinnt die Karten ({tricks} Stiche) und zählt {points}, zusammen {total}.",
        ),
        "piquet.score.capot": (
            "{seat} wins every trick: capot, {points} instead of {cards_points}, {total} in all.",
            "{seat} macht alle Stiche: Capot, {points} statt {cards_points}, zusammen {total}.",
        ),
        "piquet.score.repique": (
            "{seat} has {reached} in hand alone before {other} reckons anything (in the order "
            "carte blanche, point, sequences, sets): repique, {points} more, {total} in all.",
            "{seat} hat {reached} allein aus der Hand, bevor {other} etwas zählt (in der "
            "Reihenfolge Carte blanche, Point, Sequenzen, Quatorze und Trios): Repique, {points} dazu, "
            "zusammen {total}.",
        ),
        "piquet.score.pique": (
            "{seat} reaches {reached} in hand and play before {other} has reckoned anything: "
            "pique, {points} more, {total} in all.",
            "{seat} erreicht {reached} aus Hand und Stichspiel, bevor {other} etwas gezählt hat: "
            "Pique, {points} dazu, zusammen {total}.",
        ),
        "piquet.score.partie": (
            "{seat} wins the partie, {hi} to {lo}: the difference plus {bonus} makes {points}.",
            "{seat} gewinnt die Partie, {hi} zu {lo}: Die Differenz plus {bonus} ergibt {points}.",
        ),
        "piquet.score.rubicon": (
            "{seat} wins the partie, {hi} to {lo}; {loser} has less than {rubicon} and is "
            "rubiconed: the sum of both totals plus {bonus} makes {points}.",
            "{seat} gewinnt die Partie, {hi} zu {lo}; {loser} hat weniger als {rubicon} und bleibt "
            "unter dem Rubikon: Die Summe beider Stände plus {bonus} ergibt {points}.",
        ),
        # information
        "piquet.info.deal": (
            "Deal {n}: {dealer} deals and is younger hand; {elder} is elder hand.",
            "Spiel {n}: {dealer} gibt und ist Hinterhand; {elder} ist Vorhand.",
        ),
        "piquet.info.cut": (
            "Cutting for deal: {a} cuts the {ca}, {b} the {cb}. {dealer} cuts higher, chooses, "
            "and deals first.",
            "Wer gibt, wird durch Abheben bestimmt: {a} hebt {ca} ab, {b} {cb}. {dealer} hebt "
            "höher ab, wählt und gibt zuerst.",
        ),
        "piquet.info.show_cb": (
            "{seat} shows his carte blanche: {cards}.",
            "{seat} zeigt seine Carte blanche: {cards}.",
        ),
        "piquet.info.ncards": ("{n} cards", "{n} Karten"),
        "piquet.info.ncards.1": ("one card", "eine Karte"),
        "piquet.info.exchange_elder": (
            "{seat} discards {n} and takes {n} from the stock; he leaves {left} of his {own} "
            "and may look at them.",
            "{seat} legt {n} ab und kauft dafür {n} aus dem Talon; von seinen {own} "
            "lässt er {left} liegen und darf sie ansehen.",
        ),
        "piquet.info.exchange_elder.1": (
            "{seat} discards {n} and takes {n} from the stock; he leaves {left} of his {own} "
            "and may look at it.",
            "{seat} legt {n} ab und kauft dafür {n} aus dem Talon; von seinen {own} "
            "lässt er {left} liegen und darf sie ansehen.",
        ),
        "piquet.info.exchange_elder_all": (
            "{seat} discards {n} and takes his {own} from the stock.",
            "{seat} legt {n} ab und kauft aus dem Talon alle {own}, die ihm zustehen.",
        ),
        "piquet.info.exchange_younger_all": (
            "{seat} discards {n} and takes the rest of the stock.",
            "{seat} legt {n} ab und kauft den Rest des Talons.",
        ),
        "piquet.info.exchange_younger": (
            "{seat} discards {n} and takes {n} from the stock; {left} left over, not looked at.",
            "{seat} legt {n} ab und kauft dafür {n} aus dem Talon; der Rest "
            "({left}) bleibt ungesehen liegen.",
        ),
        "piquet.info.exchange_younger_looks": (
            "{seat} discards {n} and takes {n} from the stock; he looks at the {left} left "
            "over (the elder hand sees them after his first lead).",
            "{seat} legt {n} ab und kauft dafür {n} aus dem Talon; er sieht sich den Rest "
            "({left}) an, und die Vorhand sieht ihn nach ihrem ersten Ausspielen.",
        ),
        "piquet.info.exchange_younger_looks.1": (
            "{seat} discards {n} and takes {n} from the stock; he looks at the one card left "
            "over (the elder hand sees it after his first lead).",
            "{seat} legt {n} ab und kauft dafür {n} aus dem Talon; er sieht sich die "
            "liegen gebliebene Karte an, und die Vorhand sieht sie nach ihrem ersten "
            "Ausspielen.",
        ),
        "piquet.info.equal.0": (
            "The points are equal: neither player scores for the point.",
            "Die Points sind gleich: Keiner zählt für den Point.",
        ),
        "piquet.info.equal.1": (
            "The best sequences are equal: neither player scores any sequence.",
            "Die besten Sequenzen sind gleich: Keiner zählt irgendeine Sequenz.",
        ),
        "piquet.info.equal.2": ("Equal sets.", "Gleiche Trios."),
        "piquet.info.no_repique": (
            "{seat} has {hand} in hand, but reaches {threshold} only with {at}, and {other} reckons "
            "{first} before that (the order is carte blanche, point, sequences, sets, "
            "whoever speaks first): no repique.",
            "{seat} hat {hand} aus der Hand, erreicht {threshold} aber erst mit {at}, und {other} "
            "zählt vorher schon mit {first} (die Reihenfolge ist Carte blanche, Point, "
            "Sequenzen, Quatorze und Trios, gleich wer zuerst spricht): kein Repique.",
        ),
        "piquet.info.no_pique_hand": (
            "{seat} reaches {total} in hand and play, but {other} has already reckoned in "
            "hand: no pique.",
            "{seat} erreicht {total} aus Hand und Stichspiel, aber {other} hat schon aus der Hand "
            "gezählt: kein Pique.",
        ),
        "piquet.info.no_pique_play": (
            "{seat} reaches {total} in hand and play, but {other} has already scored in play: "
            "no pique.",
            "{seat} erreicht {total} aus Hand und Stichspiel, aber {other} hat schon im Stichspiel "
            "gezählt: kein Pique.",
        ),
        "piquet.info.trick": (
            "{seat} wins the trick ({n} so far).",
            "{seat} macht den Stich (bisher {n}).",
        ),
        "piquet.info.divided": (
            "{N} tricks each: the cards are divided and nobody scores for them.",
            "Je {n} Stiche: Die Karten sind geteilt, keiner zählt für sie.",
        ),
        "piquet.info.deal_over": (
            "End of the deal: {a} {ta}, {b} {tb}.",
            "Abrechnung dieses Spiels: {a} {ta}, {b} {tb}.",
        ),
        "piquet.info.tied": (
            "Tied at {total} after {deals} deals: each player deals once more.",
            "Gleichstand bei {total} nach {deals} Spielen: Jeder gibt noch einmal.",
        ),
        "piquet.info.drawn": (
            "Still tied at {total} after the extra deals: the partie is drawn.",
            "Auch nach den zusätzlichen Spielen gleich bei {total}: Die Partie ist unentschieden.",
        ),
        # what is expected
        "piquet.expect.exchange": (
            "discard {min} to {n} cards and take as many from the stock",
            "{min} bis {n} Karten abzulegen und ebenso viele aus dem Talon zu kaufen",
        ),
        "piquet.expect.declare.0": ("declare the point", "den Point anzusagen"),
        "piquet.expect.declare.1": ("declare sequences", "Sequenzen anzusagen"),
        "piquet.expect.declare.2": (
            "declare quatorzes and trios",
            "Quatorze und Trios anzusagen",
        ),
        "piquet.expect.play": ("play a card", "eine Karte zu spielen"),
        "piquet.expect.deal": ("deal the next deal", "das nächste Spiel zu geben"),
        # illegal actions
        "piquet.illegal.not_action": (
            "{text} is not a Piquet action.",
            "{text} ist keine Piquet-Aktion.",
        ),
        "piquet.illegal.over": (
            "The game is over: no more actions.",
            "Das Spiel ist vorbei: kein Zug mehr möglich.",
        ),
        "piquet.illegal.seat": (
            "{seat!r} does not play in this game.",
            "{seat!r} spielt in diesem Spiel nicht mit.",
        ),
        "piquet.illegal.turn": (
            "It is not {seat}'s turn: {turn} is to {expected}.",
            "{seat} ist nicht an der Reihe: {turn} hat {expected}.",
        ),
        "piquet.illegal.phase": (
            "Not now: {seat} is to {expected}.",
            "Jetzt nicht: {seat} hat {expected}.",
        ),
        "piquet.illegal.mask": ("That is not a set of cards.", "Das ist keine Kartenmenge."),
        "piquet.illegal.not_held": (
            "{seat} does not hold the {cards}.",
            "{seat} hat {cards:acc} nicht auf der Hand.",
        ),
        "piquet.illegal.elder_count": (
            "The elder hand must discard at least {min} and at most {max} cards, not {n}.",
            "Die Vorhand muss mindestens {min} und höchstens {max} Karten ablegen, nicht {n}.",
        ),
        "piquet.illegal.elder_look": (
            "Only the younger hand chooses whether to look at the cards left over; the elder "
            "hand may always look at those of his {own} that he leaves.",
            "Nur die Hinterhand wählt, ob sie die übrigen Karten ansieht; die Vorhand darf "
            "die liegen gelassenen ihrer {own} Karten immer ansehen.",
        ),
        "piquet.illegal.younger_count": (
            "The younger hand must discard at least {min} and at most {max} cards (the {own} of the "
            "stock that are his plus the {left} the elder hand left), not {n}.",
            "Die Hinterhand muss mindestens {min} und höchstens {max} Karten ablegen (ihre {own} "
            "Talonkarten und die {left}, die die Vorhand liegen ließ), nicht {n}.",
        ),
        "piquet.illegal.no_left_over": (
            "No cards are left over in the stock to look at.",
            "Im Talon bleiben keine Karten übrig, die man ansehen könnte.",
        ),
        "piquet.illegal.category": (
            "Declarations go point, sequences, sets: now declare {expected}, not {got!r}.",
            "Angesagt wird Point, dann Sequenzen, dann Quatorze und Trios: jetzt {expected}, nicht {got!r}.",
        ),
        "piquet.illegal.point_suit": (
            "A point is cards of one suit; {cards} are not.",
            "Ein Point besteht aus Karten einer Farbe; {cards} nicht.",
        ),
        "piquet.illegal.sequence": (
            "{cards} are in no sequence: a sequence is {min} or more cards of one suit in the "
            "order A K Q J 10 9 8 7.",
            "{cards} gehören zu keiner Sequenz: Eine Sequenz sind {min} oder mehr Karten einer "
            "Farbe in der Folge A K D B 10 9 8 7.",
        ),
        "piquet.illegal.sequence.one": (
            "The {card} is in no sequence: a sequence is {min} or more cards of one suit in the "
            "order A K Q J 10 9 8 7.",
            "{card:Nom} gehört zu keiner Sequenz: Eine Sequenz sind {min} oder mehr Karten einer "
            "Farbe in der Folge A K D B 10 9 8 7.",
        ),
        "piquet.illegal.set.one": (
            "The {card} is in no trio or quatorze: three or four aces, kings, queens, jacks or "
            "tens.",
            "{card:Nom} gehört zu keinem Quatorze und keinem Trio: drei oder vier Asse, Könige, "
            "Damen, Buben oder Zehnen.",
        ),
        "piquet.illegal.set": (
            "{cards} are in no trio or quatorze: three or four aces, kings, queens, jacks or tens.",
            "{cards} gehören zu keinem Quatorze und keinem Trio: drei oder vier Asse, Könige, "
            "Damen, Buben oder Zehnen.",
        ),
        "piquet.illegal.follow": (
            "{seat} must follow suit: the {led} was led and {seat} still has {suit}: {cards}.",
            "{seat} muss Farbe bedienen: {led:Nom} wurde ausgespielt, und {seat} hat noch {suit}: "
            "{cards}.",
        ),
        # The same, said to the player whose move is refused (``text.to_player``).
        "piquet.illegal.phase.you": (
            "Not now: you are to {expected}.",
            "Jetzt nicht: Du hast {expected}.",
        ),
        "piquet.illegal.not_held.you": (
            "You do not hold the {cards}.",
            "Du hast {cards:acc} nicht auf der Hand.",
        ),
        "piquet.illegal.elder_count.you": (
            "As the elder hand you must discard at least {min} and at most {max} cards, not {n}.",
            "Als Vorhand musst du mindestens {min} und höchstens {max} Karten ablegen, nicht {n}.",
        ),
        "piquet.illegal.younger_count.you": (
            "As the younger hand you must discard at least {min} and at most {max} cards (at "
            "most as many as are left in the stock), not {n}.",
            "Als Hinterhand musst du mindestens {min} und höchstens {max} Karten ablegen "
            "(höchstens so viele, wie noch im Talon liegen), nicht {n}.",
        ),
        "piquet.illegal.follow.you": (
            "You must follow suit: the {led} was led and you still have {suit}: {cards}.",
            "Du musst Farbe bedienen: {led:Nom} wurde ausgespielt, und du hast noch {suit}: "
            "{cards}.",
        ),
        "piquet.illegal.no_deal": (
            "This partie has no cards for deal {n} (neither given nor shuffled).",
            "Für Spiel {n} dieser Partie gibt es keine Karten (weder angegeben noch gemischt).",
        ),
        # notation and deals
        "piquet.notation.action": (
            "{text} is not a Piquet action (an object with 'type' and 'seat').",
            "{text} ist keine Piquet-Aktion (ein Objekt mit 'type' und 'seat').",
        ),
        "piquet.notation.type": (
            "{text} is not a Piquet action type: use exchange, declare, play or deal.",
            "{text} ist keine Piquet-Aktionsart: exchange, declare, play oder deal verwenden.",
        ),
        "piquet.notation.field": (
            "The field '{field}' of this action is missing or malformed: {text}.",
            "Das Feld '{field}' dieser Aktion fehlt oder ist fehlerhaft: {text}.",
        ),
        "piquet.notation.seat": (
            "This action does not say which seat acts ('seat' must be a seat name): {text}.",
            "Diese Aktion sagt nicht, welcher Platz handelt ('seat' muss ein Platzname sein): "
            "{text}.",
        ),
        "piquet.notation.category": (
            "{text!r} is not a declaration category: use point, sequence or set.",
            "{text!r} ist keine Ansage-Kategorie: point, sequence oder set verwenden.",
        ),
        "piquet.notation.twice": (
            "The {card} is named twice.",
            "{card:Nom} ist doppelt genannt.",
        ),
        "piquet.deal.hands": (
            "The deal needs 'hands' with {dealt} cards for each of the seats {seats}.",
            "Die Austeilung braucht 'hands' mit je {dealt} Karten für die Plätze {seats}.",
        ),
        "piquet.deal.count": (
            "{seat} must be dealt {dealt} cards, not {n}.",
            "{seat} müssen {dealt} Karten gegeben werden, nicht {n}.",
        ),
        "piquet.deal.stock": (
            "The stock must have {stock} cards, not {n}.",
            "Der Talon muss {stock} Karten haben, nicht {n}.",
        ),
        "piquet.deal.pack": (
            "The hands and the stock must hold each of the {pack} cards exactly once.",
            "Hände und Talon müssen jede der {pack} Karten genau einmal enthalten.",
        ),
        "piquet.deal.seat": (
            "{seat!r} is not one of the seats {seats}.",
            "{seat!r} ist keiner der Plätze {seats}.",
        ),
        "piquet.deal.source": (
            "The deal needs a 'seed' or explicit 'hands' and 'stock'.",
            "Die Austeilung braucht einen 'seed' oder ausdrückliche 'hands' und 'stock'.",
        ),
        "piquet.deal.cut": (
            "Without a 'seed', give the first 'dealer' of the partie.",
            "Ohne 'seed' muss der erste 'dealer' der Partie angegeben werden.",
        ),
        "piquet.record.ruleset": (
            "Piquet records use the ruleset 'rubicon', not {ruleset!r}.",
            "Piquet-Spielaufzeichnungen verwenden das Regelwerk 'rubicon', nicht {ruleset!r}.",
        ),
        "piquet.record.seats": (
            "Piquet is for two players: the record needs exactly two seats.",
            "Piquet ist ein Spiel für zwei: Die Spielaufzeichnung braucht genau zwei Plätze.",
        ),
    }
)
