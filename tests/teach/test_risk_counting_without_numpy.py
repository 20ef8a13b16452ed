"""The library of betting, risk and counting (odds staking, risk, counting) must run where numpy is absent
(Pyodide, DESIGN.md "Where the kit runs").  Each check runs in a fresh interpreter with
``sys.modules["numpy"] = None`` set before sette_kit is imported."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]

PRELUDE = """
import sys
sys.modules["numpy"] = None
from fractions import Fraction
"""


def run(code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(code)], capture_output=True,
                          text=True, env=env, timeout=600, cwd=ROOT)


def test_risk_chain_and_counting_without_numpy():
    r = run("""
        from sette_kit import risk, counting
        coin = risk.custom_round({-1: Fraction(52, 100), 1: Fraction(48, 100)})
        ruin = risk.ruin_probability(coin, 20, 40, exact=True)
        fl = risk.ruin_probability(coin, 20, 40)
        q = Fraction(52, 48)
        closed = (q ** 20 - q ** 40) / (1 - q ** 40)
        assert ruin.probability == closed and abs(fl.probability - float(closed)) < 1e-12
        sim = risk.simulate_ruin(coin, 20, 40, paths=4000, seed=2)
        assert abs(sim.estimate - float(closed)) < 4 * sim.stderr
        assert risk.bankroll_paths(coin, 20, 40, paths=3, rounds=10, seed=1)[0][0] == 20
        assert counting.draws(3).unordered == 9880 and counting.choose(40, 2) == 780
        assert counting.trentuno_scores().most_likely == (10, 2596)
        assert counting.quattro_cycle().all_three == "5"
        assert "numpy" not in sys.modules or sys.modules["numpy"] is None
        print("ok")
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


def test_staking_risk_and_shoe_without_numpy():
    r = run("""
        import doctest
        from sette_kit import odds, risk, counting
        import sette_kit.odds._staking, sette_kit.risk, sette_kit.counting
        plan = odds.best_staking_plan(odds.solve("plain", dealer=odds.stand_at(5)), 1, 10)
        assert plan.ev_per_round == Fraction(412677285493307, 943724306274750)
        assert risk.round_result("plain", plan=(1, 10)).mean == plan.ev_per_round
        assert counting.two_card_sette_e_mezzo("italian").engine == Fraction(59, 780)
        counting.Shoe("italian", seed=1).play(3)
        for m in (sette_kit.odds._staking, sette_kit.risk, sette_kit.counting):
            res = doctest.testmod(m, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
            assert res.failed == 0, m.__name__
        print("ok")
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"
