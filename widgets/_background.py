"""Slow work off the page's thread, shared by OddsLab, StrategyChart and VariantExplorer.

:class:`Background` is a mixin for a :class:`~widgets.base.KitWidget` with a ``status``
HTML area: one worker thread per widget runs the newest request only ("latest request
wins"), so quick clicks never pile up threads and a stale result is never shown.
:data:`CHART_LOCK` is held while matplotlib draws, so two widgets' workers never draw
at once.  (Both names are also importable from :mod:`widgets.strategy_chart`, where they
were first defined.)

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

import threading
import time

from sette_kit.errors import SetteKitError

from .base import LOG, UNEXPECTED, esc

__all__ = ["Background", "CHART_LOCK"]

CHART_LOCK = threading.Lock()
"""Held while matplotlib draws a chart, so that two widgets' background threads never draw at once."""


class Background:
    """Mixin: run slow work in one background worker thread; only the newest request counts.

    ``self._start(work, done, note)`` shows ``note`` in ``self.status`` and queues
    ``work()``; one worker thread runs the newest queued job (older ones waiting are
    dropped, so quick clicks never pile up threads), then calls ``done(result)`` unless a
    newer request came in meanwhile.  With ``self.background`` False or ``wait=True`` the
    work runs at once.  :meth:`wait` waits for the worker (tests, scripts)."""

    background: bool = True
    _generation = 0
    _thread: threading.Thread | None = None
    _pending = None

    @property
    def _bg_lock(self) -> threading.Lock:
        lock = self.__dict__.get("_lock")
        if lock is None:
            lock = self.__dict__.setdefault("_lock", threading.Lock())
        return lock

    def _start(self, work, done, note: str, wait: bool | None = None):
        with self._bg_lock:
            self._generation += 1
            gen = self._generation
        if wait or (wait is None and not self.background):
            result = work()
            done(result)
            self.status.value = ""
            return result
        self.status.value = f'<span class="sk-busy" role="status">{esc(note)}</span>'
        with self._bg_lock:
            self._pending = (gen, work, done)
            if self._thread is None:
                # not a daemon: at exit Python waits for the job (under a second) instead of
                # killing the thread inside matplotlib's C++ code (which aborts the process)
                self._thread = threading.Thread(target=self._worker, daemon=False,
                                                name=f"{type(self).__name__}-work")
                self._thread.start()
        return None

    def _worker(self) -> None:
        while True:
            with self._bg_lock:
                job, self._pending = self._pending, None
                if job is None:
                    self._thread = None
                    return
            gen, work, done = job
            try:
                result = work()
                if gen == self._generation:
                    done(result)
                    self.status.value = ""
            except SetteKitError as e:
                if gen == self._generation:
                    self.status.value = ""
                    self.show_message(str(e), kind="error")
            except Exception:  # noqa: BLE001 - never a traceback on the page
                LOG.exception("%s background work failed", type(self).__name__)
                if gen == self._generation:
                    self.status.value = ""
                    self.show_message(UNEXPECTED, kind="error")

    def wait(self, timeout: float | None = 60) -> bool:
        """Wait for the background work to finish; True if nothing is running."""
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            t = self._thread
            if t is None:
                return True
            t.join(None if end is None else max(0.0, end - time.monotonic()))
            if end is not None and time.monotonic() >= end:
                return self._thread is None

    @property
    def busy(self) -> bool:
        return self._thread is not None
