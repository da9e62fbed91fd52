"""The Besik reference's computed examples: every position is an engine state, every number
in a sentence is the engine's answer (who wins the trick, which melds are legal and what they
score, which cards may be played, what a pile of tricks counts).

Positions come from three places: the source's worked deal (replayed by the engine),
deals with chosen hands (:func:`deal`, the rest of the cards in pack order as the talon) played
on with :func:`act`, and seeded deals. The functions named ``ex_*`` are the examples' ``build``
functions; each returns :class:`~cardtutor.rules.model.Shown` with its numbers in ``facts``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from cardtutor.engine.besik import (
    AUGEN,
    BRISQUE,
    ENGINE,
    PC,
    Action,
    Draw,
    Meld,
    Phase,
    Play,
    StandardRuleset,
    State,
    apply,
    example_record,
    parse_action_text,
    ruleset_by_name,
    start_deal,
)
from cardtutor.engine.besik.constants import POINTS_BRISQUE
from cardtutor.engine.cards import PhysicalCard, Rank, Suit, bit_indices, iter_packs
from cardtutor.engine.events import Event
from cardtutor.engine.record import Step, replay
from cardtutor.engine.solver.besik import solve_besik
from cardtutor.engine.text import Msg
from cardtutor.rules.model import Cards, Shown, Text

# ---- small helpers -------------------------------------------------------------------------


def pcs(text: str) -> tuple[PhysicalCard, ...]:
    """Physical cards from codes (``"QS#1 JD#2"``)."""
    return tuple(PhysicalCard.parse(c) for c in text.split())


def name(card: PhysicalCard, de: bool) -> str:
    """A card in words: "queen of spades" / "Pik-Dame" (jacks are Bauern in Besik)."""
    return card.name("de" if de else "en")


def names(cards: Iterable[PhysicalCard], de: bool) -> str:
    """Cards in words, joined as a list ("A, B and C" / "A, B und C")."""
    words = [name(c, de) for c in cards]
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + (" und " if de else " and ") + words[-1]


_NUMBER_WORDS = {
    False: ("no", "one", "two", "three", "four", "five", "six", "seven", "eight"),
    True: ("kein", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"),
}


def number_word(n: int, de: bool) -> str:
    """A small count in words ("two" / "zwei"); larger numbers stay digits."""
    words = _NUMBER_WORDS[de]
    return words[n] if 0 <= n < len(words) else str(n)


def turned_up_de(card: PhysicalCard) -> str:
    """The turned-up card with its article, in the nominative: "die aufgedeckte Herz-Acht"
    (the adjective ends in -e after der, die and das alike)."""
    article, _, noun = format(name(card, True), "nom").partition(" ")
    return f"{article} aufgedeckte {noun}"


def suit_name(suit: Suit, de: bool) -> str:
    return suit.name_in("de" if de else "en")


def row(en: str, de: str, cards: Iterable[PhysicalCard]) -> Cards:
    """A labelled row of cards (the pack a card came from is not shown)."""
    return Cards(Text(en, de), tuple(c.card for c in cards))


def said(msg: Msg) -> Text:
    """An engine message in both languages (its own words, numbers included)."""
    return Text(msg.render("en"), msg.render("de"))


def _said(msg: Msg) -> str:
    """A refusal quoted as the whole sentence it is, in German: with a capital (the engine's
    refusals start in lower case, to follow a colon)."""
    text = msg.render("de")
    return text[:1].upper() + text[1:]


def said_events(events: Iterable[Event]) -> tuple[Text, ...]:
    return tuple(said(e.msg) for e in events)


def deal(
    hands: Mapping[str, str],
    up: str,
    top: str = "",
    *,
    ruleset: str = "seed",
    partnerships: bool = False,
    scores: Mapping[str, int] | None = None,
) -> State:
    """A deal with chosen hands (seats in play order, the last one deals), the face-up card
    ``up`` and the talon: ``top`` first, then every other card in pack order."""
    rules = ruleset_by_name(ruleset)
    seats = tuple(hands)
    fixed = {c for h in hands.values() for c in pcs(h)} | set(pcs(up)) | set(pcs(top))
    rest = [c for c in iter_packs(rules.packs(len(seats))) if c not in fixed]
    state, _ = start_deal(
        ruleset=rules,
        seats=seats,
        hands={s: pcs(h) for s, h in hands.items()},
        up_card=PhysicalCard.parse(up),
        talon=[*pcs(top), *rest],
        partnerships=partnerships,
        scores=scores,
    )
    return state


def action(state: State, text: str) -> Action:
    return parse_action_text(text, None if ":" in text else state.seat_to_act)


def act(state: State, *texts: str) -> State:
    """Apply the actions (short text form, by the seat to act unless ``"B: ..."``); each must
    be legal."""
    for text in texts:
        state = act_events(state, text)[0]
    return state


def act_events(state: State, text: str) -> tuple[State, tuple[Event, ...]]:
    a = action(state, text)
    why = state.legal_actions.why_illegal(a)
    if why is not None:
        raise ValueError(f"{text}: {why.render('en')}")
    new, events = apply(state, a)
    return new, tuple(events)


def refusal(state: State, text: str) -> Msg | None:
    """Why the engine refuses ``text`` now (``None``: legal)."""
    return state.legal_actions.why_illegal(action(state, text))


def points_of(state: State, seat: str, key: str) -> int:
    return state.score_breakdown()[state.party_of(seat)].get(key, 0)


def legal_cards(state: State) -> tuple[PhysicalCard, ...]:
    return tuple(p.card for p in state.legal_actions.plays())


# ---- the source's worked deal --------------------------------------------------------------


@lru_cache(maxsize=1)
def example_steps() -> tuple[Step[State, Action], ...]:
    """The source's worked deal, replayed by the engine (step 0 is the deal)."""
    return tuple(replay(ENGINE, example_record()))


def example_state(step: int) -> State:
    return example_steps()[step].state


def example_events(step: int) -> tuple[Event, ...]:
    return tuple(example_steps()[step].events)


def first_step(pred: object) -> int:
    """The first step of the worked deal whose action matches ``pred`` (short text)."""
    from cardtutor.engine.besik import format_action

    for step in example_steps()[1:]:
        if step.action is not None and format_action(step.action) == pred:
            return step.number
    raise LookupError(pred)


# ---- the deal and the talon ----------------------------------------------------------------

DEAL_SEED = 3
"""The seeded deal shown in "The deal"."""


def ex_deal() -> Shown:
    state, events = start_deal(seed=DEAL_SEED)
    up = state.up
    assert up is not None
    face_down = len(state.table.talon)
    return Shown(
        rows=(
            row("A (Vorhand, leads)", "A (Vorhand, spielt auf)", state.hand("A")),
            row("B (dealer)", "B (Geber)", state.hand("B")),
            row("The 17th card, turned up", "Die 17. Karte, aufgedeckt", (up,)),
        ),
        lines=(
            *said_events(events),
            Text(
                f"Each hand holds {len(state.hand('A'))} cards; {face_down} cards lie face "
                f"down, and with the turned-up {name(up, False)} that makes "
                f"{state.talon_count} cards to draw.",
                f"Jeder hat {len(state.hand('A'))} Karten; {face_down} Karten liegen verdeckt, "
                f"mit der aufgedeckten Karte, {name(up, True):dat}, sind {state.talon_count} Karten zu "
                "ziehen.",
            ),
        ),
        facts={
            "hand": len(state.hand("A")),
            "face_down": face_down,
            "to_draw": state.talon_count,
            "trumps": int(state.trumps),
            "cards": 2 * len(state.hand("A")) + state.talon_count,
        },
    )


def ex_draw_first() -> Shown:
    step = first_step("B: draw")
    before = example_state(step - 1)
    after = example_state(step)
    return Shown(
        rows=(
            row(
                "The first trick: A leads, B trumps",
                "Der erste Stich: A spielt auf, B trumpft",
                [PC[u] for _, u in before.last_trick],
            ),
        ),
        lines=(
            *said_events(example_events(step)),
            Text(
                f"Cards left to draw: {before.talon_count} before, {after.talon_count} after.",
                f"Zu ziehende Karten: vorher {before.talon_count}, danach {after.talon_count}.",
            ),
        ),
        facts={"before": before.talon_count, "after": after.talon_count},
    )


