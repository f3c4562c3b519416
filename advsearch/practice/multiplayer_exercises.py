"""The exercises on trees of three or more players: max-n vectors and the root's move, and the leaves
shallow pruning never evaluates.

Made by :func:`advsearch.practice.maxn` and :func:`advsearch.practice.shallow`.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..check.feedback import Feedback, not_answered
from ..game import player_name
from ..result import format_number as _f
from ..search import maxn as _maxn
from . import two_player
from .common import breadth_first, closed
from ..check.narration import shallow_cut, value_line
from .two_player import Exercise, Solution


#: The key of the root's move in a max-n answer: ``{"A": (...), ..., "move": "B"}``.
MOVE = "move"


class MaxnExercise(Exercise):
    """The max-n vector of every inner node and the root's move (see :func:`maxn`)."""

    @property
    def result(self):
        """The reference search, max-n with its trace."""
        if self._result is None:
            self._result = _maxn(self.tree, trace=True)
        return self._result

    def check(self, answer):
        """Check ``{label: vector, ..., "move": child label}`` with :func:`advsearch.check.values`, then the move."""
        from .. import check

        if answer is None or answer is Ellipsis or (isinstance(answer, Mapping) and not answer):
            first = self.tree.initial_state.children[0].label
            return not_answered(f"write a dict with the payoff vector (a tuple, one entry per player) of each inner "
                                f"node, and the root's move, like {{\"A\": (3, 1, 5), ..., \"move\": \"{first}\"}}.")
        if not isinstance(answer, Mapping):
            return check.values(self.tree, answer)
        values = {k: v for k, v in answer.items() if k != MOVE}
        feedback = check.values(self.tree, values)
        if not feedback.ok:
            return feedback
        root = self.tree.initial_state
        move = answer.get(MOVE)
        right = root.children[self.result.move]
        who = player_name(root.player, self.tree.num_players)
        if move is None or move is Ellipsis:
            return Feedback(False, f"Your vectors are right. Now add the move {who} chooses at the root "
                                   f"{root.label}: \"move\": one of {', '.join(c.label for c in root.children)}.")
        chosen = next((c for i, c in enumerate(root.children)
                       if move == i or (isinstance(move, str) and move.upper() == c.label.upper())), None)
        if chosen is None:
            return Feedback(False, f"Your move {move!r} is not a child of the root {root.label}; its children are "
                                   f"{', '.join(c.label for c in root.children)}.")
        if chosen is right:
            return Feedback(True, feedback.text + f" {who} moves to {right.label}.")
        vals = self.tree.values()
        mine, best = vals[chosen.path], vals[right.path]
        text = (f"Your vectors are right, but the move is not: at {root.label}, {who} takes the child best in its "
                f"own entry {root.player}; {right.label} = {_f(best)} gives it {_f(best[root.player])}, "
                f"{chosen.label} = {_f(mine)} only {_f(mine[root.player])}.")
        mistake = None
        if any(mine[q] == max(vals[c.path][q] for c in root.children) for q in range(len(mine))
               if q != root.player):
            mistake = "wrong_component"
            text += " You chose by another player's entry; the player who moves chooses by its own."
        return Feedback(False, text, mistake)

    def answer_key(self) -> dict:
        """``{label: vector}`` for every inner node, from :meth:`Tree.values`, and ``"move"``: the root's choice."""
        values = self.tree.values()
        key = {n.label: values[n.path] for n in breadth_first(self.tree) if n.children}
        key[MOVE] = self.tree.initial_state.children[self.result.move].label
        return key

    def solution(self) -> Solution:
        """The tree with every vector, and one line per inner node, bottom up."""
        from ..drawing.mpl import draw

        t, values = self.tree, self.tree.values()
        inner = [n for n in breadth_first(t) if n.children]
        lines = [value_line(t, n, values) for n in sorted(inner, key=lambda n: -len(n.path))]
        root = t.initial_state
        best = root.children[self.result.move]
        lines.append(f"The root {root.label} is worth {_f(values[()])}: "
                     f"{player_name(root.player, t.num_players)} moves to {best.label}.")
        ax = draw(self.result, title="max-n")
        return Solution(closed(ax.figure), lines, title=f"Solution: max-n vectors (seed {self.seed})")


class ShallowExercise(Exercise):
    """The leaves shallow pruning never evaluates (see :func:`shallow`)."""

    def __init__(self, t, kind, question, *, seed, settings, max_sum):
        super().__init__(t, kind, question, seed=seed, settings=settings)
        self.max_sum = max_sum
        self.bounds = (0, max_sum)

    @property
    def result(self):
        """The reference search: max-n with shallow pruning and its trace."""
        if self._result is None:
            self._result = _maxn(self.tree, pruning="shallow", bounds=self.bounds, max_sum=self.max_sum, trace=True)
        return self._result

    def check(self, answer):
        """Check a list of leaves with :func:`advsearch.check.pruned` (``algorithm="shallow"``)."""
        from .. import check

        return check.pruned(self.tree, answer, algorithm="shallow", bounds=self.bounds, max_sum=self.max_sum)

    def answer_key(self) -> dict:
        """``{"pruned": [leaf labels, left to right], "value": the root's vector, "cuts": number of cuts}``."""
        trace = self.result.trace
        return {"pruned": [self.tree.node(p).label for p in trace.unvisited_leaves()],
                "value": self.result.value, "cuts": len(trace.prunes())}

    def draw(self, ax=None, **style):
        """The tree as the student sees it, the payoffs' bounds in the title."""
        from ..drawing.mpl import draw

        style.setdefault("title", f"payoffs in [0, {self.max_sum}], summing to {self.max_sum}")
        return draw(self.tree, ax=ax, **style)

    def solution(self) -> Solution:
        """The key steps drawn (each cut and the end), each cut explained, the whole search narrated."""
        from ..drawing.mpl import draw_frames

        t, r = self.tree, self.result
        trace = r.trace
        pruned = [t.node(p).label for p in trace.unvisited_leaves()]
        leaves = len(t.leaves())
        summary = [f"Max-n with shallow pruning (payoffs in [0, {self.max_sum}] summing to {self.max_sum}) "
                   f"evaluates {leaves - len(pruned)} of the {leaves} leaves.",
                   "Pruned leaves: " + (", ".join(pruned) or "none") + "."]
        steps = [k for k, e in enumerate(trace) if e.kind == "prune"]
        summary += [shallow_cut(t, trace, k, self.max_sum) for k in steps]
        summary.append(f"The root {t.initial_state.label} is worth {_f(r.value)}.")
        shown = steps[:two_player.MAX_PANELS - 1] + [len(trace) - 1]
        fig = draw_frames(r, steps=shown, ncols=min(len(shown), two_player.columns(leaves)))
        return Solution(closed(fig), summary, trace.narrate(), title=f"Solution: shallow pruning (seed {self.seed})")
