"""``check.monotonic_transformation``: an order-keeping change of the leaves that moves expectimax, not minimax.

The exercise: on a tree with chance nodes, find a function f of the leaf
values that is strictly increasing, so that minimax (which only compares
values) keeps its move, and yet changes the move of expectimax (which adds
values weighted by probabilities).  Both moves come from the one oracle,
:meth:`Tree.values <advsearch.trees.Tree.values>`, on the tree as it is and
on :meth:`Tree.with_values <advsearch.trees.Tree.with_values>` with every
leaf passed through f: ``chance="expectation"`` for expectimax and
``chance="min"`` for minimax, which plays chance as an adversary.
"""

from __future__ import annotations

from collections.abc import Mapping

from ... import timeout
from ...answers import close, number_problem
from ...game import CHANCE, MAX
from ...result import format_number as _f
from ...search import expectiminimax
from ...trees import Tree
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import as_tree, two_player
from ..shared.wording import and_list, article, node_name


#: Seconds the student's f may take for all the leaf values together.
TIME_LIMIT = 1.0

#: The mistakes :func:`monotonic_transformation` names, by key.
TRANSFORMATION_MISTAKES = {
    "not_increasing": "the transformation swaps or ties two leaf values, so it is not strictly increasing",
    "affine_map": "a positive affine map a·v + b, which never changes an expectation's order",
    "decision_unchanged": "the order of the leaves is kept, but expectimax still makes the same move",
    "decision_tied": "expectimax's move now only ties with another move instead of losing to it",
}

_HOW = ("give f, a function of one leaf value such as lambda v: v ** 3, or a dict from each leaf value "
        "to its new value, like {1: 1, 2: 20}")


