"""Hand-built tests of the Besik engine: every rule of RULES.md sections 3 and 4."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterable, Sequence

import pytest

from cardtutor.engine.besik import (
    ENGINE,
    RULE_ANCHORS,
    BesikView,
    DeclareSeven,
    Draw,
    Exchange,
    Meld,
    NewDeal,
    Phase,
    Play,
    State,
    apply,
    format_action,
    make_record,
    parse_action,
    parse_action_text,
    ruleset_by_name,
    start_deal,
    visible_events,
)
from cardtutor.engine.cards import ALL_CARDS, PhysicalCard
from cardtutor.engine.errors import IllegalActionError, NotationError, RecordError
from cardtutor.engine.events import Event
from cardtutor.engine.record import GameRecord, replay
from cardtutor.engine.text import MESSAGES, Msg

# --- helpers -------------------------------------------------------------------------


def pcs(text: str) -> list[PhysicalCard]:
    return [PhysicalCard.parse(c) for c in text.split()]


def deal(
    hands: dict[str, str],
    up: str,
    top: str = "",
    *,
    ruleset: str = "seed",
    dealer: str | None = None,
    partnerships: bool = False,
    scores: dict[str, int] | None = None,
    play_to: str = "deal",
) -> tuple[State, Sequence[Event]]:
    """A deal with the given hands, face-up card and talon top; the rest of the talon
    follows in pack and index order."""
    rules = ruleset_by_name(ruleset)
    packs = rules.packs(len(hands))
    fixed = {c for h in hands.values() for c in pcs(h)} | set(pcs(up)) | set(pcs(top))
    rest = [
        PhysicalCard(c, k)
        for k in range(packs)
        for c in ALL_CARDS
        if PhysicalCard(c, k) not in fixed
    ]
    return start_deal(
        ruleset=ruleset,
        seats=tuple(hands),
        dealer=dealer,
        partnerships=partnerships,
        hands={s: pcs(h) for s, h in hands.items()},
        up_card=up,
        talon=pcs(top) + rest,
        scores=scores,
        play_to=play_to,
    )


def run(state: State, *actions: str) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for text in actions:
        action = parse_action_text(text, state.seat_to_act)
        assert action in state.legal_actions, (text, state.legal_actions.why_illegal(action))
        state, evs = apply(state, action)
        events += evs
    return state, events


def refused(state: State, text: str) -> Msg:
    action = parse_action_text(text, state.seat_to_act or state.seats[0])
    assert action not in state.legal_actions
    assert action not in list(state.legal_actions)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    return info.value.msg


def scores_of(events: Iterable[Event]) -> list[tuple[str | None, str, int]]:
    return [(e.seat, e.category, e.points) for e in events if e.is_score]


A_LOW = "7C#1 7D#1 7S#1 8D#1 8S#1 9D#1 9S#1 9C#1"
PAD = "7C#2 8C#2 9C#2 7D#2 8D#2 9D#2 7S#2 8S#2 9S#2".split()


def b_wins(
    b: str, *, up: str = "8H#1", top: str = "", ruleset: str = "seed", a: str = A_LOW
) -> State:
    """B holds 8C#1 and the given cards (padded to eight); A leads 7C#1 and B wins
    with 8C#1: B is then the trick winner, before his draw."""
    cards = ["8C#1", *b.split()]
    taken = set(cards) | set(a.split()) | {up} | set(top.split())
    cards += [c for c in PAD if c not in taken][: 8 - len(cards)]
    state, _ = deal({"A": a, "B": " ".join(cards)}, up, top, ruleset=ruleset)
    state, _ = run(state, "play 7C#1", "play 8C#1")
    assert state.phase is Phase.DRAW and state.seat_to_act == "B"
    return state


def endgame(
    hands: dict[str, str], *, up: str = "8H#1", ruleset: str = "seed", leader: str = "A"
) -> State:
    """A position in the last eight tricks with the given hands (talon empty)."""
    seats = tuple(hands)
    state, _ = start_deal(seed=1, seats=seats, ruleset=ruleset)
    masks = []
    for s in seats:
        m = 0
        for c in pcs(hands[s]):
            m |= 1 << c.uid
        masks.append(m)
    trump = PhysicalCard.parse(up).suit
    table = state.table._replace(trump=int(trump))
    return state._replace(
        table=table,
        hands=tuple(masks),
        talon_pos=len(table.talon),
        up_card=-1,
        turn=seats.index(leader),
        trick_no=24,
    )


def random_deal(seed: int, players: int = 2, **kw: object) -> tuple[State, list[State]]:
    rng = random.Random(seed)
    state, _ = start_deal(seed=seed, seats="ABCD"[:players], **kw)  # type: ignore[arg-type]
    states = [state]
    while state.phase not in (Phase.OVER, Phase.DEAL):
        decl = state.legal_actions.declarations() if state.window else []
        action = rng.choice(decl) if decl else rng.choice(list(state.legal_actions))
        state, _ = apply(state, action)
        states.append(state)
    return state, states


# --- dealing -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "ruleset", "partnerships", "cards", "up_index"),
    [
        (2, "seed", False, 64, 16),
        (3, "seed", False, 96, 24),
        (4, "seed", False, 96, 32),
        (4, "seed", True, 96, 32),
        (3, "standard", False, 96, 24),
        (4, "standard", False, 128, 32),
    ],
)
def test_deal_layout(
    players: int, ruleset: str, partnerships: bool, cards: int, up_index: int
) -> None:
    seats = "ABCD"[:players]
    state, events = start_deal(seed=99, seats=seats, ruleset=ruleset, partnerships=partnerships)
    assert state.dealer == seats[-1] and state.seat_to_act == "A"
    assert all(len(state.hand(s)) == 8 for s in seats)
    assert state.talon_count == cards - 8 * players
    # the (up_index + 1)th card of the shuffled packs is turned up, after dealing 3-2-3
    order = list(range(cards))
    random.Random(99).shuffle(order)
    assert state.up is not None and state.up.uid == order[up_index]
    assert {c.uid for c in state.hand("A")} == set(
        order[0:3] + order[3 * players : 3 * players + 2] + order[5 * players : 5 * players + 3]
    )
    assert state.trumps == state.up.suit
    assert events[0].msg.key == "besik.deal" and events[0].rule == "besik#deal"
    every = [c.uid for s in seats for c in state.hand(s)] + [state.up.uid]
    every += [c.uid for c in state.talon_order]
    assert sorted(every) == list(range(cards))
    if partnerships:
        assert state.parties == ("A+C", "B+D") and state.party_of("C") == "A+C"


