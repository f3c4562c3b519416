"""The trees of the MCTS questions, on which the way an MCTS credits its wins decides the move it ends on.

An MCTS converges to the move that exact search would choose if every node
were decided by the player whose wins the node counts.  Crediting each node
for the player who moved into it is right (:data:`PERSPECTIVES` "mover": that
is minimax); the wrong ways let one fixed player, or the wrong player, decide.

The logic lives in :mod:`advsearch.course.mcts.perspectives`, which the
self-study check of an MCTS shares; this module gives the graders' trees,
:func:`mcts_trees`, pinned by their seed.
"""

from __future__ import annotations

from ... import validation
from .perspectives import trap_trees


def mcts_trees(seed, n: int = 6, *, aspect: str = "convergence") -> list:
    """The trees on which a student's MCTS is graded, made from ``seed``: leaves are wins, draws and losses.

    :func:`~advsearch.course.mcts.perspectives.trap_trees` with the graders'
    pinned random numbers; see it for the two aspects.

    Examples
    --------
    >>> from advsearch.course.mcts.perspectives import root_moves
    >>> ts = mcts_trees(1)
    >>> len(ts), ts == mcts_trees(1), {root_moves(t, "max") == root_moves(t, "mover") for t in ts}
    (6, True, {True})
    >>> ts = mcts_trees(1, aspect="perspective")
    >>> any(root_moves(t, p) & root_moves(t, "mover") for t in ts for p in ("root", "max", "to_move"))
    False
    """
    if aspect not in ("convergence", "perspective"):
        raise ValueError(f"aspect must be 'convergence' or 'perspective', not {aspect!r}")
    validation.count("n", n)
    return trap_trees(seed, n, aspect=aspect)
