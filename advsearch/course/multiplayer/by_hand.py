"""Grading max-n vectors and paranoid values worked by hand on a :func:`~advsearch.grading.multiplayer_question`.

The reports are those of :func:`advsearch.check.values` (max-n vectors) and
of :mod:`advsearch.course.multiplayer.questions` (paranoid values, the move
a search chooses); these graders turn the checkers' findings (the nodes
found right, the values read) into points, with partial credit,
and make sure that guesses and answers copied from another student's tree
earn nothing.
"""

from __future__ import annotations

from ... import validation
from ..minimax.values import values as check_values
from .questions import paranoid_values, root_move
from ..shared.blind import above_blind, blind_right
from ..shared.grades import Grade, share
from .graded_tree import same_vector, ties_last_values


def _move(t, answer, right, algorithm) -> tuple:
    """``(credit, sentence, mistake)`` for a move at A given as a child's label, from :func:`root_move`."""
    if not isinstance(answer, str):
        kids = ", ".join(c.label for c in t.initial_state.children)
        return 0.0, f"The move should be the label of one of A's children ({kids}), a str.", None
    fb = root_move(t, answer.strip(), algorithm)
    return (1.0 if answer.strip() == right else 0.0), str(fb), fb.mistake


def _right_labels(t, fb) -> list:
    """The labels of the nodes the checker found right (its ``findings["right"]``)."""
    return [t.node(p).label for p in fb.findings.get("right", ())]


def assess_maxn_values(q, values, move, points=2, *, note: str = "") -> Grade:
    """Grade max-n vectors worked by hand (three quarters of the points) and the move at A (a quarter).

    Each inner node's vector right beyond those a blind answer gets right
    (:func:`~advsearch.course.shared.blind.blind_right`: one vector everywhere, or at each depth
    each node a leaf below it, such as the first, which the tie rule makes right at
    the lowest nodes) earns its share, as in
    :func:`~advsearch.grading.assess_values`; the report is
    :func:`advsearch.check.values`'s feedback, which names a vector best for
    another player than the mover ("wrong_component") and a number given for a
    vector ("scalar_for_vector"); a later child taken among equals (a vector the
    checker read, ``findings["given"]``, equal to the tie-last one) is named
    "tie_last".  The points are arithmetic over the checker's findings (the
    nodes it found right); the answer is not read a second time.  The move
    earns its quarter only with the vector at A right and more vectors right
    than a blind answer gets: the move is the child whose vector A takes.

    Examples
    --------
    >>> from advsearch.grading import multiplayer_question
    >>> q = multiplayer_question(1)
    >>> assess_maxn_values(q, q.maxn, q.maxn_move).points
    2.0
    >>> tie = q.ties[0]
    >>> g = assess_maxn_values(q, {**q.maxn, tie: ties_last_values(q.tree)[q.tree.node(tie).path]}, q.maxn_move)
    >>> g.mistake
    'tie_last'
    """
    out_of = validation.points(points)
    t = q.tree
    fb = check_values(t, values)
    right = _right_labels(t, fb)
    given = fb.findings.get("given")
    lines = [note + str(fb)]
    mistake = fb.mistake
    if given is not None:
        last = ties_last_values(t)
        tied = [n for n in sorted(t.nodes(), key=lambda n: -len(n.path)) if n.path in given
                and n.label not in right and n.children and same_vector(given[n.path], last[n.path])]
        if tied:
            n = tied[0]
            lines.append(f"At {n.label} your vector is a later child among children that give P{n.player} the "
                         f"same payoff; among equals max-n keeps the first, in actions() order (left to right).")
            mistake = "tie_last"
        if not fb.ok:
            lines.append(f"({len(right)} of {len(q.maxn)} vectors right.)")
    required = [n for n in t.nodes() if n.label in q.maxn]
    blind = blind_right(required, [q.maxn[n.label] for n in required])
    earned = above_blind(len(right), len(q.maxn), blind)
    if not fb.ok and given is not None and blind:
        lines.append(f"(One vector everywhere, or giving the nodes of each depth one read of the leaves below them "
                     f"(the first, last or middle, the best for the player to move), gets {blind} right on this tree; "
                     f"only the vectors right beyond {blind} earn points.)")
    got_move, said, wrong_move = _move(t, move, q.maxn_move, "maxn")
    mistake = mistake or wrong_move
    if got_move and not ("A" in right and earned > 0):
        got_move = 0.0
        said += (" The move counts only with A's vector right, and more vectors right than a blind answer gets: it "
                 "is the child whose vector A takes.")
    lines.append(said)
    fraction = 0.75 * earned + 0.25 * got_move
    return Grade(share(out_of, fraction), out_of, " ".join(lines), mistake=mistake,
                 details={"right": len(right), "of": len(q.maxn), "move": got_move, "blind": blind})


