"""The sign-up form: a user name and a password, nothing else (no e-mail needed)."""

from __future__ import annotations

from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User


class SignUpForm(UserCreationForm[User]):
    """Django's own form (user name, password twice, the password validators)."""
