"""Practice on trees of three or more players: max-n vectors, and the leaves shallow pruning never evaluates.

- :func:`maxn` asks for the max-n payoff vector of every inner node and the
  move the player at the root chooses;
- :func:`shallow` gives every payoff in [0, max_sum], the payoffs of a leaf
  summing to max_sum, and asks which leaves Korf's shallow pruning never
  evaluates, on a tree where it cuts exactly ``cuts`` times.

Players P0, P1, P2, ... move in turn, P0 at the root.  Labels and seeds
work as in :mod:`~advsearch.course.shared.exercise`.

Terms
-----
max-n
    a node of player p takes the child whose vector is largest in entry p,
    the first among equals;
shallow cut
    a node of q below a node of p whose best vector so far gives p the
    amount b stops once q's entry reaches max_sum − b: p can then get no
    more than b from it.

Examples
--------
>>> from advsearch import practice
>>> ex = practice.maxn(seed=1)
>>> ex.check(ex.answer_key()).ok
True
>>> ex = practice.shallow(seed=1, cuts=1)
>>> ex.check(ex.answer_key()["pruned"]).ok
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ... import validation
from ...game import player_name
from ...result import format_number as _f
from ...search import maxn as _maxn
from ...trees import Tree, check_random_size
from ..shared import exercise
from ..shared.exercise import Exercise, Solution
from ..shared.feedback import Feedback, not_answered
from ..shared.generating import breadth_first, check_branching, constant_sum, inner_labels, labelled, leaf_naming, sub_seeds
from ..shared.narration import shallow_cut, value_line
from ..shared.random_trees import random_vector_tree


#: The key of the root's move in a max-n answer: ``{"A": (...), ..., "move": "B"}``.
MOVE = "move"


class MaxnExercise(Exercise):
    """The max-n vector of every inner node and the root's move (see :func:`maxn`)."""

    def search(self):
        """The reference search, max-n with its trace."""
        return _maxn(self.tree, trace=True)

    def check(self, answer):
        """Check ``{label: vector, ..., "move": child label}`` with :func:`advsearch.check.values`, then the move."""
        from ... import check

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
        t, values = self.tree, self.tree.values()
        inner = [n for n in breadth_first(t) if n.children]
        lines = [value_line(t, n, values) for n in sorted(inner, key=lambda n: -len(n.path))]
        root = t.initial_state
        best = root.children[self.result.move]
        lines.append(f"The root {root.label} is worth {_f(values[()])}: "
                     f"{player_name(root.player, t.num_players)} moves to {best.label}.")
        return Solution(self.result, lines, title=f"Solution: max-n vectors (seed {self.seed})",
                        style={"title": "max-n"})


class ShallowExercise(Exercise):
    """The leaves shallow pruning never evaluates (see :func:`shallow`)."""

    def __init__(self, t, kind, question, *, seed, settings, max_sum):
        super().__init__(t, kind, question, seed=seed, settings=settings)
        self.max_sum = max_sum
        self.bounds = (0, max_sum)

    def search(self):
        """The reference search: max-n with shallow pruning and its trace."""
        return _maxn(self.tree, pruning="shallow", bounds=self.bounds, max_sum=self.max_sum, trace=True)

    def check(self, answer):
        """Check a list of leaves with :func:`advsearch.check.pruned` (``algorithm="shallow"``)."""
        from ... import check

        return check.pruned(self.tree, answer, algorithm="shallow", bounds=self.bounds, max_sum=self.max_sum)

    def answer_key(self) -> dict:
        """``{"pruned": [leaf labels, left to right], "value": the root's vector, "cuts": number of cuts}``."""
        trace = self.result.trace
        return {"pruned": [self.tree.node(p).label for p in trace.unvisited_leaves()],
                "value": self.result.value, "cuts": len(trace.prunes())}

    def drawn(self) -> tuple:
        """The tree as the student sees it, the payoffs' bounds in the title."""
        return self.tree, {"title": f"payoffs in [0, {self.max_sum}], summing to {self.max_sum}"}

    def solution(self) -> Solution:
        """The key steps drawn (each cut and the end), each cut explained, the whole search narrated."""
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
        shown = steps[:exercise.MAX_PANELS - 1] + [len(trace) - 1]
        return Solution(r, summary, trace.narrate(), title=f"Solution: shallow pruning (seed {self.seed})",
                        frames=shown, ncols=min(len(shown), exercise.columns(leaves)))


