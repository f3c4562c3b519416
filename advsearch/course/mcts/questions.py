"""The questions of the UCT steps worked by hand: a selection, a backup, flat Monte Carlo.

Each question holds what the student is given and knows its right answer;
:mod:`.uct_steps` checks answers to them, and :mod:`advsearch.course.mcts.practice`
draws them from a seed.  Bad questions raise a ValueError naming the bad part.

>>> q = SelectionQuestion({"B": (3, 5), "C": (1, 1), "D": (4.5, 6)}, 12)
>>> q.choice, round(q.values["C"], 3)
('C', 2.576)
>>> b = BackupQuestion(uct_tree(("A", 3, [("B", 1, 2, [("D", 0, 0)]), ("C", 0, 1)])), ["A", "B", "D"], "MIN")
>>> b.answer()
{'A': 4, 'B': (1, 3), 'D': (1, 1)}
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...game import MAX, MIN, player_name
from ...result import format_number
from ...trees import Tree
from .formula import choose, uct_value
from .uct_trees import StatsTree, as_whole, players, uct_tree, without_values


#: How a playout may end, as a backup question names it: a win for MAX, a win for MIN, or a draw.
RESULTS = ("MAX", "MIN", "draw")


def credit(result: str, mover) -> float:
    """The win a playout ending in ``result`` adds to a node that ``mover`` moved into: 1, ½ or 0.

    >>> credit("MAX", MAX), credit("MAX", MIN), credit("draw", MIN)
    (1, 0, 0.5)
    """
    if result == "draw":
        return 0.5
    return 1 if result == player_name(mover) else 0


@dataclass
class SelectionQuestion:
    """One UCT selection: a node visited ``parent_visits`` times whose ``children`` are ``{label: (wins, visits)}``.

    ``values`` are the UCTValues (c = 1), ``choice`` the child UCT selects
    (a child never visited first).  ``parent`` is the node's label and
    ``player`` who chooses there, for whom the wins count.
    """

    children: dict
    parent_visits: int
    parent: str = "A"
    player: int = MAX
    values: dict = field(init=False)
    choice: str = field(init=False)

    def __post_init__(self):
        if not isinstance(self.children, dict) or len(self.children) < 2:
            raise ValueError(f"children must be a dict of two or more {{label: (wins, visits)}}, not {self.children!r}")
        spec = (self.parent, self.parent_visits, [(lab, *pair) for lab, pair in self.children.items()])
        try:
            uct_tree(spec, self.player)
        except (TypeError, ValueError) as e:
            raise ValueError(f"SelectionQuestion: {e}") from None
        if self.parent_visits < 1:
            raise ValueError(f"parent_visits must be at least 1, not {self.parent_visits!r}")
        n = self.parent_visits
        self.values = {lab: uct_value(w, v, n) for lab, (w, v) in self.children.items() if v}
        self.choice = choose(self.children, n)

    @property
    def tree(self) -> StatsTree:
        """The node and its children as a statistics tree, to draw."""
        return uct_tree((self.parent, self.parent_visits, [(lab, *p) for lab, p in self.children.items()]),
                        self.player)

    def shown(self) -> StatsTree:
        """The statistics as the question gives them, without UCTValues: ``advsearch.draw(q.shown())``."""
        return without_values(self.tree)

    def text(self) -> str:
        rows = "\n".join(f"  {lab}: {format_number(float(w))} win{'' if w == 1 else 's'} in {v} visits"
                         for lab, (w, v) in self.children.items())
        return (f"{self.parent} ({player_name(self.player)} to move) has been visited {self.parent_visits} times; "
                f"its children have these statistics, wins counted for {player_name(self.player)} (a draw "
                f"counts half a win):\n{rows}")


@dataclass
class BackupQuestion:
    """One backup: the statistics ``tree`` before it, the ``path`` of labels from the root to the node whose
    playout just ended, and the playout's ``result`` ("MAX", "MIN" or "draw")."""

    tree: StatsTree
    path: list
    result: str

    def __post_init__(self):
        if not isinstance(self.tree, StatsTree):
            raise ValueError(f"tree must be made by uct_tree(...), not {self.tree!r:.60}")
        if self.result not in RESULTS:
            raise ValueError(f"result must be one of {', '.join(RESULTS)}, not {self.result!r}")
        known = players(self.tree)
        self.path = list(self.path) if isinstance(self.path, (list, tuple)) else self.path
        if not isinstance(self.path, list) or not self.path or any(lab not in known for lab in self.path):
            raise ValueError(f"path must be a list of the tree's labels from the root down, not {self.path!r}")
        paths = [known[lab][0] for lab in self.path]
        if any(p != paths[-1][:i] for i, p in enumerate(paths)):
            raise ValueError(f"the path {self.path} must go from the root down, one child at a time")

    def shown(self) -> StatsTree:
        """The statistics before the backup, without UCTValues: ``advsearch.draw(q.shown())``."""
        return without_values(self.tree)

    def answer(self, model=None) -> dict:
        """``{label: (wins, visits)}`` after the backup for the path's nodes (the root: its visits).

        ``model(result, mover, root_player)`` -> the win credited, for the mistakes; None for the right rule.
        """
        known, stats, root_player = players(self.tree), self.tree.nodes, self.tree.nodes[()].player
        out = {}
        for lab in self.path:
            path, mover, _ = known[lab]
            e = stats[path]
            if mover is None:
                out[lab] = e.N + 1
            else:
                won = credit(self.result, mover) if model is None else model(self.result, mover, root_player)
                out[lab] = (as_whole(e.wins + won), e.N + 1)
        return out

    def text(self) -> str:
        ending = "a draw" if self.result == "draw" else f"a win for {self.result}"
        return (f"The iteration selected the path {' → '.join(self.path)}, and the playout from "
                f"{self.path[-1]} ended in {ending}. Give the new wins/visits of every node on the path.")


