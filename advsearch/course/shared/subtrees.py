"""Parts of an explicit tree that the checkers look at, all taken from :meth:`Tree.nodes`.

The values themselves come from the one oracle, :meth:`Tree.values
<advsearch.trees.Tree.values>`; to ask it about a tree as a student sees it
(with the student's own numbers written in), :meth:`Tree.with_values
<advsearch.trees.Tree.with_values>` makes that tree.
"""

from __future__ import annotations

import math

from ...trees import Tree


def below(t: Tree, path) -> list:
    """The nodes of the subtree at ``path``, itself first (preorder)."""
    n = len(path)
    return [node for node in t.nodes() if node.path[:n] == path]


def leaves_below(t: Tree, path) -> list:
    """The leaves of the subtree at ``path``, left to right (the node itself, if it is a leaf)."""
    return [node for node in below(t, path) if not node.children]


def bottom_up(t: Tree) -> list:
    """Every node, children before their parent, left to right (postorder).

    A node's path followed by +∞ sorts after the paths of all its
    descendants and before its right siblings.

    >>> from advsearch import examples
    >>> [n.label or n.value for n in bottom_up(examples.two_ply())][:5]
    [3, 12, 8, 'B', 2]
    """
    return sorted(t.nodes(), key=lambda node: node.path + (math.inf,))