def test_bad_deals_are_refused() -> None:
    with pytest.raises(NotationError):
        deal({"A": A_LOW, "B": A_LOW}, "8H#1")
    with pytest.raises(NotationError, match="must hold 8 cards"):
        start_deal(hands={"A": pcs("AS"), "B": pcs(A_LOW)}, up_card="8H", talon=[])
    with pytest.raises(NotationError, match="partnerships need four"):
        start_deal(seed=1, seats="ABC", partnerships=True)
    with pytest.raises(NotationError, match="not in the 2 packs"):
        deal(
            {
                "A": "AS#3 " + " ".join(A_LOW.split()[1:]),
                "B": "AS#1 AS#2 KS#1 KS#2 QS#1 QS#2 JS#1 JS#2",
            },
            "8H#1",
        )


def test_turned_up_seven_scores_for_the_dealer() -> None:
    state, events = deal({"A": A_LOW, "B": "8C#1 AC#1 10C#1 KC#1 QC#1 JC#1 7H#2 AS#1"}, "7H#1")
    assert scores_of(events) == [("B", "seven_turned_up", 10)]
    assert events[-1].rule == "besik#seven-turned-up" and events[-1].totals == {"A": 0, "B": 10}
    assert state.score_breakdown() == {"A": {}, "B": {"seven_turned_up": 10}}
    state, _ = run(state, "play 7C#1", "play 8C#1")
    assert refused(state, "exchange 7H#2").key == "besik.err.up_is_seven"
    # the other seven can still be declared
    state, events = run(state, "seven 7H#2")
    assert scores_of(events) == [("B", "trump_seven", 10)]


# --- tricks --------------------------------------------------------------------------


def trick(a_card: str, b_card: str, up: str = "8H#1") -> tuple[State, list[Event]]:
    a = [a_card] + [c for c in A_LOW.split() if c != a_card][:7]
    b = [b_card] + [c for c in PAD if c != a_card and c != b_card][:7]
    state, _ = deal({"A": " ".join(a), "B": " ".join(b)}, up)
    return run(state, f"play {a_card}", f"play {b_card}")


@pytest.mark.parametrize(
    ("a_card", "b_card", "winner"),
    [
        ("KD#2", "10D#1", "B"),  # the ten beats the king
        ("AD#1", "10D#1", "A"),
        ("JD#1", "QD#1", "B"),
        ("AC#1", "7H#1", "B"),  # a trump beats a non-trump
        ("7C#1", "AS#1", "A"),  # a discard never wins
        ("10H#1", "AH#1", "B"),  # higher trump
    ],
)
def test_trick_winner(a_card: str, b_card: str, winner: str) -> None:
    state, events = trick(a_card, b_card)
    assert state.seat_to_act == winner and state.phase is Phase.DRAW
    assert state.tricks_won == ((1, 0) if winner == "A" else (0, 1))
    # the card is named again only when it is not the one just played (the leader's)
    assert events[-1].msg.key == ("besik.trick.last" if winner == "B" else "besik.trick")
    if winner == "B":
        assert events[-1].msg.render("en") == "B wins the trick."
        assert events[-1].msg.render("de") == "B macht den Stich."
    else:
        assert a_card in {c.code for c in events[-1].cards}  # the lead won: named


def test_identical_cards_first_played_wins() -> None:
    state, events = trick("AD#2", "AD#1")
    assert state.seat_to_act == "A"
    assert events[-1].msg.key == "besik.trick.identical"
    assert "first played wins" in events[-1].msg.render("en")
    assert "zuerst gespielte" in events[-1].msg.render("de")


def test_no_duty_to_follow_while_the_talon_lasts() -> None:
    state, _ = deal({"A": A_LOW, "B": "8C#1 AC#1 10C#1 KC#1 QC#1 JC#1 7H#2 AS#1"}, "8H#1")
    state, _ = run(state, "play 7C#1")
    # B holds clubs but may throw a spade or trump
    assert Play("B", PhysicalCard.parse("AS#1")) in state.legal_actions
    assert Play("B", PhysicalCard.parse("7H#2")) in state.legal_actions
    assert len(state.legal_actions.plays()) == 8


def test_draws_winner_first_and_draw_before_lead() -> None:
    state = b_wins("AS#1", top="JD#2 7H#2")
    assert refused(state, "play AS#1").key == "besik.err.draw_first"
    state, events = run(state, "draw")
    assert [(e.seat, e.cards[0].code) for e in events if e.kind == "play"] == [
        ("B", "JD#2"),
        ("A", "7H#2"),
    ]
    assert state.phase is Phase.PLAY and state.seat_to_act == "B" and state.talon_count == 46
    assert refused(state, "draw").key == "besik.err.no_draw"
    hidden = visible_events(events, "A")
    assert hidden[0].msg.key == "besik.draw.hidden" and not hidden[0].cards
    assert hidden[1].cards == (PhysicalCard.parse("7H#2"),)


def test_refusing_a_card_not_held() -> None:
    state, _ = deal({"A": A_LOW, "B": " ".join(PAD[:8])}, "8H#1")
    msg = refused(state, "play AS#2")
    assert msg.render("en") == "you do not hold the ace of spades"
    assert msg.render("de") == "du hast das Pik-As nicht auf der Hand"
    assert refused(state, "play AS#3").key == "besik.err.not_in_play"


# --- melds ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "points", "en", "de"),
    [
        (
            "KC#1 QC#1",
            "marriage",
            20,
            "B declares a marriage in clubs",
            "B meldet eine Kreuz-Heirat",
        ),
        ("KH#1 QH#1", "trump-marriage", 40, "trump marriage in hearts", "Trumpf-Heirat in Herz"),
        (
            "KC#1 KC#2 QC#1 QC#2",
            "double-marriage",
            40,
            "double marriage in clubs",
            "Doppel-Heirat in Kreuz",
        ),
        ("KH#1 KH#2 QH#1 QH#2", "double-marriage", 80, "two marriages at once", "Herz"),
        ("JC#1 JD#1 JH#1 JS#1", "four-jacks", 40, "four jacks", "vier Bauern"),
        ("QS#1 QS#2 QH#1 QC#1", "four-queens", 60, "four queens", "vier Damen"),
        ("KC#1 KD#1 KH#1 KS#2", "four-kings", 80, "four kings", "vier Könige"),
        ("AH#1 AH#2 AD#1 AS#1", "four-aces", 100, "four aces", "vier Asse"),
        ("QS#1 JD#1", "besik", 40, "Besik", "Besik"),
        ("QS#1 QS#2 JD#1 JD#2", "double-besik", 500, "double Besik", "Doppel-Besik"),
        (
            "AC#1 10C#1 KC#1 QC#1 JC#1",
            "quint-major",
            250,
            "Quint-Major in clubs",
            "Quint-Major in Kreuz",
        ),
    ],
)
def test_meld_values(cards: str, kind: str, points: int, en: str, de: str) -> None:
    state = b_wins(cards)
    meld = Meld.of("B", kind, pcs(cards))
    assert meld in state.legal_actions
    assert meld in state.legal_actions.melds()
    state, events = apply(state, meld)
    (event,) = events
    assert (event.seat, event.category, event.points) == ("B", "meld", points)
    assert event.rule == f"besik#{kind}" and event.totals == {"A": 0, "B": points}
    assert {c.code for c in event.cards} == set(cards.split())
    assert en in event.msg.render("en") and de in event.msg.render("de")
    assert state.score_breakdown() == {"A": {}, "B": {kind: points}}
    assert {c.code for c in state.declared_row("B")} == set(cards.split())
    assert {c.code for c in state.view("A").declared["B"]} == set(cards.split())
    assert state.melds[-1].kind == kind and state.melds[-1].points == points


