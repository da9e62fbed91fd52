"""Practice views: items, answers judged on the server, forged and repeated forms, progress,
accounts, review and suggestions. The drill used is Piquet's partie drill (its right answer is
easy to compute here); the generic parts hold for every drill (tests/test_practice_drills.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cardtutor.engine.drills import DRILLS, Level
from cardtutor.engine.drills.base import case_seed, seed_case
from cardtutor.practice import progress, tokens
from cardtutor.practice.models import ProgressRecord

pytestmark = pytest.mark.django_db

PASSWORD = "piquet-rubicon-1911"
DRILL = DRILLS["piquet.partie"]
SEED = "4711"


@pytest.fixture(autouse=True)
def fast_hasher(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def item_url(level: int = 2, seed: str = SEED) -> str:
    return reverse("practice:item", args=["piquet", "partie", level, seed])


def serve(client: Client, level: int = 2, seed: str = SEED) -> str:
    """GET the item and return its form token."""
    response = client.get(item_url(level, seed))
    assert response.status_code == 200
    match = re.search(r'name="token" value="([^"]+)"', response.content.decode())
    assert match, "the item form carries a token"
    return match.group(1)


def right_answer(level: int = 2, seed: str = SEED) -> dict[str, str]:
    expected, _reasons = DRILL.expected(DRILL.item(seed, Level(level)))  # type: ignore[attr-defined]
    return {
        "winner": expected.winner,
        "gain": str(expected.gain),
        "rubiconed": "yes" if expected.rubiconed else "no",
    }


def wrong_answer(level: int = 2, seed: str = SEED) -> dict[str, str]:
    answer = right_answer(level, seed)
    answer["gain"] = str(int(answer["gain"]) + 10)
    return answer


def record_of(client: Client) -> progress.Record:
    return progress.clean(client.session.get("practice"))


def attempts(client: Client) -> int:
    return int(record_of(client)["drills"].get(DRILL.key, {}).get("attempts", 0))


# --- pages ---------------------------------------------------------------------------------


def test_the_practice_page_links_every_drill_and_its_levels() -> None:
    html = Client().get(reverse("practice:index")).content.decode()
    for drill in DRILLS.values():
        url = reverse("practice:start", args=[drill.game, drill.key.split(".", 1)[1]])
        assert f'href="{url}"' in html, drill.key
        assert f'href="{url}?level=3"' in html
    assert "not built yet" not in html


def test_start_redirects_to_a_new_item_at_the_asked_level() -> None:
    client = Client()
    first = client.get(reverse("practice:start", args=["piquet", "partie"]) + "?level=3")
    second = client.get(reverse("practice:start", args=["piquet", "partie"]) + "?level=3")
    assert first.status_code == second.status_code == 302
    assert first["Location"].startswith("/practice/piquet/partie/3/")
    assert first["Location"] != second["Location"], "a new item each time"
    suggested = client.get(reverse("practice:start", args=["piquet", "partie"]))
    assert suggested["Location"].startswith("/practice/piquet/partie/1/"), "no record: easy"


@pytest.mark.parametrize("level", ["9", "0", "-1", "abc", "", "9" * 5000])
def test_a_level_that_does_not_exist_is_said_with_the_way_to_the_drill(level: str) -> None:
    """It was replaced by the suggested level without a word."""
    response = Client().get(reverse("practice:start", args=["piquet", "partie"]), {"level": level})
    assert response.status_code == 400
    html = response.content.decode()
    assert "the levels are 1 (easy), 2 (medium) and 3 (hard)" in html and f"“{level[:20]}”" in html
    assert 'href="/practice/piquet/partie/">A new question in this drill</a>' in html


def test_an_item_is_its_own_address() -> None:
    first = Client().get(item_url()).content.decode()
    again = Client().get(item_url()).content.decode()
    deals = re.findall(r'<td class="num">(\d+)</td>', first)
    assert len(deals) == 12 and deals == re.findall(r'<td class="num">(\d+)</td>', again)


@pytest.mark.parametrize(
    "url",
    [
        "/practice/piquet/nothing/",
        "/practice/chess/partie/",
        "/practice/besik/partie/1/1/",
        "/practice/piquet/partie/4/1/",
        "/practice/piquet/partie/0/1/",
        "/practice/piquet/partie/1/Bad%20Seed/",
        "/practice/piquet/partie/1/" + "9" * 60 + "/",
    ],
)
def test_unknown_drills_levels_and_items_are_404(url: str) -> None:
    response = Client().get(url)
    assert response.status_code == 404
    assert "<main" in response.content.decode()


# --- answers -------------------------------------------------------------------------------


def test_a_right_answer_is_judged_right_explained_and_counted() -> None:
    client = Client()
    token = serve(client)
    response = client.post(item_url(), {**right_answer(), "token": token})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Right." in html and "Add up the six deals" in html
    assert 'href="/rules/piquet/#' in html
    assert "Next question" in html and "Try a similar one" in html
    assert attempts(client) == 1
    assert record_of(client)["drills"][DRILL.key]["correct"] == 1


def test_a_wrong_answer_gives_the_right_one_and_why_in_german_too() -> None:
    client = Client()
    client.cookies["django_language"] = "de"
    token = serve(client)
    html = client.post(item_url(), {**wrong_answer(), "token": token}).content.decode()
    right = right_answer()
    assert "Nicht ganz." in html
    assert f"erhält {right['gain']}" in html
    assert "Die sechs Spiele zusammengezählt" in html
    assert record_of(client)["drills"][DRILL.key]["correct"] == 0


def test_the_same_form_sent_twice_counts_once_and_shows_the_same_verdict() -> None:
    client = Client()
    token = serve(client)
    first = client.post(item_url(), {**right_answer(), "token": token})
    again = client.post(item_url(), {**right_answer(), "token": token})
    assert attempts(client) == 1
    html = again.content.decode()
    assert again.status_code == 200
    assert "counted once" in html
    assert "Right." in html and "Right." in first.content.decode()
    # the form sent back with another answer (the back button): judged, and not counted
    changed = client.post(item_url(), {**wrong_answer(), "token": token}).content.decode()
    assert "Not quite." in changed and "checked but not counted" in changed
    assert attempts(client) == 1
    assert record_of(client)["drills"][DRILL.key]["streak"] == 1


def test_a_question_counts_once_however_often_its_page_is_loaded() -> None:
    """Loading an answered question's page again and answering it right, over and over, made
    a streak, a level and a rule area learnt out of one question."""
    client = Client()
    client.post(item_url(), {**right_answer(), "token": serve(client)})
    for _ in range(3):
        response = client.post(item_url(), {**right_answer(), "token": serve(client)})
        html = response.content.decode()
        assert response.status_code == 200 and "Right." in html
        assert "You answered this question already: it was counted once." in html
    response = client.post(item_url(), {**wrong_answer(), "token": serve(client)})
    html = response.content.decode()
    assert response.status_code == 200 and "Not quite." in html
    assert "You have answered this question before" in html and "not counted" in html
    record = record_of(client)
    assert attempts(client) == 1
    assert record["drills"][DRILL.key]["streak"] == 1, "a wrong one not counted breaks nothing"
    assert record["drills"][DRILL.key]["levels"] == {"2": "1"}
    assert sum(area["attempts"] for area in record["concepts"].values()) == 1
    other = client.post(
        item_url(seed="99"), {**right_answer(seed="99"), "token": serve(client, seed="99")}
    )
    assert "not counted" not in other.content.decode()
    assert attempts(client) == 2, "another question counts"


def test_a_question_answered_wrongly_counts_again_once_when_due_for_another_try(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = Client()
    client.post(item_url(), {**wrong_answer(), "token": serve(client)})
    soon = client.post(item_url(), {**right_answer(), "token": serve(client)}).content.decode()
    assert "not counted" in soon, "not yet due: right after the verdict, the answer is known"
    assert attempts(client) == 1
    later = timezone.now() + progress.INTERVALS[1] + timedelta(minutes=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    token = serve(client)
    due = client.post(item_url(), {**right_answer(), "token": token}).content.decode()
    assert "Right." in due and "not counted" not in due and "counted once" not in due
    assert attempts(client) == 2
    assert record_of(client)["review"] == [], "answered right on its review: off the list"
    resent = client.post(item_url(), {**right_answer(), "token": token}).content.decode()
    assert "counted once" in resent
    another_wrong = {**wrong_answer(), "gain": str(int(right_answer()["gain"]) + 20)}
    again = client.post(item_url(), {**another_wrong, "token": serve(client)}).content.decode()
    assert "not counted" in again, "off the list: it does not count again"
    assert attempts(client) == 2
    assert record_of(client)["review"] == []


@pytest.mark.parametrize(
    ("token", "status", "words"),
    [
        ("", 400, "does not belong to a question we gave you"),
        ("forged:token:value", 400, "does not belong to a question we gave you"),
        ("x" * 5000, 400, "does not belong to a question we gave you"),
    ],
)
def test_forged_tokens_are_refused_clearly_and_change_nothing(
    token: str, status: int, words: str
) -> None:
    client = Client()
    serve(client)
    response = client.post(item_url(), {**right_answer(), "token": token})
    assert response.status_code == status
    assert words in response.content.decode()
    assert attempts(client) == 0


def test_a_token_for_another_item_is_refused() -> None:
    client = Client()
    other = serve(client, seed="99")
    response = client.post(item_url(), {**right_answer(), "token": other})
    assert response.status_code == 400
    assert "different question" in response.content.decode()
    assert attempts(client) == 0
    tampered_level = serve(client, level=1)
    assert client.post(item_url(2), {**right_answer(), "token": tampered_level}).status_code == 400


def test_a_stale_form_is_refused_with_the_question_again(monkeypatch: pytest.MonkeyPatch) -> None:
    client = Client()
    token = serve(client)
    monkeypatch.setattr(tokens, "MAX_AGE", -1)
    response = client.post(item_url(), {**right_answer(), "token": token})
    assert response.status_code == 409
    html = response.content.decode()
    assert "shown too long ago" in html and 'name="token"' in html
    assert attempts(client) == 0


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"winner": "C", "gain": "1", "rubiconed": "no"},
        {"winner": "A", "gain": "lots", "rubiconed": "no"},
        {"winner": "A", "gain": "9" * 400, "rubiconed": "no"},
        {"winner": "A", "gain": "5"},
        {"winner": "<script>", "gain": "5", "rubiconed": "no"},
    ],
)
def test_malformed_answers_are_explained_in_place_and_not_counted(data: dict[str, str]) -> None:
    client = Client()
    token = serve(client)
    response = client.post(item_url(), {**data, "token": token})
    html = response.content.decode()
    assert response.status_code == 400
    assert 'class="form-error"' in html and "<script>" not in html.split("<main", 1)[1]
    partial = client.post(item_url(), {**data, "token": token}, headers={"HX-Request": "true"})
    assert partial.status_code == 200 and 'class="form-error"' in partial.content.decode()
    assert 'name="token" value="' + token in html, "the form can be corrected and sent again"
    assert attempts(client) == 0
    # and the corrected answer with the same form then counts
    client.post(item_url(), {**right_answer(), "token": token})
    assert attempts(client) == 1


def _fieldset(html: str, name: str) -> str:
    """The ``<fieldset>`` of field ``name`` in an item page or partial."""
    match = re.search(
        r'<fieldset[^>]*>(?:(?!</fieldset>).)*name="' + name + r'"(?:(?!</fieldset>).)*</fieldset>',
        html,
        re.S,
    )
    assert match, f"no fieldset for {name}"
    return match.group(0)


@pytest.mark.parametrize("htmx", [False, True])
def test_the_parts_a_refused_answer_got_wrong_are_marked_and_the_others_not(htmx: bool) -> None:
    client = Client()
    token = serve(client)
    headers = {"HX-Request": "true"} if htmx else {}
    html = client.post(
        item_url(), {"winner": "A", "token": token}, headers=headers
    ).content.decode()
    for name in ("gain", "rubiconed"):
        group = _fieldset(html, name)
        assert "drill-field--invalid" in group and "Answer this part." in group
        # the line is what describes the group (or the number box), and every control is marked
        assert re.search(r'aria-describedby="field-' + name + r"-error", group)
        controls = re.findall(r"<input[^>]*>", group)
        assert controls and all('aria-invalid="true"' in c for c in controls)
    winner = _fieldset(html, "winner")
    assert "aria-invalid" not in winner and "field-error" not in winner
    # a wrong value (not a missing one) is "checked", in German too
    client.cookies["django_language"] = "de"
    html = client.post(
        item_url(), {"winner": "A", "gain": "lots", "rubiconed": "no", "token": token}
    ).content.decode()
    gain = _fieldset(html, "gain")
    assert "Prüfe diese Teilfrage." in gain and 'aria-invalid="true"' in gain
    assert "aria-invalid" not in _fieldset(html, "rubiconed")
    assert attempts(client) == 0


def test_the_exchange_verdicts_details_are_lists_under_their_line() -> None:
    client = Client()
    url = reverse("practice:item", args=["piquet", "exchange", 3, "example"])
    page = client.get(url).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    html = client.post(url, {"discard": "AD QD JD", "token": token}).content.decode()
    reasons = html.split('<ul class="feedback-reasons">', 1)[1].split("</ul>\n", 1)[0]
    why = re.search(
        r"<li>Why the best discard is best:<ul class=\"feedback-subreasons\">(.*?)</ul></li>",
        reasons,
        re.S,
    )
    assert why and why.group(1).count("<li>") >= 2
    assert reasons.count('class="feedback-subreasons"') == 2


def test_a_card_field_with_too_many_cards_is_marked() -> None:
    drill = DRILLS["piquet.exchange"]
    item = drill.item("5", Level.EASY)
    spec = next(f for f in item.fields if f.name == "discard")
    client = Client()
    url = reverse("practice:item", args=["piquet", "exchange", 1, "5"])
    page = client.get(url).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    too_many = " ".join(c.code for c in spec.cards[: spec.high + 1])
    html = client.post(url, {"discard": too_many, "token": token}).content.decode()
    group = _fieldset(html, "discard")
    assert "Check this part." in group
    picks = re.findall(r"<input[^>]*>", group)
    assert len(picks) == len(spec.cards) and all('aria-invalid="true"' in p for p in picks)
    # no card at all is a part left empty
    html = client.post(url, {"token": token}).content.decode()
    assert "Answer this part." in _fieldset(html, "discard")


def test_htmx_answers_get_the_answer_partial_and_the_page_varies_on_it() -> None:
    client = Client()
    token = serve(client)
    response = client.post(
        item_url(), {**right_answer(), "token": token}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="answer-area"') and "<html" not in html
    assert "Right." in html
    assert "HX-Request" in response["Vary"]
    forged = client.post(
        item_url(), {**right_answer(), "token": "x"}, headers={"HX-Request": "true"}
    )
    assert forged.status_code == 200 and "does not belong" in forged.content.decode()


def test_item_pages_are_never_cached() -> None:
    response = Client().get(item_url())
    assert "no-store" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]


# --- progress, review, accounts -------------------------------------------------------------


def test_progress_page_shows_attempts_accuracy_streak_and_weak_rules() -> None:
    client = Client()
    for seed in ("1", "2", "3"):
        token = serve(client, 2, seed)
        client.post(item_url(2, seed), {**wrong_answer(2, seed), "token": token})
    token = serve(client, 2, "4")
    client.post(item_url(2, "4"), {**right_answer(2, "4"), "token": token})
    html = client.get(reverse("practice:progress")).content.decode()
    row = re.search(r"Partie and rubicon.*?</tr>", html, re.S)
    assert row is not None
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", row.group(0))
    assert cells[:4] == ["4", "25 %", "1", "1"]
    # and over every drill (a learner tester missed a total); one more answer in another drill
    answered = _answer_anything(client, reverse("practice:item", args=["besik", "melds", 1, "9"]))
    assert "Not quite." in answered or "Right." in answered
    html = client.get(reverse("practice:progress")).content.decode()
    total = re.search(r"<tfoot><tr><th scope=\"row\">All drills</th>(.*?)</tr></tfoot>", html)
    assert total is not None
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", total.group(1))
    right = 1 + int("Right." in answered)
    assert cells[:2] == ["5", f"{round(100 * right / 5)} %"]
    assert "Rules to look at again" in html and 'href="/rules/piquet/#' in html
    assert "Counted by rule, over every drill that asks about it" in html  # not per drill


def test_a_wrong_item_comes_back_for_review_when_its_box_is_due() -> None:
    client = Client()
    token = serve(client)
    answered_at = timezone.now()
    verdict = client.post(item_url(), {**wrong_answer(), "token": token}).content.decode()
    # the verdict says so (a learner tester found no word of it near the verdict)
    said = "This question comes back for another try in 10 minutes; your progress page lists it."
    assert said in verdict
    record = record_of(client)
    assert progress.due_reviews(record, answered_at + timedelta(minutes=9)) == []
    # the progress page says when it comes back (it said "after a while")
    waiting = client.get(reverse("practice:progress")).content.decode()
    assert re.search(
        r"Nothing is due now: 1 question you missed comes back in (9|10)\s+minutes\.", waiting
    )
    client.cookies["django_language"] = "de"
    german = client.get(reverse("practice:progress")).content.decode()
    assert re.search(
        r"Gerade ist nichts fällig: 1 falsch beantwortete Aufgabe kommt in (9|10)\s+Minuten wieder\.",
        german,
    )
    client.cookies["django_language"] = "en"
    later = answered_at + timedelta(minutes=11)
    due = progress.due_reviews(record, later)
    assert [(r.drill, r.seed, r.level) for r in due] == [(DRILL.key, SEED, 2)]
    # once it is due, the practice page and the home page offer it again
    session = client.session
    record["review"][0]["due"] = 946684800  # 2000-01-01
    session["practice"] = record
    session.save()
    for page in (reverse("practice:index"), reverse("home")):
        assert f'href="{item_url()}"' in client.get(page).content.decode(), page
    # answered right, it leaves the queue; a right answer is not told it comes back
    right = client.post(item_url(), {**right_answer(), "token": serve(client)}).content.decode()
    assert record_of(client)["review"] == []
    assert "comes back for another try" not in right


def test_the_home_page_suggests_the_least_practised_drill() -> None:
    client = Client()
    html = client.get(reverse("home")).content.decode()
    first = sorted(DRILLS.values(), key=lambda d: (d.game != "piquet", d.number))[0]
    # a newcomer is sent to the rules first, then to the first drill
    assert "New to the games? Start here:" in html
    rules = html.index('href="/rules/piquet/"')
    assert rules < html.index(
        reverse("practice:start", args=[first.game, first.key.split(".", 1)[1]])
    )
    assert "Practise next:" not in html
    client.post(item_url(), {**right_answer(), "token": serve(client)})  # one answer
    assert "Practise next:" in client.get(reverse("home")).content.decode()


def _suggested_after(level: int, answers: int, right: bool) -> str:
    """The level the drill's start suggests to a new learner after ``answers`` answers at
    ``level``, all right or all wrong: its address's level part."""
    client = Client()
    answer = right_answer if right else wrong_answer
    for seed in map(str, range(answers)):
        data = {**answer(level, seed), "token": serve(client, level, seed)}
        client.post(item_url(level, seed), data)
    start = client.get(reverse("practice:start", args=["piquet", "partie"]))
    return str(start["Location"]).split("/")[4]


