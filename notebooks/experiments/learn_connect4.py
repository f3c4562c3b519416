"""Do learned Connect Four weights beat the hand-set ones?  A seeded experiment.

Run from the repository root:

    .venv/bin/python notebooks/experiments/learn_connect4.py            # about 2 minutes; or: make experiments
    .venv/bin/python notebooks/experiments/learn_connect4.py --quick    # tiny sizes, a temporary folder

It runs in one process and writes ``learn_connect4.json`` next to this file
(with a ``produced_by`` record: see ``provenance.py``); lecture notebook 03
only loads that file.  Everything is seeded: the same code writes the same
numbers (only timings, date and machine differ).

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

import numpy as np
from tqdm.auto import tqdm

from advsearch import ConnectFour, agents
from advsearch.arena import match
from advsearch.evaluation import connect4_eval
from advsearch.learning import dataset, self_play, train

import provenance

SEED = 2024
#: The settings of the experiment (the docstring's numbers).
FULL = {"training": {"games": 2000, "depth": 2, "epsilon": 0.1, "openings": 2, "l2": 1e-3, "bound": 0.45},
        "held_out_games": 500, "depths": [2, 3, 4], "match": {"games": 1000, "openings": 4}}
#: A smoke run with the same steps and the same seeds: seconds, not minutes.
QUICK = {"training": {**FULL["training"], "games": 60}, "held_out_games": 30, "depths": [2, 3],
         "match": {"games": 20, "openings": 4}}


def seeds() -> dict:
    """Every seed of a run: training, the held-out games' agent and openings, and the matches (each row has its own)."""
    return {"training": SEED, "held_out_agent": SEED + 100, "held_out_games": SEED + 101,
            "match": f"{SEED} + depth"}


def auc(values, labels) -> float:
    """P(value of a position MAX went on to win > value of one MIN went on to win), ties 1/2."""
    won, lost = np.sort(values[labels == 1]), values[labels == 0]
    below = np.searchsorted(won, lost, side="right")        # won positions valued <= each lost one
    ties = below - np.searchsorted(won, lost, side="left")
    beaten = len(won) * len(lost) - below.sum()              # pairs where the won position is higher
    return float((beaten + ties.sum() / 2) / (len(won) * len(lost)))


def prediction(game, hand, learned, settings, seed, progress=True) -> dict:
    """AUC and largest |value| of both evaluations on held-out self-play positions."""
    training = settings["training"]
    player = agents.epsilon_greedy(agents.alphabeta(training["depth"], hand, order=game.move_order),
                                   training["epsilon"], seed=seed)
    records = self_play(game, player, settings["held_out_games"], seed=seed + 1, openings=training["openings"],
                        progress=progress)
    X, y = dataset(records, hand)
    out = {"games": len(records), "positions": int(len(y)), "fraction_max_won": float(y.mean())}
    for name, evaluation in (("hand_set", hand), ("learned", learned)):
        values = X @ np.array([evaluation.weights[n] for n in evaluation.names])
        out[name] = {"auc": auc(values, y), "largest_abs_value": float(np.abs(values).max())}
    return out


def one_match(game, hand, learned, depth, settings, progress=True) -> dict:
    """Learned against hand-set weights, both alpha-beta to ``depth``, as one row of the JSON."""
    a = agents.alphabeta(depth, learned, order=game.move_order, name=f"learned, depth {depth}")
    b = agents.alphabeta(depth, hand, order=game.move_order, name=f"hand-set, depth {depth}")
    started = time.perf_counter()
    result = match(game, a, b, seed=SEED + depth, progress=progress, **settings["match"])
    seconds = time.perf_counter() - started
    tqdm.write(f"{result} [{seconds:.0f} s]")
    return {"depth": depth, **result.as_dict(), "seconds": seconds, "verdict": verdict(result)}


def verdict(result) -> str:
    lo, hi = result.interval
    if lo > 0.5:
        return "learned weights better (95% interval above 50%)"
    if hi < 0.5:
        return "hand-set weights better (95% interval below 50%)"
    return "no significant difference (95% interval contains 50%)"


def run(settings, quick=False, progress=True) -> dict:
    """The whole experiment with ``settings`` (:data:`FULL` or :data:`QUICK`): the JSON report."""
    started = time.perf_counter()
    game = ConnectFour()
    hand = connect4_eval(game)
    stages = ["training", "held-out games"] + [f"match at depth {d}" for d in settings["depths"]]
    with tqdm(total=len(stages), desc="learn_connect4", unit="step", disable=not progress) as bar:
        bar.set_postfix_str(stages[0])
        training = train(game, hand, seed=SEED, progress=progress, **settings["training"])
        learned = training.evaluation
        tqdm.write(f"hand-set: {hand}\nlearned:  {learned}\n({training.games} games, {training.draws} draws left "
                   f"out, {training.positions} positions, {training.seconds['self_play']:.0f} s of self-play)")
        bar.update()
        bar.set_postfix_str(stages[1])
        held_out = prediction(game, hand, learned, settings, seed=SEED + 100, progress=progress)
        tqdm.write(f"held-out AUC: hand-set {held_out['hand_set']['auc']:.3f}, "
                   f"learned {held_out['learned']['auc']:.3f}")
        bar.update()
        matches = []
        for depth, stage in zip(settings["depths"], stages[2:]):
            bar.set_postfix_str(stage)
            matches.append(one_match(game, hand, learned, depth, settings, progress))
            bar.update()
    return {
        "board": {"width": game.width, "height": game.height},
        "seed": SEED,
        "hand_set_weights": hand.weights,
        "learned_weights": learned.weights,
        "training": training.as_dict(),
        "held_out": held_out,
        "tournament": {"settings": {**settings["match"], "depths": list(settings["depths"])}, "matches": matches},
        "total_seconds": time.perf_counter() - started,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "produced_by": provenance.record(__file__, quick, settings, seeds(), started),
    }


def main(argv=None) -> int:
    args = provenance.arguments(__file__, argv)
    path = provenance.output_path(__file__, args.quick, args.output)
    report = run(QUICK if args.quick else FULL, quick=args.quick, progress=not args.no_progress)
    provenance.write(path, json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"learn_connect4: {report['total_seconds']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
