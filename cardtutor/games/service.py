"""Playing a stored game: replay its record, check the learner's move, let the computer answer.

Pure of requests and templates; the views call these functions inside a transaction that holds
the game's row, so two requests never apply moves to the same position.

A game is the engine's :class:`~cardtutor.engine.record.GameRecord` (JSON) plus the seats the
learner holds. Every request replays the record from the deal (a Piquet partie is about 250
actions, a Besik game to 1000 about 600: a few milliseconds), so the stored record is the only
truth and nothing can drift from it.

Deals are shuffled from the game's secret seed, never from anything the learner sends: the
"deal" button carries no cards and no seed (Besik's ``NewDeal`` action could name any cards).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtutor.engine import GAMES
from cardtutor.engine.errors import EngineError
from cardtutor.engine.events import Event
from cardtutor.engine.record import RECORD_FORMAT, RECORD_VERSION, GameRecord
from cardtutor.engine.text import Msg, register_messages, to_player
from cardtutor.games.computer import choose

register_messages(
    {
        "games.err.not_your_turn": (
            "It is not your turn: {seat} is to play.",
            "Du bist nicht am Zug: {seat} ist dran.",
        ),
        "games.err.over": ("This game is over.", "Diese Partie ist zu Ende."),
        "games.err.form": (
            "This move could not be read. Choose it again from the buttons below.",
            "Dieser Zug ließ sich nicht lesen. Wähle ihn bitte noch einmal unten aus.",
        ),
        "games.err.card": (
            "There is no card {text!r}. Choose a card of your hand.",
            "Eine Karte {text!r} gibt es nicht. Wähle eine Karte deiner Hand.",
        ),
        "games.stale": (
            "That move was already made: here is the game as it stands now.",
            "Dieser Zug ist schon gemacht: Hier ist die Partie, wie sie jetzt steht.",
        ),
        "games.stale_undone": (
            "That position was taken back: here is the game as it stands now.",
            "Die Züge bis zu dieser Stellung wurden zurückgenommen: Hier ist die Partie, wie "
            "sie jetzt steht.",
        ),
        "games.one_move": (
            "There is only one move to make here, so there is no hint for it.",
            "Hier gibt es nur einen möglichen Zug, daher keinen Tipp dazu.",
        ),
        "games.undone": (
            "Taken back: {move}. It is your move again.",
            "Dein Zug „{move}“ ist zurückgenommen. Du bist wieder am Zug.",
        ),
        "games.undone.book": (
            "Taken back: {move}. You are back in the worked example: the other side plays its "
            "moves again, and yours are compared with them. It is your move again.",
            "Dein Zug „{move}“ ist zurückgenommen. Du bist wieder im Beispielspiel: Die "
            "andere Seite spielt wieder dessen Züge, und deine werden mit ihnen verglichen. Du "
            "bist wieder am Zug.",
        ),
        "games.nothing_to_undo": (
            "There is no move of yours to take back.",
            "Es gibt keinen Zug von dir, den du zurücknehmen könntest.",
        ),
        "games.undo_new_deal": (
            "A new deal has been dealt: the last deal's moves can no longer be taken back.",
            "Ein neues Spiel ist gegeben: Die Züge des letzten Spiels lassen sich nicht mehr "
            "zurücknehmen.",
        ),
        "games.over_no_undo": (
            "The game is over, so its moves can no longer be taken back: every card of it may "
            "now be seen, in the replay and in the download.",
            "Die Partie ist zu Ende, darum lassen sich ihre Züge nicht mehr zurücknehmen: "
            "Jede ihrer Karten ist jetzt zu sehen, beim Nachspielen und in der heruntergeladenen "
            "Datei.",
        ),
    }
)


@dataclass(frozen=True)
class Kind:
    """A kind of game the learner can start."""

    key: str
    game: str
    ruleset: str
    seats: tuple[str, ...]
    learner: tuple[str, ...]
    names: Mapping[str, str]
    partners: Mapping[str, str] = field(default_factory=dict)
    """Seat -> partner's seat (Besik for four in partnerships)."""
    following_book: bool = False
    """A worked example whose other seats still play the example's moves (not yet played on
    from the learner's own move)."""

    def name(self, lang: str) -> str:
        return self.names["de" if lang[:2] == "de" else "en"]

    @property
    def single_deal(self) -> bool:
        """A worked example is one deal: no partie, no game total beyond it."""
        return self.key == "example"

    def deal(self, seed: int, first_dealer: str | None) -> dict[str, Any]:
        if self.game == "piquet":
            deal: dict[str, Any] = {"partie": True, "seed": seed}
            if first_dealer is not None:
                deal["dealer"] = first_dealer
            return deal
        deal = {"seed": seed, "players": len(self.seats), "play_to": "game"}
        if self.partners:
            deal["partnerships"] = True
        if first_dealer is not None:
            deal["dealer"] = first_dealer
        return deal


