"""Whether an MCTS searched as UCT does, replayed from the leaves it scored: the grader's proof of work.

A search run through a :class:`~advsearch.recording.RecordingGame` leaves a
log in which every ``game.utility`` call names the leaf it scores (on an
explicit tree, by its path).  Each UCT iteration ends with one playout, and
the path of the leaf it reaches *is* the iteration's path: the nodes
selected, the node added, and the moves played out.  So the log can be
replayed as the lecture's UCT, iteration by iteration:

1. **Select.**  From the root, while every child of the node has been
   visited, the path must go to a child of largest
   ``UCTValue = wins / visits + c·sqrt(ln N / visits)`` under the statistics
   of the iterations so far;
2. **Expand.**  At the first node with a child not yet visited, the path
   must go to such a child: the tree grows by exactly one node an
   iteration (or none, when the path ends on a leaf already in the tree);
3. **Play out** is free: any moves;
4. **Back up**: one visit for every node of the tree on the path, and the
   leaf's result for the player whose wins the node counts.

A run passes when its leaves replay this way for exactly the iterations
asked for and the returned ``{action: (wins, visits)}`` equal the replay's
at the root.  How a search is allowed to differ without doing other work is
a :class:`Model`: whose wins a node counts (one of :data:`PERSPECTIVES`, so
that a wrong point of view can still be named), c = 1 (the lecture's) or
c = √2, N the node's visits or the sum of its children's, and how many
``utility`` calls an iteration makes (one; two; one per node of the tree on
the path, as a backup that asks for each node's reward does; or that plus
one).  Ties between UCTValues may go either way.

A search that does not search as UCT does (an exact search that makes up
its counts, playouts whose results are thrown away, counts that are not the
visits of its playouts) fails the replay at the first iteration that parts
from UCT, and :func:`replay` says which.

Examples
--------
>>> from advsearch import tree
>>> from advsearch.recording import RecordingGame
>>> t = tree([[1, -1], [0, 0]])
>>> def lecture_uct(game, state, iterations):       # the statistics of a two-iteration UCT, made by hand
...     game.utility(game.result(game.result(state, 0), 0), 0)
...     game.utility(game.result(game.result(state, 1), 0), 0)
...     return {0: (1.0, 1), 1: (0.5, 1)}
>>> g = RecordingGame(t)
>>> stats = lecture_uct(g, t.initial_state, 2)
>>> replay(t, scored_leaves(g.log), 2, stats).ok
True
>>> print(replay(t, scored_leaves(g.log), 2, {0: (1.0, 2), 1: (0.5, 0)}).text)
returned the visits {0: 2, 1: 0} at the root, but its playouts passed through the root's children {0: 1, 1: 1} times
"""

from __future__ import annotations

import itertools
import math
from typing import NamedTuple

from ...game import MAX, MIN
from .perspectives import PERSPECTIVES


class Model(NamedTuple):
    """One way of searching as UCT does: whose wins, which c, which N, how many utility calls an iteration."""

    perspective: str     # a key of PERSPECTIVES
    c: float
    parent: str          # "visits": N is the node's visits; "children": the sum of its children's
    calls: str           # "one", "two", "path" (one per node of the tree below the root), "path+1"


#: The models a run is replayed under, the lecture's UCT first.
MODELS = tuple(Model(p, c, n, k) for k, p, c, n in itertools.product(
    ("path", "one", "two", "path+1"), PERSPECTIVES, (1.0, math.sqrt(2)), ("visits", "children")))


class Replay(NamedTuple):
    """The verdict: ``ok``, the ``model`` that fits (or None), and ``text``, what parts from UCT (or "")."""

    ok: bool
    model: Model | None
    text: str


def scored_leaves(log) -> list:
    """The keys of the states ``utility`` scored, in order, from a :class:`RecordingGame` log."""
    return [key for kind, key in log if kind == "score"]


def _calls(model: Model, depth: int) -> int:
    return {"one": 1, "two": 2, "path": depth, "path+1": depth + 1}[model.calls]


def _credited(perspective: str, mover: int, root: int) -> int:
    """The player whose wins a node counts, the node being entered by ``mover``'s move."""
    return {"mover": mover, "root": root, "max": MAX, "to_move": MIN if mover == MAX else MAX}[perspective]


