"""Unit tests of ``sette-kit serve`` and its configuration, without a browser or a server.

The served behaviour (sources hidden, tracebacks hidden, timeout, culling, preheating,
refusing code from the page) is tested against a real server in tests/browser/.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sette_kit import SetteKitError
from sette_kit import serve as sv
from sette_kit.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
NAMES = [
    "00-start-here.ipynb", "01-cards-and-scoring.ipynb", "02-the-matta.ipynb",
    "03-playing-a-round.ipynb", "04-variants.ipynb", "06-probability-of-busting.ipynb",
    "07-expected-value-and-strategy.ipynb", "09-simulation.ipynb", "11-trentuno-rules.ipynb",
]


@pytest.mark.parametrize("name", ["03", "3", "03-playing-a-round", "playing-a-round",
                                  "03-playing-a-round.ipynb", " Playing-A-Round ", "playing"])
def test_resolve_lesson_accepts_number_name_title_and_file(name):
    assert sv.resolve_lesson(name, NAMES) == "03-playing-a-round.ipynb"


def test_resolve_lesson_first_and_last():
    assert sv.resolve_lesson("0", NAMES) == "00-start-here.ipynb"
    assert sv.resolve_lesson("trentuno", NAMES) == "11-trentuno-rules.ipynb"
    assert sv.resolve_lesson("11-trentuno-rules.ipynb", NAMES) == "11-trentuno-rules.ipynb"


def test_resolve_lesson_unknown_names_the_lessons():
    with pytest.raises(SetteKitError, match=r"no lesson called '12'.*03-playing-a-round"):
        sv.resolve_lesson("12", NAMES)
    with pytest.raises(SetteKitError, match="no lesson called 'poker'"):
        sv.resolve_lesson("poker", NAMES)


def test_resolve_lesson_ambiguous_prefix_is_refused():
    names = ["01-cards-and-scoring.ipynb", "02-cards-again.ipynb"]
    with pytest.raises(SetteKitError, match="more than one lesson: 01-cards-and-scoring, 02-cards-again"):
        sv.resolve_lesson("cards", names)


def test_resolve_lesson_with_no_lessons():
    with pytest.raises(SetteKitError, match=r"the lessons are: \(none\)"):
        sv.resolve_lesson("03", [])


def test_lessons_dir_from_clone(monkeypatch):
    monkeypatch.delenv(sv.ENV_LESSONS, raising=False)
    assert sv.lessons_dir() == LESSONS
    assert (sv.lessons_dir() / "voila.json").is_file()


def test_lessons_dir_env_override(monkeypatch, tmp_path):
    monkeypatch.setenv(sv.ENV_LESSONS, str(tmp_path))
    assert sv.lessons_dir() == tmp_path.resolve()
    monkeypatch.setenv(sv.ENV_LESSONS, str(tmp_path / "missing"))
    with pytest.raises(SetteKitError, match="is not a folder"):
        sv.lessons_dir()


def test_list_lessons_only_top_level_notebooks(tmp_path):
    (tmp_path / "sub").mkdir()
    for name in ("02-b.ipynb", "00-a.ipynb", "sub/x.ipynb", ".hidden.ipynb", "voila.json"):
        (tmp_path / name).write_text("{}")
    assert sv.list_lessons(tmp_path) == ["00-a.ipynb", "02-b.ipynb"]


def test_landing_page_is_start_here_or_voila_tree():
    assert sv.landing_url(NAMES, port=9001) == "http://127.0.0.1:9001/voila/render/00-start-here.ipynb"
    assert sv.landing_url(NAMES[1:], port=9001) == "http://127.0.0.1:9001/"
    assert sv.lesson_url("03-playing-a-round.ipynb", ip="0.0.0.0") == \
        "http://127.0.0.1:8866/voila/render/03-playing-a-round.ipynb"
    assert sv.lesson_url("a b.ipynb", ip="::1", port=1) == "http://[::1]:1/voila/render/a%20b.ipynb"


def preheating(folder, preheat_folder=None, denylist=()):
    """The kit's preheating policy over ``folder``, as the server's manager holds it (its
    ``root_dir`` is the served folder, an absolute path, as Voilà's is)."""
    from types import SimpleNamespace

    from sette_kit.webapp.kernels import KitPreheating

    policy = SimpleNamespace(root_dir=str(Path(folder).resolve()), preheat_folder=preheat_folder,
                             preheat_denylist=list(denylist))
    policy.should_preheat = KitPreheating.should_preheat.__get__(policy)
    return KitPreheating.preheat_order.__get__(policy)()


def test_serve_lang_opens_and_preheats_that_language():
    """A served class: ``sette-kit serve`` preheats the served language's lessons only,
    the landing page first (the server's own policy on the real folder's absolute paths:
    a pattern that never matched them once preheated all 42)."""
    assert sv.landing_page(["it/00-start-here.ipynb", "it/01-cards-and-scoring.ipynb"]) == "it/00-start-here.ipynb"
    assert sv.language_folder(LESSONS, "it") == "it/" and sv.language_folder(LESSONS, "es") == "es/"
    lessons = sv.list_lessons(LESSONS)
    for lang in ("en", "it", "es"):
        folder = next(a for a in sv.voila_argv(LESSONS, config_dir=LESSONS, lang=lang)
                      if a.startswith("--KitKernelManager.preheat_folder=")).split("=", 1)[1]
        prefix = "" if lang == "en" else f"{lang}/"
        assert preheating(LESSONS, folder) == [prefix + name for name in lessons], lang
        assert sv.preheated_notebooks(LESSONS, lang) == len(lessons)
    assert len(preheating(LESSONS)) == 3 * len(lessons)  # with no folder: every notebook, as Voilà does
    args = build_parser().parse_args(["serve", "--lang", "es"])
    assert args.lang == "es"


def test_the_preheat_denylist_matches_paths_in_the_served_folder(tmp_path):
    for name in ("00-start-here.ipynb", "b.ipynb", "drafts/c.ipynb", ".ipynb_checkpoints/b-checkpoint.ipynb"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    assert preheating(tmp_path) == ["00-start-here.ipynb", "b.ipynb", "drafts/c.ipynb"]
    assert preheating(tmp_path, denylist=["^drafts/"]) == ["00-start-here.ipynb", "b.ipynb"]
    assert preheating(tmp_path, preheat_folder="drafts") == ["drafts/c.ipynb"]


def test_voila_argv_points_voila_at_the_kit_config(tmp_path):
    argv = sv.voila_argv(tmp_path, port=9002, ip="127.0.0.1", config_dir=LESSONS,
                         extra=["--VoilaConfiguration.theme=dark"])
    assert argv[0] == str(tmp_path)
    assert "--port=9002" in argv and "--Voila.ip=127.0.0.1" in argv
    assert f"--Voila.config_file_paths={LESSONS}" in argv
    assert "--VoilaConfiguration.multi_kernel_manager_class=sette_kit.webapp.kernels.KitKernelManager" in argv
    assert not any("preheat_kernel" in a or "max_kernels" in a for a in argv)  # the defaults
    assert argv[-1] == "--VoilaConfiguration.theme=dark"  # extra args come last, so they win


def test_voila_argv_preheat_and_max_kernels():
    argv = sv.voila_argv("/srv/x", config_dir=LESSONS, preheat=False, max_kernels=12)
    assert "--VoilaConfiguration.preheat_kernel=False" in argv
    assert "--KitKernelManager.max_kernels=12" in argv


def test_voila_argv_an_option_given_after_dashes_replaces_ours():
    """traitlets refuses a scalar option given twice ("only accepts one value")."""
    argv = sv.voila_argv("/srv/x", config_dir=LESSONS, preheat=False, max_kernels=12,
                         extra=["--VoilaConfiguration.preheat_kernel=True",
                                "--KitKernelManager.max_kernels=3"])
    assert [a for a in argv if "preheat_kernel" in a] == ["--VoilaConfiguration.preheat_kernel=True"]
    assert [a for a in argv if "max_kernels" in a] == ["--KitKernelManager.max_kernels=3"]


def test_voila_json_asks_for_what_the_served_lessons_need():
    conf = json.loads((LESSONS / "voila.json").read_text())
    vc = conf["VoilaConfiguration"]
    assert vc["strip_sources"] is True
    assert vc["show_tracebacks"] is False
    assert vc["preheat_kernel"] is True and vc["default_pool_size"] >= 1
    assert not any("ipynb" in pattern for pattern in vc["file_allowlist"])  # sources never served
    assert 0 < conf["VoilaExecutor"]["timeout"] <= 300
    mkm = conf["MappingKernelManager"]
    assert mkm["cull_idle_timeout"] > 0 and 0 < mkm["cull_interval"] <= mkm["cull_idle_timeout"]
    # a page no browser connects to loses its kernel in about a minute
    assert 0 < conf["KitKernelManager"]["unconnected_timeout"] <= 120


def test_installed_voila_reads_the_kit_config(tmp_path):
    """Voilà itself (in a child process) must see every value of lessons/voila.json."""
    script = (
        "import json, sys\n"
        "from voila.app import Voila\n"
        "from sette_kit.serve import _find_voila_templates, voila_argv\n"
        "_find_voila_templates()\n"
        "app = Voila()\n"
        "app.initialize(voila_argv(sys.argv[1], port=9003, config_dir=sys.argv[2]))\n"
        "c = app.voila_configuration\n"
        "print(json.dumps({'strip_sources': c.strip_sources, 'show_tracebacks': c.show_tracebacks,\n"
        "  'preheat_kernel': c.preheat_kernel, 'root_dir': app.root_dir, 'ip': app.ip, 'port': app.port,\n"
        "  'timeout': app.config.VoilaExecutor.timeout,\n"
        "  'cull_idle_timeout': app.config.MappingKernelManager.cull_idle_timeout,\n"
        "  'kernel_manager': c.multi_kernel_manager_class.__module__ + '.' + c.multi_kernel_manager_class.__name__,\n"
        "  'unconnected_timeout': app.config.KitKernelManager.unconnected_timeout}))\n"
    )
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path), str(LESSONS)],
                         capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    conf = json.loads((LESSONS / "voila.json").read_text())
    assert got == {
        "strip_sources": True, "show_tracebacks": False, "preheat_kernel": True,
        "root_dir": str(tmp_path), "ip": "127.0.0.1", "port": 9003,
        "timeout": conf["VoilaExecutor"]["timeout"],
        "cull_idle_timeout": conf["MappingKernelManager"]["cull_idle_timeout"],
        "kernel_manager": "sette_kit.app.webapp.kernels.KitKernelManager",  # the old path names the same class
        "unconnected_timeout": conf["KitKernelManager"]["unconnected_timeout"],
    }


