"""Legality: :func:`why_illegal` (the reason in words) and the lazy :class:`LegalActions`."""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import floor

from cardtutor.engine.besik.actions import (
    ACTION_TYPES,
    Action,
    DeclareSeven,
    Draw,
    Meld,
    NewDeal,
    Play,
)
from cardtutor.engine.besik.melds import check_meld, could_meld, meld_candidates
from cardtutor.engine.besik.notation import format_action
from cardtutor.engine.besik.play import check_draw, check_play, playable
from cardtutor.engine.besik.sevens import check_exchange, check_seven, seven_candidates
from cardtutor.engine.besik.state import DEAL, DRAW, OVER, PLAY, State
from cardtutor.engine.besik.uids import PC, TRUMP_SEVENS
from cardtutor.engine.cards import bit_indices
from cardtutor.engine.text import Msg


def phase_refusal(s: State) -> Msg | None:
    if s.phase is OVER:
        return Msg("besik.err.over")
    if s.phase is DEAL:
        return Msg("besik.err.deal_first", seat=s.table.seats[s.turn])
    return None


def seat_refusal(s: State, seat: object) -> Msg | None:
    """Why ``seat`` may not act now: not at the table, or not his turn."""
    seats = s.table.seats
    if seat == seats[s.turn]:
        return None
    if seat not in seats:
        return Msg("besik.err.seat", seat=seat)
    return Msg("besik.err.turn", seat=seat, turn=seats[s.turn])


def check_new_deal(s: State, a: NewDeal) -> Msg | None:
    if s.phase is not DEAL:
        return Msg("besik.err.no_deal") if s.phase is not OVER else Msg("besik.err.over")
    return seat_refusal(s, a.seat)


def why_illegal(state: State, action: object) -> Msg | None:
    """Why ``action`` is illegal in ``state`` (a bilingual :class:`Msg`), or None if legal.

    >>> from cardtutor.engine.besik import Draw, Play, start_deal
    >>> state, _ = start_deal(seed=1)
    >>> print(why_illegal(state, Draw("A")))
    there is nothing to draw now
    >>> print(why_illegal(state, Play("B", PC[0])))
    it is A's turn, not B's
    """
    if not isinstance(action, ACTION_TYPES):
        return Msg("besik.err.action", text=repr(action))
    if isinstance(action, NewDeal):
        return check_new_deal(state, action)
    if (m := phase_refusal(state)) is not None:
        return m
    if (m := seat_refusal(state, action.seat)) is not None:
        return m
    if isinstance(action, Play):
        return check_play(state, action)
    if isinstance(action, Draw):
        return check_draw(state)
    if isinstance(action, Meld):
        return check_meld(state, action)
    if isinstance(action, DeclareSeven):
        return check_seven(state, action)
    return check_exchange(state, action)


_SEAT_PLAYS: dict[str, tuple[Play, ...]] = {}


def _plays_of(seat: str) -> tuple[Play, ...]:
    """The (immutable, so shareable) :class:`Play` of ``seat`` for every uid: picking one
    from a tuple costs far less than building a frozen dataclass per sample."""
    plays = _SEAT_PLAYS.get(seat)
    if plays is None:
        plays = _SEAT_PLAYS[seat] = tuple(Play(seat, c) for c in PC)
    return plays


_DRAWS: dict[str, Draw] = {}


def _draw(seat: str) -> Draw:
    """The shared :class:`Draw` of ``seat`` (as :func:`_plays_of`)."""
    draw = _DRAWS.get(seat)
    if draw is None:
        draw = _DRAWS[seat] = Draw(seat)
    return draw


