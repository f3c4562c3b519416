"""The trusted half of trusted grading: runs a submission in a sandbox and plays its functions from outside.

A :class:`Runner` starts :mod:`advsearch.sandbox.runner` in the sandbox of
:mod:`advsearch.sandbox.bubblewrap`, hands it the submission's cells, and then
asks it for answers: a by-hand answer comes back as plain data
(:meth:`Runner.value`), and a graded function is driven by
:class:`RemoteFunction`, which looks like an ordinary Python function to the
``assess_*`` functions of :mod:`advsearch.grading`.  While the student's
function runs in the sandbox, each call it makes to the game comes back here
and is answered by the real game, in this process, through the grader's
:class:`~advsearch.recording.RecordingGame`, which logs it.  The student's
process holds only opaque handles for states: it can reach neither the game,
nor the tree, nor the package's searches (the package is not in its
sandbox, or only the modules it may use are).

Nothing the student's code does to its own interpreter changes a grade: the
grade is computed here, from the data it sent and the calls it made.

Examples
--------
>>> from advsearch import examples, MAX
>>> with Runner(["def value(game, state):\\n    return game.utility(state, 0) if game.is_terminal(state) "
...              "else max(value(game, game.result(state, a)) for a in game.actions(state))"]) as r:
...     r.value("value") is not MISSING
...     leaf = examples.two_ply().initial_state.children[0].children[0]
...     RemoteFunction(r, "value")(examples.two_ply(), leaf)
True
3
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import selectors
import signal
import subprocess
import sys
import time
from fractions import Fraction

from . import bubblewrap, runner

_RUNNER = os.path.abspath(runner.__file__)
#: Limits of a runner: enough for any honest answer, far from what could hurt the machine.
RUNNER_LIMITS = bubblewrap.Limits(memory_mb=1024, cpu_seconds=300, processes=8, file_mb=8)
#: The most bytes of one message from the runner.
#: The longest message the graded code may send (a reply, a game call): answers are a few numbers.
MAX_MESSAGE = 1024 * 1024
#: The deepest nesting, and the most items, of one value the graded code sends (as ``runner.pack`` keeps).
MAX_DEPTH, MAX_ITEMS = 100, 100_000
#: The largest int (or numerator, or denominator) a value may hold: far below a float's largest (2**1024 - 1
#: already rounds to 2**1024, no float), so that every int taken, and a sum of any of them in one answer
#: (MCTS visits, say), is still a float.
MAX_INT = 2 ** 1000
#: The most times a runner's process is started for one submission (each start runs its cells again).
MAX_STARTS = 8


class NotData:
    """A value the student's process could not send as data: its type name and its repr."""

    def __init__(self, kind: str, text: str = "", callable: bool = False):
        self.kind, self.text, self.callable = kind, text, callable

    def __repr__(self) -> str:
        return f"<{self.kind}: {self.text}>" if self.text else f"<{self.kind}>"


#: What :meth:`Runner.value` returns for a name the submission never defined.
MISSING = NotData("not defined")


class RemoteError(Exception):
    """The student's code raised an exception (its type and message are in the text)."""

    def __init__(self, kind: str, message: str, where: str = ""):
        super().__init__(f"{kind}{': ' + message if message else ''}{f' ({where})' if where else ''}")
        self.kind, self.message, self.where = kind, message, where


class ProtocolError(Exception):
    """The sandboxed process sent something that is not a message of the protocol."""


class RunnerDied(Exception):
    """The sandboxed process ended, or stopped answering (``timed_out``), in the middle of a request.

    :attr:`sentence` says it as the end of "your function ...", for reports.
    """

    def __init__(self, message: str, timed_out: bool = False):
        super().__init__(message)
        self.timed_out = timed_out
        self.sentence = (f"did not finish: it was {message}" if timed_out else
                         f"ended the process it ran in ({message}: os._exit, a crash, or too much memory?)")


class SandboxFailed(RuntimeError):
    """The sandbox died before the grader's own first cell ran: a fault of the grading machine, not the student's."""


class BudgetUsedUp(RunnerDied):
    """The submission's whole time budget, or its number of fresh starts, is used up: nothing more runs."""

    def __init__(self, message: str):
        super().__init__(message, timed_out=True)
        self.sentence = f"was not run: {message}"


