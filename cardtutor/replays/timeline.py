"""The computed timeline of a replay: the engine's steps, explained and totalled.

Everything here is derived from the stored game record by the engine, through the one engine
contract (:mod:`cardtutor.engine.contract`) and the registry :data:`cardtutor.engine.GAMES`;
nothing computed is stored. Timelines are cached per process, keyed by the replay's primary
key and its ``updated`` time, so an edited replay is recomputed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtutor.engine import GAMES
from cardtutor.engine.contract import Engine, GameState, Outcome
from cardtutor.engine.errors import RecordError
from cardtutor.engine.events import Event
from cardtutor.engine.record import GameRecord, Step, replay
from cardtutor.engine.text import Msg, register_messages
from cardtutor.replays.lru import LRU

register_messages(
    {
        "replay.unknown_game": (
            "Unknown game {game!r}: use one of {games}.",
            "Unbekanntes Spiel {game!r}: eines von {games} verwenden.",
        ),
        "replay.seats": (
            "The replay's seats {seats} do not match the record's seats {record_seats}.",
            "Die Plätze der Partie {seats} passen nicht zu den Plätzen des Protokolls {record_seats}.",
        ),
    }
)


def engine_for(game: str) -> Engine[Any, Any]:
    """The engine of a registered game; an unknown game is a :class:`RecordError`."""
    info = GAMES.get(game) if isinstance(game, str) else None
    if info is None:
        raise RecordError(Msg("replay.unknown_game", game=game, games=", ".join(GAMES)))
    return info.engine


def check_record(game: str, record_json: Any, seats: Any = None) -> list[Step[Any, Any]]:
    """Parse and replay a record; raises :class:`RecordError` with the step and the reason."""
    engine = engine_for(game)
    record = GameRecord.from_json(record_json)
    if seats is not None:
        names = [s.get("seat") if isinstance(s, Mapping) else s for s in seats or []]
        if list(record.seats) != names:
            raise RecordError(
                Msg(
                    "replay.seats",
                    seats=", ".join(map(str, names)),
                    record_seats=", ".join(record.seats),
                )
            )
    return replay(engine, record)


@dataclass(frozen=True)
class TimelineStep:
    number: int
    seat: str | None
    action: Any
    action_json: dict[str, Any] | None
    events: Sequence[Event]
    state: GameState[Any]
    outcome: Outcome
    """The score after this step: this deal's points and the game (partie) totals."""

    @property
    def totals(self) -> dict[str, int]:
        """Each seat's game total after this step (a partnership's total for each partner)."""
        game = self.outcome.game
        return {seat: game[self.state.party_of(seat)] for seat in self.state.seats}

    @property
    def score_events(self) -> list[Event]:
        return [e for e in self.events if e.is_score]

    def explanation(self, lang: str) -> str:
        return " ".join(e.msg.render(lang) for e in self.events if e.kind != "say")


@dataclass(frozen=True)
class Timeline:
    game: str
    record: GameRecord
    steps: Sequence[TimelineStep]

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def score_events_until(self, number: int) -> list[tuple[int, Event]]:
        return [(s.number, e) for s in self.steps[: number + 1] for e in s.events if e.is_score]


def build_timeline(game: str, record_json: Any) -> Timeline:
    engine = engine_for(game)
    record = GameRecord.from_json(record_json)
    steps = [
        TimelineStep(
            number=step.number,
            seat=step.seat,
            action=step.action,
            action_json=None if step.action is None else step.action.to_json(),
            events=step.events,
            state=step.state,
            outcome=step.state.outcome(),
        )
        for step in replay(engine, record)
    ]
    return Timeline(game, record, steps)


_TIMELINES = LRU(32)


def timeline_for(replay_obj: Any) -> Timeline:
    """The cached timeline of a saved :class:`~cardtutor.replays.models.Replay`."""
    key = (replay_obj.pk, replay_obj.updated.isoformat() if replay_obj.updated else "")
    found: Timeline | None = _TIMELINES.get(key)
    if found is None:
        found = build_timeline(replay_obj.game, replay_obj.record)
        _TIMELINES.set(key, found)
    return found
