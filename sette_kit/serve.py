"""Facade: the Voilà server's front (``sette-kit serve``) moved to :mod:`sette_kit.app.serve`
(delivery); this old path is that module, with the test harness of
:mod:`sette_kit.app.testing` (``Server``, ``free_port``, ``descendants``, ``rss_bytes``)
under its old names."""

from sette_kit.app import serve as _serve
from sette_kit.app import testing as _testing
from sette_kit.app._facade import alias

for _name in _testing.__all__:
    setattr(_serve, _name, getattr(_testing, _name))
alias(__name__, "sette_kit.app.serve")
