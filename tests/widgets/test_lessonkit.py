"""The lesson kit, headless: the page helpers of ``widgets.lesson``, ``Predict``,
the probability trees (``sette_kit.trees`` and ``ProbabilityTree``), the coverage of
confidence intervals (``simulate.coverage``, ``charts.coverage_chart``,
``CoveragePicture``), the area diagram and the practice mode of ``Quiz``."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

import sette_kit as sk
from sette_kit import accel, course, odds, simulate, trees
from sette_kit.errors import SetteKitError
from widgets import CoveragePicture, Predict, ProbabilityTree, Quiz, charts, lesson
from widgets.base import KIT_CSS

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = sk.Rules.preset("plain")
FIRST_CARDS = ["1c", "2c", "3c", "4c", "5c", "6c", "7c", "Fc"]


# -- the page helpers -------------------------------------------------------------------------

def test_header_has_nav_title_question_and_the_stylesheet():
    h = lesson.header(1).html
    assert f"<style>{KIT_CSS}</style>" in h
    assert '<h1 class="sk-lesson-title">Cards and scoring</h1>' in h
    assert course.lesson(1).question in lesson.header(1).text
    assert "about 25 minutes" in h and "extension" not in h
    assert "about 30 minutes, and 20 more for the extensions" in lesson.header(7).html


def test_links_go_only_to_lessons_that_exist(tmp_path):
    for name in ("00-start-here.ipynb", "01-cards-and-scoring.ipynb"):
        (tmp_path / name).write_text("{}")
    h = lesson.header(1, tmp_path).html
    assert 'href="00-start-here.ipynb" target="_self" rel="prev"' in h
    assert 'href="00-start-here.ipynb" target="_self">Index' in h
    assert "02-the-matta.ipynb" not in h and "Next: Lesson 2 · The matta → <span class=\"sk-coming-tag\">(coming)" in h
    (tmp_path / "02-the-matta.ipynb").write_text("{}")
    assert 'href="02-the-matta.ipynb" target="_self" rel="next"' in lesson.footer(1, tmp_path).html


def test_links_are_relative_and_open_in_the_same_tab():
    """Voilà's renderer opens a link of an output in a new tab unless it names a target."""
    for n in range(len(course.LESSONS)):
        for block in (lesson.header(n), lesson.footer(n), lesson.lesson_map()):
            links = re.findall(r"<a [^>]*>", block.html)
            assert all('target="_self"' in a for a in links)
            for href in re.findall(r'href="([^"]+)"', block.html):
                assert re.fullmatch(r"((\.\./)?(it/|es/)?)\d\d-[a-z-]+\.ipynb", href), href


def test_first_and_last_lessons_have_one_neighbour():
    assert "Previous" not in lesson.nav(0).html and "Index" not in lesson.nav(0).html
    end, before = course.LESSONS[-1], course.LESSONS[-2]
    last = lesson.nav(end.number, available=frozenset(l.file for l in course.LESSONS)).html
    assert "Next" not in last and f'href="{before.file}" target="_self" rel="prev"' in last
    assert "sk-lesson-next" not in lesson.footer(end.number).html


def test_rule_box_uses_the_catalogue_wording_escaped():
    box = lesson.rule_box("S2")
    assert 'aria-label="Rule S2"' in box.html and "<strong>bust</strong>" in box.html
    assert "<em>sballato</em>" in box.html and course.rule("S2").plain in box.text
    for r in course.RULES:
        assert course.rule(r).name in lesson.rule_box(r).text
    with pytest.raises(SetteKitError):
        lesson.rule_box("X1")
    assert lesson.marked("a < b **c**") == "a &lt; b <strong>c</strong>"