def ex_talon_end() -> Shown:
    steps = example_steps()
    step = next(s.number for s in steps[1:] if s.state.end_play)
    before = example_state(step - 1)
    after = example_state(step)
    up = before.up
    assert up is not None
    return Shown(
        rows=(
            row("The last face-down card", "Die letzte verdeckte Karte", before.talon_order),
            row("The turned-up card", "Die aufgedeckte Karte", (up,)),
        ),
        lines=(
            Text(
                f"Before the last draw {before.talon_count} cards are left: one face down and "
                "the turned-up card.",
                f"Vor dem letzten Ziehen sind noch {before.talon_count} Karten übrig: eine "
                "verdeckte und die aufgedeckte.",
            ),
            *said_events(example_events(step)),
        ),
        facts={
            "left": before.talon_count,
            "after": after.talon_count,
            "end_play": int(after.end_play),
            "hand_a": len(after.hand("A")),
            "hand_b": len(after.hand("B")),
        },
    )


# ---- tricks while the talon lasts ----------------------------------------------------------

TRICK_PAIRS: tuple[tuple[str, str], ...] = (
    ("KC#1", "10C#1"),
    ("AC#1", "7H#1"),
    ("10S#1", "AD#1"),
    ("QC#1", "QC#2"),
    ("9H#1", "10H#1"),
)
"""(A leads, B plays) with hearts trumps: the ten beats the king; a trump wins; another suit
loses; of two identical cards the first wins; the higher trump wins."""
TRICK_UP = "KH#2"


def one_trick(lead: str, reply: str, up: str = TRICK_UP) -> tuple[State, tuple[Event, ...]]:
    """A deal where A leads ``lead`` and B plays ``reply``: the state and events after it."""
    used = set(pcs(f"{lead} {reply} {up}"))
    fill = [c for c in iter_packs(2) if c not in used and c.rank.code in ("7", "8", "9")]
    fill = [c for c in fill if c.suit != Suit.HEARTS]
    a = " ".join([lead, *(c.code for c in fill[:7])])
    b = " ".join([reply, *(c.code for c in fill[7:14])])
    state = deal({"A": a, "B": b}, up)
    state = act(state, f"A: play {lead}")
    return act_events(state, f"B: play {reply}")


def ex_trick_winners() -> Shown:
    rows = []
    facts: dict[str, int] = {}
    for i, (lead, reply) in enumerate(TRICK_PAIRS, start=1):
        state, events = one_trick(lead, reply)
        winner = state.seat_to_act or ""
        told = said(events[-1].msg)
        rows.append(
            row(
                f"Trick {i}: A leads, B plays. {told.en}",
                f"Stich {i}: A spielt auf, B gibt zu. {told.de}",
                pcs(f"{lead} {reply}"),
            )
        )
        facts[f"winner_{i}"] = state.seat_index(winner)
    return Shown(
        rows=tuple(rows),
        lines=(
            Text(
                "The ten beats the king; a trump beats any other suit; a card of another suit "
                "never wins; of two identical cards the first wins; the higher trump wins.",
                "Die Zehn sticht den König; Trumpf sticht jede andere Farbe; eine Karte einer "
                "anderen Farbe gewinnt nie; von zwei gleichen Karten gewinnt die erste; der "
                "höhere Trumpf gewinnt.",
            ),
        ),
        facts=facts,
    )


def ex_no_duty() -> Shown:
    before = example_state(1)  # A has led the nine of clubs
    legal = legal_cards(before)
    hand = before.hand("B")
    led = before.current_trick[0][1]
    played = example_steps()[2].action
    assert isinstance(played, Play)
    return Shown(
        rows=(
            row("A leads", "A spielt auf", (led,)),
            row(
                "B's hand: every card may be played",
                "Hand von B: jede Karte ist erlaubt",
                before.hand("B"),
            ),
        ),
        lines=(
            Text(
                f"The talon is not empty yet ({before.talon_count} cards still to draw, the "
                f"turned-up card included), so B may play any of his {len(hand)} cards to the "
                f"{name(led, False)}: all {len(legal)} are allowed.",
                f"Der Talon ist noch nicht leer ({before.talon_count} Karten sind noch zu "
                f"ziehen, die aufgedeckte mitgezählt), also darf B jede seiner {len(hand)} "
                f"Karten auf {name(led, True):acc} zugeben: alle {len(legal)} sind erlaubt.",
            ),
            Text(
                f"B holds the ace of clubs but trumps with the {name(played.card, False)}: he "
                "wants the trick to declare his Quint-Major, and keeps the clubs together.",
                f"B hat das Kreuz-As, trumpft aber mit {name(played.card, True):dat}: er will den "
                "Stich, um seine Quint-Major zu melden, und hält die Kreuz-Reihe zusammen.",
            ),
        ),
        facts={"legal": len(legal), "hand": len(before.hand("B")), "talon": before.talon_count},
    )


# ---- the last eight tricks ------------------------------------------------------------------


def _end_step(text: str) -> int:
    """The step where ``text`` is played in the worked deal's last eight tricks."""
    steps = example_steps()
    from cardtutor.engine.besik import format_action

    for s in steps[1:]:
        if s.action is not None and example_state(s.number - 1).end_play:
            if format_action(s.action) == text:
                return s.number
    raise LookupError(text)


def ex_end_follow() -> Shown:
    step = _end_step("A: play 7D#2")
    before = example_state(step - 1)
    legal = legal_cards(before)
    led = before.current_trick[0][1]
    after = example_state(step)
    winner = after.seat_to_act or ""
    return Shown(
        rows=(
            row("B leads", "B spielt auf", (led,)),
            row("A's hand", "Hand von A", before.hand("A")),
            row("A may play", "A darf spielen", legal),
        ),
        lines=(
            Text(
                f"A holds diamonds, so he must follow: {len(legal)} of his "
                f"{len(before.hand('A'))} cards are legal, the {names(legal, False)}.",
                f"A hat Karo, also muss er bedienen: {len(legal)} seiner "
                f"{len(before.hand('A'))} Karten sind erlaubt, {names(legal, True)}.",
            ),
            Text(
                f"He plays the {name(pcs('7D#2')[0], False)} and lets {winner} win the trick: "
                "legal, because there is no duty to win.",
                f"Er gibt {name(pcs('7D#2')[0], True):acc} zu und lässt {winner} den Stich: "
                "erlaubt, denn es gibt keinen Stichzwang.",
            ),
        ),
        facts={
            "legal": len(legal),
            "hand": len(before.hand("A")),
            "winner": after.seat_index(winner),
            "seven_legal": int(pcs("7D#2")[0] in legal),
        },
    )


def ex_end_trump() -> Shown:
    step = _end_step("B: play 8H#2")
    before = example_state(step - 1)
    legal = legal_cards(before)
    led = before.current_trick[0][1]
    why = refusal(before, "B: play 10S#2")
    assert why is not None
    return Shown(
        rows=(
            row("A leads", "A spielt auf", (led,)),
            row("B's hand (no diamonds)", "Hand von B (kein Karo)", before.hand("B")),
            row("B may play", "B darf spielen", legal),
        ),
        lines=(
            Text(
                f"B cannot follow diamonds, so he must trump: {len(legal)} legal cards, all "
                "hearts.",
                f"B kann Karo nicht bedienen, also muss er trumpfen: {len(legal)} erlaubte "
                "Karten, alle Herz.",
            ),
            Text(
                f"The ten of spades is refused: “{why.render('en')}”.",
                f"Die Pik-Zehn wird abgewiesen: „{_said(why)}“.",
            ),
        ),
        facts={"legal": len(legal), "spade_legal": int(pcs("10S#2")[0] in legal)},
    )


def ex_end_no_meld() -> Shown:
    step = _end_step("A: play AS#1")
    after = example_state(step)
    sevens = [c for c in after.hand("A") if c.rank.code == "7" and c.suit == after.trumps]
    fresh = sevens[-1]
    why = refusal(after, f"A: seven {fresh.code}")
    assert why is not None
    return Shown(
        rows=(
            row(
                "A has just won a trick with the ace of spades; his hand",
                "A hat soeben mit Pik-As einen Stich gemacht; seine Hand",
                after.hand("A"),
            ),
        ),
        lines=(
            Text(
                f"A holds a trump seven he never declared (the {name(fresh, False)} he drew "
                f"from the talon). Too late: “{why.render('en')}”.",
                f"A hat eine Trumpf-Sieben, die er nie gemeldet hat ({name(fresh, True):acc} aus "
                f"dem Talon). Zu spät: „{_said(why)}“.",
            ),
        ),
        facts={"refused": 1, "declarations": len(after.legal_actions.declarations())},
    )


