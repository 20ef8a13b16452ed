"""The class hub's store: committed before acknowledged, idempotent, exported, deleted."""

import csv
import io
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from sette_kit.classroom.store import MAX_NICKNAME, Store
from sette_kit.errors import SetteKitError


def ev(i, **kw):
    e = {"id": f"e{i}", "lesson": "06", "item": "06/predict-1", "kind": "predict", "answer": "higher", "right": True}
    e.update(kw)
    return e


def test_join_and_tokens_are_hashed(tmp_path):
    s = Store(tmp_path / "c.db")
    code = s.open_class()
    lid, token = s.join(code, "Ada")
    assert s.learner(token) == (lid, code, "Ada")
    assert s.learner("not-a-token") is None and s.learner("") is None
    stored = [r[0] for r in s.db.execute("SELECT token_hash FROM learner")]
    assert token not in stored and len(stored[0]) == 64


def test_bad_join_names_what_is_accepted(tmp_path):
    s = Store(tmp_path / "c.db")
    code = s.open_class()
    with pytest.raises(SetteKitError, match="to 24 characters"):
        s.join(code, "x" * (MAX_NICKNAME + 1))
    with pytest.raises(SetteKitError, match="no such class"):
        s.join("ZZZZZ", "Ada")
    assert s.learners(code) == []


def test_events_idempotent_and_all_or_nothing(tmp_path):
    s = Store(tmp_path / "c.db")
    code = s.open_class()
    lid, _ = s.join(code, "Ada")
    assert s.add_events(lid, [ev(1), ev(2, round=2)]) == ["e1", "e2"]
    assert s.add_events(lid, [ev(1), ev(2, round=2)]) == ["e1", "e2"]  # a retry
    assert len(s.events(code)) == 2
    with pytest.raises(SetteKitError, match="accepted predict, exercise"):
        s.add_events(lid, [ev(3), ev(4, kind="essay")])
    with pytest.raises(SetteKitError, match="whole number from 1 to 1000"):
        s.add_events(lid, [ev(5, tries=0)])
    assert len(s.events(code)) == 2  # nothing of a bad batch stored


def test_same_client_id_from_two_learners_is_two_events(tmp_path):
    s = Store(tmp_path / "c.db")
    code = s.open_class()
    a, _ = s.join(code, "Ada")
    b, _ = s.join(code, "Bruno")
    s.add_events(a, [ev(1)])
    s.add_events(b, [ev(1)])
    assert len(s.events(code)) == 2


def test_export_csv_and_end_class(tmp_path):
    s = Store(tmp_path / "c.db")
    code, other = s.open_class("AAAAA"), s.open_class("BBBBB")
    lid, _ = s.join(code, "=cmd()")
    oid, _ = s.join(other, "Eve")
    s.add_events(lid, [ev(1, answer="lower", right=False), ev(2), ev(3, kind="exercise", item="06/exercise-6.1",
                                                                    tries=2, mistake="forgot the card in hand")])
    s.add_events(oid, [ev(1)])
    rows = list(csv.DictReader(io.StringIO(s.export_csv(code))))
    assert [(r["nickname"], r["item"], r["round"], r["answer"], r["right"], r["tries"], r["mistake"]) for r in rows] == [
        ("'=cmd()", "06/predict-1", "1", "higher", "yes", "1", ""),  # the last answer of the round; no formula
        ("'=cmd()", "06/exercise-6.1", "1", "higher", "yes", "2", "forgot the card in hand")]
    s.end_class(code)
    assert s.events(code) == [] and s.learners(code) == [] and code not in s.classes()
    assert len(s.events(other)) == 1  # another class is untouched


WRITER = textwrap.dedent("""
    import sys
    from sette_kit.classroom.store import Store
    s = Store(sys.argv[1]); code = s.open_class("KILL9"); lid, _ = s.join(code, "Ada")
    i = 0
    while True:
        i += 1
        acked = s.add_events(lid, [{"id": f"e{i}", "lesson": "06", "item": "06/predict-1", "kind": "predict",
                                    "answer": str(i)}])
        print(acked[0], flush=True)
""")


