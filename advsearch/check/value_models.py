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

from ..trees import Node, Tree
from .subtrees import bottom_up
from .value_mistakes import same_value

__all__ = ["ValueModel", "fitting", "first_difference", "reversed_tree", "reassigned", "mirror_path"]


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


def _rebuilt(t: Tree, player, reverse: bool) -> Tree:
    """A copy of ``t``: inner nodes' players mapped by ``player``, children reversed if ``reverse``."""
    def copy(node, path):
        kids, probs = list(node.children), node.probs
        if reverse:
            kids.reverse()
            probs = None if probs is None else tuple(reversed(probs))
        kids = [copy(c, path + (i,)) for i, c in enumerate(kids)]
        mover = player(node.player) if node.children else node.player
        return Node(node.label, mover, kids, probs, node.value, path)

    return Tree(copy(t.initial_state, ()), t.num_players)


def reversed_tree(t: Tree) -> Tree:
    """``t`` with every node's children in the opposite order (node ``mirror_path(t, p)`` is ``p``'s twin)."""
    return _rebuilt(t, lambda player: player, reverse=True)


def reassigned(t: Tree, player: Callable[[int], int]) -> Tree:
    """``t`` with each inner node's player ``p`` replaced by ``player(p)`` (chance nodes stay chance)."""
    return _rebuilt(t, lambda p: p if p < 0 else player(p), reverse=False)


def mirror_path(t: Tree, path) -> tuple:
    """The path in :func:`reversed_tree` of the node at ``path`` in ``t``."""
    node, out = t.initial_state, []
    for a in path:
        out.append(len(node.children) - 1 - a)
        node = node.children[a]
    return tuple(out)
