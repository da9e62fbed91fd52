"""Replays: data, validation, viewer (page and partial), export/import, bad input."""

from __future__ import annotations

import copy
import html
import io
import json
import re
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from cardtutor.replays.models import Annotation, Replay
from cardtutor.replays.presentation import part_value
from cardtutor.replays.timeline import build_timeline
from cardtutor.replays.transfer import ReplayImportError, export_replay, import_replay

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "replays.json"
FINAL = {"piquet-example": {"A": 28, "B": 23}, "besik-example": {"A": 531, "B": 469}}


@pytest.fixture
def replays(db) -> dict[str, Replay]:
    call_command("loaddata", str(FIXTURE), verbosity=0)
    return {r.slug: r for r in Replay.objects.all()}


def step_url(slug: str, number: int, seat: str = "") -> str:
    url = reverse("replays:step", args=[slug, number])
    return f"{url}?seat={seat}" if seat else url


def test_both_examples_are_in_the_fixture(replays) -> None:
    assert set(replays) == {"piquet-example", "besik-example"}
    assert replays["piquet-example"].annotations.count() > 5
    assert replays["besik-example"].annotations.count() > 5


def test_loading_the_fixture_twice_duplicates_nothing(replays) -> None:
    counts = (Replay.objects.count(), Annotation.objects.count())
    call_command("loaddata", str(FIXTURE), verbosity=0)
    assert (Replay.objects.count(), Annotation.objects.count()) == counts


@pytest.mark.parametrize("slug", list(FINAL))
def test_final_totals_match_the_source(replays, slug: str) -> None:
    timeline = build_timeline(replays[slug].game, replays[slug].record)
    assert timeline.steps[-1].totals == FINAL[slug]


@pytest.mark.parametrize("slug", list(FINAL))
def test_every_stated_total_and_hand_agrees_with_the_engine(replays, slug: str) -> None:
    replay = replays[slug]
    timeline = build_timeline(replay.game, replay.record)
    checked = 0
    for annotation in replay.annotations.all():
        step = timeline.steps[annotation.step]
        for seat, value in annotation.stated.get("totals", {}).items():
            assert step.totals[seat] == value, (annotation.step, seat)
            checked += 1
        for seat, values in annotation.stated.get("during", {}).items():
            reached = [e.totals[seat] for e in step.score_events]
            for value in values:
                assert value in reached, (annotation.step, seat, value)
                checked += 1
        breakdown = step.state.score_breakdown()
        for seat, value in annotation.stated.get("scored", {}).items():
            assert sum(e.points for e in step.score_events if e.seat == seat) == value
            checked += 1
        for seat, parts in annotation.stated.get("breakdown", {}).items():
            for part, value in parts.items():
                assert breakdown[seat][part] == value, (annotation.step, seat, part)
                checked += 1
        for part, values in annotation.stated.get("parts", {}).items():
            for seat, value in values.items():
                assert part_value(part, seat, step.totals, breakdown[seat]) == value, (part, seat)
                checked += 1
        for seat, cards in annotation.stated.get("hands", {}).items():
            hand = step.state.view(None).hands[seat]
            held = sorted(c.card.code if hasattr(c, "card") else c.code for c in hand)
            assert held == sorted(cards), (annotation.step, seat)
            checked += 1
    assert checked >= (22 if slug == "piquet-example" else 30)


@pytest.mark.parametrize("slug", list(FINAL))
def test_annotation_sources_are_quoted_exactly(replays, slug: str) -> None:
    replay = replays[slug]
    for annotation in replay.annotations.all():
        for sentence in annotation.source:
            assert sentence in replay.source_text, (annotation.step, sentence)


def test_the_knave_a_keeps_is_not_linked_to_his_jack_of_clubs(replays) -> None:
    """ "A (Unterhaltas, Knave der Vereine …)": in our reading (the notes of steps 22 and 31)
    the cards A keeps while B runs his clubs, the ace and jack of spades. The words "Knave der
    Vereine" were linked to step 24, where A plays the jack of clubs."""
    replay = replays["piquet-example"]
    actions = replay.record["actions"]
    for annotation in replay.annotations.all():
        if any("Knave der Vereine" in sentence for sentence in annotation.source):
            played = actions[annotation.step - 1]
            assert played["seat"] == "A" and played["card"][-1] == "S", played


@pytest.mark.parametrize("slug", list(FINAL))
def test_every_step_renders_as_page_and_partial(client: Client, replays, slug: str) -> None:
    last = len(replays[slug].record["actions"])
    for number in range(last + 1):
        page = client.get(step_url(slug, number))
        assert page.status_code == 200, number
        html = page.content.decode()
        assert "<html" in html and 'id="replay-step"' in html
        assert "check-discrepancy" not in html, number
        partial = client.get(step_url(slug, number), HTTP_HX_REQUEST="true")
        assert partial.status_code == 200
        fragment = partial.content.decode()
        assert "<html" not in fragment
        # the step's <title> first (htmx reads the first <title> only), then the step
        assert re.match(r'<title>[^<]*</title>\s*<div id="replay-step"', fragment)
        assert 'hx-swap-oob="true"' in fragment
        assert "HX-Request" in partial["Vary"]


