"""Reading an answer that gives windows (α, β) by node: ``check.windows`` (alpha-beta) and ``check.star1_windows``.

A bound is a number or ±inf (also written as text, ``"-inf"``, ``"∞"``); a
window is a pair of bounds.  As everywhere in the checkers, an answer that
cannot be read is refused with a sentence, never with an exception.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ...answers import number_problem
from .feedback import Feedback, not_answered
from .reading import BadItem, blank, locate
from .untrusted import shown
from .wording import article, cap, short_name

inf = math.inf

#: How an answer may write an infinite bound besides ``math.inf``.
INFINITIES = {"inf": inf, "+inf": inf, "-inf": -inf, "∞": inf, "+∞": inf, "-∞": -inf, "−∞": -inf,
              "infinity": inf, "+infinity": inf, "-infinity": -inf}


def read_bound(x):
    """``(value, problem)``: a bound as a number (±inf allowed, also as text), or a sentence on why it is none.

    >>> read_bound("-inf"), read_bound(3)[0], read_bound("3")[1]
    ((-inf, None), 3, "the text '3'; write a number without quotes, or inf / -inf for an infinite bound.")
    """
    word = str.lower(str.strip(x)) if isinstance(x, str) else None      # a plain str, whatever a subclass says
    if word in INFINITIES:
        return INFINITIES[word], None
    if type(x) in (int, float, Fraction):
        if isinstance(x, float) and math.isnan(x):
            return None, "nan, not a number."
        if isinstance(x, float) and math.isinf(x):
            return x, None
        if number_problem(x) is not None:
            return None, "too large: a number in an answer has at most 300 digits."
        return x, None
    if isinstance(x, str):
        return None, f"the text {shown(x, 30)}; write a number without quotes, or inf / -inf for an infinite bound."
    return None, f"{shown(x, 30)} ({article(x)}); write a number, or inf / -inf."


def read_window(w, whose: str, not_a_pair: str):
    """``(window, problem)``: ``w`` read as a pair of bounds ``(α, β)``, or the sentence refusing it.

    ``whose`` names the window in a sentence (``"B's window"``); ``not_a_pair``
    is the sentence for a ``w`` that is not a list or tuple of two.

    >>> read_window(("-inf", 3), "B's window", "not a pair")
    ((-inf, 3), None)
    >>> read_window((1, "x"), "B's window", "not a pair")[1]
    "In B's window, β is the text 'x'; write a number without quotes, or inf / -inf for an infinite bound."
    """
    if type(w) not in (list, tuple) or len(w) != 2:
        return None, not_a_pair
    bounds = []
    for side, x in zip("αβ", w):
        value, problem = read_bound(x)
        if problem:
            return None, f"In {whose}, {side} is {problem}"
        bounds.append(value)
    return tuple(bounds), None


def read_windows(t, answer, how: str, wanted: str, node_problem, read_item):
    """``(given, None)``: an answer's items read by node path; or ``(None, feedback)`` refusing the answer.

    The answer is refused when it is blank (``how`` says what to give), not a
    dict (``wanted`` says of what), names a node that is not in ``t``, a node
    ``node_problem(t, path, name)`` has a sentence against, an item
    ``read_item(name, item)`` cannot read, or one node twice with different
    items.  An item ``None`` or ``...`` is left out of ``given``.

    >>> from advsearch import examples
    >>> as_is = lambda name, item: (item, None)
    >>> read_windows(examples.two_ply(), {"B": (1, 2)}, "how", "w", lambda t, path, name: None, as_is)
    ({(0,): (1, 2)}, None)
    >>> print(read_windows(examples.two_ply(), 3, "how", "each node to its window", None, as_is)[1])
    Your answer is an int; give a dict from each node to its window.
    """
    def refused(sentence):
        return None, Feedback(False, sentence, findings={"right": 0})
    if blank(answer):
        return refused(not_answered(how).text)
    if not isinstance(answer, dict):
        return refused(f"Your answer is {article(answer)}; give a dict from {wanted}.")
    given = {}
    for key, item in dict.items(answer):
        try:
            path = locate(t, key)
        except BadItem as e:
            return refused(cap(str(e)) + ".")
        name = short_name(t, path)
        problem = node_problem(t, path, name)
        if problem:
            return refused(problem)
        if item is None or item is Ellipsis:
            continue
        value, problem = read_item(name, item)
        if problem:
            return refused(problem)
        if path in given and given[path] != value:
            return refused(f"You named {name} twice with different windows; give each node once.")
        given[path] = value
    return given, None
