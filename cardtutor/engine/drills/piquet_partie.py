"""Piquet drill 6, *Partie and rubicon*: settle a six-deal partie from its deal scores.

The learner reads the six deal scores of both players and says who won the partie, what the
winner gains and whether the loser is rubiconed. Easy items are clear wins well above the
rubicon; medium items bring the loser under 100; hard ones sit at the edges (a loser on 99 or
100, totals within a few points, a tie that calls for the two extra deals).

>>> drill = PartieDrill()
>>> item = drill.item("7", Level.EASY)
>>> len(item.question["deals"])
6
>>> answer = drill.parse_answer(item, {"winner": "A", "gain": "0", "rubiconed": "no"})
>>> drill.check(item, answer).correct in (True, False)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtutor.engine.drills.base import (
    Feedback,
    Field,
    Item,
    Level,
    Show,
    choice,
    require_all,
    rng_for,
    seed_case,
    whole_number,
)
from cardtutor.engine.piquet.constants import PARTIE_BONUS, PARTIE_DEALS, RUBICON
from cardtutor.engine.piquet.scoring import rubicon_settlement
from cardtutor.engine.text import Msg, register_messages

register_messages(
    {
        "drill.partie.title": ("Partie and rubicon", "Partie und Rubikon"),
        "drill.partie.summary": (
            "Settle a six-deal partie from its deal scores: who won, by how much, rubiconed or "
            "not.",
            "Eine Partie aus sechs Spielen abrechnen: wer gewinnt, wie viel, mit oder ohne "
            "Rubikon.",
        ),
        "drill.partie.prompt": (
            "The six deals of a partie are over. Settle it.",
            "Die sechs Spiele einer Partie sind vorbei. Rechne sie ab.",
        ),
        "drill.partie.deals": ("The deal scores", "Die Ergebnisse der Spiele"),
        "drill.partie.deal": ("Deal", "Spiel"),
        "drill.partie.winner": ("Who wins the partie?", "Wer gewinnt die Partie?"),
        "drill.partie.tie": ("Nobody yet: the totals are equal", "Noch niemand: Gleichstand"),
        "drill.partie.gain": (
            "How many points does the winner gain?",
            "Wie viele Punkte erhält der Gewinner?",
        ),
        "drill.partie.rubiconed_q": (
            "Is the loser rubiconed (under {rubicon})?",
            "Bleibt der Verlierer unter {rubicon} (Rubikon)?",
        ),
        "drill.yes": ("Yes", "Ja"),
        "drill.no": ("No", "Nein"),
        "drill.seat": ("Player {seat}", "Spieler {seat}"),
        "drill.partie.answer": (
            "{winner} wins and gains {gain}; {rubiconed}.",
            "{winner} gewinnt und erhält {gain}; {rubiconed}.",
        ),
        "drill.partie.answer_rubiconed": (
            "the loser stays under {rubicon}: rubiconed",
            "der Verlierer bleibt unter {rubicon}: Rubikon",
        ),
        "drill.partie.answer_not_rubiconed": (
            "the loser has reached {rubicon}: not rubiconed",
            "der Verlierer hat die {rubicon} erreicht: kein Rubikon",
        ),
        "drill.partie.answer_tie": (
            "Nobody wins yet: the totals are equal.",
            "Noch gewinnt niemand: Gleichstand.",
        ),
        "drill.partie.totals": (
            "Add up the six deals: A has {a}, B has {b}.",
            "Die sechs Spiele zusammengezählt: A hat {a}, B hat {b}.",
        ),
        "drill.partie.won": (
            "{winner} has more and wins the partie. {loser} has {lo}, so he has reached "
            "{rubicon}: not rubiconed. {winner} gains the difference plus {bonus}: "
            "{hi} − {lo} + {bonus} = {gain}.",
            "{winner} hat mehr und gewinnt die Partie. {loser} hat {lo} und damit die {rubicon} "
            "erreicht: kein Rubikon. {winner} erhält die Differenz und {bonus} dazu: "
            "{hi} − {lo} + {bonus} = {gain}.",
        ),
        "drill.partie.rubiconed": (
            "{winner} has more and wins the partie. {loser} has only {lo} and stays under "
            "{rubicon}: he is rubiconed, and {winner} gains the sum of both totals plus "
            "{bonus}: {hi} + {lo} + {bonus} = {gain}.",
            "{winner} hat mehr und gewinnt die Partie. {loser} hat nur {lo} und bleibt unter "
            "{rubicon}, also unter dem Rubikon; darum erhält {winner} die Summe beider Stände "
            "und {bonus} dazu: {hi} + {lo} + {bonus} = {gain}.",
        ),
        # what the learner got wrong, part by part, before the reckoning
        "drill.partie.wrong_winner": (
            "Who wins: you chose “{given}”; right is “{right}”.",
            "Wer gewinnt: Du hast „{given}“ gewählt; richtig ist „{right}“.",
        ),
        "drill.partie.wrong_gain": (
            "The winner's gain: you wrote {given}; it is {right}.",
            "Was der Gewinner erhält: Du hast {given} angegeben; richtig ist {right}.",
        ),
        "drill.partie.wrong_rubiconed": (
            "Rubiconed: you answered “{given}”; right is “{right}”.",
            "Rubikon: Du hast „{given}“ geantwortet; richtig ist „{right}“.",
        ),
        "drill.partie.tied": (
            "The totals are equal: nobody has won yet. Each player deals once more; if the "
            "totals are still equal, the partie is drawn.",
            "Gleichstand: Noch hat niemand gewonnen. Jeder gibt noch einmal; bleibt es gleich, "
            "ist die Partie unentschieden.",
        ),
    }
)

WINNERS = ("A", "B", "tie")
YES_NO = ("yes", "no")


@dataclass(frozen=True)
class PartieAnswer:
    winner: str
    gain: int
    rubiconed: bool


CASES = ("rubiconed", "rubicon-edge", "tie")


def _deal_scores(
    rng: random.Random, level: Level, case: str | None = None
) -> list[tuple[int, int]]:
    """Six plausible deal scores. A deal's loser often scores little, the winner 20–60."""
    # ``below(n)`` is what ``rng.randint(lo, lo + n - 1)`` draws, less its two Python calls
    # around it: the loop below draws a few hundred numbers for a hard question.
    below = rng._randbelow  # type: ignore[attr-defined]
    draw = rng.random
    while True:
        deals = []
        a = b = 0
        for _deal in range(PARTIE_DEALS):
            hi = 12 + below(49) if draw() > 0.1 else 61 + below(80)  # randint(12, 60) / (61, 140)
            lo = below(26)  # randint(0, 25)
            deal = (hi, lo) if draw() < 0.5 else (lo, hi)
            deals.append(deal)
            a += deal[0]
            b += deal[1]
        low = min(a, b)
        if case == "tie":
            if a == b:
                return deals
            # move the difference into one deal's lower score, keeping scores plausible
            i = rng.randrange(PARTIE_DEALS)
            x, y = deals[i]
            if a > b and y + (a - b) <= 140:
                deals[i] = (x, y + a - b)
                return deals
            if b > a and x + (b - a) <= 140:
                deals[i] = (x + b - a, y)
                return deals
            continue
        if case == "rubiconed":
            if low < RUBICON and a != b:
                return deals
            continue
        if case == "rubicon-edge":
            if low in (RUBICON - 1, RUBICON) and a != b:
                return deals
            continue
        if level is Level.EASY and low >= RUBICON + 20 and abs(a - b) >= 15:
            return deals
        if level is Level.MEDIUM and low < RUBICON - 10 and a != b:
            return deals
        if level is Level.HARD:
            near_rubicon = abs(low - RUBICON) <= 1 and a != b
            near_tie = abs(a - b) <= 3
            if near_rubicon or near_tie:
                return deals


