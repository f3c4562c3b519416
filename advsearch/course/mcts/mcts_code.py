"""Grading MCTS written in code: well-formed statistics, convergence to the minimax move, and whose wins it counts.

The student's ``mcts(game, state, iterations, rng) -> {action: (wins, visits)}``
runs through a counting :class:`~advsearch.recording.RecordingGame` on the
trees of :func:`~advsearch.grading.mcts_trees`, with its random numbers
seeded from the tree, so a grade is the same every time.  The move it ends
on is compared with the moves of :func:`~advsearch.course.mcts.graded_trees.root_moves`
under each of :data:`~advsearch.grading.PERSPECTIVES`.  What each run shows (the table well
formed, every child tried once first, the playouts UCT's, the move it ends on
and the crediting that ends there) is the self-study checker's judgement of
the run, :func:`advsearch.course.mcts.implementation.judge_uct_run`; the grade
is point arithmetic over it.
"""

from __future__ import annotations

import random

from ... import validation
from .implementation import judge_uct_run
from .replay import scored_leaves
from .statistics import mcts_rng
from ...game import MIN
from ...recording import RecordingGame
from ...trees import Tree
from ..shared.grades import Grade, no_function, share
from ..shared.reading import as_tree
from ..shared.batteries import as_trees
from .perspectives import PERSPECTIVES, root_moves
from ..shared.running import call, describe_error, stopped


def run_mcts(fn, t: Tree, iterations: int, time_limit):
    """``(stats, error, scored)`` of ``fn(game, root, iterations, rng)``, the global random seeded too.

    ``scored`` lists the leaves the run scored, in order, for
    :func:`~advsearch.course.mcts.replay.replay`.

    The global ``random`` is seeded as well (and restored after), so that a
    search that uses it instead of ``rng`` is graded the same way every time.
    """
    game = RecordingGame(t, limit=iterations * 40 * (t.height + 2) + 1000)
    rng = mcts_rng(t, iterations)
    saved = random.getstate()
    random.seed(rng.random())
    try:
        stats, error = call(fn, game, t.initial_state, iterations, rng, time_limit=time_limit)
    finally:
        random.setstate(saved)
    return stats, error, scored_leaves(game.log)


def _problem(found, budget):
    """What the checker's findings on a run (:func:`judge_uct_run`) say is wrong with it, in the report's words."""
    if found["statistics"] is not None:
        return found["statistics"]
    if found["untried"] is not None:
        return (f"after {budget} iterations, as many as the root has children, it gives the visits "
                f"{found['untried']}: UCT first tries every unvisited child once")
    if not found["replay"].ok:
        return f"with {budget} iterations it does not search as UCT does: it {found['replay'].text}"
    return None


