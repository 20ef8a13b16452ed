"""Kept so that ``sette_kit._table`` still imports: the engine machinery now lives in
:mod:`sette_kit.games._engine`."""

from .games._engine import *  # noqa: F401,F403
from .games._engine import __all__, how_picked, read_action  # noqa: F401
