"""The replay's card table and move list (server side): who sits where, what is hidden, the
declared cards, Piquet's stock groups, Besik's talon and the end of the deal; the move list
(pure, from the timeline) and its links; the "go to step" form with good and bad input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from cardtutor.engine.cards import Card, PhysicalCard, Suit
from cardtutor.replays.goto import parse_step
from cardtutor.replays.models import Replay
from cardtutor.replays.moves import build_moves, current_index, visible_moves
from cardtutor.replays.table import sort_hand, suit_order
from cardtutor.replays.timeline import build_timeline
from tests.test_replay_leaks import known_cards

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "replays.json"
LAST = {"piquet-example": 32, "besik-example": 98}


@pytest.fixture
def replays(db) -> dict[str, Replay]:
    call_command("loaddata", str(FIXTURE), verbosity=0)
    return {r.slug: r for r in Replay.objects.all()}


@pytest.fixture
def timelines(replays) -> dict[str, object]:
    return {slug: build_timeline(r.game, r.record) for slug, r in replays.items()}


def url(slug: str, number: int, seat: str = "") -> str:
    base = reverse("replays:step", args=[slug, number])
    return f"{base}?seat={seat}" if seat else base


def page(client: Client, slug: str, number: int, seat: str = "") -> str:
    response = client.get(url(slug, number, seat))
    assert response.status_code == 200
    return response.content.decode()


def section(html: str, start: str, end: str) -> str:
    """The part of ``html`` from the first ``start`` to the next ``end``."""
    at = html.index(start)
    return html[at : html.index(end, at)]


def seat_block(html: str, seat: str) -> str:
    return section(html, f'data-seat="{seat}"', "</section>")


def codes(fragment: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', fragment)


# --- hands, suits --------------------------------------------------------------------------


def test_suits_alternate_colours_where_they_can() -> None:
    assert suit_order(frozenset(Suit)) == (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    # spades, clubs, diamonds: the red suit goes between the black ones
    assert suit_order(frozenset({Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS})) == (
        Suit.SPADES,
        Suit.DIAMONDS,
        Suit.CLUBS,
    )
    assert suit_order(frozenset({Suit.HEARTS, Suit.DIAMONDS})) == (Suit.HEARTS, Suit.DIAMONDS)


def test_hands_sort_by_the_games_rank_order() -> None:
    piquet = [Card.parse(c) for c in ("10H", "KH", "AH", "7H")]
    assert [c.code for c in sort_hand(piquet, "piquet")] == ["AH", "KH", "10H", "7H"]
    besik = [PhysicalCard.parse(c) for c in ("KH#2", "10H#1", "AH#1", "KH#1")]
    assert [c.code for c in sort_hand(besik, "besik")] == ["AH#1", "10H#1", "KH#1", "KH#2"]


@pytest.mark.parametrize("slug", list(LAST))
def test_the_hand_on_the_page_is_sorted_with_alternating_colours(
    client: Client, replays, slug: str
) -> None:
    hand = section(page(client, slug, 0), 'data-testid="hand-A"', "</ul>")
    suits = [code.split("#")[0][-1] for code in codes(hand)]
    groups = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
    assert len(groups) == len(set(groups)), f"a suit is split: {suits}"
    red = [s in "HD" for s in groups]
    if groups and 0 < sum(red) < len(red) and abs(2 * sum(red) - len(red)) <= 1:
        assert all(a != b for a, b in zip(red, red[1:], strict=False)), groups


# --- the table per perspective -------------------------------------------------------------


@pytest.mark.parametrize("slug", list(LAST))
def test_the_seat_followed_sits_at_the_bottom(client: Client, replays, slug: str) -> None:
    for seat, bottom, top in (("", "A", "B"), ("A", "A", "B"), ("B", "B", "A")):
        html = page(client, slug, 5, seat)
        table = section(html, 'data-testid="card-table"', 'class="step-text"')
        assert re.search(rf'class="seat seat--bottom[^"]*"[^>]*data-seat="{bottom}"', table)
        assert re.search(rf'class="seat seat--top[^"]*"[^>]*data-seat="{top}"', table)
        # top seat first, then the middle of the table, then the bottom seat
        assert table.index(f'data-seat="{top}"') < table.index('class="table-centre"')
        assert table.index('class="table-centre"') < table.index(f'data-seat="{bottom}"')


@pytest.mark.parametrize("slug", list(LAST))
def test_a_hidden_hand_is_backs_with_a_count_and_no_card_anywhere(
    client: Client, replays, timelines, slug: str
) -> None:
    timeline = timelines[slug]
    for number in range(0, LAST[slug] + 1, 7):
        html = page(client, slug, number, "A")
        block = seat_block(html, "B")
        view = timeline.steps[number].state.view("A")
        hidden = sum(1 for c in view.hands["B"] if c is None)
        assert block.count("card--back") >= hidden
        known_b = {c.code for c in view.hands["B"] if c is not None}
        assert set(codes(section(block, 'data-testid="hand-B"', "</ul>"))) <= known_b
        count = len(view.hands["B"])
        assert f"{count} card" in block  # "12 cards", "1 card"


@pytest.mark.parametrize("slug", list(LAST))
def test_table_and_moves_name_only_cards_the_seat_knows(
    client: Client, replays, timelines, slug: str
) -> None:
    """Everything in the table and the move list, as a seat sees it, is known to that seat
    (its views up to this step): the opponent's discard, takes and draws stay hidden."""
    timeline = timelines[slug]
    for seat in ("A", "B"):
        known = known_cards(timeline, seat)
        for number in range(LAST[slug] + 1):
            response = client.get(url(slug, number, seat), HTTP_HX_REQUEST="true")
            assert response.status_code == 200
            html = response.content.decode()
            fragment = section(html, 'data-testid="card-table"', 'class="step-text"')
            fragment += section(html, 'data-testid="move-list"', "</section>")
            named = {c.split("#")[0] for c in codes(fragment)}
            allowed = {c.code for c in known[number]}
            assert named <= allowed, (slug, seat, number, named - allowed)


