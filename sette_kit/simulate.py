"""Monte Carlo simulation of the heads-up game.

The game is the heads-up model the exact engine (``odds.solve``) solves: one player
against the bank, stake 1.  Player and bank each get one hidden card from a shuffled
40-card deck; the player draws, seeing only his own cards; then the bank plays its
policy; the hand is settled exactly as :func:`sette_kit.scoring.outcome` settles it
(S10 bust loses at once, S12 bank bust pays, S13 ties to the bank, S4 matta best value,
S5/S14 reale, S6 triple, S14 matta 7 1/2 payout, S15 bank's reale collects double, S16
true reale beats the matta's).  The options that belong to the table rather than to
the heads-up model (S17 bank passing, S19-S23 burning, exchanging, half-point ace,
face-down requests, splitting) play no part here, as in ``odds.solve``.

>>> from sette_kit import Rules
>>> from sette_kit.strategy import stand_at
>>> r = run(Rules.preset("plain"), player=stand_at(5), dealer=stand_at(5), rounds=100_000, seed=1)
>>> r
<Result plain: stand_at(5) vs stand_at(5), 100000 rounds, mean -0.171900 ± 0.003115, seed 1>
>>> r.mean, round(r.stderr, 4)
(-0.1719, 0.0031)
>>> lo, hi = r.ci(0.95)
>>> lo < r.mean < hi
True
>>> r.counts["win"] + r.counts["lose"] + r.counts["push"] == r.rounds
True

How it works.  Rounds are generated in fixed blocks of :data:`BLOCK` rounds; block ``b``
draws its random numbers from its own stream, numpy's ``PCG64`` generator seeded with
``SeedSequence(seed, spawn_key=(b, 0))``, :data:`FIRST_CARDS` numbers per round, so a
round's cards depend only on the seed and the round's number - never on ``chunk`` (how
many rounds are processed at once, which only bounds memory and sets how often
``progress`` is called) nor on ``rounds``.  Cards are dealt by a partial Fisher-Yates
shuffle of only the first :data:`FIRST_CARDS` positions of each round's deck; the
player's cards are the even positions and the bank's the odd ones (any fixed assignment
of positions of a uniformly shuffled deck deals exactly like the table does).  The rare
round that needs more cards finishes its shuffle from a second stream of its block,
``spawn_key=(b, 1)``.  Sums are kept as exact integers, so the result is the same, bit
for bit, whatever the chunk size.

Two paths, one result (:mod:`sette_kit.accel`).  With numpy the rounds of a chunk are
played at once, vectorised (:mod:`sette_kit._sim_numpy`, millions of rounds a second).
Without numpy (in a browser on Pyodide, or with ``SETTE_KIT_PURE=1``) they are played
one at a time in Python (:mod:`sette_kit._sim_pure`, over a hundred thousand rounds a
second for threshold policies), from a Python reimplementation of the same
``SeedSequence`` and ``PCG64`` streams: **the same seed gives the same Result on both
paths**, bit for bit.  :func:`deal`, :func:`score_hands` and :func:`settle_hands` return
numpy arrays on the numpy path and lists on the pure path.
"""

from __future__ import annotations

from ._sim_exact import exact_ev
from ._sim_run import (BLOCK, COUNT_KEYS, DEFAULT_CHUNK, FIRST_CARDS,  # noqa: F401 (DEFAULT_CHUNK)
                       MAX_CHUNK, MAX_ROUNDS, Checkpoint, Result,
                       checkpoint_rounds, deal, run, score_hands, settle_hands)
from ._sim_run import _stepped  # noqa: F401 (widgets.simulation_lab)
from ._sim_stats import (COVERAGE_SEED_STRIDE, Averages, Coverage, Interval, average_distribution, averages,
                         coverage, coverage_runs)
from ._sim_stats import _coverage_iter, _coverage_setup  # noqa: F401 (widgets.coverage)

__all__ = ["run", "exact_ev", "Result", "Checkpoint", "BLOCK", "FIRST_CARDS", "COUNT_KEYS", "MAX_ROUNDS", "MAX_CHUNK",
           "checkpoint_rounds", "score_hands", "settle_hands", "deal",
           "coverage", "coverage_runs", "Coverage", "Interval", "COVERAGE_SEED_STRIDE",
           "average_distribution", "averages", "Averages"]
