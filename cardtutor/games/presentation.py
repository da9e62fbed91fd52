"""What the learner's seat sees of a game: the table, the score, what just happened, the moves.

Everything here is read from the engine's ``view(seat)`` and the events the engine lets that
seat see (``visible_events``), never from the state or the record, so the page cannot show a
card the learner could not know.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from typing import Any

from django.utils.translation import gettext as _

from cardtutor.engine.besik.play import trick_winner
from cardtutor.engine.errors import EngineError
from cardtutor.engine.piquet import Exchange as PiquetExchange
from cardtutor.engine.piquet import NextDeal as PiquetNextDeal
from cardtutor.engine.text import Msg, join_names, to_player
from cardtutor.games.service import Position, is_deal_action, is_deal_phase, undo_point
from cardtutor.replays.presentation import SETTLEMENT, category_label, rule_title_of, rule_url
from cardtutor.replays.table import sort_hand


def _category(name: str, game: str, lang: str) -> str:
    return category_label(name, game, lang)


def seat_label(position: Position, seat: str, learner: Sequence[str]) -> str:
    if seat in learner:
        return _("You (%(seat)s)") % {"seat": seat}
    partner = position.kind.partners.get(learner[0]) if learner else None
    if seat == partner:
        return _("Your partner (%(seat)s)") % {"seat": seat}
    if position.kind.following_book:  # the example's player, making the example's moves
        return _("Player %(seat)s") % {"seat": seat}
    return _("Computer (%(seat)s)") % {"seat": seat}


def _order_round(seats: Sequence[str], bottom: str) -> list[str]:
    """The seats clockwise starting with ``bottom`` (the learner sits at the bottom)."""
    i = list(seats).index(bottom)
    return [*seats[i:], *seats[:i]]


POSITIONS = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}
"""Where each seat sits, clockwise from the learner's (play goes clockwise)."""


def place_words(where: str) -> str:
    """A seat's place at the table in words, in the active language."""
    return {
        "left": _("on your left"),
        "top": _("opposite you"),
        "right": _("on your right"),
    }.get(where, "")


def drawn_cards(position: Position, seat: str, view: Any) -> frozenset[Any]:
    """Piquet: the cards in ``seat``'s hand (``view``: his view now) that he took from the
    stock in this deal's exchange (he saw them come: the move forms mark them); empty in
    Besik and before his exchange."""
    if position.kind.game != "piquet" or len(position.states) != len(position.actions):
        return frozenset()
    for index in range(len(position.actions) - 1, -1, -1):
        action = position.actions[index]
        if isinstance(action, PiquetNextDeal):  # this deal's exchange only
            return frozenset()
        if isinstance(action, PiquetExchange) and action.seat == seat:
            before = position.states[index - 1] if index else position.start
            if before is None:
                return frozenset()
            had = set(before.view(seat).hands.get(seat, ()))
            return frozenset(c for c in view.hands.get(seat, ()) if c is not None and c not in had)
    return frozenset()


