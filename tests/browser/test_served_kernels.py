"""The kernels of a served class: a page that is left shuts its
kernel down, a page whose browser never connects loses its kernel within seconds,
and the server never runs more than ``--max-kernels`` kernels for pages; beyond that a
page gets a friendly "the class is full" page (HTTP 503, Retry-After).

A page still being prepared keeps its kernel, however slow its kernel is (the "never
connected" clock starts once the page has been sent), and a page whose kernel ends
while it is prepared ends at once with the kit's error instead of hanging.

Kernels are counted as the server's kernel processes (``Server.kernel_pids``); on a
preheated server, the kernels of pages only (``Server.page_kernels``).  Every
request here has a wall-clock deadline (``sk_ws.read_body``).
"""

from __future__ import annotations

import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from sette_kit.serve import LANDING_PAGE, Server, list_lessons, lessons_dir
from sk_browser import HANG_MS, HANG_S, RENDERED_JS, open_page, wait_until
from sk_ws import KERNEL_ID, KernelChannel, Learner, fetch, page_kernel

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHORT = 3  # the "never connected" timeout of the capped test server, in seconds
CAP = 3
LOADING_LIMIT = 5 * SHORT  # the capped server's bound on a page that says it is still loading
#: what a page whose kernel ended before it was ready says (sette_kit/webapp/templates)
RENDER_FAILED = "This page could not be prepared"


def wait_for_count(server: Server, ok) -> tuple[bool, int]:
    """Poll the server's kernel count until ``ok(count)`` (bounded by the hang guard only);
    (reached, last count)."""
    wait_until(lambda: ok(len(server.kernel_pids())), every=0.5)
    count = len(server.kernel_pids())
    return ok(count), count


def wait_for_pools(server: Server, names: list[str]) -> None:
    for name in names:
        assert server.wait_for(f"Kernel pool of {name} is filled", timeout=HANG_S), \
            f"the preheated kernel of {name} never came"


def wait_interactive(page) -> None:
    """Voilà's spinner gone and every output rendered (the page's kernel connected)."""
    page.wait_for_function(RENDERED_JS, arg=0, timeout=HANG_MS, polling=100)


@pytest.mark.browser
@pytest.mark.slow
def test_pages_left_by_next_links_and_reloads_end_their_kernels(lessons_server, page):
    """Open lesson 01, follow Next through every lesson and reload twice;
    a few seconds later the server holds the preheated pool and the one open page."""
    lessons = list_lessons(lessons_dir())
    first = "01-cards-and-scoring.ipynb"
    wait_for_pools(lessons_server, lessons)
    visited = [open_page(page, lessons_server.url(first)).status]
    wait_interactive(page)
    while True:
        # the "Next" link of the lesson's navigation at the end of the page (the last cell's
        # output: waited for, or a page still filling has no Next link yet)
        bottom = page.get_by_role("navigation", name="Lessons (end of page)", exact=True)
        bottom.wait_for(state="visible", timeout=HANG_MS)
        nxt = bottom.get_by_role("link", name=re.compile(r"^Next"))  # by its words, as a learner finds it
        if nxt.count() == 0:
            break
        href = nxt.get_attribute("href")
        nxt.click()
        page.wait_for_url(re.compile(re.escape(href.lstrip("./")) + "$"), timeout=HANG_MS)
        wait_interactive(page)
        visited.append(href)
    for _ in range(2):
        page.reload(wait_until="domcontentloaded", timeout=HANG_MS)
        wait_interactive(page)
    assert len(visited) >= len([n for n in lessons if n != LANDING_PAGE]), visited
    (open_kernel,) = set(KERNEL_ID.findall(page.content()))
    assert open_kernel in lessons_server.page_kernels()  # the open page's kernel is told from the pools
    # only the open page keeps a kernel (the preheated pools are not counted: a pool a page
    # emptied is refilled when the server has time, so a count of all kernels says nothing)
    wait_until(lambda: not set(lessons_server.page_kernels()) - {open_kernel}, every=0.5)
    left = set(lessons_server.page_kernels()) - {open_kernel}
    print(f"after visiting {len(visited)} pages by Next links and reloading twice: "
          f"{len(lessons_server.page_kernels())} page kernel(s) run, the open page's included")
    assert not left, (f"{len(left)} kernels of left pages still run after visiting {len(visited)} pages "
                      "and reloading twice:\n" + "\n".join(lessons_server.kernel_story(k) for k in left))
    assert "'_xsrf' argument missing" not in lessons_server.log()


