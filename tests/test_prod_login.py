"""Log-in, hardened: the admin's log-in is throttled like the learners' (django-axes), says
so clearly, logs the failures, and a refused ``next`` lands on a page that exists. Behind
nginx the throttle counts the client's address, not the proxy's."""

from __future__ import annotations

import logging

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "rubicon-piquet-1911"


@pytest.fixture(autouse=True)
def fast_hasher(settings) -> None:  # type: ignore[no-untyped-def]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def admin_user() -> User:
    return User.objects.create_superuser("boss", password=PASSWORD)


def admin_login(client: Client, password: str, next_url: str = "", **extra: str):  # type: ignore[no-untyped-def]
    data = {"username": "boss", "password": password}
    if next_url:
        data["next"] = next_url
    return client.post("/admin/login/", data, REMOTE_ADDR="10.1.2.3", **extra)


@pytest.mark.parametrize(
    "target", ["//evil.example", "//evil.example/x", "https://evil.example/", "javascript:alert(1)"]
)
def test_a_refused_next_after_admin_log_in_lands_on_a_page_that_exists(
    admin_user: User, target: str
) -> None:
    client = Client()
    response = admin_login(client, PASSWORD, target)
    assert response.status_code == 302
    location = response["Location"]
    assert "evil" not in location and not location.startswith("javascript")
    assert client.get(location).status_code == 200


def test_a_safe_next_after_admin_log_in_is_followed(admin_user: User) -> None:
    response = admin_login(Client(), PASSWORD, "/admin/replays/replay/")
    assert response.status_code == 302 and response["Location"] == "/admin/replays/replay/"


def test_admin_log_in_is_throttled_logged_and_says_why(admin_user: User, settings, caplog) -> None:  # type: ignore[no-untyped-def]
    client = Client()
    with caplog.at_level(logging.WARNING, logger="axes"):
        for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
            assert admin_login(client, "wrong").status_code == 200
        assert admin_login(client, "wrong").status_code == 429
    assert any("login failure" in r.getMessage().lower() for r in caplog.records)
    assert AccessAttempt.objects.filter(failures_since_start__gte=settings.AXES_FAILURE_LIMIT)
    response = admin_login(client, PASSWORD)  # even the right password waits now
    assert response.status_code == 429
    html = response.content.decode()
    assert "Too many attempts" in html and "minutes" in html
    assert "_auth_user_id" not in client.session


def test_the_lockout_message_is_in_german_too(admin_user: User, settings) -> None:  # type: ignore[no-untyped-def]
    client = Client()
    client.cookies["django_language"] = "de"
    for _attempt in range(settings.AXES_FAILURE_LIMIT):
        admin_login(client, "wrong")
    html = admin_login(client, PASSWORD).content.decode()
    assert "Too many attempts" not in html and "Minuten" in html


def test_without_a_proxy_a_forged_x_real_ip_does_not_escape_the_lock(
    admin_user: User, settings
) -> None:  # type: ignore[no-untyped-def]
    settings.BEHIND_PROXY = False
    for i in range(settings.AXES_FAILURE_LIMIT):
        admin_login(Client(), "wrong", HTTP_X_REAL_IP=f"192.0.2.{i}")
    assert admin_login(Client(), PASSWORD, HTTP_X_REAL_IP="192.0.2.99").status_code == 429


def test_behind_nginx_each_client_address_is_counted_apart(admin_user: User, settings) -> None:  # type: ignore[no-untyped-def]
    settings.BEHIND_PROXY = True
    for _attempt in range(settings.AXES_FAILURE_LIMIT):
        admin_login(Client(), "wrong", HTTP_X_REAL_IP="192.0.2.1")
    assert admin_login(Client(), PASSWORD, HTTP_X_REAL_IP="192.0.2.1").status_code == 429
    # another learner behind the same proxy is not locked out by the first one's failures
    assert admin_login(Client(), PASSWORD, HTTP_X_REAL_IP="192.0.2.2").status_code == 302
