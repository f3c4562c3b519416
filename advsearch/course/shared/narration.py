"""Sentences that explain a search step by step, from the oracle (:meth:`Tree.values`) and the reference trace.

Nothing here searches or folds a tree.

- For feedback: the prune that cuts a node off (:func:`covering_prune`), or
  why the search goes on to a node (:func:`why_reached`); the checkers of
  pruned leaves and of implementations explain with these.
- For worked solutions of practice exercises: how a node's value follows
  from its children (:func:`value_line`), and why Star1 (:func:`chance_cut`)
  or shallow pruning (:func:`shallow_cut`) cuts.

Examples
--------
>>> from fractions import Fraction as F
>>> from advsearch import tree, chance
>>> t = tree([("B", chance((F(1, 4), 8), (F(3, 4), 0))), 1], labels=True)
>>> value_line(t, t.node("B"), t.values())
'B (chance) = 1/4·8 + 3/4·0 = 2'
>>> value_line(t, t.node("A"), t.values())
'A (MAX) = max(2, 1) = 2'
"""

from __future__ import annotations

from ...answers import same_number
from ...game import CHANCE, MAX, player_name
from ...result import format_number as _f
from ...trees import Tree
from .reading import same
from .wording import PLAYER, node_name


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


def _label(t: Tree, path) -> str:
    """A node as a worked solution names it: its label, or ``node [0][2]`` (:func:`node_name` says more)."""
    node = t.node(path)
    return node.label if node.label else "node " + "".join(f"[{a}]" for a in path)


def _labels(t: Tree, paths) -> str:
    names = [_label(t, p) for p in paths]
    return " and ".join(", ".join(names).rsplit(", ", 1))


def value_line(t: Tree, node, values: dict) -> str:
    """``"H (chance) = 1/5·9 + 4/5·1 = 13/5"``, ``"D (MIN) = min(3, 5) = 3"`` or a max-n line."""
    kids = [values[c.path] for c in node.children]
    name, value = _label(t, node.path), _f(values[node.path])
    if node.player == CHANCE:
        terms = " + ".join(f"{_f(p)}·{_f(v)}" for p, v in zip(node.probs, kids))
        return f"{name} (chance) = {terms} = {value}"
    who = player_name(node.player, t.num_players)
    if t.num_players == 2:
        how = "max" if node.player == MAX else "min"
        return f"{name} ({who}) = {how}({', '.join(_f(k) for k in kids)}) = {value}"
    best = next(c for c, k in zip(node.children, kids) if k == values[node.path])
    return (f"{name} ({who}) takes the child best in entry {node.player}: among "
            f"{', '.join(_f(k) for k in kids)} that is {_label(t, best.path)}, so {name} = {value}")


def chance_cut(t: Tree, trace, k: int, bounds) -> str:
    """Why Star1 cuts at the chance node of prune event ``k``: its bounds from the outcomes seen and [L, U]."""
    e = trace[k]
    node = t.node(e.path)
    seen = {}
    for j in range(k - 1, -1, -1):
        f = trace[j]
        if f.path == e.path and f.kind == "enter":
            break
        if f.path == e.path and f.kind == "update":
            seen.setdefault(f.action, f.child_value)
    lower = e.bound == "lower"
    end, end_name = (bounds[0], "L") if lower else (bounds[1], "U")
    terms, total = [], 0
    for i, p in enumerate(node.probs):
        v = seen.get(i, end)
        terms.append(f"{_f(p)}·{_f(v)}")
        total += p * v
    name = _label(t, e.path)
    skipped = _labels(t, [e.path + (a,) for a in e.pruned])
    worth = "at least" if lower else "at most"
    known = _labels(t, [e.path + (a,) for a in sorted(seen)])
    if lower:
        test = f"≥ β = {_f(e.beta)}, above the window"
    else:
        test = f"≤ α = {_f(e.alpha)}, below the window"
    if same_number(total, e.value):
        how = (f"with {known} known and every unseen outcome worth {worth} {end_name} = {_f(end)}, "
               f"{name} ≥ " if lower else
               f"with {known} known and every unseen outcome worth {worth} {end_name} = {_f(end)}, {name} ≤ ")
        how += f"{' + '.join(terms)} = {_f(e.value)} {test}"
    else:       # an outcome returned only a bound: say what the search knows, without the formula
        how = f"whatever the unseen outcomes are, {name} is {worth} {_f(e.value)} {test}"
    return (f"Star1 cut at {name} (chance), searched with α = {_f(e.alpha)}, β = {_f(e.beta)}: {how}; "
            f"so {skipped} {'is' if len(e.pruned) == 1 else 'are'} pruned.")


def shallow_cut(t: Tree, trace, k: int, max_sum) -> str:
    """Why shallow pruning cuts at the node of prune event ``k``: max_sum − the parent player's best so far.

    Every payoff is at least 0, so a node of q below a node of p stops once
    u[q] ≥ max_sum − (p's best entry so far): p can then get no more from it.
    """
    e = trace[k]
    node, parent = t.node(e.path), t.node(e.path[:-1])
    n = t.num_players
    q, p = node.player, parent.player
    who, above = player_name(q, n), player_name(p, n)
    best = None
    for j in range(k - 1, -1, -1):
        f = trace[j]
        if f.path == parent.path and f.kind in ("update", "enter"):
            best = f.value if f.kind == "update" else None
            break
    skipped = _labels(t, [e.path + (a,) for a in e.pruned])
    has = e.value[q]
    got = 0 if best is None else best[p]
    so_far = "nothing yet (at least 0)" if best is None else _f(got)
    why = (f"{above} already has {so_far} at {_label(t, parent.path)}, so {who}'s node stops once {who} "
           f"gets max_sum − {_f(got)} = {_f(max_sum - got)} or more")
    return (f"Shallow cut at {_label(t, e.path)} ({who}): {why}. {who} has {_f(has)} here, so {above} can get at "
            f"most {_f(max_sum)} − {_f(has)} = {_f(max_sum - has)} from it, no more than it has; "
            f"{skipped} {'is' if len(e.pruned) == 1 else 'are'} pruned.")
