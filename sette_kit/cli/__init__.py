"""Facade: the ``sette-kit`` command moved to :mod:`sette_kit.app.cli` (delivery); this old path is that module."""

from sette_kit.app._facade import alias

alias(__name__, "sette_kit.app.cli")