def assess_paranoid(q, values, move, spite, points=3, *, note: str = "") -> Grade:
    """Grade paranoid values by hand (half the points), the paranoid move (a quarter) and the spite node (a quarter).

    The values earn their half in full when all are right, and otherwise
    (f − ½)·2 of it for a fraction f of them right: paranoid values are small
    numbers (minima), so values written for another tree agree with many by
    chance, and such answers must earn nothing.  The move and the node earn
    their quarters only with more than half of the values right, the move with
    the value at A right too, the node with the values on max-n's path (which
    show where the coalition parts from max-n).
    The values are P0's payoffs under paranoid play; the values right are
    those the checker found right (its ``findings["right"]``), so the grade
    is point arithmetic over the check's findings.  The report is
    :func:`advsearch.course.multiplayer.questions.paranoid_values`'s feedback,
    which names P0's entries of the max-n vectors given instead
    ("coalition_own_payoff") and levels alternating as with two players
    ("alternating_levels"); a wrong move is told by
    :func:`~advsearch.course.multiplayer.questions.root_move`.  ``spite`` is
    the node on max-n's principal variation where the coalition picks another
    child than max-n.

    Examples
    --------
    >>> from advsearch.grading import multiplayer_question
    >>> q = multiplayer_question(1)
    >>> assess_paranoid(q, q.paranoid, q.paranoid_move, q.spite).points
    3.0
    >>> g = assess_paranoid(q, {k: v[0] for k, v in q.maxn.items()}, q.paranoid_move, q.spite)
    >>> g.mistake, g.points < 3
    ('coalition_own_payoff', True)
    """
    out_of = validation.points(points)
    t = q.tree
    fb = paranoid_values(t, values, player=0)
    right = _right_labels(t, fb)
    lines = [note + str(fb)]
    mistake = fb.mistake
    if not fb.ok and fb.findings.get("given") is not None:
        lines.append(f"({len(right)} of {len(q.paranoid)} values right.)")
    got_move, said, wrong_move = _move(t, move, q.paranoid_move, "paranoid")
    mistake = mistake or wrong_move
    enough = len(right) * 2 > len(q.paranoid)
    if got_move and not ("A" in right and enough):
        got_move, said = 0.0, said + " The move counts only with A's value and most values right."
    lines.append(said)
    chosen = spite.strip() if isinstance(spite, str) else None
    got_spite = float(chosen == q.spite)
    lines.append(f"The coalition parts from max-n at {q.spite}: right." if got_spite else
                 f"The node where the coalition parts from max-n is not {chosen!r}." if chosen else
                 "spite_node should be the label of a node, like 'E'.")
    if got_spite and not (set(q.line) <= set(right) and enough):
        got_spite = 0.0
        lines.append(f"The node counts only with most values right, those on max-n's path ({', '.join(q.line)}) "
                     "among them.")
    fraction = 0.5 * max(0.0, 2 * len(right) / len(q.paranoid) - 1) + 0.25 * got_move + 0.25 * got_spite
    return Grade(share(out_of, fraction), out_of, " ".join(lines), mistake=mistake,
                 details={"right": len(right), "of": len(q.paranoid), "move": got_move, "spite": got_spite})