def test_lesson_map_lists_every_lesson_and_links_those_that_exist(tmp_path):
    (tmp_path / "01-cards-and-scoring.ipynb").write_text("{}")
    (tmp_path / "05-probability-of-busting.ipynb").write_text(
        '{"cells": [{"cell_type": "markdown", "source": "# Lesson 5 · Old <b>busting</b>"}], "metadata": {}}')
    m = lesson.lesson_map(tmp_path)
    for l in course.LESSONS[1:]:
        assert l.title in m.text
    assert m.html.count('class="sk-map-title" href=') == 2       # lesson 1, and the old page
    assert 'href="01-cards-and-scoring.ipynb"' in m.html and m.html.count("(coming)") == len(course.LESSONS) - 2
    assert "More pages in this folder" in m.html and "Lesson 5 · Old &lt;b&gt;busting&lt;/b&gt;" in m.html
    for part in course.PARTS.values():
        if part != course.PARTS["start"]:
            assert f'<h3 class="sk-map-part">{part}</h3>' in m.html


def test_cards_in_faces_draws_each_face():
    b = lesson.cards_in_faces("7c 7d")
    assert re.findall(r'class="sk-face-name" aria-hidden="true">(\w+)<', b.html) == ["Italian", "French", "Spanish"]
    assert b.html.count('role="img"') == 6
    assert b.text.splitlines()[:2] == ["Italian: 7 of cups, 7 of coins", "French: 7 of hearts, 7 of diamonds"]


# -- Predict -----------------------------------------------------------------------------------

def bust_on_5():
    return odds.bust_probability("5 di coppe", rules=PLAIN)


def test_predict_hides_the_answer_until_a_guess_is_committed():
    p = Predict("You hold a 5. The chance that the next card busts you?", bust_on_5, why="19 of 39 cards.")
    assert not p.revealed and p.reveal_html.value == "" and p.guessed is None
    assert p.guess("0.5") is False and p.revealed
    assert p.result_text.splitlines()[0] == "Your guess: 0.5. The answer: 19/39 ≈ 48.7%."
    assert p.closeness == "very close" and "1.3 percentage points too high" in p.result_text
    assert 'role="status"' in p.reveal_html.value and p.result_text.endswith("19 of 39 cards.")
    assert p.box.disabled and p.commit_button.disabled and p.skip_button.disabled


@pytest.mark.parametrize("text", ["", "   ", "banana", "150", "-0.2"])
def test_an_unreadable_guess_is_a_message_and_reveals_nothing(text):
    p = Predict("Chance?", Fraction(1, 3))
    assert p.guess(text) is None
    assert not p.revealed and p.reveal_html.value == "" and p.message_text
    assert p.guess("1/3") is True and p.closeness == "exactly right"


def test_enter_commits_and_the_button_reads_the_box():
    p = Predict("Chance?", Fraction(1, 3))
    p.box.value = "30%"                       # typing alone commits nothing
    assert not p.revealed
    p.press_enter("30%")
    assert p.revealed and p.guess_text == "30%" and p.closeness == "close"
    q = Predict("Chance?", Fraction(1, 3))
    q.box.value = "2/3"
    q.commit_button.click()
    assert q.revealed and q.closeness == "far off"


def test_show_me_is_the_secondary_path():
    p = Predict("Chance?", Fraction(1, 4), why="One in four.")
    assert p.show_me() == "1/4 = 25.0%" and p.revealed and p.closeness == "no guess"
    assert p.result_text.startswith("No guess. The answer: 1/4 = 25.0%.")
    assert p.guess("25%") is None and p.message_text == "You have already seen the answer."
    assert "sk-predict-skip" in p.skip_button._dom_classes and p.skip_button.button_style == ""
    assert p.commit_button.button_style == "primary"


def test_choice_and_higher_lower():
    c = Predict("Hit or stand on 5?", "stand", kind="choice", choices=["hit", "stand"])
    assert [b.description for b in c.buttons] == ["Hit", "Stand"]
    c.buttons[1].click()
    assert c.revealed and c.closeness == "right" and c.result_text.splitlines()[1] == "Right."
    assert "sk-predict-chosen" in c.buttons[1]._dom_classes and "sk-predict-chosen" not in c.buttons[0]._dom_classes
    h = Predict("Bust on 7: more or less than half?", Fraction(26, 38), kind="higher_lower", than=Fraction(1, 2),
                than_text="half")
    assert [b.description for b in h.buttons] == ["Higher than half", "Lower than half"]
    assert h.guess("lower") is False and h.answer_text == "higher: 13/19 ≈ 68.4%"
    with pytest.raises(SetteKitError, match="compare with"):
        Predict("?", Fraction(1, 2), kind="higher_lower")
    with pytest.raises(SetteKitError, match="not one of the choices"):
        Predict("?", "fold", kind="choice", choices=["hit", "stand"])


