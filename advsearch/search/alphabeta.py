"""Alpha-beta search, as in the lecture: minimax that skips what cannot matter.

alpha is the best value MAX can already force on the path to the root, beta the
best value MIN can.  A MAX node stops as soon as its value v reaches beta (MIN
above will never let play come here), and a MIN node as soon as v falls to alpha.
"""

from __future__ import annotations

from ..game import MAX, MIN
from .base import Search, flatten, inf


def alphabeta(game, state=None, *, depth=None, evaluate=None, prune_on_equal=True,
              order=None, table=None, cutoff=None, quiescence=False, max_nodes=None,
              time_limit=None, trace=False):
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
        ``evaluate(state, player) -> number``, needed when the search can be
        cut off (``depth`` or ``cutoff``).
    prune_on_equal : bool
        True (the lecture's pseudocode): a MAX node stops when v >= beta and a
        MIN node when v <= alpha.  False: only strictly beyond the bound.
    order : optional
        The order in which to search children: a function
        ``order(state, actions) -> sequence`` or an ordering object from
        :mod:`advsearch.search.ordering` (static, PV move, killers, history,
        or a Chain of them).  It must return a permutation of the actions.
        An ordering object may learn as it goes: its ``on_prune`` hears of
        every prune, its ``on_best`` of the best move of every node searched.
    table : TranspositionTable, optional
        Remember values of states reached again by another path
        (:mod:`advsearch.search.transposition`); ``stats.tt_hits`` counts its use.
        The root is always searched, and a principal variation that reaches a
        remembered state is continued by the exact entries the table holds.
    cutoff : callable, optional
        ``cutoff(state, ply) -> bool``, the lecture's CutOffTest: stop here
        and score with ``evaluate`` (in addition to ``depth``, if given).
    quiescence : bool or int
        At the cut-off, search the game's ``noisy_actions`` on until the
        position is quiet (:mod:`advsearch.search.quiescence`); an int gives
        the most extra plies (default 12).
    max_nodes, time_limit : optional
        A budget in nodes or seconds; when it runs out the search raises
        :class:`~advsearch.search.base.BudgetExceeded`.  Use
        :func:`iterative_deepening` for an anytime answer instead.
    trace : bool
        Record enter, leaf, update, prune and exit events in ``result.trace``.

    Returns
    -------
    SearchResult
        As :func:`~advsearch.minimax`: ``value`` is MAX's utility, whoever
        is to move at the root; ``move`` is best for the player to move,
        the first in search order among equals (``actions()`` order when no
        ``order`` or ``table`` changes it).  ``stats.prunes`` counts the
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
    >>> r.value, r.move, r.stats.leaves, r.stats.prunes
    (3, 0, 7, 1)
    >>> from advsearch import MIN
    >>> r = alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=MIN))   # MIN moves first
    >>> r.value, r.move
    (6, 1)
    """
    search = Search(game, state, depth=depth, evaluate=evaluate, trace=trace, algorithm="alphabeta",
                    cutoff=cutoff, max_nodes=max_nodes, time_limit=time_limit)
    to_move, result, is_terminal = game.to_move, game.result, game.is_terminal
    ordered = search.ordering(order, table)
    score, counts = search.scorer()
    quiesce, quiet_counts = search.quiescence(quiescence)
    cut_ply, tracer, next_check = search.limit, search.tracer, search.next_check
    nodes = 0

    def value(state, alpha, beta, ply):
        """Utility or Eval at a leaf, else the value for whoever moves."""
        nonlocal nodes, next_check
        nodes += 1
        if nodes >= next_check:
            next_check = search.spend(nodes)
        if is_terminal(state):
            return score(state, ply, alpha, beta)
        if ply == cut_ply or (cutoff is not None and cutoff(state, ply)):
            return horizon(state, alpha, beta, ply)
        if table is not None and ply > 0:     # the root is always searched: its move is the answer
            return remembered(state, alpha, beta, ply)
        player = to_move(state)
        if player == MAX:
            return max_value(state, alpha, beta, ply)
        if player == MIN:
            return min_value(state, alpha, beta, ply)
        raise search.bad_player(state, player)

    def horizon(state, alpha, beta, ply):
        """The cut-off: Eval(s), or a quiescence search when asked for."""
        if quiesce is None:
            return score(state, ply, alpha, beta)
        v, pv = quiesce(state, alpha, beta)
        if tracer: tracer.leaf(state, to_move(state), v, alpha, beta)
        return v, pv

    def remembered(state, alpha, beta, ply):
        """The table's value if it settles this node, else search it and remember."""
        plies = search.plies_left(ply)
        known = table.lookup(state, plies, alpha, beta)
        if known is not None:
            if tracer: tracer.leaf(state, to_move(state), known, alpha, beta)
            return known, None
        player = to_move(state)
        if player not in (MAX, MIN):
            raise search.bad_player(state, player)
        v, pv = (max_value if player == MAX else min_value)(state, alpha, beta, ply)
        table.store(state, plies, v, alpha, beta, pv[0])
        return v, pv

    max_value, min_value = max_and_min_value(search, value, ordered, prune_on_equal)

    v, pv = search.run(value, -inf, inf, 0)
    extra = {}
    if table is not None:
        table.store(search.state, search.plies_left(0), v, -inf, inf, pv[0])
        extra.update(tt_hits=table.hits, tt_probes=table.probes, tt_size=len(table),
                     line=table.continue_line(game, search.state, flatten(pv), search.plies_left(0)))
    if quiesce is not None:
        q_nodes, q_evals = quiet_counts()
        nodes += q_nodes
        extra.update(quiescence_nodes=q_nodes, quiescence_evaluations=q_evals)
    return search.finish(v, pv, counts, nodes=nodes, **extra)


