"""The review of the one time limit (issue 27): attacks from the graded code on the runner's pipe and values.

Each test is an attack a student who read ``advsearch/sandbox/remote.py`` could write; each asserts what
must hold: the grader is never blocked past its limits, a value it cannot use is the student's protocol
error (never "the grader failed"), and the end of the budget is not blamed on the sandbox.
"""

import importlib.util
import os
import resource
import sys
import threading
import time
import tracemalloc

import pytest

from advsearch import grading
from advsearch.autograde import problemsets
from advsearch.autograde.nbgrader import TrustedGrades
from advsearch.recording import RecordingGame
from advsearch.sandbox import bubblewrap
from advsearch.sandbox.remote import RemoteError, RemoteFunction, Runner, SandboxFailed

PRELUDE = problemsets.PROBLEM_SETS["ps1"].prelude

needs_sandbox = pytest.mark.skipif(bubblewrap.available() is not None, reason="no sandbox")

_spec = importlib.util.spec_from_file_location(
    "attacks_review", os.path.join(os.path.dirname(__file__), "..", "exercises", "assignments", "attacks_review.py"))
attacks_review = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(attacks_review)
FIND_CHANNEL = attacks_review.FIND_CHANNEL        # the attacks' own way to the runner's channel


def timed(fn, wait, on_hang=None):
    """(finished, seconds, result-or-exception): run fn in a thread, wait at most `wait` s; on a hang call on_hang()."""
    out = {}

    def work():
        try:
            out["value"] = fn()
        except BaseException as e:
            out["error"] = e

    t = threading.Thread(target=work, daemon=True)
    started = time.monotonic()
    t.start()
    t.join(wait)
    finished = not t.is_alive()
    took = time.monotonic() - started
    if not finished and on_hang is not None:
        on_hang()
        t.join(30)
    return finished, took, out.get("value", out.get("error"))


# -------------------- A1: the student never reads the grader's answers while flooding asks: the grader blocks
FLOOD = FIND_CHANNEL + '''
def minimax(game, state):
    ch = _chan()
    # an unknown method is echoed back in the refusal, uncounted by the RecordingGame: 1 MB of answer per ask
    msg = json.dumps({"ask": "x" * 1000000, "game": game._id, "args": []}).encode() + b"\\n"
    for _ in range(4):               # never read a single answer
        ch.out.write(msg)
    time.sleep(3600)
'''


SMALL = FIND_CHANNEL + '''
def minimax(game, state):
    ch = _chan()
    # tiny refusals ("no such game"), never counted by the RecordingGame: 5000 x 26 bytes fill the 64 KiB pipe
    msg = json.dumps({"ask": "actions", "game": 12345, "args": []}).encode() + b"\\n"
    for _ in range(5000):
        ch.out.write(msg)
    time.sleep(3600)
'''


@needs_sandbox
@pytest.mark.parametrize("cell", [FLOOD, SMALL], ids=["1 MB unknown methods", "5000 small refusals"])
def test_a_runner_that_never_reads_its_answers_cannot_block_the_grader(cell):
    """Floods of game calls (long ones echoed back, or tiny ones no recording counts) fill the pipe while the
    code reads nothing: the grader's write must still end within the tree's limit, not block forever."""
    with Runner([PRELUDE, cell], deadline=time.monotonic() + 8) as r:          # the submission budget: 8 s
        fn = RemoteFunction(r, "minimax")
        finished, took, result = timed(
            lambda: grading.assess_search(fn, "minimax", grading.search_trees(5), 3, time_limit=0.5),
            wait=25, on_hang=r.close)
    assert finished, f"grader hung for {took:.0f} s (tree limit 0.5 s, budget 8 s): blocked writing to the runner"
    assert result.points == 0 and "not tried" in result.text


# -------------------- A2: a value too large for a float crashes the grader's own checks (OverflowError, not c
MCTS = '''
def mcts(game, state, iterations, rng):
    acts = list(game.actions(state))
    return {a: (0, 10 ** 400) for a in acts}      # an int no float can hold
'''

EVAL = '''
def evaluate(state, player):
    return 10 ** 400
'''


def _grade_like_nbgrader(test, sub, gid):
    record = {"flags": []}
    g = TrustedGrades()._run_test(test, gid, sub, 3.0, record)
    return g, record


@needs_sandbox
def test_mcts_stats_too_large_for_a_float():
    with Runner([PRELUDE, MCTS]) as r:
        sub = problemsets.Submission("alice", "ps3", r, grading.problems("ps3", "alice"), 1234)
        g, record = _grade_like_nbgrader(problemsets.PROBLEM_SETS["ps3"].tests["q4_test"], sub, "q4_test")
    print(g.points, g.text, record)
    assert "grader failed" not in g.text, record["flags"]


@needs_sandbox
def test_evaluation_too_large_for_a_float():
    ps2 = problemsets.PROBLEM_SETS["ps2"]
    with Runner([ps2.prelude, EVAL], package=ps2.package) as r:
        sub = problemsets.Submission("alice", "ps2", r, grading.problems("ps2", "alice"), 1234)
        started = time.monotonic()
        g, record = _grade_like_nbgrader(ps2.tests["test_manners"], sub, "test_manners")
    print(f"{time.monotonic() - started:.1f}s", g.points, g.text, record)
    assert "grader failed" not in g.text, record["flags"]


