"""The widgets of group "wa" speak Italian and Spanish.

Each widget is built under ``language("it")`` and ``language("es")`` (a widget speaks
the language current when it is built), one action is done on it (a stake, a draw, an
answer checked), and the text the widget writes itself is read: button descriptions,
tooltips, placeholders, menu labels, and the HTML parts made by the widget (card
pictures and the engine's own sentences - explanations, events - are translated by the
sette_kit modules, so they are left out here).  No English learner word may be left,
and a few key strings are compared exactly.  English stays as it was (the other widget
tests compare it).

Needs the catalogues with this group's fragments merged (``python -m
sette_kit.i18n_catalogue merge``); the language is always restored.
"""

from __future__ import annotations

import re
from fractions import Fraction

import ipywidgets
import pytest

pytest.importorskip("babel")

from sette_kit import odds  # noqa: E402
from sette_kit.i18n import get_language, language  # noqa: E402
from widgets.base import plain_text  # noqa: E402

ENGLISH = {"the", "and", "you", "your", "card", "cards", "bank", "player", "stand",
           "bust", "round", "wins", "with", "hand", "points"}
LANGS = ("it", "es")


def english_words(text: str) -> set:
    return {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH}


def html_text(value: str) -> str:
    """What a reader sees of the widget's own HTML: card pictures out (their names are the
    cards module's), tags stripped."""
    value = re.sub(r"<svg.*?</svg>", " ", value, flags=re.S)
    return plain_text(value)


def controls_text(widget) -> str:
    """Descriptions, tooltips, placeholders and menu labels of every control."""
    out = []

    def walk(x):
        if isinstance(x, ipywidgets.Widget):
            for attr in ("description", "tooltip", "placeholder"):
                v = getattr(x, attr, None)
                if isinstance(v, str) and v:
                    out.append(v)
            out.extend(getattr(x, "_options_labels", ()))
            for c in getattr(x, "children", ()):
                walk(c)

    walk(widget.view)
    return "\n".join(out)


def descriptions(widget) -> set:
    out = set()

    def walk(x):
        if isinstance(x, ipywidgets.Widget):
            if getattr(x, "description", None):
                out.add(x.description)
            for c in getattr(x, "children", ()):
                walk(c)

    walk(widget.view)
    return out


def assert_no_english(text: str, where: str) -> None:
    left = english_words(text)
    assert not left, f"{where}: English words {sorted(left)} in:\n{text}"


@pytest.fixture(autouse=True)
def restore_language():
    before = get_language()
    yield
    assert get_language() == before


# -- the card tables --------------------------------------------------------------------

EXPECT_TABLE = {
    "it": {"buttons": {"Nuova mano", "Punta", "Carta!", "Sto", "Mostra i suggerimenti"},
           "after_stake": "Tocca a te: puoi chiedere carta o stare."},
    "es": {"buttons": {"Nueva ronda", "Apostar", "Pedir carta", "Me planto", "Mostrar pistas"},
           "after_stake": "Te toca: puedes pedir carta o plantarte."},
}


@pytest.mark.parametrize("lang", LANGS)
def test_table_player_speaks_the_language(lang):
    from widgets.table_player import TablePlayer

    with language(lang):
        t = TablePlayer("plain", bots=1, seed=2)
        assert EXPECT_TABLE[lang]["buttons"] <= descriptions(t)
        assert_no_english(controls_text(t), "TablePlayer controls")
        assert_no_english(html_text(t.status.value) + html_text(t.seats_html.value), "TablePlayer before")
        t.stake("3")
        assert EXPECT_TABLE[lang]["after_stake"] in t.status_text
        assert_no_english(html_text(t.status.value) + html_text(t.seats_html.value), "TablePlayer after a stake")
        t.stake("abc")  # a refused action: the message is translated too
        assert_no_english(t.message_text, "TablePlayer message")
        t.stand()
        assert_no_english(html_text(t.status.value), "TablePlayer settled")
        assert_no_english(controls_text(t), "TablePlayer controls after a round")
    assert t.status_text  # built in `lang`, still readable after the block


@pytest.mark.parametrize("lang", LANGS)
def test_quattro_table_speaks_the_language(lang):
    from widgets.quattro_table import QuattroTable

    with language(lang):
        q = QuattroTable(players=3, seed=2)
        want = {"it": {"Pesca", "Sto", "Mano successiva", "Nuova partita", "Suggerimenti"},
                "es": {"Pedir carta", "Me planto", "Mano siguiente", "Nueva partida", "Pistas"}}[lang]
        assert want <= descriptions(q)
        assert q.game.names[0] == {"it": "Giocatore", "es": "Jugador"}[lang]
        for step in ("before", "after a draw"):
            assert_no_english(controls_text(q), f"QuattroTable controls {step}")
            assert_no_english(html_text(q.status.value) + html_text(q.board.value)
                              + html_text(q.table_html.value), f"QuattroTable {step}")
            q.draw()


