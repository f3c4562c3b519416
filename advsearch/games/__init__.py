"""Games that follow the protocol of :mod:`advsearch.game`, one module each.

``Chess`` needs python-chess (the ``chess`` extra), so it is imported on first use.
"""

from .connect4 import ConnectFour
from .grundy import Grundy
from .nim import Nim
from .tictactoe import TicTacToe

__all__ = ["Chess", "ConnectFour", "Grundy", "Nim", "TicTacToe"]


def __getattr__(name):
    if name == "Chess":
        from .chess import Chess

        return Chess
    raise AttributeError(f"module 'advsearch.games' has no attribute {name!r}")
