"""The 40-card deck in its three faces, and reading cards from text (RULES D1, D2).

The deck is one deck with three equivalent faces (D1): Italian (canonical), French and
Spanish.  A card is stored once, by canonical rank and suit; a face only changes how
it is named and drawn.

>>> c = Card(7, "coppe")
>>> c
Card(7, 'coppe')
>>> c.name(), c.name("french"), c.name("spanish"), c.label()
('7 di coppe', '7 of hearts', '7 de copas', '7 of cups')
>>> parse_cards("Re di denari, K♦".split(",")[0])
(Card('Re', 'denari'),)
>>> parse_cards("7c", face="french")          # c is clubs in the French face (D2)
(Card(7, 'bastoni'),)
>>> format_cards(parse_cards("rey de oros, 7 of hearts"), face="spanish")
'Rey de oros, 7 de copas'
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Iterable, Literal, NamedTuple, Sequence

from . import fmt
from .errors import SetteKitError
from .i18n import N_, _, get_language

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "Deck",
    "FACES",
    "FULL_DECK",
    "parse_card",
    "parse_cards",
    "format_cards",
    "as_cards",
    "rank_name",
    "suit_name",
    "shown_face",
    "card_in_text",
    "cards_in_text",
]


class Suit(IntEnum):
    """The four suits, by their Italian (canonical) names (D1)."""

    COPPE = 0  # cups    = hearts   = copas
    DENARI = 1  # coins  = diamonds = oros
    BASTONI = 2  # batons = clubs   = bastos
    SPADE = 3  # swords  = spades   = espadas

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(IntEnum):
    """Ace to 7 by number; the three figures after them (D1)."""

    ASSO = 1
    DUE = 2
    TRE = 3
    QUATTRO = 4
    CINQUE = 5
    SEI = 6
    SETTE = 7
    FANTE = 8  # Jack  / Sota
    CAVALLO = 9  # Queen / Caballo
    RE = 10  # King  / Rey

    @property
    def is_figure(self) -> bool:
        """True for Fante, Cavallo and Re."""
        return self >= Rank.FANTE

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


FaceName = Literal["italian", "french", "spanish"]
"""A face's name: how cards are named and drawn (D1)."""
FACE_NAMES: tuple[FaceName, ...] = ("italian", "french", "spanish")


class Face(NamedTuple):
    """How one face names and abbreviates the canonical deck."""

    key: FaceName
    connector: str  # "di", "of", "de"
    rank_names: dict  # Rank -> full name as printed ("Asso", "7", "Re")
    suit_names: dict  # Suit -> full name ("coppe")
    rank_codes: dict  # Rank -> short code ("A", "7", "R")
    suit_codes: dict  # Suit -> short code ("c")
    suit_symbols: dict  # Suit -> symbol ("♥"), empty if the face has none
    english_ranks: dict  # Rank -> English name for labels ("Knight")
    english_suits: dict  # Suit -> English name for labels ("cups")


def _ranks(words: str) -> dict:
    """Rank -> name, from the names of the 1, 8, 9 and 10 (the numbers 2-7 are their own)."""
    names = {Rank(r): str(r) for r in range(2, 8)}
    names.update(zip((Rank(1), Rank(8), Rank(9), Rank(10)), words.split()))
    return names


def _by_suit(words: str) -> dict:
    """Suit -> name, from the names in suit order (coppe, denari, bastoni, spade)."""
    return dict(zip((Suit.COPPE, Suit.DENARI, Suit.BASTONI, Suit.SPADE), words.split()))


def _face(key: FaceName, connector: str, figures: str, suits: str, figure_codes: str, suit_codes: str,
          symbols: str = "", english: tuple[str, str] | None = None) -> Face:
    """A face from its words (see :func:`_ranks`, :func:`_by_suit`); ``english``: the
    labels' (figures, suits), the face's own words when it is English."""
    english_figures, english_suits = english or (figures, suits)
    return Face(key, connector, _ranks(figures), _by_suit(suits), _ranks(figure_codes), _by_suit(suit_codes),
                _by_suit(symbols), _ranks(english_figures), _by_suit(english_suits))


FACES: dict[FaceName, Face] = {
    "italian": _face("italian", "di", "Asso Fante Cavallo Re", "coppe denari bastoni spade", "A F C R", "c d b s",
                     english=("Ace Jack Knight King", "cups coins batons swords")),
    "french": _face("french", "of", "Ace Jack Queen King", "hearts diamonds clubs spades", "A J Q K", "H D C S",
                    symbols="♥ ♦ ♣ ♠"),
    "spanish": _face("spanish", "de", "As Sota Caballo Rey", "copas oros bastos espadas", "A S C R", "c o b e",
                     english=("Ace Jack Knight King", "cups coins clubs swords")),
}


