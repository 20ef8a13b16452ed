"""A lesson page's side of a class (:mod:`sette_kit.classroom.link`): every
Predict and exercise of every lesson takes the id the hub knows it by, its answers go
out as events the hub accepts, and the teacher's reveal and vote again reach it."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from lesson_tools import run_cells

from sette_kit.classroom import items, link
from sette_kit.classroom.hub import Hub

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]-*.ipynb"))
LESSON_06 = next((ROOT / "lessons").glob("06-*.ipynb"))


@pytest.fixture
def page():
    """A page in a class: the events it sends."""
    from sette_kit.i18n import get_language, set_language

    sent: list[dict] = []
    before = get_language()
    yield sent
    link.end_page()
    set_language(before)  # an Italian or Spanish lesson sets its language


def open_lesson(path: Path, sent: list | None) -> list[str]:
    """Run the lesson as a page of it (in a class when ``sent`` is a list); the item ids
    its widgets took, in the order they were made."""
    link.begin_page(path.name[:2], None if sent is None else sent.append)
    run_cells(path)
    return list(link._page.widgets)


@pytest.mark.parametrize("path", LESSONS, ids=[p.name[:2] for p in LESSONS])
def test_every_widget_of_a_lesson_takes_the_id_the_hub_knows_it_by(path, page):
    made = open_lesson(path, page)
    assert made == [i.id for i in items.manifest().get(path.name[:2], ())]
    assert page == []  # nothing answered, nothing sent


def test_a_page_not_in_a_class_sends_nothing(page):
    open_lesson(LESSON_06, None)
    assert not link.in_class()
    assert link.widget("06.p3").guess("5%") is False  # the widget works as ever
    assert link.widget("6.1").check("1/2") is False


@pytest.mark.parametrize("lang", ["", "it", "es"])
def test_answers_go_out_as_events_the_hub_accepts_in_every_language(lang, page):
    folder = ROOT / "lessons" / lang
    path = next(folder.glob("06-*.ipynb"))
    open_lesson(path, page)
    p1, p3, ex = link.widget("06.p1"), link.widget("06.p3"), link.widget("6.1")
    p1.guess(p1.choices[0])       # "higher" in the page's language
    p3.guess("5%")
    ex.check("1/2")               # wrong, then right at the second try
    ex.check(ex.question.answer_text.split(" ")[0])
    assert [(e["item"], e["answer"]) for e in page][:2] == [("06.p1", "0"), ("06.p3", "1/20")]
    assert page[1]["exact"] == "2/65" and page[1]["round"] == 1
    assert [(e["right"], e["tries"]) for e in page[2:]] == [(False, 1), (True, 2)]
    hub = Hub(":memory:")
    learner, _token = hub.store.join(hub.code, "Ada")
    events = [{"id": f"e{k}", **e} for k, e in enumerate(page)]
    assert hub.add_events(learner, events) == ([e["id"] for e in events], [])
    summary = {i["item"]: i for i in hub.summary("06")["items"]}
    assert summary["06.p3"]["answers"] == 1 and summary["06.p3"]["exact"] == "2/65"
    assert summary["6.1"]["first_try_right"] == 0


def test_a_wrong_answer_that_matches_a_known_mistake_names_it(page):
    from widgets import Quiz
    from sette_kit.questions import Mistake, Question

    link.begin_page("06", page.append)
    quiz = Quiz(Question("Chance of a figure from 39 cards with 12 figures?", Fraction(12, 39), kind="probability",
                         mistakes=(Mistake(Fraction(12, 40), "forgot the card in hand"),)))
    quiz.check("12/40")
    assert page[-1]["mistake"] == "3/10" and page[-1]["item"] == "06.q1"  # the mistake's value: no words


@pytest.mark.parametrize("lang", ["it", "es"])
def test_the_same_mistake_in_two_languages_sends_the_same_id(page, lang):
    """A mixed-language class adds up its mistakes too: the mistake goes out as
    its id, never as the feedback's words (S1: a figure counts ½, not 10)."""
    from widgets import Quiz
    from sette_kit.cards import parse_cards
    from sette_kit.i18n import language
    from sette_kit.questions import worth_question
    from sette_kit.rules import Rules

    hand, plain = parse_cards("Fante di coppe, 3 di spade"), Rules.preset("plain")
    feedback = {}
    for lang_now in ("en", lang):
        with language(lang_now):
            link.begin_page("01", page.append)
            quiz = Quiz(worth_question(hand, plain))
            quiz.check("13")  # the figure counted 10, as in blackjack
            feedback[lang_now] = quiz.feedback_text
    assert feedback["en"] != feedback[lang]                          # two languages on the screen
    assert page[-2]["mistake"] == page[-1]["mistake"] == "figures counted 10"
    assert page[-2]["right"] is page[-1]["right"] is False


