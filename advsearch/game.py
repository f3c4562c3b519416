"""The game protocol: the lecture's formal definition of a game, in Python.

A game is a stateless object that holds its parameters; a state is immutable and
hashable.  The methods are the lecture's definition, one for one:

==================  ==========================================
lecture             protocol
==================  ==========================================
S0                  ``game.initial_state``
Player(s)           ``game.to_move(state)`` -> 0..n-1 or ``CHANCE``
Actions(s)          ``game.actions(state)`` -> sequence, fixed order
Result(s, a)        ``game.result(state, action)`` -> new state
TerminalTest(s)     ``game.is_terminal(state)``
Utility(s, p)       ``game.utility(state, player)``
chance outcomes     ``game.chance_outcomes(state)``
==================  ==========================================

Examples
--------
A game needs only these methods.  Here is a one-move game in which MAX picks
a number and gets it as utility:

>>> class PickOne(Game):
...     initial_state = ()
...     def to_move(self, state): return MAX
...     def actions(self, state): return () if state else (1, 2, 3)
...     def result(self, state, action): return state + (action,)
...     def is_terminal(self, state): return bool(state)
...     def utility(self, state, player):
...         return state[0] if player == MAX else -state[0]
>>> from advsearch import minimax
>>> minimax(PickOne()).move
3
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

from .errors import GameError

__all__ = [
    "MAX",
    "MIN",
    "CHANCE",
    "Game",
    "GameView",
    "HOOKS",
    "UNBOUNDED",
    "declared_range",
    "GameError",
    "IllegalMoveError",
    "InvalidTreeError",
    "player_name",
]

#: Player 0 is MAX; in a two-player game MAX moves first unless the game says otherwise.
MAX = 0
#: Player 1 is MIN.
MIN = 1
#: ``to_move`` returns CHANCE at a state where nature draws an outcome.
CHANCE = -1


class IllegalMoveError(GameError, ValueError):
    """An action is not legal in the state it was applied to."""


class InvalidTreeError(GameError, ValueError):
    """An explicit game tree is malformed; the message names the path to the bad part."""


def player_name(player: int, num_players: int = 2) -> str:
    """The lecture's name for a player: MAX, MIN, CHANCE, or P0, P1, ... when n > 2.

    >>> player_name(MAX), player_name(MIN), player_name(CHANCE), player_name(2, 3)
    ('MAX', 'MIN', 'CHANCE', 'P2')
    """
    if player == CHANCE:
        return "CHANCE"
    if num_players == 2:
        return "MAX" if player == MAX else "MIN"
    return f"P{player}"


class Game:
    """Base class for games.  Subclasses fill in the methods below.

    Nothing here keeps state between calls: every method is a pure function
    of its arguments, so one game object can serve many searches at once.
    """

    #: S0, the state the game starts in.
    initial_state: Hashable = None
    #: How many players take turns; two unless the game says otherwise.
    num_players: int = 2
    #: The least and greatest utility a terminal state can have for a player.
    #: Exact searches use it as their first window (a win cannot be beaten),
    #: Star1/Star2 and MCTS's solver need it finite, and max-n's shallow
    #: pruning reads it as every payoff's bounds; games whose payoffs are
    #: bounded should say so, e.g. ``(-1, 1)``.
    utility_range: tuple = (-float("inf"), float("inf"))

    def to_move(self, state) -> int:
        """Player(s): the index of the player to move in ``state``, or CHANCE."""
        raise NotImplementedError

    def actions(self, state) -> Sequence[Any]:
        """Actions(s): the legal actions in ``state``, in a fixed, documented order."""
        raise NotImplementedError

    def result(self, state, action):
        """Result(s, a): the state after ``action``; never mutates ``state``.

        Raises IllegalMoveError if ``action`` is not legal in ``state``.
        """
        raise NotImplementedError

    def is_terminal(self, state) -> bool:
        """TerminalTest(s): whether the game is over in ``state``."""
        raise NotImplementedError

    def utility(self, state, player: int) -> float:
        """Utility(s, p): the payoff of a terminal ``state`` for ``player``."""
        raise NotImplementedError

    def chance_outcomes(self, state) -> list[tuple[Any, float]]:
        """The outcomes of a CHANCE state with their probabilities, summing to 1."""
        raise GameError(f"{type(self).__name__} has no chance nodes (state {state!r})")

    def render(self, state) -> str:
        """A plain-text picture of ``state``; games override this."""
        return repr(state)

    # --- Optional hooks.  A game may define any of these; the searches, the
    # drawings and the arena look for them and do without when they are None.
    # They never change what a search returns, only how fast or how readably.

    #: ``label(state) -> str or None``: a state's name in drawings, traces and
    #: narration ("B"); explicit trees name their nodes this way.
    label = None
    #: ``draw_state(state, ax)``: draws ``state`` on a matplotlib Axes, for
    #: boards in drawings, the play widget and the CLI's pictures.
    draw_state = None
    #: ``move_order(state, actions) -> list``: the actions, most promising
    #: first (a permutation).  :func:`~advsearch.solve` and the CLI's agents
    #: search in this order; alphabeta takes it when given as ``order=``.
    move_order = None
    #: ``canonical(state) -> state``: one representative of the states equal
    #: under the game's symmetries, so a transposition table shares entries.
    canonical = None
    #: ``table_key(state) -> hashable``: a compact key for the transposition
    #: table of :func:`~advsearch.solve` (wins over ``canonical``).
    table_key = None
    #: ``winning_action(state) -> action or None``: a move that wins at once,
    #: which :func:`~advsearch.solve` plays without searching.
    winning_action = None
    #: ``safe_actions(state) -> list or None``: the moves that do not lose at
    #: once; None when the game cannot tell.  Used by :func:`~advsearch.solve`.
    safe_actions = None
    #: ``value_bounds(state) -> (low, high)``: bounds on the value of a
    #: state, tighter than ``utility_range``, for :func:`~advsearch.solve`.
    value_bounds = None
    #: ``noisy_actions(state) -> sequence``: the moves quiescence search
    #: follows past the depth limit (captures, in chess).
    noisy_actions = None
    #: ``actions_for(state, player)`` and ``result_for(state, player, action)``:
    #: the moves a player *other* than the one to move could make now, for
    #: best-reply search, which lets one opponent move out of turn.
    actions_for = None
    result_for = None
    #: For games of more than two players: the greatest sum of all players'
    #: payoffs at a leaf (with ``utility_range``, it licenses max-n's shallow
    #: pruning).  None when the sum is not bounded.
    max_sum = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


#: The utility range of a game that declares none.
UNBOUNDED = Game.utility_range


def declared_range(game):
    """``game.utility_range`` when the game declares a bounded one, else None.

    A :class:`GameView` has the range of the game it wraps.

    >>> from advsearch import TicTacToe, tree
    >>> declared_range(TicTacToe()), declared_range(tree([1, 2]))
    ((-1, 1), None)
    """
    own = getattr(game, "utility_range", None)
    if own is not None and own != UNBOUNDED:
        return own
    return None


#: The optional hooks a game may define (see :class:`Game`).
HOOKS = ("label", "draw_state", "move_order", "canonical", "table_key", "winning_action", "safe_actions",
         "value_bounds", "noisy_actions", "actions_for", "result_for", "max_sum")


class GameView(Game):
    """A game seen through another (a recording, a two-player view, a random opponent).

    The view keeps the wrapped game as ``self.game``, passes on the hooks
    named in ``passes_on`` (all of :data:`HOOKS` unless the view says
    otherwise, because its states are the game's own), and any other
    attribute the game has, such as its parameters.

    >>> from advsearch import tree
    >>> t = tree([("B", [3, 12]), 2])
    >>> view = GameView(t)
    >>> view.label(t.node((0,))), view.height
    ('B', 2)
    """

    #: The hooks passed on from the wrapped game.
    passes_on = HOOKS

    def __init__(self, game):
        self.game = game
        self.utility_range = declared_range(game) or UNBOUNDED
        for name in self.passes_on:
            if getattr(type(self), name, None) is None:      # the view has no rule of its own
                setattr(self, name, getattr(game, name, None))

    def __getattr__(self, name):
        if name == "game":          # not set yet (while unpickling)
            raise AttributeError(name)
        return getattr(self.game, name)
