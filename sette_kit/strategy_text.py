"""The solved strategy in words and tables.

Moved to :mod:`sette_kit.teach.strategy_text` (the teaching layer); this path keeps every name
importable.
"""

from .teach.strategy_text import (BANK_POLICIES, cached_solution, clear_cache, dealer_words, edge_change_text,
                                  first_label, FIRST_LABELS, FIRST_WORDS, fraction_text, GRID_LEGEND,
                                  house_edge_text, lookup_text, policy, solution, strategy_grid,
                                  strategy_sentences, __all__)  # noqa: F401