# Card names follow the language as well as the face.  English keeps the
# names of the face's own language ('7 di coppe', '7 of hearts', '7 de copas'); Italian
# and Spanish name every face in their own words.  The Italian and the Spanish decks have
# the same suits and figures, so Italian names the Spanish face with the Italian words,
# and Spanish names the Italian face with the Spanish words.
_ITALIAN_WORDS = ("di", _ranks("Asso Fante Cavallo Re"), _by_suit("coppe denari bastoni spade"))
_SPANISH_WORDS = ("de", _ranks("As Sota Caballo Rey"), _by_suit("copas oros bastos espadas"))
_LOCAL_NAMES = {
    ("it", "italian"): _ITALIAN_WORDS,
    ("it", "spanish"): _ITALIAN_WORDS,
    ("it", "french"): ("di", _ranks("Asso Fante Donna Re"), _by_suit("cuori quadri fiori picche")),
    ("es", "italian"): _SPANISH_WORDS,
    ("es", "spanish"): _SPANISH_WORDS,
    ("es", "french"): ("de", _ranks("As Jota Reina Rey"), _by_suit("corazones diamantes tréboles picas")),
}


def _local(face: Face) -> tuple:
    """(connector, rank names, suit names) of ``face`` in the current language."""
    got = _LOCAL_NAMES.get((get_language(), face.key))
    return got if got is not None else (face.connector, face.rank_names, face.suit_names)


def rank_name(rank, face: FaceName = "italian") -> str:
    """A rank's name in ``face`` and the current language: 'Re', 'King', 'Rey'.

    >>> rank_name(10), rank_name(Rank.RE, "french"), rank_name(8, "spanish")
    ('Re', 'King', 'Sota')
    """
    return _local(_check_face(face))[1][_coerce(Rank, rank, "rank", _RANKS_ACCEPTED)]


def suit_name(suit, face: FaceName = "italian") -> str:
    """A suit's name in ``face`` and the current language: 'denari', 'diamonds', 'oros'.

    >>> suit_name("denari"), suit_name(Suit.DENARI, "french"), suit_name(1, "spanish")
    ('denari', 'diamonds', 'oros')
    """
    return _local(_check_face(face))[2][_coerce(Suit, suit, "suit", _SUITS_ACCEPTED)]


# The Italian and the Spanish decks are one deck with the same suits and
# figures (D1), and Italian and Spanish name both in their own words (above).  A page then
# draws that deck in its own language's face too, so that the picture says what the text
# says: "Sota" on the card a Spanish page calls "Sota de copas", never "Fante".
_HOME_FACES: dict[str, FaceName] = {"it": "italian", "es": "spanish"}


def shown_face(face: FaceName = "italian") -> FaceName:
    """The face a page in the current language draws a card of ``face`` in (D1): the
    Italian and the Spanish faces are one deck, drawn as the Italian deck in Italian and
    as the Spanish deck in Spanish; English draws the face as given, and the French face
    (another deck's look, J/Q/K) stays French in every language.

    >>> from sette_kit.i18n import language
    >>> with language("es"):
    ...     shown_face("italian"), shown_face("french")
    ('spanish', 'french')
    >>> shown_face("italian"), shown_face("spanish")
    ('italian', 'spanish')
    """
    key = _check_face(face).key
    if key == "french":
        return key
    return _HOME_FACES.get(get_language(), key)


# In running text a card has its definite article, as people say
# it: "Il Re di denari è la matta", "Carla prende il Fante di spade", "El Rey de oros es
# el comodín", "la Sota de espadas".  The article follows the first word of the name in
# the language (its gender, and the Italian elision before a vowel: "l'Asso").
_FEMININE = {"it": {"Donna"}, "es": {"Sota", "Jota", "Reina"}}


def card_in_text(card: "Card", face: FaceName = "italian") -> str:
    """The card's name as a sentence says it, in the current language: with its definite
    article in Italian and Spanish ('il Re di denari', "l'Asso di coppe", 'la Sota de
    espadas', 'el Rey de oros'); English names it as :meth:`Card.name` does.  A sentence
    that starts with it capitalises the article.

    >>> from sette_kit.i18n import language
    >>> with language("it"):
    ...     card_in_text(Card(10, "denari")), card_in_text(Card(1, "coppe")), card_in_text(Card(9, "coppe"), "french")
    ('il Re di denari', "l'Asso di coppe", 'la Donna di cuori')
    >>> with language("es"):
    ...     card_in_text(Card(8, "spade")), card_in_text(Card(10, "denari"))
    ('la Sota de espadas', 'el Rey de oros')
    >>> card_in_text(Card(10, "denari"))
    'Re di denari'
    """
    name = card.name(face)
    lang = get_language()
    if lang == "it":
        first = name.split()[0]
        if first in _FEMININE["it"]:
            return "la " + name
        return ("l'" if first[0] in "AEIOUaeiou" or first in ("1", "8", "11") else "il ") + name
    if lang == "es":
        return ("la " if name.split()[0] in _FEMININE["es"] else "el ") + name
    return name


