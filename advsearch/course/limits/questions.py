"""Checkers for lecture 03's questions by hand: H-minimax values at a depth limit, the nodes a quiescence
search looks at, and the nodes move ordering saves.

- :func:`depth_limited` cuts the tree at the depth limit, puts each cut-off
  node's Eval in its place and asks :func:`check.values <.values_checker.values>`
  (so the oracle :meth:`Tree.values <advsearch.trees.Tree.values>`) about it;
- :func:`~.limits_quiescence.quiescence` (in its own module) asks which nodes
  a quiescence search scores below the depth limit;
- :func:`ordering_savings` compares with ``alphabeta(...).stats.nodes`` with
  and without ``order=``.
"""

from __future__ import annotations

from ...search import alphabeta
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import as_tree, blank, is_number, locate, BadItem
from ..minimax.values import values
from ..shared.wording import and_list


#: The mistakes these checkers name, by key.
LIMITS_MISTAKES = {
    "ignored_depth_limit": "the values are full minimax values: the search looked past the depth limit",
    "cutoff_off_by_one": "Eval was applied one ply too shallow or too deep",
    "quiescence_extends_quiet": "quiet nodes at the depth limit were searched on too: quiescence follows noisy "
                                "moves only",
    "quiescence_no_stand_pat": "every noisy line was followed to its end, though standing pat closes the window",
    "counted_leaves": "leaves were counted where the question asks for nodes (every node visited, the root too)",
    "root_not_counted": "the root was left out of the node count",
}


def _check_evals(t, evals):
    if not isinstance(evals, dict):
        raise TypeError(f"evals must be a dict from node labels (or paths) to Eval numbers, not {evals!r:.60}")
    out = {}
    for key, v in evals.items():
        try:
            path = locate(t, key)
        except BadItem as e:
            raise ValueError(f"evals: {e}") from None
        if not is_number(v):
            raise ValueError(f"evals[{key!r}] must be a number, not {v!r}")
        out[path] = v
    return out


def _cut(t, evals, depth):
    """The tree cut at ``depth``, each cut-off node a leaf holding its Eval; ValueError if one has no Eval."""
    frontier = [n.path for n in t.nodes() if len(n.path) == depth and n.children]
    missing = [p for p in frontier if p not in evals]
    if missing:
        raise ValueError(f"evals gives no Eval for the node{'s' * (len(missing) > 1)} at depth {depth}: "
                         + and_list([t.label(t.node(p)) or str(list(p)) for p in missing]))
    return t.with_values({p: evals[p] for p in frontier})


def eval_function(tree, evals):
    """``evaluate(state, player)`` reading MAX's Eval of a node from ``evals`` ({label or path: number}).

    >>> from advsearch import parse, minimax
    >>> t = parse("A[B[C[1 2] D[3 4]] E[F[5 6] G[7 8]]]")
    >>> minimax(t, depth=2, evaluate=eval_function(t, {"C": 2, "D": 0, "F": 1, "G": 5})).value
    1
    """
    t = as_tree(tree)
    table = _check_evals(t, evals)

    def evaluate(state, player=0):
        if state.path not in table:
            raise ValueError(f"no Eval is given for node {t.label(state) or list(state.path)}")
        v = table[state.path]
        return v if player == 0 else -v

    return evaluate


def depth_limited(tree, evals, depth, answer) -> Feedback:
    """Check H-minimax values: minimax to ``depth`` plies, with each cut-off node scored by its Eval.

    Parameters
    ----------
    tree : Tree or str
    evals : dict
        MAX's Eval of the nodes the depth limit cuts off, by label or path
        (more nodes may be given: those at other depths are used to name mistakes).
    depth : int
        The depth limit in plies; nodes at this depth that are not leaves are scored by Eval.
    answer : dict
        ``{label: value}`` for the labelled nodes above the depth limit.

    Examples
    --------
    >>> t = "A[B[C[1 2] D[3 4]] E[F[5 6] G[7 8]]]"
    >>> evals = {"C": 2, "D": 0, "F": 1, "G": 5}
    >>> depth_limited(t, evals, 2, {"A": 1, "B": 0, "E": 1}).ok
    True
    >>> depth_limited(t, evals, 2, {"A": 6, "B": 2, "E": 6}).mistake
    'ignored_depth_limit'
    """
    t = as_tree(tree)
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= t.height:
        raise ValueError(f"depth must be an int from 1 to the tree's height {t.height}, not {depth!r}")
    table = _check_evals(t, evals)
    cut = _cut(t, table, depth)
    if blank(answer):
        above = [n.label for n in cut.nodes() if n.children and n.label]
        return not_answered(f"write a dict with the H-minimax value of each labelled node above the depth limit, "
                            f"like {{{', '.join(repr(k) + ': ...' for k in above[:4])}{', ...' if len(above) > 4 else ''}}}.")
    fb = values(cut, answer)
    if fb.ok or blank(answer) or not isinstance(answer, dict):
        if fb.ok:
            fb.text = f"Correct: these are the H-minimax values with the depth limit at {depth} plies."
        return fb
    models = [("ignored_depth_limit", t)]
    for d in (depth - 1, depth + 1):
        try:
            models.append(("cutoff_off_by_one", _cut(t, table, d) if d >= 1 else None))
        except ValueError:
            pass
    for key, model in models:
        if model is not None and _agrees(model, answer) and not _agrees(cut, answer):
            return _model_feedback(t, cut, answer, depth, key, fb)
    return fb