# ---- melds: who and when -------------------------------------------------------------------


def ex_meld_when() -> Shown:
    start = example_state(0)
    why = refusal(start, "A: meld besik JD#1 QS#1")
    assert why is not None
    step = first_step("A: meld besik JD#1 QS#1")
    won = example_state(step - 1)
    return Shown(
        rows=(
            row("A's first eight cards", "Die ersten acht Karten von A", start.hand("A")),
            row("A's Besik", "Der Besik von A", pcs("QS#1 JD#1")),
        ),
        lines=(
            Text(
                f"A is dealt a Besik but may not declare it before he has won a trick: "
                f"“{why.render('en')}”.",
                f"A bekommt einen Besik, darf ihn aber nicht melden, bevor er einen Stich "
                f"gemacht hat: „{_said(why)}“.",
            ),
            Text(
                f"Only after winning trick {won.trick_no} with the king of diamonds (and "
                "drawing) does he declare it:",
                f"Erst nachdem er den {won.trick_no}. Stich mit dem Karo-König gemacht (und "
                "gezogen) hat, meldet er ihn:",
            ),
            *said_events(example_events(step)),
        ),
        facts={
            "refused_at_start": 1,
            "trick": won.trick_no,
            "points": points_of(example_state(step), "A", "besik"),
        },
    )


def ex_meld_once() -> Shown:
    step = first_step("B: meld quint-major AC#1 10C#1 KC#1 QC#2 JC#1")
    after = example_state(step)
    why = refusal(after, "B: meld marriage KC#1 QC#2")
    assert why is not None
    later = first_step("B: meld marriage KC#1 QC#2")
    # The tricks B won in between without declaring (the winner draws first: a Draw by B
    # follows each trick he won).
    steps = example_steps()
    first_trick, meld_trick = example_state(step).trick_no, example_state(later).trick_no
    skipped = [
        example_state(i).trick_no
        for i in range(step + 1, later)
        if isinstance(action := steps[i].action, Draw)
        and action.seat == "B"
        and first_trick < example_state(i).trick_no < meld_trick
    ]
    assert len(skipped) == 1, skipped  # the Example's B wins trick 2 and declares nothing
    quiet = skipped[0]
    return Shown(
        rows=(
            row(
                "B's Quint-Major, declared",
                "Die gemeldete Quint-Major von B",
                after.declared_row("B"),
            ),
        ),
        lines=(
            *said_events(example_events(step)),
            Text(
                f"The marriage of clubs inside it must wait: “{why.render('en')}”.",
                f"Die Kreuz-Heirat darin muss warten: „{_said(why)}“.",
            ),
            Text(
                f"B declares it later, after winning trick {meld_trick} (after trick {quiet}, which "
                "he won too, he declares nothing):",
                f"B meldet sie später, nach dem {meld_trick}. Stich (nach dem {quiet}. Stich, den "
                "er auch gewinnt, meldet er nichts):",
            ),
            *said_events(example_events(later)),
        ),
        facts={
            "quint": points_of(after, "B", "quint-major"),
            "marriage": points_of(example_state(later), "B", "marriage"),
            "quiet_trick": quiet,
        },
    )


def ex_meld_shown() -> Shown:
    step = first_step("A: meld quint-major AD#1 10D#1 KD#2 QD#2 JD#1")
    after = example_state(step)
    row_cards = after.declared_row("A")
    lead = example_state(step + 1)
    play = example_steps()[step + 1].action
    assert isinstance(play, Play)
    return Shown(
        rows=(
            row(
                "A's declared cards (shown, still his)",
                "Gemeldete Karten von A (offen ausgelegt, weiter auf seiner Hand)",
                row_cards,
            ),
            row(
                "A's other cards (concealed)",
                "Übrige Karten von A (verdeckt)",
                after.concealed("A"),
            ),
        ),
        lines=(
            Text(
                f"After the Quint-Major A has {len(row_cards)} declared cards on the table and "
                f"{len(after.concealed('A'))} in his hand; all {len(after.hand('A'))} are his to "
                "play.",
                f"Nach der Quint-Major liegen {len(row_cards)} gemeldete Karten von A offen auf "
                f"dem Tisch und {len(after.concealed('A'))} in seiner Hand; alle "
                f"{len(after.hand('A'))} darf er spielen.",
            ),
            *said_events(example_events(step + 1)),
        ),
        facts={
            "declared": len(row_cards),
            "hand": len(after.hand("A")),
            "led_from_row": int(play.card in row_cards),
            "row_after": len(lead.declared_row("A")),
        },
    )


# ---- one example per meld kind --------------------------------------------------------------

JUNK_A = "7C#1 7D#1 8D#1 9D#1 7S#1 8S#1 9S#1 9C#1"
"""A's hand in the meld examples: low cards (A leads the first one)."""


def b_wins(b: str, up: str = "8H#1", top: str = "", players: str = "AB") -> State:
    """B holds ``b`` (eight cards, the eight of clubs among them), A leads the seven of clubs
    and B wins with the eight: B may now declare."""
    hands = {"A": JUNK_A, "B": b}
    if players == "ABC":
        hands["C"] = "7C#2 7D#2 8D#2 9D#2 7S#2 8S#2 9S#2 9C#2"
    state = deal(hands, up, top)
    state = act(state, "A: play 7C#1", "B: play 8C#1")
    while state.phase is Phase.PLAY:
        state = act(state, f"play {pcs(hands[state.seat_to_act or ''])[-1].code}")
    assert state.phase is Phase.DRAW and state.seat_to_act == "B"
    return state


def meld_shown(b: str, meld: str, up: str = "8H#1", note: Text | None = None) -> Shown:
    state = b_wins(b, up)
    kind = meld.split()[2]
    cards = pcs(" ".join(meld.split()[3:]))
    after, events = act_events(state, meld)
    points = points_of(after, "B", kind)
    lines = [*said_events(events)]
    if note is not None:
        lines.append(note)
    return Shown(
        rows=(
            row(
                f"Trumps: the face-up {name(pcs(up)[0], False)}",
                f"Trumpf: {turned_up_de(pcs(up)[0])}",
                pcs(up),
            ),
            row("B declares", "B meldet", cards),
        ),
        lines=tuple(lines),
        facts={"points": points, "trumps": int(pcs(up)[0].suit)},
    )


def ex_marriage() -> Shown:
    return meld_shown("KC#1 QC#1 8C#1 AS#1 10S#1 9H#1 7H#2 8D#2", "B: meld marriage KC#1 QC#1")


def ex_trump_marriage() -> Shown:
    return meld_shown(
        "KH#1 QH#1 8C#1 AS#1 10S#1 9H#1 7H#2 8D#2", "B: meld trump-marriage KH#1 QH#1"
    )


def ex_double_marriage() -> Shown:
    plain = meld_shown(
        "KC#1 KC#2 QC#1 QC#2 8C#1 AS#1 9H#1 8D#2", "B: meld double-marriage KC#1 KC#2 QC#1 QC#2"
    )
    trumps = meld_shown(
        "KH#1 KH#2 QH#1 QH#2 8C#1 AS#1 9S#2 8D#2",
        "B: meld double-marriage KH#1 KH#2 QH#1 QH#2",
        up="8H#2",
    )
    return Shown(
        rows=(*plain.rows, row("In trumps", "In Trumpf", pcs("KH#1 KH#2 QH#1 QH#2"))),
        lines=(*plain.lines, *trumps.lines),
        facts={"points": plain.facts["points"], "trump_points": trumps.facts["points"]},
    )


def ex_four_jacks() -> Shown:
    return meld_shown(
        "JC#1 JD#2 JH#1 JS#1 8C#1 AS#1 9H#1 8D#2", "B: meld four-jacks JC#1 JD#2 JH#1 JS#1"
    )


