"""Interactive ipywidgets views over :mod:`sette_kit` (thin views, no game logic).

``from widgets import ScoreTrainer`` works for every widget; the modules are imported
on first use so that a lesson only pays for the widgets it shows.
"""

from __future__ import annotations

import importlib

# widget class -> module of this package that defines it
_WIDGETS = {
    "ScoreTrainer": "score_trainer",
    "MattaExplorer": "matta_explorer",
    "TablePlayer": "table_player",
    "OddsLab": "odds_lab",
    "StrategyChart": "strategy_chart",
    "SimulationLab": "simulation_lab",
    "VariantExplorer": "variant_explorer",
    "Quiz": "quiz",
    "TrentunoTable": "trentuno_table",
    "QuattroTable": "quattro_table",
    # betting after the first card, risk and ruin, counting hands and cards
    "BettingLab": "betting_lab",
    "BankrollLab": "bankroll_lab",
    "ShoeLab": "shoe_lab",
    "CountingLab": "counting_lab",
    # the lesson kit: predict first, probability trees, interval coverage
    "Predict": "predict",
    "ProbabilityTree": "tree",
    "CoveragePicture": "coverage",
    # bluffing with your stake against a bank that reads it
    "BluffLab": "bluff_lab",
}

__all__ = sorted(_WIDGETS)


def __getattr__(name):  # PEP 562
    if name in _WIDGETS:
        module = importlib.import_module(f"{__name__}.{_WIDGETS[name]}")
        return getattr(module, name)
    raise AttributeError(f"module 'widgets' has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + list(_WIDGETS))
