"""Games that follow the protocol of :mod:`advsearch.game`, one module each.

Pig, Piglet and Hypergammon have chance nodes (dice and a coin); Virus and
ChineseCheckers are for any number of players.
``Chess`` needs python-chess (the ``chess`` extra), so it is imported on first use;
so are Pig's solver names (``hold_at``, ``optimal_pig``, ``optimal_piglet``, from
:mod:`advsearch.games.pig.solver`), which need numpy.
"""

from .chinese_checkers import ChineseCheckers
from .connect4 import ConnectFour
from .grundy import Grundy
from .hypergammon import Hypergammon
from .nim import Nim
from .pig import Pig, Piglet
from .tictactoe import TicTacToe
from .virus import Virus

__all__ = ["Chess", "ChineseCheckers", "ConnectFour", "Grundy", "Hypergammon", "Nim", "Pig", "Piglet",
           "TicTacToe", "Virus", "hold_at", "optimal_pig", "optimal_piglet"]

#: Names loaded on first use: name -> the module of this package that defines it.
_ON_FIRST_USE = {"Chess": "chess", "hold_at": "pig.solver", "optimal_pig": "pig.solver",
                 "optimal_piglet": "pig.solver"}


def __getattr__(name):
    if name in _ON_FIRST_USE:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_ON_FIRST_USE[name]}"), name)
    raise AttributeError(f"module 'advsearch.games' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_ON_FIRST_USE))
