"""The one contract every game engine implements (python-chess's ``Board`` API for every variant).

The site, the drills, the computer players and the solver drive Piquet and Besik through these
names only; nothing outside an engine package reads an engine's internal fields.

State
=====

A state is immutable. Every game's state answers:

- ``state.seats``: the seats in play order (``("A", "B")``); ``state.parties``: the scoring
  parties (the seats, or partnerships such as ``"A+C"``); ``state.party_of(seat)``.
- ``state.seat_to_act``: the seat whose decision it is, ``None`` when the game is over.
- ``state.phase``: a member of the game's own :class:`enum.Enum` (e.g. ``piquet.Phase.PLAY``);
  ``state.is_over``.
- ``state.legal_actions``: a lazy :class:`LegalActions` view (``in``, iteration, ``count()``,
  ``sample(rng)``, ``why_illegal(action)``).
- ``state.outcome()``: the :class:`Outcome` so far (deal and game totals, final once over).
- ``state.view(seat)``: a typed :class:`View` of what ``seat`` may know (``None``: all-seeing).
- ``state.score_breakdown()``: party -> category -> points of the current deal.

Actions are frozen dataclasses that carry their ``seat``; two actions are equal only when they
are of the same type with the same fields (``Play("A", c) != Exchange("A", c)``, and no action
equals a tuple). ``action.to_json()`` gives the record form (with ``"seat"``).

The engine object
=================

Each game package has an ``ENGINE`` (:class:`Engine`) for records and the site:
``start(record)``, ``apply(state, action)`` (pure; raises
:class:`~cardtutor.engine.errors.IllegalActionError`), ``parse_action(data)``,
``visible_events(events, seat)`` and ``rule_anchors``. :data:`cardtutor.engine.GAMES` lists the
games (:class:`GameInfo`).

Events are built only when read: ``apply`` may return a :class:`LazyEvents`, which computes
its events on first access (a random playout, the solver or a computer player never pays for
sentences nobody reads).

>>> calls = []
>>> events = LazyEvents(lambda: calls.append(1) or ())
>>> calls
[]
>>> len(events), calls
(0, [1])
"""

from __future__ import annotations

import enum
import importlib
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload, runtime_checkable

from cardtutor.engine.cards import Card, PhysicalCard
from cardtutor.engine.events import Event

if TYPE_CHECKING:
    from cardtutor.engine.record import GameRecord
    from cardtutor.engine.text import Msg

__all__ = [
    "Action",
    "AnyCard",
    "Engine",
    "GameInfo",
    "GameState",
    "LazyEvents",
    "LegalActions",
    "Outcome",
    "View",
]

AnyCard = Card | PhysicalCard
"""Piquet's cards are :class:`Card`; Besik's (two or three packs) :class:`PhysicalCard`."""

A = TypeVar("A", bound="Action")
A_co = TypeVar("A_co", bound="Action", covariant=True)
S = TypeVar("S", bound="GameState[Any]")