def test_piquet_opponents_discard_and_takes_stay_hidden(client: Client, replays) -> None:
    # B discarded 7H 9H 7S and took AC 7D QS: A never sees them in B's hand or discard
    for number in (2, 5, 9):
        html = page(client, "piquet-example", number, "A")
        b = seat_block(html, "B")
        assert "3 cards, face down" in b
        moves = section(html, 'data-testid="move-list"', "</section>")
        exchange_b = section(moves, "B exchanges 3 cards", "</li>")
        assert "data-card" not in exchange_b
        assert 'data-card="7H"' not in html and "seven of hearts" not in html.lower()
    # B's own view shows them
    own = section(page(client, "piquet-example", 2, "B"), "B exchanges 3 cards", "</li>")
    assert set(codes(own)) == {"7H", "9H", "7S", "AC", "7D", "QS"}


def test_piquet_stock_shows_elders_five_and_youngers_three(client: Client, replays) -> None:
    html = page(client, "piquet-example", 0)
    elder = section(html, 'data-testid="stock-elder"', "</ul>")
    younger = section(html, 'data-testid="stock-younger"', "</ul>")
    assert len(codes(elder)) == 5 and len(codes(younger)) == 3
    assert "Elder hand A: 5 cards" in html and "Younger hand B: 3 cards" in html
    # a seat does not see the stock's cards
    hidden = page(client, "piquet-example", 0, "B")
    stock = section(hidden, 'data-testid="stock"', 'data-testid="trick"')
    assert not codes(stock) and stock.count("card--back") == 8
    # after elder took all five, younger's three are left
    after = page(client, "piquet-example", 1)
    assert 'data-testid="stock-elder"' not in after and "Younger hand B: 3 cards" in after


