"""p95 latency of every widget interaction, measured in-process, on the numpy path and on
the pure path (no numpy, ``sette_kit.accel``) in the same run.

Targets: < 50 ms p95 with numpy, < 100 ms p95 on the pure path, charts
included (they are drawn at once: no background work).

Run:  python bench/bench_widgets.py [--repeat N] [--only WidgetName] [--path numpy|pure|both]

Times are CPU time of the thread that handles the interaction (``time.thread_time``):
what the kernel spends before it can answer the page, not disturbed by other programs
on a shared machine, and not counting work handed to a background thread ("bg" cases,
which time what the learner waits for before the page answers).

Cases live in a registry of (widget, interaction, setup, action): ``setup()`` builds the
widget once, ``action(w, i)`` performs the interaction for repeat ``i``.  Other widgets
add their cases with ``@case("TablePlayer", "hit")`` (or ``CASES.append(Case(...))``);
simulations, which stream progress, are exempt from the target and are not listed here.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET_MS = 50.0  # with numpy
PURE_TARGET_MS = 100.0  # on the pure path


@dataclass
class Case:
    widget: str
    interaction: str
    setup: Callable[[], Any]
    action: Callable[[Any, int], Any]


CASES: list[Case] = []


def case(widget: str, interaction: str, setup: Callable[[], Any]):
    """Register ``action(w, i)`` as an interaction of ``widget`` built by ``setup()``."""
    def register(action):
        CASES.append(Case(widget, interaction, setup, action))
        return action
    return register


# -- ScoreTrainer ------------------------------------------------------------------------
def _trainer(**kw):
    from widgets import ScoreTrainer
    return ScoreTrainer(seed=1, **kw)


HANDS = ["7 di denari, Fante di denari", "Re di denari, 3 di spade, Fante di coppe", "A♠ 7♥ Fd", "5c 2d 3s"]

case("ScoreTrainer", "build", lambda: None)(lambda w, i: _trainer())
case("ScoreTrainer", "deal()", _trainer)(lambda w, i: w.deal())
case("ScoreTrainer", "Deal button click", _trainer)(lambda w, i: w.deal_button.click())
case("ScoreTrainer", "pick(text)", _trainer)(lambda w, i: w.pick(HANDS[i % len(HANDS)]))
case("ScoreTrainer", "pick(bad text)", _trainer)(lambda w, i: w.pick("8 di coppe"))
case("ScoreTrainer", "quiz mode toggle", _trainer)(lambda w, i: w.set_quiz_mode(i % 2 == 0))
case("ScoreTrainer", "check(answer)", lambda: _trainer(cards="3c 4d Fs"))(
    lambda w, i: w.check(["7", "7½", "15/2", "x"][i % 4]))
case("ScoreTrainer", "reveal()", _trainer)(lambda w, i: w.reveal())


# -- MattaExplorer -----------------------------------------------------------------------
def _explorer():
    from widgets import MattaExplorer
    return MattaExplorer(seed=1)


case("MattaExplorer", "build", lambda: None)(lambda w, i: _explorer())
case("MattaExplorer", "deal()", _explorer)(lambda w, i: w.deal())
case("MattaExplorer", "set_cards(text)", _explorer)(
    lambda w, i: w.set_cards(["Rd 3c", "Re di denari, 3 di spade, Fante di coppe", "Rd 1c 2s 1b"][i % 3]))
case("MattaExplorer", "set_whole_only()", _explorer)(lambda w, i: w.set_whole_only(i % 2 == 0))
case("MattaExplorer", "set_declare_mode()", _explorer)(lambda w, i: w.set_declare_mode(i % 2 == 0))
case("MattaExplorer", "declare(value)", _explorer)(lambda w, i: w.declare([7, "½", 3, "9"][i % 4]))


# -- Quiz -------------------------------------------------------------------------------
def _quiz(topic="mixed"):
    from widgets import Quiz
    from sette_kit.questions import mixed
    return Quiz(mixed("italian", seed=1))


case("Quiz", "build (mixed topics)", lambda: None)(lambda w, i: _quiz())
case("Quiz", "next()", _quiz)(lambda w, i: w.next())
case("Quiz", "check(answer)", _quiz)(lambda w, i: w.check(["1/2", "0.5", "50%", "huh", "7½"][i % 5]))
case("Quiz", "Check button click", _quiz)(lambda w, i: (setattr(w.answer_box, "value", f"{i}/99"),
                                                       w.check_button.click()))
case("Quiz", "hint()", _quiz)(lambda w, i: w.hint() if i % 4 else w.next())
case("Quiz", "reveal()", _quiz)(lambda w, i: (w.reveal(), w.next()))


# -- TrentunoTable / QuattroTable ------------------------------------------------------------
def _trentuno(bots=3):
    from widgets import TrentunoTable
    return TrentunoTable(bots=bots, seed=1)


def _game_step(move):
    """One learner action through the public methods (the bots then play on): a new game or
    the next hand when one is over, else ``move(widget, view)``."""
    def step(w, i):
        g = w.game
        if g.phase == "game_over":
            return w.new_game()
        if g.phase == "hand_over":
            return w.next_hand()
        return move(w, g.view(0))
    return step


def _trentuno_move(w, v):
    from sette_kit.trentuno import ThresholdKnocker
    name, params = ThresholdKnocker(26)(v)
    return w.act(name, **params)


_trentuno_step = _game_step(_trentuno_move)


case("TrentunoTable", "build (3 bots)", lambda: None)(lambda w, i: _trentuno())
case("TrentunoTable", "move, 6 bots play on", lambda: _trentuno(6))(_trentuno_step)
case("TrentunoTable", "move, 1 bot plays on", lambda: _trentuno(1))(_trentuno_step)
case("TrentunoTable", "illegal knock (message)", _trentuno)(lambda w, i: w.knock())
case("TrentunoTable", "toggle_hints()", _trentuno)(lambda w, i: w.toggle_hints(i % 2 == 0))
case("TrentunoTable", "new_game()", _trentuno)(lambda w, i: w.new_game())


def _quattro(players=4):
    from widgets import QuattroTable
    return QuattroTable(players=players, seed=1)


def _quattro_move(w, v):
    from sette_kit.quattro import ThresholdBot
    return w.act(ThresholdBot(6)(v))


_quattro_step = _game_step(_quattro_move)


case("QuattroTable", "build (4 players)", lambda: None)(lambda w, i: _quattro())
case("QuattroTable", "move, 5 bots play on", lambda: _quattro(6))(_quattro_step)
case("QuattroTable", "stand() (maybe illegal)", _quattro)(lambda w, i: w.stand() if i % 2 else _quattro_step(w, i))
case("QuattroTable", "toggle_hints()", _quattro)(lambda w, i: w.toggle_hints(i % 2 == 0))
case("QuattroTable", "new_game()", _quattro)(lambda w, i: w.new_game())


# -- TablePlayer / SimulationLab (running a simulation is exempt: it streams progress) ------
def _table(**kw):
    from widgets import TablePlayer
    return TablePlayer("italian", bots=3, seed=1, **kw)


def _table_step(w, i):
    """The learner's next move: stake, hit below 5, stand, or a new round when settled."""
    legal = w.legal
    if not w.table.in_progress:
        return w.new_round()
    if "stake" in legal:
        return w.stake(str(1 + i % 3))
    if "hit" in legal and w.view_.score.total < 5:
        return w.hit()
    return w.stand()


