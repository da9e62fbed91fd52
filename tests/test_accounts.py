"""Accounts: sign up, log in, log out, throttled log-in, safe redirects, both languages."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "piquet-rubicon-1911"


@pytest.fixture(autouse=True)
def fast_hasher(settings) -> None:  # type: ignore[no-untyped-def]
    """The default hasher is slow by design; these tests are about the flow, not the hash."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def learner() -> User:
    return User.objects.create_user("anna", password=PASSWORD)


def login(client: Client, username: str, password: str, **extra: str):  # type: ignore[no-untyped-def]
    return client.post(
        reverse("login"),
        {"username": username, "password": password, **extra},
        REMOTE_ADDR="10.0.0.7",
    )


def test_sign_up_creates_the_account_and_logs_in() -> None:
    client = Client()
    response = client.post(
        reverse("signup"),
        {"username": "bert", "password1": PASSWORD, "password2": PASSWORD, "next": "/replays/"},
    )
    assert response.status_code == 302
    assert response["Location"] == "/replays/"
    user = User.objects.get(username="bert")
    assert client.session["_auth_user_id"] == str(user.pk)
    assert not user.email


def test_sign_up_errors_come_back_in_the_form() -> None:
    response = Client().post(
        reverse("signup"), {"username": "bert", "password1": PASSWORD, "password2": "other"}
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "The two passwords are not the same." in page
    assert not User.objects.filter(username="bert").exists()
    # said at the top, and the focus is on the field in error, not on the user name
    assert re.search(r'role="alert"><p>The account was not created: please check the field', page)
    assert '<label for="id_password2">The password again</label>' in page  # as on log-in
    autofocus = re.findall(r"<input[^>]*\bautofocus\b[^>]*>", page)
    assert len(autofocus) == 1 and 'name="password2"' in autofocus[0], autofocus


def test_a_wrong_password_is_called_wrong_in_both_languages(learner: User) -> None:
    client = Client()
    response = client.post(reverse("login"), {"username": "anna", "password": "not-it-123"})
    assert response.status_code == 200
    assert "The user name or the password is wrong." in response.content.decode()
    client.cookies["django_language"] = "de"
    response = client.post(reverse("login"), {"username": "anna", "password": "not-it-123"})
    assert "Benutzername oder Passwort ist falsch." in response.content.decode()
    signup = client.get(reverse("signup")).content.decode()
    assert "persönlichen Informationen" not in signup and "Mindestens 8 Zeichen" in signup


@pytest.mark.parametrize(("username", "password"), [("   ", PASSWORD), ("", ""), ("anna", "")])
def test_an_empty_log_in_field_says_so_under_it(
    learner: User, username: str, password: str
) -> None:
    """A user name of spaces passes the browser's "required" check: the server's "this field
    is required" must show, under the field whose widget points to it."""
    client = Client()
    client.cookies["django_language"] = "de"
    page = login(client, username, password).content.decode()
    for name, empty in (("username", not username.strip()), ("password", not password)):
        field = re.search(r'<input[^>]*name="' + name + r'"[^>]*>', page)
        assert field
        if empty:
            assert 'aria-describedby="id_' + name + '_error"' in field.group(0)
            error = re.search(r'<ul class="errorlist" id="id_' + name + r'_error">(.*?)</ul>', page)
            said = {
                "username": "Bitte gib deinen Benutzernamen ein.",
                "password": "Bitte gib dein Passwort ein.",
            }
            assert error and said[name] in error.group(1)
        else:
            assert "aria-invalid" not in field.group(0)


def test_a_weak_password_is_refused_under_the_password_not_its_repetition() -> None:
    page = (
        Client()
        .post(
            reverse("signup"),
            {"username": "bert", "password1": "12345678", "password2": "12345678"},
        )
        .content.decode()
    )
    errors = re.search(r'<ul class="errorlist" id="id_password1_error">(.*?)</ul>', page, re.S)
    assert errors and "The password is only digits: add letters." in errors.group(1)
    assert "id_password2_error" not in page
    autofocus = re.findall(r"<input[^>]*\bautofocus\b[^>]*>", page)
    assert len(autofocus) == 1 and 'name="password1"' in autofocus[0]
    assert not User.objects.filter(username="bert").exists()


def test_sign_up_refuses_a_taken_name(learner: User) -> None:
    response = Client().post(
        reverse("signup"), {"username": "anna", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 200
    assert User.objects.filter(username="anna").count() == 1


@pytest.mark.parametrize(
    "name",
    # a Cyrillic "А", fullwidth letters and digits for letters passed (a learner tester)
    ["admin", "Admin", "ADMINISTRATOR", "cardtutor", "_root_", "\u0410dmin", "ＳＴＡＦＦ", "r00t"],
)
def test_sign_up_refuses_a_name_that_would_pass_for_the_site(name: str) -> None:
    response = Client().post(
        reverse("signup"), {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 200
    assert "This user name is kept for the site" in response.content.decode()
    assert not User.objects.exists()
    fine = {"username": "adminton", "password1": PASSWORD, "password2": PASSWORD}
    assert Client().post(reverse("signup"), fine).status_code == 302


def test_log_in_and_out(learner: User) -> None:
    client = Client()
    response = login(client, "anna", PASSWORD, next="/rules/")
    assert response.status_code == 302 and response["Location"] == "/rules/"
    assert client.session["_auth_user_id"] == str(learner.pk)
    assert client.get(reverse("logout")).status_code == 405  # log-out is a POST (CSRF-safe)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
    # the page that follows says so, once (it said nothing: a learner tester thought the
    # progress gone when the progress page showed zeros)
    home = client.get(response["Location"]).content.decode()
    assert (
        '<div class="site-note" role="status"><p>You are logged out. Your progress and your games are kept in your account for your next log-in.</p></div>'
        in home
    )
    assert "You are logged out" not in client.get(response["Location"]).content.decode()


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"]
)
def test_next_never_leaves_the_site(learner: User, target: str) -> None:
    response = login(Client(), "anna", PASSWORD, next=target)
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    response = Client().post(
        reverse("signup"),
        {"username": "carl", "password1": PASSWORD, "password2": PASSWORD, "next": target},
    )
    assert response["Location"] == "/"


def test_a_wrong_password_is_refused_in_words_in_german(learner: User) -> None:
    client = Client()
    client.cookies["django_language"] = "de"
    response = login(client, "anna", "wrong")
    assert response.status_code == 200
    assert "Benutzername" in response.content.decode() or "Passwort" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_repeated_failures_lock_the_name_then_even_the_right_password_waits(
    learner: User, settings
) -> None:  # type: ignore[no-untyped-def]
    client = Client()
    warning = "One more wrong attempt locks logging in for this user name from here for 15 minutes."
    for attempt in range(1, settings.AXES_FAILURE_LIMIT):
        response = login(client, "anna", "wrong")
        assert response.status_code == 200
        page = response.content.decode()
        assert "The user name or the password is wrong." in page
        # warned before the last attempt allowed, not before (a learner tester was locked
        # out without a word)
        assert (warning in page) == (attempt == settings.AXES_FAILURE_LIMIT - 1), attempt
    assert login(client, "anna", "wrong").status_code == 429  # the last failure allowed
    response = login(client, "anna", PASSWORD)
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session
    # Another learner from the same address is not locked out by anna's failures.
    User.objects.create_user("bert", password=PASSWORD)
    assert login(Client(), "bert", PASSWORD).status_code == 302


def test_a_success_resets_the_failure_count(learner: User, settings) -> None:  # type: ignore[no-untyped-def]
    client = Client()
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        login(client, "anna", "wrong")
    assert login(client, "anna", PASSWORD).status_code == 302
    client.post(reverse("logout"))
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        login(client, "anna", "wrong")
    assert login(client, "anna", PASSWORD).status_code == 302


def test_pages_render_in_both_languages() -> None:
    for lang, word in (("en", "Log in"), ("de", "Anmelden")):
        client = Client()
        client.cookies["django_language"] = lang
        for name in ("login", "signup"):
            response = client.get(reverse(name))
            assert response.status_code == 200
        assert word in client.get(reverse("login")).content.decode()


def test_the_header_names_the_signed_in_learner_and_no_one_else(learner: User, settings) -> None:  # type: ignore[no-untyped-def]
    from django.core.management import call_command

    settings.DEBUG = False  # the replay pages are cached outside debug mode
    call_command("loaddata", "fixtures/replays.json", verbosity=0)
    url = reverse("replays:step", args=["piquet-example", 3])
    signed_in = Client()
    signed_in.force_login(learner)
    page = signed_in.get(url).content.decode()
    assert "anna" in page and reverse("logout") in page
    # the name leads to the progress page (a learner tester found it only from the drills)
    assert (
        '<a class="account-name" href="/practice/progress/">anna'
        '<span class="visually-hidden">: your progress</span></a>'
    ) in page
    anonymous = Client().get(url).content.decode()
    assert "anna" not in anonymous and reverse("logout") not in anonymous
    assert reverse("login") in anonymous


@pytest.mark.parametrize(
    ("data", "field", "english", "german"),
    [
        (
            {"username": "a" * 151},
            "username",
            "At most 150 characters, please (this has 151).",
            "Bitte höchstens 150 Zeichen (dieser hat 151).",
        ),
        (
            {"username": "anna maria"},
            "username",
            "A user name may hold letters, digits and @ . + - _ only (no spaces).",
            "Ein Benutzername darf nur Buchstaben, Ziffern und @ . + - _ enthalten (keine "
            "Leerzeichen).",
        ),
        (
            {"username": "ANNA"},
            "username",
            "This user name is taken: please choose another.",
            "Diesen Benutzernamen gibt es schon: Bitte wähle einen anderen.",
        ),
        (
            {"username": "bertholdine", "password1": "bertholdine1", "password2": "bertholdine1"},
            "password1",
            "The password is too like your user name.",
            "Das Passwort ähnelt deinem Benutzernamen zu sehr.",
        ),
        (
            {"username": "bert", "password1": "", "password2": ""},
            "password1",
            "Please choose a password.",
            "Bitte wähle ein Passwort.",
        ),
    ],
)
def test_a_refused_sign_up_says_why_in_the_sites_words(
    learner: User, data: dict[str, str], field: str, english: str, german: str
) -> None:
    """A learner tester: Django's own messages, impersonal in German („Bitte sicherstellen,
    dass …“, „Das Passwort ist zu ähnlich zu Benutzername.“), "Enter a valid username" under
    the label "User name"."""
    form = {"password1": PASSWORD, "password2": PASSWORD, **data}
    for lang, words in (("en", english), ("de", german)):
        client = Client()
        client.cookies["django_language"] = lang
        page = client.post(reverse("signup"), form).content.decode()
        errors = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', page, re.S)
        assert errors and words in html.unescape(errors.group(1)), (lang, page[-3000:])
    assert User.objects.count() == 1


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_a_user_name_longer_than_any_is_refused_before_it_is_counted(path: str) -> None:
    """A learner tester's finding: a 256-character name was a 500 on PostgreSQL (django-axes
    stored the failed attempt's name in a 255-character column); SQLite stored it whole."""
    from axes.models import AccessAttempt  # type: ignore[import-untyped]

    client = Client()
    for lang, said in (
        ("en", "No user name is longer than 150 characters: this one has 300."),
        ("de", "Kein Benutzername ist länger als 150 Zeichen: dieser hat 300."),
    ):
        client.cookies["django_language"] = lang
        response = client.post(
            path, {"username": "b" * 300, "password": "x"}, REMOTE_ADDR="10.0.0.8"
        )
        assert response.status_code == 200
        assert said in html.unescape(response.content.decode()), lang
    assert not AccessAttempt.objects.exists(), "nothing was written"
    # a name of the longest length is tried (and counted) as ever
    login(client, "c" * 150, "x")
    assert AccessAttempt.objects.count() == 1


def test_the_header_s_log_in_comes_back_to_the_page_it_was_chosen_on(learner: User) -> None:
    """A learner tester logged in from a question and landed on the home page."""
    client = Client()
    page = client.get("/glossary/?q=x").content.decode()
    assert 'href="/accounts/login/?next=/glossary/%3Fq%3Dx"' in page
    login_page = client.get("/accounts/login/?next=/glossary/%3Fq%3Dx").content.decode()
    assert 'name="next" value="/glossary/?q=x"' in login_page
    # the sign-up page's own "Log in" keeps it too (it dropped it)
    signup = client.get("/accounts/signup/?next=/glossary/").content.decode()
    assert 'href="/accounts/login/?next=/glossary/"' in signup
    assert 'href="/accounts/login/?next=/accounts/' not in signup
    # nor to the log-out address (a POST: opened, it is a 405)
    assert "?next=/accounts/" not in client.get("/accounts/logout/").content.decode()
    response = login(client, "anna", PASSWORD, next="/glossary/?q=x")
    assert response.status_code == 302 and response["Location"] == "/glossary/?q=x"


def test_a_try_while_locked_out_does_not_start_the_wait_again(learner: User, settings) -> None:  # type: ignore[no-untyped-def]
    """A learner tester: every try during the lock, the right password too, set the failure's
    time anew, so "wait 15 minutes" was never true for one who tried again meanwhile."""
    from axes.models import AccessAttempt  # type: ignore[import-untyped]

    client = Client()
    for _attempt in range(settings.AXES_FAILURE_LIMIT):
        login(client, "anna", "wrong")
    locked_at = AccessAttempt.objects.get(username="anna").attempt_time
    assert login(client, "anna", "wrong").status_code == 429
    assert login(client, "anna", PASSWORD).status_code == 429
    assert AccessAttempt.objects.get(username="anna").attempt_time == locked_at


def test_a_sign_up_form_from_a_second_tab_after_signing_up_goes_on() -> None:
    """An operator tester: signed up in one tab, the sign-up form of another said "Form
    expired … Nothing was changed" (signing up logs in, which changes the form token)."""
    client = Client(enforce_csrf_checks=True)
    page = client.get("/accounts/signup/?next=/practice/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    form = {
        "username": "bert",
        "password1": PASSWORD,
        "password2": PASSWORD,
        "next": "/practice/",
        "csrfmiddlewaretoken": token.group(1),
    }
    first = client.post("/accounts/signup/", form)
    assert first.status_code in (302, 303), first.status_code
    second = client.post("/accounts/signup/", {**form, "username": "bert2"})
    assert second.status_code == 303 and second["Location"] == "/practice/"
    assert not User.objects.filter(username="bert2").exists()


def test_a_log_in_form_from_a_second_tab_after_logging_in_goes_on(learner: User) -> None:
    """A learner tester logged in from one tab, then sent the log-in form of another: "Form
    expired" (logging in changes the form token), as if logging in had failed."""
    client = Client(enforce_csrf_checks=True)
    page = client.get("/accounts/login/?next=/rules/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    form = {"username": "anna", "password": PASSWORD, "next": "/rules/"}
    first = client.post("/accounts/login/", {**form, "csrfmiddlewaretoken": token.group(1)})
    assert first.status_code == 302
    second = client.post("/accounts/login/", {**form, "csrfmiddlewaretoken": token.group(1)})
    assert second.status_code == 303 and second["Location"] == "/rules/"
    # not logged in, an expired form is still refused as such
    stranger = Client(enforce_csrf_checks=True)
    stranger.get("/accounts/login/")
    refused = stranger.post("/accounts/login/", {**form, "csrfmiddlewaretoken": "x" * 64})
    assert refused.status_code == 403
