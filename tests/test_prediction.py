"""check.prediction: a student's guess against what the next cell computed, never raising on the guess."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from advsearch import check


@given(st.integers(-1000, 1000), st.integers(-1000, 1000), st.integers(0, 50))
def test_a_number_is_right_exactly_within_the_tolerance(guess, actual, tolerance):
    fb = check.prediction(guess, actual, question="q?", tolerance=tolerance)
    assert fb.ok == (abs(guess - actual) <= tolerance)
    assert str(actual) in fb.text


def test_nothing_predicted_asks_again_and_still_tells_the_result():
    fb = check.prediction(None, 7, question="How many nodes?")
    assert not fb.ok and fb.text.startswith("Not answered yet") and "How many nodes?" in fb.text and "7" in fb.text


@pytest.mark.parametrize("guess", [True, "3", float("nan"), [3], object()])
def test_a_guess_that_is_not_a_number_is_told_so(guess):
    fb = check.prediction(guess, 3, question="q?")
    assert not fb.ok and "number" in fb.text


def test_fractions_and_floats_compare_as_numbers():
    assert check.prediction(Fraction(1, 2), 0.5, question="q?").ok
    assert not check.prediction(Fraction(1, 3), 0.5, question="q?").ok


@given(st.sampled_from(["left", "Left ", " LEFT", "right", "middle", 3]))
def test_choices_ignore_case_and_spaces_and_refuse_the_rest(guess):
    fb = check.prediction(guess, "left", question="Which?", choices=["left", "right"])
    if isinstance(guess, str) and guess.strip().lower() == "left":
        assert fb.ok
    else:
        assert not fb.ok
        if guess in ("middle", 3):
            assert "not one of the choices" in fb.text


def test_other_values_compare_with_equality():
    assert check.prediction((1, 2), (1, 2), question="q?").ok
    assert not check.prediction((2, 1), (1, 2), question="q?").ok


def test_a_guess_whose_equality_raises_is_simply_wrong():
    class Odd:
        def __eq__(self, other):
            raise RuntimeError("no")
    assert not check.prediction(Odd(), (1, 2), question="q?").ok


@pytest.mark.parametrize("kwargs, error", [({"question": ""}, TypeError), ({"question": "q", "tolerance": -1}, ValueError),
                                           ({"question": "q", "choices": []}, TypeError),
                                           ({"question": "q", "choices": ["a", "b"]}, ValueError)])
def test_a_lecturer_s_bad_call_is_named(kwargs, error):
    with pytest.raises(error):
        check.prediction(1, 2, **kwargs)
