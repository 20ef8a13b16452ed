"""The class hub: learners join, send their answers, follow the teacher's controls.

A small tornado application beside the static site.  It runs no Python for learners (each
browser runs the lessons on Pyodide); it only keeps what they answer, in one SQLite file
(:class:`~sette_kit.classroom.store.Store`), and shows it to the teacher.

Learners (a learner token from ``/join`` as ``Authorization: Bearer <token>``):

- ``GET  /class/api/nickname``: a random nickname to offer.
- ``POST /class/api/join``: ``{"code": "ABCDE", "nickname": "Ada"}`` -> ``{"token", "learner", ...}``.
- ``POST /class/api/events``: ``{"events": [...]}``, each event with its client-made
  ``id``; committed to SQLite before the 200 acknowledges its id; a retried id is stored
  once.  Bounded in size (:data:`MAX_BODY`, :data:`MAX_EVENTS`), rate-limited per learner,
  checked against the lesson's items (:mod:`sette_kit.classroom.items`).
- ``GET  /class/api/state``: the teacher's controls (lesson, pause, reveals, vote rounds);
  ``?version=N&wait=S`` waits up to S seconds for a change (a long poll).

The teacher (``Authorization: Bearer <secret>``; 401 without it, 403 with another):
``GET /class/api/summary``, ``POST /class/api/control``, ``GET /class/api/export.csv``,
``GET /class/api/notes`` (the teachers' notes, which the site never serves to learners),
and the dashboard at ``/class/teacher#<secret>``.

>>> hub = Hub(":memory:")
>>> len(hub.secret) >= 40, len(hub.code)
(True, 5)
>>> learner, token = hub.store.join(hub.code, "Ada")
>>> hub.add_events(learner, [{"id": "a1", "lesson": "06", "item": "06.p1", "answer": "higher"}])
(['a1'], [])
>>> hub.add_events(learner, [{"id": "a2", "lesson": "06", "item": "06.p9", "answer": "1"}])[1][0]["error"]
"item='06.p9' is not an item of lesson 06; accepted 06.p1, 06.p2, 06.p3, 06.p4, 6.1, 6.2, 6.3, 6.4"
>>> hub.summary("06")["items"][0]["answers"]
1
"""

from __future__ import annotations

import hmac
import io
import json
import os
import secrets
import time
from datetime import timedelta
from pathlib import Path

import tornado.iostream
import tornado.locks
import tornado.web

from sette_kit.errors import SetteKitError

from . import items as manifest_mod
from .store import MAX_ANSWER, Store
from .summary import summarise_item

__all__ = ["Hub", "application", "MAX_BODY", "MAX_EVENTS", "RATE", "BURST", "nickname", "STATIC"]

MAX_BODY = 64 * 1024
"""The largest request body the hub reads, in bytes."""
MAX_EVENTS = 100
"""The most events in one batch."""
BURST, RATE = 30, 3.0
"""Per learner: at most BURST requests at once, refilled at RATE a second."""
JOIN_BURST, JOIN_RATE = 60, 1.0
"""Per address: joins at once, and a second (a class behind one router shares an address)."""
MAX_WAIT = 25.0
"""The longest a long poll waits, in seconds."""
STATIC = Path(__file__).with_name("static")
"""The dashboard's page, script and style (package data)."""
LEARNER = Path(__file__).resolve().parent.parent / "site" / "js" / "src"
"""The learner's side of a class (``class.js``, ``class.css``): bundled into the static
site's script, and served as they are to the pages of ``sette-kit serve --class``."""
EVENT_FIELDS = ("id", "lesson", "item", "kind", "round", "answer", "right", "tries", "mistake", "exact",
                "client_time")
"""The fields an event may have (``id``, ``lesson``, ``item`` and ``answer`` are needed)."""
ACTIONS = ("goto", "pause", "resume", "reveal", "hide", "vote_again", "reset", "end")
"""What the teacher's controls do."""

_ADJECTIVES = ("Lucky", "Brave", "Calm", "Clever", "Quick", "Quiet", "Bold", "Bright", "Happy", "Wise",
               "Sunny", "Swift", "Steady", "Keen", "Merry", "Noble", "Jolly", "Gentle", "Daring", "Curious")
