"""A lesson page's side of a class: what its Predicts and exercises send to the
class hub, and what the teacher's controls do to them.

Every ``Predict`` and ``Quiz`` a page makes takes its item id here (:func:`register`), in
the order the page makes them, exactly as :mod:`sette_kit.classroom.items` reads them
from the notebook: the k-th Predict of lesson ``NN`` is ``NN.pk`` (or its ``key=``), the
k-th Quiz its ``exercise=`` number or ``NN.qk``.  The ids are the same in the three
languages, so a mixed-language class adds up.

Not in a class, nothing is sent anywhere: a page sends only once the page's script has
called :func:`begin_page` with a ``send`` function (the static site's runtime posts each
event to the page, which queues it for the hub).  The events are the hub's
(``docs/classroom.md``, "Sending answers"), language-free: a choice as its index, a
number as an exact fraction.

The teacher's controls reach the page as the hub's state (:func:`follow`): a revealed
item shows its answer, a new round (vote again) or a reset opens a Predict again.

Two pages reach a hub.  The static site's runtime begins the page before its cells and
passes the events to the page's script.  A lesson served by ``sette-kit serve --class``
(:data:`CLASS_ENV` set in its kernel's environment) begins its page in its header, and
talks with the page's script through a hidden pair of widgets
(:class:`widgets.class_bridge.ClassBridge`); the page calls :func:`send_to` once the
learner has joined.

>>> sent = []
>>> begin_page("06", sent.append)
>>> from fractions import Fraction
>>> class P:  # a stand-in for a Predict: what this module reads of one
...     choices, revealed = (), False
...     def show_me(self): self.revealed = True
...     def reopen(self): self.revealed = False
>>> p = P()
>>> register(p, "predict")
'06.p1'
>>> guessed(p, Fraction(2, 5), Fraction(19, 39))
>>> sent
[{'lesson': '06', 'item': '06.p1', 'kind': 'predict', 'answer': '2/5', 'round': 1, 'exact': '19/39'}]
>>> follow({"items": {"06.p1": {"round": 1, "revealed": True, "reset": 0.0}}}), p.revealed
(['06.p1'], True)
>>> follow({"items": {"06.p1": {"round": 2, "revealed": False, "reset": 0.0}}}), p.revealed
(['06.p1'], False)
>>> guessed(p, Fraction(1, 2), Fraction(19, 39)); sent[-1]["round"]
2
>>> end_page()
"""

from __future__ import annotations

import os
import weakref
from fractions import Fraction
from typing import Any, Callable

from sette_kit.errors import SetteKitError

__all__ = ["begin_page", "end_page", "send_to", "lesson", "served_in_class", "register", "guessed", "checked", "follow", "restore", "item_of", "widget", "in_class", "css_class"]

KINDS = ("predict", "quiz")
"""What registers: a Predict or a Quiz (an exercise)."""
CLASS_ENV = "SETTE_KIT_CLASS"
"""Set to ``1`` in a served kernel's environment by ``sette-kit serve --class``."""
MAX_TEXT = 200
"""The longest answer, exact answer or mistake the hub keeps (``store.MAX_ANSWER``)."""


class _Page:
    def __init__(self, lesson: str | None = None, send: Callable[[dict], Any] | None = None) -> None:
        self.lesson, self.send = lesson, send
        self.counts = dict.fromkeys(KINDS, 0)
        self.widgets: dict[str, weakref.ref] = {}  # item id -> the widget (weakly: a closed one goes)
        self.ids: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # widget -> item id
        self.rounds: dict[str, int] = {}           # item id -> the round now (from the hub)
        self.resets: dict[str, float] = {}         # item id -> the last reset time seen
        self.quiet = False                         # restoring the learner's own answers: not sent again


_page = _Page()


def _lesson_of(lesson) -> str:
    text = str(lesson)
    if not (len(text) == 2 and text.isdigit()):
        raise SetteKitError(f"lesson={lesson!r}: accepted a lesson's two digits, such as '06'")
    return text


def begin_page(lesson, send: Callable[[dict], Any] | None = None) -> None:
    """A new page: lesson ``lesson`` (two digits) starts counting its items from 1.
    ``send(event)``, if given, receives every answer as the hub's event (the page is in a
    class); without it nothing is sent."""
    global _page
    _page = _Page(_lesson_of(lesson), send)


def end_page() -> None:
    """The page is gone (the next lesson in the same Python): nothing more is sent."""
    global _page
    _page = _Page()


def send_to(send: Callable[[dict], Any] | None) -> None:
    """From now on this page's answers go to ``send(event)`` (None: nowhere): a served
    page, once its learner has joined.  The items and rounds stay as they are."""
    _page.send = send


def lesson() -> str | None:
    """The lesson of this page (two digits), or None before a page has begun."""
    return _page.lesson


def served_in_class() -> bool:
    """True in a kernel of ``sette-kit serve --class`` (:data:`CLASS_ENV`)."""
    return os.environ.get(CLASS_ENV, "").strip() == "1"


def in_class() -> bool:
    """True when this page's answers go to a class."""
    return _page.send is not None


