"""Risk: the spread of one round's result, a bankroll, and the chance of ruin (the risk lessons and labs).

Everything here is pure Python (no numpy), so it also runs in the browser (Pyodide).

One round
---------
:func:`round_result` gives the exact law of one heads-up round's result in money for
the optimal player (``odds.solve``) or a threshold player (``stand_at(x)``), at a flat
stake or with a staking plan (S9: the stake is placed after seeing the first card),
with its mean, variance and standard deviation:

>>> from sette_kit import risk
>>> r = risk.round_result("plain")              # optimal player, bank stands at 5, stake 1
>>> {x: f"{float(p):.4f}" for x, p in r.distribution.items()}
{-1: '0.5819', 1: '0.4181'}
>>> f"mean {float(r.mean):+.4f}, sd {r.sd:.4f}"
'mean -0.1637, sd 0.9865'

A bankroll
----------
:func:`ruin_probability` follows the bankroll round by round as a Markov chain: a
player with ``bankroll`` who stops when he has nothing left to stake (ruin) or when
he reaches ``target``.  The stake is the planned one, but never more than the
bankroll can cover in the worst case (the bank's reale collects double under the
Italian rules, S15), as at the kit's table (:mod:`sette_kit.game`); a player who
cannot cover the table's minimum stake is ruined.  The chain is solved as a linear
system (see :func:`ruin_probability` for the method and its error bound) and checked
by :func:`simulate_ruin`; :func:`bankroll_paths` draws seeded paths for a chart.

The gambler's fallacy
---------------------
:func:`next_card_after_busts`: after five busts in a row the next card is no likelier
to save you when the deck is reshuffled between hands; when it is not (S18), the
cards already seen do change the odds - by counting, not by luck "owed".

The three parts live in :mod:`sette_kit.teach.rounds` (one round),
:mod:`sette_kit.teach.ruin` (a bankroll) and :mod:`sette_kit.teach.streaks` (the gambler's
fallacy); every name is importable from here.
"""

from .rounds import MAX_RESULTS, Part, RoundResult, custom_round, round_result  # noqa: F401
from .ruin import (MAX_BANKROLL, MAX_STAKES, Chain, Ruin, RuinRun, RuinSimulation, StakeRow, at_stake,  # noqa: F401
                   bankroll_paths, path_ends, ruin_by_stake, ruin_chain, ruin_probability, simulate_ruin,
                   simulate_ruin_stepped)
from .streaks import AfterBusts, StreakSimulation, hand_bust_after_streak, next_card_after_busts

__all__ = ["RoundResult", "round_result", "custom_round", "Ruin", "ruin_probability", "RuinSimulation",
           "simulate_ruin", "bankroll_paths", "StakeRow", "ruin_by_stake", "AfterBusts",
           "next_card_after_busts", "StreakSimulation", "hand_bust_after_streak", "RuinRun",
           "simulate_ruin_stepped", "path_ends", "at_stake", "Chain", "ruin_chain"]
