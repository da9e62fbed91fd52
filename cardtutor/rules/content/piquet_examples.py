"""The Piquet reference's worked examples, computed from engine states.

Each ``build_*`` function deals explicit hands (or replays the source's Example), applies the
engine's actions and turns the engine's own events and numbers into a :class:`Shown`: the card
rows, the sentences (the engine's bilingual messages, or our sentences with the engine's
numbers put in by f-strings) and the ``facts`` behind them. Nothing here states a number the
engine did not compute.

Card codes ("AS") appear only in this module's code, never in the learner's text: cards are
named by :meth:`Card.name` in each language.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtutor.engine.cards import ALL_CARDS, Card, cards_from_mask, parse_cards
from cardtutor.engine.events import Event
from cardtutor.engine.piquet import (
    Declare,
    Exchange,
    NextDeal,
    Phase,
    Play,
    State,
    action_from_json,
    apply,
    best_declaration,
    deal_from_seed,
    new_deal,
    new_partie,
    point_value,
)
from cardtutor.engine.piquet.constants import (
    PARTIE_BONUS,
    PARTIE_DEALS,
    PIQUE_AT,
    POINTS_CARDS,
    RUBICON,
    sequence_points,
)
from cardtutor.engine.piquet.scoring import rubicon_settlement
from cardtutor.engine.text import join_names
from cardtutor.rules.model import Cards, Shown, Text

__all__ = ["EXAMPLE_RECORD", "cavendish", "dialogue_speakers", "play_partie"]

EXAMPLE_RECORD = Path(__file__).resolve().parents[2] / "engine" / "examples" / "piquet_example.json"
"""The source's Example (Cavendish's deal), as the replays use it."""


# --------------------------------------------------------------------------------------------
# Small tools
# --------------------------------------------------------------------------------------------


def names(cards: Iterable[Card], german: bool) -> str:
    """Cards named in words, joined ("ace of hearts, king of hearts and ..." / "Herz-As, ...")."""
    return join_names(list(cards), "de" if german else "en")


def both(cards: Iterable[Card]) -> tuple[str, str]:
    cs = list(cards)
    return names(cs, False), names(cs, True)


def _card(code: str) -> Card:
    return parse_cards(code)[0]


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= c.bit
    return m


def high_first(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Spades, hearts, diamonds, clubs; ace to seven (the order the source lists hands in)."""
    suit_order = {3: 0, 2: 1, 1: 2, 0: 3}
    return tuple(sorted(cards, key=lambda c: (suit_order[int(c.suit)], -int(c.rank))))


ELDER = Text("A, elder hand", "A, Vorhand")
YOUNGER = Text("B, younger hand (dealer)", "B, Hinterhand (Geber)")


def row(label: Text, cards: Iterable[Card]) -> Cards:
    return Cards(label, high_first(cards))


def said(e: Event) -> Text:
    """A spoken declaration or answer: ``A: “Five cards.”`` / ``A: „Fünf Karten.“``."""
    return Text(f"{e.seat}: “{e.msg.render('en')}”", f"{e.seat}: „{e.msg.render('de')}“")


def told(e: Event, totals: bool = True) -> Text:
    """Any other event in the engine's own words; ``totals=False`` drops a score's running
    total ("…, 8 in all." / "…, zusammen 8."), for an example that shows only part of a deal."""
    en, de = e.msg.render("en"), e.msg.render("de")
    if not totals and e.kind == "score":
        en = re.sub(r", -?\d+ in all\.$", ".", en)
        de = re.sub(r", zusammen -?\d+\.$", ".", de)
    return Text(en, de)


def lines_of(
    events: Iterable[Event],
    kinds: Sequence[str] = ("say", "score", "info"),
    rules: str = "",
    totals: bool | None = None,
) -> list[Text]:
    """The events as lines (``rules``: only events whose rule starts with it).

    A score's running total is kept (``totals=None``) only when the lines shown add up to
    it: an example of one category (the sequences after an unshown point) would otherwise say
    "8 in all" after the first 4 the learner sees. ``totals=True`` keeps them: an excerpt of
    the worked example game, whose totals are that game's."""
    shown = [
        e
        for e in events
        if e.kind in kinds
        and not (rules and not e.rule.startswith(rules))
        and not (e.kind == "info" and not e.rule)  # "A wins the trick (3 so far)": play shows it
    ]
    sums: dict[str, int] = {}
    adds_up = True
    for e in shown:
        if e.kind == "score" and e.seat is not None:
            sums[e.seat] = sums.get(e.seat, 0) + e.points
            adds_up = adds_up and e.totals.get(e.seat, sums[e.seat]) == sums[e.seat]
    keep = adds_up if totals is None else totals
    return [said(e) if e.kind == "say" else told(e, keep) for e in shown]


@dataclass
class Run:
    """A deal being played: the state and every event so far."""

    state: State
    events: list[Event] = field(default_factory=list)

    def do(self, action: Exchange | Declare | Play | NextDeal) -> list[Event]:
        self.state, events = apply(self.state, action)
        new = list(events)
        self.events.extend(new)
        return new

    def declare_all(self) -> list[Event]:
        """Both players declare honestly (the best they hold), point to sets."""
        out: list[Event] = []
        while self.state.phase is Phase.DECLARE:
            out += self.do(best_declaration(self.state))
        return out

    def play(self, *codes: str) -> list[Event]:
        """Play the named cards, each by the seat to act."""
        out: list[Event] = []
        for code in codes:
            seat = self.state.seat_to_act
            assert seat is not None
            out += self.do(Play.of(seat, code))
        return out

    def play_out(self) -> list[Event]:
        """Play to the end, each player by :func:`simple_card`."""
        out: list[Event] = []
        while self.state.phase is Phase.PLAY:
            seat = self.state.seat_to_act
            assert seat is not None
            out += self.do(Play(seat, simple_card(self.state)))
        return out

    def total(self, seat: str) -> int:
        return self.state.total(seat)

    def scored(self, seat: str, category: str) -> int:
        return self.state.score_breakdown()[seat][category]


def simple_card(state: State) -> Card:
    """A plain, deterministic way to play: lead the highest card of the longest suit; second,
    win as cheaply as possible, or else throw the lowest card (of the suit led if able)."""
    hand = state.hand(state.seats[state.turn])
    if state.lead < 0:
        by_suit: dict[int, list[Card]] = {}
        for c in hand:
            by_suit.setdefault(int(c.suit), []).append(c)
        longest = max(by_suit.values(), key=lambda cs: (len(cs), max(int(c.rank) for c in cs)))
        return max(longest, key=lambda c: int(c.rank))
    led = ALL_CARDS[state.lead]
    same = [c for c in hand if c.suit == led.suit]
    if same:
        winners = [c for c in same if c.rank > led.rank]
        if winners:
            return min(winners, key=lambda c: int(c.rank))
        return min(same, key=lambda c: int(c.rank))
    return min(hand, key=lambda c: (int(c.rank), int(c.suit)))


def dealt(elder: str, younger: str, stock: str) -> Run:
    """A deal from explicit hands (A elder, B the dealer) and stock (top first)."""
    state, events = new_deal(hands={"A": elder, "B": younger}, stock=stock, dealer="B")
    return Run(state, list(events))


