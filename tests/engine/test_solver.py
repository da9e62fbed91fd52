"""The double-dummy solver: exact against plain minimax, consistent with the engines' scoring.

Two independent references:

- a plain exhaustive minimax over the *engines* (``ENGINE.apply`` on every legal ``Play``,
  points read from ``score_breakdown()``): no pruning, no table, no equivalent cards; it also
  checks that the solver's rules are the engines' rules;
- a plain minimax over masks written here from the rules (RULES.md), fast enough for random
  positions of up to five or six tricks.

And the principal variation of every card, played through the engine, scores by the engine's
own scoring exactly the points the solver gives for each side.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtutor.engine import besik, piquet
from cardtutor.engine.cards import PhysicalCard, parse_cards
from cardtutor.engine.solver import OutOfScopeError, solve
from cardtutor.engine.solver.besik_core import BesikPosition, BesikRules, BesikSearch, add_card
from cardtutor.engine.solver.piquet_core import PiquetPosition, PiquetScoring, PiquetSearch

PIQUET_PLAY = ("lead", "trick", "last_trick", "cards", "capot")

# --------------------------------------------------------------------------------------------
# Reaching positions through the engines
# --------------------------------------------------------------------------------------------


def piquet_position(seed: int, tricks_left: int, mid_trick: bool = False) -> piquet.State:
    """A Piquet deal from ``seed`` with random legal choices until ``tricks_left`` remain."""
    state, _ = piquet.new_deal(seed=seed)
    rng = random.Random(seed)
    while state.phase is not piquet.Phase.PLAY:
        state, _ = piquet.ENGINE.apply(state, state.legal_actions.sample(rng))
    cards_left = 2 * tricks_left - (1 if mid_trick else 0)
    while state.hands[0].bit_count() + state.hands[1].bit_count() > cards_left:
        state, _ = piquet.ENGINE.apply(state, state.legal_actions.sample(rng))
    return state


def besik_position(
    seed: int, tricks_left: int, ruleset: str = "seed", mid_trick: bool = False
) -> besik.State:
    """A two-player Besik deal from ``seed`` played at random into its last eight tricks,
    then on until ``tricks_left`` remain."""
    state, _ = besik.start_deal(seed=seed, ruleset=ruleset)
    rng = random.Random(seed)
    while not (state.end_play and state.phase is besik.Phase.PLAY):
        state, _ = besik.ENGINE.apply(state, state.legal_actions.sample(rng))
    cards_left = 2 * tricks_left - (1 if mid_trick else 0)
    while state.hands[0].bit_count() + state.hands[1].bit_count() > cards_left:
        state, _ = besik.ENGINE.apply(state, state.legal_actions.sample(rng))
    return state


# --------------------------------------------------------------------------------------------
# The engines' scoring of the rest of a deal
# --------------------------------------------------------------------------------------------


def piquet_points(state: piquet.State) -> dict[str, int]:
    """The play points (leads, wins, last trick, cards, capot) the deal has scored so far."""
    breakdown = state.score_breakdown()
    return {seat: sum(breakdown[seat][c] for c in PIQUET_PLAY) for seat in state.seats}


def besik_points(state: besik.State) -> dict[str, int]:
    """The card points and last trick scored so far (Augen or brisques are credited at the
    end of the deal) less what the tricks won before ``state`` would give: use the difference
    between two states of one deal."""
    breakdown = state.score_breakdown()
    return {
        seat: sum(breakdown[seat].get(c, 0) for c in ("augen", "brisques", "last_trick"))
        for seat in state.seats
    }


def besik_won_before(state: besik.State) -> dict[str, int]:
    """What the cards already won will score at the end (the solver leaves them out)."""
    augen = state.table.rules.augen
    out = {}
    for i, seat in enumerate(state.seats):
        uids = [u for u in range(len(besik.PC)) if state.won[i] >> u & 1]
        if augen:
            out[seat] = sum(besik.AUGEN[u] for u in uids)
        else:
            out[seat] = 10 * sum(besik.BRISQUE[u] for u in uids)
    return out


def engine_minimax(
    state: Any, apply: Callable[[Any, Any], Any], points: Callable[[Any], Any], root: str
) -> int:
    """Plain minimax through the engine: the final points of ``root`` minus the other's."""
    if state.is_over:
        pts = points(state)
        other = next(s for s in state.seats if s != root)
        return int(pts[root] - pts[other])
    values = [engine_minimax(apply(state, a)[0], apply, points, root) for a in state.legal_actions]
    return max(values) if state.seat_to_act == root else min(values)


