"""The variants compared on the same deal.

Moved to :mod:`sette_kit.teach.variants` (the teaching layer); this path keeps every name
importable.
"""

from .teach.variants import (compare, compare_moves, moves, pays, Showdown, SHOWDOWNS, Start, STARTS, __all__)  # noqa: F401
