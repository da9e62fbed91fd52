"""The strengths are ordered: over seeded duplicate deals (each deal played twice, the seats
swapped, so both sides hold the same cards) the stronger player makes more points.

Every decision depends on the seed only (never on the clock), so these margins are the same on
every run and machine. The deals below gave (points per deal, 95 % interval): Piquet strong -
beginner +35.2 [21.7, 48.8] over 6 deals, club - beginner +12.1 [7.7, 16.5] over 30; Besik
(two players) strong - beginner +106.5 [60.0, 152.9] over 20, strong - club +10.5 [7.7, 13.3]
over 40 (the solver in the last eight tricks); four in partnerships strong - beginner +121.8
[75.6, 168.1] over 6. ``make bench`` (:mod:`bench.bench_players`, 100 deals from seed 10,000)
measured Piquet club - beginner +10.6 [7.4, 13.8] and strong - club +10.3 [8.4, 12.2]; Besik
club - beginner +111 [82, 141] and strong - club +12.8 [10.4, 15.2]; four in partnerships (25
deals) club - beginner +158 [112, 203] and strong - club +8.3 [2.0, 14.6].
"""

from __future__ import annotations

from cardtutor.engine.players.arena import duplicate


def test_piquet_strong_beats_beginner() -> None:
    margin = duplicate("piquet", "strong", "beginner", range(6))
    assert margin.mean > 5 and margin.low > 0, margin


def test_piquet_club_beats_beginner() -> None:
    margin = duplicate("piquet", "club", "beginner", range(100, 130))
    assert margin.mean > 5 and margin.low > 0, margin


def test_besik_strong_beats_beginner() -> None:
    margin = duplicate("besik", "strong", "beginner", range(20))
    assert margin.mean > 30 and margin.low > 0, margin


def test_besik_strong_beats_club_in_the_last_eight_tricks() -> None:
    margin = duplicate("besik", "strong", "club", range(40))
    assert margin.mean > 0 and margin.low > 0, margin


def test_besik_partnerships_strong_beats_beginner() -> None:
    margin = duplicate("besik", "strong", "beginner", range(6), players=4, partnerships=True)
    assert margin.mean > 20 and margin.low > 0, margin