_NOUNS = ("Ace", "Knave", "King", "Horse", "Seven", "Matta", "Coin", "Cup", "Sword", "Club", "Dealer",
          "Deck", "Joker", "Banker", "Trump", "Hand")


def nickname(taken=()) -> str:
    """A random nickname, not one of ``taken``: 'Lucky Ace 17'.

    >>> len(nickname().split()) == 3
    True
    """
    taken = set(taken)
    while True:
        name = f"{secrets.choice(_ADJECTIVES)} {secrets.choice(_NOUNS)} {secrets.randbelow(90) + 10}"
        if name not in taken:
            return name


class _Bucket:
    """A token bucket: ``burst`` at once, refilled at ``rate`` a second."""

    __slots__ = ("tokens", "stamp")

    def __init__(self, burst: float) -> None:
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self, burst: float, rate: float) -> float:
        """0 if a request may go now, else the seconds to wait."""
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / rate


def _lesson_titles(folder: Path) -> dict[str, str]:
    """Each lesson's English title: the course's for the kit's lessons, else from the file name."""
    from sette_kit import course
    titles = {l.file: l.title_en for l in course.LESSONS}
    return {f.name[:2]: titles.get(f.name) or f.stem[3:].replace("-", " ").capitalize()
            for f in sorted(folder.glob("[0-9][0-9]-*.ipynb"))}


