"""``sette-kit class [--site DIR] [--ip ADDR] [--port N] [--db FILE] [--no-browser]``

One process for a class in one room: the class hub
(:mod:`sette_kit.classroom.hub`: learners join, their answers go to the teacher's
dashboard) and, beside it, the static site of ``sette-kit build-site`` (the lessons run
in each learner's browser, so no Python kernel runs here).  It prints two lines,
``teacher: <address>#<secret>`` and ``join: <address>?class=<code>``, and stops cleanly on
Ctrl-C or SIGTERM.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT_PORT = 8870


def default_site() -> Path:
    """Where ``sette-kit class`` looks for the site when no ``--site`` is given."""
    from ..site import default_cache

    return default_cache().parent / "class-site"


def default_db() -> Path:
    from ..site import default_cache

    return default_cache().parent / "class.db"


def add_parser(sub) -> None:
    p = sub.add_parser(
        "class", help="run a class: the lessons for the room's devices and the teacher's dashboard",
        description="Serve the lessons (the static site of `sette-kit build-site`, run in each "
                    "learner's browser) and the class hub: learners join with a class code and "
                    "their predictions and exercise answers reach the teacher's dashboard. "
                    "Prints 'teacher: <address>' (the dashboard; it holds the teacher's secret, "
                    "keep it to yourself) and 'join: <address>' (for the learners). Ctrl-C stops it; "
                    "started again on the same --db it goes on with the same class.")
    p.add_argument("--site", default=None, metavar="DIR",
                   help=f"the built site to serve (default {default_site()}, if it was built there)")
    p.add_argument("--ip", default="0.0.0.0",
                   help="address to listen on (default 0.0.0.0: every network this machine is on, "
                        "so the room's devices can reach it)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    p.add_argument("--db", default=None, metavar="FILE",
                   help=f"the class's SQLite file (default {default_db()})")
    p.add_argument("--no-browser", action="store_true", help="do not open the dashboard in a web browser")
    p.set_defaults(run=run)


def run(args) -> int:
    import asyncio
    import signal
    import sys
    import webbrowser

    import tornado.httpserver
    import tornado.netutil

    from ..classroom.hub import MAX_BODY, application, open_hub
    from ...errors import SetteKitError
    from ..serve import check_ip, lan_address

    if not 0 <= args.port < 65536:
        raise SetteKitError(f"--port must be between 0 and 65535, not {args.port}")
    ip = check_ip(args.ip)
    site = Path(args.site).expanduser() if args.site else default_site()
    if args.site and not (site / "index.html").is_file():
        raise SetteKitError(f"--site {args.site}: no index.html there; accepted a folder made by "
                            "`sette-kit build-site DIR`")
    has_site = (site / "index.html").is_file()
    db = Path(args.db).expanduser() if args.db else default_db()
    hub = open_hub(db)
    app = application(hub, site if has_site else None)
    try:
        sockets = tornado.netutil.bind_sockets(args.port, ip or None)
    except OSError as exc:
        hub.store.close()
        raise SetteKitError(f"--port {args.port} on {ip}: cannot listen there ({exc.strerror or exc}); "
                            "give another --port, or 0 for a free one") from None
    port = sockets[0].getsockname()[1]
    host = lan_address() if ip in ("0.0.0.0", "", "::") else ip
    if ":" in host:
        host = f"[{host}]"
    base = f"http://{host}:{port}"
    hub.join_base = base
    if not has_site:
        print(f"no site to serve yet: build it once with `sette-kit build-site {default_site()}` "
              "(or give --site DIR); the class hub runs without it.", flush=True)
    print(f"teacher: {base}/class/teacher#{hub.secret}", flush=True)
    print(f"join: {hub.join_url()}", flush=True)
    print(f"class code: {hub.code} (data in {db}; Ctrl-C stops)", flush=True)

    async def main() -> None:
        server = tornado.httpserver.HTTPServer(app, max_body_size=MAX_BODY * 2, xheaders=False)
        server.add_sockets(sockets)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):  # pragma: no cover - Windows
                signal.signal(sig, lambda *_a: loop.call_soon_threadsafe(stop.set))
        if not args.no_browser:
            loop.call_later(0.2, webbrowser.open, f"http://127.0.0.1:{port}/class/teacher#{hub.secret}"
                            if ip in ("0.0.0.0", "", "127.0.0.1") else f"{base}/class/teacher#{hub.secret}")
        await stop.wait()
        server.stop()
        await asyncio.wait_for(server.close_all_connections(), timeout=2)

    try:
        asyncio.run(main())
    except (KeyboardInterrupt, asyncio.TimeoutError):
        pass
    finally:
        hub.store.close()
    print("class hub stopped; the class's answers are kept in", db, file=sys.stderr, flush=True)
    return 0


def read_addresses(lines) -> dict[str, str]:
    """What ``sette-kit class`` prints before it serves, read from its output ``lines``
    (an iterable of lines, e.g. a subprocess's stdout): ``{"teacher": ..., "join": ...}``
    and any other ``key: value`` line before ``join:``.  Stops at the ``join:`` line, so
    the rest of the output is left to the caller."""
    found = {}
    for line in lines:
        key, _, value = line.partition(": ")
        found[key] = value.strip()
        if key == "join":
            break
    return found
