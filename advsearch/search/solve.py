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
from .base import Search, inf

__all__ = ["solve"]


def solve(game, state=None, *, table=None, trace=False):
    """The exact game-theoretic value of ``state`` and a best move, as fast as the package can.

    Parameters
    ----------
    game : Game
        A two-player game whose play always ends (no depth limit is used).
    state : optional
        The position to solve; ``game.initial_state`` when None.
    table : dict, optional
        The memory of solved bounds.  Pass the same dict to several calls on
        the same game to reuse what the earlier ones found.
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
    """
    if trace:
        return _traced(game, state)
    return _Solver(game, {} if table is None else table).run(state)


def _traced(game, state):
    """``solve`` with a trace: the teaching alpha-beta with a table and the same ordering hint."""
    from .alphabeta import alphabeta
    from .ordering import Chain, History, Killers
    from .tables import TranspositionTable

    table = TranspositionTable(getattr(game, "canonical", None))
    order = Chain(Killers(), History(), getattr(game, "move_order", None))
    return alphabeta(game, state, order=order, table=table, trace=True)


class _Solver:
    """One exact search: the recursion ``max_value``/``min_value`` over a table of bounds."""

    def __init__(self, game, table):
        # The shared checks (two players) and the runaway-recursion message.
        self.search = Search(game, None, depth=None, evaluate=None, trace=False, algorithm="solve")
        self.game = game
        self.table = table
        self.nodes = self.leaves = self.hits = self.wins = self.forced = self.settled = self.deepest = 0
        self.cutoffs = 0
        self.range = getattr(game, "utility_range", (-inf, inf))
        # The game's optional hooks, with harmless defaults.
        self.key = getattr(game, "table_key", None) or getattr(game, "canonical", None) or (lambda s: s)
        self.bounds = {}                 # one tuple object per distinct (lo, hi), shared by entries
        self.winning_action = getattr(game, "winning_action", None) or (lambda s: None)
        self.value_bounds = getattr(game, "value_bounds", None)
        self.safe_actions = getattr(game, "safe_actions", None) or (lambda s: None)
        self.order = getattr(game, "move_order", None) or (lambda s, actions: actions)

    def run(self, state):
        game, search = self.game, self.search
        root = game.initial_state if state is None else state
        search.state = root
        lo, hi = self.range
        started = time.perf_counter()
        value = search.run(lambda s: self.value(s, lo, hi, 0))
        pv = self.principal_variation(root, value)
        stats = Stats(nodes=self.nodes, leaves=self.leaves, cutoffs=self.cutoffs, max_depth=self.deepest,
                      seconds=time.perf_counter() - started,
                      extra=dict(tt_hits=self.hits, tt_size=len(self.table), immediate_wins=self.wins,
                                 forced_losses=self.forced, settled_by_bounds=self.settled))
        return SearchResult(value, pv[0] if pv else None, pv, stats, None)

    # --- The recursion: alpha-beta with a table of bounds. ---

    def value(self, state, alpha, beta, ply):
        """The value for MAX if it lies in (alpha, beta); else a bound on the far side of the window."""
        self.nodes += 1
        if ply > self.deepest:
            self.deepest = ply
        game = self.game
        if game.is_terminal(state):
            self.leaves += 1
            u = game.utility(state, MAX)
            if not self.range[0] <= u <= self.range[1]:
                raise GameError(f"{game!r}: utility {u!r} of {state!r} is outside utility_range {self.range!r}")
            return u
        key = self.key(state)
        lo, hi = self.table.get(key, self.range)
        if lo >= beta or lo == hi:
            self.hits += 1
            return lo
        if hi <= alpha:
            self.hits += 1
            return hi
        if self.value_bounds is not None:
            known_lo, known_hi = self.value_bounds(state)
            lo, hi = max(lo, known_lo), min(hi, known_hi)
            if lo >= beta or lo == hi or hi <= alpha:
                self.settled += 1
                return lo if lo >= beta or lo == hi else hi
        player = game.to_move(state)
        if player not in (MAX, MIN):
            raise self.search.bad_player(state, player)
        worst, best = self.range if player == MAX else self.range[::-1]
        win = self.winning_action(state)
        if win is not None:
            self.wins += 1                # the mover wins at once: nothing is better
            if abs(best) < inf:
                return best
            actions = (win,)              # (how much it is worth must be looked up)
        else:
            actions = self.safe_actions(state)
            if actions == ():
                self.forced += 1          # every move lets the opponent win at once
                if abs(worst) < inf:
                    return worst
                actions = game.actions(state)[:1]
        alpha, beta = max(alpha, lo), min(beta, hi)
        if actions is None:
            actions = self.order(state, game.actions(state))
            if not actions:
                raise self.search.no_actions(state)
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
        pair = (lo, hi)
        self.table[key] = self.bounds.setdefault(pair, pair)
        return v

    def max_value(self, state, actions, alpha, beta, ply):
        v = -inf
        for a in actions:
            v = max(v, self.value(self.game.result(state, a), alpha, beta, ply + 1))
            if v >= beta:
                self.cutoffs += 1
                return v
            alpha = max(alpha, v)
        return v

    def min_value(self, state, actions, alpha, beta, ply):
        v = inf
        for a in actions:
            v = min(v, self.value(self.game.result(state, a), alpha, beta, ply + 1))
            if v <= alpha:
                self.cutoffs += 1
                return v
            beta = min(beta, v)
        return v

    # --- Principal variation, with the package's tie rule. ---

    def principal_variation(self, state, value):
        """The first best move in ``actions()`` order at each node, from ``state`` to the end of the game."""
        game, pv = self.game, []
        while not game.is_terminal(state):
            move = self.first_best(state, value)
            pv.append(move)
            state = game.result(state, move)
        return tuple(pv)

    def first_best(self, state, value):
        """The first action in ``actions()`` order whose child keeps ``value``.

        For MAX a child searched with the window (worst, value) either fails
        high (it is worth at least ``value``: a best move) or returns its exact
        value, which is lower.  MIN is the mirror image.
        """
        game, (worst, best) = self.game, self.range
        actions = game.actions(state)
        if game.to_move(state) == MAX:
            if value <= worst:
                return actions[0]
            for a in actions:
                if self.value(game.result(state, a), worst, value, 1) >= value:
                    return a
        else:
            if value >= best:
                return actions[0]
            for a in actions:
                if self.value(game.result(state, a), value, best, 1) <= value:
                    return a
        raise GameError(f"solve: no move of {state!r} keeps the value {value!r}; is utility_range right?")
