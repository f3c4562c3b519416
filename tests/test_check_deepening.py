"""check.check_deepening: a student's iterative deepening, against the package's alpha-beta at each depth."""

from __future__ import annotations

import math

import pytest

from advsearch import MAX, BudgetExceeded, alphabeta, check, parse, random_tree
from advsearch.course.limits.deepening import DEEPENING_MISTAKES, _battery, check_deepening
from advsearch.course.shared.runs import heuristic


def limited(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf, view=None):
    """(value, move) of depth-limited alpha-beta, written from the lecture's pseudocode."""
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state, MAX if view is None else view(state)), None
    maxing = game.to_move(state) == MAX
    best, move = (-math.inf if maxing else math.inf), None
    for a in game.actions(state):
        v, _ = limited(game, game.result(state, a), depth - 1, evaluate, alpha, beta, view)
        if move is None or (maxing and v > best) or (not maxing and v < best):
            best, move = v, a
        if maxing:
            if best >= beta:
                return best, move
            alpha = max(alpha, best)
        else:
            if best <= alpha:
                return best, move
            beta = min(beta, best)
    return best, move


def deepening_over(depths, view=None):
    def deepening(game, state, depth, evaluate):
        best = None
        for d in depths(depth):
            try:
                best = limited(game, state, d, evaluate, view=view)
            except BudgetExceeded:
                break
        return best
    return deepening


correct = deepening_over(lambda depth: range(1, depth + 1))


def test_correct_implementation_passes():
    fb = check_deepening(correct)
    assert fb.ok and fb.mistake is None, fb.text


def test_battery_exercises_the_budget():
    """Some trials really stop inside an iteration, after depth 1 finished, so 'deepest finished' matters."""
    budgeted = [t for t in _battery(0) if t.budget is not None]
    assert budgeted and all(1 <= len(t.answers) < t.depth for t in budgeted)


def test_reference_is_alphabeta_depth_by_depth():
    """Independent fact: each finished answer is alphabeta's at that depth, and the sequence is their visits."""
    trial = _battery(0)[0]
    assert trial.budget is None
    runs = [alphabeta(trial.tree, depth=d, evaluate=heuristic, trace=True) for d in range(1, trial.depth + 1)]
    assert trial.answers == [(r.value, r.move) for r in runs]
    assert trial.seq == [v for r in runs for v in r.trace.visits()]
    assert check_deepening(correct, trees=[random_tree(2, 4, seed=5, low=0, high=9)], depth=3).ok


def test_public_names():
    assert check.check_deepening is check.deepening_checker.check_deepening


@pytest.mark.parametrize("key, fn", [
    ("deepening_off_by_one", deepening_over(lambda depth: range(0, depth))),
    ("deepening_off_by_one", deepening_over(lambda depth: range(1, depth + 2))),
    ("deepening_skips_depths", deepening_over(lambda depth: [depth])),
    ("deepening_skips_depths", deepening_over(lambda depth: range(1, depth + 1, 2))),
    ("deepening_wrong_view", deepening_over(lambda depth: range(1, depth + 1), view=lambda s: s.player)),
])
def test_named_mistakes_by_depths(key, fn):
    fb = check_deepening(fn)
    assert not fb.ok and fb.mistake == key, fb.text


def not_from_root(game, state, depth, evaluate):
    """Deepens only below the previous iteration's best move, never searching the root again."""
    best = limited(game, state, 1, evaluate)
    for d in range(2, depth + 1):
        try:
            v, _ = limited(game, game.result(state, best[1]), d - 1, evaluate)
        except BudgetExceeded:
            break
        best = (v, best[1])
    return best


def first_iteration_kept(game, state, depth, evaluate):
    best = None
    for d in range(1, depth + 1):
        try:
            answer = limited(game, state, d, evaluate)
        except BudgetExceeded:
            break
        if best is None:
            best = answer
    return best


def uncaught(game, state, depth, evaluate):
    best = None
    for d in range(1, depth + 1):
        best = limited(game, state, d, evaluate)
    return best


@pytest.mark.parametrize("key, fn", [("deepening_not_from_root", not_from_root),
                                     ("deepening_not_deepest", first_iteration_kept),
                                     ("deepening_budget_uncaught", uncaught)])
def test_named_mistakes(key, fn):
    fb = check_deepening(fn)
    assert not fb.ok and fb.mistake == key, fb.text
    assert key in DEEPENING_MISTAKES and key in check.MISTAKES


def test_missing_and_bad_answers():
    assert str(check_deepening(None)).startswith("Not answered yet")

    def stub(game, state, depth, evaluate):
        raise NotImplementedError
    assert str(check_deepening(stub)).startswith("Not answered yet")
    fb = check_deepening(42)
    assert not fb.ok and "function" in fb.text
    fb = check_deepening(lambda game, state: 0)
    assert not fb.ok and "(game, state, depth, evaluate)" in fb.text
    fb = check_deepening(lambda game, state, depth, evaluate: 3)
    assert not fb.ok and "pair (value, move)" in fb.text
    fb = check_deepening(lambda game, state, depth, evaluate: ("x", 0))
    assert not fb.ok and "not a number" in fb.text

    def boom(game, state, depth, evaluate):
        raise KeyError("oops")
    fb = check_deepening(boom)
    assert not fb.ok and "KeyError" in fb.text


def test_package_search_is_refused():
    def cheat(game, state, depth, evaluate):
        r = alphabeta(game, state, depth=depth, evaluate=evaluate)
        return r.value, r.move
    fb = check_deepening(cheat)
    assert not fb.ok and "package's own search" in fb.text


def test_bad_parameters_raise():
    with pytest.raises(ValueError, match="depth must be"):
        check_deepening(correct, trees=[parse("A[B[1 2] C[3 4]]")], depth=0)
    with pytest.raises(ValueError):
        check_deepening(correct, trees=[])


def test_min_root_move_is_min_choice():
    t = parse("A:min[B[C[1 2] D[3 9]] E[F[0 4] G[2 8]]]")
    assert check_deepening(correct, trees=[t], depth=2).ok
    assert alphabeta(t, depth=2, evaluate=heuristic).move in (0, 1)