case("TablePlayer", "build (3 bots, hints)", lambda: None)(lambda w, i: _table())
case("TablePlayer", "play step (hints on)", _table)(_table_step)
case("TablePlayer", "play step (hints off)", lambda: _table(hints=False))(_table_step)
case("TablePlayer", "stake(bad text)", _table)(lambda w, i: w.stake("lots"))
case("TablePlayer", "toggle_hints()", _table)(lambda w, i: w.toggle_hints(i % 2 == 0))


def _lab():
    from widgets import SimulationLab
    return SimulationLab("italian", rounds=10_000, seed=1)


case("SimulationLab", "build", lambda: None)(lambda w, i: _lab())
case("SimulationLab", "set_rounds(text)", _lab)(lambda w, i: w.set_rounds(["20,000", "12", "abc"][i % 3]))
case("SimulationLab", "set_player / set_bank", _lab)(
    lambda w, i: (w.set_player(["optimal", 4, 5.5][i % 3]), w.set_bank([5, "sees"][i % 2])))
case("SimulationLab", "set_preset()", _lab)(lambda w, i: w.set_preset(["plain", "italian", "spanish"][i % 3]))


# -- OddsLab / StrategyChart / VariantExplorer ----------------------------------------------
# Solving a new rules/bank combination runs in a background thread (a "Solving..." note,
# the page stays responsive): the cases time what the learner waits for before the page
# answers; the background work itself is timed by bench_odds.py / the widget report.
SEEN = ["7s", "7s 7d Rb", "1c 1d 1s", "Fc Fd 2b 3b"]


