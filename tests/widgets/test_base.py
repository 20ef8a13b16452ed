"""widgets.base conventions: root classes, messages, safe_action, escaping, lazy imports."""

import logging
import subprocess
import sys

import ipywidgets
import pytest

from sette_kit.errors import SetteKitError
from widgets.base import KitWidget, button, esc, kebab, safe_action, text_box

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


class Demo(KitWidget):
    def __init__(self):
        super().__init__()
        self.out = ipywidgets.HTML()
        self.box = text_box("type", self.echo, css="sk-demo-box")
        self.go = button("Go", lambda: self.echo(self.box.value), tooltip="Echo it", css="sk-go")
        self.set_children([self.box, self.go, self.out])

    @safe_action
    def echo(self, text):
        if text == "bad":
            raise SetteKitError("bad <input> 'x'")
        if text == "boom":
            raise RuntimeError("internal detail")
        self.out.value = esc(text)
        return text


def test_root_classes_and_message_last():
    d = Demo()
    assert {"sk-widget", "sk-demo"} <= set(d.view._dom_classes)
    assert d.view.children[-1] is d.message and "sk-message" in d.message._dom_classes
    bundle = d._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_safe_action_turns_errors_into_escaped_messages(caplog):
    d = Demo()
    assert d.echo("bad") is None
    assert "&lt;input&gt;" in d.message.value and "<input>" not in d.message.value
    assert 'role="alert"' in d.message.value
    with caplog.at_level(logging.ERROR, logger="widgets"):
        assert d.echo("boom") is None
    assert "internal detail" not in d.message.value and "Traceback" not in d.message.value
    assert "Something went wrong" in d.message_text
    assert any("internal detail" in r.getMessage() or r.exc_info for r in caplog.records)
    d.echo("fine")
    assert d.message.value == "" and d.out.value == "fine"


def test_text_box_submits_on_value_and_button_clicks_headless():
    d = Demo()
    d.box.value = "<b>hi</b>"
    assert d.out.value == "&lt;b&gt;hi&lt;/b&gt;"
    d.out.value = ""
    d.go.click()
    assert d.out.value == "&lt;b&gt;hi&lt;/b&gt;"
    assert d.box.continuous_update is False
    assert d.go.tooltip == "Echo it" and "sk-go" in d.go._dom_classes


def test_esc_and_kebab():
    assert esc("a&b\"") == "a&amp;b&quot;"
    assert kebab("MattaExplorer") == "matta-explorer"


def test_widgets_lazy_lookup():
    import widgets

    assert widgets.Quiz.__name__ == "Quiz"
    with pytest.raises(AttributeError):
        widgets.Nope  # noqa: B018


@pytest.mark.parametrize("module", ["widgets.quiz", "widgets.score_trainer", "widgets.matta_explorer",
                                    "widgets.render", "widgets.charts"])
def test_matplotlib_is_never_imported_not_even_to_draw_a_chart(module):
    code = (f"import sys, {module}, widgets.charts as c; "
            "c.distribution_bar({'a': 0.5, 'b': 0.5}); c.running_mean([1, -1, 1]); c.histogram([1, 2]); "
            "c.strategy_table([['H']], [1], [2]); "
            "assert 'matplotlib' not in sys.modules, 'matplotlib imported'; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
