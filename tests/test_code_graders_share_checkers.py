"""The code graders of ps3 and ps4 are point arithmetic over the checkers the students run (issue 27, item 1).

Each grader runs the student's function its own way (in a sandbox when a grade counts), but judges each
finished run with the self-study checker's judgement of one run: ``judge_chance_run``, ``judge_maxn_run``,
``judge_uct_run``.  These tests check that the grader's per-tree verdict is that judgement of the same run,
that the checker's own run of a function is judged alike, and that the grade and the checker's verdict agree
on functions right everywhere and on the usual mistakes.  The students' functions are written here.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import advsearch.check as check
from advsearch import CHANCE, MAX, MIN, grading, random_tree
from advsearch.answers import close
from advsearch.course.chance.implementation import judge_chance_run, lookups_dropped
from advsearch.course.mcts.implementation import judge_uct_run
from advsearch.course.mcts.mcts_code import run_mcts
from advsearch.course.mcts.perspectives import root_moves
from advsearch.course.multiplayer import implementation as maxn_check
from advsearch.course.multiplayer.implementation import WRONG_MAXN, judge_maxn_run
from advsearch.course.shared.reading import as_tree
from advsearch.course.shared.running import run_on
from advsearch.course.shared.runs import run as run_here
from test_grading_ps3 import make_mcts  # the lecture's UCT, each node's wins counted for a chosen player

some = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------ students' functions


def make_expectimax(rule="expectation", twice=False, lookup=False):
    """Expectimax combining a chance node's children by ``rule``; ``lookup`` asks for each probability again."""
    def f(game, state):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        if game.to_move(state) == CHANCE:
            pairs = []
            for o, p in game.chance_outcomes(state):
                v = f(game, game.result(state, o))
                pairs.append((dict(game.chance_outcomes(state))[o] if lookup else p, v))
            if twice:
                f(game, game.result(state, game.chance_outcomes(state)[0][0]))
            vals = [v for _, v in pairs]
            return {"expectation": sum(p * v for p, v in pairs), "mean": sum(vals) / len(vals),
                    "min": min(vals), "max": max(vals)}[rule]
        vals = [f(game, game.result(state, a)) for a in game.actions(state)]
        return max(vals) if game.to_move(state) == MAX else min(vals)
    return f


EXPECTIMAX = {"right": make_expectimax(), "mean": make_expectimax("mean"), "min": make_expectimax("min"),
              "max": make_expectimax("max"), "twice": make_expectimax(twice=True),
              "lookup": make_expectimax(lookup=True), "none": lambda game, state: None,
              "text": lambda game, state: "7"}


def make_maxn(entry=lambda p, n: p, tie_last=False, twice=False, scalar=False):
    """Max-n choosing by entry ``entry(p, n)`` at a node of player p."""
    def f(game, state):
        n = game.num_players
        if game.is_terminal(state):
            return tuple(game.utility(state, p) for p in range(n))
        q = entry(game.to_move(state), n)
        best = None
        for a in game.actions(state):
            v = f(game, game.result(state, a))
            if best is None or v[q] > best[q] or (tie_last and v[q] == best[q]):
                best = v
        if twice:
            f(game, game.result(state, game.actions(state)[0]))
        return best

    if scalar:
        return lambda game, state: f(game, state)[game.to_move(state)]
    return f


MAXN = {"right": make_maxn(), "tie_last": make_maxn(tie_last=True), "p0": make_maxn(lambda p, n: 0),
        "next": make_maxn(lambda p, n: (p + 1) % n), "twice": make_maxn(twice=True),
        "scalar": make_maxn(scalar=True), "short": lambda game, state: (0, 0)}


def first_only(game, state, iterations, rng):
    actions = list(game.actions(state))
    return {a: (0, iterations if a == actions[0] else 0) for a in actions}


# ------------------------------------------------------------------ expectimax


chance_trees = st.builds(lambda seed, depth, root: random_tree((2, 3), depth, seed=seed, chance=True, low=-9,
                                                                high=9, root=root),
                         st.integers(0, 10**6), st.integers(1, 3), st.sampled_from([MAX, MIN]))


@some
@given(chance_trees, st.sampled_from(sorted(EXPECTIMAX)))
def test_the_expectimax_grader_row_is_the_checkers_judgement_of_the_same_run(t, name):
    fn = EXPECTIMAX[name]
    row = grading.assess_expectimax(fn, [t]).details["rows"][0]
    graded = judge_chance_run(t, run_on(fn, t, 3.0))
    assert (row["fits"], row["once"]) == (graded["fits"], graded["once"])
    here = judge_chance_run(t, run_here(fn, t))          # the checker's own run of the function: judged alike
    assert {k: here[k] for k in ("fits", "right", "once", "repeat")} == \
        {k: graded[k] for k in ("fits", "right", "once", "repeat")}
    by_rule = name in ("mean", "min", "max") and close(t.values(name)[()], t.values()[()])
    assert graded["right"] == ("expectation" in graded["fits"]) == (name in ("right", "twice", "lookup") or by_rule)
    assert (graded["problem"] is None) == (name not in ("none", "text"))


