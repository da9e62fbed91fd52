"""The unseen cards are dealt only in ways consistent with what the seat has seen.

At the decisions of games between computer players, the seat's knowledge must fit the real
hidden cards (so its constraints are true), and every sampled deal must fit the knowledge: the
known cards in place, the right counts, unseen cards only, no card of a suit a player showed
void in, and the declarations' claims (Piquet). With honest declarers the soft constraints
(each declared his best) hold for the real hands too, and the sampler keeps them.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtutor.engine.besik.uids import STRENGTH, SUIT_OF
from cardtutor.engine.cards import Card, bit_indices
from cardtutor.engine.piquet import Phase
from cardtutor.engine.piquet.masks import SUIT_MASKS
from cardtutor.engine.players import observe
from cardtutor.engine.players.besik_info import Deal, sample_deal
from cardtutor.engine.players.besik_info import knowledge as besik_knowledge
from cardtutor.engine.players.piquet_info import (
    Constraint,
    legal_plays,
    sample_hand,
)
from cardtutor.engine.players.piquet_info import (
    knowledge as piquet_knowledge,
)

from .games import besik_game, piquet_game, positions

SAMPLES = 8
FAST = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def _piquet_positions(strengths: dict[str, str], seed: int) -> list[tuple[Any, Any]]:
    game = piquet_game(strengths, seed, dealer="AB"[seed % 2])
    out = []
    for _, state, history in positions(game):
        seat = state.seat_to_act
        out.append((state, observe(state, seat, history)))
    return out


@FAST
@given(seed=st.integers(0, 10**6))
def test_piquet_samples_fit_the_view_and_the_declarations(seed: int) -> None:
    # beginners declare their best: the soft constraints are true of them
    rng = random.Random(seed)
    soft_kept = soft_total = 0
    for state, obs in _piquet_positions({"A": "beginner", "B": "beginner"}, seed):
        if state.phase not in (Phase.DECLARE, Phase.PLAY):
            continue
        info = piquet_knowledge(obs)
        opp = state.seats.index(info.opponent)
        truth = state.hands[opp]
        assert info.satisfied(truth, soft=True), (info, truth)
        if state.phase is Phase.PLAY:
            plays = legal_plays(obs.view, obs.seat)  # type: ignore[arg-type]
            assert set(plays) == set(state.legal_actions)
        for _ in range(SAMPLES):
            hand = sample_hand(info, rng)
            assert info.satisfied(hand), (info, hand)
            assert not hand & info.hand and not hand & info.played
            for s in range(4):
                if info.void_suits >> s & 1:
                    assert not hand & ~info.opp_known & SUIT_MASKS[s]
            soft_total += 1
            soft_kept += info.satisfied(hand, soft=True)
            if info.exact:
                assert hand == truth
    # honest declarers: hands that keep them exist, and the sampler finds one (it may give
    # up after SOFT_TRIES attempts, which measured 11 draws in 9,600 on 40 deals)
    assert soft_kept >= 0.97 * soft_total


@FAST
@given(seed=st.integers(0, 10**6))
def test_piquet_hard_constraints_hold_when_the_opponent_sinks(seed: int) -> None:
    # club elder may sink: his hand still meets every hard constraint
    for state, obs in _piquet_positions({"A": "club", "B": "club"}, seed):
        if state.phase is not Phase.PLAY:
            continue
        info = piquet_knowledge(obs)
        truth = state.hands[state.seats.index(info.opponent)]
        assert info.satisfied(truth)
        hand = sample_hand(info, random.Random(seed))
        assert info.satisfied(hand)


def test_a_spoken_claim_is_built_into_every_sample() -> None:
    """Younger heard elder's point ("Five cards", "Not good" would not show it): every sampled
    elder hand holds five cards of one suit."""
    found = 0
    for seed in range(40):
        for state, obs in _piquet_positions({"A": "beginner", "B": "beginner"}, seed):
            if state.phase is not Phase.PLAY or obs.seat != state.seats[state.dealer]:
                continue
            info = piquet_knowledge(obs)
            has = [c for c in info.hard if c.kind == "has" and c.cat == 0]
            if not has:
                continue
            found += 1
            n = has[0].value[0]
            for k in range(5):
                hand = sample_hand(info, random.Random(k)) | info.opp_played
                assert max((hand & m).bit_count() for m in SUIT_MASKS) >= n
            break
        if found >= 3:
            break
    assert found >= 3


def test_constraints_read_the_dialogue() -> None:
    c = Constraint("has", 0, (5, 49))
    hearts = sum(Card.parse(x).bit for x in ("AH", "KH", "QH", "JH", "8H"))
    assert c.holds(hearts) and not c.holds(hearts & ~Card.parse("8H").bit)
    assert Constraint("beats", 1, (3, 7)).holds(
        sum(Card.parse(x).bit for x in ("AS", "KS", "QS", "JS"))
    )
    assert Constraint("below", 2, (3, 7)).holds(sum(Card.parse(x).bit for x in ("KS", "KH", "KD")))


def _besik_positions(strengths: dict[str, str], seed: int, players: int) -> list[tuple[Any, Any]]:
    game = besik_game(strengths, seed, players, partnerships=players == 4)
    out = []
    for _, state, history in positions(game):
        seat = state.seat_to_act
        out.append((state, observe(state, seat, history)))
    return out


def _truth(state: Any) -> Deal:
    talon = 0
    for u in state.table.talon[state.talon_pos :]:
        talon |= 1 << u
    return Deal(tuple(state.hands), talon)


@settings(max_examples=8, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]))
def test_besik_samples_fit_the_view(seed: int, players: int) -> None:
    strengths = {"A": "club", "B": "strong", "C": "beginner", "D": "club"}
    rng = random.Random(seed)
    for i, (state, obs) in enumerate(_besik_positions(strengths, seed, players)):
        info = besik_knowledge(obs)
        truth = _truth(state)
        assert info.satisfied(truth)
        assert info.hidden == tuple(
            (h & ~k).bit_count() for h, k in zip(state.hands, info.known, strict=True)
        )
        if i % 3 and not info.end_play:
            continue
        for _ in range(3):
            deal = sample_deal(info, rng)
            assert info.satisfied(deal)
            for seat, hand in enumerate(deal.hands):
                for u in bit_indices(hand & ~info.known[seat]):
                    assert not info.void[seat] >> SUIT_OF[u] & 1
                    assert STRENGTH[u] <= info.cap[seat][SUIT_OF[u]]
            if players == 2 and info.end_play:
                assert info.exact and deal == truth


def test_besik_voids_are_read_from_the_last_eight_tricks() -> None:
    voids = 0
    for seed in range(6):
        for state, obs in _besik_positions({"A": "club", "B": "club"}, seed, 2):
            info = besik_knowledge(obs)
            for seat, void in enumerate(info.void):
                for s in range(4):
                    if void >> s & 1:
                        voids += 1
                        assert not any(SUIT_OF[u] == s for u in bit_indices(state.hands[seat]))
    assert voids > 0


def test_standard_rules_caps_from_the_duty_to_win() -> None:
    from cardtutor.engine.players.arena import play_besik

    capped = 0

    def check(state: Any, obs: Any, action: Any) -> None:
        nonlocal capped
        info = besik_knowledge(obs)
        assert info.satisfied(_truth(state))
        capped += sum(1 for caps in info.cap for c in caps if c < 7)

    for seed in range(4):
        play_besik({"A": "club", "B": "beginner"}, seed, ruleset="standard", check=check)
    assert capped > 0
