"""A websocket client for a served page's kernel, as the Voilà page uses it (no browser).

:func:`page_kernel` fetches a page over HTTP (which starts or takes its kernel) and
returns the kernel id written into the page; :class:`KernelChannel` connects to
``/api/kernels/<id>/channels`` like the page's JavaScript does and speaks the kernel
messaging protocol in JSON frames: send shell messages, collect every reply, open the
widget control comm to read the widgets' state, send widget updates and clicks.

Every wait here is bounded by the wall clock, not only per socket read: Voilà streams a
page and sends keep-alive bytes every few seconds while it renders, so a page that never
ends would keep a per-read timeout from ever firing (:func:`read_body`).

Used by tests/browser/test_served_websocket.py (what goes out over the websocket),
test_served_kernels.py and test_browser_security.py.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
import uuid

from sk_browser import HANG_S

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
WIDGET_PROTOCOL = "2.1.0"
CONTROL_PROTOCOL = "1.0.0"  # ipywidgets 8's jupyter.widget.control comm

# what must never travel to a browser: server paths and the shape of a Python traceback
LEAK_PATTERNS = (
    re.compile(r"site-packages"),
    re.compile(r"dist-packages"),
    re.compile(r"/(work|home|root|usr|srv|opt|tmp)/"),
    re.compile(r'\.py"'),
    re.compile(r"\.py\b.*line \d+"),
    re.compile(r"\.py:\d+"),
    re.compile(r"~/"),
    re.compile(r"Traceback \(most recent call last\)"),
    re.compile(r"\x1b\["),  # ANSI colours: a formatted IPython traceback
)


#: Seconds a page may take, all of it, before a client here gives up on it: the browser
#: tests' one hang guard (``sk_browser.HANG_S``).  Above the server's own bound on a page
#: that sends nothing but keep-alives (``KitKernelManager.render_stall_timeout``, 180 s),
#: so that a stuck page is reported by the server's error page rather than by this
#: deadline; it is no speed target.
PAGE_DEADLINE = HANG_S


class PageTimeout(AssertionError):
    """A response did not end within its deadline (Voilà sends keep-alive bytes every 10 s
    while a page renders, so a per-read socket timeout alone never fires)."""


def _socket(response):
    """The socket under an ``http.client.HTTPResponse`` (None if it cannot be found)."""
    raw = getattr(getattr(response, "fp", None), "raw", None)
    return getattr(raw, "_sock", None)


def read_body(response, deadline: float, what: str = "the response") -> str:
    """The whole body of ``response``, read before ``deadline`` (``time.monotonic()``);
    :class:`PageTimeout` with the end of what arrived otherwise.  Every read waits at most
    until the deadline: the socket's timeout is set to the time left before each one."""
    import socket

    chunks: list[bytes] = []

    def timeout() -> PageTimeout:
        got = b"".join(chunks).decode("utf-8", "replace")
        return PageTimeout(f"{what} did not end within its deadline; {len(got)} characters "
                           f"arrived, ending with: ...{got[-300:]!r}")
    sock = _socket(response)
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise timeout()
        if sock is not None:
            sock.settimeout(left)
        try:
            chunk = response.read1(65536)
        except (socket.timeout, TimeoutError):
            raise timeout() from None
        if not chunk:
            return b"".join(chunks).decode("utf-8", "replace")
        chunks.append(chunk)


def _open(opener, request, seconds: float) -> tuple[int, dict, str]:
    """(status, headers, body) of a request, also for an HTTP error status; the whole
    exchange (connecting, headers, body) ends within ``seconds`` or raises PageTimeout."""
    import socket

    deadline = time.monotonic() + seconds
    what = request if isinstance(request, str) else request.full_url
    try:
        with opener.open(request, timeout=seconds) as r:
            return r.status, dict(r.headers), read_body(r, deadline, what)
    except urllib.error.HTTPError as e:
        with e:
            return e.code, dict(e.headers), read_body(e.fp, deadline, what) if e.fp else ""
    except (socket.timeout, TimeoutError) as e:
        raise PageTimeout(f"{what}: no answer within {seconds:.0f} s ({e})") from None


def fetch(url: str, timeout: float = PAGE_DEADLINE) -> tuple[int, dict, str]:
    """(status, headers, body) of a GET, also for an HTTP error status; all of it within
    ``timeout`` seconds (wall clock) or :class:`PageTimeout`."""
    return _open(urllib.request.build_opener(), url, timeout)


