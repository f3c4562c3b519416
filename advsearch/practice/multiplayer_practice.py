"""Practice on trees of three or more players: max-n vectors, and the leaves shallow pruning never evaluates.

- :func:`maxn` asks for the max-n payoff vector of every inner node and the
  move the player at the root chooses;
- :func:`shallow` gives every payoff in [0, max_sum], the payoffs of a leaf
  summing to max_sum, and asks which leaves Korf's shallow pruning never
  evaluates, on a tree where it cuts exactly ``cuts`` times.

Players P0, P1, P2, ... move in turn, P0 at the root.  Labels and seeds
work as in :mod:`~advsearch.practice.two_player`.

Terms
-----
max-n
    a node of player p takes the child whose vector is largest in entry p,
    the first among equals;
shallow cut
    a node of q below a node of p whose best vector so far gives p the
    amount b stops once q's entry reaches max_sum − b: p can then get no
    more than b from it.

Examples
--------
>>> from advsearch import practice
>>> ex = practice.maxn(seed=1)
>>> ex.check(ex.answer_key()).ok
True
>>> ex = practice.shallow(seed=1, cuts=1)
>>> ex.check(ex.answer_key()["pruned"]).ok
True
"""

from __future__ import annotations

import random

from .. import validation
from ..search import maxn as _maxn
from ..trees import Tree, check_random_size
from . import two_player
from .common import check_branching, constant_sum, inner_labels, labelled, leaf_naming, sub_seeds
from .multiplayer_exercises import MOVE, MaxnExercise, ShallowExercise
from .random_trees import random_vector_tree


def _draws(kind, seed, shape, payoff, test):
    for _, sub in zip(range(two_player.MAX_TRIES), sub_seeds(kind, seed)):
        t = random_vector_tree(random.Random(sub), *shape, payoff)
        if test(t):
            return labelled(t)
    return None


def _check_shape(kind, seed, depth, branching, num_players):
    validation.seed(seed)
    validation.whole_number("depth", depth, least=1)
    lo, hi = check_branching(branching)
    if validation.whole_number("num_players", num_players, least=2) < 3:
        raise ValueError(f"num_players must be 3 or more (two players are minimax), not {num_players}")
    check_random_size(f"practice.{kind}(depth={depth!r}, branching={branching!r})", (lo, hi), depth,
                      max_nodes=two_player.MAX_NODES)
    return lo, hi


def _tied(t: Tree) -> bool:
    """Has some node two children that give its player the same, largest entry?"""
    values = t.values()
    for node in t.nodes():
        if node.children:
            top = [values[c.path][node.player] for c in node.children]
            if top.count(max(top)) > 1:
                return True
    return False


def maxn(seed=0, *, num_players=3, depth=3, branching=2, low=0, high=9, ties=False) -> MaxnExercise:
    """A max-n exercise: the payoff vector of every inner node, and the move at the root.

    Parameters
    ----------
    seed : int or str
        The same seed gives the same exercise, in every process.
    num_players : int
        3 or more; P0 moves at the root, then P1, P2, ... in turn.
    depth : int
        Plies.
    branching : int or (int, int)
        Children per inner node: exactly b, or lo..hi.
    low, high : int
        Every payoff is a whole number in low..high.
    ties : bool
        False: at every node one child is best for the mover.  True: at
        least one node has two (max-n takes the first).

    Returns
    -------
    MaxnExercise
        Answered by ``{"A": (p0, p1, p2), ..., "move": "B"}``.

    Raises
    ------
    ValueError
        For bad parameters (naming them), or no suitable tree within ``MAX_TRIES`` draws.

    Examples
    --------
    >>> from advsearch import practice
    >>> ex = practice.maxn(seed=0, depth=2)
    >>> print(ex.tree)
    A[B[b1=(4,6,0) b2=(8,7,1)] C[c1=(6,3,8) c2=(7,0,5)]]
    >>> ex.answer_key()
    {'A': (8, 7, 1), 'B': (8, 7, 1), 'C': (6, 3, 8), 'move': 'B'}
    """
    lo, hi = _check_shape("maxn", seed, depth, branching, num_players)
    validation.whole_number("low", low, least=-10**6)
    validation.whole_number("high", high, least=low)
    if not isinstance(ties, bool):
        raise TypeError(f"ties must be True or False, not {ties!r}")
    if ties and hi < 2:
        raise ValueError("ties=True needs a node with two or more children: raise branching")
    if not ties and low == high and hi >= 2:
        raise ValueError(f"ties=False needs different payoffs, but low = high = {low}")

    def payoff(rng):
        return tuple(rng.randint(low, high) for _ in range(num_players))

    t = _draws("maxn", seed, (depth, lo, hi, num_players), payoff, lambda t: _tied(t) == ties)
    if t is None:
        raise ValueError(f"no random tree met ties={ties} in {two_player.MAX_TRIES} tries from seed {seed!r}; "
                         "widen low..high or change the branching")
    settings = dict(num_players=num_players, depth=depth, branching=branching, low=low, high=high, ties=ties)
    question = (f"Compute the max-n payoff vector of every inner node ({', '.join(inner_labels(t))}) of this "
                f"{num_players}-player tree: P0 moves at the root, then P1, ..., in turn, and each player takes "
                "the child best in its own entry (the first among equals).\n"
                "Then say where P0 moves at the root. Answer with a dict from label to vector, and the move: "
                "answer = {\"A\": (..., ..., ...), \"B\": ..., ..., \"move\": \"B\"}.")
    return MaxnExercise(t, "maxn", question, seed=seed, settings=settings)


