"""Each lesson page's first state, recorded at build time (drawn before Python).

The build runs every page's code cells in CPython with the browser's own runtime
(``runtime/sette_kit_runtime.py``, with its IPython stand-in first on ``sys.path``) and
keeps, for each page, what each cell showed and the widgets' state
(``ipywidgets.Widget.get_manager_state``).  The page draws them at once with
``@jupyter-widgets/html-manager`` - cards, labels, charts, disabled controls - and the
live widgets take their place when Python in the browser has run the cell.

Runs in two processes (the pages split between them), and each page's record is cached
under a hash of its cells, its language, the kit's and the runtime's wheels: a warm
rebuild runs nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from ...errors import SetteKitError

HERE = Path(__file__).resolve().parent
RUNTIME = HERE / "runtime"
PROCESSES = 2


def _key(page: dict, kit, runtime) -> str:
    digest = hashlib.sha256(json.dumps([page["lang"], page["cells"], kit.sha256, runtime.sha256,
                                        (HERE / "_record.py").read_bytes().hex()[:64]]).encode())
    return digest.hexdigest()[:24]


def record_pages(pages: list[dict], *, cache: Path, kit, runtime, log=print) -> dict[str, dict]:
    """``{rel: {"outputs": [...], "state": {...}, "failed": [...]}}`` for ``pages``
    (``{"rel", "lang", "cells"}``)."""
    store = cache / "recorded"
    store.mkdir(parents=True, exist_ok=True)
    out, todo = {}, []
    for page in pages:
        path = store / f"{_key(page, kit, runtime)}.json"
        if path.is_file():
            out[page["rel"]] = json.loads(path.read_text(encoding="utf-8"))
        else:
            todo.append((page, path))
    if not todo:
        return out
    log(f"recording the first state of {len(todo)} page(s) (running their cells in Python)")
    from ._wheels import project_root

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(RUNTIME), str(project_root()),
                                         *filter(None, [env.get("PYTHONPATH")])])
    chunks = [todo[i::PROCESSES] for i in range(PROCESSES)]
    procs = []
    for chunk in filter(None, chunks):
        data = json.dumps([{"lang": p["lang"], "cells": p["cells"]} for p, _ in chunk])
        proc = subprocess.Popen([sys.executable, str(RUNTIME / "sette_kit_runtime.py")],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, text=True, encoding="utf-8")
        procs.append((chunk, proc, data))
    for chunk, proc, data in procs:
        stdout, stderr = proc.communicate(data)
        if proc.returncode:
            raise SetteKitError("recording the pages' first state failed:\n" + stderr[-3000:])
        for (page, path), rec in zip(chunk, json.loads(stdout)):
            if rec["failed"]:
                log(f"  {page['rel']}: cell(s) {rec['failed']} failed when the build ran them")
            path.write_text(json.dumps(rec), encoding="utf-8")
            out[page["rel"]] = rec
    return out
