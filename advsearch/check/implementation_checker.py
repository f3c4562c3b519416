"""``check.implementation``: a student's search function, judged by what it does on a battery of trees.

Its visits (:meth:`RecordingGame.visits <advsearch.recording.RecordingGame.visits>`)
are compared with the reference trace's (:meth:`Trace.visits
<advsearch.result.Trace.visits>`), its values with the reference values, and
a failure is matched with the typical mistakes of :mod:`.mistakes`.
"""

from __future__ import annotations

from .. import timeout
from ..deprecation import renamed
from ..recording import Runaway
from .battery import Trial, battery, custom_trees, reference
from .diagnosis import diagnose
from .divergence import explain_trial
from .feedback import Feedback, not_answered
from .mistakes import MISTAKES, explanation
from .reading import same
from .runs import Run, repeat, run, run_problem, signature
from .wording import article, node_name

__all__ = ["implementation", "TIME_PER_TREE"]

#: How long, in seconds, a function may run on one tree by default.
TIME_PER_TREE = 3.0

#: Mistakes about α and β, diagnosed more surely when the code's alpha and beta can be read.
_WINDOW_MISTAKES = ("bounds_not_passed", "swapped_bounds", "bounds_updated_wrong_place")


class _Unset:
    """A keyword not passed (None means "no limit", so it cannot mean "not passed")."""

    def __repr__(self) -> str:
        return "<not passed>"


_UNSET = _Unset()