@pytest.mark.parametrize("lang", LANGS)
def test_trentuno_table_speaks_the_language(lang):
    from widgets.trentuno_table import TrentunoTable

    with language(lang):
        t = TrentunoTable(bots=2, seed=4)
        want = {"it": {"Pesca dal tallone", "Bussa", "Nuova partita"},
                "es": {"Robar del mazo", "Tocar", "Nueva partida"}}[lang]
        assert want <= descriptions(t)
        assert_no_english(html_text(t.status.value) + html_text(t.table_html.value), "TrentunoTable before")
        t.draw_stock()
        assert_no_english(controls_text(t), "TrentunoTable controls after a draw")
        assert_no_english(html_text(t.status.value) + html_text(t.table_html.value), "TrentunoTable after")
        assert {"it": "Scarta ", "es": "Descartar "}[lang] in controls_text(t)


# -- trainers and explorers -------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_score_trainer_speaks_the_language(lang):
    from widgets.score_trainer import ScoreTrainer

    with language(lang):
        s = ScoreTrainer(seed=1)
        assert {"it": {"Distribuisci", "Verifica", "Mostra la risposta"},
                "es": {"Repartir", "Comprobar", "Mostrar la respuesta"}}[lang] <= descriptions(s)
        s.set_quiz_mode(True)
        assert_no_english(controls_text(s) + html_text(s.prompt.value) + html_text(s.result_html.value),
                          "ScoreTrainer quiz")
        s.reveal()
        assert s.feedback_text.startswith({"it": "La mano vale ", "es": "La mano vale "}[lang])
        assert {"it": "Punteggio: 0/0 giuste", "es": "Puntuación: 0/0 correctas"}[lang] in s.feedback_text


@pytest.mark.parametrize("lang", LANGS)
def test_matta_explorer_speaks_the_language(lang):
    from widgets.matta_explorer import MattaExplorer

    with language(lang):
        m = MattaExplorer(cards="Re di denari, 3 di spade, Fante di coppe")
        m.declare(7)
        text = controls_text(m) + html_text(m.table_html.value) + html_text(m.declared_html.value)
        assert_no_english(text, "MattaExplorer")
        assert {"it": "Valore della matta", "es": "Valor del comodín"}[lang] in text
        assert {"it": "Hai dichiarato 7: totale 10½, sballato.",
                "es": "Has declarado 7: total 10½, pasado (te pasas)."}[lang] in m.declared_text


@pytest.mark.parametrize("lang", LANGS)
def test_variant_explorer_speaks_the_language(lang):
    from widgets.variant_explorer import VariantExplorer

    with language(lang):
        v = VariantExplorer("italian", edge=False)
        v.set_option("dealer_wins_ties", False)
        assert_no_english(controls_text(v), "VariantExplorer controls")
        assert {"it": "Il banco vince i pareggi (S13)", "es": "La banca gana los empates (S13)"}[lang] \
            in descriptions(v)
        assert {"it": "Che cosa cambia rispetto alle regole italiane:",
                "es": "Qué cambia respecto a las reglas italianas:"}[lang] in html_text(v.changes_html.value)
        assert {"it": "Le tue mosse dopo aver puntato 2", "es": "Tus jugadas después de apostar 2"}[lang] \
            in v.result_text


@pytest.mark.parametrize("lang", LANGS)
def test_odds_lab_speaks_the_language(lang):
    from widgets.odds_lab import OddsLab

    with language(lang):
        lab = OddsLab("plain", cards="6 di coppe", seen="7 di spade, Re di bastoni")
        lab.add_card("Fante di denari", "seen")
        text = (controls_text(lab) + html_text(lab.seen_view.value) + html_text(lab.hand_view.value)
                + html_text(lab.result_html.value))
        assert_no_english(text, "OddsLab")
        assert {"it": "P(sballare con un'altra carta)", "es": "P(pasarte con otra carta)"}[lang] in text
        assert {"it": "Aggiungi alle viste", "es": "Añadir a las vistas"}[lang] in descriptions(lab)


@pytest.mark.parametrize("lang", LANGS)
def test_strategy_chart_letters_and_legend(lang):
    from widgets.strategy_chart import StrategyChart, grid_legend_text

    with language(lang):
        c = StrategyChart("plain", background=False, show_chart=False)
        assert_no_english(controls_text(c), "StrategyChart controls")
        legend = grid_legend_text()
        assert legend == {"it": "C chiedere carta, S stare, c/s di solito chiedere carta/stare (dipende dalle "
                                "carte), . mai raggiunto",
                          "es": "C pedir carta, P plantarte, c/p casi siempre pedir carta/plantarte (depende de "
                                "las cartas), . nunca se llega"}[lang]
        grid = c.chart_html.value
        assert legend in html_text(grid) and ">H<" not in grid and ">C<" in grid.replace("<td>C</td>", ">C<")
        c.lookup("abc")  # the reason is the cards module's; the example is the widget's
        assert c.message_text.endswith({"it": ". Scrivila così: 7 di coppe oppure 7c.",
                                        "es": ". Escríbela así: 7 de copas o 7c."}[lang])
    assert grid_legend_text() == "H hit, S stand, h/s mostly hit/stand (depends on the cards), . not reached"


