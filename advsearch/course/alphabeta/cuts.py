"""Where alpha-beta cuts, and which bound cuts there: :func:`cuts`.

Oommen's slides label each cut of their example by its bound: a MAX node is
*β-pruned* when its value so far reaches the β of the MIN player above
(``v ≥ β``: MIN will not let play get there), a MIN node is *α-pruned* when
its value so far falls to MAX's α (``v ≤ α``).  The student names every node
at which alpha-beta stops early and the bound that stops it; the reference is
:meth:`Trace.prunes <advsearch.result.Trace.prunes>` of
:func:`~advsearch.alphabeta` with children in natural order.

>>> from advsearch import examples
>>> t = examples.two_ply()
>>> print(cuts(t, {"C": "alpha"}))
Correct: alpha-beta cuts at C (MIN, α-pruned: v = 2 ≤ α = 3).
>>> print(cuts(t, {"C": "beta"}))
At C (MIN) the cut is an α-cut: v = 2 ≤ α = 3, MAX above already has 3. β-cuts happen at MAX nodes, α-cuts at MIN nodes.
"""

from __future__ import annotations

from ...game import MAX
from ...result import format_number as _f
from ...search import alphabeta
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import BadItem, as_tree, blank, locate, two_player
from ..shared.untrusted import shown
from ..shared.wording import PLAYER, and_list, short_name

_KIND = {"alpha": "an α-cut", "beta": "a β-cut"}

#: How an answer may name the bound that cuts.
_BOUNDS = {"alpha": "alpha", "α": "alpha", "a": "alpha", "beta": "beta", "β": "beta", "b": "beta"}


def _reference(t, prune_on_equal):
    result = alphabeta(t, trace=True, prune_on_equal=prune_on_equal)
    return {e.path: e for e in result.trace if e.kind == "prune"}


def _why(e) -> str:
    sign = "≥" if e.player == MAX else "≤"
    if e.player == MAX:
        return f"v = {_f(e.value)} {sign} β = {_f(e.beta)}, MIN above already holds MAX to {_f(e.beta)}"
    return f"v = {_f(e.value)} {sign} α = {_f(e.alpha)}, MAX above already has {_f(e.alpha)}"


def cuts(tree, answer, prune_on_equal=True) -> Feedback:
    """Check ``answer``, ``{node: "alpha" or "beta"}`` for every node where alpha-beta cuts (``{}``: none).

    Nodes are named by label or path; the bound by "alpha"/"α" or "beta"/"β".
    The first node (in search order) where the answer and the search differ is
    named, with the test that cuts there or the reason none does.
    """
    t = as_tree(tree)
    two_player(t, "alpha-beta")
    ref = _reference(t, prune_on_equal)
    if answer is None or answer is ... or (blank(answer) and ref):
        return not_answered('write a dict from each node where alpha-beta cuts to the bound that cuts there, '
                            'such as {"B": "beta"}.')
    if not isinstance(answer, dict):
        return Feedback(False, f"Your answer is {type(answer).__name__} {shown(answer, 40)}; write a dict from node "
                               'to "alpha" or "beta", such as {"B": "beta"}.')
    given = {}
    for key, bound in dict.items(answer):
        try:
            path = locate(t, key)
        except BadItem as e:
            return Feedback(False, f"In your answer, {e}.")
        kind = _BOUNDS.get(str.lower(str.strip(bound))) if isinstance(bound, str) else None   # a plain str
        if kind is None:
            return Feedback(False, f'For {shown(key, 30)} write "alpha" or "beta", not {shown(bound, 30)}.')
        if given.get(path, kind) != kind:
            return Feedback(False, f"You named {short_name(t, path)} twice, once with each bound; "
                                   "name each node once.")
        given[path] = kind
    for path in sorted(set(ref) | set(given)):       # paths in search (left-to-right) order
        e, name = ref.get(path), short_name(t, path)
        if e is None:
            return Feedback(False, f"Alpha-beta does not cut at {name}: it searches all of {name}'s children.")
        kind = "beta" if e.player == MAX else "alpha"
        if path not in given:
            return Feedback(False, f"Alpha-beta also cuts at {name}; which bound cuts there?")
        if given[path] != kind:
            return Feedback(False, f"At {name} ({PLAYER[e.player]}) the cut is {_KIND[kind]}: {_why(e)}. "
                                   "β-cuts happen at MAX nodes, α-cuts at MIN nodes.")
    if not ref:
        return Feedback(True, "Correct: alpha-beta searches every child here; nothing is cut.")
    return Feedback(True, "Correct: alpha-beta cuts at " + and_list(
        f"{short_name(t, p)} ({PLAYER[e.player]}, {'β' if e.player == MAX else 'α'}-pruned: "
        f"{_why(e).split(',')[0]})" for p, e in sorted(ref.items())) + ".")