@some
@given(chance_trees)
def test_a_wrong_chance_rule_fits_that_rule_wherever_it_changes_the_value(t):
    for rule in ("mean", "min", "max"):
        found = judge_chance_run(t, run_on(EXPECTIMAX[rule], t, 3.0))
        assert rule in found["fits"] and found["once"] and found["repeat"] is None


@some
@given(st.lists(st.tuples(st.sampled_from(["expand", "score"]), st.sampled_from([(), (0,), (1,), (0, 0)])),
                max_size=12))
def test_dropping_lookups_twice_drops_nothing_more(seq):
    once = lookups_dropped(seq)
    assert lookups_dropped(once) == once


@pytest.mark.parametrize("algorithm", ["expectimax", "expectiminimax"])
def test_expectimax_right_everywhere_gets_full_points_and_the_checkers_ok(algorithm):
    fn = EXPECTIMAX["right"]
    g = grading.assess_expectimax(fn, grading.chance_trees(3))
    assert g.points == g.out_of and g.convention == "expectation"
    assert check.implementation(fn, algorithm).ok


@pytest.mark.parametrize("rule, key", [("mean", "chance_mean"), ("min", "chance_as_min"), ("max", "chance_as_max")])
def test_the_rule_the_grade_names_is_the_mistake_the_checker_names(rule, key):
    g = grading.assess_expectimax(EXPECTIMAX[rule], grading.chance_trees(5))
    fb = check.implementation(EXPECTIMAX[rule], "expectimax")
    assert g.points == 0 and g.convention == rule and (fb.ok, fb.mistake) == (False, key)


def test_asking_for_probabilities_again_is_visiting_each_node_once_for_grader_and_checker():
    fn = EXPECTIMAX["lookup"]
    g = grading.assess_expectimax(fn, grading.chance_trees(1))
    assert g.points == g.out_of and all(r["once"] for r in g.details["rows"])
    assert "does not visit" not in g.text and check.implementation(fn, "expectimax").ok
    g = grading.assess_expectimax(EXPECTIMAX["twice"], grading.chance_trees(1))
    assert g.points == g.out_of and "does not visit every node exactly once" in g.text
    assert check.implementation(EXPECTIMAX["twice"], "expectimax").mistake == "expands_twice"


def test_a_value_the_checker_finds_no_number_earns_nothing():
    import numpy as np

    def numpy_value(game, state):
        return np.float64(float(EXPECTIMAX["right"](game, state)))
    assert grading.assess_expectimax(numpy_value, grading.chance_trees(2)).points == 0
    assert not check.implementation(numpy_value, "expectimax").ok


# ------------------------------------------------------------------ max-n


maxn_trees = st.builds(lambda seed, depth: random_tree((2, 3), depth, seed=seed, num_players=3, low=0, high=3),
                       st.integers(0, 10**6), st.integers(1, 3))


@some
@given(maxn_trees, st.sampled_from(sorted(MAXN)))
def test_the_maxn_grader_row_is_the_checkers_judgement_of_the_same_run(t, name):
    fn = MAXN[name]
    row = grading.assess_maxn(fn, [t]).details["rows"][0]
    shown = as_tree(row["tree"])                          # the shuffled copy that stands for the tree
    graded = judge_maxn_run(shown, run_on(fn, shown, 3.0))
    assert {k: row[k] for k in ("right", "once", "every_leaf", "fits")} == \
        {k: graded[k] for k in ("right", "once", "every_leaf", "fits")}
    here = judge_maxn_run(shown, run_here(fn, shown))
    assert {k: here[k] for k in ("right", "fits", "once", "repeat")} == \
        {k: graded[k] for k in ("right", "fits", "once", "repeat")}
    if name in ("tie_last", "p0", "next"):
        key = {"p0": "first_component", "next": "next_component"}.get(name, name)
        assert graded["right"] or key in graded["fits"]
    if name == "scalar":
        assert graded["problem"].mistake == "scalar_for_vector"


def test_the_checkers_models_are_the_graders_by_the_same_keys():
    assert list(WRONG_MAXN) == list(grading.MAXN_MODELS)
    assert maxn_check.maxn_models() == [WRONG_MAXN[k] for k in
                                        ("next_component", "previous_component", "first_component", "tie_last")]


def test_maxn_right_everywhere_gets_full_points_and_the_checkers_ok():
    g = grading.assess_maxn(MAXN["right"], grading.maxn_trees(4))
    assert g.points == g.out_of and g.mistake is None
    assert check.implementation(MAXN["right"], "maxn").ok


@pytest.mark.parametrize("name, grade_key, check_key", [("tie_last", "tie_last", "maxn_ties"),
                                                         ("next", "next_component", "wrong_component"),
                                                         ("scalar", "scalar_for_vector", "scalar_for_vector")])