def ex_four_queens() -> Shown:
    return meld_shown(
        "QS#1 QS#2 QH#1 QD#1 8C#1 AS#1 9H#1 8D#2",
        "B: meld four-queens QD#1 QH#1 QS#1 QS#2",
        note=Text(
            "Two of the four queens are queens of spades: any four cards of the rank count.",
            "Zwei der vier Damen sind Pik-Damen: es zählen beliebige vier Karten des Ranges.",
        ),
    )


def ex_four_kings() -> Shown:
    return meld_shown(
        "KC#1 KD#1 KH#1 KS#1 8C#1 AS#1 9H#1 8D#2", "B: meld four-kings KC#1 KD#1 KH#1 KS#1"
    )


def ex_four_aces() -> Shown:
    return meld_shown(
        "AC#1 AD#1 AH#1 AS#1 8C#1 10S#1 9H#1 8D#2", "B: meld four-aces AC#1 AD#1 AH#1 AS#1"
    )


def ex_besik() -> Shown:
    return meld_shown(
        "QS#1 JD#1 8C#1 AS#1 10S#1 9H#1 7H#2 8D#2",
        "B: meld besik QS#1 JD#1",
        up="8C#2",
        note=Text(
            "The Besik is always the queen of spades and the jack of diamonds, whatever the "
            "trumps (here clubs).",
            "Der Besik ist immer Pik-Dame und Karo-Bauer, gleich welche Farbe Trumpf ist (hier "
            "Kreuz).",
        ),
    )


def ex_quint_major() -> Shown:
    step = first_step("B: meld quint-major AC#1 10C#1 KC#1 QC#2 JC#1")
    after = example_state(step)
    meld = after.melds[0]
    return Shown(
        rows=(
            row(
                "Trumps: the face-up king of hearts",
                "Trumpf: der aufgedeckte Herz-König",
                pcs("KH#1"),
            ),
            row("B's Quint-Major in clubs", "Quint-Major von B in Kreuz", meld.cards),
        ),
        lines=(
            *said_events(example_events(step)),
            Text(
                "Clubs are not trumps: in this game a Quint-Major counts in any suit.",
                "Kreuz ist nicht Trumpf: in diesem Spiel zählt die Quint-Major in jeder Farbe.",
            ),
        ),
        facts={"points": meld.points, "trumps": int(after.trumps), "suit": int(meld.cards[0].suit)},
    )


# ---- re-use ---------------------------------------------------------------------------------

REUSE_TOP = "7S#2 8S#2 7D#2 9S#2 9D#2 7C#2 9C#2 8C#2"
"""Talon tops for the re-use scripts: low cards that make no meld."""


def b_script(
    b: str, texts: Sequence[str], up: str = "8H#1", players: str = "AB"
) -> list[tuple[State, tuple[Event, ...]]]:
    """B wins the first trick, then each text in turn; ``"win"`` lets B lead his next card
    ``AH#n`` (a trump ace) and A throw off a low card so that B wins again."""
    state = b_wins(b, up, REUSE_TOP, players)
    out: list[tuple[State, tuple[Event, ...]]] = [(state, ())]
    leads = [c for c in pcs(b) if c.suit == Suit.HEARTS and c.rank.code in ("A", "10")]
    throw = list(pcs(JUNK_A)[1:])
    for text in texts:
        if text == "win":
            state = act(state, "B: draw") if state.phase is Phase.DRAW else state
            state = act(state, f"B: play {leads.pop(0).code}")
            while state.phase is Phase.PLAY:
                seat = state.seat_to_act or ""
                hand = state.hand(seat)
                card = next(c for c in throw if c in hand) if seat == "A" else hand[0]
                if seat == "A":
                    throw.remove(card)
                state = act(state, f"play {card.code}")
            out.append((state, ()))
        else:
            state, events = act_events(state, text)
            out.append((state, events))
    return out


def ex_reuse_kinds() -> Shown:
    b = "KC#1 QC#1 KD#1 KH#1 KS#1 8C#1 AH#1 10H#1"
    steps = b_script(
        b, ["B: meld marriage KC#1 QC#1", "win", "B: meld four-kings KC#1 KD#1 KH#1 KS#1"]
    )
    final = steps[-1][0]
    return Shown(
        rows=(
            row("First: a marriage", "Zuerst: eine Heirat", pcs("KC#1 QC#1")),
            row(
                "Later: four kings, the king of clubs again",
                "Später: 4 Könige, wieder mit dem Kreuz-König",
                pcs("KC#1 KD#1 KH#1 KS#1"),
            ),
        ),
        lines=(
            *said_events(steps[1][1]),
            *said_events(steps[3][1]),
            Text(
                f"The king of clubs counts in both: {final.totals['B']} points in all.",
                f"Der Kreuz-König zählt in beiden: zusammen {final.totals['B']} Punkte.",
            ),
        ),
        facts={
            "marriage": points_of(final, "B", "marriage"),
            "four_kings": points_of(final, "B", "four-kings"),
            "total": final.totals["B"],
        },
    )


def ex_reuse_fresh() -> Shown:
    b = "KC#1 QC#1 QC#2 KS#1 8C#1 AH#1 AH#2 10S#1"
    steps = b_script(b, ["B: meld marriage KC#1 QC#1", "win"])
    state = steps[-1][0]
    why = refusal(state, "B: meld marriage KC#1 QC#2")
    assert why is not None
    legal = [m for m in state.legal_actions.melds() if m.kind == "marriage"]
    # How many in words: "keine Kreuz-Heirat", "eine Kreuz-Heirat", "2 Kreuz-Heiraten".
    n = len(legal)
    may_de = (
        "keine Kreuz-Heirat" if n == 0 else "eine Kreuz-Heirat" if n == 1 else f"{n} Kreuz-Heiraten"
    )
    return Shown(
        rows=(
            row("Declared: a marriage", "Gemeldet: eine Heirat", pcs("KC#1 QC#1")),
            row(
                "B's clubs after the next trick",
                "Kreuz-Karten von B nach dem nächsten Stich",
                [c for c in state.hand("B") if c.suit == Suit.CLUBS],
            ),
        ),
        lines=(
            *said_events(steps[1][1]),
            Text(
                "B holds a second queen of clubs, but only one king. The same king with the new "
                f"queen is refused: “{why.render('en')}”.",
                "B hat eine zweite Kreuz-Dame, aber nur einen König. Derselbe König mit der "
                f"neuen Dame wird abgewiesen: „{_said(why)}“.",
            ),
            Text(
                f"Marriages of clubs B may declare now: {len(legal)}. He needs the second king "
                "of clubs from the talon.",
                f"B darf jetzt {may_de} melden. Dazu braucht er den "
                "zweiten Kreuz-König aus dem Talon.",
            ),
        ),
        facts={"first": points_of(steps[1][0], "B", "marriage"), "legal_marriages": len(legal)},
    )


def ex_reuse_duplicates() -> Shown:
    b = "KC#1 QC#1 KC#2 QC#2 8C#1 AH#1 AH#2 10S#1"
    steps = b_script(b, ["B: meld marriage KC#1 QC#1", "win", "B: meld marriage KC#2 QC#2"])
    final = steps[-1][0]
    return Shown(
        rows=(
            row("First marriage", "Erste Heirat", pcs("KC#1 QC#1")),
            row(
                "Second marriage: the duplicates",
                "Zweite Heirat: die zweiten Exemplare",
                pcs("KC#2 QC#2"),
            ),
        ),
        lines=(
            *said_events(steps[1][1]),
            *said_events(steps[3][1]),
            Text(
                f"Fresh cards, so the same meld scores again: {points_of(final, 'B', 'marriage')} "
                "points for marriages in all.",
                f"Diese Karten waren dafür noch nicht gemeldet, also zählt dieselbe Meldung noch "
                f"einmal: zusammen {points_of(final, 'B', 'marriage')} Punkte für Heiraten.",
            ),
        ),
        facts={"marriages": points_of(final, "B", "marriage")},
    )


