"""``BankrollLab``: a bankroll against the bank - variance, paths and the chance of ruin.

The learner sets a bankroll, a target, a flat stake or a staking plan by first card (S9),
the player's strategy (optimal, or stands at a threshold) and the bank's.  Every number
comes from :mod:`sette_kit.risk`:

- the exact law of one round (``risk.round_result``): its mean and standard deviation;
- the exact chance of ruin before the target (``risk.ruin_probability``: a Markov chain
  on the bankroll, error below 1e-12) and the mean number of rounds;
- many seeded bankroll paths (``risk.bankroll_paths``, how each ended:
  ``risk.path_ends``) drawn as thin lines, a ruined, a winning and an unfinished one
  highlighted (:func:`widgets.charts.paths_chart`);
- a simulation of the ruin probability with its standard error
  (``risk.simulate_ruin_stepped``: the same answer as ``risk.simulate_ruin``, played a
  slice at a time with a progress bar and Cancel);
- volatility against edge: the chance of ruin for flat stakes 1 ... 50 with the same
  player (``risk.at_stake``, the table of ``risk.ruin_by_stake``).

Work that can take a while (solving the game, the chain for a large target, many paths)
runs in the background in steps (:class:`widgets._labs_common.Stepped`; a thread, or steps
on the kernel's event loop where threads cannot start), the newest settings winning;
``background=False`` does it at once (tests, scripts).  Inputs have bounds that keep
every step short; a value out of bounds gets a message naming the bounds and changes
nothing.

>>> lab = BankrollLab("plain", bankroll=100, target=200, stake=10, paths=20, rounds=100, background=False)
>>> f"{lab.ruin.probability:.4f}", len(lab.paths), lab.paths[0][0]
('0.9646', 20, 100)
>>> r = lab.simulate(paths=400, wait=True)
>>> abs(r.estimate - lab.ruin.probability) < 4 * r.stderr
True
>>> lab.set_target(50); lab.message_text
'The target must be from 101 to 1,000 (you typed 50).'
"""

from __future__ import annotations

import threading

import ipywidgets

from sette_kit import fmt, odds, risk
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _, ngettext
from sette_kit.rules import PRESETS, Rules
from sette_kit.scoring import fmt_points
from sette_kit.strategy_text import policy
from sette_kit.fmt import local_marks
from sette_kit.rules import preset_label

from ._background import Job, cancel_run, job_done, job_done_async, show_failure
from ._labs_common import MAX_SEED, Stepped, lab_look, live, table_html, whole
from .base import (KitWidget, button, esc, html_panel, picked_preset, read_parts, read_preset, safe_action,
                   text_of)
from .charts import NARROW, caption_text, pair_html, paths_chart, share_bar, thousands
from sette_kit.numbers import shown

__all__ = ["BankrollLab", "LIMITS", "BANKS", "PLAYERS", "PARTS", "VOLATILITY_STAKES"]

LIMITS = {"bankroll": (1, 999), "target": (2, 1000), "stake": (1, 50), "paths": (1, 100), "rounds": (10, 1000),
          "sim_paths": (100, 20_000)}
"""The bounds of the inputs (the target is also more than the bankroll): they keep the
exact chain and every drawing to a short step, also in a browser without threads."""
BANKS = ("4", "4½", "5", "5½", "6", "6½", "sees")
PLAYERS = ("optimal", "4", "4½", "5", "5½", "6", "6½")
PARTS = ("exact", "paths", "simulation", "volatility")
VOLATILITY_STAKES = (1, 2, 5, 10, 20, 50)
FLAT, PLAN = "flat", "plan"

_ROUNDS: dict = {}
_ROUNDS_LOCK = threading.Lock()


def _round(rules: Rules, bank: str, player: str, plan) -> risk.RoundResult:
    """The law of one round (stake 1, or the best plan for ``plan = (min, max)``), remembered."""
    key = (rules, bank, player, plan)
    got = _ROUNDS.get(key)
    if got is None:
        who = None if player == "optimal" else policy(player)
        got = risk.round_result(rules, dealer=policy(bank), player=who, plan=plan)
        with _ROUNDS_LOCK:
            got = _ROUNDS.setdefault(key, got)
    return got


def _bank_words(bank: str) -> str:
    return _("sees your total") if bank == "sees" else _("stands at {points}").format(points=bank)


def _player_words(player: str) -> str:
    return _("play the optimal strategy") if player == "optimal" else _("stand at {points}").format(points=player)