KINDS: dict[str, Kind] = {
    k.key: k
    for k in (
        Kind(
            "piquet",
            "piquet",
            "rubicon",
            ("A", "B"),
            ("A",),
            {"en": "Piquet: a partie of six deals", "de": "Piquet: eine Partie über sechs Spiele"},
        ),
        Kind(
            "besik-2",
            "besik",
            "seed",
            ("A", "B"),
            ("A",),
            {"en": "Besik for two, to 1000", "de": "Besik zu zweit, bis 1000"},
        ),
        Kind(
            "besik-3",
            "besik",
            "seed",
            ("A", "B", "C"),
            ("A",),
            {
                "en": "Besik for three, each for himself, to 1000",
                "de": "Besik zu dritt, jeder für sich, bis 1000",
            },
        ),
        Kind(
            "besik-4",
            "besik",
            "seed",
            ("A", "B", "C", "D"),
            ("A",),
            {
                "en": "Besik for four in partnerships, to 1000",
                "de": "Besik zu viert in Parteien, bis 1000",
            },
            {"A": "C", "C": "A", "B": "D", "D": "B"},
        ),
        Kind(
            "besik-4-each",
            "besik",
            "seed",
            ("A", "B", "C", "D"),
            ("A",),
            {
                "en": "Besik for four, each for himself, to 1000",
                "de": "Besik zu viert, jeder für sich, bis 1000",
            },
        ),
    )
}

FIRST_DEALERS = ("cut", "learner", "computer")
"""Who deals first: the seats cut for it, the learner (the computer is elder), or the
computer (the learner is elder / Vorhand)."""


def new_record(kind: Kind, seed: int, first: str = "cut") -> dict[str, Any]:
    """A new game's record, no move made yet."""
    dealer: str | None = None
    if first == "learner":
        dealer = kind.learner[0]
    elif first == "computer":
        dealer = kind.seats[-1] if kind.seats[-1] not in kind.learner else kind.seats[1]
    elif kind.game == "besik":
        dealer = random.Random(f"{seed}:cut").choice(kind.seats)
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": kind.game,
        "ruleset": kind.ruleset,
        "seats": list(kind.seats),
        "deal": kind.deal(seed, dealer),
        "actions": [],
        "meta": {"kind": kind.key},
    }


@dataclass
class Position:
    """A game replayed: the state now, and each action with the events it caused."""

    kind: Kind
    state: Any
    actions: list[Any]
    events: list[Sequence[Event]]
    """``events[0]``: the deal's; ``events[i + 1]``: those of ``actions[i]``."""
    states: list[Any] = field(default_factory=list)
    """``states[i]``: the state after ``actions[i]`` (immutable states, so only references:
    the table shows the moves since the learner's last one one after another)."""
    start: Any = None
    """The state before ``actions[0]``."""

    @property
    def engine(self) -> Any:
        return GAMES[self.kind.game].engine

    @property
    def ply(self) -> int:
        return len(self.actions)


class MoveRefused(Exception):
    """The learner's move is refused; ``msg`` says why in the learner's language."""

    def __init__(self, msg: Msg, status: int = 400) -> None:
        msg = to_player(msg)  # said to the learner: "you must follow suit", not "A must"
        super().__init__(msg.render("en"))
        self.msg = msg
        self.status = status


