"""Markdown and notebook titles, one way for both channels: the served app
(:mod:`sette_kit.app.webapp`) and the static site (:mod:`sette_kit.app.site`) render the
lessons' Markdown (notebook cells, ``TEACHERS.md``, ``STYLE.md``) with :func:`markdown_html`
and title their pages with :func:`page_title` / :func:`markdown_title`.

>>> page_title({"cells": [{"cell_type": "markdown", "source": "# Lesson 1 · Cards\\ntext"}]}, "x")
'Lesson 1 · Cards'
>>> markdown_title("intro\\n# sette-kit · Notes for *teachers*\\n", "TEACHERS")
'sette-kit · Notes for teachers'
"""

from __future__ import annotations

import re

from ..teach.course import notebook_title

__all__ = ["markdown_html", "markdown_title", "page_title", "cell_source"]

_COMMENT = re.compile(r"<!--.*?-->\n?", re.S)


def markdown_html(text: str, *, raw_html: bool = True) -> str:
    """Markdown to HTML as Jupyter renders a notebook's Markdown (nbconvert's mistune:
    tables, strikethrough, math left for the page, raw HTML such as ``<details>`` kept:
    the lessons' authors write it), with the authors' HTML comments dropped.  Headings
    are plain (no pilcrow anchor inside them: a heading's accessible name is its words).
    ``raw_html=False``: raw HTML is shown as text, for a page a server renders from the
    folder it serves (a Markdown file there is not the kit's own).

    >>> html = markdown_html("# Notes\\n<!-- lesson 0 -->\\n\\n| a | b |\\n| --- | --- |\\n| 1 | 2 |")
    >>> "<table>" in html, "lesson 0" in html
    (True, False)
    >>> "<details>" in markdown_html("<details><summary>Answer</summary>\\n\\n7½\\n\\n</details>")
    True
    >>> markdown_html("# Notes for teachers")
    '<h1>Notes for teachers</h1>\\n'
    >>> markdown_html("<script>x</script>", raw_html=False)
    '<p>&lt;script&gt;x&lt;/script&gt;</p>\\n'
    """
    from nbconvert.filters.markdown_mistune import IPythonRenderer, MarkdownWithMath

    renderer = IPythonRenderer(escape=not raw_html, exclude_anchor_links=True)
    return MarkdownWithMath(renderer=renderer).render(_COMMENT.sub("", text))


def cell_source(cell: dict) -> str:
    """A notebook cell's source as one string."""
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def page_title(nb: dict, fallback: str) -> str:
    """The notebook's ``title`` metadata (stamped from the course catalogue by
    ``lessons/_build.py``), else its first Markdown heading, else ``fallback``."""
    return notebook_title(nb, fallback)


def markdown_title(text: str, fallback: str) -> str:
    """A Markdown file's title: its first heading (marks dropped), else ``fallback``."""
    return page_title({"cells": [{"cell_type": "markdown", "source": text}]}, fallback)
