"""Nothing of the server's insides goes out over a page's kernel websocket.

A websocket client (no browser) connects to the kernel of a served page as Voilà's page
does, and sends what a browser could: widget updates with invalid values, clicks on
buttons whose handlers fail, malformed ``comm_open`` and ``comm_msg`` messages.  No
message that comes back may hold a server path or a traceback; the server's log keeps
the details.  The page is ``fixtures/ws/internals.ipynb``.
"""

from __future__ import annotations

import pytest

from sk_browser import HANG_S
from sk_ws import WIDGET_PROTOCOL, Learner, leaks

PAGE = "ws/internals.ipynb"
SECRET = "sk-internal-detail-42"


@pytest.fixture(scope="module")
def channel(fixture_server):
    """One page's kernel for every case (each case waits until the kernel is idle again)."""
    learner = Learner(fixture_server)
    kernel = learner.open_page(PAGE)
    with learner.channel(kernel) as ch:
        ch.kernel_info()
        ch.states = ch.widget_states()
        yield ch


def widget(ch, model: str, css: str) -> str:
    return ch.find_widget(ch.states, model, css)


BAD_UPDATES = {
    "dropdown index 10**9": ("DropdownModel", "sk-ws-dropdown", {"index": 10**9}),
    "dropdown index as text": ("DropdownModel", "sk-ws-dropdown", {"index": "first"}),
    "checkbox 'notabool'": ("CheckboxModel", "sk-ws-checkbox", {"value": "notabool"}),
    "progress 10**30": ("IntProgressModel", "sk-ws-progress", {"value": 10**30}),
    "progress max below min": ("IntProgressModel", "sk-ws-progress", {"max": -5}),
    "bounded int 'x'": ("BoundedIntTextModel", "sk-ws-int", {"value": "x"}),
    "layout of a wrong type": ("DropdownModel", "sk-ws-dropdown", {"layout": "IPY_MODEL_nope"}),
}


@pytest.mark.parametrize("case", list(BAD_UPDATES))
def test_invalid_widget_updates_send_no_traceback(channel, case):
    model, css, state = BAD_UPDATES[case]
    got = channel.wait_idle(channel.update(widget(channel, model, css), **state))
    assert leaks(got) == []
    types = [m["header"]["msg_type"] for m in got]
    assert "stream" not in types, types  # no stderr at all ...
    for msg in got:  # ... and an error, if any, is the one short generic line
        if msg["header"]["msg_type"] == "error":
            assert msg["content"]["traceback"] == ["Something went wrong on the server; please tell your teacher."]


def test_failing_click_handler_sends_a_generic_line_and_logs_the_traceback(channel, fixture_server):
    got = channel.wait_idle(channel.click(widget(channel, "ButtonModel", "sk-ws-raw-handler")))
    assert leaks(got) == []
    assert SECRET not in str(got)
    errors = [m["content"] for m in got if m["header"]["msg_type"] == "error"]
    assert errors == [{"ename": "Error", "evalue": "Something went wrong on the server; please tell your teacher.",
                       "traceback": ["Something went wrong on the server; please tell your teacher."]}]
    assert fixture_server.wait_for(f"RuntimeError: {SECRET} from a click handler", timeout=HANG_S), \
        "the server's log did not get the traceback"


def test_exception_logged_by_safe_action_stays_on_the_server(channel, fixture_server):
    got = channel.wait_idle(channel.click(widget(channel, "ButtonModel", "sk-ws-safe-action")))
    assert leaks(got) == []
    assert SECRET not in str(got)
    assert "stream" not in [m["header"]["msg_type"] for m in got]
    # the learner sees the widget's own short apology (a widget update, not a traceback)
    assert "Something went wrong" in str([m["content"] for m in got if m["header"]["msg_type"] == "comm_msg"])
    assert fixture_server.wait_for(f"ValueError: {SECRET} from a kit action", timeout=HANG_S)


MALFORMED = {
    "widget without version": lambda ch: ch.comm_open("jupyter.widget", {"state": {"_model_name": "ButtonModel"}}),
    "widget, wrong version": lambda ch: ch.comm_open("jupyter.widget", {"state": {}}, metadata={"version": "99.0"}),
    "widget of an unknown model": lambda ch: ch.comm_open(
        "jupyter.widget", {"state": {"_model_name": "NoSuchModel", "_model_module": "nowhere"}},
        metadata={"version": WIDGET_PROTOCOL}),
    "widget with broken state": lambda ch: ch.comm_open(
        "jupyter.widget", {"state": "not a dict", "buffer_paths": 7}, metadata={"version": WIDGET_PROTOCOL}),
    "control without version": lambda ch: ch.comm_open("jupyter.widget.control", {}),
    "unknown target": lambda ch: ch.comm_open("no.such.target", {}),
    "message to an unknown comm": lambda ch: ch.comm_msg("deadbeef", {"method": "update"}),
    "update with broken buffer paths": lambda ch: ch.comm_msg(
        ch.find_widget(ch.states, "DropdownModel", "sk-ws-dropdown"),
        {"method": "update", "state": {}, "buffer_paths": [["a", 3]]}),
    "unknown widget method": lambda ch: ch.comm_msg(
        ch.find_widget(ch.states, "DropdownModel", "sk-ws-dropdown"), {"method": "/etc/passwd"}),
    "comm_open without content": lambda ch: ch.send("comm_open", {}),
    "comm_close of nothing": lambda ch: ch.send("comm_close", {"comm_id": "nope", "data": {}}),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_comm_messages_send_no_traceback(channel, case):
    MALFORMED[case](channel)
    got = channel.wait_idle()
    assert leaks(got) == []
    assert "stream" not in [m["header"]["msg_type"] for m in got]
    channel.kernel_info()  # and the kernel is still there


def test_the_server_log_gets_what_the_browser_did_not(channel, fixture_server):
    channel.comm_open("jupyter.widget", {"state": {}})  # no version metadata
    channel.wait_idle()
    assert fixture_server.wait_for("Incompatible widget protocol versions", timeout=HANG_S)
    assert fixture_server.wait_for("[sette-kit kernel", timeout=HANG_S)
