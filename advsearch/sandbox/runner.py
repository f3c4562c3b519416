"""The untrusted half of trusted grading: runs a submission's code inside the sandbox.

This file is run as a script (``python -I -S runner.py``) inside the
sandbox of :mod:`advsearch.sandbox.bubblewrap`, and uses the standard library
only: the graded code runs without the ``advsearch`` package, so it cannot
call the package's searches, however it wraps them.

It speaks to the trusted referee (:mod:`advsearch.sandbox.remote`) in
JSON lines over its standard input and output, one request and one answer at
a time:

- ``{"exec": [source, ...]}``: run the submission's cells in one namespace;
  one answer ``{"cell": i, "error": ...}`` a cell, then ``{"done": null}``.
- ``{"get": name}``: the value of a name, as data: ``{"done": value}``.
- ``{"call": name, "args": [...], "random": state}``: call a function; while it
  runs, every call it makes to a game is asked of the referee
  (``{"ask": method, "game": id, "args": [...]}``, answered by ``{"value": ...}``
  or ``{"raise": message}``), and the end is ``{"done": value}`` or
  ``{"error": {...}}``.

Values travel as plain data (see :func:`pack`): ints, floats, strings,
``None``, bools, and tagged lists, tuples, sets, dicts and Fractions.
States of a game travel as opaque handles, so the graded code sees neither
the game nor the tree behind it.  What this process says is never believed
about anything but the answer itself: the referee keeps the log of the
game calls, and scores the answer by itself.
"""

import builtins
import io
import json
import math
import os
import random
import sys
import traceback
from fractions import Fraction

#: The most characters of a message, either way.
MAX_MESSAGE = 16 * 1024 * 1024
#: The most characters of output kept of a cell (the rest is counted, not kept).
MAX_OUTPUT = 10_000


class State:
    """A state of a graded game, as the graded code sees it: an opaque handle."""

    __slots__ = ("_id",)

    def __init__(self, handle):
        self._id = handle

    def __eq__(self, other):
        return type(other) is State and other._id == self._id

    def __hash__(self):
        return hash(("state", self._id))

    def __repr__(self):
        return f"<state {self._id}>"


class GameError(ValueError):
    """The game refused a call (an unknown state, an action that is not legal, ...)."""


class Channel:
    """JSON lines to and from the referee, on file descriptors of their own."""

    def __init__(self):
        # Keep the pipes, and point the ordinary descriptors elsewhere, so that
        # nothing the graded code prints can be taken for a message.
        self.inp = os.fdopen(os.dup(0), "rb", buffering=0)
        self.out = os.fdopen(os.dup(1), "wb", buffering=0)
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        self.buffer = b""

    def send(self, message):
        self.out.write(json.dumps(message, allow_nan=True).encode() + b"\n")

    def receive(self):
        while b"\n" not in self.buffer:
            chunk = self.inp.read(1 << 16)
            if not chunk:
                raise SystemExit(0)
            self.buffer += chunk
            if len(self.buffer) > MAX_MESSAGE:
                raise SystemExit("message too long")
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)


class Game:
    """A graded game: every call goes to the referee, which holds the real game and logs the call.

    ``to_move``, ``is_terminal`` and ``result`` are remembered per state (a
    game's answers never change), so asking twice costs nothing; ``actions``,
    ``chance_outcomes``, ``utility`` and ``evaluate`` always reach the
    referee, which logs them.
    """

    def __init__(self, channel, handle, num_players, initial_state):
        self._channel, self._id = channel, handle
        self.num_players = num_players
        self.initial_state = initial_state
        self._memo = {}

    def _ask(self, method, *args):
        self._channel.send({"ask": method, "game": self._id, "args": [pack(a) for a in args]})
        reply = self._channel.receive()
        if "raise" in reply:
            raise GameError(reply["raise"])
        return unpack(reply["value"], self._channel)

    def _remembered(self, method, *args):
        key = (method, *args)
        try:
            return self._memo[key]
        except KeyError:
            value = self._memo[key] = self._ask(method, *args)
            return value
        except TypeError:                       # an unhashable argument: let the referee say what is wrong
            return self._ask(method, *args)

    def to_move(self, state):
        return self._remembered("to_move", state)

    def is_terminal(self, state):
        return self._remembered("is_terminal", state)

    def result(self, state, action):
        return self._remembered("result", state, action)

    def actions(self, state):
        return self._ask("actions", state)

    def chance_outcomes(self, state):
        return self._ask("chance_outcomes", state)

    def utility(self, state, player):
        return self._ask("utility", state, player)

    def evaluate(self, state, player=0):
        return self._ask("evaluate", state, player)

    def __repr__(self):
        return "<graded game>"


_STATES = {}
_GAMES = {}


