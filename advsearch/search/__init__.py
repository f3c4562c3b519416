"""Search algorithms, one module per family, written to read like the lecture's pseudocode."""

from .alphabeta import alphabeta
from .base import BudgetExceeded
from .deepening import iterative_deepening
from .expectimax import RandomOpponent, expectimax, expectiminimax
from .minimax import minimax
from .ordering import Chain, History, Killers, PVMove, Static
from .solve import solve
from .maxn import maxn
from .paranoid import ParanoidGame, paranoid
from .brs import ADS_RULES, BestReplyGame, ThreatADS, best_reply
from .transposition import TranspositionTable
from .mcts import flat_monte_carlo, mcts, mcts_tree

__all__ = ["alphabeta", "minimax", "iterative_deepening", "solve", "BudgetExceeded",
           "expectimax", "expectiminimax", "RandomOpponent",
           "TranspositionTable", "Static", "PVMove", "Killers", "History", "Chain",
           "maxn", "paranoid", "best_reply", "ParanoidGame", "BestReplyGame", "ThreatADS", "ADS_RULES",
           "mcts", "flat_monte_carlo", "mcts_tree"]
