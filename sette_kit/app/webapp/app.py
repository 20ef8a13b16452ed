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
* shows the Markdown files of the served folder and of its language folders
  (``TEACHERS.md``, ``it/TEACHERS.md``) as HTML pages, to the teacher only: they hold
  every answer, so a page of them needs the teacher's key (``?key=``, printed by
  ``sette-kit serve``; then remembered in an HTTP-only cookie for the notes' own links),
  and without it says where teachers get them (Voilà sends ``.md`` to its file handler,
  which refuses them, 403);
* gives every browser a random, HTTP-only cookie (:data:`~sette_kit.webapp.kernels.CLIENT_COOKIE`)
  that makes the page kernels it asked for its own: the kernel endpoints
  (``/api/kernels/<id>`` and its websocket, ``/voila/api/shutdown/<id>``,
  ``/voila/query/<id>``) answer 404 to any other browser, so no learner can see or end
  another's kernel; and one address holds at most
  ``KitKernelManager.max_kernels_per_client`` pages (beyond: "close a lesson first").

A page whose notebook does not run to its end (a cell did not finish within
``VoilaExecutor.timeout``, or raised) is never left half-filled: the kit's renderer
(:class:`KitNotebookRenderer`) ends it with one sentence that says so and reloads the
page by itself (at most twice in a row), the handler shuts its half-run kernel down,
and the server log says why.  Voilà's own renderer stops there silently and sends a
page without its remaining cells.  Voilà has no hook for the renderer, so
:class:`KitVoila` puts the kit's where Voilà looks it up (``voila.handler`` and
``voila.voila_kernel_manager``) when it starts; the kit's server is the only user of
that process.

The kit's pages are Jinja templates in ``sette_kit/webapp/templates/`` (``page.html``
is the base), styled by the kit's theme (``sette_kit/theme/sette-kit.css``).  The lesson
pages use the kit's Voilà template, ``sette-kit`` (``sette_kit/webapp/voila_template``).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import inspect
import logging
import re
import secrets
from pathlib import Path
from urllib.parse import quote

import nbformat
import tornado.web
from jupyter_server.base.handlers import APIHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from nbclient.exceptions import CellExecutionError
from nbconvert.preprocessors.clearoutput import ClearOutputPreprocessor
from voila.app import Voila
from voila.notebook_renderer import NotebookRenderer
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from ...course import LANDING
from ..markdown import markdown_html, markdown_title
from .kernels import CLIENT_COOKIE, KitPreheating

__all__ = ["KitVoila", "KitPageHandler", "KitNotebookRenderer", "render_page", "markdown_html",
           "RETRY_AFTER", "KEEP_ALIVE", "PAGE_FAILED", "TEACHER_COOKIE"]

TEMPLATES = Path(__file__).resolve().parent / "templates"
RETRY_AFTER = 60  # seconds, for "the class is full"
#: what Voilà sends while a page waits for its notebook to run (VoilaHandler.get_generator)
KEEP_ALIVE = "<script>window.voila_heartbeat()</script>\n"
#: the kernel's id in a Voilà page (its page config), for pages given a preheated kernel
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
_HEAD_LIMIT = 2_000_000  # characters of a page searched for its kernel's id
CHECK_EVERY = 1.0  # seconds between looks at a page being prepared
#: what the kit's renderer writes into a page whose notebook did not run to its end
PAGE_FAILED = 'id="sk-render-failed"'
#: the cookie that remembers, for the notes' own links, that this browser gave the teacher's key
TEACHER_COOKIE = "sette_kit_teacher"
#: Markdown pages: a file of the served folder, or of one of its language folders
_MARKDOWN_PATH = re.compile(r"^(?:[a-z]{2}/)?[A-Za-z0-9][A-Za-z0-9_.-]*\.md$")


class PageFailed(Exception):
    """The page being prepared can never be finished (the reason is the message)."""

_env = None


def render_page(name: str, **context) -> str:
    """Render the kit's template ``name`` (autoescaped)."""
    global _env
    if _env is None:
        import jinja2

        from ...theme import THEME_DIR

        _env = jinja2.Environment(loader=jinja2.FileSystemLoader([str(TEMPLATES), str(THEME_DIR)]),
                                  autoescape=True, keep_trailing_newline=True)
    return _env.get_template(name).render(**context)


