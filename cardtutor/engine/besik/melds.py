"""Melds: shapes, values, re-use (RULES.md 3.3), the Besik family ruling and the search."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from cardtutor.engine.besik.actions import Meld
from cardtutor.engine.besik.constants import DOUBLE_MARRIAGE_TRUMP_POINTS, MELD_POINTS
from cardtutor.engine.besik.messages import won_key
from cardtutor.engine.besik.rulesets import Ruleset
from cardtutor.engine.besik.scoring import add_points, totals_of
from cardtutor.engine.besik.state import (
    DRAW,
    OVER,
    PLAY,
    DeclaredMeld,
    State,
    check_held,
    may_declare,
    window_refusal,
)
from cardtutor.engine.besik.uids import (
    ACE,
    CARD_MASK,
    JACK,
    JD_INDEX,
    KING,
    PC,
    QS_INDEX,
    QUEEN,
    RANK_MASK,
    RANK_OF,
    SEVEN,
    SUIT_OF,
    TEN,
    lowest,
    mask_of_cards,
    pcs,
)
from cardtutor.engine.cards import Suit, bit_indices
from cardtutor.engine.events import Event
from cardtutor.engine.text import Msg

U_MARRIAGE, U_JACKS, U_QUEENS, U_KINGS, U_ACES = 0, 1, 2, 3, 4


U_BESIK, U_DOUBLE_BESIK, U_TRIPLE_BESIK, U_QUINT, U_SEVEN = 5, 6, 7, 8, 9


N_SLOTS = 10


SLOTS: dict[str, tuple[int, ...]] = {
    "marriage": (U_MARRIAGE,),
    "trump-marriage": (U_MARRIAGE,),
    "double-marriage": (U_MARRIAGE,),
    "four-jacks": (U_JACKS,),
    "four-queens": (U_QUEENS,),
    "four-kings": (U_KINGS,),
    "four-aces": (U_ACES,),
    "besik": (U_BESIK,),
    # a double Besik counts as two Besiks declared at once (like the double marriage):
    # its cards are then used up for "besik" too; a triple Besik for both.
    "double-besik": (U_DOUBLE_BESIK, U_BESIK),
    "triple-besik": (U_TRIPLE_BESIK, U_DOUBLE_BESIK, U_BESIK),
    "quint-major": (U_QUINT,),
}


BESIK_PACKS = {"besik": 1, "double-besik": 2, "triple-besik": 3}
"""The Besik family: how many Pik-Damen and Karo-Bauern each meld holds."""


FOUR_OF_A_KIND = {"four-jacks": JACK, "four-queens": QUEEN, "four-kings": KING, "four-aces": ACE}


QUINT_RANKS = (ACE, TEN, KING, QUEEN, JACK)


def triple_first_turn(s: State) -> bool:
    t = s.table
    return (
        t.rules.triple_besik_wins
        and len(t.seats) >= 3
        and s.trick_no == 0
        and s.phase is PLAY
        and s.winner < 0
    )


def meld_name(kind: str, uids: Sequence[int]) -> Msg:
    suit = Suit(SUIT_OF[uids[0]]) if uids else Suit.CLUBS
    return Msg(f"besik.meld.{kind}", suit=suit)


def meld_shape(kind: str, uids: list[int], trump: int, rules: type[Ruleset]) -> Msg | None:
    """None if the cards form the meld ``kind``, else the reason."""
    ranks = sorted(RANK_OF[u] for u in uids)
    suits = {SUIT_OF[u] for u in uids}
    idx = sorted(u & 31 for u in uids)
    ok: bool
    if kind in ("marriage", "trump-marriage"):
        ok = len(uids) == 2 and ranks == [QUEEN, KING] and len(suits) == 1
        if ok and (next(iter(suits)) == trump) != (kind == "trump-marriage"):
            ok = False
    elif kind == "double-marriage":
        ok = len(uids) == 4 and ranks == [QUEEN, QUEEN, KING, KING] and len(suits) == 1
    elif kind in FOUR_OF_A_KIND:
        ok = len(uids) == 4 and ranks == [FOUR_OF_A_KIND[kind]] * 4
    elif kind == "besik":
        ok = idx == [JD_INDEX, QS_INDEX]
    elif kind == "double-besik":
        ok = idx == [JD_INDEX] * 2 + [QS_INDEX] * 2
    elif kind == "triple-besik":
        ok = idx == [JD_INDEX] * 3 + [QS_INDEX] * 3
    elif kind == "quint-major":
        ok = len(uids) == 5 and ranks == [TEN, JACK, QUEEN, KING, ACE] and len(suits) == 1
        if ok and not rules.quint_any_suit and next(iter(suits)) != trump:
            return Msg("besik.err.quint_trumps")
    else:
        return Msg("besik.err.kind", kind=kind)
    if not ok:
        return Msg("besik.err.shape", cards=pcs(uids), label=Msg(f"besik.label.{kind}"))
    return None


def meld_points(kind: str, uids: Sequence[int], trump: int) -> int:
    if kind == "double-marriage" and SUIT_OF[uids[0]] == trump:
        return DOUBLE_MARRIAGE_TRUMP_POINTS
    return MELD_POINTS[kind]


def check_meld(s: State, a: Meld) -> Msg | None:
    kind = a.kind
    if kind not in MELD_POINTS:
        return Msg("besik.err.kind", kind=kind)
    t = s.table
    first_turn = kind == "triple-besik" and triple_first_turn(s)
    if not first_turn:
        if (m := window_refusal(s)) is not None:
            return m
        if s.melded:
            return Msg("besik.err.once")
    if kind == "triple-besik" and t.packs < 3:  # the rule first: no cards could make one
        return Msg("besik.err.triple_only")
    mask, m = check_held(s, a.cards)
    if m is not None:
        return m
    uids = bit_indices(mask)
    if (m := meld_shape(kind, uids, t.trump, t.rules)) is not None:
        return m
    rules = t.rules
    slot = SLOTS[kind][0]
    if kind in BESIK_PACKS:
        if (m := besik_family_refusal(s, kind, mask)) is not None:
            return m
    elif (m := reuse_refusal(kind, mask, s.used[slot])) is not None:
        return m
    if slot == U_MARRIAGE and not rules.marriage_from_sequence and mask & s.used[U_QUINT]:
        return Msg("besik.err.marriage_from_sequence")
    if not rules.exchange_card_meldable and s.taken >= 0 and mask >> s.taken & 1:
        return Msg("besik.err.exchanged_card")
    return None


def reuse_refusal(kind: str, mask: int, used: int) -> Msg | None:
    """The same kind of meld scores again only with fresh cards (RULES.md 3.3)."""
    if not mask & used:
        return None
    if mask & used == mask:
        return Msg(f"besik.err.repeat.{kind}")
    u = lowest(mask & used)
    return Msg("besik.err.reused", card=PC[u], code=PC[u].code, meld=meld_name(kind, [u]))


def besik_family_refusal(s: State, kind: str, mask: int) -> Msg | None:
    """RULES.md 3.3 for the Besik family (Besik, Doppel-Besik, Tripelbesik).

    A Doppel-Besik counts as two Besiks declared at once and a Tripelbesik as all its
    Besiks and Doppel-Besiks: their cards make no smaller meld of the family afterwards.
    A larger meld may build on at most one earlier declaration of the family, contained
    whole (a declared Besik extended by a fresh pair), the rest fresh from the hand: two
    Besiks declared separately never merge into a Doppel-Besik.
    """
    if not mask & s.used[U_BESIK]:  # no card has served in the family: all fresh
        return None
    size = BESIK_PACKS[kind]
    earlier = [(m, mask_of_cards(m.cards)) for m in s.melds if m.kind in BESIK_PACKS]
    earlier = [(m, mm) for m, mm in earlier if mm & mask]
    for m, mm in earlier:
        if BESIK_PACKS[m.kind] > size:
            u = lowest(mm & mask)
            return Msg(
                "besik.err.inside",
                card=PC[u],
                code=PC[u].code,
                label=Msg(f"besik.noun.{m.kind}"),
                wanted=Msg(f"besik.noun.{kind}"),
            )
    same = 0
    for m, mm in earlier:
        if m.kind == kind:
            same |= mm
    if (r := reuse_refusal(kind, mask, same)) is not None:
        return r
    # the smaller declarations built on; one contained in another (a Besik extended to a
    # Doppel-Besik) is one chain, so count only the largest of each
    tops = [mm for _, mm in earlier if not any(mm != o and mm & ~o == 0 for _, o in earlier)]
    if len(tops) > 1:
        if kind == "double-besik":
            return Msg("besik.err.double_separate", points=MELD_POINTS[kind])
        return Msg("besik.err.triple_separate", count=len(tops))
    outside = tops[0] & ~mask
    if outside:
        u = lowest(tops[0] & mask)
        return Msg(
            "besik.err.not_whole", card=PC[u], code=PC[u].code, label=Msg(f"besik.noun.{kind}")
        )
    return None


_FOLD = (1 << 32) - 1
_QUEENS32 = sum(1 << (suit * 8 + QUEEN - 7) for suit in range(4))
_BESIK32 = (1 << QS_INDEX) | (1 << JD_INDEX)
_JACKS, _QUEENS, _KINGS, _ACES = (RANK_MASK[r] for r in (JACK, QUEEN, KING, ACE))
_HONOURS = _JACKS | _QUEENS | _KINGS | _ACES
_QS_ALL, _JD_ALL = CARD_MASK[QS_INDEX], CARD_MASK[JD_INDEX]
_NONE_USED = (0,) * N_SLOTS
_BESIK_SLOTS = ((U_BESIK, 1), (U_DOUBLE_BESIK, 2), (U_TRIPLE_BESIK, 3))
_SLOT_JACKS, _SLOT_QUEENS, _SLOT_KINGS, _SLOT_ACES = (
    SLOTS[kind][0] for kind in ("four-jacks", "four-queens", "four-kings", "four-aces")
)
_QUINT32 = sum(1 << (rank - SEVEN) for rank in QUINT_RANKS)
"""The Quint-Major's five cards in clubs, card indices (shift by ``suit * 8``)."""


