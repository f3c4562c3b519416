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
from .boards import BOARD_MARGIN, add_token, board_card, describe_board
from .nim import check_first


#: The largest heap Grundy's game can start from.  ``actions()`` lists the
#: splits of a heap of n tokens one by one, about n/2 of them, so two million
#: tokens make a million moves, 0.2 s and 100 MB to list; ten times as many would
#: take seconds and gigabytes.
MAX_TOKENS = 2_000_000


class GrundyState(NamedTuple):
    heaps: tuple
    player: int


class Grundy(Game):
    """Grundy's game from one heap of ``n`` tokens; ``first`` says who moves first.

    The game ends when every heap has 1 or 2 tokens; the player to move then
    loses.  Utility is +1 for the winner and -1 for the loser.  ``n`` is at
    most :data:`MAX_TOKENS` (two million), because ``actions()`` lists every
    split of a heap.

    Examples
    --------
    >>> from advsearch import Grundy, minimax
    >>> game = Grundy(7)
    >>> [game.render(game.result(game.initial_state, a)) for a in game.actions(game.initial_state)]
    ['6-1', '5-2', '4-3']
    >>> minimax(game).value      # the first player loses from 7
    -1
    >>> Grundy(10**7)
    Traceback (most recent call last):
    ...
    ValueError: Grundy's game starts from at most 2,000,000 tokens, not 10,000,000: actions() lists the splits of a heap one by one, about n/2 of them, and a million moves already take 0.2 s and 100 MB to list
    """

    utility_range = (-1, 1)

    def __init__(self, n=7, first=MAX):
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a whole number of tokens >= 1, not {n!r}")
        if n > MAX_TOKENS:
            raise ValueError(f"Grundy's game starts from at most {MAX_TOKENS:,} tokens, not {n:,}: actions() lists "
                             "the splits of a heap one by one, about n/2 of them, and a million moves already take "
                             "0.2 s and 100 MB to list")
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

    def draw_state(self, state, ax):
        """Draw ``state`` as stacks of tokens side by side on the Axes ``ax``; return ``ax``.

        Like the lecture's pictures of 6-1 or 4-2-1, each heap is a column
        of tokens standing on a common base line, largest first.  Token
        height is scaled to ``n``, the heap the game starts from, so every
        board of one game tree uses the same scale.  The picture fills the
        data square [0, 1] x [0, 1] on a light card and the axes are turned
        off.

        Parameters
        ----------
        state : GrundyState
        ax : matplotlib.axes.Axes
            Where to draw; usually a small square axes placed at a tree node.

        Returns
        -------
        matplotlib.axes.Axes

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> game = Grundy(7)
        >>> ax = Figure(figsize=(1, 1)).add_subplot()
        >>> game.draw_state(game.result(game.initial_state, (7, 1)), ax) is ax
        True
        """
        from matplotlib.patches import Rectangle

        heaps = state.heaps
        board_card(ax)
        span = 1 - 2 * BOARD_MARGIN
        unit = span / max(self.n, max(heaps, default=0), 1)
        column = min(span / max(len(heaps), 1), 0.26)
        width, height = min(0.78 * column, 0.2), 0.8 * unit
        left = 0.5 - column * len(heaps) / 2
        base = BOARD_MARGIN
        ax.add_artist(Rectangle((left - 0.02, base - 0.018), column * len(heaps) + 0.04, 0.018,
                                facecolor=_BASE, edgecolor="none", zorder=1))
        for i, h in enumerate(heaps):
            x = left + (i + 0.5) * column - width / 2
            for j in range(h):
                add_token(ax, x, base + (j + 0.1) * unit, width, height, rounding=0.25 * min(width, height))
        return describe_board(ax, self, state)


_BASE = "#7a7468"         # the line the heaps stand on