def replay(kind: Kind, record: Mapping[str, Any]) -> Position:
    """Replay a stored record (raises :class:`EngineError` if it is damaged)."""
    engine = GAMES[kind.game].engine
    rec = GameRecord.from_json(record)
    state, events = engine.start(rec)
    start = state
    actions: list[Any] = []
    all_events: list[Sequence[Event]] = [events]
    states: list[Any] = []
    for data in rec.actions:
        action = engine.parse_action(data)
        state, events = engine.apply(state, action)
        actions.append(action)
        all_events.append(events)
        states.append(state)
    return Position(kind, state, actions, all_events, states, start)


def is_deal_action(action: Any) -> bool:
    return bool(action.to_json().get("type") in ("deal", "new_deal"))


def deal_action(position: Position, seat: str, seed: int) -> Any:
    """The action that deals the next deal, built here from the game's secret seed."""
    data: dict[str, Any] = {"type": "deal", "seat": seat}
    if position.kind.game == "besik":
        rng = random.Random(f"{seed}:deal:{position.ply}")
        data["seed"] = rng.randrange(2**32)
    return position.engine.parse_action(data)


DEAL_PHASES = frozenset({"deal", "deal_over"})
"""The phases (``state.phase.value``) in which the next deal is dealt: Besik's and Piquet's."""


def is_deal_phase(state: Any) -> bool:
    return str(state.phase.value) in DEAL_PHASES


def is_forced(state: Any) -> bool:
    """The learner has no real choice: Besik's draw from the talon is all he may do, or his
    last card is all he has left to play. (Read from the phase first: iterating Piquet's
    1,585 possible discards to find out would cost more than the rest of the request.)"""
    phase = str(state.phase.value)
    if phase == "play":
        seat = state.seat_to_act
        if seat is None or len(state.hand(seat)) != 1:
            return False
        legal = state.legal_actions
        return bool(legal.count() == 1 and next(iter(legal)).to_json().get("type") == "play")
    if phase != "draw":
        return False
    legal = state.legal_actions
    return bool(legal.count() == 1 and next(iter(legal)).to_json().get("type") == "draw")


def apply(position: Position, action: Any) -> None:
    """Apply a checked action to the position (in place)."""
    state, events = position.engine.apply(position.state, action)
    position.state = state
    position.actions.append(action)
    position.events.append(events)
    position.states.append(state)


MAX_AUTOMATIC = 2000
"""A bound on the moves made for the computer in one request (a whole Besik game is ~600)."""


def advance(
    position: Position,
    learner: Sequence[str],
    strength: str,
    seed: int,
    record: Mapping[str, Any] | None = None,
) -> None:
    """Make the computer's moves (and the learner's forced draws and last card) until the
    learner has a real decision or the game is over. In a worked example still followed (``record``'s book), the
    other seats play the example's moves."""
    book = book_moves(position, record) if record is not None else None
    for _ in range(MAX_AUTOMATIC):
        state = position.state
        if state.is_over:
            return
        seat = state.seat_to_act
        if seat is None:
            return
        if book is not None and position.ply < len(book) and seat not in learner:
            apply(position, book[position.ply])
            continue
        if seat in learner:
            if is_forced(state):
                apply(position, next(iter(state.legal_actions)))
                continue
            return
        if is_deal_phase(state):
            if learner:
                # A deal is over: the learner goes on when he has seen how it ended (its last
                # trick, its score), whoever deals next ("On to the next deal").
                return
            apply(position, deal_action(position, seat, seed))
            continue
        apply(position, choose(position, seat, strength, seed))


