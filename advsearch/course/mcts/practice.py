"""Practice on Monte Carlo tree search: one UCT selection, one backup, made reproducibly from a seed.

- :func:`uct` gives a node's children with wins/visits on which the child
  UCT selects is neither the one with the best win rate nor the most
  visited; the answer is its label.
- :func:`uct_backup` gives a tree UCT grew on a small game and the playout
  of its next iteration; the answer is the new wins/visits on the path.
  The tree and the numbers are those of :func:`advsearch.mcts` itself.

Examples
--------
>>> from advsearch import practice
>>> ex = practice.uct(seed=2)
>>> ex.kind, ex.check(ex.answer_key()["choice"]).ok
('uct', True)
>>> ex = practice.uct_backup(seed=2)
>>> ex.check(ex.answer_key()).ok
True
"""

from __future__ import annotations

import random

from ... import validation
from .formula import selection_statistics
from .questions import BackupQuestion, SelectionQuestion
from .uct_trees import StatsTree, uct_tree
from ...game import MAX
from ...result import format_number
from ...search.mcts import mcts as _mcts
from ...trees import random_tree
from ..shared.exercise import Exercise, Solution


class UCTExercise(Exercise):
    """A UCT exercise: ``question`` (text), ``tree`` (the statistics), ``.check``, ``.solution()``, ``.draw()``.

    ``kind`` is ``"uct"`` (a selection) or ``"uct_backup"``; ``problem`` the
    :class:`~advsearch.check.SelectionQuestion` or
    :class:`~advsearch.check.BackupQuestion` the checker reads; ``seed`` and
    ``settings`` make it again.
    """

    def __init__(self, problem, kind, question, *, seed, settings):
        super().__init__(problem.tree, kind, question, seed=seed, settings=settings)
        self.problem = problem

    def check(self, answer, values=None):
        """Check an answer: the label selected (with optional UCTValues), or ``{label: (wins, visits)}``."""
        from ... import check

        if self.kind == "uct":
            return check.uct_selection(self.problem, answer, values)
        return check.uct_backup(self.problem, answer)

    def answer_key(self) -> dict:
        """uct: ``{"choice": label, "values": {label: UCTValue}}``; uct_backup: ``{label: new counts}``."""
        if self.kind == "uct":
            return {"choice": self.problem.choice, "values": dict(self.problem.values)}
        return self.problem.answer()

    def drawn(self) -> tuple:
        """The statistics as the student sees them (no path in bold)."""
        plain = self.problem.shown()
        return plain, {"max_depth": max(len(p) for p in plain.nodes)}

    def solution(self) -> Solution:
        """The worked solution: the statistics with the answer drawn, and every number worked out."""
        from .backups import uct_backup as check_backup
        from .steps import uct_selection as check_selection

        if self.kind == "uct":
            fb = check_selection(self.problem, self.problem.choice)
            lines = fb.text.replace("Correct: ", "").split(". ", 1)
            title = f"Solution: UCT selection (seed {self.seed})"
        else:
            fb = check_backup(self.problem, self.problem.answer())
            lines = [fb.text.replace("Correct: ", "")]
            title = f"Solution: backup (seed {self.seed})"
        shown = StatsTree(0, 1.0, fb.stats.bounds, dict(fb.stats.nodes))
        shown.highlight = fb.highlight
        return Solution(shown, [x if x.endswith(".") else x + "." for x in lines], title=title,
                        style={"max_depth": max(len(p) for p in shown.nodes)})

    def tree_text(self) -> str:
        return ""                       # the statistics are in the question



def _seed(seed):
    validation.seed(seed)
    return random.Random(f"advsearch.practice.uct:{type(seed).__name__}:{seed}")


