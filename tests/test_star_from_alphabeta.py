"""Star1 and Star2, whose MAX and MIN nodes are alpha-beta's, against plain expectiminimax.

Two facts that hold whatever the tree, the bounds or ``prune_on_equal``:
the pruned searches find expectiminimax's value (and move), and they never
score more leaves than it does.
"""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch import MAX, MIN, chance, expectiminimax, random_tree, tree

LOW, HIGH = -5, 5

#: Regular trees: MAX, chance, MIN, chance, ... (random_tree's chance layers).
regular_trees = st.builds(
    random_tree, branching=st.sampled_from([1, 2, 3, (1, 3), (2, 3)]), depth=st.integers(0, 3),
    seed=st.integers(0, 10**6), low=st.just(LOW), high=st.just(HIGH), chance=st.just(True),
    root=st.sampled_from([MAX, MIN]))


def _chance_node(branches):
    total = sum(w for w, _ in branches)
    return chance(*[(F(w, total), sub) for w, sub in branches])


def _extend(children):
    decision = st.lists(children, min_size=1, max_size=3)
    chance_node = st.lists(st.tuples(st.integers(1, 4), children), min_size=1, max_size=3).map(_chance_node)
    return decision | chance_node


#: Any tree: chance nodes above leaves, MAX, MIN or other chance nodes, at any level.
irregular_trees = st.builds(tree, st.recursive(st.integers(LOW, HIGH), _extend, max_leaves=24),
                            root=st.sampled_from([MAX, MIN]))

#: Bounds that hold every leaf, some of them loose.
bounds = st.tuples(st.integers(LOW - 4, LOW), st.integers(HIGH, HIGH + 4))

searches = st.sampled_from(["star1", "star2"])


@settings(max_examples=150, deadline=None)
@given(regular_trees | irregular_trees, bounds, searches, st.booleans())
def test_star1_and_star2_find_expectiminimaxs_value(t, bounds, pruning, prune_on_equal):
    plain = expectiminimax(t)
    r = expectiminimax(t, pruning=pruning, bounds=bounds, prune_on_equal=prune_on_equal)
    assert (r.value, r.move) == (plain.value, plain.move)


@settings(max_examples=150, deadline=None)
@given(regular_trees | irregular_trees, bounds, searches, st.booleans())
def test_star1_and_star2_never_score_more_leaves_than_expectiminimax(t, bounds, pruning, prune_on_equal):
    plain = expectiminimax(t, trace=True)
    r = expectiminimax(t, pruning=pruning, bounds=bounds, prune_on_equal=prune_on_equal, trace=True)
    assert r.stats.leaves <= plain.stats.leaves
    scored = [e.path for e in r.trace if e.kind == "leaf"]
    assert len(scored) == len(set(scored)) == r.stats.leaves      # no leaf scored twice, probes included
    assert set(scored) <= {e.path for e in plain.trace if e.kind == "leaf"}