def after_exchange(elder: str, younger: str, elder_in: str = "", younger_in: str = "") -> Run:
    """A deal whose hands *after* the exchange are ``elder`` and ``younger`` (12 cards each).

    Each player exchanges one card (the rules require at least one): elder takes
    ``elder_in`` (default: the first card named) for the lowest card outside both hands, and
    younger takes ``younger_in`` (default: his first card named) for the next lowest; the
    other six cards lie in the stock. Carte blanche is judged on the hands as dealt.
    """
    e_final, y_final = parse_cards(elder), parse_cards(younger)
    e_in = _card(elder_in) if elder_in else e_final[0]
    y_in = _card(younger_in) if younger_in else y_final[0]
    used = set(e_final) | set(y_final)
    if len(used) != 24:
        raise ValueError("the two hands must be twelve different cards each")
    rest = sorted((c for c in ALL_CARDS if c not in used), key=lambda c: (int(c.rank), int(c.suit)))
    e_out, y_out = rest[0], rest[1]
    others = rest[2:]
    e_dealt = [c for c in e_final if c is not e_in] + [e_out]
    y_dealt = [c for c in y_final if c is not y_in] + [y_out]
    stock = [e_in, y_in, *others]
    run = dealt(
        " ".join(c.code for c in e_dealt),
        " ".join(c.code for c in y_dealt),
        " ".join(c.code for c in stock),
    )
    run.do(Exchange.of("A", [e_out]))
    run.do(Exchange.of("B", [y_out]))
    return run


def hands_rows(run: Run) -> tuple[Cards, ...]:
    return (row(ELDER, run.state.hand("A")), row(YOUNGER, run.state.hand("B")))


def final_line(run: Run) -> Text:
    a, b = run.total("A"), run.total("B")
    return Text(f"The deal ends A {a}, B {b}.", f"Das Spiel endet A {a}, B {b}.")


# --------------------------------------------------------------------------------------------
# The source's Example (Cavendish's deal)
# --------------------------------------------------------------------------------------------


@functools.cache
def _record() -> dict[str, Any]:
    with EXAMPLE_RECORD.open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def cavendish(steps: int | None = None) -> Run:
    """The source's Example, replayed up to ``steps`` actions (all by default)."""
    data = _record()
    deal = data["deal"]
    run = dealt(deal["hands"]["A"], deal["hands"]["B"], deal["stock"])
    for a in data["actions"][:steps]:
        run.state, events = apply(run.state, action_from_json(a))
        run.events.extend(events)
    return run


def cavendish_dealt() -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    deal = _record()["deal"]
    return (
        parse_cards(deal["hands"]["A"]),
        parse_cards(deal["hands"]["B"]),
        parse_cards(deal["stock"]),
    )


# --------------------------------------------------------------------------------------------
# The cards, the deal, carte blanche, the exchange
# --------------------------------------------------------------------------------------------


def pips(card: Card) -> int:
    """What one card counts toward the point (the engine's own count)."""
    return point_value([card])[1]


def build_card_values() -> Shown:
    """The point of the source's A: his hearts after the exchange, card by card."""
    run = cavendish(2)
    hearts = [c for c in high_first(run.state.hand("A")) if c.suit == _card("AH").suit]
    diamonds = [c for c in high_first(run.state.hand("B")) if c.suit == _card("AD").suit]
    n_h, p_h = point_value(hearts)
    n_d, p_d = point_value(diamonds)

    def sum_text(cards: list[Card], german: bool) -> str:
        lang = "de" if german else "en"
        return " + ".join(f"{c.rank.name_in(lang)} {pips(c)}" for c in cards)

    return Shown(
        rows=(
            row(Text("A's hearts", "Die Herzkarten von A"), hearts),
            row(Text("B's diamonds", "Die Karokarten von B"), diamonds),
        ),
        lines=(
            Text(
                f"A's hearts: {sum_text(hearts, False)} = {p_h}; {n_h} cards worth {p_h}.",
                f"Herz von A: {sum_text(hearts, True)} = {p_h}; {n_h} Karten im Wert von {p_h}.",
            ),
            Text(
                f"B's diamonds: {sum_text(diamonds, False)} = {p_d}; {n_d} cards worth {p_d}.",
                f"Karo von B: {sum_text(diamonds, True)} = {p_d}; {n_d} Karten im Wert von {p_d}.",
            ),
            Text(
                "The ten counts 10 like a court card, but it is not one (it does not spoil a "
                "carte blanche).",
                "Die Zehn zählt 10 wie ein Bild, ist aber keines (sie verdirbt keine Carte "
                "blanche).",
            ),
        ),
        facts={"a_cards": n_h, "a_pips": p_h, "b_cards": n_d, "b_pips": p_d},
    )


DEAL_SEED = 4
"""The cut and shuffle of the deal example (a partie's seed where B cuts higher and deals)."""


def build_deal() -> Shown:
    state, events = new_partie(seed=DEAL_SEED)
    assert state.seats[state.dealer] == "B"
    stock = state.stock_cards
    a, b = state.hand("A"), state.hand("B")
    mine, theirs = stock[:5], stock[5:]
    return Shown(
        rows=(
            row(ELDER, a),
            row(YOUNGER, b),
            Cards(
                Text(
                    "The stock, top five (elder's)", "Der Talon, die oberen fünf (für die Vorhand)"
                ),
                mine,
            ),
            Cards(
                Text(
                    "The stock, bottom three (younger's)",
                    "Der Talon, die unteren drei (für die Hinterhand)",
                ),
                theirs,
            ),
        ),
        lines=(
            *(told(e) for e in events),
            Text(
                f"A and B hold {len(a)} cards each; the stock holds {len(stock)}, face down: "
                f"the top {len(mine)} are A's to take from, the bottom {len(theirs)} B's.",
                f"A und B haben je {len(a)} Karten; der Talon hat {len(stock)}, verdeckt: "
                f"die oberen {len(mine)} sind für A, die unteren {len(theirs)} für B.",
            ),
        ),
        facts={
            "elder": len(a),
            "younger": len(b),
            "stock": len(stock),
            "elder_stock": len(mine),
            "younger_stock": len(theirs),
        },
    )


CB_ELDER = "AS 10S 9S 8S AH 10H 9H 7H AC 9C 8D 7D"
CB_YOUNGER = "KS QS JS KH QH JH KC QC JC AD KD QD"
CB_STOCK = "7S 8H 10C 8C 7C JD 10D 9D"


def build_carte_blanche() -> Shown:
    run = dealt(CB_ELDER, CB_YOUNGER, CB_STOCK)
    rows = [row(Text("A, elder hand, as dealt", "A, Vorhand, wie gegeben"), run.state.hand("A"))]
    lines = lines_of(run.events)
    discard = "8D 7D 9C"
    lines.append(
        Text(
            "A first says how many cards he will take, three, so B knows that five are left "
            "to him; then both exchange.",
            "A sagt zuerst, wie viele Karten er kaufen wird, drei, damit B weiß, dass ihm "
            "fünf bleiben; dann kaufen beide.",
        )
    )
    lines += lines_of(run.do(Exchange.of("A", discard)))
    lines += lines_of(run.do(Exchange.of("B", best_younger_discard(run.state))))
    lines.append(
        Text(
            "He shows the twelve cards as dealt: the three he discarded are turned face up "
            "again for it.",
            "Er zeigt die zwölf Karten, wie sie gegeben wurden: die drei abgelegten werden "
            "dafür wieder aufgedeckt.",
        )
    )
    cb = run.scored("A", "carte_blanche")
    lines.append(
        Text(
            f"A scores {cb} for carte blanche before anything else is reckoned; he may then "
            "take court cards in the exchange and use them like any others.",
            f"A zählt {cb} für die Carte blanche vor allem anderen; danach darf er beim Kauf "
            "Bilder bekommen und wie alle anderen Karten verwenden.",
        )
    )
    rows.append(row(Text("A after the exchange", "A nach dem Kauf"), run.state.hand("A")))
    return Shown(tuple(rows), tuple(lines), {"carte_blanche": cb, "A": run.total("A")})


