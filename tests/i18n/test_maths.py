"""The maths modules speak Italian and Spanish - quiz questions (text, hints,
mistake feedback), explain_bust, a probability tree's labels and counting, Quattro e
mezzo's explanations and a round's events, the staking plan and the round law of risk.

The catalogues are sette_kit/locale/<lang>/LC_MESSAGES/sette_kit.po, into which the lead
merges every group's fragment (in a worktree: run the merge command of
/work/notes/i18n/CODE.md first).
"""

import re
from fractions import Fraction

import pytest

pytest.importorskip("babel")

from sette_kit import Rules, odds, parse_cards, quattro, risk, trees  # noqa: E402
from sette_kit import questions as Q  # noqa: E402
from sette_kit.i18n import get_language, language  # noqa: E402

ENGLISH = {"the", "and", "you", "your", "card", "cards", "bank", "player", "stand",
           "bust", "round", "wins", "with", "hand", "points"}
LANGS = ("it", "es")
ITALIAN, PLAIN = Rules.preset("italian"), Rules.preset("plain")


def english_words(text: str) -> set:
    return {w for w in re.findall(r"[A-Za-z_]+", text) if w.lower() in ENGLISH}


def assert_no_english(texts):
    for t in texts:
        assert not english_words(t), f"English words {english_words(t)} in {t!r}"


def question_texts(q) -> list:
    return [q.text, q.placeholder, q.solution.splitlines()[-1] if q.kind == "probability" else "",
            *q.hints, *(m.feedback for m in q.mistakes)]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    assert get_language() == "en"


def build_questions():
    return [Q.worth_question(parse_cards("7c Fd Rd"), ITALIAN),
            Q.matta_question(parse_cards("Rd 3c"), ITALIAN),
            Q.reale_question(parse_cards("7c Fc"), ITALIAN),
            Q.bust_question(parse_cards("6c 1d"), PLAIN, parse_cards("Fs")),
            Q.is_bust_question(parse_cards("5c 2s Fb"), PLAIN),
            Q.is_bust_question(parse_cards("7c 5s"), PLAIN)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_question_is_translated(lang):
    with language(lang):
        qs = build_questions()
        for q in qs:
            assert_no_english(question_texts(q))
        worth, matta, reale, bust, is_bust, _over = qs
        wrong = Q.worth_question(parse_cards("7c Fd"), PLAIN).check("15")  # figures as 8, 9, 10: aimed feedback
    expected = {
        "it": ("Quanto vale questa mano?", "La matta è jolly.", "Questa mano è un sette e mezzo reale?",
               "Qual è la probabilità di sballare con un'altra carta?", "Questa mano ha sballato?",
               "Non proprio. Le figure valgono ½ ciascuna, non 8, 9 e 10 (S1).", "sì o no"),
        "es": ("¿Cuánto vale esta mano?", "El comodín vale lo que convenga.", "¿Esta mano es un siete y media real?",
               "¿Cuál es la probabilidad de pasarte con una carta más?", "¿Esta mano se ha pasado?",
               "No del todo. Las figuras valen ½ cada una, no 8, 9 y 10 (S1).", "sí o no"),
    }[lang]
    assert worth.text.startswith(expected[0])
    assert matta.text.startswith(expected[1])
    assert reale.text.startswith(expected[2])
    assert expected[3] in bust.text
    assert is_bust.text.startswith(expected[4])
    assert wrong.message == expected[5]
    assert reale.placeholder == expected[6]
    # the answers are the same numbers in every language
    with language("en"):
        assert [q.answer for q in build_questions()] == [q.answer for q in qs]


def test_questions_stay_english_by_default():
    q = Q.worth_question(parse_cards("7c Fd"), PLAIN)
    assert q.text == "What is this hand worth? 7 di coppe, Fante di denari"
    assert q.check("15").message == "Not quite. Figures count ½ each, not 8, 9 and 10 (S1)."


@pytest.mark.parametrize("lang", LANGS)
def test_explain_bust(lang):
    with language(lang):
        texts = [odds.explain_bust("6 di coppe", seen="7 di spade, Re di bastoni"),
                 odds.explain_bust("Re di denari, 3 di coppe", rules=ITALIAN),
                 odds.explain_bust("4c 2d", seen="Fc Fd", rules=ITALIAN),
                 odds.explain_bust("Fc"), odds.explain_bust("", rules=ITALIAN)]
    assert_no_english(texts)
    first = texts[0].splitlines()
    assert first[0] == {"it": "Hai in mano il 6 di coppe: 6. Hai visto 3 carte (le tue e altre 2), quindi 37 non "
                              "sono ancora viste.",
                        "es": "Tienes el 6 de copas: 6. Has visto 3 cartas (las tuyas y 2 más), así que quedan 37 "
                              "sin ver."}[lang]
    assert first[2].startswith({"it": "Carte che ti fanno sballare: ogni 2–7, 22 delle 37 che non hai visto → 22/37",
                                "es": "Cartas que te hacen pasarte: cualquier 2–7, 22 de las 37 que no has visto "
                                      "→ 22/37"}[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_a_trees_labels_and_counting(lang):
    with language(lang):
        t = trees.draw_tree("5 di coppe", trees.hit_until(6), dealer=odds.stand_at(5))
        labels = [b.label for b in t.root.branches()]
        outline = t.text()
        counting = [leaf.counting() for leaf in t.leaves()]
        plans = [trees.hit_then_stand(n).text for n in (0, 1, 2, 3)] + [trees.hit_first(trees.STAND).text]
    assert labels == {"it": ["un Asso", "un 2", "una figura", "un 3, 4, 5, 6 o 7"],
                      "es": ["un As", "un 2", "una figura", "un 3, 4, 5, 6 o 7"]}[lang]
    assert {"it": "- una figura (12/39): 5½, chiedi ancora carta, percorso 4/13",
            "es": "- una figura (12/39): 5½, pides otra carta, camino 4/13"}[lang] in outline
    assert_no_english([outline, *counting, *plans, *labels])


@pytest.mark.parametrize("lang", LANGS)
def test_a_quattro_round(lang):
    with language(lang):
        g = quattro.QuattroGame(["Ada", "Bea", "Cy"], seed=1, dealer=0, deck=parse_cards("4c 5d 6s  Fs Ab Fb"))
        with pytest.raises(quattro.IllegalMove) as illegal:
            g.act("stand")
        for action in ("draw", "stand", "stand", "draw", "draw"):
            g.act(action)
        events = [e.text for e in g.events]
        reason = g.last_result.reason
        explained = [quattro.explain("4 di coppe, Re di denari"), quattro.explain("6c 6s"),
                     quattro.explain("3c 4s 5d"), quattro.explain("Fc Fd Fb Fs Cc Cd Cb Cs Rc"),
                     quattro.odds_four_and_half("4 di coppe").text, quattro.odds_double_six("6 di coppe").text,
                     quattro.showdown(["4c Ac", "3s 2s", "2d 3d"], dealer=2).reason]
        label = quattro.score(parse_cards("6 di coppe, 6 di spade")).label
    assert g.points == (0, 0, 2)  # the same game in every language
    assert reason == {"it": "Un 5 batte un 4½, qualunque altra cosa ci sia sul tavolo (Q2).",
                      "es": "Un 5 gana a un 4½, haya lo que haya en la mesa (Q2)."}[lang]
    assert label == {"it": "doppio sei", "es": "doble seis"}[lang]
    assert {"it": "Cy vince la mano con 5 e fa 2 punti (Q6): 2 in tutto.",
            "es": "Cy gana la mano con 5 y suma 2 puntos (Q6): 2 en total."}[lang] in events
    assert str(illegal.value) == {
        "it": "Bea non può stare: 4 è sotto 4½ e nessuno può fermarsi sotto 4½ (Q2); ora si può: chiedere carta",
        "es": "Bea no puede plantarse: 4 es menos de 4½ y nadie puede plantarse por debajo de 4½ (Q2); "
              "ahora se puede: pedir carta"}[lang]
    assert_no_english(events + explained + [str(illegal.value)])


def test_a_quattro_round_stays_english_by_default():
    g = quattro.QuattroGame(["Ada", "Bea", "Cy"], seed=1, dealer=0, deck=parse_cards("4c 5d 6s  Fs Ab Fb"))
    with pytest.raises(quattro.IllegalMove, match="accepted now: draw$"):
        g.act("stand")
    assert quattro.score(parse_cards("6c 6s")).label == "double six"


@pytest.mark.parametrize("lang", LANGS)
def test_staking_plan_and_risk_words(lang):
    with language(lang):
        plan = odds.best_staking_plan(odds.solve(dealer=odds.stand_at(5)), 1, 10).describe()
        law = risk.custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)}, stake=5).describe()
        fallacy = risk.next_card_after_busts("6 di coppe", 5).explain()
    assert plan.startswith({"it": "Punta 10 se la prima carta è 6 o 7", "es": "Apuesta 10 si la primera carta es 6 o 7"}[lang])
    assert law.startswith({"it": "Una mano: -5 con probabilità 1/2", "es": "Una ronda: -5 con probabilidad 1/2"}[lang])
    assert_no_english([plan, law, fallacy])


