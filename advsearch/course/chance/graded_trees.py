"""The chance trees a student is graded on (ps3), made from the student's seed: on each, every wrong chance
rule gives another value.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ... import validation
from ...game import MAX, MIN
from ...trees import CHANCE_RULES, Tree, random_tree
from ..shared.grades import same_number


def chance_trees(seed, n: int = 8) -> list:
    """The trees on which a student's expectimax is graded, made from ``seed``.

    MAX or MIN decides at the root with a chance node below every decision
    (as in :func:`~advsearch.random_tree` with ``chance=True``): half the
    trees have one decision ply (the lecture's expectimax, MAX against
    chance), the others two (MAX, chance, MIN, chance), and every third has
    MIN at the root.  On every tree each wrong rule of
    :data:`~advsearch.trees.CHANCE_RULES` gives another root value than the expectation, so a
    value right on a tree is right for the right reason.

    Examples
    --------
    >>> ts = chance_trees(1)
    >>> len(ts), ts == chance_trees(1), ts == chance_trees(2)
    (8, True, False)
    """
    validation.count("n", n)
    rng = random.Random(f"advsearch.grading.chance_trees:{seed}")
    out = []
    while len(out) < n:
        k = len(out)
        t = random_tree((2, 3), 1 + k % 2, seed=rng.getrandbits(64), chance=True, low=-9, high=9,
                         root=MIN if k % 3 == 2 else MAX)
        right = t.values("expectation")[()]
        if all(not same_number(t.values(r)[()], right) for r in CHANCE_RULES if r != "expectation"):
            out.append(t)
    return out


def hand_chance_tree(seed) -> Tree:
    """A labelled tree to solve by hand: MAX, chance, MIN, chance, 2 children each, leaves 0..9.

    Probabilities are halves, thirds and quarters, and the chance nodes are
    not all fair coins.
    """
    rng = random.Random(f"advsearch.grading.hand_chance_tree:{seed}")
    while True:
        t = random_tree(2, 2, seed=rng.getrandbits(64), chance=True, low=0, high=9, labels=True)
        probs = [p for n in t.nodes() if n.probs for p in n.probs]
        if all(Fraction(p).denominator <= 4 for p in probs) and any(p != Fraction(1, 2) for p in probs):
            return t
