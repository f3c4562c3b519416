"""Monte Carlo methods: flat Monte Carlo and Monte Carlo tree search (UCT), with an optional MCTS-Solver.

Flat Monte Carlo plays a fixed number of random games after each legal move
and takes the move with the best mean payoff.  UCT grows a tree from the
root, one node per iteration, in four steps:

1. **select**: from the root, while every child has been tried, go to the child with the largest
   UCB1 value  Q(child) + c * sqrt(ln N(node) / N(child));
2. **expand**: add one untried child (the first in ``actions()`` order);
3. **rollout**: play uniformly random moves from it to the end of the game;
4. **backup**: every node on the path adds 1 to N and the playout's payoff to W.

Perspective.  A node keeps W, the sum of the payoffs of *the player who moved
into it* (the player to move at its parent).  The parent picks among its
children by their W / N, so MAX maximises MAX's payoff, MIN maximises MIN's
and, with ``n`` players, each player its own entry of the payoff vector:
a playout's payoffs for every player are backed up, each node taking the
entry of its mover.  Q is W / N scaled to [0, 1] (a win rate) with the
utility bounds, so that UCB1's guarantee holds and c = sqrt(2) is Auer et
al.'s constant.

Chance nodes are not chosen but sampled: selection draws an outcome with its
probability, as does the rollout.

References
----------
Auer, P., Cesa-Bianchi, N. and Fischer, P. (2002). Finite-time analysis of the
multiarmed bandit problem. *Machine Learning* 47, 235-256.  (UCB1.)

Kocsis, L. and Szepesvári, C. (2006). Bandit based Monte-Carlo planning.
*ECML 2006*, LNCS 4212, 282-293.  (UCT.)

Winands, M. H. M., Björnsson, Y. and Saito, J.-T. (2008). Monte-Carlo tree
search solver. *Computers and Games 2008*, LNCS 5131, 25-36.  (MCTS-Solver.)

Browne, C. et al. (2012). A survey of Monte Carlo tree search methods. *IEEE
Transactions on Computational Intelligence and AI in Games* 4(1), 1-43.
"""

from __future__ import annotations

import math
import numbers
import random as _random
import time as _time
from dataclasses import dataclass, field

from ..game import CHANCE, MAX, GameError
from ..result import Event, SearchResult, Stats, Trace, format_number
from ..timeout import check_budget
from .base import chance_outcomes, payoffs, root_of

__all__ = ["mcts", "flat_monte_carlo", "mcts_tree", "draw_tree", "MCTSTrace", "TreeSnapshot", "EdgeStats",
           "MCTS_EVENT_KINDS", "FINALS", "playout"]

#: The trace events of MCTS, beside the depth-first searches' ``enter``, ``leaf``, ... .
MCTS_EVENT_KINDS = ("select", "expand", "rollout", "backup")
#: How :func:`mcts` may choose its final move.
FINALS = ("robust", "max")

_DEFAULT = object()


# --- Random games ---

def _sample(outcomes, rng):
    """An outcome drawn with its probability from ``[(outcome, p), ...]``."""
    x = rng.random()
    for outcome, p in outcomes:
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1][0]              # rounding: the probabilities summed to a little under 1


def final_payoffs(game, state) -> tuple:
    """The payoff vector of a terminal state, checked to be a number for each player."""
    vector = tuple(game.utility(state, p) for p in range(game.num_players))
    return payoffs(vector, f"{game!r}.utility", state, game.num_players)


#: The most plies a playout may take before :func:`playout` gives up (``max_playout=`` changes it).
PLAYOUT_LIMIT = 10_000


def playout(game, state, rng, limit=PLAYOUT_LIMIT) -> tuple:
    """Play uniformly random moves (and chance outcomes by their odds) to the end; the payoff vector.

    A game whose random play may never end would hang here, so after
    ``limit`` plies without reaching a terminal state it raises a GameError.

    >>> import random
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> playout(game, game.state("XX./OO./X.."), random.Random(1)) in {(1, -1), (-1, 1), (0, 0)}
    True
    """
    to_move, actions, result, is_terminal = game.to_move, game.actions, game.result, game.is_terminal
    choice, start = rng.choice, state
    for _ in range(limit):
        if is_terminal(state):
            return final_payoffs(game, state)
        if to_move(state) == CHANCE:
            state = result(state, _sample(chance_outcomes(game, state), rng))
        else:
            state = result(state, choice(actions(state)))
    if is_terminal(state):
        return final_payoffs(game, state)
    raise GameError(
        f"a random playout from {start!r:.200} went {limit:,} plies without reaching a terminal state of "
        f"{game!r}. Monte Carlo search needs games that end: give the game a move limit, or, if its games "
        "are only long, pass max_playout= a larger number of plies"
    )


