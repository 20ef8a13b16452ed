"""What a served class can rely on, end to end against real
``sette-kit serve`` processes:

* a page whose notebook does not run to its end (a cell passes the per-cell limit)
  says so in one sentence and reloads by itself; its half-run kernel ends and the
  server log says why; a preheat that fails is tried again, never handed to a page;
* a kernel no page is connected to ends (also one whose page connected and went away
  without its leave beacon), and one address holds at most a few pages;
* only the browser that owns a kernel may see it, connect to it or end it;
* the teachers' notes need the teacher's key;
* the address cannot choose another template;
* the server starts quietly: no trust or encryption warnings, no Voilà file-list
  address, no traceback at shutdown; a bad ``--ip`` or an empty ``--lang`` is refused
  at once, in one line.

Every wait is on a condition, bounded only to catch a hang.
"""

from __future__ import annotations

import re
import subprocess
import sys
from contextlib import contextmanager

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from sette_kit.serve import READY, Server
from sk_browser import HANG_MS, HANG_S, RENDERED_JS, wait_until
from sk_ws import Learner, fetch

pytestmark = pytest.mark.browser

KERNELSPEC = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
#: the cell limit of the test servers here: far below the notebooks' slow cell
CELL_LIMIT = 3
#: a notebook whose second cell is slow the first time it runs in this folder only
FLAKY = """import pathlib, time
flag = pathlib.Path("ran-once.flag")
if not flag.exists():
    flag.touch()
    time.sleep(30)
"""
RENDER_FAILED = "This page could not be prepared"


def notebook(folder, name: str, *cells) -> None:
    nbformat.write(new_notebook(cells=list(cells), metadata=KERNELSPEC), folder / name)


def flaky_folder(folder):
    notebook(folder, "flaky.ipynb", new_markdown_cell("# Flaky"), new_code_cell(FLAKY),
             new_code_cell("import ipywidgets\nipywidgets.Button(description='Ready now')"))
    notebook(folder, "00-start-here.ipynb", new_markdown_cell("# Start"), new_code_cell("print('hello')"))
    return folder


# -- pages that cannot be prepared ----------------------------------------------------------

@contextmanager
def _page_under_the_cell_limit(browser, folder, name: str):
    """A server of ``folder`` whose cells may each run CELL_LIMIT s (no preheat), and a page
    that has asked it for the notebook ``name`` (not waiting for more than its first bytes)."""
    with Server(folder, preheat=False, extra=[f"--VoilaExecutor.timeout={CELL_LIMIT}"],
                startup_timeout=HANG_S) as server:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(server.url(name), wait_until="commit", timeout=HANG_MS)
            yield server, page
        finally:
            context.close()


def test_a_page_that_passes_the_cell_limit_says_so_and_recovers_by_itself(tmp_path, browser):
    with _page_under_the_cell_limit(browser, flaky_folder(tmp_path), "flaky.ipynb") as (server, page):
        # the first run passes the limit: one sentence on the page, no half-filled lesson
        page.get_by_role("heading", name=RENDER_FAILED).wait_for(timeout=HANG_MS)
        assert page.get_by_text("It reloads by itself").is_visible()
        assert server.wait_for(f"cell 2 of 3 did not finish within {CELL_LIMIT} s", timeout=HANG_S)
        assert server.wait_for("its notebook did not run to its end", timeout=HANG_S)  # the kernel goes
        # ... and the page reloads by itself: the second run is whole
        page.get_by_role("button", name="Ready now").wait_for(timeout=HANG_MS)
        page.wait_for_function(RENDERED_JS, arg=1, timeout=HANG_MS)
        assert RENDER_FAILED not in page.inner_text("body")
        assert wait_until(lambda: len(server.kernel_pids()) == 1), "the failed page's kernel is still there"


def test_a_page_that_keeps_failing_stops_reloading_and_asks_for_the_teacher(tmp_path, browser):
    notebook(tmp_path, "slow.ipynb", new_markdown_cell("# Slow"), new_code_cell("import time\ntime.sleep(60)"))
    with _page_under_the_cell_limit(browser, tmp_path, "slow.ipynb") as (server, page):
        page.get_by_text("It failed again: please tell your teacher.").wait_for(timeout=HANG_MS)
        assert server.wait_for("slow.ipynb could not be prepared", count=3, timeout=HANG_S)