def test_the_level_suggestion_follows_the_record() -> None:
    assert _suggested_after(1, 5, right=True) == "2"


def test_three_wrong_answers_suggest_an_easier_level_at_once() -> None:
    """Down after three wrong: it waited for five answers, two more at a level too hard."""
    assert _suggested_after(2, 3, right=False) == "1"
    assert _suggested_after(2, 2, right=False) == "2"  # two wrong of two: not yet


def test_anonymous_progress_joins_the_account_on_log_in_and_follows_it() -> None:
    User.objects.create_user("anna", password=PASSWORD)
    laptop = Client()
    for seed in ("1", "2"):
        laptop.post(item_url(2, seed), {**right_answer(2, seed), "token": serve(laptop, 2, seed)})
    assert attempts(laptop) == 2
    response = laptop.post(reverse("login"), {"username": "anna", "password": PASSWORD})
    assert response.status_code == 302
    row = ProgressRecord.objects.get(user__username="anna")
    assert row.data["drills"][DRILL.key]["attempts"] == 2
    assert "practice" not in laptop.session
    # a second device sees it, and its answers add to the same record
    phone = Client()
    phone.post(reverse("login"), {"username": "anna", "password": PASSWORD})
    phone.post(item_url(2, "3"), {**wrong_answer(2, "3"), "token": serve(phone, 2, "3")})
    html = phone.get(reverse("practice:progress")).content.decode()
    row_html = re.search(r"Partie and rubicon.*?</tr>", html, re.S)
    assert row_html is not None
    assert re.findall(r"<td[^>]*>([^<]*)</td>", row_html.group(0))[:2] == ["3", "67 %"]
    # logging out leaves the account's record alone and starts an empty one
    phone.post(reverse("logout"))
    assert (
        ProgressRecord.objects.get(user__username="anna").data["drills"][DRILL.key]["attempts"] == 3
    )
    assert attempts(phone) == 0


