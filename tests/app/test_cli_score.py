"""`sette-kit score` (the rules package's foundation)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sette_kit.cli import main


def test_score_explains_the_matta_taking_four(capsys):
    assert main(["score", "Re di denari, Fante di coppe, 3 di spade", "--preset", "italian"]) == 0
    out = capsys.readouterr().out
    assert "Score: 7½ (sette e mezzo), matta = 4" in out
    assert "the best value is 4" in out
    assert "not a reale (a reale needs exactly two cards, S5)" in out


def test_score_reale(capsys):
    assert main(["score", "7 di denari, Fante di denari", "--preset", "italian"]) == 0
    assert "sette e mezzo reale (S5)" in capsys.readouterr().out


def test_score_declared_value_and_face(capsys):
    assert main(["score", "K♦ 3♣", "--declare", "7"]) == 0
    assert "bust" in capsys.readouterr().out
    assert main(["score", "7c", "--face", "french", "--preset", "plain"]) == 0
    assert "7 di bastoni" in capsys.readouterr().out


@pytest.mark.parametrize("argv, problem", [
    (["score", "8 di coppe"], "8, 9 and 10"),
    (["score", "7c", "--preset", "german"], "accepted presets"),
    (["score", "Rd 3c", "--declare", "9"], "accepted values"),
])
def test_bad_input_prints_the_error_and_exits_2(argv, problem, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert problem in err and "Traceback" not in err


def test_mixed_faces_give_the_clear_error(capsys):
    # before: "7c Kc" was 7 di coppe and Re di bastoni, "not a reale: ... same suit"
    assert main(["score", "7c Kc"]) == 2
    err = capsys.readouterr().err
    assert "'Kc' mixes two faces" in err and "'Rb'" in err and "--face french" in err
    assert "face='french'" not in err and "Traceback" not in err
    assert main(["score", "7c Kc", "--face", "french", "--preset", "plain"]) == 0
    assert "7 di bastoni" in capsys.readouterr().out


def test_spanish_numbered_figures(capsys):
    assert main(["score", "7 de oros, 12 de oros", "--preset", "spanish"]) == 0
    out = capsys.readouterr().out
    assert "Score: 7½ (siete y media)" in out and "sette e mezzo" not in out     # the Spanish game's name


def test_console_script_runs_as_a_module():
    r = subprocess.run([sys.executable, "-m", "sette_kit", "score", "7d Fd"], capture_output=True, text=True)
    assert r.returncode == 0 and "reale" in r.stdout
    r = subprocess.run([sys.executable, "-m", "sette_kit", "score", "xyz"], capture_output=True, text=True)
    assert r.returncode == 2 and "cannot read 'xyz'" in r.stderr


def test_import_is_light():
    # a quick start: `import sette_kit` under 150 ms; the heavy libraries must not load with it
    code = ("import sys, sette_kit; bad = [m for m in ('numpy', 'ipywidgets', 'matplotlib') if m in sys.modules];"
            "print(','.join(bad))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == ""
