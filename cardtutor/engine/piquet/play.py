"""The play: twelve tricks, pique, the last trick, the cards, capot and the end of a deal.

No trumps; follow suit if able, otherwise any card; no duty to win. The higher card of the suit
led wins and leads next. Every card led scores 1; the second player scores 1 when he wins the
trick; 1 more for the last trick. Seven tricks or more win the cards (10), all twelve capot
(40 instead); six each divide them. Pique (30, elder only): elder reaches 30 in hand and play
before younger has reckoned anything.
"""

from __future__ import annotations

from cardtutor.engine.cards import ALL_CARDS, Card
from cardtutor.engine.piquet.actions import Play
from cardtutor.engine.piquet.categories import CAPOT, CARDS, LAST, LEAD, PIQUE, TRICK
from cardtutor.engine.piquet.constants import (
    PIQUE_AT,
    POINTS_CAPOT,
    POINTS_CARDS,
    POINTS_LAST_TRICK,
    POINTS_LEAD,
    POINTS_PIQUE,
    POINTS_TRICK,
    TRICKS,
    TRICKS_FOR_THE_CARDS,
)
from cardtutor.engine.piquet.declarations import score_younger_claims
from cardtutor.engine.piquet.masks import SUIT_MASKS
from cardtutor.engine.piquet.phase import (
    OVER,
    PIQUE_DEAD,
    PIQUE_HAND,
    PIQUE_LIVE,
    PIQUE_PLAY,
    PLAY,
)
from cardtutor.engine.piquet.scoring import settle_partie
from cardtutor.engine.piquet.state import (
    F_HANDS,
    F_LEAD,
    F_LEADER,
    F_LOG,
    F_PIQUE,
    F_STAGE,
    F_TOTALS,
    F_TRICKS,
    F_TURN,
    F_WON,
    State,
    rebuild,
)
from cardtutor.engine.piquet.tally import Tally
from cardtutor.engine.text import Msg

__all__: list[str] = []

FIRST_TRICK_RULE = "piquet#younger-scores"
"""The rule of the first trick's cards: "Elder's lead, and when younger scores"."""

_SILENT = Tally(("", ""), (0, 0), explain=False)
"""The tally of a quiet play: nothing to tell (its events are never read)."""


def _pique_after(tally: Tally, pique: int, seat: int, elder: int) -> int:
    """The pique state after ``seat`` scored a point in play (scoring the pique if due)."""
    if pique == PIQUE_LIVE:
        if seat != elder:
            return PIQUE_PLAY
        if tally.t[elder] >= PIQUE_AT:
            tally.score(
                elder,
                PIQUE,
                POINTS_PIQUE,
                "piquet.score.pique",
                other=tally.seats[1 - elder],
                reached=tally.t[elder],
            )
            return PIQUE_DEAD
        return pique
    if (pique == PIQUE_HAND or pique == PIQUE_PLAY) and seat == elder:
        if tally.t[elder] >= PIQUE_AT:
            tally.info(
                elder,
                "piquet.info.no_pique_hand" if pique == PIQUE_HAND else "piquet.info.no_pique_play",
                rule="piquet#pique",
                seat=tally.seats[elder],
                other=tally.seats[1 - elder],
                total=tally.t[elder],
            )
            return PIQUE_DEAD
    return pique


