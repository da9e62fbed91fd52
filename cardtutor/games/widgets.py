"""The game table's busiest parts as HTML, built in Python: the seats, the middle, the card
buttons, the score and its ledger.

Why not template loops: a move redraws the whole table, and Django's template engine spent
more than 40 % of a move on it (a card with its label is a dozen nodes; a hand of twelve card
buttons with their labels, the other seat's face-down cards, the ledger and the score are
hundreds). ``make bench`` measures a move against a trivial view. The markup is what the
template wrote, with the same messages (``gettext`` and ``ngettext`` on the same msgids, so the
translations stay), every value that is not our own markup escaped by :func:`html.escape`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from cardtutor.core.templatetags.cards import card_svg


def _e(value: object) -> str:
    return escape(str(value))


def _texts() -> dict[str, str]:
    """The table's fixed words in the active language (outside the f-strings, where the
    message extractor finds them)."""
    return {
        "deal": _("Deal"),
        "declared_melds": _("Declared melds"),
        "game_total": _("Game total"),
        "known_to_you": _("Known to you (from the exchange or the declarations)"),
        "no_card_played_yet": _("No card played yet"),
        "the_last_trick": _("The previous trick"),
        "the_trick": _("The trick"),
        "the_stock": _("The stock"),
        "the_talon": _("The talon"),
        "this_deal": _("This deal"),
        "turned_up": _("Turned up"),
        "your_declared_melds": _("Your declared melds"),
        "to_play": _("to play"),
        "your_move": _("your move"),
    }


def _cards(cards: Sequence[Any], lang: str, size: str, label: str = "", cls: str = "hand") -> str:
    items = "".join(f"<li>{card_svg(c, lang, size=size)}</li>" for c in cards)
    aria = f' aria-label="{_e(label)}"' if label else ""
    return f'<ul class="{cls}"{aria}>{items}</ul>'


def _trick(entries: Sequence[Mapping[str, Any]], lang: str, size: str, done: bool) -> str:
    items = "".join(
        f'<li><span class="trick-seat">{_e(t["seat"])}</span>{card_svg(t["card"], lang, size=size)}</li>'
        for t in entries
    )
    return f'<ul class="trick{" trick--done" if done else ""}">{items}</ul>'


def _tricks_won(n: int) -> str:
    return ngettext("%(counter)s trick won", "%(counter)s tricks won", n) % {"counter": n}


def _seat_start(
    hand: Mapping[str, Any], where: str, badge_word: str, meta: str, place: str = ""
) -> list[str]:
    """A seat's opening: its box (marked when it is to play), name with the badge, one line of
    counts, after the seat's place in words if it has one ("on your left": a phone shows an
    arrow before the name instead, see games.css)."""
    turn = " is-turn" if hand["is_turn"] else ""
    placed = " has-place" if place else ""
    badge = f' <span class="turn-badge">{_e(badge_word)}</span>' if hand["is_turn"] else ""
    said = f'<span class="seat-place">{_e(place)} · </span>' if place else ""
    return [
        f'<div class="game-seat game-seat--{_e(where)}{turn}{placed}" data-seat="{_e(hand["seat"])}">',
        f"<h3>{_e(hand['label'])}{badge}</h3>",
        f'<p class="seat-meta">{said}{_e(meta)}</p>',
    ]


def _declared(hand: Mapping[str, Any], label: str, lang: str) -> list[str]:
    """The seat's declared melds, face up (Besik), under their label; nothing without any."""
    if not hand["declared"]:
        return []
    return [
        f'<p class="zone-label">{_e(label)}</p>',
        _cards(hand["declared"], lang, "sm", label=label, cls="hand declared-row"),
    ]


def other_seat_html(hand: Mapping[str, Any], lang: str) -> str:
    """A computer's (or the partner's) seat: name, counts, declared melds, the cards the
    learner knows of (shown in declarations), the rest face down."""
    w = _texts()
    count = ngettext("%(counter)s card", "%(counter)s cards", hand["count"]) % {
        "counter": hand["count"]
    }
    meta = f"{count} · {_tricks_won(hand['tricks_won'])}"
    parts = _seat_start(hand, hand["where"], w["to_play"], meta, hand.get("place", ""))
    parts += _declared(hand, w["declared_melds"], lang)
    if hand["cards"]:
        parts.append(f'<p class="zone-label">{_e(w["known_to_you"])}</p>')
        parts.append(_cards(hand["cards"], lang, "sm", cls="hand hand--known"))
    backs = len(hand["backs"])
    if backs:
        label = ngettext(
            "%(counter)s card you cannot see", "%(counter)s cards you cannot see", backs
        ) % {"counter": backs}
        back = f'<li class="is-back">{card_svg(None, lang, size="sm")}</li>'
        # said once, by the count, not "face-down card" read out twelve times
        parts.append(
            f'<span class="visually-hidden">{_e(label)}</span>'
            f'<ul class="hand hand--backs" aria-hidden="true">{back * backs}</ul>'
        )
    parts.append("</div>")
    return "\n".join(parts)