def parse_move(position: Position, seat: str, data: Mapping[str, Any], seed: int) -> Any:
    """The learner's move from a form (``data``: field -> list of values), checked by the
    engine. Raises :class:`MoveRefused` with the engine's reason."""
    state = position.state
    if state.is_over:
        raise MoveRefused(Msg("games.err.over"), 409)
    move_type = _one(data, "type")
    if move_type == "deal" and is_deal_phase(state) and state.seat_to_act is not None:
        # going on to the next deal, whoever deals it (the learner, or the computer when the
        # learner has seen how the last one ended)
        return deal_action(position, state.seat_to_act, seed)
    if state.seat_to_act != seat:
        raise MoveRefused(Msg("games.err.not_your_turn", seat=state.seat_to_act or "-"), 409)
    if move_type == "deal":
        action = deal_action(position, seat, seed)
    elif move_type == "choice":
        action = _choice(position, data)
    else:
        action = _build(position, seat, move_type, data)
    reason = state.legal_actions.why_illegal(action)
    if reason is not None:
        raise MoveRefused(reason)
    if is_deal_action(action) and move_type != "deal":
        raise MoveRefused(Msg("games.err.form"))
    return action


def _one(data: Mapping[str, Any], name: str) -> str:
    values = data.get(name) or [""]
    value = values[0] if isinstance(values, list) else values
    return value if isinstance(value, str) else ""


def _choice(position: Position, data: Mapping[str, Any]) -> Any:
    """A move chosen from a button carrying the action's JSON."""
    raw = _one(data, "action")
    if len(raw) > 2000:
        raise MoveRefused(Msg("games.err.form"))
    try:
        parsed = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: "[[[[…" nested a thousand deep
        raise MoveRefused(Msg("games.err.form")) from None
    if not isinstance(parsed, dict) or not all(
        isinstance(parsed.get(key), str) for key in ("type", "seat")
    ):
        # not the shape of any move of ours: the engine would quote the whole object back
        # ("{'type': 5, 'seat': [1]} is not a Besik action")
        raise MoveRefused(Msg("games.err.form"))
    try:
        return position.engine.parse_action(parsed)
    except EngineError as err:
        if err.msg.key in NOT_A_MOVE:
            # the engine quotes the object back ("{'seat': 'A', 'type': 'meld', 'kind': 5, …}
            # is not a Besik action"): for an importer, not for a learner's button
            raise MoveRefused(Msg("games.err.form")) from None
        raise MoveRefused(err.msg) from None
    except (TypeError, ValueError, KeyError):
        raise MoveRefused(Msg("games.err.form")) from None


NOT_A_MOVE = frozenset(
    {
        "besik.err.action",
        "piquet.notation.action",
        "piquet.notation.type",
        "piquet.notation.field",
        "piquet.notation.seat",
    }
)
"""The engines' reasons for data that is no action at all (wrong shape, missing fields): a
learner's form that says so "could not be read". (A card code that is none, or a move the
rules refuse, keeps the engine's reason.)"""


def _build(position: Position, seat: str, move_type: str, data: Mapping[str, Any]) -> Any:
    """A move built from card check boxes (Piquet's exchange and declarations)."""
    cards = [c for c in (data.get("cards") or []) if isinstance(c, str)][:16]
    if move_type == "exchange" and position.kind.game == "piquet":
        payload: dict[str, Any] = {"type": "exchange", "seat": seat, "discard": " ".join(cards)}
        left = len(getattr(position.state.view(seat), "stock", ())) - len(cards)
        if _one(data, "look") == "yes" and left > 0:  # (the whole stock taken: nothing to see)
            payload["look"] = True
    elif move_type == "declare" and position.kind.game == "piquet":
        category = getattr(position.state.view(seat), "category", None) or ""
        if not category:  # not the time to declare: say what is
            raise MoveRefused(
                position.state.legal_actions.why_illegal(
                    position.engine.parse_action(
                        {"type": "declare", "seat": seat, "category": "point", "cards": ""}
                    )
                )
                or Msg("games.err.form")
            )
        payload = {"type": "declare", "seat": seat, "category": category, "cards": " ".join(cards)}
    else:
        raise MoveRefused(Msg("games.err.form"))
    try:
        return position.engine.parse_action(payload)
    except EngineError as err:
        raise MoveRefused(err.msg) from None
    except (TypeError, ValueError, KeyError):
        raise MoveRefused(Msg("games.err.form")) from None


