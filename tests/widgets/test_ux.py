"""The widgets as a learner meets them, driven headless.

What a browser sends is replayed exactly: typing sets a text box's ``value`` (on every
key, or on leaving the box), Enter sends the box a ``{"event": "submit"}`` message
(:func:`widgets.base.press_enter`), a click calls the button.  The browser-side half
(widths, clipping, a phone-width screen) is in ``tests/browser/test_browser_ux.py``.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from sette_kit import Rules, fmt, parse_cards
from sette_kit.questions import Question, is_bust_question
from sette_kit.rules import BANK_PASSING
from sette_kit.trentuno import TrentunoRules
from widgets import (MattaExplorer, OddsLab, QuattroTable, Quiz, ScoreTrainer, SimulationLab, StrategyChart,
                     TablePlayer, TrentunoTable, VariantExplorer)
from widgets.base import KIT_CSS, plain_text, press_enter

from lesson_tools import run_lesson

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")
LESSONS = Path(__file__).resolve().parents[2] / "lessons"

LONG_FRACTION = re.compile(r"\d{5,}\s*/\s*\d{5,}")
"""A fraction a learner cannot read at a glance (both parts of five digits or more)."""
CODE = re.compile(r"\b[a-z]\w*\.\w+\(|\b\w+\(\)|odds\.|simulate\.|\b[a-z]+_[a-z_]+\b"
                  r"|\{'|\[-?\d+(?:, -?\d+)*\]|\(-?\d+(?:, -?\d+)+\)")
"""Code that must not reach a learner: calls such as ``r.ci(`` or ``stand_at(5)``, module
names, snake_case names (``hit_face_down``), a raw dict, a raw list or tuple of numbers."""
EXACT_DETAILS = re.compile(r'<details class="sk-exact">.*?</details>', re.S)


def shown(html: str) -> str:
    """What a learner reads without opening anything: the text outside the
    "exact value" disclosures (and outside card pictures and style sheets)."""
    html = EXACT_DETAILS.sub("", html)
    html = re.sub(r"<svg.*?</svg>|<style>.*?</style>", "", html, flags=re.S)
    return plain_text(html)


def exact_on_request(html: str) -> str:
    """The text inside the "exact value" disclosures."""
    return " ".join(plain_text(m.group()) for m in EXACT_DETAILS.finditer(html))


# -- 14: TablePlayer, "type your stake in the box and press Stake" ------------------------------

def my_stakes(t: TablePlayer) -> list[int]:
    return [e.data.get("amount") for e in t.table.round_events() if e.kind == "staked" and e.seat == 0]


def test_14_type_the_stake_then_click_stake_stakes_once_without_error():
    t = TablePlayer("italian", bots=2, seed=7)        # lesson 3's table
    assert "stake" in t.legal
    t.amount_box.value = "5"                          # typed (sent on each key or on leaving the box)
    assert "stake" in t.legal and my_stakes(t) == []  # typing alone places nothing
    t.buttons["stake"].click()
    assert t.message_text == ""
    assert my_stakes(t) == [5] and t.view_.hands[0][0].stake == 5
    assert "stake" not in t.legal


def test_14_enter_alone_stakes_the_amount_in_the_box():
    t = TablePlayer("italian", bots=2, seed=7)
    t.amount_box.value = "4"
    press_enter(t.amount_box)
    assert t.message_text == "" and my_stakes(t) == [4]
    u = TablePlayer("italian", bots=2, seed=7)        # nothing typed: Enter stakes what the box shows
    press_enter(u.amount_box)
    assert u.message_text == "" and my_stakes(u) == [int(u.amount_box.value)]


def test_14_a_bad_amount_by_enter_is_a_message_and_nothing_changes():
    t = TablePlayer("italian", bots=2, seed=7)
    before = t.table.to_json()
    t.amount_box.value = "lots"
    press_enter(t.amount_box)
    assert "whole number" in t.message_text and t.table.to_json() == before


def test_17_table_player_says_what_you_may_do_in_words():
    t = TablePlayer("spanish", bots=0, seed=1)        # Spanish rules: cards face down may be asked (S22)
    assert "stake 1 to 10" in t.status_text
    t.stake(2)
    assert "hit_face_down" in t.legal and "ask for a card face down" in t.status_text
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", t.status_text), t.status_text
    t.act("burn")                                     # not allowed: the message speaks words too
    assert "_" not in t.message_text and "ask for a card face down" in t.message_text


# -- 15: TrentunoTable ---------------------------------------------------------------------------

ENGLISH_SUITS = re.compile(r"\bof (cups|coins|swords|clubs|batons|hearts|diamonds|spades)\b")


def visible_words(t: TrentunoTable) -> str:
    """Everything the table writes (cards' pictures aside), buttons and their tooltips too."""
    return shown(t.visible_html())


@pytest.mark.parametrize("face", ["italian", "spanish"])
def test_15_trentuno_speaks_one_card_language(face):
    t = TrentunoTable(bots=2, seed=4, rules=TrentunoRules(face=face))
    assert t.game.discard_top is not None
    assert t.game.discard_top.name(face) in t.table_text
    assert not ENGLISH_SUITS.search(visible_words(t)), visible_words(t)
    t.draw_stock()                                    # now the discard buttons show
    assert any(b.layout.display != "none" for b in t.discard_buttons)
    assert not ENGLISH_SUITS.search(visible_words(t)), visible_words(t)


def test_15_or_knock_is_said_only_when_knocking_is_allowed():
    t = TrentunoTable(bots=2, seed=4, rules=TrentunoRules(knock_minimum=1))
    names = {a.name for a in t.game.view(0).legal}
    assert "knock" not in names                       # the first round (T6)
    assert "or knock" not in t.status_text
    for _ in range(40):                               # play on until a knock is allowed
        names = {a.name for a in t.game.view(0).legal}
        if "knock" in names:
            break
        if "draw_stock" in names:
            t.draw_stock()
        elif any(a.name == "discard" for a in t.game.view(0).legal):
            t.discard(next(a.card for a in t.game.view(0).legal if a.name == "discard"))
        else:
            t.next_hand()
    assert "knock" in names
    assert "or knock" in t.status_text


# -- 16: VariantExplorer -------------------------------------------------------------------------

def option_labels(menu) -> list[str]:
    return list(menu._options_labels)


def test_16_bank_passing_menu_speaks_words_and_keeps_the_codes_as_values():
    v = VariantExplorer("italian", background=False)
    menu = v.controls["bank_passing"]
    labels = option_labels(menu)
    assert len(labels) == len(BANK_PASSING)
    assert not any(label in BANK_PASSING or "_" in label for label in labels), labels
    assert menu.value == "reale"
    menu.value = "never"                              # choosing a word sets the code
    assert v.rules.bank_passing == "never" and v.message_text == ""


def test_16_every_menu_of_the_explorer_reads_as_words():
    v = VariantExplorer("italian", background=False)
    for name, control in v.controls.items():
        if hasattr(control, "_options_labels"):
            assert not any("_" in label for label in option_labels(control)), (name, option_labels(control))
            # the label beside a menu leaves room for the value (measured in the browser test)
            assert len(control.description) <= 24, control.description


def test_16_the_explorer_writes_seven_and_a_half_as_the_kit_does():
    v = VariantExplorer("italian", background=False)
    v.set_option("reale_payout", 3)
    v.set_option("matta_sette_payout", 2)
    text = v.changes_text + plain_text(v.changes_html.value)
    assert "7½" in text and "1/2" not in text, text


# -- 17: words and percentages first, the exact fraction on request -------------------------------

def test_17_simulation_lab_names_policies_in_words_and_hides_long_fractions():
    lab = SimulationLab("plain", player="optimal", rounds=2000, seed=1)
    assert not any("odds" in label for label in option_labels(lab.player_choice))
    lab.run(wait=True)
    html = lab.result_html.value
    assert not LONG_FRACTION.search(shown(html)) and not CODE.search(shown(html)), shown(html)
    assert fmt.decimal(lab.exact, sign=True) in shown(html)
    assert fmt.fraction(lab.exact) in exact_on_request(html)
    lab.set_player(5)
    lab.run(wait=True)
    html = lab.result_html.value
    assert not LONG_FRACTION.search(shown(html)) and not CODE.search(shown(html)), shown(html)
    assert "stands at 5" in shown(html)


def test_17_variant_explorer_edges_in_percentages_exact_on_request():
    v = VariantExplorer("plain", background=False)
    v.set_option("dealer_wins_ties", False)
    html = v.result_html.value
    assert not LONG_FRACTION.search(shown(html)), shown(html)
    d = v.base_edge - v.edge
    assert f"goes down by {float(d) * 100:.2f} percentage points" in shown(html)
    assert fmt.fraction(v.edge) in exact_on_request(html) and fmt.fraction(d) in exact_on_request(html)


def test_17_strategy_chart_edge_and_lookup_in_percentages():
    sc = StrategyChart("plain", background=False, show_chart=False)
    html = sc.result_html.value
    assert "16.37%" in shown(html) and not LONG_FRACTION.search(shown(html)), shown(html)
    assert fmt.fraction(sc.solution.house_edge) in exact_on_request(html)
    sc.lookup("3 di coppe, Asso di denari")
    assert "-46.66%" in sc.lookup_text and not LONG_FRACTION.search(shown(sc.lookup_html.value))


def test_17_quiz_reveals_a_long_answer_as_a_decimal_exact_on_request():
    edge = Fraction(4717993354808, 67408879019625)
    q = Quiz(Question(text="What is the house edge?", answer=edge, kind="number"))
    q.reveal()
    html = q.feedback.value
    assert "0.0700" in shown(html) and not LONG_FRACTION.search(shown(html)), shown(html)
    assert fmt.fraction(edge) in exact_on_request(html)
    r = Quiz(Question(text="What is the house edge?", answer=edge, kind="number"))
    assert r.check("7.00%") and not LONG_FRACTION.search(shown(r.feedback.value))


def lesson_outputs():
    for path in sorted(LESSONS.glob("[0-9][0-9]-*.ipynb")):
        for i, cell in enumerate(json.loads(path.read_text())["cells"]):
            for out in cell.get("outputs", []):
                data = out.get("data", {})
                if "<figure" in "".join(data.get("text/html", "")):
                    continue  # charts: their captions are the charts module's (their own wording)
                texts = ["".join(out.get("text", "")), "".join(data.get("text/plain", ""))]
                texts.append(shown("".join(data.get("text/html", ""))))
                yield f"{path.name} cell {i}", "\n".join(texts)


def test_17_lesson_outputs_show_no_code_and_no_long_fraction():
    bad = [(where, m.group()) for where, text in lesson_outputs()
           for m in (*LONG_FRACTION.finditer(text), *CODE.finditer(text))]
    assert bad == []


STUBS = ("ScoreTrainer", "MattaExplorer", "TablePlayer", "QuattroTable", "VariantExplorer", "OddsLab",
         "StrategyChart", "SimulationLab", "TrentunoTable", "distribution_bar", "running_mean_checkpoints",
         "charts", "BettingLab", "BankrollLab", "ShoeLab", "CountingLab")


@pytest.mark.parametrize("path", sorted(LESSONS.glob("0[1-9]-*.ipynb")), ids=lambda p: p.name[:2])
def test_17_exercises_speak_words_and_short_numbers(path):
    """What a quiz shows: question, hints, feedback on mistakes, solution, the answer revealed."""
    _, questions, _ = run_lesson(path, stubs=STUBS, extra={"HTML": lambda x: x},
                                 skip_imports=("from widgets import", "from widgets.charts import",
                                               "from IPython.display import"))
    assert questions
    bad = []
    for number, q in questions.items():
        for text in (q.text, q.solution, q.answer_text, *q.hints, *(m.feedback for m in q.mistakes)):
            bad += [(number, m.group()) for m in (*LONG_FRACTION.finditer(text), *CODE.finditer(text))]
    assert bad == []


# -- 18: quiz boxes --------------------------------------------------------------------------------

def ask(kind, answer):
    return Question(text="?", answer=answer, kind=kind)


def test_18_the_placeholder_fits_the_answer_type():
    money = Quiz(ask("money", 10)).answer_box.placeholder
    count = Quiz(ask("count", 12)).answer_box.placeholder
    prob = Quiz(ask("probability", Fraction(1, 3))).answer_box.placeholder
    points = Quiz(ask("points", Fraction(15, 2))).answer_box.placeholder
    yesno = Quiz(ask("yesno", True)).answer_box.placeholder
    assert "%" not in money and "/" not in money and "-" in money      # an amount won or lost
    assert re.fullmatch(r"e\.g\. \d+", count)                          # a whole number
    assert "%" in prob and "½" in points and "yes" in yesno
    for text in (money, count, prob, points, yesno):
        assert len(text) <= 20, text                                   # fits the box, even on a phone


def test_18_money_and_count_answers_are_read_and_explained():
    q = ask("money", -5)
    assert q.check("-5").right and q.check("−5").right and not q.check("5").right
    assert q.check("five").status == "unreadable" and "%" not in q.check("five").message
    assert q.answer_text == "-5" and ask("money", 10).answer_text == "+10"
    c = ask("count", 12)
    assert c.check("12").right and c.answer_text == "12"


def test_18_lesson_3_money_questions_and_exercise_1_4_use_their_answer_types():
    _, q3, _ = run_lesson(LESSONS / "03-playing-a-round.ipynb", stubs=("TablePlayer",),
                          skip_imports=("from widgets import",))
    assert [q3[n].kind for n in ("3.1", "3.2", "3.3")] == ["money"] * 3
    _, q1, _ = run_lesson(LESSONS / "01-cards-and-scoring.ipynb", stubs=("ScoreTrainer",),
                          extra={"HTML": lambda x: x}, skip_imports=("from widgets import", "from IPython.display import"))
    four = next(q for k, q in q1.items() if k.startswith("1.4"))
    assert four.kind == "count"


def test_18_a_right_answer_echoes_as_the_learner_wrote_it():
    q = Quiz(is_bust_question(parse_cards("5c 2s Fb"), PLAIN))
    assert q.check("No") is True
    text = q.feedback_text
    assert text.startswith("✔ Right: No."), text
    assert "Right. no" not in text
    s = ScoreTrainer("plain", cards="7c Fd")
    assert s.check("15/2") is True and s.feedback_text.startswith("✔ Right:")


@pytest.mark.parametrize("make, act", [
    (lambda: ScoreTrainer("plain", seed=0), lambda w: w.pick("Zz 7c")),
    (lambda: OddsLab("plain"), lambda w: w.set_cards("Zz")),
    (lambda: StrategyChart("plain", background=False, show_chart=False), lambda w: w.lookup("Zz")),
    (lambda: MattaExplorer("italian", seed=0), lambda w: w.set_cards("Zz")),
])
def test_18_an_invalid_card_gets_one_short_line(make, act):
    w = make()
    act(w)
    msg = w.message_text
    assert "Zz" in msg and "\n" not in msg and len(msg) <= 90, msg
    assert "7 di coppe" in msg or "7c" in msg                          # one example of what works


def test_18_the_score_line_reads_as_words():
    s = ScoreTrainer("plain", cards="2 di coppe")
    first = s.result_text.strip().splitlines()[0]
    assert first.startswith("Score: 2 points") and " - " not in first, first
    r = ScoreTrainer("italian", cards="7 di denari, Fante di denari")
    assert r.result_text.startswith("Score: 7½, sette e mezzo reale"), r.result_text
    h = ScoreTrainer("plain", cards="Fante di coppe")
    assert h.result_text.startswith("Score: ½ point") and not h.result_text.startswith("Score: ½ points")


# -- 19: one stylesheet, in every widget -----------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: ScoreTrainer("plain", seed=0), lambda: Quiz(ask("yesno", True)), lambda: OddsLab("plain"),
    lambda: TablePlayer("plain", bots=0, seed=1), lambda: TrentunoTable(bots=1, seed=1),
    lambda: QuattroTable(seed=1), lambda: MattaExplorer("italian", seed=0),
    lambda: VariantExplorer("plain", background=False),
    lambda: StrategyChart("plain", background=False, show_chart=False),
    lambda: SimulationLab("plain"),
])
def test_19_every_widget_carries_the_kit_stylesheet(make):
    w = make()
    styles = [c.value for c in w.view.children if "<style" in getattr(c, "value", "")]
    assert styles == [f"<style>{KIT_CSS}</style>"] and w.style.layout.display == "none"


def test_19_the_stylesheet_keeps_buttons_whole_and_words_unbroken():
    css = " ".join(KIT_CSS.split())
    assert "word-break: normal" in css                  # printed output breaks between words, not inside
    assert re.search(r"\.widget-button[^{]*\{[^}]*width: auto", css)
    assert re.search(r"\.widget-hbox[^{]*\{[^}]*flex-wrap: wrap", css)
