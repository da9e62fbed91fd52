"""Taking a seat in a worked example: the example's moves for the other side, each of the
learner's moves compared with the example's, then try again, see it, or play on."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from cardtutor.games import presentation, service
from cardtutor.games.models import Game
from cardtutor.replays.models import Replay

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "replays.json"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def examples(db: Any) -> None:
    call_command("loaddata", str(FIXTURE), verbosity=0)


EVERY_SEAT = [(slug, seat) for slug in ("piquet-example", "besik-example") for seat in "AB"]
"""Both seats of both worked examples."""


def _sit(client: Client, slug: str, seat: str) -> str:
    response = client.post(f"/play/example/{slug}/", {"seat": seat})
    assert response.status_code == 303
    return str(response["Location"])


def _game(url: str) -> Game:
    return Game.objects.get(public_id=url.strip("/").split("/")[-1])


def _position(game: Game) -> service.Position:
    return service.replay(service.example_kind(game.record, game.learner_seats), game.record)


def _book(game: Game) -> list[dict[str, Any]]:
    """The example's moves in the engine's own JSON form (the stored book may order cards
    differently)."""
    engine = _position(game).engine
    return [engine.parse_action(a).to_json() for a in game.record["meta"]["book"]]


def _other_move_form(url: str) -> dict[str, str]:
    """The form of a legal move other than the example's, at the game's move now."""
    game = _game(url)
    book = _book(game)[game.ply]
    other = next(a for a in _position(game).state.legal_actions if a.to_json() != book)
    return {"ply": str(game.ply), "type": "choice", "action": json.dumps(other.to_json())}


def _play_on_to_the_end(client: Client, url: str) -> None:
    """Play the learner's first legal move each time until the game is over."""
    for _ in range(80):
        game = _game(url)
        if game.is_over:
            return
        action = next(iter(_position(game).state.legal_actions))
        form = {"ply": str(game.ply), "type": "choice", "action": json.dumps(action.to_json())}
        assert client.post(url + "move/", form).status_code == 303
    raise AssertionError("the game did not end")


def _ply(client: Client, url: str) -> str:
    match = re.search(r'name="ply" value="(\d+)"', client.get(url).content.decode())
    assert match
    return match.group(1)