def _fold(mask: int) -> int:
    """The packs of ``mask`` folded onto one 32-bit pack (card indices)."""
    return (mask | mask >> 32 | mask >> 64 | mask >> 96) & _FOLD


def could_meld(
    hand: int, used: tuple[int, ...] | None = None, rules: type[Ruleset] = Ruleset
) -> bool:
    """A quick mask test: could any meld be complete in ``hand``?

    Most hands hold none, and the search below costs far more than these few integer
    operations: every meld needs a king and queen of one suit (marriages and the
    Quint-Major), the Pik-Dame and the Karo-Bauer (the Besik family), or four cards
    of one rank. The packs are folded onto one 32-bit pack first; a king's index is its
    queen's plus one, so ``fold >> 1 & fold`` has a queen's bit where both are held.

    With ``used`` (the state's used-card masks per slot) each family is tested on the
    cards still fresh for it, as :func:`meld_candidates` picks them: once a marriage
    is declared its king and queen stay in the hand, and without this the search
    would run, and find nothing, at every later turn of that player.

    >>> from cardtutor.engine.besik.uids import mask_of_cards
    >>> from cardtutor.engine.cards import PhysicalCard as P
    >>> could_meld(mask_of_cards(map(P.parse, ["KH#1", "QH#2", "7C"])))
    True
    >>> could_meld(mask_of_cards(map(P.parse, ["KH#1", "QS#2", "JD", "AC", "AD", "AS"])))
    True
    >>> could_meld(mask_of_cards(map(P.parse, ["KH#1", "QS#2", "AC", "AD", "AS", "7S"])))
    False
    >>> kq = mask_of_cards(map(P.parse, ["KH#1", "QH#2"]))
    >>> used = [0] * N_SLOTS
    >>> used[U_MARRIAGE] = kq
    >>> could_meld(kq, tuple(used))
    False
    """
    if used is None:
        used = _NONE_USED
    # first the whole hand, one fold of the packs: most hands hold no king and queen of
    # one suit and no Besik pair, and then only four of a kind remains to test
    if hand >> 64:  # three or four packs
        fold = (hand | hand >> 32 | hand >> 64 | hand >> 96) & _FOLD
    else:  # two players, two packs: half the work
        fold = (hand | hand >> 32) & _FOLD
    if fold >> 1 & fold & _QUEENS32:
        fm = hand & ~used[U_MARRIAGE]
        if not rules.marriage_from_sequence:
            fm &= ~used[U_QUINT]
        fm = _fold(fm)
        if fm >> 1 & fm & _QUEENS32:
            return True
        fq = _fold(hand & ~used[U_QUINT])
        if fq >> 1 & fq & _QUEENS32:  # a Quint-Major needs a king and queen too
            for suit in range(4):
                if fq >> (suit * 8) & _QUINT32 == _QUINT32:
                    return True
    if fold & _BESIK32 == _BESIK32:
        qs_all = hand & _QS_ALL
        jd_all = hand & _JD_ALL
        for slot, size in _BESIK_SLOTS:
            fresh = ~used[slot]
            if (qs_all & fresh).bit_count() >= size and (jd_all & fresh).bit_count() >= size:
                return True
    honours = hand & _HONOURS
    if honours.bit_count() < 4:
        return False
    # rank by rank, unrolled (no loop: four honours are the commonest reason to get here)
    four = honours & _JACKS
    if four.bit_count() >= 4 and (four & ~used[_SLOT_JACKS]).bit_count() >= 4:
        return True
    four = honours & _QUEENS
    if four.bit_count() >= 4 and (four & ~used[_SLOT_QUEENS]).bit_count() >= 4:
        return True
    four = honours & _KINGS
    if four.bit_count() >= 4 and (four & ~used[_SLOT_KINGS]).bit_count() >= 4:
        return True
    four = honours & _ACES
    return four.bit_count() >= 4 and (four & ~used[_SLOT_ACES]).bit_count() >= 4


