"""The Redis cache failing safe (cardtutor.core.cache): a Redis that is down is a cache miss,
asked again only after a pause. No Redis is needed: the cache points at a closed port (the
stack test in test_prod_stack.py stops a real one under a running site)."""

from __future__ import annotations

import logging
import socket
import time

import pytest
from django.core.cache.backends.redis import RedisCache

from cardtutor.core.cache import FailSafeRedisCache


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # nothing listens once the socket is closed


@pytest.fixture
def dead() -> FailSafeRedisCache:
    return FailSafeRedisCache(
        f"redis://127.0.0.1:{closed_port()}/0",
        {"OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}},
    )


def test_a_dead_redis_is_a_miss_and_writes_are_dropped(
    dead: FailSafeRedisCache, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="cardtutor.core.cache"):
        assert dead.get("step", "default") == "default"
    assert "The cache (Redis) failed" in caplog.text
    dead._down_until = 0.0  # each call below reaches the dead server
    assert dead.set("step", b"page") is None
    dead._down_until = 0.0
    assert dead.add("step", b"page") is False
    dead._down_until = 0.0
    assert dead.get_many(["a", "b"]) == {}
    dead._down_until = 0.0
    assert dead.set_many({"a": 1, "b": 2}) == ["a", "b"]
    dead._down_until = 0.0
    assert dead.delete("a") is False and dead.has_key("a") is False


def test_after_a_failure_redis_is_left_alone_for_a_while(
    dead: FailSafeRedisCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = []
    real_get = RedisCache.get

    def counting_get(self: RedisCache, *args: object, **kwargs: object) -> object:
        asked.append(args)
        return real_get(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(RedisCache, "get", counting_get)
    assert dead.get("a") is None
    assert len(asked) == 1
    started = time.monotonic()
    for _ in range(50):
        assert dead.get("a", 7) == 7
    assert len(asked) == 1 and time.monotonic() - started < 0.1  # no connection tried
    dead._down_until = time.monotonic() - 0.001  # the pause is over: asked again
    assert dead.get("a") is None
    assert len(asked) == 2


def test_errors_other_than_a_failing_server_are_not_hidden(dead: FailSafeRedisCache) -> None:
    with pytest.raises(ValueError):
        dead._safely(None, lambda: int("not a number"))
