"""``check.implementation`` for minimax and alpha-beta: visits, values and the α and β the code held,
on the battery of :mod:`.battery`, with depth-limited trials when the function takes ``depth`` and
``evaluate``."""

from __future__ import annotations

from .battery import battery, custom_trees, reference
from ..shared.diagnosis import diagnose
from ..shared.divergence import explain_trial, twice_feedback
from ..shared.feedback import Feedback, not_answered
from .mistakes import MISTAKES, explanation
from ..shared.reading import same
from ..shared.runs import repeat, run_all, signature
from ..shared.wording import article


#: Mistakes about α and β, diagnosed more surely when the code's alpha and beta can be read.
_WINDOW_MISTAKES = ("bounds_not_passed", "swapped_bounds", "bounds_updated_wrong_place")

#: Mistakes seen only with a depth limit: the feedback shows a depth-limited trial.
_DEPTH_MISTAKES = ("depth_off_by_one", "ignores_depth", "eval_wrong_view")


def check_two_player(fn, algorithm, eq, trees, seed, seconds) -> Feedback:
    """Check ``fn`` as minimax or alpha-beta (the arguments are :func:`~.implementation`'s, checked)."""
    tested = battery(seed) if trees is None else custom_trees(trees)
    what = "the minimax value" if algorithm == "minimax" else "the alpha-beta value"
    if fn is None or fn is Ellipsis:
        return not_answered(f"write a function fn(game, state) that returns {what} of state for MAX.")
    if not callable(fn):
        return Feedback(False, f"Your answer is {article(fn)}; it should be a function "
                               "fn(game, state) that returns the value for MAX.")
    takes_depth, main_kwargs, problem = signature(fn)
    if problem:
        return Feedback(False, problem)
    mains = [reference(t, algorithm, eq) for t in tested]
    limited = []
    if takes_depth:
        deep = [t for t in tested if t.height >= 3][:4]
        limited = [reference(t, algorithm, eq, depth=d) for t in deep for d in (1, 2)]

    trials = mains + limited
    runs, stop = run_all(fn, trials, tested, seconds, main_kwargs)
    if isinstance(stop, tuple):
        return twice_feedback(*stop, algorithm, eq, stopped=True)
    if stop is not None:
        return stop
    return judge_runs(algorithm, eq, mains, runs[:len(mains)], limited, runs[len(mains):])


def judge_runs(algorithm, eq, mains, main_runs, limited=(), limited_runs=()) -> Feedback:
    """The feedback on runs already made: each run of the student's search beside its reference trial.

    ``mains`` are the reference trials (:func:`~.battery.reference`) of the
    trees searched without a depth limit and ``main_runs`` what the student's
    function did on them (:class:`~.runs.Run`); ``limited`` and
    ``limited_runs`` the same for depth-limited trials.  A grader that has
    already run the function explains a wrong tree with this, without
    running the function again.

    >>> from advsearch import tree
    >>> from advsearch.course.alphabeta.battery import reference
    >>> from advsearch.course.shared.runs import Run
    >>> t = tree([[3, 5], [2, 9]])
    >>> trial = reference(t, "alphabeta", True)
    >>> every = reference(t, "minimax", True).seq                    # what a search that never prunes visits
    >>> judge_runs("alphabeta", True, [trial], [Run(every, {}, 3, None, 0)]).mistake
    'no_pruning'
    """
    mains, main_runs, limited, limited_runs = list(mains), list(main_runs), list(limited), list(limited_runs)
    trials, runs = mains + limited, main_runs + limited_runs
    failing = [k for k, (trial, r) in enumerate(zip(trials, runs))
               if r.seq != trial.seq or not same(r.value, trial.value)]
    if not failing:
        if algorithm == "alphabeta":
            how = "visits exactly the nodes alpha-beta visits, in the same order"
            test = "v ≥ β / v ≤ α" if eq else "v > β / v < α"
            how += f" (cutting when {test})"
        else:
            how = "visits every node in the same order as minimax"
        extra = f", and {len(limited)} depth-limited searches" if limited else ""
        return Feedback(True, f"Correct: on all {len(mains)} test trees{extra}, your function returns the "
                              f"right value and {how}.")

    n = len(mains)
    mistake, detail, also = diagnose(algorithm, eq, mains, main_runs, limited, limited_runs)
    if mistake == "expands_twice":
        k = next(k for k, r in enumerate(runs) if repeat(r.seq) is not None)
        return twice_feedback(trials[k], runs[k], algorithm, eq)
    k = failing[0]
    if mistake in _DEPTH_MISTAKES:
        k = next((k for k in failing if k >= n), k)
    story, picture = explain_trial(trials[k], runs[k], algorithm, eq)
    lead = explanation(mistake, detail, eq) + " " if mistake else ""
    if mistake in _WINDOW_MISTAKES and not any(w for r in main_runs for w in r.windows.values()):
        lead = "It looks as if " + lead      # inferred from the visits alone: α and β were not seen
    if also:
        lead += f"Another mistake gives exactly the same visits: {MISTAKES[also]}. "
    return Feedback(False, lead + story, mistake, picture)