def best_younger_discard(state: State) -> list[Card]:
    """Younger's discard in the examples: his lowest cards, as many as the stock holds (at
    most five)."""
    hand = state.hand(state.seats[state.turn])
    n = min(len(state.stock), 5)
    return sorted(hand, key=lambda c: (int(c.rank), int(c.suit)))[:n]


def build_exchange() -> Shown:
    e_dealt, y_dealt, stock = cavendish_dealt()
    run = cavendish(0)
    ev_a = run.do(action_from_json(_record()["actions"][0]))
    a_out = run.state.discard("A")
    a_in = [c for c in run.state.hand("A") if c not in e_dealt]
    ev_b = run.do(action_from_json(_record()["actions"][1]))
    b_out = run.state.discard("B")
    b_in = [c for c in run.state.hand("B") if c not in y_dealt]
    a_out_en, a_out_de = both(high_first(a_out))
    return Shown(
        rows=(
            row(Text("A as dealt", "A, wie gegeben"), e_dealt),
            row(Text("A discards", "A legt ab"), a_out),
            row(Text("A takes", "A kauft"), a_in),
            row(Text("B as dealt", "B, wie gegeben"), y_dealt),
            row(Text("B discards", "B legt ab"), b_out),
            row(Text("B takes", "B kauft"), b_in),
        ),
        lines=(
            *lines_of(ev_a, totals=True),
            *lines_of(ev_b, totals=True),
            Text(
                f"A discards the {a_out_en}: he keeps his hearts (his longest suit and his "
                "sequence) and his three jacks.",
                f"A legt {a_out_de} ab: Er behält seine Herzkarten (längste Farbe und Sequenz) "
                "und seine drei Buben.",
            ),
        ),
        facts={
            "a_discards": len(a_out),
            "a_takes": len(a_in),
            "b_discards": len(b_out),
            "b_takes": len(b_in),
        },
    )


LEFT_SEED = 42
"""The shuffle of the 'cards left over' example."""


def build_exchange_left() -> Shown:
    state, _ = new_deal(seed=LEFT_SEED, dealer="B")
    run = Run(state)
    a_hand = run.state.hand("A")
    a_out = sorted(a_hand, key=lambda c: (int(c.rank), int(c.suit)))[:3]
    top = run.state.stock_cards[:5]
    lines = lines_of(run.do(Exchange.of("A", a_out)))
    a_left = top[3:]
    b_hand = run.state.hand("B")
    room = len(run.state.stock)
    b_out = sorted(b_hand, key=lambda c: (int(c.rank), int(c.suit)))[: room - 2]
    lines += lines_of(run.do(Exchange.of("B", b_out, look=True)))
    left = run.state.stock_cards
    en, de = both(high_first(left))
    lines.append(
        Text(
            f"B could have taken all {room}; he left the {en}. He looked at them, so A may "
            "see them too, once he has led his first card.",
            f"B hätte alle {room} kaufen dürfen; liegen blieben {de}. Er hat sie angesehen, "
            "also darf auch A sie sehen, sobald er seine erste Karte ausgespielt hat.",
        )
    )
    return Shown(
        rows=(
            row(Text("A discards", "A legt ab"), a_out),
            row(
                Text("A leaves (he may look at them)", "A lässt liegen (er darf sie ansehen)"),
                a_left,
            ),
            row(Text("B discards", "B legt ab"), b_out),
            row(Text("Left over after B's exchange", "Nach dem Kauf von B übrig"), left),
        ),
        lines=tuple(lines),
        facts={
            "a_discards": len(a_out),
            "a_left": len(a_left),
            "b_may_take": room,
            "b_discards": len(b_out),
            "left_over": len(left),
        },
    )


# --------------------------------------------------------------------------------------------
# Declaring
# --------------------------------------------------------------------------------------------


def build_dialogue() -> Shown:
    """The source's declarations, as the engine speaks and scores them."""
    run = cavendish(2)
    events = run.declare_all()
    lines = lines_of(events, kinds=("say", "score"), totals=True)
    speakers = "".join(e.seat or "" for e in events if e.kind == "say")
    return Shown(
        rows=hands_rows(run),
        lines=(
            *lines,
            Text(
                f"A has {run.total('A')} so far; B has shown nothing yet: what he holds good "
                "he scores when he plays to A's first lead.",
                f"A hat bisher {run.total('A')}; B hat noch nichts gezeigt: was bei ihm gut ist, "
                "zählt er, wenn er zum ersten Ausspielen von A spielt.",
            ),
        ),
        facts={
            "A": run.total("A"),
            "B": run.total("B"),
            "a_point": run.scored("A", "point"),
            "a_sequence": run.scored("A", "sequence"),
            "said": len(speakers),
        },
    )


def dialogue_speakers() -> str:
    """Who speaks in the source's declarations, in order (``"ABAB..."``), for the tests."""
    run = cavendish(2)
    return "".join(e.seat or "" for e in run.declare_all() if e.kind == "say")


def build_point() -> Shown:
    run = cavendish(2)
    events = run.do(best_declaration(run.state))
    events += run.do(best_declaration(run.state))
    a_claim = [c for c in high_first(run.state.hand("A")) if c.suit == _card("AH").suit]
    b_claim = [c for c in high_first(run.state.hand("B")) if c.suit == _card("AD").suit]
    (na, pa), (nb, pb) = point_value(a_claim), point_value(b_claim)
    return Shown(
        rows=(
            row(Text("A's point", "Der Point von A"), a_claim),
            row(Text("B's point", "Der Point von B"), b_claim),
        ),
        lines=(
            *lines_of(events, kinds=("say", "score"), totals=True),
            Text(
                f"Both have {na} cards, so the pips decide: {pa} against {pb}. A scores "
                f"{run.scored('A', 'point')}, one for each card of his point.",
                f"Beide haben {na} Karten, also entscheidet der Wert der Karten: {pa} gegen "
                f"{pb}. A zählt {run.scored('A', 'point')}, eins für jede Karte seines Points.",
            ),
        ),
        facts={
            "a_cards": na,
            "a_pips": pa,
            "b_cards": nb,
            "b_pips": pb,
            "a_point": run.scored("A", "point"),
        },
    )


SEQ_ELDER = "QS JS 10S 9S 9H 8H 7H AD KD 8D AC KC"
SEQ_YOUNGER = "JD 10D 9D 8C AS KS AH KH QH QD QC JC"


def build_sequences() -> Shown:
    """The source's own case: a quart to the queen (good) and a tierce minor against a quart
    to the jack: A scores both of his, B nothing."""
    run = after_exchange(
        "QS JS 10S 9S 9H 8H 7H AD KD 7D AC KC",
        "JC 10C 9C 8C AS KS AH KH QH QD JD 10D",
    )
    events = run.declare_all()
    seq = [e for e in events if e.rule == "piquet#sequences"]
    a = run.scored("A", "sequence")
    b = run.scored("B", "sequence")
    return Shown(
        rows=hands_rows(run),
        lines=(
            *lines_of(seq, kinds=("say", "score")),
            Text(
                f"A's best sequence is good, so he scores his tierce minor as well: {a} in all "
                f"for sequences, although B's quart to the jack is better than the tierce. B "
                f"scores {b} for sequences.",
                f"Die beste Sequenz von A ist gut, also zählt er auch seine Terz-Minor: "
                f"zusammen {a} für Sequenzen, obwohl die Quart vom Buben von B besser ist als "
                f"die Terz. B zählt {b} für Sequenzen.",
            ),
        ),
        facts={
            "a_sequence": a,
            "b_sequence": b,
            "quart": sequence_points(4),
            "tierce": sequence_points(3),
        },
    )


