"""check.implementation for expectimax and expectiminimax: a student's function on trees with chance nodes.

The searches below are written here in the lecture's style (value, max-value,
exp-value), independently of advsearch's code: a correct one, and one
deliberately buggy search for each mistake the checker should name.
"""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import advsearch.check as check
from advsearch import CHANCE, MAX, MIN, parse, random_tree
from advsearch.course.chance.battery import EXPECTIMAX_TREES, EXPECTIMINIMAX_TREES, chance_battery
from advsearch.trees import CHANCE_RULES

some = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CHANCE_SEARCHES = ["expectimax", "expectiminimax"]


def make_search(*, chance_rule="expectation", min_takes=min, leaf_for_mover=False, twice=False, negate=False):
    """The lecture's expectiminimax, with switches to plant one mistake at a time."""

    def value(game, state):
        if game.is_terminal(state):
            return game.utility(state, game.to_move(state) if leaf_for_mover else MAX)
        player = game.to_move(state)
        if player == CHANCE:
            return exp_value(game, state)
        values = []
        for a in game.actions(state):
            v = value(game, game.result(state, a))
            if twice:
                v = value(game, game.result(state, a))
            values.append(v)
        return max(values) if player == MAX else min_takes(values)

    def exp_value(game, state):
        outcomes = game.chance_outcomes(state)
        values = [value(game, game.result(state, r)) for r, _ in outcomes]
        if chance_rule == "mean":
            return sum(values) / len(values)
        if chance_rule in ("min", "max"):
            return min(values) if chance_rule == "min" else max(values)
        return sum(p * v for (_, p), v in zip(outcomes, values))

    def search(game, state):
        v = value(game, state)
        return -v if negate else v

    return search


correct = make_search()