def test_declared_cards_are_raised_and_labelled_where_the_seat_may_see_them(
    client: Client, replays
) -> None:
    # Piquet step 3: A declares his point (five hearts), not yet shown to B
    hand = section(page(client, "piquet-example", 3), 'data-testid="hand-A"', "</ul>")
    assert hand.count('class="is-marked"') == 5
    assert hand.count("declared in this step") == 5
    assert "is-marked" not in page(client, "piquet-example", 3, "B")
    own = section(page(client, "piquet-example", 3, "A"), 'data-testid="hand-A"', "</ul>")
    assert own.count("is-marked") == 5
    # Besik step 3: B declares a Quint-Major; the declared row is public
    html = page(client, "besik-example", 3, "A")
    row = section(html, 'data-testid="declared-B"', "</ul>")
    assert row.count('class="is-marked"') == 5
    assert "Declared melds" in seat_block(html, "B")
    assert "is-marked" not in page(client, "besik-example", 4, "A")
    # in German a Piquet declaration is "angesagt", a Besik meld "gemeldet" (Piquet's said
    # "gemeldet", Besik's word, a German reviewer)
    client.cookies["django_language"] = "de"
    piquet = section(page(client, "piquet-example", 3), 'data-testid="hand-A"', "</ul>")
    assert piquet.count("in diesem Schritt angesagt") == 5 and "gemeldet" not in piquet
    besik = section(page(client, "besik-example", 3, "A"), 'data-testid="declared-B"', "</ul>")
    assert besik.count("in diesem Schritt gemeldet") == 5


def test_besik_declared_row_is_labelled_and_apart_from_the_hand(client: Client, replays) -> None:
    block = seat_block(page(client, "besik-example", 21), "A")
    row = block.index('data-testid="declared-A"')
    hand = block.index('data-testid="hand-A"')
    assert 'class="declared-zone"' in block and "In the hand" in block and row < hand
    assert not set(codes(section(block, 'data-testid="declared-A"', "</ul>"))) & set(
        codes(section(block, 'data-testid="hand-A"', "</ul>"))
    )


def test_besik_talon_counts_face_down_cards_and_the_turned_up_card(client: Client, replays) -> None:
    talon = section(page(client, "besik-example", 0), 'data-testid="talon-count"', "</figure>")
    caption = section(talon, "<figcaption>", "</figcaption>")
    assert "47 face down" in caption and "48" not in caption
    assert "turned-up trump" in page(client, "besik-example", 0)


def test_after_the_last_besik_trick_the_table_says_who_won_it_and_that_the_deal_is_over(
    client: Client, replays
) -> None:
    for seat in ("", "A", "B"):
        html = page(client, "besik-example", 98, seat)
        trick = section(html, 'data-testid="trick"', "</div>")
        assert "Previous trick" in trick and "Won by B." in trick
        assert len(codes(trick)) == 2
        assert "The deal is over." in trick
        assert "No card played yet" not in html
        assert "follow suit, else trump" not in html


def test_piquet_trick_just_won_shows_its_winner(client: Client, replays) -> None:
    trick = section(page(client, "piquet-example", 20), 'data-testid="trick"', "</div>")
    assert "Won by B." in trick and 'class="trick-card is-winner"' in trick


def test_piquet_ledger_names_the_point_for_winning_the_opponents_lead(
    client: Client, replays
) -> None:
    html = page(client, "piquet-example", 32)
    assert "<dt>Winning the opponent&#x27;s lead</dt>" in html
    assert "<dt>Tricks won</dt>" not in html


def test_the_compact_score_is_in_the_step_bar(client: Client, replays) -> None:
    html = page(client, "piquet-example", 32)
    mini = section(html, 'data-testid="score-mini"', "</p>")
    assert "A <strong>28</strong>" in mini and "B <strong>23</strong>" in mini


# --- the move list --------------------------------------------------------------------------


