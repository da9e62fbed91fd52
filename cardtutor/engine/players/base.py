"""The computer players' interface: :class:`Strength`, :class:`Observation`, :class:`Decision`
and the :class:`Player` protocol.

A player never receives an engine state. It receives an :class:`Observation`: the seat's
:class:`~cardtutor.engine.contract.View` (``state.view(seat)``) and the events that seat was
shown so far (``engine.visible_events``), the public history of the game. Two states that look
the same from a seat give the same observation, so a player cannot depend on cards the seat
could not know (``tests/players/test_hidden.py`` checks it on many positions of both games).

>>> from cardtutor.engine.piquet import new_deal
>>> state, events = new_deal(seed=5)
>>> obs = observe(state, "A", events)
>>> obs.game, obs.seat, obs.view.hands["B"].count(None), len(obs.history)
('piquet', 'A', 12, 1)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from cardtutor.engine.contract import Action, View
from cardtutor.engine.events import Event
from cardtutor.engine.text import Msg

__all__ = [
    "Strength",
    "Observation",
    "Decision",
    "Player",
    "observe",
    "game_of_view",
    "DEAL_STARTS",
]


class Strength(enum.Enum):
    """How well a computer player plays (the site's choice of opponent)."""

    BEGINNER = "beginner"
    """Legal moves by simple rules: the lowest winning card, the lowest card, every meld."""
    CLUB = "club"
    """Heuristics for every decision: the exchange, declarations, melds, the play."""
    STRONG = "strong"
    """Samples the unseen cards and searches each deal with the double-dummy solver where it
    applies; the club heuristics elsewhere."""

    @classmethod
    def parse(cls, value: Strength | str) -> Strength:
        """A strength from itself or its name (``"club"``, ``"CLUB"``).

        >>> Strength.parse("Strong"), Strength.parse(Strength.CLUB)
        (<Strength.STRONG: 'strong'>, <Strength.CLUB: 'club'>)
        """
        if isinstance(value, Strength):
            return value
        try:
            return cls(value.lower())
        except ValueError:
            names = ", ".join(s.value for s in cls)
            raise ValueError(f"unknown strength {value!r}: one of {names}") from None


DEAL_STARTS = ("piquet.info.deal", "besik.deal")
"""The message keys of the event that opens a deal (the players read the current deal's)."""


def game_of_view(view: View) -> str:
    """The game key of a view (``"piquet"`` or ``"besik"``), from its type.

    >>> from cardtutor.engine.besik import start_deal
    >>> game_of_view(start_deal(seed=1)[0].view("A"))
    'besik'
    """
    from cardtutor.engine.besik import BesikView
    from cardtutor.engine.piquet import PiquetView

    if isinstance(view, PiquetView):
        return "piquet"
    if isinstance(view, BesikView):
        return "besik"
    raise TypeError(f"no computer player reads a {type(view).__name__}")


@dataclass(frozen=True)
class Observation:
    """Everything a seat may know: its view and the events it was shown, oldest first.

    Build it with :func:`observe`, which passes the events through the engine's
    ``visible_events`` for the seat (Besik hides the other players' draws): an observation
    made by hand from raw events would show the player cards its seat never saw. ``history``
    may hold the whole game (every deal) or only the current deal: the players read the current
    deal's part (:attr:`deal_history`).

    >>> from cardtutor.engine.piquet import new_deal
    >>> state, events = new_deal(seed=1)
    >>> Observation(state.view(None))
    Traceback (most recent call last):
    ...
    ValueError: a player observes one seat's view, not the all-seeing one
    """

    view: View
    history: tuple[Event, ...] = ()

    def __post_init__(self) -> None:
        if self.view.seat is None:
            raise ValueError("a player observes one seat's view, not the all-seeing one")

    @property
    def seat(self) -> str:
        """The observing seat.

        >>> from cardtutor.engine.piquet import new_deal
        >>> observe(new_deal(seed=1)[0], "B").seat
        'B'
        """
        seat = self.view.seat
        assert seat is not None  # checked when built
        return seat

    @property
    def game(self) -> str:
        """``"piquet"`` or ``"besik"``.

        >>> from cardtutor.engine.besik import start_deal
        >>> observe(start_deal(seed=1)[0], "A").game
        'besik'
        """
        return game_of_view(self.view)

    @property
    def deal_history(self) -> tuple[Event, ...]:
        """The events of the current deal (from its opening event on).

        >>> from cardtutor.engine.piquet import new_deal
        >>> state, events = new_deal(seed=5)
        >>> [e.msg.key for e in observe(state, "B", events).deal_history]
        ['piquet.info.deal']
        """
        history = self.history
        for i in range(len(history) - 1, -1, -1):
            if history[i].msg.key in DEAL_STARTS:
                return history[i:]
        return history


def observe(
    state: Any, seat: str, events: Iterable[Event] = (), game: str | None = None
) -> Observation:
    """The observation of ``seat``: ``state.view(seat)`` and the events it may see.

    ``events`` are the game's events so far as the engine returned them (every action's, in
    order, from the deal on); they are passed through the engine's ``visible_events`` for
    ``seat``. The state itself is not kept.

    >>> from cardtutor.engine.besik import Draw, Phase, apply, start_deal
    >>> state, events = start_deal(seed=2)
    >>> history = list(events)
    >>> while state.phase is not Phase.DRAW:
    ...     state, events = apply(state, state.legal_actions.plays()[0])
    ...     history += events
    >>> state, events = apply(state, Draw("A"))
    >>> [e.msg.render("en") for e in observe(state, "B", history + list(events)).history][-2:]
    ['A draws a card from the talon.', 'B draws the ace of spades from the talon.']
    """
    from cardtutor.engine.games import game_info

    view = state.view(seat)
    key = game or game_of_view(view)
    visible = game_info(key).engine.visible_events(tuple(events), seat)
    return Observation(view, tuple(visible))


@dataclass(frozen=True)
class Decision:
    """A player's choice with its reason in words (English and German).

    ``values`` lists, where the player weighed its options with numbers (the strong player's
    sampled solver values, the club player's estimates), each option and its value in points
    (higher is better), best first; ``samples`` is how many deals of the unseen cards were
    searched (0: no sampling).
    """

    action: Action
    reason: Msg
    strength: Strength
    values: tuple[tuple[Action, float], ...] = ()
    samples: int = 0

    def to_json(self) -> dict[str, Any]:
        """A JSON-able form: the action, the reason in both languages, the values.

        >>> from cardtutor.engine.piquet import NextDeal
        >>> import cardtutor.engine.players  # noqa: F401 (registers the messages)
        >>> d = Decision(NextDeal("A"), Msg("players.reason.only"), Strength.CLUB)
        >>> d.to_json()["reason"]["en"]
        'The only legal move.'
        """
        return {
            "action": self.action.to_json(),
            "reason": self.reason.to_json(),
            "strength": self.strength.value,
            "values": [{"action": a.to_json(), "value": round(v, 2)} for a, v in self.values],
            "samples": self.samples,
        }


@runtime_checkable
class Player(Protocol):
    """A computer player of one game at one strength.

    ``decide`` returns the :class:`Decision` (the action and why); ``choose`` only the action.
    Both read nothing but the observation and draw every random number from ``rng`` (default:
    a fixed seed), so the same observation and seed give the same move.

    >>> from cardtutor.engine.players import player_for
    >>> isinstance(player_for("piquet", "strong"), Player)
    True
    """

    game: str
    strength: Strength

    def decide(self, obs: Observation, rng: random.Random | None = None) -> Decision: ...

    def choose(self, obs: Observation, rng: random.Random | None = None) -> Action: ...


def ranked(values: Sequence[tuple[Action, float]]) -> tuple[tuple[Action, float], ...]:
    """Options sorted best first (stable for equal values).

    >>> from cardtutor.engine.piquet import NextDeal
    >>> ranked([(NextDeal("A"), 1.0), (NextDeal("B"), 2.0)])
    ((NextDeal('B'), 2.0), (NextDeal('A'), 1.0))
    """
    return tuple(sorted(values, key=lambda av: -av[1]))
