"""``sette-kit serve`` in a child process, for the browser tests, the load test and the
benchmarks (test support, not delivery: the server never imports this).

- :class:`Server` - the server started, its ready line awaited, its kernels listed, and
  stopped for sure (its process group and every kernel);
- :func:`free_port`, :func:`descendants`, :func:`rss_bytes` - a free TCP port, the
  processes below a process and their resident memory (Linux ``/proc``).

The old names ``sette_kit.serve.Server``, ``.free_port``, ``.descendants`` and
``.rss_bytes`` are kept by the facade ``sette_kit/serve.py``.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import subprocess

from .serve import DEFAULT_IP, READY, TEACHERS_LINE, _host, lesson_url

__all__ = ["Server", "free_port", "descendants", "rss_bytes"]


def free_port(ip: str = DEFAULT_IP) -> int:
    """A TCP port that was free on ``ip`` a moment ago."""
    import socket

    with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as s:
        s.bind((ip.strip("[]"), 0))
        return s.getsockname()[1]


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # the command name is in parentheses and may contain spaces
        fields = stat[stat.rfind(")") + 2:].split()
        kids.setdefault(int(fields[1]), []).append(int(entry.name))
    return kids


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (Linux ``/proc``; empty elsewhere)."""
    if not Path("/proc").is_dir():
        return []
    kids, found, todo = _children(), [], [pid]
    while todo:
        for child in kids.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def rss_bytes(pid: int) -> int:
    """Resident memory of process ``pid`` in bytes (0 if it is gone or unknown)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _is_kernel(pid: int) -> bool:
    try:
        return b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _kernel_id(pid: int) -> str | None:
    """The id of the Jupyter kernel running as process ``pid`` (``-f .../kernel-<id>.json``)."""
    import re

    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return None
    found = re.search(r"kernel-([0-9a-f-]{36})\.json", cmdline)
    return found.group(1) if found else None


def _preheated(pid: int) -> bool:
    """True when process ``pid`` was started for a preheated pool (``VOILA_PREHEAT=True``)."""
    try:
        env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:
        return False
    return b"VOILA_PREHEAT=True" in env


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """Linux: the server gets SIGTERM (and shuts its kernels down) if the process that
    started it dies without stopping it, e.g. a test run killed by a timeout."""
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        try:
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except OSError:
            pass


class Server:
    """``sette-kit serve`` in a child process, stopped for sure on exit.

    >>> with Server("tests/browser/fixtures") as srv:          # doctest: +SKIP
    ...     srv.url("01-one-button.ipynb")
    'http://127.0.0.1:41234/voila/render/01-one-button.ipynb'

    ``extra`` are Voilà arguments (e.g. ``["--KitKernelManager.unconnected_timeout=3"]``);
    ``preheat``, ``max_kernels`` and ``max_kernels_per_client`` become
    ``--preheat``/``--no-preheat``, ``--max-kernels`` and ``--max-kernels-per-client``
    (None: the command's defaults); ``class_db`` becomes ``--class --db FILE`` (then
    ``teacher`` and ``join`` hold the printed addresses).  ``start()`` returns once the server printed its
    ready line (:data:`READY`).
    Every wait is bounded: ``start()`` raises ``RuntimeError`` with the server's log if
    the address is not announced within ``startup_timeout`` seconds.
    """

    def __init__(self, directory: str | os.PathLike | None = None, *, port: int | None = None,
                 ip: str = DEFAULT_IP, extra: list[str] | tuple[str, ...] = (),
                 preheat: bool | None = None, max_kernels: int | None = None,
                 max_kernels_per_client: int | None = None,
                 env: dict | None = None, startup_timeout: float = 60.0, lang: str | None = None,
                 class_db: str | os.PathLike | None = None):
        self.lang = lang
        self.class_db = class_db
        self.teacher: str | None = None  # with class_db: the dashboard's address, with the secret
        self.join: str | None = None     # with class_db: the learners' address, with the class code
        self.max_kernels_per_client = max_kernels_per_client
        self.directory = Path(directory).resolve() if directory is not None else None
        self.ip = ip
        self.preheat, self.max_kernels = preheat, max_kernels
        self.port = port or free_port(ip)
        self.extra = list(extra)
        self.env = env
        self.startup_timeout = startup_timeout
        self.proc: subprocess.Popen[str] | None = None
        self.landing: str | None = None
        self.ready_line: str | None = None
        self.teachers_notes: str | None = None  # the notes' address, with the teacher's key
        self.teacher_key: str | None = None
        self.lines: list[str] = []
        self._changed = threading.Condition()

    # -- life cycle
    def start(self) -> "Server":
        import subprocess
        import time

        cmd = [sys.executable, "-m", "sette_kit", "serve", "--no-browser",
               "--port", str(self.port), "--ip", self.ip]
        if self.directory is not None:
            cmd += ["--dir", str(self.directory)]
        if self.preheat is not None:
            cmd.append("--preheat" if self.preheat else "--no-preheat")
        if self.max_kernels is not None:
            cmd += ["--max-kernels", str(self.max_kernels)]
        if self.max_kernels_per_client is not None:
            cmd += ["--max-kernels-per-client", str(self.max_kernels_per_client)]
        if self.lang is not None:
            cmd += ["--lang", self.lang]
        if self.class_db is not None:
            cmd += ["--class", "--db", str(self.class_db)]
        if self.extra:
            cmd += ["--", *self.extra]
        env = dict(os.environ, PYTHONUNBUFFERED="1", **(self.env or {}))
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, text=True, env=env,
                                     start_new_session=True, preexec_fn=_die_with_parent)
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + self.startup_timeout
        with self._changed:
            while self.landing is None and self.proc.poll() is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._changed.wait(min(left, 0.5))
        if self.landing is None:
            log = self.log()
            self.stop()
            raise RuntimeError(f"sette-kit serve did not say it was ready within "
                               f"{self.startup_timeout:.0f} s; its output:\n{log}")
        return self

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None  # started, its output piped
        for line in self.proc.stdout:
            with self._changed:
                self.lines.append(line.rstrip("\n"))
                if line.startswith(READY) and self.landing is None:
                    self.ready_line = line.rstrip("\n")
                    self.landing = line[len(READY):].strip()
                    self.port = int(self.landing.split("://", 1)[1].split("/", 1)[0]
                                    .rsplit(":", 1)[1])
                elif line.startswith(TEACHERS_LINE) and self.teachers_notes is None:
                    self.teachers_notes = line[len(TEACHERS_LINE):].split()[0]
                    self.teacher_key = self.teachers_notes.rsplit("?key=", 1)[1]
                elif line.startswith(("teacher: ", "join: ")):
                    key, _, value = line.partition(": ")
                    setattr(self, key, value.strip())
                self._changed.notify_all()

    def wait_for(self, text: str, count: int = 1, timeout: float = 60.0) -> bool:
        """Wait until ``text`` appears in ``count`` lines of the log; False on timeout."""
        import time

        deadline = time.monotonic() + timeout
        with self._changed:
            while sum(text in line for line in self.lines) < count:
                left = deadline - time.monotonic()
                if left <= 0 or (self.proc is not None and self.proc.poll() is not None):
                    return False
                self._changed.wait(min(left, 0.5))
        return True

    def stop(self, timeout: float = 15.0) -> None:
        import signal
        import subprocess

        if self.proc is None or self.proc.poll() is not None:
            return
        kernels = self.kernel_pids()
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)  # Voila shuts its kernels down on TERM
            self.proc.wait(timeout)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(5)
        for pid in kernels:  # kernels run in sessions of their own: make sure they are gone
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- addresses and facts
    @property
    def base(self) -> str:
        return f"http://{_host(self.ip)}:{self.port}"

    def url(self, notebook: str) -> str:
        """The address of ``notebook`` (relative to the served folder)."""
        return lesson_url(notebook, port=self.port, ip=self.ip)

    def log(self) -> str:
        with self._changed:
            return "\n".join(self.lines)

    def kernel_pids(self) -> list[int]:
        """The kernels this server runs now."""
        if self.proc is None:
            return []
        return [pid for pid in descendants(self.proc.pid) if _is_kernel(pid)]

    def kernels(self) -> dict[str, int]:
        """The kernels this server runs now: kernel id -> process id (the id is read from
        the connection file named on the kernel's command line)."""
        found = {}
        for pid in self.kernel_pids():
            kernel_id = _kernel_id(pid)
            if kernel_id:
                found[kernel_id] = pid
        return found

    def page_kernels(self) -> dict[str, int]:
        """The kernels that serve (or served) a page: every running kernel but those
        waiting in a preheated pool.  A pool kernel is one Voilà started with
        ``VOILA_PREHEAT=True`` and has not logged handing to a page ("Using pre-heated
        kernel: <id>").  Unlike a count against the pool's size, this does not depend
        on whether the pools have been refilled yet."""
        with self._changed:
            handed = {line.split("Using pre-heated kernel: ", 1)[1].split()[0]
                      for line in self.lines if "Using pre-heated kernel: " in line}
        return {k: pid for k, pid in self.kernels().items()
                if k in handed or not _preheated(pid)}

    def kernel_story(self, kernel_id: str) -> str:
        """Every line of the server's log that names ``kernel_id``: what it did with it."""
        with self._changed:
            return "\n".join(line for line in self.lines if kernel_id in line)