def cards_in_text(cards, face: FaceName = "italian") -> str:
    """Cards as a sentence says them: each with its article (:func:`card_in_text`), the
    last after "and" in Italian and Spanish ('il 4 di bastoni e il 2 di spade'); English
    as before, the names joined by commas ('4 di bastoni, 2 di spade').

    >>> from sette_kit.i18n import language
    >>> with language("es"):
    ...     cards_in_text(parse_cards("Sota di spade, 4 di denari"))
    'la Sota de espadas y el 4 de oros'
    """
    said = [card_in_text(c, face) for c in cards]
    if get_language() == "en" or len(said) < 2:
        return ", ".join(said)
    return _("{first} and {last}").format(first=", ".join(said[:-1]), last=said[-1])


def sentence(text: str) -> str:
    """``text`` with its first letter capital: a sentence that starts with a card's
    article ("il Re di denari è la matta" -> "Il Re di denari è la matta")."""
    return text[:1].upper() + text[1:]


def _check_face(face) -> Face:  # any value: a face name, else a SetteKitError
    try:
        return FACES[face]
    except (KeyError, TypeError):
        raise SetteKitError(
            _("unknown face {face}: accepted faces are {accepted}").format(
                face=_shown(face), accepted=", ".join(map(repr, FACE_NAMES)))
        ) from None


def _shown(value) -> str:
    from .numbers import shown

    return shown(value)


def _items(value, what: str, *also) -> tuple:
    """The items of a list of Cards (or of ``also`` types), or a SetteKitError naming what
    is accepted: not None, a number, bytes or a mapping."""
    if value is None or isinstance(value, (str, bytes, bytearray, int, float, dict)) or not hasattr(value, "__iter__"):
        raise SetteKitError(_("{what}: give text such as '{example}' or a list of Cards, not {value}").format(
            what=what, example=_example(2), value=_shown(value)))
    # an endless iterable is read no further than one item past the 40 cards
    items = tuple(itertools.islice(value, len(FULL_DECK) + 1))
    if len(items) > len(FULL_DECK):
        raise SetteKitError(_("{what}: more than 40 items: a deck has 40 cards, each at most once").format(what=what))
    for c in items:
        if not isinstance(c, (Card, *also)):
            if also:
                raise SetteKitError(_("{what}: a list of Cards holds only Cards or card names such as "
                                      "'{example}', not {value}").format(what=what, example=_example(1),
                                                                         value=_shown(c)))
            raise SetteKitError(_("{what}: a list of Cards holds only Cards, not {value}").format(
                what=what, value=_shown(c)))
    return items


def _example(n: int) -> str:
    """'7 di coppe' (n=1) or '7 di coppe, Re di denari' (n=2), in the current language."""
    cards = (Card(7, Suit.COPPE), Card(Rank.RE, Suit.DENARI))[:n]
    return ", ".join(c.name() for c in cards)


MAX_CARDS_TEXT = 4000
"""The longest text read as cards: every card of the deck written out in full
takes about 800 characters."""


def _check_size(text: str) -> None:
    # huge text is refused before it is parsed, and never echoed back whole
    if len(text) > MAX_CARDS_TEXT:
        raise SetteKitError(_("cards: {n} characters is too long for a list of cards (at most {most}); "
                              "{accepted}").format(n=fmt.whole(len(text)), most=fmt.whole(MAX_CARDS_TEXT),
                                                   accepted=_(ACCEPTED_FORMS)))
    if len(text) > 30:
        for token in re.split(r"[\s,;+]+", text):
            if len(token) > 30:
                raise SetteKitError(_("cannot read {token} as a card: no word of a card's name is that long; "
                                      "{accepted}").format(token=_shown(token), accepted=_(ACCEPTED_FORMS)))


_thousands = fmt.whole  # the old private name, still imported by scoring: use fmt.whole


def as_cards(value, face: FaceName = "italian", what: str = "cards") -> tuple:
    """Cards from text (read with :func:`parse_cards` in ``face``), one Card, or a list of
    Cards; each card at most once.  Anything else is a SetteKitError naming what is accepted.

    >>> as_cards("7c Rd"), as_cards(Card(7, 0))
    ((Card(7, 'coppe'), Card('Re', 'denari')), (Card(7, 'coppe'),))
    >>> as_cards(None)
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: cards: give text such as '7 di coppe, Re di denari' or a list of Cards, not None
    """
    if isinstance(value, str):
        return parse_cards(value, face=face)
    if isinstance(value, Card):
        return (value,)
    cards = _items(value, what)
    if len(set(cards)) != len(cards):
        raise SetteKitError(_("{what}: a hand holds each card at most once").format(what=what))
    return cards


