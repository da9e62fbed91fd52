"""The log-in and sign-up forms: a user name and a password, nothing else (no e-mail needed).

Django's own forms, with the site's words: Django's stock German for a failed log-in ("Bitte
Benutzername und Passwort eingeben") reads as if a field were empty, and its password help
speaks of "personal information" this form never asks for.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import password_validation
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext


class NameLengthChecked(AuthenticationForm):
    """No log-in attempt for a user name longer than any user's: ``AuthenticationForm`` sets
    the field's ``max_length`` after building it, which adds no check, so the attempt went to
    ``authenticate`` and django-axes stored the name in its 255-character column (a 500 on
    PostgreSQL from 256 characters on; SQLite stored it whole). Refused as a form error,
    nothing is written."""

    def clean_username(self) -> str:
        username = str(self.cleaned_data.get("username") or "")
        limit = User._meta.get_field("username").max_length or 150
        if len(username) > limit:
            raise ValidationError(
                _("No user name is longer than %(limit)d characters: this one has %(length)d."),
                code="max_length",
                params={"limit": limit, "length": len(username)},
            )
        return username


class AdminLoginForm(NameLengthChecked, AdminAuthenticationForm):
    """The admin's log-in (also throttled by django-axes), with the same check."""


class LoginForm(NameLengthChecked):
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "The user name or the password is wrong. Both are case-sensitive (Aa is not aa)."
        ),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].error_messages["required"] = _("Please type your user name.")
        self.fields["password"].error_messages["required"] = _("Please type your password.")

    def get_invalid_login_error(self) -> ValidationError:
        """The wrong-password message, and before the last attempt django-axes allows, the
        warning that the next wrong one locks logging in (it came without one). The failure
        just made is counted already (axes counts it on the ``user_login_failed`` signal,
        which ``authenticate`` sends before this is raised)."""
        error = super().get_invalid_login_error()
        if self.request is None:
            return error
        from axes.handlers.proxy import AxesProxyHandler  # type: ignore[import-untyped]

        username = self.cleaned_data.get("username") or ""
        failures = AxesProxyHandler.get_failures(self.request, {"username": username})
        if failures == settings.AXES_FAILURE_LIMIT - 1:
            minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
            warning = ngettext(
                "One more wrong attempt locks logging in for this user name from here for "
                "%(minutes)d minute.",
                "One more wrong attempt locks logging in for this user name from here for "
                "%(minutes)d minutes.",
                minutes,
            ) % {"minutes": minutes}
            return ValidationError([error, ValidationError(warning, code="last_attempt")])
        return error


# The password validators' words, by their codes, in the site's voice (Django's German is
# impersonal, "Bitte sicherstellen, dass …", where the site says "du").
_PASSWORD_WORDS = {
    "password_too_similar": _("The password is too like your user name."),
    "password_too_short": _("The password is too short: at least %(min_length)d characters."),
    "password_too_common": _("This password is too common: many people use it."),
    "password_entirely_numeric": _("The password is only digits: add letters."),
}


RESERVED_NAMES = frozenset(
    {"admin", "administrator", "root", "staff", "support", "cardtutor", "moderator", "system"}
)
"""User names nobody may sign up with: they would pass for the site's own."""


_LOOKALIKES = str.maketrans(
    {
        # Cyrillic and Greek letters drawn as Latin ones, digits read as letters
        "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "і": "i", "ј": "j",
        "к": "k", "ӏ": "l", "м": "m", "п": "n", "о": "o", "р": "p", "ԛ": "q", "г": "r",
        "ѕ": "s", "т": "t", "у": "y", "х": "x", "ԝ": "w",
        "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
        "τ": "t", "υ": "u", "χ": "x",
        "0": "o", "1": "i", "3": "e", "5": "s",
    }
)  # fmt: skip


def looks_like(name: str) -> str:
    """What a user name reads as: folded (case, compatibility forms such as fullwidth
    letters), lookalike letters and digits as the Latin letters they pass for, the punctuation
    a name may hold at either end dropped.

    >>> [looks_like(n) for n in ("Admin", "Аdmin", "ＡＤＭＩＮ", "r00t", "_staff_", "anna")]
    ['admin', 'admin', 'admin', 'root', 'staff', 'anna']
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    return folded.translate(_LOOKALIKES).strip("@.+-_")


class SignUpForm(UserCreationForm[User]):
    """Django's own form (user name, password twice, the password validators)."""

    error_messages = {
        **UserCreationForm.error_messages,
        "password_mismatch": _("The two passwords are not the same."),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # labels as on the log-in page, with no colon
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("User name")
        self.fields["username"].help_text = _(
            "Up to 150 characters: letters, digits and @ . + - _ only."
        )
        self.fields["password1"].label = _("Password")
        self.fields["password1"].help_text = _(
            "At least 8 characters; not only digits, not a common password, and not like your "
            "user name."
        )
        self.fields["password2"].label = _("The password again")
        self.fields["password2"].help_text = _("The same password, to be sure it is typed right.")
        # Django's words for a wrong user name, in the site's (codes of its field and
        # validators; "unique" of the model's check): "Enter a valid username" under the
        # label "User name", and impersonal German
        self.fields["username"].error_messages.update(
            required=_("Please choose a user name."),
            invalid=_("A user name may hold letters, digits and @ . + - _ only (no spaces)."),
            max_length=_("At most %(limit_value)d characters, please (this has %(show_value)d)."),
            unique=_("This user name is taken: please choose another."),
        )
        self.fields["password1"].error_messages["required"] = _("Please choose a password.")
        self.fields["password2"].error_messages["required"] = _("Please type the password again.")

    def clean_username(self) -> str:
        """Django's checks, and no name that would pass for the site's own (a learner named
        "admin" or "cardtutor" could be taken for us), in any case and spelling."""
        name = str(super().clean_username())
        if looks_like(name) in RESERVED_NAMES:
            raise ValidationError(
                _("This user name is kept for the site: please choose another."), code="reserved"
            )
        return name

    def validate_password_for_user(self, user: Any, **kwargs: Any) -> None:
        """The validators' verdict on the password (too short, too common, only digits) goes
        under the password, the field it is about; Django puts it under the repetition."""
        password = self.cleaned_data.get("password1")
        if not password:
            return
        try:
            password_validation.validate_password(password, user)
        except ValidationError as error:
            self.add_error("password1", [_in_our_words(e) for e in error.error_list])

    def full_clean(self) -> None:
        """After a refused sign-up the focus goes to the first field in error (Django's form
        puts it on the user name, which may be right while the passwords are not)."""
        super().full_clean()
        wrong = self.fields_in_error
        if wrong:
            for field in self.fields.values():
                field.widget.attrs.pop("autofocus", None)
            self.fields[wrong[0]].widget.attrs["autofocus"] = True

    @property
    def fields_in_error(self) -> list[str]:
        """The names of the fields with an error, in the form's order."""
        return [name for name in self.fields if name in self.errors]


def _in_our_words(error: ValidationError) -> ValidationError:
    """A password validator's error in the site's words, where it has them (a validator the
    settings add later keeps its own)."""
    words = _PASSWORD_WORDS.get(error.code or "")
    if words is None:
        return error
    return ValidationError(words, code=error.code, params=error.params)
