"""Events are built only when read: the quiet path (``explain=False``) and the explaining path
give identical states, and the lazy events equal the eagerly built ones."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtutor.engine.contract import LazyEvents
from cardtutor.engine.piquet import ENGINE, State, apply, new_deal, new_partie
from cardtutor.engine.piquet.engine import step

SEEDS = st.integers(min_value=0, max_value=2**48)


def check_both_paths(state: State, rng: random.Random) -> int:
    """Play to the end comparing both paths at every action; the number of actions."""
    actions = 0
    while not state.is_over:
        action = state.legal_actions.sample(rng)
        quiet, nothing = step(state, action, False)
        loud, eager = step(state, action, True)
        assert quiet == loud, action  # every field, the score log and the partie included
        assert nothing == []  # the quiet path builds no event
        after, lazy = apply(state, action)
        assert after == loud and isinstance(lazy, LazyEvents)
        assert list(lazy) == eager and len(lazy) == len(eager)
        state = after
        actions += 1
    return actions


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_quiet_and_explained_paths_agree_on_deals(seed: int) -> None:
    rng = random.Random(seed)
    state, _ = new_deal(seed=seed, dealer=rng.choice(["A", "B"]))
    assert check_both_paths(state, rng) == 32


@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_quiet_and_explained_paths_agree_on_parties(seed: int) -> None:
    state, _ = new_partie(seed=seed)
    assert check_both_paths(state, random.Random(seed)) >= 6 * 32


def test_lazy_events_are_built_on_first_read_only() -> None:
    state, _ = new_deal(seed=3)
    _, events = ENGINE.apply(state, state.legal_actions.sample(random.Random(1)))
    assert isinstance(events, LazyEvents)
    assert events._build is not None  # not built yet: the builder is pending
    first = list(events)
    assert events._build is None and list(events) == first  # built once, then kept
    assert first[0].kind == "info" and first[0].msg.key == "piquet.info.exchange_elder"
