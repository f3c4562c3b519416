"""Who plays in a contest: students' agents read from a folder of submissions, and reference agents.

A submission is Python code that defines ``agent(game, state) -> action``
(or ``agent(game, state, budget)``, to be told the contest's
:class:`Budget`).  A folder of submissions holds one entry per student id:

- ``<id>.py``, or ``<id>.ipynb`` (its code cells, in order);
- or a folder ``<id>/`` with ``agent.py`` (or ``agent.ipynb``) in it or in
  one sub-folder, as nbgrader collects them (``submitted/<id>/contest/``).
  The folder that holds the agent is the agent's own: it is copied into the
  agent's sandbox as its working directory, so the agent may read files it
  submitted with its code (weights, an opening book).

Reference agents join by the names of ``advsearch play``'s opponents:
``random``, ``alphabeta:3``, ``mcts:500``, ... (:func:`baseline`).

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "alice.py").write_text("def agent(game, state):\\n    return game.actions(state)[0]\\n")
>>> (folder / "bob" / "contest").mkdir(parents=True)
>>> _ = (folder / "bob" / "contest" / "agent.py").write_text("from advsearch.agents import random\\nagent = random()\\n")
>>> entrants, skipped = load_entrants(folder)
>>> [e.name for e in entrants], skipped
(['alice', 'bob'], {})
>>> baseline("alphabeta:2").name
'alphabeta:2'
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["Entrant", "Budget", "load_entrants", "baseline", "MAX_FOLDER_BYTES"]

#: The most bytes an agent's folder may hold: it travels with every game the agent plays.
MAX_FOLDER_BYTES = 5 * 1024 * 1024
#: The file names that hold an agent, in the order they are looked for.
AGENT_FILES = ("agent.py", "agent.ipynb")
_SKIP = re.compile(r"^(\.|__pycache__$|.*\.pyc$)")


class Budget(NamedTuple):
    """What an agent may spend on a move, passed to ``agent(game, state, budget)`` when it takes three arguments.

    Attributes
    ----------
    seconds : float or None
        The time per move; an agent that takes longer loses the game.
    max_nodes : int or None
        A node budget per move that the contest suggests (the reference
        agents keep to it); None for none.  Only time is enforced.
    """

    seconds: float | None = None
    max_nodes: int | None = None


@dataclass(frozen=True)
class Entrant:
    """One contestant: its name and its code, or the reference agent it is.

    Attributes
    ----------
    name : str
        The student id (or the reference agent's name).
    cells : tuple of str
        Its code, run in order in its sandbox (one cell for a ``.py`` file).
    files : tuple of (str, bytes)
        Its own folder, as relative paths and contents.
    reference : str or None
        For a reference agent, its opponent name (``"alphabeta:3"``); None
        for a submission.
    origin : str
        Where it was read from.
    """

    name: str
    cells: tuple = ()
    files: tuple = ()
    reference: str | None = None
    origin: str = ""

    @property
    def digest(self) -> str:
        """A hash of everything the entrant is: a contest resumes only with the same entrants."""
        h = hashlib.sha256(json.dumps([self.name, list(self.cells), self.reference]).encode())
        for path, data in self.files:
            h.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
        return h.hexdigest()[:16]


def baseline(spec: str) -> Entrant:
    """A reference agent, by the name ``advsearch play`` knows it by (``"random"``, ``"alphabeta:3"``, ...).

    Raises
    ------
    ValueError
        An unknown opponent, or a bad parameter.

    >>> baseline("chess-master")
    Traceback (most recent call last):
    ...
    ValueError: unknown opponent 'chess-master'; the opponents are random, alphabeta, solver, mcts
    """
    from ..registry import check_opponent
    check_opponent(spec)
    return Entrant(spec, reference=spec, origin="reference agent")


def load_entrants(folder) -> tuple:
    """The submissions in ``folder``: ``(entrants, skipped)``, sorted by name.

    ``skipped`` maps each entry that holds no agent to the reason, so that a
    student who submitted nothing (or too much) is reported, not fatal.

    Raises
    ------
    ValueError
        ``folder`` is not a folder, or two entries have the same student id
        (``alice.py`` and ``alice/``).
    """
    folder = os.fspath(folder)
    if not os.path.isdir(folder):
        raise ValueError(f"the submissions folder {folder!r} does not exist or is not a folder")
    entrants, skipped, seen = [], {}, {}
    for entry in sorted(os.listdir(folder)):
        path = os.path.join(folder, entry)
        if _SKIP.match(entry):
            continue
        name, ext = os.path.splitext(entry) if os.path.isfile(path) else (entry, "")
        if os.path.isfile(path) and ext not in (".py", ".ipynb"):
            continue
        if name in seen:
            raise ValueError(f"two submissions are called {name!r}: {seen[name]} and {entry}")
        seen[name] = entry
        try:
            entrants.append(_read(name, path))
        except _NoAgent as why:
            skipped[name] = str(why)
    return entrants, skipped


class _NoAgent(Exception):
    """A submission that holds no agent that could play (the reason is the message)."""


def _read(name, path) -> Entrant:
    if os.path.isfile(path):
        return Entrant(name, _cells(path), origin=path)
    agent = _agent_file(path)
    home = os.path.dirname(agent)
    return Entrant(name, _cells(agent), _folder(home), origin=agent)


def _agent_file(folder) -> str:
    """agent.py (or .ipynb) in ``folder`` or in exactly one folder below it."""
    for candidate in [folder] + sorted(os.path.join(folder, d) for d in os.listdir(folder)
                                       if not _SKIP.match(d) and os.path.isdir(os.path.join(folder, d))):
        for filename in AGENT_FILES:
            if os.path.isfile(os.path.join(candidate, filename)):
                return os.path.join(candidate, filename)
    raise _NoAgent(f"no {' or '.join(AGENT_FILES)} in {folder} or a folder just below it")


def _cells(path) -> tuple:
    try:
        if path.endswith(".ipynb"):
            with open(path, encoding="utf-8") as f:
                notebook = json.load(f)
            cells = tuple("".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                          for c in notebook.get("cells", []) if c.get("cell_type") == "code")
        else:
            with open(path, encoding="utf-8") as f:
                cells = (f.read(),)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise _NoAgent(f"{path} could not be read: {error}") from None
    if not any(c.strip() for c in cells):
        raise _NoAgent(f"{path} holds no code")
    return cells


def _folder(home) -> tuple:
    files, total = [], 0
    for root, dirs, names in os.walk(home):
        dirs[:] = sorted(d for d in dirs if not _SKIP.match(d))
        for filename in sorted(n for n in names if not _SKIP.match(n)):
            path = os.path.join(root, filename)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            total += os.path.getsize(path)
            if total > MAX_FOLDER_BYTES:
                raise _NoAgent(f"{home} holds more than {MAX_FOLDER_BYTES >> 20} MiB; an agent's folder "
                               f"travels with each of its games")
            with open(path, "rb") as f:
                files.append((os.path.relpath(path, home), f.read()))
    return tuple(files)