def ex_reuse_quint() -> Shown:
    quint = first_step("A: meld quint-major AD#1 10D#1 KD#2 QD#2 JD#1")
    step = first_step("A: meld marriage KD#2 QD#2")
    before = example_state(step - 2)  # A has won the trick, before his draw
    assert example_state(step - 1).talon_count < before.talon_count
    standard = before._replace(table=before.table._replace(rules=StandardRuleset))
    why = refusal(standard, "A: meld marriage KD#2 QD#2")
    assert why is not None
    after = example_state(step)
    return Shown(
        rows=(
            row(
                "A's Quint-Major in diamonds",
                "Quint-Major von A in Karo",
                pcs("AD#1 10D#1 KD#2 QD#2 JD#1"),
            ),
            row(
                "Later: the marriage of diamonds out of it",
                "Später: die Karo-Heirat daraus",
                pcs("KD#2 QD#2"),
            ),
        ),
        lines=(
            *said_events(example_events(quint)),
            *said_events(example_events(step)),
            Text(
                f"Under standard Bezique rules the same marriage is refused: “{why.render('en')}”.",
                f"Nach den Regeln des Standard-Bezique wird dieselbe Heirat abgewiesen: "
                f"„{_said(why)}“.",
            ),
        ),
        facts={
            "quint": points_of(after, "A", "quint-major"),
            "marriage": points_of(after, "A", "marriage"),
            "standard_refused": 1,
        },
    )


def ex_reuse_besik_double() -> Shown:
    b = "QS#1 JD#1 QS#2 JD#2 8C#1 AH#1 AH#2 10H#1"
    steps = b_script(
        b, ["B: meld besik QS#1 JD#1", "win", "B: meld double-besik QS#1 QS#2 JD#1 JD#2"]
    )
    final = steps[-1][0]
    return Shown(
        rows=(
            row("First a Besik", "Zuerst ein Besik", pcs("QS#1 JD#1")),
            row(
                "Then the other pair, fresh from the hand",
                "Dann das andere, noch nicht gemeldete Paar",
                pcs("QS#2 JD#2"),
            ),
        ),
        lines=(
            *said_events(steps[1][1]),
            *said_events(steps[3][1]),
            Text(
                f"{points_of(final, 'B', 'besik')} + {points_of(final, 'B', 'double-besik')} = "
                f"{final.totals['B']} points.",
                f"{points_of(final, 'B', 'besik')} + {points_of(final, 'B', 'double-besik')} = "
                f"{final.totals['B']} Punkte.",
            ),
        ),
        facts={
            "besik": points_of(final, "B", "besik"),
            "double": points_of(final, "B", "double-besik"),
            "total": final.totals["B"],
        },
    )


# ---- the Besik family ------------------------------------------------------------------------

DOUBLE_HAND = "QS#1 JD#1 QS#2 JD#2 8C#1 AH#1 AH#2 10H#1"


def ex_double_besik() -> Shown:
    steps = b_script(DOUBLE_HAND, ["B: meld double-besik QS#1 QS#2 JD#1 JD#2", "win"])
    state = steps[-1][0]
    why = refusal(state, "B: meld besik QS#1 JD#1")
    assert why is not None
    return Shown(
        rows=(row("All four at once", "Alle vier auf einmal", pcs("QS#1 QS#2 JD#1 JD#2")),),
        lines=(
            *said_events(steps[1][1]),
            Text(
                "It counts as two Besiks declared at once; on B's next trick a single Besik "
                f"out of it is refused: “{why.render('en')}”.",
                "Er zählt als zwei Besiks auf einmal; nach dem nächsten Stich von B wird ein "
                f"einzelner Besik daraus abgewiesen: „{_said(why)}“.",
            ),
        ),
        facts={"points": points_of(steps[1][0], "B", "double-besik"), "single_refused": 1},
    )


def ex_double_separate() -> Shown:
    steps = b_script(
        DOUBLE_HAND, ["B: meld besik QS#1 JD#1", "win", "B: meld besik QS#2 JD#2", "win"]
    )
    state = steps[-1][0]
    why = refusal(state, "B: meld double-besik QS#1 QS#2 JD#1 JD#2")
    assert why is not None
    return Shown(
        rows=(
            row("First Besik", "Erster Besik", pcs("QS#1 JD#1")),
            row(
                "Second Besik, declared separately",
                "Zweiter Besik, getrennt gemeldet",
                pcs("QS#2 JD#2"),
            ),
        ),
        lines=(
            *said_events(steps[1][1]),
            *said_events(steps[3][1]),
            Text(
                f"On the next trick the double Besik is refused: “{why.render('en')}”.",
                f"Nach dem nächsten Stich wird der Doppel-Besik abgewiesen: „{_said(why)}“.",
            ),
        ),
        facts={"total": state.totals["B"], "double_refused": 1},
    )


def ex_triple_besik() -> Shown:
    hands = {
        "A": JUNK_A,
        "B": "QS#1 QS#2 QS#3 JD#1 JD#2 JD#3 8C#1 AH#1",
        "C": "7C#2 7D#2 8D#2 9D#2 7S#2 8S#2 9S#2 9C#2",
    }
    s = deal(hands, "8H#1", "AH#2 7C#3 8C#3 AH#3 9C#3 7D#3")
    s = act(s, "A: play 7C#1", "B: play 8C#1", "C: play 7D#2")
    s, first = act_events(s, "B: meld besik QS#1 JD#1")
    s = act(s, "B: draw", "B: play AH#1", "C: play 7C#2", "A: play 8D#1")
    trip = "B: meld triple-besik QS#1 QS#2 QS#3 JD#1 JD#2 JD#3"
    s, events = act_events(s, trip)
    return Shown(
        rows=(
            row("First a Besik", "Zuerst ein Besik", pcs("QS#1 JD#1")),
            row(
                "Then all three pairs (three players, three packs)",
                "Dann alle drei Paare (drei Spieler, drei Kartenspiele)",
                pcs("QS#1 QS#2 QS#3 JD#1 JD#2 JD#3"),
            ),
        ),
        lines=(
            *said_events(first),
            *said_events(events),
            Text(
                "It builds on one earlier declaration (the Besik), the other two pairs fresh "
                f"from the hand: {s.totals['B']} points in all.",
                "Er baut auf einer früheren Meldung auf (dem Besik), die beiden anderen Paare "
                f"waren dafür noch nicht gemeldet: zusammen {s.totals['B']} Punkte.",
            ),
        ),
        facts={
            "besik": points_of(s, "B", "besik"),
            "triple": points_of(s, "B", "triple-besik"),
            "total": s.totals["B"],
        },
    )


# ---- the trump seven -------------------------------------------------------------------------


def ex_trump_seven() -> Shown:
    step = first_step("A: seven 7H#1")
    after = example_state(step)
    both = b_wins("7H#1 7H#2 8C#1 AS#1 10S#1 9H#1 KD#1 8D#2", up="KH#1")
    both_after, events = act_events(both, "B: seven 7H#1 7H#2")
    again = act(both_after, "B: draw", "B: play AS#1", "A: play 7D#1")
    why = refusal(again, "B: seven 7H#1")
    assert why is not None
    return Shown(
        rows=(
            row("The source's deal: A declares", "Aus dem Beispielspiel: A meldet", pcs("7H#1")),
            row(
                "Another deal: B declares both",
                "Ein anderes Spiel: B meldet beide",
                pcs("7H#1 7H#2"),
            ),
        ),
        lines=(
            *said_events(example_events(step)),
            *said_events(events),
            Text(
                f"Each seven scores once: declared again, it is refused (“{why.render('en')}”).",
                f"Jede Sieben zählt nur einmal: nochmals gemeldet, wird sie abgewiesen "
                f"(„{_said(why)}“).",
            ),
        ),
        facts={
            "one": points_of(after, "A", "trump_seven"),
            "both": points_of(both_after, "B", "trump_seven"),
        },
    )


