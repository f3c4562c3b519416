"""What a search returns: SearchResult, its Stats, and the Trace of events it emitted.

A trace is a flat list of :class:`Event` records, one per step a lecturer would
narrate.  Each event carries the node's *path*, the tuple of actions from the
root, so that drawings, step-by-step frames and answer checkers can all be
computed from the same list without searching again.

Event kinds, in the order a node produces them:

``enter``
    an inner node is entered, with the bounds it was called with;
``leaf``
    a node is scored by Utility or Eval (a leaf has no other events);
``update``
    a child returned ``child_value`` and the node's value ``v`` (and its
    alpha or beta) may have changed;
``prune``
    the node stops early; ``pruned`` lists the children it never searched;
``exit``
    the node returns ``value``; ``bound`` says whether ``value`` is ``"exact"`` or only a ``"lower"`` or
    ``"upper"`` bound on it (alpha-beta prunes, so values below the root may
    be bounds).

Every event also carries ``interval``, the range ``(lo, hi)`` in which its
node's true value is known to lie at that moment: the lecture's [min, max]
frames.  While a MIN node still has children to search it is (-inf, v); a MAX
node's is (v, +inf); when the node returns it closes to a point where the
value is exact.

Examples
--------
>>> from advsearch import alphabeta, examples
>>> r = alphabeta(examples.two_ply(), trace=True)
>>> [e.kind for e in r.trace][:4]
['enter', 'enter', 'leaf', 'update']
>>> r.trace.prunes()
[((1,), (1, 2))]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Event", "Stats", "SearchResult", "Trace"]

EVENT_KINDS = ("enter", "leaf", "update", "prune", "exit")


@dataclass(frozen=True, slots=True)
class Event:
    """One step of a search, as recorded by ``trace=True``."""

    kind: str
    path: tuple
    player: int | None
    value: Any
    alpha: float | None = None
    beta: float | None = None
    state: Any = None
    action: Any = None
    child_value: Any = None
    pruned: tuple = ()
    bound: str = "exact"
    interval: tuple | None = None

    @property
    def depth(self) -> int:
        """Plies from the root to this event's node."""
        return len(self.path)


@dataclass
class Stats:
    """Exact counts of a search.

    ``nodes``
        states visited, the root included;
    ``leaves``
        states scored by Utility or Eval;
    ``cutoffs``
        times a pruning test fired and the node returned early;
    ``max_depth``
        the deepest ply visited (the root is ply 0);
    ``seconds``
        wall-clock time of the search.

    Search families add their own counts in ``extra``; they read as
    attributes too (``stats.tt_hits``).
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    max_depth: int = 0
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)

    def __getattr__(self, name):
        try:
            return self.__dict__["extra"][name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass
class SearchResult:
    """The answer of a search.

    ``value``
        for two players, MAX's utility of the root (the lecture's Minimax(s));
    ``move``
        the best action for the player to move at the root, the first in
        ``actions()`` order among equals; None at a terminal root;
    ``pv``
        the principal variation, the actions of best play from the root;
    ``stats``
        a :class:`Stats`;
    ``trace``
        a :class:`Trace` when the search ran with ``trace=True``, else None.
    """

    value: Any
    move: Any
    pv: tuple
    stats: Stats
    trace: "Trace | None" = None

    def __repr__(self) -> str:
        s = self.stats
        return (
            f"SearchResult(value={self.value!r}, move={self.move!r}, pv={self.pv!r}, "
            f"nodes={s.nodes}, leaves={s.leaves}, cutoffs={s.cutoffs})"
        )


class Trace(list):
    """The events of one search, in order, with the game and root they came from."""

    def __init__(self, game, root, algorithm: str, events=()):
        super().__init__(events)
        self.game = game
        self.root = root
        self.algorithm = algorithm
        self.value = None   # the search's answer, filled in when it finishes
        self.pv = ()

    def __repr__(self) -> str:
        return f"<Trace of {self.algorithm}: {len(self)} events>"

    def visited(self) -> list[tuple]:
        """Paths of the nodes the search visited, in visiting order."""
        return [e.path for e in self if e.kind in ("enter", "leaf")]

    def prunes(self) -> list[tuple[tuple, tuple]]:
        """``(path, pruned_actions)`` for every prune event."""
        return [(e.path, e.pruned) for e in self if e.kind == "prune"]

    def final_values(self) -> dict:
        """The value each visited node returned, keyed by path, with its bound kind."""
        out = {}
        for e in self:
            if e.kind in ("leaf", "exit"):
                out[e.path] = (e.value, e.bound)
        return out

    def to_networkx(self, unvisited: bool = True, max_nodes: int = 10_000):
        """The searched tree as a ``networkx.DiGraph`` keyed by path.

        Node attributes: ``status`` ("visited", "pruned" for a child cut off
        by a prune event, "unvisited" for the nodes below it), ``player``,
        ``value`` and ``bound`` (visited nodes), ``state`` and, when the game
        names its states, ``label``.  Edges carry the ``action``.  With
        ``unvisited=True`` the subtrees under pruned children are expanded
        from the game as well, up to ``max_nodes`` nodes in all.
        """
        import networkx as nx

        game = self.game
        label = getattr(game, "label", None)
        graph = nx.DiGraph(algorithm=self.algorithm)

        def add(path, state, status, **attrs):
            player = None if game.is_terminal(state) else game.to_move(state)
            graph.add_node(path, status=status, state=state, player=player, **attrs)
            if label is not None:
                graph.nodes[path]["label"] = label(state)
            if path:
                graph.add_edge(path[:-1], path, action=path[-1])

        states = {(): self.root}
        for e in self:
            if e.kind in ("enter", "leaf") and e.path not in graph:
                states[e.path] = e.state
                add(e.path, e.state, "visited")
            if e.kind in ("leaf", "exit"):
                graph.nodes[e.path].update(value=e.value, bound=e.bound)
        frontier = []
        for e in self:
            if e.kind == "prune":
                for a in e.pruned:
                    child = game.result(states[e.path], a)
                    add(e.path + (a,), child, "pruned")
                    frontier.append((e.path + (a,), child))
        while unvisited and frontier and graph.number_of_nodes() < max_nodes:
            path, state = frontier.pop(0)
            if game.is_terminal(state):
                continue
            for a in game.actions(state):
                child = game.result(state, a)
                add(path + (a,), child, "unvisited")
                frontier.append((path + (a,), child))
        return graph