def quiet_play(state: State, action: Play) -> State | None:
    """The state after ``action`` when it is legal, nothing but the point for the lead or the
    trick can happen and nobody wants words; ``None`` when the full path is needed (or the
    check, for the reason an action is refused).

    Why a second path: a playout spends most of its time in the 22 middle cards, where the
    full path's tally (events, score log, pique) is pure overhead. This covers every lead and
    the middle of the play: not younger's first card (he shows his hand), not the last card
    (the deal ends), and not while a pique can still be scored or explained. It writes the same state as the
    full path (a hypothesis test compares them).
    """
    # Every field unpacked by name and the new state built as one tuple display: unpacking
    # is one step, where every ``state.name`` is a look-up through a descriptor, and one
    # display allocates less than slices and concatenations (field order checked below).
    (
        seats,
        dealer,
        stage,
        t,
        h,
        dealt,
        stock,
        discards,
        elder_left,
        looked,
        claims,
        outcomes,
        lead,
        leader,
        tricks,
        won,
        totals,
        log,
        pique,
        carte_blanche,
        deal_number,
        partie,
    ) = state[:]  # a plain tuple: unpacked in one step (a subclass goes through an iterator)
    # The legality of the card in a few integer tests (a sufficient test, made here where
    # the fields are unpacked anyway: anything it does not accept goes through the check).
    card = action.card
    if stage != PLAY or type(card) is not Card or action.seat != seats[t]:
        return None
    hand = h[t]
    bit = card.bit
    if not bit & (hand & SUIT_MASKS[lead >> 3] or hand if lead >= 0 else hand):
        return None
    if lead >= 0 and (not tricks or len(tricks) == TRICKS - 1):
        return None
    hands = (h[0] ^ bit, h[1]) if t == 0 else (h[0], h[1] ^ bit)
    if lead < 0:  # the lead scores a point
        scorer, category, points = t, LEAD, POINTS_LEAD
        turn, lead, leader = 1 - t, card.index, t
    else:
        idx = card.index
        # (_winner, inlined) the higher card of the suit led wins
        winner = t if (lead >> 3) == (idx >> 3) and idx > lead else leader
        won = (won[0] + 1, won[1]) if winner == 0 else (won[0], won[1] + 1)
        tricks = tricks + ((leader, lead, idx, winner),)
        turn, lead, leader = winner, -1, winner
        if winner == t:
            scorer, category, points = t, TRICK, POINTS_TRICK
        else:  # the leader wins: no point for anyone
            scorer = -1
    if scorer >= 0:
        total = totals[scorer] + points
        if pique != PIQUE_DEAD and (
            pique == PIQUE_LIVE or (scorer != dealer and total >= PIQUE_AT)
        ):
            return None  # the pique is scored, or denied in words: the full path
        totals = (total, totals[1]) if scorer == 0 else (totals[0], total)
        log = log + ((scorer, category, points),)
    return _new_state(
        State,
        (
            seats,
            dealer,
            stage,
            turn,
            hands,
            dealt,
            stock,
            discards,
            elder_left,
            looked,
            claims,
            outcomes,
            lead,
            leader,
            tricks,
            won,
            totals,
            log,
            pique,
            carte_blanche,
            deal_number,
            partie,
        ),
    )


assert State._fields == (
    "seats",
    "dealer",
    "stage",
    "turn",
    "hands",
    "dealt",
    "stock",
    "discards",
    "elder_left",
    "looked",
    "claims",
    "outcomes",
    "lead",
    "leader",
    "tricks",
    "won",
    "totals",
    "log",
    "pique",
    "carte_blanche",
    "deal_number",
    "partie",
)
_new_state = tuple.__new__


def _winner(lead: int, card: int, leader: int, second: int) -> int:
    """Who wins the trick: the higher card of the suit led (card indices)."""
    return second if (lead >> 3) == (card >> 3) and card > lead else leader


def apply_play(state: State, action: Play, explain: bool) -> tuple[State, Tally]:
    """The state after a (legal) card and its tally."""
    if not explain:
        quiet = quiet_play(state, action)
        if quiet is not None:
            return quiet, _SILENT
    return full_play(state, action, explain)


