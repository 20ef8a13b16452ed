"""Facade: the Voilà server's front (``sette-kit serve``) moved to :mod:`sette_kit.app.serve` (delivery); this old path is that module."""

from sette_kit.app._facade import alias

alias(__name__, "sette_kit.app.serve")
