"""The trees a student's max-n is checked on, and the reference search of each.

Three players, P0 at the root: the lecture's sample tree, trees where the
tie rule decides the root's vector (the first child examined wins among
equals), an uneven one, then seeded random trees with payoffs 0..3, where
ties are common.  At least a third of the random trees are ones whose root
vector changes when ties go to the last child instead, so a search that
breaks ties otherwise cannot pass.

>>> ts = maxn_battery(0)
>>> len(ts), str(ts[1]), ts[1].values()[()]
(29, '[[(5,3,0) (1,3,9)] [(4,4,4) (2,0,1)]]', (5, 3, 0))
"""

from __future__ import annotations

import random

from ...search import maxn
from ...trees import Tree, parse, random_tree
from ..alphabeta.battery import Trial
from ..shared.reading import has_chance, tree_list
from ..shared.value_models import reversed_tree


#: The first trees of the battery.
MAXN_TREES = (
    "A[B[D[(1,2,3) (4,2,1)] E[(6,1,2) (7,4,-1)]] C[F[(5,-1,-1) (-1,5,2)] G[(7,7,-1) (5,4,5)]]]",  # the lecture's
    "[[(5,3,0) (1,3,9)] [(4,4,4) (2,0,1)]]",                     # a tie for P1 decides P0's choice
    "[[(2,5,1) (3,1,1)] [(2,6,0) (0,2,2)]]",                     # a tie for P0 at the root
    "[[[(1,1,4) (6,3,4)] (2,2,2)] [(0,3,3) (3,2,0)]]",           # a tie for P2, three plies down
    "[[(3,1,2) [(0,0,5) (4,2,5)]] [(2,2,2) [(5,0,1) (1,0,0)] (3,2,6)]]",  # uneven
)


def ties_matter(t: Tree) -> bool:
    """Whether the root's vector changes when ties go to the last child instead of the first."""
    return reversed_tree(t).values()[()] != t.values()[()]


def maxn_battery(seed, n: int = 24) -> list:
    """:data:`MAXN_TREES`, then ``n`` random three-player trees seeded from ``seed``."""
    out = [parse(text) for text in MAXN_TREES]
    rng = random.Random(f"advsearch.check.maxn:{seed}")
    want = -(-n // 3)
    k = ties = 0
    while k < n:
        t = random_tree((2, 3), 2 + k % 2, seed=rng.getrandbits(32), num_players=3, low=0, high=3)
        matters = ties_matter(t)
        if not matters and want - ties >= n - k:
            continue                  # the rest must be trees where the tie rule decides the root
        ties += matters
        out.append(t)
        k += 1
    return out


def maxn_trees(trees) -> list:
    """The caller's trees as Trees: a non-empty list of trees of three or more players without chance nodes."""
    out = tree_list(trees, "['[[(1,2,3) (3,2,1)] (2,2,2)]']")
    for i, t in enumerate(out):
        if t.num_players < 3:
            raise ValueError(f"trees[{i}] is a two-player tree, but check.implementation(fn, 'maxn') needs trees "
                             "of three or more players, whose leaves are payoff vectors like (1,2,3); got "
                             f"{t}")
        if has_chance(t):
            raise ValueError(f"trees[{i}] has chance nodes, but max-n's trees have players' nodes only; got {t}")
    return out


def maxn_reference(t: Tree) -> Trial:
    """The reference search of ``t``: :func:`~advsearch.maxn`'s trace, visits and payoff vector."""
    r = maxn(t, trace=True)
    return Trial(t, None, r.trace, r.trace.visits(), r.value, {})