def pack(x, depth=0):
    """``x`` as JSON data; what is not plain data is described, not sent."""
    if depth > 100:
        return {"other": "nested too deeply"}
    t = type(x)
    if x is None or t is bool or t is int or t is str:
        return x
    if t is float:
        return x if math.isfinite(x) else {"float": repr(x)}
    if t is Fraction:
        return {"fraction": [x.numerator, x.denominator]}
    if t is State:
        return {"state": x._id}
    if t in (list, tuple, set, frozenset):
        items = list(x) if t in (list, tuple) else sorted(x, key=repr)
        return {t.__name__ if t is not frozenset else "set": [pack(i, depth + 1) for i in items]}
    if t is dict:
        return {"dict": [[pack(k, depth + 1), pack(v, depth + 1)] for k, v in x.items()]}
    if t is random.Random:
        version, internal, gauss = x.getstate()
        return {"random": [version, list(internal), gauss]}
    return {"other": t.__name__, "repr": _short_repr(x), "callable": callable(x)}


def _short_repr(x):
    try:
        return repr(x)[:200]
    except BaseException:                       # a repr that raises says nothing either
        return "?"


def unpack(x, channel=None):
    """The inverse of :func:`pack`, for what the referee sends."""
    if not isinstance(x, dict):
        return x
    (tag, v), = x.items()
    if tag == "list":
        return [unpack(i, channel) for i in v]
    if tag == "tuple":
        return tuple(unpack(i, channel) for i in v)
    if tag == "set":
        return {unpack(i, channel) for i in v}
    if tag == "dict":
        return {unpack(k, channel): unpack(w, channel) for k, w in v}
    if tag == "fraction":
        return Fraction(*v)
    if tag == "float":
        return float(v)
    if tag == "state":
        return _STATES.setdefault(v, State(v))
    if tag == "random":
        r = random.Random()
        r.setstate((v[0], tuple(v[1]), v[2]))
        return r
    if tag == "game":
        handle, players, initial = v
        if handle not in _GAMES:
            _GAMES[handle] = Game(channel, handle, players, unpack(initial, channel))
        return _GAMES[handle]
    raise ValueError(f"unknown tag {tag!r}")


class Captured(io.TextIOBase):
    """A text stream that keeps the first characters written to it and counts the rest."""

    def __init__(self):
        self.parts, self.kept, self.dropped = [], 0, 0

    def writable(self):
        return True

    def write(self, s):
        s = str(s)
        room = MAX_OUTPUT - self.kept
        self.parts.append(s[:max(room, 0)])
        self.kept += min(len(s), max(room, 0))
        self.dropped += max(len(s) - room, 0)
        return len(s)


def _error(e, filename_prefix="<cell"):
    """What went wrong in the graded code: the exception and the line of the submission it came from."""
    where = ""
    for frame in reversed(traceback.extract_tb(e.__traceback__)):
        if frame.filename.startswith(filename_prefix):
            where = f"{frame.filename[1:-1]}, line {frame.lineno}"
            break
    try:
        message = str(e)[:500]
    except BaseException:
        message = ""
    return {"type": type(e).__name__, "message": message, "where": where}


def _unsendable(e):
    return {"type": "NotData", "message": f"the value could not be sent back as data ({type(e).__name__} while "
                                          "packing it: an object whose own methods fail, or a number too long)",
            "where": ""}


def _packed(value):
    """The answer that carries ``value``; if packing it fails (its ``__repr__`` raises, ...), an error saying so."""
    try:
        return {"done": pack(value)}
    except BaseException as e:
        return {"error": _unsendable(e)}


def _source(text):
    """A cell's source with IPython's ``%magic`` and ``!shell`` lines made into ``pass``."""
    lines = []
    for line in text.splitlines():
        stripped = line.lstrip()
        if stripped.startswith(("%", "!")):
            line = line[:len(line) - len(stripped)] + "pass"
        lines.append(line)
    return "\n".join(lines)


def serve():
    channel = Channel()
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    while True:
        request = channel.receive()
        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = Captured()
        try:
            if "exec" in request:
                for i, text in enumerate(request["exec"]):
                    error = None
                    try:
                        exec(compile(_source(text), f"<cell {i}>", "exec"), namespace)
                    except BaseException as e:      # the cell failed; the next ones still run
                        error = _error(e)
                    sys.stdout = sys.stderr = Captured()
                    channel.send({"cell": i, "error": error})
                answer = {"done": None}
            elif "get" in request:
                name = request["get"]
                answer = _packed(namespace[name]) if name in namespace else {"missing": name}
            elif "call" in request:
                fn = namespace.get(request["call"])
                args = [unpack(a, channel) for a in request["args"]]
                if request.get("random") is not None:
                    random.setstate(unpack(request["random"]).getstate())
                try:
                    if not callable(fn):
                        raise NameError(f"{request['call']} is not defined as a function")
                    value = fn(*args)
                except BaseException as e:
                    answer = {"error": _error(e)}
                else:
                    answer = _packed(value)
            else:
                answer = {"error": {"type": "ProtocolError", "message": "unknown request", "where": ""}}
        finally:
            sys.stdout, sys.stderr = saved
        try:
            channel.send(answer)
        except (ValueError, TypeError, RecursionError) as e:
            channel.send({"error": _unsendable(e)})


if __name__ == "__main__":
    sys.setrecursionlimit(5000)
    serve()
