"""How well do depth-limited expectiminimax agents play Pig?  A seeded experiment.

Run from the repository root:

    .venv/bin/python notebooks/experiments/pig_agents.py            # about 45 minutes; or: make experiments
    .venv/bin/python notebooks/experiments/pig_agents.py --quick    # goal 30, tiny sizes, a temporary folder

It took 45 minutes on a busy two-core machine (it uses both cores) and writes
``pig_agents.json`` next to this file (with a ``produced_by`` record: see
``provenance.py``); lecture notebook 04 only loads that file.  Every match
has its own seed, so the same code writes the same numbers (only timings,
date and machine differ), whichever process plays which match.

The experiment, settled before this script was run (every number below is a
setting, not a result):

1. Agents.  ``agents.expectiminimax(depth, Pig.evaluate)`` for depths 1 to 6:
   plain expectiminimax (no pruning, which would not change a move) cut off
   after ``depth`` levels, chance levels included, and scored with the
   package's simple evaluation, MAX's lead as a fraction of the goal with the
   turn total counted as banked.  Pig with the goal 100.
2. Opponents.  Knizia's rule of thumb ``hold_at(20)``, and the optimal
   policy of ``optimal_pig()``.
3. Simulated matches.  Every agent plays every opponent 2,000 games with
   ``advsearch.arena.match``: no random opening (Pig has nothing to vary but
   the dice), colours swapped after every game, so each agent moves first in
   half the games.  The seed of a match is 4000 + 10 * depth + (0 for
   hold_at(20), 1 for optimal).  The score is the agent's share of the games,
   with a 95% Wilson interval.
4. Exact values, no simulation.  For depths 1 to 4 (a million searches
   each; deeper ones would take hours), ``win_probability`` gives the
   exact probability that the agent beats hold_at(20) when it moves first and
   when it moves second; their mean is the exact expected score of a
   colour-swapped match, which the simulated one estimates.  The same for the
   optimal policy against hold_at(20).
"""

from __future__ import annotations

import json
import platform
import sys
import time
from multiprocessing import Pool

from tqdm.auto import tqdm

import advsearch
from advsearch import Pig, agents
from advsearch.arena import match
from advsearch.games.pig import hold_at, optimal_pig, win_probability

import provenance

SEED = 4000
OPPONENTS = ("hold_at(20)", "optimal")
#: The settings of the experiment (the docstring's numbers).
FULL = {"goal": 100, "depths": [1, 2, 3, 4, 5, 6], "exact_depths": [1, 2, 3, 4], "games": 2000}
#: A smoke run with the same steps and seeds on a short game: seconds, not 45 minutes.
QUICK = {"goal": 30, "depths": [1, 2, 3], "exact_depths": [1, 2], "games": 20}


def seeds() -> dict:
    """How the simulated matches are seeded (each row has its own seed; the exact values use none)."""
    return {"match": f"{SEED} + 10 * depth + (0 against hold_at(20), 1 against optimal)"}


def match_seed(depth, opponent) -> int:
    """The seed of the match of the agent of ``depth`` against ``opponent``."""
    return SEED + 10 * depth + OPPONENTS.index(opponent)


def make_agent(depth, goal):
    game = Pig(goal)
    return agents.expectiminimax(depth, game.evaluate, name=f"expectiminimax, depth {depth}")


def make_opponent(name, goal):
    return hold_at(20) if name == "hold_at(20)" else optimal_pig(goal).agent()


def simulated(depth, opponent, settings) -> dict:
    """One simulated match: agent of ``depth`` against the opponent named ``opponent``."""
    goal = settings["goal"]
    started = time.perf_counter()
    result = match(Pig(goal), make_agent(depth, goal), make_opponent(opponent, goal), games=settings["games"],
                   openings=0, seed=match_seed(depth, opponent), progress=False)
    moves = sum(len(r) for r in result.records)
    out = result.as_dict()
    out.update(depth=depth, opponent=opponent, seconds=time.perf_counter() - started,
               mean_moves_per_game=moves / result.games)
    return out


def exact(first, second, settings) -> dict:
    """Exact win probabilities of ``first`` against ``second`` (each a depth or an opponent name)."""
    goal = settings["goal"]
    make = lambda x: make_agent(x, goal) if isinstance(x, int) else make_opponent(x, goal)
    started = time.perf_counter()
    p = win_probability(Pig(goal), make(first), make(second))
    return {"first": first, "second": second, "first_wins": p, "seconds": time.perf_counter() - started}


