"""The base every widget of the kit builds on, and the conventions they share.

Pattern (composition): a widget is a plain Python object that *owns* an ipywidgets tree.

- ``w.view`` is the root ``ipywidgets.VBox``.  ``w`` itself displays as that root
  (``_repr_mimebundle_`` delegates), so ``display(w)`` and ``w`` as the last expression of
  a cell both work in JupyterLab and in Voilà.
- The root carries the CSS classes ``sk-widget`` and ``sk-<kebab-name>`` (``ScoreTrainer``
  -> ``sk-score-trainer``); browser tests find widgets by them.
- ``w.message`` is an ``ipywidgets.HTML`` with class ``sk-message``: the one place where
  short errors and notes appear (:meth:`KitWidget.show_message`).  Learner text is always
  escaped (:func:`esc`) before it goes into HTML.
- Every user action is a public method (``deal()``, ``check(answer)``...) decorated with
  :func:`safe_action`: a :class:`~sette_kit.errors.SetteKitError` becomes a short message,
  any other exception is logged (logger ``"widgets"``) and shown as a one-line apology,
  never a traceback.  Buttons and text boxes only call these methods, so ``.click()``
  and ``.value = ...`` drive a widget headless exactly like a person does.
- Buttons: :func:`button` (clear description, tooltip, ``sk-<name>`` class).  Text boxes:
  :func:`text_box` submits on Enter (``continuous_update=False`` plus an observer, since
  ``on_submit`` is deprecated); empty values are ignored.
- No game logic here or in any widget: state lives in :mod:`sette_kit` objects.

A minimal widget::

    class Hello(KitWidget):
        def __init__(self):
            super().__init__()
            self.out = ipywidgets.HTML()
            self.box = text_box("Your name", self.greet, css="sk-hello-name")
            self.set_children([self.box, self.out])

        @safe_action
        def greet(self, name):
            if not name.strip():
                raise SetteKitError("type a name")
            self.out.value = f"Hello {esc(name)}"

>>> import ipywidgets
>>> from sette_kit import SetteKitError
>>> class Demo(KitWidget):
...     def __init__(self):
...         super().__init__()
...         self.out = ipywidgets.HTML()
...         self.set_children([self.out])
...     @safe_action
...     def shout(self, text):
...         if not text:
...             raise SetteKitError("nothing to shout <here>")
...         self.out.value = esc(text).upper()
...         return True
>>> d = Demo()
>>> sorted(d.view._dom_classes)
['sk-demo', 'sk-widget']
>>> d.shout("<b>hi</b>"), d.out.value
(True, '&LT;B&GT;HI&LT;/B&GT;')
>>> d.shout(""), d.message.value
(None, '<span class="sk-error" role="alert">nothing to shout &lt;here&gt;</span>')
"""

from __future__ import annotations

import contextlib
import functools
import html
import logging
import re
from typing import Any, Callable, Iterable

import ipywidgets

from sette_kit.errors import SetteKitError

__all__ = ["KitWidget", "safe_action", "esc", "kebab", "button", "text_box", "lines_html", "LOG"]

LOG = logging.getLogger("widgets")

UNEXPECTED = "Something went wrong with that request; nothing was changed. Please try again."


def esc(text: Any) -> str:
    """Escape any learner-visible text for HTML (quotes too).

    >>> esc('<script>alert("x")</script>')
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'
    """
    return html.escape(str(text), quote=True)


