"""Tricks and draws: who wins a trick, what may be played, the draw from the talon."""

from __future__ import annotations

from cardtutor.engine.besik.actions import Draw, Play
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


# The hot path unpacks the old state's fields by name and builds the new state as one tuple
# display: a random deal makes about 90 transitions, and a ``State(...)`` call (a Python
# frame), ``_replace`` (a dict of keywords), attribute look-ups (descriptors) or slices and
# concatenations (temporary tuples) cost several times as much. This relies on the field
# order, checked once here.
assert State._fields == (
    "table",
    "hands",
    "declared",
    "talon_pos",
    "up_card",
    "trick",
    "turn",
    "phase",
    "window",
    "melded",
    "taken",
    "used",
    "melds",
    "won",
    "tricks_won",
    "last_trick",
    "trick_no",
    "scores",
    "log",
    "winner",
)
_new_state = tuple.__new__


def play_card(s: State, u: int, score_end: bool = True) -> State:
    """The state after the card ``u`` (legal) and the trick it may complete, without
    events: the hot path of :func:`~cardtutor.engine.besik.engine.apply`.

    With ``score_end`` false, the last trick's state is returned before the end of the
    deal is scored (:func:`apply_play` then scores it with its events).
    """
    new = _play(s, u, score_end, None)
    assert new is not None  # (nothing to check: no refusal)
    return new


def play_action(s: State, action: Play) -> State | None:
    """:func:`play_card` for ``action`` if a few integer tests find it legal, else ``None``
    (a sufficient test: anything it refuses goes through the full check for the reason)."""
    card = action.card
    if type(card) is not PhysicalCard:
        return None
    return _play(s, card.uid, True, action.seat)


def _play(s: State, u: int, score_end: bool, seat_name: str | None) -> State | None:
    """:func:`play_card`; with ``seat_name`` (the action's seat) only if the card is legal.

    The legality is tested here, where the fields are unpacked anyway; two players (the
    commonest table, and the solver's) get their hands, trick winner and tricks won without
    lists and loops.
    """
    (
        t,
        hands,
        declared,
        talon_pos,
        up_card,
        trick,
        seat,
        phase,
        _,  # window: 0 or 2
        _,  # melded
        _,  # taken
        used,
        melds,
        won,
        tricks_won,
        last_trick,
        trick_no,
        scores,
        log,
        _,  # winner: -1
    ) = s
    bit = 1 << u
    if seat_name is not None and (
        phase is not PLAY
        or seat_name != t.seats[seat]
        or not hands[seat] & bit
        # the duties of the last eight tricks (to follow, trump, win) for the second card on
        or trick
        and talon_pos >= len(t.talon)
        and up_card < 0
        and not playable(s, seat) & bit
    ):
        return None
    n = len(hands)
    if n == 2:
        hands = (hands[0] ^ bit, hands[1]) if seat == 0 else (hands[0], hands[1] ^ bit)
    else:
        hl = list(hands)
        hl[seat] ^= bit
        hands = tuple(hl)
    if declared[seat] & bit:
        dl = list(declared)
        dl[seat] ^= bit
        declared = tuple(dl)
    trick = trick + ((seat, u),)
    if len(trick) < n:  # the next player plays to the trick
        turn = seat + 1
        return _new_state(
            State,
            (
                t,
                hands,
                declared,
                talon_pos,
                up_card,
                trick,
                turn if turn < n else 0,
                PLAY,
                0,  # window
                False,  # melded
                -1,  # taken
                used,
                melds,
                won,
                tricks_won,
                last_trick,
                trick_no,
                scores,
                log,
                -1,  # winner
            ),
        )
    # the trick's winner (:func:`trick_winner`, inlined: once per trick)
    trump = t.trump
    ws, wu = trick[0]
    taken = 1 << wu
    for x_seat, x in trick[1:] if n > 2 else (trick[1],):
        taken |= 1 << x
        if SUIT_OF[x] == SUIT_OF[wu]:
            if STRENGTH[x] > STRENGTH[wu]:
                ws, wu = x_seat, x
        elif SUIT_OF[x] == trump:
            ws, wu = x_seat, x
    if n == 2:
        if ws == 0:
            won = (won[0] | taken, won[1])
            tricks_won = (tricks_won[0] + 1, tricks_won[1])
        else:
            won = (won[0], won[1] | taken)
            tricks_won = (tricks_won[0], tricks_won[1] + 1)
    else:
        wl = list(won)
        wl[ws] |= taken
        won = tuple(wl)
        tw = list(tricks_won)
        tw[ws] += 1
        tricks_won = tuple(tw)
    end_play = talon_pos >= len(t.talon) and up_card < 0
    hands_t = hands
    # the trick is complete: its winner draws (or, in the last eight, leads)
    state = _new_state(
        State,
        (
            t,
            hands_t,
            declared,
            talon_pos,
            up_card,
            (),  # trick
            ws,  # turn
            PLAY if end_play else DRAW,
            0 if end_play else 1,  # window
            False,  # melded
            -1,  # taken
            used,
            melds,
            won,
            tricks_won,
            trick,  # last_trick
            trick_no + 1,
            scores,
            log,
            -1,  # winner
        ),
    )
    if score_end and end_play and not any(hands_t):
        return end_deal(state, ws, [], False)[0]
    return state


