"""What every family of practice exercises shares: seeds, labels, the order of nodes, random shapes.

- :func:`sub_seeds`: the seeds of the random trees tried for an exercise,
  the same in every process;
- :func:`labelled`: a tree with its inner nodes named A, B, ... in
  breadth-first order and every leaf after its parent (``"b2"``);
- :func:`breadth_first`, :func:`inner_labels`: the nodes level by level;
- :func:`check_branching`: a clear error for a bad branching (the other
  parameters are checked by :mod:`advsearch.validation`);
- :func:`nice_probabilities`, :func:`constant_sum`: the random pieces of
  chance trees (probabilities easy to add up by hand) and of n-player
  trees whose payoffs share a fixed sum.

Examples
--------
>>> from advsearch import random_tree
>>> t = labelled(random_tree(2, 2, seed=0))
>>> print(t)
A[B[b1=-8 b2=-1] C[c1=3 c2=0]]
>>> inner_labels(t)
['A', 'B', 'C']
"""

from __future__ import annotations

import random
from fractions import Fraction

from ... import validation
from ...trees import Node, Tree, spreadsheet_name


#: The denominators of the probabilities :func:`nice_probabilities` draws (halves, thirds, quarters, ...).
DENOMINATORS = (2, 3, 4, 6, 8, 12)


def check_branching(branching) -> tuple:
    """``(lo, hi)`` from an int b or a pair (lo, hi) with 1 <= lo <= hi; a ValueError otherwise."""
    if validation.is_whole_number(branching):
        lo = hi = int(branching)
    elif isinstance(branching, (tuple, list)) and len(branching) == 2 and all(map(validation.is_whole_number, branching)):
        lo, hi = map(int, branching)
    else:
        raise ValueError(f"branching must be an int or a pair (lo, hi), not {branching!r}")
    if not 1 <= lo <= hi:
        raise ValueError(f"branching must satisfy 1 <= lo <= hi, not {branching!r}")
    return lo, hi


def sub_seeds(kind: str, seed):
    """The sub-seeds of the random trees tried for an exercise: the same in every process.

    >>> next(sub_seeds("minimax", 0)) == next(sub_seeds("minimax", 0)) != next(sub_seeds("minimax", 1))
    True
    """
    master = random.Random(f"advsearch.practice.{kind}:{type(seed).__name__}:{seed}")
    while True:
        yield master.getrandbits(64)


def breadth_first(t: Tree) -> list:
    """Every node of ``t``, level by level, left to right."""
    out, level = [], [t.initial_state]
    while level:
        out += level
        level = [c for n in level for c in n.children]
    return out


def inner_labels(t: Tree) -> list:
    """The labels of the inner nodes, in breadth-first order."""
    return [n.label for n in breadth_first(t) if n.children]


def labelled(t: Tree) -> Tree:
    """The same tree (players, probabilities, values kept), inner nodes named A, B, ... breadth-first
    and every leaf after its parent: B's second child, a leaf, is ``"b2"``.

    >>> from advsearch import parse
    >>> print(labelled(parse("[:chance[1/4: 3 3/4: [1 2]] 5]")))
    A[B:chance[1/4: b1=3 3/4: C[c1=1 c2=2]] a2=5]
    """
    names = iter(spreadsheet_name(i) for i in range(len(t)))
    label = {n.path: next(names) for n in breadth_first(t) if n.children}

    def copy(node, parent_label, index):
        if not node.children:
            return Node(f"{parent_label.lower()}{index}" if parent_label else None, node.player, (), None,
                        node.value, node.path)
        here = label[node.path]
        kids = [copy(c, here, i) for i, c in enumerate(node.children, 1)]
        return Node(here, node.player, kids, node.probs, None, node.path)

    return Tree(copy(t.initial_state, None, 0), t.num_players)


def leaf_naming(t: Tree) -> str:
    """How leaves are named, told with a leaf of ``t`` itself: ``"h2" is H's child 2``.

    >>> from advsearch import parse
    >>> print(leaf_naming(labelled(parse("[[1 2] [3 4]]"))))
    "b2" is B's child 2
    """
    leaf = next((c for n in breadth_first(t) for c in n.children[1:2] if not c.children), t.leaves()[0])
    return f'"{leaf.label}" is {t.node(leaf.path[:-1]).label}\'s child {leaf.path[-1] + 1}'


def closed(figure):
    """Detach a figure from pyplot so that the inline backend does not show it a second time."""
    import matplotlib.pyplot as plt

    plt.close(figure)
    return figure


def nice_probabilities(rng: random.Random, k: int) -> tuple:
    """``k`` positive Fractions summing to 1, over a denominator d from :data:`DENOMINATORS` with k <= d <= 2k.

    Two outcomes get halves, thirds or quarters; three get thirds, quarters or sixths.

    >>> import random
    >>> p = nice_probabilities(random.Random(1), 3)
    >>> sum(p) == 1 and all(x > 0 for x in p) and 12 % max(x.denominator for x in p) == 0
    True
    """
    if k == 1:
        return (Fraction(1),)
    denominators = [d for d in DENOMINATORS if k <= d <= 2 * k] or [k]
    d = rng.choice(denominators)
    cuts = sorted(rng.sample(range(1, d), k - 1))
    parts = [b - a for a, b in zip([0] + cuts, cuts + [d])]
    return tuple(Fraction(x, d) for x in parts)


def constant_sum(rng: random.Random, n: int, total: int) -> tuple:
    """``n`` whole payoffs, each in 0..total, that add up to ``total`` (uniform over all such vectors).

    >>> import random
    >>> v = constant_sum(random.Random(2), 3, 10)
    >>> len(v), sum(v), all(0 <= x <= 10 for x in v)
    (3, 10, True)
    """
    bars = sorted(rng.sample(range(total + n - 1), n - 1))       # stars and bars
    edges = [-1] + bars + [total + n - 1]
    return tuple(b - a - 1 for a, b in zip(edges, edges[1:]))