def test_a_form_served_before_log_in_still_counts_once_after_it() -> None:
    User.objects.create_user("anna", password=PASSWORD)
    client = Client()
    token = serve(client)
    client.post(item_url(), {**right_answer(), "token": token})
    client.post(reverse("login"), {"username": "anna", "password": PASSWORD})
    client.post(item_url(), {**right_answer(), "token": token})
    data = ProgressRecord.objects.get(user__username="anna").data
    assert data["drills"][DRILL.key]["attempts"] == 1


def test_an_answer_sent_after_logging_out_in_another_tab_is_told_where_it_counted() -> None:
    """A tester logged out in a second tab, then answered the question open in the first: it
    counted in the browser's new anonymous session without a word, the account unchanged."""
    User.objects.create_user("anna", password=PASSWORD)
    client = Client()
    client.post(reverse("login"), {"username": "anna", "password": PASSWORD})
    page = client.get(item_url(2, "5")).content.decode()
    assert 'name="served_to" value="account"' in page
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    client.post(reverse("logout"))  # the other tab
    answered = client.post(
        item_url(2, "5"), {**right_answer(2, "5"), "token": token, "served_to": "account"}
    ).content.decode()
    assert "You are logged out (in another tab or window)" in answered
    assert "joins your account when you log in here again" in answered
    assert attempts(client) == 1, "counted in this browser"
    # logged in, or never logged in: no such word
    fresh = Client()
    quiet = fresh.post(
        item_url(2, "6"), {**right_answer(2, "6"), "token": serve(fresh, 2, "6")}
    ).content.decode()
    assert "You are logged out" not in quiet
    assert 'name="served_to"' not in fresh.get(item_url(2, "7")).content.decode()


