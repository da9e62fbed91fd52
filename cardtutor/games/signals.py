"""On log-in (and sign-up), the session's games become the account's."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver


@receiver(user_logged_in, dispatch_uid="games-claim-on-login")
def claim_on_login(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    from cardtutor.games.models import Game
    from cardtutor.games.views import SESSION_OWNER

    if request is None or not hasattr(request, "session"):
        return
    token = request.session.get(SESSION_OWNER)
    if isinstance(token, str) and token:
        Game.objects.filter(user__isnull=True, owner_token=token).update(user=user, owner_token="")
