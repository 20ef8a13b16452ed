"""Kernel side of ``sette-kit serve``: nothing of the server's insides goes over the websocket.

Every kernel the served app starts loads this module as an IPython extension
(``--IPKernelApp.extra_extensions=sette_kit.webapp.kernel_guard``, given by
:class:`sette_kit.webapp.kernels.KitKernelManager`; kernels started any other way, such
as JupyterLab's or nbval's, never load it).  Without it, a page's kernel sends to every
browser connected to it:

* ``error`` messages with full tracebacks (site-packages paths, source lines) when a
  widget update from the browser is invalid (a Dropdown index of 10**9, a Checkbox set
  to "notabool") or a click handler raises: ipywidgets calls ``shell.showtraceback()``;
* ``stream`` (stderr) messages with tracebacks when a ``comm_open`` is malformed (no
  version metadata, an unknown target) or a widget action logs an exception
  (``widgets.base.safe_action``): Python's logging writes to ``sys.stderr``, which the
  kernel forwards to the browser.

With it:

* tracebacks are written to the server's log (the kernel process's own stderr, which
  is the server's), and the browser gets one short generic line instead
  (:data:`GENERIC`);
* logging and warnings go to the server's log only;
* whatever is written to ``sys.stderr`` goes to the server's log only: a lesson has
  nothing to tell a learner on stderr.

Standard output, displays and widgets are untouched.
"""

from __future__ import annotations

import io
import logging
import os
import re
import sys

__all__ = ["GENERIC", "load_ipython_extension", "ServerLog"]

#: What a learner's browser gets instead of a traceback (the wording of lessons/voila.json)
GENERIC = "Something went wrong on the server; please tell your teacher."

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_PREFIX = f"[sette-kit kernel {os.getpid()}]"


class HiddenError(Exception):
    """The exception type the browser is told about (``ename`` of the error message)."""


HiddenError.__name__ = HiddenError.__qualname__ = "Error"


def _server_stream():
    """The kernel process's own stderr: the server's log, never the browser.

    ipykernel replaces ``sys.stderr`` by a stream to the browser; ``sys.__stderr__``
    is the process's file descriptor 2, which goes to the browser too unless the
    kernel runs with ``capture_fd_output=False`` (as the served kernels do).  When it
    was captured anyway, write to the copy ipykernel kept of the original descriptor.
    """
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    if fd is not None:
        return io.TextIOWrapper(io.FileIO(os.dup(fd), "w"), line_buffering=True,
                                errors="backslashreplace")
    return sys.__stderr__


class ServerLog(io.TextIOBase):
    """A text stream that goes to the server's log, line by line with a prefix."""

    def __init__(self, stream, label: str = "stderr"):
        self._stream, self._label, self._pending = stream, label, ""

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        text = str(text)
        self._pending += text
        *lines, self._pending = self._pending.split("\n")
        for line in lines:
            self._emit(line)
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self._emit(self._pending)
            self._pending = ""
        try:
            self._stream.flush()
        except (OSError, ValueError):
            pass

    def _emit(self, line: str) -> None:
        try:
            self._stream.write(f"{_PREFIX} {self._label}: {line}\n")
        except (OSError, ValueError):
            pass

    # ipykernel calls these on sys.stderr for every message it handles
    def set_parent(self, parent) -> None:
        pass

    @property
    def encoding(self) -> str:
        return "utf-8"


def _is_browser_stream(stream) -> bool:
    return type(stream).__module__.startswith("ipykernel.")


def _route_logging(server) -> logging.Handler:
    handler = logging.StreamHandler(server)
    handler.setFormatter(logging.Formatter(f"{_PREFIX} %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    loggers = [root, *(lg for lg in logging.Logger.manager.loggerDict.values()
                       if isinstance(lg, logging.Logger))]
    for logger in loggers:  # handlers made before us that write to the browser's stderr
        for h in list(logger.handlers):
            if isinstance(h, logging.StreamHandler) and _is_browser_stream(h.stream):
                h.setStream(server)
    root.addHandler(handler)
    logging.lastResort = handler
    logging.captureWarnings(True)  # warnings.warn -> logger "py.warnings" -> the server
    return handler


def _hide_tracebacks(shell, log: logging.Logger) -> None:
    original = shell._showtraceback

    def _showtraceback(etype, evalue, stb):
        text = _ANSI.sub("", "\n".join(stb or [])) or f"{getattr(etype, '__name__', etype)}: {evalue}"
        log.error("a traceback was kept from the browser:\n%s", text)
        original(HiddenError, HiddenError(GENERIC), [GENERIC])

    shell._showtraceback = _showtraceback


def load_ipython_extension(shell) -> None:
    """Installed by ``--IPKernelApp.extra_extensions`` in the kernels of the served app."""
    if getattr(shell, "_sette_kit_guarded", False):
        return
    server = _server_stream()
    _route_logging(server)
    _hide_tracebacks(shell, logging.getLogger("sette_kit.kernel"))
    sys.stderr.flush()
    sys.stderr = ServerLog(server)
    shell._sette_kit_guarded = True
