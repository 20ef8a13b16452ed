"""widgets.MattaExplorer driven headless (S3, S4)."""

from fractions import Fraction

import pytest

from sette_kit import Card, Rules, score
from sette_kit.errors import SetteKitError
from widgets import MattaExplorer

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ITALIAN = Rules.preset("italian")


def test_S4_table_lists_every_value_from_the_engine():
    m = MattaExplorer(cards="Re di denari, 3 di spade, Fante di coppe")
    assert {"sk-widget", "sk-matta-explorer"} <= set(m.view._dom_classes)
    assert [r[0] for r in m.rows] == ["½", "1", "2", "3", "4", "5", "6", "7"]
    for label, total, kind, best, s in m.rows:
        assert s == score(m.cards, ITALIAN, declare=s.matta_value)
    assert m.best == 4 and m.table_html.value.count('class="sk-best"') == 1
    assert "★ best" in m.table_text and "the best is 4, giving 7½" in m.table_text
    assert "bust" in m.table_text and "MATTA" in m.hand_view.value


def test_S4_seed000_declaring_seven_busts():
    m = MattaExplorer(cards="Rd 3c")
    assert m.declare("7") == 7
    assert m.declared_result.bust and "You declared 7: total 10, bust" in m.declared_text
    assert "The best value, 4, would give 7" in m.declared_text
    assert m.declare_box.value is True and m.value_menu.value == 7 and not m.value_menu.disabled


def test_declare_via_menu_and_mode_toggle():
    m = MattaExplorer(cards="Rd 3c")
    m.declare_box.value = True
    assert m.declare_mode and m.declared == 4 and "You declared 4: total 7" in m.declared_text
    m.value_menu.value = Fraction(1, 2)
    assert m.declared == Fraction(1, 2) and "total 3½" in m.declared_text
    m.set_declare_mode(False)
    assert m.value_menu.disabled and "undeclared" not in m.declared_text and "counts 7" in m.declared_text


def test_S4_whole_only_toggle():
    m = MattaExplorer(cards="Rd 7c")
    assert m.best == Fraction(1, 2)
    m.declare("1/2")
    m.whole_box.value = True
    assert m.rules.matta_whole_only and [r[0] for r in m.rows][0] == "1"
    assert m.best == 1 and m.result.bust  # 7 + 1 = 8: even the smallest whole value busts
    assert "not allowed with whole numbers only" in m.message_text and m.declared is None
    assert [o[0] for o in m.value_menu.options] == ["1", "2", "3", "4", "5", "6", "7"]
    m.set_whole_only(False)
    assert m.rules is ITALIAN and m.best == Fraction(1, 2)


def test_bad_inputs_leave_state():
    m = MattaExplorer(cards="Rd 3c")
    before = (m.cards, m.table_html.value)
    m.set_cards("3 di spade, 4 di coppe")
    assert "no matta" in m.message_text and (m.cards, m.table_html.value) == before
    m.cards_box.value = "<b>x</b>"
    assert "<b>" not in m.message.value and (m.cards, m.table_html.value) == before
    assert m.declare("9") is None and "accepted values are" in m.message_text
    assert m.declare("lots") is None and "accepted forms" in m.message_text
    assert m.declared is None


def test_matta_alone_and_deal_seeded():
    m = MattaExplorer(cards="Rd")
    assert m.best == Fraction(1, 2) and "not allowed" in m.table_text
    assert m.declare(3) is None and "alone" in m.message_text
    a, b = MattaExplorer(seed=4), MattaExplorer(seed=4)
    assert a.cards == b.cards and a.deal() == b.deal()
    assert Card("Re", "denari") in a.cards and 2 <= len(a.cards) <= 4
    a.deal_button.click()
    assert a.message.value == ""


def test_other_matta_and_no_matta_rules():
    queen = ITALIAN.replace(matta=Card("Cavallo", "coppe"))
    m = MattaExplorer(queen, cards="Cavallo di coppe, 5 di spade")
    assert m.best == 2
    with pytest.raises(SetteKitError):
        MattaExplorer("plain")