# -- Predict, Quiz, the tree --------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_predict_speaks_the_language(lang):
    from widgets.predict import Predict

    with language(lang):
        p = Predict("?", Fraction(19, 39))
        assert {"it": {"Confermo la mia previsione", "Non lo so, fammi vedere"},
                "es": {"Confirmo mi predicción", "No lo sé, enséñamelo"}}[lang] <= descriptions(p)
        p.guess("40%")
        text = controls_text(p) + "\n" + p.result_text
        assert_no_english(text, "Predict")
        assert {"it": "Vicino: 8,7 punti percentuali in meno.",
                "es": "Cerca: 8,7 puntos porcentuales de menos."}[lang] in p.result_text
        assert p.closeness == "close"  # the key stays English

        h = Predict("?", Fraction(1, 3), kind="higher_lower", than=Fraction(1, 2), than_text="½")
        labels = {b.description for b in h.buttons}
        assert labels == {"it": {"Più alta di ½", "Più bassa di ½"}, "es": {"Mayor que ½", "Menor que ½"}}[lang]
        assert h.guess({"it": "più basso", "es": "más bajo"}[lang]) is True
        assert_no_english(h.result_text, "Predict higher/lower")


@pytest.mark.parametrize("lang", LANGS)
def test_quiz_speaks_the_language(lang):
    from widgets.quiz import Quiz

    with language(lang):
        q = Quiz.practice("worth", rules="plain", seed=3)
        assert {"it": {"Verifica", "Suggerimento", "Mostra la risposta", "Domanda successiva"},
                "es": {"Comprobar", "Pista", "Mostrar la respuesta", "Siguiente pregunta"}}[lang] <= descriptions(q)
        q.check("99")
        assert {"it": "Punteggio: 0/1 giuste · Serie: 0 · record: 0",
                "es": "Puntuación: 0/1 correctas · Racha: 0 · récord: 0"}[lang] == html_text(q.score_html.value)
        assert {"it": "Riprova, chiedi un suggerimento o mostra la risposta.",
                "es": "Inténtalo de nuevo, pide una pista o muestra la respuesta."}[lang] in q.feedback_text
        q.reveal()
        assert q.feedback_text.startswith({"it": "La risposta è ", "es": "La respuesta es "}[lang])
        assert_no_english(controls_text(q) + html_text(q.score_html.value), "Quiz")


@pytest.mark.parametrize("lang", LANGS)
def test_tree_captions(lang):
    from widgets.tree import ProbabilityTree

    with language(lang):
        t = ProbabilityTree("5 di coppe", "hit once, then stand", dealer=odds.stand_at(5))
        t.set_plan("hit until 7 or more")
        assert t.plan_menu.label == {"it": "chiedi carta finché arrivi a 7 o più",
                                     "es": "pide carta hasta llegar a 7 o más"}[lang]
        assert_no_english(controls_text(t) + html_text(t.sum_view.value), "ProbabilityTree")
        assert {"it": "Apri tutti i livelli", "es": "Abrir todos los niveles"}[lang] in descriptions(t)
        assert {"it": "Le foglie sommate", "es": "Las hojas sumadas"}[lang] in html_text(t.sum_view.value)
        t.set_plan("hit until 9")
        assert t.message_text.startswith({"it": "piano 'hit until 9': i piani possibili sono ",
                                          "es": "plan 'hit until 9': los planes posibles son "}[lang])


# -- shared pieces ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_shared_pieces(lang):
    from widgets._labkit import whole
    from widgets._table import log_panel, pct_text
    from widgets.render import back_svg, hand_html
    from sette_kit.errors import SetteKitError

    with language(lang):
        assert pct_text(Fraction(1, 8)) == "12,5%"
        assert 'aria-label="{}"'.format({"it": "una carta coperta", "es": "una carta boca abajo"}[lang]) in back_svg()
        assert {"it": 'aria-label="Mano: nessuna carta"', "es": 'aria-label="Mano: ninguna carta"'}[lang] \
            in hand_html([])
        assert {"it": "· 9 voci", "es": "· 9 entradas"}[lang] in log_panel([str(i) for i in range(9)], "Log")
        with pytest.raises(SetteKitError) as e:
            whole("12", 100, 100000, "N")
        assert str(e.value) == {"it": "N: serve un numero da 100 a 100.000 (hai scritto 12).",
                                "es": "N: hace falta un número de 100 a 100.000 (escribiste 12)."}[lang]
    assert pct_text(Fraction(1, 8)) == "12.5%"
