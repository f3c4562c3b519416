"""Why the reference search does what it does at one step: the prune that cuts a node off, or why it
goes on to a node.  Both checkers of pruned leaves and of implementations explain with these."""

from __future__ import annotations

from ..game import MAX
from ..result import format_number as _f
from ..trees import Tree
from .reading import same
from .wording import PLAYER, node_name

__all__ = ["covering_prune", "why_reached"]


def covering_prune(trace, path):
    """``(index, below)``: the prune event that cuts ``path`` off, and whether path lies deeper than the cut child.

    >>> from advsearch import alphabeta, examples
    >>> trace = alphabeta(examples.two_ply(), trace=True).trace
    >>> covering_prune(trace, (1, 2)), covering_prune(trace, (0, 0))
    ((13, False), (None, False))
    """
    for k, e in enumerate(trace):
        if e.kind == "prune" and len(e.path) < len(path) and path[:len(e.path)] == e.path \
                and path[len(e.path)] in e.pruned:
            return k, len(path) > len(e.path) + 1
    return None, False


def why_reached(t: Tree, trace, k, eq) -> str:
    """Why the search goes on to the node of event ``k`` (an enter or leaf event): a clause."""
    path = trace[k].path
    if not path:
        return "every search starts at the root"
    parent = path[:-1]
    last = None
    for j in range(k - 1, -1, -1):
        e = trace[j]
        if e.path == parent and e.kind in ("enter", "update"):
            last = e
            break
    pname = node_name(t, parent)
    if last is None or last.kind == "enter":
        return (f"it is {pname}'s first child, and a node always searches its first child "
                "(a cut can only come after a child has returned)")
    if last.alpha is None:
        return "minimax searches every child of every node"
    v = last.value
    who = PLAYER.get(last.player, "?")
    if last.player == MAX:
        bound, name, holds, strict = last.beta, "β", "<", ">"
    else:
        bound, name, holds, strict = last.alpha, "α", ">", "<"
    if same(v, bound) and not eq:
        test = f"v = {name} = {_f(v)}, and a cut here needs v {strict} {name} strictly"
    else:
        test = f"v = {_f(v)} {holds} {name} = {_f(bound)}"
    return f"at {pname} ({who}), after child {last.action} returned {_f(last.child_value)}, {test}, so no cut yet"
