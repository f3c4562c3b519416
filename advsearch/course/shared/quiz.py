"""Short questions by hand, a number or one of a few choices each, checked all at once: :func:`quiz`.

A hand exercise asks a few named questions ("how many plies?", "what did the
Turk really do?"); the student answers with a dict from each question's name
to a number or a letter.  :func:`quiz` reads the dict against a list of
:class:`Question` objects and says, for the first wrong or missing item,
what was asked and why the answer is what it is.  It never raises because
of the answer.

Examples
--------
>>> qs = [Question("plies", "How many plies are 3 full moves?", 6, why="a full move is one ply of each side"),
...       Question("who", "Who moves first in chess?", "a", choices={"a": "White", "b": "Black"},
...                why="White moves first")]
>>> print(quiz(qs, {}))
Not answered yet: write a dict such as {"plies": ..., "who": ...}.
>>> print(quiz(qs, {"plies": 3, "who": "a"}))
plies: you wrote 3, which is not right (How many plies are 3 full moves?). Hint: a full move is one ply of each side.
>>> print(quiz(qs, {"plies": 6, "who": " A "}))
Correct: plies = 6; who = a (White).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...answers import close, number_problem
from .feedback import Feedback, not_answered
from .reading import blank
from .untrusted import shown
from .wording import and_list


@dataclass(frozen=True)
class Question:
    """One named question: ``ask`` in words, the ``right`` answer, and ``why`` it is right.

    With ``choices`` (a dict from letter to the choice's text) the answer is
    one of the letters; otherwise ``right`` is a number and an answer within
    ``tolerance`` of it is right.
    """

    name: str
    ask: str
    right: object
    why: str
    choices: dict = field(default_factory=dict)
    tolerance: float = 0

    def __post_init__(self):
        if self.choices and self.right not in self.choices:
            raise ValueError(f"question {self.name!r}: the right choice {self.right!r} is not one of "
                             f"{sorted(self.choices)}")
        if not self.choices and number_problem(self.right) is not None:
            raise ValueError(f"question {self.name!r}: the right answer must be a number or a choice, "
                             f"not {self.right!r}")

    def problem(self, given) -> str | None:
        """None when ``given`` answers this question rightly, else a sentence saying what is wrong."""
        if self.choices:
            # str.strip gives a plain str: a str subclass's own strip, hash or == has no say
            letter = str.lower(str.strip(given)) if isinstance(given, str) else None
            if letter not in self.choices:
                return (f"{self.name}: write one of the letters {_or(sorted(self.choices))} "
                        f"(in quotes), not {shown(given, 40)}.")
            return None if letter == self.right else f"{self.name}: {letter!r} is not right. Hint: {self.why}."
        problem = number_problem(given)
        if problem is not None:
            return f"{self.name}: the answer is a number; {problem}."
        if close(given, self.right) or abs(given - self.right) <= self.tolerance:
            return None
        return f"{self.name}: you wrote {given}, which is not right ({self.ask}). Hint: {self.why}."

    def shown(self) -> str:
        if self.choices:
            return f"{self.name} = {self.right} ({self.choices[self.right]})"
        return f"{self.name} = {self.right}"


def _or(items) -> str:
    return and_list(items).replace(" and ", " or ")


def quiz(questions, answer) -> Feedback:
    """Check ``answer``, a dict from question name to answer, against ``questions``; name the first problem.

    Questions the dict leaves out (or answers with None) are listed as not
    answered yet; names it has that no question takes are refused by name.
    ``findings`` holds the names answered rightly (``"right"``) and the rest
    (``"wrong"``).
    """
    questions = list(questions)
    names = [q.name for q in questions]
    if blank(answer):
        return not_answered("write a dict such as {" + ", ".join(f'"{n}": ...' for n in names) + "}.")
    if not isinstance(answer, dict):
        return Feedback(False, f"Your answer is {type(answer).__name__} {shown(answer, 40)}; write a dict from each "
                               f"question's name ({and_list(names)}) to your answer.")
    answer = dict(dict.items(answer))     # what the dict holds, whatever a subclass's get or items say
    unknown = [k for k in answer if type(k) is not str or k not in names]
    if unknown:
        return Feedback(False, f"{_or(shown(k, 40) for k in unknown)} is not a question here: the questions are "
                               f"{and_list(repr(n) for n in names)}.")
    right, wrong, missing, first = [], [], [], None
    for q in questions:
        given = answer.get(q.name)
        if given is None or given is ...:
            missing.append(q.name)
            continue
        problem = q.problem(given)
        (wrong if problem else right).append(q.name)
        first = first or problem
    findings = {"right": right, "wrong": wrong + missing}
    if first:
        rest = f" ({len(wrong) - 1} more wrong)" if len(wrong) > 1 else ""
        return Feedback(False, first + rest, findings=findings)
    if missing:
        return Feedback(False, f"Right so far; not answered yet: {and_list(missing)}.", findings=findings)
    return Feedback(True, "Correct: " + "; ".join(q.shown() for q in questions) + ".", findings=findings)
