"""``sette-kit build-site``: the lessons as a static website that runs in the browser.

:func:`build_site` turns a folder of notebooks (the kit's lessons by default) into a
folder of plain files that any static web server can serve.  Every notebook becomes a
page in *app mode* - its text and the outputs and live widgets of its code, never the
code - that runs on Pyodide (CPython compiled to WebAssembly) in the learner's browser,
with a link to the same notebook in JupyterLite's editable notebook interface.  At run
time the pages fetch nothing but the site's own files.

What the site is made of, all fetched at build time from the package registries and
cached (``~/.cache/sette-kit/site``, or ``$SETTE_KIT_SITE_CACHE``):

=====================  ==========================================================
``index.html``, ...    one app-mode page per notebook (the landing notebook,
                       ``00-start-here.ipynb``, is ``index.html``) and per Markdown
                       file; written by :mod:`._pages`
``assets/``            the kit's theme (``sette-kit.css``, :mod:`sette_kit.theme`);
                       the page's script and styles, bundled by esbuild from npm
                       packages (``@jupyterlite/pyodide-kernel``,
                       ``@jupyter-widgets/html-manager``) and the kit's ``js/src``;
                       the kernel's web workers as published; see :mod:`._npm`
``pyodide/``           the Pyodide core, from the npm package ``pyodide``
``wheels/``            the wheels and the ``pyodide-lock.json`` that lists exactly
                       them: the kit's own wheel built from the checkout, the
                       kernel's wheels, pure-Python wheels from PyPI; see
                       :mod:`._wheels`
``lite/``              JupyterLite's notebook interface (``jupyter lite build``),
                       with the notebooks as editable files; see :mod:`._lite`
=====================  ==========================================================

Why an app-mode page of the kit's own rather than Voici: see ``docs/publish.md``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import SetteKitError
from ... import theme
from ._pages import DEFAULT_TITLE
from ._wheels import project_root

MARKER = ".sette-kit-site"
# what the page's worker imports before the first cell, and keeps in its memory snapshot:
# what nearly every lesson uses (the lesson kit, Predict, Quiz, the questions) and the
# first lessons' ScoreTrainer; a lesson's other widgets are imported by its cells
PREIMPORT = ("widgets", "sette_kit", "sette_kit.questions", "widgets.lesson", "widgets.predict",
             "widgets.quiz", "widgets.score_trainer")


def default_cache() -> Path:
    env = os.environ.get("SETTE_KIT_SITE_CACHE")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "sette-kit" / "site"


@dataclass
class SiteReport:
    """What :func:`build_site` wrote."""

    out: Path
    pages: list[str]
    wheels: list[str]
    seconds: float
    bytes: int = 0
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def megabytes(self) -> float:
        return self.bytes / 1e6

    def summary(self) -> str:
        steps = ", ".join(f"{k} {v:.1f} s" for k, v in self.timings.items())
        return (f"wrote {len(self.pages)} pages to {self.out} ({self.megabytes:.1f} MB, "
                f"{len(self.wheels)} wheels) in {self.seconds:.1f} s ({steps})")


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def _check_out(out: Path, source: Path) -> Path:
    """``out`` resolved, after checking it may be (re)written; nothing is deleted here."""
    out = out.resolve()
    src = source.resolve()
    if out == src or out in src.parents or src in out.parents:
        raise SetteKitError(f"the output folder {out} and the notebooks' folder {src} overlap: "
                            "choose an output folder outside the notebooks' folder")
    if out.exists():
        if not out.is_dir():
            raise SetteKitError(f"{out} exists and is not a folder")
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise SetteKitError(f"{out} is not empty and was not made by sette-kit build-site: "
                                "choose a new or empty folder")
    return out


def _prepare_out(out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / MARKER).write_text("made by sette-kit build-site; rebuilding replaces this folder\n")


def _sources(folder: Path, teachers_notes: bool = False) -> tuple[list, dict[str, str], list[Path]]:
    """The notebooks and Markdown files of ``folder`` and of its language folders
    (``it/``, ``es/``: the lessons in Italian and Spanish), each language with
    its own landing page (``index.html``, ``it/index.html``, ``es/index.html``).

    The teachers' notes and the style guide (:data:`._pages.NOTES`) are left out unless
    ``teachers_notes``; links to them then lead to the landing page's line saying where
    teachers find them.
    """
    from ...course import LANDING
    from ._pages import IMAGE_SUFFIXES, NOTE_ANCHOR, NOTES, Source
    from ...i18n import LANGUAGES

    def visible(p: Path) -> bool:
        return not p.name.startswith((".", "_"))

    notebooks = sorted(p for p in folder.glob("*.ipynb") if visible(p))
    if not notebooks:
        raise SetteKitError(f"{folder} has no notebook (*.ipynb) to publish")
    sources = []
    for sub in ["", *(f"{code}/" for code in LANGUAGES if code != "en")]:
        here = folder / sub
        books = sorted(p for p in here.glob("*.ipynb") if visible(p)) if here.is_dir() else []
        if not books:
            continue
        landing = LANDING if (here / LANDING).is_file() else books[0].name
        sources += [Source(p, sub + p.name, sub + ("index.html" if p.name == landing else p.stem + ".html"))
                    for p in books]
        sources += [Source(p, sub + p.name, sub + p.stem + ".html") for p in sorted(here.glob("*.md"))
                    if visible(p) and (teachers_notes or p.name not in NOTES)]
    pages = {s.rel: s.page for s in sources}
    if not teachers_notes:
        for s in sources:
            if s.page.endswith("index.html"):
                sub = s.rel[:-len(Path(s.rel).name)]
                for name in NOTES:
                    pages.setdefault(sub + name, f"{s.page}#{NOTE_ANCHOR}")
    images = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES
                    and not any(part.startswith((".", "_")) for part in p.relative_to(folder).parts))
    return sources, pages, images


def build_site(out, source=None, *, title: str | None = None, cache=None, log=print,
               teachers_notes: bool = False) -> SiteReport:
    """Build the static site of the notebooks in ``source`` (default: the kit's lessons).

    ``out`` must be a new or empty folder, or one this function wrote before (it is then
    replaced).  Needs Node.js with npm, and ``pip install 'sette-kit[site]'``.
    ``teachers_notes``: publish ``TEACHERS.md`` and ``STYLE.md`` too (a learners' site
    leaves them out).  Returns a :class:`SiteReport`.
    """
    from . import _lite
    from ..._checks import read_text
    from ..kit_lessons import lessons_dir

    if title is not None:  # shown on every page, so checked before any work
        read_text(title, "--title", 200)
    start = time.perf_counter()
    folder = Path(source).expanduser() if source is not None else lessons_dir()
    if not folder.is_dir():
        raise SetteKitError(f"{folder} is not a folder")
    out = _check_out(Path(out).expanduser(), folder)
    cache = Path(cache).expanduser() if cache is not None else default_cache()
    sources, pages, images = _sources(folder, teachers_notes)
    _lite.check_jupyterlite()
    with _cache_lock(cache, log):
        return _build(out, cache, folder, sources, pages, images, title or DEFAULT_TITLE, start, log,
                      notes_left_out=not teachers_notes)


def _content_id(paths) -> str:
    """12 hex digits of a hash of the files ``paths``: the name of the folder holding them."""
    import hashlib

    digest = hashlib.sha256()
    for p in paths:
        digest.update(Path(p).name.encode() + b"\0" + Path(p).read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def _copy_assets(fe, out: Path):
    """``assets/``: the bundle (named by content already) and the kit's theme, named by
    its content too; returns the :class:`._pages.Assets` the pages link."""
    import hashlib

    from . import _npm
    from ._pages import Assets

    shutil.copytree(fe.dist, out / "assets")

    def named(stem: str, suffix: str, text: str) -> str:
        tag = hashlib.sha256(text.encode()).hexdigest()[:8].upper()
        name = f"assets/{stem}-{tag}{suffix}"
        (out / name).write_text(text, encoding="utf-8")
        return name

    assets = Assets(theme_css=named("sette-kit", ".css", theme.css()),  # one theme
                    theme_js=named("sette-kit", ".js", theme.js()),
                    app_css="assets/" + fe.asset("app", ".css"),
                    app_js="assets/" + fe.asset("app", ".js"),
                    worker_js="assets/" + fe.asset("worker", ".js"),
                    boot_js=(_npm.JS / "src" / "boot.js").read_text(encoding="utf-8"))
    return assets


# the files whose address names their content (the same pattern as js/src/sw.js's
# ADDRESSED): Pyodide's core and the wheels in folders named by a hash, the bundle and
# the theme with a hash in their names
ADDRESSED = re.compile(r"^(pyodide|wheels)/[0-9a-f]{12}/[^/]+$|^assets/[^/]+-[A-Z0-9]{8}\.[a-z0-9]+$")
MANIFEST = "manifest.json"


def write_manifest(out: Path) -> dict:
    """``manifest.json`` and ``sw.js``: every content-addressed file of the site
    (:data:`ADDRESSED`) with its size, and the build's id, a hash of their names.

    The service worker (``js/src/sw.js``) gets the manifest as its first line, so each
    build's worker differs from the last: the browser installs it, and it deletes the
    kept files the new build no longer has.  Returns the manifest.
    """
    import hashlib

    from . import _npm

    files = {}
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if path.is_file() and ADDRESSED.match(rel):
            files[rel] = path.stat().st_size
    if not any(rel.startswith("pyodide/") for rel in files):
        raise SetteKitError(f"{out} has no content-addressed Pyodide core (pyodide/<hash>/)")
    build = hashlib.sha256("\n".join(files).encode()).hexdigest()[:12]
    manifest = {"build": build, "files": files}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    source = (_npm.JS / "src" / "sw.js").read_text(encoding="utf-8")
    (out / "sw.js").write_text(f"self.skManifest = {json.dumps(manifest, separators=(',', ':'))};\n"
                               + source, encoding="utf-8")
    return manifest


@contextmanager
def _cache_lock(cache: Path, log):
    """Hold the cache for one build at a time: two builds sharing it (two terminals, tests
    run side by side) would otherwise write the kit's wheel, the stage and the bytecode
    jobs over each other (a half-written wheel: "invalid distance too far back")."""
    cache.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks here; builds must not overlap
        yield
        return
    with open(cache / ".build.lock", "w") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log(f"waiting for another build-site using {cache}")
            fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _build(out, cache, folder, sources, pages, images, site_title, start, log,
           notes_left_out: bool = True) -> SiteReport:
    from . import _lite, _npm, _pages, _record, _wheels

    timings: dict[str, float] = {}

    def step(name: str, t0: float) -> float:
        now = time.perf_counter()
        timings[name] = now - t0
        return now

    t = time.perf_counter()
    fe = _npm.frontend(cache, log=log)
    t = step("npm", t)

    # the Python side: the kit's wheel, the kernel's wheels, the pinned wheels from PyPI
    lock_info = json.loads((fe.pyodide / "pyodide-lock.json").read_text())["info"]
    env = _wheels.pyodide_environment(lock_info["python"])
    pins = _wheels.read_pins()
    pinned = {k: _wheels.Wheel.read(p)
              for k, p in _wheels.download(pins, cache / "wheels", log=log).items()}
    full_kit = _wheels.build_kit_wheel(project_root(), cache / "kit", log=log)
    # without the lessons (the site serves them as files) nor the catalogues' sources
    kit = _wheels.Wheel.read(_wheels.kit_browser_wheel(full_kit, cache / "kit-browser"))
    runtime = _wheels.Wheel.read(_wheels.runtime_wheel(cache / "runtime"))
    kernel = {}
    for whl in sorted(fe.kernel_wheels.glob("*.whl")):
        w = _wheels.Wheel.read(whl)
        if w.key == "widgetsnbextension" and w.version != _wheels.KERNEL_SHIM_WIDGETSNBEXTENSION:
            continue
        kernel[w.key] = w
    # a lesson page: the lean runtime, ipywidgets and the kit, nothing of IPython
    app_keys = sorted(_wheels.resolve([kit, runtime, pinned["ipywidgets"]], dict(pinned), env,
                                      provided=_wheels.APP_PROVIDED))
    # JupyterLite's editable notebooks: the Pyodide kernel, with IPython
    available = {**pinned, **kernel}
    roots = [kit, *kernel.values(), pinned["micropip"], pinned["ipywidgets"]]
    wheels = _wheels.resolve(roots, available, env)
    wheels[runtime.key] = runtime
    t = step("wheels", t)
    # served with bytecode, as Pyodide serves its own packages: imports are seconds faster
    compiled = _wheels.compile_wheels([w.path for w in wheels.values()], fe.work, cache, log=log)
    for key, w in wheels.items():
        c = _wheels.Wheel.read(compiled[w.path.resolve()])
        c.depends = w.depends
        wheels[key] = c
    t = step("bytecode", t)

    _prepare_out(out)
    (out / ".nojekyll").write_text("")
    # Pyodide's core in a folder named by its content (a service worker keeps it)
    core_files = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
    core = f"pyodide/{_content_id([fe.pyodide / n for n in core_files])}/"
    (out / core).mkdir(parents=True)
    for name in core_files:
        shutil.copy2(fe.pyodide / name, out / core / name)
    lock = _wheels.write_lock({k: w for k, w in wheels.items() if k != runtime.key}, lock_info,
                              out / "wheels")
    runtime_served = _wheels.served_name(wheels[runtime.key])
    (out / "wheels" / runtime_served).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(wheels[runtime.key].path, out / "wheels" / runtime_served)
    assets = _copy_assets(fe, out)
    write_manifest(out)
    piplite = next(_wheels.served_name(w) for w in wheels.values() if w.key == "piplite")
    packages = sorted(k for k in wheels if k != runtime.key)
    app_wheels = [f"wheels/{_wheels.served_name(wheels[k])}" for k in app_keys]
    download = (folder_size(out / core) + sum((out / w).stat().st_size for w in app_wheels)
                + sum((out / a).stat().st_size for a in (assets.app_js, assets.app_css, assets.worker_js)))
    t = step("copy", t)

    # the pages, each with its cells' outputs and widgets recorded by running it here
    kernel_config = {"worker": assets.worker_js, "core": core, "wheels": app_wheels,
                     "preimport": list(PREIMPORT), "sw": "sw.js", "lockInfo": lock_info,
                     # the pages a lesson link may open without starting Python again
                     "pages": sorted(s.page for s in sources if s.is_notebook)}
    books = {src.rel: json.loads(src.path.read_text(encoding="utf-8"))
             for src in sources if src.is_notebook}
    cells = {src.rel: _pages.page_cells(books[src.rel], src) for src in sources if src.is_notebook}
    recorded = _record.record_pages([{"rel": src.rel, "lang": src.lang, "cells": cells[src.rel]}
                                     for src in sources if src.is_notebook],
                                    cache=cache, kit=kit, runtime=runtime, log=log)
    t = step("record", t)
    stage = cache / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    files = stage / "files"
    files.mkdir(parents=True)
    written = []
    for src in sources:
        if src.is_notebook:
            nb = books[src.rel]
            editable = f"lite/notebooks/index.html?path={src.rel}"
            text = _pages.notebook_page(nb, src, site_title=site_title, pages=pages,
                                        kernel=kernel_config, editable=editable,
                                        download_mb=round(download / 1e6), assets=assets,
                                        recorded=recorded.get(src.rel),
                                        note=notes_left_out and src.page.endswith("index.html")
                                        and any((src.path.parent / n).is_file() for n in _pages.NOTES))
            (files / src.rel).parent.mkdir(parents=True, exist_ok=True)
            (files / src.rel).write_text(json.dumps(_pages.editable_copy(nb), indent=1,
                                                    ensure_ascii=False) + "\n", encoding="utf-8")
        else:
            md = src.path.read_text(encoding="utf-8")
            text = _pages.markdown_page(md, src, site_title=site_title, pages=pages, assets=assets)
            (files / src.rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src.path, files / src.rel)
        (out / src.page).parent.mkdir(parents=True, exist_ok=True)
        (out / src.page).write_text(text, encoding="utf-8")
        written.append(src.page)
    for img in images:
        rel = img.relative_to(folder)
        for dest in (out / rel, files / rel):
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(img, dest)
    t = step("pages", t)

    # JupyterLite, sharing the Pyodide core and the wheels of the pages ("./../" is
    # relative to lite/, where JupyterLite resolves "./" URLs)
    extensions = [_lite.kernel_extension_wheel(cache, log=log), pinned["jupyterlab-widgets"].path]
    kernel_settings = {
        "pyodideUrl": f"./../{core}pyodide.mjs",
        "pipliteWheelUrl": f"./../wheels/{piplite}",
        "pipliteUrls": [],
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"lockFileURL": f"../wheels/{lock.name}",
                               "packages": packages},
    }
    log("building JupyterLite's notebook interface (jupyter lite build)")
    _lite.build_lite(stage, out / "lite", title=site_title, extensions=extensions,
                     kernel_settings=kernel_settings, log=log)
    step("jupyterlite", t)

    report = SiteReport(out=out, pages=written, seconds=time.perf_counter() - start,
                        wheels=sorted(w.path.name for w in wheels.values()), timings=timings)
    report.bytes = folder_size(out)
    return report
