"""Lecture 01's practice: the minimax value of every inner node of a random tree.

Inner nodes are named A, B, C, ... in breadth-first order and every leaf after
its parent: ``"b2"`` is the second child of B.  Trees are drawn by seeded
rejection sampling: random trees are made one after another, from sub-seeds
derived from ``seed``, until one has what was asked for.  The same seed
always gives the same exercise, in every process.

Examples
--------
>>> from advsearch import practice
>>> ex = practice.minimax(seed=3)
>>> ex.check(ex.answer_key()).ok
True
"""

from __future__ import annotations

from ...game import MAX, player_name
from ...result import format_number
from ...search import minimax as _minimax
from ...trees import Tree, random_tree
from ..shared import exercise
from ..shared.exercise import Exercise, Solution, check_tree_settings
from ..shared.generating import breadth_first, labelled, sub_seeds
from .values import values as check_values


class MinimaxExercise(Exercise):
    """The minimax value of every inner node (see :func:`minimax`)."""

    def search(self):
        return _minimax(self.tree, trace=True)

    def check(self, answer):
        """Check ``{label: value}`` for the inner nodes with :func:`advsearch.check.values`."""
        return check_values(self.tree, answer)

    def answer_key(self) -> dict:
        """``{label: minimax value}`` for every inner node."""
        return minimax_values(self.tree)

    def solution(self) -> Solution:
        """The tree drawn with every node's value, and one line per inner node, bottom up."""
        t, values = self.tree, minimax_values(self.tree)
        lines = []
        levels = {}
        for n in breadth_first(t):
            if n.children:
                levels.setdefault(len(n.path), []).append(n)
        for node in (n for d in sorted(levels, reverse=True) for n in levels[d]):
            how = "max" if node.player == MAX else "min"
            kids = ", ".join(format_number(c.value if not c.children else values[c.label])
                             for c in node.children)
            lines.append(f"{node.label} ({player_name(node.player)}) = {how}({kids}) = "
                         f"{format_number(values[node.label])}")
        root = t.initial_state
        best = t.label(t.result(root, self.result.move))
        lines.append(f"The root {root.label} is worth {format_number(values[root.label])}: "
                     f"{player_name(root.player)}'s best move leads to {best}.")
        return Solution(self.result, lines, title=f"Solution: minimax values (seed {self.seed})")



def minimax_values(t: Tree) -> dict:
    """``{label: minimax value}`` for every inner node, from the oracle :meth:`Tree.values`."""
    values = t.values()
    return {n.label: values[n.path] for n in breadth_first(t) if n.children}


def tied_choice(t: Tree) -> bool:
    """Has some inner node two or more children that reach its value?"""
    values = t.values()
    return any(sum(values[c.path] == values[n.path] for c in n.children) > 1 for n in t.nodes() if n.children)


def minimax(seed=0, *, depth=2, branching=3, low=-9, high=9, ties=False) -> MinimaxExercise:
    """A minimax exercise: the value of every inner node of a random tree.

    Parameters
    ----------
    seed : int or str
        The same seed gives the same exercise, in every process.
    depth : int
        Plies; MAX moves at the root.
    branching : int or (int, int)
        Children per inner node: exactly b, or lo..hi.
    low, high : int
        Leaf values are whole numbers in low..high.
    ties : bool
        False: every node's best child is unique.  True: at least one node
        has two children that reach its value (a tied choice).

    Returns
    -------
    MinimaxExercise

    Raises
    ------
    ValueError
        For bad parameters, a tree that could have more than ``MAX_NODES``
        nodes, knobs no tree can meet (ties=False with a single leaf value
        and two or more children a node; ties=True with one child a node), or
        no suitable tree within ``MAX_TRIES`` draws.

    Notes
    -----
    Each draw costs O(n) for a tree of n nodes.

    Examples
    --------
    >>> from advsearch import practice
    >>> ex = practice.minimax(seed=0, depth=2, branching=2)
    >>> print(ex.tree)
    A[B[b1=0 b2=-3] C[c1=1 c2=8]]
    >>> ex.answer_key()
    {'A': 1, 'B': -3, 'C': 1}
    >>> ex.check({'A': 1, 'B': -3, 'C': 1}).ok
    True
    >>> practice.minimax(depth=12, branching=9)
    Traceback (most recent call last):
    ...
    ValueError: practice.minimax(depth=12, branching=9) would have 317,733,228,541 nodes; the most it builds is 1,000: lower the depth or the branching
    """
    lo, hi = check_tree_settings("minimax", seed, depth, branching, low, high, ties)
    if not ties and low == high and lo >= 2:
        raise ValueError(f"ties=False needs different leaf values, but low = high = {low}")
    if ties and hi < 2:
        raise ValueError("ties=True needs a node with two or more children: raise branching")
    settings = dict(depth=depth, branching=branching, low=low, high=high, ties=ties)
    for _, sub in zip(range(exercise.MAX_TRIES), sub_seeds("minimax", seed)):
        t = random_tree((lo, hi), depth, seed=sub, low=low, high=high, labels=True)
        if tied_choice(t) == ties:
            break
    else:
        raise ValueError(f"no random tree met ties={ties} in {exercise.MAX_TRIES} tries from seed {seed!r}; "
                         "widen low..high or change the branching")
    t = labelled(t)
    labels = ", ".join(n.label for n in breadth_first(t) if n.children)
    question = (f"Compute the minimax value of every inner node ({labels}) of this {depth}-ply tree, "
                f"MAX at the root.\n"
                f"Answer with a dict from label to value: answer = {{\"A\": ..., \"B\": ..., ...}}.")
    return MinimaxExercise(t, "minimax", question, seed=seed, settings=settings)
