"""Checker of one UCT selection worked by hand, and what the UCT checkers share.

:func:`uct_selection` checks the child UCT selects (and, if given, the
UCTValues); :mod:`.uct_backups` checks one backup.  Wrong
answers are compared with models of the usual mistakes
(:data:`~advsearch.course.mcts.mistakes.UCT_MISTAKES`), and the feedback shows
the statistics tree with the right numbers.  Flat Monte Carlo is checked
by :mod:`.uct_flat`.

>>> from advsearch import check
>>> q = check.SelectionQuestion({"B": (6, 8), "C": (1, 2), "D": (4, 10)}, 20)
>>> check.uct_selection(q, "C").ok
True
>>> check.uct_selection(q, "B").mistake, check.uct_selection(q, "D").mistake
('uct_best_win_rate', 'uct_most_visited')
>>> print(check.uct_selection(q, None))  # doctest: +ELLIPSIS
Not answered yet: ...
"""

from __future__ import annotations

import numbers

from ...answers import number_problem
from ...result import format_number as f
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import blank
from .formula import SELECTION_MODELS, choose
from .mistakes import UCT_MISTAKES
from .questions import SelectionQuestion
from .uct_trees import render_stats
from ..shared.wording import and_list, article


#: How far a hand-computed UCTValue or win rate may be from the exact one (two decimals are enough).
VALUE_TOLERANCE = 0.01


class StatsFeedback(Feedback):
    """A Feedback whose picture is a statistics tree (``stats``), with the path ``highlight`` bold."""

    __slots__ = ("stats", "highlight")

    def __init__(self, ok, text, mistake=None, stats=None, highlight=()):
        super().__init__(ok, text, mistake)
        self.stats, self.highlight = stats, highlight

    def picture(self):
        if self.stats is None:
            return None
        try:
            return render_stats(self.stats, self.highlight)
        except Exception:            # a picture is a nicety; never let it break the feedback
            return None


def said(mistake) -> str:
    """"It looks as if ..." for a recognised mistake, or "" for None."""
    return f"It looks as if {UCT_MISTAKES[mistake]}. " if mistake else ""


def number_answers(answer, keys, what):
    """``(dict of numbers, None)`` or ``(None, sentence)`` for an answer dict over ``keys``."""
    if not isinstance(answer, dict):
        return None, f"{what} should be a dict {{label: number}}, not {article(answer)}."
    extra = [k for k in answer if k not in keys]
    if extra:
        return None, f"{what} names {and_list(map(repr, extra))}, which is not one of {and_list(keys)}."
    for k, v in answer.items():
        problem = number_problem(v)
        if problem:
            return None, f"{what} for {k} is refused: {problem}."
    return answer, None


def uct_selection(question: SelectionQuestion, answer, values=None) -> Feedback:
    """Check one UCT selection by hand: ``answer`` is the label of the child selected.

    ``values``, optional, are the UCTValues ``{label: value}`` (two decimals
    are enough).  A wrong choice is matched with the usual mistakes
    (the best win rate, the most visited child, the wrong player's wins, ln
    n / N swapped, c = √2, ...); with values they are matched exactly.
    What the answer gets right is in the feedback's ``findings``
    (:func:`selection_findings`), from which a grader takes its points.
    """
    if not isinstance(question, SelectionQuestion):
        raise TypeError(f"question must be a check.SelectionQuestion, not {question!r:.60}")
    fb = _judge_selection(question, answer, values)
    fb.findings = selection_findings(question, answer, values)
    return fb


def selection_findings(q: SelectionQuestion, answer, values) -> dict:
    """What a selection answer gets right: ``choice``, the child named (None for no child's label);
    ``values``, whether UCTValues were given as a non-empty dict; ``right`` and ``sqrt2``, the children whose
    given value is within :data:`VALUE_TOLERANCE` of the lecture's UCTValue and of UCB1's with c = √2.

    >>> q = SelectionQuestion({"B": (6, 8), "C": (1, 2), "D": (4, 10)}, 20)
    >>> selection_findings(q, " C", {"B": 1.36, "C": 1.72, "D": "x"})
    {'choice': 'C', 'values': True, 'right': ['B', 'C'], 'sqrt2': []}
    """
    table = values if isinstance(values, dict) else {}
    models = dict(SELECTION_MODELS)

    def right(model):
        return [lab for lab, (w, v) in q.children.items()
                if v and lab in table and isinstance(table[lab], numbers.Real) and not isinstance(table[lab], bool)
                and abs(float(table[lab]) - models[model](w, v, q.parent_visits)) <= VALUE_TOLERANCE]

    choice = answer.strip() if isinstance(answer, str) and answer.strip() in q.children else None
    return {"choice": choice, "values": bool(table), "right": right("uct"), "sqrt2": right("uct_sqrt2")}


def _judge_selection(q: SelectionQuestion, answer, values) -> Feedback:
    kids = q.children
    tree = q.tree
    path_of = {e.label: p for p, e in tree.nodes.items()}
    if blank(answer):
        return not_answered(f"write the label of the child UCT selects, one of {and_list(kids)}, "
                            f"like answer = \"{next(iter(kids))}\".")
    if not isinstance(answer, str) or answer.strip() not in kids:
        return Feedback(False, f"The answer should be the label of one child, {and_list(kids)}; "
                               f"not {answer!r:.40}.")
    answer = answer.strip()
    given = None
    if values is not None and not blank(values):
        given, problem = number_answers(values, list(kids), "values")
        if problem:
            return Feedback(False, problem)
    right = q.choice
    lines = _worked(q)
    mistake = None
    if any(v == 0 for w, v in kids.values()):
        if answer != right:
            mistake = "uct_unvisited_first"
    else:
        fits = [key for key, fn in SELECTION_MODELS if given is not None and given and all(
            abs(x - fn(*kids[k], q.parent_visits)) <= VALUE_TOLERANCE for k, x in given.items())]
        if answer == right:
            if given is not None and "uct" not in fits:
                mistake = next((k for k in fits if k != "uct"), None)
            elif given is not None and len(given) < len(kids):
                missing = [k for k in kids if k not in given]
                return StatsFeedback(False, f"UCT selects {right}: right. Give the value of {and_list(missing)} "
                                            "too, or leave the values out.", None, tree, path_of[right])
        elif "uct" in fits:
            mistake = "uct_not_largest"
        else:
            mistake = next((k for k in fits if k not in ("uct_most_visited", "uct_least_visited")), None)
            if mistake is None:
                mistake = next((key for key, fn in SELECTION_MODELS[1:]
                                if choose(kids, q.parent_visits, fn) == answer), None)
    if answer == right and mistake is None:
        return StatsFeedback(True, f"Correct: UCT selects {right}. " + " ".join(lines), None, tree,
                             path_of[right])
    if answer == right:
        text = f"UCT does select {right}, but your values are not the lecture's UCTValues. "
    else:
        text = f"UCT selects {right}, not {answer}. "
    return StatsFeedback(False, text + said(mistake) + " ".join(lines), mistake, tree, path_of[right])


def _worked(q: SelectionQuestion) -> list:
    """The UCTValues worked out, one sentence, and which child wins."""
    n = q.parent_visits
    if any(v == 0 for w, v in q.children.values()):
        return [f"{q.choice} has never been visited, so UCT tries it before comparing any UCTValue."]
    parts = [f"{k} = {f(float(w))}/{v} + √(ln {n} / {v}) = {q.values[k]:.2f}" for k, (w, v) in q.children.items()]
    return [f"With UCTValue = wins/visits + √(ln N / visits) and N = {n}: {'; '.join(parts)}.",
            f"The largest is {q.choice}'s."]
