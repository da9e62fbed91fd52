"""Every registered drill through the site: its pages render in both languages at every level
and for every rare case, show no card the item does not show, and take any form data without a
500 (a clear message or a verdict, never a crash)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cardtutor.engine.drills import DRILLS, Drill, Item, Level
from cardtutor.engine.drills.base import FieldKind

pytestmark = pytest.mark.django_db

DRILL_KEYS = sorted(DRILLS)


def _url(drill: Drill, level: int, seed: str) -> str:
    return reverse("practice:item", args=[drill.game, drill.key.split(".", 1)[1], level, seed])


def _seeds(drill: Drill) -> list[str]:
    return ["1", "2", *[f"{case}-1" for case in drill.cases], *drill.curated]


def _shown_codes(item: Item) -> set[str]:
    codes = {c.code.split("#")[0] for s in item.shows for c in s.cards}
    codes |= {c.code.split("#")[0] for f in item.fields for c in f.cards}
    return codes


def _token(html: str) -> str:
    match = re.search(r'name="token" value="([^"]+)"', html)
    assert match
    return match.group(1)


@pytest.mark.parametrize("key", DRILL_KEYS)
def test_every_item_page_renders_in_both_languages_and_shows_only_its_own_cards(key: str) -> None:
    drill = DRILLS[key]
    for lang in ("en", "de"):
        client = Client()
        client.cookies["django_language"] = lang
        for level in Level:
            for seed in _seeds(drill):
                response = client.get(_url(drill, int(level), seed))
                assert response.status_code == 200, (key, level, seed)
                html = response.content.decode()
                item = drill.item(seed, level)
                on_page = set(re.findall(r'data-card="([^"]+)"', html.split("<main", 1)[1]))
                assert on_page <= _shown_codes(item), (key, seed, on_page - _shown_codes(item))
                for spec in item.fields:
                    assert f'name="{spec.name}"' in html


def _junk(item: Item, rng: random.Random) -> dict[str, str]:
    data: dict[str, str] = {}
    for spec in item.fields:
        roll = rng.random()
        if roll < 0.15:
            continue
        if spec.kind is FieldKind.CARDS:
            picks = rng.sample(list(spec.cards), k=min(len(spec.cards), rng.randint(0, 6)))
            codes = [c.code for c in picks]
            if roll > 0.8:
                codes.append(rng.choice(["ZZ", "AH#9", "10X", "<b>", "AS AS"]))
            data[spec.name] = " ".join(codes)
        elif spec.kind in (FieldKind.CHOICE, FieldKind.CHOICES):
            values = [o.value for o in spec.options]
            data[spec.name] = rng.choice([*values, "nonsense", "", " ".join(values)])
        else:
            data[spec.name] = rng.choice(["0", "12", "-3", "1e9", "x", str(spec.high + 1)])
    return data


@pytest.mark.parametrize("key", DRILL_KEYS)
def test_any_form_data_gets_a_message_or_a_verdict_never_a_500(key: str) -> None:
    drill = DRILLS[key]
    rng = random.Random(key)
    client = Client(raise_request_exception=True)
    for n in range(12):
        level = Level(1 + n % 3)
        seed = str(n)
        url = _url(drill, int(level), seed)
        token = _token(client.get(url).content.decode())
        item = drill.item(seed, level)
        response = client.post(url, {**_junk(item, rng), "token": token})
        html = response.content.decode()
        if response.status_code == 400:  # refused: the form again, saying why
            assert 'class="form-error"' in html and 'id="feedback"' not in html
        else:  # read: judged
            assert response.status_code == 200 and 'id="feedback"' in html


@pytest.mark.parametrize("key", DRILL_KEYS)
def test_every_drill_has_a_title_and_summary_in_both_languages(key: str) -> None:
    drill: Any = DRILLS[key]
    for msg in (drill.title, drill.summary):
        en, de = msg.render("en"), msg.render("de")
        assert en and de and en != de
    assert drill.key.startswith(drill.game + ".")
    assert 1 <= drill.number <= 8


def test_a_table_row_continuing_the_one_above_is_under_its_header_not_an_empty_one() -> None:
    """The counting drill lists two sets under one "IV: quatorzes and trios": the header spans both rows (an
    empty header cell names nothing to a screen reader)."""
    from cardtutor.practice.widgets import show_html

    show = {
        "kind": "table",
        "label": "A's declarations",
        "header": ["Combination", "What A declares"],
        "rows": [
            ["III: sequences", "a quart"],
            ["IV: quatorzes and trios", "three queens"],
            ["", "three knaves"],
        ],
    }
    html = str(show_html(show, "", "en"))
    assert '<th scope="row" rowspan="2">IV: quatorzes and trios</th><td>three queens</td>' in html
    assert "<tr><td>three knaves</td></tr>" in html
    assert '<th scope="row">III: sequences</th>' in html
    assert not re.search(r"<th[^>]*></th>", html)
