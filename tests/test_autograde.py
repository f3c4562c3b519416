"""Tests of trusted autograding: the sandbox, the runner and referee, and the problem sets' trusted tests.

The nbgrader round trip (``make grading-check``) autogrades whole submissions,
dishonest ones included; these tests check the pieces one by one.
"""

import math
import os
import random
import time
from fractions import Fraction

import pytest

import advsearch as ads
from advsearch import grading
from advsearch.autograde import problemsets
from advsearch.sandbox import bubblewrap as sandbox, remote as referee
from advsearch.sandbox.remote import MISSING, NotData, RemoteError, RemoteFunction, Runner
from advsearch.recording import RecordingGame

needs_sandbox = pytest.mark.skipif(sandbox.available() is not None,
                                   reason=f"no sandbox here: {sandbox.available()}")

ALPHABETA = '''
import math
def alphabeta(game, state):
    def value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, MAX)
        v = -math.inf if game.to_move(s) == MAX else math.inf
        for a in game.actions(s):
            w = value(game.result(s, a), alpha, beta)
            if game.to_move(s) == MAX:
                v = max(v, w)
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, w)
                if v <= alpha:
                    return v
                beta = min(beta, v)
        return v
    return value(state, -math.inf, math.inf)

def minimax(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)

def forever(game, state):
    while True:
        pass
'''


@pytest.fixture(scope="module")
def runner():
    if sandbox.available() is not None:
        pytest.skip(f"no sandbox here: {sandbox.available()}")
    with Runner([problemsets.PROBLEM_SETS["ps1"].prelude, ALPHABETA]) as r:
        yield r


@needs_sandbox
def test_answers_arrive_as_data_of_exactly_their_types():
    cells = ['''
from fractions import Fraction
class MyInt(int):
    def __eq__(self, other): return True
    __hash__ = int.__hash__
plain = {"A": 3, "B": 2.5, "C": Fraction(13, 3), "D": True, "E": None, "F": "x", "G": (1, [2, {3}])}
odd = {"A": MyInt(3), "B": float("nan")}
''']
    with Runner(cells) as r:
        assert r.value("plain") == {"A": 3, "B": 2.5, "C": Fraction(13, 3), "D": True, "E": None, "F": "x",
                                    "G": (1, [2, {3}])}
        assert [type(v) for v in r.value("plain").values()][:4] == [int, float, Fraction, bool]
        odd = r.value("odd")
        assert isinstance(odd["A"], NotData) and odd["A"].kind == "MyInt" and odd["A"] != 3
        assert math.isnan(odd["B"])
        assert r.value("nothing_of_that_name") is MISSING


@needs_sandbox
def test_graded_code_runs_without_the_package_and_without_the_course():
    cells = ["import advsearch", "text = open(%r).read()" % os.path.abspath(__file__),
             "import socket\nsocket.create_connection(('127.0.0.1', 22), timeout=1)",
             "import os\nhome = sorted(os.listdir('/'))"]
    with Runner(cells) as r:
        kinds = {i: e["type"] for i, e in r.cell_errors.items() if e}
        assert kinds[0] == "ModuleNotFoundError"
        assert kinds[1] in ("FileNotFoundError", "PermissionError")
        assert kinds[2] in ("ConnectionRefusedError", "OSError", "PermissionError")
        assert "work" not in r.value("home") and "home" not in r.value("home")


@needs_sandbox
@pytest.mark.parametrize("name", ["alphabeta", "minimax"])
def test_a_remote_search_is_graded_exactly_as_the_same_search_run_here(runner, name):
    namespace = {"MAX": 0}
    exec(ALPHABETA, namespace)
    trees = grading.search_trees(grading.student_seed("remote", "ps1"))
    for algorithm in ("alphabeta", "minimax"):
        here = grading.assess_search(namespace[name], algorithm, trees, 4)
        there = grading.assess_search(RemoteFunction(runner, name), algorithm, trees, 4)
        assert (there.points, there.convention) == (here.points, here.convention)
    assert grading.assess_search(RemoteFunction(runner, name), name, trees, 4).points == 4


@needs_sandbox
def test_the_game_is_logged_here_and_the_runner_sees_only_handles(runner):
    t = grading.search_trees(7)[0]
    game = RecordingGame(t)
    assert RemoteFunction(runner, "alphabeta")(game, t.initial_state) == ads.minimax(t).value
    assert game.visits() == grading.reference_visits(t, "alphabeta")