@pytest.mark.parametrize(
    ("slug", "a", "b"), [("piquet-example", 28, 23), ("besik-example", 531, 469)]
)
def test_last_step_shows_final_score_and_breakdown(
    client: Client, replays, slug: str, a: int, b: int
) -> None:
    last = len(replays[slug].record["actions"])
    html = client.get(step_url(slug, last)).content.decode()
    assert f'data-testid="total-A">{a}<' in html
    assert f'data-testid="total-B">{b}<' in html
    assert 'class="breakdown"' in html
    assert 'href="/rules/' in html


def test_piquet_breakdown_by_category(client: Client, replays) -> None:
    last = len(replays["piquet-example"].record["actions"])
    html = client.get(step_url("piquet-example", last)).content.decode()
    for label in ("Point", "Sequences", "Quatorzes and trios", "The cards"):
        assert f"<dt>{label}</dt>" in html


def test_besik_breakdown_by_meld(client: Client, replays) -> None:
    last = len(replays["besik-example"].record["actions"])
    html = client.get(step_url("besik-example", last)).content.decode()
    assert "Quint-Major" in html
    assert "Augen" in html


def test_piquet_dialogue_is_shown(client: Client, replays) -> None:
    timeline = build_timeline("piquet", replays["piquet-example"].record)
    number = next(s.number for s in timeline.steps if any(e.kind == "say" for e in s.events))
    html = client.get(step_url("piquet-example", number)).content.decode()
    assert 'class="dialogue"' in html


def test_german_viewer(client: Client, replays) -> None:
    client.cookies["django_language"] = "de"
    html = client.get(step_url("besik-example", 2)).content.decode()
    assert '<html lang="de">' in html
    assert "Schritt 2 von" in html
    assert "Die Quelle" in html or "Der Quelltext" in html


@pytest.mark.parametrize("slug", list(FINAL))
def test_perspective_hides_the_other_seats_cards(client: Client, replays, slug: str) -> None:
    html_all = client.get(step_url(slug, 0)).content.decode()
    html_a = client.get(step_url(slug, 0, "A")).content.decode()
    hand_b_all = re.search(r'data-testid="hand-B">(.*?)</ul>', html_all, re.S).group(1)
    hand_b_a = re.search(r'data-testid="hand-B">(.*?)</ul>', html_a, re.S).group(1)
    assert "data-card=" in hand_b_all
    assert "data-card=" not in hand_b_a and "card--back" in hand_b_a
    hand_a_a = re.search(r'data-testid="hand-A">(.*?)</ul>', html_a, re.S).group(1)
    assert "data-card=" in hand_a_a


def test_unknown_seat_is_a_404_that_names_the_seats(client: Client, replays, settings) -> None:
    """The address “?seat=Z” used to show every hand, as if Z were a seat seeing them all."""
    settings.DEBUG = False
    response = client.get(step_url("besik-example", 3, "Z"))
    assert response.status_code == 404
    text = response.content.decode()
    assert "There is no seat “Z” in this replay (its seats: A, B)." in text
    assert f'href="{step_url("besik-example", 3)}"' in text
    assert "data-card=" not in text
    assert client.get(step_url("besik-example", 3) + "?seat=all").status_code == 200


def test_a_step_has_one_address(client: Client, replays) -> None:
    """The address “/step/05/” is step 5 written another way: it redirects, keeping the seat."""
    response = client.get("/replays/piquet-example/step/05/?seat=B")
    assert response.status_code == 301
    assert response["Location"] == step_url("piquet-example", 5, "B")
    assert client.get("/replays/piquet-example/step/000/")["Location"] == step_url(
        "piquet-example", 0
    )
    assert client.get(step_url("piquet-example", 5, "B")).status_code == 200


def test_unknown_replay_and_step_give_404(client: Client, replays) -> None:
    assert client.get(step_url("no-such-replay", 0)).status_code == 404
    past = client.get(step_url("piquet-example", 9999))
    assert past.status_code == 404
    text = past.content.decode()
    last = build_timeline("piquet", replays["piquet-example"].record).last
    assert f"There is no step “9999” in this replay: enter a whole number from 0 to {last}." in text
    assert f'href="{step_url("piquet-example", 0)}"' in text, "a way back to the start"
    assert client.get("/replays/piquet-example/step/-1/").status_code == 404
    assert client.get("/replays/piquet-example/step/abc/").status_code == 404
    assert client.get("/replays/nothing/export.json").status_code == 404


def test_start_redirects_to_step_zero(client: Client, replays) -> None:
    response = client.get("/replays/besik-example/")
    assert response.status_code == 302 and response["Location"] == step_url("besik-example", 0)


def test_list_filters_by_game(client: Client, replays) -> None:
    html = client.get("/replays/").content.decode()
    assert "piquet-example" in html and "besik-example" in html
    html = client.get("/replays/?game=besik").content.decode()
    assert "besik-example" in html and "piquet-example" not in html
    assert client.get("/replays/?game=chess").status_code == 200