@dataclass
class FlatQuestion:
    """Flat Monte Carlo on ``tree`` (leaves +1, 0, -1 for MAX: win, draw, loss), with given ``playouts``:
    ``{root move's label: [labels of the leaves its playouts ended at]}``, as many for every move."""

    tree: Tree
    playouts: dict

    def __post_init__(self):
        if not isinstance(self.tree, Tree):
            raise ValueError(f"tree must be a Tree, not {self.tree!r:.60}")
        root = self.tree.initial_state
        if root.player not in (MAX, MIN) or any(leaf.value not in (-1, 0, 1) for leaf in self.tree.leaves()):
            raise ValueError("flat Monte Carlo questions need a two-player tree with leaves -1, 0 and +1")
        moves = [c.label for c in root.children]
        if not isinstance(self.playouts, dict) or sorted(self.playouts, key=str) != sorted(moves, key=str):
            raise ValueError(f"playouts must give the leaves reached after each root move {moves}, "
                             f"not {self.playouts!r:.80}")
        counts = {len(v) if isinstance(v, (list, tuple)) else -1 for v in self.playouts.values()}
        if len(counts) != 1 or min(counts) < 1:
            raise ValueError("every root move needs a list of the same number (at least one) of playouts")
        for child in root.children:
            below = {n.label for n in self.tree.leaves() if n.path[:1] == child.path}
            if not child.children:
                below = {child.label}
            bad = [x for x in self.playouts[child.label] if x not in below]
            if bad:
                raise ValueError(f"the playouts after {child.label} must end at leaves below it, not at {bad}")
        self.playouts = {c.label: list(self.playouts[c.label]) for c in root.children}

    def text(self) -> str:
        rows = "\n".join(f"  after {m}: {', '.join(ends)}" for m, ends in self.playouts.items())
        return (f"Flat Monte Carlo at {self.tree.initial_state.label} ({player_name(self.tree.initial_state.player)}"
                f" to move): the random playouts after each move ended at these leaves:\n{rows}")
