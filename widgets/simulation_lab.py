"""``SimulationLab``: simulate many heads-up rounds and watch the estimate close in on the exact value.

Controls: the rules preset, the player's policy (``stand_at(x)`` thresholds, or the
optimal strategy of ``odds.solve``), the bank's policy (``stand_at(x)`` or the bank that
sees the player's total), the number of rounds (1,000 to 10,000,000) and the seed.
"Run" plays the rounds of :func:`sette_kit.simulate.run` chunk by chunk as background
work, so the page never freezes: in a thread of the kernel where threads exist, else
(Pyodide in a browser) as steps on the kernel's event loop, one chunk per step
(:class:`widgets._background.Job`).  A progress bar follows the rounds played and
"Cancel" stops the run at the next chunk.  ``run(wait=True)`` plays in the caller
instead (for tests and lessons).

When done it shows the estimate (the mean result per unit staked), its standard error
and 95% confidence interval, the exact value beside it (the optimal player:
``odds.solve(rules, dealer).ev``; a threshold player: ``odds.policy_ev(rules, player,
dealer)``), whether the exact value lies
inside the interval, the running mean with its confidence band and the exact line
(``charts.running_mean_checkpoints``) and the share of rounds ending with each result.

>>> lab = SimulationLab("plain", player="optimal", rounds=2000, seed=1)
>>> r = lab.run(wait=True)
>>> r.rounds, lab.progress.value == lab.progress.max
(2000, True)
>>> "Exact value" in lab.result_text and "95% confidence interval" in lab.result_text
True
>>> lab.set_rounds("12"); lab.message_text
'Rounds must be from 1,000 to 10,000,000 (you typed 12).'
"""

from __future__ import annotations

import threading
from fractions import Fraction
from functools import lru_cache

import ipywidgets

from sette_kit import accel, fmt, odds, simulate
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _, ngettext
from sette_kit._checks import MAX_SEED_BITS
from sette_kit.numbers import MAX_CHARS, read_whole, shown
from sette_kit.rules import Rules
from sette_kit.scoring import fmt_points
from sette_kit.strategy import BankSeesPlayer, StandAt, sees_player, stand_at
from sette_kit.rules import preset_label

from ._background import Job, cancel_run, job_done, job_done_async, show_failure
from .base import (KitWidget, button, esc, exact_html, html_panel, picked_preset, read_preset, safe_action,
                   text_of)
from .charts import thousands

__all__ = ["SimulationLab", "MIN_ROUNDS", "MAX_ROUNDS", "PRESETS", "THRESHOLDS"]

MIN_ROUNDS, MAX_ROUNDS = 1_000, 10_000_000
PRESETS = ("plain", "italian", "spanish")
THRESHOLDS = tuple(Fraction(h, 2) for h in range(2, 16))  # stand at 1 .. 7½
SEES = "sees"
OPTIMAL = "optimal"

COUNT_WORDS = {
    "win": N_("you won"), "lose": N_("you lost"), "push": N_("stake back (no payment)"),
    "bust": N_("you went bust (S10)"), "dealer_bust": N_("the bank went bust (S12)"),
    "reale": N_("you won with a reale (S5)"), "triple": N_("you won with a triplé (S6)"),
    "matta_sette": N_("you won with a matta 7½ (S14)"), "dealer_reale": N_("the bank's reale collected double (S15)"),
    "dealer_triple": N_("the bank made a triplé (S6)"),
}


def _range_words(lo: int, hi: int | None) -> str:
    return (_("from {lo} to {hi}").format(lo=thousands(lo), hi=thousands(hi)) if hi is not None
            else _("{lo} or more").format(lo=lo))


class _Cancelled(Exception):
    pass


@lru_cache(maxsize=64)
def _policy_ev(rules: Rules, player, dealer):
    """The exact value of two fixed policies (cached: recomputing is deterministic)."""
    return odds.policy_ev(rules, player, dealer)


@lru_cache(maxsize=32)
def _solution(rules: Rules, dealer):
    return odds.solve(rules, dealer=dealer)


