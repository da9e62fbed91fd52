"""An exact double-dummy solver for the play of Piquet and of Besik's last eight tricks.

:func:`solve` reads an all-seeing engine state and returns a :class:`Solution`: for **every**
legal card of the player to act, the exact value under best play by both sides, keyed by the
engine's own ``Play`` actions::

    solution = solve(state)
    solution[action].value      # my points from here minus the opponent's, after this card
    solution.loss(action)       # "this card loses 4 points" against the best card
    solution.points(action)     # {"A": 21, "B": 14}: each side's points along its best line
    solution.line(action)       # this card, then best play to the end (engine actions)
    solution.best, solution.principal_variation

Where it applies (anything else raises :class:`OutOfScopeError`, a ``ValueError``):

- **Piquet**, any position of the play phase, also in the middle of a trick. The value counts
  the points the play still makes: 1 for every card led, 1 for the second player's win, 1 for
  the last trick, and the cards (10 for seven tricks or more, counting those already won) or
  capot (40). **Pique is not included** (it depends on the declarations), nor the
  declarations younger shows at his first card.
- **Besik** for two players once the talon is empty (the last eight tricks, with the duty to
  follow, to trump and, in the standard ruleset, to win), also mid-trick. The value counts the
  Augen (brisques in the standard ruleset) of the cards still to be won, the card led
  included, and the last trick's 10. Three players each for himself is not a two-sided game
  and is refused; four players in partnerships is not supported.

Both sides optimise the difference (mine - theirs): a zero-sum game. The values of all legal
cards are computed at once; the lines and the points along them when first asked for.

How (see :mod:`.piquet_core` and :mod:`.besik_core` for the details of each game): alpha-beta
search over trick-start nodes with a transposition table of bounds, narrow windows for each
card's exact value (MTD(f) zero-window searches for Piquet, aspiration windows for Besik),
equivalent cards searched once, cheap value bounds (Piquet: sure winners and the cards' 10;
Besik: the points left), and, for Piquet, suits kept as relative-rank patterns so that
positions differing only by suit names or by which ranks are gone share one table entry.

Example (runnable): a Piquet deal played to its first trick, then solved.

>>> import random
>>> from cardtutor.engine.piquet import ENGINE, Phase, new_deal
>>> state, _ = new_deal(seed=7)
>>> rng = random.Random(7)
>>> while state.phase is not Phase.PLAY:  # any exchange and declarations will do
...     state, _ = ENGINE.apply(state, state.legal_actions.sample(rng))
>>> solution = solve(state)
>>> solution.seat == state.seat_to_act, len(solution) == state.legal_actions.count()
(True, True)
>>> best = solution.best[0]
>>> solution.loss(best), solution[best].value == solution.best_value
(0, True)
>>> line = solution.principal_variation
>>> len(line), line[0] == best
(24, True)
>>> sum(solution.points(best).values()) >= 12 + 1  # twelve leads and the last trick at least
True
"""

from __future__ import annotations

from typing import Any

from cardtutor.engine.solver.solution import CardValue, Game, OutOfScopeError, Solution

__all__ = ["CardValue", "Game", "OutOfScopeError", "Solution", "solve"]


def solve(state: object) -> Solution[Any, Any]:
    """The exact :class:`Solution` of a Piquet play-phase state or a two-player Besik state
    in the last eight tricks; :class:`OutOfScopeError` for any other position.

    >>> solve("not a state")
    Traceback (most recent call last):
    ...
    cardtutor.engine.solver.solution.OutOfScopeError: the solver reads Piquet or Besik engine states, not str
    """
    from cardtutor.engine import besik, piquet

    if isinstance(state, piquet.State):
        from cardtutor.engine.solver.piquet import solve_piquet

        return solve_piquet(state)
    if isinstance(state, besik.State):
        from cardtutor.engine.solver.besik import solve_besik

        return solve_besik(state)
    raise OutOfScopeError(
        f"the solver reads Piquet or Besik engine states, not {type(state).__name__}"
    )
