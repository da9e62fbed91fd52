"""Computer players for Piquet and Besik: one interface, three strengths.

The site asks a player for the computer's move, or for a hint, with what the seat can know and
nothing more: an :class:`Observation` (the seat's view and the events it was shown, built by
:func:`observe` from a state, which is not kept):

>>> import random
>>> from cardtutor.engine.piquet import ENGINE, new_deal
>>> state, events = new_deal(seed=9)
>>> history = list(events)
>>> player = player_for("piquet", Strength.CLUB)
>>> while state.seat_to_act is not None:
...     seat = state.seat_to_act
...     action = player.choose(observe(state, seat, history), random.Random(7))
...     state, events = ENGINE.apply(state, action)
...     history += events
>>> state.is_over
True
>>> state, events = new_deal(seed=9, dealer="B")  # the learner, A, is elder hand
>>> advice = hint(observe(state, "A", events))
>>> advice.strength, advice.action in state.legal_actions, advice.reason.render("de")[:9]
(<Strength.STRONG: 'strong'>, True, 'Gemittelt')

- :class:`Strength`: ``BEGINNER`` (legal moves by simple rules), ``CLUB`` (heuristics for every
  decision), ``STRONG`` (samples the unseen cards consistently with everything seen and solves
  each deal exactly where the double-dummy solver reaches; the club heuristics elsewhere).
- :func:`player_for` ``(game, strength)`` gives a :class:`Player`: ``choose(obs, rng)`` returns
  the action, ``decide(obs, rng)`` a :class:`Decision` (the action, the reason as a bilingual
  :class:`~cardtutor.engine.text.Msg`, the values weighed).
- :func:`hint` is the strong player's decision for the learner's seat.

Decisions draw their random numbers from ``rng`` only (default: a fixed seed) and their number
of samples from the position only, never from the clock: the same observation gives the same
move.
"""

from __future__ import annotations

import random

from cardtutor.engine.players import messages as _messages  # noqa: F401 (registers them)
from cardtutor.engine.players.base import (
    Decision,
    Observation,
    Player,
    Strength,
    game_of_view,
    observe,
)

__all__ = [
    "Decision",
    "Observation",
    "Player",
    "Strength",
    "hint",
    "observe",
    "player_for",
]


def player_for(game: str, strength: Strength | str) -> Player:
    """The computer player of ``game`` (``"piquet"`` or ``"besik"``) at ``strength``.

    >>> player_for("besik", "beginner")
    BesikPlayer(Strength.BEGINNER)
    >>> player_for("chess", "club")
    Traceback (most recent call last):
    ...
    KeyError: "no computer player for 'chess': one of piquet, besik"
    """
    level = Strength.parse(strength)
    if game == "piquet":
        from cardtutor.engine.players.piquet_players import PiquetPlayer

        return PiquetPlayer(level)
    if game == "besik":
        from cardtutor.engine.players.besik_players import BesikPlayer

        return BesikPlayer(level)
    raise KeyError(f"no computer player for {game!r}: one of piquet, besik")


def hint(obs: Observation, rng: random.Random | None = None) -> Decision:
    """The strong player's choice for the observing seat (which must be to act), with its
    reason in words: what the site shows when the learner asks for a hint.

    >>> from cardtutor.engine.besik import start_deal
    >>> state, events = start_deal(seed=2)
    >>> advice = hint(observe(state, "A", events))
    >>> advice.action in state.legal_actions, advice.reason.render("en")
    (True, 'Lead the card you need least: few points, no trump, no part of a meld to come.')
    """
    return player_for(game_of_view(obs.view), Strength.STRONG).decide(obs, rng)
