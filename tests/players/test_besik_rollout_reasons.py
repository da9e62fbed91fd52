"""The strong Besik player's reason in the last eight tricks with three or four players: its
numbers said for the game played, and a runner-up that is another card."""

from __future__ import annotations

import pytest

from cardtutor.engine.text import Msg
from cardtutor.games import computer, service


def _end_play_reasons(
    kind_key: str, seed: int, prefix: str = "players.reason.rollout"
) -> list[Msg]:
    """The strong player's reasons for the cards of a whole game, all seats played by it."""
    kind = service.KINDS[kind_key]
    position = service.replay(kind, service.new_record(kind, seed))
    reasons = []
    while not position.state.is_over:
        state = position.state
        seat = state.seat_to_act
        if service.is_deal_phase(state):
            service.apply(position, service.deal_action(position, seat, seed))
            continue
        decision = computer.advice(position, seat, seed)
        if decision.reason.key.startswith(prefix):
            reasons.append(decision.reason)
        service.apply(position, decision.action)
        if len(reasons) > 40:
            break
    return reasons


@pytest.mark.parametrize(
    ("kind_key", "key", "words"),
    [
        ("besik-3", "players.reason.rollout_each", "your points minus the average of your opp"),
        ("besik-4-each", "players.reason.rollout_each", "your points minus the average"),
        ("besik-4", "players.reason.rollout", "your side's points minus the other side's"),
    ],
)
def test_the_rollout_reason_says_whose_points_it_weighs(
    kind_key: str, key: str, words: str
) -> None:
    reasons = _end_play_reasons(kind_key, 3)
    assert len(reasons) > 10
    assert {r.key.removesuffix("_tie") for r in reasons} == {key}
    assert all(words in r.render("en") for r in reasons)
    # the runner-up is never the other copy of the card chosen
    for reason in reasons:
        card, other = reason.params["card"], reason.params["other"]
        assert card.uid & 31 != other.uid & 31, reason.render("en")


@pytest.mark.parametrize(
    ("kind_key", "prefix"),
    [("piquet", "players.reason.sampled"), ("besik-4", "players.reason.rollout")],
)
def test_a_runner_up_as_good_as_the_best_is_said_to_be_level(kind_key: str, prefix: str) -> None:
    """ "the ace of hearts does best … +14.3 on average; next comes the jack of hearts with
    +14.3" read as a contradiction: the same figure, as written, is "level with"."""
    reasons = [r for r in _end_play_reasons(kind_key, 5, prefix) if "other" in r.params]
    assert reasons
    levels = 0
    for reason in reasons:
        text = reason.render("en")
        same = reason.params["value"].name() == reason.params["other_value"].name()
        assert reason.key.endswith("_tie") == same, text
        if same:
            levels += 1
            assert "level with the" in text and "next comes" not in text
            assert "gleichauf mit" in reason.render("de")
    assert 0 < levels < len(reasons), "both kinds of reason were met"