def table(position: Position, seat: str, learner: Sequence[str], lang: str) -> dict[str, Any]:
    """The card table as ``seat`` sees it."""
    view = position.state.view(seat)
    game = position.kind.game
    order = _order_round(view.seats, seat)
    # at the end of a deal no seat is marked to play: the learner goes on (a button under
    # "The deal is over"), whoever deals next
    deal_over = is_deal_phase(position.state) and not position.state.is_over
    to_act = None if deal_over else view.seat_to_act
    hands = []
    for where, s in zip(POSITIONS[len(order)], order, strict=True):
        cards = view.hands.get(s, ())
        known = [c for c in cards if c is not None]
        declared: tuple[Any, ...] = ()
        if game == "besik":
            declared = tuple(getattr(view, "declared", {}).get(s, ()) or ())
            concealed = getattr(view, "concealed", {}).get(s)
            known = list(concealed) if concealed is not None else known
            if concealed is None:
                known = [c for c in cards if c is not None and c not in declared]
        hidden = sum(1 for c in cards if c is None)
        hands.append(
            {
                "seat": s,
                "where": where,
                # said for three or four players, where play goes round: who sits where
                "place": place_words(where) if len(order) > 2 and s not in learner else "",
                "label": seat_label(position, s, learner),
                "is_learner": s in learner,
                "is_turn": s == to_act,
                "cards": sort_hand(known, game),
                "declared": sort_hand(declared, game),
                "backs": range(hidden),
                "count": len(cards),
                "tricks_won": view.tricks_won.get(s, 0),
            }
        )
    middle = _middle(view, game)
    if game == "piquet":
        stock = getattr(view, "stock", ())
        middle["stock"] = len(stock)
        # What this seat may see of the stock (elder the cards he left, younger the cards
        # left over once he chose to look at them) and his own discard (the rules let
        # each look at his own discard at any time): the view hides the rest.
        middle["stock_seen"] = sort_hand([c for c in stock if c is not None], game)
        own = getattr(view, "discards", {}).get(view.seat, ()) if view.seat else ()
        middle["discard"] = sort_hand([c for c in own if c is not None], game)
        middle["deal_number"] = getattr(view, "deal_number", 1)
        middle["elder"] = getattr(view, "elder", "")
        middle["dealer"] = getattr(view, "dealer", "")
    else:
        up_card = getattr(view, "up_card", None)
        # The engine counts the turned-up card with the talon; the table shows it apart.
        middle["talon"] = getattr(view, "talon_count", 0) - (1 if up_card is not None else 0)
        middle["up_card"] = up_card
        trumps = getattr(view, "trumps", None)
        middle["trumps"] = trumps.name_in(lang) if trumps is not None else ""
        middle["dealer"] = getattr(view, "dealer", "")
        middle["deal_number"] = getattr(view, "deal_no", 1)
    return {
        "game": game,
        "hands": hands,
        "middle": middle,
        "single_deal": position.kind.single_deal,
    }


def _middle(view: Any, game: str) -> dict[str, Any]:
    """The trick on the table, or, between tricks, the last one (and who made it)."""
    middle: dict[str, Any] = {"trick": [{"seat": s, "card": c} for s, c in view.trick]}
    if view.trick:
        return middle
    if game == "piquet":
        tricks = getattr(view, "tricks", ())
        if tricks:
            last = tricks[-1]
            middle["last_trick"] = [
                {"seat": last.leader, "card": last.lead},
                {"seat": last.follower, "card": last.follow},
            ]
            middle["last_winner"] = last.winner
    else:
        last = getattr(view, "last_trick", ())
        if last:
            middle["last_trick"] = [{"seat": s, "card": c} for s, c in last]
            # who made it, as Piquet's table says (the engine's rule: trumps, then the first
            # of identical cards)
            won, _uid = trick_winner(
                tuple((i, c.uid) for i, (_s, c) in enumerate(last)), int(view.trumps)
            )
            middle["last_winner"] = last[won][0]
    return middle


MAX_FRAMES = 8
"""At most this many moves are shown one after another on the table (a Besik deal dealt
automatically is one move; four players make three moves between the learner's)."""


def frames(
    position: Position, seat: str, learner: Sequence[str], lang: str
) -> list[dict[str, Any]]:
    """The table's middle after each move since the learner's last decision, his own included,
    up to the one before now (the table itself shows now), each with what the move was, as
    ``seat`` saw it; empty when nobody else has moved since (nothing to show in turn).

    The page shows them one after another before the table as it stands, so the learner sees
    each computer move on the table, not only in the list."""
    start = undo_point(position, learner)  # the learner's last decision
    if start is None:
        return []
    last = len(position.actions) - 1
    for index in range(last, start, -1):
        if is_deal_action(position.actions[index]):  # only this deal's moves: a new deal
            start = index  # begins a new table (and its cards were last deal's)
            break
    if last <= start or len(position.states) != len(position.actions):
        return []
    engine = position.engine
    game = position.kind.game
    shown: list[dict[str, Any]] = []
    for index in range(max(start, last - MAX_FRAMES), last):
        lines = [
            event.msg.render(lang)
            for event in engine.visible_events(position.events[index + 1], seat)
            if isinstance(getattr(event, "msg", None), Msg)
        ]
        view = position.states[index].view(seat)
        shown.append({"middle": _middle(view, game), "caption": " ".join(lines)})
    return shown


