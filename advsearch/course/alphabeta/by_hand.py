"""Grading the leaves alpha-beta prunes, marked by hand (lecture 02), and naming the convention used.

The checker :func:`advsearch.check.pruned` says what is wrong and records the
leaves the answer marks (``Feedback.findings["marked"]``); this grader turns
that set into points, comparing it with each convention's, and never reads
the answer itself.  The pruned leaves are the leaves the reference
alpha-beta never scores, under each of the
:data:`~advsearch.grading.CONVENTIONS` (:func:`~advsearch.course.alphabeta.conventions.pruned_leaves`).
"""

from __future__ import annotations

from ... import validation
from ..shared.grades import Grade, share
from ..shared.reading import as_tree
from .conventions import pruned_leaves
from .pruned import pruned as check_pruned


def assess_pruned(t, answer, points=2, *, prune_on_equal: bool = True, credit=None, note: str = "") -> Grade:
    """Grade the leaves a student says alpha-beta never evaluates, and name the convention they used.

    The grade is point arithmetic over the checker's findings: the report is
    :func:`advsearch.check.pruned`'s feedback, and the set of leaves the answer
    marks is its ``findings["marked"]`` (None when the answer is no list of
    leaves), which the grader compares with the sets of the conventions.

    Parameters
    ----------
    t : Tree
        The student's tree, e.g. ``problems("ps1", s).alphabeta.tree``.
    answer : list
        Leaves by label or path, as for :func:`advsearch.check.pruned`.
    points : float
    prune_on_equal : bool
        The cut test asked for.
    credit : dict, optional
        The share of the points an answer earns that is exactly right for
        another convention: keys "strict" (the other cut test), "reversed"
        (children right to left) and "strict_reversed".  Default ``{}``.
    note : str
        A sentence to put first in the report.

    Returns
    -------
    Grade
        Full points for the right set.  An answer right for another
        convention earns that convention's credit (none by default: one
        fixed answer for everyone is exactly the set of another convention
        on a fifth of the trees), and the report names it.
        Any other answer earns nothing: one fixed answer for everyone (the
        leaves below B's second and third child, say) is within a leaf of the
        right set on a third of the trees, so nearly right cannot be told
        from guessed.  ``details["overlap"]`` keeps the Jaccard overlap of
        the two sets (the leaves in both, over the leaves in either).

    Examples
    --------
    >>> from advsearch import parse
    >>> t = parse("A[B[b1=4 b2=7 b3=5] C[c1=6 c2=4 c3=9] D[d1=4 d2=2 d3=8] E[e1=3 e2=5 e3=1]]")
    >>> assess_pruned(t, ["c3", "d2", "d3", "e2", "e3"]).points
    2.0
    >>> g = assess_pruned(t, ["d3", "e2", "e3"])
    >>> g.points, g.convention
    (0.0, 'strict')
    >>> assess_pruned(t, ["d3", "e2", "e3"], credit={"strict": 0.5}).points
    1.0

    Any two answers that mark the same leaves get the same grade:

    >>> one, other = ["D", "e2"], ["d1", "d2", "d3", "[3][1]"]
    >>> check_pruned(t, one).findings["marked"] == check_pruned(t, other).findings["marked"]
    True
    >>> assess_pruned(t, one).details == assess_pruned(t, other).details
    True
    """
    out_of = validation.points(points)
    t = as_tree(t)
    eq = bool(prune_on_equal)
    credit = {} if credit is None else dict(credit)
    fb = check_pruned(t, answer, prune_on_equal=eq)
    if fb.ok:
        return Grade(out_of, out_of, note + str(fb), convention="lecture" if eq else "strict")
    marked = fb.findings.get("marked")
    if marked is None:
        return Grade(0.0, out_of, note + str(fb), mistake=fb.mistake)
    reference = pruned_leaves(t, eq)
    others = {"strict": pruned_leaves(t, not eq), "reversed": pruned_leaves(t, eq, True),
              "strict_reversed": pruned_leaves(t, not eq, True)}
    for key, leaves in others.items():
        if marked == leaves and leaves and leaves != reference:   # a blank answer fits nothing
            how = {"strict": "with the other cut test ("
                             + ("v > β, v < α: no cut on ties)" if eq else "v ≥ β, v ≤ α: cutting on ties)"),
                   "reversed": "with the children searched right to left",
                   "strict_reversed": "with the other cut test and the children searched right to left"}[key]
            text = (note + f"Your answer is exactly what alpha-beta prunes {how}; this question asks for "
                    + ("v ≥ β, v ≤ α" if eq else "v > β, v < α") + ", children left to right. " + str(fb))
            return Grade(share(out_of, credit.get(key, 0.0)), out_of, text, convention=key, mistake=fb.mistake)
    union = marked | reference
    overlap = len(marked & reference) / len(union) if union else 1.0
    return Grade(0.0, out_of, note + str(fb), mistake=fb.mistake, details={"overlap": overlap})
