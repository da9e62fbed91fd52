"""The card table of a replay step: who sits where, the hands sorted, what to highlight.

:func:`board` takes the engine's view for the chosen perspective (built once in
``presentation.step_context``) and lays it out the way players sit: the seat being followed at
the bottom (with "All cards": the first seat, A, always, so the table never turns while
stepping), the others at the top; the current trick, or the trick just won and its winner, in
the middle; Piquet's stock as elder's and younger's groups, Besik's talon and turned-up card
beside it. It adds nothing the view hides: a hidden card stays ``None`` (drawn as a back) and a
card is highlighted as declared only where the viewer may see it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext_lazy, pgettext_lazy

from cardtutor.engine.cards import Card, PhysicalCard, Rank, Suit, cards_from_mask
from cardtutor.engine.piquet.constants import YOUNGER_STOCK
from cardtutor.replays.moves import TRICK_EVENTS

AnyCard = Card | PhysicalCard

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The preferred order of suits in a hand: black, red, black, red."""
RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})
RANK_ORDER = {
    # Piquet: A K Q J 10 9 8 7
    "piquet": {rank: -int(rank) for rank in Rank},
    # Besik: A 10 K D B 9 8 7
    "besik": {
        Rank.ACE: 0,
        Rank.TEN: 1,
        Rank.KING: 2,
        Rank.QUEEN: 3,
        Rank.JACK: 4,
        Rank.NINE: 5,
        Rank.EIGHT: 6,
        Rank.SEVEN: 7,
    },
}

MARKS = {
    "declared": gettext_lazy("declared in this step"),
    "taken": gettext_lazy("taken in this step"),
}


def _card(card: AnyCard) -> Card:
    return card.card if isinstance(card, PhysicalCard) else card


@lru_cache(maxsize=32)
def suit_order(suits: frozenset[Suit]) -> tuple[Suit, ...]:
    """The suits of a hand in an order whose colours alternate as far as they can.

    >>> [s.name for s in suit_order(frozenset(Suit))]
    ['SPADES', 'HEARTS', 'CLUBS', 'DIAMONDS']
    >>> [s.name for s in suit_order(frozenset({Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS}))]
    ['SPADES', 'DIAMONDS', 'CLUBS']
    """

    def changes(order: tuple[Suit, ...]) -> int:
        return sum((a in RED) != (b in RED) for a, b in itertools.pairwise(order))

    candidates = sorted(
        itertools.permutations(sorted(suits, key=SUIT_ORDER.index)),
        key=lambda order: (-changes(order), [SUIT_ORDER.index(s) for s in order]),
    )
    return candidates[0] if candidates else ()


def sort_hand(cards: Iterable[AnyCard], game: str) -> list[AnyCard]:
    """Cards by suit (colours alternating), then by the game's rank order, highest first.

    >>> codes = "7C AH 10S KS JD 9H QC".split()
    >>> [c.code for c in sort_hand([Card.parse(c) for c in codes], "piquet")]
    ['KS', '10S', 'AH', '9H', 'QC', '7C', 'JD']
    >>> [c.code for c in sort_hand([PhysicalCard.parse(c) for c in ("KH", "10H", "AH")], "besik")]
    ['AH#1', '10H#1', 'KH#1']
    """
    cards = list(cards)
    order = suit_order(frozenset(_card(c).suit for c in cards))
    ranks = RANK_ORDER.get(game, RANK_ORDER["piquet"])
    return sorted(
        cards,
        key=lambda c: (
            order.index(_card(c).suit),
            ranks[_card(c).rank],
            c.copy if isinstance(c, PhysicalCard) else 0,
        ),
    )


def _known(cards: Iterable[AnyCard | None]) -> list[AnyCard]:
    return [c for c in cards if c is not None]


def _seat_cards(
    cards: Sequence[AnyCard | None], game: str, marked: frozenset[AnyCard]
) -> tuple[list[dict[str, Any]], int]:
    """The known cards sorted, each with its highlight; and how many are face down."""
    known = [c for c in cards if c is not None]
    return (
        [{"card": c, "marked": c in marked} for c in sort_hand(known, game)],
        len(cards) - len(known),
    )


def marked_cards(game: str, step: Any, view: Any, before: Any) -> tuple[frozenset[Any], str]:
    """The cards this step declared (or took), as far as ``view`` may show them, and why.

    Piquet: a declaration's cards, in the declarer's own hand and with "All cards"; in the
    opponent's view only those already shown (a claim's cards are not shown before it is good).
    Besik: a meld's or a seven's cards (shown on the table); the turned-up card taken for the
    seven, where the viewer sees the taker's hand.
    """
    data = step.action_json or {}
    kind, seat = data.get("type"), step.seat
    if seat is None:
        return frozenset(), ""
    visible = {c for c in view.hands.get(seat, ()) if c is not None}
    if game == "piquet" and kind == "declare":
        cards = set(cards_from_mask(step.action.cards))
        if view.seat not in (None, seat):
            cards &= set(view.shown.get(seat, ()))
        return frozenset(cards & visible), "declared"
    if game == "besik" and kind in ("meld", "seven"):
        return frozenset(set(step.action.cards) & visible), "declared"
    if game == "besik" and kind == "exchange":
        up = getattr(before, "up_card", None)
        return frozenset({up} & visible), "taken"
    return frozenset(), ""


