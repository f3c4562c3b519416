"""Learning the weights of a linear evaluation from the outcomes of self-play.

A linear evaluation Eval(s) = w·f(s) (:class:`advsearch.evaluation.Linear`)
ranks positions by how good they look for MAX.  Logistic regression turns
that into a prediction of who wins,

    P(MAX wins | s) = σ(w·f(s) + b),    σ(z) = 1 / (1 + e^-z),

and fits ``w`` to positions whose outcome is known: those of games the
program plays against itself.  The pipeline, one function per step:

1. :func:`self_play` plays games between cheap agents, from random openings
   and with some random moves, so that the positions vary;
2. :func:`dataset` records every position of every decided game, as the
   evaluation's feature vector ``f(s)`` (:meth:`Linear.values`) and the
   label 1 if MAX went on to win, 0 if MIN did;
3. :func:`fit_logistic` fits ``w`` and ``b`` by Newton's method with an L2
   penalty;
4. :func:`scaled_evaluation` drops ``b`` and scales ``w`` so that the values
   stay inside the utilities ±1 (see its notes).

:func:`train` runs all four and reports what it did; :func:`learn_weights`
returns just the learned evaluation.  Randomness goes through the seed that
is passed in, so a run can be repeated exactly.

Does it help?  ``notebooks/experiments/learn_connect4.py`` learns the four
weights of :func:`~advsearch.evaluation.connect4_eval` from 2,000 self-play
games on the 7x6 board and plays them against the hand-set weights, 1,000
games per search depth (its results are in ``learn_connect4.json``).  The
learned weights keep the hand-set order (threats, then threes, centre, twos)
with more weight on the centre and on threes; they scored 48.0% at depth 2,
54.4% at depth 3 (95% interval 51.3% to 57.4%) and 50.5% at depth 4, and
ranked held-out positions no better (AUC 0.609 against 0.612).  With four
features and sensible hand-set weights there is little left to learn.

Examples
--------
>>> from advsearch import ConnectFour
>>> from advsearch.evaluation import connect4_eval
>>> game = ConnectFour()
>>> learned = learn_weights(game, connect4_eval(game), games=60, depth=1, seed=1, progress=False)
>>> learned.names
('centre', 'twos', 'threes', 'threats')
>>> learned.weights["threats"] > 0
True
"""

from __future__ import annotations

import math
import numbers
import random
import time
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from . import agents as _agents, validation
from .arena import match
from .evaluation import Linear
from .game import MAX

__all__ = ["self_play", "dataset", "LogisticFit", "fit_logistic", "scaled_evaluation", "Training", "train",
           "learn_weights"]


# --- 1. Games. ---

def self_play(game, agents, games, seed=None, openings=2, progress=True) -> list:
    """Play ``games`` games between ``agents`` from random openings, for training data.

    The games are those of :func:`advsearch.arena.match`: pairs of games from
    a random opening of ``openings`` plies, colours swapped.  Deterministic
    agents would repeat themselves, so give them some randomness of their own
    (:func:`advsearch.agents.epsilon_greedy`).

    Parameters
    ----------
    game : Game
        A two-player game.
    agents : callable or pair of callables
        One agent that plays both sides, or the two agents of a match.
    games : int
        How many games, at least 1.
    seed : optional
        Seeds the openings (the agents' own randomness is seeded by them).
    openings : int
        Random plies before the agents take over.
    progress : bool
        Show a progress bar (if tqdm is installed) when it takes over a second.

    Returns
    -------
    list of GameRecord

    Examples
    --------
    >>> from advsearch import TicTacToe, agents
    >>> records = self_play(TicTacToe(), agents.random(seed=0), games=4, seed=0, progress=False)
    >>> len(records), all(r.finished for r in records)
    (4, True)
    """
    if callable(agents):
        a = b = agents
    else:
        try:
            a, b = agents
        except (TypeError, ValueError):
            raise ValueError(f"self_play needs one agent or a pair of agents, not {agents!r}") from None
    return list(match(game, a, b, games=games, openings=openings, seed=seed, progress=progress).records)


# --- 2. Positions and outcomes. ---

