"""The rules package in Italian and Spanish - card names that follow the
language and the face, answers read in every language, and the learner text of
explain, rules, scoring, strategy_text, variants and answers translated.

These tests read the kit's catalogues (sette_kit/locale), into which the lead merges
the translation fragments."""

import re
from fractions import Fraction

import pytest

pytest.importorskip("babel")

from sette_kit import Rules, format_cards, parse_card, parse_cards  # noqa: E402
from sette_kit import strategy_text as st  # noqa: E402
from sette_kit.answers import check, parse_answer, parse_yes_no  # noqa: E402
from sette_kit.cards import FACE_NAMES, FULL_DECK, Card, rank_name, suit_name  # noqa: E402
from sette_kit.errors import SetteKitError  # noqa: E402
from sette_kit.explain import explain  # noqa: E402
from sette_kit.i18n import get_language, language  # noqa: E402
from sette_kit.numbers import read_number  # noqa: E402
from sette_kit.scoring import outcome, score  # noqa: E402
from sette_kit.variants import SHOWDOWNS, STARTS  # noqa: E402

ENGLISH = {"the", "and", "you", "your", "card", "cards", "bank", "player", "stand",
           "bust", "round", "wins", "with", "hand", "points"}
LANGS = ("en", "it", "es")


def english_words(text: str) -> set:
    return {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH}


@pytest.fixture(autouse=True)
def english_after():
    yield
    assert get_language() == "en"  # every test restores the language


# -- card names (they follow the language and the face) ---------------------

NAMES = [
    # (language, face, card, name)
    ("en", "italian", Card(7, "coppe"), "7 di coppe"),
    ("en", "italian", Card(8, "spade"), "Fante di spade"),
    ("en", "french", Card(7, "coppe"), "7 of hearts"),
    ("en", "french", Card(10, "denari"), "King of diamonds"),
    ("en", "spanish", Card(7, "coppe"), "7 de copas"),
    ("en", "spanish", Card(10, "denari"), "Rey de oros"),
    ("it", "italian", Card(7, "coppe"), "7 di coppe"),
    ("it", "italian", Card(8, "spade"), "Fante di spade"),
    ("it", "spanish", Card(7, "coppe"), "7 di coppe"),
    ("it", "spanish", Card(9, "bastoni"), "Cavallo di bastoni"),
    ("it", "french", Card(7, "coppe"), "7 di cuori"),
    ("it", "french", Card(10, "denari"), "Re di quadri"),
    ("it", "french", Card(9, "spade"), "Donna di picche"),
    ("it", "french", Card(1, "bastoni"), "Asso di fiori"),
    ("es", "italian", Card(7, "coppe"), "7 de copas"),
    ("es", "italian", Card(8, "spade"), "Sota de espadas"),
    ("es", "italian", Card(9, "bastoni"), "Caballo de bastos"),
    ("es", "italian", Card(10, "denari"), "Rey de oros"),
    ("es", "spanish", Card(1, "denari"), "As de oros"),
    ("es", "french", Card(7, "coppe"), "7 de corazones"),
    ("es", "french", Card(10, "denari"), "Rey de diamantes"),
    ("es", "french", Card(8, "bastoni"), "Jota de tréboles"),
    ("es", "french", Card(9, "spade"), "Reina de picas"),
]


@pytest.mark.parametrize("lang, face, card, name", NAMES)
def test_card_names_follow_language_and_face(lang, face, card, name):
    with language(lang):
        assert card.name(face) == name
        assert format_cards([card, card], face) == f"{name}, {name}"


def test_english_names_are_unchanged():
    c = Card(7, "coppe")
    assert (c.name(), c.name("french"), c.name("spanish"), c.label(), str(c)) == (
        "7 di coppe", "7 of hearts", "7 de copas", "7 of cups", "7 di coppe")


@pytest.mark.parametrize("lang", ("it", "es"))
def test_label_and_str_follow_the_language(lang):
    c = Card(10, "denari")
    with language(lang):
        assert c.label() == c.name() == str(c) == ("Re di denari" if lang == "it" else "Rey de oros")
        assert c.label("french") == c.name("french")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("face", FACE_NAMES)
