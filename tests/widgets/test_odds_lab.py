"""widgets.OddsLab driven headless: every number must be sette_kit.odds' exact count (S1, S2, S4, S5)."""

from fractions import Fraction

import pytest

from sette_kit import Rules, odds, parse_cards
from sette_kit.cards import Card
from sette_kit.strategy_text import fraction_text
from widgets import OddsLab

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")
ITALIAN = Rules.preset("italian")


def test_S2_numbers_are_the_engines_exact_fractions():
    lab = OddsLab("plain", cards="6 di coppe", seen="7 di spade, Re di bastoni", show_chart=False)
    assert {"sk-widget", "sk-odds-lab"} <= set(lab.view._dom_classes)
    mine, seen = parse_cards("6 di coppe"), parse_cards("7 di spade, Re di bastoni")
    assert lab.bust == odds.bust_probability(mine, seen, PLAIN) == Fraction(22, 37)
    assert lab.sette_e_mezzo == odds.sette_e_mezzo_probability(mine, seen, PLAIN)
    assert lab.reale is None and "reale" not in lab.result_text  # plain rules: no reale (S5)
    assert "22/37 ≈ 59.46%" in lab.result_text
    assert fraction_text(lab.sette_e_mezzo) in lab.result_text
    assert "37 unseen" in lab.result_text or "Counting the 37 unseen cards" in lab.result_text
    assert lab.explain_text.replace("\n", "") in odds.explain_bust(mine, seen, PLAIN).replace("\n", "")
    assert "22 of the 37 you have not seen" in lab.explain_text


def test_S1_next_card_chart_has_exact_text_equivalent():
    lab = OddsLab("italian", cards="6c", seen="7s")
    d = odds.next_card("6c", "7s", ITALIAN)
    assert 'role="img"' in lab.chart_html.value and "<title>Value of the next card</title>" in lab.chart_html.value
    text = lab.chart_text
    assert text.startswith("Value of the next card: ½: ")
    for key, p in d.items():
        label = "matta" if key == "matta" else ("½" if key == Fraction(1, 2) else str(key))
        assert f"{label}: {p} (" in text
    assert [k for k, _ in lab.chart_items][-1] == "matta"  # the matta is its own outcome (S4)


def test_S5_reale_shown_with_italian_rules():
    lab = OddsLab("italian", cards="7 di coppe", show_chart=False)
    assert lab.reale == odds.reale_probability("7 di coppe", rules=ITALIAN) == Fraction(1, 13)
    assert "P(sette e mezzo reale with one more card)1/13 ≈ 7.69%" in lab.result_text
    lab.set_rules("plain")
    assert lab.reale is None and lab.rules is PLAIN and lab.rules_menu.value == "plain"
    lab.rules_menu.value = "italian"
    assert lab.rules is ITALIAN and lab.reale == Fraction(1, 13)


def test_text_boxes_and_picker_drive_the_lab():
    lab = OddsLab("plain", show_chart=False)
    assert lab.cards == () and lab.bust == 0 and "You hold no cards yet" in lab.explain_text
    lab.cards_box.value = "6c"
    assert lab.cards == parse_cards("6c") and lab.bust == Fraction(23, 39)
    lab.seen_box.value = "7s Rb"
    assert lab.bust == Fraction(22, 37)
    lab.card_menu.value = Card(7, "denari").index
    lab.add_seen_button.click()
    assert lab.seen[-1] == Card(7, "denari") and lab.bust == odds.bust_probability("6c", "7s Rb 7d", PLAIN)
    assert lab.seen_box.value == "7 di spade, Re di bastoni, 7 di denari"
    lab.card_menu.value = Card(1, "coppe").index
    lab.add_mine_button.click()
    assert lab.cards == parse_cards("6c 1c") and lab.cards_box.value == "6 di coppe, Asso di coppe"
    assert lab.add_card("Fd", "cards") == Card("Fante", "denari")
    lab.clear_button.click()
    assert lab.cards == () and lab.seen == () and lab.cards_box.value == "" and lab.bust == 0


