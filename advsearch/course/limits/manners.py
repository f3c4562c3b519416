"""Grading an evaluation function's manners: numbers, inside (-1, 1), zero-sum, repeatable, fast.

How well the evaluation plays is the tournament's question
(:mod:`advsearch.course.limits.tournament`); this one asks whether it behaves as
the searches of :mod:`advsearch.evaluation` expect an evaluation to.
"""

from __future__ import annotations

import math
import numbers
import time

from ... import validation
from ...game import MAX, MIN
from ..shared.grades import Grade, share
from ..shared.running import call, describe_error


def assess_evaluation(evaluate, positions, points=1, *, max_ms: float = 1.0, time_limit: float = 3.0) -> Grade:
    """Grade an evaluation function's manners: numbers, inside (-1, 1), zero-sum, repeatable, fast.

    Each of the five checks is worth an equal share:

    1. it returns a finite real number (not a bool) on every position;
    2. the value lies strictly between -1 and +1, the utilities of a loss
       and a win, so that no position merely looks better than a proved win;
    3. ``evaluate(s, MIN) == -evaluate(s, MAX)`` (the zero-sum convention of
       :mod:`advsearch.evaluation`);
    4. the same position gets the same value twice;
    5. a call takes at most ``max_ms`` milliseconds on average (the
       tournament counts search nodes, not work inside ``evaluate``).

    Parameters
    ----------
    evaluate : callable
        ``evaluate(state, player) -> number``.
    positions : list
        Non-terminal states, e.g. ``problems("ps2", s).positions``.
    points : float
    max_ms : float
    time_limit : float
        Seconds for all the checks together; past it, or if ``evaluate``
        raises, the test earns nothing.

    Examples
    --------
    >>> from advsearch.evaluation import connect4_eval
    >>> from advsearch.grading import problems
    >>> p = problems("ps2", "alice")
    >>> assess_evaluation(connect4_eval(p.game), p.positions).points
    1.0
    >>> g = assess_evaluation(lambda s, player: 5, p.positions)
    >>> g.points, sorted(k for k, ok in g.details["checks"].items() if not ok)
    (0.6, ['range', 'zero_sum'])
    """
    out_of = validation.points(points)
    if not callable(evaluate):
        return Grade(0.0, out_of, "No evaluation function was found: define evaluate(state, player).")

    def measure():
        rows = []
        started = time.perf_counter()
        for s in positions:
            rows.append((evaluate(s, MAX), evaluate(s, MIN), evaluate(s, MAX)))
        return rows, (time.perf_counter() - started) / (3 * len(positions)) * 1000

    result, error = call(measure, time_limit=time_limit, student=evaluate)
    if error is not None:
        return Grade(0.0, out_of, f"On a test position your evaluation {describe_error(error)}.")
    rows, ms = result

    def number(x):
        return isinstance(x, numbers.Real) and not isinstance(x, bool) and math.isfinite(float(x))

    numeric = all(number(x) for row in rows for x in row)
    checks = {
        "numbers": numeric,
        "range": numeric and all(-1 < vm < 1 for vm, _, _ in rows),
        "zero_sum": numeric and all(math.isclose(vn, -vm, abs_tol=1e-9) for vm, vn, _ in rows),
        "repeatable": numeric and all(vm == again for vm, _, again in rows),
        "fast": ms <= max_ms,
    }
    good = {"numbers": "returns a finite number on every position",
            "range": "stays strictly between -1 and +1",
            "zero_sum": "gives evaluate(s, MIN) == -evaluate(s, MAX)",
            "repeatable": "gives a position the same value every time",
            "fast": f"takes at most {max_ms:g} ms a call ({ms:.3f} ms)"}
    bad = {"numbers": "it does not always return a finite number",
           "range": "it does not stay strictly between -1 and +1, the values of a loss and a win",
           "zero_sum": "evaluate(s, MIN) is not always -evaluate(s, MAX)",
           "repeatable": "it gives the same position different values",
           "fast": f"it takes {ms:.3f} ms a call, more than the {max_ms:g} ms allowed"}
    passed = [k for k, ok in checks.items() if ok]
    failed = [k for k, ok in checks.items() if not ok]
    text = f"On {len(rows)} positions your evaluation passes {len(passed)} of {len(checks)} checks"
    if passed:
        text += ": it " + "; it ".join(good[k] for k in passed)
    text += "."
    if failed:
        text += " But " + "; ".join(bad[k] for k in failed) + "."
        if "range" in failed and numeric:
            worst = max(rows, key=lambda row: abs(row[0]))[0]
            text += f" (For example it gives {worst!r}.)"
    return Grade(share(out_of, len(passed) / len(checks)), out_of, text, details={"checks": checks, "ms": ms})
