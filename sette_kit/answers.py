"""Reading and checking learners' answers.

Moved to :mod:`sette_kit.teach.answers` (the teaching layer); this path keeps every name
importable.
"""

from .teach.answers import (ACCEPTED, Answer, check, fmt_exact, KINDS, matches, MAX_ANSWER_CHARS,
                            MIN_SIGNIFICANT, parse_answer, parse_yes_no, Verdict, __all__)  # noqa: F401
