"""Minimax search, as in the lecture: MAX-VALUE and MIN-VALUE calling each other.

Minimax(s) = Utility(s)                           if TerminalTest(s)
           = max over a of Minimax(Result(s, a))  if Player(s) = MAX
           = min over a of Minimax(Result(s, a))  if Player(s) = MIN

With a depth limit it becomes H-Minimax: the terminal test is replaced by
CutOffTest(s, d), and Eval(s) scores the states where the search stops.
"""

from __future__ import annotations

from ..game import MAX, MIN
from .base import Search, inf


def minimax(game, state=None, *, depth=None, evaluate=None, order=None, trace=False):
    """Search the game tree below ``state`` to find its minimax value and best move.

    Parameters
    ----------
    game : Game
        Any two-player game following the protocol in :mod:`advsearch.game`.
    state : optional
        The root; ``game.initial_state`` when None.
    depth : int, optional
        Cut off after this many plies and score with ``evaluate``.
    evaluate : callable, optional
        ``evaluate(state, player) -> number``, needed when ``depth`` is given.
    order : optional
        The order in which to search children, as in :func:`~advsearch.alphabeta`:
        ``order(state, actions) -> sequence`` or an ordering piece.  Minimax
        searches every child whatever the order, so only the visiting order
        (and the first-found best move among equals) changes.
    trace : bool
        Record enter, leaf, update and exit events in ``result.trace``.

    Returns
    -------
    SearchResult
        ``value`` is MAX's utility (the lecture's Minimax(s)); ``move`` is best
        for the player to move at the root, the first in ``actions()`` order
        among equals; ``stats.nodes`` counts every state visited, the root
        included, and ``stats.leaves`` those scored by Utility or Eval.

    Notes
    -----
    Time O(b^m) and space O(bm) for branching factor b and depth m
    (Russell & Norvig, *AIMA*, 4th ed., section 5.2).

    Examples
    --------
    >>> from advsearch import minimax, tree
    >>> r = minimax(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r.value, r.move, r.stats.nodes, r.stats.leaves
    (3, 0, 13, 9)
    >>> right_to_left = lambda state, actions: list(actions)[::-1]
    >>> minimax(tree([[3, 12, 8], [2, 4, 6]]), order=right_to_left, trace=True).trace.visits()[:3]
    [('expand', ()), ('expand', (1,)), ('score', (1, 2))]
    """
    search = Search(game, state, depth=depth, evaluate=evaluate, trace=trace, algorithm="minimax")
    to_move, is_terminal = game.to_move, game.is_terminal
    actions = search.ordering(order)
    score, counts = search.scorer()
    cut_ply = search.limit
    nodes = 0

    def value(state, ply):
        """Minimax(s): Utility or Eval at a leaf, else the value for whoever moves."""
        nonlocal nodes
        nodes += 1
        if is_terminal(state) or ply == cut_ply:
            return score(state, ply)
        player = to_move(state)
        if player == MAX:
            return max_value(state, ply)
        if player == MIN:
            return min_value(state, ply)
        raise search.bad_player(state, player)

    max_value, min_value = max_and_min_value(search, value, actions)

    v, pv = search.run(value, 0)
    return search.finish(v, pv, counts, nodes=nodes)


def max_and_min_value(search, value, actions):
    """The lecture's MAX-VALUE and MIN-VALUE, for a search whose Minimax(s) is ``value(state, ply)``.

    MAX-VALUE starts from v = −∞ and raises v to each child's value;
    MIN-VALUE starts from +∞ and lowers it.  Each returns ``(v, pv)``: the
    node's value and the line of play that gives it, the first child in
    ``actions(state, ply)`` order among equals.  :func:`minimax` is
    ``value`` calling these two; expectiminimax adds chance nodes to the same
    pair.
    """
    result, tracer = search.game.result, search.tracer

    def max_value(state, ply):
        if tracer: tracer.enter(state, MAX)
        v, pv = -inf, None
        for a in actions(state, ply):
            if tracer: tracer.down(a)
            v2, pv2 = value(result(state, a), ply + 1)
            if v2 > v or pv is None:
                v, pv = v2, (a, pv2)
            if tracer: tracer.update(state, MAX, v2, v)
        if pv is None:
            raise search.no_actions(state)
        if tracer: tracer.exit(state, MAX, v)
        return v, pv

    def min_value(state, ply):
        if tracer: tracer.enter(state, MIN)
        v, pv = inf, None
        for a in actions(state, ply):
            if tracer: tracer.down(a)
            v2, pv2 = value(result(state, a), ply + 1)
            if v2 < v or pv is None:
                v, pv = v2, (a, pv2)
            if tracer: tracer.update(state, MIN, v2, v)
        if pv is None:
            raise search.no_actions(state)
        if tracer: tracer.exit(state, MIN, v)
        return v, pv

    return max_value, min_value
