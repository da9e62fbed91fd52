"""The card component: ``{% playing_card card %}`` draws one card as accessible SVG.

``card`` is a :class:`~cardtutor.engine.cards.Card`, a
:class:`~cardtutor.engine.cards.PhysicalCard`, a card code such as ``"QS"``,
or ``None`` for a face-down card. Options: ``selected``, ``disabled``,
``size`` (``"sm"``, ``"md"``, ``"lg"``), ``jack`` (German jack word, "Bube" or
"Bauer"). The label is the card's name in the active language, given both as
``aria-label`` and as ``<title>``; the rank index and the suit shape are drawn,
so colour is never the only signal. Colours come from the stylesheet
(``.suit-*``; ``.deck-four-colour`` on ``<body>`` for the four-colour deck).
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.templatetags.static import static
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cardtutor.engine.cards import Card, PhysicalCard, Rank, Suit, lang_key
from cardtutor.engine.errors import NotationError

register = template.Library()

_SUIT_IDS = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts",
             Suit.SPADES: "spades"}
_INDEX = {
    "en": {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J"},
    "de": {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "D", Rank.JACK: "B"},
}
# Pip centres (x, y) on a 100 x 140 face; pips below the middle are drawn upside down.
_PIPS: dict[Rank, tuple[tuple[int, int], ...]] = {
    Rank.SEVEN: ((32, 34), (68, 34), (50, 52), (32, 70), (68, 70), (32, 106), (68, 106)),
    Rank.EIGHT: ((32, 34), (68, 34), (50, 52), (32, 70), (68, 70), (50, 88), (32, 106),
                 (68, 106)),
    Rank.NINE: ((32, 34), (68, 34), (32, 58), (68, 58), (50, 70), (32, 82), (68, 82),
                (32, 106), (68, 106)),
    Rank.TEN: ((32, 34), (68, 34), (50, 46), (32, 58), (68, 58), (32, 82), (68, 82),
               (50, 94), (32, 106), (68, 106)),
}
_SIZES = {"sm": 48, "md": 72, "lg": 100}


def _coerce(card: object) -> Card | None:
    if card is None or card == "":
        return None
    if isinstance(card, PhysicalCard):
        return card.card
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return PhysicalCard.parse(card).card if "#" in card else Card.parse(card)
    raise template.TemplateSyntaxError(f"playing_card needs a card, got {card!r}")


def _use(sprite: str, symbol: str, x: float, y: float, size: float, flip: bool = False) -> str:
    half = size / 2
    transform = f' transform="rotate(180 {x} {y})"' if flip else ""
    return (f'<use href="{sprite}#{symbol}" x="{x - half:g}" y="{y - half:g}" '
            f'width="{size:g}" height="{size:g}"{transform}/>')


@lru_cache(maxsize=1024)
def _face(card: Card, lang: str, sprite: str) -> str:
    suit = _SUIT_IDS[card.suit]
    index = _INDEX[lang].get(card.rank, card.rank.code)
    parts = [
        '<rect class="card-edge" x="1" y="1" width="98" height="138" rx="8"/>',
        f'<text class="card-index" x="11" y="21" text-anchor="middle">{index}</text>',
        _use(sprite, suit, 11, 32, 12),
        f'<g transform="rotate(180 50 70)"><text class="card-index" x="11" y="21" '
        f'text-anchor="middle">{index}</text>{_use(sprite, suit, 11, 32, 12)}</g>',
    ]
    if card.rank in _PIPS:
        parts += [_use(sprite, suit, x, y, 18, flip=y > 70) for x, y in _PIPS[card.rank]]
    elif card.rank is Rank.ACE:
        parts.append(_use(sprite, suit, 50, 70, 44))
    else:
        parts += [
            '<rect class="card-court" x="22" y="24" width="56" height="92" rx="4"/>',
            f'<text class="card-court-letter" x="50" y="68" text-anchor="middle">{index}</text>',
            _use(sprite, suit, 50, 90, 24),
        ]
    return "".join(parts)


@register.simple_tag
def playing_card(
    card: object = None,
    selected: bool = False,
    disabled: bool = False,
    size: str = "md",
    jack: str = "",
) -> SafeString:
    """Render one card (``None`` draws the back)."""
    lang = lang_key(get_language() or "en")
    try:
        value = _coerce(card)
    except NotationError as err:
        raise template.TemplateSyntaxError(str(err)) from err
    sprite = static("img/cards.svg")
    width = _SIZES.get(size, _SIZES["md"])
    classes = ["card", f"card--{size}"]
    if value is None:
        label = _("face-down card")
        classes.append("card--back")
        body = ('<rect class="card-edge" x="1" y="1" width="98" height="138" rx="8"/>'
                f'<use href="{sprite}#back" x="6" y="6" width="88" height="128"/>')
    else:
        if jack:
            label = value.name(lang, jack=jack)
        elif isinstance(card, PhysicalCard):
            label = card.name(lang)
        else:
            label = value.name(lang)
        classes.append(f"suit-{_SUIT_IDS[value.suit]}")
        body = _face(value, lang, sprite)
    states = []
    if selected:
        classes.append("card--selected")
        states.append(_("selected"))
    if disabled:
        classes.append("card--disabled")
        states.append(_("not playable"))
    full_label = ", ".join([label, *states])
    data_code = f' data-card="{escape(str(value))}"' if value is not None else ""
    return mark_safe(
        f'<svg class="{" ".join(classes)}" viewBox="0 0 100 140" width="{width}" '
        f'height="{round(width * 1.4)}" role="img" aria-label="{escape(full_label)}"{data_code}>'
        f"<title>{escape(full_label)}</title>{body}</svg>"
    )


@register.filter
def card_name(card: object) -> str:
    """The card's name in the active language: ``{{ card|card_name }}``."""
    value = _coerce(card)
    if value is None:
        return _("face-down card")
    lang = lang_key(get_language() or "en")
    return card.name(lang) if isinstance(card, PhysicalCard) else value.name(lang)
