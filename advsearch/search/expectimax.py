"""Games of chance: expectimax, expectiminimax, and Ballard's Star1 and Star2 pruning.

A chance node is valued by the average of its outcomes, each weighted by its
probability P(r); MAX and MIN nodes stay as in minimax:

ExpectiMinimax(s) = Utility(s)                                  if TerminalTest(s)
                  = max over a of ExpectiMinimax(Result(s, a))  if Player(s) = MAX
                  = min over a of ExpectiMinimax(Result(s, a))  if Player(s) = MIN
                  = sum over r of P(r) ExpectiMinimax(Result(s, r))  if Player(s) = CHANCE

:func:`expectimax` is the one-player case: MAX against chance, where an
opponent who plays at random is one more chance node.  :func:`expectiminimax`
has all three kinds of nodes and, given bounds on the utilities, prunes like
alpha-beta with Ballard's Star1 and Star2 (Ballard 1983).

Conventions shared by both searches
-----------------------------------
- The value is an expectation, for MAX.  With exact probabilities
  (:class:`fractions.Fraction`, as :func:`~advsearch.random_tree` makes) and
  whole-number utilities, values are exact Fractions.
- The move is the first best one in ``actions()`` order.  A chance node (or,
  in expectimax, the random opponent) at the root makes no choice: the move is
  then None.
- The principal variation stops at the first chance node: beyond it, what
  happens depends on chance, and best play differs from outcome to outcome.
- ``depth`` counts every level of the tree, chance levels included (a path of
  actions and outcomes from the root).  Note that :func:`~advsearch.random_tree`
  counts only decision plies: ``random_tree(2, 3, chance=True)`` is 6 levels high.
- ``stats.nodes`` counts node visits, the root included; ``stats.leaves`` the
  states scored by Utility or Eval.

References
----------
Russell, S. and Norvig, P., *Artificial Intelligence: A Modern Approach*,
4th ed., section 5.5 (stochastic games, EXPECTIMINIMAX).

Ballard, B. W. (1983). The *-minimax search procedure for trees containing
chance nodes. *Artificial Intelligence* 21(3), 327-350.

Hauk, T., Buro, M. and Schaeffer, J. (2006). Rediscovering *-minimax search.
*Computers and Games 2004*, LNCS 3846, 35-50.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, NamedTuple

from ..game import CHANCE, MAX, MIN, GameView
from .base import Search, chance_outcomes, inf, root_of
from .alphabeta import max_and_min_value as alphabeta_max_and_min_value
from .minimax import max_and_min_value as minimax_max_and_min_value


#: The values ``expectiminimax`` accepts for ``pruning``.
PRUNINGS = (None, "star1", "star2")


class RandomOpponent(GameView):
    """``game`` as MAX sees it against an opponent who picks uniformly at random.

    Every state where MIN is to move becomes a CHANCE node whose outcomes are
    MIN's actions, each with probability ``Fraction(1, k)`` for k actions.
    Everything else, chance nodes included, is ``game``'s own.  A trace of a
    search over it draws MIN's nodes as chance nodes ○ with 1/k on the edges.

    Examples
    --------
    >>> from advsearch import tree
    >>> g = RandomOpponent(tree([[3, 12, 8], [2, 4, 6]]))
    >>> s = g.result(g.initial_state, 0)
    >>> g.to_move(s), g.chance_outcomes(s)
    (-1, [(0, Fraction(1, 3)), (1, Fraction(1, 3)), (2, Fraction(1, 3))])
    """

    def __init__(self, game):
        super().__init__(game)
        self.initial_state = game.initial_state
        self.num_players = getattr(game, "num_players", 2)

    def to_move(self, state):
        player = self.game.to_move(state)
        return CHANCE if player == MIN else player

    def actions(self, state):
        return self.game.actions(state)

    def result(self, state, action):
        return self.game.result(state, action)

    def is_terminal(self, state):
        return self.game.is_terminal(state)

    def utility(self, state, player):
        return self.game.utility(state, player)

    def chance_outcomes(self, state):
        if self.game.to_move(state) != MIN:
            return self.game.chance_outcomes(state)
        actions = list(self.game.actions(state))
        return [(a, Fraction(1, len(actions))) for a in actions]

    def render(self, state):
        return self.game.render(state)

    def __repr__(self) -> str:
        return f"RandomOpponent({self.game!r})"


def expectimax(game, state=None, *, depth=None, evaluate=None, trace=False):
    """The best move for MAX against chance, maximising MAX's expected utility.

    MAX nodes take the maximum of their children; chance nodes the average of
    their outcomes weighted by ``game.chance_outcomes``.  MIN's nodes are
    treated as an opponent who plays uniformly at random among its actions (see
    :class:`RandomOpponent`): against such an opponent, minimax's worst-case
    move need not be the best one.

    Parameters
    ----------
    game : Game
        A two-player game, with or without chance nodes.
    state : optional
        The root; ``game.initial_state`` when None.
    depth : int, optional
        Cut off after this many levels (chance levels count) and score with
        ``evaluate``.
    evaluate : callable, optional
        ``evaluate(state, player) -> number``, needed when ``depth`` is given.
    trace : bool
        Record enter, leaf, update and exit events in ``result.trace``.  The
        trace's game is ``RandomOpponent(game)``, so ``advsearch.draw`` shows
        MIN's nodes as chance nodes ○ with their probabilities.

    Returns
    -------
    SearchResult
        ``value`` is MAX's expected utility, whoever moves at the root;
        ``move`` the first best action in ``actions()`` order (None when MAX
        is not to move at the root);
        ``pv`` stops at the first chance node; ``stats.nodes`` counts every
        state visited, the root included, and ``stats.leaves`` those scored.

    Notes
    -----
    Time O(b^m) and space O(bm), where b counts actions and outcomes alike:
    every node is visited, as in minimax (Russell & Norvig, *AIMA*, 4th ed.,
    section 5.5).  Values are expectations, so unlike minimax the move can
    change under a monotonic but non-linear transformation of the utilities;
    only positive linear ones preserve it.

    Examples
    --------
    The opponent picks each of its three replies with probability 1/3.
    Minimax plays for the best worst case, expectimax for the best average:

    >>> from advsearch import expectimax, minimax, tree
    >>> t = tree([[3, 4, 5], [1, 2, 6], [1, 10, 10]])
    >>> minimax(t).move, expectimax(t).move, expectimax(t).value
    (0, 2, Fraction(7, 1))
    >>> expectimax(t).stats.nodes, expectimax(t).stats.leaves
    (13, 9)
    """
    root_of(game, state, "expectimax")
    return _expectiminimax(RandomOpponent(game), state, depth, evaluate, trace, "expectimax")


def expectiminimax(game, state=None, *, depth=None, evaluate=None, pruning=None, bounds=None,
                   prune_on_equal=True, trace=False):
    """The value and best move in a two-player game with chance nodes.

    MAX nodes take the maximum of their children, MIN nodes the minimum and
    chance nodes the average of their outcomes, weighted by the probabilities
    of ``game.chance_outcomes``.  With ``pruning`` it skips what cannot change
    the answer, as alpha-beta does, and finds the same value and move.

    Parameters
    ----------
    game : Game
        A two-player game whose ``to_move`` gives MAX, MIN or CHANCE.
    state : optional
        The root; ``game.initial_state`` when None.
    depth : int, optional
        Cut off after this many levels (chance levels count) and score with
        ``evaluate``.
    evaluate : callable, optional
        ``evaluate(state, player) -> number``, needed when ``depth`` is given.
    pruning : {None, "star1", "star2"}
        None searches every node.  "star1" is Ballard's Star1: alpha-beta at
        MAX and MIN nodes, and at a chance node a cut as soon as the outcomes
        searched so far, with the others at their worst or best, settle that
        the node's value lies outside (alpha, beta).  "star2" adds Star2's
        probing: before searching any outcome in full, it searches only the
        first child of each outcome that is a MAX or MIN node, which bounds
        that outcome (from below at MAX, from above at MIN), and cuts if these
        bounds already settle the chance node.  It is made for regular trees,
        where chance nodes alternate with MAX and MIN ones, and is correct on
        any tree.
    bounds : (low, high), optional
        The least and greatest value any leaf can score, Utility or Eval;
        ``game.utility_range`` when not given.  Pruning needs them finite.
        When given, or when pruning, every leaf is checked to lie within them.
    prune_on_equal : bool
        As in :func:`~advsearch.alphabeta`, for Star1 and Star2: True cuts
        a MAX node when v >= beta, a MIN node when v <= alpha, and a chance
        node when its value's upper end falls to alpha or its lower end
        reaches beta; False cuts only strictly beyond the bounds.  The value
        and move are the same either way; False scores as many leaves or more.
    trace : bool
        Record enter, leaf, update, prune and exit events in ``result.trace``.

    Returns
    -------
    SearchResult
        ``value`` is MAX's expected utility, whoever moves at the root (exact
        with Fraction probabilities); ``move`` the first best action in ``actions()``
        order, None when chance moves at the root; ``pv`` stops at the first
        chance node.  ``stats.nodes`` counts node visits, the root included
        (Star2 visits a probed node twice: once to probe it, once to search
        it); ``stats.leaves`` counts states scored, probes' leaves included;
        ``stats.prunes`` counts the pruning tests that fired, at MAX, MIN
        and chance nodes; with Star2, ``stats.probes`` counts the probes.

    Raises
    ------
    ValueError
        For an unknown ``pruning``; for bounds that are not a pair of numbers
        with low < high; for pruning without finite bounds; for a bad depth.
    TypeError
        For a ``prune_on_equal`` that is not True or False.
    GameError
        For a leaf outside the bounds, where pruning would be unsound, and for
        chance probabilities that are not positive or do not sum to 1 (an
        InvalidTreeError, for an explicit tree).

    Notes
    -----
    Without pruning, time is O(b^m n^m) for b moves and n outcomes per level
    (Russell & Norvig, *AIMA*, 4th ed., section 5.5).

    How the pruning works.  Every leaf lies in [L, U] = ``bounds``.  A chance
    node searched with the window (alpha, beta) knows, for each outcome i,
    an interval lo_i <= V_i <= hi_i: [L, U] at first, the exact value once
    it is searched, and with Star2 a probe's bound.  So its own value lies in
    [sum of P_i lo_i, sum of P_i hi_i]; when the upper end falls to alpha or
    below it stops and returns that upper bound, and when the lower end
    reaches beta it returns the lower bound.  Outcome i is searched with the
    window of values for which the node would stay inside (alpha, beta):
    alpha_i = (alpha - sum of P_j hi_j over j != i) / P_i, and
    beta_i = (beta - sum of P_j lo_j over j != i) / P_i, cut to [L, U].
    These cuts, like alpha-beta's, depend only on bounds that always hold,
    so they are correct whatever the order of the children.

    Ballard (1983) found that Star1 saves 25-30 percent of an exhaustive
    search, and Star2 more than half with random ordering, on regular trees.
    With Star2 the result of each probe is kept, and the search that follows
    takes it as its first child's result instead of searching that child
    again (as a transposition table would); so no leaf is scored twice, and
    neither Star1 nor Star2 ever scores more leaves than the search without
    pruning.  Bounds far wider than the true range of the leaves leave
    little to prune.

    Examples
    --------
    The lecture's chance node: 1/2 * 8 + 1/3 * 24 + 1/6 * (-12) = 10.

    >>> from fractions import Fraction as F
    >>> from advsearch import chance, expectiminimax, tree
    >>> t = tree([chance((F(1, 2), 8), (F(1, 3), 24), (F(1, 6), -12)), chance((F(1, 2), 9), (F(1, 2), 3))])
    >>> r = expectiminimax(t)
    >>> r.value, r.move, r.pv
    (Fraction(10, 1), 0, (0,))

    Star1, with every leaf known to lie in [0, 10]: once the first chance
    node is worth 7, MAX needs more than 7 from the second.  Its first
    outcome scores 0, so it is worth at most 1/2 * 0 + 1/2 * 10 = 5, and its
    second leaf is pruned:

    >>> r = expectiminimax(tree([chance((F(1, 2), 8), (F(1, 2), 6)), chance((F(1, 2), 0), (F(1, 2), 9))]),
    ...                    pruning="star1", bounds=(0, 10))
    >>> r.value, r.stats.leaves, r.stats.prunes
    (Fraction(7, 1), 3, 1)

    Star2 on a regular tree.  At E it probes F and G, whose first leaves are
    1 and 5, so E is worth at most 1/2 * 1 + 1/2 * 5 = 3, no more than B's 3:
    E is cut before F or G is searched any further.  Nodes and leaves scored
    without pruning, with Star1 and with Star2:

    >>> from advsearch import parse
    >>> t = parse("A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]")
    >>> [(r.stats.nodes, r.stats.leaves) for r in (expectiminimax(t, pruning=p, bounds=(0, 10))
    ...                                            for p in (None, "star1", "star2"))]
    [(15, 8), (14, 7), (15, 6)]

    E's bound 3 only equals B's value.  With ``prune_on_equal=False`` that
    is not enough to cut, and Star2 scores every leaf:

    >>> [expectiminimax(t, pruning="star2", bounds=(0, 10), prune_on_equal=e).stats.leaves for e in (True, False)]
    [6, 8]
    """
    if pruning not in PRUNINGS:
        raise ValueError(f"pruning must be None, 'star1' or 'star2', not {pruning!r}")
    if not isinstance(prune_on_equal, bool):
        raise TypeError(f"prune_on_equal must be True or False, not {prune_on_equal!r}")
    if pruning is None:
        return _expectiminimax(game, state, depth, evaluate, trace, "expectiminimax", bounds)
    return _star(game, state, depth, evaluate, trace, pruning, bounds, prune_on_equal)


def _expectiminimax(game, state, depth, evaluate, trace, algorithm, bounds=None):
    """Expectiminimax without pruning: every node is visited.

    MAX and MIN nodes are minimax's (:func:`~advsearch.search.minimax.max_and_min_value`);
    what chance adds is ``exp_value``.
    """
    search = Search(game, state, depth=depth, evaluate=evaluate, trace=trace, algorithm=algorithm)
    to_move, result, is_terminal = game.to_move, game.result, game.is_terminal
    outcomes = functools.partial(chance_outcomes, game)
    score, counts = search.scorer()
    if bounds is not None:
        score = search.bounded(score, *search.utility_bounds(bounds, needed=False))
    cut_ply, tracer = search.limit, search.tracer
    nodes = 0

    def value(state, ply):
        """ExpectiMinimax(s): Utility or Eval at a leaf, else the value for whoever moves."""
        nonlocal nodes
        nodes += 1
        if is_terminal(state) or ply == cut_ply:
            return score(state, ply)
        player = to_move(state)
        if player == MAX:
            return max_value(state, ply)            # as in minimax
        if player == MIN:
            return min_value(state, ply)
        if player == CHANCE:
            return exp_value(state, ply)
        raise search.not_a_player(state, player)

    max_value, min_value = minimax_max_and_min_value(search, value, search.ordering(None))

    def exp_value(state, ply):
        """The average over chance's outcomes r: v = sum of P(r) * value(Result(s, r))."""
        if tracer: tracer.enter_chance(state)
        v = 0
        for r, p in outcomes(state):
            if tracer: tracer.down(r)
            v2, _ = value(result(state, r), ply + 1)
            v += p * v2
            if tracer: tracer.update_chance(state, v2, v)
        if tracer: tracer.exit_chance(state, v, (v, v))
        return v, None          # the principal variation stops where chance takes over

    v, pv = search.run(value, 0)
    return search.finish(v, pv, counts, nodes=nodes)


