"""The class hub's items manifest: stable ids, the same in all three languages."""

import json

import pytest

from sette_kit.classroom import items as it
from sette_kit.errors import SetteKitError
from sette_kit.serve import lessons_dir

LESSONS = lessons_dir()
FILES = sorted(p.name for p in LESSONS.glob("[0-9][0-9]-*.ipynb"))


def test_every_lesson_with_a_predict_or_quiz_has_items():
    m = it.manifest()
    lessons = {name[:2] for name in FILES if ("Predict(" in (LESSONS / name).read_text()
                                              or "Quiz(" in (LESSONS / name).read_text())}
    assert set(m) == lessons and "06" in m and "00" not in m
    for lesson, items in m.items():
        ids = [i.id for i in items]
        assert len(ids) == len(set(ids)), lesson  # unique within a lesson
        assert all(i.kind in it.KINDS and i.lesson == lesson for i in items)


def test_ids_follow_the_calls_in_order():
    six = it.manifest()["06"]
    assert [i.id for i in six] == ["06.p1", "06.p2", "06.p3", "06.p4", "6.1", "6.2", "6.3", "6.4"]
    assert [i.kind for i in six] == ["choice"] * 2 + ["number"] * 2 + ["exercise"] * 4
    assert six[2].range == (0, 1) and not six[2].whole
    assert it.item("01", "01.p2").whole  # a count
    assert it.item("03", "03.p1").choices == ("You", "The bank", "Nobody: a draw")
    assert it.item("03", "03.p2").choices is None  # computed in the lesson, not stated in the call


@pytest.mark.parametrize("lang", it.LANGUAGES)
def test_other_languages_give_the_same_ids_and_kinds(lang):
    for name in FILES:
        other = LESSONS / lang / name
        assert other.is_file(), other
        en = [(r["id"], r["kind"], r["input"], len(r.get("choices") or ())) for r in it.read_notebook(LESSONS / name)]
        xx = [(r["id"], r["kind"], r["input"], len(r.get("choices") or ())) for r in it.read_notebook(other)]
        assert xx == en, (lang, name)


def test_a_choice_in_any_language_is_the_same_choice():
    p = it.item("03", "03.p1")
    it_words = dict(p.labels)["it"]
    assert it_words != p.choices  # translated
    assert {it.normalise_answer(p, w) for w in (p.choices[1], it_words[1], dict(p.labels)["es"][1], "1")} == \
        {"The bank"}
    with pytest.raises(SetteKitError, match="accepted a choice's index 0 to 2"):
        it.normalise_answer(p, "Nessuno di questi")


def test_numbers_are_read_exactly_and_checked():
    assert it.normalise_answer(it.item("06", "06.p3"), "40%") == "2/5"
    with pytest.raises(SetteKitError, match="between 0 and 1"):
        it.normalise_answer(it.item("06", "06.p3"), "65")
    with pytest.raises(SetteKitError, match="whole number"):
        it.normalise_answer(it.item("01", "01.p2"), "2.5")


def test_unknown_lesson_or_item_names_what_is_accepted():
    with pytest.raises(SetteKitError, match="accepted 01, 02"):
        it.item("99", "99.p1")
    with pytest.raises(SetteKitError, match=r"accepted 06\.p1, 06\.p2"):
        it.item("06", "06.p9")


def test_a_notebook_of_ones_own(tmp_path):
    code = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
            "source": ["x = 3\n", "Predict('How many?', 4, kind='count')\n",
                       "Quiz(Question(text='Say 2', answer=2), exercise='1.1'); Quiz(q)\n",
                       "Predict('Which?', 'b', kind='choice', choices=['a', 'b'])"]}
    (tmp_path / "01-mine.ipynb").write_text(json.dumps({"cells": [code], "metadata": {}, "nbformat": 4,
                                                         "nbformat_minor": 5}))
    items = it.manifest(tmp_path)["01"]
    assert [(i.id, i.kind, i.answer) for i in items] == [("01.p1", "number", "4"), ("1.1", "exercise", None),
                                                         ("01.q2", "exercise", None), ("01.p2", "choice", "b")]
    assert items[1].question == "Say 2"
    with pytest.raises(SetteKitError, match="two-digit number"):
        it.read_notebook(tmp_path / "mine.ipynb")
