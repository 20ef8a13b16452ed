"""The kernel manager of ``sette-kit serve``: a cap on the kernels of pages, a short life
for kernels whose page never connected, and the kernel guard in every kernel.

Voilà builds its kernel manager on the class named by
``VoilaConfiguration.multi_kernel_manager_class``; ``sette-kit serve`` names
:class:`KitKernelManager` there (see :func:`sette_kit.serve.voila_argv`), so Voilà's
preheated-kernel machinery sits on top of it and every kernel, preheated or not, is
started through :meth:`KitKernelManager.start_kernel`.

Page kernels and pool kernels
    A *pool* kernel is one Voilà preheats for a notebook before anyone asks (it runs
    the notebook and waits); when a page is requested it is handed to that page and
    becomes a *page* kernel.  Every other kernel is started for a page request.  The
    cap (``max_kernels``) counts page kernels only: the pool is bounded on its own
    (``default_pool_size`` kernels per notebook).

Pages whose browser never connects
    A learner's browser opens the kernel's websocket a moment after the page arrives.
    A plain GET (curl, a crawler, a link preview) never does; its kernel would hold
    memory until the idle culler, 30 minutes later.  A page kernel that has never had
    a websocket connection is shut down after ``unconnected_timeout`` seconds without
    activity (it is never cut while busy, e.g. still rendering its page).
"""

from __future__ import annotations

import time
from datetime import datetime, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from traitlets import Bool, Float, Integer, List, Unicode

__all__ = ["KitKernelManager", "GUARD_ARGUMENTS"]

#: Arguments given to every kernel: load the kernel guard (sette_kit/webapp/kernel_guard.py)
#: and keep the kernel's own file descriptor 2 (its log) away from the browser's stderr.
GUARD_ARGUMENTS = [
    "--IPKernelApp.extra_extensions=sette_kit.webapp.kernel_guard",
    "--IPKernelApp.capture_fd_output=False",
]

_PREHEAT_ENV = "VOILA_PREHEAT"  # Voilà sets it to "True" in the environment of pool kernels


class KitKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager with the kit's limits (configurable as
    ``KitKernelManager.<option>``)."""

    max_kernels = Integer(0, config=True, help=(
        "At most this many kernels serve pages at once (the preheated pool is not "
        "counted); a page requested beyond it gets 'the class is full' (HTTP 503). "
        "0: no limit. `sette-kit serve --max-kernels` sets it."))

    unconnected_timeout = Float(60.0, config=True, help=(
        "Seconds a page's kernel may wait, idle, for its browser to connect before it is "
        "shut down (a plain GET or a crawler never connects). 0: never."))

    kernel_guard = Bool(True, config=True, help=(
        "Load sette_kit.webapp.kernel_guard in every kernel: tracebacks and logs go to "
        "the server's log, never over the websocket."))

    guard_arguments = List(Unicode(), default_value=list(GUARD_ARGUMENTS), config=True,
                           help="Extra kernel command-line arguments used when kernel_guard is on.")

    def __init__(self, **kwargs):
        self._kit_pool_born: set[str] = set()      # started for the preheated pool
        self._kit_pool_starting: set[str] = set()  # ... and not yet handed to the pool
        self._kit_connected: set[str] = set()      # had a websocket connection once
        self._kit_seen: dict[str, float] = {}      # page kernel -> when first seen serving a page
        self._kit_reserved = 0                     # page requests in flight without a kernel yet
        self._kit_reaper: PeriodicCallback | None = None
        super().__init__(**kwargs)

    # -- starting and stopping -------------------------------------------------------
    async def start_kernel(self, *, kernel_id: str | None = None, **kwargs) -> str:
        pooled = (kwargs.get("env") or {}).get(_PREHEAT_ENV) == "True"
        if kernel_id is None or kernel_id not in self:
            kernel_id = kernel_id or self.new_kernel_id()
            if self.kernel_guard:
                kwargs["extra_arguments"] = [*kwargs.get("extra_arguments", []), *self.guard_arguments]
            if pooled:
                self._kit_pool_born.add(kernel_id)
                self._kit_pool_starting.add(kernel_id)
            self._start_reaper()
        try:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        except BaseException:
            self._forget(kernel_id)
            raise
        finally:
            self._kit_pool_starting.discard(kernel_id)

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._forget(kernel_id)

    def notify_connect(self, kernel_id):
        self._kit_connected.add(kernel_id)
        return super().notify_connect(kernel_id)

    def _forget(self, kernel_id: str) -> None:
        for bag in (self._kit_pool_born, self._kit_pool_starting, self._kit_connected):
            bag.discard(kernel_id)
        self._kit_seen.pop(kernel_id, None)

    # -- which kernels serve pages ---------------------------------------------------
    def _pool_kernel_ids(self) -> set[str]:
        """Kernels waiting in Voilà's preheated pools (started, not yet handed to a page)."""
        found = set(self._kit_pool_starting)
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    found.add(task.result().get("kernel_id"))
        return found

    def page_kernel_ids(self) -> list[str]:
        """The running kernels that serve pages (every kernel but the waiting pool)."""
        pool = self._pool_kernel_ids()
        return [k for k in list(self._kernels) if k not in pool]

    def page_kernel_count(self) -> int:
        """Kernels serving pages, plus page requests that are getting one right now."""
        return len(self.page_kernel_ids()) + self._kit_reserved

    def reserve_page_kernel(self) -> bool:
        """Called by the page handler before it asks Voilà for a kernel: False (and
        nothing reserved) when ``max_kernels`` page kernels already run."""
        if self.max_kernels > 0 and self.page_kernel_count() >= self.max_kernels:
            return False
        self._kit_reserved += 1
        return True

    def release_page_kernel(self) -> None:
        """The reserved request now has its kernel (or failed): stop counting it twice."""
        self._kit_reserved = max(0, self._kit_reserved - 1)

    # -- ending kernels whose page never connected ------------------------------------
    def _start_reaper(self) -> None:
        if self._kit_reaper is not None or self.unconnected_timeout <= 0:
            return
        every = max(0.5, min(15.0, self.unconnected_timeout / 3))
        self._kit_reaper = PeriodicCallback(self.end_unconnected_kernels, 1000 * every)
        self._kit_reaper.start()
        self.log.info("sette-kit: kernels of pages no browser connects to end after %g s "
                      "(checked every %g s)", self.unconnected_timeout, every)

    async def end_unconnected_kernels(self) -> list[str]:
        """Shut down the page kernels that never had a websocket connection and have been
        idle for ``unconnected_timeout`` seconds; return their ids."""
        now = time.monotonic()
        pages = set(self.page_kernel_ids())
        for kernel_id in list(self._kit_seen):
            if kernel_id not in pages:  # back in no page (gone): forget when we saw it
                del self._kit_seen[kernel_id]
        ended = []
        for kernel_id in pages:
            if kernel_id in self._kit_connected:
                continue
            seen = self._kit_seen.setdefault(kernel_id, now)
            kernel = self._kernels.get(kernel_id)
            if kernel is None or getattr(kernel, "execution_state", "") in ("busy", "starting"):
                continue
            quiet = now - seen
            last = getattr(kernel, "last_activity", None)
            if isinstance(last, datetime):
                quiet = min(quiet, (datetime.now(timezone.utc) - last).total_seconds())
            if quiet < self.unconnected_timeout:
                continue
            self.log.info("sette-kit: shutting down kernel %s: no browser connected to its page "
                          "within %g s", kernel_id, self.unconnected_timeout)
            try:
                await self.shutdown_kernel(kernel_id)
                ended.append(kernel_id)
            except Exception as exc:  # already gone, or it failed: the culler tries later
                self.log.warning("sette-kit: could not shut down kernel %s: %s", kernel_id, exc)
        return ended
