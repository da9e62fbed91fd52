"""Who owns what a learner makes without an account: a random token kept in his session.

Games against the computer and the replays kept from them belong to an account, or, for a
learner who has not logged in, to the token in his session; on log-in they move to the account
(:mod:`cardtutor.games.signals`).
"""

from __future__ import annotations

import secrets

from django.http import HttpRequest

SESSION_KEY = "games_owner"
"""The session key of an anonymous learner's owner token."""


def owner_token(request: HttpRequest, create: bool = False) -> str:
    """The session's owner token (made when ``create`` and there is none yet), or ``""``."""
    session = getattr(request, "session", None)
    token = session.get(SESSION_KEY, "") if session is not None else ""
    if not isinstance(token, str):
        token = ""
    if not token and create and session is not None:
        token = secrets.token_urlsafe(24)
        session[SESSION_KEY] = token
    return token


def owns(request: HttpRequest, user_id: int | None, token: str) -> bool:
    """Whether the request's learner owns something kept for ``user_id`` or ``token``."""
    if user_id is not None:
        user = getattr(request, "user", None)
        return bool(user is not None and user.is_authenticated and user.pk == user_id)
    return bool(token) and secrets.compare_digest(token, owner_token(request) or "-")
