"""widgets.SimulationLab driven headless: synchronous and background runs, progress, CI vs exact, bad input."""

import pytest

from sette_kit import Rules, odds, simulate
from sette_kit.errors import SetteKitError
from sette_kit.strategy import sees_player, stand_at
from widgets import SimulationLab

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")


def test_build_classes_and_controls():
    lab = SimulationLab()
    assert {"sk-widget", "sk-simulation-lab"} <= set(lab.view._dom_classes)
    assert lab.run_button.description == "Run" and "sk-run" in lab.run_button._dom_classes
    assert lab.cancel_button.disabled and "sk-result" in lab.result_html._dom_classes
    assert lab.rounds == 100_000 and lab.seed == 1 and lab.status == "ready"
    assert repr(lab.player) == repr(stand_at(5)) and repr(lab.dealer) == repr(stand_at(5))


@pytest.mark.parametrize("kw, words", [({"rules": "poker"}, "accepted presets"),
                                       ({"player": "best"}, "accepted are 'optimal'"),
                                       ({"dealer": "optimal"}, "sees_player"),
                                       ({"rounds": 5}, "from 1,000"), ({"seed": -1}, "0 or more")])
def test_bad_constructor_arguments(kw, words):
    with pytest.raises(SetteKitError, match=words):
        SimulationLab(**kw)


def test_optimal_run_shows_estimate_ci_exact_and_charts():
    lab = SimulationLab("plain", player="optimal", dealer=stand_at(5), rounds=5000, seed=3)
    r = lab.run(wait=True)
    exact = odds.solve(PLAIN, dealer=stand_at(5)).ev
    assert lab.status == "done" and lab.exact == exact
    # the same rounds as simulate.run with that seed (chunking never changes a result)
    direct = simulate.run(PLAIN, odds.solve(PLAIN, dealer=stand_at(5)), stand_at(5), rounds=5000, seed=3)
    assert (r.total, r.total_squares) == (direct.total, direct.total_squares)
    lo, hi = r.ci(0.95)
    text = lab.result_text
    assert f"Estimate (mean result per unit staked): {r.mean:+.4f}" in text
    assert f"Standard error: {r.stderr:.4f}" in text
    assert f"95% confidence interval: {lo:+.4f} to {hi:+.4f}" in text
    assert f"worked out exactly as in lesson 6): {float(exact):+.4f}exact value{exact}" in text  # exact on request
    inside = lo <= float(exact) <= hi
    assert f"The exact value is {'inside' if inside else 'outside'} the 95% confidence interval" in text
    assert lab.progress.value == lab.progress.max == 5000 and lab.progress.bar_style == "success"
    assert "5,000 / 5,000 rounds" in lab.progress_label.value
    assert "<svg" in lab.mean_chart.value and "the exact value is" in lab.mean_chart.value
    assert "<svg" in lab.hist_chart.value and "Share of rounds by result" in lab.hist_chart.value
    assert not lab.run_button.disabled and lab.cancel_button.disabled


def test_threshold_player_shows_the_exact_value_of_the_two_policies():
    lab = SimulationLab("italian", player=stand_at(4), dealer=sees_player(), rounds=3000, seed=2)
    r = lab.run(wait=True)
    direct = simulate.run(Rules.preset("italian"), stand_at(4), sees_player(), rounds=3000, seed=2)
    exact = odds.policy_ev(Rules.preset("italian"), stand_at(4), sees_player())
    assert r.total == direct.total and lab.exact == exact
    assert "these two plans, worked out exactly" in lab.result_text and "the player stands at 4" in lab.result_text
    assert f"exact value{exact}" in lab.result_text
    assert "sees the player" in dict((v, k) for k, v in lab.bank_choice.options)["sees"]


def test_background_run_progress_reaches_100_percent():
    lab = SimulationLab("spanish", player="optimal", rounds=40_000, seed=5)
    seen = []
    tick = lab._tick
    lab._tick = lambda d, t: (seen.append(d), tick(d, t))
    lab.run_button.click()
    assert lab.wait(60) and lab.status == "done"
    assert seen[-1] == 40_000 and len(seen) >= 2 and seen == sorted(seen)
    assert lab.progress.value == lab.progress.max
    assert "Exact value" in lab.result_text and lab.message_text == ""