def test_kill_9_keeps_every_acknowledged_event(tmp_path):
    db = tmp_path / "c.db"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([os.getcwd(), os.environ.get("PYTHONPATH", "")])}
    p = subprocess.Popen([sys.executable, "-c", WRITER, str(db)], stdout=subprocess.PIPE, text=True, env=env)
    acked = [p.stdout.readline().strip() for _ in range(50)]
    p.send_signal(signal.SIGKILL)
    p.wait()
    acked += [line.strip() for line in p.stdout.read().splitlines() if line.strip()]
    s = Store(db)
    stored = {r[0] for r in s.db.execute("SELECT client_id FROM event")}
    assert set(acked) <= stored and len(acked) >= 50


def test_settings_rows_and_the_pages_exact_answer(tmp_path):
    s = Store(tmp_path / "c.db")
    code = s.open_class("AAAAA")
    lid, _ = s.join(code, "Ada")
    s.add_events(lid, [ev(1, exact="19/39"), ev(2, lesson="07", item="07.p1")])
    assert [(r["nickname"], r["item"], r["exact"]) for r in s.rows(code, "06")] == [("Ada", "06/predict-1", "19/39")]
    assert len(s.rows(code)) == 2
    with pytest.raises(SetteKitError, match="exact="):
        s.add_events(lid, [ev(3, exact="x" * 201)])
    s.put("secret", "abc")
    s.put(f"class:{code}:control", {"lesson": "06"})
    s.close()
    s = Store(tmp_path / "c.db")  # kept across a restart
    assert s.get("secret") == "abc" and s.get(f"class:{code}:control") == {"lesson": "06"} and s.get("x", 1) == 1
    assert (tmp_path / "c.db").stat().st_mode & 0o077 == 0  # the teacher's file only
    s.end_class(code)
    assert s.get(f"class:{code}:control") is None and s.get("secret") == "abc"


def test_a_file_made_before_the_exact_column_gains_it(tmp_path):
    import sqlite3

    db = tmp_path / "old.db"
    old = sqlite3.connect(db)
    old.executescript("""
        CREATE TABLE event (learner INTEGER NOT NULL, client_id TEXT NOT NULL, lesson TEXT NOT NULL,
            item TEXT NOT NULL, kind TEXT NOT NULL, round INTEGER NOT NULL DEFAULT 1, answer TEXT NOT NULL,
            right INTEGER, tries INTEGER NOT NULL DEFAULT 1, mistake TEXT, client_time REAL,
            server_time REAL NOT NULL, PRIMARY KEY (learner, client_id));""")
    old.close()
    s = Store(db)
    code = s.open_class()
    lid, _ = s.join(code, "Ada")
    s.add_events(lid, [ev(1, exact="1/2")])
    assert s.rows(code)[0]["exact"] == "1/2"


def test_export_keeps_two_learners_of_one_nickname_apart(tmp_path):
    s = Store(tmp_path / "c.db")
    code = s.open_class()
    a, _ = s.join(code, "Ada")
    b, _ = s.join(code, "Ada")
    s.add_events(a, [ev(1, answer="higher")])
    s.add_events(b, [ev(1, answer="lower")])
    rows = list(csv.DictReader(io.StringIO(s.export_csv(code))))
    assert [(r["nickname"], r["answer"]) for r in rows] == [("Ada", "higher"), ("Ada", "lower")]


def test_no_cell_of_the_csv_is_a_formula(tmp_path):
    s = Store(tmp_path / "c.db")
    code = s.open_class()
    lid, _ = s.join(code, "@Ada")
    s.add_events(lid, [ev(1, kind="exercise", item="6.1", answer="=HYPERLINK(1)", mistake="+x"),
                       ev(2, kind="exercise", item="6.2", answer="-5")])
    rows = list(csv.DictReader(io.StringIO(s.export_csv(code))))
    assert [(r["nickname"], r["answer"], r["mistake"]) for r in rows] == [
        ("'@Ada", "'=HYPERLINK(1)", "'+x"), ("'@Ada", "-5", "")]
