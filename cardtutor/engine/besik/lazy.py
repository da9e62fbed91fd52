"""Events built when first read, for both engines' ``apply`` (Besik's and Piquet's).

:class:`PendingEvents` behaves as :class:`cardtutor.engine.contract.LazyEvents` (and is
registered as one): a sequence of events that the explaining path computes on first access,
then keeps. It differs in how it is made: it *is* the ``functools.partial`` of the explaining
call, so building one is a single C call. ``LazyEvents(partial(...))`` costs a partial plus a
Python ``__init__``: measured, twice as much, and a random Besik deal builds about ninety (a
Piquet deal 32). It belongs beside ``LazyEvents`` in :mod:`cardtutor.engine.contract`, and
imports nothing of Besik's.

>>> calls = []
>>> def build(n):
...     calls.append(n)
...     return ("e",) * n
>>> events = PendingEvents(build, 2)
>>> calls  # nothing built yet
[]
>>> len(events), list(events), events == ("e", "e"), calls  # built once, on first access
(2, ['e', 'e'], True, [2])
>>> from cardtutor.engine.contract import LazyEvents
>>> isinstance(events, LazyEvents), events._build is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import overload

from cardtutor.engine.contract import LazyEvents
from cardtutor.engine.events import Event

__all__ = ["PendingEvents"]


class PendingEvents(partial[Iterable[Event]], Sequence[Event]):
    """``PendingEvents(f, *args)``: the events ``f(*args)``, computed on first access."""

    __slots__ = ("_events",)
    _events: tuple[Event, ...]
    """The events, once built (unset before)."""

    def _get(self) -> tuple[Event, ...]:
        try:
            return self._events
        except AttributeError:  # the first access
            events = self._events = tuple(self())
            return events

    @property
    def _build(self) -> Callable[[], Iterable[Event]] | None:
        """The pending builder, ``None`` once built (as :class:`LazyEvents`'s)."""
        return None if hasattr(self, "_events") else self

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        return self._get()[index]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self) -> Iterator[Event]:
        return iter(self._get())

    def __bool__(self) -> bool:
        return bool(self._get())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return self._get() == tuple(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"LazyEvents({list(self._get())!r})"


LazyEvents.register(PendingEvents)
