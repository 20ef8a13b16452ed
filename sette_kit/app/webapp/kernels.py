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

Pages no browser is connected to
    A learner's browser opens the kernel's websocket a moment after the page arrives
    and keeps it open while the page is open.  A plain GET (curl, a crawler, a link
    preview) never connects; a page that connected and then went away without saying
    so (a script, a crash, a closed laptop: no ``beforeunload`` beacon) drops its
    websocket.  Either kernel would hold a place in the class until the idle culler,
    30 minutes later.  A page kernel with no websocket connection is shut down
    ``unconnected_timeout`` seconds after its page was sent or its last connection
    closed (whichever is later), busy or not: a kernel whose page is gone has nothing
    to compute for.  A connection that drops and comes back within that time (Wi-Fi)
    keeps the kernel.  A page that has reached a browser still loading it (at load 20
    Chromium took more than a minute to open the websocket) says so every few seconds
    (:meth:`KitKernelManager.notify_loading`, from the page's first script): its kernel
    waits ``unconnected_timeout`` after the last word, at most ``loading_limit`` after
    the page was sent, so a page closed while it loads still loses its kernel soon.

Owners
    Each page kernel belongs to the browser that asked for its page: the page handler
    gives every browser a random, HTTP-only cookie (:data:`CLIENT_COOKIE`) and the
    manager records which cookie and which address each page kernel serves.  Only
    its owner may see a kernel, connect to it or end it (:meth:`KitKernelManager.owns`;
    the app's kernel handlers answer 404 to anyone else), and one address may hold at
    most ``max_kernels_per_client`` page kernels at once, so no one learner can fill
    the class.

Preheating
    Voilà's preheated pools, with the kit's policy on top (:class:`KitPreheating`, mixed
    over Voilà's own manager by :class:`sette_kit.webapp.app.KitVoila`): only the
    notebooks of ``preheat_folder`` (the served language's lessons) are preheated, at
    most ``preheat_concurrency`` at once and never while a page is being prepared, so
    that start-up never starves a learner's page; a notebook whose preheating fails
    (a cell did not finish in time, its kernel did not start) is preheated again a
    little later, at most ``preheat_retries`` times, and never handed to a page.

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

import asyncio
import re
import time
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from pathlib import Path, PurePosixPath

from traitlets import Bool, Float, Integer, List, Unicode, default

from ...course import LANDING

__all__ = ["KitKernelManager", "KitPreheating", "GUARD_ARGUMENTS", "PageRender", "CLIENT_COOKIE"]

#: Arguments given to every kernel: load the kernel guard (sette_kit/webapp/kernel_guard.py),
#: keep the kernel's own file descriptor 2 (its log) away from the browser's stderr, and keep
#: no IPython history (a served kernel has nothing to remember, and many kernels writing one
#: SQLite file showed "database is locked" on a learner's page).
GUARD_ARGUMENTS = [
    "--IPKernelApp.extra_extensions=sette_kit.webapp.kernel_guard",
    "--IPKernelApp.capture_fd_output=False",
    "--HistoryManager.enabled=False",
]

#: The cookie that names a browser to the server: which page kernels are its own
CLIENT_COOKIE = "sette_kit_client"

_PREHEAT_ENV = "VOILA_PREHEAT"  # Voilà sets it to "True" in the environment of pool kernels
#: a kernel that is not alive for this long while its page is prepared has died (the
#: restarter, when it restarts a kernel, makes it alive again within a second or two)
_DEAD_GRACE = 5.0


@dataclass
class PageRender:
    """One page request being prepared: the kernels it uses, and how it is going."""

    kernel_ids: list[str] = field(default_factory=list)
    client: str = ""   # the browser's CLIENT_COOKIE: its kernels are its own
    address: str = ""  # the browser's address: at most max_kernels_per_client kernels each
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
        "Seconds a page's kernel may live with no browser connected to it before it is "
        "shut down: after its page was sent (a plain GET or a crawler never connects) or "
        "after its last connection closed (a page gone without its leave beacon). 0: never."))

    loading_limit = Float(240.0, config=True, help=(
        "Seconds at most a page's kernel waits for its websocket while the page's browser "
        "says the page is still loading (its first script posts /sette-kit/loading/<kernel> "
        "every few seconds until the websocket opens; on a busy machine a browser took more "
        "than a minute to start a page's scripts).  Such a kernel ends unconnected_timeout "
        "seconds after the last word (the page was closed while it loaded), or this many "
        "seconds after its page was sent."))

    max_kernels_per_client = Integer(4, config=True, help=(
        "At most this many page kernels for one client address at once (a learner's "
        "open lessons); a page beyond it asks the learner to close one. 0: no limit. "
        "`sette-kit serve --max-kernels-per-client` sets it."))

    preheat_folder = Unicode(None, allow_none=True, config=True, help=(
        "Preheat only the notebooks directly in this folder, relative to the served one "
        "('' the top folder, 'it' the Italian lessons); None: every notebook Voila finds."))

    preheat_concurrency = Integer(config=True, help=(
        "Notebooks preheated at once (a kernel started and the notebook run in it). "
        "By default half the machine's cores, at least 1."))

    @default("preheat_concurrency")
    def _default_preheat_concurrency(self) -> int:
        import os

        return max(1, (os.cpu_count() or 2) // 2)

    preheat_retries = Integer(3, config=True, help=(
        "How many times a notebook whose preheating failed is preheated again; after "
        "that its pages start their own kernel."))

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
        self._kit_alone: dict[str, float] = {}     # kernel -> when its last connection closed
        self._kit_loading: dict[str, float] = {}   # kernel -> when its page last said it loads
        self._kit_ending: set[str] = set()          # kernels being shut down: no page's any more
        self._kit_owner: dict[str, tuple[str, str]] = {}  # page kernel -> (client, address)
        self._kit_pages = 0                        # pages being prepared now
        self._kit_seen: dict[str, float] = {}      # page kernel of no known page -> first seen
        self._kit_rendering: dict[str, int] = {}   # kernel -> pages being prepared with it
        self._kit_sent: dict[str, float] = {}      # kernel -> when its page was sent
        self._kit_restarts: dict[str, int] = {}    # kernel -> automatic restarts
        self._kit_reserved: dict[str, int] = {}    # address -> page requests without a kernel yet
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
        self._kit_ending.add(kernel_id)  # from now on its page no longer finds it (owns)
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
        self._kit_alone.pop(kernel_id, None)
        return super().notify_connect(kernel_id)

    def notify_disconnect(self, kernel_id):
        result = super().notify_disconnect(kernel_id)
        if kernel_id in self and self.connections(kernel_id) == 0:
            self._kit_alone[kernel_id] = time.monotonic()
        return result

    def notify_loading(self, kernel_id: str) -> dict:
        """The page of ``kernel_id`` says it is still loading in its browser, which has not
        opened the websocket yet.  The answer: ``connected`` (the websocket has opened: the
        page stops saying it) and ``next``, the seconds after which it says it again (None:
        no need, kernels here never end for want of a browser)."""
        if kernel_id in self._kit_connected:
            return {"connected": True, "next": None}
        if self.unconnected_timeout <= 0:
            return {"connected": False, "next": None}
        if kernel_id in self:
            self._kit_loading[kernel_id] = time.monotonic()
        return {"connected": False, "next": self.loading_interval}

    @property
    def loading_interval(self) -> float:
        """Seconds between a loading page's words: four of them within unconnected_timeout,
        so that a browser too busy to send one or two in time keeps its kernel."""
        return max(0.5, min(10.0, self.unconnected_timeout / 4))

    def connections(self, kernel_id: str) -> int:
        """Websocket connections open to ``kernel_id`` now."""
        return self._kernel_connections.get(kernel_id, 0)

    def _forget(self, kernel_id: str) -> None:
        for bag in (self._kit_pool_born, self._kit_pool_starting, self._kit_connected, self._kit_ending):
            bag.discard(kernel_id)
        for book in (self._kit_seen, self._kit_rendering, self._kit_sent, self._kit_restarts,
                     self._kit_alone, self._kit_owner, self._kit_loading):
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
    def begin_page(self, client: str = "", address: str = "") -> PageRender:
        """Called by the page handler before it asks Voilà for a page: the kernel started
        for it (:meth:`start_kernel` sees the request's :class:`PageRender`) or handed to
        it from the pool (:meth:`claim_page_kernel`) is prepared until :meth:`end_page`,
        and belongs to ``client`` (the browser's cookie) at ``address``."""
        page = PageRender(client=client, address=address)
        _CURRENT_PAGE.set(page)
        self._kit_pages += 1
        self._kit_pages_changed()
        return page

    def claim_page_kernel(self, page: PageRender, kernel_id: str) -> None:
        """``kernel_id`` serves ``page``, which is being prepared."""
        if kernel_id in page.kernel_ids or kernel_id not in self:
            return
        page.kernel_ids.append(kernel_id)
        self._kit_owner[kernel_id] = (page.client, page.address)
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
        self._kit_pages = max(0, self._kit_pages - 1)
        self._kit_pages_changed()

    def _kit_pages_changed(self) -> None:
        """Hook: the number of pages being prepared changed (KitPreheating waits on it)."""

    # -- owners ------------------------------------------------------------------------
    def owns(self, kernel_id: str, client: str | None) -> bool:
        """True when ``client`` (a browser's cookie) may see, use or end ``kernel_id``:
        the kernel serves a page that browser asked for, and is not being shut down."""
        owner = self._kit_owner.get(kernel_id)
        return (bool(client) and owner is not None and owner[0] == client and kernel_id in self
                and kernel_id not in self._kit_ending)

    def client_kernel_count(self, address: str) -> int:
        """Page kernels held by ``address`` now, and its page requests getting one."""
        held = sum(1 for k, (_, a) in list(self._kit_owner.items()) if a == address and k in self)
        return held + self._kit_reserved.get(address, 0)

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
        return len(self.page_kernel_ids()) + sum(self._kit_reserved.values())

    def reserve_page_kernel(self, address: str = "") -> str | None:
        """Called by the page handler before it asks Voilà for a kernel: None when the
        request may have one (it is then counted until :meth:`release_page_kernel`),
        else why not: ``"full"`` when ``max_kernels`` page kernels already run,
        ``"client"`` when ``address`` already holds ``max_kernels_per_client``."""
        if self.max_kernels > 0 and self.page_kernel_count() >= self.max_kernels:
            return "full"
        if self.max_kernels_per_client > 0 and self.client_kernel_count(address) >= self.max_kernels_per_client:
            return "client"
        self._kit_reserved[address] = self._kit_reserved.get(address, 0) + 1
        return None

    def release_page_kernel(self, address: str = "") -> None:
        """The reserved request now has its kernel (or failed): stop counting it twice."""
        left = self._kit_reserved.get(address, 0) - 1
        if left > 0:
            self._kit_reserved[address] = left
        else:
            self._kit_reserved.pop(address, None)

    # -- ending kernels no page is connected to -----------------------------------------
    def _start_reaper(self) -> None:
        if self._kit_reaper is not None or self.unconnected_timeout <= 0:
            return
        every = max(0.5, min(15.0, self.unconnected_timeout / 3))
        self._kit_reaper = PeriodicCallback(self.end_unconnected_kernels, 1000 * every)
        self._kit_reaper.start()
        self.log.info("sette-kit: kernels of pages no browser connects to end after %g s "
                      "(checked every %g s)", self.unconnected_timeout, every)

    async def end_unconnected_kernels(self) -> list[str]:
        """Shut down the page kernels that no browser is connected to, whose page was
        sent, or whose last connection closed, ``unconnected_timeout`` seconds ago;
        return their ids.  A kernel whose page is still being prepared is left alone,
        and so is one that is starting.  (A page kernel of no page the handler prepared,
        if there is one, counts from when this method first saw it.)  A kernel that was
        never connected also waits while it is busy or recently active (a slow start);
        one whose page connected and went away does not: its page is gone.  A page that
        says it is still loading (:meth:`notify_loading`) keeps its kernel until
        ``unconnected_timeout`` seconds after it last said so, and at most
        ``loading_limit`` seconds after it was sent."""
        now = time.monotonic()
        pages = set(self.page_kernel_ids())
        for kernel_id in list(self._kit_seen):
            if kernel_id not in pages:  # back in no page (gone): forget when we saw it
                del self._kit_seen[kernel_id]
        ended = []
        for kernel_id in pages:
            if (kernel_id in self._kit_rendering or kernel_id in self._kit_ending
                    or self.connections(kernel_id) > 0):
                continue
            kernel = self._kernels.get(kernel_id)
            if kernel is None or getattr(kernel, "execution_state", "") == "starting":
                continue
            timeout = self.unconnected_timeout
            if kernel_id in self._kit_connected:  # connected once: its page went away
                since = self._kit_alone.setdefault(kernel_id, now)
                why = f"its page's connection closed {timeout:g} s ago"
            else:
                sent = self._kit_sent.get(kernel_id)
                if sent is None:
                    sent = self._kit_seen.setdefault(kernel_id, now)
                if getattr(kernel, "execution_state", "") == "busy":
                    continue
                since = sent
                last = getattr(kernel, "last_activity", None)
                if isinstance(last, datetime):
                    since = max(since, now - (datetime.now(timezone.utc) - last).total_seconds())
                why = f"no browser connected to its page {timeout:g} s ago"
                loading = self._kit_loading.get(kernel_id)
                if loading is not None:  # a browser has the page and is still loading it
                    since = max(since, loading)
                    why = f"its page stopped saying it was loading {timeout:g} s ago"
                    if now - sent >= max(timeout, self.loading_limit):
                        since, timeout = sent, max(timeout, self.loading_limit)
                        why = f"its page was still loading {timeout:g} s after it was sent"
            if now - since < timeout:
                continue
            self.log.info("sette-kit: shutting down kernel %s: %s", kernel_id, why)
            try:
                await self.shutdown_kernel(kernel_id)
                ended.append(kernel_id)
            except Exception as exc:  # already gone, or it failed: the culler tries later
                self.log.warning("sette-kit: could not shut down kernel %s: %s", kernel_id, exc)
        return ended


class KitPreheating:
    """The kit's preheating policy over Voilà's ``VoilaKernelManager`` (module doc).

    Voilà builds its preheating manager as a subclass of the configured one
    (``voila_kernel_manager_factory``); :class:`sette_kit.webapp.app.KitVoila` mixes this
    class over the result, so its methods come first and ``super()`` reaches Voilà's.
    What changes:

    * which notebooks: ``preheat_folder`` and ``preheat_denylist`` are matched against the
      path *relative to the served folder* (Voilà matches the absolute path, where a
      pattern such as ``^(it|es)/`` never matches), and the landing page comes first;
    * how many at once: at most ``preheat_concurrency`` notebooks are preheated at a
      time, and none starts while a page is being prepared (for at most
      :data:`YIELD_TO_PAGES_S` seconds, so a busy class still gets its pools);
    * a pool kernel counts as available only once its preheating has started
      (:meth:`get_pool_size`): a page for a notebook still waiting for its turn gets a
      fresh kernel at once instead of waiting behind the others;
    * a failed preheat (a cell that did not finish within the cell limit, an error,
      a kernel that did not start) is taken out of the pool, its kernel shut down, the
      reason logged, and the notebook preheated again after a pause, at most
      ``preheat_retries`` times.
    """

    #: seconds a preheat waits for pages being prepared before it starts anyway
    YIELD_TO_PAGES_S = 60.0
    #: pause before preheating a notebook again after a failure (doubles each time)
    RETRY_AFTER_S = 5.0

    def __init__(self, **kwargs):
        self._kit_slots: asyncio.Semaphore | None = None
        self._kit_idle: asyncio.Event | None = None
        self._kit_warming: set = set()              # pool tasks whose preheating has started
        self._kit_failures: dict[str, int] = {}     # notebook -> preheats failed in a row
        self._kit_preheat_done: dict[str, asyncio.Event] = {}
        self._kit_stopping = False
        self._kit_startup = True
        super().__init__(**kwargs)  # Voilà finds no notebook to preheat (see _notebook_filter)
        self._kit_startup = False
        if getattr(self, "notebook_path", None) is None:
            for name in self.preheat_order():
                self.fill_if_needed(delay=0, notebook_name=name)
            if self.preheat_order():
                self.log.info("sette-kit: preheating %d notebook(s), %d at a time: %s",
                              len(self.preheat_order()), self.preheat_concurrency,
                              ", ".join(self.preheat_order()))

    # -- which notebooks ----------------------------------------------------------------
    def _notebook_filter(self, nb_path) -> bool:
        if self._kit_startup:
            return False  # __init__ fills the pools itself, in preheat_order()
        return self.should_preheat(nb_path)

    def should_preheat(self, nb_path) -> bool:
        """Whether the notebook at ``nb_path`` (absolute, or relative to the served
        folder) gets a preheated pool."""
        path = Path(nb_path)
        if path.is_absolute():
            try:
                path = path.relative_to(self.root_dir)
            except ValueError:
                return False
        rel = PurePosixPath(path.as_posix())
        if ".ipynb_checkpoints" in rel.parts or rel.suffix != ".ipynb":
            return False
        if self.preheat_folder is not None and rel.parent != PurePosixPath(self.preheat_folder.strip("/") or "."):
            return False
        name = str(rel)
        return not any(pattern in name or re.match(pattern, name) for pattern in self.preheat_denylist)

    def preheat_order(self) -> list[str]:
        """The notebooks to preheat, relative to the served folder: the landing page
        first, then by name."""
        root = Path(self.root_dir)
        names = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.ipynb") if self.should_preheat(p))
        return sorted(names, key=lambda n: (PurePosixPath(n).name != LANDING, n))

    # -- at most a few at once, after the pages ------------------------------------------
    def _kit_pages_changed(self) -> None:
        if self._kit_idle is not None:
            if self._kit_pages:
                self._kit_idle.clear()
            else:
                self._kit_idle.set()

    async def _kit_turn(self) -> None:
        """Wait for a preheating slot, after the pages being prepared (at most
        YIELD_TO_PAGES_S)."""
        if self._kit_slots is None:
            self._kit_slots = asyncio.Semaphore(max(1, self.preheat_concurrency))
            self._kit_idle = asyncio.Event()
            self._kit_pages_changed()
        await self._kit_slots.acquire()
        if self._kit_pages:
            try:
                await asyncio.wait_for(self._kit_idle.wait(), self.YIELD_TO_PAGES_S)
            except asyncio.TimeoutError:
                pass

    async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs):
        if kernel_id is not None:  # Voilà runs a restarted kernel's notebook again
            return await super()._initialize(notebook_path, kernel_id, **kwargs)
        pool_task = asyncio.current_task()
        await self._kit_turn()
        self._kit_warming.add(pool_task)
        try:
            content = await super()._initialize(notebook_path, None, **kwargs)
        except BaseException as exc:
            self._kit_slots.release()
            self._kit_warming.discard(pool_task)
            self._kit_preheat_failed(notebook_path, pool_task, None, f"its kernel did not start ({exc})")
            raise
        content["task"].add_done_callback(lambda task: self._kit_preheated(notebook_path, pool_task, content))
        return content

    def _kit_preheated(self, notebook_path: str, pool_task, content: dict) -> None:
        """The notebook has run in its pool kernel (or a page took the kernel first)."""
        self._kit_slots.release()
        if self._kit_stopping:
            return
        renderer, task = content["renderer"], content["task"]
        failure = getattr(renderer, "kit_failure", None)
        if failure is None and (task.cancelled() or task.exception() is not None):
            failure = f"it could not be run ({'cancelled' if task.cancelled() else task.exception()})"
        if failure is None:
            self._kit_failures.pop(notebook_path, None)
            self._kit_done(notebook_path)
        elif not renderer.stop_generator:  # no page has it yet: nobody sees the broken page
            self._kit_preheat_failed(notebook_path, pool_task, content["kernel_id"], failure)
        # else: a page took the kernel while it ran; the page says it failed and reloads

    def _kit_preheat_failed(self, notebook_path: str, pool_task, kernel_id: str | None, why: str) -> None:
        if self._kit_stopping:
            return
        pool = self._pools.get(notebook_path, [])
        if pool_task in pool:
            pool.remove(pool_task)
        self._kit_warming.discard(pool_task)
        if kernel_id is not None and kernel_id in self:
            asyncio.ensure_future(self._kit_shutdown_quietly(kernel_id))
        failures = self._kit_failures[notebook_path] = self._kit_failures.get(notebook_path, 0) + 1
        if failures > self.preheat_retries:
            self.log.warning("sette-kit: preheating %s failed %d times (%s); its pages start their "
                             "own kernel", notebook_path, failures, why)
            self._kit_done(notebook_path)
            return
        delay = self.RETRY_AFTER_S * 2 ** (failures - 1)
        self.log.warning("sette-kit: preheating %s failed (%s); trying again in %g s",
                         notebook_path, why, delay)
        self.fill_if_needed(delay=delay, notebook_name=notebook_path)

    async def _kit_shutdown_quietly(self, kernel_id: str) -> None:
        try:
            await self.shutdown_kernel(kernel_id, now=True)  # half-run: nothing to keep
        except Exception as exc:  # noqa: BLE001 - gone already
            self.log.info("sette-kit: kernel %s was already gone (%s)", kernel_id, exc)

    def _kit_done(self, notebook_path: str) -> None:
        self._kit_preheat_done.setdefault(notebook_path, asyncio.Event()).set()

    async def wait_preheated(self, notebook_path: str, timeout: float) -> bool:
        """Wait until ``notebook_path``'s first preheating has ended (run, or given up);
        False after ``timeout`` seconds or when it is not preheated at all."""
        if notebook_path not in self._pools:
            return False
        event = self._kit_preheat_done.setdefault(notebook_path, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), timeout)
            return True
        except asyncio.TimeoutError:
            return False

    # -- which pool kernels a page may have ----------------------------------------------
    def _kit_available(self, task) -> bool:
        if task.done():
            return not task.cancelled() and task.exception() is None
        return task in self._kit_warming

    def get_pool_size(self, notebook_name: str) -> int:
        return sum(1 for task in self._pools.get(notebook_name, ()) if self._kit_available(task))

    async def get_rendered_notebook(self, notebook_name: str, *args, **kwargs):
        pool = self._pools.get(notebook_name, [])
        pool.sort(key=lambda task: not self._kit_available(task))  # Voilà takes the first
        return await super().get_rendered_notebook(notebook_name, *args, **kwargs)

    async def shutdown_all(self, now: bool = False) -> None:
        """Stop every kernel, the pools' too, without a traceback: preheats still waiting
        for their turn never start, kernels being started for a pool finish starting
        first (Voilà's own shutdown misses them: they are not yet the manager's), and a
        kernel that is gone already is no error."""
        self._kit_stopping = True
        tasks = [task for pool in self._pools.values() for task in pool]
        self._pools = {}
        for task in tasks:
            if not task.done() and task not in self._kit_warming:
                task.cancel()
        starting = [task for task in tasks if not task.done()]
        if starting:
            await asyncio.wait(starting, timeout=60)
        for task in starting:
            if not task.done():
                task.cancel()
        for kernel_id in list(self._kernels):
            try:
                await self.shutdown_kernel(kernel_id, now=now)
            except Exception as exc:  # noqa: BLE001 - gone already, or died: nothing to stop
                self.log.info("sette-kit: kernel %s was already gone at shutdown (%s)", kernel_id, exc)
