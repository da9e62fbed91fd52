"""Besik drill 8, *Trick play*: who wins a trick, what may be played, Augen and the deal's score.

Four kinds of item, chosen by the seed (the level shifts the mix):

- **winner**: the cards of one trick in the order played and the trumps: which card wins it
  (a trump beats a non-trump, otherwise the higher card of the suit led, in the order
  A 10 K D B 9 8 7; of two identical cards the first played wins);
- **playable**: a hand in the last eight tricks and the card led: pick *every* card that may be
  played (follow suit, else trump, else anything; no duty to win under our ruling);
- **augen**: the cards of a pile of won tricks: how many Augen (A 11, 10 10, K 4, D 3, B 2);
- **score**: a player's melds, trump sevens, Augen and the last trick: his score for the deal.

The engine is the judge: :func:`~cardtutor.engine.besik.play.trick_winner`, the legal plays of
the end phase (:func:`~cardtutor.engine.besik.play.playable`), the Augen table
(:data:`~cardtutor.engine.besik.uids.AUGEN`) and the end of a deal
(:func:`~cardtutor.engine.besik.scoring.end_deal`).

>>> drill = TrickDrill()
>>> item = drill.item("example-84", Level.MEDIUM)
>>> item.question["kind"], sorted(drill.expected(item)["cards"])
('playable', ['7D#2', '9D#2', 'AD#2'])
"""

from __future__ import annotations