def test_merge_counts_an_item_answered_on_both_sides_once() -> None:
    now = progress._when("2026-01-01T00:00:00+00:00")
    account, session = progress.new_record(), progress.new_record()
    both = progress.Answered(DRILL.key, "1", 1, "piquet#partie", "n-both", True, {})
    progress.record_answer(account, both, now)
    progress.record_answer(session, both, now)
    progress.record_answer(
        session, progress.Answered(DRILL.key, "2", 1, "piquet#partie", "n-2", False, {}), now
    )
    merged = progress.merge(account, session)
    assert merged["drills"][DRILL.key]["attempts"] == 2
    assert merged["drills"][DRILL.key]["correct"] == 1
    assert merged["concepts"]["piquet#partie"]["box"] == 1
    assert len(merged["review"]) == 1


def test_merge_takes_a_question_answered_on_both_sides_out_of_its_area_and_level_too() -> None:
    """A learner tester: a question answered wrongly in the account and rightly on another
    device counted once in its drill ("1 · 0 %") but twice in its rule area ("50 % right of
    2"), with a best streak of 1 and no right answer."""
    now = progress._when("2026-01-01T00:00:00+00:00")
    account, session = progress.new_record(), progress.new_record()
    progress.record_answer(
        account, progress.Answered(DRILL.key, "7", 1, "piquet#partie", "n-both", False, {}), now
    )
    progress.record_answer(
        session, progress.Answered(DRILL.key, "7", 1, "piquet#partie", "n-both", True, {}), now
    )
    merged = progress.merge(account, session)
    drill = merged["drills"][DRILL.key]
    assert (drill["attempts"], drill["correct"], drill["best"]) == (1, 0, 0)
    area = merged["concepts"]["piquet#partie"]
    assert (area["attempts"], area["correct"]) == (1, 0)
    assert drill["levels"]["1"] == "0", "the level's last results hold it once"


