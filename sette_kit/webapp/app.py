"""Server side of ``sette-kit serve``: Voilà with the kit's page handler.

:class:`KitVoila` is Voilà's application with one change: the handler of
``/voila/render/<path>`` is :class:`KitPageHandler`, which

* sets the ``_xsrf`` cookie on every page.  Voilà's page shuts its kernel down when the
  learner leaves it (a ``sendBeacon`` POST to ``/voila/api/shutdown/<kernel>`` on
  ``beforeunload``, carrying the ``_xsrf`` cookie's value), but Voilà 0.5 sets that
  cookie only on its notebook list, never on a notebook page, so with
  jupyter_server 2 the POST was refused ("403: '_xsrf' argument missing from POST";
  voila-dashboards/voila#1458) and no kernel was ever shut down until the idle culler.
  Setting the cookie keeps XSRF protection on for every POST and makes leaving a page
  end its kernel within seconds;
* refuses a page that would need a kernel beyond
  ``KitKernelManager.max_kernels``, with a friendly "the class is full" page
  (HTTP 503, ``Retry-After``), see :mod:`sette_kit.webapp.kernels`;
* tells the kernel manager which kernel the page it prepares uses, so that kernel is
  never ended for want of a browser before the page has been sent; and watches the
  page while it is prepared.  Voilà runs the notebook in a task of its own and, while
  it waits for that task, sends a keep-alive every ``http_keep_alive_timeout`` seconds;
  when the task fails (its kernel was shut down or died before answering) Voilà
  never notices and the page never ends.  The handler looks every second: a page whose
  kernel is gone, died or restarted, or that has sent only keep-alives for
  ``KitKernelManager.render_stall_timeout`` seconds, ends with the kit's short
  "this page could not be prepared" (``render_failed.html``) and its kernel is shut
  down;
* shows the Markdown files at the top of the served folder (``TEACHERS.md``) as HTML
  pages: Voilà sends ``.md`` to its file handler, which refuses them (403).

The kit's pages are Jinja templates in ``sette_kit/webapp/templates/`` (``page.html``
is the base), styled by the kit's theme (``sette_kit/theme/sette-kit.css``).  The lesson
pages use the kit's Voilà template, ``sette-kit`` (``sette_kit/webapp/voila_template``).
"""

from __future__ import annotations

import asyncio
import inspect
import re
from pathlib import Path

import tornado.web
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from ..serve import LANDING_PAGE

__all__ = ["KitVoila", "KitPageHandler", "render_page", "markdown_html", "RETRY_AFTER",
           "KEEP_ALIVE"]

TEMPLATES = Path(__file__).resolve().parent / "templates"
RETRY_AFTER = 60  # seconds, for "the class is full"
_COMMENT = re.compile(r"<!--.*?-->\n?", re.S)
_MARKDOWN_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*\.md$")
#: what Voilà sends while a page waits for its notebook to run (VoilaHandler.get_generator)
KEEP_ALIVE = "<script>window.voila_heartbeat()</script>\n"
#: the kernel's id in a Voilà page (its page config), for pages given a preheated kernel
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
_HEAD_LIMIT = 2_000_000  # characters of a page searched for its kernel's id
CHECK_EVERY = 1.0  # seconds between looks at a page being prepared


class PageFailed(Exception):
    """The page being prepared can never be finished (the reason is the message)."""

_env = None


def render_page(name: str, **context) -> str:
    """Render the kit's template ``name`` (autoescaped)."""
    global _env
    if _env is None:
        import jinja2

        from ..theme import THEME_DIR

        _env = jinja2.Environment(loader=jinja2.FileSystemLoader([str(TEMPLATES), str(THEME_DIR)]),
                                  autoescape=True, keep_trailing_newline=True)
    return _env.get_template(name).render(**context)


def markdown_html(text: str) -> str:
    """Markdown to HTML; raw HTML in the source is escaped, HTML comments are dropped.

    >>> html = markdown_html("# Notes <b>x</b>\\n<!-- lesson 0 -->\\n\\n| a | b |\\n| --- | --- |\\n| 1 | 2 |")
    >>> html[:44], "lesson 0" in html
    ('<h1>Notes &lt;b&gt;x&lt;/b&gt;</h1>\\n<table>\\n', False)
    """
    import mistune

    md = mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])
    return md(_COMMENT.sub("", text))


def markdown_title(text: str, default: str) -> str:
    """The first level-1 heading of a Markdown text.

    >>> markdown_title("intro\\n# sette-kit · Notes for teachers\\n", "TEACHERS")
    'sette-kit · Notes for teachers'
    """
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return default


