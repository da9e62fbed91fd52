"""Per-game adapters: what the viewer draws on the table at a step.

Each adapter reads the engine's per-seat ``view`` (which already hides what a seat may not
know), so the perspective switch cannot leak hidden cards: the template only ever gets
the view of the chosen seat.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Protocol

from cardtutor.engine.cards import Suit


class TableAdapter(Protocol):
    template: str

    def table(self, state: Any, perspective: str, seats: list[str], lang: str) -> dict[str, Any]: ...

    def breakdown(self, state: Any) -> dict[str, dict[str, int]]: ...

    def hand_codes(self, state: Any, seats: list[str]) -> dict[str, list[str]]: ...

    def visible_events(self, events: Any, perspective: str) -> Any: ...


class BesikTables:
    template = "replays/_besik_table.html"

    def table(self, state: Any, perspective: str, seats: list[str], lang: str) -> dict[str, Any]:
        from cardtutor.engine.besik import RULE_ANCHORS, view

        german = lang.startswith("de")

        data = view(state, None if perspective == "all" else perspective)
        hands = []
        for seat in seats:
            h = data["hands"][seat]
            concealed = h["concealed"]
            hands.append({
                "seat": seat,
                "is_turn": data["turn"] == seat,
                "declared": h["declared"],
                "concealed": concealed,
                "hidden": range(h["count"] - len(h["declared"])) if concealed is None else (),
                "count": h["count"],
                "tricks": h["tricks"],
                "won_cards": h.get("won"),
            })
        return {
            "hands": hands,
            "trumps": Suit.parse(data["trumps"]).name_in(lang),
            "up_card": data["up_card"],
            "talon_count": data["talon_count"],
            "talon": data.get("talon"),
            "end_play": data["end_play"],
            "trick": data["trick"],
            "last_trick": data["last_trick"],
            "melds": [
                dict(m, name=RULE_ANCHORS.get(m["kind"], (m["kind"], m["kind"]))[1 if german else 0])
                for m in data["melds"]
            ],
            "turn": data["turn"],
        }

    def breakdown(self, state: Any) -> dict[str, dict[str, int]]:
        from cardtutor.engine.besik import score_breakdown

        return dict(score_breakdown(state))

    def hand_codes(self, state: Any, seats: list[str]) -> dict[str, list[str]]:
        return {seat: [c.card.code for c in state.hand(seat)] for seat in seats}

    def visible_events(self, events: Any, perspective: str) -> Any:
        from cardtutor.engine.besik import visible_events

        return visible_events(events, None if perspective == "all" else perspective)


class PiquetTables:
    template = "replays/_piquet_table.html"

    def table(self, state: Any, perspective: str, seats: list[str], lang: str) -> dict[str, Any]:
        from cardtutor.engine.piquet import view

        v = view(state, None if perspective == "all" else perspective)
        hands = [
            {
                "seat": seat,
                "is_turn": v.turn == seat,
                "is_elder": v.elder == seat,
                "cards": v.hands[seat],
                "discards": v.discards[seat],
                "shown": v.shown.get(seat, ()),
                "carte_blanche": v.carte_blanche.get(seat),
                "tricks": v.tricks_won[seat],
            }
            for seat in seats
        ]
        tricks = [
            {"number": i, "winner": t.winner,
             "cards": [(t.leader, t.lead), (next(s for s in seats if s != t.leader), t.follow)]}
            for i, t in enumerate(v.tricks, start=1)
        ]
        for hand in hands:
            hand["won"] = [t for t in tricks if t["winner"] == hand["seat"]]
        last_trick = tricks[-1] if tricks and not v.trick else None
        return {
            "hands": hands,
            "stock": v.stock,
            "left_over_looked": v.left_over_looked,
            "phase": v.phase,
            "category": v.category,
            "trick": v.trick,
            "last_trick": last_trick,
            "tricks_played": len(v.tricks),
            "turn": v.turn,
        }

    def breakdown(self, state: Any) -> dict[str, dict[str, int]]:
        from cardtutor.engine.piquet import score_breakdown

        return dict(score_breakdown(state))

    def hand_codes(self, state: Any, seats: list[str]) -> dict[str, list[str]]:
        from cardtutor.engine.piquet import view

        v = view(state, None)
        return {seat: [c.code for c in v.hands[seat] if c is not None] for seat in seats}

    def visible_events(self, events: Any, perspective: str) -> Any:
        return events


@cache
def adapter_for(game: str) -> TableAdapter:
    return {"besik": BesikTables(), "piquet": PiquetTables()}[game]


__all__ = ["adapter_for", "TableAdapter"]
