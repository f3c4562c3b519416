"""Monte Carlo tree search with UCB1 (UCT): the lecture's four steps, one method each.

:func:`mcts` checks its parameters and runs iterations of :class:`UCT`
until the budget is spent::

    while budget left:
        node, move = select()          # 1. down the tree by UCB1
        child = expand(node, move)     # 2. one new node
        u = rollout(child)             # 3. a random game's payoffs (or the rollout given)
        backup(child, u)               # 4. N and W up to the root
"""

from __future__ import annotations

import math
import numbers
import time as _time

from ...game import CHANCE, MAX, GameError
from ...result import Event, Stats
from ... import validation
from ..base import chance_outcomes, describe, payoffs, root_of
from .rollouts import PLAYOUT_LIMIT, bounds_of, final_payoffs, random_rollout, rng_of, sample
from .trace import MCTSTrace
from .tree import MCTSResult, SearchNode, most_visited, snapshot


#: How :func:`mcts` may choose its final move.
FINALS = ("robust", "max")

_DEFAULT = object()


class UCT:
    """The tree of one UCT search and the four steps of an iteration.

    ``lows`` and ``highs`` hold each player's payoff bounds, which scale the
    means to [0, 1]: the bounds given, or else the least and greatest
    payoffs seen so far.  With ``trace`` an :class:`MCTSTrace` records every
    step.  ``rollout`` is a function ``rollout(game, state, rng)``; by default a
    random playout of at most ``max_playout`` plies.
    """

    def __init__(self, game, state, *, c, bounds, solver, rng, trace, rollout=None, max_playout=PLAYOUT_LIMIT):
        self.game, self.c, self.solver, self.rng = game, c, solver, rng
        self.custom_rollout = rollout is not None       # its payoffs are checked; a playout's already are
        self.rollout_fn = rollout if rollout is not None else random_rollout(max_playout)
        n = self.n = game.num_players
        self.scaled_by_bounds = bounds is not None
        if bounds is not None:
            self.lows, self.highs = [bounds[0]] * n, [bounds[1]] * n
        else:
            self.lows, self.highs = [math.inf] * n, [-math.inf] * n
        self.trace = trace
        self.emit = trace.append if trace is not None else None
        self.root = self.make(state, None, None, None, 0)
        self.size, self.deepest, self.playouts, self.iterations = 1, 0, 0, 0
        self.root_sums = {}             # action -> the payoff vectors summed through it
        self.last = None                # the node whose rollout ended the last iteration

    def make(self, state, parent, action, mover, depth) -> SearchNode:
        """A new node; a decision node lists its untried actions, a chance node its outcomes."""
        game = self.game
        node = SearchNode(state, parent, action, mover, None if game.is_terminal(state) else game.to_move(state),
                          depth)
        if node.player is None:
            if self.solver:
                node.proven = final_payoffs(game, state)
        elif node.player == CHANCE:
            node.outcomes = chance_outcomes(game, state)
        else:
            node.untried = list(game.actions(state))
            node.untried.reverse()          # popped from the end: actions() order
            if not node.untried:
                raise GameError(f"mcts: no legal actions in the non-terminal state {state!r}")
        return node

    def iterate(self):
        """One iteration: select, expand, rollout, backup."""
        node, move = self.select()
        child = self.expand(node, move)
        u = self.rollout(child)
        self.backup(child, u)
        self.iterations += 1
        self.last = child

    # --- 1. select

    def select(self):
        """From the root, follow the best child by UCB1 while every child has been tried.

        Returns the node to expand and the move to expand it by: its first
        untried action, or at a chance node an outcome drawn (with its
        probability) that has no node yet.  The move is None when the walk
        ends at a terminal or proven node, which has nothing to expand.
        """
        node, emit = self.root, self.emit
        while node.player is not None and node.proven is None:
            if node.player == CHANCE:
                outcome = sample(node.outcomes, self.rng)
                if emit: emit(Event("select", node.path() + (outcome,), CHANCE, dict(node.outcomes)[outcome],
                                    action=outcome))
                if outcome not in node.children:
                    return node, outcome
                node = node.children[outcome]
            elif node.untried:
                return node, node.untried[-1]
            else:
                node = self.best_child(node)
        return node, None

    def best_child(self, node) -> SearchNode:
        """The child with the largest UCB1 = Q + c * sqrt(ln N(node) / N(child)) (the first among equals).

        Q is the child's mean payoff for the player who chooses here, scaled
        to [0, 1].  The MCTS-Solver never picks a proven loss.
        """
        p, c, solver = node.player, self.c, self.solver
        low = self.lows[p]
        span = self.highs[p] - low if self.highs[p] > low else 1.0
        log_n, sqrt = math.log(node.N), math.sqrt
        best = best_u = best_q = None
        for child in node.children.values():
            if solver and child.proven is not None and child.proven[p] <= low:
                continue                    # a proven loss is never worth another visit
            q = (child.W / child.N - low) / span
            u = q + c * sqrt(log_n / child.N)
            if best is None or u > best_u:
                best, best_u, best_q = child, u, q
        if self.emit: self.emit(Event("select", best.path(), p, best_u, state=best.state, action=best.action,
                                      child_value=best_q))
        return best

    # --- 2. expand

    def expand(self, node, move) -> SearchNode:
        """Add the child that ``move`` leads to and return it (``node`` itself when ``move`` is None)."""
        if move is None:
            return node
        if node.player == CHANCE:
            mover = CHANCE
        else:
            node.untried.pop()
            mover = node.player
        child = node.children[move] = self.make(self.game.result(node.state, move), node, move, mover,
                                                node.depth + 1)
        self.size += 1
        self.deepest = max(self.deepest, child.depth)
        if self.emit: self.emit(Event("expand", child.path(), child.mover, None, state=child.state,
                                      action=child.action))
        return child

    # --- 3. rollout

    def rollout(self, node) -> tuple:
        """The payoffs of a game from ``node``: its proven or final payoffs, or else the rollout's."""
        if node.proven is not None:
            u = node.proven
        elif node.player is None:
            u = final_payoffs(self.game, node.state)
            self.playouts += 1              # a game already over: a playout of no moves
        else:
            u = self.rollout_fn(self.game, node.state, self.rng)
            if self.custom_rollout:
                u = payoffs(u, f"the rollout {describe(self.rollout_fn)}", node.state, self.n)
            self.playouts += 1
        if not self.scaled_by_bounds:
            lows, highs = self.lows, self.highs
            for p in range(self.n):
                if u[p] < lows[p]:
                    lows[p] = u[p]
                if u[p] > highs[p]:
                    highs[p] = u[p]
        if self.emit: self.emit(Event("rollout", node.path(), node.player, u, state=node.state))
        return u

    # --- 4. backup

    def backup(self, node, u):
        """Every node from ``node`` up to the root counts one more visit and adds its mover's payoff to W."""
        root, emit, players = self.root, self.emit, range(self.n)
        while node is not None:
            node.N += 1
            m = node.mover
            if m is not None and m >= 0:
                node.W += u[m]
            if self.solver and node.proven is None:
                self.prove(node)
            if node.parent is root:
                sums = self.root_sums.setdefault(node.action, [0.0] * self.n)
                for p in players:
                    sums[p] += u[p]
            if emit: emit(Event("backup", node.path(), m, node.W / node.N if m is not None and m >= 0 else None,
                                state=node.state, child_value=u[m] if m is not None and m >= 0 else u))
            node = node.parent

    def prove(self, node):
        """MCTS-Solver: the node is proven if its player has a proven win, or if all its children are proven."""
        p = node.player
        if p is None or p == CHANCE:
            return
        best, complete = None, not node.untried
        for child in node.children.values():
            v = child.proven
            if v is None:
                complete = False
                continue
            if v[p] >= self.highs[p]:
                best, complete = v, True
                break
            if best is None or v[p] > best[p]:
                best = v
        if complete and best is not None:
            node.proven = best
            if self.emit: self.emit(Event("prove", node.path(), p, best, state=node.state))

    # --- the answer

    def snapshot(self):
        """The statistics of the tree as they stand."""
        last = self.last.path() if self.last is not None else None
        return snapshot(self.root, self.iterations, self.c, self.lows, self.highs, self.game, last)

    def answer(self, final):
        """The move to play (by ``final``), its payoff vector and the principal variation."""
        root = self.root
        p = root.player
        kids = list(root.children.values())
        if root.proven is not None:
            best = next(k for k in kids if k.proven is not None and k.proven[p] == root.proven[p])
            vector = root.proven
        else:
            if self.solver:
                kids = [k for k in kids if not (k.proven is not None and k.proven[p] <= self.lows[p])] or kids
            kids = [k for k in kids if k.N > 0]
            if final == "robust":
                key = lambda k: (k.N, k.W / k.N)
            else:
                key = lambda k: (k.W / k.N, k.N)
            best = max(kids, key=key)       # max keeps the first among equals: actions() order
            vector = tuple(s / best.N for s in self.root_sums[best.action])
        pv, node = [best.action], best
        while node.children:
            node = most_visited(node)
            if node.N == 0:
                break
            pv.append(node.action)
        return best.action, vector, tuple(pv)


