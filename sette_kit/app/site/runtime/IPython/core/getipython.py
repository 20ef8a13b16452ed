"""Stand-in for ``IPython.core.getipython``."""

from IPython import get_ipython  # noqa: F401
