"""Besik for three, and for four each for himself: the learner against two or three computers."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from cardtutor.games import service
from cardtutor.games.models import Game

pytestmark = pytest.mark.django_db

EACH = ["besik-3", "besik-4-each"]


def _start(client: Client, kind: str, strength: str = "beginner") -> str:
    response = client.post("/play/new/", {"kind": kind, "strength": strength, "first": "cut"})
    assert response.status_code == 303
    return str(response["Location"])


def _game(url: str) -> Game:
    return Game.objects.get(public_id=url.strip("/").split("/")[-1])


def _seats(page: str) -> list[tuple[str, str, str]]:
    """(where, seat, heading) of each seat on the table, in the page's order."""
    found = re.findall(
        r'<div class="game-seat game-seat--(\w+)[^"]*" data-seat="(\w)">\s*<h3>([^<]+)', page
    )
    return [(where, seat, html.unescape(label).strip()) for where, seat, label in found]


def test_both_are_offered_when_a_game_is_started(client: Client) -> None:
    page = client.get("/play/").content.decode()
    assert 'value="besik-3"> Besik for three, each for himself, to 1000' in page
    assert 'value="besik-4-each"> Besik for four, each for himself, to 1000' in page
    page = client.get("/play/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Besik zu dritt, jeder für sich, bis 1000" in page
    assert "Besik zu viert, jeder für sich, bis 1000" in page


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("besik-3", [("left", "B"), ("right", "C"), ("bottom", "A")]),
        ("besik-4-each", [("left", "B"), ("top", "C"), ("right", "D"), ("bottom", "A")]),
    ],
)
def test_the_table_seats_every_computer_clockwise_and_none_is_a_partner(
    client: Client, kind: str, expected: list[tuple[str, str]]
) -> None:
    url = _start(client, kind)
    page = client.get(url).content.decode()
    seats = _seats(page)
    assert [(where, seat) for where, seat, _ in seats] == expected
    for _where, seat, label in seats:
        assert label.startswith("You (A)" if seat == "A" else f"Computer ({seat})"), label
    assert "partner" not in page.lower()
    # where each sits, in words: play goes round clockwise
    places = {"left": "on your left", "top": "opposite you", "right": "on your right"}
    for where, seat, _label in seats:
        if where != "bottom":
            meta = re.search(
                rf'has-place" data-seat="{seat}">.*?<p class="seat-meta">'
                r'<span class="seat-place">([^<]+)</span>',
                page,
                re.S,
            )
            assert meta is not None and meta.group(1) == places[where] + " · ", seat
    # who dealt, beside the deal's number; the learner's column of the score says so
    game = _game(url)
    dealer = service.replay(service.KINDS[kind], game.record).state.view("A").dealer
    assert f"Deal 1 ({dealer} dealt)" in page
    assert re.search(r'<th scope="col">A<span class="score-you">you</span></th>', page)
    assert page.count('class="score-you"') == 1
    # each computer's cards are face down (eight, less any it has played to the trick)
    view = service.replay(service.KINDS[kind], game.record).state.view("A")
    backs = {s: sum(1 for c in cards if c is None) for s, cards in view.hands.items()}
    assert backs["A"] == 0 and all(7 <= n <= 8 for s, n in backs.items() if s != "A"), backs
    assert page.count('class="is-back"') == sum(backs.values())
    assert game.record["deal"]["players"] == len(expected)
    assert "partnerships" not in game.record["deal"]


def _finished(user: Any, kind_key: str, seed: int, learner_wins: bool) -> Game:
    """A finished game of ``kind_key`` for ``user``, every seat played by the computer, with
    the first seed from ``seed`` on where the learner wins (or does not)."""
    kind = service.KINDS[kind_key]
    for s in range(seed, seed + 40):
        record = service.new_record(kind, s)
        position = service.replay(kind, record)
        service.advance(position, (), "beginner", s)
        assert position.state.is_over
        won = position.state.outcome().winner == "A"
        if won == learner_wins:
            game = Game(kind=kind_key, strength="beginner", learner_seats=["A"], user=user)
            game.seed = s
            game.record = service.record_with(record, position.actions)
            game.is_over = True
            game.save()
            return game
    raise AssertionError("no such game in 40 seeds")