@needs_sandbox
def test_a_function_that_never_returns_is_stopped_and_the_runner_starts_again(runner):
    t = grading.search_trees(3)[0]
    before = runner.starts
    with pytest.raises(referee.RunnerDied, match="still running after 0.5 s") as stopped:
        RemoteFunction(runner, "forever", seconds=0.5)(RecordingGame(t), t.initial_state)
    assert stopped.value.timed_out and "did not finish" in stopped.value.sentence
    assert RemoteFunction(runner, "minimax")(RecordingGame(t), t.initial_state) == ads.minimax(t).value
    assert runner.starts == before + 1


BORROWERS = {   # a search that calls the package's own, for each graded kind of search
    "alphabeta": ("def alphabeta(game, state):\n    return ads.alphabeta(game, state).value",
                  lambda fn: grading.assess_search(fn, "alphabeta", grading.search_trees("b"), 4)),
    "expectimax": ("def expectimax(game, state):\n    return ads.expectiminimax(game, state).value",
                   lambda fn: grading.assess_expectimax(fn, grading.chance_trees("b"), 3)),
    "mcts": ("def mcts(game, state, iterations, rng):\n    return ads.mcts(game, state, iterations=iterations).stats",
             lambda fn: grading.assess_mcts(fn, grading.mcts_trees("b"), 3)),
    "maxn": ("def maxn(game, state):\n    return ads.maxn(game, state).value",
             lambda fn: grading.assess_maxn(fn, grading.maxn_trees("b"), 4)),
}


@needs_sandbox
@pytest.mark.parametrize("name", sorted(BORROWERS))
def test_a_search_that_borrows_the_packages_earns_nothing_for_there_is_no_package(name):
    """Graded code runs where advsearch cannot be imported, so a borrowed search fails as any bug does."""
    source, grade = BORROWERS[name]
    with Runner([problemsets.PROBLEM_SETS["ps3"].prelude, "import advsearch as ads", source]) as r:
        assert r.cell_errors[1]["type"] == "ModuleNotFoundError"
        g = grade(RemoteFunction(r, name))
    assert g.points == 0 and "NameError" in g.text


@needs_sandbox
def test_one_time_limit_the_runners_tightest_holds_and_restarts_are_not_counted():
    """Graders' limits nest on the runner (the tightest names itself); running the cells again after a stop
    does not eat the next request's limit; an operation over a remote function is limited by its runner."""
    from advsearch.course.shared.running import call
    cells = [problemsets.PROBLEM_SETS["ps1"].prelude, "import time\ntime.sleep(1.0)", ALPHABETA]
    t = grading.search_trees(3)[0]
    with Runner(cells) as r:
        forever, minimax = RemoteFunction(r, "forever"), RemoteFunction(r, "minimax")
        with r.limit(5):
            value, error = call(forever, RecordingGame(t), t.initial_state, time_limit=0.4)
        assert isinstance(error, referee.RunnerDied) and "still running after 0.4 s" in str(error)
        starts = r.starts
        value, error = call(minimax, RecordingGame(t), t.initial_state, time_limit=0.5)    # restart: 1 s of cells
        assert error is None and value == ads.minimax(t).value and r.starts == starts + 1

        def many():                                   # the grader's own loop over the remote function
            while True:
                forever(RecordingGame(t), t.initial_state)

        started = time.monotonic()
        value, error = call(many, time_limit=0.6, student=forever)
        assert time.monotonic() - started < 5
        assert isinstance(error, referee.RunnerDied) and error.timed_out and "0.6 s" in str(error)
        assert not r.time_limits                       # every limit is lifted again


def test_one_timeout_exception_for_local_code_in_any_thread():
    """Away from a sandbox the limit is advsearch.timeout's, in any thread (no SIGALRM)."""
    import threading
    from advsearch import timeout
    from advsearch.course.shared.running import call, describe_error
    assert grading.TimeLimitExceeded is timeout.TimeLimitExceeded
    seen = {}

    def work():
        seen["out"] = call(time.sleep, 5, time_limit=0.1)

    worker = threading.Thread(target=work)
    worker.start()
    worker.join(10)
    value, error = seen["out"]
    assert isinstance(error, timeout.TimeLimitExceeded) and "within 0.1 s" in describe_error(error)


@needs_sandbox
def test_the_graders_time_limit_stops_a_remote_function_and_frees_its_runner(runner):
    """The grader's limit (shorter than the remote call's own 60 s) ends the sandboxed call in the grader's
    thread, so the runner is restarted before the next test asks it anything (grading.running says why a
    worker thread, as timeout.call uses, would not do)."""
    trees = grading.search_trees(5)
    before = runner.starts
    g = grading.assess_search(RemoteFunction(runner, "forever"), "minimax", trees, 3, time_limit=0.5)
    assert g.points == 0 and "did not finish" in g.text and "not tried" in g.text
    t = trees[1]
    game = RecordingGame(t)
    assert RemoteFunction(runner, "minimax")(game, t.initial_state) == ads.minimax(t).value
    assert game.visits() == grading.reference_visits(t, "minimax")
    assert runner.starts == before + 1