def full_play(state: State, action: Play, explain: bool) -> tuple[State, Tally]:
    """:func:`apply_play` by the full path (with a tally), whatever the card."""
    t = state.turn
    card = action.card
    idx = card.index
    h = state.hands
    hands = (h[0] ^ card.bit, h[1]) if t == 0 else (h[0], h[1] ^ card.bit)
    tally = Tally(state.seats, state.totals, explain)
    elder = 1 - state.dealer
    pique = state.pique
    fields = list(state)
    fields[F_HANDS] = hands
    first_trick = not state.tricks
    # the first trick's two cards have a rule of their own: elder's lead, then younger scores
    # what is good before he plays to it
    rule = FIRST_TRICK_RULE if first_trick else "piquet#play"
    if state.lead < 0:
        if explain:
            tally.play(t, "piquet.play.lead", card, rule)
        tally.score(t, LEAD, POINTS_LEAD, "piquet.score.lead", (card,))
        if pique != PIQUE_DEAD:
            pique = _pique_after(tally, pique, t, elder)
        fields[F_TURN] = 1 - t
        fields[F_LEAD] = idx
        fields[F_LEADER] = t
        fields[F_TOTALS] = tally.totals
        fields[F_LOG] = state.log + tuple(tally.log)
        fields[F_PIQUE] = pique
        return rebuild(fields), tally
    if first_trick:
        score_younger_claims(tally, state)
    lead = state.lead
    leader = state.leader
    winner = _winner(lead, idx, leader, t)
    if explain:
        followed = ALL_CARDS[lead].suit == card.suit
        tally.play(t, "piquet.play.follow" if followed else "piquet.play.discard", card, rule)
    if winner == t:
        tally.score(t, TRICK, POINTS_TRICK, "piquet.score.trick", (ALL_CARDS[lead], card))
        if pique != PIQUE_DEAD:
            pique = _pique_after(tally, pique, t, elder)
    tricks = state.tricks + ((leader, lead, idx, winner),)
    w = state.won
    won = (w[0] + 1, w[1]) if winner == 0 else (w[0], w[1] + 1)
    if explain:
        tally.info(winner, "piquet.info.trick", seat=state.seats[winner], n=won[winner])
    fields[F_LEAD] = -1
    fields[F_LEADER] = winner
    fields[F_TRICKS] = tricks
    fields[F_WON] = won
    if len(tricks) < TRICKS:
        fields[F_TURN] = winner
        fields[F_TOTALS] = tally.totals
        fields[F_LOG] = state.log + tuple(tally.log)
        fields[F_PIQUE] = pique
        return rebuild(fields), tally
    tally.score(winner, LAST, POINTS_LAST_TRICK, "piquet.score.last_trick", (ALL_CARDS[lead], card))
    if pique != PIQUE_DEAD:
        pique = _pique_after(tally, pique, winner, elder)
    _score_the_cards(tally, won)
    fields[F_TOTALS] = tally.totals
    fields[F_LOG] = state.log + tuple(tally.log)
    fields[F_PIQUE] = pique
    return _end_of_deal(tally, rebuild(fields)), tally


def _score_the_cards(tally: Tally, won: tuple[int, int]) -> None:
    """The cards (seven tricks or more) or capot (all twelve); divided at six each."""
    for s in (0, 1):
        if won[s] == TRICKS:
            tally.score(s, CAPOT, POINTS_CAPOT, "piquet.score.capot", cards_points=POINTS_CARDS)
        elif won[s] >= TRICKS_FOR_THE_CARDS:
            tally.score(s, CARDS, POINTS_CARDS, "piquet.score.cards", tricks=won[s])
    if won[0] == won[1]:
        tally.info(
            None,
            "piquet.info.divided",
            rule="piquet#the-cards",
            n=Msg(f"piquet.num.{won[0]}"),
            N=Msg(f"piquet.Num.{won[0]}"),
        )


def _end_of_deal(tally: Tally, state: State) -> State:
    """A single deal is over; a partie records the deal and goes on, or is settled."""
    seats = state.seats
    tally.info(None, "piquet.info.deal_over", a=seats[0], b=seats[1], ta=tally.t[0], tb=tally.t[1])
    partie = state.partie
    if partie is None:  # (a list, not _replace: every single deal ends here)
        fields = list(state)
        fields[F_STAGE] = OVER
        fields[F_TURN] = -1
        return rebuild(fields)
    partie = partie._replace(results=partie.results + (state.totals,))
    stage, turn = settle_partie(tally, seats, partie.results, 1 - state.dealer)
    return state._replace(stage=stage, turn=turn, partie=partie)
