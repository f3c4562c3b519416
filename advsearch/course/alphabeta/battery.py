"""The trees an implementation is checked on, and the reference search of each: its visits, value and
the α and β it enters each node with."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...game import MIN, MAX
from ...search import alphabeta, minimax
from ...trees import Tree, parse, random_tree
from ..shared.reading import has_chance, same, tree_list, two_player
from ..shared.runs import heuristic


#: Explicit trees every implementation is checked on first, small ones first.
FIXED_TREES = (
    "A[B[3 12 8] C[2 4 6] D[14 5 2]]",                                     # the lecture's two-ply tree
    "[[3 5] [3 1] [4 3 2]]",                                               # ties at MIN nodes
    ":min[[3 1] [3 5] [2 4]]",                                             # MIN root, ties at MAX nodes
    "[[[3 5] [6 9]] [[1 2] [0 -1]]]",                                      # a deep cut and a pruned subtree
    "[[3 [5 1]] 4 [[2 8] 6 [1 9 0]]]",                                     # uneven: leaves at several depths
    ":min[[3 1] [3 5] [8 [2 7]]]",                                         # MIN root, uneven
    "[[[2 3] [5 9] [0 -1]] [[7 4] [2 1] [5 6]] [[8 3] [4 6]]]",            # exercise-style, three plies
    "[[[[3 17] [2 12]] [[15 25] [0 2]]] [[[2 5] [3 2]] [[14 2] [6 3]]]]",  # exercise-style, four plies
)


def battery(seed) -> list:
    """The default trees: :data:`FIXED_TREES`, then 30 random trees of depth 2 to 5 seeded from ``seed``."""
    trees = [parse(s) for s in FIXED_TREES]
    rng = random.Random(seed)
    for i in range(30):
        depth = 2 + i % 4
        root = MIN if i % 5 == 4 else MAX
        trees.append(random_tree((2, 3), depth, seed=rng.randrange(2 ** 32), low=0, high=9, root=root))
    return trees


@dataclass
class Trial:
    """One tree (with a depth limit or None) and the reference search of it."""

    tree: Tree
    depth: int | None
    trace: object
    seq: list
    value: object
    windows: dict


def reference(t: Tree, algorithm: str, eq: bool, depth=None, evaluate=heuristic) -> Trial:
    """The reference search of ``t``: its trace, visits (:meth:`Trace.visits`), value and windows.

    With a ``depth``, the cut-off is scored by ``evaluate`` (the trials' made-up
    :func:`~.runs.heuristic`, unless a mistake's model asks for another).
    """
    kw = {} if depth is None else {"depth": depth, "evaluate": evaluate}
    if algorithm == "alphabeta":
        r = alphabeta(t, prune_on_equal=eq, trace=True, **kw)
    else:
        r = minimax(t, trace=True, **kw)
    windows = {e.path: (e.alpha, e.beta) for e in r.trace if e.kind == "enter" and e.alpha is not None}
    return Trial(t, depth, r.trace, r.trace.visits(), r.value, windows)


def windows_agree(yours: dict, ref: dict, t: Tree) -> bool:
    """Whether the α, β your code held agree with ``ref`` wherever both are known (negamax windows allowed)."""
    for path, w in yours.items():
        if w is None or path not in ref:
            continue
        a, b = ref[path]
        if same(w[0], a) and same(w[1], b):
            continue
        if t.node(path).player == MIN and same(w[0], -b) and same(w[1], -a):
            continue
        return False
    return True


def custom_trees(trees) -> list:
    """The caller's test trees as Trees: a non-empty list of two-player trees, or an error that says why not."""
    out = tree_list(trees, "['[[3 5] [2 9]]']")
    for i, t in enumerate(out):
        two_player(t, "implementation")
        if has_chance(t):
            raise ValueError(f"trees[{i}] has chance nodes, but check.implementation checks minimax and "
                             f"alpha-beta, which need trees of MAX and MIN nodes only; got {t}")
    return out
