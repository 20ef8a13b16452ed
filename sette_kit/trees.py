"""Probability trees of a hand.

Moved to :mod:`sette_kit.teach.trees` (the teaching layer); this path keeps every name
importable.
"""

from .teach.trees import (Branch, CLASS_NAMES, draw_tree, DrawTree, follow, hit_first, hit_then_stand,
                          hit_until, MAX_NODES, NCLS, Node, Plan, STAND, _plan, __all__)  # noqa: F401