def meld_candidates(s: State, quick: bool = True) -> list[Meld]:
    """Every meld the player to move may declare now (empty outside his window).

    ``quick=False`` skips the quick mask test (:func:`could_meld`), for the tests that
    prove it never hides a meld.
    """
    if (s.phase is not PLAY and s.phase is not DRAW) or s.turn < 0:
        return []
    t = s.table
    rules = t.rules
    hand = s.hands[s.turn]
    name = t.seats[s.turn]
    used = s.used
    if not may_declare(s) or s.melded:
        if s.trick_no == 0 and triple_first_turn(s):
            return triple_candidates(name, hand, used, t.packs)
        return []
    if not rules.exchange_card_meldable and s.taken >= 0:
        hand &= ~(1 << s.taken)
    if quick and not could_meld(hand, used, rules):
        return []
    out: list[Meld] = []
    trump = t.trump
    # marriages
    fresh = hand & ~used[U_MARRIAGE]
    if not rules.marriage_from_sequence:
        fresh &= ~used[U_QUINT]
    for suit in range(4):
        km = fresh & CARD_MASK[suit * 8 + 6]
        if not km:
            continue
        qm = fresh & CARD_MASK[suit * 8 + 5]
        if not qm:
            continue
        ks, qs = bit_indices(km), bit_indices(qm)
        kind = "trump-marriage" if suit == trump else "marriage"
        for k in ks:
            for q in qs:
                out.append(_meld(name, kind, (k, q)))
        if len(ks) >= 2 and len(qs) >= 2:
            for kk in combinations(ks, 2):
                for qq in combinations(qs, 2):
                    out.append(_meld(name, "double-marriage", kk + qq))
    # four of a rank
    for kind, rank in FOUR_OF_A_KIND.items():
        fm = hand & RANK_MASK[rank] & ~used[SLOTS[kind][0]]
        if fm.bit_count() >= 4:
            for four in combinations(bit_indices(fm), 4):
                out.append(_meld(name, kind, four))
    # Besik family
    qs_all = hand & CARD_MASK[QS_INDEX]
    jd_all = hand & CARD_MASK[JD_INDEX]
    if qs_all and jd_all:
        for kind, size in (("besik", 1), ("double-besik", 2), ("triple-besik", 3)):
            slot = SLOTS[kind][0]
            qf = qs_all & ~used[slot]
            jf = jd_all & ~used[slot]
            if qf.bit_count() >= size and jf.bit_count() >= size:
                for bq in combinations(bit_indices(qf), size):
                    for bj in combinations(bit_indices(jf), size):
                        cards = (*bq, *bj)
                        if (
                            besik_family_refusal(s, kind, mask_of_cards(PC[u] for u in cards))
                            is None
                        ):
                            out.append(_meld(name, kind, cards))
    # Quint-Major
    fq = hand & ~used[U_QUINT]
    for suit in range(4) if rules.quint_any_suit else (trump,):
        lists = []
        for rank in QUINT_RANKS:
            m = fq & CARD_MASK[suit * 8 + rank - 7]
            if not m:
                break
            lists.append(bit_indices(m))
        else:
            for combo in product(*lists):
                out.append(_meld(name, "quint-major", combo))
    return out


