"""A learner's practice record: plain JSON-able data, the same for a session and an account.

Anonymous learners keep it in their session, signed-in learners in a
:class:`~cardtutor.practice.models.ProgressRecord`; on log-in the session's record merges into
the account's (:func:`merge`). The functions here are pure (``now`` is passed in), so the rules
of the record are tested without a request:

- :func:`record_answer` counts an answer once per ``nonce``, the question's own
  (:func:`cardtutor.practice.tokens.item_nonce`; a review round has its own): a double
  click, a resent form, the back button or the question's page loaded again never count
  twice;
- per drill: attempts, right answers, the current and best streak, the last results per level
  (they suggest the level: :func:`suggested_level`);
- per rule area (the item's ``concept``, a rule anchor): attempts, right answers and a Leitner
  box (1–5). A wrong answer puts the area back in box 1 and the item in the review queue, due
  after :data:`INTERVALS` [1]; a right answer moves the area up a box. A review item answered
  right leaves the queue. The item's due time is its own, set when it was missed: right answers
  to other questions of its area raise the area's box but do not put off the question missed
  (queue entries of records written before have none and wait for their area, as then).

A dict rather than database rows: the record is read and written whole on every answer, merges
as a whole, and must work for visitors without an account (the session); the account's row is
locked while it changes (see :mod:`cardtutor.practice.store`). So it is kept small: full, it
fits one 4 kB database page for a learner who mostly answers right, and two with many items
waiting for review (the 12 kB row of version 2 cost an answer a sixth of its time in writes).
The last :data:`SEEN_WITH_DATA` answered items are in ``seen`` (with the answer, to show a
resent form the same verdict), older ones only as their nonce and verdict in ``answered``: per
drill, one string of ``<nonce>+`` (right) or ``<nonce>.`` (wrong), oldest first;
:data:`SEEN_KEPT` items in all.

>>> rec = new_record()
>>> t = datetime(2026, 1, 1, tzinfo=UTC)
>>> record_answer(rec, Answered("piquet.partie", "7", 1, "piquet#partie", "n1", False, {}), t)
True
>>> record_answer(rec, Answered("piquet.partie", "7", 1, "piquet#partie", "n1", False, {}), t)
False
>>> rec["drills"]["piquet.partie"]["attempts"], len(due_reviews(rec, t + timedelta(hours=1)))
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

VERSION = 3
INTERVALS = {
    1: timedelta(minutes=10),
    2: timedelta(days=1),
    3: timedelta(days=3),
    4: timedelta(days=7),
    5: timedelta(days=21),
}
"""How long a rule area rests in each Leitner box before its review items are due."""
TOP_BOX = 5
SEEN_KEPT = 250
"""How many answered items are remembered (to count a repeated form once)."""
SEEN_WITH_DATA = 5
"""How many of them keep the answer itself (to show a resent form the same verdict); older ones
keep the verdict only, which keeps a session's record small."""
RIGHT, WRONG = "+", "."
"""The verdict that ends each item in ``answered``: neither occurs in a nonce (URL-safe
base64), so the string splits unambiguously."""
REVIEW_KEPT = 30
"""How many wrongly answered items wait for review (the oldest go first)."""
REVIEW_PER_AREA = 5
"""How many of them one rule area keeps (its oldest go first): a run of misses in one drill
does not push every other area's questions out of the queue."""
RESULTS_KEPT = 10
WEAK_MIN_ATTEMPTS = 3
WEAK_ACCURACY = 0.7

Record = dict[str, Any]


@dataclass(frozen=True)
class Answered:
    """One checked answer: which item, its rule area, the served form's nonce, the verdict."""

    drill: str
    seed: str
    level: int
    concept: str
    nonce: str
    correct: bool
    data: Mapping[str, str]
    """The answer as submitted (re-checked to show the same verdict for a repeated form)."""


def new_record() -> Record:
    return {"v": VERSION, "drills": {}, "concepts": {}, "review": [], "seen": {}, "answered": {}}