def shallow(seed=0, *, cuts=1, max_sum=10, num_players=3, depth=3, branching=2) -> ShallowExercise:
    """A shallow-pruning exercise: the leaves max-n with Korf's shallow pruning never evaluates.

    Parameters
    ----------
    seed : int or str
        The same seed gives the same exercise, in every process.
    cuts : int
        Exactly this many shallow cuts (prune events) in the search.
    max_sum : int
        Every payoff is a whole number in [0, max_sum], and the payoffs of each
        leaf add up to exactly max_sum (a constant-sum game).
    num_players, depth, branching
        As in :func:`maxn`.

    Returns
    -------
    ShallowExercise
        With ``bounds == (0, max_sum)`` and ``max_sum``.

    Raises
    ------
    ValueError
        For bad parameters (naming them), more cuts than the tree has inner
        nodes below the root, or no suitable tree within ``MAX_TRIES`` draws.

    Examples
    --------
    >>> from advsearch import practice, maxn
    >>> ex = practice.shallow(seed=0, cuts=2)
    >>> r = maxn(ex.tree, pruning="shallow", bounds=(0, 10), max_sum=10, trace=True)
    >>> r.stats.prunes, len(ex.answer_key()["pruned"]) == len(r.trace.unvisited_leaves())
    (2, True)
    """
    lo, hi = _check_shape("shallow", seed, depth, branching, num_players)
    validation.whole_number("cuts", cuts, least=0)
    validation.count("max_sum", max_sum)
    if cuts and (hi < 2 or depth < 2):
        raise ValueError(f"a shallow cut needs a node with two or more children below the root: depth >= 2 and "
                         f"branching >= 2, not depth={depth}, branching={branching!r}")
    most = sum(hi ** level for level in range(1, depth))
    if cuts > most:
        raise ValueError(f"cuts={cuts} is impossible: a tree of depth {depth} with at most {hi} children a node "
                         f"has at most {most} inner nodes below the root")

    def fits(t):
        return len(_maxn(t, pruning="shallow", bounds=(0, max_sum), max_sum=max_sum, trace=True).trace.prunes()) == cuts

    t = _draws("shallow", seed, (depth, lo, hi, num_players), lambda r: constant_sum(r, num_players, max_sum), fits)
    if t is None:
        raise ValueError(f"no random tree of depth {depth} and branching {branching!r} made shallow pruning cut "
                         f"{cuts} times in {two_player.MAX_TRIES} tries from seed {seed!r}; ask for fewer cuts or "
                         "a bigger tree")
    t.utility_range = (0, max_sum)
    t.max_sum = max_sum
    settings = dict(cuts=cuts, max_sum=max_sum, num_players=num_players, depth=depth, branching=branching)
    question = (f"Every payoff lies in [0, {max_sum}] and the payoffs of each leaf add up to {max_sum}. Run max-n "
                f"with Korf's shallow pruning on this {num_players}-player tree (P0 at the root, then P1, ...), "
                "children left to right: a node of player q below a node of player p stops as soon as q's entry "
                f"reaches {max_sum} − (p's best entry so far at the parent).\n"
                f"Which leaves does it never evaluate? Answer with a list of leaf labels ({leaf_naming(t)}); "
                "answer = [] says nothing is pruned.")
    return ShallowExercise(t, "shallow", question, seed=seed, settings=settings, max_sum=max_sum)