def work(task) -> tuple:
    """One task in a worker process: a simulated match or an exact win probability."""
    kind, x, y, settings = task
    return task, (simulated(x, y, settings) if kind == "simulated" else exact(x, y, settings))


def cost(task) -> float:
    """A rough guess of a task's seconds (goal 100), to start the longest first and weigh the progress bar."""
    kind, x, y, settings = task
    depth = x if isinstance(x, int) else y if isinstance(y, int) else 0
    if kind == "simulated":
        return settings["games"] * 0.005 * 3.2 ** max(depth - 2, 0)
    return 30 * 2.3 ** depth if depth else 1


def tasks_of(settings) -> list:
    """The tasks of a run, in the order their results are stored."""
    tasks = [("simulated", d, o, settings) for d in settings["depths"] for o in OPPONENTS]
    pairs = [(d, "hold_at(20)") for d in settings["exact_depths"]]
    pairs += [("hold_at(20)", d) for d in settings["exact_depths"]]
    pairs += [("optimal", "hold_at(20)"), ("hold_at(20)", "optimal")]
    return tasks + [("exact", a, b, settings) for a, b in pairs]


def compute(settings, progress=True) -> dict:
    """Every task's result, keyed by the task, on two processes, with a bar weighted by the guessed cost."""
    tasks = tasks_of(settings)
    done = {}
    with tqdm(total=round(sum(map(cost, tasks))), desc="pig_agents", unit=" est. s", disable=not progress) as bar, \
            Pool(2) as pool:
        for task, out in pool.imap_unordered(work, sorted(tasks, key=cost, reverse=True)):
            done[task[:3]] = out
            bar.update(round(cost(task)))
            bar.set_postfix_str(f"{task[0]} {task[1]} vs {task[2]}")
    return {kind: [done[task[:3]] for task in tasks if task[0] == kind] for kind in ("simulated", "exact")}


def run(settings, quick=False, progress=True) -> dict:
    """The whole experiment with ``settings`` (:data:`FULL` or :data:`QUICK`): the JSON report."""
    started = time.perf_counter()
    optimal_pig(settings["goal"])                       # solve once here, so the workers' forks share it
    results = compute(settings, progress)
    sims, exacts = results["simulated"], results["exact"]
    for m in sims:
        lo, hi = m["interval"]
        print(f"depth {m['depth']} vs {m['opponent']:12s} {m['wins']:5d}-{m['losses']:<5d} "
              f"{m['rate']:.1%} ({lo:.1%} - {hi:.1%})  {m['seconds']:.0f} s")
    table = {(e["first"], e["second"]): e["first_wins"] for e in exacts}
    scores = []
    for a in list(settings["exact_depths"]) + ["optimal"]:
        first, second = table[(a, "hold_at(20)")], table[("hold_at(20)", a)]
        scores.append({"agent": a, "opponent": "hold_at(20)", "wins_moving_first": first,
                       "wins_moving_second": 1 - second, "expected_score": (first + 1 - second) / 2})
    for s in scores:
        print(f"exact: {s['agent']} vs hold_at(20): {s['expected_score']:.4f}")
    return {
        "goal": settings["goal"],
        "settings": {"depths": list(settings["depths"]), "exact_depths": list(settings["exact_depths"]),
                     "games": settings["games"], "seed": SEED, "openings": 0,
                     "evaluate": "Pig.evaluate (MAX's lead / goal, turn total counted as banked)", "pruning": None},
        "simulated": sims,
        "exact": scores,
        "exact_runs": exacts,
        "total_seconds": time.perf_counter() - started,
        "advsearch": advsearch.__version__,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "produced_by": provenance.record(__file__, quick, settings, seeds(), started),
    }


def main(argv=None) -> int:
    args = provenance.arguments(__file__, argv)
    path = provenance.output_path(__file__, args.quick, args.output)
    report = run(QUICK if args.quick else FULL, quick=args.quick, progress=not args.no_progress)
    provenance.write(path, json.dumps(report, indent=1) + "\n")
    print(f"pig_agents: {report['total_seconds']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