class Hub:
    """The class hub's state: the store, the teacher's secret, the class, its controls.

    ``db``: the SQLite file (or ``":memory:"``).  ``lessons``: the lessons' folder (default the
    kit's).  A hub started again on the same file keeps its secret, its class and its
    controls, so the teacher's page and the learners' pages go on."""

    def __init__(self, db, *, lessons=None, burst: float = BURST, rate: float = RATE,
                 join_base: str | None = None, join_page: str = "/") -> None:
        self.store = Store(db)
        self.lessons_folder = manifest_mod._folder(lessons)
        self.items = manifest_mod.manifest(self.lessons_folder)
        self.titles = _lesson_titles(self.lessons_folder)
        self.burst, self.rate = burst, rate
        self.join_base = join_base  # "http://192.168.1.20:8870": the address the room reaches
        self.join_page = join_page  # the page a learner joins on: the site's landing page, or the served one
        self.secret = self.store.get("secret")
        if not self.secret:
            self.secret = secrets.token_urlsafe(32)  # 43 characters, 256 bits
            self.store.put("secret", self.secret)
        code = self.store.get("class")
        if code not in self.store.classes():
            code = self.store.open_class()
            self.store.put("class", code)
        self.code = code
        # new at each start, so a page's long poll sees a restart; the state's version moves with the
        # teacher's controls only (learners' pages wake for those), the summary's with every change
        self.version = self.state_version = int(time.time() * 1000) % 10**12
        self.changed = tornado.locks.Condition()
        self.state_changed = tornado.locks.Condition()
        self._buckets: dict = {}

    def join_url(self, fallback_base: str | None = None) -> str | None:
        """The join address of the current class: the landing page with ``?class=<code>``."""
        base = self.join_base or fallback_base
        return f"{base}{self.join_page}?class={self.code}" if base else None

    # -- the class's controls ------------------------------------------------------------------
    def control(self) -> dict:
        first = next(iter(self.items), "01")
        return self.store.get(f"class:{self.code}:control", {"lesson": first, "paused": False, "items": {}})

    def _item_state(self, control: dict, lesson: str, item_id: str) -> dict:
        return {"round": 1, "revealed": False, "since": 0.0, **control["items"].get(f"{lesson}/{item_id}", {})}

    def state(self) -> dict:
        """What a learner's page follows: the lesson, the pause, and each of its items' round and reveal."""
        c = self.control()
        lesson = c["lesson"]
        items = {}
        for it in self.items.get(lesson, ()):
            s = self._item_state(c, lesson, it.id)
            items[it.id] = {"round": s["round"], "revealed": s["revealed"], "reset": s["since"]}
        return {"class": self.code, "lesson": lesson, "paused": c["paused"], "version": self.state_version,
                "revealed": [i for i, s in items.items() if s["revealed"]],
                "rounds": {i: s["round"] for i, s in items.items() if s["round"] > 1}, "items": items}

    def act(self, order: dict) -> dict:
        """Carry out one of the teacher's controls (:data:`ACTIONS`); return the new state."""
        if not isinstance(order, dict) or order.get("action") not in ACTIONS:
            raise SetteKitError(f"action={order.get('action') if isinstance(order, dict) else order!r:.30}: "
                                f"accepted {', '.join(ACTIONS)}")
        action = order["action"]
        c = self.control()
        if action == "end":
            return self.end(discard=order.get("discard") is True)
        if action == "goto":
            lesson = order.get("lesson")
            if not isinstance(lesson, str) or lesson not in self.items:
                raise SetteKitError(f"lesson={lesson!r:.12}: accepted {', '.join(self.items)}")
            c["lesson"] = lesson
        elif action in ("pause", "resume"):
            c["paused"] = action == "pause"
        else:
            lesson = order.get("lesson", c["lesson"])
            it = manifest_mod.item(lesson, order.get("item"), self.lessons_folder)
            key = f"{lesson}/{it.id}"
            s = self._item_state(c, lesson, it.id)
            if action in ("reveal", "hide"):
                s["revealed"] = action == "reveal"
            elif action == "vote_again":
                if it.kind == "exercise":
                    raise SetteKitError(f"item={it.id}: vote again is for a Predict; accepted "
                                        f"{', '.join(i.id for i in self.items[lesson] if i.kind != 'exercise')}")
                s["round"], s["revealed"] = s["round"] + 1, False
            else:  # reset: its answers so far no longer count, round 1, hidden
                s.update(round=1, revealed=False, since=time.time())
            c["items"][key] = s
        self.store.put(f"class:{self.code}:control", c)
        self._bump(state=True)
        return self.state()

    def end(self, discard: bool = False) -> dict:
        """End the class: delete its learners and answers, and open a new class.  Answers
        given since the last export are kept unless ``discard``."""
        exported = self.store.get(f"class:{self.code}:exported", 0.0)
        newest = self.store.db.execute(
            "SELECT MAX(e.server_time) FROM event e JOIN learner l ON l.id = e.learner WHERE l.class = ?",
            (self.code,)).fetchone()[0]
        if newest is not None and newest > exported and not discard:
            raise SetteKitError("the class has answers not yet exported: export them first (export.csv), "
                                "or send discard: true to delete them")
        self.store.end_class(self.code)
        self.code = self.store.open_class()
        self.store.put("class", self.code)
        self._bump(state=True)
        return self.state()

    def _bump(self, state: bool = False) -> None:
        """Something changed: the summary (always) and, with ``state``, the learners' state."""
        self.version += 1
        self.changed.notify_all()
        if state:
            self.state_version = self.version
            self.state_changed.notify_all()

    async def wait(self, version, timeout: float, state: bool = False) -> None:
        """Return when the hub's version (the state's, with ``state``) is no longer
        ``version``, or after ``timeout`` seconds."""
        now, condition = (self.state_version, self.state_changed) if state else (self.version, self.changed)
        if version == now and timeout > 0:
            await condition.wait(timeout=timedelta(seconds=min(timeout, MAX_WAIT)))

    # -- learners ----------------------------------------------------------------------------
    def allow(self, key, burst: float, rate: float) -> float:
        """0 if ``key`` may make a request now, else the seconds to wait."""
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > 10_000:
                self._buckets.clear()
            bucket = self._buckets[key] = _Bucket(burst)
        return bucket.take(burst, rate)

    def _check(self, event, control: dict) -> dict:
        if not isinstance(event, dict):
            raise SetteKitError("an event is a JSON object with id, lesson, item and answer")
        extra = sorted(set(event) - set(EVENT_FIELDS))
        if extra:
            raise SetteKitError(f"field {extra[0]!r:.30} is not accepted; accepted {', '.join(EVENT_FIELDS)}")
        for name in ("id", "lesson", "item", "answer"):
            if name not in event:
                raise SetteKitError(f"an event needs {name}; its fields: {', '.join(EVENT_FIELDS)}")
        lesson, item_id = event["lesson"], event["item"]
        if not isinstance(lesson, str) or not isinstance(item_id, str):
            raise SetteKitError("lesson and item are text: the lesson's two digits ('06') and the item's id ('06.p1')")
        it = manifest_mod.item(lesson, item_id, self.lessons_folder)
        kind = "exercise" if it.kind == "exercise" else "predict"
        if event.get("kind", kind) != kind:
            raise SetteKitError(f"kind={event.get('kind')!r:.20} for {it.id}: this item is a {kind}; accepted {kind}")
        s = self._item_state(control, lesson, it.id)
        rnd = event.get("round", s["round"])
        if isinstance(rnd, int) and not isinstance(rnd, bool) and rnd > s["round"]:
            raise SetteKitError(f"round={rnd} for {it.id}: the item is in round {s['round']}; "
                                f"accepted 1 to {s['round']}")
        answer = event["answer"]
        if isinstance(answer, (int, float)) and not isinstance(answer, bool):
            answer = str(answer)
        if not isinstance(answer, str) or len(answer) > MAX_ANSWER:
            raise SetteKitError(f"answer: give text of at most {MAX_ANSWER} characters")
        out = {**event, "kind": kind, "round": rnd, "answer": manifest_mod.normalise_answer(it, answer.strip())}
        if event.get("exact") is not None:
            exact = event["exact"]
            exact = str(exact) if isinstance(exact, (int, float)) and not isinstance(exact, bool) else exact
            if not isinstance(exact, str):
                raise SetteKitError("exact: the answer the page computed, as text ('19/39')")
            out["exact"] = manifest_mod.normalise_answer(it, exact.strip())
        if "mistake" in event and event["mistake"] is not None and not isinstance(event["mistake"], str):
            raise SetteKitError("mistake: the kind of mistake the page's feedback named, as text, or null")
        Store._event(out)  # the store's own checks (sizes, tries, right), before anything is stored
        return out

    def add_events(self, learner: int, events) -> tuple[list[str], list[dict]]:
        """Check a learner's batch against the lessons' items and store the good events.

        Returns (the ids stored, committed; the rejected: ``{"id", "error"}``)."""
        control = self.control()
        good, rejected = [], []
        for e in events:
            try:
                good.append(self._check(e, control))
            except SetteKitError as exc:
                eid = e.get("id") if isinstance(e, dict) and isinstance(e.get("id"), str) else None
                rejected.append({"id": eid, "error": str(exc)})
        acked = self.store.add_events(learner, good) if good else []
        if acked:
            self._bump()
        return acked, rejected

    # -- the teacher ---------------------------------------------------------------------------
    def is_teacher(self, secret: str) -> bool:
        return hmac.compare_digest(secret.encode(), self.secret.encode())

    def summary(self, lesson: str | None = None) -> dict:
        """The class's answers to one lesson's items (default: the current lesson)."""
        c = self.control()
        lesson = lesson or c["lesson"]
        if lesson not in self.items:
            raise SetteKitError(f"lesson={lesson!r:.12}: accepted {', '.join(self.items)}")
        rows = self.store.rows(self.code, lesson)
        by_item: dict[str, list] = {}
        for r in rows:
            by_item.setdefault(r["item"], []).append(r)
        out_items = []
        for it in self.items[lesson]:
            s = self._item_state(c, lesson, it.id)
            entry = summarise_item(it, by_item.get(it.id, []), since=s["since"], current_round=s["round"])
            entry["revealed"] = s["revealed"]
            out_items.append(entry)
        learners = self.store.learners(self.code)
        answered: dict[int, set] = {}
        for r in rows:
            answered.setdefault(r["learner"], set()).add(r["item"])
        return {"learners": len(learners), "answered": len(answered), "class": self.code, "lesson": lesson,
                "title": self.titles.get(lesson, ""), "paused": c["paused"], "version": self.version,
                "join": self.join_url(), "items": out_items,
                "lessons": [{"lesson": k, "title": self.titles.get(k, "")} for k in self.items],
                "roster": [{"nickname": name, "answered": len(answered.get(lid, ()))} for lid, name in learners]}

    def notes(self, lang: str = "en") -> dict:
        """The teachers' notes (``TEACHERS.md`` of the lessons' folder, or of its ``it/`` or
        ``es/``) as HTML: for the teacher only, as they hold every answer.  Raw HTML in the
        Markdown is escaped."""
        import re

        import mistune

        if lang not in ("en", *manifest_mod.LANGUAGES):
            raise SetteKitError(f"lang={lang!r:.10}: accepted en, {', '.join(manifest_mod.LANGUAGES)}")
        path = self.lessons_folder / ("" if lang == "en" else lang) / "TEACHERS.md"
        if not path.is_file():
            raise SetteKitError(f"no teachers' notes in {path.parent}")
        text = re.sub(r"<!--.*?-->\n?", "", path.read_text(encoding="utf-8"), flags=re.S)
        title = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), "Teachers' notes")
        html = mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])(text)
        return {"lang": lang, "title": title, "html": html}

    def export_csv(self) -> str:
        text = self.store.export_csv(self.code)
        self.store.put(f"class:{self.code}:exported", time.time())
        return text