def implementation(fn, algorithm="minimax", *, prune_on_equal=True, trees=None, seed=0,
                   time_per_tree=TIME_PER_TREE, seconds_per_tree=_UNSET) -> Feedback:
    """Check a student's search function by what it does on a battery of trees.

    ``fn(game, state)`` must return the minimax value of ``state`` for MAX.
    It runs on each tree through a recording wrapper of the game, which notes
    in order every node whose ``actions`` it asks for (an expansion) and every
    leaf it scores with ``utility``; the result is compared with the visits
    of the reference trace of :func:`~advsearch.minimax` or
    :func:`~advsearch.alphabeta`, and the values with the reference values.
    The function may not call the package's own searches: they raise a
    GameError there, which the feedback reports.

    Parameters
    ----------
    fn : callable
        ``fn(game, state) -> number``.  If it also takes ``depth`` and
        ``evaluate`` keyword arguments, depth-limited trials
        ``fn(game, state, depth=d, evaluate=f)`` are run too, against the
        reference search with the same limit and ``f(state, player)``.
    algorithm : {"minimax", "alphabeta"}
        The search the function should perform.
    prune_on_equal : bool
        For alpha-beta, the course's cut test: True for v ≥ β / v ≤ α (the
        lecture's pseudocode), False for v > β / v < α.
    trees : list, optional
        At least one tree (a Tree, its text form or a nested list) to use
        instead of the default battery: the lecture's two-ply
        tree, exercise-style trees of three and four plies, uneven trees, MIN
        roots, trees with ties, and 30 random trees of depth 2 to 5 from
        :func:`~advsearch.random_tree`, seeded from ``seed``.
    seed : int
        Seed of the random trees of the default battery.
    time_per_tree : float or None
        How many seconds the function may run on one tree (each
        depth-limited trial too) before it is stopped and the feedback names
        the tree; None for no limit.  Any search of these trees takes
        milliseconds.  (``seconds_per_tree=`` is its deprecated old name.)

    Returns
    -------
    Feedback
        When not ``ok``, the text names the first tree (in its text
        form) and the first step on it where the function parts from the
        reference: what the reference does there and why, and what the
        function did.  ``mistake`` names a recognised mistake, one of
        :data:`MISTAKES`.  Exceptions raised by ``fn`` are reported by type,
        message and line, never raised.

    Raises
    ------
    ValueError
        For an unknown ``algorithm``, an empty list of ``trees``, a tree that
        is not for two players, or a ``time_per_tree`` that is not a
        positive number.
    TypeError
        When ``trees`` is not a list of trees, or both ``time_per_tree`` and
        ``seconds_per_tree`` are given.

    Notes
    -----
    Code that keeps calling the game long after a search would have finished
    is stopped and reported, and so is code that runs past
    ``time_per_tree``.  The function runs in a worker thread; code stuck
    in one long call into C (``time.sleep``) stops when that call returns.

    Examples
    --------
    >>> from advsearch import check, MAX
    >>> def minimax_value(game, state):
    ...     if game.is_terminal(state):
    ...         return game.utility(state, MAX)
    ...     values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    ...     return max(values) if game.to_move(state) == MAX else min(values)
    >>> check.implementation(minimax_value, "minimax").ok
    True
    >>> fb = check.implementation(minimax_value, "alphabeta")
    >>> fb.ok, fb.mistake
    (False, 'no_pruning')
    >>> def stub(game, state):
    ...     raise NotImplementedError
    >>> print(check.implementation(stub))  # doctest: +ELLIPSIS
    Not answered yet: ...

    A function that never returns is stopped after ``time_per_tree``:

    >>> def endless(game, state):
    ...     while True:
    ...         pass
    >>> print(check.implementation(endless, time_per_tree=0.1))  # doctest: +ELLIPSIS
    On test tree 1 of 38, the tree A[B[3 12 8] C[2 4 6] D[14 5 2]], your function did not return within 0.1 s ...
    >>> check.implementation(minimax_value, trees=[])
    Traceback (most recent call last):
    ...
    ValueError: trees must hold at least one tree to run the function on, but got []
    """
    if algorithm not in ("minimax", "alphabeta"):
        raise ValueError(f"algorithm must be 'minimax' or 'alphabeta', not {algorithm!r}")
    # The default is this very object, so "time_per_tree not passed" is told apart from any value passed.
    limit = renamed("check.implementation", "seconds_per_tree", "time_per_tree", old=seconds_per_tree,
                    new=_UNSET if time_per_tree is TIME_PER_TREE else time_per_tree, unset=_UNSET)
    seconds = timeout.check_budget("time_per_tree", TIME_PER_TREE if limit is _UNSET else limit)
    tested = battery(seed) if trees is None else custom_trees(trees)
    eq = bool(prune_on_equal)
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

    runs = []
    for trial in mains + limited:
        kwargs = main_kwargs(trial.tree) if trial.depth is None else None
        which = f"test tree {tested.index(trial.tree) + 1} of {len(tested)}"
        r = run(fn, trial.tree, trial.depth, kwargs, seconds=seconds, what=which)
        if isinstance(r.error, Runaway) and repeat(r.seq) is not None:
            # Searching children twice at every level multiplies the work by 2 per ply: not a loop.
            return _twice(trial, r, algorithm, eq, stopped=True)
        stop = run_problem(trial, r)
        if stop is not None:
            return stop
        runs.append(r)

    failing = [k for k, (trial, r) in enumerate(zip(mains + limited, runs))
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
    main_runs, limited_runs = runs[:n], runs[n:]
    mistake, detail, also = diagnose(algorithm, eq, mains, main_runs, limited, limited_runs)
    if mistake in ("depth_off_by_one", "ignores_depth"):
        k = next((k for k in failing if k >= n), failing[0])
    else:
        k = failing[0]
    trial, r = (mains + limited)[k], runs[k]
    if mistake == "expands_twice":
        k = next(k for k, r in enumerate(runs) if repeat(r.seq) is not None)
        return _twice((mains + limited)[k], runs[k], algorithm, eq)
    story, picture = explain_trial(trial, r, algorithm, eq)
    lead = explanation(mistake, detail, eq) + " " if mistake else ""
    if mistake in _WINDOW_MISTAKES and not any(w for r in main_runs for w in r.windows.values()):
        lead = "It looks as if " + lead      # inferred from the visits alone: α and β were not seen
    if also:
        lead += f"Another mistake gives exactly the same visits: {MISTAKES[also]}. "
    return Feedback(False, lead + story, mistake, picture)


def _twice(trial: Trial, r: Run, algorithm, eq, stopped=False) -> Feedback:
    """The feedback for a function that searches some node more than once."""
    detail = f"for example {node_name(trial.tree, repeat(r.seq)[1])}"
    story, picture = explain_trial(trial, r, algorithm, eq)
    if stopped:
        story += (f" On this tree it made more than {r.error.args[0]} calls to the game, and was stopped: "
                  "each repeated search doubles the work below it.")
    return Feedback(False, explanation("expands_twice", detail, eq) + " " + story, "expands_twice", picture)
