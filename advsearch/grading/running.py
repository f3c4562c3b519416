"""Running a student's code for a grader: within a time limit, quietly, and every failure caught and described.

Graders run code that may loop forever, raise, print to stderr or exit.
:func:`call` runs it and hands back ``(value, error)``; :func:`describe_error`
turns the error into the words of a report; :func:`run_on` runs a search
through a :class:`~advsearch.recording.RecordingGame` and hands back its
visits too.

Why not :func:`advsearch.timeout.call`
--------------------------------------
The package's one time limit for callers, :func:`advsearch.timeout.call`,
runs the code in a worker thread and stops *waiting* for it on time-out.
A grader needs the code itself stopped before it goes on, in its own thread,
which is what :func:`time_limit` does with ``SIGALRM``:

- Under trusted grading the graded function is a
  :class:`~advsearch.autograde.referee.RemoteFunction`, whose call waits on
  the pipe of the sandboxed runner.  The alarm interrupts that very wait, so
  the runner is killed and restarted before the next test asks it anything.
  A worker left waiting on the pipe (for up to the remote call's own limit,
  60 s) would read the next test's answers, and close the runner under it.
- A grader in the student's kernel runs the student's Python in its own
  process.  An abandoned worker would go on running after the grader has
  restored the notebook's modules and the global ``random`` state; and a
  bare ``except:`` in a loop swallows the single stop a worker is sent,
  while the alarm here rings again every 0.2 s.

So :class:`TimeLimitExceeded` here is a BaseException (``except Exception``
in student code does not swallow it), unlike the package's
:class:`advsearch.timeout.TimeLimitExceeded`.
"""

from __future__ import annotations

import contextlib
import functools
import signal
import sys
import threading
import time
import warnings

from ..deprecation import renamed
from ..recording import RecordingGame, Runaway
from ..timeout import check_budget

__all__ = ["TimeLimitExceeded", "alarm_available", "time_limit", "quiet", "call", "describe_error", "run_on",
           "seconds_renamed"]


class TimeLimitExceeded(BaseException):
    """Raised into student code that runs past its time limit.

    A BaseException, so that ``except Exception`` in student code does not
    swallow it.
    """


def alarm_available() -> bool:
    """Whether :func:`time_limit` can limit anything here: ``SIGALRM`` exists and this is the main thread."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def time_limit(seconds):
    """Raise :class:`TimeLimitExceeded` in the block once ``seconds`` of wall time have passed.

    Uses ``SIGALRM`` (the main thread on Unix); elsewhere it limits nothing,
    and nbgrader's per-cell timeout remains the backstop.  The alarm repeats
    every 0.2 s after the first, so code that catches the exception once is
    interrupted again.  An enclosing limit is restored afterwards.
    ``seconds=None`` limits nothing.

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
    check_budget("seconds", seconds)
    if seconds is None or not alarm_available():
        yield
        return

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


_limit = time_limit          # for call(), whose keyword time_limit= hides this name


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


def call(fn, *args, time_limit=None, **kwargs):
    """``(value, None)`` of ``fn(*args, **kwargs)``, run quietly within ``time_limit`` seconds, or ``(None, error)``.

    A ``time_limit`` that is not a positive number (or None, no limit) is the
    grader's mistake, not the student's: it raises ValueError before ``fn``
    runs.

    >>> call(int, "42")
    (42, None)
    >>> value, error = call(int, "forty-two")
    >>> describe_error(error)
    "raised ValueError: invalid literal for int() with base 10: 'forty-two'"
    """
    check_budget("time_limit", time_limit)
    try:
        with quiet(), _limit(time_limit):
            return fn(*args, **kwargs), None
    except (Exception, SystemExit, TimeLimitExceeded, Runaway, RecursionError) as e:
        return None, e


def describe_error(e: BaseException) -> str:
    """What went wrong, as the end of a sentence that begins "your function ...".

    An error of the trusted grader's that knows how to say what the
    student's code did carries that as ``sentence``.
    """
    sentence = getattr(e, "sentence", None)
    if isinstance(sentence, str) and not isinstance(e, (SystemExit, RecursionError)):
        return sentence
    if isinstance(e, TimeLimitExceeded):
        return f"did not finish: it was {e.args[0] if e.args else 'stopped'} (a loop that never ends?)"
    if isinstance(e, Runaway):
        return (f"made more than {e.args[0]} calls to the game on a tree of this size without returning "
                "(a loop that never ends?)")
    text = str(e)
    return f"raised {type(e).__name__}{': ' + text if text else ''}"


def run_on(fn, t, time_limit):
    """``(value, error, visits, library_calls)`` of a search ``fn(game, root)`` run on a recording game of ``t``."""
    game = RecordingGame(t, limit=100 * len(t) + 1000)
    value, error = call(fn, game, t.initial_state, time_limit=time_limit)
    return value, error, game.visits(), game.library_calls


_UNSET = object()            # time_limit= not passed


def seconds_renamed(fn):
    """Decorate a grader whose ``time_limit=`` was called ``seconds=``: the old name still works, and warns.

    The warning names the caller's line (this wrapper is the only frame
    between the caller and :func:`advsearch.deprecation.renamed`), so a
    notebook shows it.
    """
    @functools.wraps(fn)
    def run(*args, **kwargs):
        if "seconds" in kwargs:
            kwargs["time_limit"] = renamed(fn.__name__, "seconds", "time_limit", old=kwargs.pop("seconds"),
                                           new=kwargs.get("time_limit", _UNSET), unset=_UNSET)
        return fn(*args, **kwargs)

    return run

