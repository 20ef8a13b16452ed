"""Serve the lessons as web apps with Voilà (``sette-kit serve``).

Everything here is plain Python: finding the lessons, naming a lesson, building the
Voilà arguments and URLs.  Voilà itself is imported only inside :func:`serve`, so
``import sette_kit`` and ``sette-kit --help`` stay fast.

Where the lessons are
    From a clone (or an editable install) they are the ``lessons/`` folder beside
    ``pyproject.toml``; from an installed wheel they are the package data folder
    ``sette_kit/lessons/`` (``pyproject.toml`` maps ``lessons/`` to it).  The
    environment variable ``SETTE_KIT_LESSONS`` overrides both.

The configuration
    ``lessons/voila.json`` (shipped with the lessons).  Voilà reads it because the
    command passes ``--Voila.config_file_paths=<that folder>``: sources stripped,
    tracebacks hidden, a per-cell execution timeout, idle kernels culled, and a pool
    of preheated kernels.  Arguments given after ``--`` on the command line go to
    Voilà unchanged and win over the file.

Preheating
    With the kit's lessons, Voilà starts one kernel per lesson *of the served language*
    at start-up and runs the lesson in it (``preheat_kernel``), so the first learner on
    each lesson gets the page about twice as fast.  The lessons are preheated a few at a
    time (half the machine's cores), the landing page first, and pause while a learner's
    page is being prepared, so start-up never starves a page
    (:class:`sette_kit.webapp.kernels.KitPreheating`).  A folder given with ``--dir`` is
    not preheated unless asked (``--preheat``): preheating *runs every notebook of the
    folder and of its subfolders* when the server starts, before anyone visits, which is
    right for the kit's lessons and a surprise for a folder of notebooks from elsewhere.

Ready
    ``serve`` prints ``sette-kit serve: ready: <address>``, the landing page's address,
    once the server listens and the landing page has been preheated: the one line a
    teacher needs (and the one the tests wait for).

Kernels
    Every page gets a kernel of its own.  The server runs at most ``max_kernels`` of
    them (``--max-kernels``; by default as many as the machine's memory holds, see
    :func:`default_max_kernels`); a page requested beyond that gets "the class is full,
    try again in a minute" (HTTP 503).  A page that is left (a link, a reload, a closed
    tab) ends its kernel at once; a page no browser ever connects to (a plain GET, a
    crawler) loses its kernel after a minute.  The server side is
    :mod:`sette_kit.app.webapp`.  A server in a child process, for tests and
    benchmarks, is :class:`sette_kit.app.testing.Server`.

The landing page
    The lesson ``00-start-here.ipynb`` *is* the landing page (option "B" of the
    project's brief): it lists the lessons, one line each, as links such as
    ``./01-cards-and-scoring.ipynb``, which Voilà serves at
    ``/voila/render/01-cards-and-scoring.ipynb``; every lesson links back to it.
    ``sette-kit serve`` prints its address and opens it.  While it does not exist
    (for instance in a folder given with ``--dir``) the landing page is Voilà's own
    list of notebooks at ``/``.  The browser tests check both directions of links.

>>> lesson_url("03-playing-a-round.ipynb", port=8866)
'http://127.0.0.1:8866/voila/render/03-playing-a-round.ipynb'
>>> resolve_lesson("playing-a-round", ["00-start-here.ipynb", "03-playing-a-round.ipynb"])
'03-playing-a-round.ipynb'
"""

from __future__ import annotations

import os
import secrets
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from urllib.parse import quote

from ..course import LANDING
from ..errors import SetteKitError
from .kit_lessons import ENV_LESSONS, lessons_dir  # noqa: F401 - names of this module too

DEFAULT_PORT = 8866
DEFAULT_IP = "127.0.0.1"
LANDING_PAGE = LANDING
"""The landing page: :data:`sette_kit.course.LANDING` (this name is kept as an alias)."""

