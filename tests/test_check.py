"""advsearch.check: the answer checkers and their diagnoses of typical mistakes.

The searches below are written here, in the lecture's style, independently of
advsearch's own code: a correct minimax, a correct alpha-beta, and one
deliberately buggy search for each mistake the checker should name.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import advsearch.check as check
from advsearch import MAX, MIN, examples, parse, random_tree, tree

inf = math.inf


# --------------------------------------------------------------- searches


def minimax_search(game, state):
    """MINIMAX-DECISION's value: Utility at the leaves, max at MAX nodes, min at MIN nodes."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax_search(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def make_alphabeta(*, ties_max=True, ties_min=True, down="pass", update_max="alpha", update_min="beta",
                   update_first=False, tests_swapped=False, leaf_player=None, min_takes=min,
                   root_window=(-inf, inf), twice=False):
    """ALPHA-BETA-SEARCH as in the lecture, with switches to plant one mistake at a time."""

    def max_value(game, state, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state, MAX if leaf_player is None else leaf_player(state))
        v = -inf
        for a in game.actions(state):
            child = game.result(state, a)
            if twice:
                if value(game, child, *window(alpha, beta)) > v:
                    v = value(game, child, *window(alpha, beta))
            else:
                v = max(v, value(game, child, *window(alpha, beta)))
            if update_first:
                alpha, beta = update(v, alpha, beta, update_max)
            bound = alpha if tests_swapped else beta
            if v > bound or (ties_max and v == bound):
                return v
            if not update_first:
                alpha, beta = update(v, alpha, beta, update_max)
        return v

    def min_value(game, state, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state, MAX if leaf_player is None else leaf_player(state))
        v = inf if min_takes is min else -inf
        for a in game.actions(state):
            v = min_takes(v, value(game, game.result(state, a), *window(alpha, beta)))
            if update_first:
                alpha, beta = update(v, alpha, beta, update_min)
            bound = beta if tests_swapped else alpha
            if v < bound or (ties_min and v == bound):
                return v
            if not update_first:
                alpha, beta = update(v, alpha, beta, update_min)
        return v

    def update(v, alpha, beta, which):
        if which == "alpha":
            alpha = max(alpha, v)
        elif which == "beta":
            beta = min(beta, v)
        return alpha, beta

    def window(alpha, beta):
        return {"pass": (alpha, beta), "swap": (beta, alpha), "fresh": (-inf, inf)}[down]

    def value(game, state, alpha, beta):
        if game.is_terminal(state) or game.to_move(state) == MAX:
            return max_value(game, state, alpha, beta)
        return min_value(game, state, alpha, beta)

    def search(game, state):
        return value(game, state, *root_window)

    return search


alphabeta_search = make_alphabeta()


