"""Bad input gets a clear answer and the right status, never a 500, and loses nothing."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from cardtutor.engine.errors import EngineError
from cardtutor.replays.models import Annotation, Replay
from cardtutor.replays.timeline import check_record
from cardtutor.replays.transfer import ReplayImportError, export_replay, import_replay

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "replays.json"


@pytest.fixture
def replays(db) -> None:
    call_command("loaddata", str(FIXTURE), verbosity=0)


@pytest.mark.parametrize(
    ("method", "url", "status"),
    [
        ("get", "/replays/piquet-example/step/99999999999999999999/", 404),
        ("get", "/replays/piquet-example/step/33/", 404),
        ("get", "/replays/piquet-example/step/5/?seat=%3Cscript%3E", 404),
        ("get", "/replays/piquet-example/step/5/?seat=Z", 404),
        ("get", "/replays/piquet-example/step/5/?seat=" + "A" * 5000, 404),
        ("get", "/replays/piquet-example/step/5/?seat=", 200),
        ("get", "/replays/piquet-example/step/5/?seat=all", 200),
        ("get", "/replays/piquet-example/step/05/", 301),
        ("get", "/replays/no-such/step/0/", 404),
        ("get", "/replays/%E2%9C%93/step/0/", 404),
        ("get", "/replays/?game=%00", 200),
        ("get", "/replays/no-such/export.json", 404),
        ("post", "/replays/piquet-example/step/1/", 405),
        ("head", "/replays/piquet-example/step/1/", 200),
        ("head", "/", 200),
        ("get", "/rules/chess/", 404),
        ("get", "/rules/piquet/", 200),
        ("post", "/preferences/deck/", 400),
        ("get", "/i18n/setlang/", 302),
        ("get", "/replays/import/", 302),
    ],
)
def test_odd_requests_get_the_right_status(
    client: Client, replays, method: str, url: str, status: int
) -> None:
    response = getattr(client, method)(url)
    assert response.status_code == status


@pytest.mark.parametrize("language", ["xx", "fr", "", "de-at"])
def test_a_language_the_site_does_not_speak_is_refused_and_changes_nothing(
    client: Client, replays, language: str
) -> None:
    """Django's own view stored "fr" (it has a French translation) and said nothing."""
    client.cookies["django_language"] = "de"
    response = client.post("/i18n/setlang/", {"language": language, "next": "/"})
    assert response.status_code == 400
    assert "Wähle English oder Deutsch; es wurde nichts geändert." in response.content.decode()
    assert client.cookies["django_language"].value == "de"
    assert client.get("/")["Content-Language"] == "de"
    switched = client.post("/i18n/setlang/", {"language": "en", "next": "/rules/"})
    assert switched.status_code == 302 and switched["Location"] == "/rules/"
    assert client.get("/")["Content-Language"] == "en"


def test_mutated_records_are_refused_with_an_engine_error(replays) -> None:
    """A small fuzz of the engines through the replay check: only EngineError may escape."""
    rng = random.Random(20261122)
    values = [None, 0, -1, 2**70, "", "x", "QS", "QS#9", "10H", [], {}, [1], True, 1.5, "A", "Z"]
    records = {r.game: r.record for r in Replay.objects.all()}

    def mutate(obj: object) -> None:
        if isinstance(obj, dict) and obj:
            key = rng.choice(list(obj))
            roll = rng.random()
            if roll < 0.3:
                obj[key] = copy.deepcopy(rng.choice(values))
            elif roll < 0.4:
                del obj[key]
            else:
                mutate(obj[key])
        elif isinstance(obj, list) and obj:
            i = rng.randrange(len(obj))
            roll = rng.random()
            if roll < 0.3:
                obj[i] = copy.deepcopy(rng.choice(values))
            elif roll < 0.4:
                del obj[i]
            elif roll < 0.5:
                obj.insert(i, copy.deepcopy(obj[rng.randrange(len(obj))]))
            else:
                mutate(obj[i])

    refused = 0
    for _ in range(300):
        game = rng.choice(sorted(records))
        record = copy.deepcopy(records[game])
        for _ in range(rng.randint(1, 3)):
            mutate(record)
        try:
            check_record(game, record)
        except EngineError as err:
            assert err.render("de") and str(err)
            refused += 1
    assert refused > 100


def _staff_client(django_user_model) -> Client:
    """A staff user who may import and replace replays (see tests/test_prod_import.py)."""
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("staff", password="pw-123456"))
    return client


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "not valid JSON"),
        (b"\xff\xfe", "not valid JSON"),
        (b"{}", "format"),
        (b"null", "one JSON object"),
        (json.dumps({"format": "cardtutor-replay", "version": 1}).encode(), "title"),
    ],
)
def test_bad_uploads_are_answered_in_the_form_and_store_nothing(
    replays, django_user_model, content: bytes, message: str
) -> None:
    client = _staff_client(django_user_model)
    counts = (Replay.objects.count(), Annotation.objects.count())
    upload = SimpleUploadedFile("replay.json", content, content_type="application/json")
    response = client.post("/replays/import/", {"file": upload})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert (Replay.objects.count(), Annotation.objects.count()) == counts