class Learner:
    """A browser without JavaScript: keeps cookies (the ``_xsrf`` one), GETs pages and
    leaves them the way Voilà's page does on ``beforeunload`` (a POST to
    ``/voila/api/shutdown/<kernel>`` carrying the ``_xsrf`` cookie's value)."""

    def __init__(self, server):
        import http.cookiejar

        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def _open(self, request, timeout: float = PAGE_DEADLINE) -> tuple[int, dict, str]:
        return _open(self.opener, request, timeout)

    def get(self, notebook: str, timeout: float = PAGE_DEADLINE) -> tuple[int, dict, str]:
        return self._open(self.server.url(notebook), timeout)

    def open_page(self, notebook: str, timeout: float = PAGE_DEADLINE) -> str:
        """GET a page (all of it within ``timeout`` seconds); the id of its kernel."""
        status, _headers, body = self.get(notebook, timeout)
        assert status == 200, f"GET {notebook}: HTTP {status}"
        match = KERNEL_ID.search(body)
        assert match, f"no kernel id in the page {notebook}"
        return match.group(1)

    @property
    def xsrf(self) -> str | None:
        return next((c.value for c in self.jar if c.name == "_xsrf"), None)

    @property
    def cookie(self) -> str:
        """The ``Cookie`` header this browser sends (the page kernels it asked for are its own)."""
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def channel(self, kernel_id: str, timeout: float = HANG_S) -> "KernelChannel":
        """The websocket of ``kernel_id`` as this browser's page opens it."""
        return KernelChannel(self.server, kernel_id, timeout=timeout, cookie=self.cookie)

    def api(self, method: str, path: str, timeout: float = HANG_S) -> int:
        """The HTTP status of ``method path`` on the server, sent as this browser's page
        would send it (its cookies, the ``_xsrf`` token for what changes state)."""
        from urllib.parse import urlencode

        data = urlencode({"_xsrf": self.xsrf or ""}).encode() if method in ("POST", "DELETE") else None
        headers = {"Origin": self.server.base, "X-XSRFToken": self.xsrf or ""}
        request = urllib.request.Request(self.server.base + path, data=data, method=method, headers=headers)
        return self._open(request, timeout)[0]

    def loading(self, kernel_id: str) -> tuple[int, dict]:
        """Say, as the page's first script does while the page loads, that the page of
        ``kernel_id`` is still loading; (HTTP status, the server's answer)."""
        from urllib.parse import urlencode

        request = urllib.request.Request(
            f"{self.server.base}/sette-kit/loading/{kernel_id}",
            data=urlencode({"_xsrf": self.xsrf or ""}).encode(), method="POST",
            headers={"Origin": self.server.base, "X-XSRFToken": self.xsrf or ""})
        status, _headers, body = self._open(request, HANG_S)
        return status, (json.loads(body) if status == 200 else {})

    def leave(self, kernel_id: str, *, with_token: bool = True) -> int:
        """Leave the page of ``kernel_id`` as Voilà's page does; the HTTP status."""
        from urllib.parse import urlencode

        form = urlencode({"_xsrf": (self.xsrf or "") if with_token else ""}).encode()
        request = urllib.request.Request(f"{self.server.base}/voila/api/shutdown/{kernel_id}",
                                         data=form, method="POST",
                                         headers={"Origin": self.server.base})
        return self._open(request, HANG_S)[0]

    def leave_all(self, kernels, channels=()) -> None:
        """Close the ``channels``, then leave the pages of the ``kernels`` (a test's clean-up)."""
        for channel in channels:
            channel.close()
        for kernel in kernels:
            self.leave(kernel)


def page_kernel(server, notebook: str, timeout: float = PAGE_DEADLINE) -> str:
    """GET ``notebook`` from ``server`` (all of it within ``timeout`` seconds), as a client
    that keeps no cookie (a crawler), and return the id of the kernel serving that page."""
    status, _headers, body = fetch(server.url(notebook), timeout)
    assert status == 200, f"GET {notebook}: HTTP {status}"
    match = KERNEL_ID.search(body)
    assert match, f"no kernel id in the page {notebook}"
    return match.group(1)


def leaks(messages: list[dict]) -> list[str]:
    """The messages (as JSON text, shortened) that contain a server path or a traceback."""
    found = []
    for msg in messages:
        text = json.dumps(msg)
        for pattern in LEAK_PATTERNS:
            m = pattern.search(text)
            if m:
                start = max(0, m.start() - 120)
                found.append(f"{msg['header']['msg_type']}: ...{text[start:m.end() + 120]}...")
                break
    return found