def ex_seven_exchange() -> Shown:
    lost = example_state(5)  # B has led; A holds the seven but has not won a trick
    why = refusal(lost, "A: exchange 7H#1")
    assert why is not None
    seven = first_step("A: seven 7H#1")
    ex = first_step("A: exchange 7H#1")
    marriage = first_step("A: meld trump-marriage KH#1 QH#2")
    after = example_state(marriage)
    return Shown(
        rows=(
            row("The turned-up card before", "Die aufgedeckte Karte vorher", pcs("KH#1")),
            row("A's hand before", "Hand von A vorher", example_state(seven - 1).hand("A")),
            row(
                "A's hand after the exchange",
                "Hand von A nach dem Tausch",
                example_state(ex).hand("A"),
            ),
            row(
                "The turned-up card after",
                "Die aufgedeckte Karte nachher",
                [c for c in (example_state(ex).up,) if c is not None],
            ),
        ),
        lines=(
            Text(
                "Early in the deal A already holds the seven of hearts but has not won a trick: "
                f"“{why.render('en')}”.",
                "Früh im Spiel hat A schon die Herz-Sieben, aber noch keinen Stich: "
                f"„{_said(why)}“.",
            ),
            *said_events(example_events(seven)),
            *said_events(example_events(ex)),
            *said_events(example_events(marriage)),
            Text(
                f"On one turn: {points_of(after, 'A', 'trump_seven')} for the seven and "
                f"{points_of(after, 'A', 'trump-marriage')} for the trump marriage made with the "
                "card taken.",
                f"In einem Zug: {points_of(after, 'A', 'trump_seven')} für die Sieben und "
                f"{points_of(after, 'A', 'trump-marriage')} für die Trumpf-Heirat mit der "
                "eingetauschten Karte.",
            ),
        ),
        facts={
            "seven": points_of(after, "A", "trump_seven"),
            "trump_marriage": points_of(after, "A", "trump-marriage"),
            "up_after": int(example_state(ex).up == pcs("7H#1")[0]),
        },
    )


def ex_seven_turned_up() -> Shown:
    state, events = start_deal(
        hands={"A": pcs(JUNK_A), "B": pcs("KC#1 QC#1 8C#1 AS#1 10S#1 9H#1 7H#2 8D#2")},
        up_card=PhysicalCard.parse("7H#1"),
        talon=[
            c
            for c in iter_packs(2)
            if c not in set(pcs(JUNK_A)) | set(pcs("KC#1 QC#1 8C#1 AS#1 10S#1 9H#1 7H#2 8D#2 7H#1"))
        ],
    )
    return Shown(
        rows=(row("The 17th card, turned up", "Die 17. Karte, aufgedeckt", pcs("7H#1")),),
        lines=said_events(events),
        facts={
            "dealer": points_of(state, "B", "seven_turned_up"),
            "vorhand": state.totals["A"],
        },
    )


# ---- counting at the end ---------------------------------------------------------------------


def _won(state: State, seat: str) -> tuple[PhysicalCard, ...]:
    from cardtutor.engine.besik.uids import pcs as uid_pcs

    return uid_pcs(bit_indices(state.won[state.seat_index(seat)]))


def ex_augen() -> Shown:
    final = example_steps()[-1].state
    a_won = _won(final, "A")
    a_sum = sum(AUGEN[c.uid] for c in a_won)
    everything = sum(AUGEN[c.uid] for c in iter_packs(2))
    aug = final.score_breakdown()
    return Shown(
        rows=(
            row(
                "Cards A won in the source's deal",
                "Die Karten, die A im Beispielspiel gewann",
                a_won,
            ),
        ),
        lines=(
            Text(
                f"Counted: {a_sum} Augen for A. Credited: A "
                f"{aug['A']['augen']} and B {aug['B']['augen']}: together {everything}, "
                "all the Augen of the 64 cards.",
                f"Gezählt: {a_sum} Augen für A. Gutgeschrieben werden A {aug['A']['augen']} und "
                f"B {aug['B']['augen']}: zusammen {everything}, alle Augen der 64 Karten.",
            ),
        ),
        facts={
            "a": aug["A"]["augen"],
            "b": aug["B"]["augen"],
            "a_counted": a_sum,
            "all": everything,
        },
    )


def ex_last_trick() -> Shown:
    steps = example_steps()
    last = steps[-1]
    before = steps[-2].state
    trick = [c for _, c in before.current_trick]
    played = last.action
    assert isinstance(played, Play)
    score_events = [e for e in last.events if e.kind == "score" and e.category == "last_trick"]
    return Shown(
        rows=(row("B leads, A follows", "B spielt auf, A bedient", (*trick, played.card)),),
        lines=said_events(score_events),
        facts={
            "b": points_of(last.state, "B", "last_trick"),
            "a": points_of(last.state, "A", "last_trick"),
        },
    )


def replay_with(scores: Mapping[str, int]) -> list[Step[State, Action]]:
    """The source's deal again, with ``scores`` carried in from earlier deals, as part of a
    whole game."""
    record = example_record()
    deal_data = dict(record.deal) | {"scores": dict(scores), "play_to": "game"}
    from dataclasses import replace

    return replay(ENGINE, replace(record, deal=deal_data))


def _game_case(scores: Mapping[str, int]) -> tuple[State, int | None, tuple[Event, ...]]:
    steps = replay_with(scores)
    crossed = next((s.number for s in steps if max(s.state.scores) >= 1000), None)
    return steps[-1].state, crossed, tuple(steps[-1].events)


def ex_game() -> Shown:
    lines: list[Text] = []
    facts: dict[str, int] = {}
    cases = (("late", {"A": 560, "B": 700}), ("tie", {"A": 469, "B": 531}))
    for number, (key, scores) in enumerate(cases, start=1):
        final, crossed, events = _game_case(scores)
        lines.append(
            Text(
                f"Case {number}: A has {scores['A']} and B {scores['B']} from earlier deals, and "
                "the source's deal is played.",
                f"Fall {number}: A hat {scores['A']} und B {scores['B']} aus früheren Spielen, "
                "dann wird das Beispielspiel gespielt.",
            )
        )
        if crossed is not None and key == "late":
            mid_step = replay_with(scores)[crossed]
            assert isinstance(mid_step.action, Meld) and mid_step.action.kind == "four-aces"
            mid = mid_step.state
            lines.append(
                Text(
                    f"A passes 1000 during the deal ({mid.totals['A']} after his four aces), "
                    "but the game goes on to the end of the deal.",
                    f"A überschreitet 1000 schon während des Spiels ({mid.totals['A']} nach "
                    "seinen 4 Assen), aber die Partie geht bis zum Ende des Spiels weiter.",
                )
            )
            facts["mid_a"] = mid.totals["A"]
            facts["mid_over"] = int(mid.game_winner is not None)
        lines.extend(said(e.msg) for e in events if e.rule == "besik#game")
        facts[f"{key}_a"] = final.totals["A"]
        facts[f"{key}_b"] = final.totals["B"]
        facts[f"{key}_winner"] = (
            -1 if final.game_winner is None else final.seat_index(final.game_winner)
        )
        facts[f"{key}_deal_next"] = int(final.phase is Phase.DEAL)
    return Shown(rows=(), lines=tuple(lines), facts=facts)


def ex_deal_score() -> Shown:
    final = example_steps()[-1].state
    bd = final.score_breakdown()
    lines = []
    for seat in ("A", "B"):
        d = bd[seat]
        melds = sum(v for k, v in d.items() if k not in ("augen", "last_trick"))
        last = d.get("last_trick", 0)
        # The source's score sheet lists the last trick among the "Meldungen".
        sheet_en = (
            f" (the source's score sheet counts it among his {melds + last} “Meldungen”)"
            if last
            else ""
        )
        sheet_de = f" (die Quelle zählt ihn zu seinen {melds + last} „Meldungen“)" if last else ""
        lines.append(
            Text(
                f"{seat}: melds {melds}, last trick {last}{sheet_en}, Augen "
                f"{d['augen']}: {final.totals[seat]} points.",
                f"{seat}: Meldungen {melds}, letzter Stich {last}{sheet_de}, Augen "
                f"{d['augen']}: {final.totals[seat]} Punkte.",
            )
        )
    return Shown(
        rows=(),
        lines=tuple(lines),
        facts={"a": final.totals["A"], "b": final.totals["B"]},
    )


# ---- three and four players -------------------------------------------------------------------


def ex_three() -> Shown:
    state, events = start_deal(seats=("A", "B", "C"), seed=DEAL_SEED)
    return Shown(
        rows=(
            row(
                "The 25th card, turned up",
                "Die 25. Karte, aufgedeckt",
                (state.up,) if state.up else (),
            ),
        ),
        lines=(
            *said_events(events),
            Text(
                f"{state.table.packs} packs: {32 * state.table.packs} cards; "
                f"{len(state.table.talon)} lie face down.",
                f"{state.table.packs} Kartenspiele: {32 * state.table.packs} Karten; "
                f"{len(state.table.talon)} liegen verdeckt.",
            ),
        ),
        facts={
            "packs": state.table.packs,
            "face_down": len(state.table.talon),
            "to_draw": state.talon_count,
        },
    )


