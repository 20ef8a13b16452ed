"""The Python packages of the static site: wheels, their dependencies, the lock file.

Pyodide installs packages from a *lock file* (``pyodide-lock.json``): for each package
its wheel's file name, sha256, import names and dependencies.  The npm package
``pyodide`` ships only the interpreter and a lock file for wheels it does not ship, so
the site brings its own wheels and writes its own lock listing exactly them:

* the kit's wheel, built from the checkout (``pip wheel --no-deps``);
* the Pyodide kernel's wheels (``piplite``, ``pyodide-kernel`` and its ``ipykernel`` and
  ``widgetsnbextension`` stand-ins), as shipped in the npm package
  ``@jupyterlite/pyodide-kernel``;
* every other dependency from PyPI at the version pinned in ``browser-requirements.txt``,
  pure-Python (``py3-none-any``) wheels only, each with the sha256 of the file we serve.

Dependencies are resolved with the markers of a Pyodide interpreter
(``sys_platform == "emscripten"``, Python 3.14): a requirement that does not apply
there (numpy or matplotlib with ``; sys_platform != "emscripten"``) is left out, and a
requirement that applies but has no pin, or whose pin does not satisfy it, stops the
build with a message naming the package.

>>> from pathlib import Path
>>> env = pyodide_environment("3.14.2")
>>> env["sys_platform"], env["python_version"]
('emscripten', '3.14')
>>> [r for r in applicable(['numpy>=1.24; sys_platform != "emscripten"', 'tqdm>=4.60'], env)]
[<Requirement('tqdm>=4.60')>]
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import zipfile
from dataclasses import dataclass, field
from email.parser import HeaderParser
from pathlib import Path

from ...errors import SetteKitError


def project_root() -> Path:
    """The checkout the kit runs from (its wheel is built from there)."""
    root = Path(__file__).resolve().parents[3]
    if not (root / "pyproject.toml").is_file():
        raise SetteKitError("build-site builds the kit's wheel from a source checkout, and this "
                            f"kit is installed without one ({root} has no pyproject.toml): "
                            "run it from a clone of the project")
    return root


HERE = Path(__file__).resolve().parent
REQUIREMENTS = HERE / "browser-requirements.txt"
# the kernel's wheels shipped in the npm package (their names, as in its pypi/ folder)
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
KERNEL_SHIM_WIDGETSNBEXTENSION = "4.0.999"


def canonical(name: str) -> str:
    """The normalised form of a distribution name (PEP 503).

    >>> canonical("Prompt_Toolkit"), canonical("stack.data")
    ('prompt-toolkit', 'stack-data')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def pyodide_environment(python: str) -> dict[str, str]:
    """The PEP 508 marker environment of Pyodide's interpreter (``python`` e.g. ``"3.14.2"``)."""
    major_minor = ".".join(python.split(".")[:2])
    return {
        "implementation_name": "cpython",
        "implementation_version": python,
        "os_name": "posix",
        "platform_machine": "wasm32",
        "platform_release": "",
        "platform_system": "Emscripten",
        "platform_version": "",
        "python_full_version": python,
        "platform_python_implementation": "CPython",
        "python_version": major_minor,
        "sys_platform": "emscripten",
        "extra": "",
    }


def applicable(requirements, env: dict[str, str]):
    """The requirements (strings) that apply in ``env``, as ``packaging`` Requirements.

    Requirements that only apply with an extra are left out.
    """
    from packaging.requirements import Requirement

    for text in requirements:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate(env):
            continue
        yield req


