"""Fuzzing (hypothesis, bounded): every URL parameter and every POST form with generated
input. Never a 500; a refusal (any 4xx) changes nothing stored.

The forms are read from the pages themselves (field names, the values offered), so a field
added to a form is fuzzed without touching this file: drill answers, game moves, the import,
log-in and sign-up, and the language and deck switches.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "replays.json"

FUZZ = settings(
    max_examples=30,
    deadline=None,
    derandomize=True,  # the same inputs on every run: a failure is reproducible
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
OK_STATUSES = {200, 204, 301, 302, 303, 304, 400, 403, 404, 405, 409, 410, 413, 429}

# Text that breaks naive code: markup, quotes, NUL, surrogate-free odd Unicode, long runs.
ODD_TEXT = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            " ",
            "0",
            "-1",
            "1e999",
            "NaN",
            "99999999999999999999999",
            "<script>alert(1)</script>",
            "'\"><b>",
            "%00",
            "\x00",
            "../../etc/passwd",
            "//evil.example",
            "javascript:alert(1)",
            "A" * 5000,
            "Ä€😀",
            "[]",
            "{}",
            "null",
        ]
    ),
)


@pytest.fixture
def replays(db) -> None:  # type: ignore[no-untyped-def]
    call_command("loaddata", str(FIXTURE), verbosity=0)


def snapshot() -> tuple[Any, ...]:
    """Everything stored that a request could change."""
    from django.apps import apps

    counts = tuple(
        (model._meta.label, model.objects.count())
        for model in apps.get_models()
        if model._meta.app_label in {"replays", "practice", "games", "auth"}
    )
    from cardtutor.replays.models import Annotation, Replay

    replays = tuple(Replay.objects.order_by("pk").values_list("pk", "slug", "updated"))
    notes = tuple(Annotation.objects.order_by("pk").values_list("pk", "commentary_en"))
    extra: tuple[Any, ...] = ()
    try:
        from cardtutor.games.models import Game

        extra = tuple(Game.objects.order_by("pk").values_list("pk", "record", "updated"))
    except ImportError:  # pragma: no cover
        pass
    return counts, replays, notes, extra


def check(response: Any, before: tuple[Any, ...], what: str) -> None:
    assert response.status_code != 500, what
    assert response.status_code in OK_STATUSES, (what, response.status_code)
    if response.status_code >= 400:
        assert snapshot() == before, f"a refusal changed what is stored: {what}"


class _Forms(HTMLParser):
    """The POST forms of a page: action, and per field the values the page offers."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._current: dict[str, Any] | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "get").lower() == "post":
            self._current = {"action": a.get("action", ""), "fields": {}}
            self.forms.append(self._current)
        elif self._current is not None and a.get("name"):
            fields = self._current["fields"]
            if tag in ("input", "button", "textarea"):
                fields.setdefault(a["name"], []).append(a.get("value", ""))
            elif tag == "select":
                self._select = a["name"]
                fields.setdefault(a["name"], [])
        if tag == "option" and self._current is not None and self._select:
            self._current["fields"][self._select].append(a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._current = None
        elif tag == "select":
            self._select = None


def post_forms(html: str) -> list[dict[str, Any]]:
    parser = _Forms()
    parser.feed(html)
    return [f for f in parser.forms if f["action"]]


# The generated material is drawn in a fixed shape (so hypothesis can replay and shrink it
# even when a page's forms change between runs, e.g. a game the computer played differently),
# then mapped onto whatever form the page offers.
MATERIAL = st.tuples(
    st.lists(st.integers(0, 2**16), min_size=48, max_size=48),
    st.lists(ODD_TEXT, min_size=12, max_size=12),
)


def form_data(
    material: tuple[list[int], list[str]], fields: dict[str, list[str]]
) -> dict[str, Any]:
    """For each field: one of its offered values, several of them, odd text, or nothing;
    and sometimes a field the form does not have."""
    numbers, texts = material
    data: dict[str, Any] = {}
    for i, (name, offered) in enumerate(sorted(fields.items())):
        if name == "csrfmiddlewaretoken":
            continue
        roll, pick = numbers[(2 * i + 2) % 48], numbers[(2 * i + 3) % 48]
        choice = roll % 5
        if choice == 0 or not offered:
            data[name] = texts[i % 12]
        elif choice in (1, 3):
            data[name] = offered[pick % len(offered)]
        elif choice == 2:
            data[name] = [offered[(pick + k) % len(offered)] for k in range(pick % 6)]
        # choice 4: the field is left out
    if numbers[1] % 2:
        data["x" + str(numbers[1] % 97)] = texts[-1]
    return data


def fuzz_forms_of(
    client: Client, url: str, data: st.DataObject, skip: tuple[str, ...] = ()
) -> None:
    response = client.get(url, follow=True)
    assert response.status_code == 200, url
    forms = [f for f in post_forms(response.content.decode()) if not f["action"].startswith(skip)]
    assert forms, f"no POST form on {url}"
    material = data.draw(MATERIAL, label="material")
    form = forms[material[0][0] % len(forms)]
    payload = form_data(material, form["fields"])
    headers = {"HTTP_HX_REQUEST": "true"} if material[0][47] % 2 else {}
    before = snapshot()
    answer = client.post(form["action"], payload, **headers)
    check(answer, before, f"POST {form['action']} {payload!r}")


# -- URL parameters -------------------------------------------------------------------------

SEGMENT = ODD_TEXT.map(lambda s: quote(s, safe=""))


@FUZZ
@given(data=st.data())
def test_url_parameters(client: Client, replays, data: st.DataObject) -> None:
    from cardtutor.engine.drills import DRILLS

    drills = [f"/practice/{d.game}/{d.key.split('.', 1)[1]}/" for d in DRILLS.values()]
    value = data.draw(SEGMENT, label="value")
    number = data.draw(st.integers(-5, 10**12), label="number")
    url = data.draw(
        st.sampled_from(
            [
                f"/replays/piquet-example/step/{number % 40}/?seat={value}",
                f"/replays/besik-example/step/{number % 120}/?seat={value}",
                f"/replays/?game={value}",
                f"/replays/{value}/step/{abs(number)}/",
                f"/replays/piquet-example/goto/?step={value}&seat={value}",
                f"/replays/piquet-example/goto/?step={number}",
                f"/replays/{value}/export.json",
                f"/replays/{value}/advice/",
                f"/rules/{value}/",
                f"/practice/?x={value}",
                f"/practice/progress/?game={value}",
                f"/play/{value}/",
                f"/play/?page={value}",
                f"/?next={value}",
                f"/accounts/login/?next={value}",
                *[f"{d}?level={value}&case={value}" for d in drills],
                *[f"{d}{number % 5}/{value}/" for d in drills],
                *[f"{d}{number}/{abs(number)}/" for d in drills],
            ]
        ),
        label="url",
    )
    headers = {"HTTP_HX_REQUEST": "true"} if data.draw(st.booleans(), label="htmx") else {}
    before = snapshot()
    response = client.get(url, **headers)
    check(response, before, f"GET {url}")


# -- POST forms -------------------------------------------------------------------------------


@FUZZ
@given(data=st.data())
def test_drill_answers(client: Client, replays, data: st.DataObject) -> None:
    from cardtutor.engine.drills import DRILLS

    drill = data.draw(st.sampled_from(sorted(DRILLS.values(), key=lambda d: d.key)), label="drill")
    level = data.draw(st.integers(1, 3), label="level")
    seed = data.draw(st.integers(1, 10**6), label="seed")
    url = f"/practice/{drill.game}/{drill.key.split('.', 1)[1]}/{level}/{seed}/"
    fuzz_forms_of(client, url, data, skip=("/i18n/", "/preferences/", "/accounts/logout/"))


@FUZZ
@given(data=st.data())
def test_language_deck_and_page_forms(client: Client, replays, data: st.DataObject) -> None:
    url = data.draw(
        st.sampled_from(["/", "/replays/piquet-example/step/5/", "/practice/", "/cards/"]),
        label="page",
    )
    fuzz_forms_of(client, url, data)


@FUZZ
@given(data=st.data())
def test_log_in_and_sign_up(client: Client, replays, settings, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    url = data.draw(st.sampled_from(["/accounts/login/", "/accounts/signup/"]), label="page")
    fuzz_forms_of(client, url, data)


def _game_kinds() -> list[str]:
    try:
        from cardtutor.games import service
    except ImportError:  # pragma: no cover
        return []
    return sorted(service.KINDS)


@FUZZ
@given(data=st.data())
def test_game_moves(client: Client, replays, fixed_game_seed, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    kinds = _game_kinds()
    if not kinds:
        pytest.skip("no games yet")
    # A fixed deal, so the forms drawn from do not change between runs of one example.
    fixed_game_seed(20261126)
    response = client.get("/play/")
    forms = [f for f in post_forms(response.content.decode()) if f["action"].endswith("/new/")]
    assert forms, "no form to start a game"
    fields = {k: v for k, v in forms[0]["fields"].items() if k != "csrfmiddlewaretoken"}
    start = {name: values[0] for name, values in fields.items() if values}
    start["kind"] = data.draw(st.sampled_from(kinds), label="kind")
    response = client.post(forms[0]["action"], start)
    assert response.status_code in (302, 303), response.status_code
    game_url = response["Location"]
    for _move in range(3):
        fuzz_forms_of(client, game_url, data, skip=("/i18n/", "/preferences/", "/play/new/"))


@FUZZ
@given(data=st.data())
def test_import(client: Client, replays, django_user_model, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    from cardtutor.replays.models import Replay
    from cardtutor.replays.transfer import export_replay

    if not hasattr(test_import, "document"):
        test_import.document = export_replay(Replay.objects.get(slug="besik-example"))  # type: ignore[attr-defined]
    user = django_user_model.objects.filter(username="fuzz").first()
    if user is None:
        user = django_user_model.objects.create_superuser("fuzz", password="fuzz-pw-123456")
    client.force_login(user)
    document = json.loads(json.dumps(test_import.document))  # type: ignore[attr-defined]
    document["slug"] = "fuzzed"
    # Change one place of the document to generated JSON.
    path = data.draw(
        st.sampled_from(
            [
                ("version",),
                ("slug",),
                ("game",),
                ("title",),
                ("title", "en"),
                ("seats",),
                ("seats", 0, "role"),
                ("record", "meta"),
                ("record", "actions"),
                ("annotations",),
                ("annotations", 0, "stated"),
                ("annotations", 0, "notes"),
                ("annotations", 0, "step"),
                ("source", "gloss"),
            ]
        ),
        label="where",
    )
    leaf = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=True, allow_infinity=True),
        ODD_TEXT,
    )
    value = data.draw(
        st.recursive(
            leaf,
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.text(max_size=5), inner, max_size=4)
            ),
            max_leaves=12,
        ),
        label="value",
    )
    target: Any = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        body = json.dumps(document, allow_nan=True).encode("utf-8", "surrogatepass")
    except (ValueError, TypeError):
        body = b"{}"
    if data.draw(st.booleans(), label="garble"):
        cut = data.draw(st.integers(0, len(body)), label="cut")
        body = body[:cut] + data.draw(st.binary(max_size=8), label="junk") + body[cut:]
    upload = SimpleUploadedFile("fuzz.json", body, content_type="application/json")
    fields: dict[str, Any] = {"file": upload}
    if data.draw(st.booleans(), label="replace"):
        fields["replace"] = "on"
    before = snapshot()
    response = client.post("/replays/import/", fields)
    assert response.status_code in (400, 302), response.status_code
    if response.status_code == 400:  # refused in the form
        assert (
            "Refused, nothing was stored" in response.content.decode()
            or "valid JSON" in response.content.decode()
        )
        assert snapshot() == before
    else:
        Replay.objects.filter(slug="fuzzed").delete()