def test_the_teachers_reveal_and_vote_again_reach_the_page(page):
    open_lesson(LESSON_06, page)
    p3 = link.widget("06.p3")
    p3.guess("5%")
    assert link.follow({"items": {"06.p3": {"round": 2, "revealed": False, "reset": 0.0}}}) == ["06.p3"]
    assert not p3.revealed and p3.box.value == "" and not p3.box.disabled   # open again: vote again
    p3.guess("3%")
    assert page[-1]["round"] == 2 and page[-1]["answer"] == "3/100"
    p4 = link.widget("06.p4")
    assert link.follow({"items": {"06.p4": {"round": 1, "revealed": True, "reset": 0.0}}}) == ["06.p4"]
    assert p4.revealed and p4.closeness == "no guess"          # the answer shows on every page
    assert link.follow({"items": {"06.p4": {"round": 1, "revealed": True, "reset": 0.0}}}) == []
    assert link.follow({"items": {"06.p4": {"round": 1, "revealed": False, "reset": 5.0}}}) == ["06.p4"]
    assert not p4.revealed                                     # the teacher reset it


def test_a_predict_can_be_named_and_the_manifest_reads_the_name(tmp_path, page):
    from widgets import Predict

    source = 'Predict("Chance of a figure?", Fraction(12, 39), key="figure")\nPredict("Chance of a 7?", Fraction(4, 39))'
    nb = {"cells": [{"cell_type": "code", "source": source, "metadata": {}, "outputs": [], "execution_count": None}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "06-x.ipynb"
    path.write_text(json.dumps(nb))
    assert [i["id"] for i in items.read_notebook(path)] == ["figure", "06.p2"]
    link.begin_page("06", page.append)
    made = [Predict("Chance of a figure?", Fraction(12, 39), key="figure"), Predict("Chance of a 7?", Fraction(4, 39))]
    assert [link.item_of(p) for p in made] == ["figure", "06.p2"]
    with pytest.raises(Exception, match="key"):
        Predict("Chance of a 7?", Fraction(4, 39), key="")


def test_a_page_of_no_lesson_has_no_items_and_a_bad_lesson_is_refused():
    from widgets import Predict

    link.end_page()
    assert link.item_of(Predict("Chance of a 7?", Fraction(4, 39))) is None
    with pytest.raises(Exception, match="two digits"):
        link.begin_page("6")


def test_a_reload_shows_the_learners_own_answers_and_sends_nothing_again(page):
    open_lesson(LESSON_06, page)
    link.widget("06.p1").guess(link.widget("06.p1").choices[1])
    link.widget("06.p3").guess("5%")
    kept = {e["item"]: {"answer": e["answer"], "round": e["round"]} for e in page}
    sent = len(page)
    open_lesson(LESSON_06, page)              # the reload: a new page of the same lesson
    link.follow({"items": {"06.p1": {"round": 2, "revealed": False, "reset": 0.0},
                           "06.p3": {"round": 1, "revealed": False, "reset": 0.0}}})
    assert link.restore({**kept, "06.p4": {"answer": "x"}}) == ["06.p3"]
    assert link.widget("06.p3").guessed == Fraction(1, 20)
    assert not link.widget("06.p1").revealed  # answered in round 1; the class votes in round 2 now
    assert not link.widget("06.p4").revealed  # an answer it cannot read is left
    assert len(page) == sent                  # nothing sent again
    link.widget("06.p1").guess("lower")
    assert len(page) == sent + 1 and page[-1]["round"] == 2


def test_the_page_cuts_its_texts_where_the_hub_stops_keeping_them():
    from sette_kit.classroom.store import MAX_ANSWER

    assert link.MAX_TEXT == MAX_ANSWER  # a longer answer would be refused and the event lost


def test_a_reload_shows_the_learners_own_exercise_answers_marked_and_sends_nothing_again(page):
    """The class hub's promise: "a learner's own answers stay in their browser, so a reload keeps them":
    an exercise shows its last answer again, marked as it was, and its score counts it."""
    open_lesson(LESSON_06, page)
    first, second = link.widget("6.1"), link.widget("6.2")
    right = str(Fraction(first.question.answer))
    first.check("0")
    first.check(right)
    second.check("0")
    kept = {}
    for e in page:
        if e["kind"] == "exercise":
            kept[e["item"]] = {"kind": "exercise", "answer": e["answer"]}  # the last answer of each
    sent = len(page)
    open_lesson(LESSON_06, page)              # the reload
    assert sorted(link.restore({**kept, "6.3": {"kind": "exercise", "answer": ""}})) == ["6.1", "6.2"]
    first, second = link.widget("6.1"), link.widget("6.2")
    assert first.answer_box.value == right and first.closed and first.right == 1
    assert second.answer_box.value == "0" and not second.closed and "sk-wrong" in second.feedback.value
    assert len(page) == sent                  # nothing sent again
    second.check(str(Fraction(second.question.answer)))
    assert len(page) == sent + 1 and page[-1]["item"] == "6.2" and page[-1]["right"] is True
