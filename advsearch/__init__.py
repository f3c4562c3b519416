"""advsearch: a teaching kit for adversarial search.

The public API, re-exported from the modules that define it:

- the game protocol: :class:`Game`, ``MAX``, ``MIN``, ``CHANCE`` and the errors;
- explicit game trees: :func:`tree`, :func:`parse`, :func:`random_tree`;
- searches: :func:`minimax`, :func:`alphabeta` (with depth, cut-off tests,
  quiescence, move ordering and transposition tables), :func:`iterative_deepening`
  and :func:`solve`, each returning a :class:`SearchResult`;
- games with chance: :func:`expectimax` and :func:`expectiminimax` (with
  Ballard's Star1 and Star2 pruning);
- games of more players: :func:`maxn` (with shallow pruning), :func:`paranoid`
  and :func:`best_reply` (with :class:`ThreatADS` ordering);
- games: :class:`TicTacToe`, :class:`Nim`, :class:`Grundy`, :class:`ConnectFour`,
  with chance :class:`Pig`, :class:`Piglet`, :class:`Hypergammon`, and for
  more players :class:`Virus`, :class:`ChineseCheckers` (``games.Chess`` needs
  the ``chess`` extra);
- the lectures' worked examples: :mod:`advsearch.examples`;
- exercises: :mod:`advsearch.check` (answer checkers that say where an answer
  goes wrong) and :mod:`advsearch.practice` (seeded practice trees);
- drawing: :func:`draw`, :func:`draw_frames`, :func:`frames`, :func:`to_tikz`.

>>> import advsearch as ads
>>> r = ads.alphabeta(ads.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> r.value, r.stats.leaves
(3, 7)
"""

from . import agents, arena, check, evaluation, examples, learning, practice
from .arena import GameRecord, MatchResult, TournamentResult, match, play, tournament
from .game import CHANCE, MAX, MIN, Game, GameError, IllegalMoveError, InvalidTreeError
from .games import ChineseCheckers, ConnectFour, Grundy, Hypergammon, Nim, Pig, Piglet, TicTacToe, Virus
from .result import Event, SearchResult, Stats, Trace
from .search import BudgetExceeded, TranspositionTable, alphabeta, iterative_deepening, minimax, solve
from .search import expectimax, expectiminimax
from .search import ThreatADS, best_reply, maxn, paranoid
from .search import flat_monte_carlo, mcts, mcts_tree
from .trees import Node, Tree, chance, parse, random_tree, tree
from .drawing.frames import Frame, frames
from .drawing.tikz import to_tikz
from .drawing.mpl import draw, draw_frames

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "MAX", "MIN", "Game", "GameError", "IllegalMoveError", "InvalidTreeError",
    "ChineseCheckers", "ConnectFour", "Grundy", "Hypergammon", "Nim", "Pig", "Piglet", "TicTacToe", "Virus",
    "Event", "SearchResult", "Stats", "Trace",
    "alphabeta", "minimax", "iterative_deepening", "solve", "TranspositionTable", "BudgetExceeded",
    "expectimax", "expectiminimax",
    "maxn", "paranoid", "best_reply", "ThreatADS",
    "mcts", "flat_monte_carlo", "mcts_tree",
    "Node", "Tree", "chance", "parse", "random_tree", "tree",
    "Frame", "frames", "draw", "draw_frames", "to_tikz",
    "check", "evaluation", "examples", "practice",
    "agents", "arena", "learning", "play", "match", "tournament", "GameRecord", "MatchResult", "TournamentResult",
]
