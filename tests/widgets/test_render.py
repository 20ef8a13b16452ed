"""widgets.render and widgets.charts: pictures with text equivalents (D1)."""

import re
from fractions import Fraction
from xml.etree import ElementTree as ET

import pytest

from sette_kit import FULL_DECK, Card, Rules, parse_cards
from widgets.gallery import gallery_html, main
from widgets.render import SUIT_COLOURS, back_svg, card_svg, hand_html

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

FACES = ("italian", "french", "spanish")


@pytest.mark.parametrize("face", FACES)
def test_D1_every_card_is_a_valid_labelled_small_svg(face):
    seen = set()
    for card in FULL_DECK:
        svg = card_svg(card, face)
        root = ET.fromstring(svg)  # well-formed, self-contained XML
        assert root.get("role") == "img"
        assert root.get("aria-label") == card.label(face)
        assert root.find("{http://www.w3.org/2000/svg}title").text == card.label(face)
        assert " id=" not in svg and "href" not in svg  # no ids to collide, no external files
        assert len(svg) < 11000
        seen.add(svg)
    assert len(seen) == 40  # every card drawn differently


@pytest.mark.parametrize("face", FACES)
def test_figures_are_labelled_with_their_name_and_letter(face):
    from sette_kit.cards import FACES as F

    for card in FULL_DECK:
        if card.is_figure:
            svg = card_svg(card, face)
            assert F[face].rank_names[card.rank] in svg
            assert f">{F[face].rank_codes[card.rank]}</text>" in svg


def test_suits_have_distinct_colours_and_shapes():
    for face in FACES:
        assert len(set(SUIT_COLOURS[face].values())) == 4
        aces = [re.sub(r"#[0-9A-Fa-f]{6}", "", card_svg(Card(1, s), face)) for s in range(4)]
        aces = [re.sub(r'aria-label="[^"]*"|<title>.*?</title>', "", a) for a in aces]
        assert len(set(aces)) == 4  # the drawings differ even with colour removed


def test_S3_matta_mark_and_back():
    m = card_svg(Card("Re", "denari"), matta=True)
    assert "MATTA" in m and 'aria-label="King of coins, the matta (wild card)"' in m
    b = card_svg(Card(7, "coppe"), hidden=True)
    assert b == back_svg() and "7 of cups" not in b and 'aria-label="a face-down card"' in b
    ET.fromstring(b)


def test_hand_html_marks_matta_only_when_wild_and_escapes_label():
    hand = parse_cards("Rd 3c")
    assert "MATTA" in hand_html(hand, rules=Rules.preset("italian"))
    assert "MATTA" not in hand_html(hand, rules=Rules.preset("plain"))
    h = hand_html(hand, face="french", hidden_first=True, label="<Bank>")
    assert 'aria-label="&lt;Bank&gt;: a face-down card, 3 of hearts"' in h
    assert h.count("class=\"sk-card") == 2


def test_gallery_page(tmp_path, capsys):
    page = gallery_html()
    assert page.count('class="sk-card') == 126  # 120 faces, 3 backs, 3 mattas
    out = tmp_path / "g.html"
    assert main([str(out)]) == 0 and out.read_text(encoding="utf-8") == page


# -- charts ------------------------------------------------------------------------------
def test_charts_have_text_equivalents():
    from widgets import charts

    d = charts.distribution_bar({"7½": Fraction(1, 3), "bust": Fraction(2, 3)}, title="T", highlight=["bust"])
    assert d.text == "T: 7½: 1/3 (33.3%); bust: 2/3 (66.7%) (highlighted)."
    assert 'role="img"' in d.svg and "<title>T</title>" in d.svg and f"<desc>{d.text}</desc>" in d.svg
    assert "Describe this chart" in d.html and "<figcaption" not in d.html
    r = charts.running_mean([1, -1] * 50, exact=Fraction(0))
    assert "after 100 hands the mean is 0.0000" in r.text and "inside the band" in r.text
    s = charts.strategy_table([["H", "S"], ["S", "S"]], rows=[4, 5], cols=["a", "b"], title="Play",
                              row_label="total")
    assert s.text == "Play. total 4: a hit, b stand; total 5: a stand, b stand."
    h = charts.histogram([1, 1, -1, 2])
    assert "-1: 1; 1: 2; 2: 1" in h.text
    w = d.widget()
    assert "sk-chart" in w._dom_classes and d.svg in w.value
    with pytest.raises(ValueError):
        charts.running_mean([])
