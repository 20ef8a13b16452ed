"""widgets.StrategyChart driven headless: the numbers are sette_kit.odds.solve's, exactly."""

from fractions import Fraction

import pytest

from sette_kit import Rules, odds, parse_cards
from sette_kit.strategy_text import fraction_text, solution, strategy_grid
from widgets import StrategyChart

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


def _grid_lines(sc):
    firsts, totals, cells = strategy_grid(sc.solution)
    return [f"{f:>10} | " + " ".join(f"{c:>3}" for c in row) for f, row in zip(firsts, cells)]


def test_house_edge_is_the_exact_solve():
    sc = StrategyChart("plain", background=False, show_chart=False)
    assert {"sk-widget", "sk-strategy-chart"} <= set(sc.view._dom_classes)
    exact = odds.solve(Rules.preset("plain"), odds.stand_at(5))
    assert sc.solution.house_edge == exact.house_edge == -exact.ev
    assert "5: 16.37% of the stake" in sc.result_text            # the percentage first...
    assert f"exact value{exact.house_edge}" in sc.result_text     # ...the exact fraction on request
    # the grid is Solution.format_table, cell for cell
    table = exact.format_table().splitlines()[2:-1]
    assert _grid_lines(sc) == table
    assert "With a first card of a 6 you stand on 6." in sc.summary_text
    assert "first card" in sc.chart_text and "S" in sc.chart_text


def test_chart_is_svg_with_text_equivalent():
    sc = StrategyChart("plain", dealer=odds.stand_at(6), background=False)
    assert '<svg role="img"' in sc.chart_html.value
    assert sc.chart_text.startswith("Best play, plain rules, a bank that stands at 6. first card Ace: ")


def test_menus_choose_and_solve_button_solves():
    sc = StrategyChart("plain", background=False, show_chart=False)
    first = sc.solution
    sc.dealer_menu.value = "4½"
    assert sc.dealer == odds.stand_at(4.5)
    if sc.solution is first:  # not solved before in this process: asks for Solve
        assert "Press Solve" in sc.message_text
    sc.solve_button.click()
    assert sc.solution.dealer == odds.stand_at(4.5)
    assert sc.solution.house_edge == odds.solve("plain", odds.stand_at(4.5)).house_edge
    sc.dealer_menu.value = "sees"
    sc.solve()
    assert sc.solution.dealer == odds.sees_player() and "all-seeing" in sc.result_text
    sc.set_dealer("5")  # solved before: shown at once, no Solve needed
    assert sc.solution is first and sc.message.value == "" and sc.dealer_menu.value == "5"


def test_S3_S5_italian_preset_sentences_and_edge():
    sc = StrategyChart("plain", background=False, show_chart=False)
    sc.rules_menu.value = "italian"
    sc.solve()
    ev = odds.solve(Rules.preset("italian"), odds.stand_at(5)).ev
    assert sc.solution.house_edge == -ev and fraction_text(-ev) in sc.result_text
    assert "With a first card of the matta" in sc.summary_text
    assert "italian rules" in sc.result_text


def test_lookup_shows_ev_of_stand_and_hit():
    sc = StrategyChart("plain", background=False, show_chart=False)
    sol = sc.solution
    text = sc.lookup("3c 1d")
    hand = parse_cards("3c 1d")
    assert f"stand: expected result {fraction_text(sol.ev_of(hand, 'stand'))}" in sc.lookup_text
    assert f"hit: expected result {fraction_text(sol.ev_of(hand, 'hit'))}" in sc.lookup_text
    assert f"Best: {sol.decision(hand)}." in text
    sc.lookup_box.value = "7c 7d"
    assert "bust" in sc.lookup_text
    sc.lookup_box.value = "6c Fd"
    assert "Holding 6 di coppe, Fante di denari (6½)" in sc.lookup_text


def test_bad_input_is_a_message_and_changes_nothing():
    sc = StrategyChart("plain", background=False, show_chart=False)
    before = (sc.rules, sc.dealer, sc.solution, sc.result_html.value, sc.lookup_html.value)
    assert sc.lookup("<script>alert(1)</script>") is None
    assert "&lt;script&gt;" in sc.message.value and "<script>" not in sc.message.value
    assert "<script>" not in sc.lookup_html.value
    assert sc.set_rules("french") is None and "accepted presets" in sc.message_text
    assert sc.set_dealer("9") is None and "accepted thresholds" in sc.message_text
    assert sc.lookup("3c 3c") is None and "twice" in sc.message_text
    assert (sc.rules, sc.dealer, sc.solution, sc.result_html.value, sc.lookup_html.value) == before


def test_background_solve_newest_request_wins():
    custom = Rules.preset("plain").replace(dealer_wins_ties=False)
    sc = StrategyChart(custom, dealer="5", background=True, show_chart=False)
    assert sc.wait(60) and not sc.busy and sc.status.value == ""
    assert sc.solution.house_edge == solution(custom, "5").house_edge
    sc.set_dealer("6")
    sc.solve()
    sc.set_dealer("4")
    sc.solve()
    assert sc.wait(60)
    assert sc.solution.dealer == odds.stand_at(4) and sc.status.value == ""
    assert "Solving" not in sc.status.value


def test_float_path_shows_percent_only():
    sc = StrategyChart("plain", exact=False, background=False, show_chart=False)
    assert isinstance(sc.solution.house_edge, float)
    assert "16.37% of the stake" in sc.result_text and "/" not in sc.result_text
    assert "exact value" not in sc.result_text                   # a float has no exact value to offer
    assert abs(sc.solution.house_edge - Fraction(22069914749539, 134817758039250)) < 1e-12
