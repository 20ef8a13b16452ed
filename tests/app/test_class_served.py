"""A Voilà-served lesson in a class (``sette-kit serve --class``): the
kernel runs on the teacher's machine, so the page and its kernel talk through a hidden
pair of widgets (:class:`widgets.class_bridge.ClassBridge`), and the server carries the
class hub's routes beside Voilà's.

What is held here, without a browser: a served lesson's widgets take the ids the hub
knows (the header begins the page, as the static site's runtime does); in a class the
header carries the page's marker and the bridge; what the page writes into the bridge
is cumulative (ipywidgets may merge quick updates into the last one), so a merged
update loses nothing; a bad one changes nothing; and the server's routes answer.
"""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from lesson_tools import run_cells

from sette_kit.classroom import items, link

ROOT = Path(__file__).resolve().parents[2]
LESSON_06 = next((ROOT / "lessons").glob("06-*.ipynb"))


@pytest.fixture
def kernel(monkeypatch):
    """A fresh served kernel: no page begun; what it displays is collected."""
    from sette_kit.i18n import get_language, set_language

    shown: list = []
    monkeypatch.setattr("IPython.display.display", lambda *objs, **kw: shown.extend(objs))
    before = get_language()
    link.end_page()
    yield shown
    link.end_page()
    set_language(before)


def outbox(bridge) -> dict:
    return json.loads(html.unescape(bridge.outbox.value))


def tell(bridge, **order) -> None:
    """What the page writes into the inbox: its whole state so far."""
    bridge.inbox.value = json.dumps(order)


def test_a_served_lesson_takes_the_hubs_ids_with_no_runtime_to_begin_its_page(kernel):
    run_cells(LESSON_06)
    assert list(link._page.widgets) == [i.id for i in items.manifest()["06"]]
    assert not link.in_class()  # served, not in a class: nothing is sent anywhere


def test_not_in_a_class_the_header_carries_no_marker_and_shows_no_bridge(kernel, monkeypatch):
    from widgets import lesson

    monkeypatch.delenv(link.CLASS_ENV, raising=False)
    head = lesson.header(6)
    assert "sk-class-served" not in head.html and kernel == []


def bridge_of(shown):
    from widgets.class_bridge import ClassBridge

    found = [b for b in shown if isinstance(b, ClassBridge)]
    assert len(found) == 1, shown
    return found[0]


@pytest.fixture
def served(kernel, monkeypatch):
    """Lesson 06 in a kernel of ``sette-kit serve --class``, in Italian: its bridge."""
    monkeypatch.setenv(link.CLASS_ENV, "1")
    run_cells(next((ROOT / "lessons" / "it").glob("06-*.ipynb")))
    return bridge_of(kernel)


def test_in_a_class_the_header_marks_the_page_with_its_lesson_and_words(served):
    from widgets import lesson

    head = lesson.header(6, lang="it")
    marker = re.search(r'<div class="sk-class-served"[^>]*>', head.html).group(0)
    assert 'data-sk-lesson="06"' in marker
    words = json.loads(html.unescape(re.search(r'data-sk-words="([^"]*)"', marker).group(1)))
    assert words["join_title"] == "Entra nella classe" and words["class_paused"] == "Occhi alla lavagna"
    assert served.view.layout.display == "none"  # the bridge is never seen
    assert outbox(served) == {"events": []}


def test_the_bridge_sends_only_once_the_page_joined_and_drops_what_the_page_got(served):
    p1 = link.widget("06.p1")
    p1.guess(p1.choices[1])
    assert outbox(served)["events"] == []          # not joined yet: nothing leaves the kernel
    tell(served, join=True)
    p1.reopen()
    p1.guess(p1.choices[0])
    link.widget("06.p3").guess("5%")
    events = outbox(served)["events"]
    assert [seq for seq, _ in events] == [1, 2]
    assert events[1][1] == {"lesson": "06", "item": "06.p3", "kind": "predict", "answer": "1/20",
                            "round": 1, "exact": "2/65"}
    tell(served, join=True, got=1)
    assert [seq for seq, _ in outbox(served)["events"]] == [2]
    tell(served, join=True, got=2)
    assert outbox(served)["events"] == []


