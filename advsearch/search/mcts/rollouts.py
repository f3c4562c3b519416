"""Rollouts: what a Monte Carlo search learns a state is worth, as a payoff vector.

A rollout is any function ``rollout(game, state, rng) -> payoffs`` that
returns one payoff per player.  The lecture's is :func:`playout`, a game of
uniformly random moves to the end; :func:`evaluation_rollout` scores the
state with an evaluation function instead, without playing on.
"""

from __future__ import annotations

import math
import random

from ...game import CHANCE, GameError
from ..base import chance_outcomes, declared_range, describe, payoffs


#: The most plies a playout may take before :func:`playout` gives up (``max_playout=`` changes it).
PLAYOUT_LIMIT = 10_000


def sample(outcomes, rng):
    """An outcome drawn with its probability from ``[(outcome, p), ...]``."""
    x = rng.random()
    for outcome, p in outcomes:
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1][0]              # rounding: the probabilities summed to a little under 1


def final_payoffs(game, state) -> tuple:
    """The payoff vector of a terminal state, checked to be a number for each player."""
    vector = tuple(game.utility(state, p) for p in range(game.num_players))
    return payoffs(vector, f"{game!r}.utility", state, game.num_players)


def playout(game, state, rng, limit=PLAYOUT_LIMIT) -> tuple:
    """Play uniformly random moves (and chance outcomes by their odds) to the end; the payoff vector.

    A game whose random play may never end would hang here, so after
    ``limit`` plies without reaching a terminal state it raises a GameError.

    >>> import random
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> playout(game, game.state("XX./OO./X.."), random.Random(1)) in {(1, -1), (-1, 1), (0, 0)}
    True
    """
    to_move, actions, result, is_terminal = game.to_move, game.actions, game.result, game.is_terminal
    choice, start = rng.choice, state
    for _ in range(limit):
        if is_terminal(state):
            return final_payoffs(game, state)
        if to_move(state) == CHANCE:
            state = result(state, sample(chance_outcomes(game, state), rng))
        else:
            state = result(state, choice(actions(state)))
    if is_terminal(state):
        return final_payoffs(game, state)
    raise GameError(
        f"a random playout from {start!r:.200} went {limit:,} plies without reaching a terminal state of "
        f"{game!r}. Monte Carlo search needs games that end: give the game a move limit, or, if its games "
        "are only long, pass max_playout= a larger number of plies"
    )


def random_rollout(max_playout=PLAYOUT_LIMIT):
    """The default rollout: a :func:`playout` of at most ``max_playout`` plies."""

    def rollout(game, state, rng):
        return playout(game, state, rng, max_playout)

    rollout.__name__ = rollout.__qualname__ = "random playout"
    return rollout


def evaluation_rollout(evaluate):
    """A rollout that scores the state with ``evaluate(state, player)`` for every player, playing no moves.

    MCTS then backs up the evaluation where it would back up a random game's
    payoffs (as AlphaZero backs up its network's value).  The evaluation
    should lie within the payoffs' bounds, which scale UCB1's means.

    >>> from advsearch import TicTacToe, evaluation
    >>> game = TicTacToe()
    >>> rollout = evaluation_rollout(evaluation.tictactoe_eval())
    >>> rollout(game, game.state("XX./O../..."), None)           # X threatens a row: good for X
    (0.17, -0.17)
    """
    if not callable(evaluate):
        raise TypeError(f"evaluate must be a function evaluate(state, player) -> number, not {evaluate!r}")

    def rollout(game, state, rng):
        return tuple(evaluate(state, p) for p in range(game.num_players))

    rollout.__name__ = rollout.__qualname__ = f"evaluation by {describe(evaluate)}"
    return rollout


def rng_of(seed) -> random.Random:
    """``seed`` if it is a ``random.Random``, else a new one seeded with it."""
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def bounds_of(game, bounds):
    """(low, high) of every payoff, or None when unknown (then UCT scales by the payoffs seen so far)."""
    if bounds is None:
        bounds = declared_range(game)
        if bounds is None or not all(math.isfinite(x) for x in bounds):
            return None
    try:
        low, high = (float(x) for x in bounds)
    except (TypeError, ValueError):
        raise ValueError(f"bounds must be (low, high), two numbers, not {bounds!r}") from None
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise ValueError(f"bounds must be finite with low < high, not {bounds!r}")
    return low, high
