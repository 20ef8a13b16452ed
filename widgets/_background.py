"""Slow work that keeps the page responsive, with or without threads.

A :class:`Job` runs an iterator of steps (each ``next()`` does one slice of the work)
in the first way that works here:

1. ``"thread"``: a background thread runs every step (CPython: the kernel goes on
   answering the page while the work runs);
2. ``"async"``: where threads cannot start (Pyodide in a browser: ``Thread.start()``
   raises ``RuntimeError("can't start new thread")``), an asyncio task on the kernel's
   event loop runs one step per turn of the loop (``await asyncio.sleep(0)`` between
   steps), so widget messages (a Cancel click, a new choice) are handled between
   steps and progress reaches the page as it goes.  The click that started the job
   returns first: the "Working..." note shows before any work is done;
3. ``"sync"``: with neither (a script with no event loop), the steps run at once.

Charts are not background work: each is drawn in a few milliseconds
(:mod:`widgets.charts`).  What remains is solving (``odds.solve``, a few tenths of a
second; one step) and simulating (many steps: one per chunk of rounds, see
:class:`widgets.simulation_lab.SimulationLab`).

:class:`Background` is the mixin of StrategyChart and VariantExplorer: one job per
widget runs the newest request only ("latest request wins"), so quick clicks never pile
up work and a stale result is never shown.

>>> import ipywidgets
>>> from widgets.base import KitWidget
>>> class Slow(Background, KitWidget):
...     def __init__(self):
...         super().__init__()
...         self.status = ipywidgets.HTML()
...         self.shown = None
...     def show(self, x):
...         self.shown = x
>>> w = Slow()
>>> w._start(lambda: 6 * 7, w.show, "Working...") is None   # queued on the worker
True
>>> w.wait(), w.shown, w.status.value, w.busy
(True, 42, '', False)
>>> w.background = False
>>> w._start(lambda: "at once", w.show, "Working..."), w.shown
('at once', 'at once')
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, Iterator

from sette_kit.errors import SetteKitError
from sette_kit.i18n import _

from .base import LOG, UNEXPECTED, esc

__all__ = ["Background", "Job", "busy_html", "cancel_run", "event_loop", "job_done", "job_done_async",
           "show_failure", "threads_available"]


def event_loop():
    """The event loop a job without threads can run on, or None.

    The running loop (a kernel handling a widget message or executing a cell);
    in Pyodide, the browser's loop even when none is marked running (it is driven by
    the page, so its tasks run anyway)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":  # pragma: no cover - only in a browser
        return asyncio.get_event_loop()
    return None


def threads_available() -> bool:
    """Whether a thread can be started here (False in Pyodide)."""
    t = threading.Thread(target=lambda: None, daemon=True)
    try:
        t.start()
    except RuntimeError:
        return False
    t.join()
    return True


class Job:
    """Run the iterator ``steps`` to its end in a thread, as asyncio steps or at once
    (see the module docstring); :attr:`mode` says which."""

    def __init__(self, steps: Iterator, name: str = "sette-kit-work"):
        self.steps = steps
        self.name = name
        self.mode: str | None = None
        self._thread: threading.Thread | None = None
        self._task = None
        self._finished = False

    def start(self) -> "Job":
        # not a daemon: at exit Python lets the step in progress finish
        thread = threading.Thread(target=self._run_all, name=self.name, daemon=False)
        try:
            thread.start()
        except RuntimeError:  # no threads here (Pyodide): step on the event loop
            loop = event_loop()
            if loop is None:
                self.mode = "sync"
                self._run_all()
            else:
                self.mode = "async"
                self._task = loop.create_task(self._run_async())
        else:
            self.mode, self._thread = "thread", thread
        return self

    def _run_all(self) -> None:
        try:
            for _ in self.steps:
                pass
        finally:
            self._finished = True

    async def _run_async(self) -> None:
        try:
            await asyncio.sleep(0)  # let the request that started the job return first
            for _ in self.steps:
                await asyncio.sleep(0)  # the kernel handles the page's messages here
        finally:
            self._finished = True

    @property
    def finished(self) -> bool:
        return self._finished

    def wait(self, timeout: float | None = 60) -> bool:
        """Wait for the job to end; True if it has.  A job on a running event loop cannot
        be waited for from inside that loop (use ``await job.wait_async()``)."""
        if self.mode == "thread":
            self._thread.join(timeout)
        elif self.mode == "async" and not self._finished:
            loop = self._task.get_loop()
            if not loop.is_running():
                loop.run_until_complete(asyncio.wait_for(asyncio.shield(self._task), timeout))
        return self._finished

    async def wait_async(self, timeout: float | None = 60) -> bool:
        """Await the end of the job (any mode), letting the event loop run meanwhile."""
        end = None if timeout is None else time.monotonic() + timeout
        while not self._finished and (end is None or time.monotonic() < end):
            await asyncio.sleep(0.005)
        return self._finished