def score(position: Position, lang: str) -> dict[str, Any]:
    """The running score: this deal by category, the deal and game totals, past deals."""
    state = position.state
    outcome = state.outcome()
    breakdown = state.score_breakdown()
    parties = list(outcome.parties)
    categories: list[str] = []
    for party in parties:
        for name in breakdown.get(party, {}):
            if name not in categories:
                categories.append(name)
    rows = []
    for name in categories:
        points = [breakdown.get(p, {}).get(name, 0) for p in parties]
        if any(points):  # a row sums each side's melds of a kind: "Marriages" for two
            label = category_label(name, position.kind.game, lang, summed=max(points))
            rows.append({"name": label, "points": points})
    deal = [outcome.deal.get(p, 0) for p in parties]
    return {
        "parties": parties,
        "rows": rows,
        "deal": deal,
        "high": max(deal, default=0),
        "low": min(deal, default=0),
        "game": [outcome.game.get(p, 0) for p in parties],
        "deal_number": outcome.deal_number,
        "deals": [[d.get(p, 0) for p in parties] for d in outcome.deals],
        "over": outcome.game_over,
        "single_deal": position.kind.single_deal,
        "winner": outcome.winner,
        "settlement": outcome.settlement,
        "rubiconed": outcome.rubiconed,
    }


def recent(position: Position, seat: str, learner: Sequence[str], lang: str) -> list[str]:
    """What happened since the learner's last decision (his own move first), as ``seat`` saw it;
    after a new deal, since that deal only (the end of the last one was on the screen when he
    dealt it)."""
    cut = undo_point(position, learner)  # the learner's last decision
    start = 0 if cut is None else cut + 1
    # only the moves since the learner's decision are looked at: the rest cost every request
    for i in range(len(position.actions) - 1, start - 1, -1):
        if is_deal_action(position.actions[i]):
            start = i + 1  # events[i + 1] are those of actions[i]: the deal itself
            break
    lines: list[str] = []
    engine = position.engine
    for events in position.events[start:]:
        for event in engine.visible_events(events, seat):
            msg = getattr(event, "msg", None)
            if isinstance(msg, Msg):
                text = msg.render(lang)
                # a spoken line ("Good.") names its speaker, as the replays' dialogue does
                if event.kind == "say" and event.seat:
                    opening, closing = (
                        ("\u201e", "\u201c") if lang == "de" else ("\u201c", "\u201d")
                    )
                    text = f"{event.seat}: {opening}{text}{closing}"
                lines.append(text)
    return lines[-60:]


def _heard(position: Position, seat: str, lang: str) -> dict[str, str] | None:
    """What elder said last since the learner's last decision (his declaration in the category
    younger answers now: "Five cards.", "Tierce major."), shown with younger's form: below
    the table, "Since your last move" is a phone's screen away."""
    cut = undo_point(position, (seat,))
    for events in reversed(position.events[(0 if cut is None else cut + 1) :]):
        for event in reversed(position.engine.visible_events(events, seat)):
            msg = getattr(event, "msg", None)
            if event.kind == "say" and event.seat and event.seat != seat and isinstance(msg, Msg):
                return {"seat": event.seat, "text": msg.render(lang)}
    return None


def _label(msg_key: str, lang: str, **params: Any) -> str:
    return Msg(msg_key, **params).render(lang)


