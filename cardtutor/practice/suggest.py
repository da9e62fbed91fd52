"""The next drill to suggest (home page, practice index): a due review, else the least tried."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from cardtutor.engine.drills import DRILLS
from cardtutor.practice import progress, store


def suggestion(request: HttpRequest) -> dict[str, Any] | None:
    record = store.read(request)
    now = timezone.now()
    due = progress.due_reviews(record, now)
    for review in due:
        drill = DRILLS.get(review.drill)
        if drill is not None:
            name = drill.key.split(".", 1)[1]
            return {
                "drill": drill,
                "level": review.level,
                "review": True,
                "url": reverse("practice:item", args=[drill.game, name, review.level, review.seed]),
            }
    ordered = sorted(DRILLS.values(), key=lambda d: (d.game != "piquet", d.number))
    picked = progress.next_drill(record, [d.key for d in ordered], now)
    if picked is None:
        return None
    drill = DRILLS[picked[0]]
    name = drill.key.split(".", 1)[1]
    return {
        "drill": drill,
        "level": picked[1],
        "review": False,
        # nothing answered yet: the home page points to the rules first
        "newcomer": not record.get("drills"),
        "url": reverse("practice:start", args=[drill.game, name]) + f"?level={picked[1]}",
    }