def _odds_lab(**kw):
    from widgets import OddsLab
    return OddsLab("italian", cards="6c", **kw)


def _new_chart(w, i):
    return w.set_seen(SEEN[i % len(SEEN)] + ("" if i % 2 else " 2b"))


case("OddsLab", "build", lambda: None)(lambda w, i: _odds_lab())
case("OddsLab", "set_cards (numbers only)", lambda: _odds_lab(show_chart=False))(
    lambda w, i: w.set_cards(["6c", "Fd 3s", "Rd", "2c 2d", "7b"][i % 5]))
case("OddsLab", "set_seen + chart", _odds_lab)(_new_chart)
case("OddsLab", "set_seen(bad text)", _odds_lab)(lambda w, i: w.set_seen("7s, 9 di coppe"))
case("OddsLab", "add_card / clear", _odds_lab)(lambda w, i: w.add_card(i % 40) if i % 3 else w.clear())
case("OddsLab", "set_rules()", _odds_lab)(lambda w, i: w.set_rules(["plain", "italian", "spanish"][i % 3]))


POLICIES = ["4", "4½", "5", "5½", "6", "sees"]


def _strategy():
    from widgets import StrategyChart
    w = StrategyChart("plain", background=False)
    for p in POLICIES:  # solve and draw each once: later visits are instant
        w.set_dealer(p)
        w.solve()
    w.background = True
    return w


def _solve_new(w, i):
    from sette_kit.strategy_text import clear_cache
    from widgets.strategy_chart import _CHARTS
    clear_cache()
    _CHARTS.clear()
    return w.solve_button.click()


case("StrategyChart", "set_dealer (solved before)", _strategy)(lambda w, i: w.set_dealer(POLICIES[i % 6]))
case("StrategyChart", "set_rules (menu)", _strategy)(lambda w, i: w.set_rules(["italian", "plain"][i % 2]))
case("StrategyChart", "Solve click (new, bg)", _strategy)(_solve_new)
case("StrategyChart", "lookup(text)", _strategy)(lambda w, i: w.lookup(["3c 1d", "6c Fd", "7c 7d", "x"][i % 4]))


def _variants():
    from widgets import VariantExplorer
    w = VariantExplorer("plain", background=False)
    w.set_option("dealer_wins_ties", False)
    w.reset()
    w.set_preset("spanish")
    w.reset()
    w.background = True
    return w


def _option_new(w, i):
    from sette_kit.strategy_text import clear_cache
    clear_cache()
    return w.set_option("dealer_wins_ties", i % 2 == 0)


case("VariantExplorer", "set_option (solved before)", _variants)(
    lambda w, i: w.set_option("dealer_wins_ties", i % 2 == 0))