def moves(position: Position, seat: str, lang: str) -> dict[str, Any]:
    """The forms for the learner's decision now (empty when it is not his turn)."""
    state = position.state
    if state.is_over:
        return {}
    if is_deal_phase(state) and state.seat_to_act not in (seat, None):
        return {"kind": "deal", "dealer": state.seat_to_act}  # the learner goes on
    if state.seat_to_act != seat:
        return {}
    legal = list(state.legal_actions) if position.kind.game == "besik" else None
    view = state.view(seat)
    if position.kind.game == "piquet":
        phase = state.phase.value
        hand = sort_hand([c for c in view.hands.get(seat, ()) if c is not None], "piquet")
        if phase == "exchange":
            stock = len(view.stock)
            elder = view.elder == seat
            most = min(5, stock) if elder else stock
            return {
                "kind": "exchange",
                "cards": hand,
                "most": most,
                # in words, as card players write numbers up to twelve ("höchstens fünf")
                "most_words": Msg(f"piquet.num.{most}").render(lang) if 0 < most <= 12 else most,
                "may_look": not elder,
                "elder": elder,
            }
        drawn = drawn_cards(position, seat, view)
        if phase == "declare":
            from cardtutor.engine.piquet.declarations import best_declaration

            best = best_declaration(state)
            # What elder's ticked cards make him say, in the words of the rules' dialogue.
            # Not younger's answers: they depend on elder's hand ("Equal. Not good.").
            says: list[str] = []
            if view.elder == seat:
                _after, events = position.engine.apply(state, best)
                says = [e.msg.render(lang) for e in events if e.kind == "say" and e.seat == seat]
            return {
                "kind": "declare",
                "category": view.category,
                "category_name": _category(view.category or "", "piquet", lang),
                "cards": [
                    {"card": c, "checked": c in best.card_list, "drawn": c in drawn} for c in hand
                ],
                "says": " ".join(says),
                "heard": _heard(position, seat, lang) if view.elder != seat else None,
            }
        if phase == "play":
            playable = {a.card for a in state.legal_actions}
            return {
                "kind": "play",
                "cards": _card_choices(position, seat, hand, playable, lang, drawn=drawn),
                "reckon": _younger_reckons(position, seat, lang),
            }
        return {"kind": "deal"}  # the deal is over: the learner deals the next
    # Besik
    assert legal is not None
    plays = {a.card for a in legal if a.to_json()["type"] == "play"}
    hand_cards = [c for c in view.hands.get(seat, ()) if c is not None]
    declared = set(state.declared_row(seat))
    others = []
    labels = set()
    for action in legal:
        data = action.to_json()
        kind = data["type"]
        if kind == "play":
            continue
        if kind == "deal":
            return {"kind": "deal"}
        points = 0
        # what it scores, on the button: the engine's count (an exchange of the trump seven
        # not declared yet declares it too)
        if kind in ("meld", "seven", "exchange"):
            _after, events = position.engine.apply(state, action)
            points = sum(e.points for e in events if e.kind == "score")
        label = action_label(action, lang, declared, points)
        label = label[:1].upper() + label[1:]  # a button: „Eine Karo-Heirat melden …“
        fresh = not declared.intersection(getattr(action, "cards", ()))
        if fresh and label in labels:
            # the same meld with the other copy of a card (two packs), all from the concealed
            # hand: the same move to the learner (cards never declared have no history)
            continue
        if fresh:
            labels.add(label)
        others.append(
            {"json": json.dumps(data), "label": label, "type": kind, "meld": data.get("kind", "")}
        )
    return {
        "kind": "besik",
        "cards": _card_choices(
            position, seat, sort_hand(hand_cards, "besik"), plays, lang, declared
        ),
        "others": others,
        "any_playable": bool(plays),
        # three players: a triple Besik in the first eight cards may be declared at the first
        # turn, with no trick won (and wins the game at once)
        "first_turn_meld": bool(plays)
        and any(o["meld"] == "triple-besik" for o in others)
        and not view.tricks_won.get(seat, 0),
    }


MAX_TICKED = 12
"""No declaration holds more cards than a hand: a longer list is not one of our forms."""