def _draws(kind, seed, shape, payoff, test):
    for _, sub in zip(range(exercise.MAX_TRIES), sub_seeds(kind, seed)):
        t = random_vector_tree(random.Random(sub), *shape, payoff)
        if test(t):
            return labelled(t)
    return None


def _check_shape(kind, seed, depth, branching, num_players):
    validation.seed(seed)
    validation.whole_number("depth", depth, least=1)
    lo, hi = check_branching(branching)
    if validation.whole_number("num_players", num_players, least=2) < 3:
        raise ValueError(f"num_players must be 3 or more (two players are minimax), not {num_players}")
    check_random_size(f"practice.{kind}(depth={depth!r}, branching={branching!r})", (lo, hi), depth,
                      max_nodes=exercise.MAX_NODES)
    return lo, hi


def _tied(t: Tree) -> bool:
    """Has some node two children that give its player the same, largest entry?"""
    values = t.values()
    for node in t.nodes():
        if node.children:
            top = [values[c.path][node.player] for c in node.children]
            if top.count(max(top)) > 1:
                return True
    return False


def maxn(seed=0, *, num_players=3, depth=3, branching=2, low=0, high=9, ties=False) -> MaxnExercise:
    """A max-n exercise: the payoff vector of every inner node, and the move at the root.

    Parameters
    ----------
    seed : int or str
        The same seed gives the same exercise, in every process.
    num_players : int
        3 or more; P0 moves at the root, then P1, P2, ... in turn.
    depth : int
        Plies.
    branching : int or (int, int)
        Children per inner node: exactly b, or lo..hi.
    low, high : int
        Every payoff is a whole number in low..high.
    ties : bool
        False: at every node one child is best for the mover.  True: at
        least one node has two (max-n takes the first).

    Returns
    -------
    MaxnExercise
        Answered by ``{"A": (p0, p1, p2), ..., "move": "B"}``.

    Raises
    ------
    ValueError
        For bad parameters (naming them), or no suitable tree within ``MAX_TRIES`` draws.

    Examples
    --------
    >>> from advsearch import practice
    >>> ex = practice.maxn(seed=0, depth=2)
    >>> print(ex.tree)
    A[B[b1=(4,6,0) b2=(8,7,1)] C[c1=(6,3,8) c2=(7,0,5)]]
    >>> ex.answer_key()
    {'A': (8, 7, 1), 'B': (8, 7, 1), 'C': (6, 3, 8), 'move': 'B'}
    """
    lo, hi = _check_shape("maxn", seed, depth, branching, num_players)
    validation.whole_number("low", low, least=-10**6)
    validation.whole_number("high", high, least=low)
    if not isinstance(ties, bool):
        raise TypeError(f"ties must be True or False, not {ties!r}")
    if ties and hi < 2:
        raise ValueError("ties=True needs a node with two or more children: raise branching")
    if not ties and low == high and hi >= 2:
        raise ValueError(f"ties=False needs different payoffs, but low = high = {low}")

    def payoff(rng):
        return tuple(rng.randint(low, high) for _ in range(num_players))

    t = _draws("maxn", seed, (depth, lo, hi, num_players), payoff, lambda t: _tied(t) == ties)
    if t is None:
        raise ValueError(f"no random tree met ties={ties} in {exercise.MAX_TRIES} tries from seed {seed!r}; "
                         "widen low..high or change the branching")
    settings = dict(num_players=num_players, depth=depth, branching=branching, low=low, high=high, ties=ties)
    question = (f"Compute the max-n payoff vector of every inner node ({', '.join(inner_labels(t))}) of this "
                f"{num_players}-player tree: P0 moves at the root, then P1, ..., in turn, and each player takes "
                "the child best in its own entry (the first among equals).\n"
                "Then say where P0 moves at the root. Answer with a dict from label to vector, and the move: "
                "answer = {\"A\": (..., ..., ...), \"B\": ..., ..., \"move\": \"B\"}.")
    return MaxnExercise(t, "maxn", question, seed=seed, settings=settings)


