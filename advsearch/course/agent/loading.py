"""The student's agent file, ``my_agent.py``, loaded afresh each time: a module, or feedback saying why not.

Each check reads the file from disk and runs it as a new module, so that what
is checked is what the file holds now, not what an earlier ``import`` left in
memory.  A file that is missing, does not compile, raises, or runs too long
gives a :class:`~advsearch.course.shared.feedback.Feedback` naming the
problem and its line; nothing is raised.

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "my_agent.py").write_text("def minimax(game, state):\\n    return 0\\n")
>>> module, problem = load(folder / "my_agent.py")
>>> module.minimax(None, None), problem
(0, None)
>>> _ = (folder / "my_agent.py").write_text("def minimax(game, state)\\n    return 0\\n")
>>> print(load(folder / "my_agent.py")[1])      # doctest: +ELLIPSIS
my_agent.py could not be loaded: SyntaxError at line 1: expected ':'. ...
>>> print(function_in(load(folder / "nothing.py")[0], "minimax", folder / "nothing.py")) # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: ...
"""

from __future__ import annotations

import os
import sys
import traceback
import types

from ... import timeout
from ..shared.feedback import Feedback, not_answered
from ..shared.untrusted import said

#: The student's file, looked for in the current folder (the notebook's) unless a path is given.
AGENT_FILE = "my_agent.py"
#: Seconds the file's top-level code may run (its imports, tables it builds).
LOAD_SECONDS = 20.0


def load(path=AGENT_FILE):
    """``(module, None)`` with the file run afresh as the module ``my_agent``, or ``(None, feedback)`` saying why not.

    The fresh module replaces any ``my_agent`` in ``sys.modules`` (an
    earlier load of the same file), so an ``import my_agent`` after a check
    sees the same code; a module of another file with that name (``random``
    for a file ``random.py``) is left in place.
    """
    path = os.fspath(path)
    name = os.path.basename(path)
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read()
    except FileNotFoundError:
        return None, Feedback(False, f"{name} was not found in {os.path.abspath(os.path.dirname(path) or '.')}. "
                                     f"It is the file beside the exercise notebooks (exercises/{AGENT_FILE}); "
                                     f"open the notebook from that folder, or pass path= to the check.")
    except (OSError, UnicodeDecodeError) as error:
        return None, Feedback(False, f"{name} could not be read: {error}.")
    try:
        code = compile(source, path, "exec")
    except SyntaxError as error:
        at = f" at line {error.lineno}" if error.lineno else ""
        return None, Feedback(False, f"{name} could not be loaded: SyntaxError{at}: {error.msg}. "
                                     f"Fix the file, save it, and run this cell again.")
    except ValueError as error:
        return None, Feedback(False, f"{name} could not be loaded: {error}.")
    module = types.ModuleType(os.path.splitext(name)[0] or "my_agent")
    module.__file__ = os.path.abspath(path)
    try:
        timeout.call(exec, code, module.__dict__, seconds=LOAD_SECONDS, what=f"{name}'s top-level code")
    except timeout.TimeLimitExceeded:
        return None, Feedback(False, f"{name} could not be loaded: its top-level code ran for more than "
                                     f"{LOAD_SECONDS:g} s (a loop outside any function?).")
    except BaseException as error:      # noqa: B036 -- the student's code may raise anything, SystemExit too
        if isinstance(error, KeyboardInterrupt):
            raise
        return None, Feedback(False, f"{name} could not be loaded: its top-level code raised "
                                     f"{type(error).__name__}{_at_line(error, path)}: {said(error)}. "
                                     f"Fix the file, save it, and run this cell again.")
    held = sys.modules.get(module.__name__)
    mine = module.__name__ == os.path.splitext(AGENT_FILE)[0] or getattr(held, "__file__", None) == module.__file__
    if held is None or mine:                        # never another module's name
        sys.modules[module.__name__] = module       # (a file named random.py would replace the standard random)
    return module, None


def _at_line(error, path) -> str:
    """`` at line N`` of the last frame of ``error``'s traceback in the file ``path``, or nothing."""
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == path]
    return f" at line {lines[-1]}" if lines else ""


def function_in(module, name, path=AGENT_FILE):
    """``(fn, None)``: the function ``name`` of the loaded file, or ``(None, feedback)`` if it has none.

    Raises
    ------
    ValueError
        ``module`` is None (a file that did not load has no functions).
    """
    if module is None:
        raise ValueError(f"{os.fspath(path)} did not load; ask load() for the reason")
    fn = getattr(module, name, None)
    if fn is None:
        return None, not_answered(f"{os.path.basename(os.fspath(path))} defines no {name}. Write "
                                  f"def {name}(...) there, as its comments say, and save the file.")
    if not callable(fn):
        return None, Feedback(False, f"In {os.path.basename(os.fspath(path))}, {name} is a "
                                     f"{type(fn).__name__}, not a function.")
    return fn, None


def functions(path, names):
    """``({name: fn}, None)``: the file ``path`` loaded afresh and its functions ``names``; or ``(None, feedback)``
    saying why the file did not load or which function it lacks first.

    >>> import pathlib, tempfile
    >>> file = pathlib.Path(tempfile.mkdtemp()) / "my_agent.py"
    >>> _ = file.write_text("def minimax(game, state):\\n    return 1\\n")
    >>> fns, problem = functions(file, ["minimax"])
    >>> fns["minimax"](None, None), problem
    (1, None)
    >>> print(functions(file, ["minimax", "alphabeta"])[1])   # doctest: +ELLIPSIS
    Not answered yet: my_agent.py defines no alphabeta. ...
    """
    module, problem = load(path)
    if problem is not None:
        return None, problem
    found = {}
    for name in names:
        found[name], problem = function_in(module, name, path)
        if problem is not None:
            return None, problem
    return found, None