@pytest.mark.parametrize(("slug", "seat"), EVERY_SEAT)
def test_playing_every_book_move_replays_the_example_to_its_end(
    client: Client, slug: str, seat: str
) -> None:
    url = _sit(client, slug, seat)
    game = _game(url)
    book = _book(game)
    assert game.record["actions"] == book[: game.ply], "the other side played the book"
    for _ in range(len(book)):
        game = _game(url)
        if game.is_over:
            break
        move = book[game.ply]
        assert move["seat"] == seat
        response = client.post(
            url + "move/",
            {"ply": str(game.ply), "type": "choice", "action": json.dumps(move)},
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200
        assert "that is the move played in the worked example" in response.content.decode()
    game = _game(url)
    assert game.is_over
    assert game.record["actions"] == book
    final = Replay.objects.get(slug=slug).record
    assert (
        _position(game).state.outcome().deal
        == service.replay(service.example_kind(final, [seat]), final).state.outcome().deal
    )


def test_a_different_legal_move_is_not_applied_and_offers_three_ways_on(client: Client) -> None:
    url = _sit(client, "piquet-example", "A")
    game = _game(url)
    position = _position(game)
    book = _book(game)[game.ply]
    other = next(a for a in position.state.legal_actions if a.to_json() != book)
    response = client.post(
        url + "move/",
        {"ply": str(game.ply), "type": "choice", "action": json.dumps(other.to_json())},
    )
    # Without JavaScript a redirect to the game, which shows it once: a page answering the
    # POST left the back button on "Confirm form resubmission" (an empty error page).
    assert response.status_code == 303 and response["Location"] == f"{url}#book-choice"
    text = client.get(url).content.decode()
    assert 'id="book-choice"' not in client.get(url).content.decode(), "shown once"
    assert "The worked example plays differently" in text
    assert "Try again" in text and "Show the example" in text and "Play on from here" in text
    # without JavaScript, back at the decision: a page load of its own (a link to the page
    # open with only another fragment loaded nothing, and the offer stayed)
    found = re.search(rf'href="({re.escape(url)}\?again=1[^"#]*)#game-area"', text)
    assert found, "a page load of its own, the picks in its query"
    again = client.get(html.unescape(found.group(1)))
    assert again.status_code == 200 and 'id="book-choice"' not in again.content.decode()
    assert "Why the example plays so" not in text, "its reasons may tell what the move brings"
    the_book = next(a for a in position.state.legal_actions if a.to_json() == book)
    named = presentation.describe(the_book, "en")
    assert named not in text, "the example's move is not given away before it is asked for"
    assert presentation.describe(other, "en") in text, "the learner's own move is"
    assert _game(url).ply == game.ply, "nothing was applied"

    # show the example's move: it is made for the learner
    response = client.post(url + "move/", {"ply": str(game.ply), "type": "book"}, follow=True)
    text = response.content.decode()
    assert "was made for you" in text
    assert "Why the example plays so" in text, "once made, the example's reasons are given"
    assert f"/replays/piquet-example/step/{game.ply + 1}/?seat=A" in text
    after = _game(url)
    assert after.record["actions"][game.ply] == book
    assert after.record["meta"]["shown"] == 1


def test_playing_on_by_htmx_changes_the_heading_out_of_band(client: Client) -> None:
    """The heading is outside the swapped area: it said "the other side plays the example's
    moves" until the next whole page."""
    url = _sit(client, "piquet-example", "A")
    form = _other_move_form(url)
    asked = client.post(url + "move/", form, headers={"HX-Request": "true"}).content.decode()
    assert 'id="game-strength" hx-swap-oob="true"' in asked
    assert "the other side plays the example" in asked
    played = client.post(
        url + "move/", {**form, "then": "play-on"}, headers={"HX-Request": "true"}
    ).content.decode()
    heading = re.search(r'<span class="game-strength" id="game-strength"[^>]*>(.*?)</span>', played)
    assert heading and "against the computer" in heading.group(1)
    page = client.get(url).content.decode()
    assert page.count('id="game-strength"') == 1 and "hx-swap-oob" not in page


def test_playing_on_with_an_own_move_hands_the_other_side_to_the_computer(
    client: Client,
) -> None:
    url = _sit(client, "besik-example", "A")
    game = _game(url)
    position = _position(game)
    book = _book(game)[game.ply]
    other = next(a for a in position.state.legal_actions if a.to_json() != book)
    response = client.post(
        url + "move/",
        {
            "ply": str(game.ply),
            "type": "choice",
            "action": json.dumps(other.to_json()),
            "then": "play-on",
        },
        follow=True,
    )
    assert response.status_code == 200
    assert "from here the computer plays the other side" in response.content.decode()
    after = _game(url)
    assert after.record["actions"][game.ply] == other.to_json()
    assert after.record["meta"]["off_book"] == game.ply
    # the game goes on to its end without the book, through the ordinary forms
    for _ in range(200):
        page = client.get(url).content.decode()
        if "The deal is over" in page and _game(url).is_over:
            break
        ply = re.search(r'name="ply" value="(\d+)"', page)
        buttons = re.findall(r"<button [^>]*name=\"action\"[^>]*>", page)
        playable = [b for b in buttons if 'aria-disabled="true"' not in b]
        assert ply and playable
        value = re.search(r'value="([^"]+)"', playable[0])
        assert value
        import html

        client.post(
            url + "move/",
            {"ply": ply.group(1), "type": "choice", "action": html.unescape(value.group(1))},
        )
    assert _game(url).is_over


def test_a_solver_verdict_compares_a_card_with_the_examples(client: Client) -> None:
    url = _sit(client, "piquet-example", "B")
    for _ in range(40):
        game = _game(url)
        position = _position(game)
        book = _book(game)[game.ply]
        others = [a for a in position.state.legal_actions if a.to_json() != book]
        if book["type"] == "play" and others:
            break
        client.post(
            url + "move/", {"ply": str(game.ply), "type": "choice", "action": json.dumps(book)}
        )
    else:
        pytest.fail("B never has a choice of cards")
    response = client.post(
        url + "move/",
        {"ply": str(game.ply), "type": "choice", "action": json.dumps(others[0].to_json())},
        follow=True,
    )
    assert "With all cards known" in response.content.decode()


def test_an_unknown_example_or_seat_is_refused(client: Client) -> None:
    assert client.post("/play/example/no-such/", {"seat": "A"}).status_code == 404
    response = client.post("/play/example/piquet-example/", {"seat": "Q"}, follow=True)
    assert "Choose a seat" in response.content.decode()
    assert Game.objects.count() == 0


def test_the_examples_are_offered_on_the_play_page(client: Client) -> None:
    text = client.get("/play/").content.decode()
    assert "/play/example/piquet-example/" in text and "/play/example/besik-example/" in text
    assert text.count("Play as") == 4
    # each seat says who it is in the example
    assert "Play as A (elder hand)" in text and "Play as B (younger hand, dealer)" in text


@pytest.mark.parametrize("seat", ["A", "B"])
def test_taking_a_seat_in_the_piquet_example_never_names_a_card_the_seat_cannot_know(
    client: Client, seat: str
) -> None:
    """Piquet has one card of each name, so a hidden card's name must not appear at all: not
    in the table, the notes, the example's reasons or the comparison of moves."""
    url = _sit(client, "piquet-example", seat)
    pages = 0
    while True:
        game = _game(url)
        position = _position(game)
        view = position.state.view(seat)
        known = {c for cards in view.hands.values() for c in cards if c is not None}
        known |= {c for _, c in view.trick}
        known |= {c for t in view.tricks for c in (t.lead, t.follow)}
        known |= {c for cards in view.discards.values() for c in cards if c is not None}
        known |= {c for c in view.stock if c is not None}
        hidden = {
            c for cards in position.state.view(None).hands.values() for c in cards if c
        } - known
        hidden |= {c for c in position.state.view(None).stock if c} - known
        responses = [client.get(url).content.decode()]
        if game.is_over:
            break
        book = _book(game)[game.ply]
        different = next((a for a in position.state.legal_actions if a.to_json() != book), None)
        if different is not None:
            responses.append(
                client.post(
                    url + "move/",
                    {
                        "ply": str(game.ply),
                        "type": "choice",
                        "action": json.dumps(different.to_json()),
                    },
                ).content.decode()
            )
        for text in responses:
            lowered = text.lower()
            for card in hidden:
                assert card.name("en").lower() not in lowered, (game.ply, card)
                assert f'data-card="{card.code}"' not in text, (game.ply, card)
        pages += 1
        response = client.post(
            url + "move/",
            {"ply": str(game.ply), "type": "choice", "action": json.dumps(book)},
            headers={"HX-Request": "true"},
        )
        after = response.content.decode().lower()
        game = _game(url)
        position = _position(game)
        view = position.state.view(seat)
        now_known = {c for cards in view.hands.values() for c in cards if c is not None}
        now_known |= {c for t in view.tricks for c in (t.lead, t.follow)} | {
            c for _, c in view.trick
        }
        now_known |= {c for cards in view.discards.values() for c in cards if c is not None}
        for card in hidden - now_known:
            assert card.name("en").lower() not in after, (game.ply, card, "after the move")
    assert pages >= 10


def test_a_forged_seat_is_refused_on_the_page(client: Client) -> None:
    response = client.post("/play/example/piquet-example/", {"seat": "C"})
    assert response.status_code == 400
    assert "Choose a seat of the worked example." in response.content.decode()
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    ("slug", "seat", "other"), [("piquet-example", "A", "B"), ("besik-example", "B", "A")]
)
def test_a_worked_example_is_one_deal_played_by_its_players_until_played_on(
    client: Client, slug: str, seat: str, other: str
) -> None:
    """It said "Deal 1 of the partie", showed a "Game total" and "The computer wins the game."
    for the example's one deal, and called the example's player "Computer"."""
    url = _sit(client, slug, seat)
    page = client.get(url).content.decode()
    assert f"Player {other}" in page and f"Computer ({other})" not in page
    assert "of the partie" not in page and "Game total" not in page
    book = _book(_game(url))
    while not (game := _game(url)).is_over:
        move = book[game.ply]
        client.post(
            url + "move/", {"ply": str(game.ply), "type": "choice", "action": json.dumps(move)}
        )
    page = client.get(url).content.decode()
    result = re.search(r'<p class="game-result" role="status">([^<]+)</p>', page)
    assert result is not None
    # the example is one deal of a longer game: one side is ahead at its end, none has won
    # (Besik's ends 531 to 469; the source goes on: "Nun beginnt das zweite Spiel"). "You
    # lead, 28 to 23" read as the lead of a card.
    high, low = {"piquet-example": (28, 23), "besik-example": (531, 469)}[slug]
    leader = "You are ahead" if seat == "A" else "A is ahead"  # A, in both examples
    assert result.group(1).strip() == (
        f"{leader}, {high} to {low}: the worked example is this one deal."
    )
    assert "The worked example's deal is over" in page
    assert "The game is over" not in page
    assert "Game total" not in page and "wins" not in result.group(1)
    listed = client.get(reverse("games:index")).content.decode()
    assert ("you were ahead" if seat == "A" else "A was ahead") in listed
    assert " won (" not in listed