def check_against_engine(
    state: Any,
    apply: Callable[[Any, Any], Any],
    points: Callable[[Any], dict[str, int]],
    before: dict[str, int],
) -> None:
    """Every legal card's value equals the engine minimax; every card's line, played through
    the engine, scores exactly the solver's points for each side."""
    solution = solve(state)
    me = state.seat_to_act
    other = next(s for s in state.seats if s != me)
    assert set(solution) == set(state.legal_actions)
    for action in state.legal_actions:
        child = apply(state, action)[0]
        expected = engine_minimax(child, apply, points, me) - (before[me] - before[other])
        assert solution.value(action) == expected, (action, solution.value(action), expected)
        assert solution.loss(action) == solution.best_value - expected
        # The line, through the engine's own apply, scores the solver's points.
        end = state
        for step in solution.line(action):
            assert step in end.legal_actions
            end = apply(end, step)[0]
        assert end.is_over
        final = points(end)
        got = {s: final[s] - before[s] for s in state.seats}
        assert got == solution.points(action), (action, got, solution.points(action))
        assert got[me] - got[other] == expected
    assert solution.best_value == max(solution.value(a) for a in solution)


# --------------------------------------------------------------------------------------------
# Exactness through the engines (small positions: plain minimax over the engine is slow)
# --------------------------------------------------------------------------------------------

ENGINE_SETTINGS = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@ENGINE_SETTINGS
@given(seed=st.integers(0, 10**6), tricks=st.integers(1, 3), mid=st.booleans())
def test_piquet_exact_against_engine_minimax(seed: int, tricks: int, mid: bool) -> None:
    state = piquet_position(seed, tricks, mid)
    check_against_engine(state, piquet.ENGINE.apply, piquet_points, piquet_points(state))


@ENGINE_SETTINGS
@given(
    seed=st.integers(0, 10**6),
    tricks=st.integers(1, 3),
    mid=st.booleans(),
    ruleset=st.sampled_from(["seed", "standard"]),
)
def test_besik_exact_against_engine_minimax(
    seed: int, tricks: int, mid: bool, ruleset: str
) -> None:
    state = besik_position(seed, tricks, ruleset, mid)
    before = besik_points(state)
    # The engine credits every won card at the end; the solver counts only the cards still
    # to be won, so subtract what the cards won before will score.
    won = besik_won_before(state)
    check_against_engine(
        state, besik.ENGINE.apply, besik_points, {s: before[s] + won[s] for s in state.seats}
    )


# --------------------------------------------------------------------------------------------
# Exactness against a plain minimax over masks (bigger positions)
# --------------------------------------------------------------------------------------------

PIQUET_SCORING = PiquetScoring(
    lead=piquet.POINTS_LEAD,
    trick=piquet.POINTS_TRICK,
    last_trick=piquet.POINTS_LAST_TRICK,
    cards=piquet.POINTS_CARDS,
    capot=piquet.POINTS_CAPOT,
    tricks=12,
)


def piquet_minimax(hands: list[int], to_act: int, led: int, won: list[int]) -> int:
    """RULES.md 2.5-2.6 directly: follow suit if able; higher card of the suit led wins."""
    if not hands[0] and not hands[1]:
        return 0
    hand = hands[to_act]
    legal = hand
    if led >= 0 and hand & (0xFF << (led & ~7)):
        legal = hand & (0xFF << (led & ~7))
    best = None
    for c in range(32):
        if not legal >> c & 1:
            continue
        hands[to_act] ^= 1 << c
        if led < 0:
            v = piquet.POINTS_LEAD - piquet_minimax(hands, 1 - to_act, c, won)
        else:
            wins = c >> 3 == led >> 3 and c > led
            winner = to_act if wins else 1 - to_act
            g = piquet.POINTS_TRICK if wins else 0
            won[winner] += 1
            if not hands[0] and not hands[1]:
                end = piquet.POINTS_LAST_TRICK
                if won[winner] == 12:
                    end += piquet.POINTS_CAPOT
                elif won[winner] >= 7:
                    end += piquet.POINTS_CARDS
                elif won[1 - winner] >= 7:
                    end -= piquet.POINTS_CARDS
                v = g + end if wins else g - end
            else:
                rest = piquet_minimax(hands, winner, -1, won)
                v = g + rest if wins else g - rest
            won[winner] -= 1
        hands[to_act] ^= 1 << c
        if best is None or v > best:
            best = v
    assert best is not None
    return best


