"""Delivery: the web app, the static site, the CLI and the class hub.

- :mod:`sette_kit.app.serve` and :mod:`sette_kit.app.webapp` - ``sette-kit serve``: the
  lessons as web apps on Voilà;
- :mod:`sette_kit.app.site` - ``sette-kit build-site``: the lessons as a static site
  (Pyodide, JupyterLite);
- :mod:`sette_kit.app.cli` - the ``sette-kit`` command;
- :mod:`sette_kit.app.classroom` - the class hub's server side (``sette-kit class``);
- :mod:`sette_kit.app.markdown` - Markdown pages and notebook titles, for both channels;
- :mod:`sette_kit.app.kit_lessons` - where the kit's own lessons are;
- :mod:`sette_kit.app.testing` - a served kit in a subprocess, for tests and benchmarks.

Delivery stands beside the views (:mod:`widgets`) and above the rules: it may import
both, and no rules module imports it (``tests/test_layers.py`` checks).  The old import
paths (``sette_kit.serve``, ``sette_kit.cli``, ``sette_kit.webapp``, ``sette_kit.site``,
``sette_kit.classroom.hub`` ...) are facades over these modules (:mod:`._facade`).
"""