def test_the_answer_must_be_exact_and_is_computed_at_the_reveal():
    calls = []

    def answer():
        calls.append(1)
        return odds.bust_probability("6c", rules=PLAIN)

    p = Predict("?", answer)
    assert calls == []
    p.guess("50%")
    assert calls == [1] and p.answer == Fraction(23, 39)
    with pytest.raises(SetteKitError, match="must be exact"):  # refused where it is made
        Predict("?", 0.59)
    # an exact answer from the engine may be long (lesson 9's chance over 100 rounds has
    # 1,534 digits); only a number past what Python can write out is refused
    long = Predict("Higher or lower than half?", Fraction(2 ** 5000, 3 ** 3200), kind="higher_lower",
                   than=Fraction(1, 2), than_text="half")
    assert long.guess("lower") is not None and long.revealed
    with pytest.raises(SetteKitError, match="too large"):
        Predict("?", Fraction(1, 3 ** 9000))


def test_an_engine_error_at_the_reveal_leaves_the_widget_as_it_was():
    def broken():
        raise SetteKitError("the engine says no")

    p = Predict("?", broken)
    assert p.guess("50%") is None and not p.revealed and p.message_text == "the engine says no"


def test_reveal_content_is_hidden_until_the_answer_is_shown():
    chart = charts.distribution_bar({"bust": Fraction(19, 39), "safe": Fraction(20, 39)})
    p = Predict("?", Fraction(19, 39), reveal=chart)
    assert p.extra.layout.display == "none"
    p.guess("1/2")
    assert p.extra.layout.display is None and "sk-chart" in p.extra.children[0].value


@pytest.mark.parametrize("guess,answer,kind,word", [
    (Fraction(49, 100), Fraction(1, 2), "probability", "very close"),
    (Fraction(1, 2), Fraction(1, 2), "probability", "exactly right"),
    (Fraction(497, 1000), Fraction(1, 2), "probability", "spot on"),
    (Fraction(1, 10), Fraction(1, 2), "probability", "far off"),
    (14, 15, "count", "very close"),
    (5, 15, "count", "far off"),
    (Fraction(-16, 100), Fraction(-1637, 10000), "number", "spot on"),
    (Fraction(-1, 10), Fraction(-1637, 10000), "number", "very close"),
    (Fraction(3, 10), Fraction(-1637, 10000), "number", "some way off"),
    (Fraction(13, 2), Fraction(15, 2), "points", "close"),
])
def test_closeness_in_words(guess, answer, kind, word):
    from widgets.predict import closeness

    assert closeness(guess, answer, kind)[0] == word


def test_closeness_on_a_finer_scale():
    from widgets.predict import closeness

    assert closeness(Fraction(-16, 100), Fraction(-1637, 10000), "number", scale=Fraction(1, 100)) == \
        ("some way off", "0.0037 too high")


def test_predict_shows_a_hand():
    p = Predict("What is it?", Fraction(15, 2), kind="points", cards="5c 2s Rb", rules=PLAIN)
    head = p.view.children[1].value
    assert head.count('role="img"') == 3 and p.guess("7 1/2") is True and p.answer_text == "7½"


# -- probability trees: the model ----------------------------------------------------------------

@pytest.mark.parametrize("dealer", [odds.stand_at(5), odds.stand_at(5.5), odds.sees_player()],
                         ids=["stand_at(5)", "stand_at(5.5)", "sees_player"])