def test_piquet_moves_from_the_timeline(replays, timelines) -> None:
    moves = build_moves(timelines["piquet-example"], "all")
    kinds = [m.kind for m in moves]
    assert kinds == ["deal", "exchange", "exchange"] + ["declare"] * 6 + ["trick"] * 12
    tricks = [m for m in moves if m.kind == "trick"]
    assert [t.number for t in tricks] == list(range(1, 13))
    first = tricks[0]
    assert (first.step, first.first, first.winner) == (10, 9, "A")
    assert [(p.seat, p.card.code) for p in first.played] == [("A", "AH"), ("B", "10H")]
    assert sum(t.winner == "A" for t in tricks) == 7
    elder = moves[1]
    assert elder.count == 5 and {c.code for c in elder.discarded} == {"7C", "8C", "8D", "9D", "KS"}
    point = moves[4]
    assert point.category == "point" and [s for s, _ in point.lines] == ["B", "A", "B"]


def test_a_declaration_that_says_and_scores_nothing_has_no_entry_of_its_own() -> None:
    """Younger with no set to answer elder's "No trio or quatorze." says nothing: the list
    does not show an empty "Sets" entry for him; the step is part of elder's."""
    import random

    from cardtutor.engine.players import observe, player_for
    from cardtutor.games import service

    kind = service.KINDS["piquet"]
    record = service.new_record(kind, 6)
    record["deal"]["partie"] = False
    position = service.replay(kind, record)
    beginner = player_for("piquet", "beginner")
    while not position.state.is_over:
        seat = position.state.seat_to_act
        service.apply(position, beginner.choose(observe(position.state, seat), random.Random(0)))
    timeline = build_timeline("piquet", service.record_with(record, position.actions))
    silent = [
        step.number
        for step in timeline.steps[1:]
        if (step.action_json or {}).get("type") == "declare"
        and not any(e.kind == "say" or e.is_score for e in step.events)
    ]
    assert silent, "seed 6: younger has nothing to answer"
    for perspective in ("all", "A", "B"):
        moves = build_moves(timeline, perspective)
        for entry in moves:
            assert entry.kind != "declare" or entry.lines or entry.scores, entry
        for number in silent:
            covering = moves[current_index(moves, number)]  # type: ignore[index]
            assert covering.kind == "declare" and covering.first < number <= covering.last


def test_piquet_moves_as_a_seat_hide_the_others_exchange(replays, timelines) -> None:
    as_b = build_moves(timelines["piquet-example"], "B")
    assert as_b[1].count == 5 and as_b[1].discarded == () and as_b[1].taken == ()
    assert {c.code for c in as_b[2].taken} == {"AC", "7D", "QS"}
    as_a = build_moves(timelines["piquet-example"], "A")
    assert as_a[2].count == 3 and as_a[2].discarded == () and as_a[2].taken == ()


def test_besik_moves_melds_sevens_and_running_augen(replays, timelines) -> None:
    moves = build_moves(timelines["besik-example"], "all")
    tricks = [m for m in moves if m.kind == "trick"]
    assert len(tricks) == 32
    assert dict(tricks[-1].augen) == {"A": 71, "B": 169}
    assert dict(tricks[0].augen) == {"A": 0, "B": 2}  # B's jack of hearts on A's nine
    melds = [(m.seat, m.meld) for m in moves if m.kind == "meld"]
    assert melds[0] == ("B", "quint-major") and ("A", "four-aces") in melds
    seven = next(m for m in moves if m.kind == "seven_exchange")
    assert seven.cards[0].code == "7H#1" and seven.taken[0].code == "KH#1"
    # draws have no entry of their own: a trick covers the draw after it
    assert tricks[1].first == 5 and tricks[1].last == 7
    assert all(m.kind != "draw" for m in moves)


