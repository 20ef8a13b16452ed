"""The class hub's items: every lesson's Predicts and exercises, with stable ids.

An item id is the same in every language, so a class whose learners read the lesson in
English, Italian and Spanish adds up: for lesson ``NN`` the k-th ``Predict`` is
``NN.p{k}`` (or its ``key=``) and the k-th ``Quiz`` is its ``exercise=`` number (``"6.1"``)
or ``NN.q{k}``; a page gives its widgets the same ids as it makes them
(:mod:`sette_kit.classroom.link`).
The ids are read from the notebooks themselves (their code cells, parsed, never run):
the English notebook is each lesson's source, and the Italian and Spanish notebooks are
made from it, so they hold the same calls in the same order (a test holds them to it).

An item's ``kind`` is what the dashboard draws: ``"number"`` (a histogram: a Predict
asking for a probability, a number, a score or a count), ``"choice"`` (bars: a Predict
with choices, or "higher" / "lower") or ``"exercise"`` (a Quiz: right at the first try,
the common mistakes).  Where the call states them, the item keeps the choices (in each
language, so an answer in any of them counts as the same choice), a probability's range
0 to 1, a count's being whole, and the exact answer.

>>> items = manifest()
>>> [(i.id, i.kind, i.input) for i in items["06"]][:2]
[('06.p1', 'choice', 'higher_lower'), ('06.p2', 'choice', 'higher_lower')]
>>> items["06"][0].choices, items["06"][4].id, items["06"][4].kind
(('higher', 'lower'), '6.1', 'exercise')
>>> item("06", "06.p3").range
(0, 1)
"""

from __future__ import annotations

import ast
import json
from dataclasses import asdict, dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from sette_kit.errors import SetteKitError

__all__ = ["Item", "KINDS", "LANGUAGES", "manifest", "item", "read_notebook", "normalise_answer"]

KINDS = ("number", "choice", "exercise")
"""What an item is, for the dashboard: a number (histogram), a choice (bars), an exercise."""
LANGUAGES = ("it", "es")
"""The lesson languages besides English, each in ``lessons/<lang>/`` under the same names."""

_NUMBER_INPUTS = ("probability", "number", "points", "count")
_HIGHER_LOWER = ("higher", "lower")


@dataclass(frozen=True)
class Item:
    """One Predict or exercise of a lesson.

    ``lesson``: the lesson's number, two digits.  ``id``: the stable id.  ``kind``: one of
    :data:`KINDS`.  ``input``: the widget's own kind (a Predict's ``kind=``, ``"quiz"``).
    ``question``: the English question where the call states it as text, else ``""``.
    ``choices``: the English choices, or ``None`` where the call computes them;
    ``labels``: the same choices in each other language, by language code.  ``range``:
    (lowest, highest) a number can be, or ``None``.  ``whole``: the answer is a whole
    number.  ``answer``: the exact answer where the call states it (text), else ``None``.
    """

    lesson: str
    id: str
    kind: str
    input: str
    question: str = ""
    choices: tuple[str, ...] | None = None
    labels: tuple[tuple[str, tuple[str, ...]], ...] = ()
    range: tuple[int, int] | None = None
    whole: bool = False
    answer: str | None = None

    def to_json(self) -> dict:
        d = asdict(self)
        d["labels"] = {lang: list(words) for lang, words in self.labels}
        return d


# ---------------------------------------------------------------------------------------
# Reading a notebook's calls
# ---------------------------------------------------------------------------------------