# ---------------------------------------------------------------------------------------------
# The HTTP side
# ---------------------------------------------------------------------------------------------

BAD = object()
"""What :meth:`_Api.body` returns when the body was refused (and answered)."""


def open_hub(db, **options) -> Hub:
    """The :class:`Hub` on the SQLite file ``db`` (its folder made if need be), or a
    :class:`SetteKitError` that says why the class's answers cannot be kept there."""
    import sqlite3

    db = Path(db).expanduser()
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
        return Hub(db, **options)
    except (OSError, sqlite3.Error) as exc:
        raise SetteKitError(f"--db {db}: cannot keep the class's answers there ({exc}); accepted a file in "
                            "a folder you can write to") from None


def _json(value) -> str:
    """JSON that no browser can read as HTML: <, > and & written as \\u escapes."""
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


class _Api(tornado.web.RequestHandler):
    hub: Hub

    def initialize(self, hub: Hub) -> None:
        self.hub = hub

    def check_xsrf_cookie(self) -> None:
        """No cookie is trusted here: the teacher's requests carry the secret, a learner's
        their token, both in the Authorization header a page of another site cannot set
        without asking (CORS); a join is open to anyone with the code.  (Voilà's
        application, which holds these routes under ``sette-kit serve --class``, checks an
        XSRF cookie on every POST.)"""

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def reply(self, value, status: int = 200) -> None:
        self.set_status(status)
        self.finish(_json(value))

    def write_error(self, status_code: int, **kwargs) -> None:
        reason = self._reason
        exc = kwargs.get("exc_info", (None, None))[1]
        if isinstance(exc, tornado.web.HTTPError) and exc.log_message:
            reason = exc.log_message
        self.finish(_json({"error": reason}))

    def fail(self, status: int, message: str, **extra) -> None:
        self.reply({"error": message, **extra}, status)

    def reply_checked(self, answer, status_of=lambda message: 400) -> None:
        """Reply with ``answer()``; a SetteKitError it raises is the reply's error, with
        the status ``status_of(message)`` (400 unless told)."""
        try:
            self.reply(answer())
        except SetteKitError as exc:
            self.fail(status_of(str(exc)), str(exc))

    def bearer(self) -> str | None:
        h = self.request.headers.get("Authorization", "")
        return h[7:].strip() if h[:7].lower() == "bearer " else None

    def teacher(self) -> bool:
        """True for the teacher; else answers 401 (no secret) or 403 (another) and returns False."""
        secret = self.bearer()
        if not secret:
            self.set_header("WWW-Authenticate", 'Bearer realm="sette-kit class"')
            self.fail(401, "the teacher's secret is needed: Authorization: Bearer <secret> "
                           "(it is in the teacher: address sette-kit class printed)")
            return False
        if not self.hub.is_teacher(secret):
            self.fail(403, "this is not the teacher's secret")
            return False
        return True

    def learner(self):
        """(learner id, class, nickname), or answers 401 and returns None."""
        token = self.bearer()
        who = self.hub.store.learner(token) if token else None
        if who is None or who[1] != self.hub.code:
            self.set_header("WWW-Authenticate", 'Bearer realm="sette-kit class"')
            self.fail(401, "not in this class: join with the class code on the teacher's screen "
                           "(POST /class/api/join), then send Authorization: Bearer <token>")
            return None
        return who

    def body(self):
        """The request's JSON body, or answers 400/413 and returns :data:`BAD`."""
        if len(self.request.body) > MAX_BODY:
            self.fail(413, f"the request is {len(self.request.body)} bytes; accepted at most {MAX_BODY}")
            return BAD
        try:
            return json.loads(self.request.body or b"null")
        except (ValueError, UnicodeDecodeError):
            self.fail(400, "the request's body is not JSON; accepted a JSON object")
            return BAD

    def limited(self, key, burst, rate) -> bool:
        wait = self.hub.allow(key, burst, rate)
        if wait:
            self.set_header("Retry-After", str(max(1, round(wait + 0.5))))
            self.fail(429, f"too many requests: at most {burst:g} at once and {rate:g} a second; "
                           f"retry after {wait:.1f} s")
            return True
        return False

    def wait_args(self) -> tuple[int | None, float]:
        """The long poll's ``version`` (a whole number) and ``wait`` (0 to MAX_WAIT seconds)."""
        version, wait = self.get_query_argument("version", None), self.get_query_argument("wait", "0")
        try:
            v = None if version is None else int(version)
            w = float(wait)
        except ValueError:
            v, w = None, float("nan")
        if not 0 <= w <= 3600:  # NaN too
            raise tornado.web.HTTPError(400, f"version={str(version)[:20]!r}, wait={wait[:20]!r}: accepted "
                                             f"version, a whole number (the last one seen), and wait, seconds "
                                             f"from 0 to 3600 (at most {MAX_WAIT:g} are waited)")
        return v, w