case("VariantExplorer", "set_option (invalid)", _variants)(lambda w, i: w.set_option("reale_payout", 2))
case("VariantExplorer", "set_option (new, bg)", _variants)(_option_new)
case("VariantExplorer", "set_preset / reset", _variants)(lambda w, i: w.set_preset("spanish") if i % 2 else w.reset())


# -- the labs of betting, risk and counting: BettingLab / BankrollLab / ShoeLab / CountingLab -------------------------------------
# Solving a new bank, or dealing the Italian rules, runs as background work (the "bg" cases time
# what the learner waits for before the page answers); the sync cases time the whole work done
# at once (background=False), charts included, with the game solved before (solutions are
# remembered), as when a learner comes back to a bank.
def _betting():
    from widgets import BettingLab
    return BettingLab("plain", "5", background=False)


def _betting_new(w, i):
    from sette_kit.strategy_text import clear_cache
    clear_cache()
    w.background = True
    return w.set_threshold(["5½", "4½"][i % 2])


case("BettingLab", "build (solved before)", _betting)(lambda w, i: _betting())
case("BettingLab", "set_threshold (solved)", _betting)(lambda w, i: w.set_threshold(["4", "5", "6½"][i % 3]))
case("BettingLab", "set_stakes(text)", _betting)(
    lambda w, i: w.set_stakes(*[("1", "10"), ("2", "20"), ("5", "x"), ("3", "3")][i % 4]))
case("BettingLab", "read_stake (Bayes)", _betting)(lambda w, i: w.read_stake([1, 10][i % 2]))
case("BettingLab", "set_threshold (new, bg)", _betting)(_betting_new)


def _bankroll(**kw):
    from widgets import BankrollLab
    return BankrollLab("plain", bankroll=100, target=200, stake=10, paths=30, rounds=200, background=False, **kw)


case("BankrollLab", "set_stake (sync, all)", _bankroll)(lambda w, i: w.set_stake([5, 10, 20][i % 3]))
case("BankrollLab", "new_paths (30 paths)", _bankroll)(lambda w, i: w.new_paths())
case("BankrollLab", "set_plan (sync, all)", _bankroll)(lambda w, i: w.set_plan(1, [10, 5][i % 2]))
case("BankrollLab", "new_paths (100 x 1,000)", lambda: _bankroll_big())(lambda w, i: w.new_paths())
case("BankrollLab", "set_target(bad text)", _bankroll)(lambda w, i: w.set_target(["50", "x"][i % 2]))


def _bankroll_big():
    w = _bankroll()
    w.set_stake(1)
    w.set_rounds(1000)
    w.set_paths(100)
    return w


def _bankroll_bg():
    w = _bankroll()
    w.background = True
    return w


case("BankrollLab", "set_bankroll (new, bg)", _bankroll_bg)(lambda w, i: (w.set_bankroll(50 + i % 97), w.wait()))


def _shoe(rules="plain"):
    from widgets import ShoeLab
    return ShoeLab(rules, seed=1, hand="5d", background=False)


case("ShoeLab", "deal() (sync, plain)", _shoe)(lambda w, i: w.deal(1))
case("ShoeLab", "set_hand(text)", _shoe)(lambda w, i: w.set_hand(["5d", "3c 2b", "Zz"][i % 3]))
case("ShoeLab", "new_shoe() (sync)", _shoe)(lambda w, i: w.new_shoe(i % 5))


def _shoe_bg():
    w = _shoe("italian")
    w.background = True
    return w


case("ShoeLab", "deal() (italian, bg)", _shoe_bg)(lambda w, i: (w.deal(1), w.wait()))


def _counting(n=4, k=2):
    from widgets import CountingLab
    return CountingLab(n=n, k=k)


case("CountingLab", "build", lambda: None)(lambda w, i: _counting())
case("CountingLab", "set_k / set_deck", _counting)(
    lambda w, i: w.set_k([1, 2, 3, 4][i % 4]) if i % 2 else w.set_deck([4, 10, 40][i % 3]))