@settings(max_examples=60, deadline=None)
@given(
    deal=st.permutations(range(32)),
    tricks=st.integers(1, 5),
    split=st.integers(0, 11),
    to_act=st.integers(0, 1),
    mid=st.booleans(),
)
def test_piquet_search_exact_against_minimax(
    deal: list[int], tricks: int, split: int, to_act: int, mid: bool
) -> None:
    hands = [sum(1 << c for c in deal[:tricks]), sum(1 << c for c in deal[tricks : 2 * tricks])]
    played = 12 - tricks
    won = [min(split, played), played - min(split, played)]
    led = -1
    if mid:
        led = deal[0]
        hands[0] ^= 1 << led
        to_act = 1
    pos = PiquetPosition((hands[0], hands[1]), to_act, led, (won[0], won[1]))
    expected = piquet_minimax(list(hands), to_act, led, list(won))
    assert PiquetSearch(PIQUET_SCORING).value(pos) == expected


AUGEN_BY_STRENGTH = (0, 0, 0, 2, 3, 4, 10, 11)  # 7 8 9 B D K 10 A (RULES.md 3)


def besik_minimax(
    hands: list[list[int]],
    to_act: int,
    led: int,
    trump: int,
    must_win: bool,
    values: tuple[int, ...],
) -> int:
    """RULES.md 3.5 and 4 directly on lists of (suit * 8 + strength) cards."""
    if not hands[0] and not hands[1]:
        return 0
    hand = hands[to_act]
    legal = list(hand)
    if led >= 0:
        follow = [c for c in hand if c >> 3 == led >> 3]
        trumps = [c for c in hand if c >> 3 == trump]
        if follow:
            legal = follow
            higher = [c for c in follow if c > led]
            if must_win and higher:
                legal = higher
        elif trumps:
            legal = trumps
    best = None
    for c in sorted(set(legal)):
        hand.remove(c)
        if led < 0:
            v = -besik_minimax(hands, 1 - to_act, c, trump, must_win, values)
        else:
            wins = c > led if c >> 3 == led >> 3 else c >> 3 == trump
            pts = values[c & 7] + values[led & 7]
            if not hands[0] and not hands[1]:
                pts += besik.POINTS_LAST_TRICK
            rest = besik_minimax(hands, to_act if wins else 1 - to_act, -1, trump, must_win, values)
            v = pts + rest if wins else -pts - rest
        hand.append(c)
        if best is None or v > best:
            best = v
    assert best is not None
    return best


@settings(max_examples=60, deadline=None)
@given(
    deal=st.permutations([p for p in range(32) for _ in range(2)]),
    tricks=st.integers(1, 5),
    trump=st.integers(0, 3),
    must_win=st.booleans(),
    brisques=st.booleans(),
    mid=st.booleans(),
)
def test_besik_search_exact_against_minimax(
    deal: list[int], tricks: int, trump: int, must_win: bool, brisques: bool, mid: bool
) -> None:
    values8 = (0, 0, 0, 0, 0, 0, 10, 10) if brisques else AUGEN_BY_STRENGTH
    values = values8 * 4
    lists = [list(deal[:tricks]), list(deal[tricks : 2 * tricks])]
    masks = [0, 0]
    for i in (0, 1):
        for p in lists[i]:
            masks[i] = add_card(masks[i], p)
    led = -1
    to_act = 0
    if mid:
        led = lists[0].pop()
        masks[0] = 0
        for p in lists[0]:
            masks[0] = add_card(masks[0], p)
        to_act = 1
    rules = BesikRules(trump, must_win, values, besik.POINTS_LAST_TRICK)
    pos = BesikPosition((masks[0], masks[1]), to_act, led)
    expected = besik_minimax(lists, to_act, led, trump, must_win, values8)
    assert BesikSearch(rules).value(pos) == expected


# --------------------------------------------------------------------------------------------
# Hand-made positions with known answers
# --------------------------------------------------------------------------------------------


def piquet_play_state(hands: dict[str, str], lead_seat: str, won: tuple[int, int]) -> piquet.State:
    """A play-phase engine state with the given hands (the remaining tricks) and tricks won."""
    state, _ = piquet.new_deal(seed=1)
    while state.phase is not piquet.Phase.PLAY:
        state, _ = piquet.ENGINE.apply(state, state.legal_actions.sample(random.Random(1)))
    masks = tuple(sum(c.bit for c in parse_cards(hands[s])) for s in state.seats)
    turn = state.seats.index(lead_seat)
    return state._replace(hands=masks, turn=turn, leader=turn, lead=-1, won=won)


