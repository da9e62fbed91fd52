"""Scoring: the end of a deal (last trick, Augen or brisques, the game), the breakdown
and the :class:`~cardtutor.engine.contract.Outcome`.
"""

from __future__ import annotations

from cardtutor.engine.besik.constants import POINTS_BRISQUE, POINTS_LAST_TRICK
from cardtutor.engine.besik.messages import won_key
from cardtutor.engine.besik.state import DEAL, OVER, State, Table
from cardtutor.engine.besik.uids import AUGEN, BRISQUE, MAXU, PC
from cardtutor.engine.cards import bit_indices
from cardtutor.engine.contract import Outcome
from cardtutor.engine.events import Event
from cardtutor.engine.text import Msg

_AUGEN_MASKS = tuple(
    (value, sum(1 << u for u in range(MAXU) if AUGEN[u] == value))
    for value in sorted(set(AUGEN))
    if value
)
"""(Augen, mask of every card worth them) for each nonzero value."""
_BRISQUE_MASK = sum(1 << u for u in range(MAXU) if BRISQUE[u])


def add_points(scores: tuple[int, ...], party: int, points: int) -> tuple[int, ...]:
    lst = list(scores)
    lst[party] += points
    return tuple(lst)


def totals_of(t: Table, scores: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(t.parties, scores, strict=True))


def end_deal(
    s: State, ws: int, ev: list[Event], explain: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Score the end of the deal (last trick, Augen or brisques) and decide the game;
    ``explain=False`` skips the events (see :func:`~cardtutor.engine.besik.engine.apply`)."""
    t = s.table
    scores = list(s.scores)
    log = list(s.log)
    p = t.party_of[ws]
    scores[p] += POINTS_LAST_TRICK
    log.append((p, "last_trick", POINTS_LAST_TRICK))
    wname = t.seats[ws]
    if explain:
        ev.append(
            Event.score(
                wname,
                "last_trick",
                POINTS_LAST_TRICK,
                Msg("besik.score.last_trick", seat=wname, points=POINTS_LAST_TRICK),
                rule="besik#last-trick",
                totals=totals_of(t, tuple(scores)),
            )
        )
    for party, pname in enumerate(t.parties):
        mask = 0
        for seat, owner in enumerate(t.party_of):
            if owner == party:
                mask |= s.won[seat]
        if t.rules.augen:
            # rank by rank, one popcount each, rather than card by card
            pts = sum(value * (mask & cards).bit_count() for value, cards in _AUGEN_MASKS)
            scores[party] += pts
            log.append((party, "augen", pts))
            if explain:
                ev.append(
                    Event.score(
                        pname,
                        "augen",
                        pts,
                        Msg("besik.score.augen", party=pname, points=pts),
                        rule="besik#augen",
                        totals=totals_of(t, tuple(scores)),
                    )
                )
        else:
            brisques = mask & _BRISQUE_MASK
            count = brisques.bit_count()
            pts = POINTS_BRISQUE * count
            scores[party] += pts
            log.append((party, "brisques", pts))
            if explain:
                ev.append(
                    Event.score(
                        pname,
                        "brisques",
                        pts,
                        Msg("besik.score.brisques", party=pname, count=count, points=pts),
                        rule="besik#brisques",
                        totals=totals_of(t, tuple(scores)),
                        cards=tuple(PC[u] for u in bit_indices(brisques)),
                    )
                )
    scores_t = tuple(scores)
    if explain:
        totals_text = ", ".join(f"{pn} {sc}" for pn, sc in zip(t.parties, scores_t, strict=True))
        ev.append(Event("info", None, Msg("besik.deal.end", totals=totals_text), rule="besik#game"))
    best = max(scores_t)
    winner = -1
    if best >= t.target:
        leaders = [i for i, sc in enumerate(scores_t) if sc == best]
        if len(leaders) == 1:
            winner = leaders[0]
            if explain:
                ev.append(
                    Event(
                        "info",
                        t.parties[winner],
                        Msg(won_key(t.parties[winner]), party=t.parties[winner], total=best),
                        rule="besik#game",
                    )
                )
        else:
            if explain:
                ev.append(Event("info", None, Msg("besik.game.tie", total=best), rule="besik#game"))
    phase, turn = OVER, -1
    if winner < 0 and t.play_to_game:
        phase, turn = DEAL, (t.dealer + 1) % len(t.seats)
        if best < t.target:
            if explain:
                ev.append(
                    Event(
                        "info",
                        t.seats[turn],
                        Msg("besik.game.next", target=t.target, seat=t.seats[turn]),
                        rule="besik#game",
                    )
                )
    return s._replace(
        scores=scores_t, log=tuple(log), phase=phase, turn=turn, winner=winner
    ), tuple(ev)


def build_outcome(state: State) -> Outcome:
    t = state.table
    parties = t.parties
    deal_over = state.phase is DEAL or state.phase is OVER
    deal = state.deal_points()
    deals = t.history + ((deal,) if deal_over else ())
    winner = state.game_winner
    if winner is None and not t.play_to_game and deal_over:
        # a one-deal record is won by the higher total (none on a tie)
        best = max(state.scores)
        if state.scores.count(best) == 1:
            winner = parties[state.scores.index(best)]
    return Outcome(
        parties=parties,
        deal=dict(zip(parties, deal, strict=True)),
        game=state.totals,
        deal_number=t.deal_no,
        deals=tuple(dict(zip(parties, d, strict=True)) for d in deals),
        deal_over=deal_over,
        game_over=state.phase is OVER,
        winner=winner,
        multi_deal=t.play_to_game,
    )