# -------------------- A4: the runner keeps every state handle it ever gave out (Runner.states/handles are nev
FOREIGN = '''
import sys
GAMES = sys.modules["__main__"]._GAMES      # the runner's games: earlier trees' games stay there
SEEN = {}                      # state -> depth, over every earlier call
CALLS = [0]
def _mm(game, s, d, seen=SEEN):
    seen.setdefault(s, d)
    if game.is_terminal(s):
        return game.utility(s, MAX)
    vals = [_mm(game, game.result(s, a), d + 1, seen) for a in game.actions(s)]
    return max(vals) if game.to_move(s) == MAX else min(vals)
def minimax(game, state):
    CALLS[0] += 1
    if CALLS[0] > 5:
        # explore this tree through an OLD game (logged there, not here), to learn how deep it is
        old_game = next(g for g in GAMES.values() if g is not game)
        here = {}
        _mm(old_game, state, 0, here)
        depth = max(here.values())
        deeper = [s for s, d in SEEN.items() if d > depth]
        if deeper:
            s = deeper[0]
            if game.is_terminal(s):
                game.utility(s, MAX)
            else:
                game.actions(s)
    return _mm(game, state, 0)
'''


@needs_sandbox
def test_a_run_with_paths_of_another_tree():
    with Runner([PRELUDE, FOREIGN]) as r:
        sub = problemsets.Submission("alice", "ps1", r, grading.problems("ps1", "alice"), 99)
        record = {"flags": []}
        g = TrustedGrades()._run_test(problemsets.PROBLEM_SETS["ps1"].tests["q3_test"], "q3_test", sub, 3.0, record)
    print(g.points, g.text, record)
    assert "grader failed" not in g.text, record["flags"]


# -------------------- A5: in the ps2 match the student's evaluation runs inside arena's agent_move/_ask, whic
SLOW_LATER = '''
import time
N = [0]
def evaluate(state, player):
    N[0] += 1
    if N[0] > 40:                # fast on the 20 probe calls, then far too slow
        time.sleep(0.05)
    return 0.0
'''


@needs_sandbox
def test_a_match_that_runs_out_of_time_is_reported_as_a_time_out():
    ps2 = problemsets.PROBLEM_SETS["ps2"]
    with Runner([ps2.prelude, SLOW_LATER], package=ps2.package) as r:
        fn = RemoteFunction(r, "evaluate", seconds=120.0, states="value")
        started = time.monotonic()
        g = grading.assess_tournament(fn, "alice", "random", 1, games=2, max_nodes=200, time_limit=3.0, max_ms=2.0)
        took = time.monotonic() - started
    print(f"took {took:.1f}s (limit 3 s):", g.points, g.text)
    assert "did not finish the 2 games within 3 s" in g.text


# -------------------- A7: a returned value of many empty sets: 10 bytes of message ({"set":[]}) become a 216-
N = 400_000
SETS = FIND_CHANNEL + f'''
def minimax(game, state):
    body = b'{{"done": {{"list": [' + b'{{"set":[]}},' * ({N} - 1) + b'{{"set":[]}}]}}}}\\n'
    game._channel.out.write(body)       # the answer, written by hand (no pack() depth or size rules)
    os._exit(0)
'''


@needs_sandbox
@pytest.mark.parametrize("n", [90_000, 400_000])       # under and over the message cap (1 MiB)
def test_a_value_costs_the_grader_at_most_a_few_times_its_message(n):
    """Many empty sets: over the cap, refused as the student's protocol error; under it, bounded in memory."""
    t = grading.search_trees(3)[0]
    cell = FIND_CHANNEL + SETS.split(FIND_CHANNEL, 1)[1].replace(str(N), str(n))
    with Runner([PRELUDE, cell]) as r:
        fn = RemoteFunction(r, "minimax")
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        if n * 10 > 2 ** 20:
            with pytest.raises(RemoteError, match="longer than 1 MiB"):
                fn(RecordingGame(t), t.initial_state)
        else:                                            # under the cap: taken, at a bounded cost
            assert len(fn(RecordingGame(t), t.initial_state)) == n
        peak = tracemalloc.get_traced_memory()[1] - before
        tracemalloc.stop()
    assert peak < 50 * 2 ** 20, f"{peak / 2 ** 20:.0f} MiB for one refused answer"


# -------------------- A8: a big answer (1.5M empty sets, 15.7 MB, just under the 16 MiB cap, written at once
BIG = '''
N = 1_500_000
BODY = b'{"done": {"list": [' + b'{"set":[]},' * (N - 1) + b'{"set":[]}]}}\\n'     # 15.7 MB, under 16 MiB
def minimax(game, state):
    ch = game._channel
    while True:                  # answer at once, then serve every later request the same way, never returning
        ch.out.write(BODY)
        ch.receive()
'''


def rss_mb():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmRSS")) / 1024


