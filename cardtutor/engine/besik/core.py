"""The Besik engine proper: state, actions, legality, :func:`apply`.

See the package docstring (:mod:`cardtutor.engine.besik`) for the public API and
the rule choices. Internally a physical card is its ``uid`` (``copy * 32 +
card.index``, 0..127), a hand is a bit mask of uids, and the state is a
:class:`typing.NamedTuple` built once per action (see NOTES.md, "Engine speed").
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any, NamedTuple

from cardtutor.engine.besik.rules import (
    MELD_POINTS,
    Ruleset,
    SeedRuleset,
    ruleset_by_name,
)
from cardtutor.engine.cards import ALL_CARDS, Card, PhysicalCard, Suit, bit_indices
from cardtutor.engine.contract import Outcome, View
from cardtutor.engine.errors import IllegalActionError, NotationError
from cardtutor.engine.events import Event
from cardtutor.engine.text import Msg, register_messages

__all__ = [
    "Phase",
    "State",
    "Table",
    "DeclaredMeld",
    "BesikView",
    "Play",
    "Meld",
    "DeclareSeven",
    "Exchange",
    "Draw",
    "NewDeal",
    "Action",
    "LegalActions",
    "start_deal",
    "apply",
    "why_illegal",
    "parse_action",
    "action_to_json",
    "parse_action_text",
    "format_action",
    "visible_events",
    "PC",
    "SUIT_OF",
    "STRENGTH",
    "AUGEN",
    "BRISQUE",
    "POINTS_LAST_TRICK",
]

# --- card tables (uid = copy * 32 + card.index) -------------------------------------

MAXU = 128
PC: tuple[PhysicalCard, ...] = tuple(PhysicalCard(ALL_CARDS[u & 31], u >> 5) for u in range(MAXU))
SUIT_OF: tuple[int, ...] = tuple((u & 31) >> 3 for u in range(MAXU))
RANK_OF: tuple[int, ...] = tuple((u & 7) + 7 for u in range(MAXU))
_ORDER = {7: 0, 8: 1, 9: 2, 11: 3, 12: 4, 13: 5, 10: 6, 14: 7}  # A 10 K D B 9 8 7
STRENGTH: tuple[int, ...] = tuple(_ORDER[RANK_OF[u]] for u in range(MAXU))
_AUGEN = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}
AUGEN: tuple[int, ...] = tuple(_AUGEN.get(RANK_OF[u], 0) for u in range(MAXU))
BRISQUE: tuple[int, ...] = tuple(1 if RANK_OF[u] in (14, 10) else 0 for u in range(MAXU))
SUIT_MASK: tuple[int, ...] = tuple(
    sum(1 << u for u in range(MAXU) if SUIT_OF[u] == s) for s in range(4)
)
SEVEN_MASK = sum(1 << u for u in range(MAXU) if RANK_OF[u] == 7)
CARD_MASK: tuple[int, ...] = tuple(sum(1 << (k * 32 + i) for k in range(4)) for i in range(32))
"""Every copy of card index i."""
RANK_MASK: dict[int, int] = {
    r: sum(1 << u for u in range(MAXU) if RANK_OF[u] == r) for r in range(7, 15)
}

ACE, TEN, KING, QUEEN, JACK, SEVEN = 14, 10, 13, 12, 11, 7
POINTS_LAST_TRICK = 10
"""The last trick of a deal scores 10 (RULES.md 3.6)."""
QS_INDEX = Card.parse("QS").index
JD_INDEX = Card.parse("JD").index

# usage slots: a physical card serves at most once in each slot (RULES.md 3.3)
U_MARRIAGE, U_JACKS, U_QUEENS, U_KINGS, U_ACES = 0, 1, 2, 3, 4
U_BESIK, U_DOUBLE_BESIK, U_TRIPLE_BESIK, U_QUINT, U_SEVEN = 5, 6, 7, 8, 9
N_SLOTS = 10
_SLOTS: dict[str, tuple[int, ...]] = {
    "marriage": (U_MARRIAGE,),
    "trump-marriage": (U_MARRIAGE,),
    "double-marriage": (U_MARRIAGE,),
    "four-jacks": (U_JACKS,),
    "four-queens": (U_QUEENS,),
    "four-kings": (U_KINGS,),
    "four-aces": (U_ACES,),
    "besik": (U_BESIK,),
    # a double Besik counts as two Besiks declared at once (like the double marriage):
    # its cards are then used up for "besik" too; a triple Besik for both.
    "double-besik": (U_DOUBLE_BESIK, U_BESIK),
    "triple-besik": (U_TRIPLE_BESIK, U_DOUBLE_BESIK, U_BESIK),
    "quint-major": (U_QUINT,),
}
BESIK_PACKS = {"besik": 1, "double-besik": 2, "triple-besik": 3}
"""The Besik family: how many Pik-Damen and Karo-Bauern each meld holds."""
_FOUR = {"four-jacks": JACK, "four-queens": QUEEN, "four-kings": KING, "four-aces": ACE}
_QUINT_RANKS = (ACE, TEN, KING, QUEEN, JACK)


SORT_KEY: tuple[tuple[int, int, int], ...] = tuple(
    (SUIT_OF[u], -STRENGTH[u], u >> 5) for u in range(MAXU)
)
"""Display and canonical order: by suit (C D H S), then A 10 K D B 9 8 7, then pack."""


def _pcs(uids: Iterable[int]) -> tuple[PhysicalCard, ...]:
    return tuple(PC[u] for u in sorted(uids, key=SORT_KEY.__getitem__))


_uids = bit_indices


# --- actions --------------------------------------------------------------------------
#
# Actions are frozen dataclasses with the acting seat first; dataclass equality compares
# only actions of the same class, so ``Play("A", c) != Exchange("A", c)``.


def _sorted_cards(cards: Iterable[PhysicalCard | str]) -> tuple[PhysicalCard, ...]:
    pcs = [c if isinstance(c, PhysicalCard) else PhysicalCard.parse(c) for c in cards]
    return tuple(sorted(pcs, key=lambda c: SORT_KEY[c.uid]))


@dataclass(frozen=True, slots=True)
class Play:
    """Lead or play a card to the trick: ``{"type": "play", "seat": "A", "card": "QS#2"}``."""

    seat: str
    card: PhysicalCard

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "seat": self.seat, "card": self.card.code}


@dataclass(frozen=True, slots=True)
class Meld:
    """Declare a meld: ``{"type": "meld", "seat": "B", "kind": "besik", "cards": [...]}``.

    Build it with :meth:`of` so the cards are in canonical order (suit, rank, pack).

    >>> Meld.of("B", "besik", ["JD#2", "QS"])
    Meld(seat='B', kind='besik', cards=(PhysicalCard.parse('JD#2'), PhysicalCard.parse('QS#1')))
    """

    seat: str
    kind: str
    cards: tuple[PhysicalCard, ...]

    @classmethod
    def of(cls, seat: str, kind: str, cards: Iterable[PhysicalCard | str]) -> Meld:
        return cls(seat, kind, _sorted_cards(cards))

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "meld",
            "seat": self.seat,
            "kind": self.kind,
            "cards": [c.code for c in self.cards],
        }


@dataclass(frozen=True, slots=True)
class DeclareSeven:
    """Declare one or both trump sevens: ``{"type": "seven", "seat": "B", "cards": ["7H#1"]}``.

    :meth:`of` sorts the cards (canonical order, as :meth:`Meld.of`).
    """

    seat: str
    cards: tuple[PhysicalCard, ...]

    @classmethod
    def of(cls, seat: str, cards: Iterable[PhysicalCard | str]) -> DeclareSeven:
        return cls(seat, _sorted_cards(cards))

    def to_json(self) -> dict[str, Any]:
        return {"type": "seven", "seat": self.seat, "cards": [c.code for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Exchange:
    """Exchange a trump seven for the face-up card:
    ``{"type": "exchange", "seat": "B", "card": "7H#1"}``.

    If the seven has not been declared yet, the exchange declares it (10 points).
    """

    seat: str
    card: PhysicalCard

    def to_json(self) -> dict[str, Any]:
        return {"type": "exchange", "seat": self.seat, "card": self.card.code}


@dataclass(frozen=True, slots=True)
class Draw:
    """The trick winner draws, then the others in play order:
    ``{"type": "draw", "seat": "B"}`` (``seat`` is the trick winner)."""

    seat: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class NewDeal:
    """Whole-game records only: the next dealer (``seat``) deals, from a seed or cards.

    ``{"type": "deal", "seat": "A", "seed": 7}`` or with ``"hands": {...}, "up_card": ...,
    "talon": [...]`` (the same card fields as the record's deal).
    """

    seat: str
    seed: int | None = None
    hands: tuple[tuple[str, tuple[PhysicalCard, ...]], ...] = ()
    up_card: PhysicalCard | None = None
    talon: tuple[PhysicalCard, ...] = ()

    def to_json(self) -> dict[str, Any]:
        if self.seed is not None:
            return {"type": "deal", "seat": self.seat, "seed": self.seed}
        return {
            "type": "deal",
            "seat": self.seat,
            "hands": {seat: [c.code for c in cards] for seat, cards in self.hands},
            "up_card": self.up_card.code if self.up_card else None,
            "talon": [c.code for c in self.talon],
        }


Action = Play | Meld | DeclareSeven | Exchange | Draw | NewDeal
ACTION_TYPES = (Play, Meld, DeclareSeven, Exchange, Draw, NewDeal)


# --- state --------------------------------------------------------------------------


class DeclaredMeld(NamedTuple):
    """A meld on the table: who declared it, what, with which cards, for how much."""

    seat: str
    party: str
    kind: str
    cards: tuple[PhysicalCard, ...]
    points: int
    trick: int
    """Number of tricks completed when it was declared (0 = first turn)."""


class Table(NamedTuple):
    """What does not change during a deal."""

    rules: type[Ruleset]
    seats: tuple[str, ...]
    partnerships: bool
    packs: int
    party_of: tuple[int, ...]
    parties: tuple[str, ...]
    dealer: int
    trump: int
    talon: tuple[int, ...]
    """Face-down talon, top first (uids)."""
    up_initial: int
    deal: Mapping[str, Any]
    """This deal in record JSON form."""
    play_to_game: bool
    deal_no: int
    carried: tuple[int, ...]
    """Party totals before this deal."""
    target: int
    history: tuple[tuple[int, ...], ...] = ()
    """Whole-game records: each earlier deal's points per party, in order."""


class Phase(enum.Enum):
    """What the position waits for (``state.phase``)."""

    PLAY = "play"
    """Lead or play a card to the trick."""
    DRAW = "draw"
    """The trick winner may declare, then must draw."""
    DEAL = "deal"
    """Whole-game records: the deal is over and the next dealer deals."""
    OVER = "over"
    """The deal (one-deal record) or the game is over."""


PLAY, DRAW, DEAL, OVER = Phase.PLAY, Phase.DRAW, Phase.DEAL, Phase.OVER


class State(NamedTuple):
    """An immutable Besik position. Fields hold uids and bit masks; the properties
    and :meth:`view` give physical cards and names (the contract's names:
    :mod:`cardtutor.engine.contract`)."""

    table: Table
    hands: tuple[int, ...]
    """Per seat: mask of every card held, the declared row included."""
    declared: tuple[int, ...]
    """Per seat: mask of the declared row (shown, still in the hand)."""
    talon_pos: int
    up_card: int
    """uid of the face-up card, -1 once taken."""
    trick: tuple[tuple[int, int], ...]
    """Current trick: (seat index, uid) in play order."""
    turn: int
    """Seat index to act, -1 when over."""
    phase: Phase
    window: int
    """0: no declarations; 1: trick winner before the draw; 2: after the draw."""
    melded: bool
    taken: int
    """uid taken by the seven exchange this turn, or -1."""
    used: tuple[int, ...]
    melds: tuple[DeclaredMeld, ...]
    won: tuple[int, ...]
    tricks_won: tuple[int, ...]
    last_trick: tuple[tuple[int, int], ...]
    trick_no: int
    scores: tuple[int, ...]
    """Running totals per party (game totals, carried deals included)."""
    log: tuple[tuple[int, str, int], ...]
    """This deal's scores: (party, category or meld kind, points)."""
    winner: int
    """Winning party index once the game is won, else -1."""

    # ---- the contract's names and convenient read-only views ----

    @property
    def rules(self) -> type[Ruleset]:
        return self.table.rules

    @property
    def seats(self) -> tuple[str, ...]:
        return self.table.seats

    @property
    def parties(self) -> tuple[str, ...]:
        return self.table.parties

    @property
    def dealer(self) -> str:
        return self.table.seats[self.table.dealer]

    @property
    def trumps(self) -> Suit:
        return Suit(self.table.trump)

    @property
    def seat_to_act(self) -> str | None:
        """The seat to act (``None`` when the deal or game is over)."""
        return self.table.seats[self.turn] if self.turn >= 0 else None

    def seat_index(self, seat: str) -> int:
        return self.table.seats.index(seat)

    def party_of(self, seat: str) -> str:
        """The scoring party of a seat (the seat, or e.g. ``"A+C"`` with partnerships)."""
        return self.table.parties[self.table.party_of[self.seat_index(seat)]]

    def hand(self, seat: str) -> tuple[PhysicalCard, ...]:
        """Every card the seat holds (declared row included), in display order."""
        return _pcs(_uids(self.hands[self.seat_index(seat)]))

    def declared_row(self, seat: str) -> tuple[PhysicalCard, ...]:
        i = self.seat_index(seat)
        return _pcs(_uids(self.declared[i] & self.hands[i]))

    def concealed(self, seat: str) -> tuple[PhysicalCard, ...]:
        i = self.seat_index(seat)
        return _pcs(_uids(self.hands[i] & ~self.declared[i]))

    @property
    def talon_count(self) -> int:
        """Cards still to draw, the face-up card included."""
        return len(self.table.talon) - self.talon_pos + (self.up_card >= 0)

    @property
    def talon_order(self) -> tuple[PhysicalCard, ...]:
        """The face-down talon, top first (all-seeing perspective only)."""
        return tuple(PC[u] for u in self.table.talon[self.talon_pos :])

    @property
    def up(self) -> PhysicalCard | None:
        return PC[self.up_card] if self.up_card >= 0 else None

    @property
    def current_trick(self) -> tuple[tuple[str, PhysicalCard], ...]:
        return tuple((self.table.seats[s], PC[u]) for s, u in self.trick)

    @property
    def end_play(self) -> bool:
        """True in the last eight tricks (the talon is empty)."""
        return self.talon_pos >= len(self.table.talon) and self.up_card < 0

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def totals(self) -> dict[str, int]:
        """The game totals per party (carried scores included)."""
        return dict(zip(self.table.parties, self.scores, strict=True))

    @property
    def game_winner(self) -> str | None:
        return self.table.parties[self.winner] if self.winner >= 0 else None

    @property
    def legal_actions(self) -> LegalActions:
        """A lazy view: ``action in state.legal_actions`` is one cheap check."""
        return LegalActions(self)

    def deal_points(self) -> tuple[int, ...]:
        """This deal's points per party index (carried scores excluded)."""
        points = [0] * len(self.table.parties)
        for party, _, value in self.log:
            points[party] += value
        return tuple(points)

    def outcome(self) -> Outcome:
        """Where the deal and the game stand (:class:`~cardtutor.engine.contract.Outcome`).

        >>> state, _ = start_deal(seed=1)
        >>> o = state.outcome()
        >>> o.deal, o.game, o.deal_over, o.winner
        ({'A': 0, 'B': 0}, {'A': 0, 'B': 0}, False, None)
        """
        return _outcome(self)

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Per party: points by category or meld kind in this deal (``"previous_deals"``
        holds the totals carried from earlier deals of a whole game).

        >>> state, _ = start_deal(seed=1)
        >>> state.score_breakdown()
        {'A': {}, 'B': {}}
        """
        t = self.table
        out: dict[str, dict[str, int]] = {p: {} for p in t.parties}
        for i, carried in enumerate(t.carried):
            if carried:
                out[t.parties[i]]["previous_deals"] = carried
        for party, key, points in self.log:
            d = out[t.parties[party]]
            d[key] = d.get(key, 0) + points
        return out

    def view(self, seat: str | None = None) -> BesikView:
        """What ``seat`` may know (``None``: the all-seeing view); see :class:`BesikView`."""
        return _view(self, seat)


# --- dealing --------------------------------------------------------------------------


def _parties(seats: tuple[str, ...], partnerships: bool) -> tuple[tuple[int, ...], tuple[str, ...]]:
    if partnerships:
        return (0, 1, 0, 1), (f"{seats[0]}+{seats[2]}", f"{seats[1]}+{seats[3]}")
    return tuple(range(len(seats))), seats


def _deal_error(reason: str, **params: Any) -> NotationError:
    return NotationError(Msg("besik.err.deal", reason=Msg(f"besik.deal.{reason}", **params)))


def _cards_of(data: Any) -> list[PhysicalCard]:
    if not isinstance(data, (list, tuple)):
        raise _deal_error("shape")
    return [c if isinstance(c, PhysicalCard) else PhysicalCard.parse(c) for c in data]


def _layout(
    n: int,
    packs: int,
    dealer: int,
    seats: tuple[str, ...],
    seed: int | None,
    hands: Mapping[str, Any] | None,
    up_card: Any,
    talon: Any,
) -> tuple[list[int], int, tuple[int, ...]]:
    """Hands (masks), face-up uid and talon (uids, top first) from a seed or cards."""
    total = 32 * packs
    if seed is not None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise _deal_error("shape")
        order = list(range(total))
        random.Random(seed).shuffle(order)
        masks = [0] * n
        pos = 0
        for batch in (3, 2, 3):
            for i in range(n):
                seat = (dealer + 1 + i) % n
                for u in order[pos : pos + batch]:
                    masks[seat] |= 1 << u
                pos += batch
        return masks, order[pos], tuple(order[pos + 1 :])
    if hands is None or up_card is None or talon is None or not isinstance(hands, Mapping):
        raise _deal_error("missing")
    if set(hands) != set(seats):
        raise _deal_error("seats")
    masks = [0] * n
    seen = 0
    count = 0
    every: list[PhysicalCard] = []
    for i, seat_name in enumerate(seats):
        cards = _cards_of(hands[seat_name])
        if len(cards) != 8:
            raise _deal_error("eight", seat=seat_name)
        for c in cards:
            masks[i] |= 1 << c.uid
        every += cards
    up = up_card if isinstance(up_card, PhysicalCard) else PhysicalCard.parse(up_card)
    talon_cards = _cards_of(talon)
    every += [up, *talon_cards]
    for c in every:
        if c.uid >= total:
            raise _deal_error("packs", card=c, code=c.code, packs=packs)
        if seen >> c.uid & 1:
            raise _deal_error("twice", card=c, code=c.code)
        seen |= 1 << c.uid
        count += 1
    if count != total:
        raise _deal_error("count", count=count, total=total)
    return masks, up.uid, tuple(c.uid for c in talon_cards)


def _deal_json(
    n: int,
    seats: tuple[str, ...],
    dealer: int,
    partnerships: bool,
    seed: int | None,
    masks: list[int],
    up: int,
    talon: tuple[int, ...],
    play_to_game: bool,
    carried: Sequence[int] | None,
    parties: tuple[str, ...],
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": n,
        "dealer": seats[dealer],
        "partnerships": partnerships,
    }
    if seed is not None:
        data["seed"] = seed
    else:
        data["hands"] = {seats[i]: [PC[u].code for u in _uids(masks[i])] for i in range(n)}
        data["up_card"] = PC[up].code
        data["talon"] = [PC[u].code for u in talon]
    if play_to_game:
        data["play_to"] = "game"
    if carried is not None and any(carried):
        data["scores"] = dict(zip(parties, carried, strict=True))
    return data


def _initial_state(
    rules: type[Ruleset],
    seats: tuple[str, ...],
    dealer: int,
    partnerships: bool,
    seed: int | None,
    hands: Mapping[str, Any] | None,
    up_card: Any,
    talon: Any,
    play_to_game: bool,
    carried: tuple[int, ...] | None,
    deal_no: int,
    history: tuple[tuple[int, ...], ...] = (),
) -> tuple[State, tuple[Event, ...]]:
    n = len(seats)
    if n not in (2, 3, 4) or len(set(seats)) != n:
        raise _deal_error("players")
    if partnerships and n != 4:
        raise _deal_error("partners")
    packs = rules.packs(n)
    masks, up, talon_t = _layout(n, packs, dealer, seats, seed, hands, up_card, talon)
    party_of, parties = _parties(seats, partnerships)
    scores = carried if carried is not None else (0,) * len(parties)
    if len(scores) != len(parties):
        raise _deal_error("scores")
    deal = _deal_json(
        n, seats, dealer, partnerships, seed, masks, up, talon_t, play_to_game, carried, parties
    )
    trump = SUIT_OF[up]
    table = Table(
        rules,
        seats,
        partnerships,
        packs,
        party_of,
        parties,
        dealer,
        trump,
        talon_t,
        up,
        deal,
        play_to_game,
        deal_no,
        scores,
        rules.target(n),
        history,
    )
    zeros = (0,) * n
    used = [0] * N_SLOTS
    log: tuple[tuple[int, str, int], ...] = ()
    events = [
        Event(
            "info",
            seats[dealer],
            Msg(
                "besik.deal",
                dealer=seats[dealer],
                count=n,
                card=PC[up],
                suit=Suit(trump),
                talon=len(talon_t),
            ),
            cards=(PC[up],),
            rule="besik#deal",
        )
    ]
    if RANK_OF[up] == SEVEN:
        p = party_of[dealer]
        scores = _add(scores, p, 10)
        log = ((p, "seven_turned_up", 10),)
        used[U_SEVEN] |= 1 << up
        events.append(
            Event.score(
                seats[dealer],
                "seven_turned_up",
                10,
                Msg("besik.score.seven_up", seat=seats[dealer], card=PC[up], points=10),
                rule="besik#seven-turned-up",
                totals=dict(zip(parties, scores, strict=True)),
                cards=(PC[up],),
            )
        )
    state = State(
        table,
        tuple(masks),
        zeros,
        0,
        up,
        (),
        (dealer + 1) % n,
        PLAY,
        0,
        False,
        -1,
        tuple(used),
        (),
        zeros,
        zeros,
        (),
        0,
        scores,
        log,
        -1,
    )
    return state, tuple(events)


def start_deal(
    *,
    ruleset: type[Ruleset] | str = SeedRuleset,
    seats: Sequence[str] = ("A", "B"),
    dealer: str | None = None,
    partnerships: bool = False,
    seed: int | None = None,
    hands: Mapping[str, Sequence[PhysicalCard | str]] | None = None,
    up_card: PhysicalCard | str | None = None,
    talon: Sequence[PhysicalCard | str] | None = None,
    play_to: str = "deal",
    scores: Mapping[str, int] | None = None,
) -> tuple[State, tuple[Event, ...]]:
    """Deal a new Besik deal, from a ``seed`` or from explicit cards.

    ``seats`` are in play order (clockwise); the dealer defaults to the last seat, so the
    first seat is Vorhand and leads. ``play_to="game"`` keeps dealing until the game is
    won (each new deal is a :class:`NewDeal` action); ``scores`` carries party totals in.

    >>> state, events = start_deal(seed=1)
    >>> state.seat_to_act, state.dealer, state.talon_count, len(state.hand("A"))
    ('A', 'B', 48, 8)
    >>> sum(len(state.hand(s)) for s in state.seats) + state.talon_count
    64
    """
    rules = ruleset_by_name(ruleset) if isinstance(ruleset, str) else ruleset
    seats_t = tuple(seats)
    if dealer is None:
        dealer = seats_t[-1]
    if dealer not in seats_t:
        raise _deal_error("dealer", seat=dealer)
    if partnerships and len(seats_t) != 4:
        raise _deal_error("partners")
    _, parties = _parties(seats_t, partnerships)
    carried = None
    if scores:
        carried = tuple(int(scores.get(p, 0)) for p in parties)
    return _initial_state(
        rules,
        seats_t,
        seats_t.index(dealer),
        partnerships,
        seed,
        hands,
        up_card,
        talon,
        play_to == "game",
        carried,
        1,
    )


# --- legality -----------------------------------------------------------------------


def _add(scores: tuple[int, ...], party: int, points: int) -> tuple[int, ...]:
    lst = list(scores)
    lst[party] += points
    return tuple(lst)


def _beats(u: int, w: int, trump: int) -> bool:
    su, sw = SUIT_OF[u], SUIT_OF[w]
    if su == sw:
        return STRENGTH[u] > STRENGTH[w]
    return su == trump


def _trick_winner(trick: tuple[tuple[int, int], ...], trump: int) -> tuple[int, int]:
    ws, wu = trick[0]
    for seat, u in trick[1:]:
        if _beats(u, wu, trump):
            ws, wu = seat, u
    return ws, wu


def _playable(s: State, seat: int) -> int:
    """Mask of the cards ``seat`` may play now (phase "play")."""
    hand = s.hands[seat]
    if not s.trick or not s.end_play:
        return hand
    t = s.table
    trump = t.trump
    led = SUIT_OF[s.trick[0][1]]
    follow = hand & SUIT_MASK[led]
    must_win = t.rules.must_win_last_eight
    if follow:
        allowed = follow
    else:
        allowed = hand & SUIT_MASK[trump]
        if not allowed:
            return hand
    if must_win:
        _, w = _trick_winner(s.trick, trump)
        beating = 0
        for u in _uids(allowed):
            if _beats(u, w, trump):
                beating |= 1 << u
        if beating:
            return beating
    return allowed


def _phase_refusal(s: State) -> Msg | None:
    if s.phase is OVER:
        return Msg("besik.err.over")
    if s.phase is DEAL:
        return Msg("besik.err.deal_first", seat=s.table.seats[s.turn])
    return None


def _window_refusal(s: State) -> Msg | None:
    """Why the player to move may not declare now (None if he may)."""
    if s.window == 0:
        if s.end_play:
            return Msg("besik.err.talon_empty")
        return Msg("besik.err.no_trick")
    if s.window == 2 and not s.table.rules.meld_after_draw:
        return Msg("besik.err.after_draw")
    return None


def _triple_first_turn(s: State) -> bool:
    t = s.table
    return (
        t.rules.triple_besik_wins
        and len(t.seats) >= 3
        and s.trick_no == 0
        and s.phase is PLAY
        and s.winner < 0
    )


def _check_held(s: State, cards: Sequence[PhysicalCard]) -> tuple[int, Msg | None]:
    hand = s.hands[s.turn]
    limit = 32 * s.table.packs
    mask = 0
    for c in cards:
        if not isinstance(c, PhysicalCard):
            return 0, Msg("besik.err.action", text=repr(c))
        u = c.uid
        if u >= limit:
            return 0, Msg("besik.err.not_in_play", card=c, code=c.code, packs=s.table.packs)
        if mask >> u & 1:
            return 0, Msg("besik.err.duplicate")
        if not hand >> u & 1:
            return 0, Msg("besik.err.not_held", card=c, code=c.code)
        mask |= 1 << u
    return mask, None


def _meld_name(kind: str, uids: Sequence[int]) -> Msg:
    suit = Suit(SUIT_OF[uids[0]]) if uids else Suit.CLUBS
    return Msg(f"besik.meld.{kind}", suit=suit)


def _meld_shape(kind: str, uids: list[int], trump: int, rules: type[Ruleset]) -> Msg | None:
    """None if the cards form the meld ``kind``, else the reason."""
    ranks = sorted(RANK_OF[u] for u in uids)
    suits = {SUIT_OF[u] for u in uids}
    idx = sorted(u & 31 for u in uids)
    ok: bool
    if kind in ("marriage", "trump-marriage"):
        ok = len(uids) == 2 and ranks == [QUEEN, KING] and len(suits) == 1
        if ok and (next(iter(suits)) == trump) != (kind == "trump-marriage"):
            ok = False
    elif kind == "double-marriage":
        ok = len(uids) == 4 and ranks == [QUEEN, QUEEN, KING, KING] and len(suits) == 1
    elif kind in _FOUR:
        ok = len(uids) == 4 and ranks == [_FOUR[kind]] * 4
    elif kind == "besik":
        ok = idx == [JD_INDEX, QS_INDEX]
    elif kind == "double-besik":
        ok = idx == [JD_INDEX] * 2 + [QS_INDEX] * 2
    elif kind == "triple-besik":
        ok = idx == [JD_INDEX] * 3 + [QS_INDEX] * 3
    elif kind == "quint-major":
        ok = len(uids) == 5 and ranks == [TEN, JACK, QUEEN, KING, ACE] and len(suits) == 1
        if ok and not rules.quint_any_suit and next(iter(suits)) != trump:
            return Msg("besik.err.quint_trumps")
    else:
        return Msg("besik.err.kind", kind=kind)
    if not ok:
        return Msg("besik.err.shape", cards=_pcs(uids), label=Msg(f"besik.label.{kind}"))
    return None


def _meld_points(kind: str, uids: Sequence[int], trump: int) -> int:
    if kind == "double-marriage" and SUIT_OF[uids[0]] == trump:
        return 80
    return MELD_POINTS[kind]


def _check_meld(s: State, a: Meld) -> Msg | None:
    kind = a.kind
    if kind not in MELD_POINTS:
        return Msg("besik.err.kind", kind=kind)
    t = s.table
    first_turn = kind == "triple-besik" and _triple_first_turn(s)
    if not first_turn:
        if (m := _window_refusal(s)) is not None:
            return m
        if s.melded:
            return Msg("besik.err.once")
    mask, m = _check_held(s, a.cards)
    if m is not None:
        return m
    uids = _uids(mask)
    if kind == "triple-besik" and t.packs < 3:
        return Msg("besik.err.triple_only")
    if (m := _meld_shape(kind, uids, t.trump, t.rules)) is not None:
        return m
    rules = t.rules
    slot = _SLOTS[kind][0]
    if kind in BESIK_PACKS:
        if (m := _besik_family_refusal(s, kind, mask)) is not None:
            return m
    elif (m := _reuse_refusal(kind, mask, s.used[slot])) is not None:
        return m
    if slot == U_MARRIAGE and not rules.marriage_from_sequence and mask & s.used[U_QUINT]:
        return Msg("besik.err.marriage_from_sequence")
    if not rules.exchange_card_meldable and s.taken >= 0 and mask >> s.taken & 1:
        return Msg("besik.err.exchanged_card")
    return None


def _reuse_refusal(kind: str, mask: int, used: int) -> Msg | None:
    """The same kind of meld scores again only with fresh cards (RULES.md 3.3)."""
    if not mask & used:
        return None
    if mask & used == mask:
        return Msg(f"besik.err.repeat.{kind}")
    u = _lowest(mask & used)
    return Msg("besik.err.reused", card=PC[u], code=PC[u].code, meld=_meld_name(kind, [u]))


def _lowest(mask: int) -> int:
    """The lowest uid in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def _mask(cards: Iterable[PhysicalCard]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.uid
    return m


def _besik_family_refusal(s: State, kind: str, mask: int) -> Msg | None:
    """RULES.md 3.3 for the Besik family (Besik, Doppel-Besik, Tripelbesik).

    A Doppel-Besik counts as two Besiks declared at once and a Tripelbesik as all its
    Besiks and Doppel-Besiks: their cards make no smaller meld of the family afterwards.
    A larger meld may build on at most one earlier declaration of the family, contained
    whole (a declared Besik extended by a fresh pair), the rest fresh from the hand: two
    Besiks declared separately never merge into a Doppel-Besik.
    """
    if not mask & s.used[U_BESIK]:  # no card has served in the family: all fresh
        return None
    size = BESIK_PACKS[kind]
    earlier = [(m, _mask(m.cards)) for m in s.melds if m.kind in BESIK_PACKS]
    earlier = [(m, mm) for m, mm in earlier if mm & mask]
    for m, mm in earlier:
        if BESIK_PACKS[m.kind] > size:
            u = _lowest(mm & mask)
            return Msg(
                "besik.err.inside",
                card=PC[u],
                code=PC[u].code,
                label=Msg(f"besik.noun.{m.kind}"),
                wanted=Msg(f"besik.noun.{kind}"),
            )
    same = 0
    for m, mm in earlier:
        if m.kind == kind:
            same |= mm
    if (r := _reuse_refusal(kind, mask, same)) is not None:
        return r
    # the smaller declarations built on; one contained in another (a Besik extended to a
    # Doppel-Besik) is one chain, so count only the largest of each
    tops = [mm for _, mm in earlier if not any(mm != o and mm & ~o == 0 for _, o in earlier)]
    if len(tops) > 1:
        if kind == "double-besik":
            return Msg("besik.err.double_separate", points=MELD_POINTS[kind])
        return Msg("besik.err.triple_separate", count=len(tops))
    outside = tops[0] & ~mask
    if outside:
        u = _lowest(tops[0] & mask)
        return Msg(
            "besik.err.not_whole", card=PC[u], code=PC[u].code, label=Msg(f"besik.noun.{kind}")
        )
    return None


def _check_seven_cards(s: State, cards: Sequence[PhysicalCard]) -> tuple[int, Msg | None]:
    mask, m = _check_held(s, cards)
    if m is not None:
        return 0, m
    trump_sevens = SEVEN_MASK & SUIT_MASK[s.table.trump]
    for c in cards:
        if not trump_sevens >> c.uid & 1:
            return 0, Msg("besik.err.not_seven", card=c)
    return mask, None


def _check_seven(s: State, a: DeclareSeven) -> Msg | None:
    if (m := _window_refusal(s)) is not None:
        return m
    if not 1 <= len(a.cards) <= 2:
        return Msg("besik.err.sevens_count")
    mask, m = _check_seven_cards(s, a.cards)
    if m is not None:
        return m
    if mask & s.used[U_SEVEN]:
        u = _uids(mask & s.used[U_SEVEN])[0]
        return Msg("besik.err.seven_done", card=PC[u], code=PC[u].code)
    return None


def _check_exchange(s: State, a: Exchange) -> Msg | None:
    if (m := _window_refusal(s)) is not None:
        return m
    _, m = _check_seven_cards(s, (a.card,))
    if m is not None:
        return m
    if s.up_card < 0:
        return Msg("besik.err.no_up")
    if RANK_OF[s.up_card] == SEVEN:
        return Msg("besik.err.up_is_seven")
    return None


def _check_play(s: State, a: Play) -> Msg | None:
    c = a.card
    if not isinstance(c, PhysicalCard):
        return Msg("besik.err.action", text=repr(c))
    mask, m = _check_held(s, (c,))
    if m is not None:
        return m
    if s.phase is DRAW:
        return Msg("besik.err.draw_first")
    if not s.trick or not s.end_play:
        return None
    if _playable(s, s.turn) & mask:
        return None
    hand = s.hands[s.turn]
    t = s.table
    led = SUIT_OF[s.trick[0][1]]
    if hand & SUIT_MASK[led]:
        if SUIT_OF[c.uid] == led:
            return Msg("besik.err.must_win")
        return Msg("besik.err.must_follow", suit=Suit(led))
    if SUIT_OF[c.uid] == t.trump:
        return Msg("besik.err.must_win")
    return Msg("besik.err.must_trump", suit=Suit(led))


def _check_draw(s: State) -> Msg | None:
    if s.phase is not DRAW:
        return Msg("besik.err.no_draw")
    return None


def _check_new_deal(s: State, a: NewDeal) -> Msg | None:
    if s.phase is not DEAL:
        return Msg("besik.err.no_deal") if s.phase is not OVER else Msg("besik.err.over")
    return _seat_refusal(s, a.seat)


def _seat_refusal(s: State, seat: object) -> Msg | None:
    """Why ``seat`` may not act now: not at the table, or not his turn."""
    seats = s.table.seats
    if seat == seats[s.turn]:
        return None
    if seat not in seats:
        return Msg("besik.err.seat", seat=seat)
    return Msg("besik.err.turn", seat=seat, turn=seats[s.turn])


def why_illegal(state: State, action: object) -> Msg | None:
    """Why ``action`` is illegal in ``state`` (a bilingual :class:`Msg`), or None if legal.

    >>> state, _ = start_deal(seed=1)
    >>> print(why_illegal(state, Draw("A")))
    there is nothing to draw now
    >>> print(why_illegal(state, Play("B", PC[0])))
    it is A's turn, not B's
    """
    if not isinstance(action, ACTION_TYPES):
        return Msg("besik.err.action", text=repr(action))
    if isinstance(action, NewDeal):
        return _check_new_deal(state, action)
    if (m := _phase_refusal(state)) is not None:
        return m
    if (m := _seat_refusal(state, action.seat)) is not None:
        return m
    if isinstance(action, Play):
        return _check_play(state, action)
    if isinstance(action, Draw):
        return _check_draw(state)
    if isinstance(action, Meld):
        return _check_meld(state, action)
    if isinstance(action, DeclareSeven):
        return _check_seven(state, action)
    return _check_exchange(state, action)


# --- meld search --------------------------------------------------------------------


def _meld_candidates(s: State) -> list[Meld]:
    """Every meld the player to move may declare now (empty outside his window)."""
    if (s.phase is not PLAY and s.phase is not DRAW) or s.turn < 0:
        return []
    t = s.table
    rules = t.rules
    hand = s.hands[s.turn]
    name = t.seats[s.turn]
    used = s.used
    if _window_refusal(s) is not None or s.melded:
        if _triple_first_turn(s):
            return _triple_candidates(name, hand, used, t.packs)
        return []
    if not rules.exchange_card_meldable and s.taken >= 0:
        hand &= ~(1 << s.taken)
    out: list[Meld] = []
    trump = t.trump
    # marriages
    fresh = hand & ~used[U_MARRIAGE]
    if not rules.marriage_from_sequence:
        fresh &= ~used[U_QUINT]
    for suit in range(4):
        km = fresh & CARD_MASK[suit * 8 + 6]
        if not km:
            continue
        qm = fresh & CARD_MASK[suit * 8 + 5]
        if not qm:
            continue
        ks, qs = _uids(km), _uids(qm)
        kind = "trump-marriage" if suit == trump else "marriage"
        for k in ks:
            for q in qs:
                out.append(Meld(name, kind, _pcs((k, q))))
        if len(ks) >= 2 and len(qs) >= 2:
            for kk in combinations(ks, 2):
                for qq in combinations(qs, 2):
                    out.append(Meld(name, "double-marriage", _pcs(kk + qq)))
    # four of a rank
    for kind, rank in _FOUR.items():
        fm = hand & RANK_MASK[rank] & ~used[_SLOTS[kind][0]]
        if fm.bit_count() >= 4:
            for four in combinations(_uids(fm), 4):
                out.append(Meld(name, kind, _pcs(four)))
    # Besik family
    qs_all = hand & CARD_MASK[QS_INDEX]
    jd_all = hand & CARD_MASK[JD_INDEX]
    if qs_all and jd_all:
        for kind, size in (("besik", 1), ("double-besik", 2), ("triple-besik", 3)):
            slot = _SLOTS[kind][0]
            qf = qs_all & ~used[slot]
            jf = jd_all & ~used[slot]
            if qf.bit_count() >= size and jf.bit_count() >= size:
                for bq in combinations(_uids(qf), size):
                    for bj in combinations(_uids(jf), size):
                        cards = (*bq, *bj)
                        if _besik_family_refusal(s, kind, _mask(PC[u] for u in cards)) is None:
                            out.append(Meld(name, kind, _pcs(cards)))
    # Quint-Major
    fq = hand & ~used[U_QUINT]
    for suit in range(4) if rules.quint_any_suit else (trump,):
        lists = []
        for rank in _QUINT_RANKS:
            m = fq & CARD_MASK[suit * 8 + rank - 7]
            if not m:
                break
            lists.append(_uids(m))
        else:
            for combo in product(*lists):
                out.append(Meld(name, "quint-major", _pcs(combo)))
    return out


def _triple_candidates(name: str, hand: int, used: tuple[int, ...], packs: int) -> list[Meld]:
    if packs < 3:
        return []
    qs = [u for u in _uids(hand) if u & 31 == QS_INDEX and not used[U_TRIPLE_BESIK] >> u & 1]
    jd = [u for u in _uids(hand) if u & 31 == JD_INDEX and not used[U_TRIPLE_BESIK] >> u & 1]
    return [
        Meld(name, "triple-besik", _pcs(q + j))
        for q in combinations(qs, 3)
        for j in combinations(jd, 3)
    ]


def _seven_candidates(s: State) -> list[Action]:
    if (s.phase is not PLAY and s.phase is not DRAW) or _window_refusal(s) is not None:
        return []
    t = s.table
    sevens = s.hands[s.turn] & SEVEN_MASK & SUIT_MASK[t.trump]
    if not sevens:
        return []
    name = t.seats[s.turn]
    out: list[Action] = []
    fresh = _uids(sevens & ~s.used[U_SEVEN])
    for u in fresh:
        out.append(DeclareSeven(name, (PC[u],)))
    for pair in combinations(fresh, 2):  # three packs: up to three trump sevens
        out.append(DeclareSeven(name, _pcs(pair)))
    if s.up_card >= 0 and RANK_OF[s.up_card] != SEVEN:
        for u in _uids(sevens):
            out.append(Exchange(name, PC[u]))
    return out


class LegalActions:
    """The legal actions of a state, computed lazily (:class:`contract.LegalActions`).

    ``action in legal`` validates that one action; iterating lists them all (plays,
    then melds, sevens and exchanges, then the draw); :meth:`count`, :meth:`sample`,
    :meth:`why_illegal`; :meth:`plays`, :meth:`melds` and :meth:`declarations` give
    the parts.

    >>> state, _ = start_deal(seed=3)
    >>> legal = state.legal_actions
    >>> legal.count(), Draw("A") in legal
    (8, False)
    >>> print(legal.why_illegal(Draw("A")))
    there is nothing to draw now
    >>> all(a in legal for a in legal)
    True
    """

    __slots__ = ("state", "_list")

    def __init__(self, state: State) -> None:
        self.state = state
        self._list: list[Action] | None = None

    def __contains__(self, action: object) -> bool:
        return why_illegal(self.state, action) is None

    def why_illegal(self, action: object) -> Msg | None:
        """The learner-readable reason why ``action`` is illegal here; ``None`` if legal."""
        return why_illegal(self.state, action)

    def plays(self) -> list[Play]:
        s = self.state
        if s.phase is not PLAY:
            return []
        name = s.table.seats[s.turn]
        return [Play(name, PC[u]) for u in _uids(_playable(s, s.turn))]

    def melds(self) -> list[Meld]:
        return _meld_candidates(self.state)

    def declarations(self) -> list[Action]:
        """Melds, trump-seven declarations and exchanges available now."""
        out: list[Action] = list(_meld_candidates(self.state))
        out += _seven_candidates(self.state)
        return out

    def _all(self) -> list[Action]:
        if self._list is None:
            s = self.state
            out: list[Action] = []
            if s.phase is DEAL:
                out.append(NewDeal(s.table.seats[s.turn], seed=s.table.deal_no))
            elif s.phase is not OVER:
                out += self.plays()
                out += self.declarations()
                if s.phase is DRAW:
                    out.append(Draw(s.table.seats[s.turn]))
            self._list = out
        return self._list

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())

    def count(self) -> int:
        """How many legal actions there are."""
        return len(self._all())

    def __bool__(self) -> bool:
        return self.state.turn >= 0

    def sample(self, rng: random.Random) -> Action:
        """A uniformly random legal action (raises IndexError if there is none).

        In the ``DEAL`` phase it returns a :class:`NewDeal` with a random seed.
        """
        s = self.state
        if s.phase is DEAL:
            return NewDeal(s.table.seats[s.turn], seed=rng.randrange(2**32))
        return rng.choice(self._all())

    def __repr__(self) -> str:
        return f"<LegalActions ({', '.join(format_action(a) for a in self)})>"


# --- apply --------------------------------------------------------------------------


def _totals(t: Table, scores: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(t.parties, scores, strict=True))


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply a legal action: the new state and what happened, in words.

    Raises :class:`~cardtutor.engine.errors.IllegalActionError` with the reason.

    >>> state, _ = start_deal(seed=1)
    >>> card = state.legal_actions.plays()[0]
    >>> state2, events = apply(state, card)
    >>> events[0].kind, state2.seat_to_act
    ('play', 'B')
    >>> apply(state2, Draw("B"))
    Traceback (most recent call last):
    ...
    cardtutor.engine.errors.IllegalActionError: there is nothing to draw now
    """
    m = why_illegal(state, action)
    if m is not None:
        raise IllegalActionError(m)
    if isinstance(action, Play):
        return _apply_play(state, action.card.uid)
    if isinstance(action, Draw):
        return _apply_draw(state)
    if isinstance(action, Meld):
        return _apply_meld(state, action)
    if isinstance(action, DeclareSeven):
        return _apply_seven(state, action.cards)
    if isinstance(action, Exchange):
        return _apply_exchange(state, action.card.uid)
    return _apply_new_deal(state, action)


def _apply_play(s: State, u: int) -> tuple[State, tuple[Event, ...]]:
    t = s.table
    seat = s.turn
    n = len(t.seats)
    name = t.seats[seat]
    bit = 1 << u
    hands = list(s.hands)
    hands[seat] ^= bit
    declared = s.declared
    if declared[seat] & bit:
        dl = list(declared)
        dl[seat] ^= bit
        declared = tuple(dl)
    if not s.trick:
        key = "besik.lead"
    elif SUIT_OF[u] == SUIT_OF[s.trick[0][1]]:
        key = "besik.follow"
    elif SUIT_OF[u] == t.trump:
        key = "besik.trump"
    else:
        key = "besik.discard"
    rule = "besik#end-play" if s.end_play else "besik#tricks"
    ev = [Event("play", name, Msg(key, seat=name, card=PC[u]), "", 0, (PC[u],), {}, rule)]
    trick = s.trick + ((seat, u),)
    if len(trick) < n:
        return State(
            t,
            tuple(hands),
            declared,
            s.talon_pos,
            s.up_card,
            trick,
            (seat + 1) % n,
            PLAY,
            0,
            False,
            -1,
            s.used,
            s.melds,
            s.won,
            s.tricks_won,
            s.last_trick,
            s.trick_no,
            s.scores,
            s.log,
            -1,
        ), tuple(ev)
    ws, wu = _trick_winner(trick, t.trump)
    identical = any(x != wu and x & 31 == wu & 31 for _, x in trick)
    wname = t.seats[ws]
    ev.append(
        Event(
            "info",
            wname,
            Msg("besik.trick.identical" if identical else "besik.trick", seat=wname, card=PC[wu]),
            "",
            0,
            (PC[wu],),
            {},
            rule,
        )
    )
    won = list(s.won)
    tm = 0
    for _, x in trick:
        tm |= 1 << x
    won[ws] |= tm
    tw = list(s.tricks_won)
    tw[ws] += 1
    hands_t = tuple(hands)
    if not s.end_play:
        return State(
            t,
            hands_t,
            declared,
            s.talon_pos,
            s.up_card,
            (),
            ws,
            DRAW,
            1,
            False,
            -1,
            s.used,
            s.melds,
            tuple(won),
            tuple(tw),
            trick,
            s.trick_no + 1,
            s.scores,
            s.log,
            -1,
        ), tuple(ev)
    state = State(
        t,
        hands_t,
        declared,
        s.talon_pos,
        s.up_card,
        (),
        ws,
        PLAY,
        0,
        False,
        -1,
        s.used,
        s.melds,
        tuple(won),
        tuple(tw),
        trick,
        s.trick_no + 1,
        s.scores,
        s.log,
        -1,
    )
    if any(hands_t):
        return state, tuple(ev)
    return _end_deal(state, ws, ev)


def _end_deal(s: State, ws: int, ev: list[Event]) -> tuple[State, tuple[Event, ...]]:
    t = s.table
    scores = list(s.scores)
    log = list(s.log)
    p = t.party_of[ws]
    scores[p] += POINTS_LAST_TRICK
    log.append((p, "last_trick", POINTS_LAST_TRICK))
    wname = t.seats[ws]
    ev.append(
        Event.score(
            wname,
            "last_trick",
            POINTS_LAST_TRICK,
            Msg("besik.score.last_trick", seat=wname, points=POINTS_LAST_TRICK),
            rule="besik#last-trick",
            totals=_totals(t, tuple(scores)),
        )
    )
    for party, pname in enumerate(t.parties):
        mask = 0
        for seat, owner in enumerate(t.party_of):
            if owner == party:
                mask |= s.won[seat]
        uids = _uids(mask)
        if t.rules.augen:
            pts = sum(AUGEN[u] for u in uids)
            scores[party] += pts
            log.append((party, "augen", pts))
            ev.append(
                Event.score(
                    pname,
                    "augen",
                    pts,
                    Msg("besik.score.augen", party=pname, points=pts),
                    rule="besik#augen",
                    totals=_totals(t, tuple(scores)),
                )
            )
        else:
            count = sum(BRISQUE[u] for u in uids)
            pts = 10 * count
            scores[party] += pts
            log.append((party, "brisques", pts))
            ev.append(
                Event.score(
                    pname,
                    "brisques",
                    pts,
                    Msg("besik.score.brisques", party=pname, count=count, points=pts),
                    rule="besik#brisques",
                    totals=_totals(t, tuple(scores)),
                    cards=tuple(PC[u] for u in uids if BRISQUE[u]),
                )
            )
    scores_t = tuple(scores)
    totals_text = ", ".join(f"{pn} {sc}" for pn, sc in zip(t.parties, scores_t, strict=True))
    ev.append(Event("info", None, Msg("besik.deal.end", totals=totals_text), rule="besik#game"))
    best = max(scores_t)
    winner = -1
    if best >= t.target:
        leaders = [i for i, sc in enumerate(scores_t) if sc == best]
        if len(leaders) == 1:
            winner = leaders[0]
            ev.append(
                Event(
                    "info",
                    t.parties[winner],
                    Msg("besik.game.won", party=t.parties[winner], total=best),
                    rule="besik#game",
                )
            )
        else:
            ev.append(Event("info", None, Msg("besik.game.tie", total=best), rule="besik#game"))
    phase, turn = OVER, -1
    if winner < 0 and t.play_to_game:
        phase, turn = DEAL, (t.dealer + 1) % len(t.seats)
        if best < t.target:
            ev.append(
                Event(
                    "info",
                    t.seats[turn],
                    Msg("besik.game.next", target=t.target, seat=t.seats[turn]),
                    rule="besik#game",
                )
            )
    return s._replace(
        scores=scores_t, log=tuple(log), phase=phase, turn=turn, winner=winner
    ), tuple(ev)


def _apply_draw(s: State) -> tuple[State, tuple[Event, ...]]:
    t = s.table
    n = len(t.seats)
    hands = list(s.hands)
    pos = s.talon_pos
    up = s.up_card
    talon = t.talon
    ev: list[Event] = []
    for i in range(n):
        seat = (s.turn + i) % n
        name = t.seats[seat]
        if pos < len(talon):
            u = talon[pos]
            pos += 1
            ev.append(
                Event(
                    "play",
                    name,
                    Msg("besik.draw", seat=name, card=PC[u]),
                    "",
                    0,
                    (PC[u],),
                    {},
                    "besik#talon",
                )
            )
        else:
            u, up = up, -1
            ev.append(
                Event(
                    "play",
                    name,
                    Msg("besik.draw.up", seat=name, card=PC[u]),
                    "",
                    0,
                    (PC[u],),
                    {},
                    "besik#talon",
                )
            )
        hands[seat] |= 1 << u
    empty = pos >= len(talon) and up < 0
    if empty:
        key = "besik.talon.empty.standard" if t.rules.must_win_last_eight else "besik.talon.empty"
        ev.append(Event("info", None, Msg(key), rule="besik#end-play"))
    return State(
        t,
        tuple(hands),
        s.declared,
        pos,
        up,
        (),
        s.turn,
        PLAY,
        0 if empty else 2,
        s.melded,
        s.taken,
        s.used,
        s.melds,
        s.won,
        s.tricks_won,
        s.last_trick,
        s.trick_no,
        s.scores,
        s.log,
        -1,
    ), tuple(ev)


def _apply_meld(s: State, a: Meld) -> tuple[State, tuple[Event, ...]]:
    t = s.table
    seat = s.turn
    name = t.seats[seat]
    p = t.party_of[seat]
    uids = sorted(c.uid for c in a.cards)
    mask = 0
    for u in uids:
        mask |= 1 << u
    first_turn_win = a.kind == "triple-besik" and _triple_first_turn(s)
    points = _meld_points(a.kind, uids, t.trump)
    declared = list(s.declared)
    declared[seat] |= mask
    used = list(s.used)
    for slot in _SLOTS[a.kind]:
        used[slot] |= mask
    cards = _pcs(uids)
    scores = _add(s.scores, p, points)
    dm = DeclaredMeld(name, t.parties[p], a.kind, cards, points, s.trick_no)
    if first_turn_win:
        msg = Msg("besik.score.triple_wins", seat=name, cards=cards, points=points)
    elif a.kind == "double-marriage":
        msg = Msg(
            "besik.score.double_marriage",
            seat=name,
            suit=Suit(SUIT_OF[uids[0]]),
            cards=cards,
            points=points,
        )
    else:
        msg = Msg(
            "besik.score.meld", seat=name, meld=_meld_name(a.kind, uids), cards=cards, points=points
        )
    rule = "besik#" + a.kind
    ev = [Event.score(name, "meld", points, msg, rule=rule, totals=_totals(t, scores), cards=cards)]
    new = s._replace(
        declared=tuple(declared),
        used=tuple(used),
        melds=s.melds + (dm,),
        melded=True,
        scores=scores,
        log=s.log + ((p, a.kind, points),),
    )
    if first_turn_win:
        ev.append(
            Event(
                "info",
                t.parties[p],
                Msg("besik.game.won", party=t.parties[p], total=scores[p]),
                rule="besik#triple-besik",
            )
        )
        new = new._replace(phase=OVER, turn=-1, winner=p)
    return new, tuple(ev)


def _apply_seven(s: State, cards: Sequence[PhysicalCard]) -> tuple[State, tuple[Event, ...]]:
    t = s.table
    seat = s.turn
    name = t.seats[seat]
    p = t.party_of[seat]
    uids = sorted(c.uid for c in cards)
    mask = sum(1 << u for u in uids)
    points = 10 * len(uids)
    declared = list(s.declared)
    declared[seat] |= mask
    used = list(s.used)
    used[U_SEVEN] |= mask
    scores = _add(s.scores, p, points)
    pcs = _pcs(uids)
    key = "besik.score.sevens" if len(uids) == 2 else "besik.score.seven"
    ev = Event.score(
        name,
        "trump_seven",
        points,
        Msg(key, seat=name, cards=pcs, points=points),
        rule="besik#trump-seven",
        totals=_totals(t, scores),
        cards=pcs,
    )
    return s._replace(
        declared=tuple(declared),
        used=tuple(used),
        scores=scores,
        log=s.log + ((p, "trump_seven", points),),
    ), (ev,)


def _apply_exchange(s: State, u: int) -> tuple[State, tuple[Event, ...]]:
    events: list[Event] = []
    if not s.used[U_SEVEN] >> u & 1:
        s, evs = _apply_seven(s, (PC[u],))
        events += evs
    t = s.table
    seat = s.turn
    name = t.seats[seat]
    up = s.up_card
    hands = list(s.hands)
    hands[seat] ^= (1 << u) | (1 << up)
    declared = list(s.declared)
    declared[seat] &= ~(1 << u)
    events.append(
        Event(
            "info",
            name,
            Msg("besik.exchange", seat=name, seven=PC[u], card=PC[up]),
            cards=(PC[u], PC[up]),
            rule="besik#seven-exchange",
        )
    )
    return s._replace(hands=tuple(hands), declared=tuple(declared), up_card=u, taken=up), tuple(
        events
    )


def _apply_new_deal(s: State, a: NewDeal) -> tuple[State, tuple[Event, ...]]:
    t = s.table
    hands = dict(a.hands) if a.hands else None
    return _initial_state(
        t.rules,
        t.seats,
        s.turn,
        t.partnerships,
        a.seed,
        hands,
        a.up_card,
        list(a.talon) if a.hands else None,
        t.play_to_game,
        s.scores,
        t.deal_no + 1,
        (*t.history, s.deal_points()),
    )


# --- notation -------------------------------------------------------------------------


def _pc(data: Any) -> PhysicalCard:
    if isinstance(data, PhysicalCard):
        return data
    if not isinstance(data, str):
        raise NotationError(Msg("besik.err.action", text=repr(data)))
    return PhysicalCard.parse(data)


def _pc_list(data: Any) -> tuple[PhysicalCard, ...]:
    if not isinstance(data, (list, tuple)):
        raise NotationError(Msg("besik.err.action", text=repr(data)))
    return tuple(_pc(c) for c in data)


def _malformed(data: Any) -> NotationError:
    """The refusal of unreadable input, quoting it."""
    return NotationError(Msg("besik.err.action", text=repr(data)))


def parse_action(data: Mapping[str, Any]) -> Action:
    """Read an action from its JSON form (``"seat"`` is required).

    >>> parse_action({"type": "meld", "seat": "B", "kind": "besik", "cards": ["QS#1", "JD#2"]})
    Meld(seat='B', kind='besik', cards=(PhysicalCard.parse('JD#2'), PhysicalCard.parse('QS#1')))
    >>> parse_action({"type": "play", "seat": "A", "card": "QS#9"})
    Traceback (most recent call last):
    ...
    cardtutor.engine.errors.NotationError: 'QS#9' is not a card code: write the rank (A K Q J 10 9 8 7) then the suit (C D H S), e.g. QS or 10H.
    >>> parse_action({"type": "draw"})
    Traceback (most recent call last):
    ...
    cardtutor.engine.errors.NotationError: {'type': 'draw'} is not a Besik action
    """
    if not isinstance(data, Mapping):
        raise _malformed(data)
    kind = data.get("type")
    seat = data.get("seat")
    if not isinstance(seat, str) or not seat:
        raise _malformed(dict(data))
    if kind == "play":
        return Play(seat, _pc(data.get("card")))
    if kind == "meld":
        mk = data.get("kind")
        if not isinstance(mk, str):
            raise _malformed(dict(data))
        return Meld.of(seat, mk, _pc_list(data.get("cards")))
    if kind == "seven":
        return DeclareSeven.of(seat, _pc_list(data.get("cards")))
    if kind == "exchange":
        return Exchange(seat, _pc(data.get("card")))
    if kind == "draw":
        return Draw(seat)
    if kind == "deal":
        seed = data.get("seed")
        if seed is not None:
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise _malformed(dict(data))
            return NewDeal(seat, seed=seed)
        hands = data.get("hands")
        if not isinstance(hands, Mapping):
            raise _malformed(dict(data))
        return NewDeal(
            seat,
            None,
            tuple((str(k), _pc_list(v)) for k, v in hands.items()),
            _pc(data.get("up_card")),
            _pc_list(data.get("talon")),
        )
    raise _malformed(dict(data))


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form of an action (inverse of :func:`parse_action`).

    >>> action_to_json(Exchange("B", PhysicalCard.parse("7H#2")))
    {'type': 'exchange', 'seat': 'B', 'card': '7H#2'}
    """
    return action.to_json()


def parse_action_text(text: str, seat: str | None = None) -> Action:
    """Read the short text form: ``A: play QS#2``, ``B: meld besik QS#1 JD#2``,
    ``B: seven 7H#1``, ``B: exchange 7H#1``, ``B: draw``, ``A: deal 42``.

    Without the ``"A:"`` prefix the action is by ``seat`` (the seat to act, say).

    >>> parse_action_text("B: meld four-kings KC KD#2 KH KS")
    Meld(seat='B', kind='four-kings', cards=(PhysicalCard.parse('KC#1'), PhysicalCard.parse('KD#2'), PhysicalCard.parse('KH#1'), PhysicalCard.parse('KS#1')))
    >>> format_action(parse_action_text("play 10h#2", "A"))
    'A: play 10H#2'
    """
    who, colon, rest = text.partition(":")
    if colon:
        seat, text = who.strip(), rest
    words = text.split()
    if not words or not seat:
        raise _malformed(text)
    verb, args = words[0].lower(), words[1:]
    if verb == "play" and len(args) == 1:
        return Play(seat, PhysicalCard.parse(args[0]))
    if verb == "meld" and len(args) >= 2:
        return Meld.of(seat, args[0], args[1:])
    if verb == "seven" and args:
        return DeclareSeven.of(seat, args)
    if verb == "exchange" and len(args) == 1:
        return Exchange(seat, PhysicalCard.parse(args[0]))
    if verb == "draw" and not args:
        return Draw(seat)
    if verb == "deal" and len(args) == 1 and args[0].isdigit():
        return NewDeal(seat, seed=int(args[0]))
    raise _malformed(text)


def format_action(action: Action) -> str:
    """The short text form of an action (inverse of :func:`parse_action_text`)."""
    return f"{action.seat}: {_format_verb(action)}"


def _format_verb(action: Action) -> str:
    if isinstance(action, Play):
        return f"play {action.card.code}"
    if isinstance(action, Meld):
        return " ".join(["meld", action.kind, *(c.code for c in action.cards)])
    if isinstance(action, DeclareSeven):
        return " ".join(["seven", *(c.code for c in action.cards)])
    if isinstance(action, Exchange):
        return f"exchange {action.card.code}"
    if isinstance(action, Draw):
        return "draw"
    if action.seed is not None:
        return f"deal {action.seed}"
    return "deal (cards)"


# --- for the site ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class BesikView(View):
    """What one seat may know of a Besik position (``seat is None``: everything).

    ``hands[seat]`` lists the declared row, then the concealed cards, which are ``None``
    when hidden from the viewer. Only the all-seeing view has the ``talon`` order and
    the cards ``won`` in tricks; ``legal`` lists the actions of the seat to act when the
    viewer is that seat (or all-seeing).
    """

    ruleset: str
    partnerships: bool
    dealer: str
    deal_no: int
    trumps: Suit
    up_card: PhysicalCard | None
    talon_count: int
    end_play: bool
    declared: Mapping[str, tuple[PhysicalCard, ...]]
    concealed: Mapping[str, tuple[PhysicalCard, ...] | None]
    last_trick: tuple[tuple[str, PhysicalCard], ...]
    tricks_played: int
    melds: tuple[DeclaredMeld, ...]
    may_declare: bool
    talon: tuple[PhysicalCard, ...] | None = None
    won: Mapping[str, tuple[PhysicalCard, ...]] | None = None
    legal: tuple[Action, ...] = ()


def _view(state: State, seat: str | None) -> BesikView:
    """What ``seat`` may see (``seat=None``: the all-seeing view).

    Hidden from a player: the other hands' concealed cards, the talon order, the cards
    inside won tricks. Public: declared rows, the face-up card, counts, the current
    and last trick, melds, scores.

    >>> state, _ = start_deal(seed=1)
    >>> v = state.view("A")
    >>> v.concealed["B"], len(v.hands["B"]), v.hands["B"][0], v.talon
    (None, 8, None, None)
    >>> len(state.view(None).talon or ())
    47
    """
    t = state.table
    allseeing = seat is None
    me = t.seats.index(seat) if seat is not None else -1
    hands: dict[str, tuple[PhysicalCard | None, ...]] = {}
    declared: dict[str, tuple[PhysicalCard, ...]] = {}
    concealed: dict[str, tuple[PhysicalCard, ...] | None] = {}
    for i, name in enumerate(t.seats):
        h, d = state.hands[i], state.declared[i] & state.hands[i]
        declared[name] = _pcs(_uids(d))
        if allseeing or i == me:
            mine = _pcs(_uids(h & ~d))
            concealed[name] = mine
            hands[name] = declared[name] + mine
        else:
            concealed[name] = None
            hands[name] = declared[name] + (None,) * (h & ~d).bit_count()
    legal: tuple[Action, ...] = ()
    if state.turn >= 0 and (allseeing or state.turn == me):
        legal = tuple(state.legal_actions)
    return BesikView(
        seat=seat,
        seats=t.seats,
        parties=t.parties,
        phase=state.phase,
        seat_to_act=state.seat_to_act,
        hands=hands,
        trick=state.current_trick,
        tricks_won=dict(zip(t.seats, state.tricks_won, strict=True)),
        outcome=state.outcome(),
        breakdown=state.score_breakdown(),
        ruleset=t.rules.name,
        partnerships=t.partnerships,
        dealer=t.seats[t.dealer],
        deal_no=t.deal_no,
        trumps=Suit(t.trump),
        up_card=state.up,
        talon_count=state.talon_count,
        end_play=state.end_play,
        declared=declared,
        concealed=concealed,
        last_trick=tuple((t.seats[s], PC[u]) for s, u in state.last_trick),
        tricks_played=state.trick_no,
        melds=state.melds,
        may_declare=state.window > 0 and not state.melded and _window_refusal(state) is None,
        talon=state.talon_order if allseeing else None,
        won={n: _pcs(_uids(state.won[i])) for i, n in enumerate(t.seats)} if allseeing else None,
        legal=legal,
    )


def _outcome(state: State) -> Outcome:
    t = state.table
    parties = t.parties
    deal_over = state.phase is DEAL or state.phase is OVER
    deal = state.deal_points()
    deals = t.history + ((deal,) if deal_over else ())
    winner = state.game_winner
    if winner is None and not t.play_to_game and deal_over:
        # a one-deal record is won by the higher total (none on a tie)
        best = max(state.scores)
        if state.scores.count(best) == 1:
            winner = parties[state.scores.index(best)]
    return Outcome(
        parties=parties,
        deal=dict(zip(parties, deal, strict=True)),
        game=state.totals,
        deal_number=t.deal_no,
        deals=tuple(dict(zip(parties, d, strict=True)) for d in deals),
        deal_over=deal_over,
        game_over=state.phase is OVER,
        winner=winner,
        multi_deal=t.play_to_game,
    )


def visible_events(events: Iterable[Event], seat: str | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them: other players' draws from the face-down
    talon lose their card (``seat=None`` sees everything).

    >>> state, _ = start_deal(seed=2)
    >>> while state.phase is not Phase.DRAW:
    ...     state, _ = apply(state, state.legal_actions.plays()[0])
    >>> _, events = apply(state, Draw("A"))
    >>> [e.msg.render("en") for e in visible_events(events, "A")][:2]
    ['A draws the jack of clubs from the talon.', 'B draws a card from the talon.']
    """
    out = []
    for e in events:
        if seat is not None and e.msg.key == "besik.draw" and e.seat != seat:
            e = e._replace(msg=Msg("besik.draw.hidden", seat=e.seat), cards=())
        out.append(e)
    return tuple(out)


register_messages(
    {
        "besik.deal.shape": ("a card list is malformed", "eine Kartenliste ist fehlerhaft"),
        "besik.deal.missing": (
            "give either a seed or the hands, the face-up card and the talon",
            "entweder einen Seed oder die Hände, die offene Karte und den Talon angeben",
        ),
        "besik.deal.seats": (
            "the hands must name every seat once",
            "die Hände müssen jeden Platz genau einmal nennen",
        ),
        "besik.deal.eight": ("{seat} must hold eight cards", "{seat} muss acht Karten haben"),
        "besik.deal.packs": (
            "the {card} ({code}) is not in the {packs} packs used",
            "{card} ({code}) gehört nicht zu den {packs} verwendeten Kartenspielen",
        ),
        "besik.deal.twice": (
            "the {card} ({code}) is dealt twice",
            "{card} ({code}) wurde doppelt ausgeteilt",
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
