"""The trees a student's expectimax or expectiminimax is checked on, and the reference search of each.

Expectimax trees have MAX and chance nodes only (MAX against chance, the
lecture's expectimax); expectiminimax trees have MAX, MIN and chance nodes.
Each battery starts with the lectures' examples and goes on with seeded
random trees on which every wrong chance rule of
:data:`~advsearch.trees.CHANCE_RULES` gives another root value, so that a
right value is right for the right reason.  Every tree is the one its text
form reads back as: a student may paste the tree a message shows.

>>> ts = chance_battery("expectimax", 0)
>>> len(ts), str(ts[0])
(32, ':chance[1/2: 8 1/3: 24 1/6: -12]')
>>> any(n.player == 1 for t in ts for n in t.nodes() if n.children)
False
"""

from __future__ import annotations

import random

from ...answers import close
from ...game import MAX, MIN
from ...search import expectiminimax
from ...trees import CHANCE_RULES, Tree, parse, random_tree
from ..alphabeta.battery import Trial
from ..shared.reading import tree_list
from ..shared.value_models import reassigned


#: The expectimax battery's first trees: MAX against chance.
EXPECTIMAX_TREES = (
    ":chance[1/2: 8 1/3: 24 1/6: -12]",                              # the lecture's chance node: 10
    "[:chance[1/2: 10 1/2: 10] :chance[1/2: 9 1/2: 100]]",            # the lecture's coin: minimax 10, average 109/2
    "[:chance[1/2: 8 1/3: 24 1/6: -12] :chance[1/2: 9 1/2: 3]]",      # the chance node under MAX
    "[:chance[1/4: :max[:chance[1/2: 2 1/2: 6] 3] 3/4: :max[1 :chance[1/3: 9 2/3: 0]]] "
    ":chance[1/2: 4 1/2: :max[5 :chance[3/4: 7 1/4: 1]]]]",          # MAX, chance, MAX, chance, uneven
)

#: The expectiminimax battery's first trees: MAX, MIN and chance.
EXPECTIMINIMAX_TREES = (
    "A[B:chance[1/2: D[2 4] 1/2: E[7 4]] C:chance[1/2: F[6 0] 1/2: G[5 -2]]]",         # the lecture's 2-ply tree
    "A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]",  # Star2's tree
    ":min[:chance[1/2: [3 1] 1/2: [0 7]] :chance[1/3: [5 2] 2/3: 4]]",               # MIN at the root
    ":chance[1/4: [2 5] 3/4: :min[4 8]]",                                              # chance at the root
    "[:chance[1/3: [[3 1] 6] 2/3: 2] [:chance[1/2: 5 1/2: 1] 4]]",                     # uneven
)


def _distinct_rules(t: Tree) -> bool:
    """Whether every wrong chance rule gives another root value than the expectation."""
    right = t.values()[()]
    return all(not close(t.values(rule)[()], right) for rule in CHANCE_RULES if rule != "expectation")


def chance_battery(algorithm: str, seed, n: int = 28) -> list:
    """The lectures' trees for ``algorithm``, then ``n`` random ones seeded from ``seed``."""
    fixed = EXPECTIMAX_TREES if algorithm == "expectimax" else EXPECTIMINIMAX_TREES
    out = [parse(text) for text in fixed]
    rng = random.Random(f"advsearch.check.{algorithm}:{seed}")
    k = 0
    while k < n:
        root = MIN if algorithm == "expectiminimax" and k % 3 == 2 else MAX
        depth = 1 + k % 2
        branching = (2, 3) if depth == 1 else 2          # at most 31 nodes: a message can show the tree
        t = random_tree(branching, depth, seed=rng.getrandbits(32), chance=True, low=-9, high=9, root=root)
        if algorithm == "expectimax":         # MAX against chance: MIN's nodes become MAX's
            t = parse(str(reassigned(t, lambda player: MAX)))
        if _distinct_rules(t):
            out.append(t)
            k += 1
    return out


def chance_trees(trees, algorithm: str) -> list:
    """The caller's trees for ``algorithm`` as Trees, or an error that says what is wrong with one.

    Trees without chance nodes are accepted: expectimax then is the max of the
    leaves, expectiminimax is minimax.  An expectimax tree may not hold MIN
    nodes (whose meaning there is a matter of convention).
    """
    out = tree_list(trees, "['[:chance[1/2: 3 1/2: 5] 4]']")
    for i, t in enumerate(out):
        if t.num_players != 2:
            raise ValueError(f"trees[{i}] is a {t.num_players}-player tree, but check.implementation(fn, "
                             f"{algorithm!r}) needs trees of MAX, MIN and chance nodes; got {t}")
        if algorithm == "expectimax" and any(n.player == MIN for n in t.nodes() if n.children):
            raise ValueError(f"trees[{i}] has MIN nodes, but expectimax trees hold MAX and chance nodes only "
                             f"(check expectiminimax for trees with MIN); got {t}")
    return out


def chance_reference(t: Tree) -> Trial:
    """The reference search of ``t``: :func:`~advsearch.expectiminimax`'s trace, visits and value."""
    r = expectiminimax(t, trace=True)
    return Trial(t, None, r.trace, r.trace.visits(), r.value, {})