def test_the_tree_opens_the_solvers_ev_exactly(dealer):
    sol = odds.solve(PLAIN, dealer=dealer)
    for first in FIRST_CARDS:
        hit = trees.draw_tree(first, trees.hit_first(trees.follow(sol)), dealer=dealer)
        stand = trees.draw_tree(first, trees.STAND, dealer=dealer)
        best = trees.draw_tree(first, trees.follow(sol), dealer=dealer)
        assert hit.ev == sol.ev_of(first, "hit")
        assert stand.ev == sol.ev_of(first, "stand")
        assert best.ev == sol.ev_of(first, sol.decision(first))
    # two-card hands too (the 4½ from a figure then a 4: hit -40.78%, stand -46.77%)
    four_half = sk.parse_cards("Fante di coppe, 4 di spade")
    if dealer == odds.stand_at(5):
        t = trees.draw_tree(four_half, trees.hit_first(trees.follow(sol)), dealer=dealer)
        assert t.ev == sol.ev_of(four_half, "hit") and round(float(t.ev), 4) == -0.4078
        assert round(float(trees.draw_tree(four_half, trees.STAND, dealer=dealer).ev), 4) == -0.4677


@pytest.mark.parametrize("first", FIRST_CARDS[1:6])
@pytest.mark.parametrize("x", [4, 5, 6, 7])
def test_the_leaves_sum_to_the_engines_final_distribution(first, x):
    t = trees.draw_tree(first, trees.hit_until(x))
    assert t.events() == odds.final_distribution(odds.stand_at(x), cards=first)
    assert sum(t.events().values()) == 1


def test_branches_count_the_unseen_cards_and_paths_multiply():
    t = trees.draw_tree("4 di coppe", trees.hit_until(5), seen="7 di spade")
    for node in t.nodes():
        if node.children:
            assert sum(c.branch.count for c in node.children) == node.children[0].branch.unseen
            assert node.children[0].branch.unseen == 38 - len(node.drawn)
        for c in node.children:
            assert c.probability == node.probability * Fraction(c.branch.count, c.branch.unseen)
    figure = t.node((3,))
    assert figure.branch.label == "a figure" and (figure.branch.count, figure.branch.unseen) == (12, 38)
    bust = t.node((4,))
    assert bust.state == "bust" and bust.branch.label == "a 4, 5, 6 or 7" and bust.branch.count == 14
    leaf = t.node((3, 0))
    assert leaf.product_text() == "12/38 × 4/37 = 48/1406 = 24/703" and leaf.probability == Fraction(24, 703)


def test_counting_in_words_for_a_leaf():
    t = trees.draw_tree("4 di coppe", trees.hit_until(5), dealer=odds.stand_at(5))
    lines = t.node((3, 1)).counting().splitlines()
    assert lines[0] == "You hold 4 di coppe: 4. 39 cards are unseen, and 12 of them are figures: 12/39."
    assert lines[1] == "Then you have 4½ and you hit again. Now 38 cards are unseen, and 4 of them are 2s: 4/38."
    assert lines[2] == "Then you have 6½ and you stand."
    assert lines[3] == "The probability of this path is 12/39 × 4/38 = 48/1482 = 8/247 ≈ 3.2%."
    assert lines[4].startswith("From here you win ") and "per unit staked" in lines[4]
    assert "3s, 4s, 5s, 6s or 7s" in trees.draw_tree("5c").node((3,)).counting()


def test_seven_and_a_half_and_the_last_card_stop_the_plan():
    t = trees.draw_tree("7c", trees.hit_until(8))
    assert [n.state for n in t.root.children] == ["seven_and_a_half", "bust"]
    assert trees.draw_tree("Fc Fd Fs Fb Cc Cd Cs Cb Rc Rd Rs Rb 1c 1d".split()[0], trees.STAND).root.is_leaf


def test_tree_errors_are_clear():
    with pytest.raises(SetteKitError, match="totals alone"):
        trees.draw_tree("7c", dealer=odds.stand_at(5), rules="italian")
    with pytest.raises(SetteKitError, match="too big to read"):
        trees.draw_tree("Fc", trees.hit_until(7))
    with pytest.raises(SetteKitError, match="plan="):
        trees.draw_tree("5c", "hit a lot")
    with pytest.raises(SetteKitError, match="0 to 12"):
        trees.hit_then_stand(-1)
    with pytest.raises(SetteKitError, match="cards you hold"):
        trees.draw_tree("")
    with pytest.raises(SetteKitError, match="both in your hand"):
        trees.draw_tree("5c", seen="5c")


