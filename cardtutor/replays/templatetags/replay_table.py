"""Small pieces of the replay table: ``{% load replay_table %}``.

``{% card_chip card %}`` is a card in one line of text ("A♥", "10♣", German "D♠" for the
Dame), for the move list where a drawn card would be too big. Like ``{% playing_card %}`` it is
an accessible, labelled element (``role="img"`` with the card's name in the active language);
the suit symbol and the card's name say the suit, so colour is never the only signal.
"""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from cardtutor.core.templatetags.cards import RANK_INDEX, SUIT_IDS
from cardtutor.engine.cards import Card, PhysicalCard, Suit, lang_key

register = template.Library()

_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


@register.simple_tag
def card_chip(card: object) -> SafeString:
    """One card as a short labelled text chip (``None``: nothing)."""
    if isinstance(card, PhysicalCard):
        value, name = card.card, card.name(lang_key(get_language() or "en"))
    elif isinstance(card, Card):
        value, name = card, card.name(lang_key(get_language() or "en"))
    else:
        return mark_safe("")
    lang = lang_key(get_language() or "en")
    index = RANK_INDEX[lang].get(value.rank, value.rank.code)
    return mark_safe(
        f'<span class="chip suit-{SUIT_IDS[value.suit]}" role="img" aria-label="{escape(name)}"'
        f' data-card="{value.code}">{index}{_SYMBOLS[value.suit]}</span>'
    )