@needs_sandbox
def test_a_big_answer_is_bounded_by_the_trees_limit():
    trees = grading.search_trees(5)[:1]
    with Runner([PRELUDE, BIG]) as r:
        fn = RemoteFunction(r, "minimax")
        before = rss_mb()
        started = time.monotonic()
        g = grading.assess_search(fn, "minimax", trees, 3, time_limit=3.0)
        took = time.monotonic() - started
        held = rss_mb() - before
        starts = r.starts
    print(f"1 tree x 5 copies at time_limit=3.0 s took {took:.1f} s (promised <= 15 s); grader RSS +{held:.0f} MB "
          f"after; peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB; starts={starts}; "
          f"{g.points} {g.text[:200]}")
    assert took < 5 * 3.0 + 2


# -------------------- A9: when the submission's budget ends while the runner (re)starts, cell 0 (the grader's
CODE = '''
import os
def minimax(game, state):
    os._exit(0)                  # every call ends the process: the next request restarts it
'''


@needs_sandbox
@pytest.mark.parametrize("left", [0.02, 0.1])
def test_the_first_start_with_the_budget_nearly_gone(left):
    r = Runner([PRELUDE, CODE], deadline=time.monotonic() + left)
    try:
        r.__enter__()
        outcome = "no error"
    except SandboxFailed as e:
        outcome = f"SandboxFailed: {e}"
    finally:
        r.close()
    print(f"left={left}: {outcome}")
    assert "SandboxFailed" not in outcome


@needs_sandbox
def test_a_restart_mid_grading_with_the_budget_nearly_gone():
    with Runner([PRELUDE, CODE]) as r:
        sub = problemsets.Submission("alice", "ps1", r, grading.problems("ps1", "alice"), 7)
        fn = sub.function("minimax")
        r.close()                                   # as after the student's process ended
        real_start = r._start

        def start_with_20ms_left():                  # the budget runs out just as the runner restarts
            if r.deadline is None:
                r.deadline = time.monotonic() + 0.02
            return real_start()
        r._start = start_with_20ms_left
        record = {"flags": []}
        g = TrustedGrades()._run_test(lambda s, p: grading.assess_search(fn, "minimax", grading.search_trees(7), p),
                                      "q3_test", sub, 3.0, record)
    print(g.points, g.text, record)
    # the budget ran out: the report should say so (BudgetUsedUp), not blame the sandbox -- and a real
    # SandboxFailed must not be graded as 'your function raised SandboxFailed' with no flag either
    assert "SandboxFailed" not in g.text and "grader failed" not in g.text, (g.text, record["flags"])


# -------------------- A10: a deeply nested tuple as the value (written to the channel by hand, past pack()'s
DEEP = '''
import os
def _mm(game, s):
    if game.is_terminal(s):
        return game.utility(s, MAX)
    vals = [_mm(game, game.result(s, a)) for a in game.actions(s)]
    return max(vals) if game.to_move(s) == MAX else min(vals)
def minimax(game, state):
    _mm(game, state)                               # the right visits
    body = '{"tuple": [' * DEPTH + '1' + ']}' * DEPTH
    game._channel.out.write(('{"done": ' + body + '}\\n').encode())
    os._exit(0)
'''


@needs_sandbox
@pytest.mark.parametrize("depth", [300, 400, 440, 470, 490])
def test_deep_value(depth):
    with Runner([PRELUDE, f"DEPTH = {depth}", DEEP]) as r:
        sub = problemsets.Submission("alice", "ps1", r, grading.problems("ps1", "alice"), 7)
        record = {"flags": []}
        g = TrustedGrades()._run_test(problemsets.PROBLEM_SETS["ps1"].tests["q3_test"], "q3_test", sub, 3.0, record)
    print(depth, g.points, g.text[:400], record)
    assert "grader failed" not in g.text, record["flags"]


# -------------------- A10 (second review): a cell writes what is not the protocol while its reply is awaited, and
# starts busy threads: the start ended in a ProtocolError that nothing caught, and the process outlived it.
GARBAGE_CELL = attacks_review.ATTACKS["garbage_at_start"][2]["first"]      # the round trip's attack itself


@needs_sandbox
def test_a_cell_that_writes_garbage_is_skipped_as_the_students_protocol_error():
    cells = [PRELUDE, GARBAGE_CELL, "after = 42"]
    with Runner(cells) as r:
        assert r.value("after") == 42                 # the other cells still count
        assert r.cell_errors[1]["type"] == "ProtocolError"
        process = r.process
    assert r.process is None and process.poll() is not None


@needs_sandbox
def test_garbage_after_the_last_cell_ends_the_process_and_is_the_first_requests_error():
    late = FIND_CHANNEL + '''
import threading, time
def _later():
    time.sleep(0.2)
    _chan().out.write(b"not json either\\n")
if _chan() is not None:
    threading.Thread(target=_later, daemon=True).start()
    time.sleep(0.5)
'''
    with Runner([PRELUDE, late]) as r:
        try:
            r.value("anything")
        except Exception as e:          # the student's protocol error, or a cell skipped: never the grader's
            assert not isinstance(e, SandboxFailed), e
    assert r.process is None
