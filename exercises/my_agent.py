"""My Connect Four agent: one file that grows through the exercise sheets and ends in the class contest.

Each sheet's coding exercise is written here, not in a notebook cell, and the sheet checks it with a cell such as
``check.agent_file("minimax")``, which reads this file afresh (save it first):

- sheet 01 (01_minimax.ipynb, exercise 4):        minimax
- sheet 02 (02_alpha_beta.ipynb, exercise IV):    alphabeta
- sheet 03 (03_evaluation_and_limits.ipynb):      evaluate (II), alphabeta_limited (III), deepening (IV)
- sheet 06 (06_mcts.ipynb, exercise IV):          mcts

``agent(game, state, budget)`` at the bottom is what the contest calls (see contest/README.md and
contest/agent_template.py).  It is written for you: once sheet 03 is done it plays iterative deepening within the
contest's time; before that it plays the column nearest the centre.  When the sheets are done, hand in a copy of
this file as contest/agent.py, or try it first:

    mkdir -p my-contest && cp my_agent.py my-contest/
    advsearch contest --game connect4 --agents my-contest/ --baseline random alphabeta:2 --workers 1

Use only the game protocol in your searches (game.is_terminal, game.utility, game.to_move, game.actions,
game.result); the checkers run them on game trees as well as on Connect Four.
"""

import math
import random
import time

import advsearch as ads
from advsearch import MAX, MIN

C4 = ads.ConnectFour()          # the contest's board, 7 x 6


# ---- Sheet 01, exercise 4 -----------------------------------------------------------------------------------------

def minimax(game, state):
    """The minimax value of `state` for MAX."""
    raise NotImplementedError  # your code here


# ---- Sheet 02, exercise IV ----------------------------------------------------------------------------------------

def alphabeta(game, state):
    """The minimax value of `state` for MAX, pruning with alpha and beta (cut when v >= beta at MAX, v <= alpha at
    MIN), children in the order of game.actions(state)."""
    raise NotImplementedError  # your code here


# ---- Sheet 03, exercise II: an evaluation for Connect Four ---------------------------------------------------------

def evaluate(state, player):
    """An estimate of `state`'s value for `player`, strictly between -1 and +1 (a state is a pair of bitboards
    (x, o); C4.cell(column, row) is the bit of one cell)."""
    raise NotImplementedError  # your code here


# ---- Sheet 03, exercise III: depth-limited alpha-beta --------------------------------------------------------------

def alphabeta_limited(game, state, depth, evaluate):
    """The value for MAX of alpha-beta cut off after `depth` plies, with evaluate(state, MAX) there."""
    raise NotImplementedError  # your code here


# ---- Sheet 03, exercise IV: iterative deepening --------------------------------------------------------------------

def deepening(game, state, depth, evaluate):
    """(value, move) of the deepest finished iteration of alpha-beta to depth 1, 2, ..., depth; catch
    ads.BudgetExceeded and return what the last finished iteration found."""
    raise NotImplementedError  # your code here


# ---- Sheet 06, exercise IV: UCT ------------------------------------------------------------------------------------

def mcts(game, state, iterations, rng):
    """{action: (wins, visits)} for the children of `state` after `iterations` UCT iterations, wins counted for the
    player to move at `state`, random playouts with rng.choice."""
    raise NotImplementedError  # your code here


# ---- The contest's entry (written for you; change it if you like) -------------------------------------------------

#: Which search plays: "deepening" (sheet 03) or "uct" (sheet 06, UCT_ITERATIONS iterations a move).
PLAYS = "deepening"
UCT_ITERATIONS = 300


class Clock:
    """The game, except that game.actions raises ads.BudgetExceeded once `seconds` have passed: your deepening
    catches it and answers with its deepest finished iteration."""

    def __init__(self, game, seconds):
        self.game, self.deadline = game, time.monotonic() + seconds

    def __getattr__(self, name):
        return getattr(self.game, name)

    def actions(self, state):
        if time.monotonic() > self.deadline:
            raise ads.BudgetExceeded("out of time")
        return self.game.actions(state)


def centre_move(game, state):
    """The legal column nearest the centre: the agent's move until sheet 03's search is written."""
    return min(game.actions(state), key=lambda column: abs(column - (game.width - 1) / 2))


def agent(game, state, budget=None):
    """The contest's call: a legal move for the player to move at `state`, within budget.seconds."""
    seconds = budget.seconds if budget is not None and budget.seconds else 1.0
    try:
        if PLAYS == "uct":
            stats = mcts(game, state, UCT_ITERATIONS, random.Random())
            return max(stats, key=lambda action: stats[action][1])         # the most visited move
        answer = deepening(Clock(game, 0.4 * seconds), state, game.width * game.height, evaluate)
    except NotImplementedError:
        return centre_move(game, state)
    if answer is None or answer[1] not in game.actions(state):
        return centre_move(game, state)
    return answer[1]