@pytest.mark.parametrize("kind", EACH)
def test_a_finished_game_names_the_computer_that_won(
    client: Client, django_user_model: Any, kind: str
) -> None:
    user = django_user_model.objects.create_user("three", password="a-long-password-3")
    client.force_login(user)
    lost = _finished(user, kind, 1, learner_wins=False)
    winner = service.replay(service.KINDS[kind], lost.record).state.outcome().winner
    assert winner in ("B", "C", "D")
    url = f"/play/{lost.public_id}/"
    page = client.get(url).content.decode()
    assert f"The computer in seat {winner} wins the game." in page
    assert "The other side wins" not in page and "Your side" not in page
    # the replay it becomes has no verdicts: the solver judges two players only
    assert "cards get a verdict with all cards known in games for two only" in html.unescape(page)
    assert "With every card's verdict" not in html.unescape(page)
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"Der Computer ({winner}) gewinnt die Partie." in german
    # the learner's place, counted from the totals
    totals = service.replay(service.KINDS[kind], lost.record).state.outcome().game
    place = 1 + sum(1 for p, v in totals.items() if p != "A" and v > totals["A"])
    assert place > 1
    said = f"Your place: {place} of {len(totals)}, with {totals['A']} points."
    assert said in page
    assert f"Dein Platz: {place} von {len(totals)}, mit {totals['A']} Punkten." in german
    won = _finished(user, kind, 1, learner_wins=True)
    page = client.get(f"/play/{won.public_id}/").content.decode()
    assert "You win the game." in page and "The computer in seat" not in page
    assert f"Your place: 1 of {len(totals)}, with " in page


