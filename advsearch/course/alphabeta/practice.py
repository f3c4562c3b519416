"""Practice exercises on random game trees, made reproducibly from a seed.

Lecture 02's practice. The generator makes an :class:`AlphaBetaExercise`: a tree with labelled nodes, the
question to answer, a checker that gives feedback at once, a worked solution
and an answer key.

:func:`alphabeta` asks which leaves alpha-beta never evaluates, and can be
  told how many α-cuts and β-cuts the tree must have, whether a deep cutoff
  must occur and whether ties must matter.

Inner nodes are named A, B, C, ... in breadth-first order and every leaf after
its parent: ``"b2"`` is the second child of B.  Trees are drawn by seeded
rejection sampling: random trees are made one after another, from sub-seeds
derived from ``seed``, until one has what was asked for.  The same seed
always gives the same exercise, in every process.

Terms
-----
α-cut
    a MIN node stops early because its value v is already no better for MAX
    than α, what MAX can get elsewhere (v ≤ α);
β-cut
    a MAX node stops early because v ≥ β;
deep cutoff
    a cut that the parent's own value would not justify: the bound that fires
    was set by an ancestor three or more plies up (the grandparent of the
    parent, or higher), not by the parent;
ties matter
    the leaves pruned with ``prune_on_equal=True`` (cut when v = α or v = β)
    differ from those pruned with ``prune_on_equal=False``.

Examples
--------
>>> from advsearch import practice
>>> ex = practice.alphabeta(seed=1, alpha_cuts=1, beta_cuts=1)
>>> ex.kind, ex.tree == practice.alphabeta(seed=1, alpha_cuts=1, beta_cuts=1).tree
('alphabeta', True)
>>> ex.check(ex.answer_key()["pruned"]).ok
True
"""

from __future__ import annotations

from typing import NamedTuple

from ... import validation
from ...game import MAX, player_name
from ...result import format_number
from ...search import alphabeta as _alphabeta
from ...trees import random_tree
from ..shared import exercise
from ..shared.exercise import MAX_PANELS, Exercise, Solution, check_tree_settings, columns, node_name
from ..shared.generating import labelled, sub_seeds
from ..shared.wording import and_list
from .pruned import pruned as check_pruned


class Cut(NamedTuple):
    """One cutoff of an alpha-beta search, worked out from its trace.

    ``step`` is the index of the prune event in the trace; ``path`` and
    ``player`` name the node that stopped early; ``kind`` is ``"alpha"`` (a
    MIN node, v ≤ α) or ``"beta"`` (a MAX node, v ≥ β); ``value`` is the
    node's v and ``bound`` the α or β it met; ``pruned`` are the child
    indices skipped; ``source`` is the path of the nearest ancestor whose
    value v is the bound; ``deep`` says that the parent's own value would not
    justify the cut, so it needed a bound from three or more plies up.
    """

    step: int
    path: tuple
    player: int
    kind: str
    value: object
    bound: object
    pruned: tuple
    source: tuple
    deep: bool


def cuts(result, prune_on_equal=True) -> list:
    """The cutoffs of a traced alpha-beta search, with where each bound came from.

    Parameters
    ----------
    result : SearchResult
        ``alphabeta(..., trace=True)``.
    prune_on_equal : bool
        The convention the search ran with (it decides whether an ancestor
        whose value equals v justifies the cut).

    Returns
    -------
    list of Cut
        In the order the search made them.

    Notes
    -----
    α at a node is the largest value v of its MAX ancestors at that moment (β
    the smallest of its MIN ancestors').  A cut at node n is *deep* when n's
    parent's value alone would not justify it, so the bound comes from
    further up.  Time O(e) for a trace of e events.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> [(c.kind, c.path, c.pruned, c.deep) for c in cuts(alphabeta(examples.two_ply(), trace=True))]
    [('alpha', (1,), (1, 2), False)]
    """
    trace = result.trace
    if trace is None:
        raise ValueError("cuts() needs a search run with trace=True")
    current = {}  # path -> the node's value v so far
    out = []
    for k, e in enumerate(trace):
        if e.kind == "update":
            current[e.path] = e.value
        elif e.kind == "prune":
            kind = "beta" if e.player == MAX else "alpha"
            bound = e.beta if e.player == MAX else e.alpha
            others = [e.path[:len(e.path) - up] for up in range(1, len(e.path) + 1, 2)]
            source = next((a for a in others if current.get(a) == bound), others[0] if others else ())
            parent = e.path[:-1]
            deep = not (parent in current and _justifies(e.player, e.value, current[parent], prune_on_equal))
            out.append(Cut(k, e.path, e.player, kind, e.value, bound, tuple(e.pruned), source, deep))
    return out