class NicknameHandler(_Api):
    def get(self) -> None:
        self.reply({"nickname": nickname(n for _i, n in self.hub.store.learners(self.hub.code))})


class JoinHandler(_Api):
    def post(self) -> None:
        if self.limited(("join", self.request.remote_ip), JOIN_BURST, JOIN_RATE):
            return
        data = self.body()
        if data is BAD:
            return
        if not isinstance(data, dict) or not isinstance(data.get("code"), str):
            return self.fail(400, 'accepted {"code": "<the class code>", "nickname": "<a nickname>"}')
        code = data["code"].strip().upper()
        if not hmac.compare_digest(code.encode(), self.hub.code.encode()):
            return self.fail(404, f"class code {code[:12]!r}: no such class here; accepted the code on the "
                                  "teacher's screen")
        try:
            lid, token = self.hub.store.join(code, data.get("nickname"))
        except SetteKitError as exc:
            return self.fail(400, str(exc))
        self.hub._bump()
        self.reply({"token": token, "learner": lid, "nickname": data["nickname"].strip(), "class": code,
                    "state": self.hub.state()})


class EventsHandler(_Api):
    def post(self) -> None:
        who = self.learner()
        if who is None:
            return
        if self.limited(("events", who[0]), self.hub.burst, self.hub.rate):
            return
        data = self.body()
        if data is BAD:
            return
        events = data.get("events") if isinstance(data, dict) else data
        if not isinstance(events, list) or not events:
            return self.fail(400, 'accepted {"events": [<event>, ...]}, one to '
                                  f'{MAX_EVENTS} events, each with {", ".join(EVENT_FIELDS)}')
        if len(events) > MAX_EVENTS:
            return self.fail(413, f"{len(events)} events in one batch; accepted at most {MAX_EVENTS}")
        acked, rejected = self.hub.add_events(who[0], events)
        if rejected:
            return self.fail(422, rejected[0]["error"], ack=acked, rejected=rejected)
        self.reply({"ack": acked, "rejected": []})


