"""Alpha-beta search, as in the lecture: minimax that skips what cannot matter.

alpha is the best value MAX can already force on the path to the root, beta the
best value MIN can.  A MAX node stops as soon as its value v reaches beta (MIN
above will never let play come here), and a MIN node as soon as v falls to alpha.
"""

from __future__ import annotations

from ..game import MAX, MIN, GameError
from .base import Search, inf


def alphabeta(game, state=None, *, depth=None, evaluate=None, prune_on_equal=True,
              order=None, trace=False):
    """Find the minimax value and best move, pruning branches that cannot change them.

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
    prune_on_equal : bool
        True (the lecture's pseudocode): a MAX node stops when v >= beta and a
        MIN node when v <= alpha.  False: only strictly beyond the bound.
    order : callable, optional
        ``order(state, actions) -> sequence``, the order in which to search
        the children; it must return a permutation of ``actions``.
    trace : bool
        Record enter, leaf, update, prune and exit events in ``result.trace``.

    Returns
    -------
    SearchResult
        As :func:`~advsearch.minimax`, with ``stats.cutoffs`` counting the
        nodes that returned early.  The root value always equals minimax's;
        values below the root may be bounds (see ``Event.bound``).

    Notes
    -----
    With perfect move ordering alpha-beta scores b^ceil(d/2) + b^floor(d/2) - 1
    leaves of a uniform tree of branching b and depth d (Knuth & Moore 1975),
    so it searches twice as deep as minimax in the same time; with random
    order about O(b^(3d/4)) (Russell & Norvig, *AIMA*, 4th ed., section 5.3).

    Examples
    --------
    >>> from advsearch import alphabeta, tree
    >>> r = alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r.value, r.move, r.stats.leaves, r.stats.cutoffs
    (3, 0, 7, 1)
    """
    search = Search(game, state, depth=depth, evaluate=evaluate, trace=trace, algorithm="alphabeta")
    to_move, result, is_terminal = game.to_move, game.result, game.is_terminal
    ordered = game.actions if order is None else _checked_order(game, order)
    score, counts = search.scorer()
    cut_ply, tracer = search.limit, search.tracer
    nodes = 0

    def value(state, alpha, beta, ply):
        """Utility or Eval at a leaf, else the value for whoever moves."""
        nonlocal nodes
        nodes += 1
        if is_terminal(state) or ply == cut_ply:
            return score(state, ply, alpha, beta)
        player = to_move(state)
        if player == MAX:
            return max_value(state, alpha, beta, ply)
        if player == MIN:
            return min_value(state, alpha, beta, ply)
        raise search.bad_player(state, player)

    def max_value(state, alpha, beta, ply):
        if tracer: tracer.enter(state, MAX, alpha, beta)
        v, pv = -inf, None
        actions = ordered(state)
        for a in actions:
            if tracer: tracer.down(a)
            v2, pv2 = value(result(state, a), alpha, beta, ply + 1)
            if v2 > v or pv is None:
                v, pv = v2, (a, pv2)
            if v >= beta and (prune_on_equal or v > beta):
                search.cutoff(state, MAX, a, actions, v2, v, alpha, beta)
                break
            if v > alpha:
                alpha = v
            if tracer: tracer.update(state, MAX, v2, v, alpha, beta)
        if pv is None:
            raise search.no_actions(state)
        if tracer: tracer.exit(state, MAX, v, alpha, beta)
        return v, pv

    def min_value(state, alpha, beta, ply):
        if tracer: tracer.enter(state, MIN, alpha, beta)
        v, pv = inf, None
        actions = ordered(state)
        for a in actions:
            if tracer: tracer.down(a)
            v2, pv2 = value(result(state, a), alpha, beta, ply + 1)
            if v2 < v or pv is None:
                v, pv = v2, (a, pv2)
            if v <= alpha and (prune_on_equal or v < alpha):
                search.cutoff(state, MIN, a, actions, v2, v, alpha, beta)
                break
            if v < beta:
                beta = v
            if tracer: tracer.update(state, MIN, v2, v, alpha, beta)
        if pv is None:
            raise search.no_actions(state)
        if tracer: tracer.exit(state, MIN, v, alpha, beta)
        return v, pv

    v, pv = search.run(value, -inf, inf, 0)
    return search.finish(v, pv, counts, nodes=nodes)


def _checked_order(game, order):
    """Wrap a move-ordering function so that it cannot drop or invent actions."""
    if not callable(order):
        raise ValueError(f"order must be a function order(state, actions) -> sequence, not {order!r}")

    def ordered(state):
        actions = game.actions(state)
        moves = list(order(state, actions))
        if len(moves) != len(actions) or set(moves) != set(actions):
            raise GameError(
                f"order({state!r}, {list(actions)!r}) returned {moves!r}, "
                "which is not a permutation of the legal actions"
            )
        return moves

    return ordered