def _threshold_of(policy, what: str):
    """A policy given to the constructor -> the dropdown's value."""
    if isinstance(policy, str) and policy == OPTIMAL and what == "player":
        return OPTIMAL
    if isinstance(policy, BankSeesPlayer) and what == "bank":
        return SEES
    if isinstance(policy, StandAt):
        return Fraction(policy.threshold_half_points, 2)
    try:
        return stand_at(policy).threshold if not isinstance(policy, (str, bool)) else None
    except (SetteKitError, TypeError, ValueError):
        return None


def _parse_whole(text, lo: int, hi: int | None, what: str) -> int:
    """A whole number typed in a box or passed by code, read by :func:`sette_kit.numbers.read_whole`
    (ASCII digits only, its size checked first; "100,000" and "100 000" are read)."""
    if isinstance(text, bool):
        raise SetteKitError(_("{what} must be a whole number").format(what=_(what)))
    raw = text
    if isinstance(text, str):
        if len(text) > 4 * MAX_CHARS or len(text.strip()) > MAX_CHARS:  # the size first
            raise SetteKitError(_("{what} must be a whole number {range} (you typed {text}, too long for "
                                  "a number).").format(what=_(what), range=_range_words(lo, hi), text=shown(text)))
        raw = text.strip().replace(",", "").replace("_", "").replace(" ", "")
    try:
        n = read_whole(raw, "the value", plain=True)
    except SetteKitError:
        n = None
    if n is None or (hi is None and n.bit_length() > MAX_SEED_BITS):  # a seed: as sette_kit._checks.read_seed
        raise SetteKitError(_("{what} must be a whole number {range} (you typed {text}).").format(
            what=_(what), range=_range_words(lo, hi), text=repr(raw) if isinstance(raw, str) else shown(raw)))
    if n < lo or (hi is not None and n > hi):
        raise SetteKitError(_("{what} must be {range} (you typed {text}).").format(
            what=_(what), range=_range_words(lo, hi), text=text if isinstance(text, str) else shown(text)))
    return n


def _num(x) -> str:
    return fmt.decimal(x, 4, sign=True)


def _policy_words(policy) -> str:
    """A player's or bank's plan in words: 'stands at 5', "sees the player's total"."""
    if isinstance(policy, BankSeesPlayer):
        return _("sees the player's total and draws until it reaches it")
    if isinstance(policy, StandAt):
        return _("stands at {points}").format(points=fmt_points(Fraction(policy.threshold_half_points, 2)))
    return str(policy)