@dataclass(frozen=True, order=True)
class Card:
    """One card, by canonical rank and suit.  Immutable, hashable, ordered by rank then suit.

    ``rank`` may be given as a :class:`Rank`, a number 1-10 or an Italian rank name;
    ``suit`` as a :class:`Suit` or an Italian suit name.

    >>> Card("re", "denari") == Card(Rank.RE, Suit.DENARI) == Card(10, 1)
    True
    >>> sorted([Card(7, "spade"), Card(1, "coppe"), Card(7, "coppe")])
    [Card('Asso', 'coppe'), Card(7, 'coppe'), Card(7, 'spade')]
    >>> Card(8, "coppe").name("french"), Card(8, "coppe").is_figure
    ('Jack of hearts', True)
    """

    rank: Rank
    suit: Suit

    if TYPE_CHECKING:  # pragma: no cover
        # what the dataclass's own __init__ takes: __post_init__ reads a number or a name too
        def __init__(self, rank: Rank | int | str, suit: Suit | int | str) -> None: ...

    def __post_init__(self) -> None:
        object.__setattr__(self, "rank", _coerce(Rank, self.rank, "rank", _RANKS_ACCEPTED))
        object.__setattr__(self, "suit", _coerce(Suit, self.suit, "suit", _SUITS_ACCEPTED))

    # -- identity -------------------------------------------------------------------
    @property
    def index(self) -> int:
        """A number 0-39: ``suit * 10 + rank - 1``.  Used by the fast numeric code."""
        return int(self.suit) * 10 + int(self.rank) - 1

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """The card with :attr:`index` ``index`` (0-39).

        >>> Card.from_index(19)
        Card('Re', 'denari')
        """
        if isinstance(index, bool) or not hasattr(index, "__index__"):
            raise SetteKitError(_("card index {index} is not a whole number: accepted 0-39").format(
                index=_shown(index)))
        if not 0 <= index.__index__() < 40:
            raise SetteKitError(_("card index {index} is out of range: accepted 0-39").format(index=_shown(index)))
        return FULL_DECK[index.__index__()]

    @property
    def is_figure(self) -> bool:
        """True for the three figures (Fante, Cavallo, Re)."""
        return self.rank.is_figure

    # -- names ----------------------------------------------------------------------
    def name(self, face: FaceName = "italian") -> str:
        """The card's full name in ``face`` and the current language.  In
        English each face keeps its own language's names: '7 di coppe', 'King of
        diamonds', 'Rey de oros'; Italian and Spanish name every face in their words.

        >>> from sette_kit.i18n import language
        >>> with language("es"):
        ...     Card(8, "spade").name(), Card(10, "denari").name("french")
        ('Sota de espadas', 'Rey de diamantes')
        >>> with language("it"):
        ...     Card(7, "coppe").name("french"), Card(9, "bastoni").name("spanish")
        ('7 di cuori', 'Cavallo di bastoni')
        """
        connector, ranks, suits = _local(_check_face(face))
        return f"{ranks[self.rank]} {connector} {suits[self.suit]}"

    def code(self, face: FaceName = "italian", symbol: bool = False) -> str:
        """The short code: '7c', 'Rd' (Italian), 'KD' or 'K♦' (French), 'Ro' (Spanish)."""
        f = _check_face(face)
        suit = f.suit_symbols[self.suit] if symbol and f.suit_symbols else f.suit_codes[self.suit]
        return f.rank_codes[self.rank] + suit

    def label(self, face: FaceName = "italian") -> str:
        """A description for screen readers and learners: '7 of cups' in English; in
        Italian and Spanish the card's name."""
        f = _check_face(face)
        if get_language() != "en":
            return self.name(face)
        return f"{f.english_ranks[self.rank]} of {f.english_suits[self.suit]}"

    def __str__(self) -> str:
        return self.name()

    def __repr__(self) -> str:
        rank = int(self.rank) if not (self.rank.is_figure or self.rank == 1) else FACES["italian"].rank_names[self.rank]
        return f"Card({rank!r}, {FACES['italian'].suit_names[self.suit]!r})"


_RANKS_ACCEPTED = N_("1-10 or Asso..Re")
_SUITS_ACCEPTED = "coppe, denari, bastoni, spade"


def _coerce(enum, value, what, accepted):
    if isinstance(value, enum):
        return value
    try:
        if isinstance(value, str):
            key = value.strip()
            if not key.isascii():  # no look-alike letters or digits ('٧', '７', 'ſpade')
                raise ValueError
            key = key.upper()
            if key.isdigit():
                if enum is Suit:  # a suit is written by its name ('1' is not denari)
                    raise ValueError
                return enum(int(key))
            return enum[key]
        if isinstance(value, bool):
            raise ValueError
        return enum(int(value)) if int(value) == value else enum(value)
    except (KeyError, ValueError, TypeError, OverflowError):
        message = (_("{value} is not a rank: accepted {accepted}") if what == "rank"
                   else _("{value} is not a suit: accepted {accepted}"))
        raise SetteKitError(message.format(value=_shown(value), accepted=_(accepted))) from None


FULL_DECK: tuple[Card, ...] = tuple(Card(Rank(r), Suit(s)) for s in range(4) for r in range(1, 11))
"""All 40 cards in index order (coppe Asso..Re, then denari, bastoni, spade)."""


# ---------------------------------------------------------------------------------
# Reading cards from text (D2)
# ---------------------------------------------------------------------------------

def _words(*pairs):
    table = {}
    for value, words in pairs:
        for w in words.split():
            table[w] = value
    return table