def clean(record: object) -> Record:
    """A usable record from whatever was stored (``None``, a damaged value → fresh; a record
    of an earlier version → this version, every answered item kept).

    >>> clean({"v": 2, "answered": ";n1,piquet.partie,1;n2,besik.melds,0"})["answered"]
    {'piquet.partie': 'n1+', 'besik.melds': 'n2.'}
    """
    if not isinstance(record, dict) or record.get("v") not in (1, 2, VERSION):
        return new_record()
    for key, kind in (("drills", dict), ("concepts", dict), ("review", list), ("seen", dict)):
        if not isinstance(record.get(key), kind):
            record[key] = kind()
    if record["v"] != VERSION:
        # version 1 kept every answered item in ``seen``; version 2 kept older ones as one
        # string, ``;nonce,drill,1`` per item
        old = record.get("answered")
        record["answered"] = {}
        for nonce, entry in _v2_items(old if isinstance(old, str) else ""):
            _add_answered(record, nonce, entry)
        record["seen"] = {
            nonce: entry
            for nonce, entry in record["seen"].items()
            if isinstance(nonce, str) and isinstance(entry, dict)
        }
        record["v"] = VERSION
        _trim_seen(record)
    elif not isinstance(record.get("answered"), dict):
        record["answered"] = {}
    return record


def _v2_items(text: str) -> list[tuple[str, dict[str, Any]]]:
    items = []
    for part in text.split(";"):
        nonce, _sep, rest = part.partition(",")
        drill, _sep, correct = rest.partition(",")
        if nonce:
            items.append((nonce, {"drill": drill, "correct": correct == "1"}))
    return items


def _add_answered(record: Record, nonce: str, entry: Mapping[str, Any]) -> None:
    """Keep an item answered long ago as its nonce and verdict (not a nonce that cannot be
    written so: it would split wrongly)."""
    drill = entry.get("drill")
    if not nonce or not isinstance(drill, str) or RIGHT in nonce or WRONG in nonce:
        return
    answered = record["answered"]
    if not isinstance(answered.get(drill), str):
        answered[drill] = ""
    answered[drill] += nonce + (RIGHT if entry.get("correct") else WRONG)


def _answered_items(record: Record) -> list[tuple[str, dict[str, Any]]]:
    """The items in ``answered`` as ``(nonce, {"drill", "correct"})``, oldest first per drill."""
    items = []
    for drill, text in record["answered"].items():
        if not isinstance(text, str):
            continue
        start = 0
        for at, char in enumerate(text):
            if char in (RIGHT, WRONG):
                if at > start:
                    items.append((text[start:at], {"drill": drill, "correct": char == RIGHT}))
                start = at + 1
    return items


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _when(text: object) -> datetime:
    try:
        return datetime.fromisoformat(str(text))
    except ValueError:
        return datetime(1970, 1, 1, tzinfo=UTC)


def seen(record: Record, nonce: str) -> Mapping[str, Any] | None:
    """The stored verdict of an already answered item, or ``None`` (older items keep the
    verdict without the answer)."""
    value = record["seen"].get(nonce)
    if isinstance(value, dict):
        return value
    if not nonce or RIGHT in nonce or WRONG in nonce:
        return None
    for drill, text in record["answered"].items():
        if not isinstance(text, str):
            continue
        at = text.find(nonce)
        while at >= 0:
            after = at + len(nonce)
            if (at == 0 or text[at - 1] in (RIGHT, WRONG)) and text[after : after + 1] in (
                RIGHT,
                WRONG,
            ):
                return {"drill": drill, "correct": text[after] == RIGHT}
            at = text.find(nonce, at + 1)
    return None


def answered_alike(
    record: Record, drill: str, level: int, seed: str, data: Mapping[str, Any]
) -> tuple[str, Mapping[str, Any]] | None:
    """The nonce and entry of a kept answer to this question with exactly ``data`` (one of the
    last :data:`SEEN_WITH_DATA`): the same answer sent again, or ``None``."""
    key = item_key(level, seed)
    for nonce, entry in record["seen"].items():
        if (
            isinstance(entry, dict)
            and entry.get("drill") == drill
            and entry.get("item") == key
            and entry.get("data") == data
        ):
            return nonce, entry
    return None


def item_key(level: int, seed: str) -> str:
    """How a stored answer names its question (the drill is stored beside it).

    >>> item_key(2, "rare-41")
    '2/rare-41'
    """
    return f"{level}/{seed}"


