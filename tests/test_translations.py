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
