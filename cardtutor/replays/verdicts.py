"""The solver's verdict on every card play of a replay, and the source's advice judged by it.

At a step whose action is a card play, the double-dummy solver (:mod:`cardtutor.engine.solver`)
values every legal card of the position before it, with all cards known and best play by both
sides from there on. :class:`StepSolution` keeps what the viewer shows: each card's value, what
the played card loses against the best one, which cards were better, and the points (and
tricks) each side makes along the played card's and the best card's lines.

The solver applies to every position of Piquet's play and to two-player Besik once the talon is
empty; other plays get a :data:`Scope` saying why there is no verdict. The advice of the source
texts (:mod:`cardtutor.replays.advice`) is judged from the same step solutions.

Everything here is pure apart from the cache: solutions are computed lazily, one step at a
time, and kept with Django's cache framework under a key built from a hash of the replay's game
record (so an edited record is solved afresh, and an edited title or commentary is not).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.core.cache import cache
from django.utils.functional import Promise

from cardtutor.engine import GAMES
from cardtutor.engine.solver import OutOfScopeError, solve
from cardtutor.replays.advice import UNTESTABLE, Advice, Check
from cardtutor.replays.timeline import Timeline

__all__ = [
    "CACHE_VERSION",
    "AdviceVerdict",
    "CardFigure",
    "CheckResult",
    "Judge",
    "Line",
    "Scope",
    "StepSolution",
    "record_hash",
    "solve_step",
]

CACHE_VERSION = 1
"""Part of every cache key: bump it when :class:`StepSolution` changes shape."""

Scope = Literal["judged", "not-a-play", "talon", "unsupported"]
"""Whether the solver judges a step: ``"judged"``; ``"not-a-play"`` (a discard, declaration,
meld or draw); ``"talon"`` (a Besik play while the talon lasts); ``"unsupported"`` (e.g. Besik
for three)."""

Status = Literal["confirmed", "refuted", "untestable", "unavailable"]


@dataclass(frozen=True)
class CardFigure:
    """One legal card: its code (``"AS"``; a Besik copy stands for both), its value (the
    player's points from here on minus the opponent's, both playing best) and its loss
    against the best card."""

    card: str
    value: int
    loss: int


@dataclass(frozen=True)
class Line:
    """What each seat makes from the position on along a line of best play: the points the
    solver counts, and the tricks won in the whole deal at its end."""

    points: tuple[tuple[str, int], ...]
    tricks: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class StepSolution:
    """The solver's verdict on the card played at one step (see the module's doc)."""

    game: str
    step: int
    seat: str
    played: str
    """The played card's code."""
    cards: tuple[CardFigure, ...]
    """Every legal card, best first (one entry per card, however many copies are held)."""
    best_card: str
    """The best card whose line :attr:`best_line` is (the played card when it is best)."""
    played_line: Line
    best_line: Line

    @property
    def best_value(self) -> int:
        return self.cards[0].value

    def figure(self, card: str) -> CardFigure | None:
        """The figure of a legal card by its code (``None`` if it is not legal here)."""
        return next((f for f in self.cards if f.card == card), None)

    @property
    def played_figure(self) -> CardFigure:
        found = self.figure(self.played)
        if found is None:  # pragma: no cover - the played card is always legal
            raise KeyError(self.played)
        return found

    @property
    def loss(self) -> int:
        return self.played_figure.loss

    @property
    def is_best(self) -> bool:
        return self.loss == 0

    @property
    def forced(self) -> bool:
        """The played card was the only legal card."""
        return len(self.cards) == 1

    @property
    def best(self) -> tuple[CardFigure, ...]:
        return tuple(f for f in self.cards if f.loss == 0)

    @property
    def better(self) -> tuple[CardFigure, ...]:
        """The cards that would have done better than the played one, best first."""
        return tuple(f for f in self.cards if f.loss < self.loss)

    @property
    def as_good(self) -> tuple[CardFigure, ...]:
        """The other cards exactly as good as the played one."""
        return tuple(f for f in self.cards if f.loss == self.loss and f.card != self.played)


@dataclass(frozen=True)
class CheckResult:
    """One :class:`~cardtutor.replays.advice.Check` judged: whether it holds, with figures
    (the named cards, or the played card) and the best cards of that position."""

    check: Check
    available: bool
    """False when the step cannot be judged in this replay (then nothing else is set)."""
    holds: bool = False
    seat: str = ""
    figures: tuple[CardFigure, ...] = ()
    best: tuple[CardFigure, ...] = ()


@dataclass(frozen=True)
class AdviceVerdict:
    advice: Advice
    status: Status
    results: tuple[CheckResult, ...] = ()
    reason: Promise | str = ""
    """Why the solver cannot judge it (status ``"untestable"``)."""

    @property
    def failed(self) -> tuple[CheckResult, ...]:
        return tuple(r for r in self.results if r.available and not r.holds)