def build_sequences_equal() -> Shown:
    """Identical best sequences: nobody scores any sequence, not even a second one."""
    run = after_exchange(
        "KS QS JS 10S 9H 8H 7H AD 8D AC 8C 7C",
        "KH QH JH 10H AS 9S 8S KD QD JD KC QC",
    )
    events = run.declare_all()
    seq = [e for e in events if e.rule == "piquet#sequences"]
    return Shown(
        rows=hands_rows(run),
        lines=(
            *lines_of(seq, kinds=("say", "score", "info")),
            Text(
                f"A also holds a tierce minor and B a tierce to the king, but with the best "
                f"sequences equal neither is reckoned: A {run.scored('A', 'sequence')}, B "
                f"{run.scored('B', 'sequence')} for sequences.",
                f"A hat außerdem eine Terz-Minor und B eine Terz vom König, aber da die "
                f"besten Sequenzen gleich sind, zählt keine: A {run.scored('A', 'sequence')}, "
                f"B {run.scored('B', 'sequence')} für Sequenzen.",
            ),
        ),
        facts={
            "a_sequence": run.scored("A", "sequence"),
            "b_sequence": run.scored("B", "sequence"),
        },
    )


def build_sets() -> Shown:
    """The source's Example: three jacks against four tens and three queens."""
    run = cavendish(2)
    run.declare_all()
    events = run.play("AH", "10H")
    a_sets = [c for c in run.state.hand("A") if c.rank == _card("JS").rank]
    return Shown(
        rows=(
            row(Text("A's trio", "Das Trio von A"), a_sets),
            row(Text("B's quatorze and trio", "Quatorze und Trio von B"), _b_sets()),
        ),
        lines=(
            *lines_of(
                [e for e in cavendish(8).events if e.rule == "piquet#sets"],
                kinds=("say",),
                totals=True,
            ),
            *lines_of(events, kinds=("score",), rules="piquet#sets", totals=True),
            Text(
                f"A quatorze beats any trio, so B's tens are good and he also scores his "
                f"queens: {run.scored('B', 'set')} in all.",
                f"Ein Quatorze schlägt jedes Trio, also sind die Zehnen von B gut, und er zählt "
                f"auch seine Damen: zusammen {run.scored('B', 'set')}.",
            ),
        ),
        facts={"b_set": run.scored("B", "set"), "a_set": run.scored("A", "set")},
    )


def _b_sets() -> list[Card]:
    run = cavendish(2)
    hand = run.state.hand("B")
    return [c for c in hand if c.rank in (_card("10S").rank, _card("QS").rank)]


SINK_ELDER = "QS QH QD AS 10S 9S 8S AH 9H 8H 9D 8D"
SINK_YOUNGER = "KS KH KD JC 10C 9C 8C 7C JS 7H 10D 7D"


def build_sinking() -> Shown:
    """B holds three kings, better than A's three queens; declared, then sunk."""
    results = []
    for sink in (False, True):
        run = after_exchange(SINK_ELDER, SINK_YOUNGER)
        while run.state.category != "set":
            run.do(best_declaration(run.state))
        run.do(best_declaration(run.state))
        claim = Declare.of("B", "set", "") if sink else best_declaration(run.state)
        events = run.do(claim)
        run.play(_first_lead(run))
        run.play(_first_lead(run))
        results.append((run, events))
    honest, sunk = results
    kings = [c for c in honest[0].state.hand("B") if c.rank == _card("KS").rank]
    queens = [c for c in honest[0].state.hand("A") if c.rank == _card("QS").rank]
    hb, ha = honest[0].scored("B", "set"), honest[0].scored("A", "set")
    sb, sa = sunk[0].scored("B", "set"), sunk[0].scored("A", "set")
    swing = (hb - ha) - (sb - sa)
    return Shown(
        rows=(
            row(Text("A's trio", "Das Trio von A"), queens),
            row(Text("B's trio", "Das Trio von B"), kings),
        ),
        lines=(
            Text("B declares his kings:", "B sagt seine Könige an:"),
            *lines_of(
                [e for e in honest[0].events if e.rule == "piquet#sets"], kinds=("say", "score")
            ),
            Text(
                "B sinks them (he answers as if he had no trio):",
                "B verschweigt sie (er antwortet, als hätte er kein Trio):",
            ),
            *lines_of(
                [e for e in sunk[0].events if e.rule == "piquet#sets"], kinds=("say", "score")
            ),
            Text(
                f"Declared: B {hb}, A {ha}. Sunk: B {sb}, A {sa}. Sinking the kings costs B "
                f"{swing} points against A; what he buys is that A does not learn of the "
                "kings.",
                f"Angesagt: B {hb}, A {ha}. Verschwiegen: B {sb}, A {sa}. Das Verschweigen "
                f"kostet B {swing} Punkte gegenüber A; dafür erfährt A nichts von den "
                "Königen.",
            ),
        ),
        facts={"honest_b": hb, "honest_a": ha, "sunk_b": sb, "sunk_a": sa, "swing": swing},
    )


def _first_lead(run: Run) -> str:
    return simple_card(run.state).code


def build_younger_scores() -> Shown:
    """Elder leads (1), then younger shows and scores what is good before he plays."""
    run = cavendish(8)
    events = run.play("AH", "10H")
    return Shown(
        rows=(
            row(Text("B's hand when A leads", "B, als A ausspielt"), cavendish(8).state.hand("B")),
        ),
        lines=tuple(lines_of(events, kinds=("play", "score"), totals=True)),
        facts={"A": run.total("A"), "B": run.total("B"), "b_set": run.scored("B", "set")},
    )


# --------------------------------------------------------------------------------------------
# The play, the last trick, the cards, capot
# --------------------------------------------------------------------------------------------


def build_play() -> Shown:
    """Tricks 6 and 7 of the source's Example: B wins as second player, then leads."""
    run = cavendish(18)
    events = run.play("KD", "AD", "AC", "9C")
    return Shown(
        rows=hands_rows(cavendish(18)),
        lines=(
            *lines_of(events, kinds=("play", "score"), totals=True),
            Text(
                f"A scored 1 for leading the king although he lost the trick; B scored 1 for "
                f"winning it as second player and 1 for leading the next: A {run.total('A')}, "
                f"B {run.total('B')}.",
                f"A zählte 1 für das Ausspielen des Königs, obwohl er den Stich verlor; B zählte "
                f"1 für den Stich als Zweiter und 1 für das nächste Ausspielen: A "
                f"{run.total('A')}, B {run.total('B')}.",
            ),
        ),
        facts={"A": run.total("A"), "B": run.total("B")},
    )


def build_last_trick() -> Shown:
    run = cavendish(30)
    before = run.total("A")
    events = run.play("JS", "10S")
    shown = [e for e in events if e.category in ("lead", "last_trick") or e.kind == "play"]
    return Shown(
        rows=(
            row(Text("The last two cards", "Die letzten zwei Karten"), [_card("JS"), _card("10S")]),
        ),
        lines=(
            *lines_of(shown, kinds=("play", "score"), totals=True),
            Text(
                f"From {before}, A's last lead and last trick bring him to "
                f"{before + run.scored('A', 'last_trick') + 1} before the cards are counted.",
                f"Von {before} bringen ihn das letzte Ausspielen und der letzte Stich auf "
                f"{before + run.scored('A', 'last_trick') + 1}, bevor die Karten gezählt werden.",
            ),
        ),
        facts={"last_trick": run.scored("A", "last_trick"), "before": before},
    )


