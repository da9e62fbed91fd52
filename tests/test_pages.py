"""Every page renders in both languages, with the layout, and bad input is handled."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

PAGES = ["home", "practice:index", "rules", "deck", "replays:list"]


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize(
    ("lang", "nav", "footer"),
    [
        ("en", "Practice", "Sources:\n      <cite>“Piquet”</cite>"),
        ("de", "Üben", "Quellen:\n      <cite>„Piquet“</cite>"),
    ],
)
def test_every_page_in_both_languages(
    client: Client, name: str, lang: str, nav: str, footer: str
) -> None:
    client.cookies["django_language"] = lang
    response = client.get(reverse(name))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert nav in html
    assert footer in html
    assert response["Content-Language"] == lang
    # the glossary, the search and the cards are a link away from every page, in its footer
    foot = html.split('<footer class="site-footer">', 1)[1]
    for target in ("glossary", "search", "deck"):
        assert f'href="{reverse(target)}"' in foot


@pytest.mark.django_db
def test_home_introduces_both_games_and_links_every_area(client: Client) -> None:
    html = client.get("/").content.decode()
    for text in ("Rubicon Piquet", "Besik (Bezique)"):
        assert text in html
    for name in ("replays:list", "practice:index", "rules"):
        assert f'href="{reverse(name)}"' in html


@pytest.mark.django_db
def test_home_in_german(client: Client) -> None:
    client.cookies["django_language"] = "de"
    html = client.get("/").content.decode()
    assert "Lerne Piquet und Besik" in html
    assert 'aria-label="Pik-Dame"' in html


@pytest.mark.django_db
def test_accept_language_chooses_german_without_cookie(client: Client) -> None:
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
    assert response["Content-Language"] == "de"


@pytest.mark.django_db
def test_language_switch_persists_in_a_cookie_without_javascript(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "de", "next": "/rules/"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/"
    assert response.cookies["django_language"].value == "de"
    assert "Regeln" in client.get("/rules/").content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "Rules" in client.get("/rules/").content.decode()


@pytest.mark.django_db
def test_deck_switch_persists_and_marks_the_body(client: Client) -> None:
    assert 'class="deck-four-colour"' not in client.get("/").content.decode()
    response = client.post(reverse("set_deck"), {"deck": "four", "next": "/cards/"})
    assert response.status_code == 302 and response["Location"] == "/cards/"
    assert response.cookies["cardtutor_deck"].value == "four"
    html = client.get("/cards/").content.decode()
    assert '<body class="deck-four-colour"' in html
    assert 'aria-pressed="true" class="deck-toggle" data-testid="deck-toggle"' in html
    assert 'title="Diamonds in blue and clubs in green, so that no two suits look alike"' in html
    client.post(reverse("set_deck"), {"deck": "two", "next": "/"})
    assert '<body class="deck-four-colour"' not in client.get("/").content.decode()


@pytest.mark.django_db
def test_deck_switch_refuses_bad_input_and_foreign_redirects(client: Client) -> None:
    refused = client.post(reverse("set_deck"), {"deck": "rainbow"})
    assert refused.status_code == 400
    text = refused.content.decode()
    assert "Choose the two-colour or the four-colour deck" in text and 'class="site-nav"' in text
    response = client.post(reverse("set_deck"), {"deck": "four", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    assert client.get(reverse("set_deck")).status_code == 405


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "url", "allow"),
    [
        ("get", "/preferences/deck/", "POST"),
        ("get", "/play/new/", "POST"),
        ("put", "/replays/piquet-example/step/0/", "GET, HEAD"),
        ("delete", "/practice/", "GET, HEAD"),
    ],
)
def test_a_method_not_allowed_gets_a_page_saying_so(method: str, url: str, allow: str) -> None:
    """Django's 405 has an empty body: a learner saw a blank page."""
    client = Client()
    client.cookies["django_language"] = "de"
    response = getattr(client, method)(url)
    assert response.status_code == 405 and response["Allow"] == allow
    html = response.content.decode()
    assert "Diese Seite lässt sich so nicht öffnen" in html and 'class="site-nav"' in html
    # in words, not the request's method (a learner tester: "(GET)" is jargon)
    assert f"({method.upper()})" not in html
    if method == "get":
        assert "mit einer Schaltfläche auf einer Seite der Website" in html
    head = client.head("/play/new/")  # a HEAD's answer has no body, its 405 neither
    assert head.status_code == 405 and head.content == b""


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "title"), [("en", "Page not found"), ("de", "Seite nicht gefunden")]
)
def test_404_in_layout_and_language(client: Client, lang: str, title: str) -> None:
    client.cookies["django_language"] = lang
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert title in html and 'class="site-nav"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "title"), [("en", "Form expired"), ("de", "Formular abgelaufen")])
def test_csrf_failure_is_a_403_page_in_layout(lang: str, title: str) -> None:
    client = Client(enforce_csrf_checks=True)
    client.cookies["django_language"] = lang
    response = client.post(reverse("set_deck"), {"deck": "four"})
    assert response.status_code == 403
    html = response.content.decode()
    assert title in html and 'class="site-nav"' in html
    # a question's form posted with a dead token: a way back to it, not only to the home page
    response = client.post("/practice/piquet/partie/1/5/", {"gain": "3"})
    assert response.status_code == 403
    assert 'href="/practice/piquet/partie/1/5/"' in response.content.decode()


@pytest.mark.django_db
def test_a_form_from_another_site_is_not_called_expired() -> None:
    client = Client(enforce_csrf_checks=True)
    token = client.get("/").cookies["csrftoken"].value
    response = client.post(
        reverse("set_deck"),
        {"deck": "four", "csrfmiddlewaretoken": token},
        headers={"Origin": "https://evil.example"},
    )
    assert response.status_code == 403
    html = response.content.decode()
    assert "sent from another site" in html and "Form expired" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("view", "status", "en", "de"),
    [
        ("bad_request", 400, "Bad request", "Ungültige Anfrage"),
        ("permission_denied", 403, "Access denied", "Zugriff verweigert"),
        ("server_error", 500, "Server error", "Serverfehler"),
    ],
)
def test_error_pages_in_both_languages(rf, view: str, status: int, en: str, de: str) -> None:
    from django.utils import translation

    from cardtutor.core import views

    for lang, title in (("en", en), ("de", de)):
        request = rf.get("/")
        with translation.override(lang):
            handler = getattr(views, view)
            response = handler(request) if view == "server_error" else handler(request, None)
        assert response.status_code == status
        html = response.content.decode()
        assert title in html and 'class="site-nav"' in html


@pytest.mark.django_db
def test_an_exception_in_a_view_gives_the_500_page(client: Client, settings, monkeypatch) -> None:
    from cardtutor.rules import views

    def boom(request):
        raise RuntimeError("boom")

    monkeypatch.setattr(views, "render", lambda *a, **k: boom(None))
    client.raise_request_exception = False
    response = client.get("/rules/")
    assert response.status_code == 500
    assert "Server error" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["piquet", "besik"])
def test_rule_pages_have_a_section_for_every_engine_anchor(client: Client, game: str) -> None:
    from cardtutor.core.rules_text import rule_anchors

    anchors = rule_anchors(game)
    for lang in ("en", "de"):
        client.cookies["django_language"] = lang
        html = client.get(f"/rules/{game}/").content.decode()
        for anchor in anchors:
            assert f'id="{anchor}"' in html, anchor
