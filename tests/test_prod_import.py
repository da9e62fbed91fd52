"""The import, hardened: who may import or replace, the whole document against its schema,
odd JSON refused in words (form and command), reserved slugs, ``"version": true``."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import URLPattern, get_resolver

from cardtutor.replays import schemas
from cardtutor.replays.models import Annotation, Replay
from cardtutor.replays.transfer import (
    ReplayImportError,
    export_replay,
    import_replay,
    load_document,
)

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "replays.json"


@pytest.fixture
def replays(db) -> None:  # type: ignore[no-untyped-def]
    call_command("loaddata", str(FIXTURE), verbosity=0)


def _user(name: str, *perms: str, staff: bool = True) -> Client:
    user = User.objects.create_user(name, password="pw-123456", is_staff=staff)
    for perm in perms:
        user.user_permissions.add(Permission.objects.get(codename=perm))
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def _document(**changes: Any) -> dict[str, Any]:
    document = export_replay(Replay.objects.get(slug="besik-example"))
    document.update(changes)
    return document


def _post(client: Client, body: bytes | str, replace: bool = False):  # type: ignore[no-untyped-def]
    raw = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else body
    data: dict[str, Any] = {"file": SimpleUploadedFile("r.json", raw)}
    if replace:
        data["replace"] = "on"
    return client.post("/replays/import/", data)


def _snapshot() -> tuple[Any, ...]:
    return (
        sorted(Replay.objects.values_list("slug", "title_en", "updated")),
        Annotation.objects.count(),
    )


# -- permissions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("staff", "perms"),
    [(False, ()), (False, ("add_replay", "change_replay")), (True, ()), (True, ("change_replay",))],
)
def test_only_staff_with_the_add_permission_may_import(
    replays, staff: bool, perms: tuple[str, ...]
) -> None:
    client = _user("someone", *perms, staff=staff)
    before = _snapshot()
    page = client.get("/replays/import/")
    assert page.status_code == 403
    assert "Importing replays needs the permission to add replays." in page.content.decode()
    response = _post(client, json.dumps(_document(slug="new-one")))
    assert response.status_code == 403
    response = _post(client, json.dumps(_document(title={"en": "X", "de": "X"})), replace=True)
    assert response.status_code == 403
    assert _snapshot() == before


def test_visitors_are_sent_to_log_in(replays) -> None:
    response = Client().get("/replays/import/")
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")


def test_adding_does_not_allow_replacing(replays) -> None:
    client = _user("adder", "add_replay")
    before = _snapshot()
    changed = _document(title={"en": "Overwritten", "de": "Überschrieben"}, annotations=[])
    response = _post(client, json.dumps(changed), replace=True)
    assert response.status_code == 400
    assert "not replace them" in response.content.decode()
    assert _snapshot() == before
    response = _post(client, json.dumps(_document(slug="a-new-one")))
    assert response.status_code == 302
    assert Replay.objects.filter(slug="a-new-one").exists()


def test_replacing_needs_the_change_permission(replays) -> None:
    client = _user("editor", "add_replay", "change_replay")
    changed = _document(title={"en": "Overwritten", "de": "Überschrieben"})
    assert _post(client, json.dumps(changed), replace=True).status_code == 302
    assert Replay.objects.get(slug="besik-example").title_en == "Overwritten"


# -- odd JSON, in the form and the command ------------------------------------------------


def _odd_documents() -> list[tuple[str, str, str]]:
    good = json.dumps(_document(slug="odd-one"))
    return [
        ("big integer", good.replace('"version": 1', '"version": 1' + "0" * 5000, 1), "digits"),
        ("25 digits", good.replace('"version": 1', '"version": 1' + "0" * 24, 1), "digits"),
        ("NaN", good.replace('"version": 1', '"version": 1, "x": NaN', 1), "NaN"),
        ("Infinity", good.replace('"version": 1', '"version": 1, "x": -Infinity', 1), "Infinity"),
        ("1e999", good.replace('"version": 1', '"version": 1, "x": 1e999', 1), "too large"),
        (
            "surrogate",
            good.replace('"title": {"en": "', '"title": {"en": "\\ud800', 1),
            "surrogate",
        ),
        ("NUL", good.replace('"title": {"en": "', '"title": {"en": "\\u0000', 1), "NUL"),
        ("NUL key", good.replace('"title": {', '"title": {"\\u0000": 1, ', 1), "NUL"),
        ("deep", "[" * 100_000 + "]" * 100_000, "not valid JSON"),
        ("not UTF-8", "\udcff", "not UTF-8"),
    ]


@pytest.mark.parametrize("case", range(10))
def test_odd_json_is_refused_in_words_by_the_form(replays, case: int) -> None:
    name, body, message = _odd_documents()[case]
    client = _user("editor", "add_replay", "change_replay")
    before = _snapshot()
    raw = body.encode("utf-8", "surrogateescape") if name == "not UTF-8" else body
    response = _post(client, raw)
    assert response.status_code == 400, name
    html = response.content.decode()
    assert "Refused, nothing was stored" in html and message in html, (name, html[-2000:])
    assert "Traceback" not in html
    assert _snapshot() == before


@pytest.mark.parametrize("case", range(10))
def test_odd_json_is_refused_in_words_by_the_command(replays, tmp_path: Path, case: int) -> None:
    name, body, message = _odd_documents()[case]
    path = tmp_path / "odd.json"
    raw = body.encode("utf-8", "surrogateescape" if name == "not UTF-8" else "surrogatepass")
    path.write_bytes(raw)
    before = _snapshot()
    with pytest.raises(CommandError, match=message):
        call_command("import_replay", str(path), stdout=io.StringIO())
    assert _snapshot() == before


def test_values_no_database_can_hold_are_refused_also_when_passed_as_objects(replays) -> None:
    for value, message in (
        (float("nan"), "not a finite number"),
        (2**70, "past 64 bits"),
        ("a\x00b", "NUL"),
        ("\ud800", "surrogate"),
    ):
        document = _document(slug="odd-two")
        document["record"] = dict(document["record"], meta={"x": value})
        with pytest.raises(ReplayImportError, match=message):
            import_replay(document)
    assert not Replay.objects.filter(slug="odd-two").exists()


def test_load_document_reads_a_byte_order_mark_and_plain_json() -> None:
    assert load_document(b'\xef\xbb\xbf{"a": [1, 2.5, "x"]}') == {"a": [1, 2.5, "x"]}


# -- the schema: version, slugs, shapes the viewer cannot draw -----------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"version": True}, "Version true is not supported"),  # as the file writes it
        ({"version": 1.0}, "Version 1.0 is not supported"),
        ({"version": "1"}, 'Version "1" is not supported'),
        ({"slug": "import"}, "reserved"),
        ({"slug": "Not A Slug"}, "slug"),
        ({"slug": "x" * 51}, "slug"),
        ({"title": "just a string"}, "title"),
        ({"title": {"en": "", "de": "Titel"}}, "title.en"),
        ({"summary": {"en": 5}}, "summary.en"),
        ({"source": {"title": "t", "language": "de"}}, "text"),
        ({"unexpected": 1}, "unknown key 'unexpected'"),
        ({"record": []}, "record"),
        ({"annotations": [{"step": True}]}, "annotations[0].step"),
        ({"annotations": [{"step": 1, "commentary": "plain"}]}, "Step 1: commentary"),
        ({"annotations": [{"step": 1, "stated": {"totals": [1, 2]}}]}, "Step 1: stated.totals"),
        ({"seats": [{"seat": "A", "role": "elder"}, {"seat": "B"}]}, "seats[0].role"),
    ],
)
def test_the_whole_document_is_checked_against_the_schema(
    replays, changes: dict[str, Any], message: str
) -> None:
    before = _snapshot()
    with pytest.raises(ReplayImportError, match=message.replace("[", r"\[").replace("]", r"\]")):
        import_replay(_document(**changes), replace=True)
    assert _snapshot() == before


def test_a_document_missing_keys_names_them_all(replays) -> None:
    with pytest.raises(ReplayImportError, match="missing: 'slug', 'game', 'ruleset', 'title'"):
        import_replay({"format": "cardtutor-replay", "version": 1})


def test_reserved_slugs_are_exactly_our_fixed_addresses_under_replays() -> None:
    resolver = get_resolver()
    fixed = set()
    for pattern in resolver.url_patterns:
        if str(pattern.pattern) == "replays/":
            for sub in pattern.url_patterns:  # type: ignore[attr-defined]
                assert isinstance(sub, URLPattern)
                first = str(sub.pattern).split("/")[0]
                if first and "<" not in first:
                    fixed.add(first)
    assert fixed and fixed == set(schemas.RESERVED_SLUGS)


def test_a_reserved_slug_is_refused_by_the_model_too(replays) -> None:
    from django.core.exceptions import ValidationError

    replay = Replay.objects.get(slug="besik-example")
    replay.slug = "import"
    with pytest.raises(ValidationError, match="reserved"):
        replay.save()
    assert not Replay.objects.filter(slug="import").exists()


def test_the_schema_documents_every_key_export_writes(replays) -> None:
    document = export_replay(Replay.objects.get(slug="piquet-example"))
    assert set(document) == set(schemas.DOCUMENT["properties"])
    assert schemas.document_problems(document) == []


@pytest.mark.parametrize(("seed", "quoted"), [("42", "'42'"), (4.5, "4.5"), (True, "True")])
def test_a_besik_seed_that_is_not_a_whole_number_is_named(replays, seed: Any, quoted: str) -> None:
    """It said "a card list is malformed", about a deal that has no card list."""
    document = _document(slug="seeded")
    document["record"] = dict(
        document["record"], deal={"players": 2, "dealer": "B", "seed": seed}, actions=[]
    )
    client = _user("editor", "add_replay", "change_replay")
    response = _post(client, json.dumps(document))
    assert response.status_code == 400
    text = html.unescape(response.content.decode())
    assert f"'seed' must be a whole number, not {quoted}" in text, text[-1500:]
    assert "card list" not in text
    assert not Replay.objects.filter(slug="seeded").exists()


def test_a_downloaded_game_is_imported_through_the_form_under_a_slug_given_there(
    replays,
) -> None:
    """The file a learner downloads carries a slug kept for the learners' games: the form
    refused it, and the only way was to edit the file by hand."""
    document = _document(slug="game-0123456789abcdef")
    client = _user("editor", "add_replay", "change_replay")
    refused = _post(client, json.dumps(document))
    assert refused.status_code == 400
    assert "the form&#x27;s slug box" in refused.content.decode()
    upload = {"file": SimpleUploadedFile("g.json", json.dumps(document).encode())}
    response = client.post("/replays/import/", {**upload, "slug": "a-game-worth-showing"})
    assert response.status_code == 302 and response["Location"].endswith(
        "/replays/a-game-worth-showing/step/0/"
    )
    assert Replay.objects.filter(slug="a-game-worth-showing").exists()
    # a slug given in the form is checked as the file's is, and nothing is stored
    before = _snapshot()
    upload = {"file": SimpleUploadedFile("g.json", json.dumps(document).encode())}
    bad = client.post("/replays/import/", {**upload, "slug": "Not A Slug"})
    # (under the box, in words: it was the file's error, quoting a regular expression)
    assert bad.status_code == 400 and "A slug is lower-case letters" in bad.content.decode()
    assert _snapshot() == before


@pytest.mark.parametrize("pack", ["\u00b2", "\u0661", "\uff11"])
def test_a_pack_number_in_other_digits_is_refused_in_words(replays, pack: str) -> None:
    """An operator tester: "9C#²" (a superscript two) was a 500 (``str.isdigit`` is true for
    it, ``int`` refuses it), and "9C#١" (an Arabic-Indic one) was stored as typed."""
    document = _document(slug="odd-pack")
    actions = document["record"]["actions"]
    first = next(i for i, a in enumerate(actions) if a.get("type") == "play")
    card = actions[first]["card"]
    actions[first] = {**actions[first], "card": card.split("#")[0] + "#" + pack}
    client = _user("editor", "add_replay", "change_replay")
    before = _snapshot()
    response = _post(client, json.dumps(document))
    assert response.status_code == 400
    text = html.unescape(response.content.decode())
    assert "is not a card code" in text, text[-1500:]
    assert _snapshot() == before
