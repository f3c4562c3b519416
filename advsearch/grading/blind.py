"""What answers that do no work get right by chance, so that by-hand values earn only what lies above it.

An inner node's value is always one of the numbers (or payoff vectors) below
it, and small trees repeat their numbers: one number written for every node,
or each node given the first (or the last) leaf below it, is right at some
nodes of almost every tree.  :func:`blind_right` counts the most nodes such a
blind answer gets right on a tree, and :func:`above_blind` pays only for the
nodes right beyond that count, so that a blind answer earns nothing and a
right answer earns everything.

Examples
--------
>>> from advsearch import tree
>>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> values = t.values()
>>> required = [n for n in t.nodes() if n.children]
>>> blind_right(t, required, values)            # the 2 at C and D, or each node's first leaf at B
2
>>> above_blind(4, 4, 2), above_blind(3, 4, 2), above_blind(2, 4, 2)
(1.0, 0.5, 0.0)
"""

from __future__ import annotations

from collections import Counter

from .grades import same_number

__all__ = ["blind_answers", "blind_right", "above_blind"]


def _first_leaf(node, last=False):
    while node.children:
        node = node.children[-1 if last else 0]
    return node.value


def blind_answers(t, required, values) -> dict:
    """The blind answers, by name, as ``{path: value}`` over the ``required`` nodes of ``t``.

    ``"constant"`` writes the value that most of the required nodes have (the
    best any single number can do), ``"first leaf"`` and ``"last leaf"`` give
    each node the value of the first or the last leaf below it.
    """
    counts = Counter(_hashable(values[n.path]) for n in required)
    common = counts.most_common(1)[0][0] if counts else None
    return {"constant": {n.path: common for n in required},
            "first leaf": {n.path: _first_leaf(n) for n in required},
            "last leaf": {n.path: _first_leaf(n, last=True) for n in required}}


def _hashable(v):
    return tuple(v) if isinstance(v, list) else v


def _same(a, b) -> bool:
    if isinstance(b, tuple):
        return isinstance(a, (tuple, list)) and len(a) == len(b) and all(same_number(x, y) for x, y in zip(a, b))
    return same_number(a, b)


def blind_right(t, required, values) -> int:
    """The most ``required`` nodes of ``t`` that one of the :func:`blind_answers` gets right."""
    return max(sum(_same(answer[n.path], values[n.path]) for n in required)
               for answer in blind_answers(t, required, values).values())


def above_blind(right: int, n: int, blind: int) -> float:
    """The share earned for ``right`` of ``n`` values when a blind answer gets ``blind`` right: (right − blind) / (n − blind).

    All right earns 1 even when a blind answer is right everywhere; no more
    than ``blind`` earns 0.
    """
    if right >= n:
        return 1.0
    if right <= blind:
        return 0.0
    return (right - blind) / (n - blind)