import collections
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtutor.engine.besik import ENGINE, State, start_deal
from cardtutor.engine.besik.constants import (
    DOUBLE_MARRIAGE_TRUMP_POINTS,
    MELD_POINTS,
    POINTS_LAST_TRICK,
    POINTS_TRUMP_SEVEN,
)
from cardtutor.engine.besik.play import playable, trick_winner
from cardtutor.engine.besik.scoring import end_deal
from cardtutor.engine.besik.state import PLAY
from cardtutor.engine.besik.uids import AUGEN, SORT_KEY, STRENGTH, mask_of_cards
from cardtutor.engine.cards import Card, PhysicalCard, Rank, Suit, bit_indices, iter_packs
from cardtutor.engine.drills.base import (
    AnswerError,
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
from cardtutor.engine.record import replay
from cardtutor.engine.text import Msg, register_messages

COUNTED = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
"""The ranks that carry Augen, highest first."""

register_messages(
    {
        "drill.tricks.title": ("Trick play", "Stiche"),
        "drill.tricks.summary": (
            "Who wins the trick, which cards may be played in the last eight tricks, the "
            "Augen (card points) of a pile of tricks and a deal's final score.",
            "Wer gewinnt den Stich, welche Karten dürfen in den letzten acht Stichen gespielt "
            "werden, die Augen eines Stichhaufens und das Ergebnis eines Spiels.",
        ),
        "drill.tricks.seat": ("Player {seat}", "Spieler {seat}"),
        "drill.tricks.example": (
            "From the Besik worked example, step {step}.",
            "Aus dem Besik-Beispielspiel, Schritt {step}.",
        ),
        "drill.tricks.trumps": ("Trumps are {suit}.", "{suit} ist Trumpf."),
        "drill.tricks.three": (
            "Three players, three packs: every card exists three times.",
            "Drei Spieler, drei Kartenspiele: Jede Karte gibt es dreimal.",
        ),
        # winner
        "drill.tricks.winner.prompt": (
            "A trick has just been completed. Which card wins it?",
            "Ein Stich ist gerade fertig gespielt. Welche Karte gewinnt ihn?",
        ),
        "drill.tricks.winner.trick": (
            "The trick, in the order played",
            "Der Stich, in der gespielten Reihenfolge",
        ),
        "drill.tricks.winner.q": ("Which card wins the trick?", "Welche Karte gewinnt den Stich?"),
        "drill.tricks.winner.led_by": (
            "the {card}, led by {seat}",
            "{card}, aufgespielt von {seat}",
        ),
        "drill.tricks.winner.played_by": (
            "the {card}, played by {seat}",
            "{card}, gespielt von {seat}",
        ),
        "drill.tricks.winner.answer": (
            "{seat} wins the trick with the {card}.",
            "{seat} gewinnt den Stich mit {card:dat}.",
        ),
        "drill.tricks.winner.you_chose_of": (
            "You chose {seat}'s {choice}, but it does not win the trick.",
            "Du hast {choice:acc} von {seat} gewählt, aber diese Karte gewinnt den Stich nicht.",
        ),
        "drill.tricks.winner.you_chose": (
            "You chose the {choice}, but it does not win the trick.",
            "Du hast {choice:acc} gewählt, aber diese Karte gewinnt den Stich nicht.",
        ),
        "drill.tricks.why.led": (
            "The {card} is led: {suit} is the suit to beat.",
            "{card:Nom} wurde aufgespielt: {suit} ist gefordert.",
        ),
        "drill.tricks.why.higher": (
            "The {card} follows suit and is higher than the {best} (order A 10 K Q J 9 8 7): "
            "it takes the lead.",
            "{card:Nom} bedient und ist höher als {best:nom} (Rangfolge A 10 K D B 9 8 7), "
            "übernimmt also den Stich.",
        ),
        "drill.tricks.why.lower": (
            "The {card} follows suit but is lower than the {best} (order A 10 K Q J 9 8 7).",
            "{card:Nom} bedient, ist aber niedriger als {best:nom} (Rangfolge A 10 K D B 9 8 7).",
        ),
        "drill.tricks.why.identical": (
            "Another {card}: of two identical cards the first played wins.",
            "Noch einmal {card:nom}: Von zwei gleichen Karten gewinnt die zuerst gespielte.",
        ),
        "drill.tricks.why.trumps": (
            "The {card} is a trump: a trump beats every card of another suit.",
            "{card:Nom} ist Trumpf: Trumpf sticht jede Karte einer anderen Farbe.",
        ),
        "drill.tricks.why.over_trump": (
            "The {card} is a trump and higher than the trump already in the trick (the {best}, "
            "order A 10 K Q J 9 8 7): it takes the lead.",
            "{card:Nom} ist Trumpf und höher als der Trumpf, der schon im Stich liegt "
            "({best}, Rangfolge A 10 K D B 9 8 7), übernimmt also den Stich.",
        ),
        "drill.tricks.why.under_trump": (
            "The {card} is a trump, but lower than the trump already in the trick (the {best}).",
            "{card:Nom} ist Trumpf, aber niedriger als der Trumpf, der schon im Stich liegt "
            "({best}).",
        ),
        "drill.tricks.why.trumped": (
            "The {card} follows suit, but the trick is already trumped (the {best}): only a "
            "higher trump could win it.",
            "{card:Nom} bedient, aber der Stich ist schon getrumpft ({best}): Gewinnen könnte "
            "ihn nur ein höherer Trumpf.",
        ),
        "drill.tricks.why.discard": (
            "The {card} neither follows suit nor trumps: it cannot win.",
            "{card:Nom} bedient nicht und ist kein Trumpf: Diese Karte kann nicht gewinnen.",
        ),
        # playable
        "drill.tricks.playable.prompt": (
            "The talon is empty: these are the last eight tricks. Your opponent leads the "
            "{card}. Which of your cards may you play?",
            "Der Talon ist aufgebraucht: Das sind die letzten acht Stiche. Dein Gegner spielt "
            "{card:acc} auf. Welche deiner Karten darfst du spielen?",
        ),
        "drill.tricks.playable.led": ("The card led", "Die aufgespielte Karte"),
        # a name, not a sentence: a refused answer quotes it ("Choose from 1 to 8 cards for
        # “…”"), and a quoted instruction inside the sentence read badly
        "drill.tricks.playable.q": (
            "The cards you may play (tick every one)",
            "Die Karten, die du spielen darfst (alle ankreuzen)",
        ),
        "drill.tricks.playable.follow": (
            "You hold {suit}, so you must follow {suit}: you may play only {cards}.",
            "Du hast {suit}, also musst du {suit} bedienen: Du darfst nur {cards} spielen.",
        ),
        "drill.tricks.playable.trump": (
            "You hold no {suit} but you hold trumps, so you must trump: you may play only {cards}.",
            "Du hast kein {suit}, aber Trumpf, also musst du trumpfen: Du darfst nur {cards} "
            "spielen.",
        ),
        "drill.tricks.playable.any": (
            "You hold neither {suit} nor trumps: any card may be played.",
            "Du hast weder {suit} noch Trumpf: Jede Karte darf gespielt werden.",
        ),
        "drill.tricks.playable.no_win": (
            "There is no duty to win the trick: {cards} may be played although it does not "
            "beat the {led}.",
            "Es gibt keinen Stichzwang: Auch {cards} darf gespielt werden, obwohl diese Karte "
            "{led:acc} nicht schlägt.",
        ),
        "drill.tricks.playable.no_win_twin": (  # the card led's twin: no "does not beat it"
            "There is no duty to win the trick: {cards} may be played, although of two "
            "identical cards the one played first wins.",
            "Es gibt keinen Stichzwang: Auch {cards} darf gespielt werden, obwohl von zwei "
            "gleichen Karten die zuerst gespielte gewinnt.",
        ),
        "drill.tricks.playable.no_win_many": (
            "There is no duty to win the trick: {cards} may be played although they do "
            "not beat the {led}.",
            "Es gibt keinen Stichzwang: Auch {cards} dürfen gespielt werden, obwohl sie "
            "{led:acc} nicht schlagen.",
        ),
        "drill.tricks.playable.not": (
            "The {card} may not be played: {why}",
            "{card:Nom} darf nicht gespielt werden: {why}",
        ),
        "drill.tricks.playable.must_follow": (
            "you must follow {suit}.",
            # after the colon of "… darf nicht gespielt werden:", a whole sentence: capital
            "Du musst {suit} bedienen.",
        ),
        "drill.tricks.playable.must_trump": (
            "you cannot follow {suit}, so you must trump.",
            "Du kannst {suit} nicht bedienen, also musst du trumpfen.",
        ),
        "drill.tricks.playable.missed": (
            "You left out the {card}: it may be played.",
            "Du hast {card:acc} ausgelassen: Diese Karte darf gespielt werden.",
        ),
        "drill.tricks.playable.answer": ("Playable: {cards}.", "Spielbar: {cards}."),
        # augen
        "drill.tricks.augen.prompt": (
            "These are the cards of the tricks you have won. How many Augen (card points) do they "
            "hold?",
            "Das sind die Karten deiner gewonnenen Stiche. Wie viele Augen sind darin?",
        ),
        "drill.tricks.augen.pile": ("Your tricks", "Deine Stiche"),
        "drill.tricks.augen.q": ("Augen in these tricks", "Augen in diesen Stichen"),
        "drill.tricks.augen.rank": (
            "{count} × {rank} at {value} = {points}",
            "{count} × {rank} zu {value} = {points}",
        ),
        **{
            f"drill.tricks.rank.{rank.name.lower()}": (rank.name_in("en"), name)
            for rank, name in zip(COUNTED, ("As", "Zehn", "König", "Dame", "Bauer"), strict=True)
        },
        "drill.tricks.augen.blank": (
            "Nines, eights and sevens count nothing ({count} of them here).",
            "Neunen, Achten und Sieben zählen nichts (hier {count}).",
        ),
        "drill.tricks.augen.total": (
            "Together: {points} Augen.",
            "Zusammen: {points} Augen.",
        ),
        "drill.tricks.augen.answer": (
            "{points} Augen (card points).",
            "{points} Augen.",
        ),
        "drill.tricks.augen.you_said": (
            "You counted {given}; the cards hold {points}.",
            "Du hast {given} gezählt; die Karten haben {points} Augen.",
        ),
        # score
        "drill.tricks.score.prompt": (
            "The deal is over. What is your score for this deal?",
            "Das Spiel ist vorbei. Wie viele Punkte hast du in diesem Spiel?",
        ),
        "drill.tricks.score.melds": ("Your melds in this deal", "Deine Meldungen in diesem Spiel"),
        "drill.tricks.score.col.meld": ("Meld", "Meldung"),
        "drill.tricks.score.col.points": ("Points", "Punkte"),
        "drill.tricks.score.no_melds": (
            "You declared nothing in this deal.",
            "Du hast in diesem Spiel nichts gemeldet.",
        ),
        "drill.tricks.score.augen": (
            "Your tricks hold {augen} Augen (card points).",
            "In deinen Stichen sind {augen} Augen.",
        ),
        "drill.tricks.score.last_won": (
            "You won the last trick.",
            "Du hast den letzten Stich gemacht.",
        ),
        "drill.tricks.score.last_lost": (
            "Your opponent won the last trick.",
            "Dein Gegner hat den letzten Stich gemacht.",
        ),
        "drill.tricks.score.last_trick": (
            "The last trick, led by {leader} (you are Player {seat})",
            "Der letzte Stich, aufgespielt von {leader} (du bist Spieler {seat})",
        ),
        "drill.tricks.score.q": ("Your score for this deal", "Deine Punkte in diesem Spiel"),
        "drill.tricks.score.sum_melds": (
            "Melds and trump sevens: {points}.",
            "Meldungen und Trumpf-Sieben: {points}.",
        ),
        "drill.tricks.score.sum_augen": (
            "Augen in your tricks: {points} (counted at the end of the deal).",
            "Augen in deinen Stichen: {points} (am Ende des Spiels gezählt).",
        ),
        "drill.tricks.score.sum_last": (
            "The last trick: {points}.",
            "Der letzte Stich: {points}.",
        ),
        "drill.tricks.score.sum_last_none": (
            "The last trick went to your opponent: nothing for it.",
            "Den letzten Stich hat dein Gegner gemacht: Dafür bekommst du nichts.",
        ),
        "drill.tricks.score.total": (
            "Your score for the deal: {melds} + {augen} + {last} = {points}.",
            "Deine Punkte in diesem Spiel: {melds} + {augen} + {last} = {points}.",
        ),
        "drill.tricks.score.answer": ("{points} points.", "{points} Punkte."),
        "drill.tricks.score.you_said": (
            "You said {given}; the deal gives you {points}.",
            "Du hast {given} angegeben; das Spiel bringt dir {points}.",
        ),
        "drill.tricks.score.seven": ("Trump seven", "Trumpf-Sieben"),
        "drill.tricks.score.sevens": ("Both trump sevens", "Beide Trumpf-Sieben"),
        "drill.tricks.score.double_trumps": (
            "Double marriage in trumps",
            "Doppel-Heirat in Trumpf",
        ),
    }
)

CASES = ("end-play-trump", "identical-cards", "last-trick")
KINDS = ("winner", "playable", "augen", "score")
CASE_KINDS = {"end-play-trump": "playable", "identical-cards": "winner", "last-trick": "score"}
"""The kind of question each rare case is asked in."""
MIX = {
    Level.EASY: (5, 2, 3, 0),
    Level.MEDIUM: (2, 4, 2, 2),
    Level.HARD: (2, 4, 1, 3),
}
"""The weights of the four kinds per level."""

EXAMPLE = "besik-example"
EXAMPLE_WINNER = (2, 6, 23)
"""Steps of the worked example that complete a trick while the talon lasts."""
EXAMPLE_PLAYABLE = (84, 86, 88, 90, 92, 94, 96)
"""Steps of the worked example where the second card of one of the last eight tricks is played
(84: A plays the seven of diamonds on the eight though he holds higher diamonds)."""
CURATED = (
    *(f"example-{step}" for step in EXAMPLE_WINNER),
    *(f"example-{step}" for step in EXAMPLE_PLAYABLE),
    "example-augen",
    "example-score",
)
LAST_STEP = 98
SEATS = ("A", "B", "C")


def _pc(code: str) -> PhysicalCard:
    return PhysicalCard.parse(code)


def _codes(cards: Iterable[PhysicalCard]) -> list[str]:
    return [c.code for c in cards]


def _sorted(cards: Iterable[PhysicalCard]) -> tuple[PhysicalCard, ...]:
    return tuple(sorted(cards, key=lambda c: SORT_KEY[c.uid]))


def augen_of(cards: Iterable[PhysicalCard]) -> int:
    """The Augen of ``cards`` by the engine's table.

    >>> augen_of(PhysicalCard.parse(c) for c in ["AH", "10H#2", "KS", "QD", "JC", "9C"])
    30
    """
    return sum(AUGEN[c.uid] for c in cards)


def _augen_value(rank: Rank) -> int:
    return AUGEN[PhysicalCard(Card(Suit.CLUBS, rank)).uid]


@lru_cache(maxsize=4)
def _blank(players: int) -> State:
    return start_deal(seats=SEATS[:players], seed=0)[0]


def end_play_state(
    trump: Suit, hand: Sequence[PhysicalCard], led: PhysicalCard, players: int = 2
) -> State:
    """An engine position of the last eight tricks: seat ``B`` has led ``led`` and seat ``A``
    (holding ``hand``) is to play."""
    blank = _blank(players)
    table = blank.table._replace(trump=int(trump))
    hands = [0] * players
    hands[0] = mask_of_cards(hand)
    return blank._replace(
        table=table,
        hands=tuple(hands),
        declared=(0,) * players,
        talon_pos=len(table.talon),
        up_card=-1,
        trick=((1, led.uid),),
        turn=0,
        phase=PLAY,
        window=0,
        trick_no=24,
    )


def deal_score(
    trump: Suit,
    log: Sequence[tuple[str, int]],
    won: Sequence[PhysicalCard],
    last_won: bool,
) -> int:
    """The learner's (seat ``A``) points for the deal by the engine's end of the deal: ``log``
    (his melds and trump sevens: category, points), Augen of ``won``, the last trick if he won
    it."""
    blank = _blank(2)
    state = blank._replace(
        table=blank.table._replace(trump=int(trump)),
        hands=(0, 0),
        won=(mask_of_cards(won), 0),
        scores=(sum(p for _, p in log), 0),
        log=tuple((0, kind, points) for kind, points in log),
    )
    final, _events = end_deal(state, 0 if last_won else 1, [], False)
    return final.deal_points()[0]


@lru_cache(maxsize=1)
def _example_steps() -> tuple[tuple[State, Any], ...]:
    from cardtutor.engine.besik import example_record

    return tuple((step.state, step.action) for step in replay(ENGINE, example_record()))


# ---- items -----------------------------------------------------------------------------------


def _deck(players: int = 2) -> list[PhysicalCard]:
    return sorted(iter_packs(3 if players == 3 else 2), key=lambda c: c.uid)


def _winner_question(rng: random.Random, level: Level, case: str | None) -> dict[str, Any]:
    players = 3 if level is Level.HARD and case is None and rng.random() < 0.3 else 2
    deck = _deck(players)
    trump = rng.choice(list(Suit))
    while True:
        led = rng.choice(deck)
        if case == "identical-cards" or (level is Level.HARD and rng.random() < 0.35):
            twin = rng.choice([c for c in deck if c.card == led.card and c != led])
            cards = [led, twin]
            if players == 3:  # a third card that neither trumps nor beats the twins
                pool = [
                    c
                    for c in deck
                    if c.card != led.card
                    and c.suit != trump
                    and (c.suit != led.suit or STRENGTH[c.uid] < STRENGTH[led.uid])
                ]
                cards.insert(rng.randrange(1, 3), rng.choice(pool))
        elif level is Level.EASY:
            # the same suit mostly (ten against king...), sometimes a discard
            pool = [c for c in deck if c.suit == led.suit and c.card != led.card]
            if led.suit == trump or rng.random() < 0.25:
                pool = [c for c in deck if c.suit != led.suit and c.suit != trump]
            cards = [led, rng.choice(pool)]
        else:
            cards = [led]
            for _ in range(players - 1):
                r = rng.random()
                if r < 0.45:
                    pool = [c for c in deck if c.suit == led.suit and c not in cards]
                elif r < 0.8:
                    pool = [c for c in deck if c.suit == trump and c not in cards]
                else:
                    pool = [c for c in deck if c.suit not in (led.suit, trump) and c not in cards]
                if not pool:
                    pool = [c for c in deck if c not in cards]
                cards.append(rng.choice(pool))
        if case == "identical-cards" and not _has_twins(cards):
            continue
        if len(set(cards)) == len(cards):
            break
    first = rng.randrange(players)
    seats = [SEATS[(first + i) % players] for i in range(players)]
    return {
        "kind": "winner",
        "players": players,
        "trump": trump.letter,
        "trick": _codes(cards),
        "seats": seats,
    }


def _has_twins(cards: Sequence[PhysicalCard]) -> bool:
    return len({c.card for c in cards}) < len(cards)


def _playable_question(rng: random.Random, level: Level, case: str | None) -> dict[str, Any]:
    deck = _deck()
    rng.shuffle(deck)
    trump = rng.choice(list(Suit))
    size = rng.randint(5, 8) if level is Level.EASY else rng.randint(3, 8)
    while True:
        led = deck[0]
        hand = deck[1 : 1 + size]
        if level is Level.HARD and rng.random() < 0.5:  # a duplicate of a card in hand
            twins = [c for c in deck[1 + size :] if c.card in {h.card for h in hand}]
            if twins:
                hand = [*hand[:-1], twins[0]]
        follow = [c for c in hand if c.suit == led.suit]
        trumps = [c for c in hand if c.suit == trump]
        ok = True
        if case == "end-play-trump":
            ok = not follow and bool(trumps) and led.suit != trump
        elif level is Level.EASY:
            ok = bool(follow)
        elif level is Level.MEDIUM:
            ok = bool(follow) or bool(trumps) or rng.random() < 0.3
        else:
            lower = [c for c in follow if STRENGTH[c.uid] < STRENGTH[led.uid]]
            higher = [c for c in follow if STRENGTH[c.uid] > STRENGTH[led.uid]]
            ok = (bool(lower) and bool(higher)) or (not follow and bool(trumps))
            ok = ok or rng.random() < 0.2
        if ok:
            break
        rng.shuffle(deck)
    return {
        "kind": "playable",
        "players": 2,
        "trump": trump.letter,
        "led": led.code,
        "hand": _codes(_sorted(hand)),
    }


def _augen_question(rng: random.Random, level: Level) -> dict[str, Any]:
    deck = _deck()
    tricks = {Level.EASY: (2, 3), Level.MEDIUM: (5, 8), Level.HARD: (10, 16)}[level]
    count = 2 * rng.randint(*tricks)
    # the winner of a trick tends to take the better cards: draw counting cards more often
    weights = [3 if AUGEN[c.uid] else 1 for c in deck]
    pile: list[PhysicalCard] = []
    while len(pile) < count:
        c = rng.choices(deck, weights)[0]
        if c not in pile:
            pile.append(c)
    return {"kind": "augen", "players": 2, "pile": _codes(_sorted(pile))}


_MELD_CHOICES = (
    "marriage",
    "marriage",
    "trump-marriage",
    "besik",
    "four-jacks",
    "four-queens",
    "four-kings",
    "four-aces",
    "double-marriage",
    "quint-major",
    "double-besik",
)


def possible_melds(kinds: Sequence[str]) -> bool:
    """Whether one player can declare the melds ``kinds``, in this order, in a deal of two
    packs: the same kind again only with fresh cards (RULES.md §3.3), so at most two of each
    four, quint major and Besik, two marriages a suit (a double marriage is two of them), one
    double Besik, and no Besik after it (one Besik before it is the one it extends).

    >>> possible_melds(["besik", "double-besik", "four-aces", "four-aces"])
    True
    >>> possible_melds(["double-besik", "double-besik"])
    False
    >>> possible_melds(["double-besik", "besik"]), possible_melds(["besik", "besik", "double-besik"])
    (False, False)
    >>> possible_melds(["trump-marriage", "double-marriage-trumps"])
    False
    """
    count = collections.Counter(kinds)
    if "double-besik" in count:
        first = kinds.index("double-besik")
        if count["double-besik"] > 1 or "besik" in kinds[first:] or count["besik"] > 1:
            return False
    if count["trump-marriage"] + 2 * count["double-marriage-trumps"] > 2:
        return False
    if count["marriage"] + 2 * count["double-marriage"] > 6:  # three suits not trumps
        return False
    return all(n <= 2 for k, n in count.items() if k.startswith(("four-", "quint", "besik")))


def _score_question(rng: random.Random, level: Level, case: str | None) -> dict[str, Any]:
    trump = rng.choice(list(Suit))
    n_melds = {Level.EASY: (1, 2), Level.MEDIUM: (2, 4), Level.HARD: (3, 6)}[level]
    melds: list[tuple[str, int]] = []
    for _ in range(rng.randint(*n_melds)):
        while True:  # a meld the deal's two packs still allow (most are)
            kind = rng.choice(_MELD_CHOICES[: 4 if level is Level.EASY else None])
            points = MELD_POINTS[kind]
            if kind == "double-marriage" and rng.random() < 0.4:
                points = DOUBLE_MARRIAGE_TRUMP_POINTS
                kind = "double-marriage-trumps"
            if possible_melds([k for k, _ in melds] + [kind]):
                break
        melds.append((kind, points))
    sevens = 0
    if level is not Level.EASY and rng.random() < 0.4:
        sevens = rng.choice([1, 1, 2])
    augen = _augen_question(rng, Level.MEDIUM if level is Level.EASY else Level.HARD)["pile"]
    question: dict[str, Any] = {
        "kind": "score",
        "players": 2,
        "trump": trump.letter,
        "melds": [list(m) for m in melds],
        "sevens": sevens,
        "won": augen,
    }
    if case == "last-trick" or (level is Level.HARD and rng.random() < 0.6):
        trick = _winner_question(rng, Level.MEDIUM, None)
        question["trump"] = trick["trump"]
        question["last_trick"] = trick["trick"]
        question["last_seats"] = trick["seats"]
    else:
        question["last_won"] = rng.random() < 0.5
    return question


def _example_question(seed: str) -> tuple[dict[str, Any], int]:
    """A curated item's question and the step it comes from."""
    steps = _example_steps()
    final = steps[LAST_STEP][0]
    trump = final.trumps
    if seed == "example-augen":
        pile = _won_cards(final, 0)
        return {"kind": "augen", "players": 2, "pile": _codes(_sorted(pile))}, LAST_STEP
    if seed == "example-score":
        melds = [[m.kind, m.points] for m in final.melds if m.seat == "A"]
        sevens = sum(1 for party, kind, _p in final.log if party == 0 and kind == "trump_seven")
        last = final.last_trick
        return {
            "kind": "score",
            "players": 2,
            "trump": trump.letter,
            "melds": melds,
            "sevens": sevens,
            "won": _codes(_sorted(_won_cards(final, 0))),
            "last_trick": [_code(u) for _, u in last],
            "last_seats": [final.table.seats[s] for s, _ in last],
        }, LAST_STEP
    step = int(seed.rpartition("-")[2])
    before = steps[step - 1][0]
    if step in EXAMPLE_WINNER:
        after = steps[step][0]
        trick = after.last_trick
        return {
            "kind": "winner",
            "players": 2,
            "trump": trump.letter,
            "trick": [_code(u) for _, u in trick],
            "seats": [after.table.seats[s] for s, _ in trick],
        }, step
    seat = before.seat_to_act or "A"
    ((_, led),) = before.trick
    return {
        "kind": "playable",
        "players": 2,
        "trump": trump.letter,
        "led": _code(led),
        "hand": _codes(before.hand(seat)),
        "seat": seat,
    }, step


def _code(uid: int) -> str:
    from cardtutor.engine.besik.uids import PC

    return PC[uid].code


def _won_cards(state: State, seat: int) -> list[PhysicalCard]:
    from cardtutor.engine.besik.uids import PC

    return [PC[u] for u in bit_indices(state.won[seat])]


# ---- judging ---------------------------------------------------------------------------------


def _trump(q: Mapping[str, Any]) -> Suit:
    return Suit.parse(str(q["trump"]))


def _cards(codes: Iterable[str]) -> tuple[PhysicalCard, ...]:
    return tuple(_pc(c) for c in codes)


def winning_position(trick: Sequence[PhysicalCard], trump: Suit) -> int:
    """The position (0 = led) of the card that wins ``trick``, by the engine.

    >>> winning_position([_pc("9H"), _pc("9H#2")], Suit.CLUBS)
    0
    """
    position, _uid = trick_winner(tuple((i, c.uid) for i, c in enumerate(trick)), int(trump))
    return position


def _narrate(trick: Sequence[PhysicalCard], trump: Suit) -> list[Msg]:
    """The trick card by card, in words: why each card takes the lead or does not."""
    led = trick[0]
    out = [Msg("drill.tricks.why.led", card=led, suit=led.suit)]
    best = led
    for card in trick[1:]:
        if card.card == best.card:
            out.append(Msg("drill.tricks.why.identical", card=card, best=best))
        elif card.suit == best.suit:
            higher = STRENGTH[card.uid] > STRENGTH[best.uid]
            if card.suit == trump and best.suit == trump and best.suit != led.suit:
                key = "drill.tricks.why.over_trump" if higher else "drill.tricks.why.under_trump"
                out.append(Msg(key, card=card, best=best))
            else:
                key = "drill.tricks.why.higher" if higher else "drill.tricks.why.lower"
                out.append(Msg(key, card=card, best=best))
            if higher:
                best = card
        elif card.suit == trump:
            out.append(Msg("drill.tricks.why.trumps", card=card, best=best))
            best = card
        elif card.suit == led.suit:  # follows suit, but the trick is already trumped
            out.append(Msg("drill.tricks.why.trumped", card=card, best=best))
        else:
            out.append(Msg("drill.tricks.why.discard", card=card))
    return out


@dataclass(frozen=True)
class PlayableVerdict:
    cards: frozenset[PhysicalCard]
    reasons: tuple[Msg, ...]
    why_not: Mapping[PhysicalCard, Msg]


def judge_playable(trump: Suit, hand: Sequence[PhysicalCard], led: PhysicalCard) -> PlayableVerdict:
    """The engine's playable cards and the words for them."""
    state = end_play_state(trump, hand, led)
    mask = playable(state, 0)
    cards = frozenset(c for c in hand if mask >> c.uid & 1)
    follow = [c for c in hand if c.suit == led.suit]
    reasons: list[Msg] = []
    why_not: dict[PhysicalCard, Msg] = {}
    if follow:
        reasons.append(
            Msg("drill.tricks.playable.follow", suit=led.suit, cards=the(_sorted(cards), "acc"))
        )
        lower = [c for c in follow if STRENGTH[c.uid] <= STRENGTH[led.uid]]
        if lower:
            key = "drill.tricks.playable.no_win" + ("_many" if len(lower) > 1 else "")
            if all(c.card == led.card for c in lower):
                key = "drill.tricks.playable.no_win_twin"
            reasons.append(Msg(key, cards=the(_sorted(lower)), led=led))
        for c in hand:
            if c not in cards:
                why_not[c] = Msg("drill.tricks.playable.must_follow", suit=led.suit)
    elif any(c.suit == trump for c in hand):
        reasons.append(
            Msg("drill.tricks.playable.trump", suit=led.suit, cards=the(_sorted(cards), "acc"))
        )
        for c in hand:
            if c not in cards:
                why_not[c] = Msg("drill.tricks.playable.must_trump", suit=led.suit)
    else:
        reasons.append(Msg("drill.tricks.playable.any", suit=led.suit))
    return PlayableVerdict(cards, tuple(reasons), why_not)


def _augen_lines(pile: Sequence[PhysicalCard]) -> list[Msg]:
    lines = []
    for rank in COUNTED:
        count = sum(1 for c in pile if c.rank == rank)
        if count:
            value = _augen_value(rank)
            lines.append(
                Msg(
                    "drill.tricks.augen.rank",
                    count=count,
                    rank=Msg(f"drill.tricks.rank.{rank.name.lower()}"),
                    value=value,
                    points=count * value,
                )
            )
    blank = sum(1 for c in pile if c.rank not in COUNTED)
    if blank:
        lines.append(Msg("drill.tricks.augen.blank", count=blank))
    lines.append(Msg("drill.tricks.augen.total", points=augen_of(pile)))
    return lines


def _score_parts(q: Mapping[str, Any]) -> tuple[list[tuple[str, int]], bool, int]:
    """The log of melds and sevens, whether the learner won the last trick, the deal score."""
    trump = _trump(q)
    log = [(str(kind), int(points)) for kind, points in q["melds"]]
    if q["sevens"]:
        log.append(("trump_seven", POINTS_TRUMP_SEVEN * int(q["sevens"])))
    if "last_trick" in q:
        trick = _cards(q["last_trick"])
        last_won = q["last_seats"][winning_position(trick, trump)] == "A"
    else:
        last_won = bool(q["last_won"])
    return log, last_won, deal_score(trump, log, _cards(q["won"]), last_won)


@dataclass(frozen=True)
class TrickAnswer:
    winner: str | None = None
    cards: frozenset[PhysicalCard] | None = None
    number: int | None = None


class TrickDrill:
    key = "besik.tricks"
    game = "besik"
    number = 8
    title = Msg("drill.tricks.title")
    summary = Msg("drill.tricks.summary")
    cases: tuple[str, ...] = CASES
    kinds: tuple[str, ...] = KINDS
    curated: tuple[str, ...] = CURATED

    def item(self, seed: str, level: Level) -> Item:
        if seed in CURATED:
            q, step = _example_question(seed)
            q["example"] = step
            return self._item(seed, level, q)
        rng = rng_for(self.key, seed, level)
        case = seed_case(seed, CASES)
        asked = seed_case(seed, KINDS)  # "winner-7": a question of that kind
        if case is None and rng.random() < 0.25:
            case = rng.choice(CASES)
            if asked is not None and CASE_KINDS[case] != asked:
                case = None
        if case is not None:
            kind = CASE_KINDS[case]
        else:
            kind = asked or rng.choices(KINDS, MIX[level])[0]
        if kind == "winner":
            q = _winner_question(rng, level, case)
        elif kind == "playable":
            q = _playable_question(rng, level, case)
        elif kind == "augen":
            q = _augen_question(rng, level)
        else:
            q = _score_question(rng, level, case)
        return self._item(seed, level, q)

    def _item(self, seed: str, level: Level, q: dict[str, Any]) -> Item:
        kind = q["kind"]
        shows: list[Show] = []
        tags = {kind}
        if q.get("example"):
            shows.append(Show.sentence(Msg("drill.tricks.example", step=q["example"])))
            tags.add("example")
        if q.get("players") == 3:
            shows.append(Show.sentence(Msg("drill.tricks.three")))
        fields: list[Field] = []
        if kind == "winner":
            trump = _trump(q)
            trick = _cards(q["trick"])
            shows.append(Show.sentence(Msg("drill.tricks.trumps", suit=trump)))
            shows.append(Show.trick(Msg("drill.tricks.winner.trick"), trick))
            options = [
                (
                    str(i),
                    Msg(
                        "drill.tricks.winner.led_by" if i == 0 else "drill.tricks.winner.played_by",
                        card=card,
                        seat=Msg("drill.tricks.seat", seat=q["seats"][i]),
                    ),
                )
                for i, card in enumerate(trick)
            ]
            fields.append(Field.choose("winner", Msg("drill.tricks.winner.q"), options))
            prompt = Msg("drill.tricks.winner.prompt")
            concept = "besik#tricks"
            if _has_twins(trick):
                tags.add("identical-cards")
        elif kind == "playable":
            trump = _trump(q)
            hand = _cards(q["hand"])
            led = _pc(q["led"])
            shows.append(Show.sentence(Msg("drill.tricks.trumps", suit=trump)))
            shows.append(Show.hand(Msg("drill.tricks.playable.led"), (led,)))
            fields.append(Field.pick("cards", Msg("drill.tricks.playable.q"), hand, 1, len(hand)))
            prompt = Msg("drill.tricks.playable.prompt", card=led)
            concept = "besik#end-play"
            if led.suit != trump and not any(c.suit == led.suit for c in hand):
                if any(c.suit == trump for c in hand):
                    tags.add("end-play-trump")
        elif kind == "augen":
            pile = _cards(q["pile"])
            shows.append(Show.hand(Msg("drill.tricks.augen.pile"), pile))
            fields.append(Field.number("augen", Msg("drill.tricks.augen.q"), 0, 240))
            prompt = Msg("drill.tricks.augen.prompt")
            concept = "besik#augen"
        else:
            trump = _trump(q)
            shows.append(Show.sentence(Msg("drill.tricks.trumps", suit=trump)))
            rows = [(_meld_label(str(k), trump), int(p)) for k, p in q["melds"]]
            if q["sevens"]:
                key = (
                    "drill.tricks.score.sevens" if q["sevens"] == 2 else "drill.tricks.score.seven"
                )
                rows.append((Msg(key), POINTS_TRUMP_SEVEN * int(q["sevens"])))
            if rows:
                shows.append(
                    Show.table(
                        Msg("drill.tricks.score.melds"),
                        (Msg("drill.tricks.score.col.meld"), Msg("drill.tricks.score.col.points")),
                        rows,
                    )
                )
            else:
                shows.append(Show.sentence(Msg("drill.tricks.score.no_melds")))
            shows.append(
                Show.sentence(Msg("drill.tricks.score.augen", augen=augen_of(_cards(q["won"]))))
            )
            if "last_trick" in q:
                leader = Msg("drill.tricks.seat", seat=q["last_seats"][0])
                shows.append(
                    Show.trick(
                        Msg("drill.tricks.score.last_trick", leader=leader, seat="A"),
                        _cards(q["last_trick"]),
                    )
                )
                tags.add("last-trick")
                concept = "besik#last-trick"
            else:
                key = (
                    "drill.tricks.score.last_won"
                    if q["last_won"]
                    else "drill.tricks.score.last_lost"
                )
                shows.append(Show.sentence(Msg(key)))
                concept = "besik#augen"
            fields.append(Field.number("score", Msg("drill.tricks.score.q"), 0, 5000))
            prompt = Msg("drill.tricks.score.prompt")
        return Item(
            self.key,
            seed,
            level,
            q,
            prompt=prompt,
            shows=tuple(shows),
            fields=tuple(fields),
            concept=concept,
            tags=frozenset(tags),
        )

    def parse_answer(self, item: Item, data: Mapping[str, str]) -> TrickAnswer:
        answer = parse_fields(item, data)
        if "winner" in answer:
            return TrickAnswer(winner=answer["winner"])
        if "cards" in answer:
            return TrickAnswer(cards=frozenset(answer["cards"]))
        if "augen" in answer:
            return TrickAnswer(number=answer["augen"])
        if "score" in answer:
            return TrickAnswer(number=answer["score"])
        raise AnswerError(Msg("drill.missing", field=Msg("drill.tricks.title")))

    def expected(self, item: Item) -> dict[str, Any]:
        q = item.question
        kind = q["kind"]
        if kind == "winner":
            return {"winner": str(winning_position(_cards(q["trick"]), _trump(q)))}
        if kind == "playable":
            verdict = judge_playable(_trump(q), _cards(q["hand"]), _pc(q["led"]))
            return {"cards": frozenset(c.code for c in verdict.cards)}
        if kind == "augen":
            return {"augen": augen_of(_cards(q["pile"]))}
        return {"score": _score_parts(q)[2]}

    def check(self, item: Item, answer: Any) -> Feedback:
        if not isinstance(answer, TrickAnswer):
            raise AnswerError(Msg("drill.missing", field=Msg("drill.tricks.title")))
        q = item.question
        kind = q["kind"]
        reasons: list[Msg] = []
        words: list[Msg] = []
        if kind == "winner":
            trick = _cards(q["trick"])
            trump = _trump(q)
            position = winning_position(trick, trump)
            correct = answer.winner == str(position)
            if (
                not correct
                and answer.winner is not None
                and answer.winner.isascii()
                and answer.winner.isdigit()
            ):
                chosen = trick[int(answer.winner)] if int(answer.winner) < len(trick) else None
                twins = chosen is not None and sum(c.card == chosen.card for c in trick) > 1
                if twins:  # which of the identical cards: the player's
                    by = Msg("drill.tricks.seat", seat=q["seats"][int(answer.winner)])
                    reasons.append(Msg("drill.tricks.winner.you_chose_of", choice=chosen, seat=by))
                elif chosen is not None:
                    reasons.append(Msg("drill.tricks.winner.you_chose", choice=chosen))
            reasons += _narrate(trick, trump)
            seat = Msg("drill.tricks.seat", seat=q["seats"][position])
            words.append(Msg("drill.tricks.winner.answer", seat=seat, card=trick[position]))
            rules: tuple[str, ...] = ("besik#tricks",)
        elif kind == "playable":
            hand = _cards(q["hand"])
            verdict = judge_playable(_trump(q), hand, _pc(q["led"]))
            picked = answer.cards or frozenset()
            correct = picked == verdict.cards
            for c in _sorted(picked - verdict.cards):
                reasons.append(Msg("drill.tricks.playable.not", card=c, why=verdict.why_not[c]))
            for c in _sorted(verdict.cards - picked):
                reasons.append(Msg("drill.tricks.playable.missed", card=c))
            reasons += verdict.reasons
            words.append(Msg("drill.tricks.playable.answer", cards=_sorted(verdict.cards)))
            rules = ("besik#end-play",)
        elif kind == "augen":
            pile = _cards(q["pile"])
            points = augen_of(pile)
            correct = answer.number == points
            if not correct:
                reasons.append(
                    Msg("drill.tricks.augen.you_said", given=answer.number, points=points)
                )
            reasons += _augen_lines(pile)
            words.append(Msg("drill.tricks.augen.answer", points=points))
            rules = ("besik#augen",)
        else:
            log, last_won, points = _score_parts(q)
            correct = answer.number == points
            if not correct:
                reasons.append(
                    Msg("drill.tricks.score.you_said", given=answer.number, points=points)
                )
            melds = sum(p for _, p in log)
            augen = augen_of(_cards(q["won"]))
            last = POINTS_LAST_TRICK if last_won else 0
            reasons.append(Msg("drill.tricks.score.sum_melds", points=melds))
            reasons.append(Msg("drill.tricks.score.sum_augen", points=augen))
            if "last_trick" in q:
                reasons += _narrate(_cards(q["last_trick"]), _trump(q))
            if last_won:
                reasons.append(Msg("drill.tricks.score.sum_last", points=last))
            else:
                reasons.append(Msg("drill.tricks.score.sum_last_none"))
            reasons.append(
                Msg("drill.tricks.score.total", melds=melds, augen=augen, last=last, points=points)
            )
            words.append(Msg("drill.tricks.score.answer", points=points))
            rules = (item.concept, "besik#augen", "besik#last-trick", "besik#melds")
            rules = tuple(dict.fromkeys(rules))
        step = int(q.get("example") or 0)
        return Feedback(
            correct=correct,
            expected=self.expected(item),
            reasons=tuple(reasons),
            rules=rules,
            answer=tuple(words),
            replay=(EXAMPLE, step) if step else None,
        )


def _meld_label(kind: str, trump: Suit) -> Msg:
    if kind == "double-marriage-trumps":
        return Msg("drill.tricks.score.double_trumps")
    return Msg(f"besik.label.{kind}")
