"""The card component: accessible labels in both languages, states, faces for all 32 cards."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.utils import translation

from cardtutor.engine.cards import ALL_CARDS, PhysicalCard


def render(source: str, **context: object) -> str:
    return Template("{% load cards %}" + source).render(Context(context))


@pytest.mark.parametrize(
    ("lang", "code", "label"),
    [
        ("en", "QS", "queen of spades"),
        ("de", "QS", "Pik-Dame"),
        ("en", "10H", "ten of hearts"),
        ("de", "7D", "Karo-Sieben"),
        ("de", "JC", "Kreuz-Bube"),
    ],
)
def test_label_in_active_language(lang: str, code: str, label: str) -> None:
    with translation.override(lang):
        html = render("{% playing_card code %}", code=code)
    assert f'aria-label="{label}"' in html
    assert f"<title>{label}</title>" in html
    assert 'role="img"' in html


def test_besik_jack_is_a_bauer_in_german() -> None:
    with translation.override("de"):
        assert 'aria-label="Karo-Bauer"' in render('{% playing_card "JD" jack="Bauer" %}')
        assert 'aria-label="Karo-Bauer"' in render(
            "{% playing_card c %}", c=PhysicalCard.parse("JD#2")
        )


def test_every_card_has_a_distinct_face_with_index_and_suit() -> None:
    sprite = render("{% card_sprite %}")
    faces = set()
    for card in ALL_CARDS:
        html = render("{% playing_card c %}", c=card)
        suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[card.suit.letter]
        assert f"suit-{suit}" in html
        assert f'<use href="#face-{card.code}"' in html
        assert f'data-card="{card.code}"' in html
        face = re.search(rf'<symbol id="face-{card.code}".*?</symbol>', sprite).group(0)
        assert f'href="#suit-{suit}"' in face and 'class="card-index"' in face
        faces.add(face.split(">", 1)[1])
    assert len(faces) == 32


@pytest.mark.django_db
def test_the_sprite_is_in_every_page_once(client) -> None:
    html = client.get("/").content.decode()
    assert html.count('class="card-sprite"') == 1
    assert '<symbol id="face-QS"' in html and '<symbol id="face-back"' in html


def test_face_down_selected_and_disabled_states() -> None:
    back = render("{% playing_card None %}")
    assert (
        "card--back" in back and 'aria-label="face-down card"' in back and "data-card" not in back
    )
    selected = render('{% playing_card "AS" selected=True %}')
    assert "card--selected" in selected and 'aria-label="ace of spades, selected"' in selected
    disabled = render('{% playing_card "AS" disabled=True %}')
    assert "card--disabled" in disabled and "not playable" in disabled


def test_a_card_inside_a_control_that_names_it_has_no_name_of_its_own() -> None:
    """A card button says "Herz-Bauer: jetzt nicht spielbar"; a picture inside it naming the
    card again ("Herz-Bauer, nicht spielbar") is heard twice or contradicts the button."""
    from cardtutor.core.templatetags.cards import card_svg

    with translation.override("de"):
        named = str(card_svg("JH", "de", disabled=True))
        hidden = str(card_svg("JH", "de", disabled=True, decorative=True))
    assert 'role="img" aria-label="Herz-Bube, nicht spielbar"' in named and "<title>" in named
    assert 'aria-hidden="true"' in hidden and "card--disabled" in hidden
    assert "aria-label" not in hidden and "<title>" not in hidden and "role=" not in hidden


def test_german_court_indices() -> None:
    def face(code: str) -> str:
        return re.search(
            rf'<symbol id="face-{code}".*?</symbol>', render("{% card_sprite %}")
        ).group(0)

    with translation.override("de"):
        assert ">D</text>" in face("QS")
        assert ">B</text>" in face("JS")
    with translation.override("en"):
        assert ">Q</text>" in face("QS")


def test_malformed_card_code_is_a_clear_template_error() -> None:
    with pytest.raises(TemplateSyntaxError, match="'XX' is not a card code"):
        render('{% playing_card "XX" %}')