def test_meld_only_by_the_trick_winner() -> None:
    state, _ = deal(
        {"A": "KC#1 QC#1 7D#1 7S#1 8D#1 8S#1 9D#1 9S#1", "B": " ".join(PAD[:8])}, "8H#1"
    )
    msg = refused(state, "meld marriage KC#1 QC#1")
    assert msg.render("en") == "only the player who has just won a trick may declare"
    assert msg.render("de") == "melden darf nur, wer soeben einen Stich gewonnen hat"
    assert refused(state, "seven 7H#1").key in ("besik.err.no_trick", "besik.err.not_held")


def test_one_meld_per_won_trick_but_sevens_do_not_count() -> None:
    state = b_wins("KC#1 QC#1 KD#1 QD#1 7H#1")
    state, _ = run(state, "meld marriage KC#1 QC#1")
    assert refused(state, "meld marriage KD#1 QD#1").key == "besik.err.once"
    state, events = run(state, "seven 7H#1")
    assert scores_of(events) == [("B", "trump_seven", 10)]
    assert refused(state, "seven 7H#1").render("en") == (
        "the seven of hearts has already been declared"
    )


def test_meld_before_or_after_the_draw_seed_only() -> None:
    state = b_wins("KC#1 QC#1")
    after, _ = run(state, "draw")
    assert Meld.of("B", "marriage", pcs("KC#1 QC#1")) in after.legal_actions
    std = b_wins("KC#1 QC#1", ruleset="standard")
    assert Meld.of("B", "marriage", pcs("KC#1 QC#1")) in std.legal_actions
    std, _ = run(std, "draw")
    msg = refused(std, "meld marriage KC#1 QC#1")
    assert msg.render("en") == "in standard Bezique you declare before drawing"


def test_meld_shape_and_notation_refusals() -> None:
    state = b_wins("KC#1 QD#1 KH#1 QH#1 QS#1 JD#1")
    msg = refused(state, "meld marriage KC#1 QD#1")
    assert msg.render("en") == (
        "these cards do not form the meld \u201cMarriage\u201d: king of clubs and queen of diamonds"
    )
    assert msg.render("de") == (
        "diese Karten bilden nicht die Meldung \u201eEinfache Heirat\u201c: Kreuz-König und Karo-Dame"
    )
    assert refused(state, "meld marriage KH#1 QH#1").key == "besik.err.shape"  # it is trumps
    assert refused(state, "meld besik QS#1 QS#1").key == "besik.err.duplicate"
    # A holds the other queen of spades (QS#1): said so
    assert refused(state, "meld besik QS#2 JD#1").key == "besik.err.other_copy"
    assert refused(state, "meld triple-besik QS#1 JD#1").key == "besik.err.triple_only"
    # the rule before the cards: three jacks of diamonds cannot be held with two packs
    triple = "meld triple-besik QS#1 QS#2 QS#3 JD#1 JD#2 JD#3"
    assert refused(state, triple).key == "besik.err.triple_only"
    assert refused(state, "meld five-kings KC#1").key == "besik.err.kind"


def test_repeat_needs_fresh_cards_but_other_kinds_may_reuse() -> None:
    state = b_wins("KC#1 KD#1 KH#1 KS#1 QC#1 AH#1 KD#2", top="10S#1 10D#1")
    state, _ = run(state, "meld four-kings KC#1 KD#1 KH#1 KS#1", "draw", "play AH#1", "play 7D#1")
    assert state.phase is Phase.DRAW and state.seat_to_act == "B"
    msg = refused(state, "meld four-kings KC#1 KD#1 KH#1 KS#1")
    assert msg.render("en") == "these four kings have already been declared"
    assert msg.render("de") == "diese vier Könige wurden schon gemeldet"
    msg = refused(state, "meld four-kings KC#1 KD#2 KH#1 KS#1")
    assert msg.render("en") == (
        "the king of clubs has already served in four kings: the same meld needs fresh cards"
    )
    # the seed's own example: a king of a declared meld serves in a marriage
    assert Meld.of("B", "marriage", pcs("KC#1 QC#1")) in state.legal_actions.melds()
    state, events = run(state, "meld marriage KC#1 QC#1")
    assert scores_of(events) == [("B", "meld", 20)]
    assert state.totals == {"A": 0, "B": 100}


def test_marriage_cannot_be_repeated_with_the_same_cards() -> None:
    state = b_wins("KC#1 QC#1 QC#2 AH#1", top="10S#1 10D#1")
    state, _ = run(state, "meld marriage KC#1 QC#1", "draw", "play AH#1", "play 7D#1")
    assert refused(state, "meld marriage KC#1 QC#1").render("en") == (
        "this marriage has already been declared"
    )
    assert refused(state, "meld marriage KC#1 QC#2").key == "besik.err.reused"


def test_besik_extended_to_double_besik() -> None:
    state = b_wins("QS#1 JD#1 QS#2 JD#2 AH#1 AH#2", top="10S#1 10D#1 9H#1 10C#1")
    state, _ = run(state, "meld besik QS#1 JD#1", "draw", "play AH#1", "play 7D#1")
    # the declared Besik may be extended to a double Besik: 500 more
    state, events = run(
        state, "meld double-besik QS#1 QS#2 JD#1 JD#2", "draw", "play AH#2", "play 7S#1"
    )
    assert scores_of(events)[0] == ("B", "meld", 500)
    assert state.totals["B"] == 540
    # ... which counts as two Besiks: the fresh pair cannot score a third one
    msg = refused(state, "meld besik QS#2 JD#2")
    assert msg.render("en") == (
        "the jack of diamonds is part of a declared double Besik, which already counts "
        "as the smaller Besiks declared at once: its cards make no further Besik"
    )
    assert refused(state, "meld double-besik QS#1 QS#2 JD#1 JD#2").key == (
        "besik.err.repeat.double-besik"
    )


