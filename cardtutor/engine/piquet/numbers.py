"""Number words in English and German, for the spoken declarations ("Forty-nine.").

Players say their counts aloud; the messages ``piquet.num.N`` / ``piquet.Num.N`` give the
words (:func:`number_messages`, registered by :mod:`.messages`).
"""

from __future__ import annotations

__all__: list[str] = []

_EN_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_DE_UNITS = (
    "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn "
    "fünfzehn sechzehn siebzehn achtzehn neunzehn"
).split()
_DE_TENS = "_ _ zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig".split()


def en_word(n: int) -> str:
    """The English word for ``n`` (0 to 99).

    >>> en_word(49), en_word(14)
    ('forty-nine', 'fourteen')
    """
    if n < 20:
        return _EN_UNITS[n]
    t, u = divmod(n, 10)
    return _EN_TENS[t] + (f"-{_EN_UNITS[u]}" if u else "")


def de_word(n: int) -> str:
    """The German word for ``n`` (0 to 99).

    >>> de_word(49), de_word(21), de_word(30)
    ('neunundvierzig', 'einundzwanzig', 'dreißig')
    """
    if n < 20:
        return _DE_UNITS[n]
    t, u = divmod(n, 10)
    if not u:
        return _DE_TENS[t]
    return ("ein" if u == 1 else _DE_UNITS[u]) + "und" + _DE_TENS[t]


def number_messages() -> dict[str, tuple[str, str]]:
    """``piquet.num.N`` (lower case) and ``piquet.Num.N`` (capitalised), N from 0 to 99."""
    out: dict[str, tuple[str, str]] = {}
    for n in range(100):
        out[f"piquet.num.{n}"] = (en_word(n), de_word(n))
        out[f"piquet.Num.{n}"] = (en_word(n).capitalize(), de_word(n).capitalize())
    return out