def test_oversized_upload_is_refused(replays, django_user_model) -> None:
    client = _staff_client(django_user_model)
    upload = SimpleUploadedFile("big.json", b" " * (2 * 1024 * 1024 + 1))
    response = client.post("/replays/import/", {"file": upload})
    assert response.status_code == 400
    assert "too large" in response.content.decode()


def test_forged_import_without_csrf_token_is_refused(replays, django_user_model) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(
        django_user_model.objects.create_user("s", password="pw-123456", is_staff=True)
    )
    data = export_replay(Replay.objects.get(slug="besik-example"))
    data["title"]["en"] = "Forged"
    upload = SimpleUploadedFile("r.json", json.dumps(data).encode())
    response = client.post("/replays/import/", {"file": upload, "replace": "on"})
    assert response.status_code == 403
    assert Replay.objects.get(slug="besik-example").title_en != "Forged"


def test_import_of_a_record_for_the_wrong_seats_is_refused(replays) -> None:
    data = export_replay(Replay.objects.get(slug="piquet-example"))
    data["seats"] = [{"seat": "X"}, {"seat": "Y"}]
    with pytest.raises(ReplayImportError, match="seats"):
        import_replay(data, replace=True)


def test_a_huge_query_is_not_repeated_in_the_header_s_switches(client: Client) -> None:
    """The language and deck forms return to the page's address: a query of thousands of
    fields was written into both (a 400 page of 100 kB)."""
    fields = "&".join(f"a{i}=1" for i in range(1500))
    response = client.get(f"/search/?{fields}")
    assert response.status_code == 400
    assert len(response.content) < 40_000
    assert 'name="next" value="/search/"' in response.content.decode()
    modest = client.get("/search/?q=quint").content.decode()
    assert 'name="next" value="/search/?q=quint"' in modest


@pytest.mark.django_db
def test_too_many_fields_is_one_log_line_without_a_traceback(client: Client) -> None:
    """A hand-made form of 1500 fields gets its 400; the console log says why (Django's
    security message, under its logger's name) without the traceback Django attaches."""
    import io
    import logging

    console = next(h for h in logging.getLogger().handlers if isinstance(h, logging.StreamHandler))
    caught = io.StringIO()
    old = console.setStream(caught)
    try:
        response = client.post(
            "/practice/piquet/partie/1/5/",
            "&".join(f"f{n}=1" for n in range(1500)),
            content_type="application/x-www-form-urlencoded",
        )
    finally:
        console.setStream(old)
    assert response.status_code == 400
    log = caught.getvalue()
    assert "exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS" in log
    assert "Traceback" not in log


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("head", "/accounts/signup/", 200),  # GET works, so HEAD does (it was 405)
        ("head", "/accounts/login/", 200),
        ("put", "/accounts/login/", 405),  # a form view took PUT as POST
        ("delete", "/accounts/login/", 405),
        ("put", "/i18n/setlang/", 405),  # (it redirected)
        ("delete", "/i18n/setlang/", 405),
    ],
)
def test_methods_a_page_does_not_take_are_405(method: str, path: str, status: int) -> None:
    assert getattr(Client(), method)(path).status_code == status


def test_control_characters_typed_are_not_written_into_the_page(client: Client) -> None:
    """An operator tester: "\\x00\\x1b[31m" sent as a card came back raw in the page
    ("“\\0” is not a card."), as in the go-to-step box."""
    url = "/practice/piquet/exchange/1/1/"
    page = client.get(url).content.decode()
    answer = {
        name: value
        for name, value in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page)
    }
    answer["discard"] = "\x00\x1b[31m"
    answered = client.post(url, answer)
    text = answered.content.decode()
    assert answered.status_code == 400
    assert "\x00" not in text and "\x1b" not in text
    assert "\ufffd\ufffd[31m" in text, text[-3000:]


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("application/x-www-form-urlencoded; charset=latin-1", "a=1"),
        ("multipart/form-data", "--x\r\nbroken"),
    ],
)
def test_a_body_django_cannot_read_is_one_log_line(
    client: Client, content_type: str, body: str
) -> None:
    """An operator tester: a form body not in UTF-8, or multipart without its boundary, got
    its 400 but wrote a traceback of 20 lines to the log (README: one line, no traceback)."""
    import io
    import logging

    console = next(h for h in logging.getLogger().handlers if isinstance(h, logging.StreamHandler))
    caught = io.StringIO()
    old = console.setStream(caught)
    try:
        response = client.post("/practice/piquet/partie/1/5/", body, content_type=content_type)
    finally:
        console.setStream(old)
    assert response.status_code == 400
    log = caught.getvalue()
    assert "Traceback" not in log
    assert len(log.strip().splitlines()) == 1, log
    assert "must be UTF-8 encoded" in log or "Invalid boundary in multipart" in log, log


def test_an_answer_sent_as_json_is_told_to_use_the_form(client: Client) -> None:
    """A tester posted a JSON answer, its token included: "This answer does not belong to a
    question we gave you" (400), which blamed the token."""
    url = "/practice/piquet/partie/1/5/"
    page = client.get(url).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token
    response = client.post(
        url, json.dumps({"token": token.group(1), "winner": "A"}), content_type="application/json"
    )
    assert response.status_code == 415
    text = response.content.decode()
    assert "was not sent as the question&#x27;s form sends it" in text or (
        "was not sent as the question's form sends it" in text
    )
    assert "does not belong to a question we gave you" not in text