@pytest.fixture(scope="module")
def capped_server():
    """The fixtures, not preheated, at most CAP kernels for pages, and a SHORT timeout for
    pages whose browser never connects."""
    with Server(FIXTURES, preheat=False, max_kernels=CAP, startup_timeout=HANG_S,
                extra=[f"--KitKernelManager.unconnected_timeout={SHORT}",
                       f"--KitKernelManager.loading_limit={LOADING_LIMIT}"]) as srv:
        yield srv


def test_leaving_a_page_ends_its_kernel_with_xsrf_protection_on(capped_server):
    """The served pages' cookies, without a browser: a page sets the ``_xsrf`` cookie, and the
    shutdown request Voilà's page sends on leaving is accepted with it, refused without."""
    assert wait_for_count(capped_server, lambda n: n == 0)[0]
    learner = Learner(capped_server)
    kernel = learner.open_page("01-one-button.ipynb")
    assert learner.xsrf, "the page set no _xsrf cookie: Voilà's page cannot shut its kernel down"
    with learner.channel(kernel) as channel:  # the page is open
        channel.kernel_info()
        assert learner.leave(kernel, with_token=False) == 403  # XSRF protection is on
        assert len(capped_server.kernel_pids()) == 1
        assert learner.leave(kernel) == 204
        ok, count = wait_for_count(capped_server, lambda n: n == 0)
    assert ok, f"{count} kernels after leaving the only page"


def test_a_full_class_gets_a_friendly_503_page(capped_server):
    """Beyond --max-kernels a page request gets "the class is full"
    (HTTP 503, Retry-After) and no kernel; when a learner leaves, pages open again."""
    assert wait_for_count(capped_server, lambda n: n == 0)[0]
    learner = Learner(capped_server)
    kernels, channels = [], []
    try:
        for _ in range(CAP):  # CAP learners, each page connected as its browser would
            kernels.append(learner.open_page("01-one-button.ipynb"))
            channels.append(learner.channel(kernels[-1]))
        status, headers, body = learner.get("01-one-button.ipynb")
        assert status == 503
        assert headers.get("Retry-After") == "60"
        assert "The class is full" in body and "try again in a minute" in body
        assert "<style" in body and "Traceback" not in body
        assert len(capped_server.kernel_pids()) == CAP  # the refused request started nothing
        assert learner.leave(kernels[0]) == 204  # a learner leaves: a place frees up
        assert wait_for_count(capped_server, lambda n: n == CAP - 1)[0]
        kernels[0] = learner.open_page("01-one-button.ipynb")
    finally:
        learner.leave_all(kernels, channels)
    assert wait_for_count(capped_server, lambda n: n == 0)[0]