def _star(game, state, depth, evaluate, trace, pruning, bounds, prune_on_equal):
    """Expectiminimax with Ballard's Star1, or Star2 (``pruning="star2"``).

    MAX and MIN nodes are alpha-beta's (:func:`~advsearch.search.alphabeta.max_and_min_value`);
    what chance adds is Star1's ``chance_value`` (:func:`_star1_chance_value`) and, for Star2,
    its probing phase (:func:`_star2_probing`), with ``probe``, which searches only the first child
    of a MAX or MIN node, and ``resume``, which searches the rest of a node it probed.

    >>> from fractions import Fraction as F
    >>> from advsearch import chance, tree
    >>> t = tree([chance((F(1, 2), 8), (F(1, 2), 6)), chance((F(1, 2), 0), (F(1, 2), 9))])
    >>> r = _star(t, None, None, None, False, "star1", (0, 10), True)
    >>> r.value, r.move, r.stats.leaves, r.stats.prunes
    (Fraction(7, 1), 0, 3, 1)
    """
    search = Search(game, state, depth=depth, evaluate=evaluate, trace=trace,
                    algorithm=f"expectiminimax ({pruning})")
    low, high = search.utility_bounds(bounds, needed=True)
    if search.trace is not None:
        search.trace.bounds = (low, high)
    to_move, actions, result, is_terminal = game.to_move, game.actions, game.result, game.is_terminal
    score, counts = search.scorer()
    score = search.bounded(score, low, high)
    cut_ply, tracer = search.limit, search.tracer
    nodes = probes = 0

    def value(state, alpha, beta, ply):
        """Utility or Eval at a leaf, else the value for whoever moves, searched in (alpha, beta)."""
        nonlocal nodes
        nodes += 1
        if is_terminal(state) or ply == cut_ply:
            return score(state, ply, alpha, beta)
        player = to_move(state)
        if player == MAX:
            return max_value(state, alpha, beta, ply)       # as in alpha-beta
        if player == MIN:
            return min_value(state, alpha, beta, ply)
        if player == CHANCE:
            return chance_value(state, alpha, beta, ply)
        raise search.not_a_player(state, player)

    max_value, min_value = alphabeta_max_and_min_value(search, value, search.ordering(None), prune_on_equal)

    def probe(state, alpha, beta, ply):
        """Search the first child of a MAX or MIN node only; return its value and what to keep."""
        nonlocal nodes, probes
        nodes += 1
        probes += 1
        player, acts = to_move(state), actions(state)
        if not acts:
            raise search.no_actions(state)
        a = acts[0]
        if tracer: tracer.enter(state, player, alpha, beta)
        if tracer: tracer.down(a)
        v, pv = value(result(state, a), alpha, beta, ply + 1)
        interval = tracer.last if tracer else None
        if tracer: tracer.update(state, player, v, v, alpha, beta)
        if tracer and len(acts) > 1: tracer.stop(state, player, v, alpha, beta, list(acts)[1:])
        if tracer: tracer.exit(state, player, v, alpha, beta)
        return Probed(False, a, v, pv, interval, len(acts) > 1)

    def resume(state, alpha, beta, ply, probed):
        """Search a node Star2 probed: alpha-beta, taking the probe's result for its first child."""
        nonlocal nodes
        nodes += 1
        if to_move(state) == MAX:
            return max_value(state, alpha, beta, ply, probed)
        return min_value(state, alpha, beta, ply, probed)

    probing = _star2_probing(search, value, probe) if pruning == "star2" else None
    chance_value = _star1_chance_value(search, value, (low, high), prune_on_equal, probing, resume)
    v, pv = search.run(value, low, high, 0)
    extra = {"probes": probes} if probing else {}
    return search.finish(v, pv, counts, nodes=nodes, **extra)


