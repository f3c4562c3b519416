"""Review of issue 31's agent checks: student code that tried to fool, hang or crash them, each now told in words.

check.agent_tryout, check.evaluation (through check.agent_file's "evaluate" step) and contest.tryout run a
student's file; before these fixes a wrong function could be told it was right, a check could hang or raise.
"""

from __future__ import annotations

import importlib
import threading

import pytest

from advsearch.evaluation import connect4_eval

from advsearch.course.agent import tryouts
from advsearch.course.agent.steps import agent_file
from advsearch.course.agent.tryouts import agent_tryout
from advsearch.course.limits import evaluation_match
from advsearch.sandbox import bubblewrap

contest_tryout = importlib.import_module("advsearch.contest.tryout")


def write(tmp_path, source, name="my_agent.py"):
    path = tmp_path / name
    path.write_text(source)
    return path


LIAR = '''
class Liar(int):
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __hash__(self): return 0
def minimax(game, state):
    return Liar(0)
class Three:
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __hash__(self): return hash(3)
def mcts(game, state, iterations, rng):
    return {Three(): (0, 300), 0: (0, 1)}
'''


def test_a_value_that_equals_everything_is_no_minimax(tmp_path):
    fb = agent_tryout("minimax", path=write(tmp_path, LIAR))
    assert not fb.ok and "not a number" in fb.text and "Liar" in fb.text


def test_an_action_that_equals_everything_is_no_column(tmp_path):
    fb = agent_tryout("uct", path=write(tmp_path, LIAR))
    assert not fb.ok and "Three" in fb.text


def test_the_package_search_is_refused_in_a_tryout_as_in_the_step_check(tmp_path):
    path = write(tmp_path, "import advsearch as ads\ndef alphabeta(game, state):\n"
                           "    return ads.alphabeta(game, state).value\n")
    assert not agent_tryout("alphabeta", path=path).ok
    assert not agent_file("alphabeta", path=path).ok
    assert "SearchForbidden" in agent_tryout("alphabeta", path=path).text


EXITS = '''
import sys
def minimax(game, state):
    sys.exit(3)
def mcts(game, state, iterations, rng):
    raise SystemExit("bye")
def evaluate(state, player):
    return 0.0
def deepening(game, state, depth, evaluate):
    raise SystemExit
def agent(game, state, budget=None):
    raise SystemExit
'''


@pytest.mark.parametrize("task", ["minimax", "uct", "agent"])
def test_sys_exit_in_the_students_code_is_told_not_raised(tmp_path, task):
    fb = agent_tryout(task, path=write(tmp_path, EXITS))
    assert not fb.ok and "SystemExit" in fb.text


def test_a_deepening_that_never_returns_is_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(tryouts, "SEARCH_SECONDS", 0.3)
    path = write(tmp_path, "def evaluate(state, player):\n    return 0.0\n"
                           "def deepening(game, state, depth, evaluate):\n    while True:\n        pass\n"
                           "def agent(game, state, budget=None):\n    return game.actions(state)[0]\n")
    fb = agent_tryout("agent", path=path)
    assert not fb.ok and "did not return within 0.3 s" in fb.text


def late(after, then):
    """An evaluation sound on the test positions (the package's, scaled down) that does ``then()`` from its call
    number ``after`` on (the checks before the games make 190 calls)."""
    calls = [0]
    sound = connect4_eval()

    def evaluate(state, player):
        calls[0] += 1
        if calls[0] > after:
            return then()
        return 0.5 * sound(state, player)
    return evaluate


def test_an_evaluation_that_breaks_during_the_match_is_told_not_raised():
    fb = evaluation_match.evaluation(late(300, lambda: float("nan")), games=2, max_nodes=50)
    assert not fb.ok and "stopped" in fb.text and "your agent" in fb.text and "nan" in fb.text


def test_an_evaluation_that_stalls_during_the_match_is_stopped(monkeypatch):
    monkeypatch.setattr(evaluation_match, "match_seconds", lambda games, max_nodes, max_ms: 0.5)

    def spin():
        while True:
            pass
    fb = evaluation_match.evaluation(late(300, spin), games=2, max_nodes=50)
    assert not fb.ok and "did not finish within 0.5 s" in fb.text