def ex_three_tripel() -> Shown:
    hands = {
        "A": "QS#1 QS#2 QS#3 JD#1 JD#2 JD#3 8C#1 AH#1",
        "B": JUNK_A,
        "C": "7C#2 7D#2 8D#2 9D#2 7S#2 8S#2 9S#2 9C#2",
    }
    state = deal(hands, "8H#1")
    after, events = act_events(state, "A: meld triple-besik QS#1 QS#2 QS#3 JD#1 JD#2 JD#3")
    return Shown(
        rows=(row("A's first eight cards", "Die ersten acht Karten von A", pcs(hands["A"])),),
        lines=said_events(events),
        facts={
            "points": points_of(after, "A", "triple-besik"),
            "won": int(after.game_winner == "A"),
            "over": int(after.is_over),
        },
    )


def ex_four() -> Shown:
    state, events = start_deal(seats=("A", "B", "C", "D"), partnerships=True, seed=DEAL_SEED)
    return Shown(
        rows=(
            row(
                "The 33rd card, turned up",
                "Die 33. Karte, aufgedeckt",
                (state.up,) if state.up else (),
            ),
        ),
        lines=(
            *said_events(events),
            Text(
                f"Partnerships: {state.parties[0]} against {state.parties[1]}, one score each; "
                f"{state.table.packs} packs, {len(state.table.talon)} cards face down.",
                f"Parteien: {state.parties[0]} gegen {state.parties[1]}, je ein gemeinsamer "
                f"Stand; {state.table.packs} Kartenspiele, {len(state.table.talon)} Karten "
                "verdeckt.",
            ),
        ),
        facts={
            "packs": state.table.packs,
            "face_down": len(state.table.talon),
            "parties": len(state.parties),
        },
    )


def ex_four_partners() -> Shown:
    hands = {
        "A": "KC#1 QC#1 QS#1 8C#1 AS#1 10S#1 9H#1 8D#2",
        "B": JUNK_A,
        "C": "JD#1 7C#2 7D#2 9D#2 7S#2 8S#2 9S#2 9C#2",
        "D": "7C#3 7D#3 8D#3 9D#3 7S#3 8S#3 9S#3 9C#3",
    }
    state = deal(hands, "8H#1", partnerships=True)
    state = act(state, "A: play 8C#1", "B: play 7C#1", "C: play 7C#2", "D: play 7C#3")
    why = refusal(state, "A: meld besik QS#1 JD#1")
    assert why is not None
    after, events = act_events(state, "A: meld marriage KC#1 QC#1")
    party = after.party_of("A")
    return Shown(
        rows=(
            row(
                "The first trick: A wins with the eight of clubs",
                "Der erste Stich: A gewinnt mit der Kreuz-Acht",
                pcs("8C#1 7C#1 7C#2 7C#3"),
            ),
            row("A's hand", "Hand von A", state.hand("A")),
            row("His partner C holds", "Sein Partner C hat", pcs("JD#1")),
        ),
        lines=(
            Text(
                "A's queen of spades and C's jack of diamonds make no Besik: “"
                f"{why.render('en')}”.",
                f"Pik-Dame von A und Karo-Bauer von C ergeben keinen Besik: „{_said(why)}“.",
            ),
            *said_events(events),
            Text(
                f"The points go to the partnership: {party} {after.totals[party]}.",
                f"Die Punkte gehören der Partei: {party} {after.totals[party]}.",
            ),
        ),
        facts={"partnership": after.totals[party], "besik_refused": 1},
    )


# ---- standard Bezique ---------------------------------------------------------------------------


def standard(state: State) -> State:
    """The same position under the standard (English) rules."""
    return state._replace(table=state.table._replace(rules=StandardRuleset))


def ex_standard() -> Shown:
    quint_step = first_step("B: meld quint-major AC#1 10C#1 KC#1 QC#2 JC#1")
    q = refusal(
        standard(example_state(quint_step - 1)), "B: meld quint-major AC#1 10C#1 KC#1 QC#2 JC#1"
    )
    late = first_step("B: meld marriage KC#1 QC#2")  # declared after drawing
    d = refusal(standard(example_state(late - 1)), "B: meld marriage KC#1 QC#2")
    end = _end_step("A: play 7D#2")
    legal_std = legal_cards(standard(example_state(end - 1)))
    legal_seed = legal_cards(example_state(end - 1))
    assert q is not None and d is not None
    return Shown(
        rows=(
            row(
                "Trick 25 of the source: B leads",
                "Stich 25 des Beispiels: B spielt auf",
                [c for _, c in example_state(end - 1).current_trick],
            ),
            row("A may play (these rules)", "A darf spielen (nach diesen Regeln)", legal_seed),
            row("A may play (standard Bezique)", "A darf spielen (im Standard-Bezique)", legal_std),
        ),
        lines=(
            Text(
                f"B's Quint-Major in clubs (hearts are trumps): “{q.render('en')}”.",
                f"Die Quint-Major von B in Kreuz (Herz ist Trumpf): „{_said(q)}“.",
            ),
            Text(
                f"B's marriage of clubs, declared after drawing: “{d.render('en')}”.",
                f"Die Kreuz-Heirat von B, nach dem Ziehen gemeldet: „{_said(d)}“.",
            ),
            Text(
                "In the last eight tricks A must also win the trick if he can: only the cards "
                f"that beat the eight are legal, {len(legal_std)} instead of {len(legal_seed)}.",
                "In den letzten acht Stichen muss A den Stich auch gewinnen, wenn er kann: "
                f"erlaubt sind nur die Karten, die die Acht schlagen, {len(legal_std)} statt "
                f"{len(legal_seed)}.",
            ),
        ),
        facts={
            "legal_standard": len(legal_std),
            "legal_seed": len(legal_seed),
            "quint_refused": 1,
            "after_draw_refused": 1,
        },
    )


STANDARD_SEED = 5


def play_plain(state: State) -> tuple[State, tuple[Event, ...]]:
    """Play a deal to its end with no melds: draw at once, always the first legal card."""
    events: tuple[Event, ...] = ()
    while not state.is_over:
        if state.phase is Phase.DRAW:
            a: Action = Draw(state.seat_to_act or "")
        else:
            a = state.legal_actions.plays()[0]
        state, ev = apply(state, a)
        events = tuple(ev)
    return state, events


def ex_brisques() -> Shown:
    state, _ = start_deal(ruleset="standard", seed=STANDARD_SEED)
    final, events = play_plain(state)
    lines = [
        Text(
            "A standard deal played out without melds, each player always playing his first "
            "allowed card; the end of the deal is counted so:",
            "Ein Standard-Spiel ohne Meldungen, in dem jeder stets seine erste erlaubte Karte "
            "spielt; das Ende des Spiels wird so gezählt:",
        ),
        *(said(e.msg) for e in events if e.kind == "score"),
    ]
    facts: dict[str, int] = {}
    rows = []
    for seat in ("A", "B"):
        won = _won(final, seat)
        br = [c for c in won if BRISQUE[c.uid]]
        rows.append(row(f"Brisques {seat} won", f"Brisques von {seat}", br))
        facts[f"brisques_{seat.lower()}"] = points_of(final, seat, "brisques")
        facts[f"count_{seat.lower()}"] = len(br)
        augen = sum(AUGEN[c.uid] for c in won)
        facts[f"augen_{seat.lower()}"] = augen
    lines.append(
        Text(
            f"Counted in Augen the same tricks would give A {facts['augen_a']} and B "
            f"{facts['augen_b']}; as brisques ({POINTS_BRISQUE} each) A {facts['brisques_a']} "
            f"and B {facts['brisques_b']}.",
            f"In Augen gezählt brächten dieselben Stiche A {facts['augen_a']} und B "
            f"{facts['augen_b']}; als Brisques (je {POINTS_BRISQUE}) A {facts['brisques_a']} "
            f"und B {facts['brisques_b']}.",
        )
    )
    return Shown(rows=tuple(rows), lines=tuple(lines), facts=facts)


