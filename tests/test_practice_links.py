"""The replays' "not in this example: practise it" links lead to a drill that has the case."""

from __future__ import annotations

import pytest

from cardtutor.engine.drills import DRILLS
from cardtutor.practice.links import PRACTISE, practice_url
from cardtutor.replays.coverage import ITEMS


@pytest.mark.parametrize("item_key", sorted(PRACTISE))
def test_every_practice_link_names_a_drill_of_the_right_game_and_one_of_its_cases(
    item_key: str,
) -> None:
    drill_key, case = PRACTISE[item_key]
    assert drill_key in DRILLS, f"{item_key}: no drill {drill_key!r}"
    drill = DRILLS[drill_key]
    games = {item.game for item in ITEMS if item.key == item_key}
    assert games == {drill.game}, (
        f"{item_key} is a {games} item but {drill_key} a {drill.game} drill"
    )
    url = practice_url(item_key)
    assert url.startswith(f"/practice/{drill.game}/")
    if case is not None:
        assert case in drill.cases, f"{drill_key} has no case {case!r}"
        assert url.endswith(f"?case={case}")


def test_sinking_is_practised_in_the_declaring_drill() -> None:
    assert practice_url("sinking") == "/practice/piquet/declaring/?case=sinking"


def test_an_item_without_a_drill_has_no_practice_link() -> None:
    assert practice_url("no-such-item") == ""


@pytest.mark.parametrize("drill_key", sorted(DRILLS))
def test_an_item_address_is_the_one_the_url_configuration_gives(drill_key: str) -> None:
    """The verdict's "try a similar one" address is put together without ``reverse`` (it is
    on every answer); it must stay what ``reverse`` would give."""
    from django.urls import reverse

    from cardtutor.engine.drills.base import AnswerError
    from cardtutor.practice.presentation import item_url

    drill = DRILLS[drill_key]
    name = drill.key.split(".", 1)[1]
    seeds = [
        "7",
        "123456789",
        *(f"{case}-999999999" for case in drill.cases + drill.kinds),
    ]  # similar_seed's
    for level, seed in zip([1, 3, 2] * len(seeds), seeds, strict=False):
        assert item_url(drill, level, seed) == reverse(
            "practice:item", args=[drill.game, name, level, seed]
        )
    with pytest.raises(AnswerError):
        item_url(drill, 1, "Not/A Seed")