def dataset(records, evaluation) -> tuple:
    """The positions of decided games as features ``X`` and outcomes ``y``, for :func:`fit_logistic`.

    Every non-terminal state of a game that someone won gives one row of
    ``X``, ``evaluation.values(state, MAX)``, and one label, 1 if MAX won that
    game and 0 if MIN did.  Terminal states are left out (a search scores them
    with Utility, not Eval).  Drawn and unfinished games are left out too:
    the model predicts P(MAX wins) among decided games.  In Connect Four
    between the cheap agents of :func:`train` under a tenth of the games are
    drawn (168 of 2,000 in ``notebooks/experiments/learn_connect4.py``).

    Parameters
    ----------
    records : iterable of GameRecord
        Games of a two-player game, as :func:`self_play` returns them.
    evaluation : Linear
        Anything with ``values(state, player) -> tuple of numbers``.

    Returns
    -------
    X : numpy.ndarray, shape (n, k)
        The feature vectors, from MAX's point of view.
    y : numpy.ndarray of int, shape (n,)

    Examples
    --------
    >>> from advsearch import TicTacToe
    >>> from advsearch.arena import play
    >>> from advsearch.evaluation import tictactoe_eval
    >>> game = TicTacToe()
    >>> first = lambda game, state: game.actions(state)[0]
    >>> X, y = dataset([play(game, [first, first])], tictactoe_eval())
    >>> X.shape, y.tolist()            # 7 moves: 7 positions before the win, won by X
    ((7, 4), [1, 1, 1, 1, 1, 1, 1])
    """
    values = getattr(evaluation, "values", None)
    if not callable(values):
        raise ValueError(f"dataset needs a linear evaluation with values(state, player), not {evaluation!r}")
    rows, labels = [], []
    for record in records:
        if record.winner is None:
            continue
        label = 1 if record.winner == MAX else 0
        for state in record.states[:-1]:
            rows.append(values(state, MAX))
            labels.append(label)
    k = len(evaluation)
    return np.array(rows, dtype=float).reshape(-1, k), np.array(labels, dtype=int)


# --- 3. Logistic regression. ---

class LogisticFit(NamedTuple):
    """The result of :func:`fit_logistic`: P(y = 1 | x) = σ(weights·x + bias)."""

    weights: np.ndarray
    bias: float
    loss: float
    iterations: int
    converged: bool

    def probability(self, X) -> np.ndarray:
        """P(y = 1) for each row of ``X``."""
        return _sigmoid(np.asarray(X, dtype=float) @ self.weights + self.bias)


def _sigmoid(z):
    return 0.5 * (1 + np.tanh(z / 2))         # = 1 / (1 + e^-z), without overflow


def _objective(A, y, theta, l2):
    """Mean log loss of σ(A·theta) against y, plus (l2 / 2)·|w|² (the bias, last, is not penalised)."""
    z = A @ theta
    log_loss = np.mean(np.logaddexp(0, z) - y * z)     # -[y log p + (1 - y) log(1 - p)]
    return log_loss + l2 / 2 * theta[:-1] @ theta[:-1]


