"""RULES D1, D2: the 40-card deck in three faces, and reading cards from text."""

from __future__ import annotations


import pytest
from hypothesis import given, strategies as st

from sette_kit import SetteKitError
from sette_kit.cards import FACES, FULL_DECK, Card, Deck, Rank, Suit, format_cards, parse_card, parse_cards

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ALL_FACES = tuple(FACES)


# -- D1: the deck ------------------------------------------------------------------------

def test_D1_forty_cards_four_suits_ten_ranks():
    assert len(FULL_DECK) == 40 == len(set(FULL_DECK))
    for suit in Suit:
        ranks = sorted(c.rank for c in FULL_DECK if c.suit == suit)
        assert ranks == list(Rank)
    assert [c.index for c in FULL_DECK] == list(range(40))
    assert all(Card.from_index(c.index) == c for c in FULL_DECK)


def test_D1_three_faces_name_the_same_card():
    king = Card(Rank.RE, Suit.DENARI)
    assert king.name("italian") == "Re di denari"
    assert king.name("french") == "King of diamonds"
    assert king.name("spanish") == "Rey de oros"
    assert Card(9, "coppe").name("french") == "Queen of hearts"  # D1 table: Cavallo = Queen
    assert Card(8, "bastoni").name("spanish") == "Sota de bastos"
    assert Card(1, "spade").name("spanish") == "As de espadas"
    assert king.code("french", symbol=True) == "K♦"
    assert Card(7, "coppe").label("italian") == "7 of cups"
    assert Card(7, "coppe").label("french") == "7 of hearts"


def test_D1_figures_and_identity():
    assert [c.is_figure for c in (Card(7, 0), Card(8, 0), Card(9, 0), Card(10, 0))] == [False, True, True, True]
    assert Card("re", "denari") == Card(10, 1) == Card(Rank.RE, Suit.DENARI)
    assert hash(Card("re", "denari")) == hash(Card(10, 1))
    assert sorted([Card(3, "spade"), Card(3, "coppe"), Card(1, "spade")]) == [
        Card(1, "spade"), Card(3, "coppe"), Card(3, "spade")]
    with pytest.raises(Exception):
        Card(7, "coppe").rank = 6  # frozen


@pytest.mark.parametrize("rank", [0, 11, "otto", 8.5, None])
def test_D1_bad_rank_is_an_error(rank):
    with pytest.raises(SetteKitError, match="rank"):
        Card(rank, "coppe")


def test_D1_bad_suit_is_an_error():
    with pytest.raises(SetteKitError, match="suit"):
        Card(7, "cuori!")


def test_deck_is_seeded_and_deals_without_replacement():
    a, b = Deck(seed=3), Deck(seed=3)
    assert a.deal(40) == b.deal(40)
    assert set(Deck(seed=4).deal(40)) == set(FULL_DECK)
    assert Deck(seed=3).remaining != Deck(seed=5).remaining
    d = Deck(seed=1)
    hand = d.deal(5)
    assert len(d) == 35 and not set(hand) & set(d.remaining)
    with pytest.raises(SetteKitError, match="35 remain"):
        d.deal(36)
    assert len(d) == 35  # a failed deal changes nothing


def test_deck_accepts_a_numpy_generator():
    np = pytest.importorskip("numpy")
    a = Deck(rng=np.random.default_rng(7)).deal(10)
    b = Deck(rng=np.random.default_rng(7)).deal(10)
    assert a == b


def test_deck_reshuffle_only_takes_dealt_cards():
    d = Deck(seed=2)
    out = d.deal(10)
    d.reshuffle(out[:4])
    assert len(d) == 34 and len(d.dealt) == 6
    with pytest.raises(SetteKitError, match="was not dealt"):
        d.reshuffle([d.remaining[0]])


# -- D2: reading cards -------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Re di denari", "re di denari", "RE DI DENARI", "Rd", "rd", "KD", "K♦", "Kd",
    "king of diamonds", "King of coins", "rey de oros", "Rey de oros", "re di quadri", "R♦",
])
def test_D2_every_way_to_write_the_king_of_coins(text):
    assert parse_cards(text) == (Card("re", "denari"),)