def test_bad_input_keeps_state_and_is_escaped():
    lab = OddsLab("plain", cards="6c", seen="7s")
    before = (lab.cards, lab.seen, lab.bust, lab.result_html.value, lab.chart_html.value)
    lab.cards_box.value = "<script>alert(1)</script>"
    assert "&lt;script&gt;" in lab.message.value and "<script>" not in lab.message.value
    shown = [lab.message, lab.result_html, lab.hand_view, lab.seen_view, lab.explain_html, lab.chart_html]
    assert all("<script>" not in w.value for w in shown)
    assert (lab.cards, lab.seen, lab.bust, lab.result_html.value, lab.chart_html.value) == before
    lab.set_seen("7s, 8 di coppe")
    assert "not in the 40-card deck" in lab.message_text
    lab.set_seen("6c")  # in your hand and seen at once
    assert "cannot be both" in lab.message_text
    assert lab.add_card("6c", "seen") is None and "already among your cards" in lab.message_text
    assert lab.add_card("5c", "table") is None and "accepted 'cards'" in lab.message_text
    assert lab.add_card(41) is None and "0-39" in lab.message_text
    assert lab.set_rules("french") is None and "accepted presets" in lab.message_text
    assert (lab.cards, lab.seen, lab.bust, lab.result_html.value, lab.chart_html.value) == before
    lab.set_seen("7s 2c")
    assert lab.message.value == "" and lab.seen == parse_cards("7s 2c")


def test_no_card_left_is_a_message():
    every = ", ".join(c.name() for c in parse_cards(
        " ".join(f"{r}{s}" for r in "1234567FCR" for s in "cdbs")))
    lab = OddsLab("plain", show_chart=False)
    assert lab.set_seen(every) is None and "no card left" in lab.message_text and lab.seen == ()


def test_spanish_face_follows_the_rules():
    lab = OddsLab("italian", cards="1c", show_chart=False)
    lab.set_rules("spanish")
    assert lab.face == "spanish" and lab.cards_box.value == "As de copas"
    assert lab.card_menu.options[0] == ("As de copas", 0)
    fixed = OddsLab("italian", cards="1c", face="french", show_chart=False)
    fixed.set_rules("spanish")
    assert fixed.face == "french"


@pytest.mark.parametrize("cards,seen", [("", ""), ("Rd", ""), ("Rd 3s", "Fc"), ("7c 7d", ""), ("5b Fb", "2c 2d")])
def test_S4_S6_matches_engine_with_matta(cards, seen):
    lab = OddsLab("italian", cards=cards, seen=seen, show_chart=False)
    assert lab.bust == odds.bust_probability(cards, seen, ITALIAN)
    assert lab.sette_e_mezzo == odds.sette_e_mezzo_probability(cards, seen, ITALIAN)
    assert lab.reale == odds.reale_probability(cards, seen, ITALIAN)
    assert sum(v for _, v in lab.chart_items) == 1


def test_numbers_and_chart_change_together_without_background_work(monkeypatch):
    """Charts take milliseconds: the chart is drawn with the numbers, no thread."""
    import threading

    def no_threads(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    lab = OddsLab("plain", cards="5c", seen="Fb Cb Rb")
    assert lab.bust == odds.bust_probability("5c", "Fb Cb Rb", PLAIN)
    assert 'role="img"' in lab.chart_html.value
    lab.set_seen("Fb Cb Rb 2c")
    lab.set_seen("Fb Cb Rb 3c")
    assert lab.bust == odds.bust_probability("5c", "Fb Cb Rb 3c", PLAIN)
    assert f"2: {odds.next_card('5c', 'Fb Cb Rb 3c', PLAIN)[2]} (" in lab.chart_text
    assert "Describe this chart" in lab.chart_html.value
