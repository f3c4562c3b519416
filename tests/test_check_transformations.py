"""check.transformations.monotonic_transformation: an increasing f that moves expectimax but not minimax.

The moves the checker reports are compared with a small valuation written
here from the definitions (expectation or worst case at chance nodes), and
with the package's expectiminimax search on the transformed tree; each wrong
kind of answer must be named.
"""

from __future__ import annotations

import math
import time
from fractions import Fraction as F

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from advsearch import CHANCE, MAX, chance, expectiminimax, random_tree, tree
from advsearch.check import Feedback
from advsearch.course.chance.transformations import TIME_LIMIT, TRANSFORMATION_MISTAKES, monotonic_transformation

some = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: B = 3 and C = 7/2 for expectimax (C best); B = 2 and C = 1 in the worst case (B best).
SMALL = tree([chance((F(1, 2), 2), (F(1, 2), 4)), chance((F(1, 2), 1), (F(1, 2), 6))], labels=True)

#: Three moves, uneven probabilities and a MIN level: expectiminimax proper.
UNEVEN = tree([chance((F(9, 10), [2, 5]), (F(1, 10), [3, 8])),
               chance((F(9, 10), [1, 9]), (F(1, 10), [7, 4])),
               chance((F(1, 2), 0), (F(1, 2), 3))], labels=True)


def value(node, worst=False):
    """A node's value from the definition: MAX/MIN take max/min; chance the expectation, or the worst outcome."""
    if not node.children:
        return node.value
    kids = [value(c, worst) for c in node.children]
    if node.player == CHANCE:
        return min(kids) if worst else sum(p * v for p, v in zip(node.probs, kids))
    return max(kids) if node.player == MAX else min(kids)


def moves(t, worst=False):
    """The root's children's values, by the definition above."""
    return [value(c, worst) for c in t.initial_state.children]


def transformed(t, f):
    return t.with_values({leaf.path: f(leaf.value) for leaf in t.leaves()})


def best(values):
    return values.index(max(values))


# ------------------------------------------------------------------ the exercise trees themselves


def test_the_trees_are_exercises():
    assert moves(SMALL) == [3, F(7, 2)] and moves(SMALL, worst=True) == [2, 1]
    assert moves(UNEVEN) == [F(21, 10), F(13, 10), F(3, 2)] and moves(UNEVEN, worst=True) == [2, 1, 0]


# ------------------------------------------------------------------ right answers


RIGHT = {
    "minus one over v": (SMALL, lambda v: -F(1, v)),
    "a table": (SMALL, {1: 0, 2: 5, 4: 6, 6: 7}),
    "a float logarithm": (SMALL, math.log),
    "stretch the top": (UNEVEN, lambda v: v if v < 3 else 10 * v),
    "a cube": (UNEVEN, lambda v: v ** 3),
}


@pytest.mark.parametrize("name", RIGHT)
def test_a_right_answer_passes_and_says_what_happened(name):
    t, f = RIGHT[name]
    fn = f.__getitem__ if isinstance(f, dict) else f
    after = transformed(t, fn)
    before_move, after_move = best(moves(t)), best(moves(after))
    assert after_move != before_move                                   # the answer is right by the definition
    assert best(moves(after, worst=True)) == best(moves(t, worst=True))
    assert expectiminimax(after).move == after_move                    # and by the search
    fb = monotonic_transformation(t, f)
    assert fb.ok and fb.mistake is None, fb.text
    names = "ABCD"
    kept = names[1 + best(moves(t, worst=True))]
    assert f"keeps its move {kept}" in fb.text
    assert f"changes its move from {names[1 + before_move]} to {names[1 + after_move]}" in fb.text


def test_the_feedback_draws_the_transformed_tree():
    shown = monotonic_transformation(SMALL, {1: 0, 2: 5, 4: 6, 6: 7}).picture()
    assert shown is not None and shown.svg.startswith("<svg")


# ------------------------------------------------------------------ wrong answers, each named


