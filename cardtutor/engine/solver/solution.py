"""What the solver returns: the exact value of every legal card, keyed by the engine's actions.

A :class:`Solution` is computed by a game's adapter (:mod:`.piquet`, :mod:`.besik`) through the
small :class:`Game` protocol: the values of every legal card are computed at once; the best
lines (and the points each side makes along them) are found only when asked for, from the
transposition table the values left behind.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

__all__ = ["CardValue", "Game", "OutOfScopeError", "Solution"]

N = TypeVar("N")  # a game's node: its compact position plus what naming actions needs
A = TypeVar("A")  # the engine's play action


class OutOfScopeError(ValueError):
    """The solver does not apply to this position (wrong game phase, talon not empty, three
    players each for himself...); the message says why."""


class Game(Protocol[N, A]):
    """What a game's adapter gives :class:`Solution`."""

    seats: tuple[str, str]

    def to_act(self, node: N) -> int:
        """The seat index to act (only asked of nodes that are not over)."""
        ...

    def is_over(self, node: N) -> bool: ...

    def classes(self, node: N) -> list[list[A]]:
        """The legal actions grouped into equivalent cards (same value), in search order."""
        ...

    def play(self, node: N, action: A) -> tuple[N, tuple[int, int]]:
        """The node after ``action`` and the points each seat makes by it."""
        ...

    def value(self, node: N) -> int:
        """The exact value of ``node`` for the seat to act."""
        ...

    def move_value(self, node: N, action: A, guess: int) -> int:
        """The exact value, for the seat to act, of ``action`` (``guess``: a likely value)."""
        ...


@dataclass(frozen=True)
class CardValue(Generic[A]):
    """One legal card's verdict.

    ``value`` is the points the player to act makes from here on minus the opponent's, when
    both play best after this card; ``loss`` what this card costs against the best card (0 for
    a best card); ``points`` the points each seat makes along the best line (``line``: this
    card, then best play to the end).
    """

    action: A
    value: int
    loss: int
    points: Mapping[str, int]
    line: tuple[A, ...]


class Solution(Generic[N, A]):
    """The exact double-dummy verdict on every legal card of a position.

    ``solution[action]`` is the :class:`CardValue` of a legal play action (``KeyError`` for
    any other); ``solution.value(action)``, ``solution.loss(action)``,
    ``solution.points(action)`` and ``solution.line(action)`` give its parts; ``best`` lists
    the best cards; ``principal_variation`` is the best line; iteration gives the legal
    actions in search order.
    """

    def __init__(self, game: Game[N, A], root: N, included: str) -> None:
        self._game = game
        self._root = root
        self.seat: str = game.seats[game.to_act(root)]
        """The seat to act."""
        self.included = included
        """What the values count (and what they leave out), in English."""
        values: dict[A, int] = {}
        guess = 0
        for cls in game.classes(root):
            guess = game.move_value(root, cls[0], guess)
            for action in cls:
                values[action] = guess
        self._values = values
        self.best_value: int = max(values.values())
        """The value of the position: mine - theirs for :attr:`seat`, under best play."""
        self.best: tuple[A, ...] = tuple(a for a, v in values.items() if v == self.best_value)
        """The best cards (all of equal value)."""
        self._lines: dict[A, tuple[tuple[A, ...], dict[str, int]]] = {}

    # -- mapping-like access --

    def __getitem__(self, action: A) -> CardValue[A]:
        value = self._values[action]
        line, points = self._line(action)
        return CardValue(action, value, self.best_value - value, points, line)

    def __contains__(self, action: object) -> bool:
        return action in self._values

    def __iter__(self) -> Iterator[A]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def values(self) -> dict[A, int]:
        """Every legal action with its value (mine - theirs)."""
        return dict(self._values)

    def value(self, action: A) -> int:
        """The value of ``action``: mine - theirs from here, both playing best after it."""
        return self._values[action]

    def loss(self, action: A) -> int:
        """How many points ``action`` loses against the best card ("this card loses 4")."""
        return self.best_value - self._values[action]

    def points(self, action: A) -> dict[str, int]:
        """The points each seat makes from here along ``action``'s best line."""
        return dict(self._line(action)[1])

    def line(self, action: A) -> tuple[A, ...]:
        """``action`` followed by best play by both sides to the end of the deal."""
        return self._line(action)[0]

    @property
    def principal_variation(self) -> tuple[A, ...]:
        """The best line from here (the first best card's line)."""
        return self.line(self.best[0])

    def __repr__(self) -> str:
        return f"<Solution {self.seat} to act: best {self.best_value}, {len(self)} cards>"

    def _line(self, action: A) -> tuple[tuple[A, ...], dict[str, int]]:
        known = self._lines.get(action)
        if known is not None:
            return known
        game = self._game
        if action not in self._values:
            raise KeyError(action)
        seats = game.seats
        totals = [0, 0]
        node, pts = game.play(self._root, action)
        line: list[A] = [action]
        target = self._values[action]
        me = game.to_act(self._root)
        # Walk down: at each node take the first card whose value equals the node's value.
        while True:
            totals[0] += pts[0]
            totals[1] += pts[1]
            if game.is_over(node):
                break
            want = game.value(node)
            chosen: A | None = None
            for cls in game.classes(node):
                if game.move_value(node, cls[0], want) == want:
                    chosen = cls[0]
                    break
            if chosen is None:  # pragma: no cover - the values are exact
                raise AssertionError("no card reaches the position's value")
            node, pts = game.play(node, chosen)
            line.append(chosen)
        if totals[me] - totals[1 - me] != target:  # pragma: no cover - the values are exact
            raise AssertionError("the best line does not add up to the card's value")
        result = (tuple(line), {seats[0]: totals[0], seats[1]: totals[1]})
        self._lines[action] = result
        return result

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (actions in their record form), without the lines."""
        return {
            "seat": self.seat,
            "best_value": self.best_value,
            "included": self.included,
            "cards": [
                {
                    "action": _json(a),
                    "value": v,
                    "loss": self.best_value - v,
                }
                for a, v in self._values.items()
            ],
        }


def _json(action: object) -> Any:
    to_json = getattr(action, "to_json", None)
    return to_json() if callable(to_json) else repr(action)
