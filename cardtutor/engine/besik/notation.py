"""Actions as JSON (records) and as short text (``"A: play QS#2"``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtutor.engine.besik.actions import Action, DeclareSeven, Draw, Exchange, Meld, NewDeal, Play
from cardtutor.engine.cards import PhysicalCard
from cardtutor.engine.errors import NotationError
from cardtutor.engine.text import Msg


def _pc(data: Any) -> PhysicalCard:
    if isinstance(data, PhysicalCard):
        return data
    if not isinstance(data, str):
        raise NotationError(Msg("besik.err.action", text=repr(data)))
    return PhysicalCard.parse(data)


def _pc_list(data: Any) -> tuple[PhysicalCard, ...]:
    if not isinstance(data, (list, tuple)):
        raise NotationError(Msg("besik.err.action", text=repr(data)))
    return tuple(_pc(c) for c in data)


def _malformed(data: Any) -> NotationError:
    """The refusal of unreadable input, quoting it."""
    return NotationError(Msg("besik.err.action", text=repr(data)))


def parse_action(data: Mapping[str, Any]) -> Action:
    """Read an action from its JSON form (``"seat"`` is required).

    >>> parse_action({"type": "meld", "seat": "B", "kind": "besik", "cards": ["QS#1", "JD#2"]})
    Meld(seat='B', kind='besik', cards=(PhysicalCard.parse('JD#2'), PhysicalCard.parse('QS#1')))
    >>> parse_action({"type": "play", "seat": "A", "card": "QS#9"})
    Traceback (most recent call last):
    ...
    cardtutor.engine.errors.NotationError: 'QS#9' is not a card code: write the rank (A K Q J 10 9 8 7) then the suit (C D H S), e.g. QS or 10H.
    >>> parse_action({"type": "draw"})
    Traceback (most recent call last):
    ...
    cardtutor.engine.errors.NotationError: {'type': 'draw'} is not a Besik action
    """
    if not isinstance(data, Mapping):
        raise _malformed(data)
    kind = data.get("type")
    seat = data.get("seat")
    if not isinstance(seat, str) or not seat:
        raise _malformed(dict(data))
    if kind == "play":
        return Play(seat, _pc(data.get("card")))
    if kind == "meld":
        mk = data.get("kind")
        if not isinstance(mk, str):
            raise _malformed(dict(data))
        return Meld.of(seat, mk, _pc_list(data.get("cards")))
    if kind == "seven":
        return DeclareSeven.of(seat, _pc_list(data.get("cards")))
    if kind == "exchange":
        return Exchange(seat, _pc(data.get("card")))
    if kind == "draw":
        return Draw(seat)
    if kind == "deal":
        seed = data.get("seed")
        if seed is not None:
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise NotationError(
                    Msg("besik.err.deal", reason=Msg("besik.deal.seed", text=repr(seed)))
                )
            return NewDeal(seat, seed=seed)
        hands = data.get("hands")
        if not isinstance(hands, Mapping):
            raise _malformed(dict(data))
        return NewDeal(
            seat,
            None,
            tuple((str(k), _pc_list(v)) for k, v in hands.items()),
            _pc(data.get("up_card")),
            _pc_list(data.get("talon")),
        )
    raise _malformed(dict(data))


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form of an action (inverse of :func:`parse_action`).

    >>> action_to_json(Exchange("B", PhysicalCard.parse("7H#2")))
    {'type': 'exchange', 'seat': 'B', 'card': '7H#2'}
    """
    return action.to_json()


def parse_action_text(text: str, seat: str | None = None) -> Action:
    """Read the short text form: ``A: play QS#2``, ``B: meld besik QS#1 JD#2``,
    ``B: seven 7H#1``, ``B: exchange 7H#1``, ``B: draw``, ``A: deal 42``.

    Without the ``"A:"`` prefix the action is by ``seat`` (the seat to act, say).

    >>> parse_action_text("B: meld four-kings KC KD#2 KH KS")
    Meld(seat='B', kind='four-kings', cards=(PhysicalCard.parse('KC#1'), PhysicalCard.parse('KD#2'), PhysicalCard.parse('KH#1'), PhysicalCard.parse('KS#1')))
    >>> format_action(parse_action_text("play 10h#2", "A"))
    'A: play 10H#2'
    """
    who, colon, rest = text.partition(":")
    if colon:
        seat, text = who.strip(), rest
    words = text.split()
    if not words or not seat:
        raise _malformed(text)
    verb, args = words[0].lower(), words[1:]
    if verb == "play" and len(args) == 1:
        return Play(seat, PhysicalCard.parse(args[0]))
    if verb == "meld" and len(args) >= 2:
        return Meld.of(seat, args[0], args[1:])
    if verb == "seven" and args:
        return DeclareSeven.of(seat, args)
    if verb == "exchange" and len(args) == 1:
        return Exchange(seat, PhysicalCard.parse(args[0]))
    if verb == "draw" and not args:
        return Draw(seat)
    if verb == "deal" and len(args) == 1 and args[0].isascii() and args[0].isdigit():
        return NewDeal(seat, seed=int(args[0]))
    raise _malformed(text)


def format_action(action: Action) -> str:
    """The short text form of an action (inverse of :func:`parse_action_text`)."""
    return f"{action.seat}: {_format_verb(action)}"


def _format_verb(action: Action) -> str:
    if isinstance(action, Play):
        return f"play {action.card.code}"
    if isinstance(action, Meld):
        return " ".join(["meld", action.kind, *(c.code for c in action.cards)])
    if isinstance(action, DeclareSeven):
        return " ".join(["seven", *(c.code for c in action.cards)])
    if isinstance(action, Exchange):
        return f"exchange {action.card.code}"
    if isinstance(action, Draw):
        return "draw"
    if action.seed is not None:
        return f"deal {action.seed}"
    return "deal (cards)"
