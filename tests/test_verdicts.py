"""Solver verdicts in the replays, the source's advice judged, and the items an example never
shows (cardtutor/replays/verdicts.py, advice.py, coverage.py and their templates)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils.translation import gettext_lazy

from cardtutor.engine.cards import ALL_CARDS
from cardtutor.engine.piquet import ENGINE as PIQUET
from cardtutor.engine.piquet import Declare, Exchange, Phase, best_declaration, new_deal
from cardtutor.engine.solver import solve
from cardtutor.replays import verdicts
from cardtutor.replays.advice import ADVICE, KARTENBEWERTUNG, Advice, Check, advice_for
from cardtutor.replays.coverage import ITEMS, not_in_example, seen_items
from cardtutor.replays.models import Replay
from cardtutor.replays.timeline import Timeline, build_timeline
from cardtutor.replays.verdicts import Judge, record_hash, solve_step

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "replays.json"
EXAMPLES = ROOT / "cardtutor" / "engine" / "examples"
SOURCES = {
    "piquet-example": ROOT / "fixtures" / "sources" / "000_1d97ab8760326182.txt",
    "besik-example": ROOT / "fixtures" / "sources" / "001_b32aee25cc8b3f7e.txt",
}


def example(name: str) -> Timeline:
    record = json.loads((EXAMPLES / f"{name}_example.json").read_text())
    return build_timeline(name, record)


@pytest.fixture(scope="module")
def piquet() -> Timeline:
    return example("piquet")


@pytest.fixture(scope="module")
def besik() -> Timeline:
    return example("besik")


@pytest.fixture
def replays(db) -> dict[str, Replay]:
    call_command("loaddata", str(FIXTURE), verbosity=0)
    return {r.slug: r for r in Replay.objects.all()}


def plays(timeline: Timeline) -> list[int]:
    return [s.number for s in timeline.steps[1:] if (s.action_json or {}).get("type") == "play"]


# -- the verdict at a card play ---------------------------------------------------------------


def test_every_piquet_play_gets_the_solvers_values(piquet: Timeline) -> None:
    numbers = plays(piquet)
    assert len(numbers) == 24
    for number in numbers:
        scope, got = solve_step(piquet, number)
        assert scope == "judged" and got is not None
        solution = solve(piquet.steps[number - 1].state)  # the position BEFORE the play
        expected = {str(a.card): v for a, v in solution.values().items()}
        assert {f.card: f.value for f in got.cards} == expected, number
        assert {f.card: f.loss for f in got.cards} == {
            str(a.card): solution.loss(a) for a in solution
        }
        played = piquet.steps[number].action
        assert got.seat == played.seat and got.played == str(played.card)
        assert got.loss == solution.loss(played)
        assert got.cards[0].loss == 0 and [f.loss for f in got.cards] == sorted(
            f.loss for f in got.cards
        )


def test_the_line_figures_add_up_to_the_value(piquet: Timeline) -> None:
    scope, got = solve_step(piquet, 19)
    assert got is not None
    me, other = got.seat, "B" if got.seat == "A" else "A"
    points = dict(got.played_line.points)
    assert points[me] - points[other] == got.played_figure.value
    # A keeps seven tricks with the king of diamonds: the cards are his.
    assert dict(got.played_line.tricks) == {"A": 7, "B": 5}


def test_cavendishs_play_is_best_throughout(piquet: Timeline) -> None:
    judge = Judge(piquet)
    assert [s.step for s in judge.plays() if not s.is_best] == []


def test_the_costly_besik_plays_are_reported_with_their_loss(besik: Timeline) -> None:
    judge = Judge(besik)
    costly = {s.step: s for s in judge.plays() if not s.is_best}
    assert set(costly) == {84, 86}
    seven = costly[84]  # A throws the seven of diamonds on B's eight, holding the ace
    assert (seven.seat, seven.played, seven.loss) == ("A", "7D", 22)
    assert [f.card for f in seven.better] == ["AD"]
    ace = costly[86]  # A wins B's seven of spades with the ace; the eight would do
    assert (ace.seat, ace.played, ace.loss) == ("A", "AS", 20)
    assert [f.card for f in ace.better] == ["8S"]
    solution = solve(besik.steps[83].state)
    assert max(solution.values().values()) - solution.value(besik.steps[84].action) == 22


def test_besik_plays_are_judged_only_once_the_talon_is_empty(besik: Timeline) -> None:
    judge = Judge(besik)
    assert judge.step(1) == ("talon", None)  # A leads the nine of clubs from a full talon
    assert judge.step(3)[0] == "not-a-play"  # B declares his Quint-Major
    assert judge.step(82)[0] == "not-a-play"  # the last draw
    judged = [n for n in plays(besik) if judge.step(n)[0] == "judged"]
    assert judged == list(range(83, 99))  # the last eight tricks


# -- caching ---------------------------------------------------------------------------------


def test_solutions_are_cached_by_the_records_hash(
    piquet: Timeline, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.clear()
    first = Judge(piquet).step(21)

    def fail(*args: Any) -> Any:
        raise AssertionError("solved again")

    monkeypatch.setattr(verdicts, "solve_step", fail)
    assert Judge(piquet).step(21) == first  # a new judge reads the cache
    cache.clear()
    with pytest.raises(AssertionError, match="solved again"):
        Judge(piquet).step(21)


def test_the_hash_follows_the_play_not_the_title(piquet: Timeline) -> None:
    record = piquet.record.to_json()
    retitled = json.loads(json.dumps(record))
    retitled["meta"] = {"title": {"en": "Another title"}}
    assert record_hash(build_timeline("piquet", retitled)) == record_hash(piquet)
    shorter = json.loads(json.dumps(record))
    shorter["actions"] = shorter["actions"][:-1]
    assert record_hash(build_timeline("piquet", shorter)) != record_hash(piquet)


# -- the source's advice ---------------------------------------------------------------------


def test_every_advice_quotes_its_source_and_fits_its_replay(
    piquet: Timeline, besik: Timeline
) -> None:
    timelines = {"piquet-example": piquet, "besik-example": besik}
    assert {a.replay for a in ADVICE} == set(timelines)
    for advice in ADVICE:
        text = SOURCES[advice.replay].read_text()
        assert advice.quote in text, advice.key
        timeline = timelines[advice.replay]
        assert advice.steps and all(0 < n <= timeline.last for n in advice.steps)
        assert bool(advice.checks) != bool(advice.untestable), advice.key
        for check in advice.checks:
            assert check.step in plays(timeline), (advice.key, check.step)
    assert len({a.key for a in ADVICE}) == len(ADVICE)


def test_the_advice_verdicts(piquet: Timeline, besik: Timeline) -> None:
    text = SOURCES["piquet-example"].read_text()
    verdict = {
        v.advice.key: v for v in Judge(piquet).advice_list(advice_for("piquet-example", text))
    }
    assert verdict["piquet-discard-to-improve"].status == "untestable"
    assert verdict["piquet-discard-to-improve"].reason
    for key in (
        "piquet-lead-ace-of-hearts",
        "piquet-run-the-hearts",
        "piquet-b-throws-diamonds",
        "piquet-no-high-spade",
        "piquet-b-runs-clubs",
        "piquet-keep-the-spade-guard",
    ):
        assert verdict[key].status == "confirmed", key
    high = verdict["piquet-no-high-spade"].results[0]
    assert [(f.card, f.loss) for f in high.figures] == [("AS", 13), ("JS", 12)]
    # "any card but a high spade" is too generous: a small spade loses the cards as well.
    other = verdict["piquet-any-other-card"]
    assert other.status == "refuted"
    losses = {f.card: f.loss for f in other.results[0].figures}
    assert losses == {"9C": 0, "JC": 0, "KD": 0, "9S": 12, "8S": 12}
    besik_text = SOURCES["besik-example"].read_text()
    besik_verdicts = Judge(besik).advice_list(advice_for("besik-example", besik_text))
    assert besik_verdicts and all(v.status == "untestable" for v in besik_verdicts)
    kartenbewertung = [v for v in besik_verdicts if v.advice.anchor == KARTENBEWERTUNG]
    assert {n for v in kartenbewertung for n in v.advice.steps} >= {1, 2, 3, 5, 6}


def test_advice_on_a_step_that_is_no_card_play_cannot_be_judged(piquet: Timeline) -> None:
    judge = Judge(piquet)
    odd = Advice("odd", "piquet-example", "x", gettext_lazy("x"), (3,), (Check(3, "played-best"),))
    assert judge.advice(odd).status == "unavailable"
    illegal = Advice(
        "odd", "piquet-example", "x", gettext_lazy("x"), (19,), (Check(19, "best", ("QS",)),)
    )
    assert judge.advice(illegal).status == "unavailable"


def test_advice_belongs_only_to_its_replay_and_its_text() -> None:
    text = SOURCES["piquet-example"].read_text()
    assert advice_for("piquet-example", text)
    assert advice_for("besik-example", text) == []
    assert advice_for("piquet-example", "some other text") == []


# -- the pages -------------------------------------------------------------------------------


def step(slug: str, number: int, seat: str = "", htmx: bool = False) -> str:
    url = reverse("replays:step", args=[slug, number]) + (f"?seat={seat}" if seat else "")
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = Client().get(url, **headers)
    assert response.status_code == 200
    return response.content.decode()


def verdict_of(html: str) -> str:
    match = re.search(r'<section class="verdict.*?</section>', html, re.S)
    return match.group(0) if match else ""


def test_the_all_cards_view_shows_the_verdict(replays) -> None:
    html = verdict_of(step("besik-example", 84))
    assert "verdict-costly" in html
    assert "Loses 22 points" in html and "seven of diamonds" in html and "ace of diamonds" in html
    html = verdict_of(step("piquet-example", 19, htmx=True))
    assert "one of the best cards" in html and "king of diamonds" in html
    assert 'data-advice="piquet-no-high-spade" data-status="confirmed"' in html
    assert 'data-advice="piquet-any-other-card" data-status="refuted"' in html
    assert "With all cards known" in html


@pytest.mark.parametrize(("slug", "number"), [("piquet-example", 19), ("besik-example", 84)])
@pytest.mark.parametrize("htmx", [False, True])
def test_nothing_of_a_verdict_appears_in_a_seat_view(
    replays, slug: str, number: int, htmx: bool
) -> None:
    for seat in ("A", "B"):
        html = step(slug, number, seat, htmx)
        part = verdict_of(html)
        assert 'class="verdict-elsewhere"' in part
        assert f'href="{reverse("replays:step", args=[slug, number])}"' in part
        for leak in (
            "verdict-line",
            "verdict-figures",
            "data-advice",
            "loses",
            "Loses",
            "best card",
        ):
            assert leak not in html, (seat, leak)


def test_early_besik_plays_say_the_solver_waits_for_the_talon(replays) -> None:
    html = verdict_of(step("besik-example", 6))
    assert "only once the talon is empty" in html
    assert 'data-advice="besik-spare-run-and-seven" data-status="untestable"' in html
    page = step("besik-example", 1)
    assert f'href="#{KARTENBEWERTUNG}"' in verdict_of(page)
    assert page.count(f'id="{KARTENBEWERTUNG}"') == 1  # the link's target: the paragraph's heading
    assert ">Kartenbewertung<" in page.split(f'id="{KARTENBEWERTUNG}"')[1][:200]
    assert 'class="verdict-elsewhere"' in verdict_of(step("besik-example", 6, "B"))  # advice
    assert "only once the talon is empty" in verdict_of(step("besik-example", 8, "B"))


def test_no_verdict_at_a_step_without_a_card_play_or_advice(replays) -> None:
    assert verdict_of(step("piquet-example", 4)) == ""
    assert verdict_of(step("besik-example", 4)) == ""


def test_the_advice_list_loads_apart_from_the_step_page(replays) -> None:
    page = step("piquet-example", 0)
    url = reverse("replays:advice", args=["piquet-example"])
    assert f'hx-get="{url}"' in page and f'href="{url}"' in page
    assert "data-advice" not in page  # nothing solved for the step page's list
    seat_page = step("piquet-example", 0, "A")
    assert f'hx-get="{url}"' not in seat_page
    client = Client()
    full = client.get(url)
    assert full.status_code == 200 and "<html" in full.content.decode()
    swapped = client.get(url, HTTP_HX_REQUEST="true")
    fragment = swapped.content.decode()
    assert "<html" not in fragment and 'id="source-advice"' in fragment
    # a history restore gets the whole page: a cache must keep the two apart
    assert {"HX-Request", "HX-History-Restore-Request"} <= {
        v.strip() for v in swapped["Vary"].split(",")
    }
    assert fragment.count("data-advice=") == len(
        advice_for("piquet-example", replays["piquet-example"].source_text)
    )
    assert 'data-status="refuted"' in fragment
    assert "every one was one of the best cards" in fragment
    besik_list = client.get(reverse("replays:advice", args=["besik-example"])).content.decode()
    assert besik_list.count('data-status="untestable"') == len(
        advice_for("besik-example", replays["besik-example"].source_text)
    )
    # each reason once: the talon's 40 words stood under every one of the Besik advice items
    talon = "while cards are still drawn from the talon it does not apply"
    assert besik_list.count(talon) == 1
    assert besik_list.count("For the reason given above.") >= 5
    costly = re.search(r'<ul class="advice-costly".*?</ul>', besik_list, re.S)
    assert costly and costly.group(0).count("<li>") == 2 and "loses 22 points" in costly.group(0)
    assert client.get(reverse("replays:advice", args=["no-such-replay"])).status_code == 404


# -- not in this example -----------------------------------------------------------------------


def piquet_record(hand_a: str, hand_b: str = "") -> dict[str, Any]:
    """A Piquet deal record without actions: A's hand, B's (or the next twelve cards), the
    stock from the rest."""
    a = hand_a.split()
    b = hand_b.split() or [c.code for c in ALL_CARDS if c.code not in a][:12]
    rest = [c.code for c in ALL_CARDS if c.code not in a + b]
    return {
        "format": "cardtutor-game-record",
        "version": 1,
        "game": "piquet",
        "ruleset": "rubicon",
        "seats": ["A", "B"],
        "deal": {
            "dealer": "B",
            "hands": {"A": " ".join(a), "B": " ".join(b)},
            "stock": " ".join(rest),
        },
        "actions": [],
    }


def declared(record: dict[str, Any], sink_sequences: bool = False) -> dict[str, Any]:
    """The record played on: one card exchanged each, then the declarations (honest, or A
    sinking his sequences)."""
    state, _ = new_deal(hands=record["deal"]["hands"], stock=record["deal"]["stock"], dealer="B")
    actions = []
    for exchange in (
        Exchange.of("A", list(state.hand("A"))[-1:]),
        Exchange.of("B", list(state.hand("B"))[-1:]),
    ):
        state, _ = PIQUET.apply(state, exchange)
        actions.append(exchange.to_json())
    while state.phase is not Phase.PLAY:
        claim = best_declaration(state)
        if sink_sequences and claim.seat == "A" and claim.category == "sequence":
            claim = Declare.of("A", "sequence", "")
        state, _ = PIQUET.apply(state, claim)
        actions.append(claim.to_json())
    return {**record, "actions": actions}


def keys(items: list[Any]) -> set[str]:
    return {i.key for i in items}


def test_the_examples_never_show_these_items(piquet: Timeline, besik: Timeline) -> None:
    assert keys(not_in_example(piquet)) == {
        "carte-blanche", "quint", "equal", "divided", "capot", "pique", "repique", "sinking",
        "partie", "rubicon",
    }  # fmt: skip
    assert keys(not_in_example(besik)) == {
        "double-marriage", "four-jacks", "four-queens", "four-kings", "double-besik",
        "triple-besik", "both-sevens", "seven-turned-up", "reuse",
    }  # fmt: skip


def test_a_replay_that_shows_carte_blanche_does_not_list_it() -> None:
    timeline = build_timeline("piquet", piquet_record("AS 10S 9S 8S AH 10H 9H 7H AC 9C 8D 7D"))
    assert "carte-blanche" in keys(seen_items(timeline))
    assert "carte-blanche" not in keys(not_in_example(timeline))
    assert "capot" in keys(not_in_example(timeline))


def test_a_quint_and_sinking_are_found_in_the_declarations() -> None:
    record = piquet_record(
        "AH KH QH JH 10H 7S 8S 9S 7C 8C 9C KD", "10S QS 10C QC 7D 9D JD KC 7H 9H AS AD"
    )
    honest = build_timeline("piquet", declared(record))
    assert "quint" in keys(seen_items(honest)) and "sinking" not in keys(seen_items(honest))
    sunk = build_timeline("piquet", declared(record, sink_sequences=True))
    assert "sinking" in keys(seen_items(sunk)) and "quint" not in keys(seen_items(sunk))


def test_the_items_table_covers_both_games() -> None:
    assert {i.game for i in ITEMS} == {"piquet", "besik"}
    assert len({(i.game, i.key) for i in ITEMS}) == len(ITEMS)


def test_not_in_example_links_resolve_to_rule_sections(replays) -> None:
    client = Client()
    for slug in ("piquet-example", "besik-example"):
        html = step(slug, 0)
        section = re.search(r'<section class="not-in-example".*?</section>', html, re.S)
        assert section, slug
        links = re.findall(r'href="(/rules/[a-z]+/)#([a-z-]+)"', section.group(0))
        assert len(links) == len(
            not_in_example(build_timeline(replays[slug].game, replays[slug].record))
        )
        pages: dict[str, str] = {}
        for page, anchor in links:
            if page not in pages:
                response = client.get(page)
                assert response.status_code == 200
                pages[page] = response.content.decode()
            assert f'id="{anchor}"' in pages[page], (page, anchor)
    # the same list in a seat's view: it names no card
    assert 'class="not-in-example"' in step("besik-example", 0, "A")


def test_not_in_example_speaks_german(replays) -> None:
    client = Client()
    client.cookies["django_language"] = "de"
    html = client.get(reverse("replays:step", args=["besik-example", 0])).content.decode()
    section = re.search(r'<section class="not-in-example".*?</section>', html, re.S)
    assert section and "Doppel-Heirat" in section.group(0) and "4 Könige" in section.group(0)
