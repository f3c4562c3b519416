"""Flat Monte Carlo: the move whose random games score best, with no tree."""

from __future__ import annotations

import math
import time as _time

from ...game import CHANCE, MAX, GameError
from ...result import SearchResult, Stats
from ... import validation
from ..base import describe, payoffs, root_of
from .rollouts import PLAYOUT_LIMIT, final_payoffs, random_rollout, rng_of


def flat_monte_carlo(game, state=None, *, playouts_per_move=50, seed=None, rollout=None,
                     max_playout=PLAYOUT_LIMIT) -> SearchResult:
    """The move whose random games score best: ``playouts_per_move`` playouts after every legal move.

    Parameters
    ----------
    game : Game
        Any game: two or more players, with or without chance nodes below
        the root.
    state : optional
        The root, a decision node; ``game.initial_state`` when None.
    playouts_per_move : int
        Random games played after each move (the lecture's 50).
    seed : int or random.Random, optional
        Seeds the playouts; the same seed gives the same result.
    rollout : function, optional
        ``rollout(game, state, rng) -> payoffs`` instead of a random playout
        after a move that does not end the game, as in
        :func:`~advsearch.search.mcts.mcts`.
    max_playout : int
        The most plies one playout may take (:data:`PLAYOUT_LIMIT`); a game
        whose random play goes on longer raises a GameError instead of hanging.

    Returns
    -------
    SearchResult
        ``move``: the action with the largest mean payoff for the player to
        move, the first in ``actions()`` order among equals.  ``value``: the
        mean payoffs of that move's playouts, as the value convention says:
        MAX's mean utility for two players, the vector of means for more.
        ``stats.leaves`` and ``stats.playouts`` count the random games,
        ``stats.playouts_per_second`` their speed, ``stats.means`` maps each
        action to its mean payoff for the player to move.

    Notes
    -----
    Time O(b * playouts_per_move * L) for b moves and games of L plies.  It
    looks only one move ahead: every later move is random, so it prefers
    moves that do well against random play, not against a good opponent
    (Browne et al. 2012, section 2.3).

    Examples
    --------
    X to move can win at once in the top row:

    >>> from advsearch import TicTacToe, flat_monte_carlo
    >>> game = TicTacToe()
    >>> r = flat_monte_carlo(game, game.state("XX./OO./..."), playouts_per_move=20, seed=1)
    >>> r.move, r.value, r.stats.playouts
    (2, 1.0, 100)
    """
    state = root_of(game, state, "flat_monte_carlo")
    playouts_per_move = int(validation.budget("playouts_per_move", playouts_per_move, whole=True))
    validation.budget("max_playout", max_playout, whole=True)
    if rollout is not None and not callable(rollout):
        raise TypeError(f"rollout must be a function rollout(game, state, rng) -> payoffs, not {rollout!r}")
    rng = rng_of(seed)
    start = _time.perf_counter()
    if game.is_terminal(state):
        raise ValueError("flat_monte_carlo: the game is already over at the root, so there is no move to choose")
    player = game.to_move(state)
    if player == CHANCE:
        raise ValueError("flat_monte_carlo chooses a move for a player, but the root is a CHANCE node")
    n = game.num_players
    if rollout is None:
        play = random_rollout(max_playout)
    else:
        source = f"the rollout {describe(rollout)}"

        def play(game, state, rng):         # a move that ends the game needs no rollout
            if game.is_terminal(state):
                return final_payoffs(game, state)
            return payoffs(rollout(game, state, rng), source, state, n)

    from ...timeout import watched      # loaded on first search, not by ``import advsearch``

    play = watched(play)        # each playout a checkpoint of a cooperative time limit

    best = best_mean = best_sums = None
    means = {}
    for a in game.actions(state):
        child = game.result(state, a)
        sums = [0.0] * n
        for _ in range(playouts_per_move):
            for p, u in enumerate(play(game, child, rng)):
                sums[p] += u
        means[a] = mean = sums[player] / playouts_per_move
        if best is None or mean > best_mean:
            best, best_mean, best_sums = a, mean, sums
    if best is None:
        raise GameError(f"flat_monte_carlo: no legal actions in the non-terminal state {state!r}")
    seconds = _time.perf_counter() - start
    count = playouts_per_move * len(means)
    vector = tuple(s / playouts_per_move for s in best_sums)
    stats = Stats(nodes=1 + len(means), leaves=count, max_depth=1, seconds=seconds,
                  extra=dict(playouts=count, playouts_per_second=count / seconds if seconds else math.inf,
                             means=means))
    return SearchResult(vector[MAX] if n == 2 else vector, best, (best,), stats, None)
