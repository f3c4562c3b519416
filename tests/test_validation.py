"""advsearch.validation: every kind of bad input gets its clear error, and good input passes through unchanged."""

import math
import re
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from advsearch import validation as v

NAME = st.from_regex(r"[a-z_]{1,12}", fullmatch=True)
#: Things that are not numbers at all (a bool is not one either).
NOT_NUMBERS = st.one_of(st.none(), st.booleans(), st.text(max_size=5), st.lists(st.integers(), max_size=2),
                        st.just(object()), st.just(float("nan")))
REALS = st.one_of(st.integers(), st.floats(allow_nan=False), st.fractions())
FINITE = st.one_of(st.integers(-10 ** 300, 10 ** 300), st.floats(allow_nan=False, allow_infinity=False), st.fractions())


def message(name, kind, x):
    return re.escape(f"{name} must be {kind}, not {x!r}")


# --- whole numbers and counts

@given(NAME, st.integers(), st.integers(-50, 50), st.integers(0, 100))
def test_a_whole_number_in_range_passes_unchanged(name, x, least, span):
    lo, hi = least, least + span
    if lo <= x <= hi:
        assert v.whole_number(name, x, least=lo, most=hi) == x
    else:
        with pytest.raises(ValueError, match=message(name, f"a whole number from {lo} to {hi}", x)):
            v.whole_number(name, x, least=lo, most=hi)


@given(NAME, st.integers())
def test_any_whole_number_passes_without_bounds(name, x):
    out = v.whole_number(name, x)
    assert out == x and type(out) is int


@given(NAME, st.one_of(NOT_NUMBERS, st.floats(), st.fractions().filter(lambda f: f.denominator != 1)))
def test_what_is_not_a_whole_number_is_refused_by_name(name, x):
    with pytest.raises(ValueError, match=message(name, "a whole number", x)):
        v.whole_number(name, x)
    with pytest.raises(ValueError, match=message(name, "a whole number >= 0", x)):
        v.whole_number(name, x, least=0)
    with pytest.raises(ValueError, match=message(name, "a whole number >= 1", x)):
        v.count(name, x)


@given(NAME, st.integers())
def test_a_count_is_a_whole_number_of_at_least_one(name, x):
    if x >= 1:
        assert v.count(name, x) == x
    else:
        with pytest.raises(ValueError, match=message(name, "a whole number >= 1", x)):
            v.count(name, x)


def test_an_upper_bound_alone_is_named():
    with pytest.raises(ValueError, match=r"^k must be a whole number <= 3, not 4$"):
        v.whole_number("k", 4, most=3)


def test_numpy_integers_are_whole_numbers():
    np = pytest.importorskip("numpy")
    assert v.count("games", np.int64(3)) == 3 and type(v.count("games", np.int64(3))) is int
    assert not v.is_whole_number(np.float64(3))


# --- numbers

@given(NAME, REALS)
def test_positive_numbers_pass_unchanged_and_others_are_refused(name, x):
    if x > 0:
        assert v.positive_number(name, x) is x
    else:
        with pytest.raises(ValueError, match=message(name, "a positive number", x)):
            v.positive_number(name, x)


@given(NAME, NOT_NUMBERS)
def test_what_is_not_a_number_is_never_positive_real_or_a_probability(name, x):
    with pytest.raises(ValueError, match=message(name, "a positive number", x)):
        v.positive_number(name, x)
    with pytest.raises(ValueError, match=message(name, "a finite number", x)):
        v.real_number(name, x)
    with pytest.raises(ValueError, match=message(name, "a probability between 0 and 1", x)):
        v.probability(name, x)
    assert not v.is_number(x) and not v.is_whole_number(x)


@given(NAME, FINITE, st.one_of(st.none(), st.integers(-10, 10)))
def test_a_finite_real_number_comes_back_as_the_same_float(name, x, least):
    if least is None or x >= least:
        out = v.real_number(name, x, least=least)
        assert type(out) is float and out == float(x)
    else:
        with pytest.raises(ValueError, match=message(name, f"a finite number >= {least}", x)):
            v.real_number(name, x, least=least)


@pytest.mark.parametrize("x", [math.inf, -math.inf, 10 ** 400])
def test_infinities_and_numbers_beyond_a_float_are_not_finite_real_numbers(x):
    with pytest.raises(ValueError, match=message("w", "a finite number", x)):
        v.real_number("w", x)


@given(NAME, REALS)
def test_a_probability_is_a_number_from_0_to_1(name, x):
    if 0 <= x <= 1:
        assert v.probability(name, x) is x
    else:
        with pytest.raises(ValueError, match=message(name, "a probability between 0 and 1", x)):
            v.probability(name, x)


# --- budgets, seeds, points

@given(NAME, st.one_of(REALS, NOT_NUMBERS), st.booleans())
def test_a_budget_is_none_or_a_positive_number(name, x, whole):
    ok = x is None or (v.is_whole_number(x) if whole else v.is_number(x)) and x > 0
    if ok:
        assert v.budget(name, x, whole=whole) is x
    else:
        kind = "a positive whole number" if whole else "a positive number"
        with pytest.raises(ValueError, match=message(name, kind, x)):
            v.budget(name, x, whole=whole)


@given(st.one_of(st.integers(), st.text()))
def test_ints_and_strs_are_seeds(x):
    assert v.seed(x) is x


@given(st.one_of(st.none(), st.booleans(), st.floats(), st.fractions(), st.tuples(st.integers())))
def test_anything_else_is_not_a_seed(x):
    with pytest.raises(ValueError, match=re.escape(f"seed must be an int or a str, so that the exercise can be "
                                                   f"made again; not {x!r}")):
        v.seed(x)


@given(st.one_of(st.integers(1), st.floats(min_value=1e-9, allow_infinity=False), st.fractions(min_value=1)))
def test_positive_points_come_back_as_a_float(x):
    out = v.points(x)
    assert type(out) is float and out == float(x)


@given(st.one_of(NOT_NUMBERS, st.integers(max_value=0), st.floats(max_value=0), st.just(Fraction(-1, 2))))
def test_points_that_are_not_positive_are_the_graders_mistake(x):
    with pytest.raises(ValueError, match=message("points", "a positive number", x)):
        v.points(x)


def test_the_old_names_are_the_same_functions():
    from advsearch.course.shared import reading
    from advsearch.course.shared import grades
    assert not hasattr(grades, "check_points") and reading.is_number is v.is_number
