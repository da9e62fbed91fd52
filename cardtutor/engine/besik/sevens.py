"""The trump seven: declaring it (one or both at once) and exchanging it (RULES.md 3.4)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from cardtutor.engine.besik.actions import Action, DeclareSeven, Exchange
from cardtutor.engine.besik.constants import POINTS_TRUMP_SEVEN
from cardtutor.engine.besik.melds import U_SEVEN
from cardtutor.engine.besik.scoring import add_points, totals_of
from cardtutor.engine.besik.state import DRAW, PLAY, State, check_held, may_declare, window_refusal
from cardtutor.engine.besik.uids import PC, RANK_OF, SEVEN, SEVEN_MASK, SUIT_MASK, pcs
from cardtutor.engine.cards import PhysicalCard, bit_indices
from cardtutor.engine.events import Event
from cardtutor.engine.text import Msg


def check_seven_cards(s: State, cards: Sequence[PhysicalCard]) -> tuple[int, Msg | None]:
    mask, m = check_held(s, cards)
    if m is not None:
        return 0, m
    trump_sevens = SEVEN_MASK & SUIT_MASK[s.table.trump]
    for c in cards:
        if not trump_sevens >> c.uid & 1:
            return 0, Msg("besik.err.not_seven", card=c)
    return mask, None


def check_seven(s: State, a: DeclareSeven) -> Msg | None:
    if (m := window_refusal(s)) is not None:
        return m
    if not a.cards:
        return Msg("besik.err.sevens_none")
    if len(a.cards) > 2:
        return Msg("besik.err.sevens_count")
    mask, m = check_seven_cards(s, a.cards)
    if m is not None:
        return m
    if mask & s.used[U_SEVEN]:
        u = bit_indices(mask & s.used[U_SEVEN])[0]
        return Msg("besik.err.seven_done", card=PC[u], code=PC[u].code)
    return None


def check_exchange(s: State, a: Exchange) -> Msg | None:
    if (m := window_refusal(s)) is not None:
        return m
    _, m = check_seven_cards(s, (a.card,))
    if m is not None:
        return m
    if s.up_card < 0:
        return Msg("besik.err.no_up")
    if RANK_OF[s.up_card] == SEVEN:
        return Msg("besik.err.up_is_seven")
    return None


def seven_candidates(s: State) -> list[Action]:
    if (s.phase is not PLAY and s.phase is not DRAW) or not may_declare(s):
        return []
    t = s.table
    sevens = s.hands[s.turn] & SEVEN_MASK & SUIT_MASK[t.trump]
    if not sevens:
        return []
    name = t.seats[s.turn]
    out: list[Action] = []
    fresh = bit_indices(sevens & ~s.used[U_SEVEN])
    for u in fresh:
        out.append(_single_seven(name, u))
    for pair in combinations(fresh, 2):  # three packs: up to three trump sevens
        out.append(DeclareSeven(name, pcs(pair)))
    if s.up_card >= 0 and RANK_OF[s.up_card] != SEVEN:
        for u in bit_indices(sevens):
            out.append(_exchange(name, u))
    return out


# The commonest candidates, shared (actions are immutable): building a frozen dataclass
# costs more than a look-up, and a player holding a trump seven lists them at every turn.
_SINGLE_SEVENS: dict[tuple[str, int], DeclareSeven] = {}
_EXCHANGES: dict[tuple[str, int], Exchange] = {}


def _single_seven(seat: str, u: int) -> DeclareSeven:
    action = _SINGLE_SEVENS.get((seat, u))
    if action is None:
        action = _SINGLE_SEVENS[seat, u] = DeclareSeven(seat, (PC[u],))
    return action


def _exchange(seat: str, u: int) -> Exchange:
    action = _EXCHANGES.get((seat, u))
    if action is None:
        action = _EXCHANGES[seat, u] = Exchange(seat, PC[u])
    return action


def apply_seven(
    s: State, cards: Sequence[PhysicalCard], explain: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Declare the (legal) trump sevens ``cards``; ``explain=False`` skips the events."""
    t = s.table
    seat = s.turn
    p = t.party_of[seat]
    uids = sorted(c.uid for c in cards)
    mask = sum(1 << u for u in uids)
    points = POINTS_TRUMP_SEVEN * len(uids)
    declared = list(s.declared)
    declared[seat] |= mask
    used = list(s.used)
    used[U_SEVEN] |= mask
    scores = add_points(s.scores, p, points)
    new = s._replace(
        declared=tuple(declared),
        used=tuple(used),
        scores=scores,
        log=s.log + ((p, "trump_seven", points),),
    )
    if not explain:
        return new, ()
    name = t.seats[seat]
    shown = pcs(uids)
    key = "besik.score.sevens" if len(uids) == 2 else "besik.score.seven"
    ev = Event.score(
        name,
        "trump_seven",
        points,
        Msg(key, seat=name, cards=shown, points=points),
        rule="besik#trump-seven",
        totals=totals_of(t, scores),
        cards=shown,
    )
    return new, (ev,)


def apply_exchange(s: State, u: int, explain: bool = True) -> tuple[State, tuple[Event, ...]]:
    """Exchange the (legal) trump seven ``u`` for the face-up card, declaring it first if
    it was not declared; ``explain=False`` skips the events."""
    events: list[Event] = []
    if not s.used[U_SEVEN] >> u & 1:
        s, evs = apply_seven(s, (PC[u],), explain)
        events += evs
    seat = s.turn
    up = s.up_card
    hands = list(s.hands)
    hands[seat] ^= (1 << u) | (1 << up)
    declared = list(s.declared)
    declared[seat] &= ~(1 << u)
    new = s._replace(hands=tuple(hands), declared=tuple(declared), up_card=u, taken=up)
    if explain:
        name = s.table.seats[seat]
        events.append(
            Event(
                "info",
                name,
                Msg("besik.exchange", seat=name, seven=PC[u], card=PC[up]),
                cards=(PC[u], PC[up]),
                rule="besik#seven-exchange",
            )
        )
    return new, tuple(events)