def assess_mcts(fn, trees, points=3, *, aspect: str = "convergence", iterations: int = 1000, small: int = 50,
                time_limit: float = 10.0, note: str = "") -> Grade:
    """Grade a student's UCT ``fn(game, state, iterations, rng) -> {action: (wins, visits)}``, tree by tree.

    On each tree the function runs three times through a counting
    :class:`RecordingGame`, with a ``random.Random`` made from the tree
    (and the global ``random`` seeded from it too):

    1. with as many iterations as the root has children: UCT tries every
       unvisited child first, so each child has exactly one visit;
    2. with ``small`` iterations and 3. with ``iterations``: the statistics
       must be well formed (the root's actions as keys, whole visits adding
       up to the iterations, 0 <= wins <= visits).

    Each run must also search as UCT does: the leaves it scores are replayed
    as UCT's iterations by :func:`advsearch.course.mcts.replay.replay` (one
    playout an iteration, the tree growing by one node an iteration, every
    selection a child of largest UCTValue given the statistics so far), and
    the statistics returned must be the replay's.  An exact search that makes
    up its counts fails here.  The tree counts as right when all three runs
    pass and the most visited child after ``iterations`` is the minimax move.  With
    ``aspect="perspective"`` a wrong move is matched with the ways of
    crediting wins in :data:`PERSPECTIVES`, and the report names the one
    the function follows.  The report also gives the share of visits the
    minimax move has after ``small`` and after ``iterations`` iterations:
    growing, as UCT converges.

    Parameters
    ----------
    fn : callable
    trees : list of Tree
        E.g. ``problems("ps3", s).convergence_trees``.
    points : float
    aspect : {"convergence", "perspective"}
        Only the wording of the report, and the diagnosis, depend on it.
    iterations, small : int
    time_limit : float
        Seconds each run may take;
        once a run runs out, the rest are not tried.
    note : str

    Examples
    --------
    >>> def first_only(game, state, iterations, rng):       # never explores
    ...     actions = list(game.actions(state))
    ...     return {a: (0, iterations if a == actions[0] else 0) for a in actions}
    >>> from advsearch.grading import mcts_trees
    >>> g = assess_mcts(first_only, mcts_trees(0))
    >>> g.points
    0.0
    """
    out_of = validation.points(points)
    if aspect not in ("convergence", "perspective"):
        raise ValueError(f"aspect must be 'convergence' or 'perspective', not {aspect!r}")
    missing = no_function(fn, out_of, note, 'mcts', '(game, state, iterations, rng) -> {action: (wins, visits)}')
    if missing is not None:
        return missing
    trees = as_trees(trees)
    rows, stopped_by = [], None
    for t in trees:
        best = root_moves(t, "mover")
        row = {"tree": str(t), "best": best, "problem": None, "move": None, "fits": []}
        for budget in (len(t.initial_state.children), small, iterations):
            stats, error, scored = run_mcts(fn, t, budget, time_limit)
            if error is not None:
                row["problem"] = f"with {budget} iterations it {describe_error(error)}"
                if stopped(error):
                    stopped_by = error
                break
            found = judge_uct_run(t, budget, stats, scored)
            problem = _problem(found, budget)
            if problem is not None:
                row["problem"] = problem if "iterations" in problem else f"with {budget} iterations it {problem}"
                break
            row[budget] = sum(stats[a][1] for a in best) / budget
            row["move"] = found["move"]
        if row["problem"] is None:
            row["fits"] = found["fits"]
        rows.append(row)
        if stopped_by is not None:
            break
    right = sum(r["problem"] is None and r["move"] in r["best"] for r in rows)
    root_min = sum(as_tree(r["tree"]).initial_state.player == MIN for r in rows)
    lines = [note + f"Your MCTS was run on {len(trees)} trees of wins, draws and losses"
             + (f" ({root_min} with MIN at the root)" if root_min else "")
             + f": after {iterations} iterations its most visited move is the minimax move on {right} of them."]
    done = [r for r in rows if r["problem"] is None]
    if done:
        lo = float(sum(r[small] for r in done)) / len(done)          # visits may come back as Fractions
        hi = float(sum(r[iterations] for r in done)) / len(done)
        lines.append(f"On average the minimax move had {lo:.0%} of the root's visits after {small} iterations and "
                     f"{hi:.0%} after {iterations}.")
    convention = None
    if aspect == "perspective" and len(done) == len(trees):
        common = set.intersection(*(set(r["fits"]) for r in done))
        convention = next((p for p in PERSPECTIVES if p in common), None)
        if convention not in (None, "mover"):
            how = PERSPECTIVES[convention]
            if {"root", "max"} <= common:
                how = "every node's wins counted for one fixed player (the root player, or MAX), whoever moves"
            lines.append(f"On every tree it plays as if {how}; a node's wins must be counted for the player "
                         "who moved into it.")
        elif convention is None and right < len(trees):
            counts = {p: sum(p in r["fits"] for r in done) for p in PERSPECTIVES if p != "mover"}
            top = max(counts, key=counts.get)
            if counts[top]:
                lines.append(f"On {counts[top]} of the trees it plays as if {PERSPECTIVES[top]}.")
    bad = next((r for r in rows if r["problem"] is not None), None)
    if bad is not None:
        lines.append(f"On the tree {bad['tree']} your function, {bad['problem']}.")
        if stopped_by is not None and len(rows) < len(trees):
            lines.append("The remaining trees were not tried.")
    elif right < len(trees):
        r = next(r for r in rows if r["move"] not in r["best"])
        lines.append(f"On the tree {r['tree']} it prefers move {r['move']}; the minimax move is "
                     f"{min(r['best'])}.")
    return Grade(share(out_of, right / len(trees)), out_of, " ".join(lines), convention=convention,
                 details={"rows": rows, "right": right})
