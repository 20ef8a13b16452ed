"""The browser-side files of the site, from the npm registry.

``js/package.json`` and the committed ``js/package-lock.json`` (exact versions and
integrity hashes) name everything: the Pyodide core (npm ``pyodide``), the Pyodide
kernel (``@jupyterlite/pyodide-kernel``), ipywidgets' front end
(``@jupyter-widgets/html-manager``) and esbuild.  ``npm ci`` installs exactly those
into the cache, then ``js/build.mjs`` bundles the kit's small app-mode page
(``js/src/app.js``) into plain static files.  Nothing is fetched at run time.

The work folder is named after a hash of ``package.json`` and the lock (``npm ci`` runs
once per lock), its bundle folder after a hash of the sources too: a warm cache skips
both steps, and a change to the page's script bundles again without installing again.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ...errors import SetteKitError

JS = Path(__file__).resolve().parent / "js"
SOURCES = ("package.json", "package-lock.json", "build.mjs", "compile.mjs")
LOCK_FILES = ("package.json", "package-lock.json")
# the files of the npm package `pyodide` that a browser needs (no source maps, no demos)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")


@dataclass
class Frontend:
    """Where the bundled page and the npm packages are, in the cache."""

    work: Path
    bundle: str = "dist"

    @property
    def dist(self) -> Path:
        """The bundled app-mode page: app-HASH.js, app-HASH.css, worker-HASH.js, fonts."""
        return self.work / self.bundle

    def asset(self, stem: str, suffix: str) -> str:
        """The file name of a bundled ``stem``, e.g. ``asset("app", ".js")``: ``app-HASH.js``."""
        found = sorted(self.dist.glob(f"{stem}-*{suffix}"))
        if len(found) != 1:
            raise SetteKitError(f"the bundle in {self.dist} has {len(found)} {stem}-*{suffix}")
        return found[0].name

    @property
    def pyodide(self) -> Path:
        return self.work / "node_modules" / "pyodide"

    @property
    def kernel_wheels(self) -> Path:
        return self.work / "node_modules" / "@jupyterlite" / "pyodide-kernel" / "pypi"

    def pyodide_version(self) -> str:
        import json

        return json.loads((self.pyodide / "package.json").read_text())["version"]


def source_files() -> list[Path]:
    files = [JS / name for name in SOURCES]
    files += sorted(p for p in (JS / "src").rglob("*") if p.is_file())
    return files


def sources_hash(names=None) -> str:
    """A hash of everything that determines the bundle (or of the files ``names``)."""
    digest = hashlib.sha256()
    files = source_files() if names is None else [JS / n for n in names]
    for path in files:
        digest.update(path.relative_to(JS).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _run(cmd: list[str], cwd: Path, what: str) -> None:
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError as exc:
        raise SetteKitError(f"{what} needs `{cmd[0]}` (Node.js 18 or newer with npm): "
                            f"install Node.js and try again ({exc})") from None
    if proc.returncode:
        out = (proc.stderr.strip() or proc.stdout.strip())[-3000:]
        raise SetteKitError(f"{what} failed ({' '.join(cmd)}):\n{out}")


def frontend(cache: Path, log=print) -> Frontend:
    """Install the npm packages and bundle the page into ``cache``; reuse a warm cache."""
    work = cache / "npm" / sources_hash(LOCK_FILES)
    fe = Frontend(work, "dist-" + sources_hash())
    if list(fe.dist.glob("app-*.js")) and (fe.pyodide / "pyodide.asm.wasm").is_file():
        return fe
    if not (fe.pyodide / "pyodide.asm.wasm").is_file():
        if work.exists():
            shutil.rmtree(work)
        work.mkdir(parents=True)
    for path in source_files():
        target = work / path.relative_to(JS)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    if not (fe.pyodide / "pyodide.asm.wasm").is_file():
        log("installing the browser packages from the npm registry (npm ci)")
        # --ignore-scripts: no install script runs (esbuild's binary comes in its own package)
        _run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
             work, "installing the site's npm packages")
    log("bundling the app-mode page (esbuild)")
    _run(["node", "build.mjs", fe.bundle], work, "bundling the site's page")
    if not list(fe.dist.glob("app-*.js")):
        raise SetteKitError(f"the bundle was not written to {fe.dist}")
    return fe