@pytest.mark.parametrize("text, card", [
    ("7 di coppe", Card(7, "coppe")), ("sette di coppe", Card(7, "coppe")),
    ("7♥", Card(7, "coppe")), ("7 of hearts", Card(7, "coppe")), ("seven of cups", Card(7, "coppe")),
    ("7 de copas", Card(7, "coppe")), ("siete de copas", Card(7, "coppe")),
    ("Asso di spade", Card(1, "spade")), ("A♠", Card(1, "spade")), ("ace of spades", Card(1, "spade")),
    ("as de espadas", Card(1, "spade")), ("1s", Card(1, "spade")),
    ("Fante di bastoni", Card(8, "bastoni")), ("jack of clubs", Card(8, "bastoni")), ("J♣", Card(8, "bastoni")),
    ("sota de bastos", Card(8, "bastoni")), ("Fb", Card(8, "bastoni")),
    ("Cavallo di coppe", Card(9, "coppe")), ("queen of hearts", Card(9, "coppe")), ("Q♥", Card(9, "coppe")),
    ("caballo de copas", Card(9, "coppe")), ("donna di cuori", Card(9, "coppe")),
])
def test_D2_full_names_and_codes_in_three_faces(text, card):
    assert parse_cards(text) == (card,)


def test_D2_separators_comma_and_space():
    expected = (Card(7, "coppe"), Card("re", "denari"), Card(3, "spade"))
    assert parse_cards("7 di coppe, Re di denari, 3 di spade") == expected
    assert parse_cards("7c Rd 3s") == expected
    assert parse_cards("7♥ K♦ 3♠") == expected
    assert parse_cards("7 di coppe Re di denari 3s") == expected
    assert parse_cards("7c;Rd\n3s") == expected


def test_D2_ambiguous_code_is_read_in_the_callers_face():
    assert parse_card("7c", face="italian") == Card(7, "coppe")
    assert parse_card("7c", face="spanish") == Card(7, "coppe")
    assert parse_card("7c", face="french") == Card(7, "bastoni")  # c = clubs
    assert parse_card("7o", face="spanish") == Card(7, "denari")  # o = oros
    assert parse_card("7h", face="italian") == Card(7, "coppe")   # only French reads h


def test_D2_ambiguous_code_that_the_face_cannot_read_is_an_error():
    # 'Cc' is no French code; Italian and Spanish read it as the Cavallo of cups, but in the
    # French face c is clubs: within one call a letter means one suit
    with pytest.raises(SetteKitError, match="mixes two faces"):
        parse_card("Cc", face="french")
    # 'Sc' in the Italian face: only Spanish reads it (Sota de copas), and c is coppe in both
    # the Italian and the Spanish face, so exactly one reading, accepted.
    assert parse_card("Sc", face="italian") == Card(8, "coppe")


def test_D2_a_bare_rank_word_is_not_guessed():
    with pytest.raises(SetteKitError, match="no suit"):
        parse_cards("re")
    with pytest.raises(SetteKitError, match="no suit"):
        parse_cards("sette")


MALFORMED = [
    ("", "no cards"),
    ("   ", "no cards"),
    ("8 di coppe", "8, 9 and 10"),
    ("10H", "8, 9 and 10"),
    ("9♠", "8, 9 and 10"),
    ("otto di spade", "8, 9 and 10"),
    ("7 di pippo", "unknown suit 'pippo'"),
    ("7x", "cannot read '7x'"),
    ("Zz", "cannot read 'Zz'"),
    ("hello world", "cannot read 'hello'"),
    ("7c 7c", "appears twice"),
    ("7 di coppe, 7c", "appears twice"),
    ("Re di denari, K♦", "appears twice"),
    ("7", "no suit"),
    ("7 di", "no suit"),
    ("K", "cannot read 'K'"),
    ("7c, ,Rd?", "cannot read 'Rd?'"),
    ("A♠♠", "cannot read"),
    ("11c", "there is no 11"),
    ("joker", "cannot read 'joker'"),
]


@pytest.mark.parametrize("text, problem", MALFORMED)
def test_D2_malformed_input_names_the_problem_and_the_accepted_forms(text, problem):
    with pytest.raises(SetteKitError) as err:
        parse_cards(text)
    message = str(err.value)
    assert problem in message
    if "twice" not in message:
        assert "accepted forms" in message


def test_D2_unknown_face_is_an_error():
    with pytest.raises(SetteKitError, match="accepted faces"):
        parse_cards("7c", face="german")


