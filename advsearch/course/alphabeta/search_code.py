"""Grading minimax and alpha-beta written in code: by what they visit, tree by tree, under each convention.

Each tree of the battery is searched through a
:class:`~advsearch.recording.RecordingGame`, and the visits are compared with
the reference search's under each of the
:data:`~advsearch.grading.CONVENTIONS`, so that the report can say which way
of searching the function follows.  Where the first wrong tree goes wrong is
told by the checker the student runs, from the run already made
(:func:`advsearch.course.alphabeta.implementation.judge_runs`).
"""

from __future__ import annotations

from ... import validation
from . import implementation as check_two
from .battery import reference
from .conventions import BY_KEY, CONVENTIONS, reference_visits
from ..shared.grades import Grade, no_function, same_number, share
from ..shared.reading import as_tree
from ..shared.batteries import as_trees, with_shuffles
from ..shared.running import describe_error, run_on, stopped


def _run_shuffled(fn, t, time_limit, asked):
    """``(row, run)`` for ``fn`` on ``t`` and its shuffled copies: the conventions that fit all of them.

    The row describes the first copy on which the asked-for convention does
    not fit (the tree itself when none), so that the report shows where it
    fails; ``run`` is what the function did there, which explains it.
    """
    row, made, fits = None, None, None
    for u in with_shuffles(t, 4):
        run = run_on(fn, u, time_limit)
        here = {"tree": str(u), "value": run.value, "error": run.error, "fits": []}
        if run.error is None:
            right_value = same_number(run.value, u.values()[()])
            here["fits"] = [c.key for c in CONVENTIONS if right_value and run.seq == reference_visits(
                u, c.algorithm, prune_on_equal=c.prune_on_equal, reverse=c.reverse)]
        fits = set(here["fits"]) if fits is None else fits & set(here["fits"])
        if row is None and (asked not in here["fits"] or run.error is not None):
            row, made = here, (u, run)
        if run.error is not None:
            break
    row = row or here
    row["fits"] = [c.key for c in CONVENTIONS if c.key in fits]
    return row, made


def assess_search(fn, algorithm, trees, points=3, *, prune_on_equal: bool = True, credit=None,
                  time_limit: float = 3.0, note: str = "") -> Grade:
    """Grade a student's search ``fn(game, state) -> value`` by what it visits, tree by tree.

    Each tree is searched through a :class:`RecordingGame`; the search is
    right on a tree when it returns the minimax value and its visits equal
    those of the reference search of the asked-for convention.  Where they do
    not, the other :data:`CONVENTIONS` are tried, so that the report can say,
    for example, that the function cuts only strictly beyond the bound, or
    searches right to left, or does not prune at all.

    Parameters
    ----------
    fn : callable
        The student's function; None (not defined) earns nothing.
    algorithm : {"minimax", "alphabeta"}
        What was asked for.
    trees : list of Tree
        The battery, e.g. ``problems("ps1", s).trees``.
    points : float
    prune_on_equal : bool
        For alpha-beta, the cut test asked for.
    credit : dict, optional
        Convention key -> share of a tree's credit for following that
        convention instead.  The default gives "strict" (the other cut test)
        and "reversed" (right to left) half, "strict_reversed" a quarter, and
        for minimax "minimax_reversed" half; plain minimax earns nothing for
        alpha-beta.
    time_limit : float
        Seconds each tree may take;
        once one tree runs out of time the rest are not tried.
    note : str
        A sentence to put first in the report.

    Returns
    -------
    Grade
        ``points`` times the average credit over the trees; ``convention``
        is the key of the convention that fits every tree, if one does;
        ``mistake`` a key of :data:`advsearch.check.MISTAKES` when the
        package's checker recognises the first wrong tree's mistake.

    Notes
    -----
    Each tree costs one run of ``fn`` and one reference search per
    convention, O(n) for a tree of n nodes; the battery of
    :func:`search_trees` takes a few milliseconds for a correct function.

    Examples
    --------
    >>> from advsearch import MAX
    >>> def lazy(game, state):
    ...     return 0
    >>> from advsearch.grading import search_trees
    >>> g = assess_search(lazy, "minimax", search_trees(0), points=3)
    >>> g.points
    0.0
    """
    out_of = validation.points(points)
    if algorithm not in ("minimax", "alphabeta"):
        raise ValueError(f"algorithm must be 'minimax' or 'alphabeta', not {algorithm!r}")
    eq = bool(prune_on_equal)
    if algorithm == "minimax":
        asked = "minimax"
        default = {"minimax_reversed": 0.5}
    else:
        asked = "lecture" if eq else "strict"
        other = "strict" if eq else "lecture"
        default = {other: 0.5, "reversed" if eq else "strict_reversed": 0.5,
                   "strict_reversed" if eq else "reversed": 0.25}
    credit = default if credit is None else dict(credit)
    credit[asked] = 1.0
    what = "minimax" if algorithm == "minimax" else "alpha-beta"
    missing = no_function(fn, out_of, note, what, '(game, state) -> value')
    if missing is not None:
        return missing
    trees = as_trees(trees)

    rows, runs, fits_all, first_bad = [], [], None, None
    for i, t in enumerate(trees):
        row, run = _run_shuffled(fn, t, time_limit, asked)
        rows.append(row)
        runs.append(run)
        fits = set(row["fits"])
        fits_all = fits if fits_all is None else fits_all & fits
        if asked not in fits and first_bad is None:
            first_bad = i
        error = row["error"]
        if stopped(error):
            for t2 in trees[i + 1:]:
                rows.append({"tree": str(t2), "value": None, "error": error, "fits": [], "skipped": True})
            fits_all = set()
            break

    scores = [max([credit.get(k, 0.0) for k in r["fits"]], default=0.0) for r in rows]
    earned = share(out_of, sum(scores) / len(trees))
    right = sum(asked in r["fits"] for r in rows)
    convention = next((c.key for c in CONVENTIONS if c.key in (fits_all or ())), None)
    lines = [note + f"Your {what} was run on {len(trees)} trees through a recording game: it is right on "
             f"{right} of them (the value, and every node expanded and leaf scored in the reference order)."]
    if convention is not None and convention != asked:
        lines.append(f"On every tree it behaves like {BY_KEY[convention].text}; this question asks for "
                     f"{BY_KEY[asked].text}.")
    elif convention is None and right < len(trees):
        counts = {c.key: sum(c.key in r["fits"] for r in rows) for c in CONVENTIONS if c.key != asked}
        best = max(counts, key=counts.get)
        if counts[best]:
            lines.append(f"It behaves like {BY_KEY[best].text} on {counts[best]} of the trees.")
    mistake = None
    if first_bad is not None:
        r = rows[first_bad]
        t = as_tree(r["tree"])
        if r["error"] is not None:
            lines.append(f"On the tree {t} your function {describe_error(r['error'])}.")
            if r.get("skipped") is None and stopped(r["error"]):
                lines.append("The remaining trees were not tried.")
        else:
            u, run = runs[first_bad]
            fb = check_two.judge_runs(algorithm, eq, [reference(u, algorithm, eq)], [run])
            if not fb.ok:
                lines.append(str(fb))
                mistake = fb.mistake
    return Grade(earned, out_of, " ".join(lines), convention=convention, mistake=mistake,
                 details={"rows": rows, "right": right})
