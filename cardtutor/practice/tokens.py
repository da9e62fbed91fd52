"""The served item's form token: proof that this server showed this question.

The token signs the drill, seed, level and the question's nonce (:func:`item_nonce`) with a
timestamp (Django's signing framework, keyed by SECRET_KEY). An answer whose token does not
verify is for an item never served (or tampered with); one older than :data:`MAX_AGE` is stale;
one whose drill, seed or level differ from the address it was posted to is tampered. The nonce
is the question's own, so a question answered before is known however often its page was
loaded: it counts once (and once more per review round, cardtutor.practice.views).
"""

from __future__ import annotations

import base64
import hashlib
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


def item_nonce(drill: str, seed: str, level: int, round_: str = "") -> str:
    """The nonce of a question: the same each time it is served, so a learner's record knows
    a question answered before however often its page is loaded (a question counts once;
    ``round_``: a review round, which counts again once). 40 bits of a hash: a clash among
    the few hundred a record remembers is about one in four thousand million; seven
    characters of URL-safe base64, since every one is stored in the record
    (cardtutor.practice.progress), which is kept small.

    >>> item_nonce("piquet.partie", "7", 1), item_nonce("piquet.partie", "7", 2)
    ('xjvtG6M', 'sk0ByCY')
    """
    digest = hashlib.blake2b(f"{drill}|{level}|{seed}|{round_}".encode(), digest_size=5).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def issue(drill: str, seed: str, level: int) -> str:
    payload = {"d": drill, "s": seed, "l": level, "n": item_nonce(drill, seed, level)}
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