class LegalActions:
    """The legal actions of a state, computed lazily (:class:`contract.LegalActions`).

    ``action in legal`` validates that one action; iterating lists them all (plays,
    then melds, sevens and exchanges, then the draw); :meth:`count`, :meth:`sample`,
    :meth:`why_illegal`; :meth:`plays`, :meth:`melds` and :meth:`declarations` give
    the parts.

    >>> from cardtutor.engine.besik import Draw, start_deal
    >>> state, _ = start_deal(seed=3)
    >>> legal = state.legal_actions
    >>> legal.count(), Draw("A") in legal
    (8, False)
    >>> print(legal.why_illegal(Draw("A")))
    there is nothing to draw now
    >>> all(a in legal for a in legal)
    True
    """

    __slots__ = ("state", "_list", "_decl")

    def __init__(self, state: State) -> None:
        self.state = state
        self._list: list[Action] | None = None
        self._decl: list[Action] | None = None

    def __contains__(self, action: object) -> bool:
        return why_illegal(self.state, action) is None

    def why_illegal(self, action: object) -> Msg | None:
        """The learner-readable reason why ``action`` is illegal here; ``None`` if legal."""
        return why_illegal(self.state, action)

    def plays(self) -> list[Play]:
        s = self.state
        if s.phase is not PLAY:
            return []
        plays = _plays_of(s.table.seats[s.turn])
        return [plays[u] for u in bit_indices(playable(s, s.turn))]

    def melds(self) -> list[Meld]:
        return meld_candidates(self.state)

    def declarations(self) -> list[Action]:
        """Melds, trump-seven declarations and exchanges available now."""
        return list(self._declarations())

    def _declarations(self) -> list[Action]:
        """:meth:`declarations`, computed once and shared (callers must not change it)."""
        decl = self._decl
        if decl is None:
            s = self.state
            (
                t,
                hands,
                _,  # declared
                _,  # talon_pos
                _,  # up_card
                _,  # trick
                turn,
                phase,
                window,
                melded,
                _,  # taken
                used,
                _,  # melds
                _,  # won
                _,  # tricks_won
                _,  # last_trick
                trick_no,
            ) = s[:17]  # one slice for every field read here (``s.name`` is a descriptor call)
            if phase is not PLAY and phase is not DRAW:
                decl = []
            elif not trick_no:  # the first turn (a Tripelbesik may win at once)
                decl = [*meld_candidates(s), *seven_candidates(s)]
            else:
                rules = t.rules
                if window == 1 or (window == 2 and rules.meld_after_draw):
                    # (may_declare) the cheap tests first: one meld per turn, the quick
                    # mask test, and no seven to declare or exchange without a trump seven
                    hand = hands[turn]
                    if melded or not could_meld(hand, used, rules):
                        decl = []
                    else:
                        decl = [*meld_candidates(s, quick=False)]
                    if hand & TRUMP_SEVENS[t.trump]:
                        decl += seven_candidates(s)
                else:
                    decl = []
            self._decl = decl
        return decl

    def _all(self) -> list[Action]:
        if self._list is None:
            s = self.state
            out: list[Action] = []
            if s.phase is DEAL:
                out.append(NewDeal(s.table.seats[s.turn], seed=s.table.deal_no))
            elif s.phase is not OVER:
                out += self.plays()
                out += self._declarations()
                if s.phase is DRAW:
                    out.append(Draw(s.table.seats[s.turn]))
            self._list = out
        return self._list

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())

    def count(self) -> int:
        """How many legal actions there are, without building the plays."""
        s = self.state
        phase = s.phase
        if phase is PLAY:
            return playable(s, s.turn).bit_count() + len(self._declarations())
        if phase is DRAW:
            return len(self._declarations()) + 1
        return 1 if phase is DEAL else 0

    def __bool__(self) -> bool:
        return self.state.turn >= 0

    def sample(self, rng: random.Random) -> Action:
        """A uniformly random legal action (raises IndexError if there is none).

        It builds no play but the one drawn: the card is the drawn index's card of the
        playable mask. In the ``DEAL`` phase it returns a :class:`NewDeal` with a random seed.
        """
        s = self.state
        t, hands, _, talon_pos, up_card, trick, turn, phase, window = s[:9]
        if phase is PLAY:
            mask = hands[turn]
            if trick and talon_pos >= len(t.talon) and up_card < 0:
                mask = playable(s, turn)  # the duties of the last eight tricks
            n = mask.bit_count()
            # floor(rng.random() * n) rather than randrange: a fraction of the cost, and
            # uniform enough for a handful of choices (math.floor is a plain C function,
            # cheaper to call than the int type)
            if window or not s.trick_no:
                decl = self._declarations()
                i = floor(rng.random() * (n + len(decl)))
                if i >= n:
                    return decl[i - n]
            else:
                i = floor(rng.random() * n)
            seat = t.seats[turn]
            plays = _SEAT_PLAYS.get(seat) or _plays_of(seat)
            # the i-th lowest card, dropping cards from the nearer end (while loops: no
            # range object to build)
            if 2 * i < n:
                while i:
                    mask &= mask - 1  # drop the lowest card
                    i -= 1
                return plays[(mask & -mask).bit_length() - 1]
            i = n - 1 - i
            while i:
                mask ^= 1 << mask.bit_length() - 1  # drop the highest card
                i -= 1
            return plays[mask.bit_length() - 1]
        if phase is DRAW:
            decl = self._declarations()
            i = floor(rng.random() * (len(decl) + 1))
            return decl[i] if i < len(decl) else _draw(t.seats[turn])
        if phase is DEAL:
            return NewDeal(t.seats[turn], seed=rng.randrange(2**32))
        raise IndexError("no legal action: the game is over")

    def __repr__(self) -> str:
        return f"<LegalActions ({', '.join(format_action(a) for a in self)})>"
