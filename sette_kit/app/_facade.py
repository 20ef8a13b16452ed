"""Old import paths as facades: ``sette_kit.serve`` *is* ``sette_kit.app.serve``.

A facade module calls :func:`alias` with its old name and the new one: the old name in
``sys.modules`` then holds the new module itself (not a copy), so ``monkeypatch`` on the
old name patches the module that runs, and ``import sette_kit.site._pages`` gives
``sette_kit.app.site._pages`` (a finder maps every submodule of an aliased package).

>>> import sette_kit.serve, sette_kit.app.serve
>>> sette_kit.serve is sette_kit.app.serve
True
>>> import sette_kit.site._pages, sette_kit.app.site._pages
>>> sette_kit.site._pages is sette_kit.app.site._pages
True

``python -m`` on an old path runs the moved module's code (``python -m sette_kit.cli``
runs ``sette_kit/app/cli/__main__.py``).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``old.x.y`` as the module ``new.x.y`` (imported once, under its new name)."""

    def __init__(self, old: str, new: str):
        self.old, self.new = old, new

    def find_spec(self, name, path=None, target=None):
        if name.startswith(self.old + "."):
            return importlib.util.spec_from_loader(name, self)
        return None

    def create_module(self, spec):
        # module_from_spec keeps the real module's own __name__, __spec__, __file__
        return importlib.import_module(self.new + spec.name[len(self.old):])

    def exec_module(self, module):
        pass  # already run, under its new name

    def get_code(self, name):
        """The code of ``new.<sub>`` (``python -m sette_kit.cli`` runs its ``__main__``)."""
        real = self.new + name[len(self.old):]
        return importlib.util.find_spec(real).loader.get_code(real)


def alias(old: str, new: str) -> None:
    """Make the module ``old`` (the caller, being imported) the module ``new``, and
    every ``old.<sub>`` the module ``new.<sub>``.  Run as a program (``python -m`` on the
    old path: ``old`` is ``"__main__"``), it runs ``new`` as the program instead."""
    if old == "__main__":
        import runpy

        runpy.run_module(new, run_name="__main__", alter_sys=True)
        return
    module = importlib.import_module(new)
    if hasattr(module, "__path__") and not any(isinstance(f, _Finder) and f.old == old for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder(old, new))
    sys.modules[old] = module