def _literal(node):
    """The value of a node that states it: a string, a number, ``Fraction(a, b)``,
    a list or tuple of those; else raise ValueError."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Fraction":
        return Fraction(*(_literal(a) for a in node.args))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # "a" "b" split over lines is one Constant;
        left, right = _literal(node.left), _literal(node.right)     # "a" + "b" is this
        if isinstance(left, str) and isinstance(right, str):
            return left + right
        raise ValueError("not text")
    value = ast.literal_eval(node)
    if isinstance(value, bool):
        raise ValueError("a bool is no answer here")
    return value


def _text_of(node) -> str:
    try:
        value = _literal(node)
    except (ValueError, TypeError, SyntaxError):
        return ""
    return value if isinstance(value, str) else ""


def _calls(source: str):
    """The Predict( and Quiz( calls of one code cell, in the order they are written."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return []
    found = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
             and n.func.id in ("Predict", "Quiz")]
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def _predict(lesson: str, k: int, call: ast.Call) -> dict:
    kw = {k.arg: k.value for k in call.keywords if k.arg}
    widget_kind = _text_of(kw["kind"]) if "kind" in kw else "probability"
    question = _text_of(call.args[0]) if call.args else _text_of(kw.get("question"))
    answer_node = call.args[1] if len(call.args) > 1 else kw.get("answer")
    try:
        answer = _literal(answer_node) if answer_node is not None else None
    except (ValueError, TypeError, SyntaxError):
        answer = None
    key = _text_of(kw["key"]) if "key" in kw else ""
    out = {"lesson": lesson, "id": key or f"{lesson}.p{k}", "input": widget_kind, "question": question}
    if widget_kind in ("choice", "higher_lower"):
        out["kind"] = "choice"
        choices = None
        if widget_kind == "higher_lower":
            choices = kw.get("choices")
            choices = _HIGHER_LOWER if choices is None else choices
        else:
            choices = kw.get("choices")
        if choices is not None and not isinstance(choices, tuple):
            try:
                choices = tuple(_literal(choices))
            except (ValueError, TypeError, SyntaxError):
                choices = None
        out["choices"] = None if choices is None else tuple(str(c) for c in choices)
        out["answer"] = answer if isinstance(answer, str) and widget_kind == "choice" else None
    else:
        out["kind"] = "number"
        out["range"] = (0, 1) if widget_kind == "probability" else None
        out["whole"] = widget_kind == "count"
        out["answer"] = None if answer is None or isinstance(answer, str) else str(Fraction(answer))
    return out


def _quiz(lesson: str, k: int, call: ast.Call) -> dict:
    kw = {k.arg: k.value for k in call.keywords if k.arg}
    ex = _text_of(kw["exercise"]) if "exercise" in kw else ""
    question = ""
    q = call.args[0] if call.args else None
    if isinstance(q, ast.Call) and isinstance(q.func, ast.Name) and q.func.id == "Question":
        qkw = {k.arg: k.value for k in q.keywords if k.arg}
        question = _text_of(qkw.get("text", q.args[0] if q.args else ast.Constant(None)))
    return {"lesson": lesson, "id": ex or f"{lesson}.q{k}", "kind": "exercise", "input": "quiz",
            "question": question}


def read_notebook(path) -> list[dict]:
    """The items of one lesson notebook (a path named ``NN-title.ipynb``), as dicts, in order."""
    path = Path(path)
    lesson = path.name[:2]
    if not lesson.isdigit():
        raise SetteKitError(f"{path.name}: a lesson notebook's name starts with its two-digit number (06-...)")
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SetteKitError(f"{path}: cannot read this notebook ({exc}); accepted: a lesson's .ipynb file") from exc
    out, p, q = [], 0, 0
    for cell in nb.get("cells", ()):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        for call in _calls(source):
            if call.func.id == "Predict":
                p += 1
                out.append(_predict(lesson, p, call))
            else:
                q += 1
                out.append(_quiz(lesson, q, call))
    return out


# ---------------------------------------------------------------------------------------
# The manifest
# ---------------------------------------------------------------------------------------

def _folder(folder) -> Path:
    if folder is not None:
        return Path(folder)
    from ..kit_lessons import lessons_dir  # the folder `sette-kit serve` and the site build use
    return lessons_dir()


def _stamp(folder: Path) -> tuple:
    files = sorted(folder.glob("[0-9][0-9]-*.ipynb"))
    return tuple((f.name, f.stat().st_mtime_ns, f.stat().st_size) for f in files)


@lru_cache(maxsize=8)
def _manifest(folder: str, stamp: tuple) -> dict[str, tuple[Item, ...]]:
    root = Path(folder)
    out: dict[str, tuple[Item, ...]] = {}
    for name, _mtime, _size in stamp:
        rows = read_notebook(root / name)
        labels: dict[int, list] = {}
        for lang in LANGUAGES:
            other = root / lang / name
            if not other.is_file():
                continue
            for i, row in enumerate(read_notebook(other)):
                if i < len(rows) and row["id"] == rows[i]["id"] and row.get("choices") and rows[i].get("choices"):
                    if len(row["choices"]) == len(rows[i]["choices"]):
                        labels.setdefault(i, []).append((lang, row["choices"]))
        items = []
        for i, row in enumerate(rows):
            items.append(Item(**{**row, "labels": tuple(labels.get(i, ()))}))
        if items:
            out[name[:2]] = tuple(items)
    return out


def manifest(folder=None) -> dict[str, tuple[Item, ...]]:
    """Every lesson's items, by lesson number ("06"), read from the lessons' folder
    (``folder``, default the kit's lessons: :func:`sette_kit.app.kit_lessons.lessons_dir`).

    Read once per process and read again when a notebook changes."""
    root = _folder(folder)
    if not root.is_dir():
        raise SetteKitError(f"{root}: no such folder; accepted: the folder of the lesson notebooks")
    return _manifest(str(root.resolve()), _stamp(root))


def item(lesson: str, item_id: str, folder=None) -> Item:
    """One item, or a :class:`SetteKitError` naming the lesson's items."""
    items = manifest(folder)
    if not isinstance(lesson, str) or lesson not in items:
        raise SetteKitError(f"lesson={lesson!r:.12}: accepted {', '.join(items)}")
    for it in items[lesson]:
        if isinstance(item_id, str) and it.id == item_id:
            return it
    raise SetteKitError(f"item={item_id!r:.40} is not an item of lesson {lesson}; accepted "
                        f"{', '.join(i.id for i in items[lesson])}")


def normalise_answer(it: Item, answer: str) -> str:
    """A learner's answer to ``it`` as the hub stores it: a choice in English (given its
    0-based index, or its words in any of the lesson's languages), a number as an exact
    fraction (``"19/39"``), an exercise's answer as written.  Raises
    :class:`SetteKitError` saying what is accepted.

    >>> p = item("06", "06.p1")
    >>> normalise_answer(p, "1"), normalise_answer(p, "higher")
    ('lower', 'higher')
    >>> normalise_answer(item("06", "06.p3"), "25%"), normalise_answer(item("02", "02.p2"), "7½")
    ('1/4', '15/2')
    """
    if it.kind == "exercise" or answer == "":
        return answer
    if it.kind == "choice":
        if it.choices is None:
            return answer
        if answer.isdigit() and int(answer) < len(it.choices):
            return it.choices[int(answer)]
        for words in (it.choices, *(w for _lang, w in it.labels)):
            if answer in words:
                return it.choices[words.index(answer)]
        raise SetteKitError(f"answer={answer!r:.40} to {it.id}: accepted a choice's index 0 to "
                            f"{len(it.choices) - 1}, or one of {', '.join(it.choices)}")
    from sette_kit.answers import parse_answer
    try:
        value = parse_answer(answer, {"probability": "probability", "points": "points"}.get(it.input, "number")).value
    except SetteKitError as exc:
        raise SetteKitError(f"answer={answer!r:.40} to {it.id}: {exc}") from None
    if it.range is not None and not it.range[0] <= value <= it.range[1]:
        raise SetteKitError(f"answer={answer!r:.40} to {it.id}: accepted a number from {it.range[0]} to {it.range[1]}")
    if it.whole and value.denominator != 1:
        raise SetteKitError(f"answer={answer!r:.40} to {it.id}: accepted a whole number")
    return str(value)


if __name__ == "__main__":  # pragma: no cover - `python -m sette_kit.app.classroom.items` prints the manifest
    print(json.dumps({k: [i.to_json() for i in v] for k, v in manifest().items()}, ensure_ascii=False, indent=1))
