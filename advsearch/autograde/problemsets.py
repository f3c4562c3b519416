"""What each test cell of each problem set grades, run from the trusted side.

A problem set is a :class:`ProblemSet`: the code the graded cells may rely on
(``prelude``, run in the sandbox in place of the notebook's locked set-up
cells), whether the sandbox may import ``advsearch``, and one grading
function per test cell's ``grade_id``.  A grading function gets a
:class:`Submission` (the sandboxed runner with the student's cells, and the
student's problems) and the test's points, and returns a
:class:`advsearch.grading.Grade`.

The trees that code is graded on come from a **secret** seed
(:func:`secret_seed`): the course's key (a file next to the gradebook,
never in the sandbox) mixed with the student id.  The trees a student
answers by hand come from the public :func:`advsearch.grading.student_seed`,
since the notebook must show them.

Examples
--------
>>> sorted(PROBLEM_SETS)
['ps1', 'ps2', 'ps3', 'ps4']
>>> sorted(PROBLEM_SETS["ps1"].tests)
['q1_test', 'q2_test', 'q3_test', 'q4_test']
>>> secret_seed(b"key", "ps1", "alice") == secret_seed(b"key", "ps1", "alice") != secret_seed(b"key", "ps1", "bob")
True
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Callable

from .. import grading
from ..course.limits.originality import Recorder
from ..course.shared.grades import share
from ..answers import number_problem
from ..sandbox.remote import MISSING, NotData, RemoteFunction, Runner

__all__ = ["ProblemSet", "Submission", "PROBLEM_SETS", "secret_seed", "exact_number_problem"]


def secret_seed(key: bytes, assignment: str, student: str) -> int:
    """The seed of the trees a student's code is graded on: HMAC-SHA256 of the course key, 64 bits."""
    digest = hmac.new(key, f"advsearch/{assignment}/graded/{student}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass
class Submission:
    """One submission being graded: who, the sandboxed runner, and their problems.

    ``problems`` are the by-hand exercises the notebook showed
    (:func:`advsearch.grading.problems`); ``seed`` is the secret seed of the
    trees the code is graded on; ``note`` is the sentence about a notebook
    that declares another student id; ``memo`` keeps what several tests of
    the submission share (ps2's originality verdict and its match against the
    search with no knowledge), so that it is worked out once.
    """

    student: str
    assignment: str
    runner: Runner
    problems: object
    seed: int
    note: str = ""
    memo: dict = field(default_factory=dict)

    def remembered(self, key, work):
        """``work()``, worked out once per submission and ``key``."""
        if key not in self.memo:
            self.memo[key] = work()
        return self.memo[key]

    def answer(self, name: str):
        """The value of ``name`` in the student's cells, as data (or :data:`MISSING`)."""
        return self.runner.value(name)

    def function(self, name: str, **kw):
        """The student's function ``name``, run in the sandbox: a :class:`RemoteFunction`, or None."""
        value = self.runner.value(name)
        if not (isinstance(value, NotData) and value.callable):
            return None
        return RemoteFunction(self.runner, name, **kw)


def exact_number_problem(x) -> str | None:
    """Why ``x`` is not an exact number the grader accepts, or None: :func:`advsearch.answers.number_problem`,
    and a value the runner could not send as data (a :class:`~advsearch.sandbox.remote.NotData`).

    Examples
    --------
    >>> from fractions import Fraction
    >>> exact_number_problem(Fraction(13, 3)) is None, exact_number_problem(True)
    (True, 'True is a bool, not a number')
    >>> exact_number_problem(NotData("function", "<function f>"))
    '<function f> is a function, not a plain int, float or Fraction'
    """
    if isinstance(x, NotData):
        return f"{x.text or x.kind} is a {x.kind}, not a plain int, float or Fraction"
    return number_problem(x)


def _missing(name: str, sub: Submission, points: float, example: str) -> grading.Grade:
    where = _cell_trouble(sub)
    return grading.Grade(0.0, float(points), sub.note + f"No {name} was found: define {example}." + where)


def _cell_trouble(sub: Submission) -> str:
    errors = [e for e in sub.runner.cell_errors.values() if e]
    if not errors:
        return ""
    e = errors[0]
    package = sub.runner.package
    sees = ("the standard library only, without the advsearch package" if not package else
            "the standard library and, of advsearch, only " + ", ".join(f"advsearch.{m}" for m in package)
            if isinstance(package, tuple) else "the standard library and the advsearch package")
    return (f" (When your cells were run for grading, {e.get('where') or 'a cell'} raised "
            f"{e.get('type')}: {e.get('message')}; graded code runs with {sees}.)")


def _data_answer(sub: Submission, name: str, points: float, example: str, kind: type):
    """The answer ``name`` if it is plain data of type ``kind``; else a Grade of 0 that says why."""
    value = sub.answer(name)
    if value is MISSING:
        return None, _missing(name, sub, points, example)
    if isinstance(value, NotData):
        return None, grading.Grade(0.0, float(points), sub.note + (
            f"{name} is a {value.kind}, which the grader cannot read as plain data: make it a plain "
            f"{kind.__name__}, like {example}."))
    return value, None


def _exact_only(answer):
    """``(answer, why)``: a dict answer keeps only its exact numbers, and ``why`` says what was refused."""
    if not isinstance(answer, dict):
        return answer, ""
    bad = [(k, exact_number_problem(v)) for k, v in answer.items() if exact_number_problem(v)]
    if not bad:
        return answer, ""
    k, why = bad[0]
    more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
    return ({k: v for k, v in answer.items() if exact_number_problem(v) is None},
            f"The value for {k!r} is refused{more}: {why}. Write numbers as int, float or Fraction "
            "(Fraction(13, 3)); such values earn nothing. ")


def _exact_vectors(answer):
    """:func:`_exact_only` for dicts of payoff vectors: each entry of a tuple or list must be an exact number."""
    if not isinstance(answer, dict):
        return answer, ""
    bad = []
    for k, v in answer.items():
        items = v if isinstance(v, (tuple, list)) else (v,)
        why = next((exact_number_problem(x) for x in items if exact_number_problem(x)), None)
        if why:
            bad.append((k, why))
    if not bad:
        return answer, ""
    k, why = bad[0]
    more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
    refused = {b for b, _ in bad}
    return ({k: v for k, v in answer.items() if k not in refused},
            f"The value for {k!r} is refused{more}: {why}. Write payoffs as int, float or Fraction; such values "
            "earn nothing. ")


def _maxn_values_test(sub: Submission, points: float) -> grading.Grade:
    values, refused = _data_answer(sub, "maxn_values", points, 'maxn_values = {"A": (3, 1, 2), ...}', dict)
    if refused:
        return refused
    values, why = _exact_vectors(values)
    return grading.assess_maxn_values(sub.problems.multiplayer, values, _label(sub, "maxn_move"), points,
                                      note=sub.note + why)


def _label(sub: Submission, name: str):
    """The answer ``name`` if it is a str, else None (the assessor says what was expected)."""
    value = sub.answer(name)
    return value if isinstance(value, str) else None


def _paranoid_test(sub: Submission, points: float) -> grading.Grade:
    values, refused = _data_answer(sub, "paranoid_values", points, 'paranoid_values = {"A": 3, ...}', dict)
    if refused:
        return refused
    values, why = _exact_only(values)
    return grading.assess_paranoid(sub.problems.multiplayer, values, _label(sub, "paranoid_move"),
                                   _label(sub, "spite_node"), points, note=sub.note + why)


def _maxn_code_test(sub: Submission, points: float) -> grading.Grade:
    fn = sub.function("maxn", seconds=60.0)
    if fn is None:
        return _missing("function maxn", sub, points, "def maxn(game, state): ...")
    return grading.assess_maxn(fn, grading.maxn_trees(sub.seed), points, note=sub.note)


def _values_test(tree_of):
    def test(sub: Submission, points: float) -> grading.Grade:
        answer, refused = _data_answer(sub, "values_answer", points, 'values_answer = {"A": 3, ...}', dict)
        if refused:
            return refused
        answer, why = _exact_only(answer)
        return grading.assess_values(tree_of(sub.problems), answer, points, note=sub.note + why)
    return test


def _pruned_test(sub: Submission, points: float) -> grading.Grade:
    answer, refused = _data_answer(sub, "pruned_answer", points, 'pruned_answer = ["c3", "h2"]', list)
    if refused:
        return refused
    return grading.assess_pruned(sub.problems.alphabeta.tree, answer, points, note=sub.note)


def _search_test(name: str, algorithm: str):
    def test(sub: Submission, points: float) -> grading.Grade:
        fn = sub.function(name, seconds=60.0)
        if fn is None:
            return _missing(f"function {name}", sub, points, f"def {name}(game, state): ...")
        return grading.assess_search(fn, algorithm, grading.search_trees(sub.seed), points, note=sub.note)
    return test


def _expectimax_test(sub: Submission, points: float) -> grading.Grade:
    fn = sub.function("expectimax", seconds=60.0)
    if fn is None:
        return _missing("function expectimax", sub, points, "def expectimax(game, state): ...")
    return grading.assess_expectimax(fn, grading.chance_trees(sub.seed), points, note=sub.note)


def _ucb_test(sub: Submission, points: float) -> grading.Grade:
    values, refused = _data_answer(sub, "uct_values", points, 'uct_values = {"B": 1.23, ...}', dict)
    if refused:
        return refused
    choice, refused = _data_answer(sub, "uct_choice", points, 'uct_choice = "C"', str)
    if refused:
        return refused
    values, why = _exact_only(values)
    return grading.assess_ucb(sub.problems.ucb, values, choice, points, note=sub.note + why)


def _mcts_test(aspect: str):
    def test(sub: Submission, points: float) -> grading.Grade:
        fn = sub.function("mcts", seconds=60.0)
        if fn is None:
            return _missing("function mcts", sub, points, "def mcts(game, state, iterations, rng): ...")
        trees = grading.mcts_trees(sub.seed, aspect=aspect)
        return grading.assess_mcts(fn, trees, points, aspect=aspect, note=sub.note)
    return test


def _evaluation(sub: Submission):
    return sub.function("evaluate", seconds=120.0, states="value")


def _not_own(fn, sub: Submission, points: float):
    """A Grade of 0 when the evaluation is not the student's own (:func:`advsearch.grading.unoriginal`), else None."""
    refused = sub.remembered("originality", lambda: grading.assess_originality(
        fn, sub.problems.game, f"{sub.student}:{sub.seed}", 1))
    return None if refused is None else grading.Grade(0.0, float(points), refused.text, details=refused.details)


#: Seconds for one graded match: each call of a sandboxed evaluation costs about 0.35 ms on the pipe, and a
#: match makes up to about 75,000 calls; an evaluation the probe accepts (2 ms a call) fits in this.
MATCH_SECONDS = 180.0


def _match(fn, sub: Submission, opponent: str, points: float) -> grading.Grade:
    """The match against ``opponent``, played once per submission, with ``points``.

    The values the evaluation gave in the match itself must be its own too:
    an evaluation can count its calls, and answer the identity check one way
    and play with the package's.
    """
    def play():
        played = Recorder(fn)
        g = grading.assess_tournament(played, f"{sub.student}:{sub.seed}", opponent, 1, max_ms=2.0,
                                      time_limit=MATCH_SECONDS)
        why = grading.unoriginal_values(played.values, sub.problems.game, played.positions) \
            if len(played.positions) >= 30 else None
        if why is None:
            return g
        return grading.Grade(0.0, 1.0, f"Your evaluation earns nothing here: on {len(played.positions)} positions "
                                       f"of the match {why}.", details=dict(g.details, unoriginal=why))

    g = sub.remembered(("match", opponent), play)
    return grading.Grade(share(float(points), g.points), float(points), g.text, details=g.details)


def _whose_move(fn, sub: Submission, points: float) -> grading.Grade:
    """Whether the evaluation sees whose move it is (:mod:`advsearch.course.limits.whose_move`), worked out once."""
    def judge():
        pairs = grading.whose_move_pairs(sub.problems.game, f"{sub.seed}:graded")
        return grading.assess_whose_move(fn, sub.problems.game, pairs, 1, seed=f"{sub.seed}:order")
    g = sub.remembered("whose_move", judge)
    return grading.Grade(share(float(points), g.points), float(points), g.text, details=g.details)


def _with_knowledge(fn, sub: Submission, points: float, grade_of: Callable[[], grading.Grade]) -> grading.Grade:
    """``grade_of()`` paid in the share the evaluation earns for seeing whose move it is.

    Any weights of the four shipped features behave, beat a random player,
    and play well against the search with no knowledge and against
    ``connect4_eval``: those points measure the student's work only as far
    as the evaluation sees what the features cannot.  Where it earns
    nothing for that, ``grade_of`` is not worked out (no match is played).
    """
    sees = _whose_move(fn, sub, 1)
    paid_in = (f"These points are paid in the share your evaluation earns for seeing whose move it is "
               f"({sees.points:.0%}, the test whose_move): any weights of the four features earn them without it.")
    if sees.points == 0:
        return grading.Grade(0.0, float(points), paid_in + " So this test was not run.", details=sees.details)
    grade = grade_of()
    if sees.points >= 1 or grade.points == 0:
        return grade
    earned = share(grade.out_of, grade.points / grade.out_of * sees.points)
    return grading.Grade(earned, grade.out_of, grade.text + " " + paid_in, details=grade.details)


def _evaluation_test(grade: Callable) -> Callable:
    """A test of ps2: the student's own ``evaluate`` (:func:`_not_own`), graded by ``grade(fn, sub, points)``."""
    def test(sub: Submission, points: float) -> grading.Grade:
        fn = _evaluation(sub)
        if fn is None:
            return _missing("function evaluate", sub, points, "evaluate(state, player)")
        refused = _not_own(fn, sub, points)
        return refused if refused is not None else grade(fn, sub, points)
    return test


def _manners(fn, sub: Submission, points: float) -> grading.Grade:
    positions = grading.sample_positions(sub.problems.game, f"{sub.seed}:positions", 40)
    return _with_knowledge(fn, sub, points, lambda: grading.assess_evaluation(fn, positions, points, max_ms=2.0))


def _against(opponent: str) -> Callable:
    return lambda fn, sub, points: _with_knowledge(fn, sub, points, lambda: _match(fn, sub, opponent, points))


@dataclass(frozen=True)
class ProblemSet:
    """How the trusted grader grades one assignment.

    Attributes
    ----------
    prelude : str
        Run in the sandbox before the student's cells, in place of the
        notebook's locked cells (which use the package): the names the
        answer cells may rely on.
    package : bool or tuple of str
        Whether graded code may import ``advsearch``, or which of its
        modules (:mod:`advsearch.sandbox.view`).
    tests : dict
        ``grade_id -> test(submission, points) -> Grade``.
    """

    prelude: str
    package: bool | tuple
    tests: dict[str, Callable]


#: The modules of advsearch ps2's graded code sees (:mod:`advsearch.sandbox.view`, which adds what they import): the
#: game, Connect Four and the evaluation module, not the package's searches.
PS2_MODULES = ("game", "games.connect4", "evaluation")

_STANDARD = ("import math\nimport random\nfrom fractions import Fraction\n"
             "MAX, MIN, CHANCE = 0, 1, -1\n")

PROBLEM_SETS = {
    "ps1": ProblemSet(_STANDARD, False, {
        "q1_test": _values_test(lambda p: p.minimax.tree),
        "q2_test": _pruned_test,
        "q3_test": _search_test("minimax", "minimax"),
        "q4_test": _search_test("alphabeta", "alphabeta"),
    }),
    "ps2": ProblemSet(
        "import advsearch as ads\nfrom advsearch import MAX, MIN\n"
        "from advsearch.evaluation import Linear, connect4_features\ngame = ads.ConnectFour()\n", PS2_MODULES, {
            "test_manners": _evaluation_test(_manners),
            "test_whose_move": _evaluation_test(_whose_move),
            "test_random": _evaluation_test(_against("random")),
            "test_search": _evaluation_test(_against("search")),
            "test_reference": _evaluation_test(_against("reference")),
        }),
    "ps3": ProblemSet(_STANDARD, False, {
        "q1_test": _values_test(lambda p: p.expectimax),
        "q2_test": _ucb_test,
        "q3_test": _expectimax_test,
        "q4_test": _mcts_test("convergence"),
        "q5_test": _mcts_test("perspective"),
    }),
    "ps4": ProblemSet(_STANDARD, False, {
        "q1_test": _maxn_values_test,
        "q2_test": _paranoid_test,
        "q3_test": _maxn_code_test,
    }),
}
