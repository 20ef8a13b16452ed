"""The charts and the labs of group "wb" speak Italian and Spanish.

Each lab is built under ``language("it")`` and ``language("es")``, one action is run
(simulate, deal, run), and the text a learner reads is collected: descriptions,
tooltips, placeholders, the options' labels and the HTML values with their tags
stripped.  No word of :data:`ENGLISH` may be left in it, and a few key strings are
compared exactly.  What other modules write inside a lab (the cards' pictures and
names from ``widgets.render``, the counting explanations of ``sette_kit.counting``)
is those modules' own, checked by their tests, and is left out here.

These tests read the catalogues: run the lead's merge command first in a worktree
(``python -m sette_kit.i18n_catalogue update && python -m sette_kit.i18n_catalogue
merge /work/notes/i18n/*.po``).
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape
from html.parser import HTMLParser

import pytest

pytest.importorskip("babel")
ipywidgets = pytest.importorskip("ipywidgets")

from sette_kit import counting  # noqa: E402
from sette_kit.i18n import get_language, language  # noqa: E402
from widgets import charts  # noqa: E402

ENGLISH = {"the", "and", "you", "your", "card", "cards", "bank", "player", "stand",
           "bust", "round", "wins", "with", "hand", "points"}

# elements written by other modules (cards from widgets.render, explanations from
# sette_kit via widgets.base.lines_html): their words are not this group's
SKIP_CLASSES = {"sk-hand", "sk-lines", "sk-explain", "sk-count-words"}
VOID = {"br", "img", "input", "hr", "meta", "link", "col", "area", "source", "wbr"}


class _Text(HTMLParser):
    """The text nodes of an HTML fragment, leaving out <style> and the SKIP_CLASSES elements."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.stack: list[bool] = []  # per open element: is it skipped (itself or an ancestor)?

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        classes = set((dict(attrs).get("class") or "").split())
        skipped = (self.stack and self.stack[-1]) or tag == "style" or bool(classes & SKIP_CLASSES)
        self.stack.append(skipped)

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]):
            self.parts.append(data)


def html_text(value: str) -> str:
    p = _Text()
    p.feed(value)
    p.close()
    return unescape(" ".join(p.parts))


def learner_text(widget) -> str:
    """Everything a learner reads in a widget tree (see the module's docstring)."""
    out: list[str] = []

    def walk(w):
        if isinstance(w, ipywidgets.HTML):
            out.append(html_text(w.value))
        for attr in ("description", "tooltip", "placeholder"):
            v = getattr(w, attr, None)
            if isinstance(v, str):
                out.append(v)
        out.extend(getattr(w, "_options_labels", ()) or ())
        for c in getattr(w, "children", ()) or ():
            walk(c)

    walk(widget.view if hasattr(widget, "view") else widget)
    return re.sub(r"\s+", " ", " ".join(out))


def english_words(text: str) -> list[str]:
    return sorted({w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH})


LANGS = ("it", "es")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    assert get_language() == "en"  # every test restores the language


# -- the charts -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, describe, title", [("it", "Descrivi questo grafico", "Distribuzione"),
                                                   ("es", "Describe este gráfico", "Distribución")])
def test_chart_title_desc_and_describe(lang, describe, title):
    with language(lang):
        c = charts.distribution_bar({"7½": Fraction(1, 4), "8": Fraction(3, 4)}, highlight=["8"])
    assert f"<title>{title}</title>" in c.svg and c.title == title
    assert f">{describe}</summary>" in c.html
    assert c.text.startswith(f"{title}: 7½: 1/4 (") and c.text.endswith(").")
    assert ("(evidenziato)" if lang == "it" else "(resaltado)") in c.text
    assert not english_words(html_text(c.html))


@pytest.mark.parametrize("lang, words", [("it", ["dopo 100 mani la media è", "il valore esatto è", "dentro la fascia",
                                                 "mani giocate", "Media progressiva", "fascia al 95%"]),
                                         ("es", ["tras 100 manos la media es", "el valor exacto es",
                                                 "dentro de la banda", "manos jugadas", "Media acumulada",
                                                 "banda al 95%"])])
