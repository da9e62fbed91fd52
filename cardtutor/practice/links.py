"""Where to practise a scoring item a replay never shows ("not in this example: practise it").

Maps the replay coverage's item keys (:mod:`cardtutor.replays.coverage`) to a drill and, where
the drill's pool has it, the rare case: the link opens a new question of that case. Items with
no drill yet keep their rule link.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.http import urlencode

from cardtutor.engine.drills import DRILLS

PRACTISE: dict[str, tuple[str, str | None]] = {
    "carte-blanche": ("piquet.counting", "carte-blanche"),
    "quint": ("piquet.exchange", "quint"),
    "equal": ("piquet.counting", "equal-point"),
    "pique": ("piquet.counting", "pique"),
    "repique": ("piquet.counting", "repique"),
    "sinking": ("piquet.declaring", "sinking"),
    "capot": ("piquet.play", "capot"),
    "partie": ("piquet.partie", None),
    "rubicon": ("piquet.partie", "rubiconed"),
    "double-marriage": ("besik.melds", "double-marriage"),
    "four-jacks": ("besik.melds", "four-jacks"),
    "four-queens": ("besik.melds", "four-queens"),
    "four-kings": ("besik.melds", "four-kings"),
    "double-besik": ("besik.melds", "doppel-besik"),
    "triple-besik": ("besik.melds", "tripelbesik"),
    "both-sevens": ("besik.melds", "both-sevens"),
    "reuse": ("besik.melds", None),
}


def practice_url(item_key: str) -> str:
    """The drill's start address for ``item_key`` (with its case), or ``""`` if none exists."""
    target = PRACTISE.get(item_key)
    if target is None or target[0] not in DRILLS:
        return ""
    drill = DRILLS[target[0]]
    url = reverse("practice:start", args=[drill.game, drill.key.split(".", 1)[1]])
    case = target[1]
    if case is not None and case in drill.cases:
        return f"{url}?{urlencode({'case': case})}"
    return url
