"""The student's path through the package, run once and told as text: what tests/test_threadless.py compares.

``python tests/student_path.py --threadless`` first makes this Python look like
Pyodide's (threads cannot start; numpy and matplotlib cannot be imported), then
walks the path: trees, every search and its trace, the checkers on right and
wrong answers and on student code (right, looping for ever while asking the
game, calling the game too often), the practice families, and the SVG
pictures.  It prints ``{what: text}`` as JSON, and the modules it was refused.
Imported, :func:`walk` walks the same path in this process, as it is.
"""

from __future__ import annotations

import importlib.abc
import json
import sys
import threading
import time
from fractions import Fraction

#: The packages Pyodide's npm distribution lacks, which the student's path must not need.
MISSING = ("numpy", "matplotlib")


class Refuse(importlib.abc.MetaPathFinder):
    """Refuses to import :data:`MISSING`, and notes who asked."""

    asked: list = []

    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in MISSING:
            self.asked.append(name)
            raise ModuleNotFoundError(f"No module named {name!r} (refused: Pyodide has none)", name=name)
        return None


def threadless() -> None:
    """Make this Python look like Pyodide's: no thread starts, numpy and matplotlib are missing."""
    for name in list(sys.modules):
        if name.split(".")[0] in MISSING:
            del sys.modules[name]
    sys.meta_path.insert(0, Refuse())

    def start(self):
        raise RuntimeError("can't start new thread")

    threading.Thread.start = start


# ------------------------------------------------------------------ the student's functions

def minimax_right(game, state):
    if game.is_terminal(state):
        return game.utility(state, 0)
    values = [minimax_right(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def both_maximise(game, state):
    if game.is_terminal(state):
        return game.utility(state, 0)
    return max(both_maximise(game, game.result(state, a)) for a in game.actions(state))


def asks_for_ever(game, state):
    """Loops for ever, but asks the game at every turn (slowly, so the call limit is not reached first)."""
    while True:
        try:
            game.is_terminal(state)
        except Exception:             # the limit's stop is no Exception: it gets through
            pass
        time.sleep(0.005)


def spins(game, state):
    """Loops for ever without asking the game (a loop whose condition never changes)."""
    best = game.utility(state, 0) if game.is_terminal(state) else None
    while best is None:
        pass
    return best


def calls_too_often(game, state):
    while True:
        game.actions(state)


def expectimax_right(game, state):
    if game.is_terminal(state):
        return game.utility(state, 0)
    if game.to_move(state) == -1:
        return sum(p * expectimax_right(game, game.result(state, o)) for o, p in game.chance_outcomes(state))
    values = [expectimax_right(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def maxn_right(game, state):
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in range(game.num_players))
    mover = game.to_move(state)
    return max((maxn_right(game, game.result(state, a)) for a in game.actions(state)), key=lambda v: v[mover])


# ------------------------------------------------------------------ the path

def walk() -> dict:
    """``{what: text}`` for each step of the student's path."""
    import advsearch as ads
    from advsearch import check, practice

    out = {}
    two = ads.parse("A[B[b1=3 b2=12 b3=8] C[c1=2 c2=4 c3=6] D[d1=14 d2=5 d3=2]]")
    chance = ads.parse("A[B:chance[1/4: b1=8 3/4: b2=0] C:chance[1/2: c1=1 1/2: c2=5]]")
    three = ads.tree([[(2, 6, 2), (4, 1, 5)], [(7, 2, 1), (3, 3, 4)]], labels=True)
    out["parse"] = str(two)
    out["examples"] = str(ads.examples.two_ply())
    for name, run in [("minimax", lambda: ads.minimax(two, trace=True)),
                      ("alphabeta", lambda: ads.alphabeta(two, trace=True)),
                      ("iterative_deepening", lambda: ads.iterative_deepening(two, evaluate=lambda s, p: 0,
                                                                              max_depth=2)),
                      ("solve", lambda: ads.solve(ads.TicTacToe())),
                      ("expectimax", lambda: ads.expectimax(chance, trace=True)),
                      ("expectiminimax", lambda: ads.expectiminimax(chance, trace=True)),
                      ("maxn", lambda: ads.maxn(three, trace=True)),
                      ("paranoid", lambda: ads.paranoid(three, trace=True)),
                      ("mcts", lambda: ads.mcts(two, iterations=200, seed=1, trace=True)),
                      ("flat_monte_carlo", lambda: ads.flat_monte_carlo(two, playouts_per_move=20, seed=1))]:
        r = run()
        out[f"search {name}"] = f"{r.value} {r.move} {r.pv} {r.stats.nodes}"
        if r.trace is not None:
            said = r.trace.summaries() if name == "mcts" else r.trace.narrate()
            out[f"trace {name}"] = "\n".join(said)
    out["values wrong"] = str(check.values(two, {"A": 3, "B": 12, "C": 6, "D": 14}))
    out["values right"] = str(check.values(two, {"A": 3, "B": 3, "C": 2, "D": 2}))
    out["pruned wrong"] = str(check.pruned(two, ["c2"]))
    out["pruned right"] = str(check.pruned(two, ["c2", "c3"]))
    out["chance values"] = str(check.values(chance, {"A": 3, "B": 4, "C": 3}))
    out["implementation right"] = str(check.implementation(minimax_right, "minimax"))
    out["implementation wrong"] = str(check.implementation(both_maximise, "minimax", trees=[two]))
    out["implementation endless"] = str(check.implementation(asks_for_ever, "minimax", time_per_tree=0.3))
    out["implementation spinning"] = str(check.implementation(spins, "minimax", time_per_tree=0.3))
    out["implementation node limit"] = str(check.implementation(calls_too_often, "alphabeta"))
    out["implementation expectimax"] = str(check.implementation(expectimax_right, "expectiminimax"))
    out["implementation maxn"] = str(check.implementation(maxn_right, "maxn"))
    out["transformation"] = str(check.monotonic_transformation(chance, lambda v: Fraction(v) ** 3))
    for name, ex in [("minimax", practice.minimax(seed=1)), ("alphabeta", practice.alphabeta(seed=1)),
                     ("expectiminimax", practice.expectiminimax(seed=1)), ("star1", practice.star1(seed=3, cuts=2)),
                     ("maxn", practice.maxn(seed=1)), ("shallow", practice.shallow(seed=2, cuts=2)),
                     ("uct", practice.uct(seed=7))]:
        key = ex.answer_key()
        answer = key["pruned"] if "pruned" in key else key.get("choice", key)
        out[f"practice {name}"] = repr(ex)
        out[f"practice {name} picture"] = repr(ex.picture())
        out[f"practice {name} key checked"] = str(ex.check(answer).ok)
        solution = ex.solution()
        out[f"practice {name} solution"] = solution.text
        out[f"practice {name} solution pictures"] = "\n".join(f"{c}: {p!r}" for c, p in solution.pictures())
    wrong = check.values(two, {"A": 3, "B": 12, "C": 6, "D": 14})
    out["feedback picture"] = repr(wrong.picture())
    out["feedback html has svg"] = str("<svg" in wrong._repr_html_())
    out["picture"] = repr(ads.picture(ads.alphabeta(two, trace=True), step=13))
    return out


if __name__ == "__main__":
    if "--threadless" in sys.argv:
        threadless()
    import advsearch.timeout

    walked = walk()
    print(json.dumps({"mode": advsearch.timeout.mode(), "refused": sorted(set(Refuse.asked)),
                      "loaded": sorted(m for m in sys.modules if m.split(".")[0] in MISSING), "walk": walked}))