class KitNotebookRenderer(NotebookRenderer):
    """Voilà's renderer, except that a notebook that does not run to its end ends its
    page with the kit's "this page could not be prepared" (it reloads by itself) and
    the reason in the server log, instead of stopping silently at the cell that failed.
    ``kit_failure`` holds the reason (None while the notebook runs fine)."""

    kit_failure: str | None = None
    #: the server's log (set by KitVoila; Voilà's renderers log to a logger of their own)
    server_log = logging.getLogger("sette_kit.serve")

    async def _jinja_cell_generator(self, nb, kernel_id):
        nb, _ = ClearOutputPreprocessor().preprocess(nb, {"metadata": {"path": self.cwd}})
        count = len(nb.cells)
        for index, cell in enumerate(nb.cells):
            try:
                done = await self.executor.execute_cell(cell, None, index, store_history=False)
            except TimeoutError:
                failure = f"cell {index + 1} of {count} did not finish within {self.executor.timeout} s"
            except CellExecutionError as error:
                failure = f"cell {index + 1} of {count} raised {error.ename}: {error.evalue}"
            except Exception as error:  # noqa: BLE001 - the kernel or its channels failed
                failure = f"cell {index + 1} of {count} could not run ({type(error).__name__}: {error})"
            else:
                yield done
                continue
            self.kit_failure = failure
            self.server_log.warning("sette-kit: %s could not be prepared: %s; the page says so and reloads",
                                    self.notebook_path, failure)
            yield failed_cell()
            break
        await self._cleanup_resources()


def failed_cell():
    """The cell the kit's template shows as "this page could not be prepared"."""
    return nbformat.v4.new_raw_cell("", metadata={"sette_kit": {"page_failed": True}})


class KitPageHandler(TornadoVoilaHandler):
    """``/voila/render/<path>``: Voilà's page handler with the kit's changes (module doc)."""

    async def prepare(self, *args, **kwargs):
        result = super().prepare(*args, **kwargs)
        if inspect.isawaitable(result):
            await result
        # touching the token sets the _xsrf cookie that Voilà's page sends back when it
        # asks for its kernel to be shut down (voila-dashboards/voila#1458)
        self.xsrf_token  # noqa: B018
        self.client = client_cookie(self)

    @tornado.web.authenticated
    async def get(self, path=None):
        if path and path.lower().endswith(".md"):
            return self._markdown_page(path)
        manager = self.kernel_manager
        address = self.request.remote_ip or ""
        reserve = getattr(manager, "reserve_page_kernel", None)
        refused = reserve(address) if reserve is not None else None
        if refused:
            return self._class_full(refused)
        held = reserve is not None
        page = manager.begin_page(self.client, address) if hasattr(manager, "begin_page") else None
        head: str | None = ""  # the start of the page, until its kernel's id is found in it
        failed = False
        chunks = self.get_generator(path=path)
        try:
            while True:
                html = await self._next_chunk(chunks, page)
                if html is None:
                    break
                if held:  # Voilà has given this page its kernel by now
                    manager.release_page_kernel(address)
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
                failed = failed or PAGE_FAILED in html
                self.write(html)
                self.flush()
            if failed:  # the renderer said so on the page: its half-run kernel goes
                await self._end_kernels(page, "its notebook did not run to its end")
        except PageFailed as failure:
            await self._page_failed(page, str(failure))
        finally:
            if held:
                manager.release_page_kernel(address)
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
        await self._end_kernels(page, why)
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

    async def _end_kernels(self, page, why: str) -> None:
        """End the kernels of a page that can never be finished, at once: a half-run
        kernel (maybe still in the cell that passed the limit) has nothing to keep, and
        interrupting it first would only print its traceback in the log."""
        manager = self.kernel_manager
        for kernel_id in list(page.kernel_ids if page is not None else ()):
            if kernel_id in manager:
                self.log.info("sette-kit: shutting down kernel %s of %s: %s", kernel_id, self.request.path, why)
                try:
                    await manager.shutdown_kernel(kernel_id, now=True)
                except Exception as exc:  # noqa: BLE001 - gone already: the culler tries later
                    self.log.warning("sette-kit: could not shut down kernel %s: %s", kernel_id, exc)

    # -- the kit's own pages
    def _landing_href(self) -> str | None:
        root = Path(self.contents_manager.root_dir)
        return LANDING if (root / LANDING).is_file() else None

    def _class_full(self, why: str = "full") -> None:
        manager = self.kernel_manager
        if why == "client":
            self.log.warning("sette-kit: %s already holds %d lessons; refused %s", self.request.remote_ip,
                             manager.max_kernels_per_client, self.request.path)
            template, title = "too_many.html", "Close a lesson first"
        else:
            self.log.warning("sette-kit: the class is full (%d kernels serve pages); refused %s",
                             manager.page_kernel_count(), self.request.path)
            template, title = "full.html", "The class is full"
        self.set_status(503)
        self.set_header("Retry-After", str(RETRY_AFTER))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(render_page(template, title=title, retry_after=RETRY_AFTER, landing=None,
                                open_lessons=getattr(manager, "max_kernels_per_client", 0)))

    def _markdown_page(self, path: str) -> None:
        root = Path(self.contents_manager.root_dir).resolve()
        source = root / path
        if not _MARKDOWN_PATH.match(path) or not source.is_file():
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")  # the key stays on this page
        if not self._teacher():
            self.set_status(403)
            self.finish(render_page("teachers_only.html", title="For teachers", landing=self._landing_href()))
            return
        text = source.read_text(encoding="utf-8")
        self.finish(render_page("markdown.html", title=markdown_title(text, source.stem),
                                body=markdown_html(text, raw_html=False), landing=self._landing_href()))

    def _teacher(self) -> bool:
        """Whether this request comes from the teacher: it gives the teacher's key
        (``?key=``), or carries the cookie a page with the key set."""
        secret = self.settings.get("sette_kit_teacher_key") or ""
        if not secret:
            return False
        badge = hashlib.sha256(b"sette-kit teacher " + secret.encode()).hexdigest()
        given = self.get_argument("key", "")
        if given and hmac.compare_digest(given.encode(), secret.encode()):
            self.set_cookie(TEACHER_COOKIE, badge, httponly=True, samesite="Strict")
            return True
        return hmac.compare_digest((self.get_cookie(TEACHER_COOKIE) or "").encode(), badge.encode())