def record_answer(record: Record, answer: Answered, now: datetime) -> bool:
    """Count ``answer`` once; ``False`` (and no change) if its nonce was answered before."""
    if seen(record, answer.nonce) is not None:
        return False
    record["seen"][answer.nonce] = {
        "drill": answer.drill,
        "item": item_key(answer.level, answer.seed),
        "concept": answer.concept,  # (a merge takes a repeat out of the area's counts too)
        "correct": answer.correct,
        "data": dict(answer.data),
    }
    _trim_seen(record)

    drill = record["drills"].setdefault(
        answer.drill, {"attempts": 0, "correct": 0, "streak": 0, "best": 0, "levels": {}}
    )
    drill["attempts"] += 1
    drill["at"] = int(now.timestamp())  # the last answer's time: a merge orders the two sides
    if answer.correct:
        drill["correct"] += 1
        drill["streak"] += 1
        drill["best"] = max(drill["best"], drill["streak"])
    else:
        drill["streak"] = 0
    results = drill["levels"].setdefault(str(answer.level), "")
    drill["levels"][str(answer.level)] = (results + ("1" if answer.correct else "0"))[
        -RESULTS_KEPT:
    ]
    drill["last_level"] = answer.level

    if answer.concept:
        concept = record["concepts"].setdefault(
            answer.concept, {"attempts": 0, "correct": 0, "box": 1, "due": _iso(now)}
        )
        concept["attempts"] += 1
        if answer.correct:
            concept["correct"] += 1
            concept["box"] = min(TOP_BOX, concept["box"] + 1)
        else:
            concept["box"] = 1
        concept["due"] = _iso(now + INTERVALS[concept["box"]])

    key = [answer.drill, answer.seed, answer.level]
    queue = [r for r in record["review"] if r.get("item") != key]
    if not answer.correct:
        # when it is due, in whole seconds (an ISO string per entry would cost a full record
        # about 600 bytes more)
        due = int((now + INTERVALS[1]).timestamp())
        queue.append({"item": key, "concept": answer.concept, "due": due})
        same = [r for r in queue if r.get("concept") == answer.concept]
        if len(same) > REVIEW_PER_AREA:
            drop = same[0]
            queue = [r for r in queue if r is not drop]
    record["review"] = queue[-REVIEW_KEPT:]
    return True


def waiting_reviews(record: Record, now: datetime) -> tuple[int, datetime | None]:
    """How many items answered wrongly wait for their rule area to be due, and when the first
    of them is (``None`` when none waits).

    >>> rec = new_record()
    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> _ = record_answer(rec, Answered("piquet.partie", "7", 1, "piquet#partie", "n1", False, {}), t)
    >>> waiting_reviews(rec, t)
    (1, datetime.datetime(2026, 1, 1, 0, 10, tzinfo=datetime.timezone.utc))
    >>> waiting_reviews(rec, t + timedelta(minutes=10))
    (0, None)
    """
    count = 0
    first: datetime | None = None
    for entry in record["review"]:
        when = _entry_due(record, entry)
        if when > now:
            count += 1
            first = when if first is None else min(first, when)
    return count, first


def review_due(record: Record, drill: str, seed: str, level: int, now: datetime) -> str | None:
    """Which review round of the item is due (its due time as a string: a new one each time it
    is missed), if it waits and is due; else ``None``. A review
    round's answer is counted under a nonce made from it, so an item answered before counts
    again once per round, and a resent form of the round once.

    >>> rec = new_record()
    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> _ = record_answer(rec, Answered("piquet.partie", "7", 1, "piquet#partie", "n1", False, {}), t)
    >>> review_due(rec, "piquet.partie", "7", 1, t) is None  # due ten minutes later
    True
    >>> review_due(rec, "piquet.partie", "7", 1, t + timedelta(minutes=10))
    '1767226200'
    """
    for review in due_reviews(record, now):
        if (review.drill, review.seed, review.level) == (drill, seed, level):
            return review.round
    return None


@dataclass(frozen=True)
class ReviewItem:
    drill: str
    seed: str
    level: int
    concept: str
    round: str
    """Which review round this is (the due time): an answer in it counts once."""


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _entry_due(record: Record, entry: Mapping[str, Any]) -> datetime:
    """When a queued item is due: its own time, or (an entry written before items had one)
    its rule area's; an entry of an area not recorded is due."""
    due = entry.get("due")
    if isinstance(due, int) and not isinstance(due, bool):
        try:
            return datetime.fromtimestamp(due, UTC)
        except (OverflowError, OSError, ValueError):
            return _EPOCH
    area = record["concepts"].get(str(entry.get("concept") or ""))
    return _when(area.get("due")) if isinstance(area, dict) else _EPOCH


