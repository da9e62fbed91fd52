"""The HTML of an item's parts (what it shows, what it asks), built in Python.

Why not template loops: every item page is new (its own seed), so nothing can be cached, and
``make bench`` holds a new item to 0.4 of the trivial view's rate. Django's template engine
spends a few microseconds per node; a hand of twelve card buttons with their labels is a few
hundred nodes. Plain f-strings, with every value that is not our own markup escaped by
:func:`html.escape` (what Django's ``escape`` and the templates' autoescaping do, without
their per-call overhead: ``format_html`` cost half of an item's context), write the same markup
the templates would (the tests read it like any page).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import timedelta
from functools import lru_cache
from html import escape
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cardtutor.core.templatetags.cards import card_svg

# A table cell that is a number (a score, "+12.0", "-3", "1,5"): right-aligned; words stay left.
_NUMBER = re.compile(r"^[+\u2212-]?\d[\d.,\u202f ]*$")


def _e(value: object) -> str:
    """``value`` escaped for HTML text and attribute values (quotes included)."""
    return escape(str(value))


def show_html(show: Mapping[str, Any], jack: str, lang: str) -> SafeString:
    """What an item (or a verdict) shows: a line of text, a row of cards or a table."""
    kind = show["kind"]
    if kind == "text":
        return mark_safe(f'<p class="drill-text">{_e(show["text"])}</p>')  # noqa: S308
    if kind == "cards":
        items = "".join(
            (
                '<li class="drill-card-marked">'
                + card_svg(c["card"], lang, size="md", jack=jack, selected=True)
                + "</li>"
            )
            if c["marked"]
            else "<li>" + card_svg(c["card"], lang, size="md", jack=jack) + "</li>"
            for c in show["cards"]
        )
        label = _e(show["label"])
        heading = f'<h3 class="drill-cards-label">{label}</h3>' if show["label"] else ""
        return mark_safe(  # noqa: S308 (every value escaped, cards are our markup)
            f'<div class="drill-cards">{heading}<ul class="hand" aria-label="{label}">'
            f"{items}</ul></div>"
        )
    header = "".join(f'<th scope="col">{_e(h)}</th>' for h in show["header"])
    # Five columns or more: on a phone each row becomes a card, every figure under its
    # column's name (data-label, CSS), instead of a table scrolled sideways
    wide = len(show["header"]) >= WIDE_TABLE
    names = [f' data-label="{_e(h)}"' if wide else "" for h in show["header"]]
    names += [""] * max(0, max((len(row) for row in show["rows"]), default=0) - len(names))
    rows = "".join(
        "<tr>"
        + "".join(
            _row_header(show["rows"], r, v)
            if n == 0
            else (
                f'<td class="num"{names[n]}>{_e(v)}</td>'
                if _NUMBER.match(str(v))
                else f"<td{names[n]}>{_e(v)}</td>"
            )
            for n, v in enumerate(row)
        )
        + "</tr>"
        for r, row in enumerate(show["rows"])
    )
    caption = f"<caption>{_e(show['label'])}</caption>" if show["label"] else ""
    # On a phone a wide table scrolls in its own box, never the page (focusable, so the
    # keyboard can scroll it too)
    label = f' aria-label="{_e(show["label"])}"' if show["label"] else ""
    return mark_safe(  # noqa: S308 (every value escaped)
        f'<div class="table-scroll" role="region" tabindex="0"{label}>'
        f'<table class="drill-table{" drill-table--wide" if wide else ""}">{caption}'
        f"<thead><tr>{header}</tr></thead>"
        f"<tbody>{rows}</tbody></table></div>"
    )


WIDE_TABLE = 5
"""Columns from which a table's rows are cards on a phone."""


def _row_header(rows: Sequence[Sequence[object]], r: int, value: object) -> str:
    """Row ``r``'s header cell. A row whose first cell is empty continues the row above it
    (a second set under "IV: sets"): that header spans it, so no header cell is left empty."""
    if not str(value):
        return "" if r else "<td></td>"
    span = 1
    while r + span < len(rows) and not str(rows[r + span][0]):
        span += 1
    rowspan = f' rowspan="{span}"' if span > 1 else ""
    return f'<th scope="row"{rowspan}>{_e(value)}</th>'


