"""Games that follow the protocol of :mod:`advsearch.game`, one module each."""

from .grundy import Grundy
from .nim import Nim
from .tictactoe import TicTacToe

__all__ = ["Grundy", "Nim", "TicTacToe"]