def _star1_chance_value(search, value, bounds, prune_on_equal, probing=None, resume=None):
    """Star1's CHANCE-VALUE: a chance node's value, cut as soon as it is known to lie outside (alpha, beta).

    lo[i] <= V_i <= hi[i] is what is known of outcome i's value (at first the
    ``bounds`` [L, U]), so the node's value lies in [lower, upper] =
    [sum P_i lo[i], sum P_i hi[i]] (:class:`Known`).  Each outcome is searched
    in the window that keeps the node inside (alpha, beta), and the node stops
    as soon as [lower, upper] leaves it.  With Star2, ``probing``
    (:func:`_star2_probing`) runs first and fills ``probed``; an outcome it
    probed is then searched by ``resume``, which takes the probe's result for
    the first child, and a leaf it scored is not scored again.

    The second chance node is worth at most 1/2 * 0 + 1/2 * 10 = 5 once its
    first outcome scores 0, no more than MAX's 7: it stops there.

    >>> from fractions import Fraction as F
    >>> from advsearch import chance, tree
    >>> t = tree([chance((F(1, 2), 8), (F(1, 2), 6)), chance((F(1, 2), 0), (F(1, 2), 9))])
    >>> r = _star(t, None, None, None, True, "star1", (0, 10), True)
    >>> [(e.kind, e.path, e.value, e.interval) for e in r.trace if e.path == (1,) and e.kind != "update"]
    [('enter', (1,), None, (0, 10)), ('prune', (1,), Fraction(5, 1), (Fraction(0, 1), Fraction(5, 1))), \
('exit', (1,), Fraction(5, 1), (Fraction(0, 1), Fraction(5, 1)))]
    """
    game, tracer = search.game, search.tracer
    result, outcomes = game.result, functools.partial(chance_outcomes, game)
    low, high = bounds

    def chance_value(state, alpha, beta, ply):
        """Star1 (after Star2's probing phase, when asked for): cut when [lower, upper] leaves (alpha, beta)."""
        outs = outcomes(state)
        lo, hi, probed = [low] * len(outs), [high] * len(outs), [None] * len(outs)
        known = Known(lo, hi, [p for _, p in outs], prune_on_equal)
        if tracer: tracer.enter_chance(state, alpha, beta, (low, high))
        if probing:
            cut = probing(state, outs, known, probed, alpha, beta, ply)
            if cut is not None:
                return cut
        v = 0                       # sum of P(r) * value(r) over the outcomes searched so far
        for i, (r, p) in enumerate(outs):
            a, b = known.window(i, alpha, beta)
            if tracer: tracer.down(r)
            if probed[i] is None:
                v2, _ = value(result(state, r), a, b, ply + 1)
            elif probed[i].leaf:                # Star2 scored this leaf when probing
                v2 = probed[i].value
                if tracer: tracer.recall(probed[i].interval)
            else:                               # Star2 probed this node: search the rest of it
                v2, _ = resume(result(state, r), a, b, ply + 1, probed[i])
            known.learn(i, v2, a, b)
            v += p * v2
            cut = known.cut(alpha, beta)
            if cut is not None:
                return _cut(search, state, [o for o, _ in outs[i + 1:]], known, cut, v, v2, alpha, beta)
            if tracer: tracer.update_chance(state, v2, v, known.interval(), alpha, beta)
        if tracer: tracer.exit_chance(state, v, (v, v), "exact", alpha, beta)
        return v, None              # the principal variation stops where chance takes over

    return chance_value


