"""Helpers shared by the tests that check the numbers stated in the lessons.

A lesson's code cells are run without a kernel, with its widgets replaced by stubs and
``Quiz`` by a stub that captures each exercise's Question, so the tests can compare the
engine's answers with what the text, the solutions and TEACHERS.md state.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
TEACHERS = LESSONS / "TEACHERS.md"


def cells(path):
    return nbformat.read(path, as_version=4).cells


def flat(text: str) -> str:
    """Whitespace collapsed and the typographic minus made ASCII, for substring checks."""
    return " ".join(text.replace("−", "-").split())


def markdown(path) -> str:
    return "\n".join(c.source for c in cells(path) if c.cell_type == "markdown")


def solution(path, number: str) -> str:
    """The ``<details>`` block that follows the heading "### Exercise <number>"."""
    all_cells = cells(path)
    for i, c in enumerate(all_cells):
        if c.cell_type == "markdown" and re.search(rf"^### Exercise {re.escape(number)} ", c.source, re.M):
            for d in all_cells[i + 1:]:
                if d.cell_type == "markdown" and "<details>" in d.source:
                    return d.source
    raise AssertionError(f"no solution for exercise {number}")


class _QuizStub:
    """What a captured ``Quiz(...)`` returns: lessons may set ``answer_box.placeholder``."""

    def __init__(self):
        self.answer_box = type("AnswerBox", (), {})()


class _Stub:
    """A stubbed widget or module: any attribute and any call give the stub again
    (``charts.area_diagram(...)``, ``BettingLab(...).view``)."""

    def __call__(self, *a, **k):
        return self

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return self


def run_lesson(path, stubs=(), extra=None, skip_imports=("from widgets import",), before_cell=None):
    """Run the lesson's code cells with the named widgets stubbed.

    ``Quiz`` is captured by its ``exercise=`` number (lessons in the kit's shape) or its
    title ("Exercise 3.1"); ``Quiz.practice(...)`` calls are recorded in the namespace's
    ``_practice`` list.  The lesson helpers (``lesson``: :mod:`widgets.lesson`) run for real.

    ``before_cell(i)`` is called with each code cell's index in the notebook before it
    runs (to tell which cell a widget was made in).

    Returns ``(namespace, {exercise id: Question}, {exercise id: cell source})``.
    """
    import widgets.lesson

    questions, sources = {}, {}
    practice: list = []

    def quiz(question, title=None, exercise=None, **kw):
        questions[exercise or title.replace("Exercise ", "")] = question
        return _QuizStub()

    quiz.practice = lambda *a, **k: practice.append((a, k)) or _QuizStub()
    from widgets import CoveragePicture, ProbabilityTree

    # the pictures run for real (lessons read their models: ``tree.model``, ``cover.tally``)
    kit = {"Predict": lambda *a, **k: None, "ProbabilityTree": ProbabilityTree,
           "CoveragePicture": CoveragePicture}
    ns = {"Quiz": quiz, "lesson": widgets.lesson, "_practice": practice, **kit,
          **{name: _Stub() for name in stubs}, **(extra or {})}
    for i, c in enumerate(cells(path)):
        if c.cell_type != "code":
            continue
        if before_cell is not None:
            before_cell(i)
        src = "\n".join(line for line in c.source.splitlines() if not line.startswith(tuple(skip_imports)))
        before = set(questions)
        exec(compile(src, str(path), "exec"), ns)  # noqa: S102 - our own lesson code
        for k in set(questions) - before:
            sources[k] = c.source
    return ns, questions, sources


def teachers_section(n: int) -> str:
    """Lesson ``n``'s section of TEACHERS.md, from its heading to the next lesson's heading."""
    text = TEACHERS.read_text(encoding="utf-8")
    m = re.search(rf"^## Lesson {n} · .*?(?=^## Lesson |\Z)", text, re.M | re.S)
    assert m, f"TEACHERS.md has no lesson {n} section"
    return m.group(0)


def teachers_exercise(n: int, number: str, ends: str = r"### |\*\*Exit") -> str:
    """The notes on exercise ``number`` in lesson ``n``'s TEACHERS.md section (flattened),
    up to the next heading or the first of ``ends`` (a regular expression)."""
    m = re.search(rf"### Exercise {re.escape(number)} (.*?)(?={ends}|\Z)", flat(teachers_section(n)))
    assert m, f"TEACHERS.md has no exercise {number}"
    return m.group(1)


def run_with_predicts(path, stubs=(), extra=None):
    """:func:`run_lesson` with every ``Predict(question, answer)`` captured: the namespace,
    the questions, the sources and the predicts, each ``(question, answer, keywords)``
    (a callable answer called)."""
    predicts = []

    def predict(question, answer=None, **kw):
        predicts.append((question, answer() if callable(answer) else answer, kw))

    ns, questions, sources = run_lesson(path, stubs=stubs, extra={"Predict": predict, **(extra or {})})
    return ns, questions, sources, predicts


def predicts_fixture(path, *stubs):
    """A fixture of the module that assigns it: the lesson at ``path`` run once by
    :func:`run_with_predicts`, its widgets ``stubs`` replaced."""
    @pytest.fixture(scope="module")
    def run():
        return run_with_predicts(path, stubs=stubs)
    return run


def lesson_predicts(run, section: int, count: int):
    """The predicts of a lesson ``run`` (there must be ``count``) and its TEACHERS.md
    ``section``, flattened."""
    predicts = run[3]
    assert len(predicts) == count
    return predicts, flat(teachers_section(section))


def run_cells(path) -> dict:
    """Run a lesson's code cells for real, as its page does (IPython's ``%`` and ``!``
    lines left out), in a namespace of its own; the namespace."""
    ns: dict = {}
    for c in cells(path):
        if c.cell_type == "code":
            code = "\n".join(line for line in c.source.splitlines() if not line.lstrip().startswith(("%", "!")))
            exec(compile(code, Path(path).name, "exec"), ns)  # noqa: S102 - our own lesson
    return ns
