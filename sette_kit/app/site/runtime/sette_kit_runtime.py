"""The static site's lean Python runtime: a lesson page's cells, run as IPython would,
speaking the Jupyter message protocol with the page.

A lesson page needs far less than a Jupyter kernel: run code cells one after the other
in one namespace, show each cell's outputs (the value of its last expression, what it
``display()``\\s or prints) and carry ipywidgets' comm messages both ways.  This module
does exactly that, with no IPython (see ``IPython/``, a stand-in of a few names), so the
browser loads Pyodide, ``comm``, ``traitlets``, ``ipywidgets`` and the kit, nothing else.

The page (``js/src/app.js``, its ``Session``) and the worker (``js/src/worker.js``) pass
Jupyter messages as JSON text: :meth:`Runtime.handle` takes one request
(``execute_request``, ``comm_open`` / ``comm_msg`` / ``comm_close``,
``comm_info_request``, ``kernel_info_request``) and every message the runtime sends goes
to ``post(text, buffers)``, in order: ``status`` busy, outputs and comm messages,
the ``*_reply`` (channel ``shell``), ``status`` idle.

The same runtime runs in CPython at build time (:func:`record`): the build executes
each page's cells and keeps their outputs and the widgets' state, which the page draws
before Python has started.

>>> rt = start(lambda text, buffers: sent.append(json.loads(text)))
>>> sent = []
>>> import asyncio
>>> asyncio.run(rt.handle(json.dumps(request("execute_request", {"code": "x = 6\\nx * 7"}))))
>>> [m["msg_type"] for m in (s["header"] for s in sent)]
['status', 'execute_result', 'execute_reply', 'status']
>>> sent[1]["content"]["data"]
{'text/plain': '42'}
>>> stop()
"""

from __future__ import annotations

import ast
import asyncio
import base64
import builtins
import datetime
import io
import json
import linecache
import sys
import traceback
import types
import uuid

PROTOCOL = "5.3"
_current = None


def current():
    """The running :class:`Runtime`, or None (``IPython.get_ipython()`` in the browser)."""
    return _current


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat()