def test_tree_without_a_bank_under_the_italian_rules():
    t = trees.draw_tree("6 di coppe", trees.hit_then_stand(1), rules="italian")
    assert t.ev is None and sum(t.events().values()) == 1
    assert any(b.label == "the matta" for b in t.root.branches())
    assert t.events()["bust"] == odds.bust_probability("6 di coppe", rules="italian")


# -- probability trees: the widget -------------------------------------------------------------

def test_tree_widget_levels_open_and_close_with_details():
    w = ProbabilityTree("4 di coppe", "hit until 5 or more", dealer=odds.stand_at(5))
    html = w.tree_view.value
    assert html.count("<details") == len(w.model.nodes()) - 1
    assert html.count("<summary>") == html.count("<details")         # every line is keyboard reachable
    assert html.count("<details class=\"sk-tree-inner\" open>") == 0  # level 1 shows, deeper levels closed
    w.open_all()
    assert w.tree_view.value.count("<details class=\"sk-tree-inner\" open>") == 1
    opened = w.tree_view.value
    w.close_all()
    w.close_all()   # each drawing is new: levels the learner opened in the page close too
    assert w.tree_view.value != opened and 'data-drawing="4"' in w.tree_view.value
    assert 'role="group"' in w.tree_view.value and "aria-label=\"Probability tree: 4 di coppe" in w.tree_view.value


def test_tree_widget_sums_open_up_the_ev():
    w = ProbabilityTree("4 di coppe", "hit until 5 or more", dealer=odds.stand_at(5))
    assert w.sum_text.splitlines()[-1] == ("Following the plan is worth -0.4990 per unit staked; "
                                           "standing now is worth -0.4677.")
    contributions = [l.probability * l.value for l in w.model.leaves()]
    assert sum(contributions) == w.model.ev
    assert "all leaves 9 100.0% -0.4990" in w.sum_text


def test_tree_widget_actions_keep_state_on_bad_input():
    w = ProbabilityTree("5 di coppe", dealer=odds.stand_at(5))
    before = w.tree_view.value
    w.set_hand("8 di coppe")
    assert w.tree_view.value == before and "8, 9 and 10" in w.message_text
    w.set_plan("hit until 7 or more")
    assert w.model.plan.text == "hit until 7 or more" and w.plan_menu.value == "hit until 7 or more"
    w.set_hand("Fante di coppe")
    assert "too big to read" in w.message_text and w.cards == sk.parse_cards("5 di coppe")
    w.set_plan("play the best strategy")
    assert w.model.ev == odds.solve(PLAIN, dealer=odds.stand_at(5)).ev_of("5c", "stand")
    w.plan_menu.value = "hit once, then stand"
    assert w.model.plan.text == "hit once, then stand"
    assert "play the best strategy" not in ProbabilityTree("5c").plan_menu.options
    assert w.counting((0,)).startswith("You hold 5 di coppe: 5.")


# -- coverage of confidence intervals -------------------------------------------------------------

def test_coverage_runs_are_seeded_independent_and_continue():
    a = simulate.coverage(PLAIN, odds.stand_at(5), odds.stand_at(5), rounds=500, runs=20, seed=3)
    b = simulate.coverage(PLAIN, odds.stand_at(5), odds.stand_at(5), rounds=500, runs=10, seed=3, start=10)
    assert a.intervals[10:] == b.intervals
    assert [iv.seed for iv in a.intervals] == [3 * simulate.COVERAGE_SEED_STRIDE + j for j in range(20)]
    r = simulate.run(PLAIN, odds.stand_at(5), odds.stand_at(5), rounds=500, seed=a.intervals[4].seed)
    assert (a.intervals[4].low, a.intervals[4].high) == r.ci(0.95) and a.intervals[4].mean == r.mean
    assert a.exact == odds.policy_ev(PLAIN, odds.stand_at(5), odds.stand_at(5))
    assert a.hits + len(a.misses) == 20 and a.expected_misses == pytest.approx(1.0)