def test_a_seats_list_stops_at_the_step_and_a_trick_under_way_shows_the_lead_only(
    replays, timelines
) -> None:
    moves = build_moves(timelines["besik-example"], "B")
    shown = visible_moves(moves, 1, "B")
    assert [m.kind for m in shown] == ["deal", "trick"]
    assert len(shown[1].played) == 1 and shown[1].winner is None
    assert current_index(shown, 1) == 1
    everything = visible_moves(build_moves(timelines["besik-example"], "all"), 1, "all")
    assert len(everything) > 40 and everything[1].winner == "B"


def test_move_list_links_and_current_marker(client: Client, replays) -> None:
    html = page(client, "piquet-example", 10, "A")
    moves = section(html, 'data-testid="move-list"', "</section>")
    links = re.findall(r'<a class="move-link" href="([^"]+)" hx-get="([^"]+)"', moves)
    # without JavaScript a link opens the step at the step (#replay-step); htmx gets the step
    assert links and all(href == hx + "#replay-step" for href, hx in links)
    assert all(hx.endswith("?seat=A") for _, hx in links)
    assert url("piquet-example", 10, "A") in {hx for _, hx in links}
    assert moves.count('aria-current="step"') == 1
    current = section(moves, 'aria-current="step"', "</a>")
    assert "Trick 1" in current and "won by A" in current
    # A's list ends at this step; the all-seeing list goes on
    assert "Trick 2" not in moves and "Later moves are not listed" in moves
    everything = section(
        page(client, "piquet-example", 10), 'data-testid="move-list"', "</section>"
    )
    assert "Trick 12" in everything
    assert 'href="/replays/piquet-example/step/32/#replay-step"' in everything


def test_links_that_read_alike_are_told_apart_for_screen_readers(client: Client, replays) -> None:
    """A screen reader's list of links shows each name alone: "Rule" four times, "practise it"
    nine times told nothing. The visible word stays first (the name begins with it)."""
    html = page(client, "piquet-example", 12)
    rules = re.findall(r'<a href="/rules/piquet/#[\w-]+">Rule(.*?)</a>', html)
    assert len(rules) >= 4
    named = [re.fullmatch(r'<span class="visually-hidden">: ([^<]+)</span>', r) for r in rules]
    assert all(named), rules
    practise = re.findall(r'class="practise-link">practise it(.*?)</a>', html)
    assert len(practise) >= 2 and len(set(practise)) == len(practise)
    assert all(p.startswith('<span class="visually-hidden">: ') for p in practise)


def test_besik_move_list_shows_the_running_augen(client: Client, replays) -> None:
    html = page(client, "besik-example", 30)
    assert "Augen so far: A&nbsp;<strong>14</strong> · B&nbsp;<strong>50</strong>" in html


def test_a_besik_meld_in_the_move_list_is_named_as_a_sentence_names_it(
    client: Client, replays
) -> None:
    """A German tester read „A meldet: Einfache Heirat“ (the rule's title after a colon); the
    list now says which marriage, with its article, in either language."""
    moves = section(page(client, "besik-example", 60), 'data-testid="move-list"', "</section>")
    assert "B declares a Quint-Major in clubs" in moves
    assert "A declares a trump marriage in hearts" in moves
    assert "B declares a marriage in spades" in moves
    client.cookies["django_language"] = "de"
    german = page(client, "besik-example", 60)
    moves = section(german, 'data-testid="move-list"', "</section>")
    assert "B meldet eine Pik-Heirat" in moves
    assert "A meldet einen Besik" in moves
    assert "Einfache Heirat" not in moves and "meldet:" not in moves


# --- "go to step" ---------------------------------------------------------------------------


def test_parse_step() -> None:
    assert parse_step("0", 32) == 0 and parse_step(" 32 ", 32) == 32
    for bad in ("", "33", "-1", "1.5", "1e3", "abc", "１２", "9" * 40, "0x10"):
        assert parse_step(bad, 32) is None, bad