def test_cancel_and_run_while_running():
    lab = SimulationLab("plain", rounds=100_000, seed=1)
    tick = lab._tick

    def first_tick(done, total):
        assert lab.running and lab.run_button.disabled and not lab.cancel_button.disabled
        assert lab.run() is None and "already" not in lab.message_text and "running" in lab.message_text
        assert lab.set_rounds(5000) is None and lab.rounds == 100_000
        assert lab.cancel() is True
        tick(done, total)

    lab._tick = first_tick
    assert lab.run(wait=True) is None
    assert lab.status == "cancelled" and lab.result is None
    assert "Cancelled after" in lab.result_text and not lab.run_button.disabled
    assert lab.cancel() is None and "No simulation is running" in lab.message_text


@pytest.mark.parametrize("bad, words", [("12", "from 1,000 to 10,000,000"), ("abc", "whole number"),
                                        ("20000000", "from 1,000"), ("1.5e4", "whole number"),
                                        ("<script>", "whole number")])
def test_invalid_rounds_message_state_unchanged(bad, words):
    lab = SimulationLab(rounds=2000)
    lab.rounds_box.value = bad
    assert words in lab.message_text and lab.rounds == 2000
    assert "<script>" not in lab.message.value
    assert lab.run(wait=True) is None and words in lab.message_text and lab.result is None
    lab.rounds_box.value = "3,000"
    assert lab.rounds == 3000 and lab.message_text == ""
    assert lab.run(wait=True).rounds == 3000


def test_seed_and_settings():
    lab = SimulationLab(rounds=1000)
    lab.seed_box.value = "x"
    assert "The seed must be a whole number" in lab.message_text and lab.seed == 1
    assert lab.set_seed("-3") is None and "0 or more" in lab.message_text
    assert lab.set_seed(7) == 7 and lab.seed_box.value == "7"
    a = lab.run(wait=True)
    b = lab.run(wait=True)
    assert a == b  # the same seed, the same rounds
    assert lab.set_preset("chess") is None and "choose plain" in lab.message_text
    assert lab.set_preset("italian") == "italian" and lab.rules.name == "italian"
    assert lab.set_player(5.5) == repr(stand_at(5.5)) and lab.set_player("optimal") == "'optimal'"
    assert lab.set_player(9) is None and "Unknown player policy" in lab.message_text
    assert lab.set_bank("sees") == repr(sees_player()) and lab.set_bank(6) == repr(stand_at(6))
    assert lab.set_bank("optimal") is None and "Unknown bank policy" in lab.message_text


def test_running_mean_is_drawn_inside_its_plot():
    """The running mean's first points were drawn outside the chart, at the
    left.  Its marks (band, exact line, mean) are all inside a nested <svg> that is the
    plot area (its viewBox, and the same size fixed in its style, so a page's
    `.sk-chart svg {width: 100%}` cannot widen it and its clip with it)."""
    import re

    lab = SimulationLab("plain", rounds=2000, seed=1)
    lab.run(wait=True)
    svg = re.search(r"<svg role=\"img\".*</svg>", lab.mean_chart.value, re.S).group(0)
    inner = re.findall(r'<svg x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" '
                       r'viewBox="([^"]+)" style="([^"]+)"[^>]*>(.*?)</svg>', svg, re.S)
    assert len(inner) == 1, "the marks are not in one clipping plot area"
    x, y, w, h, box, style, marks = inner[0]
    assert box.split() == [x, y, w, h]
    assert f"width:{w}px" in style and f"height:{h}px" in style and "overflow:hidden" in style
    assert "<polyline" in marks and "<polygon" in marks  # the mean and its band
    outside = svg.replace(inner[0][6], "")
    assert "<polyline" not in outside, "a line is drawn outside the plot area"
    # the first point (1 hand, a mean far off) is at the plot's left edge, not before it
    first = re.search(r'<polyline points="([\d.-]+),', marks).group(1)
    assert float(first) >= float(x)
