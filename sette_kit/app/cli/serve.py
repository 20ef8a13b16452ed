"""``sette-kit serve [--port 8866] [--ip 127.0.0.1] [--lesson NAME] [--lang it] [--no-browser]
[--dir FOLDER] [--preheat | --no-preheat] [--max-kernels N] [--max-kernels-per-client N]
[--class [--db FILE]]``

Starts Voilà on the lessons with the kit's configuration (``lessons/voila.json``),
prints the landing page's address when it is ready and opens it.  See :mod:`sette_kit.serve`.
"""

from __future__ import annotations

import argparse


from ._args import whole


def add_parser(sub) -> None:
    from ..serve import KERNEL_MIB

    p = sub.add_parser(
        "serve", help="serve the lessons as web apps (Voila) and open the landing page",
        description="Serve the lessons as interactive web apps with Voila, using the kit's "
                    "configuration (lessons/voila.json: sources and tracebacks hidden, an "
                    "execution timeout, idle kernels culled, preheated kernels). When it is "
                    "ready it prints one line, 'ready: <address>', the landing page "
                    "(00-start-here), and opens it; the teachers' notes (every answer) have an "
                    "address of their own, with a key, printed at start. Every page gets "
                    "a kernel of its own; a page that is left ends its kernel, a page no "
                    "browser is connected to loses it after a minute. Ctrl-C stops it. Arguments after `--` are "
                    "passed to Voila unchanged, e.g. "
                    "`sette-kit serve -- --VoilaConfiguration.theme=dark`.")
    p.add_argument("--port", type=whole, default=8866,
                   help="port to listen on (default 8866; the next free one if taken)")
    p.add_argument("--ip", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1, this machine only; "
                        "see docs/deploy.md before opening it to a network)")
    p.add_argument("--lesson", metavar="NAME", default=None,
                   help="open this lesson instead of the landing page: a number (03), a file "
                        "name (03-playing-a-round[.ipynb]) or a title (playing-a-round)")
    p.add_argument("--lang", default=None, metavar="LANG",
                   help="the language of the lessons to open and preheat: en (English), it "
                        "(Italiano) or es (Español); default $SETTE_KIT_LANG, else en. Every "
                        "lesson links to itself in the other languages")
    p.add_argument("--no-browser", action="store_true",
                   help="do not open a web browser, only print the address")
    p.add_argument("--dir", default=None, metavar="FOLDER",
                   help="serve the notebooks of FOLDER instead of the kit's lessons, with the "
                        "kit's configuration (for lesson authors). A notebook runs when "
                        "someone opens its page; nothing runs at start-up unless you add "
                        "--preheat")
    p.add_argument("--preheat", action=argparse.BooleanOptionalAction, default=None,
                   help="preheating RUNS EVERY NOTEBOOK of the served folder and its "
                        "subfolders when the server starts, before anyone visits, so the "
                        "first visitor of each page gets it about twice as fast. Default: on "
                        "for the kit's lessons, off with --dir")
    p.add_argument("--max-kernels", type=whole, default=None, metavar="N",
                   help="at most N pages (kernels) at once; beyond that a page says 'the class "
                        "is full, try again in a minute' (HTTP 503). Default: what this "
                        f"machine's memory holds at about {KERNEL_MIB} MiB per kernel (printed "
                        "at start)")
    p.add_argument("--max-kernels-per-client", type=whole, default=None, metavar="N",
                   help="at most N pages at once from one device (client address), so no one "
                        "learner fills the class; default 4")
    p.add_argument("--class", dest="in_class", action="store_true",
                   help="run a class with the served lessons: the class hub of `sette-kit class` "
                        "runs in the same server, the learners' answers reach the teacher's "
                        "dashboard, and two lines are printed, 'teacher: <address>' (the "
                        "dashboard; it holds the teacher's secret) and 'join: <address>' (for "
                        "the learners). `sette-kit class` needs no kernel on this machine and is "
                        "the lighter way to run a class; this one runs every page on this machine")
    p.add_argument("--db", default=None, metavar="FILE",
                   help="with --class: the class's SQLite file (default: the one `sette-kit class` uses)")
    p.add_argument("voila_args", nargs="*", metavar="-- VOILA_ARGS",
                   help="extra arguments for Voila, after `--`")
    p.set_defaults(run=run)


def run(args) -> int:
    from ...errors import SetteKitError
    from ..serve import serve

    if not 0 < args.port < 65536:
        raise SetteKitError(f"--port must be between 1 and 65535, not {args.port}")
    from ..serve import check_ip

    if args.max_kernels is not None and not 1 <= args.max_kernels <= 100_000:
        raise SetteKitError(f"--max-kernels must be a whole number from 1 to 100000, "
                            f"not {args.max_kernels}")
    if args.max_kernels_per_client is not None and not 1 <= args.max_kernels_per_client <= 1000:
        raise SetteKitError(f"--max-kernels-per-client must be a whole number from 1 to 1000, "
                            f"not {args.max_kernels_per_client}")
    if args.lang is not None and not args.lang.strip():
        raise SetteKitError("--lang needs a language: en (English), it (Italiano) or es (Español)")
    check_ip(args.ip)
    if args.db is not None and not args.in_class:
        raise SetteKitError("--db keeps a class's answers: give it with --class")
    class_db = None
    if args.in_class:
        from .class_ import default_db

        class_db = args.db or default_db()
    return serve(args.dir, port=args.port, ip=args.ip, lesson=args.lesson,
                 open_browser=not args.no_browser, preheat=args.preheat,
                 max_kernels=args.max_kernels, lang=args.lang,
                 max_kernels_per_client=args.max_kernels_per_client, class_db=class_db,
                 extra=list(args.voila_args))