def test_the_mistake_the_grade_names_is_the_checkers(name, grade_key, check_key):
    g = grading.assess_maxn(MAXN[name], grading.maxn_trees(2))
    fb = check.implementation(MAXN[name], "maxn")
    assert g.mistake == grade_key and g.points < g.out_of and (fb.ok, fb.mistake) == (False, check_key)
    if grade_key in WRONG_MAXN:
        assert WRONG_MAXN[grade_key].key == fb.mistake


# ------------------------------------------------------------------ MCTS


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**4), st.sampled_from(["mover", "root", "max", "to_move"]))
def test_the_mcts_grader_row_is_the_checkers_judgement_of_the_same_run(seed, credit):
    t = grading.mcts_trees(seed, n=1, aspect="perspective")[0]
    fn = make_mcts(credit)
    row = grading.assess_mcts(fn, [t], aspect="perspective", small=20, iterations=200).details["rows"][0]
    stats, error, scored = run_mcts(fn, t, 200, 10.0)
    found = judge_uct_run(t, 200, stats, scored)
    assert error is None and found["replay"].ok and row["problem"] is None
    assert (row["move"], row["fits"]) == (found["move"], found["fits"])
    assert (row["move"] in root_moves(t, "mover")) == ("mover" in found["fits"])
    assert judge_uct_run(t, 200, stats)["fits"] == found["fits"]         # the replay judges the work, not the move


def test_mcts_right_everywhere_gets_full_points_and_the_checkers_ok():
    fn = make_mcts()
    g = grading.assess_mcts(fn, grading.mcts_trees(0, n=3), iterations=300)
    assert g.points == g.out_of
    assert check.implementation(fn, "uct").ok


@pytest.mark.parametrize("credit", ["max", "to_move"])
def test_the_crediting_the_grade_names_is_the_checkers(credit):
    fn = make_mcts(credit)
    g = grading.assess_mcts(fn, grading.mcts_trees(1, aspect="perspective"), aspect="perspective", iterations=300)
    fb = check.implementation(fn, "uct")
    assert g.points == 0 and g.convention == credit
    assert (fb.ok, fb.mistake) == (False, f"uct_perspective_{credit}")


def test_a_table_without_every_child_tried_first_is_wrong_for_both():
    t = grading.mcts_trees(0, n=1)[0]
    k = len(t.initial_state.children)
    actions = list(t.initial_state.actions)
    found = judge_uct_run(t, k, {a: (0, k if a == actions[0] else 0) for a in actions})
    assert found["untried"] == [k] + [0] * (k - 1) and found["move"] is None
    g = grading.assess_mcts(first_only, [t])
    assert g.points == 0 and f"gives the visits {found['untried']}" in g.text
    assert check.implementation(first_only, "uct").mistake == "uct_untried_first"


def test_visits_too_large_for_a_float_are_bad_statistics_not_a_crash():
    def huge(game, state, iterations, rng):
        return {a: (0, 10 ** 400) for a in game.actions(state)}
    t = grading.mcts_trees(0, n=1)[0]
    table = {a: (0, 10 ** 400) for a in t.initial_state.actions}
    assert "must be finite numbers" in judge_uct_run(t, 5, table)["statistics"]
    assert grading.assess_mcts(huge, [t]).points == 0
    assert check.implementation(huge, "uct").mistake == "uct_bad_statistics"


def _lookups_dropped_by_rescanning(seq) -> list:
    """The rule of lookups_dropped written the plain way, rescanning from every item (quadratic)."""
    seen, out, k = set(), [], 0
    while k < len(seq):
        j = k
        while j < len(seq) and seq[j][0] == "expand" and seq[j] in seen:
            j += 1
        if j > k and (j == len(seq) or seq[j] not in seen):
            k = j
            continue
        seen.add(seq[k])
        out.append(seq[k])
        k += 1
    return out


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["expand", "score"]), st.sampled_from([(), (0,), (1,), (0, 0)])),
                max_size=40))
def test_lookups_dropped_is_the_plain_rescan_in_linear_time(seq):
    from advsearch.course.chance.implementation import lookups_dropped

    assert lookups_dropped(seq) == _lookups_dropped_by_rescanning(seq)



@pytest.mark.parametrize("aspect", ["convergence", "perspective"])
def test_visits_given_as_fractions_are_graded_not_a_grader_failure(aspect):
    """Fractions cross the sandbox; the report's percentages once failed on them (a human then graded it)."""
    from fractions import Fraction

    uct = make_mcts()

    def with_fractions(game, state, iterations, rng):
        return {a: (w, Fraction(n)) for a, (w, n) in uct(game, state, iterations, rng).items()}

    trees = grading.mcts_trees(0, aspect=aspect)
    plain, fractions = (grading.assess_mcts(f, trees, aspect=aspect) for f in (uct, with_fractions))
    assert fractions.points == plain.points and "%" in fractions.text