def register(widget, kind: str, key: str | None = None, exercise: str | None = None) -> str | None:
    """Give ``widget`` (a Predict or a Quiz, ``kind``) its item id, the next of its kind on
    this page: ``key`` if given, else a Quiz's ``exercise`` number, else ``NN.pk`` /
    ``NN.qk``.  None on a page of no lesson (a notebook of one's own)."""
    if kind not in KINDS:
        raise SetteKitError(f"kind={kind!r}: accepted {', '.join(KINDS)}")
    page = _page
    page.counts[kind] += 1
    if page.lesson is None and key is None:
        return None
    item = key or exercise or f"{page.lesson}.{kind[0]}{page.counts[kind]}"
    page.widgets[item] = weakref.ref(widget)
    page.ids[widget] = item
    return item


def css_class(item: str | None) -> str | None:
    """The class a widget's view carries for its item (``06.p3`` -> ``sk-item-06-p3``):
    the page's own way to find an item's widget, in any language.

    >>> css_class("6.1"), css_class(None)
    ('sk-item-6-1', None)
    """
    if item is None:
        return None
    return "sk-item-" + "".join(ch if ch.isascii() and (ch.isalnum() or ch in "_-") else "-" for ch in item)


def item_of(widget) -> str | None:
    """The item id ``widget`` was given on this page, or None."""
    return _page.ids.get(widget)


def widget(item: str):
    """The widget of item ``item`` on this page, or None."""
    ref = _page.widgets.get(item)
    return ref() if ref is not None else None


def _send(widget, event: dict) -> None:
    page = _page
    item = page.ids.get(widget)
    if page.send is None or item is None or page.quiet:
        return
    page.send({"lesson": page.lesson, "item": item, **event})


def _text(value, choices) -> str:
    if choices:
        return str(list(choices).index(value))
    return str(Fraction(value))


def _cut(text: str | None) -> str | None:
    return None if text is None else text[:MAX_TEXT]


def guessed(widget, guess, answer) -> None:
    """A Predict's guess was committed: ``guess`` and the engine's ``answer``, as values
    (a Fraction, or one of ``widget.choices``).  An exact answer longer than the hub
    keeps (lesson 9's has 1,534 digits) is left out: the dashboard then shows the class's
    answers without it."""
    item = _page.ids.get(widget)
    exact = _text(answer, widget.choices)
    event = {"kind": "predict", "answer": _cut(_text(guess, widget.choices)), "round": _page.rounds.get(item, 1)}
    if len(exact) <= MAX_TEXT:
        event["exact"] = exact
    _send(widget, event)


def checked(widget, answer: str, right: bool, tries: int, mistake: str | None = None) -> None:
    """An exercise's answer was marked: the text as written, whether it was right, which
    try on this question it was, and the mistake's id (``Mistake.id``, in no language)
    where the feedback named one."""
    _send(widget, {"kind": "exercise", "answer": _cut(str(answer).strip()), "right": bool(right),
                   "tries": int(tries), "mistake": _cut(mistake)})


def restore(answers: dict) -> list[str]:
    """Show the learner's own answers again after a reload (the page keeps them in the
    browser): ``{item: {"answer": ..., "round": n}}`` as the events said them, a
    Predict's guess or an exercise's last answer (checked again, so it is marked as it
    was and the exercise's score counts it).  An answer of an earlier round than the
    item's now, or to an item already answered or revealed, is left; nothing is sent
    again.  Returns the ids shown."""
    page = _page
    shown_ids = []
    page.quiet = True
    try:
        for item, said in (answers or {}).items():
            shown = widget(item)
            if shown is None or not isinstance(said, dict) or shown.revealed:
                continue
            if not hasattr(shown, "guess"):  # an exercise
                answer = str(said.get("answer", "")).strip()
                if answer and not shown.closed and not shown.attempts:
                    shown.check(answer)
                    if shown.attempts:  # read and marked (an unreadable one only says so)
                        shown_ids.append(item)
                continue
            if int(said.get("round") or 1) != page.rounds.get(item, 1):
                continue
            answer = str(said.get("answer", ""))
            if shown.choices:
                if not (answer.isdigit() and int(answer) < len(shown.choices)):
                    continue
                answer = shown.choices[int(answer)]
            if shown.guess(answer) is not None:
                shown_ids.append(item)
    finally:
        page.quiet = False
    return shown_ids


def follow(state: dict) -> list[str]:
    """Apply the hub's state (``GET /class/api/state``) to this page's widgets: a new
    round or a reset opens an item again (``reopen()``), a revealed one shows its answer
    (``show_me()`` for a Predict, ``reveal()`` for a Quiz).  Returns the ids it changed."""
    page = _page
    changed = []
    for item, now in (state.get("items") or {}).items():
        shown = widget(item)
        if shown is None or not isinstance(now, dict):
            continue
        rnd, reset = int(now.get("round") or 1), float(now.get("reset") or 0.0)
        again = rnd > page.rounds.get(item, 1) or (item in page.resets and reset != page.resets[item])
        page.rounds[item], page.resets[item] = rnd, reset
        if again and hasattr(shown, "reopen"):
            shown.reopen()
            changed.append(item)
        if now.get("revealed") and not shown.revealed:
            (shown.show_me if hasattr(shown, "show_me") else shown.reveal)()
            if item not in changed:
                changed.append(item)
    return changed
