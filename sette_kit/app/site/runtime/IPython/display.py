"""Stand-in for ``IPython.display``: what the lessons, the kit and ipywidgets use.

``display(obj)`` sends ``obj``'s rich representation (``_repr_mimebundle_``,
``_repr_html_``... and ``text/plain``) to the page as a ``display_data`` message of the
cell being run; ``clear_output(wait)`` clears that cell's outputs.
"""

import sette_kit_runtime as _rt


def display(*objs, include=None, exclude=None, metadata=None, raw=False, **kwargs):
    shell = _rt.current()
    for obj in objs:
        if shell is None:  # no runtime (never on the site): print as Python would
            print(repr(obj))
            continue
        if raw:
            data, md = obj, dict(metadata or {})
        else:
            data, md = _rt.format_object(obj, include=include, exclude=exclude)
            md.update(metadata or {})
        if data:
            shell.send("display_data", {"data": data, "metadata": md, "transient": {}})


def clear_output(wait=False):
    shell = _rt.current()
    if shell is not None:
        shell.send("clear_output", {"wait": bool(wait)})


class DisplayObject:
    """An object shown by its data in one format (``HTML(text)``, ``Markdown(text)``)."""

    mime = "text/plain"

    def __init__(self, data=None, url=None, filename=None, metadata=None):
        if data is None and filename is not None:
            with open(filename, encoding="utf-8") as f:
                data = f.read()
        self.data = data if data is not None else ""
        self.metadata = metadata or {}

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__name__} object>"

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {self.mime: self.data}, ({self.mime: self.metadata} if self.metadata else {})


class HTML(DisplayObject):
    mime = "text/html"

    def _repr_html_(self):
        return self.data


class Markdown(DisplayObject):
    mime = "text/markdown"

    def _repr_markdown_(self):
        return self.data


class Pretty(DisplayObject):
    mime = "text/plain"


__all__ = ["display", "clear_output", "DisplayObject", "HTML", "Markdown", "Pretty"]
