"""``check.agent_file(step)``: one step of the agent, read afresh from ``my_agent.py``, checked by its sheet's checker.

Each step is a function of the file, checked exactly as the sheet's own
checker checks a function written in a cell: the same trees, games and
feedback.

=====================  ==================  =====================================================
step                   function            checker (sheet)
=====================  ==================  =====================================================
``"minimax"``          ``minimax``         ``check.implementation(fn, "minimax")`` (01)
``"alphabeta"``        ``alphabeta``       ``check.implementation(fn, "alphabeta")`` (02)
``"evaluate"``         ``evaluate``        ``check.evaluation(fn, games=24, seed=0)`` (03)
``"alphabeta_limited"````alphabeta_limited````check.implementation(fn, "alphabeta")`` (03)
``"deepening"``        ``deepening``       ``check.check_deepening(fn)`` (03)
``"uct"``              ``mcts``            ``check.implementation(fn, "uct")`` (06)
=====================  ==================  =====================================================

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "my_agent.py").write_text('''
... import advsearch as ads
... def minimax(game, state):
...     if game.is_terminal(state):
...         return game.utility(state, ads.MAX)
...     values = [minimax(game, game.result(state, a)) for a in game.actions(state)]
...     return max(values) if game.to_move(state) == ads.MAX else min(values)
... def alphabeta(game, state):
...     raise NotImplementedError
... ''')
>>> agent_file("minimax", path=folder / "my_agent.py").ok
True
>>> print(agent_file("alphabeta", path=folder / "my_agent.py"))     # doctest: +ELLIPSIS
Not answered yet: your function raises NotImplementedError. ...
>>> print(agent_file("uct", path=folder / "my_agent.py"))           # doctest: +ELLIPSIS
Not answered yet: my_agent.py defines no mcts. ...
"""

from __future__ import annotations

from ..implementation import implementation
from ..limits.deepening import check_deepening
from ..limits.evaluation_match import evaluation
from .loading import AGENT_FILE, functions


def _minimax(fn, **keywords):
    return implementation(fn, "minimax", **keywords)


def _alphabeta(fn, **keywords):
    return implementation(fn, "alphabeta", **keywords)


def _evaluate(fn, **keywords):
    return evaluation(fn, **{"games": 24, "seed": 0, **keywords})


def _uct(fn, **keywords):
    return implementation(fn, "uct", **keywords)


#: Each step: the function of the file it checks, and the checker of its sheet.
STEPS = {
    "minimax": ("minimax", _minimax),
    "alphabeta": ("alphabeta", _alphabeta),
    "evaluate": ("evaluate", _evaluate),
    "alphabeta_limited": ("alphabeta_limited", _alphabeta),
    "deepening": ("deepening", check_deepening),
    "uct": ("mcts", _uct),
}


def agent_file(step, path=AGENT_FILE, **keywords):
    """Load ``my_agent.py`` afresh and check the function of ``step`` with its sheet's checker.

    Parameters
    ----------
    step : str
        One of :data:`STEPS`.
    path : path
        The agent file; ``my_agent.py`` in the current folder (the notebook's) by default.
    **keywords
        Passed to the checker (``trees=``, ``games=``, ...), as a lecturer may.

    Returns
    -------
    Feedback
        The checker's feedback; or, when the file cannot be loaded or lacks
        the function, feedback that says so.

    Raises
    ------
    ValueError
        An unknown ``step`` (the message lists them).
    """
    if step not in STEPS:
        raise ValueError(f"unknown step {step!r}; the steps are {', '.join(STEPS)}")
    name, checker = STEPS[step]
    found, problem = functions(path, [name])
    return problem if problem is not None else checker(found[name], **keywords)
