"""Which scoring items a replay never shows: "not in this example: practise it".

:data:`ITEMS` is the table of scoring items worth showing a learner, per game, each with its
rule section and a test that looks for it in a replay's timeline: the categories, rule
references and message keys of the engine's events (and, for sinking, the declarations made
against the best honest ones). Whether an item appears is always computed from the replay;
only the list of items to consider is kept here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from cardtutor.engine.cards import Card, Rank
from cardtutor.engine.events import Event
from cardtutor.replays.timeline import Timeline

__all__ = ["ITEMS", "Item", "not_in_example", "seen_items"]


@dataclass(frozen=True)
class Item:
    key: str
    game: str
    label: Promise | None
    """``None``: the rule section's own title (the engines name it in both languages)."""
    anchor: str
    """The rule section on ``/rules/<game>/`` (``#<anchor>``)."""
    seen: Callable[[Timeline], bool]
    """Whether the replay shows it."""


def _events(timeline: Timeline) -> Iterator[Event]:
    for step in timeline.steps:
        yield from step.events


def _category(category: str) -> Callable[[Timeline], bool]:
    return lambda t: any(e.is_score and e.category == category for e in _events(t))


def _rule(rule: str) -> Callable[[Timeline], bool]:
    return lambda t: any(e.rule == rule for e in _events(t))


def _message(*keys: str) -> Callable[[Timeline], bool]:
    return lambda t: any(e.msg.key in keys for e in _events(t))


def _longest_run(cards: Iterator[Card]) -> int:
    """The longest run in suit order among ``cards`` (Piquet's order: consecutive ranks)."""
    by_suit: dict[object, set[int]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, set()).add(int(card.rank))
    longest = 0
    for ranks in by_suit.values():
        for rank in ranks:
            if rank - 1 not in ranks:
                length = 1
                while rank + length in ranks:
                    length += 1
                longest = max(longest, length)
    return longest


def _quint_or_longer(timeline: Timeline) -> bool:
    return any(
        e.is_score and e.category == "sequence" and _longest_run(iter(e.cards)) >= 5
        for e in _events(timeline)
    )


def _both_sevens(timeline: Timeline) -> bool:
    return any(
        e.is_score and e.category == "trump_seven" and len(e.cards) >= 2 for e in _events(timeline)
    )


def _pips(cards: tuple[Card, ...]) -> tuple[int, int]:
    """A point's strength: its length, then its pips (ace 11, court cards and ten 10)."""
    pips = sum(11 if c.rank is Rank.ACE else min(int(c.rank), 10) for c in cards)
    return len(cards), pips


def _sinking(timeline: Timeline) -> bool:
    """A declaration less than the player's best honest one."""
    if timeline.game != "piquet":
        return False
    from cardtutor.engine.piquet import Declare, State, best_declaration

    for step in timeline.steps[1:]:
        action = step.action
        before = timeline.steps[step.number - 1].state
        if not isinstance(action, Declare) or not isinstance(before, State):
            continue
        honest = best_declaration(before)
        if action.cards == honest.cards:
            continue
        if action.category == "point" and _pips(action.card_list) == _pips(honest.card_list):
            continue  # another suit of the same strength: not less
        return True
    return False


ITEMS: tuple[Item, ...] = (
    Item("carte-blanche", "piquet", None, "carte-blanche", _category("carte_blanche")),
    Item("quint", "piquet", _("A quint or a longer sequence"), "sequences", _quint_or_longer),
    Item(
        "equal",
        "piquet",
        _("An equal point or equal sequences"),
        "point",
        _message("piquet.info.equal.0", "piquet.info.equal.1"),
    ),
    Item(
        "divided",
        "piquet",
        _("Divided cards (six tricks each)"),
        "the-cards",
        _message("piquet.info.divided"),
    ),
    Item("capot", "piquet", None, "capot", _category("capot")),
    Item("pique", "piquet", None, "pique", _category("pique")),
    Item("repique", "piquet", None, "repique", _category("repique")),
    Item("sinking", "piquet", None, "sinking", _sinking),
    Item("partie", "piquet", _("A whole partie of six deals"), "partie", _category("partie")),
    Item("rubicon", "piquet", None, "rubicon", _message("piquet.score.rubicon")),
    Item(
        "double-marriage",
        "besik",
        None,
        "double-marriage",
        _rule("besik#double-marriage"),
    ),
    Item("four-jacks", "besik", None, "four-jacks", _rule("besik#four-jacks")),
    Item("four-queens", "besik", None, "four-queens", _rule("besik#four-queens")),
    Item("four-kings", "besik", None, "four-kings", _rule("besik#four-kings")),
    Item("double-besik", "besik", None, "double-besik", _rule("besik#double-besik")),
    Item("triple-besik", "besik", None, "triple-besik", _rule("besik#triple-besik")),
    Item(
        "both-sevens",
        "besik",
        _("Both trump sevens declared together"),
        "trump-seven",
        _both_sevens,
    ),
    Item(
        "seven-turned-up",
        "besik",
        _("A seven turned up as the trump card"),
        "seven-turned-up",
        _category("seven_turned_up"),
    ),
    Item("reuse", "besik", _("A re-use of cards that is refused"), "reuse", _rule("besik#reuse")),
)
"""The scoring items to consider, per game."""


def seen_items(timeline: Timeline) -> list[Item]:
    """The items of the replay's game that it shows."""
    return [i for i in ITEMS if i.game == timeline.game and i.seen(timeline)]


def not_in_example(timeline: Timeline) -> list[Item]:
    """The items of the replay's game that it never shows."""
    return [i for i in ITEMS if i.game == timeline.game and not i.seen(timeline)]
