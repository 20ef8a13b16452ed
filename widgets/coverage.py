"""``CoveragePicture``: a hundred 95% confidence intervals, and how many miss the truth.

Each run simulates some rounds (:func:`sette_kit.simulate.coverage`) and gives its
confidence interval for the player's mean result; the exact value comes from the exact
engine.  The chart (:func:`widgets.charts.coverage_chart`) draws the intervals one per
row against the exact value; those that miss it are vermillion, thicker and marked ×
and ▶.  "Another 100 runs" simulates the next runs of the same seeded sequence, and a
running tally compares all the misses so far with what the level leads you to expect
(about 5 in 100 at 95%).

New runs are background work (:class:`widgets._background.Job`): in a thread of the
kernel, or as steps on the event loop where threads cannot start (Pyodide), ten runs a
step, with a progress bar; ``another(wait=True)`` runs them here instead.

>>> pic = CoveragePicture("plain", rounds=1000, runs=100, seed=1)
>>> pic.tally, pic.tally_text
((6, 100), 'So far: 6 of 100 intervals missed the exact value (6.0%). At 95%, about 5 in 100 should miss.')
>>> pic.another(wait=True).hits, pic.tally
(94, (12, 200))
>>> pic.history_text
'Runs 1-100: 6 missed; runs 101-200: 6 missed.'
"""

from __future__ import annotations

import ipywidgets

from sette_kit import fmt, simulate
from sette_kit.errors import SetteKitError
from sette_kit.i18n import _, ngettext
from sette_kit.rules import Rules

from ._background import Job
from .base import LOG, UNEXPECTED, KitWidget, button, esc, html_panel, plain_text, safe_action, text_of
from .charts import caption_text, coverage_chart, thousands

__all__ = ["CoveragePicture", "STEP_RUNS"]

STEP_RUNS = 10
"""Runs simulated per step of the background job (progress shows after each)."""