class StateHandler(_Api):
    async def get(self) -> None:
        secret = self.bearer()
        if not (secret and self.hub.is_teacher(secret)) and self.learner() is None:
            return
        version, wait = self.wait_args()
        await self.hub.wait(version, wait, state=True)
        self.reply(self.hub.state())


class SummaryHandler(_Api):
    async def get(self) -> None:
        if not self.teacher():
            return
        version, wait = self.wait_args()
        await self.hub.wait(version, wait)
        self.reply_checked(lambda: self.hub.summary(self.get_query_argument("lesson", None)))


class ControlHandler(_Api):
    def post(self) -> None:
        if not self.teacher():
            return
        data = self.body()
        if data is BAD:
            return
        self.reply_checked(lambda: self.hub.act(data), lambda message: 409 if "not yet exported" in message else 400)


class NotesHandler(_Api):
    def get(self) -> None:
        if not self.teacher():
            return
        self.reply_checked(lambda: self.hub.notes(self.get_query_argument("lang", "en")))


class ExportHandler(_Api):
    def get(self) -> None:
        if not self.teacher():
            return
        self.set_header("Content-Type", "text/csv; charset=UTF-8")
        self.set_header("Content-Disposition", f'attachment; filename="class-{self.hub.code}.csv"')
        self.finish(self.hub.export_csv())


