"""Transposition tables: remember what was found about a state, reached again by another path.

Tic-tac-toe's game tree has 549,946 nodes but only 5,478 distinct positions;
a table lets alpha-beta search each position once per window.  Under
alpha-beta a value is often only a bound, so each entry records which:

``EXACT``  the true value (it fell inside the window);
``LOWER``  a lower bound (a MAX-side cutoff: v >= beta);
``UPPER``  an upper bound (v <= alpha).

An entry is used only when it was searched at least as deep as needed, and
a bound only when it already settles the current window — that is what makes
the table sound (Marsland 1986; Russell & Norvig, 4th ed., section 5.3).

An exact search to the end of the game (:func:`~advsearch.solve`) keeps
more: both bounds at once, the interval ``[lo, hi]`` known to hold each
state's value, in the table's ``bounds``.

Examples
--------
>>> from advsearch import TicTacToe, alphabeta
>>> table = TranspositionTable()
>>> r = alphabeta(TicTacToe(), table=table)
>>> r.value, r.stats.nodes < 18_297, r.stats.tt_hits > 0
(0, True, True)
"""

from __future__ import annotations

from typing import NamedTuple


EXACT, LOWER, UPPER = "exact", "lower", "upper"


class Entry(NamedTuple):
    value: float
    flag: str
    depth: float      # plies searched below the state (inf for a search with no depth limit)
    move: object      # the best move found there, or None


class TranspositionTable:
    """A dictionary from state to :class:`Entry`, with counts of probes and hits.

    Parameters
    ----------
    canonical : callable, optional
        ``canonical(state) -> key`` so that symmetric states share an entry,
        e.g. :func:`advsearch.games.tictactoe.canonical` for the 8 symmetries
        of the board.  Stored moves are then dropped (a move in one image is
        not a move in another), so only values are shared.

    Attributes
    ----------
    entries : dict
        key -> :class:`Entry`, for depth-limited searches (alpha-beta).
    bounds : dict
        key -> ``(lo, hi)``, the interval that holds the exact value of the
        state, for :func:`~advsearch.solve`.  A table passed to several
        solves of one game lets the later ones reuse what the earlier found.
    probes, hits : int
        How often ``lookup`` was asked, and how often it answered.
    """

    def __init__(self, canonical=None):
        self.canonical = canonical
        self.entries = {}
        self.bounds = {}
        self.probes = self.hits = 0

    def __len__(self):
        return len(self.entries) + len(self.bounds)

    def key(self, state):
        return state if self.canonical is None else self.canonical(state)

    def lookup(self, state, depth, alpha, beta):
        """The stored value if it settles this node for a search ``depth`` plies deep, else None."""
        self.probes += 1
        e = self.entries.get(self.key(state))
        if e is None or e.depth < depth:
            return None
        if e.flag == EXACT or (e.flag == LOWER and e.value >= beta) or (e.flag == UPPER and e.value <= alpha):
            self.hits += 1
            return e.value
        return None

    def best_move(self, state):
        """The best move stored for ``state``, to search first; None if unknown."""
        e = self.entries.get(self.key(state))
        return None if e is None else e.move

    def store(self, state, depth, value, alpha, beta, move=None):
        """Record ``value`` found with the window (alpha, beta) at ``depth`` plies (fail-soft)."""
        flag = UPPER if value <= alpha else LOWER if value >= beta else EXACT
        key = self.key(state)
        old = self.entries.get(key)
        if old is None or depth >= old.depth:
            self.entries[key] = Entry(value, flag, depth, None if self.canonical else move)

    def continue_line(self, game, state, line, plies):
        """``line`` (moves from ``state``) continued by the best moves of exact entries, to ``plies`` moves.

        A search that finds a state in the table stops its principal
        variation there; the exact entries remember how it went on.

        >>> from advsearch import TicTacToe, alphabeta
        >>> game, table = TicTacToe(), TranspositionTable()
        >>> first = alphabeta(game, table=table)
        >>> table.continue_line(game, game.initial_state, first.pv[:1], 9) == first.pv
        True
        """
        line = list(line)
        for a in line:
            state = game.result(state, a)
        seen = set()
        while len(line) < plies and not game.is_terminal(state) and state not in seen:
            e = self.entries.get(self.key(state))
            if e is None or e.flag != EXACT or e.move is None:
                break
            seen.add(state)
            line.append(e.move)
            state = game.result(state, e.move)
        return tuple(line)

    def clear(self):
        self.entries.clear()
        self.bounds.clear()
        self.probes = self.hits = 0