def _model_feedback(t, cut, answer, depth, key, fb):
    """The feedback for an answer that a model of ``key`` explains: the first wrong node, bottom-up."""
    truth = cut.values()
    wrong = sorted((p for p in (locate(t, k) for k in answer) if truth[p] != answer_value(t, answer, p)),
                   key=lambda p: (-len(p), p))
    p = wrong[0]
    node, name = cut.node(p), t.label(t.node(p)) or str(list(p))
    kids = and_list([f"{cut.label(c) or list(c.path)} = {truth[c.path]}" for c in node.children])
    cutoff = [cut.label(c) or str(list(c.path)) for c in node.children if not c.children and t.node(c.path).children]
    why = (f" ({and_list(cutoff)} {'is' if len(cutoff) == 1 else 'are'} cut off at depth {depth} and "
           "count with their Eval)") if cutoff else ""
    rule = "max" if node.player == 0 else "min"
    return Feedback(False, f"It looks as if {LIMITS_MISTAKES[key]}. At {name} ({'MAX' if node.player == 0 else 'MIN'}) "
                           f"with the depth limit at {depth}: its children are worth {kids}{why}, so {name} = {rule} = "
                           f"{truth[p]}; you wrote {answer_value(t, answer, p)}.", key, fb._picture)


def answer_value(t, answer, path):
    """The value ``answer`` gives the node at ``path``."""
    return next(v for k, v in answer.items() if locate(t, k) == path)


def _agrees(t, answer):
    """Whether every given value in ``answer`` is the oracle's value of ``t`` at that node."""
    truth = t.values()
    try:
        return all(is_number(v) and truth.get(locate(t, k)) == v for k, v in answer.items())
    except BadItem:
        return False


def ordering_savings(tree, order, answer) -> Feedback:
    """Check ``[nodes without ordering, nodes with order]`` that alpha-beta visits on ``tree`` (the root counts).

    >>> from advsearch.search import Static
    >>> t = "A[B[2 3] C[9 8]]"
    >>> best_first = Static(lambda state, a: state.children[a].value if not state.children[a].children else 0)
    >>> ordering_savings(t, None, [7, 7]).ok
    True
    """
    t = as_tree(tree)
    plain, ordered = alphabeta(t), alphabeta(t, order=order)
    truth = [plain.stats.nodes, ordered.stats.nodes]
    if blank(answer):
        return not_answered("write [nodes without ordering, nodes with the ordering], the root included.")
    if (not isinstance(answer, (list, tuple)) or len(answer) != 2
            or not all(is_number(x) and not isinstance(x, bool) for x in answer)):
        return Feedback(False, f"Your answer is {answer!r:.60}; write two numbers, [nodes without ordering, "
                               "nodes with the ordering].")
    answer = list(answer)
    if answer == truth:
        saved = truth[0] - truth[1]
        return Feedback(True, f"Correct: {truth[0]} nodes in actions() order, {truth[1]} with the ordering, "
                              f"{saved} saved ({saved / truth[0]:.0%}).")
    key = ("counted_leaves" if answer == [plain.stats.leaves, ordered.stats.leaves] else
           "root_not_counted" if answer == [n - 1 for n in truth] else None)
    lead = f"It looks as if {LIMITS_MISTAKES[key]}. " if key else ""
    wrong = [what for what, a, b in zip(("without ordering", "with the ordering"), answer, truth) if a != b]
    return Feedback(False, f"{lead}The count {and_list(wrong)} is not right. Count every node alpha-beta enters, "
                           "the root and the leaves included, and none inside a pruned subtree.", key)