def test_a_damaged_stored_record_is_replaced_not_a_500() -> None:
    client = Client()
    session = client.session
    session["practice"] = {"v": 1, "drills": "oops", "concepts": [], "review": 5, "seen": None}
    session.save()
    assert client.get(reverse("practice:progress")).status_code == 200
    assert client.get(reverse("home")).status_code == 200
    client.post(item_url(), {**right_answer(), "token": serve(client)})
    assert attempts(client) == 1


def test_a_rare_case_can_be_asked_for_and_the_replays_link_to_it() -> None:
    call_command("loaddata", str(settings.BASE_DIR / "fixtures" / "replays.json"), verbosity=0)
    client = Client()
    start = reverse("practice:start", args=["piquet", "counting"])
    response = client.get(start + "?case=repique&level=2")
    seed = re.fullmatch(r"/practice/piquet/counting/2/(\d{16})/", response["Location"])
    assert seed, "a number: the address does not say the case"
    assert seed_case(seed.group(1), DRILLS["piquet.counting"].cases) == "repique"
    odd = client.get(start + "?case=nonsense")
    assert re.fullmatch(r"/practice/piquet/counting/\d/\d+/", odd["Location"])
    html = client.get(reverse("replays:step", args=["piquet-example", 0])).content.decode()
    section = html.split('data-testid="not-in-example"', 1)[1].split("</section>", 1)[0]
    assert 'href="/practice/piquet/counting/?case=repique"' in section
    assert 'href="/practice/piquet/partie/?case=rubiconed"' in section


@pytest.mark.parametrize(
    ("path", "message", "link"),
    [
        ("/practice/piquet/counting/9/1/", "There is no such level.", "/practice/piquet/counting/"),
        (
            "/practice/piquet/counting/1/ABC!/",
            "There is no such question in this drill.",
            "/practice/piquet/counting/",
        ),
        ("/practice/piquet/nothing/", "There is no such drill.", "/practice/"),
    ],
)
def test_a_wrong_question_address_says_what_is_wrong_and_the_way_on(
    client: Client, settings: Any, path: str, message: str, link: str
) -> None:
    settings.DEBUG = False  # the site's own error page, as learners get it
    response = client.get(path)
    assert response.status_code == 404
    text = response.content.decode()
    assert message in text and f'href="{link}"' in text
    # Django's own 404s keep the general words: their messages are not for learners
    plain = client.get("/no/such/address/").content.decode()
    assert "There is no page at this address." in plain


