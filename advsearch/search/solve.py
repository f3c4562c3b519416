"""``solve``: who wins this position?  The strongest exact search the package has.

It is alpha-beta over the whole game, leaner than the teaching
:func:`~advsearch.alphabeta` (no tracing hooks, no depth bookkeeping) and with
everything that helps an exact search:

- **a transposition table of bounds.**  Each position keeps an interval
  ``[lo, hi]`` known to hold its value, narrowed every time a search passes
  through it with another window.  Symmetric positions share an entry when
  the game offers ``canonical(state)`` (or a smaller ``table_key(state)``).
- **the game's range of utilities**, ``game.utility_range`` (e.g. ``(-1, 1)``),
  as the root's window: a MAX node that finds a win stops at once, because
  nothing can be better.  Below the root the window closes to a null window
  quickly (in a win/draw/loss game, after the first child).
- **what the game knows**, through optional hooks (Connect Four has all of
  them, each a few bit operations):

  ``value_bounds(state)``
      bounds ``(lo, hi)`` on the value that need no search (Connect Four:
      a player without a line of four free of the opponent's discs cannot
      win any more);
  ``winning_action(state)``
      a move that wins at once for the player to move, or None; the position
      is then worth the mover's best utility in ``utility_range``;
  ``safe_actions(state)``
      the moves that do not hand the opponent an immediate win, strongest
      first, or ``()`` when every move does (the position is then worth the
      mover's worst utility); called only when ``winning_action`` found
      nothing (Pons 2019, "anticipate losing moves");
- otherwise the game's ``move_order(state, actions)`` hint, such as centre
  columns first.

The value is exact; the best move is the first in ``actions()`` order among
the moves of best value, as in every other search of the package, and the
principal variation is rebuilt from the table after the value is known.

References: Knuth & Moore (1975) for alpha-beta; Marsland (1986) for the
table of bounds; Pascal Pons, *Solving Connect 4: how to build a perfect AI*
(2019, http://blog.gamesolver.org) for the Connect Four threat pruning.
"""

from __future__ import annotations

import time

from ..game import MAX, MIN, GameError
from ..result import SearchResult, Stats
from .base import UNBOUNDED, Search, declared_range, inf, scorers
from .transposition import TranspositionTable


def solve(game, state=None, *, table=None, trace=False):
    """The exact game-theoretic value of ``state`` and a best move, as fast as the package can.

    Parameters
    ----------
    game : Game
        A two-player game whose play always ends (no depth limit is used).
    state : optional
        The position to solve; ``game.initial_state`` when None.
    table : TranspositionTable, optional
        The memory of solved bounds (kept in ``table.bounds``).  Pass the
        same table to several calls on the same game to reuse what the
        earlier ones found.  Positions are keyed by the table's
        ``canonical`` if it has one, else by the game's ``table_key`` or
        ``canonical`` hook.
    trace : bool
        Record events.  The fast search has no tracing hooks, so a traced
        solve runs :func:`~advsearch.alphabeta` with a transposition table
        and the same move ordering instead: the same value, more nodes.

    Returns
    -------
    SearchResult
        ``value`` is MAX's utility under perfect play, ``move`` the first
        best action in ``actions()`` order, ``pv`` a principal variation to the
        end of the game.  ``stats.nodes`` counts positions visited (the
        principal-variation pass included), ``stats.leaves`` terminal
        positions scored; ``stats.extra`` adds ``tt_hits``, ``tt_size``,
        ``immediate_wins`` (positions settled by a winning move found without
        searching it) and ``forced_losses`` (positions where every move lets
        the opponent win at once).

    Raises
    ------
    TypeError
        A ``table`` that is not a TranspositionTable.
    GameError
        For games that are not two-player, chance nodes, or play that does not
        end (Python's recursion limit is reached).

    Examples
    --------
    >>> from advsearch import ConnectFour, Grundy, TicTacToe
    >>> solve(TicTacToe()).value
    0
    >>> solve(Grundy(30)).value      # Grundy value of 30 is 3: the first player wins
    1
    >>> game = ConnectFour(4, 4)
    >>> r = solve(game)
    >>> r.value, len(r.pv)           # a draw: the board fills up
    (0, 16)

    The value is MAX's utility whoever is to move.  After X's corner, O
    (MIN) to move can hold the draw; O's reply next to it loses, and X
    (MAX) to move wins:

    >>> game = TicTacToe()
    >>> solve(game, game.state("X../.../...")).value, solve(game, game.state("XO./.../...")).value
    (0, 1)

    A table carries what one solve found to the next:

    >>> from advsearch import TranspositionTable
    >>> table = TranspositionTable()
    >>> first, again = solve(ConnectFour(4, 4), table=table), solve(ConnectFour(4, 4), table=table)
    >>> first.value == again.value, again.stats.nodes < first.stats.nodes
    (True, True)
    """
    if table is not None and not isinstance(table, TranspositionTable):
        raise TypeError(f"solve's table must be a TranspositionTable, not {table!r:.80} "
                        f"(a {type(table).__name__})")
    if trace:
        return _traced(game, state, table)
    return _solve(game, state, TranspositionTable() if table is None else table)