def build_the_cards() -> Shown:
    run = cavendish()
    a, b = run.state.tricks_won("A"), run.state.tricks_won("B")
    last = [e for e in run.events[-6:] if e.category in ("cards", "last_trick") or e.kind == "info"]
    return Shown(
        rows=(),
        lines=(
            Text(f"Tricks: A {a}, B {b}.", f"Stiche: A {a}, B {b}."),
            *lines_of(last, kinds=("score", "info"), totals=True),
            final_line(run),
        ),
        facts={
            "a_tricks": a,
            "b_tricks": b,
            "cards": run.scored("A", "cards"),
            "A": run.total("A"),
            "B": run.total("B"),
        },
    )


DIVIDED_SEED = 1
"""Found by :func:`find_divided` (a shuffled deal that ends six tricks each)."""


def find_divided(start: int = 0) -> int:
    seed = start
    while True:
        run = _seeded_played(seed)
        if run.state.tricks_won("A") == 6:
            return seed
        seed += 1


def _seeded_played(seed: int) -> Run:
    """A shuffled deal played by plain rules: each discards his lowest cards (elder five,
    younger all that are left), declares the best he holds and plays :func:`simple_card`."""
    state, events = new_deal(seed=seed, dealer="B")
    run = Run(state, list(events))
    hand = run.state.hand("A")
    run.do(Exchange.of("A", sorted(hand, key=lambda c: (int(c.rank), int(c.suit)))[:5]))
    run.do(Exchange.of("B", best_younger_discard(run.state)))
    run.declare_all()
    run.play_out()
    return run


def build_divided() -> Shown:
    run = _seeded_played(DIVIDED_SEED)
    a, b = run.state.tricks_won("A"), run.state.tricks_won("B")
    info = [e for e in run.events if e.rule == "piquet#the-cards"]
    return Shown(
        rows=(),
        lines=(
            Text(f"Tricks: A {a}, B {b}.", f"Stiche: A {a}, B {b}."),
            *lines_of(info, kinds=("score", "info")),
            Text(
                f"Nobody scores for the cards: A {run.scored('A', 'cards')}, B "
                f"{run.scored('B', 'cards')}.",
                f"Keiner zählt für die Karten: A {run.scored('A', 'cards')}, B "
                f"{run.scored('B', 'cards')}.",
            ),
        ),
        facts={
            "a_tricks": a,
            "b_tricks": b,
            "a_cards": run.scored("A", "cards"),
            "b_cards": run.scored("B", "cards"),
        },
    )


CAPOT_ELDER = "AS KS QS JS 10S AH KH QH AC KC AD KD"
CAPOT_YOUNGER = "9S 8S JH 10H QC JC 10C 9C 8C 7C QD JD"


def build_capot() -> Shown:
    run = after_exchange(CAPOT_ELDER, CAPOT_YOUNGER)
    run.declare_all()
    played = run.play_out()
    bd = run.state.score_breakdown()
    end = [e for e in played if e.category in ("capot", "last_trick")]
    leads = bd["A"]["lead"]
    a = bd["A"]
    if a["set"] + a["lead"] + a["last_trick"] + a["capot"] != run.total("A"):
        raise ValueError(f"the capot example's sum for A leaves out a part: {a}")
    return Shown(
        rows=hands_rows(after_exchange(CAPOT_ELDER, CAPOT_YOUNGER)),
        lines=(
            Text(
                f"A leads from the top of every suit and wins all {run.state.tricks_won('A')} "
                f"tricks: {leads} for his leads, then:",
                f"A spielt in jeder Farbe von oben aus und macht alle "
                f"{run.state.tricks_won('A')} Stiche: {leads} für sein Ausspielen, dann:",
            ),
            *lines_of(end, kinds=("score",)),
            Text(
                f"Capot scores {bd['A']['capot']} instead of the {POINTS_CARDS} for the cards: "
                f"A {run.total('A')}, B {run.total('B')}. B's {run.total('B')} are his point "
                f"({bd['B']['point']}) and his sixième ({bd['B']['sequence']}); A's four aces and "
                f"four kings gave him {bd['A']['set']}.",
                f"Capot zählt {bd['A']['capot']} statt der {POINTS_CARDS} für die Karten: A "
                f"{run.total('A')}, B {run.total('B')}. Die {run.total('B')} von B sind sein "
                f"Point ({bd['B']['point']}) und seine Sixième ({bd['B']['sequence']}); die vier "
                f"Asse und vier Könige von A brachten {bd['A']['set']}.",
            ),
            Text(
                f"A: {a['set']} (four aces, four kings) + {a['lead']} (leads) + "
                f"{a['last_trick']} (last trick) + {a['capot']} (capot) = {run.total('A')}.",
                f"A: {a['set']} (vier Asse, vier Könige) + {a['lead']} (Ausspielen) + "
                f"{a['last_trick']} (letzter Stich) + {a['capot']} (Capot) = {run.total('A')}.",
            ),
        ),
        facts={
            "a_tricks": run.state.tricks_won("A"),
            "capot": bd["A"]["capot"],
            "cards": bd["A"]["cards"],
            "leads": leads,
            "A": run.total("A"),
            "B": run.total("B"),
            "b_point": bd["B"]["point"],
            "b_sequence": bd["B"]["sequence"],
            "a_set": bd["A"]["set"],
        },
    )


# --------------------------------------------------------------------------------------------
# The order of reckoning, pique, repique
# --------------------------------------------------------------------------------------------


def _hand_totals(run: Run, seat: str) -> dict[str, int]:
    bd = run.state.score_breakdown()[seat]
    return {k: bd[k] for k in ("carte_blanche", "point", "sequence", "set")}


RECKON_ELDER = "KH QH JH 10H 9H QS JS 10S 10C 10D 8D 7D"
RECKON_YOUNGER = "AC KC QC JC 9C 7C AS KS AD KD 8H 7H"


def build_reckoning() -> Shown:
    """The source's case: a quint (good), a tierce and a quatorze (good), 32 in hand, but the
    point not good: no repique."""
    run = after_exchange(RECKON_ELDER, RECKON_YOUNGER)
    rows = hands_rows(run)
    events = run.declare_all()
    events += run.play(_first_lead(run))
    events += run.play(_first_lead(run))
    a = _hand_totals(run, "A")
    b = _hand_totals(run, "B")
    in_hand = sum(a.values())
    return Shown(
        rows=rows,
        lines=(
            *lines_of(events, kinds=("say", "score", "info")),
            Text(
                f"In the order of reckoning: point, B {b['point']}; sequences, A "
                f"{a['sequence']}; sets, A {a['set']}. A has {in_hand} in hand, but B reckoned "
                "first.",
                f"In der Reihenfolge der Zählung: Point, B {b['point']}; Sequenzen, A "
                f"{a['sequence']}; Quatorze und Trios, A {a['set']}. A hat {in_hand} aus der "
                "Hand, aber B hat zuerst gezählt.",
            ),
        ),
        facts={
            "a_hand": in_hand,
            "b_point": b["point"],
            "a_sequence": a["sequence"],
            "a_set": a["set"],
            "repique": run.scored("A", "repique"),
        },
    )