def client_cookie(handler) -> str:
    """The browser's own random name (:data:`CLIENT_COOKIE`), set on its first page."""
    value = handler.get_cookie(CLIENT_COOKIE, "")
    if not re.fullmatch(r"[A-Za-z0-9_-]{32,64}", value or ""):
        value = secrets.token_urlsafe(32)
        handler.set_cookie(CLIENT_COOKIE, value, httponly=True, samesite="Strict")
    return value


class _OwnKernelsOnly:
    """A kernel endpoint that answers only the browser whose page the kernel serves
    (404 to anyone else, as if there were no such kernel)."""

    def _check_owner(self, kernel_id: str) -> None:
        manager = self.kernel_manager
        owns = getattr(manager, "owns", None)
        if owns is not None and not owns(kernel_id, self.get_cookie(CLIENT_COOKIE)):
            self.log.warning("sette-kit: refused %s %s: not this browser's kernel", self.request.method,
                             self.request.path)
            raise tornado.web.HTTPError(404)


class KitKernelHandler(_OwnKernelsOnly, KernelHandler):
    """``/api/kernels/<id>``: its state, or its end, for its own page only."""

    async def get(self, kernel_id):
        self._check_owner(kernel_id)
        return await super().get(kernel_id)

    async def delete(self, kernel_id):
        self._check_owner(kernel_id)
        return await super().delete(kernel_id)


class KitKernelWebsocketHandler(_OwnKernelsOnly, VoilaKernelWebsocketHandler):
    """``/api/kernels/<id>/channels``: the websocket of a kernel, for its own page only."""

    async def get(self, kernel_id):
        self._check_owner(kernel_id)
        return await super().get(kernel_id)


class KitShutdownHandler(_OwnKernelsOnly, VoilaShutdownKernelHandler):
    """``/voila/api/shutdown/<id>``: a page that is left ends its own kernel, no other."""

    async def post(self, kernel_id):
        self._check_owner(kernel_id)
        return await super().post(kernel_id)


class KitLoadingHandler(_OwnKernelsOnly, APIHandler):
    """``/sette-kit/loading/<id>``: the page of kernel ``id`` is still loading in its
    browser (the page's first script says so every few seconds until its websocket
    opens), so its kernel waits for it (:meth:`KitKernelManager.notify_loading`; a slow start:
    at load 20 a browser took more than a minute to start a page's scripts, and the
    kernel had been ended).  The answer is JSON, ``connected`` and ``next`` (seconds
    until the page says it again, or null: stop); only the page's own browser is heard."""

    @tornado.web.authenticated
    def post(self, kernel_id):
        self._check_owner(kernel_id)
        loading = getattr(self.kernel_manager, "notify_loading", None)
        answer = loading(kernel_id) if loading is not None else {"connected": False, "next": None}
        self.set_header("Cache-Control", "no-store")
        self.finish(answer)


class KitRequestInfoHandler(RequestInfoSocketHandler):
    """``/voila/query/<id>``: a preheated page's request info, for its own page only."""

    def get(self, kernel_id, *args, **kwargs):
        owns = getattr(self.settings.get("kernel_manager"), "owns", None)
        if owns is not None and not owns(kernel_id, self.get_cookie(CLIENT_COOKIE)):
            raise tornado.web.HTTPError(404)
        return super().get(kernel_id, *args, **kwargs)


