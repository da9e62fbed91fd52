"""Cards of the 32-card piquet pack, shared by the Piquet and Besik engines.

A :class:`Card` is an interned value: there are exactly 32 of them, so ``is``,
``==`` and hashing are identity operations and cards are cheap set members.
Every card also has a small integer :attr:`Card.index` (0..31) and a bit
(:attr:`Card.bit`) for mask arithmetic in the engines' hot paths.

Notation: rank then suit, ``AS`` (ace of spades), ``10H`` or ``TH`` (ten of
hearts), ``QC``, ``JD``, ``7D``. English and German names are produced by
:meth:`Card.name` and read by :func:`parse_card_name`.

>>> card = Card.parse("QS")
>>> card
Card.parse('QS')
>>> card.name("en"), card.name("de")
('queen of spades', 'Pik-Dame')
>>> Card.parse("th") is Card(Suit.HEARTS, Rank.TEN)
True
>>> format_cards(parse_cards("AS KS 10H"))
'AS KS 10H'

Besik plays with two or three packs, so every card exists more than once there.
A :class:`PhysicalCard` is a card plus the pack it came from (1-based in the
notation ``QS#2``):

>>> PhysicalCard.parse("QS#2")
PhysicalCard.parse('QS#2')
>>> PhysicalCard.parse("QS#2").card is Card.parse("QS")
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

from cardtutor.engine.errors import NotationError
from cardtutor.engine.text import Msg, register_messages

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardName",
    "PhysicalCard",
    "ALL_CARDS",
    "parse_cards",
    "format_cards",
    "parse_card_name",
    "cards_from_mask",
    "bit_indices",
    "mask_of",
]


class Suit(enum.IntEnum):
    """The four suits. The letter is the notation; names are bilingual."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    def name_in(self, lang: str) -> str:
        """The suit's name: ``Suit.SPADES.name_in("de") == "Pik"``."""
        return _SUIT_NAMES[lang_key(lang)][self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter (``C``, ``D``, ``H``, ``S``).

        >>> Suit.parse("h")
        <Suit.HEARTS: 2>
        """
        try:
            return cls("CDHS".index(text.strip().upper()))
        except ValueError:
            raise NotationError(Msg("notation.suit", text=text)) from None


class Rank(enum.IntEnum):
    """The eight ranks of the piquet pack, numbered by face (ace high).

    The order in play differs by game (Besik puts the ten above the king):
    the engines keep their own orderings; this numbering is only identity.
    """

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    def name_in(self, lang: str, *, jack: str = "Bube") -> str:
        """The rank's name. German jacks are "Bube" (Piquet) or "Bauer" (Besik)."""
        if lang_key(lang) == "de":
            return jack if self is Rank.JACK else _RANK_NAMES_DE[self]
        return _RANK_NAMES_EN[self]

    @property
    def is_court(self) -> bool:
        """King, queen or jack (the ten is not a court card for carte blanche)."""
        return self in (Rank.KING, Rank.QUEEN, Rank.JACK)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank code (``A K Q J 10 T 9 8 7``).

        >>> Rank.parse("T")
        <Rank.TEN: 10>
        """
        try:
            return _RANK_BY_CODE[text.strip().upper()]
        except KeyError:
            raise NotationError(Msg("notation.rank", text=text)) from None


def lang_key(lang: str) -> str:
    """Normalise a language code to ``"en"`` or ``"de"`` (``"de-at"`` → ``"de"``)."""
    return "de" if lang[:2].lower() == "de" else "en"


_SUIT_NAMES = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "de": ("Kreuz", "Karo", "Herz", "Pik"),
}
_RANK_CODES = {
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_BY_CODE = {code: rank for rank, code in _RANK_CODES.items()} | {"T": Rank.TEN}
_RANK_NAMES_EN = {
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
}
_RANK_NAMES_DE = {
    Rank.SEVEN: "Sieben",
    Rank.EIGHT: "Acht",
    Rank.NINE: "Neun",
    Rank.TEN: "Zehn",
    Rank.JACK: "Bube",
    Rank.QUEEN: "Dame",
    Rank.KING: "König",
    Rank.ACE: "As",
}


class Card:
    """One of the 32 cards. Interned: ``Card(s, r) is Card(s, r)``."""

    __slots__ = ("suit", "rank", "index", "bit", "code")
    suit: Suit
    rank: Rank
    index: int
    bit: int
    code: str

    _interned: dict[tuple[Suit, Rank], Card] = {}

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        try:
            return cls._interned[(suit, rank)]
        except KeyError:
            pass
        if not isinstance(suit, Suit) or not isinstance(rank, Rank):
            raise TypeError(f"Card(suit, rank) needs a Suit and a Rank, got {suit!r}, {rank!r}")
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", int(suit) * 8 + int(rank) - 7)
        object.__setattr__(card, "bit", 1 << (int(suit) * 8 + int(rank) - 7))
        object.__setattr__(card, "code", rank.code + suit.letter)
        cls._interned[(suit, rank)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card code such as ``AS``, ``10H``, ``TH`` or ``7d``.

        >>> Card.parse("10h").code
        '10H'
        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        cardtutor.engine.errors.NotationError: '1H' is not a card code: write the rank (A K Q J 10 9 8 7) then the suit (C D H S), e.g. QS or 10H.
        """
        if not isinstance(text, str):
            raise NotationError(Msg("notation.card", text=repr(text)))
        code = text.strip().upper()
        try:
            return _BY_CODE[code]
        except KeyError:
            raise NotationError(Msg("notation.card", text=text)) from None

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with :attr:`index` 0..31 (clubs 7 is 0, spades ace is 31)."""
        return ALL_CARDS[index]

    def name(self, lang: str = "en", *, jack: str = "Bube") -> str:
        """The card's name in English or German ("Pik-Dame", "ten of hearts").

        The name is a :class:`CardName`: a plain string that a message template can also
        write with its article, in a grammatical case (``{card:acc}``).
        """
        key = (self.index, lang, jack)
        name = _NAMES.get(key)
        if name is None:  # made once per card, language and word for the jack: pages name
            # dozens of cards, and a CardName costs twice a plain string to make
            if lang_key(lang) == "de":
                text = f"{self.suit.name_in('de')}-{self.rank.name_in('de', jack=jack)}"
            else:
                text = f"{_RANK_NAMES_EN[self.rank]} of {_SUIT_NAMES['en'][self.suit]}"
            name = _NAMES[key] = CardName(text, self, lang_key(lang), jack)
        return name

    def name_with_article(self, lang: str = "en", case: str = "nom", *, jack: str = "Bube") -> str:
        """The card's name with its definite article, German in the grammatical ``case``
        (``nom``, ``acc``, ``dat`` or ``gen``): "der Kreuz-Bube", "den Kreuz-Buben",
        "die Pik-Dame", "das Herz-As"; English "the queen of spades" in every case.

        >>> jack = Card.parse("JC")
        >>> [jack.name_with_article("de", c) for c in ("nom", "acc", "dat", "gen")]
        ['der Kreuz-Bube', 'den Kreuz-Buben', 'dem Kreuz-Buben', 'des Kreuz-Buben']
        >>> jack.name_with_article("de", "acc", jack="Bauer"), jack.name_with_article("en", "acc")
        ('den Kreuz-Bauern', 'the jack of clubs')
        >>> [Card.parse(c).name_with_article("de", "acc") for c in ("AH", "KS", "QD", "10C")]
        ['das Herz-As', 'den Pik-König', 'die Karo-Dame', 'die Kreuz-Zehn']
        >>> ace, seven = Card.parse("AH"), Card.parse("7D")
        >>> ace.name_with_article("de", "gen"), seven.name_with_article("de", "dat")
        ('des Herz-Asses', 'der Karo-Sieben')
        """
        if lang_key(lang) == "en":
            return f"the {self.name('en')}"
        if case not in _CASES:
            raise ValueError(f"unknown grammatical case {case!r}: use one of {_CASES}")
        gender = _GENDER_DE.get(self.rank, "f")
        noun = self.rank.name_in("de", jack=jack)
        if self.rank is Rank.JACK and case != "nom":
            noun += "n"  # weak noun: den Buben, den Bauern
        elif case == "gen" and self.rank is Rank.ACE:
            noun += "ses"
        elif case == "gen" and self.rank is Rank.KING:
            noun += "s"
        article = _ARTICLES_DE[gender][_CASES.index(case)]
        return f"{article} {self.suit.name_in('de')}-{noun}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


_NAMES: dict[tuple[int, str, str], CardName] = {}
"""Card names made so far: (card index, language as asked, jack's word) -> name."""
_CASES = ("nom", "acc", "dat", "gen")
_GENDER_DE = {Rank.ACE: "n", Rank.KING: "m", Rank.JACK: "m"}
"""The German ranks' genders (das As, der König, der Bube/Bauer; die Dame, Zehn ... Sieben)."""
_ARTICLES_DE = {
    "m": ("der", "den", "dem", "des"),
    "f": ("die", "die", "der", "der"),
    "n": ("das", "das", "dem", "des"),
}


class CardName(str):
    """A card's name (a plain string) that a template may also write with its article.

    In a message template, a format spec naming a grammatical case writes the card with its
    definite article in that case (:meth:`Card.name_with_article`); a capitalised spec
    capitalises the article, for the start of a sentence. Without a spec it is the bare name.

    >>> name = Card.parse("JC").name("de")
    >>> "{0} | {0:acc} | {0:Nom}".format(name)
    'Kreuz-Bube | den Kreuz-Buben | Der Kreuz-Bube'
    >>> "Du spielst {0:acc} aus.".format(PhysicalCard.parse("JC#2").name("de"))
    'Du spielst den Kreuz-Bauern aus.'
    >>> "{0:Nom} wins.".format(Card.parse("QS").name("en"))
    'The queen of spades wins.'
    """

    card: Card | None
    lang: str
    jack: str

    def __new__(
        cls, text: str, card: Card | None = None, lang: str = "en", jack: str = "Bube"
    ) -> CardName:
        obj = super().__new__(cls, text)
        obj.card = card
        obj.lang = lang
        obj.jack = jack
        return obj

    def __getnewargs__(self) -> tuple[str, Card | None, str, str]:  # type: ignore[override]
        return (str(self), self.card, self.lang, self.jack)

    def __format__(self, spec: str) -> str:
        case = spec.lower()
        if self.card is None or case not in _CASES:
            return format(str(self), spec)
        text = self.card.name_with_article(self.lang, case, jack=self.jack)
        return text[:1].upper() + text[1:] if spec[:1].isupper() else text


ALL_CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in Rank)
"""The 32 cards in :attr:`Card.index` order."""

_BY_CODE: dict[str, Card] = {c.code: c for c in ALL_CARDS} | {
    "T" + s.letter: Card(s, Rank.TEN) for s in Suit
}


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or an iterable of codes).

    >>> parse_cards("AS, KS 10h")
    (Card.parse('AS'), Card.parse('KS'), Card.parse('10H'))
    >>> parse_cards("")
    ()
    """
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(code) for code in codes)


def format_cards(cards: Iterable[Card | PhysicalCard]) -> str:
    """Cards in notation, space separated (inverse of :func:`parse_cards`)."""
    return " ".join(str(c) for c in cards)


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of a set of cards.

    >>> cards_from_mask(mask_of(parse_cards("KS 7C")))
    (Card.parse('7C'), Card.parse('KS'))
    """
    m = 0
    for c in cards:
        m |= c.bit
    return m