def unpack_answer(x):
    """Data from the runner as Python values of exactly the types sent (see ``runner.pack``).

    The runner is the student's process, so a reply may have any shape:
    whatever is not a value of the protocol raises :class:`ProtocolError`
    (the student's fault), never another error.

    Examples
    --------
    >>> unpack_answer({"dict": [["A", {"fraction": [13, 3]}], ["B", True]]})
    {'A': Fraction(13, 3), 'B': True}
    >>> unpack_answer({"other": "MyInt", "repr": "3"})
    <MyInt: 3>
    >>> unpack_answer({"dict": [[1, 2, 3]]})
    Traceback (most recent call last):
    ...
    advsearch.sandbox.remote.ProtocolError: not a value of the protocol (ValueError)
    """
    try:
        return _unpack_answer(x, 0, [MAX_ITEMS])
    except ProtocolError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError, OverflowError) as e:
        raise ProtocolError(f"not a value of the protocol ({type(e).__name__})") from None


def _unpack_answer(x, depth: int, left: list):
    """:func:`unpack_answer` at nesting ``depth``, with ``left[0]`` items still allowed in the whole value."""
    left[0] -= 1
    if depth > MAX_DEPTH or left[0] < 0:
        raise ProtocolError(f"a value nested deeper than {MAX_DEPTH} or with more than {MAX_ITEMS:,} items")
    if isinstance(x, list):
        raise ProtocolError("a bare list is not a value of the protocol")
    if not isinstance(x, dict):
        if type(x) is int and abs(x) >= MAX_INT:
            raise ProtocolError("a number too large to be a float")
        if x is None or type(x) in (bool, int, float, str):
            return x
        raise ProtocolError(f"not a value of the protocol: {type(x).__name__}")
    if "other" in x:
        return NotData(str(x["other"])[:80], str(x.get("repr", ""))[:200], x.get("callable") is True)
    if len(x) != 1:
        raise ProtocolError("a tagged value has exactly one tag")
    (tag, v), = x.items()
    if tag in ("list", "tuple", "set", "dict") and not isinstance(v, list):
        raise ProtocolError(f"a {tag} is sent as a list")
    if tag in ("list", "tuple", "set"):
        items = [_unpack_answer(i, depth + 1, left) for i in v]
        return {"list": list, "tuple": tuple, "set": _safe_set}[tag](items)
    if tag == "dict":
        out = {}
        for pair in v:
            k, w = pair
            key = _unpack_answer(k, depth + 1, left)
            try:
                out[key] = _unpack_answer(w, depth + 1, left)
            except TypeError:
                raise ProtocolError("a dict key that cannot be hashed") from None
        return out
    if tag == "fraction":
        n, d = v
        if type(n) is not int or type(d) is not int or d == 0:
            raise ProtocolError("a Fraction is two ints")
        if abs(n) >= MAX_INT or abs(d) >= MAX_INT:
            raise ProtocolError("a number too large to be a float")
        return Fraction(n, d)
    if tag == "float":
        if not isinstance(v, str):
            raise ProtocolError("a float that is not finite is sent as its repr")
        return float(v)
    if tag == "state":
        if type(v) is not int:
            raise ProtocolError("a state handle is an int")
        return _Handle(v)
    raise ProtocolError(f"unknown tag {str(tag)[:40]!r}")


def _safe_set(items):
    try:
        return set(items)
    except TypeError:
        raise ProtocolError("a set of unhashable values") from None


class _Handle(int):
    """A state handle sent back by the runner."""


