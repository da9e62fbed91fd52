"""On log-out, a word on the page that follows: it said nothing, and the progress page then
showed zeros, as if the account's progress were gone."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver
from django.utils.translation import gettext as _


@receiver(user_logged_out, dispatch_uid="accounts-said-on-logout")
def say_logged_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if request is not None and user is not None:
        messages.info(
            request,
            _(
                "You are logged out. Your progress and your games are kept in your account "
                "for your next log-in."
            ),
        )