def mcts(game, state=None, *, iterations=_DEFAULT, time_limit=None, c=math.sqrt(2), seed=None, final="robust",
         solver=False, bounds=None, snapshots=(), rollout=None, max_playout=PLAYOUT_LIMIT,
         trace=False) -> MCTSResult:
    """Monte Carlo tree search with UCB1 (UCT): the move that random playouts, guided by a growing tree, favour.

    Parameters
    ----------
    game : Game
        Any game: two or more players (``game.num_players``), with or without
        chance nodes.
    state : optional
        The root, a decision node; ``game.initial_state`` when None.
    iterations : int
        Select-expand-rollout-backup rounds; 1000 unless ``time_limit`` is given.
    time_limit : float, optional
        Seconds to search instead (at least one iteration).  Give
        ``iterations`` or ``time_limit``, not both.  A timed search is not
        reproducible: use ``iterations`` for that.
    c : float
        The exploration constant of UCB1, >= 0.  With rewards in [0, 1],
        c = sqrt(2) is UCB1's (Auer et al. 2002); Kocsis & Szepesvári (2006)
        prove that UCT converges to the minimax move with it.  c = 0 is
        greedy.  The lecture's formula is c = 1.
    seed : int or random.Random, optional
        Seeds all randomness (playouts, chance outcomes); the same seed and
        ``iterations`` give the same tree, move and value.
    final : {"robust", "max"}
        The move played: the most visited child ("robust", ties to the larger
        mean), or the child with the largest mean ("max", ties to the more
        visited).  Either way ties then go to the first in ``actions()`` order.
    solver : bool
        MCTS-Solver (Winands et al. 2008), two players only: a node whose
        player can move to a proven win (a payoff equal to the upper bound)
        is proven; one whose children are all proven takes the best of them.
        Proven losses are never selected; the search stops early once the
        root is proven.  Needs finite bounds.
    bounds : (low, high), optional
        Every payoff of every player lies in [low, high]; by default
        ``game.utility_range``.  Without finite
        bounds each player's means are scaled by the least and greatest
        payoffs seen so far for that player.  Mind MIN: in a tree whose leaves
        hold MAX's numbers in [a, b], MIN's payoffs are in [-b, -a], so the
        bounds are (-b, b), or leave them out.
    snapshots : iterable of int
        Iteration counts after which to keep a :class:`TreeSnapshot` in
        ``result.snapshots`` (see :func:`mcts_tree`).
    rollout : function, optional
        ``rollout(game, state, rng) -> payoffs``, one payoff per player, for
        the new node of each iteration (a terminal node needs none: its
        utilities are used).  By default a random playout to the end of the
        game (:func:`playout`); :func:`evaluation_rollout` makes one from an
        evaluation function.  ``rng`` is the search's ``random.Random``.
    max_playout : int
        The most plies one random playout may take (:data:`PLAYOUT_LIMIT`); a
        game whose random play goes on longer raises a GameError instead of
        hanging.  Only the default rollout plays out.
    trace : bool
        Record the events of every iteration in an :class:`MCTSTrace`, from
        which ``draw(result, step=k)`` draws the tree after any iteration.

    Returns
    -------
    MCTSResult
        ``move`` as ``final`` says; ``value`` the mean payoff of the playouts
        through that move (MAX's for two players, a vector for more), or the
        exact value when the solver proved the root; ``pv`` the most visited
        path.  ``stats.nodes`` is the tree's size, ``stats.leaves`` and
        ``stats.playouts`` the rollouts, ``stats.max_depth`` the deepest
        node, and ``stats.iterations``, ``stats.tree_size``,
        ``stats.playouts_per_second``, ``stats.proven`` are added.
        ``result.tree`` is the final :class:`TreeSnapshot` and
        ``result.snapshots`` maps the requested iterations to theirs.

    Raises
    ------
    ValueError
        Bad ``iterations``, ``time_limit``, ``c``, ``final``, ``bounds``,
        ``snapshots`` or ``max_playout``; both ``iterations`` and
        ``time_limit``, or neither; the solver with more than two players or
        without bounds; a terminal or chance root.
    TypeError
        A ``rollout`` that is not a function.
    GameError
        A rollout that returns anything but one number per player.

    Notes
    -----
    Each iteration costs O(d * b) to select (d the tree's depth, b the
    branching) and O(L) to play out a game of L plies; memory is one node
    per iteration.  See Browne et al. (2012) for the many variants.

    Examples
    --------
    The lecture's two-ply tree: MAX's best move is 0, worth 3.  A tree
    declares no bounds, so each player's means are scaled by the payoffs
    seen so far.

    >>> from advsearch import mcts, tree
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = mcts(t, iterations=2000, seed=1)
    >>> r.move, r.stats.iterations, r.stats.tree_size
    (0, 2000, 13)

    With the solver the value is exact and the search stops once it is:

    >>> r = mcts(t, iterations=2000, bounds=(-14, 14), solver=True, seed=1)
    >>> r.move, r.value, r.stats.proven, r.stats.iterations < 2000
    (0, 3, True, True)

    A rollout that evaluates instead of playing at random, here MAX's
    number halved (MIN's payoff is minus MAX's):

    >>> def halve(game, state, rng):
    ...     v = game.utility(state, 0) / 2 if game.is_terminal(state) else 0
    ...     return (v, -v)
    >>> mcts(t, iterations=50, rollout=halve, seed=1).stats.playouts
    50
    """
    state = root_of(game, state, "mcts")
    if iterations is _DEFAULT:
        iterations = 1000 if time_limit is None else None
    elif iterations is not None and time_limit is not None:
        raise ValueError("give either iterations or time_limit, not both")
    if iterations is None and time_limit is None:
        raise ValueError("give iterations (a number of iterations) or time_limit (seconds)")
    iterations = validation.budget("iterations", iterations, whole=True)
    validation.budget("time_limit", time_limit)
    validation.budget("max_playout", max_playout, whole=True)
    if isinstance(c, bool) or not isinstance(c, numbers.Real) or not c >= 0 or not math.isfinite(c):
        raise ValueError(f"c, the exploration constant, must be a number >= 0, not {c!r}")
    if final not in FINALS:
        raise ValueError(f"final must be one of {', '.join(map(repr, FINALS))}, not {final!r}")
    if rollout is not None and not callable(rollout):
        raise TypeError(f"rollout must be a function rollout(game, state, rng) -> payoffs, not {rollout!r}")
    bounds = bounds_of(game, bounds)
    n = game.num_players
    if solver and n != 2:
        raise ValueError(f"the MCTS-Solver is for two-player games, not {n} players")
    if solver and bounds is None:
        raise ValueError("the MCTS-Solver needs the payoffs' bounds to recognise wins: pass bounds=(low, high)")
    try:
        wanted = sorted({validation.budget("a snapshot", k, whole=True) for k in snapshots})
    except TypeError:
        raise ValueError(f"snapshots must be iteration counts, not {snapshots!r}") from None
    if game.is_terminal(state):
        raise ValueError("mcts: the game is already over at the root, so there is no move to choose")
    if game.to_move(state) == CHANCE:
        raise ValueError("mcts chooses a move for a player, but the root is a CHANCE node")

    c = float(c)
    events = MCTSTrace(game, state, "mcts", c=c, bounds=bounds,
                       rollout=None if rollout is None else describe(rollout), solver=solver) if trace else None
    search = UCT(game, state, c=c, bounds=bounds, solver=solver, rng=rng_of(seed), trace=events,
                 rollout=rollout, max_playout=max_playout)
    kept = {}
    from ...timeout import watched      # loaded on first search, not by ``import advsearch``

    iterate = watched(search.iterate)      # each iteration a checkpoint of a cooperative time limit
    start = _time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    while True:
        if iterations is not None and search.iterations >= iterations:
            break
        if deadline is not None and search.iterations and _time.perf_counter() >= deadline:
            break
        if solver and search.root.proven is not None:
            break
        iterate()
        if wanted and search.iterations == wanted[0]:
            kept[wanted.pop(0)] = search.snapshot()
    seconds = _time.perf_counter() - start

    move, vector, pv = search.answer(final)
    value = vector[MAX] if n == 2 else vector
    playouts, size = search.playouts, search.size
    stats = Stats(nodes=size, leaves=playouts, max_depth=search.deepest, seconds=seconds,
                  extra=dict(iterations=search.iterations, playouts=playouts, tree_size=size,
                             playouts_per_second=playouts / seconds if seconds else math.inf,
                             proven=search.root.proven is not None))
    if events is not None:
        events.value, events.pv = value, pv
    return MCTSResult(value, move, pv, stats, events, tree=search.snapshot(), snapshots=kept)