def test_a_deal_played_on_from_the_example_ends_as_the_learner_s_own(client: Client) -> None:
    """Played on from the learner's own move, the deal's end said "The worked example's deal
    is over" and "the worked example is this one deal", as if the example had been played."""
    url = _sit(client, "piquet-example", "A")
    book = _book(_game(url))
    while (game := _game(url)).ply < 4:  # A's exchange and declarations as the example's
        form = {"ply": str(game.ply), "type": "choice", "action": json.dumps(book[game.ply])}
        assert client.post(url + "move/", form).status_code == 303
    off = _game(url).ply
    client.post(url + "move/", {**_other_move_form(url), "then": "play-on"})
    _play_on_to_the_end(client, url)
    page = client.get(url).content.decode()
    result = re.search(r'<p class="game-result" role="status">([^<]+)</p>', page)
    assert result is not None
    assert "you played the deal on from the worked example" in result.group(1) or (
        "you played it on from the worked example" in result.group(1)
    )
    assert "The worked example's deal is over" not in page and "The deal is over" in page
    # kept and downloaded, it is a seat in the worked example, the computer's from step 1
    document = json.loads(client.get(url + "export.json").content)
    roles = {r["seat"]: r["role"]["en"] for r in document["seats"]}
    assert roles == {
        "A": "you",
        "B": f"the worked example's moves to step {off}, then computer, club player",
    }
    assert "against the computer" not in document["source"]["text"]
    step0 = client.post(url + "keep/")["Location"]
    kept = client.get(step0).content.decode()
    assert "your game in a seat of the worked example, on this site" in kept


