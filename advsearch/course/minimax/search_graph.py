"""How many states a search checks from a position, counted by hand on its search graph: :func:`search_graph`.

Eckroth's notes draw the search graph of a tic-tac-toe search, with and
without alpha-beta, and tabulate the states each checks by the number of
tokens on the board.  Here the student counts them for one position: every
state the search enters, the position itself and the finished games included,
and none inside a pruned subtree.  The reference is ``stats.nodes`` of the
package's :func:`~advsearch.minimax` or :func:`~advsearch.alphabeta`
(children in ``actions()`` order).

>>> from advsearch import TicTacToe
>>> game = TicTacToe()
>>> position = game.state("XXO/OOX/...")
>>> search_graph(game, position, 14).ok, search_graph(game, position, 10, algorithm="alphabeta").ok
(True, True)
>>> print(search_graph(game, position, 6))
It looks as if leaves were counted where the question asks for nodes (every node visited, the root too). ...
"""

from __future__ import annotations

from ...answers import number_problem
from ...search import alphabeta, minimax
from ..limits.questions import LIMITS_MISTAKES
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import blank

#: The searches whose states :func:`search_graph` counts.
SEARCHES = {"minimax": minimax, "alphabeta": alphabeta}

#: The mistake this checker names besides the node-counting ones of lecture 03 (``counted_leaves``,
#: ``root_not_counted``).
SEARCH_GRAPH_MISTAKES = {
    "counted_minimax": "the count is minimax's: alpha-beta enters none of the states below a cut",
}


def search_graph(game, state, answer, algorithm="minimax") -> Feedback:
    """Check ``answer``, the number of states ``algorithm`` checks from ``state``, ``state`` itself included.

    ``algorithm`` is "minimax" or "alphabeta" (children in the game's
    ``actions()`` order, cut on equality as in the lecture).
    """
    if algorithm not in SEARCHES:
        raise ValueError(f"algorithm must be one of {', '.join(map(repr, SEARCHES))}, not {algorithm!r}")
    result = SEARCHES[algorithm](game, state)
    nodes, leaves = result.stats.nodes, result.stats.leaves
    name = "minimax" if algorithm == "minimax" else "alpha-beta"
    if blank(answer):
        return not_answered(f"write the number of states {name} checks, the position itself included.")
    problem = number_problem(answer)
    if problem is not None:
        return Feedback(False, f"The answer is one number, the states {name} checks; {problem}.")
    if answer == nodes:
        extra = f" ({leaves} of them finished games)" if algorithm == "minimax" else ""
        return Feedback(True, f"Correct: {name} checks {nodes} states{extra}.")
    key = ("counted_leaves" if answer == leaves else
           "root_not_counted" if answer == nodes - 1 else
           "counted_minimax" if algorithm == "alphabeta" and answer == minimax(game, state).stats.nodes else None)
    lead = f"It looks as if {({**LIMITS_MISTAKES, **SEARCH_GRAPH_MISTAKES})[key]}. " if key else ""
    how = ("Draw the search graph: the position, each move's result, each reply's result, down to the "
           "finished games; a game ends as soon as a player has three in a row.")
    if algorithm == "alphabeta":
        how += " Leave out every state below a cut, and count the state where the cut happens."
    return Feedback(False, f"{lead}{answer} is not the number of states {name} checks. {how}", key)
