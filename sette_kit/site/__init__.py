"""Facade: the static site's builder (``sette-kit build-site``) moved to :mod:`sette_kit.app.site` (delivery); this old path is that module."""

from sette_kit.app._facade import alias

alias(__name__, "sette_kit.app.site")