class Runner:
    """One sandboxed Python process that holds a submission's namespace.

    Parameters
    ----------
    cells : list of str
        The code to run, in order (the submission's cells); a cell that fails
        does not stop the next ones, as in nbgrader.
    package : bool or tuple of str
        Whether the ``advsearch`` package can be imported in the sandbox:
        graded searches run without it, contest agents with all of it, and
        an evaluation function graded by matches (``ps2``) with a tuple of
        the modules it may use (see :mod:`advsearch.sandbox.view`).
    cell_seconds : float
        Wall time a cell may take; a cell that takes longer is stopped, and
        the cells are run again without it.
    limits : bubblewrap.Limits
    workdir : str, optional
        A folder that becomes the process's working directory, readable by
        it but not writable (a contest agent's own folder: what it writes
        goes to its ``/tmp``, memory-backed and capped); by default it has
        none but that ``/tmp``.
    env : dict, optional
        More environment variables inside the sandbox.
    deadline : float, optional
        A ``time.monotonic()`` past which nothing more runs: every request
        then raises :class:`BudgetUsedUp` (the submission's time budget).
    max_starts : int
        The most times the process is started (:data:`MAX_STARTS`).

    The process is started on first use, and started again (with the same
    cells) after a request that did not finish, at most ``max_starts`` times
    in all; :attr:`cell_errors` lists what went wrong in which cell.
    """

    def __init__(self, cells, *, package: bool = False, cell_seconds: float = 10.0,
                 limits: bubblewrap.Limits = RUNNER_LIMITS, workdir: str | None = None, env: dict | None = None,
                 deadline: float | None = None, max_starts: int = MAX_STARTS):
        self.deadline = deadline
        self.max_starts = max_starts
        self.cells = list(cells)
        self.workdir = workdir
        self.env = {"PYTHONHASHSEED": "0", **(env or {})}
        self.package = package
        self.cell_seconds = cell_seconds
        self.limits = limits
        self.skipped = set()            # cells that never finished: left out when the process restarts
        self.cell_errors = {}
        self.process = None
        self.games = {}                 # handle -> game
        self.states = []                # handle -> state
        self.handles = {}               # state -> handle
        self.buffer = b""
        self.starts = 0
        self.by_value = False
        self.time_limits = []           # (end, seconds) of the graders' limits in force, innermost last
        self.state_base = self.game_base = 0    # handles issued before this call (see _forget)

    # -------------------------------------------------------------- the process

    def __enter__(self):
        try:
            self._ensure()
        except (RunnerDied, ProtocolError):     # no time left, or garbage on the pipe: the first request says
            pass                                # so, and is graded 0
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """End the sandboxed process, and everything it started."""
        p, self.process = self.process, None
        if p is None:
            return
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass
        try:
            p.kill()
        except OSError:
            pass
        for stream in (p.stdin, p.stdout):
            try:
                stream.close()
            except OSError:
                pass
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    @contextlib.contextmanager
    def limit(self, seconds: float):
        """Within the block, requests end once ``seconds`` have passed in all: a grader's time limit for one run.

        A request still running then raises :class:`RunnerDied` saying so
        (``timed_out``), and the process is started afresh for the next one;
        limits nest, the tightest holding.
        """
        self.time_limits.append((time.monotonic() + seconds, seconds))
        try:
            yield
        finally:
            self.time_limits.pop()

    def _left(self, seconds):
        """``seconds``, or what is left before the deadline if less; raises :class:`BudgetUsedUp` if nothing is.

        Running the cells (again) is bound by the deadline only: a grader's
        limit is for the request that follows.
        """
        if self.deadline is None:
            return seconds
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise BudgetUsedUp("the submission's time budget was used up")
        return left if seconds is None else min(seconds, left)

    def _bound(self, seconds):
        """``(left, said)``: the seconds a request may take now, and the limit to name if it takes longer."""
        now = time.monotonic()
        if self.deadline is not None and self.deadline <= now:
            raise BudgetUsedUp("the submission's time budget was used up")
        left, said = seconds, seconds
        if self.time_limits:
            end, limit = min(self.time_limits)
            if end <= now:
                raise RunnerDied(f"still running after {limit:g} s", timed_out=True)
            if left is None or end - now < left:
                left, said = end - now, limit
        if self.deadline is not None and (left is None or self.deadline - now < left):
            left = self.deadline - now
        return left, said

    def _start(self):
        if self.starts >= self.max_starts:
            raise BudgetUsedUp(f"its cells were already run {self.starts} times, the most this grader does")
        python = sys.executable if self.package else os.path.realpath(sys.executable)
        flags = ["-I"] if self.package else ["-I", "-S"]
        inside = _RUNNER if self.package is True else "/opt/advsearch/runner.py"
        argv = [python, *flags, inside]
        cmd = bubblewrap.command(argv, readable=[] if inside == _RUNNER else [(_RUNNER, inside)], package=self.package,
                              limits=self.limits, env=self.env, workdir=self.workdir,
                              workdir_mode="read-only")
        self.process = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        os.set_blocking(self.process.stdin.fileno(), False)
        self.buffer = b""
        self.starts += 1
        self.games.clear()
        try:
            self._send({"exec": [c for i, c in enumerate(self.cells) if i not in self.skipped]}, self.cell_seconds)
        except RunnerDied as e:                 # nothing of the student's has run yet
            self.close()
            raise SandboxFailed(f"the sandbox of the graded code did not start ({e})") from None
        kept = [i for i in range(len(self.cells)) if i not in self.skipped]
        for i in kept:
            try:
                seconds = self._left(self.cell_seconds)
                msg = self._receive(seconds)
            except BudgetUsedUp:
                self.close()
                raise
            except (RunnerDied, ProtocolError) as e:
                timed_out = getattr(e, "timed_out", False)
                if i == 0 and timed_out and seconds < self.cell_seconds:    # the budget, not the sandbox, ended
                    self.close()
                    raise BudgetUsedUp("the submission's time budget was used up") from None
                if i == 0:                      # the first cell is the grader's own: the sandbox did not start
                    self.close()
                    raise SandboxFailed(f"the sandbox of the graded code did not start ({e})") from None
                kind = "TimeLimitExceeded" if timed_out else "Died" if isinstance(e, RunnerDied) else "ProtocolError"
                self.cell_errors[i] = {"type": kind, "message": str(e)[:300], "where": f"cell {i}"}
                self.skipped.add(i)             # the cell wrote what is not the protocol, or did not end
                self.close()
                return self._start()
            except BaseException:
                self.close()
                raise
            error = msg.get("error") if isinstance(msg, dict) else None
            if error:
                self.cell_errors[i] = {k: str(error.get(k, ""))[:300] for k in ("type", "message", "where")} \
                    if isinstance(error, dict) else {"type": "Error", "message": "", "where": f"cell {i}"}
        try:
            self._expect_done(self._left(self.cell_seconds))
        except BaseException:                   # garbage after the last cell (from a thread, say): nothing
            self.close()                        # of this process may outlive the error
            raise

    def _ensure(self):
        if self.process is None or self.process.poll() is not None:
            self.close()
            self._start()

    def _send(self, message, seconds: float):
        """Write ``message`` to the runner, waiting at most ``seconds`` for it to read: code that stops reading
        its requests (while it writes game calls of its own, say) cannot block the grader."""
        data = memoryview(json.dumps(message, allow_nan=True).encode() + b"\n")
        fd = self.process.stdin.fileno()
        end = time.monotonic() + seconds
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_WRITE)
            while data:
                left = end - time.monotonic()
                if left <= 0:
                    raise RunnerDied(f"not reading the grader's requests after {seconds:g} s", timed_out=True)
                if not sel.select(left):
                    continue
                try:
                    data = data[os.write(fd, data):]
                except BlockingIOError:
                    continue
                except OSError:
                    raise RunnerDied("the graded code ended its own process") from None

    def _receive(self, seconds=None):
        deadline = None if seconds is None else time.monotonic() + seconds
        fd = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise RunnerDied(f"no answer after {seconds:g} s", timed_out=True)
            with selectors.DefaultSelector() as sel:
                sel.register(fd, selectors.EVENT_READ)
                if not sel.select(left):
                    continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise RunnerDied("the graded code ended its own process")
            self.buffer += chunk
            if len(self.buffer) > MAX_MESSAGE:
                raise ProtocolError(f"a message longer than {MAX_MESSAGE >> 20} MiB")
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            raise ProtocolError("a message that is not JSON") from None
        if not isinstance(message, dict):
            raise ProtocolError("a message that is not an object")
        return message

    def _expect_done(self, seconds):
        msg = self._receive(seconds)
        if "done" not in msg:
            raise ProtocolError(f"expected the end of a request, got {sorted(msg)}")
        return msg["done"]

    # -------------------------------------------------------------- requests

    def value(self, name: str, seconds: float = 10.0):
        """The value of ``name`` in the submission's namespace, as data; :data:`MISSING` if it is not defined.

        What cannot be sent as data (an object of a class of the student's,
        a subclass of int, ...) comes back as :class:`NotData`.
        """
        self._ensure()
        try:
            self._send({"get": name}, self._left(seconds))
            msg = self._receive(self._left(seconds))
            if "missing" in msg:
                return MISSING
            if "error" in msg:
                raise _remote_error(msg["error"])
            if "done" not in msg:
                raise ProtocolError("expected a value")
            return unpack_answer(msg["done"])
        except BaseException:
            self.close()
            raise

    def call(self, name: str, args, *, seconds: float = 60.0, random_state=None, states: str = "handle"):
        """Call the submission's function ``name`` with ``args``, answering its game calls here.

        Games among ``args`` stay here (the runner gets a handle); so do
        their states unless ``states="value"``, which sends states as data
        (for evaluation functions that read a board).  Raises
        :class:`RemoteError` if the function raised, and :class:`RunnerDied`
        if it ran past ``seconds`` or ended its process; the process is then
        started afresh for the next request.  Starting the process again
        does not count against a grader's limit (:meth:`limit`).
        """
        before, starts = time.monotonic(), self.starts
        self._ensure()
        if self.starts != starts:
            spent = time.monotonic() - before
            self.time_limits = [(end + spent, limit) for end, limit in self.time_limits]
        self.by_value = states == "value"
        self._forget()
        left, said = self._bound(seconds)
        deadline = time.monotonic() + left
        try:
            request = {"call": name, "args": [self._pack(a) for a in args]}
            if random_state is not None:
                r = random.Random()
                r.setstate(random_state)
                request["random"] = self._pack(r)
            self._send(request, max(deadline - time.monotonic(), 0.001))
            while True:
                msg = self._receive(max(deadline - time.monotonic(), 0.001))
                if "ask" in msg:
                    self._send(self._answer(msg), max(deadline - time.monotonic(), 0.001))
                elif "done" in msg:
                    return self._unpack(msg["done"])
                elif "error" in msg:
                    raise _remote_error(msg["error"])
                else:
                    raise ProtocolError(f"unexpected message {sorted(msg)}")
        except BudgetUsedUp:
            self.close()
            raise
        except RunnerDied as e:
            self.close()
            if e.timed_out:
                raise RunnerDied(f"still running after {said:g} s", timed_out=True) from None
            raise
        except RemoteError:
            raise
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------- games here

    def _forget(self) -> None:
        """Forget the games and states of earlier calls: a call may use only what it was given.

        Handles keep counting up, so that the runner (which keeps a proxy per
        game handle) never meets an old handle meaning something new.
        """
        self.state_base += len(self.states)
        self.game_base += len(self.games)
        self.games, self.states, self.handles = {}, [], {}

    def _handle(self, state) -> int:
        try:
            return self.handles[state]
        except KeyError:
            self.handles[state] = self.state_base + len(self.states)
            self.states.append(state)
            return self.handles[state]
        except TypeError:                                   # an unhashable state: a handle each time
            self.states.append(state)
            return self.state_base + len(self.states) - 1

    def _pack(self, x):
        if isinstance(x, random.Random):
            return runner.pack(x)                           # as the runner packs it
        if hasattr(x, "to_move") and hasattr(x, "actions") and hasattr(x, "initial_state"):
            handle = next((h for h, g in self.games.items() if g is x), None)
            if handle is None:
                handle = self.game_base + len(self.games)
                self.games[handle] = x
            return {"game": [handle, getattr(x, "num_players", 2), self._pack_state(x.initial_state)]}
        return self._pack_data(x)

    def _pack_state(self, state):
        return self._pack_data(state) if self.by_value else {"state": self._handle(state)}

    def _pack_data(self, x):
        t = type(x)
        if x is None or t in (bool, int, str):
            return x
        if t is float:
            return x if math.isfinite(x) else {"float": repr(x)}
        if t is Fraction:
            return {"fraction": [x.numerator, x.denominator]}
        if t in (list, tuple):
            return {t.__name__: [self._pack_data(i) for i in x]}
        if t is dict:
            return {"dict": [[self._pack_data(k), self._pack_data(v)] for k, v in x.items()]}
        return {"state": self._handle(x)}                   # anything else (a tree node, ...) is a state

    def _unpack(self, x):
        value = unpack_answer(x)
        try:
            return self._states_back(value)
        except (TypeError, RecursionError):
            raise ProtocolError("states where they cannot be (a key, a set)") from None

    def _states_back(self, v):
        if isinstance(v, _Handle):
            i = int(v) - self.state_base
            if not 0 <= i < len(self.states):
                raise ProtocolError(f"an unknown state handle {int(v)} (not one of this call's states)")
            return self.states[i]
        if isinstance(v, list):
            return [self._states_back(i) for i in v]
        if isinstance(v, tuple):
            return tuple(self._states_back(i) for i in v)
        if isinstance(v, dict):
            return {self._states_back(k): self._states_back(w) for k, w in v.items()}
        return v

    #: The game methods the graded code may call, and which arguments are states.
    METHODS = {"to_move": 1, "is_terminal": 1, "actions": 1, "chance_outcomes": 1, "result": 1,
               "utility": 1, "evaluate": 1}

    def _answer(self, msg) -> dict:
        """Answer one game call of the graded code (the real game, here, logs it)."""
        method, handle, args = msg.get("ask"), msg.get("game"), msg.get("args")
        game = self.games.get(handle) if isinstance(handle, int) else None
        if method not in self.METHODS or game is None or not isinstance(args, list):
            return {"raise": f"the game has no method {str(method)[:40]!r}" if game is not None else "no such game"}
        try:
            values = [self._unpack(a) for a in args]
        except ProtocolError as e:
            return {"raise": f"{method}: {e}"}
        if self.by_value and values:
            values[0] = _as_state(values[0])
        if method in ("result", "utility", "evaluate"):
            if len(values) != 2:
                return {"raise": f"{method} takes a state and {'an action' if method == 'result' else 'a player'}"}
        elif len(values) != 1:
            return {"raise": f"{method} takes one state"}
        if not self.by_value and not _known(values[0], self):
            return {"raise": f"{method}: that is not a state this game gave you"}
        try:
            out = getattr(game, method)(*values)
        except Exception as e:
            return {"raise": f"{type(e).__name__}: {e}"[:500]}
        if method == "result":
            return {"value": self._pack_state(out)}
        if method == "chance_outcomes":
            return {"value": {"list": [{"tuple": [self._pack_data(o), self._pack_data(p)]} for o, p in out]}}
        if method == "actions":
            return {"value": {"list": [self._pack_data(a) for a in out]}}
        return {"value": self._pack_data(out)}


