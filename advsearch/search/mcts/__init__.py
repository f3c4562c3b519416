"""Monte Carlo methods: flat Monte Carlo and Monte Carlo tree search (UCT), with an optional MCTS-Solver.

Flat Monte Carlo plays a fixed number of random games after each legal move
and takes the move with the best mean payoff.  UCT grows a tree from the
root, one node per iteration, in four steps (the methods of :class:`UCT`):

1. **select**: from the root, while every child has been tried, go to the child with the largest
   UCB1 value  Q(child) + c * sqrt(ln N(node) / N(child));
2. **expand**: add one untried child (the first in ``actions()`` order);
3. **rollout**: play uniformly random moves from it to the end of the game
   (or call the ``rollout=`` given, say an evaluation function);
4. **backup**: every node on the path adds 1 to N and the playout's payoff to W.

Perspective.  A node keeps W, the sum of the payoffs of *the player who moved
into it* (the player to move at its parent).  The parent picks among its
children by their W / N, so MAX maximises MAX's payoff, MIN maximises MIN's
and, with ``n`` players, each player its own entry of the payoff vector:
a playout's payoffs for every player are backed up, each node taking the
entry of its mover.  Q is W / N scaled to [0, 1] (a win rate) with the
utility bounds, so that UCB1's guarantee holds and c = sqrt(2) is Auer et
al.'s constant.

Chance nodes are not chosen but sampled: selection draws an outcome with its
probability, as does the rollout.

The parts: :mod:`.rollouts` (random playouts and other rollouts),
:mod:`.flat` (flat Monte Carlo), :mod:`.tree` (the search tree and its
snapshots), :mod:`.trace` (the events of a run) and :mod:`.uct` (the search).
``advsearch.draw`` draws an MCTS result or snapshot like every other tree.

References
----------
Auer, P., Cesa-Bianchi, N. and Fischer, P. (2002). Finite-time analysis of the
multiarmed bandit problem. *Machine Learning* 47, 235-256.  (UCB1.)

Kocsis, L. and Szepesvári, C. (2006). Bandit based Monte-Carlo planning.
*ECML 2006*, LNCS 4212, 282-293.  (UCT.)

Winands, M. H. M., Björnsson, Y. and Saito, J.-T. (2008). Monte-Carlo tree
search solver. *Computers and Games 2008*, LNCS 5131, 25-36.  (MCTS-Solver.)

Browne, C. et al. (2012). A survey of Monte Carlo tree search methods. *IEEE
Transactions on Computational Intelligence and AI in Games* 4(1), 1-43.
"""

from __future__ import annotations

from .flat import flat_monte_carlo
from .rollouts import PLAYOUT_LIMIT, evaluation_rollout, final_payoffs, playout, random_rollout
from .trace import MCTS_EVENT_KINDS, MCTSTrace
from .tree import EdgeStats, MCTSResult, TreeSnapshot
from .uct import FINALS, UCT, mcts

__all__ = ["mcts", "flat_monte_carlo", "mcts_tree", "MCTSResult", "MCTSTrace", "TreeSnapshot",
           "EdgeStats", "MCTS_EVENT_KINDS", "FINALS", "UCT", "playout", "random_rollout", "evaluation_rollout",
           "final_payoffs", "PLAYOUT_LIMIT"]


def mcts_tree(result, iteration=None) -> TreeSnapshot:
    """The tree of an :func:`mcts` result after ``iteration`` iterations (None: the final tree).

    It is the snapshot kept with ``snapshots=[...]``, the final tree, or,
    for a search run with ``trace=True``, the tree rebuilt from the trace.

    >>> from advsearch import TicTacToe, mcts
    >>> game = TicTacToe()
    >>> r = mcts(game, game.state("XX./OO./..."), iterations=50, snapshots=[10], seed=0)
    >>> mcts_tree(r, 10)
    <TreeSnapshot after 10 iterations: 8 nodes>
    >>> mcts_tree(r).nodes[(2,)].N > 10
    True
    >>> mcts_tree(r, 20)
    Traceback (most recent call last):
    ...
    ValueError: no snapshot after 20 iterations; this result kept [10, 50]: pass snapshots=[20] to mcts, \
or trace=True to keep every iteration
    """
    tree = getattr(result, "tree", None)
    if not isinstance(tree, TreeSnapshot):
        raise TypeError(f"mcts_tree needs the result of mcts, not {type(result).__name__}")
    if iteration is None:
        return tree
    total = tree.iteration
    if isinstance(iteration, bool) or not isinstance(iteration, int) or not -total - 1 <= iteration <= total:
        raise ValueError(f"this search ran {total} iterations: the iteration must be a whole number in 0..{total} "
                         f"(or -{total + 1}..-1 from the end), not {iteration!r}")
    iteration %= total + 1
    snaps = result.snapshots
    if iteration in snaps:
        return snaps[iteration]
    if iteration == total:
        return tree
    if isinstance(result.trace, MCTSTrace):
        return result.trace.tree(iteration)
    kept = sorted([*snaps, total])
    raise ValueError(f"no snapshot after {iteration} iterations; this result kept {kept}: pass "
                     f"snapshots=[{iteration}] to mcts, or trace=True to keep every iteration")

