"""sette-kit: the rules of Sette e mezzo, its variants and Trentuno, exactly.

>>> import sette_kit as sk
>>> hand = sk.parse_cards("7 di denari, Fante di denari")
>>> s = sk.score(hand, sk.Rules.preset("italian"))
>>> s.total, s.kind
(Fraction(15, 2), 'reale')

The heavier modules (``odds``, ``simulate``, ``game``, ``trentuno``, ``quattro``, ``risk``,
``counting``) are imported on first use, so ``import sette_kit`` stays fast.
"""

from .errors import IllegalMove, SetteKitError
from .cards import FULL_DECK, Card, Deck, Rank, Suit, format_cards, parse_card, parse_cards
from .rules import PRESETS, Rules
from .scoring import Outcome, Score, fmt_points, outcome, score, settle
from .explain import explain
from .i18n import get_language, set_language

__version__ = "0.1.0"

__all__ = [
    "SetteKitError", "IllegalMove",
    "Card", "Deck", "Rank", "Suit", "FULL_DECK", "format_cards", "parse_card", "parse_cards",
    "Rules", "PRESETS",
    "Score", "Outcome", "score", "outcome", "settle", "fmt_points", "explain",
    "set_language", "get_language",
]

_LAZY = {"accel", "odds", "simulate", "game", "policies", "trentuno", "quattro", "cli", "risk", "counting"}


def __getattr__(name):  # PEP 562: lazy submodules keep the import fast
    if name in _LAZY:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'sette_kit' has no attribute {name!r}")