def test_running_mean_in_other_languages(lang, words):
    with language(lang):
        c = charts.running_mean([1, -1] * 50, exact=0)
    shown = html_text(c.html)
    for w in words:
        assert w in shown, w
    assert not english_words(shown) and not english_words(c.svg.split("<desc>")[1].split("</desc>")[0])


@pytest.mark.parametrize("lang", LANGS)
def test_paths_coverage_strategy_and_area_charts(lang):
    with language(lang):
        made = [charts.paths_chart([(5, 6, 7, 8, 9, 10), (5, 4, 3, 2, 1, 0), (5, 6, 5)],
                                   ["target", "ruined", "playing"], target=10, rounds=5, highlight=[1]),
                charts.coverage_chart([(-0.3, -0.1, -0.2), (0.0, 0.2, 0.1), (-0.25, 0.05, -0.1)], exact=-0.17),
                charts.strategy_table([["H", "S"], [".", "S"]], rows=[4, 5], cols=["a", "b"]),
                charts.histogram([1, 1, -1, 2]),
                charts.signed_bar({"6": Fraction(1, 10), "7": Fraction(-1, 4)}),
                charts.area_diagram([("a", (4, 40)), ("b", (36, 40))],
                                    {"a": [("x", (12, 39)), ("y", (27, 39))],
                                     "b": [("x", Fraction(35, 117)), ("y", Fraction(82, 117))]},
                                    highlight=("a", "x"))]
    for c in made:
        assert not english_words(html_text(c.html)), (c.title, english_words(html_text(c.html)))
    cov = made[1]
    assert cov.title == ("2 intervalli su 3 contengono il valore esatto" if lang == "it"
                         else "2 de 3 intervalos contienen el valor exacto")


def test_charts_keep_english():
    c = charts.paths_chart([(5, 6, 7, 8, 9, 10), (5, 4, 3, 2, 1, 0), (5, 6, 5)], ["target", "ruined", "playing"],
                           target=10, rounds=5, highlight=[1])
    assert c.text == ("Bankroll paths: 3 paths from 5. 1 ruined, 1 reached the target of 10, 1 still playing after "
                      "5 rounds. Highlighted: path 2 ruined after 5 rounds.")
    assert ">Describe this chart</summary>" in c.html and charts.number(1000000) == "1,000,000"


@pytest.mark.parametrize("lang", LANGS)
def test_thousands_in_the_language(lang):
    with language(lang):
        assert charts.thousands(9880) == "9.880" and charts.thousands(1234.56, 1) == "1.234,6"
        assert charts.number(1000000) == "1.000.000"
    assert charts.thousands(9880) == "9,880"


# -- the labs ---------------------------------------------------------------------------------

def _simulation():
    from widgets.simulation_lab import SimulationLab

    lab = SimulationLab("plain", player="optimal", rounds=2000, seed=1)
    lab.run(wait=True)
    return lab


def _bankroll():
    from widgets.bankroll_lab import BankrollLab

    lab = BankrollLab("plain", bankroll=100, target=200, stake=10, paths=20, rounds=100, background=False)
    lab.simulate(paths=400, wait=True)
    return lab


def _betting():
    from widgets.betting_lab import BettingLab

    return BettingLab("plain", "5", min_stake=1, max_stake=10, background=False)


def _shoe():
    from widgets.shoe_lab import ShoeLab

    lab = ShoeLab("plain", seed=1, hand="5d", background=False)
    lab.deal(5)
    return lab


def _counting():
    from widgets.counting_lab import CountingLab

    lab = CountingLab(n=4, k=2)
    lab.another_hand()
    return lab


def _coverage():
    from widgets.coverage import CoveragePicture

    return CoveragePicture("plain", rounds=1000, runs=100, seed=1)


LABS = {"simulation": _simulation, "bankroll": _bankroll, "betting": _betting, "shoe": _shoe,
        "counting": _counting, "coverage": _coverage}