@dataclass
class Wheel:
    """One wheel file and what the lock file needs to know about it."""

    path: Path
    name: str
    version: str
    requires: list[str]
    imports: list[str]
    sha256: str
    depends: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return canonical(self.name)

    @classmethod
    def read(cls, path: Path) -> "Wheel":
        """Read a wheel's METADATA, top-level import names and sha256."""
        path = Path(path)
        if not path.name.endswith("-none-any.whl"):
            raise SetteKitError(f"{path.name}: only pure-Python wheels (*-none-any.whl) "
                                "can be installed in the browser")
        with zipfile.ZipFile(path) as zf:
            names = zf.namelist()
            meta_name = next((n for n in names if n.count("/") == 1
                              and n.endswith(".dist-info/METADATA")), None)
            if meta_name is None:
                raise SetteKitError(f"{path.name} has no .dist-info/METADATA")
            meta = HeaderParser().parsestr(zf.read(meta_name).decode("utf-8"))
            dist_info = meta_name.split("/")[0]
            top_level = f"{dist_info}/top_level.txt"
            if top_level in names:
                imports = [line.strip() for line in zf.read(top_level).decode().splitlines()
                           if line.strip()]
            else:
                imports = _imports_from_names(names)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        return cls(path=path, name=meta["Name"], version=meta["Version"],
                   requires=meta.get_all("Requires-Dist") or [], imports=sorted(set(imports)),
                   sha256=digest)

    def lock_entry(self, file_name: str) -> dict:
        return {
            "name": self.name,
            "version": self.version,
            "file_name": file_name,
            "install_dir": "site",
            "sha256": self.sha256,
            "package_type": "package",
            "imports": self.imports,
            "depends": sorted(self.depends),
            "unvendored_tests": False,
        }


def _imports_from_names(names: list[str]) -> list[str]:
    """Top-level packages and modules of a wheel without top_level.txt."""
    found = set()
    for name in names:
        head = name.split("/")[0]
        if head.endswith((".dist-info", ".data")):
            continue
        if "/" in name:
            found.add(head)
        elif head.endswith(".py"):
            found.add(head[:-3])
    return sorted(found)


def read_pins(path: Path = REQUIREMENTS) -> dict[str, str]:
    """``browser-requirements.txt`` as {canonical name: version}.

    >>> pins = read_pins()
    >>> pins["ipywidgets"].startswith("8.1."), "numpy" in pins
    (True, False)
    """
    pins = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        if not sep or not version.strip():
            raise SetteKitError(f"{path.name}: {line!r} is not of the form name==version")
        pins[canonical(name.strip())] = version.strip()
    return pins


def download(pins: dict[str, str], dest: Path, log=print) -> dict[str, Path]:
    """Fetch each pinned wheel from PyPI into ``dest`` (a cache): {name: path}.

    Wheels already in ``dest`` are not fetched again.
    """
    dest.mkdir(parents=True, exist_ok=True)
    have = {}
    for whl in dest.glob("*-none-any.whl"):
        parts = whl.name.split("-")
        have[(canonical(parts[0]), parts[1])] = whl
    missing = [f"{name}=={version}" for name, version in sorted(pins.items())
               if (name, version) not in have]
    if missing:
        log(f"fetching {len(missing)} wheel(s) from PyPI: {' '.join(missing)}")
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
               "--only-binary=:all:", "--platform", "any", "--implementation", "py",
               "--abi", "none", "--python-version", "3.14", "--dest", str(dest), *missing]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode:
            raise SetteKitError("could not fetch the browser's wheels from PyPI:\n"
                                + (proc.stderr.strip() or proc.stdout.strip()))
        for whl in dest.glob("*-none-any.whl"):
            parts = whl.name.split("-")
            have[(canonical(parts[0]), parts[1])] = whl
    out = {}
    for name, version in pins.items():
        path = have.get((name, version))
        if path is None:
            raise SetteKitError(f"PyPI has no pure-Python wheel of {name}=={version} "
                                f"(see {REQUIREMENTS.name})")
        out[name] = path
    return out


def resolve(roots: list[Wheel], available: dict[str, Wheel], env: dict[str, str],
            provided: frozenset = frozenset()) -> dict[str, Wheel]:
    """Every wheel needed by ``roots`` (all their dependencies, under ``env``).

    ``available`` maps canonical names to the wheels that may be used; requirements on
    the names in ``provided`` are left out (the browser runtime stands in for them).  Raises
    :class:`SetteKitError` naming the package when a dependency has no wheel or its
    version does not satisfy the requirement.
    """
    from packaging.version import Version

    chosen: dict[str, Wheel] = {}
    todo = list(roots)
    for w in roots:
        chosen[w.key] = w
    while todo:
        wheel = todo.pop()
        deps = set()
        for req in applicable(wheel.requires, env):
            key = canonical(req.name)
            if key in provided:
                continue
            dep = chosen.get(key) or available.get(key)
            if dep is None:
                raise SetteKitError(
                    f"{wheel.name} {wheel.version} needs {req} in the browser, and "
                    f"{REQUIREMENTS.name} has no pin for {key}: add a pure-Python version "
                    "of it there, or mark the requirement `; sys_platform != \"emscripten\"`")
            if req.specifier and not req.specifier.contains(Version(dep.version), prereleases=True):
                raise SetteKitError(
                    f"{wheel.name} {wheel.version} needs {req}, but the site has "
                    f"{dep.name} {dep.version} (see {REQUIREMENTS.name})")
            deps.add(key)
            if key not in chosen:
                chosen[key] = dep
                todo.append(dep)
        wheel.depends = sorted(deps)
    return chosen


