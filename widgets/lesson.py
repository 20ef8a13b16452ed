"""The lesson kit's page helpers: what a lesson's cells call (``lesson.header(1)``,
``lesson.rule_box("S2")``, ``lesson.footer(1)``, ``lesson.lesson_map()``), so that no
lesson cell builds HTML itself and every lesson gets the same navigation, rule boxes and
map from the catalogue :mod:`sette_kit.course`.

The pieces are plain HTML made below the views, in :mod:`sette_kit.lesson_page` (where
the static site makes them too, ahead of time), and re-exported here.  This module adds
what needs a view: the header's part in a page served to a class (it shows the hidden
:class:`~widgets.class_bridge.ClassBridge`) and :func:`cards_in_faces`, which draws cards.

>>> print(rule_box("S2").text.splitlines()[0])
Rule S2 · Adding up, and going bust
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
