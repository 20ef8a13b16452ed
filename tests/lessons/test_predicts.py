"""Every Predict keeps its answer hidden until the guess (the teacher's review).

In app mode a lesson's Markdown is always on screen, so the text right after a Predict
must not give its answer away: what explains the result sits in the Predict's ``why`` or
``reveal``, or in a closed ``<details>`` block ("Why? Open after your guess") that
follows it.  For every Predict of every lesson this test takes the Markdown cell that
follows the Predict's cell, drops its ``<details>`` blocks (closed until the learner
opens them), and looks in what is left for the answer: the answer as the widget writes it
(a choice's words; a number as a percentage or a decimal), and the phrases listed in
:data:`GIVEAWAYS` that say it in other words (the ones the review found in lessons 02,
04 and 07, and their kind).

A Predict asks for an expectation, never for a random tally: :data:`RANDOM` lists what a
Predict's answer may not be read from (a simulation's tally or mean).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from lesson_tools import LESSONS, cells, flat, run_lesson

from sette_kit import fmt

KIT = ("Predict", "ProbabilityTree", "CoveragePicture", "Quiz", "lesson", "charts")
"""What a lesson imports from the widgets that runs for real here; the rest is stubbed."""

GIVEAWAYS = {
    # lesson 2: "what is this hand?" -> a reale
    ("02", "The 7 di denari and the matta"): ["true reale", "counts as a reale", "is a reale"],
    # lesson 4: the Spanish 7 and Sota -> even money
    ("04", "Spanish rules. You staked 5"): ["even money", "ordinary 7½"],
    # lesson 7: hit or stand on 4 -> stand
    ("07", "Do you hit or stand"): ["worse than standing", "better than hitting", "stand on 4", "−49.9%",
                                    "−46.8%", "-49.9%", "-46.8%"],
    # lesson 7: which rule is worth more to the bank -> the ties
    ("07", "Which rule is worth more to the bank"): ["ties are worth more", "tie rule is worth more"],
    # lesson 9: how many of 100 intervals miss -> about 5
    ("09", "how many do you expect to miss"): ["about 5 ", "5 in 100", "1 in 20", "near 5%"],
    # lesson 12: which plan loses a life least often -> knocking at 26
    ("12", "lose a life least often"): ["26 lost the fewest", "knocking at 26 lost", "as soon as you have 26"],
}
"""Phrases that give a Predict's answer away in words, by (lesson, words of its question)."""

RANDOM = re.compile(r"\.tally\b|\bruns\[\d[\d_]*\]\.mean|\bsim_\w*\.(ruined|estimate)")
"""What a Predict's answer may not be: a seeded simulation's tally or average (the answer
is an expectation; the simulation is shown beside it, in ``why`` or ``reveal``)."""

LESSON_FILES = sorted(p for p in LESSONS.glob("[0-9][0-9]-*.ipynb") if p.name[:2] != "00")


def _stubs(path) -> tuple[str, ...]:
    first = next(c for c in cells(path) if c.cell_type == "code").source
    names = []
    for line in first.splitlines():
        if line.startswith("from widgets import"):
            names += [n.strip() for n in line.split("import", 1)[1].split(",")]
    return tuple(n for n in names if n not in KIT)


def _predicts(path):
    """[(cell index, question, answer, keywords)] for every Predict the lesson makes."""
    import widgets.charts

    where = {"cell": None}
    calls = []

    def predict(question, answer, **kw):
        calls.append((where["cell"], question, answer() if callable(answer) else answer, kw))

    run_lesson(path, stubs=_stubs(path), extra={"Predict": predict, "charts": widgets.charts},
               before_cell=lambda i: where.update(cell=i))
    return calls


def visible(markdown: str) -> str:
    """What a learner sees before opening anything: the Markdown without its ``<details>`` blocks."""
    return flat(re.sub(r"<details>.*?</details>", " ", markdown, flags=re.S))


def renderings(answer, kw) -> list[str]:
    """The answer as the page would write it: a choice's words; a number as a percentage
    (one or two decimals) or a decimal (two to four), with its sign where it has one."""
    if kw.get("kind") == "choice":
        return [str(answer)] if len(str(answer)) > 4 else []   # "hit", "yes": too common to look for alone
    if isinstance(answer, bool) or not isinstance(answer, (int, Fraction)):
        return []
    x = Fraction(answer)
    out = []
    if kw.get("kind") in (None, "probability") or kw.get("style") == "percent":
        out += [fmt.percent(x, d) for d in (1, 2)]
    if kw.get("kind") == "number" and kw.get("style") != "percent":
        out += [fmt.decimal(x, d, sign=kw.get("sign", False)) for d in (2, 3, 4)]
    if x.denominator != 1 and x.denominator < 1000:
        out.append(f"{x.numerator}/{x.denominator}")
    return [flat(o) for o in out]


@pytest.fixture(scope="module", params=LESSON_FILES, ids=lambda p: p.name[:2])
def lesson(request):
    path = request.param
    return path, cells(path), _predicts(path)


def test_the_markdown_after_a_predict_does_not_give_its_answer(lesson):
    path, nb, calls = lesson
    code = path.name[:2]
    assert calls, f"{path.name}: no Predict"
    for cell, question, answer, kw in calls:
        after = nb[cell + 1] if cell + 1 < len(nb) else None
        if after is None or after.cell_type != "markdown":
            continue
        text = visible(after.source)
        found = [r for r in renderings(answer, kw) if r in text]
        for (lesson_code, words), phrases in GIVEAWAYS.items():
            if lesson_code == code and words in question:
                found += [p for p in phrases if flat(p) in text]
        assert not found, (f"{path.name}, cell {cell + 1}: the text right after the Predict {question!r} gives its "
                           f"answer away ({found}); move it into the Predict's why/reveal, or into a closed "
                           f"<details> block")


def test_every_giveaway_names_a_predict_of_its_lesson(lesson):
    path, nb, calls = lesson
    code = path.name[:2]
    for (lesson_code, words) in GIVEAWAYS:
        if lesson_code == code:
            assert any(words in q for _, q, _, _ in calls), f"{path.name}: no Predict asks {words!r}"


def test_a_predict_asks_for_an_expectation_not_a_random_tally(lesson):
    path, nb, calls = lesson
    for cell, question, answer, kw in calls:
        source = nb[cell].source
        call = source[source.index("Predict("):]
        first_argument_and_answer = call.split("why=")[0].split("reveal=")[0]
        assert not RANDOM.search(first_argument_and_answer), \
            f"{path.name}, cell {cell}: the Predict {question!r} takes its answer from a simulation's tally"