def test_every_name_reads_back(lang, face):
    """Round trip: parse_cards(card.name(face)) == card, for every card, face and language."""
    with language(lang):
        for card in FULL_DECK:
            name = card.name(face)
            assert parse_cards(name) == (card,), name
            assert parse_card(name, face=face) == card, name
            assert parse_cards(name.lower()) == (card,), name
        whole = format_cards(FULL_DECK, face)
        assert parse_cards(whole) == FULL_DECK


def test_names_read_in_any_language():
    # each language reads the names every other language writes
    for lang in LANGS:
        with language(lang):
            assert parse_cards("7 di cuori, Rey de diamantes, Sota de copas, Donna di picche, Jota de tréboles") == (
                Card(7, "coppe"), Card(10, "denari"), Card(8, "coppe"), Card(9, "spade"), Card(8, "bastoni"))


def test_rank_and_suit_names():
    assert (rank_name(10), suit_name("denari", "french")) == ("Re", "diamonds")
    with language("es"):
        assert (rank_name(8), suit_name("denari"), suit_name("bastoni", "french")) == ("Sota", "oros", "tréboles")
    with language("it"):
        assert (rank_name(9, "french"), suit_name("coppe", "french")) == ("Donna", "cuori")


@pytest.mark.parametrize("lang, words", [("it", "forme accettate"), ("es", "formas aceptadas")])
def test_card_errors_in_the_language(lang, words):
    with language(lang), pytest.raises(SetteKitError) as e:
        parse_cards("7 di coppe, zz")
    assert words in str(e.value)
    with language(lang), pytest.raises(SetteKitError) as e:
        parse_cards("7c 7c")
    assert str(e.value) == {"it": "7 di coppe compare due volte: una mano contiene ogni carta al massimo una volta",
                            "es": "7 de copas aparece dos veces: una mano contiene cada carta como mucho una vez"}[lang]


# -- answers, read in every language ----------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text, value", [
    ("sette e mezzo", Fraction(15, 2)), ("Siete y media", Fraction(15, 2)), ("seven and a half", Fraction(15, 2)),
    ("tre e mezzo", Fraction(7, 2)), ("dos y media", Fraction(5, 2)), ("mezzo", Fraction(1, 2)),
    ("0,579", Fraction(579, 1000)), ("57,9%", Fraction(579, 1000)), ("4,5", Fraction(9, 2)),
    ("0.579", Fraction(579, 1000)), ("7½", Fraction(15, 2)),
])
def test_answers_read_in_every_language(lang, text, value):
    with language(lang):
        assert parse_answer(text).value == value


def test_sette_e_mezzo_is_a_right_score_in_every_language():
    for lang in LANGS:
        with language(lang):
            for text in ("sette e mezzo", "siete y media", "seven and a half"):
                assert check(text, Fraction(15, 2), "points").right


@pytest.mark.parametrize("lang", LANGS)
def test_yes_no_in_every_language(lang):
    with language(lang):
        assert all(parse_yes_no(t) for t in ("sì", "si", "sí", "Sí", "yes", "Y"))
        assert not any(parse_yes_no(t) for t in ("no", "No", "n"))


def test_comma_and_thousands():
    # English reads a comma as today (a decimal comma: '1,000' is 1); Italian and Spanish
    # read '1.234,5' with a thousands point
    assert parse_answer("1,000").value == 1
    for lang in ("it", "es"):
        with language(lang):
            assert parse_answer("1,000").value == 1
            assert parse_answer("1.234,5").value == Fraction(2469, 2)
            assert read_number("4,5") == Fraction(9, 2) and read_number("1.234,5") == Fraction(2469, 2)
    with pytest.raises(SetteKitError):
        read_number("4,5")  # English numbers (options, code) use a point, as before


