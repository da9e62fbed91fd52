"""The computed timeline of a replay: the engine's steps, explained and totalled.

Everything here is derived from the stored game record by the engine, through the one engine
contract (:mod:`cardtutor.engine.contract`) and the registry :data:`cardtutor.engine.GAMES`;
nothing computed is stored. Timelines are cached per process, keyed by the game and a digest
of the record itself, so an edited record is recomputed whatever way it was changed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtutor.engine import GAMES
from cardtutor.engine.contract import Engine, GameState, Outcome
from cardtutor.engine.errors import RecordError
from cardtutor.engine.events import Event
from cardtutor.engine.record import GameRecord, Step, replay
from cardtutor.engine.text import Msg, register_messages

register_messages(
    {
        "replay.unknown_game": (
            "Unknown game {game!r}: use one of {games}.",
            "Unbekanntes Spiel {game!r}: eines von {games} verwenden.",
        ),
        "replay.seats": (
            "The replay's seats {seats} do not match the record's seats {record_seats}.",
            "Die Plätze des Beispielspiels {seats} passen nicht zu den Plätzen der Spielaufzeichnung {record_seats}.",
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

    def spoken(self, lang: str) -> str:
        """What the players say at this step, one quoted line each: ``A: “Five cards.”``."""
        left, right = ("„", "“") if lang.startswith("de") else ("“", "”")
        return " ".join(
            f"{e.seat}: {left}{e.msg.render(lang)}{right}" for e in self.events if e.kind == "say"
        )


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


# Why not Django's cache framework here (the rendered steps use it, see rendering.py): a
# Timeline is a live object graph of engine states and lazily worded events (functools.partial
# over engine functions). The framework pickles every value, even in local memory, and for a
# timeline that costs more than it saves: replaying the 99-step Besik example takes about 3 ms
# here, pickling and unpickling its timeline about 6 ms (45 kB); the pickles would also tie a
# shared cache to this exact engine code. A timeline is only needed when a rendered step is
# not in the cache, so it stays a small per-process LRU, keyed by the record's own content
# (never stale, however the record was changed).
@lru_cache(maxsize=16)
def _timeline(game: str, digest: str, record_text: str) -> Timeline:
    return build_timeline(game, json.loads(record_text))


def timeline_for(replay_obj: Any) -> Timeline:
    """The cached timeline of a :class:`~cardtutor.replays.models.Replay` (built from its
    game and record, whatever the rest of the replay says)."""
    text = json.dumps(replay_obj.record, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"{replay_obj.game}\n{text}".encode()).hexdigest()
    return _timeline(replay_obj.game, digest, text)