def fit_logistic(X, y, l2=1e-3, steps=50, tol=1e-9) -> LogisticFit:
    """Fit a logistic regression P(y = 1 | x) = σ(w·x + b) by Newton's method.

    Minimises the mean log loss plus an L2 penalty on the weights (not on the
    bias ``b``),

        J(w, b) = -(1/n) Σ [y log p + (1 - y) log(1 - p)] + (l2 / 2) ‖w‖²,

    whose gradient is Aᵀ(p - y) / n + l2·w and whose Hessian is
    Aᵀ diag(p(1 - p)) A / n + l2·I, where A is X with a column of ones for
    ``b``.  Each step solves H·Δ = g and moves to θ - Δ, halving the step
    while it would increase J.  J is convex, so this converges to the
    minimum, usually in under ten steps.

    Parameters
    ----------
    X : array_like, shape (n, k)
        The feature vectors, one row per example.
    y : array_like, shape (n,)
        The labels, each 0 or 1; both must occur.
    l2 : float
        The penalty, >= 0.  A little (the default) keeps the weights finite
        when some feature separates the labels perfectly.
    steps : int
        The most Newton steps.
    tol : float
        Stop when no parameter moves by more than this.

    Returns
    -------
    LogisticFit
        ``weights`` (length k), ``bias``, the final ``loss`` J, the number of
        ``iterations`` and whether it ``converged`` within ``steps``.

    Raises
    ------
    ValueError
        ``X`` is not a non-empty 2-D array of finite numbers, ``y`` does not
        have one label of 0 or 1 per row or holds only one of them, or ``l2``
        or ``steps`` is bad.

    Notes
    -----
    Each step costs O(n·k²) for the Hessian plus O(k³) to solve.  Newton's
    method for logistic regression is the "iteratively reweighted least
    squares" of Hastie, Tibshirani & Friedman, *The Elements of Statistical
    Learning*, 2nd ed., section 4.4.1.

    Examples
    --------
    >>> fit = fit_logistic([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1], l2=0)
    >>> round(float(fit.weights[0]), 3), round(fit.bias, 3), fit.converged
    (0.908, -1.362, True)
    >>> fit_logistic([[0.0], [1.0]], [0, 2])
    Traceback (most recent call last):
    ...
    ValueError: labels must be 0 or 1, not 2
    """
    X, y = _check_data(X, y)
    l2 = _check_number("l2", l2)
    validation.count("steps", steps)
    n, k = X.shape
    A = np.hstack([X, np.ones((n, 1))])            # the last parameter is the bias
    theta = np.zeros(k + 1)
    penalty = np.diag([l2] * k + [0.0])
    J = _objective(A, y, theta, l2)
    for iteration in range(1, steps + 1):
        p = _sigmoid(A @ theta)
        gradient = A.T @ (p - y) / n + penalty @ theta
        hessian = (A * (p * (1 - p))[:, None]).T @ A / n + penalty
        try:
            delta = np.linalg.solve(hessian, gradient)
        except np.linalg.LinAlgError:
            raise ValueError("the Hessian is singular: some features are constant or repeat others; "
                             "use l2 > 0 or drop them") from None
        while _objective(A, y, theta - delta, l2) > J and np.abs(delta).max() > tol:
            delta = delta / 2                          # backtrack: never let J go up
        theta = theta - delta
        J = _objective(A, y, theta, l2)
        if np.abs(delta).max() <= tol:
            return LogisticFit(theta[:-1], float(theta[-1]), float(J), iteration, True)
    return LogisticFit(theta[:-1], float(theta[-1]), float(J), steps, False)