def elder_says(
    position: Position, seat: str, codes: Sequence[str], lang: str
) -> tuple[str, bool] | None:
    """What the cards ``codes`` ticked on elder's declaration form make ``seat`` say, in the
    words of the rules' dialogue ("Four cards."), and ``False``; or why they are no
    declaration (a sentence) and ``True``. ``None``: ``seat`` is not the elder hand declaring
    now (only elder's words follow from his cards alone)."""
    state = position.state
    if position.kind.game != "piquet" or state.seat_to_act != seat:
        return None
    view = state.view(seat)
    if state.phase.value != "declare" or view.elder != seat or not view.category:
        return None
    if len(codes) > MAX_TICKED:
        return sentence(Msg("games.err.form").render(lang)), True
    data = {"type": "declare", "seat": seat, "category": view.category, "cards": " ".join(codes)}
    try:
        action = position.engine.parse_action(data)
    except EngineError as error:  # a malformed card code
        return sentence(to_player(error.msg).render(lang)), True
    why = state.legal_actions.why_illegal(action)
    if why is not None:
        return sentence(to_player(why).render(lang)), True
    _after, events = position.engine.apply(state, action)
    return " ".join(e.msg.render(lang) for e in events if e.kind == "say" and e.seat == seat), False


def sentence(text: str) -> str:
    """The engine's reason as a sentence of its own (under the hand, above the move form):
    a capital first, a full stop last. (The engine's reasons are phrases, to be quoted.)

    >>> sentence("you must follow suit")
    'You must follow suit.'
    """
    text = text[:1].upper() + text[1:]
    if text and not text.endswith((".", "!", "?")):
        text += "."
    return text


def _card_choices(
    position: Position,
    seat: str,
    hand: Sequence[Any],
    playable: set[Any],
    lang: str,
    declared: Collection[Any] = (),
    drawn: Collection[Any] = (),
) -> list[dict[str, Any]]:
    """The hand as card buttons; a card that may not be played now says why (the engine's
    reason, a sentence shown under the hand on hover, tap and focus)."""
    choices = []
    keys = 0  # the number keys go to the cards that may be played: 1 is the first of them
    for number, card in enumerate(hand, start=1):
        keys += card in playable
        data = {"type": "play", "seat": seat, "card": card.code}
        reason = ""
        if card not in playable:
            why = position.state.legal_actions.why_illegal(position.engine.parse_action(data))
            reason = sentence(to_player(why).render(lang)) if why is not None else ""
        choices.append(
            {
                "card": card,
                "number": number,
                "key": keys if card in playable else 0,
                "playable": card in playable,
                "declared": card in declared,  # Besik: on the table, still played from the hand
                "drawn": card in drawn,  # Piquet: taken from the stock in the exchange
                "reason": reason,
                "json": json.dumps(data),
            }
        )
    return choices


def _younger_reckons(position: Position, seat: str, lang: str) -> list[str]:
    """Piquet: what younger scores before he plays to the first trick (his good combinations,
    scored with his card by the engine), for the learner deciding that card: the score beside
    it did not show them yet (a learner tester). Empty at any other card."""
    state = position.state
    if state.tricks or state.lead < 0 or state.seats[state.turn] != seat:
        return []
    any_card = next(iter(state.legal_actions), None)
    if any_card is None:
        return []
    _after, events = position.engine.apply(state, any_card)
    lines: list[str] = []
    for event in events:
        if event.kind == "play":
            break
        if event.kind == "score" and event.seat == seat:
            lines.append(to_player(event.msg).render(lang))
    return lines


