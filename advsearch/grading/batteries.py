"""The trees and positions each student is graded on, made from the student's seed.

Every battery is drawn from a seed (a student's :func:`~advsearch.grading.student_seed`,
or any text), so the same seed gives the same trees on every machine, and two
students get different ones.  Each is drawn so that a wrong way of working
gives a wrong answer on it: :func:`search_trees` always has a cut (plain
minimax never passes for alpha-beta) and often a tie that decides the cut
test; on :func:`chance_trees` every wrong chance rule gives another value.
The trees of the MCTS questions are in :mod:`advsearch.grading.perspectives`.

The text of each random generator's seed ("advsearch.grading.search_trees:...")
is part of the course: changing it changes every student's trees.
"""

from __future__ import annotations

import random
from fractions import Fraction

from .. import validation
from ..game import MAX, MIN
from ..search import alphabeta
from ..trees import CHANCE_RULES, Tree, random_tree, tree as make_tree
from ..check.reading import as_tree
from ..check.value_models import rebuilt
from .blind import blind_answers, same_value
from .grades import same_number


def as_trees(trees) -> list:
    """The trees a code question is graded on, each a Tree (:func:`~advsearch.check.reading.as_tree`); at least one.

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


def with_shuffles(t, n: int = 2, tries: int = 30) -> list:
    """``t`` and ``n`` copies of it with its leaf values shuffled among its leaves (seeded by ``t``).

    A search that returns a number read off the leaves without searching (the
    first leaf, the median of the leaves) is right on some trees by chance;
    each copy is drawn (within ``tries`` shuffles) so that its value is none
    of the numbers read off its leaves (:func:`~advsearch.grading.blind.blind_answers`:
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


def _read_blindly(t) -> bool:
    """Whether ``t``'s value is a number read off its leaves without searching (the constant aside)."""
    root, value = t.initial_state, t.values()[()]
    reads = blind_answers([root], [value])
    return any(same_value(answer[0], value) for key, answer in reads.items() if key != "constant")


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


def sample_positions(game, seed, n: int) -> list:
    """``n`` distinct non-terminal positions from seeded random play, 2 to 30 plies deep."""
    rng = random.Random(seed)
    out, seen = [], set()
    while len(out) < n:
        state, plies = game.initial_state, rng.randint(2, 30)
        for _ in range(plies):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(list(game.actions(state))))
        if not game.is_terminal(state) and state not in seen:
            seen.add(state)
            out.append(state)
    return out