_RANK_WORDS = _words(
    (Rank.ASSO, "1 asso assi ace as uno one"),
    (Rank.DUE, "2 due two dos"),
    (Rank.TRE, "3 tre three tres"),
    (Rank.QUATTRO, "4 quattro four cuatro"),
    (Rank.CINQUE, "5 cinque five cinco"),
    (Rank.SEI, "6 sei six seis"),
    (Rank.SETTE, "7 sette seven siete"),
    (Rank.FANTE, "fante jack knave sota jota"),
    (Rank.CAVALLO, "cavallo caballo knight horse cavaliere queen donna regina dama reina"),
    (Rank.RE, "re king rey"),
)
_SUIT_WORDS = _words(
    (Suit.COPPE, "coppe coppa cups cup copas copa cuori cuore hearts heart corazones"),
    (Suit.DENARI, "denari denaro coins coin oros oro quadri quadro diamonds diamond diamantes"),
    (Suit.BASTONI, "bastoni bastone batons baton clubs club bastos basto fiori fiore treboles tréboles"),
    (Suit.SPADE, "spade spada swords sword espadas espada picche picca spades picas"),
)
_CONNECTORS = {"di", "of", "de", "del", "della"}
_NOT_IN_DECK = {"8", "9", "10", "otto", "nove", "dieci", "eight", "nine", "ten", "ocho", "nueve", "diez"}
_SYMBOLS = {"♥": Suit.COPPE, "♡": Suit.COPPE, "♦": Suit.DENARI, "♢": Suit.DENARI,
            "♣": Suit.BASTONI, "♧": Suit.BASTONI, "♠": Suit.SPADE, "♤": Suit.SPADE}

ACCEPTED_FORMS = N_(
    "accepted forms: full names such as '7 di coppe', 'Asso di spade', 'Re di denari', "
    "'7 of hearts', 'king of diamonds', 'rey de oros', 'sota de copas'; "
    "short codes rank+suit such as '7c', 'Rd', 'KD', 'K♦', '7♥' "
    "(ranks A or 1-7 and the figures F C R in Italian, J Q K in French, S C R in Spanish; "
    "suits c d b s in Italian, H D C S or ♥ ♦ ♣ ♠ in French, c o b e in Spanish); "
    "in the Spanish face the figures may also be written 10, 11, 12 ('12 de oros', '10c'); "
    "cards separated by commas or spaces"
)

# D2 (001): in the Spanish face the sota, caballo and rey are also written 10, 11 and 12
_SPANISH_NUMBERS = {"10": Rank.FANTE, "11": Rank.CAVALLO, "12": Rank.RE}


def _code_readings(token: str, face: Face, own: bool = True) -> Card | None:
    """Read a short code in one face, or None if it is not a code of that face.

    ``own`` is True when ``face`` is the caller's face: only then are the Spanish
    numbered figures (10, 11, 12) read, so that '10c' never passes for a card of a
    52-card deck in another face (D2)."""
    m = re.fullmatch(r"(1[0-2]|[1-9]|[a-z])(.)", token, flags=re.IGNORECASE | re.ASCII)
    if not m:
        return None
    rank_text, suit_text = m.group(1), m.group(2)
    ranks = {v.upper(): k for k, v in face.rank_codes.items()}
    ranks["1"] = Rank.ASSO
    if own and face.key == "spanish":
        ranks.update(_SPANISH_NUMBERS)
    rank = ranks.get(rank_text.upper())
    suit: Suit | None
    if suit_text in _SYMBOLS:
        suit = _SYMBOLS[suit_text]
    else:
        suits = {v.lower(): k for k, v in face.suit_codes.items()}
        suit = suits.get(suit_text.lower())
    if rank is None or suit is None:
        return None
    return Card(rank, suit)


def parse_card(token: str, face: FaceName = "italian") -> Card:
    """Read one card written as a short code or a full name (D2).

    An ambiguous code is read in ``face``; a code that only one other face reads, and
    reads the same way, is accepted if its suit letter means the same suit in ``face``
    (or nothing there): within one call a letter means one suit ('Kc' is an error in
    the Italian face, where c is coppe); a code that other faces read differently is an
    error naming the readings.  In the Spanish face the figures may be written 10, 11,
    12 (D2, 001).

    >>> parse_card("Rd"), parse_card("KD"), parse_card("K♦"), parse_card("king of diamonds")
    (Card('Re', 'denari'), Card('Re', 'denari'), Card('Re', 'denari'), Card('Re', 'denari'))
    >>> parse_card("7c", face="italian"), parse_card("7c", face="french")
    (Card(7, 'coppe'), Card(7, 'bastoni'))
    >>> parse_card("8 di coppe")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: '8 di coppe': 8, 9 and 10 are not in the 40-card deck (D1); ...
    """
    cards = parse_cards(token, face=face)
    if len(cards) != 1:
        raise SetteKitError(_("expected one card, got {n} in {token}; {accepted}").format(
            n=len(cards), token=_shown(token), accepted=_(ACCEPTED_FORMS)))
    return cards[0]