def content_hash(wheel: Path) -> str:
    """A hash of a wheel's file names and contents (not of its zip timestamps), so the
    kit's wheel, rebuilt unchanged, is not compiled again."""
    digest = hashlib.sha256(wheel.name.encode() + b"\0")
    with zipfile.ZipFile(wheel) as zf:
        for name in sorted(zf.namelist()):
            digest.update(name.encode() + b"\0" + zf.read(name) + b"\0")
    return digest.hexdigest()[:16]


def compile_wheels(paths: list[Path], work: Path, cache: Path, log=print) -> dict[Path, Path]:
    """Bytecode-compiled copies of the wheels ``paths`` (all under ``cache``): {input: output}.

    Runs ``js/compile.mjs`` - the official Pyodide core in Node.js, from the npm work
    folder ``work`` - on the wheels not compiled before; see :mod:`._pyc`.
    """
    pyc, script = HERE / "_pyc.py", HERE / "js" / "compile.mjs"
    pyodide_pkg = work / "node_modules" / "pyodide" / "package.json"
    tool = hashlib.sha256(pyc.read_bytes() + script.read_bytes()
                          + pyodide_pkg.read_bytes()).hexdigest()[:12]
    out, jobs = {}, []
    cache = cache.resolve()
    for path in paths:
        path = Path(path).resolve()
        key = content_hash(path)
        dst = cache / "compiled" / tool / key / path.name
        out[path] = dst
        if not dst.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            jobs.append((path, dst.with_suffix(".tmp")))
    if jobs:
        log(f"compiling {len(jobs)} wheel(s) to bytecode with Pyodide (Node.js)")
        jobs_file = cache / "compiled" / "jobs.json"
        jobs_file.write_text(json.dumps([[str(s.relative_to(cache)), str(d.relative_to(cache))]
                                         for s, d in jobs]))
        proc = subprocess.run(["node", str(work / "compile.mjs"), str(cache), str(jobs_file),
                               str(pyc)], cwd=work, capture_output=True, text=True)
        if proc.returncode:
            raise SetteKitError("compiling the wheels with Pyodide failed:\n"
                                + (proc.stderr.strip() or proc.stdout.strip())[-3000:])
        for _, tmp in jobs:
            tmp.replace(tmp.with_suffix(".whl"))
    return out


def write_lock(wheels: dict[str, Wheel], info: dict, out_dir: Path) -> Path:
    """Copy the wheels into ``out_dir`` and write ``pyodide-lock.json`` for exactly them."""
    out_dir.mkdir(parents=True, exist_ok=True)
    packages = {}
    for key, wheel in sorted(wheels.items()):
        name = served_name(wheel)
        target = out_dir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.stat().st_size != wheel.path.stat().st_size:
            target.write_bytes(wheel.path.read_bytes())
        packages[key] = wheel.lock_entry(name)
    lock = {"info": dict(info), "packages": packages}
    path = out_dir / "pyodide-lock.json"
    path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def build_kit_wheel(project: Path, dest: Path, log=print) -> Path:
    """``pip wheel --no-deps`` of the checkout at ``project`` into ``dest`` (emptied first)."""
    if dest.exists():
        for old in dest.glob("*.whl"):
            old.unlink()
    dest.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
           "--wheel-dir", str(dest), str(project)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        # setuptools may be missing from this environment: let pip fetch the build backend
        cmd.remove("--no-build-isolation")
        proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise SetteKitError("could not build the kit's wheel from "
                            f"{project}:\n{proc.stderr.strip() or proc.stdout.strip()}")
    wheels = sorted(dest.glob("*.whl"))
    if len(wheels) != 1:
        raise SetteKitError(f"building the kit's wheel gave {len(wheels)} files in {dest}")
    return wheels[0]