def test_quint_major_any_suit_in_seed_trumps_only_in_standard() -> None:
    assert (
        Meld.of("B", "quint-major", pcs("AC#1 10C#1 KC#1 QC#1 JC#1"))
        in b_wins("AC#1 10C#1 KC#1 QC#1 JC#1").legal_actions
    )
    std = b_wins("AC#1 10C#1 KC#1 QC#1 JC#1", ruleset="standard")
    assert refused(std, "meld quint-major AC#1 10C#1 KC#1 QC#1 JC#1").render("en") == (
        "in standard Bezique the sequence counts in trumps only"
    )
    std = b_wins("AH#1 10H#1 KH#1 QH#1 JH#1 AS#1", ruleset="standard", top="10S#1 10D#1")
    std, _ = run(
        std, "meld quint-major AH#1 10H#1 KH#1 QH#1 JH#1", "draw", "play AS#1", "play 7S#1"
    )
    assert refused(std, "meld trump-marriage KH#1 QH#1").key == ("besik.err.marriage_from_sequence")
    seed = b_wins("AH#1 10H#1 KH#1 QH#1 JH#1 AS#1", top="10S#1 10D#1")
    seed, _ = run(
        seed, "meld quint-major AH#1 10H#1 KH#1 QH#1 JH#1", "draw", "play AS#1", "play 7S#1"
    )
    # listed too: the quick mask test before the meld search must not hide it
    assert Meld.of("B", "trump-marriage", pcs("KH#1 QH#1")) in seed.legal_actions.melds()
    assert std.legal_actions.melds() == []
    seed, events = run(seed, "meld trump-marriage KH#1 QH#1")
    assert seed.totals["B"] == 290


def test_declared_cards_may_be_played_any_time() -> None:
    state = b_wins("KC#1 QC#1")
    state, _ = run(state, "meld marriage KC#1 QC#1", "draw")
    assert Play("B", PhysicalCard.parse("KC#1")) in state.legal_actions
    state, _ = run(state, "play KC#1")
    assert [c.code for c in state.declared_row("B")] == ["QC#1"]


# --- the trump seven -------------------------------------------------------------------


def test_both_trump_sevens_together() -> None:
    state = b_wins("7H#1 7H#2")
    state, events = run(state, "seven 7H#1 7H#2")
    assert scores_of(events) == [("B", "trump_seven", 20)]
    assert "both trump sevens" in events[0].msg.render("en")
    assert events[0].rule == "besik#trump-seven"
    assert refused(state, "seven 7H#2").key == "besik.err.seven_done"


def test_seven_refusals() -> None:
    state = b_wins("7H#1 7C#2")
    assert (
        refused(state, "seven 7C#2").render("en") == "the seven of clubs is not a seven of trumps"
    )
    assert refused(state, "seven 7H#1 7H#2 7C#2").key == "besik.err.sevens_count"
    # no seven named: not "there is no meld of three sevens"
    action = parse_action({"type": "seven", "seat": state.seat_to_act, "cards": []})
    assert state.legal_actions.why_illegal(action).key == "besik.err.sevens_none"


def test_exchange_then_meld_the_card_taken_in_the_seed() -> None:
    state = b_wins("7H#1 QH#1", up="KH#1")
    state, events = run(state, "exchange 7H#1")
    # an undeclared seven is declared by the exchange
    assert scores_of(events) == [("B", "trump_seven", 10)]
    assert events[-1].msg.key == "besik.exchange" and events[-1].rule == "besik#seven-exchange"
    assert state.up == PhysicalCard.parse("7H#1")
    assert PhysicalCard.parse("KH#1") in state.hand("B")
    assert PhysicalCard.parse("7H#1") not in state.declared_row("B")
    state, events = run(state, "meld trump-marriage KH#1 QH#1")
    assert scores_of(events) == [("B", "meld", 40)]
    assert state.totals["B"] == 50


def test_exchange_card_not_meldable_in_standard() -> None:
    state = b_wins("7H#1 QH#1", up="KH#1", ruleset="standard")
    state, _ = run(state, "seven 7H#1", "exchange 7H#1")
    msg = refused(state, "meld trump-marriage KH#1 QH#1")
    assert msg.render("en") == (
        "in standard Bezique the card taken for the seven cannot be melded in the same turn"
    )
    state, _ = run(state, "draw")
    assert refused(state, "seven 7H#2").key in ("besik.err.after_draw", "besik.err.not_held")


def test_exchange_needs_a_won_trick() -> None:
    state, _ = deal(
        {"A": "7H#1 7D#1 7S#1 8D#1 8S#1 9D#1 9S#1 9C#1", "B": " ".join(PAD[:8])}, "KH#1"
    )
    assert refused(state, "exchange 7H#1").key == "besik.err.no_trick"


def test_seven_after_the_draw_in_the_seed() -> None:
    state = b_wins("QS#1", up="KH#1", top="7H#1 10S#1")
    state, _ = run(state, "draw")
    state, events = run(state, "exchange 7H#1")
    assert state.up == PhysicalCard.parse("7H#1")


# --- the last eight tricks ------------------------------------------------------------------


def test_must_follow_suit() -> None:
    state = endgame({"A": "8D#1 7C#1", "B": "10D#1 AH#1"})
    state, _ = run(state, "play 8D#1")
    msg = refused(state, "play AH#1")
    assert msg.render("en") == "you must follow diamonds: the talon is empty"
    assert msg.render("de") == "du musst Karo bedienen, denn der Talon ist aufgebraucht"
    assert state.legal_actions.plays() == [Play("B", PhysicalCard.parse("10D#1"))]


def test_no_duty_to_win_in_the_seed_but_in_standard() -> None:
    seed = endgame({"A": "8D#1 7C#1", "B": "AD#1 7D#1"})
    seed, _ = run(seed, "play 8D#1", "play 7D#1")
    assert seed.seat_to_act == "A" and seed.tricks_won == (1, 0)
    std = endgame({"A": "8D#1 7C#1", "B": "AD#1 7D#1"}, ruleset="standard")
    std, _ = run(std, "play 8D#1")
    msg = refused(std, "play 7D#1")
    assert msg.render("en") == (
        "you must win the trick if you can (standard Bezique, last eight tricks)"
    )
    assert std.legal_actions.plays() == [Play("B", PhysicalCard.parse("AD#1"))]


