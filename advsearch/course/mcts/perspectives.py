"""Trees on which the way an MCTS credits its wins decides the move it ends on: the traps of the MCTS checks.

An MCTS converges to the move that exact search would choose if every node
were decided by the player whose wins the node counts.  Crediting each node
for the player who moved into it is right (:data:`PERSPECTIVES` "mover": that
is minimax); the wrong ways let one fixed player, or the wrong player, decide.
:func:`root_moves` gives the move each way ends on, from the one oracle of
backed-up values, :meth:`Tree.values <advsearch.trees.Tree.values>` with
``decides=``; :func:`trap_trees` draws the trees on which they differ (the
graders' :func:`advsearch.grading.mcts_trees` and the self-study check
:func:`advsearch.course.mcts.implementation.check_uct` both use it).
"""

from __future__ import annotations

import random

from ... import validation
from ...game import MAX, MIN
from ...trees import Tree, tree as make_tree


#: The ways an MCTS may credit a playout's result, which decide the move it converges to: the right one first.
PERSPECTIVES = {
    "mover": "each node's wins counted for the player who moved into it, so every player picks its own best "
             "move (minimax)",
    "root": "every node's wins counted for the player at the root, as if the opponent helped it",
    "max": "every node's wins counted for MAX, whoever moves",
    "to_move": "each node's wins counted for the player to move at the node, so every player picks the move "
               "best for its opponent",
}

def decider(perspective: str, root):
    """Who decides where ``player`` moves, for an MCTS crediting wins by ``perspective`` with ``root`` at the root.

    The ``decides=`` of :meth:`Tree.values <advsearch.trees.Tree.values>`.

    >>> decider("to_move", MAX)(MAX) == MIN, decider("root", MIN)(MAX) == MIN
    (True, True)
    """
    if perspective not in PERSPECTIVES:
        raise ValueError(f"perspective must be one of {', '.join(PERSPECTIVES)}, not {perspective!r}")
    return {"mover": lambda player: player,
            "root": lambda player: root,
            "max": lambda player: MAX,
            "to_move": lambda player: MIN if player == MAX else MAX}[perspective]


def root_moves(t: Tree, perspective: str) -> set:
    """The root moves an MCTS crediting wins by ``perspective`` converges to (as exact search sees it).

    Each node is worth, for MAX, the max or the min of its children, as the
    node's decider (:func:`decider`) sees it.

    >>> t = make_tree([[1, -1], [0, 0], [-1, -1]])
    >>> root_moves(t, "mover"), root_moves(t, "max"), root_moves(t, "to_move")
    ({1}, {0}, {2})
    """
    root = t.initial_state
    values = t.values(decides=decider(perspective, root.player))
    return {i for i, child in enumerate(root.children) if values[child.path] == values[()]}


def margin(t: Tree) -> bool:
    """The minimax move is unique, and better for the root player than every other by a whole result.

    >>> margin(make_tree([[1, 1], [0, 1]])), margin(make_tree([[1, 1], [0.5, 1]]))
    (True, False)
    """
    root = t.initial_state
    sign = 1 if root.player == MAX else -1
    values = t.values()
    kids = sorted((sign * values[child.path] for child in root.children), reverse=True)
    return kids[0] - kids[1] >= 1


def results_spec(rng: random.Random, depth: int, weights, sign: int):
    """Nested lists of ``depth`` plies, 2 or 3 children a node, leaves drawn from -1, 0, +1 by ``weights``.

    ``weights`` are for the root player's loss, draw and win; ``sign`` turns
    them into MAX's utilities (-1 when MIN is at the root).
    """
    if depth == 0:
        return sign * rng.choices((-1, 0, 1), weights)[0]
    return [results_spec(rng, depth - 1, weights, sign) for _ in range(rng.randint(2, 3))]


def trap_trees(seed, n: int = 6, *, aspect: str = "convergence", salt: str = "advsearch.grading.mcts_trees") -> list:
    """The trees on which a student's MCTS is run, made from ``seed``: leaves are wins, draws and losses.

    Leaves hold MAX's utility +1, 0 or -1; trees have 3 or 4 plies and 2 or 3
    children a node.  On every tree the minimax move is unique and better
    than every other move by at least a whole result (a win against a draw,
    a draw against a loss).

    - ``aspect="convergence"``: MAX at the root, one move rich in wins and
      the others without any; crediting every win to MAX leads to the same
      move as minimax, so these trees test that the search converges more
      than its point of view (crediting each node's wins to the player to
      move there still fails: it seeks the worst move).
    - ``aspect="perspective"``: MIN at the root on half of them.  Three
      root moves: a safe draw (the minimax move), a trap (wins for the root
      player that the opponent can avoid) and a sure loss.  Every wrong way
      of crediting wins in :data:`PERSPECTIVES` ends on another move than
      minimax's, and crediting the player to move ends on another move than
      crediting a fixed player (the root player, or MAX), so the move a
      search ends on says which it uses.  Here the good move's subtree holds no win for
      the root player, only draws and losses, and the other moves hold wins
      that the opponent can avoid: traps for a search that forgets whose
      turn it is.

    ``salt`` goes into the seed of the random numbers (the graders' trees are
    pinned by theirs).

    Examples
    --------
    >>> ts = trap_trees(1)
    >>> len(ts), ts == trap_trees(1), {root_moves(t, "max") == root_moves(t, "mover") for t in ts}
    (6, True, {True})
    >>> ts = trap_trees(1, aspect="perspective")
    >>> any(root_moves(t, p) & root_moves(t, "mover") for t in ts for p in ("root", "max", "to_move"))
    False
    >>> [t.initial_state.player for t in ts] == [MAX, MIN] * 3
    True
    """
    if aspect not in ("convergence", "perspective"):
        raise ValueError(f"aspect must be 'convergence' or 'perspective', not {aspect!r}")
    validation.count("n", n)
    rng = random.Random(f"{salt}:{aspect}:{seed}")
    # (loss, draw, win) weights of the leaves below each root move, for the root player: one good move and
    # poor ones (convergence); or a safe draw, a trap with wins the opponent avoids, and a sure loss.
    roles = [(1, 3, 6), (5, 4, 0), (5, 4, 0)] if aspect == "convergence" else [(1, 5, 0), (4, 1, 4), (6, 1, 0)]
    out = []
    while len(out) < n:
        k = len(out)
        root = MIN if aspect == "perspective" and k % 2 else MAX
        sign = 1 if root == MAX else -1
        depth = 3 + (k // 2) % 2
        weights = roles[:rng.randint(2, 3)] if aspect == "convergence" else list(roles)
        rng.shuffle(weights)
        t = make_tree([results_spec(rng, depth - 1, w, sign) for w in weights], root=root)
        if not margin(t):
            continue
        moves = {p: root_moves(t, p) for p in PERSPECTIVES}
        if aspect == "convergence":
            keep = moves["max"] == moves["mover"]
        else:
            # Each wrong way ends on another move than minimax's; the root player's and MAX's point of view
            # may share moves (they are one mistake, made for a different player).
            keep = not any(moves["mover"] & moves[p] for p in ("root", "max", "to_move")) \
                and not moves["root"] & moves["to_move"]
        if keep:
            out.append(t)
    return out