def test_the_examples_sources_are_cited_in_the_page_s_language(client: Client, replays) -> None:
    """The sources are German texts; an English page cites them in English (the list and the
    viewer's "About this example"), a German page as they cite themselves."""
    english = {
        "piquet-example": (
            "“Piquet”, Encyclopaedia Britannica, 11th edition (1911), in a German machine "
            "translation (from “Rubicon Piquet” to “Example.”, and the rules for counting)"
        ),
        "besik-example": (
            "“Besik”, a German article from the section Geschicklichkeitsspiele (games of "
            "skill) (from “Spielregeln” (the rules of play) to “Besik für vier Personen” "
            "(Besik for four))"
        ),
    }
    listed = html.unescape(client.get("/replays/").content.decode())
    for slug, cited in english.items():
        assert cited.split(" (from")[0] in listed, slug
        page = html.unescape(client.get(step_url(slug, 0)).content.decode())
        assert f"Source: {cited}" in page, slug
        for german in ("Auflage", "maschinell", "Rubrik", " bis "):
            assert german not in listed and german not in page.split("Source:")[1][:300]
    german = html.unescape(client.get("/replays/", HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "„Piquet“, Encyclopaedia Britannica, 11. Auflage (1911), maschinell übersetzt" in german
    page = html.unescape(
        client.get(step_url("besik-example", 0), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    )
    assert "Quelle: „Besik“, Rubrik Geschicklichkeitsspiele („Spielregeln“ bis „Besik" in page


@pytest.mark.parametrize("slug", list(FINAL))
def test_export_json_shape(client: Client, replays, slug: str) -> None:
    response = client.get(f"/replays/{slug}/export.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    data = response.json()
    assert data["format"] == "cardtutor-replay" and data["version"] == 1
    steps = data["steps"]
    assert [s["number"] for s in steps] == list(range(len(steps)))
    assert steps[-1]["totals"] == FINAL[slug]
    for s in steps:
        assert set(s) >= {"number", "seat", "explanation", "events", "totals"}
        assert set(s["totals"]) == {"A", "B"}
        assert set(s["explanation"]) == {"en", "de"}


@pytest.mark.parametrize("slug", list(FINAL))
def test_export_import_round_trip(replays, slug: str) -> None:
    exported = export_replay(replays[slug])
    Replay.objects.filter(slug=slug).delete()
    imported = import_replay(json.loads(json.dumps(exported)))
    assert export_replay(imported) == exported


def test_import_refuses_existing_slug_without_replace(replays) -> None:
    exported = export_replay(replays["besik-example"])
    with pytest.raises(ReplayImportError, match="exists already"):
        import_replay(exported)
    exported["title"]["en"] = "Changed"
    assert import_replay(exported, replace=True).title_en == "Changed"


def test_import_never_replaces_a_learner_s_own_replay(replays) -> None:
    """Even under a slug not kept for the learners' games (stored before that rule)."""
    exported = export_replay(replays["besik-example"])
    Replay.objects.filter(slug="besik-example").update(owner_token="a-learner-s-session")
    exported["title"]["en"] = "Taken over"
    with pytest.raises(ReplayImportError, match="kept for the learners' own games"):
        import_replay(exported, replace=True)
    kept = Replay.objects.get(slug="besik-example")
    assert (kept.title_en, kept.owner_token) != ("Taken over", "")


@pytest.mark.parametrize(
    ("raw", "mutate", "german"),
    [
        (b'{"a": 1,}', None, "Die Datei ist kein gültiges JSON: ein Schlüssel in doppelten"),
        (b'{"a" 1}', None, "ein Doppelpunkt (:) fehlt (Zeile 1, Spalte 6)"),
        (b"\xff", None, "es ist kein UTF-8-Text (Byte 0)"),
        (b"[1]", None, "Die Datei muss genau ein JSON-Objekt enthalten."),
        (b'{"slug": "a", "slug": "b"}', None, "der Schlüssel 'slug' steht zweimal"),
        (None, lambda d: d.update(version=7), "Version 7 wird nicht unterstützt"),
        (None, lambda d: d.pop("record"), "hat nicht die Form eines exportierten Beispielspiels"),
        (
            None,
            lambda d: (d["record"]["actions"].pop(3), d.update(slug="a-copy")),
            "lässt sich nicht nachspielen",
        ),
        (None, lambda d: None, "gibt es schon"),
        (None, lambda d: d.update(slug="game-0123"), "den eigenen Partien der Lernenden"),
        # it came in English, and "True" for the file's "true" (a learner tester)
        (
            None,
            lambda d: d.update(ruleset="nonsense", slug="a-copy"),
            "Der Regelsatz 'nonsense' ist nicht der Regelsatz des Spielverlaufs 'rubicon'",
        ),
        (None, lambda d: d.update(version=True), "Version true wird nicht unterstützt"),
    ],
)
def test_import_refusals_are_in_the_page_s_language(replays, raw, mutate, german) -> None:
    from django.utils import translation

    from cardtutor.replays.transfer import load_document

    exported = export_replay(replays["piquet-example"])
    with translation.override("de"), pytest.raises(ReplayImportError) as refused:
        if raw is not None:
            import_replay(load_document(raw))
        else:
            mutate(exported)
            import_replay(exported)
    assert german in str(refused.value)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="other"), "'format' must be"),
        (lambda d: d.update(version=7), "Version 7"),
        (lambda d: d.pop("record"), "'record'"),
        (lambda d: d["record"]["actions"].insert(0, {"type": "nonsense"}), "Step 1"),
        (
            lambda d: d["record"]["actions"].append(copy.deepcopy(d["record"]["actions"][-1])),
            "does not replay",
        ),
        (lambda d: d.update(annotations=[{"step": 99999}]), "annotated"),
        (lambda d: d.update(game="chess"), "game"),
    ],
)
def test_malformed_import_stores_nothing_and_keeps_the_old(replays, mutate, message: str) -> None:
    exported = export_replay(replays["piquet-example"])
    before = export_replay(replays["piquet-example"])
    mutate(exported)
    counts = (Replay.objects.count(), Annotation.objects.count())
    with pytest.raises(ReplayImportError, match=message):
        import_replay(exported, replace=True)
    assert (Replay.objects.count(), Annotation.objects.count()) == counts
    assert export_replay(Replay.objects.get(slug="piquet-example")) == before