def shallow(seed=0, *, cuts=1, max_sum=10, num_players=3, depth=3, branching=2) -> ShallowExercise:
    """A shallow-pruning exercise: the leaves max-n with Korf's shallow pruning never evaluates.

    Parameters
    ----------
    seed : int or str
        The same seed gives the same exercise, in every process.
    cuts : int
        Exactly this many shallow cuts (prune events) in the search.
    max_sum : int
        Every payoff is a whole number in [0, max_sum], and the payoffs of each
        leaf add up to exactly max_sum (a constant-sum game).
    num_players, depth, branching
        As in :func:`maxn`.

    Returns
    -------
    ShallowExercise
        With ``bounds == (0, max_sum)`` and ``max_sum``.

    Raises
    ------
    ValueError
        For bad parameters (naming them), more cuts than the tree has inner
        nodes below the root, or no suitable tree within ``MAX_TRIES`` draws.

    Examples
    --------
    >>> from advsearch import practice, maxn
    >>> ex = practice.shallow(seed=0, cuts=2)
    >>> r = maxn(ex.tree, pruning="shallow", bounds=(0, 10), max_sum=10, trace=True)
    >>> r.stats.prunes, len(ex.answer_key()["pruned"]) == len(r.trace.unvisited_leaves())
    (2, True)
    """
    lo, hi = _check_shape("shallow", seed, depth, branching, num_players)
    validation.whole_number("cuts", cuts, least=0)
    validation.count("max_sum", max_sum)
    if cuts and (hi < 2 or depth < 2):
        raise ValueError(f"a shallow cut needs a node with two or more children below the root: depth >= 2 and "
                         f"branching >= 2, not depth={depth}, branching={branching!r}")
    most = sum(hi ** level for level in range(1, depth))
    if cuts > most:
        raise ValueError(f"cuts={cuts} is impossible: a tree of depth {depth} with at most {hi} children a node "
                         f"has at most {most} inner nodes below the root")

    def fits(t):
        return len(_maxn(t, pruning="shallow", bounds=(0, max_sum), max_sum=max_sum, trace=True).trace.prunes()) == cuts

    t = _draws("shallow", seed, (depth, lo, hi, num_players), lambda r: constant_sum(r, num_players, max_sum), fits)
    if t is None:
        raise ValueError(f"no random tree of depth {depth} and branching {branching!r} made shallow pruning cut "
                         f"{cuts} times in {exercise.MAX_TRIES} tries from seed {seed!r}; ask for fewer cuts or "
                         "a bigger tree")
    t.utility_range = (0, max_sum)
    t.max_sum = max_sum
    settings = dict(cuts=cuts, max_sum=max_sum, num_players=num_players, depth=depth, branching=branching)
    question = (f"Every payoff lies in [0, {max_sum}] and the payoffs of each leaf add up to {max_sum}. Run max-n "
                f"with Korf's shallow pruning on this {num_players}-player tree (P0 at the root, then P1, ...), "
                "children left to right: a node of player q below a node of player p stops as soon as q's entry "
                f"reaches {max_sum} − (p's best entry so far at the parent).\n"
                f"Which leaves does it never evaluate? Answer with a list of leaf labels ({leaf_naming(t)}); "
                "answer = [] says nothing is pruned.")
    return ShallowExercise(t, "shallow", question, seed=seed, settings=settings, max_sum=max_sum)