def kebab(name: str) -> str:
    """'ScoreTrainer' -> 'score-trainer' (for the ``sk-<name>`` CSS class).

    >>> kebab("ScoreTrainer"), kebab("OddsLab"), kebab("Quiz")
    ('score-trainer', 'odds-lab', 'quiz')
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


def lines_html(text: str, css: str = "sk-lines") -> str:
    """Several lines of plain text as an escaped HTML list (for explanations).

    >>> lines_html("a < b\\nc")
    '<ol class="sk-lines"><li>a &lt; b</li><li>c</li></ol>'
    """
    items = "".join(f"<li>{esc(line)}</li>" for line in str(text).splitlines() if line.strip())
    return f'<ol class="{css}">{items}</ol>'


def safe_action(method: Callable | None = None, *, default: Any = None):
    """Decorate a widget method so no exception ever reaches the learner.

    Before the call the message area is cleared; a :class:`SetteKitError` becomes its
    (escaped) message; anything else is logged with its traceback and replaced by a
    short apology.  On failure the method returns ``default``.  Use as ``@safe_action``
    or ``@safe_action(default=False)``.
    """
    if method is None:
        return lambda m: safe_action(m, default=default)

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        self.clear_message()
        try:
            return method(self, *args, **kwargs)
        except SetteKitError as e:
            self.show_message(str(e), kind="error")
        except Exception:  # noqa: BLE001 - the whole point: never show a traceback
            LOG.exception("%s.%s failed", type(self).__name__, method.__name__)
            self.show_message(UNEXPECTED, kind="error")
        return default

    wrapper.safe_action = True
    return wrapper


def button(description: str, on_click: Callable[[], Any], tooltip: str = "", css: str | None = None,
           icon: str = "", style: str = "") -> ipywidgets.Button:
    """A button that calls ``on_click()`` (no arguments) when clicked.

    >>> calls = []
    >>> b = button("Deal", lambda: calls.append(1), tooltip="Deal a new hand", css="sk-deal")
    >>> b.click(); calls, b.tooltip, b._dom_classes
    ([1], 'Deal a new hand', ('sk-deal',))
    """
    b = ipywidgets.Button(description=description, tooltip=tooltip or description, icon=icon,
                          button_style=style)
    if css:
        b.add_class(css)
    b.on_click(lambda _b: on_click())
    return b


def text_box(placeholder: str, on_submit: Callable[[str], Any], description: str = "", css: str | None = None,
             width: str = "22em") -> ipywidgets.Text:
    """A text box that calls ``on_submit(text)`` when the learner presses Enter
    (``continuous_update=False``: the value is sent on Enter or on leaving the box).
    Setting ``.value`` headless submits too; an empty value is ignored.

    >>> seen = []
    >>> t = text_box("e.g. 7c Rd", seen.append)
    >>> t.value = "7c"; t.value = ""; seen
    ['7c']
    """
    t = ipywidgets.Text(placeholder=placeholder, description=description, continuous_update=False,
                        layout=ipywidgets.Layout(width=width))
    if css:
        t.add_class(css)

    def _changed(change):
        if str(change["new"]).strip():
            on_submit(change["new"])

    t.observe(_changed, names="value")
    return t


class KitWidget:
    """Base class: owns the root ``VBox`` (``.view``) and the message area (``.message``).

    Subclasses call ``super().__init__()`` first, build their controls, then
    :meth:`set_children`.  The message area is always the last child.
    """

    #: the CSS name; default: kebab-case of the class name
    css_name: str | None = None

    def __init__(self) -> None:
        self.message = ipywidgets.HTML(value="")
        self.message.add_class("sk-message")
        self.view = ipywidgets.VBox([self.message])
        self.view.add_class("sk-widget")
        self.view.add_class(f"sk-{self.css_name or kebab(type(self).__name__)}")

    # -- display ---------------------------------------------------------------------
    def set_children(self, children: Iterable[ipywidgets.Widget]) -> None:
        """Put ``children`` in the root, followed by the message area (unless the
        subclass placed ``self.message`` itself, e.g. right under a text box)."""
        children = tuple(children)
        self.view.children = children if any(c is self.message for c in children) else children + (self.message,)

    def _repr_mimebundle_(self, **kwargs):
        return self.view._repr_mimebundle_(**kwargs)

    # -- messages --------------------------------------------------------------------
    def show_message(self, text: str, kind: str = "info") -> None:
        """Show a short message (escaped); ``kind`` is 'info' or 'error' (role=alert)."""
        role = ' role="alert"' if kind == "error" else ' role="status"'
        self.message.value = f'<span class="sk-{"error" if kind == "error" else "info"}"{role}>{esc(text)}</span>'

    def clear_message(self) -> None:
        self.message.value = ""

    # -- setting controls from code -------------------------------------------------
    #: True while the widget itself sets a control's value (observers then do nothing)
    _syncing = False

    @contextlib.contextmanager
    def _quiet(self):
        """``with self._quiet():`` set controls from code without their observers acting."""
        self._syncing = True
        try:
            yield
        finally:
            self._syncing = False

    def _set_quiet(self, widget: ipywidgets.Widget, value: Any) -> None:
        """Show ``value`` in ``widget`` without its observer calling the action back."""
        with self._quiet():
            widget.value = value

    def _quietly(self, action: Callable[[Any], Any], value: Any) -> None:
        """For observers: ``action(value)``, unless the widget itself set the value."""
        if not self._syncing:
            action(value)

    @property
    def message_text(self) -> str:
        """The message as plain text (tags stripped, entities decoded): handy in tests."""
        return html.unescape(re.sub(r"<[^>]+>", "", self.message.value))


def plain_text(html_text: str) -> str:
    """Strip tags and decode entities: what a screen reader would read.

    >>> plain_text('<b>7&frac12;</b> <i>a &lt; b</i>')
    '7½ a < b'
    """
    return html.unescape(re.sub(r"<[^>]+>", "", html_text))


__all__.append("plain_text")
