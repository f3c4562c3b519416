"""What an MCTS written by a student returns, ``{action: (wins, visits)}``: its checks, its move, its random numbers.

The self-study check and the grader (:mod:`advsearch.course.mcts.mcts_code`)
judge a returned table alike: both go by
:func:`advsearch.course.mcts.implementation.judge_uct_run`, which asks these.

>>> from advsearch import tree
>>> t = tree([[1, 0], [-1, 1]])
>>> stats_problem({0: (2, 3), 1: (0.5, 1)}, t, 4) is None, most_visited({0: (2, 3), 1: (0.5, 1)})
(True, 0)
>>> print(stats_problem({0: (2, 3), 1: (0.5, 2)}, t, 4))
counts 5 visits over the root's children after 4 iterations; each iteration passes through exactly one child \
of the root, so they add up to the iterations
"""

from __future__ import annotations

import math
import numbers
import random

from ...result import format_number
from ...trees import Tree


def mcts_rng(t: Tree, iterations: int) -> random.Random:
    """The random numbers a run on ``t`` gets: the same for the same tree and iterations (pinned: part of grades)."""
    return random.Random(f"advsearch.grading.mcts:{t}:{iterations}")      # the grader's old name: pinned


def stats_problem(stats, t: Tree, iterations: int):
    """A sentence saying what is wrong with a returned ``{action: (wins, visits)}``, or None."""
    if not isinstance(stats, dict):
        return f"returned {type(stats).__name__}, not a dict {{action: (wins, visits)}}"
    actions = set(t.initial_state.actions)
    if set(stats) != actions:
        return f"returned the keys {sorted(stats, key=repr)}, not the root's actions {sorted(actions)}"
    total = 0
    for a, pair in stats.items():
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            return f"gives {pair!r} for action {a}, not a pair (wins, visits)"
        wins, visits = pair
        if any(isinstance(x, bool) or not isinstance(x, numbers.Real) or not _finite(x) for x in pair):
            return f"gives {pair!r} for action {a}: wins and visits must be finite numbers"
        if visits != int(visits) or visits < 0 or not 0 <= wins <= visits:
            return f"gives {pair!r} for action {a}: visits must be a whole number and 0 <= wins <= visits"
        total += visits
    if total != iterations:
        return (f"counts {format_number(float(total))} visits over the root's children after {iterations} "
                "iterations; each iteration passes through exactly one child of the root, so they add up to the "
                "iterations")
    return None


def _finite(x) -> bool:
    """Whether the real number ``x`` is finite as a float (an int too large for a float is not).

    >>> _finite(3), _finite(float("inf")), _finite(10 ** 400)
    (True, False, False)
    """
    try:
        return math.isfinite(x)
    except OverflowError:
        return False


def most_visited(stats) -> object:
    """The most visited action (ties to the better win rate, then the first)."""
    return max(stats, key=lambda a: (stats[a][1], stats[a][0] / stats[a][1] if stats[a][1] else 0))
