"""Practice drills: items built by the engines from a seed, answers checked by the rules.

See :mod:`cardtutor.engine.drills.base` for the contract every drill implements.
"""

from __future__ import annotations

from cardtutor.engine.drills.base import AnswerError, Drill, Feedback, Item, Level
from cardtutor.engine.drills.besik_melds import MeldDrill
from cardtutor.engine.drills.besik_tricks import TrickDrill
from cardtutor.engine.drills.piquet_answering import AnsweringDrill
from cardtutor.engine.drills.piquet_counting import CountingDrill
from cardtutor.engine.drills.piquet_declaring import DeclaringDrill
from cardtutor.engine.drills.piquet_exchange import ExchangeDrill
from cardtutor.engine.drills.piquet_partie import PartieDrill
from cardtutor.engine.drills.piquet_play import PlayDrill

DRILLS: dict[str, Drill] = {
    drill.key: drill
    for drill in (
        PartieDrill(),
        DeclaringDrill(),
        AnsweringDrill(),
        CountingDrill(),
        ExchangeDrill(),
        PlayDrill(),
        MeldDrill(),
        TrickDrill(),
    )
}

__all__ = ["DRILLS", "AnswerError", "Drill", "Feedback", "Item", "Level"]
