"""widgets.BankrollLab driven headless (lesson 10): the exact chance of ruin, the
paths and the simulation are the library's; bounds on every input; progress and Cancel,
with and without threads."""

from __future__ import annotations

import asyncio

import pytest

from sette_kit import odds, risk
from widgets import BankrollLab
from widgets.charts import caption_text
from threadless import no_threads  # noqa: F401 - a fixture

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


@pytest.fixture(scope="module")
def lab():
    return BankrollLab("plain", bankroll=100, target=200, stake=10, paths=30, rounds=200, seed=1, background=False)


def game10():
    return risk.round_result("plain", stake=10)


def test_build_classes_controls_and_live_regions(lab):
    assert {"sk-widget", "sk-bankroll-lab"} <= set(lab.view._dom_classes)
    assert (lab.bankroll_box.value, lab.target_box.value, lab.stake_box.value) == ("100", "200", "10")
    assert lab.staking_menu.value == "flat" and lab.min_box.layout.display == "none"
    assert lab.stake_box.layout.display is None and lab.cancel_button.disabled
    for html in (lab.exact_html.value, lab.chart_html.value, lab.volatility_html.value):
        assert "<svg" not in html or (html.count('<svg role="img"') == 2 and "<desc>" in html)
    assert 'aria-live="polite"' in lab.exact_html.value and 'aria-live="polite"' in lab.volatility_html.value
    assert lab.status.value == "" and lab.message_text == ""


def test_exact_ruin_is_the_markov_chain(lab):
    ruin = risk.ruin_probability(game10(), 100, 200)
    assert lab.game.distribution == game10().distribution and lab.ruin.probability == ruin.probability
    text = lab.exact_text
    assert "One round: mean -1.637 (-16.4% of the stake), standard deviation 9.865." in text
    assert "Chance of ruin before reaching 200: 96.46% (a Markov chain on the bankroll, error below 1e-12)." in text
    assert "Chance of reaching 200 first: 3.54%; the game lasts 56.8 rounds on average." in text


def test_paths_are_the_seeded_paths_and_the_chart_says_how_they_ended(lab):
    paths = risk.bankroll_paths(game10(), 100, 200, paths=30, rounds=200, seed=1)
    assert lab.paths == paths and lab.ends == risk.path_ends(game10(), paths, 200)
    text = lab.chart_text
    n_r, n_t = lab.ends.count("ruined"), lab.ends.count("target")
    assert text.startswith(f"30 bankroll paths from 100 (stake 10, seed 1): 30 paths from 100. {n_r} ruined, "
                           f"{n_t} reached the target of 200")
    assert "Highlighted: path 1 ruined after" in text and "reached 2" in text  # a ruined one and a winner
    assert lab.chart_html.value.count("<polyline") == 60  # every path, in the wide and the narrow drawing


def test_new_paths_takes_the_next_seed_and_the_same_seed_gives_the_same_paths():
    lab = BankrollLab("plain", stake=10, paths=10, rounds=50, background=False)
    first = lab.paths
    assert lab.new_paths() == 2 and lab.seed_box.value == "2" and lab.paths != first
    lab.seed_box.value = "1"
    assert lab.paths == first


def test_simulation_agrees_with_simulate_ruin_and_the_exact_value(lab):
    r = lab.simulate(paths=600, wait=True)
    assert r == risk.simulate_ruin(game10(), 100, 200, paths=600, seed=1)
    assert abs(r.estimate - lab.ruin.probability) < 4 * r.stderr
    text = lab.simulation_text
    assert f"Ruined: {r.ruined:,} of 600 = {r.estimate:.2%} ± {r.stderr:.2%} (one standard error)" in text
    assert "Exact (the Markov chain): 96.46%" in text and "standard errors from the exact value" in text
    assert lab.progress.value == lab.progress.max == 600 and lab.progress.bar_style == "success"
    assert lab.sim_status == "done" and not lab.simulate_button.disabled


@pytest.mark.parametrize("action, value, words", [
    ("set_bankroll", "0", "The bankroll must be from 1 to 999 (you typed 0)."),
    ("set_bankroll", "250", "The bankroll (250) must be less than the target (200)"),
    ("set_bankroll", "lots", "The bankroll must be a whole number from 1 to 999 (you typed 'lots')."),
    ("set_target", "100", "The target must be from 101 to 1,000 (you typed 100)."),
    ("set_target", "5000", "The target must be from 101 to 1,000 (you typed 5000)."),
    ("set_stake", "0", "The stake must be from 1 to 50 (you typed 0)."),
    ("set_stake", "51", "The stake must be from 1 to 50 (you typed 51)."),
    ("set_paths", "500", "The number of paths must be from 1 to 100 (you typed 500)."),
    ("set_rounds", "5", "The number of rounds must be from 10 to 1,000 (you typed 5)."),
    ("set_seed", "-1", "The seed must be from 0 to 999,999,999 (you typed -1)."),
    ("set_sim_paths", "50", "The number of simulated paths must be from 100 to 20,000 (you typed 50)."),
    ("set_bank", "8", "The bank '8' is not one of: stands at 4, 4½, 5, 5½, 6, 6½, or 'sees'."),
    ("set_player", "best", "The player 'best' is not one of: 'optimal', or stands at 4, 4½, 5, 5½, 6, 6½."),
    ("set_rules", "poker", "Unknown rules 'poker'"),
    ("set_staking", "martingale", "Staking 'martingale': choose 'flat' or 'plan'"),
])
def test_bounds_give_a_clear_message_and_change_nothing(action, value, words):
    lab = BankrollLab("plain", stake=10, paths=5, rounds=20, background=False)
    before = (lab.bankroll, lab.target, lab.stake, lab.n_paths, lab.rounds, lab.seed, lab.sim_paths, lab.ruin,
              lab.paths, lab.bank, lab.player, lab.staking)
    assert getattr(lab, action)(value) is None
    assert lab.message_text.startswith(words)
    assert (lab.bankroll, lab.target, lab.stake, lab.n_paths, lab.rounds, lab.seed, lab.sim_paths, lab.ruin,
            lab.paths, lab.bank, lab.player, lab.staking) == before