def _remote_error(e) -> RemoteError:
    """The student's exception, as the runner described it (every string cut short)."""
    e = e if isinstance(e, dict) else {}
    return RemoteError(str(e.get("type", "Error"))[:80], str(e.get("message", ""))[:500], str(e.get("where", ""))[:80])


def _as_state(v):
    """A state sent by value comes back as lists where it was tuples: tuples again."""
    if isinstance(v, list):
        return tuple(_as_state(i) for i in v)
    return v


def _known(state, owner) -> bool:
    try:
        return state in owner.handles
    except TypeError:
        return any(s is state for s in owner.states)


class RemoteFunction:
    """A function of the submission, run in its sandbox, called like a local one.

    ``RemoteFunction(runner, "minimax")(game, state)`` calls the student's
    ``minimax`` with a handle of ``game``; every game call it makes is
    answered here by ``game`` itself.  A ``random.Random`` argument travels
    as its state, and the sandbox's global ``random`` gets the state of this
    process's, so seeded grading stays repeatable.

    An exception of the student's code is raised here as
    :class:`RemoteError`; a call that runs past ``seconds``, or that ends
    its process, raises :class:`RunnerDied` (whose ``sentence`` the graders'
    reports use).
    """

    def __init__(self, runner: Runner, name: str, *, seconds: float = 60.0, states: str = "handle"):
        self.runner, self.name, self.seconds, self.states = runner, name, seconds, states
        self.__name__ = name

    def __call__(self, *args):
        try:
            return self.runner.call(self.name, args, seconds=self.seconds, random_state=random.getstate(),
                                    states=self.states)
        except ProtocolError as e:
            raise RemoteError("ProtocolError", f"the graded code broke the grader's protocol ({e})") from None

    def __repr__(self) -> str:
        return f"<the submission's {self.name}, run in a sandbox>"
