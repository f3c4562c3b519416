"""Max-n: minimax for n players, each maximising its own entry of a payoff vector.

Maxn(s) = (U_0(s), ..., U_{n-1}(s))             if TerminalTest(s)
        = the child's Maxn with the largest entry [Player(s)]   otherwise

(Luckhardt & Irani 1986).  Ties go to the first child in ``actions()`` order.
Alpha-beta's deep cuts are unsound here, since a player's loss need not be
the next player's gain; only Korf's *shallow pruning* survives, and only
when the payoffs are bounded: each is at least ``low``, and together they
sum to at most ``max_sum`` (Korf 1991).
"""

from __future__ import annotations

from ..game import CHANCE, GameError
from .base import Search, inf, scorers
from .multiplayer import SUM_TOLERANCE, VectorRecorder, VectorTrace, payoff_limits


#: The values ``maxn`` accepts for ``pruning``.
PRUNINGS = (None, "shallow")


def maxn(game, state=None, *, depth=None, evaluate=None, pruning=None, bounds=None, max_sum=None,
         trace=False):
    """The max-n value (a payoff vector) and the best move for the player to move.

    Every node backs up the payoff vector of one of its children: the one whose
    entry for the node's player is largest, the first in ``actions()`` order
    among equals.  Nobody plays against anybody in particular; each player
    looks out for itself.

    Parameters
    ----------
    game : Game
        A game of any number of players (``game.num_players``) without chance
        nodes.
    state : optional
        The root; ``game.initial_state`` when None.
    depth : int, optional
        Cut off after this many plies (one move of one player each) and
        score with ``evaluate``.
    evaluate : callable, optional
        ``evaluate(state, player) -> number``, the game's usual signature,
        needed when ``depth`` is given.  A cut-off state's payoff vector is
        ``tuple(evaluate(state, p) for p in range(n))``; at a terminal state
        it is the utilities, likewise.
    pruning : {None, "shallow"}
        None searches every node.  "shallow" is Korf's shallow pruning: a
        node stops once its player's entry is so high that, with the payoffs'
        bounds, the player above cannot get more from it than it already has.
    bounds : (low, high), optional
        Every payoff (Utility or Eval) lies in ``[low, high]``; shallow
        pruning uses ``low``.  By default ``game.utility_range``.
    max_sum : number, optional
        The payoffs of a leaf sum to at most this; by default
        ``game.max_sum``.  When bounds are declared (given, or pruning), every
        leaf is checked against them.
    trace : bool
        Record enter, leaf, update, prune and exit events in ``result.trace``
        (a :class:`~advsearch.search.multiplayer.VectorTrace`): values are
        payoff vectors, and drawings colour nodes by player.

    Returns
    -------
    SearchResult
        ``value`` is the root's payoff vector, a tuple with one entry per
        player, for any number of players (two included: max-n is defined
        on vectors, so with two it gives ``(u, -u)`` of a zero-sum game);
        ``move`` the first action that gives the player to move its largest
        entry; ``pv`` the moves every player makes under max-n.
        ``stats.nodes`` counts every state visited, the root included,
        ``stats.leaves`` those scored, ``stats.prunes`` the shallow prunes.

    Raises
    ------
    ValueError
        An unknown ``pruning``; shallow pruning without bounds (the game
        declares no ``utility_range``/``max_sum`` and none are given); bad
        bounds; a bad depth or evaluation function.
    GameError
        A chance node, a player outside 0..n-1, or a leaf outside the
        declared bounds (where pruning by them would be unsound).

    Notes
    -----
    Time O(b^d) and space O(bd) without pruning, as minimax.  Shallow
    pruning at a node of player q below a node of player p (p != q), whose
    best vector so far is v: the payoffs of q's node satisfy
    u[p] <= max_sum - u[q] - (n - 2) low, so once q's node has found
    u[q] >= max_sum - (n - 2) low - v[p], p cannot gain from it and its
    remaining children are skipped.  Korf (1991) shows that deeper cuts are
    unsound in max-n; that in the best case shallow pruning reduces the
    asymptotic branching factor to (1 + sqrt(4b - 3)) / 2; and that in the
    average case it does not reduce it at all.  With low = 0 and max_sum = 1,
    as in Virus, a node of q stops when q's share reaches 1 - v[p].  Pruning never
    changes the root's value or move (``tests/test_multiplayer.py`` checks
    it on random trees).  With floats, the sum may exceed ``max_sum`` by
    :data:`~advsearch.search.multiplayer.SUM_TOLERANCE` and pruning keeps
    twice that much margin.

    References: Luckhardt, C. A. and Irani, K. B. (1986), An algorithmic
    solution of N-person games, *AAAI-86*; Korf, R. E. (1991), Multi-player
    alpha-beta pruning, *Artificial Intelligence* 48(1), 99-111.

    Examples
    --------
    A three-player tree (P0 at the root, then P1, then P2), the one of the
    MIT 6.034 notes after Russell & Norvig: P2 takes (1, 2, 3) for its 3,
    P1 prefers it for its 2 over (6, 1, 2), and P0 gets 1.

    >>> from advsearch import maxn, tree
    >>> t = tree([[[(1, 2, 3), (4, 2, 1)], [(6, 1, 2), (7, 4, -1)]],
    ...           [[(5, -1, -1), (-1, 5, 2)], [(7, 7, -1), (5, 4, 5)]]])
    >>> r = maxn(t)
    >>> r.value, r.pv, r.stats.nodes, r.stats.leaves
    ((1, 2, 3), (0, 0, 0), 15, 8)

    Shallow pruning, with payoffs in [0, 10] summing to 10: once P1 has 7,
    P0 cannot get more than 10 - 7 = 3 from there and keeps its 5.

    >>> t = tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]])
    >>> r = maxn(t, pruning="shallow", bounds=(0, 10), max_sum=10)
    >>> r.value, r.stats.leaves, r.stats.prunes
    ((5, 5, 0), 3, 1)

    With two players the vector holds MAX's utility and MIN's:

    >>> maxn(tree([[3, 12], [2, 4]])).value
    (3, -3)
    """
    if pruning not in PRUNINGS:
        raise ValueError(f"pruning must be one of {', '.join(map(repr, PRUNINGS))}, not {pruning!r}")
    search = Search(game, state, depth=depth, evaluate=evaluate, trace=False, algorithm="maxn",
                    multiplayer=True)
    shallow = pruning == "shallow"
    limits = payoff_limits(game, bounds, max_sum, needed=shallow, algorithm="maxn")
    checked = shallow or bounds is not None or max_sum is not None
    n = game.num_players
    to_move, is_terminal = game.to_move, game.is_terminal
    utility, evaluate = scorers(game, evaluate)
    cut_ply = search.limit
    tracer = _recorder(search, depth, limits, shallow) if trace else None
    nodes = 0

    def value(state, ply, parent, bound):
        """Maxn(s): the payoff vector of a leaf, else of the child that the player to move prefers."""
        nonlocal nodes
        nodes += 1
        if is_terminal(state) or ply == cut_ply:
            return score(state, ply)
        player = to_move(state)
        if not isinstance(player, int) or not 0 <= player < n:
            raise _bad_player(game, state, player)
        if player == parent:
            bound = inf                  # a bound speaks for another player's entry
        return max_n(state, player, bound, ply)

    score, max_n, counts = _score_and_max_n(search, value, utility, evaluate, limits, shallow=shallow,
                                            checked=checked, tracer=tracer)
    v, pv = search.run(value, 0, None, inf)
    return search.finish(v, pv, counts, nodes=nodes)


