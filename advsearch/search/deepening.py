"""Iterative deepening: search to depth 1, 2, 3, ... until the budget runs out.

It is *anytime*: whenever time or nodes run out, the answer of the deepest
completed iteration is ready.  The repeated shallow searches cost little
(with branching b, the last iteration dominates: about b/(b-1) times one
search), and each iteration searches the previous principal variation first,
which makes alpha-beta prune more (Russell & Norvig, 4th ed., section 5.4).
"""

from __future__ import annotations

import time

from .alphabeta import alphabeta
from .. import validation
from .base import BudgetExceeded
from .ordering import Chain, PVMove


def iterative_deepening(game, state=None, *, evaluate, max_depth=None, time_limit=None, max_nodes=None,
                        order=None, table=None, quiescence=False, prune_on_equal=True):
    """Alpha-beta to depth 1, 2, ... within a budget; the best move of the deepest completed depth.

    Parameters
    ----------
    evaluate : callable
        ``evaluate(state, player)``, used at each iteration's depth limit.
    max_depth : int, optional
        Stop after this depth.  At least one of ``max_depth``, ``time_limit``
        (seconds) and ``max_nodes`` must be given.
    order, table, quiescence, prune_on_equal
        As for :func:`~advsearch.alphabeta`; the previous iteration's
        principal variation is always searched first.

    Returns
    -------
    SearchResult
        The result of the deepest completed iteration, with ``stats.nodes``
        and ``stats.seconds`` counting all iterations (the unfinished one
        too), ``stats.depth_reached`` and ``stats.iterations``, one dict per
        completed depth (depth, value, move, nodes, seconds).  If the tree
        ends before ``max_depth`` the value is exact and it stops early
        (``stats.exact``).

    Examples
    --------
    >>> from advsearch import TicTacToe
    >>> r = iterative_deepening(TicTacToe(), evaluate=lambda s, p: 0, max_depth=9)
    >>> r.value, r.stats.depth_reached, r.stats.exact
    (0, 9, True)
    >>> r = iterative_deepening(TicTacToe(), evaluate=lambda s, p: 0, max_nodes=500)
    >>> r.stats.nodes <= 500, r.stats.depth_reached >= 1
    (True, True)
    """
    if max_depth is None and time_limit is None and max_nodes is None:
        raise ValueError("iterative deepening needs a limit: max_depth, time_limit (seconds) or max_nodes")
    validation.budget("max_depth", max_depth, whole=True)
    validation.budget("time_limit", time_limit)
    validation.budget("max_nodes", max_nodes, whole=True)
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    used, best, iterations, depth = 0, None, [], 0
    exhausted = exact = False
    while max_depth is None or depth < max_depth:
        depth += 1
        nodes_left = None if max_nodes is None else max_nodes - used
        time_left = None if deadline is None else deadline - time.perf_counter()
        if (nodes_left is not None and nodes_left <= 0) or (time_left is not None and time_left <= 0):
            exhausted = True
            break
        pv_first = Chain(PVMove(best.pv if best else ()), order)
        try:
            r = alphabeta(game, state, depth=depth, evaluate=evaluate, order=pv_first, table=table,
                          quiescence=quiescence, prune_on_equal=prune_on_equal,
                          max_nodes=nodes_left, time_limit=time_left)
        except BudgetExceeded as out:
            used += out.nodes
            exhausted = True
            break
        used += r.stats.nodes
        best = r
        iterations.append(dict(depth=depth, value=r.value, move=r.move, nodes=r.stats.nodes,
                               seconds=r.stats.seconds))
        if r.stats.evaluated == 0:
            exact = True          # nothing was cut off and scored by Eval: the value is the game's
            break
    if best is None:
        raise BudgetExceeded(f"the budget ran out before depth 1 was searched ({used} nodes)", used)
    best.stats.nodes = used
    best.stats.seconds = time.perf_counter() - started
    best.stats.extra.update(depth_reached=iterations[-1]["depth"], iterations=iterations,
                            exhausted=exhausted, exact=exact)
    return best
