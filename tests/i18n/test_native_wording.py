"""What the native Italian and Spanish speakers found
(``shared/reviews/2026-12/language.md``).  Each language's pages draw and name the cards
with their own deck (ES-1, ES-2, ES-3, IT-14); chart labels and generated sentences are
in the page's language (IT-5, ES-7, IT-6, ES-15)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import sette_kit as sk
from sette_kit import Card, counting, trentuno
from sette_kit.cards import FACES, Suit, shown_face
from sette_kit.i18n import language, set_language
from widgets.render import card_svg, hand_html

PLAIN = sk.Rules.preset("plain")
ITALIAN = sk.Rules.preset("italian")
SPANISH = sk.Rules.preset("spanish")
ITALIAN_SUITS = ("coppe", "denari", "spade", "bastoni")
SPANISH_SUITS = ("copas", "oros", "espadas", "bastos")


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def visible(svg: str) -> list[str]:
    """The words drawn on the cards (the SVG's <text>), not its labels for screen readers."""
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


FIGURES = [Card(8, "coppe"), Card(9, "denari"), Card(10, "spade")]


# -- each language draws its own deck (ES-1, IT-14) -----------------------------------------------

@pytest.mark.parametrize("lang, home", [("es", "spanish"), ("it", "italian")])
@pytest.mark.parametrize("rules", [PLAIN, ITALIAN, SPANISH], ids=["plain", "italian", "spanish"])
def test_a_page_draws_the_cards_in_its_own_deck(lang, home, rules):
    """The Italian and the Spanish decks are one deck (D1): a page draws it in its own
    language's face, the same picture as that face's card, so the art says what the text says."""
    with language(lang):
        assert shown_face(rules.face) == home
        html = hand_html(FIGURES, rules=rules)
        for c in FIGURES:
            assert card_svg(c, home) in html
            drawn = visible(card_svg(c, home))
            assert c.name(rules.face).split()[0] in drawn   # "Sota" on the card the text calls "Sota de copas"


def test_english_pages_draw_the_face_the_rules_name():
    assert shown_face("italian") == "italian" and shown_face("spanish") == "spanish"
    assert card_svg(Card(8, "coppe"), "italian") in hand_html([Card(8, "coppe")], rules=PLAIN)
    assert card_svg(Card(8, "coppe"), "spanish") in hand_html([Card(8, "coppe")], rules=SPANISH)


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_the_french_face_stays_french_and_shows_its_letters(lang):
    """French cards carry J, Q, K, as printed cards do, in no language's words (IT-14)."""
    with language(lang):
        assert shown_face("french") == "french"
        for c in FIGURES:
            drawn = visible(card_svg(c, "french"))
            assert FACES["french"].rank_codes[c.rank] in drawn
            assert not {"Jack", "Queen", "King"} & set(drawn)


def test_the_three_faces_picture_keeps_each_face():
    """Lesson 1's "the same cards in each face" shows the three faces, in any language."""
    from widgets import lesson

    with language("es"):
        html = lesson.cards_in_faces("Fd").html
        for face in FACES:
            assert card_svg(Card(8, "denari"), face, size=56) in html


def test_the_wild_card_badge_is_in_the_pages_words():
    """The matta's badge says what the lesson calls it: "comodín" on a Spanish page (ES-1)."""
    with language("es"):
        drawn = " ".join(visible(hand_html([ITALIAN.matta], rules=ITALIAN))).lower()
        assert "matta" not in drawn and "comodín" in drawn
    with language("it"):
        assert "MATTA" in visible(hand_html([ITALIAN.matta], rules=ITALIAN))


# -- Trentuno and counting name the suits in the page's words (ES-2, ES-3) -------------------------

@pytest.mark.parametrize("lang, own, foreign", [("es", SPANISH_SUITS, ITALIAN_SUITS),
                                                ("it", ITALIAN_SUITS, SPANISH_SUITS)])
def test_trentuno_explains_with_the_languages_suit_names(lang, own, foreign):
    with language(lang):
        hand = sk.parse_cards("Asso di denari, Cavallo di denari, 4 di spade")
        text = trentuno.explain(hand)
        words = set(re.findall(r"\w+", text))
        assert not words & set(foreign) and {own[1], own[2]} <= words
        assert sk.cards.suit_name(Suit.DENARI) in text


def test_counting_names_the_suits_in_the_languages_words():
    with language("es"):
        names = {counting._suit_name(s, ITALIAN) for s in Suit}
        assert names == set(SPANISH_SUITS)


# -- chart labels in the page's language (IT-4, IT-5, ES-6, ES-7) -----------------------------------

@pytest.mark.parametrize("lang", ["it", "es"])
def test_strategy_chart_rows_are_first_cards_in_the_language(lang):
    from sette_kit.strategy_text import first_label, solution, strategy_grid
    from widgets.strategy_chart import strategy_chart_html

    sol = solution("plain", "5")
    firsts, _totals, _cells = strategy_grid(sol)
    with language(lang):
        drawn = set(visible(strategy_chart_html(sol)))
        shown = {first_label(f) for f in firsts}
        assert shown <= drawn and {"Ace", "figure"} - shown and not {"Ace", "figure"} & drawn


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_a_first_card_has_a_label_in_the_language(lang):
    from sette_kit import odds
    from sette_kit.strategy_text import first_label, solution

    by_card = odds.ev_by_first_card(solution("plain", "5"))
    with language(lang):
        assert [f.label for f in by_card.values()] == [first_label(name) for name in by_card]


def _generated(name: str, lang: str):
    from tests.i18n.test_lessons import build

    nb, missing = build.generate(name, lang)
    return nb


def test_lesson_08_charts_the_first_cards_by_their_labels():
    """The bars of lesson 8's first Predict are named in the page's language: the chart
    is built from each first card's ``label``, not from the engine's class names."""
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[2] / "lessons" / "08-betting-after-the-first-card.ipynb")
                    .read_text())
    code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "{name: first.ev for" not in code and "{first.label: first.ev for" in code


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_lesson_07_names_the_letters_the_strategy_chart_draws(lang):
    """The lesson's legend (**C** hit, **S** stand) uses the letters of the chart on the page."""
    from widgets.strategy_chart import grid_letters

    with language(lang):
        letters = set(grid_letters().values()) - {"."}
    nb = _generated("07-expected-value-and-strategy.ipynb", lang) if lang != "en" else None
    if nb is None:
        import nbformat
        from pathlib import Path
        nb = nbformat.read(Path(__file__).resolve().parents[2] / "lessons" / "07-expected-value-and-strategy.ipynb",
                           as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    legend = [p for p in text.split("\n\n") if re.search(r"\*\*[A-Za-z]\*\*", p)]
    assert legend
    for p in legend:
        bold = set(re.findall(r"\*\*([A-Za-z])\*\*", p)) | set(re.findall(r"\*([a-z])\*", p))
        assert bold <= letters, (lang, bold - letters)


# -- card names in running text have their article (IT-6, ES-15) ---------------------------------------

from sette_kit.cards import card_in_text, cards_in_text  # noqa: E402


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


@pytest.mark.parametrize("lang", ["it", "es"])
def test_a_card_in_running_text_has_its_article(lang):
    """Each name gets the article of its gender (and elision), before the name as the
    language writes it: the same words, one article more."""
    articles = {"it": ("il ", "l'", "la "), "es": ("el ", "la ")}[lang]
    with language(lang):
        for face in FACES:
            for c in sk.cards.FULL_DECK:
                said, name = card_in_text(c, face), c.name(face)
                assert said.endswith(name) and said[:-len(name)] in articles, (face, said)
        # the feminine figures and the elided Ace
        if lang == "it":
            assert card_in_text(Card(1, "coppe")).startswith("l'")
            assert card_in_text(Card(9, "coppe"), "french").startswith("la ")
            assert card_in_text(Card(10, "denari")).startswith("il ")
        else:
            assert card_in_text(Card(8, "spade")).startswith("la ") and card_in_text(Card(10, "denari")).startswith("el ")
            assert card_in_text(Card(9, "coppe"), "french").startswith("la ")


def test_english_keeps_the_cards_names_as_they_were():
    """English names the cards as before (the public API's text does not change)."""
    hand = sk.parse_cards("4 di bastoni, 2 di spade")
    assert card_in_text(hand[0]) == hand[0].name() and cards_in_text(hand) == "4 di bastoni, 2 di spade"


@pytest.mark.parametrize("lang", ["it", "es"])
def test_a_list_of_cards_in_running_text_ends_with_and(lang):
    from sette_kit.i18n import _

    hand = sk.parse_cards("4 di bastoni, 2 di spade, Re di coppe")
    with language(lang):
        said = [card_in_text(c) for c in hand]
        assert cards_in_text(hand) == _("{first} and {last}").format(first=", ".join(said[:-1]), last=said[-1])


@pytest.mark.parametrize("lang", ["it", "es"])
def test_explain_gives_each_card_its_article(lang):
    hand = sk.parse_cards("Re di denari, 7 di bastoni, Fante di spade")
    with language(lang):
        lines = sk.explain(hand, ITALIAN).splitlines()
        for c in hand:
            assert any(line.startswith(cap(card_in_text(c))) for line in lines), (c, lines)
            assert not any(line.startswith(c.name()) for line in lines)


@pytest.mark.parametrize("lang", ["it", "es"])
def test_odds_explanations_say_the_held_cards_with_articles(lang):
    from sette_kit import odds

    hand = sk.parse_cards("4 di bastoni, 2 di spade")
    with language(lang):
        text = odds.explain_bust(hand, rules=PLAIN)
        assert cards_in_text(hand) in text


@pytest.mark.parametrize("lang", ["it", "es"])
def test_game_logs_say_the_cards_with_articles(lang):
    from sette_kit.game import Table

    with language(lang):
        t = Table("italian", ["Ada", "Bruno", "Carla"], seed=3, bots="all")
        t.play_round()
        events = [e for e in t.round_events() if e.kind in ("hit", "revealed")]
        assert events
        for e in events:
            cards = e.data.get("cards") or (e.data["card"],)
            assert cards_in_text(cards) in e.text, e.text


@pytest.mark.parametrize("lang", ["it", "es"])
def test_trentuno_logs_say_the_cards_with_articles(lang):
    from sette_kit.trentuno import TrentunoGame

    with language(lang):
        g = TrentunoGame(["Ada", "Bruno", "Carla"], seed=2)
        up = next(e for e in g.events if e.kind == "turn_up")
        assert up.text.startswith(cap(card_in_text(g.discard_top)))


# -- one word per concept, and the maths terms a teacher there uses (review §5-6) -------

def _kit_strings(lang: str) -> list[tuple[str, str, set]]:
    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[2]
    with open(root / "sette_kit" / "locale" / lang / "LC_MESSAGES" / "sette_kit.po", "rb") as f:
        catalogue = read_po(f, locale=lang)
    out = []
    for m in catalogue:
        if m.id:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strs = m.string if isinstance(m.string, tuple) else (m.string,)
            out.append((" ".join(ids), " ".join(strs), {loc[0] for loc in m.locations}))
    return out


def _lesson_strings(lang: str) -> list[tuple[str, str]]:
    from tests.i18n.test_lessons import NAMES, cat

    out = []
    for name in NAMES:
        for m in cat.read_catalogue(cat.po_path(lang, name), lang):
            if m.id and isinstance(m.string, str):
                out.append((name, m.string))
    return out


ONE_WORD = {
    "es": [(r"\b([Uu]na|[Ll]a|[Ee]sta)\s+(\w+\s+)?real\b|\breal hecha\b", "el siete y media real is masculine (ES-10)"),
           (r"siete y media triple\b|\bTriple:|[Ee]l triple paga|\bun trío\)", "the triplé has one name (ES-11)"),
           (r"\bel repartidor\b", "the dealer is 'el que reparte' (ES-18)"),
           (r"sin reemplazo\b", "'sin reposición' (ES-20)"),
           (r"regla de Bayes", "'teorema de Bayes'"),
           (r"comparación por parejas", "'datos emparejados'")],
    "it": [(r"\bo un tris\b", "the triplé is not a tris (IT-13)"),
           (r"errore del giocatore", "'fallacia dello scommettitore' (IT-18)"),
           (r"regola di Bayes", "'teorema di Bayes'"),
           (r"(?<![{=(])\bseed\b(?![}=*])", "'seme casuale' (IT-10)")],
}


@pytest.mark.parametrize("lang", ["it", "es"])
def test_one_word_per_concept(lang):
    found = []
    for pattern, why in ONE_WORD[lang]:
        for mid, s, _files in _kit_strings(lang):
            if re.search(pattern, s):
                found.append((why, "kit", s[:80]))
        for name, s in _lesson_strings(lang):
            if re.search(pattern, s):
                found.append((why, name, s[:80]))
    assert not found, found[:8]


def test_quattro_draws_by_asking_for_a_card_in_spanish():
    """Robar is Trentuno's word (from the stock); Siete y media and Quattro 'piden carta' (ES-18)."""
    quattro = [(s, files) for mid, s, files in _kit_strings("es")
               if all(f.startswith("sette_kit/games/quattro/") or f == "widgets/quattro_table.py" for f in files)]
    assert len(quattro) > 50  # the locations are where the code now is: the test reads Quattro's own strings
    bad = [s for s, files in quattro if re.search(r"\b[Rr]ob(ar|a)\b", s)]
    assert not bad, bad


def test_the_trentuno_stock_is_the_tallone_in_italian():
    bad = [s for mid, s, files in _kit_strings("it") if re.search(r"\bstock\b", mid) and "tallone" not in s]
    assert not bad, bad


@pytest.mark.parametrize("lang, name, terms", [
    ("it", "13-counting-hands-and-cards.ipynb", ("disposizioni", "combinazioni", "coefficiente binomiale")),
    ("es", "13-counting-hands-and-cards.ipynb", ("variaciones", "combinaciones", "número combinatorio")),
    ("it", "10-risk-and-ruin.ipynb", ("fallacia dello scommettitore",)),
    ("it", "08-betting-after-the-first-card.ipynb", ("teorema di Bayes",)),
    ("es", "08-betting-after-the-first-card.ipynb", ("teorema de Bayes",)),
    ("es", "06-probability-of-busting.ipynb", ("sin reposición",)),
    ("es", "12-trentuno-odds-and-knocking.ipynb", ("datos emparejados",)),
])
def test_the_maths_terms_a_teacher_there_uses(lang, name, terms):
    text = "\n".join(s for n, s in _lesson_strings(lang) if n == name)
    missing = [t for t in terms if t not in text]
    assert not missing, missing


# -- the Trentuno table refuses a move in the learner's words (IT-12, ES-17) -----------------------

@pytest.mark.parametrize("lang", ["it", "es"])
def test_trentuno_table_refuses_a_move_speaking_to_the_learner(lang):
    from widgets import TrentunoTable
    from widgets.trentuno_table import MOVE_WORDS

    with language(lang):
        t = TrentunoTable(bots=2, seed=4)
        t.knock()                                   # nobody may knock in the first round (T6)
        said = t.message_text
        g = t.game
        assert g.why_not("knock") in said and t.game.players[0] not in said
        legal = dict.fromkeys(a.name for a in g.view(0).legal)
        assert all(sk.i18n._(MOVE_WORDS[n]) in said for n in legal)
        assert not set(re.findall(r"\w+", said)) & {"draw_stock", "take_discard", "discard", "knock", "next_hand"}
        t.draw_stock()
        t.knock()                                   # after drawing, a knock is too late (T6)
        assert g.why_not("knock") in t.message_text and "discard" not in t.message_text.split()


# -- a Predict takes the engine's exact answer however long its fraction (lesson 9 ran into this) --

def test_predict_takes_a_long_exact_answer_and_shows_it_short():
    from fractions import Fraction

    from sette_kit.errors import SetteKitError
    from widgets import Predict

    long = Fraction(3 ** 3000, 2 * 3 ** 3000 + 1)               # about 1,400 digits, just under one half
    p = Predict("Higher or lower than one half?", long, kind="higher_lower", than=Fraction(1, 2), than_text="half")
    assert p.right_choice == "lower" and len(p.answer_text) < 40
    with pytest.raises(SetteKitError, match="too large"):
        Predict("How big?", Fraction(10 ** 10000, 3), kind="number")