PIQUE_ELDER = "AH KH QH JH 10H 9H QS JS 10S JC AD 7C"
PIQUE_YOUNGER = "KD QD JD 10D 9D 8D 8H 7H AC 10C 9C 8C"


def build_pique() -> Shown:
    run = after_exchange(PIQUE_ELDER, PIQUE_YOUNGER)
    declared = run.declare_all()
    hand = sum(_hand_totals(run, "A").values())
    played: list[Event] = []
    while not run.scored("A", "pique") and run.state.phase is Phase.PLAY:
        played += run.play(_first_lead(run))
    shown = [e for e in played if e.kind != "info"]
    return Shown(
        rows=hands_rows(after_exchange(PIQUE_ELDER, PIQUE_YOUNGER)),
        lines=(
            *lines_of(declared, kinds=("say", "score")),
            Text(
                f"A has {hand} in hand: not enough for a repique, and B has reckoned nothing.",
                f"A hat {hand} aus der Hand: zu wenig für ein Repique, und B hat nichts gezählt.",
            ),
            *lines_of(shown, kinds=("play", "score")),
            Text(
                f"A {run.total('A')}, B {run.total('B')}, in the middle of the second trick.",
                f"A {run.total('A')}, B {run.total('B')}, mitten im zweiten Stich.",
            ),
        ),
        facts={
            "a_hand": hand,
            "pique": run.scored("A", "pique"),
            "A": run.total("A"),
            "B": run.total("B"),
        },
    )


REPIQUE_ELDER = "AH KH QH JH 10H 9H 8H AS AC AD KS 7S"
REPIQUE_YOUNGER = "KC QC JC 10C 9C 8C KD QD JD 10D QS JS"


def build_repique() -> Shown:
    run = after_exchange(REPIQUE_ELDER, REPIQUE_YOUNGER)
    events = run.declare_all()
    a = _hand_totals(run, "A")
    return Shown(
        rows=hands_rows(run),
        lines=(
            *lines_of(events, kinds=("say", "score")),
            Text(
                f"Point {a['point']}, sequences {a['sequence']}, sets {a['set']}: "
                f"{sum(a.values())} in hand before B reckons anything, so A adds "
                f"{run.scored('A', 'repique')} for the repique: {run.total('A')}.",
                f"Point {a['point']}, Sequenzen {a['sequence']}, Quatorze und Trios "
                f"{a['set']}: {sum(a.values())} aus der Hand, bevor B etwas zählt; also "
                f"zählt A {run.scored('A', 'repique')} für das Repique dazu: {run.total('A')}.",
            ),
        ),
        facts={
            "a_hand": sum(a.values()),
            "repique": run.scored("A", "repique"),
            "A": run.total("A"),
        },
    )


EQUAL_ELDER = "KH QH JH 10H 9H QS JS 10S 10C 10D 8D 7D"
EQUAL_YOUNGER = "AC KC QC JC 8C AS KS 9S 8S 7S KD 8H"


def build_equal_no_save() -> Shown:
    """An equal point scores nobody anything, so it does not save B from a repique."""
    run = after_exchange(EQUAL_ELDER, EQUAL_YOUNGER)
    events = run.declare_all()
    a = _hand_totals(run, "A")
    return Shown(
        rows=hands_rows(run),
        lines=(
            *lines_of(events, kinds=("say", "score", "info")),
            Text(
                f"The equal point scores nobody anything; A's {sum(a.values())} in hand come "
                f"before anything B reckons: repique, {run.scored('A', 'repique')}.",
                f"Der gleiche Point zählt für keinen; die {sum(a.values())} von A aus der Hand "
                f"kommen vor allem, was B zählt: Repique, {run.scored('A', 'repique')}.",
            ),
        ),
        facts={
            "a_hand": sum(a.values()),
            "repique": run.scored("A", "repique"),
            "a_point": a["point"],
            "b_point": run.scored("B", "point"),
        },
    )


SAVE_ELDER = "AS KS QS JS 10S AH KH QH JH AC KC QC"
SAVE_YOUNGER = "AD 10D 9D 8D 7D 9S 8S 7S 10H 9H 8H 7H"


def build_cb_saves() -> Shown:
    """Younger's carte blanche reckons first: it saves him from a repique (and a pique)."""
    run = after_exchange(SAVE_ELDER, SAVE_YOUNGER, younger_in="AD")
    rows = hands_rows(run)
    events = list(run.events)
    events = [e for e in events if e.rule in ("piquet#carte-blanche",)]
    declared = run.declare_all()
    declared += run.play(_first_lead(run))
    a = _hand_totals(run, "A")
    return Shown(
        rows=rows,
        lines=(
            *lines_of(events, kinds=("say", "score")),
            *lines_of(declared, kinds=("say", "score", "info")),
            Text(
                f"B's carte blanche ({run.scored('B', 'carte_blanche')}) was reckoned first of "
                f"all: A's {sum(a.values())} in hand make no repique, and his lead no pique.",
                f"Die Carte blanche von B ({run.scored('B', 'carte_blanche')}) wurde vor allem "
                f"anderen gezählt: die {sum(a.values())} von A aus der Hand ergeben kein "
                "Repique und sein Ausspielen kein Pique.",
            ),
        ),
        facts={
            "a_hand": sum(a.values()),
            "b_cb": run.scored("B", "carte_blanche"),
            "repique": run.scored("A", "repique"),
            "pique": run.scored("A", "pique"),
        },
    )


# --------------------------------------------------------------------------------------------
# The partie and the rubicon
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PartiePlayed:
    deals: tuple[tuple[int, int], ...]
    """Each deal's scores (A, B)."""
    settlement: Event | None
    """The engine's settlement event (``None`` if drawn)."""
    events: tuple[Event, ...]
    """Every info and settlement event of the partie's ends (ties, extra deals)."""


@functools.cache
def play_partie(seed: int) -> PartiePlayed:
    """A whole partie from ``seed`` (A deals first), played by the plain rules of
    :func:`_seeded_played`."""
    state, events = new_partie(seed=seed, first_dealer="A")
    return _played(Run(state, list(events)))


TIE_SEEDS = (1, 2, 3, 4)
"""The shuffles of the tied partie: each is dealt twice, once by each player."""


@functools.cache
def play_tied_partie() -> PartiePlayed:
    """A partie whose deals come in mirrored pairs: the second of each pair gives each player
    the cards the other held, and the same stock. Played by the same plain rules, each pair
    scores the same for both, so the partie is tied after six deals and after eight."""
    deals = []
    for seed in TIE_SEEDS:
        elder, younger, stock = deal_from_seed(seed)
        codes = [" ".join(c.code for c in cs) for cs in (elder, younger, stock)]
        # odd deals: A deals, B is elder; even deals: B deals, A is elder
        deals.append({"hands": {"A": codes[1], "B": codes[0]}, "stock": codes[2]})
        deals.append({"hands": {"A": codes[0], "B": codes[1]}, "stock": codes[2]})
    state, events = new_partie(first_dealer="A", deals=deals)
    return _played(Run(state, list(events)))


