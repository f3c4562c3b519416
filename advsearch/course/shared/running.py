"""Running a student's code for a grader: within one time limit, quietly, and every failure caught and described.

Graders run code that may loop forever, raise, print to stderr or exit.
:func:`call` runs it and hands back ``(value, error)``; :func:`describe_error`
turns the error into the words of a report; :func:`run_on` runs a search
through a :class:`~advsearch.recording.RecordingGame` and hands back its
visits too.

One time limit
--------------
Where a grade counts, the student's function is a
:class:`~advsearch.sandbox.remote.RemoteFunction`: it runs in a sandbox,
and the grader waits for its answers on a pipe.  The time limit is the
runner's: :func:`call` narrows the runner's deadline for the length of the
call (``Runner.limit``), so a search stopped on one tree is stopped by the
process that ran it, and the runner starts afresh for the next tree.  No
thread is left waiting on the pipe, and nothing is interrupted from outside.

Anywhere else (a student trying a grader out on their own function, in their
own kernel), the limit is the package's one limit for callers,
:func:`advsearch.timeout.call`, and its error,
:class:`~advsearch.timeout.TimeLimitExceeded`.
"""

from __future__ import annotations

import contextlib
import sys
import warnings

from ... import validation
from .runs import Run
from .untrusted import said
from ...recording import RecordingGame, Runaway
from ...sandbox.remote import SandboxFailed
from ...timeout import TimeLimitExceeded
from ...timeout import call as call_within


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


def _runner_of(fn):
    """The sandboxed runner whose process runs ``fn`` (or the function it wraps), or None if it runs here."""
    for _ in range(8):
        runner = getattr(fn, "runner", None)
        if callable(getattr(runner, "limit", None)):
            return runner
        fn = getattr(fn, "__wrapped__", None)
        if fn is None:
            return None
    return None


def call(fn, *args, time_limit=None, student=None, **kwargs):
    """``(value, None)`` of ``fn(*args, **kwargs)``, run quietly within ``time_limit`` seconds, or ``(None, error)``.

    ``student`` is the student's function that ``fn`` runs (``fn`` itself by
    default): when it runs in a sandbox, its runner keeps the time limit;
    otherwise :func:`advsearch.timeout.call` does.  A ``time_limit`` that is
    not a positive number (or None, no limit) is the grader's mistake, not
    the student's: it raises ValueError before ``fn`` runs.

    >>> call(int, "42")
    (42, None)
    >>> value, error = call(int, "forty-two")
    >>> describe_error(error)
    "raised ValueError: invalid literal for int() with base 10: 'forty-two'"
    >>> import time
    >>> describe_error(call(time.sleep, 5, time_limit=0.05)[1])
    'did not finish within 0.05 s (a loop that never ends?)'
    """
    validation.budget("time_limit", time_limit)
    runner = _runner_of(fn if student is None else student)
    try:
        with quiet():
            if time_limit is None:
                return fn(*args, **kwargs), None
            if runner is not None:
                with runner.limit(time_limit):
                    return fn(*args, **kwargs), None
            return call_within(fn, *args, seconds=time_limit, what="your function", **kwargs), None
    except SandboxFailed:                  # the grading machine's fault, not the student's: the caller flags it
        raise
    except (Exception, SystemExit, Runaway, RecursionError) as e:
        return None, e


def stopped(e) -> bool:
    """Whether ``e`` says the student's code was stopped (out of time, or a runaway of game calls), not that it failed.

    A grader then tries nothing more: the next run would most likely be
    stopped too, and each costs the whole time limit.

    >>> stopped(TimeLimitExceeded("your function", 3)), stopped(ValueError("no"))
    (True, False)
    """
    return isinstance(e, (TimeLimitExceeded, Runaway)) or getattr(e, "timed_out", False) is True


def describe_error(e: BaseException) -> str:
    """What went wrong, as the end of a sentence that begins "your function ...".

    An error of the trusted grader's that knows how to say what the
    student's code did carries that as ``sentence``.

    >>> describe_error(TimeLimitExceeded("your function", 3))
    'did not finish within 3 s (a loop that never ends?)'
    """
    sentence = getattr(e, "sentence", None)
    if isinstance(sentence, str) and not isinstance(e, (SystemExit, RecursionError)):
        return sentence
    if isinstance(e, TimeLimitExceeded):
        return f"did not finish within {e.seconds:g} s (a loop that never ends?)"
    if isinstance(e, Runaway):
        return (f"made more than {e.args[0]} calls to the game on a tree of this size without returning "
                "(a loop that never ends?)")
    text = said(e)
    return f"raised {type(e).__name__}{': ' + text if text else ''}"


def run_on(fn, t, time_limit) -> Run:
    """What a search ``fn(game, root)`` did on a recording game of ``t``: a :class:`~advsearch.course.shared.runs.Run`.

    The grader's run is the checker's kind of record, so that a checker can
    explain it (the α and β the code held cannot be read from a sandbox, so
    ``windows`` is empty).
    """
    game = RecordingGame(t, limit=100 * len(t) + 1000)
    value, error = call(fn, game, t.initial_state, time_limit=time_limit)
    return Run(game.visits(), {}, value, error, game.calls)
