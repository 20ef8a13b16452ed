"""sette_kit.answers: reading and checking learners' answers."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from sette_kit.answers import check, fmt_exact, matches, parse_answer, parse_yes_no
from sette_kit.errors import SetteKitError


@pytest.mark.parametrize("text, value, form", [
    ("24/37", Fraction(24, 37), "fraction"),
    (" 24 / 37 ", Fraction(24, 37), "fraction"),
    ("0.649", Fraction(649, 1000), "decimal"),
    (".5", Fraction(1, 2), "decimal"),
    ("0,649", Fraction(649, 1000), "decimal"),
    ("64.9%", Fraction(649, 1000), "percent"),
    ("65 %", Fraction(65, 100), "percent"),
    ("7½", Fraction(15, 2), "half"),
    ("7 ½", Fraction(15, 2), "half"),
    ("½", Fraction(1, 2), "half"),
    ("7 1/2", Fraction(15, 2), "mixed"),
    ("7.5", Fraction(15, 2), "decimal"),
    ("15/2", Fraction(15, 2), "fraction"),
    ("3", Fraction(3), "integer"),
    ("-1", Fraction(-1), "integer"),
])
def test_parse_forms(text, value, form):
    a = parse_answer(text)
    assert a.value == value and a.form == form


@pytest.mark.parametrize("text", ["", "abc", "1/0", "7 3/2", "1//2", "7½½", "2..5", "%"])
def test_unreadable_names_accepted_forms(text):
    with pytest.raises(SetteKitError) as e:
        parse_answer(text)
    msg = str(e.value)
    assert "accepted forms" in msg or "divides by zero" in msg


def test_probability_range_and_percent_hint():
    with pytest.raises(SetteKitError, match="did you mean 65%"):
        parse_answer("65", kind="probability")
    with pytest.raises(SetteKitError, match="between 0 and 1"):
        parse_answer("-1/2", kind="probability")
    with pytest.raises(SetteKitError, match="not a percentage"):
        parse_answer("50%", kind="points")


@pytest.mark.parametrize("text, status", [
    ("24/37", "right"), ("48/74", "right"), ("0.6486", "right"), ("0.649", "right"), ("0.65", "right"),
    ("64.9%", "right"), ("65%", "right"), ("64.86%", "right"),
    ("0.64", "wrong"), ("0.648", "wrong"), ("64%", "wrong"), ("24/38", "wrong"), ("1", "wrong"),
    ("0.6", "imprecise"), ("60%", "wrong"), ("xyz", "unreadable"),
])
def test_check_tolerance_by_form(text, status):
    assert check(text, Fraction(24, 37), "probability").status == status


def test_small_probability_needs_significant_digits():
    p = Fraction(1, 37)  # 0.027027...
    assert check("0.03", p).status == "imprecise"
    assert check("0.027", p).status == "right"
    assert check("2.7%", p).status == "right"
    assert check("0.0", p).status == "imprecise"  # 0.027 rounded to one decimal, but no significant digit
    assert check("0.00", p).status == "wrong"


def test_exact_decimal_needs_no_digits():
    assert check("0.5", Fraction(1, 2)).status == "right"
    assert check("50%", Fraction(1, 2)).status == "right"


def test_points_answers():
    for t in ("7½", "7 1/2", "7.5", "15/2"):
        assert check(t, Fraction(15, 2), "points").right
    assert check("7", Fraction(15, 2), "points").status == "wrong"


def test_yes_no():
    assert parse_yes_no("Yes") is True and parse_yes_no("n") is False
    assert check("no", False, "yesno").right
    assert check("maybe", False, "yesno").status == "unreadable"
    with pytest.raises(SetteKitError, match="yes or no"):
        parse_yes_no("perhaps")


def test_fmt_exact():
    assert fmt_exact(Fraction(24, 37), "probability") == "24/37 ≈ 0.6486 (64.86%)"
    assert fmt_exact(Fraction(15, 2), "points") == "7½"
    assert fmt_exact(Fraction(1, 2), "points") == "½"


@given(st.fractions(min_value=0, max_value=1, max_denominator=200), st.integers(2, 6))
def test_rounded_decimal_of_exact_value_is_right(p, digits):
    text = f"{float(p):.{digits}f}"
    a = parse_answer(text)
    # the exact value rounded at `digits` is within half a unit, so never "wrong"
    assert matches(a, p) in ("right", "imprecise")


@given(st.fractions(min_value=0, max_value=1, max_denominator=200))
def test_fraction_text_roundtrip(p):
    assert check(f"{p.numerator}/{p.denominator}", p).right
    assert check(f"{p.numerator + 1}/{p.denominator}", p).status == "wrong"
