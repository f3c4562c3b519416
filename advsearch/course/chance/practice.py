"""Practice on chance trees: expectiminimax values, and the leaves Ballard's Star1 never evaluates.

- :func:`expectiminimax` asks for the value of every inner node of a tree
  with MAX, chance (○) and MIN nodes; with ``with_min=False`` it is an
  expectimax tree, MAX against chance alone;
- :func:`star1` gives bounds [L, U] on every leaf and asks which leaves
  Star1 never evaluates, on a tree where it cuts exactly ``cuts`` times.

A chance node below every decision node, as in the lecture: MAX, chance,
MIN, chance, ... (``depth`` counts the decision plies, so the tree is twice
as high).  Probabilities are halves, thirds, quarters, sixths, eighths or
twelfths, easy to add up by hand, and values are exact Fractions.  Labels and
seeds work as in :mod:`~advsearch.course.shared.exercise`.

Terms
-----
expectation
    a chance node is worth Σ P(r)·v(r) over its outcomes r;
Star1's bounds
    a chance node whose outcomes seen so far are worth v_i, with every leaf in
    [L, U], is worth at least Σ_seen P_i v_i + Σ_unseen P_j L and at most
    Σ_seen P_i v_i + Σ_unseen P_j U; once that interval leaves the window
    (α, β), its remaining outcomes are pruned.

Examples
--------
>>> from advsearch import practice
>>> ex = practice.expectiminimax(seed=2, depth=1, with_min=False)
>>> ex.kind, ex.check(ex.answer_key()).ok
('expectimax', True)
>>> ex = practice.star1(seed=1, cuts=1)
>>> ex.check(ex.answer_key()["pruned"]).ok
True
"""

from __future__ import annotations

import random

from ... import validation
from ...answers import same_number
from ...game import CHANCE
from ...result import format_number as _f
from ...search import expectiminimax as _expectiminimax
from ...trees import CHANCE_RULES, check_random_size
from ..shared import exercise
from ..shared.exercise import Exercise, Solution
from ..shared.generating import breadth_first, check_branching, inner_labels, labelled, leaf_naming, sub_seeds
from ..shared.narration import chance_cut, value_line
from ..shared.random_trees import random_chance_tree


class ChanceExercise(Exercise):
    """The values of every inner node of a chance tree (see :func:`expectiminimax`)."""

    def search(self):
        """The reference search, expectiminimax with its trace."""
        return _expectiminimax(self.tree, trace=True)

    def check(self, answer):
        """Check ``{label: value}`` for the inner nodes with :func:`advsearch.check.values`."""
        from ... import check

        return check.values(self.tree, answer)

    def answer_key(self) -> dict:
        """``{label: value}`` for every inner node, from the oracle :meth:`Tree.values`."""
        values = self.tree.values()
        return {n.label: values[n.path] for n in breadth_first(self.tree) if n.children}

    def solution(self) -> Solution:
        """The tree with every value, and one line per inner node, bottom up (Σ p·v at chance nodes)."""
        t, values = self.tree, self.tree.values()
        inner = [n for n in breadth_first(t) if n.children]
        lines = [value_line(t, n, values) for n in sorted(inner, key=lambda n: -len(n.path))]
        root = t.initial_state
        best = t.label(t.result(root, self.result.move))
        lines.append(f"The root {root.label} is worth {_f(values[()])}: MAX's best move leads to {best}.")
        return Solution(self.result, lines, title=f"Solution: {self.kind} values (seed {self.seed})",
                        style={"title": self.kind})


