"""Cooperative time limits (no threads: Pyodide) stop what a student's code can do wrong, and leave nothing behind.

Runs here with the cooperative way forced, and under Pyodide itself (tools/pyodide/student_tests.txt), where it is
the only way.  What a student who catches the stop and goes on needs is ``sys.monitoring`` (Python 3.12+, so
Pyodide): a tracer that raises is switched off by CPython, so on 3.10 and 3.11 such code runs unwatched once it has
caught the stop, and those tests are skipped there (found by review 30).
"""

from __future__ import annotations

import sys
import time

import pytest
from hypothesis import given, settings, strategies as st

import advsearch as ads
from advsearch import check, timeout

needs_monitoring = pytest.mark.skipif(not hasattr(sys, "monitoring"),
                                      reason="a tracer that raised is switched off before Python 3.12")


def stopped(fn, seconds=0.1):
    """How long the cooperative limit took to stop ``fn``, after checking it raised the limit's own error."""
    started = time.perf_counter()
    with timeout.forced("cooperative"), pytest.raises(timeout.TimeLimitExceeded) as caught:
        timeout.call(fn, seconds=seconds, what="the code")
    assert str(caught.value) == f"the code did not finish within {seconds:g} s"
    assert sys.gettrace() is None and timeout._deadlines.get() == ()
    return time.perf_counter() - started


def spin_one_line():
    while True: pass  # noqa: E701  (one line: its jumps back start no new line)


def spin_in_comprehension():
    return [x for x in iter(int, 1)]


def spin_recursively():
    def down(n):
        return 0 if n == 0 else down(n - 1)

    while True:
        down(200)


@pytest.mark.parametrize("fn", [spin_one_line, spin_in_comprehension, spin_recursively])
def test_code_that_never_calls_the_package_is_stopped(fn):
    assert stopped(fn) < 1.0


def retries_for_ever():
    while True:
        try:
            spin_one_line()
        except:  # noqa: E722  (a student's bare except)
            pass


def catches_once_then_spins():
    try:
        spin_one_line()
    except BaseException:
        pass
    spin_one_line()


@needs_monitoring
@pytest.mark.parametrize("fn", [retries_for_ever, catches_once_then_spins])
def test_code_that_caught_the_stop_is_stopped_again(fn):
    assert stopped(fn) < 1.0


@needs_monitoring
def test_an_inner_limit_that_ran_out_leaves_the_outer_one_watching():
    def inner_then_spin():
        try:
            timeout.call(spin_one_line, seconds=0.05, what="inner")
        except timeout.TimeLimitExceeded:
            pass
        spin_one_line()

    assert stopped(inner_then_spin, seconds=0.3) < 1.2


def careless_minimax(game, state):
    """Retries every child until it works, and it never does (a misspelt name)."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    values = []
    for a in game.actions(state):
        while True:
            try:
                values.append(careless_minimax(game, game.result(state, a)) + undefined_name)  # noqa: F821
                break
            except:  # noqa: E722
                pass
    return max(values)


@needs_monitoring
def test_a_careless_retry_loop_gets_the_same_feedback_as_with_threads():
    with timeout.forced("cooperative"):
        fb = check.implementation(careless_minimax, "minimax", trees=["A[B[3 12 8] C[2 4 6]]"], time_per_tree=0.3)
    assert not fb.ok and "did not return within 0.3 s and was stopped" in fb.text


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_right_search_under_a_limit_gives_what_it_gives_without(seed):
    tree = ads.random_tree(depth=3, branching=3, seed=seed)
    with timeout.forced("cooperative"):
        under = timeout.call(ads.alphabeta, tree, seconds=30, what="alpha-beta")
    free = ads.alphabeta(tree)
    assert (under.value, under.pv, under.stats.leaves) == (free.value, free.pv, free.stats.leaves)
    assert sys.gettrace() is None and timeout._deadlines.get() == ()
