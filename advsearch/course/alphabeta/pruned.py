"""``check.pruned``: the leaves a student says alpha-beta, Star1 or shallow pruning never evaluates.

The right answer is the reference search's :meth:`Trace.unvisited_leaves
<advsearch.result.Trace.unvisited_leaves>`; where the answer parts from it,
the prune that cuts the leaf off, or the reason the search reaches it, is
told in the trace's own words.
"""

from __future__ import annotations

from ...result import format_number as _f
from ...search import alphabeta, expectiminimax, maxn
from ...trees import Tree
from ..shared.feedback import Feedback, not_answered
from ..shared.narration import covering_prune, why_reached
from ..shared.reading import BadItem, as_tree, is_node_path, is_number, locate, two_player
from ..shared.subtrees import leaves_below
from ..shared.wording import and_list, article, cap, node_name, short_name


#: The searches :func:`pruned` checks against, by the name its ``algorithm`` takes.
ALGORITHMS = {"alphabeta": "alpha-beta", "star1": "Star1", "shallow": "shallow pruning"}


def pruned(tree, answer, prune_on_equal=True, *, algorithm="alphabeta", bounds=None, max_sum=None) -> Feedback:
    """Check which leaves a student says alpha-beta (or Star1, or max-n's shallow pruning) never evaluates.

    Parameters
    ----------
    tree : Tree
        The exercise tree (or its text form), searched with children in their
        natural left-to-right order.
    answer : iterable or None
        The leaves alpha-beta never evaluates, each named by label (``"b3"``),
        by path (``(1, 2)``) or by path text (``"[1][2]"``).  Naming an inner
        node stands for all the leaves below it.  None or ``...`` means not
        answered yet; so does an empty answer when something is pruned.
    prune_on_equal : bool
        The course's cut test: True for v ≥ β / v ≤ α (the lecture's
        pseudocode), False for v > β / v < α.  Used by "alphabeta" and "star1".
    algorithm : {"alphabeta", "star1", "shallow"}
        The search: alpha-beta on a two-player tree (the default); Ballard's
        Star1 on a chance tree (:func:`~advsearch.search.expectiminimax` with
        ``pruning="star1"``); Korf's shallow pruning on a tree of three or
        more players (:func:`~advsearch.search.maxn` with ``pruning="shallow"``).
    bounds : (low, high)
        The bounds on every leaf value (every payoff) that Star1 and shallow
        pruning prune with; required for both.
    max_sum : number
        For "shallow": the most the payoffs of a leaf add up to; required.

    Returns
    -------
    Feedback
        When not ``ok``, the text names the first leaf, in search order,
        on which the answer and the search disagree: a leaf the search does
        evaluate (with α, β and the reason no cut happens), or a pruned leaf
        that is missing (with the cut that prunes it).  ``mistake`` is
        "strict_pruning" or "prune_on_equal" when the answer is right for the
        other cut test, and "missed_subtree" when only leaves below pruned
        inner nodes are missing.  For Star1 and shallow pruning the text
        tells the search's own step (:meth:`Trace.narrate
        <advsearch.result.Trace.narrate>`): the prune that cuts a missing
        leaf, or the last step at its parent before an evaluated one.

    Raises
    ------
    ValueError
        For an unknown ``algorithm``, missing ``bounds`` (or ``max_sum``)
        where the algorithm needs them, or a tree it does not handle.

    Examples
    --------
    >>> from advsearch import check, examples
    >>> t = examples.two_ply()
    >>> check.pruned(t, {(1, 1), (1, 2)}).ok, check.pruned(t, ["[1][1]", "[1][2]"]).ok
    (True, True)
    >>> print(check.pruned(t, [(1, 2)]))
    C (MIN): v = 2 ≤ α = 3, so MAX will never let play reach C: its remaining children 1 and 2 are pruned.
    So C's child 1 (leaf 4) is never evaluated; your answer misses it.

    Max-n's shallow pruning, with payoffs in [0, 10] that sum to at most 10:

    >>> from advsearch import tree
    >>> m = tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]])
    >>> check.pruned(m, [(1, 1)], algorithm="shallow", bounds=(0, 10), max_sum=10).ok
    True
    >>> print(check.pruned(m, [], algorithm="shallow", bounds=(0, 10), max_sum=10))
    Not answered yet: list the leaves that shallow pruning never evaluates, ...
    >>> check.pruned(m, [(1, 1)], algorithm="shallow")
    Traceback (most recent call last):
    ...
    ValueError: check.pruned(..., algorithm='shallow') needs bounds=(low, high), the bounds on every payoff that shallow pruning prunes with
    """
    t = as_tree(tree)
    eq = bool(prune_on_equal)
    trace = _reference(t, algorithm, eq, bounds, max_sum)
    search_name = ALGORITHMS[algorithm]
    leaves = trace.leaves()
    reference = trace.unvisited_leaves()
    how = f"list the leaves that {search_name} never evaluates, by label or by path, like [(1, 1), (1, 2)]"
    if answer is None or answer is Ellipsis:
        fb = not_answered(how + ".")
        fb.findings = {"marked": None}
        return fb

    items = _items(t, answer)
    if items is None:
        return Feedback(False, f"Your answer is {article(answer)}; give a list or set of "
                               "leaves, by label or by path, like [(1, 1), (1, 2)].", findings={"marked": None})
    marked, via, refusal = _marked_leaves(t, items)
    findings = {"marked": None if isinstance(answer, (str, bytes)) and not answer else marked}
    if not items:
        if not reference:
            return Feedback(True, f"Correct: {search_name} prunes nothing in this tree; it evaluates all "
                                  f"{len(leaves)} leaves.", findings=findings)
        fb = not_answered(how + f" (your answer is empty, but {search_name} does prune in this tree).")
        fb.findings = findings
        return fb
    if refusal is not None:
        refusal.findings = findings
        return refusal

    ref = set(reference)
    if marked == ref:
        names = [node_name(t, p) for p in reference]
        listing = and_list(names) if len(names) <= 6 else f"{and_list(names[:5])} and {len(names) - 5} more"
        return Feedback(True, f"Correct: {search_name} never evaluates {listing}; it scores "
                              f"{len(leaves) - len(names)} of the {len(leaves)} leaves.", findings=findings)
    diffs = [p for p in leaves if (p in marked) != (p in ref)]
    first = diffs[0]
    text, k = _first_difference(t, trace, first, marked, via, algorithm, eq)
    picture = (t, trace, k, first, True)
    mistake, why = _answer_mistake(t, trace, algorithm, eq, marked, ref)
    text += why
    if len(diffs) > 1 and mistake is None:
        text += f" ({len(diffs) - 1} more {'leaves differ' if len(diffs) > 2 else 'leaf differs'} after it.)"
    return Feedback(False, text, mistake, picture, findings=findings)


