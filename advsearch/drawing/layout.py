"""A tidy layout for game trees: leaves evenly spaced, parents centred, the root on top.

Each leaf takes the next free slot from left to right, in the children's order;
each parent sits midway between its first and last child.  A subtree therefore
owns a contiguous run of slots that no other subtree shares, so two nodes of
the same depth are always at least one slot apart, whatever the branching.
"""

from __future__ import annotations


def tidy_layout(graph, root=()) -> dict:
    """Positions ``{node: (x, y)}`` for a tree given as a ``networkx.DiGraph``.

    x counts leaf slots from 0; y is minus the depth (the root at 0, its
    children at -1, ...).  Children are placed in the order of the node
    attribute ``children`` when present, else in the graph's order.
    Deterministic: the same graph always gives the same layout.

    Runs in O(n) for n nodes.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph([((), (0,)), ((), (1,)), ((0,), (0, 0)), ((0,), (0, 1))])
    >>> tidy_layout(g)
    {(0, 0): (0.0, -2), (0, 1): (1.0, -2), (0,): (0.5, -1), (1,): (2.0, -1), (): (1.25, 0)}
    """
    pos = {}
    next_slot = 0.0

    def children(node):
        kids = graph.nodes[node].get("children")
        return list(graph.successors(node)) if kids is None else kids

    # Iterative post-order, so deep trees do not hit the recursion limit.
    stack = [(root, 0, False)]
    while stack:
        node, depth, done = stack.pop()
        kids = children(node)
        if not kids:
            pos[node] = (next_slot, -depth)
            next_slot += 1
        elif done:
            pos[node] = ((pos[kids[0]][0] + pos[kids[-1]][0]) / 2, -depth)
        else:
            stack.append((node, depth, True))
            stack.extend((kid, depth + 1, False) for kid in reversed(kids))
    return pos