def test_must_trump_when_void() -> None:
    state = endgame({"A": "8D#1 7C#1 8C#1", "B": "AC#1 7H#1 9S#1"})
    state, _ = run(state, "play 8D#1")
    msg = refused(state, "play AC#1")
    assert msg.render("en") == "you cannot follow diamonds, so you must trump: the talon is empty"
    assert msg.render("de") == (
        "du kannst Karo nicht bedienen, also musst du trumpfen, denn der Talon ist aufgebraucht"
    )
    assert state.legal_actions.plays() == [Play("B", PhysicalCard.parse("7H#1"))]


def test_any_card_when_neither() -> None:
    state = endgame({"A": "8D#1 7C#1", "B": "AC#1 9S#1"})
    state, _ = run(state, "play 8D#1")
    assert len(state.legal_actions.plays()) == 2


def test_overtrump_in_standard_three_players() -> None:
    hands = {"A": "8D#1 7C#1", "B": "9H#1 7S#1", "C": "7H#1 10H#1"}
    seed = endgame(hands)
    seed, _ = run(seed, "play 8D#1", "play 9H#1", "play 7H#1")  # no duty to win
    assert seed.seat_to_act == "B"
    std = endgame(hands, ruleset="standard")
    std, _ = run(std, "play 8D#1", "play 9H#1")
    assert refused(std, "play 7H#1").key == "besik.err.must_win"
    assert std.legal_actions.plays() == [Play("C", PhysicalCard.parse("10H#1"))]


def test_identical_card_need_not_win_in_standard() -> None:
    std = endgame({"A": "AD#1 7C#1", "B": "AD#2 7D#1"}, ruleset="standard")
    std, _ = run(std, "play AD#1")
    # neither diamond can win (identical cards: the first played wins): both are legal
    assert len(std.legal_actions.plays()) == 2


def test_no_melds_in_the_last_eight_tricks() -> None:
    state = endgame({"A": "KC#1 QC#1", "B": "AC#1 7D#1"}, leader="A")
    msg = refused(state, "meld marriage KC#1 QC#1")
    assert msg.render("en") == "no more melds: the talon is empty"


# --- a whole deal ------------------------------------------------------------------------


def test_end_of_talon_and_of_deal_two_players() -> None:
    final, states = random_deal(5)
    # the last draw: the winner takes the last face-down card, the other the face-up card
    last_draw = next(i for i in range(len(states) - 1, 0, -1) if states[i - 1].phase is Phase.DRAW)
    before, after = states[last_draw - 1], states[last_draw]
    winner = before.seat_to_act
    _, events = apply(before, Draw(before.seat_to_act or ""))
    draws = [e for e in events if e.kind == "play"]
    assert draws[0].seat == winner and draws[0].msg.key == "besik.draw"
    assert draws[1].seat != winner and draws[1].msg.key == "besik.draw.up"
    assert draws[1].cards[0] == before.up
    assert events[-1].msg.key == "besik.talon.empty" and after.end_play
    assert final.is_over and final.trick_no == 32
    breakdown = final.score_breakdown()
    assert sum(d.get("augen", 0) for d in breakdown.values()) == 240
    assert sum(d.get("last_trick", 0) for d in breakdown.values()) == 10
    for party, d in breakdown.items():
        assert sum(d.values()) == final.totals[party]


def test_end_of_talon_three_players_last_drawer_takes_the_face_up_card() -> None:
    final, states = random_deal(8, 3)
    last_draw = max(i for i in range(1, len(states)) if states[i - 1].phase is Phase.DRAW)
    before = states[last_draw - 1]
    _, events = apply(before, Draw(before.seat_to_act or ""))
    draws = [e for e in events if e.kind == "play"]
    order = (
        before.seats[before.seats.index(before.seat_to_act) :]
        + before.seats[: before.seats.index(before.seat_to_act)]
    )
    assert [e.seat for e in draws] == list(order)
    assert draws[-1].msg.key == "besik.draw.up" and draws[-1].cards[0] == before.up
    assert sum(d.get("augen", 0) for d in final.score_breakdown().values()) == 360


def test_standard_counts_brisques() -> None:
    final, _ = random_deal(6, ruleset="standard")
    breakdown = final.score_breakdown()
    assert "augen" not in breakdown["A"]
    assert sum(d["brisques"] for d in breakdown.values()) == 160


def test_partnerships_share_one_score() -> None:
    final, states = random_deal(12, 4, partnerships=True)
    assert set(final.totals) == {"A+C", "B+D"}
    assert sum(d["augen"] for d in final.score_breakdown().values()) == 360
    # a meld by C is credited to A+C
    for before, after in zip(states, states[1:], strict=False):
        if after.melds != before.melds:
            m = after.melds[-1]
            assert m.party == before.party_of(m.seat)
    # only the trick winner declares, from his own hand: his partner's cards are not his
    state = next(s for s in states if s.phase is Phase.DRAW)
    partner = state.seats[(state.seat_index(state.seat_to_act or "") + 2) % 4]
    card = state.hand(partner)[0]
    seat = state.seat_to_act or ""
    assert state.legal_actions.why_illegal(Meld.of(seat, "besik", [card])) is not None
    assert state.legal_actions.why_illegal(Play(seat, card)) is not None
    assert state.legal_actions.why_illegal(Draw(partner)) == Msg(
        "besik.err.turn", seat=partner, turn=seat
    )


# --- three players: the Tripelbesik ---------------------------------------------------------


TRIPLE = "QS#1 QS#2 QS#3 JD#1 JD#2 JD#3"


def test_triple_besik_at_the_first_turn_wins_at_once() -> None:
    hands = {
        "A": TRIPLE + " 7C#1 8C#1",
        "B": "7C#2 8C#2 9C#1 9C#2 7D#1 8D#1 9D#1 7S#1",
        "C": "7C#3 8C#3 9C#3 7D#2 8D#2 9D#2 7S#2 8S#1",
    }
    state, _ = deal(hands, "8H#1")
    assert state.seat_to_act == "A"
    meld = Meld.of("A", "triple-besik", pcs(TRIPLE))
    assert meld in state.legal_actions and meld in list(state.legal_actions)
    state, events = apply(state, meld)
    assert scores_of(events) == [("A", "meld", 1500)]
    assert "at once" in events[0].msg.render("en")
    assert state.is_over and state.game_winner == "A" and state.seat_to_act is None
    assert refused(state, "play 7C#1").render("en") == "the deal is over"


def test_triple_besik_when_following_to_the_first_trick() -> None:
    hands = {
        "A": "7C#2 8C#2 9C#1 9C#2 7D#1 8D#1 9D#1 7S#1",
        "B": TRIPLE + " 7C#1 8C#1",
        "C": "7C#3 8C#3 9C#3 7D#2 8D#2 9D#2 7S#2 8S#1",
    }
    state, _ = deal(hands, "8H#1")
    state, _ = run(state, "play 7C#2")
    state, _ = run(state, "meld triple-besik " + TRIPLE)
    assert state.game_winner == "B"


