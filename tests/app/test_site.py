"""``sette-kit build-site`` without a browser or a network: the wheel set and its lock,
the bytecode step, the app-mode pages, the CLI and its refusals.

The whole build, in Chromium with every outside request blocked, is in
tests/browser/test_site_browser.py.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from sette_kit.errors import SetteKitError
from sette_kit.site import _pages, _pyc, _wheels, build_site
from sette_kit.site import _check_out, MARKER

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
ENV = _wheels.pyodide_environment("3.14.2")


def make_wheel(folder: Path, name: str, version: str, requires=(), modules=None) -> Path:
    """A small pure-Python wheel with the given Requires-Dist and modules."""
    modules = modules if modules is not None else {f"{name.replace('-', '_')}/__init__.py": "X = 1\n"}
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    meta = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    meta += [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(path, "w") as zf:
        for mod, text in modules.items():
            zf.writestr(mod, text)
        zf.writestr(f"{dist}.dist-info/METADATA", "\n".join(meta) + "\n")
        zf.writestr(f"{dist}.dist-info/WHEEL", "Wheel-Version: 1.0\nTag: py3-none-any\n")
        zf.writestr(f"{dist}.dist-info/RECORD", "".join(f"{m},,\n" for m in modules)
                    + f"{dist}.dist-info/METADATA,,\n{dist}.dist-info/RECORD,,\n")
    return path


# ---- the wheels and the lock ----------------------------------------------------------

def test_markers_are_read_as_pyodide_reads_them():
    """numpy/matplotlib marked `; sys_platform != "emscripten"` stay out of the browser."""
    reqs = ['numpy>=1.24; sys_platform != "emscripten"', "ipywidgets>=8.1,<8.2",
            'pexpect>4.3; sys_platform != "win32" and sys_platform != "emscripten"',
            'colorama; sys_platform == "win32"', 'pytest; extra == "test"',
            'tomli; python_version < "3.11"']
    assert [r.name for r in _wheels.applicable(reqs, ENV)] == ["ipywidgets"]


def test_pins_are_exact_and_pure_python_names():
    pins = _wheels.read_pins()
    assert pins, "browser-requirements.txt is empty"
    assert all(v and v[0].isdigit() for v in pins.values())
    # what can never work in the browser, or must come from the kernel, is not pinned
    for name in ("numpy", "matplotlib", "voila", "jupyterlab", "pyodide-kernel", "piplite"):
        assert name not in pins


def test_bad_pin_line_is_refused(tmp_path):
    bad = tmp_path / "req.txt"
    bad.write_text("ipywidgets>=8\n")
    with pytest.raises(SetteKitError, match="name==version"):
        _wheels.read_pins(bad)


def test_wheel_metadata_and_lock_entry(tmp_path):
    path = make_wheel(tmp_path, "demo-pkg", "1.2", requires=["tqdm>=4"],
                      modules={"demo_pkg/__init__.py": "", "demo_extra.py": "", "demo_pkg/sub/a.py": ""})
    w = _wheels.Wheel.read(path)
    assert (w.name, w.version, w.key) == ("demo-pkg", "1.2", "demo-pkg")
    assert w.imports == ["demo_extra", "demo_pkg"]
    entry = w.lock_entry(path.name)
    assert entry["sha256"] == __import__("hashlib").sha256(path.read_bytes()).hexdigest()
    assert entry["install_dir"] == "site" and entry["package_type"] == "package"


def test_only_pure_python_wheels(tmp_path):
    path = tmp_path / "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
    path.write_bytes(b"")
    with pytest.raises(SetteKitError, match="pure-Python"):
        _wheels.Wheel.read(path)


def test_resolve_follows_dependencies_with_pyodide_markers(tmp_path):
    app = _wheels.Wheel.read(make_wheel(tmp_path, "app", "1.0", requires=[
        "lib>=2", 'numpy; sys_platform != "emscripten"']))
    lib = _wheels.Wheel.read(make_wheel(tmp_path, "lib", "2.1", requires=["Base_Pkg"]))
    base = _wheels.Wheel.read(make_wheel(tmp_path, "base-pkg", "0.1"))
    unused = _wheels.Wheel.read(make_wheel(tmp_path, "unused", "9"))
    chosen = _wheels.resolve([app], {w.key: w for w in (lib, base, unused)}, ENV)
    assert sorted(chosen) == ["app", "base-pkg", "lib"]
    assert chosen["app"].depends == ["lib"] and chosen["lib"].depends == ["base-pkg"]


def test_resolve_names_a_missing_pin(tmp_path):
    app = _wheels.Wheel.read(make_wheel(tmp_path, "app", "1.0", requires=["scipy>=1"]))
    with pytest.raises(SetteKitError, match=r"no pin for scipy"):
        _wheels.resolve([app], {}, ENV)


def test_resolve_names_a_version_that_does_not_fit(tmp_path):
    app = _wheels.Wheel.read(make_wheel(tmp_path, "app", "1.0", requires=["lib<2"]))
    lib = _wheels.Wheel.read(make_wheel(tmp_path, "lib", "2.1"))
    with pytest.raises(SetteKitError, match=r"needs lib<2, but the site has lib 2.1"):
        _wheels.resolve([app], {"lib": lib}, ENV)


def test_the_kit_needs_nothing_compiled_in_the_browser():
    """The kit's own requirements, read as Pyodide reads them: only pinned pure wheels."""
    tomllib = pytest.importorskip("tomllib")
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pins = _wheels.read_pins()
    shims = {"widgetsnbextension"}   # supplied by the Pyodide kernel's stand-in
    needed = {_wheels.canonical(r.name) for r in _wheels.applicable(deps, ENV)}
    assert "numpy" not in needed and "matplotlib" not in needed
    assert needed <= set(pins) | shims, needed - set(pins) - shims


