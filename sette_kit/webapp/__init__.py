"""Facade: the web app on Voilà moved to :mod:`sette_kit.app.webapp` (delivery); this old path is that module."""

from sette_kit.app._facade import alias

alias(__name__, "sette_kit.app.webapp")