def test_saving_a_record_that_does_not_replay_is_refused(replays) -> None:
    replay = replays["piquet-example"]
    replay.record = dict(replay.record, actions=[{"type": "nonsense"}])
    with pytest.raises(ValidationError, match="Step 1"):
        replay.save()
    assert Replay.objects.get(pk=replay.pk).record["actions"] != [{"type": "nonsense"}]


def test_import_command_round_trips_and_refuses_bad_files(replays, tmp_path: Path) -> None:
    from django.core.management.base import CommandError

    good = tmp_path / "good.json"
    call_command("export_replay", "besik-example", output=str(good))
    call_command("import_replay", str(good), replace=True, stdout=io.StringIO())
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_replay", str(bad))
    with pytest.raises(CommandError, match="exists already"):
        call_command("import_replay", str(good))


def test_import_form_needs_the_replay_permissions_and_reports_errors_in_place(
    client: Client, replays, django_user_model
) -> None:
    response = client.get("/replays/import/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    staff = django_user_model.objects.create_user("editor", password="pw-123456", is_staff=True)
    client.force_login(staff)
    assert client.get("/replays/import/").status_code == 403, "staff alone may not import"
    from django.contrib.auth.models import Permission

    staff.user_permissions.add(
        *Permission.objects.filter(codename__in=["add_replay", "change_replay"])
    )
    staff = django_user_model.objects.get(pk=staff.pk)  # permissions are cached per object
    client.force_login(staff)
    assert client.get("/replays/import/").status_code == 200
    from django.core.files.uploadedfile import SimpleUploadedFile

    bad = SimpleUploadedFile("bad.json", b"[1, 2", content_type="application/json")
    response = client.post("/replays/import/", {"file": bad}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "not valid JSON" in response.content.decode()
    assert "<html" not in response.content.decode()
    data = export_replay(replays["besik-example"])
    good = SimpleUploadedFile(
        "good.json", json.dumps(data).encode(), content_type="application/json"
    )
    response = client.post("/replays/import/", {"file": good, "replace": "on"})
    assert response.status_code == 302
    assert response["Location"] == step_url("besik-example", 0)


def test_cached_pages_carry_each_visitors_own_working_csrf_token(replays) -> None:
    tokens = []
    for _ in range(2):
        client = Client(enforce_csrf_checks=True)
        html = client.get(step_url("piquet-example", 3)).content.decode()
        assert "csrf_token_placeholder" not in html
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        assert f'"x-csrftoken": "{token}"' in html
        response = client.post(
            reverse("set_deck"), {"deck": "four", "csrfmiddlewaretoken": token, "next": "/"}
        )
        assert response.status_code == 302
        tokens.append(client.cookies["csrftoken"].value)
    assert tokens[0] != tokens[1]


def test_page_follows_the_deck_preference_and_language(client: Client, replays) -> None:
    url = step_url("besik-example", 4)
    assert '<body class="deck-four-colour"' not in client.get(url).content.decode()
    client.cookies["cardtutor_deck"] = "four"
    assert '<body class="deck-four-colour"' in client.get(url).content.decode()
    client.cookies["django_language"] = "de"
    assert "Schritt 4 von" in client.get(url).content.decode()


def test_edited_replay_is_never_served_stale(client: Client, replays) -> None:
    url = step_url("besik-example", 0)
    assert "Besik: the example game" in client.get(url).content.decode()
    replay = Replay.objects.get(slug="besik-example")
    replay.title_en = "Renamed example"
    replay.save()
    assert "Renamed example" in client.get(url).content.decode()


@pytest.mark.parametrize("slug", list(FINAL))
def test_every_event_links_to_an_existing_rule_anchor(replays, slug: str) -> None:
    from cardtutor.core.rules_text import rule_anchors

    replay = replays[slug]
    timeline = build_timeline(replay.game, replay.record)
    linked = 0
    for step in timeline.steps:
        for event in step.events:
            if event.rule:
                page, _, anchor = event.rule.partition("#")
                assert page == replay.game and anchor in rule_anchors(page), event.rule
                linked += 1
    assert linked >= len(timeline.steps) // 2


def test_tricks_won_are_listed(client: Client, replays) -> None:
    last = len(replays["piquet-example"].record["actions"])
    html = client.get(step_url("piquet-example", last)).content.decode()
    assert html.count('class="tricks-won"') == 2
    assert html.count("<li value=") == 12
    assert "The deal is over." in html
    besik = client.get(step_url("besik-example", 50)).content.decode()
    assert 'class="tricks-won"' in besik
    # a player does not get to look through the cards of the tricks won in Besik
    assert (
        'class="tricks-won"' not in client.get(step_url("besik-example", 50, "A")).content.decode()
    )


def _partie_replay(deals_played: int = 6, to_the_end: bool = False) -> tuple[Replay, list[int]]:
    """A Piquet partie replay: ``deals_played`` whole deals and the next deal's first tricks
    (``to_the_end``: the whole partie, settled), played at random from a seed; returns it and
    the step numbers that end each deal."""
    import random

    from cardtutor.engine import GAMES
    from cardtutor.engine.record import GameRecord

    engine = GAMES["piquet"].engine
    record = {
        "format": "cardtutor-game-record",
        "version": 1,
        "game": "piquet",
        "ruleset": "rubicon",
        "seats": ["A", "B"],
        "deal": {"partie": True, "seed": 21},
        "actions": [],
    }
    state, _ = engine.start(GameRecord.from_json(record))
    rng = random.Random(4)
    deal_ends: list[int] = []
    actions = record["actions"]

    def going_on() -> bool:
        if to_the_end:
            return not state.is_over
        return len(deal_ends) < deals_played or len(actions) < deal_ends[-1] + 14

    while going_on():
        action = state.legal_actions.sample(rng)
        state, _ = engine.apply(state, action)
        actions.append(action.to_json())
        outcome = state.outcome()
        if outcome.deal_over and len(deal_ends) < outcome.deal_number:
            deal_ends.append(len(actions))
    replay = Replay.objects.create(
        slug="partie",
        game="piquet",
        ruleset="rubicon",
        title_en="A partie",
        title_de="Eine Partie",
        source_title="random",
        source_text="",
        seats=[{"seat": "A"}, {"seat": "B"}],
        record=record,
    )
    return replay, deal_ends


def _cell(html: str, testid: str) -> int:
    found = re.search(rf'data-testid="{testid}">(\d+)<', html)
    assert found, testid
    return int(found.group(1))


@pytest.mark.django_db
def test_a_partie_replay_shows_the_deal_and_the_partie_totals(client: Client) -> None:
    replay, deal_ends = _partie_replay(deals_played=1)
    timeline = build_timeline("piquet", replay.record)
    first_end = deal_ends[0]
    deal1 = timeline.steps[first_end].outcome.deal
    assert deal1["A"] + deal1["B"] > 0

    html = client.get(step_url("partie", first_end)).content.decode()
    for seat in "AB":
        assert _cell(html, f"deal-total-{seat}") == deal1[seat]
        assert _cell(html, f"total-{seat}") == deal1[seat]
    assert "Deal 1" in html

    # The next deal starts from nothing, while the partie keeps the first deal's points.
    later = first_end + 14
    deal2 = timeline.steps[later].outcome.deal
    assert deal2["A"] + deal2["B"] > 0
    html = client.get(step_url("partie", later)).content.decode()
    for seat in "AB":
        assert _cell(html, f"deal-total-{seat}") == deal2[seat]
        assert _cell(html, f"total-{seat}") == deal1[seat] + deal2[seat]
    assert "Deal 2" in html
    completed = re.search(r'data-testid="completed-deals">(.*?)</ol>', html, re.S)
    assert completed and f"A {deal1['A']}, B {deal1['B']}" in completed.group(1)
    # The ledger lists only this deal's points.
    entries = "".join(re.findall(r'<ol class="ledger-entries">(.*?)</ol>', html, re.S))
    ledger_steps = {int(n) for n in re.findall(r"/replays/partie/step/(\d+)/", entries)}
    assert ledger_steps and min(ledger_steps) > first_end


def test_ledger_entries_name_the_category_before_its_points(client: Client, replays) -> None:
    """ "+40 Melds." read as a count of melds: the category comes first, then its points."""
    html = client.get(step_url("besik-example", 24)).content.decode()
    entries = re.sub(
        r"\s+", " ", "".join(re.findall(r'<ol class="ledger-entries">(.*?)</ol>', html, re.S))
    )
    assert "Melds +40. A declares a Besik" in entries
    assert not re.search(r"\+\d+ [A-Z]", entries)


def test_besik_trumps_line_after_the_talon_is_used_up_starts_a_sentence(
    client: Client, replays
) -> None:
    last = build_timeline("besik", replays["besik-example"].record).last
    for lang, words in (("en", "Trumps: hearts"), ("de", "Trumpf: Herz")):
        client.cookies["django_language"] = lang
        html = client.get(step_url("besik-example", last)).content.decode()
        notes = re.findall(r'<p class="zone-note">([^<]*)</p>', html)
        assert words in notes, notes


def test_the_sources_statements_are_said_once_and_read_as_german(client: Client, replays) -> None:
    """The Besik Example's last step states the Augen in its totals and in its breakdown: the
    page says each once, and the category reads inside a German sentence."""
    client.cookies["django_language"] = "de"
    html = client.get(step_url("besik-example", 98)).content.decode()
    said = re.findall(r"Laut Quelle hat (A|B) bei „Augen“ (\d+)", html)
    assert sorted(said) == [("A", "71"), ("B", "169")]
    assert "für Einfache" not in html and "für Letzter" not in html


@pytest.mark.parametrize("slug", list(FINAL))
def test_every_step_links_the_rule_of_its_move(replays, client: Client, slug: str) -> None:
    """Not only the steps that score: the exchange, a declaration answered "good", following
    suit, a draw, the last eight tricks each link their rule section."""
    game = replays[slug].game
    last = len(replays[slug].record["actions"])
    for number in range(last + 1):
        page = client.get(f"/replays/{slug}/step/{number}/", headers={"HX-Request": "true"})
        text = page.content.decode()
        section = text[text.index('class="step-text"') : text.index('class="ledger')]
        assert re.search(rf'href="/rules/{game}/#[a-z-]+"', section), f"step {number}: no rule"
    wanted = {
        "piquet-example": [(1, "exchange", "The exchange"), (12, "play", "The play")],
        "besik-example": [(4, "talon", "The talon and the draw"), (84, "end-play", "last eight")],
    }[slug]
    for number, anchor, title in wanted:
        text = client.get(f"/replays/{slug}/step/{number}/").content.decode()
        rules = re.search(r'<p class="step-rules">(.*?)</p>', text)
        assert rules and f'href="/rules/{game}/#{anchor}"' in rules.group(1), number
        assert title in rules.group(1)


def test_a_worked_example_links_to_taking_a_seat_in_it(replays, client: Client) -> None:
    for slug in FINAL:
        text = client.get(f"/replays/{slug}/step/3/").content.decode()
        link = re.search(r'<p class="replay-seat-link"><a href="([^"]+)">', text)
        assert link and link.group(1) == "/play/#take-a-seat-heading", slug
        assert 'id="take-a-seat-heading"' in client.get("/play/").content.decode()


def test_the_download_is_a_file_and_names_no_path_of_our_server(client: Client, replays) -> None:
    """ "Export as JSON" opened raw JSON in the tab (inline), and the Piquet example's record
    named where its seed text lay on our server."""
    page = client.get("/replays/piquet-example/step/0/").content.decode()
    assert re.search(r'href="/replays/piquet-example/export.json" download>', page)
    assert "Download this replay as a file" in page
    for slug in FINAL:
        response = client.get(f"/replays/{slug}/export.json")
        assert response["Content-Disposition"] == f'attachment; filename="{slug}.json"'
        text = response.content.decode()
        assert "/work/" not in text and "seeds/0" in text


def test_every_line_of_the_besik_score_sheet_links_to_the_last_step(
    client: Client, replays
) -> None:
    """ "Trumpf-Sieben 10 Punkte" was the one line of A's sheet not linked to step 98, and the
    Augen's terms named ace, king, queen and jack but not the ten (10 Augen)."""
    html = client.get("/replays/besik-example/step/98/").content.decode()
    sheet = re.findall(r'data-step="98"[^>]*>([^<]+)</a>', html)
    for line in ("A: Besik 40 Punkte", "Trumpf-Sieben 10 Punkte", "Trumpf-Heirat 40 Punkte"):
        assert line in sheet, line
    line = re.search(r"<li><strong>B \+169</strong>(.*?)</li>", html)
    assert line is not None and "(Terms: " in line.group(1)
    assert '<a href="/glossary/#term-ten">ten</a>' in line.group(1)


def test_an_imported_copy_is_told_apart_in_the_list(client: Client, replays) -> None:
    """Four imported copies were listed under the example's title, indistinguishable."""
    data = export_replay(replays["piquet-example"])
    data["slug"] = "piquet-copy"
    import_replay(data)
    listing = html.unescape(client.get("/replays/").content.decode())
    assert listing.count("imported as “piquet-copy”, last changed") == 1
    assert "imported as “piquet-example”" not in listing


def test_a_long_wrong_value_is_quoted_short(replays) -> None:
    """A 5,000-character slug was quoted whole in the refusal."""
    data = export_replay(replays["piquet-example"])
    data["slug"] = "a" * 5000
    with pytest.raises(ReplayImportError) as refused:
        import_replay(data)
    message = str(refused.value)
    assert "'" + "a" * 40 + "'… (5000 characters) is too long" in message
    assert "a" * 41 not in message and len(message) < 400


def test_an_import_refusal_never_quotes_a_long_value_whole(replays) -> None:
    """A learner tester: 900 long notes at one step were refused with the whole list quoted,
    a message of 1.8 million characters on a 1.9 MB page."""
    exported = export_replay(replays["piquet-example"])
    note = {"kind": "deduction", "en": "x" * 1000, "de": "y" * 1000}
    exported["annotations"] = [{"step": 0, "notes": [note] * 900}]
    exported["slug"] = "many-notes"
    with pytest.raises(ReplayImportError) as refused:
        import_replay(exported)
    message = str(refused.value)
    assert len(message) < 600, len(message)
    assert "Step 0" in message and "too many" in message


def test_a_worked_example_is_only_replaced_by_a_replay_of_its_own_game(replays) -> None:
    """A learner tester replaced piquet-example with the Besik example: the Piquet rules'
    example links and "Play as A" then opened Besik."""
    besik = export_replay(replays["besik-example"])
    besik["slug"] = "piquet-example"
    with pytest.raises(ReplayImportError, match="can only be replaced by one of the same game"):
        import_replay(besik, replace=True)
    assert Replay.objects.get(slug="piquet-example").game == "piquet"


def test_the_import_form_says_what_a_slug_is_under_its_box(
    client: Client, replays, django_user_model
) -> None:
    from django.contrib.auth.models import Permission
    from django.core.files.uploadedfile import SimpleUploadedFile

    staff = django_user_model.objects.create_user("editor", password="pw-123456", is_staff=True)
    staff.user_permissions.add(*Permission.objects.filter(codename="add_replay"))
    client.force_login(staff)
    client.cookies["django_language"] = "de"
    data = json.dumps(export_replay(replays["besik-example"])).encode()
    for slug, said in (
        ("Hello World", "Ein Kürzel besteht aus Kleinbuchstaben"),
        ("x" * 60, "Bitte höchstens 50 Zeichen (dieser hat 60)."),
    ):
        upload = SimpleUploadedFile("r.json", data, content_type="application/json")
        page = client.post("/replays/import/", {"file": upload, "slug": slug})
        text = html.unescape(page.content.decode())
        assert page.status_code == 400 and said in text, slug
        assert "^[a-z0-9]" not in text and "Bitte sicherstellen" not in text


def test_the_ledger_s_rule_links_are_named_by_their_rules(client: Client, replays) -> None:
    """A German reviewer: the ledger's "Rule" links were all named "Rule: Melds" (the
    category), pointing at the marriage, the trump marriage and the Besik rules alike."""
    from cardtutor.core.glossary import rule_title

    last = len(replays["besik-example"].record["actions"])
    page = client.get(step_url("besik-example", last)).content.decode()
    ledger = page[page.index('class="ledger') :]
    links = re.findall(
        r'<a href="/rules/besik/#([^"]+)">Rule<span class="visually-hidden">: (.*?)</span>', ledger
    )
    assert len({anchor for anchor, _name in links}) > 3, links
    for anchor, name in links:
        assert html.unescape(name) == rule_title("besik", anchor, False), (anchor, name)


def test_a_score_row_summing_marriages_is_named_in_the_plural(replays, client: Client) -> None:
    """A German tester: B's two marriages were summed under „Einfache Heirat 40“, which read
    as a wrong value for one marriage. The row is „Einfache Heiraten“ where it adds more than
    one; A's one marriage and one trump marriage keep the singular, as each ledger entry."""
    client.cookies["django_language"] = "de"
    page = client.get(step_url("besik-example", 98)).content.decode()
    a, b = page.split("<summary>A: 531 Punkte</summary>")[1].split("<summary>B: 469 Punkte")
    assert "<dt>Einfache Heiraten</dt><dd>40</dd>" in b
    assert "<dt>Einfache Heirat</dt><dd>20</dd>" in a
    assert "<dt>Trumpf-Heirat</dt><dd>40</dd>" in a
    assert "Laut Quelle hat B bei „Einfache Heiraten“ 40." in page
    assert "Laut Quelle hat A bei „Trumpf-Heirat“ 40." in page
    client.cookies["django_language"] = "en"
    page = client.get(step_url("besik-example", 98)).content.decode()
    assert "<dt>Marriages</dt><dd>40</dd>" in page and "<dt>Marriage</dt><dd>20</dd>" in page


@pytest.mark.django_db
def test_a_partie_s_settlement_is_not_listed_as_points_scored(client: Client) -> None:
    """A learner tester: the last step listed "B +350 (Partie)" among its points and in the
    deal's ledger, though no total holds it: the "+" items added up to 380, the total said 30.
    The settlement is said as what the winner gains, apart from the points scored."""
    replay, _deal_ends = _partie_replay(to_the_end=True)
    record = replay.record
    last = len(record["actions"])
    timeline = build_timeline("piquet", record)
    outcome = timeline.steps[last].outcome
    assert outcome.settlement, "the partie is settled at its last step"
    before, after = timeline.steps[last - 1].totals, timeline.steps[last].totals
    page = html.unescape(client.get(step_url("partie", last)).content.decode())
    scored = page.split('class="step-scores"', 1)[1].split("</ul>", 1)[0]
    listed = [int(n) for n in re.findall(r"<strong>\w \+(\d+)</strong>", scored)]
    assert sum(listed) == sum(after.values()) - sum(before.values()), scored
    assert f"+{outcome.settlement}" not in scored
    assert f"gains {outcome.settlement}" in scored, "the settlement is said apart"
    entries = page.split('class="ledger-entries"', 1)[1].split("</ol>", 1)[0]
    assert f"+{outcome.settlement}" not in entries


def test_the_first_trick_links_elder_s_lead_and_when_younger_scores(
    replays, client: Client
) -> None:
    """A learner tester: at step 10, where B scores his sets before playing to the first trick,
    the step linked only "The play", though the rules have a section for exactly this (which
    names steps 9 and 10 as its example)."""
    for number in (9, 10):
        page = client.get(step_url("piquet-example", number)).content.decode()
        rules = page.split('class="step-rules"', 1)[1].split("</p>", 1)[0]
        assert 'href="/rules/piquet/#younger-scores"' in rules, (number, rules)
        assert "Elder&#x27;s lead, and when younger scores" in rules or (
            "Elder's lead, and when younger scores" in rules
        )
    later = client.get(step_url("piquet-example", 11)).content.decode()
    step = later.split('class="ledger"', 1)[0]  # the step itself, not the ledger's entries
    assert "/rules/piquet/#play" in step and "#younger-scores" not in step


@pytest.mark.parametrize(("lang", "word"), [("en", "points"), ("de", "Punkte")])
def test_the_verdict_figures_name_points_before_the_scores(
    replays, client: Client, lang: str, word: str
) -> None:
    """A learner tester: "after the queen of spades: A 13, B 1 points" (and „B 1 Punkte“)."""
    client.cookies["django_language"] = lang
    page = html.unescape(client.get(step_url("piquet-example", 28)).content.decode())
    figures = page.split('class="verdict-figures"', 1)[1].split("</p>", 1)[0]
    assert re.search(rf": {word} A \d+, B \d+", figures), figures
    assert not re.search(rf"B \d+ {word}", figures), figures
    # the badge and its sentence read as two: "Best: A plays …", not "Best A plays …"
    line = page.split('class="verdict-line"', 1)[1].split("</p>", 1)[0]
    assert re.search(
        r'verdict-badge[^>]*>[^<]+</strong><span class="visually-hidden">:</span>', line
    )


def test_odd_step_addresses_are_answered_as_steps_past_the_end(replays, client: Client) -> None:
    """A learner tester: `/step/-1/` got the site's bare "Page not found", `/step/99999/` the
    page that says which steps there are; `?step=5` on the replay's address went quietly to
    step 0. And the go-to box's htmx answer quoted what was typed as HTML."""
    for raw in ("-1", "abc", "1.5"):
        response = client.get(f"/replays/piquet-example/step/{raw}/")
        assert response.status_code == 404
        text = html.unescape(response.content.decode())
        assert f"There is no step “{raw}” in this replay" in text, text[-2000:]
    assert client.get("/replays/nothing-here/step/-1/").status_code == 404
    asked = client.get("/replays/piquet-example/?step=5&seat=B")
    followed = client.get(asked["Location"])
    assert followed.status_code == 302 and followed["Location"].startswith(
        step_url("piquet-example", 5, "B")
    )
    wrong = client.get(client.get("/replays/piquet-example/?step=99")["Location"])
    assert wrong.status_code == 400
    assert client.get("/replays/piquet-example/?seat=A")["Location"] == step_url(
        "piquet-example", 0, "A"
    )
    swap = client.get(
        "/replays/piquet-example/goto/", {"step": "<b>x</b>\x00"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert "<b>" not in swap and "&lt;b&gt;x&lt;/b&gt;\ufffd" in swap


def test_annotations_quote_with_typographic_marks(replays) -> None:
    """A language tester: the replays' notes quoted with straight marks ('Equal', "…"), the
    drills and games with “…”; and wrote "..." for an ellipsis. (The source's own words, in
    ``source``, stay as they are.)"""
    straight = re.compile(r"(?<![A-Za-z0-9])'[^'\n]{1,80}'(?![A-Za-z0-9])|\"")
    for annotation in Annotation.objects.all():
        texts = [annotation.commentary_en, annotation.commentary_de]
        texts += [n.get(lang, "") for n in annotation.notes for lang in ("en", "de")]
        for text in texts:
            assert not straight.search(text), (annotation.replay.slug, annotation.step, text)
            assert "..." not in text, (annotation.replay.slug, annotation.step, text)
