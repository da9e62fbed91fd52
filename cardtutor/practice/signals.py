"""On log-in (and sign-up, which logs in), the session's practice record joins the account's."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from cardtutor.practice.store import merge_session_into_account


@receiver(user_logged_in, dispatch_uid="practice-merge-on-login")
def merge_on_login(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if request is not None:
        merge_session_into_account(request, user)
