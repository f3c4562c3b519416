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
from .boards import BOARD_MARGIN, add_token, board_card, describe_board


#: The most objects a game of Nim can hold.  ``actions()`` lists one move per
#: object, so listing the moves of a position of a million objects takes 0.3 s
#: and over 100 MB; ten times as many would take seconds and gigabytes.
MAX_OBJECTS = 1_000_000


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
    The heaps hold at most :data:`MAX_OBJECTS` (a million) objects in all,
    because ``actions()`` lists one move per object.

    Examples
    --------
    >>> from advsearch import Nim, minimax
    >>> game = Nim((1, 2))
    >>> game.actions(game.initial_state)
    ((0, 1), (1, 1), (1, 2))
    >>> r = minimax(game)
    >>> r.value, r.move
    (1, (1, 1))
    >>> Nim((10**9,))
    Traceback (most recent call last):
    ...
    ValueError: Nim holds at most 1,000,000 objects in all, not 1,000,000,000: actions() lists one move per object, and a million moves already take 0.3 s and 100 MB to list
    """

    utility_range = (-1, 1)

    def __init__(self, heaps=(3, 4, 5), misere=False, first=MAX):
        heaps = tuple(heaps)
        if not heaps or any(isinstance(h, bool) or not isinstance(h, int) or h < 0 for h in heaps):
            raise ValueError(f"heaps must be a non-empty sequence of whole numbers >= 0, not {heaps!r}")
        objects = sum(heaps)
        if objects > MAX_OBJECTS:
            raise ValueError(f"Nim holds at most {MAX_OBJECTS:,} objects in all, not {objects:,}: actions() lists one "
                             "move per object, and a million moves already take 0.3 s and 100 MB to list")
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

    def draw_state(self, state, ax):
        """Draw ``state`` as rows of sticks, one row per heap, on the Axes ``ax``; return ``ax``.

        The picture fills the data square [0, 1] x [0, 1] on a light card and
        the axes are turned off.  Heap 0 is the top row.  Each heap lies in a
        pale slot, so an empty heap still shows as an empty row, and sticks
        come in groups of five so sizes can be counted at a glance.  Sticks
        are spaced for the largest heap of the game, so every board of one
        game tree is drawn to the same scale.

        Parameters
        ----------
        state : NimState
        ax : matplotlib.axes.Axes
            Where to draw; usually a small square axes placed at a tree node.

        Returns
        -------
        matplotlib.axes.Axes

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> game = Nim((1, 0, 3))
        >>> ax = Figure(figsize=(1, 1)).add_subplot()
        >>> game.draw_state(game.initial_state, ax) is ax
        True
        """
        from matplotlib.patches import FancyBboxPatch

        heaps = state.heaps
        board_card(ax)
        widest = max(max(self.heaps), max(heaps, default=0), 1)
        gaps = (widest - 1) // 5                 # half a pitch of space after every fifth stick
        span = 1 - 2 * BOARD_MARGIN
        row = min(span / len(heaps), 0.3)
        pitch = min(span / (widest + 0.5 * gaps), 0.16)
        stick_width, stick_height = 0.46 * pitch, 0.7 * row
        width = pitch * (widest + 0.5 * gaps)
        left = (1 - width) / 2
        top = 0.5 + row * len(heaps) / 2
        for i, h in enumerate(heaps):
            y = top - (i + 0.5) * row
            ax.add_artist(FancyBboxPatch((left - 0.02, y - 0.43 * row), width + 0.04, 0.86 * row,
                                         boxstyle=f"round,pad=0,rounding_size={min(0.2 * row, 0.04)}",
                                         facecolor=_SLOT, edgecolor="none", zorder=1))
            for j in range(h):
                x = left + pitch * (j + 0.5 + 0.5 * (j // 5))
                add_token(ax, x - stick_width / 2, y - stick_height / 2, stick_width, stick_height,
                          rounding=0.4 * stick_width)
        return describe_board(ax, self, state)


_SLOT = "#ebe7dc"         # the light band behind a heap's sticks