def test_a_failed_preheat_is_tried_again_and_never_handed_to_a_page(tmp_path):
    folder = flaky_folder(tmp_path)
    with Server(folder, preheat=True, extra=[f"--VoilaExecutor.timeout={CELL_LIMIT}"],
                startup_timeout=HANG_S) as server:
        assert server.wait_for("preheating flaky.ipynb failed (cell 2 of 3 did not finish", timeout=HANG_S)
        assert server.wait_for("trying again in", timeout=HANG_S)
        assert server.wait_for("Kernel pool of flaky.ipynb is filled", count=2, timeout=HANG_S)
        status, _headers, body = fetch(server.url("flaky.ipynb"))
    assert status == 200 and "Ready now" in body and "sk-render-failed" not in body


# -- kernels no page is connected to, and one learner's share -------------------------------

SHORT = 3


@pytest.fixture(scope="module")
def class_server():
    """The fixtures, not preheated, a SHORT life for kernels with no page connected, and at
    most 2 pages per address."""
    from conftest import FIXTURES

    with Server(FIXTURES, preheat=False, max_kernels=10, max_kernels_per_client=2, startup_timeout=HANG_S,
                extra=[f"--KitKernelManager.unconnected_timeout={SHORT}"]) as srv:
        yield srv


def count_is(server, n):
    return lambda: len(server.kernel_pids()) == n


def test_a_page_that_drops_its_connection_without_leaving_loses_its_kernel(class_server):
    """Item 2: connected once, then gone with no beacon (a closed laptop, a script)."""
    assert wait_until(count_is(class_server, 0))
    learner = Learner(class_server)
    kernel = learner.open_page("01-one-button.ipynb")
    with learner.channel(kernel) as channel:
        channel.kernel_info()
    assert wait_until(count_is(class_server, 0)), "a kernel with no page connected lived on"
    assert class_server.wait_for(f"shutting down kernel {kernel}: its page's connection closed", timeout=HANG_S)


def test_one_address_holds_at_most_its_share_of_the_class(class_server):
    assert wait_until(count_is(class_server, 0))
    learner = Learner(class_server)
    kernels = [learner.open_page("01-one-button.ipynb") for _ in range(2)]
    channels = [learner.channel(k) for k in kernels]
    try:
        status, headers, body = learner.get("02-echo.ipynb")
        assert status == 503 and headers.get("Retry-After") == "60"
        assert "Close a lesson first" in body and "Traceback" not in body
        assert len(class_server.kernel_pids()) == 2
        assert learner.leave(kernels[0]) == 204  # closing one frees a place
        assert wait_until(count_is(class_server, 1))
        kernels[0] = learner.open_page("02-echo.ipynb")
    finally:
        learner.leave_all(kernels, channels)


def test_only_the_browser_that_owns_a_kernel_may_see_use_or_end_it(class_server):
    """Item 3: another learner with a page (and so an _xsrf cookie) of their own."""
    assert wait_until(count_is(class_server, 0))
    owner, other = Learner(class_server), Learner(class_server)
    kernel = owner.open_page("01-one-button.ipynb")
    other.open_page("02-echo.ipynb")
    with owner.channel(kernel) as channel:
        channel.kernel_info()
        for method, path in (("GET", f"/api/kernels/{kernel}"), ("DELETE", f"/api/kernels/{kernel}"),
                             ("POST", f"/voila/api/shutdown/{kernel}")):
            assert other.api(method, path) == 404, f"{method} {path} answered another browser"
        with pytest.raises(Exception, match="404"):
            other.channel(kernel)
        channel.kernel_info()  # still the owner's, still alive
        assert owner.api("GET", f"/api/kernels/{kernel}") == 200
        assert owner.leave(kernel) == 204


# -- the teachers' notes, the template ------------------------------------------------------