class Star1Exercise(Exercise):
    """The leaves Star1 never evaluates (see :func:`star1`); ``bounds`` are the leaves' [L, U]."""

    def __init__(self, t, kind, question, *, seed, settings, prune_on_equal, bounds):
        super().__init__(t, kind, question, seed=seed, settings=settings, prune_on_equal=prune_on_equal)
        self.bounds = bounds

    def search(self):
        """The reference search: expectiminimax with Star1 and its trace."""
        return _expectiminimax(self.tree, pruning="star1", bounds=self.bounds,
                                       prune_on_equal=self.prune_on_equal, trace=True)

    def check(self, answer):
        """Check a list of leaves with :func:`advsearch.check.pruned` (``algorithm="star1"``)."""
        from ... import check

        return check.pruned(self.tree, answer, self.prune_on_equal, algorithm="star1", bounds=self.bounds)

    def answer_key(self) -> dict:
        """``{"pruned": [leaf labels, left to right], "value": the root's value, "cuts": number of cuts}``."""
        trace = self.result.trace
        return {"pruned": [self.tree.node(p).label for p in trace.unvisited_leaves()],
                "value": self.result.value, "cuts": len(trace.prunes())}

    def drawn(self) -> tuple:
        """The tree as the student sees it, the leaves' bounds in the title."""
        return self.tree, {"title": f"every leaf in [{_f(self.bounds[0])}, {_f(self.bounds[1])}]"}

    def solution(self) -> Solution:
        """The key steps drawn (each cut and the end), each cut explained, the whole search narrated."""
        t, r = self.tree, self.result
        trace, story = r.trace, r.trace.narrate()
        pruned = [t.node(p).label for p in trace.unvisited_leaves()]
        leaves = len(t.leaves())
        summary = [f"Star1 with every leaf in [L, U] = [{_f(self.bounds[0])}, {_f(self.bounds[1])}] evaluates "
                   f"{leaves - len(pruned)} of the {leaves} leaves.",
                   "Pruned leaves: " + (", ".join(pruned) or "none") + "."]
        steps = [k for k, e in enumerate(trace) if e.kind == "prune"]
        for k in steps:
            e = trace[k]
            summary.append(chance_cut(t, trace, k, self.bounds) if e.player == CHANCE else story[k])
        summary.append(f"The root {t.initial_state.label} is worth {_f(r.value)}.")
        shown = steps[:exercise.MAX_PANELS - 1] + [len(trace) - 1]
        return Solution(r, summary, story, title=f"Solution: Star1 (seed {self.seed})", frames=shown,
                        ncols=min(len(shown), exercise.columns(leaves)), style={"intervals": True})


def _check_shape(kind, seed, depth, branching, low, high, with_min):
    validation.seed(seed)
    validation.whole_number("depth", depth, least=1)
    lo, hi = check_branching(branching)
    if not isinstance(with_min, bool):
        raise TypeError(f"with_min must be True or False, not {with_min!r}")
    if with_min and depth < 2:
        raise ValueError(f"with_min=True needs depth >= 2 (MAX, chance, then MIN), not depth={depth}")
    validation.whole_number("low", low, least=-10**6)
    validation.whole_number("high", high, least=low)
    check_random_size(f"practice.{kind}(depth={depth!r}, branching={branching!r})", (lo, hi), depth, chance=True,
                      max_nodes=exercise.MAX_NODES)
    return lo, hi


def _draws(kind, seed, shape, test):
    """The first random chance tree from ``seed``'s sub-seeds that passes ``test``, labelled; else None."""
    for _, sub in zip(range(exercise.MAX_TRIES), sub_seeds(kind, seed)):
        t = random_chance_tree(random.Random(sub), *shape)
        if test(t):
            return labelled(t)
    return None


def _shape_words(with_min) -> str:
    return ("MAX (▲) at the root, then chance (○), then MIN (▼), then chance, ..." if with_min else
            "MAX (▲) at the root, then chance (○), then MAX again, ...")