def test_plan_bounds():
    lab = BankrollLab("plain", background=False)
    assert lab.set_plan(5, 2) is None and "more than the maximum" in lab.message_text and lab.staking == "flat"
    assert lab.set_plan(1, 60) is None and "from 1 to 50" in lab.message_text


def test_S9_staking_by_first_card_beats_the_bank():
    lab = BankrollLab("plain", plan=(1, 10), paths=10, rounds=100, background=False)
    ref = risk.round_result("plain", plan=(1, 10))
    assert lab.staking_menu.value == "plan" and lab.stake_box.layout.display == "none"
    assert lab.game.distribution == ref.distribution
    assert lab.ruin.probability == risk.ruin_probability(ref, 100, 200).probability
    assert "stakes 1–10 by first card (the best plan)" in lab.exact_text and "mean +0.437" in lab.exact_text
    assert "Chance of ruin before reaching 200: 1.30%" in lab.exact_text
    lab.set_stake(5)  # typing a flat stake goes back to a flat stake
    assert lab.staking == "flat" and lab.game.distribution == risk.round_result("plain", stake=5).distribution


def test_volatility_against_edge_is_ruin_by_stake(lab):
    rows = risk.ruin_by_stake("plain", stakes=(1, 2, 5, 10, 20, 50))
    assert [(r.stake, r.ruin) for r in lab.by_stake] == [(r.stake, r.ruin) for r in rows]
    text = lab.volatility_text
    assert "The edge is against you (-16.4% of each stake): a bigger stake ends the game sooner" in text
    assert "10 (yours)-1.6379.8796.46%56.8" in text
    assert "stake 10: 96.46% (your stake)" in caption_text(lab.volatility_html.value)


def test_S15_italian_rules_a_bank_reale_collects_double_and_ruin_comes_above_zero():
    lab = BankrollLab("italian", bank="5", player="5", stake=1, bankroll=20, target=40, paths=40, rounds=1000,
                      background=False)
    assert lab.game.worst_loss == 2 and min(lab.game.distribution) == -2
    ends = [p[-1] for p, e in zip(lab.paths, lab.ends) if e == "ruined"]
    assert ends and set(ends) <= {0, 1}
    assert lab.ruin.probability == risk.ruin_probability(
        risk.round_result("italian", player=odds.stand_at(5), stake=1), 20, 40).probability
    assert "you stand at 5, the bank stands at 5" in lab.exact_text


def test_all_seeing_bank_and_menus():
    lab = BankrollLab("plain", stake=10, paths=5, rounds=20, background=False)
    lab.bank_menu.value = "sees"
    assert lab.bank == "sees" and "the bank sees your total" in lab.exact_text
    assert lab.game.distribution == risk.round_result("plain", dealer=odds.sees_player(), stake=10).distribution
    lab.player_menu.value = "4½"
    assert "you stand at 4½" in lab.exact_text


def test_background_simulation_streams_progress_and_cancel_stops_it():
    lab = BankrollLab("plain", stake=1, bankroll=100, target=200, paths=5, rounds=20)
    assert lab.wait(60)
    seen = []
    lab.progress.observe(lambda ch: seen.append(ch["new"]), names="value")
    lab.simulate(paths=300)
    assert lab.wait(120) and lab.sim_status == "done"
    assert seen[-1] == 300 and len(seen) > 2 and seen == sorted(seen)  # about 600 rounds a path: many steps
    assert lab.simulation == risk.simulate_ruin(risk.round_result("plain", stake=1), 100, 200, paths=300, seed=1)
    lab.simulate(paths=20_000)
    assert lab.set_stake(2) is None and "A simulation is running" in lab.message_text and lab.stake == 1
    lab.cancel()
    assert lab.wait(120) and lab.sim_status == "cancelled" and "Cancelled after" in lab.simulation_text
    assert lab.progress.bar_style == "warning" and not lab.stake_box.disabled
    assert lab.cancel() is None and lab.message_text == "No simulation is running."


def test_without_threads_everything_steps_on_the_event_loop(no_threads):
    async def scenario():
        lab = BankrollLab("plain", stake=2, bankroll=50, target=100, paths=8, rounds=50)
        assert lab.ruin is None and "Working it out" in lab.status.value  # the constructor returned first
        assert await lab.wait_async(120)
        shown = []
        lab.progress.observe(lambda ch: shown.append(ch["new"]), names="value")
        lab.simulate_button.click()
        assert lab.simulating and lab.progress.value == 0 and lab._sim_job.mode == "async"
        assert await lab.wait_async(120)
        return lab, shown

    lab, shown = asyncio.run(scenario())
    game = risk.round_result("plain", stake=2)
    assert lab.ruin.probability == risk.ruin_probability(game, 50, 100).probability
    assert lab.simulation == risk.simulate_ruin(game, 50, 100, paths=2000, seed=1)
    assert len(shown) > 2 and shown[-1] == 2000


def test_without_threads_or_loop_it_still_works(no_threads):
    lab = BankrollLab("plain", stake=10, paths=4, rounds=30)
    assert lab.ruin is not None and lab.paths is not None and not lab.busy
    lab.simulate_button.click()
    assert lab.sim_status == "done" and lab.simulation.paths == 2000