def test_triple_besik_first_turn_not_in_standard_nor_later() -> None:
    hands = {
        "A": TRIPLE + " 7C#1 8C#1",
        "B": "7C#2 8C#2 9C#1 9C#2 7D#1 8D#1 9D#1 7S#1",
        "C": "7C#3 8C#3 9C#3 7D#2 8D#2 9D#2 7S#2 8S#1",
    }
    std, _ = deal(hands, "8H#1", ruleset="standard")
    assert refused(std, "meld triple-besik " + TRIPLE).key == "besik.err.no_trick"
    seed, _ = deal(hands, "8H#1")
    seed, _ = run(seed, "play 7C#1")  # A's first turn is gone
    seed, _ = run(seed, "play 7C#2", "play 7C#3")
    assert seed.seat_to_act == "A" and seed.phase is Phase.DRAW  # A won with the first 7C
    seed, events = run(seed, "meld triple-besik " + TRIPLE)
    assert scores_of(events) == [("A", "meld", 1500)] and not seed.is_over


def test_three_players_two_sevens_score_twenty_and_no_more() -> None:
    hands = {
        "A": "8C#1 7H#1 7H#2 7H#3 9C#1 9C#2 7D#1 8D#1",
        "B": "7C#2 8C#2 9D#1 7S#1 7S#2 7S#3 8S#1 8S#2",
        "C": "7C#3 8C#3 9C#3 7D#2 8D#2 9D#2 9S#1 9S#2",
    }
    state, _ = deal(hands, "8H#1")
    state, _ = run(state, "play 8C#1", "play 7C#2", "play 7C#3")
    assert state.seat_to_act == "A"
    assert refused(state, "seven 7H#1 7H#2 7H#3").key == "besik.err.sevens_count"
    pairs = [a for a in state.legal_actions if isinstance(a, DeclareSeven) and len(a.cards) == 2]
    assert len(pairs) == 3
    state, events = run(state, "seven 7H#1 7H#2")
    assert scores_of(events) == [("A", "trump_seven", 20)]


# --- the game -----------------------------------------------------------------------------


def play_to_the_end(state: State, seed: int) -> tuple[State, list[Event]]:
    rng = random.Random(seed)
    events: list[Event] = []
    while state.phase not in (Phase.OVER, Phase.DEAL):
        state, evs = apply(state, state.legal_actions.sample(rng))
        events += evs
    return state, events


def test_game_won_at_the_end_of_a_deal() -> None:
    state, _ = start_deal(seed=4, scores={"A": 995, "B": 0}, play_to="game")
    final, events = play_to_the_end(state, 1)
    assert final.totals["A"] >= 1000 > final.totals["B"]
    assert final.is_over and final.game_winner == "A"
    assert events[-1].msg.key == "besik.game.won"
    assert final.score_breakdown()["A"]["previous_deals"] == 995


def test_partners_win_the_game_in_the_plural() -> None:
    state, _ = start_deal(
        seats=("A", "B", "C", "D"),
        partnerships=True,
        seed=4,
        scores={"A+C": 995, "B+D": 0},
        play_to="game",
    )
    final, events = play_to_the_end(state, 1)
    assert final.is_over and final.game_winner == "A+C"
    assert events[-1].msg.key == "besik.game.won.team"
    assert events[-1].msg.render("de").startswith("A+C gewinnen die Partie mit ")
    assert events[-1].msg.render("en").startswith("A+C win the game with ")


def test_undecided_game_deals_again_and_dealer_alternates() -> None:
    state, _ = start_deal(seed=4, play_to="game")
    final, events = play_to_the_end(state, 1)
    assert final.phase is Phase.DEAL and final.seat_to_act == "A"
    assert events[-1].msg.key == "besik.game.next"
    assert refused(final, "play 7C#1").key == "besik.err.deal_first"
    nxt, evs = apply(final, NewDeal("A", seed=77))
    assert nxt.dealer == "A" and nxt.seat_to_act == "B" and nxt.table.deal_no == 2
    assert nxt.totals == final.totals
    assert nxt.score_breakdown()["A"].get("previous_deals", 0) == final.totals["A"]


def test_tie_at_the_top_plays_another_deal() -> None:
    state, _ = start_deal(seed=4, play_to="game")
    rng = random.Random(1)
    while True:
        action = state.legal_actions.sample(rng)
        nxt, _ = apply(state, action)
        if nxt.phase is Phase.DEAL:
            break
        state = nxt
    # replay the last card with scores arranged so that both end on 1200
    gained = [f - s for f, s in zip(nxt.scores, state.scores, strict=True)]
    state = state._replace(scores=tuple(1200 - g for g in gained))
    final, events = apply(state, action)
    assert final.totals == {"A": 1200, "B": 1200}
    assert final.phase is Phase.DEAL and final.winner == -1
    assert events[-1].msg.key == "besik.game.tie"


def test_whole_game_record_replays() -> None:
    state0, _ = start_deal(seed=21, play_to="game")
    rng = random.Random(2)
    state, actions = state0, []
    while not state.is_over:
        decl = state.legal_actions.declarations() if state.window else []
        action = rng.choice(decl) if decl else state.legal_actions.sample(rng)
        actions.append(action)
        state, _ = apply(state, action)
    assert state.game_winner is not None
    assert max(state.totals.values()) >= 1000
    assert state.table.deal_no > 1
    record = make_record(state0, actions)
    data = json.loads(json.dumps(record.to_json()))
    steps = replay(ENGINE, GameRecord.from_json(data))
    assert steps[-1].state == state


# --- records, notation, views --------------------------------------------------------------


def test_record_errors_name_the_step() -> None:
    state0, _ = start_deal(seed=3)
    a = state0.legal_actions.plays()[0]
    record = make_record(state0, [a, Play("B", a.card)])
    with pytest.raises(RecordError) as info:
        replay(ENGINE, record)
    assert info.value.step == 2
    assert str(info.value).startswith("Step 2 does not replay: you do not hold")
    with pytest.raises(RecordError, match="Step 2 does not replay: it is B's turn, not A's"):
        replay(ENGINE, make_record(state0, [a, a]))
    # records written before actions carried their seat still replay
    old = make_record(state0, [a])
    old = dataclasses.replace(
        old, actions=tuple({"type": "play", "card": a.card.code} for _ in (1,))
    )
    assert replay(ENGINE, old)[-1].action == a
    bad = GameRecord(
        "besik",
        "seed",
        ("A", "B"),
        {"players": 2, "dealer": "B", "hands": {"A": [], "B": []}, "up_card": "KH", "talon": []},
        (),
    )
    with pytest.raises(RecordError) as info:
        replay(ENGINE, bad)
    assert info.value.step == 0
    with pytest.raises(RecordError):
        replay(ENGINE, GameRecord("besik", "rubicon", ("A", "B"), {"seed": 1}, ()))


