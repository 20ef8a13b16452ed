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
  ``on_submit`` is deprecated); empty values are ignored.  A box that sits beside a
  button which reads it (TablePlayer's stake) uses :func:`on_enter` instead: leaving
  the box must not act, or "type, then click" acts twice.
- Numbers: :func:`number_html` writes what :func:`sette_kit.fmt.approx` says (a
  percentage or a decimal, a short fraction beside it) and puts a long exact fraction
  behind an "exact value" disclosure (:func:`exact_html`, :func:`exact_values_html`;
  :func:`exact_values` for a lesson cell).
- Cards typed by the learner: :func:`read_cards` (one short line when a card cannot be
  read).
- Style: :data:`KIT_CSS`, the kit's one stylesheet (``sette_kit/theme/sette-kit.css``),
  rides in every widget (a hidden ``<style>`` child, one model shared by all widgets),
  so it holds on every page that shows a widget.
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

import asyncio
import contextlib
import functools
import html
import logging
import re
from typing import Any, Callable, Iterable

import ipywidgets

from sette_kit import fmt, theme
from sette_kit.cards import Card, FaceName, parse_cards
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _

__all__ = ["KitWidget", "safe_action", "esc", "kebab", "button", "html_panel", "text_box", "lines_html", "LOG",
           "KIT_CSS", "on_enter", "press_enter", "number_html", "exact_html", "exact_values_html",
           "exact_values", "read_cards", "read_preset", "read_parts", "text_of", "usable", "move_focus"]

LOG = logging.getLogger("widgets")

UNEXPECTED = N_("Something went wrong with that request; nothing was changed. Please try again.")

KIT_CSS = theme.css()
"""The kit's one stylesheet, ``sette_kit/theme/sette-kit.css``, carried by every
widget.  Its widget layer (rules under ``.sk-widget``) holds wherever a widget shows: rows
of controls wrap on a narrow screen; a button is as wide as its words (no "Show a..." or
"Discard Fante di ba...") and as tall as a finger; text boxes and menus stay inside the
column; HTML in a widget has the page's text size and line height (not ipywidgets' 28 px
line boxes); messages carry a word and a colour; printed output (the lessons' monospace
tables) wraps between words, never inside one (JupyterLab's own rule breaks anywhere:
"stak e").  Its page layer (``body.sk-theme``) is for the pages that opt in.  New widgets:
add their rules to that file, under ``.sk-<name>``, using its custom properties."""


_STYLE = None


def _shared_style() -> ipywidgets.HTML:
    """The hidden ``<style>`` widget holding :data:`KIT_CSS`: one model shared by every
    widget (a view of it inside each), so a page with many widgets carries the stylesheet
    once over the wire; made again if it was closed."""
    global _STYLE
    if _STYLE is None or getattr(_STYLE, "comm", True) is None:
        _STYLE = ipywidgets.HTML(value=f"<style>{KIT_CSS}</style>", layout=ipywidgets.Layout(display="none"))
        _STYLE.add_class("sk-style")
    return _STYLE


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
            self.show_message(_(UNEXPECTED), kind="error")
        return default

    wrapper.safe_action = True  # type: ignore[attr-defined]  # a mark on the function object
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


def html_panel(css: str, value: str = "") -> ipywidgets.HTML:
    """An ``ipywidgets.HTML`` output with the CSS class ``css`` (a status line, a table,
    a chart area): the one way the widgets make their HTML panels.

    >>> html_panel("sk-status", "<b>Ready</b>")._dom_classes
    ('sk-status',)
    """
    panel = ipywidgets.HTML(value)
    panel.add_class(css)
    return panel


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


ENTER_DELAY = 0.2
"""Seconds an Enter waits in a kernel before it acts (see :func:`on_enter`)."""


def on_enter(box: ipywidgets.Text, action: Callable[[str], Any]) -> ipywidgets.Text:
    """Make Enter in ``box`` call ``action(box.value)``, and nothing else act.

    For a box beside a button that reads it (TablePlayer's stake): a value observer
    would also act when the box loses focus, so "type, then click the button" acted
    twice.  Here the box sends its value on Enter or on leaving it
    (``continuous_update=False``) and no observer acts; the button reads the value,
    which the browser sent before the click.  Enter sends ``{"event": "submit"}``
    *before* the value it commits (the key press comes before the change event), so in
    a kernel the action waits :data:`ENTER_DELAY` seconds for that value to arrive;
    headless (outside a kernel) it acts at once.  Enter acts even when the value
    did not change.  Headless: :func:`press_enter`.

    >>> seen = []
    >>> box = on_enter(ipywidgets.Text(value="1"), seen.append)
    >>> box.value = "5"; seen                     # typing, or leaving the box, does nothing
    []
    >>> press_enter(box); press_enter(box); seen
    ['5', '5']
    """
    box.continuous_update = False

    def _act():
        try:
            action(box.value)
        except Exception:  # noqa: BLE001 - the actions are safe_actions; this is a last guard
            LOG.exception("Enter in a text box failed")

    def _message(_widget, content, _buffers):
        if not (isinstance(content, dict) and content.get("event") == "submit"):
            return
        loop = _kernel_loop()
        if loop is None:  # headless: nothing is in flight
            _act()
        else:
            loop.call_later(ENTER_DELAY, _act)

    box.on_msg(_message)
    return box


def _kernel_loop():
    """The running event loop of the IPython kernel we run in, or None (headless)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets depends on IPython
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


FOCUS_DELAY = 0.1
"""Seconds a focus move waits in a kernel, so the front end has shown the control first."""


def usable(control: ipywidgets.Widget) -> bool:
    """Shown and not disabled: a control the keyboard can reach."""
    return getattr(control.layout, "display", None) != "none" and not getattr(control, "disabled", False)


def move_focus(control: ipywidgets.Widget) -> None:
    """Put the keyboard focus on ``control`` in the browser (an action that hides
    the button a keyboard user pressed must not drop the focus to the top of the page).
    In a kernel the move waits :data:`FOCUS_DELAY` seconds for the control to be shown."""
    loop = _kernel_loop()
    if loop is None:
        control.focus()
    else:
        loop.call_later(FOCUS_DELAY, control.focus)


def press_enter(box: ipywidgets.Text) -> None:
    """Do headless what a browser does when the learner presses Enter in ``box``."""
    box._handle_custom_msg({"event": "submit"}, [])


def exact_html(x, summary: str | None = None) -> str:
    """The disclosure holding the exact fraction of ``x`` when :func:`sette_kit.fmt.approx`
    leaves it out (a long fraction), else ``""``.

    >>> from fractions import Fraction
    >>> exact_html(Fraction(2, 65))
    ''
    >>> exact_html(Fraction(-218179120494761, 1258299075033000))  # doctest: +NORMALIZE_WHITESPACE
    '<details class="sk-exact"><summary>exact value</summary><span
     class="sk-exact-value">-218179120494761/1258299075033000</span></details>'
    """
    exact = fmt.hidden_exact(x)
    if exact is None:
        return ""
    summary = _("exact value") if summary is None else summary
    return (f'<details class="sk-exact"><summary>{esc(summary)}</summary>'
            f'<span class="sk-exact-value">{esc(exact)}</span></details>')


def number_html(x, style: str = "percent", digits: int | None = None, *, sign: bool = False) -> str:
    """A number as a learner reads it (:func:`sette_kit.fmt.approx`, in bold), followed by
    the "exact value" disclosure when the fraction is long.

    >>> from fractions import Fraction
    >>> number_html(Fraction(22, 37))
    '<b class="sk-num">22/37 ≈ 59.5%</b>'
    """
    return f'<b class="sk-num">{esc(fmt.approx(x, style, digits, sign=sign))}</b>' + exact_html(x)


def exact_values_html(pairs, summary: str | None = None) -> str:
    """One disclosure listing the exact fractions of several numbers, ``(label, x)``
    pairs; numbers shown whole already are left out; ``""`` when none is left.

    >>> from fractions import Fraction
    >>> exact_values_html([("base", Fraction(1, 4)), ("edge", Fraction(22069914749539, 134817758039250))])
    '<details class="sk-exact"><summary>exact values</summary><ul class="sk-exact-values"><li>edge: 22069914749539/134817758039250</li></ul></details>'
    """
    items = "".join(f"<li>{esc(label)}: {esc(exact)}</li>" for label, x in pairs
                    if (exact := fmt.hidden_exact(x)) is not None)
    if not items:
        return ""
    summary = _("exact values") if summary is None else summary
    return (f'<details class="sk-exact"><summary>{esc(summary)}</summary>'
            f'<ul class="sk-exact-values">{items}</ul></details>')


def exact_values(pairs, summary: str | None = None):
    """For a lesson cell: :func:`exact_values_html` as a displayable HTML output."""
    from IPython.display import HTML

    summary = _("Exact values") if summary is None else summary
    return HTML(exact_values_html(pairs, summary))


CARD_EXAMPLES = {"italian": N_("7 di coppe or 7c"), "french": N_("7 of hearts or 7♥"),
                 "spanish": N_("7 de copas or 7c")}
"""One example of a card the learner may type, per face (translate where shown)."""


def read_cards(text, face: FaceName = "italian") -> tuple[Card, ...]:
    """The cards typed by the learner (:func:`sette_kit.cards.parse_cards`); a card that
    cannot be read is one short line: what was wrong, and one example in this face.

    >>> read_cards("7c Rd")
    (Card(7, 'coppe'), Card('Re', 'denari'))
    >>> read_cards("Zz 7c")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: cannot read 'Zz' as a card. Write it like 7 di coppe or 7c.
    """
    try:
        return parse_cards(text, face=face)
    except SetteKitError as e:
        what = str(e).split(";")[0].strip().rstrip(".")
        if len(what) > 60:
            what = what[:57] + "..."
        example = _(CARD_EXAMPLES.get(face, CARD_EXAMPLES["italian"]))
        raise SetteKitError(_("{what}. Write it like {example}.").format(what=what, example=example)) from None


def read_preset(rules) -> str:
    """``rules`` checked to be the name of a preset (:data:`sette_kit.rules.PRESETS`),
    as a lab takes it (a list is not a preset, and says so, no TypeError).

    >>> read_preset("plain")
    'plain'
    >>> read_preset(["plain"])
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: rules=['plain']: accepted presets are 'italian', 'spanish', 'plain'
    """
    from sette_kit.numbers import shown
    from sette_kit.rules import PRESETS

    if not isinstance(rules, str) or rules not in PRESETS:
        raise SetteKitError(_("rules={rules}: accepted presets are {presets}").format(
            rules=shown(rules), presets=", ".join(map(repr, PRESETS))))
    return rules


def picked_preset(name, presets=None) -> str:
    """``name`` checked to be one of ``presets`` (the lab's menu; default every preset,
    :data:`sette_kit.rules.PRESETS`), as a lab's ``set_rules`` takes it.

    >>> picked_preset("italian")
    'italian'
    >>> picked_preset("french")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: Unknown rules 'french': choose italian, spanish, plain.
    """
    from sette_kit.numbers import shown
    from sette_kit.rules import PRESETS

    presets = PRESETS if presets is None else presets
    if not isinstance(name, str) or name not in presets:
        raise SetteKitError(_("Unknown rules {name}: choose {presets}.").format(name=shown(name),
                                                                                presets=', '.join(presets)))
    return name


def read_parts(parts, accepted: tuple) -> tuple:
    """The parts of a lab to show: ``parts`` (a list or tuple of names, none unknown, at
    least one) in the order of ``accepted``.

    >>> read_parts(["plan", "exact"], ("exact", "paths", "plan"))
    ('exact', 'plan')
    >>> read_parts("exact", ("exact", "plan"))
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: parts='exact': choose among 'exact', 'plan'
    """
    from sette_kit.numbers import shown

    unknown = [p for p in (parts if isinstance(parts, (tuple, list)) else [parts]) if p not in accepted]
    if unknown or not parts or isinstance(parts, str):
        raise SetteKitError(_("parts={parts}: choose among {accepted}").format(
            parts=shown(parts), accepted=", ".join(map(repr, accepted))))
    return tuple(p for p in accepted if p in parts)


def text_of(panel: str, read: Callable[[str], str] | None = None) -> property:
    """A read-out property (for tests and screen readers): the text of the HTML panel
    ``self.<panel>``, read by ``read`` (default :func:`plain_text`; a chart area's
    ``caption_text``).

    >>> class Shown:
    ...     status = ipywidgets.HTML("<b>Ready</b> to deal")
    ...     status_text = text_of("status")
    >>> Shown().status_text
    'Ready to deal'
    """
    def get(self) -> str:
        return (read or plain_text)(getattr(self, panel).value)

    return property(get, doc=f"The text of ``{panel}``.")


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
        self.style = _shared_style()
        self.view = ipywidgets.VBox([self.style, self.message])
        self.view.add_class("sk-widget")
        self.view.add_class(f"sk-{self.css_name or kebab(type(self).__name__)}")

    # -- display ---------------------------------------------------------------------
    def set_children(self, children: Iterable[ipywidgets.Widget]) -> None:
        """Put ``children`` in the root, after the (hidden) stylesheet and followed by the
        message area (unless the subclass placed ``self.message`` itself, e.g. right under
        a text box)."""
        children = tuple(c for c in children if c is not self.style)
        if not any(c is self.message for c in children):
            children += (self.message,)
        self.view.children = (self.style,) + children

    def _repr_mimebundle_(self, **kwargs):
        return self.view._repr_mimebundle_(**kwargs)

    # -- keyboard focus ------------------------------------------------------
    _focus_ready = False

    @contextlib.contextmanager
    def _keeping_focus(self, controls: Iterable[ipywidgets.Widget]):
        """``with self._keeping_focus(controls): <show/hide controls>`` - if a control that
        was usable before is hidden or disabled after (the button a keyboard user just
        pressed, a box just submitted), move the focus to the first of ``controls`` still
        usable, so it does not fall back to the top of the page.  Not on the first render."""
        controls = list(controls)
        before = [c for c in controls if usable(c)]
        yield
        now = [c for c in controls if usable(c)]
        if self._focus_ready and now and any(c not in now for c in before):
            move_focus(now[0])
        self._focus_ready = True

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