def learner_seat_html(hand: Mapping[str, Any], show_hand: bool, lang: str) -> str:
    """The learner's seat at the bottom; his hand is drawn here unless it is his move (the
    move form shows it then, as buttons)."""
    w = _texts()
    parts = _seat_start(hand, "bottom", w["your_move"], _tricks_won(hand["tricks_won"]))
    if show_hand:
        # His declared cards face up apart from the rest; when it is his move, the move form's
        # hand holds them too, each marked "declared", and a row of them beside it showed
        # them twice (a hand of six looked like eight, and pushed the controls off a phone).
        parts += _declared(hand, w["your_declared_melds"], lang)
        # (in Piquet only when it is empty, at the deal's end: until then the hand is the move
        # form's, which marks the cards drawn in the exchange)
        parts.append(_cards(hand["cards"], lang, "md", label=_("Your hand")))
    parts.append("</div>")
    return "\n".join(parts)


def _pile(count: int, name: str, lang: str) -> str:
    """The stock (talon) as a face-down pile, while it has cards. A picture only: the facts
    beside it say how many cards it has, in words (a phone shows those alone)."""
    if not count:
        return ""
    back = card_svg(None, lang, size="sm")
    return f'<figure class="stock-pile" aria-hidden="true">{back}<figcaption>{_e(name)}</figcaption></figure>'


def middle_html(table: Mapping[str, Any], frames: Sequence[Mapping[str, Any]], lang: str) -> str:
    """The middle of the table: the trick (or the last one), the deal's facts; before them,
    the moves since the learner's, one after another (CSS; see games.css)."""
    w = _texts()
    middle = table["middle"]
    parts = []
    if frames:
        cls = f"game-middle has-frames frames-{len(frames)}"
        if not any(f["middle"].get("trick") or f["middle"].get("last_trick") for f in frames):
            # words only (the declarations): no room kept for a trick's cards, which would
            # stay as an empty band over the hand once the moves have been shown
            cls += " frames-text"
        shown = []
        for f in frames:
            m = f["middle"]
            cards = ""
            if m.get("trick"):
                cards = _trick(m["trick"], lang, "md", False)
            elif m.get("last_trick"):
                cards = _trick(m["last_trick"], lang, "md", True)
            shown.append(
                f'<li class="table-frame">{cards}'
                f'<p class="frame-caption">{_e(f["caption"])}</p></li>'
            )
        parts.append(f'<ol class="table-frames" aria-hidden="true">{"".join(shown)}</ol>')
    else:
        cls = "game-middle"
    parts.append('<div class="middle-now">')
    # the trick's name over the trick itself (not over the row of the trick and the facts)
    if middle.get("trick"):
        parts.append(
            f'<div class="trick-zone"><p class="zone-label">{_e(w["the_trick"])}</p>'
            f"{_trick(middle['trick'], lang, 'md', False)}</div>"
        )
    elif middle.get("last_trick"):
        winner = ""
        if middle.get("last_winner"):
            made = _("%(seat)s made it") % {"seat": middle["last_winner"]}
            winner = f" · {_e(made)}"
        parts.append(
            f'<div class="trick-zone"><p class="zone-label">{_e(w["the_last_trick"])}{winner}'
            f"</p>{_trick(middle['last_trick'], lang, 'sm', True)}</div>"
        )
    else:
        parts.append(f'<p class="zone-label">{_e(w["no_card_played_yet"])}</p>')
    if table["game"] == "piquet":
        if table.get("single_deal"):
            deal = _("Deal %(n)s") % {"n": middle["deal_number"]}
        else:
            deal = _("Deal %(n)s of the partie") % {"n": middle["deal_number"]}
        elder = _("%(seat)s is elder") % {"seat": middle["elder"]}
        stock = ngettext(
            "%(counter)s card in the stock", "%(counter)s cards in the stock", middle["stock"]
        ) % {"counter": middle["stock"]}
        pile = _pile(middle["stock"], w["the_stock"], lang)
        parts.append(
            f'<div class="table-facts">{pile}<p>{_e(deal)} · {_e(elder)} · {_e(stock)}</p></div>'
        )
        # Closed at first: a phone's hand stays on its first screen; the summary says what
        # there is to see.
        seen, said = [], []
        for key, words in (("discard", _("your discard")), ("stock_seen", _("in the stock"))):
            if middle.get(key):
                said.append(f"{words} ({len(middle[key])})")
                label = words[:1].upper() + words[1:]  # a label of its own, not in a sentence
                seen.append(
                    f'<div class="cards-seen"><p class="zone-label">{_e(label)}</p>'
                    f"{_cards(middle[key], lang, 'sm', label=label)}</div>"
                )
        if seen:
            summary = _("Cards you have seen: %(what)s") % {"what": " · ".join(said)}
            parts.append(
                f'<details class="table-seen"><summary>{_e(summary)}</summary>'
                f'<div class="table-seen-cards">{"".join(seen)}</div></details>'
            )
    else:
        up = ""
        if middle.get("up_card"):
            up = (
                f'<figure class="up-card">{card_svg(middle["up_card"], lang, size="sm")}'
                f"<figcaption>{_e(w['turned_up'])}</figcaption></figure>"
            )
        deal = _("Deal %(n)s") % {"n": middle["deal_number"]}
        if middle.get("dealer"):
            deal = _("Deal %(n)s (%(seat)s dealt)") % {
                "n": middle["deal_number"],
                "seat": middle["dealer"],
            }
        talon = ngettext(
            "%(counter)s card in the talon", "%(counter)s cards in the talon", middle["talon"]
        ) % {"counter": middle["talon"]}
        trumps = ""
        if middle.get("trumps"):
            trumps = " · " + _e(_("Trumps: %(suit)s") % {"suit": middle["trumps"]})
        pile = _pile(middle["talon"], w["the_talon"], lang)
        parts.append(
            f'<div class="table-facts">{pile}{up}<p>{_e(deal)} · {_e(talon)}{trumps}</p></div>'
        )
    parts.append("</div>")
    return f'<div class="{cls}">' + "\n".join(parts) + "</div>"


