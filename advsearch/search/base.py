"""What every depth-first search shares: checked arguments, leaf scoring, tracing, results.

The algorithm modules keep only their recursion (``max_value`` / ``min_value``);
everything around it lives here, written once:

- :class:`Search` checks the arguments, scores leaves with Utility or Eval,
  and turns the recursion's answer into a :class:`~advsearch.result.SearchResult`;
- :class:`Recorder` builds the :class:`~advsearch.result.Trace`.  A search
  calls it behind ``if tracer:`` guards, so tracing costs one test of a local
  variable per hook when it is off.

Principal variations travel up the recursion as cons cells ``(action, rest)``,
one small tuple per improvement, and are flattened once at the end.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import numbers
import operator
import time

from ..game import CHANCE, MAX, UNBOUNDED, GameError, InvalidTreeError, declared_range
from ..result import Event, SearchResult, Stats, Trace
from .. import validation
from ..trees import PROBABILITY_TOLERANCE

inf = math.inf

#: The utility range of a game that declares none.


def flatten(cells) -> tuple:
    """Turn cons cells ``(a, (b, (c, None)))`` into the tuple ``(a, b, c)``.

    >>> flatten((1, (2, (3, None))))
    (1, 2, 3)
    """
    out = []
    while cells is not None:
        action, cells = cells
        out.append(action)
    return tuple(out)


class BudgetExceeded(Exception):
    """A search ran out of its node or time budget (iterative deepening catches it).

    ``nodes`` says how many nodes it had visited when it stopped.
    """

    def __init__(self, message, nodes=0):
        super().__init__(message)
        self.nodes = nodes


#: What a game must have: the lecture's S0 and five functions.
GAME_METHODS = ("to_move", "actions", "result", "is_terminal", "utility")

_forbidden = contextvars.ContextVar("advsearch_searches_forbidden", default=None)


class SearchForbidden(GameError):
    """A search of the package was called inside :func:`forbid_searches`; the message gives the reason."""


@contextlib.contextmanager
def forbid_searches(reason):
    """Within the block, every search of the package raises :class:`SearchForbidden` (a GameError) giving ``reason``.

    The exercise checkers run a student's own search under it: a function that
    only calls :func:`~advsearch.alphabeta` is not an implementation (and the
    sandboxed grader, which has no advsearch, would give it nothing).

    >>> from advsearch import minimax, tree
    >>> with forbid_searches("write the search yourself"):
    ...     minimax(tree([1, 2]))
    Traceback (most recent call last):
    ...
    advsearch.search.base.SearchForbidden: minimax cannot be used here: write the search yourself
    """
    token = _forbidden.set(reason)
    try:
        yield
    finally:
        _forbidden.reset(token)


def root_of(game, state, algorithm):
    """The root a search starts from: ``state``, or ``game.initial_state`` when it is None.

    Refuses, with a GameError that says what a game must be, an object that
    lacks the protocol (a string, None, a tree given as a plain list).

    >>> root_of("x", None, "minimax")
    Traceback (most recent call last):
    ...
    advsearch.game.GameError: minimax needs a game: an object with initial_state and the methods to_move, \
actions, result, is_terminal and utility (see advsearch.Game), but got 'x' (a str), which lacks initial_state, \
to_move, actions, result, is_terminal and utility
    """
    reason = _forbidden.get()
    if reason is not None:
        raise SearchForbidden(f"{algorithm} cannot be used here: {reason}")
    if isinstance(game, type):
        raise GameError(f"{algorithm} needs a game, but got the class {game.__name__}; "
                        f"make a game from it first, e.g. {game.__name__}()")
    missing = [] if hasattr(game, "initial_state") else ["initial_state"]
    missing += [m for m in GAME_METHODS if not callable(getattr(game, m, None))]
    if missing:
        hint = " (for a tree written as nested lists, use advsearch.tree(...))" if isinstance(game, list) else ""
        lacks = ", ".join(missing[:-1]) + (" and " if len(missing) > 1 else "") + missing[-1]
        raise GameError(
            f"{algorithm} needs a game: an object with initial_state and the methods to_move, actions, "
            f"result, is_terminal and utility (see advsearch.Game), but got {game!r:.80} "
            f"(a {type(game).__name__}), which lacks {lacks}{hint}"
        )
    return game.initial_state if state is None else state


def describe(fn) -> str:
    """How a message names a function the caller gave: its name, else its repr.

    >>> def my_eval(state, player): return 0
    >>> describe(my_eval), describe(3)
    ('my_eval', '3')
    """
    return getattr(fn, "__name__", None) or repr(fn)


def number(value, source, state):
    """``value`` if it is a number a search can compare; else a GameError naming ``source`` and ``state``.

    A number is an int, a float or any other ``numbers.Real`` (a Fraction),
    but not a bool and not NaN: NaN is neither greater nor smaller than
    anything, so a search comparing it would return nonsense silently.
    Searches call this only when the fast test (a plain int, or a float
    equal to itself) fails, so checking costs almost nothing.

    >>> number(2.5, "evaluate", "s")
    2.5
    >>> number(float("nan"), "evaluate", "s")
    Traceback (most recent call last):
    ...
    advsearch.game.GameError: evaluate returned nan for the state 's'; it must return a number \
