"""What a seat may know: :class:`BesikView` and :func:`visible_events`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cardtutor.engine.besik.actions import Action
from cardtutor.engine.besik.state import DeclaredMeld, State, window_refusal
from cardtutor.engine.besik.uids import PC, pcs
from cardtutor.engine.cards import PhysicalCard, Suit, bit_indices
from cardtutor.engine.contract import View
from cardtutor.engine.events import Event
from cardtutor.engine.text import Msg


@dataclass(frozen=True, kw_only=True)
class BesikView(View):
    """What one seat may know of a Besik position (``seat is None``: everything).

    ``hands[seat]`` lists the declared row, then the concealed cards, which are ``None``
    when hidden from the viewer. Only the all-seeing view has the ``talon`` order and
    the cards ``won`` in tricks; ``legal`` lists the actions of the seat to act when the
    viewer is that seat (or all-seeing).
    """

    ruleset: str
    partnerships: bool
    dealer: str
    deal_no: int
    trumps: Suit
    up_card: PhysicalCard | None
    talon_count: int
    end_play: bool
    declared: Mapping[str, tuple[PhysicalCard, ...]]
    concealed: Mapping[str, tuple[PhysicalCard, ...] | None]
    last_trick: tuple[tuple[str, PhysicalCard], ...]
    tricks_played: int
    melds: tuple[DeclaredMeld, ...]
    may_declare: bool
    talon: tuple[PhysicalCard, ...] | None = None
    won: Mapping[str, tuple[PhysicalCard, ...]] | None = None
    legal: tuple[Action, ...] = ()


def build_view(state: State, seat: str | None) -> BesikView:
    """What ``seat`` may see (``seat=None``: the all-seeing view).

    Hidden from a player: the other hands' concealed cards, the talon order, the cards
    inside won tricks. Public: declared rows, the face-up card, counts, the current
    and last trick, melds, scores.

    >>> from cardtutor.engine.besik import start_deal
    >>> state, _ = start_deal(seed=1)
    >>> v = state.view("A")
    >>> v.concealed["B"], len(v.hands["B"]), v.hands["B"][0], v.talon
    (None, 8, None, None)
    >>> len(state.view(None).talon or ())
    47
    """
    t = state.table
    allseeing = seat is None
    me = t.seats.index(seat) if seat is not None else -1
    hands: dict[str, tuple[PhysicalCard | None, ...]] = {}
    declared: dict[str, tuple[PhysicalCard, ...]] = {}
    concealed: dict[str, tuple[PhysicalCard, ...] | None] = {}
    for i, name in enumerate(t.seats):
        h, d = state.hands[i], state.declared[i] & state.hands[i]
        declared[name] = pcs(bit_indices(d))
        if allseeing or i == me:
            mine = pcs(bit_indices(h & ~d))
            concealed[name] = mine
            hands[name] = declared[name] + mine
        else:
            concealed[name] = None
            hands[name] = declared[name] + (None,) * (h & ~d).bit_count()
    legal: tuple[Action, ...] = ()
    if state.turn >= 0 and (allseeing or state.turn == me):
        legal = tuple(state.legal_actions)
    return BesikView(
        seat=seat,
        seats=t.seats,
        parties=t.parties,
        phase=state.phase,
        seat_to_act=state.seat_to_act,
        hands=hands,
        trick=state.current_trick,
        tricks_won=dict(zip(t.seats, state.tricks_won, strict=True)),
        outcome=state.outcome(),
        breakdown=state.score_breakdown(),
        ruleset=t.rules.name,
        partnerships=t.partnerships,
        dealer=t.seats[t.dealer],
        deal_no=t.deal_no,
        trumps=Suit(t.trump),
        up_card=state.up,
        talon_count=state.talon_count,
        end_play=state.end_play,
        declared=declared,
        concealed=concealed,
        last_trick=tuple((t.seats[s], PC[u]) for s, u in state.last_trick),
        tricks_played=state.trick_no,
        melds=state.melds,
        may_declare=state.window > 0 and not state.melded and window_refusal(state) is None,
        talon=state.talon_order if allseeing else None,
        won={n: pcs(bit_indices(state.won[i])) for i, n in enumerate(t.seats)}
        if allseeing
        else None,
        legal=legal,
    )


def visible_events(events: Iterable[Event], seat: str | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them: other players' draws from the face-down
    talon lose their card (``seat=None`` sees everything).

    >>> from cardtutor.engine.besik import Draw, Phase, apply, start_deal
    >>> state, _ = start_deal(seed=2)
    >>> while state.phase is not Phase.DRAW:
    ...     state, _ = apply(state, state.legal_actions.plays()[0])
    >>> _, events = apply(state, Draw("A"))
    >>> [e.msg.render("en") for e in visible_events(events, "A")][:2]
    ['A draws the jack of clubs from the talon.', 'B draws a card from the talon.']
    """
    out = []
    for e in events:
        if seat is not None and e.msg.key == "besik.draw" and e.seat != seat:
            e = e._replace(msg=Msg("besik.draw.hidden", seat=e.seat), cards=())
        out.append(e)
    return tuple(out)