def max_and_min_value(search, value, ordered, prune_on_equal=True):
    """Alpha-beta's MAX-VALUE and MIN-VALUE, for a search whose value is ``value(state, alpha, beta, ply)``.

    MAX-VALUE raises v from −∞ and alpha with it, and stops once v >= beta;
    MIN-VALUE lowers v from +∞ and beta with it, and stops once v <= alpha
    (only strictly beyond the bound without ``prune_on_equal``).  Each returns
    ``(v, pv)`` and searches the children in ``ordered(state, ply)`` order,
    which ``search.ordering`` made before this is called: its ordering piece
    then hears of every prune (:meth:`Search.prune`) and of every node's best
    move.  :func:`alphabeta` is ``value`` calling these two;
    Star1 and Star2 add chance nodes to the same pair (:mod:`.expectimax`).

    ``probed``, the one thing alpha-beta itself never passes, is for Star2:
    None, or what its probe already found below this node, an object with
    ``action`` (the child searched), its ``value`` and ``pv``, and the
    ``interval`` the trace knew of that value.  That child's result is then
    taken as it is, not searched again.

    >>> from advsearch import tree
    >>> from advsearch.search.base import Search
    >>> search = Search(tree([[3, 12, 8], [2, 4, 6]]), None, depth=None, evaluate=None,
    ...                 trace=False, algorithm="alphabeta")
    >>> score, _ = search.scorer()
    >>> def value(state, alpha, beta, ply):
    ...     if search.game.is_terminal(state):
    ...         return score(state, ply)
    ...     return (max_value if search.game.to_move(state) == MAX else min_value)(state, alpha, beta, ply)
    >>> max_value, min_value = max_and_min_value(search, value, search.ordering(None))
    >>> v, pv = max_value(search.state, -inf, inf, 0)
    >>> v, flatten(pv), search.prunes
    (3, (0, 0), 1)
    """
    result, tracer, learn = search.game.result, search.tracer, search.best_hook

    def max_value(state, alpha, beta, ply, probed=None):
        if tracer: tracer.enter(state, MAX, alpha, beta)
        v, pv = -inf, None
        actions = ordered(state, ply)
        for a in actions:
            if tracer: tracer.down(a)
            if probed is not None and probed.action == a:   # searched by Star2's probe
                v2, pv2 = probed.value, probed.pv
                if tracer: tracer.recall(probed.interval)
            else:
                v2, pv2 = value(result(state, a), alpha, beta, ply + 1)
            if v2 > v or pv is None:
                v, pv = v2, (a, pv2)
            if v >= beta and (prune_on_equal or v > beta):
                search.prune(state, MAX, a, actions, v2, v, alpha, beta, ply)
                break
            if v > alpha:
                alpha = v
            if tracer: tracer.update(state, MAX, v2, v, alpha, beta)
        if pv is None:
            raise search.no_actions(state)
        if learn: learn(state, pv[0], ply)
        if tracer: tracer.exit(state, MAX, v, alpha, beta)
        return v, pv

    def min_value(state, alpha, beta, ply, probed=None):
        if tracer: tracer.enter(state, MIN, alpha, beta)
        v, pv = inf, None
        actions = ordered(state, ply)
        for a in actions:
            if tracer: tracer.down(a)
            if probed is not None and probed.action == a:
                v2, pv2 = probed.value, probed.pv
                if tracer: tracer.recall(probed.interval)
            else:
                v2, pv2 = value(result(state, a), alpha, beta, ply + 1)
            if v2 < v or pv is None:
                v, pv = v2, (a, pv2)
            if v <= alpha and (prune_on_equal or v < alpha):
                search.prune(state, MIN, a, actions, v2, v, alpha, beta, ply)
                break
            if v < beta:
                beta = v
            if tracer: tracer.update(state, MIN, v2, v, alpha, beta)
        if pv is None:
            raise search.no_actions(state)
        if learn: learn(state, pv[0], ply)
        if tracer: tracer.exit(state, MIN, v, alpha, beta)
        return v, pv

    return max_value, min_value
