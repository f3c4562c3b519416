"""MCTS simulations per second on tic-tac-toe, ours and, where installed, OpenSpiel's MCTSBot.

``python -m benchmarks.bench_mcts [--quick]``.  Both searches run UCT with c = sqrt(2), one random
rollout per iteration, from the empty board; the table gives iterations per second and our ratio,
and ours again with an evaluation function as the rollout (``rollout=evaluation_rollout(...)``).
It prints only; nothing is asserted about time.
"""

import math
import sys
import time

import advsearch as ads
from advsearch.search.mcts import evaluation_rollout


def ours(iterations, seed=0, rollout=None):
    game = ads.TicTacToe()
    start = time.perf_counter()
    r = ads.mcts(game, iterations=iterations, seed=seed, rollout=rollout)
    return iterations / (time.perf_counter() - start), r.move


def openspiel(iterations, seed=0):
    """OpenSpiel's MCTSBot with RandomRolloutEvaluator(n_rollouts=1), or None without pyspiel."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game("tic_tac_toe")
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, math.sqrt(2), iterations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng,
                       solve=False)
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.step(state)
    return iterations / (time.perf_counter() - start), None


def main(quick=False):
    iterations = 2000 if quick else 20000
    mine, move = max((ours(iterations, seed) for seed in range(3)), key=lambda x: x[0])
    print(f"\nMCTS on tic-tac-toe from the empty board, {iterations} iterations (best of 3)")
    print(f"{'search':<28}{'iterations/s':>14}")
    print(f"{'advsearch.mcts':<28}{mine:>14,.0f}")
    rollout = evaluation_rollout(ads.evaluation.tictactoe_eval())
    evaluated = max(ours(iterations, seed, rollout)[0] for seed in range(3))
    print(f"{'  with evaluation_rollout':<28}{evaluated:>14,.0f}")
    theirs = openspiel(iterations)
    if theirs is None:
        print("OpenSpiel is not installed (pip install open_spiel): no comparison")
        return 0
    theirs = max([theirs] + [openspiel(iterations, s) for s in (1, 2)], key=lambda x: x[0])[0]
    print(f"{'open_spiel MCTSBot':<28}{theirs:>14,.0f}")
    print(f"ratio ours / OpenSpiel: {mine / theirs:.2f}x (target >= 2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main(quick="--quick" in sys.argv))
