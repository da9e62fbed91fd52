"""The served item's form token: proof that this server showed this item, once.

The token signs the drill, seed, level and a one-time nonce with a timestamp (Django's
signing framework, keyed by SECRET_KEY). An answer whose token does not verify is for an item
never served (or tampered with); one older than :data:`MAX_AGE` is stale; one whose drill, seed
or level differ from the address it was posted to is tampered; a nonce already in the record was
answered before and counts once.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import Enum

from django.core import signing

SALT = "cardtutor.practice.item"
MAX_AGE = 2 * 24 * 3600
"""Seconds a served form stays answerable."""


@dataclass(frozen=True)
class Served:
    drill: str
    seed: str
    level: int
    nonce: str


class TokenProblem(Enum):
    FORGED = "forged"
    STALE = "stale"
    MISMATCH = "mismatch"


class TokenError(Exception):
    def __init__(self, problem: TokenProblem) -> None:
        super().__init__(problem.value)
        self.problem = problem


def issue(drill: str, seed: str, level: int) -> str:
    # The nonce only has to differ from the few hundred a learner's record remembers (40
    # random bits: a clash is about one in four thousand million); every character of it is
    # stored in the record (cardtutor.practice.progress), which is kept small.
    payload = {"d": drill, "s": seed, "l": level, "n": secrets.token_urlsafe(5)}
    # Not compressed: the payload is too small to gain from it, and zlib's set-up cost more
    # than the rest of the signing (tokens issued compressed still verify).
    return signing.TimestampSigner(salt=SALT).sign_object(payload)


def verify(token: str, drill: str, seed: str, level: int) -> Served:
    """The served item behind ``token``, checked against the address it was posted to."""
    signer = signing.TimestampSigner(salt=SALT)
    try:
        payload = signer.unsign_object(str(token)[:500], max_age=MAX_AGE)
    except signing.SignatureExpired:
        raise TokenError(TokenProblem.STALE) from None
    except (signing.BadSignature, ValueError, TypeError):
        raise TokenError(TokenProblem.FORGED) from None
    try:
        served = Served(str(payload["d"]), str(payload["s"]), int(payload["l"]), str(payload["n"]))
    except (KeyError, TypeError, ValueError):
        raise TokenError(TokenProblem.FORGED) from None
    if (served.drill, served.seed, served.level) != (drill, seed, level):
        raise TokenError(TokenProblem.MISMATCH)
    return served
