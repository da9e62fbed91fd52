"""The state of a deal: an immutable :class:`State` (and the :class:`Partie` it belongs to).

The state is a ``NamedTuple`` of ints, masks and small tuples (fast to build and compare).
Cards are masks (``Card.bit``) or indices (``Card.index``); seats are *indices* into
``state.seats``. It answers the contract's names (``seat_to_act``, ``phase``, ``is_over``,
``legal_actions``, ``outcome()``, ``view(seat)``, ``score_breakdown()``) and all-seeing
rendering helpers (``hand(seat)``, ``discard(seat)``, ``stock_cards``, ``current_trick``,
``tricks_won(seat)``, ``total(seat)``).

The double-dummy solver reads these fields, whose names and meanings stay: ``seats``,
``dealer``, ``turn``, ``hands``, ``lead``, ``leader``, ``tricks``, ``won``, ``totals``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from cardtutor.engine.cards import ALL_CARDS, Card, cards_from_mask
from cardtutor.engine.contract import Outcome
from cardtutor.engine.piquet.categories import DECLARATION_CATEGORIES
from cardtutor.engine.piquet.legal import LegalActions
from cardtutor.engine.piquet.phase import DECLARE, OVER, PHASE_OF_STAGE, PLAY, Phase
from cardtutor.engine.piquet.scoring import outcome, score_breakdown
from cardtutor.engine.piquet.view import PiquetView, view

__all__ = ["State", "Partie"]

_new_object = object.__new__


class Partie(NamedTuple):
    """The partie a deal belongs to (``None`` on a single-deal :class:`State`)."""

    seed: int | str | None
    deals: tuple[tuple[tuple[int, int], tuple[int, ...]], ...]
    """Explicit deals: (hand masks by seat index, stock card indices top first)."""
    first_dealer: int
    results: tuple[tuple[int, int], ...]
    """Scores of the completed deals, by seat index."""


class State(NamedTuple):
    """An immutable game state. Cards are masks (``Card.bit``) or indices (``Card.index``);
    the properties and :func:`view` give :class:`Card` values for rendering."""

    seats: tuple[str, str]
    dealer: int
    stage: int
    """The stage (``phase.py``): finer than :attr:`phase`, it says who declares what."""
    turn: int
    """Seat index to act, -1 when the game is over."""
    hands: tuple[int, int]
    dealt: tuple[int, int]
    """The 12 cards each was dealt (carte blanche is judged on them)."""
    stock: tuple[int, ...]
    """Card indices, top first."""
    discards: tuple[int, int]
    elder_left: int
    """The cards of his five that elder left (he has seen them)."""
    looked: bool
    """Younger looked at the cards left over."""
    claims: tuple[int, int, int, int, int, int]
    """Claimed cards, index ``2 * category + seat``."""
    outcomes: tuple[int, int, int]
    """Per declaration category: winning seat index, 2 equal, 3 nobody, -1 undecided."""
    lead: int
    """Card index led to the current trick, -1 if none."""
    leader: int
    tricks: tuple[tuple[int, int, int, int], ...]
    """Completed tricks: (leader seat, lead card index, second card index, winner seat)."""
    won: tuple[int, int]
    """Tricks won, by seat index."""
    totals: tuple[int, int]
    """The deal's running totals, by seat index."""
    log: tuple[tuple[int, int, int], ...]
    """Every score of the deal: (seat, category index, points)."""
    pique: int
    """Whether elder's pique is still possible (``phase.PIQUE_*``)."""
    carte_blanche: int
    """Bit 1 << seat for each holder of carte blanche."""
    deal_number: int
    partie: Partie | None

    # -- the contract (cardtutor.engine.contract.GameState) --

    @property
    def parties(self) -> tuple[str, str]:
        """The scoring parties: the two seats."""
        return self.seats

    def party_of(self, seat: str) -> str:
        """The party ``seat`` scores for: itself.

        >>> from cardtutor.engine.piquet import new_deal
        >>> new_deal(seed=1)[0].party_of("B")
        'B'
        """
        if seat not in self.seats:
            raise KeyError(seat)
        return seat

    @property
    def phase(self) -> Phase:
        """The phase: ``Phase.EXCHANGE``, ``DECLARE``, ``PLAY``, ``DEALOVER`` or ``OVER``."""
        return PHASE_OF_STAGE[self.stage]

    @property
    def seat_to_act(self) -> str | None:
        """The seat whose decision it is, ``None`` when the game is over."""
        return self.seats[self.turn] if self.turn >= 0 else None

    @property
    def is_over(self) -> bool:
        """The single deal, or the whole partie, is over."""
        return self.stage == OVER

    @property
    def legal_actions(self) -> LegalActions:
        # built without its __init__ (a Python frame called from C): one of these per
        # decision of every playout
        actions = _new_object(LegalActions)
        actions.state = self
        return actions

    def outcome(self) -> Outcome:
        """Where the deal and the partie stand.

        ``deal``: this deal's running totals; ``deals``: the completed deals of a partie;
        ``game``: those plus this deal so far (a single deal: the deal itself).

        >>> from cardtutor.engine.piquet import new_partie
        >>> state, _ = new_partie(seed=1, first_dealer="A")
        >>> o = state.outcome()
        >>> o.deal_number, dict(o.game), o.deals, o.multi_deal, o.winner
        (1, {'A': 0, 'B': 0}, (), True, None)
        """
        return outcome(self)

    def view(self, seat: str | None) -> PiquetView:
        """What ``seat`` may see of this state (``None``: the all-seeing view of a replay).

        >>> from cardtutor.engine.piquet import new_deal
        >>> state, _ = new_deal(seed=11)
        >>> v = state.view("A")
        >>> len(v.hands["A"]), v.hands["B"].count(None), v.stock.count(None), v.phase
        (12, 12, 8, <Phase.EXCHANGE: 'exchange'>)
        """
        return view(self, seat)

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """The deal's points per seat and category (every category, zeros included).

        >>> from cardtutor.engine.piquet import new_deal
        >>> state, _ = new_deal(seed=1)
        >>> state.score_breakdown()["A"]["point"]
        0
        """
        return score_breakdown(self)

    # -- roles and category --

    @property
    def elder(self) -> int:
        return 1 - self.dealer

    @property
    def younger(self) -> int:
        return self.dealer

    @property
    def category(self) -> str | None:
        """The declaration category being declared, else ``None``."""
        if DECLARE <= self.stage < PLAY:
            return DECLARATION_CATEGORIES[(self.stage - DECLARE) >> 1]
        return None

    # -- rendering helpers (all-seeing) --

    def seat_index(self, seat: str) -> int:
        return self.seats.index(seat)

    def hand(self, seat: str) -> tuple[Card, ...]:
        return cards_from_mask(self.hands[self.seats.index(seat)])

    def discard(self, seat: str) -> tuple[Card, ...]:
        return cards_from_mask(self.discards[self.seats.index(seat)])

    @property
    def stock_cards(self) -> tuple[Card, ...]:
        """The stock, top first."""
        return tuple(ALL_CARDS[i] for i in self.stock)

    @property
    def current_trick(self) -> tuple[tuple[str, Card], ...]:
        if self.lead < 0:
            return ()
        return ((self.seats[self.leader], ALL_CARDS[self.lead]),)

    def tricks_won(self, seat: str) -> int:
        return self.won[self.seats.index(seat)]

    def total(self, seat: str) -> int:
        """The seat's running total in this deal."""
        return self.totals[self.seats.index(seat)]


# Positions of the fields the play changes. ``state._replace`` costs about three times as
# much as copying the fields to a list and building the tuple again (it goes through a dict
# of keywords), and a deal plays 24 cards: the play builds its states with :func:`rebuild`.
F_STAGE, F_TURN, F_HANDS, F_LEAD, F_LEADER, F_TRICKS, F_WON, F_TOTALS, F_LOG, F_PIQUE = (
    State._fields.index(name)
    for name in (
        "stage",
        "turn",
        "hands",
        "lead",
        "leader",
        "tricks",
        "won",
        "totals",
        "log",
        "pique",
    )
)


def rebuild(fields: list[Any]) -> State:
    """A state from its fields in order (``list(state)`` with some positions changed)."""
    return tuple.__new__(State, fields)
