"""Tricks and draws: who wins a trick, what may be played, the draw from the talon."""

from __future__ import annotations

from cardtutor.engine.besik.actions import Play
from cardtutor.engine.besik.scoring import end_deal
from cardtutor.engine.besik.state import DRAW, PLAY, State, check_held
from cardtutor.engine.besik.uids import PC, STRENGTH, SUIT_MASK, SUIT_OF
from cardtutor.engine.cards import PhysicalCard, Suit, bit_indices
from cardtutor.engine.events import Event
from cardtutor.engine.text import Msg


def beats(u: int, w: int, trump: int) -> bool:
    su, sw = SUIT_OF[u], SUIT_OF[w]
    if su == sw:
        return STRENGTH[u] > STRENGTH[w]
    return su == trump


def trick_winner(trick: tuple[tuple[int, int], ...], trump: int) -> tuple[int, int]:
    ws, wu = trick[0]
    for seat, u in trick[1:]:
        if beats(u, wu, trump):
            ws, wu = seat, u
    return ws, wu


def playable(s: State, seat: int) -> int:
    """Mask of the cards ``seat`` may play now (phase "play")."""
    hand = s.hands[seat]
    if not s.trick or not s.end_play:
        return hand
    t = s.table
    trump = t.trump
    led = SUIT_OF[s.trick[0][1]]
    follow = hand & SUIT_MASK[led]
    must_win = t.rules.must_win_last_eight
    if follow:
        allowed = follow
    else:
        allowed = hand & SUIT_MASK[trump]
        if not allowed:
            return hand
    if must_win:
        _, w = trick_winner(s.trick, trump)
        beating = 0
        for u in bit_indices(allowed):
            if beats(u, w, trump):
                beating |= 1 << u
        if beating:
            return beating
    return allowed


def check_play(s: State, a: Play) -> Msg | None:
    c = a.card
    if not isinstance(c, PhysicalCard):
        return Msg("besik.err.action", text=repr(c))
    mask, m = check_held(s, (c,))
    if m is not None:
        return m
    if s.phase is DRAW:
        return Msg("besik.err.draw_first")
    if not s.trick or not s.end_play:
        return None
    if playable(s, s.turn) & mask:
        return None
    hand = s.hands[s.turn]
    t = s.table
    led = SUIT_OF[s.trick[0][1]]
    if hand & SUIT_MASK[led]:
        if SUIT_OF[c.uid] == led:
            return Msg("besik.err.must_win")
        return Msg("besik.err.must_follow", suit=Suit(led))
    if SUIT_OF[c.uid] == t.trump:
        return Msg("besik.err.must_win")
    return Msg("besik.err.must_trump", suit=Suit(led))


def check_draw(s: State) -> Msg | None:
    if s.phase is not DRAW:
        return Msg("besik.err.no_draw")
    return None


def apply_play(s: State, u: int, explain: bool = True) -> tuple[State, tuple[Event, ...]]:
    """Play the card ``u`` (legal); ``explain=False`` skips the events (see :func:`apply`)."""
    t = s.table
    seat = s.turn
    n = len(t.seats)
    bit = 1 << u
    hands = list(s.hands)
    hands[seat] ^= bit
    declared = s.declared
    if declared[seat] & bit:
        dl = list(declared)
        dl[seat] ^= bit
        declared = tuple(dl)
    end_play = s.talon_pos >= len(t.talon) and s.up_card < 0
    ev: list[Event] = []
    if explain:
        ev.append(_play_event(s, u, end_play))
    trick = s.trick + ((seat, u),)
    if len(trick) < n:
        next_state = State(
            t,
            tuple(hands),
            declared,
            s.talon_pos,
            s.up_card,
            trick,
            (seat + 1) % n,
            PLAY,
            0,
            False,
            -1,
            s.used,
            s.melds,
            s.won,
            s.tricks_won,
            s.last_trick,
            s.trick_no,
            s.scores,
            s.log,
            -1,
        )
        return next_state, tuple(ev)
    ws, wu = trick_winner(trick, t.trump)
    if explain:
        ev.append(_trick_event(s, trick, ws, wu, end_play))
    won = list(s.won)
    tm = 0
    for _, x in trick:
        tm |= 1 << x
    won[ws] |= tm
    tw = list(s.tricks_won)
    tw[ws] += 1
    hands_t = tuple(hands)
    state = State(
        t,
        hands_t,
        declared,
        s.talon_pos,
        s.up_card,
        (),
        ws,
        PLAY if end_play else DRAW,
        0 if end_play else 1,
        False,
        -1,
        s.used,
        s.melds,
        tuple(won),
        tuple(tw),
        trick,
        s.trick_no + 1,
        s.scores,
        s.log,
        -1,
    )
    if not end_play or any(hands_t):
        return state, tuple(ev)
    return end_deal(state, ws, ev, explain)


def _play_event(s: State, u: int, end_play: bool) -> Event:
    t = s.table
    name = t.seats[s.turn]
    if not s.trick:
        key = "besik.lead"
    elif SUIT_OF[u] == SUIT_OF[s.trick[0][1]]:
        key = "besik.follow"
    elif SUIT_OF[u] == t.trump:
        key = "besik.trump"
    else:
        key = "besik.discard"
    rule = "besik#end-play" if end_play else "besik#tricks"
    return Event("play", name, Msg(key, seat=name, card=PC[u]), "", 0, (PC[u],), {}, rule)


def _trick_event(
    s: State, trick: tuple[tuple[int, int], ...], ws: int, wu: int, end_play: bool
) -> Event:
    identical = any(x != wu and x & 31 == wu & 31 for _, x in trick)
    wname = s.table.seats[ws]
    key = "besik.trick.identical" if identical else "besik.trick"
    rule = "besik#end-play" if end_play else "besik#tricks"
    return Event("info", wname, Msg(key, seat=wname, card=PC[wu]), "", 0, (PC[wu],), {}, rule)


def apply_draw(s: State, explain: bool = True) -> tuple[State, tuple[Event, ...]]:
    """The trick winner draws, then the others in play order; the last card drawn with
    the talon empty is the face-up card."""
    t = s.table
    n = len(t.seats)
    hands = list(s.hands)
    pos = s.talon_pos
    up = s.up_card
    talon = t.talon
    ev: list[Event] = []
    for i in range(n):
        seat = (s.turn + i) % n
        if pos < len(talon):
            u = talon[pos]
            pos += 1
            key = "besik.draw"
        else:
            u, up = up, -1
            key = "besik.draw.up"
        if explain:
            name = t.seats[seat]
            msg = Msg(key, seat=name, card=PC[u])
            ev.append(Event("play", name, msg, "", 0, (PC[u],), {}, "besik#talon"))
        hands[seat] |= 1 << u
    empty = pos >= len(talon) and up < 0
    if empty and explain:
        key = "besik.talon.empty.standard" if t.rules.must_win_last_eight else "besik.talon.empty"
        ev.append(Event("info", None, Msg(key), rule="besik#end-play"))
    next_state = State(
        t,
        tuple(hands),
        s.declared,
        pos,
        up,
        (),
        s.turn,
        PLAY,
        0 if empty else 2,
        s.melded,
        s.taken,
        s.used,
        s.melds,
        s.won,
        s.tricks_won,
        s.last_trick,
        s.trick_no,
        s.scores,
        s.log,
        -1,
    )
    return next_state, tuple(ev)
