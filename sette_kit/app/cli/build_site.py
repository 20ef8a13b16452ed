"""``sette-kit build-site OUT [--dir FOLDER] [--title TITLE] [--teachers-notes]``

Publishes the lessons (or the notebooks of FOLDER) as a static website that runs in
the browser on Pyodide: app-mode pages with live widgets, a link from each page to the
editable notebook in JupyterLite.  See :mod:`sette_kit.site` and docs/publish.md.
"""

from __future__ import annotations


def add_parser(sub) -> None:
    p = sub.add_parser(
        "build-site", help="publish the lessons as a static website that runs in the browser",
        description="Build a folder of plain files that any static web server can serve "
                    "(GitHub Pages, a school's web server, `python -m http.server`): every "
                    "notebook becomes a page that runs in the learner's browser on Pyodide, "
                    "showing its text, outputs and live widgets but not its code, with a link "
                    "to the editable notebook (JupyterLite). The pages fetch nothing but the "
                    "site's own files. Needs Node.js with npm and `pip install "
                    "'sette-kit[site]'`; the packages are fetched from npm and PyPI and cached "
                    "in ~/.cache/sette-kit/site. See docs/publish.md.")
    p.add_argument("out", metavar="OUT",
                   help="the folder to write (new or empty, or a site built before: replaced)")
    p.add_argument("--dir", default=None, metavar="FOLDER",
                   help="publish the notebooks of FOLDER instead of the kit's lessons "
                        "(00-start-here.ipynb, or else the first notebook, is the landing page)")
    p.add_argument("--title", default=None,
                   help="the site's title, shown on every page (default: 'Sette e mezzo: lessons')")
    p.add_argument("--teachers-notes", action="store_true",
                   help="publish the teachers' notes (TEACHERS.md, with every answer) and the "
                        "authors' STYLE.md too; a learners' site leaves them out and its landing "
                        "page says where teachers find them")
    p.add_argument("--cache", default=None, metavar="FOLDER",
                   help="where downloaded packages are kept (default ~/.cache/sette-kit/site, "
                        "or $SETTE_KIT_SITE_CACHE)")
    p.set_defaults(run=run)


def run(args) -> int:
    import sys

    from ..site import build_site

    def log(text: str) -> None:
        print(f"build-site: {text}", file=sys.stderr, flush=True)

    report = build_site(args.out, args.dir, title=args.title, cache=args.cache, log=log,
                        teachers_notes=args.teachers_notes)
    print(report.summary())
    print(f"serve it with any static web server, e.g. "
          f"`python -m http.server -d {report.out}` and open http://localhost:8000/")
    return 0
