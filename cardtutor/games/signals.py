"""On log-in (and sign-up), the session's games and kept replays become the account's."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver


@receiver(user_logged_in, dispatch_uid="games-claim-on-login")
def claim_on_login(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    from cardtutor.core.owners import owner_token
    from cardtutor.games.models import Game
    from cardtutor.replays.models import Replay

    token = owner_token(request) if request is not None else ""
    if token:
        Game.objects.filter(user__isnull=True, owner_token=token).update(user=user, owner_token="")
        Replay.objects.filter(owner__isnull=True, owner_token=token).update(
            owner=user, owner_token=""
        )
