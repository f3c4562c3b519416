"""What answers that do no work get right by chance, so that values earn only what lies above it.

A minimax value is one of the numbers (or payoff vectors) below it, and small
trees repeat their numbers: one number written for every node, or each node
given a number read off the leaves below it (the first, the last, the middle,
the largest, the smallest, the best for the player who moves there, the plain
mean), is right at some nodes of almost every tree, and a search that returns
one number, or the first leaf it scores, is right on some trees of a battery.
A blind answer may read differently at each depth ("the middle leaf at the
root and its children, the largest just above the leaves").
:func:`blind_right` counts the most nodes (or trees) such an answer gets
right, and :func:`above_blind` pays only for those right beyond that count,
so that a blind answer earns nothing and a right answer earns everything.

Examples
--------
>>> from advsearch import tree
>>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> values = t.values()
>>> required = [n for n in t.nodes() if n.children]
>>> [values[n.path] for n in required], [n.children[0].value for n in required[1:]]
([3, 3, 2, 2], [3, 2, 14])
>>> sorted(blind_answers(required, [3, 3, 2, 2]))
['constant', 'first leaf', 'largest leaf', 'last leaf', 'leaf mean', 'median leaf', "mover's best leaf", 'smallest leaf']
>>> blind_right(required, [values[n.path] for n in required])    # the root's first leaf, MIN's smallest
4
>>> above_blind(4, 4, 2), above_blind(3, 4, 2), above_blind(2, 4, 2)
(1.0, 0.5, 0.0)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ...game import CHANCE, MAX, MIN
from .grades import same_number


def _leaves(node) -> list:
    """The values of the leaves below ``node``, left to right."""
    if not node.children:
        return [node.value]
    return [v for child in node.children for v in _leaves(child)]


def blind_answers(nodes, values) -> dict:
    """The blind answers for ``nodes`` (of one tree or of several), by name, as lists of values in their order.

    ``values`` are the right values, in the same order.  ``"constant"``
    writes the value that most of the nodes have (the best any single number
    can do); the others give each node a value read off the leaves below it:
    the first, the last, the middle one (the upper median), the largest, the
    smallest, the leaf best for the player who moves at the node (MAX's
    largest, MIN's smallest, a max-n player's best in its own entry; None at
    chance nodes) and the plain mean (None for payoff vectors).  (The largest
    leaf is right at a MAX node just above the leaves: that much of minimax
    needs no search.)
    """
    counts = Counter(_hashable(v) for v in values)
    common = counts.most_common(1)[0][0] if counts else None
    below = [_leaves(n) for n in nodes]
    return {"constant": [common for _ in nodes],
            "first leaf": [leaves[0] for leaves in below],
            "last leaf": [leaves[-1] for leaves in below],
            "median leaf": [sorted(leaves)[len(leaves) // 2] for leaves in below],
            "largest leaf": [max(leaves) for leaves in below],
            "smallest leaf": [min(leaves) for leaves in below],
            "mover's best leaf": [_best_for_mover(n.player, leaves) for n, leaves in zip(nodes, below)],
            "leaf mean": [_mean(leaves) for leaves in below]}


def _best_for_mover(player, leaves):
    if isinstance(leaves[0], tuple):
        return max(leaves, key=lambda v: v[player]) if isinstance(player, int) and 0 <= player < len(leaves[0]) \
            else None
    return max(leaves) if player == MAX else min(leaves) if player == MIN else None


def _mean(leaves):
    if isinstance(leaves[0], tuple):
        return None
    if all(isinstance(v, (int, Fraction)) for v in leaves):
        return Fraction(sum(leaves), len(leaves))
    return sum(leaves) / len(leaves)


def _hashable(v):
    return tuple(v) if isinstance(v, list) else v


def same_value(a, b) -> bool:
    """Whether an answer ``a`` is the right value ``b``: the same number, or a vector of the same numbers."""
    if a is None:
        return False
    if isinstance(b, tuple):
        return isinstance(a, (tuple, list)) and len(a) == len(b) and all(same_number(x, y) for x, y in zip(a, b))
    return same_number(a, b)


def blind_right(nodes, values) -> int:
    """The most of ``nodes`` a blind answer gets right; ``values`` are the right ones.

    One number everywhere (:func:`blind_answers`' ``"constant"``), or at each
    depth whichever read off the leaves is right at most nodes of that depth.
    """
    values = list(values)
    answers = blind_answers(nodes, values)
    constant = sum(same_value(a, v) for a, v in zip(answers.pop("constant"), values))
    depths = {}
    for k, node in enumerate(nodes):
        depths.setdefault(len(node.path), []).append(k)
    read = sum(max(sum(same_value(answer[k], values[k]) for k in at) for answer in answers.values())
               for at in depths.values())
    return max(constant, read)


def above_blind(right: float, n: int, blind: int) -> float:
    """The share earned for ``right`` of ``n`` values when a blind answer gets ``blind`` right.

    It is (right − blind) / (n − blind).

    All right earns 1 even when a blind answer is right everywhere; no more
    than ``blind`` earns 0.  ``right`` may be fractional (trees right for
    another convention count part).
    """
    if right >= n:
        return 1.0
    if right <= blind:
        return 0.0
    return (right - blind) / (n - blind)
