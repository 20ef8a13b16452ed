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
* shows the Markdown files at the top of the served folder (``TEACHERS.md``) as HTML
  pages: Voilà sends ``.md`` to its file handler, which refuses them (403).

The kit's pages are Jinja templates in ``sette_kit/webapp/templates/`` (``page.html``
is the base, ``kit.css`` its style).
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import tornado.web
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from ..serve import LANDING_PAGE

__all__ = ["KitVoila", "KitPageHandler", "render_page", "markdown_html", "RETRY_AFTER"]

TEMPLATES = Path(__file__).resolve().parent / "templates"
RETRY_AFTER = 60  # seconds, for "the class is full"
_COMMENT = re.compile(r"<!--.*?-->\n?", re.S)
_MARKDOWN_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*\.md$")

_env = None


def render_page(name: str, **context) -> str:
    """Render the kit's template ``name`` (autoescaped)."""
    global _env
    if _env is None:
        import jinja2

        _env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
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
        try:
            async for html in self.get_generator(path=path):
                if held:  # Voilà has given this page its kernel by now
                    manager.release_page_kernel()
                    held = False
                self.write(html)
                self.flush()
        finally:
            if held:
                manager.release_page_kernel()

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
    """Voilà with :class:`KitPageHandler` serving the pages."""

    def init_handlers(self):
        return [(h[0], KitPageHandler, *h[2:]) if len(h) > 1 and h[1] is TornadoVoilaHandler else h
                for h in super().init_handlers()]