CONFIG_NAME = "voila.json"
KERNEL_MANAGER = "sette_kit.webapp.kernels.KitKernelManager"
#: the line ``serve`` prints, with the landing page's address, when it is ready to serve
READY = "sette-kit serve: ready: "
#: the line with the address of the teachers' notes (with the teacher's key)
TEACHERS_LINE = "sette-kit serve: teachers' notes: "
#: seconds ``serve`` waits for the landing page's preheating before it says it is ready
READY_WAIT_S = 300

#: Memory budgeted for one kernel, MiB.  Measured (bench/bench_serve.py, docs/deploy.md):
#: a page's kernel holds 81-89 MiB resident (median) and 122-137 MiB at the most, a
#: preheated kernel waiting in the pool 70-108 MiB.  The budget takes the middle of that
#: range; the share of memory left free (1 - MEMORY_SHARE) covers kernels above it.
KERNEL_MIB = 110
#: Memory of the server process itself (Voilà, tornado; 120 MiB measured), MiB
SERVER_MIB = 150
#: Share of the machine's memory the server and its kernels may fill
MEMORY_SHARE = 0.8
#: The cap never goes below this, however small the machine
MIN_KERNELS = 4

__all__ = [
    "DEFAULT_PORT", "DEFAULT_IP", "LANDING_PAGE", "lessons_dir", "list_lessons",
    "resolve_lesson", "landing_page", "lesson_url", "landing_url", "voila_argv", "serve",
    "machine_memory", "default_max_kernels", "preheated_notebooks", "check_ip", "READY",
]


def list_lessons(directory: str | os.PathLike | None = None) -> list[str]:
    """The notebooks at the top of ``directory`` (default: the lessons), sorted by name.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     for name in ("01-b.ipynb", "00-a.ipynb", "notes.md"):
    ...         _ = (Path(d) / name).write_text("{}")
    ...     list_lessons(d)
    ['00-a.ipynb', '01-b.ipynb']
    """
    folder = Path(directory) if directory is not None else lessons_dir()
    return sorted(p.name for p in folder.glob("*.ipynb")
                  if p.is_file() and not p.name.startswith("."))


def _stem(name: str) -> str:
    return name[:-len(".ipynb")] if name.endswith(".ipynb") else name


def resolve_lesson(name: str, lessons: list[str] | None = None) -> str:
    """The file name of the lesson called ``name``.

    Accepts the number (``"03"`` or ``"3"``), the file name with or without
    ``.ipynb`` (``"03-playing-a-round"``), or the title part (``"playing-a-round"``,
    also a unique prefix of it, case-insensitive).

    >>> names = ["00-start-here.ipynb", "03-playing-a-round.ipynb", "04-variants.ipynb"]
    >>> [resolve_lesson(n, names) for n in ("03", "3", "03-playing-a-round",
    ...                                      "03-playing-a-round.ipynb", "Playing-A-Round", "play")]
    ['03-playing-a-round.ipynb', '03-playing-a-round.ipynb', '03-playing-a-round.ipynb', '03-playing-a-round.ipynb', '03-playing-a-round.ipynb', '03-playing-a-round.ipynb']
    >>> resolve_lesson("07", names)
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: no lesson called '07'; the lessons are: 00-start-here, 03-playing-a-round, 04-variants (give a number like 03, a name like 03-playing-a-round or a title like playing-a-round)
    """
    if lessons is None:
        lessons = list_lessons()
    wanted = _stem(name.strip()).lower()
    stems = {_stem(n).lower(): n for n in lessons}

    def number_of(stem: str) -> str | None:
        head = stem.split("-", 1)[0]
        return head if head.isdigit() else None

    def title_of(stem: str) -> str:
        parts = stem.split("-", 1)
        return parts[1] if number_of(stem) is not None and len(parts) == 2 else stem

    candidates: list[str] = []
    if wanted in stems:
        candidates = [stems[wanted]]
    elif wanted.isdigit():
        candidates = [n for s, n in stems.items()
                      if number_of(s) is not None and int(number_of(s)) == int(wanted)]
    else:
        candidates = [n for s, n in stems.items() if title_of(s) == wanted]
        if not candidates:
            candidates = [n for s, n in stems.items() if title_of(s).startswith(wanted)]
    if len(candidates) == 1:
        return candidates[0]
    available = ", ".join(_stem(n) for n in lessons) or "(none)"
    if not candidates:
        raise SetteKitError(f"no lesson called {name!r}; the lessons are: {available} "
                            "(give a number like 03, a name like 03-playing-a-round "
                            "or a title like playing-a-round)")
    raise SetteKitError(f"{name!r} names more than one lesson: "
                        f"{', '.join(_stem(n) for n in candidates)}; be more precise")