class KernelChannel:
    """The websocket of one page's kernel."""

    def __init__(self, server, kernel_id: str, timeout: float = HANG_S, cookie: str | None = None):
        import websocket  # websocket-client (a jupyter_server dependency)

        self.kernel_id = kernel_id
        self.session = uuid.uuid4().hex
        url = server.base.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels"
        self.ws = websocket.create_connection(url, timeout=timeout, origin=server.base, cookie=cookie)
        self.received: list[dict] = []
        self.last_sent: str | None = None  # msg_id of the last message sent

    def close(self) -> None:
        self.ws.close()

    def __enter__(self) -> "KernelChannel":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- sending
    def send(self, msg_type: str, content: dict, *, metadata: dict | None = None,
             channel: str = "shell", buffers: list | None = None) -> str:
        msg_id = self.last_sent = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "session": self.session,
                       "username": "learner", "date": "2024-01-01T00:00:00Z", "version": "5.3"},
            "parent_header": {}, "metadata": metadata or {}, "content": content,
            "channel": channel, "buffers": buffers or [],
        }))
        return msg_id

    def comm_open(self, target: str, data: dict, *, comm_id: str | None = None,
                  metadata: dict | None = None) -> str:
        comm_id = comm_id or uuid.uuid4().hex
        self.send("comm_open", {"comm_id": comm_id, "target_name": target, "data": data},
                  metadata=metadata)
        return comm_id

    def comm_msg(self, comm_id: str, data: dict) -> str:
        return self.send("comm_msg", {"comm_id": comm_id, "data": data},
                         metadata={"version": WIDGET_PROTOCOL})

    def update(self, comm_id: str, **state) -> str:
        """A widget state update from the browser (``method: update``)."""
        return self.comm_msg(comm_id, {"method": "update", "state": state, "buffer_paths": []})

    def click(self, comm_id: str) -> str:
        """A button click from the browser (``method: custom``, event ``click``)."""
        return self.comm_msg(comm_id, {"method": "custom", "content": {"event": "click"}})

    # -- receiving
    def collect(self, seconds: float, until=None) -> list[dict]:
        """Every message received within ``seconds`` (or until ``until(msg)`` is true)."""
        import websocket

        got: list[dict] = []
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            self.ws.settimeout(min(left, 1.0))
            try:
                frame = self.ws.recv()
            except websocket.WebSocketTimeoutException:
                continue
            if not frame:
                break
            msg = json.loads(frame)
            got.append(msg)
            if until is not None and until(msg):
                break
        self.received.extend(got)
        return got

    def wait_idle(self, parent_id: str | None = None, seconds: float = HANG_S) -> list[dict]:
        """Collect until the kernel reports idle after handling the message ``parent_id``
        (default: the last message sent)."""
        parent_id = parent_id or self.last_sent

        def idle(msg):
            return (msg["header"]["msg_type"] == "status"
                    and msg.get("parent_header", {}).get("msg_id") == parent_id
                    and msg["content"].get("execution_state") == "idle")
        return self.collect(seconds, until=idle)

    def kernel_info(self, seconds: float = HANG_S) -> dict:
        self.send("kernel_info_request", {})
        got = self.collect(seconds, until=lambda m: m["header"]["msg_type"] == "kernel_info_reply")
        replies = [m for m in got if m["header"]["msg_type"] == "kernel_info_reply"]
        assert replies, f"no kernel_info_reply; got {[m['header']['msg_type'] for m in got]}"
        return replies[-1]

    def widget_states(self, seconds: float = HANG_S) -> dict[str, dict]:
        """model id -> state of every widget in the kernel (ipywidgets' control comm)."""
        comm = self.comm_open("jupyter.widget.control", {}, metadata={"version": CONTROL_PROTOCOL})
        self.comm_msg(comm, {"method": "request_states"})

        def states(msg):
            return (msg["header"]["msg_type"] == "comm_msg"
                    and msg["content"].get("data", {}).get("method") == "update_states")
        got = self.collect(seconds, until=states)
        found = [m for m in got if states(m)]
        assert found, f"no widget states; got {[m['header']['msg_type'] for m in got]}"
        return found[-1]["content"]["data"]["states"]

    def find_widget(self, states: dict, model: str, css: str | None = None) -> str:
        """The model id of the widget of ``model`` (e.g. 'ButtonModel') with CSS class ``css``."""
        for model_id, entry in states.items():
            state = entry.get("state", entry)
            if state.get("_model_name") == model and (css is None or css in state.get("_dom_classes", [])):
                return model_id
        raise AssertionError(f"no {model} with class {css!r} among {len(states)} widgets")
