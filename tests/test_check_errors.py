"""advsearch.check on bad input: time limits, bad test trees, numbers that are not numbers, borrowed searches.

Each test feeds the self-study checkers one kind of bad input and asserts
what comes back: the error a caller's mistake raises, or the Feedback a
student's mistake earns (its verdict and what its text says).
"""

from __future__ import annotations

import inspect
import math
import time
from fractions import Fraction

import pytest

import advsearch as ads
from advsearch import check, examples, grading, parse
from advsearch.autograde.problemsets import exact_number_problem
from test_check import alphabeta_search, minimax_search   # the correct lecture-style searches of those tests

inf = math.inf

LECTURE_TREE = "A[B[3 12 8] C[2 4 6] D[14 5 2]]"
RIGHT_VALUES = {"A": 3, "B": 3, "C": 2, "D": 2}


# --------------------------------------------------------------- searches


def sleeps(game, state):
    time.sleep(30)


def spins(game, state):
    while True:
        pass


class Liar(int):
    """An int that says it equals anything: a right-looking answer that is no answer."""

    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def timed(fn, *args, **kwargs):
    """``(result, seconds it took)``."""
    started = time.monotonic()
    result = fn(*args, **kwargs)
    return result, time.monotonic() - started


# -------------------------------------------------------- 1. the time limit


@pytest.mark.parametrize("fn", [sleeps, spins])
def test_a_function_that_never_returns_is_stopped_on_the_first_tree(fn):
    fb, seconds = timed(check.implementation, fn, "minimax", time_per_tree=0.2)
    assert seconds < 2.5
    assert not fb.ok and fb.mistake is None
    assert fb.text.startswith(f"On test tree 1 of 38, the tree {LECTURE_TREE}, your function did not return "
                              "within 0.2 s")
    assert "a loop that never ends?" in fb.text


def test_the_time_out_names_the_tree_that_was_running_and_shows_it():
    def slow_on_binary_roots(game, state):
        if len(game.actions(state)) == 2:
            time.sleep(30)
        return minimax_search(game, state)

    trees = ["[[3 5] [2 9] [1 1]]", "[[1 2] [3 4]]"]
    fb, seconds = timed(check.implementation, slow_on_binary_roots, trees=trees, time_per_tree=0.2)
    assert seconds < 2.5
    assert not fb.ok
    assert "On test tree 2 of 2, the tree [[1 2] [3 4]], your function did not return within 0.2 s" in fb.text
    page = fb._repr_html_()
    assert "test tree 2 of 2" in page and "<svg" in page
    assert repr(fb.picture()).startswith("Game tree. The tree in text form: [[1 2] [3 4]]")


def test_a_time_out_in_a_depth_limited_trial_names_the_depth():
    def loops_with_a_depth_limit(game, state, depth=None, evaluate=None):
        while depth is not None:
            pass
        return minimax_search(game, state)

    fb, seconds = timed(check.implementation, loops_with_a_depth_limit, trees=["[[[1 2] [3 4]] [[5 6] [7 8]]]"],
                        time_per_tree=0.2)
    assert seconds < 2.5
    assert not fb.ok and "On test tree 1 of 1, the tree [[[1 2] [3 4]] [[5 6] [7 8]]] with depth=1, " in fb.text


def test_the_default_time_limit_is_a_few_seconds_and_none_or_infinity_mean_no_limit():
    default = inspect.signature(check.implementation).parameters["time_per_tree"].default
    assert default == check.TIME_PER_TREE and 1 <= default <= 10
    assert check.implementation(minimax_search, time_per_tree=None).ok
    assert check.implementation(minimax_search, time_per_tree=inf).ok


@pytest.mark.parametrize("seconds", [0, -1, "3", True, math.nan, [3]])
def test_a_time_limit_that_is_not_a_positive_number_is_refused(seconds):
    with pytest.raises(ValueError, match=r"time_per_tree must be a positive number, not "):
        check.implementation(minimax_search, time_per_tree=seconds)


def test_the_old_name_seconds_per_tree_is_refused():
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'seconds_per_tree'"):
        check.implementation(minimax_search, seconds_per_tree=1.0)