class Mute(Exception):
    """A student's exception whose message cannot even be asked for."""

    def __str__(self):
        raise RuntimeError("no")


def test_an_exception_that_cannot_be_printed_is_still_told():
    def evaluate(state, player):
        raise Mute()
    fb = evaluation_match.evaluation(evaluate, games=2)
    assert not fb.ok and "Mute" in fb.text


def test_a_float_that_hides_its_size_is_out_of_range():
    class Small(float):
        def __abs__(self):
            return 0.0

    sound = connect4_eval()
    fb = evaluation_match.evaluation(lambda s, p: Small((5.0 + sound(s, 0)) * (1 if p == 0 else -1)), games=2, max_nodes=50,
                                     opponents=["random"])
    assert not fb.ok and fb.mistake == "eval_out_of_range"


needs_sandbox = pytest.mark.skipif(bubblewrap.available() is not None, reason="the contest's sandbox cannot run here")


@needs_sandbox
def test_a_file_named_as_the_opponent_is_refused_not_credited_with_its_wins(tmp_path):
    """Before: random.py that always played an illegal move was told 'won 2 of 2 games against random'."""
    fb = contest_tryout.tryout(write(tmp_path, "def agent(game, state):\n    return 99\n", "random.py"))
    assert not fb.ok and "reference agent random" in fb.text


@needs_sandbox
def test_the_tryout_refuses_a_name_the_contest_would_leave_out(tmp_path):
    """Review 42: the contest leaves out 'Random.py' beside the random baseline; the tryout took it."""
    fb = contest_tryout.tryout(write(tmp_path, "def agent(game, state):\n    return 0\n", "Random.py"))
    assert not fb.ok and "reference agent random" in fb.text


@needs_sandbox
@pytest.mark.parametrize("name", [".hidden.py", "my_agent.txt"])
def test_a_file_that_is_no_submission_is_told_why(tmp_path, name):
    fb = contest_tryout.tryout(write(tmp_path, "def agent(game, state):\n    return 0\n", name))
    assert not fb.ok and "is no submission" in fb.text


@needs_sandbox
def test_the_command_to_paste_quotes_the_files_name(tmp_path):
    fb = contest_tryout.tryout(write(tmp_path, "def agent(game, state):\n    return game.actions(state)[0]\n",
                                     "me;touch x.py"))
    assert "cp 'me;touch x.py' my-contest/" in fb.text


@needs_sandbox
def test_a_huge_file_is_refused_without_being_copied_whole(tmp_path):
    path = tmp_path / "my_agent.py"
    with open(path, "wb") as f:
        f.truncate(1 << 30)                  # 1 GiB, sparse: copied whole it took seconds and a GiB of disk
    fb = contest_tryout.tryout(path)
    assert not fb.ok and "holds more than 5 MiB" in fb.text


@needs_sandbox
def test_a_folder_or_a_pipe_is_no_file(tmp_path):
    (tmp_path / "my_agent.py").mkdir()
    fb = contest_tryout.tryout(tmp_path / "my_agent.py")
    assert not fb.ok and "is not a file" in fb.text


def test_a_file_named_as_a_standard_module_leaves_that_module_in_place(tmp_path):
    import json
    import sys

    from advsearch.course.agent.loading import load
    path = write(tmp_path, "def minimax(game, state):\n    return 0\n", "json.py")
    module, problem = load(path)
    assert problem is None and module.minimax(None, None) == 0
    assert sys.modules["json"] is json


def test_a_reloaded_file_replaces_its_earlier_load(tmp_path):
    import sys

    from advsearch.course.agent.loading import load
    path = write(tmp_path, "X = 1\n", "my_agent_review31.py")
    first, _ = load(path)
    path.write_text("X = 2\n")
    second, _ = load(path)
    try:
        assert sys.modules["my_agent_review31"] is second and second.X == 2
    finally:
        sys.modules.pop("my_agent_review31", None)