def _recorder(search, depth, limits, shallow):
    """Start the search's VectorTrace (with the payoffs' bounds when pruning by them); its recorder."""
    search.trace = VectorTrace(search.game, search.state, "maxn",
                               limits=(limits[0], limits[2]) if shallow else None)
    search.trace.depth = depth
    return VectorRecorder(search.trace)


def _score_and_max_n(search, value, utility, evaluate, limits, *, shallow, checked, tracer):
    """Max-n's two steps below ``value``, Maxn(s): ``score`` at a leaf, ``max_n`` where a player moves.

    Returns ``(score, max_n, counts)``; ``counts()`` gives (leaves, deepest ply, evaluations).
    """
    game = search.game
    players = range(game.num_players)
    actions, result, is_terminal, to_move = game.actions, game.result, game.is_terminal, game.to_move
    if shallow:
        low, _, total = limits
        room = total - (game.num_players - 2) * low   # the most two players can share, the others at their least
    leaves = deepest = evaluated = 0
    slack = 0                            # pruning's margin: 0 for exact payoffs, a little for floats

    def score(state, ply):
        """The payoff vector of a leaf: the utilities, or Eval for every player at the cut-off."""
        nonlocal leaves, deepest, evaluated
        leaves += 1
        if ply > deepest:
            deepest = ply
        if evaluate is None or is_terminal(state):
            v = tuple(utility(state, p) for p in players)
        else:
            evaluated += 1
            v = tuple(evaluate(state, p) for p in players)
        if checked:
            check(state, v)
        if tracer:
            tracer.leaf(state, None if is_terminal(state) else to_move(state), v)
        return v, None

    def check(state, v):
        """A leaf's payoffs must lie within the declared bounds, which pruning trusts."""
        nonlocal slack
        low, high, most = limits
        if any(isinstance(x, float) for x in v):
            slack = 2 * SUM_TOLERANCE
            excess = SUM_TOLERANCE
        else:
            excess = 0
        if any(not low <= x <= high for x in v) or sum(v) > most + excess:
            raise GameError(
                f"maxn: the leaf {state!r} scored {v!r}, outside the declared bounds (every payoff in "
                f"[{low!r}, {high!r}], summing to at most {most!r}); shallow pruning by them would be "
                "unsound. Pass bounds=(low, high) and max_sum=s that hold for every utility and evaluation")

    def max_n(state, player, bound, ply):
        """The player to move takes the child with the largest entry v[player], the first among equals."""
        if tracer: tracer.enter(state, player, bound if shallow else None)
        v, pv = None, None
        moves = actions(state)
        for a in moves:
            # The child may stop once its own player has so much that ours could get no more than v[player].
            child_bound = room - (low if v is None else v[player]) if shallow else inf
            if tracer: tracer.down(a)
            v2, pv2 = value(result(state, a), ply + 1, player, child_bound)
            if v is None or v2[player] > v[player]:
                v, pv = v2, (a, pv2)
            if v[player] >= bound + slack:
                skipped = moves[moves.index(a) + 1:]
                if tracer: tracer.update(state, player, v2, v, bound)
                if skipped:
                    search.prunes += 1
                    if tracer: tracer.prune(state, player, v, bound, skipped)
                if tracer: tracer.exit(state, player, v, bound, exact=not skipped)
                return v, pv
            if tracer: tracer.update(state, player, v2, v, bound if shallow else None)
        if pv is None:
            raise search.no_actions(state)
        if tracer: tracer.exit(state, player, v, bound if shallow else None)
        return v, pv

    return score, max_n, lambda: (leaves, deepest, evaluated)


def _bad_player(game, state, player):
    """The error for a state whose player is not one of 0..n-1."""
    if player == CHANCE:
        return GameError(f"maxn handles the players' nodes only, but state {state!r} is a CHANCE node")
    return GameError(f"{game!r}: to_move({state!r}) gave {player!r}, not a player 0..{game.num_players - 1}")