def _follow(t, model: Model, scored, iterations: int):
    """Replay ``scored`` under ``model``: ``(iterations replayed, problem or None, root statistics)``."""
    root = t.initial_state
    visits, wins = {(): 0}, {}
    at = 0
    for i in range(iterations):
        if at >= len(scored):
            return i, f"scored {len(scored)} leaves, too few for {iterations} iterations of one playout each", None
        end = scored[at]
        if not isinstance(end, tuple) or not _is_leaf(t, end):
            return i, f"scored {end!r}, which is not a leaf of the tree", None
        node, depth = root, 0
        while depth < len(end):
            path = end[:depth]
            kids = [path + (a,) for a in node.actions]
            nxt = end[:depth + 1]
            if all(k in visits for k in kids):
                best = _uct_best(model, path, kids, visits, wins, node)
                if nxt not in best:
                    return i, (f"in iteration {i + 1}, at the node {_text(path)} whose children have all been "
                               f"visited, went to {_text(nxt)}; with the statistics of the first {i} iterations "
                               f"UCT selects {' or '.join(_text(b) for b in sorted(best))}"), None
                node, depth = node.children[end[depth]], depth + 1
                continue
            if nxt in visits:
                return i, (f"in iteration {i + 1}, at the node {_text(path)}, which has a child not yet in the "
                           f"tree, went to {_text(nxt)}, already visited: UCT first adds an unvisited child"), None
            node, depth = node.children[end[depth]], depth + 1
            break
        tree_path = end[:depth]
        k = _calls(model, depth)
        if scored[at:at + k] != [end] * k:
            return i, (f"in iteration {i + 1} scored {scored[at:at + k]}, not the one leaf of a playout "
                       f"({k} call{'s' if k > 1 else ''} of utility)"), None
        at += k
        value = t.node(end).value
        for d in range(depth + 1):
            p = tree_path[:d]
            visits[p] = visits.get(p, 0) + 1
            if d:
                mover = t.node(p[:-1]).player
                who = _credited(model.perspective, mover, root.player)
                wins[p] = wins.get(p, 0.0) + ((value if who == MAX else -value) + 1) / 2
    if at != len(scored):
        return iterations, (f"scored {len(scored)} leaves in {iterations} iterations: "
                            f"{len(scored) - at} more than its playouts"), None
    stats = {a: (wins.get((a,), 0.0), visits.get((a,), 0)) for a in root.actions}
    return iterations, None, stats


def _uct_best(model, path, kids, visits, wins, node) -> set:
    """The children of largest UCTValue at ``path`` (ties within 1e-9 all count)."""
    n = visits[path] if model.parent == "visits" else sum(visits[k] for k in kids)
    if n <= 0:
        return set(kids)
    scores = {k: wins.get(k, 0.0) / visits[k] + model.c * math.sqrt(math.log(n) / visits[k]) for k in kids}
    top = max(scores.values())
    return {k for k, s in scores.items() if s >= top - 1e-9}


def _is_leaf(t, path) -> bool:
    try:
        return not t.node(path).children
    except Exception:
        return False


def _text(path) -> str:
    return "the root" if not path else "".join(f"[{a}]" for a in path)


def replay(t, scored, iterations: int, stats, models=MODELS) -> Replay:
    """Whether the leaves ``scored`` by a run of ``iterations`` on ``t`` are UCT's, and ``stats`` its statistics.

    Parameters
    ----------
    t : Tree
        The explicit tree the run searched.
    scored : list
        The paths of the leaves ``utility`` scored, in order (:func:`scored_leaves`).
    iterations : int
    stats : dict
        What the run returned, ``{action: (wins, visits)}``, already found well formed.
    models : sequence of Model
        The ways of searching accepted; the first that fits is returned.

    Returns
    -------
    Replay
        ``ok`` when some model replays every iteration and gives the
        returned visits (and wins, within 1e-6); else ``text`` tells where
        the model that went furthest parts from UCT.
    """
    furthest, why = -1, ""
    for model in models:
        done, problem, replayed = _follow(t, model, list(scored), iterations)
        if problem is None:
            got = {a: stats[a][1] for a in t.initial_state.actions}
            want = {a: replayed[a][1] for a in t.initial_state.actions}
            if got != want:
                problem = (f"returned the visits {got} at the root, but its playouts passed through the root's "
                           f"children {want} times")
            elif any(abs(stats[a][0] - replayed[a][0]) > 1e-6 for a in t.initial_state.actions):
                problem = (f"returned the wins {({a: stats[a][0] for a in t.initial_state.actions})} at the root, "
                           f"but its playouts' results give {({a: replayed[a][0] for a in t.initial_state.actions})}")
            else:
                return Replay(True, model, "")
        if done > furthest:
            furthest, why = done, problem
    return Replay(False, None, why)
