"""Grundy's game: split one heap into two unequal, non-empty heaps; who cannot move loses.

State format
    ``GrundyState(heaps, player)``: ``heaps`` is a tuple of heap sizes sorted
    from largest to smallest (so equal positions are equal states), ``player``
    is MAX (0) or MIN (1), whoever moves next.

Action format
    ``(h, k)``: split a heap of size ``h`` into ``h - k`` and ``k``, with
    ``1 <= k < h - k``.  ``actions()`` lists them heap by heap from the largest,
    each with increasing ``k``; from 7 that is 6-1, 5-2, 4-3.
"""

from __future__ import annotations

from typing import NamedTuple

from ..game import MAX, MIN, Game, GameError, IllegalMoveError, player_name
from .nim import check_first

__all__ = ["Grundy", "GrundyState"]


class GrundyState(NamedTuple):
    heaps: tuple
    player: int


class Grundy(Game):
    """Grundy's game from one heap of ``n`` tokens; ``first`` says who moves first.

    The game ends when every heap has 1 or 2 tokens; the player to move then
    loses.  Utility is +1 for the winner and -1 for the loser.

    Examples
    --------
    >>> from advsearch import Grundy, minimax
    >>> game = Grundy(7)
    >>> [game.render(game.result(game.initial_state, a)) for a in game.actions(game.initial_state)]
    ['6-1', '5-2', '4-3']
    >>> minimax(game).value      # the first player loses from 7
    -1
    """

    def __init__(self, n=7, first=MAX):
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a whole number of tokens >= 1, not {n!r}")
        self.n, self.first = n, check_first(first)
        self.initial_state = GrundyState((n,), self.first)

    def to_move(self, state):
        return state.player

    def actions(self, state):
        sizes = sorted(set(state.heaps), reverse=True)
        return tuple((h, k) for h in sizes for k in range(1, (h + 1) // 2))

    def result(self, state, action):
        try:
            h, k = action
            ok = h in state.heaps and 1 <= k < h - k
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise IllegalMoveError(
                f"{action!r} is not a legal split of heaps {self.render(state)}: an action (h, k) "
                "splits a heap of size h into h-k and k, with 1 <= k < h-k"
            )
        heaps = list(state.heaps)
        heaps.remove(h)
        heaps += [h - k, k]
        return GrundyState(tuple(sorted(heaps, reverse=True)), MIN if state.player == MAX else MAX)

    def is_terminal(self, state):
        return all(h <= 2 for h in state.heaps)

    def utility(self, state, player):
        if not self.is_terminal(state):
            raise GameError(f"utility of a Grundy position that is not over: {self.render(state)}")
        return -1 if player == state.player else 1

    def render(self, state):
        return "-".join(map(str, state.heaps))

    def __repr__(self):
        first = "" if self.first == MAX else f", first={player_name(self.first)}"
        return f"Grundy({self.n}{first})"