class KitPageHandler(TornadoVoilaHandler):
    """``/voila/render/<path>``: Voilà's page handler with the kit's changes (module doc)."""

    async def prepare(self, *args, **kwargs):
        result = super().prepare(*args, **kwargs)
        if inspect.isawaitable(result):
            await result
        # touching the token sets the _xsrf cookie that Voilà's page sends back when it
        # asks for its kernel to be shut down (voila-dashboards/voila#1458)
        self.xsrf_token  # noqa: B018

    @tornado.web.authenticated
    async def get(self, path=None):
        if path and path.lower().endswith(".md"):
            return self._markdown_page(path)
        manager = self.kernel_manager
        reserve = getattr(manager, "reserve_page_kernel", None)
        if reserve is not None and not reserve():
            return self._class_full()
        held = reserve is not None
        page = manager.begin_page() if hasattr(manager, "begin_page") else None
        head: str | None = ""  # the start of the page, until its kernel's id is found in it
        chunks = self.get_generator(path=path)
        try:
            while True:
                html = await self._next_chunk(chunks, page)
                if html is None:
                    break
                if held:  # Voilà has given this page its kernel by now
                    manager.release_page_kernel()
                    held = False
                if page is not None:
                    if html != KEEP_ALIVE:
                        manager.page_note_html(page)
                    if head is not None and not page.kernel_ids:  # a kernel from the pool
                        head += html
                        found = _KERNEL_ID.search(head)
                        if found:
                            manager.claim_page_kernel(page, found.group(1))
                        if found or len(head) > _HEAD_LIMIT:
                            head = None
                self.write(html)
                self.flush()
        except PageFailed as failure:
            await self._page_failed(page, str(failure))
        finally:
            if held:
                manager.release_page_kernel()
            if page is not None:
                manager.end_page(page)

    async def _next_chunk(self, chunks, page) -> str | None:
        """The next piece of Voilà's page (None at its end), looking at the page every
        CHECK_EVERY seconds while it waits; PageFailed if it can never come."""
        step = asyncio.ensure_future(chunks.__anext__())
        try:
            while True:
                done, _ = await asyncio.wait({step}, timeout=CHECK_EVERY)
                if done:
                    try:
                        return step.result()
                    except StopAsyncIteration:
                        return None
                if page is not None:
                    problem = await self.kernel_manager.page_problem(page)
                    if problem:
                        raise PageFailed(problem)
        finally:
            if not step.done():
                step.cancel()  # Voilà's page generator ends there
                step.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def _page_failed(self, page, why: str) -> None:
        """End a page that can never be finished with the kit's short explanation, and
        shut its kernel down if it is still there."""
        self.log.warning("sette-kit: the page %s could not be prepared (%s); it ends with "
                         "the kit's error", self.request.path, why)
        manager = self.kernel_manager
        for kernel_id in list(page.kernel_ids if page is not None else ()):
            if kernel_id in manager:
                try:
                    await manager.shutdown_kernel(kernel_id)
                except Exception as exc:  # noqa: BLE001 - gone already: the culler tries later
                    self.log.warning("sette-kit: could not shut down kernel %s: %s", kernel_id, exc)
        if self._headers_written:  # the page has begun: end it with a part of the page
            self.finish(render_page("render_failed.html"))
            return
        self.clear()
        self.set_status(503)
        self.set_header("Retry-After", "5")
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(render_page("failed.html", title="This page could not be prepared",
                                landing=self._landing_href()))

    # -- the kit's own pages
    def _landing_href(self) -> str | None:
        root = Path(self.contents_manager.root_dir)
        return LANDING_PAGE if (root / LANDING_PAGE).is_file() else None

    def _class_full(self) -> None:
        self.log.warning("sette-kit: the class is full (%d kernels serve pages); refused %s",
                         self.kernel_manager.page_kernel_count(), self.request.path)
        self.set_status(503)
        self.set_header("Retry-After", str(RETRY_AFTER))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(render_page("full.html", title="The class is full", retry_after=RETRY_AFTER,
                                landing=None))

    def _markdown_page(self, path: str) -> None:
        root = Path(self.contents_manager.root_dir).resolve()
        source = root / path
        if not _MARKDOWN_NAME.match(path) or not source.is_file():
            raise tornado.web.HTTPError(404)
        text = source.read_text(encoding="utf-8")
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(render_page("markdown.html", title=markdown_title(text, source.stem),
                                body=markdown_html(text), landing=self._landing_href()))


class KitVoila(Voila):
    """Voilà with :class:`KitPageHandler` serving the pages, and the kit's theme files
    (``sette_kit/theme``) on the template path, where the ``sette-kit`` template
    includes them."""

    def setup_template_dirs(self):
        super().setup_template_dirs()
        from ..theme import THEME_DIR

        if str(THEME_DIR) not in self.template_paths:
            self.template_paths.append(str(THEME_DIR))

    def init_handlers(self):
        return [(h[0], KitPageHandler, *h[2:]) if len(h) > 1 and h[1] is TornadoVoilaHandler else h
                for h in super().init_handlers()]
