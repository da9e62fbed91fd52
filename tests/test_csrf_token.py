"""The pages' CSRF tokens (cardtutor/core/csrf.py): made faster than Django's, checked by
Django's own middleware."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from django.conf import settings
from django.middleware.csrf import CSRF_ALLOWED_CHARS
from django.test import Client

from cardtutor.core.csrf import random_chars
from tests.test_practice import item_url, right_answer

pytestmark = pytest.mark.django_db

ITEM = item_url()


def _unmask_cipher_token(token: str) -> str:
    """The secret under a masked token, as Django's middleware reads it (its private function)."""
    from django.middleware import csrf

    unmask: Any = getattr(csrf, "_unmask_cipher_token")  # noqa: B009 (private: not in the stubs)
    return str(unmask(token))


def _form_tokens(html: str) -> set[str]:
    return set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html))


def _answer_form(html: str) -> dict[str, str]:
    """The item's right answer, with the form token of the page that served it."""
    token = re.search(r'name="token" value="([^"]+)"', html)
    assert token is not None
    return {"token": token.group(1), **right_answer()}


def test_a_new_visitor_gets_a_secret_cookie_and_a_form_token_that_django_accepts() -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get(ITEM)
    secret = page.cookies[settings.CSRF_COOKIE_NAME].value
    assert len(secret) == 32 and set(secret) <= set(CSRF_ALLOWED_CHARS)
    (token,) = _form_tokens(page.content.decode())  # one token for all the page's forms
    assert len(token) == 64 and _unmask_cipher_token(token) == secret
    answered = client.post(
        ITEM, {"csrfmiddlewaretoken": token, **_answer_form(page.content.decode())}
    )
    assert answered.status_code == 200
    assert "Right" in answered.content.decode()


def test_every_page_hides_the_same_secret_under_a_new_mask() -> None:
    client = Client(enforce_csrf_checks=True)
    first = client.get(ITEM)
    secret = first.cookies[settings.CSRF_COOKIE_NAME].value
    tokens = [_form_tokens(client.get(ITEM).content.decode()).pop() for _ in range(5)]
    assert len(set(tokens)) == 5
    assert {_unmask_cipher_token(t) for t in tokens} == {secret}
    # the cookie is kept, not replaced, by the pages that follow
    assert client.cookies[settings.CSRF_COOKIE_NAME].value == secret


def test_a_token_changed_by_one_character_is_refused_by_django() -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get(ITEM).content.decode()
    token = _form_tokens(page).pop()
    last = CSRF_ALLOWED_CHARS[(CSRF_ALLOWED_CHARS.index(token[-1]) + 1) % 62]
    refused = client.post(ITEM, {"csrfmiddlewaretoken": token[:-1] + last, **_answer_form(page)})
    assert refused.status_code == 403


def test_template_pages_carry_a_token_that_django_accepts() -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get("/accounts/login/")
    secret = page.cookies[settings.CSRF_COOKIE_NAME].value
    tokens = _form_tokens(page.content.decode())
    assert tokens and {_unmask_cipher_token(t) for t in tokens} == {secret}
    deck = client.post("/preferences/deck/", {"csrfmiddlewaretoken": tokens.pop(), "deck": "four"})
    assert deck.status_code == 302


def test_random_characters_are_uniform() -> None:
    # Reducing a byte modulo 62 without throwing any away would make the first eight
    # characters a quarter likelier than the others (5 bytes in 256 each, not 4).
    counts = Counter(random_chars(124_000))
    assert set(counts) == set(CSRF_ALLOWED_CHARS)
    first, rest = CSRF_ALLOWED_CHARS[:8], CSRF_ALLOWED_CHARS[8:]
    first_mean = sum(counts[c] for c in first) / len(first)
    rest_mean = sum(counts[c] for c in rest) / len(rest)
    assert 0.94 < first_mean / rest_mean < 1.06  # 2000 per character: a 25 % bias is far out
