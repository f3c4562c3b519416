"""``check_uct``: a student's UCT, ``mcts(game, state, iterations, rng) -> {action: (wins, visits)}``, run on traps.

The function runs on small trees of wins, draws and losses through a
:class:`~advsearch.recording.RecordingGame`, with random numbers seeded from
the tree (so feedback is the same every time), within a time limit and
without the package's own searches:

1. with as many iterations as the root has children: UCT tries each
   unvisited child first, so each has exactly one visit;
2. with ``iterations``: the statistics must be well formed
   (:func:`~advsearch.course.mcts.statistics.stats_problem`) and the most
   visited move must be the minimax move.

The trees (:func:`uct_battery`) are the graders' kind,
:func:`~advsearch.course.mcts.perspectives.trap_trees`: on the perspective
trees every wrong way of crediting wins ends on another move than minimax,
and one more tree tells crediting the root player from crediting MAX.  So a
wrong move names the mistake: :data:`~advsearch.course.mcts.mistakes.MCTS_MISTAKES`.

What one run returned is judged by :func:`judge_uct_run`, which the grader
:func:`~advsearch.grading.assess_mcts` shares (it also replays the run's
playouts as UCT's iterations, which this check does not).
"""

from __future__ import annotations

import inspect
import random
from types import SimpleNamespace

from ... import timeout, validation
from ...game import MIN, player_name
from ...recording import RecordingGame, Runaway
from ...search.base import forbid_searches
from ...trees import tree as make_tree
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import as_tree, two_player
from ..shared.runs import Run, run_problem
from .mistakes import UCT_MISTAKES
from .perspectives import PERSPECTIVES, root_moves, trap_trees
from .replay import replay
from .statistics import mcts_rng, most_visited, stats_problem
from ..shared.wording import article


#: Iterations of the main run on each tree: UCT ends on the minimax move of these trees well before.
ITERATIONS = 300

#: Seconds one run may take by default (the implementation checker's time per tree).
TIME_PER_RUN = 3.0

#: MIN at the root: crediting the root player ends on move 0 (as minimax does), crediting MAX on 1 or 2.
ROOT_OR_MAX = [[[-1, 0], [0, 0]], [[1, 1], [0, 1]], [[0, 1], [1, 1]]]

_SALT = "advsearch.check.uct"
_OWN = ("the exercise is to write MCTS yourself, through game.actions, game.result, game.is_terminal and "
        "game.utility")


def uct_battery(seed=0) -> list:
    """The trees of :func:`check_uct`: 2 convergence trees, 4 perspective trees (MIN at the root on half)
    and :data:`ROOT_OR_MAX`.

    >>> ts = uct_battery(0)
    >>> len(ts), root_moves(ts[-1], "root"), root_moves(ts[-1], "max"), root_moves(ts[-1], "mover")
    (7, {0}, {1, 2}, {0})
    """
    return (trap_trees(seed, 2, aspect="convergence", salt=_SALT)
            + trap_trees(seed, 4, aspect="perspective", salt=_SALT) + [make_tree(ROOT_OR_MAX, root=MIN)])


def _run(fn, t, iterations, seconds, which):
    """A :class:`~advsearch.course.shared.runs.Run` of ``fn(game, root, iterations, rng)``; the global random seeded too."""
    game = RecordingGame(t, limit=iterations * 40 * (t.height + 2) + 1000)
    rng = mcts_rng(t, iterations)
    saved = random.getstate()
    random.seed(rng.random())
    value, error = None, None
    try:
        with forbid_searches(_OWN):
            value = timeout.call(fn, game, t.initial_state, iterations, rng, seconds=seconds, what=which)
    except Runaway as e:
        error = e
    except (Exception, SystemExit) as e:      # the student's bug, reported in words
        error = e
    finally:
        random.setstate(saved)
    return Run(game.visits(), {}, value, error, game.calls)


