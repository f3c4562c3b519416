"""Grading expectimax written in code: the value on trees with chance nodes, and the chance rule it follows.

The right value of each tree, and its value under each wrong way of combining
a chance node's children, come from the one oracle of backed-up values,
:meth:`Tree.values(chance) <advsearch.trees.Tree.values>`, whose
:data:`~advsearch.trees.CHANCE_RULES` are the lecture's expectation and the
students' usual mistakes.  A correct expectimax visits each node once,
children left to right: as :func:`~advsearch.expectiminimax` does.  What a
run on a tree shows (the rules its value fits, whether it visits each node
once) is the self-study checker's judgement of that run,
:func:`advsearch.course.chance.implementation.judge_chance_run`; the grade is
point arithmetic over it.
"""

from __future__ import annotations

from ... import validation
from .implementation import judge_chance_run
from ..shared.grades import Grade, no_function, share, value_text
from ..shared.reading import as_tree
from ..shared.batteries import as_trees
from ..shared.running import describe_error, run_on, stopped


#: How a student's expectimax may combine a chance node's children, in words: the right rule first.
#: The rules themselves, by the same keys, are :data:`advsearch.trees.CHANCE_RULES`.
CHANCE_RULES = {
    "expectation": "the expectation: each child's value times its probability, summed",
    "mean": "the plain average of the children, ignoring the probabilities",
    "min": "the worst child for MAX, as if chance were MIN (that is minimax)",
    "max": "the best child for MAX, as if chance were MAX",
}


def assess_expectimax(fn, trees, points=3, *, time_limit: float = 3.0, note: str = "") -> Grade:
    """Grade a student's ``fn(game, state) -> value`` for MAX on trees with chance nodes, tree by tree.

    Each tree is searched through a :class:`RecordingGame` and the run judged
    as the self-study checker judges it (:func:`~.implementation.judge_chance_run`);
    the function is right on a tree when it returns the tree's value (floats
    within 1e-9 of the exact fraction are right).  A wrong value is compared with the value
    under each wrong rule of :data:`CHANCE_RULES`, and the report names the
    rule the function follows.  It also says when the function searches a
    node twice or skips one (a correct expectimax visits each node once),
    which costs nothing but time.

    Parameters
    ----------
    fn : callable
    trees : list of Tree
        The battery, e.g. ``problems("ps3", s).chance_trees``.
    points : float
    time_limit : float
        Seconds each tree may take.
    note : str
        A sentence to put first in the report.

    Returns
    -------
    Grade
        ``points`` times the share of trees right; ``convention`` the key of
        :data:`CHANCE_RULES` that fits every tree, if one does.

    Examples
    --------
    >>> from advsearch import MAX, CHANCE
    >>> def average(game, state):      # forgets the probabilities
    ...     if game.is_terminal(state):
    ...         return game.utility(state, MAX)
    ...     kids = [average(game, game.result(state, a)) for a in game.actions(state)]
    ...     if game.to_move(state) == CHANCE:
    ...         return sum(kids) / len(kids)
    ...     return max(kids) if game.to_move(state) == MAX else min(kids)
    >>> from advsearch.grading import chance_trees
    >>> g = assess_expectimax(average, chance_trees(0))
    >>> g.points, g.convention
    (0.0, 'mean')
    """
    out_of = validation.points(points)
    missing = no_function(fn, out_of, note, 'expectimax', '(game, state) -> value')
    if missing is not None:
        return missing
    trees = as_trees(trees)
    rows = []
    for t in trees:
        run = run_on(fn, t, time_limit)
        found = judge_chance_run(t, run)
        rows.append({"tree": str(t), "value": run.value, "error": run.error, "fits": found["fits"],
                     "once": found["once"]})
        if stopped(run.error):
            break
    right = sum("expectation" in r["fits"] for r in rows)
    fits_all = set.intersection(*(set(r["fits"]) for r in rows)) if len(rows) == len(trees) else set()
    convention = next((r for r in CHANCE_RULES if r in fits_all), None)
    lines = [note + f"Your expectimax was run on {len(trees)} trees with chance nodes: its value is right on "
             f"{right} of them."]
    if convention not in (None, "expectation"):
        lines.append(f"On every tree it combines a chance node's children by {CHANCE_RULES[convention]}; "
                     f"a chance node's value is {CHANCE_RULES['expectation']}.")
    bad = next((r for r in rows if "expectation" not in r["fits"]), None)
    if bad is not None:
        if bad["error"] is not None:
            lines.append(f"On the tree {bad['tree']} your function {describe_error(bad['error'])}.")
            if stopped(bad["error"]) and len(rows) < len(trees):
                lines.append("The remaining trees were not tried.")
        else:
            t = as_tree(bad["tree"])
            lines.append(f"On the tree {t} it returns {bad['value']!r}; the value is "
                         f"{value_text(t.values()[()])}.")
    twice = sum(not r["once"] for r in rows if "expectation" in r["fits"])
    if twice:
        lines.append(f"On {twice} of the trees where the value is right, it does not visit every node exactly "
                     "once, children left to right (a child searched twice costs time, not points).")
    return Grade(share(out_of, right / len(trees)), out_of, " ".join(lines), convention=convention,
                 details={"rows": rows, "right": right})