def _check_data(X, y):
    try:
        X = np.asarray(X, dtype=float)
        y_raw = np.asarray(y, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("X and y must be arrays of numbers") from None
    if X.ndim != 2 or X.shape[0] == 0 or X.shape[1] == 0:
        raise ValueError(f"X must be a 2-D array with at least one row and one column, not shape {X.shape}")
    if y_raw.ndim != 1 or len(y_raw) != len(X):
        raise ValueError(f"y must hold one label per row of X: X has {len(X)} rows, y has shape {y_raw.shape}")
    if not np.isfinite(X).all():
        raise ValueError("X holds NaN or infinite values")
    bad = y_raw[(y_raw != 0) & (y_raw != 1)]
    if len(bad):
        raise ValueError(f"labels must be 0 or 1, not {_plain(bad[0])}")
    if y_raw.min() == y_raw.max():
        raise ValueError(f"every label is {int(y_raw[0])}: logistic regression needs examples of both 0 and 1")
    return X, y_raw


def _plain(x):
    """A float that is a whole number as an int, for messages."""
    return int(x) if math.isfinite(x) and x == int(x) else float(x)


def _check_number(name, x, minimum=0.0):
    return validation.real_number(name, x, least=minimum)


# --- 4. Back to an evaluation function. ---

def scaled_evaluation(evaluation, weights, X, bound=0.45):
    """``evaluation`` with ``weights`` scaled so that its values on ``X`` stay within ±``bound``.

    Parameters
    ----------
    evaluation : Linear
        Gives the features (and their names); its own weights are replaced.
    weights : array_like
        New weights, one per feature, e.g. ``fit_logistic(X, y).weights``.
    X : array_like, shape (n, k)
        Feature vectors of typical positions (the training positions).
    bound : float
        The largest absolute value over ``X`` after scaling, between 0 and 1.

    Returns
    -------
    Linear

    Notes
    -----
    Logistic weights predict log-odds, which can be large; a search scores
    wins and losses ±1, and an evaluation must stay strictly inside that
    range (see :mod:`advsearch.evaluation`).  Multiplying every weight by the
    same positive number changes no comparison between two evaluated
    positions, so scaling keeps what was learned and only makes the values
    small: the largest absolute value of w·f(s) over ``X`` becomes ``bound``.  Positions
    outside ``X`` may go a little further, but the features are bounded
    counts, so they stay far from ±1 in practice.  The bias ``b`` is a
    constant (the advantage of moving first), not a term of Eval, and is not
    used: under the zero-sum convention Eval(s) for MIN is -Eval(s) for MAX.

    Examples
    --------
    >>> from advsearch.evaluation import Linear
    >>> e = Linear({"a": lambda s, p: s[0], "b": lambda s, p: s[1]}, [1, 1])
    >>> scaled_evaluation(e, [2.0, -1.0], [[1, 0], [0, 3], [2, 1]], bound=0.3)   # values 2, -3, 3
    Linear(0.2·a - 0.1·b)
    """
    weights = np.asarray(weights, dtype=float)
    if weights.shape != (len(evaluation),):
        raise ValueError(f"{weights.size} weights for {len(evaluation)} features")
    return evaluation.with_weights([float(w) for w in weights * _scale_factor(weights, X, bound)])


def _scale_factor(weights, X, bound) -> float:
    """The positive factor that brings the largest |weights·x| over the rows x of ``X`` to ``bound``."""
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or X.shape[1] != len(weights) or len(X) == 0:
        raise ValueError(f"X must have one column per feature ({len(weights)}) and at least one row")
    _check_bound(bound)
    largest = np.abs(X @ weights).max()
    if not math.isfinite(largest) or largest == 0:
        raise ValueError("these weights give every position in X the value 0 (or not a number), "
                         "so there is nothing to scale")
    return float(bound / largest)


def _check_bound(bound):
    if isinstance(bound, bool) or not isinstance(bound, numbers.Real) or not 0 < bound < 1:
        raise ValueError(f"bound must be between 0 and 1 (the utilities of a loss and a win), not {bound!r}")


# --- All four. ---

@dataclass(frozen=True)
class Training:
    """What :func:`train` did: the learned evaluation, the fit, and the numbers behind them.

    Attributes
    ----------
    evaluation : Linear
        The learned evaluation (the scaled weights).
    fit : LogisticFit
        The logistic regression, before scaling: log-odds weights and bias.
    scale : float
        The factor from the logistic weights to the evaluation's weights.
    games, draws, positions : int
        Self-play games, how many were drawn (and left out), and the
        positions fitted.
    settings : dict
        The arguments of :func:`train`.
    seconds : dict
        Wall-clock time of ``"self_play"`` and ``"fit"``.
    """

    evaluation: Linear
    fit: LogisticFit
    scale: float
    games: int
    draws: int
    positions: int
    settings: dict
    seconds: dict

    def as_dict(self) -> dict:
        """The numbers, as plain Python values (for JSON)."""
        names = self.evaluation.names
        return {"weights": self.evaluation.weights,
                "logistic": {"weights": dict(zip(names, map(float, self.fit.weights))), "bias": self.fit.bias,
                             "loss": self.fit.loss, "iterations": self.fit.iterations,
                             "converged": self.fit.converged},
                "scale": self.scale, "games": self.games, "draws": self.draws, "positions": self.positions,
                "settings": self.settings, "seconds": self.seconds}


def train(game, evaluation, games=500, seed=None, depth=2, epsilon=0.1, openings=2,
          l2=1e-3, bound=0.45, progress=True) -> Training:
    """Learn the weights of ``evaluation`` by logistic regression on self-play outcomes.

    Self-play: one agent plays both sides, an alpha-beta search to ``depth``
    with ``evaluation`` itself (the weights it has now), ordered by the game's
    ``move_order`` hint when it has one, that plays a random move instead
    with probability ``epsilon``.  Each pair of games starts from a random
    opening of ``openings`` plies.  Then :func:`dataset`, :func:`fit_logistic`
    and :func:`scaled_evaluation`.

    Parameters
    ----------
    game : Game
        A two-player game.
    evaluation : Linear
        The features to weight; its weights drive the self-play agent.
    games : int
        Self-play games.
    seed : optional
        Seeds everything random (openings and the agent's random moves).
    depth, epsilon, openings
        The self-play agent, as above.
    l2 : float
        The L2 penalty of :func:`fit_logistic`.
    bound : float
        The largest absolute value on the training positions (:func:`scaled_evaluation`).
    progress : bool
        Show a progress bar during self-play (if tqdm is installed).

    Returns
    -------
    Training
        The learned evaluation (``.evaluation``) with the fit, the counts
        and the timings; :func:`learn_weights` returns just the evaluation.

    Raises
    ------
    ValueError
        Bad arguments, or self-play that gave nothing to learn from (every
        game drawn, or every game won by the same player).

    Notes
    -----
    Costs ``games`` self-play games (each move a depth-``depth`` search) plus
    a fit of O(n·k²) per Newton step over the n positions.  With the
    Connect Four features, 500 games at depth 2 take a few seconds.  Fitting
    evaluation weights to game outcomes is as old as Samuel's checkers
    player (1959); see Russell & Norvig, *AIMA*, 4th ed., section 5.4.

    Examples
    --------
    >>> from advsearch import ConnectFour
    >>> from advsearch.evaluation import connect4_eval
    >>> game = ConnectFour(5, 4)
    >>> run = train(game, connect4_eval(game), games=40, depth=1, seed=3, progress=False)
    >>> run.games, run.positions > run.games, run.fit.converged
    (40, True, True)
    >>> again = train(game, connect4_eval(game), games=40, depth=1, seed=3, progress=False)
    >>> run.evaluation.weights == again.evaluation.weights          # the same seed, the same weights
    True
    """
    settings = {"games": games, "seed": seed, "depth": depth, "epsilon": epsilon, "openings": openings,
                "l2": l2, "bound": bound}
    _check_number("l2", l2)                   # fail before self-play, not after it
    _check_bound(bound)
    rng = random.Random(seed)
    player = _agents.epsilon_greedy(_agents.alphabeta(depth, evaluation, order=getattr(game, "move_order", None)),
                                    epsilon, seed=rng.getrandbits(32))
    started = time.perf_counter()
    records = self_play(game, player, games, seed=rng.getrandbits(32), openings=openings, progress=progress)
    played = time.perf_counter()
    X, y = dataset(records, evaluation)
    if len(X) == 0:
        raise ValueError(f"all {games} self-play games were drawn, so there is nothing to learn from")
    fit = fit_logistic(X, y, l2=l2)
    learned = scaled_evaluation(evaluation, fit.weights, X, bound=bound)
    fitted = time.perf_counter()
    return Training(learned, fit, _scale_factor(fit.weights, X, bound), len(records), sum(r.winner is None for r in records), len(X),
                    settings, {"self_play": played - started, "fit": fitted - played})


def learn_weights(game, evaluation, games=500, seed=None, depth=2, epsilon=0.1, openings=2,
                  l2=1e-3, bound=0.45, progress=True) -> Linear:
    """``evaluation`` with weights learned from self-play: ``train(...).evaluation`` (see :func:`train`).

    Examples
    --------
    >>> from advsearch import ConnectFour
    >>> from advsearch.evaluation import connect4_eval
    >>> from advsearch import agents
    >>> game = ConnectFour()
    >>> evaluate = learn_weights(game, connect4_eval(game), games=60, depth=1, seed=1, progress=False)
    >>> player = agents.alphabeta(2, evaluate, name="learned")
    >>> player(game, game.initial_state)          # the centre column
    3
    """
    return train(game, evaluation, games=games, seed=seed, depth=depth, epsilon=epsilon, openings=openings,
                 l2=l2, bound=bound, progress=progress).evaluation