@pytest.mark.parametrize(
    "text",
    [
        "A: play QS#2",
        "B: meld besik JD#2 QS#1",
        "C: meld quint-major AC#1 10C#1 KC#1 QC#2 JC#1",
        "A: seven 7H#1 7H#2",
        "B: exchange 7H#1",
        "A: draw",
        "D: deal 42",
    ],
)
def test_action_notation_round_trips(text: str) -> None:
    action = parse_action_text(text)
    assert format_action(action) == text
    assert parse_action_text(text.partition(": ")[2], text[0]) == action
    assert action.seat == text[0] and action.to_json()["seat"] == text[0]
    assert parse_action(json.loads(json.dumps(action.to_json()))) == action
    assert eval(repr(action)) == action  # noqa: S307 - evaluable reprs


def test_new_deal_with_cards_round_trips() -> None:
    state, _ = start_deal(seed=5)
    deal_json = state.table.deal
    assert "seed" in deal_json
    explicit, _ = start_deal(
        hands={s: state.hand(s) for s in state.seats}, up_card=state.up, talon=state.talon_order
    )
    action = NewDeal(
        "A",
        None,
        tuple((s, explicit.hand(s)) for s in explicit.seats),
        explicit.up,
        explicit.talon_order,
    )
    assert parse_action(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    "data",
    [
        {"type": "fly"},
        {"type": "meld", "cards": ["QS"]},
        {"type": "play"},
        {"type": "deal", "seed": "x"},
        [],
    ],
)
def test_malformed_actions(data: object) -> None:
    with pytest.raises(NotationError):
        parse_action(data)  # type: ignore[arg-type]


def cards_in(value: object) -> set[PhysicalCard]:
    """Every physical card reachable in a view's fields (mappings, tuples, dataclasses)."""
    if isinstance(value, PhysicalCard):
        return {value}
    if isinstance(value, dict | tuple | list):
        items = value.values() if isinstance(value, dict) else value
        return set().union(*(cards_in(v) for v in items)) if items else set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return cards_in(tuple(getattr(value, f.name) for f in dataclasses.fields(value)))
    return set()


def test_view_leaks_nothing() -> None:
    final, states = random_deal(31)
    for state in states[::7]:
        seen = state.view("A")
        assert isinstance(seen, BesikView) and seen.seat == "A"
        assert seen.talon is None and seen.won is None
        assert seen.concealed["B"] is None and seen.concealed["A"] == state.concealed("A")
        assert seen.hands["B"] == state.declared_row("B") + (None,) * len(state.concealed("B"))
        assert seen.hands["A"] == state.declared_row("A") + state.concealed("A")
        assert seen.phase is state.phase and seen.seat_to_act == state.seat_to_act
        assert seen.outcome == state.outcome()
        assert seen.breakdown == state.score_breakdown()
        assert (seen.legal != ()) == (state.seat_to_act == "A")
        public = cards_in((seen.trick, seen.last_trick, seen.melds, seen.up_card))
        hidden = set(state.concealed("B")) | set(state.talon_order)
        won = state.view(None).won or {}
        hidden |= {c for cards in won.values() for c in cards}
        leaked = (cards_in(seen) - public - set(state.hand("A"))) & hidden
        assert not leaked
        everything = state.view(None)
        assert everything.talon == state.talon_order
        assert everything.concealed["B"] == state.concealed("B")
        assert everything.won is not None
        assert sum(len(w) for w in everything.won.values()) == 2 * sum(state.tricks_won)


def test_rule_anchors_and_messages() -> None:
    required = [
        "deal",
        "talon",
        "tricks",
        "end-play",
        "melds",
        "marriage",
        "trump-marriage",
        "double-marriage",
        "four-jacks",
        "four-queens",
        "four-kings",
        "four-aces",
        "besik",
        "double-besik",
        "triple-besik",
        "quint-major",
        "trump-seven",
        "augen",
        "last-trick",
        "game",
        "three-players",
        "four-players",
        "standard-bezique",
    ]
    for anchor in required:
        en, de = RULE_ANCHORS[anchor]
        assert en and de
    for key, (en, de) in MESSAGES.items():
        if key.startswith("besik."):
            assert en and de, key
    assert "Augen" in Msg("besik.score.augen", party="A", points=71).render("de")


def test_events_of_random_games_render_and_link() -> None:
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        state, _ = start_deal(seed=seed, seats="ABCD"[:players])
        rng = random.Random(seed)
        while not state.is_over:
            state, events = apply(state, state.legal_actions.sample(rng))
            for e in events:
                for lang in ("en", "de"):
                    assert "{" not in e.msg.render(lang)
                if e.rule:
                    assert e.rule[6:] in RULE_ANCHORS
                if e.is_score:
                    assert set(e.totals) == set(state.parties)


def test_legal_actions_view() -> None:
    state = b_wins("KC#1 QC#1 7H#1", up="KH#1")
    legal = state.legal_actions
    actions = list(legal)
    assert Draw("B") in actions and len(actions) == legal.count()
    assert Meld.of("B", "marriage", pcs("KC#1 QC#1")) in actions
    assert DeclareSeven("B", (PhysicalCard.parse("7H#1"),)) in actions
    assert Exchange("B", PhysicalCard.parse("7H#1")) in actions
    assert all(a in legal for a in actions)
    assert "draw" in repr(legal)
    assert "not an action" not in legal


# --- the contract (cardtutor.engine.contract) ------------------------------------------------


def test_phase_and_seat_to_act_follow_the_deal() -> None:
    state = b_wins("KC#1 QC#1")
    assert state.phase is Phase.DRAW and state.seat_to_act == "B" and not state.is_over
    assert [p.value for p in Phase] == ["play", "draw", "deal", "over"]
    state, _ = run(state, "draw")
    assert state.phase is Phase.PLAY and state.seat_to_act == "B"
    final, _ = random_deal(3)
    assert final.phase is Phase.OVER and final.is_over and final.seat_to_act is None
    assert not final.legal_actions and final.legal_actions.count() == 0
    game, _ = play_to_the_end(start_deal(seed=4, play_to="game")[0], 1)
    assert game.phase is Phase.DEAL and not game.is_over and game.seat_to_act == "A"