def expectiminimax(seed=0, *, depth=2, branching=2, with_min=True, low=0, high=9) -> ChanceExercise:
    """An expectiminimax (or expectimax) exercise: the value of every inner node of a chance tree.

    Parameters
    ----------
    seed : int or str
        The same seed gives the same exercise, in every process.
    depth : int
        Decision plies, each with a chance level below it.
    branching : int or (int, int)
        Children (or outcomes) per inner node: exactly b, or lo..hi.
    with_min : bool
        True: MAX and MIN alternate (kind "expectiminimax", depth >= 2).
        False: every decision node is MAX's (kind "expectimax").
    low, high : int
        Leaf values are whole numbers in low..high.

    Returns
    -------
    ChanceExercise
        Its tree is one on which each wrong chance rule (the plain mean,
        chance as MIN, chance as MAX) gives the root another value.

    Raises
    ------
    ValueError, TypeError
        For bad parameters (naming them), a tree that could have more than
        ``MAX_NODES`` nodes, or no suitable tree within ``MAX_TRIES`` draws.

    Examples
    --------
    >>> from advsearch import practice
    >>> ex = practice.expectiminimax(seed=0, depth=1, with_min=False)
    >>> print(ex.tree)
    A[B:chance[1/3: b1=3 2/3: b2=4] C:chance[1/4: c1=7 3/4: c2=9]]
    >>> ex.answer_key()
    {'A': Fraction(17, 2), 'B': Fraction(11, 3), 'C': Fraction(17, 2)}
    """
    kind = "expectiminimax" if with_min is True else "expectimax"
    lo, hi = _check_shape(kind, seed, depth, branching, low, high, with_min)
    if low == high:
        raise ValueError(f"low and high must differ, or every chance rule gives the same values; not {low}")

    def telling(t):
        right = t.values()[()]
        return all(not same_number(t.values(rule)[()], right) for rule in CHANCE_RULES if rule != "expectation")

    t = _draws(kind, seed, (depth, lo, hi, low, high, with_min), telling)
    if t is None:
        raise ValueError(f"no random tree of depth {depth} and branching {branching!r} told the chance rules apart "
                         f"in {exercise.MAX_TRIES} tries from seed {seed!r}; widen low..high or raise branching")
    settings = dict(depth=depth, branching=branching, with_min=with_min, low=low, high=high)
    question = (f"Compute the {kind} value of every inner node ({', '.join(inner_labels(t))}) of this tree: "
                f"{_shape_words(with_min)}; each chance edge shows its probability.\n"
                "A chance node is worth Σ P(r)·v(r). Values are exact: write them as Fractions, like "
                "Fraction(7, 2) (7/2 on the command line).\n"
                "Answer with a dict from label to value: answer = {\"A\": ..., \"B\": ..., ...}.")
    return ChanceExercise(t, kind, question, seed=seed, settings=settings)