def is_decision(action: Any, learner: Sequence[str]) -> bool:
    """A move the learner chose (not a forced draw, not the dealing)."""
    data = action.to_json()
    return data.get("seat") in learner and data.get("type") not in ("draw", "deal", "new_deal")


def undo_point(position: Position, learner: Sequence[str]) -> int | None:
    """The ply to cut the record back to: just before the learner's last decision (his last
    card, played for him, was none)."""
    for index in range(len(position.actions) - 1, -1, -1):
        if is_decision(position.actions[index], learner) and not _forced_at(position, index):
            return index
    return None


def _forced_at(position: Position, index: int) -> bool:
    """``actions[index]`` was made for the learner: :func:`is_forced` before it."""
    if len(position.states) != len(position.actions):  # no states kept: a decision
        return False
    before = position.states[index - 1] if index else position.start
    return before is not None and is_forced(before)


def take_back_point(position: Position, learner: Sequence[str]) -> int | None:
    """:func:`undo_point`, unless a new deal has been dealt since that decision: the
    learner has seen his new cards, and a move of the last deal taken back would be played
    again knowing them. ``None``: nothing may be taken back."""
    cut = undo_point(position, learner)
    if cut is None or any(is_deal_action(a) for a in position.actions[cut + 1 :]):
        return None
    return cut


def record_with(record: Mapping[str, Any], actions: Sequence[Any]) -> dict[str, Any]:
    """The stored record with these actions."""
    return {**record, "actions": [a.to_json() for a in actions]}


# --- Taking a seat in a worked example -------------------------------------------------------
#
# The game's record starts from the example's deal with no action made; the example's own
# actions (the book) are kept in ``record["meta"]["book"]``. While the game follows the book,
# the other seats play the book's moves and each of the learner's moves is compared with the
# book's. When the learner chooses to play on with a move of his own, ``meta["off_book"]`` is
# set and the computer takes over the other seats from there.

register_messages(
    {
        "games.book.same": (
            "Right: that is the move played in the worked example.",
            "Richtig: Das ist der Zug aus dem Beispielspiel.",
        ),
        "games.book.same_words": (
            "Right: that comes to the same as the worked example's move: the deal goes on "
            "with the same words and the same scores (the example's move is made).",
            "Richtig: Das läuft auf den Zug des Beispielspiels hinaus: Das Spiel geht mit "
            "denselben Ansagen und denselben Punkten weiter (der Zug des Beispiels wird "
            "gemacht).",
        ),
        "games.book.same_in_effect": (
            "Right: that comes to the same as the worked example's moves, which make it in "
            "another order or in two steps (the example's moves are made).",
            "Richtig: Das läuft auf dieselben Züge wie im Beispielspiel hinaus, nur in anderer "
            "Reihenfolge oder in zwei Schritten (die Züge des Beispiels werden gemacht).",
        ),
        "games.book.shown": (
            "The move of the worked example was made for you.",
            "Der Zug aus dem Beispielspiel wurde für dich gemacht.",
        ),
        "games.book.off": (
            "You play on with your own move: from here the computer plays the other side.",
            "Du spielst mit deinem eigenen Zug weiter: Ab hier spielt der Computer die Gegenseite.",
        ),
    }
)


def example_record(
    record: Mapping[str, Any], titles: Mapping[str, str], slug: str
) -> dict[str, Any]:
    """A new game's record from a worked example's: its deal, no move made, the book kept."""
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": record["game"],
        "ruleset": record["ruleset"],
        "seats": list(record["seats"]),
        "deal": record["deal"],
        "actions": [],
        "meta": {
            "kind": "example",
            "replay": slug,
            "titles": dict(titles),
            "book": list(record.get("actions", [])),
        },
    }


def example_kind(record: Mapping[str, Any], learner: Sequence[str]) -> Kind:
    meta = record.get("meta") or {}
    titles = meta.get("titles") or {}
    return Kind(
        "example",
        str(record["game"]),
        str(record["ruleset"]),
        tuple(record["seats"]),
        tuple(learner),
        {"en": str(titles.get("en", "")), "de": str(titles.get("de", ""))},
        following_book="off_book" not in meta,
    )


