"""Random openings: where the games of a match start, so that deterministic agents do not play one game over and over.

:func:`random_opening` gives the state after a number of uniformly random
moves (chance outcomes drawn by their probabilities) that has not ended the
game; :func:`opening_moves` the moves of the same draw, which a contest sends
to agents in other processes.
"""

from __future__ import annotations

from ..game import CHANCE
from .. import validation
from .playing import chance_move


def random_opening(game, plies, rng, state=None, tries=1000):
    """A state reached by ``plies`` uniformly random moves, in which the game is not over.

    An opening that ends the game (on its last ply or before) is thrown away
    and another drawn, up to ``tries`` times.

    Parameters
    ----------
    game : Game
    plies : int
        The number of random moves (chance outcomes count as plies, drawn by
        their probabilities).
    rng : random.Random
        The source of randomness.
    state : optional
        Where the opening starts; ``game.initial_state`` when None.
    tries : int
        How many openings to draw before giving up.

    Raises
    ------
    ValueError
        A negative ``plies``, or ``tries`` openings in a row all ended the game.

    Examples
    --------
    >>> import random
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> s = random_opening(game, 2, random.Random(0))
    >>> print(game.render(s))
    . . .
    . . .
    X O .
    >>> random_opening(game, 9, random.Random(0))     # 9 plies always end tic-tac-toe
    Traceback (most recent call last):
    ...
    ValueError: 1000 random openings of 9 plies all ended the game; use fewer plies
    """
    return _opening(game, plies, rng, state, tries)[1]


def opening_moves(game, plies, rng, state=None, tries=1000) -> tuple:
    """The moves of :func:`random_opening` (the same draw from the same ``rng``), rather than the state.

    A contest sends these to agents in other processes, which replay them.

    >>> import random
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> moves = opening_moves(game, 2, random.Random(0))
    >>> moves                      # squares 0..8, row by row: X on 6, O on 7, as random_opening drew
    (6, 7)
    >>> game.result(game.result(game.initial_state, moves[0]), moves[1]) == random_opening(game, 2, random.Random(0))
    True
    """
    return _opening(game, plies, rng, state, tries)[0]


def _opening(game, plies, rng, state, tries) -> tuple:
    """(moves, state) of a random opening: see :func:`random_opening`."""
    validation.whole_number("plies", plies, least=0)
    start = game.initial_state if state is None else state
    for _ in range(tries):
        state, moves = start, []
        for _ in range(plies):
            if game.is_terminal(state):
                break
            if game.to_move(state) == CHANCE:
                move = chance_move(game, state, rng)
            else:
                move = rng.choice(list(game.actions(state)))
            state = game.result(state, move)
            moves.append(move)
        if not game.is_terminal(state):
            return tuple(moves), state
    raise ValueError(f"{tries} random openings of {plies} plies all ended the game; use fewer plies")