class CoveragePicture(KitWidget):
    """``runs`` confidence intervals of ``rounds`` rounds each at ``level``, against the
    exact value, with a button for the next ``runs`` runs of the seeded sequence.

    ``player``: ``odds.stand_at(x)`` (default 5), ``"optimal"`` or a solution;
    ``dealer``: ``odds.stand_at(x)`` (default 5) or ``odds.sees_player()``.  The first
    batch is simulated when the widget is made."""

    def __init__(self, rules="plain", player=None, dealer=None, *, rounds: int = 1000, runs: int = 100,
                 level: float = 0.95, seed: int = 1) -> None:
        super().__init__()
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        # checked once, and "optimal" solved once, for every batch
        self.rules, self.player, self.dealer, self.rounds, self.runs, self.exact = simulate._coverage_setup(
            self.rules, player, dealer, rounds, runs, level, seed, 0)
        self.level, self.seed = float(level), seed
        self.batches: list[simulate.Coverage] = []
        self._job: Job | None = None
        self.chart = html_panel("sk-coverage-chart")
        self.tally_html = html_panel("sk-coverage-tally")
        self.more_button = button(ngettext("Another {n} run", "Another {n} runs", self.runs).format(n=self.runs),
                                  self.another,
                                  tooltip=ngettext("Simulate {n} more runs of {rounds} round each",
                                                   "Simulate {n} more runs of {rounds} rounds each",
                                                   self.rounds).format(n=self.runs, rounds=thousands(self.rounds)),
                                  css="sk-coverage-more", style="primary")
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=self.runs, description=_("Runs:"),
                                               layout=ipywidgets.Layout(display="none"))
        self.progress.add_class("sk-progress")
        self.set_children([self.chart, self.tally_html,
                           ipywidgets.HBox([self.more_button, self.progress],
                                           layout=ipywidgets.Layout(flex_flow="row wrap")),
                           self.message])
        self.another(wait=True)

    # -- state -------------------------------------------------------------------------
    @property
    def tally(self) -> tuple[int, int]:
        """(intervals that missed the exact value, intervals) over every batch so far."""
        misses = sum(len(b.misses) for b in self.batches)
        return misses, sum(b.runs for b in self.batches)

    @property
    def tally_text(self) -> str:
        misses, total = self.tally
        share = fmt.percent(misses / total) if total else "0%"
        expect = round((1 - self.level) * 100)
        return (ngettext("So far: {misses} of {total} interval missed the exact value ({share}).",
                         "So far: {misses} of {total} intervals missed the exact value ({share}).", total).format(
                    misses=misses, total=thousands(total), share=share) + " "
                + _("At {level}, about {expect} in 100 should miss.").format(level=fmt.percent(self.level, 0),
                                                                             expect=expect))

    @property
    def history_text(self) -> str:
        parts = [_("runs {first}-{last}: {n} missed").format(first=b.intervals[0].run + 1,
                                                               last=b.intervals[-1].run + 1, n=len(b.misses))
                 for b in self.batches]
        text = "; ".join(parts)
        return text[:1].upper() + text[1:] + "." if text else ""

    chart_text = text_of("chart", caption_text)

    @property
    def running(self) -> bool:
        return self._job is not None and not self._job.finished

    def _show(self) -> None:
        last = self.batches[-1]
        self.chart.value = coverage_chart(last.intervals, last.exact, self.level,
                                          xlabel=_("mean result per unit staked")).html
        exact = fmt.decimal(self.exact, 4, sign=True)
        each = ngettext("Each line is one run of {rounds} round and its {level} confidence interval; the dashed "
                        "line is the exact value, {exact}.",
                        "Each line is one run of {rounds} rounds and its {level} confidence interval; the dashed "
                        "line is the exact value, {exact}.", self.rounds).format(
            rounds=thousands(self.rounds), level=fmt.percent(self.level, 0), exact=exact)
        self.tally_html.value = (f'<p class="sk-coverage-exact">{esc(each)}</p>'
                                 f'<p role="status"><b>{esc(self.tally_text)}</b></p>'
                                 f'<p class="sk-coverage-history">{esc(self.history_text)}</p>')

    # -- actions -----------------------------------------------------------------------
    @safe_action
    def another(self, wait: bool = False):
        """Simulate the next ``runs`` runs of the sequence.  ``wait=True``: here, returns
        their :class:`~sette_kit.simulate.Coverage`; otherwise as background work (the
        button is off and the progress bar moves until they are done)."""
        if self.running:
            raise SetteKitError(_("The runs are still being simulated: wait for them to finish."))
        start = sum(b.runs for b in self.batches)
        runs = simulate._coverage_iter(self.rules, self.player, self.dealer, self.rounds, self.runs,
                                       self.level, self.seed, start)
        if wait:
            got = simulate.Coverage(self.rules, self.player, self.dealer, self.rounds, self.level, self.exact,
                                    tuple(runs))
            self.batches.append(got)
            self._show()
            return got
        self.more_button.disabled = True
        self.progress.value, self.progress.layout.display = 0, None
        self._job = Job(self._steps(runs), name="sette-kit-coverage").start()
        return None

    def _steps(self, runs):
        got = []
        try:
            for iv in runs:
                got.append(iv)
                if len(got) % STEP_RUNS == 0:
                    self.progress.value = len(got)
                    yield
            self.batches.append(simulate.Coverage(self.rules, self.player, self.dealer, self.rounds,
                                                  self.level, self.exact, tuple(got)))
            self._show()
        except SetteKitError as e:
            self.show_message(str(e), kind="error")
        except Exception:  # noqa: BLE001 - never a traceback on the page
            LOG.exception("CoveragePicture runs failed")
            self.show_message(UNEXPECTED, kind="error")
        finally:
            self.more_button.disabled = False
            self.progress.layout.display = "none"

    def wait(self, timeout: float | None = 60) -> bool:
        """Wait for background runs to finish (tests, scripts)."""
        return True if self._job is None else self._job.wait(timeout)

    async def wait_async(self, timeout: float | None = 60) -> bool:
        return True if self._job is None else await self._job.wait_async(timeout)

    @property
    def text(self) -> str:
        """Everything the widget says, as plain text."""
        return plain_text(self.tally_html.value.replace("</p>", "</p>\n"))
