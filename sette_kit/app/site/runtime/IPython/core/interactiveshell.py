"""Stand-in for ``IPython.core.interactiveshell``: ipywidgets' Output widget formats
objects with ``InteractiveShell.instance().display_formatter.format(obj)``."""


class InteractiveShell:
    @classmethod
    def instance(cls):
        import sette_kit_runtime

        shell = sette_kit_runtime.current()
        if shell is None:
            raise RuntimeError("the sette-kit browser runtime has not started")
        return shell

    @classmethod
    def initialized(cls):
        import sette_kit_runtime

        return sette_kit_runtime.current() is not None
