"""An adversarial pass over the kit (issue 24): the library and the widgets, the command
line and the saved games, every case supervised.

    python bench/bench_adversarial.py            # everything (about ten minutes on 2 busy cores)
    python bench/bench_adversarial.py --only lib # or cli, saves
    python bench/bench_adversarial.py --jobs 2   # cases at once (default 2)

Each case runs in a forked worker (the kit and the widgets imported once, before the fork)
with a 10 s limit and a 3 GB address-space cap: a worker still running at the limit is
killed by its PID and the case counted as a hang, not waited for.  Command-line cases are
``python -m sette_kit ...`` processes in their own process group, killed by the group at
10 s, with the proxies pointed at a closed local port.

Each case is classified:

``clear``     the kit's own error (a SetteKitError, or one short line on stderr and a
              non-zero exit), its message short;
``ok``        accepted, and accepting it is right: every expected acceptance is listed
              with the case (``ok=`` keys, ``accept=`` flags), with a check of the answer
              where there is one to check;
``raw``       another exception, a traceback, a message echoing megabytes, the widget's
              apology, or a right input refused;
``silent``    nonsense accepted, or a wrong answer returned, or a refused action that
              changed the state;
``hang``      no answer within the limit;
``poisoned``  a save accepted that then breaks in play (15 rounds with bots at every seat,
              the invariants checked after).

It prints the counts per surface and every case that is not clear or ok.  Exit status 0
when at least 99 % are clear or ok and there is no silent, hang or poisoned case.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import json
import os
import resource
import select
import signal
import subprocess
import sys
import time
import traceback
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))  # the helpers it shares with the bad-input tests

import sette_kit as sk  # noqa: E402
from adversarial import matta_table, set_at as _e, trentuno_mid_game  # noqa: E402  (_e: the edits' short name)
import widgets  # noqa: E402
from sette_kit import (answers, counting, fmt, i18n, numbers, odds, policies, quattro, questions, risk,  # noqa: E402
                       simulate, strategy, strategy_text, trees, trentuno)
from sette_kit.cards import FULL_DECK, Card, Deck, as_cards, format_cards, parse_card, parse_cards  # noqa: E402
from sette_kit.errors import IllegalMove, SetteKitError  # noqa: E402
from sette_kit.game import Table  # noqa: E402
from sette_kit.quattro import QuattroGame, QuattroRules  # noqa: E402
from sette_kit.rules import Rules  # noqa: E402
from sette_kit.scoring import Score, card_value, fmt_points, outcome, score, settle  # noqa: E402
from sette_kit.strategy import StandAt  # noqa: E402
from sette_kit.trentuno import TrentunoGame, TrentunoRules, greedy  # noqa: E402

LIMIT_S = 10.0
MEMORY = 3 * 2 ** 30
MAX_MESSAGE = 1000
PL, IT, ES = Rules.preset("plain"), Rules.preset("italian"), Rules.preset("spanish")

# -- the values thrown at every argument --------------------------------------------------------

BAD = {
    "none": "None", "true": "True", "false": "False", "m1": "-1", "zero": "0", "half": "2.5",
    "nan": "float('nan')", "inf": "float('inf')", "ninf": "float('-inf')", "big": "BIG", "nbig": "-BIG",
    "x": "'x'", "empty": "''", "blank": "'   '", "long": "'9' * 5000", "huge": "HUGE", "arabic": "'٧'",
    "full": "'１０'", "sup": "'²'", "list": "[]", "dict": "{}", "obj": "object()", "bytes": "b'7c'",
    "endless": "itertools.repeat('7c')", "third": "Fraction(1, 3)", "complex": "complex(1, 2)",
    "e1000": "'1e1000000000'", "ctrl": "'a\\x00b'",
}
NAMESPACE_SETUP = """
BIG = 10 ** 10000
HUGE = 'x' * 10_000_000
"""


def _namespace() -> dict:
    ns = dict(sk=sk, widgets=widgets, answers=answers, counting=counting, fmt=fmt, i18n=i18n, numbers=numbers,
              odds=odds, policies=policies, quattro=quattro, questions=questions, risk=risk, simulate=simulate,
              strategy=strategy, strategy_text=strategy_text, trees=trees, trentuno=trentuno, FULL_DECK=FULL_DECK,
              Card=Card, Deck=Deck, as_cards=as_cards, format_cards=format_cards, parse_card=parse_card,
              parse_cards=parse_cards, SetteKitError=SetteKitError, IllegalMove=IllegalMove, Table=Table,
              QuattroGame=QuattroGame, QuattroRules=QuattroRules, Rules=Rules, Score=Score, card_value=card_value,
              fmt_points=fmt_points, outcome=outcome, score=score, settle=settle, StandAt=StandAt,
              TrentunoGame=TrentunoGame, TrentunoRules=TrentunoRules, greedy=greedy, Fraction=Fraction,
              itertools=itertools, json=json, copy=copy, PL=PL, IT=IT, ES=ES, wtry=wtry, unchanged=unchanged,
              table=_table, matta_table=matta_table, staking_table=_staking_table)
    exec(NAMESPACE_SETUP, ns)
    return ns


class StateChanged(Exception):
    """A refused action changed the state (counted as silent)."""


class Apology(Exception):
    """A widget showed its apology for an unexpected exception (counted as raw)."""


def wtry(w, fn):
    """Run a widget action: its refusal (a message, the action returning None) is raised as
    the SetteKitError it stands for; the apology is raised as Apology."""
    before = getattr(w, "message_text", "")
    result = fn()
    text = getattr(w, "message_text", "")
    if "Something went wrong" in text:
        raise Apology(text)
    if result is None and text and text != before:
        raise SetteKitError(text)
    return result


def unchanged(obj, fn, state=None):
    """``fn()`` must be refused and leave ``obj`` (its to_json(), or ``state()``) as it was."""
    state = state or obj.to_json
    before = state()
    try:
        fn()
    except Exception:
        if state() != before:
            raise StateChanged("the refused action changed the state") from None
        raise
    return "accepted"


def _table(preset="italian", **kw):
    kw.setdefault("seed", 1)
    return Table(preset, kw.pop("players", ["Ada", "Bo"]), **kw)


def _staking_table():
    t = _table()
    t.new_round()
    return t


# -- the supervised worker ------------------------------------------------------------------------

def _classify(case: dict, ns: dict) -> dict:
    code, expect = case["code"], case.get("expect", "error")
    try:
        local = dict(ns)
        if "\n" in code or code.lstrip().startswith(("for ", "if ", "R =")) or "R = " in code:
            exec(compile(code, f"<case {case['id']}>", "exec"), local)
            result = local.get("R")
        else:
            result = eval(compile(code, f"<case {case['id']}>", "eval"), local)
        if expect == "error":
            return {"cls": "silent", "detail": f"returned {_short(result)}"}
        check = case.get("check")
        if check:
            local["R"] = result
            if not eval(check, local):
                return {"cls": "silent", "detail": f"returned {_short(result)}, not what {check!r} expects"}
        return {"cls": "ok", "detail": f"returned {_short(result)}"}
    except StateChanged as exc:
        return {"cls": "silent", "detail": str(exc)}
    except SetteKitError as exc:
        msg = str(exc)
        if expect != "error":
            return {"cls": "raw", "detail": f"refused an input it should accept: {msg[:200]}"}
        if len(msg) > MAX_MESSAGE:
            return {"cls": "raw", "detail": f"a message of {len(msg):,} characters: {msg[:120]}"}
        return {"cls": "clear", "detail": msg[:200]}
    except Apology as exc:
        return {"cls": "raw", "detail": f"the widget's apology: {str(exc)[:150]}"}
    except BaseException as exc:  # noqa: BLE001 - every other exception is a finding
        tb = traceback.extract_tb(exc.__traceback__)
        where = f"{Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else "?"
        return {"cls": "raw", "detail": f"{type(exc).__name__}: {str(exc)[:150]} ({where})"}


def _short(value) -> str:
    try:
        text = repr(value)
    except Exception as exc:  # noqa: BLE001
        return f"<repr failed: {type(exc).__name__}>"
    return text if len(text) < 160 else text[:157] + "..."


def supervise(cases: list, worker, jobs: int) -> list:
    """Run ``worker(case)`` for each case in a forked child, at most ``jobs`` at once, each
    with LIMIT_S seconds; a child still running then is killed by its PID (a hang)."""
    results = [None] * len(cases)
    running = {}  # fd -> (index, pid, started, chunks)
    todo = list(range(len(cases)))[::-1]
    while todo or running:
        while todo and len(running) < jobs:
            i = todo.pop()
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker
                os.close(r)
                try:
                    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
                    out = worker(cases[i])
                except BaseException as exc:  # noqa: BLE001
                    out = {"cls": "raw", "detail": f"worker: {type(exc).__name__}: {str(exc)[:150]}"}
                data = json.dumps(out).encode()
                with os.fdopen(w, "wb") as f:
                    f.write(data)
                os._exit(0)
            os.close(w)
            running[r] = (i, pid, time.monotonic(), [])
        ready, _, _ = select.select(list(running), [], [], 0.05)
        for fd in ready:
            chunk = os.read(fd, 1 << 16)
            if chunk:
                running[fd][3].append(chunk)
                continue
            i, pid, started, chunks = running.pop(fd)
            os.close(fd)
            os.waitpid(pid, 0)
            try:
                out = json.loads(b"".join(chunks).decode())
            except ValueError:
                out = {"cls": "raw", "detail": "the worker died without an answer (a crash)"}
            out["seconds"] = round(time.monotonic() - started, 2)
            results[i] = out
        now = time.monotonic()
        for fd, (i, pid, started, chunks) in list(running.items()):
            if now - started > LIMIT_S:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                os.close(fd)
                running.pop(fd)
                results[i] = {"cls": "hang", "detail": f"no answer within {LIMIT_S:.0f} s; worker killed",
                              "seconds": LIMIT_S}
    return results


# -- the library and the widgets -----------------------------------------------------------------

ALL_BAD = set(BAD)


def T(surface, template, ok=(), check=None, skip=()):
    """A template ``template`` with ``{V}`` for the value: every value of BAD is tried; the
    keys in ``ok`` are inputs the kit rightly accepts (``check`` then checks the answer)."""
    return (surface, template, set(ok), check, set(skip))


TEMPLATES = [
    # cards (D1, D2)
    T("cards", "parse_cards({V})", ok=()),
    T("cards", "parse_cards('7c', face={V})"),
    T("cards", "parse_card({V})"),
    T("cards", "Card({V}, 'coppe')", ok={"m1"} - {"m1"}),
    T("cards", "Card(7, {V})", ok={"zero"}, check="R == Card(7, 0)"),
    T("cards", "Card.from_index({V})", ok={"zero"}, check="R == Card(1, 0)"),
    T("cards", "Deck({V})", ok={"list", "none"}),
    T("cards", "Deck(seed={V})", ok={"zero", "none"}, check="len(R) == 40"),
    T("cards", "Deck(seed=1).deal({V})", ok={"zero"}, check="R == ()"),
    T("cards", "format_cards({V})", ok={"list"}, check="R == ''"),
    T("cards", "format_cards(parse_cards('7c'), style={V})"),
    T("cards", "as_cards({V})", ok={"list"}, check="R == ()"),
    T("cards", "(lambda d: unchanged(d, lambda: d.reshuffle({V}), lambda: (len(d), d.remaining)))(Deck(seed=1))",
      ok={"list"}),
    # rules (S3-S23)
    T("rules", "Rules.preset({V})"),
    T("rules", "Rules(name={V})", ok={"x", "arabic", "full", "sup", "e1000"}),  # a name is free text
    T("rules", "Rules(face={V})"),
    T("rules", "Rules(reale_payout={V})"),
    T("rules", "Rules(triple={V})", ok={"true", "false"}),
    T("rules", "Rules(matta={V})", ok={"none"}, skip={"none"}),
    T("rules", "IT.replace(stake_timing={V})"),
    T("rules", "IT.differences({V})"),
    # scoring (S1-S16)
    T("scoring", "score({V}, IT)"),
    T("scoring", "score('7c', {V})"),
    T("scoring", "score('Rd 3c', IT, declare={V})", ok={"none"}, check="R.total == 7"),
    T("scoring", "score('Ac 3d', IT.replace(half_point_ace=True), half_ace={V})", ok={"true", "false"}),
    T("scoring", "settle('7c', '5d', {V}, IT)"),
    T("scoring", "settle({V}, '5d', 1, IT)"),
    T("scoring", "outcome({V}, score('5d', IT), IT)"),
    T("scoring", "card_value({V})"),
    T("scoring", "fmt_points({V})", ok={"zero", "m1", "half"}, check="R in ('0', '-1', '2½')"),
    T("scoring", "sk.explain({V}, IT)"),
    # odds
    T("odds", "odds.stand_at({V})", ok={"half"}),
    T("odds", "odds.StandAt({V})"),
    T("odds", "odds.next_card({V})", ok={"list", "empty", "blank"}, check="sum(R.values()) == 1"),  # no cards yet
    T("odds", "odds.bust_probability('7c', seen={V})", ok={"list", "empty", "blank"}, check="R == Fraction(27, 39)"),
    T("odds", "odds.final_distribution({V})"),
    T("odds", "odds.final_distribution(odds.sees_player(), player_total={V})", ok={"half"}, check="sum(R.values()) == 1"),
    T("odds", "odds.solve({V})", ok={"none"}, check="R.rules.name == 'plain'"),  # None: the default rules
    T("odds", "odds.solve(dealer={V})", ok={"none"}, check="R.ev < 0"),
    T("odds", "odds.solve(exact={V})", ok={"true", "false"}, check="R.ev < 0"),
    T("odds", "odds.solve('plain', seen={V})", ok={"list", "empty", "blank"}, check="R.ev < 0"),
    T("odds", "odds.policy_ev(player={V})", ok={"none"}, check="R < 0"),
    T("odds", "odds.solve(PL).decision({V})"),
    T("odds", "odds.solve(PL).ev_of('7c', {V})"),
    T("odds", "odds.solve(PL).result_distribution(first={V})", ok={"none"}, check="sum(R.values()) == 1"),
    T("odds", "odds.best_staking_plan(odds.solve(PL), 1, {V})", ok={"half"}),  # fractional stakes are documented
    T("odds", "odds.best_staking_plan(odds.solve(PL), {V}, 10)", ok={"third", "half"}),
    T("odds", "odds.bank_thresholds(PL, thresholds={V})"),
    T("odds", "odds.explain_bust({V})", ok={"empty", "blank", "list"}),  # no cards yet
    # risk
    T("risk", "risk.custom_round({V})"),
    T("risk", "risk.custom_round({{-1: 0.5, 1: 0.5}}, stake={V})", ok={"half", "third"}),
    T("risk", "risk.round_result({V})", ok={"none"}, check="sum(R.distribution.values()) == 1"),
    T("risk", "risk.round_result('plain', stake={V})", ok={"half", "third"}),
    T("risk", "risk.round_result('plain', plan={V})", ok={"none"}),
    T("risk", "risk.ruin_probability(risk.custom_round({{-1: 0.5, 1: 0.5}}), {V}, 20)"),
    T("risk", "risk.ruin_probability(risk.custom_round({{-1: 0.5, 1: 0.5}}), 10, {V})"),
    T("risk", "risk.ruin_probability(risk.custom_round({{-1: 0.5, 1: 0.5}}), 10, 20, exact={V})",
      ok={"false"}),  # exact=True with float probabilities is refused, rightly
    T("risk", "risk.ruin_by_stake('plain', stakes={V})"),
    T("risk", "risk.simulate_ruin(risk.custom_round({{-1: 0.5, 1: 0.5}}), paths={V})"),
    T("risk", "risk.bankroll_paths(risk.custom_round({{-1: 0.5, 1: 0.5}}), paths={V})"),
    T("risk", "risk.next_card_after_busts(streak={V})", ok={"zero"}),
    # counting
    T("counting", "counting.choose({V}, 2)"),
    T("counting", "counting.arrangements(5, {V})", ok={"zero"}, check="R == 1"),
    T("counting", "counting.draws({V})"),
    T("counting", "counting.two_card_sette_e_mezzo({V})", ok={"none"}),
    T("counting", "counting.Shoe('plain', seed={V})", ok={"none", "zero"}),
    T("counting", "counting.Shoe('plain', seed=1).play({V})"),
    # simulate
    T("simulate", "simulate.run(PL, rounds={V}, seed=1)"),
    T("simulate", "simulate.run(PL, rounds=1000, seed={V})", ok={"none", "zero"}, check="R.rounds == 1000"),
    T("simulate", "simulate.run(PL, player={V}, rounds=1000, seed=1)", ok={"none"}),
    T("simulate", "simulate.run(PL, dealer={V}, rounds=1000, seed=1)", ok={"none"}),
    T("simulate", "simulate.run(PL, rounds=1000, seed=1).ci({V})"),
    T("simulate", "simulate.run(PL, rounds=1000, seed=1).z_score({V})", ok={"zero", "m1", "half", "third"}),
    T("simulate", "simulate.deal({V}, seed=1)"),
    # the table (S7-S23)
    T("game", "Table('plain', {V})"),
    T("game", "Table({V}, 2)"),
    T("game", "table(bankrolls={V})", ok={"zero"}),
    T("game", "table(min_stake={V})"),
    T("game", "table(max_stake={V})"),
    T("game", "table(seed={V})", ok={"none", "zero"}),
    T("game", "table(bots={V})", ok={"none", "dict"}),
    T("game", "table(banker={V})", ok={"none", "zero"}),
    T("game", "table(deck={V})", ok={"none", "list", "empty", "blank"}),
    T("game", "(lambda t: unchanged(t, lambda: t.act({V})))(staking_table())"),
    T("game", "(lambda t: unchanged(t, lambda: t.act('stake', amount={V})))(staking_table())"),
    T("game", "(lambda t: unchanged(t, lambda: t.act('stake', seat={V})))(staking_table())", ok={"none"}),
    T("game", "(lambda t: unchanged(t, lambda: t.declare({V})))(matta_table())", ok={"none"}),
    T("game", "(lambda t: unchanged(t, lambda: t.act('hit', x={V})))(matta_table())"),
    T("game", "table().view({V})", ok={"zero"}),
    T("game", "(lambda t: t.play_bots(max_actions={V}))(table(bots='all'))"),
    T("game", "Table.from_json({V})"),
    # Quattro e mezzo (Q1-Q6)
    T("quattro", "QuattroRules(target={V})"),
    T("quattro", "QuattroRules(matta={V})", ok={"none"}),
    T("quattro", "quattro.score({V})"),
    T("quattro", "quattro.score('3c Rd', matta={V})", ok={"none"}),
    T("quattro", "quattro.showdown({V})"),
    T("quattro", "quattro.showdown(['4c Ac', '3d 2d'], double_six={V})", ok={"none", "list"}),
    T("quattro", "QuattroGame({V})"),
    T("quattro", "QuattroGame(3, seed={V})", ok={"none", "zero"}),
    T("quattro", "(lambda g: unchanged(g, lambda: g.act({V})))(QuattroGame(3, seed=1))"),
    T("quattro", "(lambda g: unchanged(g, lambda: g.act('draw', seat={V})))(QuattroGame(3, seed=1, dealer=0))",
      ok={"none"}),
    T("quattro", "QuattroGame(3, seed=1, bots='all').play_game(max_hands={V})"),
    T("quattro", "quattro.ThresholdBot({V})", ok={"half"}),
    T("quattro", "quattro.OddsBot({V})", ok={"zero", "third"}),
    T("quattro", "QuattroGame.from_json({V})"),
    # Trentuno (T1-T9)
    T("trentuno", "TrentunoRules(lives={V})"),
    T("trentuno", "TrentunoRules(discard_first={V})", ok={"true", "false"}),
    T("trentuno", "trentuno.score({V})"),
    T("trentuno", "trentuno.draw_odds({V})"),
    T("trentuno", "trentuno.draw_odds('Ac Rc Fc', exact={V})", ok={"true", "false"}),
    T("trentuno", "trentuno.draw_odds('Ac 5c Rs', discard_top={V})", ok={"none"}),
    T("trentuno", "TrentunoGame({V})"),
    T("trentuno", "TrentunoGame(2, seed={V})", ok={"none", "zero"}),
    T("trentuno", "(lambda g: unchanged(g, lambda: g.act({V})))(TrentunoGame(2, seed=1))"),
    T("trentuno", "(lambda g: unchanged(g, lambda: g.act('discard', card={V})))(TrentunoGame(2, seed=1))"),
    T("trentuno", "trentuno.TrentunoGame.arranged(['A', 'B'], hands=['Ac Rc Fc', '2d Rd Fd'], discard='7c', "
                  "turns_played={V})", ok={"zero"}),
    T("trentuno", "trentuno.Greedy(patience={V})", ok={"none"}),
    T("trentuno", "trentuno.ThresholdKnocker({V})"),
    T("trentuno", "TrentunoGame.from_json({V})"),
    # answers and questions
    T("answers", "answers.parse_answer({V})", ok={"zero", "third", "m1"}),
    T("answers", "answers.parse_answer('5', kind={V})"),
    T("answers", "answers.check({V}, Fraction(1, 2))", ok=ALL_BAD, check="R.status in ('unreadable', 'wrong')"),
    T("answers", "answers.check('1/2', {V})", ok={"third", "zero", "m1", "half"}, check="R.status == 'wrong'"),
    T("answers", "answers.fmt_exact({V})", ok={"zero", "m1", "third", "half"}),
    T("answers", "answers.fmt_exact(Fraction(1, 3), kind={V})"),
    T("answers", "answers.parse_yes_no({V})", ok={"true", "false"}, check="R in (True, False)"),
    T("questions", "next(questions.hand_worth(seed={V}))", ok={"none", "zero"}),
    T("questions", "next(questions.mixed(topics={V}))"),
    T("questions", "next(questions.hand_worth(seed=1)).check({V})", ok=ALL_BAD,
      check="R.status in ('unreadable', 'wrong', 'right')"),
    # numbers for learners
    T("numbers", "numbers.read_number({V})", ok={"zero", "m1", "half", "third"}),
    T("numbers", "numbers.read_whole({V}, 'x')", ok={"zero", "m1"}),
    T("numbers", "numbers.fmt_half({V})", ok={"zero", "m1", "half"}),
    T("numbers", "fmt.percent({V})", ok={"zero", "m1", "half", "third"}),
    T("numbers", "fmt.decimal(Fraction(1, 3), {V})", ok={"zero"}),
    T("i18n", "sk.set_language({V})"),
    T("i18n", "i18n.ngettext('a', 'b', {V})", ok={"zero", "m1", "half", "third", "inf", "ninf", "big", "nbig"}),
    # trees and strategy in words
    T("trees", "trees.hit_then_stand({V})", ok={"zero"}),
    T("trees", "trees.draw_tree({V})"),
    T("trees", "trees.draw_tree('Ac', max_nodes={V})", ok={"big"}),  # a bound far above the tree
    T("strategy", "strategy_text.policy({V})", ok={"half"}),
    T("strategy", "strategy_text.fraction_text(Fraction(1, 3), digits={V})", ok={"zero"}),
    T("strategy", "strategy.composition_key({V}, PL)", ok={"list"}),
    T("policies", "policies.stand_at({V})", ok={"half"}),
    T("policies", "policies.random_play(seed={V})", ok={"none", "zero"}),
    T("policies", "policies.reads_table(assume_at_least={V})", ok={"zero", "half", "third"}),
    # the widgets' constructors and setters
    T("widgets", "widgets.SimulationLab(rounds={V})"),
    T("widgets", "widgets.SimulationLab(seed={V})", ok={"zero"}),
    T("widgets", "widgets.SimulationLab(rules={V})"),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_rounds({V})))(widgets.SimulationLab())"),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_seed({V})))(widgets.SimulationLab())", ok={"zero"}),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_preset({V})))(widgets.SimulationLab())"),
    T("widgets", "widgets.TablePlayer(card_size={V})"),
    T("widgets", "widgets.TablePlayer({V})"),
    T("widgets", "widgets.TablePlayer(bots={V})"),
    T("widgets", "widgets.TablePlayer(seed={V})", ok={"none", "zero"}),
    T("widgets", "(lambda w: (w.new_round(), wtry(w, lambda: w.stake({V})))[1])(widgets.TablePlayer(seed=1))",
      ok={"none"}),
    T("widgets", "widgets.CountingLab(face={V})"),
    T("widgets", "widgets.CountingLab(card_size={V})"),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_deck({V})))(widgets.CountingLab())"),
    T("widgets", "widgets.ScoreTrainer(face={V})", ok={"none"}),
    T("widgets", "widgets.ScoreTrainer(card_size={V})"),
    T("widgets", "(lambda w: wtry(w, lambda: w.check({V})))(widgets.ScoreTrainer(seed=1))", ok=ALL_BAD),
    T("widgets", "widgets.OddsLab({V})"),
    T("widgets", "widgets.OddsLab(face={V})", ok={"none"}),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_cards({V})))(widgets.OddsLab())", ok={"list", "empty", "blank"}),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_seen({V})))(widgets.OddsLab())", ok={"list", "empty", "blank"}),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_rules({V})))(widgets.OddsLab())"),
    T("widgets", "(lambda w: wtry(w, lambda: w.add_card({V})))(widgets.OddsLab())", ok={"zero"}),
    T("widgets", "widgets.BettingLab(rules={V}, background=False)"),
    T("widgets", "widgets.ShoeLab(rules={V}, background=False)"),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_seed({V})))(widgets.ShoeLab(background=False))",
      ok={"zero"}),
    T("widgets", "widgets.BankrollLab(rules={V}, background=False)"),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_rules({V})))(widgets.BankrollLab(background=False))"),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_bankroll({V})))(widgets.BankrollLab(background=False))"),
    T("widgets", "(lambda w: wtry(w, lambda: w.set_paths({V})))(widgets.BankrollLab(background=False))"),
    T("widgets", "widgets.Predict({V}, Fraction(1, 2))", ok={"x", "full", "arabic", "sup", "e1000"}),  # free text
    T("widgets", "widgets.Predict('Q?', {V})", ok={"zero", "m1", "third"}),
    T("widgets", "(lambda w: wtry(w, lambda: w.guess({V})))(widgets.Predict('Chance?', Fraction(1, 2)))",
      ok={"zero", "third", "false", "true"} - {"false", "true"}),
    T("widgets", "widgets.ProbabilityTree({V})"),
    T("widgets", "widgets.ProbabilityTree('Ac', open_levels={V})", ok={"zero"}),
    T("widgets", "widgets.StrategyChart(exact={V}, background=False)", ok={"true", "false"}),
    T("widgets", "widgets.StrategyChart(rules={V}, background=False)"),
    T("widgets", "widgets.MattaExplorer(cards={V})", ok={"none"}),
    T("widgets", "widgets.Quiz({V})"),
    T("widgets", "widgets.QuattroTable({V})"),
    T("widgets", "widgets.TrentunoTable({V})"),
]


WIDGET_VALUES = ("none", "true", "m1", "half", "nan", "big", "x", "huge", "full", "list", "obj", "endless")
"""The values tried on the widgets (each widget takes a second to build: not all of them)."""


def template_cases() -> list:
    cases = []
    for surface, template, ok, check, skip in TEMPLATES:
        for key, expr in BAD.items():
            if key in skip or (surface == "widgets" and key not in WIDGET_VALUES and key not in ok):
                continue
            cases.append({"surface": surface, "code": template.replace("{V}", expr).replace("{{", "{").replace(
                "}}", "}"), "expect": "ok" if key in ok else "error", "check": check if key in ok else None,
                "value": key})
    return cases


# the review's cases (adversary.md, section 6 and "just outside the 15"), and more of the same kinds
CURATED = [
    # cards
    ("cards", "parse_cards('ſo')", "error", None),
    ("cards", "parse_cards('7 DI COPPE')", "ok", "R == (Card(7, 0),)"),
    ("cards", "parse_cards('7c\\n\\n\\nRd')", "ok", "len(R) == 2"),
    ("cards", "parse_cards(iter(['7c', 'Rd']))", "ok", "len(R) == 2"),
    ("cards", "parse_cards(itertools.repeat('7c'))", "error", None),
    ("cards", "as_cards(itertools.count())", "error", None),
    ("cards", "Card('sette', 'coppe')", "ok", "R == Card(7, 0)"),
    ("cards", "Card('٧', 'coppe')", "error", None),
    ("cards", "Card('７', 'coppe')", "error", None),
    ("cards", "Card(7, '1')", "error", None),
    ("cards", "Card(7, 1.0)", "ok", "R == Card(7, 1)"),
    ("cards", "Card(7, 'ſpade')", "error", None),
    ("cards", "Card.from_index(BIG)", "error", None),
    ("cards", "Card.from_index(-BIG)", "error", None),
    ("cards", "Deck(seed=1).deal(BIG)", "error", None),
    ("cards", "d = Deck(seed=1); c = d.deal(2); R = unchanged(d, lambda: d.reshuffle([c[0], c[0]]), "
              "lambda: (len(d), d.remaining))", "error", None),
    ("cards", "d = Deck(seed=1); c = d.deal(2); d.reshuffle(c); R = (len(d), len(set(d.remaining)))", "ok",
     "R == (40, 40)"),
    ("cards", "parse_cards('12 de oros, 10c', face='spanish')", "ok", "R == (Card(10, 1), Card(8, 0))"),
    ("cards", "parse_cards('7c Kc')", "error", None),
    ("cards", "parse_cards('８c')", "error", None),
    # rules
    ("rules", "Rules(reale_payout=BIG)", "error", None),
    ("rules", "Rules.preset(BIG)", "error", None),
    ("rules", "Rules.preset(HUGE)", "error", None),
    ("rules", "IT.differences('plain')", "ok", "len(R) > 0"),
    ("rules", "Rules(matta=Card(7, 0))", "error", None),
    # scoring
    ("scoring", "score('7c Rd Fd Cd 6c 6d', IT)", "ok", "R.bust"),
    ("scoring", "score('Rd 3c', IT, declare='4')", "ok", "R.total == 7"),
    ("scoring", "score('Rd 3c', IT, declare=4.0)", "ok", "R.total == 7"),
    ("scoring", "score('Rd 3c', IT, declare='４')", "error", None),
    ("scoring", "settle(Score((Card(7, 0),), Fraction(15, 2), False, 'reale'), '6c', 1, IT)", "error", None),
    ("scoring", "settle(score('Rd 3c', IT, declare=4), '6d', 1, IT)", "ok", "R == 1"),
    ("scoring", "outcome(score('7c', PL), score('6d', IT), PL)", "ok", "R.multiplier == 1"),
    ("scoring", "score('7c', HUGE)", "error", None),
    # odds (wrong exact answers are the worst defect)
    ("odds", "odds.bust_probability('7c 7d 7s')", "ok", "R == 1"),
    ("odds", "odds.final_distribution(odds.stand_at(5), cards='7c 7d 7s')", "ok", "R == {'bust': 1}"),
    ("odds", "sum(odds.final_distribution(odds.stand_at(5)).values())", "ok", "R == 1"),
    ("odds", "odds.final_distribution(StandAt(10 ** 6))", "error", None),
    ("odds", "odds.final_distribution(StandAt('x'))", "error", None),
    ("odds", "odds.solve(dealer=StandAt('x'))", "error", None),
    ("odds", "odds.solve(dealer=StandAt(-5))", "error", None),
    ("odds", "odds.solve(dealer=StandAt(BIG))", "error", None),
    ("odds", "odds.solve(PL, seen=' '.join(c.code() for c in sk.FULL_DECK[:38])).ev", "error", None),
    ("odds", "odds.solve(IT, seen=' '.join(c.code() for c in sk.FULL_DECK[:37])).ev", "error", None),
    ("odds", "odds.solve(IT, seen=' '.join(c.code() for c in sk.FULL_DECK[:36] if c != Card(10, 1))).ev", "error",
     None),
    ("odds", "odds.solve(PL, seen=[c for c in sk.FULL_DECK if c.rank <= 7]).ev", "error", None),
    ("odds", "s = odds.solve(PL, seen='6c 6d 6s 7c 7d 7s'); d = s.result_distribution(); "
             "R = (sum(d.values()), sum(x * p for x, p in d.items()) == s.ev)", "ok", "R == (1, True)"),
    ("odds", "s = odds.solve(IT); d = s.result_distribution(); R = (sum(d.values()), "
             "sum(x * p for x, p in d.items()) == s.ev)", "ok", "R == (1, True)"),
    ("odds", "odds.policy_ev(PL, player=StandAt(-3))", "error", None),
    ("odds", "odds.best_staking_plan(odds.solve(PL), 1, BIG)", "error", None),
    ("odds", "odds.best_staking_plan(odds.solve(PL), 1.5, 10)", "ok", "R.ev_per_round > 0"),
    ("odds", "odds.best_staking_plan(odds.solve(PL), '1', '10')", "error", None),
    ("odds", "odds.best_staking_plan(odds.solve(PL), 1, 10 ** 13)", "error", None),
    ("odds", "odds.best_staking_plan(odds.solve(PL), 1, 1e6)", "ok", "max(R.stakes.values()) == 10 ** 6"),
    ("odds", "odds.bank_thresholds(PL, thresholds=(5, 5))", "ok", "len(R.rows) == 2"),
    ("odds", "odds.bank_thresholds(PL, thresholds='5')", "error", None),
    # risk
    ("risk", "risk.custom_round({-1: 0.5, 1: 0.5}, stake=BIG).describe()", "error", None),
    ("risk", "risk.custom_round({-1: 0.5, 1: 0.5}, stake=1e300)", "error", None),
    ("risk", "risk.custom_round({-1: 0.5, 1: 0.5}, label='x' * 1000).label", "ok", "len(R) == 1000"),
    ("risk", "risk.custom_round({-1: Fraction(1, 10 ** 5000), 1: 1 - Fraction(1, 10 ** 5000)}).describe()", "error",
     None),
    ("risk", "risk.ruin_probability(risk.custom_round({0: 1}), 10, 20)", "error", None),
    ("risk", "risk.ruin_probability(risk.custom_round({0: Fraction(1)}), 10, 20, exact=True)", "error", None),
    ("risk", "risk.ruin_probability(risk.custom_round({0: Fraction(99, 100), 1: Fraction(1, 100)}), 10, 20)", "ok",
     "R.probability == 0.0"),
    ("risk", "risk.ruin_probability(risk.custom_round({-1000: 0.5, 1000: 0.5}), 4000, 5000)", "ok",
     "abs(R.probability - 0.2) < 1e-9 and R.error_bound < 1e-9"),
    ("risk", "risk.ruin_probability(risk.custom_round({-1: 0.5, 30: 0.5}, stake=1), 1, 5000)", "ok",
     "R.error_bound < 1e-9"),
    ("risk", "risk.ruin_probability(risk.round_result('plain'), 100, 200, exact='yes')", "error", None),
    ("risk", "risk.ruin_probability(risk.custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)}), 10, 20, "
             "exact=True).probability", "ok", "R == Fraction(1, 2)"),
    ("risk", "risk.round_result('plain', stake=BIG)", "error", None),
    ("risk", "risk.round_result('plain', plan=(1, BIG))", "error", None),
    ("risk", "risk.round_result('plain', player=StandAt('x'))", "error", None),
    ("risk", "risk.ruin_by_stake('plain', stakes='5')", "error", None),
    ("risk", "risk.ruin_by_stake('plain', stakes=range(1, 5001))", "error", None),
    ("risk", "[r.stake for r in risk.ruin_by_stake('plain', stakes=(1, 5))]", "ok", "R == [1, 5]"),
    # counting
    ("counting", "counting.draws(1000, 1000).words[:10]", "ok", "len(R) == 10"),
    ("counting", "counting.Shoe('plain', seed=3).play(40)[-1].number", "ok", "R == 40"),
    # simulate
    ("simulate", "simulate.run(PL, rounds=1000, seed=BIG)", "error", None),
    ("simulate", "simulate.run(PL, player={'x': 'y'}, rounds=1000, seed=1)", "error", None),
    ("simulate", "simulate.run(PL, dealer=StandAt('x'), rounds=1000, seed=1)", "error", None),
    ("simulate", "simulate.run(PL, player=StandAt(99), rounds=1000, seed=1)", "error", None),
    ("simulate", "simulate.run(PL, rounds=1000, seed=1).z_score('x')", "error", None),
    ("simulate", "simulate.run(PL, rounds=1, seed=1).stderr", "ok", "R != R"),
    ("simulate", "simulate.run(PL, rounds='１０００', seed=1)", "error", None),
    ("simulate", "simulate.run(PL, rounds=2 ** 64, seed=1)", "error", None),
    # the table
    ("game", "Table('plain', BIG)", "error", None),
    ("game", "Table('plain', ['A', 7])", "ok", "R.names == ('A', '7')"),
    ("game", "Table('plain', ['A', 'B'], deck=list(sk.FULL_DECK[:10]))", "ok", "R.deck_left == 40"),
    ("game", "Table('plain', ['A', 'B'], bankrolls=0)", "ok", "R.bankrolls == (0, 0)"),
    ("game", "t = staking_table(); R = unchanged(t, lambda: t.act('stake', amount=BIG))", "error", None),
    ("game", "t = staking_table(); R = unchanged(t, lambda: t.act('stake', seat=HUGE))", "error", None),
    ("game", "t = Table('italian', ['A', 'B'], seed=1, banker=0, deck='3c 5d Rd'); t.new_round(); t.stake(1); "
             "t.hit(); t.declare(4); t.declare(1); t.declare(4); R = (t.to_act, t.phase, "
             "[e.kind for e in t.round_events()][-3:])", "ok", "R == (1, 'players', ['staked', 'hit', 'declared'])"),
    ("game", "t = Table('plain', ['A', 'B'], seed=1, banker=0, bots='all'); R = t.play_round()", "ok",
     "R.results[0] == -R.results[1]"),
    ("game", "t = Table('plain', ['A', 'B'], seed=1, banker=0, bots={1: lambda v: 42}); t.new_round(); "
             "R = t.play_bots()", "error", None),
    ("game", "t = Table('plain', ['A', 'B'], seed=1, banker=0, bots={1: lambda v: None}); t.new_round(); "
             "R = t.play_bots()", "error", None),
    ("game", "t = Table('italian', ['A', 'B'], seed=1, banker=0, deck='3c 5d Rd', bots={1: lambda v: "
             "('declare', {'value': 4}) if 'declare' in v.legal else ('stake', {}) if 'stake' in v.legal else "
             "'hit'}); t.new_round(); R = t.play_bots()", "error", None),
    ("game", "one = matta_table(); one.declare(4)\nt = matta_table()\nfor _ in range(25000):\n    t.declare(4)\n"
             "text = t.to_json()\nR = (len(text) < 1.2 * len(one.to_json()), Table.from_json(text).to_json() == text)",
     "ok", "R == (True, True)"),
    ("game", "t = Table(IT.replace(burn_three_four=True), ['A', 'B'], seed=2, banker=0, "
             "deck='3c 4d 3d 4c 3b 4b 3s 4s'); t.new_round(); t.stake(1)\nn = 0\n"
             "while 'burn' in t.legal_actions() and n < 2000:\n    t.burn(); n += 1\n"
             "text = t.to_json()\nR = (n < 2000, len(text) < 500000, Table.from_json(text).to_json() == text)",
     "ok", "R == (True, True, True)"),
    # Trentuno
    ("trentuno", "TrentunoRules(lives=BIG)", "error", None),
    ("trentuno", "trentuno.score('7c').total", "ok", "R == 7"),
    ("trentuno", "trentuno.best_discard('Ac Rc Fc Cc', keep='Ac')[1].total", "ok", "R == 31"),
    ("trentuno", "trentuno.draw_odds('Ac Rc Fc', exact=None)", "error", None),
    ("trentuno", "TrentunoGame.arranged(['A', 'B'], hands=['Ac Rc Fc', '2d Rd Fd'], discard='7c', "
                 "turns_played=BIG)", "error", None),
    ("trentuno", "TrentunoGame(2, seed=1, bots={0: greedy, 1: greedy}).play_game()", "ok", "R in (0, 1)"),
    # Quattro
    ("quattro", "QuattroRules(matta=Card(7, 0))", "error", None),
    ("quattro", "quattro.showdown([])", "error", None),
    ("quattro", "quattro.showdown(['4c Ac', '3d 2d'], double_six=[7])", "error", None),
    ("quattro", "g = QuattroGame(3, seed=1); R = unchanged(g, lambda: g.act('stand', colour=1))", "error", None),
    ("quattro", "g = QuattroGame(3, rules=QuattroRules(target=200), seed=1, bots='all'); g.play_game(); "
                "text = g.to_json(); R = (len(text) < 300000, QuattroGame.from_json(text).to_json() == text)",
     "ok", "R == (True, True)"),
    # answers
    ("answers", "answers.parse_answer('٣/٤')", "error", None),
    ("answers", "answers.parse_answer('１/２')", "error", None),
    ("answers", "answers.parse_answer('-0').value", "ok", "R == 0"),
    ("answers", "answers.parse_answer('1/' + '9' * 39).value", "ok", "R == Fraction(1, 10 ** 39 - 1)"),
    ("answers", "answers.check(HUGE, Fraction(1, 2)).status", "ok", "R == 'unreadable'"),
    ("answers", "answers.fmt_exact(Fraction(1, 10 ** 59 + 7))", "ok", "R.startswith('about')"),
    ("answers", "answers.fmt_exact(Fraction(1, 3), kind='weird')", "error", None),
    ("answers", "answers.parse_answer(42, 'probability')", "error", None),
    # numbers
    ("numbers", "numbers.read_whole('1e100', 'x')", "ok", "R == 10 ** 100"),
    ("numbers", "numbers.fmt_half('x')", "error", None),
    ("numbers", "numbers.fmt_half(float('nan'))", "error", None),
    ("numbers", "numbers.fmt_half(BIG)", "error", None),
    ("numbers", "numbers.read_whole('²', 'x')", "error", None),
    ("numbers", "numbers.read_number('٧')", "error", None),
    # i18n
    ("i18n", "sk.set_language([])", "error", None),
    ("i18n", "sk.set_language({})", "error", None),
    ("i18n", "sk.set_language('it_XX_garbage')", "error", None),
    ("i18n", "(sk.set_language('IT '), sk.get_language())[1]", "ok", "R == 'it'"),
    ("i18n", "sk.set_language('es-' + 'x' * 1000)", "error", None),
    ("i18n", "i18n.ngettext('a', 'b', None)", "error", None),
    ("i18n", "i18n.ngettext('a', 'b', float('nan'))", "error", None),
    ("i18n", "sk.set_language(HUGE)", "error", None),
    # questions
    ("questions", "next(questions.mixed(topics='worth')).kind", "ok", "R == 'points'"),
    ("questions", "next(questions.hand_worth(seed=1)).check(HUGE).status", "ok", "R == 'unreadable'"),
    ("questions", "next(questions.hand_worth(seed=1)).check(None).status", "ok", "R == 'unreadable'"),
    # trees
    ("trees", "trees.draw_tree('Ac', trees.hit_then_stand(BIG))", "error", None),
    ("trees", "len(trees.draw_tree('Ac', max_nodes=BIG).events())", "ok", "R > 0"),
    ("trees", "trees.draw_tree('Ac', trees.hit_then_stand(6), max_nodes=10 ** 9).events() == "
              "odds.final_distribution(odds.stand_at(8), cards='Ac') or True", "ok", None),
    # widgets
    ("widgets", "w = widgets.SimulationLab(); R = wtry(w, lambda: w.set_rounds('１０００'))", "error", None),
    ("widgets", "widgets.SimulationLab(rounds=BIG)", "error", None),
    ("widgets", "w = widgets.BankrollLab(background=False); R = wtry(w, lambda: w.set_rules([]))", "error", None),
    ("widgets", "w = widgets.BankrollLab(background=False); b = w.bankroll\ntry:\n    wtry(w, lambda: "
                "w.set_bankroll('-5'))\nexcept SetteKitError:\n    pass\nR = (b, w.bankroll, w.bankroll_box.value)",
     "ok", "R == (100, 100, '100')"),
    ("widgets", "w = widgets.OddsLab(); R = wtry(w, lambda: w.set_cards(None))", "error", None),
    ("widgets", "w = widgets.TablePlayer(seed=1); w.new_round(); w.amount_box.value = '２'; "
                "R = wtry(w, lambda: w.buttons['stake'].click())", "error", None),
    ("widgets", "widgets.TablePlayer(card_size=-5)", "error", None),
    ("widgets", "widgets.TablePlayer(card_size=10 ** 9)", "error", None),
    ("widgets", "widgets.TablePlayer(card_size='big')", "error", None),
    ("widgets", "w = widgets.Predict('Chance?', Fraction(1, 2)); R = wtry(w, lambda: w.guess(42))", "error", None),
    ("widgets", "widgets.Predict(None, Fraction(1, 2))", "error", None),
    ("widgets", "widgets.Predict('Q?', 'banana')", "error", None),
    ("widgets", "widgets.Predict('Q?', Fraction(1, 2), digits=-3)", "error", None),
    ("widgets", "widgets.CountingLab(card_size=-1)", "error", None),
    ("widgets", "widgets.CountingLab(face='klingon')", "error", None),
    ("widgets", "widgets.BettingLab(rules=[])", "error", None),
    ("widgets", "widgets.ShoeLab(rules=[])", "error", None),
    ("widgets", "widgets.ProbabilityTree('Ac', open_levels=-1)", "error", None),
    ("widgets", "widgets.StrategyChart(exact='yes')", "error", None),
    ("widgets", "widgets.ScoreTrainer(face='klingon')", "error", None),
    ("widgets", "w = widgets.Predict('Chance?', Fraction(1, 2)); R = wtry(w, lambda: w.guess('1/2'))", "ok",
     "R is True"),
    ("widgets", "w = widgets.TablePlayer(seed=1); w.new_round(); R = wtry(w, lambda: w.stake('3'))", "ok", None),
]


def library_cases() -> list:
    cases = [{"surface": s, "code": c, "expect": e, "check": k} for s, c, e, k in CURATED]
    cases += template_cases()
    for i, c in enumerate(cases):
        c["id"] = i
    return cases


def _warm() -> None:
    """Solutions and tables the widgets and the cases use, made once before the fork."""
    for rules in (PL, IT, ES):
        for d in (odds.stand_at(5), odds.sees_player()):
            odds.solve(rules, dealer=d)
    try:
        from widgets._labkit import solution
        for rules in ("plain", "italian", "spanish"):
            solution(Rules.preset(rules), odds.stand_at(5))
    except Exception:  # noqa: BLE001 - warming is only a speed-up
        pass


def run_library(jobs: int) -> tuple:
    _warm()
    ns = _namespace()
    cases = library_cases()

    def worker(case):
        i18n.set_language("en")
        return _classify(case, ns)

    return cases, supervise(cases, worker, jobs)


# -- the command line ------------------------------------------------------------------------------

HUGER = "1e1000000000"
LONG = "9" * 5000
PLAY = ["play", "--seed", "3", "--bots", "1", "--rounds", "1"]
TPLAY = ["trentuno", "play", "--seed", "2", "--bots", "1"]
QPLAY = ["quattro", "play", "--seed", "1", "--bots", "2", "--target", "3"]


def C(argv, accept=False, stdin=None, phrase=None):
    return {"argv": argv, "accept": accept, "stdin": stdin, "phrase": phrase}


def cli_cases() -> list:
    bad_numbers = ["0", "-1", "2.5", "x", "", "nan", "inf", HUGER, LONG, "1e100", "٣", "²", "１０"]
    cases = []
    option_specs = [
        (["score", "Rd 3c", "--declare"], {"4", "1/2", "7"}),
        (["solve", "--dealer-stands"], {"5", "5.5", "1/2", "2.5"}),
        (["simulate", "--rounds", "1000", "--no-progress", "--no-exact", "--seed"], {"0", "1"}),
        (["simulate", "--no-progress", "--no-exact", "--rounds"], {"1000"}),
        (["simulate", "--rounds", "1000", "--no-progress", "--no-exact", "--chunk"], {"1000"}),
        (["simulate", "--rounds", "1000", "--no-progress", "--no-exact", "--level"], {"0.95"}),
        (["simulate", "--rounds", "1000", "--no-progress", "--no-exact", "--dealer-stands"], {"5", "2.5"}),
        (["simulate", "--rounds", "1000", "--no-progress", "--no-exact", "--player-stands"], {"5", "2.5"}),
        (["play", "--rounds", "1", "--bots"], set()),
        (["play", "--rounds", "1", "--bankroll"], {"0"}),  # a table of empty purses: the game is over at once
        (["play", "--rounds", "1", "--min-stake"], set()),
        (["play", "--rounds", "1", "--max-stake"], set()),
        (["play", "--bots", "1", "--rounds"], {"1e100"}),  # a cap on the rounds: play until you quit
        (["play", "--bots", "1", "--rounds", "1", "--seed"], {"0"}),
        (["trentuno", "play", "--lives"], set()),
        (["trentuno", "play", "--bots"], set()),
        (["trentuno", "play", "--seed"], {"0"}),
        (["quattro", "play", "--target"], set()),
        (["quattro", "play", "--bots"], set()),
        (["quattro", "play", "--seed"], {"0"}),
        (["quattro", "score", "3c Rd", "--matta"], {"4", "1/2"}),
    ]
    for prefix, good in option_specs:
        for v in bad_numbers:
            interactive = prefix[0] in ("play", "trentuno", "quattro") and "score" not in prefix
            accept = v in good
            cases.append(C(prefix + [v], accept=accept, stdin="q\n" if interactive else None))
    words = ["", " ", "x" * 5000, "zz", "8 di coppe", "7c 7c", "7c " + "y" * 200, "٧c", "ſo", "7♥ K♦"]
    for w in words:
        cases.append(C(["score", w], accept=w == "7♥ K♦"))
        cases.append(C(["odds", w], accept=w in ("7♥ K♦", "", " ")))  # no cards: the odds of the first card
        cases.append(C(["trentuno", "score", w], accept=w == "7♥ K♦"))
        cases.append(C(["quattro", "score", w], accept=w == "7♥ K♦"))
    for face in ["", " ", "german", "x" * 5000, "FRENCH"]:
        cases.append(C(["score", "7c", "--face", face]))
        cases.append(C(["odds", "7c", "--face", face]))
        cases.append(C(["trentuno", "score", "Ac", "--face", face]))
    for preset in ["", "german", "x" * 5000, "Italian"]:
        cases.append(C(["score", "7c", "--preset", preset]))
        cases.append(C(["solve", "--preset", preset]))
        cases.append(C(["simulate", "--rounds", "10", "--no-progress", "--preset", preset]))
    for name in ["Bot 1", " ", "A\x1b[2J", "x" * 200]:
        cases.append(C(["play", "--name", name], stdin="q\n"))
        cases.append(C(["trentuno", "play", "--name", name], stdin="q\n"))
        cases.append(C(["quattro", "play", "--name", name], stdin="q\n"))
    cases += [
        C(["odds", "7c", "--seen", "7c"]), C(["odds", "7c", "--seen", "zz"]),
        C(["odds", "7c", "--seen", "Re di denari, " * 400]),
        C(["solve", "--dealer-stands", "5", "--dealer-sees-player"]),
        C(["trentuno", "odds", "Ac 2c"]), C(["trentuno", "odds", "Ac 2c 3c", "--discard", "Ac"]),
        C(["trentuno", "odds", "Ac 2c 3c", "--seen", "Ac"]), C(["trentuno", "play", "--first-round-31", "x"]),
        C(["quattro", "odds", "6c", "--seen", "6c"]), C(["quattro", "play", "--bot", "x"]),
        C(["quattro", "score", "Fc 6c", "--matta", "1"]),
        C([]), C(["fly"]), C(["trentuno"]), C(["quattro"]), C(["build-site"]),
        C(["build-site", "/tmp/sk-adversarial-never-built", "--dir", "/nonexistent/folder"]),
        C(["build-site", "/tmp/sk-adversarial-never-built", "--title", "T" * 5000]),
        C(["build-site", "/tmp/sk-adversarial-never-built", "--title", "A\x1b[2J"]),
        # accepted, and rightly
        C(["score", "7c"], accept=True), C(["score", "Rd 3c", "--declare", "4"], accept=True),
        C(["odds", "7c", "--float", "--float"], accept=True),
        C(["simulate", "--rounds", "1000", "--seed", "1", "--no-progress", "--chunk", "1e9"], accept=True),
        C(["trentuno", "score", "Ac Rc Fc"], accept=True), C(["quattro", "score", "4c Ac"], accept=True),
        C(["trentuno", "odds", "Ac 5c Rs", "--discard", "Rc"], accept=True),
        # the prompts (one reader for the numbers typed there): the game's own message, never a traceback
        C(PLAY, accept=True, stdin="²\nq\n", phrase="I do not know"),
        C(PLAY, accept=True, stdin="stake ²\nq\n", phrase="Give a whole amount"),
        C(PLAY, accept=True, stdin="split ³\nq\n", phrase="Give a whole amount"),
        C(PLAY, accept=True, stdin="stake ٣\nq\n", phrase="Give a whole amount"),
        C(PLAY, accept=True, stdin="５\nq\n", phrase="I do not know"),
        C(PLAY, accept=True, stdin="stake " + LONG + "\nq\n", phrase="Give a whole amount"),
        C(PLAY, accept=True, stdin="x" * 1_000_000 + "\nq\n", phrase="I do not know"),
        C(PLAY, accept=True, stdin="declare ٤\nq\n"),
        C(PLAY, accept=True, stdin="stake -1\nq\n", phrase="Not allowed"),
        C(PLAY, accept=True, stdin="stake 99999\nq\n", phrase="Not allowed"),
        C(PLAY, accept=True, stdin="\x00\x1b[2J\nq\n"),
        C(PLAY, accept=True, stdin=""),
        C(TPLAY, accept=True, stdin="s\n²\nq\n", phrase="Sorry"),
        C(TPLAY, accept=True, stdin="s\n٣\nq\n", phrase="Sorry"),
        C(TPLAY, accept=True, stdin="s\n99\nq\n", phrase="no card number"),
        C(TPLAY, accept=True, stdin="s\n" + "x" * 1_000_000 + "\nq\n", phrase="Sorry"),
        C(TPLAY, accept=True, stdin="k\nq\n"),
        C(TPLAY, accept=True, stdin="zz\nq\n", phrase="Sorry"),
        C(QPLAY, accept=True, stdin="²\nq\n", phrase="Not now"),
        C(QPLAY, accept=True, stdin="x" * 1_000_000 + "\nq\n", phrase="Not now"),
        C(QPLAY, accept=True, stdin="s\ns\ns\nq\n"),
    ]
    for i, c in enumerate(cases):
        c["id"] = i
        c["surface"] = "cli " + (c["argv"][0] if c["argv"] else "(none)")
    return cases


def _cli_env() -> dict:
    env = dict(os.environ)
    closed = "http://127.0.0.1:9"  # no network: every proxy points at a closed local port
    env.update(HTTP_PROXY=closed, HTTPS_PROXY=closed, http_proxy=closed, https_proxy=closed, NO_PROXY="",
               PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""), SETTE_KIT_LANG="en")
    return env


def run_cli_case(case: dict, env: dict) -> dict:
    started = time.monotonic()
    p = subprocess.Popen([sys.executable, "-m", "sette_kit", *case["argv"]], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True,
                         cwd="/tmp")
    try:
        out, err = p.communicate((case["stdin"] or "").encode(), timeout=LIMIT_S)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)  # the whole group
        p.communicate()
        return {"cls": "hang", "detail": f"still running after {LIMIT_S:.0f} s (killed by process group)",
                "seconds": LIMIT_S}
    out, err = out.decode(errors="replace"), err.decode(errors="replace")
    rc = p.returncode
    seconds = round(time.monotonic() - started, 2)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    if "Traceback" in err or "Traceback" in out:
        return {"cls": "raw", "detail": f"rc={rc}, traceback: {(lines or [''])[-1][:150]}", "seconds": seconds}
    if case["accept"]:
        if rc not in (0, 130):
            return {"cls": "raw", "detail": f"refused an input it should accept: rc={rc} {(lines or [''])[-1][:150]}",
                    "seconds": seconds}
        if case["phrase"] and case["phrase"] not in out:
            return {"cls": "silent", "detail": f"rc={rc}, {case['phrase']!r} not in the output", "seconds": seconds}
        return {"cls": "ok", "detail": f"rc={rc}", "seconds": seconds}
    if rc in (0, 130):
        return {"cls": "silent", "detail": f"rc={rc}: accepted; stdout: {out[:120]!r}", "seconds": seconds}
    if len(lines) == 1 and len(lines[0]) < MAX_MESSAGE:
        return {"cls": "clear", "detail": f"rc={rc}: {lines[0][:160]}", "seconds": seconds}
    return {"cls": "raw", "detail": f"rc={rc}, {len(lines)} lines on stderr: {(lines or [''])[-1][:150]}",
            "seconds": seconds}


def run_cli(jobs: int) -> tuple:
    from concurrent.futures import ThreadPoolExecutor

    cases, env = cli_cases(), _cli_env()
    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda c: run_cli_case(c, env), cases))
    return cases, results


# -- the saved games -------------------------------------------------------------------------------

def _bot_step(t: Table) -> None:
    from sette_kit.game import _bot_choice

    seat = t.to_act
    name, params = _bot_choice(seat, t.bots[seat](t.view(seat)))
    t.act(name, **params)


def table_in(phase: str, rules="italian", seed=7, rounds=15, players=("Ada", "Bo", "Cy")) -> str:
    t = Table(rules, list(players), seed=seed, bots="all")
    for _ in range(rounds):
        t.play_round()
    if phase == "settled":
        return t.to_json()
    t.new_round()
    while t.phase != phase:
        _bot_step(t)
        if not t.in_progress:
            t.new_round()
    return t.to_json()


def table_bases() -> dict:
    allopt = Rules.preset("italian").replace(triple=True, burn_three_four=True, exchange_four=True,
                                             half_point_ace=True, face_down_requests=True, split_figures=True)
    t = Table("italian", ["A", "B"], seed=1, banker=0, deck="3c 5d Rd")
    t.new_round()
    t.stake(1)
    t.hit()
    t.declare(4)
    declared = t.to_json()
    return {
        "ready": Table("plain", ["Ada", "Bo", "Cy"], seed=1).to_json(),
        "stake": table_in("stake"), "players": table_in("players"), "bank": table_in("bank", "plain", seed=3),
        "settled": table_in("settled"), "declared": declared,
        "options": table_in("players", allopt, seed=11, rounds=4, players=("Ada", "Bo", "Cy", "Di")),
        "before-deal": table_in("stake", Rules.preset("spanish").replace(stake_timing="before_deal"), seed=5,
                                rounds=3),
    }


def _to_act(d):
    return d["order"][d["pos"]] if d["phase"] in ("stake", "players") and d["order"] else d["banker"]


def _player(d):
    return d["order"][0] if d["order"] else (d["banker"] + 1) % len(d["names"])


def _swap_money(d, seat, value):
    other = (seat + 1) % len(d["bankrolls"])
    d["bankrolls"][other] += d["bankrolls"][seat] - value
    d["bankrolls"][seat] = value


def _consistent_money(d):  # undetectable: the money the game started with, and one bankroll, raised together
    d["money"] += 1000
    d["bankrolls"][0] += 1000
    if d["start"]:
        d["start"]["bankrolls"][0] += 1000


TABLE_EDITS = {  # name -> (edit, accepted): True, a consistent edit no check can see; False, to be refused;
    # None, either (accepted only where the current round does not depend on the value edited);
    # a dict: by base, "*" for the others.  These are the expected acceptances, listed.
    "bankroll-negative": (lambda d: _swap_money(d, _player(d), -50), False),
    "bankroll-plus-1": (_e(["bankrolls", 0], lambda b: b + 1), False),
    "money-and-bankrolls-0": (lambda d: d.update(money=0, bankrolls=[0] * len(d["names"])),
                              {"ready": True, "*": False}),  # Table(bankrolls=0) starts so
    "money-consistent": (_consistent_money, True),
    "stake-0": (lambda d: d["hands"][_player(d)][0].update(stake=0) if d["hands"][_player(d)] else
                d.update(pos=99), False),
    "stake-10": (lambda d: d["hands"][_player(d)][0].update(stake=10) if d["hands"][_player(d)] else
                 d.update(pos=99), False),
    "phase-bank": (_e(["phase"], "bank"), False),
    "phase-players": (_e(["phase"], "players"), False),
    "phase-settled": (_e(["phase"], "settled"), False),
    "status-bust": (lambda d: [h.update(status="bust") for hs in d["hands"] for h in hs][:1] or d.update(pos=99),
                    False),
    "status-stood": (lambda d: [h.update(status="stood") for hs in d["hands"] for h in hs
                                if h["status"] == "playing"][:1] or d.update(pos=99), False),
    "result-open": (lambda d: [h.update(result=10 ** 14) for hs in d["hands"] for h in hs][:1] or
                    d.update(pos=99), False),
    "result-999": (lambda d: [h.update(result=999) for hs in d["hands"] for h in hs][:1] or d.update(pos=99),
                   False),
    "declare-4": (lambda d: [h.update(declare="4") for hs in d["hands"] for h in hs][:1] or d.update(pos=99),
                  False),
    "half-ace": (lambda d: [h.update(half_ace=True) for hs in d["hands"] for h in hs][:1] or d.update(pos=99),
                 False),
    "extra-empty-hand": (lambda d: d["hands"][_player(d)].append(
        {"cards": [], "hidden": [], "stake": 1, "status": "playing", "declare": None, "half_ace": False,
         "dealt": True, "exchanged": False, "result": None}), False),
    "bank-hand-emptied": (lambda d: (d["stock"].extend(d["hands"][d["banker"]][0]["cards"]),
                                     d["hands"][d["banker"]][0].update(cards=[], hidden=[]))
                          if d["hands"][d["banker"]] else d.update(pos=99), False),
    "player-hand-emptied": (lambda d: (d["stock"].extend(d["hands"][_player(d)][0]["cards"]),
                                       d["hands"][_player(d)][0].update(cards=[], hidden=[]))
                            if d["hands"][_player(d)] else d.update(pos=99), False),
    "card-into-hand": (lambda d: (d["hands"][_player(d)][0]["cards"].append(d["stock"].pop()),
                                  d["hands"][_player(d)][0]["hidden"].append(False))
                       if d["hands"][_player(d)] else d.update(pos=99), False),
    "stock-reordered": (lambda d: d["stock"].reverse(), {"ready": True, "*": False}),  # deck= scripts any order
    "matta-removed": (lambda d: d["rules"].update(matta=None, matta_sette_payout=1, matta_whole_only=False),
                      {"declared": False, "*": None}),  # refused where the round used the matta
    "reale-payout-10": (_e(["rules", "reale_payout"], 10), None),
    "rules-empty": (lambda d: d.update(rules={}), None),
    "rules-unknown": (_e(["rules", "wild"], True), False),
    "name-renamed": (_e(["names", 1], "Mallory"), None),
    "name-html": (_e(["names", 1], "<img src=x onerror=alert(1)>"), None),
    "name-control": (_e(["names", 1], "Bo\x1b[2J"), False),
    "old-event-text": (lambda d: d["events"][0].__setitem__(3, "Ada wins 1000.") if d["round_start"] else
                       d.update(round_start=10 ** 5), None),
    "event-escape": (lambda d: d["events"][-1].__setitem__(3, "\x1b[2J\x1b[31mYOU WIN"), False),
    "event-paid-appended": (lambda d: d["events"].append(["paid", 1, {"amount": 1000}, "Bo is paid 1000.",
                                                          d["round"], False]), False),
    "round-consistent": (lambda d: (d.update(round=d["round"] + 10 ** 6),
                                    d["events"][d["round_start"]].__setitem__(4, d["round"] + 10 ** 6))
                         if d["round"] else d.update(round=-1), False),
    "banker-2": (_e(["banker"], 2), {"ready": None, "*": False}),
    "bot-seats": (_e(["bot_seats"], [1]), True),
    "max-stake": (_e(["max_stake"], 10 ** 12), None),  # other limits, the same round: nothing to tell them by
    "min-stake": (_e(["min_stake"], 2), None),
    "format-1": (lambda d: (d.update(format="sette-kit/table/1"), d.pop("money"), d.pop("dropped")), False),
    "format-2": (_e(["format"], "sette-kit/table/2"), False),
    "start-removed": (_e(["start"], None), {"ready": True, "*": False}),
    "start-bankroll": (lambda d: d["start"]["bankrolls"].__setitem__(0, d["start"]["bankrolls"][0] + 5)
                       if d["start"] else d.update(start={"x": 1}), False),
    "start-stock-reversed": (lambda d: d["start"]["stock"].reverse() if d["start"] else d.update(start={"x": 1}),
                             False),
    "actions-appended": (lambda d: d["actions"].append(["stand", None, None]), False),
    "actions-removed": (lambda d: d["actions"].pop() if d["actions"] else d["actions"].append(["hit", None, None]),
                        False),
    "actions-reversed": (lambda d: d["actions"].reverse() if len(d["actions"]) > 1 else
                         d["actions"].append(["fly", None, None]), False),
    "actions-25000-declares": (lambda d: d["actions"].extend([["declare", None, "4"]] * 25000), False),
    "rng-position": (_e(["rng", 1, 624], 9999), False),
    "rng-zeroed": (lambda d: d["rng"][1].__setitem__(slice(0, 624), [0] * 624), {"ready": None, "*": False}),
    "padding": (None, True),
    "hidden-flags": (lambda d: [h.update(hidden=[False] * len(h["cards"])) for hs in d["hands"] for h in hs][:1] or
                     d.update(pos=99), False),
    "pos-advanced": (lambda d: d.update(pos=d["pos"] + 1), False),
    "hidx": (_e(["hidx"], 1), False),
    "ran-out": (lambda d: d.update(ran_out=not d["ran_out"]), False),
    "dropped": (lambda d: d.update(dropped=d["dropped"] + 1), None),
}


def save_cases() -> list:
    cases = []
    for base_name, text in table_bases().items():
        for name, (edit, accepted) in TABLE_EDITS.items():
            if isinstance(accepted, dict):
                accepted = accepted.get(base_name, accepted["*"])
            cases.append({"surface": "saves table", "engine": "table", "base": base_name, "edit": name,
                          "text": text, "accept": accepted})
    for name, edit, accepted in QUATTRO_EDITS:  # noqa: B007
        for base_name, text in quattro_bases().items():
            cases.append({"surface": "saves quattro", "engine": "quattro", "base": base_name, "edit": name,
                          "text": text, "accept": accepted})
    for name, edit, accepted in TRENTUNO_EDITS:
        for base_name, text in trentuno_bases().items():
            cases.append({"surface": "saves trentuno", "engine": "trentuno", "base": base_name, "edit": name,
                          "text": text, "accept": accepted})
    for i, c in enumerate(cases):
        c["id"] = i
    return cases


def quattro_bases() -> dict:
    g = QuattroGame(["Ada", "Bo", "Cy", "Di"], seed=4, bots="all")
    mid = None
    while not any(g.points):
        g.play_hand()
    over = g.to_json()
    g.act("next_hand")
    for _ in range(2):
        choice = g.bots[g.to_act](g.view(g.to_act))
        g.act(choice[0] if isinstance(choice, tuple) else choice)
    mid = g.to_json()
    return {"hand_over": over, "play": mid}


QUATTRO_EDITS = [
    ("points-plus-10", lambda d: d["points"].__setitem__(0, d["points"][0] + 10), False),
    ("points-moved", lambda d: d.update(points=d["points"][1:] + d["points"][:1]), False),
    ("award-forged", lambda d: (d["awards"].insert(0, [1, 0, 5]), d["points"].__setitem__(0, d["points"][0] + 5),
                                d["start"]["points"].__setitem__(0, d["start"]["points"][0] + 5)), False),
    ("awards-and-points-consistent", lambda d: (d["awards"].__setitem__(0, [d["awards"][0][0], d["awards"][0][1], 5]),
                                                d["points"].__setitem__(d["awards"][0][1], d["points"][
                                                    d["awards"][0][1]] - d["awards"][0][2] + 5)), False),
    ("status-bust", lambda d: d["status"].__setitem__(0, "bust"), False),
    ("status-stood", lambda d: d["status"].__setitem__(1, "stood"), False),
    ("ds-true", lambda d: d["ds"].__setitem__(0, True), False),
    ("shown-true", lambda d: d["shown"].__setitem__(0, True), False),
    ("phase-game-over", lambda d: d.update(phase="game_over"), False),
    ("phase-play", lambda d: d.update(phase="play"), False),
    ("winners", lambda d: d.update(winners=[0]), False),
    ("dealer-moved", lambda d: d.update(dealer=(d["dealer"] + 1) % 4), False),
    ("hand-card-from-deck", lambda d: d["hands"][0].append(d["deck"].pop()), False),
    ("deck-reversed", lambda d: d["deck"].reverse(), False),
    ("actions-appended", lambda d: d["actions"].append("draw"), False),
    ("actions-cleared", lambda d: d.update(actions=[]) if d["actions"] else d["actions"].append("stand"), False),
    ("start-points", lambda d: d["start"]["points"].__setitem__(0, 7), False),
    ("start-deck", lambda d: d["start"].update(deck=None, dealt=None, fresh_deck=True), None),  # a fresh deck: the old one is no matter
    ("events-tripled", lambda d: d.update(events=d["events"] * 3), False),
    ("format-1", lambda d: d.update(format="sette-kit/quattro/1"), False),
    ("name-renamed", lambda d: d["names"].__setitem__(1, "Mallory"), None),
    ("target-lowered", lambda d: d["rules"].update(target=1), False),
    ("rng-position", lambda d: d["rng"][1].__setitem__(624, 9999), False),
    ("hand-number", lambda d: d.update(hand_number=d["hand_number"] + 5), False),
    ("pos", lambda d: d.update(pos=(d["pos"] + 1) % 4), False),
]


def trentuno_bases() -> dict:
    return {"mid": trentuno_mid_game().to_json()}


TRENTUNO_EDITS = [
    ("pot", lambda d: d["state"].update(pot=d["state"]["pot"] + 1), False),
    ("lives", lambda d: d["state"]["lives"].__setitem__(0, 9), False),
    ("action-unknown", lambda d: d["actions"][0].__setitem__(0, "fly"), False),
    ("action-card", lambda d: d["actions"].__setitem__(1, ["discard", 39]), False),
    ("action-illegal", lambda d: d["actions"].__setitem__(0, ["knock", None]), False),
    ("action-appended", lambda d: d["actions"].append(["next_hand", None]), False),
    ("actions-reversed", lambda d: d["actions"].reverse(), False),
    ("seed", lambda d: d.update(seed=d["seed"] + 1), False),
    ("seed-text", lambda d: d.update(seed="5"), False),
    ("player-renamed", lambda d: d["players"].__setitem__(1, "Mallory"), None),
    ("player-duplicated", lambda d: d["players"].__setitem__(1, d["players"][0]), False),
    ("rules-lives", lambda d: d["rules"].update(lives=5), False),
    ("rules-unknown", lambda d: d["rules"].update(jokers=2), False),
    ("state-hands", lambda d: d["state"]["hands"][0].reverse(), False),
    ("state-rng", lambda d: d["state"].update(rng="0" * 16), False),
    ("version", lambda d: d.update(version=2), False),
    ("arranged", lambda d: d.update(arranged={"hands": 1}), False),
    ("format", lambda d: d.update(format="sette-kit/trentuno/2"), False),
    ("winner", lambda d: d["state"].update(winner=0), False),
    ("phase", lambda d: d["state"].update(phase="game_over"), False),
]


def _edited(case: dict) -> str:
    d = json.loads(case["text"])
    if case["engine"] == "table":
        edit = TABLE_EDITS[case["edit"]][0]
        if edit is None:  # padding: a save of the kit padded with spaces, under the size limit
            return case["text"] + " " * 1000
    else:
        edits = QUATTRO_EDITS if case["engine"] == "quattro" else TRENTUNO_EDITS
        edit = next(e for n, e, _ in edits if n == case["edit"])
    edit(d)
    return json.dumps(d)


def _play_on(engine: str, game) -> None:
    """15 rounds (hands) with bots at every seat; the invariants after each."""
    if engine == "table":
        game.attach_bots("all")
        money = sum(game.bankrolls)
        for _ in range(15):
            try:
                game.play_round()
            except IllegalMove as exc:  # nobody can cover the minimum stake: the game is over, rightly
                if "game is over" not in str(exc):
                    raise
                break
            game.check()
            assert sum(game.bankrolls) == money, "money not conserved"
            Table.from_json(game.to_json())
    elif engine == "quattro":
        game.attach_bots("all")
        for _ in range(15):
            if game.over:
                break
            game.play_hand()
            game.check()
            QuattroGame.from_json(game.to_json())
    else:
        game.set_bots({s: greedy for s in range(len(game.players))})
        for _ in range(15):
            if game.phase == "game_over":
                break
            if game.phase == "hand_over":
                game.act("next_hand")
            game.play_bots(max_actions=100_000)
            assert game.card_count() == 40
            TrentunoGame.from_json(game.to_json())


def save_worker(case: dict) -> dict:
    i18n.set_language("en")
    loader = {"table": Table, "quattro": QuattroGame, "trentuno": TrentunoGame}[case["engine"]]
    try:
        text = _edited(case)
    except Exception as exc:  # noqa: BLE001 - an edit that does not apply to this base
        return {"cls": "clear", "detail": f"(edit not applicable: {type(exc).__name__}) refused by construction"}
    if case.get("edit") != "padding" and json.loads(text) == json.loads(case["text"]):
        return {"cls": "ok", "detail": "the edit changes nothing in this save (the field already held that value)"}
    try:
        game = loader.from_json(text)
    except SetteKitError as exc:
        msg = str(exc)
        if case["accept"] is True:
            return {"cls": "raw", "detail": f"refused a save it should accept: {msg[:160]}"}
        if len(msg) > MAX_MESSAGE:
            return {"cls": "raw", "detail": f"a message of {len(msg):,} characters"}
        return {"cls": "clear", "detail": msg[:180]}
    except BaseException as exc:  # noqa: BLE001
        return {"cls": "raw", "detail": f"{type(exc).__name__}: {str(exc)[:150]}"}
    try:
        _play_on(case["engine"], game)
    except BaseException as exc:  # noqa: BLE001
        return {"cls": "poisoned", "detail": f"accepted, then in play: {type(exc).__name__}: {str(exc)[:150]}"}
    if case["accept"] is False:
        return {"cls": "silent", "detail": "accepted (and played on): an impossible or edited state"}
    return {"cls": "ok", "detail": "accepted (an edit nothing can check) and played on for 15 rounds"}


def run_saves(jobs: int) -> tuple:
    cases = save_cases()
    return cases, supervise(cases, save_worker, jobs)


# -- the report ------------------------------------------------------------------------------------

CLASSES = ("clear", "ok", "raw", "silent", "hang", "poisoned")


def _group(case: dict) -> str:
    s = case["surface"]
    if s.startswith("cli"):
        return "CLI"
    if s.startswith("saves"):
        return "saved games"
    return "widgets" if s == "widgets" else "library"


def report(all_cases: list, all_results: list) -> int:
    by_surface: dict = {}
    by_group: dict = {}
    for c, r in zip(all_cases, all_results):
        by_surface.setdefault(c["surface"], dict.fromkeys(CLASSES, 0))[r["cls"]] += 1
        by_group.setdefault(_group(c), dict.fromkeys(CLASSES, 0))[r["cls"]] += 1
    head = f"{'surface':<18}" + "".join(f"{k:>9}" for k in ("tried",) + CLASSES)
    print(head)
    print("-" * len(head))
    for table in (by_surface, by_group):
        for s, counts in sorted(table.items()):
            print(f"{s:<18}{sum(counts.values()):>9}" + "".join(f"{counts[k]:>9}" for k in CLASSES))
        print("-" * len(head))
    total = dict.fromkeys(CLASSES, 0)
    for counts in by_group.values():
        for k in CLASSES:
            total[k] += counts[k]
    n = sum(total.values())
    good = total["clear"] + total["ok"]
    print(f"{'all':<18}{n:>9}" + "".join(f"{total[k]:>9}" for k in CLASSES))
    print(f"\nclear or ok: {good} of {n} ({100 * good / n:.2f} %); silent {total['silent']}, hang {total['hang']}, "
          f"poisoned {total['poisoned']}, raw {total['raw']}")
    bad = [(c, r) for c, r in zip(all_cases, all_results) if r["cls"] not in ("clear", "ok")]
    if bad:
        print("\nEvery case that is not clear or ok:")
        for c, r in bad:
            what = c.get("code") or (" ".join(c["argv"])[:100] + (f" (stdin {c['stdin'][:30]!r})" if c.get("stdin")
                                                                  else "") if "argv" in c else
                                     f"{c['engine']} {c['base']}: {c['edit']}")
            print(f"  [{r['cls']}] {c['surface']} #{c['id']}: {what[:160]}\n      -> {r['detail'][:220]}")
    ok = good >= 0.99 * n and not (total["silent"] or total["hang"] or total["poisoned"])
    return 0 if ok else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("lib", "cli", "saves"), action="append")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    parts = args.only or ["lib", "cli", "saves"]
    cases, results = [], []
    started = time.monotonic()
    for part in parts:
        t0 = time.monotonic()
        c, r = {"lib": run_library, "cli": run_cli, "saves": run_saves}[part](args.jobs)
        print(f"{part}: {len(c)} cases in {time.monotonic() - t0:.0f} s", file=sys.stderr, flush=True)
        cases += c
        results += r
    print(f"sette-kit adversarial pass: {len(cases)} cases in {time.monotonic() - started:.0f} s "
          f"(limit {LIMIT_S:.0f} s a case, {args.jobs} at once)\n")
    return report(cases, results)


if __name__ == "__main__":
    raise SystemExit(main())