def job_done(job: Job | None, timeout: float | None) -> bool:
    """Wait for ``job`` (None: there is none); True when it has ended."""
    return job is None or job.wait(timeout)


async def job_done_async(job: Job | None, timeout: float | None) -> bool:
    """``await`` the end of ``job`` (None: there is none); True when it has ended."""
    return job is None or await job.wait_async(timeout)


def cancel_run(running: bool, cancel: threading.Event) -> bool:
    """A lab's Cancel: sets ``cancel`` (the running steps stop at the next one); an
    error when no simulation is ``running``."""
    if not running:
        raise SetteKitError(_("No simulation is running."))
    cancel.set()
    return True


def show_failure(widget, exc: Exception, what: str) -> None:
    """The message of a run that failed with ``exc`` (called in its ``except``): a
    SetteKitError's own words; anything else logged ("``what`` failed") and shown as
    :data:`~widgets.base.UNEXPECTED`, never a traceback for the learner."""
    if isinstance(exc, SetteKitError):
        widget.show_message(str(exc), kind="error")
    else:
        LOG.exception("%s failed", what)
        widget.show_message(UNEXPECTED, kind="error")


def busy_html(note: str) -> str:
    """The "working" note of a widget's status line."""
    return f'<span class="sk-busy" role="status">{esc(note)}</span>'


class Background:
    """Mixin: run slow work in one :class:`Job` per widget; only the newest request counts.

    ``self._start(work, done, note)`` shows ``note`` in ``self.status`` and queues
    ``work()``; the widget's job runs the newest queued request (older ones waiting are
    dropped), then calls ``done(result)`` unless a newer request came in meanwhile.  With
    ``self.background`` False or ``wait=True`` the work runs at once.  :meth:`wait` (or
    ``await`` :meth:`wait_async`) waits for the job (tests, scripts)."""

    background: bool = True
    _generation = 0
    _job: Job | None = None
    _pending = None

    if TYPE_CHECKING:  # pragma: no cover
        # of the widget it is mixed into (a KitWidget)
        status: Any  # an ipywidgets.HTML
        def show_message(self, text: str, kind: str = "info") -> None: ...

    @property
    def _bg_lock(self) -> threading.Lock:
        lock = self.__dict__.get("_lock")
        if lock is None:
            lock = self.__dict__.setdefault("_lock", threading.Lock())
        return lock

    def _new_request(self) -> int:
        """A new request's number: the requests before it are now stale."""
        with self._bg_lock:
            self._generation += 1
            return self._generation

    def _queue(self, request, note: str) -> None:
        """Show ``note`` in ``self.status`` and make ``request`` the newest pending one (an
        older one still waiting is dropped); start the widget's job if none runs."""
        self.status.value = busy_html(note)
        with self._bg_lock:
            self._pending = request
            job = None
            if self._job is None:
                job = self._job = Job(self._drain(), name=f"{type(self).__name__}-work")
        if job is not None:
            job.start()

    def _next_request(self):
        """For the job: the newest pending request, or None when there is none (the job ends)."""
        with self._bg_lock:
            request, self._pending = self._pending, None
            if request is None:
                self._job = None
            return request

    def _start(self, work, done, note: str, wait: bool | None = None):
        gen = self._new_request()
        if wait or (wait is None and not self.background):
            result = work()
            done(result)
            self.status.value = ""
            return result
        self._queue((gen, work, done), note)
        return None

    def _drain(self):
        """The job's steps: one request each, the newest pending one."""
        while (request := self._next_request()) is not None:
            gen, work, done = request
            try:
                result = work()
                if gen == self._generation:
                    done(result)
                    self.status.value = ""
            except Exception as e:  # noqa: BLE001 - never a traceback on the page
                self._failed(gen, e)
            yield

    def _failed(self, gen: int, error: Exception) -> None:
        """Background work of request ``gen`` raised ``error`` (called in its ``except``):
        a :class:`SetteKitError` becomes the widget's message, anything else is logged
        server-side and the learner reads a short apology (never a traceback)."""
        if isinstance(error, SetteKitError):
            text = str(error)
        else:
            LOG.exception("%s background work failed", type(self).__name__)
            text = UNEXPECTED
        if gen == self._generation:
            self.status.value = ""
            self.show_message(text, kind="error")

    def wait(self, timeout: float | None = 60) -> bool:
        """Wait for the background work to finish; True if nothing is running."""
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            job = self._job
            if job is None:
                return True
            left = None if end is None else max(0.0, end - time.monotonic())
            job.wait(left)
            if end is not None and time.monotonic() >= end:
                return self._job is None

    async def wait_async(self, timeout: float | None = 60) -> bool:
        """``await`` the background work (on the event loop the job runs on)."""
        end = None if timeout is None else time.monotonic() + timeout
        while self._job is not None and (end is None or time.monotonic() < end):
            await asyncio.sleep(0.005)
        return self._job is None

    @property
    def busy(self) -> bool:
        return self._job is not None