def test_forty_plain_requests_leave_no_kernel_behind(capped_server):
    """The kernel cap: 40 plain GETs (a crawler, curl) never hold more than the cap, and
    shortly afterwards the server has the kernels it had before."""
    ok, before = wait_for_count(capped_server, lambda n: n == 0)
    peak, stop = [0], threading.Event()

    def sample():
        while not stop.is_set():
            peak[0] = max(peak[0], len(capped_server.kernel_pids()))
            stop.wait(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        with ThreadPoolExecutor(8) as pool:
            statuses = list(pool.map(lambda _: fetch(capped_server.url("01-one-button.ipynb"))[0],
                                     range(40)))
    finally:
        stop.set()
        sampler.join(5)
    assert set(statuses) <= {200, 503}, statuses
    assert 503 in statuses and 200 in statuses
    assert peak[0] <= CAP, f"{peak[0]} kernels at once with --max-kernels {CAP}"
    ok, after = wait_for_count(capped_server, lambda n: n <= before)
    print(f"40 plain requests: {statuses.count(200)} pages, {statuses.count(503)} 'class is full'; "
          f"peak {peak[0]} kernels; {before} before, {after} after")
    assert ok, f"{after} kernels remain after 40 plain requests (before: {before})"


def test_a_connected_page_keeps_its_kernel(capped_server):
    """The short timeout is for pages nobody connected to: a learner's page that opened
    its websocket keeps its kernel.  What shows that the reaper has been past it: a page
    fetched after it, never connected, whose kernel the reaper ends."""
    assert wait_for_count(capped_server, lambda n: n == 0)[0]
    learner = Learner(capped_server)
    kernel = learner.open_page("01-one-button.ipynb")
    with learner.channel(kernel) as channel:
        channel.kernel_info()
        unconnected = page_kernel(capped_server, "01-one-button.ipynb")  # sent later, idle later
        assert capped_server.wait_for(f"shutting down kernel {unconnected}: no browser connected",
                                      timeout=HANG_S), "the reaper never ended the unconnected page's kernel"
        assert f"shutting down kernel {kernel}" not in capped_server.log()
        assert wait_for_count(capped_server, lambda n: n == 1)[0]
        channel.kernel_info()  # still answering


# -- pages whose kernels are slow, or end, while the page is prepared -----------------------

SLOW_REPLY = 6  # seconds the slow server's kernels take to answer their first request
TINY = 1  # the slow server's "never connected" timeout, in seconds: far below SLOW_REPLY

#: An IPython startup file for the slow server's kernels: the first ``kernel_info_request``
#: (Voilà's renderer asks it before it runs the page's cells) is answered after
#: $SK_SLOW_FIRST_REPLY seconds, as by a kernel on a busy machine.  Meanwhile the
#: server sees the kernel idle, with no activity since it started.
SLOW_FIRST_REPLY = """\
import os as _os, time as _time

_delay = float(_os.environ.get("SK_SLOW_FIRST_REPLY", "0"))
if _delay:
    _kernel = get_ipython().kernel
    _reply = _kernel.shell_handlers["kernel_info_request"]
    _first = [True]

    async def _slow_first_reply(stream, ident, parent):
        if _first.pop() if _first else False:
            _time.sleep(_delay)
        return await _reply(stream, ident, parent)

    _kernel.shell_handlers["kernel_info_request"] = _slow_first_reply
"""


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory):
    """The fixtures, not preheated, with kernels that answer their first request after
    SLOW_REPLY seconds and a TINY timeout for pages whose browser never connects."""
    ipython = tmp_path_factory.mktemp("ipython")
    startup = ipython / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-slow-first-reply.py").write_text(SLOW_FIRST_REPLY)
    with Server(FIXTURES, preheat=False, max_kernels=CAP, startup_timeout=HANG_S,
                extra=[f"--KitKernelManager.unconnected_timeout={TINY}"],
                env={"IPYTHONDIR": str(ipython), "SK_SLOW_FIRST_REPLY": str(SLOW_REPLY)}) as srv:
        yield srv


def test_a_page_keeps_its_kernel_while_it_is_prepared(slow_server):
    """The "never connected" clock starts when the page has been sent: a kernel that stays
    idle for SLOW_REPLY seconds (> TINY) while its page is prepared is not ended, and the
    page arrives whole, its widget made; afterwards, nobody connecting, the kernel ends."""
    assert wait_for_count(slow_server, lambda n: n == 0)[0]
    status, _headers, body = fetch(slow_server.url("01-one-button.ipynb"))
    assert status == 200
    assert body.rstrip().endswith("</html>"), body[-300:]
    kernel = KERNEL_ID.search(body).group(1)
    assert "application/vnd.jupyter.widget-view+json" in body  # the cell made its button
    assert "Something went wrong" not in body and "An exception occurred" not in body
    assert RENDER_FAILED not in body
    assert slow_server.wait_for(f"shutting down kernel {kernel}: no browser connected", timeout=HANG_S)
    ok, count = wait_for_count(slow_server, lambda n: n == 0)
    assert ok, f"{count} kernels after a page nobody connected to was sent and its kernel ended"


def load_in_background(learner: Learner, notebook: str, timeout: float = HANG_S):
    """GET ``notebook`` in a thread; a function that waits for it and returns
    (status, headers, body)."""
    result: dict = {}

    def load():
        try:
            result["page"] = learner.get(notebook, timeout=timeout)
        except BaseException as exc:  # raised below, in the test's thread
            result["error"] = exc

    loader = threading.Thread(target=load, daemon=True)
    loader.start()

    def wait():
        loader.join(timeout + 30)
        assert not loader.is_alive(), "the page did not end"
        if "error" in result:
            raise result["error"]
        return result["page"]
    return wait


def start_a_page(server: Server, learner: Learner, notebook: str):
    """Begin loading ``notebook`` (in a thread) and wait until its kernel has started;
    (the id of that kernel, the function that waits for the page)."""
    started = sum("Kernel started:" in line for line in server.lines)
    wait = load_in_background(learner, notebook)
    assert server.wait_for("Kernel started:", count=started + 1, timeout=HANG_S)
    kernel = [line for line in server.lines if "Kernel started:" in line][-1].split()[-1]
    return kernel, wait