def star1(seed=0, *, cuts=1, chance_cuts=None, depth=2, branching=2, with_min=True, low=0, high=9, bounds=None,
          prune_on_equal=True) -> Star1Exercise:
    """A Star1 exercise: which leaves does Ballard's Star1 never evaluate, on a tree where it cuts ``cuts`` times.

    Parameters
    ----------
    seed : int or str
        The same seed gives the same exercise, in every process.
    cuts : int
        Exactly this many cuts (prune events) in the whole search, at chance,
        MAX and MIN nodes.
    chance_cuts : int, optional
        Exactly this many of them at chance nodes; None: at least one when
        ``cuts`` >= 1 (the exercise is about Star1, not alpha-beta).
    depth, branching, with_min, low, high
        As in :func:`expectiminimax`.
    bounds : (number, number), optional
        [L, U], the bounds on every leaf that Star1 prunes with; (low, high)
        by default.  Must contain low..high.  The tree's ``utility_range``.
    prune_on_equal : bool
        Cut when v ≥ β / v ≤ α and when a chance node's interval touches the
        window's end (True, the lecture's rule), or only strictly beyond.

    Returns
    -------
    Star1Exercise

    Raises
    ------
    ValueError, TypeError
        For bad parameters (naming them), more cuts than the tree has inner
        nodes, or no suitable tree within ``MAX_TRIES`` draws.

    Examples
    --------
    >>> from advsearch import practice, expectiminimax
    >>> ex = practice.star1(seed=0, cuts=1, depth=1, with_min=False)
    >>> print(ex.tree)
    A[B:chance[2/3: b1=6 1/3: b2=6] C:chance[1/2: c1=1 1/2: c2=0]]

    B is worth 6, so α = 6 at C; after c1 = 1, C is worth at most 1/2·1 + 1/2·9 = 5 ≤ α:

    >>> ex.answer_key()
    {'pruned': ['c2'], 'value': Fraction(6, 1), 'cuts': 1}
    >>> r = expectiminimax(ex.tree, pruning="star1", bounds=ex.bounds, trace=True)
    >>> r.stats.prunes, ex.answer_key()["pruned"] == [ex.tree.node(p).label for p in r.trace.unvisited_leaves()]
    (1, True)
    """
    lo, hi = _check_shape("star1", seed, depth, branching, low, high, with_min)
    validation.whole_number("cuts", cuts, least=0)
    if chance_cuts is not None and validation.whole_number("chance_cuts", chance_cuts, least=0) > cuts:
        raise ValueError(f"chance_cuts={chance_cuts} cannot exceed cuts={cuts}")
    if not isinstance(prune_on_equal, bool):
        raise TypeError(f"prune_on_equal must be True or False, not {prune_on_equal!r}")
    bounds = (low, high) if bounds is None else bounds
    if (not isinstance(bounds, (tuple, list)) or len(bounds) != 2 or
            not all(isinstance(b, (int, float)) and not isinstance(b, bool) for b in bounds)):
        raise ValueError(f"bounds must be a pair of numbers (L, U), not {bounds!r}")
    bounds = tuple(bounds)
    if not bounds[0] <= low or not high <= bounds[1] or bounds[0] >= bounds[1]:
        raise ValueError(f"bounds must satisfy L <= low and high <= U with L < U, not bounds={bounds!r} for "
                         f"leaves in {low}..{high}")
    if cuts and hi < 2:
        raise ValueError("a cut needs nodes with two or more children: raise branching")
    most = sum(hi ** level for level in range(2 * depth))
    if cuts > most:
        raise ValueError(f"cuts={cuts} is impossible: a tree of depth {depth} with at most {hi} children a node "
                         f"has at most {most} inner nodes")

    def fits(t):
        trace = _expectiminimax(t, pruning="star1", bounds=bounds, prune_on_equal=prune_on_equal, trace=True).trace
        at = [t.node(path).player for path, _ in trace.prunes()]
        at_chance = at.count(CHANCE)
        return len(at) == cuts and (at_chance == chance_cuts if chance_cuts is not None else
                                    at_chance >= min(cuts, 1))

    t = _draws("star1", seed, (depth, lo, hi, low, high, with_min), fits)
    if t is None:
        raise ValueError(f"no random tree of depth {depth} and branching {branching!r} made Star1 cut {cuts} "
                         f"times in {exercise.MAX_TRIES} tries from seed {seed!r}; ask for fewer cuts or a "
                         "bigger tree")
    t.utility_range = bounds
    settings = dict(cuts=cuts, chance_cuts=chance_cuts, depth=depth, branching=branching, with_min=with_min,
                    low=low, high=high, bounds=bounds, prune_on_equal=prune_on_equal)
    rule = "v ≥ β / v ≤ α" if prune_on_equal else "v > β / v < α (strictly)"
    question = (f"Every leaf value lies in [L, U] = [{_f(bounds[0])}, {_f(bounds[1])}]. Run expectiminimax with "
                f"Ballard's Star1 on this tree ({_shape_words(with_min)}), children left to right, the root "
                f"searched with α = L and β = U.\n"
                f"MAX and MIN nodes cut as in alpha-beta ({rule}); a chance node stops once the outcomes seen so "
                f"far, with each unseen outcome at L (or at U), put its value outside (α, β).\n"
                f"Which leaves does it never evaluate? Answer with a list of leaf labels ({leaf_naming(t)}); "
                "answer = [] says nothing is pruned.")
    return Star1Exercise(t, "star1", question, seed=seed, settings=settings, prune_on_equal=prune_on_equal,
                         bounds=bounds)
