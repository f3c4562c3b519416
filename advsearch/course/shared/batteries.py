"""What the graders' batteries share: reading the trees a code question is graded on, random tree shapes,
and a tree's copies with its children shuffled.

Each topic draws its own graded trees from a student's seed
(:func:`~advsearch.grading.student_seed`, or any text), so the same seed
gives the same trees on every machine: ``alphabeta/graded_trees.py``,
``chance/graded_trees.py``, ``multiplayer/maxn_code.py``,
``mcts/graded_trees.py`` and ``limits/positions.py``.  The text of each
random generator's seed ("advsearch.grading.search_trees:...") is part of
the course: changing it changes every student's trees.
"""

from __future__ import annotations

import random

from .blind import blind_answers, same_value
from .reading import as_tree
from .value_models import rebuilt


def as_trees(trees) -> list:
    """The trees a code question is graded on, each a Tree (:func:`~advsearch.course.shared.reading.as_tree`); at least one.

    >>> [t.height for t in as_trees(["[[3 5] [2 9]]", [1, 2]])]
    [2, 1]
    """
    out = [as_tree(t) for t in trees]
    if not out:
        raise ValueError("trees must hold at least one tree")
    return out


def random_spec(rng: random.Random, depth: int, branching, low: int, high: int, uneven: float):
    """Nested lists for :func:`~advsearch.tree`: ``depth`` plies, a leaf early with probability ``uneven``."""
    lo, hi = branching

    def grow(d, top):
        if d == 0 or (not top and rng.random() < uneven):
            return rng.randint(low, high)
        return [grow(d - 1, False) for _ in range(rng.randint(lo, hi))]

    return grow(depth, True)


def with_shuffles(t, n: int = 2, tries: int = 30) -> list:
    """``t`` and ``n`` copies of it with its leaf values shuffled among its leaves (seeded by ``t``).

    A search that returns a number read off the leaves without searching (the
    first leaf, the median of the leaves) is right on some trees by chance;
    each copy is drawn (within ``tries`` shuffles) so that its value is none
    of the numbers read off its leaves (:func:`~advsearch.course.shared.blind.blind_answers`:
    the first, the last, the middle, the largest, the smallest), so such a
    search is right on a tree and its copies only by much more chance, while
    a search that searches is right on all of them.

    >>> from advsearch import tree
    >>> t = tree([[3, 12, 8], [2, 4, 6]])
    >>> [str(u) for u in with_shuffles(t)]
    ['[[3 12 8] [2 4 6]]', '[[2 3 12] [6 4 8]]', '[[12 6 3] [8 4 2]]']
    >>> [u.values()[()] for u in with_shuffles(t)]     # no copy's value is its first, last, middle, top or bottom leaf
    [3, 4, 3]
    """
    t = as_tree(t)
    rng = random.Random(f"advsearch.grading.with_shuffles:{t}")
    leaves = [leaf.value for leaf in t.leaves()]
    out = [t]
    for _ in range(n):
        for _ in range(tries):
            values = iter(rng.sample(leaves, len(leaves)))
            u = rebuilt(t, value=lambda leaf: next(values))
            if not _read_blindly(u):
                break
        out.append(u)
    return out


#: The reads of a root's value off its leaves that a shuffled copy must defeat (the battery's trees are
#: part of the course: a new blind answer joins only with the trees drawn anew).
ROOT_READS = ("first leaf", "last leaf", "median leaf", "largest leaf", "smallest leaf")


def _read_blindly(t) -> bool:
    """Whether ``t``'s value is a number read off its leaves without searching (the constant aside)."""
    root, value = t.initial_state, t.values()[()]
    reads = blind_answers([root], [value])
    return any(same_value(reads[key][0], value) for key in ROOT_READS)
