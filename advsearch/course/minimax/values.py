"""``check.values``: the minimax, expectiminimax or max-n values a student wrote for the nodes of a tree.

The right values come from the one oracle, :meth:`Tree.values
<advsearch.trees.Tree.values>`; a wrong one is explained from its children,
and the typical mistakes on chance nodes and payoff vectors are named with
the oracle's own models of them (:mod:`advsearch.course.minimax.value_mistakes`).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...game import CHANCE, MAX
from ...result import format_number as _f
from ...search import expectiminimax, maxn, minimax
from ...trees import Tree
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import as_tree, blank, has_chance, named_twice, read_by_node, value_type_problem
from ..shared.subtrees import bottom_up
from .value_mistakes import chance_mistake, same_value as same, scalar_sentence, vector_sentence
from ..shared.wording import PLAYER, and_list, article, cap, node_name, short_name


def values(tree, answer) -> Feedback:
    """Check the minimax values a student wrote for the labelled nodes of a tree.

    Parameters
    ----------
    tree : Tree
        The exercise tree (or its text form).  Chance nodes take the
        expectation of their children; in a tree of three or more players
        every value is a payoff vector and each node takes the child best in
        its mover's own entry (max-n).
    answer : dict or None
        ``{label: value}`` for the labelled inner nodes; keys may also be
        paths such as ``(1, 2)``.  Values are numbers (ints, floats,
        Fractions) or, with more than two players, tuples of numbers.  Leaves
        are checked too when the answer gives them.  A tree without labels
        needs every inner node, by path.  None, ``...`` or ``{}`` means not
        answered yet.

    Returns
    -------
    Feedback
        ``ok`` when every required node is right.  Otherwise the text names
        the first wrong node in bottom-up order (children before parents,
        left to right), with its children's values and whether it is MAX or
        MIN, and says which ancestors are wrong only because of it; then the
        unknown and the missing labels.  ``mistake`` is "wrong_perspective"
        when a MAX node was given the min of its children or the reverse;
        "chance_mean", "chance_as_min" or "chance_as_max" when the value is
        what :meth:`Tree.values` gives with ``chance="mean"`` (probabilities
        ignored), ``"min"`` or ``"max"``; "wrong_component" when a payoff
        vector is the child best for another player than the mover; and
        "scalar_for_vector" when a number is given where a vector is due.
        ``findings`` records what the check read: ``"right"``, the required
        nodes' paths (by depth, then left to right) for which the answer
        gives the right value (under any key that names the node; a refused
        value is not read); ``"of"``, how many nodes are required; and
        ``"given"``, the values read by path (None when the answer is no
        mapping).  A grader's points come from these.

    Examples
    --------
    >>> from advsearch import check, examples
    >>> t = examples.two_ply()
    >>> check.values(t, {"A": 3, "B": 3, "C": 2, "D": 2}).ok
    True
    >>> print(check.values(t, {"A": 4, "B": 3, "C": 4, "D": 2}))
    At C (MIN): its children are worth 2, 4 and 6, so C = min = 2; you wrote 4.
    Your A follows correctly from your values below it, so it will come right when the values below it are fixed.
    >>> check.values(t, {"A": 4, "B": 3, "C": 4, "D": 2}).findings
    {'right': [(0,), (2,)], 'of': 4, 'given': {(): 4, (0,): 3, (1,): 4, (2,): 2}}
    >>> print(check.values(t, None))
    Not answered yet: write a dict with the minimax value of each labelled node,
    like {'A': ..., 'B': ..., 'C': ..., 'D': ...}.

    On a chance tree, a plain average of the outcomes is named:

    >>> from fractions import Fraction
    >>> from advsearch import tree, chance
    >>> c = tree([chance((Fraction(1, 4), 8), (Fraction(3, 4), 0)), 1])
    >>> fb = check.values(c, {(): 4, (0,): 4})
    >>> fb.mistake
    'chance_mean'
    >>> print(fb)
    At node [0] (CHANCE): its value is the expectation of its children, 1/4·8 + 3/4·0 = 2; you wrote 4. \