def test_the_self_check_time_limit_still_stops_a_sleeping_function_first():
    fb, seconds = timed(grading.self_check, check.implementation, sleeps, "minimax", time_limit=0.2)
    assert seconds < 2.5
    assert not fb.ok and "The check was stopped after 0.2 s" in fb.text


# --------------------------------------------------------- 2. the test trees


def test_an_empty_list_of_trees_is_refused():
    with pytest.raises(ValueError, match=r"trees must hold at least one tree to run the function on, but got \[\]"):
        check.implementation(minimax_search, trees=[])
    with pytest.raises(ValueError, match="at least one tree"):
        check.implementation(minimax_search, trees=())


@pytest.mark.parametrize("trees, got", [
    (examples.two_ply(), r"not parse\('A\[B\[3 12 8\] .*\(a Tree\)"),
    ("[[1 2] [3 4]]", r"not '\[\[1 2\] \[3 4\]\]' \(a str\)"),
    (7, r"not 7 \(an int\)"),
    ({"A": 3}, r"\(a dict\)"),
])
def test_trees_that_are_not_a_list_are_refused(trees, got):
    with pytest.raises(TypeError, match=r"trees must be a list of trees, like \[t\] .*" + got):
        check.implementation(minimax_search, trees=trees)


@pytest.mark.parametrize("item, got", [(None, r"None \(a NoneType\)"), (5, r"5 \(an int\)"),
                                       (3.5, r"3.5 \(a float\)"), ({"A": 1}, r"{'A': 1} \(a dict\)")])
def test_an_item_that_is_no_tree_is_refused_by_its_index(item, got):
    with pytest.raises(TypeError, match=r"trees\[1\] must be a Tree, its text form or a nested list, not " + got):
        check.implementation(minimax_search, trees=[LECTURE_TREE, item])


def test_trees_the_searches_cannot_handle_are_refused():
    with pytest.raises(ValueError, match=r"trees\[0\] has chance nodes, .* MAX and MIN nodes only; got A\[B:chance"):
        check.implementation(minimax_search, trees=["A[B:chance[1/2: 4 1/2: 8] C[1 9]]"])
    with pytest.raises(ValueError, match="handles two-player trees, not a 3-player tree"):
        check.implementation(minimax_search, trees=[ads.tree([(1, 2, 3), (3, 2, 1)])])


def test_the_default_battery_and_custom_trees_still_pass():
    assert check.implementation(alphabeta_search, "alphabeta").ok
    fb = check.implementation(alphabeta_search, "alphabeta", trees=(LECTURE_TREE, [[5, 1], [0, 8]]))
    assert fb.ok and "on all 2 test trees" in fb.text


# ------------------------------------------------- 3. numbers that are not numbers


def test_values_refuses_an_int_whose_equality_always_holds():
    fb = check.values(examples.two_ply(), {k: Liar(0) for k in RIGHT_VALUES})
    assert not fb.ok
    assert "Your value for 'A' is refused: 0 is a Liar, not an int, float or Fraction." in fb.text
    assert "Write each value as a number: an int, a float or a Fraction" in fb.text


@pytest.mark.parametrize("bad, why", [
    (True, "True is a bool, not a number"),
    (math.nan, "nan is not a finite number"),
    (inf, "inf is not a finite number"),
    ([3], "[3] is a list, not an int, float or Fraction"),
])
def test_values_says_what_was_refused_and_what_is_expected(bad, why):
    fb = check.values(examples.two_ply(), {**RIGHT_VALUES, "C": bad})
    assert not fb.ok
    assert f"Your value for 'C' is refused: {why}." in fb.text
    assert "an int, a float or a Fraction" in fb.text


@pytest.mark.parametrize("x", [3, 3.0, Fraction(3), Fraction(7, 2), 2.5, True, math.nan, inf, -inf, Liar(3), "3",
                               [3]])
def test_values_accepts_exactly_the_numbers_the_grader_accepts(x):
    fb = check.values(examples.two_ply(), {**RIGHT_VALUES, "B": x})
    refused = "Your value for 'B' is refused" in fb.text or "Your value for 'B' is the text" in fb.text
    assert refused == (exact_number_problem(x) is not None), fb.text
    if not refused:
        assert fb.ok == (x == 3)