def _marked_leaves(t: Tree, items):
    """``(marked, via, refusal)``: the leaves the answer names (an inner node names all the leaves below it),
    with the inner node each leaf was named by; and None, or a Feedback refusing numbers and unknown names
    (the leaves are those of the items that do name a node)."""
    marked, via, refusal = set(), {}, None
    for item in items:
        try:
            path = locate(t, item)
        except BadItem as e:
            refusal = refusal or Feedback(False, cap(str(e)) + ".")
            continue
        for leaf in leaves_below(t, path):
            marked.add(leaf.path)
            if leaf.path != path:
                via.setdefault(leaf.path, path)
    numbers_given = [x for x in items if is_number(x)]
    if numbers_given:
        refusal = Feedback(False, f"You listed {and_list(_f(x) for x in numbers_given[:3])}, which "
                                  f"{'are numbers' if len(numbers_given) > 1 else 'is a number'}: name "
                                  "each leaf by its label or by its path (the child indices from the "
                                  "root, like (1, 1)), not by its value.")
    return marked, via, refusal


def _first_difference(t: Tree, trace, first, marked, via, algorithm, eq):
    """Why the search evaluates the leaf ``first`` that the answer marks, or prunes the one it misses;
    with the step of the trace that shows it."""
    name = node_name(t, first)
    if first in marked:
        k = next(i for i, e in enumerate(trace) if e.kind == "leaf" and e.path == first)
        e = trace[k]
        because = ""
        if first in via:
            because = f" (you named {short_name(t, via[first])}, which stands for all the leaves below it)"
        if algorithm == "alphabeta":
            text = (f"{cap(name)} is evaluated{because}: when the search reaches it, α = {_f(e.alpha)} and "
                    f"β = {_f(e.beta)}; {why_reached(t, trace, k, eq)}.")
        else:
            text = f"{cap(name)} is evaluated{because}: {_last_step(trace, k)}"
    else:
        k, deeper = covering_prune(trace, first)
        text = trace.narrate()[k] + " " + (
            f"So {name} is never evaluated; your answer misses it." if not deeper else
            f"{cap(name)} lies below the pruned child {first[len(trace[k].path)]}, so it is never evaluated "
            f"either; your answer misses it.")
    return text, k


