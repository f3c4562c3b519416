"""MCTS statistics written by hand: a tree of wins/visits from nested tuples, and its picture.

A node is ``(label, wins, visits)`` or ``(label, wins, visits, [children])``;
the root, which no player moved into, is ``(label, visits, [children])``.
Wins count for the player who moved into the node (a draw counts half).
Players alternate from ``root`` down.  The tree is a
:class:`~advsearch.search.mcts.TreeSnapshot`, as :func:`advsearch.mcts` keeps
them, so :func:`advsearch.draw` draws it like any MCTS tree: ``w/n`` at each
node and the UCTValue (c = 1) under it.

>>> t = uct_tree(("A", 9, [("B", 2, 4, [("D", 1, 2), ("E", 0, 1)]), ("C", 3, 5)]))
>>> t.nodes[(0,)].label, t.nodes[(0,)].wins, t.nodes[(0, 1)].N, round(t.nodes[(1,)].ucb, 3)
('B', 2.0, 1, 1.263)
>>> labels(t)["E"]
(0, 1)
"""

from __future__ import annotations


from ... import validation
from ...game import MAX, MIN
from ...search.mcts import EdgeStats, TreeSnapshot
from ..shared.pictures import FONT_SIZE
from .formula import uct_value


class StatsTree(TreeSnapshot):
    """A TreeSnapshot whose bold path is chosen (``highlight``), not the most visited one."""

    highlight: tuple = ()

    def most_visited_path(self) -> tuple:
        return self.highlight


_number = validation.is_number


def uct_tree(spec, root=MAX) -> StatsTree:
    """The statistics tree of ``spec`` (see the module), MAX or MIN at the root; a ValueError names a bad node."""
    if root not in (MAX, MIN):
        raise ValueError(f"root must be MAX or MIN, not {root!r}")
    nodes, seen = {}, set()

    def add(item, path, mover, parent_n):
        where = f"the node at path {path}" if path else "the root"
        if not isinstance(item, (tuple, list)):
            raise ValueError(f"{where} must be a tuple (label, wins, visits[, children]), not {item!r}")
        if not path:
            if len(item) not in (2, 3):
                raise ValueError(f"the root must be (label, visits, [children]), not {item!r}")
            label, wins, visits, kids = item[0], None, item[1], item[2] if len(item) == 3 else []
        else:
            if len(item) not in (3, 4):
                raise ValueError(f"{where} must be (label, wins, visits[, children]), not {item!r}")
            label, wins, visits, kids = item[0], item[1], item[2], item[3] if len(item) == 4 else []
        if not isinstance(label, str) or not label or label in seen:
            raise ValueError(f"{where} needs a label of its own (a non-empty str), not {label!r}")
        seen.add(label)
        if not (_number(visits) and visits == int(visits) and visits >= 0):
            raise ValueError(f"{label}'s visits must be a whole number >= 0, not {visits!r}")
        if wins is not None and not (_number(wins) and 0 <= wins <= visits and 2 * wins == int(2 * wins)):
            raise ValueError(f"{label}'s wins must be whole or half wins in 0..visits, not {wins!r}")
        player = MIN if (mover if path else 1 - root) == MAX else MAX
        mean = None if wins is None else wins / visits if visits else 0.0      # 0/0: a node just expanded
        ucb = uct_value(wins, visits, parent_n) if wins is not None and visits and parent_n else None
        nodes[path] = EdgeStats(int(visits), mean, None, ucb, mover, player, None, label, None)
        if not isinstance(kids, (list, tuple)):
            raise ValueError(f"{label}'s children must be a list, not {kids!r}")
        if sum(k[2] if isinstance(k, (tuple, list)) and len(k) > 2 else 0 for k in kids) > visits:
            raise ValueError(f"{label}'s children have more visits than {label} itself ({visits})")
        for i, kid in enumerate(kids):
            add(kid, path + (i,), player, int(visits))

    add(spec, (), None, 0)
    return StatsTree(0, 1.0, ((0, 1), (0, 1)), nodes)


def without_values(t: TreeSnapshot) -> StatsTree:
    """The same statistics with no UCTValues and no bold path: as a question shows them.

    >>> t = without_values(uct_tree(("A", 3, [("B", 1, 2), ("C", 0, 1)])))
    >>> t.nodes[(0,)].ucb is None, t.nodes[(0,)].wins
    (True, 1.0)
    """
    from dataclasses import replace

    return StatsTree(t.iteration, t.c, t.bounds, {p: replace(e, ucb=None) for p, e in t.nodes.items()},
                     t.num_players)


def labels(t: TreeSnapshot) -> dict:
    """``{label: (wins, visits)}`` of every node (the root's wins are None)."""
    return {e.label: (None if e.mean is None and e.mover is None else as_whole(e.wins or 0), e.N)
            for e in t.nodes.values()}


def as_whole(x):
    """``x`` as an int when it is a whole number (wins of 3.0 read as 3), else as it is."""
    return int(x) if float(x).is_integer() else x


def players(t: TreeSnapshot) -> dict:
    """``{label: (path, mover, player to move)}``."""
    return {e.label: (p, e.mover, e.player) for p, e in t.nodes.items()}


def render_stats(t: TreeSnapshot, highlight=(), title=None):
    """A statistics tree as an SVG :class:`~advsearch.drawing.svg_picture.Picture`, the path ``highlight`` bold."""
    from ...drawing.svg_picture import picture

    shown = StatsTree(t.iteration, t.c, t.bounds, dict(t.nodes), t.num_players, t.last, t.game)
    shown.highlight = tuple(highlight)
    return picture(shown, max_depth=max(len(p) for p in shown.nodes), title=title, fontsize=FONT_SIZE)
