"""The game record: a deal plus the ordered actions, as JSON, and a generic replayer.

Replays, drills and games against the computer all store a game as a
:class:`GameRecord`. The ``deal`` object is engine-specific (documented in each
engine module); the ``actions`` are the engine's actions in their JSON form.

Format (version 1)::

    {
      "format": "cardtutor-game-record",
      "version": 1,
      "game": "piquet" | "besik",
      "ruleset": "<engine ruleset name>",
      "seats": ["A", "B"],
      "deal": {...},
      "actions": [{...}, ...],
      "meta": {...}            # optional, free-form (titles, source)
    }

>>> r = GameRecord.from_json({"format": "cardtutor-game-record", "version": 1,
...     "game": "piquet", "ruleset": "rubicon", "seats": ["A", "B"], "deal": {}, "actions": []})
>>> r.seats, r.to_json()["version"]
(('A', 'B'), 1)
>>> GameRecord.from_json({"game": "chess"})
Traceback (most recent call last):
...
cardtutor.engine.errors.RecordError: This is not a cardtutor game record: 'format' must be 'cardtutor-game-record'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from cardtutor.engine.errors import EngineError, RecordError
from cardtutor.engine.events import Event
from cardtutor.engine.text import Msg, register_messages

if TYPE_CHECKING:
    from cardtutor.engine.contract import Action, Engine, GameState

__all__ = ["GameRecord", "Step", "replay", "RECORD_FORMAT", "RECORD_VERSION"]

RECORD_FORMAT = "cardtutor-game-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class GameRecord:
    game: str
    ruleset: str
    seats: tuple[str, ...]
    deal: Mapping[str, Any]
    actions: tuple[Mapping[str, Any], ...]
    meta: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a record from parsed JSON, checking its shape (not its legality)."""
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise RecordError(Msg("record.format"))
        if data.get("version") != RECORD_VERSION:
            raise RecordError(Msg("record.version", version=data.get("version")))
        game, ruleset = data.get("game"), data.get("ruleset")
        seats, deal, actions = data.get("seats"), data.get("deal"), data.get("actions")
        meta = data.get("meta", {})
        if not isinstance(game, str) or not isinstance(ruleset, str):
            raise RecordError(Msg("record.field", field="game/ruleset"))
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise RecordError(Msg("record.field", field="seats"))
        if len(set(seats)) != len(seats):
            raise RecordError(Msg("record.field", field="seats"))
        if not isinstance(deal, Mapping):
            raise RecordError(Msg("record.field", field="deal"))
        if not isinstance(actions, list) or not all(isinstance(a, Mapping) for a in actions):
            raise RecordError(Msg("record.field", field="actions"))
        if not isinstance(meta, Mapping):
            raise RecordError(Msg("record.field", field="meta"))
        return cls(
            game, ruleset, tuple(seats), dict(deal), tuple(dict(a) for a in actions), dict(meta)
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "ruleset": self.ruleset,
            "seats": list(self.seats),
            "deal": dict(self.deal),
            "actions": [dict(a) for a in self.actions],
        }
        if self.meta:
            data["meta"] = dict(self.meta)
        return data


S = TypeVar("S", bound="GameState[Any]")
A = TypeVar("A", bound="Action")


class Step(NamedTuple, Generic[S, A]):
    """One replayed action: its 1-based number, who acted, what, what it caused, and after."""

    number: int
    seat: str | None
    action: A | None
    events: Sequence[Event]
    state: S


def replay(engine: Engine[S, A], record: GameRecord) -> list[Step[S, A]]:
    """Replay a record; step 0 is the deal. Raises :class:`RecordError` naming the step.

    An action without ``"seat"`` (records written before actions carried their seat) is
    taken to be by the seat to act.
    """
    if record.game != engine.game:
        raise RecordError(Msg("record.game", game=record.game, engine=engine.game))
    try:
        state, events = engine.start(record)
    except RecordError:
        raise
    except EngineError as err:
        raise RecordError(Msg("record.deal", reason=err.msg), 0) from err
    steps: list[Step[S, A]] = [Step(0, None, None, events, state)]
    for number, data in enumerate(record.actions, start=1):
        seat = state.seat_to_act
        if "seat" not in data and seat is not None:
            data = {**data, "seat": seat}
        try:
            action = engine.parse_action(data)
            state, events = engine.apply(state, action)
        except EngineError as err:
            raise RecordError(Msg("record.step", step=number, reason=err.msg), number) from err
        steps.append(Step(number, seat, action, events, state))
    return steps


register_messages(
    {
        "record.format": (
            "This is not a cardtutor game record: 'format' must be 'cardtutor-game-record'.",
            "Das ist keine cardtutor-Spielaufzeichnung: 'format' muss 'cardtutor-game-record' sein.",
        ),
        "record.version": (
            "Game record version {version!r} is not supported (expected 1).",
            "Version {version!r} der Spielaufzeichnung wird nicht unterstützt (erwartet: 1).",
        ),
        "record.field": (
            "The game record's field '{field}' is missing or malformed.",
            "Das Feld '{field}' der Spielaufzeichnung fehlt oder ist fehlerhaft.",
        ),
        "record.game": (
            "This record is a {game!r} game, not {engine!r}.",
            "Diese Spielaufzeichnung ist ein {game!r}-Spiel, kein {engine!r}.",
        ),
        "record.deal": (
            "The deal of this record is invalid: {reason}",
            "Die Austeilung dieser Spielaufzeichnung ist ungültig: {reason}",
        ),
        "record.step": (
            "Step {step} does not replay: {reason}",
            "Schritt {step} lässt sich nicht nachspielen: {reason}",
        ),
    }
)
