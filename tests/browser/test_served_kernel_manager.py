"""The bookkeeping of ``sette-kit serve``'s kernel manager, in this process, on a fake
clock and fake kernels (no kernel process, no server): which page kernels the "never
connected" reaper ends, and when a page being prepared can never be finished
(sette_kit/webapp/kernels.py).  The same behaviour end to end, with real kernels, is in
test_served_kernels.py.
"""

from __future__ import annotations

import asyncio
import threading
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import pytest

from sette_kit.webapp import kernels
from sette_kit.webapp.kernels import KitKernelManager

TIMEOUT = 3.0  # unconnected_timeout of the manager under test


class Clock:
    """A stand-in for the ``time`` module of sette_kit.webapp.kernels."""

    def __init__(self):
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


class FakeKernel:
    def __init__(self, state: str = "idle"):
        self.execution_state = state
        # no activity for a long time: only the page's own clock can keep it
        self.last_activity = datetime.now(timezone.utc) - timedelta(hours=1)
        self.alive = True
        self.restart_callbacks = []

    async def is_alive(self) -> bool:
        return self.alive

    def add_restart_callback(self, callback, event):
        self.restart_callbacks.append((callback, event))


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(kernels, "time", SimpleNamespace(monotonic=fake.monotonic))
    return fake


@pytest.fixture
def manager():
    m = KitKernelManager(unconnected_timeout=TIMEOUT)
    m.ended = []

    async def shutdown_kernel(kernel_id, *args, **kwargs):  # what the real one does to our books
        m.ended.append(kernel_id)
        m._kernels.pop(kernel_id, None)
        m._forget(kernel_id)
    m.shutdown_kernel = shutdown_kernel
    yield m
    kernels._CURRENT_PAGE.set(None)  # begin_page set it in this thread's context


def add_kernel(manager, kernel_id: str, **kw) -> FakeKernel:
    kernel = manager._kernels[kernel_id] = FakeKernel(**kw)
    manager._kernel_connections[kernel_id] = 0  # as jupyter_server's start_kernel sets it
    manager._watch_restarts(kernel_id)
    return kernel


def run(coro):
    """Run ``coro`` to the end in a thread of its own: the browser tests' Playwright may
    hold this thread's event loop, where asyncio.run refuses to start another."""
    box: dict = {}

    def work():
        try:
            box["result"] = asyncio.run(coro)
        except BaseException as exc:  # raised below, in the test's thread
            box["error"] = exc
    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(30)
    assert not worker.is_alive(), "the coroutine did not end within 30 s"
    if "error" in box:
        raise box["error"]
    return box["result"]


def reap(manager) -> list[str]:
    return run(manager.end_unconnected_kernels())


def test_a_kernel_is_never_ended_while_its_page_is_prepared(manager, clock):
    add_kernel(manager, "k")
    page = manager.begin_page()
    manager.claim_page_kernel(page, "k")
    for _ in range(10):  # an hour idle (say, waiting for a slow kernel): kept
        assert reap(manager) == []
        clock.now += 360
    manager.end_page(page)  # the page is sent: the clock starts now
    assert reap(manager) == []
    clock.now += TIMEOUT - 0.5
    assert reap(manager) == []
    clock.now += 1
    assert reap(manager) == ["k"]


def test_a_connected_page_keeps_its_kernel(manager, clock):
    add_kernel(manager, "k")
    page = manager.begin_page()
    manager.claim_page_kernel(page, "k")
    manager.end_page(page)
    manager.notify_connect("k")  # the page's websocket is open
    clock.now += 3600
    assert reap(manager) == []


def test_a_page_gone_without_its_leave_beacon_loses_its_kernel(manager, clock):
    """Connected once, then the websocket dropped (a closed laptop, a
    script): the kernel ends once no page has been connected for the timeout, busy or
    not; a connection back within it (Wi-Fi) keeps it."""
    kernel = add_kernel(manager, "k", state="busy")
    page = manager.begin_page()
    manager.claim_page_kernel(page, "k")
    manager.end_page(page)
    manager.notify_connect("k")
    manager.notify_disconnect("k")
    clock.now += TIMEOUT - 1
    assert reap(manager) == []
    manager.notify_connect("k")  # back
    clock.now += 10 * TIMEOUT
    assert reap(manager) == []
    manager.notify_disconnect("k")  # gone for good
    clock.now += TIMEOUT - 1
    assert reap(manager) == []
    clock.now += 1
    assert kernel.execution_state == "busy" and reap(manager) == ["k"]