def _star2_probing(search, value, probe):
    """Star2's probing phase: bound each outcome of a chance node by searching only its first child.

    A leaf outcome is scored (its value is exact); an outcome that is a MAX
    node is worth at least its first child's value, and one that is a MIN node
    at most, so ``probe`` searches that child only.  An outcome that is a
    chance node is skipped: nothing cheap is learnt there.  The chance node
    stops as soon as these bounds settle it.

    At E, the probes of F and G find 1 and 5, so E is worth at most 3, no more
    than B's 3: E stops before F or G is searched any further.

    >>> from advsearch import parse
    >>> t = parse("A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]")
    >>> r = _star(t, None, None, None, True, "star2", (0, 10), True)
    >>> [(e.path, e.bound, e.pruned) for e in r.trace if e.kind == "prune"]
    [((0, 0), 'upper', (1,)), ((0, 1), 'upper', (1,)), ((1, 0), 'upper', (1,)), ((1, 1), 'upper', (1,)), \
((1,), 'upper', ())]
    """
    game, tracer, cut_ply = search.game, search.tracer, search.limit
    to_move, result, is_terminal = game.to_move, game.result, game.is_terminal

    def probe_outcomes(state, outs, known, probed, alpha, beta, ply):
        """Probe every outcome that is a leaf, a MAX or a MIN node; the cut, if their bounds settle the node."""
        for i, (r, p) in enumerate(outs):
            c = result(state, r)
            leaf = is_terminal(c) or ply + 1 == cut_ply
            if not leaf and to_move(c) not in (MAX, MIN):
                continue                        # a chance node: nothing cheap to learn here
            a, b = known.window(i, alpha, beta)
            if tracer: tracer.down(r)
            if leaf:
                v2, _ = value(c, a, b, ply + 1)
                known.learn(i, v2, v2, v2)      # a leaf's value is exact whatever the window
                probed[i] = Probed(True, None, v2, None, (v2, v2), False)
            else:
                probed[i] = probe(c, a, b, ply + 1)
                v2 = probed[i].value
                if to_move(c) == MAX:
                    known.learn_lower(i, v2, a)  # MAX's value is at least its first child's
                else:
                    known.learn_upper(i, v2, b)  # MIN's value is at most its first child's
            cut = known.cut(alpha, beta)
            if cut is not None:
                unvisited = [o for j, (o, _) in enumerate(outs) if probed[j] is None]
                stopped = any(x is not None and x.partial for x in probed)
                return _cut(search, state, unvisited, known, cut, 0, v2, alpha, beta, stopped)
            if tracer: tracer.update_chance(state, v2, 0, known.interval(), alpha, beta)
        return None

    return probe_outcomes