class PartieDrill:
    key = "piquet.partie"
    game = "piquet"
    number = 6
    title = Msg("drill.partie.title")
    summary = Msg("drill.partie.summary")
    cases: tuple[str, ...] = CASES
    kinds: tuple[str, ...] = ()
    curated: tuple[str, ...] = ()

    def item(self, seed: str, level: Level) -> Item:
        case = seed_case(seed, CASES)
        deals = _deal_scores(rng_for(self.key, seed, level), level, case)
        a, b = sum(d[0] for d in deals), sum(d[1] for d in deals)
        tags = set()
        if a == b:
            tags.add("tie")
        elif min(a, b) < RUBICON:
            tags.add("rubiconed")
        if a != b and min(a, b) in (RUBICON - 1, RUBICON):
            tags.add("rubicon-edge")
        rows = [(n, da, db) for n, (da, db) in enumerate(deals, 1)]
        return Item(
            self.key,
            seed,
            level,
            {"deals": [list(d) for d in deals]},
            prompt=Msg("drill.partie.prompt"),
            shows=(
                Show.table(
                    Msg("drill.partie.deals"),
                    (
                        Msg("drill.partie.deal"),
                        Msg("drill.seat", seat="A"),
                        Msg("drill.seat", seat="B"),
                    ),
                    rows,
                ),
            ),
            fields=(
                Field.choose(
                    "winner",
                    Msg("drill.partie.winner"),
                    (*((w, _winner_words(w)) for w in WINNERS),),
                ),
                Field.number("gain", Msg("drill.partie.gain"), 0, 2000),
                Field.choose(
                    "rubiconed",
                    Msg("drill.partie.rubiconed_q", rubicon=RUBICON),
                    (("yes", _yes_no(True)), ("no", _yes_no(False))),
                ),
            ),
            concept="piquet#rubicon"
            if "rubiconed" in tags or "rubicon-edge" in tags
            else "piquet#partie",
            tags=frozenset(tags),
        )

    def parse_answer(self, item: Item, data: Mapping[str, str]) -> PartieAnswer:
        if not str(data.get("winner") or "").strip():
            require_all(item, data)  # every part left empty, named at once
        winner = choice(data, "winner", WINNERS, Msg("drill.partie.winner"))
        if winner == "tie":
            return PartieAnswer("tie", 0, False)
        require_all(item, data, ("gain", "rubiconed"))
        spec = next((f for f in item.fields if f.name == "gain"), None)
        label = spec.label if spec is not None else Msg("drill.partie.gain")
        if spec is not None:  # the form's own limits
            gain = whole_number(data, "gain", label=label, low=spec.low, high=spec.high)
        else:
            gain = whole_number(data, "gain", label=label)
        return PartieAnswer(
            winner,
            gain,
            choice(data, "rubiconed", YES_NO, Msg("drill.partie.rubiconed_q", rubicon=RUBICON))
            == "yes",
        )

    def expected(self, item: Item) -> tuple[PartieAnswer, tuple[Msg, ...]]:
        deals: list[list[int]] = item.question["deals"]
        a, b = sum(d[0] for d in deals), sum(d[1] for d in deals)
        reasons: list[Msg] = [Msg("drill.partie.totals", a=a, b=b)]
        if a == b:
            reasons.append(Msg("drill.partie.tied"))
            return PartieAnswer("tie", 0, False), tuple(reasons)
        winner, loser = ("A", "B") if a > b else ("B", "A")
        hi, lo = max(a, b), min(a, b)
        gain, rubiconed = rubicon_settlement(hi, lo)
        reasons.append(
            Msg(
                "drill.partie.rubiconed" if rubiconed else "drill.partie.won",
                winner=winner,
                loser=loser,
                hi=hi,
                lo=lo,
                gain=gain,
                bonus=PARTIE_BONUS,
                rubicon=RUBICON,
            )
        )
        return PartieAnswer(winner, gain, rubiconed), tuple(reasons)

    def check(self, item: Item, answer: Any) -> Feedback:
        right, reasons = self.expected(item)
        reasons = (*_mistakes(answer, right), *reasons)
        if right.winner == "tie":
            words = (Msg("drill.partie.answer_tie"),)
        else:
            words = (
                Msg(
                    "drill.partie.answer",
                    winner=right.winner,
                    gain=right.gain,
                    rubiconed=Msg(
                        "drill.partie.answer_rubiconed"
                        if right.rubiconed
                        else "drill.partie.answer_not_rubiconed",
                        rubicon=RUBICON,
                    ),
                ),
            )
        return Feedback(
            answer=words,
            correct=answer == right,
            expected={"winner": right.winner, "gain": right.gain, "rubiconed": right.rubiconed},
            reasons=reasons,
            # the rubicon's own section too where it applies or the learner thought it did
            rules=(
                ("piquet#rubicon", "piquet#partie")
                if right.rubiconed
                else ("piquet#partie", "piquet#rubicon")
                if getattr(answer, "rubiconed", False)
                else ("piquet#partie",)
            ),
        )


def _winner_words(winner: str) -> Msg:
    """A choice of the form's "Who wins the partie?", in its words."""
    return Msg("drill.partie.tie") if winner == "tie" else Msg("drill.seat", seat=winner)


def _yes_no(value: bool) -> Msg:
    return Msg("drill.yes" if value else "drill.no")


def _mistakes(answer: Any, right: PartieAnswer) -> list[Msg]:
    """Each part of ``answer`` that differs from ``right``, with what was given and what is
    right. A tie answered, or a tie missed, is the winner's part only: the others do not
    apply."""
    if not isinstance(answer, PartieAnswer) or answer == right:
        return []
    parts: list[tuple[str, Callable[[Any], Any], Any, Any]] = [
        ("winner", _winner_words, answer.winner, right.winner)
    ]
    if "tie" not in (answer.winner, right.winner):
        parts += [
            ("gain", int, answer.gain, right.gain),
            ("rubiconed", _yes_no, answer.rubiconed, right.rubiconed),
        ]
    return [
        Msg(f"drill.partie.wrong_{name}", given=words(given), right=words(want))
        for name, words, given, want in parts
        if given != want
    ]
