"""The static site's lean browser runtime in CPython: the kit's widgets on
ipywidgets with the runtime's IPython stand-in instead of IPython, and the Jupyter
messages a page gets.  Each test runs in a subprocess whose ``sys.path`` starts with
``sette_kit/app/site/runtime`` (the stand-in must shadow the real IPython installed here),
with the pure path forced, as in the browser (no numpy there)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "sette_kit" / "app" / "site" / "runtime"


def run(code: str) -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(RUNTIME), str(ROOT)]), SETTE_KIT_PURE="1")
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


PRELUDE = """
import asyncio, json, sys
import sette_kit_runtime as rt
sent = []
runtime = rt.start(lambda text, buffers: sent.append(json.loads(text)))
def run(code, msg_type="execute_request", **content):
    sent.clear()
    msg = rt.request(msg_type, dict(content, code=code) if code is not None else content)
    asyncio.run(runtime.handle(json.dumps(msg)))
    return [m for m in sent]
def types(msgs):
    return [m["header"]["msg_type"] for m in msgs]
"""


def test_the_stand_in_is_what_ipywidgets_and_the_kit_import():
    out = run(PRELUDE + """
import IPython, ipywidgets, widgets
from IPython.display import HTML, display
print(json.dumps({"ipython": IPython.__file__, "version": IPython.__version__,
                  "shell": IPython.get_ipython() is runtime, "kernel": IPython.get_ipython().kernel is runtime,
                  "prompt_toolkit": "prompt_toolkit" in sys.modules, "pygments": "pygments" in sys.modules,
                  "jedi": "jedi" in sys.modules}))
""")
    assert out["ipython"].startswith(str(RUNTIME)), out
    assert out["version"].endswith("stand-in") and out["shell"] and out["kernel"]
    assert not (out["prompt_toolkit"] or out["pygments"] or out["jedi"]), out


def test_a_cell_shows_its_last_value_and_prints_and_fails_in_one_message():
    out = run(PRELUDE + """
a = run("x = 6\\nprint('hi')\\nx * 7")
b = run("1 / 0")
c = run("from IPython.display import HTML, display\\ndisplay(HTML('<b>b</b>'))\\nNone")
print(json.dumps({"a": types(a), "a_out": [a[1]["content"], a[2]["content"]["data"]],
                  "b": types(b), "b_reply": b[-2]["content"]["status"], "ename": b[1]["content"]["ename"],
                  "c": c[1]["content"]["data"], "parent": a[1]["parent_header"]["msg_type"]}))
""")
    assert out["a"] == ["status", "stream", "execute_result", "execute_reply", "status"]
    assert out["a_out"] == [{"name": "stdout", "text": "hi\n"}, {"text/plain": "42"}]
    assert out["b"] == ["status", "error", "execute_reply", "status"] and out["b_reply"] == "error"
    assert out["ename"] == "ZeroDivisionError"
    assert out["c"]["text/html"] == "<b>b</b>"
    assert out["parent"] == "execute_request"


def test_a_widget_opens_its_comm_and_answers_the_page():
    out = run(PRELUDE + """
import widgets
opened = run("from widgets import ScoreTrainer\\nw = ScoreTrainer('plain', seed=0)\\nw")
opens = [m for m in opened if m["header"]["msg_type"] == "comm_open"]
view = [m for m in opened if m["header"]["msg_type"] == "execute_result"][0]["content"]["data"]
model = view["application/vnd.jupyter.widget-view+json"]["model_id"]
info = run(None, "comm_info_request", target_name="jupyter.widget")
# the page clicks "Deal": a comm_msg to the button's model
deal = [m for m in opens if m["content"]["data"]["state"].get("description") == "Deal"][0]
clicked = run(None, "comm_msg", comm_id=deal["content"]["comm_id"], data={"method": "custom", "content": {"event": "click"}})
forgot = run("import sette_kit_runtime as r\\nr.current().forget_page()")
left = run("print('w' in dir())")
print(json.dumps({"opens": len(opens), "target": opens[0]["content"]["target_name"],
                  "model_known": model in info[1]["content"]["comms"],
                  "updates": sum(m["header"]["msg_type"] == "comm_msg" for m in clicked),
                  "closed": sum(m["header"]["msg_type"] == "comm_close" for m in forgot),
                  "left": left[1]["content"]["text"]}))
""")
    assert out["opens"] > 3 and out["target"] == "jupyter.widget" and out["model_known"]
    assert out["updates"] > 0, "a click on Deal changed nothing"
    assert out["closed"] >= out["opens"] - 1
    assert out["left"].strip() == "False"


def test_a_background_job_steps_on_the_event_loop_without_threads():
    """In Pyodide threads cannot start: jobs run as asyncio tasks on the runtime's loop
    (widgets/_background.py), which the runtime's handlers run on."""
    out = run(PRELUDE + """
import threading
def no_threads(self, *a, **k):
    raise RuntimeError("can't start new thread")
threading.Thread.start = no_threads
async def main():
    msg = rt.request("execute_request", {"code": '''
from widgets._background import Job
steps = []
def work():
    for i in range(5):
        steps.append(i)
        yield
job = Job(work())
job.start()
mode = job.mode
'''})
    await runtime.handle(json.dumps(msg))
    for _ in range(50):
        await asyncio.sleep(0)
    ns = runtime.user_ns
    return ns["mode"], ns["steps"]
mode, steps = asyncio.run(main())
print(json.dumps({"mode": mode, "steps": steps}))
""")
    assert out == {"mode": "async", "steps": [0, 1, 2, 3, 4]}, out


def test_the_build_records_a_lessons_first_state():
    out = run("""
import json, sette_kit_runtime as rt
from pathlib import Path
from sette_kit.site._pages import Source, page_cells
nb = json.loads(Path("lessons/00-start-here.ipynb").read_text())
cells = page_cells(nb, Source(Path("lessons/00-start-here.ipynb"), "00-start-here.ipynb", "index.html"))
rec = rt.record([{"cells": cells, "lang": "en"}])[0]
views = [o["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] for outs in rec["outputs"]
         for o in outs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
print(json.dumps({"failed": rec["failed"], "views": len(views),
                  "known": all(v in rec["state"]["state"] for v in views)}))
""")
    assert out["failed"] == [] and out["views"] >= 1 and out["known"], out


def test_the_runtimes_doctests():
    """Its doctests, here in a process of their own (never collected in the test run's:
    the stand-in would shadow IPython there; see conftest.py)."""
    out = run("""
import doctest, json, sette_kit_runtime
failed, tried = doctest.testmod(sette_kit_runtime)
print(json.dumps({"failed": failed, "tried": tried}))
""")
    assert out["failed"] == 0 and out["tried"] > 5, out