def _rng(seed):
    return seed if isinstance(seed, _random.Random) else _random.Random(seed)


def _bounds(game, bounds):
    """(low, high) of every payoff, or None when unknown (then UCT scales by the payoffs seen so far)."""
    if bounds is None:
        for name in ("utility_range", "payoff_bounds"):
            b = getattr(game, name, None)
            if b is not None and all(math.isfinite(x) for x in b):
                bounds = b
                break
        else:
            return None
    try:
        low, high = (float(x) for x in bounds)
    except (TypeError, ValueError):
        raise ValueError(f"bounds must be (low, high), two numbers, not {bounds!r}") from None
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise ValueError(f"bounds must be finite with low < high, not {bounds!r}")
    return low, high


# --- Flat Monte Carlo ---

def flat_monte_carlo(game, state=None, *, playouts_per_move=50, seed=None,
                     max_playout=PLAYOUT_LIMIT) -> SearchResult:
    """The move whose random games score best: ``playouts_per_move`` playouts after every legal move.

    Parameters
    ----------
    game : Game
        Any game: two or more players, with or without chance nodes below
        the root.
    state : optional
        The root, a decision node; ``game.initial_state`` when None.
    playouts_per_move : int
        Random games played after each move (the lecture's 50).
    seed : int or random.Random, optional
        Seeds the playouts; the same seed gives the same result.
    max_playout : int
        The most plies one playout may take (:data:`PLAYOUT_LIMIT`); a game
        whose random play goes on longer raises a GameError instead of hanging.

    Returns
    -------
    SearchResult
        ``move``: the action with the largest mean payoff for the player to
        move, the first in ``actions()`` order among equals.  ``value``: the
        mean payoffs of that move's playouts, as the value convention says:
        MAX's mean utility for two players, the vector of means for more.
        ``stats.leaves`` and ``stats.playouts`` count the random games,
        ``stats.playouts_per_second`` their speed, ``stats.means`` maps each
        action to its mean payoff for the player to move.

    Notes
    -----
    Time O(b * playouts_per_move * L) for b moves and games of L plies.  It
    looks only one move ahead: every later move is random, so it prefers
    moves that do well against random play, not against a good opponent
    (Browne et al. 2012, section 2.3).

    Examples
    --------
    X to move can win at once in the top row:

    >>> from advsearch import TicTacToe, flat_monte_carlo
    >>> game = TicTacToe()
    >>> r = flat_monte_carlo(game, game.state("XX./OO./..."), playouts_per_move=20, seed=1)
    >>> r.move, r.value, r.stats.playouts
    (2, 1.0, 100)
    """
    state = root_of(game, state, "flat_monte_carlo")
    playouts_per_move = int(check_budget("playouts_per_move", playouts_per_move, whole=True))
    check_budget("max_playout", max_playout, whole=True)
    rng = _rng(seed)
    start = _time.perf_counter()
    if game.is_terminal(state):
        raise ValueError("flat_monte_carlo: the game is already over at the root, so there is no move to choose")
    player = game.to_move(state)
    if player == CHANCE:
        raise ValueError("flat_monte_carlo chooses a move for a player, but the root is a CHANCE node")
    n = game.num_players
    best = best_mean = best_sums = None
    means = {}
    for a in game.actions(state):
        child = game.result(state, a)
        sums = [0.0] * n
        for _ in range(playouts_per_move):
            for p, u in enumerate(playout(game, child, rng, max_playout)):
                sums[p] += u
        means[a] = mean = sums[player] / playouts_per_move
        if best is None or mean > best_mean:
            best, best_mean, best_sums = a, mean, sums
    if best is None:
        raise GameError(f"flat_monte_carlo: no legal actions in the non-terminal state {state!r}")
    seconds = _time.perf_counter() - start
    count = playouts_per_move * len(means)
    vector = tuple(s / playouts_per_move for s in best_sums)
    stats = Stats(nodes=1 + len(means), leaves=count, max_depth=1, seconds=seconds,
                  extra=dict(playouts=count, playouts_per_second=count / seconds if seconds else math.inf,
                             means=means))
    return SearchResult(vector[MAX] if n == 2 else vector, best, (best,), stats, None)