# ---- strategy: the solver's verdict ------------------------------------------------------------


def ex_solver_end() -> Shown:
    end = _end_step("A: play 7D#2")
    state = example_state(end - 1)
    sol = solve_besik(state)
    seven = Play("A", pcs("7D#2")[0])
    best = sol.best[0]
    gain = sol.points(best)["A"] - sol.points(seven)["A"]
    played = 32 * state.table.packs - sum(len(state.hand(s)) for s in state.seats) - 1
    return Shown(
        rows=(
            row("B leads", "B spielt auf", [c for _, c in state.current_trick]),
            row("A's hand", "Hand von A", state.hand("A")),
            row("B's hand", "Hand von B", state.hand("B")),
        ),
        lines=(
            Text(
                f"The source's A plays the {name(seven.card, False)}. {played} cards have been "
                "played, so a player who has kept track of them knows the other's eight. With "
                f"both hands open the analysis rates the seven {sol.loss(seven)} points worse (A's "
                "points minus B's) than the "
                f"{name(best.card, False)}, with which A would have made "
                f"{sol.points(best)['A']} of the remaining points instead of "
                f"{sol.points(seven)['A']} (both sides playing their best).",
                f"A spielt im Beispiel {name(seven.card, True):acc}. {played} Karten sind gespielt; "
                "wer sie mitgezählt hat, kennt die acht Karten des Gegners. Mit offenen Karten "
                f"bewertet die Analyse die Sieben um {sol.loss(seven)} Punkte (die Punkte "
                f"von A minus die von B) schlechter als "
                f"{name(best.card, True):nom}: mit {name(best.card, True):dat} hätte A von den restlichen "
                f"Punkten {sol.points(best)['A']} statt {sol.points(seven)['A']} gemacht (bei "
                "bestem Spiel beider Seiten).",
            ),
            Text(
                f"Taking the eight with the ace wins the lead and {gain} more points for A: the "
                "freedom the rules leave (no duty to win) is not always the best choice.",
                f"Die Acht mit dem As zu überstechen bringt A das Aufspiel und {gain} Punkte mehr: "
                "die Freiheit, die die Regel lässt (kein Stichzwang), ist nicht immer die beste "
                "Wahl.",
            ),
        ),
        facts={
            "loss": sol.loss(seven),
            "best_a": sol.points(best)["A"],
            "seven_a": sol.points(seven)["A"],
        },
    )


def ex_low_trick() -> Shown:
    steps = example_steps()
    step = next(
        s.number
        for s in steps[1:]
        if s.action is not None
        and isinstance(s.action, Play)
        and s.action.card == pcs("JD#1")[0]
        and s.seat == "A"
    )
    before = example_state(step - 1)
    led = before.current_trick[0][1]
    trumps = [c for c in before.hand("A") if c.suit == before.trumps]
    aces = [c for c in before.hand("A") if c.card.rank == Rank.ACE]
    ace_trump = next(c for c in trumps if c.card.rank == Rank.ACE)
    # Won with either trump, the trick would let A declare nothing, before or after the draw.
    melds_if_won = 0
    for trump in trumps:
        won = act(before, f"A: play {trump.code}")
        melds_if_won += len(won.legal_actions.melds())
        melds_if_won += len(act(won, "A: draw").legal_actions.melds())
    assert melds_if_won == 0
    # The next time A trumps with a high trump of his: to win a trick and declare a meld.
    later = next(
        s
        for s in steps[step + 1 :]
        if isinstance(s.action, Play) and s.seat == "A" and s.action.card in trumps
    )
    meld = next(s for s in steps[later.number + 1 :] if isinstance(s.action, Meld))
    assert isinstance(later.action, Play) and isinstance(meld.action, Meld)
    assert meld.seat == "A" and meld.action.kind == "four-aces"
    aces_points = points_of(meld.state, "A", "four-aces")
    tricks_later = later.state.trick_no - example_state(step).trick_no
    spent, beaten = later.action.card, example_state(later.number - 1).current_trick[0][1]
    when_en = "In the very next trick" if tricks_later == 1 else f"{tricks_later} tricks later"
    when_de = "Gleich im nächsten Stich" if tricks_later == 1 else f"{tricks_later} Stiche später"
    return Shown(
        rows=(
            row("B leads", "B spielt auf", (led,)),
            row("A's trumps", "Trümpfe von A", trumps),
        ),
        lines=(
            Text(
                f"The {name(led, False)} is worth {AUGEN[led.uid]} Augen. Trumping with the "
                f"{names(trumps, False).replace(' and ', ' or ')} would win it, and the trump's "
                f"own {' or '.join(str(AUGEN[c.uid]) for c in trumps)} Augen would stay in A's "
                "trick: they are not the cost. The cost is the trump itself. A has only "
                f"{number_word(len(trumps), False)}, and he needs them later: to win a trick when he has a meld to "
                "declare, and in the last eight tricks, where trumps decide. The "
                f"{name(ace_trump, False)} is also one of his {number_word(len(aces), False)} aces, "
                f"and he hopes for a fourth: four aces score {aces_points}. Winning now would bring him the {AUGEN[led.uid]} Augen and the "
                "lead, but nothing to declare. So A throws off the jack of diamonds "
                f"({AUGEN[pcs('JD#1')[0].uid]} Augen).",
                f"{name(led, True):Nom} ist {AUGEN[led.uid]} Augen wert. Mit "
                f"{names(trumps, True).replace(' und ', ' oder ')} getrumpft, gehörte der Stich "
                f"A, und die {' bzw. '.join(str(AUGEN[c.uid]) for c in trumps)} Augen des "
                "Trumpfs blieben in seinem eigenen Stich: Sie gehen nicht verloren; was A opfert, "
                f"ist der Trumpf selbst. A hat nur {number_word(len(trumps), True)}, und er braucht sie später: "
                "für einen Stich, wenn er etwas zu melden hat, und für die letzten acht Stiche, "
                f"in denen die Trümpfe entscheiden. {name(ace_trump, True):Nom} ist außerdem eines "
                f"seiner {number_word(len(aces), True)} Asse, und er hofft auf das vierte: vier "
                f"Asse zählen {aces_points}. Jetzt brächte ihm der "
                f"Stich die {AUGEN[led.uid]} Augen und das Aufspiel, aber nichts zu melden. Darum "
                "wirft A den Karo-Bauern ab "
                f"({AUGEN[pcs('JD#1')[0].uid]} Augen).",
            ),
            Text(
                f"{when_en} he spends the {name(spent, False)} after all: he trumps the "
                f"{name(beaten, False)} with it, and the won trick lets him declare four aces "
                f"({aces_points}).",
                f"{when_de} setzt er {name(spent, True):acc} dann doch ein: er trumpft damit "
                f"{name(beaten, True):acc}, und der gewonnene Stich erlaubt ihm, vier Asse zu "
                f"melden ({aces_points}).",
            ),
        ),
        facts={
            "led": AUGEN[led.uid],
            "trumps": len(trumps),
            "aces": len(aces),
            "melds_if_won": melds_if_won,
            "tricks_later": tricks_later,
            "four_aces": aces_points,
        },
    )


def ex_ten_beats_king() -> Shown:
    """The cards' order and their Augen at work: one trick, the engine's winner and count."""
    lead, reply = "KS#1", "10S#1"
    state, events = one_trick(lead, reply)
    winner = state.seat_to_act or ""
    pile = pcs(f"{lead} {reply}")
    augen = sum(AUGEN[c.uid] for c in pile)
    told = said(events[-1].msg)
    return Shown(
        rows=(row("A leads, B plays", "A spielt auf, B gibt zu", pile),),
        lines=(
            told,  # (the engine's own "B wins the trick."; the line under it says why)
            Text(
                f"The ten ranks above the king. The two cards are worth "
                f"{augen} Augen to {winner} at the end of the deal "
                f"({AUGEN[pile[1].uid]} for the ten, {AUGEN[pile[0].uid]} for the king).",
                "Die Zehn steht über dem König. Die beiden Karten "
                f"bringen {winner} am Ende des Spiels {augen} Augen "
                f"({AUGEN[pile[1].uid]} für die Zehn, {AUGEN[pile[0].uid]} für den König).",
            ),
        ),
        facts={"winner": state.seat_index(winner), "augen": augen},
    )
