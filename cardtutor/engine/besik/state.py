"""The Besik position: :class:`Phase`, :class:`Table`, :class:`DeclaredMeld`, :class:`State`.

The state is an immutable :class:`typing.NamedTuple` built once per action (fast); the
contract's names (``seat_to_act``, ``phase``, ``outcome()``, ``view()``...) are its
properties and methods.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from cardtutor.engine.besik.rulesets import Ruleset
from cardtutor.engine.besik.uids import PC, pcs
from cardtutor.engine.cards import PhysicalCard, Suit, bit_indices
from cardtutor.engine.contract import Outcome
from cardtutor.engine.text import Msg

if TYPE_CHECKING:
    from cardtutor.engine.besik.legal import LegalActions
    from cardtutor.engine.besik.view import BesikView


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
        return pcs(bit_indices(self.hands[self.seat_index(seat)]))

    def declared_row(self, seat: str) -> tuple[PhysicalCard, ...]:
        i = self.seat_index(seat)
        return pcs(bit_indices(self.declared[i] & self.hands[i]))

    def concealed(self, seat: str) -> tuple[PhysicalCard, ...]:
        i = self.seat_index(seat)
        return pcs(bit_indices(self.hands[i] & ~self.declared[i]))

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
        # built without its __init__ (a Python frame called from C): one of these per
        # decision of every playout
        actions = _new_object(legal.LegalActions)
        actions.state = self
        actions._list = None
        actions._decl = None
        return actions

    def deal_points(self) -> tuple[int, ...]:
        """This deal's points per party index (carried scores excluded)."""
        points = [0] * len(self.table.parties)
        for party, _, value in self.log:
            points[party] += value
        return tuple(points)

    def outcome(self) -> Outcome:
        """Where the deal and the game stand (:class:`~cardtutor.engine.contract.Outcome`).

        >>> from cardtutor.engine.besik import start_deal
        >>> state, _ = start_deal(seed=1)
        >>> o = state.outcome()
        >>> o.deal, o.game, o.deal_over, o.winner
        ({'A': 0, 'B': 0}, {'A': 0, 'B': 0}, False, None)
        """
        return scoring.build_outcome(self)

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Per party: points by category or meld kind in this deal (``"previous_deals"``
        holds the totals carried from earlier deals of a whole game).

        >>> from cardtutor.engine.besik import start_deal
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
        return view.build_view(self, seat)


def may_declare(s: State) -> bool:
    """Whether the player to move is in his declaring window (:func:`window_refusal` is
    None), without building the refusal: the fast test for the legal-action listing."""
    w = s.window
    return w == 1 or (w == 2 and s.table.rules.meld_after_draw)


def window_refusal(s: State) -> Msg | None:
    """Why the player to move may not declare now (None if he may)."""
    if s.window == 0:
        if s.end_play:
            return Msg("besik.err.talon_empty")
        return Msg("besik.err.no_trick")
    if s.window == 2 and not s.table.rules.meld_after_draw:
        return Msg("besik.err.after_draw")
    return None


def check_held(s: State, cards: Sequence[PhysicalCard]) -> tuple[int, Msg | None]:
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
            if any(hand >> (u & 31 | k << 5) & 1 for k in range(s.table.packs)):
                # (a form of ours names the copy held: only a forged one names the other)
                return 0, Msg("besik.err.other_copy", card=c, code=c.code)
            return 0, Msg("besik.err.not_held", card=c, code=c.code)
        mask |= 1 << u
    return mask, None


# The state's contract methods live with their concern (legal, scoring, view), which all
# import this module: import them as modules, last, so either import order works.
from cardtutor.engine.besik import legal, scoring, view  # noqa: E402

_new_object = object.__new__