def monotonic_transformation(tree, f) -> Feedback:
    """Check a strictly increasing f on the leaves that changes expectimax's move at the root, not minimax's.

    Parameters
    ----------
    tree : Tree
        A two-player tree (or its text form) with chance nodes and MAX at the
        root, on which expectimax has a single best move.
    f : callable or dict or None
        The transformation: ``f(v)`` for each leaf value ``v``, or a dict
        ``{v: new value}`` covering every leaf value.  New values are ints,
        floats or Fractions (:func:`advsearch.answers.number_problem`).  None
        or ``...`` means not answered yet.

    Returns
    -------
    Feedback
        ``ok`` when f is strictly increasing on the leaf values (so minimax,
        which treats chance as an adversary, keeps its move: the text says
        so, from the oracle on the new tree) and expectimax's best move after
        f is another one.  Otherwise the text says what is wrong: f is no
        function, raises, takes too long or gives no number (naming the leaf
        value); two leaf values swap order or tie ("not_increasing"); f is
        a positive affine map on the leaves ("affine_map"); expectimax's move
        stays ("decision_unchanged") or only ties ("decision_tied").

    Raises
    ------
    ValueError
        When the tree has no chance node, more than two players, MIN at the
        root, or no single best expectimax move to change.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from advsearch import check, chance, tree
    >>> from advsearch.course.chance.transformations import monotonic_transformation
    >>> t = tree([chance((F(1, 2), 2), (F(1, 2), 4)), chance((F(1, 2), 1), (F(1, 2), 6))], labels=True)
    >>> print(monotonic_transformation(t, {1: 0, 2: 5, 4: 6, 6: 7}))
    Right: f keeps the order of the leaf values 1 < 2 < 4 < 6, so minimax, which treats chance as an adversary, \
keeps its move B (worth 2 before f and 5 after). Expectimax changes its move from C to B: before f, C was best \
with 7/2; after f, B = 11/2 and C = 7/2.
    >>> fb = monotonic_transformation(t, lambda v: v ** 2)
    >>> fb.ok, fb.mistake
    (False, 'decision_unchanged')
    >>> print(monotonic_transformation(t, lambda v: -v))
    f is not strictly increasing on the leaf values: 1 < 2, but f(1) = -1 > f(2) = -2, so the two leaves \
swap order. In fact f reverses the order of all the leaves: it is decreasing. ...
    """
    t = _exercise_tree(tree)
    if f is None or f is Ellipsis:
        return not_answered(_HOW + ".")
    old = sorted({leaf.value for leaf in t.leaves()})
    new = _apply(f, old)
    if isinstance(new, Feedback):
        return new
    for a, b in zip(old, old[1:]):
        if not new[a] < new[b]:
            return _swap(old, new, a, b)

    after = t.with_values({leaf.path: new[leaf.value] for leaf in t.leaves()})
    moves = range(len(t.initial_state.children))
    names = [node_name(t, (m,)) for m in moves]
    avg_before, avg_after = _root_children(t, "expectation"), _root_children(after, "expectation")
    worst_before, worst_after = _root_children(t, "min"), _root_children(after, "min")
    move = _best(avg_before)
    kept = _best(worst_before)
    kept_now = _best(worst_after)
    listing = and_list(f"{names[m]} = {_f(avg_after[m])}" for m in moves)
    picture = (after, expectiminimax(after, trace=True).trace, None, (), False)
    if kept_now != kept:                 # cannot happen when f is strictly increasing: checked, not assumed
        return Feedback(False, f"Minimax's move changed from {names[kept]} to {names[kept_now]}, though f keeps "
                               "the order of the leaves; please report this tree.", None, picture)
    top = max(avg_after)
    rivals = [m for m in moves if m != move and close(avg_after[m], top)]
    if close(avg_after[move], top):
        if rivals:
            return Feedback(False, f"Almost: f keeps the order of the leaves, and after f, {names[move]} ties with "
                                   f"{and_list(names[m] for m in rivals)} ({listing}). Expectimax's move changes only "
                                   f"when another move is worth strictly more than {names[move]}.",
                            "decision_tied", picture)
        text = (f"f keeps the order of the leaves, as it must, but expectimax still moves to {names[move]}: "
                f"after f, {listing}.")
        affine = _affine(old, new)
        if affine:
            a, b = affine
            return Feedback(False, text + f" On these leaves f is the positive affine map v ↦ {_affine_text(a, b)}. "
                                          "Such a map turns every expectation E into a·E + b, because the "
                                          "probabilities add up to 1, so it never changes which move is best: "
                                          "stretch some gaps between the leaf values more than others.",
                            "affine_map", picture)
        return Feedback(False, text + f" Change the sizes of the gaps between the leaf values so that another "
                                      f"move's expectation overtakes {names[move]}'s.", "decision_unchanged", picture)
    now = _best(avg_after)
    chain = " < ".join(_f(v) for v in old)
    return Feedback(True, f"Right: f keeps the order of the leaf values {chain}, so minimax, which treats chance as "
                          f"an adversary, keeps its move {names[kept]} (worth {_f(worst_before[kept])} before f and "
                          f"{_f(worst_after[kept])} after). Expectimax changes its move from {names[move]} to "
                          f"{names[now]}: before f, {names[move]} was best with {_f(avg_before[move])}; after f, "
                          f"{listing}.",
                    None, picture)


def _exercise_tree(tree) -> Tree:
    """The tree, or a ValueError saying why no transformation exercise can be set on it."""
    t = as_tree(tree)
    two_player(t, "monotonic_transformation")
    if t.initial_state.player != MAX:
        raise ValueError("check.monotonic_transformation needs MAX to move at the root of the tree")
    if len(t.initial_state.children) < 2:
        raise ValueError("check.monotonic_transformation needs at least two moves at the root, one to change to")
    if not any(n.player == CHANCE for n in t.nodes() if n.children):
        raise ValueError("check.monotonic_transformation needs a tree with chance nodes; without them "
                         "expectimax is minimax and no increasing f can change its move")
    values = _root_children(t, "expectation")
    best = [m for m, v in enumerate(values) if close(v, max(values))]
    if len(best) != 1:
        raise ValueError("check.monotonic_transformation needs a tree on which expectimax has a single best move "
                         f"at the root, but moves {and_list(best)} tie at {_f(max(values))}")
    return t


