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

from .. import timeout
from ..answers import number_problem
from ..game import MAX
from ..recording import RecordingGame, Runaway
from ..search.base import SearchForbidden, forbid_searches
from ..trees import Tree
from .feedback import Feedback, not_answered
from .reading import is_number

__all__ = ["Run", "run", "heuristic", "signature", "run_problem", "repeat"]

_ADVSEARCH_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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


def repeat(seq):
    """The first visit in ``seq`` of a node already visited, or None."""
    seen = set()
    for item in seq:
        if item in seen:
            return item
        seen.add(item)
    return None


def signature(fn):
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
                         "and return the value of state for MAX.")


def run_problem(trial, run: Run) -> Feedback | None:
    """Feedback when the run on ``trial`` raised or returned something that is not a number; else None."""
    on = f"On the tree {trial.tree}" + (f" with depth={trial.depth}" if trial.depth is not None else "")
    e = run.error
    if isinstance(e, NotImplementedError):
        return not_answered("your function raises NotImplementedError. Replace that line with your search, "
                            "a function of (game, state) that returns the value for MAX.")
    if isinstance(e, Runaway):
        return Feedback(False, f"{on}, your function made more than {e.args[0]} calls to the game without "
                               f"returning, on a tree of only {len(trial.tree)} nodes: it seems to loop forever. "
                               "Check that every loop moves on and that every recursion reaches a terminal state.")
    if isinstance(e, timeout.TimeLimitExceeded):
        return _too_slow(trial, e)
    if isinstance(e, SearchForbidden):
        return Feedback(False, f"{on}, your function called the package's own search{_where(e)}: {e}.")
    if e is not None:
        hint = ""
        if isinstance(e, ValueError) and "empty" in str(e):
            hint = (" Perhaps it asked for the max or min over the children of a leaf: test "
                    "game.is_terminal(state) first and return game.utility(state, MAX) there.")
        if isinstance(e, AttributeError) and "'Node' object" in str(e):
            hint = (" The function is called as fn(game, state), the game first; the state is a tree node, "
                    "so ask the game about it: game.actions(state), game.result(state, a), and so on.")
        if isinstance(e, RecursionError):
            hint = (" It recursed without end: check that it stops at terminal states (game.is_terminal(state)) "
                    "and recurses on game.result(state, a), not on state itself.")
        message = str(e)
        return Feedback(False, f"{on}, your function raised {type(e).__name__}"
                               f"{': ' + message if message else ''}{_where(e)}.{hint}")
    if run.value is None:
        if not run.calls:
            return not_answered("your function returns None. Write the search so that it returns the value "
                                "for MAX.")
        return Feedback(False, f"{on}, your function returned None. Check that every branch ends with a return "
                               "statement that returns the value.")
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