def _played(run: Run) -> PartiePlayed:
    while not run.state.is_over:
        if run.state.phase is Phase.DEAL_OVER:
            seat = run.state.seat_to_act
            assert seat is not None
            run.do(NextDeal(seat))
            continue
        elder = run.state.seats[run.state.elder]
        hand = run.state.hand(elder)
        run.do(Exchange.of(elder, sorted(hand, key=lambda c: (int(c.rank), int(c.suit)))[:5]))
        younger = run.state.seats[run.state.younger]
        run.do(Exchange.of(younger, best_younger_discard(run.state)))
        run.declare_all()
        run.play_out()
    outcome = run.state.outcome()
    deals = tuple((d["A"], d["B"]) for d in outcome.deals)
    settle = [e for e in run.events if e.category == "partie"]
    ends = tuple(
        e
        for e in run.events
        if e.rule in ("piquet#partie", "piquet#rubicon")
        and e.kind in ("info", "score")
        and (e.kind == "score" or "tied" in e.msg.key or "drawn" in e.msg.key)
    )
    return PartiePlayed(deals, settle[0] if settle else None, ends)


PARTIE_SEED = 0
RUBICON_SEED = 5


def find_partie(rubiconed: bool, start: int = 0) -> int:
    seed = start
    while True:
        p = play_partie(seed)
        if p.settlement is not None and len(p.deals) == PARTIE_DEALS:
            low = min(sum(d[0] for d in p.deals), sum(d[1] for d in p.deals))
            if (low < RUBICON) == rubiconed:
                return seed
        seed += 1


def _partie_shown(p: PartiePlayed) -> Shown:
    a = sum(d[0] for d in p.deals)
    b = sum(d[1] for d in p.deals)
    hi, lo = max(a, b), min(a, b)
    gain, rubiconed = rubicon_settlement(hi, lo)
    winner = "A" if a > b else "B"
    assert p.settlement is not None
    lines = [
        *(
            Text(f"Deal {i}: A {x}, B {y}.", f"Spiel {i}: A {x}, B {y}.")
            for i, (x, y) in enumerate(p.deals, start=1)
        ),
        Text(
            f"Totals after {len(p.deals)} deals: A {a}, B {b}.",
            f"Summe nach {len(p.deals)} Spielen: A {a}, B {b}.",
        ),
    ]
    if rubiconed:
        lines.append(
            Text(
                f"{winner} wins; the loser has {lo}, less than {RUBICON}: {hi} + {lo} + "
                f"{PARTIE_BONUS} = {gain}.",
                f"{winner} gewinnt; der Verlierer hat {lo}, weniger als {RUBICON}: {hi} + {lo} "
                f"+ {PARTIE_BONUS} = {gain}.",
            )
        )
    else:
        lines.append(
            Text(
                f"{winner} wins; the loser has {lo}, at least {RUBICON}: {hi} − {lo} + "
                f"{PARTIE_BONUS} = {gain}.",
                f"{winner} gewinnt; der Verlierer hat {lo}, mindestens {RUBICON}: {hi} − {lo} "
                f"+ {PARTIE_BONUS} = {gain}.",
            )
        )
    lines.append(told(p.settlement))
    return Shown(
        rows=(),
        lines=tuple(lines),
        facts={
            "A": a,
            "B": b,
            "gain": gain,
            "engine_gain": p.settlement.points,
            "rubiconed": int(rubiconed),
            "deals": len(p.deals),
        },
    )


def build_partie() -> Shown:
    return _partie_shown(play_partie(PARTIE_SEED))


def build_rubicon() -> Shown:
    return _partie_shown(play_partie(RUBICON_SEED))


# --------------------------------------------------------------------------------------------
# Strategy: the source's advice, judged by the engine
# --------------------------------------------------------------------------------------------


def signed(v: int) -> str:
    """A whole number with its sign, the minus a real minus sign: +8, −4, 0."""
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


def _solver_lines(run: Run) -> tuple[dict[Card, int], list[Text]]:
    """Every legal card of the position with the solver's value (points made from here,
    mine minus the opponent's, both playing best), grouped by value."""
    from cardtutor.engine.solver.piquet import solve_piquet

    solution = solve_piquet(run.state)
    values = {a.card: v for a, v in solution.values().items()}
    groups: dict[int, list[Card]] = {}
    for card, v in values.items():
        groups.setdefault(v, []).append(card)
    lines = []
    for v in sorted(groups, reverse=True):
        en, de = both(high_first(groups[v]))
        lines.append(Text(f"{en[0].upper()}{en[1:]}: {signed(v)}", f"{de}: {signed(v)}"))
    return values, lines


def build_strategy_cards() -> Shown:
    """'A now has five tricks, and to win the cards should lead any card but a high spade.'"""
    run = cavendish(18)
    values, lines = _solver_lines(run)
    spade = _card("AS").suit
    high = {_card("AS"), _card("JS")}
    spades = [v for c, v in values.items() if c.suit == spade]
    others = [v for c, v in values.items() if c.suit != spade]
    small = [v for c, v in values.items() if c.suit == spade and c not in high]
    best_other, best_spade = max(others), max(spades)
    best_small = max(small)
    if best_small >= best_other:
        verdict = Text(
            f"The source is right: a high spade gives up the cards, any other card is worth "
            f"{signed(best_other)}.",
            f"Die Quelle hat recht: Ein hohes Pik verschenkt die Karten, jede andere Karte ist "
            f"{signed(best_other)} wert.",
        )
    else:
        verdict = Text(
            f"The source is only half right: a high spade gives up the cards, but so does a "
            f"small one ({signed(best_small)}). Only a card of another suit wins them: "
            f"{signed(best_other)}.",
            f"Die Quelle hat nur halb recht: Ein hohes Pik verschenkt die Karten, ein kleines "
            f"aber ebenso ({signed(best_small)}). Nur eine Karte einer anderen Farbe gewinnt "
            f"sie: {signed(best_other)}.",
        )
    return Shown(
        rows=hands_rows(run),
        lines=(
            Text(
                f"A has won {run.state.tricks_won('A')} tricks and is to lead. The value of "
                "each card with both hands open (what A makes from here minus what B makes, both playing best):",
                f"A hat {run.state.tricks_won('A')} Stiche und spielt aus. Der Wert jeder Karte "
                "nach der Analyse (was A von hier an macht, minus was B macht, beide spielen "
                "bestmöglich):",
            ),
            *lines,
            verdict,
        ),
        facts={
            "best_other": best_other,
            "best_spade": best_spade,
            "best_small_spade": best_small,
            "tricks": run.state.tricks_won("A"),
        },
    )


def build_strategy_guards() -> Shown:
    """B runs his clubs; A, out of clubs, must keep his ace and jack of spades."""
    run = cavendish(25)
    values, lines = _solver_lines(run)
    keep = values[_card("8S")]
    ace = values[_card("AS")]
    return Shown(
        rows=hands_rows(run),
        lines=(
            Text(
                "B leads his third club; A has no club left and must throw a spade. Values "
                "(A's points from here minus B's):",
                "B spielt sein drittes Kreuz aus; A hat kein Kreuz mehr und muss ein Pik "
                "abwerfen. Werte (die Punkte von A von hier an minus die von B):",
            ),
            *lines,
            Text(
                f"Throwing a small spade keeps the ace and jack over B's queen and ten: "
                f"{signed(keep)}. Throwing the ace costs {keep - ace} points.",
                f"Wirft er ein kleines Pik ab, stehen As und Bube über Dame und Zehn von B: "
                f"{signed(keep)}. Das As abzuwerfen kostet {keep - ace} Punkte.",
            ),
        ),
        facts={"keep": keep, "ace": ace, "cost": keep - ace},
    )