def _read_code(token: str, face: Face) -> Card:
    own = _code_readings(token, face)
    if own is not None:
        return own
    others: dict[Card, FaceName] = {}
    for other in FACES.values():
        if other.key != face.key:
            card = _code_readings(token, other, own=False)
            if card is not None:
                others.setdefault(card, other.key)
    if len(others) > 1:
        words = {"italian": N_("{card} in the italian face"), "french": N_("{card} in the french face"),
                 "spanish": N_("{card} in the spanish face")}
        readings = "; ".join(_(words[f]).format(card=c.name(f)) for c, f in others.items())
        raise SetteKitError(
            _("{token} is ambiguous: it reads as {readings}. Pass face= to choose, or write the full name").format(
                token=_shown(token), readings=readings)
        )
    if len(others) == 1:
        card, other = next(iter(others.items()))
        _check_one_suit_per_letter(token, card, FACES[other], face)
        return card
    m = re.fullmatch(r"(8|9|10|11|12)\S?", token.lower())
    if m:
        number = m.group(1)
        if face.key == "spanish" and number in _SPANISH_NUMBERS:
            raise SetteKitError(_("{token}: in the Spanish face {number} is the {figure}, written with a "
                                  "Spanish suit letter c o b e, such as '{example}' (D2); {accepted}").format(
                token=_shown(token), number=number, example=f"{number}o", accepted=_(ACCEPTED_FORMS),
                figure=FACES['spanish'].rank_names[_SPANISH_NUMBERS[number]].lower()))
        raise _not_in_deck(token, number, face.key)
    raise SetteKitError(_("cannot read {token} as a card; {accepted}").format(
        token=_shown(token), accepted=_(ACCEPTED_FORMS)))


def _not_in_deck(text: str, number: str, face: FaceName = "italian") -> SetteKitError:
    """The error for a card numbered 8-12 outside the Spanish numbering (D1, D2)."""
    if face == "spanish":  # 10-12 are figures here: only 8 and 9 are missing (001)
        return SetteKitError(_("{text}: 8 and 9 are not in the 40-card deck (D1); {accepted}").format(
            text=_shown(text), accepted=_(ACCEPTED_FORMS)))
    if number in ("8", "9", "10"):
        message = (_("{text}: 8, 9 and 10 are not in the 40-card deck (D1); in the Spanish face 10, 11 and 12 "
                     "are the sota, caballo and rey (face='spanish'); {accepted}") if number in _SPANISH_NUMBERS
                   else _("{text}: 8, 9 and 10 are not in the 40-card deck (D1); {accepted}"))
    else:
        message = _("{text}: there is no {number} in the 40-card deck (D1); in the Spanish face 10, 11 and 12 "
                    "are the sota, caballo and rey (face='spanish'); {accepted}")
    return SetteKitError(message.format(text=_shown(text), number=number, accepted=_(ACCEPTED_FORMS)))


def _check_one_suit_per_letter(token: str, card: Card, other: Face, face: Face) -> None:
    """D2: within one call a suit letter means one suit, the one of the caller's face.

    A code that only another face reads (a French rank letter with ``c``, say) is read in
    that face only if its suit letter means the same suit in the caller's face, or no
    suit at all there.  Otherwise the letter would mean two suits in one call ('7c Kc':
    7 di coppe and the King of clubs), so it is an error naming both ways out."""
    letter = token[-1]
    if letter in _SYMBOLS:
        return
    mine = {v.lower(): k for k, v in face.suit_codes.items()}.get(letter.lower())
    if mine is None or mine == card.suit:
        return
    rank = token[:-1]
    alt = Card(card.rank, mine)
    code = repr(card.code(face.key))
    if face.key != "french":
        code = _("{code} or {symbol}").format(code=code, symbol=_shown(card.code('french', symbol=True)))
    name = card.name(face.key)
    if card.name(other.key) != name:
        name = _("{name} (the {other_name})").format(name=name, other_name=card.name(other.key))
    # one whole sentence per pair of faces, so that translators can name the faces properly
    message = {
        ("french", "italian"): _(
            "{token} mixes two faces: {rank} is a French rank, but '{letter}' means {other_suit} in the French "
            "face and {my_suit} in the Italian face, the face chosen; in one hand a letter means one suit (D2). "
            "Write the {card} as {code} and the {alt} as {alt_code}, or choose the French face (face='french') "
            "to read every short code as French."),
        ("french", "spanish"): _(
            "{token} mixes two faces: {rank} is a French rank, but '{letter}' means {other_suit} in the French "
            "face and {my_suit} in the Spanish face, the face chosen; in one hand a letter means one suit (D2). "
            "Write the {card} as {code} and the {alt} as {alt_code}, or choose the French face (face='french') "
            "to read every short code as French."),
        ("italian", "french"): _(
            "{token} mixes two faces: {rank} is an Italian rank, but '{letter}' means {other_suit} in the Italian "
            "face and {my_suit} in the French face, the face chosen; in one hand a letter means one suit (D2). "
            "Write the {card} as {code} and the {alt} as {alt_code}, or choose the Italian face (face='italian') "
            "to read every short code as Italian."),
        ("italian", "spanish"): _(
            "{token} mixes two faces: {rank} is an Italian rank, but '{letter}' means {other_suit} in the Italian "
            "face and {my_suit} in the Spanish face, the face chosen; in one hand a letter means one suit (D2). "
            "Write the {card} as {code} and the {alt} as {alt_code}, or choose the Italian face (face='italian') "
            "to read every short code as Italian."),
        ("spanish", "italian"): _(
            "{token} mixes two faces: {rank} is a Spanish rank, but '{letter}' means {other_suit} in the Spanish "
            "face and {my_suit} in the Italian face, the face chosen; in one hand a letter means one suit (D2). "
            "Write the {card} as {code} and the {alt} as {alt_code}, or choose the Spanish face (face='spanish') "
            "to read every short code as Spanish."),
        ("spanish", "french"): _(
            "{token} mixes two faces: {rank} is a Spanish rank, but '{letter}' means {other_suit} in the Spanish "
            "face and {my_suit} in the French face, the face chosen; in one hand a letter means one suit (D2). "
            "Write the {card} as {code} and the {alt} as {alt_code}, or choose the Spanish face (face='spanish') "
            "to read every short code as Spanish."),
    }[(other.key, face.key)]
    raise SetteKitError(message.format(
        token=_shown(token), rank=rank, letter=letter, other_suit=suit_name(card.suit, other.key),
        my_suit=suit_name(mine, face.key), card=name, code=code, alt=alt.name(face.key),
        alt_code=_shown(alt.code(face.key))))