@runtime_checkable
class Action(Protocol):
    """A decision: a frozen dataclass with the acting ``seat``."""

    @property
    def seat(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


class LegalActions(Protocol[A_co]):
    """The legal actions of a state, computed lazily (python-chess's ``legal_moves``)."""

    def __contains__(self, action: object) -> bool: ...

    def __iter__(self) -> Iterator[A_co]: ...

    def __bool__(self) -> bool: ...

    def count(self) -> int:
        """How many legal actions there are (without listing them where that is costly)."""
        ...

    def sample(self, rng: random.Random) -> A_co:
        """One legal action drawn with ``rng`` (without listing every action)."""
        ...

    def why_illegal(self, action: object) -> Msg | None:
        """The learner-readable reason why ``action`` is illegal here; ``None`` if legal."""
        ...


@dataclass(frozen=True)
class Outcome:
    """Where a game stands: the current deal's points and the game (partie) totals.

    ``deal`` is the current deal's points so far (the last deal's once it is over);
    ``game`` the game or partie totals: every completed deal plus the current deal so far
    (for a Besik record that carries scores in, those scores included). ``deals`` lists the
    completed deals' points in order. ``winner`` is the party that has won the game (for a
    one-deal record: the deal), ``None`` while undecided and when drawn. ``settlement`` is
    what the winner gains where the game settles that way (Piquet's partie: the difference
    plus 100, or the sum plus 100 when the loser is rubiconed).
    """

    parties: tuple[str, ...]
    deal: Mapping[str, int]
    game: Mapping[str, int]
    deal_number: int
    """1-based number of the current (or last) deal."""
    deals: tuple[Mapping[str, int], ...] = ()
    deal_over: bool = False
    game_over: bool = False
    winner: str | None = None
    settlement: int | None = None
    rubiconed: bool = False
    multi_deal: bool = False
    """The record is a whole game or partie (several deals), not one deal."""


@dataclass(frozen=True, kw_only=True)
class View:
    """What one seat may know (``seat is None``: everything, for replays and the solver).

    Hidden cards are ``None``, known cards first. Each game extends this with its own table
    (Piquet: stock, discards, declared cards; Besik: talon, turned-up trump, melds).
    """

    seat: str | None
    seats: tuple[str, ...]
    parties: tuple[str, ...]
    phase: enum.Enum
    seat_to_act: str | None
    hands: Mapping[str, tuple[AnyCard | None, ...]]
    trick: tuple[tuple[str, AnyCard], ...]
    """The current trick, in play order."""
    tricks_won: Mapping[str, int]
    outcome: Outcome
    breakdown: Mapping[str, Mapping[str, int]] = field(default_factory=dict)


class GameState(Protocol[A_co]):
    """The names every game's state answers (see the module docstring)."""

    @property
    def seats(self) -> tuple[str, ...]: ...

    @property
    def parties(self) -> tuple[str, ...]: ...

    def party_of(self, seat: str) -> str: ...

    @property
    def seat_to_act(self) -> str | None: ...

    @property
    def phase(self) -> enum.Enum: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def legal_actions(self) -> LegalActions[A_co]: ...

    def outcome(self) -> Outcome: ...

    def view(self, seat: str | None) -> View: ...

    def score_breakdown(self) -> Mapping[str, Mapping[str, int]]: ...


class Engine(Protocol[S, A]):
    """What a game package offers to records, replays, drills and games (``ENGINE``)."""

    game: str
    rule_anchors: Mapping[str, tuple[str, str]]
    """Rule anchor -> (English title, German title); events link ``"<game>#<anchor>"``."""

    def start(self, record: GameRecord) -> tuple[S, Sequence[Event]]:
        """The first state of a record's deal and the events reckoned before any action."""
        ...

    def parse_action(self, data: Mapping[str, Any]) -> A:
        """An action from its JSON form (with ``"seat"``); raises ``NotationError``."""
        ...

    def apply(self, state: S, action: A) -> tuple[S, Sequence[Event]]:
        """Pure: the next state and what happened; raises ``IllegalActionError``."""
        ...

    def visible_events(self, events: Sequence[Event], seat: str | None) -> Sequence[Event]:
        """The events as ``seat`` may know them (``None``: all)."""
        ...


class LazyEvents(partial[Iterable[Event]], Sequence[Event]):
    """``LazyEvents(f, *args)``: the events ``f(*args)``, computed on first access, then kept.

    Compares equal to any sequence with the same events (``LazyEvents(f) == ()`` when ``f``
    builds none). It *is* the ``functools.partial`` of the explaining call, so making one is a
    single C call: ``apply`` makes one per action, and a ``partial`` plus a Python
    ``__init__`` measured twice as much (a random Besik deal makes about ninety).
    """

    __slots__ = ("_events",)
    _events: tuple[Event, ...]
    """The events, once built (unset before)."""

    def _get(self) -> tuple[Event, ...]:
        try:
            return self._events
        except AttributeError:  # the first access
            events = self._events = tuple(self())
            return events

    @property
    def _build(self) -> Callable[[], Iterable[Event]] | None:
        """The pending builder, ``None`` once built."""
        return None if hasattr(self, "_events") else self

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        return self._get()[index]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self) -> Iterator[Event]:
        return iter(self._get())

    def __bool__(self) -> bool:
        return bool(self._get())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return self._get() == tuple(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"LazyEvents({list(self._get())!r})"


@dataclass(frozen=True)
class GameInfo:
    """One game of the registry :data:`cardtutor.engine.GAMES`.

    ``module`` is imported only when the engine is first used, so listing the games costs
    nothing.
    """

    key: str
    names: Mapping[str, str]
    """``{"en": ..., "de": ...}``."""
    seats: tuple[str, ...]
    """Default seat names for two players (more players: ``"A"``, ``"B"``, ``"C"``, ``"D"``)."""
    rulesets: tuple[str, ...]
    """Ruleset names; the first is the default."""
    player_counts: tuple[int, ...]
    partnerships: bool
    """Whether four players may play as two partnerships."""
    module: str

    def name(self, lang: str = "en") -> str:
        return self.names["de" if lang[:2].lower() == "de" else "en"]

    @property
    def engine(self) -> Engine[Any, Any]:
        engine: Engine[Any, Any] = importlib.import_module(self.module).ENGINE
        return engine

    @property
    def rule_anchors(self) -> Mapping[str, tuple[str, str]]:
        return self.engine.rule_anchors