WRONG = {
    "decreasing": (SMALL, lambda v: -v, "not_increasing", "f reverses the order of all the leaves"),
    "swaps two": (SMALL, lambda v: v % 4, "not_increasing", "f(2) = 2 > f(4) = 0, so the two leaves swap order"),
    "ties two": (SMALL, lambda v: min(v, 4), "not_increasing", "f(4) = 4 = f(6) = 4, so the two leaves tie"),
    "a table that ties": (SMALL, {1: 0, 2: 5, 4: 5, 6: 7}, "not_increasing", "f(2) = 5 = f(4) = 5"),
    "positive affine": (SMALL, lambda v: 2 * v + 1, "affine_map", "v ↦ 2·v + 1"),
    "affine with a Fraction slope": (UNEVEN, lambda v: F(1, 3) * v - 4, "affine_map", "positive affine map"),
    "the identity": (UNEVEN, lambda v: v, "affine_map", "the positive affine map v ↦ v."),
    "minus a constant": (UNEVEN, lambda v: 3 * v - 2, "affine_map", "v ↦ 3·v − 2"),
    "square": (SMALL, lambda v: v ** 2, "decision_unchanged", "still moves to C: after f, B = 10 and C = 37/2"),
    "a tie": (SMALL, {1: 0, 2: 5, 4: 6, 6: 11}, "decision_tied", "C ties with B"),
}


@pytest.mark.parametrize("name", WRONG)
def test_each_wrong_answer_is_named(name):
    t, f, mistake, words = WRONG[name]
    fb = monotonic_transformation(t, f)
    assert not fb.ok and fb.mistake == mistake, fb.text
    assert mistake in TRANSFORMATION_MISTAKES
    assert words in fb.text, fb.text


def test_an_unchanged_decision_is_really_unchanged():
    # The claim of "decision_unchanged" against the definition and the search.
    after = transformed(SMALL, lambda v: v ** 2)
    assert best(moves(after)) == best(moves(SMALL)) == expectiminimax(after).move == 1


def test_the_minimax_move_is_checked_not_assumed(monkeypatch):
    # Were the oracle to give minimax another move on the new tree, the checker would say so, not pass.
    from advsearch.course.chance import transformations

    real = transformations._root_children
    original = str(SMALL)

    def other_worst_case(t, rule):
        values = real(t, rule)
        return values[::-1] if rule == "min" and str(t) != original else values

    monkeypatch.setattr(transformations, "_root_children", other_worst_case)
    fb = monotonic_transformation(SMALL, {1: 0, 2: 5, 4: 6, 6: 7})
    assert not fb.ok and "Minimax's move changed from B to C" in fb.text, fb.text


PROBLEMS = {
    "not answered": (None, "Not answered yet: give f"),
    "ellipsis": (..., "Not answered yet"),
    "a number": (3, "Your answer is an int; give f, a function of one leaf value"),
    "a list": ([1, 2, 3], "Your answer is a list"),
    "raises": (lambda v: 1 / (v - 2), "Your f raised ZeroDivisionError at the leaf value 2"),
    "wrong arity": (lambda v, w: v, "Your f raised TypeError at the leaf value 1"),
    "text": (lambda v: str(v), "f(1) is refused: '1' is a str"),
    "a bool": (lambda v: v > 3, "f(1) is refused: False is a bool"),
    "nan": (lambda v: math.nan, "f(1) is refused: nan is not a finite number"),
    "a complex number": (lambda v: (v - 3) ** 0.5, "f(1) is refused"),
    "a table missing values": ({1: 0, 2: 1}, "no new value for the leaf values 4 and 6"),
    "a table with text": ({1: 0, 2: "1", 4: 2, 6: 3}, "f(2) is refused: '1' is a str"),
}


@pytest.mark.parametrize("name", PROBLEMS)
def test_answers_that_are_no_transformation_are_told_apart(name):
    f, words = PROBLEMS[name]
    fb = monotonic_transformation(SMALL, f)
    assert isinstance(fb, Feedback) and not fb.ok and fb.mistake is None
    assert words in fb.text, fb.text


def test_an_endless_f_is_stopped():
    def endless(v):
        while True:
            pass

    start = time.perf_counter()
    fb = monotonic_transformation(SMALL, endless)
    assert time.perf_counter() - start < TIME_LIMIT + 2
    assert not fb.ok and f"within {TIME_LIMIT:g} s" in fb.text