# --- UCT ---

class _Node:
    """A node of the search tree.  ``W`` sums the payoffs of ``mover``, the player who moved into it."""

    __slots__ = ("state", "parent", "action", "mover", "player", "children", "untried", "outcomes",
                 "N", "W", "proven", "depth")

    def __init__(self, state, parent, action, mover, player, depth):
        self.state, self.parent, self.action, self.mover, self.player = state, parent, action, mover, player
        self.children = {}
        self.untried = None
        self.outcomes = None
        self.N = 0
        self.W = 0.0
        self.proven = None              # the exact payoff vector, once the solver proves it
        self.depth = depth

    def path(self) -> tuple:
        out, node = [], self
        while node.parent is not None:
            out.append(node.action)
            node = node.parent
        return tuple(reversed(out))


@dataclass(frozen=True)
class EdgeStats:
    """What a snapshot knows of one node, i.e. of the edge from its parent.

    ``N`` visits; ``mean`` W / N scaled to [0, 1] (the mover's win rate);
    ``utility`` W / N in the game's units; ``ucb`` the UCB1 value the parent
    would give it (None at the root); ``mover`` who moved into it; ``player``
    who is to move in it (None at a terminal, CHANCE at a chance node);
    ``proven`` the solver's exact payoff vector or None; ``label`` the game's
    name for the state, if any.
    """

    N: int
    mean: float | None
    utility: float | None
    ucb: float | None
    mover: int | None
    player: int | None
    proven: tuple | None = None
    label: str | None = None
    state: object = None


@dataclass
class TreeSnapshot:
    """The MCTS tree after ``iteration`` iterations: :class:`EdgeStats` keyed by path (the root is ``()``)."""

    iteration: int
    c: float
    bounds: tuple          # (low, high) of each player's payoffs, as used for scaling
    nodes: dict = field(default_factory=dict)
    num_players: int = 2

    def children(self, path=()) -> list:
        """The paths of the children of ``path``, in the order they were expanded."""
        k = len(path) + 1
        return [p for p in self.nodes if len(p) == k and p[:-1] == path]

    def to_networkx(self, max_depth=None):
        """A ``networkx.DiGraph`` keyed by path; node attributes are the :class:`EdgeStats` fields."""
        import networkx as nx
        graph = nx.DiGraph(iteration=self.iteration)
        for path, info in self.nodes.items():
            if max_depth is not None and len(path) > max_depth:
                continue
            graph.add_node(path, **info.__dict__)
            if path:
                graph.add_edge(path[:-1], path, action=path[-1])
        return graph

    def __repr__(self) -> str:
        return f"<TreeSnapshot after {self.iteration} iterations: {len(self.nodes)} nodes>"


class MCTSTrace(Trace):
    """The events of an MCTS run: ``select``, ``expand``, ``rollout`` and ``backup``, iteration after iteration.

    ``select`` (path of the chosen child, ``player`` who chose, ``value`` its
    UCB1, ``child_value`` its scaled mean; at a chance node ``value`` is the
    outcome's probability); ``expand`` (path of the new node); ``rollout``
    (path it starts from, ``value`` the playout's payoff vector, or the
    proven one); ``backup`` (each node on the way up, ``player`` its mover,
    ``value`` its new mean W / N in the game's units, ``child_value`` the
    payoff it added).  Every iteration ends with the root's backup.
    """

    def iterations(self) -> list:
        """The events split by iteration."""
        out, current = [], []
        for e in self:
            current.append(e)
            if e.kind == "backup" and not e.path:
                out.append(current)
                current = []
        return out

    def _sentence(self, e, states, previous) -> str:
        f = format_number
        where = self.name(e.path, e.state)
        if e.kind == "select":
            if e.player == CHANCE:
                return f"Chance draws {where} (probability {f(e.value)})."
            return f"Select {where}: UCB = {f(e.value)} (mean {f(e.child_value)})."
        if e.kind == "expand":
            return f"Expand {where}."
        if e.kind == "rollout":
            return f"Random playout from {where} ends with payoffs {f(e.value)}."
        if e.kind == "backup":
            if e.value is None:         # the root, or a chance node: no player moved into it
                return f"Back up {f(e.child_value)} at {where}: one more visit (no player moved here, so no mean)."
            return f"Back up {f(e.child_value)} at {where}: mean now {f(e.value)}."
        return super()._sentence(e, states, previous)


