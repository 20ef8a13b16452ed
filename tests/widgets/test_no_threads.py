"""The widgets where threads cannot start.

In Pyodide ``threading.Thread.start()`` raises ``RuntimeError("can't start new thread")``.
These tests make every thread start fail that way and drive the widgets on an asyncio
event loop, as a kernel would: the background work must then run as steps on the loop
(the click returns first, progress streams between steps, Cancel is heard between
steps, the newest request wins), and with no loop at all it must still run, at once.
"""

from __future__ import annotations

import asyncio

import pytest

from sette_kit import Rules, odds, simulate
from sette_kit.strategy import stand_at
from widgets import OddsLab, SimulationLab, StrategyChart, VariantExplorer
from widgets._background import Job
from threadless import no_threads  # noqa: F401 - a fixture

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")


def test_job_runs_its_steps_as_a_thread_where_threads_exist():
    seen = []
    job = Job(iter(range(3))).start()
    assert job.wait(10) and job.mode == "thread"
    job = Job(x for x in range(3) if not seen.append(x)).start()
    assert job.wait(10) and seen == [0, 1, 2]


def test_job_without_threads_or_loop_runs_at_once(no_threads):
    seen = []
    job = Job(x for x in range(3) if not seen.append(x)).start()
    assert job.mode == "sync" and job.finished and seen == [0, 1, 2]


def test_job_without_threads_steps_on_the_event_loop_one_step_per_turn(no_threads):
    async def scenario():
        log = []

        def steps():
            for i in range(3):
                log.append(f"step {i}")
                yield

        async def other():  # the kernel handling messages meanwhile
            for i in range(4):
                log.append(f"other {i}")
                await asyncio.sleep(0)

        job = Job(steps()).start()
        assert job.mode == "async" and log == []  # nothing done before the caller returns
        await asyncio.gather(other(), job.wait_async())
        return log

    log = asyncio.run(scenario())
    assert sorted(log) == sorted([f"step {i}" for i in range(3)] + [f"other {i}" for i in range(4)])
    # interleaved: some of the other work ran between the job's steps
    first, last = log.index("step 0"), log.index("step 2")
    assert any(entry.startswith("other") for entry in log[first:last])


def test_simulation_lab_streams_progress_and_matches_simulate_run(no_threads):
    async def scenario():
        lab = SimulationLab("plain", player=stand_at(5), dealer=stand_at(5), rounds=3 * simulate.BLOCK + 100, seed=4)
        shown = []
        lab.progress.observe(lambda ch: shown.append(ch["new"]), names="value")
        lab.run_button.click()
        assert lab.running and lab.progress.value == 0 and lab.run_button.disabled  # the click returned at once
        assert lab._job.mode == "async"
        assert await lab.wait_async(120)
        return lab, shown

    lab, shown = asyncio.run(scenario())
    rounds = 3 * simulate.BLOCK + 100
    assert lab.status == "done" and lab.result.rounds == rounds
    assert lab.result == simulate.run(PLAIN, stand_at(5), stand_at(5), rounds=rounds, seed=4)
    assert lab.exact == odds.policy_ev(PLAIN, stand_at(5), stand_at(5))
    steps = [v for v in shown if v]
    assert len(steps) >= 2 and steps == sorted(steps) and steps[-1] == rounds  # progress streamed
    assert "<svg" in lab.mean_chart.value and "<svg" in lab.hist_chart.value


def test_simulation_lab_cancel_is_heard_between_steps(no_threads):
    async def scenario():
        lab = SimulationLab("plain", rounds=2_000_000, seed=1)
        lab.run_button.click()
        while lab.progress.value == 0:  # let a chunk or two be played
            await asyncio.sleep(0)
        lab.cancel_button.click()
        assert await lab.wait_async(120)
        return lab

    lab = asyncio.run(scenario())
    assert lab.status == "cancelled" and lab.progress.value < 2_000_000
    assert "Cancelled after" in lab.result_text and not lab.run_button.disabled


def test_simulation_lab_without_threads_or_loop_still_runs(no_threads):
    lab = SimulationLab("plain", rounds=1000, seed=2)
    lab.run_button.click()
    assert lab.status == "done" and lab.result == simulate.run(PLAIN, rounds=1000, seed=2)


def test_strategy_chart_solves_on_the_loop_and_the_newest_request_wins(no_threads):
    custom = PLAIN.replace(dealer_wins_ties=False)  # not solved by another test yet

    async def scenario():
        sc = StrategyChart(custom, dealer="5")
        assert "Solving" in sc.status.value and sc.solution is None  # the constructor returned first
        assert await sc.wait_async(120)
        assert sc.solution.dealer == odds.stand_at(5) and sc.status.value == ""
        sc.set_dealer("6")
        sc.solve_button.click()
        sc.set_dealer("4")
        sc.solve_button.click()
        assert await sc.wait_async(120)
        return sc

    sc = asyncio.run(scenario())
    assert sc.solution.dealer == odds.stand_at(4) and sc.solution.ev == odds.solve(custom, odds.stand_at(4)).ev
    assert "Best play" in sc.chart_text and not sc.busy


def test_variant_explorer_recomputes_on_the_loop(no_threads):
    custom = PLAIN.replace(dealer_wins_ties=False)

    async def scenario():
        v = VariantExplorer(custom, dealer=odds.stand_at(2.5))
        assert await v.wait_async(120)
        v.set_option("dealer_wins_ties", True)
        v.set_option("dealer_wins_ties", False)
        assert await v.wait_async(120)
        return v

    v = asyncio.run(scenario())
    assert not v.busy and v.status.value == "" and v.rules == custom
    assert v.edge == odds.solve(custom, odds.stand_at(2.5)).house_edge


def test_odds_lab_and_its_chart_need_no_background_work(no_threads):
    lab = OddsLab("italian", cards="6c", seen="7s")
    lab.set_cards("Fd 3s")
    assert lab.bust == odds.bust_probability("Fd 3s", "7s", Rules.preset("italian"))
    assert 'role="img"' in lab.chart_html.value