def table_html(
    table: Mapping[str, Any],
    frames: Sequence[Mapping[str, Any]],
    your_turn: bool,
    moves_kind: str,
    lang: str,
) -> SafeString:
    """The card table: the other seats (in one row on a wide screen: left, opposite, right),
    the middle, the learner's seat."""
    others = "\n".join(other_seat_html(h, lang) for h in table["hands"] if not h["is_learner"])
    others = f'<div class="game-others">{others}</div>'
    learner = "\n".join(
        learner_seat_html(h, not your_turn or moves_kind == "deal", lang)
        for h in table["hands"]
        if h["is_learner"]
    )
    return mark_safe(  # noqa: S308 (every value escaped; cards are our markup)
        f"{others}\n{middle_html(table, frames, lang)}\n{learner}"
    )


def card_buttons_html(cards: Sequence[Mapping[str, Any]], lang: str) -> SafeString:
    """The learner's cards as buttons: a playable one plays it; one that may not be played
    says why (on hover, focus or a tap, in the line under the hand, and to a screen reader)."""
    items = []
    declared_word = _("declared")
    drawn_word = pgettext("taken from the stock", "drawn")
    for c in cards:
        name = c["card"].name(lang)
        if c.get("declared"):  # (Besik: also shown among the declared cards, not another card)
            name += _(" (declared)")
        if c.get("drawn"):  # (Piquet: taken from the stock in his exchange)
            name += _(" (drawn from the stock)")
        number = c["number"]
        # its number key, among the cards that may be played (shown on the first nine)
        key = f' data-key="{c["key"]}"' if c.get("key") else ""
        if c["playable"]:
            label = _("Play the %(card)s") % {"card": name}
            extra = ""
            why = ""
        else:
            label = _("%(card)s: not playable now") % {"card": name}
            reason = _e(c["reason"])
            extra = f' aria-disabled="true" aria-describedby="why-{number}"'
            why = f'<span class="why-not" id="why-{number}" role="tooltip">{reason}</span>'
        svg = card_svg(c["card"], lang, size="md", disabled=not c["playable"], decorative=True)
        tag = (
            f'<span class="declared-tag" aria-hidden="true">{_e(declared_word)}</span>'
            if c.get("declared")
            else ""
        )
        if c.get("drawn"):
            tag += f'<span class="drawn-tag" aria-hidden="true">{_e(drawn_word)}</span>'

        items.append(
            f'<li><button type="submit" class="card-button" name="action" value="{_e(c["json"])}"'
            f'{key}{extra} aria-label="{_e(label)}">{svg}{tag}</button>{why}</li>'
        )
    line = ""
    if any(not c["playable"] for c in cards):
        # The reasons' place, under the hand: the script writes the pointed-at or focused
        # card's reason here; without it each reason shows over this line. When no card may
        # be played, all for one reason (Besik: draw first), the line says it at once, in
        # two lines where the general text took four on a phone.
        reasons = {c["reason"] for c in cards}
        general = (
            next(iter(reasons))
            if len(reasons) == 1 and "" not in reasons
            else _(
                "Tap a faded card, point at it or reach it with the keyboard to see why it "
                "cannot be played now."
            )
        )
        line = f'<p class="why-line">{_e(general)}</p>'
    hand = _("Your hand")
    return mark_safe(  # noqa: S308 (every value escaped; cards are our markup)
        f'<ul class="hand card-buttons" aria-label="{_e(hand)}">' + "".join(items) + "</ul>" + line
    )


