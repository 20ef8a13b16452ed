"""widgets.BettingLab driven headless (lesson 08): the numbers are the library's
(S7, S9), bad input leaves the state as it was, background work without threads."""

from __future__ import annotations

import asyncio
from fractions import Fraction

import pytest

from sette_kit import Rules, SetteKitError, odds
from sette_kit.strategy_text import clear_cache
from widgets import BettingLab
from widgets.charts import caption_text
from threadless import no_threads  # noqa: F401 - a fixture

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")


@pytest.fixture(scope="module")
def lab():
    return BettingLab("plain", "5", min_stake=1, max_stake=10, background=False)


def test_build_classes_controls_and_live_regions(lab):
    assert {"sk-widget", "sk-betting-lab"} <= set(lab.view._dom_classes)
    assert lab.rules_menu.value == "plain" and lab.bank_menu.value == "5"
    assert (lab.min_box.value, lab.max_box.value) == ("1", "10")
    assert 'aria-live="polite"' in lab.plan_html.value and 'aria-live="polite"' in lab.reads_html.value
    assert 'aria-live="polite"' in lab.table_html.value
    for html in (lab.first_html.value, lab.reads_html.value):  # every chart: role, title, desc, disclosure
        assert html.count('<svg role="img"') == 2 and html.count("<title>") == 2 and "<desc>" in html
        assert "Describe this chart" in html and 'class="sk-chart-narrow"' in html
    assert lab.status.value == "" and lab.message_text == ""


def test_S9_numbers_are_the_librarys(lab):
    sol = odds.solve(PLAIN, dealer=odds.stand_at(5))
    plan = odds.best_staking_plan(sol, 1, 10)
    assert lab.solution.ev == sol.ev
    assert dict(lab.plan.stakes) == dict(plan.stakes) and lab.plan.ev_per_round == plan.ev_per_round
    text = lab.plan_text
    assert "Stake 10 on a first 6 or 7" in text and "1 on any other first card" in text
    assert "Expected result per round: +0.4373" in text and "Return per unit staked: +15.6%" in text
    assert "Average stake per round: 14/5 = 2.80" in text
    assert "The same play at a flat stake: -16.4% per unit staked (the house edge, 16.4% of the stake)" in text
    # the long exact fractions are there on request only
    assert f"expected result per round: {plan.ev_per_round}" in text


def test_first_card_chart_signs_and_notes(lab):
    by = odds.ev_by_first_card(lab.solution)
    text = lab.chart_text
    assert text.startswith("Your expected result by first card (plain rules, bank stands at 5): Ace: −28.0%")
    assert "6: +9.7% (stake 10); 7: +57.1% (stake 10); figure: −9.2%." in text
    assert len(by) == 8 and all(f"{name}: " in text for name in by)
    assert "you gain on average" in lab.first_html.value and "you lose on average" in lab.first_html.value


def test_S9_what_the_bank_reads_from_a_stake(lab):
    assert lab.stake_buttons.options == (("stake 1", 1), ("stake 10", 10)) and lab.stake_buttons.value == 10
    assert lab.posterior == {"6": Fraction(1, 2), "7": Fraction(1, 2)}
    assert "stakes 10 holds a 6 or a 7" in lab.reads_text
    # the teacher's review: a 6 and a 7 are equally likely, neither is "most likely"
    assert "Most likely, and equally likely: a 6 and a 7, 1/2 = 50.0% each." in lab.reads_text
    assert "Most likely a 6" not in lab.reads_text
    # item 7: Bayes' theorem in full, P(stake | card) named
    assert "P(card | stake) = P(stake | card) × P(card) ÷ P(stake)" in lab.reads_text
    lab.stake_buttons.value = 1  # a click on "stake 1"
    assert lab.posterior == lab.plan.posterior(1) and lab.posterior["figure"] == Fraction(3, 8)
    assert "Most likely a figure: 3/8 = 37.5% (before the stake 3/10 = 30.0%)" in lab.reads_text
    assert "Ruled out: a 6 and a 7." in lab.reads_text
    assert "after a stake of 1: 3/8 = 37.5%" in caption_text(lab.reads_html.value)
    before = lab.posterior
    assert lab.read_stake(5) is None
    assert lab.message_text == "A player who follows this plan stakes 1 or 10, never 5."
    assert lab.posterior == before and lab.stake_seen == 1
    lab.read_stake(10)


def test_thresholds_table_marks_the_banks_best_against_each_player(lab):
    ref = odds.bank_thresholds("plain", min_stake=1, max_stake=10)
    assert [r.flat_ev for r in lab.table.rows] == [r.flat_ev for r in ref.rows]
    assert lab.table.best_flat.threshold == 5 and lab.table.best_staking.threshold == Fraction(11, 2)
    text = lab.table_text
    assert "5 (your bank)-16.4% ★ best+0.4373" in text and "5½-9.2%+0.3945 ★ best" in text
    assert "The bank's best threshold is 5 against a flat stake, 5½ against the player who stakes" in text
    assert text.count("★ best") == 3  # twice in the table, once in the key
    assert 'class="sk-current"' in lab.table_html.value


def test_set_threshold_and_rules_redraw_everything():
    lab = BettingLab("plain", "5", background=False)
    lab.set_threshold("5½")
    assert lab.solution.dealer == odds.stand_at(5.5) and lab.bank_menu.value == "5½"
    assert "5½ (your bank)" in lab.table_text
    lab.bank_menu.value = "4"  # the menu acts like the method
    assert lab.solution.dealer == odds.stand_at(4) and "(plain rules, bank stands at 4)" in lab.chart_text
    assert lab.set_threshold(7) is None and "not one of 4, 4½, 5, 5½, 6, 6½" in lab.message_text
    assert lab.solution.dealer == odds.stand_at(4)
    lab.set_rules("spanish")
    assert lab.solution.rules == Rules.preset("spanish") and lab.rules_menu.value == "spanish"
    assert lab.set_rules("poker") is None and "Unknown rules 'poker'" in lab.message_text
    assert lab.rules.name == "spanish"


