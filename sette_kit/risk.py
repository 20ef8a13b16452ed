"""Risk: the law of one round, a bankroll's ruin, the gambler's fallacy.

Moved to :mod:`sette_kit.teach.risk` (the teaching layer); this path keeps every name
importable.
"""

from .teach.risk import (AfterBusts, at_stake, bankroll_paths, Chain, custom_round, hand_bust_after_streak,
                         MAX_BANKROLL, MAX_RESULTS, MAX_STAKES, next_card_after_busts, Part, path_ends,
                         round_result, RoundResult, Ruin, ruin_by_stake, ruin_chain, ruin_probability,
                         RuinRun, RuinSimulation, simulate_ruin, simulate_ruin_stepped, StakeRow,
                         StreakSimulation, __all__)  # noqa: F401
