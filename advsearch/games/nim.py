"""Nim: take any number of objects from one heap; in normal play, taking the last one wins.

State format
    ``NimState(heaps, player)``: ``heaps`` is a tuple of heap sizes in a fixed
    order, ``player`` is MAX (0) or MIN (1), whoever moves next.

Action format
    ``(i, k)``: take ``k >= 1`` objects from heap ``i``.  ``actions()`` lists
    them by heap index, then by increasing ``k``.
"""

from __future__ import annotations

from typing import NamedTuple

from ..game import MAX, MIN, Game, GameError, IllegalMoveError, player_name

__all__ = ["Nim", "NimState"]


class NimState(NamedTuple):
    heaps: tuple
    player: int


def check_first(first) -> int:
    if first not in (MAX, MIN):
        raise ValueError(f"first must be MAX (0) or MIN (1), not {first!r}")
    return first


class Nim(Game):
    """Nim with the given heaps.  With ``misere=True`` taking the last object loses.

    Utility is +1 for the winner and -1 for the loser.  The first player wins
    normal Nim exactly when the XOR of the heap sizes is not 0 (Bouton 1901).

    Examples
    --------
    >>> from advsearch import Nim, minimax
    >>> game = Nim((1, 2))
    >>> game.actions(game.initial_state)
    ((0, 1), (1, 1), (1, 2))
    >>> r = minimax(game)
    >>> r.value, r.move
    (1, (1, 1))
    """

    def __init__(self, heaps=(3, 4, 5), misere=False, first=MAX):
        heaps = tuple(heaps)
        if not heaps or any(isinstance(h, bool) or not isinstance(h, int) or h < 0 for h in heaps):
            raise ValueError(f"heaps must be a non-empty sequence of whole numbers >= 0, not {heaps!r}")
        self.heaps, self.misere, self.first = heaps, bool(misere), check_first(first)
        self.initial_state = NimState(heaps, self.first)

    def to_move(self, state):
        return state.player

    def actions(self, state):
        return tuple((i, k) for i, h in enumerate(state.heaps) for k in range(1, h + 1))

    def result(self, state, action):
        try:
            i, k = action
            ok = 0 <= i < len(state.heaps) and 1 <= k <= state.heaps[i]
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise IllegalMoveError(
                f"{action!r} is not a legal Nim move from heaps {state.heaps}: "
                "an action (i, k) takes 1 <= k <= heaps[i] objects from heap i"
            )
        heaps = state.heaps[:i] + (state.heaps[i] - k,) + state.heaps[i + 1:]
        return NimState(heaps, MIN if state.player == MAX else MAX)

    def is_terminal(self, state):
        return not any(state.heaps)

    def utility(self, state, player):
        if not self.is_terminal(state):
            raise GameError(f"utility of a Nim position that is not over: {state}")
        # The player to move at the end did not take the last object.
        winner = state.player if self.misere else 1 - state.player
        return 1 if player == winner else -1

    def render(self, state):
        rows = [f"heap {i}: {'|' * h or '-'}" for i, h in enumerate(state.heaps)]
        return "\n".join(rows + [f"{player_name(state.player)} to move"])

    def __repr__(self):
        return f"Nim({self.heaps}, misere={self.misere})"