def mcts(game, state=None, *, iterations=_DEFAULT, time=None, c=math.sqrt(2), seed=None, final="robust",
         solver=False, bounds=None, snapshots=(), max_playout=PLAYOUT_LIMIT, trace=False) -> SearchResult:
    """Monte Carlo tree search with UCB1 (UCT): the move that random playouts, guided by a growing tree, favour.

    Parameters
    ----------
    game : Game
        Any game: two or more players (``game.num_players``), with or without
        chance nodes.
    state : optional
        The root, a decision node; ``game.initial_state`` when None.
    iterations : int
        Select-expand-rollout-backup rounds; 1000 unless ``time`` is given.
    time : float, optional
        Seconds to search instead (at least one iteration).  Give
        ``iterations`` or ``time``, not both.  A timed search is not
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
        ``game.utility_range`` or ``game.payoff_bounds``.  Without finite
        bounds each player's means are scaled by the least and greatest
        payoffs seen so far for that player.  Mind MIN: in a tree whose leaves
        hold MAX's numbers in [a, b], MIN's payoffs are in [-b, -a], so the
        bounds are (-b, b), or leave them out.
    snapshots : iterable of int
        Iteration counts after which to keep a :class:`TreeSnapshot` in
        ``result.snapshots`` (see :func:`mcts_tree`).
    max_playout : int
        The most plies one playout may take (:data:`PLAYOUT_LIMIT`); a game
        whose random play goes on longer raises a GameError instead of hanging.
    trace : bool
        Record the events of every iteration in an :class:`MCTSTrace`.

    Returns
    -------
    SearchResult
        ``move`` as ``final`` says; ``value`` the mean payoff of the playouts
        through that move (MAX's for two players, a vector for more), or the
        exact value when the solver proved the root; ``pv`` the most visited
        path.  ``stats.nodes`` is the tree's size, ``stats.leaves`` and
        ``stats.playouts`` the random games, ``stats.max_depth`` the deepest
        node, and ``stats.iterations``, ``stats.tree_size``,
        ``stats.playouts_per_second``, ``stats.proven`` are added.
        ``result.tree`` is the final :class:`TreeSnapshot` and
        ``result.snapshots`` maps the requested iterations to theirs.

    Raises
    ------
    ValueError
        Bad ``iterations``, ``time``, ``c``, ``final``, ``bounds`` or
        ``snapshots``; both ``iterations`` and ``time``, or neither;
        the solver with more than two players or without bounds; a terminal
        or chance root.

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
    """
    state = root_of(game, state, "mcts")
    if iterations is _DEFAULT:
        iterations = 1000 if time is None else None
    elif iterations is not None and time is not None:
        raise ValueError("give either iterations or time, not both")
    if iterations is None and time is None:
        raise ValueError("give iterations (a number of iterations) or time (seconds)")
    iterations = check_budget("iterations", iterations, whole=True)
    check_budget("time", time)
    check_budget("max_playout", max_playout, whole=True)
    if isinstance(c, bool) or not isinstance(c, numbers.Real) or not c >= 0 or not math.isfinite(c):
        raise ValueError(f"c, the exploration constant, must be a number >= 0, not {c!r}")
    if final not in FINALS:
        raise ValueError(f"final must be one of {', '.join(map(repr, FINALS))}, not {final!r}")
    bounds = _bounds(game, bounds)
    n = game.num_players
    if solver and n != 2:
        raise ValueError(f"the MCTS-Solver is for two-player games, not {n} players")
    if solver and bounds is None:
        raise ValueError("the MCTS-Solver needs the payoffs' bounds to recognise wins: pass bounds=(low, high)")
    try:
        wanted = sorted({check_budget("a snapshot", k, whole=True) for k in snapshots})
    except TypeError:
        raise ValueError(f"snapshots must be iteration counts, not {snapshots!r}") from None

    to_move, actions, result, is_terminal = game.to_move, game.actions, game.result, game.is_terminal
    if is_terminal(state):
        raise ValueError("mcts: the game is already over at the root, so there is no move to choose")
    if to_move(state) == CHANCE:
        raise ValueError("mcts chooses a move for a player, but the root is a CHANCE node")
    rng = _rng(seed)
    players = range(n)
    c = float(c)
    log, sqrt = math.log, math.sqrt
    if bounds is not None:
        low, high = bounds
        lows, highs = [low] * n, [high] * n
    else:                                   # scaled by each player's payoffs seen so far
        lows, highs = [math.inf] * n, [-math.inf] * n
    tracing = bool(trace)
    events = MCTSTrace(game, state, "mcts") if tracing else None
    emit = events.append if tracing else None

    def make(state, parent, action, mover, depth):
        node = _Node(state, parent, action, mover, None if is_terminal(state) else to_move(state), depth)
        if node.player is None:
            if solver:
                node.proven = final_payoffs(game, state)
        elif node.player == CHANCE:
            node.outcomes = chance_outcomes(game, state)
        else:
            node.untried = list(actions(state))
            node.untried.reverse()          # popped from the end: actions() order
            if not node.untried:
                raise GameError(f"mcts: no legal actions in the non-terminal state {state!r}")
        return node

    def ucb(child, log_n, low, span):
        q = (child.W / child.N - low) / span
        return q + c * sqrt(log_n / child.N), q

    def select(node):
        """The child of a fully expanded decision node with the largest UCB1 (the first among equals)."""
        p = node.player
        low = lows[p]
        span = highs[p] - low if highs[p] > low else 1.0
        log_n = log(node.N)
        best = best_u = best_q = None
        for child in node.children.values():
            if solver and child.proven is not None and child.proven[p] <= low:
                continue                    # a proven loss is never worth another visit
            u, q = ucb(child, log_n, low, span)
            if best is None or u > best_u:
                best, best_u, best_q = child, u, q
        if tracing: emit(Event("select", best.path(), p, best_u, state=best.state, action=best.action,
                               child_value=best_q))
        return best

    def prove(node):
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
            if v[p] >= highs[p]:
                node.proven = v
                return
            if best is None or v[p] > best[p]:
                best = v
        if complete and best is not None:
            node.proven = best

    root = make(state, None, None, None, 0)
    size, deepest, playouts, done = 1, 0, 0, 0
    root_sums = {}                          # action -> the payoff vectors summed through it
    kept = {}
    start = _time.perf_counter()
    deadline = None if time is None else start + time
    while True:
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and done and _time.perf_counter() >= deadline:
            break
        if solver and root.proven is not None:
            break
        # 1. select, down to a node with an untried child (or a terminal or proven node)
        node = root
        while node.player is not None and node.proven is None:
            if node.player == CHANCE:
                outcome = _sample(node.outcomes, rng)
                child = node.children.get(outcome)
                if tracing: emit(Event("select", node.path() + (outcome,), CHANCE,
                                       dict(node.outcomes)[outcome], action=outcome))
                if child is None:           # 2. expand an outcome not drawn before
                    child = node.children[outcome] = make(result(node.state, outcome), node, outcome, CHANCE,
                                                          node.depth + 1)
                    break
                node = child
            elif node.untried:              # 2. expand the first untried action
                a = node.untried.pop()
                child = node.children[a] = make(result(node.state, a), node, a, node.player, node.depth + 1)
                break
            else:
                node = child = select(node)
        else:
            child = node
        node = child
        if node.parent is not None and node.N == 0:
            size += 1
            if node.depth > deepest:
                deepest = node.depth
            if tracing: emit(Event("expand", node.path(), node.mover, None, state=node.state, action=node.action))
        # 3. rollout
        if node.proven is not None:
            u = node.proven
        elif node.player is None:
            u = final_payoffs(game, node.state)
            playouts += 1                   # a game already over: a playout of no moves
        else:
            u = playout(game, node.state, rng, max_playout)
            playouts += 1
        if bounds is None:
            for p in players:
                if u[p] < lows[p]:
                    lows[p] = u[p]
                if u[p] > highs[p]:
                    highs[p] = u[p]
        if tracing: emit(Event("rollout", node.path(), node.player, u, state=node.state))
        # 4. backup: each node adds the payoff of the player who moved into it
        while node is not None:
            node.N += 1
            m = node.mover
            if m is not None and m >= 0:
                node.W += u[m]
            if solver and node.proven is None:
                prove(node)
            if node.parent is root:
                sums = root_sums.setdefault(node.action, [0.0] * n)
                for p in players:
                    sums[p] += u[p]
            if tracing: emit(Event("backup", node.path(), m, node.W / node.N if m is not None and m >= 0 else None,
                                   state=node.state, child_value=u[m] if m is not None and m >= 0 else u))
            node = node.parent
        done += 1
        if wanted and done == wanted[0]:
            kept[wanted.pop(0)] = _snapshot(root, done, c, lows, highs, game)
    seconds = _time.perf_counter() - start

    # The final move.
    p = root.player
    kids = list(root.children.values())
    if solver and root.proven is not None:
        best = next(k for k in kids if k.proven is not None and k.proven[p] == root.proven[p])
    else:
        if solver:
            kids = [k for k in kids if not (k.proven is not None and k.proven[p] <= lows[p])] or kids
        kids = [k for k in kids if k.N > 0]
        if final == "robust":
            key = lambda k: (k.N, k.W / k.N)
        else:
            key = lambda k: (k.W / k.N, k.N)
        best = max(kids, key=key)           # max keeps the first among equals: actions() order
    if solver and root.proven is not None:
        vector = root.proven
    else:
        vector = tuple(s / best.N for s in root_sums[best.action])
    pv, node = [best.action], best
    while node.children:
        node = max(node.children.values(), key=lambda k: k.N)
        if node.N == 0:
            break
        pv.append(node.action)
    stats = Stats(nodes=size, leaves=playouts, max_depth=deepest, seconds=seconds,
                  extra=dict(iterations=done, playouts=playouts, tree_size=size,
                             playouts_per_second=playouts / seconds if seconds else math.inf,
                             proven=root.proven is not None))
    if tracing:
        events.value = vector[MAX] if n == 2 else vector
        events.pv = tuple(pv)
    out = SearchResult(vector[MAX] if n == 2 else vector, best.action, tuple(pv), stats, events)
    out.tree = _snapshot(root, done, c, lows, highs, game)
    out.snapshots = kept
    return out