def action_label(action: Any, lang: str, declared: Collection[Any] = (), points: int = 0) -> str:
    """A Besik decision other than a card, in words (a card among ``declared``, already on
    the table, is named so; a meld or a trump seven with the ``points`` it scores, if given)."""
    data = action.to_json()
    kind = str(data["type"])
    if kind == "meld":
        shown = _(" (declared)")
        names = ", ".join(c.name(lang) + (shown if c in declared else "") for c in action.cards)
        # with its suit, as the log says it ("eine Karo-Heirat melden": "Heirat melden" did
        # not say which, and English lacked its article)
        meld = Msg(f"besik.meld.{action.kind}", suit=action.cards[0].suit).render(lang)
        if points:
            return _("Declare %(meld)s (%(points)s points): %(cards)s") % {
                "meld": meld,
                "points": points,
                "cards": names,
            }
        return _("Declare %(meld)s: %(cards)s") % {"meld": meld, "cards": names}
    if kind == "seven":
        if len(action.cards) == 2:  # both trump sevens: naming the same card twice says nothing
            if points:
                return _("Declare both trump sevens (%(points)s points)") % {"points": points}
            return _("Declare both trump sevens")
        names = ", ".join(c.name(lang) for c in action.cards)
        if points:
            return _("Declare the trump seven (%(points)s points): %(cards)s") % {
                "points": points,
                "cards": names,
            }
        return _("Declare the trump seven: %(cards)s") % {"cards": names}
    if kind == "exchange":
        if points:
            return _(
                "Exchange the %(card)s for the turned-up card (declaring it: %(points)s points)"
            ) % {"card": action.card.name(lang), "points": points}
        return _("Exchange the %(card)s for the turned-up card") % {"card": action.card.name(lang)}
    if kind == "draw":
        return _("Draw from the talon")
    if kind in ("deal", "new_deal"):
        return _("Deal the next deal")
    return kind


def describe(action: Any, lang: str) -> str:
    """Any move in words (for comparing the learner's move with the worked example's)."""
    data = action.to_json()
    kind = str(data["type"])
    if kind == "play":
        return _("play the %(card)s") % {"card": action.card.name(lang)}
    if kind == "exchange" and hasattr(action, "discard"):
        # in the order of the hand on the table, so the cards can be checked against it
        names = join_names(sort_hand(list(action.cards), "piquet"), lang)
        text = _("discard the %(cards)s") % {"cards": names}
        return text + (
            _(" and look at the rest of the stock") if getattr(action, "look", False) else ""
        )
    if kind == "declare":
        cards = action.card_list
        category = _category(action.category, "piquet", lang)
        if not cards:
            if lang[:2] != "de":  # an English noun in a sentence: "declare no sets"
                category = category.lower()
            return _("declare no %(category)s") % {"category": category}
        return _("declare %(what)s") % {"what": _declared_words(action, lang)}
    label = action_label(action, lang)  # a button's label: "Declare four kings: …"
    if lang[:2] == "de":
        return label  # (German: „Vier Könige melden: …“, as „Kreuz-Neun spielen“)
    return label[:1].lower() + label[1:]  # as "play the …": "Taken back: declare four kings"


def _declared_words(action: Any, lang: str) -> str:
    """A Piquet declaration as a player names it: "four cards worth 35 (diamonds)", "quart
    major (hearts) and tierce to the king (spades)", "three kings as a trio", not its cards
    one by one."""
    from cardtutor.engine.cards import cards_from_mask
    from cardtutor.engine.piquet.actions import category_index
    from cardtutor.engine.piquet.declarations import combinations

    cat = category_index(action.category)
    parts = []
    for combination in combinations(cat, action.cards, True):
        words = combination.name.render(lang) if combination.name is not None else ""
        if cat in (0, 1):  # the point and a sequence are of one suit: which
            suit = cards_from_mask(combination.cards)[0].suit.name_in(lang)
            words = f"{words} ({suit})"
        parts.append(words)
    if len(parts) > 1:
        return _("%(first)s and %(last)s") % {"first": ", ".join(parts[:-1]), "last": parts[-1]}
    return parts[0] if parts else ""