def _justifies(player, v, ancestor_v, prune_on_equal) -> bool:
    """Does the ancestor's value alone make the node at ``player`` with value v stop?"""
    if player == MAX:  # the ancestor is MIN: it will never allow more than ancestor_v
        return v > ancestor_v or (prune_on_equal and v == ancestor_v)
    return v < ancestor_v or (prune_on_equal and v == ancestor_v)


class AlphaBetaExercise(Exercise):
    """The leaves alpha-beta never evaluates (see :func:`alphabeta`); ``prune_on_equal`` is the cut test."""

    def search(self):
        return _alphabeta(self.tree, trace=True, prune_on_equal=self.prune_on_equal)

    def check(self, answer):
        """Check the labels (or paths) of the pruned leaves with :func:`advsearch.check.pruned`; ``[]`` claims
        that nothing is pruned."""
        return check_pruned(self.tree, answer, prune_on_equal=self.prune_on_equal)

    def answer_key(self) -> dict:
        """``{"pruned": [leaf labels, left to right], "value": the root's value, "values": {label: what
        alpha-beta returned at each inner node it visited}, "bounds": {label: "upper" or "lower"} for those
        returns that are only bounds}``."""
        r = self.result
        finals = r.trace.final_values()
        values, bounds = {}, {}
        for node in self.tree.nodes():
            if node.children and node.path in finals:
                value, bound = finals[node.path]
                values[node.label] = value
                if bound != "exact":
                    bounds[node.label] = bound
        return {"pruned": [self.tree.node(path).label for path in r.trace.unvisited_leaves()],
                "value": r.value, "values": values, "bounds": bounds}

    def solution(self) -> Solution:
        """A grid of the key steps (each cut and the end), the cuts explained, and the search narrated."""
        t, r = self.tree, self.result
        found = cuts(r, self.prune_on_equal)
        pruned = [t.node(path) for path in r.trace.unvisited_leaves()]
        leaves = len(t.leaves())
        rule = "v ≥ β / v ≤ α" if self.prune_on_equal else "v > β / v < α"
        summary = [f"Alpha-beta, children left to right, cutting when {rule}, evaluates "
                   f"{leaves - len(pruned)} of the {leaves} leaves."]
        summary.append("Pruned leaves: " + (", ".join(leaf.label for leaf in pruned) or "none") + ".")
        for c in found:
            node = t.node(c.path)
            skipped = and_list(node_name(node.children[a]) for a in c.pruned)
            if any(node.children[a].children for a in c.pruned):
                skipped += " (with every leaf below)"
            sign = ("≥" if self.prune_on_equal else ">") if c.kind == "beta" else ("≤" if self.prune_on_equal else "<")
            greek = "β" if c.kind == "beta" else "α"
            source, parent = t.node(c.source), t.node(c.path[:-1])
            if c.deep:
                where = (f"a deep cutoff: {greek} comes from {node_name(source)}, {len(c.path) - len(c.source)} "
                         f"plies up; the parent {node_name(parent)} alone would not cut")
            elif c.source == c.path[:-1]:
                where = f"{greek} comes from the parent {node_name(parent)}"
            else:
                where = (f"{greek} comes from {node_name(source)}, but the parent {node_name(parent)}'s own value "
                         f"would cut as well")
            summary.append(f"{greek}-cut at {node.label} ({player_name(node.player)}): v = {format_number(c.value)} "
                           f"{sign} {greek} = {format_number(c.bound)}, so {skipped} "
                           f"{'is' if len(c.pruned) == 1 else 'are'} skipped; {where}.")
        root = t.initial_state
        summary.append(f"The root {root.label} is worth {format_number(r.value)}; "
                       f"{player_name(root.player)} moves to {node_name(t.result(root, r.move))}.")
        steps = [c.step for c in found]
        if not steps:
            steps = [k for k, e in enumerate(r.trace) if e.kind == "exit" and len(e.path) == 1]
        steps = steps[:MAX_PANELS - 1] + [len(r.trace) - 1]
        return Solution(r, summary, r.trace.narrate(), title=f"Solution: alpha-beta (seed {self.seed})",
                        frames=steps, ncols=columns(leaves), style={"intervals": True})