def book_moves(position: Position, record: Mapping[str, Any]) -> list[Any] | None:
    """The worked example's moves, while this game still follows them; else ``None``."""
    meta = record.get("meta") or {}
    book = meta.get("book")
    if not isinstance(book, list) or "off_book" in meta:  # (played on at move 0 too)
        return None
    actions = [position.engine.parse_action(a) for a in book]
    if actions[: position.ply] != position.actions:
        return None
    return actions


BOOK_RUN = 4
"""How many of the example's moves in a row by one seat a learner's move is compared with
(Besik: a draw, a meld, the seven declared and exchanged)."""


def _is_draw(action: Any) -> bool:
    return bool(action.to_json().get("type") == "draw")


def book_equivalent(position: Position, action: Any, seat: str, book: Sequence[Any]) -> int:
    """How many of the example's next moves (all by ``seat``) the learner's ``action`` comes
    to, 0 if none: the same moves in another order (a meld before the draw the example makes
    first; the draw has no choice in it and is made for him), or one move that does what the
    example does in two (exchanging the trump seven, which declares it too). The states after
    both must be the same.

    >>> from cardtutor.engine.besik import ENGINE, example_record
    >>> from cardtutor.engine.record import replay
    >>> steps = replay(ENGINE, example_record())
    >>> book = [step.action for step in steps[1:]]
    >>> [a.to_json()["type"] for a in book[9:11]]  # A draws, then declares Besik
    ['draw', 'meld']
    >>> position = Position(KINDS["besik-2"], steps[9].state, list(book[:9]), [], [], None)
    >>> book_equivalent(position, book[10], "A", book)  # Besik first: both moves
    2
    >>> book_equivalent(position, book[9], "A", book)  # the draw is the book's own move
    1
    >>> [a.to_json()["type"] for a in book[17:20]]  # A draws, declares the seven, exchanges it
    ['draw', 'seven', 'exchange']
    >>> position = Position(KINDS["besik-2"], steps[18].state, list(book[:18]), [], [], None)
    >>> book_equivalent(position, book[19], "A", book)  # the exchange declares it too
    2
    """
    ply = len(position.actions)
    run: list[Any] = []
    for move in book[ply : ply + BOOK_RUN]:
        if move.to_json().get("seat") != seat:
            break
        run.append(move)
    engine = position.engine

    def after(state: Any, moves: Sequence[Any]) -> Any | None:
        for move in moves:
            try:
                state, _events = engine.apply(state, move)
            except EngineError:
                return None
        return state

    for m in range(1, len(run) + 1):
        target = after(position.state, run[:m])
        if target is None:
            return 0
        tries = [[action]]
        if action in run[:m]:
            rest = list(run[:m])
            rest.remove(action)
            # only a draw, which has no choice in it, is made for the learner
            if all(_is_draw(move) for move in rest):
                tries.append([action, *rest])
        if any(after(position.state, moves) == target for moves in tries):
            return m
    return 0


def plays_out_alike(position: Position, action: Any, book: Sequence[Any]) -> bool:
    """Whether the rest of the example, played after ``action`` instead of its own move,
    says, shows and scores exactly what it does in the example, to its end: a Piquet answer
    that keeps back combinations the opponent's good declaration beats (nothing of them is
    said or shown either way). The states may differ in what the engine noted, which the
    game does not keep: the example's own move is made."""
    ply = len(position.actions)
    engine = position.engine
    if ply >= len(book):
        return False

    def events(moves: Sequence[Any]) -> list[Any] | None:
        state, said = position.state, []
        for move in moves:
            try:
                state, new = engine.apply(state, move)
            except EngineError:
                return None
            said.extend(new)
        return said

    mine = events([action, *book[ply + 1 :]])
    return mine is not None and mine == events(book[ply:])


def book_move(position: Position, record: Mapping[str, Any]) -> Any | None:
    """The example's move at this position, if the game still follows the example."""
    book = book_moves(position, record)
    if book is None or position.ply >= len(book):
        return None
    return book[position.ply]
