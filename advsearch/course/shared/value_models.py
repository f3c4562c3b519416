"""Mistakes that change what a search returns but not which nodes it visits, as questions to the oracle.

A :class:`ValueModel` gives every node's value as a search with one mistake
would back it up.  It never folds a tree itself: it asks the one oracle,
:meth:`Tree.values <advsearch.trees.Tree.values>`, either with a wrong
chance rule (``chance="mean"``), with a wrong chooser (``decides=``), or
about the tree as the mistaken search sees it: its children in the opposite
order (:func:`reversed_tree`, where "the first among equals" becomes "the
last"), or its nodes handed to other players (:func:`reassigned`, where each
player maximises another's payoff).

>>> from advsearch import tree
>>> t = tree([[(1, 5, 0), (2, 5, 9)], [(0, 0, 0), (3, 0, 1)]])
>>> t.values()[()], reversed_tree(t).values()[()]
((1, 5, 0), (3, 0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...trees import Node, Tree
from .subtrees import bottom_up
from ..minimax.value_mistakes import same_value


@dataclass(frozen=True)
class ValueModel:
    """One mistake: its key in ``MISTAKES``, what the search does (``detail``), every node's value with it."""

    key: str
    detail: str
    values: Callable[[Tree], dict]

    def root(self, t: Tree):
        return self.values(t)[()]


def fitting(models, trials, runs):
    """The first model whose root values are what every run returned, and not right on every trial; or None.

    A model that is right on every trial explains nothing, so it is never the diagnosis.
    """
    for model in models:
        roots = [model.root(trial.tree) for trial in trials]
        if all(same_value(r.value, v) for r, v in zip(runs, roots)) and \
                any(not same_value(v, trial.value) for trial, v in zip(trials, roots)):
            return model
    return None


def first_difference(model: ValueModel, t: Tree):
    """The first node, children before parents, whose value ``model`` gets wrong: ``(node, wrong value)``.

    Its children's values are right, so the node alone shows the mistake.
    """
    right, wrong = t.values(), model.values(t)
    for node in bottom_up(t):
        if node.children and not same_value(right[node.path], wrong[node.path]):
            return node, wrong[node.path]
    return None


def rebuilt(t: Tree, *, player=None, value=None, num_players=None, reverse=False) -> Tree:
    """A copy of ``t`` seen another way, for the oracle to answer questions about ``t``.

    Each inner node's player ``p`` becomes ``player(p)`` (chance nodes stay
    chance), each leaf's value ``value(leaf)``, the tree has ``num_players``
    players, and with ``reverse`` every node lists its children right to left
    (paths are the copy's; :func:`mirror_path` maps them).  Labels are kept.

    >>> from advsearch import tree, MAX
    >>> t = tree([[(1, 2, 3), (4, 0, 2)]])
    >>> rebuilt(t, player=lambda p: MAX, value=lambda leaf: leaf.value[0], num_players=2).values()[()]
    4
    >>> print(rebuilt(t, reverse=True))
    [[(4,0,2) (1,2,3)]]
    """
    def copy(node, path):
        if not node.children:
            return Node(node.label, node.player, (), None, value(node) if value else node.value, path)
        kids, probs = list(node.children), node.probs
        if reverse:
            kids.reverse()
            probs = None if probs is None else tuple(reversed(probs))
        kids = [copy(c, path + (i,)) for i, c in enumerate(kids)]
        mover = player(node.player) if player and node.player >= 0 else node.player
        return Node(node.label, mover, kids, probs, None, path)

    return Tree(copy(t.initial_state, ()), num_players or t.num_players)


def reversed_tree(t: Tree) -> Tree:
    """``t`` with every node's children in the opposite order (node ``mirror_path(t, p)`` is ``p``'s twin)."""
    return rebuilt(t, reverse=True)


def reassigned(t: Tree, player: Callable[[int], int]) -> Tree:
    """``t`` with each inner node's player ``p`` replaced by ``player(p)`` (chance nodes stay chance)."""
    return rebuilt(t, player=player)


def last_among_equals(t: Tree) -> dict:
    """Every node's value (by path of ``t``) when each node keeps the *last* of equally good children.

    >>> from advsearch import tree
    >>> t = tree([[(1, 5, 0), (2, 5, 1)], [(0, 0, 9)]])
    >>> t.values()[()], last_among_equals(t)[()]
    ((1, 5, 0), (2, 5, 1))
    """
    mirror = reversed_tree(t).values()
    return {n.path: mirror[mirror_path(t, n.path)] for n in t.nodes()}


def mirror_path(t: Tree, path) -> tuple:
    """The path in :func:`reversed_tree` of the node at ``path`` in ``t``."""
    node, out = t.initial_state, []
    for a in path:
        out.append(len(node.children) - 1 - a)
        node = node.children[a]
    return tuple(out)
