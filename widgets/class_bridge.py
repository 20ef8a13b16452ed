"""``ClassBridge``: how a lesson served by ``sette-kit serve --class`` talks with its page
(the served class, ``sette-kit serve --class``).

On the static site Python runs in the learner's browser and hands each answer to the
page's script.  A served lesson's Python runs on the teacher's machine; its page holds
the learner's place in the class (the join, the queue of answers kept in the browser,
the long poll of the teacher's controls, all in ``class.js``).  Between the two runs a
hidden pair of widgets, displayed by the lesson's header:

* the **outbox** (an ``HTML``, class ``sk-class-outbox``) holds, as escaped JSON,
  ``{"events": [[seq, event], ...]}``: every answer the page has not yet said it got;
* the **inbox** (a ``Text``, class ``sk-class-inbox``) holds what the page has said so
  far, as one JSON object: ``join`` (the learner joined: send from now on), ``got``
  (the last ``seq`` it queued), ``state`` (the hub's last state, for
  :func:`~sette_kit.classroom.link.follow`) and ``restore`` (the learner's own answers
  kept in the browser, for :func:`~sette_kit.classroom.link.restore`, used once).

The inbox is cumulative because ipywidgets merges quick updates of one model into the
last: whatever arrives says everything, so nothing is lost.  Not in a class the page
never writes to it, and nothing leaves the kernel.

>>> from sette_kit.classroom import link
>>> link.begin_page("06")
>>> bridge = ClassBridge()
>>> bridge.post({"item": "06.p1", "answer": "0"}); bridge.outbox.value
'{&quot;events&quot;: []}'
>>> bridge.inbox.value = '{"join": true}'
>>> bridge.post({"item": "06.p1", "answer": "0"}); bridge.outbox.value
'{&quot;events&quot;: [[1, {&quot;item&quot;: &quot;06.p1&quot;, &quot;answer&quot;: &quot;0&quot;}]]}'
>>> bridge.inbox.value = '{"join": true, "got": 1}'; bridge.outbox.value
'{&quot;events&quot;: []}'
>>> bridge.inbox.value = '{"got": -1}'; bridge.problem
'the page said {"got": -1}: accepted a JSON object of join (true), got (a whole number from 0), state (an object), restore (an object)'
>>> link.end_page()
"""

from __future__ import annotations

import html
import json
import logging

import ipywidgets

from sette_kit.classroom import link

__all__ = ["ClassBridge"]

ACCEPTED = "a JSON object of join (true), got (a whole number from 0), state (an object), restore (an object)"
log = logging.getLogger(__name__)


class ClassBridge:
    """The hidden outbox and inbox of one served page (see the module's text)."""

    def __init__(self) -> None:
        self.outbox = ipywidgets.HTML()
        self.outbox.add_class("sk-class-outbox")
        self.inbox = ipywidgets.Text()
        self.inbox.add_class("sk-class-inbox")
        self.view = ipywidgets.Box([self.outbox, self.inbox], layout=ipywidgets.Layout(display="none"))
        self.view.add_class("sk-class-bridge")
        self.seq = 0
        self.pending: list[list] = []  # [seq, event] the page has not said it got
        self.version = None            # of the hub's state last applied
        self.restored = False
        self.problem = ""              # what was wrong with the page's last word, if anything
        self._write()
        self.inbox.observe(self._heard, "value")

    def post(self, event: dict) -> None:
        """One answer for the hub (the page's ``send``): out to the page until it got it."""
        if link.in_class():
            self.seq += 1
            self.pending.append([self.seq, event])
            self._write()

    def _write(self) -> None:
        self.outbox.value = html.escape(json.dumps({"events": self.pending}, separators=(", ", ": ")))

    @staticmethod
    def _read(text: str) -> dict | None:
        """What the page said, if it is what the page may say (see the module's text)."""
        try:
            said = json.loads(text)
        except ValueError:
            return None
        if not isinstance(said, dict) or said.get("join", True) is not True:
            return None
        got = said.get("got", 0)
        if isinstance(got, bool) or not isinstance(got, int) or got < 0:
            return None
        if not all(isinstance(said.get(key, {}), dict) for key in ("state", "restore")):
            return None
        return said

    def _heard(self, change) -> None:
        text = change["new"]
        said = self._read(text)
        if said is None:
            self.problem = f"the page said {text[:80]}: accepted {ACCEPTED}"
            log.warning("sette-kit class: %s", self.problem)
            return
        self.problem = ""
        if said.get("join") and not link.in_class():
            link.send_to(self.post)
        got = said.get("got", 0)
        if self.pending and self.pending[0][0] <= got:
            self.pending = [p for p in self.pending if p[0] > got]
            self._write()
        state = said.get("state")
        if state and state.get("version", object()) != self.version:
            self.version = state.get("version")
            link.follow(state)
        if said.get("restore") is not None and state and not self.restored:
            self.restored = True
            link.restore(said["restore"])

    def _repr_mimebundle_(self, **kwargs):
        return self.view._repr_mimebundle_(**kwargs)