def _answer_mistake(t: Tree, trace, algorithm, eq, marked, ref):
    """``(mistake key, sentence)`` when the answer is right for the other cut test, or misses only leaves
    below pruned inner nodes; else ``(None, "")``."""
    other = set(alphabeta(t, prune_on_equal=not eq, trace=True).trace.unvisited_leaves()) \
        if algorithm == "alphabeta" else None
    if marked == other:
        if eq:
            return "strict_pruning", (
                " Your answer is what alpha-beta prunes if it cuts only when v is strictly beyond the "
                "bound; the lecture's test is v ≥ β at MAX nodes and v ≤ α at MIN nodes, so a tie "
                "is cut too.")
        return "prune_on_equal", (
            " Your answer cuts on ties (v equal to α or β); here a node is cut only when v is "
            "strictly beyond the bound (v > β at MAX nodes, v < α at MIN nodes).")
    if marked < ref and all(covering_prune(trace, p)[1] for p in ref - marked):
        return "missed_subtree", " Count every leaf below a pruned node: none of them is evaluated."
    return None, ""


def _reference(t: Tree, algorithm, eq, bounds, max_sum):
    """The reference search's trace, or a ValueError naming what the arguments lack."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"algorithm must be one of {', '.join(map(repr, ALGORITHMS))}, not {algorithm!r}")
    if algorithm == "alphabeta":
        two_player(t, "pruned")
        return alphabeta(t, prune_on_equal=eq, trace=True).trace
    if bounds is None:
        what = "leaf value that Star1" if algorithm == "star1" else "payoff that shallow pruning"
        raise ValueError(f"check.pruned(..., algorithm={algorithm!r}) needs bounds=(low, high), the bounds on "
                         f"every {what} prunes with")
    if algorithm == "star1":
        two_player(t, "pruned")
        return expectiminimax(t, pruning="star1", bounds=bounds, prune_on_equal=eq, trace=True).trace
    if t.num_players < 3:
        raise ValueError("check.pruned(..., algorithm='shallow') handles trees of three or more players, not a "
                         "two-player tree")
    if max_sum is None:
        raise ValueError("check.pruned(..., algorithm='shallow') needs max_sum=, the most the payoffs of a leaf "
                         "add up to")
    return maxn(t, pruning="shallow", bounds=bounds, max_sum=max_sum, trace=True).trace


def _last_step(trace, k) -> str:
    """Why the search of ``trace`` goes on to the leaf of event ``k``: its last step at the leaf's parent."""
    parent = trace[k].path[:-1]
    story = trace.narrate()
    for j in range(k - 1, -1, -1):
        e = trace[j]
        if e.path == parent and e.kind in ("enter", "update"):
            if e.kind == "enter":
                return (f"it is its parent's first child, and a node always searches its first child "
                        f"(the search: \"{story[j]}\").")
            return f"the search's last step at its parent was: {story[j]} No prune fires there, so it goes on."
    return "the search reaches every leaf it has not pruned."


def _items(t: Tree, answer):
    """The items of an answer as a list (one path given alone is one item), or None when it is no collection."""
    if isinstance(answer, str):
        return [answer]
    if isinstance(answer, tuple) and answer and all(isinstance(a, int) and not isinstance(a, bool)
                                                    for a in answer):
        return [answer] if is_node_path(t, answer) else list(answer)
    try:
        return list(answer)
    except TypeError:
        return None