def bit_indices(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first (card indices or uids).

    >>> bit_indices(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_from_mask(mask: int) -> tuple[Card, ...]:
    """The cards whose bits are set in ``mask``, in index order."""
    return tuple(ALL_CARDS[i] for i in bit_indices(mask))


_GERMAN_SUITS = {
    "kreuz": Suit.CLUBS,
    "pik": Suit.SPADES,
    "herz": Suit.HEARTS,
    "karo": Suit.DIAMONDS,
    "eckstein": Suit.DIAMONDS,
}
_GERMAN_RANKS = {
    "as": Rank.ACE,
    "ass": Rank.ACE,
    "könig": Rank.KING,
    "koenig": Rank.KING,
    "dame": Rank.QUEEN,
    "bube": Rank.JACK,
    "bauer": Rank.JACK,
    "zehn": Rank.TEN,
    "neun": Rank.NINE,
    "acht": Rank.EIGHT,
    "sieben": Rank.SEVEN,
}
_ENGLISH_SUITS = {v: Suit(i) for i, v in enumerate(_SUIT_NAMES["en"])}
_ENGLISH_RANKS = {v: k for k, v in _RANK_NAMES_EN.items()} | {"knave": Rank.JACK, "10": Rank.TEN}


def parse_card_name(text: str) -> Card:
    """Parse a card's English or German name.

    >>> parse_card_name("Karo-Bauer"), parse_card_name("Eckstein-Sieben")
    (Card.parse('JD'), Card.parse('7D'))
    >>> parse_card_name("Queen of Spades")
    Card.parse('QS')
    """
    words = text.strip().lower().replace("=", "-")
    if "-" in words:
        suit_word, _, rank_word = words.partition("-")
        suit = _GERMAN_SUITS.get(suit_word.strip())
        rank = _GERMAN_RANKS.get(rank_word.strip())
    else:
        rank_word, _, suit_word = words.partition(" of ")
        suit = _ENGLISH_SUITS.get(suit_word.strip())
        rank = _ENGLISH_RANKS.get(rank_word.strip())
    if suit is None or rank is None:
        raise NotationError(Msg("notation.name", text=text))
    return Card(suit, rank)


class PhysicalCard:
    """A card from a given pack (``copy`` 0-based; 1-based as ``#n`` in notation).

    Interned like :class:`Card`; :attr:`uid` is ``copy * 32 + card.index``.

    >>> PhysicalCard(Card.parse("JD"), 0)
    PhysicalCard.parse('JD#1')
    >>> PhysicalCard.parse("JD") is PhysicalCard.parse("JD#1")
    True
    """

    __slots__ = ("card", "copy", "uid", "code")
    card: Card
    copy: int
    uid: int
    code: str

    _interned: dict[tuple[Card, int], PhysicalCard] = {}

    def __new__(cls, card: Card, copy: int = 0) -> PhysicalCard:
        try:
            return cls._interned[(card, copy)]
        except KeyError:
            pass
        if not isinstance(card, Card) or not isinstance(copy, int) or not 0 <= copy < 8:
            raise TypeError(f"PhysicalCard(card, copy) got {card!r}, {copy!r}")
        pc = object.__new__(cls)
        object.__setattr__(pc, "card", card)
        object.__setattr__(pc, "copy", copy)
        object.__setattr__(pc, "uid", copy * 32 + card.index)
        object.__setattr__(pc, "code", f"{card.code}#{copy + 1}")
        cls._interned[(card, copy)] = pc
        return pc

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("PhysicalCard is immutable")

    def __reduce__(self) -> tuple[type[PhysicalCard], tuple[Card, int]]:
        return (PhysicalCard, (self.card, self.copy))

    def __copy__(self) -> PhysicalCard:
        return self

    def __deepcopy__(self, memo: object) -> PhysicalCard:
        return self

    @property
    def suit(self) -> Suit:
        return self.card.suit

    @property
    def rank(self) -> Rank:
        return self.card.rank

    @classmethod
    def parse(cls, text: str) -> PhysicalCard:
        """Parse ``QS#2`` (pack 2); a bare ``QS`` means pack 1.

        >>> PhysicalCard.parse("QS#0")
        Traceback (most recent call last):
        ...
        cardtutor.engine.errors.NotationError: 'QS#0' is not a card code: write the rank (A K Q J 10 9 8 7) then the suit (C D H S), e.g. QS or 10H.
        >>> PhysicalCard.parse("QS#\u00b2")
        Traceback (most recent call last):
        ...
        cardtutor.engine.errors.NotationError: 'QS#\u00b2' is not a card code: write the rank (A K Q J 10 9 8 7) then the suit (C D H S), e.g. QS or 10H.
        """
        if not isinstance(text, str):
            raise NotationError(Msg("notation.card", text=repr(text)))
        code, sep, pack = text.strip().partition("#")
        try:
            card = Card.parse(code)
        except NotationError:
            raise NotationError(Msg("notation.card", text=text)) from None
        if not sep:
            return cls(card, 0)
        # ASCII digits only: "²" and "١" are digits to str.isdigit(); int() refuses the one
        # and reads the other as 1
        if not (pack.isascii() and pack.isdigit()) or not 1 <= int(pack) <= 8:
            raise NotationError(Msg("notation.card", text=text))
        return cls(card, int(pack) - 1)

    def name(self, lang: str = "en", *, jack: str = "Bauer") -> str:
        """The card's name (the pack is not part of the name); jacks are "Bauer" (Besik)."""
        return self.card.name(lang, jack=jack)

    def name_with_article(self, lang: str = "en", case: str = "nom", *, jack: str = "Bauer") -> str:
        """The card's name with its article (see :meth:`Card.name_with_article`)."""
        return self.card.name_with_article(lang, case, jack=jack)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"PhysicalCard.parse({self.code!r})"


def iter_packs(packs: int) -> Iterator[PhysicalCard]:
    """Every physical card of ``packs`` packs, pack by pack."""
    for copy in range(packs):
        for card in ALL_CARDS:
            yield PhysicalCard(card, copy)


register_messages(
    {
        "notation.card": (
            "{text!r} is not a card code: write the rank (A K Q J 10 9 8 7) then the suit "
            "(C D H S), e.g. QS or 10H.",
            "{text!r} ist kein Kartenkürzel: erst der Rang (A K Q J 10 9 8 7), dann die Farbe "
            "(C D H S), z. B. QS oder 10H.",
        ),
        "notation.suit": (
            "{text!r} is not a suit: use C, D, H or S.",
            "{text!r} ist keine Farbe: C, D, H oder S verwenden.",
        ),
        "notation.rank": (
            "{text!r} is not a rank: use A, K, Q, J, 10, 9, 8 or 7.",
            "{text!r} ist kein Rang: A, K, Q, J, 10, 9, 8 oder 7 verwenden.",
        ),
        "notation.name": (
            "{text!r} is not a card name (e.g. 'queen of spades' or 'Pik-Dame').",
            "{text!r} ist kein Kartenname (z. B. „Pik-Dame“ oder „queen of spades“).",
        ),
    }
)