def failed_pages(server: Server) -> int:
    """How many pages the server has ended with the kit's error (its log says so)."""
    return sum("could not be prepared" in line for line in server.lines)


def assert_ended_with_the_kits_error(server: Server, status: int, body: str, failed_before: int,
                                     because: str) -> None:
    """The page ended with the kit's short explanation, and the server's log says it
    ended *because* its kernel ended (``because``), not because it stalled for the
    server's render_stall_timeout (what a page that is not ended at once would reach)."""
    assert status == 200  # the page had begun
    assert RENDER_FAILED in body, body[-600:]
    assert "reloads by itself" in body
    assert "Traceback" not in body and "RuntimeError" not in body
    assert server.wait_for("could not be prepared", count=failed_before + 1, timeout=HANG_S)
    why = [line for line in server.lines if "could not be prepared" in line][-1]
    print(why)
    assert because in why and "sent nothing" not in why, why
    ok, count = wait_for_count(server, lambda n: n == 0)
    assert ok, f"{count} kernels left after the page failed"


def test_a_page_whose_kernel_ends_while_it_is_prepared_ends_at_once(slow_server):
    """The learner leaves (the page's kernel is shut down) while the page is still being
    prepared: the page ends within seconds with the kit's short explanation, instead of
    keeping the connection open with keep-alives forever."""
    assert wait_for_count(slow_server, lambda n: n == 0)[0]
    learner = Learner(slow_server)
    assert learner.get("NOTES.md")[0] == 403  # a page of the server (for teachers): the cookies
    failed_before = failed_pages(slow_server)
    kernel, wait = start_a_page(slow_server, learner, "01-one-button.ipynb")
    assert learner.leave(kernel) == 204  # still waiting for its first reply
    status, _headers, body = wait()
    assert_ended_with_the_kits_error(slow_server, status, body, failed_before, f"its kernel {kernel} was shut down")


def test_a_page_whose_kernel_dies_while_it_is_prepared_ends_at_once(slow_server):
    """The page's kernel process dies while the page is prepared (the restarter starts a
    new one, which has none of what the page had made): the page ends with the kit's
    short explanation and the kernel is shut down."""
    import os
    import signal

    assert wait_for_count(slow_server, lambda n: n == 0)[0]
    failed_before = failed_pages(slow_server)
    kernel, wait = start_a_page(slow_server, Learner(slow_server), "01-one-button.ipynb")
    ok, _count = wait_for_count(slow_server, lambda n: n == 1)
    assert ok
    (pid,) = slow_server.kernel_pids()
    os.kill(pid, signal.SIGKILL)
    status, _headers, body = wait()
    assert_ended_with_the_kits_error(slow_server, status, body, failed_before, f"its kernel {kernel} died")


# -- pages still loading in a slow browser (at load 20) --------------------

def say_loading(learner: Learner, kernel: str, until) -> None:
    """Say that the page of ``kernel`` is still loading, as its first script does (again
    after the ``next`` seconds the server asks for), until ``until()``."""
    deadline = time.monotonic() + HANG_S
    while not until() and time.monotonic() < deadline:
        status, answer = learner.loading(kernel)
        if status == 404 and until():  # ended between the check and the word: its page stops
            break
        assert status == 200, f"POST /sette-kit/loading/{kernel}: HTTP {status}"
        if answer["connected"]:
            break
        time.sleep(answer["next"])


def test_a_page_still_loading_keeps_its_kernel_while_it_says_so(capped_server):
    """At load 20 a browser took more than a minute from receiving a page
    to opening its websocket, and the reaper ended the kernel of the page still loading:
    its widgets never came.  While the page loads, its first script says so every few
    seconds (``/sette-kit/loading/<kernel>``, only from the browser the kernel serves),
    and the kernel waits; once the websocket is open the answer says so and the script
    stops.  What shows that the reaper has been past it: a page fetched after it, which
    says nothing, whose kernel the reaper ends."""
    assert wait_for_count(capped_server, lambda n: n == 0)[0]
    learner, other = Learner(capped_server), Learner(capped_server)
    kernel = learner.open_page("01-one-button.ipynb")
    witness = other.open_page("01-one-button.ipynb")  # sent later: its deadline comes later
    assert other.loading(kernel)[0] == 404  # not that browser's kernel
    status, answer = learner.loading(kernel)
    assert status == 200 and answer["connected"] is False, answer
    assert 0 < answer["next"] < SHORT, answer  # often enough to stay within the timeout
    say_loading(learner, kernel, lambda: f"shutting down kernel {witness}: " in capped_server.log())
    assert capped_server.wait_for(f"shutting down kernel {witness}: no browser connected", timeout=0)
    assert f"shutting down kernel {kernel}" not in capped_server.log()
    with learner.channel(kernel) as channel:  # the slow browser connects at last: its kernel is there
        channel.kernel_info()
        status, answer = learner.loading(kernel)
        assert (status, answer["connected"]) == (200, True), answer
    assert learner.leave(kernel) == 204
    assert wait_for_count(capped_server, lambda n: n == 0)[0]