def _snapshot(root, iteration, c, lows, highs, game) -> TreeSnapshot:
    """Copy the statistics of the tree into a :class:`TreeSnapshot`."""
    bounds = tuple(zip(lows, highs))
    label = getattr(game, "label", None)
    snap = TreeSnapshot(iteration, c, bounds, num_players=game.num_players)
    stack = [(root, ())]
    while stack:
        node, path = stack.pop()
        parent = node.parent
        mean = utility = u = None
        if node.N and node.mover is not None and node.mover >= 0:
            utility = node.W / node.N
            low, high = lows[node.mover], highs[node.mover]
            mean = (utility - low) / (high - low) if high > low else 0.5
            if parent is not None and parent.N:
                u = mean + c * math.sqrt(math.log(parent.N) / node.N)
        snap.nodes[path] = EdgeStats(node.N, mean, utility, u, node.mover, node.player, node.proven,
                                     label(node.state) if label is not None else None, node.state)
        for a, child in reversed(node.children.items()):
            stack.append((child, path + (a,)))
    # depth-first order, children in expansion order
    return snap


def mcts_tree(result, iteration=None) -> TreeSnapshot:
    """The snapshot of an :func:`mcts` result's tree after ``iteration`` iterations (None: the final tree).

    >>> from advsearch import TicTacToe, mcts
    >>> game = TicTacToe()
    >>> r = mcts(game, game.state("XX./OO./..."), iterations=50, snapshots=[10], seed=0)
    >>> mcts_tree(r, 10)
    <TreeSnapshot after 10 iterations: 8 nodes>
    >>> mcts_tree(r).nodes[(2,)].N > 10
    True
    """
    if iteration is None:
        return result.tree
    snaps = getattr(result, "snapshots", None) or {}
    if iteration not in snaps:
        raise ValueError(f"no snapshot after {iteration!r} iterations; this result kept "
                         f"{sorted(snaps) or 'none'} (pass snapshots=[...] to mcts)")
    return snaps[iteration]


