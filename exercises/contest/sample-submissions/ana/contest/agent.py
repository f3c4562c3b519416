# A sample submission as nbgrader collects a folder (submitted/ana/contest/): alpha-beta with iterative
# deepening under the contest's node budget, and an evaluation whose weights it reads from its own folder.
import json

from advsearch import iterative_deepening
from advsearch.evaluation import Linear, connect4_features
from advsearch.games.connect4 import ConnectFour

with open("weights.json") as f:
    evaluate = Linear(connect4_features(ConnectFour()), json.load(f))


def agent(game, state, budget):
    nodes = budget.max_nodes or 1000
    return iterative_deepening(game, state, evaluate=evaluate, max_nodes=nodes, order=game.move_order).move