def test_a_finished_game_for_three_is_kept_and_stepped_through_as_a_replay(
    client: Client, django_user_model: Any
) -> None:
    """The viewer steps through it; the solver judges two players only, so its cards carry
    no verdicts, and the page says so rather than failing."""
    user = django_user_model.objects.create_user("keeper3", password="a-long-password-3")
    client.force_login(user)
    game = _finished(user, "besik-3", 3, learner_wins=False)
    response = client.post(f"/play/{game.public_id}/keep/")
    assert response.status_code == 303
    step0 = response["Location"]
    slug = step0.split("/")[2]
    page = client.get(step0).content.decode()
    # where it comes from, in the learner's language, and no "source text" of one sentence
    assert "Source: your game against the computer on this site" in page
    assert "The source text" not in page and "a game against the computer" not in page
    german = client.get(step0, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Quelle: deine Partie gegen den Computer auf dieser Seite" in german
    assert "against the computer" not in german
    assert "B (computer, beginner)" in page and "(computer (" not in page
    # back to the learner's games, not to the worked examples
    assert '<p class="breadcrumb"><a href="/play/">Your games</a>' in page
    assert '<p class="breadcrumb"><a href="/play/">Deine Partien</a>' in german
    # several deals: the move list numbers the first too
    assert re.search(r'<span class="move-no">Deal 1</span>', page)
    assert "The deal</span>" not in page
    middle = len(game.record["actions"]) // 2
    page = client.get(f"/replays/{slug}/step/{middle}/")
    assert page.status_code == 200
    assert client.get(f"/replays/{slug}/advice/").status_code == 200
    exported = client.get(f"/play/{game.public_id}/export.json")
    assert exported.status_code == 200
    assert exported.json()["record"]["deal"]["players"] == 3


@pytest.mark.parametrize("kind", EACH)
def test_a_hint_is_given_at_the_table_of_three_or_four(client: Client, kind: str) -> None:
    url = _start(client, kind)
    for _ in range(30):  # to a card of the learner's (after the first deal's automatic moves)
        page = client.get(url).content.decode()
        if 'class="card-button"' in page:
            break
        ply = re.search(r'name="ply" value="(\d+)"', page)
        assert ply is not None
        button = re.search(r'<button [^>]*name="action" value="([^"]+)"', page)
        assert button is not None
        client.post(
            url + "move/",
            {"ply": ply.group(1), "type": "choice", "action": html.unescape(button.group(1))},
        )
    game = _game(url)
    response = client.post(url + "hint/", {"ply": str(game.ply)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Hint from the strong player:" in response.content.decode()


TRIPLE = ["QS#1", "QS#2", "QS#3", "JD#1", "JD#2", "JD#3"]


def _record_with_hands(hands: dict[str, list[str]], up: str) -> dict[str, Any]:
    """A three-player game record whose first deal has these hands (the talon: the rest of
    the three packs, in order)."""
    from cardtutor.engine.cards import ALL_CARDS, PhysicalCard

    kind = service.KINDS["besik-3"]
    record = service.new_record(kind, 7)
    fixed = {c for h in hands.values() for c in h} | {up}
    talon = [
        PhysicalCard(c, k).code
        for k in range(3)
        for c in ALL_CARDS
        if PhysicalCard(c, k).code not in fixed
    ]
    del record["deal"]["seed"]  # (a seed would deal the cards itself)
    record["deal"].update(hands=hands, up_card=up, talon=talon, dealer="C")
    return record


def test_a_triple_besik_at_the_first_turn_is_offered_and_wins_at_once(
    client: Client, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("triple", password="a-long-password-3")
    client.force_login(user)
    record = _record_with_hands(
        {
            "A": [*TRIPLE, "7C#1", "8C#1"],
            "B": "7C#2 8C#2 9C#1 9C#2 7D#1 8D#1 9D#1 7S#1".split(),
            "C": "7C#3 8C#3 9C#3 7D#2 8D#2 9D#2 7S#2 8S#1".split(),
        },
        "8H#1",
    )
    game = Game(kind="besik-3", strength="club", learner_seats=["A"], user=user, record=record)
    game.save()
    url = f"/play/{game.public_id}/"
    page = client.get(url).content.decode()
    assert "Or, at your first turn: a triple Besik among your first eight cards" in page
    assert "Or, having won the trick:" not in page
    button = re.search(r'<button [^>]*value="([^"]*triple-besik[^"]*)"[^>]*>([^<]+)<', page)
    assert button is not None
    assert button.group(2).startswith("Declare a triple Besik (1500 points): ")
    action = html.unescape(button.group(1))
    german = html.unescape(client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Oder, bei deinem ersten Zug: Einen Tripelbesik unter deinen ersten acht" in german
    response = client.post(url + "move/", {"ply": "0", "type": "choice", "action": action})
    assert response.status_code == 303
    game.refresh_from_db()
    assert game.is_over
    page = html.unescape(client.get(url).content.decode())
    assert "You win the game." in page
    assert "1500" in page


def test_two_players_need_no_places_and_partners_share_a_column(client: Client) -> None:
    page = client.get(_start(client, "besik-2")).content.decode()
    assert "opposite you" not in page and "on your left" not in page
    page = client.get(_start(client, "besik-4")).content.decode()
    assert "on your left" in page and "opposite you" in page and "on your right" in page
    assert re.search(r'<th scope="col">A\+C<span class="score-you">your side</span></th>', page)
    german = client.get(_start(client, "besik-4"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "links von dir" in german and "deine Partei" in german


def test_a_computer_s_declared_melds_are_a_list_named_as_their_label() -> None:
    """On a phone the label "Declared melds" sits beside the small cards; a screen reader
    hears the list's name, in the page's language."""
    from django.utils import translation

    from cardtutor.engine.cards import Card
    from cardtutor.games import widgets

    hand = {
        "seat": "C",
        "label": "Computer (C)",
        "is_turn": False,
        "where": "top",
        "place": "opposite you",
        "count": 6,
        "tricks_won": 2,
        "declared": [Card.parse("KH"), Card.parse("QH")],
        "cards": [],
        "backs": [None] * 6,
    }
    for lang, label in (("en", "Declared melds"), ("de", "Gemeldete Karten")):
        with translation.override(lang):
            seat = widgets.other_seat_html(hand, lang)
        row = re.search(r'<ul class="hand declared-row" aria-label="([^"]+)">(.*?)</ul>', seat)
        assert row is not None, seat
        zone = re.search(r'<p class="zone-label">([^<]+)</p>\s*<ul class="hand declared-row"', seat)
        assert zone is not None and html.unescape(zone.group(1)) == html.unescape(row.group(1))
        assert html.unescape(row.group(1)) == label
        assert row.group(2).count("<li>") == 2


def test_the_learner_s_declared_cards_are_shown_once() -> None:
    """When it is his move, his declared cards are in the move form's hand, marked "declared":
    a row of them beside it showed them twice (a hand of six looked like eight). When it is not
    his move, the hand drawn leaves them out, and the row shows them."""
    from django.utils import translation

    from cardtutor.engine.cards import Card
    from cardtutor.games import widgets

    declared = [Card.parse("KH"), Card.parse("QH")]
    hand = {
        "seat": "A",
        "label": "You (A)",
        "is_turn": True,
        "where": "bottom",
        "place": "",
        "count": 8,
        "tricks_won": 2,
        "declared": declared,
        "cards": [Card.parse("7S"), Card.parse("8S")],
        "backs": [],
    }
    with translation.override("en"):
        moving = widgets.learner_seat_html(hand, show_hand=False, lang="en")
        waiting = widgets.learner_seat_html(hand, show_hand=True, lang="en")
    assert "declared-row" not in moving and "Your declared melds" not in moving
    assert "declared-row" in waiting and "Your declared melds" in waiting