def trick_winner(timeline: Any, number: int) -> tuple[str | None, int]:
    """Who won the last trick completed at or before step ``number``, and at which step."""
    for step in reversed(timeline.steps[: number + 1]):
        for event in step.events:
            if event.msg.key in TRICK_EVENTS:
                return event.seat, step.number
    return None, -1


def _stock_groups(view: Any) -> list[dict[str, Any]]:
    """Piquet's stock, top first: elder's five and younger's three until elder has exchanged;
    then what elder left (younger may take it) and younger's three; then what is left over.
    Younger's three are always the bottom three, so the split is by count alone (public)."""
    stock = list(view.stock)
    if not stock:
        return []
    elder, younger = view.elder, view.dealer
    split = max(0, len(stock) - YOUNGER_STOCK)
    if view.phase.value == "exchange" and not view.discards.get(elder):
        return [
            {"kind": "elder", "seat": elder, "cards": stock[:split]},
            {"kind": "younger", "seat": younger, "cards": stock[split:]},
        ]
    if view.phase.value == "exchange" and not view.discards.get(younger):
        groups = [{"kind": "younger", "seat": younger, "cards": stock[split:]}]
        if split:
            groups.insert(0, {"kind": "left_by_elder", "seat": elder, "cards": stock[:split]})
        return groups
    return [{"kind": "left_over", "seat": "", "cards": stock}]


def board(timeline: Any, number: int, perspective: str, table: dict[str, Any]) -> dict[str, Any]:
    """The table laid out for the template (``replays/_<game>_table.html``)."""
    game = timeline.game
    view = table["view"]
    step = timeline.steps[number]
    seat = None if perspective == "all" else perspective
    before = timeline.steps[number - 1].state.view(seat) if number > 0 else view
    marked, why = marked_cards(game, step, view, before)
    bottom = perspective if perspective in view.seats else view.seats[0]

    seats = []
    for entry in table["seats"]:
        name = entry["seat"]
        hand = tuple(view.hands.get(name, ()))
        row: tuple[Any, ...] = tuple(entry.get("declared") or ())
        concealed = hand[len(row) :]
        cards, hidden = _seat_cards(concealed, game, marked)
        row_cards, _ = _seat_cards(row, game, marked)
        seats.append(
            {
                **entry,
                "position": "bottom" if name == bottom else "top",
                "cards": cards,
                "hidden": hidden,
                "count": len(hand),
                "backs": [None] * hidden,
                "row": row_cards,
                "discard_known": sort_hand(_known(entry.get("discards") or ()), game),
                "shown": sort_hand(entry.get("shown") or (), game),
                "marked_any": any(c["marked"] for c in cards + row_cards),
            }
        )
    top = [s for s in seats if s["position"] == "top"]
    bottom_seats = [s for s in seats if s["position"] == "bottom"]

    over = bool(step.outcome.deal_over) or view.phase.value in ("over", "deal_over", "deal")
    winner, won_at = trick_winner(timeline, number)
    if view.trick:
        trick = {"state": "current", "cards": list(view.trick), "winner": None}
    else:
        last: list[tuple[str, Any]] = []
        if game == "piquet" and view.tricks:
            t = view.tricks[-1]
            last, winner = [(t.leader, t.lead), (t.follower, t.follow)], t.winner
        elif game == "besik" and view.last_trick:
            last = list(view.last_trick)
        if last:
            state = "just_won" if won_at == number else "last"
            trick = {"state": state, "cards": last, "winner": winner}
        else:
            trick = {"state": "empty", "cards": [], "winner": None}
    centre: dict[str, Any] = {"over": over, "to_lead": None if over else view.seat_to_act}
    if game == "piquet":
        centre["stock"] = _stock_groups(view)
        centre["play_begun"] = view.phase.value in ("play", "over", "deal_over")
    elif game == "besik":
        up = view.up_card
        centre["face_down"] = max(0, view.talon_count - (1 if up is not None else 0))
        centre["up_card"] = up
        centre["end_play"] = bool(view.end_play) and not over
        centre["standard"] = getattr(view, "ruleset", "") == "standard"
    return {
        "top": top,
        "bottom": bottom_seats,
        "trick": trick,
        "centre": centre,
        # Piquet's declarations are "angesagt" in German, Besik's melds "gemeldet"
        "mark": pgettext_lazy("piquet", "declared in this step")
        if game == "piquet" and why == "declared"
        else MARKS.get(why, ""),
        "mark_kind": why,
        "game": game,
        "view": view,
    }