def test_coverage_with_the_optimal_player_uses_the_solvers_value():
    c = simulate.coverage(PLAIN, "optimal", odds.stand_at(5), rounds=300, runs=5, seed=1)
    assert c.exact == odds.solve(PLAIN, dealer=odds.stand_at(5)).ev


def test_coverage_is_the_same_on_the_pure_path():
    numpy_path = simulate.coverage(PLAIN, rounds=400, runs=8, seed=2)
    with accel.pure():
        pure_path = simulate.coverage(PLAIN, rounds=400, runs=8, seed=2)
    assert numpy_path.intervals == pure_path.intervals


@pytest.mark.slow
def test_coverage_of_95_percent_intervals_is_about_95_percent():
    c = simulate.coverage(PLAIN, rounds=1000, runs=400, seed=7)
    # 400 runs: misses ~ Binomial(400, 0.05), sd 4.4; the normal interval is close to exact here
    assert abs(len(c.misses) - 20) <= 4 * 4.4


@pytest.mark.parametrize("kw,match", [
    ({"rounds": 1}, "at least 2"), ({"runs": 0}, "runs=0"), ({"level": 1.5}, "between 0 and 1"),
    ({"seed": -1}, "seed=-1"), ({"start": "0"}, "start="), ({"player": "greedy"}, "accepted are"),
    ({"player": odds.sees_player()}, "accepted are"), ({"runs": 10, "start": 999_995}, "at most"),
])
def test_coverage_checks_its_arguments(kw, match):
    with pytest.raises(SetteKitError, match=match):
        simulate.coverage(PLAIN, **{"rounds": 100, "runs": 2, **kw})


def test_coverage_chart_marks_misses_by_colour_and_shape():
    c = simulate.coverage(PLAIN, rounds=1000, runs=100, seed=1)
    chart = charts.coverage_chart(c.intervals, c.exact)
    n = len(c.misses)
    assert chart.title == f"{100 - n} of 100 intervals cover the exact value"
    assert chart.svg.count(f'stroke="{charts.VERMILLION}" stroke-width="2.6"') == n            # thicker lines
    assert chart.svg.count('stroke-linecap="round"/>') >= n                                  # the × marks
    assert chart.svg.count(f'Z" fill="{charts.VERMILLION}"') == n                              # the ▶ marks
    assert f"; {n} miss it. These are 95% confidence intervals: about 5 of 100 should miss." in chart.text
    assert ", ".join(f"run {iv.run + 1}" for iv in c.misses) in chart.text
    assert 'role="img"' in chart.svg and "<desc>" in chart.svg


def test_coverage_picture_another_hundred_and_the_tally():
    pic = CoveragePicture("plain", rounds=500, runs=20, seed=5)
    first = pic.batches[0]
    assert pic.tally == (len(first.misses), 20)
    pic.more_button.click()          # background work (a thread here)
    assert pic.wait(60) and len(pic.batches) == 2 and not pic.more_button.disabled
    second = simulate.coverage(PLAIN, rounds=500, runs=20, seed=5, start=20)
    assert pic.batches[1].intervals == second.intervals
    assert pic.tally == (len(first.misses) + len(second.misses), 40)
    assert f"of 40 intervals missed" in pic.tally_text and "runs 21-40" in pic.history_text
    assert re.match(r"\d+ of 20 intervals cover the exact value", pic.chart_text)


def test_coverage_picture_refuses_a_second_request_while_running():
    pic = CoveragePicture("plain", rounds=300, runs=10, seed=1)

    class Busy:
        finished = False

    pic._job = Busy()
    assert pic.another() is None and len(pic.batches) == 1 and "still being simulated" in pic.message_text


