"""The practice record's memory of answered items (cardtutor.practice.progress): small enough
for one database page, and still counting every remembered form once."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime

from cardtutor.practice import progress

NOW = datetime(2026, 11, 26, tzinfo=UTC)
# The longest answer a drill sends: a declaring item's fields (several card codes each).
LONG_ANSWER = {
    "point": "AS KS QS JS 10S 9S",
    "sequence": "AS KS QS JS 10S",
    "sets": "AH AD AC KH KD KC",
    "sink": "",
}


def nonce() -> str:
    return secrets.token_urlsafe(5)  # as cardtutor.practice.tokens.issue makes them


def answer(record: progress.Record, drill: str = "piquet.declaring", **kw: object) -> str:
    n = str(kw.get("nonce") or nonce())
    fresh = progress.record_answer(
        record,
        progress.Answered(
            drill,
            str(kw.get("seed", "1")),
            2,
            str(kw.get("concept", "piquet#declarations")),
            n,
            bool(kw.get("ok", True)),
            dict(LONG_ANSWER),
        ),
        NOW,
    )
    assert fresh
    return n


def full_record(wrong_every: int, areas: int = 1) -> progress.Record:
    """``areas``: how many rule areas the questions are about, in turn."""
    record = progress.new_record()
    drills = ["piquet.declaring", "piquet.answering", "besik.melds", "piquet.play"]
    for i in range(3 * progress.SEEN_KEPT):
        answer(
            record,
            drills[i % len(drills)],
            seed=str(10**8 + i),
            ok=i % wrong_every != 0,
            concept=f"piquet#area-{i % areas}",
        )
    assert len(progress._answered_items(record)) + len(record["seen"]) == progress.SEEN_KEPT
    return record


def size(record: progress.Record) -> int:
    return len(json.dumps(record, separators=(",", ":")))  # as the session store writes it


def test_a_full_record_of_a_learner_who_answers_right_fits_one_database_page() -> None:
    # With the session's key and expiry under SQLite's 4 kB page: a row that overflows it
    # costs a write per extra page, on every answer.
    assert size(full_record(wrong_every=10**9)) < 3900


def test_the_review_queue_bounds_a_record_with_many_wrong_answers() -> None:
    record = full_record(wrong_every=3, areas=7)  # seven areas, five questions each kept
    assert len(record["review"]) == progress.REVIEW_KEPT
    # two 4 kB database pages (each queued question carries its own due time, 18 bytes)
    assert size(record) < 7200


def test_a_run_of_misses_in_one_rule_area_keeps_the_other_areas_questions_for_review() -> None:
    """A learner tester: after one Besik miss, 30 partie misses pushed the Besik question out
    of the review queue, so it never came back. An area keeps its last five."""
    record = progress.new_record()
    answer(record, "besik.melds", seed="7", ok=False, concept="besik#reuse")
    for i in range(40):
        answer(record, "piquet.partie", seed=str(100 + i), ok=False, concept="piquet#partie")
    areas = [r["concept"] for r in record["review"]]
    assert areas.count("besik#reuse") == 1
    assert areas.count("piquet#partie") == progress.REVIEW_PER_AREA
    kept = [r["item"][1] for r in record["review"] if r["concept"] == "piquet#partie"]
    assert kept == [str(100 + i) for i in range(35, 40)], "the area's latest misses"


def test_an_item_answered_long_ago_still_counts_once_with_its_verdict() -> None:
    record = progress.new_record()
    right, wrong = answer(record, ok=True), answer(record, "besik.melds", ok=False)
    for _ in range(progress.SEEN_WITH_DATA + 20):
        answer(record)
    assert right not in record["seen"] and wrong not in record["seen"]
    assert progress.seen(record, right) == {"drill": "piquet.declaring", "correct": True}
    assert progress.seen(record, wrong) == {"drill": "besik.melds", "correct": False}
    again = progress.Answered("besik.melds", "1", 2, "", wrong, True, {})
    assert progress.record_answer(record, again, NOW) is False


def test_the_oldest_items_of_the_most_practised_drill_are_forgotten_first() -> None:
    record = progress.new_record()
    rare = [answer(record, "besik.tricks") for _ in range(5)]
    first = answer(record)
    recent = [answer(record) for _ in range(progress.SEEN_KEPT)]
    assert progress.seen(record, first) is None
    assert all(progress.seen(record, n) is not None for n in rare + recent[-240:])
    assert len(progress._answered_items(record)) + len(record["seen"]) == progress.SEEN_KEPT


def test_a_nonce_is_matched_whole() -> None:
    record = progress.new_record()
    long = answer(record, nonce="abcdefg")
    for _ in range(progress.SEEN_WITH_DATA):
        answer(record)
    assert progress.seen(record, long) is not None
    for part in ("abc", "bcdefg", "cde", "abcdefgh", "abcdefg+", "+", ""):
        assert progress.seen(record, part) is None, part


def test_a_version_2_record_keeps_every_answered_item() -> None:
    stored = {
        "v": 2,
        "drills": {
            "piquet.partie": {
                "attempts": 3,
                "correct": 2,
                "streak": 1,
                "best": 1,
                "levels": {"2": "101"},
            }
        },
        "concepts": {},
        "review": [],
        "seen": {
            "n3": {
                "drill": "piquet.partie",
                "correct": True,
                "data": {"gain": "5"},
                "at": "2026-01-01T00:00:00+00:00",
            }
        },
        "answered": ";n1,piquet.partie,1;n2,besik.melds,0",
    }
    record = progress.clean(json.loads(json.dumps(stored)))
    assert record["v"] == progress.VERSION
    assert progress.seen(record, "n1") == {"drill": "piquet.partie", "correct": True}
    assert progress.seen(record, "n2") == {"drill": "besik.melds", "correct": False}
    assert progress.seen(record, "n3")["data"] == {"gain": "5"}  # type: ignore[index]
    assert record["drills"] == stored["drills"]
    assert progress.clean(record) == record  # converted once


def test_merging_counts_an_item_both_sides_remember_only_as_a_verdict_once() -> None:
    account, session = progress.new_record(), progress.new_record()
    both = answer(account, "piquet.partie", ok=True)
    answer(session, "piquet.partie", nonce=both, ok=True)
    for _ in range(progress.SEEN_WITH_DATA):
        answer(account)
        answer(session)
    assert both not in account["seen"] and both not in session["seen"]
    merged = progress.merge(account, session)
    assert merged["drills"]["piquet.partie"]["attempts"] == 1
    assert merged["drills"]["piquet.declaring"]["attempts"] == 2 * progress.SEEN_WITH_DATA


def test_a_missed_question_comes_back_ten_minutes_later_whatever_its_area_does_meanwhile() -> None:
    """A learner tester: a question missed came back only when its rule area's box was due, so
    three right answers to other questions of the area put it off by a week."""
    from datetime import timedelta

    record = progress.new_record()
    answer(record, seed="missed", ok=False, concept="piquet#point")
    for n in range(3):
        answer(record, seed=f"right-{n}", ok=True, concept="piquet#point")
    assert record["concepts"]["piquet#point"]["box"] == 4  # due in a week
    later = NOW + progress.INTERVALS[1]
    assert [r.seed for r in progress.due_reviews(record, later - timedelta(seconds=1))] == []
    assert progress.waiting_reviews(record, NOW) == (1, later)
    assert [r.seed for r in progress.due_reviews(record, later)] == ["missed"]
    assert progress.review_due(record, "piquet.declaring", "missed", 2, later) is not None


def test_a_queued_question_stored_without_its_own_due_time_waits_for_its_area() -> None:
    from datetime import timedelta

    record = progress.new_record()
    answer(record, seed="old", ok=False, concept="piquet#point")
    del record["review"][0]["due"]  # as records were written before
    record["concepts"]["piquet#point"]["due"] = (NOW + timedelta(days=7)).isoformat()
    assert progress.due_reviews(record, NOW + timedelta(days=6)) == []
    due = progress.due_reviews(record, NOW + timedelta(days=7))
    assert [(r.seed, r.round) for r in due] == [("old", record["concepts"]["piquet#point"]["due"])]


def test_a_second_miss_of_a_review_question_sets_a_new_round() -> None:
    from datetime import timedelta

    record = progress.new_record()
    answer(record, seed="q", ok=False, concept="piquet#point")
    first = progress.review_due(record, "piquet.declaring", "q", 2, NOW + timedelta(hours=1))
    progress.record_answer(
        record,
        progress.Answered("piquet.declaring", "q", 2, "piquet#point", nonce(), False, {}),
        NOW + timedelta(hours=1),
    )
    assert progress.review_due(record, "piquet.declaring", "q", 2, NOW + timedelta(hours=1)) is None
    second = progress.review_due(record, "piquet.declaring", "q", 2, NOW + timedelta(hours=2))
    assert first is not None and second is not None and second != first
