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

import math
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .game import CHANCE, MAX, player_name

__all__ = ["Event", "Stats", "SearchResult", "Trace", "format_number", "trace_of"]


def format_number(x) -> str:
    """A value as a lecture writes it: 3, 0.25, +∞, −∞, (1, 2, 3).

    >>> format_number(3.0), format_number(float("-inf")), format_number((1, 2.5))
    ('3', '−∞', '(1, 2.5)')
    """
    if isinstance(x, tuple):
        return "(" + ", ".join(format_number(v) for v in x) + ")"
    if isinstance(x, float):
        if x == math.inf:
            return "+∞"
        if x == -math.inf:
            return "−∞"
        if x.is_integer():
            return str(int(x))
        return f"{x:.3g}"
    return str(x)

EVENT_KINDS = ("enter", "leaf", "update", "prune", "exit")


class Event(NamedTuple):
    """One step of a search, as recorded by ``trace=True`` (immutable; cheap to make)."""

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
    ``prunes``
        times a pruning test fired and the node returned early, skipping
        children;
    ``max_depth``
        the deepest ply visited (the root is ply 0);
    ``seconds``
        wall-clock time of the search.

    Search families add their own counts in ``extra``; they read as
    attributes too (``stats.tt_hits``).
    """

    nodes: int = 0
    leaves: int = 0
    prunes: int = 0
    max_depth: int = 0
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)

    def __getattr__(self, name):
        try:
            return self.__dict__["extra"][name]
        except KeyError:
            raise AttributeError(f"'Stats' object has no attribute {name!r}") from None


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
            f"nodes={s.nodes}, leaves={s.leaves}, prunes={s.prunes})"
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
        self.depth = None   # the search's depth limit in plies, if it had one
        self.bounds = None  # the utility bounds (low, high) of a Star1/Star2 search

    def __repr__(self) -> str:
        return f"<Trace of {self.algorithm}: {len(self)} events>"

    def visited(self) -> list[tuple]:
        """Paths of the nodes the search visited, in visiting order."""
        return [e.path for e in self if e.kind in ("enter", "leaf")]

    def visits(self) -> list[tuple[str, tuple]]:
        """The visits in order, as ``(kind, path)``: what a checker compares a student's search with.

        ``kind`` is ``"expand"`` for an inner node whose children the search
        asked for, ``"score"`` for a leaf scored by Utility and ``"eval"`` for
        one cut off and scored by Eval.  :meth:`RecordingGame.visits
        <advsearch.recording.RecordingGame.visits>` lists a student's search
        the same way.

        >>> from advsearch import alphabeta, examples
        >>> alphabeta(examples.two_ply(), trace=True).trace.visits()[:3]
        [('expand', ()), ('expand', (0,)), ('score', (0, 0))]
        """
        return [("expand", e.path) if e.kind == "enter" else ("score" if e.player is None else "eval", e.path)
                for e in self if e.kind in ("enter", "leaf")]

    def scored(self) -> set[tuple]:
        """Paths of the leaves the search scored (by Utility or Eval)."""
        return {e.path for e in self if e.kind == "leaf"}

    def leaves(self) -> list[tuple]:
        """Paths of every leaf of the searched game tree, left to right, whether scored or not.

        A leaf is a terminal state, or a state at the search's depth limit.
        The tree is walked from the game, so this suits the small trees of
        exercises; :meth:`unvisited_leaves` is what checkers ask for.
        """
        game, limit, out = self.game, self.depth, []
        stack = [((), self.root)]
        while stack:
            path, state = stack.pop()
            if game.is_terminal(state) or (limit is not None and len(path) >= limit):
                out.append(path)
                continue
            moves = ([a for a, _ in game.chance_outcomes(state)] if game.to_move(state) == CHANCE
                     else list(game.actions(state)))
            stack.extend((path + (a,), game.result(state, a)) for a in reversed(moves))
        return out

    def unvisited_leaves(self) -> list[tuple]:
        """Paths of the leaves the search never scored, left to right: the lecture's pruned leaves.

        >>> from advsearch import alphabeta, examples
        >>> alphabeta(examples.two_ply(), trace=True).trace.unvisited_leaves()
        [(1, 1), (1, 2)]
        """
        scored = self.scored()
        return [path for path in self.leaves() if path not in scored]

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

    def name(self, path, state=None) -> str:
        """What to call the node at ``path``: its label, "the root", or "node [0][2]"."""
        label = getattr(self.game, "label", None)
        if label is not None and state is not None and label(state) is not None:
            return label(state)
        return "the root" if not path else "node " + "".join(f"[{a}]" for a in path)

    def _label(self, state):
        label = getattr(self.game, "label", None)
        return None if label is None or state is None else label(state)

    def _child(self, state, action) -> str:
        """A child as narration names it: by its label when the game gives one, else "child <action>"."""
        named = self._label(self.game.result(state, action)) if state is not None else None
        return named or f"child {action}"

    def narrate(self) -> list:
        """One plain sentence per event, for steppers, answer keys and screen readers.

        >>> from advsearch import alphabeta, examples
        >>> r = alphabeta(examples.two_ply(), trace=True)
        >>> for line in r.trace.narrate()[10:15]: print(line)
        Enter C (MIN) with α = 3, β = +∞.
        C's child 0 is a leaf worth 2.
        C (MIN): child 0 returned 2, so v = 2.
        C (MIN): v = 2 ≤ α = 3, so MAX will never let play reach C: its remaining children 1 and 2 are pruned.
        C (MIN) returns 2, an upper bound: its true value is ≤ 2.
        """
        states, before, lines = {}, {}, []
        for e in self:
            states[e.path] = e.state
            line = self._sentence(e, states, before.get(e.path))
            generic = line.startswith(("the ", "node "))   # labels keep their case
            lines.append(line[0].upper() + line[1:] if generic else line)
            before[e.path] = e
        return lines

    def _names(self, state, actions) -> str:
        """The children reached by ``actions``, as "A, B and C"."""
        names = [self._child(state, a).removeprefix("child ") for a in actions]
        return " and ".join(", ".join(names).rsplit(", ", 1))

    def _sentence(self, e: Event, states, previous) -> str:
        n = getattr(self.game, "num_players", 2)
        who = f"{self.name(e.path, e.state)} ({player_name(e.player, n)})" if e.player is not None else None
        f = format_number
        window = "" if e.alpha is None else f" with α = {f(e.alpha)}, β = {f(e.beta)}"
        if e.kind == "enter":
            return f"Enter {who}{window}."
        if e.kind == "leaf":
            parent = self.name(e.path[:-1], states.get(e.path[:-1])) if e.path else None
            named = self._label(e.state)
            where = named or (f"{parent}'s child {e.path[-1]}" if e.path else "The root")
            if e.player is None:
                return f"{where} is a leaf worth {f(e.value)}."
            return f"{where} is cut off here and evaluated: Eval = {f(e.value)}."
        if e.kind == "update":
            if previous is not None and previous.value == e.value:
                text = f"{who}: {self._child(e.state, e.action)} returned {f(e.child_value)}; v stays {f(e.value)}"
            else:
                text = f"{who}: {self._child(e.state, e.action)} returned {f(e.child_value)}, so v = {f(e.value)}"
            if previous is not None and e.alpha is not None:
                if e.player == MAX and e.alpha != previous.alpha:
                    text += f", and α = {f(e.alpha)}"
                if e.player != MAX and e.beta != previous.beta:
                    text += f", and β = {f(e.beta)}"
            return text + "."
        if e.kind == "prune" and e.player == CHANCE:
            where = self.name(e.path, e.state)
            if e.bound == "upper":
                test = f"its value is at most {f(e.value)} ≤ α = {f(e.alpha)} whatever the outcomes still unknown"
            else:
                test = f"its value is at least {f(e.value)} ≥ β = {f(e.beta)} whatever the outcomes still unknown"
            rest = (f"its remaining outcomes {self._names(e.state, e.pruned)} are pruned" if len(e.pruned) > 1 else
                    f"its remaining outcome {self._names(e.state, e.pruned)} is pruned" if e.pruned else
                    "nothing more is searched there")
            return f"{where} (chance): {test}, so {rest}."
        if e.kind == "prune" and e.bound != "exact":
            side = "at least" if e.bound == "lower" else "at most"
            return (f"{who}: a probe looks at one child only, so {self.name(e.path, e.state)} is worth "
                    f"{side} {f(e.value)}; the rest waits until the full search, if it comes.")
        if e.kind == "prune":
            if e.player == MAX:
                test, other = f"v = {f(e.value)} ≥ β = {f(e.beta)}", "MIN"
            else:
                test, other = f"v = {f(e.value)} ≤ α = {f(e.alpha)}", "MAX"
            plural = "ren" if len(e.pruned) > 1 else ""
            return (f"{who}: {test}, so {other} will never let play reach {self.name(e.path, e.state)}: "
                    f"its remaining child{plural} {self._names(e.state, e.pruned)} {'are' if plural else 'is'} "
                    "pruned.")
        # exit
        if e.bound == "upper":
            how = f", an upper bound: its true value is ≤ {f(e.value)}"
        elif e.bound == "lower":
            how = f", a lower bound: its true value is ≥ {f(e.value)}"
        else:
            how = ""
        return f"{who} returns {f(e.value)}{how}."

    def to_networkx(self, unvisited: bool = True, max_nodes: int = 10_000, max_depth: int | None = None):
        """The searched tree as a ``networkx.DiGraph`` keyed by path.

        Node attributes: ``status`` ("visited", "pruned" for a child cut off
        by a prune event, "unvisited" for the nodes below it), ``player``,
        ``value`` and ``bound`` (visited nodes), ``state`` and, when the game
        names its states, ``label``.  Edges carry the ``action``.  With
        ``unvisited=True`` the subtrees under pruned children are expanded
        from the game as well, down to the search's depth limit and up to
        ``max_nodes`` nodes in all.  ``max_depth`` keeps only the nodes that
        many plies from the root (a picture of the top of a big search need
        not build the whole tree).
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
                parent = graph.nodes[path[:-1]]
                chance_odds = dict(game.chance_outcomes(parent["state"])) if parent["player"] == CHANCE else {}
                graph.add_edge(path[:-1], path, action=path[-1], probability=chance_odds.get(path[-1]))

        deep = (lambda path: False) if max_depth is None else (lambda path: len(path) > max_depth)
        states = {(): self.root}
        for e in self:
            if deep(e.path):
                continue
            if e.kind in ("enter", "leaf") and e.path not in graph:
                states[e.path] = e.state
                add(e.path, e.state, "visited")
            if e.kind in ("leaf", "exit"):
                graph.nodes[e.path].update(value=e.value, bound=e.bound)
        frontier = []
        for e in self:
            if e.kind == "prune" and not deep(e.path + (None,)):
                for a in e.pruned:
                    if e.path + (a,) in graph:
                        continue        # searched after all (a Star2 probe stop, then the full search)
                    child = game.result(states[e.path], a)
                    add(e.path + (a,), child, "pruned")
                    frontier.append((e.path + (a,), child))
        while unvisited and frontier and graph.number_of_nodes() < max_nodes:
            path, state = frontier.pop(0)
            if game.is_terminal(state) or (self.depth is not None and len(path) >= self.depth) \
                    or deep(path + (None,)):
                continue
            for a in game.actions(state):
                child = game.result(state, a)
                add(path + (a,), child, "unvisited")
                frontier.append((path + (a,), child))
        return graph


def trace_of(x) -> Trace:
    """The trace of a SearchResult or a Trace, or a clear error when there is none."""
    if isinstance(x, SearchResult):
        if x.trace is None:
            raise ValueError("this SearchResult has no trace: search again with trace=True")
        return x.trace
    if isinstance(x, Trace):
        return x
    raise TypeError(f"expected a SearchResult with a trace, or a Trace, not {type(x).__name__}")
