"""The bluff lab (lesson 14): odds.bluff_lab, the logic, and widgets.BluffLab, the view.

Rules cited: S9 (the stake after the first card), S11 (the bank plays seeing the stake
and the face-up cards), S12-S13 (the bank's hits and stands decide the round).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from stake_fixtures import game, lab  # noqa: F401 - fixtures

from sette_kit import SetteKitError, odds
from sette_kit.odds import _stake_game as sg


# -- the logic ---------------------------------------------------------------------------------

def test_equilibrium_share_is_the_bluff_share_and_its_value_the_game_lower(lab, game):
    # S11: at the equilibrium's share the bank's exact best response leaves exactly `lower`
    assert lab.equilibrium_share == game.bluff.share
    play = lab.play(lab.equilibrium_share)
    assert play.scale == 1
    assert play.ev == game.lower == lab.equilibrium_value
    assert dict(play.stake_probabilities) == dict(game.bluff.by_card)
    assert play.frequency == game.bluff.frequency and play.high_frequency == game.bluff.high_frequency


def test_the_ev_is_recomputed_by_the_stake_games_best_response(lab, game):
    # the same number from the engine's own best response, for a plan built by hand (S9)
    share = Fraction(1, 10)
    play = lab.play(share)
    tree = sg._Game(game.deck, game.stakes, True)
    sigma, beta, __ = game._strategies(tree)
    for p in tree.firsts:
        name = sg.NAMES[p]
        if name in game.bluff.cards:
            q = play.stake_probabilities[name]
            sigma[p] = (1 - q, q)
    assert sg.bank_best_response(tree, sigma, beta)[0] == play.ev
    assert isinstance(play.ev, Fraction)


def test_share_is_bayes_posterior_of_a_bluff_after_a_high_stake(lab):
    for share in (Fraction(0), Fraction(1, 20), Fraction(1, 4), lab.max_share):
        play = lab.play(share)
        assert play.share == share
        assert sum(play.posterior[10].get(c, 0) for c in lab.bluff_cards) == share
        assert all(sum(post.values()) == 1 for post in play.posterior.values())
        assert play.frequency == share * play.high_frequency


def test_no_share_beats_the_game_value_and_the_equilibrium_is_best_on_the_grid(lab, game):
    grid = [Fraction(k, 20) for k in range(0, 11)]
    values = [p.ev for p in lab.curve(grid)]
    assert all(v <= game.upper for v in values)
    assert max(values) < lab.equilibrium_value
    # never bluffing is worth about as much as today's plan read by the bank, not more than +0.09
    assert lab.play(0).ev < Fraction(9, 100) and lab.play(0).ev > game.information.reads_plan
    # too much bluffing loses money
    assert lab.play(Fraction(1, 2)).ev < 0


def test_max_share_makes_the_biggest_bluff_certain(lab, game):
    top = max(game.bluff.cards, key=game.bluff.cards.get)
    assert lab.stake_probabilities(lab.max_share)[top] == 1
    assert lab.stake_probabilities(0)["7"] == 1 and lab.stake_probabilities(0)[top] == 0


def test_natural_frequencies_of_a_thousand_rounds(lab):
    tree = lab.natural_frequencies(lab.equilibrium_share)
    (n1, by1), (n10, by10) = tree[1], tree[10]
    assert n1 + n10 == 1000
    assert by10["7"] == 100 and by1["figure"] == 300
    play = lab.play(lab.equilibrium_share)
    assert {c: v / n10 for c, v in by10.items()} == dict(play.posterior[10])


@pytest.mark.parametrize("bad", [-1, 2, "lots", None, True, [0.1], "1/0"])
def test_bad_share_is_refused_with_what_is_accepted(lab, bad):
    before = dict(lab._memo)
    with pytest.raises(SetteKitError, match="give a bluff share from 0 to"):
        lab.play(bad)
    assert lab._memo == before


def test_bad_inputs_of_the_lab(lab):
    with pytest.raises(SetteKitError, match="solved stake game"):
        odds.bluff_lab("plain")
    with pytest.raises(SetteKitError, match="positive whole number of rounds"):
        lab.natural_frequencies(0, rounds=0)
    assert odds.bluff_lab() is odds.bluff_lab()


# -- the view ----------------------------------------------------------------------------------

@pytest.fixture()
def view():
    from widgets import BluffLab

    return BluffLab(background=False)


def test_view_shows_the_models_numbers(view, lab):
    view.equilibrium()
    assert view.share == lab.equilibrium_share and view.ev == lab.equilibrium_value
    assert "19.8%" in view.result_text
    assert "0.1588" in view.result_text and "This is the equilibrium" in view.result_text
    assert view.slider.value == 20
    # the chart: the curve on the grid, the equilibrium and the learner's plan, in its text
    text = view.chart_text
    assert "equilibrium: 19.8%: +0.1588" in text and "50.0%: −0.4205" in text
    assert 'role="img"' in view.chart_html.value


def test_moving_the_slider_is_the_same_as_set_share(view, lab):
    view.slider.value = 5   # S11: the bank best-responds to the new plan
    assert view.share == Fraction(1, 20) and view.ev == lab.play(Fraction(1, 20)).ev
    assert "win 0.1089" in view.result_text
    view.set_share("30%")
    assert view.slider.value == 30 and view.ev == lab.play(Fraction(3, 10)).ev


@pytest.mark.parametrize("bad", ["60%", "abc%", -1, "lots", None, [1]])
def test_bad_share_keeps_the_state_and_says_what_is_accepted(view, bad):
    view.set_share("10%")
    before = (view.share, view.ev, view.slider.value, view.result_text)
    view.set_share(bad)
    assert "give a bluff share from 0 to 0.516 (51.6%)" in view.message_text
    assert (view.share, view.ev, view.slider.value, view.result_text) == before


def test_bank_reads_is_a_natural_frequency_tree(view, lab):
    view.equilibrium()
    text = view.reads_text
    assert "138 rounds with a stake of 10" in text and "862 rounds with a stake of 1" in text
    assert "7: 100 of 138 (72.5%)" in text and "2: 23 of 138 (16.7%) - a bluff" in text
    assert "the chance that it is a bluff is 19.8%" in text
    assert '<details open>' in view.reads_html.value


def test_information_table_has_the_four_values(view, game):
    i = game.information
    text = view.information_text
    for v in (i.blind, i.best_fixed, i.reads_plan, i.equilibrium):
        assert f"{float(v):+.4f}" in text
    assert "(5½)" in text


def test_parts_and_bad_parts():
    from widgets import BluffLab

    only = BluffLab(parts=("bank_reads",), background=False)
    assert only.reads_text and not only.result_text and not only.information_text
    with pytest.raises(SetteKitError, match="choose among 'lab', 'bank_reads', 'information'"):
        BluffLab(parts=("chart",), background=False)


def test_view_in_italian_and_spanish():
    from sette_kit.i18n import language
    from widgets import BluffLab

    for lang in ("it", "es"):
        with language(lang):
            v = BluffLab(share="1/5", parts=("lab",), background=False)
            assert "0,1583" in v.result_text
            assert "stakes" not in v.result_text


def test_two_callers_share_one_tree_build(game):
    # a widget's background work and a lesson cell may ask at once: one build, both answers exact
    import threading

    fresh = odds.BluffLab(game)
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("bg", fresh.play(Fraction(1, 10)).ev))
    t.start()
    out["main"] = fresh.play(0).ev
    t.join()
    assert out["bg"] == odds.bluff_lab(game).play(Fraction(1, 10)).ev
    assert out["main"] == odds.bluff_lab(game).play(0).ev