def apply_play(s: State, u: int, explain: bool = True) -> tuple[State, tuple[Event, ...]]:
    """Play the card ``u`` (legal); ``explain=False`` skips the events (see :func:`apply`)."""
    if not explain:
        return play_card(s, u), ()
    end_play = s.end_play
    new = play_card(s, u, False)
    ev = [_play_event(s, u, end_play)]
    if not new.trick:  # the card completed the trick
        trick = new.last_trick
        ws, wu = trick_winner(trick, s.table.trump)
        ev.append(_trick_event(s, trick, ws, wu, end_play, just_played=wu == u))
        if end_play and not any(new.hands):
            return end_deal(new, ws, ev, True)
    return new, tuple(ev)


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
    s: State,
    trick: tuple[tuple[int, int], ...],
    ws: int,
    wu: int,
    end_play: bool,
    just_played: bool = False,
) -> Event:
    """Who won the trick, and with which card unless it is the one just named ("B trumps with
    the nine of clubs. B wins the trick.", not "… with the nine of clubs" twice)."""
    identical = any(x != wu and x & 31 == wu & 31 for _, x in trick)
    wname = s.table.seats[ws]
    if identical:
        key = "besik.trick.identical"
    else:
        key = "besik.trick.last" if just_played else "besik.trick"
    rule = "besik#end-play" if end_play else "besik#tricks"
    return Event("info", wname, Msg(key, seat=wname, card=PC[wu]), "", 0, (PC[wu],), {}, rule)


def draw_cards(s: State) -> State:
    """The state after the draw, without events: the trick winner draws, then the others
    in play order; the last card drawn with the talon empty is the face-up card."""
    new = _draw(s, None)
    assert new is not None  # (nothing to check: no refusal)
    return new


def draw_action(s: State, action: Draw) -> State | None:
    """:func:`draw_cards` if ``action`` is legal (in two tests), else ``None`` (the full
    check then gives the reason)."""
    return _draw(s, action.seat)


def _draw(s: State, seat_name: str | None) -> State | None:
    """:func:`draw_cards`; with ``seat_name`` (the action's seat) only if the draw is legal
    (tested here, where the fields are unpacked anyway)."""
    (
        t,
        hands,
        declared,
        pos,
        up,
        trick,
        turn,
        phase,
        _,  # window: 1
        melded,
        taken,
        used,
        melds,
        won,
        tricks_won,
        last_trick,
        trick_no,
        scores,
        log,
        _,  # winner: -1
    ) = s
    if seat_name is not None and (phase is not DRAW or seat_name != t.seats[turn]):
        return None
    n = len(hands)
    talon = t.talon
    if n == 2 and pos + 2 <= len(talon):  # the commonest: two players, from the talon
        first, second = 1 << talon[pos], 1 << talon[pos + 1]
        if turn == 0:
            hands = (hands[0] | first, hands[1] | second)
        else:
            hands = (hands[0] | second, hands[1] | first)
        pos += 2
        window = 2
    elif pos + n <= len(talon):  # the common case: every card from the face-down talon
        hl = list(hands)
        seat = turn
        for u in talon[pos : pos + n]:
            hl[seat] |= 1 << u
            seat = seat + 1 if seat + 1 < n else 0
        pos += n
        hands = tuple(hl)
        window = 2
    else:
        hl = list(hands)
        for i in range(n):
            if pos < len(talon):
                u = talon[pos]
                pos += 1
            else:
                u, up = up, -1
            hl[(turn + i) % n] |= 1 << u
        hands = tuple(hl)
        window = 0 if pos >= len(talon) and up < 0 else 2
    return _new_state(
        State,
        (
            t,
            hands,
            declared,
            pos,  # talon_pos
            up,  # up_card
            trick,
            turn,
            PLAY,
            window,
            melded,
            taken,
            used,
            melds,
            won,
            tricks_won,
            last_trick,
            trick_no,
            scores,
            log,
            -1,  # winner
        ),
    )


def apply_draw(s: State, explain: bool = True) -> tuple[State, tuple[Event, ...]]:
    """The draw (:func:`draw_cards`); ``explain=False`` skips the events."""
    new = draw_cards(s)
    return new, (_draw_events(s, new) if explain else ())


def _draw_events(s: State, new: State) -> tuple[Event, ...]:
    """The events of the draw from ``s`` to ``new``: each seat's card, then whether the
    talon is now empty."""
    t = s.table
    n = len(t.seats)
    talon = t.talon
    pos = s.talon_pos
    ev: list[Event] = []
    for i in range(n):
        seat = (s.turn + i) % n
        if pos < len(talon):
            u = talon[pos]
            pos += 1
            key = "besik.draw"
        else:
            u = s.up_card
            key = "besik.draw.up"
        name = t.seats[seat]
        msg = Msg(key, seat=name, card=PC[u])
        ev.append(Event("play", name, msg, "", 0, (PC[u],), {}, "besik#talon"))
    if new.end_play:
        key = "besik.talon.empty.standard" if t.rules.must_win_last_eight else "besik.talon.empty"
        ev.append(Event("info", None, Msg(key), rule="besik#end-play"))
    return tuple(ev)