def _count_bound(depth: int, hi: int, first: int) -> int:
    """How many inner nodes at depths first, first+2, ... < depth a full hi-ary tree has, minus the
    one on the leftmost path at each of those depths (those never have a bound to meet)."""
    return sum(hi ** k - 1 for k in range(first, depth, 2))


def alphabeta(seed=0, *, depth=3, branching=(2, 3), alpha_cuts=None, beta_cuts=None, deep_cutoffs=None,
              ties=False, prune_on_equal=True, low=-9, high=9) -> AlphaBetaExercise:
    """An alpha-beta exercise: mark the leaves that alpha-beta never evaluates.

    Parameters
    ----------
    seed : int or str
        The same seed gives the same exercise, in every process.
    depth : int
        Plies; MAX moves at the root.
    branching : int or (int, int)
        Children per inner node: exactly b, or lo..hi.
    alpha_cuts, beta_cuts : int, optional
        Exactly this many α-cuts (MIN nodes stopping early) and β-cuts (MAX
        nodes stopping early); None for any number.
    deep_cutoffs : bool, optional
        True: at least one cut is deep (its bound comes from three or more
        plies up, not from the parent).  False: no cut is deep.  None: either.
    ties : bool
        True: equal values make ``prune_on_equal`` matter, so the pruned
        leaves differ between the two conventions.  False: they do not.
    prune_on_equal : bool
        The convention of the question: cut when v ≥ β or v ≤ α (True, the
        lecture's pseudocode), or only when strictly beyond (False).
    low, high : int
        Leaf values are whole numbers in low..high.

    Returns
    -------
    AlphaBetaExercise

    Raises
    ------
    ValueError
        For bad parameters; for a tree that could have more than
        ``MAX_NODES`` nodes; for knobs no tree of this shape can meet
        (β-cuts need depth >= 3; deep cutoffs need depth >= 4, and depth >=
        5 when only β-cuts are allowed; more cuts than the tree has nodes
        that could make them); or when no tree within ``MAX_TRIES`` draws
        meets them.

    Notes
    -----
    Each draw runs one traced alpha-beta (two with ``ties=True``), O(n) for a
    tree of n nodes.

    Examples
    --------
    >>> from advsearch import practice, alphabeta
    >>> ex = practice.alphabeta(seed=0, alpha_cuts=1, beta_cuts=1)
    >>> kinds = sorted(c.kind for c in practice.cuts(alphabeta(ex.tree, trace=True)))
    >>> kinds
    ['alpha', 'beta']
    >>> ex.check(ex.answer_key()["pruned"]).ok
    True
    >>> practice.alphabeta(depth=3, deep_cutoffs=True)
    Traceback (most recent call last):
    ...
    ValueError: deep_cutoffs=True needs depth >= 4 (a MIN node three plies below a MAX node, with children), not depth=3
    """
    lo, hi = check_tree_settings("alphabeta", seed, depth, branching, low, high, ties)
    for name, wanted in (("alpha_cuts", alpha_cuts), ("beta_cuts", beta_cuts)):
        if wanted is not None:
            validation.whole_number(f"{name} (None for any number)", wanted, least=0)
    if deep_cutoffs is not None and not isinstance(deep_cutoffs, bool):
        raise ValueError(f"deep_cutoffs must be None, True or False, not {deep_cutoffs!r}")
    if not isinstance(prune_on_equal, bool):
        raise ValueError(f"prune_on_equal must be True or False, not {prune_on_equal!r}")
    wants_cut = bool(alpha_cuts) or bool(beta_cuts) or deep_cutoffs or ties
    if wants_cut and hi < 2:
        raise ValueError("a cut needs nodes with two or more children: raise branching")
    if alpha_cuts and depth < 2:
        raise ValueError(f"alpha_cuts={alpha_cuts} needs depth >= 2 (MIN nodes with children), not depth={depth}")
    if beta_cuts and depth < 3:
        raise ValueError(f"beta_cuts={beta_cuts} needs depth >= 3 (MAX nodes below a MIN node, "
                         f"with children), not depth={depth}")
    if ties and depth < 2:
        raise ValueError(f"ties=True needs a cut, so depth >= 2, not depth={depth}")
    most_alpha, most_beta = _count_bound(depth, hi, 1), _count_bound(depth, hi, 2)
    if alpha_cuts is not None and alpha_cuts > most_alpha:
        raise ValueError(f"alpha_cuts={alpha_cuts} is impossible: a tree of depth {depth} with at most {hi} "
                         f"children a node has at most {most_alpha} MIN nodes that can cut")
    if beta_cuts is not None and beta_cuts > most_beta:
        raise ValueError(f"beta_cuts={beta_cuts} is impossible: a tree of depth {depth} with at most {hi} "
                         f"children a node has at most {most_beta} MAX nodes that can cut")
    if deep_cutoffs:
        if depth < 4:
            raise ValueError("deep_cutoffs=True needs depth >= 4 (a MIN node three plies below a MAX node, "
                             f"with children), not depth={depth}")
        if alpha_cuts == 0 and (depth < 5 or beta_cuts == 0):
            raise ValueError("deep_cutoffs=True needs a cut: with alpha_cuts=0, only a deep β-cut remains, "
                             "which needs beta_cuts != 0 and depth >= 5")
    settings = dict(depth=depth, branching=branching, alpha_cuts=alpha_cuts, beta_cuts=beta_cuts,
                    deep_cutoffs=deep_cutoffs, ties=ties, prune_on_equal=prune_on_equal, low=low, high=high)

    def fits(t):
        r = _alphabeta(t, trace=True, prune_on_equal=prune_on_equal)
        found = cuts(r, prune_on_equal)
        if alpha_cuts is not None and sum(c.kind == "alpha" for c in found) != alpha_cuts:
            return False
        if beta_cuts is not None and sum(c.kind == "beta" for c in found) != beta_cuts:
            return False
        if deep_cutoffs is not None and any(c.deep for c in found) != deep_cutoffs:
            return False
        other = _alphabeta(t, trace=True, prune_on_equal=not prune_on_equal)
        differ = r.trace.unvisited_leaves() != other.trace.unvisited_leaves()
        return differ == ties

    for _, sub in zip(range(exercise.MAX_TRIES), sub_seeds("alphabeta", seed)):
        t = random_tree((lo, hi), depth, seed=sub, low=low, high=high, labels=True)
        if fits(t):
            break
    else:
        asked = ", ".join(f"{k}={v!r}" for k, v in settings.items() if k in
                          ("alpha_cuts", "beta_cuts", "deep_cutoffs", "ties") and v is not None)
        raise ValueError(f"no random tree of depth {depth} and branching {branching!r} met {asked} in "
                         f"{exercise.MAX_TRIES} tries from seed {seed!r}; ask for fewer cuts or a bigger tree")
    t = labelled(t)
    rule = ("A MAX node stops as soon as v ≥ β and a MIN node as soon as v ≤ α (cut on equality)."
            if prune_on_equal else
            "A MAX node stops only when v > β and a MIN node only when v < α (no cut on equality).")
    question = (f"Run alpha-beta on this {depth}-ply tree (MAX at the root), searching children "
                f"left to right. {rule}\n"
                f"Which leaves does it never evaluate? Count a leaf below a pruned node as pruned too.\n"
                f"Answer with a list of leaf labels (\"b2\" is B's second child); answer = [] says "
                f"nothing is pruned.")
    return AlphaBetaExercise(t, "alphabeta", question, seed=seed, settings=settings, prune_on_equal=prune_on_equal)
