"""Question builders appended to sette_kit.questions for the lessons (is_bust_question)."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from sette_kit import FULL_DECK, Rules, parse_cards, score
from sette_kit.questions import Question, is_bust_question

ITALIAN, PLAIN = Rules.preset("italian"), Rules.preset("plain")


def test_S2_bust_hand_is_yes_and_no_gets_the_total():
    q = is_bust_question(parse_cards("6c 2d"), PLAIN)
    assert isinstance(q, Question) and q.kind == "yesno" and q.answer is True
    assert q.check("yes").right and q.check("y").right
    assert "add up to 8, which is over 7½" in q.check("no").message
    assert "bust (sballato)" in q.solution


def test_S2_exactly_seven_and_a_half_is_not_bust():
    q = is_bust_question(parse_cards("5c 2s Fb"), PLAIN)
    assert q.answer is False
    assert "7½ is the best score, not bust" in q.check("yes").message


def test_S1_figures_counted_as_ten_get_targeted_feedback():
    q = is_bust_question(parse_cards("4c Rs 2b"), PLAIN)   # 6½; with a King as 10 it would be 16
    assert q.answer is False
    assert "Figures count ½, not 10" in q.check("yes").message


def test_S4_matta_takes_its_best_value_so_not_bust():
    q = is_bust_question(parse_cards("Rd 4c 3s"), ITALIAN)  # matta ½ -> 7½
    assert q.answer is False and score(q.cards, ITALIAN).total == Fraction(15, 2)
    q2 = is_bust_question(parse_cards("Rd 4c 3s"), ITALIAN.replace(matta_whole_only=True))  # 1 -> 8
    assert q2.answer is True and "smallest allowed value" in q2.check("no").message


def test_plain_feedback_for_an_ordinary_hand():
    q = is_bust_question(parse_cards("3c 2d"), PLAIN)
    assert q.check("yes").message == "Not quite. The hand makes 5, which is not over 7½ (S2)."


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=5, unique=True),
       st.sampled_from([ITALIAN, PLAIN]))
def test_S2_answer_is_engine_bust_and_the_wrong_answer_always_gets_feedback(cards, rules):
    q = is_bust_question(cards, rules)
    assert q.answer == score(cards, rules).bust
    assert q.check("yes" if q.answer else "no").right
    wrong = q.check("no" if q.answer else "yes")
    assert wrong.status == "wrong" and wrong.message.startswith("Not quite.")
