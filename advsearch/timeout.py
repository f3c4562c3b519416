"""Time limits: running code that might never return, and giving up on it in time.

:func:`call` runs code that might never return (a student's function, an
agent's move) and gives up on it after a number of seconds with
:class:`TimeLimitExceeded`, whose message names what was running.  (The rule
for a limit the caller passes, ``time_limit``, ``max_nodes``, a time per move,
is :func:`advsearch.validation.budget`.)

It keeps the limit in one of two ways, chosen once by :func:`mode`:

``"threads"`` (CPython, wherever a thread can start)
    The code runs in a worker thread and :func:`call` waits for it, so it works
    the same on Linux, macOS and Windows, in a notebook's kernel or in any
    thread, and it stops waiting even while the code sleeps.  On time-out the
    worker is told to stop by an exception raised into it at its next Python
    instruction; code that is blocked inside C (a long ``time.sleep``) stops
    when that call returns, after :func:`call` has already returned control.

``"cooperative"`` (Pyodide, Python in a browser tab, where no thread can start)
    The code runs in the caller's thread with a deadline, and stops at the first
    :func:`checkpoint` past it: every call a student's search makes to the
    :class:`~advsearch.recording.RecordingGame` the checkers give it, and every
    leaf a package search scores, is one.  So a search that loops for ever
    *while asking its game* is stopped, with the same :class:`TimeLimitExceeded`
    and message as in a thread.  Code outside the package is watched too, at
    every call and jump (``sys.monitoring``, Python 3.12+ and so Pyodide), so
    a loop that never comes back to the package (``while True: pass``) is
    stopped as well, and once the limit has passed, at every event: code that
    caught the stop (a bare ``except:`` in a retry loop) is stopped again at
    its next call or jump.  Before 3.12 the watch is ``sys.settrace`` (every
    bytecode), which CPython switches off when it raises: there, code that
    catches the stop and goes on runs unwatched.  A long call into C
    (``time.sleep(60)``, ``sum(range(10**12))``) cannot be stopped without a
    thread: it runs to its end, and is then reported as too slow.

Examples
--------
>>> call(sum, [1, 2, 3], seconds=1, what="sum")
6
>>> import time
>>> call(time.sleep, 10, seconds=0.05, what="a nap")
Traceback (most recent call last):
...
advsearch.timeout.TimeLimitExceeded: a nap did not finish within 0.05 s

The cooperative way, forced here as tests force it, stops code at a checkpoint:

>>> def asks_for_ever():
...     while True:
...         checkpoint()          # what RecordingGame does at every call of the game
>>> with forced("cooperative"):
...     call(asks_for_ever, seconds=0.05, what="the loop")
Traceback (most recent call last):
...
advsearch.timeout.TimeLimitExceeded: the loop did not finish within 0.05 s

and so does its tracing of code that never calls the package:

>>> def spins():
...     while True:
...         pass
>>> with forced("cooperative"):
...     call(spins, seconds=0.05, what="the spin")
Traceback (most recent call last):
...
advsearch.timeout.TimeLimitExceeded: the spin did not finish within 0.05 s
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import sys
import threading
import time

from . import validation
from .errors import GameError

__all__ = ["MODES", "TimeLimitExceeded", "call", "checkpoint", "forced", "mode", "watched"]

#: The ways of keeping a time limit: in a worker thread, or at the checkpoints of the running code.
MODES = ("threads", "cooperative")

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
    """Raised into running code that is out of time; a BaseException so that ``except Exception`` cannot keep
    it alive.  ``limit`` is the cooperative limit that ran out (None in a worker thread)."""

    def __init__(self, limit=None):
        super().__init__()
        self.limit = limit


# ------------------------------------------------------------------ which way

_detected: list = []      # the mode found on first use, once per process
_forced: list = []        # the modes forced by :func:`forced`, innermost last


def mode() -> str:
    """``"threads"`` where a thread can start, else ``"cooperative"``; found out once (or as :func:`forced`).

    Pyodide (``sys.platform == "emscripten"``) and WASI are cooperative without
    trying; anywhere else a thread that fails to start makes it so.
    """
    if _forced:
        return _forced[-1]
    if not _detected:
        _detected.append(_detect())
    return _detected[0]


def _detect() -> str:
    if sys.platform in ("emscripten", "wasi"):
        return "cooperative"
    try:
        probe = threading.Thread(target=int, daemon=True)
        probe.start()
        probe.join()
    except RuntimeError:      # "can't start new thread"
        return "cooperative"
    return "threads"


@contextlib.contextmanager
def forced(way: str):
    """Keep time limits ``way`` (one of :data:`MODES`) inside the ``with`` block, whatever :func:`mode` found.

    For tests: ``with timeout.forced("cooperative"):`` runs CPython as Pyodide does.
    """
    if way not in MODES:
        raise ValueError(f"way must be one of {', '.join(map(repr, MODES))}, not {way!r}")
    _forced.append(way)
    try:
        yield
    finally:
        _forced.pop()


# ------------------------------------------------------------------ the cooperative way

#: The deadlines of the cooperative limits the running code is under: ((monotonic deadline, limit), ...).
_deadlines: contextvars.ContextVar = contextvars.ContextVar("advsearch_deadlines", default=())


def checkpoint() -> None:
    """Stop the running code here if a cooperative time limit it runs under has passed; else nothing.

    Cheap enough to call at every step (a context variable read, and the clock
    only under a limit).  In the threads mode there is never a deadline.
    """
    deadlines = _deadlines.get()
    if deadlines:
        now = time.monotonic()
        for deadline, limit in deadlines:
            if now > deadline:
                raise _Stop(limit)


def watched(fn):
    """``fn``, made to pass a :func:`checkpoint` first when code runs under a cooperative limit now.

    The searches wrap their leaf scorers with it when they start, so that a
    search run with a time limit where threads are missing can be stopped, and
    costs nothing more otherwise.

    >>> watched(abs) is abs           # no cooperative limit: fn itself
    True
    """
    if not _deadlines.get():
        return fn

    def checked(*args, **kwargs):
        checkpoint()
        return fn(*args, **kwargs)

    return checked


#: The package's folder: its own code is not watched (it passes checkpoints where it needs them).
_PACKAGE = __file__.rsplit("timeout.py", 1)[0]


def _unwatched() -> tuple:
    """Where the code not watched lives: the package, the standard library and the installed packages (a stop
    raised there could land in a library's callback, a garbage collector's say, and be lost)."""
    import sysconfig

    paths = sysconfig.get_paths()
    return (_PACKAGE, *sorted({paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib") if paths.get(k)}))
#: One event in this many of the code watched reads the clock (reading it at every one would cost more).
TRACE_EVERY = 64
#: The sys.monitoring tools a limit may take (3.12+), tried in this order; the others are debuggers' and the like.
_TOOLS = (5, 4, 3)


class _Watch:
    """The events of the code under a cooperative limit: every :data:`TRACE_EVERY`-th passes a checkpoint, and
    once a limit has run out, every one, so code that caught the stop is stopped again at its next event."""

    def __init__(self):
        self.count, self.overdue = 0, False

    def event(self) -> None:
        self.count += 1
        if self.overdue or self.count % TRACE_EVERY == 0:
            try:
                checkpoint()
            except _Stop:
                self.overdue = True
                raise


def _traced(fn, args, kwargs):
    """``fn(*args, **kwargs)``, its own code watched (:class:`_Watch`; not the package's nor the installed
    libraries', see :func:`_unwatched`), so that a loop that never calls the package (``while True: pass``) is
    stopped too: by ``sys.monitoring`` (Python 3.12+, Pyodide) at every call and jump, else by
    ``sys.settrace`` at every bytecode."""
    if hasattr(sys, "monitoring"):
        return _monitored(fn, args, kwargs)
    return _settraced(fn, args, kwargs)


def _monitored(fn, args, kwargs):
    monitoring = sys.monitoring
    tool = next((t for t in _TOOLS if monitoring.get_tool(t) is None), None)
    if tool is None:            # all taken (outer limits', a profiler's): the checkpoints in the package remain
        return fn(*args, **kwargs)
    watch, unwatched = _Watch(), _unwatched()

    def event(code, *_):
        if code.co_filename.startswith(unwatched):
            return monitoring.DISABLE
        watch.event()           # a callback that raises stays registered, unlike a tracer

    kinds = (monitoring.events.PY_START, monitoring.events.JUMP)
    monitoring.use_tool_id(tool, "advsearch time limits")
    try:
        for kind in kinds:
            monitoring.register_callback(tool, kind, event)
        monitoring.set_events(tool, kinds[0] | kinds[1])
        return fn(*args, **kwargs)
    finally:
        monitoring.set_events(tool, 0)
        for kind in kinds:
            monitoring.register_callback(tool, kind, None)
        monitoring.free_tool_id(tool)


def _settraced(fn, args, kwargs):
    previous = sys.gettrace()
    if previous is not None:    # a debugger's, or an outer limit's: leave it be (checkpoint() reads every deadline)
        return fn(*args, **kwargs)
    watch, unwatched = _Watch(), _unwatched()

    def opcode(frame, event, arg):
        watch.event()           # when it raises, CPython switches the tracer off (see the module's description)
        return opcode

    def on_call(frame, event, arg):
        if frame.f_code.co_filename.startswith(unwatched):
            return None
        frame.f_trace_opcodes = True            # lines miss a one-line loop's jumps back to itself
        frame.f_trace_lines = False
        return opcode

    sys.settrace(on_call)
    try:
        return fn(*args, **kwargs)
    finally:
        sys.settrace(previous)


def _cooperatively(fn, args, kwargs, seconds, what):
    limit = object()
    started = time.monotonic()
    token = _deadlines.set(_deadlines.get() + ((started + seconds, limit),))
    try:
        value = _traced(fn, args, kwargs)
    except _Stop as stop:
        if stop.limit is not limit:
            raise                   # an outer limit ran out first: it is that call's to report
        raise TimeLimitExceeded(what, seconds) from None
    except KeyboardInterrupt:
        raise
    except BaseException:
        if time.monotonic() - started > seconds:
            raise TimeLimitExceeded(what, seconds) from None
        raise
    finally:
        _deadlines.reset(token)
    if time.monotonic() - started > seconds:       # it came back, but too late: as the threads mode says
        raise TimeLimitExceeded(what, seconds)
    return value


# ------------------------------------------------------------------ the threads way


def _raise_in(ident: int, error=_Stop) -> None:
    """Raise ``error`` (a class) in the thread ``ident`` at its next Python instruction."""
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(error))


#: After a limit: how often, and how many times, the stop is raised again into code that caught it.
REAP_EVERY, REAP_TRIES = 0.05, 200
#: The share of a processor a worker that outlived every stop must have used meanwhile to be held a runaway.
RUNAWAY_CPU = 0.1


#: Workers that outlived every stop raised into them, with what they were running: ``[(thread, what), ...]``.
_runaways: list = []


def _reap(worker, what) -> None:
    """Raise the stop into ``worker`` again until it ends (at most :data:`REAP_TRIES` times).

    Code that catches every exception (``except BaseException`` in a loop)
    survives one raise, which lands wherever the next instruction is; it
    would spin on and slow every later check.  Raised again and again, the
    stop usually lands outside the ``try``, at the loop's jump back.  Not
    always: loops inside loops, each in its own ``try``, can catch every one,
    and a thread cannot be killed.  Such a worker, if it kept a processor
    busy meanwhile (:data:`RUNAWAY_CPU`; one blocked in a long sleep does not,
    and ends by itself), is noted, and every later :func:`call` refuses to run
    until it has ended (see :func:`_no_runaway`).
    """
    before = _cpu_seconds(worker)
    for _ in range(REAP_TRIES):
        worker.join(REAP_EVERY)
        if not worker.is_alive():
            return
        _raise_in(worker.ident)
    after = _cpu_seconds(worker)
    busy = before is None or after is None or after - before >= RUNAWAY_CPU * REAP_EVERY * REAP_TRIES
    if worker.is_alive() and busy:      # one that waits (a long sleep, a read) harms nothing, and ends by itself
        _runaways.append((worker, what))


def _cpu_seconds(worker):
    """The processor time ``worker`` has used so far, where Linux tells it (``/proc``); else None."""
    try:
        with open(f"/proc/self/task/{worker.native_id}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError, TypeError):
        return None


def _no_runaway() -> None:
    """Raise RuntimeError while a worker that survived every stop is still running and using a processor (it
    takes a core, and every limit kept beside it would be kept unfairly)."""
    _runaways[:] = [(w, what) for w, what in _runaways if w.is_alive()]
    if _runaways:
        what = _runaways[0][1]
        raise RuntimeError(f"{what} is still running {REAP_EVERY * REAP_TRIES:g} s after its time limit, and "
                           f"using the processor: either it catches every stop raised into it (an `except "
                           f"BaseException` inside a loop?), or it is inside one long call that cannot be "
                           f"interrupted. Python cannot end a thread from outside: restart the kernel (Kernel > "
                           f"Restart Kernel), and change that code, before running more.")


def _in_thread(fn, args, kwargs, seconds, what):
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
        _raise_in(worker.ident)
        raise
    if worker.is_alive():
        _raise_in(worker.ident)
        threading.Thread(target=_reap, args=(worker, what), name=f"advsearch: stopping {what}", daemon=True).start()
        raise TimeLimitExceeded(what, seconds)
    if "error" in outcome:
        error = outcome.pop("error")
        raise error
    return outcome["value"]


def call(fn, *args, seconds, what="the code", **kwargs):
    """``fn(*args, **kwargs)``, or :class:`TimeLimitExceeded` once ``seconds`` have passed.

    ``seconds=None`` calls ``fn`` directly, with no limit, and so does a limit longer
    than a thread can wait (``threading.TIMEOUT_MAX``, about 292 years).  The call sees the
    caller's context variables.  Whatever ``fn`` raises is raised here; an
    interrupt (the notebook's stop button) while waiting stops the worker too.
    While code an earlier call gave up on still runs and keeps a processor busy,
    having caught every stop raised into it, this raises RuntimeError saying to
    restart the kernel.
    Where threads are missing the limit is kept cooperatively (see the module's
    description): code that does not come back to the package is stopped only
    when it returns.
    """
    if validation.budget("seconds", seconds) is None or seconds >= threading.TIMEOUT_MAX:
        return fn(*args, **kwargs)
    if mode() == "threads":
        _no_runaway()
        return _in_thread(fn, args, kwargs, seconds, what)
    return _cooperatively(fn, args, kwargs, seconds, what)