def parse_cards(text: str | Iterable[str], face: FaceName = "italian") -> tuple[Card, ...]:
    """Read a hand from text: full names or codes, separated by commas or spaces (D2).

    Raises :class:`~sette_kit.errors.SetteKitError` naming the bad token and the
    accepted forms; a card written twice is an error.

    >>> parse_cards("7 di coppe, Re di denari")
    (Card(7, 'coppe'), Card('Re', 'denari'))
    >>> parse_cards("A♠ 7♥ Fd")
    (Card('Asso', 'spade'), Card(7, 'coppe'), Card('Fante', 'denari'))
    >>> parse_cards("7c, 7 di coppe")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: 7 di coppe appears twice: a hand holds each card at most once
    >>> parse_cards("7c Kc")                       # c is coppe here, so K (French) cannot use it
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: 'Kc' mixes two faces: K is a French rank, but 'c' means clubs in the French face and coppe in the Italian face, the face chosen; ...
    >>> parse_cards("7c Kc", face="french"), parse_cards("12 de oros, 10c", face="spanish")
    ((Card(7, 'bastoni'), Card('Re', 'bastoni')), (Card('Re', 'denari'), Card('Fante', 'coppe')))
    """
    f = _check_face(face)
    if not isinstance(text, str):
        if isinstance(text, Card):
            return (text,)
        text = ", ".join(c.name() if isinstance(c, Card) else c for c in _items(text, "cards", str))
    _check_size(text)
    if not text.strip():
        raise SetteKitError(_("no cards given; {accepted}").format(accepted=_(ACCEPTED_FORMS)))
    cards: list[Card] = []
    for chunk in re.split(r"[,;\n+]+", text):
        words = chunk.split()
        i = 0
        while i < len(words):
            word = words[i].lower().strip(".")
            nxt = words[i + 1].lower() if i + 1 < len(words) else None
            if word in _RANK_WORDS or word in _NOT_IN_DECK or word in _SPANISH_NUMBERS:
                if nxt in _CONNECTORS or (nxt in _SUIT_WORDS):
                    has_conn = nxt in _CONNECTORS
                    suit_word = words[i + 2].lower().strip(".") if has_conn and i + 2 < len(words) else (nxt if not has_conn else None)
                    phrase = " ".join(words[i : i + (3 if has_conn else 2)])
                    if word in _SPANISH_NUMBERS and f.key == "spanish":  # D2 (001): 10, 11, 12 de oros
                        rank = _SPANISH_NUMBERS[word]
                    elif word in _SPANISH_NUMBERS or word in _NOT_IN_DECK:
                        raise _not_in_deck(phrase, word if word in _SPANISH_NUMBERS else "8", f.key)
                    else:
                        rank = _RANK_WORDS[word]
                    if suit_word is None:
                        raise SetteKitError(_("{phrase} has no suit after {word}; {accepted}").format(
                            phrase=_shown(phrase), word=_shown(nxt), accepted=_(ACCEPTED_FORMS)))
                    if suit_word not in _SUIT_WORDS:
                        raise SetteKitError(_("{phrase}: unknown suit {suit}; {accepted}").format(
                            phrase=_shown(phrase), suit=_shown(suit_word), accepted=_(ACCEPTED_FORMS)))
                    cards.append(Card(rank, _SUIT_WORDS[suit_word]))
                    i += 3 if has_conn else 2
                    continue
                # a bare rank word ("sette", "re") is not a card, unless it is a code of
                # the caller's own face ("as" = Asso di spade in the Italian codes)
                if len(word) > 2 or word.isdigit() or _code_readings(word, f) is None:
                    if word == "as" and f.key == "spanish":
                        raise SetteKitError(_("{word} is the Ace in Spanish and has no suit: write it with its "
                                              "suit, such as 'As de oros'; {accepted}").format(
                            word=_shown(words[i]), accepted=_(ACCEPTED_FORMS)))
                    raise SetteKitError(_("{word} has no suit; {accepted}").format(
                        word=_shown(words[i]), accepted=_(ACCEPTED_FORMS)))
            cards.append(_read_code(words[i].strip("."), f))
            i += 1
    if not cards:  # only separators, such as ",,,"
        raise SetteKitError(_("no cards given; {accepted}").format(accepted=_(ACCEPTED_FORMS)))
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise SetteKitError(_("{card} appears twice: a hand holds each card at most once").format(
                card=c.name(face)))
        seen.add(c)
    return tuple(cards)