def test_the_teachers_notes_need_the_teachers_key(lessons_server):
    """Item 4: printed at start with the key; without it, a page that says where teachers
    get them; with it, the notes, and their own links keep working."""
    notes = lessons_server.teachers_notes
    assert notes and re.search(r"\?key=[A-Za-z0-9_-]{24,}$", notes), notes
    plain = notes.split("?", 1)[0]
    for path in (plain, plain.replace("/TEACHERS.md", "/it/TEACHERS.md"), plain.replace("/TEACHERS.md", "/es/TEACHERS.md"),
                 plain + "?key=wrong"):
        status, _headers, body = fetch(path)
        assert status == 403 and "For teachers" in body and "answer" in body, path
        assert "exit ticket" not in body.lower()
    teacher = Learner(lessons_server)
    status, _headers, body = teacher._open(notes)
    assert status == 200 and "Notes for teachers" in body
    status, _headers, body = teacher._open(plain.replace("/TEACHERS.md", "/it/TEACHERS.md"))
    assert status == 200 and "<h1>" in body  # the cookie the key set opens the other languages' notes


@pytest.mark.parametrize("template", ["lab", "classic", "reveal", "../../../../etc", "base"])
def test_the_address_cannot_choose_another_template(fixture_server, template):
    """Item 5: the template is the server's choice."""
    status, _headers, body = fetch(fixture_server.url("01-one-button.ipynb") + f"?template={template}")
    assert status == 200 and "sk-topbar" in body and "Press me" in body


@pytest.mark.parametrize("path", ["/voila/files/x.ipynb%00.png", "/voila/templates/../..", "/nope"])
def test_errors_say_what_happened_and_nothing_more(fixture_server, path):
    status, _headers, body = fetch(fixture_server.base + path)
    assert status >= 400 and f"{status}:" in body and "Traceback" not in body, (status, body[:300])


def test_serve_preheats_the_served_language_only(tmp_path):
    """Item 1: ``serve --lang it`` preheats the 14 Italian lessons, no other, landing page
    first; every kernel it starts runs in the Italian folder."""
    from pathlib import Path

    from sette_kit.serve import list_lessons, lessons_dir

    italian = [f"it/{name}" for name in list_lessons(lessons_dir() / "it")]
    with Server(lang="it", startup_timeout=HANG_S) as server:
        assert server.ready_line.endswith("/voila/render/it/00-start-here.ipynb")
        assert server.wait_for(f"preheating {len(italian)} notebook(s), ", timeout=HANG_S)
        listed = next(line for line in server.lines if "sette-kit: preheating" in line).split(": ", 2)[2]
        assert listed.split(", ") == italian
        for pid in server.kernel_pids():
            assert Path(f"/proc/{pid}/cwd").resolve() == (lessons_dir() / "it").resolve()


# -- a quiet server -------------------------------------------------------------------------

def test_the_server_starts_and_stops_quietly(tmp_path):
    """Item 6: nothing at start-up a teacher has to read past, one ready line with the
    landing page's address, and no traceback at shutdown (stopped while preheating)."""
    folder = flaky_folder(tmp_path)
    server = Server(folder, preheat=True, startup_timeout=HANG_S).start()
    try:
        assert server.ready_line.startswith(READY) and server.ready_line.endswith("/voila/render/00-start-here.ipynb")
    finally:
        server.stop()
    log = server.log()
    for noise in ("is not trusted", "without encryption", "Voilà is running at", "Traceback", "Address already in use"):
        assert noise not in log, f"{noise!r} in the server's log:\n{log}"
    assert sum(line.startswith(READY) for line in log.splitlines()) == 1


@pytest.mark.parametrize("args, says", [
    (["--ip", "999.1.1.1"], "--ip '999.1.1.1' is not an address this machine can listen on"),
    (["--ip", "not an address"], "is not an address this machine can listen on"),
    (["--lang", ""], "--lang needs a language"),
    (["--max-kernels-per-client", "0"], "--max-kernels-per-client must be a whole number from 1"),
])
def test_bad_serve_options_are_refused_at_once_in_one_line(args, says):
    done = subprocess.run([sys.executable, "-m", "sette_kit", "serve", "--no-browser", *args],
                          capture_output=True, text=True, timeout=HANG_S)
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and says in lines[0], done.stderr
    assert "preheating" not in done.stdout and "Traceback" not in done.stderr