_MELDS: dict[tuple[str, str, tuple[int, ...]], Meld] = {}
_MELDS_MAX = 100_000


def _meld(seat: str, kind: str, uids: tuple[int, ...]) -> Meld:
    """The shared :class:`Meld` (actions are immutable) of ``seat``, ``kind`` and the cards
    ``uids``: the same candidates are listed again at every turn until declared, and a
    frozen dataclass with its sorted cards costs more to build than a look-up. (A few
    thousand per seat name; emptied past :data:`_MELDS_MAX` so that many seat names
    cannot grow it without bound.)"""
    key = (seat, kind, uids)
    meld = _MELDS.get(key)
    if meld is None:
        if len(_MELDS) >= _MELDS_MAX:
            _MELDS.clear()
        meld = _MELDS[key] = Meld(seat, kind, pcs(uids))
    return meld


def triple_candidates(name: str, hand: int, used: tuple[int, ...], packs: int) -> list[Meld]:
    if packs < 3:
        return []
    qs = [u for u in bit_indices(hand) if u & 31 == QS_INDEX and not used[U_TRIPLE_BESIK] >> u & 1]
    jd = [u for u in bit_indices(hand) if u & 31 == JD_INDEX and not used[U_TRIPLE_BESIK] >> u & 1]
    return [
        Meld(name, "triple-besik", pcs(q + j))
        for q in combinations(qs, 3)
        for j in combinations(jd, 3)
    ]