def test_coverage_picture_without_threads_steps_on_the_event_loop(monkeypatch):
    """Pyodide: threads cannot start; the runs go as steps on the kernel's loop, the
    click returning first and the progress bar moving between steps."""
    import asyncio
    import threading

    pic = CoveragePicture("plain", rounds=300, runs=30, seed=4)

    def refuse(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    outer = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        async def scenario():
            seen = []
            pic.another()
            assert pic._job.mode == "async" and pic.more_button.disabled and len(pic.batches) == 1
            while not pic._job.finished:
                seen.append(pic.progress.value)
                await asyncio.sleep(0)
            return seen

        seen = asyncio.run(scenario())
    finally:
        asyncio._set_running_loop(outer)
    assert len(pic.batches) == 2 and not pic.more_button.disabled
    assert {10, 20} <= set(seen)
    assert pic.batches[1].intervals == simulate.coverage(PLAIN, rounds=300, runs=30, seed=4, start=30).intervals


# -- the area diagram -------------------------------------------------------------------------

def test_area_diagram_of_a_seven_then_a_figure():
    c = charts.area_diagram([("a 7", (4, 40)), ("no 7", (36, 40))],
                            {"a 7": [("a figure", (12, 39)), ("no figure", (27, 39))],
                             "no 7": [("a figure", Fraction(35, 117)), ("no figure", Fraction(82, 117))]},
                            highlight=("a 7", "a figure"), title="A 7, then a figure")
    assert "a 7, then a figure: 4/40 × 12/39 = 48/1560 = 2/65 (3.1%) (highlighted)" in c.text
    # the areas add up to 1, and the highlighted cell is the engine's count of ordered pairs
    pairs = sum(1 for a in sk.FULL_DECK for b in sk.FULL_DECK if a != b and a.rank == 7 and b.is_figure)
    assert Fraction(pairs, 40 * 39) == Fraction(2, 65)
    assert c.svg.count(f'fill="{charts.VERMILLION}"') == 2 and "<path d=\"M" in c.svg  # cell and swatch, striped
    with pytest.raises(ValueError, match="add up to 1"):
        charts.area_diagram([("a", Fraction(1, 2))], {"a": [("b", 1)]})
    with pytest.raises(ValueError, match="given 'a'"):
        charts.area_diagram([("a", 1)], {"a": [("b", Fraction(1, 3))]})


# -- practice mode ----------------------------------------------------------------------------

def test_practice_streaks():
    q = Quiz.practice("worth", rules="plain", seed=11)
    assert "sk-quiz-practice" in q.view._dom_classes and q.next_button.description == "Next question"
    for _ in range(3):
        assert q.check(q.question.answer_text)
        q.next()
    assert (q.streak, q.best_streak) == (3, 3)
    assert not q.check("99") and q.streak == 0
    assert q.check(q.question.answer_text) and q.streak == 0     # right after a wrong try: no streak
    q.next()
    assert q.check(q.question.answer_text) and q.streak == 1
    q.next()
    q.reveal()
    assert q.streak == 0 and q.best_streak == 3
    q.next()
    assert q.check(q.question.answer_text) and q.streak == 1
    q.next()
    q.next()                                                     # skipping an open question
    assert q.streak == 0 and "Streak: 0 · best: 3" in q.score_html.value


def test_practice_is_seeded_and_mixes_topics():
    a = Quiz.practice(["worth", "bust"], rules="plain", seed=2)
    b = Quiz.practice(["worth", "bust"], rules="plain", seed=2)
    seen = set()
    for _ in range(12):
        assert a.question.text == b.question.text
        seen.add(a.question.topic)
        a.next()
        b.next()
    assert seen == {"worth", "bust"}
    with pytest.raises(SetteKitError, match="unknown practice topic"):
        Quiz.practice("trentuno")
    with pytest.raises(SetteKitError, match="needs a generator"):
        Quiz(sk.questions.worth_question(sk.parse_cards("5c"), PLAIN) if hasattr(sk, "questions") else
             __import__("sette_kit.questions", fromlist=["x"]).worth_question(sk.parse_cards("5c"), PLAIN),
             practice=True)
