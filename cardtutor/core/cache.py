"""Django's Redis cache, failing safe: a Redis that is down or does not answer is a cache miss.

``CACHES["default"]`` with ``REDIS_URL`` (see settings). Everything the site keeps in its
cache can be made again from the database (rendered replay steps, a replay's small fields,
the solver's verdicts), so when Redis fails the pages are drawn afresh instead of failing: a
read gives the default, a write is dropped. After a failure the cache is not asked again for
:attr:`FailSafeRedisCache.retry_after` seconds, so an outage costs one request a timeout (at
most ``socket_timeout``), not every request; a warning is logged each time.

Why not django-redis's ``IGNORE_EXCEPTIONS``: it would replace Django's own backend (and its
client) for one option, and it asks the dead server again on every call.

Sessions are not kept here (they are in the database, see settings): a session write lost in
an outage would otherwise be read back stale once Redis returns.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

T = TypeVar("T")
FAILURES = (RedisConnectionError, RedisTimeoutError)


class FailSafeRedisCache(RedisCache):
    retry_after = 5.0
    """Seconds the cache is left alone after Redis failed."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._down_until = 0.0

    def _safely(self, fallback: T, call: Callable[[], T]) -> T:
        if time.monotonic() < self._down_until:
            return fallback
        try:
            return call()
        except FAILURES as error:
            self._down_until = time.monotonic() + self.retry_after
            logger.warning(
                "The cache (Redis) failed: %s. Pages are drawn without it for %s s.",
                error,
                self.retry_after,
            )
            return fallback

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return self._safely(
            default, lambda: super(FailSafeRedisCache, self).get(key, default, version)
        )

    def get_many(self, keys: Iterable[Any], version: int | None = None) -> dict[Any, Any]:
        return self._safely({}, lambda: super(FailSafeRedisCache, self).get_many(keys, version))

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return self._safely(False, lambda: super(FailSafeRedisCache, self).has_key(key, version))

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        self._safely(
            None, lambda: super(FailSafeRedisCache, self).set(key, value, timeout, version)
        )

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        return self._safely(
            False, lambda: super(FailSafeRedisCache, self).add(key, value, timeout, version)
        )

    def set_many(
        self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> list[Any]:
        return self._safely(
            list(data), lambda: super(FailSafeRedisCache, self).set_many(data, timeout, version)
        )

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._safely(
            False, lambda: super(FailSafeRedisCache, self).touch(key, timeout, version)
        )

    def delete(self, key: Any, version: int | None = None) -> bool:
        return self._safely(False, lambda: super(FailSafeRedisCache, self).delete(key, version))

    def delete_many(self, keys: Iterable[Any], version: int | None = None) -> None:
        self._safely(None, lambda: super(FailSafeRedisCache, self).delete_many(keys, version))