def test_busy_kernels_and_recent_activity_wait(manager, clock):
    kernel = add_kernel(manager, "k", state="busy")
    page = manager.begin_page()
    manager.claim_page_kernel(page, "k")
    manager.end_page(page)
    clock.now += 10 * TIMEOUT
    assert reap(manager) == []  # busy: never cut
    kernel.execution_state = "idle"
    kernel.last_activity = datetime.now(timezone.utc)  # it just did something
    assert reap(manager) == []


def test_a_kernel_of_no_known_page_counts_from_when_it_is_first_seen(manager, clock):
    add_kernel(manager, "k")  # e.g. a pool kernel handed out before its page named it
    assert reap(manager) == []
    clock.now += TIMEOUT + 1
    assert reap(manager) == ["k"]


def test_two_pages_on_one_kernel_keep_it_until_both_are_sent(manager, clock):
    add_kernel(manager, "k")
    first, second = manager.begin_page(), manager.begin_page()
    manager.claim_page_kernel(first, "k")
    manager.claim_page_kernel(second, "k")
    manager.end_page(first)
    clock.now += 10 * TIMEOUT
    assert reap(manager) == []
    manager.end_page(second)
    clock.now += TIMEOUT + 1
    assert reap(manager) == ["k"]


def problem(manager, page):
    return run(manager.page_problem(page))


def test_a_page_being_prepared_is_fine_while_its_kernel_is(manager, clock):
    add_kernel(manager, "k")
    page = manager.begin_page()
    manager.claim_page_kernel(page, "k")
    clock.now += manager.render_stall_timeout - 1
    assert problem(manager, page) is None


def test_a_page_whose_kernel_was_shut_down_can_never_be_finished(manager, clock):
    add_kernel(manager, "k")
    page = manager.begin_page()
    manager.claim_page_kernel(page, "k")
    run(manager.shutdown_kernel("k"))  # the learner left, or the culler
    assert "was shut down" in problem(manager, page)


def test_a_page_whose_kernel_restarted_can_never_be_finished(manager, clock):
    kernel = add_kernel(manager, "k")
    page = manager.begin_page()
    manager.claim_page_kernel(page, "k")
    (callback, event), = kernel.restart_callbacks
    assert event == "restart"
    callback()  # the restarter replaced the kernel's process: what the page had is gone
    assert "restarted" in problem(manager, page)


def test_a_kernel_that_stays_dead_fails_its_page_after_a_grace(manager, clock):
    kernel = add_kernel(manager, "k")
    page = manager.begin_page()
    manager.claim_page_kernel(page, "k")
    kernel.alive = False
    assert problem(manager, page) is None  # maybe restarting
    clock.now += kernels._DEAD_GRACE
    assert "died" in problem(manager, page)


def test_a_page_that_sends_only_keep_alives_for_too_long_is_stuck(manager, clock):
    add_kernel(manager, "k")
    page = manager.begin_page()
    manager.claim_page_kernel(page, "k")
    clock.now += manager.render_stall_timeout
    assert "sent nothing" in problem(manager, page)
    manager.page_note_html(page)  # a cell arrived
    clock.now += manager.render_stall_timeout - 1
    assert problem(manager, page) is None
    clock.now += 1
    assert "sent nothing" in problem(manager, page)
    manager.render_stall_timeout = 0  # 0: no bound
    assert problem(manager, page) is None


@pytest.mark.parametrize("cell, bound", [(60, 180.0), (300, 420.0), (0, 0.0), (None, 0.0)])
def test_the_stall_bound_follows_the_cell_timeout(cell, bound):
    """A page may wait for one cell (VoilaExecutor.timeout) and a kernel's start
    (startup_timeout, 60 s): the bound is their sum and a minute, at least 180 s; none
    when cells may run forever."""
    from traitlets.config import Config

    config = Config()
    config.VoilaExecutor.timeout = cell
    assert KitKernelManager(config=config).render_stall_timeout == bound
    config.KitKernelManager.render_stall_timeout = 5.0  # set: wins
    assert KitKernelManager(config=config).render_stall_timeout == 5.0