def test_parties_and_party_of() -> None:
    state, _ = start_deal(seed=1, seats="ABCD", partnerships=True)
    assert state.parties == ("A+C", "B+D")
    assert [state.party_of(s) for s in "ABCD"] == ["A+C", "B+D", "A+C", "B+D"]
    alone, _ = start_deal(seed=1, seats="ABC")
    assert alone.parties == ("A", "B", "C") and alone.party_of("C") == "C"


def test_actions_equal_only_the_same_action() -> None:
    card = PhysicalCard.parse("7H#1")
    assert Play("A", card) == Play("A", card) and hash(Play("A", card)) == hash(Play("A", card))
    assert Play("A", card) != Exchange("A", card)
    assert Play("A", card) != Play("B", card)
    assert Play("A", card) != ("A", card)
    assert Draw("A") != Draw("B") and len({Draw("A"), Draw("A"), Draw("B")}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        Play("A", card).seat = "B"  # type: ignore[misc]
    assert Meld.of("B", "besik", ["JD#2", "QS#1"]) == Meld.of("B", "besik", ["QS#1", "JD#2"])
    assert DeclareSeven.of("A", ["7H#2", "7H#1"]).cards == tuple(pcs("7H#1 7H#2"))


@pytest.mark.parametrize(
    "data",
    [{"type": "play", "card": "QS#1"}, {"type": "draw", "seat": ""}, {"type": "draw", "seat": 3}],
)
def test_parse_action_needs_the_seat(data: dict[str, object]) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(data)
    assert repr(data) in str(info.value) and "is not a Besik action" in str(info.value)
    assert repr(data) in info.value.msg.render("de")


def test_wrong_or_unknown_seat_is_refused_in_words() -> None:
    state, _ = deal({"A": A_LOW, "B": " ".join(PAD[:8])}, "8H#1")
    card = PhysicalCard.parse("7C#1")
    msg = state.legal_actions.why_illegal(Play("B", card))
    assert msg is not None and msg.render("en") == "it is A's turn, not B's"
    assert msg.render("de") == "A ist an der Reihe, nicht B"
    msg = state.legal_actions.why_illegal(Play("Z", card))
    assert msg is not None and msg.render("en") == "'Z' is not a seat at this table"
    assert state.legal_actions.why_illegal(Play("A", card)) is None
    assert state.legal_actions.why_illegal("play 7C#1") is not None
    with pytest.raises(IllegalActionError, match="not B's"):
        apply(state, Play("B", card))


def test_count_sample_and_why_illegal_agree_with_the_list() -> None:
    _, states = random_deal(17, 3)
    rng = random.Random(5)
    for state in states[::5]:
        legal = state.legal_actions
        listed = list(legal)
        assert legal.count() == len(listed) and bool(legal) == bool(listed)
        for _ in range(3 if listed else 0):
            assert legal.sample(rng) in listed
        assert all(legal.why_illegal(a) is None for a in listed)


def test_outcome_of_a_whole_game_lists_the_deals() -> None:
    state, _ = start_deal(seed=4, play_to="game", scores={"A": 100, "B": 50})
    first, _ = play_to_the_end(state, 1)
    o1 = first.outcome()
    assert o1.multi_deal and o1.deal_over and not o1.game_over and o1.winner is None
    deal1 = {
        p: sum(d.values()) - d.get("previous_deals", 0) for p, d in first.score_breakdown().items()
    }
    assert o1.deal == deal1 and o1.deals == (deal1,) and o1.deal_number == 1
    assert o1.game == {"A": 100 + deal1["A"], "B": 50 + deal1["B"]}
    second, _ = apply(first, NewDeal("A", seed=9))
    o2 = second.outcome()
    assert o2.deal == {"A": 0, "B": 0} and o2.game == o1.game and o2.deals == (deal1,)
    assert o2.deal_number == 2 and not o2.deal_over
    done, _ = play_to_the_end(second, 2)
    assert done.outcome().deals[0] == deal1 and len(done.outcome().deals) == 2


def test_one_deal_outcome_winner_is_the_higher_total() -> None:
    final, _ = random_deal(8)
    o = final.outcome()
    assert o.game_over and not o.multi_deal and o.game == final.totals
    high = max(final.totals.values())
    assert o.winner == (
        None
        if list(final.totals.values()).count(high) > 1
        else max(final.totals, key=final.totals.__getitem__)
    )


def test_engine_implements_the_contract() -> None:
    from cardtutor.engine import GAMES

    assert GAMES["besik"].engine is ENGINE and ENGINE.game == "besik"
    assert ENGINE.rule_anchors is RULE_ANCHORS
    assert not hasattr(ENGINE, "actor")
    state = b_wins("7H#1", top="JD#2 9H#2")
    _, events = ENGINE.apply(state, Draw("B"))
    assert [e.msg.key for e in ENGINE.visible_events(events, "B")] == [
        "besik.draw",
        "besik.draw.hidden",
    ]
    assert [e.msg.key for e in ENGINE.visible_events(events, None)] == ["besik.draw", "besik.draw"]
    assert ENGINE.visible_events(events, "A")[0].msg.key == "besik.draw.hidden"
    assert ENGINE.parse_action({"type": "draw", "seat": "B"}) == Draw("B")


def test_a_deal_action_with_a_seed_that_is_not_a_whole_number_says_so() -> None:
    with pytest.raises(NotationError, match=r"'seed' must be a whole number, not '7'"):
        parse_action({"type": "deal", "seat": "A", "seed": "7"})


def test_a_card_named_by_the_copy_not_held_says_the_other_copy_is() -> None:
    """ "You do not hold the jack of diamonds" was said to a learner holding one (a forged
    move naming the other copy)."""
    state, _ = start_deal(seed=3)
    seat = state.seat_to_act
    held = next(iter(state.hand(seat)))
    base = held.code.partition("#")[0]
    other = PhysicalCard.parse(f"{base}#{2 if held.uid < 32 else 1}")
    assert other not in state.hand(seat)
    reason = state.legal_actions.why_illegal(Play(seat, other))
    assert reason is not None
    assert reason.render("en").startswith("you hold the other copy of the "), reason.render("en")
    assert reason.render("en").endswith(f", not this one ({other.code})")
    assert "das andere Exemplar" in reason.render("de")
    # a card not held in any copy is still "not held"
    absent = next(
        c
        for c in (PhysicalCard.parse(f"{r}{su}#1") for r in "AKQJ" for su in "CDHS")
        if all(h.code.partition("#")[0] != c.code.partition("#")[0] for h in state.hand(seat))
    )
    assert (
        state.legal_actions.why_illegal(Play(seat, absent))
        .render("en")
        .startswith("you do not hold the ")
    )