def _checked(flag: bool) -> str:
    return " checked" if flag else ""


def _invalid(flag: bool) -> str:
    return ' aria-invalid="true"' if flag else ""


@lru_cache(maxsize=4096)
def _card_pick(
    name: str,
    card: object,
    code: str,
    pick_id: str,
    checked: bool,
    jack: str,
    lang: str,
    one: bool = False,
    invalid: bool = False,
) -> str:
    """One card button of a cards field (``name`` escaped by the caller): the same for
    every item that asks for this card in a field of this name, so worked out once. ``one``:
    the field takes exactly one card, so its cards are radio buttons (one Tab stop, arrows
    between them, a second card unticks the first), not checkboxes. ``invalid``: a refused
    answer got the field wrong."""
    kind = "radio" if one else "checkbox"
    return (
        f'<li><input class="card-pick-input" type="{kind}" name="{name}" '
        f'value="{_e(code)}" id="{_e(pick_id)}"{_checked(checked)}{_invalid(invalid)}>'
        f'<label class="card-pick" for="{_e(pick_id)}">'
        f"{card_svg(card, lang, size='md', jack=jack)}</label></li>"
    )


def fieldset_html(
    field: Mapping[str, Any], jack: str, hint: str, lang: str, answered: bool
) -> SafeString:
    """A field's ``<fieldset>``: its legend, the dialogue line it answers, the controls;
    disabled once the item is answered (the learner's answer stays shown). The dialogue
    line and the hint ("Choose 5 cards.") describe the group, so a screen reader entering it
    hears what is being answered, not only the legend.

    A number box is the group's one control, labelled with the legend's words: there the
    legend is left out of the accessibility tree (else a screen reader says the question
    twice, for the group and for the box) and the dialogue line describes the box.

    A field that a refused answer got wrong (``field["invalid"]``) says so under its legend
    ("Answer this part."); that line describes the group (or the number box) too, and the
    controls are ``aria-invalid``."""
    base = _e(field["id"])
    number = field["kind"] == "number"
    problem = field.get("invalid", "")
    error = ""
    if problem:
        words = _("Answer this part.") if problem == "missing" else _("Check this part.")
        error = f'<p class="field-error" id="{base}-error">{_e(words)}</p>'
    say = (
        f'<p class="dialogue-line drill-say" id="{base}-say">{_e(field["say"])}</p>'
        if field["say"]
        else ""
    )
    described = " ".join(
        part
        for part, present in (
            (f"{base}-error", problem),
            (f"{base}-say", field["say"]),
            (f"{base}-hint", hint),
        )
        if present
    )
    describedby = f' aria-describedby="{described}"' if described and not number else ""
    legend = '<legend aria-hidden="true">' if number else "<legend>"
    marked = " drill-field--invalid" if problem else ""
    return mark_safe(  # noqa: S308 (every value escaped, the controls are our markup)
        f'<fieldset class="drill-field drill-field--{_e(field["kind"])}{marked}"{describedby}'
        f"{' disabled' if answered else ''}>\n      {legend}{_e(field['label'])}</legend>\n"
        f"      {error}{say}\n      {field_html(field, jack, hint, lang)}\n    </fieldset>"
    )


def field_html(field: Mapping[str, Any], jack: str, hint: str, lang: str) -> SafeString:
    """The inside of a field's ``<fieldset>`` (after its legend and dialogue line)."""
    kind = field["kind"]
    name = _e(field["name"])
    invalid = bool(field.get("invalid"))
    if kind == "cards":
        one = field["low"] == field["high"] == 1
        picks = "".join(
            _card_pick(name, c["card"], c["code"], c["id"], c["checked"], jack, lang, one, invalid)
            for c in field["cards"]
        )
        return mark_safe(  # noqa: S308 (every value escaped, cards are our markup)
            f'<p class="drill-hint" id="{_e(field["id"])}-hint">{_e(hint)}</p>'
            f'<ul class="hand card-picks">{picks}</ul>'
        )
    if kind in ("choice", "choices"):
        input_type = "radio" if kind == "choice" else "checkbox"
        options = "".join(
            f'<label class="choice" for="{_e(o["id"])}"><input type="{input_type}" '
            f'name="{name}" value="{_e(o["value"])}" id="{_e(o["id"])}"{_checked(o["checked"])}'
            f"{_invalid(invalid)}> {_e(o['label'])}</label>"
            for o in field["options"]
        )
        return mark_safe(f'<div class="choices">{options}</div>')  # noqa: S308
    field_id = _e(field["id"])
    described = " ".join(
        part
        for part, present in ((f"{field_id}-error", invalid), (f"{field_id}-say", field["say"]))
        if present
    )
    said = (f' aria-describedby="{described}"' if described else "") + _invalid(invalid)
    return mark_safe(  # noqa: S308 (every value escaped)
        f'<label class="visually-hidden" for="{field_id}">{_e(field["label"])}</label>'
        f'<input class="drill-number" type="number" inputmode="numeric" name="{name}"{said} '
        f'id="{field_id}" min="{_e(field["low"])}" max="{_e(field["high"])}" step="1" '
        f'value="{_e(field["value"])}">'
    )