class SimulationLab(KitWidget):
    """Monte Carlo estimate of the heads-up game's expected result, beside the exact value.

    Public actions: :meth:`run` (``wait=True`` for a synchronous run), :meth:`cancel`,
    :meth:`wait`, :meth:`set_preset`, :meth:`set_player`, :meth:`set_bank`,
    :meth:`set_rounds`, :meth:`set_seed`.
    """

    def __init__(self, rules: str = "plain", player=None, dealer=None, rounds: int = 100_000, seed: int = 1) -> None:
        super().__init__()
        read_preset(rules)
        p = _threshold_of(stand_at(5) if player is None else player, "player")
        d = _threshold_of(stand_at(5) if dealer is None else dealer, "bank")
        if p is None:
            raise SetteKitError(_("player={player}: accepted are 'optimal' or stand_at(x) with x from 1 to 7½").format(
                player=shown(player)))
        if d is None:
            raise SetteKitError(_("dealer={dealer}: accepted are stand_at(x) with x from 1 to 7½ or sees_player()").format(
                dealer=shown(dealer)))
        thresholds = sorted(set(THRESHOLDS) | {t for t in (p, d) if isinstance(t, Fraction)})
        self.preset_choice = ipywidgets.Dropdown(options=[(preset_label(p), p) for p in PRESETS], value=rules,
                                                 description=_("Rules:"))
        self.preset_choice.add_class("sk-sim-rules")
        self.player_choice = ipywidgets.Dropdown(
            options=[(_("optimal strategy"), OPTIMAL)]
            + [(_("stands at {points}").format(points=fmt_points(t)), t) for t in thresholds],
            value=p, description=_("Player:"))
        self.player_choice.add_class("sk-sim-player")
        self.bank_choice = ipywidgets.Dropdown(
            options=[(_("stands at {points}").format(points=fmt_points(t)), t) for t in thresholds]
            + [(_("sees the player's total"), SEES)],
            value=d, description=_("Bank:"))
        self.bank_choice.add_class("sk-sim-bank")
        self.rounds_box = ipywidgets.Text(value=str(_parse_whole(rounds, MIN_ROUNDS, MAX_ROUNDS, N_("Rounds"))),
                                          description=_("Rounds:"),
                                          placeholder=_("{lo} to {hi}").format(lo=thousands(MIN_ROUNDS),
                                                                               hi=thousands(MAX_ROUNDS)),
                                          continuous_update=False, layout=ipywidgets.Layout(width="16em"))
        self.rounds_box.add_class("sk-sim-rounds")
        self.rounds_box.style.description_width = "initial"  # room for the placeholder on a phone
        self.seed_box = ipywidgets.Text(value=str(_parse_whole(seed, 0, None, N_("The seed"))),
                                        description=_("Seed:"),
                                        continuous_update=False, layout=ipywidgets.Layout(width="12em"))
        self.seed_box.add_class("sk-sim-seed")
        self.rounds = int(self.rounds_box.value)
        self.seed = int(self.seed_box.value)
        self.rounds_box.observe(lambda ch: self._quietly(self.set_rounds, ch["new"]), names="value")
        self.seed_box.observe(lambda ch: self._quietly(self.set_seed, ch["new"]), names="value")
        self.preset_choice.observe(lambda ch: self._changed(), names="value")
        self.player_choice.observe(lambda ch: self._changed(), names="value")
        self.bank_choice.observe(lambda ch: self._changed(), names="value")
        self.run_button = button(_("Run"), self.run, tooltip=_("Play the rounds and compare with the exact value"),
                                 css="sk-run", style="primary")
        self.cancel_button = button(_("Cancel"), self.cancel, tooltip=_("Stop the simulation"), css="sk-cancel")
        self.cancel_button.disabled = True
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=self.rounds, description=_("Progress:"))
        self.progress.add_class("sk-progress")
        self.progress_label = html_panel("sk-progress-label")
        self.result_html = html_panel("sk-result")
        self.mean_chart = html_panel("sk-chart")
        self.hist_chart = html_panel("sk-chart")
        wrap = ipywidgets.Layout(flex_flow="row wrap", align_items="center")
        self._controls = [self.preset_choice, self.player_choice, self.bank_choice, self.rounds_box, self.seed_box]
        self.set_children([
            ipywidgets.HBox([self.preset_choice, self.player_choice, self.bank_choice], layout=wrap),
            ipywidgets.HBox([self.rounds_box, self.seed_box, self.run_button, self.cancel_button], layout=wrap),
            self.message,
            ipywidgets.HBox([self.progress, self.progress_label], layout=wrap),
            self.result_html, self.mean_chart, self.hist_chart,
        ])
        self.result = None
        self.exact = None
        self.status = "ready"  # "ready" | "running" | "done" | "cancelled" | "failed"
        self._job: Job | None = None
        self._cancel = threading.Event()
        self._syncing = False

    # -- settings -----------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.status == "running"

    result_text = text_of("result_html")

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.preset_choice.value)

    @property
    def player(self):
        v = self.player_choice.value
        return OPTIMAL if v == OPTIMAL else stand_at(v)

    @property
    def dealer(self):
        v = self.bank_choice.value
        return sees_player() if v == SEES else stand_at(v)

    def _changed(self) -> None:
        self.clear_message()

    def _check_idle(self) -> None:
        if self.running:
            raise SetteKitError(_("A simulation is running: wait for it or press Cancel first."))

    @safe_action
    def set_rounds(self, rounds) -> int:
        """How many rounds to play: a whole number from 1,000 to 10,000,000 ("100,000" is read)."""
        self._check_idle()
        n = _parse_whole(rounds, MIN_ROUNDS, MAX_ROUNDS, N_("Rounds"))
        self.rounds = n
        if self.rounds_box.value != str(rounds):
            self._set_quiet(self.rounds_box, str(rounds))
        return n

    @safe_action
    def set_seed(self, seed) -> int:
        """The seed: a whole number, 0 or more (the same seed plays the same rounds)."""
        self._check_idle()
        n = _parse_whole(seed, 0, None, N_("The seed"))
        self.seed = n
        if self.seed_box.value != str(seed):
            self._set_quiet(self.seed_box, str(seed))
        return n

    @safe_action
    def set_preset(self, name: str) -> str:
        """Choose the rules preset: 'plain', 'italian' or 'spanish'."""
        self._check_idle()
        picked_preset(name, PRESETS)
        self.preset_choice.value = name
        return name

    @safe_action
    def set_player(self, policy) -> str:
        """The player's policy: 'optimal' or a threshold x (stands at x), 1 to 7½."""
        self._check_idle()
        value = _threshold_of(policy, "player")
        if value is None or (value != OPTIMAL and value not in dict(self.player_choice.options).values()):
            raise SetteKitError(_("Unknown player policy {policy}: choose 'optimal' or stand at 1 to 7½.").format(
                policy=shown(policy)))
        self.player_choice.value = value
        return repr(self.player)

    @safe_action
    def set_bank(self, policy) -> str:
        """The bank's policy: a threshold x (stands at x), 1 to 7½, or 'sees' (sees_player())."""
        self._check_idle()
        value = SEES if policy == SEES else _threshold_of(policy, "bank")
        if value is None or value not in dict(self.bank_choice.options).values():
            raise SetteKitError(_("Unknown bank policy {policy}: choose stand at 1 to 7½ or 'sees'.").format(
                policy=shown(policy)))
        self.bank_choice.value = value
        return repr(self.dealer)

    # -- running ------------------------------------------------------------------------------
    @safe_action
    def run(self, wait: bool = False):
        """Play the rounds.  ``wait=False`` (the Run button): as background work, the
        progress bar moving, returns at once; ``wait=True``: here, returns the Result."""
        self._check_idle()
        rounds = _parse_whole(self.rounds_box.value, MIN_ROUNDS, MAX_ROUNDS, N_("Rounds"))
        seed = _parse_whole(self.seed_box.value, 0, None, N_("The seed"))
        self.rounds, self.seed = rounds, seed
        job = (self.rules, self.player, self.dealer, rounds, seed)
        self._start()
        steps = self._steps(*job)
        if wait:
            for unused in steps:
                pass
            if self.status == "failed":
                return None
            return self.result
        self._job = Job(steps, name="sette-kit-simulation").start()
        return None

    @safe_action
    def cancel(self) -> bool:
        """Stop a running simulation at the next chunk of rounds."""
        return cancel_run(self.running, self._cancel)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a background run to finish; True if it has.  (On a running event
        loop, without threads, use ``await lab.wait_async()``.)"""
        return job_done(self._job, timeout)

    async def wait_async(self, timeout: float | None = None) -> bool:
        """``await`` the end of a background run (whatever runs it)."""
        return await job_done_async(self._job, timeout)

    def _start(self) -> None:
        self.status = "running"
        self._cancel.clear()
        self.result = None
        self.exact = None
        self.progress.max = self.rounds
        self.progress.value = 0
        self.progress.bar_style = ""
        self.progress_label.value = esc(_("{done} / {total} rounds").format(done=0, total=thousands(self.rounds)))
        self.result_html.value = '<p class="sk-running" role="status">' + esc(_("Running…")) + '</p>'
        self.mean_chart.value = self.hist_chart.value = ""
        self.run_button.disabled = True
        self.cancel_button.disabled = False
        for c in self._controls:
            c.disabled = True

    def _finish(self, status: str) -> None:
        self.status = status
        self.run_button.disabled = False
        self.cancel_button.disabled = True
        for c in self._controls:
            c.disabled = False

    def _tick(self, done: int, total: int) -> None:
        self.progress.value = done
        self.progress_label.value = esc(_("{done} / {total} rounds").format(done=thousands(done),
                                                                            total=thousands(total)))
        if self._cancel.is_set():
            raise _Cancelled

    def _chunk(self, rounds: int) -> int:
        # about 40 progress updates, never fewer rounds at once than one random block; on
        # the pure path (no numpy) one block at a time: a step of well under a second
        if accel.path() == "pure":
            return simulate.BLOCK
        return max(simulate.BLOCK, -(-rounds // 40))

    def _steps(self, rules, player, dealer, rounds, seed):
        """The run as steps: solve (or the exact value), then one step per chunk of
        rounds (progress shown after each), then the result and its charts."""
        try:
            if player == OPTIMAL:
                sol = _solution(rules, dealer)
                if not sol.key_is_sufficient:
                    raise SetteKitError(_("Under these rules the optimal play depends on more than the cards' "
                                          "values, so it cannot be simulated here; choose a threshold player."))
                player, exact = sol, sol.ev
            else:
                exact = _policy_ev(rules, player, dealer)
            yield
            sim = simulate._stepped(rules, player, dealer, rounds, seed, self._chunk(rounds))
            for done in sim:
                self._tick(done, rounds)
                yield
            result = sim.result(rules, player, dealer)
            self.result, self.exact = result, exact
            self._show(result, exact)
            self.progress.bar_style = "success"
            self._finish("done")
        except _Cancelled:
            self.progress.bar_style = "warning"
            said = ngettext("Cancelled after {done} of {total} round: nothing to show.",
                            "Cancelled after {done} of {total} rounds: nothing to show.", rounds).format(
                done=thousands(self.progress.value), total=thousands(rounds))
            self.result_html.value = f'<p class="sk-cancelled" role="status">{esc(said)}</p>'
            self._finish("cancelled")
        except Exception as exc:  # noqa: BLE001 - never a traceback for the learner
            self.result_html.value = ""
            show_failure(self, exc, "SimulationLab run")
            self._finish("failed")

    def _show(self, r, exact) -> None:
        from . import charts

        lo, hi = r.ci(0.95)
        optimal = hasattr(r.player, "ev")
        who = _("plays the optimal strategy") if optimal else _policy_words(r.player)
        setup = ngettext("{rounds} round of the {rules} rules; the player {who}, the bank {bank}; seed {seed}.",
                         "{rounds} rounds of the {rules} rules; the player {who}, the bank {bank}; seed {seed}.",
                         r.rounds).format(rounds=thousands(r.rounds), rules=preset_label(r.rules.name), who=who,
                                          bank=_policy_words(r.dealer), seed=r.seed)
        lines = [f'<p class="sk-sim-setup">{esc(setup)}</p>',
                 '<ul class="sk-sim-numbers">',
                 "<li>" + _("Estimate (mean result per unit staked): <b>{value}</b>").format(value=_num(r.mean))
                 + "</li>",
                 "<li>" + esc(_("Standard error: {value}").format(value=fmt.decimal(r.stderr, 4))) + "</li>",
                 "<li>" + esc(_("95% confidence interval: {low} to {high}").format(low=_num(lo), high=_num(hi)))
                 + "</li>"]
        if exact is not None:
            inside = lo <= float(exact) <= hi
            source = (_("the optimal strategy, worked out exactly as in lesson 6") if optimal
                      else _("these two plans, worked out exactly"))
            lines.append("<li>" + _("Exact value ({source}): <b>{value}</b>").format(source=esc(source),
                                                                                     value=_num(exact))
                         + f"{exact_html(exact)}</li>")
            verdict = (_("The exact value is <b>inside</b> the 95% confidence interval.") if inside
                       else _("The exact value is <b>outside</b> the 95% confidence interval (this happens in about "
                              "1 run in 20)."))
            lines.append(f'<li class="sk-sim-verdict">{verdict}</li>')
        lines.append("</ul>")
        counts = "".join(f"<li>{esc(_(COUNT_WORDS[k]))}: {thousands(n)} ({fmt.percent(n / r.rounds)})</li>"
                         for k, n in r.counts.items() if n or k in ("win", "lose", "push"))
        lines.append('<details class="sk-sim-counts"><summary>' + esc(_("Outcome counts")) + f'</summary>'
                     f'<ul>{counts}</ul></details>')
        self.result_html.value = "".join(lines)
        self.mean_chart.value = charts.running_mean_checkpoints(
            r.checkpoints, exact=exact, title=_("Running mean of your result"),
            ylabel=_("mean result per unit staked")).html
        shares = {f"{v:+d}" if v else "0": Fraction(n, r.rounds) for v, n in sorted(r.payouts.items())}
        self.hist_chart.value = charts.distribution_bar(
            shares, title=_("Share of rounds by result"), xlabel=_("result per unit staked"),
            ylabel=_("share of rounds")).html
