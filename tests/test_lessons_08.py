"""Numbers stated in the text of lesson 8 (Trentuno, RULES T1-T7, T9) and its TEACHERS.md
section, checked against the engine.

The notebook's code cells are run with the widgets replaced by stubs that capture the
exercise questions, so each exercise's answer and each common-mistake feedback is checked
without a kernel.  Claims the markdown makes about a printed output (the worked hand, the
tournament) are checked against the executed notebook's stored outputs, which nbval in
turn checks against the engine.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations

import pytest
from lesson_tools import LESSONS, TEACHERS, cells, markdown, run_lesson, solution

import sette_kit as sk
from sette_kit import trentuno as tr

L8 = LESSONS / "11-trentuno-rules.ipynb"


def _cells():
    return cells(L8)


def _markdown() -> str:
    return markdown(L8)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _outputs() -> str:
    return "\n".join(o.get("text", "") for c in _cells() if c.cell_type == "code" for o in c.outputs)


def _solution(number: str) -> str:
    return _flat(solution(L8, number))


def _teachers() -> str:
    text = TEACHERS.read_text(encoding="utf-8")
    m = re.search(r"^## Lesson 8 · .*?(?=^## Lesson |\Z)", text, re.M | re.S)
    assert m, "TEACHERS.md has no lesson 8 section"
    return _flat(m.group(0))


def _teachers_exercise(number: str) -> str:
    m = re.search(rf"### Exercise {re.escape(number)} (.*?)(?=### |\*\*Common|\Z)", _teachers())
    assert m, f"TEACHERS.md has no exercise {number}"
    return m.group(1)


@pytest.fixture(scope="module")
def lesson():
    """Run the code cells (widgets stubbed); returns (namespace, {exercise id: Question})."""
    ns, questions, _ = run_lesson(L8, stubs=("TrentunoTable",))
    return ns, questions


# ---------------------------------------------------------------------------------
# The exercises: answers from the engine, stated in the solution and TEACHERS.md
# ---------------------------------------------------------------------------------

STATED = {"8.1": "21", "8.2": "19", "8.3": "1/3", "8.4": "yes", "8.5": "2"}
WRONG = {  # wrong answers the solutions and TEACHERS.md quote: each must get targeted feedback
    "8.1": ["25", "11", "20", "10", "4"],
    "8.2": ["16", "13", "11", "30", "27", "24", "20"],
    "8.3": ["2/9", "3/10", "12/37", "2/3"],
    "8.4": ["no"],
    "8.5": ["1", "3", "0"],
}


@pytest.mark.parametrize("ex_id", sorted(STATED))
def test_exercise_answer_is_the_engines_and_stated(lesson, ex_id):
    _, questions = lesson
    q = questions[ex_id]
    stated = STATED[ex_id]
    assert q.check(stated).status == "right", (ex_id, q.answer)
    assert f"Answer: **{stated}**" in _solution(ex_id)
    assert f"Answer: **{stated}**" in _teachers_exercise(ex_id)


@pytest.mark.parametrize("ex_id", sorted(WRONG))
def test_quoted_wrong_answers_get_targeted_feedback(lesson, ex_id):
    q = lesson[1][ex_id]
    for wrong in WRONG[ex_id]:
        verdict = q.check(wrong)
        assert verdict.status == "wrong" and verdict.message.startswith("Not quite."), (ex_id, wrong)
        assert re.search(rf"(?<![\d/]){re.escape(wrong)}(?![\d/])", _teachers_exercise(ex_id)), (ex_id, wrong)


def test_T2_exercise_8_1_hand():
    hand = sk.parse_cards("Asso di denari, Cavallo di denari, 4 di spade")
    assert tr.score(hand).total == 21 and tr.score(hand).suit == sk.Suit.DENARI
    assert sum(map(tr.card_points, hand)) == 25


def test_T2_exercise_8_2_every_discard():
    four = sk.parse_cards("Re di denari, 6 di denari, Asso di spade, 3 di denari")
    throw, kept = tr.best_discard(four)
    assert throw == sk.parse_card("Asso di spade") and kept.total == 19
    after = {c.name(): tr.score([d for d in four if d != c]).total for c in four}
    assert after == {"Re di denari": 11, "6 di denari": 13, "Asso di spade": 19, "3 di denari": 16}
    text = _solution("8.2")
    for claim in ("10 + 6 + 3 = 19", "Re + 6 = 16 (throw the 3)", "Re + 3 = 13 (throw the 6)",
                  "6 + 3 = 9 against the Ace's 11 (throw the Re)"):
        assert claim in text


def test_exercise_8_3_counting():
    hand = sk.parse_cards("Re di denari, 6 di denari, Fante di bastoni")
    top = sk.parse_card("3 di coppe")
    o = tr.draw_odds(hand, top)
    assert (o.unseen, o.improving, o.p_improve) == (36, 12, Fraction(1, 3))
    unseen = [c for c in sk.FULL_DECK if c not in hand and c != top]
    helps = {c for c in unseen if tr.best_discard(hand + (c,))[1].total > 16}
    denari = {c for c in helps if c.suit == sk.Suit.DENARI}
    assert len(denari) == 8 == sum(c.suit == sk.Suit.DENARI for c in unseen)
    assert helps - denari == set(sk.parse_cards("Asso di bastoni, Cavallo di bastoni, Re di bastoni, 7 di bastoni"))
    text = _solution("8.3")
    assert "40 − 3 in your hand − 1 on the discard pile = 36" in text and "8 + 4 = 12" in text
    assert "the Asso (21), the Cavallo and the Re (20) and the 7 (17)" in text
    assert "(about 33.3%)" in text and f"{float(o.p_improve):.1%}" == "33.3%"
    assert "forgetting the bastoni (8/36 = 2/9)" in text and Fraction(8, 36) == Fraction(2, 9)


def test_exercise_8_4_stock_or_discard():
    o = tr.draw_odds("Asso di coppe, 5 di coppe, Re di spade", "Fante di spade")
    assert o.best == "discard" and o.discard_score == 20 and o.expected_stock == Fraction(319, 18)
    assert "**20**" in _solution("8.4") and f"{float(o.expected_stock):.2f}" == "17.72"
    assert "17.72" in _solution("8.4") and "319/18 ≈ 17.72" in _teachers_exercise("8.4")


def test_T3_T6_exercise_8_5_showdown(lesson):
    tie = lesson[0]["tie"]
    assert [tie.score_of(s).total for s in range(3)] == [27, 22, 22] and tie.knocker == 0
    assert tie.lives == [3, 2, 2] and tie.pot == 2
    text = _markdown()
    assert "In the showdown Ada has 27, Bruno 22 and Carla 22." in _flat(text)
    assert "Ada 27, Bruno 22, Carla 22" in _teachers_exercise("8.5")


# ---------------------------------------------------------------------------------
# The text of the lesson
# ---------------------------------------------------------------------------------

def test_T1_T3_T6_constants_in_the_text():
    r = tr.TrentunoRules()
    assert len(sk.FULL_DECK) == 40 and r.lives == 3 and r.knock_minimum == 26
    text = _flat(_markdown())
    assert "same 40 cards" in text and "Each player starts with three lives" in text
    assert "knock with 26 or more" in text and "a player with more than 25 may knock" in text


def test_T2_possible_scores_29_impossible():
    counts = {}
    for hand in combinations(sk.FULL_DECK, 3):
        s = tr.score(hand).total
        counts[s] = counts.get(s, 0) + 1
    assert sum(counts.values()) == 9880 and 29 not in counts and 28 in counts
    assert (counts[31], counts[30]) == (12, 4)
    assert "**29 is impossible!**" in _markdown()
    assert "Hands that score 31: 12 of 9880.  Hands that score 30: 4." in _outputs()
    assert "Of the 9880 possible hands, only 12 make 31 and 4 make 30" in _teachers()
    assert tr.score(sk.parse_cards("Asso di coppe, Re di coppe, 7 di coppe")).total == 28   # "28 (Ace, figure and 7)"
    assert tr.score(sk.parse_cards("Re di coppe, Fante di coppe, Cavallo di coppe")).total == 30


def test_T2_three_aces_score_11():
    assert tr.score(sk.parse_cards("Asso di spade, Asso di bastoni, Asso di coppe")).total == 11
    assert "**three Aces score only 11**" in _markdown()


def test_worked_hand_story_matches_the_log():
    out = _outputs()
    for line in ("(Ada now holds Asso di coppe, 5 di coppe, Fante di coppe: 26)",
                 "(Bruno now holds 7 di denari, 6 di denari, 5 di denari: 18)",
                 "(Carla now holds Re di bastoni, Cavallo di bastoni, 2 di bastoni: 22)",
                 "(Bruno now holds 7 di denari, 6 di denari, Asso di denari: 24)",
                 "Carla discards 7 di coppe.", "Hands shown: Ada 26; Bruno 24; Carla 22.",
                 "Carla loses 1 life into the pot (2 left, pot 1).", "Ada is dealt Asso di coppe, 5 di coppe, Re di spade: 16"):
        assert line in out, line
    text = _flat(_markdown())
    for claim in ("her coppe went from 16 to 26", "(18 in denari)", "for her bastoni (22)", "Ace of his suit (24)",
                  "26, 24 and 22: Carla was lowest"):
        assert claim in text, claim


def test_T7_31_after_a_knock():
    out = _outputs()
    assert "Carla makes 31 and shows it at once: the hand ends (T7)." in out
    assert "Lives after the hand: Ada 3, Bruno 2, Carla 3; the pot holds 1." in out
    assert "except Ada: she had knocked before the 31, and Rule T7 spares the knocker. Only Bruno pays." in _markdown()


def test_T6_T9_ties():
    out = _outputs()
    assert "Lowest score 26: the knocker ties for lowest, so only the knocker loses (T6)." in out
    assert "Lowest score 26: the last two players tie with one life each: the knocker loses (T9)." in out


def test_stock_or_discard_claims():
    ada = "Asso di coppe, 5 di coppe, Re di spade"
    o = tr.draw_odds(ada, "4 di spade")
    assert (o.improving, o.unseen, o.discard_score, o.best) == (12, 36, 16, "stock")
    assert f"{float(o.expected_stock):.2f}" == "17.83"
    hand = sk.parse_cards(ada)
    unseen = [c for c in sk.FULL_DECK if c not in hand and c != sk.parse_card("4 di spade")]
    helps = {c for c in unseen if tr.best_discard(hand + (c,))[1].total > 16}
    coppe = {c for c in helps if c.suit == sk.Suit.COPPE}
    assert len(coppe) == 8
    assert helps - coppe == set(sk.parse_cards("Asso di spade, Fante di spade, Cavallo di spade, 7 di spade"))
    text = _flat(_markdown())
    assert "The 8 coppe she has not seen" in text
    assert "the Asso, Fante and Cavallo di spade and the 7 di spade" in text
    assert "The stock gives 17.83 on average" in text
    r = tr.draw_odds(ada, "Re di coppe")
    assert r.discard_score == 26 and r.best == "discard" and f"{float(r.expected_stock):.2f}" == "17.56"
    assert "A sure 26 beats an average of about 17.56" in text
    assert "Ada's 16: 12 of 36 unseen cards improve it" in _teachers()


def test_when_to_knock_exact_claims():
    o16 = tr.draw_odds("Asso di coppe, 5 di coppe, Re di spade")
    o26 = tr.draw_odds("Asso di coppe, Re di coppe, 5 di coppe")
    assert o16.unseen == o26.unseen == 37
    assert o16.improving == 12 and abs(float(o16.p_improve) - 1 / 3) < 0.02   # "about one card in three"
    assert o26.improving == 4
    assert "with 26 only 4 cards in 37 do" in _flat(_markdown())
    assert "at 26 only 4 of 37 unseen cards improve it" in _teachers()


def test_tournament_claims(lesson):
    ns = lesson[0]
    results, hands = ns["results"], ns["HANDS"]
    assert hands == 400 and set(results) == {26, 28, 30}
    p = {t: k / hands for t, k in results.items()}
    se = max((x * (1 - x) / hands) ** 0.5 for x in p.values())
    assert min(p, key=p.get) == 26 and max(p, key=p.get) == 30      # fewest at 26, most at 30
    assert min(p[28], p[30]) - p[26] > 3 * se                        # "more than three standard errors"
    text = _flat(_markdown())
    assert "at 26 — lost the fewest lives, and waiting for 30 lost the most" in text
    assert "more than three standard errors" in text
    assert "Fewest lives lost: knocking at 26 or more." in _outputs()
