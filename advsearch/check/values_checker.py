"""``check.values``: the minimax values a student wrote for the nodes of a tree.

The right values come from the one oracle, :meth:`Tree.values
<advsearch.trees.Tree.values>`; a wrong one is explained from its children.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..game import CHANCE, MAX
from ..result import format_number as _f
from ..search import minimax
from ..trees import Tree
from .feedback import Feedback, not_answered
from .reading import BadItem, as_tree, blank, has_chance, locate, same, two_player, value_type_problem
from .subtrees import bottom_up
from .wording import PLAYER, and_list, article, cap, node_name, short_name

__all__ = ["values"]


def values(tree, answer) -> Feedback:
    """Check the minimax values a student wrote for the labelled nodes of a tree.

    Parameters
    ----------
    tree : Tree
        The exercise tree (or its text form).  Chance nodes take the
        expectation of their children.
    answer : dict or None
        ``{label: value}`` for the labelled inner nodes; keys may also be
        paths such as ``(1, 2)``.  Leaves are checked too when the answer
        gives them.  A tree without labels needs every inner node, by path.
        None, ``...`` or ``{}`` means not answered yet.

    Returns
    -------
    Feedback
        ``ok`` when every required node is right.  Otherwise the text names
        the first wrong node in bottom-up order (children before parents,
        left to right), with its children's values and whether it is MAX or
        MIN, and says which ancestors are wrong only because of it; then the
        unknown and the missing labels.  ``mistake`` is "wrong_perspective"
        when a MAX node was given the min of its children or the reverse.

    Examples
    --------
    >>> from advsearch import check, examples
    >>> t = examples.two_ply()
    >>> check.values(t, {"A": 3, "B": 3, "C": 2, "D": 2}).ok
    True
    >>> print(check.values(t, {"A": 4, "B": 3, "C": 4, "D": 2}))
    At C (MIN): its children are worth 2, 4 and 6, so C = min = 2; you wrote 4.
    Your A follows correctly from your values below it, so it will come right when the values below it are fixed.
    >>> print(check.values(t, None))
    Not answered yet: write a dict with the minimax value of each labelled node,
    like {'A': ..., 'B': ..., 'C': ..., 'D': ...}.
    """
    t = as_tree(tree)
    two_player(t, "values")
    inner = [n for n in t.nodes() if n.children]
    required = [n.path for n in inner if n.label] or [n.path for n in inner]
    example = "{" + ", ".join(f"{_key_repr(t, p)}: ..." for p in sorted(required, key=lambda p: (len(p), p))[:4])
    example += ", ...}" if len(required) > 4 else "}"
    if blank(answer):
        return not_answered(f"write a dict with the minimax value of each labelled node, like {example}.")
    if not isinstance(answer, Mapping):
        return Feedback(False, f"Your answer is {article(answer)}; write a dict that maps each "
                               f"node to its value, like {example}.")

    given, unknown, problems = {}, [], []
    for key, x in answer.items():
        try:
            path = locate(t, key)
        except BadItem as e:
            unknown.append(cap(str(e)) + ".")
            continue
        if x is None or x is Ellipsis:
            continue
        problem = value_type_problem(repr(key), x)
        if problem:
            problems.append(problem)
            continue
        given[path] = x
    if problems:
        return Feedback(False, " ".join(problems[:3]) + " Write each value as a number: an int, a float or a "
                                                         "Fraction, like 3 or Fraction(7, 2).")

    true = t.values()
    order = [n for n in bottom_up(t) if n.path in given]
    wrong = [n for n in order if not same(given[n.path], true[n.path])]
    missing = sorted((p for p in required if p not in given), key=lambda p: (len(p), p))
    right = sorted((n.path for n in order if n not in wrong), key=lambda p: (len(p), p))
    parts, mistake, picture = [], None, None

    if wrong:
        first = wrong[0]
        sentence, mistake = _explain_value(t, first, true, given[first.path])
        parts.append(sentence)
        consistent, others = [], 0
        ancestors = {first.path[:i] for i in range(len(first.path))}
        for node in wrong[1:]:
            if node.path in ancestors and same(given[node.path], _implied(t, given, node.path)):
                consistent.append(node)
            else:
                others += 1
        if consistent:
            many = len(consistent) > 1
            names = and_list(short_name(t, n.path) for n in consistent)
            if not all(n.label for n in consistent):        # "Your values for [0] and the root"
                names = f"value{'s' if many else ''} for {names}"
            them, they = ("them", "they") if many else ("it", "it")
            parts.append(f"Your {names} follow{'' if many else 's'} correctly from your values "
                         f"below {them}, so {they} will come right when the values below {them} are fixed.")
        if others:
            parts.append(f"{others} more value{'s are' if others > 1 else ' is'} wrong further up or to the right.")
        picture = _values_picture(t, first.path)
    if unknown:
        parts.append(" ".join(unknown[:2]))
    if missing:
        names = and_list(short_name(t, p) for p in missing)
        if not wrong and not unknown:
            good = f"your values for {and_list(short_name(t, p) for p in right)} are right" if right else ""
            parts.append(f"So far so good{': ' + good if good else ''}. Still to fill in: {names}.")
        else:
            parts.append(f"Still to fill in: {names}.")
    if parts:
        return Feedback(False, " ".join(parts), mistake, picture)
    shown = [f"{short_name(t, p)} = {_f(true[p])}" for p in sorted(required, key=lambda p: (len(p), p))]
    listing = and_list(shown) if len(shown) <= 8 else f"all {len(shown)} values"
    return Feedback(True, f"Correct: {listing}.")


def _key_repr(t: Tree, path) -> str:
    label = t.node(path).label
    return repr(label) if label else repr(path)


def _implied(t: Tree, given: dict, path):
    """The value that the student's own values below the node at ``path`` (not at it) give it."""
    yours_below = {p: v for p, v in given.items() if p != path}
    return t.with_values(yours_below, at=path).values()[()]