#: Voilà's handlers and the kit's in their place
_HANDLERS = {TornadoVoilaHandler: KitPageHandler, KernelHandler: KitKernelHandler,
             VoilaKernelWebsocketHandler: KitKernelWebsocketHandler,
             VoilaShutdownKernelHandler: KitShutdownHandler, RequestInfoSocketHandler: KitRequestInfoHandler}


class _Quiet(logging.Filter):
    """Drops the server log's noise: Voilà's address of its file list (the kit prints the
    landing page's instead) and "Notebook ... is not trusted" (trust is about a
    notebook's outputs in JupyterLab; Voilà runs every notebook it serves)."""

    NOISE = ("Voilà is running at", "is not trusted", "Trusting notebook")

    def filter(self, record) -> bool:
        message = record.getMessage() if record.args else str(record.msg)
        return not any(noise in message for noise in self.NOISE)


class ClassLessonHandler(tornado.web.RequestHandler):
    """``/class/lesson/NN?lang=it`` (``sette-kit serve --class``): the served page of lesson
    ``NN`` in the learner's language, else in English; where a learner's page goes when
    the teacher sends the class to a lesson."""

    def initialize(self, pages: dict, base: str) -> None:
        self.pages, self.base = pages, base

    def get(self, lesson: str) -> None:
        lang = self.get_argument("lang", "en")
        found = self.pages.get(lang, {}).get(lesson) or self.pages.get("en", {}).get(lesson)
        if not found:
            self.set_status(404)
            self.finish(f"no lesson {lesson} is served here; accepted "
                        f"{', '.join(sorted(self.pages.get('en', {})))}")
            return
        from jupyter_server.utils import url_path_join

        self.redirect(url_path_join(self.base, "voila/render", quote(found)))


class KitVoila(Voila):
    """Voilà with the kit's handlers (:data:`_HANDLERS`), renderer
    (:class:`KitNotebookRenderer`) and preheating (:class:`~sette_kit.webapp.kernels.KitPreheating`),
    and the kit's theme files and pages on the template path, where the ``sette-kit``
    template includes them.  ``teacher_key`` opens the teachers' notes."""

    teacher_key = ""
    #: the class hub's routes (``sette-kit serve --class``), before Voilà's own
    class_routes: list = []

    def initialize(self, argv=None):
        super().initialize(argv)
        KitNotebookRenderer.server_log = self.log
        quiet = _Quiet()
        self.log.addFilter(quiet)
        for name in ("ServerApp", "KitVoila", "Voila", "tornado.application"):
            logging.getLogger(name).addFilter(quiet)

    def setup_template_dirs(self):
        super().setup_template_dirs()
        from ...theme import THEME_DIR

        for folder in (str(THEME_DIR), str(TEMPLATES)):
            if folder not in self.template_paths:
                self.template_paths.append(folder)

    def init_settings(self):
        import voila.app as voila_app
        import voila.handler as voila_handler
        import voila.voila_kernel_manager as voila_manager

        voila_handler.NotebookRenderer = voila_manager.NotebookRenderer = KitNotebookRenderer
        factory = voila_app.voila_kernel_manager_factory

        def kit_factory(base, preheat, pool_size, page_config_hook=None):
            made = factory(base, preheat, pool_size, page_config_hook=page_config_hook)
            return type("KitPreheatedKernelManager", (KitPreheating, made), {}) if preheat else made

        voila_app.voila_kernel_manager_factory = kit_factory
        try:
            settings = super().init_settings()
        finally:
            voila_app.voila_kernel_manager_factory = factory
        settings["sette_kit_teacher_key"] = self.teacher_key
        return settings

    def init_handlers(self):
        from jupyter_server.utils import url_path_join

        handlers = [(h[0], _HANDLERS.get(h[1], h[1]), *h[2:]) if len(h) > 1 else h
                    for h in super().init_handlers()]
        loading = url_path_join(self.server_url, r"/sette-kit/loading/(?P<kernel_id>[0-9a-f-]{36})")
        return [*self.class_routes, (loading, KitLoadingHandler), *handlers]

    def stop(self):
        """Stop the kernels, then remove their connection files.  Voilà removes the files
        first (a kernel still starting then reads none and starts on its own, orphaned)
        and stops the kernels on a new event loop (where the pools' tasks never run).
        Here it is the server's own loop, and the kernels are ended at once: the class
        is over, they have nothing to keep."""
        import shutil

        try:
            loop = getattr(getattr(self, "ioloop", None), "asyncio_loop", None)
            if loop is not None and not loop.is_running() and not loop.is_closed():
                loop.run_until_complete(self.kernel_manager.shutdown_all(now=True))
            else:
                from jupyter_core.utils import run_sync

                run_sync(self.kernel_manager.shutdown_all)(now=True)
        finally:
            shutil.rmtree(self.connection_dir, ignore_errors=True)