def due_reviews(record: Record, now: datetime) -> list[ReviewItem]:
    """Items answered wrongly that are due, oldest first.

    A question missed is due :data:`INTERVALS` [1] later, whatever right answers to other
    questions of its rule area do to the area's box meanwhile:

    >>> rec = new_record()
    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> _ = record_answer(rec, Answered("piquet.partie", "7", 1, "piquet#partie", "n1", False, {}), t)
    >>> for n in range(3):
    ...     _ = record_answer(rec, Answered("piquet.partie", str(n), 1, "piquet#partie", f"r{n}", True, {}), t)
    >>> rec["concepts"]["piquet#partie"]["box"], [r.seed for r in due_reviews(rec, t + timedelta(minutes=10))]
    (4, ['7'])
    """
    due: list[ReviewItem] = []
    for entry in record["review"]:
        try:
            drill, seed, level = entry["item"]
            level = int(level)
            concept = str(entry.get("concept") or "")
        except (KeyError, TypeError, ValueError):
            continue
        if _entry_due(record, entry) <= now:
            # the round: the entry's own due time, else (written before) its area's
            area = record["concepts"].get(concept)
            shared = area.get("due") if isinstance(area, dict) else "due"
            round_ = str(entry["due"] if entry.get("due") is not None else shared)
            due.append(ReviewItem(str(drill), str(seed), level, concept, round_))
    return due


def suggested_level(record: Record, drill: str) -> int:
    """The level to offer next: up after 4 right of the last 5; down after 3 wrong of the last
    5, as soon as there are three (a learner who misses his first three questions is not given
    two more at a level too hard for him)."""
    stats = record["drills"].get(drill)
    if not stats:
        return 1
    level = int(stats.get("last_level", 1))
    recent = str(stats["levels"].get(str(level), ""))[-5:]
    if len(recent) >= 5 and recent.count("1") >= 4:
        return min(3, level + 1)
    if recent.count("0") >= 3:
        return max(1, level - 1)
    return level


@dataclass(frozen=True)
class DrillStats:
    attempts: int
    correct: int
    streak: int
    best: int

    @property
    def accuracy(self) -> int:
        """Right answers in per cent (0 with no attempts)."""
        return round(100 * self.correct / self.attempts) if self.attempts else 0


def drill_stats(record: Record, drill: str) -> DrillStats:
    s = record["drills"].get(drill) or {}
    return DrillStats(
        int(s.get("attempts", 0)),
        int(s.get("correct", 0)),
        int(s.get("streak", 0)),
        int(s.get("best", 0)),
    )


@dataclass(frozen=True)
class AreaStats:
    concept: str
    attempts: int
    correct: int
    box: int

    @property
    def accuracy(self) -> int:
        return round(100 * self.correct / self.attempts) if self.attempts else 0


def weak_areas(record: Record) -> list[AreaStats]:
    """Rule areas answered often enough and mostly wrong, or just missed: weakest first."""
    areas = []
    for concept, s in record["concepts"].items():
        stats = AreaStats(concept, int(s["attempts"]), int(s["correct"]), int(s["box"]))
        often_wrong = (
            stats.attempts >= WEAK_MIN_ATTEMPTS and stats.correct < WEAK_ACCURACY * stats.attempts
        )
        if often_wrong or stats.box == 1 and stats.correct < stats.attempts:
            areas.append(stats)
    return sorted(areas, key=lambda a: (a.accuracy, -a.attempts))


def next_drill(record: Record, drills: Iterable[str], now: datetime) -> tuple[str, int] | None:
    """What to practise next: a due review's drill, else the least practised drill.

    Returns ``(drill key, level)``; ``None`` only when there are no drills.
    """
    keys = list(drills)
    for review in due_reviews(record, now):
        if review.drill in keys:
            return review.drill, review.level
    if not keys:
        return None
    key = min(keys, key=lambda k: (drill_stats(record, k).attempts, keys.index(k)))
    return key, suggested_level(record, key)


def _answered_later(mine: object, theirs: object) -> bool:
    """Whether the account's last answer (``mine``, a time) came after the session's.

    >>> _answered_later(20, 10), _answered_later(10, 20), _answered_later(None, 10)
    (True, False, False)
    """
    return isinstance(mine, int) and isinstance(theirs, int) and mine > theirs


