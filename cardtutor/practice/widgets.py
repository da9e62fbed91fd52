"""The HTML of an item's parts (what it shows, what it asks), built in Python.

Why not template loops: every item page is new (its own seed), so nothing can be cached, and
``make bench`` holds a new item to 0.4 of the trivial view's rate. Django's template engine
spends a few microseconds per node; a hand of twelve card buttons with their labels is a few
hundred nodes. ``format_html`` escapes every value just as the templates do, and the markup
here is the same the templates would write (the tests read it like any page).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from cardtutor.core.templatetags.cards import playing_card


def show_html(show: Mapping[str, Any], jack: str) -> SafeString:
    kind = show["kind"]
    if kind == "text":
        return format_html('<p class="drill-text">{}</p>', show["text"])
    if kind == "cards":
        items = "".join(
            format_html(
                "<li{}>{}</li>",
                mark_safe(' class="drill-card-marked"') if c["marked"] else "",
                playing_card(c["card"], size="md", jack=jack, selected=c["marked"]),
            )
            for c in show["cards"]
        )
        label = (
            format_html('<h3 class="drill-cards-label">{}</h3>', show["label"])
            if show["label"]
            else ""
        )
        return format_html(
            '<div class="drill-cards">{}<ul class="hand" aria-label="{}">{}</ul></div>',
            label,
            show["label"],
            mark_safe(items),
        )
    header = format_html_join("", '<th scope="col">{}</th>', ((h,) for h in show["header"]))
    rows = "".join(
        "<tr>"
        + "".join(
            format_html('<th scope="row">{}</th>', v) if n == 0 else format_html("<td>{}</td>", v)
            for n, v in enumerate(row)
        )
        + "</tr>"
        for row in show["rows"]
    )
    caption = format_html("<caption>{}</caption>", show["label"]) if show["label"] else ""
    return format_html(
        '<table class="drill-table">{}<thead><tr>{}</tr></thead><tbody>{}</tbody></table>',
        caption,
        header,
        mark_safe(rows),
    )


def _checked(flag: bool) -> str:
    return " checked" if flag else ""


def field_html(field: Mapping[str, Any], jack: str, hint: str) -> SafeString:
    """The inside of a field's ``<fieldset>`` (after its legend and dialogue line)."""
    kind = field["kind"]
    name = field["name"]
    if kind == "cards":
        picks = "".join(
            format_html(
                '<li><input class="card-pick-input" type="checkbox" name="{}" value="{}" '
                'id="{}"{}><label class="card-pick" for="{}">{}</label></li>',
                name,
                c["code"],
                c["id"],
                _checked(c["checked"]),
                c["id"],
                playing_card(c["card"], size="md", jack=jack),
            )
            for c in field["cards"]
        )
        return format_html(
            '<p class="drill-hint">{}</p><ul class="hand card-picks">{}</ul>',
            hint,
            mark_safe(picks),
        )
    if kind in ("choice", "choices"):
        input_type = "radio" if kind == "choice" else "checkbox"
        options = "".join(
            format_html(
                '<label class="choice" for="{}"><input type="{}" name="{}" value="{}" id="{}"{}> '
                "{}</label>",
                o["id"],
                input_type,
                name,
                o["value"],
                o["id"],
                _checked(o["checked"]),
                o["label"],
            )
            for o in field["options"]
        )
        return format_html('<div class="choices">{}</div>', mark_safe(options))
    return format_html(
        '<label class="visually-hidden" for="{}">{}</label><input class="drill-number" '
        'type="number" inputmode="numeric" name="{}" id="{}" min="{}" max="{}" step="1" '
        'value="{}">',
        field["id"],
        field["label"],
        name,
        field["id"],
        field["low"],
        field["high"],
        field["value"],
    )
