"""widgets.Quiz driven headless."""

from fractions import Fraction

import pytest

from sette_kit import Rules, parse_cards
from sette_kit.errors import SetteKitError
from sette_kit.questions import Question, bust_question, hand_worth, worth_question
from widgets import Quiz

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")


def quiz_bust():
    return Quiz(bust_question(parse_cards("6c Fd"), PLAIN))  # 23/38


def test_classes_and_controls():
    q = quiz_bust()
    assert {"sk-widget", "sk-quiz"} <= set(q.view._dom_classes)
    assert "sk-quiz-answer" in q.answer_box._dom_classes
    assert q.check_button.description == "Check" and "sk-quiz-check" in q.check_button._dom_classes
    assert q.check_button.tooltip and q.hint_button.tooltip and q.reveal_button.tooltip
    assert "sk-quiz-feedback" in q.feedback._dom_classes
    assert q.answer_box.continuous_update is False
    assert q.next_button.layout.display == "none"  # single question: no Next
    assert "6 of cups" in q.question_html.value  # cards shown, with text equivalent


@pytest.mark.parametrize("answer", ["23/38", "0.605", "60.5%", "0.61", "46/76"])
def test_S2_right_answers_in_every_form(answer):
    q = quiz_bust()
    assert q.check(answer) is True
    assert "sk-right" in q.feedback.value and "23/38" in q.feedback_text
    assert q.score_text == "1/1 right"


def test_wrong_then_right_and_targeted_feedback():
    q = quiz_bust()
    assert q.check("23/40") is False
    assert "sk-wrong" in q.feedback.value and "not by 40" in q.feedback_text
    assert q.check("23/38") is True
    assert q.score_text == "1/2 right"
    q.check("1/2")  # after a right answer the question is closed: no change
    assert q.score_text == "1/2 right"


def test_unreadable_and_imprecise_input_leave_score_unchanged():
    q = quiz_bust()
    assert q.check("about half") is False
    assert "accepted forms" in q.message_text and q.score_text == "0/0 right"
    assert q.check("0.6") is False  # too coarse
    assert "significant digits" in q.message_text and q.score_text == "0/0 right"
    q.check("<script>x</script>")
    assert "<script>" not in q.message.value and "&lt;script&gt;" in q.message.value


def test_enter_then_click_counts_once():
    q = quiz_bust()
    q.answer_box.value = "1/3"       # Enter (or blur) sends the value
    q.check_button.click()           # then the button: same text
    assert q.score_text == "0/1 right"
    q.answer_box.value = "23/38"
    assert q.score_text == "1/2 right"


def test_hints_reveal_and_no_more_hints():
    q = quiz_bust()
    n = len(q.question.hints)
    for i in range(n):
        assert q.hint() == q.question.hints[i]
    assert q.hint_button.disabled
    assert q.hint() is None and "No more hints" in q.message_text
    assert q.reveal() == "23/38 ≈ 0.6053 (60.53%)"
    assert "The answer is 23/38" in q.feedback_text and "Solution" in q.feedback.value
    q.check("23/38")
    assert q.score_text == "0/0 right"  # revealed questions do not score


def test_generator_next_and_seeded():
    a, b = Quiz(hand_worth("italian", seed=9)), Quiz(hand_worth("italian", seed=9))
    texts = []
    for _ in range(3):
        assert a.question.text == b.question.text
        texts.append(a.question.text)
        assert a.check(a.question.answer_text) is True
        a.next_button.click()
        b.next()
    assert a.score_text == "3/3 right" and a.feedback.value == "" and a.answer_box.value == ""


def test_list_of_questions_runs_out():
    qs = [worth_question(parse_cards("3c"), PLAIN), worth_question(parse_cards("Fc"), PLAIN)]
    q = Quiz(qs)
    assert q.next() is qs[1]
    assert q.next() is None and "last question" in q.message_text and q.next_button.disabled


def test_topic_names_yes_no_and_single_question_next():
    q = Quiz("reale", rules="italian", seed=2)
    assert q.question.kind == "yesno" and q.answer_box.placeholder == "yes or no"
    assert q.check(q.question.answer_text) is True
    single = Quiz(Question("What is 1/2 + 1/4?", Fraction(3, 4)))
    assert single.next() is None and "single question" in single.message_text
    assert single.check("3/4") and single.check("0.75")
    with pytest.raises(SetteKitError):
        Quiz("nope")
    with pytest.raises(SetteKitError):
        Quiz([])


def test_question_text_is_escaped():
    q = Quiz(Question("Is 1 < 2 & <b>bold</b>?", True, "yesno"))
    assert "&lt;b&gt;bold&lt;/b&gt;" in q.question_html.value and "<b>bold" not in q.question_html.value
