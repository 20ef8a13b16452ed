"""The `no_threads` fixture: a test runs as in Pyodide, where no thread can start (imported by the tests that use it)."""

from __future__ import annotations

import asyncio
import threading

import pytest


@pytest.fixture
def no_threads(monkeypatch):
    """Threads cannot start (as in Pyodide: ``RuntimeError("can't start new thread")``), and
    no event loop is running in this thread to begin with (a session-wide Playwright browser
    of the browser tests marks one as running: it is set aside for the test and put back
    after)."""
    from widgets._background import threads_available

    def refuse(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    assert not threads_available()
    outer = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(outer)
