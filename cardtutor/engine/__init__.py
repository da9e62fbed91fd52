"""The rules engines of cardtutor: pure Python, no Django.

- :mod:`cardtutor.engine.contract`: the one contract both games implement.
- :mod:`cardtutor.engine.games`: the registry :data:`GAMES`.
- :mod:`cardtutor.engine.cards`: cards, suits, ranks, notation, names.
- :mod:`cardtutor.engine.text`: bilingual messages (:class:`~cardtutor.engine.text.Msg`).
- :mod:`cardtutor.engine.errors`: typed errors.
- :mod:`cardtutor.engine.events`: scoring and dialogue events.
- :mod:`cardtutor.engine.record`: the game record and the generic replayer.
- :mod:`cardtutor.engine.piquet`: Rubicon Piquet.
- :mod:`cardtutor.engine.besik`: Besik (Bezique) and standard Bezique.
- :mod:`cardtutor.engine.solver`: the exact double-dummy solver.
"""

from cardtutor.engine.games import GAMES

__all__ = ["GAMES"]