def format_cards(cards: Iterable[Card], face: FaceName = "italian", style: str = "name") -> str:
    """Write cards for people: ``style`` is 'name' (default), 'code', 'symbol' or 'label'.

    >>> hand = parse_cards("7d Rd")
    >>> format_cards(hand), format_cards(hand, "french", "symbol"), format_cards(hand, style="label")
    ('7 di denari, Re di denari', '7♦ K♦', '7 of coins, King of coins')
    """
    _check_face(face)
    cards = _items(cards, "format_cards")
    if style == "name":
        return ", ".join(c.name(face) for c in cards)
    if style == "label":
        return ", ".join(c.label(face) for c in cards)
    if style in ("code", "symbol"):
        return " ".join(c.code(face, symbol=style == "symbol") for c in cards)
    raise SetteKitError(_("unknown style {style}: accepted 'name', 'code', 'symbol', 'label'").format(
        style=_shown(style)))


class Deck:
    """A 40-card deck that deals from the top (D1).  Shuffling is seeded.

    ``rng`` may be a :class:`random.Random` or a numpy ``Generator``; ``seed`` makes a
    ``random.Random``.  A deck is the one mutable object here: dealing removes cards.

    >>> d = Deck(seed=1)
    >>> len(d), len(d.deal(3)), len(d.remaining)
    (40, 3, 37)
    >>> Deck(seed=1).deal(3) == Deck(seed=1).deal(3)
    True
    >>> d.reshuffle(d.dealt); len(d)
    40
    """

    def __init__(self, cards: Sequence[Card] | None = None, *, seed: int | None = None, rng=None,
                 shuffle: bool = True) -> None:
        from ._checks import read_rng, read_seed

        self._rng = read_rng(rng) if rng is not None else random.Random(read_seed(seed))
        self._cards: list[Card] = list(FULL_DECK if cards is None else _items(cards, "a deck"))
        self.dealt: list[Card] = []
        if len(set(self._cards)) != len(self._cards):
            raise SetteKitError(_("a deck cannot hold the same card twice"))
        if shuffle:
            self.shuffle()

    def shuffle(self) -> None:
        """Shuffle the cards still in the deck."""
        if hasattr(self._rng, "permutation"):  # numpy Generator
            order = self._rng.permutation(len(self._cards))
            self._cards = [self._cards[int(i)] for i in order]
        else:
            self._rng.shuffle(self._cards)

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        """Take ``n`` cards from the top.  Raises SetteKitError if fewer remain."""
        if type(n) is not int:
            from .numbers import read_whole

            n = read_whole(n, "n", 0, 40, accepted="a whole number of cards from 0 to 40", text=False)
        if n < 0 or n > len(self._cards):
            raise SetteKitError(_("cannot deal {n} cards: {left} remain in the deck").format(
                n=_shown(n), left=len(self._cards)))
        out, self._cards = self._cards[:n], self._cards[n:]
        self.dealt.extend(out)
        return tuple(out)

    def draw(self) -> Card:
        """Take one card from the top."""
        return self.deal(1)[0]

    def reshuffle(self, cards: Iterable[Card]) -> None:
        """Put ``cards`` (which must have been dealt) back and shuffle the deck (S18)."""
        cards = list(_items(cards, "reshuffle"))
        if len(set(cards)) != len(cards):  # a card goes back once (the deck keeps 40 different cards)
            twice = sorted({c for c in cards if cards.count(c) > 1})
            raise SetteKitError(_("reshuffle: {cards} given more than once: each card goes back once").format(
                cards=", ".join(c.name() for c in twice)))
        for c in cards:
            if c not in self.dealt:
                raise SetteKitError(_("{card} was not dealt from this deck, so it cannot go back").format(
                    card=c.name()))
        back = set(cards)
        self.dealt = [c for c in self.dealt if c not in back]
        self._cards.extend(cards)
        self.shuffle()

    @property
    def remaining(self) -> tuple[Card, ...]:
        """The cards still in the deck, top first."""
        return tuple(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"<Deck {len(self._cards)} cards left>"