def feedback_html(
    feedback: Mapping[str, Any],
    next_url: str,
    similar_url: str,
    progress_url: str,
    comes_back: timedelta | None = None,
) -> SafeString:
    """The verdict under an answered item: right or not, the right answer, why, what it
    shows, the rule links (and the worked example's step), what to do next; ``comes_back``:
    when a question just answered wrongly comes back for review (a learner tester found no
    word of it anywhere near the verdict)."""
    # Translated outside the f-strings, where makemessages finds them.
    right = feedback["correct"]
    heading = _("Right.") if right else _("Not quite.")
    answer_label = _("The right answer:")
    why = _("Why")
    example = _("See it in the worked example")
    next_question = _("Next question")
    similar = _("Try a similar one")
    your_progress = _("Your progress")
    how = _("How these figures are made")
    parts = [
        f'<section class="feedback {"feedback--right" if right else "feedback--wrong"}" '
        'aria-labelledby="feedback-heading" tabindex="-1" id="feedback">\n'
        f'    <h2 id="feedback-heading">{_e(heading)}</h2>\n'
    ]
    if not right and feedback["answer"]:
        answer = " ".join(_e(line) for line in feedback["answer"])
        parts.append(
            f'      <p class="feedback-answer"><strong>{_e(answer_label)}</strong> {answer}</p>\n'
        )
    if feedback["reasons"]:
        reasons = "".join(
            f"<li>{_e(line['text'])}"
            + (
                '<ul class="feedback-subreasons">'
                + "".join(f"<li>{_e(sub)}</li>" for sub in line["sub"])
                + "</ul>"
                if line["sub"]
                else ""
            )
            + "</li>"
            for line in feedback["reasons"]
        )
        parts.append(f'    <h3>{_e(why)}</h3><ul class="feedback-reasons">{reasons}</ul>\n')
    parts.append(f"    {feedback['shows_html']}\n")
    if feedback.get("method"):
        # <details>: folded away without any script, opened by click, tap, Enter or Space
        method = "".join(f"<p>{_e(line)}</p>" for line in feedback["method"])
        parts.append(
            f'    <details class="feedback-method"><summary>{_e(how)}</summary>{method}</details>\n'
        )
    links = " · ".join(
        f'<a href="{_e(rule["url"])}">{_e(_rule_title(rule["title"]))}</a>'
        for rule in feedback["rules"]
    )
    if feedback["replay_url"]:
        links += f' · <a href="{_e(feedback["replay_url"])}">{_e(example)}</a>'
    if comes_back is not None:
        minutes = int(comes_back.total_seconds() // 60)
        review = ngettext(
            "This question comes back for another try in %(minutes)d minute; your progress "
            "page lists it.",
            "This question comes back for another try in %(minutes)d minutes; your progress "
            "page lists it.",
            minutes,
        ) % {"minutes": minutes}
        parts.append(f'    <p class="feedback-review">{_e(review)}</p>\n')
    parts.append(
        f'    <p class="feedback-links">\n      {links}\n    </p>\n'
        '    <p class="feedback-next">\n'
        f'      <a class="primary-button" href="{_e(next_url)}">{_e(next_question)}</a>\n'
        f'      <a class="secondary-button" href="{_e(similar_url)}">{_e(similar)}</a>\n'
        f'      <a href="{_e(progress_url)}">{_e(your_progress)}</a>\n'
        "    </p>\n  </section>"
    )
    return mark_safe("".join(parts))  # noqa: S308 (every value escaped, shows are our markup)


def _rule_title(title: str) -> str:
    return _("Rule: %(title)s") % {"title": title}


# ---------------------------------------------------------------- the item page
#
# The page is drawn in Python too (in the site's shell, ``page_in_shell``): the template it
# replaces cost a new item a quarter of its time. The markup is the template's, the texts the
# same messages (translated as before).


@lru_cache(maxsize=512)
def drill_head_html(title: str, drill_url: str, level: int, lang: str) -> str:
    """The breadcrumbs, the drill's title and level links, the question's heading: the same
    for every item of a drill, level and language (``lang`` is part of the cache key)."""
    names = {1: _("easy"), 2: _("medium"), 3: _("hard")}
    current = {1: _("Level: easy"), 2: _("Level: medium"), 3: _("Level: hard")}[level]
    here, practice, another, question = (
        _("You are here"),
        _("Practice"),
        _("Another level:"),
        _("The question"),
    )
    others = "\n    ".join(
        f'<a href="{_e(drill_url)}?level={n}">{names[n]}</a>' for n in (1, 2, 3) if n != level
    )
    return f"""<nav class="breadcrumbs" aria-label="{_e(here)}"><a href="{_e(reverse("practice:index"))}">{_e(practice)}</a> › <a href="{_e(drill_url)}?level={level}">{_e(title)}</a></nav>
<header class="drill-header">
  <h1>{_e(title)}</h1>
  <p class="drill-level">{_e(current)}
    · <span class="drill-level-links">{_e(another)}
    {others}</span>
  </p>
</header>
<section class="drill-question" id="question" aria-labelledby="question-heading">
  <h2 id="question-heading" class="visually-hidden">{_e(question)}</h2>
"""


SERVED_TO = "served_to"
"""The answer form's field saying it was served to a learner logged in ("account")."""


def answer_area_html(
    *,
    path: str,
    csrf_token: str,
    token: str | None,
    fields_html: str,
    answered: bool,
    error: str = "",
    notice: str | None = None,
    feedback: str = "",
    account: bool = False,
) -> SafeString:
    """The answer form (and the verdict, once answered): the part htmx swaps in place.
    ``account``: served to a learner logged in (the form says so: an answer that comes back
    without his log-in, logged out in another tab, is told where it counted)."""
    error_html = (
        f'<div class="form-error" role="alert" id="answer-error"><p>{_e(error)}</p></div>'
        if error
        else ""
    )
    notice_html = f'<p class="drill-notice" role="status">{_e(notice)}</p>' if notice else ""
    described = ' aria-describedby="answer-error"' if error else ""
    token_html = f'<input type="hidden" name="token" value="{_e(token)}">' if token else ""
    if token and account:
        token_html += f'<input type="hidden" name="{SERVED_TO}" value="account">'
    check = _("Check my answer")
    button = (
        "" if answered else f'<button type="submit" class="primary-button">{_e(check)}</button>'
    )

    where = _e(path)
    # Without JavaScript the whole page comes back: the form's address ends in #answer-result,
    # so the browser shows the verdict (or the error), not the top of the page
    mark = '<span id="answer-result"></span>'
    if error_html:
        error_html = mark + error_html
    elif feedback:
        feedback = mark + feedback
    return mark_safe(  # noqa: S308 (every value escaped; fields and verdict are widgets)
        f"""<div id="answer-area" class="answer-area">
  {error_html}
  {notice_html}
  <form class="drill-form" method="post" action="{where}#answer-result" hx-post="{where}" hx-target="#answer-area" hx-swap="outerHTML" hx-disabled-elt="find button[type=submit]"{described}>
    <input type="hidden" name="csrfmiddlewaretoken" value="{_e(csrf_token)}">
    {token_html}
    {fields_html}
    {button}
  </form>
  {feedback}
</div>
"""
    )


def item_main_html(head: str, prompt: str, shows_html: str, answer_area: str) -> str:
    """The item page's ``<main>``: the drill's head, the question, the answer area."""
    prompt_html = f'<p class="drill-prompt">{_e(prompt)}</p>' if prompt else ""
    return f"{head}  {prompt_html}\n  {shows_html}\n</section>\n{answer_area}"
