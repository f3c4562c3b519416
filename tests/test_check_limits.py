"""check.depth_limited, check.quiescence and check.ordering_savings: lecture 03's questions by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from advsearch import alphabeta, check, minimax, parse, random_tree
from advsearch.course.limits.questions import LIMITS_MISTAKES, depth_limited, eval_function, ordering_savings
from advsearch.course.limits.quiescence import NoisyTree, quiescence, quiescence_frontier
from advsearch.search import Static

TREE = parse("A[B[C[1 2] D[3 4]] E[F[5 6] G[7 8]]]")
EVALS = {"C": 2, "D": 0, "F": 1, "G": 5, "B": 9, "E": -3}


def h_minimax(t, evals, depth):
    """Independent: H-minimax written out recursively on the nodes, with the Eval table."""
    def value(node, d):
        if not node.children:
            return node.value
        if d == depth:
            return evals[node.path]
        kids = [value(c, d + 1) for c in node.children]
        return max(kids) if node.player == 0 else min(kids)
    return {n.path: value(n, len(n.path)) for n in t.nodes() if n.children and len(n.path) < depth}


def by_path(t, evals):
    return {t.node(k).path: v for k, v in evals.items()}


def test_right_values_pass_and_agree_with_minimax():
    table = by_path(TREE, EVALS)
    truth = h_minimax(TREE, table, 2)
    answer = {TREE.label(TREE.node(p)): v for p, v in truth.items()}
    assert answer == {"A": 1, "B": 0, "E": 1}
    assert depth_limited(TREE, EVALS, 2, answer).ok
    assert minimax(TREE, depth=2, evaluate=eval_function(TREE, EVALS)).value == truth[()]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3))
def test_random_trees_agree_with_recursion_and_search(seed, depth):
    t = random_tree((2, 3), 4, seed=seed, low=-9, high=9, labels=True)
    evals = {n.path: (hash((seed, n.path)) % 19) - 9 for n in t.nodes() if n.children}
    truth = h_minimax(t, evals, depth)
    assert depth_limited(t, evals, depth, truth).ok
    assert minimax(t, depth=depth, evaluate=eval_function(t, evals)).value == truth[()]
    assert alphabeta(t, depth=depth, evaluate=eval_function(t, evals)).value == truth[()]


def test_ignored_depth_limit_is_named():
    full = TREE.values()
    answer = {"A": full[()], "B": full[(0,)], "E": full[(1,)]}
    fb = depth_limited(TREE, EVALS, 2, answer)
    assert not fb.ok and fb.mistake == "ignored_depth_limit"


def test_cutoff_off_by_one_is_named():
    shallow = h_minimax(TREE, by_path(TREE, EVALS), 1)      # Eval at B and E: A = max(9, -3)
    assert shallow == {(): 9}
    fb = depth_limited(TREE, EVALS, 2, {"A": 9, "B": 9, "E": -3})
    assert not fb.ok and fb.mistake == "cutoff_off_by_one", fb.text


def test_depth_limited_bad_input():
    assert str(depth_limited(TREE, EVALS, 2, None)).startswith("Not answered yet")
    assert not depth_limited(TREE, EVALS, 2, [1, 2]).ok
    with pytest.raises(ValueError, match="no Eval"):
        depth_limited(TREE, {"C": 1}, 2, {"A": 1})
    with pytest.raises(ValueError, match="depth must be"):
        depth_limited(TREE, EVALS, 0, {"A": 1})
    with pytest.raises(TypeError, match="evals must be a dict"):
        depth_limited(TREE, [1, 2], 2, {"A": 1})
    with pytest.raises(ValueError, match="must be a number"):
        depth_limited(TREE, {**EVALS, "C": "x"}, 2, {"A": 1})


Q = parse("A[B[D[4 5] C[c1=1 c2=9]] E[G[g1=6 g2=0] F[2 3]]]")
Q_EVALS = {"D": 4, "C": 5, "G": 2, "F": 3}


def brute_quiescence(t, noisy, evals, depth):
    """Independent model: alpha-beta with stand-pat quiescence, written out here, logging nodes below the limit."""
    seen = []

    def q(node, a, b):
        if not node.children:
            seen.append(node.path)
            return node.value
        seen.append(node.path)
        v = evals[node.path]
        if node.path not in noisy:
            return v
        for child in node.children:
            if (node.player == 0 and v >= b) or (node.player == 1 and v <= a):
                break
            if node.player == 0:
                a = max(a, v)
            else:
                b = min(b, v)
            w = q(child, a, b)
            v = max(v, w) if node.player == 0 else min(v, w)
        return v

    def ab(node, d, a, b):
        if not node.children:
            return node.value
        if d == depth:
            return q(node, a, b)
        v = float("-inf") if node.player == 0 else float("inf")
        for child in node.children:
            w = ab(child, d + 1, a, b)
            if node.player == 0:
                v = max(v, w)
                if v >= b:
                    break
                a = max(a, v)
            else:
                v = min(v, w)
                if v <= a:
                    break
                b = min(b, v)
        return v
    value = ab(t.initial_state, 0, float("-inf"), float("inf"))
    return value, [p for p in seen if len(p) > depth]


def test_quiescence_matches_an_independent_model():
    r, below = quiescence_frontier(Q, ["C", "G"], Q_EVALS, 2)
    assert (r.value, below) == brute_quiescence(Q, {(0, 1), (1, 0)}, by_path(Q, Q_EVALS), 2)
    assert quiescence(Q, ["C", "G"], Q_EVALS, 2, ["g1", "g2"]).ok


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_quiescence_random(seed):
    t = random_tree(2, 5, seed=seed, low=-9, high=9)
    inner = [n.path for n in t.nodes() if n.children]
    noisy = [p for k, p in enumerate(inner) if (seed >> (k % 20)) & 1]
    evals = {p: (hash((seed, p)) % 19) - 9 for p in inner}
    r, below = quiescence_frontier(t, noisy, evals, 2)
    assert (r.value, below) == brute_quiescence(t, set(noisy), evals, 2)


def test_quiescence_mistakes():
    fb = quiescence(Q, ["C", "G"], Q_EVALS, 2, ["c1", "c2", "g1", "g2"])
    assert not fb.ok and fb.mistake == "quiescence_no_stand_pat"
    fb = quiescence(Q, ["C", "G"], Q_EVALS, 2, ["g1", "g2", (1, 1, 0)])
    assert not fb.ok and fb.mistake == "quiescence_extends_quiet"
    fb = quiescence(Q, ["C", "G"], Q_EVALS, 2, ["g1"])
    assert not fb.ok and fb.mistake is None and "g2" in fb.text


def test_quiescence_bad_input():
    assert str(quiescence(Q, ["C", "G"], Q_EVALS, 2, None)).startswith("Not answered yet")
    assert not quiescence(Q, ["C", "G"], Q_EVALS, 2, []).ok           # [] is an answer: nothing below
    assert not quiescence(Q, ["C", "G"], Q_EVALS, 2, "g1").ok
    assert "names" in quiescence(Q, ["C", "G"], Q_EVALS, 2, ["zz"]).text
    assert NoisyTree(Q, ["C"]).noisy_actions(Q.node("C")) == (0, 1)
    assert NoisyTree(Q, ["C"]).noisy_actions(Q.node("D")) == ()


ORD = parse("A[B[b1=3 b2=1] C[c1=2 c2=9] D[d1=8 d2=7]]")
VALUES = ORD.values()
BEST_FIRST = Static(lambda state, a: VALUES[state.children[a].path] * (1 if state.player == 0 else -1))


def count_nodes(t, order=None):
    """Independent count: alpha-beta written here on the nodes, counting entries."""
    count = 0

    def ab(node, a, b):
        nonlocal count
        count += 1
        if not node.children:
            return node.value
        kids = list(node.children) if order is None else [node.children[i] for i in order.order(node, node.actions, 0)]
        v = float("-inf") if node.player == 0 else float("inf")
        for child in kids:
            w = ab(child, a, b)
            if node.player == 0:
                v = max(v, w)
                if v >= b:
                    break
                a = max(a, v)
            else:
                v = min(v, w)
                if v <= a:
                    break
                b = min(b, v)
        return v
    ab(t.initial_state, float("-inf"), float("inf"))
    return count


def test_ordering_savings():
    truth = [count_nodes(ORD), count_nodes(ORD, BEST_FIRST)]
    assert truth == [10, 8]          # by hand: best first, D's 7 cuts C and B after one leaf each
    assert ordering_savings(ORD, BEST_FIRST, truth).ok
    leaves = [alphabeta(ORD).stats.leaves, alphabeta(ORD, order=BEST_FIRST).stats.leaves]
    assert ordering_savings(ORD, BEST_FIRST, leaves).mistake == "counted_leaves"
    assert ordering_savings(ORD, BEST_FIRST, [n - 1 for n in truth]).mistake == "root_not_counted"
    assert ordering_savings(ORD, BEST_FIRST, [truth[0], truth[1] + 5]).mistake is None
    assert str(ordering_savings(ORD, BEST_FIRST, None)).startswith("Not answered yet")
    assert not ordering_savings(ORD, BEST_FIRST, [1]).ok
    assert not ordering_savings(ORD, BEST_FIRST, ["3", 4]).ok


def test_mistakes_are_registered():
    assert set(LIMITS_MISTAKES) <= set(check.MISTAKES)