def test_go_to_step_redirects_to_the_step_and_keeps_the_seat(client: Client, replays) -> None:
    goto = reverse("replays:goto", args=["piquet-example"])
    at_the_step = "#replay-step"  # without JavaScript the page opens at the step
    response = client.get(goto, {"step": "12"})
    assert response.status_code == 302
    assert response["Location"] == url("piquet-example", 12) + at_the_step
    response = client.get(goto, {"step": " 7 ", "seat": "B"})
    assert response["Location"] == url("piquet-example", 7, "B") + at_the_step
    response = client.get(goto, {"step": "7", "seat": "Q"})  # an unknown seat is ignored
    assert response["Location"] == url("piquet-example", 7) + at_the_step
    form = section(page(client, "piquet-example", 3, "B"), 'class="goto-form"', "</form>")
    assert f'action="{goto}"' in form and f'hx-get="{goto}"' in form
    assert 'name="seat" value="B"' in form and 'max="32"' in form


@pytest.mark.parametrize("bad", ["", "abc", "33", "-1", "1e3", "9" * 40, "%00", "<b>"])
def test_go_to_step_with_bad_input_says_so(client: Client, replays, bad: str) -> None:
    goto = reverse("replays:goto", args=["piquet-example"])
    response = client.get(goto, {"step": bad})
    assert response.status_code == 400
    html = response.content.decode()
    assert "from 0 to 32" in html and 'class="goto-form"' in html
    if bad == "<b>":
        assert "&lt;b&gt;" in html and "<b>" not in html
    htmx = client.get(goto, {"step": bad}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 200
    assert htmx["HX-Retarget"] == "#goto-message" and htmx["HX-Push-Url"] == "false"
    assert "from 0 to 32" in htmx.content.decode()
    # going back to it through htmx's history asks for the whole page (it got the message)
    restore = client.get(
        goto, {"step": bad}, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    assert restore.status_code == 400 and "<html" in restore.content.decode()


def test_go_to_step_of_an_unknown_replay_is_404(client: Client, replays) -> None:
    response = client.get(reverse("replays:goto", args=["no-such-replay"]), {"step": "1"})
    assert response.status_code == 404


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 1), (4, 2)])
def test_every_besik_trick_in_the_move_list_has_one_card_per_player(
    players: int, seed: int
) -> None:
    """A trick of identical cards (the first played wins) ends the trick too: before, its
    own message was not taken for a trick's end, and the next trick was run into it."""
    from cardtutor.games import service
    from cardtutor.replays.table import trick_winner

    kind = service.Kind(
        "test", "besik", "seed", ("A", "B", "C", "D")[:players], (), {"en": "", "de": ""}
    )
    position = service.replay(kind, service.new_record(kind, seed))
    service.advance(position, (), "beginner", seed)
    record = service.record_with(service.new_record(kind, seed), position.actions)
    timeline = build_timeline("besik", record)
    tricks = [m for m in build_moves(timeline, "all") if m.kind == "trick"]
    identical = [m for m in tricks if len({p.card.code.split("#")[0] for p in m.played}) < players]
    assert identical, "no trick with two identical cards: choose another seed"
    assert all(len(m.played) == players and m.winner for m in tricks), [
        [p.card.code for p in m.played] for m in tricks if len(m.played) != players
    ]
    # and the table says who won the last trick, identical cards or not
    for move in identical[:3]:
        assert trick_winner(timeline, move.step) == (move.winner, move.step)


def test_the_previous_trick_on_the_table_is_not_the_last_trick_that_scores() -> None:
    """In German "Letzter Stich" is the trick worth points at the end of a deal; the trick
    just played, shown on the table, is "Voriger Stich" (one msgid served both before)."""
    from django.template.loader import render_to_string
    from django.utils import translation

    from cardtutor.replays.presentation import category_label

    with translation.override("de"):
        assert category_label("last_trick", "piquet", "de") == "Letzter Stich"
        heading = render_to_string("replays/_table_trick.html", {"trick": {"state": "last"}})
        assert "Voriger Stich" in heading and "Letzter" not in heading
