"""``sette-kit class`` for the browser tests: the hub as a subprocess on a free
port, killed with SIGKILL and started again on the same file and port, and its API."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from sette_kit.cli.class_ import read_addresses

ROOT = Path(__file__).resolve().parents[2]


def post(base: str, path: str, body, token: str | None = None) -> dict:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def get(base: str, path: str, token: str) -> dict:
    req = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


class Hub:
    """``sette-kit class --port N --ip 127.0.0.1 --no-browser --db <tmp>/class.db`` (and
    ``--site DIR`` when given): ``teacher``, ``join``, ``base``, ``secret``, ``code``."""

    def __init__(self, tmp_path: Path, site: Path | None = None) -> None:
        self.tmp_path, self.site = tmp_path, site
        self.procs: list[subprocess.Popen] = []
        lines = self._start(0)
        self.teacher, self.join = lines["teacher"], lines["join"]
        self.base = self.teacher.split("/class/teacher")[0]
        self.secret = self.teacher.split("#", 1)[1]
        self.code = self.join.rsplit("=", 1)[1]
        self.port = int(self.base.rsplit(":", 1)[1])

    def _start(self, port: int) -> dict:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               "SETTE_KIT_SITE_CACHE": str(self.tmp_path / "cache" / "site")}
        args = [sys.executable, "-m", "sette_kit", "class", "--port", str(port), "--ip", "127.0.0.1",
                "--no-browser", "--db", str(self.tmp_path / "class.db")]
        if self.site is not None:
            args += ["--site", str(self.site)]
        p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        self.procs.append(p)
        return read_addresses(p.stdout)

    def kill_9(self) -> None:
        self.procs[-1].send_signal(signal.SIGKILL)
        self.procs[-1].wait(60)

    def restart(self) -> None:
        """The same file and the same port: the same addresses."""
        self._start(self.port)

    def kill_9_and_restart(self) -> None:
        self.kill_9()
        self.restart()

    def summary(self, lesson: str = "06") -> dict:
        return get(self.base, f"/class/api/summary?lesson={lesson}", self.secret)

    def control(self, **body) -> dict:
        return post(self.base, "/class/api/control", body, self.secret)

    def close(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                p.wait(60)
