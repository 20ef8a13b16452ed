"""Generated questions with their answers from the engine.

Moved to :mod:`sette_kit.teach.questions` (the teaching layer); this path keeps every name
importable.
"""

from .teach.questions import (ACCEPTED, bust_chance, bust_count, bust_question, GENERATORS, hand_worth,
                              is_bust_question, is_reale, KINDS, matta_question, matta_value, Mistake, mixed,
                              PLACEHOLDERS, Question, reale_question, worth_question, __all__)  # noqa: F401
