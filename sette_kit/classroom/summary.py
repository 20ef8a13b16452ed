"""Facade: moved to :mod:`sette_kit.app.classroom.summary` (the class hub's server side); this old path is that module."""

from sette_kit.app._facade import alias

alias(__name__, "sette_kit.app.classroom.summary")
