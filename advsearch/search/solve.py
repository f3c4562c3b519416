"""``solve``: who wins this position?  The strongest exact search the package has.

Alpha-beta over the whole game with a transposition table (symmetric states
share entries when the game offers ``canonical(state)``), the game's own move
ordering hint when it has one (``move_order(state, actions)``, e.g. centre
columns first in Connect Four), and the killer and history heuristics.
"""

from __future__ import annotations

from .alphabeta import alphabeta
from .ordering import Chain, History, Killers
from .tables import TranspositionTable

__all__ = ["solve"]


def solve(game, state=None, *, table=None, trace=False):
    """The exact game-theoretic value of ``state`` and a best move, as fast as the package can.

    Returns a :class:`~advsearch.result.SearchResult` whose ``value`` is
    exact (MAX's utility under perfect play) and whose ``stats`` add
    ``tt_hits``.  The principal variation may stop where the table already
    knew the answer.

    Examples
    --------
    >>> from advsearch import TicTacToe, Grundy
    >>> solve(TicTacToe()).value
    0
    >>> solve(Grundy(30)).value      # Grundy value of 30 is 3: the first player wins
    1
    """
    if table is None:
        table = TranspositionTable(getattr(game, "canonical", None))
    hint = getattr(game, "move_order", None)
    order = Chain(Killers(), History(), hint)
    return alphabeta(game, state, order=order, table=table, trace=trace)
