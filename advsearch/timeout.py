"""Time limits: running code that might never return, and giving up on it in time.

:func:`call` runs code that might never return (a student's function, an
agent's move) and gives up on it after a number of seconds with
:class:`TimeLimitExceeded`, whose message names what was running.  (The rule
for a limit the caller passes, ``time_limit``, ``max_nodes``, a time per move,
is :func:`advsearch.validation.budget`.)

:func:`call` runs the code in a worker thread and waits for it, so it works the
same on Linux, macOS and Windows, in a notebook's kernel or in any thread, and
it stops waiting even while the code sleeps.  On time-out the worker is told to
stop by an exception raised into it at its next Python instruction; code that
is blocked inside C (a long ``time.sleep``) stops when that call returns, after
:func:`call` has already returned control to the caller.

Examples
--------
>>> call(sum, [1, 2, 3], seconds=1, what="sum")
6
>>> import time
>>> call(time.sleep, 10, seconds=0.05, what="a nap")
Traceback (most recent call last):
...
advsearch.timeout.TimeLimitExceeded: a nap did not finish within 0.05 s
"""

from __future__ import annotations

import contextvars
import ctypes
import threading

from . import validation
from .errors import GameError

__all__ = ["TimeLimitExceeded", "call"]

#: Stack size of the worker thread: room for deep recursion (macOS gives threads only 512 KiB).
WORKER_STACK = 256 * 1024 * 1024
_stack_lock = threading.Lock()


class TimeLimitExceeded(GameError, TimeoutError):
    """Code run with a time limit did not return in time.

    ``what`` names the code (e.g. "your function on test tree 3") and
    ``seconds`` is the limit.
    """

    def __init__(self, what, seconds):
        super().__init__(f"{what} did not finish within {seconds:g} s")
        self.what, self.seconds = what, seconds


class _Stop(BaseException):
    """Raised into an abandoned worker; a BaseException so that ``except Exception`` cannot keep it alive."""


def _stop(thread):
    """Raise :class:`_Stop` in ``thread`` at its next Python instruction."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), ctypes.py_object(_Stop))


def call(fn, *args, seconds, what="the code", **kwargs):
    """``fn(*args, **kwargs)``, or :class:`TimeLimitExceeded` once ``seconds`` have passed.

    ``seconds=None`` calls ``fn`` directly, with no limit, and so does a limit longer
    than a thread can wait (``threading.TIMEOUT_MAX``, about 292 years).  The call sees the
    caller's context variables.  Whatever ``fn`` raises is raised here; an
    interrupt (the notebook's stop button) while waiting stops the worker too.
    """
    if validation.budget("seconds", seconds) is None or seconds >= threading.TIMEOUT_MAX:
        return fn(*args, **kwargs)
    outcome = {}
    context = contextvars.copy_context()

    def work():
        try:
            outcome["value"] = context.run(fn, *args, **kwargs)
        except _Stop:
            pass
        except BaseException as e:          # handed to the caller, who raises it
            outcome["error"] = e

    with _stack_lock:
        previous = threading.stack_size(WORKER_STACK)
        try:
            worker = threading.Thread(target=work, name=f"advsearch: {what}", daemon=True)
            worker.start()
        finally:
            threading.stack_size(previous)
    try:
        worker.join(seconds)
    except BaseException:
        _stop(worker)
        raise
    if worker.is_alive():
        _stop(worker)
        raise TimeLimitExceeded(what, seconds)
    if "error" in outcome:
        error = outcome.pop("error")
        raise error
    return outcome["value"]
