"""Stand-in for ``IPython.core``: see ``IPython/__init__.py``."""
