"""The course catalogue (lessons, parts, the rules in learners' words).

Moved to :mod:`sette_kit.teach.course` (the teaching layer); this path keeps every name
importable.
"""

from .teach.course import (available, COURSE_TITLE, course_title, href, is_available, LANDING, Lesson, lesson,
                           LESSONS, LESSONS_ENV, lessons_folder, LINKS_ENV, neighbours, notebook_title, other_pages,
                           part_title, PARTS, readme_row, Rule, rule, RULES, rules, tab_title, __all__)  # noqa: F401