def _cut(search, state, skipped, known, cut, v, v2, alpha, beta, stopped=False):
    """A chance node's cut: return the bound that fired, and trace the outcomes it skips.

    ``cut`` is ``(bound_value, "upper" | "lower")`` from :meth:`Known.cut`;
    ``v`` is the sum searched so far and ``v2`` the last outcome's value.
    A cut that skips nothing is not counted, as in alpha-beta: one at the
    last outcome, or while probing when every outcome was probed and no
    probe left a child unsearched (``stopped``).

    >>> from advsearch import tree
    >>> search = Search(tree([1, 2]), None, depth=None, evaluate=None, trace=False, algorithm="star1")
    >>> known = Known([0, 2], [0, 2], [Fraction(1, 2), Fraction(1, 2)])
    >>> _cut(search, None, [], known, known.cut(3, 10), 1, 2, 3, 10), search.prunes
    ((Fraction(1, 1), None), 0)
    """
    bound_value, bound = cut
    counted = bool(skipped) or stopped
    if counted:
        search.prunes += 1
    tracer = search.tracer
    if tracer: tracer.update_chance(state, v2, v, known.interval(), alpha, beta)
    if tracer and counted: tracer.prune_chance(state, bound_value, alpha, beta, skipped, known.interval(), bound)
    if tracer: tracer.exit_chance(state, bound_value, known.interval(),
                                  "exact" if known.lower == known.upper else bound, alpha, beta)
    return bound_value, None