# -- the lesson pages' own wheels ---------------------------------------------

RUNTIME = HERE / "runtime"
RUNTIME_NAME = "sette_kit_browser_runtime"
RUNTIME_VERSION = "1.0"
# what ipywidgets and the kit require that an app-mode page does without: IPython (the
# runtime's stand-in takes its place) and the front-end assets of the two widget packages
APP_PROVIDED = frozenset({"ipython", "widgetsnbextension", "jupyterlab-widgets"})
# in the kit's wheel, what a page never reads: the lessons (the site serves them as
# files), the catalogues' sources (the compiled .mo files stay) and the tool that keeps
# them, and all of delivery, sette_kit/app (the server, this builder with its JavaScript
# sources, the runtime's sources, which have their own wheel, the CLI, the class hub)
# with the facades at its old paths: no module a page runs imports them (test_layers)
KIT_LEFT_OUT = ("sette_kit/lessons/", "sette_kit/app/", "sette_kit/i18n_catalogue.py",
                "sette_kit/serve.py", "sette_kit/__main__.py", "sette_kit/cli/", "sette_kit/webapp/",
                "sette_kit/site/", "sette_kit/classroom/hub.py", "sette_kit/classroom/store.py",
                "sette_kit/classroom/items.py", "sette_kit/classroom/summary.py")
KIT_LEFT_OUT_SUFFIXES = (".po", ".ipynb")


def _write_wheel(dest: Path, files: dict[str, bytes], name: str, version: str,
                 metadata: str) -> Path:
    """A pure-Python wheel of ``files`` (archive path -> bytes), reproducible."""
    import base64

    dist = f"{name}-{version}.dist-info"
    files = dict(files)
    files[f"{dist}/METADATA"] = metadata.encode()
    files[f"{dist}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: sette-kit\nRoot-Is-Purelib: true\n"
                              b"Tag: py3-none-any\n")
    record = []
    for arc, data in sorted(files.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    files[f"{dist}/RECORD"] = ("\n".join(record) + "\n").encode()
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / f"{name}-{version}-py3-none-any.whl"
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc in sorted(files):
            info = zipfile.ZipInfo(arc, (2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, files[arc])
    tmp.replace(path)
    return path


def runtime_wheel(dest: Path) -> Path:
    """The browser runtime (``runtime/``: ``sette_kit_runtime`` and its IPython stand-in)
    as one small wheel in ``dest``."""
    files = {p.relative_to(RUNTIME).as_posix(): p.read_bytes()
             for p in sorted(RUNTIME.rglob("*.py")) if "__pycache__" not in p.parts}
    meta = (f"Metadata-Version: 2.1\nName: {RUNTIME_NAME}\nVersion: {RUNTIME_VERSION}\n"
            "Summary: sette-kit's lean runtime for the static site's pages (with a stand-in "
            "for the few IPython names ipywidgets uses)\nRequires-Dist: comm>=0.1.3\n")
    return _write_wheel(dest, files, RUNTIME_NAME, RUNTIME_VERSION, meta)


def kit_browser_wheel(kit: Path, dest: Path) -> Path:
    """The kit's wheel without what a browser never reads (:data:`KIT_LEFT_OUT`)."""
    files = {}
    with zipfile.ZipFile(kit) as zf:
        meta_name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        dist = meta_name.split("/")[0]
        meta = zf.read(meta_name).decode("utf-8")
        for name in zf.namelist():
            if name.startswith(dist + "/") or name.startswith(KIT_LEFT_OUT) \
                    or name.endswith(KIT_LEFT_OUT_SUFFIXES) or name.endswith("/"):
                continue
            files[name] = zf.read(name)
    pkg, version = dist[:-len(".dist-info")].rsplit("-", 1)
    return _write_wheel(dest, files, pkg, version, meta)


def served_name(wheel: "Wheel") -> str:
    """Where a wheel is served, relative to ``wheels/``: a folder named by its content
    (so a new build never serves a stale file from a browser's cache), then its name."""
    return f"{wheel.sha256[:12]}/{wheel.path.name}"
