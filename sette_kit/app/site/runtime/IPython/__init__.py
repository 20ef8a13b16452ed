"""A stand-in for IPython in the static site's browser runtime (not IPython itself).

ipywidgets and the kit need only ``get_ipython()`` (the running shell: its ``kernel``,
``showtraceback``, ``get_parent``), ``IPython.display`` and
``IPython.core.interactiveshell.InteractiveShell``; see ``README.md`` beside this
package.  Real IPython's ``__init__`` imports its terminal stack (prompt_toolkit,
pygments, jedi), which an app-mode page never uses.
"""

__version__ = "0+sette-kit-stand-in"
version_info = (0, 0, 0, "sette-kit-stand-in")


def get_ipython():
    """The browser runtime's shell (:class:`sette_kit_runtime.Runtime`), or None."""
    import sette_kit_runtime

    return sette_kit_runtime.current()


def display(*objs, **kwargs):
    from .display import display as _display

    return _display(*objs, **kwargs)


__all__ = ["get_ipython", "display", "__version__"]
