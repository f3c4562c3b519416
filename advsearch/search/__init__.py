"""Search algorithms, one module per family, written to read like the lecture's pseudocode."""

from .alphabeta import alphabeta
from .minimax import minimax

__all__ = ["alphabeta", "minimax"]
