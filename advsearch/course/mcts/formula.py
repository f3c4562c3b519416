"""The lecture's UCTValue, the wrong formulas students use instead, and selection statistics drawn from a seed.

The lecture's rule (c = 1): at a node visited N times, go to the child with
the largest

    UCTValue = wins / visits + sqrt(ln N / visits)

where ``wins`` count for the player who chooses at the node; a child never
visited is tried first.  :data:`SELECTION_MODELS` are the ways of getting the
choice wrong, each a formula of (wins, visits, N) whose largest value is the
child chosen; checkers and graders share them, and
:func:`selection_statistics` draws the statistics of a selection question on
which the right choice is neither the best win rate nor the most visited
child.

>>> round(uct_value(3, 5, 12), 3)
1.305
>>> models = dict(SELECTION_MODELS)
>>> round(models["uct_swapped_log"](3, 5, 12), 3), models["uct_most_visited"](3, 5, 12)
(0.966, 5)
>>> choose({"B": (3, 5), "C": (1, 1), "D": (4, 6)}, 12)
'C'
"""

from __future__ import annotations

import math


def uct_value(wins, visits, parent_visits, c=1.0) -> float:
    """The lecture's UCTValue of a child (with c = 1), or UCB1's with another exploration constant ``c``.

    >>> round(uct_value(1, 2, 10), 3), round(uct_value(1, 2, 10, c=math.sqrt(2)), 3)
    (1.573, 2.017)
    """
    return wins / visits + c * math.sqrt(math.log(parent_visits) / visits)


#: The formulas a selection may be made by, the lecture's first, as (key, f(wins, visits, N)).
#: The child with the largest f is chosen (the first among equals); the keys after the first name mistakes.
SELECTION_MODELS = (
    ("uct", uct_value),
    ("uct_best_win_rate", lambda w, n, N: w / n),
    ("uct_most_visited", lambda w, n, N: n),
    ("uct_wrong_player", lambda w, n, N: (n - w) / n + math.sqrt(math.log(N) / n)),
    ("uct_least_visited", lambda w, n, N: -n),
    ("uct_swapped_log", lambda w, n, N: w / n + math.sqrt(math.log(n) / N)),
    ("uct_sqrt2", lambda w, n, N: uct_value(w, n, N, math.sqrt(2))),
    ("uct_no_sqrt", lambda w, n, N: w / n + math.log(N) / n),
    ("uct_log10", lambda w, n, N: w / n + math.sqrt(math.log10(N) / n)),
)

#: The mistakes of a UCT selection by hand, by key.
SELECTION_MISTAKES = {
    "uct_best_win_rate": "the child with the best win rate was chosen: the exploration term was left out",
    "uct_most_visited": "the most visited child was chosen: that is how the final move is picked, not how a "
                        "child is selected during the search",
    "uct_wrong_player": "the win rates were read for the wrong player: a child's wins count for the player "
                        "who chooses at the parent",
    "uct_least_visited": "the least visited child was chosen: exploration alone, without the win rate",
    "uct_swapped_log": "the exploration term was sqrt(ln n / N), the child's and the parent's visits swapped",
    "uct_sqrt2": "UCB1's constant c = √2 was used, sqrt(2 ln N / n); the lecture's UCTValue has c = 1",
    "uct_no_sqrt": "the square root was left out of the exploration term",
    "uct_log10": "a logarithm to base 10 was used; the lecture's ln is the natural logarithm",
    "uct_not_largest": "the values are right, but the child chosen is not the one with the largest value",
    "uct_unvisited_first": "a child never visited is tried before any UCT value is compared",
}


def choose(children: dict, parent_visits, formula=uct_value):
    """The label whose ``formula(wins, visits, N)`` is largest (the first among equals; an unvisited child first).

    >>> choose({"B": (2, 4), "C": (0, 0)}, 4)
    'C'
    """
    unvisited = [lab for lab, (w, n) in children.items() if n == 0]
    if unvisited:
        return unvisited[0]
    values = {lab: formula(w, n, parent_visits) for lab, (w, n) in children.items()}
    return max(values, key=values.get)


def selection_statistics(rng, children=(3, 4), max_visits=20):
    """``({label: (wins, visits)}, N)`` drawn with ``rng``: UCT chooses neither the best rate nor the most visited.

    The labels are B, C, ...; N is the sum of the visits (a root); wins
    are whole or half (a draw counts half a win); every child has at least
    two visits, the win rates differ, and the chosen child's UCTValue leads
    the next by at least 0.02.  The draws are pinned: graders' questions
    depend on them.

    >>> import random
    >>> kids, n = selection_statistics(random.Random(1))
    >>> n == sum(v for w, v in kids.values()), choose(kids, n) != max(kids, key=lambda k: kids[k][1])
    (True, True)
    """
    low, high = children
    while True:
        k = rng.randint(low, high)
        visits = [rng.randint(2, max_visits) for _ in range(k)]
        wins = [rng.randint(0, 2 * v) / 2 for v in visits]
        n = sum(visits)
        labels = [chr(ord("B") + i) for i in range(k)]
        values = {lab: uct_value(w, v, n) for lab, w, v in zip(labels, wins, visits)}
        order = sorted(values.values(), reverse=True)
        choice = max(values, key=values.get)
        rates = {lab: w / v for lab, w, v in zip(labels, wins, visits)}
        i = labels.index(choice)
        if (order[0] - order[1] >= 0.02 and rates[choice] < max(rates.values()) and visits[i] < max(visits)
                and len(set(rates.values())) == k):
            return {lab: (w, v) for lab, w, v in zip(labels, wins, visits)}, n
