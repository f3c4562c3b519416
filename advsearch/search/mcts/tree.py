"""The tree MCTS grows: its nodes while it searches, and snapshots of their statistics afterwards."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...result import SearchResult


class SearchNode:
    """A node of the search tree.  ``W`` sums the payoffs of ``mover``, the player who moved into it.

    ``player`` is who moves here (None at a terminal, CHANCE at a chance
    node); ``untried`` the actions not expanded yet, the next one last;
    ``outcomes`` a chance node's ``[(outcome, probability), ...]``;
    ``proven`` the exact payoff vector, once the MCTS-Solver proves it.
    """

    __slots__ = ("state", "parent", "action", "mover", "player", "children", "untried", "outcomes",
                 "N", "W", "proven", "depth")

    def __init__(self, state, parent, action, mover, player, depth):
        self.state, self.parent, self.action, self.mover, self.player = state, parent, action, mover, player
        self.children = {}
        self.untried = None
        self.outcomes = None
        self.N = 0
        self.W = 0.0
        self.proven = None
        self.depth = depth

    def path(self) -> tuple:
        """The actions from the root to this node."""
        out, node = [], self
        while node.parent is not None:
            out.append(node.action)
            node = node.parent
        return tuple(reversed(out))


@dataclass(frozen=True)
class EdgeStats:
    """What a snapshot knows of one node, i.e. of the edge from its parent.

    ``N`` visits; ``mean`` W / N scaled to [0, 1] (the mover's win rate);
    ``utility`` W / N in the game's units; ``ucb`` the UCB1 value the parent
    would give it (None at the root); ``mover`` who moved into it; ``player``
    who is to move in it (None at a terminal, CHANCE at a chance node);
    ``proven`` the solver's exact payoff vector or None; ``label`` the game's
    name for the state, if any.
    """

    N: int
    mean: float | None
    utility: float | None
    ucb: float | None
    mover: int | None
    player: int | None
    proven: tuple | None = None
    label: str | None = None
    state: object = None

    @property
    def wins(self) -> float | None:
        """``N`` times ``mean``: the mover's wins, a draw counting a half when payoffs are lose/draw/win."""
        return None if self.mean is None else self.N * self.mean


@dataclass
class TreeSnapshot:
    """The MCTS tree after ``iteration`` iterations: :class:`EdgeStats` keyed by path (the root is ``()``).

    ``last`` is the path of the node whose rollout ended the last iteration
    (None before the first); ``game`` the game searched.
    """

    iteration: int
    c: float
    bounds: tuple          # (low, high) of each player's payoffs, as used for scaling
    nodes: dict = field(default_factory=dict)
    num_players: int = 2
    last: tuple | None = None
    game: object = field(default=None, repr=False, compare=False)

    def children(self, path=()) -> list:
        """The paths of the children of ``path``, in the order they were expanded."""
        k = len(path) + 1
        return [p for p in self.nodes if len(p) == k and p[:-1] == path]

    def most_visited_path(self) -> tuple:
        """The actions along the most visited child, from the root down (the first among equals)."""
        path = ()
        while True:
            kids = self.children(path)
            if not kids:
                return path
            path = max(kids, key=lambda k: self.nodes[k].N)

    def to_networkx(self, max_depth=None):
        """A ``networkx.DiGraph`` keyed by path; node attributes are the :class:`EdgeStats` fields."""
        import networkx as nx
        graph = nx.DiGraph(iteration=self.iteration)
        for path, info in self.nodes.items():
            if max_depth is not None and len(path) > max_depth:
                continue
            graph.add_node(path, **info.__dict__)
            if path:
                graph.add_edge(path[:-1], path, action=path[-1])
        return graph

    def __repr__(self) -> str:
        return f"<TreeSnapshot after {self.iteration} iterations: {len(self.nodes)} nodes>"


@dataclass(repr=False)
class MCTSResult(SearchResult):
    """What :func:`~advsearch.search.mcts.mcts` returns: a SearchResult with the tree it grew.

    ``tree`` is the final :class:`TreeSnapshot`; ``snapshots`` maps the
    iteration counts asked for with ``snapshots=`` to theirs.
    """

    tree: TreeSnapshot | None = None
    snapshots: dict = field(default_factory=dict)


def edge_stats(N, W, mover, player, proven, parent_N, lows, highs, c, label, state) -> EdgeStats:
    """A node's :class:`EdgeStats` from its visits ``N`` and payoff sum ``W``, scaled by ``lows``/``highs``."""
    mean = utility = u = None
    if N and mover is not None and mover >= 0:
        utility = W / N
        low, high = lows[mover], highs[mover]
        mean = (utility - low) / (high - low) if high > low else 0.5
        if parent_N:
            u = mean + c * math.sqrt(math.log(parent_N) / N)
    return EdgeStats(N, mean, utility, u, mover, player, proven, label, state)


def snapshot(root: SearchNode, iteration, c, lows, highs, game, last=None) -> TreeSnapshot:
    """Copy the statistics of the tree under ``root`` into a :class:`TreeSnapshot`.

    The nodes are in depth-first order, each node's children in the order
    they were expanded.
    """
    label = getattr(game, "label", None)
    snap = TreeSnapshot(iteration, c, tuple(zip(lows, highs)), num_players=game.num_players, last=last, game=game)
    stack = [(root, ())]
    while stack:
        node, path = stack.pop()
        parent_N = node.parent.N if node.parent is not None else 0
        snap.nodes[path] = edge_stats(node.N, node.W, node.mover, node.player, node.proven, parent_N, lows, highs,
                                      c, label(node.state) if label is not None else None, node.state)
        for a, child in reversed(node.children.items()):
            stack.append((child, path + (a,)))
    return snap


def most_visited(node: SearchNode) -> SearchNode:
    """The child of ``node`` visited most often (the first expanded among equals)."""
    return max(node.children.values(), key=lambda k: k.N)
