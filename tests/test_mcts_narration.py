"""The narration of an MCTS trace states every mean on one scale, [0, 1], the scale UCB adds its bonus to.

An earlier narration said "mean now 14" at a backup (W / N in the game's units) beside "(mean 1)" at a
selection (the same mean scaled by the payoff bounds), so one node seemed to have two means.  The check
here is independent of the narration's code: each mean it states must be the scaled mean of the tree
rebuilt after that iteration (``trace.tree``, the snapshot the drawings show), and must lie in [0, 1].
"""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

import advsearch as ads
from advsearch import MAX, MIN, random_tree
from advsearch.result import format_number

LECTURE_TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_the_lecture_trees_narration_has_one_scale():
    r = ads.mcts(ads.tree(LECTURE_TREE), iterations=4, c=1, bounds=(-14, 14), seed=0, trace=True)
    lines = r.trace.narrate()
    assert "Select node [2]: UCB = 2.05 (mean 1)." in lines            # 1 + 1 * sqrt(ln 3 / 1) = 2.05
    assert "Back up 14 (1 on [0, 1]) at node [2]: mean now 1." in lines   # 14 on [-14, 14] is 1 on [0, 1]
    assert "Back up -14 (0 on [0, 1]) at node [2][0]: mean now 0." in lines
    assert not any("mean now 14" in line or "mean now -14" in line for line in lines)


def stated_means(trace):
    """(iteration, kind, path, mean) for every mean a line of the narration states."""
    out, iteration = [], 1
    for e, line in zip(trace, trace.narrate()):
        if e.kind == "backup" and e.value is not None:
            out.append((iteration, "backup", e.path, re.search(r"mean now (\S+)\.$", line).group(1)))
        elif e.kind == "select" and e.player is not None and e.player >= 0:
            out.append((iteration, "select", e.path, re.search(r"\(mean (\S+)\)\.$", line).group(1)))
        if e.kind == "backup" and not e.path:
            iteration += 1
    return out


@settings(max_examples=60, deadline=None)
@given(branching=st.integers(2, 3), depth=st.integers(1, 3), seed=st.integers(0, 10**6),
       root=st.sampled_from([MAX, MIN]), bounded=st.booleans(), iterations=st.integers(1, 30))
def test_every_stated_mean_is_the_scaled_mean_of_the_tree(branching, depth, seed, root, bounded, iterations):
    t = random_tree(branching, depth, seed=seed, low=-9, high=9, root=root)
    r = ads.mcts(t, iterations=iterations, c=1, bounds=(-9, 9) if bounded else None, seed=seed, trace=True)
    for iteration, kind, path, said in stated_means(r.trace):
        # A backup states the mean after its iteration; a selection compares means as they stood before it.
        snap = r.trace.tree(iteration if kind == "backup" else iteration - 1)
        node = snap.nodes[path]
        low, high = snap.bounds[node.mover]
        if kind == "select" and not high > low:
            continue            # every payoff seen is equal: selection ranks by the bonus alone
        assert said == format_number(node.mean), (kind, path, said, node.mean, node.utility)
        assert 0 <= node.mean <= 1


def test_three_players_means_are_on_each_movers_scale():
    t = ads.tree([[(1, 2, 3), (4, 2, 1)], [(6, 1, 2), (7, 4, -1)]])
    r = ads.mcts(t, iterations=12, seed=3, trace=True)
    means = stated_means(r.trace)
    assert means and all(0 <= float(m) <= 1 for *_, m in means)
    for iteration, kind, path, said in means:
        if kind == "backup":
            assert said == format_number(r.trace.tree(iteration).nodes[path].mean)
