"""The trees on which a student's minimax and alpha-beta code is graded (ps1), made from the student's seed.

Each is drawn so that a wrong way of working gives a wrong answer on it:
every tree has a cut (plain minimax never passes for alpha-beta) and often a
tie that decides the cut test.
"""

from __future__ import annotations

import random

from ... import validation
from ...game import MAX, MIN
from ...search import alphabeta
from ...trees import tree as make_tree
from ..shared.batteries import random_spec


def search_trees(seed, n: int = 10) -> list:
    """The trees on which a student's minimax and alpha-beta are graded, made from ``seed``.

    Every tree has at least one alpha-beta cut (under both cut tests), so
    plain minimax never passes for alpha-beta.  The battery holds trees of 2
    to 4 plies with 2 or 3 children a node, uneven ones (some leaves higher
    up), about a third with MIN at the root, and at least a third on which the
    strict cut test (v > β, v < α) prunes differently from the lecture's
    (v ≥ β, v ≤ α).  Leaves are 0..9, so ties are common.

    Parameters
    ----------
    seed : int or str
        The same seed gives the same trees.
    n : int
        How many trees, at least 3.

    Examples
    --------
    >>> ts = search_trees(1)
    >>> len(ts), ts == search_trees(1), ts == search_trees(2)
    (10, True, False)
    """
    validation.whole_number("n", n, least=3)
    rng = random.Random(f"advsearch.grading.search_trees:{seed}")
    want_ties = -(-n // 3)
    out, ties = [], 0
    tries = 0
    while len(out) < n:
        tries += 1
        if tries > 20000:                      # pragma: no cover - never seen
            raise RuntimeError("could not draw a battery of trees; this is a bug")
        k = len(out)
        depth = (2, 3, 3, 4)[k % 4]
        root = MIN if k % 3 == 2 else MAX
        uneven = 0.25 if k % 2 else 0.0
        t = make_tree(random_spec(rng, depth, (2, 3), 0, 9, uneven), root=root)
        lecture = alphabeta(t, trace=True).trace
        strict = alphabeta(t, trace=True, prune_on_equal=False).trace
        if not lecture.prunes() or not strict.prunes():
            continue
        differs = lecture.visited() != strict.visited()
        need = want_ties - ties
        if not differs and need >= n - len(out):
            continue                           # the rest must be trees where ties matter
        ties += differs
        out.append(t)
    return out