def chance_as_min_by_default(game, state):
    """A minimax whose else-branch catches chance nodes: they take the min."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [chance_as_min_by_default(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def with_float_probabilities(game, state):
    """Another correct style: actions(), probabilities as floats from a dict."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) == CHANCE:
        probs = dict(game.chance_outcomes(state))
        return sum(float(probs[a]) * with_float_probabilities(game, game.result(state, a))
                   for a in game.actions(state))
    values = [with_float_probabilities(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


# ------------------------------------------------------------------ right answers


@pytest.mark.parametrize("algorithm", CHANCE_SEARCHES)
def test_a_correct_search_passes(algorithm):
    fb = check.implementation(correct, algorithm)
    assert fb.ok and fb.mistake is None, fb.text
    assert f"on all {len(chance_battery(algorithm, 0))} test trees" in fb.text
    assert check.implementation(with_float_probabilities, algorithm).ok


@pytest.mark.parametrize("algorithm", CHANCE_SEARCHES)
@some
@given(seed=st.integers(0, 10**6))
def test_a_correct_search_passes_on_every_seed(algorithm, seed):
    assert check.implementation(correct, algorithm, seed=seed).ok


def test_the_lectures_trees_hold_their_values():
    # By hand: 1/2·8 + 1/3·24 + 1/6·(−12) = 10; the coin: (9 + 100)/2 beats 10; the lecture's 2-ply tree:
    # B = (2 + 4)/2 = 3 against C = (0 + (−2))/2 = −1.
    assert parse(EXPECTIMAX_TREES[0]).values()[()] == 10
    assert parse(EXPECTIMAX_TREES[1]).values()[()] == Fraction(109, 2)
    assert parse(EXPECTIMINIMAX_TREES[0]).values()[()] == 3


@pytest.mark.parametrize("algorithm", CHANCE_SEARCHES)
def test_the_battery_tells_every_chance_rule_apart(algorithm):
    trees = chance_battery(algorithm, 5)
    assert trees == chance_battery(algorithm, 5) and trees != chance_battery(algorithm, 6)
    fixed = len(EXPECTIMAX_TREES if algorithm == "expectimax" else EXPECTIMINIMAX_TREES)
    for t in trees[fixed:]:
        right = t.values()[()]
        assert all(t.values(rule)[()] != right for rule in CHANCE_RULES if rule != "expectation")
        assert parse(str(t)) == t
    has_min = [any(n.player == MIN for n in t.nodes() if n.children) for t in trees]
    assert not any(has_min) if algorithm == "expectimax" else any(has_min)


# --------------------------------------------------------------- named mistakes


MISTAKES = [
    ("chance_mean", make_search(chance_rule="mean"), "plain average"),
    ("chance_as_min", make_search(chance_rule="min"), "as MIN nodes"),
    ("chance_as_min", chance_as_min_by_default, "as MIN nodes"),
    ("chance_as_max", make_search(chance_rule="max"), "as MAX nodes"),
    ("wrong_perspective", make_search(negate=True), "negated"),
    ("wrong_perspective", make_search(leaf_for_mover=True), "player to move"),
    ("expands_twice", make_search(twice=True), "more than once"),
]


@pytest.mark.parametrize("algorithm", CHANCE_SEARCHES)
@pytest.mark.parametrize("key, fn, words", MISTAKES, ids=[f"{m[0]}-{i}" for i, m in enumerate(MISTAKES)])
def test_each_mistake_is_named(algorithm, key, fn, words):
    fb = check.implementation(fn, algorithm)
    assert not fb.ok and fb.mistake == key, fb.text
    assert words in fb.text and "On the tree " in fb.text
    assert fb.picture().svg.startswith("<svg")


def test_min_maximising_is_named_on_expectiminimax_only():
    fn = make_search(min_takes=max)
    fb = check.implementation(fn, "expectiminimax")
    assert fb.mistake == "wrong_perspective" and "MIN nodes take the max" in fb.text
    assert check.implementation(fn, "expectimax").ok        # no MIN node in MAX's game against chance


@pytest.mark.parametrize("key, rule", [("chance_mean", "mean"), ("chance_as_min", "min"), ("chance_as_max", "max")])
@some
@given(seed=st.integers(0, 10**6))
def test_chance_mistakes_are_named_on_every_seed(key, rule, seed):
    fb = check.implementation(make_search(chance_rule=rule), "expectiminimax", seed=seed)
    assert fb.mistake == key, fb.text


def test_a_chance_mistake_is_shown_at_a_chance_node_with_its_numbers():
    fb = check.implementation(make_search(chance_rule="mean"), "expectimax")
    # The first tree is the lecture's chance node: the mean is (8 + 24 − 12)/3 = 20/3, the expectation 10.
    assert "On the tree :chance[1/2: 8 1/3: 24 1/6: -12], your function returns 6.67" in fb.text
    assert "probabilities 1/2, 1/3 and 1/6: its value is 10" in fb.text


def test_an_unnamed_wrong_value_is_explained_from_the_root():
    fb = check.implementation(lambda game, state: correct(game, state) + 1, "expectimax")
    assert not fb.ok and fb.mistake is None
    assert "returns 11; the value for MAX is 10" in fb.text
    assert "1/2·8 + 1/3·24 + 1/6·(-12) = 10" in fb.text


def test_children_out_of_order_and_skipped_outcomes_are_described():
    def last_outcome_skipped(game, state):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        if game.to_move(state) == CHANCE:
            kept = game.chance_outcomes(state)[:-1]
            total = sum(p for _, p in kept)
            return sum(p / total * last_outcome_skipped(game, game.result(state, r)) for r, p in kept)
        values = [last_outcome_skipped(game, game.result(state, a)) for a in game.actions(state)]
        return max(values) if game.to_move(state) == MAX else min(values)

    fb = check.implementation(last_outcome_skipped, "expectiminimax")
    assert not fb.ok and "a chance node weighs every one of its outcomes" in fb.text


# --------------------------------------------------------- missing and bad answers


@pytest.mark.parametrize("algorithm", CHANCE_SEARCHES)
def test_stubs_are_not_answered_yet(algorithm):
    def stub(game, state):
        raise NotImplementedError

    def nothing(game, state):
        pass

    for fn in (stub, nothing, None, ...):
        fb = check.implementation(fn, algorithm)
        assert not fb.ok and fb.text.startswith("Not answered yet") and algorithm in fb.text, fn


@pytest.mark.parametrize("algorithm", CHANCE_SEARCHES)
def test_the_checker_never_raises_because_of_the_answer(algorithm):
    def quits(game, state):
        sys.exit(1)

    def strings(game, state):
        return "3"

    for fn in (quits, strings, print, len, 42, lambda game: 3):
        fb = check.implementation(fn, algorithm)
        assert not fb.ok and fb.text


def test_trees_of_the_wrong_kind_are_refused():
    with pytest.raises(ValueError, match=r"trees\[0\] has MIN nodes, but expectimax trees hold MAX and chance"):
        check.implementation(correct, "expectimax", trees=["[:chance[1/2: [3 1] 1/2: 4] 2]"])
    for algorithm in CHANCE_SEARCHES:
        with pytest.raises(ValueError, match=r"trees\[1\] is a 3-player tree"):
            check.implementation(correct, algorithm, trees=["[:chance[1/2: 3 1/2: 4] 2]", [[(1, 2, 3), (3, 2, 1)]]])
        with pytest.raises(ValueError, match="at least one tree"):
            check.implementation(correct, algorithm, trees=[])
        with pytest.raises(TypeError, match="trees must be a list of trees"):
            check.implementation(correct, algorithm, trees="[:chance[1/2: 3 1/2: 4] 2]")


def test_trees_without_chance_are_accepted():
    # Expectimax without chance is the max of the leaves; expectiminimax without chance is minimax.
    assert check.implementation(correct, "expectimax", trees=["[3 :max[5 1]]"]).ok
    assert check.implementation(correct, "expectiminimax", trees=["A[B[3 12 8] C[2 4 6]]"]).ok
    fb = check.implementation(chance_as_min_by_default, "expectiminimax", trees=["A[B[3 12 8] C[2 4 6]]"])
    assert fb.ok                     # right on these trees: no chance node to get wrong
    fb = check.implementation(correct, "expectimax", trees=[random_tree(2, 1, seed=3, chance=True)])
    assert fb.ok


def test_looking_up_probabilities_again_is_no_second_visit():
    def probabilities_looked_up(game, state):
        """Correct, but asks chance_outcomes again for each outcome's probability."""
        if game.is_terminal(state):
            return game.utility(state, MAX)
        if game.to_move(state) == CHANCE:
            total = 0
            for a in game.actions(state):
                v = probabilities_looked_up(game, game.result(state, a))
                total += dict(game.chance_outcomes(state))[a] * v
            return total
        values = [probabilities_looked_up(game, game.result(state, a)) for a in game.actions(state)]
        return max(values) if game.to_move(state) == MAX else min(values)

    for algorithm in CHANCE_SEARCHES:
        fb = check.implementation(probabilities_looked_up, algorithm)
        assert fb.ok, fb.text
