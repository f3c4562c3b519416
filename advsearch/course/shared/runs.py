"""Running a student's search function: on a recording game of a tree, within a time limit, without
the package's own searches; and the feedback when a run fails before it can be compared.

The bounds α and β the code holds are read from the local variables named
``alpha``/``beta`` (or ``α``/``β``) of the function that calls
``game.actions``, to tell apart mistakes that visit the same nodes.
"""

from __future__ import annotations

import inspect
import math
import os
import sys
import traceback
from dataclasses import dataclass

from ... import timeout
from ...answers import number_problem
from ...game import MAX
from ...recording import RecordingGame, Runaway
from ...search.base import SearchForbidden, forbid_searches
from ...trees import Tree
from .feedback import Feedback, not_answered
from .reading import is_number
from .untrusted import said


#: What a two-player search returns, as the messages say it.
FOR_MAX = "the value for MAX"

_ADVSEARCH_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # advsearch/
_COMPREHENSIONS = ("<listcomp>", "<genexpr>", "<setcomp>", "<dictcomp>")
_WINDOW_NAMES = (("alpha", "beta"), ("α", "β"))

#: Why the student's function may not call the package's searches (they raise a GameError that gives it).
_OWN_SEARCH_ONLY = ("the exercise is to write the search yourself, through game.actions, game.result and "
                    "game.utility; the grader runs your function without advsearch, so a call to the package's "
                    "search earns no points")


def _window_of(frame):
    """``(alpha, beta)`` from the local variables of the code that called ``game.actions``, if any."""
    while frame is not None and frame.f_code.co_name in _COMPREHENSIONS:
        frame = frame.f_back
    if frame is None:
        return None
    names = frame.f_locals
    for a, b in _WINDOW_NAMES:
        if a in names and b in names and is_number(names[a]) and is_number(names[b]):
            return (names[a], names[b])
    return None


class _Recording(RecordingGame):
    """The game of an explicit tree, recording (as :class:`~advsearch.recording.RecordingGame` does)
    which nodes a search expands and scores, and for each expanded node the α and β the caller held
    (``windows``).  Its ``evaluate`` is the made-up :func:`heuristic` of the depth-limited trials.
    """

    def __init__(self, tree: Tree, limit: int):
        super().__init__(tree, limit=limit, evaluate=heuristic)
        self.windows = {}

    def actions(self, state):
        actions = super().actions(state)
        if actions and state.path not in self.windows:
            self.windows[state.path] = _window_of(sys._getframe(1))
        return actions

    def __repr__(self) -> str:
        return repr(self.game)


def heuristic(state, player=MAX):
    """A fixed, made-up Eval for the depth-limited trials: a number in -9..9 from the node's path."""
    h = (sum((i + 3) * (a + 1) for i, a in enumerate(state.path)) * 7 + 5) % 19 - 9
    return h if player == MAX else -h


def heuristic_for_mover(state, player=MAX):
    """:func:`heuristic` asked for the player to move at ``state``, whatever ``player``: a mistake's model."""
    return heuristic(state, state.player)


@dataclass
class Run:
    """What one call of the student's function did: its visits (as :meth:`RecordingGame.visits`), the
    α and β it held at each expanded node, what it returned or raised, and how often it called the game."""

    seq: list
    windows: dict
    value: object
    error: BaseException | None
    calls: int


def run(fn, t: Tree, depth=None, kwargs=None, seconds=None, what="the search") -> Run:
    """Run ``fn(game, root)`` on a recording game of ``t``, without the package's searches, within ``seconds``.

    An error, a time-out (naming ``what``) included, is kept in the run, not raised.
    """
    game = _Recording(t, limit=100 * len(t) + 1000)
    extra = dict(kwargs or {})
    if depth is not None:
        extra.update(depth=depth, evaluate=game.evaluate)
    value, error = None, None
    try:
        with forbid_searches(_OWN_SEARCH_ONLY):
            value = timeout.call(fn, game, t.initial_state, seconds=seconds, what=what, **extra)
    except Runaway as e:
        error = e
    except (Exception, SystemExit) as e:      # the student's bug, reported in words
        error = e
    return Run(game.visits(), game.windows, value, error, game.calls)


def run_all(fn, trials, tested, seconds, main_kwargs, judge=None, clean=None):
    """Run ``fn`` on each trial in turn, as :func:`run` does: ``(runs, stop)``.

    ``stop`` is None when every run can be compared with its reference; else
    the Feedback of the first run that cannot (``judge(trial, run)``, by
    default :func:`run_problem`), or ``(trial, run)`` for a run stopped while
    searching nodes a second time.  ``clean(seq)`` tidies each run's visits.
    """
    judge = judge or run_problem
    runs = []
    for trial in trials:
        kwargs = main_kwargs(trial.tree) if trial.depth is None else None
        which = f"test tree {tested.index(trial.tree) + 1} of {len(tested)}"
        r = run(fn, trial.tree, trial.depth, kwargs, seconds=seconds, what=which)
        if clean is not None:
            r.seq = clean(r.seq)
        if isinstance(r.error, Runaway) and repeat(r.seq) is not None:
            # Searching children twice at every level multiplies the work by 2 per ply: not a loop.
            return runs, (trial, r)
        stop = judge(trial, r)
        if stop is not None:
            return runs, stop
        runs.append(r)
    return runs, None