def _root_children(t: Tree, rule: str) -> list:
    """The values of the root's children under the chance rule ``rule``, asked of the oracle."""
    values = t.values(rule)
    return [values[(m,)] for m in range(len(t.initial_state.children))]


def _best(values: list) -> int:
    """The first move of greatest value: the move a search returns."""
    return values.index(max(values))


def _apply(f, old: list):
    """``{v: f(v)}`` for the leaf values ``old``, or the Feedback saying why f gives none."""
    if isinstance(f, Mapping):
        missing = [v for v in old if v not in f]
        if missing:
            return Feedback(False, f"Your table gives no new value for the leaf value{'s' if len(missing) > 1 else ''} "
                                   f"{and_list(_f(v) for v in missing)}; it needs one for every leaf value, "
                                   f"{and_list(_f(v) for v in old)}.")
        new = {v: f[v] for v in old}
    elif callable(f):
        try:
            new = timeout.call(_each, f, old, seconds=TIME_LIMIT, what="your f on the leaf values")
        except timeout.TimeLimitExceeded:
            return Feedback(False, f"Your f did not give the {len(old)} new leaf values within {TIME_LIMIT:g} s; "
                                   "a transformation of one number should take no time at all.")
        if isinstance(new, tuple):              # (value, exception) at the first value that raised
            v, e = new
            return Feedback(False, f"Your f raised {type(e).__name__} at the leaf value {_f(v)}: {e}. It must give "
                                   "a number for every leaf value of this tree.")
    else:
        return Feedback(False, f"Your answer is {article(f)}; {_HOW}.")
    for v in old:
        problem = number_problem(new[v])
        if problem:
            return Feedback(False, f"f({_f(v)}) is refused: {problem}. Each new leaf value must be a number "
                                   "(an int, a float or a Fraction).")
    return new


def _each(f, old: list):
    """``{v: f(v)}``, or ``(v, error)`` for the first value at which f raises."""
    new = {}
    for v in old:
        try:
            new[v] = f(v)
        except Exception as e:           # the student's f, reported in words
            return v, e
    return new


def _swap(old: list, new: dict, a, b) -> Feedback:
    """The feedback when f does not keep ``a < b``, two neighbouring leaf values."""
    relation = "=" if new[a] == new[b] else ">"
    text = (f"f is not strictly increasing on the leaf values: {_f(a)} < {_f(b)}, but f({_f(a)}) = {_f(new[a])} "
            f"{relation} f({_f(b)}) = {_f(new[b])}, so ")
    text += "the two leaves tie after f." if relation == "=" else "the two leaves swap order."
    if all(new[x] > new[y] for x, y in zip(old, old[1:])):
        text += " In fact f reverses the order of all the leaves: it is decreasing."
    text += (" A monotonic transformation keeps the order of every pair of leaves; only then is minimax, "
             "which only compares values, sure to keep its move.")
    return Feedback(False, text, "not_increasing")


def _affine(old: list, new: dict):
    """``(a, b)`` when ``new[v] == a·v + b`` for every leaf value (a > 0), else None."""
    lo, hi = old[0], old[-1]
    a = (new[hi] - new[lo]) / (hi - lo)
    b = new[lo] - a * lo
    return (a, b) if all(close(new[v], a * v + b) for v in old) else None


def _affine_text(a, b) -> str:
    """``a·v + b`` as a lecture writes it: "2·v + 1", "v − 3", "v".

    >>> _affine_text(2, 1), _affine_text(1.0, -3), _affine_text(1, 0)
    ('2·v + 1', 'v − 3', 'v')
    """
    text = "v" if a == 1 else f"{_f(a)}·v"
    if b == 0:
        return text
    return f"{text} {'−' if b < 0 else '+'} {_f(abs(b))}"
