"""A UCT selection step worked by hand: the question drawn from a seed, and its grader.

The lecture's rule picks the child with the largest
``UCTValue = wins / visits + sqrt(ln(parent visits) / visits)``; the formula
and the random statistics are :mod:`advsearch.course.mcts.formula`'s, which the
self-study checkers share.
"""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

from ... import validation
from .formula import selection_statistics, uct_value
from .questions import SelectionQuestion
from .steps import uct_selection
from ..shared.grades import Grade, number_text, share


def ucb_question(seed) -> SimpleNamespace:
    """A UCT selection step to work out by hand: the root's children with their wins and visits.

    The lecture's rule: pick the child with the largest
    ``UCTValue = wins / visits + sqrt(ln(parent visits) / visits)``.  The
    question is drawn so that the child UCT picks is neither the one with
    the best win rate nor the most visited, and its lead is at least 0.02.

    Returns
    -------
    types.SimpleNamespace
        ``children`` (``{label: (wins, visits)}``, wins in halves for draws),
        ``parent_visits``, ``values`` (``{label: UCTValue}``), ``choice``
        (the label UCT selects) and ``question`` (the text to show).

    Examples
    --------
    >>> q = ucb_question(1)
    >>> q.parent_visits == sum(v for w, v in q.children.values())
    True
    >>> q.choice == max(q.values, key=q.values.get)
    True
    """
    rng = random.Random(f"advsearch.grading.ucb_question:{seed}")
    children, n = selection_statistics(rng)
    values = {lab: uct_value(w, v, n) for lab, (w, v) in children.items()}
    choice = max(values, key=values.get)
    rows = "\n".join(f"  {lab}: {number_text(float(w))} wins in {v} visits" for lab, (w, v) in children.items())
    question = (f"The root A has been visited {n} times; its children have these statistics (a draw counts "
                f"half a win):\n{rows}")
    return SimpleNamespace(children=children, parent_visits=n, values=values, choice=choice, question=question,
                           values_sqrt2={lab: uct_value(w, v, n, math.sqrt(2)) for lab, (w, v) in children.items()})


def assess_ucb(q, uct_values, uct_choice, points=2, *, note: str = "") -> Grade:
    """Grade a UCT step worked by hand: the UCTValue of every child (half) and the child selected (half).

    The arguments are named as the notebook's answers, ``uct_values`` and
    ``uct_choice``.  The checker a student runs on such a step,
    :func:`advsearch.check.uct_selection`, says what is right (its
    ``findings``); this grader turns that into points.  Values within 0.01
    of the exact ones are right; each earns its share of the first half.
    Values that fit UCB1 with c = √2 (another common form) earn half of that
    half, and the report says so.  The choice earns its half only with
    every value right (for c = 1 or c = √2): the question is drawn so that
    the child selected is neither the best by win rate nor the most visited,
    so a choice made by ruling those two out, without any UCTValue, is right
    on most questions.

    Examples
    --------
    >>> q = ucb_question(1)
    >>> assess_ucb(q, {k: round(v, 2) for k, v in q.values.items()}, q.choice).points
    2.0
    >>> assess_ucb(q, q.values_sqrt2, q.choice).points
    1.5
    >>> assess_ucb(q, {}, q.choice).points          # the choice without the values
    0.0
    """
    out_of = validation.points(points)
    half = out_of / 2
    found = uct_selection(SelectionQuestion(q.children, q.parent_visits), uct_choice, uct_values).findings
    n, n_right = len(q.children), len(found["right"])
    fits_sqrt2 = found["values"] and n_right < n and len(found["sqrt2"]) == n
    if not found["values"]:
        got, why = 0.0, "uct_values should be a dict from child label to UCTValue, like {'B': 1.23}."
    elif fits_sqrt2:
        got = half / 2
        why = ("Your values fit UCB1 with c = √2 (wins/visits + √(2 ln N / n)); the lecture's UCTValue has "
               "no constant: wins/visits + √(ln N / n).")
    else:
        got = half * n_right / n
        wrong = [lab for lab in q.children if lab not in found["right"]]
        why = (f"{n_right} of {n} UCTValues are right (within 0.01)"
               + (f"; check {', '.join(wrong)}." if wrong else "."))
    chosen = found["choice"]
    all_right = fits_sqrt2 or n_right == n
    if chosen == q.choice and not all_right:
        got_choice = 0.0
        said = (f"{q.choice} is the child UCT selects, but the choice earns its half only with every UCTValue "
                "right: it is the child with the largest UCTValue.")
    elif chosen == q.choice:
        got_choice, said = half, f"UCT selects {q.choice}: right."
    elif chosen is not None:
        best_rate = max(q.children, key=lambda lab: q.children[lab][0] / q.children[lab][1])
        got_choice = 0.0
        said = f"UCT does not select {chosen}"
        if chosen == best_rate:
            said += " (that child has the best win rate, but the exploration term favours another)"
        said += "."
    else:
        got_choice, said = 0.0, f"uct_choice should be one of the labels {', '.join(q.children)}."
    return Grade(share(out_of, (got + got_choice) / out_of), out_of, note + why + " " + said,
                 convention="sqrt2" if fits_sqrt2 else None)