def merged_scores(seq) -> list:
    """``seq`` with a leaf scored several times in a row counted once (a payoff vector asks once per player).

    >>> merged_scores([("expand", ()), ("score", (0,)), ("score", (0,)), ("score", (1,))])
    [('expand', ()), ('score', (0,)), ('score', (1,))]
    """
    return [item for k, item in enumerate(seq) if k == 0 or item[0] == "expand" or item != seq[k - 1]]


def repeat(seq):
    """The first visit in ``seq`` of a node already visited, or None."""
    seen = set()
    for item in seq:
        if item in seen:
            return item
        seen.add(item)
    return None


def signature(fn, goal="the value of state for MAX"):
    """``(takes_depth, main_kwargs, problem)``: how to call ``fn``, or a sentence on why it cannot be."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False, lambda t: {}, None
    keywordable = {name for name, p in params.items()
                   if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    takes_depth = {"depth", "evaluate"} <= keywordable
    sig = inspect.signature(fn)
    try:
        sig.bind(None, None)
        return takes_depth, lambda t: {}, None
    except TypeError:
        pass
    if takes_depth:
        try:
            sig.bind(None, None, depth=1, evaluate=None)
            return True, lambda t: {"depth": t.height + 1, "evaluate": heuristic}, None
        except TypeError:
            pass
    shown = "(" + ", ".join(params) + ")"
    return False, None, (f"Your function takes the arguments {shown}; it should take two, (game, state), "
                         f"and return {goal}.")


def run_problem(trial, run: Run, goal=FOR_MAX, returned=None) -> Feedback | None:
    """Feedback when the run on ``trial`` raised or returned something that is not a number; else None.

    ``goal`` says what the search should return ("the value for MAX");
    ``returned(on, value)``, when given, judges a value that is not None in
    place of the number test: Feedback, or None when the value may be compared.
    """
    on = f"On the tree {trial.tree}" + (f" with depth={trial.depth}" if trial.depth is not None else "")
    e = run.error
    if isinstance(e, NotImplementedError):
        return not_answered("your function raises NotImplementedError. Replace that line with your search, "
                            f"a function of (game, state) that returns {goal}.")
    if isinstance(e, Runaway):
        return Feedback(False, f"{on}, your function made more than {e.args[0]} calls to the game without "
                               f"returning, on a tree of only {len(trial.tree)} nodes: it seems to loop forever. "
                               "Check that every loop moves on and that every recursion reaches a terminal state.")
    if isinstance(e, timeout.TimeLimitExceeded):
        return _too_slow(trial, e)
    if isinstance(e, SearchForbidden):
        return Feedback(False, f"{on}, your function called the package's own search{_where(e)}: {said(e)}.")
    if e is not None:
        hint = ""
        message = said(e)
        if isinstance(e, ValueError) and "empty" in message:
            hint = (" Perhaps it asked for the max or min over the children of a leaf: test "
                    "game.is_terminal(state) first and score the leaf with game.utility there.")
        if isinstance(e, AttributeError) and "'Node' object" in message:
            hint = (" The function is called as fn(game, state), the game first; the state is a tree node, "
                    "so ask the game about it: game.actions(state), game.result(state, a), and so on.")
        if isinstance(e, RecursionError):
            hint = (" It recursed without end: check that it stops at terminal states (game.is_terminal(state)) "
                    "and recurses on game.result(state, a), not on state itself.")
        return Feedback(False, f"{on}, your function raised {type(e).__name__}"
                               f"{': ' + message if message else ''}{_where(e)}.{hint}")
    if run.value is None:
        if not run.calls:
            return not_answered(f"your function returns None. Write the search so that it returns {goal}.")
        return Feedback(False, f"{on}, your function returned None. Check that every branch ends with a return "
                               "statement that returns the value.")
    if returned is not None:
        return returned(on, run.value)
    problem = _return_problem(run.value)
    if problem:
        return Feedback(False, f"{on}, your function returned something that is not a number: {problem}. It "
                               "should return just the value for MAX, an int, a float or a Fraction.")
    return None


def _return_problem(value) -> str | None:
    """Why a search's return value is no number, or None; ±∞ is a number (a wrong value, for the diagnosis)."""
    if type(value) is float and math.isinf(value):
        return None
    return number_problem(value)


def _too_slow(trial, e: timeout.TimeLimitExceeded) -> Feedback:
    """The feedback for a function stopped by the time limit on one tree, with the tree's picture."""
    depth = f" with depth={trial.depth}" if trial.depth is not None else ""
    return Feedback(False, f"On {e.what}, the tree {trial.tree}{depth}, your function did not return within "
                           f"{e.seconds:g} s and was stopped: a loop that never ends? Any search of this tree "
                           "takes milliseconds. Check that every loop moves on and that every recursion reaches "
                           "a terminal state.", picture=(trial.tree, None, None, None, False))


def _where(e: BaseException) -> str:
    """" (line 12, in max_value)" for the deepest frame of the student's code in a traceback."""
    frames = traceback.extract_tb(e.__traceback__)
    theirs = [f for f in frames if not os.path.abspath(f.filename).startswith(_ADVSEARCH_DIR)]
    if not theirs:
        return ""
    f = theirs[-1]
    return f" (line {f.lineno}, in {f.name})"
