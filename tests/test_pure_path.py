"""The pure path: numpy is an accelerator, never a requirement.

- numpy's random streams reimplemented in Python integers (SeedSequence, PCG64) give
  the same numbers, so the pure simulator plays the same rounds as the numpy one and
  returns the same Result, bit for bit (S1-S16 through the heads-up model);
- the pure exact engine gives the same Fractions as the numpy one (and the float paths
  agree to 1e-12);
- the switch: ``SETTE_KIT_PURE=1`` and :func:`sette_kit.accel.use_numpy`;
- with numpy and matplotlib blocked, every module of sette_kit and widgets imports, and
  a lesson-shaped session (solve, simulate, every widget, every chart) works.

The comparisons need numpy and skip without it (in the README's second, pure run).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sette_kit import Card, Rules, accel, odds, simulate
from sette_kit._sim_pure import block_stream, doubles, seed_sequence_state
from sette_kit.odds import _engine
from sette_kit.strategy import sees_player, stand_at

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ROOT = Path(__file__).resolve().parent.parent
PLAIN, ITALIAN, SPANISH = (Rules.preset(n) for n in ("plain", "italian", "spanish"))


@pytest.fixture
def np():
    return pytest.importorskip("numpy")


# -- the random streams ----------------------------------------------------------------------

@pytest.mark.parametrize("seed, key", [(0, (0, 0)), (1, (0, 0)), (1, (5, 1)), (2 ** 63 - 7, (3, 0)),
                                       (12345678901234567890123, (70000, 1)), (2 ** 32, (1, 0))])
def test_seed_sequence_and_pcg64_match_numpy(np, seed, key):
    ss = np.random.SeedSequence(seed, spawn_key=key)
    assert seed_sequence_state(seed, key, 4) == ss.generate_state(4, np.uint64).tolist()
    ref = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=key))).random(50).tolist()
    state, inc = block_stream(seed, key[0], key[1])
    assert doubles(state, inc, 50)[0] == ref


def test_deal_is_the_same_cards_on_both_paths(np):
    for cards in (12, 3):
        a = simulate.deal(2 * simulate.BLOCK + 5, seed=9, cards=cards).tolist()
        with accel.pure():
            b = simulate.deal(2 * simulate.BLOCK + 5, seed=9, cards=cards)
        assert a == b


# -- the simulator ------------------------------------------------------------------------------

def _variants():
    sol = odds.solve(PLAIN, dealer=stand_at(5))
    return [
        ("plain", PLAIN, stand_at(5), stand_at(5)),
        ("italian_sees", ITALIAN, stand_at(5), sees_player()),
        ("spanish", SPANISH, stand_at(4), stand_at(6)),
        ("triple_mattapay", ITALIAN.replace(triple=True, matta_sette_payout=3), stand_at(6), stand_at(5)),
        ("whole_only", ITALIAN.replace(matta_whole_only=True), stand_at(7), sees_player()),
        ("any_suit", ITALIAN.replace(reale_same_suit=False, reale_payout=3), stand_at(5.5), stand_at(5)),
        ("ties_push_triple", SPANISH.replace(triple=True, dealer_wins_ties=False), stand_at(3), stand_at(7.5)),
        ("no_S15_S16", ITALIAN.replace(true_reale_beats_matta_reale=False, dealer_reale_collects_double=False),
         stand_at(5), stand_at(5)),
        ("other_matta", ITALIAN.replace(matta=Card("Cavallo", "coppe")), stand_at(6), stand_at(5)),
        ("optimal", PLAIN, sol, stand_at(5)),
        ("long_hands", PLAIN, stand_at(8), stand_at(8)),  # hands of 7+ cards use the second stream
    ]


@pytest.mark.parametrize("name, rules, player, dealer", _variants(), ids=[v[0] for v in _variants()])
def test_pure_simulator_plays_the_same_rounds_as_numpy(np, name, rules, player, dealer):
    rounds = 2 * simulate.BLOCK + 333
    with accel.pure(False):
        a = simulate.run(rules, player, dealer, rounds=rounds, seed=17)
    with accel.pure():
        b = simulate.run(rules, player, dealer, rounds=rounds, seed=17, chunk=simulate.BLOCK)
    assert a == b and a.checkpoints == b.checkpoints and a.player_totals == b.player_totals


def test_pure_scorer_and_settlement_match_numpy(np):
    rng = np.random.default_rng(5)
    cards = [rng.permutation(40)[:10].tolist() for _ in range(3000)]
    pc, dc = [c[:5] for c in cards], [c[5:] for c in cards]
    pl = rng.integers(1, 6, size=3000).tolist()
    dl = rng.integers(1, 6, size=3000).tolist()
    for rules in (ITALIAN, PLAIN, SPANISH.replace(triple=True)):
        a = {k: v.tolist() for k, v in simulate.score_hands(pc, pl, rules).items()}
        s = simulate.settle_hands(pc, pl, dc, dl, rules).tolist()
        with accel.pure():
            assert simulate.score_hands(pc, pl, rules) == a
            assert simulate.settle_hands(pc, pl, dc, dl, rules) == s


def test_a_hit_table_without_the_hand_is_the_same_error_on_both_paths(np):
    with pytest.raises(Exception, match="no decision for the hand") as a:
        simulate.run(PLAIN, player={1: True}, rounds=100, seed=1)
    with accel.pure(), pytest.raises(Exception, match="no decision for the hand") as b:
        simulate.run(PLAIN, player={1: True}, rounds=100, seed=1)
    assert str(a.value) == str(b.value)


def test_pure_simulator_agrees_with_the_exact_value_within_4_se():
    """The pure path on its own (it also runs where numpy is blocked): 2 x 10^5 rounds."""
    with accel.pure():
        r = simulate.run(ITALIAN, stand_at(5), sees_player(), rounds=200_000, seed=21)
    exact = odds.policy_ev(ITALIAN, stand_at(5), sees_player())
    assert abs(r.z_score(exact)) < 4, (r, exact)


# -- the exact engine ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules, dealer", [(PLAIN, stand_at(5)), (ITALIAN, stand_at(5)), (SPANISH, stand_at(5.5)),
                                           (PLAIN, sees_player()), (ITALIAN.replace(triple=True), stand_at(6))])
def test_pure_exact_engine_gives_the_same_fractions(np, rules, dealer):
    with accel.pure(False):
        _engine._MODELS.clear()
        a = odds.solve(rules, dealer=dealer)
        af = odds.solve(rules, dealer=dealer, exact=False)
    with accel.pure():
        _engine._MODELS.clear()
        b = odds.solve(rules, dealer=dealer)
        bf = odds.solve(rules, dealer=dealer, exact=False)
    assert a.ev == b.ev and a.hit_table() == b.hit_table()
    assert abs(af.ev - bf.ev) < 1e-12 and abs(bf.ev - b.ev) < 1e-12
    assert odds.policy_ev(rules, stand_at(4), dealer) == odds.policy_ev(rules, stand_at(4), dealer)


def test_exact_ev_float_path_without_numpy():
    with accel.pure():
        f = simulate.exact_ev(PLAIN, stand_at(5), stand_at(5), exact=False)
    assert abs(f - simulate.exact_ev(PLAIN, stand_at(5), stand_at(5))) < 1e-12


# -- the switch -------------------------------------------------------------------------------

def test_use_numpy_and_pure_switch_the_path_and_restore_it():
    before = accel.path()
    with accel.pure():
        assert accel.path() == "pure" and accel.numpy() is None
        with accel.pure(False):
            assert accel.path() == ("numpy" if accel.numpy_available() else "pure")
        assert accel.path() == "pure"
    assert accel.path() == before
    old = accel.use_numpy(False)
    try:
        assert accel.path() == "pure"
    finally:
        accel.use_numpy(old)


def _python(code: str, **env):
    e = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), **env)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=e, cwd=ROOT)


def test_environment_variable_forces_the_pure_path():
    out = _python("from sette_kit import accel; print(accel.path())", SETTE_KIT_PURE="1")
    assert out.returncode == 0 and out.stdout.strip() == "pure", out.stderr
    out = _python("from sette_kit import accel; print(accel.path(), accel.numpy_available())", SETTE_KIT_PURE="0")
    assert out.returncode == 0 and out.stdout.split()[0] == ("numpy" if out.stdout.split()[1] == "True" else "pure")


BLOCK = "import sys; sys.modules['numpy'] = None; sys.modules['matplotlib'] = None\n"


def test_every_module_imports_without_numpy_or_matplotlib():
    code = BLOCK + textwrap.dedent("""
        import importlib, pkgutil
        import sette_kit, widgets
        names = []
        for pkg in (sette_kit, widgets):
            for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
                if m.name.endswith(("_sim_numpy", "__main__")) or ".cli." in m.name or m.name.endswith(".cli"):
                    continue
                importlib.import_module(m.name)
                names.append(m.name)
        import sette_kit.cli
        assert sys.modules["numpy"] is None and sys.modules["matplotlib"] is None
        print(len(names))
    """)
    out = _python(code)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) > 30


def test_a_lesson_session_without_numpy_or_matplotlib():
    """What the lessons do, in a process where numpy and matplotlib cannot be imported:
    exact odds, the simulator (the same Result as with numpy: the doctest's figures),
    every widget built and driven, every chart drawn, and the run of a simulation in
    the lab."""
    code = BLOCK + textwrap.dedent("""
        from fractions import Fraction
        import sette_kit as sk
        from sette_kit import accel, odds, simulate
        from widgets import (ScoreTrainer, MattaExplorer, TablePlayer, OddsLab, StrategyChart, SimulationLab,
                             VariantExplorer, Quiz, TrentunoTable, QuattroTable, charts)
        from sette_kit.questions import mixed
        assert accel.path() == "pure"
        plain = sk.Rules.preset("plain")
        assert odds.solve(plain, dealer=odds.stand_at(5)).ev == Fraction(-22069914749539, 134817758039250)
        assert odds.solve(sk.Rules.preset("plain"), dealer=odds.stand_at(5.5)).ev == Fraction(-23253805500217, 251659815006600)
        r = simulate.run(plain, odds.stand_at(5), odds.stand_at(5), rounds=100_000, seed=1)
        assert repr(r) == "<Result plain: stand_at(5) vs stand_at(5), 100000 rounds, mean -0.171900 ± 0.003115, seed 1>", r
        ScoreTrainer(seed=1).deal(); MattaExplorer(seed=1).deal()
        t = TablePlayer("italian", bots=2, seed=1); t.new_round() if not t.table.in_progress else None
        lab = OddsLab("italian", cards="6c", seen="7s"); assert "<svg" in lab.chart_html.value
        sc = StrategyChart("plain", background=False); assert "<svg" in sc.chart_html.value
        v = VariantExplorer("plain", background=False); v.set_option("dealer_wins_ties", False)
        Quiz(mixed("italian", seed=1)).check("1/2")
        TrentunoTable(bots=2, seed=1); QuattroTable(players=3, seed=1)
        sim = SimulationLab("plain", player="optimal", rounds=20_000, seed=1)
        res = sim.run(wait=True); assert res.rounds == 20_000 and "<svg" in sim.mean_chart.value
        for c in (charts.distribution_bar({"a": 0.5, "b": 0.5}), charts.running_mean([1, -1, 1, 1]),
                  charts.histogram([1, 2, 2]), charts.strategy_table([["H", "S"]], [1], [1, 2])):
            assert c.svg.startswith("<svg")
        import sys
        assert sys.modules["numpy"] is None and sys.modules["matplotlib"] is None
        print("ok")
    """)
    out = _python(code)
    assert out.returncode == 0 and out.stdout.strip().endswith("ok"), out.stderr[-3000:]
