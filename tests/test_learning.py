"""Learning evaluation weights: logistic regression against known models, and the self-play pipeline."""

from __future__ import annotations

import math

import numpy as np
import pytest

from advsearch import MAX, ConnectFour, TicTacToe, agents
from advsearch.arena import GameRecord, play
from advsearch.evaluation import Linear, connect4_eval, tictactoe_eval
from advsearch.learning import dataset, fit_logistic, learn_weights, scaled_evaluation, self_play, train

C4 = ConnectFour()


def synthetic(weights, bias, n, seed):
    """n examples from a known logistic model: x ~ N(0, 1), y ~ Bernoulli(σ(w·x + b))."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, len(weights)))
    p = 1 / (1 + np.exp(-(X @ np.asarray(weights) + bias)))
    return X, (rng.random(n) < p).astype(int)


def gradient(X, y, fit, l2):
    """The gradient of the penalised mean log loss, computed directly from its definition."""
    p = 1 / (1 + np.exp(-(X @ fit.weights + fit.bias)))
    return np.append(X.T @ (p - y) / len(y) + l2 * fit.weights, np.mean(p - y))


def auc(values, y):
    """P(a position MAX went on to win is valued above one MIN won), ties counting 1/2: 0.5 is chance."""
    won, lost = values[y == 1], values[y == 0]
    above = (won[:, None] > lost[None, :]).mean()
    level = (won[:, None] == lost[None, :]).mean()
    return above + level / 2


# --- fit_logistic. ---

def test_fit_recovers_the_weights_of_a_known_logistic_model():
    true_w, true_b = np.array([1.5, -2.0, 0.5]), 0.3
    X, y = synthetic(true_w, true_b, 20_000, seed=1)
    fit = fit_logistic(X, y, l2=1e-6)
    assert fit.converged and fit.iterations < 20
    assert np.allclose(fit.weights, true_w, atol=0.1) and fit.bias == pytest.approx(true_b, abs=0.1)


def test_fit_is_at_the_minimum_of_its_objective():
    X, y = synthetic([0.7, 0.2], -1.0, 500, seed=2)
    for l2 in (0.0, 0.01, 1.0):
        fit = fit_logistic(X, y, l2=l2)
        assert np.abs(gradient(X, y, fit, l2)).max() < 1e-8


def test_l2_shrinks_the_weights_but_not_to_zero():
    X, y = synthetic([2.0, -1.0], 0.0, 2_000, seed=3)
    norms = [np.linalg.norm(fit_logistic(X, y, l2=l2).weights) for l2 in (0.0, 0.1, 1.0)]
    assert norms[0] > norms[1] > norms[2] > 0


def test_perfectly_separated_labels_still_give_finite_weights_with_l2():
    X = np.array([[-2.0], [-1.0], [1.0], [2.0]])
    fit = fit_logistic(X, [0, 0, 1, 1], l2=0.01)
    assert fit.converged and np.isfinite(fit.weights).all() and fit.weights[0] > 0
    assert fit.probability([[3.0]])[0] > 0.9 and fit.probability([[-3.0]])[0] < 0.1


def test_boolean_labels_work_like_zero_and_one():
    X, y = synthetic([1.0], 0.0, 200, seed=4)
    a, b = fit_logistic(X, y), fit_logistic(X, y.astype(bool))
    assert np.array_equal(a.weights, b.weights) and a.bias == b.bias


@pytest.mark.parametrize("X, y, message", [
    ([[1.0], [2.0]], [0, 1, 1], "one label per row"),
    ([[1.0], [float("nan")]], [0, 1], "NaN"),
    ([[1.0], [float("inf")]], [0, 1], "infinite"),
    (np.empty((0, 2)), [], "at least one row"),
    ([1.0, 2.0], [0, 1], "2-D"),
    ([[1.0], [2.0]], [0, 0.5], "labels must be 0 or 1, not 0.5"),
    ([[1.0], [2.0]], [-1, 1], "labels must be 0 or 1, not -1"),
    ([[1.0], [2.0]], [0, float("nan")], "labels must be 0 or 1"),
    ([[1.0], [2.0]], [1, 1], "every label is 1"),
    ([["a"], ["b"]], [0, 1], "numbers"),
])
def test_fit_rejects_bad_data(X, y, message):
    with pytest.raises(ValueError, match=message):
        fit_logistic(X, y)


@pytest.mark.parametrize("kwargs, message", [
    ({"l2": -1}, "l2"), ({"l2": float("nan")}, "l2"), ({"steps": 0}, "steps"), ({"steps": 2.5}, "steps"),
])
def test_fit_rejects_bad_parameters(kwargs, message):
    with pytest.raises(ValueError, match=message):
        fit_logistic([[0.0], [1.0]], [0, 1], **kwargs)


def test_a_repeated_feature_without_l2_is_reported():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
    with pytest.raises(ValueError, match="singular"):
        fit_logistic(X, [0, 1, 0, 1], l2=0)
    assert fit_logistic(X, [0, 1, 0, 1], l2=0.1).converged        # a penalty resolves it


# --- From games to data. ---

def test_dataset_keeps_the_positions_of_decided_games_only():
    first = lambda game, state: game.actions(state)[0]
    evaluation = tictactoe_eval()
    won = play(TicTacToe(), [first, first])                                  # X wins in 7 moves
    drawn = play(TicTacToe(), [agents.solver(), agents.solver()])            # a draw
    unfinished = play(TicTacToe(), [first, first], max_moves=3)
    lost = GameRecord(("a", "b"), won.moves, won.states, (-1, 1), 1)         # the same game, O "won"
    X, y = dataset([won, drawn, unfinished, lost], evaluation)
    assert X.shape == (14, 4) and y.tolist() == [1] * 7 + [0] * 7
    assert X[3].tolist() == list(evaluation.values(won.states[3], MAX))
    assert not any(TicTacToe().is_terminal(s) for s in won.states[:-1])


def test_dataset_of_no_decided_games_is_empty_with_the_right_width():
    drawn = play(TicTacToe(), [agents.solver(), agents.solver()])
    X, y = dataset([drawn], tictactoe_eval())
    assert X.shape == (0, 4) and y.shape == (0,)
    with pytest.raises(ValueError, match="linear evaluation"):
        dataset([drawn], lambda s, p: 0)


def test_self_play_takes_one_agent_or_a_pair():
    one = self_play(TicTacToe(), agents.random(seed=1), games=6, seed=2, progress=False)
    two = self_play(TicTacToe(), (agents.random(seed=1), agents.solver()), games=6, seed=2, progress=False)
    assert len(one) == len(two) == 6 and all(r.finished for r in one + two)
    assert two[0].agents == ("random(seed=1)", "solver") and two[1].agents == ("solver", "random(seed=1)")
    with pytest.raises(ValueError, match="one agent or a pair"):
        self_play(TicTacToe(), [agents.random()] * 3, games=2)


# --- Back to an evaluation. ---

def test_scaled_evaluation_keeps_the_ratios_and_respects_the_bound():
    X, _ = synthetic([1.0, 1.0], 0.0, 100, seed=5)
    e = Linear({"a": lambda s, p: s[0], "b": lambda s, p: s[1]}, [1, 1])
    scaled = scaled_evaluation(e, [3.0, -1.5], X, bound=0.4)
    w = scaled.weights
    assert w["a"] / w["b"] == pytest.approx(-2) and w["a"] > 0
    values = [scaled(tuple(row), MAX) for row in X]
    assert max(abs(v) for v in values) == pytest.approx(0.4)
    with pytest.raises(ValueError, match="bound"):
        scaled_evaluation(e, [1.0, 1.0], X, bound=1.0)
    with pytest.raises(ValueError, match="value 0"):
        scaled_evaluation(e, [0.0, 0.0], X)
    with pytest.raises(ValueError, match="3 weights for 2 features"):
        scaled_evaluation(e, [1.0, 1.0, 1.0], X)


# --- The whole pipeline on Connect Four. ---

def test_learned_connect4_weights_predict_held_out_outcomes_better_than_chance():
    evaluation = connect4_eval(C4)
    learned = learn_weights(C4, evaluation, games=150, depth=1, seed=1, progress=False)
    # Held-out games: other seeds and noisier play than in training.
    player = agents.epsilon_greedy(agents.alphabeta(1, evaluation), 0.3, seed=99)
    X, y = dataset(self_play(C4, player, games=100, seed=123, progress=False), learned)
    values = np.array([learned.weights[name] for name in learned.names]) @ X.T
    assert 0.3 < y.mean() < 0.8                   # both outcomes are common, so AUC is meaningful
    assert auc(values, y) > 0.55
    assert auc(-values, y) < 0.45                 # and the sign is the right way round
    assert max(abs(v) for v in values) < 0.6      # the values stay well inside the utilities ±1


def test_learning_is_reproducible_from_its_seed():
    evaluation = connect4_eval(C4)
    runs = [learn_weights(C4, evaluation, games=40, depth=1, seed=s, progress=False).weights for s in (7, 7, 8)]
    assert runs[0] == runs[1] and runs[0] != runs[2]


def test_learning_keeps_the_features_and_sets_new_weights():
    game = ConnectFour(5, 4)
    evaluation = connect4_eval(game)
    learned = learn_weights(game, evaluation, games=40, depth=1, seed=2, progress=False)
    assert learned.names == evaluation.names and learned.features == evaluation.features
    assert learned.weights != evaluation.weights
    assert all(math.isfinite(w) for w in learned.weights.values())


def test_training_reports_what_it_did():
    game = ConnectFour(5, 4)
    run = train(game, connect4_eval(game), games=30, depth=1, seed=4, progress=False)
    assert run.games == 30 and 0 <= run.draws < 30
    assert run.positions > 30 and run.fit.converged and run.scale > 0
    assert np.allclose([run.evaluation.weights[n] for n in run.evaluation.names], run.fit.weights * run.scale)
    numbers = run.as_dict()
    assert numbers["settings"]["seed"] == 4 and set(numbers["seconds"]) == {"self_play", "fit"}
    assert learn_weights(game, connect4_eval(game), games=30, depth=1, seed=4, progress=False).weights \
        == run.evaluation.weights


@pytest.mark.parametrize("kwargs, message", [
    ({"games": 0}, "games"), ({"epsilon": 2}, "epsilon"), ({"depth": -1}, "depth"),
    ({"l2": -0.5}, "l2"), ({"bound": 1.5}, "bound"), ({"openings": -2}, "openings"),
])
def test_training_rejects_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        train(C4, connect4_eval(C4), **{"games": 10, **kwargs})
