"""Games that follow the protocol of :mod:`advsearch.game`, one module each.

Pig, Piglet and Hypergammon have chance nodes (dice and a coin); Virus and
ChineseCheckers are for any number of players.
``Chess`` needs python-chess (the ``chess`` extra), so it is imported on first use.
"""

from .chinese_checkers import ChineseCheckers
from .connect4 import ConnectFour
from .grundy import Grundy
from .hypergammon import Hypergammon
from .nim import Nim
from .pig import Pig, Piglet, hold_at, optimal_pig, optimal_piglet
from .tictactoe import TicTacToe
from .virus import Virus

__all__ = ["Chess", "ChineseCheckers", "ConnectFour", "Grundy", "Hypergammon", "Nim", "Pig", "Piglet",
           "TicTacToe", "Virus", "hold_at", "optimal_pig", "optimal_piglet"]


def __getattr__(name):
    if name == "Chess":
        from .chess import Chess

        return Chess
    raise AttributeError(f"module 'advsearch.games' has no attribute {name!r}")