def test_piquet_leading_the_wrong_card_loses_the_cards() -> None:
    # Five tricks each so far. A: AS QS; B: KS 7H.
    # AS first: B must follow with KS; A leads QS, B discards 7H: A has 7 tricks.
    # QS first: B's KS wins; B leads 7H and A, void, throws AS: B has 7 tricks.
    state = piquet_play_state({"A": "AS QS", "B": "KS 7H"}, "A", (5, 5))
    solution = solve(state)
    ace, queen = piquet.Play.of("A", "AS"), piquet.Play.of("A", "QS")
    lead, win, last = piquet.POINTS_LEAD, piquet.POINTS_TRICK, piquet.POINTS_LAST_TRICK
    assert solution.points(ace) == {"A": 2 * lead + last + piquet.POINTS_CARDS, "B": 0}
    assert solution.points(queen) == {"A": lead, "B": win + lead + last + piquet.POINTS_CARDS}
    assert solution.best == (ace,)
    assert solution.loss(queen) == 25
    assert solution.principal_variation == (
        ace,
        piquet.Play.of("B", "KS"),
        piquet.Play.of("A", "QS"),
        piquet.Play.of("B", "7H"),
    )


def test_piquet_second_player_scores_his_win() -> None:
    # Five tricks each. A: AS 7S; B: KS 8S. Either way the tricks are divided 6-6; leading
    # the seven lets A score a second player's win and the last trick.
    state = piquet_play_state({"A": "AS 7S", "B": "KS 8S"}, "A", (5, 5))
    solution = solve(state)
    ace, seven = piquet.Play.of("A", "AS"), piquet.Play.of("A", "7S")
    assert solution.points(ace) == {"A": 2, "B": 2}  # two leads; B's win and the last trick
    assert solution.points(seven) == {"A": 3, "B": 2}  # lead, win, last; B's win and lead
    assert solution.best == (seven,)
    assert solution.loss(ace) == 1


def test_piquet_capot() -> None:
    # A has won all ten tricks so far and holds the two top spades: capot (40, not 10).
    state = piquet_play_state({"A": "AS KS", "B": "QS JS"}, "A", (10, 0))
    solution = solve(state)
    assert solution.best_value == 2 + 1 + piquet.POINTS_CAPOT


def test_piquet_mid_trick() -> None:
    # A (3 tricks) has led QS from QS JS 9H; B (6 tricks) replies from KS 7S AH.
    # KS: B wins, leads 7S to A's JS (better than cashing AH first), A leads 9H to B's AH:
    #     B 8 tricks. B: two wins, a lead, the last trick, the cards; A: a win and a lead.
    # 7S: A wins, leads JS to B's KS, B cashes AH: B 8 tricks. B: win, lead, last, the cards;
    #     A: the lead of JS (A's QS lead was scored before this position).
    state = piquet_play_state({"A": "QS JS 9H", "B": "KS 7S AH"}, "A", (3, 6))
    state, _ = piquet.ENGINE.apply(state, piquet.Play.of("A", "QS"))
    solution = solve(state)
    king, seven = piquet.Play.of("B", "KS"), piquet.Play.of("B", "7S")
    assert set(solution) == {king, seven}  # B must follow suit
    cards = piquet.POINTS_CARDS
    assert solution.points(king) == {"A": 2, "B": 4 + cards}
    assert solution.points(seven) == {"A": 1, "B": 3 + cards}
    assert set(solution.best) == {king, seven}
    assert solution.best_value == 2 + cards


def test_piquet_equivalent_cards_share_a_value() -> None:
    state = piquet_position(11, 6)
    solution = solve(state)
    assert len(solution) == state.legal_actions.count()
    me = state.turn
    other = state.hands[1 - me]
    for a in solution:
        for b in solution:
            lo, hi = sorted((a.card.index, b.card.index))
            same_suit = lo >> 3 == hi >> 3
            between = other & ((1 << hi) - (1 << (lo + 1)))
            if same_suit and not between and state.lead < 0:
                assert solution.value(a) == solution.value(b)


def besik_end_state(
    hands: dict[str, list[str]], trump: str, lead_seat: str, ruleset: str = "seed"
) -> besik.State:
    """A two-player end-play engine state with the given hands."""
    state = besik_position(3, 8, ruleset)
    masks = tuple(sum(1 << _uid(c) for c in hands[s]) for s in state.seats)
    trump_i = "CDHS".index(trump)
    table = state.table._replace(trump=trump_i)
    return state._replace(
        table=table,
        hands=masks,
        declared=(0, 0),
        turn=state.seats.index(lead_seat),
        trick=(),
        won=(0, 0),
    )


