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
import unicodedata
from dataclasses import dataclass
from typing import NamedTuple

from .echo import echoed
from .handin import Refused, Tally, entries, hidden, kind_of, not_a_file, opened, read_file, read_folder


#: The file names that hold an agent, in the order they are looked for.
AGENT_FILES = ("agent.py", "agent.ipynb")
#: The longest submission name (a student id) the contest takes.
MAX_NAME = 64
#: What separates the two names in a game's id (``"alice vs bob #1"``): no name may hold it, or two games of
#: ``"x"`` against ``"y vs z"`` and ``"x vs y"`` against ``"z"`` would have one id.
VERSUS = " vs "


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
            h.update(path.encode("utf-8", "surrogateescape") + b"\0" + hashlib.sha256(data).digest())
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

    ``skipped`` maps each student id that cannot play to the reason, so
    that a student who submitted nothing, too much, twice (``alice.py`` and
    ``alice/``), or a link (:mod:`~advsearch.contest.handin` says what is
    refused) is reported, not fatal.  Hidden entries of ``folder`` and files
    that are not ``.py`` or ``.ipynb`` are not submissions.

    Raises
    ------
    ValueError
        ``folder`` is not a folder that can be read.
    """
    folder = os.fspath(folder)
    try:
        with opened(folder) as top:
            return _load(top)
    except (FileNotFoundError, NotADirectoryError):
        raise ValueError(f"the submissions folder {folder!r} does not exist or is not a folder") from None
    except OSError as error:
        raise ValueError(f"the submissions folder {folder!r} could not be read ({error.strerror})") from None


def _load(top) -> tuple:
    with os.scandir(top) as listing:
        found = sorted((entry.name, kind_of(entry.stat(follow_symlinks=False))) for entry in listing)
    handed_in = {}
    for entry, kind in found:
        name = _submission_name(entry, kind)
        if name is not None:
            handed_in.setdefault(name, []).append((entry, kind))
    entrants, skipped = [], {}
    for name, those in sorted(handed_in.items()):
        try:
            if len(those) > 1:
                raise Refused(f"{name} handed in {len(those)} submissions ({', '.join(e for e, _ in those)}); "
                              f"leave one")
            entrants.append(_read(top, *those[0], _checked_name(name)))
        except Refused as why:
            skipped[echoed(name)] = str(why)
    return entrants, skipped


def _submission_name(entry, kind) -> str | None:
    """The student id that the entry ``entry`` of the submissions folder is for; None if it is no submission
    (``README.md``, ``.DS_Store``)."""
    name, ext = os.path.splitext(entry)
    if hidden(entry) or (kind == "file" and ext not in (".py", ".ipynb")):
        return None
    return entry if kind == "folder" or ext not in (".py", ".ipynb") else name


def named_like(name: str, references):
    """The reference agent (of the names ``references``) whose name a submission's ``name`` is, also in another
    case or Unicode form, so that the tables could not tell them apart; else None.

    >>> named_like("Random", ["random", "alphabeta:2"]), named_like("randomly", ["random"])
    ('random', None)
    """
    return next((r for r in references if _folded(r) == _folded(name)), None)


def _folded(name: str) -> str:
    """A name as compared with the reference agents': Unicode-normalised (NFKC), case folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def _checked_name(name) -> str:
    """A submission's name, which the record, the tables and the terminal repeat: short, and printable."""
    if len(name) > MAX_NAME:
        raise Refused(f"its name is longer than {MAX_NAME} characters")
    if not name.isprintable():
        raise Refused("its name holds characters that cannot be printed (a line break, an escape code, or "
                      "bytes that are not UTF-8)")
    if VERSUS in name:
        raise Refused(f"its name holds {VERSUS!r}, which separates the agents in a game's id")
    if name != name.strip():
        raise Refused("its name starts or ends with a space, which no table would show")
    return name


def _read(top, entry, kind, name) -> Entrant:
    """The entrant that the entry ``entry`` of the open submissions folder ``top`` holds."""
    if kind == "file":
        return Entrant(name, _cells(entry, read_file(top, entry, entry, Tally(entry))), origin=entry)
    if kind != "folder":
        raise Refused(not_a_file(top, entry, entry, kind))
    with opened(entry, top, entry) as folder:
        home = _agent_home(folder, entry)
        where = os.path.normpath(os.path.join(entry, home))
        with opened(home, folder, where) as inner:
            files = read_folder(inner, where, Tally(where))
    contents = dict(files)
    agent = next((filename for filename in AGENT_FILES if filename in contents), None)
    if agent is None:
        raise Refused(f"no {' or '.join(AGENT_FILES)} in {where}")
    return Entrant(name, _cells(f"{where}/{agent}", contents[agent]), tuple(files), origin=f"{where}/{agent}")


def _agent_home(folder, shown) -> str:
    """Where in the open ``folder`` agent.py (or .ipynb) is: ``"."``, or the first folder just below that has it."""
    below = [name for name, kind in entries(folder, shown, Tally(shown)) if kind == "folder" and not hidden(name)]
    for candidate in ["."] + below:
        where = os.path.normpath(os.path.join(shown, candidate))
        with opened(candidate, folder, where) as inner:
            for filename in AGENT_FILES:
                try:
                    kind = kind_of(os.stat(filename, dir_fd=inner, follow_symlinks=False))
                except FileNotFoundError:
                    continue
                except OSError as error:
                    raise Refused(f"{where}/{filename} could not be read ({error.strerror})") from None
                if kind != "file":
                    raise Refused(not_a_file(inner, filename, f"{where}/{filename}", kind))
                return candidate
    raise Refused(f"no {' or '.join(AGENT_FILES)} in {shown} or a folder just below it")


def _cells(shown, data) -> tuple:
    """The code of an agent file's bytes: the whole of a ``.py``, the code cells of an ``.ipynb``."""
    try:
        text = data.decode("utf-8")
        if shown.endswith(".ipynb"):
            notebook = json.loads(text)
            cells = tuple("".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                          for c in notebook.get("cells", []) if c.get("cell_type") == "code")
        else:
            cells = (text,)
        if not all(isinstance(c, str) for c in cells):
            raise TypeError("a cell's source is not text")
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
        raise Refused(f"{shown} could not be read: {type(error).__name__}: {error}") from None
    if not any(c.strip() for c in cells):
        raise Refused(f"{shown} holds no code")
    return cells
