"""Security of the served lessons.

* The server refuses an ``execute_request`` sent over a page's kernel websocket, from
  Python and from the page's own JavaScript: the browser can run no code of its own.
* A cell that raises shows no traceback and none of the error's text.
* Learner text typed into widgets is shown escaped, never as HTML.

The websocket and HTTP tests need no browser and run everywhere.
"""

from __future__ import annotations

import json
import uuid

import pytest

import sk_ws
from sk_browser import HANG_MS, HANG_S, open_page, voila_errors

SECRET = "sk-internal-detail-42"
# markup that would run script or add elements if it were rendered as HTML
HOSTILE = ('<img src=x onerror="window.__skPwned=1"><b id="sk-injected">bold</b>'
           '<script>window.__skPwned=2</script>&amp;')


def fetch(url: str) -> tuple[int, str]:
    """(status, body) of a GET, all of it within a wall-clock deadline (sk_ws.fetch)."""
    status, _headers, body = sk_ws.fetch(url)
    return status, body


def message(msg_type: str, content: dict, session: str) -> str:
    return json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session,
                   "username": "learner", "date": "2024-01-01T00:00:00Z", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": [],
    })


def code_creating(path) -> str:
    return f"open({str(path)!r}, 'w').write('code ran')"


def test_server_refuses_execute_request_over_kernel_websocket(fixture_server, tmp_path):
    import websocket  # websocket-client (a jupyter_server dependency)

    from sk_ws import Learner

    learner = Learner(fixture_server)  # the page's own browser: the kernel is its own
    kernel_id = learner.open_page("01-one-button.ipynb")
    marker = tmp_path / "pwned.txt"
    ws_url = fixture_server.base.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels"
    ws = websocket.create_connection(ws_url, timeout=HANG_S, origin=fixture_server.base, cookie=learner.cookie)
    session = uuid.uuid4().hex

    def until_reply() -> list[str]:
        """The message types received up to and including the next kernel_info_reply."""
        got = []
        while "kernel_info_reply" not in got:
            got.append(json.loads(ws.recv())["header"]["msg_type"])
        return got
    try:
        # the channel is live: an allowed request is answered ...
        ws.send(message("kernel_info_request", {}, session))
        assert "kernel_info_reply" in until_reply()
        # ... but code is not run: the execute_request, then a kernel_info_request; the
        # kernel answers the shell channel in order, so once the second reply is here the
        # execute_request has been dealt with (refused) - nothing came back for it
        ws.send(message("execute_request", {"code": code_creating(marker), "silent": False,
                                             "store_history": True, "user_expressions": {},
                                             "allow_stdin": False, "stop_on_error": True}, session))
        ws.send(message("kernel_info_request", {}, session))
        seen = until_reply()
    finally:
        ws.close()
    assert fixture_server.wait_for("execute_request", timeout=HANG_S), \
        "the server did not log the refused execute_request"
    assert not marker.exists(), "the kernel ran code sent by the page"
    assert "execute_reply" not in seen and "execute_input" not in seen, seen


@pytest.mark.browser
def test_page_javascript_cannot_execute_code(fixture_server, page, tmp_path):
    marker = tmp_path / "pwned-from-page.txt"
    info = open_page(page, fixture_server.url("01-one-button.ipynb"))
    ws_url = fixture_server.base.replace("http://", "ws://") + f"/api/kernels/{info.kernel_id}/channels"
    result = page.evaluate(
        """([url, execute, info]) => new Promise(resolve => {
            const ws = new WebSocket(url);
            const seen = [];
            ws.onerror = () => resolve({error: true, seen});
            ws.onclose = () => resolve({error: true, seen});
            // the execute_request, then a kernel_info_request: the shell channel is answered
            // in order, so its reply means the execute_request was dealt with
            ws.onmessage = e => { seen.push(JSON.parse(e.data).header.msg_type);
                                  if (seen.includes('kernel_info_reply')) { ws.close(); resolve({error: false, seen}); } };
            ws.onopen = () => { ws.send(execute); ws.send(info); };
        })""",
        [ws_url, message("execute_request", {"code": code_creating(marker), "silent": False},
                         "page"), message("kernel_info_request", {}, "page")])
    assert not marker.exists(), "code sent from the page's JavaScript ran in the kernel"
    assert "execute_reply" not in result["seen"], result
    assert result["error"] or "kernel_info_reply" in result["seen"], result  # the socket was live


def test_cell_that_raises_shows_no_traceback_over_http(fixture_server):
    status, body = fetch(fixture_server.url("errors/raises.ipynb"))
    assert status == 200
    for leak in (SECRET, "RuntimeError", "Traceback", "/srv/private", "def broken"):
        assert leak not in body, f"the page leaks {leak!r}"
    assert "please tell your teacher" in body  # the kit's message from voila.json


@pytest.mark.browser
def test_cell_that_raises_shows_no_traceback_in_browser(fixture_server, page, screenshots):
    page.goto(fixture_server.url("errors/raises.ipynb"))
    # it says so, reloads by itself twice (the cell raises every time), then asks for the teacher
    page.get_by_text("It failed again: please tell your teacher.").wait_for(timeout=HANG_MS)
    page.screenshot(path=str(screenshots / "fixture-errors-raises.png"), full_page=True)
    text = page.inner_text("body")
    for leak in (SECRET, "RuntimeError", "Traceback", "/srv/private"):
        assert leak not in text
    # the page says it could not be prepared (and the harness sees it, so a lesson that
    # raises fails its test)
    assert any("could not be prepared" in e for e in voila_errors(page))


@pytest.mark.browser
def test_learner_text_is_shown_escaped(fixture_server, page):
    from playwright.sync_api import expect

    open_page(page, fixture_server.url("02-echo.ipynb"))
    box = page.locator(".sk-echo-input input")
    box.fill(HOSTILE)
    box.press("Enter")
    shown = page.locator(".sk-echo-output .sk-echo-text")
    shown.wait_for(state="visible")
    expect(shown).to_have_text(HOSTILE, use_inner_text=True)  # shown literally, character for character
    assert page.locator("#sk-injected").count() == 0
    assert page.locator(".sk-echo-output img").count() == 0
    assert page.evaluate("() => window.__skPwned") is None


@pytest.mark.browser
def test_learner_text_in_the_quiz_is_shown_escaped(fixture_server, page):
    from playwright.sync_api import expect

    open_page(page, fixture_server.url("03-mini-quiz.ipynb"))
    quiz = page.locator(".sk-quiz")  # the page's one quiz
    box = quiz.locator(".sk-quiz-answer input")
    box.fill(HOSTILE)
    box.press("Enter")
    quiz.get_by_role("button", name="Check", exact=True).click()
    shown = HOSTILE[:30]  # the quiz quotes the start of what it could not read
    expect(quiz).to_contain_text(shown, use_inner_text=True)  # the learner's text back, literally
    assert page.locator("#sk-injected").count() == 0
    assert page.evaluate("() => window.__skPwned") is None