def alphabeta_depth(game, state, depth=None, evaluate=None, *, off=0):
    """Alpha-beta with a depth limit: stop at ply ``depth`` (``off`` plants an off-by-one)."""

    def max_value(state, alpha, beta, ply):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        if depth is not None and ply == depth + off:
            return evaluate(state, MAX)
        v = -inf
        for a in game.actions(state):
            v = max(v, min_value(game.result(state, a), alpha, beta, ply + 1))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(state, alpha, beta, ply):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        if depth is not None and ply == depth + off:
            return evaluate(state, MAX)
        v = inf
        for a in game.actions(state):
            v = min(v, max_value(game.result(state, a), alpha, beta, ply + 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    first = max_value if game.to_move(state) == MAX else min_value
    return first(state, -inf, inf, 0)


def alphabeta_too_deep(game, state, depth=None, evaluate=None):
    return alphabeta_depth(game, state, depth, evaluate, off=1)


def alphabeta_too_shallow(game, state, depth=None, evaluate=None):
    return alphabeta_depth(game, state, depth, evaluate, off=-1)


def negamax_for_player_to_move(game, state):
    """Negamax done right, but returning the value for the player to move, not for MAX."""
    def nega(state, alpha, beta):
        if game.is_terminal(state):
            u = game.utility(state, MAX)
            return u if game.to_move(state) == MAX else -u
        v = -inf
        for a in game.actions(state):
            v = max(v, -nega(game.result(state, a), -beta, -alpha))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    return nega(state, -inf, inf)


def minimax_min_maximises(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    return max(minimax_min_maximises(game, game.result(state, a)) for a in game.actions(state))


def minimax_negated(game, state):
    return -minimax_search(game, state)


def minimax_swapped(game, state):
    """MAX takes the min and MIN the max."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax_swapped(game, game.result(state, a)) for a in game.actions(state)]
    return min(values) if game.to_move(state) == MAX else max(values)


def minimax_leaves_for_mover(game, state):
    """Leaves scored for the player to move there, utility(state, to_move(state)), instead of for MAX."""
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    values = [minimax_leaves_for_mover(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def minimax_twice(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    best = None
    for a in game.actions(state):
        child = game.result(state, a)
        if best is None or (minimax_twice(game, child) > best) == (game.to_move(state) == MAX):
            best = minimax_twice(game, child)
    return best


# ------------------------------------------------------------------ values


def test_values_correct_and_each_kind_of_wrong():
    t = examples.two_ply()
    assert check.values(t, {"A": 3, "B": 3, "C": 2, "D": 2}).ok
    fb = check.values(t, {"A": 3, "B": 3, "C": 4, "D": 2})
    assert not fb.ok and "At C (MIN)" in fb.text and "2, 4 and 6" in fb.text and "you wrote 4" in fb.text
    fb = check.values(t, {"A": 3, "B": 12, "C": 2, "D": 2})
    assert fb.mistake == "wrong_perspective" and "max of its children" in fb.text and "MIN node" in fb.text
    fb = check.values(t, {"A": 14, "B": 3, "C": 2, "D": 2})
    assert "At A (MAX)" in fb.text and "3, 2 and 2" in fb.text


def test_values_names_consistent_ancestors():
    t = tree([("B", [("b1", 3), ("b2", 12), ("b3", 8)]), ("C", [2, 4, 6])], labels=True)
    fb = check.values(t, {"A": 4, "B": 4, "C": 2, "b1": 4})
    assert not fb.ok
    assert fb.text.startswith("b1 is a leaf worth 3; you wrote 4.")
    assert "B and A follow correctly from your values below them" in fb.text
    fb = check.values(t, {"A": 4, "B": 3, "C": 4})
    assert fb.text.startswith("At C (MIN)") and "Your A follows correctly" in fb.text
    fb = check.values(t, {"A": 8, "B": 3, "C": 4})
    assert "1 more value is wrong" in fb.text


def test_values_follow_through_chance_and_unlabelled_nodes():
    # C = min(4, 8) = 4 below the chance node B (1/2: C, 1/2: 6), so B = 5 and A = max(B, [2 0]) = 5.
    t = parse("A[B:chance[1/2: C[4 8] 1/2: 6] [2 0]]")
    assert check.values(t, {"A": 5, "B": 5, "C": 4}).ok
    fb = check.values(t, {"A": 7, "B": 7, "C": 8})          # C maximised; B and A right from it
    assert fb.mistake == "wrong_perspective" and fb.text.startswith("At C (MIN)")
    assert "Your B and A follow correctly from your values below them" in fb.text
    fb = check.values(t, {"A": 8, "B": 7, "C": 8})          # A is wrong even given B = 7
    assert "Your B follows correctly" in fb.text and "1 more value is wrong" in fb.text
    u = tree([[[4, 8], 6], 2])                              # no labels: every inner node by path
    fb = check.values(u, {(): 4, (0,): 4, (0, 0): 4})       # [0][0] minimised; [0] and the root right from it
    assert fb.text.startswith("At node [0][0] (MAX)") and fb.mistake == "wrong_perspective"
    assert "Your values for [0] and the root follow correctly from your values below them" in fb.text
    fb = check.values(u, {(): 8, (0,): 8, (0, 0): 8})
    assert fb.text.startswith("At node [0] (MIN)") and "Your value for the root follows correctly" in fb.text


def test_values_missing_unknown_and_types():
    t = examples.two_ply()
    fb = check.values(t, {"A": 3, "B": 3})
    assert not fb.ok and "Still to fill in: C and D" in fb.text and "So far so good" in fb.text
    fb = check.values(t, {"A": 3, "B": 3, "C": 2, "D": 2, "E": 1})
    assert not fb.ok and "no node 'E'" in fb.text
    fb = check.values(t, {"A": "3", "B": 3, "C": 2, "D": 2})
    assert not fb.ok and "not a number" in fb.text and "without the quotes" in fb.text
    fb = check.values(t, [3, 3, 2, 2])
    assert not fb.ok and "dict" in fb.text


@pytest.mark.parametrize("answer", [None, {}, ..., {"A": None, "B": ...}])
def test_values_unanswered(answer):
    fb = check.values(examples.two_ply(), answer)
    assert not fb.ok and fb.text.startswith("Not answered yet") and fb.mistake is None


def test_values_accepts_paths_and_unlabelled_trees():
    t = examples.two_ply()
    assert check.values(t, {(): 3, (0,): 3, "C": 2, "[2]": 2}).ok
    u = tree([[1, 5], [7, 0]], root=MIN)
    assert check.values(u, {(): 5, (0,): 5, (1,): 7}).ok
    fb = check.values(u, {(): 5, (0,): 1, (1,): 7})
    assert "At node [0] (MAX)" in fb.text


def test_values_chance_nodes():
    t = parse("A[B:chance[1/2: 4 1/2: 8] C[1 9]]")
    assert check.values(t, {"A": 6, "B": 6, "C": 1}).ok
    fb = check.values(t, {"A": 6, "B": 4, "C": 1})
    assert "expectation" in fb.text and "= 6" in fb.text


@st.composite
def labelled_trees(draw):
    seed = draw(st.integers(0, 10_000))
    depth = draw(st.integers(1, 4))
    t = random_tree((1, 3), depth, seed=seed, labels=True, root=draw(st.sampled_from([MAX, MIN])))
    return t


def true_values(t):
    def value(node):
        if not node.children:
            return node.value
        vals = [value(c) for c in node.children]
        return max(vals) if node.player == MAX else min(vals)
    return {n.label: value(n) for n in t.nodes() if n.label}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(labelled_trees(), st.data())
def test_values_property_single_perturbation(t, data):
    answer = true_values(t)
    assert check.values(t, answer).ok
    label = data.draw(st.sampled_from(sorted(answer)))
    delta = data.draw(st.sampled_from([-3, -1, 1, 2]))
    wrong = dict(answer, **{label: answer[label] + delta})
    fb = check.values(t, wrong)
    assert not fb.ok
    assert fb.text.startswith(f"At {label} (") or fb.text.startswith(label)
    assert f"you wrote {answer[label] + delta}" in fb.text


# ------------------------------------------------------------------ pruned


def test_pruned_correct_labels_paths_and_text():
    t = examples.two_ply()
    for answer in ([(1, 1), (1, 2)], {(1, 1), (1, 2)}, ["[1][1]", "[1][2]"], [[1, 1], [1, 2]]):
        assert check.pruned(t, answer).ok, answer
    labelled = tree([("B", [("b1", 3), ("b2", 12)]), ("C", [("c1", 2), ("c2", 4), ("c3", 6)])], labels=True)
    assert check.pruned(labelled, ["c2", "c3"]).ok
    assert check.pruned(labelled, ["C"]).ok is False      # C's first leaf is evaluated


def test_pruned_reports_missing_cut_with_narration():
    t = examples.two_ply()
    fb = check.pruned(t, [(1, 2)])
    assert not fb.ok
    assert "v = 2 ≤ α = 3" in fb.text and "C's child 1 (leaf 4)" in fb.text and "misses it" in fb.text


def test_pruned_reports_evaluated_leaf_with_window():
    t = examples.two_ply()
    fb = check.pruned(t, [(1, 1), (1, 2), (2, 2)])
    assert not fb.ok
    assert "D's child 2 (leaf 2) is evaluated" in fb.text
    assert "α = 3 and β = 5" in fb.text and "v = 5 > α = 3" in fb.text


def test_pruned_ties_and_subtrees():
    t = parse(":min[[3 1] [3 5] [8 [2 7]]]")
    assert check.pruned(t, [(1, 1), (2, 1, 0), (2, 1, 1)]).ok
    assert check.pruned(t, ["[2][1]"], prune_on_equal=False).ok
    fb = check.pruned(t, [(2, 1)], prune_on_equal=True)
    assert fb.mistake == "strict_pruning" and "tie" in fb.text and "v = 3 ≥ β = 3" in fb.text
    fb = check.pruned(t, [(1, 1), (2, 1)], prune_on_equal=False)
    assert fb.mistake == "prune_on_equal" and "strictly" in fb.text and "a cut here needs v > β" in fb.text
    assert check.pruned("[[3 5] [3 1] [4 3 2]]", [], prune_on_equal=False).ok
    deep = parse("[[[3 5] [6 9]] [[1 2] [0 -1]]]")
    assert check.pruned(deep, [(0, 1, 1), (1, 1)]).ok
    fb = check.pruned(deep, [(0, 1, 1)])
    assert fb.mistake == "missed_subtree" and "lies below the pruned child 1" in fb.text


@pytest.mark.parametrize("answer", [None, ..., [], set()])
def test_pruned_unanswered(answer):
    fb = check.pruned(examples.two_ply(), answer)
    assert not fb.ok and fb.text.startswith("Not answered yet")


def test_pruned_bad_items():
    t = examples.two_ply()
    assert "numbers" in check.pruned(t, [4, 6]).text
    assert "no node 'X'" in check.pruned(t, ["X"]).text
    assert "leaves the tree" in check.pruned(t, [(5,)]).text
    assert "list or set" in check.pruned(t, 3.5).text


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_pruned_property(seed, eq):
    import advsearch as ads
    t = random_tree((1, 3), 3, seed=seed, low=0, high=5)
    r = ads.alphabeta(t, prune_on_equal=eq, trace=True)
    scored = {e.path for e in r.trace if e.kind == "leaf"}
    answer = [n.path for n in t.leaves() if n.path not in scored]
    if answer:
        assert check.pruned(t, answer, prune_on_equal=eq).ok
    if len(answer) > 1:
        fb = check.pruned(t, answer[1:], prune_on_equal=eq)
        assert not fb.ok and "never evaluated" in fb.text
    extra = [p for p in scored]
    fb = check.pruned(t, answer + extra[:1], prune_on_equal=eq)
    assert not fb.ok and "is evaluated" in fb.text


# ---------------------------------------------------------- implementation


def test_correct_minimax_and_alphabeta_pass():
    assert check.implementation(minimax_search, "minimax").ok
    fb = check.implementation(alphabeta_search, "alphabeta")
    assert fb.ok, fb.text
    assert check.implementation(make_alphabeta(ties_max=False, ties_min=False), "alphabeta",
                                prune_on_equal=False).ok
    assert check.implementation(alphabeta_depth, "alphabeta").ok
    assert check.implementation(negamax_for_player_to_move, "alphabeta", trees=[examples.two_ply()]).ok


MISTAKE_CASES = [
    ("no_pruning", minimax_search, {}, "never prunes"),
    ("bounds_not_passed", make_alphabeta(down="fresh"), {}, "never reach the children"),
    ("bounds_not_passed", make_alphabeta(update_max=None, update_min=None), {}, "narrow them"),
    ("swapped_bounds", make_alphabeta(down="swap"), {}, "swapped"),
    ("swapped_bounds", make_alphabeta(root_window=(inf, -inf)), {}, "swapped"),
    ("swapped_bounds", make_alphabeta(tests_swapped=True), {}, "swapped"),
    ("bounds_updated_wrong_place", make_alphabeta(update_max="beta", update_min="alpha"), {}, "wrong place"),
    ("bounds_updated_wrong_place", make_alphabeta(update_max="beta", update_min="alpha", update_first=True,
                                                  ties_max=False, ties_min=False),
     {"prune_on_equal": False}, "wrong place"),
    ("prune_on_equal", alphabeta_search, {"prune_on_equal": False}, "cut on ties"),
    ("strict_pruning", make_alphabeta(ties_max=False, ties_min=False), {}, "strictly beyond"),
    ("strict_pruning", make_alphabeta(ties_min=False), {}, "at MIN nodes"),
    ("wrong_perspective", make_alphabeta(leaf_player=lambda s: s.player), {}, "point of view"),
    ("wrong_perspective", make_alphabeta(min_takes=max), {}, "point of view"),
    ("wrong_perspective", negamax_for_player_to_move, {}, "player to move"),
    ("depth_off_by_one", alphabeta_too_deep, {}, "one ply too deep"),
    ("depth_off_by_one", alphabeta_too_shallow, {}, "one ply too shallow"),
    ("expands_twice", make_alphabeta(twice=True), {}, "more than once"),
    ("ignores_depth", lambda game, state, depth=None, evaluate=None: alphabeta_search(game, state), {},
     "ignores the depth limit"),
]


@pytest.mark.parametrize("key, fn, options, words", MISTAKE_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(MISTAKE_CASES)])
def test_alphabeta_mistakes_are_named(key, fn, options, words):
    fb = check.implementation(fn, "alphabeta", **options)
    assert not fb.ok
    assert fb.mistake == key, fb.text
    assert words in fb.text
    assert "On the tree " in fb.text


@pytest.mark.parametrize("key, fn, words", [
    ("wrong_perspective", minimax_min_maximises, "MIN nodes take the max"),
    ("wrong_perspective", minimax_negated, "negated"),
    ("wrong_perspective", minimax_swapped, "MAX nodes take the min and MIN nodes the max"),
    ("wrong_perspective", minimax_leaves_for_mover, "scores leaves for the player to move"),
    ("expands_twice", minimax_twice, "more than once"),
    ("unexpected_pruning", alphabeta_search, "prunes like alpha-beta"),
])
def test_minimax_mistakes_are_named(key, fn, words):
    fb = check.implementation(fn, "minimax")
    assert not fb.ok and fb.mistake == key, fb.text
    assert words in fb.text


def test_update_before_the_test_names_both_readings():
    # Lowering β at a MAX node before its test v ≥ β cuts after every first child, exactly as a
    # search whose tests use the other bound: the checker names one and mentions the other.
    fb = check.implementation(make_alphabeta(update_max="beta", update_min="alpha", update_first=True),
                              "alphabeta")
    assert fb.mistake in ("swapped_bounds", "bounds_updated_wrong_place")
    assert "wrong place" in fb.text and "swap" in fb.text


def fail_hard_alphabeta(game, state):
    """The fail-hard variant: returns α or β clamps instead of v; same visits, same root value."""
    def max_value(state, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        for a in game.actions(state):
            alpha = max(alpha, min_value(game.result(state, a), alpha, beta))
            if alpha >= beta:
                return beta
        return alpha

    def min_value(state, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        for a in game.actions(state):
            beta = min(beta, max_value(game.result(state, a), alpha, beta))
            if alpha >= beta:
                return alpha
        return beta

    return (max_value if game.to_move(state) == MAX else min_value)(state, -inf, inf)


def test_other_correct_styles_pass():
    assert check.implementation(fail_hard_alphabeta, "alphabeta").ok

    def asks_actions_first(game, state):       # actions() before the terminal test, and twice
        if not game.actions(state):
            return game.utility(state, MAX)
        values = [asks_actions_first(game, game.result(state, a)) for a in game.actions(state)]
        return max(values) if game.to_move(state) == MAX else min(values)

    assert check.implementation(asks_actions_first, "minimax").ok


def test_children_out_of_order():
    def right_to_left(game, state):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        values = [right_to_left(game, game.result(state, a)) for a in reversed(game.actions(state))]
        return max(values) if game.to_move(state) == MAX else min(values)

    fb = check.implementation(right_to_left, "minimax")
    assert not fb.ok and "Next the search expands B, but yours expanded D first" in fb.text


def test_first_divergence_is_described():
    fb = check.implementation(minimax_search, "alphabeta")
    assert "On the tree A[B[3 12 8] C[2 4 6] D[14 5 2]]" in fb.text
    assert "v = 2 ≤ α = 3" in fb.text and "yours scored C's child 1 (leaf 4)" in fb.text


def test_unanswered_and_errors():
    def stub(game, state):
        raise NotImplementedError

    def nothing(game, state):
        pass

    def broken(game, state):
        return 1 / 0

    def endless(game, state):
        while True:
            game.actions(state)

    def pair(game, state):
        return minimax_search(game, state), None

    for fn in (stub, nothing, None, ...):
        fb = check.implementation(fn, "alphabeta")
        assert not fb.ok and fb.text.startswith("Not answered yet"), fn
    fb = check.implementation(broken)
    assert not fb.ok and "ZeroDivisionError" in fb.text and "in broken" in fb.text
    fb = check.implementation(endless)
    assert not fb.ok and "loop forever" in fb.text
    fb = check.implementation(pair)
    assert not fb.ok and "tuple" in fb.text
    fb = check.implementation(lambda game: 3)
    assert not fb.ok and "(game, state)" in fb.text
    fb = check.implementation(42)
    assert not fb.ok and "function" in fb.text


@pytest.mark.parametrize("answer", [{"A": [1]}, {"A": math.nan}, {"A": True}, {1: 2}, {None: 3},
                                    {(9, 9): 1}, "text", 42, [("A", 3)]])
def test_values_never_raises(answer):
    fb = check.values(examples.two_ply(), answer)
    assert not fb.ok and fb.text and not fb.text.startswith("Traceback")


@pytest.mark.parametrize("answer", [[None], [True], [(1, "x")], 3.5, object(), [[1, 9]], {"C": True}])
def test_pruned_never_raises(answer):
    fb = check.pruned(examples.two_ply(), answer)
    assert not fb.ok and fb.text


def test_implementation_never_raises():
    import sys

    def quits(game, state):
        sys.exit(1)

    def wrong_args(game, state):
        return game.result(state, 7)

    def strings(game, state):
        return "3"

    for fn in (quits, wrong_args, strings, print, len):
        fb = check.implementation(fn, "alphabeta")
        assert not fb.ok and fb.text


def test_feedback_display():
    fb = check.values(examples.two_ply(), {"A": 3, "B": 3, "C": 4, "D": 2})
    assert str(fb) == fb.text
    page = fb._repr_html_()
    assert "<svg" in page and "At C (MIN)" in page
    ok = check.values(examples.two_ply(), {"A": 3, "B": 3, "C": 2, "D": 2})
    assert "<svg" not in ok._repr_html_() and ok.picture() is None
    assert fb.picture().svg in page and repr(fb.picture()).startswith("minimax search, after step")


def test_custom_trees_and_seed():
    trees = [examples.two_ply(), "[[1 2] [0 4]]", [[5, 1], [0, 8]]]
    assert check.implementation(alphabeta_search, "alphabeta", trees=trees).ok
    fb = check.implementation(minimax_search, "alphabeta", trees=trees[1:], seed=3)
    assert fb.mistake == "no_pruning"


def test_a_mistake_model_that_looks_correct_on_every_tree_is_not_the_diagnosis():
    # On A[B[1 5] C[4 2]] alpha-beta prunes nothing, so "prunes like alpha-beta"
    # cannot explain a wrong minimax there; letting MIN maximise does.
    t = parse("A[B[1 5] C[4 2]]")

    def both_maximise(game, state):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        return max(both_maximise(game, game.result(state, a)) for a in game.actions(state))

    fb = check.implementation(both_maximise, "minimax", trees=[t])
    assert not fb.ok and fb.mistake == "wrong_perspective"


# ------------------------------------------- depth limits: the view Eval is asked for


def minimax_depth(game, state, depth=None, evaluate=None, *, off=0, view=lambda game, state: MAX):
    """Depth-limited minimax: Eval at ply ``depth`` (``off`` plants an off-by-one, ``view`` whose Eval)."""
    def value(state, ply):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        if depth is not None and ply == depth + off:
            return evaluate(state, view(game, state))
        values = [value(game.result(state, a), ply + 1) for a in game.actions(state)]
        return max(values) if game.to_move(state) == MAX else min(values)
    return value(state, 0)


def alphabeta_eval_for_mover(game, state, depth=None, evaluate=None):
    """Alpha-beta whose cut-off asks Eval for the player to move there."""
    def value(state, alpha, beta, ply):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        if depth is not None and ply == depth:
            return evaluate(state, game.to_move(state))
        is_max = game.to_move(state) == MAX
        v = -inf if is_max else inf
        for a in game.actions(state):
            child = value(game.result(state, a), alpha, beta, ply + 1)
            if is_max:
                v = max(v, child)
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, child)
                if v <= alpha:
                    return v
                beta = min(beta, v)
        return v
    return value(state, -inf, inf, 0)


DEPTH_CASES = [
    ("minimax", "eval_wrong_view",
     lambda game, state, depth=None, evaluate=None: minimax_depth(game, state, depth, evaluate,
                                                                  view=lambda g, s: g.to_move(s))),
    ("alphabeta", "eval_wrong_view", alphabeta_eval_for_mover),
    ("minimax", "depth_off_by_one",
     lambda game, state, depth=None, evaluate=None: minimax_depth(game, state, depth, evaluate, off=1)),
    ("minimax", "depth_off_by_one",
     lambda game, state, depth=None, evaluate=None: minimax_depth(game, state, depth, evaluate, off=-1)),
    ("minimax", "ignores_depth", lambda game, state, depth=None, evaluate=None: minimax_search(game, state)),
]


@pytest.mark.parametrize("algorithm, key, fn", DEPTH_CASES, ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(DEPTH_CASES)])
def test_depth_limit_mistakes_are_named(algorithm, key, fn):
    assert check.implementation(minimax_depth, "minimax").ok
    fb = check.implementation(fn, algorithm)
    assert not fb.ok and fb.mistake == key, fb.text
    assert "with depth=" in fb.text and key in check.MISTAKES
    if key == "eval_wrong_view":
        assert "evaluate(state, MAX)" in fb.text


# ------------------------------------------------------- the algorithms it knows


def test_an_unknown_algorithm_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="algorithm must be one of 'minimax', 'alphabeta', 'expectimax', "
                                         "'expectiminimax', 'maxn', 'uct', 'iterative_deepening'; not 'negamax'"):
        check.implementation(minimax_search, "negamax")
    with pytest.raises(ValueError, match="not None"):
        check.implementation(minimax_search, None)
    with pytest.raises(TypeError, match="unexpected keyword argument 'iterations'"):
        check.implementation(minimax_search, "minimax", iterations=10)


@pytest.mark.parametrize("algorithm, module, name", [("uct", "mcts.implementation", "check_uct"),
                                                     ("iterative_deepening", "limits.deepening", "check_deepening")])
def test_uct_and_iterative_deepening_go_to_their_own_checkers(monkeypatch, algorithm, module, name):
    import sys
    import types

    calls = []
    fake = types.ModuleType(f"advsearch.course.{module}")
    setattr(fake, name, lambda fn, **keywords: calls.append((fn, keywords)) or check.Feedback(True, "fine"))
    monkeypatch.setitem(sys.modules, f"advsearch.course.{module}", fake)
    fb = check.implementation(minimax_search, algorithm, seed=4, iterations=50)
    assert fb.ok and calls == [(minimax_search, {"seed": 4, "iterations": 50})]
    check.implementation(minimax_search, algorithm)
    assert calls[-1] == (minimax_search, {})
