"""``check.check_deepening``: a student's iterative deepening, judged by the searches it runs, in order.

The student writes ``fn(game, state, depth, evaluate) -> (value, move)``:
depth-limited alpha-beta to depth 1, 2, ..., ``depth``, each a new search
from the root, returning the value and move of the deepest iteration that
*finished*.  In some trials the game has a budget of leaves: when the search
asks it to score one leaf more than the budget, any call raises
:class:`~advsearch.BudgetExceeded`, which the function must catch.

The reference is the concatenation of :func:`~advsearch.alphabeta`'s
``trace.visits()`` at depths 1..``depth`` (cut at the budget), with the
made-up Eval of :func:`.runs.heuristic`; the student's code runs through
:func:`.runs.run` on a recording game.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, replace

from ... import validation
from ...game import MAX, MIN, GameView
from ...search import BudgetExceeded, alphabeta
from ...trees import random_tree
from ..alphabeta.battery import custom_trees
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import same
from ..shared.runs import heuristic, heuristic_for_mover, run, run_problem


#: The mistakes :func:`check_deepening` names, by key.
DEEPENING_MISTAKES = {
    "deepening_off_by_one": "the iterations search one ply too deep or too shallow (depths 0..d-1 or 2..d+1)",
    "deepening_skips_depths": "some depths are skipped (a single search, only odd depths, doubling the depth)",
    "deepening_not_from_root": "an iteration does not start again from the root",
    "deepening_wrong_view": "Eval is asked for the player to move instead of MAX, so MIN's frontier is negated",
    "deepening_not_deepest": "the value or move returned is not the one of the deepest finished iteration",
    "deepening_budget_uncaught": "the budget's BudgetExceeded is not caught, so no answer is returned",
}


@dataclass
class Trial:
    """A tree, the deepest depth, the leaf budget (None for none), and what the reference does there."""

    tree: object
    depth: int
    budget: int | None
    seq: list
    answer: tuple | None          # (value, move) of the deepest finished iteration
    answers: list                 # (value, move) of every finished iteration


def _cut(seq, budget):
    """``seq`` up to (not including) the scoring of leaf number ``budget + 1``."""
    if budget is None:
        return list(seq)
    scored = 0
    for k, (kind, _) in enumerate(seq):
        if kind != "expand":
            scored += 1
            if scored > budget:
                return list(seq[:k])
    return list(seq)


def _model(t, depths, budget, evaluate=heuristic):
    """``(visits, answers)``: the searches at ``depths`` in turn, cut at the budget; the finished answers."""
    seq, answers = [], []
    for d in depths:
        if d == 0:
            visits, answer = [("eval", ())], (heuristic(t.initial_state), None)
        else:
            r = alphabeta(t, depth=d, evaluate=evaluate, trace=True)
            visits, answer = r.trace.visits(), (r.value, r.move)
        if len(_cut(seq + visits, budget)) < len(seq) + len(visits):
            return _cut(seq + visits, budget), answers
        seq += visits
        answers.append(answer)
    return seq, answers


def _trial(t, depth, budget) -> Trial:
    seq, answers = _model(t, range(1, depth + 1), budget)
    return Trial(t, depth, budget, seq, answers[-1] if answers else None, answers)


def _battery(seed) -> list:
    """Random trees of depth 3 and 4 (uneven, MAX and MIN roots), each with and without a leaf budget."""
    trials = []
    for k in range(8):
        t = random_tree((2, 3), 3 + k % 2, seed=1000 * seed + k, low=0, high=9, root=MIN if k % 3 == 2 else MAX)
        depth = t.height - 1
        trials.append(_trial(t, depth, None))
        full = sum(1 for kind, _ in trials[-1].seq if kind != "expand")
        first = sum(1 for kind, _ in _model(t, [1], None)[0] if kind != "expand")
        trials.append(_trial(t, depth, first + (full - first) * 2 // 3))
    return trials


class _Budget(GameView):
    """A view of the recording game that raises BudgetExceeded when one leaf more than ``budget`` is scored."""

    def __init__(self, game, budget):
        super().__init__(game)
        self.initial_state, self.budget, self.scored = game.initial_state, budget, 0

    def to_move(self, state):
        return self.game.to_move(state)

    def is_terminal(self, state):
        return self.game.is_terminal(state)

    def actions(self, state):
        return self.game.actions(state)

    def result(self, state, action):
        return self.game.result(state, action)

    def spend(self):
        if self.budget is not None and self.scored >= self.budget:
            raise BudgetExceeded(f"the budget of {self.budget} leaves is used up", self.scored)
        self.scored += 1

    def utility(self, state, player):
        self.spend()
        return self.game.utility(state, player)


def _run(fn, trial, seconds):
    """Run ``fn`` on ``trial``; also return the players it asked Eval for, by path."""
    players = {}

    def wrapped(game, state, depth, evaluate):
        view = _Budget(game, trial.budget)

        def counted(s, player=MAX):
            view.spend()
            players[s.path] = player
            return evaluate(s, player)

        return fn(view, state, depth=depth, evaluate=counted)

    return run(wrapped, trial.tree, trial.depth, seconds=seconds, what=f"the tree {trial.tree}"), players


def _reads(fn):
    """A sentence on why ``fn`` cannot be called as ``fn(game, state, depth=d, evaluate=f)``, or None."""
    try:
        inspect.signature(fn).bind(None, None, depth=1, evaluate=None)
    except TypeError:
        return ("Your function should take (game, state, depth, evaluate) and return (value, move) of the "
                "deepest iteration that finished.")
    except ValueError:
        pass
    return None


def _return_shape(value):
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return None
    return (f"your function returned {value!r:.80}; it should return a pair (value, move): MAX's value and the "
            "move for the player at the root, from the deepest iteration that finished")


def _diagnose(trial, r, players):
    """The named mistake that explains the run, or None."""
    t, d, b = trial.tree, trial.depth, trial.budget
    models = [("deepening_off_by_one", range(0, d)), ("deepening_off_by_one", range(2, d + 2)),
              ("deepening_off_by_one", range(1, d + 2)), ("deepening_off_by_one", range(0, d + 1)),
              ("deepening_skips_depths", [d]), ("deepening_skips_depths", range(1, d + 1, 2)),
              ("deepening_skips_depths", range(2, d + 1, 2)), ("deepening_skips_depths", [1, 2, 4][:d])]
    for key, depths in models:
        if list(depths) != list(range(1, d + 1)) and _model(t, depths, b)[0] == r.seq:
            return key
    if any(p != MAX for p in players.values()) and _model(t, range(1, d + 1), b, heuristic_for_mover)[0] == r.seq:
        return "deepening_wrong_view"
    first = len(_model(t, [1], None)[0])
    if len(r.seq) > first and ("expand", ()) not in r.seq[first:]:
        return "deepening_not_from_root"
    return None


def check_deepening(fn, *, trees=None, depth=None, seed=0, time_per_tree=3.0) -> Feedback:
    """Check a student's iterative deepening on a battery of trees, some with a budget of leaves.

    Parameters
    ----------
    fn : callable
        ``fn(game, state, depth, evaluate) -> (value, move)``: alpha-beta to
        depth 1, 2, ..., ``depth`` (children in ``actions`` order, Eval
        called as ``evaluate(state, MAX)`` at the cut-off), returning MAX's
        value and the best move of the deepest iteration that finished.  It
        must catch :class:`~advsearch.BudgetExceeded`, which the game raises
        when the budget of leaves is used up.
    trees : list, optional
        Trees to use instead of the default battery (searched to their
        height minus one, without a budget).
    depth : int, optional
        With ``trees``, the deepest depth instead of the height minus one.
    seed : int
        Seed of the default battery's random trees.
    time_per_tree : float
        Seconds the function may run on one tree.

    Returns
    -------
    Feedback
        ``mistake`` is one of :data:`DEEPENING_MISTAKES` when recognised.

    Examples
    --------
    >>> from advsearch import alphabeta, BudgetExceeded
    >>> def deepening(game, state, depth, evaluate):
    ...     best = None
    ...     for d in range(1, depth + 1):
    ...         try:
    ...             r = alphabeta(game, state, depth=d, evaluate=evaluate)
    ...         except BudgetExceeded:
    ...             break
    ...         best = (r.value, r.move)
    ...     return best
    >>> check_deepening(deepening).ok      # the package's alphabeta is not allowed here
    False
    >>> print(check_deepening(None))  # doctest: +ELLIPSIS
    Not answered yet: ...
    """
    if fn is None or fn is Ellipsis:
        return not_answered("write fn(game, state, depth, evaluate) that returns (value, move) of the deepest "
                            "finished iteration.")
    if not callable(fn):
        return Feedback(False, f"Your answer is a {type(fn).__name__}; it should be a function "
                               "fn(game, state, depth, evaluate) -> (value, move).")
    problem = _reads(fn)
    if problem:
        return Feedback(False, problem)
    if trees is None:
        trials = _battery(seed)
    else:
        tested = custom_trees(trees)
        if depth is not None:
            validation.count("depth", depth)
        trials = [_trial(t, depth or max(1, t.height - 1), None) for t in tested]
    for number, trial in enumerate(trials, 1):
        r, players = _run(fn, trial, time_per_tree)
        on = f"On test {number} of {len(trials)}, the tree {trial.tree} with depth={trial.depth}"
        on += f" and a budget of {trial.budget} leaves" if trial.budget is not None else ""
        if isinstance(r.error, BudgetExceeded):
            return Feedback(False, f"{on}, the budget ran out and BudgetExceeded escaped from your function. "
                                   "Catch it around each iteration and return the answer of the deepest "
                                   "iteration that finished: that is what makes iterative deepening anytime.",
                            "deepening_budget_uncaught")
        if isinstance(r.error, NotImplementedError):
            return not_answered("your function raises NotImplementedError. Replace that line with iterative "
                                "deepening that returns (value, move) of the deepest finished iteration.")
        if r.error is not None or r.value is None:
            return run_problem(trial, r)
        shape = _return_shape(r.value)
        if shape:
            return Feedback(False, f"{on}, {shape}.")
        stop = run_problem(trial, replace(r, value=r.value[0]))
        if stop is not None:
            return stop
        if r.seq != trial.seq:
            return _wrong_visits(on, trial, r, _diagnose(trial, r, players))
        value, move = r.value
        if not (same(value, trial.answer[0]) and move == trial.answer[1]):
            earlier = any(same(value, v) and move == m for v, m in trial.answers[:-1])
            key = "deepening_not_deepest" if earlier else None
            if any(p != MAX for p in players.values()):
                viewed = _model(trial.tree, range(1, trial.depth + 1), trial.budget, heuristic_for_mover)[1]
                if viewed and same(value, viewed[-1][0]) and move == viewed[-1][1]:
                    key, earlier = "deepening_wrong_view", False
            done = len(trial.answers)
            lead = (f"It looks as if {DEEPENING_MISTAKES[key]}. " if key == "deepening_wrong_view" else "")
            lead += (f"{on}, your searches are right, and {done} iteration{'s' * (done != 1)} finished, but you "
                    f"returned (value, move) = ({value!r}, {move!r}); the deepest finished iteration gives "
                    f"{trial.answer}.")
            if earlier:
                lead += " You returned the answer of an earlier iteration: keep the latest finished one."
            return Feedback(False, lead, key)
    return Feedback(True, f"Correct: on all {len(trials)} tests your function runs alpha-beta to depth 1, 2, ... "
                          "from the root, stops cleanly when the budget runs out, and returns the deepest "
                          "finished iteration's value and move.")


def _wrong_visits(on, trial, r, key) -> Feedback:
    """The feedback for searches that part from the reference's."""
    k = next((k for k, (a, b) in enumerate(zip(r.seq, trial.seq)) if a != b), min(len(r.seq), len(trial.seq)))
    ref = trial.seq[k] if k < len(trial.seq) else "nothing more (the budget or the last depth is reached)"
    yours = r.seq[k] if k < len(r.seq) else "nothing more"
    lead = f"It looks as if {DEEPENING_MISTAKES[key]}. " if key else ""
    return Feedback(False, f"{lead}{on}, your searches part from the reference at visit {k + 1}: the reference "
                           f"does {ref}, your function did {yours}. (Visits are ('expand', path), ('score', path) "
                           f"and ('eval', path); the reference runs depths 1 to {trial.depth} one after another, "
                           "each from the root.)", key)