class QrHandler(_Api):
    def get(self) -> None:
        import segno

        url = self.hub.join_url(f"{self.request.protocol}://{self.request.host}")
        qr = segno.make(url, error="m")
        out = io.BytesIO()
        qr.save(out, kind="svg", xmldecl=False, scale=1, border=2, dark="#1d2125", light="#ffffff",
                omitsize=True, title=f"Join address: {url}")
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Cache-Control", "no-cache")
        self.finish(out.getvalue())


_CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")


class TeacherPage(tornado.web.RequestHandler):
    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Content-Security-Policy", _CSP)
        self.set_header("Cache-Control", "no-cache")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish((STATIC / "teacher.html").read_bytes())


class _Static(tornado.web.StaticFileHandler):
    def set_extra_headers(self, path) -> None:
        self.set_header("Cache-Control", "no-cache")  # small files: revalidated by their ETag
        self.set_header("X-Content-Type-Options", "nosniff")


class ThemeHandler(_Static):
    """The kit's theme stylesheet, from sette_kit/theme."""


_HIDDEN = ("TEACHERS", "STYLE")


_TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
          ".whl": "application/zip", ".json": "application/json", ".webmanifest": "application/manifest+json",
          ".py": "text/x-python", ".ipynb": "application/json", ".map": "application/json"}
"""Types this Python's ``mimetypes`` may not know (``.mjs``: a module script needs a JavaScript type)."""
GZ_CACHE_BYTES = 64 * 1024 * 1024
"""The compressed copies of the site's files kept in memory, at most (the biggest, Pyodide's
WebAssembly, is about 3 MB compressed)."""


class _GzCache:
    """Each compressible file compressed once (in a thread, so the hub answers meanwhile),
    kept by (path, modification time, size), the least recently used dropped first."""

    def __init__(self, budget: int = GZ_CACHE_BYTES) -> None:
        from collections import OrderedDict

        self.budget, self.used, self.items = budget, 0, OrderedDict()
        self.pending: dict = {}

    async def get(self, path: str, stat) -> bytes:
        import asyncio
        import gzip

        key = (path, stat.st_mtime_ns, stat.st_size)
        if key in self.items:
            self.items.move_to_end(key)
            return self.items[key]
        if key not in self.pending:
            def compress() -> bytes:
                with open(path, "rb") as f:
                    return gzip.compress(f.read(), compresslevel=6, mtime=0)

            self.pending[key] = asyncio.get_running_loop().run_in_executor(None, compress)
        try:
            data = await asyncio.shield(self.pending[key])
        finally:
            self.pending.pop(key, None)
        if key not in self.items:
            self.items[key] = data
            self.used += len(data)
            while self.used > self.budget and len(self.items) > 1:
                _k, old = self.items.popitem(last=False)
                self.used -= len(old)
        return data


