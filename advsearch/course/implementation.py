"""``check.implementation``: a student's search function, judged by what it does on a battery of trees.

Its visits (:meth:`RecordingGame.visits <advsearch.recording.RecordingGame.visits>`)
are compared with the reference trace's (:meth:`Trace.visits
<advsearch.result.Trace.visits>`), its values with the reference values, and
a failure is matched with the typical mistakes.  This module reads the
arguments and hands the work to the checker of each family:
:mod:`.alphabeta.implementation` (minimax and alpha-beta),
:mod:`.chance.implementation`, :mod:`.multiplayer.implementation`, and
(imported when asked for) :mod:`.mcts.implementation` and
:mod:`.limits.deepening`.
"""

from __future__ import annotations

from .. import validation
from .chance.implementation import check_chance
from .shared.feedback import Feedback
from .multiplayer.implementation import check_maxn
from .alphabeta.implementation import check_two_player


#: How long, in seconds, a function may run on one tree by default.
TIME_PER_TREE = 3.0

#: The searches ``check.implementation`` checks; the last two are handed on, with their own keywords.
ALGORITHMS = ("minimax", "alphabeta", "expectimax", "expectiminimax", "maxn", "uct", "iterative_deepening")


def implementation(fn, algorithm="minimax", *, prune_on_equal=True, trees=None, seed=0,
                   time_per_tree=TIME_PER_TREE, **keywords) -> Feedback:
    """Check a student's search function by what it does on a battery of trees.

    ``fn(game, state)`` must return what ``algorithm`` returns for ``state``:
    the value for MAX (minimax, alpha-beta; the expected value for
    expectimax and expectiminimax), or the payoff vector (max-n).  It runs
    on each tree through a recording wrapper of the game, which notes in
    order every node whose ``actions`` (or ``chance_outcomes``) it asks for
    (an expansion) and every leaf it scores with ``utility``; the result is
    compared with the visits of the reference trace of :func:`~advsearch.minimax`,
    :func:`~advsearch.alphabeta`, :func:`~advsearch.expectiminimax` or
    :func:`~advsearch.maxn`, and the values with the reference values.  The
    function may not call the package's own searches: they raise a
    GameError there, which the feedback reports.

    Parameters
    ----------
    fn : callable
        ``fn(game, state)``.  For minimax and alpha-beta, if it also takes
        ``depth`` and ``evaluate`` keyword arguments, depth-limited trials
        ``fn(game, state, depth=d, evaluate=f)`` are run too, against the
        reference search with the same limit and ``f(state, player)``.
    algorithm : str
        The search the function should perform:

        - ``"minimax"``, ``"alphabeta"``: two-player trees of MAX and MIN nodes;
        - ``"expectimax"``: trees of MAX and chance nodes (MAX against chance;
          a tree with MIN nodes is refused), the expected value for MAX;
        - ``"expectiminimax"``: trees of MAX, MIN and chance nodes;
        - ``"maxn"``: trees of three or more players, the payoff vector
          (a tuple or list), ties going to the first child examined;
        - ``"uct"``, ``"iterative_deepening"``: handed to
          ``advsearch.course.mcts.implementation.check_uct`` and
          ``advsearch.course.limits.deepening.check_deepening``, with ``keywords``
          and those of ``trees``, ``seed``, ``time_per_tree`` and
          ``prune_on_equal`` given other values than their defaults.

        Trees without chance nodes are accepted for expectimax and
        expectiminimax (a search with chance must handle them too).
    prune_on_equal : bool
        For alpha-beta, the course's cut test: True for v ≥ β / v ≤ α (the
        lecture's pseudocode), False for v > β / v < α.
    trees : list, optional
        At least one tree (a Tree, its text form or a nested list) of the
        kind ``algorithm`` searches, to use instead of the default battery.
        For minimax and alpha-beta that is the lecture's two-ply tree,
        exercise-style trees of three and four plies, uneven trees, MIN
        roots, trees with ties, and 30 random trees of depth 2 to 5 from
        :func:`~advsearch.random_tree`, seeded from ``seed``; for the chance
        searches the lectures' chance trees then 28 random ones on which
        every wrong chance rule gives another value; for max-n the lecture's
        three-player tree, trees where the tie rule decides the root, then
        24 random ones with many ties.
    seed : int
        Seed of the random trees of the default battery.
    time_per_tree : float or None
        How many seconds the function may run on one tree (each
        depth-limited trial too) before it is stopped and the feedback names
        the tree; None for no limit.  Any search of these trees takes
        milliseconds.
    **keywords
        Passed on to the checkers of ``"uct"`` and ``"iterative_deepening"``;
        refused for the others.

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
        For an unknown ``algorithm`` (the message lists the known ones), an
        empty list of ``trees``, a tree of the wrong kind for ``algorithm``
        (chance nodes for minimax, MIN nodes for expectimax, two players for
        max-n, more than two for the others), or a ``time_per_tree`` that is
        not a positive number.
    TypeError
        When ``trees`` is not a list of trees, or a keyword is unknown.

    Notes
    -----
    Code that keeps calling the game long after a search would have finished
    is stopped and reported, and so is code that runs past
    ``time_per_tree``.  The function runs in a worker thread, or where no
    thread can start (a browser tab) watched at its calls and jumps
    (:mod:`advsearch.timeout`); either way code stuck in one long call into
    C (``time.sleep``) stops when that call returns, and without threads
    the check waits for it.

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

    The same function on chance trees treats each chance node as a MIN node:

    >>> check.implementation(minimax_value, "expectiminimax").mistake
    'chance_as_min'
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
    >>> check.implementation(minimax_value, "negamax")
    Traceback (most recent call last):
    ...
    ValueError: algorithm must be one of 'minimax', 'alphabeta', 'expectimax', 'expectiminimax', 'maxn', 'uct', 'iterative_deepening'; not 'negamax'
    """
    if not isinstance(algorithm, str) or algorithm not in ALGORITHMS:
        known = ", ".join(map(repr, ALGORITHMS))
        raise ValueError(f"algorithm must be one of {known}; not {algorithm!r}")
    if algorithm in ("uct", "iterative_deepening"):      # only what the caller gave is passed on
        passed = dict(keywords)
        if trees is not None:
            passed["trees"] = trees
        if seed != 0:
            passed["seed"] = seed
        if prune_on_equal is not True:
            passed["prune_on_equal"] = prune_on_equal
        if time_per_tree is not TIME_PER_TREE:
            passed["time_per_tree"] = time_per_tree
        return _handed_on(algorithm, fn, passed)
    if keywords:
        raise TypeError(f"check.implementation() got an unexpected keyword argument {next(iter(keywords))!r} "
                        f"(for algorithm={algorithm!r})")
    seconds = validation.budget("time_per_tree", time_per_tree)
    if algorithm in ("expectimax", "expectiminimax"):
        return check_chance(fn, algorithm, trees, seed, seconds)
    if algorithm == "maxn":
        return check_maxn(fn, trees, seed, seconds)
    return check_two_player(fn, algorithm, bool(prune_on_equal), trees, seed, seconds)


def _handed_on(algorithm, fn, keywords) -> Feedback:
    """The checker of another topic, imported only now: MCTS's ``check_uct`` or the limits' ``check_deepening``."""
    if algorithm == "uct":
        from .mcts.implementation import check_uct as checker
    else:
        from .limits.deepening import check_deepening as checker
    return checker(fn, **keywords)
