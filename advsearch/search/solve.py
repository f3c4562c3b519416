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
from .tables import TranspositionTable

__all__ = ["solve"]


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
    search = Search(game, state, depth=None, evaluate=None, trace=False, algorithm="solve")
    low, high = declared_range(game) or UNBOUNDED
    is_terminal, to_move, result = game.is_terminal, game.to_move, game.result
    utility, _ = scorers(game, None)
    table = memory.bounds                 # key -> (lo, hi)
    # The game's optional hooks, with harmless defaults.
    key = (memory.canonical or getattr(game, "table_key", None) or getattr(game, "canonical", None)
           or (lambda s: s))
    winning_action = getattr(game, "winning_action", None) or (lambda s: None)
    value_bounds = getattr(game, "value_bounds", None)
    safe_actions = getattr(game, "safe_actions", None) or (lambda s: None)
    order = getattr(game, "move_order", None) or (lambda s, actions: actions)
    entry = {}              # one tuple object per distinct (lo, hi), shared by the table's entries
    nodes = leaves = hits = wins = forced = settled = prunes = deepest = 0

    def value(state, alpha, beta, ply):
        """The value for MAX if it lies in (alpha, beta); else a bound on the far side of the window."""
        nonlocal nodes, leaves, hits, wins, forced, settled, deepest
        nodes += 1
        if ply > deepest:
            deepest = ply
        if is_terminal(state):
            leaves += 1
            u = utility(state, MAX)
            if not low <= u <= high:
                raise GameError(f"{game!r}: utility {u!r} of {state!r} is outside utility_range {(low, high)!r}")
            return u
        k = key(state)
        lo, hi = table.get(k, (low, high))
        if lo >= beta or lo == hi:
            hits += 1
            return lo
        if hi <= alpha:
            hits += 1
            return hi
        if value_bounds is not None:
            known_lo, known_hi = value_bounds(state)
            if known_lo > lo:
                lo = known_lo
            if known_hi < hi:
                hi = known_hi
            if lo >= beta or lo == hi or hi <= alpha:
                settled += 1
                return lo if lo >= beta or lo == hi else hi
        player = to_move(state)
        if player == MAX:
            worst, best = low, high
        elif player == MIN:
            worst, best = high, low
        else:
            raise search.bad_player(state, player)
        win = winning_action(state)
        if win is not None:
            wins += 1                     # the mover wins at once: nothing is better
            if abs(best) < inf:
                return best
            actions = (win,)              # (how much it is worth must be looked up)
        else:
            actions = safe_actions(state)
            if actions == ():
                forced += 1               # every move lets the opponent win at once
                if abs(worst) < inf:
                    return worst
                actions = game.actions(state)[:1]
            elif actions is None:
                actions = order(state, game.actions(state))
                if not actions:
                    raise search.no_actions(state)
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
        v = (max_value if player == MAX else min_value)(state, actions, alpha, beta, ply)
        # Fail-soft: v is exact inside the window, else a bound beyond it.
        if v <= alpha:
            hi = min(hi, v)
        elif v >= beta:
            lo = max(lo, v)
        else:
            lo = hi = v
        table[k] = entry.setdefault((lo, hi), (lo, hi))
        return v

    def max_value(state, actions, alpha, beta, ply):
        nonlocal prunes
        v = -inf
        for a in actions:
            v = max(v, value(result(state, a), alpha, beta, ply + 1))
            if v >= beta:
                prunes += 1
                return v
            if v > alpha:
                alpha = v
        return v

    def min_value(state, actions, alpha, beta, ply):
        nonlocal prunes
        v = inf
        for a in actions:
            v = min(v, value(result(state, a), alpha, beta, ply + 1))
            if v <= alpha:
                prunes += 1
                return v
            if v < beta:
                beta = v
        return v

    def first_best(state, v):
        """The first action in ``actions()`` order whose child keeps the value ``v``.

        For MAX a child searched with the window (low, v) either fails high (it
        is worth at least ``v``: a best move) or returns its exact value,
        which is lower.  MIN is the mirror image.
        """
        actions = game.actions(state)
        if to_move(state) == MAX:
            if v <= low:
                return actions[0]
            for a in actions:
                if value(result(state, a), low, v, 1) >= v:
                    return a
        else:
            if v >= high:
                return actions[0]
            for a in actions:
                if value(result(state, a), v, high, 1) <= v:
                    return a
        raise GameError(f"solve: no move of {state!r} keeps the value {v!r}; is utility_range right?")

    try:
        root_value = value(search.state, low, high, 0)
    except RecursionError:
        raise GameError(
            f"solve went deeper than Python's recursion limit without reaching a terminal state of "
            f"{game!r}. solve searches to the end of the game, so it needs a game whose play ends; "
            "for a game that can go on for ever use alphabeta with depth=d and evaluate=f."
        ) from None
    pv, s = [], search.state
    while not is_terminal(s):             # the principal variation, with the package's tie rule
        pv.append(first_best(s, root_value))
        s = result(s, pv[-1])
    stats = Stats(nodes=nodes, leaves=leaves, prunes=prunes, max_depth=deepest,
                  seconds=time.perf_counter() - search.started,
                  extra=dict(tt_hits=hits, tt_size=len(table), immediate_wins=wins,
                             forced_losses=forced, settled_by_bounds=settled))
    return SearchResult(root_value, pv[0] if pv else None, tuple(pv), stats, None)
