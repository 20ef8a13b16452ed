"""A class's learners and answers in one SQLite file (WAL, ``synchronous=FULL``).

Every event is committed before :meth:`Store.add_events` returns its ids, so a hub
that acknowledges only those ids never acknowledges an event it could lose.  Events
are idempotent by the client's event id: a retried event is stored once.  Learner
tokens are stored hashed (SHA-256) and compared in constant time.

>>> s = Store(":memory:")
>>> code = s.open_class()
>>> learner, token = s.join(code, "Ada")
>>> s.add_events(learner, [{"id": "e1", "lesson": "06", "item": "06/predict-1", "kind": "predict",
...                         "answer": "higher", "right": True}])
['e1']
>>> s.add_events(learner, [{"id": "e1", "lesson": "06", "item": "06/predict-1", "kind": "predict",
...                         "answer": "higher", "right": True}])
['e1']
>>> len(s.events(code))
1
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import os
import re
import secrets
import sqlite3
import time

from sette_kit.errors import SetteKitError

__all__ = ["Store", "MAX_NICKNAME", "MAX_ANSWER", "KINDS"]

MAX_NICKNAME = 24
"""A nickname's longest length, in characters."""
MAX_ANSWER = 200
"""An answer's longest length, in characters."""
KINDS = ("predict", "exercise")
"""What an event answers: a Predict or an exercise."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS class (code TEXT PRIMARY KEY, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS learner (
    id INTEGER PRIMARY KEY, class TEXT NOT NULL REFERENCES class(code) ON DELETE CASCADE,
    nickname TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE, joined REAL NOT NULL);
CREATE TABLE IF NOT EXISTS event (
    learner INTEGER NOT NULL REFERENCES learner(id) ON DELETE CASCADE,
    client_id TEXT NOT NULL, lesson TEXT NOT NULL, item TEXT NOT NULL, kind TEXT NOT NULL,
    round INTEGER NOT NULL DEFAULT 1, answer TEXT NOT NULL, right INTEGER, tries INTEGER NOT NULL DEFAULT 1,
    mistake TEXT, client_time REAL, server_time REAL NOT NULL,
    PRIMARY KEY (learner, client_id));
CREATE TABLE IF NOT EXISTS setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read off a projector


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _text(value, name: str, most: int, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()) or len(value) > most:
        raise SetteKitError(f"{name}={value!r:.60}: give text of {'0' if empty else '1'} to {most} characters")
    if any(ord(ch) < 32 for ch in value):
        raise SetteKitError(f"{name}: control characters are not accepted")
    return value


_NUMBER = re.compile(r"[+-]?\d+(?:[.,/]\d+)?%?")


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet cannot read as a formula: a leading ' before =, @, a tab
    or a return, and before + or - unless the text is a plain number ("-5" stays).

    >>> _cell("=SUM(A1)"), _cell("-5"), _cell("-1+1"), _cell("Ada")
    ("'=SUM(A1)", '-5', "'-1+1", 'Ada')
    """
    if text.startswith(("=", "@", "\t", "\r")) or (text.startswith(("+", "-")) and not _NUMBER.fullmatch(text)):
        return "'" + text
    return text