def landing_page(lessons: list[str]) -> str | None:
    """The landing page's file name, or None when Voilà's notebook list is the landing page.

    >>> landing_page(["00-start-here.ipynb", "01-cards-and-scoring.ipynb"])
    '00-start-here.ipynb'
    >>> landing_page(["01-one.ipynb"]) is None
    True
    """
    return next((n for n in lessons if n.rsplit("/", 1)[-1] == LANDING), None)


def _host(ip: str) -> str:
    if ip in ("", "0.0.0.0"):
        return "127.0.0.1"
    if ip == "::":
        return "[::1]"
    return f"[{ip}]" if ":" in ip and not ip.startswith("[") else ip


def lan_address() -> str:
    """This machine's address on its network (the one a route out would use), else 127.0.0.1.
    No packet is sent: connecting a UDP socket only picks the route."""
    for probe in ("10.255.255.255", "192.0.2.1"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                ip = s.getsockname()[0]
                if ip and not ip.startswith("0."):
                    return ip
        except OSError:
            continue
    return "127.0.0.1"


def lesson_url(lesson: str, *, port: int = DEFAULT_PORT, ip: str = DEFAULT_IP) -> str:
    """Where Voilà serves ``lesson`` (a file name relative to the served folder)."""
    return f"http://{_host(ip)}:{port}/voila/render/{quote(lesson)}"


def _notes_url(notes: str, port: int, ip: str) -> str:
    return f"http://{_host(ip)}:{port}/voila/render/{quote(notes)}"


def landing_url(lessons: list[str], *, port: int = DEFAULT_PORT, ip: str = DEFAULT_IP) -> str:
    """The landing page's address: the start-here lesson, or Voilà's tree at ``/``.

    >>> landing_url([], port=9000)
    'http://127.0.0.1:9000/'
    """
    page = landing_page(lessons)
    return lesson_url(page, port=port, ip=ip) if page else f"http://{_host(ip)}:{port}/"


def class_lesson_pages(folder: str | os.PathLike) -> dict[str, dict[str, str]]:
    """Where each lesson is served in each language, for ``sette-kit serve --class``
    (the teacher sends the class to lesson ``NN``; each learner lands on it in their
    language): ``{lang: {"06": "it/06-....ipynb", ...}}``, the paths relative to the
    served folder.  A language the folder has no lessons of is left out."""
    from ..i18n import LANGUAGES

    folder = Path(folder)
    pages: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        sub = language_folder(folder, lang)
        if lang != "en" and not sub:
            continue
        found = {name[:2]: sub + name for name in list_lessons(folder / sub) if name[:2].isdigit()}
        if found:
            pages[lang] = found
    return pages


def voila_argv(directory: str | os.PathLike, *, port: int = DEFAULT_PORT, ip: str = DEFAULT_IP,
               config_dir: str | os.PathLike | None = None, preheat: bool = True,
               max_kernels: int | None = None, lang: str | None = None,
               max_kernels_per_client: int | None = None,
               extra: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The arguments given to Voilà (as after ``voila`` on a command line).

    ``config_dir`` is the folder whose ``voila.json`` configures the server; by
    default the lessons folder, so a folder served with ``--dir`` still gets the
    kit's configuration.  The kernels are managed by the kit's
    :class:`~sette_kit.webapp.kernels.KitKernelManager`; ``preheat=False`` turns
    Voilà's preheated kernels off; ``max_kernels`` caps the kernels of pages.
    ``lang`` preheats only the lessons of that language (``en``: the top folder's,
    ``it``/``es``: those of ``it/``/``es/``); the others start when opened.  Kernels talk
    to the server over local sockets (IPC) where the system has them: no TCP port to
    collide with another kernel's, no "running over TCP without encryption".
    ``extra`` come last, so they win.

    >>> argv = voila_argv("/srv/lessons", port=9000, config_dir="/srv/lessons", max_kernels=30)
    >>> argv[0], "--port=9000" in argv, "--Voila.config_file_paths=/srv/lessons" in argv
    ('/srv/lessons', True, True)
    >>> "--KitKernelManager.max_kernels=30" in argv, "--VoilaConfiguration.preheat_kernel=False" in argv
    (True, False)
    >>> [a for a in voila_argv("/srv/lessons", config_dir="/srv", lang="it") if "preheat_folder" in a]
    ['--KitKernelManager.preheat_folder=it']
    >>> [a for a in voila_argv("/srv/lessons", config_dir="/srv", lang="en") if "preheat_folder" in a]
    ['--KitKernelManager.preheat_folder=']
    """
    config_dir = Path(config_dir) if config_dir is not None else lessons_dir()
    argv = [
        str(directory),
        f"--port={int(port)}",
        f"--Voila.ip={ip}",
        f"--Voila.config_file_paths={config_dir}",
        f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}",
    ]
    if os.name == "posix":
        argv.append("--KernelManager.transport=ipc")
    if not preheat:
        argv.append("--VoilaConfiguration.preheat_kernel=False")
    elif lang is not None:
        argv.append(f"--KitKernelManager.preheat_folder={'' if lang == 'en' else lang}")
    if max_kernels is not None:
        argv.append(f"--KitKernelManager.max_kernels={int(max_kernels)}")
    if max_kernels_per_client is not None:
        argv.append(f"--KitKernelManager.max_kernels_per_client={int(max_kernels_per_client)}")
    # traitlets refuses an option given twice: one given in ``extra`` replaces ours
    given = {_option(a) for a in extra}
    return [a for a in argv if _option(a) is None or _option(a) not in given] + list(extra)


def language_folder(folder: Path, lang: str) -> str:
    """Where ``lang``'s lessons are, relative to the served folder: ``""`` for English,
    ``"it/"`` for Italian, ...; English when the folder has no such subfolder.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     (Path(d) / "it").mkdir()
    ...     language_folder(d, "it"), language_folder(d, "es"), language_folder(d, "en")
    ('it/', '', '')
    """
    if lang == "en" or not (Path(folder) / lang).is_dir():
        return ""
    return f"{lang}/"


def _option(arg: str) -> str | None:
    """``'--Class.trait'`` of a ``--Class.trait=value`` argument (None for others).

    >>> _option("--VoilaConfiguration.preheat_kernel=False"), _option("/srv/lessons")
    ('--VoilaConfiguration.preheat_kernel', None)
    """
    if not arg.startswith("--") or "=" not in arg:
        return None
    return arg.split("=", 1)[0]


def _meminfo_total() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


_CGROUP_FILES = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")


def _cgroup_files(proc_cgroup: str = "/proc/self/cgroup") -> list[str]:
    """The memory-limit files of this process's control group and of its ancestors
    (cgroup v2 ``memory.max``, v1 ``memory.limit_in_bytes``)."""
    files = []
    try:
        lines = Path(proc_cgroup).read_text().splitlines()
    except OSError:
        lines = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        hierarchy, controllers, path = parts
        if hierarchy == "0" and controllers == "":
            base, name = Path("/sys/fs/cgroup"), "memory.max"
        elif "memory" in controllers.split(","):
            base, name = Path("/sys/fs/cgroup/memory"), "memory.limit_in_bytes"
        else:
            continue
        group = Path(path)
        for ancestor in (group, *group.parents):
            files.append(str(base / str(ancestor).lstrip("/") / name))
    return files


def _cgroup_limit(files=None) -> int | None:
    """The smallest memory limit of this process's control group and its ancestors (a
    container, a systemd unit's ``MemoryMax=``), if there is one."""
    limits = []
    for path in dict.fromkeys(files if files is not None else [*_cgroup_files(), *_CGROUP_FILES]):
        try:
            text = Path(path).read_text().strip()
        except OSError:
            continue
        if text.isdigit() and int(text) < 2**60:  # "max" (v2) or a huge number (v1): no limit
            limits.append(int(text))
    return min(limits) if limits else None


def machine_memory() -> int | None:
    """Bytes of memory this server may use: the machine's, or its control group's limit
    if that is smaller; None if unknown."""
    found = [m for m in (_meminfo_total(), _cgroup_limit()) if m]
    return min(found) if found else None


def default_max_kernels(memory: int | None, *, pool: int = 0, kernel_mib: float = KERNEL_MIB,
                        server_mib: float = SERVER_MIB, share: float = MEMORY_SHARE) -> int:
    """How many page kernels fit in ``memory`` bytes: ``share`` of it, less the server
    and the ``pool`` preheated kernels, divided by ``kernel_mib`` per kernel; at least
    :data:`MIN_KERNELS` (25, a class, when the memory is unknown).

    >>> default_max_kernels(4 * 2**30, pool=9)       # 4 GiB, the kit's 9 lessons preheated
    19
    >>> default_max_kernels(8 * 2**30, pool=9), default_max_kernels(8 * 2**30)
    (49, 58)
    >>> default_max_kernels(1 * 2**30, pool=9), default_max_kernels(None)
    (4, 25)
    """
    if not memory:
        return 25
    mib = memory / 2**20
    fits = int((mib * share - server_mib - pool * kernel_mib) // kernel_mib)
    return max(MIN_KERNELS, fits)


def preheated_notebooks(folder: str | os.PathLike, lang: str | None = None) -> int:
    """How many notebooks the server preheats in ``folder``: every ``.ipynb`` of the folder
    and of its subfolders (outside ``.ipynb_checkpoints``); with ``lang``, only those
    directly in that language's folder (see :func:`voila_argv`).

    >>> preheated_notebooks(lessons_dir(), "en") == preheated_notebooks(lessons_dir(), "it") == len(list_lessons())
    True
    """
    folder = Path(folder)
    if lang is not None:
        return len(list_lessons(folder if lang == "en" else folder / lang)) if (lang == "en" or (folder / lang).is_dir()) else 0
    return sum(1 for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def check_ip(ip: str) -> str:
    """``ip`` if this machine can listen on it, else a :class:`SetteKitError` that says so
    (at once, before anything starts).

    >>> check_ip("127.0.0.1")
    '127.0.0.1'
    >>> check_ip("999.1.1.1")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: --ip '999.1.1.1' is not an address this machine can listen on: give one of its addresses, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every network it is on; see docs/deploy.md)
    """
    text = str(ip).strip()
    problem = None
    try:
        infos = socket.getaddrinfo(text.strip("[]") or None, 0, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = infos[0]
        with socket.socket(family, kind, proto) as probe:
            probe.bind(address)
    except (OSError, UnicodeError, ValueError) as error:
        problem = error
    if problem is not None or not text:
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise SetteKitError(f"--ip {shown!r} is not an address this machine can listen on: give one of its "
                            "addresses, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every network it "
                            "is on; see docs/deploy.md)")
    return text


def _pool_size(config_dir: Path) -> int:
    import json

    try:
        conf = json.loads((config_dir / CONFIG_NAME).read_text())
        return int(conf.get("VoilaConfiguration", {}).get("default_pool_size", 1))
    except (OSError, ValueError, TypeError):
        return 1


def serve(directory: str | os.PathLike | None = None, *, port: int = DEFAULT_PORT,
          ip: str = DEFAULT_IP, lesson: str | None = None, open_browser: bool = True,
          preheat: bool | None = None, max_kernels: int | None = None, lang: str | None = None,
          max_kernels_per_client: int | None = None, teacher_key: str | None = None,
          class_db: str | os.PathLike | None = None,
          extra: list[str] | tuple[str, ...] = (), out=None) -> int:  # pragma: no cover - runs a server
    """Run Voilà on the lessons (or ``directory``) until interrupted; returns an exit code.

    Prints ``sette-kit serve: ready: <url>`` (the landing page, or ``lesson``, with the
    port Voilà really got) once the server listens and the landing page has been
    preheated, and opens that address in a browser unless ``open_browser`` is false.
    The teachers' notes need ``teacher_key`` (default: a new random one, printed at
    start in the address of the notes).  ``preheat`` defaults to true for the
    kit's lessons and false for a ``directory``; ``max_kernels`` defaults to
    :func:`default_max_kernels` of this machine.  ``lang`` (``en``, ``it``, ``es``;
    default ``$SETTE_KIT_LANG``, else English) opens the landing page (or ``lesson``) in
    that language and preheats that language's lessons.

    ``class_db`` (``--class``): a class in this room, kept in that SQLite file.  The
    class hub of ``sette-kit class`` runs in the same server (its dashboard, its API),
    every served lesson reports its learners' answers to it
    (:mod:`widgets.class_bridge`), and the server prints the ``teacher: `` and
    ``join: `` lines.
    """
    from ..i18n import LANG_ENV, LANGUAGES, _check

    out = out or sys.stdout
    lang = _check(lang if lang is not None else (os.environ.get(LANG_ENV, "").strip() or "en"))
    ip = check_ip(ip)
    teacher_key = teacher_key or secrets.token_urlsafe(24)
    config_dir = lessons_dir()
    folder = Path(directory).resolve() if directory is not None else config_dir
    if not folder.is_dir():
        raise SetteKitError(f"{str(directory)!r} is not a folder of notebooks")
    if not (config_dir / CONFIG_NAME).is_file():
        raise SetteKitError(f"the Voila configuration {config_dir / CONFIG_NAME} is missing")
    if max_kernels is not None and max_kernels < 1:
        raise SetteKitError(f"--max-kernels must be at least 1, not {max_kernels}")
    sub = language_folder(folder, lang)
    lessons = [sub + name for name in list_lessons(folder / sub)]
    target = sub + resolve_lesson(lesson, [n[len(sub):] for n in lessons]) if lesson else None
    if preheat is None:
        preheat = directory is None
    by_lang = lang if sub or directory is None else None
    pool = preheated_notebooks(folder, by_lang) * _pool_size(config_dir) if preheat else 0
    memory = machine_memory()
    computed = max_kernels is None
    if computed:
        max_kernels = default_max_kernels(memory, pool=pool)
    argv = voila_argv(folder, port=port, ip=ip, config_dir=config_dir, preheat=preheat,
                      max_kernels=max_kernels, lang=by_lang,
                      max_kernels_per_client=max_kernels_per_client, extra=extra)
    _find_voila_templates()
    _add_kit_template()

    from .webapp.app import KitVoila as _KitVoila  # heavy: only when actually serving

    hub = None
    if class_db is not None:
        hub = _class_hub(class_db, folder if directory is not None else None,
                         "/voila/render/" + quote(target or landing_page(lessons) or ""))

    class KitVoila(_KitVoila):
        """The kit's Voilà, announcing (and opening) the landing page once it is ready."""

        def launch_browser(self):  # called by listen() once the port is bound
            url = (lesson_url(target, port=self.port, ip=ip) if target
                   else landing_url(lessons, port=self.port, ip=ip))
            print(f"sette-kit serve: serving {folder}", file=out)
            if preheat:
                print(f"sette-kit serve: preheating: running the {pool} notebook(s) of the "
                      f"{LANGUAGES.get(by_lang, 'served') if by_lang else 'served'} lessons now, a few at a time, "
                      "before anyone visits (--no-preheat to turn it off)", file=out)
            why = (f"computed from {memory / 2**30:.1f} GiB of memory at {KERNEL_MIB} MiB per kernel"
                   if computed and memory else "--max-kernels" if not computed else "memory unknown")
            print(f"sette-kit serve: at most {max_kernels} pages at once ({why}); "
                  "beyond that a page says the class is full", file=out)
            found = sorted((folder / sub).glob("*.md"), key=lambda f: (f.name != "TEACHERS.md", f.name))
            notes = sub + found[0].name if found else None
            if notes:
                print(f"{TEACHERS_LINE}{_notes_url(notes, self.port, ip)}?key={teacher_key} "
                      "(for you only: it holds every answer)", file=out)
            if hub is not None:
                host = lan_address() if ip in ("0.0.0.0", "", "::") else ip
                hub.join_base = f"http://{_host(host)}:{self.port}"
                print(f"teacher: {hub.join_base}/class/teacher#{hub.secret}", file=out)
                print(f"join: {hub.join_url()}", file=out)
                print(f"sette-kit serve: class code {hub.code} (answers kept in {class_db})", file=out)
            print("sette-kit serve: press Ctrl-C to stop", file=out, flush=True)
            from tornado.ioloop import IOLoop

            IOLoop.current().add_callback(self._announce, url)

        async def _announce(self, url):
            landing = target or landing_page(lessons)
            if preheat and landing:
                await self.kernel_manager.wait_preheated(landing, READY_WAIT_S)
            print(f"{READY}{url}", file=out, flush=True)
            if open_browser:
                threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    KitVoila.teacher_key = teacher_key
    if hub is not None:
        from .classroom.hub import routes
        from .webapp.app import ClassLessonHandler

        KitVoila.class_routes = [*routes(hub), (r"/class/lesson/(\d\d)", ClassLessonHandler,
                                               {"pages": class_lesson_pages(folder), "base": "/"})]
    app = KitVoila.instance()  # the Application instance: the handlers log to its log
    app.initialize(argv)
    # listen() calls launch_browser() only when open_browser is set: ours announces the
    # landing page and opens a browser only if asked
    app.open_browser = True
    try:
        app.start()
    finally:
        if hub is not None:
            hub.store.close()
    return 0


def _class_hub(db, lessons, join_page: str):
    """The class hub of ``serve --class`` on the file ``db``; its kernels report to it
    (:data:`~sette_kit.classroom.link.CLASS_ENV`, inherited by every kernel)."""
    from ..classroom import link
    from .classroom.hub import open_hub

    hub = open_hub(db, lessons=lessons, join_page=join_page)
    os.environ[link.CLASS_ENV] = "1"
    return hub


#: The Jupyter data folder that holds the kit's Voilà template, ``sette-kit``:
#: ``nbconvert/templates/sette-kit/`` inside it (Voilà looks for templates under both
#: ``voila/templates`` and ``nbconvert/templates``; under ``nbconvert`` the folder is not
#: taken for Voilà's own data folder).  ``voila.json`` names the template.
KIT_TEMPLATE_ROOT = Path(__file__).resolve().parent / "webapp" / "voila_template"
KIT_TEMPLATE = "sette-kit"


def _add_kit_template() -> None:
    """Put :data:`KIT_TEMPLATE_ROOT` first on ``JUPYTER_PATH`` (once), so that Voilà finds
    the kit's template and serves the static files of the templates it builds on."""
    root = str(KIT_TEMPLATE_ROOT)
    old = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if root not in old:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([root, *old])


def _find_voila_templates() -> None:
    """Make Voilà's page templates findable when Python runs in a virtual environment
    made with ``--system-site-packages``: Voilà is then imported from the base
    installation, whose ``share/jupyter`` holds the templates, while Jupyter only looks
    in the environment's own.  Adds that folder to ``JUPYTER_PATH`` if it is needed."""
    from jupyter_core.paths import jupyter_path

    def has_templates(folder) -> bool:
        return (Path(folder) / "voila" / "templates" / "lab").is_dir()

    if any(has_templates(p) for p in jupyter_path()):
        return
    for prefix in (sys.base_prefix, sys.exec_prefix):
        candidate = Path(prefix) / "share" / "jupyter"
        if has_templates(candidate):
            old = os.environ.get("JUPYTER_PATH")
            os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(candidate), old]))
            return