def record_hash(timeline: Timeline) -> str:
    """A hash of what decides the play: the game, ruleset, seats, deal and actions (the
    record's titles and notes are left out)."""
    data = timeline.record.to_json()
    data.pop("meta", None)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _is_play(timeline: Timeline, number: int) -> bool:
    if not 0 < number <= timeline.last:
        return False
    action = timeline.steps[number].action_json
    return action is not None and action.get("type") == "play"


def _code(card: object) -> str:
    """A card's code without the copy (``"7D#2"`` → ``"7D"``)."""
    return str(card).partition("#")[0]


def _line(engine: Any, state: Any, solution: Any, action: Any) -> Line:
    points = solution.points(action)
    for step in solution.line(action):
        state, _events = engine.apply(state, step)
    tricks = state.view(None).tricks_won
    return Line(
        points=tuple((seat, int(points[seat])) for seat in points),
        tricks=tuple((seat, int(n)) for seat, n in tricks.items()),
    )


def solve_step(timeline: Timeline, number: int) -> tuple[Scope, StepSolution | None]:
    """The solver's verdict on the card played at step ``number`` (no cache)."""
    if not _is_play(timeline, number):
        return "not-a-play", None
    step = timeline.steps[number]
    before = timeline.steps[number - 1].state
    try:
        solution = solve(before)
    except OutOfScopeError:
        two = len(timeline.record.seats) == 2
        return ("talon" if timeline.game == "besik" and two else "unsupported"), None
    played = step.action
    if played not in solution:  # pragma: no cover - a replayed action is legal
        return "unsupported", None
    best_value = solution.best_value
    figures: dict[str, CardFigure] = {}
    for action, value in solution.values().items():
        code = _code(action.card)
        if code not in figures:
            figures[code] = CardFigure(code, value, best_value - value)
    cards = tuple(sorted(figures.values(), key=lambda f: f.loss))
    engine = GAMES[timeline.game].engine
    played_line = _line(engine, before, solution, played)
    if solution.loss(played) == 0:
        best_action, best_line = played, played_line
    else:
        best_action = solution.best[0]
        best_line = _line(engine, before, solution, best_action)
    return "judged", StepSolution(
        game=timeline.game,
        step=number,
        seat=str(played.seat),
        played=_code(played.card),
        cards=cards,
        best_card=_code(best_action.card),
        played_line=played_line,
        best_line=best_line,
    )


class Judge:
    """The verdicts of one replay's timeline, solved lazily per step and cached."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.key = f"cardtutor:verdict:{CACHE_VERSION}:{record_hash(timeline)}"
        self._local: dict[int, tuple[Scope, StepSolution | None]] = {}

    def step(self, number: int) -> tuple[Scope, StepSolution | None]:
        """The scope and verdict of step ``number`` (computed on first use, then cached)."""
        if not _is_play(self.timeline, number):
            return "not-a-play", None
        found = self._local.get(number)
        if found is None:
            key = f"{self.key}:{number}"
            found = cache.get(key)
            if found is None:
                found = solve_step(self.timeline, number)
                cache.set(key, found, timeout=None)
            self._local[number] = found
        return found

    def plays(self) -> Iterator[StepSolution]:
        """Every judged card play, in order (solves them all: not for a step page)."""
        for number in range(1, self.timeline.last + 1):
            scope, solution = self.step(number)
            if solution is not None:
                yield solution

    def check(self, check: Check) -> CheckResult:
        scope, solution = self.step(check.step)
        if solution is None:
            return CheckResult(check, available=False)
        if check.expect == "played-best":
            figures: tuple[CardFigure, ...] = (solution.played_figure,)
            holds = solution.is_best
        else:
            named = [solution.figure(card) for card in check.cards]
            if not named or any(f is None for f in named):
                return CheckResult(check, available=False)
            figures = tuple(f for f in named if f is not None)
            if check.expect == "best":
                holds = all(f.loss == 0 for f in figures)
            else:
                holds = all(f.loss > 0 for f in figures)
        return CheckResult(check, True, holds, solution.seat, figures, solution.best)

    def advice(self, advice: Advice) -> AdviceVerdict:
        """The verdict on one piece of advice."""
        if not advice.checks:
            return AdviceVerdict(advice, "untestable", reason=UNTESTABLE.get(advice.untestable, ""))
        results = tuple(self.check(c) for c in advice.checks)
        if not all(r.available for r in results):
            return AdviceVerdict(advice, "unavailable", results)
        status: Status = "confirmed" if all(r.holds for r in results) else "refuted"
        return AdviceVerdict(advice, status, results)

    def advice_list(self, advice: Sequence[Advice]) -> list[AdviceVerdict]:
        return [self.advice(a) for a in advice]