class Store:
    """The hub's database: one file, or ``":memory:"`` for tests."""

    def __init__(self, path) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)
        columns = {r[1] for r in self.db.execute("PRAGMA table_info(event)")}
        if "exact" not in columns:  # a file made before the hub: the page's own exact answer, for the dashboard
            self.db.execute("ALTER TABLE event ADD COLUMN exact TEXT")
        if self.path != ":memory:":
            try:
                os.chmod(self.path, 0o600)  # the teacher's secret and the class's answers: the teacher's only
            except OSError:  # pragma: no cover - a file system without modes
                pass

    def close(self) -> None:
        self.db.close()

    # -- class and learners --------------------------------------------------------------
    def open_class(self, code: str | None = None) -> str:
        """Open a class (a new short code unless ``code`` is given) and return its code."""
        code = code or "".join(secrets.choice(_ALPHABET) for _ in range(5))
        with self.db:
            self.db.execute("INSERT OR IGNORE INTO class VALUES (?, ?)", (code, time.time()))
        return code

    def classes(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT code FROM class ORDER BY created")]

    def join(self, code: str, nickname: str) -> tuple[int, str]:
        """A learner joins class ``code``: (learner id, learner token).  Only the token's hash is kept."""
        nickname = _text(nickname, "nickname", MAX_NICKNAME).strip()
        if not self.db.execute("SELECT 1 FROM class WHERE code = ?", (code,)).fetchone():
            raise SetteKitError(f"class code {code!r:.20}: no such class; accepted: the code on the teacher's screen")
        token = secrets.token_urlsafe(24)
        with self.db:
            cur = self.db.execute("INSERT INTO learner (class, nickname, token_hash, joined) VALUES (?, ?, ?, ?)",
                                  (code, nickname, _hash(token), time.time()))
        assert cur.lastrowid is not None  # the INSERT's row
        return cur.lastrowid, token

    def learner(self, token: str) -> tuple[int, str, str] | None:
        """(learner id, class code, nickname) of a token, or None.  Looked up by hash, then compared in constant time."""
        if not isinstance(token, str) or not token:
            return None
        h = _hash(token)
        row = self.db.execute("SELECT id, class, nickname, token_hash FROM learner WHERE token_hash = ?", (h,)).fetchone()
        if row is None or not hmac.compare_digest(row[3], h):
            return None
        return row[0], row[1], row[2]

    def learners(self, code: str) -> list[tuple[int, str]]:
        return list(self.db.execute("SELECT id, nickname FROM learner WHERE class = ? ORDER BY id", (code,)))

    # -- events --------------------------------------------------------------------------
    @staticmethod
    def _event(e) -> tuple:
        if not isinstance(e, dict):
            raise SetteKitError("an event is a JSON object with id, lesson, item, kind, answer")
        kind = e.get("kind")
        if kind not in KINDS:
            raise SetteKitError(f"kind={kind!r:.30}: accepted {', '.join(KINDS)}")
        rnd, tries = e.get("round", 1), e.get("tries", 1)
        for name, v in (("round", rnd), ("tries", tries)):
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 1000:
                raise SetteKitError(f"{name}={v!r:.30}: accepted a whole number from 1 to 1000")
        right = e.get("right")
        if right not in (True, False, None):
            raise SetteKitError(f"right={right!r:.30}: accepted true, false or null")
        ct = e.get("client_time")
        if ct is not None and (isinstance(ct, bool) or not isinstance(ct, (int, float))):
            raise SetteKitError(f"client_time={ct!r:.30}: accepted a number of seconds, or null")
        mistake, exact = e.get("mistake"), e.get("exact")
        return (_text(e.get("id"), "id", 64), _text(e.get("lesson"), "lesson", 8), _text(e.get("item"), "item", 64),
                kind, rnd, _text(e.get("answer"), "answer", MAX_ANSWER, empty=True),
                None if right is None else int(right), tries,
                None if mistake is None else _text(mistake, "mistake", 200), ct,
                None if exact is None else _text(exact, "exact", MAX_ANSWER))

    def add_events(self, learner: int, events) -> list[str]:
        """Store a learner's events in one transaction; return their client ids once committed.

        All or nothing: a bad event raises :class:`SetteKitError` and none is stored.
        An id already stored for this learner is acknowledged again and not stored twice."""
        rows = [self._event(e) for e in events]
        now = time.time()
        with self.db:
            self.db.executemany(
                "INSERT OR IGNORE INTO event (learner, client_id, lesson, item, kind, round, answer, right, tries, "
                "mistake, client_time, exact, server_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(learner, *r, now) for r in rows])
        return [r[0] for r in rows]

    def events(self, code: str) -> list[sqlite3.Row]:
        cur = self.db.execute(
            "SELECT l.nickname, e.lesson, e.item, e.kind, e.round, e.answer, e.right, e.tries, e.mistake, "
            "e.server_time FROM event e JOIN learner l ON l.id = e.learner WHERE l.class = ? "
            "ORDER BY e.server_time, e.rowid", (code,))
        return cur.fetchall()

    def rows(self, code: str, lesson: str | None = None) -> list[dict]:
        """The class's events as dicts (learner id and nickname, lesson, item, kind, round,
        answer, right, tries, mistake, exact, server_time), oldest first; of one lesson if given."""
        sql = ("SELECT e.learner, l.nickname, e.lesson, e.item, e.kind, e.round, e.answer, e.right, e.tries, "
               "e.mistake, e.exact, e.server_time FROM event e JOIN learner l ON l.id = e.learner WHERE l.class = ?")
        args: tuple = (code,)
        if lesson is not None:
            sql, args = sql + " AND e.lesson = ?", (code, lesson)
        names = ("learner", "nickname", "lesson", "item", "kind", "round", "answer", "right", "tries", "mistake",
                 "exact", "server_time")
        return [dict(zip(names, r)) for r in self.db.execute(sql + " ORDER BY e.server_time, e.rowid", args)]

    # -- settings: the hub's own state (its secret, the class's controls), kept across a restart ----------
    def get(self, key: str, default=None):
        """A setting stored as JSON, or ``default``."""
        row = self.db.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
        return default if row is None else json.loads(row[0])

    def put(self, key: str, value) -> None:
        """Store a setting (JSON), committed before this returns."""
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO setting VALUES (?, ?)", (key, json.dumps(value)))

    # -- after class ---------------------------------------------------------------------
    def export_csv(self, code: str) -> str:
        """Learner × item: the last answer of each learner to each item and round."""
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(["nickname", "lesson", "item", "kind", "round", "answer", "right", "tries", "mistake", "time"])
        last = {}
        for r in self.rows(code):  # one row per learner (not per nickname: two may share one), item and round
            last[(r["learner"], r["item"], r["round"])] = r
        for r in last.values():
            right = "" if r["right"] is None else ("yes" if r["right"] else "no")
            w.writerow([_cell(r["nickname"]), r["lesson"], r["item"], r["kind"], r["round"], _cell(r["answer"]),
                        right, r["tries"], _cell(r["mistake"] or ""),
                        time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(r["server_time"]))])
        return out.getvalue()

    def end_class(self, code: str) -> None:
        """Delete the class, its learners and their events."""
        with self.db:
            self.db.execute("DELETE FROM event WHERE learner IN (SELECT id FROM learner WHERE class = ?)", (code,))
            self.db.execute("DELETE FROM learner WHERE class = ?", (code,))
            self.db.execute("DELETE FROM class WHERE code = ?", (code,))
            self.db.execute("DELETE FROM setting WHERE key LIKE ?", (f"class:{code}:%",))
