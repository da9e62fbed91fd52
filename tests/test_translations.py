"""Every UI string and every engine message exists in English and German."""

from __future__ import annotations

import re
from pathlib import Path

import polib

PO = Path(__file__).resolve().parent.parent / "locale" / "de" / "LC_MESSAGES" / "django.po"


def test_every_ui_string_has_a_german_translation() -> None:
    catalogue = polib.pofile(str(PO))
    assert catalogue.fuzzy_entries() == []
    assert [e.msgid for e in catalogue.untranslated_entries()] == []
    assert len(catalogue.translated_entries()) > 100


def test_every_engine_message_is_bilingual() -> None:
    import cardtutor.engine.besik  # noqa: F401  (registers its messages)
    import cardtutor.engine.piquet  # noqa: F401
    import cardtutor.replays.timeline  # noqa: F401
    from cardtutor.engine.text import MESSAGES

    assert len(MESSAGES) > 100
    for key, (en, de) in MESSAGES.items():
        assert en.strip() and de.strip(), key
        # Case aside: "{N}" (a capitalised number word) may open an English sentence where
        # German needs "{n}" inside one ("Six tricks each" / "Je sechs Stiche").
        assert {p.lower() for p in re.findall(r"{(\w+)", en)} == {
            p.lower() for p in re.findall(r"{(\w+)", de)
        }, key


# Project jargon a learner must never read, and "stechen" used for winning a trick (it means
# trumping; winning a trick is "den Stich machen / gewinnen", a duty to win is "Stichzwang").
GERMAN_JARGON = re.compile(r"\bEngines?\b|\bSeeds?\b|RULES\.md|Protokoll|\bFixtures?\b", re.I)
WRONG_STECHEN = re.compile(
    r"niemand muss stechen|bedienen oder stechen|Stechen muss man nicht|muss nicht stechen"
    r"|muss gestochen werden|überstochen werden|gleichen Karten sticht",
    re.I,
)


def test_german_ui_strings_use_card_players_words() -> None:
    catalogue = polib.pofile(str(PO))
    problems = []
    for entry in catalogue.translated_entries():
        plural = bool(entry.msgid_plural)
        german = list(entry.msgstr_plural.values()) if plural else [entry.msgstr]
        placeholders = set(re.findall(r"%\(\w+\)[sd]", entry.msgid_plural or entry.msgid))
        for text in german:
            if GERMAN_JARGON.search(text) or WRONG_STECHEN.search(text):
                problems.append((entry.msgid, text))
            # A replay is a "Beispielspiel": Piquet's Partie is six deals. (A learner's game
            # against the computer, kept as a replay, is a Partie: "Diese Partie nachspielen".)
            replay = re.search(r"\breplays?\b", entry.msgid, re.I)
            if replay and not re.search(r"\bgames?\b", entry.msgid, re.I) and "Partie" in text:
                problems.append((entry.msgid, text))
            # German quotation marks „…“, never the English closing ”.
            if "\u201d" in text or ("\u201c" in text and "\u201e" not in text):
                problems.append((entry.msgid, text))
            # The same placeholders as the English: a lost %(seat)s shows nothing.
            found = set(re.findall(r"%\(\w+\)[sd]", text))
            if found != placeholders and not (plural and found < placeholders):
                problems.append((entry.msgid, text))
    assert problems == []


def test_engine_messages_use_card_players_words() -> None:
    import cardtutor.engine.besik  # noqa: F401  (registers its messages)
    import cardtutor.engine.piquet  # noqa: F401
    from cardtutor.engine.text import MESSAGES

    problems = []
    for key, (en, de) in MESSAGES.items():
        # Field names of the record format ('seed', 'hands') may be quoted; nothing else.
        unquoted = re.sub(r"'[a-z_]+'|\{[^}]*\}", "", de)
        if GERMAN_JARGON.search(unquoted) or WRONG_STECHEN.search(de):
            problems.append((key, de))
        if re.search(r"\bseed(?:ed|s)?\b", re.sub(r"'[a-z_]+'|\{[^}]*\}", "", en), re.I):
            problems.append((key, en))
        # Piquet has no trumps: winning a trick there is never "stechen".
        if key.startswith("piquet.") and re.search(r"stech|sticht|stoch", de, re.I):
            problems.append((key, de))
    assert problems == []


GETTEXT = {
    "_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy",
    "npgettext", "npgettext_lazy",
}  # fmt: skip


def _gettext_calls() -> list[tuple[str, int, str, bool]]:
    """Every gettext call with a literal message in the site's Python code:
    (file, line, msgid, whether it stands inside an f-string)."""
    import ast

    calls: list[tuple[str, int, str, bool]] = []
    root = PO.parent.parent.parent.parent / "cardtutor"
    for path in sorted(root.rglob("*.py")):
        if "engine" in path.parts or "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                inside |= {id(n) for n in ast.walk(node)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in GETTEXT or not node.args:
                continue
            index = 1 if node.func.id.startswith(("pgettext", "npgettext")) else 0
            if len(node.args) <= index:
                continue
            arg = node.args[index]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                calls.append((str(path), node.lineno, arg.value, id(node) in inside))
    return calls


def test_every_message_in_the_code_is_in_the_german_catalogue() -> None:
    """A message the extractor cannot see (written inside an f-string) or that is missing from
    the catalogue would show in English on a German page."""
    calls = _gettext_calls()
    assert len(calls) > 100
    hidden = [f"{f}:{n}: {m!r}" for f, n, m, in_fstring in calls if in_fstring]
    assert not hidden, "gettext inside an f-string is not extracted:\n" + "\n".join(hidden)
    catalogue = {e.msgid: e for e in polib.pofile(str(PO))}
    missing = [f"{f}:{n}: {m!r}" for f, n, m, _ in calls if m not in catalogue]
    assert not missing, "not in the German catalogue:\n" + "\n".join(missing)