def _traced(game, state, table):
    """``solve`` with a trace: the teaching alpha-beta with a table and the same ordering hint."""
    from .alphabeta import alphabeta
    from .ordering import Chain, History, Killers

    if table is None:
        table = TranspositionTable(getattr(game, "canonical", None))
    order = Chain(Killers(), History(), getattr(game, "move_order", None))
    return alphabeta(game, state, order=order, table=table, trace=True)


def _solve(game, state, memory):
    """The exact search: alpha-beta over a table of bounds, then the principal variation."""
    solver = _Solver(game, state, memory)
    root_value = solver.root_value()
    pv = solver.principal_variation(root_value)
    return SearchResult(root_value, pv[0] if pv else None, tuple(pv), solver.stats(), None)


class _Solver:
    """One solve: the position's value by alpha-beta over a table of bounds, with what the game knows.

    ``value`` is the lecture's alpha-beta value with the table around it: look
    the position up, narrow the window by what is known, search the children
    (``max_value`` and ``min_value``, fail-soft), and keep what was learnt.
    The counts of the result (nodes, leaves, table hits, ...) are kept here.
    """

    def __init__(self, game, state, memory):
        self.game = game
        self.search = Search(game, state, depth=None, evaluate=None, trace=False, algorithm="solve")
        self.low, self.high = declared_range(game) or UNBOUNDED
        self.unknown = (self.low, self.high)  # the bounds of a position not in the table
        self.is_terminal, self.to_move, self.result = game.is_terminal, game.to_move, game.result
        self.utility, _ = scorers(game, None)
        self.table = memory.bounds            # key -> (lo, hi)
        # The game's optional hooks, or None where the game has none.
        self.key = memory.canonical or getattr(game, "table_key", None) or getattr(game, "canonical", None) or None
        self.winning_action = getattr(game, "winning_action", None) or None
        self.value_bounds = getattr(game, "value_bounds", None) or None
        self.safe_actions = getattr(game, "safe_actions", None) or None
        self.order = getattr(game, "move_order", None) or None
        self.entry = {}         # one tuple object per distinct (lo, hi), shared by the table's entries
        self.nodes = self.leaves = self.hits = self.wins = self.forced = self.settled = 0
        self.prunes = self.deepest = 0

    def root_value(self):
        """The value of the root, searched with the game's whole range of utilities as the window."""
        try:
            return self.value(self.search.state, self.low, self.high, 0)
        except RecursionError:
            raise GameError(
                f"solve went deeper than Python's recursion limit without reaching a terminal state of "
                f"{self.game!r}. solve searches to the end of the game, so it needs a game whose play ends; "
                "for a game that can go on for ever use alphabeta with depth=d and evaluate=f."
            ) from None

    def value(self, state, alpha, beta, ply):
        """The value for MAX if it lies in (alpha, beta); else a bound on the far side of the window."""
        self.nodes += 1
        if ply > self.deepest:
            self.deepest = ply
        if self.is_terminal(state):                 # Utility(s), within the declared range
            self.leaves += 1
            u = self.utility(state, MAX)
            if not self.low <= u <= self.high:
                raise GameError(f"{self.game!r}: utility {u!r} of {state!r} is outside utility_range "
                                f"{(self.low, self.high)!r}")
            return u
        # What the table knows: bounds that settle the position if they lie outside the window.
        k = state if self.key is None else self.key(state)
        lo, hi = self.table.get(k, self.unknown)
        if lo >= beta or lo == hi:
            self.hits += 1
            return lo
        if hi <= alpha:
            self.hits += 1
            return hi
        # What the game knows without a search: bounds, a move that wins at once, moves that do not lose at once.
        if self.value_bounds is not None:
            known_lo, known_hi = self.value_bounds(state)
            if known_lo > lo:
                lo = known_lo
            if known_hi < hi:
                hi = known_hi
            if lo >= beta or lo == hi or hi <= alpha:
                self.settled += 1
                return lo if lo >= beta or lo == hi else hi
        player = self.to_move(state)
        if player == MAX:
            worst, best = self.low, self.high
        elif player == MIN:
            worst, best = self.high, self.low
        else:
            raise self.search.bad_player(state, player)
        win = None if self.winning_action is None else self.winning_action(state)
        if win is not None:
            self.wins += 1                # the mover wins at once: nothing is better
            if abs(best) < inf:
                return best
            actions = (win,)              # (how much it is worth must be looked up)
        else:
            actions = None if self.safe_actions is None else self.safe_actions(state)
            if actions == ():
                self.forced += 1          # every move lets the opponent win at once
                if abs(worst) < inf:
                    return worst
                actions = self.game.actions(state)[:1]
            elif actions is None:
                actions = self.game.actions(state)
                if self.order is not None:
                    actions = self.order(state, actions)
                if not actions:
                    raise self.search.no_actions(state)
        # MAX-VALUE or MIN-VALUE, in the window narrowed by the bounds known; then remember what was learnt.
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
        if player == MAX:
            v = self.max_value(state, actions, alpha, beta, ply)
        else:
            v = self.min_value(state, actions, alpha, beta, ply)
        # Fail-soft: v is exact inside the window, else a bound beyond it.
        if v <= alpha:
            hi = min(hi, v)
        elif v >= beta:
            lo = max(lo, v)
        else:
            lo = hi = v
        self.table[k] = self.entry.setdefault((lo, hi), (lo, hi))
        return v

    def max_value(self, state, actions, alpha, beta, ply):
        value, result = self.value, self.result
        v = -inf
        for a in actions:
            v = max(v, value(result(state, a), alpha, beta, ply + 1))
            if v >= beta:
                self.prunes += 1
                return v
            if v > alpha:
                alpha = v
        return v

    def min_value(self, state, actions, alpha, beta, ply):
        value, result = self.value, self.result
        v = inf
        for a in actions:
            v = min(v, value(result(state, a), alpha, beta, ply + 1))
            if v <= alpha:
                self.prunes += 1
                return v
            if v < beta:
                beta = v
        return v

    def principal_variation(self, root_value) -> list:
        """The moves of best play from the root to the end of the game, with the package's tie rule."""
        pv, s = [], self.search.state
        while not self.is_terminal(s):
            pv.append(self.first_best(s, root_value))
            s = self.result(s, pv[-1])
        return pv

    def first_best(self, state, v):
        """The first action in ``actions()`` order whose child keeps the value ``v``.

        For MAX a child searched with the window (low, v) either fails high (it
        is worth at least ``v``: a best move) or returns its exact value,
        which is lower.  MIN is the mirror image.
        """
        actions = self.game.actions(state)
        if self.to_move(state) == MAX:
            if v <= self.low:
                return actions[0]
            for a in actions:
                if self.value(self.result(state, a), self.low, v, 1) >= v:
                    return a
        else:
            if v >= self.high:
                return actions[0]
            for a in actions:
                if self.value(self.result(state, a), v, self.high, 1) <= v:
                    return a
        raise GameError(f"solve: no move of {state!r} keeps the value {v!r}; is utility_range right?")

    def stats(self) -> Stats:
        return Stats(nodes=self.nodes, leaves=self.leaves, prunes=self.prunes, max_depth=self.deepest,
                     seconds=time.perf_counter() - self.search.started,
                     extra=dict(tt_hits=self.hits, tt_size=len(self.table), immediate_wins=self.wins,
                                forced_losses=self.forced, settled_by_bounds=self.settled))