def test_a_seat_played_as_the_example_went_is_kept_as_the_example_s_seat(
    client: Client,
) -> None:
    """Kept as a replay, it said "B (computer, club player)" and "your game against the
    computer", though B had played the worked example's own moves."""
    url = _sit(client, "piquet-example", "A")
    book = _book(_game(url))
    while not (game := _game(url)).is_over:
        form = {"ply": str(game.ply), "type": "choice", "action": json.dumps(book[game.ply])}
        client.post(url + "move/", form)
    document = json.loads(client.get(url + "export.json").content)
    roles = {r["seat"]: r["role"] for r in document["seats"]}
    assert roles["B"] == {"en": "the worked example's moves", "de": "Züge des Beispielspiels"}
    assert document["source"]["text"].endswith("the other seat played the worked example's moves.")
    kept = client.get(client.post(url + "keep/")["Location"]).content.decode()
    assert "B (the worked example&#x27;s moves)" in kept or "B (the worked example's moves)" in kept
    assert "your game in a seat of the worked example, on this site" in kept
    assert "computer" not in re.sub(r"<[^>]+>", " ", kept).split("Source:")[1][:200]


def test_played_on_the_example_s_other_side_is_the_computer(client: Client) -> None:
    url = _sit(client, "piquet-example", "A")
    form = _other_move_form(url)
    played = client.post(
        url + "move/", {**form, "then": "play-on"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert "Computer (B)" in played and "Player B" not in played, "in the same answer"
    assert "Computer (B)" in client.get(url).content.decode()


def test_before_the_talon_is_used_up_a_different_card_is_said_to_be_not_judged(
    client: Client,
) -> None:
    """Besik while the talon lasts: the comparison of a different card had no verdict and no
    word on why (Piquet's cards are judged, test_a_solver_verdict_compares_...)."""
    url = _sit(client, "besik-example", "A")
    game = _game(url)
    position = _position(game)
    book = _book(game)[game.ply]
    assert book["type"] == "play"
    other = next(
        a
        for a in position.state.legal_actions
        if a.to_json()["type"] == "play" and a.to_json() != book
    )
    form = {"ply": str(game.ply), "type": "choice", "action": json.dumps(other.to_json())}
    text = client.post(url + "move/", form, follow=True).content.decode()
    assert "The worked example plays differently" in text
    assert "only in the last eight tricks, once the talon is used up" in text
    htmx = client.post(url + "move/", form, headers={"HX-Request": "true"})
    assert htmx.status_code == 200 and "The worked example plays differently" in htmx.text


@pytest.mark.parametrize(
    ("at", "made", "moves"),
    [
        (9, 10, ("draw", "meld")),  # Besik declared before the draw the example makes first
        (18, 19, ("seven", "exchange")),  # the seven exchanged, which declares it too
    ],
)
def test_a_move_that_comes_to_the_example_s_moves_is_right(
    client: Client, at: int, made: int, moves: tuple[str, str]
) -> None:
    """A learner tester's finding: declaring before drawing (the rules allow either order)
    and exchanging the trump seven without declaring it first were called "not the move of
    the worked example", and the only way on left the example. The example's own moves are
    now made, and the game goes on following it."""
    url = _sit(client, "besik-example", "A")
    book = _book(_game(url))
    assert [book[at]["type"], book[at + 1]["type"]] == list(moves)
    _play_book_to(client, url, at)  # the book up to the learner's decision
    page = _move_in_place(client, url, at, book[made])
    assert "comes to the same as the worked example" in page
    game = _game(url)
    assert game.record["actions"][at : at + 2] == [
        json.loads(json.dumps(b)) for b in book[at : at + 2]
    ]
    assert "off_book" not in game.record["meta"]
    # and a move that does not come to the example's is still not taken for it
    other = _other_move_form(url)
    choice = client.post(url + "move/", other, headers={"HX-Request": "true"}).content.decode()
    assert "comes to the same" not in choice and _game(url).ply == game.ply


def _move_in_place(client: Client, url: str, ply: int, action: dict[str, Any]) -> str:
    """The game area after ``action`` posted at move ``ply`` as htmx posts it."""
    return str(
        client.post(
            url + "move/",
            {"ply": str(ply), "type": "choice", "action": json.dumps(action)},
            headers={"HX-Request": "true"},
        ).content.decode()
    )


def _play_book_to(client: Client, url: str, at: int) -> list[dict[str, Any]]:
    book = _book(_game(url))
    while (game := _game(url)).ply < at:
        client.post(
            url + "move/",
            {"ply": str(game.ply), "type": "choice", "action": json.dumps(book[game.ply])},
        )
    assert _game(url).ply == at
    return book


def test_a_piquet_answer_that_says_and_scores_what_the_example_s_does_is_right(
    client: Client,
) -> None:
    """A learner tester's finding: as B, not declaring the two tierces against A's good quart
    ("sinking them would change nothing", the example's own reason) was "not the move of the
    worked example", though the deal goes on with the same words and the same scores."""
    url = _sit(client, "piquet-example", "B")
    book = _play_book_to(client, url, 5)
    assert book[5]["category"] == "sequence" and book[5]["cards"]
    for cards in ("", "QC KC AC"):  # no sequence; the clubs tierce only
        page = client.post(
            url + "move/",
            {"ply": "5", "type": "choice", "action": json.dumps({**book[5], "cards": cards})},
            headers={"HX-Request": "true"},
        ).content.decode()
        assert "the deal goes on with the same words and the same scores" in page, cards
        game = _game(url)
        assert game.record["actions"][5] == book[5], "the example's own move is made"
        assert "off_book" not in game.record["meta"]
        client.post(url + "undo/", {"ply": str(game.ply)})
        assert _game(url).ply == 5
    # the point declared short is said ("Five cards" / "Four cards"): another move
    url = _sit(client, "piquet-example", "B")
    book = _play_book_to(client, url, 3)
    short = {**book[3], "cards": "10D JD QD AD"}
    page = client.post(
        url + "move/",
        {"ply": "3", "type": "choice", "action": json.dumps(short)},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert "comes to the same" not in page and "plays differently" in page


@pytest.mark.parametrize("at", [0, 8])  # A's discard (move 0) and A's first lead
def test_taking_back_the_move_played_on_with_brings_the_example_back(
    client: Client, at: int
) -> None:
    """A learner tester's finding: after "Play on from here", taking the move back left the
    game against the computer, so the example's moves were never compared again and the
    only way back was a new seat."""
    url = _sit(client, "piquet-example", "A")
    book = _play_book_to(client, url, at)
    other = _other_move_form(url)
    client.post(url + "move/", {**other, "then": "play-on"})
    assert _game(url).record["meta"]["off_book"] == at
    page = client.post(url + "undo/", {"ply": str(_game(url).ply)}, follow=True)
    text = page.content.decode()
    assert "You are back in the worked example" in text
    game = _game(url)
    assert game.ply == at and "off_book" not in game.record["meta"]
    assert "the other side plays the example" in text, "the heading says so again"
    right = _move_in_place(client, url, at, book[at])
    assert "that is the move played in the worked example" in right
    # a take-back that stays after the move played on with keeps the game the learner's own
    url = _sit(client, "piquet-example", "A")
    _play_book_to(client, url, 8)
    client.post(url + "move/", {**_other_move_form(url), "then": "play-on"})
    game = _game(url)
    for _ in range(2):  # two more of A's cards, played on against the computer
        game = _game(url)
        card = next(iter(_position(game).state.legal_actions))
        client.post(
            url + "move/",
            {"ply": str(game.ply), "type": "choice", "action": json.dumps(card.to_json())},
        )
    assert _game(url).ply > 10
    client.post(url + "undo/", {"ply": str(_game(url).ply)})
    game = _game(url)
    assert game.ply > 8 and game.record["meta"]["off_book"] == 8


def test_the_trump_seven_s_exchange_button_says_what_it_scores() -> None:
    """A learner tester's finding: "Declare the trump seven (10 points)" beside "Exchange the
    seven of hearts for the turned-up card" without a word that the exchange scores the same
    10 (it declares the seven too)."""
    client = Client()
    url = _sit(client, "besik-example", "A")
    book = _play_book_to(client, url, 18)
    assert [b["type"] for b in book[18:20]] == ["seven", "exchange"]
    page = html_text(client.get(url).content.decode())
    assert "Declare the trump seven (10 points): seven of hearts" in page
    assert "Exchange the seven of hearts for the turned-up card (declaring it: 10 points)" in page
    client.cookies["django_language"] = "de"
    page = html_text(client.get(url).content.decode())
    assert "(damit gemeldet: 10 Punkte)" in page


def html_text(page: str) -> str:
    import html

    return html.unescape(page)


def test_a_card_as_good_as_the_example_s_is_not_called_a_miss(client: Client) -> None:
    """A learner tester: the eight of hearts, "worth the same" as the example's card with all
    cards known, came under "The worked example plays differently", as a miss would."""
    from cardtutor.engine.solver import solve

    url = _sit(client, "piquet-example", "A")
    for _ in range(40):
        game = _game(url)
        position = _position(game)
        book = _book(game)[game.ply]
        if book["type"] == "play":
            solution = solve(position.state)
            by_loss = {
                solution.loss(a): a for a in position.state.legal_actions if a.to_json() != book
            }
            book_loss = solution.loss(position.engine.parse_action(book))
            if book_loss in by_loss:
                break
        client.post(
            url + "move/", {"ply": str(game.ply), "type": "choice", "action": json.dumps(book)}
        )
    else:
        pytest.fail("A never has a card as good as the example's")
    same = by_loss[book_loss]
    page = client.post(
        url + "move/",
        {"ply": str(game.ply), "type": "choice", "action": json.dumps(same.to_json())},
        headers={"HX-Request": "true"},
    ).content.decode()
    page = html_text(page)
    assert "Not the example's card, but as good" in page
    assert "The worked example plays differently" not in page
    assert "are worth the same" in page


def test_younger_sees_what_he_scores_before_his_first_card(client: Client) -> None:
    """A learner tester as B: at B's first card the score showed B at 0, his 17 for four tens
    and three queens coming only with the card, though younger reckons before he plays."""
    url = _sit(client, "piquet-example", "B")
    _play_book_to(client, url, 9)  # A has led the ace of hearts
    page = html_text(client.get(url).content.decode())
    assert "Before you play to the first trick, you show and score what is good:" in page
    note = page.split("Before you play to the first trick", 1)[1].split("</p>", 1)[0]
    assert "B scores 14 for four tens as a quatorze" in note and "17 in all." in note
    # nowhere else: not at B's next card
    book = _book(_game(url))
    client.post(url + "move/", {"ply": "9", "type": "choice", "action": json.dumps(book[9])})
    assert "Before you play to the first trick" not in client.get(url).content.decode()


def test_a_discard_compared_with_the_example_s_stays_ticked(client: Client) -> None:
    """A learner tester: after "The worked example plays differently" the exchange's picks
    were cleared (a refused move keeps them), so "Try again" began from nothing."""
    url = _sit(client, "piquet-example", "A")
    book = _book(_game(url))[0]
    mine = {**book, "discard": " ".join(book["discard"].split()[:3])}  # three, not five
    for htmx in (True, False):
        response = client.post(
            url + "move/",
            {"ply": "0", "type": "choice", "action": json.dumps(mine)},
            **({"headers": {"HX-Request": "true"}} if htmx else {"follow": True}),
        )
        page = response.content.decode()
        assert "plays differently" in page
        ticked = re.findall(r'name="cards" value="(\w+)" id="[^"]+" checked', page)
        assert sorted(ticked) == sorted(mine["discard"].split()), (htmx, ticked)
        # "Try again" opens the decision with them still ticked (it cleared them)
        again = re.search(r'<a class="primary-button" href="([^"#]+)#game-area"', page)
        assert again, page
        decision = client.get(
            html.unescape(again.group(1)), **({"headers": {"HX-Request": "true"}} if htmx else {})
        ).content.decode()
        assert "plays differently" not in decision
        ticked = re.findall(r'name="cards" value="(\w+)" id="[^"]+" checked', decision)
        assert sorted(ticked) == sorted(mine["discard"].split()), ("again", htmx, ticked)


HEADINGS = {
    "better": "Not the example's discard, but a better one",
    "same": "Not the example's discard, but as good",
    "worse": "The worked example plays differently",
}
STANDING_WORDS = {
    "better": "points better on average",
    "same": "That is as good",
    "worse": "points worse on average",
}


@pytest.mark.parametrize("seat", ["A", "B"])
def test_a_different_discard_is_given_the_exchange_drill_s_figures(
    client: Client, seat: str
) -> None:
    """A learner tester: a discard other than the example's (even the hint's) was answered
    only "The worked example plays differently", though the exchange drill values every
    discard of this deal. The comparison gives both averages on the drill's deals (the same
    figures as the drill's table of this deal) and how they stand."""
    from cardtutor.engine.drills.base import Level
    from cardtutor.engine.drills.piquet_exchange import (
        Average,
        ExchangeDrill,
        analyse,
        compare_discards,
        lowest_cards,
        spot_of,
    )
    from cardtutor.engine.piquet import Exchange
    from cardtutor.engine.players.piquet_players import exchange_spot

    url = _sit(client, "piquet-example", seat)
    game = _game(url)
    position = _position(game)
    spot = exchange_spot(position.state.view(seat), seat)
    level = Level.MEDIUM if seat == "A" else Level.HARD
    item = ExchangeDrill().item("example", level)
    assert spot_of(item) == spot, "the drill's question is this very spot"
    book = position.engine.parse_action(_book(game)[game.ply])
    ranked = sorted(analyse(spot).finalists, key=lambda v: -v.total)
    # the best discard, or the next one where the example's is the best (B's)
    best = next(v.discard for v in ranked if v.discard != book.discard)
    one_card = lowest_cards(spot.hand, 1)  # the other cards he might take left in the stock
    standings = []
    for mine in (best, one_card):
        assert mine != book.discard
        found = compare_discards(spot, mine, book.discard)
        standings.append(found.standing)
        action = Exchange(seat, mine).to_json()
        page = html_text(
            client.post(
                url + "move/",
                {"ply": str(game.ply), "type": "choice", "action": json.dumps(action)},
                headers={"HX-Request": "true"},
            ).content.decode()
        )
        assert HEADINGS[found.standing] in page
        assert STANDING_WORDS[found.standing] in page
        yours, theirs = (Average(v.total).name("en") for v in (found.yours, found.other))
        assert f"your discard averages {yours} and the example's {theirs}." in page
        # no link to the drill's question: its answer shows the cards this discard would
        # draw (the stock, hidden at this decision) and counts as practice
        assert "/practice/piquet/exchange/" not in page
        if found.standing != "same":  # the difference of the figures shown
            shown = round(found.yours.total, 1) - round(found.other.total, 1)
            assert f" {Average(round(abs(shown), 1), signed=False).name('en')} points " in page
        # the drill's own verdict on the same discard: the same average
        checked = ExchangeDrill().check(item, frozenset(Exchange(seat, mine).cards))
        assert checked.expected["yours"] == round(found.yours.total, 3)
    assert standings[1] == "worse", "one card kept back of five is worse"
    # README: A's discard in the example is 3.7 below the best; B's is the best
    assert standings[0] == ("better" if seat == "A" else "worse")


@pytest.mark.parametrize(("slug", "seat"), EVERY_SEAT)
def test_the_learner_s_last_card_is_played_for_him(client: Client, slug: str, seat: str) -> None:
    """A learner tester: the last card waited for its click ("His only card: no choice.")
    though there is nothing to decide. It is played as the forced draws are, shown among the
    moves since the learner's last one, and a take-back skips it."""
    url = _sit(client, slug, seat)
    book = _book(_game(url))
    last = max(i for i, a in enumerate(book) if a["seat"] == seat and a["type"] == "play")
    before = max(i for i, a in enumerate(book[:last]) if a["seat"] == seat and a["type"] == "play")
    posted = []
    for _ in range(len(book)):
        game = _game(url)
        if game.is_over:
            break
        posted.append(game.ply)
        client.post(
            url + "move/",
            {"ply": str(game.ply), "type": "choice", "action": json.dumps(book[game.ply])},
        )
    game = _game(url)
    assert game.is_over and game.record["actions"] == book
    assert last not in posted, "the last card was not asked for"
    assert before in posted
    position = _position(game)
    assert service.undo_point(position, (seat,)) == before, "a take-back skips the forced card"
    # the page after the learner's last real card shows the forced one among the moves since
    page = client.get(url).content.decode()
    since = page.split("Since your last move", 1)[1].split("</ol>", 1)[0]
    card = position.engine.parse_action(book[last]).card
    assert f"{seat} " in since and card.name("en") in since, since


def test_a_kept_seat_game_keeps_the_example_s_reasons_while_it_followed_it(
    client: Client,
) -> None:
    """A learner tester: the kept replay of a seat game had the solver's verdicts but none of
    the example's reasons, though its moves were the example's. The example's reasons and
    commentary come with it for the steps it shares with the example, and only those (after
    the learner's own move they would speak of moves not made); the source quotes and the
    stated totals stay the example's own (they cite its source)."""
    from cardtutor.replays.models import Annotation

    url = _sit(client, "piquet-example", "A")
    book = _book(_game(url))
    _play_book_to(client, url, 6)  # A's exchange and declarations, B's answers, as the book's
    shared = _game(url).ply
    client.post(url + "move/", {**_other_move_form(url), "then": "play-on"})
    _play_on_to_the_end(client, url)
    assert _game(url).record["actions"][:shared] == book[:shared]
    document = json.loads(client.get(url + "export.json").content)
    example = {a.step: a for a in Annotation.objects.filter(replay__slug="piquet-example")}
    steps = [a["step"] for a in document["annotations"]]
    assert steps and max(steps) <= shared
    kept_kinds = {"reason", "aside", "deduction"}
    assert set(steps) == {
        s
        for s, a in example.items()
        if s <= shared and ({n["kind"] for n in a.notes} & kept_kinds or a.commentary_en)
    }
    for annotation in document["annotations"]:
        assert annotation["source"] == [] and annotation["stated"] == {}
        assert {n["kind"] for n in annotation["notes"]} <= kept_kinds
    kept = client.get(client.post(url + "keep/")["Location"].replace("/0/", "/5/")).content
    reason = "A quart to the ace can be beaten only by a quint or longer."
    assert reason in kept.decode(), "step 5's reason, as in the example"
    past = client.get(client.post(url + "keep/")["Location"].replace("/0/", f"/{shared + 1}/"))
    assert past.status_code == 200
    assert not any(
        n.get("en", "") in past.content.decode()
        for n in example[shared + 1].notes
        if n.get("kind") == "reason"
    ), "no example reason after the learner's own move"


def test_the_game_s_score_table_names_two_marriages_in_the_plural(client: Client) -> None:
    """As the replays' breakdown: B's two marriages in one row were „Einfache Heirat 40“."""
    client.cookies["django_language"] = "de"
    url = _sit(client, "besik-example", "B")
    book = _book(_game(url))
    while not (game := _game(url)).is_over:
        form = {"ply": str(game.ply), "type": "choice", "action": json.dumps(book[game.ply])}
        client.post(url + "move/", form)
    page = client.get(url).content.decode()
    table = page.split('class="score-table"', 1)[1].split("</table>", 1)[0]
    assert re.search(r"<th scope=\"row\">Einfache Heiraten</th><td>20</td><td>40</td>", table), (
        table
    )