def score_html(
    score: Mapping[str, Any], ledger: Sequence[Mapping[str, Any]], mine: str = ""
) -> SafeString:
    """The running score table, the ledger of this deal's points (each with its rule), and
    the past deals. ``mine``: the learner's party, whose column says so."""
    w = _texts()
    yours = _("your side") if "+" in mine else _("you")
    parties = "".join(
        f'<th scope="col">{_e(p)}'
        + (f'<span class="score-you">{_e(yours)}</span>' if p == mine else "")
        + "</th>"
        for p in score["parties"]
    )

    def cells(values: Sequence[Any]) -> str:
        return "".join(f"<td>{_e(v)}</td>" for v in values)

    rows = "".join(
        f'<tr><th scope="row">{_e(r["name"])}</th>{cells(r["points"])}</tr>' for r in score["rows"]
    )
    deal_head = _("Deal %(n)s") % {"n": score["deal_number"]}
    parts = [
        '<table class="score-table">',
        f'<thead><tr><th scope="col">{_e(deal_head)}</th>{parties}</tr></thead>',
        f"<tbody>{rows}",
        f'<tr class="score-total"><th scope="row">{_e(w["this_deal"])}</th>{cells(score["deal"])}</tr>',
        ""
        if score.get("single_deal")  # one deal: its total is the game's
        else f'<tr class="score-total"><th scope="row">{_e(w["game_total"])}</th>'
        f"{cells(score['game'])}</tr>",
        "</tbody></table>",
    ]
    if ledger:
        summary = ngettext(
            "How this deal's points were scored (%(counter)s entry)",
            "How this deal's points were scored (%(counter)s entries)",
            len(ledger),
        ) % {"counter": len(ledger)}
        rule = _e(_("Rule"))
        entries = "".join(
            f"<li><strong>{_e(e['seat'])} +{_e(e['points'])}</strong> ({_e(e['category'])}): "
            f"{_e(e['text'])}"
            # the link's name says which rule (a screen reader's list of links shows many)
            + (
                f' <a href="{_e(e["rule_url"])}">{rule}'
                f'<span class="visually-hidden">: {_e(e.get("rule_title") or e["category"])}'
                "</span></a>"
                if e.get("rule_url")
                else ""
            )
            + "</li>"
            for e in ledger
        )
        parts.append(
            f'<details class="game-ledger"><summary>{_e(summary)}</summary>'
            f'<ol class="ledger-list">{entries}</ol></details>'
        )
    if score.get("deals"):
        played = ngettext(
            "%(counter)s deal played", "%(counter)s deals played", len(score["deals"])
        ) % {"counter": len(score["deals"])}
        past = "".join(
            f'<tr><th scope="row">{n}</th>{cells(row)}</tr>'
            for n, row in enumerate(score["deals"], start=1)
        )
        opened = " open" if score.get("over") else ""
        parts.append(
            f'<details class="past-deals"{opened}><summary>{_e(played)}</summary>'
            f'<table class="score-table"><thead><tr><th scope="col">{_e(w["deal"])}</th>'
            f"{parties}</tr></thead><tbody>{past}</tbody></table></details>"
        )
    return mark_safe("\n".join(parts))  # noqa: S308 (every value escaped)