def _name(x) -> str:
    """A menu name ('5', '4½', 'sees', 'optimal') from what a caller may give."""
    if isinstance(x, str) and x.strip() in ("sees", "optimal"):
        return x.strip()
    pol = policy(x)
    if isinstance(pol, odds.BankSeesPlayer):
        return "sees"
    return fmt_points(pol.threshold)


def _menu_name(x) -> str | None:
    """:func:`_name`, or None when ``x`` names no threshold or strategy at all."""
    try:
        return _name(x)
    except (SetteKitError, TypeError, ValueError):
        return None


def _pct(p, digits: int = 2) -> str:
    return fmt.percent(p, digits)


def _chance(p) -> str:
    """A probability from a chain or a simulation (a float), with a word where it rounds
    to 0% or 100%."""
    p = float(p)
    text = _pct(p)
    if 0.9999 < p < 1:
        text += " " + _("(all but certain: the other way has probability {p})").format(p=local_marks(f"{1 - p:.1e}"))
    elif 0 < p < 0.0001:
        text += " " + _("(about {p})").format(p=local_marks(f"{p:.1e}"))
    return text


class BankrollLab(Stepped, KitWidget):
    """Bankroll paths, the exact chance of ruin, its simulation and volatility against edge.

    Public actions: :meth:`set_rules`, :meth:`set_bank`, :meth:`set_player`,
    :meth:`set_bankroll`, :meth:`set_target`, :meth:`set_stake`, :meth:`set_plan`,
    :meth:`set_staking`, :meth:`set_paths`, :meth:`set_rounds`, :meth:`set_seed`,
    :meth:`new_paths`, :meth:`simulate` (``wait=True`` to run here), :meth:`cancel`,
    :meth:`wait`.  Read-outs: :attr:`game`, :attr:`ruin`, :attr:`paths`, :attr:`ends`,
    :attr:`simulation`, :attr:`by_stake`, and :attr:`exact_text`, :attr:`chart_text`,
    :attr:`simulation_text`, :attr:`volatility_text`.
    """

    def __init__(self, rules: str = "plain", *, bank="5", player="optimal", bankroll: int = 100, target: int = 200,
                 stake: int = 10, plan: tuple | None = None, paths: int = 30, rounds: int = 200, seed: int = 1,
                 sim_paths: int = 2000, parts=PARTS, background: bool = True) -> None:
        super().__init__()
        lab_look(self)
        read_preset(rules)
        self.parts = read_parts(parts, PARTS)
        self.background = background
        bank, player = self._bank(bank), self._player(player)
        self.bankroll = whole(bankroll, *LIMITS["bankroll"], N_("The bankroll"))
        self.target = self._target(target, self.bankroll)
        self.stake = whole(stake, *LIMITS["stake"], N_("The stake"))
        self.plan_range = (1, 10) if plan is None else self._plan(*plan)
        self.staking = FLAT if plan is None else PLAN
        self.n_paths = whole(paths, *LIMITS["paths"], N_("The number of paths"))
        self.rounds = whole(rounds, *LIMITS["rounds"], N_("The number of rounds"))
        self.seed = whole(seed, 0, MAX_SEED, N_("The seed"))
        self.sim_paths = whole(sim_paths, *LIMITS["sim_paths"], N_("The number of simulated paths"))
        self.game = self.ruin = self.paths = self.ends = self.simulation = self.by_stake = None
        self.sim_status = "ready"  # "ready" | "running" | "done" | "cancelled" | "failed"
        self._sim_job: Job | None = None
        self._cancel = threading.Event()
        self._ruins: dict = {}

        menu = dict(layout=ipywidgets.Layout(width="auto"))
        self.rules_menu = ipywidgets.Dropdown(options=[(preset_label(p), p) for p in PRESETS], value=rules,
                                              description=_("Rules:"), **menu)
        self.bank_menu = ipywidgets.Dropdown(options=[(_("sees your total") if b == "sees"
                                                       else _("stands at {points}").format(points=b), b)
                                                      for b in BANKS], value=bank, description=_("Bank:"), **menu)
        self.player_menu = ipywidgets.Dropdown(options=[(_("optimal strategy") if p == "optimal"
                                                         else _("stands at {points}").format(points=p), p)
                                                        for p in PLAYERS], value=player, description=_("You:"),
                                               **menu)
        self.staking_menu = ipywidgets.Dropdown(options=[(_("flat stake"), FLAT), (_("stake by first card"), PLAN)],
                                                value=self.staking, description=_("Staking:"), **menu)
        box = dict(continuous_update=False, style={"description_width": "initial"})
        self.bankroll_box = ipywidgets.Text(str(self.bankroll), description=_("Bankroll:"),
                                            layout=ipywidgets.Layout(width="9.5em"), **box)
        self.target_box = ipywidgets.Text(str(self.target), description=_("Target:"),
                                          layout=ipywidgets.Layout(width="9em"), **box)
        self.stake_box = ipywidgets.Text(str(self.stake), description=_("Stake:"),
                                         layout=ipywidgets.Layout(width="7em"), **box)
        self.min_box = ipywidgets.Text(str(self.plan_range[0]), description=_("Min stake:"),
                                       layout=ipywidgets.Layout(width="9em"), **box)
        self.max_box = ipywidgets.Text(str(self.plan_range[1]), description=_("Max stake:"),
                                       layout=ipywidgets.Layout(width="9em"), **box)
        self.paths_box = ipywidgets.Text(str(self.n_paths), description=_("Paths:"),
                                         layout=ipywidgets.Layout(width="7em"), **box)
        self.rounds_box = ipywidgets.Text(str(self.rounds), description=_("Rounds:"),
                                          layout=ipywidgets.Layout(width="8em"), **box)
        self.seed_box = ipywidgets.Text(str(self.seed), description=_("Seed:"), layout=ipywidgets.Layout(width="7em"),
                                        **box)
        self.sim_box = ipywidgets.Text(str(self.sim_paths), description=_("Simulate:"),
                                       layout=ipywidgets.Layout(width="10em"), **box)
        for w, css in [(self.rules_menu, "sk-rules"), (self.bank_menu, "sk-bank"), (self.player_menu, "sk-player"),
                       (self.staking_menu, "sk-staking"), (self.bankroll_box, "sk-bankroll"),
                       (self.target_box, "sk-target"), (self.stake_box, "sk-stake"), (self.min_box, "sk-min-stake"),
                       (self.max_box, "sk-max-stake"), (self.paths_box, "sk-paths"), (self.rounds_box, "sk-rounds"),
                       (self.seed_box, "sk-seed"), (self.sim_box, "sk-sim-paths")]:
            w.add_class(css)
        watch = [(self.rules_menu, self.set_rules), (self.bank_menu, self.set_bank),
                 (self.player_menu, self.set_player), (self.staking_menu, self.set_staking),
                 (self.bankroll_box, self.set_bankroll), (self.target_box, self.set_target),
                 (self.stake_box, self.set_stake), (self.paths_box, self.set_paths),
                 (self.rounds_box, self.set_rounds), (self.seed_box, self.set_seed),
                 (self.sim_box, self.set_sim_paths)]
        for w, action in watch:
            w.observe(lambda ch, a=action: self._quietly(a, ch["new"]), names="value")
        for w in (self.min_box, self.max_box):
            w.observe(lambda ch: self._quietly(lambda unused: self.set_plan(self.min_box.value, self.max_box.value),
                                               ch["new"]), names="value")
        self.new_paths_button = button(_("New paths"), self.new_paths, tooltip=_("Draw other paths (the next seed)"),
                                       css="sk-new-paths")
        self.simulate_button = button(_("Simulate"), lambda: self.simulate(), css="sk-simulate", style="primary",
                                      tooltip=_("Play many paths to the end and count the ruined ones"))
        self.cancel_button = button(_("Cancel"), self.cancel, tooltip=_("Stop the simulation"), css="sk-cancel")
        self.cancel_button.disabled = True
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=self.sim_paths, description=_("Progress:"),
                                               layout=ipywidgets.Layout(width="20em", max_width="100%"))
        self.progress.add_class("sk-progress")
        self.progress_label = html_panel("sk-progress-label")
        self.status = html_panel("sk-status")
        self.exact_html = html_panel("sk-exact-ruin")
        self.chart_html = html_panel("sk-paths-chart")
        self.sim_html = html_panel("sk-simulation")
        self.volatility_html = html_panel("sk-volatility")
        wrap = ipywidgets.Layout(flex_flow="row wrap", align_items="center")
        self._stake_row = ipywidgets.HBox([self.staking_menu, self.stake_box, self.min_box, self.max_box], layout=wrap)
        self._controls = [self.rules_menu, self.bank_menu, self.player_menu, self.staking_menu, self.bankroll_box,
                          self.target_box, self.stake_box, self.min_box, self.max_box, self.paths_box,
                          self.rounds_box, self.seed_box, self.sim_box, self.new_paths_button]
        children = [ipywidgets.HBox([self.rules_menu, self.bank_menu, self.player_menu], layout=wrap),
                    ipywidgets.HBox([self.bankroll_box, self.target_box], layout=wrap),
                    self._stake_row]
        if "paths" in self.parts:
            children.append(ipywidgets.HBox([self.paths_box, self.rounds_box, self.seed_box, self.new_paths_button],
                                            layout=wrap))
        children += [self.message, self.status]
        if "exact" in self.parts:
            children.append(self.exact_html)
        if "paths" in self.parts:
            children.append(self.chart_html)
        if "simulation" in self.parts:
            children += [ipywidgets.HTML('<h4 class="sk-lab-heading">' + esc(_("Simulate the chance of ruin"))
                                         + '</h4>'),
                         ipywidgets.HBox([self.sim_box, self.simulate_button, self.cancel_button], layout=wrap),
                         ipywidgets.HBox([self.progress, self.progress_label], layout=wrap), self.sim_html]
        if "volatility" in self.parts:
            children.append(self.volatility_html)
        self.set_children(children)
        self._show_staking()
        self._refresh()

    # -- settings ---------------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return Rules.preset(self.rules_menu.value)

    @property
    def bank(self) -> str:
        return self.bank_menu.value

    @property
    def player(self) -> str:
        return self.player_menu.value

    @property
    def simulating(self) -> bool:
        return self.sim_status == "running"

    @staticmethod
    def _bank(x) -> str:
        name = _menu_name(x)
        if name not in BANKS:
            raise SetteKitError(_("The bank {bank} is not one of: stands at {banks}, or 'sees'.").format(
                bank=shown(x), banks=', '.join(BANKS[:-1])))
        return name

    @staticmethod
    def _player(x) -> str:
        name = _menu_name(x)
        if name not in PLAYERS:
            raise SetteKitError(_("The player {player} is not one of: 'optimal', or stands at {points}.").format(
                player=shown(x), points=', '.join(PLAYERS[1:])))
        return name

    @staticmethod
    def _target(target, bankroll: int) -> int:
        return whole(target, bankroll + 1, LIMITS["target"][1], N_("The target"))

    @staticmethod
    def _plan(lo, hi) -> tuple[int, int]:
        lo = whole(lo, *LIMITS["stake"], N_("The minimum stake"))
        hi = whole(hi, *LIMITS["stake"], N_("The maximum stake"))
        if lo > hi:
            raise SetteKitError(_("The minimum stake ({lo}) is more than the maximum ({hi}): "
                                  "give a minimum no larger than the maximum.").format(lo=lo, hi=hi))
        return lo, hi

    def _check_idle(self) -> None:
        if self.simulating:
            raise SetteKitError(_("A simulation is running: wait for it or press Cancel first."))

    def _show_staking(self) -> None:
        flat = self.staking == FLAT
        self.stake_box.layout.display = None if flat else "none"
        self.min_box.layout.display = "none" if flat else None
        self.max_box.layout.display = "none" if flat else None

    def _set_box(self, box, value) -> None:
        if box.value != str(value):
            self._set_quiet(box, str(value))

    def _settled(self, box, value):
        """``value`` (checked) the new setting: shown in ``box``, what the old settings drew gone."""
        self._set_box(box, value)
        self._changed()
        return value

    def _redrawn(self, name: str, box, value):
        """``value`` (checked) the new setting ``name``, shown in ``box``; the paths drawn again."""
        setattr(self, name, value)
        self._set_box(box, value)
        self._refresh()
        return value

    def _use_staking(self, staking: str) -> None:
        self.staking = staking
        self._set_box(self.staking_menu, staking)
        self._show_staking()

    # -- computing --------------------------------------------------------------------------------
    def _settings(self) -> dict:
        return dict(rules=self.rules, bank=self.bank, player=self.player, staking=self.staking, stake=self.stake,
                    plan=self.plan_range, bankroll=self.bankroll, target=self.target, paths=self.n_paths,
                    rounds=self.rounds, seed=self.seed)

    def _game(self, s: dict) -> risk.RoundResult:
        if s["staking"] == PLAN:
            return _round(s["rules"], s["bank"], s["player"], s["plan"])
        return risk.at_stake(_round(s["rules"], s["bank"], s["player"], None), s["stake"])

    def _ruin(self, s: dict, game, stake=None):
        """The exact ruin of ``game`` (the settings ``s``; ``stake``: the flat stake of a
        volatility row instead), remembered for these settings."""
        how = ("flat", stake) if stake is not None else \
            ((FLAT, s["stake"]) if s["staking"] == FLAT else (PLAN, s["plan"]))
        key = (s["rules"], s["bank"], s["player"], how, s["bankroll"], s["target"])
        got = self._ruins.get(key)
        if got is None:
            if len(self._ruins) > 64:
                self._ruins.clear()
            got = self._ruins[key] = risk.ruin_probability(game, s["bankroll"], s["target"])
        return got

    def _refresh(self, wait: bool | None = None) -> None:
        s = self._settings()
        self._request(lambda: self._steps(s), _("Working it out…"), wait=wait)

    def _steps(self, s: dict):
        game = self._game(s)
        yield
        ruin = self._ruin(s, game)
        self.game, self.ruin = game, ruin
        self._show_exact(s, game, ruin)
        yield
        if "paths" in self.parts:
            paths = risk.bankroll_paths(game, s["bankroll"], s["target"], paths=s["paths"], rounds=s["rounds"],
                                        seed=s["seed"])
            ends = risk.path_ends(game, paths, s["target"])
            self.paths, self.ends = paths, ends
            self._show_paths(s, paths, ends)
            yield
        if "volatility" in self.parts:
            base = _round(s["rules"], s["bank"], s["player"], None)
            stakes = sorted({x for x in VOLATILITY_STAKES if x <= s["bankroll"]}
                            | ({s["stake"]} if s["staking"] == FLAT else set()))
            rows = []
            for x in stakes:
                g = risk.at_stake(base, x)
                r = self._ruin(s, g, stake=x)
                rows.append(risk.StakeRow(x, g.mean, g.sd, r.probability, r.expected_rounds))
                yield
            self.by_stake = rows
            self._show_volatility(s, base, rows)

    # -- drawing ----------------------------------------------------------------------------------
    def _who(self, s: dict) -> str:
        staking = (_("stake {stake}").format(stake=s['stake']) if s["staking"] == FLAT else
                   _("stakes {low}–{high} by first card (the best plan)").format(low=s['plan'][0], high=s['plan'][1]))
        return _("{rules} rules; you {player}, the bank {bank}; {staking}").format(
            rules=preset_label(s['rules'].name), player=_player_words(s['player']), bank=_bank_words(s['bank']),
            staking=staking)

    def _show_exact(self, s: dict, game, ruin) -> None:
        mean = game.mean
        per = "" if s["staking"] == PLAN else " " + _("({share} of the stake)").format(
            share=fmt.percent(mean / s['stake'], 1, sign=True))
        bound = ruin.error_bound
        err = _("exact") if bound == 0 else (_("error below {bound}").format(bound=local_marks("1e-12")) if bound < 1e-12
                                             else _("error below {bound}").format(bound=local_marks(f"{bound:.0e}")))
        num = '<b class="sk-num">{}</b>'.format
        items = ["<li>" + _("One round: mean {mean}{per}, standard deviation {sd}.").format(
                     mean=num(esc(fmt.decimal(mean, 3, sign=True))), per=esc(per), sd=num(fmt.decimal(game.sd, 3)))
                 + "</li>",
                 "<li>" + _("Chance of ruin before reaching {target}: {chance} (a Markov chain on the bankroll, "
                            "{error}).").format(target=thousands(s["target"]),
                                                chance='<b class="sk-num sk-ruin">'
                                                + esc(_chance(ruin.probability)) + '</b>',
                                                error=esc(err)) + "</li>",
                 "<li>" + _("Chance of reaching {target} first: {chance}; the game lasts {rounds} rounds on "
                            "average.").format(target=thousands(s["target"]), chance=num(esc(_chance(ruin.success))),
                                               rounds=thousands(ruin.expected_rounds, 1)) + "</li>"]
        setup = (_("Bankroll {bankroll}, target {target}: {who}.").format(
            bankroll=thousands(s["bankroll"]), target=thousands(s["target"]), who=self._who(s)) + " "
            + _("A stake is never more than the bankroll can lose."))
        self.exact_html.value = live(
            f'<p class="sk-setup">{esc(setup)}</p><ul class="sk-ruin-numbers">{"".join(items)}</ul>',
            "sk-exact-result")

    @staticmethod
    def _highlight(ends) -> list:
        """A ruined path, one that reached the target and one still playing (the first of each)."""
        picked = []
        for kind in ("ruined", "target", "playing"):
            i = next((k for k, e in enumerate(ends) if e == kind), None)
            if i is not None:
                picked.append(i)
        rest = [k for k in range(len(ends)) if k not in picked]
        return sorted(picked + rest[:max(0, min(3, len(ends)) - len(picked))])

    def _show_paths(self, s: dict, paths, ends) -> None:
        hl = self._highlight(ends)
        staking = (_("stake {stake}").format(stake=s['stake']) if s["staking"] == FLAT
                   else _("stakes {low}–{high}").format(low=s['plan'][0], high=s['plan'][1]))
        title = ngettext("{n} bankroll path from {bankroll} ({staking}, seed {seed})",
                         "{n} bankroll paths from {bankroll} ({staking}, seed {seed})", len(paths)).format(
            n=len(paths), bankroll=thousands(s['bankroll']), staking=staking, seed=s['seed'])
        wide = paths_chart(paths, ends, s["target"], s["rounds"], title=title, highlight=hl)
        narrow = paths_chart(paths, ends, s["target"], s["rounds"],
                             title=ngettext("{n} path, {staking}", "{n} paths, {staking}", len(paths)).format(
                                 n=len(paths), staking=staking),
                             highlight=hl, width=NARROW, height=360)
        self.chart_html.value = pair_html(wide, narrow)

    def _show_volatility(self, s: dict, base, rows) -> None:
        current = s["stake"] if s["staking"] == FLAT else None
        stake_name = _("stake {stake}").format
        data = {stake_name(stake=r.stake): r.ruin for r in rows}
        mark = [stake_name(stake=current)] if current is not None else []
        title = _("Chance of ruin before {target}, by flat stake").format(target=thousands(s['target']))
        wide = share_bar(data, title=title, xlabel=_("the same player at each stake"), ylabel=_("chance of ruin"),
                         highlight=mark, marked=_("your stake"), height=280)
        narrow = share_bar(data, title=_("Chance of ruin by stake"), xlabel=_("the same player at each stake"),
                           highlight=mark, marked=_("your stake"), horizontal=True, width=NARROW)
        edge = base.mean
        table = table_html(
            [esc(h) for h in (_("stake"), _("mean per round"), _("standard deviation"), _("chance of ruin"),
                              _("rounds on average"))],
            [[f"{r.stake}" + (" (" + esc(_("yours")) + ")" if r.stake == current else ""),
              esc(fmt.decimal(r.mean, 3, sign=True)), fmt.decimal(r.sd, 2), esc(_pct(r.ruin)),
              thousands(r.expected_rounds, 1)] for r in rows],
            caption=esc(_("Bankroll {bankroll}, target {target}").format(bankroll=thousands(s['bankroll']),
                                                                         target=thousands(s['target']))),
            css="sk-volatility-table", row_css=["sk-current" if r.stake == current else "" for r in rows])
        if edge < 0:
            said = _("The edge is against you ({share} of each stake): a bigger stake ends the game sooner, gives the "
                     "edge fewer rounds to work and so lowers the chance of ruin - though it never makes the game "
                     "favourable.").format(share=fmt.percent(edge, 1, sign=True))
        elif edge > 0:
            said = _("The edge is for you ({share} of each stake): a smaller stake gives the edge more rounds to "
                     "work, so it lowers the chance of ruin.").format(share=fmt.percent(edge, 1, sign=True))
        else:
            said = _("A fair game: the stake changes how long the game lasts, not who is favoured.")
        self.volatility_html.value = live(
            '<h4 class="sk-lab-heading">' + esc(_("Volatility against edge")) + f'</h4>'
            f'<p class="sk-volatility-note">{esc(said)}</p>'
            + pair_html(wide, narrow) + table, "sk-volatility-result")

    # -- read-outs --------------------------------------------------------------------------------
    exact_text = text_of("exact_html")

    @property
    def chart_text(self) -> str:
        """The text equivalent of the paths chart."""
        return caption_text(self.chart_html.value)

    simulation_text = text_of("sim_html")
    volatility_text = text_of("volatility_html")

    # -- settings actions -------------------------------------------------------------------------
    def _changed(self) -> None:
        self.sim_html.value = ""
        self.simulation = None
        self._refresh()

    @safe_action
    def set_rules(self, name: str) -> str:
        """The rules preset: 'plain', 'italian' or 'spanish'."""
        self._check_idle()
        return self._settled(self.rules_menu, picked_preset(name))

    @safe_action
    def set_bank(self, bank) -> str:
        """The bank: stands at 4 ... 6½ ('5½', 5.5) or 'sees' (it sees your total)."""
        self._check_idle()
        return self._settled(self.bank_menu, self._bank(bank))

    @safe_action
    def set_player(self, player) -> str:
        """You: 'optimal' or stand at 4 ... 6½."""
        self._check_idle()
        return self._settled(self.player_menu, self._player(player))

    @safe_action
    def set_staking(self, staking: str) -> str:
        """'flat' (the same stake every round) or 'plan' (stake by first card, S9)."""
        self._check_idle()
        if staking not in (FLAT, PLAN):
            raise SetteKitError(_("Staking {staking}: choose 'flat' or 'plan' (by first card).").format(
                staking=shown(staking)))
        self._use_staking(staking)
        self._changed()
        return staking

    @safe_action
    def set_bankroll(self, value) -> int:
        """The bankroll to start with: 1 to 999 (and less than the target)."""
        self._check_idle()
        n = whole(value, *LIMITS["bankroll"], N_("The bankroll"))
        if n >= self.target:
            raise SetteKitError(_("The bankroll ({bankroll}) must be less than the target ({target}): raise the "
                                  "target first.").format(bankroll=thousands(n), target=thousands(self.target)))
        self.bankroll = n
        return self._settled(self.bankroll_box, n)

    @safe_action
    def set_target(self, value) -> int:
        """The target: more than the bankroll, at most 1,000."""
        self._check_idle()
        n = self._target(value, self.bankroll)
        self.target = n
        return self._settled(self.target_box, n)

    @safe_action
    def set_stake(self, value) -> int:
        """A flat stake: 1 to 50 (never more than the bankroll can lose)."""
        self._check_idle()
        n = whole(value, *LIMITS["stake"], N_("The stake"))
        self.stake = n
        self._set_box(self.stake_box, n)
        self._use_staking(FLAT)
        self._changed()
        return n

    @safe_action
    def set_plan(self, min_stake, max_stake) -> tuple:
        """Stake by first card: the best plan for stakes ``min_stake`` to ``max_stake``
        (1 <= min <= max <= 50)."""
        self._check_idle()
        lo, hi = self._plan(min_stake, max_stake)
        self.plan_range = (lo, hi)
        with self._quiet():
            self.min_box.value, self.max_box.value = str(lo), str(hi)
        self._use_staking(PLAN)
        self._changed()
        return lo, hi

    @safe_action
    def set_paths(self, value) -> int:
        """How many paths to draw: 1 to 100."""
        self._check_idle()
        return self._redrawn("n_paths", self.paths_box, whole(value, *LIMITS["paths"], N_("The number of paths")))

    @safe_action
    def set_rounds(self, value) -> int:
        """How many rounds each drawn path may last: 10 to 1,000."""
        self._check_idle()
        return self._redrawn("rounds", self.rounds_box, whole(value, *LIMITS["rounds"], N_("The number of rounds")))

    @safe_action
    def set_seed(self, value) -> int:
        """The seed of the drawn paths and of the simulation: a whole number from 0 to 999,999,999."""
        self._check_idle()
        return self._redrawn("seed", self.seed_box, whole(value, 0, MAX_SEED, N_("The seed")))

    @safe_action
    def new_paths(self) -> int:
        """Draw other paths: the next seed."""
        self._check_idle()
        self.seed += 1
        self._set_box(self.seed_box, self.seed)
        self._refresh()
        return self.seed

    @safe_action
    def set_sim_paths(self, value) -> int:
        """How many paths the simulation plays to the end: 100 to 20,000."""
        self._check_idle()
        self.sim_paths = whole(value, *LIMITS["sim_paths"], N_("The number of simulated paths"))
        self._set_box(self.sim_box, self.sim_paths)
        return self.sim_paths

    # -- the simulation ---------------------------------------------------------------------------
    @safe_action
    def simulate(self, paths=None, wait: bool = False):
        """Play ``paths`` (default: the box) bankroll paths to ruin or the target and
        compare the share ruined with the exact chance.  ``wait=False`` (the button):
        background work with a progress bar, returns at once; ``wait=True``: here,
        returns the :class:`sette_kit.risk.RuinSimulation`."""
        self._check_idle()
        n = whole(self.sim_box.value if paths is None else paths, *LIMITS["sim_paths"],
                  N_("The number of simulated paths"))
        self.sim_paths = n
        self._set_box(self.sim_box, n)
        s = self._settings()
        self._sim_start(n)
        steps = self._sim_steps(s, n)
        if wait:
            for unused in steps:
                pass
            return self.simulation if self.sim_status == "done" else None
        self._sim_job = Job(steps, name="sette-kit-ruin-simulation").start()
        return None

    @safe_action
    def cancel(self) -> bool:
        """Stop a running simulation at its next step."""
        return cancel_run(self.simulating, self._cancel)

    def wait(self, timeout: float | None = 60) -> bool:
        """Wait for the background work and any simulation; True when both are done."""
        done = super().wait(timeout)
        return job_done(self._sim_job, timeout) and done

    async def wait_async(self, timeout: float | None = 60) -> bool:
        done = await super().wait_async(timeout)
        return await job_done_async(self._sim_job, timeout) and done

    def _sim_start(self, n: int) -> None:
        self.sim_status = "running"
        self._cancel.clear()
        self.simulation = None
        self.progress.max, self.progress.value, self.progress.bar_style = n, 0, ""
        self.progress_label.value = esc(_("{done} / {total} paths").format(done=0, total=thousands(n)))
        self.sim_html.value = live('<p class="sk-running">' + esc(_("Playing the paths…")) + '</p>', "sk-sim-result")
        self.simulate_button.disabled, self.cancel_button.disabled = True, False
        for c in self._controls:
            c.disabled = True

    def _sim_finish(self, status: str) -> None:
        self.sim_status = status
        self.simulate_button.disabled, self.cancel_button.disabled = False, True
        for c in self._controls:
            c.disabled = False

    def _sim_steps(self, s: dict, n: int):
        try:
            game = self._game(s)
            exact = self._ruin(s, game)
            yield
            run = risk.simulate_ruin_stepped(game, s["bankroll"], s["target"], paths=n, seed=s["seed"],
                                             step_rounds=20_000)
            for done in run:
                self.progress.value = done
                self.progress_label.value = esc(_("{done} / {total} paths").format(done=thousands(done),
                                                                                   total=thousands(n)))
                if self._cancel.is_set():
                    self.progress.bar_style = "warning"
                    said = ngettext("Cancelled after {done} of {total} path: nothing to show.",
                                    "Cancelled after {done} of {total} paths: nothing to show.", n).format(
                        done=thousands(done), total=thousands(n))
                    self.sim_html.value = live(f'<p class="sk-cancelled">{esc(said)}</p>', "sk-sim-result")
                    self._sim_finish("cancelled")
                    return
                yield
            result = run.result()
            self.simulation = result
            self._show_simulation(s, result, exact)
            self.progress.bar_style = "success"
            self._sim_finish("done")
        except Exception as exc:  # noqa: BLE001 - never a traceback for the learner
            self.sim_html.value = ""
            show_failure(self, exc, "BankrollLab simulation")
            self._sim_finish("failed")

    def _show_simulation(self, s: dict, r, exact) -> None:
        p = float(exact.probability)
        setup = ngettext("{n} path from {bankroll} played to ruin or to {target} ({who}; seed {seed}).",
                         "{n} paths from {bankroll} played to ruin or to {target} ({who}; seed {seed}).",
                         r.paths).format(n=thousands(r.paths), bankroll=thousands(s["bankroll"]),
                                         target=thousands(s["target"]), who=self._who(s), seed=r.seed)
        num = '<b class="sk-num">{}</b>'.format
        lines = [f'<p class="sk-sim-setup">{esc(setup)}</p><ul class="sk-sim-numbers">',
                 "<li>" + _("Ruined: {ruined} of {paths} = {share} ± {stderr} (one standard error)").format(
                     ruined=thousands(r.ruined), paths=thousands(r.paths), share=num(esc(_pct(r.estimate))),
                     stderr=esc(_pct(r.stderr))) + "</li>",
                 "<li>" + _("Exact (the Markov chain): {share}").format(share=num(esc(_pct(p)))) + "</li>"]
        if r.stderr > 0:
            z = (r.estimate - p) / r.stderr
            said = (_("The simulation is {z} standard errors from the exact value: within two standard errors, as "
                      "expected most of the time.") if abs(z) <= 2 else
                    _("The simulation is {z} standard errors from the exact value: more than two standard errors "
                      "away (it happens about 1 time in 20)."))
            lines.append(f'<li class="sk-sim-verdict">{esc(said.format(z=fmt.decimal(abs(z), 1)))}</li>')
        else:
            said = _("Every path ended the same way, so the standard error is 0; the exact chance is {chance}.")
            lines.append(f'<li class="sk-sim-verdict">{esc(said.format(chance=_chance(p)))}</li>')
        said = _("Rounds per path: {mean} on average (exact {exact}).").format(
            mean=thousands(r.mean_rounds, 1), exact=thousands(exact.expected_rounds, 1))
        lines.append(f'<li>{esc(said)}</li></ul>')
        self.sim_html.value = live("".join(lines), "sk-sim-result")
