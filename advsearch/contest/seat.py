"""One agent at the board: its sandboxed process for one game, asked for moves over a pipe.

A :class:`Seat` is an :class:`advsearch.sandbox.remote.Runner`, the
process autograding runs student code in, with the ``advsearch`` package
importable and the agent's own folder (a private copy) as its working
directory: no network, no other file, memory and CPU limits, and nothing of
the referee's or the other agent's.  Between its moves all its processes are
stopped (:mod:`~advsearch.contest.freeze`), so that it cannot take CPU from
its opponent.  Whatever goes wrong comes out as a :class:`Forfeit` with the
reason in words, and the process is killed.

Examples
--------
>>> from advsearch.contest.entrants import Entrant, Budget
>>> with Seat(Entrant("first", ("def agent(game, state):\\n    return game.actions(state)[0]\\n",)),
...           "tictactoe", {}, seed=1, budget=Budget(5.0)) as seat:
...     seat.move([4])
0
"""

from __future__ import annotations

import contextlib
import math
import os
import shutil
import tempfile
import time

from ..sandbox import bubblewrap
from ..sandbox.remote import NotData, ProtocolError, RemoteError, Runner, RunnerDied
from . import freeze
from .inside import MOVE, mover_cell, reference_cell, seeding


#: Seconds an agent's code may take to load, all its cells together (its imports and top-level code).
LOAD_SECONDS = 20.0
#: Extra seconds of CPU time a whole game may use, beyond the moves' own time.
_CPU_SPARE = 30


class Forfeit(Exception):
    """The agent lost the game by its own fault: ``kind`` is one of :data:`FAULTS`, and the message says how.

    The message quotes what the agent did (its error, its move): whatever
    records it cuts it first (:func:`~advsearch.contest.echo.echoed`).
    """

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


#: The ways an agent can lose by its own fault.
FAULTS = ("load", "crash", "illegal", "time")


def limits_for(budget, memory_mb: int, max_moves: int = 200) -> bubblewrap.Limits:
    """Limits of an agent's process for one game: ``memory_mb``, and CPU for ``max_moves`` moves of its time."""
    seconds = budget.seconds if budget.seconds is not None else 60.0
    return bubblewrap.Limits(memory_mb=memory_mb, cpu_seconds=int(math.ceil(seconds * max_moves)) + _CPU_SPARE,
                          processes=16, file_mb=16)


class Seat:
    """An agent's sandboxed process for one game (a context manager: leaving it kills the process).

    Parameters
    ----------
    entrant : Entrant
    game : str
        The registered name of the game (``advsearch.cli.GAMES``).
    options : dict
        The game's options.
    seed : int
        Seeds the agent's ``random`` module (and a reference agent).
    budget : Budget
    memory_mb : int
        Address space of the agent's process, in MiB.
    """

    def __init__(self, entrant, game, options, *, seed, budget, memory_mb=1024):
        self.entrant, self.budget = entrant, budget
        code = (reference_cell(entrant.reference, game, options, seed),) if entrant.reference else entrant.cells
        self.cells = [seeding(seed), *code, mover_cell(game, options, tuple(budget))]
        self.folder = tempfile.mkdtemp(prefix="advsearch-agent-")
        _unpack(entrant.files, self.folder)
        self.runner = Runner(self.cells, package=True, cell_seconds=LOAD_SECONDS,
                             limits=limits_for(budget, memory_mb), workdir=self.folder,
                             env={"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"})

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.runner.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    @contextlib.contextmanager
    def _awake(self):
        """The agent's processes running for the length of the block, and stopped again after it."""
        self._all(freeze.resume)
        try:
            yield
        finally:
            self._all(freeze.stop)

    def _all(self, action):
        if self.runner.process is not None:
            action(self.runner.process.pid)

    def start(self) -> None:
        """Load the agent's code within :data:`LOAD_SECONDS` in all; :class:`Forfeit` if it fails (its error and
        where).

        Each cell, and the whole load, is cut at :data:`LOAD_SECONDS`: a notebook of many cells, each a little
        under the limit, would otherwise take hours before every game.
        """
        deadline = self.runner.deadline = time.monotonic() + LOAD_SECONDS
        try:
            with self._awake():
                self.runner.__enter__()
        except (RunnerDied, ProtocolError, OSError) as error:
            raise Forfeit("load", f"its code did not load ({error})") from None
        finally:
            self.runner.deadline = None                      # each move has its own time
        if self.runner.process is None:                      # the runner gave up: no time, or no start, left
            raise Forfeit("load", f"its code took more than {LOAD_SECONDS:g} s to load" if time.monotonic() >= deadline
                          else "its process ended each time its code was loaded")
        errors = {i: e for i, e in self.runner.cell_errors.items() if i > 0}     # cell 0 only seeds random
        if errors:
            i, e = min(errors.items())
            where = f" ({e.get('where')})" if e.get("where") else ""
            raise Forfeit("load", f"its code failed to load: {e.get('type')}: {e.get('message')}{where}")

    def defines_agent(self) -> bool:
        """Whether the agent's code defined ``agent`` as something callable."""
        try:
            with self._awake():
                value = self.runner.value("agent")
        except (RunnerDied, ProtocolError, RemoteError) as error:
            raise Forfeit("load", f"its code did not load ({error})") from None
        return isinstance(value, NotData) and value.callable

    def move(self, moves):
        """The agent's move after ``moves`` (from the initial state), within the budget's seconds."""
        seconds = self.budget.seconds if self.budget.seconds is not None else 24 * 3600.0
        try:
            with self._awake():
                action = self.runner.call(MOVE, [list(moves)], seconds=seconds)
        except RunnerDied as error:
            self.runner.close()
            if error.timed_out:
                raise Forfeit("time", f"took more than {seconds:g} s over a move") from None
            raise Forfeit("crash", f"its process ended ({error})") from None
        except RemoteError as error:
            raise Forfeit("crash", f"raised {error}") from None
        except ProtocolError as error:
            self.runner.close()
            raise Forfeit("crash", f"broke the referee's protocol ({error})") from None
        if isinstance(action, NotData):
            raise Forfeit("illegal", f"returned {action!r}, which is not a move")
        return action


def _unpack(files, folder):
    """Write an agent's files into its private folder (paths that would leave it are refused).

    The folder itself is the sandbox's alone (:func:`advsearch.sandbox.bubblewrap.command` hands it over);
    what is inside is readable by anyone who may enter it, whatever the instructor's ``umask``.
    """
    root = os.path.realpath(folder)
    for path, data in files:
        target = os.path.realpath(os.path.join(root, path))
        if not target.startswith(root + os.sep):
            raise ValueError(f"the agent's file {path!r} lies outside its folder")
        _folders(root, os.path.dirname(target))
        with open(target, "wb") as f:
            f.write(data)
        os.chmod(target, 0o644)


def _folders(root, inner):
    """Make the folder ``inner`` and those between it and ``root``, each readable and enterable by anyone."""
    if inner != root and not os.path.isdir(inner):
        _folders(root, os.path.dirname(inner))
        os.mkdir(inner)
        os.chmod(inner, 0o755)
