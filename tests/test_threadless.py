"""The student's path where Python has no threads, numpy or matplotlib (Pyodide, in a browser tab): issue 29, item 1.

advsearch.timeout keeps a time limit in a worker thread where one can start, and
cooperatively (at the checkpoints of the running code: the recording game's
calls, a search's leaves) where none can.  These tests force the cooperative way
on CPython, with ``threading.Thread.start`` raising as Pyodide's does, and check
that the student sees the same thing either way: the same feedback, the same
TimeLimitExceeded messages.  tests/student_path.py walks the whole path in a
process that refuses numpy and matplotlib, and its texts are compared with the
same walk here, with threads.

These tests run on CPython (they start threads and subprocesses).  Under
Pyodide itself, run ``tests/student_path.py`` (whose ``walk()`` finds the
cooperative way by itself there) and compare its JSON ``walk`` with CPython's.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import advsearch as ads
from advsearch import agents, check, timeout
from advsearch.arena import AgentTimeLimitExceeded, agent_move
from advsearch.recording import RecordingGame

sys.path.insert(0, str(Path(__file__).parent))
import student_path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def threadless(monkeypatch):
    """No thread can start, and time limits are kept cooperatively (as under Pyodide)."""
    def start(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", start)
    with timeout.forced("cooperative"):
        yield


# ------------------------------------------------------------------ which way, and timeout.call itself

def test_cpython_uses_threads_and_pyodide_would_not(monkeypatch):
    assert timeout.mode() == "threads"
    assert timeout._detect() == "threads"
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert timeout._detect() == "cooperative"
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(threading.Thread, "start", lambda self: (_ for _ in ()).throw(RuntimeError("no threads")))
    assert timeout._detect() == "cooperative"
    with pytest.raises(ValueError, match="way must be one of 'threads', 'cooperative', not 'fibres'"):
        with timeout.forced("fibres"):
            pass


def test_forced_nests_and_ends():
    with timeout.forced("cooperative"):
        assert timeout.mode() == "cooperative"
        with timeout.forced("threads"):
            assert timeout.mode() == "threads"
        assert timeout.mode() == "cooperative"
    assert timeout.mode() == "threads"


def ask_for_ever(game):
    while True:
        game.to_move(game.initial_state)
        time.sleep(0.002)


@pytest.mark.parametrize("way", timeout.MODES)
def test_the_same_error_either_way(way):
    game = RecordingGame(ads.examples.two_ply())
    with timeout.forced(way):
        started = time.perf_counter()
        with pytest.raises(timeout.TimeLimitExceeded) as caught:
            timeout.call(ask_for_ever, game, seconds=0.1, what="your loop")
        assert time.perf_counter() - started < 1.0
        assert str(caught.value) == "your loop did not finish within 0.1 s"
        assert (caught.value.what, caught.value.seconds) == ("your loop", 0.1)
        assert timeout.call(sum, [1, 2], seconds=1) == 3
        with pytest.raises(ZeroDivisionError):
            timeout.call(lambda: 1 / 0, seconds=1)
        with pytest.raises(timeout.TimeLimitExceeded, match="a nap did not finish within 0.05 s"):
            timeout.call(time.sleep, 0.2, seconds=0.05, what="a nap")      # cooperatively: stopped once back


def test_cooperative_limits_nest_and_the_first_to_run_out_reports(threadless):
    game = RecordingGame(ads.examples.two_ply())
    with pytest.raises(timeout.TimeLimitExceeded, match="^inner did not finish within 0.05 s$"):
        timeout.call(lambda: timeout.call(ask_for_ever, game, seconds=0.05, what="inner"), seconds=5, what="outer")
    with pytest.raises(timeout.TimeLimitExceeded, match="^outer did not finish within 0.05 s$"):
        timeout.call(lambda: timeout.call(ask_for_ever, game, seconds=5, what="inner"), seconds=0.05, what="outer")
    assert timeout.watched(abs) is abs           # no limit left running
    timeout.checkpoint()


def test_an_except_exception_does_not_keep_code_alive(threadless):
    game = RecordingGame(ads.examples.two_ply())

    def stubborn():
        while True:
            try:
                ask_for_ever(game)
            except Exception:
                pass

    with pytest.raises(timeout.TimeLimitExceeded):
        timeout.call(stubborn, seconds=0.05, what="stubborn")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(limit=st.floats(0.02, 0.12), nap=st.floats(0.0, 0.004))
def test_a_loop_asking_the_game_stops_soon_after_its_limit(threadless, limit, nap):
    game = RecordingGame(ads.examples.two_ply())

    def loop():
        while True:
            game.actions(game.initial_state)
            time.sleep(nap)

    started = time.perf_counter()
    with pytest.raises(timeout.TimeLimitExceeded) as caught:
        timeout.call(loop, seconds=limit, what="the loop")
    took = time.perf_counter() - started
    assert limit <= took < limit + 0.1
    assert str(caught.value) == f"the loop did not finish within {limit:g} s"


def test_a_package_search_stops_at_its_leaves(monkeypatch):
    """An agent's move under time_per_move: alpha-beta's leaves are checkpoints, so the same AgentTimeLimitExceeded."""
    def slow_eval(state, player):
        time.sleep(0.002)
        return 0

    agent = agents.SearchAgent(ads.alphabeta, "slow", depth=6, evaluate=slow_eval)
    game = ads.ConnectFour()
    with pytest.raises(AgentTimeLimitExceeded) as threaded:
        agent_move(agent, game, game.initial_state, time_per_move=0.2)
    monkeypatch.setattr(threading.Thread, "start", lambda self: (_ for _ in ()).throw(RuntimeError("no threads")))
    started = time.perf_counter()
    with timeout.forced("cooperative"), pytest.raises(AgentTimeLimitExceeded) as cooperative:
        agent_move(agent, game, game.initial_state, time_per_move=0.2)
    assert time.perf_counter() - started < 1.0
    assert str(cooperative.value) == str(threaded.value)
    assert str(cooperative.value).startswith("slow (player 0, MAX) did not choose a move within 0.2 s")


@pytest.mark.parametrize("search", [lambda g: ads.mcts(g, iterations=10**9, seed=0),
                                    lambda g: ads.flat_monte_carlo(g, playouts_per_move=10**9, seed=0),
                                    lambda g: ads.minimax(g)], ids=["mcts", "flat", "minimax"])
def test_every_kind_of_search_checks_the_clock(threadless, search):
    game = ads.TicTacToe()
    started = time.perf_counter()
    with pytest.raises(timeout.TimeLimitExceeded):
        timeout.call(search, game, seconds=0.1, what="the search")
    assert time.perf_counter() - started < 1.0


# ------------------------------------------------------------------ the checkers, either way

def feedback_both_ways(monkeypatch, *args, **kwargs) -> tuple:
    threaded = check.implementation(*args, **kwargs)
    monkeypatch.setattr(threading.Thread, "start", lambda self: (_ for _ in ()).throw(RuntimeError("no threads")))
    with timeout.forced("cooperative"):
        cooperative = check.implementation(*args, **kwargs)
    monkeypatch.undo()
    return threaded, cooperative


@pytest.mark.parametrize("fn, algorithm, options", [
    (student_path.minimax_right, "minimax", {}),
    (student_path.both_maximise, "minimax", {}),
    (student_path.asks_for_ever, "minimax", {"time_per_tree": 0.2}),
    (student_path.spins, "minimax", {"time_per_tree": 0.2}),
    (student_path.calls_too_often, "alphabeta", {}),
    (student_path.expectimax_right, "expectiminimax", {}),
    (student_path.maxn_right, "maxn", {}),
], ids=["right", "wrong", "endless", "spinning", "node limit", "expectiminimax", "maxn"])
def test_check_implementation_says_the_same_either_way(monkeypatch, fn, algorithm, options):
    threaded, cooperative = feedback_both_ways(monkeypatch, fn, algorithm, **options)
    assert (cooperative.ok, cooperative.mistake, cooperative.text) == (threaded.ok, threaded.mistake, threaded.text)
    if fn in (student_path.asks_for_ever, student_path.spins):
        assert "your function did not return within 0.2 s and was stopped" in cooperative.text
    if fn is student_path.calls_too_often:
        assert "calls to the game without returning" in cooperative.text


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), depth=st.integers(1, 3))
def test_random_trees_get_the_same_feedback_either_way(monkeypatch, seed, depth):
    t = ads.random_tree(2, depth, seed=seed)
    threaded, cooperative = feedback_both_ways(monkeypatch, student_path.both_maximise, "minimax", trees=[t])
    assert cooperative.text == threaded.text


# ------------------------------------------------------------------ the whole path, in a Pyodide-like process

def walk_threadless() -> dict:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "student_path.py"), "--threadless"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def test_the_student_path_without_threads_numpy_or_matplotlib_says_what_it_says_with_them():
    away = walk_threadless()
    assert away["mode"] == "cooperative"
    assert away["refused"] == [] and away["loaded"] == [], "the student's path asked for numpy or matplotlib"
    here = student_path.walk()
    assert sorted(away["walk"]) == sorted(here)
    different = [k for k in here if away["walk"][k] != here[k]]
    assert different == [], {k: (here[k][:300], away["walk"][k][:300]) for k in different}
    said = away["walk"]
    assert said["implementation right"].startswith("Correct: on all 38 test trees")
    assert "did not return within 0.3 s and was stopped" in said["implementation endless"]
    assert "made more than 2300 calls to the game without returning" in said["implementation node limit"]
    assert all(said[f"practice {k} key checked"] == "True"
               for k in ("minimax", "alphabeta", "expectiminimax", "star1", "maxn", "shallow", "uct"))
    assert said["feedback html has svg"] == "True"
    assert said["picture"].startswith("alphabeta search, after step 13. The tree in text form: A[B[b1=3")


def test_importing_the_student_faces_asks_for_neither_numpy_nor_matplotlib():
    code = ("import sys\nsys.path.insert(0, 'tests')\nimport student_path\nstudent_path.threadless()\n"
            "import advsearch, advsearch.check, advsearch.practice, advsearch.drawing\n"
            "from advsearch.evaluation import connect4_eval\n"
            "print(sorted(set(student_path.Refuse.asked)), advsearch.timeout.mode() if 'advsearch.timeout' in "
            "sys.modules else 'not loaded')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split()[0] == "[]", done.stdout