@needs_sandbox
def test_errors_of_the_student_code_come_back_named():
    with Runner(["def f(game, state):\n    return 1 / 0", "def g(game, state):\n    return game.result(state, 99)"]) as r:
        t = grading.search_trees(1)[0]
        with pytest.raises(RemoteError, match="ZeroDivisionError"):
            RemoteFunction(r, "f")(RecordingGame(t), t.initial_state)
        with pytest.raises(RemoteError, match="GameError"):
            RemoteFunction(r, "g")(RecordingGame(t), t.initial_state)


def test_without_bubblewrap_grading_refuses_unless_told_it_is_unsafe(monkeypatch):
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    sandbox._probe.cache_clear()
    try:
        assert "not installed" in sandbox.available()
        monkeypatch.delenv(sandbox.UNSAFE_ENV, raising=False)
        with pytest.raises(sandbox.SandboxUnavailable, match="bubblewrap"):
            sandbox.command(["python3", "-c", "1"])
        monkeypatch.setenv(sandbox.UNSAFE_ENV, "1")
        with pytest.warns(RuntimeWarning, match="WITHOUT a sandbox"):
            cmd = sandbox.command(["python3", "-c", "1"])
        assert cmd[:2] == ["env", "-i"] and "prlimit" in cmd
    finally:
        sandbox._probe.cache_clear()


@needs_sandbox
def test_the_sandbox_limits_processes_and_memory():
    cells = ['''
import os
made = 0
try:
    for _ in range(200):
        pid = os.fork()
        if pid == 0:
            import time; time.sleep(5); os._exit(0)
        made += 1
except OSError:
    pass
''', "try:\n    big = bytearray(4 << 30)\n    got = True\nexcept MemoryError:\n    got = False"]
    with Runner(cells) as r:
        assert r.value("made") < referee.RUNNER_LIMITS.processes
        assert r.value("got") is False


def test_a_blank_pruned_answer_earns_nothing_under_any_convention():
    # Before, an empty answer matched "no cut on ties" wherever that prunes nothing: about 30% of students.
    for i in range(60):
        t = grading.problems("ps1", f"student{i}").alphabeta.tree
        for blank in ([], (), set()):
            assert grading.assess_pruned(t, blank, 2).points == 0


def test_exact_numbers_only():
    ok = [3, -2, 2.5, Fraction(1, 3)]
    refused = [True, False, float("nan"), float("inf"), "3", None, NotData("MyInt", "3"), [3]]
    assert all(problemsets.exact_number_problem(x) is None for x in ok)
    assert all(problemsets.exact_number_problem(x) for x in refused)


def test_code_is_graded_on_trees_no_student_can_compute():
    a = problemsets.secret_seed(b"course key", "ps1", "alice")
    assert a != problemsets.secret_seed(b"other key", "ps1", "alice")
    assert a != grading.student_seed("alice", "ps1")
    assert random.Random(a).random() != random.Random(grading.student_seed("alice", "ps1")).random()


def test_autograde_refuses_an_assignment_it_has_no_trusted_tests_for(tmp_path):
    import nbformat

    from advsearch.autograde.nbgrader import TrustedGrades

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")])
    resources = {"nbgrader": {"student": "alice", "assignment": "ps9"}}
    with pytest.raises(ValueError, match="no trusted tests for the assignment 'ps9'"):
        TrustedGrades(course_root=str(tmp_path)).preprocess(nb, resources)


def test_the_course_key_is_made_once_and_kept_private(tmp_path):
    from advsearch.autograde.nbgrader import KEY_FILE, course_key

    key = course_key(str(tmp_path))
    assert len(key) == 32 and course_key(str(tmp_path)) == key
    assert os.stat(tmp_path / KEY_FILE).st_mode & 0o077 == 0


@needs_sandbox
def test_folders_under_tmp_can_be_mounted_and_read(tmp_path):
    # A clone under /tmp (as CI may make) must work: the folders above a mount are opened to the
    # sandbox's user, and /tmp itself stays writable by all.
    import subprocess
    import sys

    secret = tmp_path / "deep" / "data.txt"
    secret.parent.mkdir()
    secret.write_text("seen")
    secret.chmod(0o644)
    code = "import os; print(open(%r).read(), oct(os.stat('/tmp').st_mode & 0o7777))" % str(secret)
    cmd = sandbox.command([os.path.realpath(sys.executable), "-I", "-S", "-c", code], readable=[str(secret)])
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["seen", "0o1777"]
