"""Predict, then run: compare what a student expected with what the cell just computed.

A lecture asks a question ("how many leaves will alpha-beta skip?"), the
student writes a guess in one cell, and the next cell runs the experiment and
calls :func:`prediction` with the guess and the result.  A guess is a number
(right within ``tolerance``), one of a few ``choices`` (read without case or
surrounding spaces), or any value compared with ``==`` (a move, a tuple).
Nothing here raises because of the guess: a missing one says "Not answered
yet" and still tells the result, a guess of the wrong kind says what kind was
wanted.

Examples
--------
>>> print(prediction(None, 5, question="How many leaves are pruned?"))
Not answered yet: write your prediction in the cell above (How many leaves are pruned?). The run gives 5.
>>> print(prediction(4, 5, question="How many leaves are pruned?"))
You predicted 4; the run gives 5 (off by 1).
>>> prediction(4, 5, question="Leaves pruned?", tolerance=1).ok
True
>>> print(prediction(" Left ", "left", question="Which move?", choices=["left", "right"]))
Right: the run gives left.
>>> print(prediction("up", "left", question="Which move?", choices=["left", "right"]))
Your prediction 'up' is not one of the choices: left or right.
"""

from __future__ import annotations

from ...answers import close, number_problem
from .feedback import Feedback, not_answered
from .untrusted import plain, shown
from .wording import and_list


def _same_choice(a, b) -> bool:
    """Whether two texts are one choice; ``str.strip`` and ``str.lower`` give plain strs, so a str subclass's
    own ``strip`` or ``==`` has no say."""
    return isinstance(a, str) and isinstance(b, str) and str.lower(str.strip(a)) == str.lower(str.strip(b))


def _or_list(items) -> str:
    return and_list(items).replace(" and ", " or ")


def prediction(predicted, actual, *, question: str, tolerance=0, choices=None) -> Feedback:
    """Feedback comparing ``predicted`` with ``actual``, the value the run gave; ``ok`` when they agree.

    ``question`` is asked again when nothing was predicted.  With ``choices``
    (a list of strings), ``predicted`` must be one of them and ``actual`` is
    one too.  When ``actual`` is a number, ``predicted`` must be a number
    within ``tolerance`` of it.
    """
    if not isinstance(question, str) or not question:
        raise TypeError("question must be a non-empty string: the question the prediction answers")
    if not isinstance(tolerance, (int, float)) or isinstance(tolerance, bool) or not tolerance >= 0:
        raise ValueError(f"tolerance must be a number >= 0, not {tolerance!r}")
    if choices is not None:
        choices = list(choices)
        if not choices or not all(isinstance(c, str) for c in choices):
            raise TypeError("choices must be a non-empty list of strings")
        if not any(_same_choice(actual, c) for c in choices):
            raise ValueError(f"the result {actual!r} is not one of the choices {choices!r}")
    if predicted is None or predicted is ...:
        return not_answered(f"write your prediction in the cell above ({question}). The run gives {actual}.")
    if choices is not None:
        if not any(_same_choice(predicted, c) for c in choices):
            return Feedback(False, f"Your prediction {shown(predicted)} is not one of the choices: "
                                   f"{_or_list(choices)}.")
        right = _same_choice(predicted, actual)
    elif number_problem(actual) is None:
        problem = number_problem(predicted)
        if problem is not None:
            return Feedback(False, f"A prediction here is a number: {problem}.")
        off = abs(predicted - actual)
        right = close(predicted, actual) or off <= tolerance       # 0.1 + 0.2 is 0.3, as in every checker
        if not right:
            return Feedback(False, f"You predicted {predicted}; the run gives {actual} (off by {off if isinstance(off, int) else round(float(off), 6)}).")
    else:
        # only a plain value is compared: another could define == to agree with anything
        right = plain(predicted) and bool(predicted == actual)
    if right:
        return Feedback(True, f"Right: the run gives {actual}.")
    return Feedback(False, f"You predicted {shown(predicted)}; the run gives {actual}.")