def _uid(code: str) -> int:
    return PhysicalCard.parse(code).uid


def test_besik_duty_to_trump_matters() -> None:
    # Trumps hearts. A leads AS; B has no spade but the 7H and the AC: he must trump with the
    # seven (taking 11 + 0) though he would rather keep... The duty decides: B wins the ace.
    state = besik_end_state({"A": ["AS", "10C"], "B": ["7H", "AC"]}, "H", "A")
    solution = solve(state)
    ace, ten = besik.Play("A", besik.PC[_uid("AS")]), besik.Play("A", besik.PC[_uid("10C")])
    # AS: B must trump (7H wins 11), then B leads AC: A must follow with 10C: B takes 21 + 10.
    assert solution.points(ace) == {"A": 0, "B": 11 + 21 + besik.POINTS_LAST_TRICK}
    # 10C: B must follow with AC and wins 21, then leads 7H: A has no heart and no trump,
    # plays AS, and B's seven takes it and the last trick.
    assert solution.points(ten) == {"A": 0, "B": 21 + 11 + besik.POINTS_LAST_TRICK}
    # Without the duty to trump B could discard AC on AS... the engine forbids it:
    assert (
        besik.Play("B", besik.PC[_uid("AC")]) not in besik.ENGINE.apply(state, ace)[0].legal_actions
    )


def test_besik_trump_duty_changes_the_best_card() -> None:
    # Trumps spades. A: AH, KH; B: 10H? No: B holds 7S and 10C. A leading AH forces B (void in
    # hearts) to trump with 7S: B takes 11. A leading KH: the same. So A loses the ace either
    # way unless... A's best is KH (B's 7S takes only 4), then B leads 10C and A's AH is
    # discarded on it: B wins 21 + last. Exact values from the solver against the rules:
    state = besik_end_state({"A": ["AH", "KH"], "B": ["7S", "10C"]}, "S", "A")
    solution = solve(state)
    ah, kh = besik.Play("A", besik.PC[_uid("AH")]), besik.Play("A", besik.PC[_uid("KH")])
    last = besik.POINTS_LAST_TRICK
    assert solution.points(ah) == {"A": 0, "B": 11 + (4 + 10 + last)}
    assert solution.points(kh) == {"A": 0, "B": 4 + (11 + 10 + last)}
    assert solution.value(ah) == solution.value(kh)


def test_besik_standard_must_win() -> None:
    # Standard ruleset (brisques): A leads 9C; B holds AC and 8C: he must win with the ace.
    state = besik_end_state({"A": ["9C", "10H"], "B": ["AC", "8C"]}, "S", "A", "standard")
    state9, _ = besik.ENGINE.apply(state, besik.Play("A", besik.PC[_uid("9C")]))
    solution = solve(state9)
    assert list(solution) == [besik.Play("B", besik.PC[_uid("AC")])]
    # Seed rules: B may duck with the 8C.
    state = besik_end_state({"A": ["9C", "10H"], "B": ["AC", "8C"]}, "S", "A", "seed")
    state9, _ = besik.ENGINE.apply(state, besik.Play("A", besik.PC[_uid("9C")]))
    assert len(solve(state9)) == 2


# --------------------------------------------------------------------------------------------
# Out of scope
# --------------------------------------------------------------------------------------------


def test_refuses_piquet_before_the_play() -> None:
    state, _ = piquet.new_deal(seed=5)
    with pytest.raises(OutOfScopeError, match="play phase"):
        solve(state)


def test_refuses_besik_while_the_talon_lasts() -> None:
    state, _ = besik.start_deal(seed=5)
    with pytest.raises(OutOfScopeError, match="talon"):
        solve(state)


def test_refuses_three_players() -> None:
    state, _ = besik.start_deal(seed=5, seats=("A", "B", "C"))
    with pytest.raises(OutOfScopeError, match="three players"):
        solve(state)
    assert issubclass(OutOfScopeError, ValueError)


def test_refuses_four_players() -> None:
    state, _ = besik.start_deal(seed=5, seats=("A", "B", "C", "D"), partnerships=True)
    with pytest.raises(OutOfScopeError, match="partnerships"):
        solve(state)


def test_refuses_other_objects() -> None:
    with pytest.raises(OutOfScopeError):
        solve(None)