def test_write_lock_lists_exactly_the_served_files(tmp_path):
    a = _wheels.Wheel.read(make_wheel(tmp_path, "a-pkg", "1.0", requires=["b"]))
    b = _wheels.Wheel.read(make_wheel(tmp_path, "b", "2.0"))
    chosen = _wheels.resolve([a], {"b": b}, ENV)
    info = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}
    lock_path = _wheels.write_lock(chosen, info, tmp_path / "out")
    lock = json.loads(lock_path.read_text())
    assert lock["info"] == info
    assert sorted(lock["packages"]) == ["a-pkg", "b"]
    import hashlib
    for entry in lock["packages"].values():
        served = tmp_path / "out" / entry["file_name"]
        assert hashlib.sha256(served.read_bytes()).hexdigest() == entry["sha256"]
    assert lock["packages"]["a-pkg"]["depends"] == ["b"]


# ---- bytecode -------------------------------------------------------------------------

def test_compile_wheel_adds_unchecked_bytecode_and_keeps_sources(tmp_path):
    src = make_wheel(tmp_path, "demo", "1.0", modules={
        "demo/__init__.py": "from .core import answer\n",
        "demo/core.py": "def answer():\n    return 42\n",
        "demo/template.py": "{% if x %}not python{% endif %}\n"})
    dst = tmp_path / "compiled.whl"
    assert _pyc.compile_wheel(str(src), str(dst)) == 2      # the template is left as source
    with zipfile.ZipFile(dst) as zf:
        names = set(zf.namelist())
        tag = sys.implementation.cache_tag
        pyc = f"demo/__pycache__/core.{tag}.pyc"
        assert {"demo/core.py", pyc, f"demo/__pycache__/__init__.{tag}.pyc"} <= names
        data = zf.read(pyc)
        record = zf.read("demo-1.0.dist-info/RECORD").decode()
        zf.extractall(tmp_path / "site")
    assert data[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(data[4:8], "little") == 0b01      # hash-based, unchecked
    assert f"{pyc},," in record
    # Python imports it from the bytecode, whatever the source's timestamp says
    (tmp_path / "site" / "demo" / "core.py").write_text("def answer():\n    return 0\n")
    out = subprocess.run([sys.executable, "-c", "import demo; print(demo.answer())"],
                         cwd=tmp_path / "site", capture_output=True, text=True)
    assert out.stdout.strip() == "42", out.stderr


# ---- pages ----------------------------------------------------------------------------

def notebook(*cells) -> dict:
    out = []
    for kind, text in cells:
        cell = {"cell_type": kind, "metadata": {}, "source": text}
        if kind == "code":
            cell.update(outputs=[{"output_type": "stream", "name": "stdout", "text": "x"}],
                        execution_count=3)
        out.append(cell)
    return {"cells": out, "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4,
            "nbformat_minor": 5}


KERNEL = {"worker": "assets/worker-ABCDEFGH.js", "core": "pyodide/0123456789ab/",
          "wheels": ["wheels/0123456789ab/sette_kit-0.1.0-py3-none-any.whl"],
          "preimport": ["widgets"], "sw": "sw.js", "pages": ["01-a.html"]}


def boot_config(page: str) -> dict:
    return json.loads(page.split('id="sk-boot">', 1)[1].split("</script>", 1)[0])


def page_of(nb, rel="01-a.ipynb", page="01-a.html", pages=None):
    src = _pages.Source(Path(rel), rel, page)
    return _pages.notebook_page(nb, src, site_title="Site", kernel=KERNEL, download_mb=21,
                                pages=pages or {rel: page}, editable=f"lite/notebooks/index.html?path={rel}")


def visible_html(page: str) -> str:
    """The page without its script elements (what a learner can see)."""
    import re
    return re.sub(r"<script\b.*?</script>", "", page, flags=re.S)


def test_app_mode_page_hides_code_and_keeps_text():
    nb = notebook(("markdown", "# Lesson 1 · Cards\n\nSome **text** and [next](02-b.ipynb#goals)."),
                  ("code", "secret_code = 6 * 7\nsecret_code"),
                  ("markdown", "## Summary"), ("code", "   \n"))
    page = page_of(nb, pages={"01-a.ipynb": "01-a.html", "02-b.ipynb": "02-b.html"})
    seen = visible_html(page)
    assert "secret_code" not in seen
    assert "<strong>text</strong>" in seen and 'href="02-b.html#goals"' in seen
    assert seen.count('class="sk-code-output"') == 1               # blank code cells vanish
    assert "<title>Lesson 1 · Cards · Site</title>" in page
    assert 'href="lite/notebooks/index.html?path=01-a.ipynb"' in page
    assert 'role="status"' in page and "about 21 MB" in page
    config = json.loads(page.split('id="sk-config">', 1)[1].split("</script>", 1)[0])
    assert config["cells"] == ["secret_code = 6 * 7\nsecret_code"]
    boot = boot_config(page)  # what the page's head starts at once
    assert boot["core"] == "pyodide/0123456789ab/" and boot["sw"] == "sw.js"
    assert boot["wheels"] == KERNEL["wheels"] and boot["app"] == "assets/app.js"
    assert "secret_code" not in page.split('id="sk-config">', 1)[0]


def test_code_cannot_close_the_config_script():
    page = page_of(notebook(("code", 'print("</script><script>alert(1)</script>")')))
    # the theme script, the boot config and script, the page's config
    assert page.count("</script>") == 4
    config = json.loads(page.split('id="sk-config">', 1)[1].split("</script>", 1)[0])
    assert config["cells"] == ['print("</script><script>alert(1)</script>")']


def test_pages_in_subfolders_point_up():
    src = _pages.Source(Path("x/01-a.ipynb"), "x/01-a.ipynb", "x/01-a.html")
    page = _pages.notebook_page(notebook(("markdown", "[home](../00-s.ipynb)"), ("code", "1")), src,
                                site_title="S", kernel=KERNEL, download_mb=1, editable=None,
                                pages={"x/01-a.ipynb": "x/01-a.html", "00-s.ipynb": "index.html"})
    assert 'href="../index.html"' in page
    boot = boot_config(page)
    assert boot["core"] == "../pyodide/0123456789ab/" and boot["app"] == "../assets/app.js"
    assert boot["worker"] == "../assets/worker-ABCDEFGH.js" and boot["sw"] == "../sw.js"


def test_links_outside_the_site_are_left_alone():
    pages = {"01-a.ipynb": "01-a.html", "TEACHERS.md": "TEACHERS.html"}
    text = ('<a href="TEACHERS.md">t</a> <a href="https://example.org/x.ipynb">e</a> '
            '<a href="#top">top</a> <a href="missing.ipynb">m</a> <img src="01-a.ipynb">')
    out = _pages.rewrite_links(text, pages)
    assert 'href="TEACHERS.html"' in out and 'href="https://example.org/x.ipynb"' in out
    assert 'href="#top"' in out and 'href="missing.ipynb"' in out


def test_editable_copy_runs_on_the_browser_kernel():
    nb = notebook(("code", "1 + 1"))
    nb["metadata"]["widgets"] = {"state": {}}
    copy = _pages.editable_copy(nb)
    assert copy["metadata"]["kernelspec"]["name"] == "python"
    assert "widgets" not in copy["metadata"]
    assert copy["cells"][0]["outputs"] == [] and copy["cells"][0]["execution_count"] is None
    assert nb["cells"][0]["outputs"]                                  # the input is untouched


def test_every_lesson_becomes_a_page_with_its_title():
    for path in sorted(LESSONS.glob("*.ipynb")):
        nb = json.loads(path.read_text())
        title = _pages.page_title(nb, path.stem)
        assert title != path.stem, f"{path.name} has no heading for its page title"


# ---- the command and its refusals ------------------------------------------------------

def test_cli_lists_build_site():
    out = subprocess.run([sys.executable, "-m", "sette_kit", "build-site", "--help"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0
    for option in ("OUT", "--dir", "--title", "--cache"):
        assert option in out.stdout


def test_refuses_a_folder_it_did_not_make(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.tex").write_text("precious")
    with pytest.raises(SetteKitError, match="not made by sette-kit build-site"):
        _check_out(out, LESSONS)
    assert (out / "thesis.tex").read_text() == "precious"
    (out / MARKER).write_text("")
    assert _check_out(out, LESSONS) == out.resolve()         # a site it made: replaced


def test_refuses_to_write_over_or_inside_the_notebooks(tmp_path):
    for bad in (tmp_path, tmp_path / "site", tmp_path.parent):
        with pytest.raises(SetteKitError, match="overlap"):
            _check_out(bad, tmp_path)


def test_a_folder_without_notebooks_is_refused_before_anything_is_fetched(tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "notes.md").write_text("# Notes\n")
    with pytest.raises(SetteKitError, match="no notebook"):
        build_site(tmp_path / "out", notes, cache=tmp_path / "cache")
    assert not (tmp_path / "cache").exists() and not (tmp_path / "out").exists()


def test_cli_reports_errors_briefly(tmp_path):
    (tmp_path / "empty").mkdir()
    out = subprocess.run([sys.executable, "-m", "sette_kit", "build-site", str(tmp_path / "o"),
                          "--dir", str(tmp_path / "empty")], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2
    assert "no notebook" in out.stderr and "Traceback" not in out.stderr


# ---- the build manifest and the service worker that keeps the site -------------

def test_the_manifest_lists_exactly_the_content_addressed_files(tmp_path):
    """manifest.json names every file whose address names its content, and no page; the
    service worker carries it in its first line, so a new build installs a new worker."""
    from sette_kit.site import MANIFEST, write_manifest

    files = {"pyodide/0123456789ab/pyodide.asm.wasm": b"w" * 10, "pyodide/0123456789ab/pyodide.mjs": b"m",
             "wheels/abcdefabcdef/comm-0.2.3-py3-none-any.whl": b"c" * 3,
             "wheels/pyodide-lock.json": b"{}", "assets/app-ABCD1234.js": b"a" * 5,
             "assets/app-ABCD1234.js.LEGAL.txt": b"l", "assets/sette-kit-0F0F0F0F.css": b"t",
             "index.html": b"<p>", "sw.js": b"old", "lite/index.html": b"<p>"}
    for rel, data in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    manifest = write_manifest(tmp_path)
    assert manifest["files"] == {"assets/app-ABCD1234.js": 5, "assets/sette-kit-0F0F0F0F.css": 1,
                                 "pyodide/0123456789ab/pyodide.asm.wasm": 10,
                                 "pyodide/0123456789ab/pyodide.mjs": 1,
                                 "wheels/abcdefabcdef/comm-0.2.3-py3-none-any.whl": 3}
    assert json.loads((tmp_path / MANIFEST).read_text()) == manifest
    first, _, rest = (tmp_path / "sw.js").read_text().partition("\n")
    assert first == f"self.skManifest = {json.dumps(manifest, separators=(',', ':'))};"
    assert "const MANIFEST = self.skManifest" in rest
    # a changed wheel is a new address, a new build id and a new service worker
    (tmp_path / "wheels/abcdefabcdef/comm-0.2.3-py3-none-any.whl").unlink()
    (tmp_path / "wheels/fedcbafedcba").mkdir()
    (tmp_path / "wheels/fedcbafedcba/comm-0.2.3-py3-none-any.whl").write_bytes(b"d" * 3)
    again = write_manifest(tmp_path)
    assert again["build"] != manifest["build"]
    assert "wheels/fedcbafedcba/comm-0.2.3-py3-none-any.whl" in again["files"]
    assert (tmp_path / "sw.js").read_text().splitlines()[0] != first


def test_the_manifest_needs_a_core(tmp_path):
    from sette_kit.site import write_manifest

    (tmp_path / "index.html").write_text("<p>")
    with pytest.raises(SetteKitError, match="no content-addressed Pyodide core"):
        write_manifest(tmp_path)


def test_the_service_worker_and_the_build_agree_on_what_is_content_addressed():
    """sw.js keeps what its ADDRESSED pattern matches; the manifest lists what the
    build's pattern matches: the same pattern, or a kept file is never pruned."""
    import re

    from sette_kit.site import ADDRESSED
    from sette_kit.site._npm import JS

    source = (JS / "src" / "sw.js").read_text(encoding="utf-8")
    js = re.search(r"const ADDRESSED = /(.*)/;", source).group(1)
    # the build matches paths relative to the site ("^wheels/"), the worker a URL's path ("/wheels/")
    assert js.replace("\\/", "/") == re.sub(r"(^|\|)\^", r"\1/", ADDRESSED.pattern)


def test_the_browser_wheel_leaves_out_delivery_and_what_no_page_reads(tmp_path):
    """A page runs the games, the teaching layer, the views and the class link; never the
    server, the site builder, the CLI or the hub (nor the facades at their old paths)."""
    kept = ["sette_kit/__init__.py", "sette_kit/games/_engine.py", "sette_kit/teach/course.py",
            "sette_kit/lesson_page.py", "sette_kit/classroom/link.py", "sette_kit/classroom/words.py",
            "sette_kit/locale/it/LC_MESSAGES/sette_kit.mo", "sette_kit/theme/__init__.py", "widgets/base.py"]
    dropped = ["sette_kit/app/serve.py", "sette_kit/app/site/js/src/app.js", "sette_kit/app/cli/__init__.py",
               "sette_kit/app/classroom/hub.py", "sette_kit/serve.py", "sette_kit/cli/__init__.py",
               "sette_kit/webapp/__init__.py", "sette_kit/site/__init__.py", "sette_kit/classroom/hub.py",
               "sette_kit/classroom/store.py", "sette_kit/i18n_catalogue.py", "sette_kit/__main__.py",
               "sette_kit/lessons/01-cards-and-scoring.ipynb", "sette_kit/locale/it/LC_MESSAGES/sette_kit.po"]
    src = tmp_path / "sette_kit-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(src, "w") as zf:
        for name in kept + dropped:
            zf.writestr(name, "x = 1\n")
        zf.writestr("sette_kit-0.1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: sette_kit\nVersion: 0.1.0\n")
    out = tmp_path / "out"
    out.mkdir()
    with zipfile.ZipFile(_wheels.kit_browser_wheel(src, out)) as zf:
        names = set(zf.namelist())
    assert set(kept) <= names and not names & set(dropped)