def _answered(record: progress.Record, side: str, results: Sequence[bool], when: Any) -> None:
    """Partie questions answered on one ``side`` ("a": the account, "s": the session)."""
    for n, right in enumerate(results):
        answer = progress.Answered(
            DRILL.key, f"{side}{n}", 1, "piquet#partie", f"{side}-{n}", right, {}
        )
        progress.record_answer(record, answer, when)


@pytest.mark.parametrize(
    ("session_answers", "streak", "best"),
    [((True,), 3, 3), ((True, True), 4, 4), ((True, False), 0, 2), ((False, True), 1, 2)],
)
def test_merge_continues_the_accounts_streak_with_the_sessions_answers(
    session_answers: tuple[bool, ...], streak: int, best: int
) -> None:
    now = progress._when("2026-01-01T00:00:00+00:00")
    account, session = progress.new_record(), progress.new_record()
    _answered(account, "a", (True, True), now)  # two right answers on the account
    _answered(session, "s", session_answers, now)
    merged = progress.merge(account, session)["drills"][DRILL.key]
    assert (merged["streak"], merged["best"]) == (streak, best)


@pytest.mark.parametrize(
    ("account_answers", "streak", "best", "last"),
    [((True,), 3, 3, "1"), ((False,), 0, 2, "0"), ((False, True), 1, 2, "1")],
)
def test_merge_puts_the_later_answers_last_whichever_side_made_them(
    account_answers: tuple[bool, ...], streak: int, best: int, last: str
) -> None:
    """Last session's note: the merge took the browser's answers to come after the account's.
    A learner who answered in this browser, then on his phone (logged in), then logs in here
    has the phone's answers last: they continue the browser's run of right answers, or break
    it; the level's last results end with them."""
    early = progress._when("2026-01-01T00:00:00+00:00")
    later = progress._when("2026-01-02T00:00:00+00:00")
    account, session = progress.new_record(), progress.new_record()
    _answered(session, "s", (True, True), early)  # two right answers in the browser, first
    _answered(account, "a", account_answers, later)  # then on the account, a day later
    merged = progress.merge(account, session)["drills"][DRILL.key]
    assert (merged["streak"], merged["best"]) == (streak, best)
    assert merged["levels"]["1"].endswith(last) and merged["levels"]["1"].startswith("11")


def test_the_worked_examples_questions_are_told_apart_on_the_practice_page() -> None:
    text = Client().get(reverse("practice:index")).content.decode()
    rows = re.findall(r'<p class="drill-curated">(.*?)</p>', text, re.S)
    assert rows
    for row in rows:
        labels = re.findall(r"<a [^>]*>([^<]+)</a>", row)
        assert len(labels) == len(set(labels)), labels
    assert re.search(r">step \d+<", text), "a question named by its replay step"


@pytest.mark.parametrize(
    ("gain", "message"),
    [
        ("9" * 40, "is out of range"),
        ("١٠٠", "is not a whole number"),  # Arabic-Indic digits: int() took them as 100
        ("1_000", "is not a whole number"),
    ],
)
def test_numbers_are_western_digits_and_too_large_is_out_of_range(gain: str, message: str) -> None:
    client = Client()
    token = serve(client)
    response = client.post(item_url(), {**right_answer(), "gain": gain, "token": token})
    assert response.status_code == 400 and message in response.content.decode()
    assert attempts(client) == 0
    corrected = client.post(item_url(), {**wrong_answer(), "token": token})
    assert corrected.status_code == 200 and "Not quite." in corrected.content.decode()


def test_a_question_has_one_address() -> None:
    response = Client().get(item_url().replace("/partie/2/", "/partie/02/"))
    assert response.status_code == 301 and response["Location"] == item_url()


@pytest.mark.parametrize("seed", ["-1", "x" * 300, "1.5"])
def test_a_bad_question_number_behind_a_leading_zero_is_not_found(seed: str) -> None:
    """ "/02/-1/" was sent on to "/2/-1/" and the bad number raised there: a 500."""
    response = Client().get(f"/practice/piquet/partie/02/{seed}/")
    assert response.status_code == 404
    assert "There is no such question in this drill." in response.content.decode()


def _language_next(html: str) -> str:
    values = re.findall(r'name="next" value="([^"]*)" id="language-next"', html)
    assert values, "the page has the language switch's return address"
    return values[-1].replace("&amp;", "&")


@pytest.mark.parametrize("htmx", [False, True])
def test_switching_language_after_answering_keeps_the_verdict(htmx: bool) -> None:
    """The switches used to return to the question's address, which asks it afresh."""
    client = Client()
    token = serve(client)
    headers = {"HX-Request": "true"} if htmx else {}
    html = client.post(
        item_url(), {**wrong_answer(), "token": token}, headers=headers
    ).content.decode()
    back = _language_next(html)
    assert back.startswith(item_url() + "?answered=") and back.endswith("#answer-result")
    if htmx:  # the header is outside the swapped area: its inputs come out of band
        assert 'id="deck-next" hx-swap-oob="true"' in html
    before = record_of(client)
    client.cookies["django_language"] = "de"
    again = client.get(back.removesuffix("#answer-result"))
    german = again.content.decode()
    assert again.status_code == 200
    assert "Nicht ganz." in german and "Die sechs Spiele zusammengezählt" in german
    assert f'value="{wrong_answer()["gain"]}"' in german, "the learner's own answer is shown"
    assert 'name="token"' not in german, "nothing to send again"
    assert record_of(client) == before, "showing the verdict again counts nothing"
    assert _language_next(german) == back