That is the plain average of its children, (8 + 0)/2 = 4: the probabilities were ignored. \
A chance node weighs each outcome by its probability. ...

    With three players, values are payoff vectors:

    >>> m = tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]])
    >>> check.values(m, {(): (5, 5, 0), (0,): (5, 5, 0), (1,): (1, 7, 2)}).ok
    True
    >>> fb = check.values(m, {(): (5, 5, 0), (0,): (2, 3, 5), (1,): (1, 7, 2)})
    >>> fb.mistake
    'wrong_component'
    >>> print(fb)
    At node [0] (P1 moves): its children are child 0 = (5, 5, 0) and child 1 = (2, 3, 5). \
P1 picks the child best in its own component, entry 1: child 0, where it gets 5; \
so node [0] = (5, 5, 0); you wrote (2, 3, 5). That is child 1, the best for P2 (entry 2), \
but P1 moves at node [0] and chooses by its own entry 1.
    >>> check.values(m, {(): 5, (0,): (5, 5, 0), (1,): (1, 7, 2)}).mistake
    'scalar_for_vector'
    """
    t = as_tree(tree)
    vectors = t.num_players > 2
    inner = [n for n in t.nodes() if n.children]
    required = [n.path for n in inner if n.label] or [n.path for n in inner]
    example = "{" + ", ".join(f"{_key_repr(t, p)}: ..." for p in sorted(required, key=_by_depth)[:4])
    example += ", ...}" if len(required) > 4 else "}"
    nothing = {"right": [], "of": len(required), "given": {} if isinstance(answer, Mapping) else None}
    if blank(answer):
        what = ("payoff vector (a tuple, one entry per player)" if vectors
                else "expectiminimax value (exact: a Fraction is welcome)" if has_chance(t) else "minimax value")
        fb = not_answered(f"write a dict with the {what} of each labelled node, like {example}.")
        fb.findings = nothing
        return fb
    if not isinstance(answer, Mapping):
        return Feedback(False, f"Your answer is {article(answer)}; write a dict that maps each "
                               f"node to its value, like {example}.", findings=nothing)
    given, unknown, refusal, every = _read_values(t, answer)
    true = t.values()
    twice, twice_text = named_twice(t, every)
    findings = {"right": sorted((p for p in required if p in given and p not in twice and same(given[p], true[p])),
                                key=_by_depth),
                "of": len(required), "given": given}
    if refusal is not None:
        refusal.findings = findings
        return refusal
    if twice:
        return Feedback(False, twice_text, findings=findings)

    order = [n for n in bottom_up(t) if n.path in given]
    wrong = [n for n in order if not same(given[n.path], true[n.path])]
    missing = sorted((p for p in required if p not in given), key=_by_depth)
    right = sorted((n.path for n in order if n not in wrong), key=_by_depth)
    parts, mistake, picture = [], None, None
    if wrong:
        parts, mistake = _first_wrong_value(t, wrong, given, true)
        picture = _values_picture(t, wrong[0].path)
    if unknown:
        parts.append(" ".join(unknown[:2]))
    if missing:
        parts.append(_still_to_fill(t, missing, right, so_far_so_good=not wrong and not unknown))
    if parts:
        return Feedback(False, " ".join(parts), mistake, picture, findings=findings)
    shown = [f"{short_name(t, p)} = {_f(true[p])}" for p in sorted(required, key=_by_depth)]
    listing = and_list(shown) if len(shown) <= 8 else f"all {len(shown)} values"
    return Feedback(True, f"Correct: {listing}.", findings=findings)


def _by_depth(path):
    """The order in which messages list nodes: by depth, then left to right."""
    return len(path), path


def _read_values(t: Tree, answer):
    """``(given, unknown, refusal, every)``: the values of the answer by path, sentences on the keys that name
    no node, and None, or a Feedback refusing values that are not numbers (or payoff vectors); and every
    ``(key, value)`` read for each path (a node may be named both by label and by path), refused ones left out."""
    vectors = t.num_players > 2

    def problem_of(key, x):
        if x is None or x is Ellipsis:
            return None, None
        if vectors and isinstance(x, (tuple, list)):
            vector = tuple(x)                           # read once: what is checked is what is kept
            return vector, _vector_problem(t, repr(key), vector)
        return x, value_type_problem(repr(key), x)      # a plain number for a vector: diagnosed below

    given, every, notes = read_by_node(t, answer, problem_of)
    unknown = [sentence for on_key, sentence in notes if on_key]
    problems = [sentence for on_key, sentence in notes if not on_key]
    if not problems:
        return given, unknown, None, every
    if vectors:
        return given, unknown, Feedback(False, " ".join(problems[:3]) + f" Write each value as a tuple of "
                                               f"{t.num_players} numbers (ints, floats or Fractions), like (3, 1, "
                                               f"2)."), every
    return given, unknown, Feedback(False, " ".join(problems[:3]) + " Write each value as a number: an int, a "
                                           "float or a Fraction, like 3 or Fraction(7, 2)."), every


def _first_wrong_value(t: Tree, wrong, given, true):
    """The sentences on the first wrong value, bottom-up, and on the wrong values above it; its mistake key.

    A wrong ancestor that follows correctly from the student's own values
    below it is named as such: it will come right with them.
    """
    first = wrong[0]
    sentence, mistake = _explain_value(t, first, true, given[first.path])
    parts = [sentence]
    consistent, others = [], 0
    ancestors = {first.path[:i] for i in range(len(first.path))}
    for node in wrong[1:]:
        if node.path in ancestors and _consistent(t, given, node.path):
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
    return parts, mistake


def _still_to_fill(t: Tree, missing, right, so_far_so_good: bool) -> str:
    """The sentence on the required nodes the answer leaves out (after the right ones, when all else is right)."""
    names = and_list(short_name(t, p) for p in missing)
    if so_far_so_good:
        good = f"your values for {and_list(short_name(t, p) for p in right)} are right" if right else ""
        return f"So far so good{': ' + good if good else ''}. Still to fill in: {names}."
    return f"Still to fill in: {names}."


def _key_repr(t: Tree, path) -> str:
    label = t.node(path).label
    return repr(label) if label else repr(path)


def _vector_problem(t: Tree, who: str, x) -> str | None:
    """A sentence when ``x`` is no payoff vector of this tree, else None."""
    if len(x) != t.num_players:
        return (f"Your value for {who} has {len(x)} entr{'y' if len(x) == 1 else 'ies'}; a payoff vector has "
                f"one entry per player, {t.num_players} here.")
    for v in x:
        problem = value_type_problem(who, v)
        if problem:
            return problem
    return None


def _consistent(t: Tree, given: dict, path) -> bool:
    """Whether the student's value at ``path`` follows from their own values below it."""
    try:
        return same(given[path], _implied(t, given, path))
    except (TypeError, ValueError, IndexError):     # a scalar among vectors: nothing follows from it
        return False


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
    if t.num_players > 2:
        if not isinstance(yours, tuple):
            return scalar_sentence(t, name, yours, value), "scalar_for_vector"
        if node.player != CHANCE:
            return vector_sentence(t, node, true, yours, name)
    if node.player == CHANCE:
        terms = " + ".join(f"{_f(p)}·{_f(v) if v >= 0 else '(' + _f(v) + ')'}" for p, v in zip(node.probs, kids))
        text = (f"At {name} (CHANCE): its value is the expectation of its children, "
                f"{terms} = {_f(value)}; you wrote {_f(yours)}.")
        found = chance_mistake(t, node, yours) if t.num_players == 2 else None
        return (text + " " + found[1], found[0]) if found else (text, None)
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
    found = chance_mistake(t, node, yours)
    if found:
        return text + " " + found[1], found[0]
    return text, None


def _values_picture(t: Tree, path):
    """The reference search (max-n, expectiminimax or minimax) just as it has found the value at ``path``."""
    search = maxn if t.num_players > 2 else expectiminimax if has_chance(t) else minimax
    trace = search(t, trace=True).trace
    step = next(k for k, e in enumerate(trace) if e.path == path and e.kind in ("exit", "leaf"))
    return (t, trace, step, path, False)
