"""Checks of the numbers a caller passes: one rule for each kind, written once for the whole package.

A parameter is checked where it comes in, by one of these, and a bad one is a
ValueError that names the parameter, says what it must be, and shows what it
got.  A bool is never a number here (``True`` is not a count of games), and
NaN is never a number (it compares neither above nor below anything).

- :func:`whole_number`: an int (not a bool), within bounds if given;
- :func:`count`: a whole number >= 1 (games, iterations, cells);
- :func:`positive_number`: an int, float or Fraction > 0;
- :func:`real_number`: a finite number, at least a bound if given;
- :func:`budget`: a limit, a positive number, or None for no limit;
- :func:`probability`: a number from 0 to 1;
- :func:`seed`: an int or a str, which makes the same again;
- :func:`points`: what a question is worth, a positive number;
- :func:`is_whole_number`, :func:`is_number`: the same tests as questions, for
  code that reads an answer rather than rejecting a parameter.

Good input comes back unchanged (whole numbers as ``int``, points as
``float``), so a check reads as an assignment:

>>> games = count("games", 10)
>>> games
10
>>> count("games", 0)
Traceback (most recent call last):
...
ValueError: games must be a whole number >= 1, not 0
>>> whole_number("openings", True, least=0)
Traceback (most recent call last):
...
ValueError: openings must be a whole number >= 0, not True
"""

from __future__ import annotations

import math
import numbers


def is_whole_number(x) -> bool:
    """Is ``x`` an int (any ``numbers.Integral``), and not a bool?

    >>> is_whole_number(3), is_whole_number(True), is_whole_number(3.0)
    (True, False, False)
    """
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def is_number(x) -> bool:
    """Is ``x`` an int, float or Fraction (any ``numbers.Real``), and neither a bool nor NaN?

    Infinities are numbers here; :func:`real_number` asks for a finite one.

    >>> is_number(2.5), is_number(float("inf")), is_number(float("nan")), is_number(False), is_number("1")
    (True, True, False, False, False)
    """
    return isinstance(x, numbers.Real) and not isinstance(x, bool) and x == x


def whole_number(name: str, x, *, least=None, most=None) -> int:
    """``x`` as an int if it is a whole number from ``least`` to ``most`` (None: no bound); else a ValueError.

    >>> whole_number("plies", 4, least=0), whole_number("step", -1)
    (4, -1)
    >>> whole_number("depth", 2.0, least=1)
    Traceback (most recent call last):
    ...
    ValueError: depth must be a whole number >= 1, not 2.0
    >>> whole_number("max_visits", 300, least=4, most=200)
    Traceback (most recent call last):
    ...
    ValueError: max_visits must be a whole number from 4 to 200, not 300
    """
    if is_whole_number(x) and (least is None or x >= least) and (most is None or x <= most):
        return int(x)
    if least is not None and most is not None:
        kind = f"a whole number from {least} to {most}"
    elif least is not None:
        kind = f"a whole number >= {least}"
    elif most is not None:
        kind = f"a whole number <= {most}"
    else:
        kind = "a whole number"
    raise ValueError(f"{name} must be {kind}, not {x!r}")


def count(name: str, x) -> int:
    """``x`` as an int if it is a whole number >= 1 (how many games, iterations, cells); else a ValueError.

    >>> count("iterations", 100)
    100
    >>> count("iterations", 2.5)
    Traceback (most recent call last):
    ...
    ValueError: iterations must be a whole number >= 1, not 2.5
    """
    return whole_number(name, x, least=1)


def positive_number(name: str, x):
    """``x`` if it is a number > 0 (infinity is one); else a ValueError naming ``name``.

    >>> positive_number("scale", 0.5)
    0.5
    >>> positive_number("win", float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: win must be a positive number, not nan
    """
    if is_number(x) and x > 0:
        return x
    raise ValueError(f"{name} must be a positive number, not {x!r}")


def real_number(name: str, x, *, least=None):
    """``x`` as a float if it is a finite number, at least ``least`` if given; else a ValueError.

    >>> real_number("learning_rate", 1), real_number("weight", -2.5)
    (1.0, -2.5)
    >>> real_number("l2", -1, least=0)
    Traceback (most recent call last):
    ...
    ValueError: l2 must be a finite number >= 0, not -1
    >>> real_number("the weight of 'centre'", float("inf"))
    Traceback (most recent call last):
    ...
    ValueError: the weight of 'centre' must be a finite number, not inf
    """
    if is_number(x) and (isinstance(x, numbers.Integral) or math.isfinite(x)) and (least is None or x >= least):
        try:
            out = float(x)
        except OverflowError:           # an int beyond a float's range is finite, but no float holds it
            pass
        else:
            return out
    kind = "a finite number" if least is None else f"a finite number >= {least:g}"
    raise ValueError(f"{name} must be {kind}, not {x!r}")


def budget(name: str, x, *, whole: bool = False):
    """A limit the caller gives (``time_limit``, ``max_nodes``, ``iterations``, a time per move): ``x`` if it is
    a positive number (a whole one if ``whole``), or None, which means no limit; else a ValueError naming ``name``.

    A budget that is *used up* is something else: searches raise
    :class:`~advsearch.search.base.BudgetExceeded` for that.

    >>> budget("max_nodes", 100, whole=True), budget("seconds", None)
    (100, None)
    >>> budget("iterations", 2.5, whole=True)
    Traceback (most recent call last):
    ...
    ValueError: iterations must be a positive whole number, not 2.5
    >>> budget("time_limit", -1)
    Traceback (most recent call last):
    ...
    ValueError: time_limit must be a positive number, not -1
    """
    if x is None or ((is_whole_number(x) if whole else is_number(x)) and x > 0):
        return x
    raise ValueError(f"{name} must be a positive {'whole number' if whole else 'number'}, not {x!r}")


def probability(name: str, x):
    """``x`` if it is a number from 0 to 1; else a ValueError naming ``name``.

    >>> probability("epsilon", 0.1)
    0.1
    >>> probability("epsilon", 1.5)
    Traceback (most recent call last):
    ...
    ValueError: epsilon must be a probability between 0 and 1, not 1.5
    """
    if is_number(x) and 0 <= x <= 1:
        return x
    raise ValueError(f"{name} must be a probability between 0 and 1, not {x!r}")


def seed(x):
    """``x`` if it is an int or a str, a seed that makes the same exercise again in every process; else a ValueError.

    (None would mean a new exercise every time.)

    >>> seed(7), seed("ps1:alice")
    (7, 'ps1:alice')
    >>> seed(None)
    Traceback (most recent call last):
    ...
    ValueError: seed must be an int or a str, so that the exercise can be made again; not None
    """
    if isinstance(x, str) or is_whole_number(x):
        return x
    raise ValueError(f"seed must be an int or a str, so that the exercise can be made again; not {x!r}")


def points(x) -> float:
    """What a question is worth: ``x`` as a float if it is a positive number; else a ValueError (the grader's slip).

    >>> points(3)
    3.0
    >>> points(0)
    Traceback (most recent call last):
    ...
    ValueError: points must be a positive number, not 0
    """
    return float(positive_number("points", x))