@pytest.mark.parametrize("face", ALL_FACES)
@pytest.mark.parametrize("style", ["name", "code", "symbol", "label"])
def test_D2_every_card_round_trips_in_every_face(face, style):
    for card in FULL_DECK:
        assert parse_cards(format_cards([card], face, style), face=face) == (card,)


@given(st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=8, unique=True),
       st.sampled_from(ALL_FACES), st.sampled_from(["name", "code", "symbol"]))
def test_D2_property_parse_format_round_trip_of_hands(cards, face, style):
    assert parse_cards(format_cards(cards, face, style), face=face) == tuple(cards)


@given(st.text(max_size=12))
def test_D2_property_arbitrary_text_parses_or_raises_the_kit_error(text):
    try:
        cards = parse_cards(text)
    except SetteKitError:
        return
    assert all(isinstance(c, Card) for c in cards) and len(set(cards)) == len(cards)


# -- within one call a suit letter means one suit (D2) ----------------------------

def test_D2_a_french_rank_with_c_in_the_italian_face_is_an_error():
    # before: 7c read as coppe and Kc as clubs in the same hand
    with pytest.raises(SetteKitError) as err:
        parse_cards("7c Kc")
    message = str(err.value)
    assert "'Kc' mixes two faces" in message and "Italian face, the face chosen" in message
    assert "'Rb'" in message and "'K♣'" in message and "'Rc'" in message   # how to write it
    assert "face='french'" in message                                       # or choose the other face
    with pytest.raises(SetteKitError, match="Spanish face, the face chosen"):
        parse_cards("Kc", face="spanish")
    # in the French face every c is clubs, and an Italian rank with c is the mixed code
    assert parse_cards("7c Kc", face="french") == (Card(7, "bastoni"), Card("re", "bastoni"))
    with pytest.raises(SetteKitError, match="French face, the face chosen"):
        parse_cards("7c Rc", face="french")


@pytest.mark.parametrize("face", ALL_FACES)
def test_D2_unambiguous_forms_work_in_every_face(face):
    hand = parse_cards("K♦, 7 di coppe, king of clubs, sota de espadas, 3♠, 5h, 2o, Fd", face=face)
    assert hand == (Card("re", "denari"), Card(7, "coppe"), Card("re", "bastoni"), Card("fante", "spade"),
                    Card(3, "spade"), Card(5, "coppe"), Card(2, "denari"), Card("fante", "denari"))


@pytest.mark.parametrize("text", [",,,", " , ; ", ",\n,", ";"])
def test_D2_only_separators_is_no_cards(text):
    with pytest.raises(SetteKitError, match="no cards given"):
        parse_cards(text)


# -- Spanish numbering of the figures (D2, 001) -----------------------------------

@pytest.mark.parametrize("text, card", [
    ("10 de oros", Card("fante", "denari")), ("11 de espadas", Card("cavallo", "spade")),
    ("12 de copas", Card("re", "coppe")), ("12 de Bastos", Card("re", "bastoni")),
    ("10o", Card("fante", "denari")), ("11e", Card("cavallo", "spade")), ("12c", Card("re", "coppe")),
    ("As de oros", Card(1, "denari")), ("as de copas", Card(1, "coppe")), ("AS DE ESPADAS", Card(1, "spade")),
    ("As de bastos", Card(1, "bastoni")),
])
def test_D2_spanish_figures_by_number_and_the_as(text, card):
    assert parse_cards(text, face="spanish") == (card,)


def test_D2_spanish_numbers_only_in_the_spanish_face():
    with pytest.raises(SetteKitError, match="in the Spanish face 10, 11 and 12 are the sota, caballo and rey"):
        parse_cards("12 de copas")
    with pytest.raises(SetteKitError, match="there is no 11 in the 40-card deck"):
        parse_cards("11e", face="italian")
    with pytest.raises(SetteKitError, match="8 and 9 are not in the 40-card deck"):
        parse_cards("8 de oros", face="spanish")
    with pytest.raises(SetteKitError, match="'As de oros'"):
        parse_cards("As", face="spanish")           # the Spanish word for the Ace needs a suit
    assert parse_cards("As") == (Card(1, "spade"),)  # the Italian code: Asso di spade
