"""What a number in an answer may be: the one rule that the exercise checkers and the graders share.

A student writes a value by hand, or a search function returns one.  Only a
plain int, a finite float or a :class:`~fractions.Fraction` counts: not a bool
(``True == 1``), not a subclass (which could redefine ``==`` to agree with
anything), not NaN or an infinity.  :mod:`advsearch.check` gives the sentence
as feedback; the sandboxed grader (:mod:`advsearch.autograde.problemsets`)
refuses the answer with it, so both accept exactly the same answers.
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction

__all__ = ["number_problem", "close", "same_number"]

#: How near two numbers must be to count as the same answer (0.1 + 0.2 for 0.3).
TOLERANCE = 1e-9

#: The largest int, numerator or denominator an answer may give: any float holds it, and it prints.
LARGEST = 10 ** 300


def close(a, b) -> bool:
    """Equal, or equal as floats within :data:`TOLERANCE`; False when either cannot be read as a float.

    >>> close(0.1 + 0.2, 0.3), close(Fraction(1, 3), 1 / 3), close(float("inf"), float("inf")), close("x", 3)
    (True, True, True, False)
    """
    if a == b:
        return True
    try:
        return math.isclose(float(a), float(b), rel_tol=TOLERANCE, abs_tol=TOLERANCE)
    except (TypeError, ValueError, OverflowError):
        return False


def same_number(answer, right) -> bool:
    """Whether ``answer`` is the number ``right``, within :data:`TOLERANCE`; a bool or a non-number never is.

    >>> same_number(1 / 3, Fraction(1, 3)), same_number(True, 1), same_number("3", 3)
    (True, False, False)
    """
    return isinstance(answer, numbers.Real) and not isinstance(answer, bool) and close(answer, right)


def number_problem(x) -> str | None:
    """Why ``x`` is not a number an answer may give, or None when it is one.

    Examples
    --------
    >>> number_problem(Fraction(13, 3)) is None, number_problem(3) is None
    (True, True)
    >>> number_problem(True)
    'True is a bool, not a number'
    >>> number_problem(float("nan"))
    'nan is not a finite number'
    >>> class Liar(int):
    ...     def __eq__(self, other): return True
    >>> number_problem(Liar(0))
    '0 is a Liar, not an int, float or Fraction'
    >>> number_problem(10 ** 400)
    'a number of more than 300 digits is too large for an answer'
    """
    if type(x) is bool:
        return f"{x!r} is a bool, not a number"
    if type(x) not in (int, float, Fraction):
        return f"{_quoted(x)} is a {type(x).__name__}, not an int, float or Fraction"
    if type(x) is float and not math.isfinite(x):
        return f"{x!r} is not a finite number"
    if type(x) is int and abs(x) > LARGEST or type(x) is Fraction and max(abs(x.numerator), x.denominator) > LARGEST:
        return "a number of more than 300 digits is too large for an answer"
    return None


def _quoted(x) -> str:
    """``repr(x)``, cut to 200 characters, or the type's name when the repr raises (a student's own class)."""
    try:
        text = repr(x)
    except Exception:
        return f"<a {type(x).__name__}>"
    return text if len(text) <= 200 else text[:199] + "…"