def request(msg_type: str, content: dict, msg_id: str | None = None) -> dict:
    """A Jupyter message as the page sends it (for tests and the build's recording)."""
    return {"header": {"msg_id": msg_id or uuid.uuid4().hex, "msg_type": msg_type,
                       "session": "page", "username": "learner", "date": _now(),
                       "version": PROTOCOL},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell"}


def _json_default(value):
    if isinstance(value, (datetime.datetime, datetime.date)):
        return value.isoformat()
    if isinstance(value, (bytes, bytearray, memoryview)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


REPRS = (("text/html", "_repr_html_"), ("text/markdown", "_repr_markdown_"),
         ("image/svg+xml", "_repr_svg_"), ("image/png", "_repr_png_"),
         ("image/jpeg", "_repr_jpeg_"), ("text/latex", "_repr_latex_"),
         ("application/json", "_repr_json_"))


def format_object(obj, include=None, exclude=None) -> tuple[dict, dict]:
    """``obj``'s rich representation as (data, metadata), as IPython's formatter gives it.

    >>> format_object(3)
    ({'text/plain': '3'}, {})
    >>> class H:
    ...     def _repr_html_(self): return "<b>hi</b>"
    ...     def __repr__(self): return "H()"
    >>> format_object(H())
    ({'text/html': '<b>hi</b>', 'text/plain': 'H()'}, {})
    """
    data, md = {}, {}
    if not isinstance(obj, type):
        bundle = getattr(obj, "_repr_mimebundle_", None)
        if callable(bundle):
            found = bundle(include=include, exclude=exclude)
            if isinstance(found, tuple):
                found, extra = found
                md.update(extra or {})
            data.update(found or {})
        for mime, name in REPRS:
            method = getattr(obj, name, None)
            if mime in data or not callable(method):
                continue
            value = method()
            if isinstance(value, tuple):
                value, extra = value
                md[mime] = extra
            if value is None:
                continue
            if isinstance(value, bytes):
                value = base64.b64encode(value).decode("ascii")
            data[mime] = value
    data.setdefault("text/plain", repr(obj))
    if include:
        data = {k: v for k, v in data.items() if k in include}
    if exclude:
        data = {k: v for k, v in data.items() if k not in exclude}
    return data, md


class _Stream(io.TextIOBase):
    """``sys.stdout`` / ``sys.stderr``: what is written becomes one ``stream`` message,
    sent before the next other message (or soon after, from a background task)."""

    def __init__(self, runtime: "Runtime", name: str):
        self.runtime, self.name = runtime, name
        self._parts: list[str] = []

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        if text:
            if not self._parts:
                try:
                    asyncio.get_running_loop().call_soon(self.flush)
                except RuntimeError:
                    pass
            self._parts.append(str(text))
        return len(text)

    def flush(self) -> None:
        if self._parts:
            text, self._parts = "".join(self._parts), []
            self.runtime.send("stream", {"name": self.name, "text": text})


class _Formatter:
    def __init__(self):
        self.format = format_object


class _Events:
    """``shell.events``: the comm package triggers ``pre_execute`` / ``post_execute``
    around each comm message; nothing listens here."""

    def trigger(self, event: str, *args, **kwargs) -> None:
        pass

    def register(self, event: str, callback) -> None:
        pass


class Runtime:
    """One page's Python: the shell ``get_ipython()`` returns, and its ``kernel``."""

    def __init__(self, post):
        from comm.base_comm import CommManager

        self._post = post
        self.session = uuid.uuid4().hex
        self.parent: dict = {}
        self.execution_count = 0
        self.comm_manager = CommManager()
        self.display_formatter = _Formatter()
        self.events = _Events()
        self.kernel = self  # ipywidgets and the kit look for get_ipython().kernel
        self.stdout = self.stderr = None
        self.stdout, self.stderr = _Stream(self, "stdout"), _Stream(self, "stderr")
        self.user_ns: dict = {}
        self.reset()

    # -- what the page sees -------------------------------------------------------------

    def send(self, msg_type: str, content: dict, *, channel: str = "iopub",
             metadata: dict | None = None, buffers=None) -> None:
        """Send one message to the page, as a reply to the request being handled."""
        if msg_type != "stream":
            self.stdout.flush()
            self.stderr.flush()
        parent = self.parent.get("header", {}) if self.parent else {}
        msg = {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type,
                          "session": self.session, "username": "kernel", "date": _now(),
                          "version": PROTOCOL},
               "parent_header": parent, "metadata": metadata or {}, "content": content,
               "channel": channel}
        self._post(json.dumps(msg, default=_json_default, allow_nan=False),
                   [bytes(b) for b in buffers] if buffers else None)

    def get_parent(self, channel: str = "shell") -> dict:
        return self.parent

    def set_parent(self, parent: dict, channel: str = "shell") -> None:
        self.parent = parent

    def showtraceback(self, exc_tuple=None, tb_offset=None, **kwargs) -> None:
        """An error in a widget's callback: an ``error`` message (the page logs it)."""
        etype, value, tb = exc_tuple or sys.exc_info()
        if etype is None:
            return
        self.send("error", _error_content(etype, value, tb))

    # -- the namespace ------------------------------------------------------------------

    def reset(self) -> None:
        """A fresh ``__main__`` namespace (the next lesson starts with no variables);
        imported modules stay imported."""
        main = types.ModuleType("__main__")
        main.__dict__["__builtins__"] = builtins
        main.__dict__["get_ipython"] = current
        sys.modules["__main__"] = main
        self.user_ns = main.__dict__

    def forget_page(self) -> None:
        """Before the next lesson in the same Python: its widgets closed, its variables gone,
        and nothing more sent to a class for it."""
        if "ipywidgets" in sys.modules:
            sys.modules["ipywidgets"].Widget.close_all()
        if "sette_kit.classroom.link" in sys.modules:
            sys.modules["sette_kit.classroom.link"].end_page()
        self.reset()

    def begin_page(self, lesson, in_class: bool = False) -> None:
        """A page of lesson ``lesson`` (two digits) starts: its widgets take their item
        ids; in a class, each answer goes to the page as a ``sette_kit_class`` message
        (``{"event": ...}``), which the page queues for the class hub."""
        from sette_kit.classroom import link

        link.begin_page(lesson, self.send_class_event if in_class else None)

    def send_class_event(self, event: dict) -> None:
        self.send("sette_kit_class", {"event": event})

    # -- running cells ------------------------------------------------------------------

    async def run_code(self, code: str):
        """Run ``code`` in the namespace; the value of a final expression, or None."""
        self.execution_count += 1
        name = f"<cell {self.execution_count}>"
        linecache.cache[name] = (len(code), None, code.splitlines(True), name)
        tree = ast.parse(code, name)
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
        result = eval(compile(tree, name, "exec", flags=flags, dont_inherit=True), self.user_ns)
        if asyncio.iscoroutine(result):
            await result
        if last is None:
            return None
        value = eval(compile(last, name, "eval", flags=flags, dont_inherit=True), self.user_ns)
        if asyncio.iscoroutine(value):
            value = await value
        return value

    async def execute(self, content: dict) -> dict:
        silent = bool(content.get("silent"))
        try:
            value = await self.run_code(content.get("code", ""))
            if value is not None and not silent:
                data, md = format_object(value)
                self.send("execute_result", {"data": data, "metadata": md,
                                             "execution_count": self.execution_count})
            return {"status": "ok", "execution_count": self.execution_count,
                    "user_expressions": {}, "payload": []}
        except Exception:
            etype, value, tb = sys.exc_info()
            error = _error_content(etype, value, tb.tb_next if tb else tb)
            self.send("error", error)
            return {"status": "error", "execution_count": self.execution_count, **error}

    # -- the page's requests ------------------------------------------------------------

    async def handle(self, text: str, buffers=None) -> None:
        """Handle one message from the page (JSON text), sending what it asks for."""
        msg = json.loads(text)
        if buffers:
            msg["buffers"] = [memoryview(bytes(b)) for b in buffers]
        else:
            msg.setdefault("buffers", [])
        msg_type = msg["header"]["msg_type"]
        self.parent = msg
        old = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = self.stdout, self.stderr
        try:
            self.send("status", {"execution_state": "busy"})
            if msg_type == "execute_request":
                self.send("execute_reply", await self.execute(msg["content"]), channel="shell")
            elif msg_type in ("comm_open", "comm_msg", "comm_close"):
                getattr(self.comm_manager, msg_type)(None, None, msg)
            elif msg_type == "comm_info_request":
                target = msg["content"].get("target_name")
                comms = {cid: {"target_name": c.target_name}
                         for cid, c in self.comm_manager.comms.items()
                         if target is None or c.target_name == target}
                self.send("comm_info_reply", {"status": "ok", "comms": comms}, channel="shell")
            elif msg_type == "kernel_info_request":
                self.send("kernel_info_reply", kernel_info(), channel="shell")
            self.send("status", {"execution_state": "idle"})
        finally:
            sys.stdout, sys.stderr = old


def kernel_info() -> dict:
    return {"status": "ok", "protocol_version": PROTOCOL, "implementation": "sette-kit",
            "implementation_version": "1", "banner": "sette-kit browser runtime",
            "language_info": {"name": "python", "version": sys.version.split()[0],
                              "mimetype": "text/x-python", "file_extension": ".py"}}


def _error_content(etype, value, tb) -> dict:
    lines = traceback.format_exception(etype, value, tb)
    return {"ename": etype.__name__, "evalue": str(value), "traceback": lines}


class _Comm:  # the class is made in start(): comm.base_comm is imported there
    pass


def start(post) -> Runtime:
    """Start the runtime: ``post(text, buffers)`` receives every message for the page.
    Must run before ipywidgets is imported (it registers its comm target then)."""
    global _current
    import comm
    from comm.base_comm import BaseComm

    runtime = Runtime(post)

    class Comm(BaseComm):
        kernel = runtime  # ipywidgets' Output widget looks for comm.kernel

        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            content = {"data": {} if data is None else data, "comm_id": self.comm_id, **keys}
            runtime.send(msg_type, content, metadata=metadata, buffers=buffers)

    comm.create_comm = Comm
    comm.get_comm_manager = lambda: runtime.comm_manager
    _current = runtime
    if "ipywidgets" in sys.modules:  # imported before: register its targets now
        sys.modules["ipywidgets"].register_comm_target()
    return runtime


def stop() -> None:
    global _current
    _current = None


# -- at build time: each page's first state ------------------------------------------------

def record(pages: list[dict]) -> list[dict]:
    """Run each page's cells (``{"cells": [code, ...], "lang": "it"}``) in CPython and
    return, for each page, ``{"outputs": [[output, ...] per cell], "state": widget state,
    "failed": [cell numbers]}``: what the page draws before Python has started in the
    browser.  The pages run one after the other in this one runtime, as lesson links do.
    """
    sent: list[dict] = []
    runtime = current() or start(lambda text, buffers: sent.append(json.loads(text)))
    import ipywidgets

    results = []
    for page in pages:
        if page.get("lang"):
            from sette_kit import set_language

            set_language(page["lang"])
        outputs, failed = [], []
        for i, code in enumerate(page["cells"]):
            sent.clear()
            msg = request("execute_request", {"code": code, "silent": False})
            asyncio.run(runtime.handle(json.dumps(msg)))
            shown = []
            for m in sent:
                kind = m["header"]["msg_type"]
                c = m["content"]
                if kind in ("display_data", "execute_result"):
                    shown.append({"output_type": kind, "data": c["data"], "metadata": c["metadata"]})
                elif kind == "stream" and c["name"] == "stdout":
                    shown.append({"output_type": "stream", "name": "stdout", "text": c["text"]})
                elif kind == "clear_output":
                    shown.clear()
                elif kind == "error":
                    failed.append(i)
            outputs.append(shown)
        state = ipywidgets.Widget.get_manager_state(drop_defaults=True)
        results.append({"outputs": outputs, "state": state, "failed": failed})
        runtime.forget_page()
    return results


if __name__ == "__main__":  # python sette_kit_runtime.py < pages.json > recorded.json
    import sette_kit_runtime as _module  # the one the IPython stand-in imports, not __main__

    _out, sys.stdout = sys.stdout, sys.stderr  # only the JSON goes to stdout
    _pages = json.load(sys.stdin)
    json.dump(_module.record(_pages), _out, default=_json_default)
