"""The kit's widgets in JupyterLab 4 ("All eight widgets work in JupyterLab and in Voilà").

The Voilà side is covered by ``test_browser_lessons``; here a JupyterLab server runs in a
child process on a temporary folder holding one small notebook that displays all ten
widgets (the eight first widgets plus the two game tables), seeded and cheap.  Headless
Chromium opens the notebook, runs every cell with JupyterLab's own command
``notebook:run-all-cells``, and checks that:

* every widget's root (``.sk-widget.sk-<kebab-name>``) is rendered as a cell output;
* no output is an error, a traceback, stderr, "Error displaying widget" or a stuck
  "Loading widget...";
* the kernel comms work both ways: the ScoreTrainer's Deal button deals a new hand and a
  Quiz marks a right answer right.

JupyterLab's settings, workspaces and runtime files all live in the temporary folder
(``HOME``, ``JUPYTER_CONFIG_DIR``, ``JUPYTER_RUNTIME_DIR``, ``--LabApp.workspaces_dir``,
``--LabApp.user_settings_dir``), so nothing leaks into the clone or the user's home.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from sk_browser import ERROR_TEXTS, HANG_MS, HANG_S, screenshot

from sette_kit.serve import descendants, free_port

pytestmark = pytest.mark.browser

NOTEBOOK = "all-widgets.ipynb"
# every wait here is on a condition, bounded only by sk_browser.HANG_S (a hang guard)

# widget class -> (constructor call, CSS class of its root view)
WIDGETS = {
    "ScoreTrainer": ('ScoreTrainer("plain", seed=8)', "sk-score-trainer"),
    "MattaExplorer": ('MattaExplorer("italian", cards="Re di denari, 3 di spade", seed=0)', "sk-matta-explorer"),
    "TablePlayer": ('TablePlayer("italian", bots=1, seed=7)', "sk-table-player"),
    "OddsLab": ('OddsLab("plain", cards="6 di coppe", seen="7 di spade")', "sk-odds-lab"),
    "StrategyChart": ('StrategyChart("plain", dealer=odds.stand_at(5))', "sk-strategy-chart"),
    "SimulationLab": (('SimulationLab("plain", player=odds.stand_at(5), dealer=odds.stand_at(5), '
                       'rounds=1000, seed=1)'), "sk-simulation-lab"),
    "VariantExplorer": ('VariantExplorer("italian")', "sk-variant-explorer"),
    "Quiz": (('Quiz(Question(text="How much is 3 + 4?", answer=Fraction(7), kind="number"), '
              'title="A quiz in JupyterLab")'), "sk-quiz"),
    "TrentunoTable": ("TrentunoTable(bots=1, seed=8)", "sk-trentuno-table"),
    "QuattroTable": ("QuattroTable(players=3, seed=4)", "sk-quattro-table"),
}

IMPORTS = ("from fractions import Fraction\n"
           "from sette_kit import odds\n"
           "from sette_kit.questions import Question\n"
           f"from widgets import {', '.join(sorted(WIDGETS))}")

OUTPUT = ".jp-Notebook .jp-OutputArea-output"
STDERR = '.jp-Notebook .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
STUCK_TEXTS = ("Loading widget...", "Error displaying widget", "Model not found")


def code_cell(i: int, source: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
            "outputs": [], "source": source}


def write_notebook(path: Path) -> None:
    """One cell of imports, then one cell per widget whose last expression is the widget."""
    cells = [code_cell(0, IMPORTS)]
    cells += [code_cell(i, call) for i, (call, _) in enumerate(WIDGETS.values(), start=1)]
    nb = {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}}}
    path.write_text(json.dumps(nb, indent=1))


def lab_settings(folder: Path) -> None:
    """User settings: all cells in the DOM (no windowing), no news, no update checks."""
    notebook = folder / "@jupyterlab" / "notebook-extension"
    notebook.mkdir(parents=True)
    (notebook / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    news = folder / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))


class Lab:
    """A JupyterLab server in its own process group; ``stop()`` kills it and its kernels."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.root = tmp / "notebooks"
        self.root.mkdir()
        write_notebook(self.root / NOTEBOOK)
        lab_settings(tmp / "user-settings")
        self.port = free_port("127.0.0.1")
        self.token = secrets.token_hex(16)
        self.log_path = tmp / "jupyterlab.log"
        self.proc: subprocess.Popen | None = None
        self.kernels: set[int] = set()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, name: str) -> str:
        return f"{self.base}/lab/tree/{name}?token={self.token}"

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def start(self) -> Lab:
        home = self.tmp / "home"
        home.mkdir()
        env = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(self.tmp / "config"),
                   JUPYTER_RUNTIME_DIR=str(self.tmp / "runtime"), IPYTHONDIR=str(self.tmp / "ipython"),
                   JUPYTER_PLATFORM_DIRS="1", PYTHONUNBUFFERED="1")
        env.pop("JUPYTER_TOKEN", None)
        cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={self.port}",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
               f"--ServerApp.root_dir={self.root}", f"--LabApp.workspaces_dir={self.tmp / 'workspaces'}",
               f"--LabApp.user_settings_dir={self.tmp / 'user-settings'}",
               "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--LabApp.extension_manager=readonly", "--allow-root"]
        with open(self.log_path, "w") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         env=env, cwd=self.root, start_new_session=True)
        deadline = time.monotonic() + HANG_S
        while time.monotonic() < deadline and self.proc.poll() is None:  # until it answers
            try:
                with urllib.request.urlopen(f"{self.base}/api/status?token={self.token}", timeout=HANG_S) as r:
                    if r.status == 200:
                        return self
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        code = self.proc.poll()
        log = self.log()
        self.stop()
        why = f"exited with code {code}" if code is not None else f"did not answer within {HANG_S:.0f} s"
        raise RuntimeError(f"JupyterLab {why}; its log:\n{log}")

    def remember_kernels(self) -> None:
        """Kernels run in sessions of their own: note them so that stop() can kill them."""
        if self.proc is not None:
            self.kernels.update(descendants(self.proc.pid))

    def stop(self) -> None:
        if self.proc is None:
            return
        self.remember_kernels()
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)  # the server shuts its kernels down on TERM
                self.proc.wait(15)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(5)
        for pid in self.kernels:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        pytest.skip("jupyterlab is not installed")
    server = Lab(tmp_path_factory.mktemp("jupyterlab"))
    try:
        yield server.start()
    finally:
        server.stop()