class Probed(NamedTuple):
    """What Star2's probe found below one outcome of a chance node."""

    leaf: bool          # the outcome is a leaf, scored when probing
    action: Any         # else the action to the first child of the MAX or MIN node probed
    value: Any          # the leaf's value, or the first child's (a bound on the node)
    pv: Any             # the first child's principal variation (cons cells)
    interval: tuple     # what the trace knew of that value
    partial: bool       # the probe left children of the node unsearched


class Known:
    """What a chance node knows of its outcomes' values: lo[i] <= V_i <= hi[i].

    Keeps the sums ``lower`` = sum of P_i lo[i] and ``upper`` = sum of P_i hi[i],
    between which the chance node's own value lies.  ``on_equal`` is the
    search's ``prune_on_equal``: whether a value equal to a bound of the
    window counts as outside it (True) or inside (False), both in what a
    search returns and in when the node is cut.
    """

    __slots__ = ("lo", "hi", "probs", "lower", "upper", "on_equal")

    def __init__(self, lo, hi, probs, on_equal=True):
        self.lo, self.hi, self.probs, self.on_equal = lo, hi, probs, on_equal
        self.lower = sum(p * x for p, x in zip(probs, lo))
        self.upper = sum(p * x for p, x in zip(probs, hi))

    def interval(self) -> tuple:
        return self.lower, self.upper

    def window(self, i, alpha, beta) -> tuple:
        """The window for outcome i: below alpha_i or above beta_i, the chance node leaves (alpha, beta).

        alpha_i = (alpha - sum over j != i of P_j hi[j]) / P_i, and beta_i likewise
        with lo; both are cut to [lo[i], hi[i]], where V_i is known to lie.
        """
        p = self.probs[i]
        a = (alpha - (self.upper - p * self.hi[i])) / p
        b = (beta - (self.lower - p * self.lo[i])) / p
        return max(a, self.lo[i]), min(b, self.hi[i])

    def set(self, i, lo, hi):
        p = self.probs[i]
        self.lower += p * (lo - self.lo[i])
        self.upper += p * (hi - self.hi[i])
        self.lo[i], self.hi[i] = lo, hi

    def learn(self, i, v, a, b):
        """Outcome i was searched in (a, b) and returned v.

        Pruning on equality, v is exact when a < v < b, an upper bound when
        v <= a, a lower bound when v >= b; otherwise it is exact when
        a <= v <= b, and a bound only strictly outside.
        """
        lo, hi = self.lo[i], self.hi[i]
        if self.on_equal:
            below, above, exact = v <= a, v >= b, a < v < b or a == b
        else:
            below, above = v < a, v > b
            exact = not (below or above)
        if below:
            hi = min(hi, v)
        if above:
            lo = max(lo, v)
        if exact:
            lo = hi = v
        self.set(i, lo, hi)

    def learn_lower(self, i, v, a):
        """A probe of a MAX node returned v in (a, ...): unless v is an upper bound only, MAX gets v or more."""
        if v > a or (v == a and not self.on_equal):
            self.set(i, max(self.lo[i], v), self.hi[i])

    def learn_upper(self, i, v, b):
        """A probe of a MIN node returned v in (..., b): unless v is a lower bound only, MIN gets v or less."""
        if v < b or (v == b and not self.on_equal):
            self.set(i, self.lo[i], min(self.hi[i], v))

    def cut(self, alpha, beta):
        """``(upper, "upper")`` if upper <= alpha, ``(lower, "lower")`` if lower >= beta, else None.

        Without pruning on equality, only upper < alpha and lower > beta cut.
        """
        if self.upper < alpha or (self.upper == alpha and self.on_equal):
            return self.upper, "upper"
        if self.lower > beta or (self.lower == beta and self.on_equal):
            return self.lower, "lower"
        return None
