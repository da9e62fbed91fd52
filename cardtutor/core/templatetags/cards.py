"""The card component: ``{% playing_card card %}`` draws one card as accessible SVG.

``card`` is a :class:`~cardtutor.engine.cards.Card`, a
:class:`~cardtutor.engine.cards.PhysicalCard`, a card code such as ``"QS"``,
or ``None`` for a face-down card. Options: ``selected``, ``disabled``,
``size`` (``"sm"``, ``"md"``, ``"lg"``), ``jack`` (German jack word, "Bube" or
"Bauer"). The label is the card's name in the active language, given both as
``aria-label`` and as ``<title>``; the rank index and the suit shape are drawn,
so colour is never the only signal. Colours come from the stylesheet
(``.suit-*``; ``.deck-four-colour`` on ``<body>`` for the four-colour deck). The suit
faces and the back are ``<use>`` references to the sprite that ``base.html`` includes
once per page (``{% card_sprite %}``), which keeps each card small.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cardtutor.engine.cards import ALL_CARDS, Card, PhysicalCard, Rank, Suit, lang_key
from cardtutor.engine.errors import NotationError

register = template.Library()

SUIT_IDS = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}
RANK_INDEX = {
    "en": {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J"},
    "de": {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "D", Rank.JACK: "B"},
}
# Pip centres (x, y) on a 100 x 140 face; pips below the middle are drawn upside down.
_PIPS: dict[Rank, tuple[tuple[int, int], ...]] = {
    Rank.SEVEN: ((32, 34), (68, 34), (50, 52), (32, 70), (68, 70), (32, 106), (68, 106)),
    Rank.EIGHT: ((32, 34), (68, 34), (50, 52), (32, 70), (68, 70), (50, 88), (32, 106), (68, 106)),
    Rank.NINE: (
        (32, 34),
        (68, 34),
        (32, 58),
        (68, 58),
        (50, 70),
        (32, 82),
        (68, 82),
        (32, 106),
        (68, 106),
    ),
    Rank.TEN: (
        (32, 34),
        (68, 34),
        (50, 46),
        (32, 58),
        (68, 58),
        (32, 82),
        (68, 82),
        (50, 94),
        (32, 106),
        (68, 106),
    ),
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


def _use(symbol: str, x: float, y: float, size: float, flip: bool = False) -> str:
    half = size / 2
    transform = f' transform="rotate(180 {x} {y})"' if flip else ""
    return (
        f'<use href="#suit-{symbol}" x="{x - half:g}" y="{y - half:g}" '
        f'width="{size:g}" height="{size:g}"{transform}/>'
    )


@lru_cache(maxsize=256)
def _face(card: Card, lang: str) -> str:
    suit = SUIT_IDS[card.suit]
    index = RANK_INDEX[lang].get(card.rank, card.rank.code)
    parts = [
        '<rect class="card-edge" x="1" y="1" width="98" height="138" rx="8"/>',
        f'<text class="card-index" x="11" y="21" text-anchor="middle">{index}</text>',
        _use(suit, 11, 32, 12),
        f'<g transform="rotate(180 50 70)"><text class="card-index" x="11" y="21" '
        f'text-anchor="middle">{index}</text>{_use(suit, 11, 32, 12)}</g>',
    ]
    if card.rank in _PIPS:
        parts += [_use(suit, x, y, 18, flip=y > 70) for x, y in _PIPS[card.rank]]
    elif card.rank is Rank.ACE:
        parts.append(_use(suit, 50, 70, 44))
    else:
        parts += [
            '<rect class="card-court" x="22" y="24" width="56" height="92" rx="4"/>',
            f'<text class="card-court-letter" x="50" y="68" text-anchor="middle">{index}</text>',
            _use(suit, 50, 90, 24),
        ]
    return "".join(parts)


_SUIT_SYMBOLS = (
    '<symbol id="suit-hearts" viewBox="0 0 100 100"><path fill="currentColor" d="M50 90 C22 68 '
    '4 50 10 30 C16 10 42 8 50 30 C58 8 84 10 90 30 C96 50 78 68 50 90 Z"/></symbol>'
    '<symbol id="suit-diamonds" viewBox="0 0 100 100"><path fill="currentColor" '
    'd="M50 4 L86 50 L50 96 L14 50 Z"/></symbol>'
    '<symbol id="suit-spades" viewBox="0 0 100 100"><path fill="currentColor" d="M50 6 C78 32 '
    "96 48 90 66 C84 82 62 82 55 70 C56 82 60 90 70 96 L30 96 C40 90 44 82 45 70 C38 82 16 82 "
    '10 66 C4 48 22 32 50 6 Z"/></symbol>'
    '<symbol id="suit-clubs" viewBox="0 0 100 100"><g fill="currentColor"><circle cx="50" '
    'cy="28" r="20"/><circle cx="27" cy="58" r="20"/><circle cx="73" cy="58" r="20"/>'
    '<path d="M45 52 C45 76 40 88 30 96 L70 96 C60 88 55 76 55 52 Z"/></g></symbol>'
    '<symbol id="face-back" viewBox="0 0 100 140"><defs><pattern id="back-lattice" width="11" '
    'height="11" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="11" '
    'height="11" fill="#1d3b6e"/><path d="M0 0 H11 M0 0 V11" stroke="#c9a227" '
    'stroke-width="1.5"/></pattern></defs>'
    '<rect class="card-edge" x="1" y="1" width="98" height="138" rx="8"/>'
    '<rect x="6" y="6" width="88" height="128" rx="5" fill="url(#back-lattice)"/>'
    '<rect x="36" y="56" width="28" height="28" rx="14" fill="#1d3b6e" stroke="#c9a227" '
    'stroke-width="2"/></symbol>'
)


@lru_cache(maxsize=4)
def _sprite(lang: str) -> str:
    faces = "".join(
        f'<symbol id="face-{card.code}" viewBox="0 0 100 140">{_face(card, lang)}</symbol>'
        for card in ALL_CARDS
    )
    return (
        '<svg class="card-sprite" aria-hidden="true" focusable="false" '
        f'xmlns="http://www.w3.org/2000/svg">{_SUIT_SYMBOLS}{faces}</svg>'
    )


@lru_cache(maxsize=4)
def sprite_bytes(lang: str) -> bytes:
    """The sprite of :func:`card_sprite` as UTF-8 bytes (pages that join it as bytes)."""
    return _sprite(lang).encode()


@register.simple_tag
def card_sprite() -> SafeString:
    """The suit symbols, the back and the 32 faces in the active language, once per page.

    Every ``{% playing_card %}`` is a ``<use>`` of one of these symbols, so a card costs a
    few hundred bytes however many pips it has.
    """
    return mark_safe(_sprite(lang_key(get_language() or "en")))


@register.simple_tag
def playing_card(
    card: object = None,
    selected: bool = False,
    disabled: bool = False,
    size: str = "md",
    jack: str = "",
) -> SafeString:
    """Render one card (``None`` draws the back)."""
    return card_svg(
        card,
        lang_key(get_language() or "en"),
        selected=selected,
        disabled=disabled,
        size=size,
        jack=jack,
    )


def card_svg(
    card: object,
    lang: str,
    *,
    selected: bool = False,
    disabled: bool = False,
    size: str = "md",
    jack: str = "",
    decorative: bool = False,
) -> SafeString:
    """:func:`playing_card` for Python callers that know the language key already
    (``lang_key(get_language())``; the labels' translations follow the active language).

    ``decorative``: the picture inside a control that names the card itself (a card button):
    hidden from screen readers, with no name or tooltip of its own beside the control's."""
    args = (card, bool(selected), bool(disabled), size, jack, lang, bool(decorative))
    try:
        return _card_svg(*args)
    except TypeError:  # an unhashable value: drawn (or refused) without the memo
        return _card_svg.__wrapped__(*args)


@lru_cache(maxsize=4096)
def _card_svg(
    card: object,
    selected: bool,
    disabled: bool,
    size: str,
    jack: str,
    lang: str,
    decorative: bool = False,
) -> SafeString:
    """One card's markup: a pure function of its arguments and the active language (``lang``,
    which the labels' translations follow), so it is worked out once per process; a page
    draws dozens of cards and every practice question is a new page."""
    try:
        value = _coerce(card)
    except NotationError as err:
        raise template.TemplateSyntaxError(str(err)) from err
    width = _SIZES.get(size, _SIZES["md"])
    classes = ["card", f"card--{size}"]
    if value is None:
        label = _("face-down card")
        classes.append("card--back")
        symbol = "face-back"
    else:
        if jack:
            label = value.name(lang, jack=jack)
        elif isinstance(card, PhysicalCard):
            label = card.name(lang)
        else:
            label = value.name(lang)
        classes.append(f"suit-{SUIT_IDS[value.suit]}")
        symbol = f"face-{value.code}"
    states = []
    if selected:
        classes.append("card--selected")
        states.append(_("selected"))
    if disabled:
        classes.append("card--disabled")
        states.append(_("not playable"))
    full_label = escape(", ".join([label, *states]))
    data_code = f' data-card="{value.code}"' if value is not None else ""
    named = f'role="img" aria-label="{full_label}"'
    title = f"<title>{full_label}</title>"
    if decorative:
        named, title = 'aria-hidden="true"', ""
    return mark_safe(
        f'<svg class="{" ".join(classes)}" viewBox="0 0 100 140" width="{width}" '
        f'height="{round(width * 1.4)}" {named}{data_code}>'
        f'{title}<use href="#{symbol}" width="100" height="140"/></svg>'
    )


@register.filter
def card_name(card: object) -> str:
    """The card's name in the active language: ``{{ card|card_name }}``."""
    value = _coerce(card)
    if value is None:
        return _("face-down card")
    lang = lang_key(get_language() or "en")
    return card.name(lang) if isinstance(card, PhysicalCard) else value.name(lang)


@register.filter
def rest_after(cards: Sequence[object], first: Sequence[object] | None) -> Sequence[object]:
    """The cards after as many as ``first`` has: a hand without its declared row in front."""
    return cards[len(first or ()) :]
