"""Metareasoning by hand: which moves are worth searching deeper, checked by :func:`worth_searching`.

A search that reasons about its own computations (metareasoning) spends
time only where the result could change what it does.  Alpha-beta is the
simplest case: a pruned leaf cannot change the root's value.  Here the
decision is MAX's move at the root: each move has an estimate from the
search so far and a range its value can still take after one more ply.
Searching a move deeper is worth its time only if some value in its range
would change the move MAX plays (Russell & Wefald, *Do the Right Thing*,
1991; Russell & Norvig, *AIMA*, 4th ed., section 5.7).

- MAX plays the move with the highest estimate (the first of equals);
- searching a move ``m`` replaces its estimate by a value in its range and
  leaves the others as they are; it is worth it when some value in the range
  makes another move the highest (strictly: a tie keeps the move played).

>>> est = {"a": 5, "b": 3, "c": 4}
>>> ranges = {"a": (3, 6), "b": (1, 7), "c": (2, 4)}
>>> print(worth_searching(est, ranges, ["a", "b"]))
Correct: searching a or b can change MAX's move; c cannot.
>>> print(worth_searching(est, ranges, ["b", "c"]))
Searching a can change the move: MAX now plays a (5), and if a's deeper value falls below 4 (c's estimate) another move wins; a's range goes down to 3. ...
"""

from __future__ import annotations

from ...answers import number_problem
from ..shared.feedback import Feedback, not_answered
from ..shared.untrusted import plain, shown
from ..shared.wording import and_list

#: The mistakes :func:`worth_searching` names, by key.
METAREASONING_MISTAKES = {
    "best_never_searched": "the move MAX plays now was left out: its deeper value may fall below the next best",
    "estimate_not_range": "moves were judged by their estimates, not by the ranges a deeper search can give",
}


def _checked(estimates, ranges):
    if not isinstance(estimates, dict) or not estimates or not isinstance(ranges, dict):
        raise TypeError("estimates and ranges must be dicts from move to a number and to (low, high)")
    if set(estimates) != set(ranges):
        raise ValueError(f"estimates and ranges must name the same moves, not {sorted(estimates)} and {sorted(ranges)}")
    for m, v in estimates.items():
        if number_problem(v) is not None:
            raise ValueError(f"the estimate of {m!r} must be a number, not {v!r}")
        lo, hi = ranges[m]
        if not lo <= v <= hi:
            raise ValueError(f"the range of {m!r}, ({lo}, {hi}), must contain its estimate {v}")


def choice(estimates) -> object:
    """The move MAX plays: the highest estimate, the first of equals (in the dict's order)."""
    return max(estimates, key=lambda m: (estimates[m], -list(estimates).index(m)))


def worth(estimates, ranges) -> list:
    """The moves whose deeper search can change MAX's move, in the dict's order.

    >>> worth({"a": 5, "b": 3, "c": 4}, {"a": (3, 6), "b": (1, 7), "c": (2, 4)})
    ['a', 'b']
    """
    best = choice(estimates)
    runner_up = max((v for m, v in estimates.items() if m != best), default=None)
    out = []
    for m, (lo, hi) in ranges.items():
        if m == best:
            if runner_up is not None and _falls_behind(estimates, m, lo):
                out.append(m)
        elif _overtakes(estimates, best, m, hi):
            out.append(m)
    return out


def _overtakes(estimates, best, m, hi) -> bool:
    return choice({**estimates, m: hi}) != best


def _falls_behind(estimates, best, lo) -> bool:
    return choice({**estimates, best: lo}) != best


def _reason(estimates, ranges, m, best) -> str:
    lo, hi = ranges[m]
    if m == best:
        others = {k: v for k, v in estimates.items() if k != m}
        nxt = choice(others)
        return (f"MAX now plays {m} ({estimates[m]}), and if {m}'s deeper value falls below {estimates[nxt]} "
                f"({nxt}'s estimate) another move wins; {m}'s range goes down to {lo}")
    return (f"MAX now plays {best} ({estimates[best]}); {m}'s deeper value is at most {hi}, "
            f"which {'beats' if _overtakes(estimates, best, m, hi) else 'does not beat'} {estimates[best]}")


def _by_estimate(estimates, truth, given, m, best) -> bool:
    """Whether the answer ranks moves by estimate where the ranges decide: a lower one in, a higher one out."""
    if m == best:
        return False
    if m in truth:
        return any(estimates[k] > estimates[m] for k in given if k != best)
    return any(estimates[k] < estimates[m] for k in truth if k not in given and k != best)


def worth_searching(estimates, ranges, answer) -> Feedback:
    """Check ``answer``, the moves worth searching one ply deeper (a list or set; ``[]`` for none).

    ``estimates`` maps each move to its value so far, ``ranges`` to the
    ``(low, high)`` its deeper value can take.
    """
    _checked(estimates, ranges)
    truth, best = worth(estimates, ranges), choice(estimates)
    if answer is None or answer is ...:
        return not_answered("write the list of moves worth searching deeper, such as [\"a\"] ([] for none).")
    if type(answer) not in (list, tuple, set, frozenset):
        return Feedback(False, f"Your answer is {shown(answer, 40)}; write a list of moves, such as [\"a\", \"b\"].")
    if not plain(answer):       # only plain values are compared: an item could define == or hash to agree with anything
        return Feedback(False, f"Your {type(answer).__name__} holds something other than plain moves; write the "
                               f"moves as the question names them ({and_list(map(repr, estimates))}).")
    stray = [m for m in answer if not any(type(m) is type(k) and m == k for k in estimates)]
    if stray:
        return Feedback(False, f"{shown(stray[0])} is not a move here: the moves are {and_list(estimates)}.")
    given = {k for k in estimates if any(type(m) is type(k) and m == k for m in answer)}
    for m in estimates:
        if (m in given) != (m in truth):
            key = ("best_never_searched" if m == best else
                   "estimate_not_range" if _by_estimate(estimates, truth, given, m, best) else None)
            lead = f" It looks as if {METAREASONING_MISTAKES[key]}." if key else ""
            if m in truth:
                return Feedback(False, f"Searching {m} can change the move: {_reason(estimates, ranges, m, best)}."
                                       f"{lead}", key)
            return Feedback(False, f"Searching {m} cannot change the move: {_reason(estimates, ranges, m, best)}, "
                                   f"so MAX plays {best} whatever it finds: time better spent elsewhere.{lead}", key)
    rest = [m for m in estimates if m not in truth]
    tail = f"; {and_list(rest)} cannot" if rest else ""
    if not truth:
        return Feedback(True, "Correct: no deeper search can change MAX's move; play it now.")
    return Feedback(True, f"Correct: searching {' or '.join(map(str, truth))} can change MAX's move{tail}.")
