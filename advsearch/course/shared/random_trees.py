"""Random trees for practice exercises: chance trees with easy probabilities, n-player trees of payoff vectors.

Each takes its own ``random.Random``, so a generator that draws trees from
sub-seeds gets the same trees in every process.
"""

from __future__ import annotations

import random

from ...game import CHANCE, MAX
from ...trees import Node, Tree
from .generating import nice_probabilities


def random_chance_tree(rng: random.Random, depth: int, lo: int, hi: int, low: int, high: int,
                       with_min: bool = True) -> Tree:
    """A chance node below every decision node; MAX and MIN alternate (MAX only without MIN).

    >>> print(random_chance_tree(random.Random(0), 1, 2, 2, 0, 9))
    [:chance[1/2: 8 1/2: 7] :chance[2/3: 5 1/3: 9]]
    """
    def decision(plies, player, level, path):
        if plies == 0:
            return Node(None, level, (), None, rng.randint(low, high), path)
        below = (player + 1) % 2
        kids = [chance(plies, below if with_min else MAX, below, path + (i,)) for i in range(rng.randint(lo, hi))]
        return Node(None, player, kids, None, None, path)

    def chance(plies, player, level, path):
        probs = nice_probabilities(rng, rng.randint(lo, hi))
        kids = [decision(plies - 1, player, level, path + (i,)) for i in range(len(probs))]
        return Node(None, CHANCE, kids, probs, None, path)

    return Tree(decision(depth, MAX, MAX, ()), 2)


def random_vector_tree(rng: random.Random, depth: int, lo: int, hi: int, n: int, payoff) -> Tree:
    """A tree of n players, P0 at the root, each leaf's payoffs drawn by ``payoff(rng)``.

    >>> from advsearch.course.shared.generating import constant_sum
    >>> t = random_vector_tree(random.Random(0), 1, 2, 2, 3, lambda r: constant_sum(r, 3, 10))
    >>> print(t), t.num_players
    [(0,5,5) (4,3,3)]
    (None, 3)
    """
    def grow(plies, player, path):
        if plies == 0:
            return Node(None, player, (), None, payoff(rng), path)
        kids = [grow(plies - 1, (player + 1) % n, path + (i,)) for i in range(rng.randint(lo, hi))]
        return Node(None, player, kids, None, None, path)

    return Tree(grow(depth, 0, ()), n)
