"""Kept so that ``sette_kit.game`` still imports: the Sette e mezzo table lives in
:mod:`sette_kit.games.sette.engine` (its words and views in ``views``, its saved form in
``saves``)."""

from .games.sette.engine import *  # noqa: F401,F403
from .games.sette.engine import __all__, MAX_BOT_ACTIONS, _bot_choice  # noqa: F401
from .games.sette.rules import Rules  # noqa: F401
from .games.sette.saves import MAX_SAVED_EVENTS  # noqa: F401
from .games.sette.scoring import cached_score as _score  # noqa: F401
from .games.sette.views import HAND_STATUSES, MAX_ROUND_ACTIONS  # noqa: F401
