"""Grading minimax values worked by hand (lecture 01), with credit only beyond what a blind answer gets.

The checker :func:`advsearch.check.values` says what is wrong and records
which required nodes the answer gets right (``Feedback.findings``); this
grader turns those findings into points and never reads the answer itself.  The right values are the one oracle's,
:meth:`Tree.values <advsearch.trees.Tree.values>`.
"""

from __future__ import annotations

from ... import validation
from ..shared.blind import above_blind, blind_right
from ..shared.grades import Grade, share
from ..shared.reading import as_tree
from .values import values as check_values


def assess_values(t, answer, points=2, *, note: str = "") -> Grade:
    """Grade minimax values written by hand, with credit for each inner node right beyond a blind answer's.

    The grade is point arithmetic over the checker's findings: the report is
    :func:`advsearch.check.values`'s feedback, and the nodes right are those
    its ``findings["right"]`` lists; only the blind count is the grader's own,
    worked out from the tree.
    Small trees repeat their numbers, so a blind answer (one number
    everywhere, or at each depth a number read off the leaves below each
    node: the first, last, middle, largest or smallest, the best for the
    player to move, the mean) is right at some nodes of most trees; :func:`~advsearch.course.shared.blind.blind_right` counts
    them, and ``r`` of ``n`` values right earn (r − b) / (n − b) of the points
    for ``b`` right blindly (all right earns everything).

    Parameters
    ----------
    t : Tree
        The student's tree (labelled), e.g. ``problems("ps1", s).minimax.tree``.
    answer : dict
        ``{label: value}`` as for :func:`advsearch.check.values`.
    points : float
        The test's points; each required node is worth an equal share.
    note : str
        A sentence to put first in the report.

    Examples
    --------
    >>> from advsearch import examples
    >>> t = examples.two_ply()
    >>> assess_values(t, {"A": 3, "B": 3, "C": 2, "D": 2}).points
    2.0
    >>> g = assess_values(t, {"A": 3, "B": 3, "C": 4, "D": 2})   # 3 right; reading leaves gets all 4
    >>> g.points, g.text.split(":")[0]
    (0.0, 'At C (MIN)')
    >>> assess_values(t, {"A": 3, "B": 3, "C": 3, "D": 3}).points
    0.0

    The points come from the checker's findings, not from a second reading:

    >>> fb = check_values(t, {"A": 3, "B": 3, "C": 4, "D": 2})
    >>> fb.findings["right"], fb.findings["of"], g.details
    ([(), (0,), (2,)], 4, {'right': 3, 'of': 4, 'blind': 4})
    """
    out_of = validation.points(points)
    t = as_tree(t)
    fb = check_values(t, answer)
    labelled = [n for n in t.nodes() if n.children and n.label]
    required = labelled or [n for n in t.nodes() if n.children]
    true = t.values()
    right = len(fb.findings.get("right", ()))
    blind = blind_right(required, [true[n.path] for n in required])
    fraction = above_blind(right, len(required), blind)
    text = note + str(fb)
    if not fb.ok:
        text += (f" ({right} of {len(required)} values right; writing one number everywhere, or giving the nodes of "
                 f"each depth one read of the leaves below them (the first, last, middle, largest or smallest, the "
                 f"best for the player to move, the mean), gets {blind} right on this tree, so only the values "
                 f"right beyond {blind} earn points.)")
    return Grade(out_of if fb.ok else share(out_of, fraction), out_of, text, mistake=fb.mistake,
                 details={"right": right, "of": len(required), "blind": blind})