@pytest.mark.parametrize("lang, accepted, right", [
    ("it", "forme accettate: una frazione come 24/37, un decimale come 0,649", "Giusto: 24/37 ≈ 0,6486"),
    ("es", "formas aceptadas: una fracción como 24/37, un decimal como 0,649", "Correcto: 24/37 ≈ 0,6486"),
])
def test_answer_messages_in_the_language(lang, accepted, right):
    with language(lang):
        assert accepted in check("abc", Fraction(24, 37), "probability").message
        assert check("0,649", Fraction(24, 37), "probability").message.startswith(right)
        assert check("2/3", Fraction(24, 37)).message == {"it": "Non proprio.", "es": "No exactamente."}[lang]
        with pytest.raises(SetteKitError, match="65%"):
            parse_answer("65", "probability")


# -- learner text in Italian and Spanish -------------------------------------------------

def learner_texts():
    italian, spanish = Rules.preset("italian"), Rules.preset("spanish")
    sol = st.solution("plain", "5")
    texts = [
        explain(parse_cards("Re di denari, Fante di coppe, 3 di spade"), italian),
        explain(parse_cards("7d Fd"), italian),
        explain(parse_cards("7d Fd 5c"), spanish),
        explain(parse_cards("7d 3c 4b Rd"), italian, declare=1),
        explain(parse_cards("7c 7d"), italian.replace(triple=True)),
        italian.describe(), spanish.describe(), Rules.preset("plain").describe(),
        italian.replace(half_point_ace=True, burn_three_four=True, exchange_four=True).describe(),
        st.house_edge_text(sol), st.lookup_text(sol, "3c 1d"), st.lookup_text(sol, "7c Fd"),
        st.edge_change_text(sol, st.solution("plain", "6")), st.dealer_words("sees"),
        *st.strategy_sentences(sol),
        outcome(score("7c Fc", italian), score("3c 4d Fs", italian), italian).reason,
        outcome(score("6c", italian), score("6d", italian), italian).reason,
        outcome(score("6c", italian), score("6d", italian), italian, who="Bruno").reason,
        outcome(score("6c 5d", italian), score("6d", italian), italian).reason,
        outcome(score("6c", italian), score("6d 3c", italian), italian, who="Bruno").reason,
        check("0.649", Fraction(24, 37), "probability").message,
        check("0.6", Fraction(24, 37), "probability").message,
        *(s.text for s in SHOWDOWNS), *(s.text for s in STARTS),
    ]
    texts += [line for k, a, b in italian.differences(spanish) for line in (a, b)]
    return texts


def test_english_learner_text_is_english():
    texts = learner_texts()
    assert "7½ with three cards: sette e mezzo, but not a reale" in texts[0]
    assert any(english_words(t) for t in texts)


@pytest.mark.parametrize("lang", ("it", "es"))
def test_learner_text_is_translated(lang):
    with language(lang):
        texts = learner_texts()
    for text in texts:
        assert not english_words(text), (text, english_words(text))
    whole = "\n".join(texts)
    expected = {
        "it": ["Il Re di denari è la matta, la carta jolly (S3).",
               "7½ con tre carte: sette e mezzo, ma non è un reale",
               "Sette e mezzo, regole italiane:",
               "Con un Asso come prima carta chiedi carta se hai da 1 a 3½",
               "Il tuo sette e mezzo reale batte il 7½ del banco e viene pagato il doppio (S5, S14).",
               "Bruno pareggia con il banco a 6: nel pareggio vince sempre il banco (S13).",
               "Meglio: stare."],
        "es": ["El Rey de oros es el comodín, la matta (S3).",
               "7½ con tres cartas: siete y media, pero no es un siete y media real",
               "Siete y media, reglas italianas:",
               "Con un As como primera carta, pides carta si tienes de 1 a 3½",
               "Tu siete y media real gana al 7½ de la banca y se paga el doble (S5, S14).",
               "Bruno empata con la banca a 6: en el empate siempre gana la banca (S13).",
               "Mejor: plantarse."],
    }[lang]
    for key in expected:
        assert key in whole, key
    with language(lang):
        assert [st.first_label(f) for f in ("Ace", "3", "figure", "matta")] == {
            "it": ["Asso", "3", "figura", "matta"], "es": ["As", "3", "figura", "comodín"]}[lang]
        assert SHOWDOWNS[2].text == {"it": "il Re di denari e un 5 contro 6½",
                                     "es": "el Rey de oros y un 5 contra 6½"}[lang]
