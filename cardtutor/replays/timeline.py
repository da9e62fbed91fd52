"""The computed timeline of a replay: the engine's steps, explained and totalled.

Everything here is derived from the stored game record by the engine; nothing computed
is stored. Timelines are cached per process, keyed by the replay's primary key and its
``updated`` time, so an edited replay is recomputed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardtutor.engine.errors import RecordError
from cardtutor.engine.events import Event
from cardtutor.engine.record import Engine, GameRecord, Step, replay
from cardtutor.engine.text import Msg, register_messages
from cardtutor.replays.lru import LRU

register_messages(
    {
        "replay.unknown_game": (
            "Unknown game {game!r}: use 'piquet' or 'besik'.",
            "Unbekanntes Spiel {game!r}: 'piquet' oder 'besik' verwenden.",
        ),
        "replay.seats": (
            "The replay's seats {seats} do not match the record's seats {record_seats}.",
            "Die Plätze der Partie {seats} passen nicht zu den Plätzen des Protokolls {record_seats}.",
        ),
    }
)


@cache
def engine_for(game: str) -> Engine[Any, Any]:
    if game == "piquet":
        from cardtutor.engine.piquet import ENGINE as PIQUET

        return PIQUET
    if game == "besik":
        from cardtutor.engine.besik import ENGINE as BESIK

        return BESIK
    raise RecordError(Msg("replay.unknown_game", game=game))


def check_record(game: str, record_json: Any, seats: Any = None) -> list[Step[Any, Any]]:
    """Parse and replay a record; raises :class:`RecordError` with the step and the reason."""
    engine = engine_for(game)
    record = GameRecord.from_json(record_json)
    if seats is not None:
        names = [s.get("seat") if isinstance(s, Mapping) else s for s in seats or []]
        if list(record.seats) != names:
            raise RecordError(Msg("replay.seats", seats=", ".join(map(str, names)),
                                  record_seats=", ".join(record.seats)))
    return replay(engine, record)


@dataclass(frozen=True)
class TimelineStep:
    number: int
    seat: str | None
    action: Any
    action_json: dict[str, Any] | None
    events: tuple[Event, ...]
    state: Any
    totals: dict[str, int]
    """Running score of every seat after this step (a partnership's score for each partner)."""

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


def _seat_totals(seats: Sequence[str], running: Mapping[str, int]) -> dict[str, int]:
    """Map each seat to its score; a party named by several seats ("AC") counts for each."""
    out = {}
    for seat in seats:
        if seat in running:
            out[seat] = running[seat]
        else:
            out[seat] = next((v for k, v in running.items() if seat in k), 0)
    return out


def build_timeline(game: str, record_json: Any) -> Timeline:
    engine = engine_for(game)
    record = GameRecord.from_json(record_json)
    steps = replay(engine, record)
    running: dict[str, int] = {}
    out = []
    for step in steps:
        for event in step.events:
            if event.is_score and event.totals:
                running.update(event.totals)
        out.append(
            TimelineStep(
                number=step.number,
                seat=step.seat,
                action=step.action,
                action_json=None if step.action is None else engine.action_to_json(step.action),
                events=step.events,
                state=step.state,
                totals=_seat_totals(record.seats, running),
            )
        )
    return Timeline(game, record, out)


_TIMELINES = LRU(32)


def timeline_for(replay_obj: Any) -> Timeline:
    """The cached timeline of a saved :class:`~cardtutor.replays.models.Replay`."""
    key = (replay_obj.pk, replay_obj.updated.isoformat() if replay_obj.updated else "")
    found: Timeline | None = _TIMELINES.get(key)
    if found is None:
        found = build_timeline(replay_obj.game, replay_obj.record)
        _TIMELINES.set(key, found)
    return found