def test_a_file_whose_exception_cannot_be_printed_or_holding_a_nul_byte_is_told(tmp_path):
    fb = agent_file("minimax", path=write(tmp_path, "class E(Exception):\n    def __str__(self):\n"
                                                    "        raise RuntimeError('no')\nraise E()\n"))
    assert not fb.ok and "raised E at line 4" in fb.text
    fb = agent_file("minimax", path=write(tmp_path, "def minimax(game, state):\n    return 0\n\x00\n"))
    assert not fb.ok and "null bytes" in fb.text and "line None" not in fb.text


def test_an_exception_that_cannot_be_printed_is_told_by_check_implementation_too():
    """Review 31 left this open: a student's exception whose __str__ raises crashed check.implementation."""
    from advsearch import check

    def minimax(game, state):
        raise Mute()
    fb = check.implementation(minimax, "minimax")
    assert not fb.ok and "Mute" in fb.text and "cannot be shown" in fb.text


def test_code_that_catches_the_stop_is_stopped_again_until_it_ends():
    """Review 31: a worker that catches BaseException in a loop survived its limit and spun on for ever,
    slowing every later check in the kernel. The stop is now raised again until the worker ends."""
    import threading
    import time

    from advsearch import timeout

    def stubborn():
        while True:
            try:
                sum(range(50))
            except BaseException:
                pass
    with pytest.raises(timeout.TimeLimitExceeded):
        timeout.call(stubborn, seconds=0.2, what="a stubborn loop")
    give_up = time.monotonic() + timeout.REAP_EVERY * timeout.REAP_TRIES + 5
    while any(t.name == "advsearch: a stubborn loop" for t in threading.enumerate()):
        assert time.monotonic() < give_up, "the worker still runs after every stop the reaper raises"
        time.sleep(0.05)


def _survivor(monkeypatch, work, what):
    """Run ``work`` under a limit that every raise of the reaper "misses" (_raise_in does nothing), and wait
    until the reaper has given up on it (0.5 s of stops)."""
    import time

    from advsearch import timeout

    monkeypatch.setattr(timeout, "_raise_in", lambda ident, error=None: None)
    monkeypatch.setattr(timeout, "REAP_TRIES", 10)
    monkeypatch.setattr(timeout, "REAP_EVERY", 0.05)
    with pytest.raises(timeout.TimeLimitExceeded):
        timeout.call(work, seconds=0.05, what=what)
    give_up = time.monotonic() + 20
    while any(t.name == f"advsearch: stopping {what}" for t in threading.enumerate()):
        assert time.monotonic() < give_up, "the reaper never gave up on the worker"
        time.sleep(0.01)


def test_a_worker_that_survives_every_stop_makes_later_calls_say_restart_the_kernel(monkeypatch):
    # review 40: loops inside loops, each in its own try, can catch every stop the reaper raises; a thread cannot
    # be killed, so the next call refuses to run beside it.  The worker spins until the test ends it.
    import time

    from advsearch import timeout

    done = threading.Event()

    def spins():
        while not done.is_set():
            pass
    try:
        _survivor(monkeypatch, spins, "your survivor")
        with pytest.raises(RuntimeError, match=r"your survivor is still running .* restart the kernel"):
            timeout.call(sum, [1, 2], seconds=1, what="the next check")
    finally:
        done.set()
    give_up = time.monotonic() + 10
    while any(t.name == "advsearch: your survivor" for t in threading.enumerate()):
        assert time.monotonic() < give_up
        time.sleep(0.01)
    assert timeout.call(sum, [1, 2], seconds=1, what="the next check") == 3      # once it has ended, calls run
    assert not timeout._runaways


def test_a_worker_blocked_in_a_long_wait_is_no_runaway(monkeypatch):
    # review 42: time.sleep(14) under a 0.5 s limit cannot be stopped before it returns, but harms nothing and ends
    # by itself; it was taken for code that catches every stop, and every check refused until it ended
    from advsearch import timeout

    done = threading.Event()
    try:
        _survivor(monkeypatch, done.wait, "a long wait")
        assert not timeout._runaways
        assert timeout.call(sum, [1, 2], seconds=1, what="the next check") == 3
    finally:
        done.set()