case("CountingLab", "another_hand() (40 cards)", lambda: _counting(40, 4))(lambda w, i: w.another_hand())
case("CountingLab", "trentuno chart", lambda: None)(
    lambda w, i: __import__("widgets.counting_lab").counting_lab.trentuno_scores_chart(html=True))


def run(repeat: int = 200, only: str | None = None) -> list[tuple[str, str, float, float]]:
    rows = []
    for c in CASES:
        if only and c.widget != only:
            continue
        w = c.setup()
        c.action(w, 0)  # warm up (first-use imports)
        times = []
        for i in range(repeat):
            t0 = time.thread_time()
            c.action(w, i)
            times.append((time.thread_time() - t0) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
        rows.append((c.widget, c.interaction, statistics.median(times), p95))
    return rows


def solve_times(repeat: int = 5) -> list[tuple[str, float]]:
    """The background work itself: a new solve from the click to the result (median CPU
    ms), as it runs where there are no threads (Pyodide: steps on the kernel's event loop,
    the kernel busy meanwhile).  Exempt from the interaction targets, like simulations."""
    from sette_kit import odds
    from widgets import StrategyChart, VariantExplorer
    out = []
    for label, make in [("StrategyChart Solve, plain vs stand_at(5)", lambda: StrategyChart("plain", background=False)),
                        ("StrategyChart Solve, italian vs stand_at(5)",
                         lambda: StrategyChart("italian", background=False)),
                        ("VariantExplorer new option, plain",
                         lambda: VariantExplorer("plain", dealer=odds.stand_at(5), background=False))]:
        times = []
        for _ in range(repeat):
            _clear_caches()
            t0 = time.thread_time()
            make()
            times.append((time.thread_time() - t0) * 1000)
        out.append((label, statistics.median(times)))
    return out


def _clear_caches() -> None:
    """Solutions and charts remembered by the previous path's run."""
    from sette_kit.odds import _engine
    from sette_kit.strategy_text import clear_cache
    from widgets.strategy_chart import _CHARTS
    _engine._MODELS.clear()
    clear_cache()
    _CHARTS.clear()


def main(argv=None) -> int:
    from sette_kit import accel

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--only", default=None, help="bench one widget only")
    ap.add_argument("--path", choices=("numpy", "pure", "both"), default="both")
    args = ap.parse_args(argv)
    paths = ["numpy", "pure"] if args.path == "both" else [args.path]
    if "numpy" in paths and not accel.numpy_available():
        print("numpy is not available here: the pure path only")
        paths = ["pure"]
    results, work = {}, {}
    for path in paths:
        _clear_caches()
        with accel.pure(path == "pure"):
            results[path] = run(args.repeat, args.only)
            work[path] = solve_times() if not args.only else []
    head = f"{'widget':<15} {'interaction':<26}"
    for path in paths:
        head += f" {path + ' med':>10} {path + ' p95':>10}"
    print(head + "   (ms, CPU of the handling thread)")
    worst = dict.fromkeys(paths, 0.0)
    for k, (widget, name, _, _) in enumerate(results[paths[0]]):
        line = f"{widget:<15} {name:<26}"
        for path in paths:
            _, _, med, p95 = results[path][k]
            worst[path] = max(worst[path], p95)
            line += f" {med:10.2f} {p95:10.2f}"
        print(line)
    if work[paths[0]]:
        print("\nbackground work, build to result (median CPU ms; exempt: a 'Solving...' note shows meanwhile)")
        for k, (label, _) in enumerate(work[paths[0]]):
            print(f"{label:<42}" + "".join(f" {path}: {work[path][k][1]:8.1f}" for path in paths))
    ok = True
    for path in paths:
        target = TARGET_MS if path == "numpy" else PURE_TARGET_MS
        met = worst[path] < target
        ok &= met
        print(f"worst p95, {path} path: {worst[path]:.2f} ms (target < {target:.0f} ms, {args.repeat} repeats each)  "
              + ("OK" if met else "MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
