"""A small thread-safe least-recently-used map, for per-process caches."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.conf import settings


class LRU:
    """Bounded map; with ``off_in_debug`` it caches nothing while ``DEBUG`` is on, so edited
    templates show at once during development (the development server reloads on Python
    changes only)."""

    def __init__(self, size: int, *, off_in_debug: bool = False) -> None:
        self.size = size
        self.off_in_debug = off_in_debug
        self._data: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        if self.off_in_debug and settings.DEBUG:
            return None
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def set(self, key: Any, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
