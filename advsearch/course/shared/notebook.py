"""The self-checks a student runs in the notebook while working: a checker under a time limit, off while autograded.

The notebook's own cells call :func:`self_check`; nothing here grades.  It
runs with the notebook's modules (no fresh copy): it only helps the student.
"""

from __future__ import annotations

from ... import check
from .identity import autograding
from ...timeout import TimeLimitExceeded
from .running import call, describe_error


class Skipped:
    """What :func:`self_check` shows while autograding."""

    ok = None
    text = "Self-check skipped while the notebook is autograded; the grader checks this answer outside the notebook."

    def __repr__(self) -> str:
        return self.text


def self_check(checker, *args, time_limit: float = 20.0, **kwargs):
    """Run a checker of :mod:`advsearch.check` on a student's answer, within a time limit.

    While nbgrader autogrades the notebook the check is skipped (the hidden
    tests grade the answer), which keeps grading quick and keeps a student's
    endless loop from costing more than one cell's timeout.

    Returns
    -------
    advsearch.check.Feedback
        The checker's feedback; if the answer runs past ``time_limit``
        seconds, or the checker fails, a Feedback that says so.

    Examples
    --------
    >>> from advsearch import check, examples
    >>> self_check(check.values, examples.two_ply(), {"A": 3, "B": 3, "C": 2, "D": 2}).ok
    True
    """
    Feedback = check.Feedback
    if autograding():
        return Skipped()
    value, error = call(checker, *args, time_limit=time_limit, **kwargs)
    if error is None:
        return value
    if isinstance(error, TimeLimitExceeded):
        return Feedback(False, f"The check was stopped after {time_limit:g} s: your code seems to loop forever. "
                               "Check that every loop moves on and every recursion reaches a terminal state.")
    return Feedback(False, f"The check could not run: your answer {describe_error(error)}.")