def _without_counting_words(lab, text: str) -> str:
    """CountingLab's result quotes ``counting.draws(...).words`` (sette_kit's own text)."""
    if hasattr(lab, "draws") and lab.draws is not None:
        for line in lab.draws.words.splitlines():
            said = line.split(": ", 1)[-1]
            text = text.replace(said[0].upper() + said[1:], " ")
    return text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(LABS))
def test_lab_has_no_english_words(lang, name):
    with language(lang):
        lab = LABS[name]()
        text = _without_counting_words(lab, learner_text(lab))
    assert len(text) > 100
    assert not english_words(text), (name, english_words(text), text[:3000])


EXACT = {
    "it": {"simulation": ["Avvia", "Annulla", "Regole:", "semplici", "Giocatore:", "strategia ottimale",
                          "Intervallo di confidenza al 95%", "Conteggio dei risultati"],
           "bankroll": ["Simula", "Nuovi percorsi", "Capitale:", "puntata fissa", "Volatilità contro vantaggio",
                        "Simula la probabilità di rovina"],
           "betting": ["puntata 10", "Che cosa capisce il banco dalla tua puntata", "Carta per carta",
                       "La soglia del banco contro due giocatori"],
           "shoe": ["Distribuisci una mano", "Mazzo nuovo (rimescola tutto)", "La tua mano:", "sballare, mazzo nuovo",
                    "Probabilità ora e con un mazzo nuovo"],
           "counting": ["Un'altra mano", "Carte in una mano:", "i quattro Assi (4 carte)"],
           "coverage": ["Altre 100 serie", "Finora: 6 intervalli su 100 hanno mancato il valore esatto"]},
    "es": {"simulation": ["Ejecutar", "Cancelar", "Reglas:", "simples", "Jugador:", "estrategia óptima",
                          "Intervalo de confianza del 95%", "Recuento de resultados"],
           "bankroll": ["Simular", "Nuevas trayectorias", "Capital:", "apuesta fija", "Volatilidad frente a ventaja",
                        "Simula la probabilidad de ruina"],
           "betting": ["apuesta 10", "Lo que la banca puede deducir de tu apuesta", "Carta a carta",
                       "El umbral de la banca contra dos jugadores"],
           "shoe": ["Reparte una ronda", "Baraja nueva (barajar todo)", "Tu mano:", "pasarse, baraja nueva",
                    "Probabilidades ahora y con una baraja nueva"],
           "counting": ["Otra mano", "Cartas por mano:", "los cuatro Ases (4 cartas)"],
           "coverage": ["Otras 100 tandas", "Hasta ahora: 6 de 100 intervalos no han contenido el valor exacto"]},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(LABS))
def test_lab_key_strings(lang, name):
    with language(lang):
        text = learner_text(LABS[name]())
    for s in EXACT[lang][name]:
        assert s in text, (name, s)


@pytest.mark.parametrize("lang, said", [
    ("it", "Le mani: serve un valore da 1.000 a 10.000.000 (hai scritto 12)."),
    ("es", "Las rondas: tiene que ser de 1.000 a 10.000.000 (has escrito 12)."),
])
def test_simulation_lab_error_message(lang, said):
    from widgets.simulation_lab import SimulationLab

    with language(lang):
        lab = SimulationLab("plain", rounds=2000)
        lab.set_rounds("12")
        assert lab.message_text == said


@pytest.mark.parametrize("lang", LANGS)
def test_counting_helpers_charts(lang):
    from widgets.counting_lab import trentuno_scores_chart

    with language(lang):
        h = trentuno_scores_chart(html=True)
    title = ("Trentuno: il punteggio di una mano servita (9.880 mani)" if lang == "it"
             else "Trentuno: la puntuación de una mano repartida (9.880 manos)")
    assert f"<title>{title}</title>" in h
    assert not english_words(charts.caption_text(h))


def test_labs_keep_english():
    lab = _shoe()
    assert lab.deal_button.description == "Deal a round" and lab.rules_menu.options[0][0] in ("italian", "plain")
    assert "Odds now and from a fresh deck" in learner_text(lab)
    assert counting.draws(2, 4).ordered == 12
