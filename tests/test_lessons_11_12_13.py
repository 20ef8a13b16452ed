"""Numbers stated in lessons 11 and 12 (Trentuno, RULES T1-T7, T9) and their TEACHERS.md
sections, checked against the engine.

The notebooks' code cells are run with the widgets replaced by stubs (``Quiz`` captured by
its exercise number, ``Predict`` recorded with its question, answer and why), so each
exercise's answer, each common-mistake feedback and each prediction is checked without
a kernel; every number the Markdown, the solutions and TEACHERS.md state is recomputed
with the engine.  Issue 14 item 6 (the knocking tournament's comparison of thresholds
played on the same deals) is checked with the paired standard error, fixed seeds.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations

import pytest
from lesson_tools import LESSONS, TEACHERS, cells, markdown, run_lesson, solution

import sette_kit as sk
from sette_kit import trentuno as tr

L11 = LESSONS / "11-trentuno-rules.ipynb"
L12 = LESSONS / "12-trentuno-odds-and-knocking.ipynb"


def _flat(text: str) -> str:
    return " ".join(text.replace("−", "-").split())


def _teachers(n: int) -> str:
    text = TEACHERS.read_text(encoding="utf-8")
    m = re.search(rf"^## Lesson {n} · .*?(?=^## Lesson |\Z)", text, re.M | re.S)
    assert m, f"TEACHERS.md has no lesson {n} section"
    return _flat(m.group(0))


def _teachers_exercise(n: int, number: str) -> str:
    m = re.search(rf"### Exercise {re.escape(number)} (.*?)(?=### |\*\*Exit|\*\*Common|\Z)", _teachers(n))
    assert m, f"TEACHERS.md has no exercise {number}"
    return m.group(1)


class _Predicts(list):
    """Records each Predict(question, answer, **kw) of a lesson."""

    def __call__(self, question, answer, **kw):
        self.append({"question": question, "answer": answer, **kw})


def _run(path, stubs=()):
    predicts = _Predicts()
    ns, questions, _ = run_lesson(path, stubs=stubs, extra={"Predict": predicts})
    return ns, questions, predicts


@pytest.fixture(scope="module")
def l11():
    return _run(L11, stubs=("TrentunoTable",))


def _check_quoted_wrong_answers(q, n, ex_id, wrongs):
    for wrong in wrongs:
        verdict = q.check(wrong)
        assert verdict.status == "wrong" and verdict.message.startswith("Not quite."), (ex_id, wrong)
        assert re.search(rf"(?<![\d/.]){re.escape(wrong)}(?![\d/])", _teachers_exercise(n, ex_id)), (ex_id, wrong)


# =================================================================================
# Lesson 11 · Trentuno: the rules
# =================================================================================

STATED_11 = {"11.1": "21", "11.2": "19", "11.3": "2", "11.4": "0"}
WRONG_11 = {  # wrong answers the solutions and TEACHERS.md quote: each gets targeted feedback
    "11.1": ["25", "11", "20", "10", "4"],
    "11.2": ["16", "13", "11", "30", "27", "24", "20"],
    "11.3": ["1", "3"],
    "11.4": ["2", "1", "3"],
}


@pytest.mark.parametrize("ex_id", sorted(STATED_11))
def test_11_exercise_answer_is_the_engines_and_stated(l11, ex_id):
    q = l11[1][ex_id]
    stated = STATED_11[ex_id]
    assert q.check(stated).status == "right", (ex_id, q.answer)
    assert f"Answer: **{stated}**" in _flat(solution(L11, ex_id))
    assert f"Answer: **{stated}**" in _teachers_exercise(11, ex_id)


@pytest.mark.parametrize("ex_id", sorted(WRONG_11))
def test_11_quoted_wrong_answers_get_targeted_feedback(l11, ex_id):
    _check_quoted_wrong_answers(l11[1][ex_id], 11, ex_id, WRONG_11[ex_id])


def test_11_exercise_11_3_zero_is_caught(l11):
    assert l11[1]["11.3"].check("0").status == "wrong"


def test_T2_exercise_11_1_hand():
    hand = sk.parse_cards("Asso di denari, Cavallo di denari, 4 di spade")
    assert tr.score(hand).total == 21 and tr.score(hand).suit == sk.Suit.DENARI
    assert sum(map(tr.card_points, hand)) == 25
    assert "denari, Asso 11 + Cavallo 10 = 21; spade, 4" in _flat(solution(L11, "11.1"))


def test_T2_exercise_11_2_every_discard():
    four = sk.parse_cards("Re di denari, 6 di denari, Asso di spade, 3 di denari")
    throw, kept = tr.best_discard(four)
    assert throw == sk.parse_card("Asso di spade") and kept.total == 19
    after = {c.name(): tr.score([d for d in four if d != c]).total for c in four}
    assert after == {"Re di denari": 11, "6 di denari": 13, "Asso di spade": 19, "3 di denari": 16}
    text = _flat(solution(L11, "11.2"))
    for claim in ("10 + 6 + 3 = 19", "Re + 6 = 16 (throw the 3)", "Re + 3 = 13 (throw the 6)",
                  "6 + 3 = 9 against the Ace's 11 (throw the Re)", "it scores only 11"):
        assert claim in text


def test_T3_T6_exercise_11_3_showdown(l11):
    three = l11[0]["three"]
    assert [three.score_of(s).total for s in range(3)] == [27, 22, 22] and three.knocker == 0
    assert three.lives == [3, 2, 2] and three.pot == 2
    assert "tie for the lowest score, 22" in _flat(solution(L11, "11.3"))
    assert "Ada 27, Bruno 22, Carla 22" in _teachers_exercise(11, "11.3")


def test_T7_exercise_11_4_31_after_a_knock(l11):
    late = l11[0]["late"]
    assert [late.score_of(s).total for s in range(3)] == [27, 31, 30] and late.knocker == 0
    assert late.pot == 0 and late.lives == [3, 3, 3]
    texts = [e.text for e in late.events]
    assert "Ada knocked before the 31 and does not lose (T7)." in texts
    assert any(t.startswith("Carla has 30 and does not lose") for t in texts)
    assert "Ada knocks with 27" in l11[1]["11.4"].text


def test_11_predict_three_aces(l11):
    p = l11[2][0]
    assert p["answer"] == 11 == tr.score(sk.parse_cards("Asso di coppe, Asso di spade, Asso di bastoni")).total
    assert p["kind"] == "points" and p["why"].endswith("worth 11.")
    assert "Three Aces of coppe, spade and bastoni score **11**" in _teachers(11)


def test_T2_predict_29_impossible_and_the_counts(l11):
    counts = {}
    for hand in combinations(sk.FULL_DECK, 3):
        s = tr.score(hand).total
        counts[s] = counts.get(s, 0) + 1
    assert sum(counts.values()) == 9880 and 29 not in counts and {27, 28, 30} <= set(counts)
    assert (counts[31], counts[30]) == (12, 4)
    p = l11[2][1]
    assert p["answer"] == "29" and p["choices"] == ["27", "28", "29", "30"]
    assert tr.score(sk.parse_cards("Asso di coppe, Re di coppe, 7 di coppe")).total == 28   # "28 (an Ace, a figure and a 7)"
    assert tr.score(sk.parse_cards("Re di coppe, Fante di coppe, Cavallo di coppe")).total == 30
    text = _flat(markdown(L11))
    assert "Of the 9,880 different hands of three cards, only 12 score 31" in text
    assert "only 4 score 30 (the three figures of one suit)" in text
    assert "The best hand is an Ace and two figures of one suit: 11 + 10 + 10 = 31." in text
    assert "the score three cards can never make is **29**" in _teachers(11).lower()
    assert "Of the 9,880 hands of three cards, 12 score 31" in _teachers(11)
    assert "4 score 30" in _teachers(11)
    assert sorted(s for s in range(20, 32) if s not in counts) == [29]     # "all but 29"


def test_T6_predict_knocker_ties_for_lowest(l11):
    tie = l11[0]["tie"]
    assert [tie.score_of(s).total for s in range(3)] == [26, 26, 30] and tie.knocker == 0
    assert tie.lives == [2, 3, 3]
    p = l11[2][2]
    assert p["answer"] == "Ada" and p["answer"] in p["choices"]
    assert "Ada 26, Bruno 26, Carla 30" in p["question"]
    assert "Ada 26, Bruno 26, Carla 30. **Ada** loses a life" in _teachers(11)


def test_T1_T3_T6_constants_in_the_text():
    r = tr.TrentunoRules()
    assert len(sk.FULL_DECK) == 40 and r.lives == 3 and r.knock_minimum == 26
    text = _flat(markdown(L11))
    assert "same 40 cards" in text and "three lives" in text and "knock with more than 25" in text
    assert tr.score(sk.parse_cards("Re di spade, 7 di spade, Asso di coppe")).total == 17   # exit ticket
    assert "(**17**: spade 10 + 7; the Ace alone is 11.)" in _teachers(11)
