"""Lessons 2 (the matta) and 3 (playing a round): every number and claim they state,
checked against the engine (rules S3-S5, S7-S18).

The lessons' code cells are run without a kernel (``lesson_tools.run_lesson``): the
widgets are stubbed, each ``Quiz`` is captured by its exercise number and each
``Predict`` by its call, so the answers the learner sees, the solutions and TEACHERS.md
are compared with the engine's results.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from lesson_tools import LESSONS, flat, lesson_predicts, markdown, predicts_fixture, solution, teachers_section

import sette_kit as sk
from sette_kit import odds

L3 = LESSONS / "03-playing-a-round.ipynb"
ITALIAN = sk.Rules.preset("italian")
PLAIN = sk.Rules.preset("plain")


def _notes_exercise(n: int, number: str) -> str:
    m = re.search(rf"^### Exercise {re.escape(number)} .*?(?=^### |^\*\*)", teachers_section(n), re.M | re.S)
    assert m, f"TEACHERS.md has no exercise {number}"
    return flat(m.group(0))


def _settle(you, bank, stake=1, rules=ITALIAN):
    return sk.settle(sk.parse_cards(you), sk.parse_cards(bank), stake, rules)


# ---------------------------------------------------------------------------------------
# Lesson 3 · Playing a round
# ---------------------------------------------------------------------------------------

lesson3 = predicts_fixture(L3, "TablePlayer")


def test_lesson_3_predictions_come_from_the_engine_and_match_teachers(lesson3):
    predicts, notes = lesson_predicts(lesson3, 3, count=2)
    # the opening question: a tie at 6 goes to the bank (S13)
    q, answer, kw = predicts[0]
    assert _settle("5 di spade, Asso di denari", "4 di bastoni, 2 di coppe") == -1
    assert answer == "The bank" and answer in kw["choices"] and "the bank wins all ties (S13)" in kw["why"]
    assert "Answer: **the bank**: a tie at 6" in notes
    # your bust loses at once although the bank busts later (S10, S12)
    q, answer, kw = predicts[1]
    bank = sk.score(sk.parse_cards("4 di coppe, 3 di spade, Fante di bastoni, 2 di spade"), ITALIAN)
    you = sk.score(sk.parse_cards("5 di coppe, 3 di denari"), ITALIAN)
    assert (you.bust, you.total, bank.bust, bank.total) == (True, 8, True, Fraction(19, 2))
    assert "bust with 8" in q and "with 9½" in q
    assert _settle("5 di coppe, 3 di denari", "4 di coppe, 3 di spade, Fante di bastoni, 2 di spade", 5) == -5
    assert answer == "You lose it" and "(S10)" in kw["why"]
    assert "Answer: **you lose it**" in notes


EXERCISES_3 = {"3.1": (Fraction(20), "+20"), "3.2": (Fraction(-6), "−6"), "3.3": (Fraction(-4), "−4"),
               "3.4": (Fraction(2), "2")}


@pytest.mark.parametrize("number", sorted(EXERCISES_3))
def test_lesson_3_exercises_answer_solution_and_teachers(number, lesson3):
    _, questions, _, _ = lesson3
    value, text = EXERCISES_3[number]
    q = questions[number]
    assert Fraction(q.answer) == value
    assert q.check(str(q.answer)).right
    assert f"Answer: **{text}**" in solution(L3, number)
    assert flat(f"Answer: **{text}**") in _notes_exercise(3, number)


def test_lesson_3_every_mistake_is_kept_and_named_in_teachers(lesson3):
    _, questions, sources, _ = lesson3
    assert sorted(questions) == ["3.1", "3.2", "3.3", "3.4"]
    for number, q in questions.items():
        assert len(q.mistakes) == sources[number].count("Mistake("), f"{number}: a mistake equal to the answer"
        notes = _notes_exercise(3, number)
        for m in q.mistakes:
            verdict = q.check(str(Fraction(m.value)))
            assert not verdict.right and m.feedback in verdict.message, (number, m)
            shown = str(m.value) if m.value <= 0 or number == "3.4" else f"+{m.value}"
            assert shown in notes, (number, m.value)


def test_lesson_3_who_takes_the_bank_S17(lesson3):
    ns, questions, _, _ = lesson3
    t = ns["t"]
    assert t.names[t.banker] == "Carla" and questions["3.4"].answer == 2
    paid = {t.names[e.seat]: e.data["amount"] for e in t.round_events() if e.kind == "paid"}
    assert paid == {"Bruno": 4, "Carla": 4, "Dino": 2}     # TEACHERS: Dino "wins even money"


def test_settlement_rules_the_lesson_uses_S10_to_S16():
    o = lambda you, bank, r=ITALIAN: sk.outcome(sk.score(sk.parse_cards(you), r), sk.score(sk.parse_cards(bank), r), r)
    assert o("5c 3d", "Cb").multiplier == -1            # S10
    assert o("5s 2b", "4c 3d Fb 2s").multiplier == 1    # S12
    assert o("5s Ad", "4b 2c").multiplier == -1         # S13 tie
    assert o("4s Ab", "6d").multiplier == -1            # S13 lower
    assert o("6c Fd", "2d 4s").multiplier == 1          # S13 higher, even money
    assert o("7c Fc", "3b 4d Fs").multiplier == 2       # S5, S14
    assert o("3s 4c Cb", "7d Cd").multiplier == -2      # S15
    assert o("7c 7d", "6s Cb", ITALIAN.replace(triple=True)).multiplier == 3  # S6 (lesson 4)


def test_lesson_3_exit_ticket():
    notes = flat(teachers_section(3))
    assert _settle("5 di coppe, Fante di spade", "4 di bastoni, Asso di coppe, Cavallo di bastoni", 2) == -2
    assert "5½" in notes and "Answer: -2, the bank wins ties" in notes
    assert _settle("7 di coppe, Fante di coppe", "7 di denari, Re di denari", 3) == -3
    assert "Answer: -3: two true reali tie" in notes


def test_reale_against_reale_S16():
    """True against true is a tie the bank wins; the 7 di denari with
    the matta counts as a true reale (lessons 2 and 3 say so)."""
    true_reale = sk.score(sk.parse_cards("7 di denari, Re di denari"), ITALIAN)
    assert true_reale.kind == "reale" and true_reale.true_reale
    assert not sk.score(sk.parse_cards("Re di denari, Fante di denari"), ITALIAN).true_reale
    assert _settle("7c Fc", "7s Fs") == -1                                   # true vs true: a tie, the bank's
    assert _settle("7 di coppe, Fante di coppe", "7 di denari, Re di denari", 4) == -4
    # with the option that a true reale beats a matta reale, 7 di denari + matta is still a true one
    option = ITALIAN.replace(true_reale_beats_matta_reale=True)
    strength = lambda text: sk.score(sk.parse_cards(text), option).strength(option)
    assert strength("7 di denari, Re di denari") == strength("7 di spade, Fante di spade") \
        > strength("Re di denari, Fante di denari")
    assert sk.settle(sk.parse_cards("7 di denari, Re di denari"), sk.parse_cards("7 di spade, Fante di spade"),
                     1, option) == -1
    assert sk.settle(sk.parse_cards("7 di spade, Fante di spade"), sk.parse_cards("Re di denari, Fante di denari"),
                     1, option) == 2
    for path in (L2, L3):
        text = flat(markdown(path))
        assert "The 7 di denari with the matta counts as a true reale" in text, path.name
    assert "a true reale against a true reale costs you one stake" in flat(markdown(L3))


def test_the_tie_rule_is_worth_more_than_busting_first():
    """The tie rule, and the teacher's review: busting first is not the
    bank's biggest advantage, but lesson 3 no longer tells the answer: it asks, and lesson 7
    measures both rules (7.79% with the ties only, 7.00% with busting first only, exactly 0
    without both: plain rules, a bank standing on 5, the same stake every round)."""
    edges = {(r.bank_wins_ties, r.bust_loses_at_once): r.house_edge
             for r in odds.tie_and_bust_edges(PLAIN, odds.stand_at(5))}
    assert [f"{float(edges[k]):.2%}" for k in ((True, True), (True, False), (False, True))] == ["16.37%", "7.79%", "7.00%"]
    assert edges[(False, False)] == 0 and edges[(True, False)] > edges[(False, True)]
    text = flat(markdown(L3))
    assert "biggest advantage" not in text and "the ties are worth more" not in text
    assert "Which of the two is worth more to the bank? Keep your guess: lesson 7 measures both." in text
    l7 = flat(markdown(LESSONS / "07-expected-value-and-strategy.ipynb"))
    assert "| yes | no: you get your stake back | 7.79% |" in l7 and "| no | no | exactly 0 |" in l7
    notes = flat(teachers_section(3))
    assert "9.37 of the 16.37" not in notes
    assert "7.79% with only the tie rule, 7.00% with only busting first, and exactly 0 without both" in notes


def test_the_bank_wins_only_with_the_same_stake_every_round():
    """The bank's edge needs the same stake every round; staking 10 on a
    first 6 or 7 and 1 otherwise beats a bank that stands on 5 (lesson 8)."""
    sol = odds.solve(PLAIN, dealer=odds.stand_at(5))
    assert sol.ev < 0
    plan = odds.best_staking_plan(sol, min_stake=1, max_stake=10)
    assert plan.ev_per_round > 0
    assert {k for k, v in plan.stakes.items() if v == 10} == {"6", "7"}
    assert all(v == 1 for k, v in plan.stakes.items() if k not in ("6", "7"))
    text = flat(markdown(L3))
    assert "always wins" not in text
    assert "If every player stakes the same every round, these two rules give the bank its edge" in text
    assert "lesson 8 shows how choosing your stake *after* your first card can turn the edge round" in text
    notes = flat(teachers_section(3))
    assert "stakes 10 on a first 6 or 7 and 1 otherwise wins on average against that bank" in notes


# ---------------------------------------------------------------------------------------
# Lesson 2 · The matta
# ---------------------------------------------------------------------------------------

L2 = LESSONS / "02-the-matta.ipynb"


lesson2 = predicts_fixture(L2, "MattaExplorer")


def test_lesson_2_predictions_come_from_the_engine_and_match_teachers(lesson2):
    predicts, notes = lesson_predicts(lesson2, 2, count=3)
    # the opening question: with a 3 and a Fante the matta is 4 (S4)
    q, answer, kw = predicts[0]
    s = sk.score(sk.parse_cards("Re di denari, 3 di spade, Fante di coppe"), ITALIAN)
    assert answer == s.matta_value == 4 and s.total == Fraction(15, 2)
    assert kw["why"] == "Without the matta the hand makes 3½. The gap up to 7½ is 4, and that is one of the matta's values."
    assert "Answer: **4**. Without the matta the hand makes 3 + ½ = 3½" in notes
    assert sk.score(sk.parse_cards("Re di denari, 3 di spade, Fante di coppe"), ITALIAN, declare=7).total == Fraction(21, 2)
    assert "3 + ½ + 7 = 10½: bust" in flat(markdown(L2)) and "Learners who say 7 make 10½: bust" in notes
    # the matta and a 5: at best 7, the matta 2 (2½ is not a value)
    q, answer, kw = predicts[1]
    s = sk.score(sk.parse_cards("Re di denari, 5 di coppe"), ITALIAN)
    assert answer == s.total == 7 and s.matta_value == 2 and Fraction(5, 2) not in ITALIAN.matta_values
    assert "The best it can do is 2, which makes 7." in kw["why"]
    assert "Answer: **7**. 7½ would need 2½" in notes and "the best is 2" in notes
    # the 7 di denari with the matta is a (true) reale
    q, answer, kw = predicts[2]
    s = sk.score(sk.parse_cards("7 di denari, Re di denari"), ITALIAN)
    assert answer == "A reale" and s.kind == "reale" and s.true_reale and s.matta_value == Fraction(1, 2)
    assert "7 + ½ = 7½ with a 7 and a figure, both of coins" in kw["why"]
    assert "Answer: **a reale**. The matta takes ½" in notes


def test_lesson_2_exercises_practice_and_exit_ticket(lesson2):
    from sette_kit.questions import mixed

    ns, questions, sources, _ = lesson2
    assert sorted(questions) == ["2.1", "2.2", "2.3", "2.4"]
    assert [questions[k].answer_text for k in sorted(questions)] == ["5", "7", "8", "no"]
    for number, q in questions.items():
        for m in q.mistakes:
            verdict = q.check(sk.fmt_points(Fraction(m.value)) if q.kind != "yesno" else ("yes" if m.value else "no"))
            assert not verdict.right and m.feedback in verdict.message, (number, m)
    # practice: the matta and the reale, Italian rules, seeded; TEACHERS names its first question
    (args, kw), = ns["_practice"]
    assert args == (["matta", "reale"],) and kw["rules"] == ITALIAN
    first = next(mixed(ITALIAN, seed=kw["seed"], topics=tuple(args[0])))
    assert (first.topic, sk.format_cards(first.cards), first.answer_text) == ("matta", "6 di coppe, Re di denari", "1")
    notes = flat(teachers_section(2))
    assert "the first is 6 di coppe with the matta, whose best value is 1" in notes
    # the exit ticket
    s = sk.score(sk.parse_cards("Re di denari, 2 di spade, 4 di coppe"), ITALIAN)
    assert (s.matta_value, s.total) == (1, 7) and "so the best is 1 and the hand makes 2 + 4 + 1 = 7" in notes
    assert _settle("7c Fc", "7s Fs") == -1 and "the bank: two reali tie, and the bank wins ties" in notes


def test_lesson_2_says_the_7_di_denari_with_the_matta_is_a_true_reale():
    text = flat(markdown(L2))
    assert "The 7 di denari with the matta counts as a true reale" in text
    assert "a true reale against a true reale is a tie, and the tie goes to the bank" in text
    assert _settle("7 di spade, Fante di spade", "7 di denari, Re di denari") == -1
    # "a reale made with the matta is the matta (worth 7) and a figure of coins"
    s = sk.score(sk.parse_cards("Re di denari, Cavallo di denari"), ITALIAN)
    assert s.kind == "reale" and not s.true_reale and s.matta_value == 7
    assert sk.score(sk.parse_cards("Re di denari, Cavallo di coppe"), ITALIAN).kind == "sette_e_mezzo"
