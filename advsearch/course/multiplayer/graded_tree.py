"""Multiplayer search by hand: a three-player tree, with its max-n vectors and paranoid values.

Every right answer is the one oracle's, :meth:`Tree.values
<advsearch.trees.Tree.values>`, asked about the student's tree or about a
*view* of it made by :func:`advsearch.course.shared.value_models.rebuilt`: :func:`paranoid_tree` is the tree as the
paranoid player sees it (its own nodes MAX, every other player's MIN, its own
payoff at the leaves), so its values are the paranoid values; the tree with
every node's children reversed gives max-n with ties broken towards the
*last* child (:func:`ties_last_values`), a mistake students make.  The
graders of the answers are in :mod:`advsearch.course.multiplayer.by_hand`.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

from ... import check
from ...game import MAX, MIN
from ..shared.value_models import last_among_equals, rebuilt
from ...trees import Tree, tree as make_tree
from ..shared.grades import same_number
from ..shared.reading import as_tree


#: The mistakes the multiplayer graders name besides those of :data:`advsearch.check.MISTAKES`, by key.
MULTIPLAYER_MISTAKES = {
    "tie_last": "among children equally good for the mover, max-n took a later one, not the first in actions() order",
    "visits": "the value is right, but the search does not visit each node once, children left to right",
}


def paranoid_tree(t, player: int = 0) -> Tree:
    """``t`` as the paranoid ``player`` sees it: its nodes MAX, all others MIN, its own payoff at the leaves.

    Its :meth:`~advsearch.trees.Tree.values` are the paranoid values, what
    :func:`advsearch.paranoid` reports as ``stats.searcher_value``.

    >>> from advsearch import paranoid
    >>> t = make_tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]])
    >>> paranoid_tree(t).values()[()], paranoid(t).stats.searcher_value
    (2, 2)
    """
    return rebuilt(as_tree(t), player=lambda p: MAX if p == player else MIN,
                   value=lambda leaf: leaf.value[player], num_players=2)


def ties_last_values(t) -> dict:
    """Max-n's vector of every node (by path of ``t``) when ties go to the *last* child among equals.

    >>> t = make_tree([[(1, 5, 0), (2, 5, 1)], [(0, 0, 9)]])
    >>> t.values()[()], ties_last_values(t)[()]
    ((1, 5, 0), (2, 5, 1))
    """
    return last_among_equals(as_tree(t))


def same_vector(answer, right) -> bool:
    """Whether ``answer`` (a tuple or list) is the payoff vector ``right``, entry by entry exact numbers.

    >>> same_vector([1, 2, 3], (1, 2, 3)), same_vector((1, True, 3), (1, 1, 3)), same_vector(1, (1,))
    (True, False, False)
    """
    return (isinstance(answer, (tuple, list)) and len(answer) == len(right)
            and all(same_number(a, b) for a, b in zip(answer, right)))


def _chosen(values, node):
    """The first child of ``node`` whose value is the node's own: the child chosen."""
    return next(c for c in node.children if values[c.path] == values[node.path])


def _choice(t, values, node) -> str:
    """The label of the child :func:`_chosen` at ``node``."""
    return _chosen(values, node).label


def multiplayer_question(seed) -> SimpleNamespace:
    """A three-player tree to solve by hand with max-n and with paranoid search, drawn from ``seed``.

    P0 moves at A (three children), P1 below, then P2, each with two
    children; payoffs are 0..9.  The tree is drawn so that max-n and the
    paranoid P0 choose different moves at A; some node has a tie for its
    mover that changes its vector (ties go to the first child); and on
    max-n's principal variation exactly one node, ``spite``, is one where the
    coalition against P0 picks another child than max-n does, worse for P0.
    No number is the paranoid value of half the inner nodes or more, so that
    no constant guess earns anything.

    Returns
    -------
    types.SimpleNamespace
        ``tree``; ``maxn`` and ``paranoid`` (``{label: value}`` of every
        inner node: payoff vectors, and P0's paranoid payoffs); ``maxn_move``
        and ``paranoid_move`` (the labels of the children of A chosen);
        ``spite`` (a label); ``ties`` (labels of the nodes where a tie
        decides the vector); ``line`` (the labels of the inner nodes on
        max-n's principal variation, A first).

    Examples
    --------
    >>> q = multiplayer_question(1)
    >>> q.maxn_move != q.paranoid_move, q.tree == multiplayer_question(1).tree
    (True, True)
    """
    rng = random.Random(f"advsearch.grading.multiplayer_question:{seed}")
    while True:
        spec = [[[tuple(rng.randint(0, 9) for _ in range(3)) for _ in range(2)] for _ in range(2)] for _ in range(3)]
        t = make_tree(spec, labels=True)
        q = _question(t)
        if q is not None:
            return q


def _tied(t, true, node) -> bool:
    """Whether a later child of ``node`` ties with its choice for the mover, with another vector."""
    p, v = node.player, true[node.path]
    return any(true[c.path][p] == v[p] and true[c.path] != v for c in node.children)


def _question(t):
    """The question on ``t``, or None when ``t`` does not have what the question needs."""
    true, last = t.values(), ties_last_values(t)
    par = paranoid_tree(t).values()
    root = t.initial_state
    inner = [n for n in t.nodes() if n.children]
    ties = [n for n in inner if _tied(t, true, n) and last[n.path] != true[n.path]
            and check.values(t, {n.label: last[n.path]}).mistake is None]
    if not ties or _choice(t, true, root) == _choice(t, par, root):
        return None
    counts = [sum(par[n.path] == par[m.path] for m in inner) for n in inner]
    if max(counts) * 2 >= len(inner):
        return None                            # a constant guess would be right at half the nodes
    spite, node, line = [], root, []
    while node.children:
        line.append(node.label)
        pick = _chosen(true, node)
        if node is not root and pick is not _chosen(par, node):
            if par[pick.path] == par[node.path]:
                return None                    # another child, but no worse for P0: ambiguous
            spite.append(node.label)
        node = pick
    if len(spite) != 1:
        return None
    return SimpleNamespace(tree=t, maxn={n.label: true[n.path] for n in inner},
                           paranoid={n.label: par[n.path] for n in inner}, maxn_move=_choice(t, true, root),
                           paranoid_move=_choice(t, par, root), spite=spite[0], ties=[n.label for n in ties],
                           line=line)