def _explain_value(t: Tree, node, true, yours):
    """The sentence for a wrong value at ``node``, and the mistake key (or None)."""
    name = node_name(t, node.path)
    if not node.children:
        return f"{cap(short_name(t, node.path))} is a leaf worth {_f(node.value)}; you wrote {_f(yours)}.", None
    kids = [true[c.path] for c in node.children]
    value = true[node.path]
    who = node.label if node.label else None
    if node.player == CHANCE:
        terms = " + ".join(f"{_f(p)}·{_f(v)}" for p, v in zip(node.probs, kids))
        return (f"At {name} (CHANCE): its value is the expectation of its children, "
                f"{terms} = {_f(value)}; you wrote {_f(yours)}."), None
    op = "max" if node.player == MAX else "min"
    worth = (f"its only child is worth {_f(kids[0])}" if len(kids) == 1
             else f"its children are worth {and_list(_f(k) for k in kids)}")
    equals = f"{who} = {op} = {_f(value)}" if who else f"its value is {op} = {_f(value)}"
    text = f"At {name} ({PLAYER[node.player]}): {worth}, so {equals}; you wrote {_f(yours)}."
    other = min(kids) if node.player == MAX else max(kids)
    if same(yours, other):
        other_op, takes = ("min", "largest") if node.player == MAX else ("max", "smallest")
        text += (f" That is the {other_op} of its children, but {name} is a {PLAYER[node.player]} node: "
                 f"it takes the {takes}.")
        return text, "wrong_perspective"
    return text, None


def _values_picture(t: Tree, path):
    if has_chance(t):
        return (t, None, None, path, False)
    trace = minimax(t, trace=True).trace
    step = next(k for k, e in enumerate(trace) if e.path == path and e.kind in ("exit", "leaf"))
    return (t, trace, step, path, False)