def merge(into: Record, other: Record) -> Record:
    """Add ``other`` (a session's record) to ``into`` (the account's) and return ``into``.

    Counts add up; an item answered on both sides (the same nonce) counts once; a rule area
    keeps the lower box (the weaker showing) and the sooner due date. The side that answered
    a drill last (its ``at``) goes last: its run of right answers continues the other's, and
    the level's last results end with it.
    """
    other = clean(other)
    for nonce, entry in [*_answered_items(other), *other["seen"].items()]:
        if seen(into, nonce) is not None:
            # counted on both sides: take it out of the other's counts below
            _uncount(other, entry)
            continue
        into["seen"][nonce] = entry
    for key, s in other["drills"].items():
        d = into["drills"].setdefault(
            key, {"attempts": 0, "correct": 0, "streak": 0, "best": 0, "levels": {}}
        )
        attempts, streak = max(0, int(s.get("attempts", 0))), max(0, int(s.get("streak", 0)))
        # which side answered last (records written before the times were kept: the session)
        account_last = _answered_later(d.get("at"), s.get("at"))
        if attempts and account_last:
            # the account's answers came after the session's: all right, they go on its streak
            mine, own_attempts = max(0, int(d["streak"])), max(0, int(d["attempts"]))
            d["streak"] = streak + mine if mine == own_attempts else mine
        elif attempts:
            # the session's answers came after the account's: all right, they go on its streak
            d["streak"] = int(d["streak"]) + streak if streak == attempts else streak
        d["attempts"] += attempts
        d["correct"] += max(0, int(s.get("correct", 0)))
        if isinstance(s.get("at"), int) and not account_last:
            d["at"] = s["at"]
        d["best"] = max(int(d["best"]), int(s.get("best", 0)), int(d["streak"]))
        # no longer a run of right answers than there are right answers (a repeat taken out)
        d["best"] = min(int(d["best"]), int(d["correct"]))
        d["streak"] = min(int(d["streak"]), int(d["best"]))
        for level, results in s.get("levels", {}).items():
            kept = str(d["levels"].get(level, ""))
            joined = str(results) + kept if account_last else kept + str(results)
            d["levels"][level] = joined[-RESULTS_KEPT:]
        if "last_level" in s and not (account_last and "last_level" in d):
            d["last_level"] = s["last_level"]
    for concept, s in other["concepts"].items():
        c = into["concepts"].get(concept)
        if c is None:
            into["concepts"][concept] = dict(s)
            continue
        c["attempts"] += int(s["attempts"])
        c["correct"] += int(s["correct"])
        c["box"] = min(int(c["box"]), int(s["box"]))
        c["due"] = min(str(c["due"]), str(s["due"]), key=_when)
    keys = {tuple(r["item"]) for r in into["review"] if "item" in r}
    into["review"] += [r for r in other["review"] if tuple(r.get("item", ())) not in keys]
    into["review"] = into["review"][-REVIEW_KEPT:]
    _trim_seen(into)
    return into


def _trim_seen(record: Record) -> None:
    """Keep the last :data:`SEEN_WITH_DATA` items in ``seen``; move older ones (without the
    answer) to ``answered``, which keeps :data:`SEEN_KEPT` items in all, dropping the oldest
    item of the drill with the most when it is full."""
    seen_items = record["seen"]
    if len(seen_items) > SEEN_WITH_DATA:
        for nonce in list(seen_items)[: len(seen_items) - SEEN_WITH_DATA]:
            _add_answered(record, nonce, seen_items.pop(nonce))
    answered = record["answered"]
    counts = {
        drill: text.count(RIGHT) + text.count(WRONG)
        for drill, text in answered.items()
        if isinstance(text, str)
    }
    extra = sum(counts.values()) - (SEEN_KEPT - len(seen_items))
    while extra > 0:
        drill = max(counts, key=counts.__getitem__)
        text = answered[drill]
        cut = min(i for i in (text.find(RIGHT), text.find(WRONG)) if i >= 0) + 1
        answered[drill] = text[cut:]
        counts[drill] -= 1
        if not answered[drill]:
            del answered[drill], counts[drill]
        extra -= 1


def _uncount(record: Record, entry: Mapping[str, Any]) -> None:
    """Take an answer counted on both sides of a merge out of ``record``'s counts: its drill's,
    and where the entry says them (the last :data:`SEEN_WITH_DATA` answers do), its rule
    area's and its level's last results (an older answer keeps only its drill and verdict)."""
    right = bool(entry.get("correct"))
    d = record["drills"].get(entry.get("drill"))
    if d:
        d["attempts"] = max(0, d["attempts"] - 1)
        if right:
            d["correct"] = max(0, d["correct"] - 1)
        level = str(entry.get("item") or "").partition("/")[0]
        results = d.get("levels", {}).get(level)
        mark = "1" if right else "0"
        if isinstance(results, str) and mark in results:
            at = results.rindex(mark)
            d["levels"][level] = results[:at] + results[at + 1 :]
    area = record["concepts"].get(str(entry.get("concept") or ""))
    if isinstance(area, dict):
        area["attempts"] = max(0, int(area.get("attempts", 0)) - 1)
        if right:
            area["correct"] = max(0, int(area.get("correct", 0)) - 1)