def test_cli_serve_options_parse():
    args = build_parser().parse_args(["serve", "--port", "9004", "--ip", "0.0.0.0", "--lesson", "03",
                                      "--no-browser", "--max-kernels", "40", "--no-preheat",
                                      "--", "--VoilaConfiguration.theme=dark"])
    assert (args.port, args.ip, args.lesson, args.no_browser, args.voila_args) == \
        (9004, "0.0.0.0", "03", True, ["--VoilaConfiguration.theme=dark"])
    assert (args.max_kernels, args.preheat) == (40, False)
    assert build_parser().parse_args(["serve", "--dir", "x", "--preheat"]).preheat is True
    defaults = build_parser().parse_args(["serve"])
    assert (defaults.port, defaults.ip, defaults.lesson, defaults.no_browser, defaults.dir) == \
        (8866, "127.0.0.1", None, False, None)
    assert (defaults.max_kernels, defaults.preheat) == (None, None)  # computed by serve()


def test_cli_serve_help_says_that_preheating_runs_the_notebooks(capsys):
    """--dir does not run a folder's notebooks at start-up unless asked."""
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--no-preheat" in text and "--max-kernels N" in text
    assert "RUNS EVERY NOTEBOOK of the served folder and its subfolders when the server starts" in text
    assert "off with --dir" in text and "nothing runs at start-up unless you add --preheat" in text
    assert f"about {sv.KERNEL_MIB} MiB per kernel" in text