def test_a_page_closed_while_it_loads_loses_its_kernel(capped_server):
    """A page closed while it loads sends no leave beacon (Voilà's scripts that send it
    have not run yet) and stops saying it is loading: its kernel ends a short timeout
    after the last word, not after the bound for slow browsers."""
    assert wait_for_count(capped_server, lambda n: n == 0)[0]
    learner = Learner(capped_server)
    kernel = learner.open_page("01-one-button.ipynb")
    for _ in range(3):
        status, answer = learner.loading(kernel)
        assert status == 200 and not answer["connected"]
        time.sleep(answer["next"])
    assert capped_server.wait_for(f"shutting down kernel {kernel}: its page stopped saying it was loading",
                                  timeout=HANG_S), capped_server.kernel_story(kernel)
    assert wait_for_count(capped_server, lambda n: n == 0)[0]


def test_a_page_that_never_finishes_loading_loses_its_kernel(capped_server):
    """A page that says forever that it is loading (a stuck browser, a script) holds its
    kernel only up to ``KitKernelManager.loading_limit`` seconds after it was sent."""
    assert wait_for_count(capped_server, lambda n: n == 0)[0]
    learner = Learner(capped_server)
    kernel = learner.open_page("01-one-button.ipynb")
    ended = f"shutting down kernel {kernel}: its page was still loading {LOADING_LIMIT:g} s after it was sent"
    say_loading(learner, kernel, lambda: f"shutting down kernel {kernel}: " in capped_server.log())
    assert capped_server.wait_for(ended, timeout=0), capped_server.kernel_story(kernel)
    assert learner.loading(kernel)[0] == 404  # gone: the page's script stops
    assert wait_for_count(capped_server, lambda n: n == 0)[0]


@pytest.mark.browser
def test_a_slow_page_in_chromium_says_it_is_loading_until_it_connects(capped_server, browser):
    """The page's own script, in Chromium: its websocket held back (as by a browser that
    has not started the page's scripts yet), the page keeps saying it is loading and its
    kernel stays while a silent page's kernel is ended; closed without its leave beacon,
    the page stops, and its kernel ends.  Then a page whose websocket opens stops saying
    it (the server answered that it connected)."""
    assert wait_for_count(capped_server, lambda n: n == 0)[0]
    context = browser.new_context()
    try:
        page = context.new_page()
        said = []
        page.on("request", lambda r: said.append(r.url) if "/sette-kit/loading/" in r.url else None)
        page.route_web_socket(re.compile(r"/api/kernels/"), lambda ws: None)  # never reaches the server
        page.goto(capped_server.url("01-one-button.ipynb"), wait_until="domcontentloaded")
        page.locator("html[data-sk-loading='loading']").wait_for(state="attached", timeout=HANG_MS)
        kernel = KERNEL_ID.search(page.content()).group(1)
        witness = page_kernel(capped_server, "01-one-button.ipynb")
        assert capped_server.wait_for(f"shutting down kernel {witness}: no browser connected", timeout=HANG_S)
        assert f"shutting down kernel {kernel}" not in capped_server.log()
        assert said and all(kernel in url for url in said), said
        page.close()  # no beforeunload: no leave beacon
        assert capped_server.wait_for(f"shutting down kernel {kernel}: its page stopped saying it was loading",
                                      timeout=HANG_S), capped_server.kernel_story(kernel)

        page = context.new_page()
        open_page(page, capped_server.url("01-one-button.ipynb"))
        page.get_by_role("button", name="Press me").wait_for(state="visible", timeout=HANG_MS)
        page.locator("html[data-sk-loading='connected']").wait_for(state="attached", timeout=HANG_MS)
        page.goto("about:blank")  # left as a learner leaves: the beacon ends its kernel
        assert wait_for_count(capped_server, lambda n: n == 0)[0]
    finally:
        context.close()
