"""Every UI string and every engine message exists in English and German."""

from __future__ import annotations

import re
from pathlib import Path

PO = Path(__file__).resolve().parent.parent / "locale" / "de" / "LC_MESSAGES" / "django.po"


def _entries(text: str) -> list[tuple[str, list[str]]]:
    out = []
    for block in text.split("\n\n"):
        msgid = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        if not msgid:
            continue
        strs = re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', block, re.M)
        join = lambda s: "".join(re.findall(r'"(.*)"', s))  # noqa: E731
        out.append((join(msgid.group(1)), [join(s) for s in strs]))
    return out


def test_every_ui_string_has_a_german_translation() -> None:
    text = PO.read_text(encoding="utf-8")
    assert "#, fuzzy" not in text
    untranslated = [msgid for msgid, strs in _entries(text) if msgid and not all(strs)]
    assert untranslated == []


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