def test_an_answered_address_of_someone_else_or_another_question_asks_afresh() -> None:
    client = Client()
    html = client.post(item_url(), {**right_answer(), "token": serve(client)}).content.decode()
    nonce = _language_next(html).split("answered=")[1].removesuffix("#answer-result")
    for who, url in (
        (Client(), f"{item_url()}?answered={nonce}"),  # another visitor: not in his record
        (client, f"{item_url(seed='4712')}?answered={nonce}"),  # another question
        (client, f"{item_url(level=1)}?answered={nonce}"),
        (client, f"{item_url()}?answered=nonsense"),
    ):
        page = who.get(url).content.decode()
        assert "Right." not in page and 'name="token"' in page, url


def test_one_card_is_chosen_with_radio_cards_and_each_field_is_described() -> None:
    """A field that takes exactly one card (a play problem's lead) is a radio group drawn as
    cards, a field of several cards checkboxes; each field's dialogue line and hint describe
    its group (``aria-describedby`` to elements of the page), so a screen reader hears what
    is answered."""
    client = Client()

    def page(drill: str, seed: str = "934105998") -> str:
        response = client.get(reverse("practice:item", args=["piquet", drill, 1, seed]))
        assert response.status_code == 200
        return response.content.decode()

    play = page("play")
    kinds = set(re.findall(r'<input class="card-pick-input" type="(\w+)"', play))
    assert kinds == {"radio"}, kinds
    exchange = page("exchange")
    assert set(re.findall(r'<input class="card-pick-input" type="(\w+)"', exchange)) == {"checkbox"}
    answering = page("answering", "594725306")
    described = 0
    for html in (play, exchange, answering):
        for ids in re.findall(r'<fieldset [^>]*aria-describedby="([^"]+)"', html):
            for one in ids.split():
                assert f'id="{one}"' in html, one
                described += 1
    # the dialogue line is what younger answers: it describes the group
    assert re.search(
        r'<fieldset [^>]*aria-describedby="field-point-say"[^>]*>\s*<legend>The point: your'
        r' answer</legend>\s*<p class="dialogue-line drill-say" id="field-point-say">',
        answering,
    )
    assert described >= 4
    # a number box is its group's one control: the question is said once (the box's label,
    # the legend hidden from screen readers), and the line it answers describes the box
    declaring = page("declaring", "1")
    box = re.search(
        r'<fieldset class="drill-field drill-field--number">\s*<legend aria-hidden="true">'
        r'And what do they make\?</legend>\s*<p class="dialogue-line drill-say" '
        r'id="field-point_value-say">[^<]+</p>\s*<label class="visually-hidden" '
        r'for="field-point_value">And what do they make\?</label><input [^>]*'
        r'aria-describedby="field-point_value-say"',
        declaring,
    )
    assert box, "the number box and its question"
    assert "<legend>" not in "".join(
        re.findall(r'drill-field--number"[^>]*>\s*<legend[^>]*>', declaring + play + exchange)
    )


def test_a_drill_shows_a_hand_as_a_player_holds_it_and_a_trick_as_played() -> None:
    """Hands and the cards to pick from are sorted as the games and the rules show them (by
    suit, highest first), whatever order the drill made them in; a trick keeps its order."""
    from django.utils import translation

    from cardtutor.engine.drills.base import ShowKind
    from cardtutor.practice.presentation import item_context
    from cardtutor.replays.table import sort_hand

    drill = DRILLS["piquet.exchange"]
    item = drill.item("3", Level.EASY)
    with translation.override("en"):
        context = item_context(drill, item, {})
    hand = next(s for s in item.shows if s.kind is ShowKind.CARDS)
    shown = [c["card"] for c in context["shows"][item.shows.index(hand)]["cards"]]
    assert shown == sort_hand(hand.cards, "piquet") != list(hand.cards)
    picks = [c["card"] for c in context["fields"][0]["cards"]]
    assert picks == sort_hand(item.fields[0].cards, "piquet")

    drill = DRILLS["besik.tricks"]
    for seed in range(200):
        item = drill.item(str(seed), Level.EASY)
        tricks = [s for s in item.shows if s.in_play_order]
        if tricks and list(tricks[0].cards) != sort_hand(tricks[0].cards, "besik"):
            break
    else:
        raise AssertionError("no trick out of hand order in 200 questions")
    with translation.override("en"):
        context = item_context(drill, item, {})
    shown = [c["card"] for c in context["shows"][item.shows.index(tricks[0])]["cards"]]
    assert shown == list(tricks[0].cards)


def test_a_table_of_five_columns_names_each_figure_for_a_phone() -> None:
    """A table of five columns or more is marked wide and each figure carries its column's
    name (a phone shows the rows as cards); a narrow table is left as it is."""
    from cardtutor.practice.widgets import show_html

    wide = {
        "kind": "table",
        "label": "Averages",
        "header": ["Discard", "Average", "Point", "Sequences", "Sets"],
        "rows": [["best: <x>", "+1.0", "+2.0", "-1.0", "0"]],
    }
    html = str(show_html(wide, "Bube", "en"))
    assert 'class="drill-table drill-table--wide"' in html
    assert '<td class="num" data-label="Average">+1.0</td>' in html
    assert '<td class="num" data-label="Sets">0</td>' in html
    assert "best: &lt;x&gt;" in html
    narrow = {**wide, "header": wide["header"][:3], "rows": [wide["rows"][0][:3]]}
    html = str(show_html(narrow, "Bube", "en"))
    assert "drill-table--wide" not in html and "data-label" not in html


