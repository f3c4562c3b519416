"""My Connect Four agent for the class contest.

The exercise sheets build a whole entry step by step in ../my_agent.py (minimax in sheet 01, alpha-beta in 02, an
evaluation and iterative deepening under the time of a move in 03, UCT in 06), each step checked there; hand that
file in as agent.py, or start from this template, which uses the package's own search.  README.md says more.

The contest calls ``agent(game, state)`` for each of your moves, or ``agent(game, state, budget)`` if your
function takes three arguments: ``budget.seconds`` is the time per move (think longer and you lose the game)
and ``budget.max_nodes`` a node budget the contest suggests (it may be None).  Return one of
``game.actions(state)``; anything else loses the game too, and so does an exception.

Your agent runs alone in a sandbox: it may import advsearch, numpy and the standard library, read and write
files in its own folder (hand in a weights file next to this one and open it by its name), and nothing
else: no network, no other files.  Try it before you hand it in:

    advsearch contest --game connect4 --agents my-folder/ --baseline random alphabeta:2 --workers 1
"""

from advsearch import iterative_deepening
from advsearch.evaluation import connect4_eval

evaluate = connect4_eval()          # replace this with your own evaluate(state, player)


def agent(game, state, budget):
    nodes = budget.max_nodes or 2000
    return iterative_deepening(game, state, evaluate=evaluate, max_nodes=nodes, order=game.move_order).move