def run_all_cells(page) -> None:
    """Wait for the notebook and its kernel, then JupyterLab's own 'Run All Cells'
    (``window.jupyterapp`` is there thanks to ``--LabApp.expose_app_in_browser``)."""
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=HANG_MS)
    page.wait_for_function("() => document.querySelector('.jp-NotebookPanel .jp-Notebook .jp-Cell') !== null",
                           timeout=HANG_MS)
    page.evaluate("""async () => {
        const app = window.jupyterapp;
        const panel = app.shell.currentWidget;
        await panel.context.ready;
        await panel.sessionContext.ready;
        await app.commands.execute('notebook:run-all-cells');
    }""")


def wait_until_run(page, cells: int) -> None:
    """Every code cell has an execution count, none is queued or running ([*])."""
    page.wait_for_function("""(n) => {
        const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]
            .map(e => e.textContent.trim());
        return prompts.length === n && prompts.every(p => /^\\[\\d+\\]:$/.test(p));
    }""", arg=cells, timeout=HANG_MS, polling=100)


def wait_for_widgets(page, selectors: list[str]) -> None:
    """Until every selector matches, or some output is stderr (then the caller reports it);
    on timeout the caller's count names the widgets that never rendered."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function("""([sels, stderr]) => document.querySelector(stderr) !== null ||
            sels.every(s => document.querySelector(s) !== null)""", arg=[selectors, STDERR],
            timeout=HANG_MS, polling=100)
    except PlaywrightTimeout:
        pass


def lab_errors(page) -> list[str]:
    found = [f"stderr: {t.strip()[:300]}" for t in page.locator(STDERR).all_inner_texts()]
    outputs = "\n".join(page.locator(OUTPUT).all_inner_texts())
    found += [f"text {t!r}" for t in ERROR_TEXTS + STUCK_TEXTS if t in outputs]
    return found


def test_all_widgets_render_and_talk_to_the_kernel_in_jupyterlab(lab, browser, screenshots):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(HANG_MS)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    shot = screenshots / "jupyterlab-all-widgets.png"
    try:
        page.goto(lab.url(NOTEBOOK), wait_until="domcontentloaded")
        run_all_cells(page)
        lab.remember_kernels()
        wait_until_run(page, 1 + len(WIDGETS))
        selectors = {name: f".jp-OutputArea-output .sk-widget.{css}" for name, (_, css) in WIDGETS.items()}
        wait_for_widgets(page, list(selectors.values()))
        errors = lab_errors(page)
        assert errors == [], f"a cell output shows an error: {errors}"
        roots = {name: page.locator(sel) for name, sel in selectors.items()}
        counts = {name: root.count() for name, root in roots.items()}
        assert counts == {name: 1 for name in WIDGETS}, f"widget roots rendered: {counts}"

        # the comms work both ways: a click reaches the kernel, and its answer the page
        trainer = roots["ScoreTrainer"]
        trainer.scroll_into_view_if_needed()
        hand = trainer.locator(".sk-hand-view")
        before = hand.inner_html()
        trainer.get_by_role("button", name="Deal", exact=True).click()
        page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[hand.element_handle(), before],
                               timeout=HANG_MS)
        assert trainer.locator(".sk-result").inner_text().strip().startswith("Score:")

        quiz = roots["Quiz"]
        quiz.scroll_into_view_if_needed()
        quiz.locator(".sk-quiz-answer input").fill("7")
        quiz.get_by_role("button", name="Check", exact=True).click()
        quiz.locator(".sk-quiz-feedback .sk-right").wait_for(state="visible", timeout=HANG_MS)

        assert lab_errors(page) == [], "a cell output shows an error after the interactions"
        assert dialogs == [], f"the page opened dialogs: {dialogs}"
    except Exception as exc:
        raise AssertionError(f"{exc}\n--- JupyterLab log (tail) ---\n{lab.log()}") from exc
    finally:
        try:
            screenshot(page, shot)
        finally:
            context.close()
    assert shot.stat().st_size > 1000