def solver_standing(position: Position, yours: Any, book: Any, lang: str) -> tuple[str, str]:
    """With all cards known (the solver), what the learner's card and the example's make, where
    the solver reaches (Piquet's play, Besik's last eight tricks), else ``""``; and how the
    learner's card stands against the example's: ``"same"``, ``"better"``, ``"worse"`` or
    ``""`` (not judged)."""
    if isinstance(yours, PiquetExchange) and isinstance(book, PiquetExchange):
        return _discard_standing(position, yours, book, lang)
    if yours.to_json().get("type") != "play" or book.to_json().get("type") != "play":
        return "", ""
    from cardtutor.engine.solver import OutOfScopeError, solve

    try:
        solution = solve(position.state)
        your_loss = solution.loss(yours)
        book_loss = solution.loss(book)
    except OutOfScopeError:
        if position.kind.game == "besik":  # said, not left out: the learner may wonder
            return (
                _(
                    "Cards are judged with all cards known only in the last eight tricks, once "
                    "the talon is used up."
                ),
                "",
            )
        return "", ""
    except KeyError:
        return "", ""
    if your_loss == book_loss:
        text = _("With all cards known, your card and the example's are worth the same")
        if your_loss:
            text += " " + _("(both lose %(n)s against the best card)") % {"n": your_loss}
        return text + ".", "same"
    if your_loss < book_loss:
        better = _("With all cards known, your card is %(n)s points better than the example's.")
        return better % {"n": book_loss - your_loss}, "better"
    worse = _("With all cards known, your card loses %(n)s points against the example's.")
    return worse % {"n": your_loss - book_loss}, "worse"


def _discard_standing(
    position: Position, yours: PiquetExchange, book: PiquetExchange, lang: str
) -> tuple[str, str]:
    """The learner's discard against the example's, by the exchange drill's averages over the
    cards the learner cannot see (the same deals for both; the figures of the drill's table
    for this deal), and how it stands: as :func:`solver_standing`. Nothing when the two
    discard the same cards (they differ in looking at the rest of the stock only)."""
    from cardtutor.engine.drills.piquet_exchange import Average, compare_discards
    from cardtutor.engine.players.piquet_players import exchange_spot

    if yours.discard == book.discard:
        return "", ""
    spot = exchange_spot(position.state.view(yours.seat), yours.seat)
    found = compare_discards(spot, yours.discard, book.discard)

    def points(value: float) -> str:
        return Average(value).name(lang)

    text = _(
        "Over %(samples)s deals of the cards you cannot see, the declarations and the play "
        "counted together (your points minus your opponent's), your discard averages "
        "%(yours)s and the example's %(book)s."
    ) % {
        "samples": found.samples,
        "yours": points(found.yours.total),
        "book": points(found.other.total),
    }
    margin = Average(found.margin, signed=False).name(lang)
    # the difference of the figures as shown (one decimal), so the sentence adds up
    shown = round(found.yours.total, 1) - round(found.other.total, 1)
    diff = Average(round(abs(shown), 1), signed=False).name(lang)
    if found.standing == "same":
        text += " " + _(
            "That is as good: the two are less than %(margin)s points apart, closer than the "
            "averages can tell."
        ) % {"margin": margin}
    elif found.standing == "better":
        text += " " + _(
            "Yours does %(diff)s points better on average, by this count, which estimates the "
            "play only roughly."
        ) % {"diff": diff}
    else:
        text += " " + _("Yours does %(diff)s points worse on average.") % {"diff": diff}
    if found.best.discard not in (found.yours.discard, found.other.discard):
        text += " " + _("The best discard found averages %(best)s.") % {
            "best": points(found.best.total)
        }
    return text, found.standing


def ledger(position: Position, seat: str, lang: str) -> list[dict[str, Any]]:
    """Every point of the current deal as ``seat`` saw it scored: who, how many, for what, in
    words, with a link to the rule (the replays' ledger)."""
    start = 0
    for index in range(len(position.actions) - 1, -1, -1):
        if position.actions[index].to_json().get("type") == "deal":
            start = index + 1
            break
    engine = position.engine
    entries: list[dict[str, Any]] = []
    for events in position.events[start:]:
        for event in engine.visible_events(events, seat):
            if not event.points or event.category == SETTLEMENT:
                continue  # (the settlement is no deal's points: the result line says it)
            entries.append(
                {
                    "seat": event.seat or "",
                    "points": event.points,
                    "category": _category(event.category, position.kind.game, lang),
                    "text": event.msg.render(lang),
                    "rule_url": rule_url(event.rule) if event.rule else "",
                    # the rule link's name: which rule ("Rule: Trump marriage"); the category
                    # ("Melds") named links to different rules alike
                    "rule_title": rule_title_of(event.rule, lang) if event.rule else "",
                }
            )
    return entries