def apply_meld(s: State, a: Meld, explain: bool = True) -> tuple[State, tuple[Event, ...]]:
    """Declare the (legal) meld ``a``; ``explain=False`` skips the events."""
    t = s.table
    seat = s.turn
    name = t.seats[seat]
    p = t.party_of[seat]
    uids = sorted(c.uid for c in a.cards)
    mask = 0
    for u in uids:
        mask |= 1 << u
    first_turn_win = a.kind == "triple-besik" and triple_first_turn(s)
    points = meld_points(a.kind, uids, t.trump)
    declared = list(s.declared)
    declared[seat] |= mask
    used = list(s.used)
    for slot in SLOTS[a.kind]:
        used[slot] |= mask
    cards = pcs(uids)
    scores = add_points(s.scores, p, points)
    dm = DeclaredMeld(name, t.parties[p], a.kind, cards, points, s.trick_no)
    # the state's fields by name, the new state as one tuple display (see ``play.py``)
    (
        _,
        hands,
        _,
        talon_pos,
        up_card,
        trick,
        turn,
        phase,
        window,
        _,  # melded
        taken,
        _,
        melds,
        won,
        tricks_won,
        last_trick,
        trick_no,
        _,
        log,
        winner,
    ) = s
    if first_turn_win:
        phase, turn, winner = OVER, -1, p
    new = tuple.__new__(
        State,
        (
            t,
            hands,
            tuple(declared),
            talon_pos,
            up_card,
            trick,
            turn,
            phase,
            window,
            True,  # melded
            taken,
            tuple(used),
            melds + (dm,),
            won,
            tricks_won,
            last_trick,
            trick_no,
            scores,
            log + ((p, a.kind, points),),
            winner,
        ),
    )
    if not explain:
        return new, ()
    if first_turn_win:
        msg = Msg("besik.score.triple_wins", seat=name, cards=cards, points=points)
    elif a.kind == "double-marriage":
        msg = Msg(
            "besik.score.double_marriage",
            seat=name,
            suit=Suit(SUIT_OF[uids[0]]),
            cards=cards,
            points=points,
        )
    else:
        msg = Msg(
            "besik.score.meld", seat=name, meld=meld_name(a.kind, uids), cards=cards, points=points
        )
    rule = "besik#" + a.kind
    ev = [
        Event.score(name, "meld", points, msg, rule=rule, totals=totals_of(t, scores), cards=cards)
    ]
    if first_turn_win:
        ev.append(
            Event(
                "info",
                t.parties[p],
                Msg(won_key(t.parties[p]), party=t.parties[p], total=scores[p]),
                rule="besik#triple-besik",
            )
        )
    return new, tuple(ev)