@pytest.mark.parametrize("value", ["0", "-3", "1000000"])
def test_cli_serve_bad_max_kernels(value, capsys):
    assert main(["serve", "--max-kernels", value, "--no-browser"]) == 2
    assert "--max-kernels must be a whole number from 1 to 100000" in capsys.readouterr().err


def test_cli_serve_unknown_lesson_exits_2_before_starting(tmp_path, capsys):
    (tmp_path / "01-one.ipynb").write_text("{}")
    code = main(["serve", "--dir", str(tmp_path), "--lesson", "nine", "--no-browser"])
    assert code == 2
    assert "no lesson called 'nine'; the lessons are: 01-one" in capsys.readouterr().err


def test_cli_serve_bad_port_and_bad_dir(tmp_path, capsys):
    assert main(["serve", "--port", "70000", "--no-browser"]) == 2
    assert "--port must be between 1 and 65535" in capsys.readouterr().err
    assert main(["serve", "--dir", str(tmp_path / "nope"), "--no-browser"]) == 2
    assert "is not a folder of notebooks" in capsys.readouterr().err


def test_import_sette_kit_does_not_import_voila():
    out = subprocess.run([sys.executable, "-c",
                          "import sys, sette_kit, sette_kit.serve, sette_kit.cli.serve;"
                          "print('voila' in sys.modules, 'tornado' in sys.modules)"],
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["False", "False"], out.stderr


def test_descendants_and_rss_of_this_process():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        import os
        assert child.pid in sv.descendants(os.getpid())
        assert sv.rss_bytes(child.pid) > 1_000_000
    finally:
        child.kill()
        child.wait(10)
    assert sv.rss_bytes(child.pid) == 0


def test_voila_templates_are_found_from_a_venv_with_system_site_packages(tmp_path, monkeypatch):
    import os

    import jupyter_core.paths

    from sette_kit import serve

    base = tmp_path / "base"
    (base / "share" / "jupyter" / "voila" / "templates" / "lab").mkdir(parents=True)
    monkeypatch.setattr(jupyter_core.paths, "jupyter_path", lambda *a: [str(tmp_path / "venv")])
    monkeypatch.setattr(serve.sys, "base_prefix", str(base))
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    serve._find_voila_templates()
    assert os.environ["JUPYTER_PATH"].split(os.pathsep) == [str(base / "share" / "jupyter"), "/elsewhere"]


def test_voila_templates_path_is_left_alone_when_jupyter_finds_them(tmp_path, monkeypatch):
    import os

    import jupyter_core.paths

    from sette_kit import serve

    (tmp_path / "voila" / "templates" / "lab").mkdir(parents=True)
    monkeypatch.setattr(jupyter_core.paths, "jupyter_path", lambda *a: [str(tmp_path)])
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    serve._find_voila_templates()
    assert os.environ["JUPYTER_PATH"] == "/elsewhere"


# ---- the kernel cap: memory, the default, the kernel manager ----------------------------

def test_default_max_kernels_from_memory():
    gib = 2**30
    # (75% of the memory - the server - the preheated pool) / memory per kernel
    expected = int((16 * 1024 * sv.MEMORY_SHARE - sv.SERVER_MIB - 9 * sv.KERNEL_MIB) // sv.KERNEL_MIB)
    assert sv.default_max_kernels(16 * gib, pool=9) == expected
    assert sv.default_max_kernels(16 * gib, pool=0) > expected  # no pool: room for more pages
    assert sv.default_max_kernels(256 * 2**20, pool=9) == sv.MIN_KERNELS  # a tiny machine
    assert sv.default_max_kernels(None) == 25  # unknown memory: a class
    assert sv.default_max_kernels(64 * gib, kernel_mib=300) < sv.default_max_kernels(64 * gib)


def test_machine_memory_is_the_smaller_of_the_machine_and_its_cgroup(tmp_path, monkeypatch):
    total = sv._meminfo_total()
    assert total and total > 2**28  # this machine has some memory
    limit = tmp_path / "memory.max"
    limit.write_text(f"{2**30}\n")
    assert sv._cgroup_limit((str(limit),)) == 2**30
    limit.write_text("max\n")  # cgroup v2 without a limit
    assert sv._cgroup_limit((str(limit),)) is None
    limit.write_text(f"{2**63 - 4096}\n")  # cgroup v1 without a limit
    assert sv._cgroup_limit((str(limit), str(tmp_path / "missing"))) is None
    parent = tmp_path / "parent.max"
    parent.write_text(f"{3 * 2**30}\n")
    limit.write_text(f"{6 * 2**30}\n")
    assert sv._cgroup_limit((str(limit), str(parent))) == 3 * 2**30  # the smallest applies
    monkeypatch.setattr(sv, "_cgroup_limit", lambda: 2**30)
    assert sv.machine_memory() == min(total, 2**30)


def test_cgroup_files_of_a_systemd_service(tmp_path):
    proc = tmp_path / "cgroup"
    proc.write_text("0::/system.slice/sette-kit.service\n")
    assert sv._cgroup_files(str(proc)) == [
        "/sys/fs/cgroup/system.slice/sette-kit.service/memory.max",
        "/sys/fs/cgroup/system.slice/memory.max", "/sys/fs/cgroup/memory.max"]
    proc.write_text("12:cpu,cpuacct:/x\n4:memory:/docker/abc\n")
    assert sv._cgroup_files(str(proc))[0] == "/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes"
    assert sv._cgroup_files(str(tmp_path / "missing")) == []


def test_preheated_notebooks_counts_subfolders(tmp_path):
    for name in ("a.ipynb", "sub/b.ipynb", "sub/.ipynb_checkpoints/b-checkpoint.ipynb", "c.md"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    assert sv.preheated_notebooks(tmp_path) == 2


class FakeKernel:
    def __init__(self, state="idle", idle_for=0.0):
        from datetime import datetime, timedelta, timezone

        self.execution_state = state
        self.last_activity = datetime.now(timezone.utc) - timedelta(seconds=idle_for)


def kit_manager(**config):
    from sette_kit.webapp.kernels import KitKernelManager

    km = KitKernelManager(**config)
    km.ended = []

    async def shutdown(kernel_id, *args, **kwargs):  # what Voila's manager would do, minus the process
        km.ended.append(kernel_id)
        km._kernels.pop(kernel_id, None)
        km._forget(kernel_id)

    km.shutdown_kernel = shutdown
    return km


def done(kernel_id):
    """A finished task of Voila's pool, as it holds a preheated kernel."""
    from concurrent.futures import Future

    future = Future()
    future.set_result({"kernel_id": kernel_id})
    return future


def test_the_cap_counts_page_kernels_not_the_preheated_pool():
    km = kit_manager(max_kernels=2)
    km._kernels.update({"pool-a": FakeKernel(), "page-1": FakeKernel()})
    km._pools = {"a.ipynb": [done("pool-a")]}
    assert km.page_kernel_ids() == ["page-1"]
    assert km.reserve_page_kernel() is None       # a second page may start ...
    assert km.reserve_page_kernel() == "full"     # ... a third may not while it is starting
    km.release_page_kernel()                      # it got its kernel
    km._kernels["page-2"] = FakeKernel()
    assert km.page_kernel_count() == 2 and km.reserve_page_kernel() == "full"
    km._pools["a.ipynb"].pop()               # the pool kernel is handed to a page: it counts now
    assert km.page_kernel_count() == 3
    km._kit_pool_starting.add("pool-b")      # a pool kernel that is still starting never counts
    km._kernels["pool-b"] = FakeKernel("starting")
    assert km.page_kernel_count() == 3
    assert kit_manager(max_kernels=0).reserve_page_kernel() is None  # 0: no cap


def test_one_address_holds_at_most_its_share():
    """No one learner (address) fills the class."""
    km = kit_manager(max_kernels=10, max_kernels_per_client=2)
    for kernel_id, address in (("a1", "10.0.0.1"), ("b1", "10.0.0.2")):
        km._kernels[kernel_id] = FakeKernel()
        page = km.begin_page("cookie-" + address, address)
        km.claim_page_kernel(page, kernel_id)
        km.end_page(page)
    assert km.reserve_page_kernel("10.0.0.1") is None      # a second page of its own ...
    assert km.reserve_page_kernel("10.0.0.1") == "client"  # ... and no third while it starts
    assert km.reserve_page_kernel("10.0.0.2") is None      # another learner is not held back
    km.release_page_kernel("10.0.0.1")
    run_async(km.shutdown_kernel("a1"))                    # a page closed: a place for its address
    assert km.reserve_page_kernel("10.0.0.1") is None
    assert kit_manager(max_kernels_per_client=0).reserve_page_kernel("x") is None  # 0: no limit


def test_a_kernel_belongs_to_the_browser_whose_page_it_serves():
    """A learner's kernel answers their own browser only."""
    km = kit_manager()
    km._kernels.update({"mine": FakeKernel(), "pool": FakeKernel()})
    page = km.begin_page("my-cookie", "10.0.0.1")
    km.claim_page_kernel(page, "mine")
    km.end_page(page)
    assert km.owns("mine", "my-cookie")
    assert not km.owns("mine", "their-cookie") and not km.owns("mine", "") and not km.owns("mine", None)
    assert not km.owns("pool", "my-cookie")  # a kernel no page has: nobody's
    run_async(km.shutdown_kernel("mine"))
    assert not km.owns("mine", "my-cookie")


def run_async(coro):
    """Run ``coro`` to the end in a thread of its own (another event loop may be running
    in this one, e.g. the browser tests' Playwright)."""
    import asyncio
    import threading

    box = {}
    worker = threading.Thread(target=lambda: box.update(result=asyncio.run(coro)))
    worker.start()
    worker.join(30)
    return box["result"]


def test_kernels_of_pages_no_browser_connected_to_end_after_the_timeout():
    km = kit_manager(unconnected_timeout=30)
    km._kernels.update({
        "never-connected": FakeKernel(idle_for=100),
        "connected": FakeKernel(idle_for=100),
        "still-rendering": FakeKernel("busy", idle_for=100),
        "pool": FakeKernel(idle_for=100),
    })
    km._pools = {"a.ipynb": [done("pool")]}
    km.notify_connect("connected")
    # first seen now: even an old kernel just handed to a page gets the whole timeout
    assert run_async(km.end_unconnected_kernels()) == []
    for kernel_id in km._kit_seen:
        km._kit_seen[kernel_id] -= 31
    assert run_async(km.end_unconnected_kernels()) == ["never-connected"]
    assert km.ended == ["never-connected"]
    km._kernels["still-rendering"].execution_state = "idle"
    km._kernels["still-rendering"].last_activity = FakeKernel(idle_for=5).last_activity
    assert run_async(km.end_unconnected_kernels()) == []  # active 5 s ago


def test_a_page_that_says_it_is_loading_keeps_its_kernel_for_a_while():
    """A slow browser (at load 20 a browser took over a minute to open a page's websocket):
    a page that says it is still loading keeps its kernel until ``unconnected_timeout``
    after its last word, and at most ``loading_limit`` after it was sent."""
    km = kit_manager(unconnected_timeout=30, loading_limit=100)
    km._kernels.update({"loading": FakeKernel(idle_for=100), "closed": FakeKernel(idle_for=100),
                        "silent": FakeKernel(idle_for=100)})
    page = km.begin_page("cookie", "10.0.0.1")
    for kernel_id in km._kernels:
        km.claim_page_kernel(page, kernel_id)
    km.end_page(page)
    for kernel_id in km._kernels:
        km._kit_sent[kernel_id] -= 31  # sent 31 s ago
    assert km.notify_loading("loading") == {"connected": False, "next": 7.5}
    km.notify_loading("closed")
    km._kit_loading["closed"] -= 31   # its last word 31 s ago: closed while it loaded
    assert sorted(run_async(km.end_unconnected_kernels())) == ["closed", "silent"]
    km._kit_sent["loading"] -= 70     # sent 101 s ago, still saying it loads: the bound
    km.notify_loading("loading")
    assert run_async(km.end_unconnected_kernels()) == ["loading"]
    assert km.notify_loading("loading") == {"connected": False, "next": 7.5}  # gone: not recorded
    assert "loading" not in km._kit_loading
    km._kernels["late"] = FakeKernel()
    km.notify_connect("late")
    assert km.notify_loading("late") == {"connected": True, "next": None}
    assert kit_manager(unconnected_timeout=0).notify_loading("x") == {"connected": False, "next": None}


def test_a_kernel_being_shut_down_is_no_longer_its_pages(monkeypatch):
    """A slow start (CI, at load): the reaper logged a kernel's end and, while the kernel was
    still shutting down, its page's loading word was answered 200 "say it again": from
    the moment its end begins a kernel is no page's (404 to its page) and the reaper
    does not end it twice."""
    from sette_kit.webapp.kernels import KitKernelManager

    base = next(c for c in KitKernelManager.__mro__[1:] if "shutdown_kernel" in vars(c))
    km = KitKernelManager(unconnected_timeout=30)
    km._kernels["k"] = FakeKernel(idle_for=100)
    page = km.begin_page("cookie", "10.0.0.1")
    km.claim_page_kernel(page, "k")
    km.end_page(page)
    km._kit_sent["k"] -= 31
    seen = []

    async def slow_shutdown(self, kernel_id, *args, **kwargs):  # the process takes its time
        seen.append((self.owns(kernel_id, "cookie"), run_async(self.end_unconnected_kernels())))
        self._kernels.pop(kernel_id, None)

    monkeypatch.setattr(base, "shutdown_kernel", slow_shutdown)
    assert km.owns("k", "cookie")
    assert run_async(km.end_unconnected_kernels()) == ["k"]
    assert seen == [(False, [])]
    assert not km.owns("k", "cookie") and not km._kit_ending


def test_kernels_get_the_guard_arguments():
    from sette_kit.webapp.kernels import GUARD_ARGUMENTS

    assert "--IPKernelApp.extra_extensions=sette_kit.webapp.kernel_guard" in GUARD_ARGUMENTS
    assert "--IPKernelApp.capture_fd_output=False" in GUARD_ARGUMENTS


def test_the_app_templates_ship_in_the_wheel():
    tomllib = pytest.importorskip("tomllib")

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "sette_kit.app.webapp" in conf["packages"]
    shipped = conf["package-data"]["sette_kit.app.webapp"]
    templates = ROOT / "sette_kit" / "app" / "webapp" / "templates"
    for path in templates.iterdir():
        assert any(path.match(pattern.split("/")[-1]) for pattern in shipped), path.name


def test_class_full_page_is_friendly_and_self_contained():
    from sette_kit.webapp.app import render_page

    html = render_page("full.html", title="The class is full", retry_after=60, landing=None)
    assert "The class is full — try again in a minute" in html
    assert '<meta http-equiv="refresh" content="60">' in html
    assert "<style>" in html and "sk-page" in html
    assert "http://" not in html and "https://" not in html  # nothing fetched from elsewhere
