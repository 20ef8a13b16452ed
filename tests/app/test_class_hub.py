"""The class hub over HTTP: join, events, state, summary, controls, export, kill -9.

Most tests run the hub in a thread of this process on a free port and talk to it with
urllib; the restart test runs ``sette-kit class`` as a subprocess and kills it with
SIGKILL.  Nothing sleeps for a fixed time: every wait is on a condition.
"""

from __future__ import annotations

import asyncio
import csv
import gzip
import io
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from sette_kit.classroom.hub import MAX_BODY, MAX_EVENTS, Hub, application
from sette_kit.cli.class_ import read_addresses

ROOT = Path(__file__).resolve().parents[2]


class Client:
    """HTTP to one hub: JSON in and out; ``status`` and ``headers`` of the last answer."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, path, body=None, token=None, raw=None, method=None):
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        req = urllib.request.Request(self.base + path, data=data, method=method or ("POST" if data is not None else "GET"))
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=300) as r:
                self.status, self.headers, text = r.status, r.headers, r.read().decode()
        except urllib.error.HTTPError as e:
            self.status, self.headers, text = e.code, e.headers, e.read().decode()
        self.text = text
        return json.loads(text) if self.headers.get("Content-Type", "").startswith("application/json") else text

    def join(self, code, nickname="Ada"):
        return self.call("/class/api/join", {"code": code, "nickname": nickname})

    def send(self, token, *events):
        return self.call("/class/api/events", {"events": list(events)}, token=token)


def ev(i, item="06.p1", answer="higher", **kw):
    return {"id": f"e{i}", "lesson": "06", "item": item, "answer": answer, **kw}


class Running:
    def __init__(self, hub: Hub, site=None) -> None:
        self.hub, self.site = hub, site
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(300), "the hub did not start"
        self.client = Client(f"http://127.0.0.1:{self.port}")

    def _run(self):
        async def main():
            import tornado.httpserver
            import tornado.netutil

            self.loop = asyncio.get_running_loop()
            self.stop = asyncio.Event()
            sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
            self.port = sockets[0].getsockname()[1]
            server = tornado.httpserver.HTTPServer(application(self.hub, self.site), max_body_size=MAX_BODY * 2)
            server.add_sockets(sockets)
            self.ready.set()
            await self.stop.wait()
            server.stop()

        asyncio.run(main())

    def close(self):
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(300)


@pytest.fixture
def running(tmp_path):
    servers = []

    def start(site=None, **kw):
        r = Running(Hub(tmp_path / "class.db", **kw), site)
        servers.append(r)
        return r

    yield start
    for r in servers:
        r.close()


def test_join_gives_a_token_and_a_nickname_is_offered(running):
    r = running()
    c, hub = r.client, r.hub
    offered = c.call("/class/api/nickname")["nickname"]
    assert c.status == 200 and re.fullmatch(r"\w+ \w+ \d\d", offered)
    joined = c.join(hub.code.lower(), offered)  # the code is read in any case
    assert c.status == 200 and joined["class"] == hub.code and len(joined["token"]) >= 30
    assert joined["state"]["lesson"] == "01" and joined["state"]["paused"] is False
    c.join("ZZZZZ")
    assert c.status == 404 and "no such class" in c.call("/class/api/join", {"code": "ZZZZZ", "nickname": "A"})["error"]
    bad = c.join(hub.code, "x" * 30)
    assert c.status == 400 and "1 to 24 characters" in bad["error"]
    bad = c.call("/class/api/join", raw=b"not json")
    assert c.status == 400 and "not JSON" in bad["error"]


def test_events_are_acknowledged_once_committed_and_idempotent(running):
    r = running()
    c, hub = r.client, r.hub
    token = c.join(hub.code, "Ada")["token"]
    got = c.send(token, ev(1), ev(2, item="06.p3", answer="40%", exact="19/39"))
    assert c.status == 200 and got == {"ack": ["e1", "e2"], "rejected": []}
    assert c.send(token, ev(1), ev(2, item="06.p3", answer="40%"))["ack"] == ["e1", "e2"]  # a retry
    rows = hub.store.rows(hub.code)
    assert [(x["item"], x["answer"], x["exact"]) for x in rows] == [("06.p1", "higher", None),
                                                                     ("06.p3", "2/5", "19/39")]
    c.send("not-a-token", ev(3))
    assert c.status == 401 and "join" in c.call("/class/api/events", {"events": [ev(3)]})["error"]


def test_bad_events_get_a_clear_json_error_and_the_good_ones_are_kept(running):
    r = running()
    c, hub = r.client, r.hub
    token = c.join(hub.code, "Ada")["token"]
    got = c.send(token, ev(1), ev(2, item="06.p9"), ev(3, lesson="99"), ev(4, item="06.p3", answer="65"),
                 ev(5, colour="red"), ev(6, item="6.1", kind="predict"))
    assert c.status == 422 and got["ack"] == ["e1"]
    errors = {x["id"]: x["error"] for x in got["rejected"]}
    assert "not an item of lesson 06; accepted 06.p1" in errors["e2"] == got["error"]
    assert "lesson='99': accepted 01" in errors["e3"]
    assert "between 0 and 1" in errors["e4"]
    assert "'colour' is not accepted; accepted id, lesson" in errors["e5"]
    assert "this item is a exercise" in errors["e6"]
    assert "accepted {\"events\"" in c.call("/class/api/events", {"nope": 1}, token=token)["error"]
    assert c.status == 400
    c.call("/class/api/events", {"events": [ev(i) for i in range(MAX_EVENTS + 1)]}, token=token)
    assert c.status == 413
    c.call("/class/api/events", raw=b"[" + b" " * MAX_BODY + b"]", token=token)
    assert c.status == 413 and f"at most {MAX_BODY}" in json.loads(c.text)["error"]
    assert len(hub.store.rows(hub.code)) == 1


def test_events_are_rate_limited_per_learner(running):
    r = running(burst=3, rate=0.01)
    c, hub = r.client, r.hub
    ada, bruno = c.join(hub.code, "Ada")["token"], c.join(hub.code, "Bruno")["token"]
    for i in range(3):
        c.send(ada, ev(i))
        assert c.status == 200
    got = c.send(ada, ev(9))
    assert c.status == 429 and "too many requests" in got["error"] and int(c.headers["Retry-After"]) >= 1
    c.send(bruno, ev(1))
    assert c.status == 200  # another learner is not held back


def test_summary_needs_the_teachers_secret(running):
    r = running()
    c, hub = r.client, r.hub
    c.call("/class/api/summary")
    assert c.status == 401 and "Bearer" in c.headers["WWW-Authenticate"]
    c.call("/class/api/summary", token="wrong")
    assert c.status == 403
    token = c.join(hub.code, "Ada")["token"]
    c.call("/class/api/summary", token=token)
    assert c.status == 403  # a learner's token is not the secret
    for path in ("/class/api/export.csv", "/class/api/control"):
        c.call(path, body={"action": "pause"} if "control" in path else None)
        assert c.status == 401
    assert len(hub.secret) >= 40
    s = c.call("/class/api/summary?lesson=06", token=hub.secret)
    assert c.status == 200 and s["learners"] == 1 and s["lesson"] == "06"
    assert [(i["lesson"], i["item"], i["kind"], i["answers"], i["right"]) for i in s["items"]][:2] == \
        [("06", "06.p1", "choice", 0, 0), ("06", "06.p2", "choice", 0, 0)]


def test_controls_reach_the_state_a_learner_polls(running):
    r = running()
    c, hub = r.client, r.hub
    token = c.join(hub.code, "Ada")["token"]
    before = c.call("/class/api/state", token=token)
    assert c.status == 200 and before["lesson"] == "01"
    c.call("/class/api/state")
    assert c.status == 401
    t = hub.secret
    c.call("/class/api/control", {"action": "goto", "lesson": "06"}, token=t)
    c.call("/class/api/control", {"action": "pause"}, token=t)
    state = c.call("/class/api/control", {"action": "reveal", "item": "06.p1"}, token=t)
    assert c.status == 200 and state["lesson"] == "06" and state["paused"] and state["revealed"] == ["06.p1"]
    assert c.call("/class/api/state", token=token) == state
    c.send(token, ev(1))
    assert c.call("/class/api/state", token=token)["version"] == state["version"]  # an answer wakes no page
    bad = c.call("/class/api/control", {"action": "shuffle"}, token=t)
    assert c.status == 400 and "accepted goto, pause" in bad["error"]
    for order in ({"action": "goto", "lesson": "42"}, {"action": "goto", "lesson": ["06"]},
                  {"action": "reveal", "lesson": ["06"], "item": "06.p1"}):
        bad = c.call("/class/api/control", order, token=t)
        assert c.status == 400 and "accepted 01, 02" in bad["error"]
    bad = c.call("/class/api/control", {"action": "reveal", "item": ["06.p1"]}, token=t)
    assert c.status == 400 and "is not an item of lesson 06" in bad["error"]
    # a long poll answers as soon as the teacher acts
    seen = {}
    waiter = threading.Thread(target=lambda: seen.update(c.__class__(c.base).call(
        f"/class/api/state?version={state['version']}&wait=20", token=token)))
    for bad in ("version=x&wait=1", "version=1&wait=nan", "wait=-1"):
        got = c.call(f"/class/api/state?{bad}", token=token)
        assert c.status == 400 and "accepted version, a whole number" in got["error"]
    waiter.start()
    c.call("/class/api/control", {"action": "resume"}, token=t)
    waiter.join(300)
    assert seen["paused"] is False


def test_vote_again_keeps_each_rounds_distribution(running):
    r = running()
    c, hub = r.client, r.hub
    tokens = [c.join(hub.code, f"L{k}")["token"] for k in range(4)]
    for k, tok in enumerate(tokens):
        c.send(tok, ev(1, answer="higher" if k < 3 else "lower"))
    state = c.call("/class/api/control", {"action": "vote_again", "item": "06.p1", "lesson": "06"}, token=hub.secret)
    assert state["lesson"] == "01" and "06.p1" not in state["items"]  # the state lists the current lesson's items
    c.call("/class/api/control", {"action": "goto", "lesson": "06"}, token=hub.secret)
    assert c.call("/class/api/state", token=tokens[0])["rounds"] == {"06.p1": 2}
    for k, tok in enumerate(tokens[:3]):
        c.send(tok, ev(2, answer="lower", round=2, exact="lower"))
    got = c.send(tokens[3], ev(3, answer="lower", round=3))
    assert c.status == 422 and "in round 2; accepted 1 to 2" in got["error"]
    item = c.call("/class/api/summary", token=hub.secret)["items"][0]
    assert item["round"] == 2 and item["answers"] == 3 and item["exact"] == "lower"
    assert [[(b["label"], b["count"], b["exact"]) for b in rnd["bins"]] for rnd in item["rounds"]] == [
        [("higher", 3, False), ("lower", 1, True)], [("higher", 0, False), ("lower", 3, True)]]
    c.call("/class/api/control", {"action": "vote_again", "item": "6.1"}, token=hub.secret)
    assert c.status == 400 and "vote again is for a Predict" in json.loads(c.text)["error"]
    c.call("/class/api/control", {"action": "reset", "item": "06.p1"}, token=hub.secret)
    item = c.call("/class/api/summary", token=hub.secret)["items"][0]
    assert item["answers"] == 0 and item["round"] == 1 and len(item["rounds"]) == 1


def test_a_mixed_language_class_adds_up(running):
    from sette_kit.classroom.items import item

    r = running()
    c, hub = r.client, r.hub
    labels = dict(item("03", "03.p1").labels)
    said = [labels["it"][1], labels["es"][1], "The bank", "1"]  # the bank, in Italian, Spanish, English, by index
    for k, answer in enumerate(said):
        token = c.join(hub.code, f"L{k}")["token"]
        c.send(token, {"id": "a", "lesson": "03", "item": "03.p1", "answer": answer})
        assert c.status == 200
    p1 = c.call("/class/api/summary?lesson=03", token=hub.secret)["items"][0]
    assert [(b["label"], b["count"]) for b in p1["rounds"][0]["bins"]] == [
        ("You", 0), ("The bank", 4), ("Nobody: a draw", 0)]


def test_exercises_count_first_tries_and_mistakes(running):
    r = running()
    c, hub = r.client, r.hub
    a, b, d = (c.join(hub.code, n)["token"] for n in ("Ada", "Bruno", "Carla"))
    c.send(a, ev(1, item="6.1", answer="15/39", right=True, tries=1))
    c.send(b, ev(1, item="6.1", answer="1/2", right=False, tries=1, mistake="forgot the card in hand"),
           ev(2, item="6.1", answer="15/39", right=True, tries=2))
    c.send(d, ev(1, item="6.1", answer="1/3", right=False, tries=1, mistake="forgot the card in hand"))
    s = c.call("/class/api/summary?lesson=06", token=hub.secret)
    six = next(i for i in s["items"] if i["item"] == "6.1")
    assert (six["answers"], six["right"], six["first_try_right"]) == (3, 2, 1)
    assert six["mistakes"] == [{"mistake": "forgot the card in hand", "count": 2}]
    assert s["answered"] == 3 and s["learners"] == 3


def test_export_csv_and_end_class(running):
    r = running()
    c, hub = r.client, r.hub
    token = c.join(hub.code, "=SUM(A1)")["token"]
    c.send(token, ev(1), ev(2, item="6.1", answer="1/2", right=False, tries=1))
    code = hub.code
    got = c.call("/class/api/control", {"action": "end"}, token=hub.secret)
    assert c.status == 409 and "export them first" in got["error"] and hub.code == code
    text = c.call("/class/api/export.csv", token=hub.secret)
    assert c.status == 200 and c.headers["Content-Type"].startswith("text/csv")
    assert f'class-{code}.csv' in c.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(x["nickname"], x["item"], x["answer"], x["right"], x["tries"]) for x in rows] == [
        ("'=SUM(A1)", "06.p1", "higher", "", "1"), ("'=SUM(A1)", "6.1", "1/2", "no", "1")]
    assert all(x["time"].endswith("Z") for x in rows)
    state = c.call("/class/api/control", {"action": "end"}, token=hub.secret)
    assert c.status == 200 and state["class"] != code and hub.store.rows(code) == []
    c.send(token, ev(3))
    assert c.status == 401  # the old class's token is gone with it
    assert f"class={state['class']}" in c.call("/class/api/qr.svg")  # the QR code is the new class's


def test_nicknames_are_escaped(running):
    r = running()
    c, hub = r.client, r.hub
    c.join(hub.code, "<script>x</script>")
    assert c.status == 200 and "<script>" not in c.text
    s = c.call("/class/api/summary", token=hub.secret)
    assert "<script>" not in c.text and "\\u003cscript\\u003e" in c.text
    assert s["roster"] == [{"nickname": "<script>x</script>", "answered": 0}]
    assert c.headers["X-Content-Type-Options"] == "nosniff"
    page = c.call("/class/teacher")
    assert "script-src 'self'" in c.headers["Content-Security-Policy"] and "<script>x" not in page
    js = c.call("/class/static/dashboard.js")
    assert ".innerHTML" not in js and "textContent" in js  # class text goes in as text, never as HTML


def test_the_teachers_notes_are_for_the_teacher_only(running):
    r = running()
    c, hub = r.client, r.hub
    c.call("/class/api/notes")
    assert c.status == 401
    token = c.join(hub.code, "Ada")["token"]
    c.call("/class/api/notes", token=token)
    assert c.status == 403
    notes = c.call("/class/api/notes", token=hub.secret)
    assert c.status == 200 and notes["title"] == "sette-kit · Notes for teachers" and "<h2" in notes["html"]
    assert c.call("/class/api/notes?lang=it", token=hub.secret)["lang"] == "it"
    bad = c.call("/class/api/notes?lang=fr", token=hub.secret)
    assert c.status == 400 and "accepted en, it, es" in bad["error"]


def test_dashboard_page_qr_and_theme_are_served(running):
    r = running()
    c, hub = r.client, r.hub
    page = c.call("/class/teacher")
    assert c.status == 200 and 'id="qr"' in page and "/class/static/sette-kit.css" in page
    css = c.call("/class/static/sette-kit.css")
    assert c.status == 200 and "--sk-accent" in css
    svg = c.call("/class/api/qr.svg")
    assert c.status == 200 and svg.startswith("<svg") and f"class={hub.code}" in svg
    home = c.call("/")
    assert "sette-kit build-site" in home  # no site given: one sentence on how to build it


def test_the_site_is_served_compressed_with_cache_headers_and_without_the_notes(running, tmp_path):
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>Lessons</title>" + "<p>lesson</p>" * 400)
    (site / "assets" / "app.js").write_text("console.log('app');\n" * 400)
    (site / "assets" / "pyodide.asm.mjs").write_text("export const x = 1;\n" * 200)
    (site / "assets" / "core.wasm").write_bytes(b"\0asm" + bytes(4000))
    (site / "TEACHERS.html").write_text("every answer")
    r = running(site=site)
    base = r.client.base

    def get(path, gzip=True, **headers):
        req = urllib.request.Request(base + path, headers={**({"Accept-Encoding": "gzip"} if gzip else {}),
                                                           **headers})
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers, e.read()

    status, headers, body = get("/")
    assert status == 200 and headers["Content-Encoding"] == "gzip" and headers["Cache-Control"] == "no-cache"
    assert len(body) < 1000 < len((site / "index.html").read_bytes())
    status, headers, _ = get("/assets/app.js")
    assert status == 200 and headers["Content-Encoding"] == "gzip" and "max-age=86400" in headers["Cache-Control"]
    assert "ETag" in headers
    status, headers, body = get("/assets/app.js")  # again: from the compressed copy kept in memory
    assert gzip.decompress(body) == (site / "assets" / "app.js").read_bytes()
    assert get("/assets/app.js", **{"If-None-Match": headers["ETag"]})[0] == 304  # a reload costs nothing
    status, headers, body = get("/assets/app.js", gzip=False)
    assert status == 200 and "Content-Encoding" not in headers and body == (site / "assets" / "app.js").read_bytes()
    status, headers, body = get("/assets/pyodide.asm.mjs")  # a module script needs a JavaScript type
    assert headers["Content-Type"].startswith("text/javascript") and headers["Content-Encoding"] == "gzip"
    status, headers, body = get("/assets/core.wasm")
    assert headers["Content-Type"] == "application/wasm" and len(body) < 200
    assert get("/TEACHERS.html")[0] == 404  # the teachers' notes are the teacher's
    (tmp_path / "secret.txt").write_text("x" * 2000)
    assert get("/%2e%2e/secret.txt")[0] in (403, 404) and get("/..%2fsecret.txt")[0] in (403, 404)
    assert get("/class/api/nickname")[0] == 200  # the hub beside the site


# -- the command: a real process, killed with SIGKILL and started again ---------------------------

def start_class(db, *extra):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
           "SETTE_KIT_SITE_CACHE": str(Path(db).parent / "no-cache" / "site")}
    p = subprocess.Popen([sys.executable, "-m", "sette_kit", "class", "--port", "0", "--ip", "127.0.0.1",
                          "--no-browser", "--db", str(db), *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env)
    lines = read_addresses(p.stdout)
    assert "teacher" in lines and "join" in lines, lines
    teacher = lines["teacher"]
    base, secret = teacher.split("/class/teacher#")
    return p, Client(base), secret, lines


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_the_command_prints_its_addresses_and_stops_cleanly(tmp_path, stop):
    p, c, secret, lines = start_class(tmp_path / "c.db")
    try:
        code = re.search(r"\?class=(\w+)$", lines["join"]).group(1)
        assert lines["teacher"].startswith("http://127.0.0.1:") and len(secret) >= 40
        assert c.call("/class/api/summary", token=secret)["class"] == code
        assert "sette-kit build-site" in lines["no site to serve yet"]  # one sentence on how to build it
    finally:
        p.send_signal(stop)
        assert p.wait(120) == 0
    err = p.stderr.read()
    assert "stopped" in err and "Traceback" not in err


@pytest.mark.parametrize("argv, phrase", [
    (["--port", "99999"], "--port must be between 0 and 65535"),
    (["--ip", "999.1.1.1"], "is not an address this machine can listen on"),
    (["--site", "/nonexistent"], "no index.html there; accepted a folder made by `sette-kit build-site DIR`"),
    (["--db", "/proc/none/c.db"], "cannot keep the class's answers there"),
])
def test_bad_options_are_one_line_errors(argv, phrase, capsys):
    from sette_kit.cli import main

    assert main(["class", "--no-browser", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and phrase in err and err.startswith("sette-kit class: error: ")


def test_a_port_in_use_is_a_one_line_error(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               "SETTE_KIT_SITE_CACHE": str(tmp_path / "site")}
        p = subprocess.run([sys.executable, "-m", "sette_kit", "class", "--port", str(port), "--ip", "127.0.0.1",
                            "--no-browser", "--db", str(tmp_path / "c.db")], capture_output=True, text=True,
                           env=env, timeout=120)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert f"--port {port} on 127.0.0.1: cannot listen there" in p.stderr and "0 for a free one" in p.stderr


def test_kill_9_and_restart_keeps_every_acknowledged_event(tmp_path):
    db = tmp_path / "c.db"
    p, c, secret, lines = start_class(db)
    code = lines["join"].rsplit("=", 1)[1]
    tokens = [c.join(code, f"L{k}")["token"] for k in range(5)]
    acked = set()
    try:
        for i in range(60):
            k = i % 5
            got = c.send(tokens[k], ev(i, item=("06.p3" if i % 2 else "06.p1"), answer=("1/4" if i % 2 else "lower")))
            assert c.status == 200
            acked |= {(k, x) for x in got["ack"]}
    finally:
        p.send_signal(signal.SIGKILL)
        p.wait(120)
    p2, c2, secret2, lines2 = start_class(db)
    try:
        assert secret2 == secret and lines2["join"] == lines["join"].replace(c.base, c2.base)  # the same class
        s = c2.call("/class/api/summary?lesson=06", token=secret)
        assert s["learners"] == 5
        stored = {(r["learner"], r["item"]) for r in stored_rows(db, code)}
        assert len(stored_rows(db, code)) == len(acked) == 60 and len(stored) == 10
        by = {i["item"]: i for i in s["items"]}
        assert by["06.p1"]["answers"] == 5 and by["06.p3"]["answers"] == 5
        assert c2.send(tokens[0], ev(0, answer="lower"))["ack"] == ["e0"]  # the pages go on with their tokens
        assert len(stored_rows(db, code)) == 60  # and a retried event is not stored twice
    finally:
        p2.send_signal(signal.SIGTERM)
        p2.wait(120)


def stored_rows(db, code):
    from sette_kit.classroom.store import Store

    s = Store(db)
    try:
        return s.rows(code)
    finally:
        s.close()


def test_the_benchmark_class_adds_up():
    """bench/bench_class.py with 10 learners and no pacing: the counts only (its times are the bench's)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_class", ROOT / "bench" / "bench_class.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    r = bench.run(learners=10, spread=0.0)
    assert r["errors"] == []
    assert r["learners"] == 10 and r["predict_answers"] == 10 and r["exercise_answers"] == [10] * 4
    # learner k's exercise n had a wrong first try when (k + n) % 3 == 0
    assert r["first_try_right"] == [sum(1 for k in range(10) if (k + n) % 3) for n in range(4)]
    assert r["events_acked"] == 10 + sum(2 if (k + n) % 3 == 0 else 1 for k in range(10) for n in range(4))
    assert r["rss_mb"] > 0
    assert r["reveal_errors"] == [] and r["reveal_heard"] == 10  # every waiting page heard the reveal