def build_strategy_discard() -> Shown:
    """Cavendish's discard, valued by the exchange drill (the declarations, and the play
    estimated from the hand after the draw)."""
    from cardtutor.engine.drills.base import Level
    from cardtutor.engine.drills.piquet_exchange import (
        PLAY_WEIGHT,
        ExchangeDrill,
        analyse,
        spot_of,
    )

    spot = spot_of(ExchangeDrill().item("example", Level.MEDIUM))
    analysis = analyse(spot)
    e_dealt = cavendish_dealt()[0]
    cav = [c for c in e_dealt if c not in cavendish(1).state.hand("A")]
    mine = analysis.value(_mask(cav))
    best = analysis.best
    best_cards = cards_from_mask(best.discard)

    def fmt(x: float, german: bool) -> str:
        text = f"{x:+.1f}".replace("-", "−")
        return text.replace(".", ",") if german else text

    cav_en, cav_de = both(high_first(cav))
    kept_en, kept_de = both(high_first(c for c in cav if c not in best_cards))
    thrown_en, thrown_de = both(high_first(c for c in best_cards if c not in cav))
    best_en, best_de = both(high_first(best_cards))
    return Shown(
        rows=(
            row(Text("A as dealt", "A, wie gegeben"), e_dealt),
            row(Text("Cavendish's discard", "Die Ablage bei Cavendish"), cav),
            row(Text("The drill's best discard", "Die beste Ablage der Übung"), best_cards),
        ),
        lines=(
            Text(
                f"Cavendish's discard ({cav_en}) is worth {fmt(mine.total, False)} points on "
                "average: the declarations (A's minus B's, over "
                f"{analysis.samples} deals of the unseen cards) and the play's estimate.",
                f"Die Ablage bei Cavendish ({cav_de}) bringt im Durchschnitt {fmt(mine.total, True)} "
                f"Punkte: die Ansagen (die von A minus die von B, über {analysis.samples} "
                "Verteilungen der ungesehenen Karten) und die Schätzung des Stichspiels.",
            ),
            Text(
                f"The best discard found ({best_en}) is worth {fmt(best.total, False)}. It "
                f"differs by keeping the {kept_en} and throwing the {thrown_en}: "
                f"{fmt(best.parts[2] - mine.parts[2], False)} for quatorzes and trios, "
                f"{fmt(best.parts[0] - mine.parts[0], False)} for the point, "
                f"{fmt(best.parts[1] - mine.parts[1], False)} for sequences, "
                f"{fmt(best.parts[3] - mine.parts[3], False)} for carte blanche, pique and "
                f"repique, {fmt(best.parts[4] - mine.parts[4], False)} for the play.",
                f"Die beste gefundene Ablage ({best_de}) bringt {fmt(best.total, True)}. Der "
                f"Unterschied: {kept_de} behalten, {thrown_de} abgelegt: "
                f"{fmt(best.parts[2] - mine.parts[2], True)} bei Quatorze und Trios, "
                f"{fmt(best.parts[0] - mine.parts[0], True)} beim Point, "
                f"{fmt(best.parts[1] - mine.parts[1], True)} bei den Sequenzen, "
                f"{fmt(best.parts[3] - mine.parts[3], True)} bei Carte blanche, Pique und "
                f"Repique, {fmt(best.parts[4] - mine.parts[4], True)} beim Stichspiel.",
            ),
            Text(
                "The drill counts the declarations in full but estimates the play only "
                f"roughly ({PLAY_WEIGHT} points for each trick the hand after the draw is "
                "likely to take), so a discard that keeps the king of spades beside its ace comes out "
                "ahead; Cavendish keeps four hearts for the point instead. Both discards keep "
                "the ace and queen of hearts and the three jacks, as the source's A does.",
                "Die Übung zählt die Ansagen genau, schätzt das Stichspiel aber nur grob "
                f"({PLAY_WEIGHT} Punkte für jeden Stich, den die Hand nach dem Kaufen "
                "wahrscheinlich macht); so liegt eine Ablage vorn, die den Pik-König neben dem "
                "As behält, während Cavendish vier Herzkarten für den Point behält. Beide Ablagen "
                "behalten Herz-As, Herz-Dame und die drei Buben, wie A in der Quelle.",
            ),
        ),
        facts={
            "cavendish_tenths": round(mine.total * 10),
            "best_keeps_king_of_spades": Card.parse("KS") not in best_cards,
            "cavendish_hearts_kept": sum(
                1 for c in e_dealt if c not in cav and c.suit.name == "HEARTS"
            ),
            "best_tenths": round(best.total * 10),
            "samples": analysis.samples,
        },
    )


def build_one_per_deal() -> Shown:
    """After a repique, elder's lead brings no pique as well."""
    run = after_exchange(REPIQUE_ELDER, REPIQUE_YOUNGER)
    declared = run.declare_all()
    played = run.play(_first_lead(run))
    repique = [e for e in declared if e.category == "repique"]
    return Shown(
        rows=(row(ELDER, after_exchange(REPIQUE_ELDER, REPIQUE_YOUNGER).state.hand("A")),),
        lines=(
            *lines_of(repique, kinds=("score",)),
            *lines_of(played, kinds=("play", "score")),
            Text(
                f"A is far past {PIQUE_AT} in hand and play before B has reckoned anything, "
                f"but a player makes at most one of the two in a deal: A's {run.total('A')} "
                "include no pique.",
                f"A ist aus Hand und Spiel weit über {PIQUE_AT}, bevor B etwas gezählt hat, "
                f"aber niemand macht beides im selben Spiel: in den {run.total('A')} von A "
                "steckt kein Pique.",
            ),
        ),
        facts={
            "repique": run.scored("A", "repique"),
            "pique": run.scored("A", "pique"),
            "A": run.total("A"),
        },
    )


def build_tie() -> Shown:
    p = play_tied_partie()
    lines = [
        Text(f"Deal {i}: A {x}, B {y}.", f"Spiel {i}: A {x}, B {y}.")
        for i, (x, y) in enumerate(p.deals, start=1)
    ]
    lines.insert(PARTIE_DEALS, told(p.events[0]))
    lines.extend(told(e) for e in p.events[1:])
    a = sum(d[0] for d in p.deals)
    b = sum(d[1] for d in p.deals)
    six_a = sum(d[0] for d in p.deals[:PARTIE_DEALS])
    return Shown(
        rows=(),
        lines=(
            Text(
                "Each shuffle is dealt twice, once by each player, so that both hold the same "
                "cards in turn and, playing alike, score alike:",
                "Jede Mischung wird zweimal gegeben, einmal von jedem Spieler; so halten beide "
                "nacheinander dieselben Karten und zählen, gleich gespielt, gleich viel:",
            ),
            *lines,
        ),
        facts={
            "deals": len(p.deals),
            "A": a,
            "B": b,
            "six": six_a,
            "settled": int(p.settlement is not None),
        },
    )


def build_running_score() -> Shown:
    """The totals each player says as the source's deal goes on, and what is written down."""
    run = cavendish()
    scores = [e for e in run.events if e.is_score and e.seat in ("A", "B")]
    lines = []
    for e in scores[:8]:
        total = e.totals.get(e.seat or "", 0)
        lines.append(
            Text(
                f"{e.msg.render('en')} {e.seat} says: “{total}.”",
                f"{e.msg.render('de')} {e.seat} sagt: „{total}.“",
            )
        )
    last = scores[-1].totals
    lines.append(
        Text(
            f"… and so on to the end of the deal. Written down: A {last['A']}, B {last['B']}.",
            f"… und so fort bis zum Ende des Spiels. Aufgeschrieben wird: A {last['A']}, "
            f"B {last['B']}.",
        )
    )
    return Shown(rows=(), lines=tuple(lines), facts={"A": last["A"], "B": last["B"]})