# ------------------------------------------------------------------ trees that set no exercise


BAD_TREES = {
    "no chance node": ([[1, 2], [3, 4]], "needs a tree with chance nodes"),
    "MIN at the root": (tree([chance((F(1, 2), 1), (F(1, 2), 2)), 0], root=1), "needs MAX to move at the root"),
    "a tie at the root": ([chance((F(1, 2), 1), (F(1, 2), 3)), 2], "moves 0 and 1 tie at 2"),
    "one move": ([chance((F(1, 2), 1), (F(1, 2), 3))], "needs at least two moves"),
    "three players": (tree([chance((F(1, 2), (1, 2, 3)), (F(1, 2), (3, 2, 1))), (0, 0, 0)]), "two-player trees"),
}


@pytest.mark.parametrize("name", BAD_TREES)
def test_a_tree_that_sets_no_exercise_is_refused(name):
    t, words = BAD_TREES[name]
    with pytest.raises(ValueError, match=words):
        monotonic_transformation(t, lambda v: v)


def test_no_tree_at_all_is_refused():
    with pytest.raises(TypeError, match="tree must be a Tree"):
        monotonic_transformation(42, lambda v: v)


# ------------------------------------------------------------------ properties


def chance_tree(seed):
    """A random tree MAX, chance, (MIN, chance, ...) with a single best expectimax move, or None."""
    t = random_tree((2, 3), 1 + seed % 2, seed=seed, chance=True)
    values = moves(t)
    return t if values.count(max(values)) == 1 else None


slopes = st.fractions(min_value=F(1, 100), max_value=100)
shifts = st.fractions(min_value=-100, max_value=100)


@some
@given(st.integers(0, 100_000), slopes, shifts)
def test_a_positive_affine_map_never_changes_expectimax(seed, a, b):
    t = chance_tree(seed)
    assume(t is not None)
    f = lambda v: a * v + b                                                   # noqa: E731
    after = transformed(t, f)
    assert best(moves(after)) == best(moves(t)) == expectiminimax(after).move   # the known fact
    fb = monotonic_transformation(t, f)
    assert not fb.ok and fb.mistake == "affine_map", fb.text                  # and the checker says so


@some
@given(st.integers(0, 100_000), st.data())
def test_any_increasing_table_keeps_minimax_and_is_judged_by_expectimax(seed, data):
    t = chance_tree(seed)
    assume(t is not None)
    old = sorted({leaf.value for leaf in t.leaves()})
    steps = data.draw(st.lists(st.integers(1, 50), min_size=len(old), max_size=len(old)))
    table = {v: sum(steps[:i + 1]) for i, v in enumerate(old)}                # strictly increasing
    after = transformed(t, table.__getitem__)
    assert best(moves(after, worst=True)) == best(moves(t, worst=True))       # minimax never moves
    fb = monotonic_transformation(t, table)
    after_values = moves(after)
    changed = after_values[best(moves(t))] < max(after_values)
    assert fb.ok == changed, fb.text
    if not fb.ok:
        assert fb.mistake in ("affine_map", "decision_unchanged", "decision_tied"), fb.text


@some
@given(st.integers(0, 100_000), st.data())
def test_a_table_that_breaks_the_order_is_caught(seed, data):
    t = chance_tree(seed)
    assume(t is not None)
    old = sorted({leaf.value for leaf in t.leaves()})
    assume(len(old) >= 2)
    new = data.draw(st.lists(st.integers(-20, 20), min_size=len(old), max_size=len(old)))
    assume(any(x >= y for x, y in zip(new, new[1:])))
    fb = monotonic_transformation(t, dict(zip(old, new)))
    assert not fb.ok and fb.mistake == "not_increasing", fb.text
    i = next(i for i in range(len(new) - 1) if new[i] >= new[i + 1])           # the first pair out of order
    assert f"f({old[i]}) = {new[i]}" in fb.text and f"f({old[i + 1]}) = {new[i + 1]}" in fb.text