def check_uct(fn, *, trees=None, seed=0, iterations=ITERATIONS, time_per_tree=TIME_PER_RUN) -> Feedback:
    """Check a student's UCT ``fn(game, state, iterations, rng) -> {action: (wins, visits)}``.

    Parameters
    ----------
    fn : callable
    trees : list, optional
        Trees (Tree, text or nested lists) instead of :func:`uct_battery`.
    seed : int
        Seed of the default battery.
    iterations : int
        Iterations of the main run on each tree.
    time_per_tree : float or None
        Seconds each run may take.

    Returns
    -------
    Feedback
        ``mistake`` is one of :data:`~advsearch.course.mcts.mistakes.MCTS_MISTAKES` when recognised.

    Examples
    --------
    >>> def first_only(game, state, iterations, rng):      # never explores
    ...     actions = list(game.actions(state))
    ...     return {a: (0, iterations if a == actions[0] else 0) for a in actions}
    >>> check_uct(first_only).mistake
    'uct_untried_first'
    >>> print(check_uct(None))  # doctest: +ELLIPSIS
    Not answered yet: ...
    """
    seconds = validation.budget("time_per_tree", time_per_tree)
    iterations = validation.budget("iterations", iterations, whole=True)
    if trees is None:
        tested = uct_battery(seed)
    else:
        if not isinstance(trees, (list, tuple)) or not trees:
            raise ValueError(f"trees must hold at least one tree to run the function on, but got {trees!r:.60}")
        tested = [as_tree(t, "each of trees") for t in trees]
        for t in tested:
            two_player(t, "implementation")
    if fn is None or fn is Ellipsis:
        return not_answered("write mcts(game, state, iterations, rng) that returns {action: (wins, visits)} "
                            "for the root's children.")
    if not callable(fn):
        return Feedback(False, f"Your answer is {article(fn)}; it should be a function "
                               "mcts(game, state, iterations, rng) -> {action: (wins, visits)}.")
    try:
        inspect.signature(fn).bind(None, None, None, None)
    except TypeError:
        return Feedback(False, f"Your function takes {inspect.signature(fn)}; it should take four arguments, "
                               "(game, state, iterations, rng).")
    except ValueError:
        pass
    moves, ends = [], []
    for k, t in enumerate(tested, 1):
        which = f"test tree {k} of {len(tested)}"
        trial = SimpleNamespace(tree=t, depth=None)
        for budget in (len(t.initial_state.children), iterations):
            r = _run(fn, t, budget, seconds, which)
            if isinstance(r.error, NotImplementedError):
                return not_answered("your function raises NotImplementedError. Replace that line with your MCTS.")
            if r.error is not None:
                return run_problem(trial, r)
            found = judge_uct_run(t, budget, r.value)
            if found["statistics"] is not None:
                return Feedback(False, f"On {which}, the tree {t}, with {budget} iterations your function "
                                       f"{found['statistics']}. " + _said("uct_bad_statistics"),
                                "uct_bad_statistics", (t, None, None, None, False))
            if budget < iterations and found["untried"] is not None:
                return Feedback(False, f"On {which}, the tree {t}, after {budget} iterations (as many as the root "
                                       f"has children) the visits are {found['untried']}. "
                                + _said("uct_untried_first"), "uct_untried_first", (t, None, None, None, False))
        moves.append(found["move"])
        ends.append(found["fits"])
    wrong = [k for k, fits in enumerate(ends) if "mover" not in fits]
    if not wrong:
        return Feedback(True, f"Correct: on all {len(tested)} test trees your MCTS gives well-formed statistics, "
                              f"tries every child once first, and after {iterations} iterations its most visited "
                              "move is the minimax move.")
    fits = [p for p in ("root", "max", "to_move") if all(p in f for f in ends)]
    k = wrong[0]
    t = tested[k]
    best = min(root_moves(t, "mover"))
    text = (f"On test tree {k + 1} of {len(tested)}, the tree {t} ({player_name(t.initial_state.player)} at the "
            f"root), after {iterations} iterations your MCTS visits move {moves[k]} most; the minimax move is "
            f"{best}. ")
    if fits:
        mistake = f"uct_perspective_{fits[0]}"
        text += (f"On every test tree it ends where a search ends in which {PERSPECTIVES[fits[0]]}. A node's wins "
                 "must count for the player who moved into it (the player to move at its parent), so that each "
                 "player picks its own best move.")
    else:
        mistake = "uct_not_converging"
        text += _said(mistake) + ("Check the selection (the UCT value of each child, wins counted for the player "
                                  "who chooses) and that every node on the path is updated.")
    return Feedback(False, text, mistake, (t, None, None, None, False))


def judge_uct_run(t, iterations: int, stats, scored=None) -> dict:
    """The findings on what one finished run of a student's MCTS returned: what the checker and the grader go by.

    ``stats`` is what ``fn(game, root, iterations, rng)`` returned on ``t``
    (a run that raised is the caller's to report); ``scored`` the leaves it
    scored, in order (:func:`~advsearch.course.mcts.replay.scored_leaves`),
    when the run is to be replayed as UCT's iterations.  The findings, each
    None when one before it already failed:

    ``statistics``
        What is wrong with the table (:func:`~.statistics.stats_problem`), or None.
    ``untried``
        With as many iterations as the root has children, the root's visits
        in action order when they are not all 1 (UCT tries every unvisited
        child first), else None.
    ``replay``
        The :class:`~.replay.Replay` of ``scored`` (when given).
    ``move``, ``fits``
        The most visited move, and the keys of
        :data:`~advsearch.course.mcts.perspectives.PERSPECTIVES` under whose
        crediting a search ends on it ("mover", the lecture's, when it is a
        minimax move).

    >>> from advsearch import tree
    >>> t = tree([[1, -1], [0, 0]])
    >>> f = judge_uct_run(t, 2, {0: (0.0, 1), 1: (0.5, 1)})
    >>> f["statistics"], f["untried"], f["move"], "mover" in f["fits"]
    (None, None, 1, True)
    >>> judge_uct_run(t, 2, {0: (1.0, 1), 1: (0.5, 1)})["fits"]       # move 0: as if MAX's wins counted everywhere
    ['root', 'max']
    >>> judge_uct_run(t, 2, {0: (0, 2), 1: (0, 0)})["untried"]
    [2, 0]
    >>> judge_uct_run(t, 2, {0: (3, 2), 1: (0, 0)})["statistics"]
    'gives (3, 2) for action 0: visits must be a whole number and 0 <= wins <= visits'
    """
    found = {"statistics": stats_problem(stats, t, iterations), "untried": None, "replay": None, "move": None,
             "fits": []}
    if found["statistics"] is not None:
        return found
    actions = t.initial_state.actions
    if iterations == len(t.initial_state.children) and any(v != 1 for w, v in stats.values()):
        found["untried"] = [stats[a][1] for a in actions]
        return found
    if scored is not None:
        found["replay"] = replay(t, scored, iterations, stats)
    found["move"] = most_visited(stats)
    found["fits"] = [p for p in PERSPECTIVES if found["move"] in root_moves(t, p)]
    return found


def _said(mistake) -> str:
    return f"It looks as if {UCT_MISTAKES[mistake]}. "
