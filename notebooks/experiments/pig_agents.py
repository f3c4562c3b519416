"""How well do depth-limited expectiminimax agents play Pig?  A seeded experiment.

Run from the repository root:

    .venv/bin/python notebooks/experiments/pig_agents.py

It took 45 minutes on a busy two-core machine (it uses both cores) and writes
``pig_agents.json`` next to this file; lecture notebook 04 only loads that file.

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
from pathlib import Path

import advsearch
from advsearch import Pig, agents
from advsearch.arena import match
from advsearch.games.pig import hold_at, optimal_pig, win_probability

GOAL = 100
DEPTHS = (1, 2, 3, 4, 5, 6)
EXACT_DEPTHS = (1, 2, 3, 4)
GAMES = 2000
SEED = 4000
OPPONENTS = ("hold_at(20)", "optimal")
OUTPUT = Path(__file__).with_suffix(".json")


def make_agent(depth):
    game = Pig(GOAL)
    return agents.expectiminimax(depth, game.evaluate, name=f"expectiminimax, depth {depth}")


def make_opponent(name):
    return hold_at(20) if name == "hold_at(20)" else optimal_pig(GOAL).agent()


def simulated(task) -> dict:
    """One simulated match: agent of ``depth`` against the opponent named ``opponent``."""
    depth, opponent = task
    game = Pig(GOAL)
    seed = SEED + 10 * depth + OPPONENTS.index(opponent)
    started = time.perf_counter()
    result = match(game, make_agent(depth), make_opponent(opponent), games=GAMES, openings=0, seed=seed,
                   progress=False)
    moves = sum(len(r) for r in result.records)
    out = result.as_dict()
    out.update(depth=depth, opponent=opponent, seconds=time.perf_counter() - started,
               mean_moves_per_game=moves / result.games)
    return out


def exact(task) -> dict:
    """Exact win probabilities of ``first`` against ``second`` (each a depth or an opponent name)."""
    first, second = task
    game = Pig(GOAL)
    make = lambda x: make_agent(x) if isinstance(x, int) else make_opponent(x)
    started = time.perf_counter()
    p = win_probability(game, make(first), make(second))
    return {"first": first, "second": second, "first_wins": p, "seconds": time.perf_counter() - started}


def run(task) -> tuple:
    kind, x, y = task
    return kind, (simulated((x, y)) if kind == "simulated" else exact((x, y)))


def cost(task) -> float:
    """A rough guess of a task's seconds, to start the longest ones first."""
    kind, x, y = task
    depth = x if isinstance(x, int) else y if isinstance(y, int) else 0
    if kind == "simulated":
        return GAMES * 0.005 * 3.2 ** max(depth - 2, 0)
    return 30 * 2.3 ** depth if depth else 1


def main() -> int:
    started = time.perf_counter()
    optimal_pig(GOAL)                                  # solve once here, so the workers' forks share it
    tasks = [("simulated", d, o) for d in DEPTHS for o in OPPONENTS]
    pairs = [(d, "hold_at(20)") for d in EXACT_DEPTHS] + [("hold_at(20)", d) for d in EXACT_DEPTHS]
    pairs += [("optimal", "hold_at(20)"), ("hold_at(20)", "optimal")]
    tasks += [("exact", a, b) for a, b in pairs]
    results = {"simulated": [], "exact": []}
    with Pool(2) as pool:
        for kind, out in pool.imap_unordered(run, sorted(tasks, key=cost, reverse=True)):
            results[kind].append(out)
            print(f"{kind}: {out}", file=sys.stderr, flush=True)
    sims, exacts = results["simulated"], results["exact"]
    sims.sort(key=lambda m: (m["depth"], OPPONENTS.index(m["opponent"])))
    for m in sims:
        lo, hi = m["interval"]
        print(f"depth {m['depth']} vs {m['opponent']:12s} {m['wins']:5d}-{m['losses']:<5d} "
              f"{m['rate']:.1%} ({lo:.1%} - {hi:.1%})  {m['seconds']:.0f} s", file=sys.stderr)
    table = {(e["first"], e["second"]): e["first_wins"] for e in exacts}
    scores = []
    for a in list(EXACT_DEPTHS) + ["optimal"]:
        first, second = table[(a, "hold_at(20)")], table[("hold_at(20)", a)]
        scores.append({"agent": a, "opponent": "hold_at(20)", "wins_moving_first": first,
                       "wins_moving_second": 1 - second, "expected_score": (first + 1 - second) / 2})
    for s in scores:
        print(f"exact: {s['agent']} vs hold_at(20): {s['expected_score']:.4f}", file=sys.stderr)
    out = {
        "goal": GOAL,
        "settings": {"depths": list(DEPTHS), "exact_depths": list(EXACT_DEPTHS), "games": GAMES, "seed": SEED,
                     "openings": 0, "evaluate": "Pig.evaluate (MAX's lead / goal, turn total counted as banked)",
                     "pruning": None},
        "simulated": sims,
        "exact": scores,
        "exact_runs": exacts,
        "total_seconds": time.perf_counter() - started,
        "advsearch": advsearch.__version__,
        "python": platform.python_version(),
        "platform": platform.platform(),
    }
    OUTPUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {OUTPUT} in {out['total_seconds']:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