class SiteHandler(tornado.web.StaticFileHandler):
    """The static site: compressible files sent gzip-compressed (each compressed once, then
    from memory), with cache headers (pages and the service worker revalidated by their
    ETag, the rest kept a day); the teachers' notes are not served to learners."""

    gz = _GzCache()

    def validate_absolute_path(self, root, absolute_path):
        if Path(absolute_path).name.upper().startswith(_HIDDEN):
            raise tornado.web.HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)

    def get_content_type(self) -> str:
        kind = _TYPES.get(Path(self.absolute_path).suffix.lower())
        if kind is None:
            return super().get_content_type()
        return kind + ("; charset=UTF-8" if kind.startswith("text/") else "")

    def set_extra_headers(self, path) -> None:
        name = path.rsplit("/", 1)[-1]
        if name.endswith((".html", ".json", ".webmanifest")) or name in ("sw.js", "service-worker.js") or not name:
            self.set_header("Cache-Control", "no-cache")
        else:
            self.set_header("Cache-Control", "public, max-age=86400")
        self.set_header("X-Content-Type-Options", "nosniff")

    async def get(self, path: str, include_body: bool = True) -> None:
        if ("gzip" not in self.request.headers.get("Accept-Encoding", "") or "Range" in self.request.headers):
            return await super().get(path, include_body)
        self.path = self.parse_url_path(path)
        absolute = self.get_absolute_path(self.root, self.path)
        self.absolute_path = self.validate_absolute_path(self.root, absolute)
        if self.absolute_path is None:
            return
        kind = self.get_content_type()
        stat = os.stat(self.absolute_path)
        if stat.st_size < 1024 or not _GZip(self.request)._compressible_type(kind.split(";")[0]):
            return await super().get(path, include_body)
        etag = f'"gz-{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        self.set_header("Content-Type", kind)
        self.set_header("Vary", "Accept-Encoding")
        self.set_header("ETag", etag)
        self.set_extra_headers(self.path)
        if etag in self.request.headers.get("If-None-Match", ""):
            self.set_status(304)
            return self.finish()
        data = await self.gz.get(self.absolute_path, stat)  # kept for the next visitor even if this one left
        self.set_header("Content-Encoding", "gzip")
        self.set_header("Content-Length", str(len(data)))
        if include_body:
            self.write(data)
        try:
            await self.finish()
        except tornado.iostream.StreamClosedError:  # the browser left meanwhile
            pass


class NoSiteHandler(tornado.web.RequestHandler):
    def get(self, _path="") -> None:
        self.set_status(404 if _path else 200)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish("<!doctype html><html lang='en'><meta charset='utf-8'><title>sette-kit class</title>"
                    "<main><h1>The lessons are not on this machine yet</h1><p>The teacher builds them once with "
                    "<code>sette-kit build-site</code>, then starts <code>sette-kit class</code> again.</p></main>")


class _GZip(tornado.web.GZipContentEncoding):
    CONTENT_TYPES = tornado.web.GZipContentEncoding.CONTENT_TYPES | {"application/wasm", "text/x-python"}


def routes(hub: Hub) -> list:
    """The hub's API, dashboard and its pages' scripts: the routes under ``/class/``
    (``sette-kit serve --class`` puts them in Voilà's application)."""
    from sette_kit import theme

    theme_dir = Path(theme.__file__).parent
    return [
        (r"/class/api/nickname", NicknameHandler, {"hub": hub}),
        (r"/class/api/join", JoinHandler, {"hub": hub}),
        (r"/class/api/events", EventsHandler, {"hub": hub}),
        (r"/class/api/state", StateHandler, {"hub": hub}),
        (r"/class/api/summary", SummaryHandler, {"hub": hub}),
        (r"/class/api/control", ControlHandler, {"hub": hub}),
        (r"/class/api/export\.csv", ExportHandler, {"hub": hub}),
        (r"/class/api/notes", NotesHandler, {"hub": hub}),
        (r"/class/api/qr\.svg", QrHandler, {"hub": hub}),
        (r"/class/teacher/?", TeacherPage),
        (r"/class/static/(sette-kit\.css)", ThemeHandler, {"path": str(theme_dir)}),
        (r"/class/static/(.*)", _Static, {"path": str(STATIC)}),
        (r"/class/learner/(class\.js|class\.css)", _Static, {"path": str(LEARNER)}),
    ]


def application(hub: Hub, site: Path | str | None = None, **settings) -> tornado.web.Application:
    """The tornado application: the hub's :func:`routes`, and the static site at ``/`` when given."""
    routes_ = routes(hub)
    if site is not None:
        routes_.append((r"/(.*)", SiteHandler, {"path": str(site), "default_filename": "index.html"}))
    else:
        routes_.append((r"/(.*)", NoSiteHandler))
    app = tornado.web.Application(routes_, xsrf_cookies=False, **settings)
    app.transforms = [t for t in app.transforms if t is not tornado.web.GZipContentEncoding] + [_GZip]
    return app
