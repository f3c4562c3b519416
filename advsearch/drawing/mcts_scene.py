"""The scene of a Monte Carlo search tree: the tree after some iteration, in the notation of every tree.

MCTS keeps statistics, not minimax values, so its nodes read differently:

- each node tells its *wins* over its *visits*, ``w/n``, where ``w`` counts
  for the player who moved into the node (the lecture's win rate times n: a
  win counts 1, a draw ½ when payoffs are lose/draw/win; in general each
  payoff scaled to [0, 1] by the payoff bounds).  The root and chance
  outcomes, which no player moved into, tell only ``N = n``;
- a terminal leaf holds its utility (MAX's, or the payoff vector), a node
  the MCTS-Solver proved holds its exact value;
- under it, each child of a decision node tells the UCB1 value its parent
  gives it, under the lecture's name: ``UCTValue 1.23``;
- the most visited path is the principal variation, and in a picture of a
  step the node whose rollout ended the iteration has the ring.

A step is an iteration: ``scene(result, step=k)`` shows the tree after ``k``
iterations, from the snapshots the search kept (``snapshots=[k]``) or
rebuilt from its trace (``trace=True``); nodes the search adds later are
drawn faded, so that every step has the same layout; a terminal leaf not
reached yet shows its utility, faded too.
"""

from __future__ import annotations

import networkx as nx

from ..game import CHANCE, MAX
from ..result import format_number
from ..search.mcts import MCTSResult, MCTSTrace, TreeSnapshot, mcts_tree


#: Plies of an MCTS tree drawn when no ``max_depth`` is given.
MCTS_DEPTH = 2


def is_mcts(x) -> bool:
    """Whether ``x`` is an MCTS result, its trace or one of its trees."""
    return isinstance(x, (MCTSResult, MCTSTrace, TreeSnapshot))


def tally(info) -> str:
    """How a node's statistics are written: ``"7.5/12"`` (wins/visits), or ``"N = 12"`` with no mover.

    >>> from advsearch.search.mcts import EdgeStats
    >>> tally(EdgeStats(12, 0.625, 0.25, None, 0, 1)), tally(EdgeStats(4, 0.5, 0.0, None, 1, 0))
    ('7.5/12', '2/4')
    >>> tally(EdgeStats(30, None, None, None, None, 0))
    'N = 30'
    """
    wins = info.wins
    if wins is None:
        return f"N = {info.N}"
    text = str(round(wins)) if abs(wins - round(wins)) < 1e-9 else f"{wins:.1f}"
    return f"{text}/{info.N}"


def _trees(x, step):
    """The snapshot to draw, the final tree (for the nodes still to come), the principal variation."""
    if isinstance(x, TreeSnapshot):
        if step is not None:
            raise ValueError("step needs a search to step through: draw the result of mcts(...), not one of "
                             "its trees")
        return x, None, x.most_visited_path()
    if isinstance(x, MCTSTrace):
        final, pv = x.tree(len(x.iterations())), x.pv
        source = x
    else:
        final, pv = x.tree, x.pv
        source = x
    if step is None:
        return final, None, pv
    total = final.iteration
    if isinstance(step, bool) or not isinstance(step, int) or not -total - 1 <= step <= total:
        raise ValueError(f"step must be in 0..{total} for this MCTS search of {total} iterations (a step is an "
                         f"iteration), not {step!r}")
    step %= total + 1
    snap = source.tree(step) if isinstance(source, MCTSTrace) else mcts_tree(source, step)
    return snap, final, snap.most_visited_path()


def _value(vector, n):
    """A payoff vector as a node shows it: MAX's number with two players, the vector with more."""
    return vector if n > 2 else vector[MAX]


def mcts_graph(x, step=None, depth=None, uct_name="UCTValue") -> nx.DiGraph:
    """The scene graph of an MCTS result, trace or snapshot, after ``step`` iterations (None: the last).

    Only the nodes at most ``depth`` plies deep are in it (None: all).

    Every attribute of :func:`~advsearch.drawing.scene.scene` is set, with
    ``tally`` (``w/n``), ``note`` (``UCTValue 1.23``, the name being
    ``uct_name``) and ``visits`` on nodes.
    Children are in expansion order; the scene sorts them.

    >>> from advsearch import mcts, tree
    >>> r = mcts(tree([[3, 12], [2, 4]]), iterations=20, seed=0, trace=True)
    >>> g = mcts_graph(r, step=3)
    >>> g.nodes[()]["tally"], g.nodes[(0, 0)]["text"], g.nodes[(1, 0)]["status"], g.nodes[(0, 0)]["current"]
    ('N = 3', '3', 'future', True)
    >>> g.nodes[(1, 0)]["text"], g.nodes[(0,)]["note"], mcts_graph(r, 3, uct_name="UCB").nodes[(0,)]["note"]
    ('2', 'UCTValue 1.55', 'UCB 1.55')
    """
    snap, final, pv = _trees(x, step)
    game, n = snap.game, snap.num_players
    graph = nx.DiGraph(num_players=n, algorithm="mcts", step=step, game=game, bounds=None, vector=n > 2,
                       iteration=snap.iteration)
    on_pv = {pv[:i] for i in range(len(pv) + 1)}
    for path, info in (final or snap).nodes.items():
        if depth is not None and len(path) > depth:
            continue
        shown = snap.nodes.get(path)
        node = dict(player=info.player, label=info.label, state=info.state, bound="exact", interval=None,
                    alpha=None, beta=None, more=0, open=False, current=False, pv=False, value=None, text="",
                    tally="", note="", visits=0)
        if shown is None:
            node["status"] = "future"
            if info.player is None and game is not None:   # a leaf to come: its utility, faded
                node["value"] = _value(tuple(game.utility(info.state, p) for p in range(n)), n)
                node["text"] = format_number(node["value"])
        else:
            node["status"] = "visited"
            node["visits"] = shown.N
            node["tally"] = tally(shown)
            node["note"] = "" if shown.ucb is None else f"{uct_name} {shown.ucb:.2f}"
            node["current"] = step is not None and path == snap.last
            node["pv"] = path in on_pv
            if shown.player is None and game is not None:
                node["value"] = _value(tuple(game.utility(shown.state, p) for p in range(n)), n)
            elif shown.proven is not None:
                node["value"] = _value(shown.proven, n)
            node["text"] = "" if node["value"] is None else format_number(node["value"])
        graph.add_node(path, **node)
        if path:
            parent = graph.nodes[path[:-1]]
            odds = dict(game.chance_outcomes(parent["state"])) if parent["player"] == CHANCE and game else {}
            graph.add_edge(path[:-1], path, action=path[-1], probability=odds.get(path[-1]), pv=node["pv"],
                           status=node["status"])
    return graph
