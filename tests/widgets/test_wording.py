"""The widgets' wording of the rules: the Spanish game's name, the
matta's source in words, the French matta named once."""

from __future__ import annotations

import re

import pytest

from sette_kit import Rules

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ITALIAN = Rules.preset("italian")
SEED = re.compile(r"seed 00\d", re.I)


def test_score_trainer_names_the_spanish_game():
    pytest.importorskip("ipywidgets")
    from widgets import ScoreTrainer

    t = ScoreTrainer("spanish", cards="7o Ro")
    assert "siete y media" in t.result_text and "sette e mezzo" not in t.result_text


def test_matta_explorer_names_the_source_in_words():
    pytest.importorskip("ipywidgets")
    from widgets import MattaExplorer

    m = MattaExplorer("italian")
    assert "The Italian rules say" in m.declared_html.value and not SEED.search(m.declared_html.value)


def test_matta_explorer_names_the_french_matta_once():
    pytest.importorskip("ipywidgets")
    from sette_kit import SetteKitError
    from widgets import MattaExplorer

    m = MattaExplorer(ITALIAN.replace(face="french"))
    with pytest.raises(SetteKitError) as err:
        m._read("3♥ 4♠")
    assert str(err.value).count("King of diamonds (King of diamonds)") == 0