def test_one_merged_update_carries_join_got_state_and_restore_in_their_order(served):
    """ipywidgets sends only the last of quick updates: the last one says everything."""
    state = {"version": 7, "items": {"06.p1": {"round": 2, "revealed": False, "reset": 0.0},
                                    "06.p4": {"round": 1, "revealed": True, "reset": 0.0}}}
    answers = {"06.p1": {"answer": "1", "round": 1}, "06.p3": {"answer": "1/20", "round": 1}}
    tell(served, join=True, got=0, state=state, restore=answers)
    assert link.in_class()
    assert link.widget("06.p4").revealed                         # the teacher's reveal
    assert link.widget("06.p3").guessed == Fraction(1, 20)       # the learner's own answer again
    assert not link.widget("06.p1").revealed                     # round 1's answer; the class is in round 2
    assert outbox(served)["events"] == []                        # a restored answer is not sent again
    link.widget("06.p4").reopen()
    tell(served, join=True, got=0, state=state, restore=answers)  # the same state: nothing again
    assert not link.widget("06.p4").revealed
    assert link.widget("06.p3").guessed == Fraction(1, 20)


def test_a_bad_update_from_the_page_changes_nothing_and_says_what_is_accepted(served, caplog):
    link.widget("06.p3").guess("5%")
    for bad in ("not json", "[1, 2]", json.dumps({"got": "many"}), json.dumps({"state": "x"})):
        served.inbox.value = bad
        assert "accepted" in served.problem
    assert link.widget("06.p3").guessed == Fraction(1, 20) and not link.in_class()


# ---- the server's routes ----------------------------------------------------------------


def test_the_served_class_sends_a_learner_to_a_lesson_in_their_language():
    from sette_kit.serve import class_lesson_pages

    pages = class_lesson_pages(ROOT / "lessons")
    assert pages["en"]["06"] == LESSON_06.name
    assert pages["it"]["06"].startswith("it/06-") and pages["es"]["00"].startswith("es/00-")


def test_the_hub_answers_inside_an_application_that_checks_xsrf(tmp_path):
    """Voilà's application checks an XSRF cookie on every POST; the hub's API is
    authorised by its bearer tokens instead, so a learner can join and send."""
    import asyncio

    import tornado.httpclient
    import tornado.httpserver
    import tornado.netutil
    import tornado.web

    from sette_kit.classroom.hub import Hub, routes

    hub = Hub(tmp_path / "class.db")

    async def main():
        app = tornado.web.Application(routes(hub), xsrf_cookies=True)
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets(sockets)
        base = f"http://127.0.0.1:{sockets[0].getsockname()[1]}"
        client = tornado.httpclient.AsyncHTTPClient()
        r = await client.fetch(base + "/class/api/join", method="POST", raise_error=False,
                               body=json.dumps({"code": hub.code, "nickname": "Ada"}))
        token = json.loads(r.body)["token"]
        sent = await client.fetch(base + "/class/api/events", method="POST", raise_error=False,
                                  headers={"Authorization": f"Bearer {token}"},
                                  body=json.dumps({"events": [{"id": "e1", "lesson": "06", "item": "06.p1",
                                                               "kind": "predict", "answer": "0"}]}))
        server.stop()
        return r.code, sent.code, json.loads(sent.body)

    try:
        joined, sent, answer = asyncio.run(main())
    finally:
        hub.store.close()
    assert (joined, sent, answer["ack"]) == (200, 200, ["e1"])


def test_a_class_file_without_a_class_is_refused_in_one_line():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "sette_kit", "serve", "--db", "x.db", "--no-browser"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "--db keeps a class's answers: give it with --class" in done.stderr
    assert "Traceback" not in done.stderr
