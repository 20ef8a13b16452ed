"""widgets.ScoreTrainer driven headless (S1-S6)."""

import pytest

from sette_kit import Rules, score
from widgets import ScoreTrainer

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ITALIAN = Rules.preset("italian")


def test_classes_and_initial_hand_seeded():
    a, b = ScoreTrainer(seed=3), ScoreTrainer(seed=3)
    assert {"sk-widget", "sk-score-trainer"} <= set(a.view._dom_classes)
    assert a.cards == b.cards and 1 <= len(a.cards) <= 4
    assert a.deal_button.description == "Deal" and a.deal_button.tooltip
    assert a.cards_box.continuous_update is False


def test_deal_is_seeded_and_shows_score():
    t = ScoreTrainer(seed=5)
    hands = [t.deal() for _ in range(5)]
    u = ScoreTrainer(seed=5)
    assert [u.deal() for _ in range(5)] == hands
    t.deal(3)
    assert len(t.cards) == 3
    s = score(t.cards, ITALIAN)
    assert t.result == s
    assert "Score:" in t.result_text and "sk-hand" in t.hand_view.value
    t.deal_button.click()
    assert t.message.value == ""


def test_S5_pick_shows_cards_score_kind_explanation():
    t = ScoreTrainer(seed=1)
    t.cards_box.value = "7 di denari, Fante di denari"  # Enter in the box
    assert t.result.kind == "reale"
    text = t.result_text
    assert "Score: 7½" in text and "sette e mezzo reale" in text and "(S5)" in text
    assert 'aria-label="Hand: 7 of coins, Jack of coins"' in t.hand_view.value


def test_S4_matta_marked_and_its_value_shown():
    t = ScoreTrainer(cards="Re di denari, Fante di coppe, 3 di spade")
    assert "MATTA" in t.hand_view.value
    assert "the matta counts 4" in t.result_text and "sette e mezzo" in t.result_text


@pytest.mark.parametrize("bad, words", [("8 di coppe", "not in the 40-card deck"), ("zz", "Write it like 7 di coppe"),
                                        ("7c 7c", "appears twice"), ("", "no cards given")])
def test_bad_input_message_state_unchanged(bad, words):
    t = ScoreTrainer(cards="5c 2d")
    before = (t.cards, t.result_html.value)
    assert t.pick(bad) is None
    assert words in t.message_text and (t.cards, t.result_html.value) == before
    t.pick("<img src=x onerror=alert(1)>")
    assert "<img" not in t.message.value


def test_bad_deal_count():
    t = ScoreTrainer(seed=1)
    assert t.deal(0) is None and "1 to 10" in t.message_text
    assert t.deal("3") is None


def test_quiz_mode_hides_score_and_checks_answers():
    t = ScoreTrainer(cards="Fc 7s")
    t.quiz_toggle.value = True
    assert t.quiz_mode and t.quiz_box.layout.display is None
    assert "hidden" in t.result_text and "7½" not in t.result_text
    assert t.check("15") is False
    assert "not 8, 9 and 10" in t.feedback_text and "sk-wrong" in t.feedback.value
    assert t.check("seven") is False and "accepted forms" in t.message_text
    assert t.quiz_score_text == "0/1 right"
    assert t.check("7 1/2") is True
    assert "sk-right" in t.feedback.value and "Score: 7½" in t.result_text
    assert t.quiz_score_text == "1/2 right"
    t.deal()
    assert "hidden" in t.result_text and t.feedback.value == ""
    answer = t.reveal()
    assert f"worth {answer}" in t.feedback_text and "Score:" in t.result_text
    t.set_quiz_mode(False)
    assert t.quiz_toggle.value is False and t.quiz_box.layout.display == "none"


@pytest.mark.parametrize("answer", ["7½", "7.5", "15/2", "7 1/2"])
def test_S2_half_point_forms(answer):
    t = ScoreTrainer(cards="3c 4d Fs")
    assert t.check(answer) is True


def test_french_face_and_spanish_rules():
    t = ScoreTrainer(rules="spanish", cards="sota de oros, 7 de copas")
    assert "Sota" in t.hand_view.value and "7½" in t.result_text
    f = ScoreTrainer(face="french", cards="KD 3H")
    assert 'aria-label="Hand: King of diamonds, the matta (wild card), 3 of hearts"' in f.hand_view.value