def test_S7_stake_range_bounds_and_a_flat_stake():
    lab = BettingLab("plain", background=False)
    plan = lab.plan
    for lo, hi, words in [("0", "10", "The minimum stake must be from 1 to 1,000 (you typed 0)."),
                          ("1", "lots", "The maximum stake must be a whole number from 1 to 1,000 (you typed 'lots')."),
                          ("5", "2", "The minimum stake (5) is more than the maximum (2)"),
                          ("1", "5000", "The maximum stake must be from 1 to 1,000 (you typed 5000).")]:
        assert lab.set_stakes(lo, hi) is None and lab.message_text.startswith(words)
        assert lab.plan is plan and (lab.min_stake, lab.max_stake) == (1, 10)
    lab.max_box.value = "20"  # typing in the box, then Enter
    assert lab.plan.max_stake == 20 and "stakes 1 to 20" in lab.plan_text
    lab.set_stakes(3, 3)
    assert set(lab.plan.stakes.values()) == {3} and lab.stake_buttons.options == (("stake 3", 3),)
    assert "tells the bank nothing" in lab.reads_text
    assert "the stake cannot help you here" in lab.plan_text and "Return per unit staked: -16.4%" in lab.plan_text
    assert (lab.min_box.value, lab.max_box.value) == ("3", "3")


def test_S9_italian_rules_have_the_matta():
    lab = BettingLab("italian", "5", background=False)
    by = odds.ev_by_first_card(odds.solve("italian", dealer=odds.stand_at(5)))
    assert list(lab.plan.first_cards) == list(by) and "matta" in by
    assert "matta: +73.4% (stake 10)" in lab.chart_text
    ref = odds.bank_thresholds("italian")
    assert lab.table.best_flat.threshold == ref.best_flat.threshold
    assert lab.table.best_staking.threshold == ref.best_staking.threshold


def test_parts_leave_out_what_is_not_shown():
    lab = BettingLab("plain", parts=("first_card", "plan"), background=False)
    assert lab.table is None and lab.table_html not in lab.view.children and lab.stake_buttons not in lab.view.children
    assert "stake 10" in lab.chart_text
    with pytest.raises(SetteKitError, match="choose among"):
        BettingLab(parts=("everything",))
    with pytest.raises(SetteKitError, match="accepted presets"):
        BettingLab("poker")
    with pytest.raises(SetteKitError, match="not one of"):
        BettingLab("plain", "3")


def test_background_work_ends_with_the_newest_request():
    clear_cache()
    lab = BettingLab("spanish", "6")
    assert lab.wait(120) and not lab.busy and lab.status.value == ""
    assert lab.solution.dealer == odds.stand_at(6) and lab.table is not None
    clear_cache()
    lab.set_threshold("4")
    lab.set_threshold("6½")
    lab.set_stakes(2, 8)
    assert lab.wait(120)
    assert lab.solution.dealer == odds.stand_at(6.5) and lab.plan.max_stake == 8 and lab.table.max_stake == 8
    assert "6½ (your bank)" in lab.table_text


def test_without_threads_the_work_steps_on_the_event_loop(no_threads):
    async def scenario():
        clear_cache()
        lab = BettingLab("plain", "4½")
        assert lab.plan is None and "Working it out" in lab.status.value  # the constructor returned first
        assert lab._job.mode == "async"
        assert await lab.wait_async(120)
        return lab

    lab = asyncio.run(scenario())
    assert lab.solution.dealer == odds.stand_at(4.5) and lab.table is not None and lab.status.value == ""
    assert lab.plan.ev_per_round == odds.best_staking_plan(odds.solve("plain", odds.stand_at(4.5)), 1, 10).ev_per_round


def test_without_threads_or_loop_it_still_works(no_threads):
    clear_cache()
    lab = BettingLab("plain", "6")
    assert lab.plan is not None and lab.table is not None and not lab.busy


# ---- the chart's title is cut in Italian and Spanish ---------------------------

@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_first_card_chart_title_wraps_inside_the_chart(lang):
    """Each chart of the first-card pair (wide and narrow) writes its whole title, on as
    many lines as it takes, each line within the chart's width, above the legend."""
    import re

    from sette_kit.i18n import language
    from widgets.charts import TITLE, text_width

    with language(lang):
        lab = BettingLab("plain", "5", min_stake=1, max_stake=10, background=False)
        svgs = re.findall(r"<svg role=\"img\".*?</svg>", lab.first_html.value, re.S)
    assert len(svgs) == 2
    for svg in svgs:
        width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
        title = re.search(r"<title>(.*?)</title>", svg).group(1)
        lines = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="16"[^>]*font-weight="600">(.*?)</text>', svg)
        assert " ".join(text for _, _, text in lines) == title, "the title is not written whole"
        for x, _, text in lines:
            assert float(x) + text_width(text, TITLE) <= width, f"{text!r} runs past {width} px"
        legend_top = min(float(y) for y in re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="22"', svg))
        assert float(lines[-1][1]) < legend_top, "the title's last line runs into the legend"
    if lang != "en":  # the wide chart's title takes two lines in Italian and Spanish
        assert len(re.findall(r'font-weight="600"', svgs[0])) >= 2