def uct(seed=0, *, children=(3, 4), max_visits=20) -> UCTExercise:
    """A UCT selection: which child of the root does UCT select?

    Parameters
    ----------
    seed : int or str
    children : (int, int)
        The root has between these many children (2 <= lo <= hi <= 8).
    max_visits : int
        Each child has 2..max_visits visits (4..200).

    Raises
    ------
    ValueError
        For bad parameters.

    Examples
    --------
    >>> ex = uct(seed=1)
    >>> rates = {k: w / v for k, (w, v) in ex.problem.children.items()}
    >>> ex.answer_key()["choice"] != max(rates, key=rates.get)
    True
    >>> uct(children=(1, 3))
    Traceback (most recent call last):
    ...
    ValueError: children must be a pair (lo, hi) with 2 <= lo <= hi <= 8, not (1, 3)
    """
    rng = _seed(seed)
    if not (isinstance(children, tuple) and len(children) == 2 and all(map(validation.is_whole_number, children))
            and 2 <= children[0] <= children[1] <= 8):
        raise ValueError(f"children must be a pair (lo, hi) with 2 <= lo <= hi <= 8, not {children!r}")
    validation.whole_number("max_visits", max_visits, least=4, most=200)
    kids, n = selection_statistics(rng, children, max_visits)
    q = SelectionQuestion(kids, n)
    text = (q.text() + "\nWhich child does UCT select, with UCTValue = wins/visits + √(ln N / visits)? "
            "Answer with its label, answer = \"B\"; optionally the values too, values = {\"B\": 1.23, ...}.")
    return UCTExercise(q, "uct", text, seed=seed, settings=dict(children=children, max_visits=max_visits))


def uct_backup(seed=0, *, iterations=8) -> UCTExercise:
    """One backup: the tree UCT grew in ``iterations`` iterations on a small random game, and the next playout.

    The tree is :func:`advsearch.mcts`'s (c = 1, leaves -1, 0, +1), so the
    right answer is what its next iteration's backup makes.

    Examples
    --------
    >>> ex = uct_backup(seed=0)
    >>> sorted(ex.answer_key()) == sorted(ex.problem.path)
    True
    >>> uct_backup(iterations=2)
    Traceback (most recent call last):
    ...
    ValueError: iterations must be a whole number from 4 to 12, not 2
    """
    rng = _seed(seed)
    validation.whole_number("iterations", iterations, least=4, most=12)
    while True:
        game = random_tree((2, 3), 3, seed=rng.getrandbits(32), low=-1, high=1)
        r = _mcts(game, iterations=iterations + 1, c=1.0, bounds=(-1, 1), seed=rng.getrandbits(32), trace=True)
        before, after = r.trace.tree(iterations), r.trace.tree(iterations + 1)
        last = after.last
        if len(last) >= 2 and game.node(last).children:        # a new node two plies down, not a game end
            break
    names = {p: "A" if not p else None for p in after.nodes}
    for k, p in enumerate(sorted((p for p in after.nodes if p), key=lambda p: (len(p), p))):
        names[p] = chr(ord("B") + k)

    def spec(path):
        old = before.nodes.get(path)
        n, w = (old.N, old.wins) if old is not None else (0, 0)
        kids = [spec(p) for p in after.children(path)]
        return (names[path], n, kids) if not path else (names[path], round(w * 2) / 2, n, kids)

    t = uct_tree(spec(()), MAX)
    listing = "\n".join(_listing(spec(())))
    payoff = next(e.value for e in reversed(list(r.trace)) if e.kind == "rollout")[MAX]
    result = "draw" if payoff == 0 else ("MAX" if payoff > 0 else "MIN")
    q = BackupQuestion(t, [names[last[:i]] for i in range(len(last) + 1)], result)
    text = (f"UCT has run {iterations} iterations on a game (MAX moves at A, players alternate); wins count for "
            f"the player who moved into a node, a draw half. In the next iteration {names[last]} was just added "
            f"(0/0) and its random playout ended in {'a draw' if result == 'draw' else 'a win for ' + result}. "
            f"The statistics before this iteration (wins/visits; wins for the player who moved into the node):\n"
            f"{listing}\n"
            f"Give the new wins/visits of every node on the path {' → '.join(q.path)}: "
            f"answer = {{\"A\": visits, \"{q.path[1]}\": (wins, visits), ...}}.")
    return UCTExercise(q, "uct_backup", text, seed=seed, settings=dict(iterations=iterations))


def _listing(node, depth=0) -> list:
    """The lines of a statistics tree spec, indented by depth: ``A: 8 visits``, then ``  B: 2.5/3``."""
    if depth == 0:
        label, visits, kids = node
        lines = [f"{label}: {visits} visits"]
    else:
        label, wins, visits, kids = node
        lines = ["  " * depth + f"{label}: {format_number(wins)}/{visits}"]
    for kid in kids:
        lines += _listing(kid, depth + 1)
    return lines
