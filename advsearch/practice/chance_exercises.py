"""The exercises on chance trees: the values of every inner node, and the leaves Star1 never evaluates.

Made by :func:`advsearch.practice.expectiminimax` and :func:`advsearch.practice.star1`.
"""

from __future__ import annotations

from ..game import CHANCE
from ..result import format_number as _f
from ..search import expectiminimax as _expectiminimax
from . import two_player
from .common import breadth_first, closed
from ..check.narration import chance_cut, value_line
from .two_player import Exercise, Solution


class ChanceExercise(Exercise):
    """The values of every inner node of a chance tree (see :func:`expectiminimax`)."""

    @property
    def result(self):
        """The reference search, expectiminimax with its trace."""
        if self._result is None:
            self._result = _expectiminimax(self.tree, trace=True)
        return self._result

    def check(self, answer):
        """Check ``{label: value}`` for the inner nodes with :func:`advsearch.check.values`."""
        from .. import check

        return check.values(self.tree, answer)

    def answer_key(self) -> dict:
        """``{label: value}`` for every inner node, from the oracle :meth:`Tree.values`."""
        values = self.tree.values()
        return {n.label: values[n.path] for n in breadth_first(self.tree) if n.children}

    def solution(self) -> Solution:
        """The tree with every value, and one line per inner node, bottom up (Σ p·v at chance nodes)."""
        from ..drawing.mpl import draw

        t, values = self.tree, self.tree.values()
        inner = [n for n in breadth_first(t) if n.children]
        lines = [value_line(t, n, values) for n in sorted(inner, key=lambda n: -len(n.path))]
        root = t.initial_state
        best = t.label(t.result(root, self.result.move))
        lines.append(f"The root {root.label} is worth {_f(values[()])}: MAX's best move leads to {best}.")
        ax = draw(self.result, title=self.kind)
        return Solution(closed(ax.figure), lines, title=f"Solution: {self.kind} values (seed {self.seed})")


class Star1Exercise(Exercise):
    """The leaves Star1 never evaluates (see :func:`star1`); ``bounds`` are the leaves' [L, U]."""

    def __init__(self, t, kind, question, *, seed, settings, prune_on_equal, bounds):
        super().__init__(t, kind, question, seed=seed, settings=settings, prune_on_equal=prune_on_equal)
        self.bounds = bounds

    @property
    def result(self):
        """The reference search: expectiminimax with Star1 and its trace."""
        if self._result is None:
            self._result = _expectiminimax(self.tree, pruning="star1", bounds=self.bounds,
                                           prune_on_equal=self.prune_on_equal, trace=True)
        return self._result

    def check(self, answer):
        """Check a list of leaves with :func:`advsearch.check.pruned` (``algorithm="star1"``)."""
        from .. import check

        return check.pruned(self.tree, answer, self.prune_on_equal, algorithm="star1", bounds=self.bounds)

    def answer_key(self) -> dict:
        """``{"pruned": [leaf labels, left to right], "value": the root's value, "cuts": number of cuts}``."""
        trace = self.result.trace
        return {"pruned": [self.tree.node(p).label for p in trace.unvisited_leaves()],
                "value": self.result.value, "cuts": len(trace.prunes())}

    def draw(self, ax=None, **style):
        """The tree as the student sees it, the leaves' bounds in the title."""
        from ..drawing.mpl import draw

        style.setdefault("title", f"every leaf in [{_f(self.bounds[0])}, {_f(self.bounds[1])}]")
        return draw(self.tree, ax=ax, **style)

    def solution(self) -> Solution:
        """The key steps drawn (each cut and the end), each cut explained, the whole search narrated."""
        from ..drawing.mpl import draw_frames

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
        shown = steps[:two_player.MAX_PANELS - 1] + [len(trace) - 1]
        fig = draw_frames(r, steps=shown, ncols=min(len(shown), two_player.columns(leaves)), intervals=True)
        return Solution(closed(fig), summary, story, title=f"Solution: Star1 (seed {self.seed})")
