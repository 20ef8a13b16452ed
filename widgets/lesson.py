"""The shape of a lesson: its header, rule boxes, footer and the landing page's map.

The pieces themselves are plain HTML made below the views, in :mod:`sette_kit.lesson_page`
(the static site makes them there too, ahead of time); this module is what a lesson's
cells call (``lesson.header(1)``): the same functions, plus the header's part in a page
served to a class (:class:`~widgets.class_bridge.ClassBridge`) and :func:`cards_in_faces`,
which draws cards.  A lesson's code cells call these small functions, and no lesson cell
builds HTML itself: every lesson gets the same navigation, the same rule boxes and the same map,
all from the catalogue :mod:`sette_kit.course` (titles, questions, rule wordings).

- :func:`header` - the navigation (previous / index / next), "Lesson N · about M
  minutes", the title and the question the lesson opens with; it also carries the
  kit's stylesheet, so the page has it from its first output on;
- :func:`rule_box` - the learner's wording of one or more rules, by id (``"S13"``,
  ``"S7-S9"``), the same in every lesson;
- :func:`footer` - what comes next (its opening question, to make you want to go on)
  and the navigation again;
- :func:`lesson_map` - the landing page's map: every lesson of the course by part, a
  link for each lesson whose notebook exists and "coming" for the others, and any
  other notebook of the folder after them.

Links are relative (``02-the-matta.ipynb``) and open in the same tab (``target="_self"``:
without it Voilà's output renderer opens every link of an output in a new tab): Voilà,
JupyterLab and the static site all follow them.  A lesson whose notebook is not in the lessons folder is never linked
(:func:`sette_kit.course.available`, checked when the cell runs).  Each function
returns a :class:`Block`: it displays as HTML and reads as plain text.

>>> h = header(1)
>>> "<h1 class=\\"sk-lesson-title\\">Cards and scoring</h1>" in h.html
True
>>> print(h.text.splitlines()[-1])
In this game a King is worth half a point. Is a 5, a 2 and a King a good hand, or have you lost already?
>>> print(rule_box("S2").text)
Rule S2 · Adding up, and going bust
Your hand is worth the sum of its cards. Over 7½ you are bust (sballato): you have lost. 7½ itself is the best score.
"""

from __future__ import annotations

import json

from sette_kit import course, lesson_page
from sette_kit.classroom import link
from sette_kit.classroom.words import words as class_words
from sette_kit.i18n import _, get_language, pgettext, set_language
from sette_kit.lesson_page import Block, footer, languages, lesson_map, marked, nav, rule_box

from .base import esc

__all__ = ["Block", "languages", "header", "footer", "nav", "rule_box", "lesson_map", "marked", "cards_in_faces",
           "face_name", "static_html"]


def header(number, folder=None, lang: str | None = None) -> Block:
    """The top of a lesson (:func:`sette_kit.lesson_page.header`): navigation, "Lesson N ·
    about M minutes", the title and the opening question; it carries the stylesheet.
    ``lang`` sets the kernel's language first.  The lesson's page begins here: in a
    kernel of ``sette-kit serve --class`` the header also shows the class bridge.

    >>> [line for line in header(0).text.splitlines() if "minutes" in line]
    ['Start here · about 10 minutes']
    """
    if lang is not None:
        set_language(lang)
    l = course.lesson(number)
    return lesson_page.header(l, folder, tail=_begin_page(f"{l.number:02d}"))


def _begin_page(lesson: str) -> str:
    """The page of ``lesson`` begins here unless its runtime began it (the static site
    does, before the cells): its Predicts and exercises take the ids the class hub knows
    (:mod:`sette_kit.classroom.link`).  In a kernel of ``sette-kit serve --class`` the
    header also shows the hidden :class:`~widgets.class_bridge.ClassBridge` and returns
    the page's marker (its lesson and the words of the join dialog, for the page's
    script); else ``""``."""
    if link.lesson() != lesson:
        link.begin_page(lesson)
    if not link.served_in_class():
        return ""
    from IPython.display import display

    from .class_bridge import ClassBridge

    display(ClassBridge())
    words = json.dumps(class_words(), ensure_ascii=False)
    return (f'<div class="sk-class-served" hidden data-sk-lesson="{lesson}" '
            f'data-sk-lang="{esc(get_language())}" data-sk-words="{esc(words)}"></div>')


FACE_NAMES = {"italian": "Italian", "french": "French", "spanish": "Spanish"}
"""The name of each face of the deck, in English; :func:`face_name` names it in the
current language."""


def face_name(face: str) -> str:
    """The name of a face of the deck in the current language (a context tells it apart
    from the same word naming a language or a set of rules).

    >>> face_name("french")
    'French'
    """
    names = {"italian": pgettext("face of the deck", "Italian"),
             "french": pgettext("face of the deck", "French"),
             "spanish": pgettext("face of the deck", "Spanish")}
    return names.get(face, FACE_NAMES.get(face, face))


def cards_in_faces(cards, faces=("italian", "french", "spanish"), size: int = 56) -> Block:
    """The same cards drawn in each face, one row per face with its name (D1).

    >>> b = cards_in_faces("7c Rd", faces=("italian", "french"))
    >>> b.text.splitlines()[0], b.html.count('role="img"')
    ('Italian: 7 of cups, King of coins', 4)
    """
    from sette_kit.cards import parse_cards

    from .render import hand_html

    shown = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    names = {f: face_name(f) for f in faces}
    rows = "".join(f'<div class="sk-face-row"><p class="sk-face-name" aria-hidden="true">{esc(names[f])}</p>'
                   f'{hand_html(shown, face=f, size=size, label=names[f], exact_face=True)}</div>' for f in faces)
    label = esc(_("The same cards in each face"))
    return Block(f'<div class="sk-faces" role="group" aria-label="{label}">{rows}</div>')


HELPERS = {**lesson_page.HELPERS, "header": header, "cards_in_faces": cards_in_faces}
"""The page helpers :func:`static_html` makes ahead of time: those of
:mod:`sette_kit.lesson_page`, with this module's header and :func:`cards_in_faces`."""


def static_html(source: str, folder=None) -> tuple[str | None, str]:
    """:func:`sette_kit.lesson_page.static_html` with this module's helpers (cards drawn
    too): the HTML a lesson cell's page helper shows, made ahead of time, and the code
    left to run.

    >>> static_html('lesson.cards_in_faces("7c", faces=("italian",))')[0].count('role="img"')
    1
    """
    return lesson_page.static_html(source, folder, HELPERS)