def test_exact_numbers_of_every_accepted_type_are_right_answers():
    assert check.values(examples.two_ply(), {"A": 3.0, "B": Fraction(3), "C": 2, "D": 2}).ok


def test_implementation_refuses_a_return_value_whose_equality_always_holds():
    def liar(game, state):
        minimax_search(game, state)
        return Liar(0)

    fb = check.implementation(liar, "minimax")
    assert not fb.ok
    assert (f"On the tree {LECTURE_TREE}, your function returned something that is not a number: 0 is a Liar, "
            "not an int, float or Fraction. It should return just the value for MAX, an int, a float or a "
            "Fraction.") in fb.text


@pytest.mark.parametrize("value, why", [(True, "True is a bool, not a number"),
                                        (math.nan, "nan is not a finite number"),
                                        ("3", "'3' is a str, not an int, float or Fraction")])
def test_implementation_says_which_return_value_was_refused(value, why):
    def returns(game, state):
        minimax_search(game, state)
        return value

    fb = check.implementation(returns, "minimax")
    assert not fb.ok and f"your function returned something that is not a number: {why}." in fb.text


def test_implementation_accepts_fractions_and_reads_infinity_as_a_wrong_value():
    def exact(game, state):
        return Fraction(minimax_search(game, state))

    assert check.implementation(exact, "minimax").ok

    def minus_infinity(game, state):
        minimax_search(game, state)
        return -inf

    fb = check.implementation(minus_infinity, "minimax")
    assert not fb.ok and "returns −∞; the value for MAX is 3" in fb.text and "not a number" not in fb.text


# ----------------------------------------------- 4. the package's own searches


def borrows_alphabeta(game, state):
    return ads.alphabeta(game, state).value


def borrows_minimax(game, state):
    return ads.minimax(game, state).value


@pytest.mark.parametrize("fn, algorithm", [(borrows_alphabeta, "alphabeta"), (borrows_minimax, "minimax")])
def test_a_function_that_calls_the_packages_search_fails(fn, algorithm):
    fb = check.implementation(fn, algorithm)
    assert not fb.ok and fb.mistake is None
    assert fb.text.startswith(f"On the tree {LECTURE_TREE}, your function called the package's own search "
                              f"(line ")
    assert f", in {fn.__name__}): {algorithm} cannot be used here: the exercise is to write the search " \
           "yourself" in fb.text
    assert "the grader runs your function without advsearch" in fb.text


def test_a_real_implementation_still_passes_and_the_searches_work_again_afterwards():
    check.implementation(borrows_alphabeta, "alphabeta")
    assert check.implementation(alphabeta_search, "alphabeta").ok
    assert check.implementation(minimax_search, "minimax").ok
    assert ads.alphabeta(parse(LECTURE_TREE)).value == 3          # the ban ends with the check


def test_the_self_check_and_the_grade_agree_on_a_borrowed_search():
    """The check refuses the package's search; the grade is made in a sandbox where there is no package."""
    import inspect
    from advsearch.autograde import problemsets
    from advsearch.sandbox import bubblewrap as sandbox
    from advsearch.sandbox.remote import RemoteFunction, Runner
    trees = grading.search_trees(0)
    assert not check.implementation(borrows_alphabeta, "alphabeta", trees=trees).ok
    if sandbox.available() is not None:
        pytest.skip(f"no sandbox here: {sandbox.available()}")
    cells = [problemsets.PROBLEM_SETS["ps1"].prelude, "import advsearch as ads", inspect.getsource(borrows_alphabeta)]
    with Runner(cells) as r:
        g = grading.assess_search(RemoteFunction(r, "borrows_alphabeta"), "alphabeta", trees, 4)
    assert g.points == 0 and "NameError" in g.text
    assert check.implementation(alphabeta_search, "alphabeta", trees=trees).ok
    assert grading.assess_search(alphabeta_search, "alphabeta", trees, 4).points == 4
