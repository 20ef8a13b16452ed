"""sette_kit.questions: generated questions take their answers from the engine."""

from fractions import Fraction
from itertools import islice

import pytest

from sette_kit import FULL_DECK, Rules, parse_cards, score
from sette_kit.errors import SetteKitError
from sette_kit.questions import (GENERATORS, Question, bust_chance, bust_count, bust_question, hand_worth,
                                 is_reale, matta_question, matta_value, mixed, reale_question, worth_question)

ITALIAN, PLAIN = Rules.preset("italian"), Rules.preset("plain")


def test_S1_worth_answer_is_engine_total_and_figure_mistakes():
    q = worth_question(parse_cards("Fc Cd 3s"), PLAIN)
    assert q.answer == Fraction(4) == score(q.cards, PLAIN).total
    assert q.check("4").right
    assert "not 8, 9 and 10" in q.check("20").message  # 8 + 9 + 3
    assert "blackjack" in q.check("23").message        # 10 + 10 + 3
    assert "½ that each figure" in q.check("3").message


def test_S4_worth_with_matta_mistakes():
    q = worth_question(parse_cards("Rd 3c"), ITALIAN)
    assert q.answer == 7
    assert "its own ½" in q.check("3½").message
    assert "undeclared matta counts 7" in q.check("10").message


def test_mistake_equal_to_answer_is_dropped():
    q = worth_question(parse_cards("3c"), PLAIN)  # no figures: no figure mistakes
    assert q.mistakes == ()
    q = Question("x?", Fraction(1, 2), "number", mistakes=(), cards=())
    assert q.check("1/2").right


def test_S4_matta_question():
    q = matta_question(parse_cards("Rd 3c"), ITALIAN)
    assert q.answer == 4 == score(q.cards, ITALIAN).matta_value
    assert "bust" in q.check("7").message
    whole = ITALIAN.replace(matta_whole_only=True)
    q = matta_question(parse_cards("Rd 6c"), whole)   # 6 + 1 = 7; 1/2 not allowed
    assert q.answer == 1
    assert "whole numbers only" in q.check("½").message
    with pytest.raises(SetteKitError):
        matta_question(parse_cards("3c"), ITALIAN)


def test_S5_reale_question_feedback():
    yes = reale_question(parse_cards("7d Fd"), ITALIAN)
    assert yes.answer is True and yes.check("yes").right
    no = reale_question(parse_cards("7d Fc"), ITALIAN)
    assert no.answer is False
    assert "different suits" in no.check("yes").message
    assert reale_question(parse_cards("7d Fc"), ITALIAN.replace(reale_same_suit=False)).answer is True


def test_S2_bust_probability_direct_count():
    q = bust_question(parse_cards("6c Fd"), PLAIN)  # 6½: every card worth 2-7 busts
    busting = sum(score(q.cards + (c,), PLAIN).bust for c in FULL_DECK if c not in q.cards)
    assert q.answer == Fraction(busting, 38)
    assert busting == 6 * 4 - 1  # ranks 2-7 in four suits, less the 6 of cups in the hand
    assert q.check(f"{busting}/38").right
    assert "not by 40" in q.check(f"{busting}/40").message
    assert "NOT busting" in q.check(str(1 - q.answer)).message


def test_bust_question_with_seen_cards():
    q = bust_question(parse_cards("6c"), PLAIN, seen=parse_cards("5d 2s"))
    b, left = bust_count(parse_cards("6c"), PLAIN, parse_cards("5d 2s"))
    assert left == 37 and q.answer == Fraction(b, 37)
    assert "seen on the table" in q.check(str(Fraction(b + 2, 39))).message  # 39 = 40 - the card held


def test_bust_matches_odds_module_when_present():
    from sette_kit import odds
    for q in islice(bust_chance(ITALIAN, seed=5), 10):
        assert q.answer == odds.bust_probability(q.cards, rules=ITALIAN)


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_generators_are_seeded_and_consistent(name):
    a = [q.text for q in islice(GENERATORS[name](ITALIAN, seed=11), 8)]
    b = [q.text for q in islice(GENERATORS[name](ITALIAN, seed=11), 8)]
    assert a == b
    for q in islice(GENERATORS[name](ITALIAN, seed=12), 20):
        assert q.check(q.answer_text.split(" ")[0] if q.kind != "yesno" else q.answer_text).right
        assert q.hints and q.solution


def test_generated_hands_fit_their_topic():
    for q in islice(matta_value(ITALIAN, seed=1), 20):
        assert ITALIAN.matta in q.cards and len(q.cards) >= 2
    for q in islice(is_reale(ITALIAN, seed=1), 20):
        assert len(q.cards) == 2
    for q in islice(bust_chance(PLAIN, seed=1), 20):
        assert 0 < q.answer < 1
    for q in islice(hand_worth(PLAIN, seed=1, min_cards=2, max_cards=3), 20):
        assert 2 <= len(q.cards) <= 3


def test_mixed_and_bad_topics():
    assert {q.topic for q in islice(mixed(ITALIAN, seed=3), 40)} == set(GENERATORS)
    with pytest.raises(SetteKitError):
        next(mixed(ITALIAN, topics=("nope",)))
    with pytest.raises(SetteKitError):
        next(matta_value(PLAIN))
