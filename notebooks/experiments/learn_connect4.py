"""Do learned Connect Four weights beat the hand-set ones?  A seeded experiment.

Run from the repository root:

    .venv/bin/python notebooks/experiments/learn_connect4.py

It takes two to three minutes on a laptop and writes ``learn_connect4.json``
next to this file; the lecture notebook only loads that file.

The experiment, settled before this script was run (every number below is
a setting, not a result):

1. Training.  On the standard 7x6 board, the four features of
   ``connect4_eval`` (centre, twos, threes, threats) get weights from
   logistic regression on 2,000 self-play games: one depth-2 alpha-beta agent
   with the hand-set weights plays both sides, a random move with
   probability 0.1, from random two-ply openings (``advsearch.learning.train``).
2. Prediction.  On 500 fresh self-play games (another seed), how well does
   each evaluation rank positions by who goes on to win?  Measured by the AUC:
   the chance that a position MAX went on to win is valued above one that
   MIN went on to win (0.5 is chance, ties count 1/2).
3. Play.  For each depth 2, 3 and 4, alpha-beta with the learned weights
   plays alpha-beta with the hand-set weights, the same search and move
   ordering, 1,000 games: 500 random four-ply openings, each played with
   both colours (``advsearch.arena.match``).  The score is the learned
   agent's, with a 95% Wilson interval.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path

import numpy as np

from advsearch import ConnectFour, agents
from advsearch.arena import match
from advsearch.evaluation import connect4_eval
from advsearch.learning import dataset, self_play, train

SEED = 2024
TRAINING = {"games": 2000, "depth": 2, "epsilon": 0.1, "openings": 2, "l2": 1e-3, "bound": 0.45}
HELD_OUT_GAMES = 500
DEPTHS = (2, 3, 4)
MATCH = {"games": 1000, "openings": 4}
OUTPUT = Path(__file__).with_suffix(".json")


def auc(values, labels) -> float:
    """P(value of a position MAX went on to win > value of one MIN went on to win), ties 1/2."""
    won, lost = np.sort(values[labels == 1]), values[labels == 0]
    below = np.searchsorted(won, lost, side="right")        # won positions valued <= each lost one
    ties = below - np.searchsorted(won, lost, side="left")
    beaten = len(won) * len(lost) - below.sum()              # pairs where the won position is higher
    return float((beaten + ties.sum() / 2) / (len(won) * len(lost)))


def prediction(game, hand, learned, seed) -> dict:
    """AUC and largest |value| of both evaluations on held-out self-play positions."""
    player = agents.epsilon_greedy(agents.alphabeta(TRAINING["depth"], hand, order=game.move_order),
                                   TRAINING["epsilon"], seed=seed)
    records = self_play(game, player, HELD_OUT_GAMES, seed=seed + 1, openings=TRAINING["openings"])
    X, y = dataset(records, hand)
    out = {"games": len(records), "positions": int(len(y)), "fraction_max_won": float(y.mean())}
    for name, evaluation in (("hand_set", hand), ("learned", learned)):
        values = X @ np.array([evaluation.weights[n] for n in evaluation.names])
        out[name] = {"auc": auc(values, y), "largest_abs_value": float(np.abs(values).max())}
    return out


def tournament(game, hand, learned) -> list:
    rows = []
    for depth in DEPTHS:
        a = agents.alphabeta(depth, learned, order=game.move_order, name=f"learned, depth {depth}")
        b = agents.alphabeta(depth, hand, order=game.move_order, name=f"hand-set, depth {depth}")
        started = time.perf_counter()
        result = match(game, a, b, seed=SEED + depth, **MATCH)
        seconds = time.perf_counter() - started
        print(result, f"[{seconds:.0f} s]", flush=True)
        rows.append({"depth": depth, **result.as_dict(), "seconds": seconds, "verdict": verdict(result)})
    return rows


def verdict(result) -> str:
    lo, hi = result.interval
    if lo > 0.5:
        return "learned weights better (95% interval above 50%)"
    if hi < 0.5:
        return "hand-set weights better (95% interval below 50%)"
    return "no significant difference (95% interval contains 50%)"


def main():
    started = time.perf_counter()
    game = ConnectFour()
    hand = connect4_eval(game)
    run = train(game, hand, seed=SEED, **TRAINING)
    learned = run.evaluation
    print(f"hand-set: {hand}\nlearned:  {learned}\n"
          f"({run.games} games, {run.draws} draws left out, {run.positions} positions, "
          f"{run.seconds['self_play']:.0f} s of self-play)", flush=True)
    held_out = prediction(game, hand, learned, seed=SEED + 100)
    print(f"held-out AUC: hand-set {held_out['hand_set']['auc']:.3f}, learned {held_out['learned']['auc']:.3f}")
    matches = tournament(game, hand, learned)
    report = {
        "board": {"width": game.width, "height": game.height},
        "seed": SEED,
        "hand_set_weights": hand.weights,
        "learned_weights": learned.weights,
        "training": run.as_dict(),
        "held_out": held_out,
        "tournament": {"settings": {**MATCH, "depths": list(DEPTHS)}, "matches": matches},
        "total_seconds": time.perf_counter() - started,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
    }
    OUTPUT.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {OUTPUT} in {report['total_seconds']:.0f} s")


if __name__ == "__main__":
    main()
