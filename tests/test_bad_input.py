"""Bad input at every public boundary.

One table per kind of boundary: each row is an input and the error it must give (the
class, and a phrase of the message that says what was wrong or what is accepted).  A new
boundary gets a row here, so it gets the same treatment:

* the library: every public function, constructor and method of ``sette_kit``'s public
  modules, with wrong types, wrong values, NaN and infinities, huge numbers and huge text.
  The error is a :class:`SetteKitError` (never a raw TypeError, AttributeError,
  OverflowError, IndexError, AssertionError or RecursionError), found before any real
  work (every row runs under ``pytest.mark.timeout``: a guard against hangs, not a claim
  about speed, since CI runs on a busy 2-core machine);
* preset names: where a ``rules`` is taken, a preset name is accepted too;
* the command line: every subcommand option, run as ``python -m sette_kit ...``: exit
  code 2, one line on stderr, no traceback (a process that never ends is killed by a
  generous hang guard and fails the row).

Saved games have their own table in ``tests/games/test_saves.py``.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest
from adversarial import matta_table

import sette_kit as sk
from sette_kit import (answers, counting, fmt, numbers, odds, policies, quattro, questions, risk, simulate, strategy,
                       strategy_text, trees, trentuno)
from sette_kit.cards import Card, Deck, as_cards, format_cards, parse_card, parse_cards
from sette_kit.errors import IllegalMove, SetteKitError
from sette_kit.game import Table
from sette_kit.rules import Rules
from sette_kit.scoring import Score, card_value, fmt_points, outcome, score, settle

ITALIAN = Rules.preset("italian")
PLAIN = Rules.preset("plain")
HUGE = "1e10000000"  # 6-7 s to turn into a Fraction, before sizes were checked first
HUGER = "1e1000000000"  # for ever
BIG = 10 ** 10000  # str() and repr() refuse it (more than 4,300 digits)
HUGE_TEXT = "x" * 1_000_000  # a message that quoted it whole would be a megabyte long
HANG_S = 120  # a hang guard for one row (pytest.mark.timeout), not a speed claim


def row(id, call, phrase, error=SetteKitError):
    return pytest.param(call, error, phrase, id=id)


def _table(**kw):
    kw.setdefault("seed", 1)
    return Table(kw.pop("rules", "italian"), kw.pop("players", ["Ada", "Bo"]), **kw)


def _staking():
    t = _table()
    t.new_round()  # Bo (or Ada) to stake
    return t


def _dealt(n):
    d = Deck(seed=1)
    return d, d.deal(n)


def _bot_table(policy):
    t = Table("plain", ["Ada", "Bo"], seed=1, banker=0, bots={1: policy})
    t.new_round()
    return t


def _declaring_bot_table():
    # a bot that declares the matta again and again: declaring does not end a turn (S4)
    def bot(v):
        if "declare" in v.legal:
            return "declare", {"value": 4}
        return ("stake", {}) if "stake" in v.legal else "hit"
    t = Table("italian", ["A", "B"], seed=1, banker=0, deck="3c 5d Rd", bots={1: bot})
    t.new_round()
    return t


def _quattro():
    return quattro.QuattroGame(["Ada", "Bo", "Cy"], seed=1, dealer=0)


def _trentuno():
    return trentuno.TrentunoGame(["Ada", "Bo"], seed=1)


def _first(gen):
    return next(gen)


COIN = risk.custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)})


LIBRARY = [
    # -- cards (D1, D2) -------------------------------------------------------------------
    row("parse_cards-None", lambda: parse_cards(None), "not None"),
    row("parse_cards-int", lambda: parse_cards(7), "not 7"),
    row("parse_cards-bytes", lambda: parse_cards(b"7c"), "not b'7c'"),
    row("parse_cards-list-of-None", lambda: parse_cards([None]), "None"),
    row("parse_cards-face-None", lambda: parse_cards("7c", face=None), "accepted faces"),
    row("parse_cards-face-list", lambda: parse_cards("7c", face=[]), "accepted faces"),
    row("parse_cards-huge-text", lambda: parse_cards("7c " * 2000), "too long for a list of cards"),
    row("parse_cards-long-word", lambda: parse_cards("x" * 500), "cannot read 'xxxx"),
    row("parse_card-None", lambda: parse_card(None), "not None"),
    row("parse_card-two", lambda: parse_card("7c 7d"), "expected one card"),
    row("Card-rank-None", lambda: Card(None, "coppe"), "not a rank"),
    row("Card-rank-inf", lambda: Card(float("inf"), "coppe"), "not a rank"),
    row("Card-rank-nan", lambda: Card(float("nan"), "coppe"), "not a rank"),
    row("Card-rank-8", lambda: Card(8.5, "coppe"), "not a rank"),
    row("Card-suit-list", lambda: Card(7, []), "not a suit"),
    row("Card.from_index-str", lambda: Card.from_index("a"), "card index"),
    row("Card.from_index-float", lambda: Card.from_index(1.5), "card index"),
    row("Card.from_index-None", lambda: Card.from_index(None), "card index"),
    row("Card.from_index-40", lambda: Card.from_index(40), "accepted 0-39"),
    row("Card.name-face", lambda: Card(7, 0).name("german"), "accepted faces"),
    row("format_cards-None", lambda: format_cards(None), "Cards"),
    row("format_cards-ints", lambda: format_cards([1, 2]), "Cards"),
    row("format_cards-style", lambda: format_cards(parse_cards("7c"), style="fancy"), "accepted 'name'"),
    row("Deck-cards-ints", lambda: Deck([1, 2]), "Cards"),
    row("Deck-cards-int", lambda: Deck(5), "Cards"),
    row("Deck-seed-str", lambda: Deck(seed="x"), "seed"),
    row("Deck-seed-negative", lambda: Deck(seed=-1), "seed"),
    row("Deck-rng-str", lambda: Deck(rng="x"), "rng"),
    row("Deck.deal-str", lambda: Deck(seed=1).deal("2"), "whole number"),
    row("Deck.deal-float", lambda: Deck(seed=1).deal(2.5), "whole number"),
    row("Deck.deal-bool", lambda: Deck(seed=1).deal(True), "whole number"),
    row("Deck.deal-41", lambda: Deck(seed=1).deal(41), "40 remain"),
    row("Deck.reshuffle-None", lambda: Deck(seed=1).reshuffle(None), "Cards"),
    # -- rules (S3-S23) -----------------------------------------------------------------------
    row("Rules-name-int", lambda: Rules(name=123), "name=123"),
    row("Rules-name-control", lambda: Rules(name="a\x00b"), "control characters"),
    row("Rules-name-long", lambda: Rules(name="x" * 500), "too long"),
    row("Rules-face-list", lambda: Rules(face=[]), "accepted 'italian'"),
    row("Rules-face-None", lambda: Rules(face=None), "accepted 'italian'"),
    row("Rules-matta-text", lambda: Rules(matta="Re di denari"), "must be a Card"),
    row("Rules-payout-float", lambda: Rules(reale_payout=2.0), "from 1 to 10"),
    row("Rules-payout-bool", lambda: Rules(reale_payout=True), "from 1 to 10"),
    row("Rules-bool-str", lambda: Rules(triple="yes"), "True or False"),
    row("Rules-timing-list", lambda: Rules(stake_timing=[]), "accepted 'after_first_card'"),
    row("Rules-passing-dict", lambda: Rules(bank_passing={}), "accepted 'reale'"),
    row("Rules.preset-None", lambda: Rules.preset(None), "accepted presets"),
    row("Rules.preset-list", lambda: Rules.preset(["italian"]), "accepted presets"),
    row("Rules.replace-unknown", lambda: ITALIAN.replace(tripple=True), "unknown rule option"),
    row("Rules.replace-name", lambda: ITALIAN.replace(name=None), "name=None"),
    row("Rules.differences-None", lambda: ITALIAN.differences(None), "Rules"),
    row("Rules.differences-name", lambda: ITALIAN.differences("german"), "accepted presets"),
    # -- scoring (S1-S16) -----------------------------------------------------------------------
    row("score-rules-None", lambda: score("7c", None), "preset name"),
    row("score-rules-int", lambda: score("7c", 5), "preset name"),
    row("score-rules-unknown", lambda: score("7c", "german"), "accepted presets"),
    row("score-cards-None", lambda: score(None, ITALIAN), "not None"),
    row("score-cards-int", lambda: score(7, ITALIAN), "not 7"),
    row("score-cards-mixed", lambda: score([Card(7, 0), "Rd"], ITALIAN), "Cards"),
    row("score-cards-empty", lambda: score([], ITALIAN), "at least one card"),
    row("score-declare-bool", lambda: score("Rd 3c", ITALIAN, declare=True), "cannot read declare=True"),
    row("score-declare-inf", lambda: score("Rd 3c", ITALIAN, declare=float("inf")), "not a finite number"),
    row("score-declare-nan", lambda: score("Rd 3c", ITALIAN, declare=float("nan")), "not a finite number"),
    row("score-declare-huge", lambda: score("Rd 3c", ITALIAN, declare=HUGE), "too large"),
    row("score-declare-huger", lambda: score("Rd 3c", ITALIAN, declare=HUGER), "too large"),
    row("score-declare-long", lambda: score("Rd 3c", ITALIAN, declare="9" * 5000), "too long"),
    row("score-declare-bigint", lambda: score("Rd 3c", ITALIAN, declare=10 ** 5000), "too large"),
    row("score-declare-list", lambda: score("Rd 3c", ITALIAN, declare=[4]), "cannot read"),
    row("score-declare-8", lambda: score("Rd 3c", ITALIAN, declare=8), "accepted values are"),
    row("score-half_ace-str", lambda: score("1c 3d", ITALIAN, half_ace="no"), "half_ace"),
    row("outcome-cards", lambda: outcome("7c", "5d", ITALIAN), "Score"),
    row("outcome-None", lambda: outcome(None, None, ITALIAN), "Score"),
    row("outcome-rules", lambda: outcome(score("7c", ITALIAN), score("5d", ITALIAN), None), "preset name"),
    row("settle-stake-inf", lambda: settle("7c", "5d", float("inf"), ITALIAN), "stake"),
    row("settle-stake-nan", lambda: settle("7c", "5d", float("nan"), ITALIAN), "stake"),
    row("settle-stake-half", lambda: settle("7c", "5d", 2.5, ITALIAN), "whole number"),
    row("settle-stake-fraction", lambda: settle("7c", "5d", Fraction(5, 2), ITALIAN), "whole number"),
    row("settle-stake-bool", lambda: settle("7c", "5d", True, ITALIAN), "stake"),
    row("settle-stake-zero", lambda: settle("7c", "5d", 0, ITALIAN), "stake"),
    row("settle-stake-str", lambda: settle("7c", "5d", "5", ITALIAN), "stake"),
    row("settle-stake-huge", lambda: settle("7c", "5d", 10 ** 100, ITALIAN), "stake"),
    row("settle-rules-None", lambda: settle("7c", "5d", 1, None), "preset name"),
    row("settle-overlap", lambda: settle("7c", "7c", 1, ITALIAN), "both hands"),
    row("card_value-None", lambda: card_value(None), "Card"),
    row("card_value-str", lambda: card_value("7c"), "Card"),
    row("fmt_points-str", lambda: fmt_points("7"), "multiple of ½"),
    row("fmt_points-third", lambda: fmt_points(Fraction(1, 3)), "multiple of ½"),
    row("fmt_points-inf", lambda: fmt_points(float("inf")), "finite"),
    row("fmt_points-None", lambda: fmt_points(None), "number"),
    # -- explain -----------------------------------------------------------------------------------
    row("explain-rules-None", lambda: sk.explain("7c", None), "preset name"),
    row("explain-cards-None", lambda: sk.explain(None, ITALIAN), "not None"),
    row("explain-option", lambda: sk.explain("Rd 3c", ITALIAN, bogus=1), "declare"),
    row("explain-declare-huge", lambda: sk.explain("Rd 3c", ITALIAN, declare=HUGE), "too large"),
    # -- the table (S7-S23) -------------------------------------------------------------------------
    row("Table-players-str", lambda: _table(players="AB"), "list of names"),
    row("Table-players-None", lambda: _table(players=None), "list of names"),
    row("Table-players-bool", lambda: _table(players=True), "list of names"),
    row("Table-players-float", lambda: _table(players=2.0), "list of names"),
    row("Table-players-huge", lambda: _table(players=10 ** 9), "2 to 12"),
    row("Table-players-1", lambda: _table(players=1), "2 to 12"),
    row("Table-players-dup", lambda: _table(players=["A", "A"]), "different"),
    row("Table-players-control", lambda: _table(players=["A", "B\x07"]), "control"),
    row("Table-players-newline", lambda: _table(players=["A", "B\nC"]), "control"),
    row("Table-players-nonstr", lambda: _table(players=["A", None]), "text"),
    row("Table-players-long", lambda: _table(players=["A", "x" * 200]), "at most"),
    row("Table-players-blank", lambda: _table(players=["A", "  "]), "empty"),
    row("Table-rules-None", lambda: _table(rules=None), "preset name"),
    row("Table-bankrolls-negative", lambda: _table(bankrolls=-100), "bankrolls"),
    row("Table-bankrolls-list-negative", lambda: _table(bankrolls=[100, -5]), "bankrolls"),
    row("Table-bankrolls-dict-negative", lambda: _table(bankrolls={"Ada": 5, "Bo": -1}), "bankrolls"),
    row("Table-bankrolls-None", lambda: _table(bankrolls=None), "bankrolls"),
    row("Table-bankrolls-bool", lambda: _table(bankrolls=True), "bankrolls"),
    row("Table-bankrolls-nan", lambda: _table(bankrolls=float("nan")), "bankrolls"),
    row("Table-bankrolls-str", lambda: _table(bankrolls="100"), "bankrolls"),
    row("Table-bankrolls-huge", lambda: _table(bankrolls=10 ** 100), "bankrolls"),
    row("Table-bankrolls-short", lambda: _table(bankrolls=[1]), "bankrolls"),
    row("Table-min_stake-0", lambda: _table(min_stake=0), "min_stake"),
    row("Table-max_stake-float", lambda: _table(max_stake=2.5), "max_stake"),
    row("Table-max_stake-huge", lambda: _table(max_stake=10 ** 100), "max_stake"),
    row("Table-stakes-crossed", lambda: _table(min_stake=5, max_stake=2), "above max_stake"),
    row("Table-seed-str", lambda: _table(seed="x"), "seed"),
    row("Table-seed-float", lambda: _table(seed=1.5), "seed"),
    row("Table-seed-negative", lambda: _table(seed=-1), "seed"),
    row("Table-bots-str", lambda: _table(bots="some"), "bots"),
    row("Table-bots-int", lambda: _table(bots=5), "bots"),
    row("Table-bots-list", lambda: _table(bots=["a"]), "bots"),
    row("Table-bots-uncallable", lambda: _table(bots={0: "x"}), "callable"),
    row("Table-bots-unknown-name", lambda: _table(bots={"Zed": policies.default()}), "no player called"),
    row("Table-banker-99", lambda: _table(banker=99), "does not exist"),
    row("Table-banker-bool", lambda: _table(banker=True), "does not exist"),
    row("Table-deck-int", lambda: _table(deck=5), "deck="),
    row("Table-deck-dup", lambda: _table(deck=[Card(7, 0), Card(7, 0)]), "deck="),
    row("Table.act-list", lambda: _table().act(["hit"]), "action", IllegalMove),
    row("Table.act-None", lambda: _table().act(None), "action", IllegalMove),
    row("Table.act-seat-list", lambda: matta_table().act("hit", seat=[1]), "seat", IllegalMove),
    row("Table.stake-float", lambda: matta_table().stake(2.5), "stake", IllegalMove),
    row("Table.declare-inf", lambda: matta_table().declare(float("inf")), "matta", IllegalMove),
    row("Table.declare-bool", lambda: matta_table().declare(True), "matta", IllegalMove),
    row("Table.declare-huge", lambda: matta_table().declare(HUGE), "too large", IllegalMove),
    row("Table.declare-long", lambda: matta_table().declare("9" * 5000), "too long", IllegalMove),
    row("Table.view-None", lambda: _table().view(None), "seat"),
    row("Table.attach_bots-str", lambda: _table().attach_bots("some"), "bots"),
    row("Table.hands-unknown", lambda: _table().hands("Zed"), "no player called"),
    row("Table.play_round-humans", lambda: _table().play_round(), "not a bot"),
    row("Table.new_round-twice", lambda: (lambda t: (t.new_round(), t.new_round()))(_table()), "still being played",
        IllegalMove),
    # -- policies (bots) ---------------------------------------------------------------------------
    row("policies.stand_at-huge", lambda: policies.stand_at(HUGE), "too large"),
    row("policies.stand_at-None", lambda: policies.stand_at(None), "stand_at"),
    row("policies.stand_at-stake-float", lambda: policies.stand_at(5, stake=2.5), "stake"),
    row("policies.stand_at-stake-str", lambda: policies.stand_at(5, stake="5"), "stake"),
    row("policies.reads_table-str", lambda: policies.reads_table(assume_at_least="x"), "assume_at_least"),
    row("policies.reads_table-inf", lambda: policies.reads_table(assume_at_least=float("inf")), "assume_at_least"),
    row("policies.reads_table-player", lambda: policies.reads_table(player="x"), "callable"),
    row("policies.seat", lambda: policies.seat(1, 2), "callable"),
    row("policies.random_play-seed", lambda: policies.random_play(seed=[1]), "seed"),
    # -- strategy and odds ---------------------------------------------------------------------------
    row("stand_at-huge", lambda: strategy.stand_at(HUGE), "too large"),
    row("stand_at-huger", lambda: strategy.stand_at(HUGER), "too large"),
    row("stand_at-inf", lambda: odds.stand_at(float("inf")), "stand_at"),
    row("stand_at-bool", lambda: odds.stand_at(True), "stand_at"),
    row("stand_at-list", lambda: odds.stand_at([5]), "stand_at"),
    row("stand_at-9", lambda: odds.stand_at(9), "½ to 8"),
    row("stand_at-third", lambda: odds.stand_at("16/3"), "½ to 8"),
    row("composition_key-None", lambda: strategy.composition_key(None, PLAIN), "Cards"),
    row("next_card-None", lambda: odds.next_card(None), "not None"),
    row("next_card-int", lambda: odds.next_card(7), "not 7"),
    row("next_card-rules", lambda: odds.next_card("7c", rules="german"), "accepted presets"),
    row("next_card-exact", lambda: odds.next_card("7c", exact="no"), "exact"),
    row("sette_e_mezzo_probability-None", lambda: odds.sette_e_mezzo_probability(None), "not None"),
    row("bust_probability-seen-None", lambda: odds.bust_probability("7c", seen=None), "not None"),
    row("bust_probability-seen-int", lambda: odds.bust_probability("7c", seen=3), "not 3"),
    row("reale_probability-rules", lambda: odds.reale_probability("7c", rules=5), "preset name"),
    row("explain_bust-None", lambda: odds.explain_bust(None), "not None"),
    row("final_distribution-policy", lambda: odds.final_distribution("five"), "stand_at"),
    row("final_distribution-total-99", lambda: odds.final_distribution(odds.sees_player(), player_total=99), "½ to 7½"),
    row("final_distribution-total-neg", lambda: odds.final_distribution(odds.sees_player(), player_total=-3), "½ to 7½"),
    row("final_distribution-total-0", lambda: odds.final_distribution(odds.sees_player(), player_total=0), "½ to 7½"),
    row("final_distribution-total-bool", lambda: odds.final_distribution(odds.sees_player(), player_total=True), "cannot read"),
    row("final_distribution-total-nan", lambda: odds.final_distribution(odds.sees_player(), player_total=float("nan")), "finite"),
    row("final_distribution-total-huge", lambda: odds.final_distribution(odds.sees_player(), player_total=HUGE), "too large"),
    row("final_distribution-total-third", lambda: odds.final_distribution(odds.sees_player(), player_total="10/3"), "half"),
    row("solve-dealer", lambda: odds.solve(dealer=5), "stand_at"),
    row("solve-rules", lambda: odds.solve("german"), "accepted presets"),
    row("solve-exact", lambda: odds.solve(exact="no"), "exact"),
    row("policy_ev-player", lambda: odds.policy_ev(player=5), "stand_at"),
    row("Solution.decision-None", lambda: odds.solve(PLAIN).decision(None), "not None"),
    row("Solution.ev_of-action", lambda: odds.solve(PLAIN).ev_of("7c", None), "accepted actions"),
    row("solve-seen-None", lambda: odds.solve("plain", seen=None), "not None"),
    row("ev_by_first_card-None", lambda: odds.ev_by_first_card(None), "solution"),
    row("staking_plan-nan", lambda: odds.staking_plan(odds.solve("plain"), {"Ace": float("nan")}), "stake"),
    row("best_staking_plan-crossed", lambda: odds.best_staking_plan(odds.solve("plain"), 5, 1), "min_stake"),
    row("bank_thresholds-99", lambda: odds.bank_thresholds("plain", thresholds=[99]), "½ to 8"),
    row("bank_thresholds-huge", lambda: odds.bank_thresholds("plain", thresholds=[HUGER]), "too large"),
    row("bank_thresholds-max_on", lambda: odds.bank_thresholds("plain", thresholds=[5], max_on=5), "max_on"),
    # -- risk and counting --------------------------------------------------------------------------
    row("custom_round-None", lambda: risk.custom_round(None), "distribution"),
    row("custom_round-nan", lambda: risk.custom_round({1: float("nan")}), "probability"),
    row("custom_round-result-huge", lambda: risk.custom_round({10 ** 100: 1}), "from -1000 to 1000"),
    row("custom_round-stake-inf", lambda: risk.custom_round({1: 1}, stake=float("inf")), "stake"),
    row("round_result-rules", lambda: risk.round_result(5), "preset name"),
    row("ruin_probability-game", lambda: risk.ruin_probability(None), "RoundResult"),
    row("ruin_probability-huge", lambda: risk.ruin_probability(COIN, 10 ** 12, 10 ** 12 + 5), "from 1 to 5,000"),
    row("ruin_probability-str", lambda: risk.ruin_probability(COIN, "x"), "bankroll"),
    row("ruin_probability-target", lambda: risk.ruin_probability(COIN, 100, 50), "must be more than"),
    row("bankroll_paths-huge", lambda: risk.bankroll_paths(COIN, paths=10 ** 9), "paths"),
    row("simulate_ruin-huge", lambda: risk.simulate_ruin(COIN, paths=10 ** 12), "paths"),
    row("simulate_ruin-max_rounds", lambda: risk.simulate_ruin(COIN, max_rounds="x"), "max_rounds"),
    row("simulate_ruin-seed", lambda: risk.simulate_ruin(COIN, seed="x"), "seed"),
    row("ruin_by_stake-stakes", lambda: risk.ruin_by_stake("plain", stakes=[float("inf")]), "stakes"),
    row("next_card_after_busts-streak", lambda: risk.next_card_after_busts(streak=10 ** 9), "streak"),
    row("next_card_after_busts-hand", lambda: risk.next_card_after_busts(hand=None), "not None"),
    row("hand_bust_after_streak-hands", lambda: risk.hand_bust_after_streak(hands=10 ** 12), "hands"),
    row("choose-huge", lambda: counting.choose(10 ** 9, 5 * 10 ** 8), "from 0 to 1,000"),
    row("arrangements-huge", lambda: counting.arrangements(10 ** 7, 10 ** 7), "from 0 to 1,000"),
    row("choose-str", lambda: counting.choose("x", 2), "n="),
    row("draws-k", lambda: counting.draws(50), "more than n=40"),
    row("two_card_sette_e_mezzo-rules", lambda: counting.two_card_sette_e_mezzo(5), "preset name"),
    row("Shoe-player", lambda: counting.Shoe("plain", player="x"), "accepted 'counting'"),
    row("Shoe-seed", lambda: counting.Shoe("plain", seed=-1), "seed"),
    row("Shoe.play-huge", lambda: counting.Shoe("plain", seed=1).play(10 ** 9), "rounds"),
    # -- simulate (only its entry points' arguments) -----------------------------------------------
    row("run-rounds-1e12", lambda: simulate.run(PLAIN, rounds=1e12, seed=1), "at most"),
    row("run-rounds-10**12", lambda: simulate.run(PLAIN, rounds=10 ** 12, seed=1), "at most"),
    row("run-rounds-inf", lambda: simulate.run(PLAIN, rounds=float("inf"), seed=1), "rounds"),
    row("run-rounds-nan", lambda: simulate.run(PLAIN, rounds=float("nan"), seed=1), "rounds"),
    row("run-rounds-str", lambda: simulate.run(PLAIN, rounds="many", seed=1), "rounds"),
    row("run-rounds-0", lambda: simulate.run(PLAIN, rounds=0, seed=1), "rounds"),
    row("run-rounds-bool", lambda: simulate.run(PLAIN, rounds=True, seed=1), "rounds"),
    row("run-rules-None", lambda: simulate.run(None, rounds=10, seed=1), "preset name"),
    row("run-seed-str", lambda: simulate.run(PLAIN, rounds=10, seed="x"), "seed"),
    row("run-chunk-huge", lambda: simulate.run(PLAIN, rounds=10, seed=1, chunk=10 ** 12), "chunk"),
    row("run-progress", lambda: simulate.run(PLAIN, rounds=10, seed=1, progress="x"), "progress"),
    row("run-rng", lambda: simulate.run(PLAIN, rounds=10, rng="x"), "rng"),
    row("run-player", lambda: simulate.run(PLAIN, player="best", rounds=10, seed=1), "optimal"),
    row("deal-rounds", lambda: simulate.deal(10 ** 12, seed=1), "rounds"),
    row("deal-seed", lambda: simulate.deal(3, seed="x"), "seed"),
    row("exact_ev-rules", lambda: simulate.exact_ev(None), "preset name"),
    # -- Quattro e mezzo (Q1-Q6) -------------------------------------------------------------------
    row("QuattroRules-target-huge", lambda: quattro.QuattroRules(target=10 ** 100), "target"),
    row("QuattroRules-target-float", lambda: quattro.QuattroRules(target=50.0), "target"),
    row("QuattroRules-face-list", lambda: quattro.QuattroRules(face=[]), "face"),
    row("QuattroRules-matta-str", lambda: quattro.QuattroRules(matta="Rd"), "matta"),
    row("QuattroRules.replace", lambda: quattro.QuattroRules().replace(nope=1), "unknown option"),
    row("quattro.score-None", lambda: quattro.score(None), "not None"),
    row("quattro.score-rules", lambda: quattro.score("3c", rules="italian"), "QuattroRules"),
    row("quattro.score-matta-huge", lambda: quattro.score("3c Rd", matta=HUGE), "too large"),
    row("quattro.score-matta-bool", lambda: quattro.score("3c Rd", matta=True), "cannot read"),
    row("quattro.score-matta-inf", lambda: quattro.score("3c Rd", matta=float("inf")), "finite"),
    row("quattro.score-double_six", lambda: quattro.score("6c 6d", double_six="no"), "double_six"),
    row("quattro.explain-None", lambda: quattro.explain(None), "not None"),
    row("quattro.showdown-None", lambda: quattro.showdown(None), "hands"),
    row("quattro.showdown-str", lambda: quattro.showdown("4c 5d"), "hands"),
    row("quattro.showdown-dealer", lambda: quattro.showdown(["4c", "5d"], dealer=True), "dealer"),
    row("quattro.showdown-double_six", lambda: quattro.showdown(["6c 6d", "5d"], double_six=5), "double_six"),
    row("quattro.next_card-seen", lambda: quattro.next_card("6c", seen=5), "not 5"),
    row("quattro.odds_four_and_half-None", lambda: quattro.odds_four_and_half(None), "not None"),
    row("quattro.odds_double_six-first", lambda: quattro.odds_double_six(first=5), "not 5"),
    row("QuattroGame-players-str", lambda: quattro.QuattroGame("ABC"), "list of names"),
    row("QuattroGame-players-None", lambda: quattro.QuattroGame(None), "list of names"),
    row("QuattroGame-players-control", lambda: quattro.QuattroGame(["A", "B", "C\x1b[31m"]), "control"),
    row("QuattroGame-seed-negative", lambda: quattro.QuattroGame(3, seed=-1), "seed"),
    row("QuattroGame-bots-str", lambda: quattro.QuattroGame(3, bots="some"), "bots"),
    row("QuattroGame-dealer", lambda: quattro.QuattroGame(3, dealer=9), "does not exist"),
    row("QuattroGame.act-list", lambda: _quattro().act(["draw"]), "unknown action", IllegalMove),
    row("QuattroGame.play_game-max", lambda: quattro.QuattroGame(3, seed=1, bots="all").play_game(max_hands="x"), "max_hands"),
    row("QuattroGame.play_bots-max", lambda: _quattro().play_bots(max_actions=-1), "max_actions"),
    row("quattro.points_for-None", lambda: quattro.points_for(None), "QuattroScore"),
    row("QuattroGame.hand_of-99", lambda: _quattro().hand_of(99), "does not exist"),
    row("QuattroGame.act-seat", lambda: _quattro().act("draw", seat=[1]), "does not exist"),
    row("ThresholdBot-str", lambda: quattro.ThresholdBot("x"), "stand_on"),
    row("ThresholdBot-huge", lambda: quattro.ThresholdBot(HUGE), "too large"),
    row("OddsBot-risk", lambda: quattro.OddsBot(5), "risk"),
    row("OddsBot-risk-str", lambda: quattro.OddsBot("x"), "risk"),
    # -- Trentuno (T1-T9) -----------------------------------------------------------------------------
    row("TrentunoRules-face-list", lambda: trentuno.TrentunoRules(face=[]), "face"),
    row("TrentunoRules-lives-bool", lambda: trentuno.TrentunoRules(lives=True), "lives"),
    row("trentuno.card_points-None", lambda: trentuno.card_points(None), "Card"),
    row("trentuno.score-None", lambda: trentuno.score(None), "not None"),
    row("trentuno.score-int", lambda: trentuno.score(7), "not 7"),
    row("trentuno.score-rules", lambda: trentuno.score("Ac", rules="x"), "TrentunoRules"),
    row("trentuno.explain-None", lambda: trentuno.explain(None), "not None"),
    row("trentuno.best_discard-keep", lambda: trentuno.best_discard("7c 6c As 2c", keep=5), "keep"),
    row("trentuno.best_discard-keep-absent", lambda: trentuno.best_discard("7c 6c As 2c", keep="Rd"), "keep"),
    row("TrentunoGame-players-str", lambda: trentuno.TrentunoGame("AB"), "list of names"),
    row("TrentunoGame-players-None", lambda: trentuno.TrentunoGame(None), "list of names"),
    row("TrentunoGame-players-control", lambda: trentuno.TrentunoGame(["A", "B\x00"]), "control"),
    row("TrentunoGame-seed-negative", lambda: trentuno.TrentunoGame(2, seed=-5), "seed"),
    row("TrentunoGame-bots-str", lambda: trentuno.TrentunoGame(2, seed=1, bots="x"), "bots"),
    row("TrentunoGame-rules", lambda: trentuno.TrentunoGame(2, rules="x"), "TrentunoRules"),
    row("TrentunoGame.act-list", lambda: _trentuno().act(["draw_stock"]), "unknown action", IllegalMove),
    row("TrentunoGame.act-card", lambda: _trentuno().act("draw_stock", card=5), "takes no card", IllegalMove),
    row("TrentunoGame.view-None", lambda: _trentuno().view(None), "seat"),
    row("TrentunoGame.hand_of-99", lambda: _trentuno().hand_of(99), "unknown seat"),
    row("TrentunoGame.score_of-name", lambda: _trentuno().score_of("Zed"), "unknown seat"),
    row("TrentunoGame.arranged-hands", lambda: trentuno.TrentunoGame.arranged(["A", "B"], None, "Fc"), "hands"),
    row("TrentunoGame.arranged-lives", lambda: trentuno.TrentunoGame.arranged(
        ["A", "B"], ["Ac Rc 2s", "7d 6d 5d"], "Fc", lives=[3, True]), "lives"),
    row("TrentunoGame.play_game-max", lambda: trentuno.TrentunoGame(2, seed=1, bots={0: trentuno.greedy, 1: trentuno.greedy}).play_game("x"), "max_actions"),
    row("Greedy-patience", lambda: trentuno.Greedy(patience=0), "patience"),
    row("ThresholdKnocker-threshold", lambda: trentuno.ThresholdKnocker("x"), "threshold"),
    row("draw_odds-None", lambda: trentuno.draw_odds(None), "not None"),
    row("draw_odds-discard-int", lambda: trentuno.draw_odds("Ac 5c Rs", discard_top=5), "discard_top"),
    row("draw_odds-rules", lambda: trentuno.draw_odds("Ac 5c Rs", rules="x"), "TrentunoRules"),
    # -- answers and questions ------------------------------------------------------------------------
    row("parse_answer-5000-digits", lambda: answers.parse_answer("9" * 5000, "number"), "too long"),
    row("parse_answer-long-fraction", lambda: answers.parse_answer("9" * 4000 + "/7", "number"), "too long"),
    row("parse_answer-bigint", lambda: answers.parse_answer(10 ** 5000, "number"), "too large"),
    row("parse_answer-kind-list", lambda: answers.parse_answer("5", kind=[]), "kind"),
    row("parse_answer-None", lambda: answers.parse_answer(None), "text"),
    row("parse_yes_no-long", lambda: answers.parse_yes_no("y" * 10000), "10000 characters"),
    row("check-exact-str", lambda: answers.check("1/2", "x"), "exact"),
    row("check-exact-None", lambda: answers.check("1/2", None), "exact"),
    row("check-kind", lambda: answers.check("1/2", Fraction(1, 2), kind="colour"), "kind"),
    row("fmt_exact-str", lambda: answers.fmt_exact("x"), "value"),
    row("fmt_exact-nan", lambda: answers.fmt_exact(float("nan")), "finite"),
    row("matches-answer", lambda: answers.matches("1/2", Fraction(1, 2)), "Answer"),
    row("hand_worth-min_cards", lambda: _first(questions.hand_worth(min_cards="2")), "min_cards"),
    row("hand_worth-rules", lambda: _first(questions.hand_worth(rules=5)), "preset name"),
    row("hand_worth-seed", lambda: _first(questions.hand_worth(seed="x")), "seed"),
    row("bust_chance-seen_max", lambda: _first(questions.bust_chance(seen_max=-1)), "seen_max"),
    row("bust_chance-seen_max-huge", lambda: _first(questions.bust_chance(seen_max=100)), "seen_max"),
    row("mixed-topics-int", lambda: _first(questions.mixed(topics=5)), "topics"),
    row("worth_question-None", lambda: questions.worth_question(None, ITALIAN), "not None"),
    row("worth_question-rules", lambda: questions.worth_question("7c", None), "preset name"),
    row("bust_question-seen", lambda: questions.bust_question("7c", ITALIAN, seen=5), "not 5"),
    row("bust_count-None", lambda: questions.bust_count(None, ITALIAN), "not None"),
    row("matta_question-no-matta", lambda: questions.matta_question("3c 4d", ITALIAN), "needs rules with a matta"),
    row("matta_value-plain", lambda: _first(questions.matta_value("plain")), "need rules with a matta"),
    # -- numbers for learners (sette_kit.fmt) ---------------------------------------------------------
    row("fmt.percent-str", lambda: fmt.percent("x"), "a number is needed"),
    row("fmt.percent-digits", lambda: fmt.percent(Fraction(1, 3), -1), "digits"),
    row("fmt.decimal-digits-huge", lambda: fmt.decimal(Fraction(1, 3), 10 ** 6), "digits"),
    row("fmt.decimal-huge", lambda: fmt.decimal(10 ** 400), "too large"),
    row("fmt.fraction-huge", lambda: fmt.fraction(10 ** 5000), "too large"),
    row("fmt.is_short-huge", lambda: fmt.is_short(10 ** 5000), "too large"),
    row("fmt.approx-style", lambda: fmt.approx(Fraction(1, 3), "fancy"), "accepted 'percent'"),
    row("fmt.hidden_exact-None", lambda: fmt.hidden_exact(None), "a number is needed"),
    # -- strategy in words -------------------------------------------------------------------------------
    row("strategy_text.policy-huge", lambda: strategy_text.policy(HUGE), "too large"),
    row("strategy_text.policy-None", lambda: strategy_text.policy(None), "stand_at"),
    row("strategy_text.solution-rules", lambda: strategy_text.solution(rules=5), "preset name"),
    row("strategy_text.fraction_text-str", lambda: strategy_text.fraction_text("x"), "number"),
    row("strategy_text.fraction_text-digits", lambda: strategy_text.fraction_text(Fraction(1, 3), digits=-1), "digits"),
    row("strategy_text.fraction_text-digits-huge", lambda: strategy_text.fraction_text(Fraction(1, 3), digits=10 ** 6), "digits"),
    row("strategy_text.lookup_text-None", lambda: strategy_text.lookup_text(strategy_text.solution("plain"), None), "not None"),
    row("strategy_text.strategy_grid-None", lambda: strategy_text.strategy_grid(None), "Solution"),
    row("strategy_text.house_edge_text-None", lambda: strategy_text.house_edge_text(None), "Solution"),
    row("strategy_text.edge_change_text-None", lambda: strategy_text.edge_change_text(None, None), "Solution"),
    row("strategy_text.strategy_sentences-str", lambda: strategy_text.strategy_sentences("plain"), "Solution"),
    # -- the review's raw and silent cases are clear errors ------------------
    row("ruin_probability-never-moves", lambda: risk.ruin_probability(risk.custom_round({0: 1}), 10, 20), "never moves"),
    row("ruin_probability-never-moves-exact", lambda: risk.ruin_probability(
        risk.custom_round({0: Fraction(1)}), 10, 20, exact=True), "never moves"),
    row("ruin_probability-exact-yes", lambda: risk.ruin_probability(risk.round_result("plain"), 100, 200, exact="yes"),
        "True or False"),
    row("custom_round-tiny-fraction", lambda: risk.custom_round(
        {-1: Fraction(1, 10 ** 5000), 1: 1 - Fraction(1, 10 ** 5000)}), "more than 60 digits"),
    row("custom_round-stake-1e300", lambda: risk.custom_round({-1: 0.5, 1: 0.5}, stake=1e300), "at most"),
    row("set_language-list", lambda: sk.set_language([]), "accepted languages"),
    row("set_language-dict", lambda: sk.set_language({}), "accepted languages"),
    row("set_language-garbage-region", lambda: sk.set_language("it_XX_garbage"), "accepted languages"),
    row("set_language-long-region", lambda: sk.set_language("es-" + "x" * 1000), "accepted languages"),
    row("ngettext-None", lambda: sk.i18n.ngettext("a", "b", None), "must be a number"),
    row("ngettext-nan", lambda: sk.i18n.ngettext("a", "b", float("nan")), "must be a number"),
    row("Result.z_score-text", lambda: simulate.run(PLAIN, rounds=1000, seed=1).z_score("x"), "exact"),
    row("draw_odds-exact-None", lambda: trentuno.draw_odds("Ac Rc Fc", exact=None), "True or False"),
    row("arranged-turns_played-big", lambda: trentuno.TrentunoGame.arranged(
        ["A", "B"], hands=["Ac Rc Fc", "2d Rd Fd"], discard="7c", turns_played=BIG), "turns_played"),
    row("QuattroRules-matta-seven", lambda: quattro.QuattroRules(matta=Card(7, 0)), "must be a figure"),
    row("quattro.showdown-empty", lambda: quattro.showdown([]), "at least one hand"),
    row("quattro.showdown-double_six-seat", lambda: quattro.showdown(["4c Ac", "3d 2d"], double_six=[7]), "seats 0-1"),
    row("QuattroGame.act-keyword", lambda: _quattro().act("stand", colour=1), "takes no parameters", IllegalMove),
    row("fmt_exact-kind", lambda: answers.fmt_exact(Fraction(1, 3), kind="weird"), "accepted kinds"),
    row("parse_answer-probability-42", lambda: answers.parse_answer(42, "probability"), "between 0 and 1"),
    row("bank_thresholds-text", lambda: odds.bank_thresholds(PLAIN, thresholds="5"), "list of thresholds"),
    row("bank_thresholds-endless", lambda: odds.bank_thresholds(PLAIN, thresholds=itertools.repeat(5)), "at most 16"),
    row("settle-forged-score", lambda: settle(Score((Card(7, 0),), Fraction(15, 2), False, "reale"), "6c", 1, ITALIAN),
        "not a score its cards can have"),
    row("settle-forged-empty-score", lambda: settle(Score((), Fraction(7), False, "points"), "6c", 1, ITALIAN),
        "not a score its cards can have"),
    row("best_staking_plan-text", lambda: odds.best_staking_plan(odds.solve(PLAIN), "1", "10"), "stake"),
    row("best_staking_plan-above-money", lambda: odds.best_staking_plan(odds.solve(PLAIN), 1, 10 ** 13), "at most"),
    # -- found by bench/bench_adversarial.py, the same kinds as the review's --------------
    row("fmt.percent-nan", lambda: fmt.percent(float("nan")), "finite"),
    row("fmt.percent-inf", lambda: fmt.percent(float("inf")), "finite"),
    row("Table-deck-dict", lambda: _table(deck={}), "deck="),
    row("quattro.showdown-double_six-dict", lambda: quattro.showdown(["4c Ac", "3d 2d"], double_six={}), "double_six"),
    row("Shoe-seed-big", lambda: counting.Shoe("plain", seed=BIG), "256 bits"),
    row("Greedy-patience-big", lambda: trentuno.Greedy(patience=BIG), "patience"),
    row("mixed-topics-huge", lambda: _first(questions.mixed(topics=HUGE_TEXT)), "unknown topics"),
    row("strategy_text.policy-big", lambda: strategy_text.policy(BIG), "too large"),
    # -- no corrupt state, and only ASCII digits where numbers are read ------
    row("Deck.reshuffle-twice", lambda: (lambda d, c: d.reshuffle([c[0], c[0]]))(*_dealt(2)), "more than once"),
    row("Deck.reshuffle-twice-more", lambda: (lambda d, c: d.reshuffle([c[0], c[1], c[0]]))(*_dealt(3)),
        "more than once"),
    row("Card-suit-digit-text", lambda: Card(7, "1"), "not a suit"),
    row("Card-suit-digit-text-0", lambda: Card(7, "0"), "not a suit"),
    row("Card-rank-arabic-digit", lambda: Card("٧", "coppe"), "not a rank"),
    row("Card-rank-fullwidth-digit", lambda: Card("７", "coppe"), "not a rank"),
    row("Card-suit-long-s", lambda: Card(7, "ſpade"), "not a suit"),
    row("parse_cards-long-s", lambda: parse_cards("ſo"), "cannot read"),
    row("parse_cards-fullwidth", lambda: parse_cards("７c"), "cannot read"),
    row("parse_answer-fullwidth", lambda: answers.parse_answer("１/２"), "digits 0-9"),
    row("parse_answer-arabic", lambda: answers.parse_answer("٣/٤"), "digits 0-9"),
    row("read_number-arabic", lambda: numbers.read_number("٧"), "digits 0-9"),
    row("read_whole-superscript", lambda: numbers.read_whole("²", "amount"), "digits 0-9"),
    row("score-declare-fullwidth", lambda: score("Rd 3c", ITALIAN, declare="４"), "digits 0-9"),
    row("stand_at-fullwidth", lambda: odds.stand_at("５"), "digits 0-9"),
    row("simulate.run-rounds-fullwidth", lambda: simulate.run(PLAIN, rounds="１０００", seed=1), "digits 0-9"),
    # -- endless work is bounded -----------------------------------------
    row("Table.play_bots-declares-forever", lambda: _declaring_bot_table().play_bots(), "max_actions"),
    row("Table.play_round-declares-forever", lambda: _declaring_bot_table().play_round(), "max_actions"),
    row("Table.play_bots-max_actions-negative", lambda: _declaring_bot_table().play_bots(max_actions=-1), "max_actions"),
    row("Table.play_bots-max_actions-text", lambda: _declaring_bot_table().play_bots(max_actions="9"), "max_actions"),
    row("Table.play_bots-returns-42", lambda: _bot_table(lambda v: 42).play_bots(), "the bot at seat 1 returned 42"),
    row("Table.play_bots-returns-None", lambda: _bot_table(lambda v: None).play_bots(), "returned None"),
    row("Table.play_bots-returns-triple", lambda: _bot_table(lambda v: ("hit", {}, 3)).play_bots(), "returned"),
    row("Table.play_bots-params-list", lambda: _bot_table(lambda v: ("stake", [1])).play_bots(), "returned"),
    row("ruin_by_stake-5000-stakes", lambda: risk.ruin_by_stake("plain", stakes=range(1, 5001)), "at most 50"),
    row("ruin_by_stake-endless", lambda: risk.ruin_by_stake("plain", stakes=itertools.count(1)), "at most 50"),
    row("ruin_by_stake-text", lambda: risk.ruin_by_stake("plain", stakes="5"), "list of whole stakes"),
    row("ruin_by_stake-big", lambda: risk.ruin_by_stake("plain", stakes=(1, BIG)), "stakes[1]"),
    row("ruin_by_stake-empty", lambda: risk.ruin_by_stake("plain", stakes=()), "list of whole stakes"),
    row("parse_cards-endless", lambda: parse_cards(itertools.repeat("7c")), "more than 40"),
    row("as_cards-endless", lambda: as_cards(itertools.count()), "more than 40"),
    row("Deck-endless", lambda: Deck(itertools.repeat(Card(7, 0))), "more than 40"),
    row("bust_probability-seen-endless", lambda: odds.bust_probability("7c", seen=itertools.repeat(Card(1, 0))),
        "more than 40"),
    # -- a policy is checked where it is made (StandAt's constructor), so
    #    solve, final_distribution, simulate.run and round_result never meet a bad one ---------
    row("StandAt-text", lambda: odds.StandAt("x"), "half points from 1 to 16"),
    row("StandAt-negative", lambda: odds.StandAt(-5), "half points from 1 to 16"),
    row("StandAt-zero", lambda: odds.StandAt(0), "half points from 1 to 16"),
    row("StandAt-99", lambda: odds.StandAt(99), "half points from 1 to 16"),
    row("StandAt-million", lambda: odds.StandAt(10 ** 6), "half points from 1 to 16"),
    row("StandAt-big", lambda: odds.StandAt(BIG), "about 10001 digits"),
    row("StandAt-bool", lambda: odds.StandAt(True), "half points from 1 to 16"),
    row("StandAt-float", lambda: odds.StandAt(10.0), "half points from 1 to 16"),
    row("StandAt-None", lambda: odds.StandAt(None), "half points from 1 to 16"),
    row("simulate.run-player-dict-text", lambda: simulate.run(PLAIN, player={"x": "y"}, rounds=1000, seed=1),
        "hit table"),
    row("simulate.run-player-dict-keys", lambda: simulate.run(PLAIN, player={-1: True}, rounds=1000, seed=1),
        "hit table"),
    row("simulate.run-player-dict-values", lambda: simulate.run(PLAIN, player={1: "yes"}, rounds=1000, seed=1),
        "hit table"),
    # -- an int of more than 4,300 digits, or megabytes of text, is quoted
    #    shortened in the message (numbers.shown), never through a bare repr() ---------------
    row("big-Card.from_index", lambda: Card.from_index(BIG), "about 10001 digits"),
    row("big-Card.from_index-negative", lambda: Card.from_index(-BIG), "accepted 0-39"),
    row("big-Rules.preset", lambda: Rules.preset(BIG), "accepted presets"),
    row("big-Rules-payout", lambda: Rules(reale_payout=BIG), "from 1 to 10"),
    row("big-Deck.deal", lambda: Deck(seed=1).deal(BIG), "remain in the deck"),
    row("big-Table-players", lambda: Table("plain", BIG), "2 to 12"),
    row("big-Table.act-stake", lambda: _staking().act("stake", amount=BIG), "accepted 1-10", IllegalMove),
    row("big-Table.act-seat", lambda: _staking().act("stake", seat=BIG), "does not exist", IllegalMove),
    row("big-TrentunoRules-lives", lambda: trentuno.TrentunoRules(lives=BIG), "lives"),
    row("big-hit_then_stand", lambda: trees.hit_then_stand(BIG), "from 0 to 12"),
    row("big-round_result-stake", lambda: risk.round_result("plain", stake=BIG), "stake"),
    row("big-round_result-plan", lambda: risk.round_result("plain", plan=(1, BIG)), "max_stake"),
    row("big-custom_round-stake", lambda: risk.custom_round({-1: 0.5, 1: 0.5}, stake=BIG), "stake"),
    row("big-fmt_half", lambda: numbers.fmt_half(BIG), "too large"),
    row("fmt_half-text", lambda: numbers.fmt_half("x"), "cannot read"),
    row("fmt_half-nan", lambda: numbers.fmt_half(float("nan")), "finite"),
    row("big-simulate.run-seed", lambda: simulate.run(PLAIN, rounds=1000, seed=BIG), "at most 256 bits"),
    row("big-simulate.run-seed-257-bits", lambda: simulate.run(PLAIN, rounds=1000, seed=2 ** 256), "at most 256 bits"),
    row("huge-text-face", lambda: parse_cards("7c", face=HUGE_TEXT), "characters)"),
    row("huge-text-preset", lambda: Rules.preset(HUGE_TEXT), "characters)"),
    row("huge-text-score-preset", lambda: score("7c", HUGE_TEXT), "characters)"),
    row("huge-text-seat", lambda: _staking().act("stake", seat=HUGE_TEXT), "characters)", IllegalMove),
    row("huge-text-language", lambda: sk.set_language(HUGE_TEXT), "characters)"),
    row("huge-int-language", lambda: sk.set_language(10 ** 5000), "digits>"),
]


@pytest.mark.timeout(HANG_S)
@pytest.mark.parametrize("call, error, phrase", LIBRARY)
def test_library_rejects_bad_input_clearly(call, error, phrase):
    with pytest.raises(SetteKitError) as info:
        call()
    assert isinstance(info.value, error), f"{type(info.value).__name__}: {info.value}"
    message = str(info.value)
    assert phrase in message, message
    assert "\n" not in message and len(message) < 700, message  # one short line, no echoed megabytes


# -- the widgets' constructors and setters (the review's raw cases) -------------

def _widgets():
    import widgets

    return widgets


greedy_bot = trentuno.greedy


WIDGETS = [
    row("SimulationLab-rounds-big", lambda: _widgets().SimulationLab(rounds=BIG), "Rounds"),
    row("SimulationLab-seed-big", lambda: _widgets().SimulationLab(seed=BIG), "seed"),
    row("BettingLab-rules-list", lambda: _widgets().BettingLab(rules=[]), "accepted presets"),
    row("ShoeLab-rules-list", lambda: _widgets().ShoeLab(rules=[]), "accepted presets"),
    row("SimulationLab-rules-list", lambda: _widgets().SimulationLab(rules=[]), "accepted presets"),
    row("BankrollLab-rules-list", lambda: _widgets().BankrollLab(rules=[], background=False), "accepted presets"),
    row("CountingLab-face", lambda: _widgets().CountingLab(face="klingon"), "accepted faces"),
    row("ScoreTrainer-face", lambda: _widgets().ScoreTrainer(face="klingon"), "accepted faces"),
    row("OddsLab-face", lambda: _widgets().OddsLab(face="klingon"), "accepted faces"),
    row("Quiz-face", lambda: _widgets().Quiz("worth", face="klingon"), "accepted faces"),
    row("TablePlayer-card_size-text", lambda: _widgets().TablePlayer(card_size="big"), "card width in pixels"),
    row("TablePlayer-card_size-negative", lambda: _widgets().TablePlayer(card_size=-5), "card width in pixels"),
    row("TablePlayer-card_size-huge", lambda: _widgets().TablePlayer(card_size=10 ** 9), "card width in pixels"),
    row("CountingLab-card_size-negative", lambda: _widgets().CountingLab(card_size=-1), "card width in pixels"),
    row("ScoreTrainer-card_size-nan", lambda: _widgets().ScoreTrainer(card_size=float("nan")), "card_size"),
    row("Predict-question-None", lambda: _widgets().Predict(None, Fraction(1, 2)), "question"),
    row("Predict-answer-text", lambda: _widgets().Predict("Q?", "banana"), "must be exact"),
    row("Predict-digits-negative", lambda: _widgets().Predict("Q?", Fraction(1, 2), digits=-3), "digits"),
    row("ProbabilityTree-open_levels", lambda: _widgets().ProbabilityTree("Ac", open_levels=-1), "open_levels"),
    row("StrategyChart-exact-yes", lambda: _widgets().StrategyChart(exact="yes"), "True or False"),
    row("Predict-answer-big", lambda: _widgets().Predict("Q?", BIG), "too large"),
    row("Predict-question-huge", lambda: _widgets().Predict(HUGE_TEXT, Fraction(1, 2)), "at most 2000"),
    row("Predict-question-control", lambda: _widgets().Predict("a\x00b", Fraction(1, 2)), "control characters"),
    row("ProbabilityTree-cards-None", lambda: _widgets().ProbabilityTree(None), "list of Cards"),
    row("ProbabilityTree-cards-int", lambda: _widgets().ProbabilityTree(BIG), "list of Cards"),
    row("ProbabilityTree-cards-endless", lambda: _widgets().ProbabilityTree(itertools.repeat(Card(1, 0))),
        "more than 40"),
    row("MattaExplorer-cards-bool", lambda: _widgets().MattaExplorer(cards=True), "list of Cards"),
    row("MattaExplorer-cards-endless", lambda: _widgets().MattaExplorer(cards=itertools.repeat(Card(1, 0))),
        "more than 40"),
    row("TrentunoTable-bots-None", lambda: _widgets().TrentunoTable(None), "bot policies"),
    row("TrentunoTable-bots-big", lambda: _widgets().TrentunoTable(BIG), "1 to 6 bots"),
    row("TrentunoTable-bots-endless", lambda: _widgets().TrentunoTable(itertools.repeat(greedy_bot)), "bot policies"),
]


def _apology_free(make, action):
    """The widget's message after ``action`` (a setter that refuses): the clear line, never
    the apology for an unexpected exception."""
    w = make()
    action(w)
    return w.message_text


@pytest.mark.parametrize("make, action, phrase", [
    pytest.param(lambda: _widgets().OddsLab(), lambda w: w.set_cards(None), "list of Cards", id="OddsLab.set_cards-None"),
    pytest.param(lambda: _widgets().OddsLab(), lambda w: w.set_seen(5), "list of Cards", id="OddsLab.set_seen-int"),
    pytest.param(lambda: _widgets().BankrollLab(background=False), lambda w: w.set_rules([]), "Unknown rules",
                 id="BankrollLab.set_rules-list"),
    pytest.param(lambda: _widgets().Predict("Chance?", Fraction(1, 2)), lambda w: w.guess(42), "between 0 and 1",
                 id="Predict.guess-42"),
    pytest.param(lambda: _widgets().ScoreTrainer(seed=1), lambda w: w.check(BIG), "cannot read",
                 id="ScoreTrainer.check-big"),
    pytest.param(lambda: _widgets().OddsLab(), lambda w: w.add_card(BIG), "accepted 0-39", id="OddsLab.add_card-big"),
])
def test_widget_setters_refuse_with_a_clear_line(make, action, phrase):
    text = _apology_free(make, action)
    assert phrase in text and "Something went wrong" not in text, text


@pytest.mark.timeout(HANG_S)
@pytest.mark.parametrize("call, error, phrase", WIDGETS)
def test_widgets_reject_bad_arguments_clearly(call, error, phrase):
    test_library_rejects_bad_input_clearly(call, error, phrase)


def test_a_wide_band_ruin_has_a_finite_error_bound():
    """The promised bound, never NaN (float probabilities are refined too)."""
    import math

    for game, bankroll, target in [(risk.custom_round({-1000: 0.5, 1000: 0.5}), 4000, 5000),
                                   (risk.custom_round({-1: 0.5, 30: 0.5}), 1, 5000)]:
        r = risk.ruin_probability(game, bankroll, target)
        assert math.isfinite(r.error_bound) and r.error_bound < 1e-9, r


# -- preset names are accepted wherever a ``rules`` is taken -------------------------------------

ACCEPTS_PRESET_NAMES = [
    pytest.param(lambda: score("7d Fd", "italian").kind == "reale", id="score"),
    pytest.param(lambda: sk.explain("7d Fd", "italian").endswith("(S14)."), id="explain"),
    pytest.param(lambda: settle("7d Fd", "5c 2s", 10, "italian") == 20, id="settle"),
    pytest.param(lambda: outcome(score("7c", PLAIN), score("5d", PLAIN), "plain").multiplier == 1, id="outcome"),
    pytest.param(lambda: Table("plain", 2, seed=1).rules is PLAIN, id="Table"),
    pytest.param(lambda: odds.bust_probability("6c", rules="plain") == Fraction(23, 39), id="odds"),
    pytest.param(lambda: simulate.run("plain", rounds=100, seed=1).rules is PLAIN, id="simulate.run"),
    pytest.param(lambda: next(questions.hand_worth("plain", seed=1)).text != "", id="questions"),
    pytest.param(lambda: ITALIAN.differences("spanish")[0][0] == "deck", id="Rules.differences"),
]


@pytest.mark.parametrize("call", ACCEPTS_PRESET_NAMES)
def test_a_preset_name_is_accepted_wherever_rules_are(call):
    assert call() is True


def test_the_numbers_people_type_are_read_in_every_usual_form():
    assert score("Rd 3c", ITALIAN, declare="1/2").total == Fraction(7, 2)
    assert score("Rd 3c", ITALIAN, declare="½").matta_value == Fraction(1, 2)
    assert score("Rd 3c", ITALIAN, declare=4.0).matta_value == 4
    assert odds.stand_at("5½") == odds.stand_at("11/2") == odds.stand_at(5.5) == odds.stand_at("5 1/2")
    assert simulate.run(PLAIN, rounds="1e3", seed=1).rounds == 1000
    assert settle("7c", "5d", 3.0, ITALIAN) == 3 and isinstance(settle("7c", "5d", 3.0, ITALIAN), int)
    assert fmt_points(Fraction(15, 2)) == "7½" and fmt_points(3) == "3"
    assert answers.parse_answer("24/37").value == Fraction(24, 37)


# -- the command line ----------------------------------------------------------------------------------

CLI = [
    # score
    ("score-empty", ["score", ""], "no cards"),
    ("score-declare-huger", ["score", "Rd 3c", "--declare", HUGER], "too large"),
    ("score-declare-huge", ["score", "Rd 3c", "--declare", HUGE], "too large"),
    ("score-declare-long", ["score", "Rd 3c", "--declare", "9" * 5000], "too long"),
    ("score-declare-word", ["score", "Rd 3c", "--declare", "lots"], "declare"),
    ("score-declare-nan", ["score", "Rd 3c", "--declare", "nan"], "declare"),
    ("score-declare-8", ["score", "Rd 3c", "--declare", "8"], "accepted values"),
    ("score-declare-no-matta", ["score", "3c 4c", "--declare", "4"], "no matta"),
    ("score-preset", ["score", "7c", "--preset", "german"], "accepted presets"),
    ("score-face", ["score", "7c", "--face", "german"], "accepted faces"),
    ("score-card", ["score", "8 di coppe"], "not in the 40-card deck"),
    ("score-twice", ["score", "7c 7c"], "appears twice"),
    ("score-long-card", ["score", "x" * 5000], "too long for a list of cards"),
    ("score-long-word", ["score", "7c " + "y" * 200], "cannot read"),
    ("score-face-blank", ["score", "7c", "--face", " "], "accepted faces"),
    ("score-face-empty", ["score", "7c", "--face", ""], "accepted faces"),
    # odds
    ("odds-seen-overlap", ["odds", "7c", "--seen", "7c"], "cannot be both"),
    ("odds-all-seen", ["odds", "7c", "--seen", ", ".join(c.name() for c in sk.FULL_DECK if c != Card(7, 0))], "no card left"),
    ("odds-preset", ["odds", "7c", "--preset", "x"], "accepted presets"),
    ("odds-face", ["odds", "7c", "--face", "x"], "accepted faces"),
    ("odds-face-empty", ["odds", "7c", "--face", ""], "accepted faces"),
    ("odds-card", ["odds", "zz"], "cannot read"),
    ("odds-seen-bad", ["odds", "7c", "--seen", "zz"], "cannot read"),
    ("odds-seen-long", ["odds", "7c", "--seen", "Re di denari, " * 400], "too long for a list of cards"),
    # solve
    ("solve-dealer-huger", ["solve", "--dealer-stands", HUGER], "too large"),
    ("solve-dealer-huge", ["solve", "--dealer-stands", HUGE], "too large"),
    ("solve-dealer-9", ["solve", "--dealer-stands", "9"], "½ to 8"),
    ("solve-dealer-word", ["solve", "--dealer-stands", "five"], "stand_at"),
    ("solve-dealer-inf", ["solve", "--dealer-stands", "inf"], "stand_at"),
    ("solve-preset", ["solve", "--preset", "x"], "accepted presets"),
    ("solve-both", ["solve", "--dealer-stands", "5", "--dealer-sees-player"], "not allowed with"),
    # play
    ("play-bots-0", ["play", "--bots", "0"], "--bots"),
    ("play-bots-99", ["play", "--bots", "99"], "--bots"),
    ("play-bots-word", ["play", "--bots", "x"], "--bots"),
    ("play-bankroll-negative", ["play", "--bankroll", "-5"], "bankroll"),
    ("play-bankroll-huge", ["play", "--bankroll", "9" * 40], "bankroll"),
    ("play-bankroll-long", ["play", "--bankroll", "9" * 5000], "--bankroll"),
    ("play-min-stake-0", ["play", "--min-stake", "0"], "stake"),
    ("play-min-stake-word", ["play", "--min-stake", "x"], "--min-stake"),
    ("play-max-stake-0", ["play", "--max-stake", "0"], "max_stake"),
    ("play-max-stake-huge", ["play", "--max-stake", "1" + "0" * 30], "max_stake"),
    ("play-stakes-crossed", ["play", "--min-stake", "5", "--max-stake", "2"], "above max_stake"),
    ("play-rounds-0", ["play", "--rounds", "0"], "--rounds"),
    ("play-rounds-negative", ["play", "--rounds", "-3"], "--rounds"),
    ("play-seed-negative", ["play", "--seed", "-1"], "seed"),
    ("play-seed-word", ["play", "--seed", "x"], "--seed"),
    ("play-name-taken", ["play", "--name", "Bot 1"], "taken"),
    ("play-name-empty", ["play", "--name", " "], "empty"),
    ("play-name-control", ["play", "--name", "A\x1b[2J"], "control"),
    ("play-preset", ["play", "--preset", "x"], "accepted presets"),
    # simulate
    ("simulate-rounds-1e12", ["simulate", "--rounds", "1e12", "--no-exact", "--no-progress"], "at most"),
    ("simulate-rounds-huger", ["simulate", "--rounds", HUGER, "--no-exact", "--no-progress"], "too large"),
    ("simulate-rounds-0", ["simulate", "--rounds", "0", "--no-progress"], "--rounds"),
    ("simulate-rounds-half", ["simulate", "--rounds", "2.5", "--no-progress"], "--rounds"),
    ("simulate-rounds-inf", ["simulate", "--rounds", "inf", "--no-progress"], "--rounds"),
    ("simulate-rounds-nan", ["simulate", "--rounds", "nan", "--no-progress"], "--rounds"),
    ("simulate-rounds-word", ["simulate", "--rounds", "many", "--no-progress"], "--rounds"),
    ("simulate-level-2", ["simulate", "--rounds", "10", "--level", "2", "--no-progress"], "--level"),
    ("simulate-level-0", ["simulate", "--rounds", "10", "--level", "0", "--no-progress"], "--level"),
    ("simulate-level-nan", ["simulate", "--rounds", "10", "--level", "nan", "--no-progress"], "--level"),
    ("simulate-seed-negative", ["simulate", "--rounds", "10", "--seed", "-1", "--no-progress"], "seed"),
    ("simulate-seed-1e100", ["simulate", "--rounds", "1000", "--seed", "1e100", "--no-progress"], "256 bits"),
    ("simulate-chunk-0", ["simulate", "--rounds", "10", "--chunk", "0", "--no-progress"], "chunk"),
    ("simulate-chunk-word", ["simulate", "--rounds", "10", "--chunk", "x", "--no-progress"], "--chunk"),
    ("simulate-level-word", ["simulate", "--rounds", "10", "--level", "x", "--no-progress"], "--level"),
    ("simulate-dealer-huger", ["simulate", "--rounds", "10", "--dealer-stands", HUGER, "--no-progress"], "too large"),
    ("simulate-chunk-huge", ["simulate", "--rounds", "10", "--chunk", str(10 ** 12), "--no-progress"], "chunk"),
    ("simulate-player", ["simulate", "--rounds", "10", "--player-stands", "x", "--no-progress"], "stand_at"),
    ("simulate-player-huge", ["simulate", "--rounds", "10", "--player-stands", HUGER, "--no-progress"], "too large"),
    ("simulate-dealer", ["simulate", "--rounds", "10", "--dealer-stands", "99", "--no-progress"], "½ to 8"),
    ("simulate-preset", ["simulate", "--rounds", "10", "--preset", "x", "--no-progress"], "accepted presets"),
    # serve (only what fails before a server starts)
    ("serve-port-0", ["serve", "--port", "0", "--no-browser"], "--port"),
    ("serve-port-huge", ["serve", "--port", "70000", "--no-browser"], "--port"),
    ("serve-port-word", ["serve", "--port", "x", "--no-browser"], "--port"),
    ("serve-port-negative", ["serve", "--port", "-1", "--no-browser"], "--port"),
    ("serve-port-long", ["serve", "--port", "9" * 5000, "--no-browser"], "--port"),
    ("serve-max-kernels-0", ["serve", "--max-kernels", "0", "--no-browser"], "--max-kernels"),
    ("serve-max-kernels-long", ["serve", "--max-kernels", "9" * 5000, "--no-browser"], "--max-kernels"),
    ("serve-max-kernels-word", ["serve", "--max-kernels", "x", "--no-browser"], "--max-kernels"),
    ("serve-lesson", ["serve", "--lesson", "99", "--no-browser"], "no lesson"),
    ("serve-dir", ["serve", "--dir", "/nonexistent/folder", "--no-browser"], "not a folder"),
    # build-site (only what fails before any download)
    ("build-site-no-out", ["build-site"], "OUT"),
    ("build-site-dir", ["build-site", "/tmp/sk-site-never-built", "--dir", "/nonexistent/folder"], "not a folder"),
    ("build-site-title-long", ["build-site", "/tmp/sk-site-never-built", "--title", "T" * 5000], "too long"),
    ("build-site-title-control", ["build-site", "/tmp/sk-site-never-built", "--title", "A\x1b[2J"], "control"),
    # trentuno
    ("trentuno-none", ["trentuno"], "ACTION"),
    ("trentuno-score-four", ["trentuno", "score", "Ac 2c 3c 4c"], "1 to 3 cards"),
    ("trentuno-score-face", ["trentuno", "score", "Ac", "--face", "x"], "face"),
    ("trentuno-score-empty", ["trentuno", "score", ""], "no cards"),
    ("trentuno-odds-seen", ["trentuno", "odds", "Ac 2c 3c", "--seen", "Ac"], "already in your hand"),
    ("trentuno-play-lives-word", ["trentuno", "play", "--lives", "x"], "--lives"),
    ("trentuno-play-bots-long", ["trentuno", "play", "--bots", "9" * 5000], "--bots"),
    ("trentuno-odds-two", ["trentuno", "odds", "Ac 2c"], "three-card"),
    ("trentuno-odds-discard", ["trentuno", "odds", "Ac 2c 3c", "--discard", "Ac"], "cannot be both"),
    ("trentuno-odds-discard-bad", ["trentuno", "odds", "Ac 2c 3c", "--discard", "zz"], "cannot read"),
    ("trentuno-play-bots", ["trentuno", "play", "--bots", "0"], "--bots"),
    ("trentuno-play-lives-0", ["trentuno", "play", "--lives", "0"], "lives"),
    ("trentuno-play-lives-huge", ["trentuno", "play", "--lives", "1000"], "lives"),
    ("trentuno-play-seed", ["trentuno", "play", "--seed", "-4"], "seed"),
    ("trentuno-play-name", ["trentuno", "play", "--name", "Bot 1"], "taken"),
    ("trentuno-play-31", ["trentuno", "play", "--first-round-31", "x"], "--first-round-31"),
    # quattro
    ("quattro-none", ["quattro"], "ACTION"),
    ("quattro-score-matta-huger", ["quattro", "score", "3c Rd", "--matta", HUGER], "too large"),
    ("quattro-score-matta-huge", ["quattro", "score", "3c Rd", "--matta", HUGE], "too large"),
    ("quattro-score-matta-8", ["quattro", "score", "3c Rd", "--matta", "8"], "accepted values"),
    ("quattro-score-matta-word", ["quattro", "score", "3c Rd", "--matta", "lots"], "matta"),
    ("quattro-score-face", ["quattro", "score", "3c", "--face", "x"], "face"),
    ("quattro-odds-none", ["quattro", "odds", ""], "no cards"),
    ("quattro-odds-seen", ["quattro", "odds", "6c", "--seen", "6c"], "both in the hand"),
    ("quattro-play-bots", ["quattro", "play", "--bots", "1"], "--bots"),
    ("quattro-play-target-0", ["quattro", "play", "--target", "0"], "target"),
    ("quattro-play-target-huge", ["quattro", "play", "--target", "9" * 30], "target"),
    ("quattro-play-seed", ["quattro", "play", "--seed", "-2"], "seed"),
    ("quattro-play-name", ["quattro", "play", "--name", "Bot 2"], "taken"),
    ("quattro-play-bot", ["quattro", "play", "--bot", "x"], "--bot"),
    ("quattro-play-target-word", ["quattro", "play", "--target", "x"], "--target"),
    ("quattro-score-empty", ["quattro", "score", ""], "no cards"),
    ("quattro-score-double-six", ["quattro", "score", "Fc 6c", "--matta", "1"], "no matta"),
    # the top level
    ("no-command", [], "COMMAND"),
    ("unknown-command", ["fly"], "invalid choice"),
]


def _run_cli(argv, timeout=HANG_S):
    try:
        r = subprocess.run([sys.executable, "-m", "sette_kit", *argv], capture_output=True, text=True,
                           stdin=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", ""
    return r.returncode, r.stdout, r.stderr


def _in_a_process(argv) -> bool:
    """Rows run as a real ``python -m sette_kit`` process: those whose numbers would hang
    Python in C code before sizes were checked first (a timer cannot stop that), and one per subcommand."""
    big = any(len(a) > 30 or a in (HUGE, HUGER) for a in argv)
    return big or len(argv) < 2 or argv[-1] == "x"


@pytest.fixture(scope="module")
def cli_processes():
    """The rows run as processes, two at a time (the machine is shared)."""
    rows = [(rid, argv) for rid, argv, _ in CLI if _in_a_process(argv)]
    with ThreadPoolExecutor(2) as pool:
        futures = {rid: pool.submit(_run_cli, argv) for rid, argv in rows}
        return {rid: f.result() for rid, f in futures.items()}


def _run_in_this_process(argv):
    from contextlib import redirect_stderr, redirect_stdout
    from io import StringIO

    from sette_kit.cli import main

    out, err = StringIO(), StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)  # an exception escaping main() would be a raw traceback: the test fails
        except SystemExit as exc:  # argparse: a bad option, after its one line
            code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.mark.timeout(HANG_S * 4)
@pytest.mark.parametrize("rid, argv, phrase", CLI, ids=[r[0] for r in CLI])
def test_cli_rejects_bad_input_with_one_line_and_exit_code_2(cli_processes, rid, argv, phrase):
    code, out, err = cli_processes[rid] if rid in cli_processes else _run_in_this_process(argv)
    assert code is not None, f"sette-kit {' '.join(argv)[:80]} did not end within the hang guard of {HANG_S} s"
    assert "Traceback" not in err and "Traceback" not in out, err[-2000:]
    assert code == 2, (code, out[-500:], err[-500:])
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert phrase in lines[0], lines[0]
    assert len(lines[0]) < 1200, lines[0][:300]


# -- the terminal games' prompts (one reader for the numbers typed there) ---------

PLAY = ["play", "--seed", "3", "--bots", "1", "--rounds", "1"]
TRENTUNO_PLAY = ["trentuno", "play", "--seed", "2", "--bots", "1"]
PROMPTS = [
    ("play-superscript", PLAY, "²\nq\n", "I do not know '²'"),
    ("play-stake-superscript", PLAY, "stake ²\nq\n", "Give a whole amount"),
    ("play-split-superscript", PLAY, "split ³\nq\n", "Give a whole amount"),
    ("play-stake-arabic", PLAY, "stake ٣\nq\n", "Give a whole amount"),
    ("play-fullwidth", PLAY, "５\nq\n", "I do not know"),
    ("play-stake-huge", PLAY, "stake " + "9" * 5000 + "\nq\n", "Give a whole amount"),
    ("trentuno-superscript", TRENTUNO_PLAY, "s\n²\nq\n", "Sorry: cannot read '²' as a card"),
    ("trentuno-arabic", TRENTUNO_PLAY, "s\n٣\nq\n", "Sorry: cannot read '٣' as a card"),
    ("trentuno-card-99", TRENTUNO_PLAY, "s\n99\nq\n", "there is no card number"),
]


@pytest.mark.timeout(HANG_S * 2)
@pytest.mark.parametrize("rid, argv, stdin, phrase", PROMPTS, ids=[r[0] for r in PROMPTS])
def test_the_terminal_prompts_read_numbers_with_one_reader(rid, argv, stdin, phrase):
    try:
        r = subprocess.run([sys.executable, "-m", "sette_kit", *argv], input=stdin, capture_output=True, text=True,
                           timeout=HANG_S)
    except subprocess.TimeoutExpired:  # pragma: no cover - a hang
        pytest.fail(f"sette-kit {' '.join(argv)} did not end within the hang guard of {HANG_S} s")
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout, r.stderr[-2000:]
    assert r.returncode in (0, 130), (r.returncode, r.stderr[-500:])
    assert phrase in r.stdout, r.stdout[-1500:]


def test_some_rows_run_as_real_processes():
    assert 15 <= sum(_in_a_process(argv) for _, argv, _ in CLI) <= 60


# -- the number boxes of the widgets (a person types these) -----------------------------

def test_widget_number_boxes_read_only_ascii_digits():
    """Only ASCII digits: '２' or '１０００' typed in a box is refused, the state unchanged."""
    from widgets.simulation_lab import SimulationLab
    from widgets.table_player import TablePlayer

    t = TablePlayer("plain", bots=1, seed=4)
    t.new_round()
    before = t.table.to_json()
    t.amount_box.value = "２"
    t.buttons["stake"].click()
    assert t.table.to_json() == before and "whole number" in t.message_text, t.message_text
    lab = SimulationLab()
    assert lab.set_rounds("１０００") is None and lab.rounds == 100_000
    assert "whole number" in lab.message_text, lab.message_text
    from widgets._labkit import whole

    with pytest.raises(SetteKitError, match="whole number"):
        whole("１０", 1, 100, "Paths")
    assert whole("1,000", 1, None, "Paths") == 1000


def test_widget_number_boxes_refuse_huge_numbers_with_a_short_message():
    from widgets.simulation_lab import SimulationLab
    from widgets.table_player import TablePlayer

    t = TablePlayer("plain", bots=1, seed=4)
    before = t.table.to_json()
    for text in ("9" * 5000, "9" * 100):
        assert t.stake(text) is None
        assert "too long for a number" in t.message_text and len(t.message_text) < 300, t.message_text
    assert t.table.to_json() == before
    lab = SimulationLab()
    for text in ("9" * 5000, "1" * 4000):
        assert lab.set_rounds(text) is None
        assert "too long for a number" in lab.message_text and len(lab.message_text) < 300, lab.message_text
