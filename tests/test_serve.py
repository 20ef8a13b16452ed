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

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
NAMES = [
    "00-start-here.ipynb", "01-cards-and-scoring.ipynb", "02-the-matta.ipynb",
    "03-playing-a-round.ipynb", "04-variants.ipynb", "05-probability-of-busting.ipynb",
    "06-expected-value-and-strategy.ipynb", "07-simulation.ipynb", "08-trentuno.ipynb",
]


@pytest.mark.parametrize("name", ["03", "3", "03-playing-a-round", "playing-a-round",
                                  "03-playing-a-round.ipynb", " Playing-A-Round ", "playing"])
def test_resolve_lesson_accepts_number_name_title_and_file(name):
    assert sv.resolve_lesson(name, NAMES) == "03-playing-a-round.ipynb"


def test_resolve_lesson_first_and_last():
    assert sv.resolve_lesson("0", NAMES) == "00-start-here.ipynb"
    assert sv.resolve_lesson("trentuno", NAMES) == "08-trentuno.ipynb"
    assert sv.resolve_lesson("08-trentuno.ipynb", NAMES) == "08-trentuno.ipynb"


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


def test_voila_argv_points_voila_at_the_kit_config(tmp_path):
    argv = sv.voila_argv(tmp_path, port=9002, ip="127.0.0.1", config_dir=LESSONS,
                         extra=["--VoilaConfiguration.theme=dark"])
    assert argv[0] == str(tmp_path)
    assert "--port=9002" in argv and "--Voila.ip=127.0.0.1" in argv
    assert f"--Voila.config_file_paths={LESSONS}" in argv
    assert argv[-1] == "--VoilaConfiguration.theme=dark"  # extra args come last, so they win


def test_voila_json_asks_for_what_issue_8_requires():
    conf = json.loads((LESSONS / "voila.json").read_text())
    vc = conf["VoilaConfiguration"]
    assert vc["strip_sources"] is True
    assert vc["show_tracebacks"] is False
    assert vc["preheat_kernel"] is True and vc["default_pool_size"] >= 1
    assert not any("ipynb" in pattern for pattern in vc["file_allowlist"])  # sources never served
    assert 0 < conf["VoilaExecutor"]["timeout"] <= 300
    mkm = conf["MappingKernelManager"]
    assert mkm["cull_idle_timeout"] > 0 and 0 < mkm["cull_interval"] <= mkm["cull_idle_timeout"]


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
        "  'cull_idle_timeout': app.config.MappingKernelManager.cull_idle_timeout}))\n"
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
    }


def test_cli_serve_options_parse():
    args = build_parser().parse_args(["serve", "--port", "9004", "--ip", "0.0.0.0", "--lesson", "03",
                                      "--no-browser", "--", "--VoilaConfiguration.theme=dark"])
    assert (args.port, args.ip, args.lesson, args.no_browser, args.voila_args) == \
        (9004, "0.0.0.0", "03", True, ["--VoilaConfiguration.theme=dark"])
    defaults = build_parser().parse_args(["serve"])
    assert (defaults.port, defaults.ip, defaults.lesson, defaults.no_browser, defaults.dir) == \
        (8866, "127.0.0.1", None, False, None)


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
