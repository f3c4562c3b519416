"""``check.quiescence``: which nodes alpha-beta with quiescence search scores below the depth limit.

It runs :func:`~advsearch.alphabeta` with ``quiescence=True`` on a recording
game of an explicit tree, whose :meth:`NoisyTree.noisy_actions` are the moves
out of the nodes marked noisy, and reads the states scored below the depth
limit from the recording (:class:`~advsearch.recording.RecordingGame`).
"""

from __future__ import annotations

from ...game import GameView
from ...recording import RecordingGame
from ...search import alphabeta
from ..shared.feedback import Feedback, not_answered
from .questions import LIMITS_MISTAKES, eval_function
from ..shared.reading import BadItem, as_tree, blank, locate
from ..shared.wording import and_list, cap


class NoisyTree(GameView):
    """An explicit tree whose nodes named in ``noisy`` are unquiet: every move out of them is noisy."""

    def __init__(self, tree, noisy):
        super().__init__(as_tree(tree))
        self.initial_state = self.game.initial_state
        self.noisy = {locate(self.game, k) for k in noisy}

    def to_move(self, state): return self.game.to_move(state)
    def actions(self, state): return self.game.actions(state)
    def result(self, state, action): return self.game.result(state, action)
    def is_terminal(self, state): return self.game.is_terminal(state)
    def utility(self, state, player): return self.game.utility(state, player)
    def label(self, state): return self.game.label(state)

    def noisy_actions(self, state):
        """The moves quiescence search follows: all of a noisy node's, none of a quiet one's."""
        return self.game.actions(state) if state.path in self.noisy else ()


def quiescence_frontier(tree, noisy, evals, depth):
    """``(result, paths)``: alpha-beta to ``depth`` with quiescence, and the nodes it scored below the limit.

    >>> t = "A[B[D[4 5] C[c1=1 c2=9]] E[G[g1=6 g2=0] F[2 3]]]"
    >>> r, below = quiescence_frontier(t, ["C", "G"], {"D": 4, "C": 5, "G": 2, "F": 3}, 2)
    >>> r.value, below
    (4, [(1, 0, 0), (1, 0, 1)])
    """
    game = NoisyTree(tree, noisy)
    recorder = RecordingGame(game, evaluate=eval_function(game.game, evals))
    result = alphabeta(recorder, depth=depth, evaluate=recorder.evaluate, quiescence=True)
    return result, [path for kind, path in recorder.log if kind != "expand" and len(path) > depth]


def quiescence(tree, noisy, evals, depth, answer) -> Feedback:
    """Check which nodes below the depth limit alpha-beta with quiescence search scores (Eval or Utility).

    ``answer`` is a list of node labels; ``noisy`` names the unquiet nodes,
    ``evals`` gives MAX's Eval of every node that may be scored by Eval.

    >>> t = "A[B[D[4 5] C[c1=1 c2=9]] E[G[g1=6 g2=0] F[2 3]]]"
    >>> ev = {"D": 4, "C": 5, "G": 2, "F": 3}
    >>> quiescence(t, ["C", "G"], ev, 2, ["g1", "g2"]).ok
    True
    >>> quiescence(t, ["C", "G"], ev, 2, ["c1", "c2", "g1", "g2"]).mistake
    'quiescence_no_stand_pat'
    """
    t = as_tree(tree)
    _, below = quiescence_frontier(t, noisy, evals, depth)
    name = lambda p: t.label(t.node(p)) or str(list(p))
    if blank(answer) and answer != []:
        return not_answered("write the list of the nodes scored below the depth limit, such as ['c1'], or [] for none.")
    if not isinstance(answer, (list, tuple, set)):
        return Feedback(False, f"Your answer is a {type(answer).__name__}; write a list of node labels.")
    try:
        given = {locate(t, k) for k in answer}
    except BadItem as e:
        return Feedback(False, f"Your answer names {e}.")
    truth = set(below)
    if given == truth:
        return Feedback(True, f"Correct: below the depth limit the search scores {and_list([name(p) for p in below]) or 'nothing'}.")
    noisy_paths = NoisyTree(t, noisy).noisy
    reach = {n.path for n in t.nodes() if len(n.path) > depth and all(n.path[:k] in noisy_paths
                                                                      for k in range(depth, len(n.path)))}
    every = {n.path for n in t.nodes() if len(n.path) > depth}
    key = ("quiescence_no_stand_pat" if given == reach and reach != truth else
           "quiescence_extends_quiet" if given - reach and given <= every else None)
    extra, missing = sorted(given - truth), sorted(truth - given)
    parts = []
    if extra:
        parts.append(f"{and_list([name(p) for p in extra])} {'is' if len(extra) == 1 else 'are'} never scored")
    if missing:
        parts.append(f"{and_list([name(p) for p in missing])} {'is' if len(missing) == 1 else 'are'} scored too")
    lead = f"It looks as if {LIMITS_MISTAKES[key]}. " if key else ""
    return Feedback(False, lead + cap("; ".join(parts)) + ". Quiescence search goes on below a cut-off "
                    "node only along its noisy moves, and a side may stand pat: when Eval of the node already "
                    "reaches the bound (≥ β for MAX, ≤ α for MIN), no noisy move is tried.", key)