(int, float or Fraction), and NaN is not one: it compares neither above nor below anything
    """
    if validation.is_number(value):
        return value
    why = ("NaN is not one: it compares neither above nor below anything" if isinstance(value, numbers.Real)
           and not isinstance(value, bool) else f"not a {type(value).__name__}")
    raise GameError(f"{source} returned {value!r:.80} for the state {state!r:.200}; it must return a number "
                    f"(int, float or Fraction), and {why}")


def checked(fn, source):
    """``fn(state, player)`` whose every answer is checked by :func:`number`; ``source`` names ``fn`` in errors.

    The searches score leaves through it, so a utility or evaluation that
    returns None, a string or NaN is named at the state that produced it.

    >>> half = checked(lambda state, player: state / 2, "evaluate (half)")
    >>> half(3, 0)
    1.5
    >>> checked(lambda state, player: None, "evaluate (nothing)")(3, 0)
    Traceback (most recent call last):
    ...
    advsearch.game.GameError: evaluate (nothing) returned None for the state 3; it must return a number \
(int, float or Fraction), and not a NoneType
    """
    def score(state, player):
        value = fn(state, player)
        if value.__class__ is int or (value.__class__ is float and value == value):
            return value
        return number(value, source, state)

    return score


def scorers(game, evaluate):
    """``(utility, evaluate)`` of a search, both :func:`checked` (evaluate stays None when not given).

    Under a time limit kept cooperatively (:mod:`advsearch.timeout`, where
    threads are missing), each leaf scored is a checkpoint of that limit.
    """
    from .. import timeout          # loaded on first search, not by ``import advsearch``

    utility = timeout.watched(checked(game.utility, f"{game!r}.utility"))
    return utility, None if evaluate is None else timeout.watched(checked(evaluate, f"evaluate ({describe(evaluate)})"))


def payoffs(vector, source, state, num_players):
    """``vector`` if it is a tuple of ``num_players`` numbers (see :func:`number`); else a GameError."""
    if not isinstance(vector, tuple) or len(vector) != num_players:
        raise GameError(f"{source} returned {vector!r:.80} for the state {state!r:.200}; it must return "
                        f"a tuple of {num_players} numbers, one payoff per player")
    for v in vector:
        number(v, source, state)
    return vector


def check_depth(depth, evaluate, cutoff=None) -> int:
    """Validate ``depth``/``evaluate``/``cutoff``; return the ply at which to cut (-1: never)."""
    if cutoff is not None:
        if not callable(cutoff):
            raise ValueError(f"cutoff must be a function cutoff(state, ply) -> bool, not {cutoff!r}")
        if evaluate is None:
            raise ValueError("a cutoff test stops the search before the end of the game, so it needs "
                             "an evaluation function: pass evaluate=f with f(state, player) -> number")
        if depth is None:
            if not callable(evaluate):
                raise ValueError(f"evaluate must be a function f(state, player), not {evaluate!r}")
            return -1
    if depth is None:
        if evaluate is not None:
            raise ValueError(
                "evaluate is only used at the depth limit, but no depth was given; "
                "pass depth=d to cut off after d plies"
            )
        return -1
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise ValueError(f"depth must be a whole number of plies or None, not {depth!r}")
    if depth < 0:
        raise ValueError(f"depth must be >= 0 plies, not {depth}")
    if evaluate is None:
        raise ValueError(
            f"depth={depth} cuts the search off before the end of the game, so it needs "
            "an evaluation function: pass evaluate=f with f(state, player) -> number"
        )
    if not callable(evaluate):
        raise ValueError(f"evaluate must be a function f(state, player), not {evaluate!r}")
    return depth


class Recorder:
    """Collects trace events while a search runs.

    It keeps the current path itself, and the interval [lo, hi] known to hold
    each open node's true value (the lecture's [min, max] frames): a leaf is
    [v, v]; a MAX node takes the max of its children's ends and a MIN node
    the min; a pruned child could be anything, so it opens one end to infinity.
    A node's value is exact when its interval closes to a point.
    """

    def __init__(self, trace: Trace):
        self.events = trace
        self.path: tuple = ()       # actions from the root to the current node
        self.open: list = []        # [lo, hi] of each entered node, innermost last
        self.last = (None, None)    # interval of the node that just returned

    def _emit(self, kind, state, player, value, alpha, beta, **more):
        self.events.append(Event(kind, self.path, player, value, alpha, beta, state, **more))

    def so_far(self, player) -> tuple:
        """The interval of the innermost open node while children may still follow."""
        lo, hi = self.open[-1]
        return (lo, inf) if player == MAX else (-inf, hi)

    def enter(self, state, player, alpha=None, beta=None):
        start = -inf if player == MAX else inf
        self.open.append([start, start])
        self._emit("enter", state, player, None, alpha, beta, interval=(-inf, inf))

    def leaf(self, state, player, value, alpha=None, beta=None):
        self.last = (value, value)
        self._emit("leaf", state, player, value, alpha, beta, interval=self.last)

    def down(self, action):
        """The search is about to visit the child reached by ``action``."""
        self.path += (action,)

    def update(self, state, player, child_value, v, alpha=None, beta=None):
        """The child just visited returned ``child_value``; the node now has ``v``."""
        action, self.path = self.path[-1], self.path[:-1]
        node, (lo, hi) = self.open[-1], self.last
        pick = max if player == MAX else min
        node[0], node[1] = pick(node[0], lo), pick(node[1], hi)
        self._emit("update", state, player, v, alpha, beta, action=action, child_value=child_value,
                   interval=self.so_far(player))

    def prune(self, state, player, v, alpha, beta, pruned):
        """The node stops early, leaving the children ``pruned`` unsearched."""
        self.open[-1][1 if player == MAX else 0] = inf if player == MAX else -inf
        self._emit("prune", state, player, v, alpha, beta, pruned=tuple(pruned),
                   interval=self.so_far(player))

    def exit(self, state, player, v, alpha=None, beta=None):
        lo, hi = self.last = tuple(self.open.pop())
        bound = "exact" if lo == hi else "upper" if lo == -inf else "lower"
        self._emit("exit", state, player, v, alpha, beta, bound=bound, interval=self.last)

    # --- Chance nodes ---
    # A chance node's interval is a weighted sum of what is known of its outcomes, with
    # the utility bounds when the search has them; the search keeps it and passes it in.

    def enter_chance(self, state, alpha=None, beta=None, interval=(-inf, inf)):
        """A chance node is entered; ``interval`` is what is known of its value before any outcome."""
        self.open.append(list(interval))
        self._emit("enter", state, CHANCE, None, alpha, beta, interval=tuple(interval))

    def update_chance(self, state, child_value, v, interval=(-inf, inf), alpha=None, beta=None):
        """The outcome just visited returned ``child_value``; ``v`` is the sum Σ P(r)·value(r) so far."""
        action, self.path = self.path[-1], self.path[:-1]
        self.open[-1][:] = interval
        self._emit("update", state, CHANCE, v, alpha, beta, action=action, child_value=child_value,
                   interval=tuple(interval))

    def prune_chance(self, state, v, alpha, beta, pruned, interval, bound):
        """The chance node stops early: its value ``v`` is a ``bound`` ("upper" or "lower") outside (alpha, beta)."""
        self.open[-1][:] = interval
        self._emit("prune", state, CHANCE, v, alpha, beta, pruned=tuple(pruned), bound=bound,
                   interval=tuple(interval))

    def exit_chance(self, state, v, interval, bound="exact", alpha=None, beta=None):
        """The chance node returns ``v``, exact or a bound, with the interval known to hold its value."""
        self.open.pop()
        self.last = tuple(interval)
        self._emit("exit", state, CHANCE, v, alpha, beta, bound=bound, interval=self.last)

    def stop(self, state, player, v, alpha, beta, pruned):
        """A probe leaves a MAX or MIN node after its first child (Star2).

        Traced as a prune event whose ``bound`` says what the probe learnt:
        a "lower" bound at MAX, an "upper" bound at MIN.  (An alpha-beta
        prune event has bound "exact".)
        """
        self.open[-1][1 if player == MAX else 0] = inf if player == MAX else -inf
        self._emit("prune", state, player, v, alpha, beta, pruned=tuple(pruned),
                   bound="lower" if player == MAX else "upper", interval=self.so_far(player))

    def recall(self, interval):
        """The child about to be reported was searched earlier (by a Star2 probe); this was its interval."""
        self.last = tuple(interval)


_last_valid = [()]      # the (outcome, probability) pairs that passed the last check


def chance_outcomes(game, state) -> list:
    """``game.chance_outcomes(state)`` as a list of ``(outcome, probability)``, checked.

    Every search and playout that meets a chance node asks for its outcomes
    here.  Every probability must be a number > 0, and together they must sum
    to 1 within :data:`~advsearch.trees.PROBABILITY_TOLERANCE`.  Otherwise a
    GameError names the state (an InvalidTreeError names the node, for an
    explicit tree).

    >>> from advsearch import Pig
    >>> game = Pig(goal=10)
    >>> chance_outcomes(game, game.result(game.initial_state, "roll"))[:2]
    [(1, Fraction(1, 6)), (2, Fraction(1, 6))]
    """
    outcomes = list(game.chance_outcomes(state))
    last = _last_valid[0]
    if len(outcomes) == len(last) and all(map(operator.is_, outcomes, last)):
        return outcomes                 # the very pairs checked last time (games often reuse one list)
    problem = None
    if not outcomes:
        problem = "has no outcomes; a chance node needs at least one"
    else:
        for pair in outcomes:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                problem = f"gave {pair!r}, not an (outcome, probability) pair"
                break
            p = pair[1]
            if isinstance(p, bool) or not isinstance(p, numbers.Real) or not p > 0:
                problem = f"gives outcome {pair[0]!r} the probability {p!r}; each must be a number > 0"
                break
        else:
            total = sum(p for _, p in outcomes)
            if abs(total - 1) > PROBABILITY_TOLERANCE:
                problem = f"has probabilities that sum to {total}, not 1"
    if problem is None:
        _last_valid[0] = tuple(outcomes)
        return outcomes
    if hasattr(state, "probs") and hasattr(state, "path"):     # a node of an explicit tree
        where = "".join(f"[{i}]" for i in state.path) or "the root"
        raise InvalidTreeError(f"the chance node at {where} ({state!r}) {problem}")
    raise GameError(f"{game!r}: the chance node {state!r} {problem}")


class Search:
    """The set-up and bookkeeping of one search run.

    Parameters are those of the public search functions.  After construction:

    ``state``    the root (``game.initial_state`` when None was given);
    ``limit``    the ply at which to cut off, or -1 for none;
    ``tracer``   a :class:`Recorder`, or None when tracing is off.

    A search for two-player zero-sum games refuses a game of more players;
    max-n passes ``multiplayer=True`` to accept any number.  (Paranoid and
    best-reply search run on two-player views of the game.)
    """

    def __init__(self, game, state, *, depth, evaluate, trace, algorithm, cutoff=None,
                 max_nodes=None, time_limit=None, multiplayer=False):
        self.game = game
        self.state = root_of(game, state, algorithm)
        self.limit = check_depth(depth, evaluate, cutoff)
        self.evaluate = evaluate
        self.algorithm = algorithm
        self.trace = Trace(game, self.state, algorithm) if trace else None
        if trace:
            self.trace.depth = depth
        self.tracer = Recorder(self.trace) if trace else None
        if not multiplayer and getattr(game, "num_players", 2) != 2:
            raise GameError(
                f"{algorithm} is for two-player zero-sum games, but {game!r} has "
                f"{game.num_players} players; use maxn or paranoid"
            )
        self.prunes = 0
        self.ordering_hook = self.best_hook = None     # an ordering piece's on_prune and on_best
        self.started = time.perf_counter()
        self.budget(max_nodes, time_limit)

    # --- Resource limits ---

    #: With a time limit, the clock is read once every this many nodes.
    CLOCK_EVERY = 256

    def budget(self, max_nodes, time_limit):
        """Set the node and time budget; ``next_check`` is the node count at which to look again."""
        validation.budget("max_nodes", max_nodes, whole=True)
        validation.budget("time_limit", time_limit)
        self.max_nodes = inf if max_nodes is None else max_nodes
        self.deadline = inf if time_limit is None else self.started + time_limit
        self.next_check = inf if max_nodes is None and time_limit is None else 1

    def spend(self, nodes):
        """Called when ``nodes`` reaches ``next_check``: raise BudgetExceeded, or say when to look next."""
        if nodes > self.max_nodes or time.perf_counter() > self.deadline:
            visited = nodes - 1       # the node that found the budget spent is not searched
            raise BudgetExceeded(f"{self.algorithm} ran out of its budget after {visited} nodes", visited)
        step = self.CLOCK_EVERY if self.deadline < inf else inf
        return min(self.max_nodes + 1, nodes + step)

    def plies_left(self, ply):
        """How deep below ``ply`` this search looks (infinite without a depth limit)."""
        return inf if self.limit < 0 else self.limit - ply

    # --- Pluggable pieces ---

    def ordering(self, order, table=None):
        """``ordered(state, ply)``: the actions in search order (plain actions() when nothing is given).

        An ordering piece's learning hooks are kept as ``ordering_hook``
        (``on_prune``, told by :meth:`prune`) and ``best_hook`` (``on_best``,
        which the search tells the best move of every node it searched).
        """
        from .ordering import as_ordering

        game = self.game
        if order is None and table is None:
            return lambda state, ply: game.actions(state)
        piece = None if order is None else as_ordering(order)
        self.ordering_hook = getattr(piece, "on_prune", None)
        self.best_hook = getattr(piece, "on_best", None)

        def ordered(state, ply):
            actions = game.actions(state)
            moves = list(actions) if piece is None else list(piece.order(state, actions, ply))
            if piece is not None and (len(moves) != len(actions) or set(moves) != set(actions)):
                raise GameError(
                    f"the ordering returned {moves!r} for {state!r}, which is not a permutation "
                    f"of the legal actions {list(actions)!r}"
                )
            best = None if table is None else table.best_move(state)
            if best is not None and best in moves and moves[0] != best:
                moves.remove(best)
                moves.insert(0, best)
            return moves

        return ordered

    def quiescence(self, quiescence):
        """``(quiesce, counts)`` for a quiescence search at the horizon, or ``(None, None)``."""
        if not quiescence:
            return None, None
        if self.evaluate is None:
            raise ValueError("quiescence search extends a cut-off search: give depth= (or cutoff=) and evaluate=")
        from .quiescence import quiescence as make

        extra = 12 if quiescence is True else quiescence
        utility, evaluate = scorers(self.game, self.evaluate)
        return make(self.game, utility, evaluate, max_extra=extra)

    def scorer(self):
        """Return ``(score, counts)``: the leaf function and a reader of its counters.

        ``score(state, ply, alpha, beta)`` scores a leaf with Utility when it is
        terminal and with Eval otherwise, always from MAX's point of view, and
        returns ``(value, None)`` (a leaf has an empty principal variation).
        """
        game, tracer = self.game, self.tracer
        is_terminal = game.is_terminal
        utility, evaluate = scorers(game, self.evaluate)
        leaves = deepest = evaluated = 0

        def score(state, ply, alpha=None, beta=None):
            nonlocal leaves, deepest, evaluated
            leaves += 1
            if ply > deepest:
                deepest = ply
            if evaluate is None or is_terminal(state):
                value = utility(state, MAX)
            else:
                evaluated += 1
                value = evaluate(state, MAX)
            if tracer:
                player = None if is_terminal(state) else game.to_move(state)
                tracer.leaf(state, player, value, alpha, beta)
            return value, None

        def counts():
            return leaves, deepest, evaluated

        return score, counts

    def run(self, top, *args):
        """Call ``top(root, *args)``; turn runaway recursion into a clear error."""
        try:
            return top(self.state, *args)
        except RecursionError:
            raise GameError(
                f"{self.algorithm} went deeper than Python's recursion limit without reaching "
                f"a terminal state of {self.game!r}. A game whose play can go on forever "
                "(or for thousands of plies) must be searched with a depth limit: "
                "pass depth=d and evaluate=f."
            ) from None

    def prune(self, state, player, action, actions, child_value, v, alpha, beta, ply=None):
        """A pruning test fired after the child ``action`` returned ``child_value``.

        Counts the cutoff, tells the move ordering (killers, history), and
        traces the update and the children it skips.  A test that fires at
        the last child skips nothing, and is not counted.
        """
        if self.ordering_hook is not None:
            self.ordering_hook(state, action, ply)
        actions = list(actions)
        skipped = actions[actions.index(action) + 1:]
        if skipped:
            self.prunes += 1
        if self.tracer:
            self.tracer.update(state, player, child_value, v, alpha, beta)
            if skipped:
                self.tracer.prune(state, player, v, alpha, beta, skipped)

    def bad_player(self, state, player):
        """The error for a state whose player this search cannot handle."""
        if player == CHANCE:
            return GameError(
                f"{self.algorithm} handles MAX and MIN nodes only, but state {state!r} is a "
                "CHANCE node; use expectiminimax for games with chance"
            )
        return GameError(f"{self.game!r}: to_move({state!r}) gave {player!r}, not MAX (0) or MIN (1)")

    def no_actions(self, state):
        """The error for a non-terminal state without legal actions."""
        return GameError(
            f"{self.game!r}: state {state!r} is not terminal but has no legal actions; "
            "a game must end (is_terminal) where no move is possible"
        )

    # --- Chance nodes and utility bounds (expectiminimax, Star1, Star2) ---

    def not_a_player(self, state, player):
        """The error for a state whose player is none of MAX, MIN and CHANCE."""
        return GameError(f"{self.game!r}: to_move({state!r}) gave {player!r}, "
                         "not MAX (0), MIN (1) or CHANCE (-1)")

    def utility_bounds(self, bounds, needed: bool) -> tuple:
        """``(low, high)``: the least and greatest value a leaf can have, from ``bounds`` or the game.

        ``bounds`` wins over ``game.utility_range``.  Pruning at chance nodes
        (``needed``) relies on them, so they must then be finite.
        """
        given = bounds is not None
        if not given:
            bounds = declared_range(self.game) or UNBOUNDED
        source = "bounds" if given else f"{self.game!r}.utility_range"
        try:
            low, high = bounds
        except (TypeError, ValueError):
            raise ValueError(f"{source} must be a pair (low, high), not {bounds!r}") from None
        for x in (low, high):
            if isinstance(x, bool) or not isinstance(x, numbers.Real) or math.isnan(x):
                raise ValueError(f"{source} must be a pair of numbers (low, high), not {bounds!r}")
        if not low < high:
            raise ValueError(f"{source} = ({low!r}, {high!r}) needs low < high")
        if needed and not (math.isfinite(low) and math.isfinite(high)):
            raise ValueError(
                f"{self.algorithm} prunes at chance nodes only by knowing how low and how high a leaf "
                f"can score, but {source} is ({low!r}, {high!r}); pass finite bounds=(low, high), "
                "or give the game a finite utility_range"
            )
        return low, high

    def bounded(self, score, low, high):
        """``score`` that also checks every leaf value lies in [low, high] (pruning trusts it does)."""
        def checked(state, ply, alpha=None, beta=None):
            value, pv = score(state, ply, alpha, beta)
            if not low <= value <= high:
                raise GameError(
                    f"{self.algorithm}: the leaf {state!r} scored {value!r}, outside the bounds "
                    f"[{low!r}, {high!r}]; pruning by these bounds would be unsound. Pass "
                    "bounds=(low, high) that hold every utility and evaluation"
                )
            return value, pv

        return checked

    def finish(self, value, pv_cells, counts, *, nodes, line=None, **extra) -> SearchResult:
        """The SearchResult; ``line`` replaces the flattened ``pv_cells`` when the search knows more."""
        leaves, deepest, evaluated = counts()
        leaves += extra.get("quiescence_evaluations", 0)   # states scored below the horizon count too
        if self.evaluate is not None:
            extra = dict(extra, evaluated=evaluated + extra.get("quiescence_evaluations", 0))
        pv = flatten(pv_cells) if line is None else line
        stats = Stats(
            nodes=nodes,
            leaves=leaves,
            prunes=self.prunes,
            max_depth=deepest,
            seconds=time.perf_counter() - self.started,
            extra=extra,
        )
        if self.trace is not None:
            self.trace.value, self.trace.pv = value, pv
        return SearchResult(value, pv[0] if pv else None, pv, stats, self.trace)
