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
    a websocket connection is shut down ``unconnected_timeout`` seconds after its page
    was sent (or after its last activity, if later).

Pages being prepared
    The page handler (:class:`sette_kit.webapp.app.KitPageHandler`) tells the manager
    which kernels the page it is preparing uses (:meth:`KitKernelManager.begin_page`,
    :meth:`~KitKernelManager.end_page`).  Such a kernel is never shut down for want of
    a browser while its page is prepared: a kernel can sit idle for a long time then
    (slow to answer its first request on a busy machine, or waiting while the server
    renders), and ending it left Voilà's page waiting forever, sending keep-alives.
    The handler in turn asks :meth:`~KitKernelManager.page_problem` while it waits:
    a page whose kernel was shut down, died or restarted, or that has sent nothing but
    keep-alives for ``render_stall_timeout`` seconds, is ended with the kit's error.
"""

from __future__ import annotations

import time
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from traitlets import Bool, Float, Integer, List, Unicode, default

__all__ = ["KitKernelManager", "GUARD_ARGUMENTS", "PageRender"]

#: Arguments given to every kernel: load the kernel guard (sette_kit/webapp/kernel_guard.py)
#: and keep the kernel's own file descriptor 2 (its log) away from the browser's stderr.
GUARD_ARGUMENTS = [
    "--IPKernelApp.extra_extensions=sette_kit.webapp.kernel_guard",
    "--IPKernelApp.capture_fd_output=False",
]

_PREHEAT_ENV = "VOILA_PREHEAT"  # Voilà sets it to "True" in the environment of pool kernels
#: a kernel that is not alive for this long while its page is prepared has died (the
#: restarter, when it restarts a kernel, makes it alive again within a second or two)
_DEAD_GRACE = 5.0


@dataclass
class PageRender:
    """One page request being prepared: the kernels it uses, and how it is going."""

    kernel_ids: list[str] = field(default_factory=list)
    started: float = field(default_factory=lambda: time.monotonic())
    last_html: float = field(default_factory=lambda: time.monotonic())  # last chunk not a keep-alive
    restarts: dict[str, int] = field(default_factory=dict)  # kernel id -> restarts when claimed
    dead_since: dict[str, float] = field(default_factory=dict)


#: the page being prepared by the current request (set by the page handler, read by
#: :meth:`KitKernelManager.start_kernel`, which Voilà calls from that request)
_CURRENT_PAGE: ContextVar[PageRender | None] = ContextVar("sette_kit_page", default=None)


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

    render_stall_timeout = Float(config=True, help=(
        "A page that has sent nothing but keep-alives for this many seconds while it is "
        "prepared is ended with the kit's error and its kernel shut down. 0: never. "
        "By default VoilaExecutor.timeout (one cell) plus VoilaExecutor.startup_timeout "
        "(a kernel's start) plus a minute, at least 180 s; 0 when cells have no timeout."))

    @default("render_stall_timeout")
    def _default_render_stall_timeout(self) -> float:
        executor = self.config.get("VoilaExecutor", {})
        cell = executor.get("timeout", 30)  # nbclient's default
        if cell is None or float(cell) <= 0:  # cells may run forever: so may a page
            return 0.0
        return max(180.0, float(cell) + float(executor.get("startup_timeout", 60)) + 60.0)

    def __init__(self, **kwargs):
        self._kit_pool_born: set[str] = set()      # started for the preheated pool
        self._kit_pool_starting: set[str] = set()  # ... and not yet handed to the pool
        self._kit_connected: set[str] = set()      # had a websocket connection once
        self._kit_seen: dict[str, float] = {}      # page kernel of no known page -> first seen
        self._kit_rendering: dict[str, int] = {}   # kernel -> pages being prepared with it
        self._kit_sent: dict[str, float] = {}      # kernel -> when its page was sent
        self._kit_restarts: dict[str, int] = {}    # kernel -> automatic restarts
        self._kit_reserved = 0                     # page requests in flight without a kernel yet
        self._kit_reaper: PeriodicCallback | None = None
        super().__init__(**kwargs)
        if self.render_stall_timeout > 0:
            self.log.info("sette-kit: a page that sends nothing for %g s while it is prepared "
                          "ends with an error", self.render_stall_timeout)

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
        new = kernel_id not in self
        try:
            kernel_id = await super().start_kernel(kernel_id=kernel_id, **kwargs)
        except BaseException:
            self._forget(kernel_id)
            raise
        finally:
            self._kit_pool_starting.discard(kernel_id)
        if new:
            self._watch_restarts(kernel_id)
        page = _CURRENT_PAGE.get()
        if new and page is not None and not pooled:  # started for the page this request prepares
            self.claim_page_kernel(page, kernel_id)
        return kernel_id

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._forget(kernel_id)

    def remove_kernel(self, kernel_id):
        """Also called when a kernel died for good (the restarter gave up)."""
        try:
            return super().remove_kernel(kernel_id)
        finally:
            self._forget(kernel_id)

    def notify_connect(self, kernel_id):
        self._kit_connected.add(kernel_id)
        return super().notify_connect(kernel_id)

    def _forget(self, kernel_id: str) -> None:
        for bag in (self._kit_pool_born, self._kit_pool_starting, self._kit_connected):
            bag.discard(kernel_id)
        for book in (self._kit_seen, self._kit_rendering, self._kit_sent, self._kit_restarts):
            book.pop(kernel_id, None)

    def _watch_restarts(self, kernel_id: str) -> None:
        """Count the automatic restarts of a kernel (its process died and was replaced)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None or not hasattr(kernel, "add_restart_callback"):
            return

        def restarted():
            self._kit_restarts[kernel_id] = self._kit_restarts.get(kernel_id, 0) + 1
        kernel.add_restart_callback(restarted, "restart")

    # -- pages being prepared ------------------------------------------------------------
    def begin_page(self) -> PageRender:
        """Called by the page handler before it asks Voilà for a page: the kernel started
        for it (:meth:`start_kernel` sees the request's :class:`PageRender`) or handed to
        it from the pool (:meth:`claim_page_kernel`) is prepared until :meth:`end_page`."""
        page = PageRender()
        _CURRENT_PAGE.set(page)
        return page

    def claim_page_kernel(self, page: PageRender, kernel_id: str) -> None:
        """``kernel_id`` serves ``page``, which is being prepared."""
        if kernel_id in page.kernel_ids or kernel_id not in self:
            return
        page.kernel_ids.append(kernel_id)
        page.restarts[kernel_id] = self._kit_restarts.get(kernel_id, 0)
        self._kit_rendering[kernel_id] = self._kit_rendering.get(kernel_id, 0) + 1
        self._kit_sent.pop(kernel_id, None)

    def end_page(self, page: PageRender) -> None:
        """The page has been sent (or has failed): from now on its kernels wait for a
        browser, for ``unconnected_timeout`` seconds."""
        now = time.monotonic()
        for kernel_id in page.kernel_ids:
            left = self._kit_rendering.get(kernel_id, 0) - 1
            if left > 0:
                self._kit_rendering[kernel_id] = left
            else:
                self._kit_rendering.pop(kernel_id, None)
                if kernel_id in self:
                    self._kit_sent[kernel_id] = now
        page.kernel_ids = []
        if _CURRENT_PAGE.get() is page:
            _CURRENT_PAGE.set(None)

    def page_note_html(self, page: PageRender) -> None:
        """The page sent some of itself (not a keep-alive)."""
        page.last_html = time.monotonic()

    async def page_problem(self, page: PageRender) -> str | None:
        """Why the page being prepared can never be finished, or None while it can: its
        kernel was shut down (the learner left, the culler) or died or restarted (what it
        had made for the page is gone), or it has sent nothing but keep-alives for
        ``render_stall_timeout`` seconds."""
        now = time.monotonic()
        for kernel_id in page.kernel_ids:
            kernel = self._kernels.get(kernel_id)
            if kernel is None:
                return f"its kernel {kernel_id} was shut down"
            if self._kit_restarts.get(kernel_id, 0) != page.restarts.get(kernel_id, 0):
                return f"its kernel {kernel_id} died and was restarted"
            alive = True
            try:
                result = kernel.is_alive()
                alive = bool(await result) if hasattr(result, "__await__") else bool(result)
            except Exception:  # noqa: BLE001 - a kernel that cannot tell is not alive
                alive = False
            if alive:
                page.dead_since.pop(kernel_id, None)
            elif now - page.dead_since.setdefault(kernel_id, now) >= _DEAD_GRACE:
                return f"its kernel {kernel_id} died"
        if self.render_stall_timeout > 0 and now - page.last_html >= self.render_stall_timeout:
            return f"it has sent nothing for {now - page.last_html:.0f} s"
        return None

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
        """Shut down the page kernels that never had a websocket connection, whose page
        was sent ``unconnected_timeout`` seconds ago and that have been idle as long;
        return their ids.  A kernel whose page is still being prepared is left alone.
        (A page kernel of no page the handler prepared, if there is one, counts from
        when this method first saw it.)"""
        now = time.monotonic()
        pages = set(self.page_kernel_ids())
        for kernel_id in list(self._kit_seen):
            if kernel_id not in pages:  # back in no page (gone): forget when we saw it
                del self._kit_seen[kernel_id]
        ended = []
        for kernel_id in pages:
            if kernel_id in self._kit_connected or kernel_id in self._kit_rendering:
                continue
            since = self._kit_sent.get(kernel_id)
            if since is None:
                since = self._kit_seen.setdefault(kernel_id, now)
            kernel = self._kernels.get(kernel_id)
            if kernel is None or getattr(kernel, "execution_state", "") in ("busy", "starting"):
                continue
            quiet = now - since
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