@pytest.mark.parametrize("lang", LANGS)
def test_errors_are_translated(lang):
    with language(lang):
        with pytest.raises(Exception) as a:
            odds.explain_bust("6c", seen="6c")
        with pytest.raises(Exception) as b:
            quattro.points_for(3)
        with pytest.raises(Exception) as c:
            Q.matta_question(parse_cards("3c 4d"), PLAIN)
        with pytest.raises(Exception) as d:
            quattro.QuattroGame.from_json('{"format": "sette-kit/quattro/1", "x": 1}')
        with pytest.raises(Exception) as e:
            risk.custom_round({-1: Fraction(1, 3), 1: Fraction(1, 3)})
    assert str(b.value) == {"it": "points_for vuole un QuattroScore (da score()), non 3",
                            "es": "points_for necesita un QuattroScore (de score()), no 3"}[lang]
    assert str(d.value).startswith({"it": "impossibile caricare la partita di Quattro e mezzo salvata: ",
                                    "es": "no se puede cargar la partida guardada de Cuatro y medio: "}[lang])
    assert_no_english([str(x.value) for x in (a, b, c, d, e)])


@pytest.mark.parametrize("lang", LANGS)
def test_counting_words(lang):
    from sette_kit import counting

    with language(lang):
        texts = [counting.draws(3).words, counting.draws(1).words, counting.two_card_sette_e_mezzo("italian").words,
                 counting.reale_hands("italian").words, counting.reale_hands("plain").words,
                 counting.trentuno_scores().words, counting.quattro_cycle().words]
    assert_no_english(texts)
    assert texts[0].splitlines()[1] == {
        "it": "Senza ordine: ogni mano di 3 carte esce in 3! = 6 ordini, quindi ci sono 59.280 / 6 = 9.880 mani: "
              "C(40, 3) = 9.880.",
        "es": "Sin orden: cada mano de 3 cartas sale en 3! = 6 órdenes, así que hay 59.280 / 6 = 9.880 manos: "
              "C(40, 3) = 9.880."}[lang]