def _answer_anything(client: Client, url: str) -> str:
    """Answer the question at ``url`` with the first choice offered in each field (or 1):
    the page with its verdict."""
    page = client.get(url).content.decode()
    answer: dict[str, str] = {}
    for tag in re.findall(r"<input [^>]*>", page):
        name = re.search(r'name="(\w+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and name.group(1) not in answer and name.group(1) != "csrfmiddlewaretoken":
            answer[name.group(1)] = value.group(1) if value and value.group(1) else "1"
    return client.post(url, answer).content.decode()


@pytest.mark.parametrize(
    ("game", "name", "case"),
    [
        ("piquet", "counting", "repique"),
        ("piquet", "declaring", "sinking"),
        ("piquet", "partie", "rubiconed"),
        ("besik", "melds", "four-jacks"),
    ],
)
def test_a_similar_question_of_a_rare_case_does_not_say_the_case_in_its_address(
    game: str, name: str, case: str
) -> None:
    """A learner tester: "Try a similar one" led to /practice/piquet/counting/2/repique-…/,
    and "repique" in the address is the answer. The address is now a number that still asks
    for the case."""
    drill = DRILLS[f"{game}.{name}"]
    client = Client()
    url = reverse("practice:item", args=[game, name, 3, f"{case}-5"])  # the older address
    html = _answer_anything(client, url)
    similar = re.search(rf'href="/practice/{game}/{name}/3/([\w-]+)/#question"', html)
    assert similar, "the verdict offers a similar question"
    assert re.fullmatch(r"\d{16}", similar.group(1)), similar.group(1)
    assert seed_case(similar.group(1), drill.kinds + drill.cases) == case
    assert case in drill.item(similar.group(1), Level.HARD).tags


def test_every_drills_case_and_kind_words_are_told_apart_in_a_case_seed() -> None:
    for drill in DRILLS.values():
        words = drill.kinds + drill.cases
        for word in words:
            assert seed_case(case_seed(word, 12345), words) == word, (drill.key, word)


@pytest.mark.parametrize("kind", ["winner", "playable", "augen", "score"])
def test_a_similar_question_of_a_drill_that_mixes_kinds_is_of_the_same_kind(kind: str) -> None:
    """The Besik trick drill asks four kinds of question: "try a similar one" after an Augen
    count is another Augen count, not a question of who wins a trick."""
    tricks = DRILLS["besik.tricks"]
    seed = next(
        str(n)
        for n in range(200)
        for item in [tricks.item(str(n), Level.MEDIUM)]
        if item.question["kind"] == kind and not set(tricks.cases) & item.tags
    )
    client = Client()
    url = reverse("practice:item", args=["besik", "tricks", 2, seed])
    html = _answer_anything(client, url)
    similar = re.search(r'href="/practice/besik/tricks/2/([\w-]+)/#question"', html)
    assert similar, "the verdict offers a similar question"
    assert seed_case(similar.group(1), tricks.kinds) == kind
    assert tricks.item(similar.group(1), Level.MEDIUM).question["kind"] == kind


def test_a_similar_question_to_a_sinking_question_asks_whether_sinking_pays() -> None:
    """Every plain question of the declaring drill's hard level asks whether sinking pays; its
    deal may also hold an equal point: "try a similar one" asks about sinking again, not about
    the equal point (a feature of that deal only)."""
    declaring = DRILLS["piquet.declaring"]
    seed = next(
        str(n)
        for n in range(50)
        for item in [declaring.item(str(n), Level.HARD)]
        if "equal-point" in item.tags and "sinking-question" in item.tags
    )
    client = Client()
    url = reverse("practice:item", args=["piquet", "declaring", 3, seed])
    html = _answer_anything(client, url)
    similar = re.search(r'href="/practice/piquet/declaring/3/([\w-]+)/#question"', html)
    assert similar, "the verdict offers a similar question"
    assert seed_case(similar.group(1), declaring.kinds) == "sinking-question"
    for level in Level:  # such a seed asks about sinking at any level
        assert "sinking-question" in declaring.item(similar.group(1), level).tags


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_exchange_verdict_folds_its_method_away_under_the_table(lang: str) -> None:
    """How the averages are made is some 190 words: on a phone it filled screens before the
    table. It now comes after the table, folded in a <details> that opens without a script."""
    client = Client(headers={"accept-language": lang})
    url = reverse("practice:item", args=["piquet", "exchange", 2, "example"])
    html = _answer_anything(client, url)
    summary = "How these figures are made" if lang == "en" else "Wie diese Zahlen entstehen"
    folded = re.search(
        r'<details class="feedback-method"><summary>([^<]+)</summary><p>([^<]+)</p></details>', html
    )
    assert folded and folded.group(1) == summary
    assert ("deals of the cards you" if lang == "en" else "Verteilungen der") in folded.group(2)
    reasons = re.search(r'<ul class="feedback-reasons">(.*?)</ul>\s*\n', html, re.S)
    assert reasons and folded.group(2) not in reasons.group(1), "not among the reasons"
    assert html.index('class="drill-table') < folded.start(), "after the table"
