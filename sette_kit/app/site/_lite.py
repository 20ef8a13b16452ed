"""JupyterLite's notebook interface for the "Open as an editable notebook" links.

``jupyter lite build`` (jupyterlite-core, from PyPI) builds the Notebook and file-browser
apps into ``OUT/lite/``, with two federated extensions taken from their PyPI wheels:
the Pyodide kernel (``jupyterlite-pyodide-kernel``) and ipywidgets' JupyterLab manager
(``jupyterlab-widgets``).  ``--ignore-sys-prefix``: nothing else installed in this
Python environment ends up in the site.  The kernel is configured to use the same
Pyodide core and the same wheels and lock file as the app-mode pages, so the browser
downloads them once for both.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from ...errors import SetteKitError

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
LITE_APPS = ("notebooks", "tree")
JUPYTERLITE_CORE = "0.8.6"
PYODIDE_KERNEL = "0.8.6"


def check_jupyterlite() -> None:
    """Fail with the install command when jupyterlite-core is missing or another version."""
    try:
        import jupyterlite_core
    except ImportError:
        raise SetteKitError("building the site needs JupyterLite: "
                            "pip install 'sette-kit[site]'") from None
    version = getattr(jupyterlite_core, "__version__", "")
    if version != JUPYTERLITE_CORE:
        raise SetteKitError(f"the site is built with jupyterlite-core {JUPYTERLITE_CORE}, this "
                            f"environment has {version or 'an unknown version'}: "
                            "pip install 'sette-kit[site]'")


def kernel_extension_wheel(cache: Path, log=print) -> Path:
    """The ``jupyterlite-pyodide-kernel`` wheel from PyPI (its federated extension)."""
    dest = cache / "build-wheels"
    name = f"jupyterlite_pyodide_kernel-{PYODIDE_KERNEL}-py3-none-any.whl"
    if not (dest / name).is_file():
        dest.mkdir(parents=True, exist_ok=True)
        log(f"fetching jupyterlite-pyodide-kernel {PYODIDE_KERNEL} from PyPI")
        proc = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--dest", str(dest),
             f"jupyterlite-pyodide-kernel=={PYODIDE_KERNEL}"], capture_output=True, text=True)
        if proc.returncode or not (dest / name).is_file():
            raise SetteKitError("could not fetch jupyterlite-pyodide-kernel from PyPI:\n"
                                + (proc.stderr.strip() or proc.stdout.strip()))
    return dest / name


def build_lite(stage: Path, out: Path, *, title: str, extensions: list[Path],
               kernel_settings: dict, log=print) -> None:
    """Run ``jupyter lite build`` on ``stage`` (which holds ``files/``) into ``out``."""
    check_jupyterlite()
    (stage / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": title,
            "litePluginSettings": {KERNEL_PLUGIN: kernel_settings},
        },
    }, indent=2), encoding="utf-8")
    (stage / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {
            "apps": list(LITE_APPS),
            "contents": [str(stage / "files")],
            "federated_extensions": [str(p) for p in extensions],
            "ignore_sys_prefix": True,
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "output_dir": str(out),
            "cache_dir": str(stage / ".cache"),
        },
    }, indent=2), encoding="utf-8")
    # a stale doit database silently drops settings such as the Pyodide URL
    for db in stage.glob(".jupyterlite.doit.db*"):
        db.unlink()
    if out.exists():
        shutil.rmtree(out)
    proc = subprocess.run([sys.executable, "-m", "jupyterlite_core", "build",
                           "--lite-dir", str(stage)], cwd=stage, capture_output=True, text=True)
    if proc.returncode or not (out / "notebooks" / "index.html").is_file():
        raise SetteKitError("jupyter lite build failed:\n"
                            + (proc.stdout[-3000:] + "\n" + proc.stderr[-3000:]).strip())
    write_favicons(out)


FAVICONS = ("favicon-notebook.ico", "favicon-busy-1.ico")


def favicon(color: tuple[int, int, int], size: int = 16) -> bytes:
    """A ``size``-pixel ICO file: the kit's diamond (♦) in ``color`` (r, g, b).

    >>> data = favicon((192, 57, 43))
    >>> data[:4], len(data) == 6 + 16 + 40 + 16 * 16 * 4 + 16 * 4
    (b'\\x00\\x00\\x01\\x00', True)
    """
    import struct

    half = (size - 1) / 2
    pixels = bytearray()
    for y in range(size - 1, -1, -1):  # bottom-up rows, BGRA
        for x in range(size):
            inside = abs(x - half) / half + abs(y - half) / (half * 1.25) <= 1
            r, g, b = color
            pixels += bytes((b, g, r, 255 if inside else 0))
    mask = bytes(4 * size)  # AND mask: 32 bits per row, all shown (alpha decides)
    header = struct.pack("<IiiHHIIiiII", 40, size, 2 * size, 1, 32, 0, len(pixels) + len(mask),
                         0, 0, 0, 0)
    image = header + bytes(pixels) + mask
    return (struct.pack("<HHH", 0, 1, 1)
            + struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), 6 + 16) + image)


def write_favicons(out: Path) -> None:
    """The icons JupyterLite's Notebook interface asks for (``static/favicons/``), which
    its build does not ship: without them every kernel status change logs a 404."""
    folder = out / "static" / "favicons"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / FAVICONS[0]).write_bytes(favicon((192, 57, 43)))
    (folder / FAVICONS[1]).write_bytes(favicon((127, 127, 127)))