_COLOURS = ("tab:red", "tab:blue", "tab:green", "tab:orange", "tab:purple", "tab:brown")


def draw_tree(snapshot, ax=None, *, max_depth=2, max_children=None, min_visits=1, fontsize=7):
    """Draw an MCTS tree (a :class:`TreeSnapshot` or an :func:`mcts` result) with N, mean and UCB on each edge.

    Parameters
    ----------
    snapshot : TreeSnapshot or SearchResult
        What to draw; a result draws its final tree.
    ax : matplotlib Axes, optional
        Where to draw; a new figure sized to the tree when None.
    max_depth : int
        Plies below the root to show.
    max_children : int, optional
        Show at most this many children of each node, the most visited.
    min_visits : int
        Hide nodes visited fewer times.
    fontsize : float
        Of the edge labels.

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Nodes are ▲ for MAX (player 0), ▼ for MIN, ○ for chance and ■ for a
    terminal; with more players they are coloured by player.  Each edge reads
    ``N``, the mover's scaled mean ``Q`` and ``UCB``; the most visited child
    of every node is drawn bold.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from advsearch import TicTacToe, mcts
    >>> game = TicTacToe()
    >>> r = mcts(game, game.state("XX./OO./..."), iterations=60, seed=0)
    >>> ax = draw_tree(r, max_depth=1)
    >>> len(ax.texts) > 5
    True
    """
    import matplotlib.pyplot as plt
    import networkx as nx

    from ..drawing.layout import tidy_layout

    snap = getattr(snapshot, "tree", snapshot)
    if not isinstance(snap, TreeSnapshot):
        raise ValueError(f"draw_tree needs a TreeSnapshot or an mcts result, not {snapshot!r}")
    graph = nx.DiGraph()
    graph.add_node(())
    order = [()]
    for path in order:
        if len(path) >= max_depth:
            continue
        kids = [k for k in snap.children(path) if snap.nodes[k].N >= min_visits]
        if max_children is not None:
            kids = sorted(sorted(kids, key=lambda k: -snap.nodes[k].N)[:max_children], key=kids.index)
        graph.nodes[path]["children"] = kids
        for k in kids:
            graph.add_edge(path, k)
            order.append(k)
    pos = tidy_layout(graph)
    width = max(x for x, _ in pos.values()) + 1
    if ax is None:
        _, ax = plt.subplots(figsize=(max(4.0, 1.25 * width), 2.4 * (max_depth + 0.6)))
    spread = 1.0
    for (a, b) in graph.edges:
        info = snap.nodes[b]
        bold = info.N == max(snap.nodes[k].N for k in graph.nodes[a]["children"])
        (x0, y0), (x1, y1) = pos[a], pos[b]
        ax.plot([x0, x1], [y0, y1], color="black", lw=2.2 if bold else 0.8, zorder=1)
        text = f"N={info.N}"
        if info.mean is not None:
            text += f"\nQ={info.mean:.2f}"
        if info.ucb is not None:
            text += f"\nUCB={info.ucb:.2f}"
        if info.proven is not None:
            text += "\nproven " + format_number(info.proven)
        xm, ym = x0 + 0.62 * (x1 - x0), y0 + 0.62 * (y1 - y0)
        ax.text(xm, ym, text, fontsize=fontsize, ha="center", va="center", zorder=3,
                bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.9))
    for node in graph.nodes:
        info = snap.nodes[node]
        x, y = pos[node]
        player = info.player
        if player is None:
            marker, colour = "s", "grey"
        elif player == CHANCE:
            marker, colour = "o", "white"
        elif snap.num_players == 2:
            marker, colour = ("^", "tab:red") if player == MAX else ("v", "tab:blue")
        else:
            marker, colour = "o", _COLOURS[player % len(_COLOURS)]
        ax.scatter([x], [y], s=220, marker=marker, c=colour, edgecolors="black", zorder=2)
        name = info.label if info.label is not None else ("root" if not node else str(node[-1]))
        ax.text(x + 0.14 * spread, y + 0.1 * spread, name, fontsize=fontsize + 1, ha="left", va="bottom", zorder=3)
    ax.set_title(f"MCTS tree after {snap.iteration} iterations (c = {snap.c:.3g})", fontsize=fontsize + 3)
    ax.set_xlim(-0.7, width - 0.3)
    ax.set_ylim(-max_depth - 0.5, 0.6)
    ax.axis("off")
    return ax
