"""Helpers for graded assignments: who is graded, their trees, and the hidden tests' verdicts.

The assignments in ``exercises/assignments/`` are an nbgrader course.  Their
notebooks call this module in three places:

- **The student's trees.**  :func:`student_id` says whose notebook it is, and
  :func:`problems` makes that student's exercises from :func:`student_seed`,
  a seed derived from the id.  Two students get different trees, so answers
  copied from a classmate are answers to the wrong trees.
- **Self-checks** while working: :func:`self_check` runs a checker of
  :mod:`advsearch.check` under a time limit, and skips it while the notebook
  is autograded (nbgrader then runs the hidden tests instead).
- **Hidden tests.**  Each hidden test loads a fresh copy of this module (the
  few lines of :func:`fresh`, written into the test itself, since the
  notebook may have patched this very module), so that a notebook that
  patched ``advsearch`` does not patch its grader.  It rebuilds the exercises
  of the student being graded with :func:`graded` and calls one ``assess_*``
  function.  That returns a :class:`Grade`, whose :meth:`~Grade.award`
  prints a report and returns the points, which nbgrader reads as partial
  credit.

How the graded student is known
-------------------------------
nbgrader passes no student id to the kernel.  It does set the environment
variable ``NBGRADER_EXECUTION`` to ``"autograde"`` (or ``"validate"``) while
it runs a notebook, and it runs the kernel in the directory of the notebook
it grades, ``<course>/autograded/<student_id>/<assignment_id>/`` with the
default ``CourseDirectory.directory_structure``.  So while autograding, the
student id is the name of the directory above the kernel's working directory
(see :func:`id_from_path`).  The id a student types into the notebook only
chooses which trees the notebook shows; the hidden tests always grade the
trees of the id nbgrader grades, and say so when the two differ.

Outside autograding the id comes from, in order: the id the notebook
declares, the environment variable ``ADVSEARCH_STUDENT_ID``, JupyterHub's
``JUPYTERHUB_USER`` (nbgrader on JupyterHub uses the hub user name as the
student id), and last the placeholder ``"anonymous"``.

Conventions and partial credit
------------------------------
A search function is run through a :class:`RecordingGame`, which logs the
order in which it expands nodes and scores leaves, and the log is compared
with the reference search under each of several :data:`CONVENTIONS`: the
lecture's alpha-beta (cut when v ≥ β or v ≤ α, children left to right), the
strict cut test, children right to left, and plain minimax.  The report says
which conventions the function follows, and ``credit`` gives the share of the
points that a convention other than the asked-for one earns.  Plain minimax
earns nothing for alpha-beta: every tree of the battery has a cut.

Trusted grading
---------------
The graded notebooks do not call the ``assess_*`` functions themselves:
:mod:`advsearch.autograde` does, from outside the student's kernel, with the
student's functions run in a sandbox
(:class:`advsearch.autograde.referee.RemoteFunction`) and the recording game
kept in the grader's process.  In the notebook this module gives the trees
(:func:`problems`) and the self-checks; :func:`graded` and :func:`fresh`
remain for courses that still grade inside the kernel, which cannot be made
safe.

Examples
--------
>>> from advsearch import grading, MAX
>>> p = grading.problems("ps1", "alice")
>>> p.minimax.tree == grading.problems("ps1", "alice").minimax.tree
True
>>> p.minimax.tree == grading.problems("ps1", "bob").minimax.tree
False
>>> def minimax(game, state):
...     if game.is_terminal(state):
...         return game.utility(state, MAX)
...     values = [minimax(game, game.result(state, a)) for a in game.actions(state)]
...     return max(values) if game.to_move(state) == MAX else min(values)
>>> g = grading.assess_search(minimax, "alphabeta", p.trees, points=4)
>>> g.points, g.convention
(0.0, 'minimax')
>>> grading.assess_search(minimax, "minimax", p.trees, points=3).points
3.0
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib
import math
import numbers
import os
import random
import re
import signal
import sys
import threading
import time
import warnings
from dataclasses import dataclass, field
from fractions import Fraction
from types import SimpleNamespace
from typing import NamedTuple

# Everything the hidden tests use is imported here, at load time, and none of it
# later inside a function: a copy loaded by fresh() must not pick up, through
# sys.modules, a module that the student's notebook has patched.
from . import agents as _agents, arena as _arena, check as _check, practice as _practice
from .evaluation import connect4_eval as _connect4_eval
from .game import CHANCE, MAX, MIN
from .recording import RecordingGame, Runaway
from .games.connect4 import ConnectFour as _ConnectFour
from .search import alphabeta as _alphabeta, iterative_deepening as _iterative_deepening, minimax as _minimax
from .trees import Tree, parse as _parse, random_tree as _random_tree, tree as _make_tree
from .timeout import check_budget

__all__ = [
    "autograding", "id_from_path", "student_id", "student_seed", "ANONYMOUS",
    "problems", "graded", "ASSIGNMENTS", "search_trees", "sample_positions",
    "TimeLimitExceeded", "Runaway", "time_limit", "quiet", "RecordingGame",
    "Convention", "CONVENTIONS", "reference_visits",
    "Grade", "assess_values", "assess_pruned", "assess_search", "assess_evaluation",
    "assess_tournament", "OPPONENTS",
    "chance_trees", "CHANCE_RULES", "assess_expectimax", "ucb_question", "assess_ucb",
    "mcts_trees", "PERSPECTIVES", "assess_mcts",
    "self_check", "fresh", "only_notebooks",
]

#: The student id used when nothing names the student.
ANONYMOUS = "anonymous"

#: The environment variable an instructor (or a test) may set to name the student.
ENV_STUDENT = "ADVSEARCH_STUDENT_ID"

def _ours(name: str) -> bool:
    return name == "advsearch" or name.startswith("advsearch.")


@contextlib.contextmanager
def _own_modules():
    """Run with this copy's own advsearch modules in ``sys.modules``, and put the others back after.

    A copy loaded by :func:`fresh` imports only fresh modules at load time, but
    a module that the package imports lazily, inside a function, is looked up
    in ``sys.modules`` when the function runs; there the notebook's (possibly
    patched) modules sit.  Inside this block they are this copy's own.
    """
    saved = {k: v for k, v in list(sys.modules.items()) if _ours(k)}
    for k in saved:
        del sys.modules[k]
    sys.modules.update(_MODULES)
    try:
        yield
    finally:
        for k, v in list(sys.modules.items()):
            if _ours(k):
                _MODULES.setdefault(k, v)        # first imported during the call: ours from now on
                del sys.modules[k]
        sys.modules.update(saved)


def _isolated(fn):
    """Decorate a grading function to run under :func:`_own_modules`."""
    @functools.wraps(fn)
    def run(*args, **kwargs):
        with _own_modules():
            return fn(*args, **kwargs)

    return run


# --------------------------------------------------------------- who is graded


def autograding() -> bool:
    """Whether nbgrader is autograding this kernel's notebook right now.

    nbgrader sets ``NBGRADER_EXECUTION=autograde`` while it runs a submission
    (and ``validate`` while it validates).

    >>> autograding()          # not under nbgrader here
    False
    """
    return os.environ.get("NBGRADER_EXECUTION") == "autograde"


def id_from_path(path: str, autograded_directory: str = "autograded"):
    """The student id in a path below nbgrader's ``autograded/<student_id>/<assignment_id>``, or None.

    Parameters
    ----------
    path : str
        A directory (the kernel's working directory while autograding) or a
        file in it.
    autograded_directory : str
        The name nbgrader's ``CourseDirectory.autograded_directory`` gives that
        step's folder.

    Examples
    --------
    >>> id_from_path("/course/autograded/alice/ps1")
    'alice'
    >>> id_from_path("/course/autograded/bob/ps1/ps1.ipynb")
    'bob'
    >>> id_from_path("/home/alice/ps1") is None
    True
    """
    parts = os.path.normpath(os.path.abspath(path)).split(os.sep)
    for i in range(len(parts) - 2, 0, -1):
        if parts[i] == autograded_directory and parts[i + 1]:
            return parts[i + 1]
    return None


def _clean(x) -> str:
    return x.strip() if isinstance(x, str) else ""


def student_id(declared: str = "", *, graded: bool = False) -> str:
    """The student whose trees a notebook shows (or, with ``graded=True``, whose trees are graded).

    Parameters
    ----------
    declared : str
        The id the notebook declares (``STUDENT_ID = "..."``); empty when the
        student left it blank.
    graded : bool
        False, for the student's own cells: the declared id wins, so a student
        sees the trees of the id they typed.  True, for hidden tests: while
        nbgrader autogrades, the id of the submission's directory wins over
        anything the notebook says.

    Returns
    -------
    str
        The first of: (graded only) the autograded directory's student; the
        declared id; (not graded) the autograded directory's student; the
        environment variable ``ADVSEARCH_STUDENT_ID``; ``JUPYTERHUB_USER``;
        and :data:`ANONYMOUS`.

    Examples
    --------
    Outside nbgrader, a declared id wins either way:

    >>> student_id("alice"), student_id("alice", graded=True)
    ('alice', 'alice')
    """
    from_path = id_from_path(os.getcwd()) if autograding() else None
    declared = _clean(declared)
    order = [from_path, declared] if graded else [declared, from_path]
    order += [_clean(os.environ.get(ENV_STUDENT)), _clean(os.environ.get("JUPYTERHUB_USER"))]
    for x in order:
        if x:
            return x
    return ANONYMOUS


def student_seed(student: str, assignment: str, item: str = "") -> int:
    """A 64-bit seed for one student, assignment and item, the same on every machine.

    It is the first 8 bytes of SHA-256 of ``"advsearch/<assignment>/<item>/<student>"``.
    The recipe is public on purpose: a student's trees are no secret (the
    student must see them); what matters is that each student's differ.

    Examples
    --------
    >>> student_seed("alice", "ps1") == student_seed("alice", "ps1")
    True
    >>> len({student_seed(s, "ps1") for s in ("alice", "bob", "carol")})
    3
    >>> student_seed("alice", "ps1") != student_seed("alice", "ps2")
    True
    """
    for name, x in (("student", student), ("assignment", assignment), ("item", item)):
        if not isinstance(x, str):
            raise ValueError(f"{name} must be a string, not {x!r}")
    text = f"advsearch/{assignment}/{item}/{student.strip()}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


# ------------------------------------------------------------------ the trees


def _random_spec(rng: random.Random, depth: int, branching, low: int, high: int, uneven: float):
    """Nested lists for :func:`~advsearch.tree`: ``depth`` plies, a leaf early with probability ``uneven``."""
    lo, hi = branching

    def grow(d, top):
        if d == 0 or (not top and rng.random() < uneven):
            return rng.randint(low, high)
        return [grow(d - 1, False) for _ in range(rng.randint(lo, hi))]

    return grow(depth, True)


def _check_count(n, low: int):
    if isinstance(n, bool) or not isinstance(n, int) or n < low:
        raise ValueError(f"n must be an int >= {low}, not {n!r}")


@_isolated
def search_trees(seed, n: int = 10) -> list:
    """The trees on which a student's minimax and alpha-beta are graded, made from ``seed``.

    Every tree has at least one alpha-beta cut (under both cut tests), so
    plain minimax never passes for alpha-beta.  The battery holds trees of 2
    to 4 plies with 2 or 3 children a node, uneven ones (some leaves higher
    up), about a third with MIN at the root, and at least a third on which the
    strict cut test (v > β, v < α) prunes differently from the lecture's
    (v ≥ β, v ≤ α).  Leaves are 0..9, so ties are common.

    Parameters
    ----------
    seed : int or str
        The same seed gives the same trees.
    n : int
        How many trees, at least 3.

    Examples
    --------
    >>> ts = search_trees(1)
    >>> len(ts), ts == search_trees(1), ts == search_trees(2)
    (10, True, False)
    """
    _check_count(n, 3)
    rng = random.Random(f"advsearch.grading.search_trees:{seed}")
    want_ties = -(-n // 3)
    out, ties = [], 0
    tries = 0
    while len(out) < n:
        tries += 1
        if tries > 20000:                      # pragma: no cover - never seen
            raise RuntimeError("could not draw a battery of trees; this is a bug")
        k = len(out)
        depth = (2, 3, 3, 4)[k % 4]
        root = MIN if k % 3 == 2 else MAX
        uneven = 0.25 if k % 2 else 0.0
        t = _make_tree(_random_spec(rng, depth, (2, 3), 0, 9, uneven), root=root)
        lecture = _alphabeta(t, trace=True).trace
        strict = _alphabeta(t, trace=True, prune_on_equal=False).trace
        if not lecture.prunes() or not strict.prunes():
            continue
        differs = lecture.visited() != strict.visited()
        need = want_ties - ties
        if not differs and need >= n - len(out):
            continue                           # the rest must be trees where ties matter
        ties += differs
        out.append(t)
    return out


#: What :func:`problems` knows, by assignment: a short description of each.
ASSIGNMENTS = {
    "ps1": "minimax and alpha-beta: values and pruned leaves by hand, and both searches in code",
    "ps2": "an evaluation function for Connect Four, graded by a tournament under a node budget",
    "ps3": "expectimax by hand and in code, a UCT step by hand, and MCTS in code: convergence and perspective",
}


@_isolated
def problems(assignment: str, student: str) -> SimpleNamespace:
    """One student's exercises for an assignment, made from :func:`student_seed`.

    Parameters
    ----------
    assignment : str
        A key of :data:`ASSIGNMENTS`.
    student : str
        The student id (see :func:`student_id`).

    Returns
    -------
    types.SimpleNamespace
        ``ps1``: ``minimax`` (a :func:`advsearch.practice.minimax` exercise:
        values of a 3-ply tree), ``alphabeta`` (a
        :func:`advsearch.practice.alphabeta` exercise of 3 plies with an α-cut
        and a β-cut, where ties make the cut test matter), ``trees`` (the
        battery of :func:`search_trees`).  ``ps2``: ``game`` (Connect Four
        7x6) and ``positions`` (40 positions from seeded random play, for
        trying an evaluation out).  ``ps3``: ``expectimax`` (a labelled tree
        of MAX, chance, MIN, chance with probabilities in halves, thirds and
        quarters, to solve by hand), ``ucb`` (a :func:`ucb_question`),
        ``chance_trees`` (:func:`chance_trees`), ``convergence_trees`` and
        ``perspective_trees`` (:func:`mcts_trees`).  All carry ``student``,
        ``assignment`` and ``seed``.

    Examples
    --------
    >>> p = problems("ps1", "alice")
    >>> print(p.alphabeta.question.splitlines()[0])
    Run alpha-beta on this 3-ply tree (MAX at the root), searching children left to right. ...
    >>> problems("ps9", "alice")
    Traceback (most recent call last):
    ...
    ValueError: no assignment 'ps9'; the assignments are ps1, ps2, ps3
    """
    if assignment not in ASSIGNMENTS:
        raise ValueError(f"no assignment {assignment!r}; the assignments are {', '.join(ASSIGNMENTS)}")
    if not isinstance(student, str) or not student.strip():
        raise ValueError(f"student must be a non-empty string, not {student!r}")
    seed = student_seed(student, assignment)
    base = dict(student=student.strip(), assignment=assignment, seed=seed)
    if assignment == "ps1":
        return SimpleNamespace(
            **base,
            minimax=_practice.minimax(seed=f"{seed}:values", depth=3, branching=(2, 3)),
            alphabeta=_practice.alphabeta(seed=f"{seed}:pruned", depth=3, branching=(2, 3), alpha_cuts=1,
                                         beta_cuts=1, ties=True),
            trees=search_trees(seed),
        )
    if assignment == "ps3":
        return SimpleNamespace(
            **base,
            expectimax=_hand_chance_tree(f"{seed}:expectimax"),
            ucb=ucb_question(f"{seed}:ucb"),
            chance_trees=chance_trees(seed),
            convergence_trees=mcts_trees(seed, aspect="convergence"),
            perspective_trees=mcts_trees(seed, aspect="perspective"),
        )
    game = _ConnectFour()
    return SimpleNamespace(**base, game=game, positions=sample_positions(game, f"{seed}:positions", 40))


@_isolated
def graded(assignment: str, declared: str = "") -> SimpleNamespace:
    """The exercises of the student being graded, for hidden tests: :func:`problems` plus a ``note``.

    The student is ``student_id(declared, graded=True)``: while nbgrader
    autogrades, the owner of the submission, whatever the notebook declares.
    ``note`` is a sentence for the report when the notebook declared someone
    else (a copied notebook, or a typo in STUDENT_ID), else "".

    Examples
    --------
    >>> p = graded("ps1", "alice")
    >>> p.student, p.note
    ('alice', '')
    """
    declared = _clean(declared)
    p = problems(assignment, student_id(declared, graded=True))
    p.note = ""
    if declared and declared != p.student:
        p.note = (f"Note: this notebook declares STUDENT_ID = {declared!r}, but it is graded as {p.student!r}, "
                  f"so it is checked on the trees of {p.student!r}. ")
    return p


def _hand_chance_tree(seed) -> Tree:
    """A labelled tree to solve by hand: MAX, chance, MIN, chance, 2 children each, leaves 0..9.

    Probabilities are halves, thirds and quarters, and the chance nodes are
    not all fair coins.
    """
    rng = random.Random(f"advsearch.grading.hand_chance_tree:{seed}")
    while True:
        t = _random_tree(2, 2, seed=rng.getrandbits(64), chance=True, low=0, high=9, labels=True)
        probs = [p for n in t.nodes() if n.probs for p in n.probs]
        if all(Fraction(p).denominator <= 4 for p in probs) and any(p != Fraction(1, 2) for p in probs):
            return t


def sample_positions(game, seed, n: int) -> list:
    """``n`` distinct non-terminal positions from seeded random play, 2 to 30 plies deep."""
    rng = random.Random(seed)
    out, seen = [], set()
    while len(out) < n:
        state, plies = game.initial_state, rng.randint(2, 30)
        for _ in range(plies):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(list(game.actions(state))))
        if not game.is_terminal(state) and state not in seen:
            seen.add(state)
            out.append(state)
    return out


# --------------------------------------------------------- running their code


class TimeLimitExceeded(BaseException):
    """Raised into student code that runs past its time limit.

    A BaseException, so that ``except Exception`` in student code does not
    swallow it.
    """


def _alarm_available() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def time_limit(seconds):
    """Raise :class:`TimeLimitExceeded` in the block once ``seconds`` of wall time have passed.

    Uses ``SIGALRM`` (the main thread on Unix); elsewhere it limits nothing,
    and nbgrader's per-cell timeout remains the backstop.  The alarm repeats
    every 0.2 s after the first, so code that catches the exception once is
    interrupted again.  An enclosing limit is restored afterwards.

    Examples
    --------
    >>> import time
    >>> try:
    ...     with time_limit(0.05):
    ...         time.sleep(1)
    ... except TimeLimitExceeded:
    ...     print("stopped")
    stopped
    """
    if seconds is None or not _alarm_available():
        yield
        return
    check_budget("seconds", seconds)

    def ring(signum, frame):
        raise TimeLimitExceeded(f"still running after {seconds:g} s")

    started = time.monotonic()
    outer_left, _ = signal.getitimer(signal.ITIMER_REAL)
    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.2)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer_left:
            left = outer_left - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), 0.2)


@contextlib.contextmanager
def quiet():
    """Send what student code writes to stderr, warnings included, to stdout instead.

    nbgrader gives a test cell no credit when it writes to stderr, so a
    hidden test must not let a stray warning cost the student points.
    """
    def show(message, category, filename, lineno, file=None, line=None):
        print(f"{category.__name__}: {message}")

    with contextlib.redirect_stderr(sys.stdout), warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show
        yield


def _call(fn, *args, seconds=None, **kwargs):
    """``(value, error)`` of ``fn(*args, **kwargs)``, quietly, within ``seconds``."""
    try:
        with quiet(), time_limit(seconds):
            return fn(*args, **kwargs), None
    except (Exception, SystemExit, TimeLimitExceeded, Runaway, RecursionError) as e:
        return None, e


def _describe_error(e: BaseException) -> str:
    if isinstance(e, TimeLimitExceeded):
        return f"did not finish: it was {e.args[0] if e.args else 'stopped'} (a loop that never ends?)"
    if isinstance(e, Runaway):
        return (f"made more than {e.args[0]} calls to the game on a tree of this size without returning "
                "(a loop that never ends?)")
    text = str(e)
    return f"raised {type(e).__name__}{': ' + text if text else ''}"


# --------------------------------------------------------------- conventions


class Convention(NamedTuple):
    """A way of searching: the algorithm, the cut test and the order of the children.

    ``key`` names it in reports and in ``credit`` dicts; ``text`` describes it.
    """

    key: str
    algorithm: str          # "alphabeta" or "minimax"
    prune_on_equal: bool
    reverse: bool           # children right to left
    text: str


#: The conventions :func:`assess_search` recognises, the lecture's first.
CONVENTIONS = (
    Convention("lecture", "alphabeta", True, False,
               "the lecture's alpha-beta: cut when v ≥ β (MAX) or v ≤ α (MIN), children left to right"),
    Convention("strict", "alphabeta", False, False,
               "alpha-beta that cuts only strictly beyond the bound (v > β, v < α), children left to right"),
    Convention("reversed", "alphabeta", True, True,
               "alpha-beta cutting on ties, with the children searched right to left"),
    Convention("strict_reversed", "alphabeta", False, True,
               "alpha-beta cutting only strictly, with the children searched right to left"),
    Convention("minimax", "minimax", True, False,
               "plain minimax, every node searched, children left to right"),
    Convention("minimax_reversed", "minimax", True, True,
               "plain minimax with the children searched right to left"),
)
_CONVENTION = {c.key: c for c in CONVENTIONS}


@_isolated
def reference_visits(t: Tree, algorithm: str = "alphabeta", *, prune_on_equal: bool = True,
                     reverse: bool = False) -> list:
    """The visits (as :meth:`RecordingGame.visits` lists them) of the reference search of ``t``.

    Parameters
    ----------
    t : Tree
        An explicit two-player tree.
    algorithm : {"alphabeta", "minimax"}
    prune_on_equal : bool
        The cut test of alpha-beta.
    reverse : bool
        Search the children right to left.

    Examples
    --------
    >>> from advsearch import examples
    >>> [p for k, p in reference_visits(examples.two_ply(), "minimax") if k == "score"][:3]
    [(0, 0), (0, 1), (0, 2)]
    >>> len(reference_visits(examples.two_ply(), "alphabeta")), len(reference_visits(examples.two_ply(), "minimax"))
    (11, 13)
    """
    if algorithm not in ("alphabeta", "minimax"):
        raise ValueError(f"algorithm must be 'alphabeta' or 'minimax', not {algorithm!r}")
    t = _own_tree(t)
    if algorithm == "minimax" and not reverse:
        trace = _minimax(t, trace=True).trace
    elif algorithm == "minimax":
        out = []

        def walk(node):
            if node.children:
                out.append(("expand", node.path))
                for child in reversed(node.children):
                    walk(child)
            else:
                out.append(("score", node.path))

        walk(t.initial_state)
        return out
    else:
        order = (lambda state, actions: list(actions)[::-1]) if reverse else None
        trace = _alphabeta(t, trace=True, prune_on_equal=prune_on_equal, order=order).trace
    return [("expand" if e.kind == "enter" else "score", e.path) for e in trace if e.kind in ("enter", "leaf")]


def _own_tree(t) -> Tree:
    """``t`` as a Tree of this copy of the package (a fresh copy's Tree class differs from the notebook's)."""
    if isinstance(t, Tree):
        return t
    if isinstance(t, (str, list)) or type(t).__name__ == "Tree":
        return _parse(str(t)) if not isinstance(t, list) else _make_tree(t)
    raise TypeError(f"expected a game tree, not {type(t).__name__}")


def _tree_value(t: Tree):
    """The value of ``t`` for MAX: minimax, with chance nodes the expectation of their children."""
    return _check._true_values(t)[()]


def _same(a, b) -> bool:
    if isinstance(a, bool) or not isinstance(a, numbers.Real):
        return False
    try:
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)
    except (TypeError, ValueError, OverflowError):
        return False


# --------------------------------------------------------------------- grades


@dataclass
class Grade:
    """The verdict of a hidden test.

    Attributes
    ----------
    points, out_of : float
        The points earned and the most the test gives.
    text : str
        The report for the student: what was checked, what was found and why.
    convention : str or None
        The key of the :data:`CONVENTIONS` entry (or, for pruned leaves, the
        cut test "lecture"/"strict", "reversed") the answer followed, when one
        fits.
    mistake : str or None
        A key of :data:`advsearch.check.MISTAKES` when one was diagnosed.
    details : dict
        Numbers behind the verdict (per-tree results, match scores, ...).
    """

    points: float
    out_of: float
    text: str
    convention: str | None = None
    mistake: str | None = None
    details: dict = field(default_factory=dict)

    def report(self) -> str:
        """The text a student reads: the verdict, then the points.

        Examples
        --------
        >>> print(Grade(1.5, 2.0, "One value is wrong.").report())
        One value is wrong.
        Points: 1.5 of 2.
        """
        return f"{self.text}\nPoints: {_f(self.points)} of {_f(self.out_of)}."

    def award(self) -> float:
        """Print the report and return the points, for the last line of a test run in the notebook.

        nbgrader reads a number shown as a test cell's result as its partial
        credit.
        """
        print(self.report())
        return float(self.points)

    def __str__(self) -> str:
        return f"{self.text} ({_f(self.points)}/{_f(self.out_of)})"


def _f(x) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if isinstance(x, float) else str(x)


def _points(points) -> float:
    if isinstance(points, bool) or not isinstance(points, numbers.Real) or not points > 0:
        raise ValueError(f"points must be a positive number, not {points!r}")
    return float(points)


def _share(points: float, fraction: float) -> float:
    """``points`` times ``fraction``, clamped to [0, points] and rounded to hundredths (never up)."""
    fraction = min(max(fraction, 0.0), 1.0)
    return math.floor(points * fraction * 100 + 1e-9) / 100


# ------------------------------------------------------------ trace questions


@_isolated
def assess_values(t, answer, points=2, *, note: str = "") -> Grade:
    """Grade minimax values written by hand, with credit for each inner node right.

    Parameters
    ----------
    t : Tree
        The student's tree (labelled), e.g. ``problems("ps1", s).minimax.tree``.
    answer : dict
        ``{label: value}`` as for :func:`advsearch.check.values`.
    points : float
        The test's points; each required node is worth an equal share.
    note : str
        A sentence to put first in the report.

    Examples
    --------
    >>> from advsearch import examples
    >>> t = examples.two_ply()
    >>> assess_values(t, {"A": 3, "B": 3, "C": 2, "D": 2}).points
    2.0
    >>> g = assess_values(t, {"A": 3, "B": 3, "C": 4, "D": 2})
    >>> g.points, g.text.split(":")[0]
    (1.5, 'At C (MIN)')
    """
    out_of = _points(points)
    t = _own_tree(t)
    fb = _check.values(t, answer)
    labelled = [n for n in t.nodes() if n.children and n.label]
    required = labelled or [n for n in t.nodes() if n.children]
    true = _check._true_values(t)
    right = 0
    if isinstance(answer, dict):
        for node in required:
            for key in (node.label, node.path):
                if key is not None and key in answer and _same(answer[key], true[node.path]):
                    right += 1
                    break
    share = right / len(required)
    text = note + str(fb)
    if not fb.ok:
        text += f" ({right} of {len(required)} values right.)"
    return Grade(out_of if fb.ok else _share(out_of, share), out_of, text, mistake=fb.mistake,
                 details={"right": right, "of": len(required)})


def _pruned_set(t: Tree, prune_on_equal: bool, reverse: bool = False) -> set:
    visited = {p for k, p in reference_visits(t, "alphabeta", prune_on_equal=prune_on_equal, reverse=reverse)
               if k == "score"}
    return {leaf.path for leaf in t.leaves()} - visited


@_isolated
def assess_pruned(t, answer, points=2, *, prune_on_equal: bool = True, credit=None, note: str = "") -> Grade:
    """Grade the leaves a student says alpha-beta never evaluates, and name the convention they used.

    Parameters
    ----------
    t : Tree
        The student's tree, e.g. ``problems("ps1", s).alphabeta.tree``.
    answer : list
        Leaves by label or path, as for :func:`advsearch.check.pruned`.
    points : float
    prune_on_equal : bool
        The cut test asked for.
    credit : dict, optional
        The share of the points an answer earns that is exactly right for
        another convention: keys "strict" (the other cut test), "reversed"
        (children right to left) and "strict_reversed".  Default
        ``{"strict": 0.5, "reversed": 0.25, "strict_reversed": 0.25}``.
    note : str
        A sentence to put first in the report.

    Returns
    -------
    Grade
        Full points for the right set.  An answer right for another
        convention earns that convention's credit, and the report names it.
        Any other answer earns a share J − ½ of the points, where J is the
        Jaccard overlap of the two sets (the leaves in both, over the leaves
        in either): nothing unless most of the answer is right, so that
        answers to another student's tree (or guesses) earn nothing.

    Examples
    --------
    >>> from advsearch import parse
    >>> t = parse("A[B[b1=4 b2=7 b3=5] C[c1=6 c2=4 c3=9] D[d1=4 d2=2 d3=8] E[e1=3 e2=5 e3=1]]")
    >>> assess_pruned(t, ["c3", "d2", "d3", "e2", "e3"]).points
    2.0
    >>> g = assess_pruned(t, ["d3", "e2", "e3"])
    >>> g.points, g.convention
    (1.0, 'strict')
    """
    out_of = _points(points)
    t = _own_tree(t)
    eq = bool(prune_on_equal)
    credit = {"strict": 0.5, "reversed": 0.25, "strict_reversed": 0.25} if credit is None else dict(credit)
    fb = _check.pruned(t, answer, prune_on_equal=eq)
    if fb.ok:
        return Grade(out_of, out_of, note + str(fb), convention="lecture" if eq else "strict")
    marked = _marked_leaves(t, answer)
    if marked is None:
        return Grade(0.0, out_of, note + str(fb), mistake=fb.mistake)
    reference = _pruned_set(t, eq)
    others = {"strict": _pruned_set(t, not eq), "reversed": _pruned_set(t, eq, True),
              "strict_reversed": _pruned_set(t, not eq, True)}
    for key, leaves in others.items():
        if marked == leaves and leaves and leaves != reference and key in credit:   # a blank answer fits nothing
            how = {"strict": "with the other cut test ("
                             + ("v > β, v < α: no cut on ties)" if eq else "v ≥ β, v ≤ α: cutting on ties)"),
                   "reversed": "with the children searched right to left",
                   "strict_reversed": "with the other cut test and the children searched right to left"}[key]
            text = (note + f"Your answer is exactly what alpha-beta prunes {how}; this question asks for "
                    + ("v ≥ β, v ≤ α" if eq else "v > β, v < α") + ", children left to right. " + str(fb))
            return Grade(_share(out_of, credit[key]), out_of, text, convention=key, mistake=fb.mistake)
    union = marked | reference
    overlap = len(marked & reference) / len(union) if union else 1.0
    return Grade(_share(out_of, max(0.0, overlap - 0.5)), out_of, note + str(fb), mistake=fb.mistake,
                 details={"overlap": overlap})


def _marked_leaves(t: Tree, answer):
    """The set of leaf paths an answer names (inner nodes stand for their leaves), or None if it names none."""
    if answer is None or answer is Ellipsis or isinstance(answer, (str, bytes)) and not answer:
        return None
    items = [answer] if isinstance(answer, str) else answer
    if isinstance(items, tuple) and items and all(isinstance(a, int) for a in items):
        items = [items]
    try:
        items = list(items)
    except TypeError:
        return None
    out = set()
    for item in items:
        if isinstance(item, str) and re.fullmatch(r"\s*(\[\s*\d+\s*\])+\s*", item):
            item = tuple(int(d) for d in re.findall(r"\d+", item))       # path text, "[1][2]"
        try:
            node = t.node(tuple(item) if isinstance(item, list) else item)
        except Exception:
            continue
        stack = [node]
        while stack:
            n = stack.pop()
            if n.children:
                stack.extend(n.children)
            else:
                out.add(n.path)
    return out


# ------------------------------------------------------------ implementations


def _run_on(fn, t: Tree, seconds):
    game = RecordingGame(t, limit=100 * len(t) + 1000)
    value, error = _call(fn, game, t.initial_state, seconds=seconds)
    return value, error, game.visits(), game.library_calls


@_isolated
def assess_search(fn, algorithm, trees, points=3, *, prune_on_equal: bool = True, credit=None,
                  seconds: float = 3.0, note: str = "") -> Grade:
    """Grade a student's search ``fn(game, state) -> value`` by what it visits, tree by tree.

    Each tree is searched through a :class:`RecordingGame`; the search is
    right on a tree when it returns the minimax value and its visits equal
    those of the reference search of the asked-for convention.  Where they do
    not, the other :data:`CONVENTIONS` are tried, so that the report can say,
    for example, that the function cuts only strictly beyond the bound, or
    searches right to left, or does not prune at all.

    Parameters
    ----------
    fn : callable
        The student's function; None (not defined) earns nothing.
    algorithm : {"minimax", "alphabeta"}
        What was asked for.
    trees : list of Tree
        The battery, e.g. ``problems("ps1", s).trees``.
    points : float
    prune_on_equal : bool
        For alpha-beta, the cut test asked for.
    credit : dict, optional
        Convention key -> share of a tree's credit for following that
        convention instead.  The default gives "strict" (the other cut test)
        and "reversed" (right to left) half, "strict_reversed" a quarter, and
        for minimax "minimax_reversed" half; plain minimax earns nothing for
        alpha-beta.
    seconds : float
        Time limit per tree; once one tree runs out of time the rest are not tried.
    note : str
        A sentence to put first in the report.

    Returns
    -------
    Grade
        ``points`` times the average credit over the trees; ``convention``
        is the key of the convention that fits every tree, if one does;
        ``mistake`` a key of :data:`advsearch.check.MISTAKES` when the
        package's checker recognises the first wrong tree's mistake.

    Notes
    -----
    Each tree costs one run of ``fn`` and one reference search per
    convention, O(n) for a tree of n nodes; the battery of
    :func:`search_trees` takes a few milliseconds for a correct function.

    Examples
    --------
    >>> from advsearch import MAX
    >>> def lazy(game, state):
    ...     return 0
    >>> g = assess_search(lazy, "minimax", search_trees(0), points=3)
    >>> g.points
    0.0
    """
    out_of = _points(points)
    if algorithm not in ("minimax", "alphabeta"):
        raise ValueError(f"algorithm must be 'minimax' or 'alphabeta', not {algorithm!r}")
    eq = bool(prune_on_equal)
    if algorithm == "minimax":
        asked = "minimax"
        default = {"minimax_reversed": 0.5}
    else:
        asked = "lecture" if eq else "strict"
        other = "strict" if eq else "lecture"
        default = {other: 0.5, "reversed" if eq else "strict_reversed": 0.5,
                   "strict_reversed" if eq else "reversed": 0.25}
    credit = default if credit is None else dict(credit)
    credit[asked] = 1.0
    what = "minimax" if algorithm == "minimax" else "alpha-beta"
    if fn is None or fn is Ellipsis:
        return Grade(0.0, out_of, note + f"No {what} function was found: define it in the answer cell.")
    if not callable(fn):
        return Grade(0.0, out_of, note + f"The answer is {type(fn).__name__}, not a function (game, state) -> value.")
    trees = [_own_tree(t) for t in trees]
    if not trees:
        raise ValueError("trees must hold at least one tree")

    rows, fits_all, first_bad, borrowed = [], None, None, False
    for i, t in enumerate(trees):
        value, error, seq, library = _run_on(fn, t, seconds)
        row = {"tree": str(t), "value": value, "error": error, "fits": []}
        borrowed = borrowed or library > 0
        if error is None and not library:
            right_value = _same(value, _tree_value(t))
            for c in CONVENTIONS:
                if right_value and seq == reference_visits(t, c.algorithm, prune_on_equal=c.prune_on_equal,
                                                           reverse=c.reverse):
                    row["fits"].append(c.key)
        rows.append(row)
        fits = set(row["fits"])
        fits_all = fits if fits_all is None else fits_all & fits
        if asked not in fits and first_bad is None:
            first_bad = i
        if isinstance(error, (TimeLimitExceeded, Runaway)):
            for t2 in trees[i + 1:]:
                rows.append({"tree": str(t2), "value": None, "error": error, "fits": [], "skipped": True})
            fits_all = set()
            break

    if borrowed:
        return Grade(0.0, out_of, note + f"Your function calls the package's own search (advsearch.search) "
                                         f"instead of searching the tree itself; write the {what} yourself.",
                     details={"rows": rows, "right": 0})
    scores = [max([credit.get(k, 0.0) for k in r["fits"]], default=0.0) for r in rows]
    earned = _share(out_of, sum(scores) / len(trees))
    right = sum(asked in r["fits"] for r in rows)
    convention = next((c.key for c in CONVENTIONS if c.key in (fits_all or ())), None)
    lines = [note + f"Your {what} was run on {len(trees)} trees through a recording game: it is right on "
             f"{right} of them (the value, and every node expanded and leaf scored in the reference order)."]
    if convention is not None and convention != asked:
        lines.append(f"On every tree it behaves like {_CONVENTION[convention].text}; this question asks for "
                     f"{_CONVENTION[asked].text}.")
    elif convention is None and right < len(trees):
        counts = {c.key: sum(c.key in r["fits"] for r in rows) for c in CONVENTIONS if c.key != asked}
        best = max(counts, key=counts.get)
        if counts[best]:
            lines.append(f"It behaves like {_CONVENTION[best].text} on {counts[best]} of the trees.")
    mistake = None
    if first_bad is not None:
        r, t = rows[first_bad], trees[first_bad]
        if r["error"] is not None:
            lines.append(f"On the tree {t} your function {_describe_error(r['error'])}.")
            if r.get("skipped") is None and isinstance(r["error"], (TimeLimitExceeded, Runaway)):
                lines.append("The remaining trees were not tried.")
        else:
            fb, error = _call(_check.implementation, fn, algorithm, prune_on_equal=eq, trees=[t],
                              seconds=seconds)
            if fb is not None and not fb.ok:
                lines.append(str(fb))
                mistake = fb.mistake
            elif fb is None:
                lines.append(f"On the tree {t} your function {_describe_error(error)}.")
    return Grade(earned, out_of, " ".join(lines), convention=convention, mistake=mistake,
                 details={"rows": rows, "right": right})


# ------------------------------------------------------ evaluation functions


@_isolated
def assess_evaluation(evaluate, positions, points=1, *, max_ms: float = 1.0, seconds: float = 3.0) -> Grade:
    """Grade an evaluation function's manners: numbers, inside (-1, 1), zero-sum, repeatable, fast.

    Each of the five checks is worth an equal share:

    1. it returns a finite real number (not a bool) on every position;
    2. the value lies strictly between -1 and +1, the utilities of a loss
       and a win, so that no position merely looks better than a proved win;
    3. ``evaluate(s, MIN) == -evaluate(s, MAX)`` (the zero-sum convention of
       :mod:`advsearch.evaluation`);
    4. the same position gets the same value twice;
    5. a call takes at most ``max_ms`` milliseconds on average (the
       tournament counts search nodes, not work inside ``evaluate``).

    Parameters
    ----------
    evaluate : callable
        ``evaluate(state, player) -> number``.
    positions : list
        Non-terminal states, e.g. ``problems("ps2", s).positions``.
    points : float
    max_ms : float
    seconds : float
        Time limit for all the checks together; past it, or if ``evaluate``
        raises, the test earns nothing.

    Examples
    --------
    >>> from advsearch.evaluation import connect4_eval
    >>> p = problems("ps2", "alice")
    >>> assess_evaluation(connect4_eval(p.game), p.positions).points
    1.0
    >>> g = assess_evaluation(lambda s, player: 5, p.positions)
    >>> g.points, sorted(k for k, ok in g.details["checks"].items() if not ok)
    (0.6, ['range', 'zero_sum'])
    """
    out_of = _points(points)
    if not callable(evaluate):
        return Grade(0.0, out_of, "No evaluation function was found: define evaluate(state, player).")

    def measure():
        rows = []
        started = time.perf_counter()
        for s in positions:
            rows.append((evaluate(s, MAX), evaluate(s, MIN), evaluate(s, MAX)))
        return rows, (time.perf_counter() - started) / (3 * len(positions)) * 1000

    result, error = _call(measure, seconds=seconds)
    if error is not None:
        return Grade(0.0, out_of, f"On a test position your evaluation {_describe_error(error)}.")
    rows, ms = result

    def number(x):
        return isinstance(x, numbers.Real) and not isinstance(x, bool) and math.isfinite(float(x))

    numeric = all(number(x) for row in rows for x in row)
    checks = {
        "numbers": numeric,
        "range": numeric and all(-1 < vm < 1 for vm, _, _ in rows),
        "zero_sum": numeric and all(math.isclose(vn, -vm, abs_tol=1e-9) for vm, vn, _ in rows),
        "repeatable": numeric and all(vm == again for vm, _, again in rows),
        "fast": ms <= max_ms,
    }
    good = {"numbers": "returns a finite number on every position",
            "range": "stays strictly between -1 and +1",
            "zero_sum": "gives evaluate(s, MIN) == -evaluate(s, MAX)",
            "repeatable": "gives a position the same value every time",
            "fast": f"takes at most {max_ms:g} ms a call ({ms:.3f} ms)"}
    bad = {"numbers": "it does not always return a finite number",
           "range": "it does not stay strictly between -1 and +1, the values of a loss and a win",
           "zero_sum": "evaluate(s, MIN) is not always -evaluate(s, MAX)",
           "repeatable": "it gives the same position different values",
           "fast": f"it takes {ms:.3f} ms a call, more than the {max_ms:g} ms allowed"}
    passed = [k for k, ok in checks.items() if ok]
    failed = [k for k, ok in checks.items() if not ok]
    text = f"On {len(rows)} positions your evaluation passes {len(passed)} of {len(checks)} checks"
    if passed:
        text += ": it " + "; it ".join(good[k] for k in passed)
    text += "."
    if failed:
        text += " But " + "; ".join(bad[k] for k in failed) + "."
        if "range" in failed and numeric:
            worst = max(rows, key=lambda row: abs(row[0]))[0]
            text += f" (For example it gives {worst!r}.)"
    return Grade(_share(out_of, len(passed) / len(checks)), out_of, text, details={"checks": checks, "ms": ms})


def _zero(state, player):
    return 0.0


def _reference_eval(game):
    return _connect4_eval(game)


#: The reference opponents of :func:`assess_tournament`, by name: a description and the default target rate.
OPPONENTS = {
    "random": ("a player that picks a uniformly random legal move", 0.9),
    "search": ("the same search with no knowledge: every cut-off position is worth 0 (centre columns "
               "are still searched first)", 0.55),
    "reference": ("the same search with the package's hand-weighted connect4_eval", 0.5),
}


class _Checked:
    """An evaluation that refuses to return anything but a finite real number."""

    def __init__(self, evaluate):
        self.evaluate = evaluate
        self.calls = 0

    def __call__(self, state, player):
        self.calls += 1
        v = self.evaluate(state, player)
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or not math.isfinite(float(v)):
            raise ValueError(f"evaluate returned {v!r}; it must return a finite number")
        return v


@_isolated
def assess_tournament(evaluate, student, opponent="reference", points=3, *, games: int = 12,
                      max_nodes: int = 1000, target=None, seconds: float = 60.0, max_ms: float = 1.0,
                      game=None) -> Grade:
    """Grade a Connect Four evaluation by a seeded match against a reference agent, under a node budget.

    The student's agent is :func:`~advsearch.iterative_deepening` with the
    student's ``evaluate``, centre columns first, and ``max_nodes`` search
    nodes a move.  It plays ``games`` games against ``opponent`` (see
    :data:`OPPONENTS`; the search opponents have the same budget) with
    :func:`advsearch.arena.match`: pairs of games from random two-ply
    openings, colours swapped.  The openings come from the student's seed,
    so the match is the same every time it is graded.  Node budgets, not
    time, make it deterministic.

    Parameters
    ----------
    evaluate : callable
        ``evaluate(state, player) -> number``, as in :mod:`advsearch.evaluation`.
    student : str
        The student id: it seeds the openings.
    opponent : {"random", "search", "reference"}
    points : float
    games : int
        An even number, so every opening is played with both colours.
    max_nodes : int
        Search nodes a move, for both agents.
    target : float, optional
        The score rate (wins plus half the draws, per game) that earns full
        points; less earns ``points * rate / target``.  The default is the
        opponent's entry in :data:`OPPONENTS`.
    seconds : float
        Time limit for the whole match; a slower match earns nothing.
    max_ms : float
        Before the match, the evaluation is tried on 10 positions; if it
        fails there, or takes more than this many milliseconds a call, no
        match is played and the test earns nothing.
    game : ConnectFour, optional
        The board (7x6 by default).

    Notes
    -----
    About ``games`` × 21 moves × ``max_nodes`` nodes for each side: with the
    defaults some 250,000 evaluations a side, 2 to 10 seconds in CPython.
    The node budget counts search nodes, not the work inside ``evaluate``,
    so the evaluation is first timed on 10 positions and refused if slower
    than ``max_ms`` a call.

    Examples
    --------
    >>> from advsearch.evaluation import connect4_eval
    >>> g = assess_tournament(connect4_eval(), "alice", "reference", games=2, max_nodes=200)
    >>> g.details["rate"], g.points
    (0.5, 3.0)
    """
    out_of = _points(points)
    if opponent not in OPPONENTS:
        raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise ValueError(f"games must be an even int >= 2, not {games!r}")
    describe, default_target = OPPONENTS[opponent]
    target = default_target if target is None else target
    if not isinstance(target, numbers.Real) or not 0 < target <= 1:
        raise ValueError(f"target must be a rate in (0, 1], not {target!r}")
    if not callable(evaluate):
        return Grade(0.0, out_of, "No evaluation function was found: define evaluate(state, player).")
    game = _ConnectFour() if game is None else game

    def searcher(ev, name):
        return _agents.SearchAgent(_iterative_deepening, name, evaluate=ev, max_nodes=max_nodes,
                                  order=game.move_order)

    seed = student_seed(student, "ps2", f"match:{opponent}")
    against = f"against {describe}"
    # A quick look first, so that an evaluation that fails, loops or crawls costs seconds, not the match's limit.
    probe = sample_positions(game, f"{seed}:probe", 10)

    def look():
        started = time.perf_counter()
        for s in probe:
            _Checked(evaluate)(s, MAX)
            _Checked(evaluate)(s, MIN)
        return (time.perf_counter() - started) / (2 * len(probe)) * 1000

    ms, error = _call(look, seconds=2.0)
    if error is not None:
        return Grade(0.0, out_of, f"No match {against} was played: on a test position your evaluation "
                                  f"{_describe_error(error)}.")
    if ms > max_ms:
        return Grade(0.0, out_of, f"No match {against} was played: your evaluation takes {ms:.2f} ms a call, "
                                  f"more than the {max_ms:g} ms allowed.")
    mine = searcher(_Checked(evaluate), "yours")
    other = {"random": lambda: _agents.random(seed=seed),
             "search": lambda: searcher(_zero, "search only"),
             "reference": lambda: searcher(_reference_eval(game), "connect4_eval")}[opponent]()
    started = time.perf_counter()
    result, error = _call(_arena.match, game, mine, other, games=games, openings=2, seed=seed,
                          progress=False, seconds=seconds)
    took = time.perf_counter() - started
    if error is not None:
        why = _describe_error(error)
        if isinstance(error, TimeLimitExceeded):
            why = (f"did not finish the {games} games within {seconds:g} s: the search is allowed "
                   f"{max_nodes} nodes a move, so your evaluation is too slow")
        return Grade(0.0, out_of, f"Your agent, in a match {against}, {why}.")
    rate = result.rate
    earned = out_of if rate >= target else _share(out_of, rate / target)
    text = (f"Match {against}, {games} games from openings seeded by your id, {max_nodes} nodes a move: "
            f"your agent won {result.wins}, drew {result.draws} and lost {result.losses}, a score of "
            f"{rate:.0%}; {target:.0%} earns full points.")
    return Grade(earned, out_of, text, details={"rate": rate, "wins": result.wins, "draws": result.draws,
                                                "losses": result.losses, "seconds": took})


# ------------------------------------------------------- ps3: chance and MCTS


def _backed_up(t: Tree, rule) -> dict:
    """``{path: value for MAX}`` of every node, each inner node combining its children by ``rule``.

    ``rule(node, values)`` returns the node's value from its children's; the
    variants below are the right rules and the ways students get them wrong.
    """
    out = {}
    for node in reversed(list(t.nodes())):
        if node.children:
            out[node.path] = rule(node, [out[c.path] for c in node.children])
        else:
            out[node.path] = node.value
    return out


def _decide(node, kids):
    return max(kids) if node.player == MAX else min(kids)


#: How a student's expectimax may combine a chance node's children: the right rule first.
CHANCE_RULES = {
    "expectation": ("the expectation: each child's value times its probability, summed",
                    lambda node, kids: sum(p * v for p, v in zip(node.probs, kids))),
    "mean": ("the plain average of the children, ignoring the probabilities",
             lambda node, kids: sum(kids) / len(kids)),
    "min": ("the worst child for MAX, as if chance were MIN (that is minimax)", lambda node, kids: min(kids)),
    "max": ("the best child for MAX, as if chance were MAX", lambda node, kids: max(kids)),
}


def _chance_value(t: Tree, rule: str):
    combine = CHANCE_RULES[rule][1]
    return _backed_up(t, lambda node, kids: combine(node, kids) if node.player == CHANCE
                      else _decide(node, kids))[()]


@_isolated
def chance_trees(seed, n: int = 8) -> list:
    """The trees on which a student's expectimax is graded, made from ``seed``.

    MAX or MIN decides at the root with a chance node below every decision
    (as in :func:`~advsearch.random_tree` with ``chance=True``): half the
    trees have one decision ply (the lecture's expectimax, MAX against
    chance), the others two (MAX, chance, MIN, chance), and every third has
    MIN at the root.  On every tree each wrong rule of
    :data:`CHANCE_RULES` gives another root value than the expectation, so a
    value right on a tree is right for the right reason.

    Examples
    --------
    >>> ts = chance_trees(1)
    >>> len(ts), ts == chance_trees(1), ts == chance_trees(2)
    (8, True, False)
    """
    _check_count(n, 1)
    rng = random.Random(f"advsearch.grading.chance_trees:{seed}")
    out = []
    while len(out) < n:
        k = len(out)
        t = _random_tree((2, 3), 1 + k % 2, seed=rng.getrandbits(64), chance=True, low=-9, high=9,
                         root=MIN if k % 3 == 2 else MAX)
        right = _chance_value(t, "expectation")
        if all(not _same(_chance_value(t, r), right) for r in CHANCE_RULES if r != "expectation"):
            out.append(t)
    return out


def _walk(t: Tree) -> list:
    """The visits of a search that expands every node once, children left to right."""
    out = []

    def visit(node):
        if node.children:
            out.append(("expand", node.path))
            for child in node.children:
                visit(child)
        else:
            out.append(("score", node.path))

    visit(t.initial_state)
    return out


@_isolated
def assess_expectimax(fn, trees, points=3, *, seconds: float = 3.0, note: str = "") -> Grade:
    """Grade a student's ``fn(game, state) -> value`` for MAX on trees with chance nodes, tree by tree.

    Each tree is searched through a :class:`RecordingGame`; the function is
    right on a tree when it returns the tree's value (floats within 1e-9 of
    the exact fraction are right).  A wrong value is compared with the value
    under each wrong rule of :data:`CHANCE_RULES`, and the report names the
    rule the function follows.  It also says when the function searches a
    node twice or skips one (a correct expectimax visits each node once),
    which costs nothing but time.

    Parameters
    ----------
    fn : callable
    trees : list of Tree
        The battery, e.g. ``problems("ps3", s).chance_trees``.
    points : float
    seconds : float
        Time limit per tree.
    note : str
        A sentence to put first in the report.

    Returns
    -------
    Grade
        ``points`` times the share of trees right; ``convention`` the key of
        :data:`CHANCE_RULES` that fits every tree, if one does.

    Examples
    --------
    >>> from advsearch import MAX, CHANCE
    >>> def average(game, state):      # forgets the probabilities
    ...     if game.is_terminal(state):
    ...         return game.utility(state, MAX)
    ...     kids = [average(game, game.result(state, a)) for a in game.actions(state)]
    ...     if game.to_move(state) == CHANCE:
    ...         return sum(kids) / len(kids)
    ...     return max(kids) if game.to_move(state) == MAX else min(kids)
    >>> g = assess_expectimax(average, chance_trees(0))
    >>> g.points, g.convention
    (0.0, 'mean')
    """
    out_of = _points(points)
    if fn is None or fn is Ellipsis:
        return Grade(0.0, out_of, note + "No expectimax function was found: define it in the answer cell.")
    if not callable(fn):
        return Grade(0.0, out_of, note + f"The answer is {type(fn).__name__}, not a function (game, state) -> value.")
    trees = [_own_tree(t) for t in trees]
    if not trees:
        raise ValueError("trees must hold at least one tree")
    rows, borrowed = [], False
    for t in trees:
        value, error, seq, library = _run_on(fn, t, seconds)
        borrowed = borrowed or library > 0
        fits = [r for r in CHANCE_RULES if error is None and _same(value, _chance_value(t, r))]
        rows.append({"tree": str(t), "value": value, "error": error, "fits": fits, "once": seq == _walk(t)})
        if isinstance(error, (TimeLimitExceeded, Runaway)):
            break
    if borrowed:
        return Grade(0.0, out_of, note + "Your function calls the package's own search (advsearch.search) instead "
                                         "of searching the tree itself; write expectimax yourself.",
                     details={"rows": rows, "right": 0})
    right = sum("expectation" in r["fits"] for r in rows)
    fits_all = set.intersection(*(set(r["fits"]) for r in rows)) if len(rows) == len(trees) else set()
    convention = next((r for r in CHANCE_RULES if r in fits_all), None)
    lines = [note + f"Your expectimax was run on {len(trees)} trees with chance nodes: its value is right on "
             f"{right} of them."]
    if convention not in (None, "expectation"):
        lines.append(f"On every tree it combines a chance node's children by {CHANCE_RULES[convention][0]}; "
                     f"a chance node's value is {CHANCE_RULES['expectation'][0]}.")
    bad = next((r for r in rows if "expectation" not in r["fits"]), None)
    if bad is not None:
        if bad["error"] is not None:
            lines.append(f"On the tree {bad['tree']} your function {_describe_error(bad['error'])}.")
            if isinstance(bad["error"], (TimeLimitExceeded, Runaway)) and len(rows) < len(trees):
                lines.append("The remaining trees were not tried.")
        else:
            t = _own_tree(bad["tree"])
            lines.append(f"On the tree {t} it returns {bad['value']!r}; the value is "
                         f"{_value_text(_chance_value(t, 'expectation'))}.")
    twice = sum(not r["once"] for r in rows if "expectation" in r["fits"])
    if twice:
        lines.append(f"On {twice} of the trees where the value is right, it does not visit every node exactly "
                     "once, children left to right (a child searched twice costs time, not points).")
    return Grade(_share(out_of, right / len(trees)), out_of, " ".join(lines), convention=convention,
                 details={"rows": rows, "right": right})


def _value_text(x) -> str:
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{x.numerator}/{x.denominator} = {float(x):.6g}"
    return str(x)


# ---- UCB1 by hand


def _uct(wins, visits, parent_visits, c=1.0) -> float:
    return wins / visits + c * math.sqrt(math.log(parent_visits) / visits)


@_isolated
def ucb_question(seed) -> SimpleNamespace:
    """A UCT selection step to work out by hand: the root's children with their wins and visits.

    The lecture's rule: pick the child with the largest
    ``UCTValue = wins / visits + sqrt(ln(parent visits) / visits)``.  The
    question is drawn so that the child UCT picks is neither the one with
    the best win rate nor the most visited, and its lead is at least 0.02.

    Returns
    -------
    types.SimpleNamespace
        ``children`` (``{label: (wins, visits)}``, wins in halves for draws),
        ``parent_visits``, ``values`` (``{label: UCTValue}``), ``choice``
        (the label UCT selects) and ``question`` (the text to show).

    Examples
    --------
    >>> q = ucb_question(1)
    >>> q.parent_visits == sum(v for w, v in q.children.values())
    True
    >>> q.choice == max(q.values, key=q.values.get)
    True
    """
    rng = random.Random(f"advsearch.grading.ucb_question:{seed}")
    while True:
        k = rng.randint(3, 4)
        visits = [rng.randint(2, 20) for _ in range(k)]
        wins = [rng.randint(0, 2 * v) / 2 for v in visits]
        n = sum(visits)
        labels = [chr(ord("B") + i) for i in range(k)]
        values = {lab: _uct(w, v, n) for lab, w, v in zip(labels, wins, visits)}
        order = sorted(values.values(), reverse=True)
        choice = max(values, key=values.get)
        rates = {lab: w / v for lab, w, v in zip(labels, wins, visits)}
        most = max(visits)
        i = labels.index(choice)
        if (order[0] - order[1] >= 0.02 and rates[choice] < max(rates.values()) and visits[i] < most
                and len(set(rates.values())) == k):
            break
    children = {lab: (w, v) for lab, w, v in zip(labels, wins, visits)}
    rows = "\n".join(f"  {lab}: {_f(float(w))} wins in {v} visits" for lab, (w, v) in children.items())
    question = (f"The root A has been visited {n} times; its children have these statistics (a draw counts "
                f"half a win):\n{rows}")
    return SimpleNamespace(children=children, parent_visits=n, values=values, choice=choice, question=question,
                           values_sqrt2={lab: _uct(w, v, n, math.sqrt(2)) for lab, (w, v) in children.items()})


@_isolated
def assess_ucb(q, values_answer, choice_answer, points=2, *, tolerance: float = 0.01, note: str = "") -> Grade:
    """Grade a UCT step worked by hand: the UCTValue of every child (half) and the child selected (half).

    Values within ``tolerance`` of the exact ones are right; each earns its
    share of the first half.  Values that fit UCB1 with c = √2 (another
    common form) earn half of that half, and the report says so.

    Examples
    --------
    >>> q = ucb_question(1)
    >>> assess_ucb(q, {k: round(v, 2) for k, v in q.values.items()}, q.choice).points
    2.0
    >>> assess_ucb(q, q.values_sqrt2, q.choice).points
    1.5
    """
    out_of = _points(points)
    half = out_of / 2
    if not isinstance(values_answer, dict) or not values_answer:
        got, why = 0.0, "values_answer should be a dict from child label to UCTValue, like {'B': 1.23}."
        fits_sqrt2 = False
    else:
        def right(table):
            return sum(1 for lab, v in table.items()
                       if lab in values_answer and isinstance(values_answer[lab], numbers.Real)
                       and not isinstance(values_answer[lab], bool)
                       and abs(float(values_answer[lab]) - v) <= tolerance)

        n_right = right(q.values)
        fits_sqrt2 = n_right < len(q.values) and right(q.values_sqrt2) == len(q.values)
        if fits_sqrt2:
            got = half / 2
            why = ("Your values fit UCB1 with c = √2 (wins/visits + √(2 ln N / n)); the lecture's UCTValue has "
                   "no constant: wins/visits + √(ln N / n).")
        else:
            got = half * n_right / len(q.values)
            wrong = [lab for lab in q.values if lab not in values_answer or right({lab: q.values[lab]}) == 0]
            why = (f"{n_right} of {len(q.values)} UCTValues are right (within {tolerance:g})"
                   + (f"; check {', '.join(wrong)}." if wrong else "."))
    chosen = str(choice_answer).strip() if isinstance(choice_answer, str) else None
    if chosen == q.choice:
        got_choice, said = half, f"UCT selects {q.choice}: right."
    elif chosen in q.children:
        best_rate = max(q.children, key=lambda lab: q.children[lab][0] / q.children[lab][1])
        got_choice = 0.0
        said = f"UCT does not select {chosen}"
        if chosen == best_rate:
            said += " (that child has the best win rate, but the exploration term favours another)"
        said += "."
    else:
        got_choice, said = 0.0, f"choice_answer should be one of the labels {', '.join(q.children)}."
    return Grade(_share(out_of, (got + got_choice) / out_of), out_of, note + why + " " + said,
                 convention="sqrt2" if fits_sqrt2 else None)


# ---- MCTS on trees with win, draw and loss leaves


#: The ways an MCTS may credit a playout's result, which decide the move it converges to: the right one first.
PERSPECTIVES = {
    "mover": "each node's wins counted for the player who moved into it, so every player picks its own best "
             "move (minimax)",
    "root": "every node's wins counted for the player at the root, as if the opponent helped it",
    "max": "every node's wins counted for MAX, whoever moves",
    "to_move": "each node's wins counted for the player to move at the node, so every player picks the move "
               "best for its opponent",
}


def _as_spec(node):
    """A decision tree's node as nested lists of MAX's leaf values."""
    return [_as_spec(c) for c in node.children] if node.children else node.value


def _root_moves(t, perspective: str, root=None) -> set:
    """The root moves an MCTS crediting wins by ``perspective`` converges to (as exact search sees it).

    ``t`` is a Tree, or nested lists of MAX's values with ``root`` the player
    at the root; the players alternate.  Each node is worth, for MAX, the
    max or the min of its children, as the node's chooser sees it.
    """
    if isinstance(t, Tree):
        t, root = _as_spec(t.initial_state), t.initial_state.player
    other = {MAX: MIN, MIN: MAX}
    chooser = {"mover": lambda p: p, "root": lambda p: root, "max": lambda p: MAX,
               "to_move": lambda p: other[p]}[perspective]

    def value(spec, player):
        if not isinstance(spec, list):
            return spec
        kids = [value(c, other[player]) for c in spec]
        return max(kids) if chooser(player) == MAX else min(kids)

    kids = [value(c, other[root]) for c in t]
    best = max(kids) if chooser(root) == MAX else min(kids)
    return {a for a, v in enumerate(kids) if v == best}


def _margin(spec, root) -> bool:
    """The minimax move is unique, and better for the root player than every other by a whole result."""
    other = {MAX: MIN, MIN: MAX}

    def value(spec, player):
        if not isinstance(spec, list):
            return spec
        kids = [value(c, other[player]) for c in spec]
        return max(kids) if player == MAX else min(kids)

    sign = 1 if root == MAX else -1
    kids = sorted((sign * value(c, other[root]) for c in spec), reverse=True)
    return kids[0] - kids[1] >= 1


def _results_spec(rng: random.Random, depth: int, weights, sign: int):
    """Nested lists of ``depth`` plies, 2 or 3 children a node, leaves drawn from -1, 0, +1 by ``weights``.

    ``weights`` are for the root player's loss, draw and win; ``sign`` turns
    them into MAX's utilities (-1 when MIN is at the root).
    """
    if depth == 0:
        return sign * rng.choices((-1, 0, 1), weights)[0]
    return [_results_spec(rng, depth - 1, weights, sign) for _ in range(rng.randint(2, 3))]


@_isolated
def mcts_trees(seed, n: int = 6, *, aspect: str = "convergence") -> list:
    """The trees on which a student's MCTS is graded, made from ``seed``: leaves are wins, draws and losses.

    Leaves hold MAX's utility +1, 0 or -1; trees have 3 or 4 plies and 2 or 3
    children a node.  On every tree the minimax move is unique and better
    than every other move by at least a whole result (a win against a draw,
    a draw against a loss).

    - ``aspect="convergence"``: MAX at the root, one move rich in wins and
      the others without any; crediting every win to MAX leads to the same
      move as minimax, so these trees test that the search converges more
      than its point of view (crediting each node's wins to the player to
      move there still fails: it seeks the worst move).
    - ``aspect="perspective"``: MIN at the root on half of them.  Three
      root moves: a safe draw (the minimax move), a trap (wins for the root
      player that the opponent can avoid) and a sure loss.  Every wrong way
      of crediting wins in :data:`PERSPECTIVES` ends on another move than
      minimax's, and crediting the player to move ends on another move than
      crediting a fixed player (the root player, or MAX), so the move a
      search ends on says which it uses.  Here the good move's subtree holds no win for
      the root player, only draws and losses, and the other moves hold wins
      that the opponent can avoid: traps for a search that forgets whose
      turn it is.

    Examples
    --------
    >>> ts = mcts_trees(1)
    >>> len(ts), ts == mcts_trees(1), {_root_moves(t, "max") == _root_moves(t, "mover") for t in ts}
    (6, True, {True})
    >>> ts = mcts_trees(1, aspect="perspective")
    >>> any(_root_moves(t, p) & _root_moves(t, "mover") for t in ts for p in ("root", "max", "to_move"))
    False
    >>> [t.initial_state.player for t in ts] == [MAX, MIN] * 3
    True
    """
    if aspect not in ("convergence", "perspective"):
        raise ValueError(f"aspect must be 'convergence' or 'perspective', not {aspect!r}")
    _check_count(n, 1)
    rng = random.Random(f"advsearch.grading.mcts_trees:{aspect}:{seed}")
    # (loss, draw, win) weights of the leaves below each root move, for the root player: one good move and
    # poor ones (convergence); or a safe draw, a trap with wins the opponent avoids, and a sure loss.
    roles = [(1, 3, 6), (5, 4, 0), (5, 4, 0)] if aspect == "convergence" else [(1, 5, 0), (4, 1, 4), (6, 1, 0)]
    out = []
    while len(out) < n:
        k = len(out)
        root = MIN if aspect == "perspective" and k % 2 else MAX
        sign = 1 if root == MAX else -1
        depth = 3 + (k // 2) % 2
        weights = roles[:rng.randint(2, 3)] if aspect == "convergence" else list(roles)
        rng.shuffle(weights)
        spec = [_results_spec(rng, depth - 1, w, sign) for w in weights]
        if not _margin(spec, root):
            continue
        moves = {p: _root_moves(spec, p, root) for p in PERSPECTIVES}
        if aspect == "convergence":
            keep = moves["max"] == moves["mover"]
        else:
            # Each wrong way ends on another move than minimax's; the root player's and MAX's point of view
            # may share moves (they are one mistake, made for a different player).
            keep = not any(moves["mover"] & moves[p] for p in ("root", "max", "to_move")) \
                and not moves["root"] & moves["to_move"]
        if keep:
            out.append(_make_tree(spec, root=root))
    return out


def _mcts_rng(t: Tree, iterations: int) -> random.Random:
    return random.Random(f"advsearch.grading.mcts:{t}:{iterations}")


def _run_mcts(fn, t: Tree, iterations: int, seconds):
    """``(stats, error, library_calls)`` of ``fn(game, root, iterations, rng)``, with the global random seeded too.

    The global ``random`` is seeded as well (and restored after), so that a
    search that uses it instead of ``rng`` is graded the same way every time.
    """
    game = RecordingGame(t, limit=iterations * 40 * (t.height + 2) + 1000)
    rng = _mcts_rng(t, iterations)
    saved = random.getstate()
    random.seed(rng.random())
    try:
        stats, error = _call(fn, game, t.initial_state, iterations, rng, seconds=seconds)
    finally:
        random.setstate(saved)
    return stats, error, game.library_calls


def _stats_problem(stats, t: Tree, iterations: int):
    """A sentence saying what is wrong with a returned ``{action: (wins, visits)}``, or None."""
    if not isinstance(stats, dict):
        return f"returned {type(stats).__name__}, not a dict {{action: (wins, visits)}}"
    actions = set(t.initial_state.actions)
    if set(stats) != actions:
        return f"returned the keys {sorted(stats, key=repr)}, not the root's actions {sorted(actions)}"
    total = 0
    for a, pair in stats.items():
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            return f"gives {pair!r} for action {a}, not a pair (wins, visits)"
        wins, visits = pair
        if any(isinstance(x, bool) or not isinstance(x, numbers.Real) or not math.isfinite(x) for x in pair):
            return f"gives {pair!r} for action {a}: wins and visits must be finite numbers"
        if visits != int(visits) or visits < 0 or not 0 <= wins <= visits:
            return f"gives {pair!r} for action {a}: visits must be a whole number and 0 <= wins <= visits"
        total += visits
    if total != iterations:
        return (f"counts {_f(float(total))} visits over the root's children after {iterations} iterations; each "
                "iteration passes through exactly one child of the root, so they add up to the iterations")
    return None


def _robust(stats) -> object:
    """The most visited action (ties to the better win rate, then the first)."""
    return max(stats, key=lambda a: (stats[a][1], stats[a][0] / stats[a][1] if stats[a][1] else 0))


@_isolated
def assess_mcts(fn, trees, points=3, *, aspect: str = "convergence", iterations: int = 1000, small: int = 50,
                seconds: float = 10.0, note: str = "") -> Grade:
    """Grade a student's UCT ``fn(game, state, iterations, rng) -> {action: (wins, visits)}``, tree by tree.

    On each tree the function runs three times through a counting
    :class:`RecordingGame`, with a ``random.Random`` made from the tree
    (and the global ``random`` seeded from it too):

    1. with as many iterations as the root has children: UCT tries every
       unvisited child first, so each child has exactly one visit;
    2. with ``small`` iterations and 3. with ``iterations``: the statistics
       must be well formed (the root's actions as keys, whole visits adding
       up to the iterations, 0 <= wins <= visits).

    The tree counts as right when all three are well formed and the most
    visited child after ``iterations`` is the minimax move.  With
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
    seconds : float
        Time limit for each run; once a run runs out, the rest are not tried.
    note : str

    Examples
    --------
    >>> def first_only(game, state, iterations, rng):       # never explores
    ...     actions = list(game.actions(state))
    ...     return {a: (0, iterations if a == actions[0] else 0) for a in actions}
    >>> g = assess_mcts(first_only, mcts_trees(0))
    >>> g.points
    0.0
    """
    out_of = _points(points)
    if aspect not in ("convergence", "perspective"):
        raise ValueError(f"aspect must be 'convergence' or 'perspective', not {aspect!r}")
    if fn is None or fn is Ellipsis:
        return Grade(0.0, out_of, note + "No mcts function was found: define it in the answer cell.")
    if not callable(fn):
        return Grade(0.0, out_of, note + f"The answer is {type(fn).__name__}, not a function "
                                         "(game, state, iterations, rng) -> {action: (wins, visits)}.")
    trees = [_own_tree(t) for t in trees]
    if not trees:
        raise ValueError("trees must hold at least one tree")
    rows, borrowed, stopped = [], False, None
    for t in trees:
        best = _root_moves(t, "mover")
        row = {"tree": str(t), "best": best, "problem": None, "move": None, "fits": []}
        for budget in (len(t.initial_state.children), small, iterations):
            stats, error, library = _run_mcts(fn, t, budget, seconds)
            borrowed = borrowed or library > 0
            if error is not None:
                row["problem"] = f"with {budget} iterations it {_describe_error(error)}"
                if isinstance(error, (TimeLimitExceeded, Runaway)):
                    stopped = error
                break
            problem = _stats_problem(stats, t, budget)
            if problem is None and budget == len(t.initial_state.children) and any(
                    v != 1 for w, v in stats.values()):
                problem = (f"after {budget} iterations, as many as the root has children, it gives the visits "
                           f"{[stats[a][1] for a in t.initial_state.actions]}: UCT first tries every unvisited "
                           "child once")
            if problem is not None:
                row["problem"] = problem if "iterations" in problem else f"with {budget} iterations it {problem}"
                break
            row[budget] = sum(stats[a][1] for a in best) / budget
            row["move"] = _robust(stats)
        if row["problem"] is None:
            row["fits"] = [p for p in PERSPECTIVES if row["move"] in _root_moves(t, p)]
        rows.append(row)
        if stopped is not None:
            break
    if borrowed:
        return Grade(0.0, out_of, note + "Your function calls the package's own search (advsearch.search) instead "
                                         "of searching the tree itself; write the MCTS yourself.",
                     details={"rows": rows, "right": 0})
    right = sum(r["problem"] is None and r["move"] in r["best"] for r in rows)
    root_min = sum(_own_tree(r["tree"]).initial_state.player == MIN for r in rows)
    lines = [note + f"Your MCTS was run on {len(trees)} trees of wins, draws and losses"
             + (f" ({root_min} with MIN at the root)" if root_min else "")
             + f": after {iterations} iterations its most visited move is the minimax move on {right} of them."]
    done = [r for r in rows if r["problem"] is None]
    if done:
        lo = sum(r[small] for r in done) / len(done)
        hi = sum(r[iterations] for r in done) / len(done)
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
        if stopped is not None and len(rows) < len(trees):
            lines.append("The remaining trees were not tried.")
    elif right < len(trees):
        r = next(r for r in rows if r["move"] not in r["best"])
        lines.append(f"On the tree {r['tree']} it prefers move {r['move']}; the minimax move is "
                     f"{min(r['best'])}.")
    return Grade(_share(out_of, right / len(trees)), out_of, " ".join(lines), convention=convention,
                 details={"rows": rows, "right": right})


# ------------------------------------------------------------ in the notebook


class _Skipped:
    """What :func:`self_check` shows while autograding."""

    ok = None
    text = "Self-check skipped while the notebook is autograded; the grader checks this answer outside the notebook."

    def __repr__(self) -> str:
        return self.text


def self_check(checker, *args, seconds: float = 20.0, **kwargs):
    """Run a checker of :mod:`advsearch.check` on a student's answer, within a time limit.

    While nbgrader autogrades the notebook the check is skipped (the hidden
    tests grade the answer), which keeps grading quick and keeps a student's
    endless loop from costing more than one cell's timeout.

    Returns
    -------
    advsearch.check.Feedback
        The checker's feedback; if the answer runs past ``seconds``, or the
        checker fails, a Feedback that says so.

    Examples
    --------
    >>> from advsearch import check, examples
    >>> self_check(check.values, examples.two_ply(), {"A": 3, "B": 3, "C": 2, "D": 2}).ok
    True
    """
    Feedback = _check.Feedback
    if autograding():
        return _Skipped()
    value, error = _call(checker, *args, seconds=seconds, **kwargs)
    if error is None:
        return value
    if isinstance(error, TimeLimitExceeded):
        return Feedback(False, f"The check was stopped after {seconds:g} s: your code seems to loop forever. "
                               "Check that every loop moves on and every recursion reaches a terminal state.")
    return Feedback(False, f"The check could not run: your answer {_describe_error(error)}.")


def fresh():
    """A freshly loaded copy of this module, with fresh copies of every ``advsearch`` module it uses.

    A notebook that replaced functions of ``advsearch``
    (``advsearch.check.values = ...``) or of this module does not change how
    the copy grades: it imports its own modules, and runs its ``assess_*``
    functions with them in ``sys.modules`` (for the package's lazy imports).
    The modules the notebook sees are left as they were.

    The hidden tests of the assignments write these few lines out rather
    than call this function, which the notebook could have replaced too::

        import importlib, sys
        _kept = {k: sys.modules.pop(k) for k in list(sys.modules) if k.split(".")[0] == "advsearch"}
        try:
            G = importlib.import_module("advsearch.grading")
        finally:
            sys.modules.update(_kept)

    Loading a copy takes about 0.2 s.

    Examples
    --------
    >>> import advsearch.grading as g
    >>> G = fresh()
    >>> G is g, G.student_seed("alice", "ps1") == g.student_seed("alice", "ps1")
    (False, True)
    """
    saved = {k: v for k, v in list(sys.modules.items()) if _ours(k)}
    for k in saved:
        del sys.modules[k]
    try:
        module = importlib.import_module("advsearch.grading")
    finally:
        for k in [k for k in list(sys.modules) if _ours(k)]:
            del sys.modules[k]
        sys.modules.update(saved)
    return module


# ------------------------------------------------------------ course set-up


def _literal(text: str) -> str:
    """``text`` as a glob that matches only itself."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in text)


def _unlike(name: str, start: int = 0) -> list:
    """Globs for the names that end with ``name[start + 1:]`` but not with ``name[start:]``, for each start.

    Together, for start = 0 .. len(name) - 2, they match every name that ends
    with ``name[-1]`` but does not end with ``name``: such a name first differs
    from ``name``, reading from the end, at some letter (``*[!c]rest``), or is
    shorter (``rest``).
    """
    out = []
    for k in range(start, len(name) - 1):
        rest = _literal(name[k + 1:])
        out += ["*[!" + name[k] + "]" + rest, rest]
    return out


def only_notebooks(keep=("timestamp.txt",)) -> list:
    """Globs for nbgrader's ``CourseDirectory.ignore`` that match every file except notebooks and ``keep``.

    With these, ``nbgrader generate_assignment`` copies only notebooks from
    ``source/`` to ``release/`` (an instructor's notes, data or scripts next
    to a notebook stay behind), and only notebooks and ``keep`` move through
    the exchange.  ``timestamp.txt`` is kept because ``nbgrader collect``
    reads the submission time from it.  Hidden files (names starting with
    ".") are all ignored.

    Parameters
    ----------
    keep : sequence of str
        Exact file names to let through; no two may end with the same
        letter, and none with "b".

    Notes
    -----
    Globs cannot say "not", so the list spells "does not end with .ipynb" out
    letter by letter: ``*[!b]`` (the last letter is not b), ``*[!n]b``,
    ``*[!y]nb``, ... and the short names ``b``, ``nb``, ...  A kept name
    takes its last letter out of ``*[!b]`` and adds the same spelling-out for
    "ends with that letter but is not the kept name".

    Examples
    --------
    >>> import fnmatch
    >>> globs = only_notebooks()
    >>> def ignored(name):
    ...     return any(fnmatch.fnmatchcase(name, g) for g in globs)
    >>> [ignored(x) for x in ("ps1.ipynb", "timestamp.txt", "notes.md", "solution.py", ".secret", "a.txt")]
    [False, False, True, True, True, True]
    """
    keep = tuple(keep)
    lasts = [k[-1:] for k in keep]
    if any(not isinstance(k, str) or not k or "/" in k for k in keep) or len(set(lasts)) < len(lasts) \
            or "b" in lasts:
        raise ValueError(f"keep must be file names that end with different letters, none with 'b', not {keep!r}")
    globs = [".*", "*[!" + "b" + "".join(lasts) + "]"]
    globs += _unlike(".ipynb")
    for name in keep:
        globs += _unlike(name) + ["?*" + _literal(name)]
    return globs


#: The advsearch modules this copy of the grader was loaded with (fresh ones when loaded by :func:`fresh`).
_MODULES = {k: v for k, v in list(sys.modules.items()) if _ours(k)}
