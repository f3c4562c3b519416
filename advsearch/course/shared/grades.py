"""The verdict of a hidden test, :class:`Grade`, and the arithmetic of points every grader shares.

Points are shared out by :func:`share` (rounded down to hundredths, so
partial credit never rounds up to full marks), checked by
:func:`advsearch.validation.points`, and numbers in reports are written by
:func:`number_text` and :func:`value_text`.  :func:`same_number` is how an
answer is compared with the right value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from ...answers import same_number


@dataclass
class Grade:
    """The verdict of a hidden test.

    Attributes
    ----------
    points, out_of : float
        The points earned and the most the test gives.
    text : str
        The report for the student: what was checked, what was found and why.
    convention : str or None
        The key of the :data:`~advsearch.course.alphabeta.conventions.CONVENTIONS` entry (or, for pruned leaves, the
        cut test "lecture"/"strict", "reversed") the answer followed, when one
        fits.
    mistake : str or None
        A key of :data:`advsearch.check.MISTAKES` when one was diagnosed, or
        of the graders' own :data:`~advsearch.grading.MULTIPLAYER_MISTAKES` and
        :data:`~advsearch.grading.MAXN_MODELS`.
    details : dict
        Numbers behind the verdict (per-tree results, match scores, ...).
    """

    points: float
    out_of: float
    text: str
    convention: str | None = None
    mistake: str | None = None
    details: dict = field(default_factory=dict)

    def report(self) -> str:
        """The text a student reads: the verdict, then the points.

        Examples
        --------
        >>> print(Grade(1.5, 2.0, "One value is wrong.").report())
        One value is wrong.
        Points: 1.5 of 2.
        """
        return f"{self.text}\nPoints: {number_text(self.points)} of {number_text(self.out_of)}."

    def award(self) -> float:
        """Print the report and return the points, for the last line of a test run in the notebook.

        nbgrader reads a number shown as a test cell's result as its partial
        credit.
        """
        print(self.report())
        return float(self.points)

    def __str__(self) -> str:
        return f"{self.text} ({number_text(self.points)}/{number_text(self.out_of)})"


def number_text(x) -> str:
    """A number as a report writes it: floats to at most two decimals, without trailing zeros.

    >>> number_text(1.5), number_text(2.0), number_text(0.333), number_text(3)
    ('1.5', '2', '0.33', '3')
    """
    return f"{x:.2f}".rstrip("0").rstrip(".") if isinstance(x, float) else str(x)


def no_function(fn, out_of: float, note: str, name: str, signature: str):
    """A zero Grade when the answer cell left ``fn`` undefined or defined no function; None when it is one.

    >>> print(no_function(None, 3.0, "", "maxn", "(game, state) -> vector").report())
    No maxn function was found: define it in the answer cell.
    Points: 0 of 3.
    >>> no_function(len, 3.0, "", "maxn", "(game, state) -> vector") is None
    True
    """
    if fn is None or fn is Ellipsis:
        return Grade(0.0, out_of, note + f"No {name} function was found: define it in the answer cell.")
    if not callable(fn):
        return Grade(0.0, out_of, note + f"The answer is {type(fn).__name__}, not a function {signature}.")
    return None


def share(points: float, fraction: float) -> float:
    """``points`` times ``fraction``, clamped to [0, points] and rounded to hundredths (never up)."""
    fraction = min(max(fraction, 0.0), 1.0)
    return math.floor(points * fraction * 100 + 1e-9) / 100


def value_text(x) -> str:
    """A right value as a report gives it: a fraction with its decimal, or the number.

    >>> value_text(__import__("fractions").Fraction(13, 3)), value_text(4)
    ('13/3 = 4.33333', '4')
    """
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{x.numerator}/{x.denominator} = {float(x):.6g}"
    return str(x)
